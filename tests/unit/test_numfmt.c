/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * numfmt must produce the very bytes of glibc's printf("%*.*f") and
 * printf("%*llu"): checked on hand-picked hard cases (ties, values just
 * beside a tie, negative zero, huge and tiny numbers) and on a large
 * pseudo-random sample compared with snprintf.
 */
#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/numfmt.h"

static void
expect_fixed(double v, int w, int d, const char *want)
{
	char out[128];
	size_t n = numfmt_fixed(out, sizeof(out), v, w, d, ".");

	out[n] = '\0';
	ck_assert_str_eq(out, want);
}

START_TEST(test_hand_picked)
{
	expect_fixed(0.125, 0, 2, "0.12"); /* exact tie: to even */
	expect_fixed(0.375, 0, 2, "0.38"); /* exact tie: to even */
	expect_fixed(2.675, 0, 2, "2.67"); /* 2.67499999... in binary */
	expect_fixed(1.005, 0, 2, "1.00"); /* 1.00499999... */
	expect_fixed(0.5, 0, 0, "0");
	expect_fixed(1.5, 0, 0, "2");
	expect_fixed(2.5, 0, 0, "2");
	expect_fixed(-0.001, 9, 2, "    -0.00");
	expect_fixed(-0.0, 0, 2, "-0.00");
	expect_fixed(100.0, 9, 2, "   100.00");
	expect_fixed(123456789.125, 9, 2, "123456789.12");
	expect_fixed(1e-300, 9, 2, "     0.00");
	expect_fixed(4.94e-324, 0, 1, "0.0");
	expect_fixed(8.999e15, 0, 2, "8999000000000000.00");
	expect_fixed(1e20, 0, 2, "100000000000000000000.00");
	expect_fixed(9.9999999999999999e28, 0, 1, "99999999999999991433150857216.0");
	expect_fixed(1e30, 0, 2, "1000000000000000019884624838656.00"); /* printf fallback path */
	expect_fixed(NAN, 9, 2, "      nan");
	expect_fixed(INFINITY, 9, 2, "      inf");
}
END_TEST

START_TEST(test_decimal_comma)
{
	char out[64];
	size_t n = numfmt_fixed(out, sizeof(out), 43.3, 9, 2, ",");

	out[n] = '\0';
	ck_assert_str_eq(out, "    43,30");
}
END_TEST

START_TEST(test_small_buffer)
{
	char out[4];

	ck_assert_uint_eq(numfmt_fixed(out, sizeof(out), 12345.0, 9, 2, "."), 0);
	ck_assert_uint_eq(numfmt_u64(out, sizeof(out), 12345, 0), 0);
}
END_TEST

static uint64_t rng_state = 88172645463325252ull;

static uint64_t
rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static double
random_value(long i)
{
	uint64_t bits;
	double v;

	switch (i % 5) {
	case 0:
		bits = rnd();
		memcpy(&v, &bits, sizeof(v));
		return isfinite(v) && fabs(v) < 1e15 ? v : 1.0;
	case 1:
		return (double) (rnd() % 100000000) / (double) (1 + rnd() % 1000);
	case 2:
		return (double) (rnd() % 1000000) / 100.0 + 0.005;
	case 3:
		return (double) (rnd() % 100000) / 8.0;
	default:
		return -(double) (rnd() % 100000) / 1000.0;
	}
}

START_TEST(test_against_printf)
{
	char a[128], b[128];
	long i;

	for (i = 0; i < 2000000; i++) {
		double v = random_value(i);
		int d = (int) (rnd() % 4), w = (int) (rnd() % 12);
		int la = snprintf(a, sizeof(a), "%*.*f", w, d, v);
		size_t lb = numfmt_fixed(b, sizeof(b), v, w, d, ".");

		b[lb] = '\0';
		ck_assert_msg((size_t) la == lb && !strcmp(a, b), "%.17g w=%d d=%d: '%s' vs '%s'",
		              v, w, d, a, b);
	}
	for (i = 0; i < 200000; i++) {
		uint64_t u = rnd() >> (rnd() % 64);
		int w = (int) (rnd() % 22);
		int la = snprintf(a, sizeof(a), "%*llu", w, (unsigned long long) u);
		size_t lb = numfmt_u64(b, sizeof(b), u, w);

		b[lb] = '\0';
		ck_assert_msg((size_t) la == lb && !strcmp(a, b), "%llu", (unsigned long long) u);
	}
	for (i = 0; i < 200000; i++) {
		/* Both signs, every magnitude, and the ends of the range. */
		int64_t v = i == 0   ? INT64_MIN
		            : i == 1 ? INT64_MAX
		                     : (int64_t) (rnd() >> (rnd() % 64));
		int w = (int) (rnd() % 22);
		int la, lb;

		if (i > 1 && (rnd() & 1))
			v = -v;
		la = snprintf(a, sizeof(a), "%*lld", w, (long long) v);
		lb = (int) numfmt_i64(b, sizeof(b), v, w);
		b[lb] = '\0';
		ck_assert_msg(la == lb && !strcmp(a, b), "%lld w=%d: '%s' vs '%s'", (long long) v, w,
		              a, b);
	}
	for (i = 0; i < 100000; i++) {
		static const char *const prefixes[] = {
		        "", "cpu", "     ", "a-rather-long-prefix",
		        "a-prefix-longer-than-the-32-bytes-of-the-fast-path"};
		const char *pre = prefixes[rnd() % 5];
		int64_t v = (int64_t) (rnd() >> (rnd() % 64)) * ((rnd() & 1) ? -1 : 1);
		uint64_t u = rnd() >> (rnd() % 64);
		int w = (int) (rnd() % 12);
		size_t len = 1 + rnd() % 80; /* short buffers truncate as snprintf does */
		int la, lb;

		snprintf(a, len, "%s%*lld", pre, w, (long long) v);
		ck_assert_str_eq(numfmt_label(b, len, pre, v, w), a);
		la = snprintf(a, sizeof(a), "%*llx", w, (unsigned long long) u);
		lb = (int) numfmt_x64(b, sizeof(b), u, w);
		b[lb] = '\0';
		ck_assert_msg(la == lb && !strcmp(a, b), "%llx w=%d: '%s' vs '%s'",
		              (unsigned long long) u, w, a, b);
	}
}
END_TEST

