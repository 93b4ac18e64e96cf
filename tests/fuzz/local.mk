# tests/fuzz/: one fuzz target per parser; built with libFuzzer under clang
# (configure --enable-fuzzers), and replayed in every test run as plain
# programs over their saved inputs (tests/fuzz/corpus/) by replay_corpora.sh.

TESTS += tests/fuzz/replay_corpora.sh
# fuzz.sh runs a target and merges what it found into its corpus; coverage.sh
# measures the lines the corpora reach; old_seeds.py writes fuzz_convert's seeds.
EXTRA_DIST += tests/fuzz/replay_corpora.sh tests/fuzz/corpus tests/fuzz/archive.dict \
	tests/fuzz/fuzz.sh tests/fuzz/coverage.sh tests/fuzz/old_seeds.py

# The same targets as plain programs over their saved inputs (tests/fuzz/replay_corpora.sh).
check_PROGRAMS += tests/fuzz/replay_archive tests/fuzz/replay_sar tests/fuzz/replay_sadf \
	tests/fuzz/replay_procfs tests/fuzz/replay_append tests/fuzz/replay_http \
	tests/fuzz/replay_procpid tests/fuzz/replay_cgroup tests/fuzz/replay_convert \
	tests/fuzz/replay_history
FUZZ_PROG_SOURCES = tests/fuzz/fuzz_prog.c tests/fuzz/fuzz_prog.h
tests_fuzz_replay_archive_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_archive.c
tests_fuzz_replay_sar_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_sar.c $(FUZZ_PROG_SOURCES)
tests_fuzz_replay_sar_LDADD = sar/libsar.a report/libreport.a $(LDADD)
tests_fuzz_replay_sadf_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_sadf.c $(FUZZ_PROG_SOURCES)
tests_fuzz_replay_sadf_LDADD = sadf/libsadf.a report/libreport.a $(METRICS_LIBS) $(LDADD)
tests_fuzz_replay_procfs_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_procfs.c
tests_fuzz_replay_procfs_LDADD = sadc/libcollect.a $(LDADD)
tests_fuzz_replay_append_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_append.c sadc/skim.c \
	$(FUZZ_PROG_SOURCES)
# The live endpoint's (sysstat-metrics) request parser as a plain program over
# its saved inputs (replay_corpora.sh).
tests_fuzz_replay_http_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_http.c metrics/http.c metrics/http.h
# The process collector of sadc -S PROCESS: the fuzz target of its /proc/PID
# parsers and that target's replay program.
tests_fuzz_replay_procpid_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_procpid.c
tests_fuzz_replay_procpid_LDADD = sadc/libcollect.a $(LDADD)
# The fuzz target of the cgroup parsers and its replay over tests/fuzz/corpus/cgroup.
tests_fuzz_replay_cgroup_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_cgroup.c
tests_fuzz_replay_cgroup_LDADD = sadc/libcollect.a $(LDADD)
# Old formats 0x2171 and 0x2173 converted by sadf -c (tests/e2e/old_formats.sh):
# the converter's fuzz target and its replay over tests/fuzz/corpus/convert.
tests_fuzz_replay_convert_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_convert.c
# Windows across days: the stitching's fuzz target and its replay
# over tests/fuzz/corpus/history.
tests_fuzz_replay_history_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_history.c

if ENABLE_FUZZERS
# libFuzzer targets: the library and the programs' code are instrumented too
# (configure adds -fsanitize=fuzzer-no-link everywhere); these link libFuzzer.
# One per replay program above, in the same order.
noinst_PROGRAMS += tests/fuzz/fuzz_archive tests/fuzz/fuzz_sar tests/fuzz/fuzz_sadf \
	tests/fuzz/fuzz_procfs tests/fuzz/fuzz_append tests/fuzz/fuzz_http \
	tests/fuzz/fuzz_procpid tests/fuzz/fuzz_cgroup tests/fuzz/fuzz_convert \
	tests/fuzz/fuzz_history

tests_fuzz_fuzz_archive_SOURCES = tests/fuzz/fuzz_archive.c
tests_fuzz_fuzz_archive_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer

tests_fuzz_fuzz_sar_SOURCES = tests/fuzz/fuzz_sar.c $(FUZZ_PROG_SOURCES)
tests_fuzz_fuzz_sar_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_sar_LDADD = sar/libsar.a report/libreport.a $(LDADD)

tests_fuzz_fuzz_sadf_SOURCES = tests/fuzz/fuzz_sadf.c $(FUZZ_PROG_SOURCES)
tests_fuzz_fuzz_sadf_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_sadf_LDADD = sadf/libsadf.a report/libreport.a $(METRICS_LIBS) $(LDADD)

tests_fuzz_fuzz_procfs_SOURCES = tests/fuzz/fuzz_procfs.c
tests_fuzz_fuzz_procfs_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_procfs_LDADD = sadc/libcollect.a $(LDADD)

tests_fuzz_fuzz_append_SOURCES = tests/fuzz/fuzz_append.c sadc/skim.c $(FUZZ_PROG_SOURCES)
tests_fuzz_fuzz_append_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer

tests_fuzz_fuzz_http_SOURCES = tests/fuzz/fuzz_http.c metrics/http.c metrics/http.h
tests_fuzz_fuzz_http_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer

tests_fuzz_fuzz_procpid_SOURCES = tests/fuzz/fuzz_procpid.c
tests_fuzz_fuzz_procpid_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_procpid_LDADD = sadc/libcollect.a $(LDADD)

tests_fuzz_fuzz_cgroup_SOURCES = tests/fuzz/fuzz_cgroup.c
tests_fuzz_fuzz_cgroup_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_cgroup_LDADD = sadc/libcollect.a $(LDADD)

tests_fuzz_fuzz_convert_SOURCES = tests/fuzz/fuzz_convert.c
tests_fuzz_fuzz_convert_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer

tests_fuzz_fuzz_history_SOURCES = tests/fuzz/fuzz_history.c
tests_fuzz_fuzz_history_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
endif
