/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The metrics core (metrics/om.h): the text of values, labels, metadata and
 * sample lines in both formats, the series of hand-built items, and the
 * family table against doc/metrics.md (§1 grammar and units, §2
 * node_exporter names). Every expected text is written by hand from the
 * OpenMetrics 1.0 specification and the Prometheus text format 0.0.4.
 */
#include <check.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/activity.h"
#include "common/layout.h"
#include "metrics/om.h"

/* ---- helpers ---- */

static size_t
family(const char *name)
{
	size_t i;

	for (i = 0; i < om_family_count(); i++)
		if (!strcmp(om_family_at(i)->name, name))
			return i;
	ck_abort_msg("no family %s", name);
	return 0;
}

static uint64_t rnd_state = 0x9e3779b97f4a7c15ull;

/* xorshift64*: the same sequence on every run. */
static uint64_t
rnd(void)
{
	rnd_state ^= rnd_state >> 12;
	rnd_state ^= rnd_state << 25;
	rnd_state ^= rnd_state >> 27;
	return rnd_state * 2685821657736338717ull;
}

/* A signed integer in [-lim, lim]. */
static int64_t
rnd_signed(uint64_t lim)
{
	int64_t k = (int64_t) (rnd() % (lim + 1));

	return rnd() & 1 ? -k : k;
}

/* ---- om_format_value ---- */

static void
expect_value(double v, const char *want)
{
	char buf[OM_VALUE_LEN];
	size_t n = om_format_value(buf, v);
	struct strbuf sb = STRBUF_INIT;

	ck_assert_str_eq(buf, want);
	ck_assert_uint_eq(n, strlen(want));
	om_put_value(&sb, v);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
}

START_TEST(test_value_exact)
{
	expect_value(0, "0");
	expect_value(1, "1");
	expect_value(-1, "-1");
	expect_value(-42, "-42");
	expect_value(9007199254740991.0, "9007199254740991");   /* 2^53 - 1 */
	expect_value(-9007199254740991.0, "-9007199254740991"); /* -(2^53 - 1) */
	expect_value(9007199254740992.0, "9007199254740992");   /* 2^53 */
	expect_value(9007199254740994.0, "9007199254740994");   /* 2^53 + 2 */
	expect_value(-9007199254740992.0, "-9007199254740992");
	expect_value(18446744073709551616.0, "1.8446744073709552e+19"); /* 2^64 */
	expect_value(14.41, "14.41");
	expect_value(-14.41, "-14.41");
	expect_value(0.01, "0.01");
	expect_value(0.1, "0.1");
	expect_value(0.5, "0.5");
	expect_value(-0.25, "-0.25");
	expect_value(1024.05, "1024.05");
	expect_value(123456789.125, "123456789.125");
	expect_value(0.000123, "0.000123");
	expect_value(3.000001, "3.000001");
	expect_value(26.13, "26.13");
	expect_value(1e20, "1e+20");
	expect_value(NAN, "NaN");
	expect_value(-NAN, "NaN");
	expect_value(INFINITY, "+Inf");
	expect_value(-INFINITY, "-Inf");
	/* Negative zero keeps its sign. */
	expect_value(-0.0, "-0");
	expect_value(0.0, "0");
	/* Past 2^53 and below 1e-4 the shortest text is not the fixed one of %.15g. */
	expect_value(12345678901234500.0, "12345678901234500");
	expect_value(2.3e-5, "2.3e-05");
	expect_value(1e300, "1e+300");
}
END_TEST

/*
 * The properties of one value's text: it reads back (in the C locale's
 * form) as the very same double, holds only [-+0-9.eEInfNa], never a
 * comma, and is no longer than %.17g.
 */
static locale_t c_locale; /* made once: newlocale() per value is slow */

static void
check_value(double v, unsigned *n_checked)
{
	char buf[OM_VALUE_LEN], ref[64], *end;
	size_t n = om_format_value(buf, v), i;
	double back;
	int reflen = snprintf(ref, sizeof(ref), "%.17g", v);

	/* ck_assert() writes to Check's log each time: too slow for 400,000 values. */
	if (n != strlen(buf))
		ck_abort_msg("%.17g: length %zu, text %s", v, n, buf);
	for (i = 0; i < n; i++)
		if (!strchr("-+0123456789.eEInfNa", buf[i]))
			ck_abort_msg("%.17g: '%c' in %s", v, buf[i], buf);
	if (strchr(buf, ','))
		ck_abort_msg("%.17g: comma in %s", v, buf);
	if (n > (size_t) reflen)
		ck_abort_msg("%.17g: %s is longer than %s", v, buf, ref);
	/* Read back in the C locale's form, whatever LC_NUMERIC is. */
	if (!c_locale)
		c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t) 0);
	if (!c_locale)
		ck_abort_msg("newlocale(C) fails");
	back = strtod_l(buf, &end, c_locale);
	if (*end)
		ck_abort_msg("%.17g: %s not read whole", v, buf);
	if (memcmp(&back, &v, sizeof(v)))
		ck_abort_msg("%.17g: %s reads back as %.17g", v, buf, back);
	(*n_checked)++;
}

/* A finite double of random bits (all exponents, subnormals included). */
static double
random_bits(void)
{
	double v;

	do {
		uint64_t u = rnd();

		memcpy(&v, &u, sizeof(v));
	} while (!isfinite(v));
	return v;
}

/* A short decimal of any magnitude: up to 15 digits times 10^e, e in [-40, 40]. */
static double
random_magnitude(void)
{
	char text[48];

	snprintf(text, sizeof(text), "%s%llue%d", rnd() & 1 ? "-" : "",
	         (unsigned long long) (rnd() % 1000000000000000ull), (int) (rnd() % 81) - 40);
	return strtod(text, NULL);
}

