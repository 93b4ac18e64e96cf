/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for windows across days (common/history.h): the input is
 * up to four data files (plain, compressed or of an old format) separated by
 * the line "--SYSREC-NEXT-FILE--". They are stitched as sar and sadf stitch
 * the files of a window, and each report's stream of segments is then read
 * through the archive reader record by record, as sar reads it. The dated -s/-e parser
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

#include "fuzz_prog.h"
#include "common/archive.h"
#include "common/history.h"
#include "common/source.h"

#define SEPARATOR "\n--SYSREC-NEXT-FILE--\n"
#define MAX_FILES 4

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
			struct source *src;
			size_t i;

			if (history_report_open(&h.reports[k], &src) == 0)
				fuzz_walk_source(src, false, true, false);
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
