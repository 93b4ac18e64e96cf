/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadc: the walk over the records of a file before appending to it, which
 * finds where its last whole record ends (a torn record after it is cut)
 * and the uptime of its last statistics record (an unmarked reboot gets
 * its LINUX RESTART).
 *
 * It runs on every one-shot append, over the whole day's file, so it looks
 * at as little as it can: the append check has accepted the file's header
 * and activity list as exactly what this sadc writes (native byte order,
 * 12.6.1 sizes, known activities), so each record is walked straight in a
 * read buffer: its header, then per activity the item count where it has
 * one, and arithmetic skips over the items. Its verdict is the archive
 * reader's in skim mode (archive_next() with skim set), which sadc used
 * before: the same records whole, the same tails torn, read errors the
 * same.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sadc.h"
#include "common/banned.h"

/* Records of a common file are a few kilobytes: a buffer holds many. */
#define SKIM_BUF_SIZE (64 * 1024)

struct skim {
	int fd;
	unsigned char *buf;
	size_t pos, len; /* next byte, and end of the bytes read, in buf */
	uint64_t base;   /* file offset of buf[0] */
	bool eof;        /* a read found the end (sticky, as in the reader) */
	bool io_error;   /* a read failed */
};

/* How a record ended: as in archive_next(), 1, 0, a corrupt-file error, or -errno. */
enum skim_step {
	SKIM_RECORD,
	SKIM_END,
	SKIM_TORN, /* ARCHIVE_E_TRUNCATED, ARCHIVE_E_BAD_RECORD, ARCHIVE_E_INVALID */
	SKIM_IO,
};

/*
 * What a statistics record holds, as a plan: per activity with an item
 * count, the bytes of the activities without one before it, then the count
 * and its items; the bytes of those without one at the end.
 */
struct skim_counted {
	uint64_t before; /* bytes of the uncounted activities before this one */
	int32_t nr_max;  /* the largest count the reader accepts */
	uint64_t row;    /* bytes per item: size * nr2 */
};

struct skim_plan {
	struct skim_counted counted[ACTIVITY_NR];
	uint32_t n_counted;
	uint64_t after; /* bytes of the uncounted activities after the last counted one */
};

static uint64_t
skim_offset(const struct skim *k)
{
	return k->base + k->pos;
}

/* skim_need() when the buffer holds fewer than n bytes: reads on. */
static size_t
skim_fill(struct skim *k, size_t n)
{
	while (k->len - k->pos < n && !k->eof && !k->io_error) {
		ssize_t got;

		if (k->pos > 0) {
			memmove(k->buf, k->buf + k->pos, k->len - k->pos);
			k->base += k->pos;
			k->len -= k->pos;
			k->pos = 0;
		}
		got = pread(k->fd, k->buf + k->len, SKIM_BUF_SIZE - k->len,
		            (off_t) (k->base + k->len));
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			k->io_error = true;
		else if (got == 0)
			k->eof = true;
		else
			k->len += (size_t) got;
	}
	return k->len - k->pos < n ? k->len - k->pos : n;
}

/*
 * Makes n bytes (a record header at most) readable at buf + pos. Returns
 * how many are: fewer than n only at the end of the file or after a failed
 * read.
 */
static inline size_t
skim_need(struct skim *k, size_t n)
{
	return k->len - k->pos >= n ? n : skim_fill(k, n);
}

/* Takes the next n bytes (n <= skim_need's answer) into dst. */
static void
skim_take(struct skim *k, void *dst, size_t n)
{
	memcpy(dst, k->buf + k->pos, n);
	k->pos += n;
}

/* skim_skip() past the buffer: on from the last byte skipped, which must be in the file. */
static bool
skim_jump(struct skim *k, uint64_t n)
{
	uint64_t target;

	if (k->eof || k->io_error) {
		k->pos = k->len;
		return false;
	}
	target = skim_offset(k) + n;
	k->base = target - 1;
	k->pos = k->len = 0;
	if (skim_need(k, 1) < 1)
		return false;
	k->pos = 1;
	return true;
}

/*
 * Moves n bytes on. Returns false when the file ends first or a read
 * fails. Bytes past the buffer are not read.
 */
static inline bool
skim_skip(struct skim *k, uint64_t n)
{
	if (n <= k->len - k->pos) {
		k->pos += (size_t) n;
		return true;
	}
	return skim_jump(k, n);
}

/* The step for a piece cut short: the end of the file, or a failed read. */
static enum skim_step
short_of(const struct skim *k)
{
	return k->io_error ? SKIM_IO : SKIM_TORN;
}

/*
 * A chain of extra structures (the reader's skip_extra()): descriptors
 * checked, contents skipped. Skipping past the end is not an error here:
 * the next read finds the end.
 */
static enum skim_step
skim_extra(struct skim *k)
{
	struct sa_extra_desc x;

	do {
		if (skim_need(k, sizeof(x)) < sizeof(x))
			return short_of(k);
		skim_take(k, &x, sizeof(x));
		if (sa_map_size(x.extra_types_nr) > x.extra_size || x.extra_nr > SA_MAX_EXTRA_NR ||
		    x.extra_size > SA_MAX_EXTRA_SIZE)
			return SKIM_TORN;
		if (!skim_skip(k, (uint64_t) x.extra_nr * x.extra_size) && k->io_error)
			return SKIM_IO;
	} while (x.extra_next);
	return SKIM_RECORD;
}

