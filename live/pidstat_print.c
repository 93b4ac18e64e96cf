/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pidstat's reports (pidstat.h): one table per activity, or everything on
 * one line (-h), with sysstat's columns, widths, colours and average rules.
 * Values print through the report layer's primitives (render.h), so --dec,
 * --human, colours and the decimal point are sar's.
 */
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pidstat.h"
#include "common/numfmt.h"
#include "report/display.h"
#include "common/banned.h"

/* The task's samples: the reference and the current one. */
#define PREV(r, task) (&(task)->s[(r)->prev])
#define CUR(r, task) (&(task)->s[(r)->cur])

/* A rate per second over the interval (sysstat's S_VALUE), modulo 2^64 below. */
static double
rate(uint64_t prev, uint64_t cur, uint64_t itv)
{
	return (double) (cur - prev) / (double) itv * 100;
}

/* sysstat's units of --human values: B, kB (render.c's unit numbers). */
enum { UNIT_BYTE = 1, UNIT_KB = 2 };

/* cprintf_f with a unit under --human; the colour is the value's before it is scaled. */
static void
out_f(struct sar *s, double v, int width, int decimals, int unit)
{
	if (!s->o.human || unit < 0) {
		sar_out_fw(s, v, width, decimals);
		return;
	}
	sar_out_unit_w(s, v, unit, width, sar_value_sgr(s, v, decimals));
}

/* cprintf_u64 with a unit under --human. */
static void
out_u64(struct sar *s, uint64_t v, int width, int unit)
{
	if (!s->o.human || unit < 0)
		sar_out_u64w(s, v, width);
	else
		sar_out_unit_w(s, (double) v, unit, width, v ? SAR_SGR_VALUE : SAR_SGR_ZERO);
}

static void
out_pc(struct sar *s, double v, int width)
{
	sar_out_xpc(s, v, width, 2, SAR_XHIGH);
}

/* " %Nd" or any preformatted id in the item colour. */
static void
out_item(struct sar *s, const char *fmt_result)
{
	sar_out_colored(s, SAR_SGR_ITEM, fmt_result);
}

/* ---- which tasks print ---- */

/* Whether the task's counters of activity act moved (sysstat's "active" task). */
static bool
cpu_active(const struct pidstat_sample *p, const struct pidstat_sample *c, unsigned tsk)
{
	if (c->utime != p->utime || c->stime != p->stime)
		return true;
	return (tsk & PIDSTAT_T_CHILD) && (c->cutime != p->cutime || c->cstime != p->cstime);
}

static bool
mem_active(const struct pidstat_sample *p, const struct pidstat_sample *c, unsigned tsk)
{
	if (c->minflt != p->minflt || c->majflt != p->majflt)
		return true;
	if (tsk & PIDSTAT_T_TASK)
		return c->vsz != p->vsz || c->rss != p->rss;
	if (tsk & PIDSTAT_T_CHILD)
		return c->cminflt != p->cminflt || c->cmajflt != p->cmajflt;
	return false;
}

static bool
is_active(const struct pidstat_task *task, const struct pidstat_sample *p,
          const struct pidstat_sample *c, unsigned act, unsigned tsk)
{
	if ((act & PIDSTAT_A_CPU) && cpu_active(p, c, tsk))
		return true;
	if ((act & PIDSTAT_A_MEM) && mem_active(p, c, tsk))
		return true;
	if ((act & PIDSTAT_A_STACK) &&
	    (c->stack_size != p->stack_size || c->stack_ref != p->stack_ref))
		return true;
	if ((act & PIDSTAT_A_IO) &&
	    (c->blkio != p->blkio ||
	     (!(task->flags & PIDSTAT_F_NO_IO) &&
	      (c->read_bytes != p->read_bytes || c->write_bytes != p->write_bytes ||
	       c->cancelled_write_bytes != p->cancelled_write_bytes))))
		return true;
	if ((act & PIDSTAT_A_CTXSW) && (c->nvcsw != p->nvcsw || c->nivcsw != p->nivcsw))
		return true;
	if ((act & PIDSTAT_A_RT) && (c->priority != p->priority || c->policy != p->policy))
		return true;
	return (act & PIDSTAT_A_KTAB) && !(task->flags & PIDSTAT_F_NO_FD) &&
	       (c->threads != p->threads || c->fd_nr != p->fd_nr);
}

