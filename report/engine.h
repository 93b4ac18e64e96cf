/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_REPORT_ENGINE_H
#define SYSREC_REPORT_ENGINE_H

/*
 * The report engine: reports of sysstat daily data files, byte-identical to
 * sysstat 12.6.1's or 12.7.5's sar (the run's flavour, compat.h). The engine
 * (engine.c) walks the file the way sar does: segment by segment (between
 * LINUX RESTARTs), one activity output at a time, with averages at the end
 * of each block. Each activity output is a view (view.h, views_*.c) that
 * prints through the primitives of render.h, as text or into a sink (sadf).
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "common/archive.h"
#include "common/outbuf.h"
#include "common/strbuf.h"
#include "sink.h"
#include "view.h"

#define SAR_TS_LEN 64

struct sar_disk_names;
struct stats_disk;
struct use;
struct history;
struct history_report;

/* -j: how block devices are named (bits of sar_opts.persistent_type; both with -j SID -j ID). */
enum sar_persist {
	SAR_PERSIST_NAME = 1u << 0, /* -j ID|LABEL|PATH|UUID|...: /dev/disk/by-<persistent_name> */
	SAR_PERSIST_SID = 1u << 1,  /* -j SID: the WWN stored in the file */
};

/* What the command line asked for. */
struct sar_opts {
	uint32_t outputs[A_ID_MAX + 1];         /* SAR_O_* per activity id; 0 = not selected */
	unsigned char cpu_bitmap[8194 / 8 + 1]; /* bit 0 = "all", bit k+1 = CPU k */
	bool cpu_option;                        /* -P given */
	int decimals;                           /* --dec, -1 when not given */
	bool human;                             /* --human or -h */
	bool pretty;                            /* --pretty or -h or -p */
	bool zero_omit;                         /* -z */
	bool comments;                          /* -C */
	bool true_time;                         /* -t */
	bool minmax;                            /* -x (12.7.5): minimum and maximum too */
	bool iso_time;                          /* S_TIME_FORMAT=ISO */
	int persistent_type;                    /* -j: 0 none, else SAR_PERSIST_* bits */
	char persistent_name[512]; /* -j TYPE lower-cased (SAR_PERSIST_NAME): /dev/disk/by-TYPE */
	long interval;             /* -i or the interval argument; 1 = every record */
	long count;                /* lines per activity per segment, -1 unlimited */
	bool use_start, use_end;
	int start_h, start_m, start_s;
	int end_h, end_m, end_s;
	int64_t start_epoch, end_epoch; /* 12.7.5: -s/-e in seconds since the epoch, 0: hh:mm:ss */
	bool start_dated, end_dated; /* -s/-e as a date and time or @EPOCH (history.h): a window across days */
	struct strbuf dev_list, fs_list, iface_list, int_list; /* --dev= etc., NUL-separated */
	bool use;                 /* --use: the USE method's report (use.h) instead of the views */
	struct strbuf use_limits; /* --use-limit= arguments, NUL-separated */
	bool use_utc;             /* sadf: --use takes -s and -e in UTC, as sadf shows times */
	bool proc;                /* --proc[=SPEC]: the top processes of each interval (who.h) */
	unsigned proc_count;      /* --proc's N (10) */
	int proc_sort;            /* --proc's key: enum who_sort */
	bool cgroup;              /* --cgroup: every cgroup of each interval */
};

/* A file has a few per-CPU activities (12.6.1: 5); past this many they are not listed. */
#define SAR_PERSIST_MAX 16

