/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The disk family of sar views: I/O totals (-b), block devices (-d), serial
 * lines (-y) and filesystems (-F [MOUNT]) (doc/activities.md §5).
 * The names of block devices are made by disk_names.c.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "engine.h"
#include "options.h"
#include "render.h"
#include "views.h"
#include "xstats.h"
#include "common/activity.h"
#include "common/compat.h"
#include "common/layout.h"
#include "common/sysexit.h"
#include "common/strbuf.h"
#include "common/banned.h"

/* sysstat's units of --human values: bytes (filesystems) and kB (disks). */
#define UNIT_BYTE 1
#define UNIT_KB   2

#define DEV_NAME_MAX SAR_DISK_NAME_MAX

/* Room for any name a view prints (persistent names are file names). */
#define NAME_BUF (PATH_MAX + 1)

/* ---- helpers ---- */

/* sadf shows every row: -z only hides rows in sar's own output. */
static bool
zero_omit(const struct sar *s)
{
	return s->o.zero_omit && !s->sink;
}

/* Whether the rows go to sadf's JSON or XML, whose rows have fields of their own. */
static bool
sink_markup(const struct sar *s)
{
	return s->sink && (s->sink_format == SAR_SINK_JSON || s->sink_format == SAR_SINK_XML);
}

/* S_VALUE of a 32-bit counter: the subtraction wraps at 32 bits. */
static double
s_value32(uint32_t prev, uint32_t curr, uint64_t itv)
{
	return (double) (uint32_t) (curr - prev) / (double) itv * 100;
}


/* ---- -b: I/O and transfer rates ---- */

static const size_t io_fields[] = {
        offsetof(struct stats_io, dk_drive),      offsetof(struct stats_io, dk_drive_rio),
        offsetof(struct stats_io, dk_drive_wio),  offsetof(struct stats_io, dk_drive_dio),
        offsetof(struct stats_io, dk_drive_rblk), offsetof(struct stats_io, dk_drive_wblk),
        offsetof(struct stats_io, dk_drive_dblk),
};

#define N_IO (sizeof(io_fields) / sizeof(io_fields[0]))

/* sadf -j and -x group the rates by direction: tps, reads, writes, discards. */
static const size_t io_markup_order[N_IO] = {0, 1, 4, 2, 5, 3, 6};

static uint64_t
u64_at(const void *item, size_t off)
{
	uint64_t v;

	memcpy(&v, (const unsigned char *) item + off, sizeof(v));
	return v;
}

/* Rows and averages alike: the average is the rate from the segment's first record. */
static unsigned
io_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev, const struct sar_slot *curr,
         uint64_t itv)
{
	const void *p = sar_item(a, prev, 0, 0), *c = sar_item(a, curr, 0, 0);
	double rate[N_IO];
	size_t i;

	for (i = 0; i < N_IO; i++) {
		uint64_t vp = u64_at(p, io_fields[i]), vc = u64_at(c, io_fields[i]);

		/* Sums drop when a device goes away: sysstat shows 0, not a wrapped rate. */
		rate[i] = vc < vp ? 0.0 : sar_s_value(vp, vc, itv);
	}
	if (s->dish)
		sar_out_header(s, &view_io, s->ts_prev, a, NULL);
	sar_out_ts(s, s->ts_curr);
	for (i = 0; i < N_IO; i++)
		sar_out_f(s, rate[sink_markup(s) ? io_markup_order[i] : i]);
	sar_out_nl(s);
	return 1;
}

static void
io_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
             const struct sar_slot *last, uint64_t itv)
{
	io_print(s, a, first, last, itv);
}

/* In the order of io_markup_order: "a.b" keys nest (JSON objects, XML elements). */
static const struct sar_names io_names = {
        .json = "io",
        .keys = "tps;io-reads.rtps;io-reads.bread;io-writes.wtps;io-writes.bwrtn;"
                "io-discard.dtps;io-discard.bdscd",
        .xml = "io",
        .xml_attrs = " per=\"second\"",
};

const struct sar_view view_io = {
        .names = &io_names,
        .act_id = A_IO,
        .opt = SAR_O_MAIN,
        .hdr = "tps;rtps;wtps;dtps;bread/s;bwrtn/s;bdscd/s",
        .print = io_print,
        .print_avg = io_print_avg,
};

/* ---- -y: serial lines ---- */

