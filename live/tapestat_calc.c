/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tapestat's pure parts (tapestat_calc.h). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tapestat_calc.h"
#include "common/banned.h"

/* The most a percentage shows (sysstat's TAPE_MAX_PCT). */
#define TAPE_PCT_MAX 999

const char *const tape_field_names[TAPE_FIELD_MAX] = {
	"read_ns",   "write_ns",  "io_ns",     "read_byte_cnt", "write_byte_cnt",
	"read_cnt",  "write_cnt", "other_cnt", "resid_cnt",
};

/* The file's text as a C string (fscanf stops at a NUL as at the end). */
static size_t
text_len(const char *buf, size_t len)
{
	const char *nul = memchr(buf, '\0', len);

	return nul ? (size_t) (nul - buf) : len;
}

int
tape_parse_value(const char *buf, size_t len, uint64_t *ret)
{
	char text[64];
	size_t i = 0, n = text_len(buf, len), k = 0;

	while (i < n && isspace((unsigned char) buf[i]))
		i++;
	if (i < n && (buf[i] == '+' || buf[i] == '-'))
		text[k++] = buf[i++];
	if (i >= n || buf[i] < '0' || buf[i] > '9')
		return -1;
	/* Leading zeros never change the value; more than 60 digits clamp anyway. */
	while (i + 1 < n && buf[i] == '0' && buf[i + 1] >= '0' && buf[i + 1] <= '9')
		i++;
	while (i < n && buf[i] >= '0' && buf[i] <= '9' && k < sizeof(text) - 1)
		text[k++] = buf[i++];
	text[k] = '\0';
	*ret = (uint64_t) strtoll(text, NULL, 10);
	return 0;
}

int
tape_drives_of(const char *name)
{
	const char *p = name + 2;
	long v;

	if (strncmp(name, "st", 2) || !*p)
		return 0;
	for (; *p; p++)
		if (*p < '0' || *p > '9')
			return 0;
	/* atoi() is (int) strtol(): a long number keeps its low 32 bits. */
	v = strtol(name + 2, NULL, 10);
	return (int) (unsigned) ((unsigned long) v + 1);
}

uint64_t
tape_duration_ms(const struct timeval *old, const struct timeval *now)
{
	uint64_t d = (uint64_t) (now->tv_sec - old->tv_sec) * 1000;

	d -= (uint64_t) (old->tv_usec / 1000);
	d += (uint64_t) (now->tv_usec / 1000);
	return d;
}

/*
 * A double converted to uint64_t as x86-64 code does it (the release's
 * casts of out-of-range values): below 2^63 a signed conversion (NaN and
 * overflow give 2^63), above it one of the value less 2^63, high bit set.
 */
static uint64_t
dbl_to_u64(double d)
{
	const double two63 = 9223372036854775808.0;

	if (d >= two63) {
		d -= two63;
		return d < two63 ? (uint64_t) (int64_t) d ^ (1ULL << 63) : 0;
	}
	if (isnan(d) || d < -two63)
		return 1ULL << 63;
	return (uint64_t) (int64_t) d;
}

uint64_t
tape_uptime_ms(const char *buf, size_t len)
{
	char text[128];
	size_t n = text_len(buf, len);
	char *end;
	double v;

	if (n >= sizeof(text))
		n = sizeof(text) - 1;
	memcpy(text, buf, n);
	text[n] = '\0';
	v = strtod(text, &end);
	if (end == text)
		return 0;
	return dbl_to_u64(v * 1000);
}

/* A count per second (sysstat's CALC_STAT_CNT). */
static uint64_t
per_sec(uint64_t old, uint64_t now, uint64_t duration)
{
	if (now == old || !duration)
		return 0;
	return dbl_to_u64((double) (now - old) / ((double) duration / 1000));
}

/* Bytes per second in kB (CALC_STAT_KB). */
static uint64_t
kb_per_sec(uint64_t old, uint64_t now, uint64_t duration)
{
	if (now == old || !duration)
		return 0;
	return dbl_to_u64((double) (now - old) / ((double) duration / 1000.0) / 1024.0);
}

/* Nanoseconds busy as a share of the duration (CALC_STAT_PCT). */
static uint64_t
pct(uint64_t old, uint64_t now, uint64_t duration)
{
	uint64_t v;

	if (now == old || !duration)
		return 0;
	v = dbl_to_u64(100.0 * ((double) (now - old) / (double) duration) / 1000000.0);
	return v > TAPE_PCT_MAX ? TAPE_PCT_MAX : v;
}

void
tape_calc(const struct tape_sample *old, const struct tape_sample *now, uint64_t duration,
          struct tape_rates *ret)
{
	const uint64_t *o = old->v, *n = now->v;

	ret->reads = per_sec(o[TAPE_READ_CNT], n[TAPE_READ_CNT], duration);
	ret->writes = per_sec(o[TAPE_WRITE_CNT], n[TAPE_WRITE_CNT], duration);
	ret->others = per_sec(o[TAPE_OTHER_CNT], n[TAPE_OTHER_CNT], duration);
	ret->kb_read = kb_per_sec(o[TAPE_READ_BYTES], n[TAPE_READ_BYTES], duration);
	ret->kb_written = kb_per_sec(o[TAPE_WRITE_BYTES], n[TAPE_WRITE_BYTES], duration);
	ret->pct_read = pct(o[TAPE_READ_NS], n[TAPE_READ_NS], duration);
	ret->pct_write = pct(o[TAPE_WRITE_NS], n[TAPE_WRITE_NS], duration);
	ret->pct_all = pct(o[TAPE_IO_NS], n[TAPE_IO_NS], duration);
	ret->resids = per_sec(o[TAPE_RESID_CNT], n[TAPE_RESID_CNT], duration);
}

bool
tape_rates_zero(const struct tape_rates *r)
{
	return !(r->reads | r->writes | r->others | r->kb_read | r->kb_written | r->pct_read |
	         r->pct_write | r->pct_all | r->resids);
}
