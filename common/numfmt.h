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
