/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "archive.h"
#include "datafile.h"
#include "fdio.h"
#include "history.h"
#include "source.h"
#include "tmpfile.h"
#include "banned.h"

/* Decoded bytes moved at a time from a compressed file into the spill file. */
#define DECODE_STEP ((size_t) 256 << 10)

/* A record met in the walk of a file: where it starts and what decides its fate. */
struct hrec {
	uint64_t off; /* the record's bytes run to the next one's off (extra records included) */
	uint64_t ust, uptime;
	uint8_t type;
};

/* One file being stitched: where its bytes are, and its reader over them. */
struct hfile {
	const char *name;
	int fd;             /* the plain file (own_fd) or the spill file; -1: mem */
	bool own_fd;        /* fd is the file's own, until its part takes it */
	uint64_t base;      /* its first byte in fd */
	unsigned char *mem; /* its bytes when fd < 0 */
	bool own_mem;       /* until its part takes them */
	uint64_t len;       /* what the reader reads: the file, or its conversion (archive.h) */
	uint64_t hdr_end;   /* where the records start */
	uint64_t stop;      /* end of the whole records (a truncation or bad record next) */
	int stop_rc;        /* why reading stopped there (0: the end of the file) */
	char *damage;       /* a compressed file cut short: source_damage()'s words */
	struct archive_reader r;
};

static int
fail_file(struct history *h, const char *file, int rc)
{
	free(h->err_file);
	h->err_file = strdup(file);
	return rc;
}

static void
hfile_init(struct hfile *f, const char *name)
{
	memset(f, 0, sizeof(*f));
	f->name = name;
	f->fd = -1;
}

/* Its reader, and its bytes unless its part took them. */
static void
hfile_release(struct hfile *f)
{
	archive_reader_release(&f->r);
	if (f->own_fd)
		close(f->fd);
	if (f->own_mem)
		free(f->mem);
	free(f->damage);
	hfile_init(f, NULL);
}

/* ---- the spill file ---- */

/* Opens the spill file at its first use; false when there is none (memory then). */
static bool
spill_ready(struct history *h)
{
	const char *dir = tmpfile_dir();
	int fd;

	if (h->spill_state != HISTORY_SPILL_NONE)
		return h->spill_state == HISTORY_SPILL_OPEN;
	free(h->spill_dir);
	h->spill_dir = strdup(dir);
	fd = tmpfile_open(dir);
	if (fd < 0) {
		h->spill_state = HISTORY_SPILL_FAILED;
		h->spill_err = -fd;
		return false;
	}
	h->spill_fd = fd;
	h->spill_state = HISTORY_SPILL_OPEN;
	return true;
}

/* Appends len bytes to the spill file; on failure it is given up (memory then). */
static int
spill_write(struct history *h, const unsigned char *p, size_t len)
{
	int rc = fdio_pwrite_all(h->spill_fd, p, len, h->spill_len);

	if (rc < 0) {
		h->spill_err = -rc;
		h->spill_state = HISTORY_SPILL_FAILED;
		return rc;
	}
	h->spill_len += len;
	return 0;
}

/* ---- where a file's bytes are ---- */

/* Appends n bytes to f->mem (a file held in memory), counted against *budget. */
static int
mem_append(struct hfile *f, size_t *cap, const unsigned char *p, size_t n, uint64_t *budget)
{
	if (f->len + n > *budget)
		return -EFBIG;
	if (f->len + n > *cap) {
		size_t want = *cap ? *cap : DECODE_STEP;
		unsigned char *q;

		while (want < f->len + n)
			want *= 2;
		q = realloc(f->mem, want);
		if (!q)
			return -ENOMEM;
		f->mem = q;
		f->own_mem = true;
		*cap = want;
	}
	memcpy(f->mem + f->len, p, n);
	f->len += n;
	return 0;
}

/* The spill file failed under f: what it had of f moves to memory. */
static int
spill_to_mem(struct hfile *f, size_t *cap, uint64_t *budget)
{
	if (f->len > *budget)
		return -EFBIG;
	f->mem = malloc(f->len ? (size_t) f->len : 1);
	if (!f->mem)
		return -ENOMEM;
	f->own_mem = true;
	*cap = f->len;
	if (fdio_pread_all(f->fd, f->mem, (size_t) f->len, f->base) < 0)
		return -EIO;
	f->fd = -1;
	return 0;
}

