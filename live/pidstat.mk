# live/pidstat.mk: pidstat (see live/local.mk). Per-task statistics of
# /proc/PID: the parsers (pidstat_parse.c, fuzzed), the task table and its
# sampling (pidstat_tasks.c), the reports (pidstat_print.c) and main
# (pidstat.c), --archive (pidstat_hist.c). It reuses sadc's /proc/stat and
# /proc/meminfo parsers.
bin_PROGRAMS += live/pidstat
live_pidstat_SOURCES = live/pidstat.c live/pidstat.h live/pidstat_parse.c \
	live/pidstat_tasks.c live/pidstat_print.c live/pidstat_hist.c
live_pidstat_LDADD = sadc/libcollect.a $(LIVE_LIBS)
LIVE_MANS += man/pidstat.1

TESTS += tests/e2e/pidstat_basic.sh tests/e2e/pidstat_history.sh
EXTRA_DIST += tests/e2e/pidstat_basic.sh tests/e2e/pidstat_history.sh

# The fuzz target of pidstat's /proc/PID parsers, and its replay program.
check_PROGRAMS += tests/fuzz/replay_live_pidstat
tests_fuzz_replay_live_pidstat_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_live_pidstat.c \
	live/pidstat_parse.c live/pidstat.h
if ENABLE_FUZZERS
noinst_PROGRAMS += tests/fuzz/fuzz_live_pidstat
tests_fuzz_fuzz_live_pidstat_SOURCES = tests/fuzz/fuzz_live_pidstat.c live/pidstat_parse.c \
	live/pidstat.h
tests_fuzz_fuzz_live_pidstat_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
endif
