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
 * an unlinked temporary file, each linked to the series' block before. The output then walks the
 * families and their series in order. Memory grows with the number of
 * series, never with the number of records. A sample is kept as the
 * difference from the one before in its series: the time in milliseconds,
 * then an integer value as a difference too, or the double's 8 bytes
 * (varints: 3 to 6 bytes for most samples, 20 at most).
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

#include "sadf.h"
#include "common/activity.h"
#include "common/compat.h"
#include "common/datafile.h"
#include "common/sysexit.h"
#include "metrics/om.h"
#include "report/options.h"
#include "report/views.h"
#include "report/walk.h"
#include "common/banned.h"

/*
 * The encoded samples of a series kept in memory before they go to the
 * temporary file: the buffers start small and grow to a share of
 * MEM_BYTES, between MIN_BLOCK and MAX_BLOCK bytes.
 */
#define FIRST_BYTES 64
#define MIN_BLOCK   1024
#define MAX_BLOCK   65536
#define MEM_BYTES   (1u << 21) /* 2 MiB */
#define POINT_MAX   20         /* the longest encoded sample */
#define NO_SERIES   UINT32_MAX
#define LAST_TIME   253402300799ull /* 9999-12-31 23:59:59 UTC */

/* A block in the temporary file: this header, then n bytes of samples. */
struct block_hdr {
	uint64_t prev; /* offset of the series' block before + 1; 0: none */
	uint32_t n;
	uint32_t pad;
};

/* Where the encoding of a series stands: its last sample. */
struct codec {
	int64_t ts; /* ms; 0 before the first */
	int64_t dt; /* the time from the sample before it */
	double v;   /* 0 before the first */
};

struct series {
	uint32_t fam;
	uint32_t next;  /* the family's next series, in order of appearance */
	uint32_t hnext; /* hash chain */
	uint32_t hash;
	char *labels;
	size_t labels_len;
	int64_t last_ts; /* of the last sample kept; -1: none yet */
	struct codec enc;
	/* A block header's room, then len bytes of samples not yet in the file (room for cap). */
	unsigned char *buf;
	uint32_t len, cap;
	uint64_t tail;    /* the last block in the file, offset + 1; 0: none */
	uint32_t nblocks; /* blocks in the file, each linked to the one before */
};

struct om_state {
	struct series *series;
	uint32_t n_series, cap_series;
	uint32_t *buckets; /* n_buckets heads, NO_SERIES when empty */
	uint32_t n_buckets;
	uint32_t *fam_head, *fam_tail; /* per family */
	size_t n_fams;
	size_t n_om; /* om.h's families; fmt_who.c's follow them (--proc, --cgroup) */
	struct archive_act **fam_act; /* the file's activity of each family, or NULL */
	int fd;                       /* the temporary file, -1 until needed */
	uint64_t fsize;
	int64_t ts; /* the current record's time, ms */
	/* The series of the record before, by position in the record (a cache of find_series()). */
	uint32_t *pos_series;
	uint32_t n_pos, cap_pos, pos;
	uint64_t *chain; /* put_series(): the block offsets of a series */
	uint32_t cap_chain;
	char *extra; /* instance, job and -O labels */
	struct om_ctx ctx;
	struct strbuf line;
	struct sadf *d;
};

static _Noreturn void
die_nomem(struct sadf *d)
{
	sadf_flush(d);
	sysrec_nomem();
}

