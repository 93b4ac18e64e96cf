/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_HISTORY_H
#define SYSREC_HISTORY_H

/*
 * Windows across days: several data files stitched into one stream that
 * the archive reader reads as if it were one file, so that sar and sadf
 * report a window that crosses midnight with one pass, one header and one
 * average.
 *
 * The files are sorted by their header's time. Each is walked record by
 * record, one file at a time, and the stream is
 * the first file whole, then each compatible later file's records without
 * its header, without a LINUX RESTART that comes before its first
 * statistics record when the same boot continues (the boot time, ust_time -
 * uptime, agrees within HISTORY_SAME_BOOT_SLACK seconds and uptime did not
 * go back), and without the statistics records (with the extension records
 * that follow them) not later than the last one kept: sadc writes the
 * midnight sample into both days' files. A file that starts another boot
 * without a LINUX RESTART gets one, so that sar's per-boot segments apply.
 * Comments and the other restarts stay where they are.
 *
 * The stream is not held in memory: it is a list of segments, each a byte
 * range of one file or a synthesized LINUX RESTART, read through a source
 * (history_report_open) by pread(). A plain file is read where it is,
 * through a descriptor kept open (a window holds one per plain file); a
 * compressed file (or one that cannot be read at an offset, a pipe) is
 * decoded once into a spill file, an unnamed temporary file in $TMPDIR, or
 * /var/tmp when TMPDIR is not set (not /tmp, often memory itself), shared
 * by the files of the window. Only when no spill file can be written are
 * the decoded bytes kept in memory, up to a cap. Memory thus grows with the
 * number of files (a few small structs each), not with their bytes.
 *
 * A file whose records cannot be read on with the first file's header
 * (archive_can_read_on: byte order, long size, header sizes, HZ, activity
 * list) starts a new report. Nothing here prints
 * or exits: what the caller should say about a file is in notes, one line
 * each (report/window.h is the command line's step).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"
#include "strbuf.h"

struct source;

/*
 * Decoded bytes held in memory at most (all the reports together) unless
 * told otherwise: only when no spill file can be written.
 */
#define HISTORY_CAP_DEFAULT ((uint64_t) 1 << 30)
/* Bytes of the LINUX RESTART record put before a file's first record: header and CPU count. */
#define HISTORY_RESTART_LEN (sizeof(struct sa_record_header) + sizeof(int32_t))
/* Seconds by which two boot times may differ and still be the same boot (clock slew). */
#define HISTORY_SAME_BOOT_SLACK 60

/* Where one file's records start in the stream of its report. */
struct history_part {
	uint64_t offset;           /* stream offset of the file's first kept record */
	struct sa_file_header hdr; /* the file's header, host order (the day banner) */
	char *file;
	/* The rest is history.c's: where the file's (decoded) bytes are read from. */
	int fd;             /* the plain file itself, or the spill file; -1: mem */
	bool own_fd;        /* fd is the file's own (the spill file is the history's) */
	uint64_t base;      /* the file's first byte in fd */
	unsigned char *mem; /* the bytes when fd < 0 (owned) */
	unsigned char restart[HISTORY_RESTART_LEN]; /* the LINUX RESTART put before it, if any */
};

/* A piece of a report's stream: bytes of one part, or its synthesized restart. */
struct history_seg {
	uint64_t at; /* offset in the part's file (or in its restart record) */
	uint64_t len;
	size_t part;
	bool restart;
};

/* Files read as one report: the bytes of one archive, read through history_report_open(). */
struct history_report {
	uint64_t len; /* bytes of the stream */
	struct history_seg *segs;
	size_t n_segs;
	struct history_part *parts; /* n_parts, in stream order; parts[0].file names the report */
	size_t n_parts;
};

struct history {
	struct history_report *reports;
	size_t n_reports;
	uint64_t cap;          /* set before history_load(); 0: HISTORY_CAP_DEFAULT (memory only) */
	bool convert_old;      /* the reader converts old formats (archive.h: convert_old) */
	unsigned long conv_hz; /* with this tick rate (archive.h: conv_hz; 0: the machine's) */
	struct strbuf notes; /* lines for stderr: a file's end left out, a day missing */
	/* After a failure of history_load(): which file, and its magic block for the message. */
	char *err_file;
	bool err_open;    /* the file could not be opened (rc is -errno) */
	char *err_damage; /* its compressed data is corrupt: source_damage()'s text */
	struct sa_file_magic err_magic;
	/* The spill file (history.c's): open when spill_state is HISTORY_SPILL_OPEN. */
	int spill_state;
	int spill_fd;
	uint64_t spill_len;
	int spill_err;   /* why it could not be made or written (errno) */
	char *spill_dir; /* where it was to be */
};

