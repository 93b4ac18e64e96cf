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
#include "history.h"
#include "source.h"
#include "banned.h"

/* One record of a file being stitched: where it starts and what decides its fate. */
struct hrec {
	uint64_t off; /* the record's bytes run to the next one's off (extra records included) */
	uint64_t ust, uptime;
	uint8_t type;
};

/* One file read whole. */
struct hfile {
	const char *name;
	unsigned char *data; /* as read (decompressed) */
	size_t len;
	const unsigned char *bytes; /* what the reader reads: data, or its conversion (archive.h) */
	size_t blen;
	size_t hdr_end; /* where the records start */
	size_t stop; /* the end of the records read whole (a truncation or a bad record follows) */
	int stop_rc; /* why reading stopped there (0: the end of the file) */
	char *damage; /* a compressed file cut short: source_damage()'s words */
	struct archive_reader r;
	struct hrec *recs;
	size_t n_recs;
};

static int
fail_file(struct history *h, const char *file, int rc)
{
	free(h->err_file);
	h->err_file = strdup(file);
	return rc;
}

/* Reads the whole (decompressed) contents of file into *f; counts them against *budget. */
static int
slurp(struct history *h, const char *file, struct hfile *f, uint64_t *budget)
{
	struct source *src;
	size_t cap = 1 << 16;
	int fd = open(file, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0) {
		h->err_open = true;
		return fail_file(h, file, -errno);
	}
	rc = source_open_fd(fd, &src);
	if (rc < 0) {
		close(fd);
		return fail_file(h, file, rc);
	}
	/* One pass into f->data: kept in the source too, the data would be held twice. */
	source_set_spool_max(src, 0);
	for (;;) {
		ssize_t n;

		if (!f->data || f->len == cap) {
			unsigned char *p;

			cap = f->data ? cap * 2 : cap;
			p = realloc(f->data, cap);
			if (!p) {
				rc = -ENOMEM;
				break;
			}
			f->data = p;
		}
		n = source_read(src, f->data + f->len, cap - f->len);
		if (n <= 0) {
			rc = (int) n;
			if (n == 0 && source_damage(src) && !(f->damage = strdup(source_damage(src))))
				rc = -ENOMEM;
			break;
		}
		f->len += (size_t) n;
		if (f->len > *budget) {
			rc = -EFBIG;
			break;
		}
	}
	if (rc == -EIO && source_damage(src)) {
		free(h->err_damage);
		h->err_damage = strdup(source_damage(src));
	}
	source_free(src);
	close(fd);
	if (rc < 0)
		return fail_file(h, file, rc);
	*budget -= f->len;
	return 0;
}

/* Opens the reader of f over its bytes and reads the header. */
static int
open_reader(struct history *h, struct hfile *f)
{
	struct source *src;
	int rc = source_open_mem(f->data, f->len, &src);

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
	f->bytes = f->r.converted ? f->r.conv.data : f->data;
	f->blen = f->r.converted ? f->r.conv.len : f->len;
	f->hdr_end = (size_t) source_offset(f->r.src);
	return 0;
}

/* Walks the records of f (items skipped) into f->recs. */
static int
list_records(struct history *h, struct hfile *f)
{
	struct archive_record rec;
	size_t cap = 0;
	int rc;

	f->r.skim = true;
	for (;;) {
		rc = archive_next(&f->r, &rec);
		if (rc <= 0)
			break;
		if (f->n_recs == cap) {
			struct hrec *p;

			cap = cap ? cap * 2 : 256;
			p = realloc(f->recs, cap * sizeof(*p));
			if (!p)
				return fail_file(h, f->name, -ENOMEM);
			f->recs = p;
		}
		f->recs[f->n_recs++] = (struct hrec){rec.offset, rec.hdr.ust_time,
		                                     rec.hdr.uptime_cs, rec.hdr.record_type};
	}
	f->stop_rc = rc;
	f->stop = rc == 0 ? f->blen : (size_t) rec.offset;
	if (f->stop > f->blen)
		f->stop = f->blen;
	return 0;
}

static void
hfile_release(struct hfile *f)
{
	archive_reader_release(&f->r);
	free(f->data);
	free(f->recs);
	free(f->damage);
	memset(f, 0, sizeof(*f));
}

/* The end of record i of f. */
static uint64_t
rec_end(const struct hfile *f, size_t i)
{
	return i + 1 < f->n_recs ? f->recs[i + 1].off : f->stop;
}

/* The report being built and what the records kept so far say. */
struct stitch {
	struct history_report *rep;
	size_t cap;
	bool have_stats;
	uint64_t last_ust, last_uptime;
};

static int
put(struct stitch *st, const void *p, size_t len)
{
	struct history_report *r = st->rep;

	if (r->len + len > st->cap) {
		size_t want = st->cap ? st->cap : 1 << 16;
		unsigned char *q;

		while (want < r->len + len)
			want *= 2;
		q = realloc(r->data, want);
		if (!q)
			return -ENOMEM;
		r->data = q;
		st->cap = want;
	}
	memcpy(r->data + r->len, p, len);
	r->len += len;
	return 0;
}

bool
history_same_boot(uint64_t ust0, uint64_t uptime0, uint64_t ust, uint64_t uptime)
{
	int64_t d = ((int64_t) ust - (int64_t) (uptime / 100)) -
	            ((int64_t) ust0 - (int64_t) (uptime0 / 100));

	return uptime >= uptime0 && d <= HISTORY_SAME_BOOT_SLACK && d >= -HISTORY_SAME_BOOT_SLACK;
}

