/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The text of the metrics (om.h): OpenMetrics 1.0 (spec §1: TYPE, UNIT,
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
#include "banned.h"

const char *
om_content_type(enum om_format fmt)
{
	return fmt == OM_FMT_OPENMETRICS ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
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

	if (!f)
		return;
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

/* The decimal digits of v at the end of buf (len > 20); returns where they start. */
static char *
u64_digits(char *end, unsigned long long v)
{
	*--end = '\0';
	do {
		*--end = (char) ('0' + v % 10);
		v /= 10;
	} while (v);
	return end;
}

void
om_put_value(struct strbuf *out, double v)
{
	char buf[40];
	char *p;

	if (isnan(v)) {
		strbuf_add(out, "NaN", 3);
		return;
	}
	if (isinf(v)) {
		strbuf_adds(out, v > 0 ? "+Inf" : "-Inf");
		return;
	}
	/* Integers below 2^53 are exact: their digits, without an exponent. */
	if (v == floor(v) && fabs(v) < 9007199254740992.0) {
		p = u64_digits(buf + sizeof(buf), (unsigned long long) fabs(v));
		if (v < 0)
			*--p = '-';
		strbuf_adds(out, p);
		return;
	}
	/*
	 * The shorter of %.15g and %.17g that reads back as v (strtod() and
	 * snprintf() agree on the locale's point, which then becomes a '.').
	 */
	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, &p) != v || *p)
		snprintf(buf, sizeof(buf), "%.17g", v);
	for (p = buf; *p; p++)
		if (*p == ',')
			*p = '.';
	strbuf_adds(out, buf);
}

static void
put_timestamp(struct strbuf *out, int64_t ts_ms, enum om_format fmt)
{
	char buf[32];

	if (fmt == OM_FMT_TEXT004) {
		strbuf_addch(out, ' ');
		strbuf_adds(out, u64_digits(buf + sizeof(buf), (unsigned long long) ts_ms));
		return;
	}
	strbuf_addch(out, ' ');
	strbuf_adds(out, u64_digits(buf + sizeof(buf), (unsigned long long) (ts_ms / 1000)));
	if (ts_ms % 1000)
		strbuf_addf(out, ".%03u", (unsigned) (ts_ms % 1000));
}

void
om_put_sample(struct strbuf *out, size_t fam, const char *labels, size_t labels_len,
              const char *extra, double value, int64_t ts_ms, enum om_format fmt)
{
	const struct om_family *f = om_family_at(fam);
	size_t extra_len = extra ? strlen(extra) : 0;

	if (!f)
		return;
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
	om_put_value(out, value);
	if (ts_ms >= 0)
		put_timestamp(out, ts_ms, fmt);
	strbuf_addch(out, '\n');
}
