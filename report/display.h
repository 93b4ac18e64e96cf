/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SAR_DISPLAY_H
#define SYSREC_SAR_DISPLAY_H

/*
 * What sar's text takes from the user's environment besides the numeric
 * locale (struct sar's dp): the words of sysstat's catalogs (nls.h), and
 * the colours of S_COLORS / S_COLORS_SGR. Implemented in render.c, whose
 * primitives put the colours around the values.
 */

#include <stdbool.h>

#include "engine.h"
#include "render.h"
#include "common/nls.h"

/* The time-column words of the average and summary rows, translated. */
const char *sar_label_average(void);
const char *sar_label_summary(void);

/* sysstat's colours (init_colors), the indexes of struct sar's sgr. */
enum sar_sgr {
	SAR_SGR_PC_HIGH,   /* H: a percentage >= 75 */
	SAR_SGR_PC_LOW,    /* M: a percentage >= 50 */
	SAR_SGR_ZERO,      /* Z: a value that prints as zero */
	SAR_SGR_VALUE,     /* N: any other value */
	SAR_SGR_ITEM,      /* I: an item name (CPU, device, interface...) */
	SAR_SGR_COMMENT,   /* C: a COM line */
	SAR_SGR_RESTART,   /* R: a LINUX RESTART line */
	SAR_SGR_TREND_POS, /* 12.7.5 +: a battery charging or full */
	SAR_SGR_TREND_NEG, /* 12.7.5 -: a battery discharging or not charging */
	SAR_SGR_NORMAL,    /* after each coloured part */
	SAR_SGR_MAX,
};

/*
 * Sets s's colours from S_COLORS (colors) and S_COLORS_SGR (sgr), either
 * NULL when unset, as sysstat 12.6.1 does: no colours when colors is
 * "never", or when stdout is not a terminal (is_tty false) unless colors
 * is "always". Otherwise sysstat's default codes, each replaced by a
 * KEY=CODE entry of the ':'-separated sgr (keys H M Z N I C R; CODE of
 * digits and ';', 1 to 5 characters; malformed entries are ignored).
 */
void sar_colors_init(struct sar *s, const char *colors, const char *sgr, bool is_tty);

/*
 * How render.c colours what it prints (never in sink mode): the time column
 * and the headers not at all; every number as a value (zero, non-zero, or a
 * percentage above a threshold); sar_out_str as an item name; sar_out_raw's
 * text as an item name too, one coloured part with the raw text after it,
 * until the next value or the end of the line. Lines ending with a name
 * (FS, FC, sensors, USB) close the colour after their newline, as sysstat's
 * " %s\n" does.
 */

/*
 * A string value (sysstat's cprintf_s: the USB manufacturer and product),
 * already formatted with its leading space and padding; coloured as a value,
 * up to the next value or the end of the line. Sink mode: a string cell.
 */
void sar_out_text(struct sar *s, const char *text);

/* " %*x" coloured as a value (sysstat's cprintf_x). Sink mode: an integer cell. */
void sar_out_hex(struct sar *s, unsigned v, int width);

/*
 * How 12.7.5 colours a percentage beyond its thresholds (sysstat's
 * cprintf_xpc): XHIGH from 75 % (M) and 90 % (H), XLOW up to 25 % and 10 %,
 * XNONE never. 12.6.1 colours every percentage from 50 % and 75 %.
 */
enum sar_xtrem {
	SAR_XHIGH,
	SAR_XLOW,
	SAR_XNONE,
};

/* A percentage of width and decimals (--dec and --human apply) coloured as xtrem says. */
void sar_out_xpc(struct sar *s, double v, int width, int decimals, enum sar_xtrem xtrem);

/*
 * " %+*.*f" (sysstat 12.7.5's cprintf_f with a sign): coloured from -5 (M)
 * and -10 (H) down, --dec applies. Sink mode: a number cell.
 */
void sar_out_signed(struct sar *s, double v, int width, int decimals);

/* A trend (12.7.5's cprintf_tr): " %*s" of text in the colour of a rise or a fall. */
void sar_out_trend(struct sar *s, bool rise, const char *text, int width);

/* Text without a colour (sysstat's plain printf between values). Nothing in sink mode. */
void sar_out_plain(struct sar *s, const char *text);

/* text in colour k, then the normal colour (text output only; the live tools' names). */
void sar_out_colored(struct sar *s, enum sar_sgr k, const char *text);

/* The n bytes at p in colour k, then the normal colour: sar_out_colored() of a counted text. */
void sar_out_bytes(struct sar *s, enum sar_sgr k, const char *p, size_t n);

/*
 * Line mode, for text output without a run's buffer (sar_out_buffer()):
 * from sar_line_begin() the primitives gather their bytes in s->line,
 * attached to the run's outbuf (written out when it fills), and
 * sar_line_end() writes what is left with one call. Nothing may write to
 * the stream with stdio in between: the bytes would come out of order.
 * The live tools build each row so, where a stdio call per value was most
 * of a day's cost. A buffered run (sar, sadf) ignores both calls.
 */
void sar_line_begin(struct sar *s);
void sar_line_end(struct sar *s);

/*
 * The zero colour for a value that prints as zero with decimals (--dec
 * replacing decimals above 0), else the value colour: cprintf_f's test.
 */
enum sar_sgr sar_value_sgr(const struct sar *s, double v, int decimals);

/*
 * sysstat's cprintf_unit, text output only: v of unit (0 sectors, shown
 * from kB; 1 B; 2 kB...) scaled by 1024 while at least 1024, width - 1
 * wide (width at least 4) with one decimal (none under --dec=0), in colour
 * k; the unit's letter after the normal colour.
 */
void sar_out_unit_w(struct sar *s, double v, int unit, int width, enum sar_sgr k);

/* The kinds of special record lines. */
enum sar_special {
	SAR_SPECIAL_RESTART,
	SAR_SPECIAL_COMMENT,
};

/*
 * Prints the rest of a LINUX RESTART or COM line, after its time column:
 * text (newline included) in the line's colour.
 */
void sar_out_special(struct sar *s, enum sar_special kind, const char *text);

#endif
