/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf -g: SVG graphs (doc/report.md §5.8), drawn as sysstat 12.6.1's and 12.7.5's
 * svg_stats.c draw them. Like sysstat's svg_display_loop, this format has
 * its own walk over the file: each pass reads every record of the window
 * again for one or more graphed outputs (svg_tables.c, as many as fit in a
 * memory budget), their sar views print the rows into the sink below, and
 * the series of the table collect the cells as graph paths and extrema.
 * The frames are drawn at the end of each pass, and written then. The
 * canvas height needs the number of graphs before the first one: it comes
 * from a count of the items over the window (count_items) before the
 * passes, after which the header is written.
 */
#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sadf.h"
#include "svg.h"
#include "common/activity.h"
#include "common/compat.h"
#include "common/datafile.h"
#include "common/numfmt.h"
#include "common/source.h"
#include "common/sysexit.h"
#include "report/render.h"
#include "report/walk.h"
#include "common/banned.h"

/* sysstat's geometry (sa.h): graph, margin, view and total sizes. */
enum {
	G_XSIZE = 720,
	M_XSIZE = 70,
	V_XSIZE = 1050,
	T_XSIZE = 1060,
	G_YSIZE = 200,
	H_YSIZE = 60,
	M_YSIZE = 50,
	T_YSIZE = 310,
	V_YSIZE = 300,
	C_YSIZE = 20,
	H_GRIDNR = 3,
	V_GRIDNR = 10,
	MAX_VIEWS_ON_A_ROW = 6,
	MAX_HLINES_NR = 10,
	MAX_CELLS = 64,
	CPU_ITEMS_MAX = 8193,
};

/* Palette slots past the 16 series colours. */
enum {
	COL_BCKGRD = 16,
	COL_AXIS,
	COL_GRID,
	COL_TITLE,
	COL_INFO,
	COL_DEFAULT,
	COL_HEADER,
	COL_ERROR,
	COL_MAX,
};

enum palette { PAL_DEFAULT, PAL_CUSTOM, PAL_BW, PAL_MAX };

static const unsigned palettes[PAL_MAX][COL_MAX] = {
        [PAL_DEFAULT] = {0x00cc00, 0xff00bf, 0x00ffff, 0xff0000, 0xe85f00, 0x0000ff, 0x006020,
                         0x7030a0, 0xffff00, 0x666635, 0xd60093, 0x00bfbf, 0xcc3300, 0x50040f,
                         0xffffbf, 0x193d55, 0x000000, 0xffffff, 0x202020, 0xffff00, 0xffff00,
                         0x808080, 0xa52a2a, 0xff0000},
        [PAL_CUSTOM] = {0x000000, 0x1a1aff, 0x1affb2, 0xb21aff, 0x1ab2ff, 0xff1a1a, 0xffb31a,
                        0xb2ff1a, 0xefefef, 0x000000, 0x1a1aff, 0x1affb2, 0xb21aff, 0x1ab2ff,
                        0xff1a1a, 0xffb31a, 0xffffff, 0x000000, 0xbebebe, 0x000000, 0x000000,
                        0x000000, 0x000000, 0x000000},
        [PAL_BW] = {0x696969, 0xbebebe, 0x000000, 0xa9a9a9, 0x708090, 0xc0c0c0, 0x808080,
                    0xd3d3d3, 0x909090, 0x696969, 0xbebebe, 0x000000, 0x000000, 0xa9a9a9,
                    0xc0c0c0, 0x808080, 0xffffff, 0x000000, 0xbebebe, 0x000000, 0x000000,
                    0x000000, 0x000000, 0x000000},
};

/*
 * A piece of a path's text. A path grows by pieces, each twice the last up
 * to PATH_PIECE_MAX, instead of by reallocation: a doubled buffer holds up
 * to twice the text at its peak, and the copy of the old one on top.
 */
struct piece {
	struct piece *next;
	uint32_t len, cap;
	char text[];
};

/*
 * The first piece holds a few points: a day whose disks take new names at
 * every record has tens of thousands of paths of one point each.
 */
enum { PATH_PIECE_MIN = 40, PATH_PIECE_MAX = 16384 - 32 };

/* One series of one item: its path and extrema. */
struct line {
	struct piece *head, *tail;
	size_t len; /* of the whole path */
	double min, max;
};

/* The graphs of one item (a CPU, a device...). */
struct item_set {
	char name[128];
	bool used;
	bool seen_now, seen_prev; /* named items: in this record, in the previous one */
	struct line *lines;
};

struct cell {
	enum sar_cell_kind kind;
	double d;
	uint64_t u;
	bool has_ext; /* read_raw: the extrema take ext, not the value */
	double ext;
	char str[128];
};

/*
 * A hash index of names by number: a day whose disks or interfaces take
 * new names at every record has tens of thousands, and a list searched
 * from the start at every row made -g quadratic in them. Slots hold a
 * number + 1, 0 when free; cap is a power of 2, at most half full.
 */
struct name_index {
	uint32_t *slots;
	size_t cap, n;
};

typedef const char *name_of_fn(const void *ctx, uint32_t i);

/* Names in order of arrival, with their index. */
struct name_list {
	struct strbuf text; /* the names, each NUL-terminated */
	size_t *off;        /* of each in text */
	size_t n, cap;
	struct name_index ix;
};

/*
 * One output read in the current pass: what struct svg holds of the
 * output being drawn (out_load, out_save).
 */
struct out_state {
	const struct svg_graphs *g;
	struct sar_act *a;
	struct item_set *sets;
	size_t n_sets, cap_sets;
	struct name_index set_ix; /* SVG_I_NAMED: the sets by name */
	size_t item_list_sz;
};

/*
 * A number's "%llu", kept: a record's time is the same in every point and
 * rectangle drawn from it.
 */
struct num_cache {
	uint64_t v;
	size_t len; /* 0: nothing kept */
	char text[NUMFMT_PLAIN_ROOM];
};

/* What the time axis's text depends on, besides the run's options (vgrid). */
struct vgrid_key {
	uint64_t time_ref, time_end;
	long xpos;
	double xfactor;
	int v_gridnr;
	uint8_t hour, minute, second; /* the window's first record's, for 12.7.5's -t */
};

/* The whole document. */
struct svg {
	struct sadf *d;
	const char *file;
	struct strbuf body;
	struct strbuf vgrid_text; /* the last time axis drawn, and what it depends on */
	struct vgrid_key vgrid_key;
	bool vgrid_valid;
	const unsigned *pal;
	bool bw;
	uint32_t opts;
	bool local;     /* -T: times are local */
	bool true_time; /* 12.7.5's -t: local dates, the file creator's H:M:S */
	int graph_no;
	int nr_act_dispd;
	int mem_xid; /* memory and swap graphs share their ids */
	struct walk_pos w;
	uint64_t first_fpos;      /* just after the window's first record */
	unsigned int first_cpu_nr; /* the file's CPU count there */
	int32_t *first_nr_ini;    /* the activities' counts there */
	size_t *n_items; /* per activity of the file: sysstat's item_list_sz */
	size_t *n_rows;  /* per activity: its items over the records counted, for out_cost() */
	bool counting;   /* the views print the names of a record (count_items) */
	struct name_list names; /* count_items: the names seen */
	size_t n_names;

	size_t n_records; /* counted in the window, for out_cost() */

	/* The current pass: its outputs, and the one being read or drawn. */
	struct out_state *outs;
	size_t n_outs, cap_outs;
	size_t cur; /* the output in struct svg's fields below, or SIZE_MAX */
	const struct svg_graphs *g;
	struct sar_act *a;
	struct item_set *sets;
	size_t n_sets, cap_sets;
	struct name_index set_ix;
	size_t item_list_sz;
	struct cell cells[MAX_CELLS];
	size_t n_cells;
	size_t n_raw; /* cells given by read_raw for the next row */
	unsigned row_no;
	bool restart;
	uint64_t t, dt, itv;
	struct num_cache num_t, num_x, num_dt; /* t, t - dt and dt as text */
	uint64_t time_ref, time_end, time_first, time_last;

	/* Freed by svg_release, also after an exit half-way. */
	struct name_list *count_names; /* count_items: per activity */
	size_t n_count_names;
	FILE *sink_out;             /* /dev/null for the views' own text */
	FILE *out;                  /* the document's stream (the views' text: sink_out) */
	unsigned custom[COL_MAX];   /* -O customcol's palette */
	/* The first read or seek that failed: nothing more is read, the run ends with it. */
	int err;
};

static bool
opt(const struct svg *v, uint32_t bit)
{
	return (v->opts & bit) != 0;
}

/* A read or seek failed with rc: the walk ends here, and so does the run (svg_run). */
static void
fail(struct svg *v, int rc)
{
	if (!v->err)
		v->err = rc;
	v->w.eof = true;
}

/* ---- paths ---- */

static void
path_release(struct line *l)
{
	struct piece *p = l->head, *next;

	for (; p; p = next) {
		next = p->next;
		free(p);
	}
	l->head = l->tail = NULL;
	l->len = 0;
}

/* Appends n bytes to l's path. */
static void
path_add(struct line *l, const char *text, size_t n)
{
	struct piece *t = l->tail;

	if (!t || t->cap - t->len < n) {
		size_t cap = t ? 2 * (size_t) t->cap : PATH_PIECE_MIN;

		if (cap > PATH_PIECE_MAX)
			cap = PATH_PIECE_MAX;
		if (cap < n)
			cap = n;
		t = sysrec_malloc(sizeof(*t) + cap);
		t->next = NULL;
		t->len = 0;
		t->cap = (uint32_t) cap;
		if (l->tail)
			l->tail->next = t;
		else
			l->head = t;
		l->tail = t;
	}
	memcpy(t->text + t->len, text, n);
	t->len += (uint32_t) n;
	l->len += n;
}

/* Writes l's path to out. */
static void
path_write(const struct line *l, FILE *out)
{
	const struct piece *p;

	for (p = l->head; p; p = p->next)
		fwrite(p->text, 1, p->len, out);
}

