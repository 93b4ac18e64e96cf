/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SAR_H
#define SYSREC_SAR_H

/*
 * sar: reports of sysstat daily data files, byte-identical to sysstat
 * 12.6.1's or 12.7.5's sar (the run's flavour, compat.h). The engine
 * (engine.c) walks the file the way sar does: segment by segment (between
 * LINUX RESTARTs), one activity output at a time, with averages at the end
 * of each block. Each activity output is a view (views_*.c): a header, a
 * row printer and an average printer, which print through the number
 * formatters of render.c.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "archive.h"
#include "strbuf.h"

#define SAR_TS_LEN 64

/* One record's items of one activity, copied out of the reader. */
struct sar_slot {
	uint32_t nr;          /* items (first dimension) */
	unsigned char *items; /* nr * nr2 items of the activity's 12.6.1 size */
	size_t cap;           /* bytes allocated */
	uint64_t gen;         /* changes with the items (only per-CPU views, never searched, skip it) */
	struct sar_slot_index *index; /* the items in key order (views.c), built on demand */
};

/* How an item's namesake is recognised: items ordered by name, 0 for the same. */
typedef int sar_item_cmp(const void *p, const void *c);

/* Releases a slot's index; accepts NULL. */
void sar_slot_index_free(struct sar_slot_index *ix);

/* Per-activity state while reading a file. */
struct sar_act {
	const struct activity_desc *desc;
	const struct archive_act *fa; /* the file's entry: fa->fa.nr (nr_ini), fa->fa.nr2 */
	int32_t nr_ini;               /* items at the file's start, updated by restarts */
	struct sar_slot slot[3]; /* [0]/[1] alternate as current/previous; [2] first of segment */
	unsigned char *avg;      /* the view's average accumulators (view->avg_size bytes) */
	size_t avg_cap;
	int in_slot;           /* 1 + the slot sar_read_record() read the items into, 0: none */
	uint64_t in_slot_read; /* which record that was (the reader's fa->n_decoded) */
};

struct sar;
struct sar_names;
struct sar_cell;
struct sar_disk_names;
struct use;
struct history;
struct history_report;

/* One output of an activity (CPU has -u and -u ALL; MEMORY has -r and -S...). */
struct sar_view {
	uint32_t act_id;
	uint32_t opt;    /* SAR_O_* bit selecting this output */
	const char *hdr; /* header fields separated by ';' ("CPU;%user;...") */
	int iwidth;      /* width of the first field (7 for CPU...), 0 for 9 */
	uint32_t flags;  /* SAR_VF_* */
	size_t avg_size; /* bytes of average state per activity (zeroed per block) */

	/*
	 * Prints the rows of one interval: items in prev and curr, itv the
	 * interval in 1/100 s. ts is the current record's time string. Returns
	 * the number of lines printed (for header repetition), 0 when nothing.
	 */
	unsigned (*print)(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
	                  const struct sar_slot *curr, uint64_t itv);

	/* Prints the Average: (or Summary:) rows from first and last slots. */
	void (*print_avg)(struct sar *s, struct sar_act *a, const struct sar_slot *first,
	                  const struct sar_slot *last, uint64_t itv);

	/* How sadf names this output's values (NULL: sadf does not show it). */
	const struct sar_names *names;
};

/*
 * sadf's names for one view (house style rule 3: every format walks this
 * table). The rows a view prints are captured as cells (see struct
 * sar_sink); cell k of a row has the k-th name of `keys` in JSON and XML and
 * the k-th field of the view's hdr in -d and -p. For views with items, cell
 * 0 is the item (its name or number).
 */
struct sar_names {
	const char *json;      /* the activity's JSON key ("cpu-load") */
	const char *group;     /* the JSON/XML object it sits in ("network"), or NULL */
	const char *keys;      /* ';'-separated JSON names of the cells */
	const char *xml;       /* the XML element around the rows, NULL: none (net-dev) */
	const char *xml_attrs; /* its attributes (" per=\"second\""), or "" */
	const char *xml_item;  /* XML element of one row; NULL: the values go on xml itself */
	const char *xml_keys;  /* ';'-separated XML names of the cells; NULL: keys */
	uint32_t flags;        /* SAR_NF_* */

	/*
	 * Hand-written rows where sysstat's output is irregular (NULL: the
	 * generic walk). They print one row's text at indentation tab (JSON:
	 * without the final newline).
	 */
	void (*json_row)(const struct sar *s, FILE *out, int tab, const struct sar_cell *cells,
	                 size_t n);
	void (*xml_row)(const struct sar *s, FILE *out, int tab, const struct sar_cell *cells,
	                size_t n);
};

