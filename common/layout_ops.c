/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <string.h>

#include "layout.h"
#include "layout_ops.h"
#include "banned.h"

static void
swap8(unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	v = __builtin_bswap64(v);
	memcpy(p, &v, sizeof(v));
}

static void
swap4(unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	v = __builtin_bswap32(v);
	memcpy(p, &v, sizeof(v));
}

int
layout_swap(const uint32_t t[3], void *buf, size_t len, bool is64)
{
	unsigned char *p = buf;
	uint32_t i;

	if (sa_map_size(t) > len)
		return -EINVAL;
	for (i = 0; i < t[0]; i++, p += 8)
		swap8(p);
	for (i = 0; i < t[1]; i++, p += 8) {
		/* A 32-bit writer keeps its long in the first half of the 8-byte slot. */
		if (is64)
			swap8(p);
		else
			swap4(p);
	}
	for (i = 0; i < t[2]; i++, p += 4)
		swap4(p);
	return 0;
}

/*
 * Moves one group boundary. Bytes from offset src onwards (the rest of the
 * file struct) go to offset dst; n is the number of bytes still meaningful in
 * both layouts. When the group grew, the gap [src, dst) is zeroed.
 */
static int
remap_group(unsigned char *p, size_t blen, uint64_t src, uint64_t dst, uint64_t n)
{
	/*
	 * src == blen is fine when nothing follows the group: a newer struct
	 * that only appended to its last group (12.7.x stats_paging) ends there.
	 */
	if (src > blen || src + n > blen || dst + n > blen)
		return -EINVAL;
	if (n)
		memmove(p + dst, p + src, n);
	if (dst > src)
		memset(p + src, 0, dst - src);
	return 0;
}

static uint64_t
min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

int
layout_remap(const uint32_t gt[3], const uint32_t ft[3], void *buf, uint32_t fsize, uint32_t gsize,
             size_t blen)
{
	static const unsigned width[3] = {8, 8, 4};
	unsigned char *p = buf;
	uint64_t f_end = 0, g_end = 0; /* end of the groups already placed */
	int k;

	if (sa_map_size(ft) > fsize || sa_map_size(gt) > gsize)
		return -EINVAL;
	for (k = 0; k < 3; k++) {
		/*
		 * The groups before k are in place in the reader's layout: group k
		 * starts at g_end. In the file struct it had ft[k] fields, and the
		 * bytes after them currently sit at g_end + ft[k] * width.
		 */
		uint64_t f_grp = (uint64_t) ft[k] * width[k];
		uint64_t g_grp = (uint64_t) gt[k] * width[k];
		uint64_t n;

		f_end += f_grp;
		if (ft[k] != gt[k]) {
			/*
			 * A group that shrank moves all the rest of the file struct, so
			 * that later groups are still whole for their own step; a group
			 * that grew moves only what fits in the reader's struct.
			 */
			n = fsize - f_end;
			if (gt[k] > ft[k])
				n = min_u64(n, gsize - (g_end + g_grp));
			if (remap_group(p, blen, g_end + f_grp, g_end + g_grp, n) < 0)
				return -EINVAL;
		}
		g_end += g_grp;
	}
	return 0;
}
