/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf -p (one line per value, TAB-separated) and -d (one line per item,
 * ';'-separated, after a "# hostname;interval;timestamp;..." field list)
 * (doc/report.md §5.2, §5.3). Both follow the locale's LC_NUMERIC, as sysstat does.
 * With -d -h every activity of a record goes on one line: the record's
 * prefix once, then each row's item and values.
 */
#include <string.h>

#include "sadf.h"
#include "common/numfmt.h"
#include "report/display.h"
#include "common/strbuf.h"
#include "common/banned.h"

/*
 * "host<sep>dt<sep>[date ]time[ zone]" into buf (len bytes); returns its
 * length. special: a restart's or a comment's (see sadf_zone()).
 */
static size_t
build_prefix(const struct sadf *d, char *buf, size_t len, char sep, const char *dt, bool special)
{
	/* "%s%c%s%c%s%s%s%s%s" by pieces: it was 8 % of sadf -d (once a record a pass). */
	const char *zone = sadf_zone(d, special);
	const char *part[] = {d->s.r->hdr.sa_nodename, "", dt, "", d->date, d->date[0] ? " " : "",
	                      d->time, zone ? " " : "", zone ? zone : ""};
	char sep_str[2] = {sep, '\0'};
	size_t n = 0, k;

	part[1] = part[3] = sep_str;
	buf[0] = '\0';
	for (k = 0; k < sizeof(part) / sizeof(part[0]) && n < len - 1; k++)
		n += str_copy(buf + n, len - n, part[k], len);
	return n;
}

/* The record's prefix in d->pfx, made once per record (every -p value repeats it). */
static inline void
prefix_of_record(struct sadf *d, char sep)
{
	char dt[32];

	if (d->pfx_gen == d->stamp_gen && d->pfx_len)
		return;
	dt[numfmt_u64(dt, sizeof(dt) - 1, d->dt, 0)] = '\0';
	d->pfx_len = build_prefix(d, d->pfx, sizeof(d->pfx), sep, dt, false);
	d->pfx_gen = d->stamp_gen;
}

/* The record's prefix. */
static void
record_prefix(struct sadf *d, char sep)
{
	prefix_of_record(d, sep);
	sadf_put_block(d, d->pfx, d->pfx_len, sizeof(d->pfx));
}

void
sadf_put_record_prefix(struct sadf *d, char sep)
{
	record_prefix(d, sep);
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

/* sadf_put_cell(), a value of two decimals (most of them) first without numfmt.c's calls. */
static inline void
put_value(struct sadf *d, const struct sar_cell *c)
{
	struct outbuf *o = &d->s.ob;
	size_t n;

	if (c->kind == SAR_CELL_NUM && c->decimals == 2 && d->dot &&
	    o->cap - o->len >= NUMFMT_PLAIN_ROOM &&
	    (n = numfmt_fixed2_small(o->buf + o->len, c->d))) {
		o->len += n;
		return;
	}
	sadf_put_cell(d, c);
}

static void
ppc_row(struct sadf *d)
{
	const struct sar_names *n = d->view->names;
	size_t k = (n->flags & SAR_NF_ITEMS) ? 1 : 0;
	const struct sadf_names *names = sadf_names_of(d, d->view->hdr);
	/* What every line of the row begins with: the record's prefix and the item, made once. */
	char head[sizeof(d->pfx) + SADF_NUM_LEN + 2];
	size_t head_len;

	prefix_of_record(d, '\t');
	memcpy(head, d->pfx, d->pfx_len);
	head_len = d->pfx_len;
	head[head_len++] = '\t';
	item_text(d, false, head + head_len, SADF_NUM_LEN);
	head_len += strlen(head + head_len);
	head[head_len++] = '\t';
	for (; k < d->n_cells; k++) {
		struct sadf_name tmp;
		const struct sadf_name *key = sadf_cell_key_at(names, &d->cells[k], k, &tmp);

		sadf_put_block(d, head, head_len, sizeof(head));
		/* A list's names are padded for sadf_put_block(), a cell's own are not. */
		sadf_put_block(d, key->s, key->len, key == &tmp ? 0 : 64);
		sadf_putc(d, '\t');
		put_value(d, &d->cells[k]);
		sadf_putc(d, '\n');
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
		sadf_putc(d, ';');
		sadf_puts(d, val);
	}
	for (; k < d->n_cells; k++) {
		sadf_putc(d, ';');
		put_value(d, &d->cells[k]);
	}
	if (!d->c->horizontal)
		sadf_putc(d, '\n');
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
		sadf_putc(d, '\n');
}

/* The field list is printed in parts, each in the comment colour (sysstat's cprintf_s). */
static void
comment_part(struct sadf *d, const char *s, size_t n)
{
	if (d->s.colors)
		sadf_puts(d, d->s.sgr[SAR_SGR_COMMENT]);
	sadf_put(d, s, n);
	if (d->s.colors)
		sadf_puts(d, d->s.sgr[SAR_SGR_NORMAL]);
}

void
sadf_put_comment(struct sadf *d, const char *s, size_t n)
{
	comment_part(d, s, n);
}

/* ";" and the fields of v (-r ALL's part after '&' when asked), "[...]" after those of many items.
 */
static void
db_fields(struct sadf *d, const struct sar_act *a, const struct sar_view *v)
{
	const char *amp = strchr(v->hdr, '&');
	size_t n = strlen(v->hdr), k;
	char buf[1024];

	if (amp && !(d->s.o.outputs[v->act_id] & SAR_O_MEM_ALL))
		n = (size_t) (amp - v->hdr);
	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	buf[0] = ';';
	for (k = 0; k < n; k++)
		buf[k + 1] = v->hdr[k] == '&' ? ';' : v->hdr[k];
	comment_part(d, buf, n + 1);
	if (d->c->horizontal && a && a->nr_ini > 1)
		comment_part(d, "[...]", 5);
}

/*
 * The field list before each pass (sysstat's list_fields): the output's
 * header, or with -h (v NULL) those of every selected output in sysstat's
 * activity order.
 */
static void
db_pass_begin(struct sadf *d, const struct sar_view *v)
{
	static const char start[] = "# hostname;interval;timestamp";

	comment_part(d, start, sizeof(start) - 1);
	if (v)
		db_fields(d, NULL, v);
	else
		sadf_each_listed_view(d, db_fields);
	sadf_putc(d, '\n');
}

static void
special(struct sadf *d, char sep, const char *what)
{
	char pfx[sizeof(d->pfx)];

	sadf_put(d, pfx, build_prefix(d, pfx, sizeof(pfx), sep, "-1", true));
	sadf_putc(d, sep);
	sadf_puts(d, what);
	sadf_putc(d, '\n');
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
