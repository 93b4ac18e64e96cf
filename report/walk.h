/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_REPORT_WALK_H
#define SYSREC_REPORT_WALK_H

/*
 * The steps every report takes through a file's records, written once:
 * which activities keep their items across passes, which the reader
 * decodes, and how a segment's first record (the reference of its first
 * interval) is found. sar's engine, sadf's and sadf -g's walk with them;
 * where the programs differ, the difference is a flag or a callback named
 * for the sysstat behaviour it keeps.
 */

#include <stdbool.h>

#include "engine.h"

/*
 * Whether a is shown: its format is known and an output of it is selected.
 * Inline: the engine asks it of every activity around every read.
 */
static inline bool
walk_selected(const struct sar *s, const struct sar_act *a)
{
	return a->fa->known_format && a->desc && s->o.outputs[a->desc->id] != 0;
}

/*
 * Whether activity a keeps its items across the passes over a segment:
 * sysstat reads the per-CPU activities shown at every record of every pass,
 * so items of one pass's records that the next pass does not overwrite stay
 * in its buffers (a view shows them when it raises nr_ini to a record's
 * count). Their slots follow every read, as the buffers do.
 */
static inline bool
walk_keeps_buffers(const struct sar *s, const struct sar_act *a)
{
	return (a->desc->flags & AF_PERSISTENT) && walk_selected(s, a);
}

/*
 * Where a walk through a segment's records stands (sysstat's curr,
 * record_hdr[3], reset, cross_day...).
 */
struct walk_pos {
	struct sa_record_header hdr[3]; /* [0]/[1] alternate; [2] the segment's first record */
	uint64_t end[3];                /* where each ended: its extension record follows */
	int curr;                       /* the slot the next record is read into */
	long cnt;                       /* rows left to show (-c): 0 ends the pass, -1 no count */
	bool eof;
	bool reset;     /* sar_next_slice() takes the next record as its reference */
	bool cross_day; /* -e is a time of the next day (an -s in hours was crossed) */
	uint64_t last_uptime;
	struct archive_record rec; /* the last record read */
	struct tm rectime;         /* its time as the program shows it (sadf: -T, -U...) */
};

/*
 * What a program's reading does with a record the reader rejects or
 * finds cut short. Without a flag, a rejected record header ends the file
 * silently (12.6.1's sar and sadf, and --use) and a record cut short is
 * an error.
 */
enum walk_rule {
	/*
	 * 12.7.5's sar ends with "Invalid data read" (status 2) at any record
	 * the reader rejects, and at one dated before 2001-09-09 (10^9 s).
	 */
	WALK_1275_ANY_BAD = 1u << 0,
	/*
	 * 12.7.5's sadf does so only at a rejected record header (and the same
	 * early date): it steps over extra structures by their size alone.
	 */
	WALK_1275_BAD_HEADER = 1u << 1,
	/*
	 * sysstat's UEOF_CONT (sadf -j, -x and -g): a record cut short ends the
	 * walk with "End of system activity file unexpected", not the program.
	 * A cut item or CPU count still does.
	 */
	WALK_CUT_ENDS = 1u << 2,
	/*
	 * Where sysstat steps over comments (an lseek), a comment cut short
	 * silently ends the walk.
	 */
	WALK_CUT_COMMENT_ENDS = 1u << 3,
	/*
	 * A followed file is still being written (--follow): a rejected record
	 * header there is damage, an error, not the end of the file.
	 */
	WALK_BAD_FAILS = 1u << 4,
};

/* walk_next()'s status for 12.7.5's "Invalid data read" (not an archive_error). */
#define WALK_E_INVALID_DATA (ARCHIVE_E_INVALID - 1)

struct walk_rules {
	unsigned flags; /* enum walk_rule */
	/* Told of every read, before the rules (sadf -r's dump of each record); may be NULL. */
	void (*seen)(void *ctx, const struct archive_record *rec, int rc);
	void *ctx;
};

