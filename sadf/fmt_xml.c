/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf -x (doc/report.md §5.5): sysstat's XML (DTD 3.11; 3.16 under 12.7.5, which
 * has no DOCTYPE and sysstat.github.io's namespace), indented with TABs. Every
 * record is a <timestamp> element holding every selected activity; the
 * restarts and comments follow in lists of their own.
 */
#include <string.h>

#include "sadf.h"
#include "common/compat.h"
#include "common/numfmt.h"
#include "common/banned.h"

#define XML_DTD_VERSION "3.11"
#define XML_DTD_VERSION_1275 "3.16"

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
	sadf_put_tabs(d, tab);
	sadf_puts(d, text);
	sadf_putc(d, '\n');
}

/* The zone of a time: utc="0" or "1" (12.6.1), tz="name" (12.7.5). */
static void
zone_attr(const struct sadf *d, char *buf, size_t len)
{
	if (flavour_1275())
		snprintf(buf, len, "tz=\"%s\"", sadf_tz(d));
	else
		snprintf(buf, len, "utc=\"%d\"", d->utc ? 1 : 0);
}

static void
file_begin(struct sadf *d)
{
	const struct sa_file_header *h = &d->s.r->hdr;
	char date[32] = "", utc[32] = "";
	struct tm tm;
	time_t t = (time_t) h->sa_ust_time;

	sadf_file_date(date, sizeof(date), h, d->c->time_mode);
	sadf_puts(d, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	if (flavour_1275()) {
		sadf_puts(d, "<sysstat\n"
		             "xmlns=\"https://sysstat.github.io\"\n"
		             "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
		             "xsi:schemaLocation=\"https://sysstat.github.io "
		             "https://sysstat.github.io/sysstat.xsd\">\n");
		sadf_printf(d, "\t<sysdata-version>%s</sysdata-version>\n", XML_DTD_VERSION_1275);
	} else {
		sadf_printf(d, "<!DOCTYPE sysstat PUBLIC \"DTD v%s sysstat //EN\"\n",
		            XML_DTD_VERSION);
		sadf_printf(d, "\"http://pagesperso-orange.fr/sebastien.godard/sysstat-%s.dtd\">\n",
		            XML_DTD_VERSION);
		sadf_puts(d, "<sysstat\n"
		             "xmlns=\"http://pagesperso-orange.fr/sebastien.godard/sysstat\"\n"
		             "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
		             "xsi:schemaLocation=\"http://pagesperso-orange.fr/sebastien.godard "
		             "sysstat.xsd\">\n");
		sadf_printf(d, "\t<sysdata-version>%s</sysdata-version>\n", XML_DTD_VERSION);
	}
	sadf_printf(d, "\t<host nodename=\"%s\">\n", h->sa_nodename);
	sadf_printf(d, "\t\t<sysname>%s</sysname>\n", h->sa_sysname);
	sadf_printf(d, "\t\t<release>%s</release>\n", h->sa_release);
	sadf_printf(d, "\t\t<machine>%s</machine>\n", h->sa_machine);
	sadf_printf(d, "\t\t<number-of-cpus>%d</number-of-cpus>\n", sadf_cpu_count(h->sa_cpu_nr));
	sadf_printf(d, "\t\t<file-date>%s</file-date>\n", date);
	if (gmtime_r(&t, &tm) && strftime(utc, sizeof(utc), "%T", &tm))
		sadf_printf(d, "\t\t<file-utc-time>%s</file-utc-time>\n", utc);
	sadf_printf(d, "\t\t<timezone>%s</timezone>\n", h->sa_tzname);
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
	char num[32], zone[48];

	zone_attr(d, zone, sizeof(zone));
	sadf_put_tabs(d, d->tab++);
	sadf_puts(d, "<timestamp date=\"");
	sadf_puts(d, d->date);
	sadf_puts(d, "\" time=\"");
	sadf_puts(d, d->time);
	sadf_puts(d, "\" ");
	sadf_puts(d, zone);
	sadf_puts(d, " interval=\"");
	sadf_put(d, num, numfmt_u64(num, sizeof(num), d->dt, 0));
	sadf_put(d, "\">\n", 3);
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
has_dotted_keys(struct sadf *d, const struct sar_names *n)
{
	return sadf_names_of(d, xml_keys(n))->dotted;
}

/* The rows sit inside the activity's element (when it has one and rows of their own). */
static bool
has_container(struct sadf *d, const struct sar_names *n)
{
	return n->xml && (n->xml_item || (n->flags & SAR_NF_XML_ELEMS) || has_dotted_keys(d, n) ||
	                  n->xml_row);
}

/* What xml_row_begin() writes first in each row of the view, into d->row_head (false: too long). */
static bool
row_head(struct sadf *d, const struct sar_names *n)
{
	const char *name = n->xml_item ? n->xml_item : n->xml;
	const char *attrs = !n->xml_item && n->xml_attrs ? n->xml_attrs : "";
	size_t ln = strlen(name), la = strlen(attrs);
	size_t tabs = d->row_tab > 0 ? (size_t) d->row_tab : 0;
	char *p = d->row_head;

	if (tabs + 1 + ln + la > sizeof(d->row_head))
		return false;
	memset(p, '\t', tabs);
	p[tabs] = '<';
	memcpy(p + tabs + 1, name, ln);
	memcpy(p + tabs + 1 + ln, attrs, la);
	d->row_head_len = tabs + 1 + ln + la;
	return true;
}

static void
view_begin(struct sadf *d, const struct sar_view *v)
{
	const struct sar_names *n = v->names;

	if (n->group && (!d->open_group || strcmp(d->open_group, n->group))) {
		sadf_put_tabs(d, d->tab);
		sadf_putc(d, '<');
		sadf_puts(d, n->group);
		sadf_puts(d, attrs_of_group(n->group));
		sadf_put(d, ">\n", 2);
		d->open_group = n->group;
	}
	if (has_container(d, n) && d->act_first) {
		sadf_put_tabs(d, view_tab(d));
		sadf_putc(d, '<');
		sadf_puts(d, n->xml);
		sadf_puts(d, n->xml_attrs ? n->xml_attrs : "");
		sadf_put(d, ">\n", 2);
	}
	/* Rows of attributes are written as they come; the others take their cells captured. */
	d->direct = !n->xml_row && !(n->flags & SAR_NF_XML_ELEMS) && !has_dotted_keys(d, n);
	d->row_keys = sadf_names_of(d, xml_keys(n));
	d->row_tab = n->xml_item ? view_tab(d) + (has_container(d, n) ? 1 : 0) : view_tab(d);
	d->row_fast_n = d->direct && d->dot ? d->row_keys->n_blocks : 0;
	d->row_head_ok = d->direct && row_head(d, n);
}

/* Elements of values: <k>v</k>, and <a b="v" c="v"/> for keys a.b, a.c. */
static void
element_row(struct sadf *d)
{
	const struct sadf_names *names = sadf_names_of(d, xml_keys(d->view->names));
	const char *group = NULL; /* the open <a of keys "a.b", not NUL-terminated */
	size_t group_len = 0, k;
	int tab = view_tab(d) + 1;
	char val[SADF_NUM_LEN];

	for (k = 0; k < d->n_cells; k++) {
		struct sadf_name key = sadf_cell_key(names, &d->cells[k], k);
		size_t klen = key.dot >= 0 ? (size_t) key.dot : key.len;
		size_t vlen = sadf_cell_text(d, &d->cells[k], val, sizeof(val));

		if (group && (key.dot < 0 || group_len != klen || memcmp(group, key.s, klen))) {
			sadf_put(d, "/>\n", 3);
			group = NULL;
		}
		if (key.dot < 0) {
			sadf_put_tabs(d, tab);
			sadf_putc(d, '<');
			sadf_put(d, key.s, klen);
			sadf_putc(d, '>');
			sadf_put(d, val, vlen);
			sadf_put(d, "</", 2);
			sadf_put(d, key.s, klen);
			sadf_put(d, ">\n", 2);
			continue;
		}
		if (!group) {
			sadf_put_tabs(d, tab);
			sadf_putc(d, '<');
			sadf_put(d, key.s, klen);
			group = key.s;
			group_len = klen;
		}
		if (key.form) {
			sadf_put(d, key.form, key.form_len);
		} else {
			sadf_putc(d, ' ');
			sadf_put(d, key.s + klen + 1, key.len - klen - 1);
			sadf_put(d, "=\"", 2);
		}
		sadf_put(d, val, vlen);
		sadf_putc(d, '"');
	}
	if (group)
		sadf_put(d, "/>\n", 3);
}

static void
row(struct sadf *d)
{
	const struct sar_names *n = d->view->names;
	const struct sadf_names *names;
	size_t k;

	if (n->xml_row) {
		n->xml_row(&d->s, &d->s.ob, view_tab(d) + (has_container(d, n) ? 1 : 0), d->cells,
		           d->n_cells);
		return;
	}
	if ((n->flags & SAR_NF_XML_ELEMS) || has_dotted_keys(d, n)) {
		element_row(d);
		return;
	}
	if (n->xml_item) {
		sadf_put_tabs(d, view_tab(d) + (has_container(d, n) ? 1 : 0));
		sadf_putc(d, '<');
		sadf_puts(d, n->xml_item);
	} else {
		sadf_put_tabs(d, view_tab(d));
		sadf_putc(d, '<');
		sadf_puts(d, n->xml);
		sadf_puts(d, n->xml_attrs ? n->xml_attrs : "");
	}
	names = sadf_names_of(d, xml_keys(n));
	for (k = 0; k < d->n_cells; k++) {
		struct sadf_name tmp;
		const struct sadf_name *key = sadf_cell_key_at(names, &d->cells[k], k, &tmp);

		if (key->form && key->dot < 0) {
			sadf_put_form(d, key->form, key->form_len);
		} else {
			sadf_putc(d, ' ');
			sadf_put(d, key->s, key->len);
			sadf_put(d, "=\"", 2);
		}
		sadf_put_cell(d, &d->cells[k]);
		sadf_putc(d, '"');
	}
	sadf_put(d, "/>\n", 3);
}

/* ---- the sink: rows of attributes written as their cells come (sadf.h's direct rows) ---- */

/* What row() writes before the attributes. */
static void
xml_row_begin(struct sar *s)
{
	struct sadf *d = s->sink_ctx;
	const struct sar_names *n = d->view ? d->view->names : NULL;

	if (!sadf_direct_row_begin(d))
		return;
	if (d->row_head_ok) {
		/* sadf_direct_row_begin() made the room. */
		struct outbuf *o = &d->s.ob;

		memcpy(o->buf + o->len, d->row_head, sizeof(d->row_head));
		o->len += d->row_head_len;
		return;
	}
	sadf_put_tabs(d, d->row_tab);
	sadf_putc(d, '<');
	if (n->xml_item) {
		sadf_puts(d, n->xml_item);
	} else {
		sadf_puts(d, n->xml);
		sadf_puts(d, n->xml_attrs ? n->xml_attrs : "");
	}
}

/* row()'s k-th attribute, in full: a name of its own or past the list, a long name. */
static __attribute__((noinline)) void
xml_cell_slow(struct sadf *d, const struct sar_cell *c)
{
	struct sadf_name key = sadf_direct_key(d, NULL);
	size_t vlen = c->kind != SAR_CELL_STR ? SADF_NUM_LEN : c->str ? strlen(c->str) : 0;

	/* The room first: the row can then be taken back unless the buffer went out. */
	sadf_direct_room(d, 8 + key.len + vlen);
	if (key.form && key.dot < 0) {
		sadf_put(d, key.form, key.form_len);
	} else {
		sadf_putc(d, ' ');
		sadf_put(d, key.s, key.len);
		sadf_put(d, "=\"", 2);
	}
	sadf_put_cell(d, c);
	sadf_putc(d, '"');
}

/* The value of xml_cell() at p (the name before it) and its quote, all but the inline one. */
static __attribute__((noinline)) void
xml_value(struct sadf *d, const struct sar_cell *c, char *p)
{
	struct outbuf *o = &d->s.ob;
	size_t n;

	if (c->kind == SAR_CELL_STR) {
		n = sadf_copy_str(p, c->str);
	} else if (!(n = sadf_num_at(p, c))) {
		/* Out of its range: printf's digits (the room is there). */
		o->len = (size_t) (p - o->buf);
		sadf_put_cell_slow(d, c);
		sadf_putc(d, '"');
		return;
	}
	p[n] = '"';
	o->len = (size_t) (p + n + 1 - o->buf);
}

/* The cells xml_cell() does not write itself: in full, or captured. */
static __attribute__((noinline)) void
xml_cell_other(struct sadf *d, const struct sar_cell *c)
{
	if (d->direct)
		xml_cell_slow(d, c);
	else
		sadf_capture_cell(&d->s, c);
}

/*
 * An attribute of the view's own names: its name as one block, and its
 * value, in place. Everything but a value of 2 decimals is a tail call,
 * so that the common path saves no registers.
 */
static void
xml_cell(struct sar *s, const struct sar_cell *c)
{
	struct sadf *d = s->sink_ctx;
	struct outbuf *o = &d->s.ob;
	size_t k = d->n_cells, n;
	const struct sadf_name *key;
	char *p;

	if (k >= d->row_fast_n || s->pending_name || o->cap - o->len < 32 + 1 + SADF_NUM_LEN) {
		xml_cell_other(d, c);
		return;
	}
	key = &d->row_keys->v[k];
	p = o->buf + o->len;
	d->n_cells = k + 1;
	memcpy(p, key->form, 32);
	p += key->form_len;
	if (c->kind == SAR_CELL_NUM && c->decimals == 2 && (n = numfmt_fixed2_small(p, c->d))) {
		p[n] = '"';
		o->len = (size_t) (p + n + 1 - o->buf);
		return;
	}
	xml_value(d, c, p);
}

static void
xml_row_end(struct sar *s)
{
	struct sadf *d = s->sink_ctx;

	if (!d->direct) {
		sadf_capture_row_end(s);
		return;
	}
	sadf_put(d, "/>\n", 3);
	sadf_direct_row_end(d);
}

static const struct sar_sink xml_sink = {xml_row_begin, xml_cell, xml_row_end};

static void
view_end(struct sadf *d, const struct sar_view *v)
{
	const struct sar_names *n = v->names;

	if (has_container(d, n) && d->act_last) {
		sadf_put_tabs(d, view_tab(d));
		sadf_put(d, "</", 2);
		sadf_puts(d, n->xml);
		sadf_put(d, ">\n", 2);
	}
}

static void
group_close(struct sadf *d, const char *group)
{
	sadf_put_tabs(d, d->tab);
	sadf_put(d, "</", 2);
	sadf_puts(d, group);
	sadf_put(d, ">\n", 2);
}

static void
restarts_begin(struct sadf *d)
{
	line(d, d->tab++, "<restarts>");
}

static void
restart(struct sadf *d, int cpu_nr)
{
	char zone[48];

	zone_attr(d, zone, sizeof(zone));
	sadf_put_tabs(d, d->tab);
	sadf_printf(d, "<boot date=\"%s\" time=\"%s\" %s cpu_count=\"%d\"/>\n", d->date, d->time,
	            zone, cpu_nr);
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
	char zone[48];

	zone_attr(d, zone, sizeof(zone));
	sadf_put_tabs(d, d->tab);
	sadf_printf(d, "<comment date=\"%s\" time=\"%s\" %s com=\"%s\"/>\n", d->date, d->time,
	            zone, text);
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
        .sink = &xml_sink,
};
