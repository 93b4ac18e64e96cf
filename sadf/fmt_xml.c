/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf -x (spec §4.4): sysstat's XML (DTD 3.11), indented with TABs. Every
 * record is a <timestamp> element holding every selected activity; the
 * restarts and comments follow in lists of their own.
 */
#include <string.h>

#include "sadf.h"
#include "banned.h"

#define XML_DTD_VERSION "3.11"

/* The attributes of the wrapper elements. */
static const struct {
	const char *group;
	const char *attrs;
} group_attrs[] = {
        {"network", " per=\"second\""},
        {"power-management", ""},
        {"psi", " per=\"second\""},
};

static void
line(struct sadf *d, int tab, const char *text)
{
	sadf_tabs(d, tab);
	fputs(text, d->out);
	putc('\n', d->out);
}

static void
file_begin(struct sadf *d)
{
	const struct sa_file_header *h = &d->s.r->hdr;
	char date[32] = "", utc[32] = "";
	struct tm tm;
	time_t t = (time_t) h->sa_ust_time;

	sadf_file_date(date, sizeof(date), h, d->c->time_mode);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", d->out);
	fprintf(d->out, "<!DOCTYPE sysstat PUBLIC \"DTD v%s sysstat //EN\"\n", XML_DTD_VERSION);
	fprintf(d->out, "\"http://pagesperso-orange.fr/sebastien.godard/sysstat-%s.dtd\">\n",
	        XML_DTD_VERSION);
	fputs("<sysstat\n"
	      "xmlns=\"http://pagesperso-orange.fr/sebastien.godard/sysstat\"\n"
	      "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
	      "xsi:schemaLocation=\"http://pagesperso-orange.fr/sebastien.godard sysstat.xsd\">\n",
	      d->out);
	fprintf(d->out, "\t<sysdata-version>%s</sysdata-version>\n", XML_DTD_VERSION);
	fprintf(d->out, "\t<host nodename=\"%s\">\n", h->sa_nodename);
	fprintf(d->out, "\t\t<sysname>%s</sysname>\n", h->sa_sysname);
	fprintf(d->out, "\t\t<release>%s</release>\n", h->sa_release);
	fprintf(d->out, "\t\t<machine>%s</machine>\n", h->sa_machine);
	fprintf(d->out, "\t\t<number-of-cpus>%d</number-of-cpus>\n", sadf_cpu_count(h->sa_cpu_nr));
	fprintf(d->out, "\t\t<file-date>%s</file-date>\n", date);
	if (gmtime_r(&t, &tm) && strftime(utc, sizeof(utc), "%T", &tm))
		fprintf(d->out, "\t\t<file-utc-time>%s</file-utc-time>\n", utc);
	fprintf(d->out, "\t\t<timezone>%s</timezone>\n", h->sa_tzname);
	d->tab = 2;
}

static void
file_end(struct sadf *d)
{
	line(d, --d->tab, "</host>");
	line(d, --d->tab, "</sysstat>");
}

static void
stats_begin(struct sadf *d)
{
	line(d, d->tab++, "<statistics>");
}

static void
stats_end(struct sadf *d)
{
	line(d, --d->tab, "</statistics>");
}

static void
record_begin(struct sadf *d)
{
	sadf_tabs(d, d->tab++);
	fprintf(d->out, "<timestamp date=\"%s\" time=\"%s\" utc=\"%d\" interval=\"%llu\">\n",
	        d->date, d->time, d->utc ? 1 : 0, d->dt);
}

static void
record_end(struct sadf *d)
{
	line(d, --d->tab, "</timestamp>");
}

static int
view_tab(const struct sadf *d)
{
	return d->tab + (d->view->names->group ? 1 : 0);
}

static const char *
attrs_of_group(const char *group)
{
	size_t k;

	for (k = 0; k < sizeof(group_attrs) / sizeof(group_attrs[0]); k++)
		if (!strcmp(group_attrs[k].group, group))
			return group_attrs[k].attrs;
	return "";
}

static const char *
xml_keys(const struct sar_names *n)
{
	return n->xml_keys ? n->xml_keys : n->keys;
}

/* Keys "a.b" make elements <a b=".."/> inside the activity's element (io's io-reads). */
static bool
has_dotted_keys(const struct sar_names *n)
{
	return strchr(xml_keys(n), '.') != NULL;
}

/* The rows sit inside the activity's element (when it has one and rows of their own). */
static bool
has_container(const struct sar_names *n)
{
	return n->xml && (n->xml_item || (n->flags & SAR_NF_XML_ELEMS) || has_dotted_keys(n) ||
	                  n->xml_row);
}

