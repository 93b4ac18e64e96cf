/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf -j (doc/report.md §5.4): sysstat's JSON, indented with TABs. Every record is
 * an object of the statistics array holding its timestamp and every
 * selected activity; the restarts and comments follow in arrays of their
 * own. Numbers are printed with a decimal point whatever the locale (main
 * sets LC_NUMERIC to C).
 */
#include <string.h>

#include "sadf.h"
#include "common/compat.h"
#include "common/numfmt.h"
#include "report/use.h"
#include "common/banned.h"

static void
line(struct sadf *d, int tab, const char *text)
{
	sadf_put_tabs(d, tab);
	sadf_puts(d, text);
	sadf_putc(d, '\n');
}

static void
line0(struct sadf *d, int tab, const char *text)
{
	sadf_put_tabs(d, tab);
	sadf_puts(d, text);
}

/* The zone of a time: "utc": 0 or 1 (12.6.1), "tz": "name" (12.7.5). */
static void
zone_field(const struct sadf *d, char *buf, size_t len)
{
	if (flavour_1275())
		snprintf(buf, len, "\"tz\": \"%s\"", sadf_tz(d));
	else
		snprintf(buf, len, "\"utc\": %d", d->utc ? 1 : 0);
}

static void
file_begin(struct sadf *d)
{
	const struct sa_file_header *h = &d->s.r->hdr;
	char date[32] = "", utc[32] = "";
	struct tm tm;
	time_t t = (time_t) h->sa_ust_time;

	sadf_file_date(date, sizeof(date), h, d->c->time_mode);
	line(d, 0, "{\"sysstat\": {");
	line(d, 1, "\"hosts\": [");
	line(d, 2, "{");
	sadf_put_tabs(d, 3);
	sadf_printf(d, "\"nodename\": \"%s\",\n", h->sa_nodename);
	sadf_put_tabs(d, 3);
	sadf_printf(d, "\"sysname\": \"%s\",\n", h->sa_sysname);
	sadf_put_tabs(d, 3);
	sadf_printf(d, "\"release\": \"%s\",\n", h->sa_release);
	sadf_put_tabs(d, 3);
	sadf_printf(d, "\"machine\": \"%s\",\n", h->sa_machine);
	sadf_put_tabs(d, 3);
	sadf_printf(d, "\"number-of-cpus\": %d,\n", sadf_cpu_count(h->sa_cpu_nr));
	sadf_put_tabs(d, 3);
	sadf_printf(d, "\"file-date\": \"%s\",\n", date);
	if (gmtime_r(&t, &tm) && strftime(utc, sizeof(utc), "%T", &tm)) {
		sadf_put_tabs(d, 3);
		sadf_printf(d, "\"file-utc-time\": \"%s\",\n", utc);
	}
	sadf_put_tabs(d, 3);
	sadf_printf(d, "\"timezone\": \"%s\"", h->sa_tzname);
	d->tab = 3;
}

static void
file_end(struct sadf *d)
{
	sadf_putc(d, '\n');
	line(d, 2, "}");
	line(d, 1, "]");
	line(d, 0, "}}");
}

static void
stats_begin(struct sadf *d)
{
	sadf_puts(d, ",\n");
	line(d, d->tab++, "\"statistics\": [");
	d->sep_stats = false;
}

static void
stats_record(struct sadf *d)
{
	if (d->sep_stats)
		line(d, --d->tab, "},");
	line(d, d->tab++, "{");
	d->sep_stats = true;
}

static void
stats_end(struct sadf *d)
{
	if (d->sep_stats)
		line(d, --d->tab, "}");
	line0(d, --d->tab, "]");
}

static void
record_begin(struct sadf *d)
{
	char num[32], zone[48];

	zone_field(d, zone, sizeof(zone));
	sadf_put_tabs(d, d->tab);
	sadf_puts(d, "\"timestamp\": {\"date\": \"");
	sadf_puts(d, d->date);
	sadf_puts(d, "\", \"time\": \"");
	sadf_puts(d, d->time);
	sadf_puts(d, "\", ");
	sadf_puts(d, zone);
	sadf_puts(d, ", \"interval\": ");
	sadf_put(d, num, numfmt_u64(num, sizeof(num), d->dt, 0));
	sadf_putc(d, '}');
}

static void
record_end(struct sadf *d)
{
	sadf_putc(d, '\n');
}

/* The indentation of the view's own lines: one more inside a wrapper. */
static int
view_tab(const struct sadf *d)
{
	return d->tab + (d->view->names->group ? 1 : 0);
}

