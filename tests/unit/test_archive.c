/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the archive reader and writer. Files are built in memory
 * with the writer API, every struct of them recorded as a "piece" (offset,
 * length, types), so that a test can patch one field, swap every struct by
 * hand into the other byte order, or rewrite the file in the 11.7.1-12.1.6
 * layout. Expected values, offsets and error codes are written out from
 * doc/format.md (§2-§5), not derived from the code under test.
 */

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "common/activity.h"
#include "common/archive.h"
#include "common/compat.h"
#include "common/layout.h"
#include "common/source.h"
#include "common/banned.h"

/* The identity of every test file: the reference file x.sa (Nov 29, 2026, 2 CPUs). */
#define T_CREATED  1795936433u
#define T_MIDNIGHT 1795910400u

static const struct archive_ident ident = {
        .ust_time = T_CREATED,
        .year = 126,
        .month = 10,
        .day = 29,
        .cpu_nr = 3,
        .hz = 100,
        .sysname = "Linux",
        .nodename = "vm",
        .release = "6.18.44-fc-v769",
        .machine = "x86_64",
        .tzname = "UTC",
};

/* Activity-list entries, typed from the table of doc/format.md §8.1. */
// clang-format off
static const struct sa_file_activity fa_cpu     = {A_CPU,     0x8b, 3, 1, 1, 80, {10, 0, 0}};
static const struct sa_file_activity fa_cpu2    = {A_CPU,     0x8b, 2, 1, 1, 80, {10, 0, 0}};
static const struct sa_file_activity fa_pcsw    = {A_PCSW,    0x8b, 1, 1, 0, 16, {1, 1, 0}};
static const struct sa_file_activity fa_irq     = {A_IRQ,     0x8c, 3, 4, 1, 12, {0, 0, 1}};
static const struct sa_file_activity fa_net_dev = {A_NET_DEV, 0x8d, 2, 1, 1, 80, {7, 0, 1}};
// clang-format on

static bool
host_is_little_endian(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *) &one == 1;
}

/* ------------------------------------------------------------------------- */
/* Test files: the writer's bytes plus a map of every struct in them */

enum piece_kind { P_MAGIC, P_HDR, P_ACT, P_REC, P_NR, P_ITEM, P_EXTRA, P_RAW };

struct piece {
	enum piece_kind kind;
	size_t off, len;
	uint32_t t[3]; /* (u64, long, u32) counts, for the swap */
};

struct tfile {
	struct archive_recbuf b;
	struct piece *p;
	size_t n, cap;
};

static void
tf_release(struct tfile *tf)
{
	archive_recbuf_release(&tf->b);
	free(tf->p);
	memset(tf, 0, sizeof(*tf));
}

static void
tf_piece(struct tfile *tf, enum piece_kind kind, size_t off, size_t len, uint32_t t0, uint32_t t1,
         uint32_t t2)
{
	struct piece *p;

	if (tf->n == tf->cap) {
		tf->cap = tf->cap ? tf->cap * 2 : 64;
		tf->p = realloc(tf->p, tf->cap * sizeof(*tf->p));
		ck_assert_ptr_nonnull(tf->p);
	}
	p = &tf->p[tf->n++];
	p->kind = kind;
	p->off = off;
	p->len = len;
	p->t[0] = t0;
	p->t[1] = t1;
	p->t[2] = t2;
}

/* Records the piece that the last put appended (len bytes at the end). */
static void
tf_last(struct tfile *tf, enum piece_kind kind, size_t len, const uint32_t t[3])
{
	ck_assert_int_eq(tf->b.err, 0);
	tf_piece(tf, kind, tf->b.len - len, len, t ? t[0] : 0, t ? t[1] : 0, t ? t[2] : 0);
}

static void
tf_start(struct tfile *tf, const struct sa_file_activity *list, uint32_t n)
{
	uint32_t i;

	memset(tf, 0, sizeof(*tf));
	archive_put_file_start(&tf->b, &ident, list, n);
	ck_assert_int_eq(tf->b.err, 0);
	ck_assert_uint_eq(tf->b.len, 76 + 336 + 36 * (size_t) n);
	tf_piece(tf, P_MAGIC, 0, 76, 0, 0, 0);
	tf_piece(tf, P_HDR, 76, 336, 1, 1, 12);
	for (i = 0; i < n; i++)
		tf_piece(tf, P_ACT, 412 + 36 * (size_t) i, 36, 0, 0, 9);
}

static uint64_t
ust_at(uint8_t h, uint8_t m, uint8_t s)
{
	return T_MIDNIGHT + 3600u * h + 60u * m + s;
}

static void
tf_record(struct tfile *tf, uint8_t type, uint8_t h, uint8_t m, uint8_t s)
{
	static const uint32_t t[3] = {2, 0, 1};
	uint64_t uptime = type == SA_R_STATS ? 100u * (3600u * h + 60u * m + s) + 7 : 0;

	archive_put_record_header(&tf->b, type, uptime, ust_at(h, m, s), h, m, s);
	tf_last(tf, P_REC, 24, t);
}

static void
tf_nr(struct tfile *tf, int32_t nr)
{
	static const uint32_t t[3] = {0, 0, 1};

	archive_put_nr(&tf->b, nr);
	tf_last(tf, P_NR, 4, t);
}

static void
tf_comment(struct tfile *tf, const char *text)
{
	archive_put_comment(&tf->b, text);
	tf_last(tf, P_RAW, 64, NULL);
}

/* An extra_desc (12.1.7) and the nr * size bytes of structures it announces. */
static void
tf_extra(struct tfile *tf, uint32_t nr, uint32_t size, uint32_t next, uint32_t t0, uint32_t t1,
         uint32_t t2)
{
	static const uint32_t t[3] = {0, 0, 6};
	const struct sa_extra_desc x = {nr, size, next, {t0, t1, t2}};
	size_t i;

	archive_recbuf_put(&tf->b, &x, sizeof(x));
	tf_last(tf, P_EXTRA, sizeof(x), t);
	for (i = 0; i < (size_t) nr * size; i++) {
		unsigned char c = (unsigned char) (0xe0 + i % 16);

		archive_recbuf_put(&tf->b, &c, 1);
	}
	if ((size_t) nr * size > 0)
		tf_last(tf, P_RAW, (size_t) nr * size, NULL);
}

/*
 * Item j of an activity in the record with this seed: numbered fields in
 * the typed groups, letters in the trailing bytes.
 */
static void
make_item(unsigned char *item, const struct sa_file_activity *fa, size_t j, unsigned seed)
{
	size_t off = 0;
	uint32_t field = 0;

	memset(item, 0, (size_t) fa->size);
	for (int g = 0; g < 3; g++) {
		for (uint32_t f = 0; f < fa->types_nr[g]; f++, field++) {
			uint64_t v = (uint64_t) seed * 1000000u + j * 1000u + field + 1;
			uint32_t w = (uint32_t) v;

			if (g < 2) {
				memcpy(item + off, &v, 8);
				off += 8;
			} else {
				memcpy(item + off, &w, 4);
				off += 4;
			}
		}
	}
	for (; off < (size_t) fa->size; off++)
		item[off] = (unsigned char) ('a' + (seed + j + off) % 26);
}

static void
tf_items(struct tfile *tf, const struct sa_file_activity *fa, int32_t nr, unsigned seed)
{
	unsigned char item[1024];
	size_t j;

	for (j = 0; j < (size_t) nr * (size_t) fa->nr2; j++) {
		make_item(item, fa, j, seed);
		archive_recbuf_put(&tf->b, item, (size_t) fa->size);
		tf_last(tf, P_ITEM, (size_t) fa->size, fa->types_nr);
	}
}

/* The payload of an R_STATS record: counts[i] is used for activities with has_nr. */
static void
tf_stats(struct tfile *tf, const struct sa_file_activity *list, size_t n, const int32_t *counts,
         unsigned seed)
{
	for (size_t i = 0; i < n; i++) {
		int32_t nr = list[i].nr;

		if (list[i].has_nr) {
			nr = counts[i];
			tf_nr(tf, nr);
		}
		tf_items(tf, &list[i], nr, seed);
	}
}

/* Offset of the nth (0-based) piece of a kind. */
static size_t
tf_off(const struct tfile *tf, enum piece_kind kind, unsigned nth)
{
	for (size_t i = 0; i < tf->n; i++)
		if (tf->p[i].kind == kind && nth-- == 0)
			return tf->p[i].off;
	ck_abort_msg("no piece %d #%u", kind, nth);
	return 0;
}

static void
patch(struct tfile *tf, size_t off, unsigned width, uint32_t v)
{
	ck_assert_uint_le(off + width, tf->b.len);
	if (width == 1) {
		tf->b.data[off] = (unsigned char) v;
	} else if (width == 2) {
		uint16_t w = (uint16_t) v;

		memcpy(tf->b.data + off, &w, 2);
	} else {
		memcpy(tf->b.data + off, &v, 4);
	}
}

/* Sets extra_next in the nth record header. */
static void
tf_set_extra_next(struct tfile *tf, unsigned rec_nth)
{
	patch(tf, tf_off(tf, P_REC, rec_nth) + 16, 4, 1);
}

/* ------------------------------------------------------------------------- */
/* Rewriting a file by hand: other byte order, 32-bit writer, 328-byte header */

enum { X_SWAP = 1, X_LONG32 = 2, X_OLD = 4 };

static void
reverse(unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n / 2; i++) {
		unsigned char c = p[i];

		p[i] = p[n - 1 - i];
		p[n - 1 - i] = c;
	}
}

/* The swap rule of doc/format.md §3.2, written out again here rather than calling layout_swap(). */
static void
swap_by_hand(unsigned char *p, const uint32_t t[3], bool is64)
{
	for (uint32_t i = 0; i < t[0]; i++, p += 8)
		reverse(p, 8);
	for (uint32_t i = 0; i < t[1]; i++, p += 8)
		reverse(p, is64 ? 8 : 4);
	for (uint32_t i = 0; i < t[2]; i++, p += 4)
		reverse(p, 4);
}

/* The 76-byte magic block: two u16, four version bytes, then five u32 from offset 8. */
static void
swap_magic_by_hand(unsigned char *p)
{
	reverse(p, 2);
	reverse(p + 2, 2);
	for (size_t off = 8; off < 28; off += 4)
		reverse(p + off, 4);
}

static void
put_piece(struct tfile *dst, const struct piece *sp, const unsigned char *bytes, size_t len,
          const uint32_t t[3])
{
	struct piece p = *sp;

	archive_recbuf_put(&dst->b, bytes, len);
	p.off = dst->b.len - len;
	p.len = len;
	if (t)
		memcpy(p.t, t, sizeof(p.t));
	tf_piece(dst, p.kind, p.off, p.len, p.t[0], p.t[1], p.t[2]);
}

/* Copies src into dst, rewriting it as `how` says. */
static void
tf_convert(const struct tfile *src, struct tfile *dst, unsigned how)
{
	static const uint32_t old_hdr_t[3] = {1, 1, 11}, old_rec_t[3] = {2, 0, 0};

	memset(dst, 0, sizeof(*dst));
	for (size_t i = 0; i < src->n; i++) {
		const struct piece *sp = &src->p[i];
		const unsigned char *s = src->b.data + sp->off;
		unsigned char tmp[1024];
		const uint32_t *t = NULL;
		size_t len = sp->len;

		ck_assert_uint_le(len, sizeof(tmp));
		memcpy(tmp, s, len);
		if ((how & X_OLD) && sp->kind == P_MAGIC) {
			const uint32_t hs = 328;

			tmp[5] = 0; /* version 12.0.0 */
			tmp[6] = 0;
			memcpy(tmp + 8, &hs, 4);
			memcpy(tmp + 16, old_hdr_t, 12);
		} else if ((how & X_OLD) && sp->kind == P_HDR) {
			/* No extra_next (60..63), no sa_tzname (327..334); 5 bytes of padding. */
			memcpy(tmp + 60, s + 64, 263);
			memset(tmp + 323, 0, 5);
			memcpy(tmp + 40, old_rec_t, 12);
			len = 328;
			t = old_hdr_t;
		} else if ((how & X_OLD) && sp->kind == P_REC) {
			memcpy(tmp + 16, s + 20, 4);
			memset(tmp + 20, 0, 4);
			t = old_rec_t;
		}
		if ((how & X_LONG32) && sp->kind == P_HDR)
			tmp[(how & X_OLD) ? 62 : 66] = 4; /* sa_sizeof_long */
		if (how & X_SWAP) {
			if (sp->kind == P_MAGIC)
				swap_magic_by_hand(tmp);
			else if (sp->kind != P_RAW)
				swap_by_hand(tmp, t ? t : sp->t, !(how & X_LONG32));
		}
		put_piece(dst, sp, tmp, len, t);
	}
	ck_assert_int_eq(dst->b.err, 0);
}

/* ------------------------------------------------------------------------- */
/* Reading */

enum phase { PH_OPEN, PH_HEADER, PH_RECORDS };

struct readout {
	int rc;           /* the last code: 0 at a clean end */
	enum phase phase; /* where it came from */
	unsigned records; /* records read before it */
};

/* Reads a whole file through a memory source; with header_only, stops after the header. */
static struct readout
read_through(const void *data, size_t len, bool header_only)
{
	struct archive_reader r;
	struct archive_record rec;
	struct source *src;
	struct readout out = {0, PH_OPEN, 0};

	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(source_open_mem(data, len, &src), 0);
	out.rc = archive_open(&r, src, true);
	if (out.rc != 0)
		goto done;
	out.phase = PH_HEADER;
	out.rc = archive_read_header(&r, header_only);
	if (out.rc != 0 || header_only)
		goto done;
	out.phase = PH_RECORDS;
	while ((out.rc = archive_next(&r, &rec)) == 1)
		out.records++;
done:
	archive_reader_release(&r);
	return out;
}

/* Opens data and reads its header, which must be valid. */
static void
open_reader(struct archive_reader *r, const void *data, size_t len)
{
	struct source *src;

	memset(r, 0, sizeof(*r));
	ck_assert_int_eq(source_open_mem(data, len, &src), 0);
	ck_assert_int_eq(archive_open(r, src, true), 0);
	ck_assert_int_eq(archive_read_header(r, false), 0);
}

static void
next_record(struct archive_reader *r, struct archive_record *rec, uint8_t type)
{
	ck_assert_int_eq(archive_next(r, rec), 1);
	ck_assert_uint_eq(rec->hdr.record_type, type);
}

/* The items of the current record of fa's activity must be those tf_items() wrote. */
static void
check_items(struct archive_reader *r, const struct sa_file_activity *fa, int32_t nr, unsigned seed)
{
	struct archive_act *a = archive_find(r, fa->id);
	unsigned char want[1024];

	ck_assert_ptr_nonnull(a);
	ck_assert(a->known_format);
	ck_assert_uint_eq(a->nr, (uint32_t) nr);
	ck_assert_uint_eq(a->msize, (uint32_t) fa->size);
	for (size_t j = 0; j < (size_t) nr * (size_t) fa->nr2; j++) {
		make_item(want, fa, j, seed);
		ck_assert_msg(memcmp(a->buf + j * a->msize, want, (size_t) fa->size) == 0,
		              "activity %u item %zu differs", fa->id, j);
	}
}