/* 200,000 values in five kinds of 40,000; returns how many were checked. */
static unsigned
check_random_values(void)
{
	static const double pow10[] = {1,   10,  100, 1e3,  1e4,  1e5, 1e6,
	                               1e7, 1e8, 1e9, 1e10, 1e11, 1e12};
	unsigned n = 0, i;

	for (i = 0; i < 40000; i++) {
		int64_t k = rnd_signed(pow10[rnd() % 13]);

		check_value(random_bits(), &n);
		/* Jiffies and hundredths as the families make them: divided, or times 0.01. */
		check_value(i & 1 ? (double) k / 100 : (double) k * 0.01, &n);
		check_value(i & 1 ? (double) k / 1000 : (double) k * 1e-3, &n);
		check_value(i & 1 ? (double) k / 1e6 : (double) k * 1e-6, &n);
		/* Large and tiny: short decimals of any size, or bits of the extremes. */
		if (i % 4 == 3) {
			double v = random_bits();

			check_value(i & 4 ? ldexp(frexp(v, &(int){0}), 1000 + (int) (rnd() % 24))
			                  : ldexp(frexp(v, &(int){0}), -1074 + (int) (rnd() % 100)),
			            &n);
		} else {
			check_value(random_magnitude(), &n);
		}
	}
	return n;
}

START_TEST(test_value_random)
{
	ck_assert_uint_eq(check_random_values(), 200000);
}
END_TEST

/* With a decimal comma in LC_NUMERIC the text is the same. */
START_TEST(test_value_locale)
{
	char probe[16];
	unsigned n = 0;

	if (!setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
		fputs("test_om: note: no de_DE.UTF-8 locale, decimal comma not checked\n", stderr);
		return;
	}
	snprintf(probe, sizeof(probe), "%.1f", 1.5);
	ck_assert_str_eq(probe, "1,5");
	expect_value(14.41, "14.41");
	expect_value(1e20, "1e+20");
	/* Python's repr(1/3), the shortest text that reads back. */
	expect_value(1.0 / 3, "0.3333333333333333");
	n = check_random_values();
	setlocale(LC_NUMERIC, "C");
	ck_assert_uint_eq(n, 200000);
}
END_TEST

/* ---- labels ---- */

static void
expect_escape(const char *in, size_t len, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "x=");
	om_escape(&sb, in, len);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
}

START_TEST(test_escape)
{
	expect_escape("eth0", 4, "x=eth0");
	expect_escape("", 0, "x=");
	expect_escape("a\\b", 3, "x=a\\\\b");
	expect_escape("say \"hi\"", 8, "x=say \\\"hi\\\"");
	expect_escape("two\nlines", 9, "x=two\\nlines");
	expect_escape("\\\"\n", 3, "x=\\\\\\\"\\n");
	expect_escape("\n\n", 2, "x=\\n\\n");
	expect_escape("/mnt/x\\y", 6, "x=/mnt/x");    /* only len bytes */
	expect_escape("tab\there", 8, "x=tab\there"); /* nothing else is escaped */
}
END_TEST

static bool
name_ok(const char *s)
{
	return om_label_name_ok(s, strlen(s));
}

START_TEST(test_label_name)
{
	ck_assert(name_ok("a1"));
	ck_assert(name_ok("_x"));
	ck_assert(name_ok("_"));
	ck_assert(name_ok("A"));
	ck_assert(name_ok("datacenter"));
	ck_assert(name_ok("rack_9"));
	ck_assert(name_ok("instance")); /* -O instance=... replaces the default */
	ck_assert(name_ok("job"));
	ck_assert(!name_ok("__x"));
	ck_assert(!name_ok("__name__"));
	ck_assert(!name_ok("1a"));
	ck_assert(!name_ok("9"));
	ck_assert(!name_ok(""));
	ck_assert(!name_ok("a-b"));
	ck_assert(!name_ok("a b"));
	ck_assert(!name_ok("a:b")); /* colons are for metric names only */
	ck_assert(!name_ok("a.b"));
	ck_assert(!name_ok("\xc3\xa9t\xc3\xa9"));
	/* The families' own labels. */
	ck_assert(!name_ok("cpu"));
	ck_assert(!name_ok("mode"));
	ck_assert(!name_ok("device"));
	ck_assert(!name_ok("mountpoint"));
	ck_assert(!name_ok("nodename"));
	ck_assert(name_ok("cpus"));
	ck_assert(name_ok("Cpu"));
	/* Only len bytes count. */
	ck_assert(!om_label_name_ok("cpux", 3));
	ck_assert(om_label_name_ok("cpux", 4));
	ck_assert(om_label_name_ok("a1=b", 2));
	ck_assert(!om_label_name_ok("a1", 0));
}
END_TEST

/* ---- metadata and samples ---- */

static void
expect_meta(const char *name, enum om_format fmt, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	om_put_meta(&sb, family(name), fmt);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
}

