/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_LIVE_HIST_H
#define SYSREC_LIVE_HIST_H
/*
 * --archive: iostat, mpstat and pidstat over the records of daily data
 * files instead of /proc and /sys. Each statistics record of the window
 * is one sample, as if the live tool had read the machine at that record's
 * time: the tools keep their own arithmetic and their own output, and only
 * where a sample comes from changes. One file is streamed as sar reads one
 * (plain or compressed, old formats converted); a directory's daily files
 * go through the history layer (common/history.h) as sar's do: a dated
 * window across days, several reports when the files cannot be read as
 * one.
 *
 * The window: -s and -e take what sar's take (hh:mm[:ss], "YYYY-MM-DD
 * hh:mm[:ss]", "YYYY-MM-DDThh:mm[:ss]", @EPOCH). The first statistics
 * record at or after -s is the first sample; the last is the last at or
 * before -e. An interval argument keeps a record when at least that many
 * seconds passed since the last one kept.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "common/archive.h"
#include "common/history.h"

struct live_window {
	const char *archive; /* --archive=FILE|DIR; NULL: the live tool */
	bool use_start, use_end;
	bool start_epoch_set, end_epoch_set; /* dated or @EPOCH: compared with the record's epoch */
	int64_t start_epoch, end_epoch;
	long start_sec, end_sec; /* hh:mm[:ss]: seconds of the day, local time */
};

/*
 * Whether a is --archive=FILE|DIR (then w->archive points into a). An
 * empty name is a usage error: false with *bad set.
 */
bool live_window_archive(struct live_window *w, const char *a, bool *bad);

/*
 * -s (end false) or -e (end true) followed by word: 1 when word is a time
 * of one of sar's forms (w updated); 0 when it is not one, so that the
 * tool's own meaning of the letter applies; -1 for a dated time that does
 * not exist (a usage error).
 */
int live_window_limit(struct live_window *w, bool end, const char *word);

/* After the options: a dated limit completes an hh:mm one; an -e before -s is on the next day. */
void live_window_finish(struct live_window *w);

/* What live_hist_next() met. */
enum live_hist_kind {
	LIVE_HIST_END,     /* the window or the files ended */
	LIVE_HIST_STATS,   /* a statistics record: its activities in r (live_hist_items()) */
	LIVE_HIST_RESTART, /* the machine restarted (or the files changed): counters start again */
};

struct live_hist {
	struct live_window w;
	long interval;        /* seconds between kept records; 0 or 1: every record */
	struct history h;     /* a directory's files (history.h) */
	bool streamed;        /* one file, read from fd as it comes (not through h) */
	int fd;
	char file[4096];
	size_t next_report;   /* the report to open next (the one open in r is the one before) */
	bool open;            /* r reads a report */
	bool header_read;     /* file_hdr holds the last report opened's header */
	struct sa_file_header file_hdr;
	struct archive_reader r;
	struct archive_record rec; /* the record read ahead */
	bool ahead;                /* rec holds a record not yet handled */
	bool ahead_new;            /* the first of a later report */
	bool ext_read;             /* live_hist_ext() looked for the current record's extension */
	bool has_ext;              /* and found it */
	bool begun;                /* a record of the window was returned */
	bool crossed;              /* hh:mm limits: midnight passed since the window began */
	long prev_sec;             /* seconds of the day of the last record kept */
	uint64_t last_uptime;      /* uptime (1/100 s) of the last record kept */
	struct sa_record_header hdr; /* the current statistics record's header */
	/*
	 * The local time of the record at tm_ust (when tm_known): the window
	 * and the tool both want it, and each getenv() and localtime_r() was
	 * 1 % of a day's iostat -x.
	 */
	bool utc; /* S_TIME_DEF_TIME=UTC */
	bool tm_known, tm_ok;
	uint64_t tm_ust;
	struct tm tm;
	const char *prog;
	const uint32_t *want; /* the activities decoded */
	size_t n_want;
};

/*
 * Reads the files of w (a file, or a directory's daily files: today's, or
 * those of a dated window) for prog, which takes the activities want (n_want
 * ids, kept by the caller): the others are skipped, not decoded. An EXT_A_*
 * id among them (common/ext.h) asks for the extension records
 * (live_hist_ext()); without one they are skipped too. Exits as sar does,
 * with its message, when they cannot be read.
 */
void live_hist_open(struct live_hist *lh, const struct live_window *w, long interval,
                    const uint32_t *want, size_t n_want, const char *prog);

/* The next record of the window. */
enum live_hist_kind live_hist_next(struct live_hist *lh);

/*
 * The extension record of the current statistics record (common/ext.h),
 * or NULL when it has none. Reading it may read the next record ahead,
 * which replaces the items live_hist_items() gave: take them first.
 */
const struct archive_ext *live_hist_ext(struct live_hist *lh);

struct live_host;

/*
 * The machine of the report being read (or of the first) into *ret, as
 * uname() gives it live; returns its CPU count (the header's, at least 1).
 */
int live_hist_host(const struct live_hist *lh, struct live_host *ret);

/*
 * The CPU count of the boot that a LIVE_HIST_RESTART just returned starts:
 * its LINUX RESTART record's, or the header's of the files read next.
 */
int live_hist_restart_cpus(const struct live_hist *lh);

/* The file header of the report being read (the banner's machine), or of the first one. */
const struct sa_file_header *live_hist_header(const struct live_hist *lh);

/* Local time (S_TIME_DEF_TIME=UTC: UTC) of the current record into *ret. */
bool live_hist_tm(const struct live_hist *lh, struct tm *ret);

/* Items of activity id in the current record, or NULL (not in the file, or none); *nr their count. */
const void *live_hist_items(const struct live_hist *lh, uint32_t id, uint32_t *nr);

void live_hist_close(struct live_hist *lh);

#endif