/* ------------------------------------------------------------------------- */
/* The standard file: four activities, two statistics records, a comment and a restart */

// clang-format off
static const struct sa_file_activity std_list[] = {fa_cpu, fa_pcsw, fa_irq, fa_net_dev};
static const int32_t std_counts1[] = {3, 0, 3, 2}; /* cpu, (pcsw), irq, net_dev */
static const int32_t std_counts2[] = {5, 0, 0, 1}; /* irq has a count of 0 */
/* Offsets from doc/format.md §2's sizes: 76 + 336 + 4 * 36, then 24 + 244 + 16 + 148 + 164, ... */
#define STD_R1  556u
#define STD_R2  1152u /* R1 + 596 */
#define STD_R3  1240u /* R2 + 24 + 64 */
#define STD_R4  1268u /* R3 + 24 + 4 */
#define STD_END 1800u /* R4 + 24 + 404 + 16 + 4 + 84 */
// clang-format on

static void
build_standard(struct tfile *tf)
{
	tf_start(tf, std_list, 4);
	tf_record(tf, SA_R_STATS, 10, 0, 0);
	tf_stats(tf, std_list, 4, std_counts1, 1);
	tf_record(tf, SA_R_COMMENT, 10, 0, 5);
	tf_comment(tf, "hello world");
	tf_record(tf, SA_R_RESTART, 10, 0, 6);
	tf_nr(tf, 5);
	tf_record(tf, SA_R_STATS, 10, 0, 10);
	tf_stats(tf, std_list, 4, std_counts2, 2);
	ck_assert_uint_eq(tf->b.len, STD_END);
}

struct variant {
	bool swapped, is64, old;
};

static void
check_stats_record(const struct archive_record *rec, uint8_t h, uint8_t m, uint8_t s)
{
	ck_assert_uint_eq(rec->hdr.record_type, SA_R_STATS);
	ck_assert_uint_eq(rec->hdr.hour, h);
	ck_assert_uint_eq(rec->hdr.minute, m);
	ck_assert_uint_eq(rec->hdr.second, s);
	ck_assert_uint_eq(rec->hdr.ust_time, ust_at(h, m, s));
	ck_assert_uint_eq(rec->hdr.uptime_cs, 100u * (3600u * h + 60u * m + s) + 7);
	ck_assert_uint_eq(rec->hdr.extra_next, 0);
}

/* Reads the standard file (in any variant) through src and checks every field. */
static void
verify_standard(struct source *src, const struct variant *v)
{
	const uint64_t shift = v->old ? 8 : 0;
	struct archive_reader r;
	struct archive_record rec;

	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(archive_open(&r, src, true), 0);
	ck_assert_uint_eq(r.swapped, v->swapped);
	ck_assert_uint_eq(r.magic.sysstat_magic, 0xd596);
	ck_assert_uint_eq(r.magic.format_magic, 0x2175);
	ck_assert_uint_eq(r.magic.sysstat_version, 12);
	/* The writer stamps the run's flavour (12.7.5 when SYSREC_COMPAT is unset). */
	ck_assert_uint_eq(r.magic.sysstat_patchlevel, v->old ? 0 : flavour_1275() ? 7 : 6);
	ck_assert_uint_eq(r.magic.sysstat_sublevel, v->old ? 0 : flavour_1275() ? 5 : 1);
	ck_assert_uint_eq(r.magic.header_size, v->old ? 328 : 336);
	ck_assert_uint_eq(r.magic.hdr_types_nr[2], v->old ? 11 : 12);

	ck_assert_int_eq(archive_read_header(&r, false), 0);
	ck_assert_uint_eq(r.is64, v->is64);
	ck_assert_uint_eq(r.hdr.sa_ust_time, T_CREATED);
	ck_assert_uint_eq(r.hdr.sa_hz, 100);
	ck_assert_uint_eq(r.hdr.sa_cpu_nr, 3);
	ck_assert_uint_eq(r.hdr.sa_act_nr, 4);
	ck_assert_int_eq(r.hdr.sa_year, 126);
	ck_assert_uint_eq(r.hdr.act_size, 36);
	ck_assert_uint_eq(r.hdr.rec_size, 24);
	ck_assert_uint_eq(r.hdr.rec_types_nr[2], v->old ? 0 : 1);
	ck_assert_uint_eq(r.hdr.extra_next, 0);
	ck_assert_uint_eq(r.hdr.sa_day, 29);
	ck_assert_uint_eq(r.hdr.sa_month, 10);
	ck_assert_int_eq(r.hdr.sa_sizeof_long, v->is64 ? 8 : 4);
	ck_assert_str_eq(r.hdr.sa_sysname, "Linux");
	ck_assert_str_eq(r.hdr.sa_nodename, "vm");
	ck_assert_str_eq(r.hdr.sa_release, "6.18.44-fc-v769");
	ck_assert_str_eq(r.hdr.sa_machine, "x86_64");
	ck_assert_str_eq(r.hdr.sa_tzname, v->old ? "" : "UTC");

	ck_assert_uint_eq(r.n_acts, 4);
	for (size_t i = 0; i < 4; i++) {
		ck_assert_mem_eq(&r.acts[i].fa, &std_list[i], sizeof(std_list[i]));
		ck_assert_ptr_eq(r.acts[i].desc, activity_by_id(std_list[i].id));
		ck_assert(r.acts[i].known_format);
	}

	next_record(&r, &rec, SA_R_STATS);
	ck_assert_uint_eq(rec.offset, STD_R1 - shift);
	check_stats_record(&rec, 10, 0, 0);
	check_items(&r, &fa_cpu, 3, 1);
	check_items(&r, &fa_pcsw, 1, 1);
	check_items(&r, &fa_irq, 3, 1);
	check_items(&r, &fa_net_dev, 2, 1);

	next_record(&r, &rec, SA_R_COMMENT);
	ck_assert_uint_eq(rec.offset, STD_R2 - shift);
	ck_assert_uint_eq(rec.hdr.uptime_cs, 0);
	ck_assert_uint_eq(rec.hdr.ust_time, ust_at(10, 0, 5));
	ck_assert_str_eq(rec.comment, "hello world");

	next_record(&r, &rec, SA_R_RESTART);
	ck_assert_uint_eq(rec.offset, STD_R3 - shift);
	ck_assert_uint_eq(rec.hdr.second, 6);
	ck_assert_int_eq(rec.restart_cpu_nr, 5);

	next_record(&r, &rec, SA_R_STATS);
	ck_assert_uint_eq(rec.offset, STD_R4 - shift);
	check_stats_record(&rec, 10, 0, 10);
	check_items(&r, &fa_cpu, 5, 2);
	check_items(&r, &fa_pcsw, 1, 2);
	check_items(&r, &fa_irq, 0, 2);
	check_items(&r, &fa_net_dev, 1, 2);

	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
}

static void
verify_standard_mem(const struct tfile *tf, const struct variant *v)
{
	struct source *src;

	ck_assert_int_eq(source_open_mem(tf->b.data, tf->b.len, &src), 0);
	verify_standard(src, v);
}

static const struct variant native = {false, true, false};

/* ------------------------------------------------------------------------- */
/* Round trips */

START_TEST(test_roundtrip_standard_file)
{
	struct tfile tf;

	build_standard(&tf);
	verify_standard_mem(&tf, &native);
	tf_release(&tf);
}
END_TEST

START_TEST(test_roundtrip_header_strings)
{
	struct tfile tf;
	struct archive_reader r;

	build_standard(&tf);
	open_reader(&r, tf.b.data, tf.b.len);
	ck_assert_str_eq(r.hdr.sa_sysname, "Linux");
	ck_assert_str_eq(r.hdr.sa_nodename, "vm");
	ck_assert_str_eq(r.hdr.sa_release, "6.18.44-fc-v769");
	ck_assert_str_eq(r.hdr.sa_machine, "x86_64");
	ck_assert_str_eq(r.hdr.sa_tzname, "UTC");
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_roundtrip_long_strings_are_terminated)
{
	/* 65-byte fields filled to the last byte still read as 64 characters. */
	struct tfile tf;
	struct archive_reader r;
	char want[65];

	build_standard(&tf);
	memset(tf.b.data + 76 + 67, 'S', 65);
	memset(tf.b.data + 76 + 327, 'Z', 8);
	memset(want, 'S', 64);
	want[64] = '\0';
	open_reader(&r, tf.b.data, tf.b.len);
	ck_assert_str_eq(r.hdr.sa_sysname, want);
	ck_assert_str_eq(r.hdr.sa_tzname, "ZZZZZZZ");
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_roundtrip_activity_list)
{
	struct tfile tf;
	struct archive_reader r;

	build_standard(&tf);
	open_reader(&r, tf.b.data, tf.b.len);
	ck_assert_uint_eq(r.n_acts, 4);
	ck_assert_uint_eq(r.acts[0].fa.id, A_CPU);
	ck_assert_uint_eq(r.acts[1].fa.id, A_PCSW);
	ck_assert_uint_eq(r.acts[2].fa.id, A_IRQ);
	ck_assert_int_eq(r.acts[2].fa.nr2, 4);
	ck_assert_uint_eq(r.acts[3].fa.id, A_NET_DEV);
	ck_assert_uint_eq(r.acts[3].fa.types_nr[0], 7);
	ck_assert_uint_eq(r.acts[3].fa.types_nr[2], 1);
	ck_assert_ptr_eq(archive_find(&r, A_IRQ), &r.acts[2]);
	ck_assert_ptr_null(archive_find(&r, A_DISK));
	ck_assert_ptr_null(archive_find(&r, 99));
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_roundtrip_counts_per_record)
{
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;

	build_standard(&tf);
	open_reader(&r, tf.b.data, tf.b.len);
	next_record(&r, &rec, SA_R_STATS);
	ck_assert_uint_eq(archive_find(&r, A_CPU)->nr, 3);
	ck_assert_uint_eq(archive_find(&r, A_PCSW)->nr, 1);
	ck_assert_uint_eq(archive_find(&r, A_NET_DEV)->nr, 2);
	next_record(&r, &rec, SA_R_COMMENT);
	next_record(&r, &rec, SA_R_RESTART);
	next_record(&r, &rec, SA_R_STATS);
	/* More CPUs than at creation (after the restart), fewer interfaces. */
	ck_assert_uint_eq(archive_find(&r, A_CPU)->nr, 5);
	ck_assert_uint_eq(archive_find(&r, A_NET_DEV)->nr, 1);
	check_items(&r, &fa_cpu, 5, 2);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_roundtrip_has_nr_count_zero)
{
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;

	build_standard(&tf);
	open_reader(&r, tf.b.data, tf.b.len);
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, SA_R_COMMENT);
	next_record(&r, &rec, SA_R_RESTART);
	next_record(&r, &rec, SA_R_STATS);
	ck_assert_uint_eq(archive_find(&r, A_IRQ)->nr, 0);
	/* The activity after the empty one is read from the right place. */
	check_items(&r, &fa_net_dev, 1, 2);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_roundtrip_irq_matrix)
{
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;
	struct archive_act *a;
	struct stats_irq cell;

	build_standard(&tf);
	open_reader(&r, tf.b.data, tf.b.len);
	next_record(&r, &rec, SA_R_STATS);
	a = archive_find(&r, A_IRQ);
	ck_assert_uint_eq(a->nr, 3);
	ck_assert_int_eq(a->fa.nr2, 4);
	check_items(&r, &fa_irq, 3, 1);
	/* Item-major: CPU 2 (row 2), interrupt 3 is item 2 * 4 + 3 = 11. */
	memcpy(&cell, a->buf + 11 * a->msize, sizeof(cell));
	ck_assert_uint_eq(cell.irq_nr, 1000000u + 11u * 1000u + 1u);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_roundtrip_restart_cpu_count)
{
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;

	build_standard(&tf);
	open_reader(&r, tf.b.data, tf.b.len);
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, SA_R_COMMENT);
	next_record(&r, &rec, SA_R_RESTART);
	ck_assert_int_eq(rec.restart_cpu_nr, 5);
	ck_assert_uint_eq(rec.hdr.uptime_cs, 0);
	ck_assert_uint_eq(rec.hdr.hour, 10);
	ck_assert_uint_eq(rec.hdr.second, 6);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_clean_eof_returns_zero)
{
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;

	build_standard(&tf);
	open_reader(&r, tf.b.data, tf.b.len);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(archive_next(&r, &rec), 1);
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_file_without_records)
{
	struct tfile tf;
	struct readout out;

	tf_start(&tf, std_list, 4);
	out = read_through(tf.b.data, tf.b.len, false);
	ck_assert_int_eq(out.rc, 0);
	ck_assert_int_eq(out.phase, PH_RECORDS);
	ck_assert_uint_eq(out.records, 0);
	tf_release(&tf);
}
END_TEST