/*
 * Reads the next record into p->rec, the items of each activity shown and
 * decoded straight into its slot k_percpu (per-CPU activities) or k_other
 * (the others; -1: the reader's buffer), where sar_copy_slot() then
 * leaves them (a copy into another slot copies from there). Returns 1; 0 at the end of the file, or where the rules
 * end the walk (p->eof set); or a negative archive error or
 * WALK_E_INVALID_DATA, for the program to report (walk_message) before it
 * ends. A record cut short is ARCHIVE_E_TRUNCATED unless the rules say
 * otherwise: --follow reads it again when it is whole.
 */
int walk_next(struct sar *s, struct walk_pos *p, const struct walk_rules *rules, int k_percpu,
              int k_other);

/*
 * The message of a failed read of file into msg, and the exit status that
 * goes with it: sysstat's (datafile_read_message), or 12.7.5's "Invalid
 * data read" for WALK_E_INVALID_DATA.
 */
int walk_message(const struct sar *s, int rc, const char *file, char *msg, size_t len);

/*
 * One pass over a segment's records from where the file stands (sysstat's
 * rw_curr_act_stats): each statistics record to record(), each comment to
 * comment(), until a RESTART, the end of the file, or the end of p->cnt.
 * Returns 0, or the failed read's status (walk_next).
 */
struct walk_pass {
	const struct walk_rules *rules;
	bool lend; /* the reads lend slot p->curr of the decoded activities; else none */
	/* After every read, even the last (sar's header flag); may be NULL. */
	void (*after_read)(void *ctx, bool more);
	/* NULL: comments are passed over. */
	void (*comment)(void *ctx);
	/*
	 * A RESTART: NULL ends the pass there (sar's and sadf's views: their
	 * caller shows it); else restart() takes it, and the pass goes on when
	 * it returns true (sadf -g draws across restarts).
	 */
	bool (*restart)(void *ctx);
	/* A statistics record: takes it, and shows the interval it ends; whether it did. */
	bool (*record)(void *ctx);
	void *ctx;
};

int walk_pass(struct sar *s, struct walk_pos *p, const struct walk_pass *w);

/* Copies the record just read into slot k of the activities that keep their buffers, but except. */
void walk_read_persistent(struct sar *s, int k, const struct sar_act *except);

enum walk_decode_flag {
	/*
	 * Without `only`, every activity of the file is decoded, not just
	 * the selected ones: sar between its passes (the reader then checks
	 * every item count as sysstat's read_file_stat_bunch does), and
	 * sadf's formats that read every activity (-r).
	 */
	WALK_DECODE_EVERY = 1u << 0,
	/* Nothing is decoded (sadf's passes over the extension records and its header walk). */
	WALK_DECODE_NONE = 1u << 1,
};

/*
 * Which activities the reader decodes: only and the activities that keep
 * their buffers during a pass over one activity, else the selected ones
 * (or as flags say). The others are skipped, still checked for a file cut
 * short, as sysstat reads them all.
 */
void walk_decode(struct sar *s, const struct sar_act *only, unsigned flags);

/*
 * How a program finds the first statistics record of a segment inside its
 * window: the rules of its reads; special takes a RESTART or COMMENT
 * record (sar prints it, sadf prints it in its format or only applies a
 * restart's CPU count, sadf -g applies the count); outside tells whether
 * the statistics record in p->rec is outside the window (-s, -e: each
 * program's own rule of the first record).
 */
struct walk_find {
	const struct walk_rules *rules;
	bool lend; /* the reads lend slots 0 and 2 (see walk_find_segment); else none (sadf -g) */
	void (*special)(void *ctx);
	bool (*outside)(void *ctx);
	void *ctx;
};

/*
 * Reads up to the first statistics record of the next segment inside the
 * window, each candidate into slot 0 of the activities that keep their
 * buffers (sysstat reads each candidate into its buffer 0) and the others'
 * into slot 2 (read there with lend, else copied), and leaves the
 * one found in slot 2 of every shown activity, its header in p->hdr[2] and
 * where it ends in p->end[2]. Returns 1; 0 at the end of the file; or the
 * failed read's status (walk_next).
 */
int walk_find_segment(struct sar *s, struct walk_pos *p, const struct walk_find *f);

#endif
