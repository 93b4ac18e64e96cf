/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * "Who did it": the per-interval rows of processes and cgroups and their
 * window averages (who.h). Pure computation over decoded extension
 * records: no output, no exit, so sar, sadf and sar --use share it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "who.h"
#include "common/banned.h"

/* What one process added up over the intervals of a window. */
struct who_proc_acc {
	struct ext_proc last; /* as last seen: the row's identity and command */
	double usr, sys, cpu, minflt, majflt, rd, wr; /* rate x interval, summed */
	uint64_t iodelay;
	double rss_sum;
	uint32_t n_seen;
	bool io, delayacct;
};

/* What one cgroup added up over the intervals of a window. */
struct who_cg_acc {
	struct ext_cgroup last;
	uint32_t present; /* every value present in at least one interval */
	double cpu, usr, sys, thrtl, rd, wr, psi[6]; /* rate x interval, summed */
	uint64_t oom_kills;
	double mem_sum, memmax_sum;
	uint32_t mem_n, memmax_n;
};

/* A counter's increase; one that went down (a reused pid, a recreated cgroup) counts 0. */
static uint64_t
delta(uint64_t prev, uint64_t curr)
{
	return curr >= prev ? curr - prev : 0;
}

/*
 * The rounded mean of n values summed in sum. Values near UINT64_MAX (a
 * damaged file's) round past it in a double: the mean is then UINT64_MAX,
 * as a conversion out of range is undefined.
 */
static uint64_t
mean_u64(double sum, uint32_t n)
{
	double m = sum / n + 0.5;

	return m < 18446744073709551616.0 ? (uint64_t) m : UINT64_MAX;
}

static int
grow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;
	void *q;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	q = realloc(*p, n * size);
	if (!q)
		return -ENOMEM;
	*p = q;
	*cap = n;
	return 0;
}

/* ---- processes ---- */

static int
cmp_proc_pid(const void *a, const void *b)
{
	const struct ext_proc *x = *(const struct ext_proc *const *) a;
	const struct ext_proc *y = *(const struct ext_proc *const *) b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return x->start_time < y->start_time ? -1 : x->start_time > y->start_time;
}

/* The process of prev (sorted by pid) with c's pid and start time, or NULL. */
static const struct ext_proc *
find_proc(const struct ext_proc *const *sorted, size_t n, const struct ext_proc *c)
{
	const struct ext_proc *const *hit = bsearch(&c, sorted, n, sizeof(*sorted), cmp_proc_pid);

	return hit ? *hit : NULL;
}

/* The process of sorted (by pid and start time) with pid, whatever its start time, or NULL. */
static const struct ext_proc *
find_pid(const struct ext_proc *const *sorted, size_t n, uint32_t pid)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (sorted[mid]->pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && sorted[lo]->pid == pid ? sorted[lo] : NULL;
}

/*
 * The process of curr that took gone's I/O counters: the kernel adds a
 * child's counters to its parent's /proc/PID/io when the parent waits for
 * it (wait_task_zombie()), and a parent that ends in turn passes them on.
 * Its parent at prev, or, when that one is gone too, that one's, up to a
 * process curr holds; NULL when the chain leaves prev (an orphan reaped
 * by another process is missed).
 */
static const struct ext_proc *
recipient(const struct ext_proc *gone, const struct ext_proc *const *sorted_prev, size_t n_prev,
          const struct ext_proc *const *sorted_curr, size_t n_curr)
{
	const struct ext_proc *p = gone;
	int depth;

	for (depth = 0; depth < 64 && p->ppid && p->ppid != p->pid; depth++) {
		const struct ext_proc *up = find_pid(sorted_curr, n_curr, p->ppid);

		if (up)
			return up;
		p = find_pid(sorted_prev, n_prev, p->ppid);
		if (!p)
			return NULL;
	}
	return NULL;
}

