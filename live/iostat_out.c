/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * iostat's report of one sample (iostat.h): the CPU block, the device
 * table (basic, -x, -s, the four --pretty -x blocks) and the same as
 * JSON. Values go through the report layer's primitives (colours, --dec,
 * --human, the decimal point); the --human unit cells and 12.7.5's
 * "low but not zero" percentages (%rrqm...) are printed here, since
 * iostat's widths and thresholds are its own.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "iostat.h"
#include "common/compat.h"
#include "common/numfmt.h"
#include "report/display.h"
#include "common/banned.h"

/* sysstat's cprintf_* unit argument: none, sectors, kilobytes. */
enum { NO_UNIT = -1, UNIT_SECTOR = 0, UNIT_KB = 2 };

/* sysstat's S_VALUE: a counter's rate per second over itv hundredths. */
static double
rate(uint64_t diff, uint64_t itv)
{
	return (double) diff / (double) itv * 100;
}

/*
 * 12.7.5 (f1275) prints 0 for a counter that went back; 12.6.1 its wrapped
 * difference. The flavour is the caller's, looked up once a sample: a
 * lookup per value was 3 % of iostat -x --archive.
 */
static double
rate_clamped(bool f1275, uint64_t prev, uint64_t curr, uint64_t itv)
{
	if (f1275 && curr < prev)
		return 0.0;
	return rate(curr - prev, itv);
}

static double
rate32_clamped(bool f1275, uint32_t prev, uint32_t curr, uint64_t itv)
{
	if (f1275 && curr < prev)
		return 0.0;
	return rate((uint32_t) (curr - prev), itv);
}

/* ---- cells ---- */

/* The device's name in the item colour: "%-13s", or " %s" at the end of a --pretty line. */
static void
out_name(struct sar *s, const char *name, bool pretty)
{
	char buf[IOSTAT_NAME_LEN + 16];
	size_t n = strnlen(name, IOSTAT_NAME_LEN);
	size_t at = pretty ? 1 : 0;

	buf[0] = ' ';
	memcpy(buf + at, name, n);
	n += at;
	if (!pretty && n < 13) {
		memset(buf + n, ' ', 13 - n);
		n = 13;
	}
	sar_out_bytes(s, SAR_SGR_ITEM, buf, n);
}

/* cprintf_f: a rate, in --human units when unit is not NO_UNIT. */
static void
out_f(struct sar *s, double v, int width, int unit)
{
	if (unit == NO_UNIT)
		sar_out_fw(s, v, width, 2);
	else
		sar_out_unit_w(s, v, unit, width, sar_value_sgr(s, v, 2));
}

/* cprintf_u64: a total, in --human units when unit is not NO_UNIT. */
static void
out_u64(struct sar *s, uint64_t v, int width, int unit)
{
	if (unit == NO_UNIT) {
		sar_out_u64w(s, v, width);
		return;
	}
	sar_out_unit_w(s, (double) v, unit, width, v ? SAR_SGR_VALUE : SAR_SGR_ZERO);
}

/*
 * 12.7.5's XLOW0 percentage (merge ratios): coloured as extreme up to 10 %
 * and as a warning up to 25 %, but a zero stays a zero.
 */
static void
out_pc_low0(struct sar *s, double v, int width)
{
	int dec = s->o.decimals >= 0 ? s->o.decimals : 2;
	enum sar_sgr k;
	char buf[512];
	double lim;
	size_t n;

	if (!flavour_1275() || !s->colors) {
		sar_out_xpc(s, v, width, 2, SAR_XNONE);
		return;
	}
	if (s->o.human) {
		width = width < 4 ? 3 : width - 1;
		if (dec > 1)
			dec--;
	}
	lim = dec == 1 ? 0.05 : 0.005;
	if (v <= 10.0 && v >= lim)
		k = SAR_SGR_PC_HIGH;
	else if (v <= 25.0 && v >= lim)
		k = SAR_SGR_PC_LOW;
	else if ((dec > 0 && v < lim) || (dec == 0 && v <= 0.5))
		k = SAR_SGR_ZERO;
	else
		k = SAR_SGR_VALUE;
	buf[0] = ' ';
	n = numfmt_fixed(buf + 1, sizeof(buf) - 1, v, width, dec, s->dp);
	sar_out_bytes(s, k, buf, n + 1);
	if (s->o.human)
		sar_out_plain(s, "%");
}

static void
tabs(int n)
{
	while (n-- > 0)
		putchar('\t');
}

/* ---- CPU ---- */

/* sysstat's ll_sp_value: a share of the jiffies, 0 when the counter went back. */
static double
cpu_pc(uint64_t prev, uint64_t curr, uint64_t tot)
{
	return curr < prev ? 0.0 : rate(curr - prev, tot);
}

