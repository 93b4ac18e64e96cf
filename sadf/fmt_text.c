/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf -p (one line per value, TAB-separated) and -d (one line per item,
 * ';'-separated, after a "# hostname;interval;timestamp;..." field list)
 * (spec §4.1, §4.2). Both follow the locale's LC_NUMERIC, as sysstat does.
 */
#include <string.h>

#include "sadf.h"
#include "banned.h"

/* "host<sep>dt<sep>date time[ UTC]": the start of every line. */
static void
prefix(struct sadf *d, char sep, const char *dt)
{
	fprintf(d->out, "%s%c%s%c", d->s.r->hdr.sa_nodename, sep, dt, sep);
	if (d->date[0])
		fprintf(d->out, "%s ", d->date);
	fputs(d->time, d->out);
	if (d->date[0] && d->utc)
		fputs(" UTC", d->out);
}

static void
record_prefix(struct sadf *d, char sep)
{
	char dt[32];

	snprintf(dt, sizeof(dt), "%llu", d->dt);
	prefix(d, sep, dt);
}

/* The item of a row as -p and -d name it. */
static void
item_text(const struct sadf *d, bool db, char *buf, size_t len)
{
	const struct sar_names *n = d->view->names;
	const struct sar_cell *c = &d->cells[0];

	if (!(n->flags & SAR_NF_ITEMS) || d->n_cells == 0) {
		snprintf(buf, len, "-");
		return;
	}
	sadf_cell_text(d, c, buf, len);
	if (!(n->flags & SAR_NF_CPU_ITEM))
		return;
	if (!strcmp(buf, "all"))
		snprintf(buf, len, "%s", db ? "-1" : "all");
	else if (!db) {
		char num[32];

		snprintf(num, sizeof(num), "%s", buf);
		snprintf(buf, len, "cpu%s", num);
	}
}

static void
ppc_row(struct sadf *d)
{
	const struct sar_names *n = d->view->names;
	size_t k = (n->flags & SAR_NF_ITEMS) ? 1 : 0;
	char item[256], name[64], val[256];

	item_text(d, false, item, sizeof(item));
	for (; k < d->n_cells; k++) {
		record_prefix(d, '\t');
		sadf_cell_name(&d->cells[k], d->view->hdr, k, name, sizeof(name));
		sadf_cell_text(d, &d->cells[k], val, sizeof(val));
		fprintf(d->out, "\t%s\t%s\t%s\n", item, name, val);
	}
}

static void
db_row(struct sadf *d)
{
	const struct sar_names *n = d->view->names;
	size_t k = (n->flags & SAR_NF_ITEMS) ? 1 : 0;
	char item[256], val[256];

	record_prefix(d, ';');
	if (n->flags & SAR_NF_ITEMS) {
		item_text(d, true, item, sizeof(item));
		fprintf(d->out, ";%s", item);
	}
	for (; k < d->n_cells; k++) {
		sadf_cell_text(d, &d->cells[k], val, sizeof(val));
		fprintf(d->out, ";%s", val);
	}
	putc('\n', d->out);
}

/* The field list before each activity pass: the view's header, -r ALL's part when asked. */
static void
db_pass_begin(struct sadf *d, const struct sar_view *v)
{
	const char *amp = strchr(v->hdr, '&');
	size_t n = strlen(v->hdr);

	if (amp && !(d->s.o.outputs[v->act_id] & SAR_O_MEM_ALL))
		n = (size_t) (amp - v->hdr);
	fputs("# hostname;interval;timestamp;", d->out);
	for (size_t k = 0; k < n; k++)
		putc(v->hdr[k] == '&' ? ';' : v->hdr[k], d->out);
	putc('\n', d->out);
}

static void
special(struct sadf *d, char sep, const char *what)
{
	prefix(d, sep, "-1");
	fprintf(d->out, "%c%s\n", sep, what);
}

static void
ppc_restart(struct sadf *d, int cpu_nr)
{
	char what[64];

	snprintf(what, sizeof(what), "LINUX-RESTART\t(%d CPU)", cpu_nr);
	special(d, '\t', what);
}

static void
db_restart(struct sadf *d, int cpu_nr)
{
	char what[64];

	snprintf(what, sizeof(what), "LINUX-RESTART\t(%d CPU)", cpu_nr);
	special(d, ';', what);
}

static void
ppc_comment(struct sadf *d, const char *text)
{
	prefix(d, '\t', "-1");
	fprintf(d->out, "\tCOM %s\n", text);
}

static void
db_comment(struct sadf *d, const char *text)
{
	prefix(d, ';', "-1");
	fprintf(d->out, ";COM %s\n", text);
}

const struct sadf_backend sadf_ppc = {
        .row = ppc_row,
        .restart = ppc_restart,
        .comment = ppc_comment,
};

const struct sadf_backend sadf_db = {
        .row = db_row,
        .pass_begin = db_pass_begin,
        .restart = db_restart,
        .comment = db_comment,
};