static _Noreturn void
die_tmp(struct sadf *d, int err)
{
	sadf_flush(d);
	fprintf(stderr, "Cannot use the temporary file of --openmetrics: %s\n", strerror(err));
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

/*
 * The series' samples in memory become a block of the file: its header is
 * put in the room kept for it before them, and the whole goes in one write.
 */
static void
spill(struct om_state *st, struct series *s)
{
	struct block_hdr h = {s->tail, s->len, 0};
	uint64_t off;

	tmp_fd(st);
	off = st->fsize;
	memcpy(s->buf, &h, sizeof(h));
	pwrite_all(st, s->buf, sizeof(h) + s->len, off);
	st->fsize += sizeof(h) + (uint64_t) s->len;
	s->tail = off + 1;
	s->nblocks++;
	s->len = 0;
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

/* ---- the encoding of the samples ---- */

static size_t
put_varint(unsigned char *p, uint64_t v)
{
	size_t n = 0;

	while (v >= 0x80) {
		p[n++] = (unsigned char) (v | 0x80);
		v >>= 7;
	}
	p[n++] = (unsigned char) v;
	return n;
}

/* Reads a varint at *p (before end); false when it runs past end or is too long. */
static bool
get_varint(const unsigned char **p, const unsigned char *end, uint64_t *ret)
{
	uint64_t v = 0;
	unsigned shift;

	for (shift = 0; shift < 64 && *p < end; shift += 7) {
		unsigned char b = *(*p)++;

		v |= (uint64_t) (b & 0x7f) << shift;
		if (!(b & 0x80)) {
			*ret = v;
			return true;
		}
	}
	return false;
}

/*
 * One sample after the one in c: the time difference (0: the same as the
 * one before), then (difference of two exact integers) << 2, zigzagged in
 * bit 1, or 1 and the double.
 * Returns the bytes written (POINT_MAX at most).
 */
static size_t
encode(struct codec *c, unsigned char *p, int64_t ts, double v)
{
	/* Times strictly increase: 0 stands for the same interval as before. */
	size_t n = put_varint(p, ts - c->ts == c->dt ? 0 : (uint64_t) (ts - c->ts));

	if (om_exact_int(v) && om_exact_int(c->v)) {
		int64_t d = (int64_t) v - (int64_t) c->v;
		uint64_t zz = d < 0 ? ((uint64_t) (-(d + 1)) << 1) | 1 : (uint64_t) d << 1;

		n += put_varint(p + n, zz << 1);
	} else {
		p[n++] = 1;
		memcpy(p + n, &v, sizeof(v));
		n += sizeof(v);
	}
	c->dt = ts - c->ts;
	c->ts = ts;
	c->v = v;
	return n;
}

/* The sample at *p after the one in c, into c; false on bytes that are not one. */
static bool
decode(struct codec *c, const unsigned char **p, const unsigned char *end)
{
	uint64_t dt, x;

	if (!get_varint(p, end, &dt) || !get_varint(p, end, &x))
		return false;
	if (dt)
		c->dt = (int64_t) dt;
	c->ts += c->dt;
	if (x & 1) {
		if (x != 1 || end - *p < (ptrdiff_t) sizeof(c->v))
			return false;
		memcpy(&c->v, *p, sizeof(c->v));
		*p += sizeof(c->v);
		return true;
	}
	x >>= 1;
	c->v = (double) ((int64_t) c->v + ((x & 1) ? -(int64_t) (x >> 1) - 1 : (int64_t) (x >> 1)));
	return true;
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
	if (s->cap - s->len < POINT_MAX) {
		uint32_t block = MEM_BYTES / st->n_series;

		block = block < MIN_BLOCK ? MIN_BLOCK : block > MAX_BLOCK ? MAX_BLOCK : block;
		if (s->cap >= block) {
			spill(st, s);
		} else {
			uint32_t cap = s->cap ? 2 * s->cap : FIRST_BYTES;
			unsigned char *p;

			cap = cap > block ? block : cap;
			p = realloc(s->buf, sizeof(struct block_hdr) + cap);
			if (!p)
				die_nomem(st->d);
			s->buf = p;
			s->cap = cap;
		}
	}
	s->len += encode(&s->enc, s->buf + sizeof(struct block_hdr) + s->len, st->ts, value);
	s->last_ts = st->ts;
}

/* ---- filters and names ---- */

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
	/* sar's lists, with their limits. */
	case A_DISK:
		return sar_list_accepts(&o->dev_list, name, SAR_LIST_NAME_MAX);
	case A_NET_DEV:
	case A_NET_EDEV:
		return sar_list_accepts(&o->iface_list, name, MAX_IFACE_LEN);
	case A_FS:
		return sar_list_accepts(&o->fs_list, name, SAR_LIST_NAME_MAX);
	case A_IRQ:
		/* sar's matching: numbers and ranges such as 0-15. */
		return !o->int_list.len || sar_irq_selected(&d->s, name);
	default:
		return true;
	}
}