/* numfmt_fixed_plain()'s range: |v| * 10^d below 10^18. */
static bool
plain_range(double v, int d)
{
	return d >= 0 && d <= 9 && fabs(v) < pow(10.0, 18 - d);
}

/*
 * A value of 10 to 19 digits before the point, with a fraction of
 * sixteenths (ties at .5 and at the second decimal) or of random bits.
 */
static double
large_value(long i)
{
	double v = (double) (rnd() % 1000000000) * pow(10.0, (double) (1 + rnd() % 10));

	if (i % 2)
		v += (double) (rnd() % 16) / 16.0;
	else
		v += (double) (rnd() % 1000) / 1000.0;
	return i % 3 ? v : -v;
}

/*
 * numfmt_fixed_plain() is "%.*f" in its range and declines the rest; the
 * digit counts at every power of ten go through numfmt_u64 and
 * numfmt_u64_plain.
 */
START_TEST(test_plain)
{
	static const double edges[] = {0.0,     -0.0,         0.005,         -0.004, 0.125,
	                               999999999.994, 999999999.996, 1e9,    -1e9,  1e-300,
	                               NAN,     INFINITY,     1e16 - 2.0,    1e16,  -1e16,
	                               9999999999999999.5, 4503599627370495.5};
	char a[128], b[128];
	long i;
	size_t k;

	for (i = 0; i < 1200000; i++) {
		double v = i % 6 == 5 ? large_value(i) : random_value(i);
		int d = (int) (rnd() % 11) - 1;
		size_t lb = numfmt_fixed_plain(b, v, d);

		if (!plain_range(v, d)) {
			ck_assert_uint_eq(lb, 0);
			continue;
		}
		snprintf(a, sizeof(a), "%.*f", d, v);
		b[lb] = '\0';
		ck_assert_msg(!strcmp(a, b), "%.17g d=%d: '%s' vs '%s'", v, d, a, b);
	}
	for (k = 0; k < sizeof(edges) / sizeof(edges[0]); k++) {
		size_t lb = numfmt_fixed_plain(b, edges[k], 2);

		if (!plain_range(edges[k], 2)) {
			ck_assert_uint_eq(lb, 0);
			continue;
		}
		snprintf(a, sizeof(a), "%.2f", edges[k]);
		b[lb] = '\0';
		ck_assert_str_eq(b, a);
	}
	for (i = 0; i < 20; i++) {
		uint64_t p = 1;
		int j;

		for (j = 0; j < i; j++)
			p *= 10;
		for (j = -1; j <= 1; j++) {
			uint64_t u = p + (uint64_t) j;

			snprintf(a, sizeof(a), "%llu", (unsigned long long) u);
			b[numfmt_u64(b, sizeof(b), u, 0)] = '\0';
			ck_assert_str_eq(b, a);
			b[numfmt_u64_plain(b, u)] = '\0';
			ck_assert_str_eq(b, a);
		}
	}
}
END_TEST

/*
 * numfmt_fixed2_small() is "%.2f" where it answers, and answers for
 * most of |v| * 100 < 10^9: random values, values near ties (n + 0.005),
 * the edges of its range and signs.
 */
