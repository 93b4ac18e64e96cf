/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf with sar's --proc[=SPEC] and --cgroup: the rows of
 * report/who.h in -d, -p, -j, -x, and the records' cumulative counters in
 * --openmetrics. Not a sysstat format: nothing here runs without those
 * options, so what sysstat prints does not change.
 *
 * The processes and cgroups of a statistics record are in the extension
 * record right after it (common/ext.h). The engine's walk reads the file
 * with sysstat's activities and its own buffers; rather than interleave the
 * extension records with that walk, a second reader of the same file
 * fetches a record's extension at the offset where the record ended (the
 * engine passes it), and keeps the last few it read: an interval needs
 * the two records it spans.
 *
 * The values are sar's (the same rows, the same pairs of records: an
 * interval whose record has no extension record is not shown and does not
 * become the reference), with sar's column names in -d and -p; an absent
 * value (its file was missing, no /proc/PID/io, no delay accounting, no
 * memory limit) is an empty field in -d, a line left out in -p, a key or
 * an attribute left out in -j and -x, never 0.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sadf.h"
#include "common/source.h"
#include "common/sysexit.h"
#include "metrics/om.h"
#include "report/who.h"
#include "common/banned.h"

/* A record's extension, kept while an interval may need it. */
struct who_cached {
	uint64_t off;  /* where its statistics record ended */
	uint64_t used; /* for the eviction of the least recently used */
	bool valid;
	struct archive_ext ext;
};

#define WHO_CACHE 4

struct sadf_who {
	struct archive_reader r; /* the second reader: extension records only */
	int fd;
	struct who_cached cache[WHO_CACHE];
	uint64_t tick;
	struct who_proc_row *prow;
	size_t pcap;
	struct who_cg_row *crow;
	size_t ccap;
	struct strbuf sb; /* scratch: names as a format writes them */
};

/* ---- the values of a row ---- */

enum who_type { T_DBL, T_U64 };

/* Process values that may be absent (who_proc_row.io, .delayacct). */
#define NEED_IO    0x1u
#define NEED_DELAY 0x2u

/* One value of a row: sar's column, the -j and -x name, where it is, when it is there. */
struct who_field {
	const char *hdr; /* sar's column (-d's field list, -p's field) */
	const char *key; /* -j's key and -x's attribute */
	size_t off;      /* in the row */
	enum who_type type;
	uint32_t need; /* NEED_* (processes) or EXT_CG_* (cgroups): absent unless all are there */
};

#define PF(h, k, m, t, n)                                                                          \
	{                                                                                          \
		h, k, offsetof(struct who_proc_row, m), t, n                                       \
	}
static const struct who_field proc_fields[] = {
        PF("%usr", "usr", usr, T_DBL, 0),
        PF("%system", "system", sys, T_DBL, 0),
        PF("%CPU", "cpu", cpu, T_DBL, 0),
        PF("majflt/s", "majflt", majflt_s, T_DBL, 0),
        PF("rd_kB/s", "rd_kB", rd_kbs, T_DBL, NEED_IO),
        PF("wr_kB/s", "wr_kB", wr_kbs, T_DBL, NEED_IO),
        PF("iodelay", "iodelay", iodelay, T_U64, NEED_DELAY),
        PF("RSS_kB", "rss_kB", rss_kb, T_U64, 0),
};
#undef PF

/* %memmax: also absent without a limit (who.h: memmax < 0). */
#define CF(h, k, m, t, n)                                                                          \
	{                                                                                          \
		h, k, offsetof(struct who_cg_row, m), t, n                                         \
	}
static const struct who_field cg_fields[] = {
        CF("%CPU", "cpu", cpu, T_DBL, EXT_CG_CPU),
        CF("%thrtl", "thrtl", thrtl, T_DBL, EXT_CG_THROTTLE),
        CF("mem_kB", "mem_kB", mem_kb, T_U64, EXT_CG_MEM),
        CF("%memmax", "memmax", memmax, T_DBL, EXT_CG_MEM | EXT_CG_MEMMAX),
        CF("oomkill", "oomkill", oom_kills, T_U64, EXT_CG_MEMEVENTS),
        CF("rd_kB/s", "rd_kB", rd_kbs, T_DBL, EXT_CG_IO),
        CF("wr_kB/s", "wr_kB", wr_kbs, T_DBL, EXT_CG_IO),
        CF("%scpu", "psi-cpu-some", psi_cpu_some, T_DBL, EXT_CG_PSI_CPU),
        CF("%fcpu", "psi-cpu-full", psi_cpu_full, T_DBL, EXT_CG_PSI_CPUF),
        CF("%smem", "psi-mem-some", psi_mem_some, T_DBL, EXT_CG_PSI_MEM),
        CF("%fmem", "psi-mem-full", psi_mem_full, T_DBL, EXT_CG_PSI_MEM),
        CF("%sio", "psi-io-some", psi_io_some, T_DBL, EXT_CG_PSI_IO),
        CF("%fio", "psi-io-full", psi_io_full, T_DBL, EXT_CG_PSI_IO),
};
#undef CF

