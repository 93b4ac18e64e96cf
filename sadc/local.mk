# sadc/: the collector, sadc, and the /proc and /sys collectors it samples with.

sadc_PROGRAMS += sadc/sadc
sadc_sadc_SOURCES = sadc/main.c sadc/sample.c sadc/output.c sadc/sadc.h \
	sadc/notify.c sadc/notify.h sadc/skim.c
# sadc reads no archive (compressed input is refused by its header check): no codec library.
sadc_sadc_LDADD = sadc/libcollect.a common/libsysrec.a
# sa1 and sa2, the scripts that run sadc and sar for the timers and cron,
# beside sadc; made from their templates with the other installed files
# (conf/local.mk).
sadc_SCRIPTS = sadc/sa1 sadc/sa2

# The /proc and /sys collectors serve sadc (and the live endpoint, which samples as
# sadc does): they live with sadc, not in the format library every program links.
# collect_cgroup.c: the cgroup collector of sadc -S CGROUP (sysrec's cgroups in
# extension records). collect_proc.c: the process collector of sadc -S PROCESS;
# top.c: the selection of -S TOP.
# Their unit tests and fuzz targets are in tests/unit/ and tests/fuzz/.
noinst_LIBRARIES += sadc/libcollect.a
sadc_libcollect_a_SOURCES = sadc/collect.c sadc/collect.h \
	sadc/collect_cpu.c sadc/collect_cpu.h sadc/collect_disk.c sadc/collect_disk.h \
	sadc/collect_mem.c sadc/collect_mem.h sadc/collect_net.c sadc/collect_net.h \
	sadc/collect_power.c sadc/collect_power.h \
	sadc/collect_cgroup.c sadc/collect_cgroup.h \
	sadc/collect_proc.c sadc/collect_proc.h sadc/top.c sadc/top.h