START_TEST(test_fixed2_small)
{
	static const double edges[] = {0.0,   -0.0,         0.005,       -0.005,      0.015,
	                               1.005, 9999999.99,   9999999.994, 9999999.995, 9999999.996,
	                               1e7,   -9999999.999, 99.995,      999999.995,  1e-300,
	                               NAN,   INFINITY,     -INFINITY,   0.125,       2.675};
	char a[128], b[128];
	long i, answered = 0;
	size_t k;

	for (i = 0; i < 2000000; i++) {
		double v = i % 3 == 0 ? random_value(i)
		           : i % 3 == 1
		                   ? (double) (rnd() % 1000000000) / 100.0 + 0.005
		                   : ldexp((double) (rnd() % (1ull << 40)), -(int) (rnd() % 40));
		size_t lb;

		if (rnd() & 1)
			v = -v;
		lb = numfmt_fixed2_small(b, v);
		if (!lb)
			continue;
		answered++;
		snprintf(a, sizeof(a), "%.2f", v);
		b[lb] = '\0';
		ck_assert_msg(!strcmp(a, b), "%.17g: '%s' vs '%s'", v, a, b);
	}
	ck_assert_int_gt(answered, 800000);
	for (k = 0; k < sizeof(edges) / sizeof(edges[0]); k++) {
		size_t lb = numfmt_fixed2_small(b, edges[k]);

		if (!lb)
			continue;
		snprintf(a, sizeof(a), "%.2f", edges[k]);
		b[lb] = '\0';
		ck_assert_str_eq(b, a);
	}
	ck_assert_uint_gt(numfmt_fixed2_small(b, 0.0), 0);
	ck_assert_uint_eq(numfmt_fixed2_small(b, 1e7), 0);
	ck_assert_uint_eq(numfmt_fixed2_small(b, NAN), 0);
}
END_TEST

/* Widths past the fast path's field, and a decimal point of two bytes (the general path). */
START_TEST(test_wide_fields)
{
	char a[512], b[512], c[512];
	long i;

	for (i = 0; i < 200000; i++) {
		double v = random_value(i);
		int d = (int) (rnd() % 4), w = (int) (rnd() % 100);
		int la = snprintf(a, sizeof(a), "%*.*f", w, d, v);
		size_t lb = numfmt_fixed(b, sizeof(b), v, w, d, ".");
		size_t lc = numfmt_fixed(c, sizeof(c), v, w - 1, d, "\xd9\xab");
		char e[1024];
		int n, pad;

		b[lb] = '\0';
		ck_assert_msg((size_t) la == lb && !strcmp(a, b), "%.17g w=%d d=%d: '%s' vs '%s'",
		              v, w, d, a, b);
		/* Room for the field exactly, and one byte less. */
		memset(b, 'x', sizeof(b));
		ck_assert_uint_eq(numfmt_fixed(b, (size_t) la, v, w, d, "."), (size_t) la);
		ck_assert(!memcmp(a, b, (size_t) la) && b[la] == 'x');
		ck_assert_uint_eq(numfmt_fixed(b, (size_t) la - 1, v, w, d, "."), 0);
		/* The expected bytes: printf's, with the two-byte point, padded to w - 1. */
		n = snprintf(a, sizeof(a), "%.*f", d, v);
		if (strchr(a, '.')) {
			char *dot = strchr(a, '.');

			memmove(dot + 2, dot + 1, strlen(dot + 1) + 1);
			memcpy(dot, "\xd9\xab", 2);
			n++;
		}
		pad = w - 1 > n ? w - 1 - n : 0;
		snprintf(e, sizeof(e), "%*s%s", pad, "", a);
		c[lc] = '\0';
		ck_assert_msg(!strcmp(c, e), "%.17g w=%d d=%d: '%s' vs '%s'", v, w - 1, d, e, c);
	}
	for (i = 0; i < 20000; i++) {
		uint64_t u = rnd() >> (rnd() % 64);
		int w = (int) (rnd() % 100);
		int la = snprintf(a, sizeof(a), "%*llu", w, (unsigned long long) u);
		size_t lb = numfmt_u64(b, sizeof(b), u, w);

		b[lb] = '\0';
		ck_assert_msg((size_t) la == lb && !strcmp(a, b), "%llu w=%d",
		              (unsigned long long) u, w);
		memset(b, 'x', sizeof(b));
		ck_assert_uint_eq(numfmt_u64(b, (size_t) la, u, w), (size_t) la);
		ck_assert(!memcmp(a, b, (size_t) la) && b[la] == 'x');
		ck_assert_uint_eq(numfmt_u64(b, (size_t) la - 1, u, w), 0);
	}
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("numfmt");
	TCase *tc = tcase_create("numfmt");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_hand_picked);
	tcase_add_test(tc, test_decimal_comma);
	tcase_add_test(tc, test_small_buffer);
	tcase_add_test(tc, test_against_printf);
	tcase_add_test(tc, test_wide_fields);
	tcase_add_test(tc, test_plain);
	tcase_add_test(tc, test_fixed2_small);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
