/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar -x: the extremes of the values the rows displayed (xstats.h). Rows
 * are kept by the names of their items in a hash table of the current
 * block, emptied at its average.
 */
#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "display.h"
#include "xstats.h"
#include "render.h"
#include "common/sysexit.h"
#include "common/strbuf.h"
#include "common/banned.h"

/*
 * One cell of a row: a value (its extremes, col its column) or an item
 * name (text: an offset into the row's text while the row is printed).
 */
struct xs_cell {
	enum sar_xs_kind kind;
	int a, b;
	double min, max;
	size_t col;
	size_t text;
	bool set; /* the table's columns: seen in the block */
};

/* A row of the block: its key (its items' names) and its values by column. */
struct xs_row {
	char *key; /* NULL: a free slot */
	size_t n;  /* columns */
	struct xs_cell *vals;
};

/* Columns beyond the CPUs of a '*' header (none are: a safe place). */
#define XS_COL_SPARE ((size_t) 1 << 20)

/*
 * What one view (one output of one activity) kept in the block: live mode
 * prints every view at every sample, so each has its own.
 */
struct xs_table {
	uint32_t act_id, opt; /* the view: s->view_act, s->view_opt */
	struct xs_row *rows;  /* open addressing, cap a power of two */
	size_t n_rows, cap;
	/* The form of each column in the view's interval rows, whatever the item. */
	struct xs_row form;
	/* The view's last header (its hdr in hdr_text): the views lay it out (--pretty). */
	struct sar_view view;
	struct strbuf hdr_text;
	bool have_view;
	const struct sar_act *act;
	bool has_offline;
	unsigned char offline[sizeof(((struct sar_opts *) 0)->cpu_bitmap)];
};

struct sar_xstats {
	struct xs_table *tabs;
	size_t n_tabs;

	/* The row being printed: its cells, its items' text and its key. */
	bool in_row;
	struct xs_cell *cur;
	size_t n_cur, cap_cur;
	struct strbuf text;
	struct strbuf key;
	size_t n_values;
	bool drop;        /* the row's values do not count */
	bool has_next_as; /* the next value counts as next_as (sar_xstats_next_counts_as) */
	double next_as;

	/*
	 * Views whose header has a column per CPU (IRQ's "CPU*"): the CPU of
	 * each value column, from the last header (CPUs come and go).
	 */
	uint32_t *colmap;
	size_t n_colmap, cap_colmap;
	bool cpu_cols;

	/* Average rows. */
	bool avg;
	bool replay; /* printing the extremes: nothing is taken */
	struct sar_view view; /* the view whose average rows these are */
	const struct sar_act *act;
	FILE *real_out;
	FILE *mem;
	char *mem_buf;
	size_t mem_len;
};

void
sar_xstats_init(struct sar *s)
{
	if (!s->o.minmax || s->xs)
		return;
	s->xs = sysrec_calloc(1, sizeof(*s->xs));
}

static void
free_row(struct xs_row *r)
{
	free(r->vals);
	free(r->key);
	r->key = NULL;
	r->vals = NULL;
	r->n = 0;
}

/* Forgets what the table kept (its memory stays). */
static void
clear_table(struct xs_table *tb)
{
	size_t i;

	for (i = 0; i < tb->cap; i++)
		if (tb->rows[i].key)
			free_row(&tb->rows[i]);
	tb->n_rows = 0;
	free_row(&tb->form);
	tb->have_view = false;
}

/* The table of the view being printed. */
static struct xs_table *
table_of(struct sar *s)
{
	struct sar_xstats *xs = s->xs;
	struct xs_table *tb;
	size_t i;

	for (i = 0; i < xs->n_tabs; i++)
		if (xs->tabs[i].act_id == s->view_act && xs->tabs[i].opt == s->view_opt)
			return &xs->tabs[i];
	tb = sysrec_reallocarray(xs->tabs, xs->n_tabs + 1, sizeof(*tb));
	xs->tabs = tb;
	tb = &xs->tabs[xs->n_tabs++];
	memset(tb, 0, sizeof(*tb));
	tb->act_id = s->view_act;
	tb->opt = s->view_opt;
	return tb;
}

void
sar_xstats_release(struct sar *s)
{
	struct sar_xstats *xs = s->xs;
	size_t i;

	if (!xs)
		return;
	if (xs->mem) {
		sar_fp(s); /* the text buffered for the memory stream */
		fclose(xs->mem);
		sar_set_out(s, xs->real_out);
	}
	free(xs->mem_buf);
	for (i = 0; i < xs->n_tabs; i++) {
		clear_table(&xs->tabs[i]);
		strbuf_release(&xs->tabs[i].hdr_text);
		free(xs->tabs[i].rows);
	}
	free(xs->tabs);
	free(xs->cur);
	free(xs->colmap);
	strbuf_release(&xs->text);
	strbuf_release(&xs->key);
	free(xs);
	s->xs = NULL;
}

