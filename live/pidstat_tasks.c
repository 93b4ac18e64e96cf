/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pidstat's task table and its sampling of /proc (pidstat.h). The files
 * are read in sysstat's order with its consequences: stat first (a task
 * without one is gone), schedstat optional, cmdline once under -l, status,
 * smaps under -s (unreadable: the task is dropped), fd/ under -v and io
 * under -d (unreadable: flagged, printed as -1).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pidstat.h"
#include "common/banned.h"

/*
 * Where a process goes: its index when found, else the index of the first
 * process of a higher PID (or the end). The processes are in PID order,
 * each followed by its threads, so a binary search steps back from a
 * thread to its process: 2,000 processes no longer make a pass quadratic.
 */
static size_t
process_slot(const struct pidstat_tasks *t, uint32_t pid, bool *found)
{
	size_t lo = 0, hi = t->n; /* processes before lo: lower PIDs; at hi: a higher one */

	*found = false;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, j = mid;

		while (j > lo && t->v[j]->thread)
			j--;
		if (t->v[j]->thread || t->v[j]->pid < pid) {
			lo = mid + 1; /* [lo, mid] holds no process, or none of pid or above */
		} else if (t->v[j]->pid == pid) {
			*found = true;
			return j;
		} else {
			hi = j;
		}
	}
	return lo;
}

/* Where a thread of the leader at index leader goes: in TID order after it. */
static size_t
thread_slot(const struct pidstat_tasks *t, uint32_t tid, size_t leader, bool *found)
{
	size_t i;

	*found = false;
	for (i = leader + 1; i < t->n && t->v[i]->thread; i++) {
		if (t->v[i]->pid == tid) {
			*found = true;
			return i;
		}
		if (t->v[i]->pid > tid)
			break;
	}
	return i;
}

static int
insert_at(struct pidstat_tasks *t, size_t at, uint32_t pid, bool thread)
{
	struct pidstat_task *task;

	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		struct pidstat_task **v = realloc(t->v, cap * sizeof(*v));

		if (!v)
			return -1;
		t->v = v;
		t->cap = cap;
	}
	task = calloc(1, sizeof(*task));
	if (!task)
		return -1;
	task->pid = pid;
	task->thread = thread;
	memmove(t->v + at + 1, t->v + at, (t->n - at) * sizeof(*t->v));
	t->v[at] = task;
	t->n++;
	return 0;
}

long
pidstat_tasks_add(struct pidstat_tasks *t, uint32_t pid, bool thread, size_t leader)
{
	bool found;
	size_t at;

	if (!pid)
		return -1;
	at = thread ? thread_slot(t, pid, leader, &found) : process_slot(t, pid, &found);
	if (!found && insert_at(t, at, pid, thread) < 0)
		return -1;
	return (long) at;
}

long
pidstat_tasks_find(const struct pidstat_tasks *t, uint32_t pid)
{
	bool found;
	size_t at = process_slot(t, pid, &found);

	return found ? (long) at : -1;
}

struct pidstat_task *
pidstat_tasks_leader(const struct pidstat_tasks *t, size_t i)
{
	while (i > 0 && t->v[i]->thread)
		i--;
	return t->v[i];
}

void
pidstat_tasks_prune(struct pidstat_tasks *t, bool all)
{
	size_t i, kept = 0;

	for (i = 0; i < t->n; i++) {
		if (all || !t->v[i]->exists)
			free(t->v[i]);
		else
			t->v[kept++] = t->v[i];
	}
	t->n = kept;
}

void
pidstat_tasks_release(struct pidstat_tasks *t)
{
	pidstat_tasks_prune(t, true);
	free(t->v);
	t->v = NULL;
	t->cap = 0;
}

/* ---- reading ---- */

/* A task's directory: proc/PID or proc/TGID/task/TID. */
struct task_dir {
	char path[64];
};

static void
task_dir_init(struct task_dir *d, uint32_t pid, uint32_t tgid)
{
	if (tgid)
		snprintf(d->path, sizeof(d->path), "proc/%u/task/%u", tgid, pid);
	else
		snprintf(d->path, sizeof(d->path), "proc/%u", pid);
}