#define N_PROC_FIELDS (sizeof(proc_fields) / sizeof(proc_fields[0]))
#define N_CG_FIELDS   (sizeof(cg_fields) / sizeof(cg_fields[0]))

/* What one part (processes or cgroups) prints: its fields and how to walk its rows. */
struct who_part {
	const struct who_field *fields;
	size_t n_fields;
	const char *db_item; /* -d's name of the item column */
	const char *db_last; /* -d's last column (the command), or NULL */
	const char *list;    /* -j's array and -x's element holding the rows */
	const char *elem;    /* -x's element of a row */
};

static const struct who_part parts[] = {
        [SADF_WHO_PROC] = {proc_fields, N_PROC_FIELDS, "PID", "Command", "processes", "process"},
        [SADF_WHO_CGROUP] = {cg_fields, N_CG_FIELDS, "cgroup", NULL, "cgroups", "cgroup"},
};

static uint32_t
proc_present(const struct who_proc_row *r)
{
	return (r->io ? NEED_IO : 0) | (r->delayacct ? NEED_DELAY : 0);
}

/* Value f of the row at p (present: what the row has) as a cell; false when absent. */
static bool
field_cell(const struct who_field *f, const void *p, uint32_t present, struct sar_cell *ret)
{
	const char *at = (const char *) p + f->off;

	if ((present & f->need) != f->need)
		return false;
	memset(ret, 0, sizeof(*ret));
	if (f->type == T_U64) {
		ret->kind = SAR_CELL_U64;
		memcpy(&ret->u, at, sizeof(ret->u));
		return true;
	}
	ret->kind = SAR_CELL_NUM;
	ret->decimals = 2;
	memcpy(&ret->d, at, sizeof(ret->d));
	return ret->d >= 0; /* %memmax is -1 without a limit */
}

/* ---- the options ---- */

bool
sadf_who_asked(const struct sadf *d, enum sadf_who_part part)
{
	if (part == SADF_WHO_PROC)
		return d->s.o.proc;
	if (part == SADF_WHO_CGROUP)
		return d->s.o.cgroup;
	return d->s.o.proc || d->s.o.cgroup;
}

/* ---- the second reader ---- */

static _Noreturn void
die_nomem(struct sadf *d)
{
	sadf_flush(d);
	fflush(sadf_fp(d));
	sysrec_nomem();
}

static void
ext_swap(struct archive_ext *a, struct archive_ext *b)
{
	struct archive_ext t = *a;

	*a = *b;
	*b = t;
}

/* The extension record at off into e, or an empty e when the record there is another. */
static void
fetch(struct sadf_who *w, uint64_t off, struct archive_ext *e)
{
	struct archive_record rec;

	e->has_proc = e->has_cgroup = false;
	e->n_proc = e->n_cgroup = 0;
	/* A read error here is the main walk's to report when it gets there. */
	if (source_seek(w->r.src, off) < 0 || archive_next(&w->r, &rec) <= 0 ||
	    rec.hdr.record_type != EXT_RECORD_TYPE)
		return;
	/* The reader's arrays become the cache's, and the cache's old ones the reader's. */
	ext_swap(e, &w->r.ext);
}

/* The extension of the statistics record that ended at off (kept while keep is too). */
static const struct archive_ext *
ext_at(struct sadf_who *w, uint64_t off, uint64_t keep)
{
	struct who_cached *c, *victim = NULL;
	size_t k;

	for (k = 0; k < WHO_CACHE; k++) {
		c = &w->cache[k];
		if (c->valid && c->off == off) {
			c->used = ++w->tick;
			return &c->ext;
		}
		if (c->valid && c->off == keep)
			continue;
		if (!victim || !c->valid || (victim->valid && c->used < victim->used))
			victim = c;
	}
	fetch(w, off, &victim->ext);
	victim->off = off;
	victim->valid = true;
	victim->used = ++w->tick;
	return &victim->ext;
}

/*
 * Whether the file holds what was asked: the extension records up to the
 * first one that has it. What it lacks is not asked any more; when nothing
 * is left and no sysstat activity is selected either, sar's message and
 * exit status 1.
 */
static void
check_file(struct sadf *d, const char *file)
{
	struct sadf_who *w = d->who;
	struct sar_opts *o = &d->s.o;
	struct archive_record rec;
	bool proc = false, cg = false, views = false;
	uint32_t i;

	while ((o->proc && !proc) || (o->cgroup && !cg)) {
		if (archive_next(&w->r, &rec) <= 0)
			break;
		if (rec.hdr.record_type == EXT_RECORD_TYPE) {
			proc = proc || w->r.ext.has_proc;
			cg = cg || w->r.ext.has_cgroup;
		}
	}
	for (i = 0; i < d->s.n_acts; i++)
		views = views ||
		        (d->s.acts[i].fa->known_format && d->s.o.outputs[d->s.acts[i].desc->id]);
	if ((o->proc && proc) || (o->cgroup && cg) || views) {
		o->proc = o->proc && proc;
		o->cgroup = o->cgroup && cg;
		return;
	}
	fprintf(stderr, "sadf: no %s in '%s' (it was collected without sadc -S %s)\n",
	        o->proc && o->cgroup ? "processes or cgroups"
	        : o->proc            ? "processes"
	                             : "cgroups",
	        file,
	        o->proc && o->cgroup ? "PROCESS,CGROUP"
	        : o->proc            ? "PROCESS"
	                             : "CGROUP");
	sysrec_exit(1);
}