/* The command a task is matched and shown by: its command line under -l, else comm. */
static const char *
task_cmd(const struct pidstat_conf *c, const struct pidstat_task *task)
{
	if (c->cmdline && task->cmdline[0] && !task->thread)
		return task->cmdline;
	return task->comm;
}

static bool
user_matches(const struct pidstat_conf *c, const struct pidstat_task *task)
{
	const struct passwd *pw;

	if (!c->has_user)
		return true;
	/* A UID without a passwd entry passes, as in sysstat. */
	pw = getpwuid(task->uid);
	return !pw || !strcmp(pw->pw_name, c->user);
}

/* -C and -G. */
static bool
name_matches(const struct pidstat_report *r, size_t i)
{
	const struct pidstat_conf *c = r->c;
	const struct pidstat_task *task = r->t->v[i];

	if (c->has_comm &&
	    (c->comm_bad || regexec(&c->comm_re, task_cmd(c, task), 0, NULL, 0)))
		return false;
	if (c->has_proc) {
		if (task->thread)
			return pidstat_tasks_leader(r->t, i)->flags & PIDSTAT_F_DISPLAYED;
		if (c->proc_bad || regexec(&c->proc_re, task_cmd(c, task), 0, NULL, 0))
			return false;
	}
	return true;
}

/* Whether task i prints in the table of act (for tsk); marks a leader that does. */
static bool
shown(struct pidstat_report *r, size_t i, unsigned act, unsigned tsk)
{
	struct pidstat_task *task = r->t->v[i];

	if (!task->thread)
		task->flags &= ~(unsigned) PIDSTAT_F_DISPLAYED;
	if (task->flags & PIDSTAT_F_NO_PREV)
		return false;
	if ((r->c->all_pids || r->c->threads) && r->c->active &&
	    !is_active(task, PREV(r, task), CUR(r, task), act, tsk))
		return false;
	if (!name_matches(r, i) || !user_matches(r->c, task))
		return false;
	task->flags |= PIDSTAT_F_DISPLAYED;
	return true;
}

/* ---- the parts of a line ---- */

static void
print_header(const struct pidstat_report *r, const char *cols)
{
	fprintf(sar_fp(r->s), "\n%-11s%s%s%s  Command\n", r->ts_prev,
	        r->c->username ? "     USER" : "   UID",
	        r->c->threads ? "      TGID       TID" : "       PID", cols);
}

/*
 * print_id() of a process by UID without colours: "%-11s %5u %9u" as one
 * run of bytes (the start of every row of a day).
 */
static bool
print_id_plain(const struct pidstat_report *r, const struct pidstat_task *task)
{
	char buf[128];
	size_t n;

	if (r->s->colors || r->c->username || r->c->threads || task->uid > INT32_MAX)
		return false;
	n = strnlen(r->ts_cur, sizeof(buf) - 32);
	memcpy(buf, r->ts_cur, n);
	if (n < 11) {
		memset(buf + n, ' ', 11 - n);
		n = 11;
	}
	buf[n++] = ' ';
	n += numfmt_u64(buf + n, sizeof(buf) - n, task->uid, 5);
	buf[n++] = ' ';
	n += numfmt_u64(buf + n, sizeof(buf) - n, task->pid, 9);
	sar_out_bytes(r->s, SAR_SGR_ITEM, buf, n);
	return true;
}

