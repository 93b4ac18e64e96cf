/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sadc -S TOP: the processes that did the most in each interval (top.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "top.h"
#include "common/layout_ops.h"
#include "common/banned.h"

/* The state file: this header, then n_prev items, then n_last items (host order). */
#define TOP_STATE_MAGIC "SRTOP001"

struct top_state {
	char magic[8];
	uint32_t item_size; /* sizeof(struct ext_proc) */
	uint32_t n_prev, n_last, reserved;
	uint64_t prev_uptime_cs, prev_ust;
};

/*
 * The layouts struct ext_proc has had (common/ext.h), by item size: the
 * header names the size only, not the types, so a state file of a layout
 * not listed here (a later sysrec's, after a downgrade) is ignored once.
 * sadc -S TOP came with the 432-byte items, which an upgrade finds; no
 * sysrec wrote a state file of 312-byte items, but the row costs nothing
 * and keeps the table the history of the struct. A growth of ext_proc
 * adds its old size here.
 */
static const struct state_layout {
	uint32_t size;
	uint32_t types[3];
} state_layouts[] = {
        {312, {10, 0, 6}},
        {432, {22, 0, 12}},
        {sizeof(struct ext_proc), EXT_PROC_TYPES},
};

static int
reserve(struct ext_proc **arr, size_t *cap, size_t n)
{
	struct ext_proc *p;

	if (n <= *cap)
		return 0;
	p = realloc(*arr, n * sizeof(*p));
	if (!p)
		return -ENOMEM;
	*arr = p;
	*cap = n;
	return 0;
}

static int
cmp_proc(const struct ext_proc *x, const struct ext_proc *y)
{
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return x->start_time < y->start_time ? -1 : x->start_time > y->start_time;
}

/* The process of v (n, sorted by pid and start time) that is p (same pid and start), or NULL. */
static const struct ext_proc *
find_same(const struct ext_proc *v, uint32_t n, const struct ext_proc *p)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_proc(&v[mid], p);

		if (!c)
			return &v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* The index in v (n, sorted by pid) of a process with pid, or -1. */
static long
find_pid(const struct ext_proc *v, uint32_t n, uint32_t pid)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo].pid == pid ? (long) lo : -1;
}

