/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SADF_SVG_H
#define SYSREC_SADF_SVG_H

/*
 * sadf -g (doc/report.md §5.8): the graphs of sysstat 12.6.1's and 12.7.5's
 * svg_stats.c. Each graphed output of an activity is one table entry
 * (svg_tables.c): the sar view whose rows give the values, the views (graph
 * frames) it draws, and its series, each naming the cell of the view's row
 * it plots. One drawing engine (fmt_svg.c) walks these tables.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report/engine.h"

struct svg; /* one run of fmt_svg.c */

/* How a series adds a sample to its graph (sysstat's *append helpers). */
enum svg_kind {
	SVG_K_LINE,   /* a line point, "%.2f", or "%llu" for an integer cell */
	SVG_K_RATE,   /* a line point of a counter's rate: 0 for the extrema where it went back */
	SVG_K_RATE32, /* the same for a 32-bit counter */
	SVG_K_BAR,    /* a rectangle from 0 */
	SVG_K_CPU,    /* a rectangle stacked on the previous CPU series of the row */
	SVG_K_STEP,   /* a step line through the previous value (levels read as steps) */
};

/* One plotted metric. A leading '~' in the name: integer extrema in the legend. */
struct svg_series {
	const char *name;
	int cell;     /* its cell in the view's row (cell 0 is the item when there are items) */
	double scale; /* the cell is divided by this; 0: as is */
	enum svg_kind kind;
};

/* One frame: a title over a group of series drawn together. */
struct svg_frame {
	const char *title;
	int bar; /* bar graph (percentages, 0..100) rather than lines */
	int n;   /* series in the group */
};

/* How the rows of a view map to graph sets. */
enum svg_items {
	SVG_I_NONE,   /* one set */
	SVG_I_CPU,    /* one set per CPU: cell 0 is "all" or the CPU number */
	SVG_I_NAMED,  /* one set per name in cell 0, in order of appearance */
	SVG_I_RAWCPU, /* one set per CPU, values from read_raw */
	SVG_I_RAWDEV, /* one set per item index (sensors), values from read_raw, names from
	                 item_name */
};

enum svg_flag {
	SVG_F_SKIP_VOID = 1u << 0,   /* CPUs other than "all" never seen are not drawn */
	SVG_F_SHOWIDLE = 1u << 1,    /* -O showidle adds the last series to the last frame */
	SVG_F_MEM_ALL = 1u << 2,     /* the last frame only with -r ALL */
	SVG_F_XID_SHARED = 1u << 3,  /* the graph ids go on counting over the outputs (memory) */
	SVG_F_XID_ITEM = 1u << 4,    /* the graph id is the item's index (softnet) */
	SVG_F_SKIP_ZERO = 1u << 5,   /* CPUs other than "all" whose maximum is 0 are not drawn */
	SVG_F_XID_COUNT = 1u << 6,   /* the graph id counts the item sets drawn */
	SVG_F_COUNT_NAMES = 1u << 7, /* SVG_I_RAWDEV: the items are the distinct item_name()s */
};

/* The flavours (compat.h) an entry draws for, where the two differ. */
enum svg_flavours {
	SVG_V_ALL,  /* both */
	SVG_V_1261, /* 12.6.1 only */
	SVG_V_1275, /* 12.7.5 only */
};

struct svg_graphs {
	uint32_t act_id;
	const struct sar_view *view; /* NULL: values come from read_raw */
	uint32_t opt;                /* with view NULL: the SAR_O_* bit selecting it */
	int g_nr;                    /* sysstat's views per item, for the canvas height */
	const char *toc;             /* the activity's description (-O showtoc) */
	enum svg_items items;
	int item_cell; /* the cell naming the item (SVG_I_CPU, SVG_I_NAMED) */
	uint32_t flags;
	const struct svg_frame *frames;
	size_t n_frames;
	const struct svg_series *series;
	size_t n_series;
	/*
	 * SVG_I_RAWCPU, SVG_I_RAWDEV: reads one record itself, where sysstat's
	 * graphs show what the views do not print (the clock of an offline
	 * CPU, softnet's offline CPUs as line breaks, the sensors). It gives
	 * each item's cells with svg_put*() and ends them with svg_row(). It
	 * may change the slots, as sysstat changes its buffers.
	 */
	void (*read_raw)(struct svg *v, struct sar_act *a, struct sar_slot *prev,
	                 struct sar_slot *curr);
	/* SVG_I_RAWDEV: the name of item i in sl ("1: device"). */
	void (*item_name)(const struct sar_act *a, const struct sar_slot *sl, uint32_t i, char *buf,
	                  size_t len);
	enum svg_flavours flavours;
};

/*
 * For read_raw (fmt_svg.c). svg_put() adds a number cell ("%.2f"),
 * svg_put_ext() one whose extrema are another value (sysstat plots a
 * wrapped rate but takes 0 for its extrema),
 * svg_put_u64() an integer cell ("%llu") to the row being built; svg_row()
 * gives the row to item's graphs (SVG_K_STEP takes the previous level from
 * the cell after its own), restart breaking the lines there. Items past
 * sysstat's count of the file are dropped, as sysstat has no graph for them.
 */
const struct sar *svg_sar(const struct svg *v);
bool svg_restart(const struct svg *v); /* the first record after the reference or a RESTART */
uint64_t svg_itv(const struct svg *v); /* the interval, in 1/100 s */
void svg_put(struct svg *v, double d);
void svg_put_ext(struct svg *v, double d, double ext); /* d plotted, ext for the extrema */
void svg_put_u64(struct svg *v, uint64_t u);
void svg_row(struct svg *v, uint32_t item, bool restart);

/* The table, in the order of sar's outputs of one activity. */
size_t svg_graphs_count(void);
const struct svg_graphs *svg_graphs_at(size_t i);

#endif