/* The time, the user, the PID or TGID and TID. */
static void
print_id(const struct pidstat_report *r, size_t i)
{
	const struct pidstat_task *task = r->t->v[i];
	const struct passwd *pw;
	char buf[64];

	if (print_id_plain(r, task))
		return;
	pw = r->c->username ? getpwuid(task->uid) : NULL;
	sar_out_ts(r->s, r->ts_cur); /* "%-11s" */
	if (pw)
		snprintf(buf, sizeof(buf), " %8s", pw->pw_name);
	else /* " %5d", as sysstat prints it: a uid past INT32_MAX shows negative */
		numfmt_label(buf, sizeof(buf), " ", (int32_t) task->uid, 5);
	out_item(r->s, buf);
	if (!r->c->threads) {
		numfmt_label(buf, sizeof(buf), " ", task->pid, 9);
	} else if (!task->thread) {
		snprintf(buf, sizeof(buf), " %9u         -", task->pid);
	} else {
		const struct pidstat_task *leader = pidstat_tasks_leader(r->t, i);

		if (leader->flags & PIDSTAT_F_DISPLAYED) {
			snprintf(buf, sizeof(buf), "         - %9u", task->pid);
		} else {
			snprintf(buf, sizeof(buf), " %9u", leader->pid);
			out_item(r->s, buf);
			snprintf(buf, sizeof(buf), " %9u", task->pid);
		}
	}
	out_item(r->s, buf);
}

/* The command: a thread as "|__name", or "(leader)__name" when its leader was not shown. */
static void
print_comm(const struct pidstat_report *r, size_t i)
{
	const struct pidstat_task *task = r->t->v[i];
	char buf[PIDSTAT_CMD_LEN + 16];

	if (!task->thread) {
		/* "  %s\n", without printf: a row of every process of a day goes through here. */
		const char *cmd = task_cmd(r->c, task);
		size_t n = strnlen(cmd, PIDSTAT_CMD_LEN);

		memcpy(buf, "  ", 2);
		memcpy(buf + 2, cmd, n);
		buf[2 + n] = '\n';
		sar_out_bytes(r->s, SAR_SGR_VALUE, buf, n + 3);
		return;
	}
	struct pidstat_task *leader = pidstat_tasks_leader(r->t, i);

	if (leader->flags & PIDSTAT_F_DISPLAYED) {
		snprintf(buf, sizeof(buf), "  |__%s\n", task->comm);
	} else {
		snprintf(buf, sizeof(buf), "  (%s)", leader->comm);
		sar_out_colored(r->s, SAR_SGR_VALUE, buf);
		snprintf(buf, sizeof(buf), "__%s\n", task->comm);
		leader->flags |= PIDSTAT_F_DISPLAYED;
	}
	sar_out_colored(r->s, SAR_SGR_ZERO, buf);
}

/* ---- the values of each activity ---- */

/* A delta over ticks as a percentage. */
static double
tick_pc(uint64_t prev, uint64_t cur, uint64_t ticks)
{
	return (double) (cur - prev) / (double) ticks * 100;
}

static void
print_cpu_values(const struct pidstat_report *r, const struct pidstat_task *task)
{
	const struct pidstat_sample *p = PREV(r, task), *c = CUR(r, task);
	uint64_t ticks = r->itv * r->c->hz / 100;
	struct sar *s = r->s;

	out_pc(s, c->utime - c->gtime < p->utime - p->gtime
	                  ? 0.0
	                  : tick_pc(p->utime - p->gtime, c->utime - c->gtime, ticks),
	       7);
	out_pc(s, tick_pc(p->stime, c->stime, ticks), 7);
	out_pc(s, tick_pc(p->gtime, c->gtime, ticks), 7);
	out_pc(s, tick_pc(p->wtime, c->wtime, ticks), 7);
	out_pc(s, tick_pc(p->utime + p->stime, c->utime + c->stime,
	                  r->c->irix_off ? r->jiffies : ticks),
	       7);
}

static void
print_cpu_col(const struct pidstat_report *r, const struct pidstat_task *task)
{
	char buf[32];

	if (r->avg) {
		out_item(r->s, "     -");
		return;
	}
	/* "   %3d" without printf: a column of every row. */
	out_item(r->s, numfmt_label(buf, sizeof(buf), "   ", (int) CUR(r, task)->processor, 3));
}

