/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of layout_swap() and layout_remap(). Every expected byte image
 * is written out by hand from the rules of doc/format.md §3, never computed by
 * the code under test. Buffers live on the heap at their exact size, so that
 * AddressSanitizer catches any access outside them.
 */

#include <check.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/layout.h"
#include "common/layout_ops.h"
#include "common/banned.h"

/* A heap copy of len bytes (at least one byte is allocated, so len may be 0). */
static unsigned char *
heap_copy(const unsigned char *src, size_t len)
{
	unsigned char *p = malloc(len ? len : 1);

	ck_assert_ptr_nonnull(p);
	if (len)
		memcpy(p, src, len);
	return p;
}

/* Runs layout_swap over an exact-size heap copy of in and compares with want. */
static void
check_swap(uint32_t t0, uint32_t t1, uint32_t t2, bool is64, const unsigned char *in,
           const unsigned char *want, size_t len)
{
	const uint32_t t[3] = {t0, t1, t2};
	unsigned char *buf = heap_copy(in, len);

	ck_assert_int_eq(layout_swap(t, buf, len, is64), 0);
	ck_assert_mem_eq(buf, want, len);
	free(buf);
}

/* layout_swap must refuse the map and leave every byte as it was. */
static void
check_swap_rejected(uint32_t t0, uint32_t t1, uint32_t t2, bool is64, size_t len)
{
	const uint32_t t[3] = {t0, t1, t2};
	unsigned char orig[32];
	unsigned char *buf;

	ck_assert_uint_le(len, sizeof(orig));
	for (size_t i = 0; i < sizeof(orig); i++)
		orig[i] = (unsigned char) (0x40 + i);
	buf = heap_copy(orig, len);
	ck_assert_int_eq(layout_swap(t, buf, len, is64), -EINVAL);
	ck_assert_mem_eq(buf, orig, len);
	free(buf);
}

// clang-format off
static const unsigned char seq16[16] = {
	0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
	0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18,
};
// clang-format on

START_TEST(test_swap_u64_group)
{
	// clang-format off
	static const unsigned char want[16] = {
		0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,
		0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11,
	};
	// clang-format on

	/* u64 fields are 8 bytes whatever the writer's word size. */
	check_swap(2, 0, 0, true, seq16, want, sizeof(want));
	check_swap(2, 0, 0, false, seq16, want, sizeof(want));
}
END_TEST

START_TEST(test_swap_long_group_64bit_writer)
{
	// clang-format off
	static const unsigned char want[16] = {
		0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,
		0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11,
	};
	// clang-format on

	check_swap(0, 2, 0, true, seq16, want, sizeof(want));
}
END_TEST

START_TEST(test_swap_long_group_32bit_writer)
{
	/* Only the first 4 bytes of each 8-byte slot hold a 32-bit writer's long. */
	// clang-format off
	static const unsigned char want[16] = {
		0x04, 0x03, 0x02, 0x01, 0x05, 0x06, 0x07, 0x08,
		0x14, 0x13, 0x12, 0x11, 0x15, 0x16, 0x17, 0x18,
	};
	// clang-format on

	check_swap(0, 2, 0, false, seq16, want, sizeof(want));
}
END_TEST

START_TEST(test_swap_u32_group)
{
	// clang-format off
	static const unsigned char in[12] = {
		0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c,
	};
	static const unsigned char want[12] = {
		0x04, 0x03, 0x02, 0x01, 0x08, 0x07, 0x06, 0x05, 0x0c, 0x0b, 0x0a, 0x09,
	};
	// clang-format on

	check_swap(0, 0, 3, true, in, want, sizeof(in));
	check_swap(0, 0, 3, false, in, want, sizeof(in));
}
END_TEST

// clang-format off
/* (1,1,2) followed by an 8-byte name: u64 @0, long slot @8, u32 @16 and @20, "eth0" @24. */
static const unsigned char mixed_in[32] = {
	0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
	0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18,
	0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28,
	'e',  't',  'h',  '0',  0x00, 0x00, 0x00, 0x00,
};
// clang-format on

