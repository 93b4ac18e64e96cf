/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --use (use.h): the USE method over a window. Each activity the method
 * reads has a feeder that turns two records' items into metric values of
 * resources; the metric table says what each value is (U, S or E), which
 * limit judges it and which activity collects it. Resources are found by
 * kind and name in a hash table; each keeps running sums, its peak and the
 * run of intervals it is over a limit, so that nothing grows with the
 * records.
 */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "display.h"
#include "options.h"
#include "use.h"
#include "views.h"
#include "who.h"
#include "common/activity.h"
#include "common/compat.h"
#include "common/layout.h"
#include "common/source.h"
#include "common/sysexit.h"
#include "common/banned.h"

#ifndef SYSSTAT_CONF
#define SYSSTAT_CONF "/etc/sysstat/sysstat"
#endif

/*
 * Where a metric's act names no activity of the file's list but the cgroups
 * of its extension records (sadc -S CGROUP): they are opt-in, so without
 * them the metric is not missing data to collect but, as the errors sysstat
 * records nowhere, "not in archives".
 */
#define A_USE_CG (A_ID_MAX + 1)

/* ---- the limits ---- */

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

/* No warning level. */
#define NO_WARN (-1.0)
/* The longest an episode minimum may be, in intervals. */
#define EPISODE_MAX 100000

/* The defaults and their reasons are in sar(1), "USE METHOD". */
static const struct limit_desc {
	const char *key;
	double limit;
	double warn; /* U metrics: a sustained run above it is a warning */
} limit_table[L_MAX] = {
        [L_CPU_BUSY] = {"cpu.busy", 90, 70},
        [L_CPU_RUNQ] = {"cpu.runq", 0, NO_WARN},
        [L_CPU_PSI] = {"cpu.psi", 10, NO_WARN},
        [L_MEM_USED] = {"mem.used", 95, 85},
        [L_MEM_PSI_SOME] = {"mem.psi-some", 10, NO_WARN},
        [L_MEM_PSI_FULL] = {"mem.psi-full", 5, NO_WARN},
        [L_MEM_PGSCAND] = {"mem.pgscand", 0, NO_WARN},
        [L_MEM_MAJFLT] = {"mem.majflt", 100, NO_WARN},
        [L_MEM_SWAPPING] = {"mem.swapping", 10, NO_WARN},
        [L_SWAP_USED] = {"swap.used", 80, 50},
        [L_SWAP_IO] = {"swap.io", 10, NO_WARN},
        [L_IO_PSI_SOME] = {"io.psi-some", 10, NO_WARN},
        [L_IO_PSI_FULL] = {"io.psi-full", 5, NO_WARN},
        [L_DISK_UTIL] = {"disk.util", 90, 70},
        [L_DISK_AQU] = {"disk.aqu", 1, NO_WARN},
        [L_DISK_AWAIT] = {"disk.await", 4, NO_WARN},
        [L_NET_SOFTDROP] = {"net.softdrop", 0, NO_WARN},
        [L_NET_SQUEEZE] = {"net.squeeze", 1, NO_WARN},
        [L_TCP_RETRANS] = {"tcp.retrans", 2, NO_WARN},
        [L_NET_UTIL] = {"net.util", 90, 70},
        [L_NET_DROP] = {"net.drop", 1, NO_WARN},
        [L_NET_FIFO] = {"net.fifo", 0, NO_WARN},
        [L_NET_ERRORS] = {"net.errors", 0, NO_WARN},
        [L_FS_USED] = {"fs.used", 90, 80},
        [L_FS_INODES] = {"fs.inodes", 90, 80},
        [L_TCP_ERRORS] = {"tcp.errors", 0, NO_WARN},
        [L_MEM_OOM] = {"mem.oom", 0, NO_WARN},
        [L_CG_MEMMAX] = {"cgroup.memmax", 100, 90},
        [L_CG_THRTL] = {"cgroup.thrtl", 10, NO_WARN},
        [L_CG_THRPRD] = {"cgroup.thrprd", 25, NO_WARN},
        [L_CG_PSI_SMEM] = {"cgroup.psi-smem", 10, NO_WARN},
        [L_CG_PSI_FMEM] = {"cgroup.psi-fmem", 5, NO_WARN},
        [L_CG_PSI_SIO] = {"cgroup.psi-sio", 10, NO_WARN},
        [L_CG_PSI_FIO] = {"cgroup.psi-fio", 5, NO_WARN},
        [L_CG_OOM] = {"cgroup.oom", 0, NO_WARN},
        [L_EPISODE] = {"episode", 3, NO_WARN},
};

struct limits {
	double limit[L_MAX];
	double warn[L_MAX];
};

static void
limits_default(struct limits *l)
{
	size_t k;

	for (k = 0; k < L_MAX; k++) {
		l->limit[k] = limit_table[k].limit;
		l->warn[k] = limit_table[k].warn;
	}
}

/*
 * A limit's value: len bytes at text, a number of 0 or more in the C
 * locale's notation whatever the run's (a comma separates pairs), and for
 * the episode a whole number of intervals. False with *ret_why set.
 */
static bool
limit_value(const char *text, size_t len, bool episode, double *ret, const char **ret_why)
{
	char num[64], *end;
	locale_t c_locale;
	double v;
	int err;

	*ret_why = episode ? "the episode is a whole number of intervals, 1 or more"
	                   : "bad value (a number, 0 or more)";
	if (len == 0 || len >= sizeof(num))
		return false;
	memcpy(num, text, len);
	num[len] = '\0';
	/* A few pairs a run: a locale of its own each time leaves nothing behind. */
	c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t) 0);
	if (!c_locale)
		return false;
	errno = 0;
	v = strtod_l(num, &end, c_locale);
	err = errno;
	freelocale(c_locale);
	if (err || *end || !isfinite(v) || v < 0 ||
	    (episode && (v < 1 || v > EPISODE_MAX || v != floor(v))))
		return false;
	*ret = v;
	return true;
}

/* One "KEY=VALUE" or "KEY.warn=VALUE" into l (NULL: only checked); false with *ret_why set. */
static bool
limit_pair(struct limits *l, const char *pair, size_t len, const char **ret_why)
{
	char key[64];
	const char *eq = memchr(pair, '=', len);
	size_t klen, k;
	bool warn = false;
	double v;

	if (!eq || eq == pair || (size_t) (eq - pair) >= sizeof(key)) {
		*ret_why = "expected KEY=VALUE";
		return false;
	}
	klen = (size_t) (eq - pair);
	memcpy(key, pair, klen);
	key[klen] = '\0';
	if (klen > 5 && !strcmp(key + klen - 5, ".warn")) {
		key[klen - 5] = '\0';
		warn = true;
	}
	for (k = 0; k < L_MAX && strcmp(limit_table[k].key, key); k++)
		;
	if (k == L_MAX || (warn && limit_table[k].warn < 0)) {
		*ret_why = "unknown key";
		return false;
	}
	if (!limit_value(eq + 1, len - klen - 1, k == L_EPISODE, &v, ret_why))
		return false;
	if (l && warn)
		l->warn[k] = v;
	else if (l)
		l->limit[k] = v;
	return true;
}

/* Every pair of text (commas or blanks between them); false after the message. */
static bool
limits_apply(struct limits *l, const char *text, const char *origin)
{
	const char *p = text;

	while (*p) {
		size_t len = strcspn(p, ", \t\n");
		const char *why;

		if (len && !limit_pair(l, p, len, &why)) {
			fprintf(stderr, "%s: %s: %s in '%.*s'\n", progname, origin, why, (int) len, p);
			return false;
		}
		p += len;
		p += strspn(p, ", \t\n");
	}
	return true;
}

bool
use_limit_arg_ok(const char *text)
{
	return limits_apply(NULL, text, "--use-limit");
}

/* SAR_USE_LIMITS="..." of the configuration file at path into l; false after the message. */
static bool
limits_from_conf(struct limits *l, const char *path)
{
	static const char var[] = "SAR_USE_LIMITS=";
	char line[4096], origin[4200];
	bool ok = true;
	FILE *fp = fopen(path, "r");

	if (!fp)
		return true;
	snprintf(origin, sizeof(origin), "%s: SAR_USE_LIMITS", path);
	while (ok && fgets(line, sizeof(line), fp)) {
		char *v = line + strspn(line, " \t");
		size_t n;

		if (strncmp(v, var, sizeof(var) - 1))
			continue;
		v += sizeof(var) - 1;
		n = strcspn(v, "\n");
		v[n] = '\0';
		/* The shell's quotes around the value. */
		if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
			v[n - 1] = '\0';
			v++;
		}
		ok = limits_apply(l, v, origin);
	}
	fclose(fp);
	return ok;
}

/* The limits in force for s: defaults, the file, the command line. Exits 1 on a bad one. */
static void
limits_load(const struct sar *s, struct limits *l)
{
	const char *conf = getenv("SYSREC_SYSSTAT_CONF");
	const char *p = s->o.use_limits.buf;
	size_t used = 0;

	limits_default(l);
	if (!limits_from_conf(l, conf && *conf ? conf : SYSSTAT_CONF))
		sysrec_exit(1);
	while (p && used < s->o.use_limits.len) {
		if (!limits_apply(l, p + used, "--use-limit"))
			sysrec_exit(1);
		used += strlen(p + used) + 1;
	}
}

/* ---- resources and their metrics ---- */

enum use_kind { K_CPU, K_MEM, K_SWAP, K_DISK, K_NET, K_FS, K_TCP, K_CGROUP, K_MAX };

static const char *const kind_names[K_MAX] = {"cpu", "memory", "swap", "disk",
                                              "net", "fs",     "tcp",  "cgroup"};

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

static const struct class_desc {
	enum use_kind kind;
	bool items; /* one resource per item (else one named "all") */
} class_table[C_MAX] = {
        [C_CPU_ALL] = {K_CPU, false}, [C_CPU_N] = {K_CPU, true},      [C_MEM] = {K_MEM, false},
        [C_SWAP] = {K_SWAP, false},   [C_DISK_ALL] = {K_DISK, false}, [C_DISK_N] = {K_DISK, true},
        [C_NET_ALL] = {K_NET, false}, [C_NET_N] = {K_NET, true},      [C_FS_N] = {K_FS, true},
        [C_FS_NONE] = {K_FS, false},  [C_TCP] = {K_TCP, false},       [C_CG_N] = {K_CGROUP, true},
};

enum letter { U, S, E, LETTER_MAX };

static const char *const letter_groups[LETTER_MAX] = {"utilization", "saturation", "errors"};

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

