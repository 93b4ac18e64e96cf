/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "banned.h"

static const uint32_t pow10_u32[10] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000,
};

/* Right-aligns the len bytes of s in width columns into out. */
static size_t
put_padded(char *out, size_t cap, const char *s, size_t n, int width)
{
	size_t pad = width > 0 && (size_t) width > n ? (size_t) width - n : 0;

	if (pad + n > cap)
		return 0;
	if (pad)
		memset(out, ' ', pad);
	memcpy(out + pad, s, n);
	return pad + n;
}

/* "00" to "99": digits are written two at a time. */
static const char digit_pairs[] = "00010203040506070809101112131415161718192021222324252627282930"
                                  "31323334353637383940414243444546474849505152535455565758596061"
                                  "6263646566676869707172737475767778798081828384858687888990919293"
                                  "949596979899";

/* Writes the k lowest decimal digits of v (leading zeros included) backwards, before end. */
static char *
fixed_digits_back(char *end, uint32_t v, int k)
{
	for (; k >= 2; k -= 2) {
		end -= 2;
		memcpy(end, digit_pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (k)
		*--end = (char) ('0' + v % 10);
	return end;
}

/* Writes the decimal digits of v backwards, ending just before end; returns the start. */
static inline __attribute__((always_inline)) char *
digits_back64(char *end, uint64_t v)
{
	while (v >= 100) {
		end -= 2;
		memcpy(end, digit_pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (v >= 10) {
		end -= 2;
		memcpy(end, digit_pairs + 2 * v, 2);
	} else {
		*--end = (char) ('0' + v);
	}
	return end;
}

static char *
digits_back(char *end, unsigned __int128 v)
{
	/* 128-bit division is a library call: only the digits above 64 bits pay for it. */
	while (v > UINT64_MAX) {
		*--end = (char) ('0' + (unsigned) (v % 10));
		v /= 10;
	}
	return digits_back64(end, (uint64_t) v);
}

/*
 * round(a * 10^decimals), ties to even, from the exact binary value of a:
 * a = m * 2^e with an integer m < 2^53.
 */
static unsigned __int128
scaled_round(double a, int decimals)
{
	uint64_t bits, m;
	int e;
	unsigned __int128 p, q, rem, half;

	memcpy(&bits, &a, sizeof(bits));
	e = (int) ((bits >> 52) & 0x7ff);
	m = bits & ((UINT64_C(1) << 52) - 1);
	if (e == 0)
		e = 1; /* subnormal */
	else
		m |= UINT64_C(1) << 52;
	e -= 1075;
	p = (unsigned __int128) m * pow10_u32[decimals];
	if (e >= 0)
		return p << e;
	if (-e >= 127)
		return 0; /* far below one half */
	q = p >> -e;
	rem = p - (q << -e);
	half = (unsigned __int128) 1 << (-e - 1);
	if (rem > half || (rem == half && (q & 1)))
		q++;
	return q;
}

/*
 * scaled_round's result, most often from one multiplication: below 2^40 the
 * product a * 10^decimals in double is within 2^-14 of the exact one, so
 * unless its fraction is that close to one half, it rounds the same way.
 */
static inline __attribute__((always_inline)) unsigned __int128
quick_round(double a, int decimals)
{
	static const double pow10_d[10] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
	double x = a * pow10_d[decimals], r, f;

	if (x >= 1099511627776.0) /* 2^40 */
		return scaled_round(a, decimals);
	r = (double) (uint64_t) x; /* floor(), exactly, without a library call */
	f = x - r;
	if (f > 0.5 - 1.0 / 4096 && f < 0.5 + 1.0 / 4096)
		return scaled_round(a, decimals);
	return (unsigned __int128) ((uint64_t) r + (f > 0.5));
}

/*
 * The general path, for an n above 2^64 (20 digits or more) and the values
 * printf formats: one more copy, through a buffer as wide as DBL_MAX's digits.
 */
static size_t
fixed_wide(char *out, size_t len, double v, int width, int decimals, const char *dp)
{
	char buf[352]; /* the printf path goes up to DBL_MAX (sar -x, xstats.c): 309 digits */
	char *end = buf + sizeof(buf), *p;
	unsigned __int128 n;
	size_t dplen = strlen(dp);

	/*
	 * Out of the exact path's range (or not a number): let printf do it.
	 * Below 1e29 (< 2^97), mantissa * 10^9 * 2^44 still fits in 128 bits.
	 */
	if (!isfinite(v) || fabs(v) >= 1.0e29 || decimals < 0 || decimals > 9 || dplen > 8) {
		int w = snprintf(buf, sizeof(buf), "%*.*f", width, decimals < 0 ? 0 : decimals, v);

		return w < 0 || (size_t) w >= sizeof(buf) ? 0 : put_padded(out, len, buf, (size_t) w, 0);
	}
	n = quick_round(fabs(v), decimals);
	p = end;
	if (decimals > 0) {
		p = fixed_digits_back(p, (uint32_t) (n % pow10_u32[decimals]), decimals);
		n /= pow10_u32[decimals];
		p -= dplen;
		memcpy(p, dp, dplen);
	}
	p = digits_back(p, n);
	if (signbit(v))
		*--p = '-';
	return put_padded(out, len, p, (size_t) (end - p), width);
}

/* Room for a field of the fast path: its padding, 20 digits, a sign, a decimal point and 9 decimals. */
#define FIELD_LEN 64

/*
 * Copies the right-aligned field that ends at end (digits from p, spaces
 * before them) into out: a report's every value comes through here, so
 * the padding is the buffer's spaces, set by one fixed-size store.
 */
static size_t
put_field(char *out, size_t len, const char *end, const char *p, int width)
{
	size_t n = (size_t) (end - p);

	if (width > 0 && (size_t) width > n) {
		if ((size_t) width > FIELD_LEN)
			return put_padded(out, len, p, n, width);
		n = (size_t) width;
	}
	if (n > len)
		return 0;
	memcpy(out, end - n, n);
	return n;
}

size_t
numfmt_fixed(char *out, size_t len, double v, int width, int decimals, const char *dp)
{
	char field[FIELD_LEN];
	char *end = field + sizeof(field), *p = end;
	unsigned __int128 wide;
	uint64_t n;

	/* One byte, not NUL: the decimal points of every locale but a few. */
	if (!dp[0] || dp[1] || !(fabs(v) < 1.0e29) || decimals < 0 || decimals > 9)
		return fixed_wide(out, len, v, width, decimals, dp);
	wide = quick_round(fabs(v), decimals);
	if (wide > UINT64_MAX)
		return fixed_wide(out, len, v, width, decimals, dp);
	n = (uint64_t) wide;
	memset(field, ' ', sizeof(field));
	/* Reports use 1 and 2 decimals: constant divisors become multiplications. */
	if (decimals == 2) {
		p -= 2;
		memcpy(p, digit_pairs + 2 * (n % 100), 2);
		n /= 100;
		*--p = dp[0];
	} else if (decimals == 1) {
		*--p = (char) ('0' + n % 10);
		n /= 10;
		*--p = dp[0];
	} else if (decimals > 0) {
		p = fixed_digits_back(p, (uint32_t) (n % pow10_u32[decimals]), decimals);
		n /= pow10_u32[decimals];
		*--p = dp[0];
	}
	p = digits_back64(p, n);
	if (signbit(v))
		*--p = '-';
	return put_field(out, len, end, p, width);
}

size_t
numfmt_u64(char *out, size_t len, uint64_t v, int width)
{
	char field[FIELD_LEN];
	char *end = field + sizeof(field);

	memset(field, ' ', sizeof(field));
	return put_field(out, len, end, digits_back64(end, v), width);
}