/*
 * What the processes of curr reaped in the interval: a parent's read_bytes
 * jumps by all that an ended child had read, most of it counted for the
 * child in earlier intervals. For each process of prev (with its I/O) that
 * curr no longer holds, its counters at prev are added to reaped[2 * k]
 * (read) and [2 * k + 1] (written), k the index in curr of the process that
 * took them. What the child did after prev stays in that figure: it
 * happened in this interval. sadc -S TOP records the sums it made from
 * every process (EXT_PF_REAPED), which its lists cannot give: those win.
 */
static void
reaped_io(const struct archive_ext *prev, const struct archive_ext *curr,
          const struct ext_proc *const *sorted_prev, const struct ext_proc *const *sorted_curr,
          uint64_t *reaped)
{
	uint32_t i;

	for (i = 0; i < prev->n_proc; i++) {
		const struct ext_proc *gone = &prev->proc[i], *to;
		size_t k;

		if (!(gone->flags & EXT_PF_IO) || find_proc(sorted_curr, curr->n_proc, gone))
			continue;
		to = recipient(gone, sorted_prev, prev->n_proc, sorted_curr, curr->n_proc);
		if (!to)
			continue;
		k = (size_t) (to - curr->proc);
		reaped[2 * k] += gone->read_bytes;
		reaped[2 * k + 1] += gone->write_bytes;
	}
	for (i = 0; i < curr->n_proc; i++) {
		if (curr->proc[i].flags & EXT_PF_REAPED) {
			reaped[2 * (size_t) i] = curr->proc[i].reaped_read_bytes;
			reaped[2 * (size_t) i + 1] = curr->proc[i].reaped_write_bytes;
		}
	}
}

