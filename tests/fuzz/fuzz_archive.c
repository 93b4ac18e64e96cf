/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the archive reader: the input is a whole data file
 * (plain or compressed: gzip, xz, bzip2, zstd, found by their magic in
 * source_open_mem). It is read as sar reads it, once more decoding sysrec's
 * extension records (want_ext, as sar --proc does), and once as `sadf -H`
 * does, walking every record. Built with -fsanitize=fuzzer by
 * --enable-fuzzers, and replayed over tests/fuzz/corpus/ by replay.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_prog.h"
#include "common/archive.h"
#include "common/source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
read_both_ways(const uint8_t *data, size_t size)
{
	fuzz_walk_archive(data, size, false, false, false);
	fuzz_walk_archive(data, size, false, true, false);
	fuzz_walk_archive(data, size, true, false, false);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The registry, hence what the reader accepts, depends on the flavour. */
	fuzz_each_flavour(read_both_ways, data, size);
	return 0;
}