static int
cmp_u32(uint32_t x, uint32_t y)
{
	return (x > y) - (x < y);
}

static int
cmp_line(const void *p, const void *c)
{
	return cmp_u32(((const struct stats_serial *) p)->line, ((const struct stats_serial *) c)->line);
}

const void *
sar_serial_prev(const struct sar_act *a, const struct sar_slot *prev, uint32_t i, const void *c,
                bool *ret_again)
{
	if (ret_again)
		*ret_again = false;
	return sar_prev_search_key(a, prev, i, c, cmp_line, offsetof(struct stats_serial, line),
	                           sizeof(uint32_t));
}

static void
serial_row(struct sar *s, const struct stats_serial *sp, const struct stats_serial *sc,
           uint64_t itv)
{
	char tty[32];

	sar_out_ts(s, s->ts_curr);
	if (s->sink) {
		/* sadf: the line number, named ttyS<n> by -p. */
		snprintf(tty, sizeof(tty), "%s%d", s->sink_format == SAR_SINK_PPC ? "ttyS" : "",
		         (int) sc->line);
		sar_out_str(s, tty, 0);
	} else {
		snprintf(tty, sizeof(tty), "       %3d", (int) sc->line);
		sar_out_raw(s, tty);
	}
	sar_xstats_rate(s, sp->rx, sc->rx);
	sar_out_f(s, s_value32(sp->rx, sc->rx, itv));
	sar_xstats_rate(s, sp->tx, sc->tx);
	sar_out_f(s, s_value32(sp->tx, sc->tx, itv));
	sar_xstats_rate(s, sp->frame, sc->frame);
	sar_out_f(s, s_value32(sp->frame, sc->frame, itv));
	sar_xstats_rate(s, sp->parity, sc->parity);
	sar_out_f(s, s_value32(sp->parity, sc->parity, itv));
	sar_xstats_rate(s, sp->brk, sc->brk);
	sar_out_f(s, s_value32(sp->brk, sc->brk, itv));
	sar_xstats_rate(s, sp->overrun, sc->overrun);
	sar_out_f(s, s_value32(sp->overrun, sc->overrun, itv));
	sar_out_nl(s);
}

/* Lines with no previous sample are skipped; with -z, lines that did not change too. */
static unsigned
serial_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
             const struct sar_slot *curr, uint64_t itv)
{
	static const struct stats_serial zero;
	unsigned n = 0;
	uint32_t i;

	if (s->dish || s->o.zero_omit)
		sar_out_header(s, &view_serial, s->ts_prev, a, NULL);
	for (i = 0; i < curr->nr; i++) {
		const struct stats_serial *sc = sar_item(a, curr, i, 0);
		const struct stats_serial *sp =
		        s->since_boot ? &zero : sar_serial_prev(a, prev, i, sc, NULL);

		if (!sp || (zero_omit(s) && !memcmp(sp, sc, sizeof(*sc))))
			continue;
		serial_row(s, sp, sc, itv);
		n++;
	}
	return n;
}

static void
serial_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                 const struct sar_slot *last, uint64_t itv)
{
	serial_print(s, a, first, last, itv);
}

static const struct sar_names serial_names = {
        .json = "serial",
        .keys = "line;rcvin;xmtin;framerr;prtyerr;brk;ovrun",
        .xml = "serial",
        .xml_attrs = " per=\"second\"",
        .xml_item = "tty",
        .flags = SAR_NF_ITEMS | SAR_NF_ITEM_NUM,
};

const struct sar_view view_serial = {
        .names = &serial_names,
        .act_id = A_SERIAL,
        .opt = SAR_O_MAIN,
        .hdr = "TTY;rcvin/s;xmtin/s;framerr/s;prtyerr/s;brk/s;ovrun/s",
        .flags = SAR_VF_HDR_EVERY_WITH_Z,
        .print = serial_print,
        .print_avg = serial_print_avg,
};


/* ---- -d: block devices ---- */

static int
cmp_device(const void *p, const void *c)
{
	const struct stats_disk *dp = p, *dc = c;

	return dp->major != dc->major ? cmp_u32(dp->major, dc->major) : cmp_u32(dp->minor, dc->minor);
}