/*
 * The numbers of a path, as "%llu" and "%.2f" print them: numfmt's
 * writers give the same bytes (doubles rounded from their binary value,
 * ties to even) at a fraction of printf's cost, which was most of -g's.
 */
enum { NUM_ROOM = 352 }; /* "%.2f" of DBL_MAX has 312 digits */

static size_t
put_u64(char *out, uint64_t u)
{
	return numfmt_u64_plain(out, u);
}

/* put_u64() through c. */
static size_t
put_u64_kept(struct num_cache *c, char *out, uint64_t u)
{
	if (!c->len || c->v != u) {
		c->len = numfmt_u64_plain(c->text, u);
		c->v = u;
	}
	memcpy(out, c->text, c->len);
	return c->len;
}

/*
 * "%.2f" for 1e9 <= |x| < 2^63 (counters, memory sizes), past numfmt's
 * range: from 2^29 up, x has at most 23 bits after the point, so its
 * fraction times 100 is exact in a double, and so is the rounding of it,
 * ties to even as printf's.
 */
static size_t
put_2f_big(char *out, double x)
{
	double a = x < 0 ? -x : x;
	uint64_t n = (uint64_t) a;
	double f = (a - (double) n) * 100.0;
	unsigned c = (unsigned) f;
	double rem = f - (double) c;
	size_t k = 0;

	if (rem > 0.5 || (rem == 0.5 && (c & 1)))
		c++;
	if (c == 100) {
		n++;
		c = 0;
	}
	if (x < 0)
		out[k++] = '-';
	k += numfmt_u64_plain(out + k, n);
	out[k++] = '.';
	out[k++] = (char) ('0' + c / 10);
	out[k++] = (char) ('0' + c % 10);
	return k;
}

static size_t
put_2f(char *out, double x)
{
	size_t n = numfmt_fixed_plain(out, x, 2);

	if (n)
		return n;
	if ((x >= 1e9 && x < 0x1p63) || (x <= -1e9 && x > -0x1p63))
		return put_2f_big(out, x);
	n = (size_t) snprintf(out, NUM_ROOM, "%.2f", x);
	return n < NUM_ROOM ? n : NUM_ROOM - 1;
}

/* ---- item sets ---- */

static void
set_release(struct item_set *set, size_t n_series)
{
	size_t k;

	for (k = 0; set->lines && k < n_series; k++)
		path_release(&set->lines[k]);
	free(set->lines);
	memset(set, 0, sizeof(*set));
}

static struct item_set *
set_at(struct svg *v, size_t i)
{
	size_t k;

	if (i >= v->cap_sets) {
		size_t cap = i + 16;
		struct item_set *p = sysrec_reallocarray(v->sets, cap, sizeof(*p));
		memset(p + v->cap_sets, 0, (cap - v->cap_sets) * sizeof(*p));
		v->sets = p;
		v->cap_sets = cap;
	}
	if (i >= v->n_sets)
		v->n_sets = i + 1;
	if (!v->sets[i].lines) {
		v->sets[i].lines = sysrec_calloc(v->g->n_series, sizeof(struct line));
		for (k = 0; k < v->g->n_series; k++) {
			v->sets[i].lines[k].min = DBL_MAX;
			v->sets[i].lines[k].max = -DBL_MAX;
		}
	}
	return &v->sets[i];
}

/* ---- names ---- */

/* The slot of name in ix: its entry, or the free slot where it goes. ix->cap > 0. */
static uint32_t *
index_slot(const struct name_index *ix, const char *name, name_of_fn *name_of, const void *ctx)
{
	size_t mask = ix->cap - 1, i = (size_t) str_hash(name) & mask;

	while (ix->slots[i] && strcmp(name_of(ctx, ix->slots[i] - 1), name))
		i = (i + 1) & mask;
	return &ix->slots[i];
}

/* Whether name has an entry in ix, and its number then. */
static bool
index_find(const struct name_index *ix, const char *name, name_of_fn *name_of, const void *ctx,
           uint32_t *ret_i)
{
	const uint32_t *slot;

	if (!ix->n)
		return false;
	slot = index_slot(ix, name, name_of, ctx);
	if (!*slot)
		return false;
	*ret_i = *slot - 1;
	return true;
}

/* Adds number i, whose name name_of() gives and which has no entry yet. */
static void
index_add(struct name_index *ix, uint32_t i, name_of_fn *name_of, const void *ctx)
{
	if (2 * (ix->n + 1) > ix->cap) {
		struct name_index old = *ix;
		size_t k;

		ix->cap = old.cap ? 2 * old.cap : 16;
		ix->slots = sysrec_calloc(ix->cap, sizeof(*ix->slots));
		for (k = 0; k < old.cap; k++)
			if (old.slots[k])
				*index_slot(ix, name_of(ctx, old.slots[k] - 1), name_of, ctx) =
				        old.slots[k];
		free(old.slots);
	}
	*index_slot(ix, name_of(ctx, i), name_of, ctx) = i + 1;
	ix->n++;
}

static void
index_release(struct name_index *ix)
{
	free(ix->slots);
	memset(ix, 0, sizeof(*ix));
}

static const char *
list_name(const void *ctx, uint32_t i)
{
	const struct name_list *l = ctx;

	return l->text.buf + l->off[i];
}

/* Whether a list holds name. */
static bool
has_name(const struct name_list *names, const char *name)
{
	uint32_t i;

	return index_find(&names->ix, name, list_name, names, &i);
}

/* Adds a name the list does not hold. */
static void
list_add(struct name_list *l, const char *name)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->off = sysrec_reallocarray(l->off, l->cap, sizeof(*l->off));
	}
	l->off[l->n] = l->text.len;
	strbuf_add(&l->text, name, strlen(name) + 1);
	if (l->text.err)
		sysrec_nomem();
	index_add(&l->ix, (uint32_t) l->n, list_name, l);
	l->n++;
}

static void
list_release(struct name_list *l)
{
	strbuf_release(&l->text);
	free(l->off);
	index_release(&l->ix);
	memset(l, 0, sizeof(*l));
}

/* The activities whose graphs sysstat keeps to the names it counted, and their lists. */
static const struct {
	uint32_t id;
	size_t list; /* offset of the --dev=, --iface= or --fs= list in sar_opts */
} counted_acts[] = {
        {A_DISK, offsetof(struct sar_opts, dev_list)},
        {A_NET_DEV, offsetof(struct sar_opts, iface_list)},
        {A_NET_EDEV, offsetof(struct sar_opts, iface_list)},
        {A_FS, offsetof(struct sar_opts, fs_list)},
};

/*
 * The names the current activity's items must have to be drawn: sysstat
 * draws a disk, an interface or a filesystem only when its name was
 * counted before the graphs (over the window, less a record at its end
 * time), or listed with --dev=, --iface= or --fs= (then the view filters).
 * NULL when any name goes.
 */
static const struct name_list *
counted_names(const struct svg *v)
{
	const struct sar *s = &v->d->s;
	size_t k;

	for (k = 0; k < sizeof(counted_acts) / sizeof(counted_acts[0]); k++) {
		const struct strbuf *list;

		if (counted_acts[k].id != v->a->desc->id)
			continue;
		list = (const struct strbuf *) ((const char *) &s->o + counted_acts[k].list);
		if (list->buf || !v->count_names)
			return NULL;
		return &v->count_names[v->a - s->acts];
	}
	return NULL;
}

static const char *
set_name(const void *ctx, uint32_t i)
{
	const struct svg *v = ctx;

	return v->sets[i].name;
}

/*
 * A named item's set: the one of that name, else the first free one; NULL
 * for a name sysstat did not count, or past its count of names in the file
 * (it has no graph for them).
 */
static struct item_set *
named_set(struct svg *v, const char *name)
{
	const struct name_list *counted = counted_names(v);
	uint32_t k;
	size_t i;

	if (counted && !has_name(counted, name))
		return NULL;
	if (index_find(&v->set_ix, name, set_name, v, &k))
		return &v->sets[k];
	i = v->n_sets;
	if (i >= v->item_list_sz || i >= UINT32_MAX)
		return NULL;
	set_at(v, i)->used = true;
	snprintf(v->sets[i].name, sizeof(v->sets[i].name), "%s", name);
	/* A name cut to fit is not found again, as sysstat's is not. */
	if (!strcmp(v->sets[i].name, name))
		index_add(&v->set_ix, (uint32_t) i, set_name, v);
	return &v->sets[i];
}

/* ---- samples (sysstat's lnappend, lniappend, brappend, recappend) ---- */

static void
extrema(struct line *l, double x)
{
	if (x < l->min)
		l->min = x;
	if (x > l->max)
		l->max = x;
}

/* A rectangle from offset, value high, over the interval (none when flat). */
static void
add_bar(struct svg *v, struct line *l, double offset, double value)
{
	uint64_t x = v->dt < v->t ? v->t - v->dt : 0;
	char buf[2 * NUM_ROOM + 96];
	size_t n = 0;

	if (value == 0.0 || v->dt == 0)
		return;
	memcpy(buf, "<rect x=\"", 9);
	n = 9;
	n += put_u64_kept(&v->num_x, buf + n, x);
	memcpy(buf + n, "\" y=\"", 5);
	n += 5;
	n += put_2f(buf + n, offset < 100.0 ? offset : 100.0);
	memcpy(buf + n, "\" height=\"", 10);
	n += 10;
	n += put_2f(buf + n, value < 100.0 - offset ? value : 100.0 - offset);
	memcpy(buf + n, "\" width=\"", 9);
	n += 9;
	n += put_u64_kept(&v->num_dt, buf + n, v->dt);
	memcpy(buf + n, "\"/>", 3);
	path_add(l, buf, n + 3);
}

/* " Mx," or " Lx," into buf: its length. */
static size_t
point_x(struct num_cache *c, char *buf, char cmd, uint64_t x)
{
	size_t n = 2;

	buf[0] = ' ';
	buf[1] = cmd;
	n += put_u64_kept(c, buf + n, x);
	buf[n++] = ',';
	return n;
}

