/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SAR_USE_INT_H
#define SYSREC_SAR_USE_INT_H

/*
 * The pieces of sar --use (use.h) and what they share; no file outside
 * report/use_*.c includes this header. Each activity the method reads has a
 * feeder that turns two records' items into metric values of resources;
 * the metric table says what each value is (U, S or E), which limit judges
 * it and which activity collects it. Resources are found by kind and name
 * in a hash table; each keeps running sums, its peak and the run of
 * intervals it is over a limit, so that nothing grows with the records.
 *
 *   use_limits.c    the limits: defaults, SAR_USE_LIMITS, --use-limit=
 *   use_model.c     the kind, class and metric tables; resources and memory
 *   use_episode.c   a metric's value into a resource; runs and episodes
 *   use_feed.c      the feeders' table, the interval, the host's feeders
 *   use_feed_dev.c  the feeders of disks, interfaces and filesystems
 *   use_cgroup.c    the cgroups of sadc -S CGROUP, and the host's oom kills
 *   use_who.c       the consumers ("who") of a resource during an episode
 *   use_judge.c     the verdicts, the ranking, what could not be judged
 *   use_text.c      sar's report
 *   use_json.c      sadf -j's "use" object
 *   use_walk.c      the passes over a file
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "use.h"
#include "who.h"
#include "common/activity.h"
#include "common/layout.h"
#include "common/strbuf.h"

/*
 * Where a metric's act names no activity of the file's list but the cgroups
 * of its extension records (sadc -S CGROUP): they are opt-in, so without
 * them the metric is not missing data to collect but, as the errors sysstat
 * records nowhere, "not in archives".
 */
#define A_USE_CG (A_ID_MAX + 1)

enum limit_key {
	L_CPU_BUSY,
	L_CPU_RUNQ,
	L_CPU_PSI,
	L_MEM_USED,
	L_MEM_PSI_SOME,
	L_MEM_PSI_FULL,
	L_MEM_PGSCAND,
	L_MEM_MAJFLT,
	L_MEM_SWAPPING,
	L_SWAP_USED,
	L_SWAP_IO,
	L_IO_PSI_SOME,
	L_IO_PSI_FULL,
	L_DISK_UTIL,
	L_DISK_AQU,
	L_DISK_AWAIT,
	L_NET_SOFTDROP,
	L_NET_SQUEEZE,
	L_TCP_RETRANS,
	L_NET_UTIL,
	L_NET_DROP,
	L_NET_FIFO,
	L_NET_ERRORS,
	L_FS_USED,
	L_FS_INODES,
	L_TCP_ERRORS,
	L_MEM_OOM,
	L_CG_MEMMAX,
	L_CG_THRTL,
	L_CG_THRPRD,
	L_CG_PSI_SMEM,
	L_CG_PSI_FMEM,
	L_CG_PSI_SIO,
	L_CG_PSI_FIO,
	L_CG_OOM,
	L_EPISODE,
	L_MAX
};

struct limits {
	double limit[L_MAX];
	double warn[L_MAX];
};

enum use_kind { K_CPU, K_MEM, K_SWAP, K_DISK, K_NET, K_FS, K_TCP, K_CGROUP, K_MAX };

/* Resource classes, in the order the report lists them. */
enum use_class {
	C_CPU_ALL,
	C_CPU_N,
	C_MEM,
	C_SWAP,
	C_DISK_ALL,
	C_DISK_N,
	C_NET_ALL,
	C_NET_N,
	C_FS_N,
	C_FS_NONE, /* no filesystem in the file: one "all" to say so */
	C_TCP,
	C_CG_N, /* each cgroup of sadc -S CGROUP but the root */
	C_MAX
};

struct class_desc {
	enum use_kind kind;
	bool items; /* one resource per item (else one named "all") */
};

enum letter { U, S, E, LETTER_MAX };

