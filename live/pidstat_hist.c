/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pidstat --archive (pidstat.h, hist.h): the tasks of a record are the
 * process activity that sadc -S PROCESS records (common/ext.h), and under
 * -t the thread activity of sadc -S THREADS, as pidstat_read_tasks() would
 * have read them from /proc at that record's time. A file of sadc -S TOP
 * holds a selection: a process new to it starts from its counters at the
 * previous record (the record's bases); its threads have none, and wait
 * for its second record in the selection (PIDSTAT_F_NO_PREV).
 */
#include <stdio.h>
#include <string.h>

#include "pidstat.h"
#include "common/strbuf.h"
#include "common/banned.h"

/* The sample pidstat reads from /proc/PID, from the recorded item p (hz: the file's tick rate). */
static void
fill_sample(const struct ext_proc *p, uint64_t hz, struct pidstat_sample *s)
{
	memset(s, 0, sizeof(*s));
	s->minflt = p->minflt;
	s->cminflt = p->cminflt;
	s->majflt = p->majflt;
	s->cmajflt = p->cmajflt;
	s->utime = p->utime;
	s->stime = p->stime;
	s->cutime = p->cutime;
	s->cstime = p->cstime;
	s->gtime = p->gtime;
	s->cgtime = p->cgtime;
	/* ns to ticks in 64-bit unsigned arithmetic, as the live reading does. */
	s->wtime = p->run_delay_ns * hz / 1000000000ULL;
	s->blkio = p->blkio_ticks;
	s->vsz = p->vsz_kb;
	s->rss = p->rss_kb;
	s->read_bytes = p->read_bytes;
	s->write_bytes = p->write_bytes;
	s->cancelled_write_bytes = p->cancelled_write_bytes;
	s->nvcsw = p->nvcsw;
	s->nivcsw = p->nivcsw;
	s->processor = p->processor;
	s->priority = p->rt_priority;
	s->policy = p->policy;
	s->threads = p->threads;
	s->fd_nr = p->fd_nr;
	s->stack_size = p->stack_kb;
	s->stack_ref = p->stack_ref_kb;
}

/*
 * Task of item p into slot cur. Under -s, a task whose smaps was not read
 * is gone, as the live pidstat drops one it cannot read.
 */
static void
fill_task(const struct ext_proc *p, const struct pidstat_conf *c, uint64_t hz,
          struct pidstat_task *task, int cur)
{
	if ((c->act & PIDSTAT_A_STACK) && !(p->flags & EXT_PF_STACK))
		return;
	fill_sample(p, hz, &task->s[cur]);
	task->uid = (p->flags & EXT_PF_STATUS) ? p->ruid : p->uid;
	str_copy(task->comm, sizeof(task->comm), p->comm, sizeof(p->comm));
	if (c->cmdline && !task->cmdline[0])
		snprintf(task->cmdline, sizeof(task->cmdline), "%s", p->cmdline);
	task->flags = (task->flags &
	               ~(unsigned) (PIDSTAT_F_NO_IO | PIDSTAT_F_NO_FD | PIDSTAT_F_NO_PREV)) |
	              ((p->flags & EXT_PF_IO) ? 0 : PIDSTAT_F_NO_IO) |
	              ((p->flags & EXT_PF_FD) ? 0 : PIDSTAT_F_NO_FD);
	task->exists = true;
}

/* The item of process pid in e (sorted by pid, as sadc writes them), or NULL. */
static const struct ext_proc *
item_of(const struct archive_ext *e, uint32_t pid)
{
	size_t lo = 0, hi = e->n_proc;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (e->proc[mid].pid == pid)
			return &e->proc[mid];
		if (e->proc[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* The index of the first thread of process tgid in e (in (tgid, pid) order). */
static uint32_t
first_thread(const struct archive_ext *e, uint32_t tgid)
{
	uint32_t lo = 0, hi = e->n_thread;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (e->thread[mid].tgid < tgid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The sample before slot cur of a newcomer to sadc -S TOP's selection from
 * its base. sadc ranks by stat and io alone: a base has no run delay,
 * context switches or descriptors (their flags clear), and those take this
 * record's values, an interval of 0 (-w then leaves the process out as
 * inactive; its %wait shows 0).
 */
static void
fill_base(const struct ext_proc *base, uint64_t hz, struct pidstat_task *task, int cur)
{
	struct pidstat_sample *prev = &task->s[!cur];
	const struct pidstat_sample *now = &task->s[cur];

	fill_sample(base, hz, prev);
	if (!(base->flags & EXT_PF_SCHED))
		prev->wtime = now->wtime;
	if (!(base->flags & EXT_PF_STATUS)) {
		prev->nvcsw = now->nvcsw;
		prev->nivcsw = now->nivcsw;
	}
	if (!(base->flags & EXT_PF_FD))
		prev->fd_nr = now->fd_nr;
}

/*
 * The recorded threads of the process at index at, as the live pidstat
 * reads proc/PID/task. newcomer: the process took its base in this record
 * (sadc -S TOP): a thread not seen before has no sample of the previous
 * record, and is left out of this interval's reports.
 */
static void
fill_threads(const struct archive_ext *e, const struct pidstat_conf *c, uint64_t hz,
             struct pidstat_tasks *t, size_t at, bool newcomer, int cur)
{
	uint32_t pid = t->v[at]->pid, k;

	for (k = first_thread(e, pid); k < e->n_thread && e->thread[k].tgid == pid; k++) {
		const struct ext_proc *th = &e->thread[k];
		const struct ext_proc *base = newcomer ? archive_ext_base(e, th) : NULL;
		bool known = false;
		long i;

		for (i = (long) at + 1; newcomer && (size_t) i < t->n && t->v[i]->thread; i++)
			known = known || t->v[i]->pid == th->pid;
		i = pidstat_tasks_add(t, th->pid, true, at);
		if (i < 0)
			continue;
		fill_task(th, c, hz, t->v[i], cur);
		if (base)
			fill_base(base, hz, t->v[i], cur);
		else if (newcomer && !known)
			t->v[i]->flags |= PIDSTAT_F_NO_PREV;
	}
}

/* Process item p into the task at index at, and its threads under -t. */
static void
fill_process(const struct archive_ext *e, const struct ext_proc *p, const struct pidstat_conf *c,
             uint64_t hz, struct pidstat_tasks *t, size_t at, const struct ext_proc *base, int cur)
{
	fill_task(p, c, hz, t->v[at], cur);
	if (!t->v[at]->exists)
		return;
	/* A newcomer to sadc -S TOP's selection: its counters at the previous record. */
	if (base)
		fill_base(base, hz, t->v[at], cur);
	if (c->threads && e->has_thread)
		fill_threads(e, c, hz, t, at, base != NULL, cur);
}

void
pidstat_hist_tasks(const struct archive_ext *e, const struct pidstat_conf *c, uint64_t hz,
                   struct pidstat_tasks *t, int cur)
{
	uint32_t k;
	size_t i;

	for (i = 0; i < t->n; i++)
		t->v[i]->exists = false;
	if (e && c->all_pids) {
		for (k = 0; k < e->n_proc; k++) {
			bool known = pidstat_tasks_find(t, e->proc[k].pid) >= 0;
			long at = pidstat_tasks_add(t, e->proc[k].pid, false, 0);
			const struct ext_proc *base = known ? NULL : archive_ext_base(e, &e->proc[k]);

			if (at >= 0)
				fill_process(e, &e->proc[k], c, hz, t, (size_t) at, base, cur);
		}
	} else if (e) {
		for (i = 0; i < t->n; i++) {
			const struct ext_proc *p = t->v[i]->thread ? NULL : item_of(e, t->v[i]->pid);

			if (p)
				fill_process(e, p, c, hz, t, i, NULL, cur);
		}
	}
	pidstat_tasks_prune(t, false);
}