static void
write_cpu(struct iostat *io, int tab)
{
	const struct stats_cpu *p = &io->cpu[!io->curr], *c = &io->cpu[io->curr];
	uint64_t tot = io->tot_jiffies[io->curr] - io->tot_jiffies[!io->curr];
	double v[6];
	int i;

	if (!tot)
		tot = 1;
	v[0] = cpu_pc(p->cpu_user, c->cpu_user, tot);
	v[1] = cpu_pc(p->cpu_nice, c->cpu_nice, tot);
	/* %system includes the time serving interrupts. */
	v[2] = cpu_pc(p->cpu_sys + p->cpu_softirq + p->cpu_hardirq,
	              c->cpu_sys + c->cpu_softirq + c->cpu_hardirq, tot);
	v[3] = cpu_pc(p->cpu_iowait, c->cpu_iowait, tot);
	v[4] = cpu_pc(p->cpu_steal, c->cpu_steal, tot);
	v[5] = cpu_pc(p->cpu_idle, c->cpu_idle, tot);
	if (io->o.json) {
		tabs(tab);
		printf("\"avg-cpu\":  {\"user\": %.2f, \"nice\": %.2f, \"system\": %.2f, "
		       "\"iowait\": %.2f, \"steal\": %.2f, \"idle\": %.2f}",
		       v[0], v[1], v[2], v[3], v[4], v[5]);
		return;
	}
	sar_line_begin(&io->out);
	sar_out_plain(&io->out, "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n       ");
	for (i = 0; i < 5; i++)
		sar_out_xpc(&io->out, v[i], 7, 2, SAR_XHIGH);
	sar_out_xpc(&io->out, v[5], 7, 2, SAR_XLOW);
	sar_out_plain(&io->out, "\n\n");
	sar_line_end(&io->out);
}

/* ---- the device table ---- */

/* What one device line needs besides its counters. */
struct line_ctx {
	uint64_t itv;
	int fctr;   /* sectors per printed unit: 2 (kB), 2048 (MB), 1 */
	int hpart;  /* 0: the whole line; 1..4: one of --pretty -x's blocks */
	int n;      /* devices a group line sums (its %util is their mean) */
	bool f1275; /* the run's flavour, looked up once a sample */
	const char *name;
};

/* The -x header without --pretty (hpart 0), or one of its blocks (1..4). */
static void
ext_header(char *buf, size_t len, int h, const char *sp, const char *u)
{
	size_t at = strlen(buf);

	if (h == 1 || !h)
		at += (size_t) snprintf(buf + at, len - at,
		                        "     r/s    %sr%s/s   rrqm/s  %%rrqm r_await rareq-sz", sp,
		                        u);
	if (h == 2 || !h)
		at += (size_t) snprintf(buf + at, len - at,
		                        "     w/s    %sw%s/s   wrqm/s  %%wrqm w_await wareq-sz", sp,
		                        u);
	if (h == 3 || !h)
		at += (size_t) snprintf(buf + at, len - at,
		                        "     d/s    %sd%s/s   drqm/s  %%drqm d_await dareq-sz", sp,
		                        u);
	if (h == 4 || !h)
		snprintf(buf + at, len - at, "     f/s f_await  aqu-sz  %%util");
}

/* The text header of block h into buf (len bytes): it depends on the options alone. */
static void
make_header(const struct iostat_opts *o, int h, char *buf, size_t len)
{
	const char *u = o->kilobytes ? "kB" : o->megabytes ? "MB" : o->extended ? "sec" : "Blk";
	const char *sp = o->kilobytes || o->megabytes ? " " : "";
	size_t at;

	snprintf(buf, len, "%s", o->pretty ? "" : "Device       ");
	at = strlen(buf);
	if (o->extended && o->short_output)
		snprintf(buf + at, len - at,
		         "      tps     %s%s/s    rqm/s   await  areq-sz  aqu-sz  %%util", sp, u);
	else if (o->extended)
		ext_header(buf, len, h, sp, u);
	else if (o->short_output)
		snprintf(buf + at, len - at,
		         "      tps   %s%s_read/s    %s%s_w+d/s   %s%s_read    %s%s_w+d", sp, u, sp,
		         u, sp, u, sp, u);
	else
		snprintf(buf + at, len - at,
		         "      tps   %s%s_read/s   %s%s_wrtn/s   %s%s_dscd/s"
		         "   %s%s_read   %s%s_wrtn   %s%s_dscd",
		         sp, u, sp, u, sp, u, sp, u, sp, u, sp, u);
	at = strlen(buf);
	snprintf(buf + at, len - at, "%s\n", o->pretty ? " Device" : "");
}