START_TEST(test_meta)
{
	const struct om_family *f;
	char want[256];

	/* A counter: OpenMetrics names the family, 0.0.4 the sample (_total), without UNIT. */
	expect_meta("node_cpu_seconds", OM_FMT_OPENMETRICS,
	            "# TYPE node_cpu_seconds counter\n"
	            "# UNIT node_cpu_seconds seconds\n"
	            "# HELP node_cpu_seconds Seconds the CPUs spent in each mode.\n");
	expect_meta("node_cpu_seconds", OM_FMT_TEXT004,
	            "# HELP node_cpu_seconds_total Seconds the CPUs spent in each mode.\n"
	            "# TYPE node_cpu_seconds_total counter\n");
	/* A counter without a unit. */
	expect_meta("node_context_switches", OM_FMT_OPENMETRICS,
	            "# TYPE node_context_switches counter\n"
	            "# HELP node_context_switches Total number of context switches.\n");
	expect_meta("node_context_switches", OM_FMT_TEXT004,
	            "# HELP node_context_switches_total Total number of context switches.\n"
	            "# TYPE node_context_switches_total counter\n");
	/* A gauge with a unit. */
	expect_meta("node_memory_MemAvailable_bytes", OM_FMT_OPENMETRICS,
	            "# TYPE node_memory_MemAvailable_bytes gauge\n"
	            "# UNIT node_memory_MemAvailable_bytes bytes\n"
	            "# HELP node_memory_MemAvailable_bytes Memory information field "
	            "MemAvailable_bytes.\n");
	expect_meta("node_memory_MemAvailable_bytes", OM_FMT_TEXT004,
	            "# HELP node_memory_MemAvailable_bytes Memory information field "
	            "MemAvailable_bytes.\n"
	            "# TYPE node_memory_MemAvailable_bytes gauge\n");
	/*
	 * An unknown family (node_exporter's untyped node_vmstat_*): "unknown"
	 * in OpenMetrics, "untyped" in 0.0.4, the name unchanged; HELP when it
	 * has one.
	 */
	f = om_family_at(family("node_vmstat_pgfault"));
	ck_assert_int_eq(f->type, OM_UNKNOWN);
	ck_assert_str_eq(f->unit, "");
	if (f->help[0])
		snprintf(want, sizeof(want),
		         "# TYPE node_vmstat_pgfault unknown\n# HELP node_vmstat_pgfault %s\n",
		         f->help);
	else
		snprintf(want, sizeof(want), "# TYPE node_vmstat_pgfault unknown\n");
	expect_meta("node_vmstat_pgfault", OM_FMT_OPENMETRICS, want);
	if (f->help[0])
		snprintf(want, sizeof(want),
		         "# HELP node_vmstat_pgfault %s\n# TYPE node_vmstat_pgfault untyped\n",
		         f->help);
	else
		snprintf(want, sizeof(want), "# TYPE node_vmstat_pgfault untyped\n");
	expect_meta("node_vmstat_pgfault", OM_FMT_TEXT004, want);
	/* node_disk_io_time_weighted_seconds' HELP has a '#': nothing to escape. */
	expect_meta("node_disk_io_time_weighted_seconds", OM_FMT_TEXT004,
	            "# HELP node_disk_io_time_weighted_seconds_total The weighted # of seconds "
	            "spent doing I/Os.\n"
	            "# TYPE node_disk_io_time_weighted_seconds_total counter\n");
	/* Out of range: nothing. */
	{
		struct strbuf sb = STRBUF_INIT;

		om_put_meta(&sb, om_family_count(), OM_FMT_OPENMETRICS);
		ck_assert_uint_eq(sb.len, 0);
		strbuf_release(&sb);
	}
}
END_TEST

static void
expect_sample(const char *name, const char *labels, const char *extra, double v, int64_t ts_ms,
              enum om_format fmt, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	om_put_sample(&sb, family(name), labels, strlen(labels), extra, v, ts_ms, fmt);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
}

START_TEST(test_sample)
{
	static const char cpu[] = "cpu=\"0\",mode=\"user\"";
	static const char inst[] = "instance=\"web-7\",job=\"node\"";

	/* No labels, no timestamp. */
	expect_sample("node_load1", "", "", 1.23, -1, OM_FMT_OPENMETRICS, "node_load1 1.23\n");
	expect_sample("node_load1", "", NULL, 1.23, -1, OM_FMT_TEXT004, "node_load1 1.23\n");
	/* A counter's samples end in _total; labels, then the extra labels. */
	expect_sample("node_cpu_seconds", cpu, "", 26.13, -1, OM_FMT_OPENMETRICS,
	              "node_cpu_seconds_total{cpu=\"0\",mode=\"user\"} 26.13\n");
	expect_sample("node_cpu_seconds", cpu, inst, 26.13, -1, OM_FMT_OPENMETRICS,
	              "node_cpu_seconds_total{cpu=\"0\",mode=\"user\",instance=\"web-7\",job="
	              "\"node\"} 26.13\n");
	expect_sample("node_load1", "", inst, 0.5, -1, OM_FMT_OPENMETRICS,
	              "node_load1{instance=\"web-7\",job=\"node\"} 0.5\n");
	/* Timestamps: OpenMetrics seconds (a fraction only when there is one), 0.0.4 milliseconds.
	 */
	expect_sample("node_cpu_seconds", cpu, inst, 26.13, 1795929656000, OM_FMT_OPENMETRICS,
	              "node_cpu_seconds_total{cpu=\"0\",mode=\"user\",instance=\"web-7\",job="
	              "\"node\"} 26.13 "
	              "1795929656\n");
	expect_sample("node_cpu_seconds", cpu, inst, 26.13, 1795929656000, OM_FMT_TEXT004,
	              "node_cpu_seconds_total{cpu=\"0\",mode=\"user\",instance=\"web-7\",job="
	              "\"node\"} 26.13 "
	              "1795929656000\n");
	expect_sample("node_load1", "", "", 2, 1795929255250, OM_FMT_OPENMETRICS,
	              "node_load1 2 1795929255.250\n");
	expect_sample("node_load1", "", "", 2, 1795929255250, OM_FMT_TEXT004,
	              "node_load1 2 1795929255250\n");
	expect_sample("node_load1", "", "", 2, 1795929255005, OM_FMT_OPENMETRICS,
	              "node_load1 2 1795929255.005\n");
	expect_sample("node_load1", "", "", 2, 1795929255040, OM_FMT_OPENMETRICS,
	              "node_load1 2 1795929255.040\n");
	expect_sample("node_load1", "", "", 2, 999, OM_FMT_OPENMETRICS, "node_load1 2 0.999\n");
	expect_sample("node_load1", "", "", 2, 0, OM_FMT_OPENMETRICS, "node_load1 2 0\n");
	expect_sample("node_load1", "", "", 2, 0, OM_FMT_TEXT004, "node_load1 2 0\n");
	/* An unknown family's samples carry its name unchanged. */
	expect_sample("node_vmstat_pgfault", "", inst, 12345, 1000, OM_FMT_OPENMETRICS,
	              "node_vmstat_pgfault{instance=\"web-7\",job=\"node\"} 12345 1\n");
	expect_sample("node_network_receive_bytes", "device=\"eth0\"", "", NAN, -1, OM_FMT_TEXT004,
	              "node_network_receive_bytes_total{device=\"eth0\"} NaN\n");
	/* om_put_prefix: what comes before the value. */
	{
		struct strbuf sb = STRBUF_INIT;

		om_put_prefix(&sb, family("node_cpu_seconds"), cpu, strlen(cpu), inst);
		ck_assert_str_eq(sb.buf, "node_cpu_seconds_total{cpu=\"0\",mode=\"user\",instance="
		                         "\"web-7\",job=\"node\"} ");
		strbuf_reset(&sb);
		om_put_prefix(&sb, family("node_load5"), "", 0, NULL);
		ck_assert_str_eq(sb.buf, "node_load5 ");
		strbuf_release(&sb);
	}
}
END_TEST