void
sadf_who_open(struct sadf *d, const char *file)
{
	struct sadf_who *w;
	bool other;
	uint32_t i;
	int rc;

	/* -r and -g have no such report. */
	if (!sadf_who_asked(d, SADF_WHO_NONE) ||
	    (d->c->format != SADF_F_DB && d->c->format != SADF_F_PPC &&
	     d->c->format != SADF_F_JSON && d->c->format != SADF_F_XML))
		return;
	w = calloc(1, sizeof(*w));
	if (!w)
		die_nomem(d);
	w->fd = -1;
	d->who = w;
	/* The file opened again the way sadf opened it (it was just read: this works). */
	rc = sadf_open(&w->r, d->c, &other, &w->fd);
	if (rc)
		sysrec_exit(rc);
	for (i = 0; i < w->r.n_acts; i++)
		w->r.acts[i].ignore = true;
	w->r.want_ext = true;
	check_file(d, file);
}

void
sadf_who_release(struct sadf *d)
{
	struct sadf_who *w = d->who;
	size_t k;

	if (!w)
		return;
	/* Every array fetch()'s exchanges left here, not only proc and cgroup. */
	for (k = 0; k < WHO_CACHE; k++)
		archive_ext_release(&w->cache[k].ext);
	archive_reader_release(&w->r);
	if (w->fd >= 0)
		close(w->fd);
	free(w->prow);
	free(w->crow);
	strbuf_release(&w->sb);
	free(w);
	d->who = NULL;
}

/* ---- names as each format writes them ---- */

static bool
is_ctl(unsigned char ch)
{
	return ch < 0x20 || ch == 0x7f;
}

/* -d: ';' and control characters become '_'. */
static void
put_db_name(struct sadf *d, const char *s, size_t max)
{
	size_t n = strnlen(s, max), i;

	for (i = 0; i < n; i++)
		sadf_putc(d, s[i] == ';' || is_ctl((unsigned char) s[i]) ? '_' : s[i]);
}

/* -p: whitespace (blank too, with blank_too) and control characters become '_'. */
static void
put_ppc_name(struct sadf *d, const char *s, size_t max, bool blank_too)
{
	size_t n = strnlen(s, max), i;

	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char) s[i];

		sadf_putc(d, is_ctl(ch) || (blank_too && ch == ' ') ? '_' : s[i]);
	}
}

/* -j: a JSON string (RFC 8259): '"' and '\\' escaped, control and non-ASCII bytes as \u00XX. */
static void
put_json_string(struct sadf *d, const char *s, size_t max)
{
	struct strbuf *sb = &d->who->sb;

	strbuf_reset(sb);
	strbuf_add_json_string(sb, s, strnlen(s, max), STRBUF_JSON_ASCII);
	if (sb->err)
		die_nomem(d);
	sadf_put(d, sb->buf, sb->len);
}

/*
 * -x: an attribute value. The markup characters as entities; bytes past
 * ASCII as character references (a name need not be UTF-8, the document
 * is); the control characters XML 1.0 cannot hold at all become '_'.
 */
static void
put_xml_string(struct sadf *d, const char *s, size_t max)
{
	size_t n = strnlen(s, max), i;

	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char) s[i];

		switch (ch) {
		case '&':
			sadf_puts(d, "&amp;");
			break;
		case '<':
			sadf_puts(d, "&lt;");
			break;
		case '>':
			sadf_puts(d, "&gt;");
			break;
		case '"':
			sadf_puts(d, "&quot;");
			break;
		case '\'':
			sadf_puts(d, "&apos;");
			break;
		default:
			if (ch == '\t' || ch == '\n' || ch == '\r' || ch >= 0x7f)
				sadf_printf(d, "&#x%X;", ch);
			else if (ch < 0x20)
				sadf_putc(d, '_');
			else
				sadf_putc(d, (char) ch);
		}
	}
}

/* ---- -d and -p ---- */

void
sadf_who_pass_begin(struct sadf *d, enum sadf_who_part part)
{
	const struct who_part *p = &parts[part];
	size_t k;

	if (d->c->format != SADF_F_DB)
		return;
	strbuf_reset(&d->who->sb);
	strbuf_adds(&d->who->sb, "# hostname;interval;timestamp;");
	strbuf_adds(&d->who->sb, p->db_item);
	for (k = 0; k < p->n_fields; k++) {
		strbuf_addch(&d->who->sb, ';');
		strbuf_adds(&d->who->sb, p->fields[k].hdr);
	}
	if (p->db_last) {
		strbuf_addch(&d->who->sb, ';');
		strbuf_adds(&d->who->sb, p->db_last);
	}
	if (d->who->sb.err)
		die_nomem(d);
	sadf_put_comment(d, d->who->sb.buf, d->who->sb.len);
	sadf_putc(d, '\n');
}