static void
write_header(struct iostat *io, struct line_ctx *l, int *tab)
{
	const struct iostat_opts *o = &io->o;
	int h = l->hpart;

	l->fctr = o->kilobytes ? 2 : o->megabytes ? 2048 : 1;
	if (o->json) {
		tabs((*tab)++);
		printf("\"disk\": [\n");
		return;
	}
	/* Made once: printf's parsing of these formats was 3 % of a day's -x report. */
	if (!io->header[h][0])
		make_header(o, h, io->header[h], sizeof(io->header[h]));
	fputs(io->header[h], stdout);
}

/* The -x figures of one device (sysstat's ext_disk_stats and ext_io_stats). */
struct ext_values {
	double rs, ws, ds, fs;       /* requests per second */
	double rsec, wsec, dsec;     /* sectors per second */
	double rrqm, wrqm, drqm;     /* merges per second */
	double rrqm_pc, wrqm_pc, drqm_pc;
	double r_await, w_await, d_await, f_await, await;
	double rarqsz, warqsz, darqsz, arqsz; /* sectors */
	double tps, rqm, aqu, util;
};

/* The share of requests merged: merges / (merges + requests), differences that wrap. */
static double
merge_pc(uint64_t dm, uint64_t di)
{
	return dm + di ? (double) dm / (double) (dm + di) * 100 : 0.0;
}

/*
 * num per request: 12.7.5 (f1275) divides when the count grew; 12.6.1 when
 * it changed (a wrapped count too).
 */
static double
per_request(bool f1275, uint64_t num, uint64_t prev, uint64_t curr)
{
	if (f1275 ? curr > prev : curr != prev)
		return (double) num / (double) (curr - prev);
	return 0.0;
}

static void
ext_requests(const struct io_stats *i, const struct io_stats *j, const struct line_ctx *l,
             struct ext_values *x)
{
	uint64_t itv = l->itv;
	bool f = l->f1275;

	x->rs = rate_clamped(f, j->rd_ios, i->rd_ios, itv);
	x->ws = rate_clamped(f, j->wr_ios, i->wr_ios, itv);
	x->ds = rate_clamped(f, j->dc_ios, i->dc_ios, itv);
	x->fs = rate_clamped(f, j->fl_ios, i->fl_ios, itv);
	x->rsec = rate_clamped(f, j->rd_sectors, i->rd_sectors, itv);
	x->wsec = rate_clamped(f, j->wr_sectors, i->wr_sectors, itv);
	x->dsec = rate_clamped(f, j->dc_sectors, i->dc_sectors, itv);
	x->rrqm = rate_clamped(f, j->rd_merges, i->rd_merges, itv);
	x->wrqm = rate_clamped(f, j->wr_merges, i->wr_merges, itv);
	x->drqm = rate_clamped(f, j->dc_merges, i->dc_merges, itv);
	x->aqu = rate32_clamped(f, j->rq_ticks, i->rq_ticks, itv) / 1000.0;
}

/* The figures of the three directions together: tps, rqm/s, await, areq-sz. */
static void
ext_totals(const struct io_stats *i, const struct io_stats *j, const struct line_ctx *l,
           struct ext_values *x)
{
	uint64_t nc = i->rd_ios + i->wr_ios + i->dc_ios, np = j->rd_ios + j->wr_ios + j->dc_ios;
	/* Times are 32-bit in sysstat: their differences and sum wrap there. */
	uint32_t ticks = (uint32_t) (i->rd_ticks - j->rd_ticks) +
	                 (uint32_t) (i->wr_ticks - j->wr_ticks) +
	                 (uint32_t) (i->dc_ticks - j->dc_ticks);
	bool f = l->f1275;

	x->tps = rate_clamped(f, np, nc, l->itv);
	x->rqm = rate_clamped(f, j->rd_merges + j->wr_merges + j->dc_merges,
	                      i->rd_merges + i->wr_merges + i->dc_merges, l->itv);
	x->await = per_request(f, ticks, np, nc);
	x->arqsz = per_request(f,
	                       (i->rd_sectors - j->rd_sectors) + (i->wr_sectors - j->wr_sectors) +
	                               (i->dc_sectors - j->dc_sectors),
	                       np, nc);
}

/*
 * Every figure of a device (the totals only when asked: the full text
 * line does not print them, and they were a tenth of its arithmetic).
 */