enum metric_id {
	M_CPU_BUSY,
	M_CPU_RUNQ,
	M_CPU_PSI,
	M_CPUN_BUSY,
	M_MEM_USED,
	M_MEM_PSI_SOME,
	M_MEM_PSI_FULL,
	M_MEM_PGSCAND,
	M_MEM_MAJFLT,
	M_MEM_PSWPIN,
	M_MEM_PSWPOUT,
	M_MEM_OOM,
	M_SWAP_USED,
	M_SWAP_IN,
	M_SWAP_OUT,
	M_IO_PSI_SOME,
	M_IO_PSI_FULL,
	M_DISK_UTIL,
	M_DISK_AQU,
	M_DISK_AWAIT,
	M_NET_SOFTDROP,
	M_NET_SQUEEZE,
	M_NET_RETRANS,
	M_IF_UTIL,
	M_IF_DROP,
	M_IF_FIFO,
	M_IF_RXERR,
	M_IF_TXERR,
	M_IF_RXFRAM,
	M_IF_TXCARR,
	M_IF_COLL,
	M_FS_USED,
	M_FS_INODES,
	M_FS_NONE,
	M_TCP_ATMPTF,
	M_TCP_ESTRES,
	M_TCP_ISEGERR,
	M_TCP_ORSTS,
	M_CG_MEMMAX,
	M_CG_THRTL,
	M_CG_THRPRD,
	M_CG_SMEM,
	M_CG_FMEM,
	M_CG_SIO,
	M_CG_FIO,
	M_CG_OOM,
	M_MAX
};

struct metric_desc {
	enum use_class cls;
	enum letter letter;
	const char *name;
	enum limit_key lim;
	uint32_t act, act2; /* the activities it needs (act2 0: one) */
	/* Why it can have no value though collected (NULL: no reason known). */
	const char *why_none;
};

/* A point in time: the record's, as sar shows it (-t: the stored time of day). */
struct stamp {
	uint64_t ust;
	uint8_t hour, minute, second;
};

struct mstat {
	double wsum, wtime; /* value x seconds, seconds */
	double peak;
	double total; /* E: events (rate x seconds) */
	struct stamp peak_at;
	uint64_t seq;         /* the last interval it had a value */
	uint32_t over_n;      /* intervals over the limit */
	uint32_t wrun, wbest; /* U: consecutive intervals over the warning level, the longest */
	bool seen;
};

#define MAX_EPISODES 8

/* One of the biggest consumers of a resource during an episode (sar --use on a file with them). */
struct who_top {
	char name[EXT_CG_PATH_LEN]; /* "comm[pid]" or the cgroup's path */
	double v;                   /* in the unit of the resource's kind (use_who_unit) */
};

#define WHO_TOP 3
/* Kernel threads passed over when a disk's consumers are named (use_who_fill()). */
#define WHO_KTHREADS 16

struct episode {
	struct stamp from, to;
	struct who_top *top; /* WHO_TOP processes then WHO_TOP cgroups, NULL without them */
	uint8_t n_proc, n_cg;
};

/* A disk's await, in a histogram of 5 % wide bins from 1 us: its median is the baseline. */
#define AWAIT_BINS   400
#define AWAIT_MIN_MS 0.001
#define AWAIT_GROWTH 1.05
/* sqrt(AWAIT_GROWTH): a bin's middle, geometrically, from its lower edge. */
#define AWAIT_HALF_BIN 1.02469507659596
/* The fewest intervals with I/O that make a baseline. */
#define AWAIT_BASELINE_MIN 3

enum verdict { V_OK, V_UNKNOWN, V_WARNING, V_ERRORS, V_SATURATED };

struct resource {
	enum use_class cls;
	uint32_t order; /* creation order within the analysis */
	char name[MAX_FS_LEN];
	struct mstat *m; /* the class's metrics */
	uint64_t seq;    /* the last interval it was seen */
	bool over_now;
	bool hot_now; /* a U metric above its warning level in the current interval */
	bool run_hot; /* ... in some interval of the current run */
	bool ep_hot;  /* ... in some interval of an episode: saturated and utilized */
	uint32_t run; /* consecutive intervals over a limit, up to seq_over */
	uint64_t run_seq;
	struct stamp run_from, run_to;
	struct episode ep[MAX_EPISODES];
	uint32_t n_ep;
	double ep_seconds;
	struct who_avg *who;  /* the processes and cgroups of the current run */
	uint32_t *await_hist; /* disks */
	uint64_t await_n;
	double await_base; /* PHASE_DISKS: the median of the whole window, taken once */
	enum verdict verdict;
	double score;
};