/* " Mx,y" or " Lx,y" with y "%.2f". */
static void
add_point(struct num_cache *c, struct line *l, char cmd, uint64_t x, double y)
{
	char buf[NUM_ROOM + 64];
	size_t n = point_x(c, buf, cmd, x);

	n += put_2f(buf + n, y);
	path_add(l, buf, n);
}

/* The same with y "%llu". */
static void
add_point_u64(struct num_cache *c, struct line *l, char cmd, uint64_t x, uint64_t y)
{
	char buf[96];
	size_t n = point_x(c, buf, cmd, x);

	n += put_u64(buf + n, y);
	path_add(l, buf, n);
}

/* A step through the previous value: its level over the interval, then the new one. */
static void
add_step(struct svg *v, struct line *l, double prev, double value, bool restart)
{
	uint64_t x = v->dt < v->t ? v->t - v->dt : 0;

	if (restart)
		add_point(&v->num_x, l, 'M', x, prev);
	add_point(&v->num_t, l, 'L', v->t, prev);
	if (prev != value)
		add_point(&v->num_t, l, 'L', v->t, value);
}

/*
 * The value a cell gives the extrema. For SVG_K_RATE, sysstat takes 0
 * where the counter went back, but plots the wrapped rate: a rate the views
 * print from a 64-bit counter that went back is beyond 2^62 per interval,
 * which no counter moves by; from a 32-bit counter (SVG_K_RATE32), beyond
 * 2^31, which these (NFS calls, FC frames) do not move by either.
 */
static double
extremum_of(const struct svg *v, const struct cell *c, enum svg_kind kind, double x)
{
	if (c->has_ext)
		return c->ext;
	double delta = x / 100.0 * (double) v->itv;

	if (c->kind != SAR_CELL_NUM)
		return x;
	if (kind == SVG_K_RATE && delta >= 0x1p62)
		return 0.0;
	if (kind == SVG_K_RATE32 && delta >= 0x1p31)
		return 0.0;
	return x;
}

static double
cell_value(const struct cell *c, double scale)
{
	double x = c->kind == SAR_CELL_U64 ? (double) c->u : c->d;

	return scale != 0 ? x / scale : x;
}

/* The cells of one row into the series of set. */
static void
add_row(struct svg *v, struct item_set *set, bool restart)
{
	const struct svg_graphs *g = v->g;
	double offset = 0.0;
	size_t k;

	for (k = 0; k < g->n_series; k++) {
		const struct svg_series *sr = &g->series[k];
		struct line *l = &set->lines[k];
		const struct cell *c;
		double x;

		if ((size_t) sr->cell >= v->n_cells)
			continue;
		c = &v->cells[sr->cell];
		x = cell_value(c, sr->scale);
		extrema(l, extremum_of(v, c, sr->kind, x));
		switch (sr->kind) {
		case SVG_K_LINE:
		case SVG_K_RATE:
		case SVG_K_RATE32:
			if (c->kind == SAR_CELL_U64 && sr->scale == 0)
				add_point_u64(&v->num_t, l, restart ? 'M' : 'L', v->t, c->u);
			else
				add_point(&v->num_t, l, restart ? 'M' : 'L', v->t, x);
			break;
		case SVG_K_BAR:
			add_bar(v, l, 0.0, x);
			break;
		case SVG_K_CPU:
			add_bar(v, l, offset, x);
			offset += x;
			break;
		case SVG_K_STEP:
			add_step(v, l,
			         (size_t) sr->cell + 1 < v->n_cells
			                 ? cell_value(&v->cells[sr->cell + 1], sr->scale)
			                 : x,
			         x, restart);
			break;
		}
	}
}

/* ---- the sink: one row of the view ---- */

static void
sink_row_begin(struct sar *s)
{
	struct svg *v = s->sink_ctx;

	v->n_cells = 0;
}

static void
sink_cell(struct sar *s, const struct sar_cell *c)
{
	struct svg *v = s->sink_ctx;
	struct cell *dst;

	if (v->n_cells == MAX_CELLS)
		return;
	dst = &v->cells[v->n_cells++];
	dst->kind = c->kind;
	dst->d = c->d;
	dst->u = c->u;
	dst->has_ext = false;
	if (c->kind == SAR_CELL_STR && c->str)
		str_copy(dst->str, sizeof(dst->str), c->str, SIZE_MAX);
	else
		dst->str[0] = '\0';
}

/* count_items: a name not seen before in this activity. */
static void
count_name(struct svg *v, const char *name)
{
	if (has_name(&v->names, name))
		return;
	list_add(&v->names, name);
	v->n_names++;
}

static void
sink_row_end(struct sar *s)
{
	struct svg *v = s->sink_ctx;
	const struct svg_graphs *g = v->g;
	struct item_set *set;
	bool restart = v->restart, again = s->row_again;

	s->row_again = false;
	if (v->counting) {
		count_name(v, v->cells[g->item_cell].str);
		return;
	}
	if (g->items == SVG_I_NONE) {
		set = set_at(v, 0);
	} else if (g->items == SVG_I_CPU) {
		const char *name = v->cells[g->item_cell].str;

		size_t i = strcmp(name, "all") ? (size_t) atoi(name) + 1 : 0;

		if (i >= v->item_list_sz)
			return;
		set = set_at(v, i);
	} else {
		set = named_set(v, v->cells[g->item_cell].str);
		if (!set)
			return;
		/* A device not in the previous record, or registered again, starts a new line. */
		if (!set->seen_prev || again)
			restart = true;
		set->seen_now = true;
	}
	add_row(v, set, restart);
	v->row_no++;
}

static const struct sar_sink svg_sink = {sink_row_begin, sink_cell, sink_row_end};

/* ---- one record of the current pass ---- */

/* ---- what read_raw sees (svg.h) ---- */

const struct sar *
svg_sar(const struct svg *v)
{
	return &v->d->s;
}

bool
svg_restart(const struct svg *v)
{
	return v->restart;
}

uint64_t
svg_itv(const struct svg *v)
{
	return v->itv;
}

static struct cell *
put_cell(struct svg *v, enum sar_cell_kind kind, double d, uint64_t u)
{
	static struct cell lost;
	struct cell *c;

	if (v->n_raw == MAX_CELLS)
		return &lost;
	c = &v->cells[v->n_raw++];
	c->kind = kind;
	c->d = d;
	c->u = u;
	c->has_ext = false;
	c->str[0] = '\0';
	return c;
}

void
svg_put(struct svg *v, double d)
{
	put_cell(v, SAR_CELL_NUM, d, 0);
}

void
svg_put_ext(struct svg *v, double d, double ext)
{
	struct cell *c = put_cell(v, SAR_CELL_NUM, d, 0);

	c->has_ext = true;
	c->ext = ext;
}

void
svg_put_u64(struct svg *v, uint64_t u)
{
	put_cell(v, SAR_CELL_U64, 0.0, u);
}

void
svg_row(struct svg *v, uint32_t item, bool restart)
{
	v->n_cells = v->n_raw;
	v->n_raw = 0;
	if (item >= v->item_list_sz || item >= CPU_ITEMS_MAX)
		return;
	add_row(v, set_at(v, item), restart);
}

static void
draw_record(struct svg *v, int curr)
{
	struct sar *s = &v->d->s;
	struct sar_act *a = v->a;
	size_t i;

	/*
	 * A record without items draws nothing, but the next one has no
	 * previous items: sysstat starts every line anew (check_*_reg finds
	 * none in an empty record).
	 */
	for (i = 0; i < v->n_sets; i++) {
		v->sets[i].seen_prev = v->sets[i].seen_now;
		v->sets[i].seen_now = false;
	}
	if (a->slot[curr].nr == 0)
		return;
	if (!v->g->view) {
		v->n_raw = 0;
		v->g->read_raw(v, a, &a->slot[!curr], &a->slot[curr]);
		return;
	}
	v->row_no = 0;
	s->view_opt = v->g->view->opt;
	s->dish = false;
	v->g->view->print(s, a, &a->slot[!curr], &a->slot[curr], v->itv);
	if (s->in_row)
		sar_out_nl(s);
}

/* Output k of the pass becomes the current one (struct svg's fields), until out_save(). */
static void
out_load(struct svg *v, size_t k)
{
	const struct out_state *o = &v->outs[k];

	v->cur = k;
	v->g = o->g;
	v->a = o->a;
	v->sets = o->sets;
	v->n_sets = o->n_sets;
	v->cap_sets = o->cap_sets;
	v->set_ix = o->set_ix;
	v->item_list_sz = o->item_list_sz;
}

static void
out_save(struct svg *v)
{
	struct out_state *o = &v->outs[v->cur];

	v->cur = SIZE_MAX;
	o->sets = v->sets;
	o->n_sets = v->n_sets;
	o->cap_sets = v->cap_sets;
	o->set_ix = v->set_ix;
}

/* Whether the current pass reads an output of a. */
static bool
in_pass(const struct svg *v, const struct sar_act *a)
{
	size_t k;

	for (k = 0; k < v->n_outs; k++)
		if (v->outs[k].a == a)
			return true;
	return false;
}

/* The record in slot curr into each output of the pass. */
static void
draw_outputs(struct svg *v, int curr)
{
	size_t k;

	for (k = 0; k < v->n_outs; k++) {
		out_load(v, k);
		draw_record(v, curr);
		out_save(v);
	}
}

/* ---- reading ---- */

/*
 * A time as the graphs show it: UTC, local with -T, and with 12.7.5's -t
 * local but for the hour, minute and second, which are the file creator's
 * (h, from a record header).
 */
static bool
stamp_tm(const struct svg *v, uint64_t t64, const struct sa_record_header *h, struct tm *ret)
{
	time_t t = (time_t) t64;
	bool ok =
	        v->local || v->true_time ? localtime_r(&t, ret) != NULL : gmtime_r(&t, ret) != NULL;

	if (v->true_time) {
		ret->tm_hour = h->hour;
		ret->tm_min = h->minute;
		ret->tm_sec = h->second;
	}
	return ok;
}

