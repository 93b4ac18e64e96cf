/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_WHO_H
#define SYSREC_WHO_H

/*
 * "Who did it": per-interval process and cgroup figures from two extension
 * records (common/ext.h), shared by sar --proc / --cgroup, sadf and sar --use.
 *
 * Processes are matched by pid and start time. A process that is not in the
 * earlier record counts from zero when it started after that record (its
 * start time is later than the earlier record's uptime), and is left out
 * otherwise (the earlier record did not list it: nothing is known of its
 * past). A counter that went down counts as 0. So pid reuse never gives a
 * negative or an inflated value.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "archive.h"

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

#endif