static void
ext_values(const struct io_stats *i, const struct io_stats *j, const struct line_ctx *l,
           bool totals, struct ext_values *x)
{
	bool f = l->f1275;

	ext_requests(i, j, l, x);
	if (totals)
		ext_totals(i, j, l, x);
	else
		x->tps = x->rqm = x->await = x->arqsz = 0.0;
	x->util = rate32_clamped(f, j->tot_ticks, i->tot_ticks, l->itv);
	x->rrqm_pc = merge_pc(i->rd_merges - j->rd_merges, i->rd_ios - j->rd_ios);
	x->wrqm_pc = merge_pc(i->wr_merges - j->wr_merges, i->wr_ios - j->wr_ios);
	x->drqm_pc = merge_pc(i->dc_merges - j->dc_merges, i->dc_ios - j->dc_ios);
	x->r_await = per_request(f, (uint32_t) (i->rd_ticks - j->rd_ticks), j->rd_ios, i->rd_ios);
	x->w_await = per_request(f, (uint32_t) (i->wr_ticks - j->wr_ticks), j->wr_ios, i->wr_ios);
	x->d_await = per_request(f, (uint32_t) (i->dc_ticks - j->dc_ticks), j->dc_ios, i->dc_ios);
	x->f_await = per_request(f, (uint32_t) (i->fl_ticks - j->fl_ticks), j->fl_ios, i->fl_ios);
	x->rarqsz = per_request(f, i->rd_sectors - j->rd_sectors, j->rd_ios, i->rd_ios);
	x->warqsz = per_request(f, i->wr_sectors - j->wr_sectors, j->wr_ios, i->wr_ios);
	x->darqsz = per_request(f, i->dc_sectors - j->dc_sectors, j->dc_ios, i->dc_ios);
}

/* ---- the cells of a text line ---- */

/* How a cell of a device line prints: sysstat's cprintf_* call for it. */
enum cell_kind {
	CELL_F,       /* cprintf_f: a rate */
	CELL_SECTORS, /* cprintf_f, with --human a unit from sectors */
	CELL_KB,      /* cprintf_f, with --human a unit from kilobytes */
	CELL_U64,     /* cprintf_u64, with --human a unit from sectors */
	CELL_PC_LOW0, /* 12.7.5's XLOW0 percentage (out_pc_low0()) */
	CELL_UTIL,    /* cprintf_xpc, XHIGH */
};

struct cell_spec {
	unsigned char kind, width;
};

union cell_value {
	double d;
	uint64_t u; /* CELL_U64 */
};

enum { EXT_BLOCK_CELLS = 6, EXT_CELLS = 3 * EXT_BLOCK_CELLS + 4 };

/*
 * A -x line: the r, w and d blocks (r/s rsec/s rrqm/s %rrqm r_await
 * rareq-sz), then f/s f_await aqu-sz %util.
 */
static const struct cell_spec ext_cells[EXT_CELLS] = {
        {CELL_F, 7}, {CELL_SECTORS, 9}, {CELL_F, 8}, {CELL_PC_LOW0, 6}, {CELL_F, 7}, {CELL_KB, 8},
        {CELL_F, 7}, {CELL_SECTORS, 9}, {CELL_F, 8}, {CELL_PC_LOW0, 6}, {CELL_F, 7}, {CELL_KB, 8},
        {CELL_F, 7}, {CELL_SECTORS, 9}, {CELL_F, 8}, {CELL_PC_LOW0, 6}, {CELL_F, 7}, {CELL_KB, 8},
        {CELL_F, 7}, {CELL_F, 7},       {CELL_F, 7}, {CELL_UTIL, 6},
};
/* -x -s: tps, sectors/s, rqm/s, await, areq-sz, aqu-sz, %util. */
static const struct cell_spec ext_short_cells[] = {
        {CELL_F, 8},  {CELL_SECTORS, 9}, {CELL_F, 8},    {CELL_F, 7},
        {CELL_KB, 8}, {CELL_F, 7},       {CELL_UTIL, 6},
};
/* tps, read/s, wrtn/s, dscd/s, read, wrtn, dscd. */
static const struct cell_spec basic_cells[] = {
        {CELL_F, 8},    {CELL_SECTORS, 12}, {CELL_SECTORS, 12}, {CELL_SECTORS, 12},
        {CELL_U64, 10}, {CELL_U64, 10},     {CELL_U64, 10},
};
/* -s: tps, read/s, w+d/s, read, w+d. */
static const struct cell_spec basic_short_cells[] = {
        {CELL_F, 8}, {CELL_SECTORS, 12}, {CELL_SECTORS, 12}, {CELL_U64, 10}, {CELL_U64, 10},
};

