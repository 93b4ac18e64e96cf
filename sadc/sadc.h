/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SADC_H
#define SYSREC_SADC_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "collect.h"
#include "notify.h"
#include "top.h"
#include "common/archive.h"
#include "common/ext.h"

#define SADC_PATH_LEN 4096

/* What the command line asked for. */
struct sadc_config {
	bool selected[A_ID_MAX + 1];  /* -S selection, by activity id */
	bool partitions;              /* XDISK/XALL: partitions in A_DISK */
	bool long_names;              /* -D: saYYYYMMDD */
	bool force;                   /* -F */
	bool sync;                    /* -f: fdatasync after each write */
	bool lock;                    /* -L */
	bool pipe;                    /* -Z: called by sar, data also on stdout */
	bool proc;                    /* -S PROCESS (sysrec) */
	bool cgroup;                  /* -S CGROUP (sysrec) */
	bool iostat;                  /* -S IOSTAT (sysrec): every disk's full counters */
	bool top;                     /* -S TOP (sysrec): the top processes of each interval */
	bool mpstat;                  /* -S MPSTAT (sysrec): softirqs, intr total, nodes, topo */
	bool threads;                 /* -S THREADS (sysrec): the threads of PROCESS's or TOP's */
	bool stack;                   /* -S STACK (sysrec): the smaps [stack] of the same */
	unsigned top_n;               /* --top=N: how many per key (top.h) */
	unsigned cgroup_depth;        /* --cgroup-depth= */
	char comment[SA_COMMENT_LEN]; /* -C */
	long interval;                /* -1 when not given */
	long count;                   /* -1: forever */
	char ofile[SADC_PATH_LEN];    /* output file, "" for stdout only */
	bool rotate;                  /* "-" or a directory: daily files with rotation */
	char sa_dir[SADC_PATH_LEN];   /* directory of the daily files when rotating */
	bool to_stdout;

	/* Testing aids (documented in sadc(8)): a fixture root, a fixed clock, a host identity. */
	const char *root;
	bool fixed_time;
	time_t unix_time;
	const char *uname_override; /* "sysname,nodename,release,machine" */
};

/* Run-time state of one activity. */
struct sadc_act {
	const struct activity_desc *desc;
	const struct collector *col;
	bool collected;
	int32_t nr_ini; /* items when the file was started */
	int32_t nr2;
	int32_t nr;  /* items in the current sample */
	int32_t cap; /* items buf has room for */
	unsigned char *buf;
};

struct sadc {
	struct sadc_config cfg;
	struct collect_ctx cc;
	struct sadc_act acts[ACTIVITY_NR]; /* registry order */
	uint32_t seq[ACTIVITY_NR];         /* activity ids in file order */
	uint32_t n_seq;

	struct sa_record_header rec; /* the current sample's header */
	struct archive_recbuf out;   /* the current record, built once */

	int ofd;         /* output file, -1 when none */
	off_t rec_start; /* where the last record not yet synced starts, or -1 */
	bool locked;
	int stdfd;         /* stdout copy, -1 when not used */
	uint64_t step;     /* samples taken (for the fixed clock) */
	bool counts_fresh; /* the file cache still holds what counting read */

	/* What the append check found at the end of an existing file. */
	uint64_t last_uptime; /* uptime of its last statistics record */
	bool check_reboot;    /* compare the first sample with it */

	struct sadc_notify notify; /* systemd Type=notify service (daemon mode) */

	/* sysrec's activities of the current sample (common/ext.h) */
	struct ext_proc *procs;
	uint32_t n_procs;
	size_t procs_cap;
	struct ext_proc *threads; /* -S THREADS */
	uint32_t n_threads;
	size_t threads_cap;
	struct ext_cgroup *cgroups;
	uint32_t n_cgroups;
	size_t cgroups_cap;
	struct ext_disk *disks;
	uint32_t n_disks;
	size_t disks_cap;
	struct ext_cpux *cpux;
	uint32_t n_cpux;
	size_t cpux_cap;
	struct sadc_top top; /* -S TOP's lists and the previous sample */
	bool top_loaded;     /* the state file was read (at the first sample) */
};

/* sample.c: selection, counting and sampling */
int sadc_parse_S(struct sadc_config *cfg, const char *arg);
void sadc_default_selection(struct sadc_config *cfg);
int sadc_init_counts(struct sadc *s);
int sadc_take_sample(struct sadc *s, uint8_t type);
void sadc_put_stats(struct sadc *s, struct archive_recbuf *b, uint8_t type);
void sadc_put_file_start(struct sadc *s, struct archive_recbuf *b);
time_t sadc_now(struct sadc *s, struct tm *ret);
void sadc_release(struct sadc *s);
/* -S TOP: the previous sample into the state file of the output file (top.h), at the end. */
void sadc_save_top(struct sadc *s);

/* output.c: files */
void sadc_open_output(struct sadc *s);
void sadc_open_stdout(struct sadc *s);
void sadc_write_special(struct sadc *s, uint8_t type);
void sadc_write_sample(struct sadc *s, bool last_of_file);
void sadc_rotate(struct sadc *s, const char *new_file);
void sadc_daily_name(struct sadc *s, char *out, size_t len);
void sadc_close_output(struct sadc *s);

/*
 * skim.c: the walk over the records of an existing file before appending,
 * for repairs. In and out: last_uptime and check_reboot keep their values
 * until a record changes them.
 */
struct sadc_skim {
	bool torn;            /* out: bytes after the last whole record that are not one */
	uint64_t last_uptime; /* uptime of the last statistics record */
	bool check_reboot;    /* true after a statistics record, false after a LINUX RESTART */
};

/*
 * Walks the records of the file open on fd (read with pread(), from the
 * end of the activity list), whose header h and activity list (h->sa_act_nr
 * entries) archive_append_check_list() accepted. Returns the offset where
 * the last whole record ends, or -1 when the file cannot be walked (then
 * nothing is to be repaired). Reaches the same verdict as the archive
 * reader in skim mode (a read error is not a torn record).
 */
int64_t sadc_skim_records(int fd, const struct sa_file_header *h,
                          const struct sa_file_activity *list, struct sadc_skim *ret);

/* main.c */
_Noreturn void sadc_fatal(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