/* The metrics, grouped by class in class order. */
static const struct metric_desc {
	enum use_class cls;
	enum letter letter;
	const char *name;
	enum limit_key lim;
	uint32_t act, act2; /* the activities it needs (act2 0: one) */
	const char *why_none; /* why it can have no value though collected (NULL: no reason known) */
} metric_table[M_MAX] = {
        [M_CPU_BUSY] = {C_CPU_ALL, U, "%busy", L_CPU_BUSY, A_CPU, 0},
        [M_CPU_RUNQ] = {C_CPU_ALL, S, "runq-excess", L_CPU_RUNQ, A_QUEUE, 0},
        [M_CPU_PSI] = {C_CPU_ALL, S, "%psi-some", L_CPU_PSI, A_PSI_CPU, 0},
        [M_CPUN_BUSY] = {C_CPU_N, U, "%busy", L_CPU_BUSY, A_CPU, 0},
        [M_MEM_USED] = {C_MEM, U, "%used", L_MEM_USED, A_MEMORY, 0},
        [M_MEM_PSI_SOME] = {C_MEM, S, "%psi-some", L_MEM_PSI_SOME, A_PSI_MEM, 0},
        [M_MEM_PSI_FULL] = {C_MEM, S, "%psi-full", L_MEM_PSI_FULL, A_PSI_MEM, 0},
        [M_MEM_PGSCAND] = {C_MEM, S, "pgscand/s", L_MEM_PGSCAND, A_PAGE, 0},
        [M_MEM_MAJFLT] = {C_MEM, S, "majflt/s", L_MEM_MAJFLT, A_PAGE, 0},
        [M_MEM_PSWPIN] = {C_MEM, S, "pswpin/s", L_MEM_SWAPPING, A_SWAP, 0},
        [M_MEM_PSWPOUT] = {C_MEM, S, "pswpout/s", L_MEM_SWAPPING, A_SWAP, 0},
        [M_MEM_OOM] = {C_MEM, E, "oom_kill/s", L_MEM_OOM, A_USE_CG, 0, "no memory.events"},
        [M_SWAP_USED] = {C_SWAP, U, "%swpused", L_SWAP_USED, A_MEMORY, 0, "no swap space"},
        [M_SWAP_IN] = {C_SWAP, S, "pswpin/s", L_SWAP_IO, A_SWAP, 0},
        [M_SWAP_OUT] = {C_SWAP, S, "pswpout/s", L_SWAP_IO, A_SWAP, 0},
        [M_IO_PSI_SOME] = {C_DISK_ALL, S, "%psi-some", L_IO_PSI_SOME, A_PSI_IO, 0},
        [M_IO_PSI_FULL] = {C_DISK_ALL, S, "%psi-full", L_IO_PSI_FULL, A_PSI_IO, 0},
        [M_DISK_UTIL] = {C_DISK_N, U, "%util", L_DISK_UTIL, A_DISK, 0},
        [M_DISK_AQU] = {C_DISK_N, S, "aqu-sz", L_DISK_AQU, A_DISK, 0},
        [M_DISK_AWAIT] = {C_DISK_N, S, "await-ratio", L_DISK_AWAIT, A_DISK, 0, "no I/O"},
        [M_NET_SOFTDROP] = {C_NET_ALL, S, "dropped/s", L_NET_SOFTDROP, A_NET_SOFT, 0},
        [M_NET_SQUEEZE] = {C_NET_ALL, S, "squeezd/s", L_NET_SQUEEZE, A_NET_SOFT, 0},
        [M_NET_RETRANS] = {C_NET_ALL, S, "%retrans", L_TCP_RETRANS, A_NET_TCP, A_NET_ETCP},
        [M_IF_UTIL] = {C_NET_N, U, "%ifutil", L_NET_UTIL, A_NET_DEV, 0, "speed unknown"},
        [M_IF_DROP] = {C_NET_N, S, "drop/s", L_NET_DROP, A_NET_EDEV, 0},
        [M_IF_FIFO] = {C_NET_N, S, "fifo/s", L_NET_FIFO, A_NET_EDEV, 0},
        [M_IF_RXERR] = {C_NET_N, E, "rxerr/s", L_NET_ERRORS, A_NET_EDEV, 0},
        [M_IF_TXERR] = {C_NET_N, E, "txerr/s", L_NET_ERRORS, A_NET_EDEV, 0},
        [M_IF_RXFRAM] = {C_NET_N, E, "rxfram/s", L_NET_ERRORS, A_NET_EDEV, 0},
        [M_IF_TXCARR] = {C_NET_N, E, "txcarr/s", L_NET_ERRORS, A_NET_EDEV, 0},
        [M_IF_COLL] = {C_NET_N, E, "coll/s", L_NET_ERRORS, A_NET_EDEV, 0},
        [M_FS_USED] = {C_FS_N, U, "%fsused", L_FS_USED, A_FS, 0},
        [M_FS_INODES] = {C_FS_N, U, "%Iused", L_FS_INODES, A_FS, 0},
        [M_FS_NONE] = {C_FS_NONE, U, "%fsused", L_FS_USED, A_FS, 0},
        [M_TCP_ATMPTF] = {C_TCP, E, "atmptf/s", L_TCP_ERRORS, A_NET_ETCP, 0},
        [M_TCP_ESTRES] = {C_TCP, E, "estres/s", L_TCP_ERRORS, A_NET_ETCP, 0},
        [M_TCP_ISEGERR] = {C_TCP, E, "isegerr/s", L_TCP_ERRORS, A_NET_ETCP, 0},
        [M_TCP_ORSTS] = {C_TCP, E, "orsts/s", L_TCP_ERRORS, A_NET_ETCP, 0},
        [M_CG_MEMMAX] = {C_CG_N, U, "%memmax", L_CG_MEMMAX, A_USE_CG, 0, "no limit"},
        [M_CG_THRTL] = {C_CG_N, S, "%thrtl", L_CG_THRTL, A_USE_CG, 0, "no cpu controller"},
        [M_CG_THRPRD] = {C_CG_N, S, "%thrprd", L_CG_THRPRD, A_USE_CG, 0, "no CPU quota"},
        [M_CG_SMEM] = {C_CG_N, S, "%smem", L_CG_PSI_SMEM, A_USE_CG, 0, "no PSI"},
        [M_CG_FMEM] = {C_CG_N, S, "%fmem", L_CG_PSI_FMEM, A_USE_CG, 0, "no PSI"},
        [M_CG_SIO] = {C_CG_N, S, "%sio", L_CG_PSI_SIO, A_USE_CG, 0, "no PSI"},
        [M_CG_FIO] = {C_CG_N, S, "%fio", L_CG_PSI_FIO, A_USE_CG, 0, "no PSI"},
        [M_CG_OOM] = {C_CG_N, E, "oom_kill/s", L_CG_OOM, A_USE_CG, 0, "no memory.events"},
};

/* How the data of an activity is collected when sadc's group of it is not its own name. */
static const char *const group_hints[A_ID_MAX + 1] = {
        [A_DISK] = "sadc -S DISK",
        [A_FS] = "sadc -S XDISK",
        [A_NET_TCP] = "sadc -S SNMP",
        [A_NET_ETCP] = "sadc -S SNMP",
        [A_PSI_CPU] = "sadc collects PSI by default where the kernel has /proc/pressure",
        [A_PSI_IO] = "sadc collects PSI by default where the kernel has /proc/pressure",
        [A_PSI_MEM] = "sadc collects PSI by default where the kernel has /proc/pressure",
};

/* How the data of an activity is collected, for what could not be judged. */
static void
collect_hint(uint32_t act, char *out, size_t len)
{
	if (group_hints[act])
		snprintf(out, len, "%s", group_hints[act]);
	else
		snprintf(out, len, "sadc -S %s", activity_by_id(act)->name);
}

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
	uint64_t seq; /* the last interval it had a value */
	uint32_t over_n; /* intervals over the limit */
	uint32_t wrun, wbest; /* U: consecutive intervals over the warning level, the longest */
	bool seen;
};

#define MAX_EPISODES 8

/* One of the biggest consumers of a resource during an episode (sar --use on a file with them). */
struct who_top {
	char name[EXT_CG_PATH_LEN]; /* "comm[pid]" or the cgroup's path */
	double v;       /* in the unit of the resource's kind (who_unit) */
};

#define WHO_TOP 3

struct episode {
	struct stamp from, to;
	struct who_top *top; /* WHO_TOP processes then WHO_TOP cgroups, NULL without them */
	uint8_t n_proc, n_cg;
};

/* A disk's await, in a histogram of 5 % wide bins from 1 us: its median is the baseline. */
#define AWAIT_BINS 400
#define AWAIT_MIN_MS 0.001
#define AWAIT_GROWTH 1.05
/* The fewest intervals with I/O that make a baseline. */
#define AWAIT_BASELINE_MIN 3

enum verdict { V_OK, V_UNKNOWN, V_WARNING, V_ERRORS, V_SATURATED };

static const char *const verdict_names[] = {"ok", "unknown", "warning", "errors", "saturated"};

struct resource {
	enum use_class cls;
	uint32_t order; /* creation order within the analysis */
	char name[MAX_FS_LEN];
	struct mstat *m; /* the class's metrics */
	uint64_t seq;   /* the last interval it was seen */
	bool over_now;
	bool hot_now; /* a U metric above its warning level in the current interval */
	bool run_hot; /* ... in some interval of the current run */
	bool ep_hot;  /* ... in some interval of an episode: saturated and utilized */
	uint32_t run;           /* consecutive intervals over a limit, up to seq_over */
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

struct use {
	struct limits lim;
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

enum {
	PHASE_ALL,   /* one pass (live): disks against the median so far */
	PHASE_MAIN,  /* first pass over a file: disks only fill their histograms */
	PHASE_DISKS, /* second pass: the disks alone */
};

static _Noreturn void
no_memory(void)
{
	fputs("Cannot allocate memory\n", stderr);
	sysrec_exit(4);
}

static void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		no_memory();
	return p;
}

/* *p (of *cap elements of size bytes) grown to hold need; the new ones are not cleared. */
static void
xgrow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;
	void *q;

	if (need <= *cap)
		return;
	while (n < need)
		n *= 2;
	q = realloc(*p, n * size);
	if (!q)
		no_memory();
	*p = q;
	*cap = n;
}

static uint32_t
hash_key(enum use_class cls, const char *name)
{
	uint32_t h = 2166136261u ^ (uint32_t) cls;

	for (; *name; name++)
		h = (h ^ (unsigned char) *name) * 16777619u;
	return h;
}

static void
hash_insert(struct use *u, size_t index)
{
	const struct resource *r = u->res[index];
	size_t mask = u->hash_cap - 1, k = hash_key(r->cls, r->name) & mask;

	while (u->hash[k])
		k = (k + 1) & mask;
	u->hash[k] = (uint32_t) index + 1;
}

static void
hash_grow(struct use *u)
{
	size_t k;

	free(u->hash);
	u->hash_cap = u->hash_cap ? u->hash_cap * 2 : 64;
	u->hash = xcalloc(u->hash_cap, sizeof(*u->hash));
	for (k = 0; k < u->n_res; k++)
		hash_insert(u, k);
}

/* The resource of class cls named name, made on first sight. */
static struct resource *
resource(struct use *u, enum use_class cls, const char *name)
{
	size_t mask, k;
	struct resource *r;

	if (u->hash_cap) {
		mask = u->hash_cap - 1;
		for (k = hash_key(cls, name) & mask; u->hash[k]; k = (k + 1) & mask) {
			r = u->res[u->hash[k] - 1];
			if (r->cls == cls && !strcmp(r->name, name))
				return r;
		}
	}
	xgrow((void **) &u->res, &u->cap_res, u->n_res + 1, sizeof(*u->res));
	r = xcalloc(1, sizeof(*r));
	r->cls = cls;
	r->order = (uint32_t) u->n_res;
	snprintf(r->name, sizeof(r->name), "%s", name);
	r->m = xcalloc(u->n_metrics[cls], sizeof(*r->m));
	if (cls == C_DISK_N)
		r->await_hist = xcalloc(AWAIT_BINS, sizeof(*r->await_hist));
	u->res[u->n_res++] = r;
	if ((u->n_res + 1) * 2 > u->hash_cap)
		hash_grow(u);
	else
		hash_insert(u, u->n_res - 1);
	return r;
}

/* ---- episodes ---- */

static uint32_t
episode_min(const struct use *u)
{
	return (uint32_t) u->lim.limit[L_EPISODE];
}

/* Seconds from one time to a later one; 0 when the clock went back between them. */
static uint64_t
span(const struct stamp *from, const struct stamp *to)
{
	return to->ust > from->ust ? to->ust - from->ust : 0;
}

/* ---- who did it: the biggest consumers during an episode ---- */

/* What ranks the consumers of a resource of this class; false for those with no per-process figure. */
static bool
who_key(enum use_class cls, enum who_sort *ret)
{
	switch (class_table[cls].kind) {
	case K_CPU:
		*ret = WHO_SORT_CPU;
		return true;
	case K_MEM:
	case K_SWAP:
		*ret = WHO_SORT_MEM;
		return true;
	case K_DISK:
		*ret = WHO_SORT_IO;
		return true;
	default:
		return false;
	}
}

static const char *
who_unit(enum who_sort key)
{
	return key == WHO_SORT_CPU ? "%CPU" : key == WHO_SORT_MEM ? "kB resident" : "kB/s read+written";
}

/* The top consumers of r's run, into its episode e (then r forgets them for the next run). */
static void
who_fill(struct resource *r, struct episode *e)
{
	struct who_proc_row pr[WHO_TOP];
	struct who_cg_row cr[WHO_TOP];
	enum who_sort key;
	size_t np, nc, k;

	if (!r->who || !who_key(r->cls, &key))
		return;
	np = who_avg_top_procs(r->who, key, pr, WHO_TOP);
	nc = who_avg_top_cgroups(r->who, key, cr, WHO_TOP);
	if (!np && !nc)
		return;
	e->top = xcalloc(2 * WHO_TOP, sizeof(*e->top));
	/* Only consumers with a value: not a cgroup without the controller, nor a zero. */
	for (k = 0; k < np; k++) {
		struct who_top *t = &e->top[e->n_proc];

		t->v = who_proc_key(&pr[k], key);
		if (!(t->v > 0))
			continue;
		snprintf(t->name, sizeof(t->name), "%s[%u]", pr[k].p->comm, pr[k].p->pid);
		e->n_proc++;
	}
	for (k = 0; k < nc; k++) {
		struct who_top *t = &e->top[WHO_TOP + e->n_cg];

		t->v = who_cg_key(&cr[k], key); /* -1 without the controller's file */
		if (!(t->v > 0))
			continue;
		snprintf(t->name, sizeof(t->name), "%s", cr[k].c->path);
		e->n_cg++;
	}
	if (!e->n_proc && !e->n_cg) {
		free(e->top);
		e->top = NULL;
	}
}