/* ---- the series of hand-built items ---- */

#define MAX_GOT 64

struct got {
	unsigned n;
	size_t fam[MAX_GOT];
	char labels[MAX_GOT][160];
	double v[MAX_GOT];
};

static void
collect(void *arg, size_t fam, const char *labels, size_t len, double value)
{
	struct got *g = arg;

	if (g->n >= MAX_GOT || len >= sizeof(g->labels[0]))
		ck_abort_msg("%u series, labels of %zu bytes: too many for the test", g->n, len);
	g->fam[g->n] = fam;
	memcpy(g->labels[g->n], labels, len);
	g->labels[g->n][len] = '\0';
	g->v[g->n] = value;
	g->n++;
}

static void
expect_got(const struct got *g, unsigned i, size_t fam, const char *labels, double v)
{
	ck_assert_uint_lt(i, g->n);
	ck_assert_uint_eq(g->fam[i], fam);
	ck_assert_str_eq(g->labels[i], labels);
	ck_assert_msg(g->v[i] == v, "series %u (%s): %.17g, expected %.17g", i, labels, g->v[i], v);
}

static struct got *
samples(struct om_ctx *c, const char *name, const void *buf, uint32_t nr, uint32_t stride)
{
	static struct got g;
	struct om_items it = {buf, nr, 1, stride, stride};

	memset(&g, 0, sizeof(g));
	om_family_samples(c, family(name), &it, collect, &g);
	return &g;
}

START_TEST(test_cpu)
{
	struct stats_cpu cpu[3];
	struct om_ctx c = {.hz = 100};
	size_t fam = family("node_cpu_seconds");
	struct got *g;

	memset(cpu, 0, sizeof(cpu));
	/* all CPUs: left out (node_exporter has no "all" series) */
	cpu[0].cpu_user = 999999;
	cpu[0].cpu_idle = 999999;
	/* cpu0 */
	cpu[1].cpu_user = 2613;
	cpu[1].cpu_nice = 1;
	cpu[1].cpu_sys = 250;
	cpu[1].cpu_iowait = 0;
	cpu[1].cpu_hardirq = 7;
	cpu[1].cpu_softirq = 100;
	cpu[1].cpu_steal = 1441;
	cpu[1].cpu_idle = 123456789;
	cpu[1].cpu_guest = 35;
	cpu[1].cpu_guest_nice = 41;
	/* cpu1: all zero, offline */

	g = samples(&c, "node_cpu_seconds", cpu, 3, sizeof(cpu[0]));
	ck_assert_uint_eq(g->n, 8);
	expect_got(g, 0, fam, "cpu=\"0\",mode=\"user\"", 26.13);
	expect_got(g, 1, fam, "cpu=\"0\",mode=\"nice\"", 0.01);
	expect_got(g, 2, fam, "cpu=\"0\",mode=\"system\"", 2.5);
	expect_got(g, 3, fam, "cpu=\"0\",mode=\"iowait\"", 0);
	expect_got(g, 4, fam, "cpu=\"0\",mode=\"irq\"", 0.07);
	expect_got(g, 5, fam, "cpu=\"0\",mode=\"softirq\"", 1);
	expect_got(g, 6, fam, "cpu=\"0\",mode=\"steal\"", 14.41);
	expect_got(g, 7, fam, "cpu=\"0\",mode=\"idle\"", 1234567.89);

	g = samples(&c, "node_cpu_guest_seconds", cpu, 3, sizeof(cpu[0]));
	ck_assert_uint_eq(g->n, 2);
	expect_got(g, 0, family("node_cpu_guest_seconds"), "cpu=\"0\",mode=\"user\"", 0.35);
	expect_got(g, 1, family("node_cpu_guest_seconds"), "cpu=\"0\",mode=\"nice\"", 0.41);

	/* Another clock: 250 ticks a second. */
	c.hz = 250;
	g = samples(&c, "node_cpu_seconds", cpu, 2, sizeof(cpu[0]));
	ck_assert_uint_eq(g->n, 8);
	expect_got(g, 0, fam, "cpu=\"0\",mode=\"user\"", 10.452);
	expect_got(g, 2, fam, "cpu=\"0\",mode=\"system\"", 1);

	/* cpu1 online: 16 series, cpu0's then cpu1's. */
	c.hz = 100;
	cpu[2].cpu_idle = 5;
	g = samples(&c, "node_cpu_seconds", cpu, 3, sizeof(cpu[0]));
	ck_assert_uint_eq(g->n, 16);
	expect_got(g, 8, fam, "cpu=\"1\",mode=\"user\"", 0);
	expect_got(g, 15, fam, "cpu=\"1\",mode=\"idle\"", 0.05);
	om_ctx_release(&c);
}
END_TEST

static bool
refuse_cpu0(void *arg, uint32_t cpu)
{
	(void) arg;
	return cpu != 0;
}

START_TEST(test_cpu_filter)
{
	struct stats_cpu cpu[3];
	struct om_ctx c = {.hz = 100, .cpu_ok = refuse_cpu0};
	struct got *g;

	memset(cpu, 0, sizeof(cpu));
	cpu[1].cpu_user = 1;
	cpu[2].cpu_user = 2;
	g = samples(&c, "node_cpu_seconds", cpu, 3, sizeof(cpu[0]));
	ck_assert_uint_eq(g->n, 8);
	expect_got(g, 0, family("node_cpu_seconds"), "cpu=\"1\",mode=\"user\"", 0.02);
	om_ctx_release(&c);
}
END_TEST

