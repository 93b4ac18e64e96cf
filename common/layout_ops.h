/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_LAYOUT_OPS_H
#define SYSREC_LAYOUT_OPS_H

/*
 * Byte-order normalisation and version remapping of stored structs
 * (see layout.h for the (u64, long, u32) layout rule). Pure functions over
 * caller-owned buffers; they never read or write outside [buf, buf + len).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Byte-swaps, in place, the t[0] 8-byte values, then the t[1] long slots
 * (8 bytes each when is64, else only the first 4 bytes of each 8-byte slot),
 * then the t[2] 4-byte values that follow. Trailing opaque bytes are left
 * alone. Returns 0, or -EINVAL when the map does not fit in len bytes (then
 * nothing is changed).
 */
int layout_swap(const uint32_t t[3], void *buf, size_t len, bool is64);

/*
 * Converts in place a struct written with layout ft and size fsize into the
 * layout gt and size gsize: each group of fields keeps its start relative
 * to the groups before it, groups that grew get zeroed tails, and fields a
 * newer writer appended are dropped. buf holds blen bytes, and blen must be
 * at least max(fsize, gsize). Returns 0, or -EINVAL when the file layout is
 * inconsistent (its map larger than fsize, or a move outside the buffer).
 */
int layout_remap(const uint32_t gt[3], const uint32_t ft[3], void *buf, uint32_t fsize,
                 uint32_t gsize, size_t blen);

static inline uint16_t
layout_bswap16(uint16_t v)
{
	return (uint16_t) ((v >> 8) | (v << 8));
}

static inline uint32_t
layout_bswap32(uint32_t v)
{
	return __builtin_bswap32(v);
}

#endif