/* A cell through the report layer's primitives: colours and --human. */
static void
put_cell(struct sar *s, const struct cell_spec *c, union cell_value v)
{
	bool human = s->o.human;

	switch (c->kind) {
	case CELL_F:
		sar_out_fw(s, v.d, c->width, 2);
		break;
	case CELL_SECTORS:
		out_f(s, v.d, c->width, human ? UNIT_SECTOR : NO_UNIT);
		break;
	case CELL_KB:
		out_f(s, v.d, c->width, human ? UNIT_KB : NO_UNIT);
		break;
	case CELL_U64:
		out_u64(s, v.u, c->width, human ? UNIT_SECTOR : NO_UNIT);
		break;
	case CELL_PC_LOW0:
		out_pc_low0(s, v.d, c->width);
		break;
	default:
		sar_out_xpc(s, v.d, c->width, 2, SAR_XHIGH);
	}
}

/* Room for a line written in one piece: its name, and cells of numfmt's fast path. */
#define LINE_ROOM 1024

/* name as "%-13s" at p (room bytes, at least IOSTAT_NAME_LEN + 13); returns its length. */
static size_t
put_name(char *p, const char *name)
{
	size_t n = strnlen(name, IOSTAT_NAME_LEN);

	memcpy(p, name, n);
	if (n < 13) {
		memset(p + n, ' ', 13 - n);
		n = 13;
	}
	return n;
}

/*
 * A line written in one piece, when its cells are their bytes alone (no
 * colours, no --human), each " %*.*f" (--dec decimals) or " %*llu": the
 * primitives' checks per value were a fifth of iostat -x --archive. The
 * bytes go straight into the output's line buffer. False, with nothing
 * written, when there is none or a cell does not fit: then the caller
 * prints the line cell by cell.
 */
static bool
put_line_plain(struct sar *s, const char *name, bool pretty, const struct cell_spec *c,
               const union cell_value *v, size_t n)
{
	int dec = s->o.decimals >= 0 ? s->o.decimals : 2;
	size_t at = 0, room, k, w;
	char *p;

	if (s->colors || s->o.human || !(p = outbuf_reserve(&s->ob, LINE_ROOM)))
		return false;
	room = s->ob.cap - s->ob.len;
	if (!pretty)
		at = put_name(p, name);
	for (k = 0; k < n; k++) {
		if (room - at < 2)
			return false;
		p[at++] = ' ';
		if (c[k].kind == CELL_U64)
			w = numfmt_u64(p + at, room - at, v[k].u, c[k].width);
		else
			w = numfmt_fixed(p + at, room - at, v[k].d, c[k].width, dec, s->dp);
		if (!w)
			return false;
		at += w;
	}
	w = pretty ? strnlen(name, IOSTAT_NAME_LEN) : 0;
	if (room - at < w + 2)
		return false;
	if (pretty) {
		p[at++] = ' ';
		memcpy(p + at, name, w);
		at += w;
	}
	p[at++] = '\n';
	outbuf_commit(&s->ob, at);
	return true;
}

/* A text line: the device's name (before the cells, or after them with --pretty) and n cells. */
static void
put_line(struct iostat *io, const struct line_ctx *l, const struct cell_spec *c,
         const union cell_value *v, size_t n)
{
	struct sar *s = &io->out;
	bool own = !s->in_line; /* a line of its own, or one of the pass's (write_disks()) */
	size_t k;

	if (own)
		sar_line_begin(s);
	if (!put_line_plain(s, l->name, io->o.pretty, c, v, n)) {
		if (!io->o.pretty)
			out_name(s, l->name, false);
		for (k = 0; k < n; k++)
			put_cell(s, &c[k], v[k]);
		if (io->o.pretty)
			out_name(s, l->name, true);
		sar_out_plain(s, "\n");
	}
	if (own)
		sar_line_end(s);
}

/* A -x block's cells from v. */
static void
ext_block(union cell_value *v, double ios, double sec, double rqm, double pc, double await,
          double arqsz)
{
	v[0].d = ios;
	v[1].d = sec;
	v[2].d = rqm;
	v[3].d = pc;
	v[4].d = await;
	v[5].d = arqsz / 2;
}