static void
close_run(struct use *u, struct resource *r)
{
	if (r->run >= episode_min(u)) {
		if (r->n_ep < MAX_EPISODES) {
			r->ep[r->n_ep].from = r->run_from;
			r->ep[r->n_ep].to = r->run_to;
			who_fill(r, &r->ep[r->n_ep]);
		}
		r->n_ep++;
		r->ep_seconds += (double) span(&r->run_from, &r->run_to);
		r->ep_hot = r->ep_hot || r->run_hot;
	}
	if (r->who)
		who_avg_reset(r->who);
	r->run = 0;
	r->run_hot = false;
}

/* The interval ended: r's run goes on or ends. */
static void
step_run(struct use *u, struct resource *r)
{
	if (r->run && r->run_seq + 1 != u->seq)
		close_run(u, r);
	if (!r->over_now) {
		close_run(u, r);
		return;
	}
	if (!r->run)
		r->run_from = u->t0;
	r->run_hot = r->run_hot || r->hot_now;
	r->run++;
	r->run_seq = u->seq;
	r->run_to = u->t1;
}

static void
touch(struct use *u, struct resource *r)
{
	if (r->seq == u->seq)
		return;
	r->seq = u->seq;
	r->over_now = false;
	r->hot_now = false;
	xgrow((void **) &u->touched, &u->cap_touched, u->n_touched + 1, sizeof(*u->touched));
	u->touched[u->n_touched++] = r;
}

/* Metric id of resource r takes value v for the current interval. */
static void
put(struct use *u, struct resource *r, enum metric_id id, double v)
{
	const struct metric_desc *d = &metric_table[id];
	struct mstat *m = &r->m[id - u->first[r->cls]];
	double limit = u->lim.limit[d->lim], warn = u->lim.warn[d->lim];

	if (!isfinite(v))
		return;
	touch(u, r);
	if (!m->seen || v > m->peak) {
		m->peak = v;
		m->peak_at = u->t1;
	}
	m->seen = true;
	m->wsum += v * u->secs;
	m->wtime += u->secs;
	if (d->letter == E)
		m->total += v * u->secs;
	if (v > limit) {
		m->over_n++;
		if (d->letter != E)
			r->over_now = true;
	}
	if (d->letter == U && warn >= 0) {
		if (v > warn)
			r->hot_now = true;
		if (m->seq + 1 != u->seq)
			m->wrun = 0;
		m->wrun = v > warn ? m->wrun + 1 : 0;
		if (m->wrun > m->wbest)
			m->wbest = m->wrun;
	}
	m->seq = u->seq;
}

/* ---- feeders: two records' items of one activity into metric values ---- */

struct feed {
	struct use *u;
	struct sar *s;
	struct sar_act *by_id[A_ID_MAX + 1]; /* the file's activities that hold items in both slots */
	struct sar_act *a;
	struct sar_slot *p, *c; /* the previous and current items */
	int kp, kc;             /* their slot numbers */
	uint64_t itv;           /* 1/100 s */
	uint32_t n_cpu;
};

/* A counter's rate per second; NAN when it went back (a restart of its own). */
static double
rate(uint64_t p, uint64_t c, uint64_t itv)
{
	return c < p ? NAN : sar_s_value(p, c, itv);
}

/* A 32-bit tick counter's rate: it wraps (every 49 days in ms), and the difference with it, as sar's. */
static double
rate32(uint32_t p, uint32_t c, uint64_t itv)
{
	return (double) (uint32_t) (c - p) / (double) itv * 100;
}

static const void *
item(const struct feed *f, const struct sar_slot *sl, uint32_t i)
{
	return sar_item(f->a, sl, i, 0);
}

/* The single item of an activity, copied out (items are not aligned for every type). */
#define ITEMS(type, f, ret_p, ret_c)                                                               \
	do {                                                                                       \
		memcpy(ret_p, item(f, (f)->p, 0), sizeof(type));                                   \
		memcpy(ret_c, item(f, (f)->c, 0), sizeof(type));                                   \
	} while (0)

static struct resource *
single(const struct feed *f, enum use_class cls)
{
	return resource(f->u, cls, "all");
}

/* sar -u's share of a counter: 0 when it went back. */
static double
cpu_share(uint64_t p, uint64_t c, uint64_t tot)
{
	return c < p ? 0.0 : sar_sp_value(p, c, tot);
}

/*
 * %busy from counters p to c over tot ticks: 100 - %idle - %iowait of sar -u.
 * iowait is idle time (a processor with nothing to run while some task waits
 * for I/O): counting it as use would call idle processors saturated by a
 * slow disk.
 */
static double
cpu_busy(const struct stats_cpu *p, const struct stats_cpu *c, uint64_t tot)
{
	double busy;

	if (!tot)
		return NAN;
	busy = 100.0 - cpu_share(p->cpu_idle, c->cpu_idle, tot) -
	       cpu_share(p->cpu_iowait, c->cpu_iowait, tot);
	return busy < 0 ? 0.0 : busy;
}

/*
 * The CPUs' %busy as sar -u prints them: on SMP, "all" is rebuilt from the
 * CPUs, not read from the stored "all" (the kernel sums its "cpu" line at
 * another instant than the CPUs' lines: a tick apart is 0.5 % of a second
 * on two processors); an offline CPU, or one back online without a
 * reference, has no value, as sar shows no row for it.
 */
static void
feed_cpu(struct feed *f)
{
	uint32_t i, n = f->c->nr < f->p->nr ? f->c->nr : f->p->nr;
	struct stats_cpu p, c, all_p = {0}, all_c = {0};
	uint64_t all_ticks = 0;
	char name[16];

	for (i = 1; i < n; i++) {
		uint64_t ticks = 0;
		bool offline;

		memcpy(&p, item(f, f->p, i), sizeof(p));
		memcpy(&c, item(f, f->c, i), sizeof(c));
		if (!sar_cpu_add_to_all(&p, &c, false, &all_p, &all_c, &ticks, &offline))
			continue;
		all_ticks += ticks;
		if (offline || !(f->s->o.cpu_option && sar_cpu_selected(f->s, i)))
			continue;
		snprintf(name, sizeof(name), "%u", i - 1);
		put(f->u, resource(f->u, C_CPU_N, name), M_CPUN_BUSY, cpu_busy(&p, &c, ticks));
	}
	if (f->a->nr_ini == 1 && n) {
		/* No CPU of its own: the stored "all". */
		memcpy(&all_p, item(f, f->p, 0), sizeof(all_p));
		memcpy(&all_c, item(f, f->c, 0), sizeof(all_c));
		all_ticks = sar_cpu_ticks(&all_c) ? sar_cpu_interval(&all_c, &all_p) : 0;
	}
	put(f->u, single(f, C_CPU_ALL), M_CPU_BUSY, cpu_busy(&all_p, &all_c, all_ticks));
}

static void
feed_queue(struct feed *f)
{
	struct stats_queue p, c;

	ITEMS(struct stats_queue, f, &p, &c);
	put(f->u, single(f, C_CPU_ALL), M_CPU_RUNQ, (double) c.nr_running - (double) f->n_cpu);
}

/* The share of the interval spent stalled, from two totals in microseconds. */
static double
psi_share(uint64_t p, uint64_t c, uint64_t itv)
{
	return c < p ? NAN : (double) (c - p) / (double) (100 * itv);
}

static void
feed_psi_cpu(struct feed *f)
{
	struct stats_psi_cpu p, c;

	ITEMS(struct stats_psi_cpu, f, &p, &c);
	put(f->u, single(f, C_CPU_ALL), M_CPU_PSI,
	    psi_share(p.some_cpu_total, c.some_cpu_total, f->itv));
}

static void
feed_psi_mem(struct feed *f)
{
	struct resource *r = single(f, C_MEM);
	struct stats_psi_mem p, c;

	ITEMS(struct stats_psi_mem, f, &p, &c);
	put(f->u, r, M_MEM_PSI_SOME, psi_share(p.some_mem_total, c.some_mem_total, f->itv));
	put(f->u, r, M_MEM_PSI_FULL, psi_share(p.full_mem_total, c.full_mem_total, f->itv));
}

static void
feed_psi_io(struct feed *f)
{
	struct resource *r = single(f, C_DISK_ALL);
	struct stats_psi_io p, c;

	ITEMS(struct stats_psi_io, f, &p, &c);
	put(f->u, r, M_IO_PSI_SOME, psi_share(p.some_io_total, c.some_io_total, f->itv));
	put(f->u, r, M_IO_PSI_FULL, psi_share(p.full_io_total, c.full_io_total, f->itv));
}

static void
feed_memory(struct feed *f)
{
	struct stats_memory p, m;
	double used;

	ITEMS(struct stats_memory, f, &p, &m);
	if (m.tlmkb) {
		if (m.availablekb)
			used = (double) m.tlmkb - (double) m.availablekb;
		else
			used = (double) m.tlmkb - (double) m.frmkb - (double) m.bufkb -
			       (double) m.camkb - (double) m.slabkb;
		put(f->u, single(f, C_MEM), M_MEM_USED,
		    (used < 0 ? 0.0 : used) / (double) m.tlmkb * 100);
	}
	/* Without swap space (or with more free than total) there is no utilization to judge. */
	if (m.tlskb && m.frskb <= m.tlskb)
		put(f->u, single(f, C_SWAP), M_SWAP_USED,
		    ((double) m.tlskb - (double) m.frskb) / (double) m.tlskb * 100);
}

static void
feed_paging(struct feed *f)
{
	struct resource *r = single(f, C_MEM);
	struct stats_paging p, c;

	/* The 12.6.1 item is shorter than the struct: only its first members are read. */
	memcpy(&p, item(f, f->p, 0), f->a->desc->size);
	memcpy(&c, item(f, f->c, 0), f->a->desc->size);
	put(f->u, r, M_MEM_PGSCAND, rate(p.pgscan_direct, c.pgscan_direct, f->itv));
	put(f->u, r, M_MEM_MAJFLT, rate(p.pgmajfault, c.pgmajfault, f->itv));
}

static void
feed_swap(struct feed *f)
{
	struct resource *mem = single(f, C_MEM), *swap = single(f, C_SWAP);
	struct stats_swap p, c;
	double in, out;

	ITEMS(struct stats_swap, f, &p, &c);
	in = rate(p.pswpin, c.pswpin, f->itv);
	out = rate(p.pswpout, c.pswpout, f->itv);
	put(f->u, mem, M_MEM_PSWPIN, in);
	put(f->u, mem, M_MEM_PSWPOUT, out);
	put(f->u, swap, M_SWAP_IN, in);
	put(f->u, swap, M_SWAP_OUT, out);
}

/*
 * A device's previous item, or zeros for one absent from the previous record
 * (or re-registered): its counters started at zero within the interval, and
 * sar prints its row from zeros too, so the figures judged are sar's.
 */
static void
prev_or_zero(void *ret, const void *prev, size_t size)
{
	if (prev)
		memcpy(ret, prev, size);
	else
		memset(ret, 0, size);
}

static size_t
await_bin(double ms)
{
	double b = log(ms / AWAIT_MIN_MS) / log(AWAIT_GROWTH);

	if (!(b > 0))
		return 0;
	return b >= AWAIT_BINS - 1 ? AWAIT_BINS - 1 : (size_t) b;
}

/* The await of the rank-th (from 1) smallest interval so far: the middle of its bin. */
static double
await_at_rank(const struct resource *r, uint64_t rank)
{
	uint64_t seen = 0;
	size_t k;

	for (k = 0; k < AWAIT_BINS - 1; k++) {
		seen += r->await_hist[k];
		if (seen >= rank)
			break;
	}
	return AWAIT_MIN_MS * pow(AWAIT_GROWTH, (double) k + 0.5);
}

/*
 * The median await of r so far (the mean of the two middle ones for an even
 * count); 0 before AWAIT_BASELINE_MIN intervals with I/O, too few to be a
 * baseline.
 */
