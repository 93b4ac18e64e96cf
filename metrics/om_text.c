/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The text of the metrics (om.h): OpenMetrics 1.0 (doc/metrics.md §1: TYPE, UNIT,
 * HELP; counters' samples end in _total; timestamps in seconds) and the
 * Prometheus text format 0.0.4 (HELP, TYPE with the sample name; no UNIT;
 * untyped; timestamps in milliseconds). Numbers are written in the C
 * locale's form whatever LC_NUMERIC says.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "om.h"
#include "common/banned.h"

const char *
om_content_type(enum om_format fmt)
{
	return fmt == OM_FMT_OPENMETRICS
	               ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
	               : "text/plain; version=0.0.4; charset=utf-8";
}

static const char *
type_name(enum om_type t, enum om_format fmt)
{
	switch (t) {
	case OM_COUNTER:
		return "counter";
	case OM_GAUGE:
		return "gauge";
	default:
		return fmt == OM_FMT_OPENMETRICS ? "unknown" : "untyped";
	}
}

/* The name of the family's samples. */
static void
put_sample_name(struct strbuf *out, const struct om_family *f)
{
	strbuf_adds(out, f->name);
	if (f->type == OM_COUNTER)
		strbuf_add(out, "_total", 6);
}

/* HELP text: 0.0.4 escapes \ and newline; OpenMetrics also ". */
static void
put_help(struct strbuf *out, const char *s, enum om_format fmt)
{
	for (; *s; s++) {
		if (*s == '\\')
			strbuf_add(out, "\\\\", 2);
		else if (*s == '\n')
			strbuf_add(out, "\\n", 2);
		else if (*s == '"' && fmt == OM_FMT_OPENMETRICS)
			strbuf_add(out, "\\\"", 2);
		else
			strbuf_addch(out, *s);
	}
}

void
om_put_meta(struct strbuf *out, size_t fam, enum om_format fmt)
{
	const struct om_family *f = om_family_at(fam);

	if (f)
		om_put_family_meta(out, f, fmt);
}

void
om_put_family_meta(struct strbuf *out, const struct om_family *f, enum om_format fmt)
{
	if (fmt == OM_FMT_OPENMETRICS) {
		strbuf_addf(out, "# TYPE %s %s\n", f->name, type_name(f->type, fmt));
		if (f->unit[0])
			strbuf_addf(out, "# UNIT %s %s\n", f->name, f->unit);
		if (f->help[0]) {
			strbuf_addf(out, "# HELP %s ", f->name);
			put_help(out, f->help, fmt);
			strbuf_addch(out, '\n');
		}
		return;
	}
	if (f->help[0]) {
		strbuf_adds(out, "# HELP ");
		put_sample_name(out, f);
		strbuf_addch(out, ' ');
		put_help(out, f->help, fmt);
		strbuf_addch(out, '\n');
	}
	strbuf_adds(out, "# TYPE ");
	put_sample_name(out, f);
	strbuf_addf(out, " %s\n", type_name(f->type, fmt));
}

/* The decimal digits of v into out (20 bytes at most, no NUL); returns their number. */
static size_t
put_u64(char *out, unsigned long long v)
{
	static const char pairs[] = "00010203040506070809101112131415161718192021222324252627282930"
	                            "31323334353637383940414243444546474849505152535455565758596061"
	                            "62636465666768697071727374757677787980818283848586878889909192"
	                            "939495969798990";
	char digits[20];
	size_t n = sizeof(digits);

	/* Two digits a step. */
	while (v >= 100) {
		unsigned r = (unsigned) (v % 100);

		v /= 100;
		digits[--n] = pairs[2 * r + 1];
		digits[--n] = pairs[2 * r];
	}
	if (v >= 10) {
		digits[--n] = pairs[2 * v + 1];
		digits[--n] = pairs[2 * v];
	} else {
		digits[--n] = (char) ('0' + v);
	}
	memcpy(out, digits + n, sizeof(digits) - n);
	return sizeof(digits) - n;
}

/*
 * nearbyint() in the default rounding mode (to nearest, ties to even)
 * without libm: adding and taking off 2^52 leaves no fraction bits to a
 * number below it; a number above is an integer already.
 */
static double
round_even(double x)
{
	const double two52 = 4503599627370496.0;

	if (!(fabs(x) < two52))
		return x;
	return x < 0 ? -((-x + two52) - two52) : (x + two52) - two52;
}

/*
 * v with d decimals when that is exactly what it holds: n / 10^d read back
 * is v (the nearest double to n / 10^d is n / 10^d correctly rounded).
 */
static size_t
format_decimal(char *buf, double v, unsigned d, double scale)
{
	double n = round_even(v * scale);
	unsigned long long u, ip, fp;
	size_t len = 0;
	unsigned k;

	if (fabs(n) >= OM_EXACT_INT || n / scale != v)
		return 0;
	u = (unsigned long long) fabs(n);
	ip = u / (unsigned long long) scale;
	fp = u % (unsigned long long) scale;
	if (v < 0)
		buf[len++] = '-';
	len += put_u64(buf + len, ip);
	if (!fp)
		return len;
	buf[len++] = '.';
	for (k = 0; k < d; k++) {
		buf[len + d - 1 - k] = (char) ('0' + fp % 10);
		fp /= 10;
	}
	len += d;
	while (buf[len - 1] == '0')
		len--;
	return len;
}

size_t
om_format_value(char *buf, double v)
{
	static const double scales[] = {10, 100, 1000, 10000, 100000, 1000000};
	char *p;
	size_t len;
	unsigned d;

	if (isnan(v)) {
		memcpy(buf, "NaN", 4);
		return 3;
	}
	if (isinf(v)) {
		memcpy(buf, v > 0 ? "+Inf" : "-Inf", 5);
		return 4;
	}
	/* Integers below 2^53 are exact: their digits, without an exponent. */
	if (om_exact_int(v)) {
		len = 0;
		/* -0 too: it reads back as the negative zero it is. */
		if (signbit(v))
			buf[len++] = '-';
		len += put_u64(buf + len, (unsigned long long) fabs(v));
		buf[len] = '\0';
		return len;
	}
	/*
	 * Hundredths (jiffies), thousandths (ms), millionths (us): a few
	 * decimals; below 1e-4 the exponent form is shorter.
	 */
	if (fabs(v) < 1e9 && fabs(v) >= 1e-4)
		for (d = 1; d <= 6; d++) {
			len = format_decimal(buf, v, d, scales[d - 1]);
			if (len) {
				buf[len] = '\0';
				return len;
			}
		}
	/*
	 * The shortest of %.15g, %.16g and %.17g that reads back as v (%.17g
	 * always does; strtod() and snprintf() agree on the locale's point,
	 * which then becomes a '.'). A longer precision can be shorter:
	 * 12345678901234500 against 1.23456789012345e+16.
	 */
	len = 0;
	for (d = 15; d <= 17; d++) {
		char tmp[OM_VALUE_LEN];
		size_t n = (size_t) snprintf(tmp, sizeof(tmp), "%.*g", (int) d, v);

		if ((len && n >= len) || (d < 17 && (strtod(tmp, &p) != v || *p)))
			continue;
		memcpy(buf, tmp, n + 1);
		len = n;
	}
	for (p = buf; *p; p++)
		if (*p == ',')
			*p = '.';
	return len;
}

void
om_put_value(struct strbuf *out, double v)
{
	char buf[OM_VALUE_LEN];

	strbuf_add(out, buf, om_format_value(buf, v));
}

size_t
om_format_timestamp(char *buf, int64_t ts_ms, enum om_format fmt)
{
	size_t len;

	buf[0] = ' ';
	if (fmt == OM_FMT_TEXT004)
		return 1 + put_u64(buf + 1, (unsigned long long) ts_ms);
	len = 1 + put_u64(buf + 1, (unsigned long long) (ts_ms / 1000));
	if (ts_ms % 1000) {
		unsigned ms = (unsigned) (ts_ms % 1000);

		buf[len++] = '.';
		buf[len++] = (char) ('0' + ms / 100);
		buf[len++] = (char) ('0' + ms / 10 % 10);
		buf[len++] = (char) ('0' + ms % 10);
	}
	return len;
}

void
om_put_prefix(struct strbuf *out, size_t fam, const char *labels, size_t labels_len,
              const char *extra)
{
	const struct om_family *f = om_family_at(fam);

	if (f)
		om_put_family_prefix(out, f, labels, labels_len, extra);
}

void
om_put_family_prefix(struct strbuf *out, const struct om_family *f, const char *labels,
                     size_t labels_len, const char *extra)
{
	size_t extra_len = extra ? strlen(extra) : 0;

	put_sample_name(out, f);
	if (labels_len || extra_len) {
		strbuf_addch(out, '{');
		strbuf_add(out, labels, labels_len);
		if (labels_len && extra_len)
			strbuf_addch(out, ',');
		strbuf_add(out, extra, extra_len);
		strbuf_addch(out, '}');
	}
	strbuf_addch(out, ' ');
}

void
om_put_sample(struct strbuf *out, size_t fam, const char *labels, size_t labels_len,
              const char *extra, double value, int64_t ts_ms, enum om_format fmt)
{
	if (!om_family_at(fam))
		return;
	om_put_prefix(out, fam, labels, labels_len, extra);
	om_put_value(out, value);
	if (ts_ms >= 0) {
		char buf[OM_TS_LEN];

		strbuf_add(out, buf, om_format_timestamp(buf, ts_ms, fmt));
	}
	strbuf_addch(out, '\n');
}