/* A record read has its time as -g shows it. */
static void
seen_record(void *ctx, const struct archive_record *rec, int rc)
{
	struct svg *v = ctx;

	if (rc > 0 && !stamp_tm(v, rec->hdr.ust_time, &rec->hdr, &v->w.rectime))
		memset(&v->w.rectime, 0, sizeof(v->w.rectime));
}

/*
 * How -g reads: sysstat goes on at an unexpected end, as at the end of the
 * file, but not inside a count (an item count, a RESTART's CPU count), and
 * silently past a comment (it seeks over comments).
 */
static struct walk_rules
svg_rules(struct svg *v)
{
	struct walk_rules r = {WALK_1275_BAD_HEADER | WALK_CUT_ENDS | WALK_CUT_COMMENT_ENDS,
	                       seen_record, v};

	return r;
}

static bool
next_record(struct svg *v)
{
	struct walk_rules r = svg_rules(v);
	int rc;

	if (v->err)
		return false;
	rc = walk_next(&v->d->s, &v->w, &r, -1, -1);
	if (rc < 0)
		fail(v, rc);
	return rc > 0;
}

/*
 * A LINUX RESTART: the file's CPU count. sysstat changes the per-CPU
 * activities' nr_ini only where it displays a RESTART, never for -g.
 */
static void
apply_restart(struct svg *v)
{
	v->d->s.r->hdr.sa_cpu_nr = v->w.rec.restart_cpu_nr;
}

static bool
before_start(const struct svg *v)
{
	return sadf_before_start(v->d, &v->w.rectime, v->w.rec.hdr.ust_time);
}

/*
 * Whether the record just read is past the end of the window (with limit
 * 1), or at or past it (limit 0: 12.6.1 takes no first record, nor any
 * counted one, at the end time itself; 12.7.5 takes them).
 */
static bool
at_or_past_end(const struct svg *v, bool cross_day, int limit)
{
	if (flavour_1275())
		limit = 1;
	return sadf_cmp_end(v->d, &v->w.rectime, v->w.rec.hdr.ust_time, cross_day) >= limit;
}

static void
copy_current(struct svg *v, bool all)
{
	struct sar *s = &v->d->s;
	uint32_t i;

	v->w.hdr[v->w.curr] = v->w.rec.hdr;
	for (i = 0; i < s->n_acts; i++) {
		struct sar_act *a = &s->acts[i];

		if ((all || in_pass(v, a) || walk_keeps_buffers(s, a)) && walk_selected(s, a))
			sar_copy_slot(a, &a->slot[v->w.curr]);
	}
}

/* ---- counting items (sysstat's count_file_items) ---- */

static const struct svg_graphs *first_graphs(const struct svg *v, const struct sar_act *a);

/* The names a named output prints for the record the reader holds. */
static size_t
count_names(struct svg *v, struct sar_act *a, const struct svg_graphs *g, struct name_list *names,
            size_t n)
{
	struct sar *s = &v->d->s;

	sar_copy_slot(a, &a->slot[0]);
	sar_reset_avg(a, g->view);
	v->g = g;
	v->a = a;
	v->counting = true;
	v->names = *names;
	v->n_names = n;
	s->view_opt = g->view->opt;
	s->dish = false;
	g->view->print(s, a, &a->slot[0], &a->slot[0], 100);
	if (s->in_row)
		sar_out_nl(s);
	v->counting = false;
	*names = v->names;
	memset(&v->names, 0, sizeof(v->names));
	return v->n_names;
}

/* The same for an output of item_name()s (SVG_F_COUNT_NAMES). */
static size_t
count_raw_names(struct svg *v, struct sar_act *a, const struct svg_graphs *g,
                struct name_list *names, size_t n)
{
	char name[128];
	uint32_t i;

	sar_copy_slot(a, &a->slot[0]);
	v->names = *names;
	v->n_names = n;
	for (i = 0; i < a->slot[0].nr; i++) {
		g->item_name(a, &a->slot[0], i, name, sizeof(name));
		count_name(v, name);
	}
	*names = v->names;
	memset(&v->names, 0, sizeof(v->names));
	return v->n_names;
}

/*
 * Adds the last statistics record read (none yet: nothing) to the counts:
 * the most items of a record, or the names ever seen for named outputs.
 */
static void
count_record(struct svg *v, bool any, struct name_list *names)
{
	struct sar *s = &v->d->s;
	uint32_t i;

	for (i = 0; i < s->n_acts && any; i++) {
		struct sar_act *a = &s->acts[i];
		const struct svg_graphs *g = first_graphs(v, a);

		if (!g || g->items == SVG_I_NONE)
			continue;
		v->n_rows[i] += a->fa->nr;
		if (g->items == SVG_I_NAMED && g->view)
			v->n_items[i] = count_names(v, a, g, &names[i], v->n_items[i]);
		else if (g->flags & SVG_F_COUNT_NAMES)
			v->n_items[i] = count_raw_names(v, a, g, &names[i], v->n_items[i]);
		else if (a->fa->nr > v->n_items[i])
			v->n_items[i] = a->fa->nr;
	}
}

/* The next record of the count; false at the end of the file or of the window. */
static bool
count_next(struct svg *v, bool *any, bool in_window)
{
	if (!next_record(v))
		return false;
	if (v->w.rec.hdr.record_type == SA_R_RESTART) {
		v->d->s.r->hdr.sa_cpu_nr = v->w.rec.restart_cpu_nr;
	} else if (v->w.rec.hdr.record_type != SA_R_COMMENT) {
		*any = true;
		walk_read_persistent(&v->d->s, 0, NULL);
	}
	return !in_window || !at_or_past_end(v, false, 0);
}

static void
free_count_names(struct svg *v)
{
	size_t i;

	for (i = 0; v->count_names && i < v->n_count_names; i++)
		list_release(&v->count_names[i]);
	free(v->count_names);
	v->count_names = NULL;
	v->n_count_names = 0;
}

/*
 * Counts the items of every graphed activity over the window, before any
 * graph, for the canvas height and the graphs' slots. As in sysstat, the
 * window starts at its first record of any type, and the file is read
 * again from where it was (with its CPU count) only when a record was
 * found (false otherwise: a RESTART's CPU count then stays for the header).
 */
static bool
count_items(struct svg *v)
{
	struct sar *s = &v->d->s;
	uint64_t start = source_offset(s->r->src);
	uint32_t cpu_nr = s->r->hdr.sa_cpu_nr;
	struct name_list *names = calloc(s->n_acts ? s->n_acts : 1, sizeof(*names));
	bool any = false, found = false;
	int rc;

	v->count_names = names;
	v->n_count_names = s->n_acts;
	v->n_items = calloc(s->n_acts ? s->n_acts : 1, sizeof(*v->n_items));
	v->n_rows = calloc(s->n_acts ? s->n_acts : 1, sizeof(*v->n_rows));
	if (!names || !v->n_items || !v->n_rows)
		sysrec_nomem();
	do {
		if (!count_next(v, &any, false))
			goto out;
	} while (before_start(v) || at_or_past_end(v, false, 0));
	found = true;
	do {
		count_record(v, any, names);
		v->n_records++;
		do {
			if (!count_next(v, &any, true))
				goto rewind;
		} while (v->w.rec.hdr.record_type == SA_R_RESTART ||
		         v->w.rec.hdr.record_type == SA_R_COMMENT);
	} while (true);
rewind:
	if (v->err)
		goto out;
	rc = source_seek(s->r->src, start);
	if (rc < 0) {
		fail(v, rc);
		goto out;
	}
	v->w.eof = false;
	s->r->hdr.sa_cpu_nr = cpu_nr;
out:
	/* The names stay: only their items are drawn (counted_names). */
	return found;
}

/* sysstat's -g takes a RESTART's CPU count and passes over comments. */
static void
first_special(void *ctx)
{
	struct svg *v = ctx;

	if (v->w.rec.hdr.record_type == SA_R_RESTART)
		apply_restart(v);
}

static bool
first_outside(void *ctx)
{
	struct svg *v = ctx;

	return before_start(v) || at_or_past_end(v, false, 0);
}

/* The window's first statistics record, into slot 2; false when there is none. */
static bool
find_first(struct svg *v)
{
	struct sar *s = &v->d->s;
	struct walk_rules r = svg_rules(v);
	struct walk_find f = {&r, false, first_special, first_outside, v};
	uint32_t i;
	int rc = walk_find_segment(s, &v->w, &f);

	if (rc < 0)
		fail(v, rc);
	if (rc <= 0)
		return false;
	v->first_fpos = source_offset(s->r->src);
	v->first_cpu_nr = s->r->hdr.sa_cpu_nr;
	v->first_nr_ini = sysrec_calloc(s->n_acts ? s->n_acts : 1, sizeof(*v->first_nr_ini));
	for (i = 0; i < s->n_acts; i++)
		v->first_nr_ini[i] = s->acts[i].nr_ini;
	return true;
}

static void
rewind_to_first(struct svg *v)
{
	struct sar *s = &v->d->s;
	int rc = source_seek(s->r->src, v->first_fpos);
	uint32_t i;

	if (rc < 0) {
		fail(v, rc);
		return;
	}
	v->w.eof = false;
	s->r->hdr.sa_cpu_nr = v->first_cpu_nr;
	for (i = 0; i < s->n_acts; i++) {
		s->acts[i].nr_ini = v->first_nr_ini[i];
		if (in_pass(v, &s->acts[i]) || walk_keeps_buffers(s, &s->acts[i]))
			sar_copy_slot_from(&s->acts[i].slot[!v->w.curr], &s->acts[i].slot[2]);
	}
	v->w.hdr[!v->w.curr] = v->w.hdr[2];
}

/* The X axis origin: the first record, or its local midnight with -O oneday. */
static uint64_t
time_ref(const struct svg *v)
{
	time_t t = (time_t) v->w.hdr[2].ust_time;
	struct tm tm;

	if (opt(v, SADF_O_ONEDAY) && localtime_r(&t, &tm)) {
		time_t m;

		tm.tm_sec = tm.tm_min = tm.tm_hour = 0;
		m = mktime(&tm);
		if (m != -1)
			return (uint64_t) m;
	}
	return v->w.hdr[2].ust_time;
}