/* The first statistics record of f, or n_recs. */
static size_t
first_stats(const struct hfile *f)
{
	size_t i;

	for (i = 0; i < f->n_recs; i++)
		if (f->recs[i].type == SA_R_STATS)
			return i;
	return f->n_recs;
}

/*
 * A LINUX RESTART for a file that starts another boot without one, built
 * from its first statistics record's header (only in this machine's own
 * layout, which is where sadc could have left one out).
 */
static int
put_restart(struct stitch *st, const struct hfile *f, const struct hrec *x)
{
	struct sa_record_header rh;
	int32_t cpus = (int32_t) f->r.hdr.sa_cpu_nr;
	static const uint32_t ours[3] = SA_RECORD_HEADER_TYPES;

	if (f->r.swapped || f->r.hdr.rec_size != sizeof(rh) ||
	    memcmp(f->r.hdr.rec_types_nr, ours, sizeof(ours)))
		return 0;
	memcpy(&rh, f->bytes + x->off, sizeof(rh));
	rh.record_type = SA_R_RESTART;
	rh.uptime_cs = 0;
	rh.extra_next = 0;
	return put(st, &rh, sizeof(rh)) < 0 || put(st, &cpus, sizeof(cpus)) < 0 ? -ENOMEM : 0;
}

/* Appends the records of f that the stream does not hold yet. */
static int
stitch_records(struct stitch *st, const struct hfile *f, bool first)
{
	size_t i, fs = first_stats(f);
	bool same_boot = false, restart_seen = false;

	if (!first && fs < f->n_recs && st->have_stats)
		same_boot = history_same_boot(st->last_ust, st->last_uptime, f->recs[fs].ust,
		                              f->recs[fs].uptime);
	for (i = 0; i < f->n_recs; i++) {
		const struct hrec *x = &f->recs[i];

		if (!first && i < fs && x->type == SA_R_RESTART) {
			restart_seen = true;
			if (same_boot)
				continue;
		}
		if (x->type == SA_R_STATS && st->have_stats && x->ust <= st->last_ust)
			continue;
		if (!first && i == fs && st->have_stats && !same_boot && !restart_seen &&
		    put_restart(st, f, x) < 0)
			return -ENOMEM;
		if (put(st, f->bytes + x->off, (size_t) (rec_end(f, i) - x->off)) < 0)
			return -ENOMEM;
		if (x->type == SA_R_STATS) {
			st->have_stats = true;
			st->last_ust = x->ust;
			st->last_uptime = x->uptime;
		}
	}
	return 0;
}

static int
add_part(struct history_report *r, const struct hfile *f, uint64_t off)
{
	struct history_part *p = realloc(r->parts, (r->n_parts + 1) * sizeof(*p));

	if (!p)
		return -ENOMEM;
	r->parts = p;
	p += r->n_parts;
	memset(p, 0, sizeof(*p));
	p->offset = off;
	p->hdr = f->r.hdr;
	p->file = strdup(f->name);
	if (!p->file)
		return -ENOMEM;
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
	if (!last && f->stop_rc < 0) {
		strbuf_addf(&h->notes, "%s: '%s': records after offset %zu left out (%s)\n", prog,
		            f->name, f->stop, archive_strerror(f->stop_rc));
	}
	if (start) {
		rc = new_report(h, st);
		if (rc < 0)
			return fail_file(h, f->name, rc);
	}
	rc = add_part(st->rep, f, start ? f->hdr_end : st->rep->len);
	if (rc == 0 && start)
		rc = put(st, f->bytes, f->hdr_end);
	if (rc == 0)
		rc = stitch_records(st, f, start);
	/* The last file's end stays as it is, for the reader to meet as in the file alone. */
	if (rc == 0 && last && f->stop < f->blen)
		rc = put(st, f->bytes + f->stop, f->blen - f->stop);
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

/* The reader's own check of the file (same messages as for the file alone), then its records. */
static int
read_file(struct history *h, struct hfile *f, uint64_t *budget)
{
	int rc = slurp(h, f->name, f, budget);

	if (rc == 0)
		rc = open_reader(h, f);
	if (rc == 0)
		rc = list_records(h, f);
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
	memset(&first, 0, sizeof(first));
	memset(&st, 0, sizeof(st));
	rc = sort_files(h, files, n, o);
	for (i = 0; rc == 0 && i < n; i++) {
		bool start;

		memset(&f, 0, sizeof(f));
		f.name = o[i].name;
		rc = read_file(h, &f, &budget);
		start = rc == 0 && (!st.rep || !archive_can_read_on(&first.r, &f.r));
		if (rc == 0)
			rc = stitch_file(h, &st, &f, start, i + 1 == n, prog);
		if (rc == 0 && start) {
			/* The first file of a report stays for the comparisons: only its reader. */
			hfile_release(&first);
			first = f;
			free(first.data);
			first.data = NULL;
			free(first.recs);
			first.recs = NULL;
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

		snprintf(buf, len, "%s: the files of the window hold more than %llu MiB of data",
		         prog, mib);
		snprintf(buf + strlen(buf), len - strlen(buf),
		         " (up to '%s'): ask for a shorter window\n", file);
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
		for (k = 0; k < h->reports[i].n_parts; k++)
			free(h->reports[i].parts[k].file);
		free(h->reports[i].parts);
		free(h->reports[i].data);
	}
	free(h->reports);
	free(h->err_damage);
	free(h->err_file);
	strbuf_release(&h->notes);
	memset(h, 0, sizeof(*h));
}
