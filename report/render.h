/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_REPORT_RENDER_H
#define SYSREC_REPORT_RENDER_H

/*
 * The output primitives every view prints with (sysstat's cprintf_*
 * family): text for sar, cells for a sink (render.c).
 */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct sar;
struct sar_act;
struct sar_view;

/*
 * The text of the primitives below is gathered in a buffer of cap bytes
 * and handed to the stream (sar_init()'s out) in blocks: a program that
 * also writes the stream itself must take it from sar_fp(). Without this
 * call every primitive writes the stream directly (the live tools, which
 * print around them with stdio, buffer a row at a time: display.h).
 */
void sar_out_buffer(struct sar *s, size_t cap);

/*
 * The buffer of a report written to a file or a pipe: one write() per
 * block of 16 kB at an offset that is a multiple of 16 kB (outbuf.h),
 * what the kernel writes fastest, and 4 kB for the rest of what is
 * gathered. sar -A over a day of 122 MB of text: 7,500 writes, about 1 %
 * of its time.
 */
#define SAR_OUT_BUFFER ((size_t) 20 << 10)

/* The stream, after the buffered text has been written to it. */
FILE *sar_fp(struct sar *s);

/* Writes the buffered text and frees the buffer; the primitives write the stream directly again. */
void sar_out_release(struct sar *s);

/* sar_fp(), then out takes the stream's place (xstats' memory stream, sadf -g's file). */
void sar_set_out(struct sar *s, FILE *out);

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

#endif