/* a - b, 0 when b is larger. */
static uint64_t
minus(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

static void
fill_proc_row(struct who_proc_row *r, const struct ext_proc *p, const struct ext_proc *c,
              uint64_t hz, uint64_t itv, const uint64_t reaped[2])
{
	/* Ticks to % of one CPU: ticks / hz seconds over itv / 100 seconds, x 100. */
	double tick_pc = 10000.0 / ((double) hz * (double) itv);
	double per_s = 100.0 / (double) itv;
	uint64_t ut = delta(p->utime, c->utime), st = delta(p->stime, c->stime);
	/* What a new process has is what it has now; a known one, what both records had. */
	uint32_t flags = p->pid ? p->flags & c->flags : c->flags;

	memset(r, 0, sizeof(*r));
	r->p = c;
	r->usr = (double) ut * tick_pc;
	r->sys = (double) st * tick_pc;
	r->cpu = (double) (ut + st) * tick_pc;
	r->minflt_s = (double) delta(p->minflt, c->minflt) * per_s;
	r->majflt_s = (double) delta(p->majflt, c->majflt) * per_s;
	r->io = (flags & EXT_PF_IO) != 0;
	if (r->io) {
		uint64_t rd = minus(delta(p->read_bytes, c->read_bytes), reaped[0]);
		uint64_t wr = minus(delta(p->write_bytes, c->write_bytes), reaped[1]);

		r->rd_kbs = (double) rd / 1024 * per_s;
		r->wr_kbs = (double) wr / 1024 * per_s;
	}
	r->delayacct = (flags & EXT_PF_DELAYACCT) != 0;
	if (r->delayacct)
		r->iodelay = delta(p->blkio_ticks, c->blkio_ticks);
	r->rss_kb = c->rss_kb;
}

int
who_proc_rows(const struct archive_ext *prev, uint64_t prev_uptime_cs,
              const struct archive_ext *curr, uint64_t curr_uptime_cs, uint64_t hz,
              struct who_proc_row **rows, size_t *cap)
{
	const struct ext_proc **sorted, **sorted_curr;
	uint64_t itv = curr_uptime_cs > prev_uptime_cs ? curr_uptime_cs - prev_uptime_cs : 1;
	uint64_t *reaped;
	size_t i, n = 0;

	if (!prev->has_proc || !curr->has_proc || !curr->n_proc)
		return 0;
	if (!hz)
		hz = 100;
	if (grow((void **) rows, cap, curr->n_proc, sizeof(**rows)) < 0)
		return -ENOMEM;
	sorted = malloc((prev->n_proc + (size_t) curr->n_proc) * sizeof(*sorted));
	reaped = calloc(2 * (size_t) curr->n_proc, sizeof(*reaped));
	if (!sorted || !reaped) {
		free(sorted);
		free(reaped);
		return -ENOMEM;
	}
	sorted_curr = sorted + prev->n_proc;
	for (i = 0; i < prev->n_proc; i++)
		sorted[i] = &prev->proc[i];
	for (i = 0; i < curr->n_proc; i++)
		sorted_curr[i] = &curr->proc[i];
	qsort(sorted, prev->n_proc, sizeof(*sorted), cmp_proc_pid);
	qsort(sorted_curr, curr->n_proc, sizeof(*sorted_curr), cmp_proc_pid);
	reaped_io(prev, curr, sorted, sorted_curr, reaped);
	for (i = 0; i < curr->n_proc; i++) {
		static const struct ext_proc born; /* a process born since prev: all zero */
		const struct ext_proc *c = &curr->proc[i];
		const struct ext_proc *p = find_proc(sorted, prev->n_proc, c);

		/* Not in prev's selection (sadc -S TOP): its counters then are in curr's bases. */
		if (!p)
			p = archive_ext_base(curr, c);
		/* Started at or after prev's sample (start_time / hz >= uptime / 100): it is new. */
		if (!p && c->start_time * 100 >= prev_uptime_cs * hz)
			p = &born;
		if (!p)
			continue; /* older than prev but not listed there: its past is unknown */
		fill_proc_row(&(*rows)[n++], p, c, hz, itv, reaped + 2 * i);
	}
	free(sorted);
	free(reaped);
	return (int) n;
}

double
who_proc_key(const struct who_proc_row *r, enum who_sort key)
{
	switch (key) {
	case WHO_SORT_MEM:
		return (double) r->rss_kb;
	case WHO_SORT_IO:
		return r->io ? r->rd_kbs + r->wr_kbs : 0;
	case WHO_SORT_CPU:
	default:
		return r->cpu;
	}
}

static int
cmp_proc_then_pid(const struct who_proc_row *x, const struct who_proc_row *y, enum who_sort key)
{
	double kx = who_proc_key(x, key), ky = who_proc_key(y, key);

	if (kx != ky)
		return kx > ky ? -1 : 1;
	if (x->p->pid != y->p->pid)
		return x->p->pid < y->p->pid ? -1 : 1;
	return x->p->start_time < y->p->start_time ? -1 : x->p->start_time > y->p->start_time;
}

static int
cmp_proc_cpu(const void *a, const void *b)
{
	return cmp_proc_then_pid(a, b, WHO_SORT_CPU);
}

static int
cmp_proc_mem(const void *a, const void *b)
{
	return cmp_proc_then_pid(a, b, WHO_SORT_MEM);
}

static int
cmp_proc_io(const void *a, const void *b)
{
	return cmp_proc_then_pid(a, b, WHO_SORT_IO);
}

void
who_proc_sort(struct who_proc_row *rows, size_t n, enum who_sort key)
{
	static int (*const cmp[])(const void *, const void *) = {
	        [WHO_SORT_CPU] = cmp_proc_cpu, [WHO_SORT_MEM] = cmp_proc_mem, [WHO_SORT_IO] = cmp_proc_io};

	if (n > 1)
		qsort(rows, n, sizeof(*rows), cmp[key <= WHO_SORT_IO ? key : WHO_SORT_CPU]);
}

bool
who_parse_spec(const char *spec, unsigned *ret_count, enum who_sort *ret_key)
{
	static const char *const keys[] = {[WHO_SORT_CPU] = "cpu", [WHO_SORT_MEM] = "mem",
	                                   [WHO_SORT_IO] = "io"};
	unsigned count = 10;
	enum who_sort key = WHO_SORT_CPU;
	const char *p = spec;

	while (p && *p) {
		size_t len = strcspn(p, ","), k;

		if (len && strspn(p, "0123456789") == len) {
			char *end;
			unsigned long v = strtoul(p, &end, 10);

			if (v < 1 || v > 1000000)
				return false;
			count = (unsigned) v;
		} else {
			for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
				if (strlen(keys[k]) == len && !strncmp(p, keys[k], len))
					break;
			if (k == sizeof(keys) / sizeof(keys[0]))
				return false;
			key = (enum who_sort) k;
		}
		p += len;
		if (*p == ',' && *++p == '\0')
			return false;
	}
	*ret_count = count;
	*ret_key = key;
	return true;
}

/* ---- cgroups ---- */

static int
cmp_cg_path(const void *a, const void *b)
{
	const struct ext_cgroup *x = *(const struct ext_cgroup *const *) a;
	const struct ext_cgroup *y = *(const struct ext_cgroup *const *) b;

	return strncmp(x->path, y->path, EXT_CG_PATH_LEN);
}

/* The values that are levels (their file in curr is enough); the others are counters. */
#define WHO_CG_LEVELS (EXT_CG_MEM | EXT_CG_MEMMAX | EXT_CG_SWAP)

static void
fill_cg_row(struct who_cg_row *r, const struct ext_cgroup *p, const struct ext_cgroup *c,
            uint32_t present, uint64_t itv)
{
	/* Microseconds to % of the interval: itv / 100 s is itv x 10^4 us. */
	double us_pc = 1.0 / ((double) itv * 100.0);
	double per_s = 100.0 / (double) itv;

	memset(r, 0, sizeof(*r));
	r->c = c;
	r->present = present;
	r->cpu = (double) delta(p->usage_usec, c->usage_usec) * us_pc;
	r->usr = (double) delta(p->user_usec, c->user_usec) * us_pc;
	r->sys = (double) delta(p->system_usec, c->system_usec) * us_pc;
	r->thrtl = (double) delta(p->throttled_usec, c->throttled_usec) * us_pc;
	r->mem_kb = c->mem_current / 1024;
	r->memmax = -1;
	if ((present & EXT_CG_MEM) && (present & EXT_CG_MEMMAX) && c->mem_max != UINT64_MAX &&
	    c->mem_max)
		r->memmax = (double) c->mem_current * 100.0 / (double) c->mem_max;
	r->oom_kills = delta(p->ev_oom_kill, c->ev_oom_kill);
	r->rd_kbs = (double) delta(p->rbytes, c->rbytes) / 1024 * per_s;
	r->wr_kbs = (double) delta(p->wbytes, c->wbytes) / 1024 * per_s;
	r->psi_cpu_some = (double) delta(p->psi_cpu_some, c->psi_cpu_some) * us_pc;
	r->psi_cpu_full = (double) delta(p->psi_cpu_full, c->psi_cpu_full) * us_pc;
	r->psi_mem_some = (double) delta(p->psi_mem_some, c->psi_mem_some) * us_pc;
	r->psi_mem_full = (double) delta(p->psi_mem_full, c->psi_mem_full) * us_pc;
	r->psi_io_some = (double) delta(p->psi_io_some, c->psi_io_some) * us_pc;
	r->psi_io_full = (double) delta(p->psi_io_full, c->psi_io_full) * us_pc;
}

int
who_cg_rows(const struct archive_ext *prev, uint64_t prev_uptime_cs,
            const struct archive_ext *curr, uint64_t curr_uptime_cs, struct who_cg_row **rows,
            size_t *cap)
{
	static const struct ext_cgroup created; /* a cgroup created since prev: all zero */
	const struct ext_cgroup **sorted;
	uint64_t itv = curr_uptime_cs > prev_uptime_cs ? curr_uptime_cs - prev_uptime_cs : 1;
	size_t i;

	if (!prev->has_cgroup || !curr->has_cgroup || !curr->n_cgroup)
		return 0;
	if (grow((void **) rows, cap, curr->n_cgroup, sizeof(**rows)) < 0)
		return -ENOMEM;
	sorted = malloc((prev->n_cgroup ? prev->n_cgroup : 1) * sizeof(*sorted));
	if (!sorted)
		return -ENOMEM;
	for (i = 0; i < prev->n_cgroup; i++)
		sorted[i] = &prev->cgroup[i];
	qsort(sorted, prev->n_cgroup, sizeof(*sorted), cmp_cg_path);
	for (i = 0; i < curr->n_cgroup; i++) {
		const struct ext_cgroup *c = &curr->cgroup[i], *p = &created;
		const struct ext_cgroup *const *hit =
		        bsearch(&c, sorted, prev->n_cgroup, sizeof(*sorted), cmp_cg_path);
		uint32_t present = c->present;

		if (hit) {
			p = *hit;
			present &= p->present | WHO_CG_LEVELS;
		}
		fill_cg_row(&(*rows)[i], p, c, present, itv);
	}
	free(sorted);
	return (int) curr->n_cgroup;
}

double
who_cg_key(const struct who_cg_row *r, enum who_sort key)
{
	switch (key) {
	case WHO_SORT_MEM:
		return (r->present & EXT_CG_MEM) ? (double) r->mem_kb : -1;
	case WHO_SORT_IO:
		return (r->present & EXT_CG_IO) ? r->rd_kbs + r->wr_kbs : -1;
	case WHO_SORT_CPU:
	default:
		return (r->present & EXT_CG_CPU) ? r->cpu : -1;
	}
}

static int
cmp_cg_then_path(const struct who_cg_row *x, const struct who_cg_row *y, enum who_sort key)
{
	double kx = who_cg_key(x, key), ky = who_cg_key(y, key);

	if (kx != ky)
		return kx > ky ? -1 : 1;
	return strncmp(x->c->path, y->c->path, EXT_CG_PATH_LEN);
}

static int
cmp_cg_cpu(const void *a, const void *b)
{
	return cmp_cg_then_path(a, b, WHO_SORT_CPU);
}

static int
cmp_cg_mem(const void *a, const void *b)
{
	return cmp_cg_then_path(a, b, WHO_SORT_MEM);
}

static int
cmp_cg_io(const void *a, const void *b)
{
	return cmp_cg_then_path(a, b, WHO_SORT_IO);
}

void
who_cg_sort(struct who_cg_row *rows, size_t n, enum who_sort key)
{
	static int (*const cmp[])(const void *, const void *) = {
	        [WHO_SORT_CPU] = cmp_cg_cpu, [WHO_SORT_MEM] = cmp_cg_mem, [WHO_SORT_IO] = cmp_cg_io};

	if (n > 1)
		qsort(rows, n, sizeof(*rows), cmp[key <= WHO_SORT_IO ? key : WHO_SORT_CPU]);
}

bool
who_cg_has_child(const struct who_cg_row *rows, size_t n, size_t i)
{
	const char *path = rows[i].c->path;
	size_t len = strnlen(path, EXT_CG_PATH_LEN), k;

	for (k = 0; k < n; k++) {
		const char *o = rows[k].c->path;

		if (k == i || strncmp(o, path, len))
			continue;
		/* "/" is everyone's parent; "/a" is the parent of "/a/b", not of "/ab". */
		if ((len == 1 && path[0] == '/' && o[1]) || o[len] == '/')
			return true;
	}
	return false;
}

/* ---- window averages ---- */

static uint64_t
hash_bytes(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 1469598103934665603ull; /* FNV-1a */

	while (n--) {
		h ^= *b++;
		h *= 1099511628211ull;
	}
	return h;
}

static uint64_t
proc_hash(const struct ext_proc *p)
{
	uint64_t key[2] = {p->pid, p->start_time};

	return hash_bytes(key, sizeof(key));
}

static uint64_t
cg_hash(const struct ext_cgroup *c)
{
	return hash_bytes(c->path, strnlen(c->path, EXT_CG_PATH_LEN));
}

static bool
proc_same(const void *acc, const void *item)
{
	const struct ext_proc *a = &((const struct who_proc_acc *) acc)->last, *b = item;

	return a->pid == b->pid && a->start_time == b->start_time;
}

static bool
cg_same(const void *acc, const void *item)
{
	return !strncmp(((const struct who_cg_acc *) acc)->last.path,
	                ((const struct ext_cgroup *) item)->path, EXT_CG_PATH_LEN);
}

/* An open-addressing table of index + 1 over an array of accumulators. */
struct table {
	uint32_t **hash;
	size_t *hash_n;
	void *base;
	size_t size, n;
	uint64_t (*hash_of)(const void *acc);
	bool (*same)(const void *acc, const void *item);
};

static uint64_t
proc_acc_hash(const void *acc)
{
	return proc_hash(&((const struct who_proc_acc *) acc)->last);
}

static uint64_t
cg_acc_hash(const void *acc)
{
	return cg_hash(&((const struct who_cg_acc *) acc)->last);
}

/* Doubles the table when half full, or makes it; -ENOMEM. */
static int
table_fit(struct table *t)
{
	size_t n = *t->hash_n, i;
	uint32_t *h;

	if (n && (t->n + 1) * 2 <= n)
		return 0;
	n = n ? n * 2 : 64;
	h = calloc(n, sizeof(*h));
	if (!h)
		return -ENOMEM;
	for (i = 0; i < t->n; i++) {
		size_t k = (size_t) t->hash_of((const char *) t->base + i * t->size) & (n - 1);

		while (h[k])
			k = (k + 1) & (n - 1);
		h[k] = (uint32_t) i + 1;
	}
	free(*t->hash);
	*t->hash = h;
	*t->hash_n = n;
	return 0;
}

/* The slot of item in the table: holding its index + 1, or 0 (free) when it is not there. */
static uint32_t *
table_slot(const struct table *t, const void *item, uint64_t hash)
{
	size_t n = *t->hash_n, k = (size_t) hash & (n - 1);
	uint32_t *h = *t->hash;

	while (h[k] && !t->same((const char *) t->base + (h[k] - 1) * t->size, item))
		k = (k + 1) & (n - 1);
	return &h[k];
}

static struct who_proc_acc *
proc_acc(struct who_avg *a, const struct ext_proc *p)
{
	struct table t = {&a->proc_hash, &a->proc_hash_n, NULL, sizeof(*a->proc), 0,
	                  proc_acc_hash, proc_same};
	struct who_proc_acc *acc;
	uint32_t *slot;

	if (grow((void **) &a->proc, &a->cap_proc, a->n_proc + 1, sizeof(*a->proc)) < 0)
		return NULL;
	t.base = a->proc;
	t.n = a->n_proc;
	if (table_fit(&t) < 0)
		return NULL;
	slot = table_slot(&t, p, proc_hash(p));
	if (*slot)
		return &a->proc[*slot - 1];
	acc = &a->proc[a->n_proc++];
	memset(acc, 0, sizeof(*acc));
	acc->last = *p;
	*slot = (uint32_t) a->n_proc;
	return acc;
}

static struct who_cg_acc *
cg_acc(struct who_avg *a, const struct ext_cgroup *c)
{
	struct table t = {&a->cg_hash, &a->cg_hash_n, NULL, sizeof(*a->cg), 0, cg_acc_hash,
	                  cg_same};
	struct who_cg_acc *acc;
	uint32_t *slot;

	if (grow((void **) &a->cg, &a->cap_cg, a->n_cg + 1, sizeof(*a->cg)) < 0)
		return NULL;
	t.base = a->cg;
	t.n = a->n_cg;
	if (table_fit(&t) < 0)
		return NULL;
	slot = table_slot(&t, c, cg_hash(c));
	if (*slot)
		return &a->cg[*slot - 1];
	acc = &a->cg[a->n_cg++];
	memset(acc, 0, sizeof(*acc));
	acc->last = *c;
	*slot = (uint32_t) a->n_cg;
	return acc;
}

int
who_avg_add_procs(struct who_avg *a, const struct who_proc_row *rows, size_t n, uint64_t itv_cs)
{
	double w = (double) itv_cs;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct who_proc_row *r = &rows[i];
		struct who_proc_acc *acc = proc_acc(a, r->p);

		if (!acc)
			return -ENOMEM;
		acc->last = *r->p;
		acc->usr += r->usr * w;
		acc->sys += r->sys * w;
		acc->cpu += r->cpu * w;
		acc->minflt += r->minflt_s * w;
		acc->majflt += r->majflt_s * w;
		if (r->io) {
			acc->io = true;
			acc->rd += r->rd_kbs * w;
			acc->wr += r->wr_kbs * w;
		}
		if (r->delayacct) {
			acc->delayacct = true;
			acc->iodelay += r->iodelay;
		}
		acc->rss_sum += (double) r->rss_kb;
		acc->n_seen++;
	}
	a->proc_itv += itv_cs;
	return 0;
}