/* The item of a -d line. */
static void
db_proc_item(struct sadf *d, const void *p)
{
	const struct who_proc_row *r = p;

	sadf_printf(d, "%u", r->p->pid);
}

static void
db_cg_item(struct sadf *d, const void *p)
{
	const struct who_cg_row *r = p;

	put_db_name(d, r->c->path, EXT_CG_PATH_LEN);
}

/* The row at p: one -d line, the item, the values (empty when absent), the command. */
static void
db_row(struct sadf *d, const struct who_part *part, const void *p, uint32_t present,
       void (*item_fn)(struct sadf *d, const void *p), const char *last, size_t last_max)
{
	struct sar_cell c;
	size_t k;

	sadf_put_record_prefix(d, ';');
	sadf_putc(d, ';');
	item_fn(d, p);
	for (k = 0; k < part->n_fields; k++) {
		sadf_putc(d, ';');
		if (field_cell(&part->fields[k], p, present, &c))
			sadf_put_cell(d, &c);
	}
	if (last) {
		sadf_putc(d, ';');
		put_db_name(d, last, last_max);
	}
	sadf_putc(d, '\n');
}

/* The row at p: one -p line per value present, the item named by name_fn. */
static void
ppc_row(struct sadf *d, const struct who_part *part, const void *p, uint32_t present,
        void (*name_fn)(struct sadf *d, const void *p))
{
	struct sar_cell c;
	size_t k;

	for (k = 0; k < part->n_fields; k++) {
		if (!field_cell(&part->fields[k], p, present, &c))
			continue;
		sadf_put_record_prefix(d, '\t');
		sadf_putc(d, '\t');
		name_fn(d, p);
		sadf_putc(d, '\t');
		sadf_puts(d, part->fields[k].hdr);
		sadf_putc(d, '\t');
		sadf_put_cell(d, &c);
		sadf_putc(d, '\n');
	}
}

/* -p's item: <pid>/<comm>, the path. */
static void
ppc_proc_name(struct sadf *d, const void *p)
{
	const struct who_proc_row *r = p;

	sadf_printf(d, "%u/", r->p->pid);
	put_ppc_name(d, r->p->comm, EXT_COMM_LEN, true);
}

static void
ppc_cg_name(struct sadf *d, const void *p)
{
	const struct who_cg_row *r = p;

	put_ppc_name(d, r->c->path, EXT_CG_PATH_LEN, false);
}

/* ---- -j and -x ---- */

/* "key": value pairs of the values present, each after ", ". */
static void
json_values(struct sadf *d, const struct who_part *part, const void *p, uint32_t present)
{
	struct sar_cell c;
	size_t k;

	for (k = 0; k < part->n_fields; k++) {
		if (!field_cell(&part->fields[k], p, present, &c))
			continue;
		sadf_puts(d, ", \"");
		sadf_puts(d, part->fields[k].key);
		sadf_puts(d, "\": ");
		sadf_put_cell(d, &c);
	}
}

/*  key="value" attributes of the values present. */
static void
xml_values(struct sadf *d, const struct who_part *part, const void *p, uint32_t present)
{
	struct sar_cell c;
	size_t k;

	for (k = 0; k < part->n_fields; k++) {
		if (!field_cell(&part->fields[k], p, present, &c))
			continue;
		sadf_putc(d, ' ');
		sadf_puts(d, part->fields[k].key);
		sadf_puts(d, "=\"");
		sadf_put_cell(d, &c);
		sadf_putc(d, '"');
	}
}

/* Opens the list of n rows of part inside the record; false when it is empty (and closed). */
static bool
list_begin(struct sadf *d, const struct who_part *part, size_t n)
{
	bool json = d->c->format == SADF_F_JSON;

	if (json)
		sadf_puts(d, ",\n");
	sadf_put_tabs(d, d->tab);
	sadf_printf(d, json ? "\"%s\": [" : "<%s", part->list);
	if (!n) {
		sadf_puts(d, json ? "]" : "/>\n");
		return false;
	}
	sadf_puts(d, json ? "\n" : ">\n");
	return true;
}

static void
list_end(struct sadf *d, const struct who_part *part)
{
	bool json = d->c->format == SADF_F_JSON;

	if (json)
		sadf_putc(d, '\n');
	sadf_put_tabs(d, d->tab);
	sadf_printf(d, json ? "]" : "</%s>\n", part->list);
}

/* Row i's opening: -j's separator and '{', -x's element. */
static void
item_begin(struct sadf *d, const struct who_part *part, size_t i)
{
	if (d->c->format == SADF_F_JSON) {
		if (i)
			sadf_puts(d, ",\n");
		sadf_put_tabs(d, d->tab + 1);
		sadf_putc(d, '{');
		return;
	}
	sadf_put_tabs(d, d->tab + 1);
	sadf_putc(d, '<');
	sadf_puts(d, part->elem);
}

static void
item_end(struct sadf *d)
{
	sadf_puts(d, d->c->format == SADF_F_JSON ? "}" : "/>\n");
}