/* usr-ms system-ms guest-ms: the task and its children, divided by n (the average's count). */
static void
print_child_cpu(const struct pidstat_report *r, const struct pidstat_task *task, double n)
{
	const struct pidstat_sample *p = PREV(r, task), *c = CUR(r, task);
	uint64_t cu = c->utime + c->cutime - c->gtime - c->cgtime;
	uint64_t pu = p->utime + p->cutime - p->gtime - p->cgtime;
	double hz = (double) r->c->hz * n;

	sar_out_fw(r->s, cu < pu ? 0.0 : (double) (cu - pu) / hz * 1000, 9, 0);
	sar_out_fw(r->s, (double) ((c->stime + c->cstime) - (p->stime + p->cstime)) / hz * 1000, 9,
	           0);
	sar_out_fw(r->s, (double) ((c->gtime + c->cgtime) - (p->gtime + p->cgtime)) / hz * 1000, 9,
	           0);
}

static uint64_t
child_minflt(const struct pidstat_sample *p, const struct pidstat_sample *c)
{
	return (c->minflt + c->cminflt) - (p->minflt + p->cminflt);
}

static uint64_t
child_majflt(const struct pidstat_sample *p, const struct pidstat_sample *c)
{
	return (c->majflt + c->cmajflt) - (p->majflt + p->cmajflt);
}

static void
print_faults(const struct pidstat_report *r, const struct pidstat_task *task)
{
	sar_out_fw(r->s, rate(PREV(r, task)->minflt, CUR(r, task)->minflt, r->itv), 9, 2);
	sar_out_fw(r->s, rate(PREV(r, task)->majflt, CUR(r, task)->majflt, r->itv), 9, 2);
}

static double
mem_pc(const struct pidstat_report *r, uint64_t rss)
{
	return r->mem_kb ? (double) rss / (double) r->mem_kb * 100 : 0.0;
}

static void
print_mem_now(const struct pidstat_report *r, const struct pidstat_task *task)
{
	int unit = r->c->human ? UNIT_KB : -1;

	out_u64(r->s, CUR(r, task)->vsz, 7, unit);
	out_u64(r->s, CUR(r, task)->rss, 7, unit);
	out_pc(r->s, mem_pc(r, CUR(r, task)->rss), 6);
}

static void
print_io_values(const struct pidstat_report *r, const struct pidstat_task *task)
{
	const struct pidstat_sample *p = PREV(r, task), *c = CUR(r, task);
	double v[3];
	int k;

	if (task->flags & PIDSTAT_F_NO_IO) {
		char buf[128];
		size_t n = 0;

		for (k = 0; k < 3; k++) {
			buf[n++] = ' ';
			n += numfmt_fixed(buf + n, sizeof(buf) - n - 1, -1.0, 9, 2, r->s->dp);
		}
		buf[n] = '\0';
		sar_out_colored(r->s, SAR_SGR_ZERO, buf);
		return;
	}
	v[0] = rate(p->read_bytes, c->read_bytes, r->itv);
	v[1] = rate(p->write_bytes, c->write_bytes, r->itv);
	v[2] = rate(p->cancelled_write_bytes, c->cancelled_write_bytes, r->itv);
	for (k = 0; k < 3; k++)
		out_f(r->s, r->c->human ? v[k] : v[k] / 1024, 9, 2, r->c->human ? UNIT_BYTE : -1);
}

static void
print_ctxsw(const struct pidstat_report *r, const struct pidstat_task *task)
{
	sar_out_fw(r->s, rate(PREV(r, task)->nvcsw, CUR(r, task)->nvcsw, r->itv), 9, 2);
	sar_out_fw(r->s, rate(PREV(r, task)->nivcsw, CUR(r, task)->nivcsw, r->itv), 9, 2);
}

static const char *
policy_name(uint32_t policy)
{
	static const char *const names[] = {"NORMAL", "FIFO", "RR", "BATCH", "?", "IDLE", "DEADLN"};

	return policy < sizeof(names) / sizeof(names[0]) ? names[policy] : "?";
}