static void
view_begin(struct sadf *d, const struct sar_view *v)
{
	const struct sar_names *n = v->names;

	if (d->act_first)
		sadf_puts(d, ",\n");
	if (n->group && (!d->open_group || strcmp(d->open_group, n->group))) {
		sadf_put_tabs(d, d->tab);
		sadf_putc(d, '"');
		sadf_puts(d, n->group);
		sadf_put(d, "\": {\n", 5);
		d->open_group = n->group;
	}
	if (n->flags & SAR_NF_ITEMS) {
		sadf_put_tabs(d, view_tab(d));
		sadf_putc(d, '"');
		sadf_puts(d, n->json);
		sadf_put(d, "\": [\n", 5);
	} else if (d->act_first) {
		sadf_put_tabs(d, view_tab(d));
		sadf_putc(d, '"');
		sadf_puts(d, n->json);
		sadf_put(d, "\": {", 4);
	}
	/* The rows of a hand-written json_row take their cells captured. */
	d->direct = !n->json_row;
	d->row_keys = sadf_names_of(d, n->keys);
	d->row_tab = view_tab(d) + 1;
	d->row_fast_n = d->direct && d->dot ? d->row_keys->n_blocks : 0;
}

/*
 * "key": value pairs of the row's cells from `first`, separated by ", ".
 * Keys "a.b" nest: consecutive ones share the object "a" (io's "io-reads").
 */
static void
pairs(struct sadf *d, size_t first, bool item_bare)
{
	const struct sadf_names *names = sadf_names_of(d, d->view->names->keys);
	const char *group = NULL; /* the open "a": { of keys "a.b", not NUL-terminated */
	size_t group_len = 0, k;

	for (k = first; k < d->n_cells; k++) {
		const struct sar_cell *c = &d->cells[k];
		struct sadf_name tmp;
		const struct sadf_name *key = sadf_cell_key_at(names, c, k, &tmp);
		bool sep = k > first;

		if (key->dot >= 0) {
			if (!group || group_len != (size_t) key->dot ||
			    memcmp(group, key->s, group_len)) {
				if (group)
					sadf_putc(d, '}');
				if (sep)
					sadf_put(d, ", ", 2);
				sadf_putc(d, '"');
				sadf_put(d, key->s, (size_t) key->dot);
				sadf_put(d, "\": {", 4);
				group = key->s;
				group_len = (size_t) key->dot;
				sep = false;
			}
		} else if (group) {
			sadf_putc(d, '}');
			group = NULL;
		}
		if (sep)
			sadf_put(d, ", ", 2);
		if (key->form) {
			sadf_put_form(d, key->form, key->form_len);
		} else {
			sadf_putc(d, '"');
			sadf_put(d, key->s + key->dot + 1, key->len - (size_t) (key->dot + 1));
			sadf_put(d, "\": ", 3);
		}
		if (c->kind == SAR_CELL_STR && !(k == 0 && item_bare)) {
			sadf_putc(d, '"');
			sadf_put_cell(d, c);
			sadf_putc(d, '"');
		} else {
			sadf_put_cell(d, c);
		}
	}
	if (group)
		sadf_putc(d, '}');
}

static void
row(struct sadf *d)
{
	const struct sar_names *n = d->view->names;

	if (n->json_row) {
		if (d->rows)
			sadf_puts(d, ",\n");
		n->json_row(&d->s, &d->s.ob, view_tab(d) + 1, d->cells, d->n_cells);
		return;
	}
	if (n->flags & SAR_NF_ITEMS) {
		if (d->rows)
			sadf_puts(d, ",\n");
		sadf_put_tabs(d, view_tab(d) + 1);
		sadf_putc(d, '{');
		pairs(d, 0, n->flags & SAR_NF_ITEM_NUM);
		sadf_putc(d, '}');
		return;
	}
	if (!d->act_first)
		sadf_puts(d, ", ");
	pairs(d, 0, false);
}

/* ---- the sink: rows written as their cells come (sadf.h's direct rows) ---- */

/* What row() writes before the row's pairs. */
static void
json_row_begin(struct sar *s)
{
	struct sadf *d = s->sink_ctx;

	if (!sadf_direct_row_begin(d))
		return;
	d->row_group = false;
	if (d->view->names->flags & SAR_NF_ITEMS) {
		if (d->rows)
			sadf_put(d, ",\n", 2);
		sadf_put_tabs(d, d->row_tab);
		sadf_putc(d, '{');
	} else if (!d->act_first) {
		sadf_put(d, ", ", 2);
	}
}