static void
ext_text(struct iostat *io, const struct line_ctx *l, const struct ext_values *x)
{
	union cell_value v[EXT_CELLS];
	/* Sectors in the unit asked, or as they are for --human's units (x / 1 is x). */
	double f = io->out.o.human ? 1 : l->fctr;
	int h = l->hpart;

	if (io->o.short_output) {
		v[0].d = x->tps;
		v[1].d = io->out.o.human ? x->rsec + x->wsec + x->dsec
		                         : (x->rsec + x->wsec + x->dsec) / l->fctr;
		v[2].d = x->rqm;
		v[3].d = x->await;
		v[4].d = x->arqsz / 2;
		v[5].d = x->aqu;
		v[6].d = x->util / 10.0 / l->n;
		put_line(io, l, ext_short_cells, v, 7);
		return;
	}
	ext_block(v, x->rs, x->rsec / f, x->rrqm, x->rrqm_pc, x->r_await, x->rarqsz);
	ext_block(v + EXT_BLOCK_CELLS, x->ws, x->wsec / f, x->wrqm, x->wrqm_pc, x->w_await,
	          x->warqsz);
	ext_block(v + 2 * EXT_BLOCK_CELLS, x->ds, x->dsec / f, x->drqm, x->drqm_pc, x->d_await,
	          x->darqsz);
	v[18].d = x->fs;
	v[19].d = x->f_await;
	v[20].d = x->aqu;
	v[21].d = x->util / 10.0 / l->n;
	/* --pretty: block h of the line, else all of it. */
	if (h)
		put_line(io, l, ext_cells + EXT_BLOCK_CELLS * (h - 1),
		         v + EXT_BLOCK_CELLS * (h - 1), h == 4 ? 4 : EXT_BLOCK_CELLS);
	else
		put_line(io, l, ext_cells, v, EXT_CELLS);
}

static const char *
unit_key(const struct iostat_opts *o)
{
	return o->megabytes ? "MB" : o->kilobytes ? "kB" : "sec";
}

static void
ext_json(struct iostat *io, const struct line_ctx *l, const struct ext_values *x, int tab)
{
	const char *u = unit_key(&io->o);
	double f = l->fctr;

	tabs(tab);
	printf("{\"disk_device\": \"%s\", ", l->name);
	if (io->o.short_output) {
		printf("\"tps\": %.2f, \"%s/s\": %.2f, \"rqm/s\": %.2f, \"await\": %.2f, "
		       "\"areq-sz\": %.2f, \"aqu-sz\": %.2f, ",
		       x->tps, u, (x->rsec + x->wsec + x->dsec) / f, x->rqm, x->await, x->arqsz / 2,
		       x->aqu);
	} else {
		printf("\"r/s\": %.2f, \"w/s\": %.2f, \"d/s\": %.2f, \"f/s\": %.2f, ", x->rs, x->ws,
		       x->ds, x->fs);
		printf("\"r%s/s\": %.2f, \"w%s/s\": %.2f, \"d%s/s\": %.2f, ", u, x->rsec / f, u,
		       x->wsec / f, u, x->dsec / f);
		printf("\"rrqm/s\": %.2f, \"wrqm/s\": %.2f, \"drqm/s\": %.2f, "
		       "\"rrqm\": %.2f, \"wrqm\": %.2f, \"drqm\": %.2f, "
		       "\"r_await\": %.2f, \"w_await\": %.2f, \"d_await\": %.2f, \"f_await\": %.2f, "
		       "\"rareq-sz\": %.2f, \"wareq-sz\": %.2f, \"dareq-sz\": %.2f, "
		       "\"aqu-sz\": %.2f, ",
		       x->rrqm, x->wrqm, x->drqm, x->rrqm_pc, x->wrqm_pc, x->drqm_pc, x->r_await,
		       x->w_await, x->d_await, x->f_await, x->rarqsz / 2, x->warqsz / 2,
		       x->darqsz / 2, x->aqu);
	}
	printf("\"util\": %.2f}", x->util / 10.0 / l->n);
}

static void
write_ext(struct iostat *io, const struct line_ctx *l, const struct io_dev *d,
          const struct io_stats *i, const struct io_stats *j, int tab)
{
	struct ext_values x;

	/* A group without members has no line. */
	if (d->type == IO_GROUP)
		return;
	ext_values(i, j, l, io->o.json || io->o.short_output, &x);
	if (io->o.json)
		ext_json(io, l, &x, tab);
	else
		ext_text(io, l, &x);
}

/* A total over the interval; a 32-bit counter that wrapped is taken modulo 2^32. */
static uint64_t
sectors(uint64_t prev, uint64_t curr)
{
	uint64_t d = curr - prev;

	if (curr < prev && prev <= 0xffffffff)
		d &= 0xffffffff;
	return d;
}

static void
basic_text(struct iostat *io, const struct line_ctx *l, const struct io_stats *i,
           const struct io_stats *j, const uint64_t tot[3])
{
	bool human = io->out.o.human;
	uint64_t f = human ? 1 : (uint64_t) l->fctr;
	double r = rate(i->rd_sectors - j->rd_sectors, l->itv);
	double w = rate(i->wr_sectors - j->wr_sectors, l->itv);
	double dc = rate(i->dc_sectors - j->dc_sectors, l->itv);
	union cell_value v[7];

	if (!human) {
		r /= l->fctr;
		w /= l->fctr;
		dc /= l->fctr;
	}
	v[0].d = rate((i->rd_ios + i->wr_ios + i->dc_ios) - (j->rd_ios + j->wr_ios + j->dc_ios),
	              l->itv);
	v[1].d = r;
	if (io->o.short_output) {
		v[2].d = w + dc;
		v[3].u = tot[0] / f;
		v[4].u = (tot[1] + tot[2]) / f;
		put_line(io, l, basic_short_cells, v, 5);
		return;
	}
	v[2].d = w;
	v[3].d = dc;
	for (int k = 0; k < 3; k++)
		v[4 + k].u = tot[k] / f;
	put_line(io, l, basic_cells, v, 7);
}