START_TEST(test_swap_all_groups_64bit_writer)
{
	// clang-format off
	static const unsigned char want[32] = {
		0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,
		0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11,
		0x24, 0x23, 0x22, 0x21, 0x28, 0x27, 0x26, 0x25,
		'e',  't',  'h',  '0',  0x00, 0x00, 0x00, 0x00,
	};
	// clang-format on

	check_swap(1, 1, 2, true, mixed_in, want, sizeof(want));
}
END_TEST

START_TEST(test_swap_all_groups_32bit_writer)
{
	/* The u32 group still starts after the whole 8-byte long slot. */
	// clang-format off
	static const unsigned char want[32] = {
		0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,
		0x14, 0x13, 0x12, 0x11, 0x15, 0x16, 0x17, 0x18,
		0x24, 0x23, 0x22, 0x21, 0x28, 0x27, 0x26, 0x25,
		'e',  't',  'h',  '0',  0x00, 0x00, 0x00, 0x00,
	};
	// clang-format on

	check_swap(1, 1, 2, false, mixed_in, want, sizeof(want));
}
END_TEST

START_TEST(test_swap_leaves_trailing_bytes)
{
	/* stats_irq (0,0,1): the count is swapped, the 8-byte name is not. */
	// clang-format off
	static const unsigned char in[12] = {
		0x00, 0x00, 0x01, 0x02, 'e', 't', 'h', '0', 0xff, 0xfe, 0x00, 0x01,
	};
	static const unsigned char want[12] = {
		0x02, 0x01, 0x00, 0x00, 'e', 't', 'h', '0', 0xff, 0xfe, 0x00, 0x01,
	};
	// clang-format on

	check_swap(0, 0, 1, true, in, want, sizeof(in));
}
END_TEST

START_TEST(test_swap_empty_map)
{
	static const unsigned char in[4] = {1, 2, 3, 4};

	check_swap(0, 0, 0, true, in, in, sizeof(in));
	check_swap(0, 0, 0, true, in, in, 0);
}
END_TEST

START_TEST(test_swap_exact_fit)
{
	// clang-format off
	static const unsigned char want[16] = {
		0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,
		0x14, 0x13, 0x12, 0x11, 0x18, 0x17, 0x16, 0x15,
	};
	// clang-format on

	check_swap(1, 0, 2, true, seq16, want, sizeof(want));
}
END_TEST

START_TEST(test_swap_rejects_map_beyond_buffer)
{
	check_swap_rejected(0, 0, 3, true, 11);
	check_swap_rejected(1, 0, 0, true, 7);
	check_swap_rejected(0, 1, 0, true, 7);
	/* A 32-bit writer's long still takes a whole 8-byte slot. */
	check_swap_rejected(0, 1, 0, false, 4);
	check_swap_rejected(1, 1, 2, true, 23);
	check_swap_rejected(0, 0, 1, false, 0);
}
END_TEST

START_TEST(test_swap_rejects_counts_that_wrap_32bit)
{
	/* Each of these maps is 0 (mod 2^32) in 32-bit arithmetic (CVE-2019-16167). */
	check_swap_rejected(0x20000000u, 0, 0, true, 16);
	check_swap_rejected(0, 0x20000000u, 0, false, 16);
	check_swap_rejected(0, 0, 0x40000000u, true, 16);
	/* A sum of offsets that wraps (sysstat issue #232). */
	check_swap_rejected(0x1fffffffu, 1, 0, true, 16);
	check_swap_rejected(0x10000000u, 0x10000000u, 0, true, 16);
	check_swap_rejected(0x1fffffffu, 0, 2, true, 16);
	check_swap_rejected(UINT32_MAX, UINT32_MAX, UINT32_MAX, true, 32);
	check_swap_rejected(0, 0, UINT32_MAX, false, 32);
}
END_TEST