/* ---- the table ---- */

static struct xs_row *
slot_of(const struct xs_row *rows, size_t cap, const char *key)
{
	size_t i = (size_t) str_hash(key) & (cap - 1);

	while (rows[i].key && strcmp(rows[i].key, key))
		i = (i + 1) & (cap - 1);
	return (struct xs_row *) &rows[i];
}

static void
grow_table(struct xs_table *tb)
{
	size_t cap = tb->cap ? tb->cap * 2 : 64, i;
	struct xs_row *rows = sysrec_calloc(cap, sizeof(*rows));
	for (i = 0; i < tb->cap; i++)
		if (tb->rows[i].key)
			*slot_of(rows, cap, tb->rows[i].key) = tb->rows[i];
	free(tb->rows);
	tb->rows = rows;
	tb->cap = cap;
}

static struct xs_row *
find_row(const struct xs_table *tb, const char *key)
{
	struct xs_row *r;

	if (!tb->cap)
		return NULL;
	r = slot_of(tb->rows, tb->cap, key);
	return r->key ? r : NULL;
}

static bool
is_item(enum sar_xs_kind k)
{
	return k == SAR_XS_STR || k == SAR_XS_RAW;
}

/* sysstat's test: a value that is not below (above) the extreme is not kept (NaN never). */
static void
take(struct xs_cell *dst, double v)
{
	if (v < dst->min)
		dst->min = v;
	if (v > dst->max)
		dst->max = v;
}

/* Makes room in r for column col. */
static void
widen(struct xs_row *r, size_t col)
{
	size_t n = r->n ? r->n : 8;
	struct xs_cell *v;

	if (col < r->n)
		return;
	while (n <= col)
		n *= 2;
	v = sysrec_reallocarray(r->vals, n, sizeof(*v));
	memset(v + r->n, 0, (n - r->n) * sizeof(*v));
	r->vals = v;
	r->n = n;
}

/* An interval row ends: its values join the extremes of its name, column by column. */
static void
keep_row(struct sar *s)
{
	struct sar_xstats *xs = s->xs;
	struct xs_table *tb;
	struct xs_row *r;
	size_t i;

	if (!xs->n_values || xs->drop || xs->key.err || xs->text.err)
		return;
	tb = table_of(s);
	r = find_row(tb, xs->key.buf);
	if (!r) {
		if (2 * (tb->n_rows + 1) > tb->cap)
			grow_table(tb);
		r = slot_of(tb->rows, tb->cap, xs->key.buf);
		r->key = strdup(xs->key.buf);
		if (!r->key)
			sysrec_nomem();
		tb->n_rows++;
	}
	for (i = 0; i < xs->n_cur; i++) {
		const struct xs_cell *c = &xs->cur[i];
		struct xs_cell *d;

		if (is_item(c->kind))
			continue;
		widen(&tb->form, c->col);
		if (!tb->form.vals[c->col].set) {
			tb->form.vals[c->col] = *c;
			tb->form.vals[c->col].set = true;
		}
		widen(r, c->col);
		d = &r->vals[c->col];
		if (!d->set) {
			*d = *c;
			d->set = true;
			d->min = DBL_MAX;
			d->max = -DBL_MAX;
		}
		take(d, c->max);
	}
}

/* ---- what render.c hands over ---- */

static bool
taking(const struct sar *s)
{
	return s->xs && s->xs->in_row && !s->xs->replay;
}

static struct xs_cell *
new_cell(struct sar_xstats *xs)
{
	if (xs->n_cur == xs->cap_cur) {
		size_t cap = xs->cap_cur ? xs->cap_cur * 2 : 16;
		struct xs_cell *c = sysrec_reallocarray(xs->cur, cap, sizeof(*c));
		xs->cur = c;
		xs->cap_cur = cap;
	}
	memset(&xs->cur[xs->n_cur], 0, sizeof(xs->cur[0]));
	return &xs->cur[xs->n_cur++];
}

void
sar_xstats_value(struct sar *s, enum sar_xs_kind k, double v, int a, int b)
{
	struct xs_cell *c;

	if (s->xs && s->xs->has_next_as) {
		s->xs->has_next_as = false;
		v = s->xs->next_as;
	}
	if (!taking(s))
		return;
	c = new_cell(s->xs);
	c->kind = k;
	c->a = a;
	c->b = b;
	c->min = c->max = v;
	c->col = s->xs->n_values++;
	if (s->xs->cpu_cols)
		c->col = c->col < s->xs->n_colmap ? s->xs->colmap[c->col] : XS_COL_SPARE + c->col;
}