static void
disk_name(void *arg, uint32_t major, uint32_t minor, char *out, size_t len)
{
	struct sadf *d = arg;

	sar_disk_kernel_name(&d->s, major, minor, out, len);
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
		/* --proc, --cgroup: their series' own labels (fmt_who.c). */
		if (sadf_who_om_label_taken(d, p, n))
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

/*
 * The text of the last time written (" 1700000061"), kept up to date by
 * decimal addition: the times of a series are seconds apart, and their
 * digits from scratch cost more than the rest of the line.
 */
struct ts_text {
	int64_t ts; /* ms; -1: none */
	bool whole; /* ts is whole seconds */
	char s[OM_TS_LEN];
	size_t len;
};

static size_t
put_ts(struct ts_text *t, int64_t ts, char *out)
{
	uint64_t step = (uint64_t) (ts - t->ts);
	bool whole = !(ts % 1000);

	if (t->whole && whole && t->ts >= 0 && ts > t->ts && step < 1000000000) {
		uint32_t carry = (uint32_t) (step / 1000);
		size_t k = t->len;

		while (carry && k > 1) {
			uint32_t digit = (uint32_t) (t->s[--k] - '0') + carry;

			t->s[k] = (char) ('0' + digit % 10);
			carry = digit / 10;
		}
		if (!carry)
			goto copy;
	}
	t->len = om_format_timestamp(t->s, ts, OM_FMT_OPENMETRICS);
copy:
	t->ts = ts;
	t->whole = whole;
	/* A fixed size the compiler copies in place: out and s have OM_TS_LEN bytes. */
	if (t->len <= 16)
		memcpy(out, t->s, 16);
	else
		memcpy(out, t->s, t->len);
	return t->len;
}

/* The n bytes of samples at p: the series' prefix (st->line), then value and time each. */
static void
put_points(struct om_state *st, struct codec *c, struct ts_text *t, const unsigned char *p,
           size_t n)
{
	const unsigned char *end = p + n;
	struct sadf *d = st->d;

	size_t need = st->line.len + OM_VALUE_LEN + OM_TS_LEN + 1;

	while (p < end) {
		char *o;
		size_t len;

		if (!decode(c, &p, end))
			die_tmp(d, EIO);
		/* Straight into sadf's output buffer: the prefix, the value, the time. */
		o = outbuf_reserve(&d->s.ob, need);
		if (!o) {
			char line[OM_VALUE_LEN + OM_TS_LEN + 1];

			len = om_format_value(line, c->v);
			len += put_ts(t, c->ts, line + len);
			line[len++] = '\n';
			sadf_put(d, st->line.buf, st->line.len);
			sadf_put(d, line, len);
			continue;
		}
		memcpy(o, st->line.buf, st->line.len);
		len = st->line.len;
		len += om_format_value(o + len, c->v);
		len += put_ts(t, c->ts, o + len);
		o[len++] = '\n';
		outbuf_commit(&d->s.ob, len);
	}
}

static void
put_series(struct om_state *st, const struct series *s)
{
	unsigned char buf[sizeof(struct block_hdr) + MAX_BLOCK];
	struct codec c = {0, 0, 0};
	struct ts_text t = {.ts = -1};
	uint64_t at = s->tail;
	uint32_t k = s->nblocks;

	strbuf_reset(&st->line);
	if (s->fam >= st->n_om)
		sadf_who_om_prefix(&st->line, s->fam - st->n_om, s->labels, s->labels_len,
		                   st->extra);
	else
		om_put_prefix(&st->line, s->fam, s->labels, s->labels_len, st->extra);
	if (st->line.err)
		die_nomem(st->d);
	/*
	 * The blocks link backwards (a forward link would be written into the
	 * block before, one more write each): their offsets, first to last,
	 * from the one series being written, 8 bytes for every block.
	 */
	if (k > st->cap_chain) {
		uint64_t *p = realloc(st->chain, (size_t) k * sizeof(*p));

		if (!p)
			die_nomem(st->d);
		st->chain = p;
		st->cap_chain = k;
	}
	while (k && at) {
		struct block_hdr h;
		ssize_t n = pread(st->fd, &h, sizeof(h), (off_t) (at - 1));

		if (n != (ssize_t) sizeof(h))
			die_tmp(st->d, n < 0 ? errno : EIO);
		st->chain[--k] = at;
		at = h.prev;
	}
	if (k || at)
		die_tmp(st->d, EIO);
	for (; k < s->nblocks; k++) {
		at = st->chain[k];
		/* A block is never longer than the series' buffer: header and data in one read. */
		ssize_t n = pread(st->fd, buf, sizeof(struct block_hdr) + s->cap, (off_t) (at - 1));
		struct block_hdr h;

		if (n < (ssize_t) sizeof(h))
			die_tmp(st->d, n < 0 ? errno : EIO);
		memcpy(&h, buf, sizeof(h));
		if (h.n > s->cap || (size_t) n < sizeof(h) + h.n)
			die_tmp(st->d, EIO);
		put_points(st, &c, &t, buf + sizeof(h), h.n);
	}
	if (s->buf)
		put_points(st, &c, &t, s->buf + sizeof(struct block_hdr), s->len);
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
		if (fam >= st->n_om)
			sadf_who_om_meta(&st->line, fam - st->n_om);
		else
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
		free(st->series[i].buf);
	}
	free(st->series);
	free(st->buckets);
	free(st->fam_head);
	free(st->fam_tail);
	free(st->fam_act);
	free(st->pos_series);
	free(st->chain);
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
	for (fam = 1; fam < st->n_om; fam++) {
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
	strbuf_reset(&st->ctx.lbl);
	om_uname_labels(&st->ctx.lbl, h->sa_sysname, h->sa_release, h->sa_nodename, h->sa_machine);
	if (st->ctx.lbl.err)
		die_nomem(st->d);
	add_sample(st, 0, st->ctx.lbl.buf, st->ctx.lbl.len, 1);
	for (fam = 1; fam < st->n_om; fam++) {
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

/* As sadf -j: a record cut short is an error, a bad record header the end. */
static const struct walk_rules om_rules = {WALK_1275_BAD_HEADER, NULL, NULL};

static int
om_run(struct sadf *d, const char *file)
{
	struct om_state *st = calloc(1, sizeof(*st));
	struct walk_pos w = {0};
	const struct archive_record *rec = &w.rec;
	struct sa_record_header prev = {0};
	bool cross_day = false;
	size_t fam;
	int rc;

	if (!st)
		die_nomem(d);
	d->fmt = st;
	st->d = d;
	st->fd = -1;
	st->n_om = om_family_count();
	st->n_fams = st->n_om + sadf_who_om_count(d);
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
	rc = sar_init_acts(&d->s, file);
	if (rc)
		return rc;
	plan(st, d);
	/* --proc, --cgroup: the extension records come too (fmt_who.c). */
	d->s.r->want_ext = sadf_who_asked(d, SADF_WHO_NONE);

	while ((rc = walk_next(&d->s, &w, &om_rules, -1, -1)) > 0) {
		time_t t = (time_t) rec->hdr.ust_time;
		struct tm tm;

		/* A time past the year 9999 has no Prometheus timestamp: such a record is left out.
		 */
		if ((rec->hdr.record_type != SA_R_STATS &&
		     rec->hdr.record_type != EXT_RECORD_TYPE) ||
		    rec->hdr.ust_time > LAST_TIME)
			continue;
		if (!gmtime_r(&t, &tm))
			continue;
		if (prev.ust_time && rec->hdr.ust_time > prev.ust_time && rec->hdr.hour < prev.hour)
			cross_day = true;
		prev = rec->hdr;
		if (sadf_before_start(d, &tm, rec->hdr.ust_time))
			continue;
		if (sadf_cmp_end(d, &tm, rec->hdr.ust_time, cross_day) > 0)
			break;
		if (rec->hdr.record_type == EXT_RECORD_TYPE) {
			st->ts = (int64_t) rec->hdr.ust_time * 1000;
			sadf_who_om_samples(d, &d->s.r->ext, add_sample, st, st->n_om);
		} else {
			record_samples(st, rec);
		}
	}
	/* What was read comes out whole (and ends in # EOF) before any error. */
	put_all(st);
	return rc < 0 ? sadf_report_failed(d, rc, file) : 0;
}

const struct sadf_backend sadf_openmetrics = {
        .run = om_run,
        .release = om_release,
};