/* Puts n decoded bytes where f's bytes go: the spill file, else memory. */
static int
keep_decoded(struct history *h, struct hfile *f, size_t *cap, const unsigned char *p, size_t n,
             uint64_t *budget)
{
	int rc;

	if (f->fd >= 0) {
		if (spill_write(h, p, n) == 0) {
			f->len += n;
			return 0;
		}
		rc = spill_to_mem(f, cap, budget);
		if (rc < 0)
			return rc;
	}
	return mem_append(f, cap, p, n, budget);
}

/* Decodes src (the file's data, compressed or from a pipe) once, into the spill file or memory. */
static int
decode_file(struct history *h, struct hfile *f, struct source *src, uint64_t *budget)
{
	unsigned char *buf = malloc(DECODE_STEP);
	size_t cap = 0;
	int rc;

	if (!buf)
		return -ENOMEM;
	if (spill_ready(h)) {
		f->fd = h->spill_fd;
		f->base = h->spill_len;
	}
	/* One pass: kept in the source too, the data would be held twice. */
	source_set_spool_max(src, 0);
	for (;;) {
		ssize_t n = source_read(src, buf, DECODE_STEP);

		if (n <= 0) {
			rc = (int) n;
			if (n == 0 && source_damage(src) && !(f->damage = strdup(source_damage(src))))
				rc = -ENOMEM;
			break;
		}
		rc = keep_decoded(h, f, &cap, buf, (size_t) n, budget);
		if (rc < 0)
			break;
	}
	free(buf);
	if (rc == 0 && f->fd < 0)
		*budget -= f->len;
	if (rc == -EIO && source_damage(src)) {
		free(h->err_damage);
		h->err_damage = strdup(source_damage(src));
	}
	return rc;
}

/* Where the bytes of file f are: the file itself when it is plain and seekable, else decoded. */
static int
place_file(struct history *h, struct hfile *f, uint64_t *budget)
{
	struct source *src;
	struct stat st;
	int fd = open(f->name, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0) {
		h->err_open = true;
		return fail_file(h, f->name, -errno);
	}
	rc = fstat(fd, &st) < 0 ? -errno : source_open_fd(fd, &src);
	if (rc < 0) {
		close(fd);
		return fail_file(h, f->name, rc);
	}
	if (S_ISREG(st.st_mode) && !source_is_compressed(src)) {
		source_free(src);
		f->fd = fd;
		f->own_fd = true;
		f->len = (uint64_t) st.st_size;
		return 0;
	}
	rc = decode_file(h, f, src, budget);
	source_free(src);
	close(fd);
	return rc < 0 ? fail_file(h, f->name, rc) : 0;
}

/* A source over the bytes of f. */
static int
hfile_source(const struct hfile *f, struct source **ret)
{
	struct source_seg g = {f->fd, f->mem, f->fd >= 0 ? f->base : 0, f->len};

	return source_open_segments(&g, 1, ret);
}

/*
 * An old format file was converted in memory (archive.h): its conversion
 * is what is read from now on, in the spill file when it can be written.
 */
static int
place_converted(struct history *h, struct hfile *f, uint64_t *budget)
{
	struct convert_result *c = &f->r.conv;

	if (f->own_fd)
		close(f->fd);
	f->own_fd = false;
	if (f->own_mem)
		free(f->mem);
	f->own_mem = false;
	f->mem = NULL;
	f->fd = -1;
	f->len = c->len;
	if (spill_ready(h)) {
		f->base = h->spill_len;
		if (spill_write(h, c->data, c->len) == 0) {
			f->fd = h->spill_fd;
			return 0;
		}
	}
	if (c->len > *budget)
		return -EFBIG;
	*budget -= c->len;
	/* The reader reads the same bytes: they stay where they are, now f's. */
	f->mem = c->data;
	f->own_mem = true;
	c->data = NULL;
	return 0;
}

/* Opens the reader of f over its bytes and reads the header. */
static int
open_reader(struct history *h, struct hfile *f, uint64_t *budget)
{
	struct source *src;
	int rc = hfile_source(f, &src);

	if (rc < 0)
		return fail_file(h, f->name, rc);
	f->r.convert_old = h->convert_old;
	f->r.conv_hz = h->conv_hz;
	rc = archive_open(&f->r, src, true);
	if (rc == 1)
		rc = ARCHIVE_E_FORMAT;
	if (rc == 0)
		rc = archive_read_header(&f->r, false);
	if (rc < 0) {
		h->err_magic = f->r.magic;
		return fail_file(h, f->name, rc);
	}
	if (f->r.converted) {
		rc = place_converted(h, f, budget);
		if (rc < 0)
			return fail_file(h, f->name, rc);
	}
	f->hdr_end = source_offset(f->r.src);
	return 0;
}