/* sysstat's generic_write_stats for one output: false when the record is not shown. */
static bool
write_stats(struct svg *v)
{
	struct walk_pos *w = &v->w;
	const struct sa_record_header *cur = &w->hdr[w->curr], *prev = &w->hdr[!w->curr];
	const struct sar_opts *o = &v->d->s.o;

	if (!sar_next_slice(o->interval, &w->last_uptime, w->reset, w->hdr[2].uptime_cs,
	                    cur->uptime_cs))
		return false;
	if ((o->use_start || v->d->start_epoch) && prev->ust_time &&
	    cur->ust_time > prev->ust_time && cur->hour < prev->hour)
		w->cross_day = true;
	if (at_or_past_end(v, w->cross_day, 1)) {
		w->cnt = 0;
		return false;
	}
	v->itv = sar_interval_of(prev, cur);
	v->dt = v->itv / 100 + (v->itv % 100 >= 50);
	v->t = cur->ust_time - v->time_ref;
	draw_outputs(v, w->curr);
	return true;
}

/* A RESTART inside the pass: the next statistics record is the reference, the pass goes on. */
static bool
pass_restart(void *ctx)
{
	struct svg *v = ctx;

	v->restart = true;
	v->w.reset = true;
	apply_restart(v);
	while (next_record(v)) {
		if (v->w.rec.hdr.record_type == SA_R_RESTART) {
			apply_restart(v);
			continue;
		}
		if (v->w.rec.hdr.record_type == SA_R_COMMENT)
			continue;
		copy_current(v, false);
		break;
	}
	v->w.curr ^= 1;
	return true;
}

/* A statistics record of the pass: drawn when its interval is shown. */
static bool
pass_record(void *ctx)
{
	struct svg *v = ctx;

	copy_current(v, false);
	if (!write_stats(v))
		return false;
	v->restart = false;
	v->time_end = v->w.hdr[v->w.curr].ust_time;
	return true;
}

/* Reads the window once for the current output (sysstat's display_curr_act_graphs). */
static void
read_pass(struct svg *v)
{
	struct walk_pos *w = &v->w;
	struct walk_rules r = svg_rules(v);
	/* sysstat's -g passes over comments and draws across restarts. */
	struct walk_pass wp = {&r, false, NULL, NULL, pass_restart, pass_record, v};
	int rc;

	rewind_to_first(v);
	v->time_ref = time_ref(v);
	v->time_first = w->hdr[2].ust_time;
	v->time_end = v->time_first;
	v->restart = true;
	w->cnt = v->d->c->count;
	w->cross_day = false;
	if (!v->err && (rc = walk_pass(&v->d->s, w, &wp)) < 0)
		fail(v, rc);
	w->reset = true;
	if (opt(v, SADF_O_ONEDAY) && v->time_ref + 24 * 3600 > v->time_end)
		v->time_end = v->time_ref + 24 * 3600;
	v->time_last = w->hdr[!w->curr].ust_time;
}

/* ---- drawing ---- */

static unsigned
col(const struct svg *v, int k)
{
	return v->pal[k];
}

/*
 * sysstat's casts of doubles to long and unsigned int, as x86-64 computes
 * them (cvttsd2si): the truncated value when it fits in 64 bits, else (and
 * for NaN) the "integer indefinite" LONG_MIN; an unsigned int keeps the low
 * 32 bits. The C casts themselves are undefined out of range, and hostile
 * files reach them.
 */
static long
long_as_x86(double x)
{
	if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0))
		return LONG_MIN;
	return (long) x;
}

static unsigned
u32_as_x86(double x)
{
	return (unsigned) (unsigned long) long_as_x86(x);
}

static unsigned
pwr10(int n)
{
	unsigned e = 1;

	while (n-- > 0)
		e *= 10;
	return e;
}

/* The gap between horizontal lines, and the decimals of their labels (sysstat's ygrid). */
static double
ygrid(double lmax, int *dp)
{
	char buf[32];
	long n;
	int l;
	unsigned e;

	*dp = 0;
	if (lmax == 0)
		lmax = 1;
	n = long_as_x86(lmax / H_GRIDNR);
	if (!n) {
		*dp = 2;
		return lmax / H_GRIDNR;
	}
	l = snprintf(buf, sizeof(buf), "%ld", n);
	if (l < 2)
		return (double) n;
	e = pwr10(l - 1);
	return (double) ((n / (long) e) * (long) e);
}

static void
hgrid(struct svg *v, double ypos, double yfactor, double lmax, int dp)
{
	struct strbuf *b = &v->body;
	char tmp[64];
	int j = 0;

	do {
		if (j > 0)
			strbuf_addf(b,
			            "<polyline points=\"0,%.2f %d,%.2f\" style=\"vector-effect: "
			            "non-scaling-stroke; stroke: #%06x\" transform=\"scale(1,%f)\"/>\n",
			            ypos * j, G_XSIZE, ypos * j, col(v, COL_GRID), yfactor);
		/* The label sits where the rounded value of the line is. */
		snprintf(tmp, sizeof(tmp), "%.2f", ypos * j);
		strbuf_addf(b,
		            "<text x=\"0\" y=\"%ld\" style=\"fill: #%06x; stroke: none; font-size: "
		            "12px; text-anchor: end\">%.*f.</text>\n",
		            long_as_x86(strtod(tmp, NULL) * yfactor), col(v, COL_AXIS), dp, ypos * j);
		j++;
	} while (ypos * j <= lmax && j < MAX_HLINES_NR);
}

/*
 * The zone named left of the time axis: 12.6.1 marks UTC times only;
 * 12.7.5 always names the zone, TZ's with -T, the file's with -t.
 */
static void
zone_mark(struct svg *v)
{
	if (v->local && !flavour_1275())
		return;
	strbuf_addf(&v->body,
	            "<text x=\"-10\" y=\"30\" style=\"fill: #%06x; stroke: none; font-size: "
	            "12px; text-anchor: end\">%s</text>\n",
	            col(v, COL_INFO), flavour_1275() ? sadf_tz(v->d) : "UTC");
}

/*
 * The next graduation's stamp: xpos seconds later; with -t, 12.7.5 also
 * moves the creator's H:M:S on, in unsigned int and wrapping at 24 h.
 */
static void
next_graduation(struct sa_record_header *h, long xpos)
{
	unsigned s = h->second, m = h->minute, hr = h->hour;

	h->ust_time += (uint64_t) xpos;
	s += (unsigned) xpos;
	m += s / 60;
	h->second = (uint8_t) (s % 60);
	hr += m / 60;
	h->minute = (uint8_t) (m % 60);
	h->hour = (uint8_t) (hr % 24);
}

static void
vgrid_draw(struct svg *v, long xpos, double xfactor, int v_gridnr)
{
	struct strbuf *b = &v->body;
	struct sa_record_header stamp = v->w.hdr[2];
	int j;

	stamp.ust_time = v->time_ref;
	for (j = 0; j <= 2 * v_gridnr && stamp.ust_time <= v->time_end; j++) {
		/* sysstat's xpos * j, wrapping as x86 does (a hostile time span overflows it). */
		long x = (long) ((unsigned long) xpos * (unsigned long) j);
		char hms[32] = "";
		struct tm tm;

		memset(&tm, 0, sizeof(tm));
		if (stamp_tm(v, stamp.ust_time, &stamp, &tm) &&
		    !strftime(hms, sizeof(hms), "%H:%M:%S", &tm))
			hms[0] = '\0';
		strbuf_addf(b,
		            "<polyline points=\"%ld,0 %ld,%d\" style=\"vector-effect: "
		            "non-scaling-stroke; stroke: #%06x\" transform=\"scale(%f,1)\"/>\n",
		            x, x, -G_YSIZE, col(v, COL_GRID), xfactor);
		if (opt(v, SADF_O_ONEDAY) && tm.tm_min == 0)
			strbuf_addf(b,
			            "<text x=\"%ld\" y=\"15\" style=\"fill: #%06x; stroke: none; "
			            "font-size: 14px; text-anchor: start\">%2d:00</text>\n",
			            /* sysstat's subtraction, wrapping as x86 does from LONG_MIN. */
			            (long) ((unsigned long) long_as_x86((double) x * xfactor) - 15),
			            col(v, COL_AXIS),
			            tm.tm_hour);
		else
			strbuf_addf(b,
			            "<text x=\"%ld\" y=\"10\" style=\"fill: #%06x; stroke: none; "
			            "font-size: 12px; text-anchor: start\" "
			            "transform=\"rotate(45,%ld,0)\">%s</text>\n",
			            long_as_x86((double) x * xfactor), col(v, COL_AXIS),
			            long_as_x86((double) x * xfactor), hms);
		next_graduation(&stamp, xpos);
	}
	zone_mark(v);
}

/*
 * The time axis of a frame. Every frame of a pass has the same (its
 * times, scale and first record are the pass's), and drawing it (21
 * stamps through strftime and printf) was most of the cost of a frame:
 * the text is kept, and drawn again only when what it depends on changes.
 */
static void
vgrid(struct svg *v, long xpos, double xfactor, int v_gridnr)
{
	struct vgrid_key key;
	size_t start = v->body.len;

	memset(&key, 0, sizeof(key));
	key.time_ref = v->time_ref;
	key.time_end = v->time_end;
	key.xpos = xpos;
	key.xfactor = xfactor;
	key.v_gridnr = v_gridnr;
	key.hour = v->w.hdr[2].hour;
	key.minute = v->w.hdr[2].minute;
	key.second = v->w.hdr[2].second;
	if (v->vgrid_valid && !memcmp(&key, &v->vgrid_key, sizeof(key))) {
		strbuf_add(&v->body, v->vgrid_text.buf, v->vgrid_text.len);
		return;
	}
	vgrid_draw(v, xpos, xfactor, v_gridnr);
	strbuf_reset(&v->vgrid_text);
	strbuf_add(&v->vgrid_text, v->body.buf + start, v->body.len - start);
	v->vgrid_key = key;
	v->vgrid_valid = !v->vgrid_text.err && !v->body.err;
}

