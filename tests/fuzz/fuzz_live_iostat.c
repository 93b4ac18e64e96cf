/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for iostat's stat file parsers (live/iostat_parse.c):
 * the first byte chooses the parser (even: a sysfs stat file, odd: a
 * /proc/diskstats line, with -x when bit 1 is set), the rest is the text,
 * copied into a buffer of exactly its size plus the NUL the readers add.
 * The outputs are checked: a count within 0..17, a NUL-terminated name
 * without blanks, and a zeroed result for a line that is skipped.
 * Replayed over tests/fuzz/corpus/live_iostat by make check.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "live/iostat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_name(const char *name)
{
	const char *nul = memchr(name, '\0', IOSTAT_NAME_LEN);
	const char *p;

	if (!nul || nul == name)
		abort();
	for (p = name; p < nul; p++)
		if (isspace((unsigned char) *p))
			abort();
}

static void
fuzz_sysfs(const char *text)
{
	struct io_stats st;
	int n = iostat_parse_sysfs_stat(text, &st);

	if (n < 0 || n > 17)
		abort();
	if (n < 11 && n != 4 && (st.rd_ios || st.wr_ios || st.rd_sectors || st.wr_sectors))
		abort();
}

static void
fuzz_diskline(const char *text, bool extended)
{
	struct iostat_diskline l;
	static const struct io_stats zero;

	if (iostat_parse_diskline(text, extended, &l)) {
		check_name(l.name);
		return;
	}
	if (memcmp(&l.st, &zero, sizeof(zero)))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (size < 1)
		return 0;
	text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (data[0] & 1)
		fuzz_diskline(text, data[0] & 2);
	else
		fuzz_sysfs(text);
	free(text);
	return 0;
}
