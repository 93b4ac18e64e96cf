/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf -p (one line per value, TAB-separated) and -d (one line per item,
 * ';'-separated, after a "# hostname;interval;timestamp;..." field list)
 * (spec §4.1, §4.2). Both follow the locale's LC_NUMERIC, as sysstat does.
 * With -d -h every activity of a record goes on one line: the record's
 * prefix once, then each row's item and values.
 */
#include <string.h>

#include "numfmt.h"
#include "sadf.h"
#include "banned.h"

static void
put(struct sadf *d, const char *s)
{
	fputs(s, d->out);
}

/* "host<sep>dt<sep>[date ]time[ UTC]" into buf (len bytes); returns its length. */
static size_t
build_prefix(const struct sadf *d, char *buf, size_t len, char sep, const char *dt)
{
	int n = snprintf(buf, len, "%s%c%s%c%s%s%s%s", d->s.r->hdr.sa_nodename, sep, dt, sep,
	                 d->date, d->date[0] ? " " : "", d->time,
	                 d->date[0] && d->utc ? " UTC" : "");

	return n < 0 ? 0 : (size_t) n < len ? (size_t) n : len - 1;
}

/* The record's prefix, built once per record (every -p value repeats it). */
static void
record_prefix(struct sadf *d, char sep)
{
	if (d->pfx_gen != d->stamp_gen || !d->pfx_len) {
		char dt[32];

		dt[numfmt_u64(dt, sizeof(dt) - 1, d->dt, 0)] = '\0';
		d->pfx_len = build_prefix(d, d->pfx, sizeof(d->pfx), sep, dt);
		d->pfx_gen = d->stamp_gen;
	}
	fwrite(d->pfx, 1, d->pfx_len, d->out);
}

/* The item of a row as -p and -d name it. */
static void
item_text(const struct sadf *d, bool db, char *buf, size_t len)
{
	const struct sar_names *n = d->view->names;
	const struct sar_cell *c = &d->cells[0];
	size_t k;

	if (!(n->flags & SAR_NF_ITEMS) || d->n_cells == 0) {
		snprintf(buf, len, "-");
		return;
	}
	k = sadf_cell_text(d, c, buf, len);
	if (!(n->flags & SAR_NF_CPU_ITEM))
		return;
	if (!strcmp(buf, "all")) {
		snprintf(buf, len, "%s", db ? "-1" : "all");
	} else if (!db && k + 4 <= len) {
		memmove(buf + 3, buf, k + 1);
		memcpy(buf, "cpu", 3);
	}
}

static void
ppc_row(struct sadf *d)
{
	const struct sar_names *n = d->view->names;
	size_t k = (n->flags & SAR_NF_ITEMS) ? 1 : 0;
	char item[SADF_NUM_LEN], val[SADF_NUM_LEN];

	item_text(d, false, item, sizeof(item));
	for (; k < d->n_cells; k++) {
		record_prefix(d, '\t');
		putc('\t', d->out);
		put(d, item);
		putc('\t', d->out);
		put(d, sadf_key(d, &d->cells[k], d->view->hdr, k));
		putc('\t', d->out);
		sadf_cell_text(d, &d->cells[k], val, sizeof(val));
		put(d, val);
		putc('\n', d->out);
	}
}

static void
db_row(struct sadf *d)
{
	const struct sar_names *n = d->view->names;
	size_t k = (n->flags & SAR_NF_ITEMS) ? 1 : 0;
	char val[SADF_NUM_LEN];

	/* -h: sysstat prints nothing for a row without values (IRQ without CPUs). */
	if (d->c->horizontal && !d->n_cells)
		return;
	if (!d->c->horizontal)
		record_prefix(d, ';');
	/* A row without cells is the time alone (IRQ when no CPU column is shown). */
	if ((n->flags & SAR_NF_ITEMS) && d->n_cells) {
		item_text(d, true, val, sizeof(val));
		putc(';', d->out);
		put(d, val);
	}
	for (; k < d->n_cells; k++) {
		sadf_cell_text(d, &d->cells[k], val, sizeof(val));
		putc(';', d->out);
		put(d, val);
	}
	if (!d->c->horizontal)
		putc('\n', d->out);
}

/* -d -h: the prefix once per record, the rows inline, then the end of the line. */
static void
db_record_begin(struct sadf *d)
{
	if (d->c->horizontal)
		record_prefix(d, ';');
}

static void
db_record_end(struct sadf *d)
{
	if (d->c->horizontal)
		putc('\n', d->out);
}

/* ";" and the fields of v (-r ALL's part after '&' when asked), "[...]" after those of many items. */
static void
db_fields(struct sadf *d, const struct sar_act *a, const struct sar_view *v)
{
	const char *amp = strchr(v->hdr, '&');
	size_t n = strlen(v->hdr), k;

	if (amp && !(d->s.o.outputs[v->act_id] & SAR_O_MEM_ALL))
		n = (size_t) (amp - v->hdr);
	putc(';', d->out);
	for (k = 0; k < n; k++)
		putc(v->hdr[k] == '&' ? ';' : v->hdr[k], d->out);
	if (d->c->horizontal && a && a->nr_ini > 1)
		put(d, "[...]");
}

/*
 * The field list before each pass (sysstat's list_fields): the output's
 * header, or with -h (v NULL) those of every selected output in sysstat's
 * activity order.
 */
static void
db_pass_begin(struct sadf *d, const struct sar_view *v)
{
	put(d, "# hostname;interval;timestamp");
	if (v)
		db_fields(d, NULL, v);
	else
		sadf_each_listed_view(d, db_fields);
	putc('\n', d->out);
}

static void
special(struct sadf *d, char sep, const char *what)
{
	char pfx[sizeof(d->pfx)];

	fwrite(pfx, 1, build_prefix(d, pfx, sizeof(pfx), sep, "-1"), d->out);
	putc(sep, d->out);
	put(d, what);
	putc('\n', d->out);
}

static void
restart(struct sadf *d, char sep, int cpu_nr)
{
	char what[64];

	snprintf(what, sizeof(what), "LINUX-RESTART\t(%d CPU)", cpu_nr);
	special(d, sep, what);
}

static void
ppc_restart(struct sadf *d, int cpu_nr)
{
	restart(d, '\t', cpu_nr);
}

static void
db_restart(struct sadf *d, int cpu_nr)
{
	restart(d, ';', cpu_nr);
}

static void
comment(struct sadf *d, char sep, const char *text)
{
	char what[SA_COMMENT_LEN + 8];

	snprintf(what, sizeof(what), "COM %s", text);
	special(d, sep, what);
}

static void
ppc_comment(struct sadf *d, const char *text)
{
	comment(d, '\t', text);
}

static void
db_comment(struct sadf *d, const char *text)
{
	comment(d, ';', text);
}

const struct sadf_backend sadf_ppc = {
        .row = ppc_row,
        .restart = ppc_restart,
        .comment = ppc_comment,
};

const struct sadf_backend sadf_db = {
        .row = db_row,
        .record_begin = db_record_begin,
        .record_end = db_record_end,
        .pass_begin = db_pass_begin,
        .restart = db_restart,
        .comment = db_comment,
};