/* The report: options, output, and what the engine knows about the current position. */
struct sar {
	struct sar_opts o;
	/*
	 * Where the text goes: ob's stream. Code that prints to it with stdio
	 * takes it from sar_fp() (render.h), which first writes what ob holds.
	 */
	struct outbuf ob;
	char dp[8]; /* the locale's decimal point */
	struct archive_reader *r;
	struct sar_act *acts; /* one per file activity, in file order */
	uint32_t n_acts;
	/*
	 * The per-CPU activities of acts (AF_PERSISTENT), which every read of
	 * a pass copies: listed once (walk_persistent()), so that a read goes
	 * through a handful instead of all of them. Whoever binds acts clears
	 * persist_ok.
	 */
	uint32_t persist[SAR_PERSIST_MAX];
	uint32_t n_persist;
	bool persist_ok;
	char ts_prev[SAR_TS_LEN]; /* time of the previous (reference) record */
	char ts_curr[SAR_TS_LEN]; /* time of the current record, or "Average:" */
	bool dish;                /* print the header before the next rows */
	/*
	 * The local time and its string of the last two records shown: each
	 * pass over a segment (one per activity) meets the same records, and
	 * localtime_r() with strftime() was a tenth of sar -A's time.
	 */
	struct sar_time_cache {
		bool valid;
		uint64_t ust_time;
		uint8_t hour, minute, second;
		struct tm tm;
		char str[SAR_TS_LEN];
	} tcache[2];
	unsigned tcache_next;
	/*
	 * Whether the locale's %X is %H:%M:%S (1), or not (-1); 0: not asked
	 * yet. Then sar writes the time itself: strftime() was 6 % of sar -A.
	 */
	signed char x_is_hms;
	uint64_t avg_count;       /* lines (records) displayed in this block */
	bool since_boot;          /* sar 0 */
	uint32_t view_opt;        /* the output (SAR_O_*) being printed */
	const struct sar_sink *sink; /* sadf: rows go there, not to out as text */
	void *sink_ctx;              /* the sink's own state */
	bool in_row;                 /* a row has begun (sink mode) */
	const char *pending_name;    /* sar_out_name's name for the next cell */
	enum sar_sink_format sink_format; /* which sadf format the sink writes */
	/*
	 * Line mode (sar_line_begin()) of a run without a buffer (the live
	 * tools): ob buffers a row, for one write to out instead of a stdio
	 * call per value.
	 */
	bool in_line;
	char line[4096];
	/* Colours (display.h, render.c); a zeroed struct has none. */
	bool colors;       /* S_COLORS: escape sequences around the values */
	char sgr[10][16];  /* the sequences, indexed by enum sar_sgr */
	bool sgr_open;     /* a colour is open until the next value or the line's end */
	uint32_t view_act; /* the activity id of the view being printed */
	/*
	 * Set by the views that match items with the previous record's (-d,
	 * -n DEV, EDEV, FC) before each row: the item was registered again
	 * since (its counters went back). sadf -g breaks its line there.
	 */
	bool row_again;
	/* views_disk.c: how devices are named, read once per run as sysstat does (ioconf). */
	struct sar_disk_names *disk_names;
	/* The reader of the file sar opened itself (s->r points here then). */
	struct archive_reader reader;
	int fd; /* the file reader reads, -1 when none is open (sar_main sets it) */
	struct sar_xstats *xs; /* -x: the extremes of the block (xstats.h), else NULL */
	struct use *use;       /* --use: the analysis under way (use.h), freed with the report */
	struct sar_who *who;   /* --proc, --cgroup: views_who.c's state, freed with the report */
	const struct history_report *hist; /* several files read as one (history.h), else NULL */
	struct history *history; /* run.c: the files read as one, freed with the run */
};

/* Sets up a zeroed s to report to out (no decimals given, no file open). */
void sar_init(struct sar *s, FILE *out);
/* Frees what a report holds (its activities, its reader, its lists); s stays zeroed-usable. */
void sar_release(struct sar *s);

/* ---- disk_names.c ---- */
/* sysstat's buffer for a device name (MAX_NAME_LEN): longer names are cut. */
#define SAR_DISK_NAME_MAX 128
/*
 * The kernel's name of block device major:minor as sar shows it by default
 * (/sys/dev/block, ioconf, else devM-m), learnt once a run.
 */
void sar_disk_kernel_name(struct sar *s, uint32_t major, uint32_t minor, char *out, size_t len);
/* The name sar -d shows for d (-j, -p, else the kernel's), into out[SAR_DISK_NAME_MAX]. */
void sar_disk_name(struct sar *s, const struct stats_disk *d, char *out);
/* The first entry of /dev/disk/by-TYPE (in alphabetical order) that links to pretty. */
bool sar_disk_persistent_name(const char *type, const char *pretty, char *out, size_t len);
/* POSIX basename(3) (libgen's), which sysstat uses: modifies path. */
const char *sar_path_basename(char *path);
/* The basename of the target of symbolic link link, into out; false when unreadable. */
bool sar_link_basename(const char *link, char *out, size_t len);
/* The device-mapper major of /proc/devices; ~0 (no device) when there is none. */
uint32_t sar_devmap_major(void);
/*
 * The /dev/mapper entry of major:minor (in directory order, as sysstat
 * scans it), cut at SAR_DISK_NAME_MAX - 1 bytes; exits 4 without /dev/mapper.
 */
bool sar_devmap_name(uint32_t major, uint32_t minor, char *out, size_t len);
/* Frees the device naming state (NULL is fine). */
void sar_disk_names_free(struct sar_disk_names *st);

/* ---- engine.c ---- */
/*
 * The report of file to its stream (sar_fp()). A failed read ends it:
 * the report so far, then sysstat's message for it, printed here once;
 * returns 0, or the exit status that goes with the message.
 */
int sar_report_file(struct sar *s, const char *file, bool default_file);
/*
 * Reports the files that history_load() read, one report after the other,
 * as sar_report_file() does its file; h stays the caller's.
 */
int sar_report_history(struct sar *s, const struct history *h);
/*
 * One sar_act per activity of the file open in s->r. Returns 0, or 1 with
 * sysstat's message when none is selected (nor --proc, --cgroup): sar's
 * and sadf's exit status then.
 */