static void
print_rt(const struct pidstat_report *r, const struct pidstat_task *task)
{
	char buf[32];

	sar_out_u64w(r->s, CUR(r, task)->priority, 4);
	snprintf(buf, sizeof(buf), " %6s", policy_name(CUR(r, task)->policy));
	sar_out_colored(r->s, SAR_SGR_VALUE, buf);
}

static void
print_ktab_now(const struct pidstat_report *r, const struct pidstat_task *task)
{
	sar_out_u64w(r->s, CUR(r, task)->threads, 7);
	if (task->flags & PIDSTAT_F_NO_FD)
		sar_out_colored(r->s, SAR_SGR_ZERO, "      -1");
	else
		sar_out_u64w(r->s, CUR(r, task)->fd_nr, 7);
}

/* ---- the tables ---- */

/* The averages' divisor: the reports a task was counted in (at least one). */
static double
per(uint32_t n)
{
	return n ? (double) n : 1.0;
}

static void
cpu_task_row(const struct pidstat_report *r, struct pidstat_task *task)
{
	print_cpu_values(r, task);
	print_cpu_col(r, task);
}

static void
cpu_child_row(const struct pidstat_report *r, struct pidstat_task *task)
{
	print_child_cpu(r, task, r->avg ? per(task->n_child_cpu) : 1.0);
}

static void
cpu_child_count(struct pidstat_task *task, const struct pidstat_sample *c)
{
	(void) c;
	task->n_child_cpu++;
}

static void
mem_task_row(const struct pidstat_report *r, struct pidstat_task *task)
{
	int unit = r->c->human ? UNIT_KB : -1;
	uint64_t n = task->n_mem ? task->n_mem : 1;

	print_faults(r, task);
	if (!r->avg) {
		print_mem_now(r, task);
		return;
	}
	out_f(r->s, (double) task->total_vsz / (double) n, 7, 0, unit);
	out_f(r->s, (double) task->total_rss / (double) n, 7, 0, unit);
	out_pc(r->s, mem_pc(r, task->total_rss / n), 6);
}

static void
mem_task_count(struct pidstat_task *task, const struct pidstat_sample *c)
{
	task->total_vsz += c->vsz;
	task->total_rss += c->rss;
	task->n_mem++;
}

static void
mem_child_row(const struct pidstat_report *r, struct pidstat_task *task)
{
	const struct pidstat_sample *p = PREV(r, task), *c = CUR(r, task);

	if (r->avg) {
		sar_out_fw(r->s, (double) child_minflt(p, c) / per(task->n_child_mem), 9, 0);
		sar_out_fw(r->s, (double) child_majflt(p, c) / per(task->n_child_mem), 9, 0);
	} else {
		sar_out_u64w(r->s, child_minflt(p, c), 9);
		sar_out_u64w(r->s, child_majflt(p, c), 9);
	}
}

static void
mem_child_count(struct pidstat_task *task, const struct pidstat_sample *c)
{
	(void) c;
	task->n_child_mem++;
}

static void
stack_row(const struct pidstat_report *r, struct pidstat_task *task)
{
	int unit = r->c->human ? UNIT_KB : -1;

	if (r->avg) {
		out_f(r->s, (double) task->total_stack_size / per(task->n_stack), 7, 0, unit);
		out_f(r->s, (double) task->total_stack_ref / per(task->n_stack), 7, 0, unit);
	} else {
		out_u64(r->s, CUR(r, task)->stack_size, 7, unit);
		out_u64(r->s, CUR(r, task)->stack_ref, 7, unit);
	}
}

static void
stack_count(struct pidstat_task *task, const struct pidstat_sample *c)
{
	task->total_stack_size += c->stack_size;
	task->total_stack_ref += c->stack_ref;
	task->n_stack++;
}

static void
io_row(const struct pidstat_report *r, struct pidstat_task *task)
{
	uint64_t delay = CUR(r, task)->blkio - PREV(r, task)->blkio;

	print_io_values(r, task);
	if (r->avg)
		sar_out_fw(r->s, (double) delay / per(task->n_io), 7, 0);
	else
		sar_out_u64w(r->s, delay, 7);
}