enum sar_names_flag {
	SAR_NF_ITEMS = 1u << 0,     /* rows have an item in cell 0; a JSON array of objects */
	SAR_NF_CPU_ITEM = 1u << 1,  /* the item is "all" or a CPU number: -d -1 for all, -p cpuN */
	SAR_NF_XML_ELEMS = 1u << 2, /* XML values are child elements, not attributes (memory) */
	SAR_NF_ITEM_NUM = 1u << 3,  /* the item is a bare number in JSON (serial "line": 0) */
};

/* One value of a row captured for sadf. */
enum sar_cell_kind {
	SAR_CELL_NUM, /* a double printed with `decimals` decimals */
	SAR_CELL_U64, /* an integer */
	SAR_CELL_STR, /* a string (an item name, a device name) */
};

struct sar_cell {
	enum sar_cell_kind kind;
	int decimals;
	double d;
	uint64_t u;
	const char *str;  /* valid until the row ends */
	const char *name; /* the cell's own name (sar_out_name), NULL: the table's */
};

/* The sadf format a sink writes, for views whose values differ by format (disk's -j extras). */
enum sar_sink_format {
	SAR_SINK_NONE, /* sar's text */
	SAR_SINK_PPC,  /* sadf -p */
	SAR_SINK_DB,   /* sadf -d */
	SAR_SINK_JSON, /* sadf -j */
	SAR_SINK_XML,  /* sadf -x */
	SAR_SINK_RAW,  /* sadf -r */
	SAR_SINK_SVG,  /* sadf -g */
};

/*
 * Where the views' rows go instead of sar's text (sadf). A row starts with
 * the time (sar_out_ts), collects its cells and ends with sar_out_nl;
 * headers are not printed.
 */
struct sar_sink {
	void (*row_begin)(struct sar *s);
	void (*cell)(struct sar *s, const struct sar_cell *c);
	void (*row_end)(struct sar *s);
};

enum sar_view_flag {
	SAR_VF_HDR_EVERY_SAMPLE = 1u << 0, /* IRQ: the header before every sample */
	SAR_VF_HDR_EVERY_WITH_Z = 1u << 1, /* DEV, EDEV, DISK, FS, SERIAL, SOFT with -z */
	SAR_VF_CPU_BITMAP = 1u << 2,       /* rows are counted from the -P selection */
	SAR_VF_SADF_SUPERSEDED = 1u << 3,  /* sadf -j/-x: hidden when a later output of the
	                                      activity is selected (-F under -F MOUNT) */
};

/* Outputs selectable on the command line (a view's opt). */
enum sar_output {
	SAR_O_CPU = 1u << 0,
	SAR_O_CPU_ALL = 1u << 1,
	SAR_O_MEM = 1u << 2,
	SAR_O_MEM_ALL = 1u << 3, /* -r ALL: the extra memory fields */
	SAR_O_SWAP = 1u << 4,    /* -S */
	SAR_O_FS = 1u << 5,
	SAR_O_FS_MOUNT = 1u << 6,
	SAR_O_IRQ_SUM = 1u << 7,
	SAR_O_IRQ_ALL = 1u << 8,
	SAR_O_MAIN = 1u << 9, /* the only output of a single-output activity */
};

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