/* spill_state: not tried yet (h zeroed), open, or failed (memory then). */
enum { HISTORY_SPILL_NONE, HISTORY_SPILL_OPEN, HISTORY_SPILL_FAILED };

/*
 * Appends to files (NUL-separated names) the daily data files of dir
 * (datafile_daily_name: saDD or saYYYYMMDD, plain or compressed) for each
 * calendar day, in local time, from the day of start to the day of end
 * (end >= start, seconds since the epoch). A day without a file gets a
 * line in notes, prefixed with prog: "PROG: no data file for YYYY-MM-DD in
 * 'DIR'". Returns the number of files found, or a negative errno.
 */
int history_daily_files(const char *dir, int64_t start, int64_t end, const char *prog,
                        struct strbuf *files, struct strbuf *notes);

/*
 * Reads the n files into reports (h zeroed first but for cap and
 * convert_old). Returns 0, or a negative error with h->err_file set: -errno
 * when a file cannot be opened or read (errno's message; -EMFILE past the
 * descriptors a process may hold, one per plain file), -EFBIG when no spill
 * file could be written and the decoded bytes kept in memory would pass
 * the cap, or an archive_error code (datafile.h's messages, with
 * h->err_magic). A file whose records end in a truncation or a bad record
 * is kept up to there when it is not the last one (a line in notes says
 * so); the last file keeps its end as it is, so that the reader meets it as
 * in the file alone. The files must stay as they are while h is read: a
 * file that grows reads as it was, one cut short is a read error.
 */
int history_load(struct history *h, const char *const *files, size_t n, const char *prog);

/*
 * Formats into buf the message for history_load()'s failure rc (prog names
 * the program in the cap's message), and returns the exit status: the
 * file's own message and status as sar and sadf give them for it alone; for
 * the cap, "PROG: cannot write a temporary file in 'DIR': ERROR, and the
 * files of the window hold more than N MiB of data to keep in memory (up to
 * 'FILE'): set TMPDIR or ask for a shorter window" and 2; out of memory, 4.
 */
int history_error_message(const struct history *h, int rc, const char *prog, char *buf, size_t len);

/* The cap for history_load(): SYSREC_HISTORY_CAP (bytes) when a number, else the default. */
uint64_t history_default_cap(void);

/*
 * Opens a source over the stream of report r (source_open_segments), for
 * the archive reader. r and its history must outlive the source. Returns 0
 * and *ret, or -ENOMEM.
 */
int history_report_open(const struct history_report *r, struct source **ret);

/*
 * Whether path can be one more of several files named on a command line:
 * an existing file that is not a directory and is none of the first file
 * (which exists and is not a directory) and the NUL-separated names in
 * others (n of them). Otherwise sysstat's
 * usage error stands: a word that names no file (a mistyped time, say) or
 * the same file twice is what sysstat refuses too.
 */
bool history_another_file(const char *first, const struct strbuf *others, size_t n,
                          const char *path);

/*
 * Whether a statistics record (ust seconds since the epoch, uptime_cs) is
 * of the same boot as an earlier one (ust0, uptime0): its uptime did not go
 * back, and both give the same boot time (time - uptime) within
 * HISTORY_SAME_BOOT_SLACK seconds. Windows across days and --follow's
 * midnight use it.
 */
bool history_same_boot(uint64_t ust0, uint64_t uptime0, uint64_t ust, uint64_t uptime);

/*
 * Adds path to the several files of a command line (files, NUL-separated,
 * *n of them) when history_another_file() takes it; the first file, named
 * alone until then, goes in before it. Returns whether path was added.
 */
bool history_add_file(struct strbuf *files, size_t *n, const char *first, const char *path);

/* The index of the part of report r that holds the record at stream offset off. */
size_t history_part_at(const struct history_report *r, uint64_t off);

/*
 * Parses a dated -s/-e time: "YYYY-MM-DD hh:mm[:ss]", "YYYY-MM-DDThh:mm[:ss]"
 * (local time) or "@EPOCH". Returns 1 with *ret_epoch, 0 when a is none of
 * these forms (another syntax may take it), -EINVAL when it is one of them
 * with an impossible value.
 */
int history_parse_time(const char *a, int64_t *ret_epoch);

/*
 * Completes a window where one limit is dated and the other hh:mm:ss: the
 * first such time at or after the dated start, or the last one at or before
 * the dated end (local time). Returns the epoch.
 */
int64_t history_time_after(int64_t start, int h, int m, int s);
int64_t history_time_before(int64_t end, int h, int m, int s);

/* Frees everything h holds; h may be NULL. */
void history_release(struct history *h);

#endif