/* Reads len bytes at off of f's bytes. */
static int
hfile_pread(const struct hfile *f, uint64_t off, void *buf, size_t len)
{
	if (off > f->len || len > f->len - off)
		return -EIO;
	if (f->fd < 0) {
		memcpy(buf, f->mem + off, len);
		return 0;
	}
	return fdio_pread_all(f->fd, buf, len, f->base + off);
}

/* ---- the stitching ---- */

/* The report being built and what the records kept so far say. */
struct stitch {
	struct history_report *rep;
	bool have_stats;
	uint64_t last_ust, last_uptime;
};

/* The walk of one file into the report: the run of its bytes being kept, and what decides it. */
struct walk {
	const struct hfile *f;
	bool first;        /* the file starts the report: kept whole */
	bool seen_stats;   /* its first statistics record was met */
	bool same_boot;    /* which continues the boot of the records kept before */
	bool restart_seen; /* a LINUX RESTART came before it */
	bool open;         /* bytes are being kept from run_from */
	uint64_t run_from;
	struct hrec *pending; /* the records before the first statistics record */
	size_t n_pending, cap_pending;
};

/* Appends a segment to the report, or lengthens the last one when it ends where this starts. */
static int
add_seg(struct history_report *r, struct history_seg g)
{
	struct history_seg *last = r->n_segs ? &r->segs[r->n_segs - 1] : NULL, *p;

	if (!g.len)
		return 0;
	r->len += g.len;
	if (last && !last->restart && !g.restart && last->part == g.part &&
	    last->at + last->len == g.at) {
		last->len += g.len;
		return 0;
	}
	p = realloc(r->segs, (r->n_segs + 1) * sizeof(*p));
	if (!p)
		return -ENOMEM;
	r->segs = p;
	r->segs[r->n_segs++] = g;
	return 0;
}

/* Ends the run of kept bytes at offset at of the file. */
static int
run_close(struct stitch *st, struct walk *w, uint64_t at)
{
	if (!w->open)
		return 0;
	w->open = false;
	return add_seg(st->rep, (struct history_seg){w->run_from, at - w->run_from,
	                                             st->rep->n_parts - 1, false});
}

static void
run_open(struct walk *w, uint64_t at)
{
	if (!w->open) {
		w->open = true;
		w->run_from = at;
	}
}

bool
history_same_boot(uint64_t ust0, uint64_t uptime0, uint64_t ust, uint64_t uptime)
{
	int64_t d = ((int64_t) ust - (int64_t) (uptime / 100)) -
	            ((int64_t) ust0 - (int64_t) (uptime0 / 100));

	return uptime >= uptime0 && d <= HISTORY_SAME_BOOT_SLACK && d >= -HISTORY_SAME_BOOT_SLACK;
}

/*
 * A LINUX RESTART for a file that starts another boot without one, built
 * from its first statistics record's header (only in this machine's own
 * layout, which is where sadc could have left one out).
 */
static int
put_restart(struct stitch *st, const struct hfile *f, const struct hrec *x)
{
	struct history_part *part = &st->rep->parts[st->rep->n_parts - 1];
	struct sa_record_header rh;
	int32_t cpus = (int32_t) f->r.hdr.sa_cpu_nr;
	static const uint32_t ours[3] = SA_RECORD_HEADER_TYPES;
	int rc;

	if (f->r.swapped || f->r.hdr.rec_size != sizeof(rh) ||
	    memcmp(f->r.hdr.rec_types_nr, ours, sizeof(ours)))
		return 0;
	rc = hfile_pread(f, x->off, &rh, sizeof(rh));
	if (rc < 0)
		return rc;
	rh.record_type = SA_R_RESTART;
	rh.uptime_cs = 0;
	rh.extra_next = 0;
	memcpy(part->restart, &rh, sizeof(rh));
	memcpy(part->restart + sizeof(rh), &cpus, sizeof(cpus));
	return add_seg(st->rep,
	               (struct history_seg){0, HISTORY_RESTART_LEN, st->rep->n_parts - 1, true});
}