int
who_avg_add_cgroups(struct who_avg *a, const struct who_cg_row *rows, size_t n, uint64_t itv_cs)
{
	double w = (double) itv_cs;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct who_cg_row *r = &rows[i];
		const double psi[6] = {r->psi_cpu_some, r->psi_cpu_full, r->psi_mem_some,
		                       r->psi_mem_full, r->psi_io_some,  r->psi_io_full};
		struct who_cg_acc *acc = cg_acc(a, r->c);
		int k;

		if (!acc)
			return -ENOMEM;
		acc->last = *r->c;
		acc->present |= r->present;
		acc->cpu += r->cpu * w;
		acc->usr += r->usr * w;
		acc->sys += r->sys * w;
		acc->thrtl += r->thrtl * w;
		acc->rd += r->rd_kbs * w;
		acc->wr += r->wr_kbs * w;
		for (k = 0; k < 6; k++)
			acc->psi[k] += psi[k] * w;
		acc->oom_kills += r->oom_kills;
		if (r->present & EXT_CG_MEM) {
			acc->mem_sum += (double) r->mem_kb;
			acc->mem_n++;
		}
		if (r->memmax >= 0) {
			acc->memmax_sum += r->memmax;
			acc->memmax_n++;
		}
	}
	a->cg_itv += itv_cs;
	return 0;
}