START_TEST(test_r_last_stats_reads_as_statistics)
{
	/* Type 3 appears only on the sadc -> sar pipe, with a statistics payload. */
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;

	build_standard(&tf);
	patch(&tf, tf_off(&tf, P_REC, 0) + 20, 1, SA_R_LAST_STATS);
	open_reader(&r, tf.b.data, tf.b.len);
	next_record(&r, &rec, SA_R_LAST_STATS);
	check_items(&r, &fa_net_dev, 2, 1);
	next_record(&r, &rec, SA_R_COMMENT);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Comments (doc/format.md §4.3) */

static void
read_one_comment(const struct tfile *tf, char *ret)
{
	struct archive_reader r;
	struct archive_record rec;

	open_reader(&r, tf->b.data, tf->b.len);
	next_record(&r, &rec, SA_R_COMMENT);
	memcpy(ret, rec.comment, SA_COMMENT_LEN);
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
}

static void
build_comment_file(struct tfile *tf, const char *text)
{
	tf_start(tf, &fa_pcsw, 1);
	tf_record(tf, SA_R_COMMENT, 7, 15, 11);
	tf_comment(tf, text);
}

START_TEST(test_comment_round_trip)
{
	struct tfile tf;
	char c[SA_COMMENT_LEN];

	build_comment_file(&tf, "hello world");
	read_one_comment(&tf, c);
	ck_assert_str_eq(c, "hello world");
	tf_release(&tf);
}
END_TEST

START_TEST(test_comment_truncated_to_63)
{
	struct tfile tf;
	char text[101], c[SA_COMMENT_LEN];

	memset(text, 'c', 100);
	text[100] = '\0';
	build_comment_file(&tf, text);
	/* The writer keeps 63 characters and a NUL. */
	ck_assert_uint_eq(tf.b.data[tf_off(&tf, P_RAW, 0) + 62], 'c');
	ck_assert_uint_eq(tf.b.data[tf_off(&tf, P_RAW, 0) + 63], 0);
	read_one_comment(&tf, c);
	ck_assert_uint_eq(strlen(c), 63);
	ck_assert_int_eq(c[62], 'c');
	tf_release(&tf);
}
END_TEST

START_TEST(test_comment_without_nul_read_as_63)
{
	struct tfile tf;
	char c[SA_COMMENT_LEN];

	build_comment_file(&tf, "");
	memset(tf.b.data + tf_off(&tf, P_RAW, 0), 'x', 64);
	read_one_comment(&tf, c);
	ck_assert_uint_eq(strlen(c), 63);
	tf_release(&tf);
}
END_TEST

START_TEST(test_comment_non_printable_become_dots)
{
	struct tfile tf;
	char c[SA_COMMENT_LEN];

	build_comment_file(&tf, "\x01tab\there\x7f\xff~ ok\x1b");
	read_one_comment(&tf, c);
	ck_assert_str_eq(c, ".tab.here..~ ok.");
	tf_release(&tf);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Truncation at every byte */

/* CPU (2 items) and PCSW: 76 + 336 + 72 = 484 bytes of header. */
static const struct sa_file_activity small_list[] = {fa_cpu2, fa_pcsw};

static void
build_small(struct tfile *tf)
{
	static const int32_t two[] = {2, 0}, one[] = {1, 0};

	tf_start(tf, small_list, 2);
	tf_record(tf, SA_R_STATS, 1, 2, 3); /* 24 + 4 + 160 + 16 = 204 */
	tf_stats(tf, small_list, 2, two, 1);
	tf_record(tf, SA_R_COMMENT, 1, 2, 4); /* 24 + 64 = 88 */
	tf_comment(tf, "c");
	tf_record(tf, SA_R_RESTART, 1, 2, 5); /* 24 + 4 = 28 */
	tf_nr(tf, 2);
	tf_record(tf, SA_R_STATS, 1, 2, 6); /* 24 + 4 + 80 + 16 = 124 */
	tf_stats(tf, small_list, 2, one, 2);
}

START_TEST(test_truncation_at_every_byte)
{
	/* Record boundaries, by hand: 484, +204, +88, +28, +124. */
	static const size_t boundary[] = {484, 688, 776, 804, 928};
	struct tfile tf;

	build_small(&tf);
	ck_assert_uint_eq(tf.b.len, 928);
	for (size_t len = 0; len <= tf.b.len; len++) {
		unsigned char *copy = malloc(len ? len : 1);
		struct readout out;
		int want_rc = ARCHIVE_E_TRUNCATED;
		enum phase want_phase = PH_RECORDS;
		unsigned want_records = 0;

		memcpy(copy, tf.b.data, len);
		if (len < 76) {
			want_rc = ARCHIVE_E_INVALID; /* a short magic block, as sysstat says */
			want_phase = PH_OPEN;
		} else if (len < 484) {
			want_phase = PH_HEADER;
		} else {
			for (size_t k = 0; k < 5; k++) {
				if (len >= boundary[k])
					want_records = (unsigned) k;
				if (len == boundary[k])
					want_rc = 0;
			}
		}
		out = read_through(copy, len, false);
		ck_assert_msg(out.rc == want_rc && out.phase == want_phase &&
		                      out.records == want_records,
		              "prefix %zu: rc %d phase %d records %u, want %d %d %u", len, out.rc,
		              out.phase, out.records, want_rc, want_phase, want_records);
		free(copy);
	}
	tf_release(&tf);
}
END_TEST

START_TEST(test_truncated_error_offset)
{
	/* The reader keeps where the short read started: the CPU count of the first record. */
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;

	build_small(&tf);
	open_reader(&r, tf.b.data, 484 + 24 + 2);
	ck_assert_int_eq(archive_next(&r, &rec), ARCHIVE_E_TRUNCATED);
	ck_assert_uint_eq(r.err_offset, 508);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Other byte orders, 32-bit writers, 328-byte headers */

START_TEST(test_swapped_64bit_file)
{
	struct tfile tf, sw;
	const struct variant v = {true, true, false};

	build_standard(&tf);
	tf_convert(&tf, &sw, X_SWAP);
	/* A foreign-endian file starts d5 96 21 75 (doc/format.md §1.2). */
	ck_assert_uint_eq(sw.b.data[0], 0xd5);
	ck_assert_uint_eq(sw.b.data[1], 0x96);
	ck_assert_uint_eq(sw.b.data[2], 0x21);
	ck_assert_uint_eq(sw.b.data[3], 0x75);
	verify_standard_mem(&sw, &v);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

START_TEST(test_swapped_32bit_file)
{
	/* Only the first 4 bytes of each long slot hold the value (sa_hz, pcsw.processes). */
	struct tfile tf, sw;
	const struct variant v = {true, false, false};

	build_standard(&tf);
	tf_convert(&tf, &sw, X_SWAP | X_LONG32);
	verify_standard_mem(&sw, &v);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

START_TEST(test_native_32bit_file)
{
	struct tfile tf, n32;
	const struct variant v = {false, false, false};

	build_standard(&tf);
	tf_convert(&tf, &n32, X_LONG32);
	verify_standard_mem(&n32, &v);
	tf_release(&n32);
	tf_release(&tf);
}
END_TEST

START_TEST(test_header_328_bytes)
{
	struct tfile tf, old;
	const struct variant v = {false, true, true};

	build_standard(&tf);
	tf_convert(&tf, &old, X_OLD);
	ck_assert_uint_eq(old.b.len, STD_END - 8);
	/* The strings start at offset 60 of the old header. */
	ck_assert_mem_eq(old.b.data + 76 + 63, "Linux", 5);
	verify_standard_mem(&old, &v);
	tf_release(&old);
	tf_release(&tf);
}
END_TEST

START_TEST(test_header_328_bytes_swapped_32bit)
{
	/* The shape of the upstream data-ppc-11.7.2 file: big-endian, 4-byte long, 328 bytes. */
	struct tfile tf, old;
	const struct variant v = {true, false, true};

	build_standard(&tf);
	tf_convert(&tf, &old, X_OLD | X_SWAP | X_LONG32);
	verify_standard_mem(&old, &v);
	tf_release(&old);
	tf_release(&tf);
}
END_TEST

START_TEST(test_header_328_with_extra_next_12_1_7)
{
	/* 12.1.7: (1,1,12) in 328 bytes, so there is extra_next but no sa_tzname. */
	struct tfile tf;
	struct archive_reader r;
	const uint32_t hs = 328;

	build_standard(&tf);
	memcpy(tf.b.data + 8, &hs, 4);
	/* 12.1.7's struct ends with sa_machine at 262..326 and one byte of padding. */
	tf.b.data[76 + 327] = 0;
	memmove(tf.b.data + 76 + 328, tf.b.data + 76 + 336, tf.b.len - (76 + 336));
	tf.b.len -= 8;
	open_reader(&r, tf.b.data, tf.b.len);
	ck_assert_str_eq(r.hdr.sa_machine, "x86_64");
	ck_assert_str_eq(r.hdr.sa_tzname, "");
	ck_assert_uint_eq(r.n_acts, 4);
	archive_reader_release(&r);
	ck_assert_int_eq(read_through(tf.b.data, tf.b.len, false).records, 4);
	tf_release(&tf);
}
END_TEST

/* Runs the rest of a test (each runs in its own process) under one flavour. */
static void
use_flavour(const char *version)
{
	ck_assert_int_eq(setenv("SYSREC_COMPAT", version, 1), 0);
	sysrec_flavour_reset();
	ck_assert_str_eq(sysrec_flavour_version(), version);
}

/* ------------------------------------------------------------------------- */
/* Structs of other versions (remapped per item) */

// clang-format off
static const struct sa_file_activity fa_io_11_7   = {A_IO,       0x8b, 1, 1, 0, 40,  {5, 0, 0}};
static const struct sa_file_activity fa_soft_12_5 = {A_NET_SOFT, 0x8a, 3, 1, 1, 20,  {0, 0, 5}};
static const struct sa_file_activity fa_queue_386 = {A_QUEUE,    0x8c, 1, 1, 0, 36,  {3, 0, 3}};
static const struct sa_file_activity fa_page_12_7 = {A_PAGE,     0x8a, 1, 1, 0, 80,  {0, 10, 0}};
static const struct sa_file_activity fa_mem_12_7  = {A_MEMORY,   0x8b, 1, 1, 0, 144, {18, 0, 0}};
static const struct sa_file_activity fa_dev_newer = {A_NET_DEV,  0x8d, 2, 1, 1, 88,  {8, 0, 1}};
// clang-format on

static const struct sa_file_activity versions_list[] = {fa_io_11_7,   fa_soft_12_5, fa_queue_386,
                                                        fa_page_12_7, fa_mem_12_7,  fa_dev_newer};

static void
build_versions(struct tfile *tf)
{
	static const int32_t counts[] = {0, 3, 0, 0, 0, 2};

	tf_start(tf, versions_list, 6);
	for (unsigned s = 1; s <= 2; s++) {
		tf_record(tf, SA_R_STATS, 0, 0, (uint8_t) s);
		tf_stats(tf, versions_list, 6, counts, s);
	}
}

/*
 * The items of fa as the reader must hold them, in the gsize bytes of the
 * 12.6.1 struct: the file's first `keep` bytes, then zeros. They are
 * stored msize bytes apart.
 */
static void
check_remapped(struct archive_reader *r, const struct sa_file_activity *fa, uint32_t msize,
               size_t gsize, size_t keep, unsigned seed)
{
	struct archive_act *a = archive_find(r, fa->id);
	unsigned char file_item[1024], want[1024];

	ck_assert_uint_eq(a->msize, msize);
	ck_assert_uint_ge(a->nr, 1);
	for (size_t j = 0; j < a->nr; j++) {
		make_item(file_item, fa, j, seed);
		memset(want, 0, gsize);
		memcpy(want, file_item, keep);
		ck_assert_mem_eq(a->buf + j * a->msize, want, gsize);
	}
}

static void
verify_versions(const struct tfile *tf)
{
	struct archive_reader r;
	struct archive_record rec;
	unsigned char file_item[1024];

	open_reader(&r, tf->b.data, tf->b.len);
	for (unsigned s = 1; s <= 2; s++) {
		struct archive_act *dev;

		next_record(&r, &rec, SA_R_STATS);
		/* Older, smaller structs: the new fields read as zero. */
		check_remapped(&r, &fa_io_11_7, 56, 56, 40, s);
		check_remapped(&r, &fa_soft_12_5, 24, 24, 20, s);
		/* An i386 writer's A_QUEUE of 36 bytes: the file's size is trusted. */
		check_remapped(&r, &fa_queue_386, 40, 40, 36, s);
		/* Newer, bigger structs: the first fields are kept in place. */
		check_remapped(&r, &fa_page_12_7, 80, 64, 64, s);
		check_remapped(&r, &fa_mem_12_7, 144, 136, 136, s);
		/* One more u64 in net_dev: speed, name and duplex move back by 8 bytes. */
		dev = archive_find(&r, A_NET_DEV);
		ck_assert_uint_eq(dev->nr, 2);
		ck_assert_uint_eq(dev->msize, 88);
		for (size_t j = 0; j < 2; j++) {
			const unsigned char *got = dev->buf + j * dev->msize;

			make_item(file_item, &fa_dev_newer, j, s);
			ck_assert_mem_eq(got, file_item, 56);
			ck_assert_mem_eq(got + 56, file_item + 64, 24);
		}
	}
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
}

START_TEST(test_items_of_other_versions)
{
	struct tfile tf;

	build_versions(&tf);
	verify_versions(&tf);
	tf_release(&tf);
}
END_TEST

/*
 * A_PAGE of both releases and A_PWR_BAT under each flavour: 12.7.5 reads a
 * 12.6.1 A_PAGE into its 80 bytes with zeros after the first 64, keeps a
 * 12.7.5 one whole and reads the 3-byte batteries; 12.6.1 keeps the first
 * 64 bytes of either and skips the batteries (an unknown id).
 */
// clang-format off
static const struct sa_file_activity fa_page_12_6 = {A_PAGE, 0x8a, 1, 1, 0, 64, {0, 8, 0}};
static const struct sa_file_activity fa_bat       = {43,     0x8a, 2, 1, 1, 3,  {0, 0, 0}};
// clang-format on

START_TEST(test_page_and_bat_by_flavour)
{
	static const struct sa_file_activity list_61[] = {fa_cpu, fa_page_12_6, fa_bat, fa_pcsw};
	static const struct sa_file_activity list_75[] = {fa_cpu, fa_page_12_7, fa_bat, fa_pcsw};
	static const int32_t counts[] = {3, 0, 2, 0};
	static const char *const flavours[] = {"12.6.1", "12.7.5"};

	for (size_t k = 0; k < 2; k++) {
		bool is75 = k == 1;

		use_flavour(flavours[k]);
		for (size_t w = 0; w < 2; w++) {
			const struct sa_file_activity *list = w ? list_75 : list_61;
			const struct sa_file_activity *page = &list[1];
			struct archive_reader r;
			struct archive_record rec;
			struct archive_act *bat;
			struct tfile tf;

			tf_start(&tf, list, 4);
			tf_record(&tf, SA_R_STATS, 0, 0, 1);
			tf_stats(&tf, list, 4, counts, 1);
			open_reader(&r, tf.b.data, tf.b.len);
			next_record(&r, &rec, SA_R_STATS);
			/*
			 * 12.7.5: 80 bytes, the file's 64 or 80 kept; 12.6.1: the first 64
			 * (items stored the file's size apart when it is larger).
			 */
			check_remapped(&r, page, is75 ? 80 : (uint32_t) page->size, is75 ? 80 : 64,
			               is75 ? (size_t) page->size : 64, 1);
			bat = archive_find(&r, 43);
			if (is75) {
				ck_assert_ptr_eq(bat->desc, activity_by_id(A_PWR_BAT));
				check_items(&r, &fa_bat, 2, 1);
			} else {
				ck_assert_ptr_null(bat->desc);
				ck_assert_ptr_null(bat->buf);
			}
			check_items(&r, &fa_pcsw, 1, 1);
			ck_assert_int_eq(archive_next(&r, &rec), 0);
			archive_reader_release(&r);
			tf_release(&tf);
		}
	}
}
END_TEST

START_TEST(test_items_of_other_versions_swapped)
{
	/* Items are swapped with the file's types first, then remapped. */
	struct tfile tf, sw;

	build_versions(&tf);
	tf_convert(&tf, &sw, X_SWAP);
	verify_versions(&sw);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Unknown activities and magics */

// clang-format off
static const struct sa_file_activity fa_unknown99 = {99,        0x8a, 2, 1, 1, 20, {0, 0, 5}};
static const struct sa_file_activity fa_dev_magic = {A_NET_DEV, 0x8e, 2, 1, 1, 80, {7, 0, 1}};
static const struct sa_file_activity fa_bat_12_7  = {43,        0x8a, 2, 3, 0, 8,  {1, 0, 0}};
// clang-format on

static const struct sa_file_activity unknown_list[] = {fa_cpu,  fa_unknown99, fa_dev_magic,
                                                       fa_pcsw, fa_bat_12_7,  fa_irq};

static void
build_unknown(struct tfile *tf)
{
	static const int32_t counts1[] = {3, 2, 1, 0, 0, 2};
	static const int32_t counts2[] = {1, 0, 2, 0, 0, 3};

	tf_start(tf, unknown_list, 6);
	tf_record(tf, SA_R_STATS, 0, 0, 1);
	tf_stats(tf, unknown_list, 6, counts1, 1);
	tf_record(tf, SA_R_STATS, 0, 0, 2);
	tf_stats(tf, unknown_list, 6, counts2, 2);
}

/* Id 43 is A_PWR_BAT to 12.7.5, unknown to 12.6.1. */
START_TEST(test_unknown_activities_skipped)
{
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;

	use_flavour("12.6.1");
	build_unknown(&tf);
	open_reader(&r, tf.b.data, tf.b.len);
	ck_assert_uint_eq(r.n_acts, 6);
	ck_assert_ptr_null(r.acts[1].desc);
	ck_assert(!r.acts[1].known_format);
	ck_assert_ptr_null(r.acts[4].desc);
	/* A known id with another magic stays in the list, but its data are skipped. */
	ck_assert_ptr_eq(r.acts[2].desc, activity_by_id(A_NET_DEV));
	ck_assert(!r.acts[2].known_format);

	next_record(&r, &rec, SA_R_STATS);
	check_items(&r, &fa_cpu, 3, 1);
	check_items(&r, &fa_pcsw, 1, 1);
	check_items(&r, &fa_irq, 2, 1);
	next_record(&r, &rec, SA_R_STATS);
	check_items(&r, &fa_cpu, 1, 2);
	check_items(&r, &fa_pcsw, 1, 2);
	check_items(&r, &fa_irq, 3, 2);
	for (size_t i = 1; i <= 4; i += 3) {
		ck_assert_uint_eq(r.acts[i].nr, 0);
		ck_assert_ptr_null(r.acts[i].buf);
	}
	ck_assert_ptr_null(r.acts[2].buf);
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_unknown_activities_skipped_swapped)
{
	struct tfile tf, sw;
	struct archive_reader r;
	struct archive_record rec;

	build_unknown(&tf);
	tf_convert(&tf, &sw, X_SWAP);
	open_reader(&r, sw.b.data, sw.b.len);
	next_record(&r, &rec, SA_R_STATS);
	check_items(&r, &fa_irq, 2, 1);
	next_record(&r, &rec, SA_R_STATS);
	check_items(&r, &fa_cpu, 1, 2);
	check_items(&r, &fa_irq, 3, 2);
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

START_TEST(test_other_format_magic)
{
	/* A sysstat file of format 0x2173 (sadf -c can convert it): open returns 1. */
	struct tfile tf;
	struct archive_reader r;
	struct source *src;

	build_standard(&tf);
	patch(&tf, 2, 2, 0x2173);
	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(source_open_mem(tf.b.data, tf.b.len, &src), 0);
	ck_assert_int_eq(archive_open(&r, src, true), 1);
	ck_assert_uint_eq(r.magic.format_magic, 0x2173);
	ck_assert_uint_eq(r.magic.sysstat_version, 12);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_other_format_magic_swapped)
{
	struct tfile tf, sw;
	struct archive_reader r;
	struct source *src;

	build_standard(&tf);
	patch(&tf, 2, 2, 0x2171);
	tf_convert(&tf, &sw, X_SWAP);
	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(source_open_mem(sw.b.data, sw.b.len, &src), 0);
	ck_assert_int_eq(archive_open(&r, src, true), 1);
	ck_assert_uint_eq(r.magic.format_magic, 0x2171);
	ck_assert_uint_eq(r.magic.header_size, 336);
	archive_reader_release(&r);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

START_TEST(test_not_a_sysstat_file)
{
	static const char text[200] = "This is not a sysstat file at all.";
	struct readout out = read_through(text, sizeof(text), false);

	ck_assert_int_eq(out.rc, ARCHIVE_E_INVALID);
	ck_assert_int_eq(out.phase, PH_OPEN);
	out = read_through(text, 0, false);
	ck_assert_int_eq(out.rc, ARCHIVE_E_INVALID);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Extra structures (12.1.7) */

static const struct sa_file_activity extra_list[] = {fa_cpu, fa_pcsw};

/*
 * A chain of two extra_desc after the header; an R_EXTRA record (type 5)
 * with a chain and one (type 15) without; statistics, comment and restart
 * records with chains (before the payload for statistics, after it for the
 * others); then a plain statistics record.
 */
static void
build_extra(struct tfile *tf)
{
	static const int32_t three[] = {3, 0}, two[] = {2, 0};

	tf_start(tf, extra_list, 2);
	patch(tf, 76 + 60, 4, 1);
	tf_extra(tf, 2, 10, 1, 0, 0, 1);
	tf_extra(tf, 0, 4, 0, 0, 0, 0);
	tf_record(tf, 5, 0, 0, 1);
	tf_set_extra_next(tf, 0);
	tf_extra(tf, 1, 8, 0, 1, 0, 0);
	tf_record(tf, 15, 0, 0, 1);
	tf_record(tf, SA_R_STATS, 0, 0, 2);
	tf_set_extra_next(tf, 2);
	tf_extra(tf, 3, 4, 0, 0, 0, 1);
	tf_stats(tf, extra_list, 2, three, 1);
	tf_record(tf, SA_R_COMMENT, 0, 0, 3);
	tf_set_extra_next(tf, 3);
	tf_comment(tf, "with extras");
	tf_extra(tf, 1, 16, 0, 0, 0, 0);
	tf_record(tf, SA_R_RESTART, 0, 0, 4);
	tf_set_extra_next(tf, 4);
	tf_nr(tf, 4);
	tf_extra(tf, 1, 4, 0, 0, 0, 1);
	tf_record(tf, SA_R_STATS, 0, 0, 5);
	tf_stats(tf, extra_list, 2, two, 2);
}

static void
verify_extra(const struct tfile *tf)
{
	struct archive_reader r;
	struct archive_record rec;

	open_reader(&r, tf->b.data, tf->b.len);
	ck_assert_uint_eq(r.hdr.extra_next, 1);
	next_record(&r, &rec, SA_R_STATS);
	ck_assert_uint_eq(rec.hdr.second, 2);
	check_items(&r, &fa_cpu, 3, 1);
	check_items(&r, &fa_pcsw, 1, 1);
	next_record(&r, &rec, SA_R_COMMENT);
	ck_assert_str_eq(rec.comment, "with extras");
	next_record(&r, &rec, SA_R_RESTART);
	ck_assert_int_eq(rec.restart_cpu_nr, 4);
	next_record(&r, &rec, SA_R_STATS);
	ck_assert_uint_eq(rec.hdr.second, 5);
	check_items(&r, &fa_cpu, 2, 2);
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
}

START_TEST(test_extra_structures_skipped)
{
	struct tfile tf;

	build_extra(&tf);
	verify_extra(&tf);
	tf_release(&tf);
}
END_TEST

START_TEST(test_extra_structures_skipped_swapped)
{
	struct tfile tf, sw;

	build_extra(&tf);
	tf_convert(&tf, &sw, X_SWAP);
	verify_extra(&sw);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

START_TEST(test_extra_chain_past_end_reads_as_end)
{
	/* Skipping beyond the data is not an error by itself; the next read finds the end. */
	struct tfile tf;
	struct readout out;

	build_extra(&tf);
	patch(&tf, tf_off(&tf, P_EXTRA, 0), 4, 8192);
	patch(&tf, tf_off(&tf, P_EXTRA, 0) + 4, 4, 1024);
	patch(&tf, tf_off(&tf, P_EXTRA, 0) + 8, 4, 0); /* last of the chain */
	out = read_through(tf.b.data, tf.b.len, false);
	ck_assert_int_eq(out.rc, 0);
	ck_assert_int_eq(out.phase, PH_RECORDS);
	ck_assert_uint_eq(out.records, 0);
	tf_release(&tf);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Limits (doc/format.md §5): one field patched at a time, with the exact error */

enum test_file { F_STD, F_EXTRA, F_UNK };

struct one_patch {
	enum piece_kind kind;
	unsigned nth;
	size_t delta;
	unsigned width; /* 0: unused */
	uint32_t value;
};

struct limit_case {
	const char *what;
	enum test_file file;
	bool header_only;
	int rc;           /* expected code */
	enum phase phase; /* where it must come from */
	unsigned records; /* records read before it */
	struct one_patch patch[3];
};

#define E_INV   ARCHIVE_E_INVALID
#define E_FMT   ARCHIVE_E_FORMAT
#define E_TRUNC ARCHIVE_E_TRUNCATED
#define E_BAD   ARCHIVE_E_BAD_RECORD

#define NR_MAX_PLUS_1 268435457u

// clang-format off
static const struct limit_case limit_cases[] = {
	/* file magic (doc/format.md §2.1) */
	{"header_size 0", F_STD, false, E_FMT, PH_OPEN, 0,
	 {{P_MAGIC, 0, 8, 4, 0}}},
	{"header_size 8193", F_STD, false, E_FMT, PH_OPEN, 0,
	 {{P_MAGIC, 0, 8, 4, 8193}}},
	{"hdr_types (1,1,83): map 348 > 336", F_STD, false, E_FMT, PH_OPEN, 0,
	 {{P_MAGIC, 0, 24, 4, 83}}},
	{"hdr_types u64 count wrapping 32 bits", F_STD, false, E_FMT, PH_OPEN, 0,
	 {{P_MAGIC, 0, 16, 4, 0x20000000}}},
	{"hdr_types u32 count wrapping 32 bits", F_STD, false, E_FMT, PH_OPEN, 0,
	 {{P_MAGIC, 0, 24, 4, 0x40000000}}},
	{"sysstat magic 0x1234", F_STD, false, E_INV, PH_OPEN, 0,
	 {{P_MAGIC, 0, 0, 2, 0x1234}}},
	/* file header (doc/format.md §2.2) */
	{"sa_act_nr 257", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_HDR, 0, 20, 4, 257}}},
	{"act_size 1025", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_HDR, 0, 52, 4, 1025}}},
	{"rec_size 513", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_HDR, 0, 56, 4, 513}}},
	{"act_types (0,0,10): map 40 > act_size 36", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_HDR, 0, 36, 4, 10}}},
	{"act_types u64 count wrapping 32 bits", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_HDR, 0, 28, 4, 0x20000000}}},
	{"rec_types (2,0,3): map 28 > rec_size 24", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_HDR, 0, 48, 4, 3}}},
	{"rec_types long count wrapping 32 bits", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_HDR, 0, 44, 4, 0x1fffffff}}},
	/* activity list (doc/format.md §2.3) */
	{"cpu nr 0", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 0, 8, 4, 0}}},
	{"cpu nr -1", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 0, 8, 4, UINT32_MAX}}},
	{"cpu nr 8194 > nr_max", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 0, 8, 4, 8194}}},
	{"cpu nr > NR_MAX", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 0, 8, 4, NR_MAX_PLUS_1}}},
	{"unknown id, nr > NR_MAX", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 0, 0, 4, 99}, {P_ACT, 0, 8, 4, NR_MAX_PLUS_1}}},
	{"irq nr2 0", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 2, 12, 4, 0}}},
	{"irq nr2 4097", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 2, 12, 4, 4097}}},
	{"unknown id, nr2 4097", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 2, 0, 4, 99}, {P_ACT, 2, 12, 4, 4097}}},
	{"cpu size 0", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 0, 20, 4, 0}}},
	{"cpu size -80", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 0, 20, 4, (uint32_t) -80}}},
	{"cpu size 1025", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 0, 20, 4, 1025}}},
	{"unknown id, size 0 (sysstat issue #202)", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 0, 0, 4, 99}, {P_ACT, 0, 20, 4, 0}}},
	{"net_dev types (8,0,0) are mixed", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 3, 24, 4, 8}, {P_ACT, 3, 32, 4, 0}}},
	{"net_dev types (6,0,2) are mixed", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 3, 24, 4, 6}, {P_ACT, 3, 32, 4, 2}}},
	{"net_dev mixed types, header only", F_STD, true, 0, PH_HEADER, 0,
	 {{P_ACT, 3, 24, 4, 8}, {P_ACT, 3, 32, 4, 0}}},
	{"net_dev mixed types with another magic", F_STD, false, 0, PH_RECORDS, 4,
	 {{P_ACT, 3, 4, 4, 0x99}, {P_ACT, 3, 24, 4, 8}, {P_ACT, 3, 32, 4, 0}}},
	{"another magic, nr 65537 > nr_max (sysstat issue #243)", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 3, 4, 4, 0x99}, {P_ACT, 3, 8, 4, 65537}}},
	{"net_dev types (7,0,7): map 84 > size 80", F_STD, false, E_INV, PH_HEADER, 0,
	 {{P_ACT, 3, 32, 4, 7}}},
	/* per-record counts (doc/format.md §4.1) */
	{"cpu count -1", F_STD, false, E_INV, PH_RECORDS, 0,
	 {{P_NR, 0, 0, 4, UINT32_MAX}}},
	{"cpu count 8194 > nr_max", F_STD, false, E_INV, PH_RECORDS, 0,
	 {{P_NR, 0, 0, 4, 8194}}},
	{"cpu count INT32_MIN", F_STD, false, E_INV, PH_RECORDS, 0,
	 {{P_NR, 0, 0, 4, 0x80000000}}},
	{"unknown id count > NR_MAX", F_UNK, false, E_INV, PH_RECORDS, 0,
	 {{P_NR, 1, 0, 4, NR_MAX_PLUS_1}}},
	{"unknown id count -1", F_UNK, false, E_INV, PH_RECORDS, 0,
	 {{P_NR, 1, 0, 4, UINT32_MAX}}},
	{"unknown magic count -1", F_UNK, false, E_INV, PH_RECORDS, 0,
	 {{P_NR, 2, 0, 4, UINT32_MAX}}},
	/* restart records (doc/format.md §4.2) */
	{"restart cpu count 0", F_STD, false, E_INV, PH_RECORDS, 2,
	 {{P_NR, 3, 0, 4, 0}}},
	{"restart cpu count -1", F_STD, false, E_INV, PH_RECORDS, 2,
	 {{P_NR, 3, 0, 4, UINT32_MAX}}},
	/* record headers (doc/format.md §2.5) */
	{"record type 0", F_STD, false, E_BAD, PH_RECORDS, 0,
	 {{P_REC, 0, 20, 1, 0}}},
	{"record type 16", F_STD, false, E_BAD, PH_RECORDS, 0,
	 {{P_REC, 0, 20, 1, 16}}},
	{"record type 255", F_STD, false, E_BAD, PH_RECORDS, 3,
	 {{P_REC, 3, 20, 1, 255}}},
	{"hour 24", F_STD, false, E_BAD, PH_RECORDS, 1,
	 {{P_REC, 1, 21, 1, 24}}},
	{"minute 60", F_STD, false, E_BAD, PH_RECORDS, 2,
	 {{P_REC, 2, 22, 1, 60}}},
	{"second 61", F_STD, false, E_BAD, PH_RECORDS, 3,
	 {{P_REC, 3, 23, 1, 61}}},
	{"23:59:60 is a valid time", F_STD, false, 0, PH_RECORDS, 4,
	 {{P_REC, 3, 21, 1, 23}, {P_REC, 3, 22, 1, 59}, {P_REC, 3, 23, 1, 60}}},
	{"rec_types (2,0,0): type read from extra_next", F_STD, false, E_BAD, PH_RECORDS, 0,
	 {{P_HDR, 0, 48, 4, 0}}},
	/* extra structures (doc/format.md §2.4) */
	{"header extra_nr 8193", F_EXTRA, false, E_INV, PH_HEADER, 0,
	 {{P_EXTRA, 0, 0, 4, 8193}}},
	{"header extra_size 1025", F_EXTRA, false, E_INV, PH_HEADER, 0,
	 {{P_EXTRA, 1, 4, 4, 1025}}},
	{"header extra types (0,0,3): map 12 > size 10", F_EXTRA, false, E_INV, PH_HEADER, 0,
	 {{P_EXTRA, 0, 20, 4, 3}}},
	{"header extra types wrapping 32 bits", F_EXTRA, false, E_INV, PH_HEADER, 0,
	 {{P_EXTRA, 0, 12, 4, 0x20000000}}},
	{"R_EXTRA record extra_nr 8193", F_EXTRA, false, E_BAD, PH_RECORDS, 0,
	 {{P_EXTRA, 2, 0, 4, 8193}}},
	{"statistics record extra_size 1025", F_EXTRA, false, E_BAD, PH_RECORDS, 0,
	 {{P_EXTRA, 3, 4, 4, 1025}}},
	{"comment record extra_nr 8193", F_EXTRA, false, E_BAD, PH_RECORDS, 1,
	 {{P_EXTRA, 4, 0, 4, 8193}}},
	{"restart record extra map > size", F_EXTRA, false, E_BAD, PH_RECORDS, 2,
	 {{P_EXTRA, 5, 20, 4, 2}}},
};
// clang-format on

