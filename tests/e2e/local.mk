# tests/e2e/: the end-to-end tests, the tools they build and run (tests/tools/)
# and the inputs they read (tests/fixtures/, tests/expected/).

# Every end-to-end test, run and shipped from this one list. "make check -j2"
# starts the tests in list order, so the slowest (measured) come first, the
# others after them; Makefile.am includes this fragment before tests/fuzz/'s
# and tests/unit/'s, whose quick tests start last. Some, by what they test:
#   sar_use_who: sar --use names the biggest processes and cgroups of each episode.
#   sar_use_cgroup: sar --use judges each cgroup against its limits and counts
#     OOM kills.
#   newcomer, readme_deps: the README's main job as a newcomer runs it, in a
#     fresh minimal Debian 12, and the README's quotes of the packages it installs.
#   ext_compat: sysstat's programs print the same with and without sysrec's
#     extension records (processes, cgroups).
#   metrics_live: the live endpoint (sysstat-metrics).
#   history_window: windows across days: dated -s/-e over several daily files
#     (common/history.c).
#   old_formats: old formats 0x2171 and 0x2173 read directly and converted by
#     sadf -c.
E2E_TESTS = \
	tests/e2e/sar_engine.sh \
	tests/e2e/sar_disk.sh \
	tests/e2e/sadf_header_diff.sh \
	tests/e2e/sar_net.sh \
	tests/e2e/sadf_disk.sh \
	tests/e2e/sar_mem.sh \
	tests/e2e/openmetrics_backfill.sh \
	tests/e2e/install_sa.sh \
	tests/e2e/systemd_units.sh \
	tests/e2e/systemd_container.sh \
	tests/e2e/newcomer.sh \
	tests/e2e/sadf_engine.sh \
	tests/e2e/sadf_valid.sh \
	tests/e2e/sadf_svg.sh \
	tests/e2e/sar_use.sh \
	tests/e2e/sar_use_load.sh tests/e2e/story_history.sh \
	tests/e2e/sadf_raw.sh \
	tests/e2e/corpus_walk.sh \
	tests/e2e/corruption.sh \
	tests/e2e/sadc_fixture.sh \
	tests/e2e/sadc_append.sh \
	tests/e2e/sadc_cli.sh \
	tests/e2e/sar_live.sh \
	tests/e2e/follow.sh \
	tests/e2e/sar_cpu.sh \
	tests/e2e/sar_power.sh \
	tests/e2e/sar_locale.sh \
	tests/e2e/sadc_notify.sh \
	tests/e2e/man_pages.sh \
	tests/e2e/sadf_mem.sh \
	tests/e2e/sar_xstats.sh \
	tests/e2e/sadf_cpu.sh \
	tests/e2e/sadf_power.sh \
	tests/e2e/sadf_net.sh \
	tests/e2e/sar_use_who.sh \
	tests/e2e/sar_use_cgroup.sh \
	tests/e2e/sadc_faults.sh \
	tests/e2e/readme_deps.sh \
	tests/e2e/sar_anomalies.sh \
	tests/e2e/sadf_anomalies.sh \
	tests/e2e/scale.sh \
	tests/e2e/expected_outputs.sh \
	tests/e2e/om_check_selftest.sh \
	tests/e2e/metrics_live.sh \
	tests/e2e/openmetrics_promql.sh \
	tests/e2e/sar_cgroup.sh \
	tests/e2e/sadf_who.sh \
	tests/e2e/ext_compat.sh \
	tests/e2e/sar_proc.sh \
	tests/e2e/history_window.sh \
	tests/e2e/compressed.sh \
	tests/e2e/old_formats.sh \
	tests/e2e/live_harness.sh
TESTS += $(E2E_TESTS)

# What the tests need besides:
#   tests/fixtures/: what the tests source to build their inputs: not tests
#     themselves, so that every tests/e2e/*.sh is one.
#   tests/expected/: the oracle's outputs kept in the tree, so that machines
#     without sysstat still compare: our sar and sadf against them without the
#     oracle (expected_outputs.sh); regen_expected.sh writes them from the
#     oracles (oracle_1275.sh fetches sysstat 12.7.5).
#   om_check.py: OpenMetrics export: the strict checker of the expositions
#     (om_check_selftest.sh is its self-test).
#   fault_shim.c: see check_DATA below.
EXTRA_DIST += $(E2E_TESTS) \
	tests/fixtures/archives_disk.sh tests/fixtures/archives_net.sh \
	tests/fixtures/archives_power.sh tests/fixtures/anomaly_roots.sh tests/fixtures/naming_ns.sh \
	tests/expected tests/tools/regen_expected.sh tests/tools/oracle_1275.sh \
	tests/tools/om_check.py tests/tools/use_check.py tests/tools/debian_tree.sh \
	tests/tools/sa_strip_ext.py tests/tools/cgroup_fixture.py tests/tools/fault_shim.c \
	tests/tools/compare_builds.sh \
	tests/tools/livefix.c tests/tools/live_run.sh tests/tools/live_seq.py \
	tests/tools/live_upstream.py tests/live_lib.sh tests/live.md

# The tests' own programs: sa_walk walks archives, sa_make and use_make write
# them, notify_listen plays systemd's side of sd_notify(3).
check_PROGRAMS += tests/tools/sa_walk tests/tools/sa_make tests/tools/use_make \
	tests/tools/notify_listen
tests_tools_sa_walk_SOURCES = tests/tools/sa_walk.c
tests_tools_sa_make_SOURCES = tests/tools/sa_make.c
tests_tools_sa_make_LDADD = $(LDADD) $(CODEC_LIBS)
tests_tools_use_make_SOURCES = tests/tools/use_make.c
tests_tools_notify_listen_SOURCES = tests/tools/notify_listen.c

# sadc_faults.sh preloads a fault shim in front of sadc. It is built for the
# tests only: without libtool (not wired into configure.ac) and without the
# sanitizers (an ASan program takes it after the ASan runtime).
check_DATA += tests/tools/fault_shim.so
tests/tools/fault_shim.so: tests/tools/fault_shim.c
	$(AM_V_CC)$(MKDIR_P) $(@D) && $(CC) $(AM_CPPFLAGS) $(CPPFLAGS) $(WARN_CFLAGS) $(CFLAGS) \
		-fPIC -shared -o $@ $(srcdir)/tests/tools/fault_shim.c -ldl
CLEANFILES += tests/tools/fault_shim.so
# The live tools' tests run Debian's iostat/mpstat/... and ours over the same
# snapshots of /proc, /sys and /dev with a pinned clock (tests/live.md).
check_DATA += tests/tools/livefix.so
tests/tools/livefix.so: tests/tools/livefix.c
	$(AM_V_CC)$(MKDIR_P) $(@D) && $(CC) $(AM_CPPFLAGS) $(CPPFLAGS) $(WARN_CFLAGS) $(CFLAGS) \
		-fPIC -shared -o $@ $(srcdir)/tests/tools/livefix.c -ldl
CLEANFILES += tests/tools/livefix.so
# The build of the other flavour that install_sa, systemd_units and man_pages
# share (tests/lib.sh flavour_builddir).
clean-local:
	-rm -rf tests/flavour-12.6.1 tests/flavour-12.6.1.lock tests/flavour-12.7.5 tests/flavour-12.7.5.lock
