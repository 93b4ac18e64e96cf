/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_COLLECT_MEM_H
#define SYSREC_COLLECT_MEM_H

/*
 * The memory family of collectors: A_SWAP and A_PAGE from /proc/vmstat,
 * A_MEMORY and A_HUGE from /proc/meminfo (doc/activities.md §4.1-§4.5).
 * The parsers below are pure: they read a NUL-terminated copy of the file
 * and fill one zeroed item. A key missing from the file (an older kernel)
 * leaves its field 0; a key that appears twice keeps its last value, as
 * sadc's line-by-line reading does. They cannot fail.
 */

#include "collect.h"

/* /proc/vmstat "pswpin" and "pswpout", in pages. */
void parse_vmstat_swap(const char *buf, struct stats_swap *ret);

/*
 * /proc/vmstat paging counters. pgscan_kswapd is the sum of every line
 * whose name starts with "pgscan_kswapd", pgscan_direct of every line
 * starting with "pgscan_direct" (so pgscan_direct_throttle is included),
 * and pgsteal of every line starting with "pgsteal_" (double counting on
 * recent kernels, as sysstat 12.6.1 does; doc/activities.md §4.2).
 */
void parse_vmstat_paging(const char *buf, struct stats_paging *ret);

/*
 * /proc/vmstat counters 12.7.5 adds to A_PAGE: pgpromote from
 * "pgpromote_success", pgdemote the sum of every line whose name starts
 * with "pgdemote_" (kswapd, direct, khugepaged). Fills only those two
 * fields, so only a 12.7.5 (80-byte) item may be passed.
 */
void parse_vmstat_paging_1275(const char *buf, struct stats_paging *ret);

/* /proc/meminfo into A_MEMORY's struct, in kB. */
void parse_meminfo_memory(const char *buf, struct stats_memory *ret);

/*
 * /proc/meminfo HugePages_{Total,Free,Rsvd,Surp}, each multiplied by
 * Hugepagesize (kB); without a Hugepagesize line all four are 0.
 */
void parse_meminfo_huge(const char *buf, struct stats_huge *ret);

#endif