#define N_LIMIT_CASES (sizeof(limit_cases) / sizeof(limit_cases[0]))

static void
build_limit_file(struct tfile *tf, const struct limit_case *c)
{
	if (c->file == F_EXTRA)
		build_extra(tf);
	else if (c->file == F_UNK)
		build_unknown(tf);
	else
		build_standard(tf);
	for (size_t k = 0; k < 3 && c->patch[k].width; k++) {
		const struct one_patch *p = &c->patch[k];

		patch(tf, tf_off(tf, p->kind, p->nth) + p->delta, p->width, p->value);
	}
}

static void
check_limit(const struct limit_case *c, const struct tfile *tf, const char *order)
{
	struct readout out = read_through(tf->b.data, tf->b.len, c->header_only);

	ck_assert_msg(out.rc == c->rc && out.phase == c->phase && out.records == c->records,
	              "%s (%s): rc %d (%s) phase %d records %u, want %d %d %u", c->what, order,
	              out.rc, archive_strerror(out.rc), out.phase, out.records, c->rc, c->phase,
	              c->records);
}

START_TEST(test_limit)
{
	const struct limit_case *c = &limit_cases[_i];
	struct tfile tf;

	build_limit_file(&tf, c);
	check_limit(c, &tf, "native");
	tf_release(&tf);
}
END_TEST

