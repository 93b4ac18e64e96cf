/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf --openmetrics: a file as OpenMetrics text for Prometheus's backfill
 * (promtool tsdb create-blocks-from openmetrics), with node_exporter's names
 * (metrics/om.h). Not a sysstat format: a new long option, so that nothing
 * sysstat prints changes.
 *
 * OpenMetrics wants every family whole, and within it every series whole
 * in increasing time, while the file holds every series of every family in
 * each record. One pass over the file sorts the samples by series: each
 * series keeps its latest samples in memory, and full blocks of them go to
 * an unlinked temporary file, chained per series. The output then walks the
 * families and their series in order. Memory grows with the number of
 * series, never with the number of records; the temporary file holds
 * 16 bytes a sample.
 *
 * The values are the raw counters of the records; a LINUX RESTART is a
 * counter reset and needs nothing; comments are left out. A sample at a
 * time not after the previous one of its series (a clock set back) is
 * left out, since OpenMetrics requires increasing times.
 */
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "activity.h"
#include "compat.h"
#include "datafile.h"
#include "om.h"
#include "options.h"
#include "sadf.h"
#include "sysexit.h"
#include "views.h"
#include "banned.h"

/*
 * Samples of a series kept in memory before they go to the temporary file:
 * the buffers start small and grow to a share of MEM_POINTS, between
 * MIN_BLOCK and MAX_BLOCK samples.
 */
#define FIRST_POINTS 8
#define MIN_BLOCK    128
#define MAX_BLOCK    4096
#define MEM_POINTS   (1u << 18) /* 4 MiB */
#define NO_SERIES    UINT32_MAX
#define LAST_TIME    253402300799ull /* 9999-12-31 23:59:59 UTC */

struct point {
	int64_t ts; /* milliseconds */
	double v;
};

/* A block in the temporary file: this header, then n points. */
struct block_hdr {
	uint64_t next; /* offset of the series' next block + 1; 0: none */
	uint32_t n;
	uint32_t pad;
};

struct series {
	uint32_t fam;
	uint32_t next;  /* the family's next series, in order of appearance */
	uint32_t hnext; /* hash chain */
	uint32_t hash;
	char *labels;
	size_t labels_len;
	int64_t last_ts; /* of the last sample kept; -1: none yet */
	struct point *pts;
	uint32_t npts, cap;
	uint64_t head, tail; /* first and last block in the file, offset + 1; 0: none */
};

struct om_state {
	struct series *series;
	uint32_t n_series, cap_series;
	uint32_t *buckets; /* n_buckets heads, NO_SERIES when empty */
	uint32_t n_buckets;
	uint32_t *fam_head, *fam_tail; /* per family */
	size_t n_fams;
	struct archive_act **fam_act; /* the file's activity of each family, or NULL */
	int fd;                       /* the temporary file, -1 until needed */
	uint64_t fsize;
	int64_t ts; /* the current record's time, ms */
	/* The series of the record before, by position in the record (a cache of find_series()). */
	uint32_t *pos_series;
	uint32_t n_pos, cap_pos, pos;
	char *extra; /* instance, job and -O labels */
	struct om_ctx ctx;
	struct strbuf line;
	struct sadf *d;
};

static _Noreturn void
die_nomem(struct sadf *d)
{
	sadf_flush(d);
	fputs("Cannot allocate memory\n", stderr);
	sysrec_exit(4);
}

static _Noreturn void
die_tmp(struct sadf *d, int err)
{
	sadf_flush(d);
	fprintf(stderr, "Cannot write temporary file: %s\n", strerror(err));
	sysrec_exit(2);
}

static uint32_t
hash_of(uint32_t fam, const char *s, size_t n)
{
	uint32_t h = 2166136261u ^ fam;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char) s[i]) * 16777619u;
	return h;
}

/* The temporary file, opened on first use: $TMPDIR or /tmp, unlinked. */
static int
tmp_fd(struct om_state *st)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];
	int fd;

	if (st->fd >= 0)
		return st->fd;
	if (!dir || !*dir)
		dir = "/tmp";
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(path, sizeof(path), "%s/sadf-openmetrics.XXXXXX", dir);
		fd = mkostemp(path, O_CLOEXEC);
		if (fd < 0)
			die_tmp(st->d, errno);
		unlink(path);
	}
	st->fd = fd;
	return fd;
}