/* A cgroup of an interval, and the kills it owes (use_cgroup.c). */
struct cg_item;
struct cg_owed;

struct use {
	struct limits lim;
	/* The lower edge of each await bin, AWAIT_MIN_MS * AWAIT_GROWTH^k (sar and sadf need no
	 * libm). */
	double await_edge[AWAIT_BINS];
	uint32_t first[C_MAX], n_metrics[C_MAX]; /* the metric ids of each class */
	bool have[A_USE_CG + 1];                 /* activities in the file (A_USE_CG: cgroups) */
	struct resource **res;
	size_t n_res, cap_res;
	uint32_t *hash; /* 1 + index into res, 0: empty */
	size_t hash_cap;
	struct resource **touched; /* resources with a value in the current interval */
	size_t n_touched, cap_touched;
	uint64_t seq; /* interval number; a gap (restart, window) skips one */
	double secs;  /* the current interval, in seconds */
	struct stamp t0, t1;
	struct stamp first_t, last_t;
	uint64_t n_intervals;
	int phase; /* what the feeders do: PHASE_* */

	/* The processes and cgroups of the last two statistics records (slots as walk()'s). */
	struct archive_ext ext[2];
	uint64_t ext_up[2]; /* their records' uptimes, 1/100 s */
	bool ext_ok[2];
	struct who_proc_row *prow;
	size_t prow_cap;
	struct who_cg_row *crow;
	size_t crow_cap;

	/* The cgroups of an interval (feed_cgroups()), kept from one to the next. */
	const struct ext_cgroup **cg_prev; /* the earlier record's, by path */
	struct cg_item *cg_items;          /* the later record's, in its order */
	struct cg_item **cg_sorted;        /* the same, by path */
	size_t cg_prev_cap, cg_items_cap, cg_sorted_cap;
	struct cg_owed *cg_owed; /* by resource order */
	size_t cg_owed_cap;
};

/* What the feeders do (struct use's phase). */
enum {
	PHASE_ALL,   /* one pass (live): disks against the median so far */
	PHASE_MAIN,  /* first pass over a file: disks only fill their histograms */
	PHASE_DISKS, /* second pass: the disks alone */
};

/* An interval of one activity, as the feeders read it. */
struct feed {
	struct use *u;
	struct sar *s;
	/* The file's activities that hold items in both slots. */
	struct sar_act *by_id[A_ID_MAX + 1];
	struct sar_act *a;
	struct sar_slot *p, *c; /* the previous and current items */
	int kp, kc;             /* their slot numbers */
	uint64_t itv;           /* 1/100 s */
	uint32_t n_cpu;
};

/* The single item of an activity, copied out (items are not aligned for every type). */
#define ITEMS(type, f, ret_p, ret_c)                                                               \
	do {                                                                                       \
		memcpy(ret_p, use_item(f, (f)->p, 0), sizeof(type));                               \
		memcpy(ret_c, use_item(f, (f)->c, 0), sizeof(type));                               \
	} while (0)

/* ---- use_limits.c ---- */

/* The limits in force for s into l: defaults, the file, the command line. Exits 1 on a bad one. */
void use_limits_load(const struct sar *s, struct limits *l);

/* ---- use_model.c ---- */

/* The name of each kind, as the report writes it. */
extern const char *const use_kind_names[K_MAX];
/* The kind of each class, and whether it has one resource per item. */
extern const struct class_desc use_class_table[C_MAX];
/* The metrics, grouped by class in class order. */
extern const struct metric_desc use_metric_table[M_MAX];

/* *p (of *cap elements of size bytes) grown to hold need; the new ones are not cleared. */
void use_xgrow(void **p, size_t *cap, size_t need, size_t size);
/* FNV-1a of a class and a name: the resources' hash, and the cgroups' long names. */
uint32_t use_hash_key(enum use_class cls, const char *name);
/* The resource of class cls named name, made on first sight. */
struct resource *use_resource(struct use *u, enum use_class cls, const char *name);
/* Whether the file holds the activities metric id needs. */
bool use_have_metric(const struct use *u, enum metric_id id);