/* The same checks hold after the byte swap: the field is patched, then the whole file swapped. */
START_TEST(test_limit_swapped)
{
	const struct limit_case *c = &limit_cases[_i];
	struct tfile tf, sw;

	build_limit_file(&tf, c);
	tf_convert(&tf, &sw, X_SWAP);
	check_limit(c, &sw, "swapped");
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

START_TEST(test_bad_record_error_offset)
{
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;

	build_standard(&tf);
	patch(&tf, tf_off(&tf, P_REC, 2) + 20, 1, 0);
	open_reader(&r, tf.b.data, tf.b.len);
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, SA_R_COMMENT);
	ck_assert_int_eq(archive_next(&r, &rec), ARCHIVE_E_BAD_RECORD);
	ck_assert_uint_eq(r.err_offset, STD_R3);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Memory does not grow with the file */

START_TEST(test_buffers_sized_for_one_record)
{
	static const struct sa_file_activity list[] = {fa_cpu, fa_irq, fa_net_dev};
	static const int32_t counts[] = {3, 3, 2};
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;
	unsigned n = 0;

	tf_start(&tf, list, 3);
	for (unsigned i = 0; i < 10000; i++) {
		archive_put_record_header(&tf.b, SA_R_STATS, i, T_CREATED + i, 0, 0, 0);
		tf_stats(&tf, list, 3, counts, i % 7);
	}
	/* 10,000 x (24 + 244 + 148 + 164) bytes after the header. */
	ck_assert_uint_eq(tf.b.len, 520 + 10000u * 580u);
	open_reader(&r, tf.b.data, tf.b.len);
	while (archive_next(&r, &rec) == 1) {
		ck_assert_uint_eq(r.acts[0].buf_items, 3);
		ck_assert_uint_eq(r.acts[1].buf_items, 12);
		ck_assert_uint_eq(r.acts[2].buf_items, 2);
		ck_assert_uint_le(r.scratch_len, 336);
		if (n % 1000 == 999) {
			check_items(&r, &fa_cpu, 3, n % 7);
			check_items(&r, &fa_irq, 3, n % 7);
			check_items(&r, &fa_net_dev, 2, n % 7);
		}
		n++;
	}
	ck_assert_uint_eq(n, 10000);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_buffers_sized_for_largest_record)
{
	/* Counts that vary: the buffer holds the largest count seen, never more. */
	static const int32_t counts[][2] = {{1, 0}, {3, 0}, {2, 0}, {5, 0}, {0, 0}, {4, 0}};
	struct tfile tf;
	struct archive_reader r;
	struct archive_record rec;
	size_t largest = 0;

	tf_start(&tf, small_list, 2);
	for (unsigned i = 0; i < 6000; i++) {
		archive_put_record_header(&tf.b, SA_R_STATS, i, T_CREATED + i, 0, 0, 0);
		tf_stats(&tf, small_list, 2, counts[i % 6], 1);
	}
	open_reader(&r, tf.b.data, tf.b.len);
	for (unsigned i = 0; archive_next(&r, &rec) == 1; i++) {
		if ((size_t) counts[i % 6][0] > largest)
			largest = (size_t) counts[i % 6][0];
		ck_assert_uint_eq(r.acts[0].nr, (uint32_t) counts[i % 6][0]);
		ck_assert_uint_eq(r.acts[0].buf_items, largest);
		ck_assert_uint_eq(r.acts[1].buf_items, 1);
	}
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Real files: plain and gzip through a file descriptor */

static int
temp_fd(void)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/test_archive.XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	unlink(path);
	return fd;
}

static int
temp_file_with(const void *data, size_t len)
{
	int fd = temp_fd();

	ck_assert_int_eq(write(fd, data, len), (ssize_t) len);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	return fd;
}

/* Writes data as gzip, split into `members` gzip members, to a new temporary file. */
static int
temp_gzip_with(const void *data, size_t len, int members)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];
	size_t done = 0;
	int fd;

	snprintf(path, sizeof(path), "%s/test_archive.XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	for (int m = 0; m < members; m++) {
		size_t part = m == members - 1 ? len - done : len / (size_t) members;
		gzFile gz = gzopen(path, m == 0 ? "wb" : "ab");

		ck_assert_ptr_nonnull(gz);
		ck_assert_int_eq(gzwrite(gz, (const char *) data + done, (unsigned) part),
		                 (int) part);
		ck_assert_int_eq(gzclose(gz), Z_OK);
		done += part;
	}
	unlink(path);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	return fd;
}

START_TEST(test_plain_file_descriptor)
{
	struct tfile tf;
	struct source *src;
	int fd;

	build_standard(&tf);
	fd = temp_file_with(tf.b.data, tf.b.len);
	ck_assert_int_eq(source_open_fd(fd, &src), 0);
	ck_assert(!source_is_gzip(src));
	verify_standard(src, &native);
	close(fd);
	tf_release(&tf);
}
END_TEST

/*
 * Passes after the first over a plain file jump over what they do not
 * decode (the counts of the records read whole are kept): each pass,
 * whatever it ignores, decodes exactly what the file holds, and leaves
 * the others untouched. The records are larger than the source's buffer,
 * so that the jumps go past it; one has other counts, and a comment lies
 * between two runs of records.
 */
#define MEMO_RECS 12
static const int32_t memo_counts[2][4] = {{200, 0, 150, 300}, {40, 0, 0, 7}};

static int
memo_counts_of(unsigned k)
{
	return k == 5 ? 1 : 0;
}

static void
memo_pass(struct archive_reader *r, uint64_t first, const bool *ignore, bool cut)
{
	static const struct sa_file_activity *const list[] = {&fa_cpu, &fa_pcsw, &fa_irq,
	                                                      &fa_net_dev};
	struct archive_record rec;
	uint64_t before[4];
	unsigned k;

	ck_assert_int_eq(source_seek(r->src, first), 0);
	for (size_t i = 0; i < 4; i++)
		r->acts[i].ignore = ignore[i];
	for (k = 0; k < MEMO_RECS; k++) {
		const int32_t *c = memo_counts[memo_counts_of(k)];

		for (size_t i = 0; i < 4; i++)
			before[i] = r->acts[i].n_decoded;
		if (cut && k == MEMO_RECS - 1) {
			ck_assert_int_eq(archive_next(r, &rec), ARCHIVE_E_TRUNCATED);
			return;
		}
		next_record(r, &rec, SA_R_STATS);
		ck_assert_uint_eq(rec.hdr.second, k);
		for (size_t i = 0; i < 4; i++) {
			/* Every count is known, decoded or not. */
			ck_assert_int_eq(r->rec_counts[i], list[i]->has_nr ? c[i] : list[i]->nr);
			if (ignore[i]) {
				ck_assert_uint_eq(r->acts[i].n_decoded, before[i]);
				continue;
			}
			check_items(r, list[i], list[i]->has_nr ? c[i] : list[i]->nr, k + 1);
		}
		if (k == 6)
			next_record(r, &rec, SA_R_COMMENT);
	}
	ck_assert_int_eq(archive_next(r, &rec), 0);
}

/* tf as a file on disk read by r; *first: the first record's offset. Returns the descriptor. */
static int
memo_open(const struct tfile *tf, struct archive_reader *r, uint64_t *first)
{
	struct source *src;
	int fd = temp_file_with(tf->b.data, tf->b.len);

	ck_assert_int_eq(source_open_fd(fd, &src), 0);
	memset(r, 0, sizeof(*r));
	ck_assert_int_eq(archive_open(r, src, true), 0);
	ck_assert_int_eq(archive_read_header(r, false), 0);
	*first = source_offset(src);
	return fd;
}

START_TEST(test_later_passes_skip_what_they_ignore)
{
	static const bool every[4] = {false, false, false, false};
	static const bool passes[][4] = {
	        {false, true, true, true}, {true, true, false, true}, {true, true, true, false},
	        {true, false, true, true}, {true, true, true, true},  {false, true, true, false},
	};
	struct tfile tf;
	struct archive_reader r;
	uint64_t first;
	int fd;

	tf_start(&tf, std_list, 4);
	for (unsigned k = 0; k < MEMO_RECS; k++) {
		tf_record(&tf, SA_R_STATS, 10, 0, (uint8_t) k);
		tf_stats(&tf, std_list, 4, memo_counts[memo_counts_of(k)], k + 1);
		if (k == 6) {
			tf_record(&tf, SA_R_COMMENT, 10, 0, (uint8_t) k);
			tf_comment(&tf, "between");
		}
	}
	fd = memo_open(&tf, &r, &first);
	/* The first pass reads everything and learns the counts; the others jump. */
	memo_pass(&r, first, every, false);
	for (size_t p = 0; p < sizeof(passes) / sizeof(passes[0]); p++)
		memo_pass(&r, first, passes[p], false);
	memo_pass(&r, first, every, false);
	/* Cut in the last record once the counts are known: a truncation, as on a first pass. */
	ck_assert_int_eq(ftruncate(fd, (off_t) tf.b.len - 100), 0);
	for (size_t p = 0; p < sizeof(passes) / sizeof(passes[0]); p++)
		memo_pass(&r, first, passes[p], true);
	archive_reader_release(&r);
	close(fd);
	tf_release(&tf);
}
END_TEST

/*
 * A record whose count changed since a pass learnt it (the file was
 * rewritten): the count read for an activity decoded differs, the reader
 * forgets what it learnt and reads the rest as a first pass would.
 */
START_TEST(test_later_pass_sees_changed_counts)
{
	static const int32_t counts[4] = {200, 0, 150, 300};
	static const int32_t other[4] = {100, 0, 150, 300};
	struct tfile tf, tf2;
	struct archive_reader r;
	struct archive_record rec;
	uint64_t first;
	int fd;

	tf_start(&tf, std_list, 4);
	tf_start(&tf2, std_list, 4);
	for (unsigned k = 0; k < 3; k++) {
		tf_record(&tf, SA_R_STATS, 10, 0, (uint8_t) k);
		tf_stats(&tf, std_list, 4, counts, k + 1);
		tf_record(&tf2, SA_R_STATS, 10, 0, (uint8_t) k);
		tf_stats(&tf2, std_list, 4, k == 1 ? other : counts, k + 1);
	}
	fd = memo_open(&tf, &r, &first);
	for (unsigned k = 0; k < 3; k++)
		next_record(&r, &rec, SA_R_STATS);
	ck_assert_int_eq(pwrite(fd, tf2.b.data, tf2.b.len, 0), (ssize_t) tf2.b.len);
	ck_assert_int_eq(ftruncate(fd, (off_t) tf2.b.len), 0);
	ck_assert_int_eq(source_seek(r.src, first), 0);
	r.acts[1].ignore = r.acts[2].ignore = true;
	for (unsigned k = 0; k < 3; k++) {
		next_record(&r, &rec, SA_R_STATS);
		check_items(&r, &fa_cpu, k == 1 ? 100 : 200, k + 1);
		check_items(&r, &fa_net_dev, 300, k + 1);
	}
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
	close(fd);
	tf_release(&tf2);
	tf_release(&tf);
}
END_TEST

START_TEST(test_gzip_file_descriptor)
{
	struct tfile tf;
	struct source *src;
	int fd;

	build_standard(&tf);
	fd = temp_gzip_with(tf.b.data, tf.b.len, 1);
	ck_assert_int_eq(source_open_fd(fd, &src), 0);
	ck_assert(source_is_gzip(src));
	verify_standard(src, &native);
	close(fd);
	tf_release(&tf);
}
END_TEST

START_TEST(test_gzip_concatenated_members)
{
	struct tfile tf;
	struct source *src;
	int fd;

	build_standard(&tf);
	fd = temp_gzip_with(tf.b.data, tf.b.len, 3);
	ck_assert_int_eq(source_open_fd(fd, &src), 0);
	verify_standard(src, &native);
	close(fd);
	tf_release(&tf);
}
END_TEST