static void
mark_proc(struct sadf *d, const struct who_proc_row *r, size_t i)
{
	const struct who_part *part = &parts[SADF_WHO_PROC];

	item_begin(d, part, i);
	if (d->c->format == SADF_F_JSON) {
		sadf_printf(d, "\"pid\": %u, \"command\": ", r->p->pid);
		put_json_string(d, r->p->comm, EXT_COMM_LEN);
		json_values(d, part, r, proc_present(r));
	} else {
		sadf_printf(d, " pid=\"%u\" command=\"", r->p->pid);
		put_xml_string(d, r->p->comm, EXT_COMM_LEN);
		sadf_putc(d, '"');
		xml_values(d, part, r, proc_present(r));
	}
	item_end(d);
}

static void
mark_cg(struct sadf *d, const struct who_cg_row *r, size_t i)
{
	const struct who_part *part = &parts[SADF_WHO_CGROUP];

	item_begin(d, part, i);
	if (d->c->format == SADF_F_JSON) {
		sadf_puts(d, "\"path\": ");
		put_json_string(d, r->c->path, EXT_CG_PATH_LEN);
		json_values(d, part, r, r->present);
	} else {
		sadf_puts(d, " path=\"");
		put_xml_string(d, r->c->path, EXT_CG_PATH_LEN);
		sadf_putc(d, '"');
		xml_values(d, part, r, r->present);
	}
	item_end(d);
}

/* ---- one interval ---- */

static bool
is_markup(const struct sadf *d)
{
	return d->c->format == SADF_F_JSON || d->c->format == SADF_F_XML;
}

/* The top processes of the interval, in the format's form. */
static void
show_procs(struct sadf *d, const struct archive_ext *pe, const struct sa_record_header *prev,
           const struct archive_ext *ce, const struct sa_record_header *curr)
{
	struct sadf_who *w = d->who;
	int n = who_proc_rows(pe, prev->uptime_cs, ce, curr->uptime_cs, d->s.r->hdr.sa_hz, &w->prow,
	                      &w->pcap);
	size_t i, top;

	if (n < 0)
		die_nomem(d);
	who_proc_sort(w->prow, (size_t) n, (enum who_sort) d->s.o.proc_sort);
	top = (size_t) n < d->s.o.proc_count ? (size_t) n : d->s.o.proc_count;
	if (!is_markup(d)) {
		for (i = 0; i < top; i++)
			if (d->c->format == SADF_F_DB)
				db_row(d, &parts[SADF_WHO_PROC], &w->prow[i],
				       proc_present(&w->prow[i]), db_proc_item, w->prow[i].p->comm,
				       EXT_COMM_LEN);
			else
				ppc_row(d, &parts[SADF_WHO_PROC], &w->prow[i],
				        proc_present(&w->prow[i]), ppc_proc_name);
		return;
	}
	if (!list_begin(d, &parts[SADF_WHO_PROC], top))
		return;
	for (i = 0; i < top; i++)
		mark_proc(d, &w->prow[i], i);
	list_end(d, &parts[SADF_WHO_PROC]);
}

/* Every cgroup of the interval, in the record's order, in the format's form. */
static void
show_cgroups(struct sadf *d, const struct archive_ext *pe, const struct sa_record_header *prev,
             const struct archive_ext *ce, const struct sa_record_header *curr)
{
	struct sadf_who *w = d->who;
	int n = who_cg_rows(pe, prev->uptime_cs, ce, curr->uptime_cs, &w->crow, &w->ccap);
	size_t i;

	if (n < 0)
		die_nomem(d);
	if (!is_markup(d)) {
		for (i = 0; i < (size_t) n; i++)
			if (d->c->format == SADF_F_DB)
				db_row(d, &parts[SADF_WHO_CGROUP], &w->crow[i], w->crow[i].present,
				       db_cg_item, NULL, 0);
			else
				ppc_row(d, &parts[SADF_WHO_CGROUP], &w->crow[i], w->crow[i].present,
				        ppc_cg_name);
		return;
	}
	if (!list_begin(d, &parts[SADF_WHO_CGROUP], (size_t) n))
		return;
	for (i = 0; i < (size_t) n; i++)
		mark_cg(d, &w->crow[i], i);
	list_end(d, &parts[SADF_WHO_CGROUP]);
}

bool
sadf_who_interval(struct sadf *d, enum sadf_who_part part, const struct sa_record_header *prev,
                  uint64_t prev_end, const struct sa_record_header *curr, uint64_t curr_end)
{
	const struct archive_ext *ce, *pe;
	bool proc, cg;

	if (!d->who)
		return false;
	ce = ext_at(d->who, curr_end, prev_end);
	proc = ce->has_proc && d->s.o.proc && (part == SADF_WHO_NONE || part == SADF_WHO_PROC);
	cg = ce->has_cgroup && d->s.o.cgroup && (part == SADF_WHO_NONE || part == SADF_WHO_CGROUP);
	if (!proc && !cg)
		return false;
	pe = ext_at(d->who, prev_end, curr_end);
	if (proc)
		show_procs(d, pe, prev, ce, curr);
	if (cg)
		show_cgroups(d, pe, prev, ce, curr);
	return true;
}

/* ---- --openmetrics ---- */