/* ---- use_episode.c ---- */

/* The shortest episode, in intervals. */
uint32_t use_episode_min(const struct use *u);
/* Seconds from one time to a later one; 0 when the clock went back between them. */
uint64_t use_span(const struct stamp *from, const struct stamp *to);
/* Metric id of resource r takes value v for the current interval (NAN, infinities: none). */
void use_put(struct use *u, struct resource *r, enum metric_id id, double v);
/* The interval ended: r's run goes on or ends. */
void use_step_run(struct use *u, struct resource *r);
/* r's run ends: an episode when it lasted long enough. */
void use_close_run(struct use *u, struct resource *r);

/* ---- use_feed.c, use_feed_dev.c ---- */

/* A counter's rate per second; NAN when it went back (a restart of its own). */
double use_rate(uint64_t p, uint64_t c, uint64_t itv);
/* The share of the interval (itv 1/100 s) spent stalled, from two totals in microseconds. */
double use_psi_share(uint64_t p, uint64_t c, uint64_t itv);
/* Item i of f's activity in slot sl. */
const void *use_item(const struct feed *f, const struct sar_slot *sl, uint32_t i);
/* The host-wide resource of class cls ("all"). */
struct resource *use_single(const struct feed *f, enum use_class cls);
/* Whether the pass of phase reads activity id. */
bool use_reads_act(uint32_t id, int phase);
/* The median await of disk r so far; 0 before AWAIT_BASELINE_MIN intervals with I/O. */
double use_await_median(const struct use *u, const struct resource *r);
void use_feed_disk(struct feed *f);
void use_feed_net_dev(struct feed *f);
void use_feed_net_edev(struct feed *f);
void use_feed_fs(struct feed *f);

/* ---- use_cgroup.c ---- */

/* The cgroups of the extension record of slot k and of the one before, into the interval fed last.
 */
void use_cgroups(struct use *u, int k, bool fed);

/* ---- use_who.c ---- */

/* What ranks the consumers of a resource of class cls; false for those with no per-process figure.
 */
bool use_who_key(enum use_class cls, enum who_sort *ret);
/* The unit of the consumers' values for key. */
const char *use_who_unit(enum who_sort key);
/* The top consumers of r's run, into its episode e (then r forgets them for the next run). */
void use_who_fill(struct resource *r, struct episode *e);
/* The processes and cgroups of the extension record of slot k, to the resources in a run. */
void use_who(struct use *u, struct sar *s, int k, const struct sa_record_header *hk, bool fed);

/* ---- use_judge.c ---- */

/* The name of each verdict. */
extern const char *const use_verdict_names[];

/* How the data of activity act is collected, for what could not be judged. */
void use_collect_hint(uint32_t act, char *out, size_t len);
/* Whether r's verdict makes it a suspect (warning or worse). */
bool use_is_suspect(const struct resource *r);
/*
 * Judges every resource (u->res then in report order); returns the
 * suspects, worst first, in a new array (*ret_n of them).
 */
struct resource **use_judge_all(struct use *u, size_t *ret_n);
/* The activities r would need and the file lacks, as ids into acts (at most n). */
size_t use_missing_acts(const struct use *u, const struct resource *r, uint32_t *acts, size_t n);
/* The names of r's metrics (and its devices' for host-wide disk and net) that need act. */
void use_metric_names_of(const struct use *u, const struct resource *r, uint32_t act,
                         struct strbuf *sb);

/* fmax() without libm: the larger of a and b, the number when the other is not one. */
static inline double
use_fmax(double a, double b)
{
	if (b != b)
		return a;
	if (a != a)
		return b;
	return a > b ? a : b;
}

/* ---- use_json.c ---- */

/* The analysis u, judged, as the members of sadf's "use" object indented by tab TABs. */
void use_json(struct use *u, int tab, struct strbuf *sb);

#endif