static double
await_median(const struct resource *r)
{
	if (r->await_n < AWAIT_BASELINE_MIN)
		return 0.0;
	return (await_at_rank(r, (r->await_n + 1) / 2) + await_at_rank(r, r->await_n / 2 + 1)) / 2;
}

/* Below this, an await is not worth a comparison (ms). */
#define AWAIT_FLOOR_MS 1.0

static void
disk_values(struct feed *f, struct resource *r, const struct stats_disk *dp,
            const struct stats_disk *dc)
{
	uint64_t ios = dc->nr_ios - dp->nr_ios;
	uint32_t ticks = (dc->rd_ticks - dp->rd_ticks) + (dc->wr_ticks - dp->wr_ticks) +
	                 (dc->dc_ticks - dp->dc_ticks);
	double await = ios && dc->nr_ios >= dp->nr_ios ? (double) ticks / (double) ios : NAN;

	if (isfinite(await) && f->u->phase != PHASE_DISKS) {
		r->await_hist[await_bin(await)]++;
		r->await_n++;
	}
	if (f->u->phase == PHASE_MAIN)
		return;
	put(f->u, r, M_DISK_UTIL, rate32(dp->tot_ticks, dc->tot_ticks, f->itv) / 10.0);
	put(f->u, r, M_DISK_AQU, rate32(dp->rq_ticks, dc->rq_ticks, f->itv) / 1000.0);
	if (isfinite(await)) {
		double base = f->u->phase == PHASE_DISKS ? r->await_base : await_median(r);

		put(f->u, r, M_DISK_AWAIT,
		    await < AWAIT_FLOOR_MS || base <= 0 ? 0.0 : await / base);
	}
}

static void
feed_disk(struct feed *f)
{
	char name[MAX_FS_LEN];
	uint32_t i;

	for (i = 0; i < f->c->nr; i++) {
		struct stats_disk dc, dp;
		const void *pp;

		memcpy(&dc, item(f, f->c, i), sizeof(dc));
		pp = sar_disk_prev(f->a, f->p, i, item(f, f->c, i), NULL);
		prev_or_zero(&dp, pp, sizeof(dp));
		sar_disk_kernel_name(f->s, dc.major, dc.minor, name, sizeof(name));
		if (!sar_list_accepts(&f->s->o.dev_list, name, SAR_LIST_NAME_MAX))
			continue;
		disk_values(f, resource(f->u, C_DISK_N, name), &dp, &dc);
	}
}

static struct resource *
iface(struct feed *f, const char *raw)
{
	char name[MAX_IFACE_LEN + 1];

	memcpy(name, raw, MAX_IFACE_LEN);
	name[MAX_IFACE_LEN] = '\0';
	if (!sar_list_accepts(&f->s->o.iface_list, name, MAX_IFACE_LEN))
		return NULL;
	return resource(f->u, C_NET_N, name);
}

static void
feed_net_dev(struct feed *f)
{
	uint32_t i;

	for (i = 0; i < f->c->nr; i++) {
		struct stats_net_dev c, p;
		const void *pp = sar_named_prev(f->a, f->p, i, item(f, f->c, i), NULL);
		struct resource *r;
		double rx, tx, speed;

		memcpy(&c, item(f, f->c, i), sizeof(c));
		/* Made even without a speed: the interfaces are listed in the file's order. */
		if (!(r = iface(f, c.interface)) || !c.speed)
			continue;
		prev_or_zero(&p, pp, sizeof(p));
		rx = rate(p.rx_bytes, c.rx_bytes, f->itv);
		tx = rate(p.tx_bytes, c.tx_bytes, f->itv);
		speed = (double) c.speed * 1000000;
		put(f->u, r, M_IF_UTIL, (c.duplex == 2 ? fmax(rx, tx) : rx + tx) * 800 / speed);
	}
}

static void
feed_net_edev(struct feed *f)
{
	uint32_t i;

	for (i = 0; i < f->c->nr; i++) {
		struct stats_net_edev c, p;
		const void *pp = sar_named_prev(f->a, f->p, i, item(f, f->c, i), NULL);
		struct resource *r;
		uint64_t itv = f->itv;

		memcpy(&c, item(f, f->c, i), sizeof(c));
		if (!(r = iface(f, c.interface)))
			continue;
		prev_or_zero(&p, pp, sizeof(p));
		put(f->u, r, M_IF_DROP,
		    rate(p.rx_dropped, c.rx_dropped, itv) + rate(p.tx_dropped, c.tx_dropped, itv));
		put(f->u, r, M_IF_FIFO,
		    rate(p.rx_fifo_errors, c.rx_fifo_errors, itv) +
		            rate(p.tx_fifo_errors, c.tx_fifo_errors, itv));
		put(f->u, r, M_IF_RXERR, rate(p.rx_errors, c.rx_errors, itv));
		put(f->u, r, M_IF_TXERR, rate(p.tx_errors, c.tx_errors, itv));
		put(f->u, r, M_IF_RXFRAM, rate(p.rx_frame_errors, c.rx_frame_errors, itv));
		put(f->u, r, M_IF_TXCARR, rate(p.tx_carrier_errors, c.tx_carrier_errors, itv));
		put(f->u, r, M_IF_COLL, rate(p.collisions, c.collisions, itv));
	}
}

static void
feed_softnet(struct feed *f)
{
	uint32_t i, n = f->c->nr < f->p->nr ? f->c->nr : f->p->nr;
	uint64_t dropped = 0, squeezed = 0;
	struct resource *r = single(f, C_NET_ALL);
	double secs = (double) f->itv / 100;

	/* sadc leaves "all" (item 0) empty: the sum of the CPUs that count in both records. */
	for (i = 1; i < n; i++) {
		struct stats_softnet p, c;

		memcpy(&p, item(f, f->p, i), sizeof(p));
		memcpy(&c, item(f, f->c, i), sizeof(c));
		if (!p.processed && !p.dropped && !p.time_squeeze)
			continue;
		if (c.dropped >= p.dropped)
			dropped += c.dropped - p.dropped;
		if (c.time_squeeze >= p.time_squeeze)
			squeezed += c.time_squeeze - p.time_squeeze;
	}
	put(f->u, r, M_NET_SOFTDROP, (double) dropped / secs);
	put(f->u, r, M_NET_SQUEEZE, (double) squeezed / secs);
}

static void
feed_etcp(struct feed *f)
{
	struct resource *r = single(f, C_TCP);
	struct stats_net_etcp p, c;
	const struct sar_act *tcp = f->by_id[A_NET_TCP];
	uint64_t itv = f->itv;

	ITEMS(struct stats_net_etcp, f, &p, &c);
	put(f->u, r, M_TCP_ATMPTF, rate(p.attempt_fails, c.attempt_fails, itv));
	put(f->u, r, M_TCP_ESTRES, rate(p.estab_resets, c.estab_resets, itv));
	put(f->u, r, M_TCP_ISEGERR, rate(p.in_errs, c.in_errs, itv));
	put(f->u, r, M_TCP_ORSTS, rate(p.out_rsts, c.out_rsts, itv));
	if (tcp) {
		struct stats_net_tcp tp, tc;
		uint64_t retrans = c.retrans_segs - p.retrans_segs;

		memcpy(&tp, sar_item(tcp, &tcp->slot[f->kp], 0, 0), sizeof(tp));
		memcpy(&tc, sar_item(tcp, &tcp->slot[f->kc], 0, 0), sizeof(tc));
		if (tc.out_segs < tp.out_segs || c.retrans_segs < p.retrans_segs)
			return;
		if (tc.out_segs > tp.out_segs)
			put(f->u, single(f, C_NET_ALL), M_NET_RETRANS,
			    (double) retrans / (double) (tc.out_segs - tp.out_segs) * 100);
		else
			put(f->u, single(f, C_NET_ALL), M_NET_RETRANS, retrans ? 100.0 : 0.0);
	}
}

static void
feed_fs(struct feed *f)
{
	char name[MAX_FS_LEN + 1], dev[MAX_FS_LEN + 1];
	uint32_t i;

	for (i = 0; i < f->c->nr; i++) {
		struct stats_filesystem c;
		struct resource *r;

		memcpy(&c, item(f, f->c, i), sizeof(c));
		memcpy(name, c.mountp, MAX_FS_LEN);
		name[MAX_FS_LEN] = '\0';
		memcpy(dev, c.fs_name, MAX_FS_LEN);
		dev[MAX_FS_LEN] = '\0';
		if (!sar_list_accepts(&f->s->o.fs_list, name, SAR_LIST_NAME_MAX) &&
		    !sar_list_accepts(&f->s->o.fs_list, dev, SAR_LIST_NAME_MAX))
			continue;
		r = resource(f->u, C_FS_N, name);
		if (c.f_blocks)
			put(f->u, r, M_FS_USED,
			    ((double) c.f_blocks - (double) c.f_bfree) / (double) c.f_blocks * 100);
		if (c.f_files)
			put(f->u, r, M_FS_INODES,
			    ((double) c.f_files - (double) c.f_ffree) / (double) c.f_files * 100);
	}
}

/* ---- cgroups (sadc -S CGROUP): each one's limits, and the host's oom kills ---- */

/*
 * A cgroup of the later record of an interval: its earlier self (NULL: not
 * there), the oom kills its memory.events counted in the interval (NAN: no
 * value) and those of them that are its own (cg_own_kills()).
 */
struct cg_item {
	const struct ext_cgroup *p, *c;
	uint32_t both; /* EXT_CG_* of the files whose counters make the interval (cg_both()) */
	double kills, own;
};

/* Own kills a cgroup's counter has yet to catch up with (cg_settle()). */
struct cg_owed {
	double kills;
	uint64_t seq; /* the interval it was left over from */
};

static uint64_t
cg_field(const struct ext_cgroup *cg, size_t offset)
{
	uint64_t v;

	memcpy(&v, (const char *) cg + offset, sizeof(v));
	return v;
}

/* The counters of a cgroup, each with the bit of its file (common/ext.h). */
static const struct cg_counter {
	size_t offset;
	uint32_t bit;
} cg_counters[] = {
        {offsetof(struct ext_cgroup, usage_usec), EXT_CG_CPU},
        {offsetof(struct ext_cgroup, nr_periods), EXT_CG_THROTTLE},
        {offsetof(struct ext_cgroup, nr_throttled), EXT_CG_THROTTLE},
        {offsetof(struct ext_cgroup, throttled_usec), EXT_CG_THROTTLE},
        {offsetof(struct ext_cgroup, ev_max), EXT_CG_MEMEVENTS},
        {offsetof(struct ext_cgroup, ev_oom_kill), EXT_CG_MEMEVENTS},
        {offsetof(struct ext_cgroup, rbytes), EXT_CG_IO},
        {offsetof(struct ext_cgroup, wbytes), EXT_CG_IO},
        {offsetof(struct ext_cgroup, psi_cpu_some), EXT_CG_PSI_CPU},
        {offsetof(struct ext_cgroup, psi_mem_some), EXT_CG_PSI_MEM},
        {offsetof(struct ext_cgroup, psi_mem_full), EXT_CG_PSI_MEM},
        {offsetof(struct ext_cgroup, psi_io_some), EXT_CG_PSI_IO},
        {offsetof(struct ext_cgroup, psi_io_full), EXT_CG_PSI_IO},
};

/*
 * The files (EXT_CG_*) whose counters make an interval of a cgroup: those
 * in both records. None when the earlier record does not hold the cgroup:
 * its counters start at its creation, but whether it was made in the
 * interval (then they would count from 0) or only missed by that record (a
 * sample cut at COLLECT_CGROUP_MAX, a directory unreadable for a moment)
 * the file cannot tell, and a wrong guess would put a whole past into one
 * interval. None either when a counter went back: the cgroup was removed
 * and made again (rate() gives no value for a counter that went back).
 */
static uint32_t
cg_both(const struct ext_cgroup *p, const struct ext_cgroup *c)
{
	uint32_t both;
	size_t k;

	if (!p)
		return 0;
	both = p->present & c->present;
	for (k = 0; k < sizeof(cg_counters) / sizeof(cg_counters[0]); k++)
		if ((both & cg_counters[k].bit) &&
		    cg_field(c, cg_counters[k].offset) < cg_field(p, cg_counters[k].offset))
			return 0;
	return both;
}