/*
 * Reads file name of d into buf; returns its length or a negative errno.
 * A read that leaves room is the whole of a /proc/PID file (one seq_file
 * record): status and io (small) take an open, a read and a close, not a
 * second read for the end of the file; one that fills it is read again
 * whole, as smaps (not small) is at once.
 */
static ssize_t
read_task_file(const struct sysroot *root, const struct task_dir *d, const char *name,
               bool small, struct strbuf *buf)
{
	char rel[96], once[4096];
	ssize_t n;

	snprintf(rel, sizeof(rel), "%s/%s", d->path, name);
	if (!small)
		return sysroot_read(root, rel, buf);
	n = sysroot_read_once_at(root->dirfd, rel, once, sizeof(once), NULL);
	if (n < 0 || (size_t) n == sizeof(once))
		return n < 0 ? n : sysroot_read(root, rel, buf);
	strbuf_reset(buf);
	strbuf_add(buf, once, (size_t) n);
	return n;
}

static int
read_stat(const struct sysroot *root, const struct task_dir *d, const struct pidstat_conf *c,
          struct pidstat_task *task, int cur)
{
	char rel[96], buf[PIDSTAT_STAT_READ];
	uint32_t threads = 0;
	ssize_t n;

	snprintf(rel, sizeof(rel), "%s/stat", d->path);
	n = sysroot_read_once_at(root->dirfd, rel, buf, sizeof(buf), NULL);
	if (n <= 0)
		return -1;
	return pidstat_parse_stat(buf, (size_t) n, c->page_kb_shift, task->comm, &task->s[cur],
	                          &threads);
}

static void
read_sched(const struct sysroot *root, const struct task_dir *d, const struct pidstat_conf *c,
           struct pidstat_task *task, int cur)
{
	char rel[96], buf[PIDSTAT_STAT_READ];
	uint64_t ns = 0;
	ssize_t n;

	snprintf(rel, sizeof(rel), "%s/schedstat", d->path);
	n = sysroot_read_once_at(root->dirfd, rel, buf, sizeof(buf), NULL);
	if (n > 0)
		pidstat_parse_schedstat(buf, (size_t) n, &ns);
	/* ns to ticks in 64-bit unsigned arithmetic, as sysstat computes it. */
	task->s[cur].wtime = ns * c->hz / 1000000000ULL;
}

static int
read_cmdline(const struct sysroot *root, const struct task_dir *d, struct pidstat_task *task)
{
	char rel[96], buf[PIDSTAT_CMD_LEN];
	ssize_t n;

	snprintf(rel, sizeof(rel), "%s/cmdline", d->path);
	n = sysroot_read_once_at(root->dirfd, rel, buf, sizeof(buf) - 1, NULL);
	if (n < 0)
		return -1;
	pidstat_parse_cmdline(buf, (size_t) n, task->cmdline);
	return 0;
}

/* The entries of fd/ named by a digit; -1 when it cannot be listed. */
static long
count_fds(const struct sysroot *root, const struct task_dir *d)
{
	struct sysroot_dir it;
	const char *name;
	char rel[96];
	long n = 0;

	snprintf(rel, sizeof(rel), "%s/fd", d->path);
	if (sysroot_dir_open(root, rel, &it) < 0)
		return -1;
	while ((name = sysroot_dir_next(&it)))
		if (isdigit((unsigned char) name[0]))
			n++;
	sysroot_dir_close(&it);
	return n;
}

/* The optional files of -d and -v: a flag when unreadable, never a failure. */
static void
read_optional(const struct sysroot *root, const struct task_dir *d, const struct pidstat_conf *c,
              struct pidstat_task *task, int cur, struct strbuf *buf)
{
	if (c->act & PIDSTAT_A_KTAB) {
		long n = count_fds(root, d);

		if (n < 0) {
			task->flags |= PIDSTAT_F_NO_FD;
		} else {
			task->s[cur].fd_nr = (uint32_t) n;
			task->flags &= ~(unsigned) PIDSTAT_F_NO_FD;
		}
	}
	if (c->act & PIDSTAT_A_IO) {
		if (read_task_file(root, d, "io", true, buf) < 0) {
			task->flags |= PIDSTAT_F_NO_IO;
		} else {
			pidstat_parse_io(buf->buf, buf->len, &task->s[cur]);
			task->flags &= ~(unsigned) PIDSTAT_F_NO_IO;
		}
	}
}