/* The callbacks' argument. */
static int marker;

static void
sd_name(void *arg, uint32_t major, uint32_t minor, char *out, size_t len)
{
	ck_assert_ptr_eq(arg, &marker);
	/* The hook gets the item's own device number (the disks below are 8:x and 253:32). */
	ck_assert(major == 8 || (major == 253 && minor == 32));
	snprintf(out, len, "sd%c", 'a' + (int) (minor / 16));
}

static bool
not_sdb_nor_lo(void *arg, uint32_t act, const char *name)
{
	ck_assert_ptr_eq(arg, &marker);
	if (act == A_DISK)
		return strcmp(name, "sdb") != 0;
	ck_assert(act == A_NET_DEV || act == A_NET_EDEV);
	return strcmp(name, "lo") != 0;
}

START_TEST(test_disk)
{
	struct stats_disk d[3];
	struct om_ctx c = {.hz = 100};
	struct got *g;

	memset(d, 0, sizeof(d));
	d[0].major = 8;
	d[0].minor = 0;
	d[0].rd_sect = 1000;
	d[0].wr_sect = 3;
	d[0].rd_ticks = 1500;
	d[0].tot_ticks = 7;
	d[0].nr_ios = 42;
	d[1].major = 8;
	d[1].minor = 16;
	d[1].rd_sect = 1;
	d[2].major = 253;
	d[2].minor = 32;
	d[2].rd_sect = 2;

	/* Without a name callback: devM-m. */
	g = samples(&c, "node_disk_read_bytes", d, 3, sizeof(d[0]));
	ck_assert_uint_eq(g->n, 3);
	expect_got(g, 0, family("node_disk_read_bytes"), "device=\"dev8-0\"", 512000);
	expect_got(g, 1, family("node_disk_read_bytes"), "device=\"dev8-16\"", 512);
	expect_got(g, 2, family("node_disk_read_bytes"), "device=\"dev253-32\"", 1024);

	/*
	 * With one, and a filter. The context keeps the labels of items named
	 * as before: new hooks need it released.
	 */
	om_ctx_release(&c);
	c.disk_name = sd_name;
	c.name_ok = not_sdb_nor_lo;
	c.arg = &marker;
	g = samples(&c, "node_disk_read_bytes", d, 3, sizeof(d[0]));
	ck_assert_uint_eq(g->n, 2);
	expect_got(g, 0, family("node_disk_read_bytes"), "device=\"sda\"", 512000);
	expect_got(g, 1, family("node_disk_read_bytes"), "device=\"sdc\"", 1024);
	/* The next records: a disk renamed at the same place, one left out until it is renamed. */
	d[0].minor = 48;
	g = samples(&c, "node_disk_read_bytes", d, 3, sizeof(d[0]));
	ck_assert_uint_eq(g->n, 2);
	expect_got(g, 0, family("node_disk_read_bytes"), "device=\"sdd\"", 512000);
	d[1].minor = 64;
	g = samples(&c, "node_disk_written_bytes", d, 3, sizeof(d[0]));
	ck_assert_uint_eq(g->n, 3);
	expect_got(g, 1, family("node_disk_written_bytes"), "device=\"sde\"", 0);
	d[0].minor = 0;
	d[1].minor = 16;
	g = samples(&c, "node_disk_read_bytes", d, 3, sizeof(d[0]));
	ck_assert_uint_eq(g->n, 2);
	expect_got(g, 0, family("node_disk_read_bytes"), "device=\"sda\"", 512000);
	expect_got(g, 1, family("node_disk_read_bytes"), "device=\"sdc\"", 1024);
	g = samples(&c, "node_disk_written_bytes", d, 1, sizeof(d[0]));
	expect_got(g, 0, family("node_disk_written_bytes"), "device=\"sda\"", 1536);
	g = samples(&c, "node_disk_read_time_seconds", d, 1, sizeof(d[0]));
	expect_got(g, 0, family("node_disk_read_time_seconds"), "device=\"sda\"", 1.5);
	g = samples(&c, "node_disk_io_time_seconds", d, 1, sizeof(d[0]));
	expect_got(g, 0, family("node_disk_io_time_seconds"), "device=\"sda\"", 0.007);
	g = samples(&c, "sysstat_disk_ios", d, 1, sizeof(d[0]));
	expect_got(g, 0, family("sysstat_disk_ios"), "device=\"sda\"", 42);
	om_ctx_release(&c);
}
END_TEST

START_TEST(test_net_dev)
{
	struct stats_net_dev n[4];
	struct om_ctx c = {.hz = 100, .name_ok = not_sdb_nor_lo, .arg = &marker};
	size_t fam = family("node_network_receive_bytes");
	struct got *g;

	memset(n, 0, sizeof(n));
	memcpy(n[0].interface, "lo", 2);
	n[0].rx_bytes = 1;
	memcpy(n[1].interface, "eth0", 4);
	n[1].rx_bytes = 123456789012ull;
	n[1].tx_bytes = 5;
	n[1].multicast = 6;
	/* A name that fills the field, without a NUL. */
	memcpy(n[2].interface, "abcdefghijklmnop", MAX_IFACE_LEN);
	n[2].rx_bytes = 7;
	/* An empty name: left out. */
	n[3].rx_bytes = 8;

	g = samples(&c, "node_network_receive_bytes", n, 4, sizeof(n[0]));
	ck_assert_uint_eq(g->n, 2);
	expect_got(g, 0, fam, "device=\"eth0\"", 123456789012.0);
	expect_got(g, 1, fam, "device=\"abcdefghijklmnop\"", 7);
	g = samples(&c, "node_network_transmit_bytes", n, 2, sizeof(n[0]));
	ck_assert_uint_eq(g->n, 1);
	expect_got(g, 0, family("node_network_transmit_bytes"), "device=\"eth0\"", 5);
	g = samples(&c, "node_network_receive_multicast", n, 2, sizeof(n[0]));
	expect_got(g, 0, family("node_network_receive_multicast"), "device=\"eth0\"", 6);

	/* The next sample in the same buffer: an item renamed gets its new name. */
	memcpy(n[1].interface, "eth1", 4);
	g = samples(&c, "node_network_transmit_bytes", n, 4, sizeof(n[0]));
	ck_assert_uint_eq(g->n, 2);
	expect_got(g, 0, family("node_network_transmit_bytes"), "device=\"eth1\"", 5);
	/* Without a filter (new hooks: the context released), lo too. */
	om_ctx_release(&c);
	c.name_ok = NULL;
	g = samples(&c, "node_network_receive_bytes", n, 4, sizeof(n[0]));
	ck_assert_uint_eq(g->n, 3);
	expect_got(g, 0, fam, "device=\"lo\"", 1);
	expect_got(g, 1, fam, "device=\"eth1\"", 123456789012.0);
	om_ctx_release(&c);
}
END_TEST

