# tests/unit/: the Check unit tests, one program per module (configure finds
# Check, or they are left out).

if HAVE_CHECK
UNIT_TESTS = tests/unit/test_activity tests/unit/test_layout tests/unit/test_archive \
	tests/unit/test_collect_cpu tests/unit/test_collect_mem tests/unit/test_collect_disk \
	tests/unit/test_collect_net tests/unit/test_collect_power tests/unit/test_numfmt \
	tests/unit/test_om tests/unit/test_outbuf tests/unit/test_strbuf tests/unit/test_who \
	tests/unit/test_collect_proc tests/unit/test_top tests/unit/test_collect_cgroup \
	tests/unit/test_history tests/unit/test_source
check_PROGRAMS += $(UNIT_TESTS)
TESTS += $(UNIT_TESTS)

# Automake takes flags per program, not per list: each test names these,
# the flags every unit test shares (Check's), and adds its own.
UNIT_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
UNIT_LDADD = $(LDADD) $(CHECK_LIBS)
tests_unit_test_activity_SOURCES = tests/unit/test_activity.c
tests_unit_test_activity_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_activity_LDADD = $(UNIT_LDADD)

tests_unit_test_layout_SOURCES = tests/unit/test_layout.c
tests_unit_test_layout_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_layout_LDADD = $(UNIT_LDADD)

tests_unit_test_archive_SOURCES = tests/unit/test_archive.c
tests_unit_test_archive_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_archive_LDADD = $(UNIT_LDADD) $(CODEC_LIBS)

tests_unit_test_collect_cpu_SOURCES = tests/unit/test_collect_cpu.c tests/unit/fixture.c tests/unit/fixture.h
tests_unit_test_collect_cpu_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_collect_cpu_LDADD = sadc/libcollect.a $(UNIT_LDADD)

tests_unit_test_collect_mem_SOURCES = tests/unit/test_collect_mem.c tests/unit/fixture.c tests/unit/fixture.h
tests_unit_test_collect_mem_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_collect_mem_LDADD = sadc/libcollect.a $(UNIT_LDADD)

tests_unit_test_collect_disk_SOURCES = tests/unit/test_collect_disk.c tests/unit/fixture.c tests/unit/fixture.h
tests_unit_test_collect_disk_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_collect_disk_LDADD = sadc/libcollect.a $(UNIT_LDADD)

tests_unit_test_collect_net_SOURCES = tests/unit/test_collect_net.c tests/unit/fixture.c tests/unit/fixture.h
tests_unit_test_collect_net_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_collect_net_LDADD = sadc/libcollect.a $(UNIT_LDADD)

tests_unit_test_collect_power_SOURCES = tests/unit/test_collect_power.c tests/unit/fixture.c tests/unit/fixture.h
tests_unit_test_collect_power_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_collect_power_LDADD = sadc/libcollect.a $(UNIT_LDADD)

tests_unit_test_numfmt_SOURCES = tests/unit/test_numfmt.c
tests_unit_test_numfmt_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_numfmt_LDADD = $(UNIT_LDADD) -lm

tests_unit_test_om_SOURCES = tests/unit/test_om.c
tests_unit_test_om_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_om_LDADD = $(METRICS_LIBS) $(UNIT_LDADD)

tests_unit_test_outbuf_SOURCES = tests/unit/test_outbuf.c
tests_unit_test_outbuf_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_outbuf_LDADD = $(UNIT_LDADD)
tests_unit_test_strbuf_SOURCES = tests/unit/test_strbuf.c
tests_unit_test_strbuf_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_strbuf_LDADD = $(UNIT_LDADD)

# sar --proc and --cgroup: the rows shared with sadf and sar --use, the text views.
tests_unit_test_who_SOURCES = tests/unit/test_who.c report/who.c report/who.h
tests_unit_test_who_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_who_LDADD = $(UNIT_LDADD)

# The process collector of sadc -S PROCESS.
tests_unit_test_collect_proc_SOURCES = tests/unit/test_collect_proc.c tests/unit/fixture.c tests/unit/fixture.h
tests_unit_test_collect_proc_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_collect_proc_LDADD = sadc/libcollect.a $(UNIT_LDADD)
tests_unit_test_top_SOURCES = tests/unit/test_top.c
tests_unit_test_top_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_top_LDADD = sadc/libcollect.a $(UNIT_LDADD)

# The cgroup collector of sadc -S CGROUP (sysrec's cgroups in extension records).
tests_unit_test_collect_cgroup_SOURCES = tests/unit/test_collect_cgroup.c tests/unit/fixture.c tests/unit/fixture.h
tests_unit_test_collect_cgroup_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_collect_cgroup_LDADD = sadc/libcollect.a $(UNIT_LDADD)

# Windows across days: dated -s/-e over several daily files (common/history.c).
tests_unit_test_history_SOURCES = tests/unit/test_history.c
tests_unit_test_history_CFLAGS = $(UNIT_CFLAGS)
# zlib: gzip files, decoded into the spill file or memory.
tests_unit_test_history_LDADD = $(UNIT_LDADD) $(ZLIB_LIBS)

# The codecs of source.c, for daily files sa2 compressed: gzip, xz, bzip2, zstd.
tests_unit_test_source_SOURCES = tests/unit/test_source.c
tests_unit_test_source_CFLAGS = $(UNIT_CFLAGS) $(LZMA_CFLAGS) $(ZSTD_CFLAGS)
tests_unit_test_source_LDADD = $(UNIT_LDADD) $(CODEC_LIBS)
endif