static void
io_count(struct pidstat_task *task, const struct pidstat_sample *c)
{
	(void) c;
	task->n_io++;
}

static void
ctxsw_row(const struct pidstat_report *r, struct pidstat_task *task)
{
	print_ctxsw(r, task);
}

static void
ktab_row(const struct pidstat_report *r, struct pidstat_task *task)
{
	if (!r->avg) {
		print_ktab_now(r, task);
		return;
	}
	sar_out_fw(r->s, (double) task->total_threads / per(task->n_ktab), 7, 0);
	sar_out_fw(r->s,
	           task->flags & PIDSTAT_F_NO_FD ? -1.0
	                                         : (double) task->total_fd_nr / per(task->n_ktab),
	           7, 0);
}

static void
ktab_count(struct pidstat_task *task, const struct pidstat_sample *c)
{
	task->total_threads += c->threads;
	task->total_fd_nr += c->fd_nr;
	task->n_ktab++;
}

static void
rt_row(const struct pidstat_report *r, struct pidstat_task *task)
{
	print_rt(r, task);
}

/* One table: its activity, whose statistics (-T), columns, and what its rows print. */
struct table {
	unsigned act;
	unsigned tsk; /* PIDSTAT_T_TASK or _CHILD; 0: the table prints under either */
	const char *cols;
	void (*row)(const struct pidstat_report *r, struct pidstat_task *task);
	/* What the averages count, for every task still there (NULL: nothing). */
	void (*count)(struct pidstat_task *task, const struct pidstat_sample *c);
};

#define COLS_CPU "    %usr %system  %guest   %wait    %CPU   CPU"
#define COLS_CHILD_CPU "    usr-ms system-ms  guest-ms"
#define COLS_MEM "  minflt/s  majflt/s     VSZ     RSS   %MEM"
#define COLS_CHILD_MEM " minflt-nr majflt-nr"
#define COLS_STACK " StkSize  StkRef"
#define COLS_IO "   kB_rd/s   kB_wr/s kB_ccwr/s iodelay"
#define COLS_CTXSW "   cswch/s nvcswch/s"
#define COLS_KTAB " threads   fd-nr"
#define COLS_RT " prio policy"

static const struct table tables[] = {
	{PIDSTAT_A_CPU, PIDSTAT_T_TASK, COLS_CPU, cpu_task_row, NULL},
	{PIDSTAT_A_CPU, PIDSTAT_T_CHILD, COLS_CHILD_CPU, cpu_child_row, cpu_child_count},
	{PIDSTAT_A_MEM, PIDSTAT_T_TASK, COLS_MEM, mem_task_row, mem_task_count},
	{PIDSTAT_A_MEM, PIDSTAT_T_CHILD, COLS_CHILD_MEM, mem_child_row, mem_child_count},
	{PIDSTAT_A_STACK, 0, COLS_STACK, stack_row, stack_count},
	{PIDSTAT_A_IO, 0, COLS_IO, io_row, io_count},
	{PIDSTAT_A_CTXSW, 0, COLS_CTXSW, ctxsw_row, NULL},
	{PIDSTAT_A_KTAB, 0, COLS_KTAB, ktab_row, ktab_count},
	{PIDSTAT_A_RT, 0, COLS_RT, rt_row, NULL},
};

/* One table; returns whether it printed a row. */
static bool
print_table(struct pidstat_report *r, const struct table *tb)
{
	bool any = false;
	size_t i;

	if (r->header)
		print_header(r, tb->cols);
	for (i = 0; i < r->t->n; i++) {
		struct pidstat_task *task = r->t->v[i];
		bool show = shown(r, i, tb->act, tb->tsk);

		if (!r->avg && tb->count)
			tb->count(task, CUR(r, task));
		if (!show)
			continue;
		sar_line_begin(r->s);
		print_id(r, i);
		tb->row(r, task);
		print_comm(r, i);
		sar_line_end(r->s);
		any = true;
	}
	return any;
}

/* ---- the one-line report (-h) ---- */

