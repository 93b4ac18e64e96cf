/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf's walk over a file (doc/report.md §5.1). Two orders, as sysstat has them:
 * -d, -p (and -r) print one activity output at a time over each segment
 * between LINUX RESTARTs, like sar; -j and -x print every activity inside
 * each record, then the restarts and the comments in lists of their own.
 * The values are sar's: each view prints its rows into the backend's sink.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sadf.h"
#include "common/activity.h"
#include "common/compat.h"
#include "common/datafile.h"
#include "common/nls.h"
#include "common/numfmt.h"
#include "common/source.h"
#include "common/sysexit.h"
#include "report/options.h"
#include "report/render.h"
#include "report/views.h"
#include "report/walk.h"
#include "common/banned.h"

/* The JSON/XML wrappers and the activity that closes each (sysstat's AO_CLOSE_MARKUP). */
static const struct {
	uint32_t closer;
	const char *group;
} groups[] = {
        {A_NET_SOFT, "network"},
        {A_PWR_USB, "power-management"},
        {A_PSI_MEM, "psi"},
};

int
sadf_report_failed(struct sadf *d, int rc, const char *file)
{
	char msg[8192];
	int status = walk_message(&d->s, rc, file, msg, sizeof(msg));

	sadf_flush(d);
	fflush(sadf_fp(d));
	fputs(msg, stderr);
	return status;
}

