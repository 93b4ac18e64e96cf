/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_COLLECT_CPU_H
#define SYSREC_COLLECT_CPU_H

/*
 * The pure parsers behind the CPU-family collectors of collect_cpu.c
 * (A_CPU, A_PCSW, A_IRQ, A_QUEUE, A_KTABLES, A_NET_SOFT, A_PSI_*). Each
 * takes the NUL-terminated contents of a /proc file (NULL where a reader
 * found the file missing, when that is allowed) and fills structs that the
 * caller zeroed. None of them allocates, prints or exits.
 *
 * Where sysstat 12.6.1 behaves in a surprising way, the parsers copy it on
 * purpose; each such case is described below.
 */

#include <stdbool.h>
#include <stdint.h>

#include "common/ext.h"
#include "common/layout.h"

struct collect_ctx;

/*
 * The highest CPU number the parsers accept (sysstat's NR_CPUS): a CPU
 * numbered at or above it is ignored, since no reader would accept the
 * item count it implies (nr_max 8193).
 */
#define COLLECT_CPU_MAX 8192

/* The most interrupt lines counted at file creation (sysstat's CPU bitmap size). */
#define COLLECT_IRQ_MAX 8192

/*
 * proc/stat CPU lines into items: "cpu " fills item 0, "cpuN" fills item
 * N+1. The kernel's columns (user nice system idle iowait irq softirq steal
 * guest guest_nice) are stored in struct order, steal before hardirq;
 * missing trailing columns stay 0. As in sysstat, when max_nr is 1 only
 * the "cpu " line is read.
 * Returns the highest N seen + 2 (1 with the "cpu " line alone, 0 with no
 * CPU line), or COLLECT_E_NOSPACE when a cpuN line needs more than max_nr
 * items.
 */
int32_t parse_proc_stat_cpu(const char *buf, struct stats_cpu *items, int32_t max_nr);

/* proc/stat "ctxt" and "processes" lines into *st (missing lines leave 0). */
void parse_proc_stat_pcsw(const char *buf, struct stats_pcsw *st);

/*
 * The number of interrupt lines of proc/interrupts as sadc counts them at
 * file creation, for a machine of cpu_nr CPUs: the file is cut into pieces
 * of at most 127 + 11 * cpu_nr bytes (sadc's line buffer), and every piece
 * whose first ':' is at position 1..15 counts, as does a piece shorter than
 * 16 bytes with no ':' at all (the tail of an overlong line, a blank line).
 * At most COLLECT_IRQ_MAX. The sub-item count nr2 is this plus one.
 */
int32_t parse_interrupts_count(const char *buf, int32_t cpu_nr);

/*
 * proc/interrupts into the nr2-column matrix items (max_nr rows, item
 * [row * nr2 + col]). The first piece holding "CPU" gives the CPU numbers
 * of the columns (at most max_nr - 1 of them are taken, as sadc does);
 * then each piece with a ':' is the next interrupt, up to nr2 - 1 of them:
 * its name (leading blanks dropped, cut at 7 bytes) goes to [0][i], each
 * CPU's count to [cpu + 1][i], their sum to [0][i]; [cpu + 1][0] holds
 * each CPU's total and [0][0] the grand total, named "sum". Pieces are cut
 * at 127 + 11 * (max_nr - 1) bytes, like sadc's line buffer, so the tail
 * of an overlong line that holds a ':' counts as an interrupt, as in
 * sysstat. Counts are 32-bit and wrap.
 * Returns the number of the last CPU column + 2, 0 with no CPU header (or
 * a CPU numbered COLLECT_CPU_MAX or more), or COLLECT_E_NOSPACE.
 */
int32_t parse_proc_interrupts(const char *buf, struct stats_irq *items, int32_t max_nr,
                              int32_t nr2);

/*
 * proc/loadavg ("A.B C.D E.F running/total last_pid") into the load
 * averages (in hundredths), nr_running (running - 1, the reading process
 * excluded, unless already 0) and nr_threads. Returns true when all five
 * numbers were there; otherwise *st is left as it was (sysstat then also
 * skips procs_blocked).
 */
bool parse_loadavg(const char *buf, struct stats_queue *st);

/* The "procs_blocked" line of proc/stat into st->procs_blocked. */
void parse_procs_blocked(const char *buf, struct stats_queue *st);