START_TEST(test_queue)
{
	struct stats_queue q;
	struct om_ctx c = {.hz = 100};
	struct got *g;

	memset(&q, 0, sizeof(q));
	q.load_avg_1 = 123;
	q.load_avg_5 = 5;
	q.load_avg_15 = 100;
	q.nr_running = 3;
	q.procs_blocked = 1;
	g = samples(&c, "node_load1", &q, 1, sizeof(q));
	ck_assert_uint_eq(g->n, 1);
	expect_got(g, 0, family("node_load1"), "", 1.23);
	g = samples(&c, "node_load5", &q, 1, sizeof(q));
	expect_got(g, 0, family("node_load5"), "", 0.05);
	g = samples(&c, "node_load15", &q, 1, sizeof(q));
	expect_got(g, 0, family("node_load15"), "", 1);
	g = samples(&c, "node_procs_running", &q, 1, sizeof(q));
	expect_got(g, 0, family("node_procs_running"), "", 3);
	g = samples(&c, "node_procs_blocked", &q, 1, sizeof(q));
	expect_got(g, 0, family("node_procs_blocked"), "", 1);
	/* No items, or family 0 (node_uname_info, from the header): nothing. */
	g = samples(&c, "node_load1", &q, 0, sizeof(q));
	ck_assert_uint_eq(g->n, 0);
	g = samples(&c, "node_uname_info", &q, 1, sizeof(q));
	ck_assert_uint_eq(g->n, 0);
	om_ctx_release(&c);
}
END_TEST

/*
 * Stored hundredths, milliseconds, microseconds and 1/100 % become the
 * double nearest the decimal (k / 100, not k * 0.01: 35 * 0.01 is
 * 0.35000000000000003), so that they print as sar's short decimals.
 */
START_TEST(test_fractions)
{
	static const struct {
		const char *name;
		double scale;
	} fams[] = {
	        {"node_load1", 100},
	        {"node_disk_read_time_seconds", 1000},
	        {"node_pressure_cpu_waiting_seconds", 1e6},
	        {"sysstat_pressure_cpu_some_avg10_ratio", 1e4},
	};
	struct stats_queue q;
	struct stats_disk d;
	struct stats_psi_cpu p;
	const void *items[] = {&q, &d, &p, &p};
	const uint32_t sizes[] = {sizeof(q), sizeof(d), sizeof(p), sizeof(p)};
	struct om_ctx c = {.hz = 100};
	struct got g;
	size_t f, fam[4];
	uint32_t k;

	memset(&q, 0, sizeof(q));
	memset(&d, 0, sizeof(d));
	memset(&p, 0, sizeof(p));
	for (f = 0; f < 4; f++)
		fam[f] = family(fams[f].name);
	for (k = 0; k < 20000; k++) {
		q.load_avg_1 = k;
		d.rd_ticks = k;
		p.some_cpu_total = k;
		p.some_acpu_10 = k;
		for (f = 0; f < 4; f++) {
			struct om_items it = {items[f], 1, 1, sizes[f], sizes[f]};

			g.n = 0;
			om_family_samples(&c, fam[f], &it, collect, &g);
			ck_assert_uint_eq(g.n, 1);
			if (g.v[0] != k / fams[f].scale)
				ck_abort_msg("%s of %u: %.17g", fams[f].name, (unsigned) k, g.v[0]);
		}
	}
	om_ctx_release(&c);
}
END_TEST

START_TEST(test_uname)
{
	struct strbuf sb = STRBUF_INIT;

	om_uname_labels(&sb, "Linux", "6.1.0-13-amd64", "web\"7", "x86_64");
	ck_assert_str_eq(sb.buf, "sysname=\"Linux\",release=\"6.1.0-13-amd64\",nodename="
	                         "\"web\\\"7\",machine=\"x86_64\"");
	strbuf_release(&sb);
	ck_assert_str_eq(om_family_at(0)->name, "node_uname_info");
	ck_assert_int_eq(om_family_at(0)->type, OM_GAUGE);
	ck_assert_uint_eq(om_family_at(0)->act, 0);
	ck_assert_ptr_null(om_family_at(om_family_count()));
}
END_TEST

/* ---- the family table ---- */

static bool
metric_name_ok(const char *s)
{
	size_t i;

	/* [a-zA-Z_:][a-zA-Z0-9_:]*; a leading '_' is reserved (doc/metrics.md §1.1). */
	if (!*s || *s == '_' || (*s >= '0' && *s <= '9'))
		return false;
	for (i = 0; s[i]; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == ':'))
			return false;
	return true;
}

static bool
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

