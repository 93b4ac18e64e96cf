# The installed data: the configuration (conf/), the systemd units
# (systemd/) and the manual pages (man/), those of sysstat-metrics included,
# with sadc's scripts sa1 and sa2 (sadc/local.mk) made from their templates
# the same way; the daily files' directory.

# These carry installation paths, so they are made from their .in templates
# at make time, when the paths are final ("make prefix=..." may change them).
sysstatconfdir = $(sysconfdir)/sysstat
sysstatconf_DATA = conf/sysstat
defaultdir = $(sysconfdir)/default
dist_default_DATA = conf/default/sysstat
man_MANS = man/sar.1 man/sadf.1 man/sysstat.5 man/sadc.8 man/sa1.8 man/sa2.8 \
	man/sysstat-metrics.8 $(LIVE_MANS)
SYSREC_UNITS = systemd/sysstat.service \
	systemd/sysstat-collect.service systemd/sysstat-collect.timer \
	systemd/sysstat-summary.service systemd/sysstat-summary.timer \
	systemd/sysstat-rotate.service systemd/sysstat-rotate.timer \
	systemd/sysstat-collect-daemon.service \
	systemd/sysstat-metrics.socket systemd/sysstat-metrics@.service
if HAVE_SYSTEMD_UNITS
systemdsystemunit_DATA = $(SYSREC_UNITS)
systemdsleep_SCRIPTS = systemd/sysstat.sleep
endif
SYSREC_GENERATED = $(sadc_SCRIPTS) $(sysstatconf_DATA) $(man_MANS) $(SYSREC_UNITS) \
	systemd/sysstat.sleep
SYSREC_TEMPLATES = $(SYSREC_GENERATED:=.in)
sysrec_edit = $(SED) \
	-e 's|@SA_DIR[@]|$(SA_DIR)|g' \
	-e 's|@sadcdir[@]|$(sadcdir)|g' \
	-e 's|@bindir[@]|$(bindir)|g' \
	-e 's|@sysconfdir[@]|$(sysconfdir)|g' \
	-e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	-e 's|@SYSREC_COMPAT[@]|$(SYSREC_COMPAT)|g' \
	$(sysrec_flavour_edit)
# Template lines that start with @IF_1275@ or @IF_1261@ are kept (without the
# mark) only in the files of that flavour (configure --with-compat).
if COMPAT_1275
sysrec_flavour_edit = -e '/^@IF_1261[@]/d' -e 's/^@IF_1275[@]//'
else
sysrec_flavour_edit = -e '/^@IF_1275[@]/d' -e 's/^@IF_1261[@]//'
endif
# The units share one sandbox, systemd/sandbox.inc, put in place of @SANDBOX@.
$(SYSREC_GENERATED): Makefile $(SYSREC_TEMPLATES) systemd/sandbox.inc
	$(AM_V_GEN)$(MKDIR_P) $(@D) && rm -f $@ $@.tmp && \
	$(SED) -e '/^@SANDBOX@$$/r $(srcdir)/systemd/sandbox.inc' -e '/^@SANDBOX@$$/d' \
		$(srcdir)/$@.in | $(sysrec_edit) >$@.tmp && \
	case $@ in sadc/sa[12] | *.sleep) chmod +x $@.tmp ;; esac && mv $@.tmp $@
CLEANFILES += $(SYSREC_GENERATED)
EXTRA_DIST += $(SYSREC_TEMPLATES) systemd/sandbox.inc

# The daily files' directory belongs to the package, as in Debian's.
install-data-local:
	$(MKDIR_P) '$(DESTDIR)$(SA_DIR)'
uninstall-local:
	-rmdir '$(DESTDIR)$(SA_DIR)' 2>/dev/null

# distcheck installs as a user: keep the units and the data directory in its prefix.
AM_DISTCHECK_CONFIGURE_FLAGS = \
	--with-systemdsystemunitdir=$$dc_install_base/lib/systemd/system \
	--with-sa-dir=$$dc_install_base/var/log/sysstat