/* The payload of a LINUX RESTART or comment record. */
static enum skim_step
skim_special(struct skim *k, const struct sa_record_header *h)
{
	int32_t cpu_nr;

	if (h->record_type == SA_R_RESTART) {
		if (skim_need(k, sizeof(cpu_nr)) < sizeof(cpu_nr))
			return short_of(k);
		skim_take(k, &cpu_nr, sizeof(cpu_nr));
		/* As the reader: no more CPUs than a per-CPU activity holds. */
		if (cpu_nr <= 0 || cpu_nr > activity_by_id(A_CPU)->nr_max)
			return SKIM_TORN;
	} else if (!skim_skip(k, SA_COMMENT_LEN)) {
		return short_of(k);
	}
	return h->extra_next ? skim_extra(k) : SKIM_RECORD;
}

/*
 * The activities of a statistics record. Bytes skipped together end short
 * exactly when one of them, skipped alone as the reader does, would.
 */
static enum skim_step
skim_stats(struct skim *k, const struct skim_plan *p)
{
	uint32_t i;

	for (i = 0; i < p->n_counted; i++) {
		const struct skim_counted *c = &p->counted[i];
		int32_t nr;

		if (!skim_skip(k, c->before) || skim_need(k, sizeof(nr)) < sizeof(nr))
			return short_of(k);
		skim_take(k, &nr, sizeof(nr));
		if (nr < 0 || nr > c->nr_max)
			return SKIM_TORN;
		if (!skim_skip(k, c->row * (uint64_t) nr))
			return short_of(k);
	}
	return skim_skip(k, p->after) ? SKIM_RECORD : short_of(k);
}

/* The next record; records of extra types are passed over, as the reader does. */
static enum skim_step
skim_record(struct skim *k, const struct skim_plan *p, struct sa_record_header *h)
{
	for (;;) {
		size_t got = skim_need(k, sizeof(*h));
		enum skim_step step;

		if (got == 0 && !k->io_error)
			return SKIM_END;
		if (got < sizeof(*h))
			return short_of(k);
		skim_take(k, h, sizeof(*h));
		if (h->record_type < SA_R_STATS || h->record_type > SA_R_EXTRA_MAX ||
		    h->hour > 23 || h->minute > 59 || h->second > 60)
			return SKIM_TORN;
		if (h->record_type == SA_R_RESTART || h->record_type == SA_R_COMMENT)
			return skim_special(k, h);
		if (h->extra_next) {
			step = skim_extra(k);
			if (step != SKIM_RECORD)
				return step;
		}
		if (h->record_type < SA_R_EXTRA_MIN)
			return skim_stats(k, p);
	}
}

static void
skim_plan(const struct sa_file_activity *list, uint32_t n, struct skim_plan *p)
{
	uint32_t i;

	p->n_counted = 0;
	p->after = 0;
	for (i = 0; i < n; i++) {
		const struct activity_desc *d = activity_by_id(list[i].id);
		uint64_t row = (uint64_t) list[i].size * (uint64_t) list[i].nr2;
		struct skim_counted *c;

		if (!list[i].has_nr) {
			p->after += row * (uint64_t) list[i].nr;
			continue;
		}
		c = &p->counted[p->n_counted++];
		c->before = p->after;
		c->nr_max = d && d->nr_max < SA_NR_MAX ? d->nr_max : SA_NR_MAX;
		c->row = row;
		p->after = 0;
	}
}

int64_t
sadc_skim_records(int fd, const struct sa_file_header *h, const struct sa_file_activity *list,
                  struct sadc_skim *ret)
{
	struct skim_plan plan;
	struct sa_record_header rh;
	struct skim k = {.fd = fd};
	enum skim_step step;
	int64_t good;

	ret->torn = false;
	if (h->sa_act_nr > ACTIVITY_NR)
		return -1;
	k.buf = malloc(SKIM_BUF_SIZE);
	if (!k.buf)
		return -1;
	skim_plan(list, h->sa_act_nr, &plan);
	k.base = sizeof(struct sa_file_magic) + sizeof(*h) +
	         (uint64_t) h->sa_act_nr * sizeof(struct sa_file_activity);
	if (h->extra_next && skim_extra(&k) != SKIM_RECORD) {
		free(k.buf);
		return -1;
	}
	good = (int64_t) skim_offset(&k);
	while ((step = skim_record(&k, &plan, &rh)) == SKIM_RECORD) {
		good = (int64_t) skim_offset(&k);
		if (rh.record_type == SA_R_STATS) {
			ret->last_uptime = rh.uptime_cs;
			ret->check_reboot = true;
		} else if (rh.record_type == SA_R_RESTART) {
			ret->check_reboot = false;
		}
	}
	ret->torn = step == SKIM_TORN;
	free(k.buf);
	return good;
}