START_TEST(test_swap_twice_is_identity)
{
	const uint32_t t[3] = {1, 1, 2};
	unsigned char *buf = heap_copy(mixed_in, sizeof(mixed_in));

	ck_assert_int_eq(layout_swap(t, buf, sizeof(mixed_in), false), 0);
	ck_assert_int_eq(layout_swap(t, buf, sizeof(mixed_in), false), 0);
	ck_assert_mem_eq(buf, mixed_in, sizeof(mixed_in));
	free(buf);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* layout_remap */

/*
 * Remaps an exact-size heap copy of in (blen bytes) from layout ft/fsize to
 * gt/gsize, and compares the first want_len bytes with want.
 */
static void
check_remap(const uint32_t gt[3], const uint32_t ft[3], uint32_t fsize, uint32_t gsize,
            const unsigned char *in, size_t blen, const unsigned char *want, size_t want_len)
{
	unsigned char *buf = heap_copy(in, blen);

	ck_assert_uint_le(want_len, blen);
	ck_assert_int_eq(layout_remap(gt, ft, buf, fsize, gsize, blen), 0);
	ck_assert_mem_eq(buf, want, want_len);
	free(buf);
}

/* layout_remap must refuse; the buffer is exactly blen bytes (ASan guards its edges). */
static void
check_remap_rejected(const uint32_t gt[3], const uint32_t ft[3], uint32_t fsize, uint32_t gsize,
                     size_t blen)
{
	unsigned char *buf = malloc(blen ? blen : 1);

	ck_assert_ptr_nonnull(buf);
	memset(buf, 0x5a, blen);
	ck_assert_int_eq(layout_remap(gt, ft, buf, fsize, gsize, blen), -EINVAL);
	free(buf);
}

START_TEST(test_remap_identity)
{
	static const uint32_t t[3] = {1, 1, 2};

	check_remap(t, t, 32, 32, mixed_in, sizeof(mixed_in), mixed_in, sizeof(mixed_in));
}
END_TEST

START_TEST(test_remap_net_soft_5_to_6_u32)
{
	/* 12.5.x stats_softnet (0,0,5), 20 bytes, into 12.6.1's (0,0,6), 24 bytes. */
	static const uint32_t ft[3] = {0, 0, 5}, gt[3] = {0, 0, 6};
	// clang-format off
	static const unsigned char in[24] = {
		0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
		0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14,
		0xaa, 0xaa, 0xaa, 0xaa, /* beyond the file's struct */
	};
	static const unsigned char want[24] = {
		0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
		0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14,
		0x00, 0x00, 0x00, 0x00, /* backlog_len reads as 0 */
	};
	// clang-format on

	check_remap(gt, ft, 20, 24, in, sizeof(in), want, sizeof(want));
}
END_TEST

START_TEST(test_remap_io_5_to_7_u64)
{
	/* 11.7.x stats_io (5,0,0), 40 bytes, into (7,0,0), 56 bytes: discard counters are 0. */
	static const uint32_t ft[3] = {5, 0, 0}, gt[3] = {7, 0, 0};
	// clang-format off
	static const unsigned char in[56] = {
		0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
		0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18,
		0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28,
		0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38,
		0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
		0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa,
		0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa,
	};
	static const unsigned char want[56] = {
		0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
		0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18,
		0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28,
		0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38,
		0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	};
	// clang-format on

	check_remap(gt, ft, 40, 56, in, sizeof(in), want, sizeof(want));
}
END_TEST

START_TEST(test_remap_record_header_12_0_0)
{
	/* 12.0.0 record header (2,0,0): type, h, m, s at 16 move to 20; extra_next is 0. */
	static const uint32_t ft[3] = {2, 0, 0}, gt[3] = {2, 0, 1};
	// clang-format off
	static const unsigned char in[24] = {
		0x10, 0x27, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* uptime_cs */
		0xb1, 0xd0, 0x0b, 0x6b, 0x00, 0x00, 0x00, 0x00, /* ust_time */
		0x01, 0x0a, 0x14, 0x1e,                         /* R_STATS 10:20:30 */
		0x00, 0x00, 0x00, 0x00,                         /* struct padding */
	};
	static const unsigned char want[24] = {
		0x10, 0x27, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0xb1, 0xd0, 0x0b, 0x6b, 0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00,                         /* extra_next */
		0x01, 0x0a, 0x14, 0x1e,
	};
	// clang-format on

	check_remap(gt, ft, 24, 24, in, sizeof(in), want, sizeof(want));
}
END_TEST

/* Field k of a u64 or long group, as 8 distinct bytes. */
#define F8(k) (k), 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, (0x70 + (k))

START_TEST(test_remap_page_12_7_drops_longs)
{
	/* 12.7.5 stats_paging (0,10,0), 80 bytes: pgpromote and pgdemote are dropped. */
	static const uint32_t ft[3] = {0, 10, 0}, gt[3] = {0, 8, 0};
	// clang-format off
	static const unsigned char in[80] = {
		F8(1), F8(2), F8(3), F8(4), F8(5), F8(6), F8(7), F8(8), F8(9), F8(10),
	};
	static const unsigned char want[64] = {
		F8(1), F8(2), F8(3), F8(4), F8(5), F8(6), F8(7), F8(8),
	};
	// clang-format on

	check_remap(gt, ft, 80, 64, in, sizeof(in), want, sizeof(want));
}
END_TEST

START_TEST(test_remap_memory_12_7_drops_u64)
{
	/* 12.7.8 stats_memory (18,0,0), 144 bytes: shmemkb is dropped. */
	static const uint32_t ft[3] = {18, 0, 0}, gt[3] = {17, 0, 0};
	// clang-format off
	static const unsigned char in[144] = {
		F8(1),  F8(2),  F8(3),  F8(4),  F8(5),  F8(6),  F8(7),  F8(8),  F8(9),
		F8(10), F8(11), F8(12), F8(13), F8(14), F8(15), F8(16), F8(17), F8(18),
	};
	static const unsigned char want[136] = {
		F8(1),  F8(2),  F8(3),  F8(4),  F8(5),  F8(6),  F8(7),  F8(8),  F8(9),
		F8(10), F8(11), F8(12), F8(13), F8(14), F8(15), F8(16), F8(17),
	};
	// clang-format on

	check_remap(gt, ft, 144, 136, in, sizeof(in), want, sizeof(want));
}
END_TEST

START_TEST(test_remap_net_dev_name_from_smaller)
{
	/*
	 * A net_dev without speed (7,0,0): the 16-byte interface name at 56
	 * must land at 12.6.1's offset 60, after a zero speed.
	 */
	static const uint32_t ft[3] = {7, 0, 0}, gt[3] = {7, 0, 1};
	// clang-format off
	static const unsigned char in[80] = {
		F8(1), F8(2), F8(3), F8(4), F8(5), F8(6), F8(7),
		'e', 'n', 'p', '0', 's', '3', '1', 'f', '6', 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, /* beyond the file's 72 bytes, zeroed by the reader */
	};
	static const unsigned char want[80] = {
		F8(1), F8(2), F8(3), F8(4), F8(5), F8(6), F8(7),
		0, 0, 0, 0, /* speed */
		'e', 'n', 'p', '0', 's', '3', '1', 'f', '6', 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, /* duplex and padding */
	};
	// clang-format on

	check_remap(gt, ft, 72, 80, in, sizeof(in), want, sizeof(want));
}
END_TEST

START_TEST(test_remap_net_dev_name_from_bigger)
{
	/*
	 * A newer net_dev with one more u64 (8,0,1), 88 bytes: the extra
	 * counter is dropped; speed, name and duplex move back by 8.
	 */
	static const uint32_t ft[3] = {8, 0, 1}, gt[3] = {7, 0, 1};
	// clang-format off
	static const unsigned char in[88] = {
		F8(1), F8(2), F8(3), F8(4), F8(5), F8(6), F8(7), F8(8),
		0xe8, 0x03, 0x00, 0x00, /* speed 1000 */
		'e', 't', 'h', '0', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0x02, 0, 0, 0, /* duplex full, padding */
	};
	static const unsigned char want[80] = {
		F8(1), F8(2), F8(3), F8(4), F8(5), F8(6), F8(7),
		0xe8, 0x03, 0x00, 0x00,
		'e', 't', 'h', '0', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0x02, 0, 0, 0,
	};
	// clang-format on

	check_remap(gt, ft, 88, 80, in, sizeof(in), want, sizeof(want));
}
END_TEST

START_TEST(test_remap_every_group_grows)
{
	/* (1,1,1) + "ab" in 24 bytes into (2,2,2) + "ab" in 44 bytes. */
	static const uint32_t ft[3] = {1, 1, 1}, gt[3] = {2, 2, 2};
	// clang-format off
	static const unsigned char in[44] = {
		F8(1),                  /* u64 */
		F8(2),                  /* long */
		0x31, 0x32, 0x33, 0x34, /* u32 */
		'a', 'b', 0, 0,         /* name */
		0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa,
		0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa,
	};
	static const unsigned char want[44] = {
		F8(1), 0, 0, 0, 0, 0, 0, 0, 0,
		F8(2), 0, 0, 0, 0, 0, 0, 0, 0,
		0x31, 0x32, 0x33, 0x34, 0, 0, 0, 0,
		'a', 'b', 0, 0,
	};
	// clang-format on

	check_remap(gt, ft, 24, 44, in, sizeof(in), want, sizeof(want));
}
END_TEST

START_TEST(test_remap_every_group_shrinks)
{
	/*
	 * A newer writer appended to every group: (2,2,2) + "ab" in 44 bytes
	 * into (1,1,1) + "ab" in 24. The later groups must still be whole when
	 * their own step comes.
	 */
	static const uint32_t ft[3] = {2, 2, 2}, gt[3] = {1, 1, 1};
	// clang-format off
	static const unsigned char in[44] = {
		F8(1), F8(2),                                   /* u64 */
		F8(3), F8(4),                                   /* long */
		0x31, 0x32, 0x33, 0x34, 0x41, 0x42, 0x43, 0x44, /* u32 */
		'a', 'b', 0, 0,                                 /* name */
	};
	static const unsigned char want[24] = {
		F8(1),
		F8(3),
		0x31, 0x32, 0x33, 0x34,
		'a', 'b', 0, 0,
	};
	// clang-format on

	check_remap(gt, ft, 44, 24, in, sizeof(in), want, sizeof(want));
}
END_TEST

START_TEST(test_remap_net_dev_two_groups_bigger)
{
	/*
	 * A net_dev with one more u64 and one more u32 (8,0,2), 96 bytes: the
	 * name and the duplex byte after it must land at 60 and 76.
	 */
	static const uint32_t ft[3] = {8, 0, 2}, gt[3] = {7, 0, 1};
	// clang-format off
	static const unsigned char in[96] = {
		F8(1), F8(2), F8(3), F8(4), F8(5), F8(6), F8(7), F8(8),
		0xe8, 0x03, 0x00, 0x00, /* speed 1000 */
		0x99, 0x99, 0x99, 0x99, /* the newer u32 */
		'w', 'l', 'a', 'n', '0', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0x02, 0, 0, 0, 0, 0, 0, 0, /* duplex full, padding */
	};
	static const unsigned char want[80] = {
		F8(1), F8(2), F8(3), F8(4), F8(5), F8(6), F8(7),
		0xe8, 0x03, 0x00, 0x00,
		'w', 'l', 'a', 'n', '0', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0x02, 0, 0, 0,
	};
	// clang-format on

	check_remap(gt, ft, 96, 80, in, sizeof(in), want, sizeof(want));
}
END_TEST

START_TEST(test_remap_header_328_to_336)
{
	/*
	 * An 11.7.1-12.1.6 file header (1,1,11), 328 bytes: the char fields at
	 * 60 move to 64, extra_next is 0, and sa_tzname (327..334) is empty.
	 */
	static const uint32_t ft[3] = {1, 1, 11}, gt[3] = SA_FILE_HEADER_TYPES;
	unsigned char in[336], want[336];

	memset(in, 0, sizeof(in));
	memset(in, 0x77, 60);               /* the numeric fields */
	in[60] = 29;                        /* sa_day */
	in[61] = 10;                        /* sa_month */
	in[62] = 8;                         /* sa_sizeof_long */
	memcpy(in + 63, "Linux", 5);        /* sa_sysname */
	memcpy(in + 63 + 65, "vm", 2);      /* sa_nodename */
	memcpy(in + 63 + 195, "x86_64", 6); /* sa_machine */
	/* 323..327 is padding; 328..335 lies beyond the file's header (the reader zeroes it). */

	memset(want, 0, sizeof(want));
	memset(want, 0x77, 60);
	want[64] = 29;
	want[65] = 10;
	want[66] = 8;
	memcpy(want + 67, "Linux", 5);
	memcpy(want + 132, "vm", 2);
	memcpy(want + 262, "x86_64", 6);
	check_remap(gt, ft, 328, 336, in, sizeof(in), want, sizeof(want));
}
END_TEST

START_TEST(test_remap_empty_maps)
{
	static const uint32_t t[3] = {0, 0, 0};
	static const unsigned char in[4] = {1, 2, 3, 4};

	check_remap(t, t, 4, 4, in, sizeof(in), in, sizeof(in));
	check_remap(t, t, 0, 0, in, 0, in, 0);
}
END_TEST

START_TEST(test_remap_rejects_map_beyond_fsize)
{
	static const uint32_t ft[3] = {0, 0, 6}, gt[3] = {0, 0, 6};
	static const uint32_t ft2[3] = {3, 0, 0}, gt2[3] = {4, 0, 0};

	check_remap_rejected(gt, ft, 20, 24, 24);
	check_remap_rejected(gt2, ft2, 23, 32, 32);
}
END_TEST

START_TEST(test_remap_rejects_map_beyond_gsize)
{
	static const uint32_t ft[3] = {0, 0, 5}, gt[3] = {0, 0, 6};

	check_remap_rejected(gt, ft, 20, 20, 24);
}
END_TEST

START_TEST(test_remap_rejects_source_outside_buffer)
{
	/* The file claims 40 bytes but the buffer holds 16: the tail to move is not there. */
	static const uint32_t ft[3] = {4, 0, 0}, gt[3] = {1, 0, 0};
	/* The source start is inside, but its end is not. */
	static const uint32_t ft2[3] = {2, 0, 0}, gt2[3] = {1, 0, 0};

	check_remap_rejected(gt, ft, 40, 40, 16);
	check_remap_rejected(gt2, ft2, 40, 40, 32);
	check_remap_rejected(gt2, ft2, UINT32_MAX, UINT32_MAX, 32);
}
END_TEST

START_TEST(test_remap_rejects_destination_outside_buffer)
{
	/* Growing (1,0,0) to (2,0,0) needs 24 bytes; the buffer has 16. */
	static const uint32_t ft[3] = {1, 0, 0}, gt[3] = {2, 0, 0};
	static const uint32_t ft2[3] = {0, 0, 1}, gt2[3] = {0, 0, 3};

	check_remap_rejected(gt, ft, 16, 24, 16);
	check_remap_rejected(gt, ft, 8, 0xfffffff0u, 8);
	check_remap_rejected(gt2, ft2, 4, 12, 8);
}
END_TEST

START_TEST(test_remap_rejects_counts_that_wrap_32bit)
{
	/* Maps that are small (mod 2^32) in 32-bit arithmetic (CVE-2019-16167, #232). */
	static const uint32_t ok[3] = {0, 0, 1};
	static const uint32_t wrap_u64[3] = {0x20000000u, 0, 1};
	static const uint32_t wrap_long[3] = {0, 0x20000000u, 1};
	static const uint32_t wrap_u32[3] = {0, 0, 0x40000001u};
	static const uint32_t wrap_sum[3] = {0x10000000u, 0x10000000u, 1};
	static const uint32_t wrap_sum2[3] = {0x1fffffffu, 1, 1};
	static const uint32_t huge[3] = {UINT32_MAX, UINT32_MAX, UINT32_MAX};

	check_remap_rejected(ok, wrap_u64, 4, 4, 16);
	check_remap_rejected(ok, wrap_long, 4, 4, 16);
	check_remap_rejected(ok, wrap_u32, 4, 4, 16);
	check_remap_rejected(ok, wrap_sum, 4, 4, 16);
	check_remap_rejected(ok, wrap_sum2, 4, 4, 16);
	check_remap_rejected(ok, huge, UINT32_MAX, 4, 16);
	/* The same counts on the reader's side. */
	check_remap_rejected(wrap_u64, ok, 4, 4, 16);
	check_remap_rejected(wrap_sum, ok, 4, 4, 16);
	check_remap_rejected(huge, ok, 4, UINT32_MAX, 16);
	check_remap_rejected(huge, huge, UINT32_MAX, UINT32_MAX, 16);
}
END_TEST

static Suite *
layout_suite(void)
{
	Suite *s = suite_create("layout");
	TCase *sw = tcase_create("swap");
	TCase *re = tcase_create("remap");

	tcase_add_test(sw, test_swap_u64_group);
	tcase_add_test(sw, test_swap_long_group_64bit_writer);
	tcase_add_test(sw, test_swap_long_group_32bit_writer);
	tcase_add_test(sw, test_swap_u32_group);
	tcase_add_test(sw, test_swap_all_groups_64bit_writer);
	tcase_add_test(sw, test_swap_all_groups_32bit_writer);
	tcase_add_test(sw, test_swap_leaves_trailing_bytes);
	tcase_add_test(sw, test_swap_empty_map);
	tcase_add_test(sw, test_swap_exact_fit);
	tcase_add_test(sw, test_swap_rejects_map_beyond_buffer);
	tcase_add_test(sw, test_swap_rejects_counts_that_wrap_32bit);
	tcase_add_test(sw, test_swap_twice_is_identity);
	suite_add_tcase(s, sw);

	tcase_add_test(re, test_remap_identity);
	tcase_add_test(re, test_remap_net_soft_5_to_6_u32);
	tcase_add_test(re, test_remap_io_5_to_7_u64);
	tcase_add_test(re, test_remap_record_header_12_0_0);
	tcase_add_test(re, test_remap_page_12_7_drops_longs);
	tcase_add_test(re, test_remap_memory_12_7_drops_u64);
	tcase_add_test(re, test_remap_net_dev_name_from_smaller);
	tcase_add_test(re, test_remap_net_dev_name_from_bigger);
	tcase_add_test(re, test_remap_every_group_grows);
	tcase_add_test(re, test_remap_every_group_shrinks);
	tcase_add_test(re, test_remap_net_dev_two_groups_bigger);
	tcase_add_test(re, test_remap_header_328_to_336);
	tcase_add_test(re, test_remap_empty_maps);
	tcase_add_test(re, test_remap_rejects_map_beyond_fsize);
	tcase_add_test(re, test_remap_rejects_map_beyond_gsize);
	tcase_add_test(re, test_remap_rejects_source_outside_buffer);
	tcase_add_test(re, test_remap_rejects_destination_outside_buffer);
	tcase_add_test(re, test_remap_rejects_counts_that_wrap_32bit);
	suite_add_tcase(s, re);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(layout_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