void
sar_xstats_item(struct sar *s, enum sar_xs_kind k, const char *text, int width)
{
	struct sar_xstats *xs = s->xs;
	struct xs_cell *c;

	if (!taking(s))
		return;
	c = new_cell(xs);
	c->kind = k;
	c->a = width;
	c->text = xs->text.len;
	strbuf_add(&xs->text, text, strlen(text) + 1);
	strbuf_addch(&xs->key, k == SAR_XS_STR ? 's' : 'r');
	strbuf_adds(&xs->key, text);
	strbuf_addch(&xs->key, '\037');
}

void
sar_xstats_next_counts_as(struct sar *s, double v)
{
	if (s->xs && !s->xs->replay) {
		s->xs->has_next_as = true;
		s->xs->next_as = v;
	}
}

void
sar_xstats_drop_row(struct sar *s)
{
	if (s->xs && !s->xs->replay)
		s->xs->drop = true;
}

static const char *
label_last(void)
{
	return _("Last:");
}

const char *
sar_xstats_row_begin(struct sar *s, const char *ts)
{
	struct sar_xstats *xs = s->xs;

	if (xs->replay)
		return ts;
	xs->in_row = true;
	xs->n_cur = 0;
	xs->n_values = 0;
	xs->drop = false;
	xs->has_next_as = false;
	strbuf_reset(&xs->text);
	strbuf_reset(&xs->key);
	strbuf_adds(&xs->key, "");
	if (!xs->avg)
		return ts;
	/* The average row waits for its extremes. */
	if (!xs->mem) {
		xs->real_out = sar_fp(s);
		xs->mem = open_memstream(&xs->mem_buf, &xs->mem_len);
		if (!xs->mem)
			sysrec_nomem();
		sar_set_out(s, xs->mem);
	}
	/* A filesystem's last values are its "Summary:" without -x. */
	if (xs->view.act_id == A_FS && !strcmp(ts, sar_label_summary()))
		return label_last();
	return ts;
}

/* Converts as x86-64's cvttsd2si sequence for (unsigned long long) does, out of range too. */
static uint64_t
to_u64(double v)
{
	const double two63 = 9223372036854775808.0;

	if (v >= two63) {
		double w = v - two63;

		if (w < two63)
			return (uint64_t) (int64_t) w ^ (UINT64_C(1) << 63);
		return 0;
	}
	if (v >= -two63)
		return (uint64_t) (int64_t) v;
	return UINT64_C(1) << 63;
}

/*
 * A "Minimum:" or "Maximum:" line: the average row's items and columns,
 * each value as the interval rows printed it. A column the block never
 * showed (r NULL: no row at all) has sysstat's starting extremes, the
 * largest double and its opposite, in the average row's form.
 */
static void
print_extreme(struct sar *s, const struct xs_table *tb, const struct xs_row *r, bool max)
{
	struct sar_xstats *xs = s->xs;
	size_t i;

	sar_out_ts(s, max ? _("Maximum:") : _("Minimum:"));
	for (i = 0; i < xs->n_cur; i++) {
		const struct xs_cell *c = &xs->cur[i];
		double v = max ? -DBL_MAX : DBL_MAX;

		if (r && !is_item(c->kind) && c->col < r->n && r->vals[c->col].set) {
			c = &r->vals[c->col];
			v = max ? c->max : c->min;
		} else if (!is_item(c->kind) && c->col < tb->form.n && tb->form.vals[c->col].set) {
			c = &tb->form.vals[c->col];
		}
		switch (c->kind) {
		case SAR_XS_FW:
			sar_out_fw(s, v, c->a, c->b);
			break;
		case SAR_XS_PC:
			sar_out_xpc(s, v, c->a, c->b / 4, (enum sar_xtrem) (c->b % 4));
			break;
		case SAR_XS_U64W:
			sar_out_u64w(s, to_u64(v), c->a);
			break;
		case SAR_XS_UNIT:
			sar_out_unit(s, v, c->a);
			break;
		case SAR_XS_F_UNIT:
			sar_out_f_unit(s, v, c->a);
			break;
		case SAR_XS_U64_UNIT:
			sar_out_u64_unit(s, to_u64(v), c->a);
			break;
		case SAR_XS_STR:
			sar_out_str(s, xs->text.buf + c->text, c->a);
			break;
		case SAR_XS_RAW:
			sar_out_raw(s, xs->text.buf + c->text);
			break;
		}
	}
	sar_out_nl(s);
}

