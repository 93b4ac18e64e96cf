/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Old daily files (0x2171, 0x2173) to the current format, as `sadf -c`
 * converts them. See convert.h for the contract.
 *
 * The layouts of the old structures are described here as tables of field
 * offsets: the old writers aligned their fields explicitly (most 8-byte
 * fields on 16 bytes), so the offsets do not depend on the machine that
 * wrote the file, only the width of a "long" does (4 or 8 bytes, from the
 * header's sa_sizeof_long). Everything is kept in the file's byte order, as
 * sysstat does: the converted file has the byte order of the old one.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "activity.h"
#include "archive.h"
#include "compat.h"
#include "convert.h"
#include "layout.h"
#include "layout_ops.h"
#include "layout_stats.h"
#include "strbuf.h"
#include "banned.h"

/* Sizes of the old structures (fixed by their explicit alignments). */
#define OLD_MAGIC_2171_SIZE  8 /* magic block of 0x2171: no header_size yet */
#define OLD_HEADER_2171_SIZE 280
#define OLD_HEADER_2173_SIZE 288
#define OLD_ACTIVITY_SIZE    20 /* id, magic, nr, nr2, size */
#define OLD_RECORD_SIZE      48
#define OLD_UTSNAME_LEN      65
/* archive_file_header() reads a name up to SA_UTSNAME_LEN - 1 bytes: all inside an old field. */
_Static_assert(OLD_UTSNAME_LEN >= SA_UTSNAME_LEN - 1, "old names are read whole");
/* The largest item buffer one activity may take (sysstat has no limit; a fuzzer needs one). */
#define CONV_MAX_BUFFER ((uint64_t) 256 << 20)

int
convert_is_old_format(uint16_t format_magic)
{
	return format_magic == CONVERT_FORMAT_2171 || format_magic == CONVERT_FORMAT_2173;
}

/* ------------------------------------------------------------------------- */
/* Field maps: how an old item becomes a current one */

enum fkind {
	F_END,
	F_U64,    /* 8 bytes to 8 bytes */
	F_LONG,   /* a long (4 or 8 bytes) to 8 bytes */
	F_U32W,   /* 4 bytes to 8 bytes */
	F_U32,    /* 4 bytes to 4 bytes */
	F_LONG32, /* a long to 4 bytes (truncated) */
	F_LO32,   /* 8 bytes to 4 bytes (truncated) */
	F_RAW8,   /* 8 bytes copied as they are */
	F_BYTE,   /* 1 byte copied */
	F_ZERO4,  /* a new 4-byte field: 0 */
	F_ZERO8,  /* a new 8-byte field: 0 */
	F_ZERO1,  /* a new byte: 0 */
	F_STR16,  /* a 16-byte name, cut and NUL-padded */
	F_STR128, /* a 128-byte name, cut and NUL-padded */
	F_NUL,    /* an empty name (first byte only) */
};

struct fmap {
	uint16_t from, to;
	uint8_t kind;
	uint16_t min_size; /* applied when the file's item is at least this long */
	uint16_t max_size; /* ... and at most this long (0: no limit) */
};

/* Field i of a run: at first + i * sfrom in the old item, at i * sto in the new one. */
#define SEQ1(k, i, sfrom, sto, first)                                                              \
	{                                                                                          \
		(uint16_t)((first) + (i) * (sfrom)), (uint16_t) ((i) * (sto)), k, 0, 0             \
	}

#define SEQ7(k, sf, st)                                                                            \
	SEQ1(k, 0, sf, st, 0), SEQ1(k, 1, sf, st, 0), SEQ1(k, 2, sf, st, 0),                       \
	        SEQ1(k, 3, sf, st, 0), SEQ1(k, 4, sf, st, 0), SEQ1(k, 5, sf, st, 0),               \
	        SEQ1(k, 6, sf, st, 0)
#define SEQ8(k, sf, st)  SEQ7(k, sf, st), SEQ1(k, 7, sf, st, 0)
#define SEQ9(k, sf, st)  SEQ8(k, sf, st), SEQ1(k, 8, sf, st, 0)
#define SEQ10(k, sf, st) SEQ9(k, sf, st), SEQ1(k, 9, sf, st, 0)
#define SEQ11(k, sf, st) SEQ10(k, sf, st), SEQ1(k, 10, sf, st, 0)
#define END                                                                                        \
	{                                                                                          \
		0, 0, F_END, 0, 0                                                                  \
	}

/* stats_cpu 0x8a: ten u64 on 16 bytes each; guest_nice appeared without a new magic. */
static const struct fmap cpu_8a[] = {SEQ9(F_U64, 16, 8), {144, 72, F_U64, 160, 0}, END};
static const struct fmap pcsw_8a[] = {{0, 0, F_U64, 0, 0}, {16, 8, F_RAW8, 0, 0}, END};
static const struct fmap io_8a[] = {{0, 0, F_U32W, 0, 0},   {4, 8, F_U32W, 0, 0},
                                    {8, 16, F_U32W, 0, 0},  {12, 24, F_U32W, 0, 0},
                                    {16, 32, F_U32W, 0, 0}, END};
/* stats_memory 0x8a: longs on 8 bytes; later fields appeared as the struct grew. */
static const struct fmap memory_8a[] = {
        SEQ10(F_LONG, 8, 8),       {80, 80, F_LONG, 80, 0},    {88, 88, F_LONG, 88, 0},
        {96, 96, F_LONG, 88, 0},   {104, 104, F_LONG, 88, 0},  {112, 112, F_LONG, 88, 0},
        {120, 120, F_LONG, 88, 0}, {128, 128, F_LONG, 136, 0}, END};
static const struct fmap ktables_8a[] = {{0, 0, F_U32W, 0, 0},
                                         {4, 8, F_U32W, 0, 0},
                                         {8, 16, F_U32W, 0, 0},
                                         {12, 24, F_U32W, 0, 0},
                                         END};
static const struct fmap queue_8a[] = {
        {0, offsetof(struct stats_queue, nr_running), F_LONG, 0, 0},
        {0, offsetof(struct stats_queue, procs_blocked), F_ZERO8, 0, 0},
        {20, offsetof(struct stats_queue, nr_threads), F_U32W, 0, 0},
        {8, offsetof(struct stats_queue, load_avg_1), F_U32, 0, 0},
        {12, offsetof(struct stats_queue, load_avg_5), F_U32, 0, 0},
        {16, offsetof(struct stats_queue, load_avg_15), F_U32, 0, 0},
        END};
static const struct fmap queue_8b[] = {
        {0, offsetof(struct stats_queue, nr_running), F_LONG, 0, 0},
        {8, offsetof(struct stats_queue, procs_blocked), F_LONG, 0, 0},
        {28, offsetof(struct stats_queue, nr_threads), F_U32W, 0, 0},
        {16, offsetof(struct stats_queue, load_avg_1), F_U32, 0, 0},
        {20, offsetof(struct stats_queue, load_avg_5), F_U32, 0, 0},
        {24, offsetof(struct stats_queue, load_avg_15), F_U32, 0, 0},
        END};
static const struct fmap disk_8a[] = {{64, offsetof(struct stats_disk, nr_ios), F_LONG, 0, 0},
                                      {0, offsetof(struct stats_disk, rd_sect), F_U64, 0, 0},
                                      {16, offsetof(struct stats_disk, wr_sect), F_U64, 0, 0},
                                      {32, offsetof(struct stats_disk, rd_ticks), F_LONG32, 0, 0},
                                      {40, offsetof(struct stats_disk, wr_ticks), F_LONG32, 0, 0},
                                      {48, offsetof(struct stats_disk, tot_ticks), F_LONG32, 0, 0},
                                      {56, offsetof(struct stats_disk, rq_ticks), F_LONG32, 0, 0},
                                      {72, offsetof(struct stats_disk, major), F_U32, 0, 0},
                                      {76, offsetof(struct stats_disk, minor), F_U32, 0, 0},
                                      END};
static const struct fmap disk_8b[] = {{0, offsetof(struct stats_disk, nr_ios), F_U64, 0, 0},
                                      {16, offsetof(struct stats_disk, rd_sect), F_RAW8, 0, 0},
                                      {24, offsetof(struct stats_disk, wr_sect), F_RAW8, 0, 0},
                                      {32, offsetof(struct stats_disk, rd_ticks), F_U32, 0, 0},
                                      {36, offsetof(struct stats_disk, wr_ticks), F_U32, 0, 0},
                                      {40, offsetof(struct stats_disk, tot_ticks), F_U32, 0, 0},
                                      {44, offsetof(struct stats_disk, rq_ticks), F_U32, 0, 0},
                                      {48, offsetof(struct stats_disk, major), F_U32, 0, 0},
                                      {52, offsetof(struct stats_disk, minor), F_U32, 0, 0},
                                      END};
#define NET_DEV_TAIL(iface)                                                                        \
	{0, offsetof(struct stats_net_dev, speed), F_ZERO4, 0, 0},                                 \
	        {iface, offsetof(struct stats_net_dev, interface), F_STR16, 0, 0},                 \
	{                                                                                          \
		0, offsetof(struct stats_net_dev, duplex), F_ZERO1, 0, 0                           \
	}
static const struct fmap net_dev_8a[] = {SEQ7(F_LONG, 8, 8), NET_DEV_TAIL(56), END};
static const struct fmap net_dev_8b[] = {SEQ7(F_U64, 16, 8), NET_DEV_TAIL(112), END};
static const struct fmap net_dev_8c[] = {
        SEQ7(F_U64, 16, 8),
        {112, offsetof(struct stats_net_dev, speed), F_U32, 0, 0},
        {116, offsetof(struct stats_net_dev, interface), F_STR16, 0, 0},
        {132, offsetof(struct stats_net_dev, duplex), F_BYTE, 0, 0},
        END};
static const struct fmap net_edev_8a[] = {
        SEQ9(F_LONG, 8, 8), {72, offsetof(struct stats_net_edev, interface), F_STR16, 0, 0}, END};
static const struct fmap net_edev_8b[] = {
        SEQ9(F_U64, 16, 8), {144, offsetof(struct stats_net_edev, interface), F_STR16, 0, 0}, END};
static const struct fmap long8_8a[] = {SEQ8(F_LONG, 8, 8), END};
static const struct fmap u64x8_8b[] = {SEQ8(F_U64, 16, 8), END};
static const struct fmap long10_8a[] = {SEQ10(F_LONG, 8, 8), END};
static const struct fmap u64x10_8b[] = {SEQ10(F_U64, 16, 8), END};
static const struct fmap long11_8a[] = {SEQ11(F_LONG, 8, 8), END};
static const struct fmap u64x11_8b[] = {SEQ11(F_U64, 16, 8), END};
static const struct fmap huge_8a[] = {{0, 0, F_LONG, 0, 0}, {8, 8, F_LONG, 0, 0}, END};
/* stats_filesystem 0x8a: the mount point appeared after the first 160 bytes. */
static const struct fmap fs_8a[] = {
        SEQ1(F_U64, 0, 16, 8, 0),
        SEQ1(F_U64, 1, 16, 8, 0),
        SEQ1(F_U64, 2, 16, 8, 0),
        SEQ1(F_U64, 3, 16, 8, 0),
        SEQ1(F_U64, 4, 16, 8, 0),
        {80, offsetof(struct stats_filesystem, fs_name), F_STR128, 0, 0},
        {0, offsetof(struct stats_filesystem, mountp), F_NUL, 0, 160},
        {208, offsetof(struct stats_filesystem, mountp), F_STR128, 161, 0},
        END};

/* How many items of a record an upgrade walks. */
enum upcount { UP_ONE, UP_NR, UP_NR2 };

/*
 * One upgrade: activity id, the old magic it applies to (0: any other
 * than the entries before it), the items it walks and its field map.
 * Activities with no entry (and an older magic) keep their items as the
 * last record left them, as in sysstat.
 */
struct upgrade {
	uint32_t id, magic;
	enum upcount count;
	const struct fmap *map;
};

#define MB ACTIVITY_MAGIC_BASE

static const struct upgrade upgrades[] = {
        {A_CPU, 0, UP_NR, cpu_8a},
        {A_PCSW, 0, UP_ONE, pcsw_8a},
        {A_IO, 0, UP_ONE, io_8a},
        {A_MEMORY, 0, UP_ONE, memory_8a},
        {A_KTABLES, 0, UP_ONE, ktables_8a},
        {A_QUEUE, MB, UP_ONE, queue_8a},
        {A_QUEUE, 0, UP_ONE, queue_8b},
        {A_DISK, MB, UP_NR, disk_8a},
        {A_DISK, 0, UP_NR, disk_8b},
        {A_NET_DEV, MB, UP_NR, net_dev_8a},
        {A_NET_DEV, MB + 1, UP_NR, net_dev_8b},
        {A_NET_DEV, 0, UP_NR, net_dev_8c},
        {A_NET_EDEV, MB, UP_NR, net_edev_8a},
        {A_NET_EDEV, 0, UP_NR, net_edev_8b},
        {A_NET_IP, MB, UP_ONE, long8_8a},
        {A_NET_IP, 0, UP_ONE, u64x8_8b},
        {A_NET_EIP, MB, UP_ONE, long8_8a},
        {A_NET_EIP, 0, UP_ONE, u64x8_8b},
        {A_NET_IP6, MB, UP_ONE, long10_8a},
        {A_NET_IP6, 0, UP_ONE, u64x10_8b},
        {A_NET_EIP6, MB, UP_ONE, long11_8a},
        {A_NET_EIP6, 0, UP_ONE, u64x11_8b},
        {A_HUGE, 0, UP_ONE, huge_8a},
        {A_FS, 0, UP_NR, fs_8a},
};

static const struct upgrade *
find_upgrade(uint32_t id, uint32_t magic)
{
	size_t i;

	for (i = 0; i < sizeof(upgrades) / sizeof(upgrades[0]); i++)
		if (upgrades[i].id == id && (upgrades[i].magic == magic || !upgrades[i].magic))
			return &upgrades[i];
	return NULL;
}

/* ------------------------------------------------------------------------- */
/* Converter state */

/* One activity's buffers, shared by every list entry with its id (as sysstat's). */
struct conv_act {
	const struct activity_desc *desc;
	uint32_t msize;        /* stride of the items read: max(file sizes, current size) */
	int32_t nr_ini, nr2;   /* items of the next record */
	unsigned char *buf[2]; /* [0] as read, [1] converted; file byte order */
	size_t cap;            /* bytes of each buffer */
};

struct old_act {
	uint32_t id, magic;
	int32_t nr, nr2, size;
};

struct conv {
	const unsigned char *in;
	size_t len, pos;
	bool sw, is64;
	uint16_t format;
	unsigned long hz;
	uint32_t vol_nr;
	uint32_t cpu_nr; /* CPUs + 1 when the file was created */
	uint32_t n_old;
	struct old_act *old;
	struct conv_act acts[A_ID_MAX + 1];
	struct archive_recbuf out;
	struct strbuf log;
	int status;
	uint64_t err_offset;
};

static uint64_t
get_u(const struct conv *c, const unsigned char *p, unsigned width)
{
	uint32_t v32;
	uint64_t v64;

	if (width == 4) {
		memcpy(&v32, p, 4);
		return c->sw ? layout_bswap32(v32) : v32;
	}
	memcpy(&v64, p, 8);
	return c->sw ? __builtin_bswap64(v64) : v64;
}

static void
put_u(const struct conv *c, unsigned char *p, unsigned width, uint64_t v)
{
	uint32_t v32 = (uint32_t) v;

	if (width == 4) {
		if (c->sw)
			v32 = layout_bswap32(v32);
		memcpy(p, &v32, 4);
		return;
	}
	if (c->sw)
		v = __builtin_bswap64(v);
	memcpy(p, &v, 8);
}

/* strncpy's result, without strncpy: the name up to its NUL, then NULs; the last byte NUL. */
static void
copy_name(char *dst, const unsigned char *src, size_t n)
{
	size_t k = 0;

	while (k < n && src[k]) {
		dst[k] = (char) src[k];
		k++;
	}
	memset(dst + k, 0, n - k);
	dst[n - 1] = '\0';
}

/* A failure: sysstat's message (after what was printed so far) and exit status. */
static int
conv_fail(struct conv *c, int code, int status, const char *msg)
{
	strbuf_adds(&c->log, msg);
	c->status = status;
	c->err_offset = c->pos;
	return code;
}

static int
conv_invalid(struct conv *c, const char *function)
{
	if (flavour_1275())
		strbuf_addf(&c->log, "\n%s: Invalid data found. Aborting...\n", function);
	else
		strbuf_adds(&c->log, "\nInvalid data found. Aborting...\n");
	c->status = 2;
	c->err_offset = c->pos;
	return ARCHIVE_E_INVALID;
}

/* Takes n bytes of input, or fails as sysstat's reads do when the file ends. */
static int
take(struct conv *c, size_t n, const unsigned char **ret)
{
	if (c->len - c->pos < n)
		return conv_fail(c, ARCHIVE_E_TRUNCATED, 2,
		                 "End of system activity file unexpected\n");
	*ret = c->in + c->pos;
	c->pos += n;
	return 0;
}

/* ------------------------------------------------------------------------- */
/* Magic block and header */

static void
put_magic(struct conv *c)
{
	static const uint32_t hdr_types[3] = SA_FILE_HEADER_TYPES;
	unsigned char m[sizeof(struct sa_file_magic)];
	uint16_t fmagic = c->sw ? SA_FORMAT_MAGIC_SWAPPED : SA_FORMAT_MAGIC;
	unsigned char v[3];
	uint32_t u[5];
	int k;

	sysrec_flavour_version_bytes(v);
	memcpy(m, c->in, 8); /* the old version bytes stay: sadf -H shows them */
	memcpy(m + 2, &fmagic, 2);
	u[0] = sizeof(struct sa_file_header);
	u[1] = ((uint32_t) v[1] << 8) + v[2] + 1; /* "upgraded": the converter's version */
	memcpy(u + 2, hdr_types, sizeof(hdr_types));
	for (k = 0; k < 5; k++)
		put_u(c, m + 8 + 4 * k, 4, u[k]);
	memset(m + 28, 0, sizeof(m) - 28);
	archive_recbuf_put(&c->out, m, sizeof(m));
}

/* The old header's fields, wherever its format keeps them. */
struct old_header {
	uint64_t ust_time;
	uint32_t act_nr, vol_nr;
	uint8_t day, month, year;
	int8_t sizeof_long;
	unsigned char uts[4][OLD_UTSNAME_LEN]; /* sysname, nodename, release, machine */
};

static int
read_old_header(struct conv *c, uint32_t hdr_size, struct old_header *h)
{
	bool is_2171 = c->format == CONVERT_FORMAT_2171;
	size_t n = is_2171 ? OLD_HEADER_2171_SIZE : hdr_size;
	size_t at = is_2171 ? 12 : 20; /* day, month, year, sizeof_long, then the names */
	unsigned char buf[OLD_HEADER_2173_SIZE];
	const unsigned char *p;
	int rc = take(c, n, &p);

	if (rc < 0)
		return rc;
	/* A 0x2173 header shorter than its struct reads as zeros past its end. */
	memset(buf, 0, sizeof(buf));
	memcpy(buf, p, n < sizeof(buf) ? n : sizeof(buf));
	h->sizeof_long = (int8_t) buf[at + 3];
	c->is64 = h->sizeof_long == 8;
	h->ust_time = get_u(c, buf, c->is64 ? 8 : 4);
	h->act_nr = (uint32_t) get_u(c, buf + (is_2171 ? 8 : 12), 4);
	h->vol_nr = is_2171 ? 0 : (uint32_t) get_u(c, buf + 16, 4);
	h->day = buf[at];
	h->month = buf[at + 1];
	h->year = buf[at + 2];
	memcpy(h->uts, buf + at + 4, sizeof(h->uts));
	return 0;
}

static void
read_old_act(const struct conv *c, const unsigned char *p, struct old_act *a)
{
	a->id = (uint32_t) get_u(c, p, 4);
	a->magic = (uint32_t) get_u(c, p + 4, 4);
	a->nr = (int32_t) get_u(c, p + 8, 4);
	a->nr2 = (int32_t) get_u(c, p + 12, 4);
	a->size = (int32_t) get_u(c, p + 16, 4);
}

/* An A_IRQ of magic 0x8a or 0x8b was a list of interrupts: one row of nr cells now. */
static bool
irq_was_list(const struct old_act *a)
{
	return a->id == A_IRQ && a->magic < ACTIVITY_MAGIC_BASE + 2;
}

/* Reads and checks the old activity list; sets each known activity's shape. */
static int
read_old_list(struct conv *c, uint32_t n)
{
	bool have_cpu = false;
	uint32_t i;

	c->old = calloc(n ? n : 1, sizeof(*c->old));
	if (!c->old)
		return -ENOMEM;
	c->n_old = n;
	for (i = 0; i < n; i++) {
		struct old_act *a = &c->old[i];
		const struct activity_desc *d;
		struct conv_act *ca;
		const unsigned char *p;
		int rc = take(c, OLD_ACTIVITY_SIZE, &p);

		if (rc < 0)
			return rc;
		read_old_act(c, p, a);
		if (a->nr < 1 || a->nr2 < 1 || a->nr > SA_NR_MAX || a->nr2 > SA_NR2_MAX)
			return conv_invalid(c, "upgrade_header_section");
		d = activity_by_id(a->id);
		if (!d)
			continue; /* refused below, when the list is converted */
		ca = &c->acts[a->id];
		ca->desc = d;
		if (a->id == A_CPU && !have_cpu) {
			c->cpu_nr = (uint32_t) a->nr;
			have_cpu = true;
		}
		/* A negative size passes here as in sysstat; reading its items then fails. */
		if (a->size == 0 || a->size > SA_MAX_ITEM_STRUCT_SIZE)
			return conv_invalid(c, "upgrade_header_section");
		if (!ca->msize)
			ca->msize = d->size;
		if (a->size > 0 && (uint32_t) a->size > ca->msize)
			ca->msize = (uint32_t) a->size;
		ca->nr_ini = irq_was_list(a) ? 1 : a->nr;
		ca->nr2 = irq_was_list(a) ? a->nr : a->nr2;
	}
	if (!have_cpu)
		return conv_fail(c, ARCHIVE_E_INVALID, 2,
		                 "\nCPU activity not found in file. Aborting...\n");
	return 0;
}

static void
put_header(struct conv *c, const struct old_header *oh)
{
	static const uint32_t hdr_types[3] = SA_FILE_HEADER_TYPES;
	const struct archive_ident id = {
	        .ust_time = oh->ust_time,
	        .year = oh->year,
	        .month = oh->month,
	        .day = oh->day,
	        .cpu_nr = c->cpu_nr,
	        .hz = c->hz,
	        .sysname = (const char *) oh->uts[0],
	        .nodename = (const char *) oh->uts[1],
	        .release = (const char *) oh->uts[2],
	        .machine = (const char *) oh->uts[3],
	};
	struct sa_file_header h;

	/* The names are read up to their NUL or their field's end, whichever comes first. */
	archive_file_header(&h, &id, oh->act_nr);
	h.sa_sizeof_long = oh->sizeof_long;
	if (c->sw)
		layout_swap(hdr_types, &h, sizeof(h), c->is64);
	archive_recbuf_put(&c->out, &h, sizeof(h));
}

/* The new activity list: current magics, sizes and layouts, in the file's order. */
static int
put_list(struct conv *c)
{
	static const uint32_t act_types[3] = SA_FILE_ACTIVITY_TYPES;
	uint32_t i;

	strbuf_adds(&c->log, "file_activity: ");
	for (i = 0; i < c->n_old; i++) {
		const struct old_act *a = &c->old[i];
		const struct activity_desc *d = activity_by_id(a->id);
		struct sa_file_activity fa;

		if (!d) {
			/* sysstat's converter knows every activity it meets, or stops here. */
			strbuf_addf(&c->log,
			            "sysstat: get_activity_position[%d]: Internal error...\n",
			            (int) a->id);
			c->status = 1;
			return ARCHIVE_E_INVALID;
		}
		memset(&fa, 0, sizeof(fa));
		fa.id = a->id;
		fa.nr = irq_was_list(a) ? 1 : a->nr;
		fa.nr2 = irq_was_list(a) ? a->nr : a->nr2;
		fa.magic = d->magic;
		fa.has_nr = activity_has_nr(d);
		fa.size = (int32_t) d->size;
		memcpy(fa.types_nr, d->types_nr, sizeof(fa.types_nr));
		if (c->sw)
			layout_swap(act_types, &fa, sizeof(fa), c->is64);
		archive_recbuf_put(&c->out, &fa, sizeof(fa));
		strbuf_addf(&c->log, "%s ", d->name);
	}
	strbuf_adds(&c->log, "OK\n");
	return 0;
}

/* ------------------------------------------------------------------------- */
/* Records */

/*
 * The old layouts read up to this many bytes from the start of an item
 * (stats_filesystem's mount point ends at 336), even when the file's items
 * are shorter: the last item's fields then lie past the items read, in
 * zeroed slack (sysstat reads past its buffer there).
 */
#define OLD_ITEM_EXTENT 512

/* Makes each buffer of a hold the items of its next record (growing only, zero-filled). */
static int
ensure_buffers(struct conv *c, struct conv_act *a)
{
	uint64_t want =
	        (uint64_t) a->msize * (uint64_t) a->nr_ini * (uint64_t) a->nr2 + OLD_ITEM_EXTENT;
	int k;

	if (want <= a->cap)
		return 0;
	if (want > CONV_MAX_BUFFER)
		return conv_fail(c, ARCHIVE_E_INVALID, 2, "\nInvalid data found. Aborting...\n");
	for (k = 0; k < 2; k++) {
		unsigned char *p = realloc(a->buf[k], (size_t) want);

		if (!p)
			return -ENOMEM;
		memset(p + a->cap, 0, (size_t) want - a->cap);
		a->buf[k] = p;
	}
	a->cap = (size_t) want;
	return 0;
}

static void
apply_map(const struct conv *c, const struct fmap *m, const unsigned char *src, unsigned char *dst,
          int32_t st_size)
{
	unsigned lw = c->is64 ? 8 : 4;

	for (; m->kind != F_END; m++) {
		const unsigned char *s = src + m->from;
		unsigned char *d = dst + m->to;

		if (st_size < m->min_size || (m->max_size && st_size > m->max_size))
			continue;
		switch (m->kind) {
		case F_U64:
			put_u(c, d, 8, get_u(c, s, 8));
			break;
		case F_LONG:
			put_u(c, d, 8, get_u(c, s, lw));
			break;
		case F_U32W:
			put_u(c, d, 8, get_u(c, s, 4));
			break;
		case F_U32:
			put_u(c, d, 4, get_u(c, s, 4));
			break;
		case F_LONG32:
			put_u(c, d, 4, get_u(c, s, lw));
			break;
		case F_LO32:
			put_u(c, d, 4, get_u(c, s, 8));
			break;
		case F_RAW8:
			memcpy(d, s, 8);
			break;
		case F_BYTE:
			*d = *s;
			break;
		case F_ZERO4:
			memset(d, 0, 4);
			break;
		case F_ZERO8:
			memset(d, 0, 8);
			break;
		case F_ZERO1:
			*d = 0;
			break;
		case F_STR16:
			copy_name((char *) d, s, 16);
			break;
		case F_STR128:
			copy_name((char *) d, s, 128);
			break;
		case F_NUL:
			*d = 0;
			break;
		default:
			break;
		}
	}
}

/* Interrupts were a list of counters: cell 0 is their sum, then interrupt 0, 1... */
static void
upgrade_irq(const struct conv *c, struct conv_act *a)
{
	int32_t i;

	for (i = 0; i < a->nr2; i++) {
		const unsigned char *s = a->buf[0] + (size_t) i * a->msize;
		unsigned char *d = a->buf[1] + (size_t) i * a->desc->size;
		char name[16];
		size_t n;

		put_u(c, d + offsetof(struct stats_irq, irq_nr), 4, get_u(c, s, 8));
		if (i == 0)
			memcpy(name, "sum", 4);
		else
			snprintf(name, sizeof(name), "%d", (int) i - 1);
		n = strlen(name) < MAX_SA_IRQ_LEN - 1 ? strlen(name) : MAX_SA_IRQ_LEN - 1;
		/* Bytes after the NUL keep what an earlier record left there. */
		memcpy(d + offsetof(struct stats_irq, irq_name), name, n);
		d[offsetof(struct stats_irq, irq_name) + n] = '\0';
	}
}

/* Serial lines were numbered from 1; 0 ended the list. Returns the lines kept. */
static int32_t
upgrade_serial(const struct conv *c, struct conv_act *a, int32_t st_size)
{
	int32_t i;

	memcpy(a->buf[1], a->buf[0], (size_t) a->nr_ini * (size_t) st_size);
	for (i = 0; i < a->nr_ini; i++) {
		unsigned char *p = a->buf[1] + (size_t) i * a->desc->size +
		                   offsetof(struct stats_serial, line);
		uint32_t line = (uint32_t) get_u(c, p, 4);

		if (!line)
			break;
		put_u(c, p, 4, line - 1);
	}
	return i;
}

/* CPU frequencies: each CPU's list ends at its first zero frequency. */
static void
upgrade_pwr_freq(struct conv_act *a)
{
	int32_t i, k;

	for (i = 0; i < a->nr_ini; i++)
		for (k = 0; k < a->nr2; k++) {
			size_t idx = (size_t) i * (size_t) a->nr2 + (size_t) k;
			const unsigned char *s = a->buf[0] + idx * a->msize;
			unsigned char *d = a->buf[1] + idx * a->desc->size;
			uint64_t freq;

			memcpy(&freq, s + 16, 8);
			if (!freq)
				break;
			memcpy(d, s, 8);
			memcpy(d + offsetof(struct stats_pwr_wghfreq, freq), s + 16, 8);
		}
}

/* Brings the items read in buf[0] to the current layout in buf[1]. Returns the items to write. */
static int32_t
upgrade_items(const struct conv *c, struct conv_act *a, const struct old_act *o)
{
	const struct upgrade *u;
	int32_t i, n;

	switch (o->id) {
	case A_IRQ:
		upgrade_irq(c, a);
		return a->nr_ini;
	case A_SERIAL:
		return upgrade_serial(c, a, o->size);
	case A_PWR_FREQ:
		upgrade_pwr_freq(a);
		return a->nr_ini;
	default:
		break;
	}
	u = find_upgrade(o->id, o->magic);
	if (!u)
		return a->nr_ini;
	n = u->count == UP_ONE ? 1 : u->count == UP_NR ? a->nr_ini : a->nr2;
	for (i = 0; i < n; i++)
		apply_map(c, u->map, a->buf[0] + (size_t) i * a->msize,
		          a->buf[1] + (size_t) i * a->desc->size, o->size);
	return a->nr_ini;
}

/* The items of the current format, copied as they are (at the read stride, as sysstat does). */
static void
copy_items(struct conv_act *a)
{
	size_t idx, n = (size_t) a->nr_ini * (size_t) a->nr2;

	for (idx = 0; idx < n; idx++)
		memcpy(a->buf[1] + idx * a->msize, a->buf[0] + idx * a->msize, a->desc->size);
}

/* Items up to the first empty slot, for the activities whose count was not stored. */
static int32_t
count_items(const struct conv_act *a, uint32_t id, int32_t n)
{
	int32_t i;

	for (i = 0; i < a->nr_ini; i++) {
		const unsigned char *p = a->buf[1] + (size_t) i * a->desc->size;
		uint32_t u1, u2;
		uint64_t u64;

		switch (id) {
		case A_DISK:
			memcpy(&u1, p + offsetof(struct stats_disk, major), 4);
			memcpy(&u2, p + offsetof(struct stats_disk, minor), 4);
			if (!(uint32_t) (u1 + u2))
				return i;
			break;
		case A_NET_DEV:
			if (!p[offsetof(struct stats_net_dev, interface)])
				return i;
			break;
		case A_NET_EDEV:
			if (!p[offsetof(struct stats_net_edev, interface)])
				return i;
			break;
		case A_PWR_USB:
			memcpy(&u1, p, 4);
			if (!u1)
				return i;
			break;
		case A_FS:
			memcpy(&u64, p, 8);
			if (!u64)
				return i;
			break;
		case A_NET_FC:
			if (!p[offsetof(struct stats_fchost, fchost_name)])
				return i;
			break;
		default:
			return n;
		}
	}
	return i;
}

/* Reads one activity's items of a statistics record into buf[0]. */
static int
read_items(struct conv *c, struct conv_act *a, const struct old_act *o)
{
	uint64_t n = (uint64_t) a->nr_ini * (uint64_t) a->nr2;
	const unsigned char *p;
	uint64_t idx;
	int rc;

	if (o->size <= 0 || (uint64_t) o->size * n > c->len - c->pos)
		return conv_fail(c, ARCHIVE_E_TRUNCATED, 2,
		                 "End of system activity file unexpected\n");
	rc = ensure_buffers(c, a);
	if (rc < 0)
		return rc;
	for (idx = 0; idx < n; idx++) {
		rc = take(c, (size_t) o->size, &p);
		if (rc < 0)
			return rc;
		memcpy(a->buf[0] + idx * a->msize, p, (size_t) o->size);
	}
	return 0;
}

static int
convert_stats(struct conv *c)
{
	uint32_t i;

	for (i = 0; i < c->n_old; i++) {
		const struct old_act *o = &c->old[i];
		struct conv_act *a = &c->acts[o->id];
		int32_t nr_struct, j, k;
		char cc = '.';
		int rc = read_items(c, a, o);

		if (rc < 0)
			return rc;
		nr_struct = a->nr_ini;
		if (o->magic < a->desc->magic) {
			cc = 'u';
			nr_struct = upgrade_items(c, a, o);
		} else {
			copy_items(a);
		}
		if (activity_has_nr(a->desc)) {
			uint32_t nr;

			if (o->id != A_IRQ && o->id != A_SERIAL)
				nr_struct = count_items(a, o->id, nr_struct);
			put_u(c, (unsigned char *) &nr, 4, (uint32_t) nr_struct);
			archive_recbuf_put(&c->out, &nr, 4);
			strbuf_addch(&c->log, 'n');
		}
		for (j = 0; j < nr_struct; j++)
			for (k = 0; k < a->nr2; k++)
				archive_recbuf_put(
				        &c->out,
				        a->buf[1] + ((size_t) j * (size_t) a->nr2 + (size_t) k) *
				                            a->desc->size,
				        a->desc->size);
		strbuf_addch(&c->log, cc);
	}
	return 0;
}

/* A restart record: 0x2173 files list the activities whose item counts changed. */
static int
convert_restart(struct conv *c)
{
	uint32_t cpu_nr = c->cpu_nr, i, v;

	for (i = 0; c->format == CONVERT_FORMAT_2173 && i < c->vol_nr; i++) {
		const unsigned char *p;
		struct old_act o;
		int rc = take(c, OLD_ACTIVITY_SIZE, &p);

		if (rc < 0)
			return rc;
		read_old_act(c, p, &o);
		if (!o.id || o.nr <= 0)
			continue;
		if (!activity_by_id(o.id)) {
			strbuf_addf(&c->log,
			            "sysstat: get_activity_position[%d]: Internal error...\n",
			            (int) o.id);
			c->status = 1;
			return ARCHIVE_E_INVALID;
		}
		if (o.nr > activity_by_id(o.id)->nr_max)
			return conv_invalid(c, "upgrade_restart_record");
		c->acts[o.id].desc = activity_by_id(o.id);
		c->acts[o.id].nr_ini = o.nr;
		if (o.id == A_CPU)
			cpu_nr = (uint32_t) o.nr;
	}
	put_u(c, (unsigned char *) &v, 4, cpu_nr);
	archive_recbuf_put(&c->out, &v, 4);
	strbuf_addch(&c->log, 'R');
	return 0;
}

static int
convert_records(struct conv *c)
{
	strbuf_adds(&c->log, "Statistics:\n");
	while (c->pos < c->len) {
		struct sa_record_header h;
		const unsigned char *p;
		int rc = take(c, OLD_RECORD_SIZE, &p);

		if (rc < 0)
			return rc;
		memset(&h, 0, sizeof(h));
		/* Uptime in hundredths of a second, from the jiffies of all CPUs' time base. */
		h.uptime_cs = get_u(c, p + 16, 8) * 100 / c->hz;
		h.ust_time = get_u(c, p + 32, c->is64 ? 8 : 4);
		h.record_type = p[40];
		h.hour = p[41];
		h.minute = p[42];
		h.second = p[43];
		if (c->sw) {
			h.uptime_cs = __builtin_bswap64(h.uptime_cs);
			h.ust_time = __builtin_bswap64(h.ust_time);
		}
		archive_recbuf_put(&c->out, &h, sizeof(h));
		strbuf_addch(&c->log, 'H');
		if (h.record_type == SA_R_COMMENT) {
			char comment[SA_COMMENT_LEN];

			rc = take(c, SA_COMMENT_LEN, &p);
			if (rc < 0)
				return rc;
			memcpy(comment, p, sizeof(comment));
			comment[sizeof(comment) - 1] = '\0';
			archive_recbuf_put(&c->out, comment, sizeof(comment));
			strbuf_addch(&c->log, 'C');
		} else if (h.record_type == SA_R_RESTART) {
			rc = convert_restart(c);
		} else {
			rc = convert_stats(c);
		}
		if (rc < 0)
			return rc;
	}
	strbuf_addch(&c->log, '\n');
	return 0;
}

/* ------------------------------------------------------------------------- */

static int
convert_all(struct conv *c)
{
	struct old_header oh;
	uint32_t hdr_size;
	uint16_t raw;
	int rc;

	memcpy(&raw, c->in, 2);
	c->sw = raw == SA_SYSSTAT_MAGIC_SWAPPED;
	memcpy(&c->format, c->in + 2, 2);
	if (c->sw)
		c->format = layout_bswap16(c->format);
	if (!convert_is_old_format(c->format))
		return conv_fail(c, ARCHIVE_E_FORMAT, 2,
		                 "Cannot convert the format of this file\n");
	hdr_size = (uint32_t) get_u(c, c->in + 8, 4);
	c->pos = c->format == CONVERT_FORMAT_2171 ? OLD_MAGIC_2171_SIZE
	                                          : sizeof(struct sa_file_magic);
	strbuf_adds(&c->log, "file_magic: ");
	put_magic(c);
	strbuf_adds(&c->log, "OK\n");
	strbuf_addf(&c->log, "HZ: Using current value: %lu\n", c->hz);
	strbuf_adds(&c->log, "file_header: ");
	rc = read_old_header(c, hdr_size, &oh);
	if (rc < 0)
		return rc;
	c->vol_nr = oh.vol_nr;
	if (oh.act_nr > SA_MAX_NR_ACT)
		return conv_invalid(c, "upgrade_header_section");
	rc = read_old_list(c, oh.act_nr);
	if (rc < 0)
		return rc;
	put_header(c, &oh);
	strbuf_adds(&c->log, "OK\n");
	rc = put_list(c);
	if (rc < 0)
		return rc;
	rc = convert_records(c);
	if (rc < 0)
		return rc;
	strbuf_addf(&c->log, "File successfully converted to sysstat format version %s\n",
	            sysrec_flavour_version());
	return 0;
}

int
convert_old_file(const unsigned char *in, size_t len, unsigned long hz, struct convert_result *ret)
{
	struct conv *c = calloc(1, sizeof(*c));
	int rc, k;
	size_t i;

	if (!c)
		return -ENOMEM;
	c->in = in;
	c->len = len;
	c->hz = hz ? hz : 100;
	rc = len < sizeof(struct sa_file_magic)
	             ? conv_fail(c, ARCHIVE_E_TRUNCATED, 2,
	                         "End of system activity file unexpected\n")
	             : convert_all(c);
	if (!rc && (c->out.err || c->log.err))
		rc = -ENOMEM;
	ret->data = c->out.data;
	ret->len = c->out.len;
	ret->log = c->log.buf;
	ret->log_len = c->log.len;
	ret->status = rc ? (c->status ? c->status : 2) : 0;
	ret->err_offset = c->err_offset;
	for (i = 0; i <= A_ID_MAX; i++)
		for (k = 0; k < 2; k++)
			free(c->acts[i].buf[k]);
	free(c->old);
	free(c);
	return rc;
}

void
convert_result_release(struct convert_result *r)
{
	if (!r)
		return;
	free(r->data);
	free(r->log);
	memset(r, 0, sizeof(*r));
}