START_TEST(test_gzip_swapped_file)
{
	struct tfile tf, sw;
	struct source *src;
	const struct variant v = {true, true, false};
	int fd;

	build_standard(&tf);
	tf_convert(&tf, &sw, X_SWAP);
	fd = temp_gzip_with(sw.b.data, sw.b.len, 1);
	ck_assert_int_eq(source_open_fd(fd, &src), 0);
	verify_standard(src, &v);
	close(fd);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

START_TEST(test_gzip_truncated_at_every_byte)
{
	/*
	 * A cut gzip stream reads as a cut file: never a crash, never a record
	 * too many; a record cut short is -EIO (the stream's damage) rather
	 * than ARCHIVE_E_TRUNCATED, and so is a cut after the last record
	 * (in the trailer's CRC and size): never a clean end.
	 */
	struct tfile tf;
	unsigned char *gz;
	off_t gz_len;
	int fd;

	build_small(&tf);
	fd = temp_gzip_with(tf.b.data, tf.b.len, 1);
	gz_len = lseek(fd, 0, SEEK_END);
	ck_assert_int_gt(gz_len, 0);
	gz = malloc((size_t) gz_len);
	ck_assert_int_eq(pread(fd, gz, (size_t) gz_len, 0), gz_len);
	close(fd);
	for (size_t len = 0; len <= (size_t) gz_len; len++) {
		unsigned char *copy = malloc(len ? len : 1);
		struct readout out;

		memcpy(copy, gz, len);
		out = read_through(copy, len, false);
		ck_assert_msg(out.rc == 0 || out.rc == -EIO || out.rc == ARCHIVE_E_TRUNCATED ||
		                      out.rc == ARCHIVE_E_INVALID,
		              "gzip prefix %zu: rc %d", len, out.rc);
		ck_assert_uint_le(out.records, 4);
		ck_assert_msg(len == (size_t) gz_len || out.rc != 0, "gzip prefix %zu: read whole",
		              len);
		if (len == (size_t) gz_len)
			ck_assert_msg(out.rc == 0 && out.records == 4, "whole gzip file: rc %d",
			              out.rc);
		free(copy);
	}
	free(gz);
	tf_release(&tf);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Writer byte-exactness (doc/format.md §2.1, §2.2, §4.2, §4.3) */

START_TEST(test_writer_magic_block)
{
	// clang-format off
	static const unsigned char want[28] = {
		0x96, 0xd5, 0x75, 0x21, 0x0c, 0x06, 0x01, 0x00, 0x50, 0x01, 0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00,
	};
	// clang-format on
	static const unsigned char zeros[48];
	/* The version bytes (offset 4) are the flavour's; nothing else changes. */
	static const struct {
		const char *flavour;
		unsigned char version[3];
	} flavours[] = {{"12.6.1", {12, 6, 1}}, {"12.7.5", {12, 7, 5}}};
	struct tfile tf;

	if (!host_is_little_endian())
		return; /* the image is the one an x86_64 sadc writes */
	for (size_t i = 0; i < sizeof(flavours) / sizeof(flavours[0]); i++) {
		use_flavour(flavours[i].flavour);
		tf_start(&tf, std_list, 4);
		ck_assert_mem_eq(tf.b.data, want, 4);
		ck_assert_mem_eq(tf.b.data + 4, flavours[i].version, 3);
		ck_assert_mem_eq(tf.b.data + 7, want + 7, sizeof(want) - 7);
		ck_assert_mem_eq(tf.b.data + 28, zeros, sizeof(zeros));
		tf_release(&tf);
	}
}
END_TEST

START_TEST(test_writer_file_header)
{
	// clang-format off
	static const unsigned char head[67] = {
		0xb1, 0xd0, 0x0b, 0x6b, 0x00, 0x00, 0x00, 0x00, /*  0 sa_ust_time */
		0x64, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /*  8 sa_hz 100 */
		0x03, 0x00, 0x00, 0x00,                         /* 16 sa_cpu_nr */
		0x04, 0x00, 0x00, 0x00,                         /* 20 sa_act_nr */
		0x7e, 0x00, 0x00, 0x00,                         /* 24 sa_year 126 */
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x09, 0x00, 0x00, 0x00,                         /* 28 act_types_nr 0,0,9 */
		0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x01, 0x00, 0x00, 0x00,                         /* 40 rec_types_nr 2,0,1 */
		0x24, 0x00, 0x00, 0x00,                         /* 52 act_size 36 */
		0x18, 0x00, 0x00, 0x00,                         /* 56 rec_size 24 */
		0x00, 0x00, 0x00, 0x00,                         /* 60 extra_next */
		0x1d, 0x0a, 0x08,                               /* 64 day, month, sizeof long */
	};
	// clang-format on
	unsigned char want[336];
	struct tfile tf;

	if (!host_is_little_endian())
		return;
	memset(want, 0, sizeof(want));
	memcpy(want, head, sizeof(head));
	memcpy(want + 67, "Linux", 5);
	memcpy(want + 132, "vm", 2);
	memcpy(want + 197, "6.18.44-fc-v769", 15);
	memcpy(want + 262, "x86_64", 6);
	memcpy(want + 327, "UTC", 3);
	tf_start(&tf, std_list, 4);
	ck_assert_mem_eq(tf.b.data + 76, want, sizeof(want));
	tf_release(&tf);
}
END_TEST

START_TEST(test_writer_activity_entries)
{
	// clang-format off
	static const unsigned char want[72] = {
		/* A_CPU 0x8b, nr 3, nr2 1, has_nr 1, size 80, types 10,0,0 */
		0x01, 0x00, 0x00, 0x00, 0x8b, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00,
		0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x50, 0x00, 0x00, 0x00,
		0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		/* A_PCSW 0x8b, nr 1, nr2 1, has_nr 0, size 16, types 1,1,0 */
		0x02, 0x00, 0x00, 0x00, 0x8b, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
		0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00,
		0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	};
	// clang-format on
	struct tfile tf;

	if (!host_is_little_endian())
		return;
	tf_start(&tf, std_list, 2);
	ck_assert_uint_eq(tf.b.len, 76 + 336 + 72);
	ck_assert_mem_eq(tf.b.data + 412, want, sizeof(want));
	tf_release(&tf);
}
END_TEST

START_TEST(test_writer_comment_and_restart_records)
{
	/* What sysstat 12.6.1's sadc wrote in f.sa (doc/format.md §4.2, §4.3). */
	// clang-format off
	static const unsigned char comment_hdr[24] = {
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0xff, 0xd0, 0x0b, 0x6b, 0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00,
		0x04, 0x07, 0x0f, 0x0b,
	};
	static const unsigned char restart[28] = {
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0xff, 0xd0, 0x0b, 0x6b, 0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00,
		0x02, 0x07, 0x0f, 0x0b,
		0x03, 0x00, 0x00, 0x00,
	};
	// clang-format on
	unsigned char text[64];
	struct archive_recbuf b = {0};

	if (!host_is_little_endian())
		return;
	archive_put_record_header(&b, SA_R_COMMENT, 0, 0x6b0bd0ff, 7, 15, 11);
	archive_put_comment(&b, "hello world");
	archive_put_record_header(&b, SA_R_RESTART, 0, 0x6b0bd0ff, 7, 15, 11);
	archive_put_nr(&b, 3);
	ck_assert_int_eq(b.err, 0);
	ck_assert_uint_eq(b.len, 24 + 64 + 28);
	memset(text, 0, sizeof(text));
	memcpy(text, "hello world", 11);
	ck_assert_mem_eq(b.data, comment_hdr, sizeof(comment_hdr));
	ck_assert_mem_eq(b.data + 24, text, sizeof(text));
	ck_assert_mem_eq(b.data + 88, restart, sizeof(restart));
	archive_recbuf_release(&b);
}
END_TEST

START_TEST(test_writer_stats_record_header)
{
	// clang-format off
	static const unsigned char want[24] = {
		0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, /* uptime_cs */
		0xb1, 0xd0, 0x0b, 0x6b, 0x00, 0x00, 0x00, 0x00, /* ust_time */
		0x00, 0x00, 0x00, 0x00,                         /* extra_next */
		0x01, 0x17, 0x3b, 0x3c,                         /* R_STATS 23:59:60 */
	};
	// clang-format on
	struct archive_recbuf b = {0};

	if (!host_is_little_endian())
		return;
	archive_put_record_header(&b, SA_R_STATS, 0x1122334455667788ull, T_CREATED, 23, 59, 60);
	ck_assert_uint_eq(b.len, 24);
	ck_assert_mem_eq(b.data, want, sizeof(want));
	archive_recbuf_release(&b);
}
END_TEST

START_TEST(test_writer_count_and_comment_truncation)
{
	static const unsigned char minus_two[4] = {0xfe, 0xff, 0xff, 0xff};
	char text[80];
	struct archive_recbuf b = {0};

	if (!host_is_little_endian())
		return;
	archive_put_nr(&b, -2);
	ck_assert_mem_eq(b.data, minus_two, 4);
	memset(text, 'q', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	archive_put_comment(&b, text);
	archive_put_comment(&b, NULL);
	ck_assert_uint_eq(b.len, 4 + 64 + 64);
	for (size_t i = 0; i < 63; i++)
		ck_assert_uint_eq(b.data[4 + i], 'q');
	for (size_t i = 63; i < 64 + 64; i++)
		ck_assert_uint_eq(b.data[4 + i], 0);
	archive_recbuf_release(&b);
}
END_TEST

START_TEST(test_writer_strings_truncated_and_padded)
{
	struct archive_ident id = ident;
	struct archive_recbuf b = {0};
	char long_name[100];
	unsigned char want_sys[65], want_tz[8];
	static const unsigned char zeros[65];

	memset(long_name, 'n', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	id.sysname = long_name;
	id.nodename = NULL;
	id.tzname = "ABCDEFGHIJ";
	archive_put_file_start(&b, &id, NULL, 0);
	ck_assert_uint_eq(b.len, 76 + 336);
	memset(want_sys, 'n', 64);
	want_sys[64] = 0;
	memcpy(want_tz, "ABCDEFG", 8);
	ck_assert_mem_eq(b.data + 76 + 67, want_sys, 65);
	ck_assert_mem_eq(b.data + 76 + 132, zeros, 65);
	ck_assert_mem_eq(b.data + 76 + 327, want_tz, 8);
	ck_assert_uint_eq(b.data[76 + 335], 0);
	archive_recbuf_release(&b);
}
END_TEST

START_TEST(test_writer_write_buf_to_fd)
{
	struct tfile tf;
	unsigned char *back;
	int fd = temp_fd();

	build_standard(&tf);
	ck_assert_int_eq(archive_write_buf(fd, &tf.b), 0);
	ck_assert_int_eq(lseek(fd, 0, SEEK_END), (off_t) tf.b.len);
	back = malloc(tf.b.len);
	ck_assert_int_eq(pread(fd, back, tf.b.len, 0), (ssize_t) tf.b.len);
	ck_assert_mem_eq(back, tf.b.data, tf.b.len);
	free(back);
	close(fd);
	tf_release(&tf);
}
END_TEST

START_TEST(test_recbuf_reset_keeps_nothing)
{
	struct archive_recbuf b = {0};

	archive_put_nr(&b, 1);
	archive_recbuf_reset(&b);
	ck_assert_uint_eq(b.len, 0);
	archive_put_nr(&b, 2);
	ck_assert_uint_eq(b.len, 4);
	ck_assert_uint_eq(b.data[0], host_is_little_endian() ? 2 : 0);
	archive_recbuf_release(&b);
	ck_assert_ptr_null(b.data);
	archive_recbuf_release(NULL);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* sadc's append check (doc/format.md §6) */

struct append_result {
	int start;
	int list; /* only when start == 0 */
	struct sa_file_magic magic;
	struct sa_file_header hdr;
	struct sa_file_activity acts[ACTIVITY_NR];
};

static struct append_result
append_check(const void *data, size_t len)
{
	struct append_result res;
	int fd = temp_file_with(data, len);

	memset(&res, 0, sizeof(res));
	res.list = 42; /* not run */
	res.start = archive_append_read_start(fd, &res.magic, &res.hdr);
	if (res.start == 0)
		res.list = archive_append_check_list(fd, &res.hdr, res.acts);
	close(fd);
	return res;
}

START_TEST(test_append_accepts_writer_file)
{
	struct tfile tf;
	struct append_result res;

	build_standard(&tf);
	res = append_check(tf.b.data, tf.b.len);
	ck_assert_int_eq(res.start, 0);
	ck_assert_int_eq(res.list, 0);
	ck_assert_uint_eq(res.hdr.sa_act_nr, 4);
	ck_assert_uint_eq(res.hdr.sa_cpu_nr, 3);
	ck_assert_mem_eq(res.acts, std_list, sizeof(std_list));
	tf_release(&tf);
}
END_TEST

START_TEST(test_append_accepts_header_only_file)
{
	struct tfile tf;
	struct append_result res;

	tf_start(&tf, std_list, 4);
	res = append_check(tf.b.data, tf.b.len);
	ck_assert_int_eq(res.start, 0);
	ck_assert_int_eq(res.list, 0);
	tf_release(&tf);
}
END_TEST

START_TEST(test_append_empty_file)
{
	struct append_result res = append_check("", 0);

	ck_assert_int_eq(res.start, 1);
}
END_TEST

START_TEST(test_append_rejects_foreign_endian)
{
	struct tfile tf, sw;
	struct append_result res;

	build_standard(&tf);
	tf_convert(&tf, &sw, X_SWAP);
	res = append_check(sw.b.data, sw.b.len);
	ck_assert_int_eq(res.start, ARCHIVE_E_FORMAT);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

START_TEST(test_append_rejects_328_byte_header)
{
	struct tfile tf, old;
	struct append_result res;

	build_standard(&tf);
	tf_convert(&tf, &old, X_OLD);
	res = append_check(old.b.data, old.b.len);
	ck_assert_int_eq(res.start, ARCHIVE_E_FORMAT);
	ck_assert_uint_eq(res.magic.header_size, 328);
	ck_assert_uint_eq(res.magic.sysstat_patchlevel, 0);
	tf_release(&old);
	tf_release(&tf);
}
END_TEST

struct append_case {
	const char *what;
	enum piece_kind kind;
	unsigned nth;
	size_t delta;
	unsigned width;
	uint32_t value;
	int start, list;
};

// clang-format off
static const struct append_case append_cases[] = {
	{"format magic 0x2173", P_MAGIC, 0, 2, 2, 0x2173, ARCHIVE_E_FORMAT, 42},
	{"header_size 340", P_MAGIC, 0, 8, 4, 340, ARCHIVE_E_FORMAT, 42},
	{"hdr_types (1,1,11)", P_MAGIC, 0, 24, 4, 11, ARCHIVE_E_FORMAT, 42},
	{"hdr_types (2,1,12)", P_MAGIC, 0, 16, 4, 2, ARCHIVE_E_FORMAT, 42},
	{"not a sysstat file", P_MAGIC, 0, 0, 2, 0x4b50, ARCHIVE_E_INVALID, 42},
	{"sa_act_nr 0", P_HDR, 0, 20, 4, 0, 0, ARCHIVE_E_APPEND},
	{"sa_act_nr 43", P_HDR, 0, 20, 4, 43, 0, ARCHIVE_E_APPEND},
	{"act_size 40", P_HDR, 0, 52, 4, 40, 0, ARCHIVE_E_APPEND},
	{"act_types (0,0,8)", P_HDR, 0, 36, 4, 8, 0, ARCHIVE_E_APPEND},
	{"rec_size 32", P_HDR, 0, 56, 4, 32, 0, ARCHIVE_E_APPEND},
	{"rec_types (2,0,0)", P_HDR, 0, 48, 4, 0, 0, ARCHIVE_E_APPEND},
	{"unknown id 43", P_ACT, 1, 0, 4, 43, 0, ARCHIVE_E_APPEND},
	{"cpu magic 0x8a", P_ACT, 0, 4, 4, 0x8a, 0, ARCHIVE_E_APPEND},
	{"net_dev magic 0x8e", P_ACT, 3, 4, 4, 0x8e, 0, ARCHIVE_E_APPEND},
	{"cpu nr 0", P_ACT, 0, 8, 4, 0, 0, ARCHIVE_E_APPEND},
	{"cpu nr 8194 > nr_max", P_ACT, 0, 8, 4, 8194, 0, ARCHIVE_E_APPEND},
	{"irq nr2 0", P_ACT, 2, 12, 4, 0, 0, ARCHIVE_E_APPEND},
	{"irq nr2 4097", P_ACT, 2, 12, 4, 4097, 0, ARCHIVE_E_APPEND},
	{"cpu has_nr 0", P_ACT, 0, 16, 4, 0, 0, ARCHIVE_E_APPEND},
	{"pcsw has_nr 1", P_ACT, 1, 16, 4, 1, 0, ARCHIVE_E_APPEND},
	{"net_dev size 88", P_ACT, 3, 20, 4, 88, 0, ARCHIVE_E_APPEND},
	{"pcsw size 8", P_ACT, 1, 20, 4, 8, 0, ARCHIVE_E_APPEND},
	{"cpu size -80", P_ACT, 0, 20, 4, (uint32_t) -80, 0, ARCHIVE_E_APPEND},
	{"net_dev types (7,0,2)", P_ACT, 3, 32, 4, 2, 0, ARCHIVE_E_APPEND},
	{"pcsw types (1,0,0)", P_ACT, 1, 28, 4, 0, 0, ARCHIVE_E_APPEND},
};
// clang-format on

#define N_APPEND_CASES (sizeof(append_cases) / sizeof(append_cases[0]))

START_TEST(test_append_rejects)
{
	const struct append_case *c = &append_cases[_i];
	struct tfile tf;
	struct append_result res;

	build_standard(&tf);
	patch(&tf, tf_off(&tf, c->kind, c->nth) + c->delta, c->width, c->value);
	res = append_check(tf.b.data, tf.b.len);
	ck_assert_msg(res.start == c->start && res.list == c->list,
	              "%s: start %d list %d, want %d %d", c->what, res.start, res.list, c->start,
	              c->list);
	tf_release(&tf);
}
END_TEST

START_TEST(test_append_short_files)
{
	struct tfile tf;

	build_standard(&tf);
	/* A short magic block is not a sysstat file. */
	ck_assert_int_eq(append_check(tf.b.data, 50).start, ARCHIVE_E_INVALID);
	/* A short header. */
	ck_assert_int_eq(append_check(tf.b.data, 76 + 100).start, ARCHIVE_E_APPEND);
	/* A short activity list, as sysstat reports it. */
	ck_assert_int_eq(append_check(tf.b.data, 412 + 2 * 36 + 10).list, ARCHIVE_E_INVALID);
	ck_assert_int_eq(append_check(tf.b.data, 412).list, ARCHIVE_E_INVALID);
	tf_release(&tf);
}
END_TEST

/* ------------------------------------------------------------------------- */

/* ------------------------------------------------------------------------- */
/* Extension records (common/ext.h): sysrec's processes and cgroups */

static void
make_proc(struct ext_proc *p, uint32_t k)
{
	memset(p, 0, sizeof(*p));
	p->start_time = 1000 + k;
	p->utime = 10 * k + 1;
	p->stime = 10 * k + 2;
	p->minflt = 0x0102030405060708ull + k;
	p->majflt = k;
	p->rss_kb = 4096 + k;
	p->vsz_kb = 8192 + k;
	p->read_bytes = 1u << 20;
	p->write_bytes = (1ull << 40) + k;
	p->blkio_ticks = 7;
	p->pid = 100 + k;
	p->ppid = 1;
	p->uid = 1000;
	p->threads = 2;
	p->flags = EXT_PF_IO | EXT_PF_CGROUP;
	p->state = 'S';
	snprintf(p->comm, sizeof(p->comm), "proc%u", k);
	snprintf(p->cmdline, sizeof(p->cmdline), "/usr/bin/proc%u --flag", k);
	snprintf(p->cgroup, sizeof(p->cgroup), "/system.slice/p%u.service", k);
}

static void
make_cgroup(struct ext_cgroup *c, uint32_t k)
{
	memset(c, 0, sizeof(*c));
	c->usage_usec = 5000000 + k;
	c->mem_max = UINT64_MAX;
	c->ev_oom_kill = k;
	c->psi_io_full = 0xdeadbeefull << 8;
	c->present = EXT_CG_CPU | EXT_CG_MEMMAX | EXT_CG_PSI_IO;
	c->depth = k ? 1 : 0;
	snprintf(c->path, sizeof(c->path), k ? "/s%u.slice" : "/", k);
}

/*
 * An extension record after the stats record just written, with its pieces
 * mapped for tf_convert(): descriptors, the activity structs (kept apart from
 * the file's activity list) and the items by their types.
 */
static void
tf_ext(struct tfile *tf, const struct archive_ext_put *put)
{
	static const uint32_t rec_t[3] = {2, 0, 1}, x_t[3] = {0, 0, 6}, fa_t[3] = {0, 0, 9};
	struct sa_record_header last;
	size_t at = tf->b.len, off;

	memcpy(&last, tf->b.data + tf_off(tf, P_REC, 0), sizeof(last));
	for (size_t i = 0; i < tf->n; i++)
		if (tf->p[i].kind == P_REC)
			memcpy(&last, tf->b.data + tf->p[i].off, sizeof(last));
	archive_put_ext_record(&tf->b, &last, put);
	ck_assert_int_eq(tf->b.err, 0);
	tf_piece(tf, P_REC, at, 24, rec_t[0], rec_t[1], rec_t[2]);
	off = at + 24;
	while (off < tf->b.len) {
		struct sa_extra_desc x;

		memcpy(&x, tf->b.data + off, sizeof(x));
		tf_piece(tf, P_EXTRA, off, sizeof(x), x_t[0], x_t[1], x_t[2]);
		off += sizeof(x);
		for (uint32_t i = 0; i < x.extra_nr; i++, off += x.extra_size) {
			const uint32_t *t = x.extra_size == 36 ? fa_t : x.extra_types_nr;

			tf_piece(tf, P_ITEM, off, x.extra_size, t[0], t[1], t[2]);
		}
	}
	ck_assert_uint_eq(off, tf->b.len);
}

/* Two disks of -S IOSTAT: a whole device and its partition. */
static struct ext_disk ext_disks[2];

static void
make_disks(void)
{
	memset(ext_disks, 0, sizeof(ext_disks));
	for (uint32_t k = 0; k < 2; k++) {
		for (uint32_t i = 0; i < EXT_DISK_VALUES; i++)
			ext_disks[k].v[i] = ((uint64_t) k << 40) + 1000 * i + 7;
		ext_disks[k].major = 259;
		ext_disks[k].minor = k;
		ext_disks[k].n_values = k ? 4 : 17;
		ext_disks[k].flags = k ? 0 : EXT_DF_WHOLE;
		ext_disks[k].parent = k;
	}
	snprintf(ext_disks[0].name, sizeof(ext_disks[0].name), "nvme0n1");
	snprintf(ext_disks[1].name, sizeof(ext_disks[1].name), "nvme0n1p1");
}

/* Stats, extension (3 processes, 2 cgroups, 2 disks), comment, stats, extension (0 processes). */
static void
build_ext(struct tfile *tf, struct ext_proc procs[3], struct ext_cgroup cgs[2])
{
	static const int32_t two[] = {2, 0}, one[] = {1, 0};

	for (uint32_t k = 0; k < 3; k++)
		make_proc(&procs[k], k);
	for (uint32_t k = 0; k < 2; k++)
		make_cgroup(&cgs[k], k);
	make_disks();
	tf_start(tf, small_list, 2);
	tf_record(tf, SA_R_STATS, 1, 2, 3);
	tf_stats(tf, small_list, 2, two, 1);
	tf_ext(tf, &(struct archive_ext_put){.procs = procs,
	                                     .n_procs = 3,
	                                     .threads = procs + 1,
	                                     .n_threads = 2,
	                                     .cgroups = cgs,
	                                     .n_cgroups = 2,
	                                     .disks = ext_disks,
	                                     .n_disks = 2});
	tf_record(tf, SA_R_COMMENT, 1, 2, 4);
	tf_comment(tf, "c");
	tf_record(tf, SA_R_STATS, 1, 2, 6);
	tf_stats(tf, small_list, 2, one, 2);
	tf_ext(tf, &(struct archive_ext_put){.procs = procs});
}

/* Reads tf twice: without want_ext the extension records are skipped, with it they come back whole. */
static void
verify_ext(const struct tfile *tf, const struct ext_proc procs[3], const struct ext_cgroup cgs[2])
{
	struct archive_reader r;
	struct archive_record rec;

	open_reader(&r, tf->b.data, tf->b.len);
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, SA_R_COMMENT);
	next_record(&r, &rec, SA_R_STATS);
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);

	open_reader(&r, tf->b.data, tf->b.len);
	r.want_ext = true;
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, EXT_RECORD_TYPE);
	ck_assert_uint_eq(rec.hdr.ust_time, ust_at(1, 2, 3));
	ck_assert_uint_eq(rec.hdr.second, 3);
	ck_assert(r.ext.has_proc && r.ext.has_cgroup);
	ck_assert_uint_eq(r.ext.n_proc, 3);
	ck_assert_uint_eq(r.ext.n_cgroup, 2);
	ck_assert_mem_eq(r.ext.proc, procs, 3 * sizeof(*procs));
	ck_assert(r.ext.has_thread);
	ck_assert_uint_eq(r.ext.n_thread, 2);
	ck_assert_mem_eq(r.ext.thread, procs + 1, 2 * sizeof(*procs));
	ck_assert_mem_eq(r.ext.cgroup, cgs, 2 * sizeof(*cgs));
	ck_assert(r.ext.has_disk);
	ck_assert_uint_eq(r.ext.n_disk, 2);
	ck_assert_mem_eq(r.ext.disk, ext_disks, sizeof(ext_disks));
	next_record(&r, &rec, SA_R_COMMENT);
	next_record(&r, &rec, SA_R_STATS);
	check_items(&r, &fa_cpu2, 1, 2);
	next_record(&r, &rec, EXT_RECORD_TYPE);
	ck_assert(r.ext.has_proc && !r.ext.has_cgroup && !r.ext.has_disk && !r.ext.has_thread);
	ck_assert_uint_eq(r.ext.n_proc, 0);
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
}

/*
 * A process item as sadc wrote it before pidstat --archive: 312 bytes of
 * types {10, 0, 6} (ten counters, six u32, then comm, cmdline, cgroup).
 * The reader puts each group in its place and leaves the fields added
 * since at 0.
 */
START_TEST(test_ext_old_proc_layout)
{
	static const int32_t two[] = {2, 0};
	unsigned char old[312];
	struct archive_reader r;
	struct archive_record rec;
	struct sa_record_header h;
	struct sa_extra_desc x = {1, 36, 1, {0, 0, 9}};
	struct sa_file_activity fa = {EXT_A_PROCESS, EXT_MAGIC_PROCESS, 1, 1, 0, 312, {10, 0, 6}};
	struct tfile tf;
	uint64_t v;
	uint32_t w;

	memset(old, 0, sizeof(old));
	for (uint32_t i = 0; i < 10; i++) {
		v = 1000 + i; /* start_time 1000, utime 1001, ... blkio_ticks 1009 */
		memcpy(old + 8 * i, &v, 8);
	}
	for (uint32_t i = 0; i < 6; i++) {
		w = 50 + i; /* pid 50, ppid 51, uid 52, threads 53, flags 54, state 55 */
		memcpy(old + 80 + 4 * i, &w, 4);
	}
	memcpy(old + 104, "oldcomm", 8);
	memcpy(old + 120, "old cmd line", 13);
	memcpy(old + 216, "/old.slice", 11);
	tf_start(&tf, small_list, 2);
	tf_record(&tf, SA_R_STATS, 1, 2, 3);
	tf_stats(&tf, small_list, 2, two, 1);
	memcpy(&h, tf.b.data + tf_off(&tf, P_REC, 0), sizeof(h));
	h.record_type = EXT_RECORD_TYPE;
	h.extra_next = 1;
	archive_recbuf_put(&tf.b, &h, sizeof(h));
	archive_recbuf_put(&tf.b, &x, sizeof(x));
	archive_recbuf_put(&tf.b, &fa, sizeof(fa));
	x = (struct sa_extra_desc){1, 312, 0, {10, 0, 6}};
	archive_recbuf_put(&tf.b, &x, sizeof(x));
	archive_recbuf_put(&tf.b, old, sizeof(old));

	open_reader(&r, tf.b.data, tf.b.len);
	r.want_ext = true;
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, EXT_RECORD_TYPE);
	ck_assert(r.ext.has_proc);
	ck_assert_uint_eq(r.ext.n_proc, 1);
	ck_assert_uint_eq(r.ext.proc[0].start_time, 1000);
	ck_assert_uint_eq(r.ext.proc[0].blkio_ticks, 1009);
	ck_assert_uint_eq(r.ext.proc[0].cminflt, 0);
	ck_assert_uint_eq(r.ext.proc[0].reaped_write_bytes, 0);
	ck_assert_uint_eq(r.ext.proc[0].pid, 50);
	ck_assert_uint_eq(r.ext.proc[0].state, 55);
	ck_assert_uint_eq(r.ext.proc[0].ruid, 0);
	ck_assert_uint_eq(r.ext.proc[0].fd_nr, 0);
	ck_assert_str_eq(r.ext.proc[0].comm, "oldcomm");
	ck_assert_str_eq(r.ext.proc[0].cmdline, "old cmd line");
	ck_assert_str_eq(r.ext.proc[0].cgroup, "/old.slice");
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

/*
 * A process item as sadc wrote it before pidstat --archive -s and -t: 432
 * bytes of types {22, 0, 12}. The u32 group grows by two (stack_ref_kb,
 * tgid) before the strings; stack_kb takes the place of a reserved field
 * that was always 0.
 */
START_TEST(test_ext_432_proc_layout)
{
	static const int32_t two[] = {2, 0};
	unsigned char old[432];
	struct archive_reader r;
	struct archive_record rec;
	struct sa_record_header h;
	struct sa_extra_desc x = {1, 36, 1, {0, 0, 9}};
	struct sa_file_activity fa = {EXT_A_PROCESS, EXT_MAGIC_PROCESS, 1, 1, 0, 432, {22, 0, 12}};
	struct tfile tf;
	uint64_t v;
	uint32_t w;

	memset(old, 0, sizeof(old));
	for (uint32_t i = 0; i < 22; i++) {
		v = 1000 + i; /* start_time 1000 ... reaped_write_bytes 1021 */
		memcpy(old + 8 * i, &v, 8);
	}
	for (uint32_t i = 0; i < 11; i++) {
		w = 50 + i; /* pid 50 ... fd_nr 60; the 12th (reserved) stays 0 */
		memcpy(old + 176 + 4 * i, &w, 4);
	}
	memcpy(old + 224, "oldcomm", 8);
	memcpy(old + 240, "old cmd line", 13);
	memcpy(old + 336, "/old.slice", 11);
	tf_start(&tf, small_list, 2);
	tf_record(&tf, SA_R_STATS, 1, 2, 3);
	tf_stats(&tf, small_list, 2, two, 1);
	memcpy(&h, tf.b.data + tf_off(&tf, P_REC, 0), sizeof(h));
	h.record_type = EXT_RECORD_TYPE;
	h.extra_next = 1;
	archive_recbuf_put(&tf.b, &h, sizeof(h));
	archive_recbuf_put(&tf.b, &x, sizeof(x));
	archive_recbuf_put(&tf.b, &fa, sizeof(fa));
	x = (struct sa_extra_desc){1, 432, 0, {22, 0, 12}};
	archive_recbuf_put(&tf.b, &x, sizeof(x));
	archive_recbuf_put(&tf.b, old, sizeof(old));

	open_reader(&r, tf.b.data, tf.b.len);
	r.want_ext = true;
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, EXT_RECORD_TYPE);
	ck_assert(r.ext.has_proc && !r.ext.has_thread);
	ck_assert_uint_eq(r.ext.n_proc, 1);
	ck_assert_uint_eq(r.ext.proc[0].start_time, 1000);
	ck_assert_uint_eq(r.ext.proc[0].reaped_write_bytes, 1021);
	ck_assert_uint_eq(r.ext.proc[0].pid, 50);
	ck_assert_uint_eq(r.ext.proc[0].fd_nr, 60);
	ck_assert_uint_eq(r.ext.proc[0].stack_kb, 0);
	ck_assert_uint_eq(r.ext.proc[0].stack_ref_kb, 0);
	ck_assert_uint_eq(r.ext.proc[0].tgid, 0);
	ck_assert(!(r.ext.proc[0].flags & EXT_PF_STACK));
	ck_assert_str_eq(r.ext.proc[0].comm, "oldcomm");
	ck_assert_str_eq(r.ext.proc[0].cmdline, "old cmd line");
	ck_assert_str_eq(r.ext.proc[0].cgroup, "/old.slice");
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
	tf_release(&tf);
}
END_TEST

START_TEST(test_ext_roundtrip)
{
	struct ext_proc procs[3];
	struct ext_cgroup cgs[2];
	struct tfile tf, sw;

	build_ext(&tf, procs, cgs);
	verify_ext(&tf, procs, cgs);
	tf_convert(&tf, &sw, X_SWAP);
	verify_ext(&sw, procs, cgs);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

START_TEST(test_ext_chunks_of_8192)
{
	const uint32_t n = 8200;
	struct ext_proc *procs = calloc(n, sizeof(*procs));
	struct archive_reader r;
	struct archive_record rec;
	struct tfile tf;
	unsigned descs = 0;
	static const int32_t two[] = {2, 0};

	ck_assert_ptr_nonnull(procs);
	for (uint32_t k = 0; k < n; k++)
		make_proc(&procs[k], k);
	tf_start(&tf, small_list, 2);
	tf_record(&tf, SA_R_STATS, 1, 2, 3);
	tf_stats(&tf, small_list, 2, two, 1);
	tf_ext(&tf, &(struct archive_ext_put){.procs = procs, .n_procs = n});
	for (size_t i = 0; i < tf.n; i++)
		descs += tf.p[i].kind == P_EXTRA;
	ck_assert_uint_eq(descs, 3); /* the activity, 8192 items, 8 items */
	ck_assert_uint_eq(tf.b.len, 484 + 204 + 24 + 3 * 24 + 36 + (size_t) n * sizeof(struct ext_proc));
	open_reader(&r, tf.b.data, tf.b.len);
	r.want_ext = true;
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, EXT_RECORD_TYPE);
	ck_assert_uint_eq(r.ext.n_proc, n);
	ck_assert_mem_eq(r.ext.proc, procs, (size_t) n * sizeof(*procs));
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
	tf_release(&tf);
	free(procs);
}
END_TEST

START_TEST(test_ext_unknown_activity_and_short_chain)
{
	struct ext_proc procs[3];
	struct ext_cgroup cgs[2];
	struct archive_reader r;
	struct archive_record rec;
	struct tfile tf;
	size_t tag;
	uint32_t n4;

	build_ext(&tf, procs, cgs);
	/* The first activity struct of the first extension record: an unknown id is skipped. */
	tag = tf_off(&tf, P_EXTRA, 0) + 24;
	patch(&tf, tag, 4, 999);
	open_reader(&r, tf.b.data, tf.b.len);
	r.want_ext = true;
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, EXT_RECORD_TYPE);
	ck_assert(!r.ext.has_proc && r.ext.has_cgroup);
	ck_assert_uint_eq(r.ext.n_cgroup, 2);
	ck_assert_mem_eq(r.ext.cgroup, cgs, 2 * sizeof(*cgs));
	ck_assert(r.ext.has_disk);
	ck_assert_uint_eq(r.ext.n_disk, 2);
	ck_assert_mem_eq(r.ext.disk, ext_disks, sizeof(ext_disks));
	next_record(&r, &rec, SA_R_COMMENT);
	archive_reader_release(&r);
	/*
	 * Known again, but announcing 4 processes where 3 follow: the processes
	 * are dropped, and what follows in the record is not trusted either.
	 */
	patch(&tf, tag, 4, EXT_A_PROCESS);
	n4 = 4;
	patch(&tf, tag + 8, 4, n4);
	open_reader(&r, tf.b.data, tf.b.len);
	r.want_ext = true;
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, SA_R_COMMENT);
	ck_assert(!r.ext.has_proc && !r.ext.has_cgroup);
	ck_assert_uint_eq(r.ext.n_proc, 0);
	archive_reader_release(&r);
	/* sysstat's readers, and ours without want_ext, never look inside. */
	ck_assert_int_eq(read_through(tf.b.data, tf.b.len, false).rc, 0);
	ck_assert_uint_eq(read_through(tf.b.data, tf.b.len, false).records, 3);
	tf_release(&tf);
}
END_TEST