static uint64_t
minus(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

/* The larger key first, then the lower pid (the index of a list in pid order). */
static int
cmp_rank(const void *a, const void *b, void *arg)
{
	const uint64_t *key = arg;
	uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;

	if (key[x] != key[y])
		return key[x] > key[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Marks in keep the n first processes of key (those with a key of 0 are never kept). */
static void
mark_top(const uint64_t *key, uint32_t *order, uint32_t count, unsigned n, bool *keep)
{
	uint32_t i;

	for (i = 0; i < count; i++)
		order[i] = i;
	qsort_r(order, count, sizeof(*order), cmp_rank, (void *) key);
	for (i = 0; i < count && i < n && key[order[i]]; i++)
		keep[order[i]] = true;
}

/*
 * The index in all of the process that took gone's I/O counters: its
 * parent, or when that one ended too (it was in prev), that one's, up to a
 * process all holds (the kernel passes a reaped child's counters to its
 * parent, report/who.h); -1 when the chain leaves prev.
 */
static long
recipient(const struct sadc_top *t, const struct ext_proc *all, uint32_t n,
          const struct ext_proc *gone)
{
	const struct ext_proc *p = gone;
	int depth;

	for (depth = 0; depth < 64 && p->ppid && p->ppid != p->pid; depth++) {
		long up = find_pid(all, n, p->ppid), at;

		if (up >= 0)
			return up;
		at = find_pid(t->prev, t->n_prev, p->ppid);
		if (at < 0)
			return -1;
		p = &t->prev[at];
	}
	return -1;
}

/*
 * The CPU ticks and I/O bytes of each process of all over the interval
 * (valid: the previous sample is of the same boot and earlier), else since
 * it started; what ended descendants had read and written at the previous
 * sample (reaped[2 * i], [2 * i + 1]) is taken off the process that took it.
 */
static void
interval_keys(const struct sadc_top *t, const struct ext_proc *all, uint32_t n, bool valid,
              uint64_t *cpu, uint64_t *io, uint64_t *reaped)
{
	uint32_t i;

	for (i = 0; valid && i < t->n_prev; i++) {
		const struct ext_proc *gone = &t->prev[i];
		long to;

		if (find_same(all, n, gone))
			continue;
		to = recipient(t, all, n, gone);
		if (to >= 0) {
			reaped[2 * to] += gone->read_bytes;
			reaped[2 * to + 1] += gone->write_bytes;
		}
	}
	for (i = 0; i < n; i++) {
		const struct ext_proc *c = &all[i], *p = valid ? find_same(t->prev, t->n_prev, c) : NULL;

		cpu[i] = c->utime + c->stime;
		io[i] = c->read_bytes + c->write_bytes;
		if (p) {
			cpu[i] = minus(cpu[i], p->utime + p->stime);
			io[i] = minus(io[i], p->read_bytes + p->write_bytes);
		}
		io[i] = minus(io[i], reaped[2 * i] + reaped[2 * i + 1]);
	}
}

/* The kept processes into t->top, and the bases of those the last list did not hold into t->base. */
static int
build_lists(struct sadc_top *t, const struct ext_proc *all, uint32_t n, const bool *keep,
            bool valid, const uint64_t *reaped)
{
	uint32_t i;

	t->n_top = t->n_base = 0;
	if (reserve(&t->top, &t->top_cap, n ? n : 1) < 0 || reserve(&t->base, &t->base_cap, n ? n : 1) < 0)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		const struct ext_proc *p;

		if (!keep[i])
			continue;
		t->top[t->n_top] = all[i];
		/* A reader of the file cannot make these sums: not every process is in it. */
		if (valid) {
			t->top[t->n_top].reaped_read_bytes = reaped[2 * i];
			t->top[t->n_top].reaped_write_bytes = reaped[2 * i + 1];
			t->top[t->n_top].flags |= EXT_PF_REAPED;
		}
		t->n_top++;
		p = valid ? find_same(t->prev, t->n_prev, &all[i]) : NULL;
		if (p && !find_same(t->last, t->n_last, &all[i]))
			t->base[t->n_base++] = *p;
	}
	return 0;
}

/* This sample becomes the previous one. */
static int
remember(struct sadc_top *t, const struct ext_proc *all, uint32_t n, uint64_t uptime_cs,
         uint64_t ust)
{
	if (reserve(&t->prev, &t->prev_cap, n ? n : 1) < 0 ||
	    reserve(&t->last, &t->last_cap, t->n_top ? t->n_top : 1) < 0)
		return -ENOMEM;
	memcpy(t->prev, all, (size_t) n * sizeof(*all));
	t->n_prev = n;
	memcpy(t->last, t->top, (size_t) t->n_top * sizeof(*t->top));
	t->n_last = t->n_top;
	t->prev_uptime_cs = uptime_cs;
	t->prev_ust = ust;
	t->have_prev = true;
	return 0;
}

/*
 * Whether the sample at ust and uptime_cs is of the boot of the previous
 * one and later: both boot times (time - uptime) agree within a minute
 * (the clock may be slewed), as history.h judges two records.
 */
static bool
same_boot(const struct sadc_top *t, uint64_t uptime_cs, uint64_t ust)
{
	int64_t boot = (int64_t) ust - (int64_t) (uptime_cs / 100);
	int64_t prev = (int64_t) t->prev_ust - (int64_t) (t->prev_uptime_cs / 100);

	return t->have_prev && t->prev_uptime_cs < uptime_cs && boot - prev <= 60 && prev - boot <= 60;
}

int
sadc_top_select(struct sadc_top *t, const struct ext_proc *all, uint32_t n, uint64_t uptime_cs,
                uint64_t ust)
{
	bool valid = same_boot(t, uptime_cs, ust);
	uint64_t *key = calloc(5 * (size_t) (n ? n : 1), sizeof(*key)); /* cpu, io, rss, reaped x 2 */
	uint32_t *order = calloc(n ? n : 1, sizeof(*order));
	bool *keep = calloc(n ? n : 1, sizeof(*keep));
	uint32_t i;
	int rc = -ENOMEM;

	if (!key || !order || !keep)
		goto out;
	interval_keys(t, all, n, valid, key, key + n, key + 3 * (size_t) n);
	for (i = 0; i < n; i++)
		key[2 * (size_t) n + i] = all[i].rss_kb;
	mark_top(key, order, n, t->n, keep);
	mark_top(key + n, order, n, t->n, keep);
	mark_top(key + 2 * (size_t) n, order, n, t->n, keep);
	rc = build_lists(t, all, n, keep, valid, key + 3 * (size_t) n);
	if (rc == 0)
		rc = remember(t, all, n, uptime_cs, ust);
out:
	free(key);
	free(order);
	free(keep);
	return rc;
}

int
sadc_top_state_path(const char *ofile, char *path, size_t len)
{
	const char *slash = strrchr(ofile, '/');
	int dir_len = slash ? (int) (slash - ofile + 1) : 0;
	int n = snprintf(path, len, "%.*s.%s.top", dir_len, ofile, slash ? slash + 1 : ofile);

	return n < 0 || (size_t) n >= len ? -ENAMETOOLONG : 0;
}

/* Reads exactly len bytes from fd; false when the file ends first or fails. */
static bool
read_all(int fd, void *buf, size_t len)
{
	unsigned char *p = buf;

	while (len) {
		ssize_t n = read(fd, p, len);

		if (n <= 0)
			return false;
		p += n;
		len -= (size_t) n;
	}
	return true;
}

static const struct state_layout *
state_layout(uint32_t size)
{
	size_t i;

	for (i = 0; i < sizeof(state_layouts) / sizeof(state_layouts[0]); i++)
		if (state_layouts[i].size == size)
			return &state_layouts[i];
	return NULL;
}

/*
 * Reads n items of layout l from fd into v (room for n struct ext_proc),
 * remapped as the archive reader remaps a file's items: the fields l did
 * not have read as 0. False when the file ends first.
 */
static bool
read_items(int fd, struct ext_proc *v, uint32_t n, const struct state_layout *l)
{
	static const uint32_t types[3] = EXT_PROC_TYPES;
	unsigned char *p = (unsigned char *) v;
	uint32_t i;

	if (!read_all(fd, v, (size_t) n * l->size))
		return false;
	if (l->size == sizeof(*v))
		return true;
	/* Last item first: item i moves up from i * size to i * sizeof(*v), over no unread item. */
	for (i = n; i-- > 0;) {
		memmove(&v[i], p + (size_t) i * l->size, l->size);
		memset((unsigned char *) &v[i] + l->size, 0, sizeof(*v) - l->size);
		if (layout_remap(types, l->types, &v[i], l->size, sizeof(*v), sizeof(*v)) < 0)
			return false;
	}
	return true;
}

int
sadc_top_load(struct sadc_top *t, const char *path)
{
	struct top_state st;
	const struct state_layout *l;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int rc = 0;

	if (fd < 0)
		return 0;
	if (!read_all(fd, &st, sizeof(st)) || memcmp(st.magic, TOP_STATE_MAGIC, 8) ||
	    !(l = state_layout(st.item_size)) || st.n_prev > 4u << 20 || st.n_last > st.n_prev)
		goto out;
	if (reserve(&t->prev, &t->prev_cap, st.n_prev ? st.n_prev : 1) < 0 ||
	    reserve(&t->last, &t->last_cap, st.n_last ? st.n_last : 1) < 0) {
		rc = -ENOMEM;
		goto out;
	}
	if (!read_items(fd, t->prev, st.n_prev, l) || !read_items(fd, t->last, st.n_last, l))
		goto out;
	t->n_prev = st.n_prev;
	t->n_last = st.n_last;
	t->prev_uptime_cs = st.prev_uptime_cs;
	t->prev_ust = st.prev_ust;
	t->have_prev = true;
out:
	close(fd);
	return rc;
}

/* Writes len bytes of buf to fd; -errno on failure. */
static int
write_all(int fd, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0)
			return -errno;
		p += n;
		len -= (size_t) n;
	}
	return 0;
}