int
who_avg_proc_rows(const struct who_avg *a, struct who_proc_row **rows, size_t *cap)
{
	double t = a->proc_itv ? (double) a->proc_itv : 1;
	size_t i;

	if (grow((void **) rows, cap, a->n_proc, sizeof(**rows)) < 0)
		return -ENOMEM;
	for (i = 0; i < a->n_proc; i++) {
		const struct who_proc_acc *acc = &a->proc[i];
		struct who_proc_row *r = &(*rows)[i];

		memset(r, 0, sizeof(*r));
		r->p = &acc->last;
		r->usr = acc->usr / t;
		r->sys = acc->sys / t;
		r->cpu = acc->cpu / t;
		r->minflt_s = acc->minflt / t;
		r->majflt_s = acc->majflt / t;
		r->io = acc->io;
		r->rd_kbs = acc->rd / t;
		r->wr_kbs = acc->wr / t;
		r->delayacct = acc->delayacct;
		r->iodelay = acc->iodelay;
		r->rss_kb = acc->n_seen ? mean_u64(acc->rss_sum, acc->n_seen) : 0;
	}
	return (int) a->n_proc;
}

int
who_avg_cg_rows(const struct who_avg *a, struct who_cg_row **rows, size_t *cap)
{
	double t = a->cg_itv ? (double) a->cg_itv : 1;
	size_t i;

	if (grow((void **) rows, cap, a->n_cg, sizeof(**rows)) < 0)
		return -ENOMEM;
	for (i = 0; i < a->n_cg; i++) {
		const struct who_cg_acc *acc = &a->cg[i];
		struct who_cg_row *r = &(*rows)[i];

		memset(r, 0, sizeof(*r));
		r->c = &acc->last;
		r->present = acc->present;
		r->cpu = acc->cpu / t;
		r->usr = acc->usr / t;
		r->sys = acc->sys / t;
		r->thrtl = acc->thrtl / t;
		r->mem_kb = acc->mem_n ? mean_u64(acc->mem_sum, acc->mem_n) : 0;
		r->memmax = acc->memmax_n ? acc->memmax_sum / acc->memmax_n : -1;
		r->oom_kills = acc->oom_kills;
		r->rd_kbs = acc->rd / t;
		r->wr_kbs = acc->wr / t;
		r->psi_cpu_some = acc->psi[0] / t;
		r->psi_cpu_full = acc->psi[1] / t;
		r->psi_mem_some = acc->psi[2] / t;
		r->psi_mem_full = acc->psi[3] / t;
		r->psi_io_some = acc->psi[4] / t;
		r->psi_io_full = acc->psi[5] / t;
	}
	return (int) a->n_cg;
}