void
sadf_put_tabs_slow(struct sadf *d, int n)
{
	static const char tabs[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";

	for (; n > 16; n -= 16)
		sadf_put(d, tabs, 16);
	if (n > 0)
		sadf_put(d, tabs, (size_t) n);
}

int
sadf_cpu_count(unsigned int sa_cpu_nr)
{
	return sa_cpu_nr > 1 ? (int) sa_cpu_nr - 1 : 1;
}

/* Writes pre, the n bytes of s, post and a NUL into out; returns the bytes written with the NUL. */
static size_t
write_form(char *out, const char *pre, const char *s, size_t n, const char *post)
{
	size_t a = strlen(pre), b = strlen(post);

	memcpy(out, pre, a);
	memcpy(out + a, s, n);
	memcpy(out + a + n, post, b + 1);
	return a + n + b + 1;
}

static struct sadf_name
name_of(const char *s, size_t len)
{
	const char *dot = memchr(s, '.', len);
	struct sadf_name r = {.s = s, .len = (uint32_t) len, .dot = dot ? (int32_t) (dot - s) : -1};

	return r;
}

/* The forms of d's format: '"' "\": " (-j), ' ' "=\"" (-x), or none. */
static bool
form_of(const struct sadf *d, const char **ret_pre, const char **ret_post)
{
	if (d->b == &sadf_json) {
		*ret_pre = "\"";
		*ret_post = "\": ";
		return true;
	}
	if (d->b == &sadf_xml) {
		*ret_pre = " ";
		*ret_post = "=\"";
		return true;
	}
	return false;
}

static void
split_names(const struct sadf *d, struct sadf_names *e, const char *list)
{
	size_t len = strlen(list), i, n = 1;
	const char *pre, *post;
	char *q;

	e->list = list;
	/* 64 bytes more, that sadf_put_block() may read past the last name. */
	e->buf = sysrec_calloc(len + 1 + 64, 1);
	memcpy(e->buf, list, len + 1);
	for (i = 0; i < len; i++)
		n += list[i] == ';' || list[i] == '&';
	e->v = sysrec_calloc(n, sizeof(*e->v));
	e->n = 0;
	for (q = e->buf;;) {
		size_t w;

		if (*q == '&')
			q++;
		w = strcspn(q, ";&");
		e->v[e->n] = name_of(q, w);
		e->dotted = e->dotted || e->v[e->n].dot >= 0;
		e->n++;
		if (!q[w])
			break;
		q[w] = '\0';
		q += w + 1;
	}
	e->n_blocks = 0;
	e->forms = NULL;
	if (!form_of(d, &pre, &post))
		return;
	/*
	 * Each name (after its '.') between pre and post, with its NUL, and
	 * 32 bytes more that sadf_put_form() may read past the last.
	 */
	e->forms = sysrec_calloc(len + (strlen(pre) + strlen(post) + 1) * e->n + 32, 1);
	for (q = e->forms, i = 0; i < e->n; i++) {
		struct sadf_name *v = &e->v[i];
		size_t base = (size_t) (v->dot + 1);

		v->form = q;
		q += write_form(q, pre, v->s + base, v->len - base, post);
		v->form_len = (uint32_t) (q - v->form - 1);
	}
	while (!e->dotted && e->n_blocks < e->n && e->v[e->n_blocks].form_len <= 32)
		e->n_blocks++;
}

const struct sadf_names *
sadf_names_of(struct sadf *d, const char *list)
{
	static const struct sadf_names none = {NULL, NULL, NULL, 0, false, 0, NULL};
	size_t i;

	/* Fibonacci hashing: string literals lie close together, their low bits alike. */
	struct sadf_names **slot =
	        &d->names_hash[((uintptr_t) list * UINT64_C(0x9e3779b97f4a7c15)) >> 56];

	if (!list)
		return &none;
	if (*slot && (*slot)->list == list)
		return *slot;
	for (i = 0; i < d->n_names; i++)
		if (d->names[i]->list == list)
			break;
	if (i == d->n_names) {
		d->names = sysrec_reallocarray(d->names, d->n_names + 1, sizeof(*d->names));
		d->names[i] = sysrec_malloc(sizeof(**d->names));
		d->names[i]->dotted = false;
		split_names(d, d->names[i], list);
		d->n_names++;
	}
	*slot = d->names[i];
	return d->names[i];
}

struct sadf_name
sadf_name_of(const char *name)
{
	return name_of(name, strlen(name));
}

size_t
sadf_cell_text(const struct sadf *d, const struct sar_cell *c, char *buf, size_t len)
{
	size_t n = 0;
	int w;

	switch (c->kind) {
	case SAR_CELL_NUM:
		/* numfmt is printf's "%.*f" to the byte, without parsing a format per value. */
		if (d->dot && c->decimals >= 0 && c->decimals <= 9)
			n = numfmt_fixed(buf, len - 1, c->d, 0, c->decimals, ".");
		if (n) {
			buf[n] = '\0';
			return n;
		}
		w = snprintf(buf, len, "%.*f", c->decimals, c->d);
		break;
	case SAR_CELL_U64:
		n = numfmt_u64(buf, len - 1, c->u, 0);
		buf[n] = '\0';
		return n;
	default:
		n = c->str ? strnlen(c->str, len - 1) : 0;
		memcpy(buf, c->str ? c->str : "", n);
		buf[n] = '\0';
		return n;
	}
	return w < 0 ? 0 : (size_t) w < len ? (size_t) w : len - 1;
}

size_t
sadf_put_cell_slow(struct sadf *d, const struct sar_cell *c)
{
	char *o = outbuf_reserve(&d->s.ob, SADF_NUM_LEN);
	char buf[SADF_NUM_LEN];
	size_t n;

	/* Strings and counters, as sadf_cell_text() writes them, without its NUL. */
	if (o && c->kind == SAR_CELL_U64) {
		n = numfmt_u64(o, SADF_NUM_LEN - 1, c->u, 0);
		outbuf_commit(&d->s.ob, n);
		return n;
	}
	if (c->kind == SAR_CELL_STR && c->str) {
		n = strnlen(c->str, SADF_NUM_LEN - 1);
		sadf_put(d, c->str, n);
		return n;
	}
	if (!o) { /* no buffer */
		n = sadf_cell_text(d, c, buf, sizeof(buf));
		sadf_put(d, buf, n);
		return n;
	}
	n = sadf_cell_text(d, c, o, SADF_NUM_LEN);
	outbuf_commit(&d->s.ob, n);
	return n;
}

/* ---- the views' rows ---- */

static struct sadf *
ctx(struct sar *s)
{
	return s->sink_ctx;
}

void
sadf_capture_row_begin(struct sar *s)
{
	struct sadf *d = ctx(s);

	d->n_cells = 0;
	s->pending_name = NULL;
	strbuf_reset(&d->strs);
}

/* Appends the string str and its NUL to d->strs; returns its offset there. */
static size_t
keep_str(struct sadf *d, const char *str)
{
	size_t at = d->strs.len;

	strbuf_add(&d->strs, str, strlen(str) + 1);
	return at;
}

static __attribute__((noinline)) void
capture_cell_slow(struct sar *s, const struct sar_cell *c)
{
	struct sadf *d = ctx(s);

	if (d->n_cells == d->cap_cells) {
		size_t cap = d->cap_cells ? 2 * d->cap_cells : 64;
		struct sar_cell *p = sysrec_reallocarray(d->cells, cap, sizeof(*p));
		d->cells = p;
		d->cap_cells = cap;
	}
	d->cells[d->n_cells] = *c;
	/* Strings are kept as offsets: the buffer may move while the row grows. */
	d->cells[d->n_cells].name = NULL;
	if (s->pending_name) {
		d->cells[d->n_cells].name =
		        (const char *) (uintptr_t) (keep_str(d, s->pending_name) + 1);
		s->pending_name = NULL;
	}
	if (c->kind == SAR_CELL_STR) {
		d->cells[d->n_cells].str = NULL;
		d->cells[d->n_cells].u = keep_str(d, c->str);
	}
	d->n_cells++;
}

void
sadf_capture_row_end(struct sar *s)
{
	struct sadf *d = ctx(s);
	size_t k;

	for (k = 0; k < d->n_cells; k++) {
		struct sar_cell *c = &d->cells[k];

		if (c->kind == SAR_CELL_STR)
			c->str = d->strs.buf + c->u;
		if (c->name)
			c->name = d->strs.buf + ((uintptr_t) c->name - 1);
	}
	if (d->view && d->b->row)
		d->b->row(d);
	d->rows++;
}

/* A number or a counter, without a name of its own, where the row has room: a copy. */
void
sadf_capture_cell(struct sar *s, const struct sar_cell *c)
{
	struct sadf *d = ctx(s);

	if (d->n_cells < d->cap_cells && !s->pending_name && c->kind != SAR_CELL_STR) {
		struct sar_cell *t = &d->cells[d->n_cells++];

		*t = *c;
		t->name = NULL;
		return;
	}
	capture_cell_slow(s, c);
}

static const struct sar_sink sink = {sadf_capture_row_begin, sadf_capture_cell,
                                     sadf_capture_row_end};

/* The sink of d's format: its own, or the engine's. */
static const struct sar_sink *
sink_of(const struct sadf *d)
{
	return d->b->sink ? d->b->sink : &sink;
}

bool
sadf_direct_row_begin_slow(struct sadf *d)
{
	/* The view's rows are captured (the format's row() writes them). */
	d->direct = false;
	d->row_fast_n = 0;
	sadf_capture_row_begin(&d->s);
	return false;
}

struct sadf_name
sadf_direct_key(struct sadf *d, size_t *ret_k)
{
	struct sar *s = &d->s;
	const struct sadf_names *keys = d->row_keys;
	size_t k = d->n_cells++;
	struct sadf_name key = s->pending_name ? sadf_name_of(s->pending_name)
	                       : k < keys->n   ? keys->v[k]
	                                       : sadf_name_of("");

	s->pending_name = NULL;
	if (ret_k)
		*ret_k = k;
	return key;
}

/* ---- time ---- */

bool
sadf_record_tm(const struct sadf *d, const struct sa_record_header *h, struct tm *ret)
{
	time_t t = (time_t) h->ust_time;
	struct tm *r;

	/* Local time only where it is shown: it costs half as much again as UTC. */
	if (d->c->time_mode == SADF_T_LOCAL || d->c->time_mode == SADF_T_TRUE)
		r = localtime_r(&t, ret);
	else
		r = gmtime_r(&t, ret);
	if (!r)
		return false;
	if (d->c->time_mode == SADF_T_TRUE) {
		ret->tm_hour = h->hour;
		ret->tm_min = h->minute;
		ret->tm_sec = h->second;
	}
	return true;
}

/* Two digits of v (0 to 99) at p. */
static void
two_digits(char *p, int v)
{
	p[0] = (char) ('0' + v / 10);
	p[1] = (char) ('0' + v % 10);
}

/*
 * strftime()'s "%Y-%m-%d" and "%H:%M:%S" by hand, for years of four
 * digits and fields of at most two: a pass over the records formats every time
 * again, and strftime() took a thousand instructions a record for both.
 * False, with nothing written, for anything else.
 */
static bool
put_date_time(struct sadf *d, const struct tm *tm)
{
	int year = tm->tm_year + 1900;

	/* strftime's %Y does not pad: years below 1000 are shorter. */
	if (tm->tm_year > 9999 - 1900 || tm->tm_year < 1000 - 1900 || tm->tm_mon < 0 ||
	    tm->tm_mon > 98 || tm->tm_mday < 0 || tm->tm_mday > 99 || tm->tm_hour < 0 ||
	    tm->tm_hour > 99 || tm->tm_min < 0 || tm->tm_min > 99 || tm->tm_sec < 0 ||
	    tm->tm_sec > 99)
		return false;
	two_digits(d->date, year / 100);
	two_digits(d->date + 2, year % 100);
	d->date[4] = '-';
	two_digits(d->date + 5, tm->tm_mon + 1);
	d->date[7] = '-';
	two_digits(d->date + 8, tm->tm_mday);
	d->date[10] = '\0';
	numfmt_hms(d->time, tm->tm_hour, tm->tm_min, tm->tm_sec);
	return true;
}

static void
set_stamp(struct sadf *d, const struct sa_record_header *h, const struct tm *tm)
{
	d->stamp_gen++;
	if (d->c->time_mode == SADF_T_EPOCH) {
		d->date[0] = '\0';
		snprintf(d->time, sizeof(d->time), "%llu", (unsigned long long) h->ust_time);
		return;
	}
	if (!put_date_time(d, tm)) {
		if (!strftime(d->date, sizeof(d->date), "%Y-%m-%d", tm))
			d->date[0] = '\0';
		if (!strftime(d->time, sizeof(d->time), "%H:%M:%S", tm))
			d->time[0] = '\0';
	}
}

/*
 * 12.7.5 compares seconds since the epoch as an int: the difference of two
 * unsigned long longs, cut to its low 32 bits.
 */
static int
epoch_cmp(uint64_t ust_time, uint64_t epoch)
{
	return (int) (uint32_t) (ust_time - epoch);
}

bool
sadf_before_start(const struct sadf *d, const struct tm *tm, uint64_t ust_time)
{
	const struct sar_opts *o = &d->s.o;

	if (d->start_epoch)
		return epoch_cmp(ust_time, d->start_epoch) < 0;
	return o->use_start && sar_datecmp(tm, o->start_h, o->start_m, o->start_s, false) < 0;
}

long long
sadf_cmp_end(const struct sadf *d, const struct tm *tm, uint64_t ust_time, bool cross_day)
{
	const struct sar_opts *o = &d->s.o;

	if (d->end_epoch)
		return epoch_cmp(ust_time, d->end_epoch);
	return o->use_end ? sar_datecmp(tm, o->end_h, o->end_m, o->end_s, cross_day) : -1;
}

static bool
before_start(const struct sadf *d, const struct walk_pos *w)
{
	return sadf_before_start(d, &w->rectime, w->rec.hdr.ust_time);
}

static long long
cmp_end(const struct sadf *d, const struct walk_pos *w, bool cross_day)
{
	return sadf_cmp_end(d, &w->rectime, w->rec.hdr.ust_time, cross_day);
}

/*
 * Whether a segment's first record is past the end: 12.6.1 takes none at
 * the end time itself, 12.7.5 takes it.
 */
static bool
past_end_at_start(const struct sadf *d, const struct walk_pos *w)
{
	long long c = cmp_end(d, w, false);

	return flavour_1275() ? c > 0 : c >= 0;
}

const char *
sadf_tz(const struct sadf *d)
{
	if (d->c->time_mode == SADF_T_LOCAL)
		return d->my_tz;
	if (d->c->time_mode == SADF_T_TRUE)
		return d->s.r->hdr.sa_tzname;
	return "UTC";
}

const char *
sadf_zone(const struct sadf *d, bool special)
{
	if (!d->date[0])
		return NULL;
	if (!flavour_1275())
		return d->utc ? "UTC" : NULL;
	if (!special && d->c->time_mode == SADF_T_TRUE && !d->s.r->hdr.sa_tzname[0])
		return NULL;
	return sadf_tz(d);
}

/* ---- reading ---- */

/* What seen_record() is told. */
struct sadf_seen {
	struct sadf *d;
	struct walk_pos *w;
};

/*
 * Told of every read: sadf -r dumps each record, the rejected ones too;
 * a record read has its time as sadf shows it.
 */
static void
seen_record(void *ctx, const struct archive_record *rec, int rc)
{
	struct sadf_seen *c = ctx;

	if (c->d->b->record_read)
		c->d->b->record_read(c->d, rec, rc);
	if (rc > 0 && !sadf_record_tm(c->d, &rec->hdr, &c->w->rectime))
		memset(&c->w->rectime, 0, sizeof(c->w->rectime));
}

/*
 * Reads the next record, the shown activities' items straight into their
 * slot k_percpu or k_other (-1: the reader's buffer; see walk_next),
 * under sadf's rules and those given (walk_next's status). What a file cut
 * short does is in rules (walk.h): -d and -p stop with status 2, and so do
 * the first reads of a segment; in -j and -x the walk of the statistics and
 * the lists after it end there, with the message, and go on.
 */
static int
read_record(struct sadf *d, struct walk_pos *w, unsigned rules, int k_percpu, int k_other)
{
	struct sadf_seen c = {d, w};
	struct walk_rules r = {WALK_1275_BAD_HEADER | rules, seen_record, &c};

	return walk_next(&d->s, w, &r, k_percpu, k_other);
}

/*
 * A RESTART: the file's CPU count changes; with print, per-CPU activities
 * take it too and it is printed when in the window (sysstat's -j and -x
 * read the statistics with the activities' counts unchanged).
 */
static void
special_restart(struct sadf *d, const struct walk_pos *w, bool print)
{
	uint32_t i;

	d->s.r->hdr.sa_cpu_nr = w->rec.restart_cpu_nr;
	if (!print)
		return;
	for (i = 0; i < d->s.n_acts; i++)
		if ((d->s.acts[i].desc->flags & AF_PERSISTENT) && d->s.acts[i].nr_ini > 0)
			d->s.acts[i].nr_ini = w->rec.restart_cpu_nr;
	if (before_start(d, w) || cmp_end(d, w, false) > 0)
		return;
	set_stamp(d, &w->rec.hdr, &w->rectime);
	if (d->b->restart)
		d->b->restart(d, sadf_cpu_count(w->rec.restart_cpu_nr));
}

static void
special_comment(struct sadf *d, const struct walk_pos *w)
{
	if (!d->s.o.comments || before_start(d, w) || cmp_end(d, w, false) > 0)
		return;
	set_stamp(d, &w->rec.hdr, &w->rectime);
	if (d->b->comment)
		d->b->comment(d, w->rec.comment);
}

static bool
is_special(const struct walk_pos *w)
{
	return w->rec.hdr.record_type == SA_R_RESTART || w->rec.hdr.record_type == SA_R_COMMENT;
}

/* What find_segment_start() hands walk_find_segment(). */
struct find_ctx {
	struct sadf *d;
	struct walk_pos *w;
	bool print_specials;
};

/*
 * A RESTART's CPU count is always taken; with print_specials, restarts and
 * comments are printed in the format as sysstat's sadf does in its walk
 * over the statistics (not in its walk for the header of -j, -x).
 */
static void
find_special(void *ctx)
{
	struct find_ctx *c = ctx;

	if (c->w->rec.hdr.record_type == SA_R_RESTART)
		special_restart(c->d, c->w, c->print_specials);
	else if (c->print_specials)
		special_comment(c->d, c->w);
}

static bool
find_outside(void *ctx)
{
	struct find_ctx *c = ctx;

	return before_start(c->d, c->w) || past_end_at_start(c->d, c->w);
}

/*
 * Reads up to the first statistics record of a segment inside the window;
 * without print_specials (the header's walk of -j, -x), a comment cut
 * short ends the file, as sysstat steps over them there (walk_find_segment's
 * status).
 */
static int
find_segment_start(struct sadf *d, struct walk_pos *w, bool print_specials)
{
	struct sadf_seen seen = {d, w};
	struct walk_rules r = {WALK_1275_BAD_HEADER | (print_specials ? 0 : WALK_CUT_COMMENT_ENDS),
	                       seen_record, &seen};
	struct find_ctx c = {d, w, print_specials};
	struct walk_find f = {&r, true, find_special, find_outside, &c};

	return walk_find_segment(&d->s, w, &f);
}

/* ---- printing one record ---- */

static bool
view_wanted(const struct sar *s, const struct sar_act *a, const struct sar_view *v)
{
	/* -r prints the stored counters, with or without the view's names. */
	return v && (v->names || s->sink_format == SAR_SINK_RAW) && v->act_id == a->desc->id &&
	       (s->o.outputs[a->desc->id] & v->opt);
}

static void
print_view(struct sadf *d, struct sar_act *a, const struct sar_view *v, int curr)
{
	struct sar *s = &d->s;

	d->view = v;
	d->rows = 0;
	s->view_opt = v->opt;
	s->dish = false;
	if (d->b->view_begin)
		d->b->view_begin(d, v);
	v->print(s, a, &a->slot[!curr], &a->slot[curr], d->itv);
	if (s->in_row)
		sar_out_nl(s);
	if (d->b->view_end)
		d->b->view_end(d, v);
	d->view = NULL;
	d->direct = false;
	d->row_fast_n = 0;
	d->row_open = false;
}

static void
close_group_of(struct sadf *d, uint32_t id)
{
	size_t k;

	for (k = 0; k < sizeof(groups) / sizeof(groups[0]); k++)
		if (groups[k].closer == id && d->open_group &&
		    !strcmp(d->open_group, groups[k].group) && d->b->group_close) {
			d->b->group_close(d, groups[k].group);
			d->open_group = NULL;
		}
}

/* The file's activity with this id, or NULL. */
static struct sar_act *
act_by_id(struct sadf *d, uint32_t id)
{
	uint32_t i;

	for (i = 0; i < d->s.n_acts; i++)
		if (d->s.acts[i].fa->desc && d->s.acts[i].desc->id == id)
			return &d->s.acts[i];
	return NULL;
}

void
sadf_each_listed_view(struct sadf *d,
                      void (*fn)(struct sadf *d, const struct sar_act *a, const struct sar_view *v))
{
	size_t i, k;

	for (i = 0; i < activity_count(); i++) {
		const struct activity_desc *desc = activity_at(i);
		struct sar_act *a = act_by_id(d, desc->id);

		if (!a || !d->s.o.outputs[desc->id] || a->nr_ini <= 0)
			continue;
		for (k = 0; k < sar_view_count(); k++)
			if (view_wanted(&d->s, a, sar_view_at(k)))
				fn(d, a, sar_view_at(k));
	}
}

/*
 * sysstat never reads a single-item activity of an unknown format, but
 * keeps its count at 1: -j and -x show the zeros of its buffers.
 */
static bool
unread_single(struct sar_act *a)
{
	size_t size = a->desc->size;
	int k;

	if (a->fa->known_format || a->desc->policy != ACT_SINGLE)
		return false;
	for (k = 0; k < 2; k++) {
		struct sar_slot *sl = &a->slot[k];

		if (sl->cap < size) {
			unsigned char *p = sysrec_realloc(sl->items, size);
			sl->items = p;
			sl->cap = size;
		}
		memset(sl->items, 0, size);
		sl->nr = 1;
	}
	return true;
}

/* An activity in sysstat's order, with the outputs that print it (the plan of print_all_views). */
struct sadf_plan {
	uint32_t id;
	struct sar_act *a; /* NULL: not in the file, or not selected */
	const struct sar_view **v;
	size_t n;
};

static void
build_plan(struct sadf *d)
{
	size_t i, k, total = 0;
	const struct sar_view **v;

	d->n_plan = activity_count();
	d->plan = sysrec_calloc(d->n_plan, sizeof(*d->plan));
	for (i = 0; i < d->n_plan; i++) {
		struct sadf_plan *p = &d->plan[i];

		p->id = activity_at(i)->id;
		p->a = d->s.o.outputs[p->id] ? act_by_id(d, p->id) : NULL;
		for (k = 0; p->a && k < sar_view_count(); k++)
			total += view_wanted(&d->s, p->a, sar_view_at(k));
	}
	/* The views of all the activities in one array (plan[0].v), each its own part. */
	v = sysrec_malloc((total ? total : 1) * sizeof(*v));
	for (i = 0; i < d->n_plan; i++) {
		struct sadf_plan *p = &d->plan[i];

		p->v = v;
		for (k = 0; p->a && k < sar_view_count(); k++)
			if (view_wanted(&d->s, p->a, sar_view_at(k)))
				p->v[p->n++] = sar_view_at(k);
		v += p->n;
	}
}

/* -j, -x, -d -h: every selected activity of the record, in sysstat's activity order. */
static void
print_all_views(struct sadf *d, int curr)
{
	size_t i, k;

	if (!d->plan)
		build_plan(d);
	for (i = 0; i < d->n_plan; i++) {
		const struct sadf_plan *p = &d->plan[i];
		struct sar_act *a = p->a;
		const struct sar_view *pending = NULL;

		if (a && (a->fa->known_format || unread_single(a)) && a->slot[curr].nr > 0) {
			d->act_first = true;
			for (k = 0; k < p->n; k++) {
				if (pending && !(pending->flags & SAR_VF_SADF_SUPERSEDED)) {
					d->act_last = false;
					print_view(d, a, pending, curr);
					d->act_first = false;
				}
				pending = p->v[k];
			}
			d->act_last = true;
			if (pending)
				print_view(d, a, pending, curr);
		}
		close_group_of(d, p->id);
	}
}

/*
 * sysstat's generic_write_stats: checks the interval and the end time, then
 * prints the record (one view, or with `view` NULL every activity). Returns
 * whether the record was displayed.
 */
static bool
write_stats(struct sadf *d, struct walk_pos *w, struct sar_act *a, const struct sar_view *v)
{
	const struct sa_record_header *cur = &w->hdr[w->curr], *prev = &w->hdr[!w->curr];

	if (!sar_next_slice(d->s.o.interval, &w->last_uptime, w->reset, w->hdr[2].uptime_cs,
	                    cur->uptime_cs))
		return false;
	if ((d->s.o.use_start || d->start_epoch) && prev->ust_time && cur->ust_time > prev->ust_time &&
	    cur->hour < prev->hour)
		w->cross_day = true;
	if (cmp_end(d, w, w->cross_day) > 0) {
		w->cnt = 0;
		return false;
	}
	d->itv = sar_interval_of(prev, cur);
	d->dt = d->itv / 100 + (d->itv % 100 >= 50);
	set_stamp(d, cur, &w->rectime);
	/* As sar: an interval without the processes (cgroups) asked for is not shown. */
	if (d->who_pass)
		return sadf_who_interval(d, (enum sadf_who_part) d->who_pass, prev,
		                         w->end[!w->curr], cur, w->end[w->curr]);
	if (d->b->record_begin)
		d->b->record_begin(d);
	if (!v)
		print_all_views(d, w->curr);
	else if (d->b->print_view)
		d->b->print_view(d, a, v, w->curr);
	else if (a->slot[w->curr].nr > 0) {
		d->act_first = d->act_last = true;
		print_view(d, a, v, w->curr);
	}
	if (!v && d->b->by_record && d->who)
		sadf_who_interval(d, SADF_WHO_NONE, prev, w->end[!w->curr], cur, w->end[w->curr]);
	if (d->b->record_end)
		d->b->record_end(d);
	return true;
}

/* ---- -d, -p: one activity output at a time ---- */

static void
copy_current(struct sadf *d, struct walk_pos *w, struct sar_act *only)
{
	uint32_t i;

	w->hdr[w->curr] = w->rec.hdr;
	w->end[w->curr] = source_offset(d->s.r->src);
	if (only) {
		/* A pass over one activity: it, and the per-CPU ones, as sar's passes copy them. */
		if (walk_selected(&d->s, only))
			sar_copy_slot(only, &only->slot[w->curr]);
		walk_read_persistent(&d->s, w->curr, only);
		return;
	}
	for (i = 0; i < d->s.n_acts; i++)
		if (walk_selected(&d->s, &d->s.acts[i]))
			sar_copy_slot(&d->s.acts[i], &d->s.acts[i].slot[w->curr]);
}

/*
 * Average state of a's output v (every output of every activity when a is
 * NULL) for a new pass. An activity's outputs share one state: it is sized
 * for the largest and zeroed once.
 */
static void
reset_avgs(struct sadf *d, struct sar_act *a, const struct sar_view *v)
{
	uint32_t i;
	size_t k;

	if (a) {
		sar_reset_avg(a, v);
		return;
	}
	for (i = 0; i < d->s.n_acts; i++) {
		const struct sar_view *largest = NULL;

		for (k = 0; k < sar_view_count(); k++)
			if (view_wanted(&d->s, &d->s.acts[i], sar_view_at(k)) &&
			    (!largest || sar_view_at(k)->avg_size > largest->avg_size))
				largest = sar_view_at(k);
		if (largest)
			sar_reset_avg(&d->s.acts[i], largest);
	}
}

/* Where a pass stands (pass_view, pass_who). */
struct sadf_pass {
	struct sadf *d;
	struct walk_pos *w;
	struct sar_act *a; /* NULL: every selected activity (-d -h), or none (pass_who) */
	const struct sar_view *v;
};

static void
pass_comment(void *ctx)
{
	struct sadf_pass *c = ctx;

	special_comment(c->d, c->w);
}

static bool
pass_view_record(void *ctx)
{
	struct sadf_pass *c = ctx;

	copy_current(c->d, c->w, c->a);
	return write_stats(c->d, c->w, c->a, c->v);
}

static bool
pass_who_record(void *ctx)
{
	struct sadf_pass *c = ctx;

	c->w->hdr[c->w->curr] = c->w->rec.hdr;
	c->w->end[c->w->curr] = source_offset(c->d->s.r->src);
	return write_stats(c->d, c->w, NULL, NULL);
}

/* The walk of a pass, under sadf's rules and those given (walk_pass's status). */
static int
run_pass(struct sadf *d, struct walk_pos *w, unsigned rules, struct walk_pass *wp)
{
	struct sadf_seen seen = {d, w};
	struct walk_rules r = {WALK_1275_BAD_HEADER | rules, seen_record, &seen};

	wp->rules = &r;
	return walk_pass(&d->s, w, wp);
}

/*
 * Where every pass starts: at fpos, the segment's first record the
 * reference of the first row. Returns 0, or a failed seek's status.
 */
static int
start_pass(struct sadf *d, struct walk_pos *w, uint64_t fpos)
{
	int rc = source_seek(d->s.r->src, fpos);

	if (rc < 0)
		return rc;
	w->eof = false;
	w->hdr[!w->curr] = w->hdr[2];
	w->end[!w->curr] = w->end[2];
	w->cnt = d->c->count;
	w->cross_day = false;
	return 0;
}

/*
 * One pass over a segment (sysstat's rw_curr_act_stats): output v of
 * activity a, or with a and v NULL every selected activity on one line
 * (-d -h). Returns 0, or a failed read's status.
 */
static int
pass_view(struct sadf *d, struct walk_pos *w, struct sar_act *a, const struct sar_view *v,
          uint64_t fpos)
{
	struct sadf_pass c = {d, w, a, v};
	struct walk_pass wp = {NULL, true, NULL, pass_comment, NULL, pass_view_record, &c};
	uint32_t i;
	int rc = start_pass(d, w, fpos);

	if (rc < 0)
		return rc;
	for (i = 0; i < d->s.n_acts; i++) {
		struct sar_act *x = &d->s.acts[i];

		if ((!a || x == a || walk_keeps_buffers(&d->s, x)) && walk_selected(&d->s, x))
			sar_copy_slot_from(&x->slot[!w->curr], &x->slot[2]);
	}
	reset_avgs(d, a, v);
	walk_decode(&d->s, a, 0);
	if (d->b->pass_begin)
		d->b->pass_begin(d, v);
	return run_pass(d, w, 0, &wp);
}

/* A pass of --proc or --cgroup (fmt_who.c), as sar's: no activity decoded, no buffer touched. */
static int
pass_who(struct sadf *d, struct walk_pos *w, enum sadf_who_part part, uint64_t fpos)
{
	struct sadf_pass c = {d, w, NULL, NULL};
	struct walk_pass wp = {NULL, false, NULL, pass_comment, NULL, pass_who_record, &c};
	int rc = start_pass(d, w, fpos);

	if (rc < 0)
		return rc;
	walk_decode(&d->s, NULL, WALK_DECODE_NONE);
	d->who_pass = part;
	sadf_who_pass_begin(d, part);
	rc = run_pass(d, w, 0, &wp);
	d->who_pass = 0;
	return rc;
}

/*
 * The passes of --proc and --cgroup, after sysstat's. The walk and the
 * file are then put back where sysstat's last pass left them, so that what
 * follows (the count's skip to the next restart, the next segment) is what
 * it is without them. Returns 0, or a failed read's status.
 */
static int
segment_who_passes(struct sadf *d, struct walk_pos *w, uint64_t fpos, bool views)
{
	struct walk_pos saved;
	uint64_t pos;
	int rc = 0;

	if (!d->who)
		return 0;
	saved = *w;
	pos = source_offset(d->s.r->src);
	if (sadf_who_asked(d, SADF_WHO_PROC))
		rc = pass_who(d, w, SADF_WHO_PROC, fpos);
	if (rc == 0 && sadf_who_asked(d, SADF_WHO_CGROUP))
		rc = pass_who(d, w, SADF_WHO_CGROUP, fpos);
	if (rc < 0 || !views || !sadf_who_asked(d, SADF_WHO_NONE))
		return rc;
	*w = saved;
	return source_seek(d->s.r->src, pos);
}

/*
 * The passes of a segment: each selected output in the file's order, or
 * one for all (-h). Returns 0, or a failed read's status.
 */
static int
segment_passes(struct sadf *d, struct walk_pos *w, uint64_t fpos)
{
	bool views = false;
	uint32_t i;
	size_t k;
	int rc;

	if (d->c->horizontal) {
		/* Not with --proc or --cgroup alone: there is nothing of sysstat's to show. */
		views = !sadf_who_asked(d, SADF_WHO_NONE) || sar_any_output(&d->s.o);
		if (views && (rc = pass_view(d, w, NULL, NULL, fpos)) < 0)
			return rc;
	} else {
		for (i = 0; i < d->s.n_acts; i++) {
			struct sar_act *a = &d->s.acts[i];

			if (!a->fa->known_format || !d->s.o.outputs[a->desc->id])
				continue;
			for (k = 0; k < sar_view_count(); k++)
				if (view_wanted(&d->s, a, sar_view_at(k))) {
					rc = pass_view(d, w, a, sar_view_at(k), fpos);
					if (rc < 0)
						return rc;
					views = true;
				}
		}
	}
	return segment_who_passes(d, w, fpos, views);
}

/* -d, -p...: each output of each segment in a pass of its own (0, or a failed read's status). */
static int
by_activity(struct sadf *d)
{
	struct walk_pos w;
	int rc;

	memset(&w, 0, sizeof(w));
	w.curr = 1;
	/* As sysstat's eosaf: a file where no pass runs ends after its first statistics record. */
	w.eof = true;
	while ((rc = find_segment_start(d, &w, true)) > 0) {
		w.reset = true;
		rc = segment_passes(d, &w, source_offset(d->s.r->src));
		if (rc < 0)
			return rc;
		walk_decode(&d->s, NULL, 0);
		if (w.cnt == 0 && !w.eof) {
			while ((rc = read_record(d, &w, 0, w.curr, -1)) > 0 &&
			       w.rec.hdr.record_type != SA_R_RESTART)
				if (w.rec.hdr.record_type == SA_R_COMMENT)
					special_comment(d, &w);
				else
					walk_read_persistent(&d->s, w.curr, NULL);
			if (rc < 0)
				return rc;
		}
		if (w.eof)
			break;
		if (w.rec.hdr.record_type == SA_R_RESTART)
			special_restart(d, &w, true);
	}
	return rc < 0 ? rc : 0;
}

/* ---- -j, -x: every activity inside each record ---- */

/* Where -j and -x read: a record cut short ends the walk (walk.h). */
#define BY_RECORD_RULES (WALK_CUT_ENDS | WALK_CUT_COMMENT_ENDS)

/* In the statistics of -j, -x, a RESTART gives its CPU count, and ends the segment's walk. */
static bool
stats_restart(void *ctx)
{
	struct sadf_pass *c = ctx;

	special_restart(c->d, c->w, false);
	return false;
}

static bool
stats_record(void *ctx)
{
	struct sadf_pass *c = ctx;

	if (c->d->b->stats_record)
		c->d->b->stats_record(c->d);
	copy_current(c->d, c->w, NULL);
	return write_stats(c->d, c->w, NULL, NULL);
}

/* The statistics of -j, -x: every activity of each record. Returns 0, or a failed read's status. */
static int
by_record_stats(struct sadf *d)
{
	struct walk_pos w;
	struct sadf_pass c = {d, &w, NULL, NULL};
	/* Comments are passed over: -j and -x list them after the statistics. */
	struct walk_pass wp = {NULL, true, NULL, NULL, stats_restart, stats_record, &c};
	int rc;

	memset(&w, 0, sizeof(w));
	walk_decode(&d->s, NULL, 0);
	do {
		rc = find_segment_start(d, &w, false);
		if (rc <= 0)
			return rc;
		/* The segment's first record is the reference of the first row. */
		w.curr = 0;
		copy_current(d, &w, NULL);
		w.curr = 1;
		w.cnt = d->c->count;
		w.reset = true;
		rc = run_pass(d, &w, BY_RECORD_RULES, &wp);
		if (rc < 0)
			return rc;
		if (!w.cnt) {
			while ((rc = read_record(d, &w, BY_RECORD_RULES, w.curr, -1)) > 0 &&
			       w.rec.hdr.record_type != SA_R_RESTART)
				if (!is_special(&w))
					walk_read_persistent(&d->s, w.curr, NULL);
			if (rc < 0)
				return rc;
			if (!w.eof)
				special_restart(d, &w, false);
		}
	} while (!w.eof);
	return 0;
}

/* Rewinds to the first record after the header, with the file's CPU count (the seek's status). */
static int
rewind_records(struct sadf *d, uint64_t fpos, unsigned int cpu_nr)
{
	uint32_t i;
	int rc = source_seek(d->s.r->src, fpos);

	if (rc < 0)
		return rc;
	d->s.r->hdr.sa_cpu_nr = cpu_nr;
	for (i = 0; i < d->s.n_acts; i++)
		d->s.acts[i].nr_ini = d->s.acts[i].fa->fa.nr;
	return 0;
}

/*
 * One list of -j and -x after the statistics: from the first record (with
 * the file's CPU count), each record of the given type printed between the
 * format's begin and end. Returns 0, or a failed read's status.
 */
static int
list_specials(struct sadf *d, uint64_t fpos, unsigned int cpu_nr, unsigned rules, uint8_t type,
              void (*begin)(struct sadf *d), void (*end)(struct sadf *d))
{
	struct walk_pos w;
	int rc = rewind_records(d, fpos, cpu_nr);

	if (rc < 0)
		return rc;
	if (begin)
		begin(d);
	memset(&w, 0, sizeof(w));
	while ((rc = read_record(d, &w, rules, -1, -1)) > 0) {
		if (w.rec.hdr.record_type != type)
			continue;
		if (type == SA_R_RESTART)
			special_restart(d, &w, true);
		else
			special_comment(d, &w);
	}
	if (rc < 0)
		return rc;
	if (end)
		end(d);
	return 0;
}

/* -j, -x: the statistics, then the restarts and the comments, each in a list of its own. */
static int
by_record(struct sadf *d)
{
	uint64_t fpos = source_offset(d->s.r->src);
	unsigned int cpu_nr = d->s.r->hdr.sa_cpu_nr;
	const struct sadf_backend *b = d->b;
	int rc;

	if (b->stats_begin)
		b->stats_begin(d);
	rc = by_record_stats(d);
	if (rc < 0)
		return rc;
	if (b->stats_end)
		b->stats_end(d);
	walk_decode(&d->s, NULL, WALK_DECODE_NONE);
	rc = list_specials(d, fpos, cpu_nr, BY_RECORD_RULES, SA_R_RESTART, b->restarts_begin,
	                   b->restarts_end);
	if (rc < 0 || !d->s.o.comments)
		return rc;
	/* sysstat reads the comments here: one cut short is the message and the end. */
	return list_specials(d, fpos, cpu_nr, WALK_CUT_ENDS, SA_R_COMMENT, b->comments_begin,
	                     b->comments_end);
}

/* Average state for every view that will print (the views keep sums there). */
static void
init_avgs(struct sadf *d)
{
	reset_avgs(d, NULL, NULL);
}

int
sadf_run(struct sadf *d, const char *file)
{
	int rc;

	d->dot = !strcmp(d->s.dp, ".");
	if (d->b->run)
		return d->b->run(d, file);
	d->s.sink = sink_of(d);
	d->s.sink_ctx = d;
	rc = sar_init_acts(&d->s, file);
	if (rc)
		return rc;
	sadf_who_open(d, file);
	init_avgs(d);
	if (d->b->file_begin)
		d->b->file_begin(d);
	rc = d->b->by_record ? by_record(d) : by_activity(d);
	if (rc < 0)
		return sadf_report_failed(d, rc, file);
	if (d->b->file_end)
		d->b->file_end(d);
	sadf_flush(d);
	return 0;
}

void
sadf_engine_release(struct sadf *d)
{
	size_t i;

	for (i = 0; i < d->n_names; i++) {
		free(d->names[i]->buf);
		free(d->names[i]->v);
		free(d->names[i]->forms);
		free(d->names[i]);
	}
	free(d->names);
	d->names = NULL;
	d->n_names = 0;
	memset(d->names_hash, 0, sizeof(d->names_hash));
	if (d->plan)
		free(d->plan[0].v);
	free(d->plan);
	d->plan = NULL;
	d->n_plan = 0;
	free(d->cells);
	d->cells = NULL;
	sadf_who_release(d);
	d->n_cells = d->cap_cells = 0;
	strbuf_release(&d->strs);
}

/* ---- --follow (follow.c): one record at a time ---- */

int
sadf_follow_begin(struct sadf *d, const char *file)
{
	int rc;

	d->dot = !strcmp(d->s.dp, ".");
	d->s.sink = sink_of(d);
	d->s.sink_ctx = d;
	rc = sar_init_acts(&d->s, file);
	if (rc == 0)
		init_avgs(d);
	return rc;
}

void
sadf_follow_stamp(struct sadf *d, const struct sa_record_header *prev,
                  const struct sa_record_header *cur)
{
	struct tm tm;

	if (!sadf_record_tm(d, cur, &tm))
		memset(&tm, 0, sizeof(tm));
	d->itv = sar_interval_of(prev, cur);
	d->dt = d->itv / 100 + (d->itv % 100 >= 50);
	set_stamp(d, cur, &tm);
}

void
sadf_follow_views(struct sadf *d, int curr)
{
	if (d->b->record_begin)
		d->b->record_begin(d);
	print_all_views(d, curr);
	if (d->b->record_end)
		d->b->record_end(d);
}