/* Keeps or drops record x of the walk's file (fs: its first statistics record). */
static int
take_record(struct stitch *st, struct walk *w, const struct hrec *x, bool fs)
{
	int rc;

	if (!w->first && !w->seen_stats && x->type == SA_R_RESTART) {
		w->restart_seen = true;
		if (w->same_boot)
			return run_close(st, w, x->off);
	}
	if (x->type == SA_R_STATS && st->have_stats && x->ust <= st->last_ust)
		return run_close(st, w, x->off);
	if (fs && !w->first && st->have_stats && !w->same_boot && !w->restart_seen) {
		rc = run_close(st, w, x->off);
		if (rc == 0)
			rc = put_restart(st, w->f, x);
		if (rc < 0)
			return rc;
	}
	run_open(w, x->off);
	if (x->type == SA_R_STATS) {
		st->have_stats = true;
		st->last_ust = x->ust;
		st->last_uptime = x->uptime;
	}
	return 0;
}

/* The records held back until the first statistics record says whether the boot goes on. */
static int
take_pending(struct stitch *st, struct walk *w)
{
	size_t i;
	int rc = 0;

	for (i = 0; rc == 0 && i < w->n_pending; i++)
		rc = take_record(st, w, &w->pending[i], false);
	w->n_pending = 0;
	return rc;
}