int
sadc_top_save(const struct sadc_top *t, const char *path)
{
	struct top_state st;
	char tmp[4096 + 8];
	int fd, rc;

	if (!t->have_prev)
		return 0;
	if (snprintf(tmp, sizeof(tmp), "%s.new", path) >= (int) sizeof(tmp))
		return -ENAMETOOLONG;
	memset(&st, 0, sizeof(st));
	memcpy(st.magic, TOP_STATE_MAGIC, 8);
	st.item_size = sizeof(struct ext_proc);
	st.n_prev = t->n_prev;
	st.n_last = t->n_last;
	st.prev_uptime_cs = t->prev_uptime_cs;
	st.prev_ust = t->prev_ust;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	rc = write_all(fd, &st, sizeof(st));
	if (!rc)
		rc = write_all(fd, t->prev, (size_t) t->n_prev * sizeof(*t->prev));
	if (!rc)
		rc = write_all(fd, t->last, (size_t) t->n_last * sizeof(*t->last));
	if (close(fd) < 0 && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path) < 0)
		rc = -errno;
	if (rc)
		unlink(tmp);
	return rc;
}

void
sadc_top_release(struct sadc_top *t)
{
	free(t->prev);
	free(t->last);
	free(t->top);
	free(t->base);
	memset(t, 0, sizeof(*t));
}