static void
oneline_task_values(const struct pidstat_report *r, struct pidstat_task *task)
{
	const unsigned act = r->c->act;
	int unit = r->c->human ? UNIT_KB : -1;

	if (act & PIDSTAT_A_CPU)
		cpu_task_row(r, task);
	if (act & PIDSTAT_A_MEM) {
		print_faults(r, task);
		print_mem_now(r, task);
	}
	if (act & PIDSTAT_A_STACK) {
		out_u64(r->s, CUR(r, task)->stack_size, 7, unit);
		out_u64(r->s, CUR(r, task)->stack_ref, 7, unit);
	}
	if (act & PIDSTAT_A_IO)
		io_row(r, task);
	if (act & PIDSTAT_A_CTXSW)
		print_ctxsw(r, task);
	if (act & PIDSTAT_A_KTAB)
		print_ktab_now(r, task);
	if (act & PIDSTAT_A_RT)
		print_rt(r, task);
}

static void
oneline_child_values(const struct pidstat_report *r, struct pidstat_task *task)
{
	if (r->c->act & PIDSTAT_A_CPU)
		print_child_cpu(r, task, 1.0);
	if (r->c->act & PIDSTAT_A_MEM) {
		sar_out_u64w(r->s, child_minflt(PREV(r, task), CUR(r, task)), 9);
		sar_out_u64w(r->s, child_majflt(PREV(r, task), CUR(r, task)), 9);
	}
}

/* The header's columns for the task line (child false) or the children's line. */
static void
oneline_cols(const struct pidstat_conf *c, bool child, char *out, size_t len)
{
	static const struct {
		unsigned act;
		const char *cols;
	} task_cols[] = {
		{PIDSTAT_A_CPU, COLS_CPU},     {PIDSTAT_A_MEM, COLS_MEM},     {PIDSTAT_A_STACK, COLS_STACK},
		{PIDSTAT_A_IO, COLS_IO},       {PIDSTAT_A_CTXSW, COLS_CTXSW}, {PIDSTAT_A_KTAB, COLS_KTAB},
		{PIDSTAT_A_RT, COLS_RT},
	};
	size_t i, n = 0;

	out[0] = '\0';
	if (child) {
		snprintf(out, len, "%s%s", c->act & PIDSTAT_A_CPU ? COLS_CHILD_CPU : "",
		         c->act & PIDSTAT_A_MEM ? COLS_CHILD_MEM : "");
		return;
	}
	for (i = 0; i < sizeof(task_cols) / sizeof(task_cols[0]); i++)
		if (c->act & task_cols[i].act)
			n += (size_t) snprintf(out + n, len - n, "%s", task_cols[i].cols);
}

static bool
print_oneline(struct pidstat_report *r, bool child)
{
	char cols[512];
	bool any = false;
	size_t i;

	if (r->header) {
		oneline_cols(r->c, child, cols, sizeof(cols));
		print_header(r, cols);
	}
	for (i = 0; i < r->t->n; i++) {
		struct pidstat_task *task = r->t->v[i];

		if (!shown(r, i, r->c->act, child ? PIDSTAT_T_CHILD : PIDSTAT_T_TASK))
			continue;
		sar_line_begin(r->s);
		print_id(r, i);
		if (child)
			oneline_child_values(r, task);
		else
			oneline_task_values(r, task);
		print_comm(r, i);
		sar_line_end(r->s);
		any = true;
	}
	return any;
}

bool
pidstat_print(struct pidstat_report *r)
{
	bool again = false;
	size_t k;

	if (r->c->oneline) {
		if (r->c->tsk & PIDSTAT_T_TASK)
			again |= print_oneline(r, false);
		if (r->c->tsk & PIDSTAT_T_CHILD)
			again |= print_oneline(r, true);
	} else {
		for (k = 0; k < sizeof(tables) / sizeof(tables[0]); k++) {
			const struct table *tb = &tables[k];

			if ((r->c->act & tb->act) && (!tb->tsk || (r->c->tsk & tb->tsk)))
				again |= print_table(r, tb);
		}
	}
	return again || r->c->all_pids;
}
