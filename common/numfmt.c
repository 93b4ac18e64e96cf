/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "banned.h"

const uint32_t numfmt_pow10_u32[10] = {
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
const char numfmt_digit_pairs[201] =
        "00010203040506070809101112131415161718192021222324252627282930"
        "31323334353637383940414243444546474849505152535455565758596061"
        "6263646566676869707172737475767778798081828384858687888990919293"
        "949596979899";

/* Writes the k lowest decimal digits of v (leading zeros included) backwards, before end. */
static char *
fixed_digits_back(char *end, uint32_t v, int k)
{
	for (; k >= 2; k -= 2) {
		end -= 2;
		memcpy(end, numfmt_digit_pairs + 2 * (v % 100), 2);
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
		memcpy(end, numfmt_digit_pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (v >= 10) {
		end -= 2;
		memcpy(end, numfmt_digit_pairs + 2 * v, 2);
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
	p = (unsigned __int128) m * numfmt_pow10_u32[decimals];
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
	double x = a * pow10_d[decimals], f;
	int64_t i;

	if (x >= 1099511627776.0) /* 2^40 */
		return scaled_round(a, decimals);
	/* floor(), exactly, without a library call; signed, as x fits: one instruction each way */
	i = (int64_t) x;
	f = x - (double) i;
	if (f > 0.5 - 1.0 / 4096 && f < 0.5 + 1.0 / 4096)
		return scaled_round(a, decimals);
	return (unsigned __int128) (uint64_t) (i + (f > 0.5));
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
		p = fixed_digits_back(p, (uint32_t) (n % numfmt_pow10_u32[decimals]), decimals);
		n /= numfmt_pow10_u32[decimals];
		p -= dplen;
		memcpy(p, dp, dplen);
	}
	p = digits_back(p, n);
	if (signbit(v))
		*--p = '-';
	return put_padded(out, len, p, (size_t) (end - p), width);
}

static const uint64_t pow10_u64[20] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull,
	1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
	100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
	1000000000000000000ull, 10000000000000000000ull,
};

/*
 * The number of decimal digits of v (1 for 0): from its bit length, since
 * 1233 / 4096 is just above log10(2), the estimate t is the digit count or
 * one less; one comparison tells which.
 */
static inline int
digit_count(uint64_t v)
{
	uint64_t w = v | 1; /* 0 has the digits of 1; no power of ten above 1 is odd */
	int t = ((64 - __builtin_clzll(w)) * 1233) >> 12; /* at most 19 */

	return t + (w >= pow10_u64[t]);
}

/*
 * The start of a field of need bytes (need >= total) whose last total bytes
 * the caller writes backwards from out + need: the padding before them.
 * A report's every value comes through here, so a padding of up to 16
 * bytes is one fixed-size store (out has room for len >= need bytes).
 */
static inline void
put_padding(char *out, size_t len, size_t need, size_t total)
{
	static const char spaces[16] = "                ";

	if (need == total)
		return;
	if (len >= sizeof(spaces) && need - total <= sizeof(spaces))
		memcpy(out, spaces, sizeof(spaces));
	else
		memset(out, ' ', need - total);
}

/* The width of a field of total bytes printed in width columns. */
static inline size_t
field_width(size_t total, int width)
{
	return width > 0 && (size_t) width > total ? (size_t) width : total;
}

size_t
numfmt_fixed(char *out, size_t len, double v, int width, int decimals, const char *dp)
{
	unsigned __int128 wide;
	uint64_t ip, frac = 0;
	size_t total, need;
	bool neg;
	char *q;

	/* One byte, not NUL: the decimal points of every locale but a few. */
	if (!dp[0] || dp[1] || !(fabs(v) < 1.0e29) || decimals < 0 || decimals > 9)
		return fixed_wide(out, len, v, width, decimals, dp);
	wide = quick_round(fabs(v), decimals);
	if (wide > UINT64_MAX)
		return fixed_wide(out, len, v, width, decimals, dp);
	ip = (uint64_t) wide;
	/* Reports use 1 and 2 decimals: constant divisors become multiplications. */
	if (decimals == 2) {
		frac = ip % 100;
		ip /= 100;
	} else if (decimals == 1) {
		frac = ip % 10;
		ip /= 10;
	} else if (decimals > 0) {
		frac = ip % numfmt_pow10_u32[decimals];
		ip /= numfmt_pow10_u32[decimals];
	}
	neg = signbit(v) != 0;
	total = (size_t) neg + (size_t) digit_count(ip) + (decimals ? 1 + (size_t) decimals : 0);
	need = field_width(total, width);
	if (need > len)
		return 0;
	put_padding(out, len, need, total);
	q = out + need;
	if (decimals == 2) {
		q -= 2;
		memcpy(q, numfmt_digit_pairs + 2 * frac, 2);
		*--q = dp[0];
	} else if (decimals > 0) {
		q = fixed_digits_back(q, (uint32_t) frac, decimals);
		*--q = dp[0];
	}
	q = digits_back64(q, ip);
	if (neg)
		*--q = '-';
	return need;
}

/*
 * Below these, |v| * 10^decimals rounds to less than 10^18: a uint64_t of
 * at most 18 digits, 20 bytes with the point and the sign.
 */
static const double plain_max[10] = {1e18, 1e17, 1e16, 1e15, 1e14, 1e13, 1e12, 1e11, 1e10, 1e9};

size_t
numfmt_fixed_plain(char *out, double v, int decimals)
{
	double a = fabs(v);
	size_t neg = signbit(v) != 0, len;
	uint64_t n, ip;
	char *q;

	if (decimals < 0 || decimals > 9 || !(a < plain_max[decimals]))
		return 0;
	n = (uint64_t) quick_round(a, decimals);
	/* Written in place from the end, its length known first: no copy. */
	if (decimals == 2) {
		ip = n / 100;
		len = neg + (size_t) digit_count(ip) + 3;
		q = out + len - 2;
		memcpy(q, numfmt_digit_pairs + 2 * (n % 100), 2);
		*--q = '.';
	} else if (decimals == 0) {
		ip = n;
		len = neg + (size_t) digit_count(ip);
		q = out + len;
	} else {
		ip = n / numfmt_pow10_u32[decimals];
		len = neg + (size_t) digit_count(ip) + 1 + (size_t) decimals;
		q = fixed_digits_back(out + len, (uint32_t) (n % numfmt_pow10_u32[decimals]),
		                      decimals);
		*--q = '.';
	}
	digits_back64(q, ip);
	out[0] = neg ? '-' : out[0];
	return len;
}

size_t
numfmt_u64_plain(char *out, uint64_t v)
{
	size_t len = (size_t) digit_count(v);

	digits_back64(out + len, v);
	return len;
}

/* printf's "%*llu" of mag, with a '-' before it when neg, in place. */
static size_t
put_int(char *out, size_t len, uint64_t mag, bool neg, int width)
{
	size_t total = (size_t) neg + (size_t) digit_count(mag), need = field_width(total, width);
	char *q;

	if (need > len)
		return 0;
	put_padding(out, len, need, total);
	q = digits_back64(out + need, mag);
	if (neg)
		*--q = '-';
	return need;
}

size_t
numfmt_u64(char *out, size_t len, uint64_t v, int width)
{
	return put_int(out, len, v, false, width);
}

size_t
numfmt_i64(char *out, size_t len, int64_t v, int width)
{
	/* The magnitude in unsigned arithmetic: -INT64_MIN does not fit. */
	return put_int(out, len, v < 0 ? 0 - (uint64_t) v : (uint64_t) v, v < 0, width);
}

char *
numfmt_label(char *out, size_t len, const char *prefix, int64_t v, int width)
{
	char num[32];
	size_t n, k;

	/* The labels of every row ("cpu3", "CPU0"): no width, and room for all, without calls. */
	if (width <= 0 && v >= 0) {
		k = (size_t) digit_count((uint64_t) v);
		for (n = 0; prefix[n] && n + k + 1 < len; n++)
			out[n] = prefix[n];
		if (!prefix[n] && n + k + 1 <= len) {
			digits_back64(out + n + k, (uint64_t) v);
			out[n + k] = '\0';
			return out;
		}
	}
	n = strnlen(prefix, len - 1);
	k = numfmt_i64(num, sizeof(num), v, width);

	memcpy(out, prefix, n);
	if (k > len - 1 - n)
		k = len - 1 - n;
	memcpy(out + n, num, k);
	out[n + k] = '\0';
	return out;
}

size_t
numfmt_x64(char *out, size_t len, uint64_t v, int width)
{
	char num[16], *p = num + sizeof(num);
	size_t n, need;

	do {
		*--p = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	n = (size_t) (num + sizeof(num) - p);
	need = field_width(n, width);
	if (need > len)
		return 0;
	put_padding(out, len, need, n);
	memcpy(out + need - n, p, n);
	return need;
}

void
numfmt_hms(char *out, int h, int m, int s)
{
	memcpy(out, numfmt_digit_pairs + 2 * h, 2);
	out[2] = ':';
	memcpy(out + 3, numfmt_digit_pairs + 2 * m, 2);
	out[5] = ':';
	memcpy(out + 6, numfmt_digit_pairs + 2 * s, 2);
	out[8] = '\0';
}