static int
hold(struct walk *w, const struct hrec *x)
{
	if (w->n_pending == w->cap_pending) {
		size_t cap = w->cap_pending ? w->cap_pending * 2 : 16;
		struct hrec *p = realloc(w->pending, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		w->pending = p;
		w->cap_pending = cap;
	}
	w->pending[w->n_pending++] = *x;
	return 0;
}

/* One record met by the walk. */
static int
walk_record(struct stitch *st, struct walk *w, const struct hrec *x)
{
	int rc;

	if (w->seen_stats)
		return take_record(st, w, x, false);
	if (x->type != SA_R_STATS)
		return hold(w, x);
	if (!w->first && st->have_stats)
		w->same_boot = history_same_boot(st->last_ust, st->last_uptime, x->ust, x->uptime);
	rc = take_pending(st, w);
	w->seen_stats = true;
	return rc < 0 ? rc : take_record(st, w, x, true);
}

/*
 * Walks the records of f (items skipped) into the report: those the stream
 * does not hold yet. Sets where reading stopped.
 */
static int
stitch_records(struct stitch *st, struct hfile *f, bool first)
{
	struct walk w = {.f = f, .first = first};
	struct archive_record rec;
	int rc, err = 0;

	/* The first file of a report: its header too. */
	if (first)
		run_open(&w, 0);
	f->r.skim = true;
	for (;;) {
		struct hrec x;

		rc = archive_next(&f->r, &rec);
		if (rc <= 0)
			break;
		x = (struct hrec){rec.offset, rec.hdr.ust_time, rec.hdr.uptime_cs,
		                  rec.hdr.record_type};
		err = walk_record(st, &w, &x);
		if (err < 0)
			break;
	}
	f->stop_rc = rc;
	f->stop = rc == 0 ? f->len : rec.offset;
	if (f->stop > f->len)
		f->stop = f->len;
	if (err == 0)
		err = take_pending(st, &w);
	if (err == 0)
		err = run_close(st, &w, f->stop);
	free(w.pending);
	return err;
}

/* A part for f at stream offset off: it takes f's bytes. */
static int
add_part(struct history_report *r, struct hfile *f, uint64_t off)
{
	struct history_part *p = realloc(r->parts, (r->n_parts + 1) * sizeof(*p));

	if (!p)
		return -ENOMEM;
	r->parts = p;
	p += r->n_parts;
	memset(p, 0, sizeof(*p));
	p->fd = -1;
	p->offset = off;
	p->hdr = f->r.hdr;
	p->file = strdup(f->name);
	if (!p->file)
		return -ENOMEM;
	p->fd = f->fd;
	p->own_fd = f->own_fd;
	p->base = f->base;
	p->mem = f->mem;
	/* The part owns them now; f still reads them (put_restart). */
	f->own_fd = false;
	f->own_mem = false;
	r->n_parts++;
	return 0;
}

static int
new_report(struct history *h, struct stitch *st)
{
	struct history_report *r = realloc(h->reports, (h->n_reports + 1) * sizeof(*r));

	if (!r)
		return -ENOMEM;
	h->reports = r;
	memset(&r[h->n_reports], 0, sizeof(*r));
	memset(st, 0, sizeof(*st));
	st->rep = &r[h->n_reports++];
	return 0;
}

/* One file into the report of st, or into a new one when start: its header and records. */
static int
stitch_file(struct history *h, struct stitch *st, struct hfile *f, bool start, bool last,
            const char *prog)
{
	int rc;

	/* The file as a part of the window: what its stream kept is read, as for a plain file cut short. */
	if (f->damage)
		strbuf_addf(&h->notes, "%s: '%s': %s\n", prog, f->name, f->damage);
	if (start) {
		rc = new_report(h, st);
		if (rc < 0)
			return fail_file(h, f->name, rc);
	}
	rc = add_part(st->rep, f, start ? f->hdr_end : st->rep->len);
	if (rc == 0)
		rc = stitch_records(st, f, start);
	if (rc == 0 && !last && f->stop_rc < 0) {
		strbuf_addf(&h->notes, "%s: '%s': records after offset %llu left out (%s)\n", prog,
		            f->name, (unsigned long long) f->stop, archive_strerror(f->stop_rc));
	}
	/* The last file's end stays as it is, for the reader to meet as in the file alone. */
	if (rc == 0 && last)
		rc = add_seg(st->rep, (struct history_seg){f->stop, f->len - f->stop,
		                                           st->rep->n_parts - 1, false});
	return rc < 0 ? fail_file(h, f->name, rc) : 0;
}

struct order {
	const char *name;
	uint64_t t;
	size_t arg;
};
static int
order_cmp(const void *a, const void *b)
{
	const struct order *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->arg < y->arg ? -1 : x->arg > y->arg;
}

/* The creation time of each file (its header), for the order of reading. */
static int
sort_files(struct history *h, const char *const *files, size_t n, struct order *o)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct archive_reader r;
		struct source *src;
		int fd = open(files[i], O_RDONLY | O_CLOEXEC), rc;

		o[i] = (struct order){files[i], 0, i};
		if (fd < 0) {
			h->err_open = true;
			return fail_file(h, files[i], -errno);
		}
		memset(&r, 0, sizeof(r));
		r.convert_old = h->convert_old;
		r.conv_hz = h->conv_hz;
		rc = source_open_fd(fd, &src);
		if (rc == 0) {
			rc = archive_open(&r, src, true);
			if (rc == 0)
				rc = archive_read_header(&r, false);
			o[i].t = r.hdr.sa_ust_time;
		}
		if (rc == 1)
			rc = 0; /* another format: said when the file is read */
		archive_reader_release(&r);
		close(fd);
		if (rc < 0) {
			h->err_magic = r.magic;
			return fail_file(h, files[i], rc);
		}
	}
	qsort(o, n, sizeof(*o), order_cmp);
	return 0;
}

/* The reader's own check of the file (same messages as for the file alone). */
static int
read_file(struct history *h, struct hfile *f, uint64_t *budget)
{
	int rc = place_file(h, f, budget);

	if (rc == 0)
		rc = open_reader(h, f, budget);
	return rc;
}

int
history_load(struct history *h, const char *const *files, size_t n, const char *prog)
{
	struct order *o = calloc(n ? n : 1, sizeof(*o));
	struct hfile first, f;
	struct stitch st;
	uint64_t budget = h->cap ? h->cap : HISTORY_CAP_DEFAULT;
	size_t i;
	int rc;

	if (!o)
		return -ENOMEM;
	hfile_init(&first, NULL);
	memset(&st, 0, sizeof(st));
	rc = sort_files(h, files, n, o);
	for (i = 0; rc == 0 && i < n; i++) {
		bool start;

		hfile_init(&f, o[i].name);
		rc = read_file(h, &f, &budget);
		start = rc == 0 && (!st.rep || !archive_can_read_on(&first.r, &f.r));
		if (rc == 0)
			rc = stitch_file(h, &st, &f, start, i + 1 == n, prog);
		if (rc == 0 && start) {
			/* A report's first file stays, for the comparisons. */
			hfile_release(&first);
			first = f;
		} else {
			hfile_release(&f);
		}
	}
	hfile_release(&first);
	free(o);
	return rc;
}