/* -S MPSTAT's items: "all" with the intr total and the softirq names, then two CPUs. */
static void
make_cpux(struct ext_cpux x[3])
{
	memset(x, 0, 3 * sizeof(*x));
	x[0].intr = 0x123456789abull;
	x[0].flags = EXT_CX_INTR | EXT_CX_SOFT;
	x[0].n_soft = 3;
	x[0].soft_name[0] = 1;  /* HI */
	x[0].soft_name[1] = 6;  /* BLOCK_IOPOLL */
	x[0].soft_name[2] = 11; /* RCU */
	for (uint32_t k = 1; k < 3; k++) {
		for (uint32_t i = 0; i < 3; i++)
			x[k].soft[i] = 0xf0000000u + 100 * k + i;
		x[k].node = k == 1 ? 0 : -1;
		x[k].socket = (int32_t) k;
		x[k].core = k == 1 ? -1 : 7;
		x[k].flags = EXT_CX_SOFT;
	}
}

/* A file of one stats record and its extension record of cpux items (n of them). */
static void
build_cpux(struct tfile *tf, const struct ext_cpux *x, uint32_t n)
{
	static const int32_t two[] = {2, 0};

	tf_start(tf, small_list, 2);
	tf_record(tf, SA_R_STATS, 1, 2, 3);
	tf_stats(tf, small_list, 2, two, 1);
	tf_ext(tf, &(struct archive_ext_put){.cpux = x, .n_cpux = n});
}

