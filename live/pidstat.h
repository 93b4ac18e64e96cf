/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_LIVE_PIDSTAT_H
#define SYSREC_LIVE_PIDSTAT_H
/*
 * pidstat: per-task statistics read from /proc/PID[/task/TID]. Three rooms
 * of one program: the pure parsers of the task files (pidstat_parse.c,
 * fuzzed by tests/fuzz/fuzz_live_pidstat.c), the task table and its
 * sampling through a sysroot (pidstat_tasks.c), and the reports
 * (pidstat_print.c); pidstat.c parses the command line and runs the loop.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <regex.h>

#include "hist.h"
#include "common/sysroot.h"
#include "report/engine.h"

/* What sysstat keeps of a command name or line (its _POSIX_ARG_MAX). */
#define PIDSTAT_CMD_LEN 4096
/* sysstat reads at most this much of a stat file. */
#define PIDSTAT_STAT_READ 1024

/* The activities (-u -r -d -w -s -v -R), in the order their reports print. */
enum {
	PIDSTAT_A_CPU = 0x01,
	PIDSTAT_A_MEM = 0x02,
	PIDSTAT_A_IO = 0x04,
	PIDSTAT_A_CTXSW = 0x08,
	PIDSTAT_A_STACK = 0x10,
	PIDSTAT_A_KTAB = 0x20,
	PIDSTAT_A_RT = 0x40,
};

/* -T: the task's own statistics, its children's, or both. */
enum {
	PIDSTAT_T_TASK = 0x01,
	PIDSTAT_T_CHILD = 0x02,
};

/*
 * One sample of one task. Every counter is kept in 64 bits and subtracted
 * modulo 2^64, as sysstat's unsigned long long fields are (a counter that
 * goes back prints a huge rate, as theirs does).
 */
struct pidstat_sample {
	uint64_t minflt, cminflt, majflt, cmajflt;
	uint64_t utime, stime, cutime, cstime, gtime, cgtime; /* clock ticks */
	uint64_t wtime;                                       /* run delay, ticks */
	uint64_t blkio;                                       /* delayacct_blkio_ticks */
	uint64_t vsz, rss;                                    /* kB */
	uint64_t read_bytes, write_bytes, cancelled_write_bytes;
	uint64_t nvcsw, nivcsw;
	uint64_t stack_size, stack_ref; /* kB */
	uint32_t processor, priority, policy, threads, fd_nr;
};

/* ---- pidstat_parse.c: pure parsers; buf need not be NUL-terminated ---- */

/*
 * /proc/PID/stat (proc(5)): the command name between the first '(' and
 * the last ')' into comm (PIDSTAT_CMD_LEN bytes), and the counters into
 * *ret (vsize turned into kB, rss pages into kB with page_kb_shift, the
 * page size in kB as a power of 2). The fields up to delayacct_blkio_ticks
 * must be there; guest_time and cguest_time are 0 unless both are.
 * Returns 0, or -1 when the line is not one (ret partly written then, as
 * sysstat's sscanf leaves it).
 */
int pidstat_parse_stat(const char *buf, size_t len, unsigned page_kb_shift, char *comm,
                       struct pidstat_sample *ret, uint32_t *ret_threads);

/*
 * /proc/PID/schedstat: the run delay (second field, in ns) into *ret_ns.
 * Returns 0, or -1 when there is no second number (*ret_ns is 0 then).
 */
int pidstat_parse_schedstat(const char *buf, size_t len, uint64_t *ret_ns);

/*
 * /proc/PID/status: Uid (the real one) into *uid, Threads, and the
 * voluntary and nonvoluntary context switches into *ret. Lines that are
 * missing or do not parse leave their value as it was. Lines are taken as
 * sysstat's 256-byte fgets() cuts them.
 */
void pidstat_parse_status(const char *buf, size_t len, uint32_t *uid, struct pidstat_sample *ret);

/* /proc/PID/io: read_bytes, write_bytes, cancelled_write_bytes (as status). */
void pidstat_parse_io(const char *buf, size_t len, struct pidstat_sample *ret);

/*
 * /proc/PID/smaps: the Size and Referenced of the [stack] mapping, in kB,
 * into *ret (left as they were when there is none).
 */
void pidstat_parse_smaps(const char *buf, size_t len, struct pidstat_sample *ret);

/*
 * /proc/PID/cmdline (at most PIDSTAT_CMD_LEN - 1 bytes of it) into out
 * (PIDSTAT_CMD_LEN bytes): the NULs between arguments turned into spaces,
 * as sysstat does it (the last byte read is never turned, and the line
 * ends at the first NUL left). An empty out means none (kernel threads).
 */
void pidstat_parse_cmdline(const char *buf, size_t len, char *out);