/*
 * The families, after those of metrics/om.h: cAdvisor's names for the
 * cgroups (label id, the path, as cAdvisor's), sysrec_process_* for the
 * processes (labels pid and comm). The values are the records' cumulative
 * counters in base units; a value whose file was absent has no sample.
 */
enum who_om_fam {
	OMC_CPU_USAGE,
	OMC_CPU_USER,
	OMC_CPU_SYSTEM,
	OMC_CFS_PERIODS,
	OMC_CFS_THROTTLED_PERIODS,
	OMC_CFS_THROTTLED_SECONDS,
	OMC_MEM_USAGE,
	OMC_MEM_LIMIT,
	OMC_MEM_SWAP,
	OMC_OOM_EVENTS,
	OMC_FS_READ_BYTES,
	OMC_FS_WRITE_BYTES,
	OMC_FS_READS,
	OMC_FS_WRITES,
	OMC_PSI_CPU_SOME,
	OMC_PSI_CPU_FULL,
	OMC_PSI_MEM_SOME,
	OMC_PSI_MEM_FULL,
	OMC_PSI_IO_SOME,
	OMC_PSI_IO_FULL,
	OMP_CPU,
	OMP_MINFLT,
	OMP_MAJFLT,
	OMP_READ_BYTES,
	OMP_WRITTEN_BYTES,
	OMP_IO_DELAY,
	OMP_RSS,
	OMP_VSZ,
	OMP_THREADS,
	OM_WHO_MAX,
};

static const struct om_family who_families[OM_WHO_MAX] = {
        [OMC_CPU_USAGE] = {"container_cpu_usage_seconds", OM_COUNTER, "seconds",
                           "CPU time used by the cgroup (cpu.stat usage_usec).", 0},
        [OMC_CPU_USER] = {"container_cpu_user_seconds", OM_COUNTER, "seconds",
                          "User-mode CPU time of the cgroup (cpu.stat user_usec).", 0},
        [OMC_CPU_SYSTEM] = {"container_cpu_system_seconds", OM_COUNTER, "seconds",
                            "Kernel-mode CPU time of the cgroup (cpu.stat system_usec).", 0},
        [OMC_CFS_PERIODS] = {"container_cpu_cfs_periods", OM_COUNTER, "",
                             "CFS bandwidth periods elapsed (cpu.stat nr_periods).", 0},
        [OMC_CFS_THROTTLED_PERIODS] = {"container_cpu_cfs_throttled_periods", OM_COUNTER, "",
                                       "CFS bandwidth periods throttled (cpu.stat nr_throttled).",
                                       0},
        [OMC_CFS_THROTTLED_SECONDS] = {"container_cpu_cfs_throttled_seconds", OM_COUNTER, "seconds",
                                       "Time the cgroup was throttled (cpu.stat throttled_usec).",
                                       0},
        [OMC_MEM_USAGE] = {"container_memory_usage_bytes", OM_GAUGE, "bytes",
                           "Memory the cgroup uses (memory.current).", 0},
        [OMC_MEM_LIMIT] = {"container_spec_memory_limit_bytes", OM_GAUGE, "bytes",
                           "Memory limit of the cgroup (memory.max, when set).", 0},
        [OMC_MEM_SWAP] = {"container_memory_swap", OM_GAUGE, "",
                          "Swap the cgroup uses, bytes (memory.swap.current).", 0},
        [OMC_OOM_EVENTS] = {"container_oom_events", OM_COUNTER, "",
                            "Processes of the cgroup killed by the OOM killer (memory.events "
                            "oom_kill).",
                            0},
        [OMC_FS_READ_BYTES] = {"container_fs_reads_bytes", OM_COUNTER, "bytes",
                               "Bytes read by the cgroup, all devices (io.stat rbytes).", 0},
        [OMC_FS_WRITE_BYTES] = {"container_fs_writes_bytes", OM_COUNTER, "bytes",
                                "Bytes written by the cgroup, all devices (io.stat wbytes).", 0},
        [OMC_FS_READS] = {"container_fs_reads", OM_COUNTER, "",
                          "Reads of the cgroup, all devices (io.stat rios).", 0},
        [OMC_FS_WRITES] = {"container_fs_writes", OM_COUNTER, "",
                           "Writes of the cgroup, all devices (io.stat wios).", 0},
        [OMC_PSI_CPU_SOME] = {"container_pressure_cpu_waiting_seconds", OM_COUNTER, "seconds",
                              "Time some task of the cgroup waited for CPU (cpu.pressure some).",
                              0},
        [OMC_PSI_CPU_FULL] = {"container_pressure_cpu_stalled_seconds", OM_COUNTER, "seconds",
                              "Time every task of the cgroup waited for CPU (cpu.pressure full).",
                              0},
        [OMC_PSI_MEM_SOME] =
                {"container_pressure_memory_waiting_seconds", OM_COUNTER, "seconds",
                 "Time some task of the cgroup waited for memory (memory.pressure some).", 0},
        [OMC_PSI_MEM_FULL] =
                {"container_pressure_memory_stalled_seconds", OM_COUNTER, "seconds",
                 "Time every task of the cgroup waited for memory (memory.pressure full).", 0},
        [OMC_PSI_IO_SOME] = {"container_pressure_io_waiting_seconds", OM_COUNTER, "seconds",
                             "Time some task of the cgroup waited for I/O (io.pressure some).", 0},
        [OMC_PSI_IO_FULL] = {"container_pressure_io_stalled_seconds", OM_COUNTER, "seconds",
                             "Time every task of the cgroup waited for I/O (io.pressure full).", 0},
        [OMP_CPU] = {"sysrec_process_cpu_seconds", OM_COUNTER, "seconds",
                     "CPU time of the process in each mode.", 0},
        [OMP_MINFLT] = {"sysrec_process_minor_faults", OM_COUNTER, "",
                        "Minor page faults of the process.", 0},
        [OMP_MAJFLT] = {"sysrec_process_major_faults", OM_COUNTER, "",
                        "Major page faults of the process.", 0},
        [OMP_READ_BYTES] = {"sysrec_process_read_bytes", OM_COUNTER, "bytes",
                            "Bytes the process read from storage (/proc/PID/io read_bytes).", 0},
        [OMP_WRITTEN_BYTES] = {"sysrec_process_written_bytes", OM_COUNTER, "bytes",
                               "Bytes the process wrote to storage (/proc/PID/io write_bytes).", 0},
        [OMP_IO_DELAY] = {"sysrec_process_io_delay_seconds", OM_COUNTER, "seconds",
                          "Time the process waited for block I/O (delay accounting).", 0},
        [OMP_RSS] = {"sysrec_process_resident_memory_bytes", OM_GAUGE, "bytes",
                     "Resident set size of the process.", 0},
        [OMP_VSZ] = {"sysrec_process_virtual_memory_bytes", OM_GAUGE, "bytes",
                     "Virtual memory size of the process.", 0},
        [OMP_THREADS] = {"sysrec_process_threads", OM_GAUGE, "", "Threads of the process.", 0},
};

