/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the converter of old daily files (common/convert.h):
 * the input is a whole file of format 0x2171 or 0x2173 (or anything). It
 * is converted as `sadf -c` converts it (also with another tick rate), then
 * read back through the archive reader as sar reads an old file (convert_old
 * set), walking every record. Built with -fsanitize=fuzzer by
 * --enable-fuzzers, and replayed over tests/fuzz/corpus/convert by replay.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_prog.h"
#include "common/archive.h"
#include "common/convert.h"
#include "common/source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
convert_once(const uint8_t *data, size_t size, unsigned long hz)
{
	struct convert_result res;
	uint64_t sum = 0;
	size_t k;

	memset(&res, 0, sizeof(res));
	convert_old_file(data, size, hz, &res);
	/* Touch every byte written and logged, so that the sanitizers see any overrun. */
	for (k = 0; k < res.len; k += 4)
		sum += res.data[k];
	if (res.log)
		sum += strlen(res.log);
	convert_result_release(&res);
	__asm__ volatile("" : : "r"(sum));
}

static void
check(const uint8_t *data, size_t size)
{
	convert_once(data, size, 100);
	convert_once(data, size, 250);
	fuzz_walk_archive(data, size, false, false, true);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The activity registry, hence the converted layout, depends on the flavour. */
	fuzz_each_flavour(check, data, size);
	return 0;
}