int sar_init_acts(struct sar *s, const char *file);
/* Shared with live.c: */
bool sar_record_tm(const struct sar *s, const struct sa_record_header *h, struct tm *ret);
void sar_time_string(const struct sar *s, const struct tm *tm, char *out, size_t len);
/* <0, 0, >0 as the time's h:m:s is before, at or after h:m:sec (hours past 24 with cross_day). */
int sar_datecmp(const struct tm *tm, int h, int m, int sec, bool cross_day);
/*
 * A record at tm (its time of day as shown) and ust (seconds since the
 * epoch) against -s (end false) or -e (end true): <0, 0, >0 as it is
 * before, at or after; 0 when the option was not given. An epoch limit
 * compares ust, as an int the way sysstat 12.7.5 does.
 */
int sar_cmp_limit(const struct sar_opts *o, bool end, const struct tm *tm, uint64_t ust,
                  bool cross_day);
/*
 * -i: whether the record at uptime is close enough to a multiple of the
 * interval counted from ref (doc/report.md §1.4). last_uptime is the caller's state;
 * reset restarts it from ref (after a LINUX RESTART).
 */
bool sar_next_slice(long interval, uint64_t *last_uptime, bool reset, uint64_t ref,
                    uint64_t uptime);
uint64_t sar_interval_of(const struct sa_record_header *prev, const struct sa_record_header *curr);
void sar_copy_slot(struct sar_act *a, struct sar_slot *dst);

void sar_copy_slot_from(struct sar_slot *dst, const struct sar_slot *src);
/*
 * Makes room in sl for n items of a's nr2 sub-items, the new bytes zero:
 * sysstat's buffers hold nr_ini items, zeroed when they grow (the per-CPU
 * views of sar -u/-P and sadf -g's tables).
 */
void sar_slot_reserve(const struct sar_act *a, struct sar_slot *sl, uint32_t n);
void sar_reset_avg(struct sar_act *a, const struct sar_view *v);
void sar_print_report_header(struct sar *s);
/* The banner line of a file (sysname, release, node, date, machine, CPUs) from header h. */
void sar_print_banner(struct sar *s, const struct sa_file_header *h);
/* The current time, local or in UTC with S_TIME_DEF_TIME=UTC (sysstat's get_time); false on error. */
bool sar_now_tm(struct tm *ret);
unsigned long sar_window_rows(void);

/* ---- live.c: sar interval [count], reading sadc's output on a pipe ---- */
struct sar_live_args {
	long interval;       /* 0: since boot */
	long count;          /* -1: until interrupted */
	const char *to_file; /* -o, or NULL */
	bool long_names;     /* -D */
};
int sar_report_live(struct sar *s, const struct sar_live_args *la);
/*
 * Where the samples of sar_live_loop() come from: sadc's pipe (live.c) or
 * a growing file (follow.c). next reads the next record into *ret, its
 * items in s->r's buffers, waiting as long as it takes; it returns R_STATS
 * and R_LAST_STATS records, and R_RESTART ones (a new reference follows),
 * and false when the report is to end (a signal). rotate, when set, runs
 * after an R_LAST_STATS record has been shown (sadc's new header).
 */
struct sar_feed {
	bool (*next)(struct sar *s, void *ctx, struct archive_record *ret);
	void (*rotate)(struct sar *s, void *ctx);
	void *ctx;
};
/*
 * The report of live mode over the samples of f, from s->acts bound to
 * s->r: the header line, each interval's rows, and the averages once next
 * returns false. The first sample is the reference. Returns 0.
 */
int sar_live_loop(struct sar *s, const struct sar_feed *f);
/*
 * SIGINT and SIGTERM end the report (sar_live_stopped()); with newline,
 * SIGINT writes a line break after the terminal's "^C", as sar does.
 */
void sar_live_catch_signals(bool newline);
bool sar_live_stopped(void);

/* ---- views_who.c: sar --proc and --cgroup (who.h's rows as text) ---- */
enum sar_who_kind { SAR_WHO_PROC, SAR_WHO_CGROUP };
/* Takes the reader's last extension record (r->ext) as slot k (0 or 1), by exchange. */
void sar_who_take(struct sar *s, int k);
/* Slot k holds no processes and no cgroups (a record without its extension record). */
void sar_who_clear(struct sar *s, int k);
/* Whether slot k holds the processes (or the cgroups) of its record. */
bool sar_who_has(struct sar *s, int k, enum sar_who_kind kind);
/*
 * Prints the block of the interval from slot prev (record hprev) to slot
 * curr, headed by ts_prev, rows at ts_curr, and adds it to the average.
 * hz: the file's sa_hz. Returns whether rows were printed.
 */
bool sar_who_print(struct sar *s, enum sar_who_kind kind, int prev, int curr,
                   const struct sa_record_header *hprev, const struct sa_record_header *hcurr,
                   uint64_t hz);
/* Prints the average block of the intervals added since the last reset (ts_prev/ts_curr set). */
void sar_who_print_avg(struct sar *s, enum sar_who_kind kind);
void sar_who_reset_avg(struct sar *s);
void sar_who_free(struct sar_who *w);
/* --proc[=SPEC] or --cgroup: false when a is neither; a bad SPEC is a usage error. */
bool sar_who_word(struct sar_opts *o, const char *a);

#endif
