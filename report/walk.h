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
 * window. next reads the next record into *rec (per-CPU items into slot 0,
 * the others into slot 2 where it reads into slots), false at the end;
 * special takes a RESTART or COMMENT record (sar prints it, sadf prints it
 * in its format or only applies a restart's CPU count, sadf -g applies the
 * count); outside tells whether the statistics record read is outside the
 * window (-s, -e: each program's own rule of the first record).
 */
struct walk_find {
	bool (*next)(void *ctx);
	void (*special)(void *ctx);
	bool (*outside)(void *ctx);
	const struct archive_record *rec;
	void *ctx;
};

/*
 * Reads up to the first statistics record of the next segment inside the
 * window, each candidate into slot 0 of the activities that keep their
 * buffers (sysstat reads each candidate into its buffer 0), and leaves the
 * one found in slot 2 of every shown activity. False at the end of the file.
 */
bool walk_find_segment(struct sar *s, const struct walk_find *f);

#endif
