/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf -j (spec §4.3): sysstat's JSON, indented with TABs. Every record is
 * an object of the statistics array holding its timestamp and every
 * selected activity; the restarts and comments follow in arrays of their
 * own. Numbers are printed with a decimal point whatever the locale (main
 * sets LC_NUMERIC to C).
 */
#include <string.h>

#include "sadf.h"
#include "banned.h"

static void
line(struct sadf *d, int tab, const char *text)
{
	sadf_tabs(d, tab);
	fputs(text, d->out);
	putc('\n', d->out);
}

static void
line0(struct sadf *d, int tab, const char *text)
{
	sadf_tabs(d, tab);
	fputs(text, d->out);
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
	sadf_tabs(d, 3);
	fprintf(d->out, "\"nodename\": \"%s\",\n", h->sa_nodename);
	sadf_tabs(d, 3);
	fprintf(d->out, "\"sysname\": \"%s\",\n", h->sa_sysname);
	sadf_tabs(d, 3);
	fprintf(d->out, "\"release\": \"%s\",\n", h->sa_release);
	sadf_tabs(d, 3);
	fprintf(d->out, "\"machine\": \"%s\",\n", h->sa_machine);
	sadf_tabs(d, 3);
	fprintf(d->out, "\"number-of-cpus\": %d,\n", sadf_cpu_count(h->sa_cpu_nr));
	sadf_tabs(d, 3);
	fprintf(d->out, "\"file-date\": \"%s\",\n", date);
	if (gmtime_r(&t, &tm) && strftime(utc, sizeof(utc), "%T", &tm)) {
		sadf_tabs(d, 3);
		fprintf(d->out, "\"file-utc-time\": \"%s\",\n", utc);
	}
	sadf_tabs(d, 3);
	fprintf(d->out, "\"timezone\": \"%s\"", h->sa_tzname);
	d->tab = 3;
}

static void
file_end(struct sadf *d)
{
	putc('\n', d->out);
	line(d, 2, "}");
	line(d, 1, "]");
	line(d, 0, "}}");
}

static void
stats_begin(struct sadf *d)
{
	fputs(",\n", d->out);
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
	sadf_tabs(d, d->tab);
	fprintf(d->out,
	        "\"timestamp\": {\"date\": \"%s\", \"time\": \"%s\", \"utc\": %d, \"interval\": "
	        "%llu}",
	        d->date, d->time, d->utc ? 1 : 0, d->dt);
}

static void
record_end(struct sadf *d)
{
	putc('\n', d->out);
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
		fputs(",\n", d->out);
	if (n->group && (!d->open_group || strcmp(d->open_group, n->group))) {
		sadf_tabs(d, d->tab);
		fprintf(d->out, "\"%s\": {\n", n->group);
		d->open_group = n->group;
	}
	if (n->flags & SAR_NF_ITEMS) {
		sadf_tabs(d, view_tab(d));
		fprintf(d->out, "\"%s\": [\n", n->json);
	} else if (d->act_first) {
		sadf_tabs(d, view_tab(d));
		fprintf(d->out, "\"%s\": {", n->json);
	}
}

/*
 * "key": value pairs of the row's cells from `first`, separated by ", ".
 * Keys "a.b" nest: consecutive ones share the object "a" (io's "io-reads").
 */
static void
put(struct sadf *d, const char *s, size_t n)
{
	fwrite(s, 1, n, d->out);
}

static void
put_str(struct sadf *d, const char *s)
{
	fputs(s, d->out);
}

static void
pairs(struct sadf *d, size_t first, bool item_bare)
{
	const struct sar_names *n = d->view->names;
	const char *group = NULL; /* the open "a": { of keys "a.b", not NUL-terminated */
	size_t group_len = 0, k;
	char val[SADF_NUM_LEN];

	for (k = first; k < d->n_cells; k++) {
		const struct sar_cell *c = &d->cells[k];
		const char *key = sadf_key(d, c, n->keys, k), *name = key;
		const char *dot = strchr(key, '.');
		bool sep = k > first;
		size_t vlen = sadf_cell_text(d, c, val, sizeof(val));

		if (dot) {
			name = dot + 1;
			if (!group || group_len != (size_t) (dot - key) ||
			    memcmp(group, key, group_len)) {
				if (group)
					putc('}', d->out);
				if (sep)
					put(d, ", ", 2);
				putc('"', d->out);
				put(d, key, (size_t) (dot - key));
				put(d, "\": {", 4);
				group = key;
				group_len = (size_t) (dot - key);
				sep = false;
			}
		} else if (group) {
			putc('}', d->out);
			group = NULL;
		}
		if (sep)
			put(d, ", ", 2);
		putc('"', d->out);
		put_str(d, name);
		if (c->kind == SAR_CELL_STR && !(k == 0 && item_bare)) {
			put(d, "\": \"", 4);
			put(d, val, vlen);
			putc('"', d->out);
		} else {
			put(d, "\": ", 3);
			put(d, val, vlen);
		}
	}
	if (group)
		putc('}', d->out);
}

static void
row(struct sadf *d)
{
	const struct sar_names *n = d->view->names;

	if (n->json_row) {
		if (d->rows)
			fputs(",\n", d->out);
		n->json_row(&d->s, d->out, view_tab(d) + 1, d->cells, d->n_cells);
		return;
	}
	if (n->flags & SAR_NF_ITEMS) {
		if (d->rows)
			fputs(",\n", d->out);
		sadf_tabs(d, view_tab(d) + 1);
		putc('{', d->out);
		pairs(d, 0, n->flags & SAR_NF_ITEM_NUM);
		putc('}', d->out);
		return;
	}
	if (!d->act_first)
		fputs(", ", d->out);
	pairs(d, 0, false);
}

static void
view_end(struct sadf *d, const struct sar_view *v)
{
	if (v->names->flags & SAR_NF_ITEMS) {
		putc('\n', d->out);
		line0(d, view_tab(d), "]");
	} else if (d->act_last) {
		putc('}', d->out);
	}
}

static void
group_close(struct sadf *d, const char *group)
{
	(void) group;
	putc('\n', d->out);
	line0(d, d->tab, "}");
}

static void
restarts_begin(struct sadf *d)
{
	fputs(",\n", d->out);
	line(d, d->tab++, "\"restarts\": [");
	d->sep_restart = false;
}

static void
restart(struct sadf *d, int cpu_nr)
{
	if (d->sep_restart)
		fputs(",\n", d->out);
	line(d, d->tab++, "{");
	sadf_tabs(d, d->tab);
	fprintf(d->out,
	        "\"boot\": {\"date\": \"%s\", \"time\": \"%s\", \"utc\": %d, \"cpu_count\": %d}\n",
	        d->date, d->time, d->utc ? 1 : 0, cpu_nr);
	line0(d, --d->tab, "}");
	d->sep_restart = true;
}

static void
list_end(struct sadf *d, bool *sep)
{
	if (*sep)
		putc('\n', d->out);
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
	fputs(",\n", d->out);
	line(d, d->tab++, "\"comments\": [");
	d->sep_comment = false;
}

static void
comment(struct sadf *d, const char *text)
{
	if (d->sep_comment)
		fputs(",\n", d->out);
	line(d, d->tab++, "{");
	sadf_tabs(d, d->tab);
	fprintf(d->out,
	        "\"comment\": {\"date\": \"%s\", \"time\": \"%s\", \"utc\": %d, \"com\": \"%s\"}\n",
	        d->date, d->time, d->utc ? 1 : 0, text);
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
};