const void *
sar_disk_prev(const struct sar_act *a, const struct sar_slot *prev, uint32_t i, const void *c,
              bool *ret_again)
{
	const struct stats_disk *dp =
	        sar_prev_search_key(a, prev, i, c, cmp_device, offsetof(struct stats_disk, major),
	                            2 * sizeof(uint32_t));
	const struct stats_disk *dc = c;
	bool again = dp && dc->nr_ios < dp->nr_ios && (!dp->rd_sect || dc->rd_sect < dp->rd_sect) &&
	             (!dp->wr_sect || dc->wr_sect < dp->wr_sect) &&
	             (!dp->dc_sect || dc->dc_sect < dp->dc_sect);

	if (ret_again)
		*ret_again = again;
	return again ? NULL : dp;
}

/* The values of a device's row. */
enum disk_col {
	DK_TPS,
	DK_RD_SEC, /* sectors/s (sadf -j, -x) */
	DK_WR_SEC,
	DK_DC_SEC,
	DK_RKB,
	DK_WKB,
	DK_DKB,
	DK_ARQ_SEC, /* the request size in sectors (sadf -j, -x) */
	DK_AREQ,
	DK_AQU,
	DK_AWAIT,
	DK_UTIL,
	DK_MAX
};

/* How sar prints a column: a rate, a size in kB (--human), a percentage. */
enum disk_kind { DK_RATE, DK_KB, DK_PC };

struct disk_out {
	enum disk_col col;
	enum disk_kind kind;
};

/* sar, sadf -d and -p. */
static const struct disk_out disk_cols[] = {
        {DK_TPS, DK_RATE}, {DK_RKB, DK_KB},   {DK_WKB, DK_KB},     {DK_DKB, DK_KB},
        {DK_AREQ, DK_KB},  {DK_AQU, DK_RATE}, {DK_AWAIT, DK_RATE}, {DK_UTIL, DK_PC},
};

/* sadf -j and -x keep the sector units and names of older versions beside the new ones. */
static const struct disk_out disk_markup_cols[] = {
        {DK_TPS, DK_RATE},  {DK_RD_SEC, DK_RATE}, {DK_WR_SEC, DK_RATE}, {DK_DC_SEC, DK_RATE},
        {DK_RKB, DK_RATE},  {DK_WKB, DK_RATE},    {DK_DKB, DK_RATE},    {DK_ARQ_SEC, DK_RATE},
        {DK_AREQ, DK_RATE}, {DK_AQU, DK_RATE},    {DK_AQU, DK_RATE},    {DK_AWAIT, DK_RATE},
        {DK_UTIL, DK_RATE},
};

static void
disk_values(const struct stats_disk *dp, const struct stats_disk *dc, uint64_t itv,
            double v[DK_MAX])
{
	uint64_t ios = dc->nr_ios - dp->nr_ios;
	/* Ticks are 32-bit counters, sectors long ones: each sum wraps in its own type. */
	uint32_t ticks = (dc->rd_ticks - dp->rd_ticks) + (dc->wr_ticks - dp->wr_ticks) +
	                 (dc->dc_ticks - dp->dc_ticks);
	uint64_t sect = (dc->rd_sect - dp->rd_sect) + (dc->wr_sect - dp->wr_sect) +
	                (dc->dc_sect - dp->dc_sect);

	v[DK_TPS] = sar_s_value(dp->nr_ios, dc->nr_ios, itv);
	v[DK_RD_SEC] = sar_s_value(dp->rd_sect, dc->rd_sect, itv);
	v[DK_WR_SEC] = sar_s_value(dp->wr_sect, dc->wr_sect, itv);
	v[DK_DC_SEC] = sar_s_value(dp->dc_sect, dc->dc_sect, itv);
	v[DK_RKB] = v[DK_RD_SEC] / 2;
	v[DK_WKB] = v[DK_WR_SEC] / 2;
	v[DK_DKB] = v[DK_DC_SEC] / 2;
	/* 12.7.5 takes no averages when the I/O count went back, no %util when the ticks did. */
	if (flavour_1275() && dc->nr_ios < dp->nr_ios)
		ios = 0;
	v[DK_ARQ_SEC] = ios ? (double) sect / (double) ios : 0.0;
	v[DK_AREQ] = v[DK_ARQ_SEC] / 2;
	v[DK_AQU] = s_value32(dp->rq_ticks, dc->rq_ticks, itv) / 1000.0;
	v[DK_AWAIT] = ios ? (double) ticks / (double) ios : 0.0;
	v[DK_UTIL] = flavour_1275() && dc->tot_ticks < dp->tot_ticks
	                     ? 0.0
	                     : s_value32(dp->tot_ticks, dc->tot_ticks, itv) / 10.0;
}

