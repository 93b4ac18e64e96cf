/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_FOLLOW_H
#define SYSREC_FOLLOW_H
/*
 * --follow (sar and sadf): the records of a daily file as sadc appends
 * them. The tail reads the file through the archive reader of a struct
 * sar (s->reader, s->fd); at the end of the data, or in the middle of a
 * record still being written, it goes back to the start of that record
 * and sleeps until inotify says the file (or its directory) changed, or
 * two seconds when inotify is not there. When the file is its directory's
 * current daily file, the next day's file takes over once it appears and
 * this one is read to its end.
 */
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "engine.h"
#include "walk.h"

struct follow_tail {
	struct sar *s;
	struct walk_pos pos; /* its reading (walk.h): the last record read */
	const char *prog;    /* "sar" or "sadf", for messages */
	char file[4096];     /* the file being read */
	char dir[4096];      /* its directory when it is the current daily file, else "" */
	int ino;             /* the inotify descriptor, -1 without */
	int wd_file, wd_dir; /* its watches, -1 when none */
	sigset_t wait_mask;  /* the signal mask while sleeping: SIGINT and SIGTERM open */
	bool started;        /* the first record shown has been returned */
	bool fresh;          /* just switched to the next day's file: skip what was seen */
	uint64_t last_ust, last_uptime; /* the last statistics record returned */
	int status;                     /* the exit status after an error, else 0 */
	bool quiet_sigint; /* no line break on SIGINT (sadf: nothing but records on stdout) */
	/* -s: whether a record comes before the start (NULL: start at the file's last record). */
	bool (*before_start)(void *ctx, const struct sa_record_header *h);
	void *ctx;
	/* Called before each sleep: the output so far goes out. */
	void (*before_wait)(void *ctx);
};

/*
 * Opens file (a plain sysstat file: compressed ones are refused) into
 * s->reader and s->fd, reads its header, decides whether midnight is
 * crossed, and goes to the start: the file's last statistics record, or
 * with t->before_start (set by the caller before) its first record. SIGINT
 * and SIGTERM end the wait from now on. Prints the message and exits on an
 * error.
 */
void follow_tail_open(struct follow_tail *t, struct sar *s, const char *file, const char *prog);

/*
 * The next record (R_STATS, R_LAST_STATS, R_RESTART, R_COMMENT), whole,
 * waiting for it. Returns false after SIGINT or SIGTERM, or after an error
 * (message printed, t->status set).
 */
bool follow_tail_next(struct follow_tail *t, struct archive_record *ret);

/* Closes the inotify descriptor (the file is the struct sar's to close). */
void follow_tail_release(struct follow_tail *t);

/* sar --follow FILE: live mode's report of each record appended. Returns the exit status. */
int sar_report_follow(struct sar *s, const char *file);

#endif
