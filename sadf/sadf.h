/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SADF_H
#define SYSREC_SADF_H

/*
 * sadf: sysstat daily data files in other formats (spec §4). The values come
 * from sar's views (sar/views_*.c) printing into a sink instead of text: each
 * row of a view becomes cells, and a format backend (fmt_*.c) writes the
 * cells with the names of the view's sar_names table.
 */

#include <stdbool.h>
#include <stdio.h>

#include "archive.h"
#include "sar.h"
#include "strbuf.h"

enum sadf_format {
	SADF_F_NONE,
	SADF_F_PPC,  /* -p, the default */
	SADF_F_DB,   /* -d */
	SADF_F_JSON, /* -j */
	SADF_F_XML,  /* -x */
	SADF_F_RAW,  /* -r */
	SADF_F_SVG,  /* -g */
	SADF_F_PCP,  /* -l */
	SADF_F_CONV, /* -c */
	SADF_F_MAX,
};

/* Time display options: -T, -t, -U are mutually exclusive. */
enum sadf_time {
	SADF_T_UTC,
	SADF_T_LOCAL, /* -T */
	SADF_T_TRUE,  /* -t: the file creator's own H:M:S and date */
	SADF_T_EPOCH, /* -U */
};

#define SADF_PATH_LEN 4096

/* -O options. */
enum sadf_out_opt {
	SADF_O_AUTOSCALE = 1u << 0,
	SADF_O_BWCOL = 1u << 1,
	SADF_O_CUSTOMCOL = 1u << 2,
	SADF_O_HEIGHT = 1u << 3,
	SADF_O_ONEDAY = 1u << 4,
	SADF_O_PACKED = 1u << 5,
	SADF_O_SHOWIDLE = 1u << 6,
	SADF_O_SHOWINFO = 1u << 7,
	SADF_O_SHOWTOC = 1u << 8,
	SADF_O_SKIPEMPTY = 1u << 9,
	SADF_O_DEBUG = 1u << 10,
};

struct sadf_config {
	enum sadf_format format;
	enum sadf_time time_mode;
	bool header_only; /* -H */
	bool horizontal;  /* -h (-d only) */
	long interval;    /* -1 when not given */
	long count;       /* -1: every record */
	int day_offset;   /* -N */
	char file[SADF_PATH_LEN];
	bool default_file; /* the daily file was chosen for the user */
	uint32_t out_opts; /* SADF_O_* */
	int canvas_height; /* -O height= */
};

struct sadf;

/*
 * A format: its sink for the views' cells and the pieces around them. Any
 * member may be NULL. `date` is "" with -U; `utc` is false with -T and -t.
 */
struct sadf_backend {
	bool by_record; /* -j, -x: every activity inside each record (sysstat's logic 1) */
	void (*row)(struct sadf *d); /* a row of d->view: d->cells[0..n_cells) */
	void (*file_begin)(struct sadf *d);
	void (*file_end)(struct sadf *d);
	void (*stats_begin)(struct sadf *d);
	void (*stats_record)(struct sadf *d); /* every statistics record read */
	void (*stats_end)(struct sadf *d);
	void (*record_begin)(struct sadf *d); /* a record is displayed */
	void (*record_end)(struct sadf *d);
	void (*pass_begin)(struct sadf *d, const struct sar_view *v); /* -d: the field list */
	void (*view_begin)(struct sadf *d, const struct sar_view *v); /* in a displayed record */
	void (*view_end)(struct sadf *d, const struct sar_view *v);
	void (*group_close)(struct sadf *d, const char *group); /* JSON/XML wrappers */
	void (*restarts_begin)(struct sadf *d);
	void (*restart)(struct sadf *d, int cpu_nr);
	void (*restarts_end)(struct sadf *d);
	void (*comments_begin)(struct sadf *d);
	void (*comment)(struct sadf *d, const char *text);
	void (*comments_end)(struct sadf *d);
};

/* The state of one sadf run. */
struct sadf {
	struct sar s; /* the views' state: options, reader, activities */
	const struct sadf_config *c;
	const struct sadf_backend *b;
	FILE *out;
	char date[32];         /* the current record's date ("" with -U) */
	char time[32];         /* its time */
	bool utc;              /* the times are UTC (not -T, -t) */
	unsigned long long dt; /* the interval in seconds, rounded */
	uint64_t itv;          /* the interval in 1/100 s */
	int tab;               /* JSON/XML indentation */
	const struct sar_view *view; /* the view printing (sink mode) */
	bool act_first, act_last;    /* view is the first / last printed of its activity */
	const char *open_group;      /* the JSON/XML wrapper open, or NULL */
	bool first_in_record;        /* JSON: no separator before the first activity */
	bool view_printed;           /* JSON: this record's previous activity printed */
	unsigned rows;               /* rows of the current view in this record */
	struct sar_cell *cells;      /* the row being captured */
	struct strbuf strs;          /* their strings, NUL-separated */
	size_t n_cells, cap_cells;
	bool sep_stats, sep_restart, sep_comment; /* JSON separators */
};

/* Backends (fmt_*.c). */
extern const struct sadf_backend sadf_ppc;
extern const struct sadf_backend sadf_db;
extern const struct sadf_backend sadf_json;
extern const struct sadf_backend sadf_xml;

/* engine.c: reads the open file in r and prints it with d->b. Exits on a read error. */
void sadf_run(struct sadf *d, const char *file);

/* Helpers for backends (engine.c). */
void sadf_tabs(struct sadf *d, int n);
/* The k-th ';'-separated name of list (without any '&'), into buf; "" past the end. */
const char *sadf_name_at(const char *list, size_t k, char *buf, size_t len);
/* The name of cell k: its own (sar_out_name), else the k-th of list. */
const char *sadf_cell_name(const struct sar_cell *c, const char *list, size_t k, char *buf,
                           size_t len);
/* A number cell as text ("%.*f" in the current LC_NUMERIC, "%llu", or the string). */
void sadf_cell_text(const struct sadf *d, const struct sar_cell *c, char *buf, size_t len);
/* The file's creation date, YYYY-MM-DD: local time, or the creator's stored date with -t. */
void sadf_file_date(char *buf, size_t len, const struct sa_file_header *h, enum sadf_time mode);
/* The file's CPU count as sysstat shows it. */
int sadf_cpu_count(unsigned int sa_cpu_nr);

/*
 * Prints the `sadf -H` report of the file opened in r (archive_open() done;
 * archive_read_header() done when the format magic is 0x2175) to out. name
 * is the file name as given. The -t option makes the file date come from the
 * stored day, month and year.
 */
void sadf_print_header(FILE *out, const char *name, const struct archive_reader *r,
                       enum sadf_time time_mode);

#endif