/* -O autoscale: each line of a group scaled by a power of 10 towards the group's maximum. */
static void
autoscale(const struct svg *v, const struct line *l, int group, bool bar, double gmax,
          unsigned *asf)
{
	int j;

	for (j = 0; j < group; j++)
		asf[j] = 1;
	if (!opt(v, SADF_O_AUTOSCALE) || group < 2 || gmax == 0 || bar)
		return;
	for (j = 0; j < group && j < 16; j++) {
		char buf[32];

		if (l[j].max == 0 || l[j].max == gmax)
			continue;
		asf[j] = pwr10(snprintf(buf, sizeof(buf), "%u", u32_as_x86(gmax / l[j].max)) - 1);
	}
}

/* The report date under the graph (-O showinfo), as the header shows it. */
static void
report_date(const struct svg *v, char *buf, size_t len)
{
	time_t t = (time_t) v->d->s.r->hdr.sa_ust_time;
	struct tm tm;

	buf[0] = '\0';
	if (!localtime_r(&t, &tm))
		return;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-y2k"
	if (!strftime(buf, len, v->d->s.o.iso_time ? "%Y-%m-%d" : "%x", &tm))
		buf[0] = '\0';
#pragma GCC diagnostic pop
}

static void
frame_header(struct svg *v, const char *title, const char *item, int xv, int yv)
{
	struct strbuf *b = &v->body;

	strbuf_addf(b, "<rect x=\"%d\" y=\"%d\" height=\"%d\" width=\"%d\" fill=\"#%06x\"/>\n", xv,
	            yv, V_YSIZE, V_XSIZE, col(v, COL_BCKGRD));
	strbuf_addf(b, "<text x=\"%d\" y=\"%d\" style=\"fill: #%06x; stroke: none\">%s", xv,
	            20 + yv, col(v, COL_TITLE), title);
	if (item)
		strbuf_addf(b, " [%s]", item);
	strbuf_addf(b,
	            "\n<tspan x=\"%d\" y=\"%d\" style=\"fill: #%06x; stroke: none; font-size: "
	            "12px\">(Min, Max values)</tspan>\n</text>\n",
	            xv + 5 + M_XSIZE + G_XSIZE, yv + 25, col(v, COL_INFO));
}

static void
legend(struct svg *v, const struct line *l, size_t pos, int group, int palpos, const unsigned *asf,
       int xv, int yv)
{
	int j;

	for (j = 0; j < group; j++) {
		const char *name = v->g->series[pos + (size_t) j].name;
		int integer = name[0] == '~';
		char factor[32] = "";

		if (asf[j] != 1)
			snprintf(factor, sizeof(factor), "x%u ", asf[j]);
		strbuf_addf(&v->body,
		            "<text x=\"%d\" y=\"%d\" style=\"fill: #%06x; stroke: none; font-size: "
		            "12px\">%s %s(%.*f, %.*f)</text>\n",
		            xv + 5 + M_XSIZE + G_XSIZE, yv + M_YSIZE + j * 15,
		            col(v, (palpos + j) & 0x0f), name + integer, factor, !integer * 2,
		            l[j].min * asf[j], !integer * 2, l[j].max * asf[j]);
	}
	if (opt(v, SADF_O_SHOWINFO)) {
		char date[64];

		report_date(v, date, sizeof(date));
		strbuf_addf(&v->body,
		            "<text x=\"%d\" y=\"%d\" style=\"fill: #%06x; text-anchor: end; stroke: "
		            "none; font-size: 14px\">%s\n",
		            xv + V_XSIZE - 5, yv + M_YSIZE + G_YSIZE, col(v, COL_INFO),
		            v->d->s.r->hdr.sa_nodename);
		strbuf_addf(&v->body,
		            "<tspan x=\"%d\" y=\"%d\" style=\"fill: #%06x; text-anchor: end; stroke: "
		            "none; font-size: 14px\">%s</tspan>\n</text>\n",
		            xv + V_XSIZE - 5, yv + M_YSIZE + G_YSIZE + 14, col(v, COL_INFO), date);
	}
}

/*
 * The drawing so far to the document: the frames are written as they are
 * drawn, each pass's paths released after, so that memory holds one
 * output's series, never the document.
 */
static void
body_flush(struct svg *v)
{
	if (v->body.len)
		fwrite(v->body.buf, 1, v->body.len, v->out);
	strbuf_reset(&v->body);
}

/* The grid and the lines or bars of one frame, inside the graph's own coordinates. */
static void
plot(struct svg *v, const struct line *l, int group, bool bar, double gmax, int palpos,
     const unsigned *asf)
{
	double lmax, ypos, yfactor, xfactor;
	int dp, j, v_gridnr = opt(v, SADF_O_ONEDAY) ? 12 : V_GRIDNR;
	long xpos;

	if (bar) {
		ypos = 25.0;
		dp = 0;
		lmax = gmax > 100.0 ? gmax : 100.0;
	} else {
		lmax = gmax != 0 ? gmax : 1.0;
		if (lmax < H_GRIDNR * 0.01)
			lmax = H_GRIDNR * 0.01;
		ypos = ygrid(lmax, &dp);
	}
	yfactor = (double) -G_YSIZE / lmax;
	hgrid(v, ypos, yfactor, lmax, dp);
	xpos = v->time_end - v->time_ref <= (uint64_t) v_gridnr
	               ? 1
	               : (long) ((v->time_end - v->time_ref) / (uint64_t) v_gridnr);
	xfactor = (double) G_XSIZE / (double) (v->time_end - v->time_ref);
	vgrid(v, xpos, xfactor, v_gridnr);
	for (j = 0; j < group; j++) {
		unsigned c = col(v, (palpos + j) & 0x0f);

		if (!bar) {
			strbuf_adds(&v->body, "<path d=\"");
			body_flush(v);
			path_write(&l[j], v->out);
			strbuf_addf(&v->body,
			            "\" style=\"vector-effect: non-scaling-stroke; stroke: "
			            "#%06x; stroke-width: 1; fill-opacity: 0\" "
			            "transform=\"scale(%f,%f)\"/>\n",
			            c, xfactor, yfactor * asf[j]);
		} else if (l[j].len) {
			strbuf_addf(&v->body,
			            "<g style=\"fill: #%06x; stroke: none\" "
			            "transform=\"scale(%f,%f)\">\n",
			            c, xfactor, yfactor);
			body_flush(v);
			path_write(&l[j], v->out);
			strbuf_adds(&v->body, "\n</g>\n");
		}
	}
}

static int
frame_count(const struct svg *v)
{
	const struct svg_graphs *g = v->g;
	int n = (int) g->n_frames;

	if ((g->flags & SVG_F_MEM_ALL) && !(v->d->s.o.outputs[g->act_id] & SAR_O_MEM_ALL))
		n--;
	return n;
}

static int
frame_size(const struct svg *v, int i)
{
	const struct svg_graphs *g = v->g;
	int n = g->frames[i].n;

	if ((g->flags & SVG_F_SHOWIDLE) && opt(v, SADF_O_SHOWIDLE) && i == (int) g->n_frames - 1)
		n++;
	return n;
}

/* One frame; false when it is skipped. *views counts the frames drawn. */
static bool
draw_frame(struct svg *v, const struct item_set *set, int i, size_t *pos, bool skip_void,
           const char *item, int xid, int *views)
{
	const struct line *l = set->lines + *pos;
	int group = frame_size(v, i), palpos = v->bw ? 0 : (int) *pos, xv, yv, j;
	bool bar = v->g->frames[i].bar != 0;
	double gmin = l[0].min, gmax = l[0].max;
	unsigned asf[16];

	for (j = 1; j < group; j++) {
		if (l[j].min < gmin)
			gmin = l[j].min;
		if (l[j].max > gmax)
			gmax = l[j].max;
	}
	(void) gmin;
	if (opt(v, SADF_O_SKIPEMPTY) && gmax < 0.005) {
		*pos += (size_t) group;
		return false;
	}
	/* sysstat moves on to the next frame without moving past this one's lines. */
	if (skip_void && (l[0].min == DBL_MAX || l[0].max == -DBL_MIN))
		return false;
	if (*views == 0)
		strbuf_addf(&v->body, "<g id=\"g%u-%d\" transform=\"translate(0,%d)\">\n",
		            (unsigned) v->g->act_id, xid,
		            (int) (H_YSIZE +
		                   C_YSIZE * (unsigned) (opt(v, SADF_O_SHOWTOC) ? v->nr_act_dispd : 0) +
		                   T_YSIZE * (unsigned) v->graph_no));
	(*views)++;
	xv = opt(v, SADF_O_PACKED) ? (*views - 1) * T_XSIZE : 0;
	yv = opt(v, SADF_O_PACKED) ? 0 : (*views - 1) * T_YSIZE;
	frame_header(v, v->g->frames[i].title, item, xv, yv);
	if (v->time_last == v->time_first || l[0].min == DBL_MAX || l[0].max == -DBL_MIN) {
		strbuf_addf(&v->body,
		            "<text x=\"%d\" y=\"%d\" style=\"fill: #%06x; stroke: none\">No "
		            "data</text>\n",
		            xv, yv + M_YSIZE, col(v, COL_ERROR));
		*pos += (size_t) group;
		return true;
	}
	strbuf_addf(&v->body,
	            "<polyline points=\"%d,%d %d,%d %d,%d\" style=\"fill: #%06x; stroke: #%06x; "
	            "stroke-width: 2\"/>\n",
	            xv + M_XSIZE, yv + M_YSIZE, xv + M_XSIZE, yv + M_YSIZE + G_YSIZE,
	            xv + M_XSIZE + G_XSIZE, yv + M_YSIZE + G_YSIZE, col(v, COL_BCKGRD),
	            col(v, COL_AXIS));
	autoscale(v, l, group, bar, gmax, asf);
	legend(v, l, *pos, group, palpos, asf, xv, yv);
	strbuf_addf(&v->body, "<g transform=\"translate(%d,%d)\">\n", xv + M_XSIZE,
	            yv + M_YSIZE + G_YSIZE);
	plot(v, l, group, bar, gmax, palpos, asf);
	strbuf_adds(&v->body, "</g>\n");
	*pos += (size_t) group;
	return true;
}

