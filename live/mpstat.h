/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_LIVE_MPSTAT_H
#define SYSREC_LIVE_MPSTAT_H
/*
 * mpstat: per-CPU, per-node and per-interrupt rates, as sysstat's mpstat
 * prints them (12.6.1 and 12.7.5). Three parts:
 *   mpstat_parse.c  pure parsers of /proc/interrupts, /proc/softirqs and
 *                   the "intr" line of /proc/stat (the fuzz target's);
 *   mpstat_data.c   the samples: allocation, the readers of /proc and /sys
 *                   (through a struct sysroot), node placement, topology;
 *   mpstat_print.c  the text and JSON reports of one interval;
 *   mpstat_hist.c   --archive: the samples from the records of data files;
 *   mpstat.c        options and the interval loop.
 *
 * Samples live in slots 0 and 1 (alternately the current and previous
 * one) and 2 (the first, the base of the averages), as in sysstat.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "hist.h"
#include "common/layout.h"
#include "common/sysroot.h"
#include "report/engine.h"

/* Interrupt names are cut at 15 bytes (sysstat's MAX_IRQ_LEN 16). */
#define MP_IRQ_NAME 16
/* At most this many interrupt lines are counted (sysstat's NR_IRQS). */
#define MP_NR_IRQS 4096
/* Room for interrupts that appear after the start (NR_IRQCPU_PREALLOC). */
#define MP_IRQ_PREALLOC 3

/*
 * One sample of interrupts: value[cpu * nr + j], the count of interrupt j
 * on a CPU, and name[j], its name (sysstat keeps a name beside every count,
 * 20 bytes a cell where 4 do: 15 MB of 256 CPUs and 1,000 interrupts).
 */
struct mp_irqs {
	uint32_t *value;
	char (*name)[MP_IRQ_NAME];
};

/*
 * The number of interrupt lines of /proc/interrupts or /proc/softirqs (buf
 * of len bytes, NUL-terminated) as sysstat counts them for cpu_nr CPUs: the
 * file is read in pieces of at most 127 + 11 * cpu_nr bytes, and each piece
 * whose first ':' is at offset 1 to 15 counts (the whole piece when it has
 * none). At most MP_NR_IRQS.
 */
int mp_count_irqs(const char *buf, size_t len, int cpu_nr);

/*
 * One read of /proc/interrupts or /proc/softirqs (buf of len bytes; NULL
 * when the file is missing) into cur, cpu_nr rows of ic_nr interrupts
 * (row r = CPU r) and their names, and the per-CPU totals sum_cur[cpu + 1], as
 * sysstat does:
 *  - the first piece holding "CPUn" columns names the online CPUs; their
 *    totals restart from 0; CPUs without a column (offline) keep prev's
 *    values and sum_prev's totals;
 *  - each later piece with a ':' is the next interrupt (up to ic_nr): its
 *    name (leading blanks dropped, cut at 15 bytes) goes to cur->name[j],
 *    each column's count (strtoul, truncated to 32 bits) to the CPU's row
 *    and is added to its total;
 *  - the names of the rows not read are emptied (the end of the list).
 */
void mp_parse_irqs(const char *buf, size_t len, int cpu_nr, int ic_nr, struct mp_irqs *cur,
                   const struct mp_irqs *prev, uint64_t *sum_cur, const uint64_t *sum_prev);

/*
 * The first number of the "intr " line of /proc/stat (buf of len bytes),
 * read in 1023-byte pieces as sysstat does, truncated to 32 bits (#314).
 * Returns true and sets *ret when such a line is found.
 */
bool mp_parse_intr_total(const char *buf, size_t len, uint64_t *ret);

/*
 * A list of CPUs or nodes (-P, -N): "ALL", or comma-separated "all", N,
 * N-M and N- (up to max - 1), into bitmap (bit 0: "all", bit n + 1: n), of
 * bytes bytes. Returns 0, or -1 for a malformed list (usage).
 */
int mp_parse_list(const char *arg, unsigned char *bitmap, size_t bytes, int max);

/* Activities (sysstat's M_D_*). */
enum {
	MP_ACT_CPU = 1,
	MP_ACT_IRQ_SUM = 2,
	MP_ACT_IRQ_CPU = 4,
	MP_ACT_SOFTIRQ = 8,
	MP_ACT_NODE = 16,
};

/* Options (sysstat's F_*). */
enum {
	MP_OPT_P = 1,
	MP_OPT_A = 2,
	MP_OPT_JSON = 4,
	MP_OPT_N = 8,
	MP_OPT_TOPO = 16,
	MP_OPT_H = 32,
};

/* One set of per-CPU interrupt matrices (hard or soft) in the three slots. */
struct mp_irqset {
	int nr;              /* interrupts per CPU, room for new ones included */
	struct mp_irqs m[3]; /* (cpu_nr + 1) rows of nr */
	const char *path;    /* proc/interrupts or proc/softirqs */
	struct sysroot_file f;
};

struct mp_topo {
	int socket;
	int core;
};

/*
 * --archive (mpstat_hist.c): the window, and what the command line asked
 * that is decided once the file's CPU count is known or that a file cannot
 * hold.
 */
struct mp_hist {
	struct live_window win; /* win.archive NULL: the live mpstat */
	bool interval_given;    /* an interval argument (0: one report since boot) */
	bool want_nodes;        /* -n, -N or -A: NUMA nodes (sadc -S MPSTAT's) */
	bool opt_n;             /* -n */
	const char **node_lists; /* -N's arguments, applied once the file gives the nodes */
	int n_node_lists;
	bool sel_every;         /* -A without -P: every CPU, whatever their number */
	const char **cpu_lists; /* -P's arguments, checked against the file's CPU count */
	int n_cpu_lists;
	int list_max; /* the CPU count they were checked against */
	/*
	 * The current record's items of A_CPU ([0]) and A_IRQ ([1]), copied
	 * before its extension record is looked for (which may read the next
	 * record ahead, over the reader's items).
	 */
	unsigned char *items[2];
	size_t items_cap[2];
	uint32_t items_nr[2];
	struct archive_act act[2]; /* their activities' description (buf not used) */
	bool has_act[2];           /* the file has the activity, in a known format */
};