static void
disk_row(struct sar *s, const struct stats_disk *dp, const struct stats_disk *dc, const char *name,
         uint64_t itv)
{
	const struct disk_out *cols = sink_markup(s) ? disk_markup_cols : disk_cols;
	size_t i, n = sink_markup(s) ? sizeof(disk_markup_cols) / sizeof(disk_markup_cols[0])
	                             : sizeof(disk_cols) / sizeof(disk_cols[0]);
	double v[DK_MAX];

	disk_values(dp, dc, itv, v);
	sar_out_ts(s, s->ts_curr);
	/* sadf's rows start with the name; sar's --pretty moves it to the end. */
	if (!s->o.pretty || s->sink)
		sar_out_str(s, name, 9);
	for (i = 0; i < n; i++) {
		double x = v[cols[i].col];

		/* sar -x: the other columns' extremes are the values shown. */
		if (cols[i].col == DK_TPS)
			sar_xstats_rate(s, dp->nr_ios, dc->nr_ios);
		if (cols[i].kind == DK_KB)
			sar_out_f_unit(s, x, UNIT_KB);
		else if (cols[i].kind == DK_PC)
			sar_out_pc(s, x);
		else
			sar_out_f(s, x);
	}
	if (s->o.pretty) {
		sar_out_raw(s, " ");
		sar_out_raw(s, name);
	}
	sar_out_nl(s);
}

static unsigned
disk_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
           const struct sar_slot *curr, uint64_t itv)
{
	static const struct stats_disk zero;
	unsigned n = 0;
	uint32_t i;

	if (s->dish || s->o.zero_omit) {
		/* --pretty moves DEV to the end of the line. */
		struct sar_view v = view_disk;

		v.iwidth = s->o.pretty ? -1 : 0;
		sar_out_header(s, &v, s->ts_prev, a, NULL);
	}
	for (i = 0; i < curr->nr; i++) {
		const struct stats_disk *dc = sar_item(a, curr, i, 0);
		bool again = false;
		const struct stats_disk *dp =
		        s->since_boot ? NULL : sar_disk_prev(a, prev, i, dc, &again);
		char name[DEV_NAME_MAX];

		if (!dp)
			dp = &zero;
		if (zero_omit(s) && !memcmp(dp, dc, sizeof(*dc)))
			continue;
		sar_disk_name(s, dc, name);
		if (!sar_list_accepts(&s->o.dev_list, name, SAR_LIST_NAME_MAX))
			continue;
		s->row_again = again;
		disk_row(s, dp, dc, name, itv);
		n++;
	}
	return n;
}

static void
disk_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
               const struct sar_slot *last, uint64_t itv)
{
	disk_print(s, a, first, last, itv);
}

/* The JSON and XML names follow disk_markup_cols. */
static const struct sar_names disk_names = {
        .json = "disk",
        .keys = "disk-device;tps;rd_sec;wr_sec;dc_sec;rkB;wkB;dkB;avgrq-sz;areq-sz;avgqu-sz;"
                "aqu-sz;await;util-percent",
        .xml = "disk",
        .xml_attrs = " per=\"second\"",
        .xml_item = "disk-device",
        .xml_keys = "dev;tps;rd_sec;wr_sec;dc_sec;rkB;wkB;dkB;avgrq-sz;areq-sz;avgqu-sz;"
                    "aqu-sz;await;util-percent",
        .flags = SAR_NF_ITEMS,
};

const struct sar_view view_disk = {
        .names = &disk_names,
        .act_id = A_DISK,
        .opt = SAR_O_MAIN,
        .hdr = "DEV;tps;rkB/s;wkB/s;dkB/s;areq-sz;aqu-sz;await;%util",
        .flags = SAR_VF_HDR_EVERY_WITH_Z,
        .print = disk_print,
        .print_avg = disk_print_avg,
};

/* ---- -F: filesystems ---- */

/* The numeric part of an item, which -z compares (the names are not). */
#define FS_VALUES_SIZE offsetof(struct stats_filesystem, fs_name)

/*
 * A name of a filesystem item as sysstat reads it, up to its NUL: a
 * fs_name that fills its field runs on into mountp.
 */
