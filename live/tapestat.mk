# live/tapestat.mk: tapestat (see live/local.mk), the I/O of SCSI tape drives
# from /sys/class/scsi_tape/stN/stats. Its value parsing and arithmetic
# (tapestat_calc.c) are pure, so the fuzz target calls them directly.
bin_PROGRAMS += live/tapestat
live_tapestat_SOURCES = live/tapestat.c live/tapestat_calc.c live/tapestat_calc.h
live_tapestat_LDADD = $(LIVE_LIBS)
LIVE_MANS += man/tapestat.1

# Against the releases' tapestat under the livefix shim (both flavours).
TESTS += tests/e2e/tapestat.sh
EXTRA_DIST += tests/e2e/tapestat.sh

# The pure parts' fuzz target, and its replay over tests/fuzz/corpus/live_tapestat.
check_PROGRAMS += tests/fuzz/replay_live_tapestat
tests_fuzz_replay_live_tapestat_SOURCES = tests/fuzz/replay.c \
	tests/fuzz/fuzz_live_tapestat.c live/tapestat_calc.c live/tapestat_calc.h
if ENABLE_FUZZERS
noinst_PROGRAMS += tests/fuzz/fuzz_live_tapestat
tests_fuzz_fuzz_live_tapestat_SOURCES = tests/fuzz/fuzz_live_tapestat.c \
	live/tapestat_calc.c live/tapestat_calc.h
tests_fuzz_fuzz_live_tapestat_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
endif
