/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SAR_XSTATS_H
#define SYSREC_SAR_XSTATS_H

/*
 * sar -x (sysstat 12.7.3 and later, so only under the 12.7.5 flavour): the
 * minimum and maximum of every value a view displayed in a block (the rows
 * between two LINUX RESTARTs of one pass), printed before each of its
 * average rows as a "Summary:" header line, a "Minimum:" line and a
 * "Maximum:" line.
 *
 * The views are hardly involved: render.c hands every value and item name
 * of the rows it prints to this module (s->xs is NULL without -x, and then
 * nothing here runs); the views only tell which rates count as 0
 * (sar_xstats_rate). A row's items (sar_out_str, sar_out_raw) name it;
 * its values are kept by position, with the primitive and the arguments
 * that printed them, so that the extremes come out as the row did. In the
 * average rows (between sar_xstats_avg_begin and _end) the row is held back
 * until its newline, then printed after the lines of the interval rows of
 * the same name. Filesystems' average rows (their last values, "Summary:"
 * without -x) are labelled "Last:".
 */

#include <stdbool.h>

#include "engine.h"
#include "render.h"

struct sar_xstats;

/* How a value was printed: the render.c primitive, whose arguments are a and b. */
enum sar_xs_kind {
	SAR_XS_FW,       /* sar_out_fw(v, a = width, b = decimals) */
	SAR_XS_PC,       /* sar_out_xpc(v, a = width, b / 4 = decimals, b % 4 = xtrem) */
	SAR_XS_U64W,     /* sar_out_u64w(v, a = width) */
	SAR_XS_UNIT,     /* sar_out_unit(v, a = unit) */
	SAR_XS_F_UNIT,   /* sar_out_f_unit(v, a = unit), --human */
	SAR_XS_U64_UNIT, /* sar_out_u64_unit(v, a = unit), --human */
	SAR_XS_STR,      /* item: sar_out_str(text, a = width) */
	SAR_XS_RAW,      /* item: sar_out_raw(text) */
};

/* Sets s->xs when -x was given (12.7.5); exits with sysstat's message when out of memory. */
void sar_xstats_init(struct sar *s);
/* Frees s->xs (NULL is fine) and clears it. */
void sar_xstats_release(struct sar *s);

/* render.c: a row starts; returns the time column to print instead of ts. */
const char *sar_xstats_row_begin(struct sar *s, const char *ts);
/* render.c: a value of the row. */
void sar_xstats_value(struct sar *s, enum sar_xs_kind k, double v, int a, int b);
/* render.c: an item name of the row. */
void sar_xstats_item(struct sar *s, enum sar_xs_kind k, const char *text, int width);
/*
 * Views: the next value of the row counts as v, not as it is shown (none
 * without -x). See sar_xstats_rate.
 */
void sar_xstats_next_counts_as(struct sar *s, double v);

/*
 * Views, before printing the rate of a counter from prev to curr, for the
 * activities whose extremes sysstat takes from the counters (save_extrema:
 * -w, -W, -B, -y, -d's tps, -n's rates, -n SOFT): a counter that went back
 * counts as 0, where the row shows the unsigned difference's rate. The
 * others (-I, -q CPU...) keep the values they show. Without -x, nothing.
 */
static inline void
sar_xstats_rate(struct sar *s, uint64_t prev, uint64_t curr)
{
	if (s->xs && curr < prev)
		sar_xstats_next_counts_as(s, 0.0);
}

/*
 * Views: the values of the row being printed do not count (sysstat's are
 * not numbers: a tickless CPU's shares of no time).
 */
void sar_xstats_drop_row(struct sar *s);
/*
 * render.c, at the start of sar_out_nl: true when this module printed the
 * newline and what goes with it (an average row), and sar_out_nl is done.
 */
bool sar_xstats_nl(struct sar *s);
/*
 * render.c, at the start of sar_out_header: true when the header is held
 * (average rows: it is printed with "Summary:" before each one).
 */
bool sar_xstats_header(struct sar *s, const struct sar_view *v, const struct sar_act *a,
                       const unsigned char *offline_bitmap);

/* engine.c, live.c: around a view's print_avg (a's activity, view v). */
void sar_xstats_avg_begin(struct sar *s, const struct sar_view *v, const struct sar_act *a);
/* Ends the block: what was kept is forgotten. */
void sar_xstats_avg_end(struct sar *s);

#endif