size_t
sadf_who_om_count(const struct sadf *d)
{
	return sadf_who_asked(d, SADF_WHO_NONE) ? OM_WHO_MAX : 0;
}

bool
sadf_who_om_label_taken(const struct sadf *d, const char *name, size_t n)
{
	static const char *const own[] = {"id", "pid", "comm", "mode"};
	size_t k;

	if (!sadf_who_asked(d, SADF_WHO_NONE))
		return false;
	for (k = 0; k < sizeof(own) / sizeof(own[0]); k++)
		if (strlen(own[k]) == n && !memcmp(own[k], name, n))
			return true;
	return false;
}

void
sadf_who_om_meta(struct strbuf *out, size_t fam)
{
	om_put_family_meta(out, &who_families[fam], OM_FMT_OPENMETRICS);
}

/* Every series of these families has labels of its own (id, or pid and comm). */
void
sadf_who_om_prefix(struct strbuf *out, size_t fam, const char *labels, size_t labels_len,
                   const char *extra)
{
	om_put_family_prefix(out, &who_families[fam], labels, labels_len, extra);
}

/* Whether the n bytes at s are UTF-8 (a label value must be). */
static bool
utf8_ok(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned char c = s[i];
		size_t len = c < 0x80             ? 1
		             : (c & 0xe0) == 0xc0 ? 2
		             : (c & 0xf0) == 0xe0 ? 3
		             : (c & 0xf8) == 0xf0 ? 4
		                                  : 0;
		size_t k;

		if (!len || (len == 2 && c < 0xc2) || i + len > n)
			return false;
		for (k = 1; k < len; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
		i += len;
	}
	return true;
}

/* name="value": control characters become '_', and bytes past ASCII too unless all is UTF-8. */
static void
om_label(struct strbuf *out, const char *name, const char *s, size_t max)
{
	char buf[EXT_CG_PATH_LEN + 1];
	size_t n = strnlen(s, max < sizeof(buf) - 1 ? max : sizeof(buf) - 1), i;
	bool utf8 = utf8_ok((const unsigned char *) s, n);

	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char) s[i];

		buf[i] = is_ctl(ch) || (!utf8 && ch >= 0x80) ? '_' : s[i];
	}
	if (out->len)
		strbuf_addch(out, ',');
	strbuf_adds(out, name);
	strbuf_add(out, "=\"", 2);
	om_escape(out, buf, n);
	strbuf_addch(out, '"');
}

struct om_emit {
	void (*fn)(void *arg, size_t fam, const char *labels, size_t len, double value);
	void *arg;
	size_t base;
	struct strbuf *lbl;
};

static void
emit(const struct om_emit *e, enum who_om_fam fam, double v)
{
	e->fn(e->arg, e->base + fam, e->lbl->buf, e->lbl->len, v);
}