/*
 * pairs()'s k-th pair, in full: a name of its own, "a.b" names, strings.
 * The room for all of it is made first: the row can then be taken back
 * unless the buffer had to be written out.
 */
static __attribute__((noinline)) void
json_cell_slow(struct sadf *d, const struct sar_cell *c)
{
	size_t k;
	struct sadf_name key = sadf_direct_key(d, &k);
	size_t vlen = c->kind != SAR_CELL_STR ? SADF_NUM_LEN : c->str ? strlen(c->str) : 0;
	bool sep = k > 0;

	sadf_direct_room(d, 16 + 2 * key.len + vlen);
	if (key.dot >= 0) {
		struct strbuf *g = &d->strs;

		if (!d->row_group || g->len != (size_t) key.dot || memcmp(g->buf, key.s, g->len)) {
			if (d->row_group)
				sadf_putc(d, '}');
			if (sep)
				sadf_put(d, ", ", 2);
			sadf_putc(d, '"');
			sadf_put(d, key.s, (size_t) key.dot);
			sadf_put(d, "\": {", 4);
			strbuf_reset(g);
			strbuf_add(g, key.s, (size_t) key.dot);
			d->row_group = true;
			sep = false;
		}
	} else if (d->row_group) {
		sadf_putc(d, '}');
		d->row_group = false;
	}
	if (sep)
		sadf_put(d, ", ", 2);
	if (key.form) {
		sadf_put(d, key.form, key.form_len);
	} else {
		sadf_putc(d, '"');
		sadf_put(d, key.s + key.dot + 1, key.len - (size_t) (key.dot + 1));
		sadf_put(d, "\": ", 3);
	}
	if (c->kind == SAR_CELL_STR && !(k == 0 && (d->view->names->flags & SAR_NF_ITEM_NUM))) {
		sadf_putc(d, '"');
		sadf_put_cell(d, c);
		sadf_putc(d, '"');
	} else {
		sadf_put_cell(d, c);
	}
}

/* A string cell at p, in quotes unless bare, cut as sadf_put_cell() cuts it; returns its length. */
static size_t
put_str_at(char *p, const struct sar_cell *c, bool bare)
{
	size_t n;

	if (bare)
		return sadf_copy_str(p, c->str);
	p[0] = '"';
	n = sadf_copy_str(p + 1, c->str);
	p[n + 1] = '"';
	return n + 2;
}

/* The value of json_cell() at p (the separator and the name before it), all but the inline one. */
static __attribute__((noinline)) void
json_value(struct sadf *d, const struct sar_cell *c, char *p, size_t k)
{
	struct outbuf *o = &d->s.ob;
	size_t n;

	if (c->kind == SAR_CELL_STR) {
		n = put_str_at(p, c, k == 0 && (d->view->names->flags & SAR_NF_ITEM_NUM));
	} else if (!(n = sadf_num_at(p, c))) {
		/* Out of its range: printf's digits (the room is there). */
		o->len = (size_t) (p - o->buf);
		sadf_put_cell_slow(d, c);
		return;
	}
	o->len = (size_t) (p + n - o->buf);
}

/* The cells json_cell() does not write itself: in full, or captured. */
static __attribute__((noinline)) void
json_cell_other(struct sadf *d, const struct sar_cell *c)
{
	if (d->direct)
		json_cell_slow(d, c);
	else
		sadf_capture_cell(&d->s, c);
}

/*
 * A cell of the view's own names (most of every row): its separator, its
 * name as one block of bytes and its value written in place. Everything
 * but a value of 2 decimals is a tail call, so that the common path
 * saves no registers.
 */
static void
json_cell(struct sar *s, const struct sar_cell *c)
{
	struct sadf *d = s->sink_ctx;
	struct outbuf *o = &d->s.ob;
	size_t k = d->n_cells, n;
	const struct sadf_name *key;
	char *p;

	if (k >= d->row_fast_n || s->pending_name || o->cap - o->len < 2 + 32 + 2 + SADF_NUM_LEN) {
		json_cell_other(d, c);
		return;
	}
	key = &d->row_keys->v[k];
	p = o->buf + o->len;
	d->n_cells = k + 1;
	memcpy(p, ", ", 2);
	p += k ? 2 : 0;
	memcpy(p, key->form, 32);
	p += key->form_len;
	if (c->kind == SAR_CELL_NUM && c->decimals == 2 && (n = numfmt_fixed2_small(p, c->d))) {
		o->len = (size_t) (p + n - o->buf);
		return;
	}
	json_value(d, c, p, k);
}