static void
pwrite_all(struct om_state *st, const void *buf, size_t len, uint64_t off)
{
	const char *p = buf;

	while (len) {
		ssize_t n = pwrite(st->fd, p, len, (off_t) off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die_tmp(st->d, n < 0 ? errno : ENOSPC);
		p += n;
		len -= (size_t) n;
		off += (uint64_t) n;
	}
}

/* The series' points in memory become a block of the file. */
static void
spill(struct om_state *st, struct series *s)
{
	struct block_hdr h = {0, s->npts, 0};
	uint64_t off;

	tmp_fd(st);
	off = st->fsize;
	pwrite_all(st, &h, sizeof(h), off);
	pwrite_all(st, s->pts, (size_t) s->npts * sizeof(*s->pts), off + sizeof(h));
	st->fsize += sizeof(h) + (uint64_t) s->npts * sizeof(*s->pts);
	if (s->tail) {
		uint64_t link = off + 1;

		pwrite_all(st, &link, sizeof(link), s->tail - 1 + offsetof(struct block_hdr, next));
	} else {
		s->head = off + 1;
	}
	s->tail = off + 1;
	s->npts = 0;
}

static void
grow_buckets(struct om_state *st)
{
	uint32_t n = st->n_buckets ? 2 * st->n_buckets : 256, i;
	uint32_t *b = malloc((size_t) n * sizeof(*b));

	if (!b)
		die_nomem(st->d);
	for (i = 0; i < n; i++)
		b[i] = NO_SERIES;
	for (i = 0; i < st->n_series; i++) {
		struct series *s = &st->series[i];

		s->hnext = b[s->hash & (n - 1)];
		b[s->hash & (n - 1)] = i;
	}
	free(st->buckets);
	st->buckets = b;
	st->n_buckets = n;
}

static struct series *
find_series(struct om_state *st, size_t fam, const char *labels, size_t len)
{
	uint32_t h = hash_of((uint32_t) fam, labels, len), i;
	struct series *s;

	if (st->n_buckets)
		for (i = st->buckets[h & (st->n_buckets - 1)]; i != NO_SERIES;
		     i = st->series[i].hnext) {
			s = &st->series[i];
			if (s->hash == h && s->fam == fam && s->labels_len == len &&
			    !memcmp(s->labels, labels, len))
				return s;
		}
	if (st->n_series == st->cap_series) {
		uint32_t cap = st->cap_series ? 2 * st->cap_series : 64;
		struct series *p = realloc(st->series, (size_t) cap * sizeof(*p));

		if (!p || cap <= st->cap_series)
			die_nomem(st->d);
		st->series = p;
		st->cap_series = cap;
	}
	if (st->n_series >= st->n_buckets)
		grow_buckets(st);
	i = st->n_series++;
	s = &st->series[i];
	memset(s, 0, sizeof(*s));
	s->fam = (uint32_t) fam;
	s->hash = h;
	s->next = NO_SERIES;
	s->last_ts = -1;
	s->labels = malloc(len + 1);
	if (!s->labels)
		die_nomem(st->d);
	memcpy(s->labels, labels, len);
	s->labels[len] = '\0';
	s->labels_len = len;
	s->hnext = st->buckets[h & (st->n_buckets - 1)];
	st->buckets[h & (st->n_buckets - 1)] = i;
	if (st->fam_tail[fam] == NO_SERIES)
		st->fam_head[fam] = i;
	else
		st->series[st->fam_tail[fam]].next = i;
	st->fam_tail[fam] = i;
	return s;
}

static void
add_sample(void *arg, size_t fam, const char *labels, size_t len, double value)
{
	struct om_state *st = arg;
	struct series *s = NULL;
	uint32_t at = st->pos++;

	/* Most records list the same series in the same order as the one before. */
	if (at < st->n_pos && st->pos_series[at] < st->n_series) {
		s = &st->series[st->pos_series[at]];
		if (s->fam != fam || s->labels_len != len || memcmp(s->labels, labels, len))
			s = NULL;
	}
	if (!s) {
		s = find_series(st, fam, labels, len);
		if (at >= st->cap_pos) {
			uint32_t cap = st->cap_pos ? 2 * st->cap_pos : 1024;
			uint32_t *p = realloc(st->pos_series, (size_t) cap * sizeof(*p));

			if (!p)
				die_nomem(st->d);
			st->pos_series = p;
			st->cap_pos = cap;
		}
		while (st->n_pos <= at)
			st->pos_series[st->n_pos++] = NO_SERIES;
		st->pos_series[at] = (uint32_t) (s - st->series);
	}

	if (st->ts <= s->last_ts)
		return;
	if (s->npts == s->cap) {
		uint32_t block = MEM_POINTS / st->n_series;

		block = block < MIN_BLOCK ? MIN_BLOCK : block > MAX_BLOCK ? MAX_BLOCK : block;
		if (s->cap >= block) {
			spill(st, s);
		} else {
			uint32_t cap = s->cap ? 2 * s->cap : FIRST_POINTS;

			cap = cap > block ? block : cap;
			struct point *p = realloc(s->pts, (size_t) cap * sizeof(*p));

			if (!p)
				die_nomem(st->d);
			s->pts = p;
			s->cap = cap;
		}
	}
	s->pts[s->npts].ts = st->ts;
	s->pts[s->npts].v = value;
	s->npts++;
	s->last_ts = st->ts;
}

/* ---- filters and names ---- */

static bool
in_list(const struct strbuf *l, const char *name)
{
	const char *p = l->buf, *end;

	if (!p || !l->len)
		return true;
	for (end = p + l->len; p < end; p += strlen(p) + 1)
		if (!strcmp(p, name))
			return true;
	return false;
}

static bool
cpu_ok(void *arg, uint32_t cpu)
{
	const struct sadf *d = arg;

	return !d->s.o.cpu_option || sar_cpu_selected(&d->s, cpu + 1);
}

static bool
name_ok(void *arg, uint32_t act, const char *name)
{
	const struct sadf *d = arg;
	const struct sar_opts *o = &d->s.o;

	switch (act) {
	case A_DISK:
		return in_list(&o->dev_list, name);
	case A_NET_DEV:
	case A_NET_EDEV:
		return in_list(&o->iface_list, name);
	case A_FS:
		return in_list(&o->fs_list, name);
	case A_IRQ:
		/* sar's matching: numbers and ranges such as 0-15. */
		return !o->int_list.len || sar_irq_selected(&d->s, name);
	default:
		return true;
	}
}

static void
disk_name(void *arg, const void *item, char *out, size_t len)
{
	struct sadf *d = arg;
	const struct stats_disk *sd = item;

	sar_disk_kernel_name(&d->s, sd->major, sd->minor, out, len);
}

/* ---- the labels every sample carries ---- */

static void
add_extra(struct strbuf *sb, const char *name, size_t nlen, const char *value, size_t vlen)
{
	if (sb->len)
		strbuf_addch(sb, ',');
	strbuf_add(sb, name, nlen);
	strbuf_add(sb, "=\"", 2);
	om_escape(sb, value, vlen);
	strbuf_addch(sb, '"');
}

/* The name of the -O word at p (len bytes before the next comma): its length, or len without '='.
 */
static size_t
word_name(const char *p, size_t len)
{
	const char *eq = memchr(p, '=', len);

	return eq ? (size_t) (eq - p) : len;
}

static bool
is_name(const char *p, size_t n, const char *name)
{
	return n == strlen(name) && !memcmp(p, name, n);
}

static _Noreturn void
bad_label(struct strbuf *sb, const char *why, const char *p, size_t len)
{
	strbuf_release(sb);
	fprintf(stderr, "%s: %s for --openmetrics: %.*s\n", progname, why, (int) len, p);
	sysrec_exit(1);
}

/*
 * instance and job, then the -O labels in their order: name=value words
 * separated by commas. instance= and job= replace the defaults (the file's
 * nodename, "node"). Exits with a message on a bad or repeated name.
 */
static void
build_extra(struct om_state *st, const struct sadf *d)
{
	static const char *const fixed[] = {"instance", "job"};
	const char *opts = d->c->om_labels, *p, *q;
	const struct sa_file_header *h = &d->s.r->hdr;
	struct strbuf sb = STRBUF_INIT;
	const char *val[2] = {h->sa_nodename, "node"};
	size_t vlen[2] = {strnlen(h->sa_nodename, sizeof(h->sa_nodename)), 4};
	unsigned k;

	for (p = opts; *p; p += strspn(p, ",")) {
		size_t len = strcspn(p, ","), n = word_name(p, len);

		if (n == len || (!om_label_name_ok(p, n) && !is_name(p, n, "instance") &&
		                 !is_name(p, n, "job")))
			bad_label(&sb, "invalid label", p, len);
		/* A name given twice is an error, as it is for Prometheus. */
		for (q = opts; q < p; q += strspn(q, ",")) {
			size_t ql = strcspn(q, ",");

			if (word_name(q, ql) == n && !memcmp(q, p, n))
				bad_label(&sb, "label given twice", p, n);
			q += ql;
		}
		for (k = 0; k < 2; k++)
			if (is_name(p, n, fixed[k])) {
				val[k] = p + n + 1;
				vlen[k] = len - n - 1;
			}
		p += len;
	}
	for (k = 0; k < 2; k++)
		add_extra(&sb, fixed[k], strlen(fixed[k]), val[k], vlen[k]);
	for (p = opts; *p; p += strspn(p, ",")) {
		size_t len = strcspn(p, ","), n = word_name(p, len);

		if (!is_name(p, n, "instance") && !is_name(p, n, "job"))
			add_extra(&sb, p, n, p + n + 1, len - n - 1);
		p += len;
	}
	if (sb.err)
		die_nomem(st->d);
	st->extra = sb.buf;
}

/* ---- output ---- */

/* The samples of a series: its prefix (st->line) once, then value and time each. */
static void
put_points(struct om_state *st, const struct point *pts, uint32_t n)
{
	struct sadf *d = st->d;
	uint32_t k;

	for (k = 0; k < n; k++) {
		char line[OM_VALUE_LEN + OM_TS_LEN + 1];
		size_t len = om_format_value(line, pts[k].v);

		len += om_format_timestamp(line + len, pts[k].ts, OM_FMT_OPENMETRICS);
		line[len++] = '\n';
		sadf_put(d, st->line.buf, st->line.len);
		sadf_put(d, line, len);
	}
}

static void
put_series(struct om_state *st, const struct series *s)
{
	struct point pts[256];
	uint64_t at = s->head;

	strbuf_reset(&st->line);
	om_put_prefix(&st->line, s->fam, s->labels, s->labels_len, st->extra);
	if (st->line.err)
		die_nomem(st->d);

	while (at) {
		struct block_hdr h;
		ssize_t n = pread(st->fd, &h, sizeof(h), (off_t) (at - 1));

		uint64_t off = at - 1 + sizeof(h);
		uint32_t left;

		if (n != (ssize_t) sizeof(h) || h.n > MAX_BLOCK)
			die_tmp(st->d, n < 0 ? errno : EIO);
		for (left = h.n; left;) {
			uint32_t k = left < 256 ? left : 256;

			n = pread(st->fd, pts, (size_t) k * sizeof(*pts), (off_t) off);
			if (n != (ssize_t) ((size_t) k * sizeof(*pts)))
				die_tmp(st->d, n < 0 ? errno : EIO);
			put_points(st, pts, k);
			off += (uint64_t) k * sizeof(*pts);
			left -= k;
		}
		at = h.next;
	}
	put_points(st, s->pts, s->npts);
}

static void
put_all(struct om_state *st)
{
	size_t fam;

	for (fam = 0; fam < st->n_fams; fam++) {
		uint32_t i = st->fam_head[fam];

		if (i == NO_SERIES)
			continue;
		strbuf_reset(&st->line);
		om_put_meta(&st->line, fam, OM_FMT_OPENMETRICS);
		if (st->line.err)
			die_nomem(st->d);
		sadf_put(st->d, st->line.buf, st->line.len);
		for (; i != NO_SERIES; i = st->series[i].next)
			put_series(st, &st->series[i]);
	}
	sadf_puts(st->d, "# EOF\n");
	sadf_flush(st->d);
}

/* ---- the walk ---- */

static void
om_release(struct sadf *d)
{
	struct om_state *st = d->fmt;
	uint32_t i;

	if (!st)
		return;
	for (i = 0; i < st->n_series; i++) {
		free(st->series[i].labels);
		free(st->series[i].pts);
	}
	free(st->series);
	free(st->buckets);
	free(st->fam_head);
	free(st->fam_tail);
	free(st->fam_act);
	free(st->pos_series);
	free(st->extra);
	om_ctx_release(&st->ctx);
	strbuf_release(&st->line);
	if (st->fd >= 0)
		close(st->fd);
	free(st);
	d->fmt = NULL;
}

/* The families' activities in this file; the others are not decoded. */
static void
plan(struct om_state *st, struct sadf *d)
{
	struct archive_reader *r = d->s.r;
	size_t fam;
	uint32_t k;

	for (k = 0; k < r->n_acts; k++)
		r->acts[k].ignore = true;
	for (fam = 1; fam < st->n_fams; fam++) {
		struct archive_act *a = archive_find(r, om_family_at(fam)->act);

		if (!a || !a->known_format || !a->desc || !d->s.o.outputs[a->desc->id])
			continue;
		a->ignore = false;
		st->fam_act[fam] = a;
	}
}

static void
record_samples(struct om_state *st, const struct archive_record *rec)
{
	const struct sa_file_header *h = &st->d->s.r->hdr;
	size_t fam;

	st->ts = (int64_t) rec->hdr.ust_time * 1000;
	st->pos = 0;
	st->ctx.sample++;
	strbuf_reset(&st->ctx.lbl);
	om_uname_labels(&st->ctx.lbl, h->sa_sysname, h->sa_release, h->sa_nodename, h->sa_machine);
	if (st->ctx.lbl.err)
		die_nomem(st->d);
	add_sample(st, 0, st->ctx.lbl.buf, st->ctx.lbl.len, 1);
	for (fam = 1; fam < st->n_fams; fam++) {
		const struct archive_act *a = st->fam_act[fam];
		struct om_items it;

		if (!a)
			continue;
		it.buf = a->buf;
		it.nr = a->nr;
		it.nr2 = a->fa.nr2;
		it.stride = a->msize;
		it.size = a->desc->size < a->msize ? a->desc->size : a->msize;
		om_family_samples(&st->ctx, fam, &it, add_sample, st);
	}
}

static bool
starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Where 12.7.5 stops with "Invalid data read" (sadf_check_record()). */
static bool
bad_1275(const struct sadf *d, int rc, const struct archive_record *rec)
{
	return flavour_1275() &&
	       ((rc == ARCHIVE_E_BAD_RECORD && starts_with(d->s.r->err_what, "record header")) ||
	        (rc > 0 && rec->hdr.ust_time < 1000000000));
}

static void
om_run(struct sadf *d, const char *file)
{
	struct om_state *st = calloc(1, sizeof(*st));
	struct archive_record rec;
	struct sa_record_header prev = {0};
	bool cross_day = false;
	size_t fam;
	int rc;

	if (!st)
		die_nomem(d);
	d->fmt = st;
	st->d = d;
	st->fd = -1;
	st->n_fams = om_family_count();
	st->fam_head = malloc(st->n_fams * sizeof(*st->fam_head));
	st->fam_tail = malloc(st->n_fams * sizeof(*st->fam_tail));
	st->fam_act = calloc(st->n_fams, sizeof(*st->fam_act));
	if (!st->fam_head || !st->fam_tail || !st->fam_act)
		die_nomem(d);
	for (fam = 0; fam < st->n_fams; fam++)
		st->fam_head[fam] = st->fam_tail[fam] = NO_SERIES;
	st->ctx.hz = d->s.r->hdr.sa_hz;
	st->ctx.disk_name = disk_name;
	st->ctx.cpu_ok = cpu_ok;
	st->ctx.name_ok = name_ok;
	st->ctx.arg = d;
	build_extra(st, d);
	/* sysstat's message and status 1 when the file has none of the activities asked for. */
	sar_init_acts(&d->s, file);
	plan(st, d);

	while ((rc = archive_next(d->s.r, &rec)) > 0 && !bad_1275(d, rc, &rec)) {
		time_t t = (time_t) rec.hdr.ust_time;
		struct tm tm;

		/* A time past the year 9999 has no Prometheus timestamp: such a record is left out.
		 */
		if (rec.hdr.record_type != SA_R_STATS || rec.hdr.ust_time > LAST_TIME)
			continue;
		if (!gmtime_r(&t, &tm))
			continue;
		if (prev.ust_time && rec.hdr.ust_time > prev.ust_time && rec.hdr.hour < prev.hour)
			cross_day = true;
		prev = rec.hdr;
		if (sadf_before_start(d, &tm, rec.hdr.ust_time))
			continue;
		if (sadf_cmp_end(d, &tm, rec.hdr.ust_time, cross_day) > 0)
			break;
		record_samples(st, &rec);
	}
	/* What was read comes out whole (and ends in # EOF) before any error. */
	put_all(st);
	sadf_check_record(d, rc, &rec);
	/* As sadf -j: a file cut short is an error (status 2), a bad record header a silent end. */
	if (rc < 0 && rc != ARCHIVE_E_BAD_RECORD)
		sadf_die_archive(d, rc, file);
}

const struct sadf_backend sadf_openmetrics = {
        .run = om_run,
        .release = om_release,
};