/* The S metrics that are microseconds as a share of the interval, as psi_share() makes them. */
static const struct cg_share {
	enum metric_id id;
	size_t offset;
	uint32_t bit;
} cg_shares[] = {
        {M_CG_THRTL, offsetof(struct ext_cgroup, throttled_usec), EXT_CG_THROTTLE},
        {M_CG_SMEM, offsetof(struct ext_cgroup, psi_mem_some), EXT_CG_PSI_MEM},
        {M_CG_FMEM, offsetof(struct ext_cgroup, psi_mem_full), EXT_CG_PSI_MEM},
        {M_CG_SIO, offsetof(struct ext_cgroup, psi_io_some), EXT_CG_PSI_IO},
        {M_CG_FIO, offsetof(struct ext_cgroup, psi_io_full), EXT_CG_PSI_IO},
};

/*
 * memory.current in % of memory.max at the end of the interval: a level,
 * so a cgroup new in the interval has it too; NAN without a limit ("max").
 */
static double
cg_memmax(const struct ext_cgroup *c)
{
	const uint32_t need = EXT_CG_MEM | EXT_CG_MEMMAX;

	if ((c->present & need) != need || c->mem_max == UINT64_MAX || !c->mem_max)
		return NAN;
	return (double) c->mem_current / (double) c->mem_max * 100;
}

/*
 * The share of the enforcement periods in which the quota ran out (the
 * counters checked by cg_both()); NAN when no period ran: no quota, or
 * nothing ran.
 */
static double
cg_thrprd(const struct ext_cgroup *p, const struct ext_cgroup *c)
{
	uint64_t periods = c->nr_periods - p->nr_periods;

	if (!periods)
		return NAN;
	return (double) (c->nr_throttled - p->nr_throttled) / (double) periods * 100;
}

/*
 * A cgroup's resource name: its path, or when that is too long for one,
 * its start and a hash of the whole, so that two long paths stay two.
 */
static const char *
cg_name(const char *path, char *out, size_t len)
{
	if (strlen(path) < len)
		snprintf(out, len, "%s", path);
	else
		snprintf(out, len, "%.*s...%08x", (int) (len - 12), path,
		         (unsigned) hash_key(C_CG_N, path));
	return out;
}

static int
cmp_prev_path(const void *x, const void *y)
{
	return strcmp((*(const struct ext_cgroup *const *) x)->path,
	              (*(const struct ext_cgroup *const *) y)->path);
}

static int
cmp_item_path(const void *x, const void *y)
{
	return strcmp((*(const struct cg_item *const *) x)->c->path,
	              (*(const struct cg_item *const *) y)->c->path);
}

/* bsearch()'s: a path against an element of u->cg_prev, or of u->cg_sorted. */
static int
key_prev_path(const void *key, const void *elem)
{
	return strcmp(key, (*(const struct ext_cgroup *const *) elem)->path);
}

static int
key_item_path(const void *key, const void *elem)
{
	return strcmp(key, (*(const struct cg_item *const *) elem)->c->path);
}

/*
 * u->cg_items: the cgroups of curr, each with its earlier self in prev
 * (matched by path) and its files in both; u->cg_sorted, the same by path.
 * Returns how many.
 */
static size_t
cg_index(struct use *u, const struct archive_ext *prev, const struct archive_ext *curr)
{
	size_t i, n = curr->n_cgroup, np = prev->n_cgroup;

	xgrow((void **) &u->cg_prev, &u->cg_prev_cap, np, sizeof(*u->cg_prev));
	xgrow((void **) &u->cg_items, &u->cg_items_cap, n, sizeof(*u->cg_items));
	xgrow((void **) &u->cg_sorted, &u->cg_sorted_cap, n, sizeof(*u->cg_sorted));
	for (i = 0; i < np; i++)
		u->cg_prev[i] = &prev->cgroup[i];
	if (np > 1)
		qsort(u->cg_prev, np, sizeof(*u->cg_prev), cmp_prev_path);
	for (i = 0; i < n; i++) {
		struct cg_item *it = &u->cg_items[i];
		const struct ext_cgroup *const *hit =
		        np ? bsearch(curr->cgroup[i].path, u->cg_prev, np, sizeof(*u->cg_prev),
		                     key_prev_path)
		           : NULL;

		it->c = &curr->cgroup[i];
		it->p = hit ? *hit : NULL;
		it->both = cg_both(it->p, it->c);
		it->kills = (it->both & EXT_CG_MEMEVENTS)
		                    ? (double) (it->c->ev_oom_kill - it->p->ev_oom_kill)
		                    : NAN;
		it->own = it->kills;
		u->cg_sorted[i] = it;
	}
	if (n > 1)
		qsort(u->cg_sorted, n, sizeof(*u->cg_sorted), cmp_item_path);
	return n;
}

/* The nearest ancestor of it among the n cgroups whose kills have a value, or NULL. */
static struct cg_item *
cg_counted_above(const struct use *u, size_t n, const struct cg_item *it)
{
	char path[EXT_CG_PATH_LEN];
	char *slash;

	snprintf(path, sizeof(path), "%s", it->c->path);
	/* Each turn shortens the path: "/a/b" to "/a", "/a" to "/", where it stops. */
	while (strcmp(path, "/") && (slash = strrchr(path, '/'))) {
		struct cg_item *const *hit;

		slash[slash == path] = '\0';
		hit = bsearch(path, u->cg_sorted, n, sizeof(*u->cg_sorted), key_item_path);
		if (hit && !isnan((*hit)->kills))
			return *hit;
	}
	return NULL;
}

/*
 * memory.events is hierarchical (Linux 5.2 and later, unless cgroup2 is
 * mounted with memory_localevents): a kill in a service counts in its
 * slice too, and in every ancestor below the root. So that one kill makes
 * one error, a cgroup's own kills are its count less those of its nearest
 * descendants that have one; a child without (made, removed or made again
 * in the interval, or not recorded) leaves its kills to the nearest
 * ancestor that has them, so none is lost. The host's are the counts of
 * the cgroups with no counted ancestor: the top-level ones (the root has no
 * memory.events), each holding its whole subtree. Returns the host's kills,
 * NAN when no cgroup counted any.
 */
static double
cg_own_kills(struct use *u, size_t n)
{
	double host = NAN;
	size_t i;

	for (i = 0; i < n; i++) {
		struct cg_item *it = &u->cg_items[i], *up;

		if (isnan(it->kills))
			continue;
		up = cg_counted_above(u, n, it);
		if (up)
			up->own -= it->kills;
		else
			host = isnan(host) ? it->kills : host + it->kills;
	}
	return host;
}

/*
 * r's own kills of the interval (NAN: none counted), less what it owes.
 * sadc reads a parent before its children, so a kill between the two
 * reads is in the child's count an interval before the parent's: the
 * parent's own kills come out negative, then as much positive the next
 * interval. The debt is paid from the next interval, not counted twice;
 * it does not outlive an interval without a value.
 */
static double
cg_settle(struct use *u, const struct resource *r, double own)
{
	size_t had = u->cg_owed_cap;
	struct cg_owed *o;

	if (isnan(own))
		return NAN;
	xgrow((void **) &u->cg_owed, &u->cg_owed_cap, (size_t) r->order + 1, sizeof(*u->cg_owed));
	memset(u->cg_owed + had, 0, (u->cg_owed_cap - had) * sizeof(*u->cg_owed));
	o = &u->cg_owed[r->order];
	own -= o->seq + 1 == u->seq ? o->kills : 0;
	o->kills = own < 0 ? -own : 0;
	o->seq = u->seq;
	return own < 0 ? 0 : own;
}

/* The metrics of one cgroup over the interval (itv 1/100 s). */
static void
cg_values(struct use *u, const struct cg_item *it, uint64_t itv)
{
	char name[MAX_FS_LEN];
	struct resource *r = resource(u, C_CG_N, cg_name(it->c->path, name, sizeof(name)));
	size_t k;

	put(u, r, M_CG_MEMMAX, cg_memmax(it->c));
	for (k = 0; k < sizeof(cg_shares) / sizeof(cg_shares[0]); k++) {
		const struct cg_share *sh = &cg_shares[k];

		if (it->both & sh->bit)
			put(u, r, sh->id,
			    psi_share(cg_field(it->p, sh->offset), cg_field(it->c, sh->offset),
			              itv));
	}
	if (it->both & EXT_CG_THROTTLE)
		put(u, r, M_CG_THRPRD, cg_thrprd(it->p, it->c));
	put(u, r, M_CG_OOM, cg_settle(u, r, it->own) / u->secs);
}

/*
 * The cgroups of two records over the interval between them (itv 1/100
 * s). The root is no resource: it has no limits (no memory.max, no
 * cpu.max) and its pressure is the host's, judged by memory all and disk
 * all.
 */
static void
feed_cgroups(struct use *u, const struct archive_ext *prev, const struct archive_ext *curr,
             uint64_t itv)
{
	size_t i, n = cg_index(u, prev, curr);
	double host = cg_own_kills(u, n);

	for (i = 0; i < n; i++)
		if (strcmp(u->cg_items[i].c->path, "/"))
			cg_values(u, &u->cg_items[i], itv);
	put(u, resource(u, C_MEM, "all"), M_MEM_OOM, host / u->secs);
}

/*
 * The extension record of slot k has come, after use_who() took it. With
 * the one of the record before (slot !k), its cgroups make the interval
 * use_interval() fed last (fed), whose number, times and length u still
 * holds: their values go to that interval, and the runs of what they
 * touched step as use_interval() steps the others'. The disks' pass has
 * had them already.
 */
static void
use_cgroups(struct use *u, int k, bool fed)
{
	const struct archive_ext *p = &u->ext[!k], *c = &u->ext[k];
	size_t i;

	if (c->has_cgroup)
		u->have[A_USE_CG] = true;
	if (!fed || u->phase == PHASE_DISKS || !u->ext_ok[!k] || !p->has_cgroup || !c->has_cgroup ||
	    u->ext_up[k] <= u->ext_up[!k])
		return;
	feed_cgroups(u, p, c, u->ext_up[k] - u->ext_up[!k]);
	for (i = 0; i < u->n_touched; i++)
		step_run(u, u->touched[i]);
	u->n_touched = 0;
}

/* Which feeder reads which activity, and in which passes (a disk's await needs two). */
static const struct feeder {
	uint32_t act;
	void (*fn)(struct feed *f);
	bool disk_pass; /* runs in PHASE_DISKS (and its histogram in PHASE_MAIN) */
} feeders[] = {
        {A_CPU, feed_cpu, false},         {A_QUEUE, feed_queue, false},
        {A_PSI_CPU, feed_psi_cpu, false}, {A_MEMORY, feed_memory, false},
        {A_PSI_MEM, feed_psi_mem, false}, {A_PAGE, feed_paging, false},
        {A_SWAP, feed_swap, false},       {A_PSI_IO, feed_psi_io, false},
        {A_DISK, feed_disk, true},        {A_NET_DEV, feed_net_dev, false},
        {A_NET_EDEV, feed_net_edev, false}, {A_NET_SOFT, feed_softnet, false},
        {A_NET_ETCP, feed_etcp, false},   {A_FS, feed_fs, false},
};

/*
 * Whether the pass of phase reads activity id: A_CPU always (each record's
 * CPU count), the activities of the phase's feeders, and in the passes that
 * are not the disks' alone every activity a metric reads (%retrans reads
 * TCP from ETCP's feeder).
 */
static bool
reads_act(uint32_t id, int phase)
{
	size_t k;

	if (id == A_CPU)
		return true;
	for (k = 0; k < sizeof(feeders) / sizeof(feeders[0]); k++)
		if (feeders[k].act == id && (phase != PHASE_DISKS || feeders[k].disk_pass))
			return true;
	for (k = 0; phase != PHASE_DISKS && k < M_MAX; k++)
		if (metric_table[k].act == id || metric_table[k].act2 == id)
			return true;
	return false;
}

void
use_select(struct sar_opts *o)
{
	uint32_t id;

	for (id = 1; id <= A_ID_MAX; id++)
		if (reads_act(id, PHASE_ALL))
			o->outputs[id] = SAR_O_MAIN;
	o->outputs[A_CPU] = SAR_O_CPU;
	o->outputs[A_MEMORY] = SAR_O_MEM;
}

/* ---- the analysis ---- */

static struct stamp
stamp_of(const struct sa_record_header *h)
{
	struct stamp t = {h->ust_time, h->hour, h->minute, h->second};

	return t;
}

static bool
have_metric(const struct use *u, enum metric_id id)
{
	const struct metric_desc *d = &metric_table[id];

	return u->have[d->act] && (!d->act2 || u->have[d->act2]);
}