static void
cg_samples(const struct om_emit *e, const struct ext_cgroup *c)
{
	static const struct {
		enum who_om_fam fam;
		uint32_t need;
		size_t off;
		double mul;
	} map[] = {
#define M(f, n, m, x) {f, n, offsetof(struct ext_cgroup, m), x}
	        M(OMC_CPU_USAGE, EXT_CG_CPU, usage_usec, 1e-6),
	        M(OMC_CPU_USER, EXT_CG_CPU, user_usec, 1e-6),
	        M(OMC_CPU_SYSTEM, EXT_CG_CPU, system_usec, 1e-6),
	        M(OMC_CFS_PERIODS, EXT_CG_THROTTLE, nr_periods, 1),
	        M(OMC_CFS_THROTTLED_PERIODS, EXT_CG_THROTTLE, nr_throttled, 1),
	        M(OMC_CFS_THROTTLED_SECONDS, EXT_CG_THROTTLE, throttled_usec, 1e-6),
	        M(OMC_MEM_USAGE, EXT_CG_MEM, mem_current, 1),
	        M(OMC_MEM_LIMIT, EXT_CG_MEMMAX, mem_max, 1),
	        M(OMC_MEM_SWAP, EXT_CG_SWAP, swap_current, 1),
	        M(OMC_OOM_EVENTS, EXT_CG_MEMEVENTS, ev_oom_kill, 1),
	        M(OMC_FS_READ_BYTES, EXT_CG_IO, rbytes, 1),
	        M(OMC_FS_WRITE_BYTES, EXT_CG_IO, wbytes, 1),
	        M(OMC_FS_READS, EXT_CG_IO, rios, 1),
	        M(OMC_FS_WRITES, EXT_CG_IO, wios, 1),
	        M(OMC_PSI_CPU_SOME, EXT_CG_PSI_CPU, psi_cpu_some, 1e-6),
	        M(OMC_PSI_CPU_FULL, EXT_CG_PSI_CPUF, psi_cpu_full, 1e-6),
	        M(OMC_PSI_MEM_SOME, EXT_CG_PSI_MEM, psi_mem_some, 1e-6),
	        M(OMC_PSI_MEM_FULL, EXT_CG_PSI_MEM, psi_mem_full, 1e-6),
	        M(OMC_PSI_IO_SOME, EXT_CG_PSI_IO, psi_io_some, 1e-6),
	        M(OMC_PSI_IO_FULL, EXT_CG_PSI_IO, psi_io_full, 1e-6),
#undef M
	};
	size_t k;

	strbuf_reset(e->lbl);
	om_label(e->lbl, "id", c->path, EXT_CG_PATH_LEN);
	for (k = 0; k < sizeof(map) / sizeof(map[0]); k++) {
		uint64_t v;

		if (!(c->present & map[k].need))
			continue;
		memcpy(&v, (const char *) c + map[k].off, sizeof(v));
		/* memory.max "max": no limit, no sample (cAdvisor's limit is only a real one). */
		if (map[k].fam == OMC_MEM_LIMIT && v == UINT64_MAX)
			continue;
		emit(e, map[k].fam, map[k].mul == 1 ? (double) v : (double) v * map[k].mul);
	}
}

/* sb back to its first len bytes. */
static void
cut(struct strbuf *sb, size_t len)
{
	if (sb->buf && len <= sb->len) {
		sb->len = len;
		sb->buf[len] = '\0';
	}
}

static void
proc_samples(const struct om_emit *e, const struct ext_proc *p, double hz)
{
	size_t len;

	strbuf_reset(e->lbl);
	strbuf_addf(e->lbl, "pid=\"%u\"", p->pid);
	om_label(e->lbl, "comm", p->comm, EXT_COMM_LEN);
	len = e->lbl->len;
	strbuf_adds(e->lbl, ",mode=\"user\"");
	emit(e, OMP_CPU, (double) p->utime / hz);
	cut(e->lbl, len);
	strbuf_adds(e->lbl, ",mode=\"system\"");
	emit(e, OMP_CPU, (double) p->stime / hz);
	cut(e->lbl, len);
	emit(e, OMP_MINFLT, (double) p->minflt);
	emit(e, OMP_MAJFLT, (double) p->majflt);
	if (p->flags & EXT_PF_IO) {
		emit(e, OMP_READ_BYTES, (double) p->read_bytes);
		emit(e, OMP_WRITTEN_BYTES, (double) p->write_bytes);
	}
	if (p->flags & EXT_PF_DELAYACCT)
		emit(e, OMP_IO_DELAY, (double) p->blkio_ticks / hz);
	emit(e, OMP_RSS, (double) p->rss_kb * 1024);
	emit(e, OMP_VSZ, (double) p->vsz_kb * 1024);
	emit(e, OMP_THREADS, (double) p->threads);
}

void
sadf_who_om_samples(struct sadf *d, const struct archive_ext *ext,
                    void (*fn)(void *arg, size_t fam, const char *labels, size_t len, double value),
                    void *arg, size_t base)
{
	struct strbuf lbl = STRBUF_INIT;
	struct om_emit e = {fn, arg, base, &lbl};
	double hz = d->s.r->hdr.sa_hz ? (double) d->s.r->hdr.sa_hz : 100;
	uint32_t i;

	for (i = 0; d->s.o.cgroup && ext->has_cgroup && i < ext->n_cgroup; i++)
		cg_samples(&e, &ext->cgroup[i]);
	for (i = 0; d->s.o.proc && ext->has_proc && i < ext->n_proc; i++)
		proc_samples(&e, &ext->proc[i], hz);
	if (lbl.err)
		die_nomem(d);
	strbuf_release(&lbl);
}
