# live/mpstat.mk: mpstat (see live/local.mk): processor, node and interrupt
# statistics. Reuses sadc's /proc/stat CPU-line parser (sadc/libcollect.a);
# its own pure parsers (mpstat_parse.c) are what the fuzz target calls.
# --archive (mpstat_hist.c) reads data files through live/hist.c; its test,
# mpstat_history, checks it against the live mpstat over the same snapshots.
bin_PROGRAMS += live/mpstat
live_mpstat_SOURCES = live/mpstat.c live/mpstat.h live/mpstat_data.c live/mpstat_parse.c \
	live/mpstat_print.c live/mpstat_hist.c
live_mpstat_LDADD = sadc/libcollect.a $(LIVE_LIBS)
LIVE_MANS += man/mpstat.1
TESTS += tests/e2e/mpstat_basic.sh tests/e2e/mpstat_history.sh
EXTRA_DIST += tests/e2e/mpstat_basic.sh tests/e2e/mpstat_history.sh
# The fuzz target of mpstat's parsers, replayed over tests/fuzz/corpus/live_mpstat.
check_PROGRAMS += tests/fuzz/replay_live_mpstat
tests_fuzz_replay_live_mpstat_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_live_mpstat.c \
	live/mpstat_parse.c live/mpstat.h
if ENABLE_FUZZERS
noinst_PROGRAMS += tests/fuzz/fuzz_live_mpstat
tests_fuzz_fuzz_live_mpstat_SOURCES = tests/fuzz/fuzz_live_mpstat.c live/mpstat_parse.c \
	live/mpstat.h
tests_fuzz_fuzz_live_mpstat_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
endif