struct use *
use_new(struct sar *s)
{
	struct use *u = xcalloc(1, sizeof(*u));
	uint32_t i;
	int c;

	limits_load(s, &u->lim);
	for (i = 0; i < M_MAX; i++) {
		enum use_class cls = metric_table[i].cls;

		if (!u->n_metrics[cls])
			u->first[cls] = i;
		u->n_metrics[cls]++;
	}
	for (i = 0; i < s->n_acts; i++)
		if (s->acts[i].fa->desc && s->acts[i].fa->known_format)
			u->have[s->acts[i].desc->id] = true;
	/* The resources of the whole host come first, in class order, judged or not. */
	for (c = 0; c < C_MAX; c++)
		if (!class_table[c].items && (c != C_FS_NONE || !u->have[A_FS]))
			resource(u, (enum use_class) c, "all");
	return u;
}

void
use_free(struct use *u)
{
	size_t k;

	if (!u)
		return;
	for (k = 0; k < u->n_res; k++) {
		uint32_t j;

		for (j = 0; j < MAX_EPISODES; j++)
			free(u->res[k]->ep[j].top);
		if (u->res[k]->who) {
			who_avg_release(u->res[k]->who);
			free(u->res[k]->who);
		}
		free(u->res[k]->m);
		free(u->res[k]->await_hist);
		free(u->res[k]);
	}
	for (k = 0; k < 2; k++) {
		free(u->ext[k].proc);
		free(u->ext[k].cgroup);
	}
	free(u->prow);
	free(u->crow);
	free(u->cg_prev);
	free(u->cg_items);
	free(u->cg_sorted);
	free(u->cg_owed);
	free(u->res);
	free(u->hash);
	free(u->touched);
	free(u);
}

/* The number of CPUs the run queue is compared with: the record's, else the file's. */
static uint32_t
cpu_count(const struct feed *f)
{
	const struct sar_act *a = f->by_id[A_CPU];
	uint32_t n = a && a->slot[f->kc].nr > 1 ? a->slot[f->kc].nr - 1 : f->s->r->hdr.sa_cpu_nr - 1;

	return n ? n : 1;
}

/* f->by_id: each activity of the file with items in both records, found once per interval. */
static void
map_acts(struct feed *f)
{
	uint32_t i;

	memset(f->by_id, 0, sizeof(f->by_id));
	for (i = 0; i < f->s->n_acts; i++) {
		struct sar_act *a = &f->s->acts[i];

		if (a->fa->desc && a->fa->known_format && a->slot[f->kp].nr && a->slot[f->kc].nr &&
		    a->desc->id <= A_ID_MAX && !f->by_id[a->desc->id])
			f->by_id[a->desc->id] = a;
	}
}

void
use_interval(struct use *u, struct sar *s, int prev, int curr, const struct sa_record_header *hp,
             const struct sa_record_header *hc)
{
	struct feed f;
	size_t k;

	memset(&f, 0, sizeof(f));
	f.u = u;
	f.s = s;
	f.kp = prev;
	f.kc = curr;
	f.itv = sar_interval_of(hp, hc);

	u->seq++;
	u->t0 = stamp_of(hp);
	u->t1 = stamp_of(hc);
	u->secs = (double) f.itv / 100;
	if (u->phase != PHASE_DISKS) {
		if (!u->n_intervals)
			u->first_t = u->t0;
		u->last_t = u->t1;
		u->n_intervals++;
	}
	map_acts(&f);
	f.n_cpu = cpu_count(&f);
	for (k = 0; k < sizeof(feeders) / sizeof(feeders[0]); k++) {
		if (u->phase == PHASE_DISKS && !feeders[k].disk_pass)
			continue;
		f.a = f.by_id[feeders[k].act];
		if (!f.a)
			continue;
		f.p = &f.a->slot[prev];
		f.c = &f.a->slot[curr];
		feeders[k].fn(&f);
	}
	for (k = 0; k < u->n_touched; k++)
		step_run(u, u->touched[k]);
	u->n_touched = 0;
}

/* A restart, or a record left out: no interval spans it. */
static void
use_gap(struct use *u)
{
	u->seq++;
}

static double
ratio(double peak, double limit)
{
	return limit > 0 ? peak / limit : peak + 1;
}

static void
judge(struct use *u, struct resource *r)
{
	uint32_t k, n = u->n_metrics[r->cls], first = u->first[r->cls];
	bool seen = false, errors = false, warning = false;
	double score = 0;

	close_run(u, r);
	for (k = 0; k < n; k++) {
		const struct metric_desc *d = &metric_table[first + k];
		const struct mstat *m = &r->m[k];

		if (!m->seen)
			continue;
		seen = true;
		if (m->over_n) {
			score = fmax(score, ratio(m->peak, u->lim.limit[d->lim]));
			if (d->letter == E)
				errors = true;
			else
				warning = true;
		}
		if (d->letter == U && u->lim.warn[d->lim] >= 0 && m->wbest >= episode_min(u)) {
			warning = true;
			score = fmax(score, ratio(m->peak, u->lim.limit[d->lim]));
		}
	}
	/* Saturated resources rank by their time in episodes, the others by how far they went. */
	r->score = r->n_ep ? r->ep_seconds : score;
	if (!seen)
		r->verdict = V_UNKNOWN;
	else if (r->n_ep)
		r->verdict = V_SATURATED;
	else if (errors)
		r->verdict = V_ERRORS;
	else if (warning)
		r->verdict = V_WARNING;
	else
		r->verdict = V_OK;
}

