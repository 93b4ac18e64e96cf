/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_NUMFMT_H
#define SYSREC_NUMFMT_H

/*
 * Exact number formatting for reports: the same bytes as printf's "%*.*f"
 * and "%*llu", without parsing a format string per value. Doubles are
 * rounded from their exact binary value, ties to even, as glibc does, so
 * the output is byte-identical to sysstat's printf calls.
 */

#include <stddef.h>
#include <stdint.h>

/*
 * Writes v as printf("%*.*f", width, decimals, v) would with the decimal
 * point dp (a string, "." in the C locale) into out, which has room for
 * len bytes. Returns the number of bytes written (no NUL is added), or 0
 * when len is too small. 0 <= decimals <= 9.
 */
size_t numfmt_fixed(char *out, size_t len, double v, int width, int decimals, const char *dp);

/*
 * numfmt_fixed() with no width and the decimal point ".", for |v| *
 * 10^decimals < 10^18: out has room for NUMFMT_PLAIN_ROOM bytes, of
 * which only the value's are written. Returns the value's length, or 0
 * (nothing written) when v or decimals are out of its range.
 */
#define NUMFMT_PLAIN_ROOM 32
size_t numfmt_fixed_plain(char *out, double v, int decimals);

/* "00" to "99", for the digits written two at a time; 10^0 to 10^9. */
extern const char numfmt_digit_pairs[201];
extern const uint32_t numfmt_pow10_u32[10];

/*
 * numfmt_fixed_plain() of decimals 2, inline, for |v| * 100 < 10^9 (the
 * most of sadf's values): 0, with nothing written, for others and for
 * those whose product lies within 2^-12 of a tie, which
 * numfmt_fixed_plain() rounds from their exact value. The rounding is
 * numfmt.c's quick_round() in 32 bits.
 */
static inline size_t
numfmt_fixed2_small(char *out, double v)
{
	double x = __builtin_fabs(v) * 100.0, f;
	uint32_t n, ip;
	size_t neg, len;
	char *q;

	if (!(x < 1.0e9))
		return 0;
	n = (uint32_t) x;
	f = x - (double) n;
	if (f > 0.5 - 1.0 / 4096 && f < 0.5 + 1.0 / 4096)
		return 0;
	n += f > 0.5;
	ip = n / 100;
	neg = __builtin_signbit(v) != 0;
	/* The digits of ip (at most 8) from its bit length, as numfmt.c's digit_count(). */
	len = (size_t) (((32 - __builtin_clz(ip | 1)) * 1233) >> 12);
	len += (ip | 1) >= numfmt_pow10_u32[len];
	len += neg + 3;
	q = out + len - 2;
	__builtin_memcpy(q, numfmt_digit_pairs + 2 * (n % 100), 2);
	*--q = '.';
	while (ip >= 100) {
		q -= 2;
		__builtin_memcpy(q, numfmt_digit_pairs + 2 * (ip % 100), 2);
		ip /= 100;
	}
	if (ip >= 10)
		__builtin_memcpy(q - 2, numfmt_digit_pairs + 2 * ip, 2);
	else
		q[-1] = (char) ('0' + ip);
	if (neg)
		out[0] = '-';
	return len;
}

/* "%llu" of v into out, which has room for NUMFMT_PLAIN_ROOM bytes (as numfmt_fixed_plain()). */
size_t numfmt_u64_plain(char *out, uint64_t v);

/* printf("%*llu", width, v). Same return convention. */
size_t numfmt_u64(char *out, size_t len, uint64_t v, int width);

/* printf("%*lld", width, v). Same return convention. */
size_t numfmt_i64(char *out, size_t len, int64_t v, int width);

/*
 * snprintf(out, len, "%s%*lld", prefix, width, v) for labels and columns
 * ("cpu3", "     12"): out is NUL-terminated (truncated to len - 1 bytes
 * when short) and returned.
 */
char *numfmt_label(char *out, size_t len, const char *prefix, int64_t v, int width);

/*
 * strftime()'s "%H:%M:%S" of h, m and s (each 0 to 99) into out, with
 * its NUL: 9 bytes. The report times of sar and sadf, written once a
 * record by every pass.
 */
void numfmt_hms(char *out, int h, int m, int s);

/* printf("%*llx", width, v). Same return convention as numfmt_u64(). */
size_t numfmt_x64(char *out, size_t len, uint64_t v, int width);

#endif