static void
basic_json(struct iostat *io, const struct line_ctx *l, const struct io_stats *i,
           const struct io_stats *j, const uint64_t tot[3], int tab)
{
	const char *u = io->o.kilobytes ? "kB" : io->o.megabytes ? "MB" : "Blk";
	uint64_t f = (uint64_t) l->fctr;

	tabs(tab);
	printf("{\"disk_device\": \"%s\", \"tps\": %.2f, ", l->name,
	       rate((i->rd_ios + i->wr_ios + i->dc_ios) - (j->rd_ios + j->wr_ios + j->dc_ios),
	            l->itv));
	printf("\"%s_read/s\": %.2f, \"%s_wrtn/s\": %.2f, \"%s_dscd/s\": %.2f, "
	       "\"%s_read\": %llu, \"%s_wrtn\": %llu, \"%s_dscd\": %llu}",
	       u, rate(i->rd_sectors - j->rd_sectors, l->itv) / l->fctr, u,
	       rate(i->wr_sectors - j->wr_sectors, l->itv) / l->fctr, u,
	       rate(i->dc_sectors - j->dc_sectors, l->itv) / l->fctr, u,
	       (unsigned long long) (tot[0] / f), u, (unsigned long long) (tot[1] / f), u,
	       (unsigned long long) (tot[2] / f));
}

static void
write_basic(struct iostat *io, const struct line_ctx *l, const struct io_stats *i,
            const struct io_stats *j, int tab)
{
	uint64_t tot[3] = {
	        sectors(j->rd_sectors, i->rd_sectors),
	        sectors(j->wr_sectors, i->wr_sectors),
	        sectors(j->dc_sectors, i->dc_sectors),
	};

	if (io->o.json)
		basic_json(io, l, i, j, tot, tab);
	else
		basic_text(io, l, i, j, tot);
}

/* ---- the device loop ---- */

static bool
any_io(const struct io_stats *s)
{
	return s->rd_ios || s->wr_ios || s->dc_ios || s->fl_ios;
}

static bool
same_io(const struct io_stats *a, const struct io_stats *b)
{
	return a->rd_ios == b->rd_ios && a->wr_ios == b->wr_ios && a->dc_ios == b->dc_ios &&
	       a->fl_ios == b->fl_ios;
}

/* A member's counters into its group's (members never used are left out unless named). */
static void
group_add(const struct iostat *io, const struct io_stats *d, struct io_stats *g)
{
	if (!io->o.unfiltered && !any_io(d))
		return;
	g->rd_ios += d->rd_ios;
	g->rd_merges += d->rd_merges;
	g->rd_sectors += d->rd_sectors;
	g->rd_ticks += d->rd_ticks;
	g->wr_ios += d->wr_ios;
	g->wr_merges += d->wr_merges;
	g->wr_sectors += d->wr_sectors;
	g->wr_ticks += d->wr_ticks;
	g->dc_ios += d->dc_ios;
	g->dc_merges += d->dc_merges;
	g->dc_sectors += d->dc_sectors;
	g->dc_ticks += d->dc_ticks;
	g->fl_ios += d->fl_ios;
	g->fl_ticks += d->fl_ticks;
	g->ios_pgr += d->ios_pgr;
	g->tot_ticks += d->tot_ticks;
	g->rq_ticks += d->rq_ticks;
}

/*
 * A device whose request count fell while each of its sector counts fell
 * (or was zero) was removed and inserted again: compared with zero.
 */
static bool
reinserted(const struct io_stats *i, const struct io_stats *j)
{
	return i->rd_ios + i->wr_ios + i->dc_ios + i->fl_ios <
	               j->rd_ios + j->wr_ios + j->dc_ios + j->fl_ios &&
	       (!j->rd_sectors || i->rd_sectors < j->rd_sectors) &&
	       (!j->wr_sectors || i->wr_sectors < j->wr_sectors) &&
	       (!j->dc_sectors || i->dc_sectors < j->dc_sectors);
}

/* The state of one pass over the device list. */
struct pass {
	struct line_ctx l;
	int h, hl;
	int tab;
	bool skip, next;
};

