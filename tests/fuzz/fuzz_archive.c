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

#include "archive.h"
#include "fuzz_prog.h"
#include "source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
read_all(const uint8_t *data, size_t size, bool header_only, bool want_ext)
{
	struct archive_reader r;
	struct archive_record rec;
	struct source *src;
	uint64_t sum = 0;
	uint32_t i;
	int rc;

	memset(&r, 0, sizeof(r));
	if (source_open_mem(data, size, &src) < 0)
		return;
	rc = archive_open(&r, src, true);
	if (rc == 0)
		rc = archive_read_header(&r, header_only);
	r.want_ext = want_ext;
	while (rc == 0 && (rc = archive_next(&r, &rec)) > 0) {
		rc = 0;
		/* Touch every item byte so that the sanitizers see any overrun. */
		for (i = 0; i < r.n_acts; i++) {
			const struct archive_act *a = &r.acts[i];
			size_t n = a->known_format ? (size_t) a->nr * (size_t) a->fa.nr2 * a->msize
			                           : 0;
			size_t k;

			for (k = 0; k < n; k += 8)
				sum += a->buf[k];
		}
		sum += strlen(rec.comment);
		if (rec.hdr.record_type == EXT_RECORD_TYPE) {
			for (i = 0; i < r.ext.n_proc; i++)
				sum += r.ext.proc[i].pid + strlen(r.ext.proc[i].comm);
			for (i = 0; i < r.ext.n_cgroup; i++)
				sum += strlen(r.ext.cgroup[i].path);
		}
	}
	archive_reader_release(&r);
	/* Keep sum alive without printing. */
	__asm__ volatile("" : : "r"(sum));
}

static void
read_both_ways(const uint8_t *data, size_t size)
{
	read_all(data, size, false, false);
	read_all(data, size, false, true);
	read_all(data, size, true, false);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The registry, hence what the reader accepts, depends on the flavour. */
	fuzz_each_flavour(read_both_ways, data, size);
	return 0;
}