static void
fs_field(const struct stats_filesystem *f, bool mount, char *out, size_t len)
{
	const char *p = mount ? f->mountp : f->fs_name;
	size_t room = mount ? sizeof(f->mountp) : sizeof(f->fs_name) + sizeof(f->mountp);
	str_copy(out, len, p, room);
}

/*
 * x and y (struct stats_filesystem) by name as fs_field() reads it; 0: the
 * same filesystem (sar_prev_search's cmp). Compared in place: it runs for
 * every pair of items of every record.
 */
static int
fs_cmp(const void *x, const void *y)
{
	/* The name runs on into mountp (fs_field()): the bytes from fs_name to the struct's end. */
	size_t off = offsetof(struct stats_filesystem, fs_name);
	const unsigned char *a = (const unsigned char *) x + off;
	const unsigned char *b = (const unsigned char *) y + off;
	size_t i;

	for (i = 0; i < 2 * MAX_FS_LEN; i++)
		if (a[i] != b[i] || !a[i])
			return a[i] - b[i];
	return 0;
}

/* The name shown: the mount point, the persistent name (-j TYPE) or the device. */
static void
fs_display_name(const struct sar *s, const struct stats_filesystem *f, bool mount, char *out,
                size_t len)
{
	if ((s->o.persistent_type & SAR_PERSIST_NAME) && !mount) {
		char fname[MAX_FS_LEN];

		snprintf(fname, sizeof(fname), "%.*s", (int) strnlen(f->fs_name, MAX_FS_LEN),
		         f->fs_name);
		if (sar_disk_persistent_name(s->o.persistent_name, sar_path_basename(fname), out, len))
			return;
	}
	fs_field(f, mount, out, len);
}

/*
 * Keeps the last values of each filesystem for the Summary: lines. As
 * sysstat does, the list is the segment's first record (slot 2), each
 * filesystem replacing its entry (or the first empty one) or appended.
 * It outlives the pass: -F MOUNT after -F starts from what -F left.
 */
static void
fs_remember(struct sar_act *a, const struct stats_filesystem *fc)
{
	struct sar_slot *sum = &a->slot[2];
	size_t size = a->desc->size, need;
	uint32_t j;

	sum->gen++; /* its items change (struct sar_slot) */
	for (j = 0; j < sum->nr; j++) {
		struct stats_filesystem *m = (void *) (sum->items + (size_t) j * size);

		if (!fs_cmp(m, fc) || !m->f_blocks) {
			memcpy(m, fc, size);
			return;
		}
	}
	need = ((size_t) sum->nr + 1) * size;
	if (need > sum->cap) {
		size_t cap = sum->cap * 2 > need ? sum->cap * 2 : need;
		unsigned char *p = sysrec_realloc(sum->items, cap);
		memset(p + sum->cap, 0, cap - sum->cap);
		sum->items = p;
		sum->cap = cap;
	}
	memcpy(sum->items + (size_t) sum->nr * size, fc, size);
	sum->nr++;
}

/* A size in MB, or with --human in bytes with a unit. */
static void
fs_out_size(struct sar *s, uint64_t bytes)
{
	if (s->o.human)
		sar_out_unit(s, (double) bytes, UNIT_BYTE);
	else
		sar_out_fw(s, (double) bytes / 1024 / 1024, 9, 0);
}

static double
fs_pc(uint64_t part, uint64_t total)
{
	return total ? sar_sp_value(part, total, total) : 0.0;
}

static void
fs_row(struct sar *s, const char *ts, const struct stats_filesystem *f, const char *name)
{
	sar_out_ts(s, ts);
	/* sadf's rows start with the name, sar's lines end with it. */
	if (s->sink)
		sar_out_str(s, name, 0);
	fs_out_size(s, f->f_bfree);
	fs_out_size(s, f->f_blocks - f->f_bfree);
	sar_out_pc(s, fs_pc(f->f_bfree, f->f_blocks));
	sar_out_pc(s, fs_pc(f->f_bavail, f->f_blocks));
	sar_out_u64(s, f->f_ffree);
	sar_out_u64(s, f->f_files - f->f_ffree);
	sar_out_pc(s, fs_pc(f->f_ffree, f->f_files));
	sar_out_raw(s, " ");
	sar_out_raw(s, name);
	sar_out_nl(s);
}