static void
view_begin(struct sadf *d, const struct sar_view *v)
{
	const struct sar_names *n = v->names;

	if (n->group && (!d->open_group || strcmp(d->open_group, n->group))) {
		sadf_tabs(d, d->tab);
		fprintf(d->out, "<%s%s>\n", n->group, attrs_of_group(n->group));
		d->open_group = n->group;
	}
	if (has_container(n) && d->act_first) {
		sadf_tabs(d, view_tab(d));
		fprintf(d->out, "<%s%s>\n", n->xml, n->xml_attrs ? n->xml_attrs : "");
	}
}

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

/* Elements of values: <k>v</k>, and <a b="v" c="v"/> for keys a.b, a.c. */
static void
element_row(struct sadf *d)
{
	const struct sar_names *n = d->view->names;
	const char *group = NULL; /* the open <a of keys "a.b", not NUL-terminated */
	size_t group_len = 0, k;
	int tab = view_tab(d) + 1;
	char val[SADF_NUM_LEN];

	for (k = 0; k < d->n_cells; k++) {
		const char *key = sadf_key(d, &d->cells[k], xml_keys(n), k);
		const char *dot = strchr(key, '.');
		size_t klen = dot ? (size_t) (dot - key) : strlen(key);
		size_t vlen = sadf_cell_text(d, &d->cells[k], val, sizeof(val));

		if (group && (!dot || group_len != klen || memcmp(group, key, klen))) {
			put(d, "/>\n", 3);
			group = NULL;
		}
		if (!dot) {
			sadf_tabs(d, tab);
			putc('<', d->out);
			put(d, key, klen);
			putc('>', d->out);
			put(d, val, vlen);
			put(d, "</", 2);
			put(d, key, klen);
			put(d, ">\n", 2);
			continue;
		}
		if (!group) {
			sadf_tabs(d, tab);
			putc('<', d->out);
			put(d, key, klen);
			group = key;
			group_len = klen;
		}
		putc(' ', d->out);
		put_str(d, dot + 1);
		put(d, "=\"", 2);
		put(d, val, vlen);
		putc('"', d->out);
	}
	if (group)
		put(d, "/>\n", 3);
}

static void
row(struct sadf *d)
{
	const struct sar_names *n = d->view->names;
	char val[SADF_NUM_LEN];
	size_t k;

	if (n->xml_row) {
		n->xml_row(&d->s, d->out, view_tab(d) + (has_container(n) ? 1 : 0), d->cells,
		           d->n_cells);
		return;
	}
	if ((n->flags & SAR_NF_XML_ELEMS) || has_dotted_keys(n)) {
		element_row(d);
		return;
	}
	if (n->xml_item) {
		sadf_tabs(d, view_tab(d) + (has_container(n) ? 1 : 0));
		putc('<', d->out);
		put_str(d, n->xml_item);
	} else {
		sadf_tabs(d, view_tab(d));
		putc('<', d->out);
		put_str(d, n->xml);
		put_str(d, n->xml_attrs ? n->xml_attrs : "");
	}
	for (k = 0; k < d->n_cells; k++) {
		size_t vlen = sadf_cell_text(d, &d->cells[k], val, sizeof(val));

		putc(' ', d->out);
		put_str(d, sadf_key(d, &d->cells[k], xml_keys(n), k));
		put(d, "=\"", 2);
		put(d, val, vlen);
		putc('"', d->out);
	}
	put(d, "/>\n", 3);
}

static void
view_end(struct sadf *d, const struct sar_view *v)
{
	const struct sar_names *n = v->names;

	if (has_container(n) && d->act_last) {
		sadf_tabs(d, view_tab(d));
		fprintf(d->out, "</%s>\n", n->xml);
	}
}

static void
group_close(struct sadf *d, const char *group)
{
	sadf_tabs(d, d->tab);
	fprintf(d->out, "</%s>\n", group);
}

static void
restarts_begin(struct sadf *d)
{
	line(d, d->tab++, "<restarts>");
}

static void
restart(struct sadf *d, int cpu_nr)
{
	sadf_tabs(d, d->tab);
	fprintf(d->out, "<boot date=\"%s\" time=\"%s\" utc=\"%d\" cpu_count=\"%d\"/>\n", d->date,
	        d->time, d->utc ? 1 : 0, cpu_nr);
}

static void
restarts_end(struct sadf *d)
{
	line(d, --d->tab, "</restarts>");
}

static void
comments_begin(struct sadf *d)
{
	line(d, d->tab++, "<comments>");
}

static void
comment(struct sadf *d, const char *text)
{
	sadf_tabs(d, d->tab);
	fprintf(d->out, "<comment date=\"%s\" time=\"%s\" utc=\"%d\" com=\"%s\"/>\n", d->date,
	        d->time, d->utc ? 1 : 0, text);
}

static void
comments_end(struct sadf *d)
{
	line(d, --d->tab, "</comments>");
}

const struct sadf_backend sadf_xml = {
        .by_record = true,
        .row = row,
        .file_begin = file_begin,
        .file_end = file_end,
        .stats_begin = stats_begin,
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
