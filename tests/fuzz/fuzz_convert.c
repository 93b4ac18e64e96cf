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

#include "archive.h"
#include "convert.h"
#include "fuzz_prog.h"
#include "source.h"

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
read_converted(const uint8_t *data, size_t size)
{
	struct archive_reader r;
	struct archive_record rec;
	struct source *src;
	uint64_t sum = 0;
	int rc;

	memset(&r, 0, sizeof(r));
	if (source_open_mem(data, size, &src) < 0)
		return;
	r.convert_old = true;
	r.conv_hz = 100;
	rc = archive_open(&r, src, true);
	if (rc == 0)
		rc = archive_read_header(&r, false);
	while (rc == 0 && (rc = archive_next(&r, &rec)) > 0) {
		uint32_t i;

		rc = 0;
		for (i = 0; i < r.n_acts; i++) {
			const struct archive_act *a = &r.acts[i];
			size_t n = a->known_format ? (size_t) a->nr * (size_t) a->fa.nr2 * a->msize
			                           : 0;
			size_t k;

			for (k = 0; k < n; k += 8)
				sum += a->buf[k];
		}
		sum += strlen(rec.comment);
	}
	archive_reader_release(&r);
	__asm__ volatile("" : : "r"(sum));
}

static void
check(const uint8_t *data, size_t size)
{
	convert_once(data, size, 100);
	convert_once(data, size, 250);
	read_converted(data, size);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The activity registry, hence the converted layout, depends on the flavour. */
	fuzz_each_flavour(check, data, size);
	return 0;
}