START_TEST(test_table)
{
	static const char *const units[] = {"seconds", "bytes", "ratio",  "hertz",
	                                    "celsius", "volts", "amperes"};
	size_t i, j, n = om_family_count();

	ck_assert_uint_gt(n, 100);
	for (i = 0; i < n; i++) {
		const struct om_family *f = om_family_at(i);
		char suffix[64];
		bool base = false;

		ck_assert_msg(metric_name_ok(f->name), "%s", f->name);
		ck_assert_msg(!strncmp(f->name, "node_", 5) || !strncmp(f->name, "sysstat_", 8),
		              "%s", f->name);
		ck_assert_msg(f->type == OM_COUNTER || f->type == OM_GAUGE || f->type == OM_UNKNOWN,
		              "%s", f->name);
		if (f->type == OM_COUNTER)
			ck_assert_msg(!ends_with(f->name, "_total"), "%s", f->name);
		if (f->unit[0]) {
			snprintf(suffix, sizeof(suffix), "_%s", f->unit);
			ck_assert_msg(ends_with(f->name, suffix), "%s: unit %s", f->name, f->unit);
			for (j = 0; j < sizeof(units) / sizeof(units[0]); j++)
				base |= !strcmp(f->unit, units[j]);
			ck_assert_msg(base, "%s: unit %s", f->name, f->unit);
		}
		/* No percent anywhere: ratios are 0-1 (doc/metrics.md §1.1). */
		ck_assert_msg(!strstr(f->name, "percent"), "%s", f->name);
		ck_assert_msg(!strchr(f->help, '\n'), "%s", f->name);
		ck_assert_msg(i ? f->act >= A_CPU && f->act <= A_ID_MAX : f->act == 0, "%s: act %u",
		              f->name, (unsigned) f->act);
		for (j = 0; j < i; j++)
			ck_assert_msg(strcmp(f->name, om_family_at(j)->name), "%s twice", f->name);
	}
}
END_TEST

/*
 * doc/metrics.md §2, by hand: node_exporter's sample names (with _total for its
 * counters) and the activity each comes from.
 */
struct spec_name {
	const char *sample;
	uint32_t act;
};

static const struct spec_name spec_names[] = {
        {"node_cpu_seconds_total", A_CPU},
        {"node_cpu_guest_seconds_total", A_CPU},
        {"node_context_switches_total", A_PCSW},
        {"node_forks_total", A_PCSW},
        {"node_intr_total", A_IRQ},
        {"node_load1", A_QUEUE},
        {"node_load5", A_QUEUE},
        {"node_load15", A_QUEUE},
        {"node_procs_running", A_QUEUE},
        {"node_procs_blocked", A_QUEUE},
        {"node_pressure_cpu_waiting_seconds_total", A_PSI_CPU},
        {"node_pressure_io_waiting_seconds_total", A_PSI_IO},
        {"node_pressure_io_stalled_seconds_total", A_PSI_IO},
        {"node_pressure_memory_waiting_seconds_total", A_PSI_MEM},
        {"node_pressure_memory_stalled_seconds_total", A_PSI_MEM},
        {"node_memory_MemFree_bytes", A_MEMORY},
        {"node_memory_MemAvailable_bytes", A_MEMORY},
        {"node_memory_Buffers_bytes", A_MEMORY},
        {"node_memory_Cached_bytes", A_MEMORY},
        {"node_memory_Committed_AS_bytes", A_MEMORY},
        {"node_memory_Active_bytes", A_MEMORY},
        {"node_memory_Inactive_bytes", A_MEMORY},
        {"node_memory_Dirty_bytes", A_MEMORY},
        {"node_memory_Slab_bytes", A_MEMORY},
        {"node_memory_Shmem_bytes", A_MEMORY}, /* not in struct stats_memory before 12.7.8 */
        {"node_memory_MemTotal_bytes", A_MEMORY},
        {"node_memory_SwapFree_bytes", A_MEMORY},
        {"node_memory_SwapTotal_bytes", A_MEMORY},
        {"node_memory_SwapCached_bytes", A_MEMORY},
        {"node_vmstat_pswpin", A_SWAP},
        {"node_vmstat_pswpout", A_SWAP},
        {"node_vmstat_pgpgin", A_PAGE},
        {"node_vmstat_pgpgout", A_PAGE},
        {"node_vmstat_pgfault", A_PAGE},
        {"node_vmstat_pgmajfault", A_PAGE},
        {"node_disk_read_bytes_total", A_DISK},
        {"node_disk_written_bytes_total", A_DISK},
        {"node_disk_discarded_sectors_total", A_DISK},
        {"node_disk_read_time_seconds_total", A_DISK},
        {"node_disk_write_time_seconds_total", A_DISK},
        {"node_disk_discard_time_seconds_total", A_DISK},
        {"node_disk_io_time_seconds_total", A_DISK},
        {"node_disk_io_time_weighted_seconds_total", A_DISK},
        {"node_network_receive_bytes_total", A_NET_DEV},
        {"node_network_transmit_bytes_total", A_NET_DEV},
        {"node_network_receive_packets_total", A_NET_DEV},
        {"node_network_transmit_packets_total", A_NET_DEV},
        {"node_network_receive_compressed_total", A_NET_DEV},
        {"node_network_transmit_compressed_total", A_NET_DEV},
        {"node_network_receive_multicast_total", A_NET_DEV},
        {"node_network_receive_errs_total", A_NET_EDEV},
        {"node_network_receive_drop_total", A_NET_EDEV},
        {"node_network_receive_fifo_total", A_NET_EDEV},
        {"node_network_receive_frame_total", A_NET_EDEV},
        {"node_network_transmit_errs_total", A_NET_EDEV},
        {"node_network_transmit_drop_total", A_NET_EDEV},
        {"node_network_transmit_fifo_total", A_NET_EDEV},
        {"node_network_transmit_colls_total", A_NET_EDEV},
        {"node_network_transmit_carrier_total", A_NET_EDEV},
        {"node_filesystem_free_bytes", A_FS},
        {"node_filesystem_avail_bytes", A_FS},
        {"node_filesystem_size_bytes", A_FS},
        {"node_filesystem_files", A_FS},
        {"node_filesystem_files_free", A_FS},
        {"node_filefd_allocated", A_KTABLES},
};