/* Whether -z hides the row: the filesystem was there before, with the same values. */
static bool
fs_unchanged(const struct sar *s, const struct sar_act *a, const struct sar_slot *prev, uint32_t i,
             const struct stats_filesystem *fc)
{
	const struct stats_filesystem *fp;

	if (!zero_omit(s) || s->since_boot)
		return false;
	fp = sar_prev_search(a, prev, i, fc, fs_cmp);
	return fp && !memcmp(fp, fc, FS_VALUES_SIZE);
}

/*
 * Rows of one sample (summary false), or the Summary: rows of the list
 * kept in slot 2 (summary true, curr is that slot).
 */
static unsigned
fs_print_any(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
             const struct sar_slot *curr, bool mount, bool summary)
{
	const char *ts = summary ? sar_label_summary() : s->ts_curr;
	char name[NAME_BUF];
	unsigned n = 0;
	uint32_t i;

	if (s->dish || s->o.zero_omit)
		sar_out_header(s, mount ? &view_fs_mount : &view_fs, summary ? ts : s->ts_prev, a,
		               NULL);
	for (i = 0; i < curr->nr; i++) {
		const struct stats_filesystem *fc = sar_item(a, curr, i, 0);

		fs_display_name(s, fc, mount, name, sizeof(name));
		if (!sar_list_accepts(&s->o.fs_list, name, SAR_LIST_NAME_MAX))
			continue;
		if (summary || !fs_unchanged(s, a, prev, i, fc)) {
			fs_row(s, ts, fc, name);
			n++;
		}
		/* sadf prints no Summary: and keeps the segment's first record. */
		if (!summary && !s->sink)
			fs_remember(a, fc);
	}
	return n;
}

static unsigned
fs_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev, const struct sar_slot *curr,
         uint64_t itv)
{
	(void) itv;
	return fs_print_any(s, a, prev, curr, false, false);
}

static unsigned
fs_mount_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
               const struct sar_slot *curr, uint64_t itv)
{
	(void) itv;
	return fs_print_any(s, a, prev, curr, true, false);
}

/* Summary: the last values of every filesystem seen, kept in slot 2 (first). */
static void
fs_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
             const struct sar_slot *last, uint64_t itv)
{
	(void) last;
	(void) itv;
	fs_print_any(s, a, NULL, first, false, true);
}

static void
fs_mount_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                   const struct sar_slot *last, uint64_t itv)
{
	(void) last;
	(void) itv;
	fs_print_any(s, a, NULL, first, true, true);
}

#define FS_HDR_VALUES "MBfsfree;MBfsused;%fsused;%ufsused;Ifree;Iused;%Iused"

static const struct sar_names fs_names = {
        .json = "filesystems",
        .keys = "filesystem;MBfsfree;MBfsused;%fsused;%ufsused;Ifree;Iused;%Iused",
        .xml = "filesystems",
        .xml_item = "filesystem",
        .xml_keys = "fsname;MBfsfree;MBfsused;fsused-percent;ufsused-percent;Ifree;Iused;"
                    "Iused-percent",
        .flags = SAR_NF_ITEMS,
};

static const struct sar_names fs_mount_names = {
        .json = "filesystems",
        .keys = "mountpoint;MBfsfree;MBfsused;%fsused;%ufsused;Ifree;Iused;%Iused",
        .xml = "filesystems",
        .xml_item = "filesystem",
        .xml_keys = "mountp;MBfsfree;MBfsused;fsused-percent;ufsused-percent;Ifree;Iused;"
                    "Iused-percent",
        .flags = SAR_NF_ITEMS,
};

const struct sar_view view_fs = {
        .names = &fs_names,
        .act_id = A_FS,
        .opt = SAR_O_FS,
        .hdr = "FILESYSTEM;" FS_HDR_VALUES,
        .iwidth = -1, /* the name goes to the end of the line */
        /* sadf -j and -x print the activity once: with -F MOUNT, mount points only. */
        .flags = SAR_VF_HDR_EVERY_WITH_Z | SAR_VF_SADF_SUPERSEDED,
        .print = fs_print,
        .print_avg = fs_print_avg,
};

const struct sar_view view_fs_mount = {
        .names = &fs_mount_names,
        .act_id = A_FS,
        .opt = SAR_O_FS_MOUNT,
        .hdr = "MOUNTPOINT;" FS_HDR_VALUES,
        .iwidth = -1,
        .flags = SAR_VF_HDR_EVERY_WITH_Z,
        .print = fs_mount_print,
        .print_avg = fs_mount_print_avg,
};
