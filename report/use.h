/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SAR_USE_H
#define SYSREC_SAR_USE_H

/*
 * sar --use: Brendan Gregg's USE method applied to a window of an archive
 * (or to a live run). For every resource (the CPUs, memory, swap space,
 * each disk, each network interface, each filesystem, TCP) the analyzer
 * keeps, per metric of Utilization, Saturation and Errors, the time-weighted
 * average, the peak and when it was reached, and the episodes during which
 * the resource stayed over a limit; then it gives each resource a verdict
 * and ranks those that are not ok.
 *
 * It reads the items of two consecutive records the way the views do, from
 * the slots of struct sar_act, and keeps no record: its memory grows with
 * the resources, never with the records. The metrics and the activities
 * they come from are one table (use_model.c), their limits another
 * (use_limits.c); sar(1) documents them. The module's pieces share
 * use_int.h, which no other file includes.
 *
 * A file is walked twice when it has disks: a disk's await is judged
 * against its own median in the window, which is known only after a first
 * pass. Live, the median of the samples so far stands in for it.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "engine.h"
#include "common/strbuf.h"

struct use;

/*
 * Checks a --use-limit= argument ("KEY=VALUE[,KEY=VALUE...]", commas or
 * blanks between pairs) without keeping it; false after printing why to
 * stderr. The limits in force are the defaults, then SAR_USE_LIMITS of the
 * sysstat configuration file (the file named by SYSREC_SYSSTAT_CONF when
 * set, else the installed one; no file or no variable is no error), then
 * the command line's (s->o.use_limits), read when the analysis starts.
 */
bool use_limit_arg_ok(const char *text);

/*
 * The file engine of --use: reads the archive open in s->r (header read,
 * s->acts set up) and prints the report to its stream (sar_fp()). A bad
 * record ends the reading: the report of what came before it is printed,
 * and its status returned (0 without) for the caller's message.
 */
int use_report_file(struct sar *s);

/*
 * sadf -j FILE -- --use: the same analysis of the file open in s->r, as the
 * members of the "use" object, indented by tab TABs, appended to out
 * without the braces around them. Returns 0, or the archive error (a
 * negative ARCHIVE_E_*) that ended the reading: out then holds the analysis
 * of the records before it.
 */
int use_json_file(struct sar *s, int tab, struct strbuf *out);

/* ---- live mode (live.c) ---- */

/* A new analysis of the activities bound in s (exits when out of memory). */
struct use *use_new(struct sar *s);
/* Frees u; accepts NULL. */
void use_free(struct use *u);
/* The interval between the records in the slots prev and curr (headers hp, hc). */
void use_interval(struct use *u, struct sar *s, int prev, int curr,
                  const struct sa_record_header *hp, const struct sa_record_header *hc);
/* Judges what was seen and prints the report to its stream (sar_fp()). */
void use_print(struct use *u, struct sar *s);

/* The activities --use reads: sets them in s->o.outputs (sadc's -S list in live mode). */
void use_select(struct sar_opts *o);

#endif
