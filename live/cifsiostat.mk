# live/cifsiostat.mk: cifsiostat (see live/local.mk), the I/O of CIFS/SMB
# shares from /proc/fs/cifs/Stats. Its parser (cifsiostat_parse.c) is pure,
# so the fuzz target calls it directly.
bin_PROGRAMS += live/cifsiostat
live_cifsiostat_SOURCES = live/cifsiostat.c live/cifsiostat_parse.c live/cifsiostat_parse.h
live_cifsiostat_LDADD = $(LIVE_LIBS)
LIVE_MANS += man/cifsiostat.1

# Against the releases' cifsiostat under the livefix shim (both flavours).
TESTS += tests/e2e/cifsiostat.sh
EXTRA_DIST += tests/e2e/cifsiostat.sh

# The parser's fuzz target, and its replay over tests/fuzz/corpus/live_cifsiostat.
check_PROGRAMS += tests/fuzz/replay_live_cifsiostat
tests_fuzz_replay_live_cifsiostat_SOURCES = tests/fuzz/replay.c \
	tests/fuzz/fuzz_live_cifsiostat.c live/cifsiostat_parse.c live/cifsiostat_parse.h
if ENABLE_FUZZERS
noinst_PROGRAMS += tests/fuzz/fuzz_live_cifsiostat
tests_fuzz_fuzz_live_cifsiostat_SOURCES = tests/fuzz/fuzz_live_cifsiostat.c \
	live/cifsiostat_parse.c live/cifsiostat_parse.h
tests_fuzz_fuzz_live_cifsiostat_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
endif
