/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for windows across days (common/history.h): the input is
 * up to four data files (plain, compressed or of an old format) separated by
 * the line "--SYSREC-NEXT-FILE--". They are stitched as sar and sadf stitch
 * the files of a window, and each report's bytes are then read through the
 * archive reader record by record, as sar reads them. The dated -s/-e parser
 * gets the input's first line too. Built with -fsanitize=fuzzer by
 * --enable-fuzzers, and replayed over tests/fuzz/corpus/history by replay.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "archive.h"
#include "history.h"
#include "fuzz_prog.h"
#include "source.h"

#define SEPARATOR "\n--SYSREC-NEXT-FILE--\n"
#define MAX_FILES 4

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every record of one report's bytes, its items touched. */
static void
walk(const unsigned char *data, size_t len)
{
	struct archive_reader r;
	struct archive_record rec;
	struct source *src;
	uint64_t sum = 0;
	int rc;

	memset(&r, 0, sizeof(r));
	if (source_open_mem(data, len, &src) < 0)
		return;
	r.want_ext = true;
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

/* The first line as a dated -s/-e argument. */
static void
parse_time(const uint8_t *data, size_t size)
{
	char a[64];
	size_t n = 0;
	int64_t t;

	while (n < size && n + 1 < sizeof(a) && data[n] != '\n')
		n++;
	memcpy(a, data, n);
	a[n] = '\0';
	if (history_parse_time(a, &t) > 0) {
		(void) history_time_after(t, 23, 59, 59);
		(void) history_time_before(t, 0, 0, 0);
	}
}

static void
check(const uint8_t *data, size_t size)
{
	char names[MAX_FILES][64];
	const char *files[MAX_FILES];
	int fds[MAX_FILES];
	struct history h;
	size_t n = 0, k, sep = strlen(SEPARATOR);
	const uint8_t *p = data, *end = data + size;

	parse_time(data, size);
	while (n < MAX_FILES) {
		const uint8_t *q = n + 1 < MAX_FILES ? memmem(p, (size_t) (end - p), SEPARATOR, sep)
		                                     : NULL;
		size_t len = q ? (size_t) (q - p) : (size_t) (end - p);

		fds[n] = memfd_create("fuzz-history", 0);
		if (fds[n] < 0)
			break;
		if (len && write(fds[n], p, len) != (ssize_t) len) {
			close(fds[n]);
			break;
		}
		snprintf(names[n], sizeof(names[n]), "/proc/self/fd/%d", fds[n]);
		files[n] = names[n];
		n++;
		if (!q)
			break;
		p = q + sep;
	}
	memset(&h, 0, sizeof(h));
	h.cap = 64 << 20;
	h.convert_old = true;
	h.conv_hz = 100;
	if (history_load(&h, files, n, "fuzz") == 0)
		for (k = 0; k < h.n_reports; k++) {
			size_t i;

			walk(h.reports[k].data, h.reports[k].len);
			for (i = 0; i < h.reports[k].n_parts; i++)
				(void) history_part_at(&h.reports[k], h.reports[k].parts[i].offset);
		}
	history_release(&h);
	for (k = 0; k < n; k++)
		close(fds[k]);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The activity registry, hence what the reader takes, depends on the flavour. */
	fuzz_each_flavour(check, data, size);
	return 0;
}