int
history_error_message(const struct history *h, int rc, const char *prog, char *buf, size_t len)
{
	uint64_t cap = h->cap ? h->cap : HISTORY_CAP_DEFAULT;
	const char *file = h->err_file ? h->err_file : "";

	if (rc == -EFBIG) {
		unsigned long long mib = (unsigned long long) (cap >> 20);

		snprintf(buf, len, "%s: cannot write a temporary file in '%s': %s, and the files",
		         prog, h->spill_dir ? h->spill_dir : "", strerror(h->spill_err));
		snprintf(buf + strlen(buf), len - strlen(buf),
		         " of the window hold more than %llu MiB of data to keep in memory"
		         " (up to '%s'): set TMPDIR or ask for a shorter window\n",
		         mib, file);
		return 2;
	}
	if (rc == -ENOMEM) {
		snprintf(buf, len, "Cannot allocate memory\n");
		return 4;
	}
	if (h->err_open)
		return datafile_open_message(-rc, file, false, buf, len);
	return datafile_read_message(rc, file, &h->err_magic, h->err_damage, buf, len);
}

uint64_t
history_default_cap(void)
{
	const char *e = getenv("SYSREC_HISTORY_CAP");

	if (e && *e && strspn(e, "0123456789") == strlen(e))
		return strtoull(e, NULL, 10);
	return HISTORY_CAP_DEFAULT;
}

int
history_report_open(const struct history_report *r, struct source **ret)
{
	struct source_seg *g = calloc(r->n_segs ? r->n_segs : 1, sizeof(*g));
	size_t k;
	int rc;

	if (!g)
		return -ENOMEM;
	for (k = 0; k < r->n_segs; k++) {
		const struct history_seg *s = &r->segs[k];
		const struct history_part *p = &r->parts[s->part];

		if (s->restart)
			g[k] = (struct source_seg){-1, p->restart, s->at, s->len};
		else if (p->fd < 0)
			g[k] = (struct source_seg){-1, p->mem, s->at, s->len};
		else
			g[k] = (struct source_seg){p->fd, NULL, p->base + s->at, s->len};
	}
	rc = source_open_segments(g, r->n_segs, ret);
	free(g);
	return rc;
}
/* Whether a and b are the same file (stat() of each known). */
static bool
same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

bool
history_another_file(const char *first, const struct strbuf *others, size_t n, const char *path)
{
	struct stat st, o;
	const char *p = others->buf;
	size_t i;

	if (stat(path, &st) < 0 || S_ISDIR(st.st_mode))
		return false;
	if (stat(first, &o) < 0 || same_file(&st, &o) || S_ISDIR(o.st_mode))
		return false;
	for (i = 0; p && i < n; i++, p += strlen(p) + 1)
		if (stat(p, &o) == 0 && same_file(&st, &o))
			return false;
	return true;
}

bool
history_add_file(struct strbuf *files, size_t *n, const char *first, const char *path)
{
	if (!history_another_file(first, files, *n, path))
		return false;
	if (!(*n)++) {
		strbuf_adds(files, first);
		strbuf_addch(files, '\0');
	}
	strbuf_adds(files, path);
	strbuf_addch(files, '\0');
	(*n)++;
	return true;
}

size_t
history_part_at(const struct history_report *r, uint64_t off)
{
	size_t k = 0;

	while (k + 1 < r->n_parts && r->parts[k + 1].offset <= off)
		k++;
	return k;
}

int
history_daily_files(const char *dir, int64_t start, int64_t end, const char *prog,
                    struct strbuf *files, struct strbuf *notes)
{
	struct tm day, last;
	time_t t = (time_t) start, e = (time_t) end;
	int found = 0;

	if (!localtime_r(&t, &day) || !localtime_r(&e, &last))
		return -EINVAL;
	day.tm_hour = 12; /* noon: a step of one day never lands twice on a day, DST or not */
	day.tm_min = day.tm_sec = 0;
	day.tm_isdst = -1;
	for (;;) {
		char name[4096];
		struct stat st;
		int rc;

		if (mktime(&day) == (time_t) -1)
			return -EINVAL;
		if (day.tm_year > last.tm_year ||
		    (day.tm_year == last.tm_year && day.tm_yday > last.tm_yday))
			break;
		rc = datafile_daily_name(name, sizeof(name), dir, &day);
		if (rc < 0)
			return rc;
		if (stat(name, &st) == 0) {
			strbuf_adds(files, name);
			strbuf_addch(files, '\0');
			found++;
		} else {
			strbuf_addf(notes, "%s: no data file for %04d-%02d-%02d in '%s'\n", prog,
			            day.tm_year + 1900, day.tm_mon + 1, day.tm_mday, dir);
		}
		day.tm_mday++;
		day.tm_isdst = -1;
	}
	return files->err ? files->err : found;
}