/* Everything one run of mpstat holds. */
struct mp {
	struct sysroot root;
	struct sar out; /* colours, --dec, decimal point */
	unsigned act;   /* MP_ACT_* */
	unsigned flags; /* MP_OPT_* */
	long interval;
	long count;
	int cpu_nr;  /* the highest CPU number + 1 */
	int node_nr; /* the highest node number, -1 without nodes */
	struct stats_cpu *cpu[3];
	struct stats_cpu *node[2]; /* scratch: per-node sums of one report */
	uint64_t *irq_sum[3];      /* [0] the "intr" total, [cpu + 1] each CPU's */
	struct mp_irqset hard;
	struct mp_irqset soft;
	unsigned char *cpu_sel; /* -P (bit 0 "all") */
	unsigned char *node_sel;
	size_t sel_bytes;
	int *cpu_per_node; /* [0] all CPUs, [node + 1] the node's */
	int *cpu2node;     /* -1: no node */
	struct mp_topo *topo;
	uint64_t uptime[3];
	struct tm ts[3];
	struct strbuf buf;
	struct sysroot_file stat_f, uptime_f;
	struct mp_hist hist;
	bool no_intr_total; /* the intr total of /proc/stat is unknown: -I SUM leaves "all" out */
	/*
	 * --archive: each slot's first CPU (numbered from 1) whose interrupts
	 * the file does not hold; a CPU at or past it in either sample of a
	 * report has no interrupts shown.
	 */
	int irq_rows[3];
};

/* mpstat_data.c */

/*
 * Sizes every array of m for m->cpu_nr CPUs, keeping what was there (a
 * vCPU plugged in under -H); from old_cpu_nr (0 at the start) on, zeroed.
 */
void mp_alloc(struct mp *m, int old_cpu_nr);
void mp_release(struct mp *m);

/*
 * Counts the interrupt lines of both files for m->cpu_nr CPUs and sizes
 * their matrices, keeping the counts of the old_cpu_nr CPUs there were (0
 * at the start; more CPUs under -H).
 */
void mp_count_all_irqs(struct mp *m, int old_cpu_nr);

/*
 * Sizes the interrupt matrices for hard_nr and soft_nr interrupts of
 * m->cpu_nr CPUs, keeping the counts of the old_cpu_nr CPUs there were (0
 * at the start), as mp_count_all_irqs() does with the counts it read.
 */
void mp_size_irqs(struct mp *m, int old_cpu_nr, int hard_nr, int soft_nr);

/* Node placement from /sys/devices/system/cpu/cpuN/nodeM (sysstat's get_node_placement). */
void mp_node_placement(struct mp *m);

/*
 * Node placement of m->cpu_nr CPUs from node_of(ctx, cpu): the N of the
 * CPU's first nodeN entry, -1 with none, -2 when its directory cannot be
 * listed (then no CPU has a node, m->node_nr -1, as in sysstat).
 */
void mp_place_nodes(struct mp *m, int (*node_of)(void *ctx, int cpu), void *ctx);

/*
 * Reads the sample of slot curr (uptime, CPU lines and what the
 * activities need). Exits 2 with sysstat's message when /proc/stat or
 * /proc/uptime cannot be read. The caller sets m->ts[curr].
 */
void mp_read_sample(struct mp *m, int curr);

/* Copies slot from into slot to. */
void mp_copy_sample(struct mp *m, int from, int to);

/* Empties slot to (the reference of a since-boot report). */
void mp_zero_sample(struct mp *m, int to);

/* mpstat_print.c */

/*
 * One report: the rates from slot prev to slot curr, headed by prev_ts,
 * each line stamped curr_ts; dis: print the headers. Since-boot reports
 * (interval 0) come from an empty prev.
 */
void mp_write_report(struct mp *m, int prev, int curr, bool dis, const char *prev_ts,
                     const char *curr_ts);

/*
 * The report of the interval that ends with slot curr (from slot !curr),
 * stamped with the samples' times (%X, or %H:%M:%S with S_TIME_FORMAT=ISO).
 */
void mp_write_stats(struct mp *m, int curr, bool dis);

/* The averages: from slot 2 (the first sample) to curr, headed "Average:" (translated). */
void mp_write_average(struct mp *m, int curr, bool dis);

/* mpstat_hist.c: --archive */

/*
 * Opens the files of m->hist.win (exiting as sar does when they cannot be
 * read), reads the first record of the window and sizes m for the file's
 * CPUs and interrupt lines. Returns what live_hist_next() met.
 */
enum live_hist_kind mp_hist_open(struct mp *m, struct live_hist *lh);

/*
 * The CPUs of -P's lists (m->hist.cpu_lists) and of -A into m->cpu_sel,
 * for m->cpu_nr CPUs. Returns -1 when a list names a CPU the file does not
 * have (a usage error), else 0.
 */
int mp_hist_select(struct mp *m);

/*
 * The reports of the window's records (first the notes on what the file
 * lacks, the banner; last the averages or the end of the JSON document),
 * with the header rules of the live loop (dis_hdr, rows). Closes lh.
 */
void mp_hist_run(struct mp *m, struct live_hist *lh, enum live_hist_kind first, int dis_hdr,
                 int rows);

#endif
