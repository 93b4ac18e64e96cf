/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf --follow: -d, -p or -j over the records of a growing file, read by
 * sar's tail (report/follow.h). Each record is printed once it is whole: -d
 * and -p as their rows (-d's field lists once, at the start), -j as one
 * JSON object per line (JSON Lines):
 *   {"nodename": "...", "timestamp": {...}, "cpu-load": [...], ...}
 * with the same members as a record of the statistics array of sadf -j.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sadf.h"
#include "common/sysexit.h"
#include "report/render.h"
#include "report/follow.h"
#include "common/banned.h"

struct sadf_follow {
	struct sadf *d;
	struct follow_tail t;
	struct sa_record_header hdr[2]; /* the records in the activities' slots 0 and 1 */
	int curr;
	FILE *real; /* the output, while a JSON line is captured */
};

static void
flush_out(void *ctx)
{
	struct sadf *d = ctx;

	sadf_flush(d);
	fflush(sadf_fp(d));
}

static bool
before_start(void *ctx, const struct sa_record_header *h)
{
	struct sadf *d = ctx;
	struct tm tm;

	return sadf_record_tm(d, h, &tm) && sadf_before_start(d, &tm, h->ust_time);
}

static bool
past_end(struct sadf *d, const struct sa_record_header *h)
{
	struct tm tm;

	if (!d->s.o.use_end && !d->end_epoch)
		return false;
	/* As the file report compares it: the time sadf shows. */
	return sadf_record_tm(d, h, &tm) && sadf_cmp_end(d, &tm, h->ust_time, false) > 0;
}

/* Copies the record just read into the slots curr of the activities shown. */
static void
take(struct sadf_follow *f, const struct archive_record *rec)
{
	struct sar *s = &f->d->s;
	uint32_t i;

	f->hdr[f->curr] = rec->hdr;
	for (i = 0; i < s->n_acts; i++) {
		struct sar_act *a = &s->acts[i];

		if (a->fa->known_format && s->o.outputs[a->desc->id])
			sar_copy_slot(a, &a->slot[f->curr]);
	}
}

/*
 * Writes the n bytes of JSON at p on one line: the line breaks and TABs of
 * sadf -j's layout go, those inside strings stay.
 */
static void
put_json_line(FILE *out, const char *p, size_t n)
{
	bool in_str = false, esc = false;
	char last = 0;
	size_t k;

	for (k = 0; k < n; k++) {
		char c = p[k];

		if (in_str) {
			in_str = esc || c != '"';
			esc = !esc && c == '\\';
		} else if (c == '"') {
			in_str = true;
		} else if (c == '\n' || c == '\t') {
			/* A member after a line break is separated as the others are, by ", ". */
			if (c == '\n' && last == ',')
				putc(last = ' ', out);
			continue;
		}
		putc(last = c, out);
	}
}

/* -j: the record's members, captured, then written as one object on one line. */
static void
json_record(struct sadf_follow *f, void (*body)(struct sadf_follow *f, const void *arg),
            const void *arg)
{
	struct sadf *d = f->d;
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		sysrec_nomem();
	f->real = sadf_fp(d);
	sar_set_out(&d->s, m);
	d->tab = 0;
	body(f, arg);
	sar_set_out(&d->s, f->real);
	fclose(m);
	fprintf(sadf_fp(d), "{\"nodename\": \"%s\", ", d->s.r->hdr.sa_nodename);
	put_json_line(sadf_fp(d), buf, len);
	fputs("}\n", sadf_fp(d));
	free(buf);
}

static void
views_body(struct sadf_follow *f, const void *arg)
{
	(void) arg;
	sadf_follow_views(f->d, f->curr);
}

static void
restart_body(struct sadf_follow *f, const void *arg)
{
	const struct archive_record *rec = arg;
	struct sadf *d = f->d;

	sadf_printf(d, "\"restart\": {\"date\": \"%s\", \"time\": \"%s\", \"cpu-count\": %d}",
	            d->date, d->time, sadf_cpu_count((unsigned) rec->restart_cpu_nr));
}

static void
comment_body(struct sadf_follow *f, const void *arg)
{
	const struct archive_record *rec = arg;
	struct sadf *d = f->d;

	sadf_printf(d, "\"comment\": {\"date\": \"%s\", \"time\": \"%s\", \"com\": \"%s\"}",
	            d->date, d->time, rec->comment);
}

/* A LINUX RESTART or a comment (-C), as the format prints them. */
static void
special(struct sadf_follow *f, const struct archive_record *rec)
{
	struct sadf *d = f->d;
	bool restart = rec->hdr.record_type == SA_R_RESTART;

	if (!restart && !d->s.o.comments)
		return;
	sadf_follow_stamp(d, &rec->hdr, &rec->hdr);
	if (d->c->format == SADF_F_JSON)
		json_record(f, restart ? restart_body : comment_body, rec);
	else if (restart && d->b->restart)
		d->b->restart(d, sadf_cpu_count((unsigned) rec->restart_cpu_nr));
	else if (!restart && d->b->comment)
		d->b->comment(d, rec->comment);
}

static void
field_list(struct sadf *d, const struct sar_act *a, const struct sar_view *v)
{
	(void) a;
	d->b->pass_begin(d, v);
}

/* The records as they come: the first is the reference, then one row set each. */
static void
follow_loop(struct sadf_follow *f)
{
	struct sadf *d = f->d;
	struct archive_record rec;
	long count = d->c->count;
	bool ref = false;

	while (count && follow_tail_next(&f->t, &rec)) {
		if (rec.hdr.record_type == SA_R_RESTART || rec.hdr.record_type == SA_R_COMMENT) {
			special(f, &rec);
			ref = ref && rec.hdr.record_type == SA_R_COMMENT;
			continue;
		}
		if (past_end(d, &rec.hdr))
			break;
		take(f, &rec);
		if (ref) {
			sadf_follow_stamp(d, &f->hdr[!f->curr], &f->hdr[f->curr]);
			if (d->c->format == SADF_F_JSON)
				json_record(f, views_body, NULL);
			else
				sadf_follow_views(d, f->curr);
			if (count > 0)
				count--;
		}
		ref = true;
		f->curr ^= 1;
	}
}

int
sadf_follow(struct sadf *d)
{
	struct sadf_follow f;
	enum sadf_format fmt = d->c->format;

	if ((fmt != SADF_F_DB && fmt != SADF_F_PPC && fmt != SADF_F_JSON) || d->c->header_only ||
	    d->s.o.use || d->s.o.proc || d->s.o.cgroup) {
		fputs("sadf: --follow prints -d, -p or -j, without -H, --use, --proc or --cgroup\n",
		      stderr);
		return 1;
	}
	memset(&f, 0, sizeof(f));
	f.d = d;
	f.t.ctx = d;
	f.t.before_wait = flush_out;
	f.t.quiet_sigint = true;
	if (d->s.o.use_start || d->start_epoch)
		f.t.before_start = before_start;
	d->b = fmt == SADF_F_DB ? &sadf_db : fmt == SADF_F_PPC ? &sadf_ppc : &sadf_json;
	d->s.sink_format = fmt == SADF_F_DB    ? SAR_SINK_DB
	                   : fmt == SADF_F_PPC ? SAR_SINK_PPC
	                                       : SAR_SINK_JSON;
	if (fmt == SADF_F_JSON)
		setlocale(LC_NUMERIC, "C");
	snprintf(d->s.dp, sizeof(d->s.dp), "%s", localeconv()->decimal_point);
	follow_tail_open(&f.t, &d->s, d->c->file, "sadf");
	if (sadf_follow_begin(d, d->c->file)) {
		follow_tail_release(&f.t);
		return 1;
	}
	if (fmt == SADF_F_DB && d->c->horizontal)
		d->b->pass_begin(d, NULL);
	else if (fmt == SADF_F_DB)
		sadf_each_listed_view(d, field_list);
	follow_loop(&f);
	sadf_flush(d);
	fflush(sadf_fp(d));
	follow_tail_release(&f.t);
	return f.t.status;
}