size_t
who_avg_top_procs(const struct who_avg *a, enum who_sort key, struct who_proc_row *out, size_t n)
{
	struct who_proc_row *rows = NULL;
	size_t cap = 0;
	int m = who_avg_proc_rows(a, &rows, &cap);

	if (m < 0) {
		free(rows);
		return 0;
	}
	who_proc_sort(rows, (size_t) m, key);
	if ((size_t) m < n)
		n = (size_t) m;
	if (n)
		memcpy(out, rows, n * sizeof(*out));
	free(rows);
	return n;
}

size_t
who_avg_top_cgroups(const struct who_avg *a, enum who_sort key, struct who_cg_row *out,
                    size_t n)
{
	struct who_cg_row *rows = NULL;
	size_t cap = 0, i, leaves = 0;
	int m = who_avg_cg_rows(a, &rows, &cap);
	bool *inner;

	if (m < 0) {
		free(rows);
		return 0;
	}
	inner = calloc((size_t) m + 1, sizeof(*inner));
	if (!inner) {
		free(rows);
		return 0;
	}
	for (i = 0; i < (size_t) m; i++)
		inner[i] = who_cg_has_child(rows, (size_t) m, i);
	for (i = 0; i < (size_t) m; i++)
		if (!inner[i])
			rows[leaves++] = rows[i];
	free(inner);
	who_cg_sort(rows, leaves, key);
	if (leaves < n)
		n = leaves;
	if (n)
		memcpy(out, rows, n * sizeof(*out));
	free(rows);
	return n;
}

void
who_avg_reset(struct who_avg *a)
{
	a->n_proc = a->n_cg = 0;
	a->proc_itv = a->cg_itv = 0;
	if (a->proc_hash)
		memset(a->proc_hash, 0, a->proc_hash_n * sizeof(*a->proc_hash));
	if (a->cg_hash)
		memset(a->cg_hash, 0, a->cg_hash_n * sizeof(*a->cg_hash));
}

void
who_avg_release(struct who_avg *a)
{
	if (!a)
		return;
	free(a->proc);
	free(a->cg);
	free(a->proc_hash);
	free(a->cg_hash);
	memset(a, 0, sizeof(*a));
}