/*
 * The first lines of proc/sys/fs/dentry-state, file-nr, inode-state and
 * proc/sys/kernel/pty/nr (each NULL when missing) into *st: dentry_stat =
 * the 2nd number of dentry-state, file_used and inode_used = 1st - 2nd
 * number (64-bit wrap, as sysstat), pty_nr = the number; a field whose
 * numbers are not all there is 0.
 */
void parse_ktables(const char *dentry, const char *file_nr, const char *inode, const char *pty,
                   struct stats_ktables *st);

/*
 * A_NET_SOFT from proc/stat (the online CPUs: its cpuN lines) and
 * proc/net/softnet_stat (NULL when missing). Each softnet line is read as
 * hex words 1-3 and 10-13 (processed, dropped, time_squeeze, received_rps,
 * flow_limit, backlog_len, cpu id). With all seven, the line goes to item
 * cpu_id + 1; otherwise (kernels before 5.10) the lines go to the online
 * CPUs in order. A word missing from a line keeps the value it had on the
 * line before (0 on the first), backlog_len excepted, as in sysstat. Item
 * 0 stays zero (sar computes it).
 * Returns the number of the last cpuN line of proc/stat + 2, 0 when
 * proc/stat has no cpuN line or softnet is NULL, or COLLECT_E_NOSPACE.
 * Lines left over once the online CPUs are used up are dropped (sysstat
 * would grow its buffer forever), as are lines naming a CPU at or above
 * COLLECT_CPU_MAX.
 */
int32_t parse_softnet(const char *stat, const char *softnet, struct stats_softnet *items,
                      int32_t max_nr);

/* One line of a proc/pressure file: averages in hundredths of a percent, total in µs. */
struct psi_values {
	uint64_t avg10;
	uint64_t avg60;
	uint64_t avg300;
	uint64_t total;
};

/*
 * The values of the line of a proc/pressure file starting with token
 * ("some" or "full"): "avg10=A.B avg60=C.D avg300=E.F total=T". When several
 * lines match, the last one counts, as in sysstat. Returns 0, or -EINVAL
 * when there is no such line or the last one is incomplete (*ret is then
 * unchanged).
 */
int parse_psi_line(const char *buf, const char *token, struct psi_values *ret);

/*
 * proc/pressure/cpu, io and memory into their structs: the "some" line,
 * then (io, memory) the "full" line. As in sysstat, nothing is stored when
 * "some" is missing, and "full" is left 0 when it alone is missing.
 */
void parse_psi_cpu(const char *buf, struct stats_psi_cpu *st);
void parse_psi_io(const char *buf, struct stats_psi_io *st);
void parse_psi_mem(const char *buf, struct stats_psi_mem *st);

/*
 * proc/softirqs into -S MPSTAT's items (nr of them, zeroed by the caller;
 * item n + 1 is CPU n), as mpstat reads the file: the first line holding
 * "CPU" gives the CPU numbers of the columns (up to the first at or past
 * nr - 1, and at most COLLECT_CPU_MAX of them; lines before the first that
 * names one are skipped), each later
 * line with a ':' is the next softirq, whose counts go
 * to the columns' CPUs (32-bit; a count that is not a number is 0, and so
 * are the rest of the line's). Item 0 gets EXT_CX_SOFT, the line count and
 * the names' codes, each CPU with a column EXT_CX_SOFT; a line named
 * outside EXT_SOFTIRQ_NAMES or past EXT_SOFTIRQ_MAX lines gives item 0
 * EXT_CX_NOSOFT instead and no counts. buf NULL (no such file): nothing.
 */
void parse_softirqs(const char *buf, struct ext_cpux *items, int32_t nr);

/*
 * The first number of the "intr " line of proc/stat into *ret. Returns
 * false (and leaves *ret) when there is no such line or it has no number.
 */
bool parse_intr_total(const char *buf, uint64_t *ret);

/*
 * A small sysfs file's number as fscanf("%d") reads it: blanks, a sign,
 * digits, cut to an int; -1 when there is none.
 */
int32_t parse_sysfs_int(const char *buf);

/*
 * -S MPSTAT's items for this sample (common/ext.h) into *arr (grown, *cap
 * items): one per CPU directory + 1. Returns their number, or -ENOMEM.
 */
int32_t collect_cpux(struct collect_ctx *c, struct ext_cpux **arr, size_t *cap);

#endif