/* ---- pidstat_tasks.c: the task table ---- */

/* Flags of a task. */
enum {
	PIDSTAT_F_NO_IO = 0x01,     /* io unreadable: -d prints -1.00 */
	PIDSTAT_F_NO_FD = 0x02,     /* fd/ unreadable: -v prints -1 */
	PIDSTAT_F_DISPLAYED = 0x04, /* a leader printed in this report */
	PIDSTAT_F_NO_PREV = 0x08,   /* --archive: no sample of the previous record, not shown */
};

/*
 * A process or a thread. Samples 0 and 1 alternate as previous and
 * current; sample 2 is the first one, the reference of the averages.
 */
struct pidstat_task {
	uint32_t pid;
	uint32_t uid;
	bool thread; /* a TID, listed after its leader (the closest process before it) */
	bool exists; /* seen in the latest sample */
	unsigned flags;
	/* What the averages add up, and over how many reports. */
	uint64_t total_vsz, total_rss, total_stack_size, total_stack_ref;
	uint64_t total_threads, total_fd_nr;
	uint32_t n_mem, n_child_mem, n_child_cpu, n_stack, n_ktab, n_io;
	struct pidstat_sample s[3];
	char comm[PIDSTAT_CMD_LEN];
	char cmdline[PIDSTAT_CMD_LEN];
};

/*
 * The tasks: processes in ascending PID order, each followed by its
 * threads in ascending TID order. Pointers into v move on insertion.
 */
struct pidstat_tasks {
	struct pidstat_task **v;
	size_t n, cap;
};

/*
 * The process pid (thread false), or thread pid of the process leader
 * (leader index, thread true): found, or inserted in its place with zeroed
 * samples. Returns its index, or -1 for pid 0 or when out of memory.
 */
long pidstat_tasks_add(struct pidstat_tasks *t, uint32_t pid, bool thread, size_t leader);

/* The index of process pid, or -1. */
long pidstat_tasks_find(const struct pidstat_tasks *t, uint32_t pid);

/* The leader of the thread at index i (the closest process before it). */
struct pidstat_task *pidstat_tasks_leader(const struct pidstat_tasks *t, size_t i);

/* Drops the tasks that do not exist (all of them: all true). */
void pidstat_tasks_prune(struct pidstat_tasks *t, bool all);

/* Frees the table; a zeroed one is fine. */
void pidstat_tasks_release(struct pidstat_tasks *t);

/* ---- the run's configuration (pidstat.c) ---- */
struct pidstat_conf {
	unsigned act;  /* PIDSTAT_A_* */
	unsigned tsk;  /* PIDSTAT_T_* */
	bool all_pids; /* scan every /proc entry */
	bool active;   /* print only the active tasks (no -p) */
	bool threads;  /* -t */
	bool oneline;  /* -h */
	bool cmdline;  /* -l */
	bool username; /* -U */
	bool irix_off; /* -I */
	bool epoch;    /* -H */
	bool human;    /* --human */
	bool exec_pgm; /* -e */
	bool has_comm, has_proc, has_user;
	bool comm_bad, proc_bad; /* -C / -G did not compile: nothing matches */
	regex_t comm_re, proc_re;
	char user[256];
	unsigned hz;
	unsigned page_kb_shift;
	int cpu_nr;
};

/*
 * One sample of every selected task: /proc (all_pids) or the listed
 * processes, with their threads under -t, into sample slot cur. Tasks
 * that cannot be read are marked gone and pruned.
 */
void pidstat_read_tasks(const struct sysroot *root, const struct pidstat_conf *c,
                        struct pidstat_tasks *t, int cur);

/* ---- pidstat_hist.c: --archive ---- */
/*
 * The tasks of a record into sample slot cur, as pidstat_read_tasks()
 * reads /proc: every recorded process (all_pids) or the listed ones, from
 * e's process activity (NULL: none); hz is the file's tick rate. Tasks
 * not recorded are gone and pruned.
 */
void pidstat_hist_tasks(const struct archive_ext *e, const struct pidstat_conf *c, uint64_t hz,
                        struct pidstat_tasks *t, int cur);

/* ---- pidstat_print.c: the reports ---- */
struct pidstat_report {
	struct sar *s;
	const struct pidstat_conf *c;
	struct pidstat_tasks *t;
	int prev, cur;
	bool avg;         /* the Average: rows */
	bool header;      /* print the header lines */
	const char *ts_prev, *ts_cur;
	uint64_t itv;     /* uptime delta, 1/100 s */
	uint64_t jiffies; /* all-CPU jiffies delta (-I) */
	uint64_t mem_kb;  /* MemTotal, 0 when unknown */
};

/* Prints one report; returns whether any task is left to report on. */
bool pidstat_print(struct pidstat_report *r);

#endif