/* Report order: class, then first sight. */
static int
by_class(const void *x, const void *y)
{
	const struct resource *a = *(const struct resource *const *) x;
	const struct resource *b = *(const struct resource *const *) y;

	if (a->cls != b->cls)
		return a->cls < b->cls ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/*
 * Suspects: worst verdict first; among the saturated, those whose own
 * utilization was high in an episode before those whose saturation signals
 * rose while they stayed lightly used (processors mostly idle, woken by
 * I/O: a symptom, not the cause); then the longest episodes or the highest
 * peaks.
 */
static int
by_worst(const void *x, const void *y)
{
	const struct resource *a = *(const struct resource *const *) x;
	const struct resource *b = *(const struct resource *const *) y;

	if (a->verdict != b->verdict)
		return a->verdict > b->verdict ? -1 : 1;
	if (a->verdict == V_SATURATED && a->ep_hot != b->ep_hot)
		return a->ep_hot ? -1 : 1;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return by_class(x, y);
}

static bool
is_suspect(const struct resource *r)
{
	return r->verdict >= V_WARNING;
}

/* Judges every resource; returns the suspects, worst first, in a new array (*ret_n of them). */
static struct resource **
judge_all(struct use *u, size_t *ret_n)
{
	struct resource **sus = xcalloc(u->n_res, sizeof(*sus));
	size_t k, n = 0;

	for (k = 0; k < u->n_res; k++) {
		judge(u, u->res[k]);
		if (is_suspect(u->res[k]))
			sus[n++] = u->res[k];
	}
	qsort(u->res, u->n_res, sizeof(*u->res), by_class);
	qsort(sus, n, sizeof(*sus), by_worst);
	*ret_n = n;
	return sus;
}

/* The class of the devices behind a host-wide resource (disk all, net all); C_MAX: none. */
static enum use_class
device_class(enum use_class cls)
{
	return cls == C_DISK_ALL ? C_DISK_N : cls == C_NET_ALL ? C_NET_N : C_MAX;
}

static bool
same_hint(uint32_t x, uint32_t y)
{
	return x == y || (group_hints[x] && group_hints[y] && !strcmp(group_hints[x], group_hints[y]));
}

/*
 * The activities r would need and the file lacks, as ids into acts (at
 * most n); for a host-wide disk or net resource, those of the devices too
 * when none was seen.
 */
static size_t
missing_acts(const struct use *u, const struct resource *r, uint32_t *acts, size_t n)
{
	enum use_class cls[2] = {r->cls, device_class(r->cls)};
	size_t got = 0, c, k;

	/* The devices' activity is named only when no device could be seen at all. */
	if (cls[1] != C_MAX && u->have[metric_table[u->first[cls[1]]].act])
		cls[1] = C_MAX;
	for (c = 0; c < 2 && cls[c] != C_MAX; c++) {
		for (k = 0; k < u->n_metrics[cls[c]]; k++) {
			const struct metric_desc *d = &metric_table[u->first[cls[c]] + k];
			uint32_t need[2] = {d->act, d->act2}, j, q;

			for (j = 0; j < 2; j++) {
				/* The cgroups are opt-in: without them, "not in archives". */
				if (!need[j] || need[j] == A_USE_CG || u->have[need[j]])
					continue;
				/* One line per way of collecting (TCP and ETCP are both -S SNMP). */
				for (q = 0; q < got && !same_hint(acts[q], need[j]); q++)
					;
				if (q == got && got < n)
					acts[got++] = need[j];
			}
		}
	}
	return got;
}

/* ---- output ---- */

/*
 * With more cgroups than this in the analysis, the text report lists only
 * those that are suspects and counts the others on a line: a machine runs
 * hundreds, and hundreds of "ok" make the table unreadable, as a line for
 * each processor would without -P. sadf -j -- --use lists every one.
 */
#define CG_LIST_MAX 10

static size_t
count_cgroups(const struct use *u)
{
	size_t k, n = 0;

	for (k = 0; k < u->n_res; k++)
		n += u->res[k]->cls == C_CG_N;
	return n;
}

/* Whether the text report gives r lines of its own (n_cg: count_cgroups()). */
static bool
listed(const struct resource *r, size_t n_cg)
{
	return r->cls != C_CG_N || n_cg <= CG_LIST_MAX || is_suspect(r);
}

/* How many cgroups of verdict v listed() leaves out. */
static size_t
cg_unlisted(const struct use *u, size_t n_cg, enum verdict v)
{
	size_t k, n = 0;

	for (k = 0; k < u->n_res; k++)
		n += !listed(u->res[k], n_cg) && u->res[k]->verdict == v;
	return n;
}

/* The names of r's metrics (and its devices' for host-wide disk and net) that need act. */
static void
metric_names_of(const struct use *u, const struct resource *r, uint32_t act, struct strbuf *sb)
{
	enum use_class cls[2] = {r->cls, device_class(r->cls)};
	size_t c, k;
	bool any = false;

	for (c = 0; c < 2 && cls[c] != C_MAX; c++)
		for (k = 0; k < u->n_metrics[cls[c]]; k++) {
			const struct metric_desc *d = &metric_table[u->first[cls[c]] + k];

			if (d->act != act && d->act2 != act)
				continue;
			strbuf_addf(sb, "%s%s%s", any ? ", " : "", c ? "each device's " : "", d->name);
			any = true;
		}
}

static void
text_time(const struct sar *s, const struct stamp *t, char *out, size_t len)
{
	struct sa_record_header h;
	struct tm tm;

	memset(&h, 0, sizeof(h));
	h.ust_time = t->ust;
	h.hour = t->hour;
	h.minute = t->minute;
	h.second = t->second;
	if (!sar_record_tm(s, &h, &tm))
		snprintf(out, len, "?");
	else
		sar_time_string(s, &tm, out, len);
}

static void
iso_time(const struct stamp *t, char *out, size_t len)
{
	time_t tt = (time_t) t->ust;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) || !strftime(out, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(out, len, "?");
}

static void
duration(uint64_t t, char *out, size_t len)
{
	if (t >= 3600)
		snprintf(out, len, "%llu h %02llu min", (unsigned long long) (t / 3600),
		         (unsigned long long) (t % 3600 / 60));
	else if (t >= 60 && t % 60)
		snprintf(out, len, "%llu min %llu s", (unsigned long long) (t / 60),
		         (unsigned long long) (t % 60));
	else if (t >= 60)
		snprintf(out, len, "%llu min", (unsigned long long) (t / 60));
	else
		snprintf(out, len, "%llu s", (unsigned long long) t);
}

static const char *
display_name(const struct resource *r, char *out, size_t len)
{
	snprintf(out, len, "%s %s", kind_names[class_table[r->cls].kind], r->name);
	return out;
}

static void
text_episode(const struct sar *s, const struct episode *e, struct strbuf *sb)
{
	char a[SAR_TS_LEN], b[SAR_TS_LEN], d[48];

	text_time(s, &e->from, a, sizeof(a));
	text_time(s, &e->to, b, sizeof(b));
	duration(span(&e->from, &e->to), d, sizeof(d));
	strbuf_addf(sb, "%s-%s (%s)", a, b, d);
}

/* Why a saturated resource ranks after the busy ones: its U metrics stayed low in its episodes. */
static void
text_not_hot(const struct use *u, const struct resource *r, struct strbuf *sb)
{
	uint32_t k, first = u->first[r->cls];

	for (k = 0; k < u->n_metrics[r->cls]; k++) {
		const struct metric_desc *d = &metric_table[first + k];

		if (d->letter == U && r->m[k].seen && u->lim.warn[d->lim] >= 0)
			strbuf_addf(sb, "; %s not above %.2f in its episodes", d->name,
			            u->lim.warn[d->lim]);
	}
}

/* Why r is a suspect, on one line. */
static void
text_why(const struct use *u, const struct sar *s, const struct resource *r, struct strbuf *sb)
{
	uint32_t k, first = u->first[r->cls];
	bool any = false;

	if (r->verdict == V_SATURATED) {
		text_episode(s, &r->ep[0], sb);
		if (r->n_ep > 1)
			strbuf_addf(sb, " and %u more episode%s", r->n_ep - 1, r->n_ep > 2 ? "s" : "");
		strbuf_adds(sb, ":");
	}
	for (k = 0; k < u->n_metrics[r->cls]; k++) {
		const struct metric_desc *d = &metric_table[first + k];
		const struct mstat *m = &r->m[k];
		bool warned = d->letter == U && u->lim.warn[d->lim] >= 0 &&
		              m->wbest >= episode_min(u);
		char at[SAR_TS_LEN];

		if (!m->seen || (!m->over_n && !warned) ||
		    (r->verdict == V_ERRORS && d->letter != E))
			continue;
		text_time(s, &m->peak_at, at, sizeof(at));
		strbuf_addf(sb, "%s %s peak %.2f at %s", any ? "," : "", d->name, m->peak, at);
		if (d->letter == E)
			strbuf_addf(sb, " (%.0f in all)", m->total);
		else if (r->verdict == V_WARNING && m->over_n)
			strbuf_addf(sb, " (over %.2f in %u interval%s, not sustained)",
			            u->lim.limit[d->lim], m->over_n, m->over_n > 1 ? "s" : "");
		else if (r->verdict == V_WARNING)
			strbuf_addf(sb, " (above %.2f for %u intervals)", u->lim.warn[d->lim], m->wbest);
		any = true;
	}
	if (r->verdict == V_SATURATED && !r->ep_hot)
		text_not_hot(u, r, sb);
}

/* The biggest consumers of an episode, when the file holds processes or cgroups. */
static void
text_who(const struct resource *r, const struct episode *e, FILE *out)
{
	enum who_sort key;
	int g;

	if (!e->top || !who_key(r->cls, &key))
		return;
	for (g = 0; g < 2; g++) {
		unsigned n = g ? e->n_cg : e->n_proc, k;

		if (!n)
			continue;
		fprintf(out, "%-31s   top %s (%s):", "", g ? "cgroups" : "processes", who_unit(key));
		for (k = 0; k < n; k++)
			fprintf(out, "%s %s %.2f", k ? "," : "", e->top[g * WHO_TOP + k].name,
			        e->top[g * WHO_TOP + k].v);
		fputc('\n', out);
	}
}

static void
text_suspects(const struct use *u, const struct sar *s, struct resource **sus, size_t n)
{
	struct strbuf sb = {0};
	char name[MAX_FS_LEN + 16];
	size_t k;

	if (!n) {
		fputs("Nothing crossed a threshold.\n", s->out);
		return;
	}
	fputs("First suspects:\n", s->out);
	for (k = 0; k < n; k++) {
		strbuf_reset(&sb);
		text_why(u, s, sus[k], &sb);
		fprintf(s->out, "  %-10s %-16s %s\n", verdict_names[sus[k]->verdict],
		        display_name(sus[k], name, sizeof(name)), sb.buf ? sb.buf : "");
	}
	strbuf_release(&sb);
}

static void
text_unjudged(const struct use *u, const struct sar *s)
{
	struct strbuf sb = {0};
	char name[MAX_FS_LEN + 16], how[128];
	bool title = false;
	uint32_t acts[8];
	size_t k, n, j, n_cg = count_cgroups(u), rest = cg_unlisted(u, n_cg, V_UNKNOWN);

	for (k = 0; k < u->n_res; k++) {
		const struct resource *r = u->res[k];

		n = missing_acts(u, r, acts, 8);
		for (j = 0; j < n; j++) {
			if (!title)
				fputs("\nCould not be judged:\n", s->out);
			title = true;
			strbuf_reset(&sb);
			metric_names_of(u, r, acts[j], &sb);
			collect_hint(acts[j], how, sizeof(how));
			fprintf(s->out, "  %-16s %s not collected (%s)\n",
			        display_name(r, name, sizeof(name)), sb.buf ? sb.buf : "", how);
		}
		if (r->verdict == V_UNKNOWN && !n && listed(r, n_cg)) {
			if (!title)
				fputs("\nCould not be judged:\n", s->out);
			title = true;
			fprintf(s->out, "  %-16s no data in the window\n",
			        display_name(r, name, sizeof(name)));
		}
	}
	if (rest) {
		if (!title)
			fputs("\nCould not be judged:\n", s->out);
		snprintf(name, sizeof(name), "cgroup (%zu others)", rest);
		fprintf(s->out, "  %-16s no data in the window\n", name);
	}
	strbuf_release(&sb);
}

/* Whether cls has metrics of letter l that the file may hold (the cgroups' only with cgroups). */
static bool
class_has_letter(const struct use *u, enum use_class cls, enum letter l)
{
	uint32_t k;

	for (k = 0; k < u->n_metrics[cls]; k++) {
		const struct metric_desc *d = &metric_table[u->first[cls] + k];

		if (d->letter == l && (d->act != A_USE_CG || u->have[A_USE_CG]))
			return true;
	}
	return false;
}

/* The cgroups listed() leaves out, counted on a line for each verdict they have. */
static void
text_cg_rest(const struct use *u, const struct sar *s, size_t n_cg)
{
	static const enum verdict rest[] = {V_OK, V_UNKNOWN};
	char name[48];
	size_t k;

	for (k = 0; k < sizeof(rest) / sizeof(rest[0]); k++) {
		size_t n = cg_unlisted(u, n_cg, rest[k]);

		if (!n)
			continue;
		snprintf(name, sizeof(name), "cgroup (%zu others)", n);
		fprintf(s->out, "%-20s %-10s not listed\n", name, verdict_names[rest[k]]);
	}
}

static void
text_table(const struct use *u, const struct sar *s)
{
	char name[MAX_FS_LEN + 16], at[SAR_TS_LEN];
	size_t k, n_cg = count_cgroups(u);

	fprintf(s->out, "\n%-20s %-10s %-13s %12s %12s  %-10s %10s\n", "RESOURCE", "VERDICT",
	        "METRIC", "AVERAGE", "PEAK", "PEAK-TIME", "LIMIT");
	for (k = 0; k < u->n_res; k++) {
		const struct resource *r = u->res[k];
		uint32_t j, first = u->first[r->cls];
		bool lead = true;
		enum letter l;

		if (!listed(r, n_cg))
			continue;
		display_name(r, name, sizeof(name));
		for (l = U; l < LETTER_MAX; l++) {
			if (!class_has_letter(u, r->cls, l)) {
				/*
				 * No U or S: not part of the resource; no E: sysstat records
				 * none (memory's oom kills come from cgroups, when recorded).
				 */
				if (l != E)
					continue;
				fprintf(s->out, "%-20s %-10s E -             not in archives\n",
				        lead ? name : "", lead ? verdict_names[r->verdict] : "");
				lead = false;
				continue;
			}
			for (j = 0; j < u->n_metrics[r->cls]; j++) {
				const struct metric_desc *d = &metric_table[first + j];
				const struct mstat *m = &r->m[j];

				if (d->letter != l)
					continue;
				fprintf(s->out, "%-20s %-10s %c %-11s", lead ? name : "",
				        lead ? verdict_names[r->verdict] : "", "USE"[l], d->name);
				lead = false;
				if (!have_metric(u, first + j)) {
					fputs("  not collected\n", s->out);
					continue;
				}
				if (!m->seen) {
					if (d->why_none)
						fprintf(s->out, "  no value (%s)\n", d->why_none);
					else
						fputs("  no value\n", s->out);
					continue;
				}
				text_time(s, &m->peak_at, at, sizeof(at));
				fprintf(s->out, " %12.2f %12.2f  %-10s %10.2f\n", m->wsum / m->wtime,
				        m->peak, at, u->lim.limit[d->lim]);
			}
		}
		for (j = 0; j < r->n_ep && j < MAX_EPISODES; j++) {
			struct strbuf sb = {0};

			text_episode(s, &r->ep[j], &sb);
			fprintf(s->out, "%-31s episode %s\n", "", sb.buf ? sb.buf : "");
			strbuf_release(&sb);
			text_who(r, &r->ep[j], s->out);
		}
		if (r->n_ep > MAX_EPISODES)
			fprintf(s->out, "%-31s %u more episodes\n", "", r->n_ep - MAX_EPISODES);
	}
	text_cg_rest(u, s, n_cg);
}

void
use_print(struct use *u, struct sar *s)
{
	char a[SAR_TS_LEN], b[SAR_TS_LEN];
	struct resource **sus;
	size_t n;

	sus = judge_all(u, &n);
	fputc('\n', s->out);
	if (!u->n_intervals) {
		fputs("USE method: no interval in the window.\n", s->out);
	} else {
		text_time(s, &u->first_t, a, sizeof(a));
		text_time(s, &u->last_t, b, sizeof(b));
		fprintf(s->out,
		        "USE method, %s to %s: %llu interval%s; an episode lasts at least %u "
		        "interval%s.\n\n",
		        a, b, (unsigned long long) u->n_intervals, u->n_intervals > 1 ? "s" : "",
		        episode_min(u), episode_min(u) > 1 ? "s" : "");
		text_suspects(u, s, sus, n);
	}
	text_unjudged(u, s);
	if (u->n_intervals)
		text_table(u, s);
	free(sus);
}

/* ---- JSON ---- */

static void
json_tabs(struct strbuf *sb, int tab)
{
	while (tab-- > 0)
		strbuf_addch(sb, '\t');
}

static void
json_string(struct strbuf *sb, const char *str)
{
	const unsigned char *p = (const unsigned char *) str;

	strbuf_addch(sb, '"');
	for (; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addf(sb, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			strbuf_addf(sb, "\\u%04x", *p);
		else
			strbuf_addch(sb, (char) *p);
	}
	strbuf_addch(sb, '"');
}

static void
json_time(struct strbuf *sb, const struct stamp *t)
{
	char iso[40];

	iso_time(t, iso, sizeof(iso));
	json_string(sb, iso);
}

static void
json_metric(const struct use *u, const struct resource *r, uint32_t j, struct strbuf *sb)
{
	const struct metric_desc *d = &metric_table[u->first[r->cls] + j];
	const struct mstat *m = &r->m[j];

	json_string(sb, d->name);
	if (!m->seen) {
		strbuf_adds(sb, ": null");
		return;
	}
	strbuf_addf(sb, ": {\"average\": %.2f, \"peak\": %.2f, \"peak-time\": ", m->wsum / m->wtime,
	            m->peak);
	json_time(sb, &m->peak_at);
	strbuf_addf(sb, ", \"limit\": %.2f", u->lim.limit[d->lim]);
	if (d->letter == U && u->lim.warn[d->lim] >= 0)
		strbuf_addf(sb, ", \"warn\": %.2f", u->lim.warn[d->lim]);
	if (d->letter == E)
		strbuf_addf(sb, ", \"total\": %.0f", m->total);
	strbuf_addf(sb, ", \"over-intervals\": %u}", m->over_n);
}

static void
json_group(const struct use *u, const struct resource *r, enum letter l, int tab,
           struct strbuf *sb)
{
	uint32_t j, first = u->first[r->cls];
	bool any = false;

	json_tabs(sb, tab);
	strbuf_addf(sb, "\"%s\": ", letter_groups[l]);
	for (j = 0; j < u->n_metrics[r->cls]; j++)
		if (metric_table[first + j].letter == l && have_metric(u, first + j))
			any = true;
	if (!any) {
		strbuf_adds(sb, "null,\n");
		return;
	}
	strbuf_adds(sb, "{");
	any = false;
	for (j = 0; j < u->n_metrics[r->cls]; j++) {
		if (metric_table[first + j].letter != l)
			continue;
		strbuf_adds(sb, any ? ", " : "");
		json_metric(u, r, j, sb);
		any = true;
	}
	strbuf_adds(sb, "},\n");
}

static void
json_kind_name(const struct resource *r, struct strbuf *sb)
{
	strbuf_adds(sb, "{\"kind\": ");
	json_string(sb, kind_names[class_table[r->cls].kind]);
	strbuf_adds(sb, ", \"name\": ");
	json_string(sb, r->name);
	strbuf_adds(sb, ", \"verdict\": ");
	json_string(sb, verdict_names[r->verdict]);
}

/* An episode's biggest consumers, when the file holds processes or cgroups. */
static void
json_who(const struct resource *r, const struct episode *e, struct strbuf *sb)
{
	enum who_sort key;
	int g;

	if (!e->top || !who_key(r->cls, &key))
		return;
	strbuf_adds(sb, ", \"top-unit\": ");
	json_string(sb, who_unit(key));
	for (g = 0; g < 2; g++) {
		unsigned n = g ? e->n_cg : e->n_proc, k;

		strbuf_adds(sb, g ? ", \"top-cgroups\": [" : ", \"top-processes\": [");
		for (k = 0; k < n; k++) {
			strbuf_adds(sb, k ? ", {\"name\": " : "{\"name\": ");
			json_string(sb, e->top[g * WHO_TOP + k].name);
			strbuf_addf(sb, ", \"value\": %.2f}", e->top[g * WHO_TOP + k].v);
		}
		strbuf_adds(sb, "]");
	}
}

static void
json_resource(const struct use *u, const struct resource *r, int tab, struct strbuf *sb)
{
	uint32_t acts[8], j;
	size_t n, k;
	enum letter l;

	json_tabs(sb, tab);
	json_kind_name(r, sb);
	strbuf_adds(sb, ",\n");
	for (l = U; l < LETTER_MAX; l++)
		json_group(u, r, l, tab + 1, sb);
	json_tabs(sb, tab + 1);
	strbuf_adds(sb, "\"episodes\": [");
	for (j = 0; j < r->n_ep && j < MAX_EPISODES; j++) {
		strbuf_adds(sb, j ? ", {\"start\": " : "{\"start\": ");
		json_time(sb, &r->ep[j].from);
		strbuf_adds(sb, ", \"end\": ");
		json_time(sb, &r->ep[j].to);
		strbuf_addf(sb, ", \"seconds\": %llu",
		            (unsigned long long) span(&r->ep[j].from, &r->ep[j].to));
		json_who(r, &r->ep[j], sb);
		strbuf_adds(sb, "}");
	}
	strbuf_addf(sb, "], \"episode-count\": %u, \"episode-seconds\": %.0f,\n", r->n_ep,
	            r->ep_seconds);
	json_tabs(sb, tab + 1);
	strbuf_adds(sb, "\"not-collected\": [");
	n = missing_acts(u, r, acts, 8);
	for (k = 0; k < n; k++) {
		struct strbuf text = {0};
		char how[128];

		metric_names_of(u, r, acts[k], &text);
		collect_hint(acts[k], how, sizeof(how));
		strbuf_addf(&text, ": %s", how);
		strbuf_adds(sb, k ? ", " : "");
		json_string(sb, text.buf ? text.buf : "");
		strbuf_release(&text);
	}
	strbuf_adds(sb, "]}");
}

static void
json_list(const struct resource *const *list, size_t n, const char *key, int tab,
          struct strbuf *sb)
{
	size_t k;

	json_tabs(sb, tab);
	strbuf_addf(sb, "\"%s\": [", key);
	for (k = 0; k < n; k++) {
		strbuf_adds(sb, k ? ", " : "");
		json_kind_name(list[k], sb);
		strbuf_adds(sb, "}");
	}
	strbuf_adds(sb, "]");
}

static void
use_json(struct use *u, int tab, struct strbuf *sb)
{
	struct resource **sus, **unk;
	size_t n, n_unk = 0, k;

	sus = judge_all(u, &n);
	unk = xcalloc(u->n_res, sizeof(*unk));
	for (k = 0; k < u->n_res; k++)
		if (u->res[k]->verdict == V_UNKNOWN)
			unk[n_unk++] = u->res[k];
	json_tabs(sb, tab);
	strbuf_adds(sb, "\"window\": {\"start\": ");
	if (u->n_intervals)
		json_time(sb, &u->first_t);
	else
		strbuf_adds(sb, "null");
	strbuf_adds(sb, ", \"end\": ");
	if (u->n_intervals)
		json_time(sb, &u->last_t);
	else
		strbuf_adds(sb, "null");
	strbuf_addf(sb, ", \"intervals\": %llu, \"episode\": %u},\n",
	            (unsigned long long) u->n_intervals, episode_min(u));
	json_tabs(sb, tab);
	strbuf_adds(sb, "\"resources\": [\n");
	for (k = 0; k < u->n_res; k++) {
		json_resource(u, u->res[k], tab + 1, sb);
		strbuf_adds(sb, k + 1 < u->n_res ? ",\n" : "\n");
	}
	json_tabs(sb, tab);
	strbuf_adds(sb, "],\n");
	json_list((const struct resource *const *) sus, n, "suspects", tab, sb);
	strbuf_adds(sb, ",\n");
	json_list((const struct resource *const *) unk, n_unk, "unknown", tab, sb);
	free(sus);
	free(unk);
}

/* ---- the file ---- */

/* The reader decodes what the feeders of the phase read, nothing else. */
static void
decode_for(struct sar *s, int phase)
{
	uint32_t i;

	for (i = 0; i < s->r->n_acts; i++) {
		const struct activity_desc *d = s->r->acts[i].desc;

		s->r->acts[i].ignore = !d || !reads_act(d->id, phase);
	}
}

/* A record's time against -s and -e: sar's, or UTC for sadf (as it shows times). */
static bool
window_tm(const struct sar *s, const struct sa_record_header *h, struct tm *ret)
{
	time_t t = (time_t) h->ust_time;

	if (s->o.use_utc && !s->o.true_time)
		return gmtime_r(&t, ret) != NULL;
	return sar_record_tm(s, h, ret);
}

/*
 * Whether r's run goes through the current interval, in a pass that judges
 * r, and r's kind has consumers to name.
 */
static bool
who_in_run(const struct use *u, const struct resource *r)
{
	enum who_sort key;

	return r->run && r->run_seq == u->seq && who_key(r->cls, &key) &&
	       (u->phase == PHASE_ALL || (u->phase == PHASE_DISKS) == (r->await_hist != NULL));
}

/*
 * The extension record of the statistics record in slot k (itv from the
 * record before, when use_interval() took that interval): its processes and
 * cgroups are added to every resource whose run goes through the interval,
 * each pass adding to the resources it judges (the disks in their own pass).
 */
static void
use_who(struct use *u, struct sar *s, int k, const struct sa_record_header *hk, bool fed)
{
	struct archive_ext tmp = u->ext[k];
	int np = -1, nc = 0;
	uint64_t itv;
	size_t i;

	u->ext[k] = s->r->ext;
	s->r->ext = tmp;
	u->ext_ok[k] = true;
	u->ext_up[k] = hk->uptime_cs;
	if (!fed || !u->ext_ok[!k] || u->ext_up[k] <= u->ext_up[!k])
		return;
	itv = u->ext_up[k] - u->ext_up[!k];
	for (i = 0; i < u->n_res; i++) {
		struct resource *r = u->res[i];

		if (!who_in_run(u, r))
			continue;
		/* The interval's rows, once, for the first resource that needs them. */
		if (np < 0) {
			np = who_proc_rows(&u->ext[!k], u->ext_up[!k], &u->ext[k], u->ext_up[k],
			                   s->r->hdr.sa_hz, &u->prow, &u->prow_cap);
			nc = who_cg_rows(&u->ext[!k], u->ext_up[!k], &u->ext[k], u->ext_up[k],
			                 &u->crow, &u->crow_cap);
			if (np < 0 || nc < 0)
				no_memory();
		}
		if (!r->who)
			r->who = xcalloc(1, sizeof(*r->who));
		if (who_avg_add_procs(r->who, u->prow, (size_t) np, itv) < 0 ||
		    who_avg_add_cgroups(r->who, u->crow, (size_t) nc, itv) < 0)
			no_memory();
	}
}

/*
 * One pass over the records from fpos, feeding u. Returns 0, or the archive
 * error that ended it (what was read before it is in u).
 */
static int
walk(struct sar *s, struct use *u, uint64_t fpos)
{
	struct sa_record_header hdr[2];
	struct archive_record rec;
	bool have_prev = false, cross_day = false, fed = false;
	int k = 0, rc, prev_hour = -1, ext_slot = -1;
	uint64_t prev_ust = 0;
	uint32_t i;

	rc = source_seek(s->r->src, fpos);
	if (rc < 0)
		return rc;
	decode_for(s, u->phase);
	s->r->want_ext = true;
	u->ext_ok[0] = u->ext_ok[1] = false;
	while ((rc = archive_next(s->r, &rec)) > 0) {
		struct tm tm;

		if (rec.hdr.record_type == EXT_RECORD_TYPE) {
			if (ext_slot >= 0) {
				use_who(u, s, ext_slot, &hdr[ext_slot], fed);
				use_cgroups(u, ext_slot, fed);
			}
			ext_slot = -1;
			continue;
		}
		ext_slot = -1;
		if (rec.hdr.record_type == SA_R_RESTART) {
			have_prev = false;
			u->ext_ok[0] = u->ext_ok[1] = false;
			use_gap(u);
			continue;
		}
		if (rec.hdr.record_type == SA_R_COMMENT || !window_tm(s, &rec.hdr, &tm))
			continue;
		/* As sar does, a day is crossed only against an -s in hours. */
		if (s->o.use_start && !s->o.start_epoch && prev_hour >= 0 &&
		    rec.hdr.ust_time > prev_ust && tm.tm_hour < prev_hour)
			cross_day = true;
		prev_hour = tm.tm_hour;
		prev_ust = rec.hdr.ust_time;
		if (sar_cmp_limit(&s->o, false, &tm, rec.hdr.ust_time, false) < 0) {
			have_prev = false;
			u->ext_ok[0] = u->ext_ok[1] = false;
			continue;
		}
		if (sar_cmp_limit(&s->o, true, &tm, rec.hdr.ust_time, cross_day) > 0)
			break;
		for (i = 0; i < s->n_acts; i++)
			if (!s->r->acts[i].ignore && s->acts[i].fa->known_format)
				sar_copy_slot(&s->acts[i], &s->acts[i].slot[k]);
		hdr[k] = rec.hdr;
		u->ext_ok[k] = false;
		fed = have_prev;
		if (have_prev)
			use_interval(u, s, !k, k, &hdr[!k], &hdr[k]);
		ext_slot = k;
		have_prev = true;
		k ^= 1;
	}
	s->r->want_ext = false;
	use_gap(u);
	return rc < 0 && rc != ARCHIVE_E_BAD_RECORD ? rc : 0;
}

/*
 * Both passes over the file open in s->r, into s->use. Returns 0, or the
 * archive error that ended the reading: the analysis then holds the records
 * before it, as sar's report shows the rows before it.
 */
static int
analyze_file(struct sar *s)
{
	/* Held by s, so that an exit on the way frees it with the report. */
	struct use *u = s->use = use_new(s);
	uint64_t fpos = source_offset(s->r->src), seq;
	int rc;

	u->phase = u->have[A_DISK] ? PHASE_MAIN : PHASE_ALL;
	seq = u->seq;
	rc = walk(s, u, fpos);
	if (u->phase == PHASE_MAIN) {
		size_t k;

		/* The same intervals again, under the same numbers, for the disks alone. */
		u->phase = PHASE_DISKS;
		u->seq = seq;
		for (k = 0; k < u->n_res; k++)
			if (u->res[k]->await_hist)
				u->res[k]->await_base = await_median(u->res[k]);
		walk(s, u, fpos);
	}
	return rc;
}

void
use_report_file(struct sar *s, const char *file)
{
	int rc = analyze_file(s);

	sar_print_report_header(s);
	use_print(s->use, s);
	if (rc < 0)
		sar_die_archive(s, rc, file);
	use_free(s->use);
	s->use = NULL;
}

int
use_json_file(struct sar *s, int tab, struct strbuf *out)
{
	int rc = analyze_file(s);

	use_json(s->use, tab, out);
	use_free(s->use);
	s->use = NULL;
	return rc;
}
