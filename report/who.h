/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_WHO_H
#define SYSREC_WHO_H

/*
 * "Who did it": per-interval process and cgroup figures from two extension
 * records (common/ext.h), shared by sar --proc / --cgroup, sadf and sar --use.
 *
 * Processes are matched by pid and start time. A process that is not in the
 * earlier record takes its counters at that record from the later record's
 * bases (sadc -S TOP: a newcomer to the selection), else counts from zero
 * when it started after that record (its start time is later than the
 * earlier record's uptime), and is left out otherwise (nothing is known of
 * its past). A counter that went down counts as 0. So pid reuse never gives a
 * negative or an inflated value.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/archive.h"

enum who_sort { WHO_SORT_CPU, WHO_SORT_MEM, WHO_SORT_IO };

struct who_proc_row {
	const struct ext_proc *p; /* the process at the end of the interval */
	double usr, sys, cpu;     /* % of one CPU over the interval (as pidstat) */
	double minflt_s, majflt_s;
	double rd_kbs, wr_kbs; /* meaningful only with io */
	bool io;               /* EXT_PF_IO in both records (or new) */
	uint64_t iodelay;      /* block-I/O delay in the interval, clock ticks */
	bool delayacct;        /* EXT_PF_DELAYACCT: iodelay is meaningful */
	uint64_t rss_kb;
};

struct who_cg_row {
	const struct ext_cgroup *c; /* the cgroup at the end of the interval */
	uint32_t present;           /* EXT_CG_* present in both records */
	double cpu, usr, sys;       /* % of one CPU */
	double thrtl;               /* throttled time, % of the interval */
	uint64_t mem_kb;
	double memmax;              /* mem_current / mem_max * 100, or -1 when there is no limit */
	uint64_t oom_kills;         /* in the interval */
	double rd_kbs, wr_kbs;
	double psi_cpu_some, psi_cpu_full, psi_mem_some, psi_mem_full, psi_io_some, psi_io_full; /* % */
};

/*
 * The rows of the processes of curr over the interval from prev:
 * prev_uptime_cs and curr_uptime_cs are the two R_STATS records' uptimes
 * (1/100 s), hz the file header's sa_hz (0 is taken as 100). One row per
 * process of curr that has a past (see above), in curr's order; the rows
 * point into curr, which must outlive them. *rows is grown as needed (*cap
 * in rows). Returns the number of rows, or -ENOMEM. Without processes in
 * either record (has_proc false), no row.
 */
int who_proc_rows(const struct archive_ext *prev, uint64_t prev_uptime_cs,
                  const struct archive_ext *curr, uint64_t curr_uptime_cs, uint64_t hz,
                  struct who_proc_row **rows, size_t *cap);

/*
 * The rows of the cgroups of curr over the interval from prev, matched by
 * path, in curr's order (pre-order). A cgroup that prev does not hold is
 * new: it counts from zero. A value is present (row.present) when its file
 * was in both records (in curr alone for a new cgroup). Returns the number
 * of rows or -ENOMEM; no row when either record has no cgroups.
 */
int who_cg_rows(const struct archive_ext *prev, uint64_t prev_uptime_cs,
                const struct archive_ext *curr, uint64_t curr_uptime_cs,
                struct who_cg_row **rows, size_t *cap);

/*
 * What rows are sorted by: %CPU, RSS or kB/s read + written (0 without the
 * process's I/O); for a cgroup, -1 when its file for the key was absent.
 */
double who_proc_key(const struct who_proc_row *r, enum who_sort key);
double who_cg_key(const struct who_cg_row *r, enum who_sort key);

/* Sorts rows by key, the largest first (cpu: %CPU, mem: RSS, io: bytes read + written), then by pid. */
void who_proc_sort(struct who_proc_row *rows, size_t n, enum who_sort key);
/* The same for cgroups (cpu: %CPU, mem: mem_kB, io: rd + wr), then in path order. */
void who_cg_sort(struct who_cg_row *rows, size_t n, enum who_sort key);
/* Parses --proc's SPEC ("20", "mem", "5,io"): false when a word is neither a count >= 1 nor a key. */
bool who_parse_spec(const char *spec, unsigned *ret_count, enum who_sort *ret_key);
/* Whether cgroup rows[i] has a descendant among the n rows (then it is not a leaf). */
bool who_cg_has_child(const struct who_cg_row *rows, size_t n, size_t i);

/*
 * Window averages (sar's "Average:", sadf's, sar --use's episodes): the
 * rows of successive intervals are added; the average of a process (pid +
 * start time) or of a cgroup (path) is its total over the window divided by
 * the window's time (the sum of the intervals added), except RSS and
 * mem_kB (and %memmax): their mean over the intervals where they were seen.
 */
struct who_proc_acc;
struct who_cg_acc;

struct who_avg {
	struct who_proc_acc *proc; /* one per process seen, in first-seen order */
	size_t n_proc, cap_proc;
	struct who_cg_acc *cg; /* one per cgroup seen, in first-seen order */
	size_t n_cg, cap_cg;
	uint32_t *proc_hash, *cg_hash; /* open addressing: index + 1, 0 free */
	size_t proc_hash_n, cg_hash_n;
	uint64_t proc_itv, cg_itv; /* the window, 1/100 s */
};

/* Adds one interval (itv_cs, as given to who_*_rows) of process rows; -ENOMEM or 0. */
int who_avg_add_procs(struct who_avg *a, const struct who_proc_row *rows, size_t n,
                      uint64_t itv_cs);
/* Adds one interval of cgroup rows; -ENOMEM or 0. */
int who_avg_add_cgroups(struct who_avg *a, const struct who_cg_row *rows, size_t n,
                        uint64_t itv_cs);
/*
 * The average rows (they point into a, valid until the next add or
 * release), in first-seen order. Return the count or -ENOMEM.
 */
int who_avg_proc_rows(const struct who_avg *a, struct who_proc_row **rows, size_t *cap);
int who_avg_cg_rows(const struct who_avg *a, struct who_cg_row **rows, size_t *cap);

/*
 * sar --use: the (up to) n biggest consumers of key over the window of a
 * (processes; cgroups: leaves only, as the root and the slices hold their
 * children's use), the biggest first, into out. Returns how many.
 */
size_t who_avg_top_procs(const struct who_avg *a, enum who_sort key, struct who_proc_row *out,
                         size_t n);
size_t who_avg_top_cgroups(const struct who_avg *a, enum who_sort key, struct who_cg_row *out,
                           size_t n);

/* Forgets every process and cgroup (a new window); keeps the memory. */
void who_avg_reset(struct who_avg *a);
/* Frees what a holds; a may be NULL; a is zeroed. */
void who_avg_release(struct who_avg *a);

#endif