/* The frames of one item set (sysstat's draw_activity_graphs); true when any is drawn. */
static bool
draw_set(struct svg *v, const struct item_set *set, const char *item, bool skip_void, int xid)
{
	int i, views = 0, n = frame_count(v);
	size_t pos = 0;

	for (i = 0; i < n; i++)
		draw_frame(v, set, i, &pos, skip_void, item, xid, &views);
	if (!views)
		return false;
	strbuf_adds(&v->body, "</g>\n");
	v->graph_no += opt(v, SADF_O_PACKED) ? 1 : views;
	return true;
}

/* Per-CPU outputs: "all", then each CPU of the -P selection. */
static void
draw_cpus(struct svg *v)
{
	const struct svg_graphs *g = v->g;
	int xid = 0;
	size_t i;

	for (i = 0; i < v->item_list_sz && i < CPU_ITEMS_MAX; i++) {
		const struct item_set *set;
		char name[16];

		if (!sar_cpu_selected(&v->d->s, (uint32_t) i))
			continue;
		set = set_at(v, i);
		if (i == 0)
			snprintf(name, sizeof(name), "all");
		else
			snprintf(name, sizeof(name), "%d", (int) i - 1);
		if ((g->flags & SVG_F_SKIP_ZERO) && i > 0 && set->lines[0].max == 0)
			continue;
		if (draw_set(v, set, name, (g->flags & SVG_F_SKIP_VOID) && i > 0,
		             (g->flags & SVG_F_XID_ITEM) ? (int) i : xid))
			xid++;
	}
}

/* Sensors: every item sysstat counted, named from the slot it last left. */
static void
draw_devs(struct svg *v)
{
	int xid = 0;
	size_t i;

	for (i = 0; i < v->item_list_sz && i < CPU_ITEMS_MAX; i++) {
		char name[128];

		v->g->item_name(v->a, &v->a->slot[v->w.curr], (uint32_t) i, name, sizeof(name));
		if (draw_set(v, set_at(v, i), name, false, xid))
			xid++;
	}
}

static void
draw_pass(struct svg *v)
{
	const struct svg_graphs *g = v->g;
	size_t i;
	int xid = 0;

	if (g->items == SVG_I_CPU || g->items == SVG_I_RAWCPU) {
		draw_cpus(v);
		return;
	}
	if (g->items == SVG_I_RAWDEV) {
		draw_devs(v);
		return;
	}
	if (g->items == SVG_I_NAMED) {
		for (i = 0; i < v->n_sets; i++)
			if (v->sets[i].lines && v->sets[i].lines[0].len &&
			    draw_set(v, &v->sets[i], v->sets[i].name, false,
			             (g->flags & SVG_F_XID_ITEM) ? (int) i : xid))
				xid++;
		return;
	}
	if (v->n_sets == 0)
		set_at(v, 0);
	if (g->flags & SVG_F_XID_SHARED) {
		if (draw_set(v, &v->sets[0], NULL, false, v->mem_xid))
			v->mem_xid++;
		return;
	}
	draw_set(v, &v->sets[0], NULL, false, 0);
}

/* ---- the document ---- */

static bool
graphed(const struct svg *v, const struct sar_act *a, const struct svg_graphs *g)
{
	uint32_t sel = v->d->s.o.outputs[a->desc->id];

	if (g->act_id != a->desc->id || !a->fa->known_format)
		return false;
	if (g->flavours != SVG_V_ALL && (g->flavours == SVG_V_1275) != flavour_1275())
		return false;
	return g->view ? (sel & g->view->opt) != 0 : (sel & g->opt) != 0;
}

/* The first table entry graphing activity a, or NULL. */
static const struct svg_graphs *
first_graphs(const struct svg *v, const struct sar_act *a)
{
	size_t k;

	for (k = 0; k < svg_graphs_count(); k++)
		if (graphed(v, a, svg_graphs_at(k)))
			return svg_graphs_at(k);
	return NULL;
}

static void
release_sets(struct svg *v)
{
	size_t i;

	for (i = 0; i < v->cap_sets; i++)
		set_release(&v->sets[i], v->g->n_series);
	free(v->sets);
	v->sets = NULL;
	v->n_sets = v->cap_sets = 0;
	index_release(&v->set_ix);
}

/*
 * The reader decodes only the activities of the pass (and those whose
 * buffers every pass keeps), as walk_decode() does for one; the others'
 * items are passed over, their counts still checked. on false: every
 * activity as before the pass, from ignore[].
 */
static void
pass_decode(struct svg *v, bool on, bool *ignore)
{
	struct sar *s = &v->d->s;
	uint32_t i;

	for (i = 0; i < s->r->n_acts && i < s->n_acts && i < SA_MAX_NR_ACT; i++) {
		struct archive_act *fa = &s->r->acts[i];

		if (!on) {
			fa->ignore = ignore[i];
			continue;
		}
		ignore[i] = fa->ignore;
		fa->ignore = !(in_pass(v, &s->acts[i]) || walk_keeps_buffers(s, &s->acts[i]));
	}
}

/*
 * The outputs of the current pass: read the window once for all, then
 * draw each in turn, its series freed before the next.
 */
static void
run_pass(struct svg *v)
{
	bool ignore[SA_MAX_NR_ACT];
	size_t k;

	for (k = 0; k < v->n_outs; k++)
		if (v->outs[k].g->view)
			sar_reset_avg(v->outs[k].a, v->outs[k].g->view);
	pass_decode(v, true, ignore);
	read_pass(v);
	pass_decode(v, false, ignore);
	for (k = 0; k < v->n_outs; k++) {
		out_load(v, k);
		draw_pass(v);
		body_flush(v);
		release_sets(v);
		out_save(v);
	}
	v->n_outs = 0;
	v->g = NULL;
}

static size_t
mul_sat(size_t a, size_t b)
{
	return b && a > SIZE_MAX / b ? SIZE_MAX : a * b;
}

/*
 * About the bytes an output's series take at most, from the counts: a
 * point of each series of each item at each record, or of each item of
 * each record where names come and go (a name per item is not a point
 * per record).
 */
static size_t
out_cost(const struct svg *v, const struct sar_act *a, const struct svg_graphs *g)
{
	size_t i = (size_t) (a - v->d->s.acts), per = 0, k, points;

	for (k = 0; k < g->n_series; k++)
		per += g->series[k].kind == SVG_K_BAR || g->series[k].kind == SVG_K_CPU ? 52
		       : g->series[k].kind == SVG_K_STEP                               ? 36
		                                                                       : 18;
	if (g->items == SVG_I_NONE || !v->n_items[i]) {
		points = v->n_records + 1;
	} else {
		points = mul_sat(v->n_items[i], v->n_records + 1);
		if (v->n_rows[i] < SIZE_MAX - v->n_items[i] &&
		    v->n_rows[i] + v->n_items[i] < points)
			points = v->n_rows[i] + v->n_items[i];
	}
	return mul_sat(per, points);
}

/* Adds an output to the current pass. */
static void
pass_add(struct svg *v, struct sar_act *a, const struct svg_graphs *g)
{
	struct out_state *o;

	if (v->n_outs == v->cap_outs) {
		v->cap_outs = v->cap_outs ? 2 * v->cap_outs : 16;
		v->outs = sysrec_reallocarray(v->outs, v->cap_outs, sizeof(*v->outs));
	}
	o = &v->outs[v->n_outs++];
	memset(o, 0, sizeof(*o));
	o->g = g;
	o->a = a;
	o->item_list_sz = v->n_items[a - v->d->s.acts];
}

/*
 * The budget of a pass: half the estimate of the biggest output, 1 MB at
 * least. The estimate counts a rectangle for each CPU sample, where a
 * zero draws none, and lines of big numbers take more than their share:
 * at the whole estimate, passes of line outputs outgrew the CPU's (9.1
 * MB peak RSS against 8.5 on the stable day, for 9 passes against 12).
 */
static size_t
pass_budget(const struct svg *v)
{
	const struct sar *s = &v->d->s;
	size_t most = 0, k, c;
	uint32_t i;

	for (i = 0; i < s->n_acts; i++)
		for (k = 0; k < svg_graphs_count(); k++)
			if (graphed(v, &s->acts[i], svg_graphs_at(k)) &&
			    (c = out_cost(v, &s->acts[i], svg_graphs_at(k))) > most)
				most = c;
	return most / 2 > (1u << 20) ? most / 2 : (1u << 20);
}

/*
 * Every graphed output, in file order. Each pass over the window reads
 * the whole file again, which was most of -g's time over a day: a pass
 * takes the next outputs while their series fit in the budget (an
 * output over it alone), so the peak stays about that of the biggest
 * output. Two outputs of one
 * activity are never read together: each starts from the activity's
 * buffers as the window's first record left them.
 */
static void
run_all(struct svg *v)
{
	struct sar *s = &v->d->s;
	size_t budget = pass_budget(v), used = 0, k, c;
	uint32_t i;

	for (i = 0; i < s->n_acts && !v->err; i++)
		for (k = 0; k < svg_graphs_count() && !v->err; k++) {
			if (!graphed(v, &s->acts[i], svg_graphs_at(k)))
				continue;
			c = out_cost(v, &s->acts[i], svg_graphs_at(k));
			if (v->n_outs && (used > budget || c > budget - used ||
			                  in_pass(v, &s->acts[i]))) {
				run_pass(v);
				used = 0;
			}
			pass_add(v, &s->acts[i], svg_graphs_at(k));
			used += c;
		}
	if (v->n_outs && !v->err)
		run_pass(v);
}