/* The held average row comes out after the summary of its name. */
static void
flush_avg_row(struct sar *s)
{
	struct sar_xstats *xs = s->xs;
	struct xs_table *tb = table_of(s);
	const struct xs_row *r;

	sar_fp(s);
	fclose(xs->mem);
	xs->mem = NULL;
	sar_set_out(s, xs->real_out);
	r = xs->key.err || xs->text.err ? NULL : find_row(tb, xs->key.buf);
	xs->replay = true;
	if (tb->have_view)
		sar_out_header(s, &tb->view, sar_label_summary(), tb->act,
		               tb->has_offline ? tb->offline : NULL);
	else
		sar_out_header(s, &xs->view, sar_label_summary(), xs->act, NULL);
	if (!xs->text.err) {
		print_extreme(s, tb, r, false);
		print_extreme(s, tb, r, true);
	}
	xs->replay = false;
	fwrite(xs->mem_buf, 1, xs->mem_len, sar_fp(s));
	free(xs->mem_buf);
	xs->mem_buf = NULL;
	xs->mem_len = 0;
}

bool
sar_xstats_nl(struct sar *s)
{
	struct sar_xstats *xs = s->xs;

	if (xs->replay || !xs->in_row)
		return false;
	xs->in_row = false;
	if (!xs->avg) {
		keep_row(s);
		return false;
	}
	sar_out_nl(s);
	flush_avg_row(s);
	return true;
}

/* The CPU of each value column under a '*' header, as render.c lays it out. */
static void
map_columns(struct sar *s, const struct sar_act *a, const unsigned char *offline)
{
	struct sar_xstats *xs = s->xs;
	int32_t j;

	xs->n_colmap = 0;
	for (j = 0; a && j < a->nr_ini && j < 8193; j++) {
		if (!sar_cpu_selected(s, (uint32_t) j))
			continue;
		if (offline && (offline[j >> 3] & (1u << (j & 7))))
			continue;
		if (xs->n_colmap == xs->cap_colmap) {
			size_t cap = xs->cap_colmap ? xs->cap_colmap * 2 : 64;
			uint32_t *m = sysrec_reallocarray(xs->colmap, cap, sizeof(*m));
			xs->colmap = m;
			xs->cap_colmap = cap;
		}
		xs->colmap[xs->n_colmap++] = (uint32_t) j;
	}
}

bool
sar_xstats_header(struct sar *s, const struct sar_view *v, const struct sar_act *a,
                  const unsigned char *offline_bitmap)
{
	struct sar_xstats *xs = s->xs;
	struct xs_table *tb;

	if (xs->replay)
		return false;
	xs->cpu_cols = v->hdr && strchr(v->hdr, '*');
	if (xs->cpu_cols)
		map_columns(s, a, offline_bitmap);
	/* The views lay their headers out as they go (--pretty): the summary's is the last one. */
	tb = table_of(s);
	tb->view = *v;
	strbuf_reset(&tb->hdr_text);
	strbuf_adds(&tb->hdr_text, v->hdr ? v->hdr : "");
	tb->view.hdr = tb->hdr_text.buf ? tb->hdr_text.buf : "";
	tb->have_view = !tb->hdr_text.err;
	tb->act = a;
	tb->has_offline = offline_bitmap != NULL;
	if (offline_bitmap)
		memcpy(tb->offline, offline_bitmap, sizeof(tb->offline));
	return xs->avg;
}

void
sar_xstats_avg_begin(struct sar *s, const struct sar_view *v, const struct sar_act *a)
{
	struct sar_xstats *xs = s->xs;

	if (!xs)
		return;
	xs->in_row = false;
	/* USB devices have no extremes (sysstat's xnr is 0). */
	xs->avg = v->act_id != A_PWR_USB;
	xs->view = *v;
	xs->act = a;
}

void
sar_xstats_avg_end(struct sar *s)
{
	struct sar_xstats *xs = s->xs;

	if (!xs)
		return;
	if (xs->mem) {
		/* A row left without its newline: out as it was. */
		sar_fp(s);
		fclose(xs->mem);
		xs->mem = NULL;
		sar_set_out(s, xs->real_out);
		fwrite(xs->mem_buf, 1, xs->mem_len, sar_fp(s));
		free(xs->mem_buf);
		xs->mem_buf = NULL;
		xs->mem_len = 0;
	}
	xs->avg = false;
	xs->in_row = false;
	xs->cpu_cols = false;
	clear_table(table_of(s));
}