/* The activities doc/metrics.md §2 lists; node_sockstat_* and node_netstat_* by their prefixes. */
static const uint32_t spec_acts[] = {
        A_CPU,      A_PCSW,     A_IRQ,       A_QUEUE,     A_PSI_CPU,    A_PSI_IO,
        A_PSI_MEM,  A_MEMORY,   A_SWAP,      A_PAGE,      A_DISK,       A_NET_DEV,
        A_NET_EDEV, A_FS,       A_KTABLES,   A_NET_SOCK,  A_NET_SOCK6,  A_NET_TCP,
        A_NET_ETCP, A_NET_UDP,  A_NET_UDP6,  A_NET_IP,    A_NET_EIP,    A_NET_IP6,
        A_NET_EIP6, A_NET_ICMP, A_NET_EICMP, A_NET_ICMP6, A_NET_EICMP6,
};

static void
sample_name(char *out, size_t len, const struct om_family *f)
{
	snprintf(out, len, "%s%s", f->name, f->type == OM_COUNTER ? "_total" : "");
}

/*
 * node_sockstat_* (gauges) and node_netstat_{Ip,Icmp,Tcp,Udp}[6]_* (unknown)
 * of their activities; the /proc/meminfo fields doc/metrics.md §2
 * does not name.
 */
static bool
spec_prefix_ok(const struct om_family *f)
{
	static const struct {
		const char *prefix;
		uint32_t act[2];
		enum om_type type;
	} rows[] = {
	        {"node_sockstat_", {A_NET_SOCK, A_NET_SOCK6}, OM_GAUGE},
	        /* node_exporter's meminfo collector: node_memory_<a /proc/meminfo key>_bytes. */
	        {"node_memory_AnonPages_bytes", {A_MEMORY, A_MEMORY}, OM_GAUGE},
	        {"node_memory_KernelStack_bytes", {A_MEMORY, A_MEMORY}, OM_GAUGE},
	        {"node_memory_PageTables_bytes", {A_MEMORY, A_MEMORY}, OM_GAUGE},
	        {"node_memory_VmallocUsed_bytes", {A_MEMORY, A_MEMORY}, OM_GAUGE},
	        {"node_netstat_Ip_", {A_NET_IP, A_NET_EIP}, OM_UNKNOWN},
	        {"node_netstat_Icmp_", {A_NET_ICMP, A_NET_EICMP}, OM_UNKNOWN},
	        {"node_netstat_Tcp_", {A_NET_TCP, A_NET_ETCP}, OM_UNKNOWN},
	        {"node_netstat_Udp_", {A_NET_UDP, A_NET_UDP}, OM_UNKNOWN},
	        {"node_netstat_Ip6_", {A_NET_IP6, A_NET_EIP6}, OM_UNKNOWN},
	        {"node_netstat_Icmp6_", {A_NET_ICMP6, A_NET_EICMP6}, OM_UNKNOWN},
	        {"node_netstat_Udp6_", {A_NET_UDP6, A_NET_UDP6}, OM_UNKNOWN},
	};
	size_t k;

	for (k = 0; k < sizeof(rows) / sizeof(rows[0]); k++)
		if (!strncmp(f->name, rows[k].prefix, strlen(rows[k].prefix)))
			return (f->act == rows[k].act[0] || f->act == rows[k].act[1]) &&
			       f->type == rows[k].type;
	return false;
}

START_TEST(test_spec_names)
{
	size_t i, k, n = om_family_count();
	char s[128];

	/*
	 * Every node_* family of an activity in doc/metrics.md §2 is one of its names, with
	 * its type and activity.
	 */
	for (i = 1; i < n; i++) {
		const struct om_family *f = om_family_at(i);
		bool listed = false, known = false;

		for (k = 0; k < sizeof(spec_acts) / sizeof(spec_acts[0]); k++)
			listed |= f->act == spec_acts[k];
		if (!listed || strncmp(f->name, "node_", 5))
			continue;
		sample_name(s, sizeof(s), f);
		for (k = 0; k < sizeof(spec_names) / sizeof(spec_names[0]); k++)
			if (!strcmp(s, spec_names[k].sample)) {
				ck_assert_msg(f->act == spec_names[k].act, "%s: act %u", s,
				              (unsigned) f->act);
				known = true;
			}
		ck_assert_msg(known || spec_prefix_ok(f),
		              "%s (act %u) is not a name of spec section 3", s, (unsigned) f->act);
	}
	/* Every name of metrics.md §2 is there (Shmem: the archive has no such field). */
	for (k = 0; k < sizeof(spec_names) / sizeof(spec_names[0]); k++) {
		bool found = false;

		if (!strcmp(spec_names[k].sample, "node_memory_Shmem_bytes"))
			continue;
		for (i = 1; i < n && !found; i++) {
			sample_name(s, sizeof(s), om_family_at(i));
			found = !strcmp(s, spec_names[k].sample);
		}
		ck_assert_msg(found, "%s missing", spec_names[k].sample);
	}
	/* node_netstat_Tcp_RetransSegs, the example of doc/metrics.md §2. */
	ck_assert_int_eq(om_family_at(family("node_netstat_Tcp_RetransSegs"))->type, OM_UNKNOWN);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("om");
	TCase *tc = tcase_create("om");
	SRunner *sr;
	int failed;

	/* The library takes no flavour; run as the default one (12.7.5). */
	unsetenv("SYSREC_COMPAT");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_value_exact);
	tcase_add_test(tc, test_value_random);
	tcase_add_test(tc, test_value_locale);
	tcase_add_test(tc, test_escape);
	tcase_add_test(tc, test_label_name);
	tcase_add_test(tc, test_meta);
	tcase_add_test(tc, test_sample);
	tcase_add_test(tc, test_cpu);
	tcase_add_test(tc, test_cpu_filter);
	tcase_add_test(tc, test_disk);
	tcase_add_test(tc, test_net_dev);
	tcase_add_test(tc, test_queue);
	tcase_add_test(tc, test_fractions);
	tcase_add_test(tc, test_uname);
	tcase_add_test(tc, test_table);
	tcase_add_test(tc, test_spec_names);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
