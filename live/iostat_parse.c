/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * iostat's stat file parsers (iostat.h). The layouts are the kernel's
 * Documentation/ABI/testing/procfs-diskstats and sysfs-block "stat": after
 * the name, reads (completed, merged, sectors, ms), writes (the same),
 * in flight, io ms, weighted io ms, then discards (4.18+: the same four)
 * and flushes (5.5+: completed, ms).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "iostat.h"
#include "common/banned.h"

/*
 * One number as scanf's %lu reads it: blanks, an optional sign, digits;
 * a value past ULONG_MAX saturates, a '-' negates (modulo 2^64).
 * Returns false, leaving *p, when there is none.
 */
static bool
scan_ulong(const char **p, uint64_t *ret)
{
	const char *s = *p;
	bool neg = false, over = false;
	uint64_t v = 0;

	while (isspace((unsigned char) *s))
		s++;
	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	if (!isdigit((unsigned char) *s))
		return false;
	for (; isdigit((unsigned char) *s); s++) {
		unsigned d = (unsigned) (*s - '0');

		if (v > (UINT64_MAX - d) / 10)
			over = true;
		else
			v = v * 10 + d;
	}
	if (over)
		v = UINT64_MAX;
	*ret = neg && !over ? (uint64_t) 0 - v : v;
	*p = s;
	return true;
}

/* Up to max numbers from *p into v; returns how many were read. */
static int
scan_numbers(const char *p, uint64_t *v, int max)
{
	int n = 0;

	while (n < max && scan_ulong(&p, &v[n]))
		n++;
	return n;
}

/* The counters of v (n of them, after the name) into *st: 11, 15 or 17 counters. */
static void
fill_full(const uint64_t *v, int n, struct io_stats *st)
{
	st->rd_ios = v[0];
	st->rd_merges = v[1];
	st->rd_sectors = v[2];
	st->rd_ticks = (uint32_t) v[3];
	st->wr_ios = v[4];
	st->wr_merges = v[5];
	st->wr_sectors = v[6];
	st->wr_ticks = (uint32_t) v[7];
	st->ios_pgr = (uint32_t) v[8];
	st->tot_ticks = (uint32_t) v[9];
	st->rq_ticks = (uint32_t) v[10];
	if (n >= 15) {
		st->dc_ios = v[11];
		st->dc_merges = v[12];
		st->dc_sectors = v[13];
		st->dc_ticks = (uint32_t) v[14];
	}
	if (n >= 17) {
		st->fl_ios = v[15];
		st->fl_ticks = (uint32_t) v[16];
	}
}

/* An old partition's four counters: reads, read sectors, writes, written sectors. */
static void
fill_short(const uint64_t *v, struct io_stats *st)
{
	st->rd_ios = v[0];
	st->rd_sectors = v[1];
	st->wr_ios = v[2];
	st->wr_sectors = v[3];
}

bool
iostat_stats_from_values(const uint64_t *v, int n, bool extended, struct io_stats *ret)
{
	memset(ret, 0, sizeof(*ret));
	if (n >= 11) {
		fill_full(v, n, ret);
		return true;
	}
	if (n == 4 && !extended) {
		fill_short(v, ret);
		return true;
	}
	return false;
}

int
iostat_parse_sysfs_stat(const char *buf, struct io_stats *ret)
{
	uint64_t v[17];
	int n = scan_numbers(buf, v, 17);

	iostat_stats_from_values(v, n, false, ret);
	return n;
}

/* "%u": the saturated or negated %lu value cut to 32 bits, as glibc stores it. */
static bool
scan_uint(const char **p, unsigned *ret)
{
	uint64_t v;

	if (!scan_ulong(p, &v))
		return false;
	*ret = (unsigned) v;
	return true;
}

/* "%s" into a name of IOSTAT_NAME_LEN bytes (a longer word is cut). */
static bool
scan_word(const char **p, char *out)
{
	const char *s = *p;
	size_t n = 0;

	while (isspace((unsigned char) *s))
		s++;
	if (!*s)
		return false;
	while (s[n] && !isspace((unsigned char) s[n]))
		n++;
	if (n >= IOSTAT_NAME_LEN)
		n = IOSTAT_NAME_LEN - 1;
	memcpy(out, s, n);
	out[n] = '\0';
	while (*s && !isspace((unsigned char) *s))
		s++;
	*p = s;
	return true;
}

int
iostat_parse_diskline(const char *line, bool extended, struct iostat_diskline *ret)
{
	const char *p = line;
	uint64_t v[17];
	int n;

	memset(ret, 0, sizeof(*ret));
	if (!scan_uint(&p, &ret->major) || !scan_uint(&p, &ret->minor) || !scan_word(&p, ret->name))
		return 0;
	n = scan_numbers(p, v, 17);
	return iostat_stats_from_values(v, n, extended, &ret->st) ? 1 : 0;
}