static void
json_row_end(struct sar *s)
{
	struct sadf *d = s->sink_ctx;

	if (!d->direct) {
		sadf_capture_row_end(s);
		return;
	}
	if (d->row_group)
		sadf_putc(d, '}');
	if (d->view->names->flags & SAR_NF_ITEMS)
		sadf_putc(d, '}');
	sadf_direct_row_end(d);
}

static const struct sar_sink json_sink = {json_row_begin, json_cell, json_row_end};

static void
view_end(struct sadf *d, const struct sar_view *v)
{
	if (v->names->flags & SAR_NF_ITEMS) {
		sadf_putc(d, '\n');
		line0(d, view_tab(d), "]");
	} else if (d->act_last) {
		sadf_putc(d, '}');
	}
}

static void
group_close(struct sadf *d, const char *group)
{
	(void) group;
	sadf_putc(d, '\n');
	line0(d, d->tab, "}");
}

static void
restarts_begin(struct sadf *d)
{
	sadf_puts(d, ",\n");
	line(d, d->tab++, "\"restarts\": [");
	d->sep_restart = false;
}

static void
restart(struct sadf *d, int cpu_nr)
{
	char zone[48];

	zone_field(d, zone, sizeof(zone));
	if (d->sep_restart)
		sadf_puts(d, ",\n");
	line(d, d->tab++, "{");
	sadf_put_tabs(d, d->tab);
	sadf_printf(
	        d,
	        "\"boot\": {\"date\": \"%s\", \"time\": \"%s\", %s, \"cpu_count\": %d}\n",
	        d->date, d->time, zone, cpu_nr);
	line0(d, --d->tab, "}");
	d->sep_restart = true;
}

static void
list_end(struct sadf *d, bool *sep)
{
	if (*sep)
		sadf_putc(d, '\n');
	*sep = false;
	line0(d, --d->tab, "]");
}

static void
restarts_end(struct sadf *d)
{
	list_end(d, &d->sep_restart);
}

static void
comments_begin(struct sadf *d)
{
	sadf_puts(d, ",\n");
	line(d, d->tab++, "\"comments\": [");
	d->sep_comment = false;
}

static void
comment(struct sadf *d, const char *text)
{
	char zone[48];

	zone_field(d, zone, sizeof(zone));
	if (d->sep_comment)
		sadf_puts(d, ",\n");
	line(d, d->tab++, "{");
	sadf_put_tabs(d, d->tab);
	sadf_printf(
	        d,
	        "\"comment\": {\"date\": \"%s\", \"time\": \"%s\", %s, \"com\": \"%s\"}\n",
	        d->date, d->time, zone, text);
	line0(d, --d->tab, "}");
	d->sep_comment = true;
}

static void
comments_end(struct sadf *d)
{
	list_end(d, &d->sep_comment);
}

const struct sadf_backend sadf_json = {
        .by_record = true,
        .row = row,
        .file_begin = file_begin,
        .file_end = file_end,
        .stats_begin = stats_begin,
        .stats_record = stats_record,
        .stats_end = stats_end,
        .record_begin = record_begin,
        .record_end = record_end,
        .view_begin = view_begin,
        .view_end = view_end,
        .group_close = group_close,
        .restarts_begin = restarts_begin,
        .restart = restart,
        .restarts_end = restarts_end,
        .comments_begin = comments_begin,
        .comment = comment,
        .comments_end = comments_end,
        .sink = &json_sink,
};

int
sadf_json_use(struct sadf *d, const char *file)
{
	struct strbuf sb = {0};
	int rc;

	rc = sar_init_acts(&d->s, file);
	if (rc)
		return rc;
	d->s.o.use_utc = d->utc;
	/* The analysis first: a bad limit stops the run before any output. */
	rc = use_json_file(&d->s, 4, &sb);
	file_begin(d);
	sadf_puts(d, ",\n");
	line(d, 3, "\"use\": {");
	sadf_puts(d, sb.buf ? sb.buf : "");
	sadf_putc(d, '\n');
	line0(d, 3, "}");
	file_end(d);
	strbuf_release(&sb);
	sadf_flush(d);
	/* A bad record ended the reading: the document of what came before, then the message. */
	return rc < 0 ? sadf_report_failed(d, rc, file) : 0;
}
