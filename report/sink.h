/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_REPORT_SINK_H
#define SYSREC_REPORT_SINK_H

/*
 * Where a view's rows go when they are not sar's text: a sink takes each
 * row as cells (sadf's formats, the live tools' machine-readable output).
 */

#include <stdint.h>

struct sar;

/* One value of a row captured for sadf. */
enum sar_cell_kind {
	SAR_CELL_NUM, /* a double printed with `decimals` decimals */
	SAR_CELL_U64, /* an integer */
	SAR_CELL_STR, /* a string (an item name, a device name) */
};

struct sar_cell {
	enum sar_cell_kind kind;
	int decimals;
	double d;
	uint64_t u;
	const char *str;  /* valid until the row ends */
	const char *name; /* the cell's own name (sar_out_name), NULL: the table's */
};

/* The sadf format a sink writes, for views whose values differ by format (disk's -j extras). */
enum sar_sink_format {
	SAR_SINK_NONE, /* sar's text */
	SAR_SINK_PPC,  /* sadf -p */
	SAR_SINK_DB,   /* sadf -d */
	SAR_SINK_JSON, /* sadf -j */
	SAR_SINK_XML,  /* sadf -x */
	SAR_SINK_RAW,  /* sadf -r */
	SAR_SINK_SVG,  /* sadf -g */
};

/*
 * Where the views' rows go instead of sar's text (sadf). A row starts with
 * the time (sar_out_ts), collects its cells and ends with sar_out_nl;
 * headers are not printed.
 */
struct sar_sink {
	void (*row_begin)(struct sar *s);
	void (*cell)(struct sar *s, const struct sar_cell *c);
	void (*row_end)(struct sar *s);
};

#endif