/* The extension record of tf read back: its cpux items equal x. */
static void
verify_cpux(const struct tfile *tf, const struct ext_cpux *x, uint32_t n)
{
	struct archive_reader r;
	struct archive_record rec;

	open_reader(&r, tf->b.data, tf->b.len);
	r.want_ext = true;
	next_record(&r, &rec, SA_R_STATS);
	next_record(&r, &rec, EXT_RECORD_TYPE);
	ck_assert(r.ext.has_cpux);
	ck_assert(!r.ext.has_proc && !r.ext.has_cgroup && !r.ext.has_disk);
	ck_assert_uint_eq(r.ext.n_cpux, n);
	ck_assert_mem_eq(r.ext.cpux, x, (size_t) n * sizeof(*x));
	ck_assert_int_eq(archive_next(&r, &rec), 0);
	archive_reader_release(&r);
	/* Without want_ext (sysstat's readers too) the record is skipped whole. */
	ck_assert_int_eq(read_through(tf->b.data, tf->b.len, false).rc, 0);
	ck_assert_uint_eq(read_through(tf->b.data, tf->b.len, false).records, 1);
}

START_TEST(test_ext_cpux_roundtrip)
{
	struct ext_cpux x[3];
	struct tfile tf, sw;

	make_cpux(x);
	build_cpux(&tf, x, 3);
	/* One activity struct, one items descriptor, 3 items of 96 bytes. */
	ck_assert_uint_eq(tf.b.len, 484 + 204 + 24 + 2 * 24 + 36 + 3 * 96);
	verify_cpux(&tf, x, 3);
	/* Written by a machine of the other byte order: the u64, the 18 u32, the codes as bytes. */
	tf_convert(&tf, &sw, X_SWAP);
	verify_cpux(&sw, x, 3);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

/*
 * A hostile item 0: n_soft past EXT_SOFTIRQ_MAX and name codes past
 * EXT_SOFTIRQ_NAMES, a node past any CPU. The reader hands the items on as
 * stored (it has no rule for them); mpstat_hist.c clamps n_soft to
 * EXT_SOFTIRQ_MAX and its slots, prints a code past the table as "", and
 * drops a node at or past the CPU count (mp_place_nodes).
 */
START_TEST(test_ext_cpux_hostile_item_kept_as_stored)
{
	struct ext_cpux x[3];
	struct tfile tf, sw;

	make_cpux(x);
	x[0].n_soft = UINT32_MAX;
	memset(x[0].soft_name, 0xff, sizeof(x[0].soft_name));
	x[0].flags = 0xffffffffu;
	x[1].node = INT32_MAX;
	x[2].node = INT32_MIN;
	build_cpux(&tf, x, 3);
	verify_cpux(&tf, x, 3);
	tf_convert(&tf, &sw, X_SWAP);
	verify_cpux(&sw, x, 3);
	tf_release(&sw);
	tf_release(&tf);
}
END_TEST

static Suite *
archive_suite(void)
{
	Suite *s = suite_create("archive");
	TCase *rt = tcase_create("roundtrip");
	TCase *cm = tcase_create("comment");
	TCase *tr = tcase_create("truncation");
	TCase *fm = tcase_create("formats");
	TCase *li = tcase_create("limits");
	TCase *me = tcase_create("memory");
	TCase *fd = tcase_create("files");
	TCase *wr = tcase_create("writer");
	TCase *ap = tcase_create("append");

	tcase_add_test(rt, test_roundtrip_standard_file);
	tcase_add_test(rt, test_roundtrip_header_strings);
	tcase_add_test(rt, test_roundtrip_long_strings_are_terminated);
	tcase_add_test(rt, test_roundtrip_activity_list);
	tcase_add_test(rt, test_roundtrip_counts_per_record);
	tcase_add_test(rt, test_roundtrip_has_nr_count_zero);
	tcase_add_test(rt, test_roundtrip_irq_matrix);
	tcase_add_test(rt, test_roundtrip_restart_cpu_count);
	tcase_add_test(rt, test_clean_eof_returns_zero);
	tcase_add_test(rt, test_file_without_records);
	tcase_add_test(rt, test_r_last_stats_reads_as_statistics);
	tcase_add_test(rt, test_ext_roundtrip);
	tcase_add_test(rt, test_ext_old_proc_layout);
	tcase_add_test(rt, test_ext_432_proc_layout);
	tcase_add_test(rt, test_ext_chunks_of_8192);
	tcase_add_test(rt, test_ext_unknown_activity_and_short_chain);
	tcase_add_test(rt, test_ext_cpux_roundtrip);
	tcase_add_test(rt, test_ext_cpux_hostile_item_kept_as_stored);
	suite_add_tcase(s, rt);

	tcase_add_test(cm, test_comment_round_trip);
	tcase_add_test(cm, test_comment_truncated_to_63);
	tcase_add_test(cm, test_comment_without_nul_read_as_63);
	tcase_add_test(cm, test_comment_non_printable_become_dots);
	suite_add_tcase(s, cm);

	tcase_add_test(tr, test_truncation_at_every_byte);
	tcase_add_test(tr, test_truncated_error_offset);
	tcase_add_test(tr, test_gzip_truncated_at_every_byte);
	tcase_set_timeout(tr, 60);
	suite_add_tcase(s, tr);

	tcase_add_test(fm, test_swapped_64bit_file);
	tcase_add_test(fm, test_swapped_32bit_file);
	tcase_add_test(fm, test_native_32bit_file);
	tcase_add_test(fm, test_header_328_bytes);
	tcase_add_test(fm, test_header_328_bytes_swapped_32bit);
	tcase_add_test(fm, test_header_328_with_extra_next_12_1_7);
	tcase_add_test(fm, test_items_of_other_versions);
	tcase_add_test(fm, test_items_of_other_versions_swapped);
	tcase_add_test(fm, test_unknown_activities_skipped);
	tcase_add_test(fm, test_page_and_bat_by_flavour);
	tcase_add_test(fm, test_unknown_activities_skipped_swapped);
	tcase_add_test(fm, test_other_format_magic);
	tcase_add_test(fm, test_other_format_magic_swapped);
	tcase_add_test(fm, test_not_a_sysstat_file);
	tcase_add_test(fm, test_extra_structures_skipped);
	tcase_add_test(fm, test_extra_structures_skipped_swapped);
	tcase_add_test(fm, test_extra_chain_past_end_reads_as_end);
	suite_add_tcase(s, fm);

	tcase_add_loop_test(li, test_limit, 0, (int) N_LIMIT_CASES);
	tcase_add_loop_test(li, test_limit_swapped, 0, (int) N_LIMIT_CASES);
	tcase_add_test(li, test_bad_record_error_offset);
	suite_add_tcase(s, li);

	tcase_add_test(me, test_buffers_sized_for_one_record);
	tcase_add_test(me, test_buffers_sized_for_largest_record);
	tcase_set_timeout(me, 60);
	suite_add_tcase(s, me);

	tcase_add_test(fd, test_plain_file_descriptor);
	tcase_add_test(fd, test_later_passes_skip_what_they_ignore);
	tcase_add_test(fd, test_later_pass_sees_changed_counts);
	tcase_add_test(fd, test_gzip_file_descriptor);
	tcase_add_test(fd, test_gzip_concatenated_members);
	tcase_add_test(fd, test_gzip_swapped_file);
	suite_add_tcase(s, fd);

	tcase_add_test(wr, test_writer_magic_block);
	tcase_add_test(wr, test_writer_file_header);
	tcase_add_test(wr, test_writer_activity_entries);
	tcase_add_test(wr, test_writer_comment_and_restart_records);
	tcase_add_test(wr, test_writer_stats_record_header);
	tcase_add_test(wr, test_writer_count_and_comment_truncation);
	tcase_add_test(wr, test_writer_strings_truncated_and_padded);
	tcase_add_test(wr, test_writer_write_buf_to_fd);
	tcase_add_test(wr, test_recbuf_reset_keeps_nothing);
	suite_add_tcase(s, wr);

	tcase_add_test(ap, test_append_accepts_writer_file);
	tcase_add_test(ap, test_append_accepts_header_only_file);
	tcase_add_test(ap, test_append_empty_file);
	tcase_add_test(ap, test_append_rejects_foreign_endian);
	tcase_add_test(ap, test_append_rejects_328_byte_header);
	tcase_add_loop_test(ap, test_append_rejects, 0, (int) N_APPEND_CASES);
	tcase_add_test(ap, test_append_short_files);
	suite_add_tcase(s, ap);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(archive_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
