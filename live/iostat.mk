# live/iostat.mk: iostat (see live/local.mk), sysstat's CPU and block device report.
bin_PROGRAMS += live/iostat
live_iostat_SOURCES = live/iostat.c live/iostat.h live/iostat_opts.c live/iostat_dev.c \
	live/iostat_out.c live/iostat_parse.c live/iostat_hist.c
live_iostat_LDADD = sadc/libcollect.a $(LIVE_LIBS)
LIVE_MANS += man/iostat.1
TESTS += tests/e2e/iostat_basic.sh tests/e2e/iostat_history.sh
EXTRA_DIST += tests/e2e/iostat_basic.sh tests/e2e/iostat_history.sh

check_PROGRAMS += tests/fuzz/replay_live_iostat
tests_fuzz_replay_live_iostat_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_live_iostat.c \
	live/iostat_parse.c live/iostat.h
tests_fuzz_replay_live_iostat_LDADD = $(LDADD)
if ENABLE_FUZZERS
noinst_PROGRAMS += tests/fuzz/fuzz_live_iostat
tests_fuzz_fuzz_live_iostat_SOURCES = tests/fuzz/fuzz_live_iostat.c live/iostat_parse.c \
	live/iostat.h
tests_fuzz_fuzz_live_iostat_LDADD = $(LDADD)
tests_fuzz_fuzz_live_iostat_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
endif