struct counts {
	int graph_nr;
	int views_per_row;
};

/* The rows of views for the canvas height, from the counts (sysstat's get_svg_graph_nr). */
static struct counts
count_rows(const struct svg *v)
{
	const struct sar *s = &v->d->s;
	struct counts n = {0, 1};
	uint32_t i;

	for (i = 0; i < s->n_acts; i++) {
		const struct svg_graphs *first = first_graphs(v, &s->acts[i]);
		int rows;

		if (!first)
			continue;
		/* Packed: one row per output of memory, one per activity otherwise. */
		if (!opt(v, SADF_O_PACKED))
			rows = first->g_nr;
		else if (first->act_id == A_MEMORY && (s->o.outputs[A_MEMORY] & SAR_O_MEM) &&
		         (s->o.outputs[A_MEMORY] & SAR_O_SWAP))
			rows = 2;
		else
			rows = 1;
		/* int arithmetic as sysstat's, wrapping (not undefined) past INT_MAX. */
		if (first->items != SVG_I_NONE)
			rows = (int) ((unsigned) rows * (unsigned) v->n_items[i]);
		n.graph_nr = (int) ((unsigned) n.graph_nr + (unsigned) rows);
		if (first->g_nr > n.views_per_row)
			n.views_per_row = first->g_nr;
	}
	if (n.views_per_row > MAX_VIEWS_ON_A_ROW)
		n.views_per_row = MAX_VIEWS_ON_A_ROW;
	return n;
}

static int
count_displayed(const struct svg *v)
{
	const struct sar *s = &v->d->s;
	int n = 0;
	uint32_t i;

	for (i = 0; i < s->n_acts; i++)
		if (first_graphs(v, &s->acts[i]))
			n++;
	return n;
}

static void
print_header(struct svg *v, int height_rows, int views_per_row)
{
	struct sar *s = &v->d->s;
	FILE *out = v->out;
	int height;
	uint32_t i;
	int ht = 0;
	bool true_time;

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	      "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
	      "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
	      "<svg xmlns=\"http://www.w3.org/2000/svg\"",
	      out);
	if (opt(v, SADF_O_SHOWTOC))
		fputs(" xmlns:xlink=\"http://www.w3.org/1999/xlink\"", out);
	if (opt(v, SADF_O_HEIGHT))
		height = v->d->c->canvas_height;
	else
		height = (int) (H_YSIZE +
		                C_YSIZE * (unsigned) (opt(v, SADF_O_SHOWTOC) ? v->nr_act_dispd : 0) +
		                T_YSIZE * (unsigned) height_rows);
	if (height < 100)
		height = 100;
	fprintf(out,
	        " width=\"%d\" height=\"%d\" fill=\"black\" stroke=\"#%06x\" stroke-width=\"1\">\n",
	        T_XSIZE * (opt(v, SADF_O_PACKED) ? views_per_row : 1), height, col(v, COL_DEFAULT));
	fprintf(out, "<text x=\"0\" y=\"30\" text-anchor=\"start\" stroke=\"#%06x\">",
	        col(v, COL_HEADER));
	sar_set_out(s, out);
	/* The SVG header's date is local, -t or not. */
	true_time = s->o.true_time;
	s->o.true_time = false;
	sar_print_report_header(s);
	s->o.true_time = true_time;
	fputs("</text>\n", out);
	if (!opt(v, SADF_O_SHOWTOC))
		return;
	for (i = 0; i < s->n_acts; i++) {
		const struct svg_graphs *g = first_graphs(v, &s->acts[i]);

		if (!g)
			continue;
		fprintf(out, "<a xlink:href=\"#g%u-0\" xlink:title=\"%s\">\n",
		        (unsigned) s->acts[i].desc->id, s->acts[i].desc->name);
		fprintf(out, "<text x=\"10\" y=\"%d\">%s</text></a>\n", H_YSIZE + ht, g->toc);
		ht += C_YSIZE;
	}
}

static void
print_trailer(struct svg *v)
{
	FILE *out = v->out;
	int toc = C_YSIZE * (opt(v, SADF_O_SHOWTOC) ? v->nr_act_dispd : 0);

	if (!v->graph_no)
		fprintf(out,
		        "<text x= \"0\" y=\"%d\" text-anchor=\"start\" stroke=\"#%06x\">No "
		        "data!</text>\n",
		        H_YSIZE + toc, col(v, COL_ERROR));
	fprintf(out, "<!-- Actual canvas height: %d -->\n", H_YSIZE + toc + T_YSIZE * v->graph_no);
	fputs("</svg>\n", out);
}

/* S_COLORS_PALETTE: "K=RRGGBB" entries separated by ':' replace custom colours. */
static void
custom_palette(unsigned *pal, const char *env)
{
	static const char keys[] = "GHIKLTWX";
	static const int slots[] = {COL_GRID,    COL_HEADER, COL_INFO,  COL_BCKGRD,
	                            COL_DEFAULT, COL_TITLE,  COL_ERROR, COL_AXIS};

	while (env && *env) {
		size_t n = strcspn(env, ":");
		char e[16];

		snprintf(e, sizeof(e), "%.*s", (int) (n < 15 ? n : 15), env);
		if (n >= 3 && n <= 8 && e[1] == '=' &&
		    strspn(e + 2, "0123456789ABCDEFabcdef") == n - 2) {
			unsigned val = (unsigned) strtoul(e + 2, NULL, 16);
			const char *k = strchr(keys, e[0]);

			if (e[0] >= '0' && e[0] <= '9')
				pal[e[0] & 0xf] = val;
			else if ((e[0] >= 'A' && e[0] <= 'F') || (e[0] >= 'a' && e[0] <= 'f'))
				pal[9 + (e[0] & 0xf)] = val;
			else if (k && e[0])
				pal[slots[k - keys]] = val;
		}
		env += n;
		env += strspn(env, ":");
	}
}

/* The run's state, whether it ended or stopped half-way. */
static void
svg_release(struct sadf *d)
{
	struct svg *v = d->fmt;
	size_t k;

	if (!v)
		return;
	/* An exit half-way may leave an output current: its sets are in struct svg. */
	if (v->cur != SIZE_MAX)
		out_save(v);
	for (k = 0; k < v->n_outs; k++) {
		out_load(v, k);
		release_sets(v);
		out_save(v);
	}
	free(v->outs);
	free_count_names(v);
	strbuf_release(&v->body);
	strbuf_release(&v->vgrid_text);
	list_release(&v->names);
	free(v->first_nr_ini);
	free(v->n_items);
	free(v->n_rows);
	if (v->out)
		sar_set_out(&d->s, v->out);
	if (v->sink_out)
		fclose(v->sink_out);
	d->s.sink = NULL;
	d->s.sink_ctx = NULL;
	free(v);
	d->fmt = NULL;
}

static int
svg_run(struct sadf *d, const char *file)
{
	/* On the heap (its cells are big), and in d->fmt, for svg_release. */
	struct svg *v = calloc(1, sizeof(*v));
	struct counts n = {0, 1};
	unsigned int cpu_nr;
	int status = 0;
	bool found;

	if (!v)
		sysrec_nomem();
	d->fmt = v;
	v->d = d;
	v->cur = SIZE_MAX;
	v->file = file;
	v->opts = d->c->out_opts;
	v->local = d->c->time_mode == SADF_T_LOCAL;
	/* 12.6.1 takes no -t for SVG (the option is dropped before). */
	v->true_time = d->c->time_mode == SADF_T_TRUE && flavour_1275();
	v->pal = palettes[PAL_DEFAULT];
	if (opt(v, SADF_O_CUSTOMCOL)) {
		memcpy(v->custom, palettes[PAL_CUSTOM], sizeof(v->custom));
		custom_palette(v->custom, getenv("S_COLORS_PALETTE"));
		v->pal = v->custom;
	}
	if (opt(v, SADF_O_BWCOL)) {
		v->pal = palettes[PAL_BW];
		v->bw = true;
	}
	/* The views print nothing in sink mode, but some write their item numbers: drop them. */
	v->sink_out = fopen("/dev/null", "w");
	v->out = sadf_fp(d);
	sar_set_out(&d->s, v->sink_out ? v->sink_out : v->out);
	d->s.sink = &svg_sink;
	d->s.sink_ctx = v;
	if (d->c->header_only) {
		/* -H: the document's opening and closing only (sysstat's F_BEGIN + F_END). */
		fprintf(v->out,
		        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		        "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
		        "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
		        "<svg xmlns=\"http://www.w3.org/2000/svg\"%s>\n</svg>\n",
		        opt(v, SADF_O_SHOWTOC) ? " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" : "");
		goto out;
	}
	status = sar_init_acts(&d->s, file);
	if (status)
		goto out;
	v->w.curr = 1;
	v->w.reset = true;
	found = count_items(v);
	/* Nothing of the document is written when the count could not read the file whole. */
	if (v->err) {
		status = sadf_report_failed(d, v->err, file);
		goto out;
	}
	if (found) {
		v->nr_act_dispd = count_displayed(v);
		n = count_rows(v);
	}
	/* sysstat prints the header before its passes, with the CPU count they start from. */
	print_header(v, n.graph_nr, n.views_per_row);
	sar_set_out(&d->s, v->sink_out ? v->sink_out : v->out);
	if (found) {
		cpu_nr = d->s.r->hdr.sa_cpu_nr;
		if (find_first(v))
			run_all(v);
		d->s.r->hdr.sa_cpu_nr = cpu_nr;
	}
	body_flush(v);
	sar_set_out(&d->s, v->out);
	/*
	 * The passes read what the count read (the same records, to the same
	 * end): a read failing only now (the file changed) ends the document
	 * where it is, as sysstat's exit does.
	 */
	if (v->err) {
		status = sadf_report_failed(d, v->err, file);
		goto out;
	}
	print_trailer(v);
out:
	svg_release(d);
	return status;
}

const struct sadf_backend sadf_svg = {
        .run = svg_run,
        .release = svg_release,
};