/* One task's files into slot cur; -1 when it is to be taken as gone. */
static int
read_task(const struct sysroot *root, const struct pidstat_conf *c, struct pidstat_task *task,
          uint32_t tgid, int cur, struct strbuf *buf)
{
	struct task_dir d;

	task_dir_init(&d, task->pid, tgid);
	if (read_stat(root, &d, c, task, cur) < 0)
		return -1;
	read_sched(root, &d, c, task, cur);
	if (c->cmdline && !task->cmdline[0] && read_cmdline(root, &d, task) < 0)
		return -1;
	if (read_task_file(root, &d, "status", true, buf) < 0)
		return -1;
	pidstat_parse_status(buf->buf, buf->len, &task->uid, &task->s[cur]);
	if (c->act & PIDSTAT_A_STACK) {
		if (read_task_file(root, &d, "smaps", false, buf) < 0)
			return -1;
		pidstat_parse_smaps(buf->buf, buf->len, &task->s[cur]);
	}
	read_optional(root, &d, c, task, cur, buf);
	return 0;
}

/* The threads of the process at index at, under proc/PID/task. */
static void
read_threads(const struct sysroot *root, const struct pidstat_conf *c, struct pidstat_tasks *t,
             size_t at, int cur, struct strbuf *buf)
{
	uint32_t pid = t->v[at]->pid;
	struct sysroot_dir it;
	const char *name;
	char rel[64];

	snprintf(rel, sizeof(rel), "proc/%u/task", pid);
	if (sysroot_dir_open(root, rel, &it) < 0)
		return;
	while ((name = sysroot_dir_next(&it))) {
		long i;

		if (!isdigit((unsigned char) name[0]))
			continue;
		i = pidstat_tasks_add(t, (uint32_t) atoi(name), true, at);
		if (i < 0)
			continue;
		t->v[i]->exists = read_task(root, c, t->v[i], pid, cur, buf) == 0;
	}
	sysroot_dir_close(&it);
}

/* One process (and its threads): exists or not after the read. */
static void
read_process(const struct sysroot *root, const struct pidstat_conf *c, struct pidstat_tasks *t,
             size_t at, int cur, struct strbuf *buf)
{
	struct pidstat_task *task = t->v[at];

	task->exists = read_task(root, c, task, 0, cur, buf) == 0;
	if (task->exists && c->threads)
		read_threads(root, c, t, at, cur, buf);
}

/* Every numeric entry of /proc; exits 4 when /proc cannot be listed, as sysstat does. */
static void
read_all(const struct sysroot *root, const struct pidstat_conf *c, struct pidstat_tasks *t,
         int cur, struct strbuf *buf)
{
	struct sysroot_dir it;
	const char *name;

	if (sysroot_dir_open(root, "proc", &it) < 0) {
		perror("opendir");
		exit(4);
	}
	while ((name = sysroot_dir_next(&it))) {
		long i;

		if (!isdigit((unsigned char) name[0]))
			continue;
		i = pidstat_tasks_add(t, (uint32_t) atoi(name), false, 0);
		if (i >= 0)
			read_process(root, c, t, (size_t) i, cur, buf);
	}
	sysroot_dir_close(&it);
}

void
pidstat_read_tasks(const struct sysroot *root, const struct pidstat_conf *c,
                   struct pidstat_tasks *t, int cur)
{
	struct strbuf buf = STRBUF_INIT;
	size_t i;

	/* Every task is gone until it is read again. */
	for (i = 0; i < t->n; i++)
		t->v[i]->exists = false;
	if (c->all_pids) {
		read_all(root, c, t, cur, &buf);
	} else {
		/* The listed processes; their threads are (re)found under each. */
		for (i = 0; i < t->n; i++)
			if (!t->v[i]->thread)
				read_process(root, c, t, i, cur, &buf);
	}
	strbuf_release(&buf);
	pidstat_tasks_prune(t, false);
}