/* The report: options, output, and what the engine knows about the current position. */
struct sar {
	struct sar_opts o;
	FILE *out;
	char dp[8]; /* the locale's decimal point */
	struct archive_reader *r;
	struct sar_act *acts; /* one per file activity, in file order */
	uint32_t n_acts;
	char ts_prev[SAR_TS_LEN]; /* time of the previous (reference) record */
	char ts_curr[SAR_TS_LEN]; /* time of the current record, or "Average:" */
	bool dish;                /* print the header before the next rows */
	uint64_t avg_count;       /* lines (records) displayed in this block */
	bool since_boot;          /* sar 0 */
	uint32_t view_opt;        /* the output (SAR_O_*) being printed */
	const struct sar_sink *sink; /* sadf: rows go there, not to out as text */
	void *sink_ctx;              /* the sink's own state */
	bool in_row;                 /* a row has begun (sink mode) */
	const char *pending_name;    /* sar_out_name's name for the next cell */
	enum sar_sink_format sink_format; /* which sadf format the sink writes */
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

/*
 * Runs sar with argv (argv[0] included), writing the report to out and the
 * messages to stderr; returns the exit status. It also returns, through
 * the trap of sysexit.h when one is armed, where sar would exit. out must
 * stay open until it returns; nothing of the run outlives it.
 */
int sar_main(int argc, char **argv, FILE *out);

/* Sets up a zeroed s to report to out (no decimals given, no file open). */
void sar_init(struct sar *s, FILE *out);
/* Frees what a report holds (its activities, its reader, its lists); s stays zeroed-usable. */
void sar_release(struct sar *s);
/*
 * views_disk.c: the kernel's name of block device major:minor as sar shows
 * it by default (/sys/dev/block, ioconf, else devM-m), learnt once a run.
 */
void sar_disk_kernel_name(struct sar *s, uint32_t major, uint32_t minor, char *out, size_t len);
/* views_disk.c: frees the device naming state (NULL is fine). */
void sar_disk_names_free(struct sar_disk_names *st);

/* ---- render.c: output primitives (sysstat's cprintf_* family) ---- */
void sar_out_ts(struct sar *s, const char *ts);                    /* "%-11s" */
void sar_out_f(struct sar *s, double v);                           /* " %9.2f", --dec */
void sar_out_fw(struct sar *s, double v, int width, int decimals); /* " %*.*f", --dec applies */
void sar_out_pc(struct sar *s, double v);                          /* a percentage (human: %) */
void sar_out_u64(struct sar *s, uint64_t v);                       /* " %9llu" */
void sar_out_u64w(struct sar *s, uint64_t v, int width);
void sar_out_avg(struct sar *s, double v); /* " %9.0f" (mean of levels) */
void sar_out_unit(struct sar *s, double v,
                  int unit); /* --human value, unit: 0 sectors, 1 B, 2 kB... */
void sar_out_str(struct sar *s, const char *str, int width); /* " %*s" */
void sar_out_raw(struct sar *s, const char *str);            /* as is */
void sar_out_nl(struct sar *s);
/* sadf: the name of the next cell, instead of the view's table (IRQ's "cpu0"...). */
void sar_out_name(struct sar *s, const char *name);
void sar_out_header(struct sar *s, const struct sar_view *v, const char *ts,
                    const struct sar_act *a, const unsigned char *offline_bitmap);

/* A value in human units when --human, else as a rate/level: helpers for views. */
void sar_out_f_unit(struct sar *s, double v, int unit);     /* cprintf_f with a unit */
void sar_out_u64_unit(struct sar *s, uint64_t v, int unit); /* cprintf_u64 with a unit */

/* ---- engine.c ---- */
int sar_report_file(struct sar *s, const char *file, bool default_file);
/*
 * Reports the files that history_load() read, one report after the other;
 * h stays the caller's.
 */
int sar_report_history(struct sar *s, const struct history *h);
/* Prints the message of archive error rc for file (after the report so far) and exits with its status. */
_Noreturn void sar_die_archive(struct sar *s, int rc, const char *file);
/* One sar_act per activity of the file open in s->r; exits when none is selected. */
void sar_init_acts(struct sar *s, const char *file);
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

/*
 * archive_next() that reads straight into the slots: the items of each
 * activity shown and decoded go into its slot k_percpu (per-CPU
 * activities, AF_PERSISTENT) or k_other (the others); -1: into the
 * reader's buffer. The caller then copies them into that same slot with
 * sar_copy_slot(), which leaves them in place (a copy into another slot
 * copies from there). sysstat reads each record into the buffer it is
 * about to use, so an activity holds three copies of a record, not four.
 */
int sar_read_record(struct sar *s, struct archive_record *rec, int k_percpu, int k_other);
void sar_copy_slot_from(struct sar_slot *dst, const struct sar_slot *src);
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

/* ---- views.c: the table of every view, in the order outputs are printed ---- */
size_t sar_view_count(void);
const struct sar_view *sar_view_at(size_t i);

/* Helpers for views. */
double sar_s_value(uint64_t prev, uint64_t curr, uint64_t itv);  /* (curr-prev)/itv*100 */
double sar_sp_value(uint64_t prev, uint64_t curr, uint64_t tot); /* (curr-prev)/tot*100 */
bool sar_cpu_selected(const struct sar *s, uint32_t index);      /* index 0 = all */
void *sar_avg(struct sar_act *a);                                /* the view's average state */
const void *sar_item(const struct sar_act *a, const struct sar_slot *sl, uint32_t i, uint32_t j);

#endif