/* One device or group line of the pass (or none: filtered, or a member under -H). */
static void
device_line(struct iostat *io, struct pass *p, struct io_dev *d, struct io_dev *g)
{
	static const struct io_stats zero;
	const struct io_stats *i, *j;
	char name[IOSTAT_NAME_LEN];

	if (!d->exist && d->type < IO_GROUP)
		return;
	if (g && p->h == p->hl && d->type < IO_GROUP) {
		/* sysstat counts members every interval without a reset: kept for parity. */
		g->type++;
		group_add(io, &d->st[io->curr], &g->st[io->curr]);
	}
	if (io->o.group_total_only && g && d->type < IO_GROUP)
		return;
	i = &d->st[io->curr];
	j = &d->st[!io->curr];
	if (!io->o.unfiltered && !any_io(i))
		return;
	if (io->o.zero_omit && same_io(i, j))
		return;
	if (reinserted(i, j))
		j = &zero;
	p->l.name = iostat_name_shown(io, d, name, sizeof(name));
	if (p->skip)
		return;
	if (io->o.json && p->next)
		printf(",\n");
	p->next = true;
	p->l.n = d->type > IO_GROUP ? d->type - IO_GROUP : 1;
	if (io->o.extended)
		write_ext(io, &p->l, d, i, j, p->tab);
	else
		write_basic(io, &p->l, i, j, p->tab);
}

/*
 * One pass over the list: each group line comes after its members, when
 * the next group starts or the list ends; a group's sums start from zero
 * at every pass.
 */
static void
device_pass(struct iostat *io, struct pass *p)
{
	struct io_dev *d, *g = NULL, *dnext = NULL;

	for (d = io->devs;; d = dnext) {
		if (!d) {
			if (!g)
				break;
			dnext = NULL;
			d = g;
			g = NULL;
		} else {
			dnext = d->next;
			if (d->type >= IO_GROUP) {
				struct io_dev *prev = g;

				g = d;
				memset(&g->st[io->curr], 0, sizeof(g->st[0]));
				if (!prev)
					continue;
				d = prev;
			}
		}
		device_line(io, p, d, g);
	}
}

static void
write_disks(struct iostat *io, struct pass *p)
{
	const struct iostat_opts *o = &io->o;
	int hh = 0;
	bool batch;

	p->hl = 0;
	if (o->pretty && o->extended && !o->short_output && !o->json && !o->compact) {
		p->hl = 1;
		hh = 4;
	}
	/*
	 * The text lines of a pass gather in the output's line buffer, written
	 * when it fills and at the end of the pass: a write per line was 5 %
	 * of a day's -x report. Not with -N, whose name lookup may exit (the
	 * lines before it are printed then).
	 */
	batch = !o->json && !o->devmap;
	for (p->h = p->hl; p->h <= hh; p->h++) {
		p->l.hpart = p->h;
		if (!p->skip)
			write_header(io, &p->l, &p->tab);
		if (batch)
			sar_line_begin(&io->out);
		device_pass(io, p);
		if (batch)
			sar_line_end(&io->out);
		if (p->h > 0 && p->h < hh && !p->skip)
			printf("\n");
	}
	if (o->json && !p->skip) {
		printf("\n");
		tabs(--p->tab);
		printf("]\n");
	}
}

static void
write_timestamp(struct iostat *io, const struct tm *now, int tab)
{
	char ts[64];

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-y2k"
	if (!strftime(ts, sizeof(ts), io->o.iso ? "%FT%T%z" : "%x %X", now))
		ts[0] = '\0';
#pragma GCC diagnostic pop
	if (io->o.json) {
		tabs(tab);
		printf("\"timestamp\": \"%s\",\n", ts);
	} else {
		printf("%s\n", ts);
	}
}

void
iostat_write_stats(struct iostat *io, const struct tm *now, bool skip)
{
	struct pass p = {.tab = 4, .skip = skip, .l.fctr = 1};
	uint64_t itv = io->uptime[io->curr] - io->uptime[!io->curr];

	if (io->o.json && !skip) {
		tabs(p.tab++);
		printf("{\n");
	}
	if (io->o.timestamp && !skip)
		write_timestamp(io, now, p.tab);
	if (io->o.cpu && !skip) {
		write_cpu(io, p.tab);
		if (io->o.json)
			printf("%s\n", io->o.disk ? "," : "");
	}
	p.l.itv = itv ? itv : 1;
	p.l.f1275 = flavour_1275();
	if (io->o.disk)
		write_disks(io, &p);
	if (skip)
		return;
	if (io->o.json) {
		tabs(--p.tab);
		printf("}");
	} else {
		printf("\n");
	}
}