/* n digits at a, into *ret; false when one is not a digit. */
static bool
digits(const char *a, int n, int *ret)
{
	int v = 0, k;

	for (k = 0; k < n; k++) {
		if (a[k] < '0' || a[k] > '9')
			return false;
		v = v * 10 + (a[k] - '0');
	}
	*ret = v;
	return true;
}

static int
parse_epoch(const char *a, int64_t *ret)
{
	int64_t v = 0;
	size_t k;

	if (!a[1] || strlen(a + 1) > 12)
		return -EINVAL;
	for (k = 1; a[k]; k++) {
		if (a[k] < '0' || a[k] > '9')
			return -EINVAL;
		v = v * 10 + (a[k] - '0');
	}
	/* 0 is "no limit" to the engines (and 1970 holds no sysstat record). */
	if (!v)
		return -EINVAL;
	*ret = v;
	return 1;
}

int
history_parse_time(const char *a, int64_t *ret_epoch)
{
	size_t n = a ? strlen(a) : 0;
	int y, mo, d, hh, mm, ss = 0;
	struct tm tm;
	time_t t;

	if (n && a[0] == '@')
		return parse_epoch(a, ret_epoch);
	if ((n != 16 && n != 19) || a[4] != '-' || a[7] != '-' || (a[10] != ' ' && a[10] != 'T'))
		return 0;
	if (!digits(a, 4, &y) || !digits(a + 5, 2, &mo) || !digits(a + 8, 2, &d) ||
	    !digits(a + 11, 2, &hh) || a[13] != ':' || !digits(a + 14, 2, &mm) ||
	    (n == 19 && (a[16] != ':' || !digits(a + 17, 2, &ss))))
		return -EINVAL;
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31 || hh > 23 || mm > 59 || ss > 59)
		return -EINVAL;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = hh;
	tm.tm_min = mm;
	tm.tm_sec = ss;
	tm.tm_isdst = -1;
	t = mktime(&tm);
	/* A day that the month does not have comes back as another one. */
	if (t == (time_t) -1 || tm.tm_mday != d || tm.tm_mon != mo - 1)
		return -EINVAL;
	*ret_epoch = (int64_t) t;
	return 1;
}

/* The local time h:m:s on the day of t, shifted by days. */
static int64_t
on_day(int64_t t, int days, int h, int m, int s)
{
	time_t tt = (time_t) t;
	struct tm tm;

	if (!localtime_r(&tt, &tm))
		return t;
	tm.tm_mday += days;
	tm.tm_hour = h;
	tm.tm_min = m;
	tm.tm_sec = s;
	tm.tm_isdst = -1;
	return (int64_t) mktime(&tm);
}

int64_t
history_time_after(int64_t start, int h, int m, int s)
{
	int64_t t = on_day(start, 0, h, m, s);

	return t >= start ? t : on_day(start, 1, h, m, s);
}

int64_t
history_time_before(int64_t end, int h, int m, int s)
{
	int64_t t = on_day(end, 0, h, m, s);

	return t <= end ? t : on_day(end, -1, h, m, s);
}

void
history_release(struct history *h)
{
	size_t i, k;

	if (!h)
		return;
	for (i = 0; i < h->n_reports; i++) {
		for (k = 0; k < h->reports[i].n_parts; k++) {
			struct history_part *p = &h->reports[i].parts[k];

			free(p->file);
			free(p->mem);
			if (p->own_fd)
				close(p->fd);
		}
		free(h->reports[i].parts);
		free(h->reports[i].segs);
	}
	free(h->reports);
	if (h->spill_state == HISTORY_SPILL_OPEN)
		close(h->spill_fd);
	free(h->spill_dir);
	free(h->err_damage);
	free(h->err_file);
	strbuf_release(&h->notes);
	memset(h, 0, sizeof(*h));
}
