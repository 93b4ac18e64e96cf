/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SADF_H
#define SYSREC_SADF_H

/*
 * sadf: sysstat daily data files in other formats (doc/report.md §5). The values come
 * from sar's views (report/views_*.c) printing into a sink instead of text: each
 * row of a view becomes cells, and a format backend (fmt_*.c) writes the
 * cells with the names of the view's sar_names table.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/archive.h"
#include "common/numfmt.h"
#include "common/strbuf.h"
#include "report/engine.h"

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
	SADF_F_OPENMETRICS, /* --openmetrics (sysrec) */
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
	struct history *hist; /* several files read as one (history.h: its first report), or NULL */
	uint32_t out_opts; /* SADF_O_* */
	int canvas_height; /* -O height= */
	unsigned long conv_hz; /* -O hz= for -c (0: the machine's) */
	/* --openmetrics: the -O words name=value (labels), comma-separated. */
	char om_labels[2048];
	bool follow; /* --follow: the records as they are appended (follow.c) */
};

struct sadf;
struct history;

/* What the command line asked for, besides the sar options (in struct sadf's s.o). */
struct sadf_cmdline {
	struct sadf_config c;
	unsigned time_bits; /* 1 << SADF_T_* of -T, -t, -U */
	bool sar_options;   /* "--" seen */
	bool option_a;      /* -A after "--" */
	bool openmetrics;   /* --openmetrics anywhere before "--": -O takes labels */
	struct strbuf files; /* the data files when there are several, NUL-separated */
	size_t n_files;
};

/* options.c: parses argv into cl and d->s.o; exits with sadf's usage (status 1) on an error. */
void sadf_parse_cmdline(struct sadf_cmdline *cl, struct sadf *d, int argc, char **argv);
_Noreturn void sadf_usage(void);
struct sadf_names;
struct sadf_plan;

/*
 * A format: its sink for the views' cells and the pieces around them. Any
 * member may be NULL. `date` is "" with -U; `utc` is false with -T and -t.
 */
struct sadf_backend {
	bool by_record; /* -j, -x: every activity inside each record (sysstat's logic 1) */
	/* -g: a walk of its own over the file (sysstat's svg_display_loop); the rest unused. */
	int (*run)(struct sadf *d, const char *file); /* 0, or the status of a failure told */
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
	/*
	 * -r: prints output v of activity a for the record in a->slot[curr]
	 * (the previous one in slot[!curr]) instead of the view; called for
	 * every record displayed, whatever a's item count.
	 */
	void (*print_view)(struct sadf *d, struct sar_act *a, const struct sar_view *v, int curr);
	/* -r: every archive_next() of the walk, with its return code. */
	void (*record_read)(struct sadf *d, const struct archive_record *rec, int rc);
	/*
	 * Where the views' cells go (NULL: the engine's sink, which captures
	 * each row's cells for row). A backend's own sink writes the rows of
	 * the views it can as their cells come (d->direct, set by its
	 * view_begin), and hands the cells of the others to the engine's
	 * sadf_capture_*: a cell captured and then formatted cost about
	 * twice one written at once.
	 */
	const struct sar_sink *sink;
	/* Frees the backend's state in d->fmt, also after an exit half-way (NULL: none). */
	void (*release)(struct sadf *d);
};

/* The state of one sadf run. */
struct sadf {
	struct sar s; /* the views' state: options, reader, activities */
	const struct sadf_config *c;
	const struct sadf_backend *b;
	char date[32];               /* the current record's date ("" with -U) */
	char time[32];               /* its time */
	bool utc;                    /* the times are UTC (not -T, -t) */
	char my_tz[SA_TZNAME_LEN];   /* -T under 12.7.5: TZ's zone name (tzname[0]), cut as sysstat does */
	uint64_t start_epoch;        /* 12.7.5's -s as seconds since the epoch (0: not) */
	uint64_t end_epoch;          /* and -e */
	struct history *history;     /* run.c: several files read as one, freed with the run */
	unsigned long long dt;       /* the interval in seconds, rounded */
	uint64_t itv;                /* the interval in 1/100 s */
	int tab;                     /* JSON/XML indentation */
	const struct sar_view *view; /* the view printing (sink mode) */
	bool act_first, act_last;    /* view is the first / last printed of its activity */
	const char *open_group;      /* the JSON/XML wrapper open, or NULL */
	unsigned rows;               /* rows of the current view in this record */
	struct sar_cell *cells;      /* the row being captured */
	struct strbuf strs;          /* their strings, NUL-separated */
	size_t n_cells, cap_cells;
	/*
	 * -j, -x (the backend's sink): the rows of the view printing are
	 * written as their cells come, not captured (false outside a view).
	 * row_keys are the view's names; row_mark is where the output of the
	 * row under way starts, to take back a row that a view begins again
	 * before ending it (as a captured one is dropped), SIZE_MAX once the
	 * buffer has been written out in the middle of it: a row begun
	 * again after more than 4 kB would leave its start. No view begins a
	 * row twice (a check that aborted on it passed every sadf suite);
	 * this is a guard, not a path the output relies on.
	 */
	bool direct;
	const struct sadf_names *row_keys;
	int row_tab;       /* the indentation of the view's rows */
	/*
	 * XML: what begins each of the view's rows (its TABs, '<' and name),
	 * made once by view_begin(); row_head_ok false: they are begun piece
	 * by piece.
	 */
	char row_head[64];
	size_t row_head_len;
	bool row_head_ok;
	size_t row_fast_n; /* the cells from the first written by the sink's fast path */
	size_t row_mark;
	bool row_open;
	bool row_group; /* JSON: the object "a": { of keys "a.b" is open, its name in strs */
	bool sep_stats, sep_restart, sep_comment; /* JSON separators */
	bool dot;                  /* LC_NUMERIC's decimal point is '.' (numfmt applies) */
	struct sadf_names **names; /* the name lists split so far (sadf_names_of) */
	struct sadf_plan *plan;    /* engine: the activities and outputs of a record */
	size_t n_plan;
	size_t n_names;
	/* The lists by address, direct-mapped (rows alternate between a few lists). */
	struct sadf_names *names_hash[256];
	unsigned stamp_gen; /* bumped with every new date/time/interval */
	unsigned pfx_gen;   /* fmt_text: the stamp its prefix was built for */
	char pfx[256];      /* fmt_text: "host<sep>dt<sep>timestamp" of the record */
	size_t pfx_len;
	void *fmt;          /* the backend's own state (-r) */
	struct sadf_who *who; /* --proc, --cgroup: fmt_who.c's state, or NULL */
	int who_pass;         /* -d, -p: the enum sadf_who_part of the pass under way, or 0 */
	/*
	 * The command line (run.c): here, in the heap, and not in a frame,
	 * where zeroing its 6 kB was two of a run's stack pages.
	 */
	struct sadf_cmdline cl;
};

/*
 * Runs sadf with argv (argv[0] included), writing to out and the messages to
 * stderr; returns the exit status. It also returns, through the trap of
 * sysexit.h when one is armed, where sadf would exit. Nothing of the run
 * outlives it.
 */
int sadf_main(int argc, char **argv, FILE *out);

/*
 * engine.c: the engine's sink, which captures a row's cells into d->cells
 * and hands them to d->b->row at its end; a backend's own sink calls them
 * for the rows it does not write itself.
 */
void sadf_capture_row_begin(struct sar *s);
void sadf_capture_cell(struct sar *s, const struct sar_cell *c);
void sadf_capture_row_end(struct sar *s);

/*
 * A direct row (d->direct) begins: room for a row of most views is made in
 * the output buffer, and where the row starts is kept (row_mark); a row
 * begun again before its end is taken back first. False when the view's
 * rows are captured instead (not direct, or the buffer too small for
 * direct rows: d->direct is then false): the captured row has begun.
 */
#define SADF_ROW_ROOM 4096
bool sadf_direct_row_begin_slow(struct sadf *d);
static inline bool
sadf_direct_row_begin(struct sadf *d)
{
	struct outbuf *o = &d->s.ob;

	if (!d->direct || o->cap < 2 * SADF_ROW_ROOM)
		return sadf_direct_row_begin_slow(d);
	/* A row begun again drops the first, as sadf_capture_row_begin() does. */
	if (d->row_open && d->row_mark != SIZE_MAX)
		o->len = d->row_mark;
	if (o->cap - o->len < SADF_ROW_ROOM)
		outbuf_make_room(o, SADF_ROW_ROOM);
	d->row_mark = o->len;
	d->row_open = true;
	d->n_cells = 0;
	d->s.pending_name = NULL;
	return true;
}
/*
 * The name of the direct row's next cell, which it counts (*ret_k, unless
 * NULL: its position): the cell's own, the view's k-th, or "" past the list.
 */
struct sadf_name sadf_direct_key(struct sadf *d, size_t *ret_k);
/* The row has ended: d->rows counts it. */
static inline void
sadf_direct_row_end(struct sadf *d)
{
	d->row_open = false;
	d->rows++;
}
/*
 * Room for n bytes in the output buffer within a direct row: what is
 * gathered goes out when they do not fit (the row can no longer be taken
 * back then). Returns where they go, or NULL when n is more than the
 * buffer holds.
 */
static inline char *
sadf_direct_room(struct sadf *d, size_t n)
{
	struct outbuf *o = &d->s.ob;

	if (n <= o->cap - o->len)
		return o->buf + o->len;
	d->row_mark = SIZE_MAX;
	return outbuf_reserve(o, n);
}

/* engine.c: frees the engine's state in d (names, plan, captured cells). */
void sadf_engine_release(struct sadf *d);

/* Backends (fmt_*.c). */
extern const struct sadf_backend sadf_ppc;
extern const struct sadf_backend sadf_db;
extern const struct sadf_backend sadf_json;
extern const struct sadf_backend sadf_xml;
extern const struct sadf_backend sadf_raw;
extern const struct sadf_backend sadf_svg;
extern const struct sadf_backend sadf_openmetrics;

/*
 * Output. Everything sadf prints goes through the run's one buffer (the
 * outbuf of d->s, common/outbuf.h), which goes to the stream in large
 * writes: stdio's per-call cost is most of the time of a big file. Whoever
 * writes to the stream with stdio (a view's json_row or xml_row, another
 * backend) takes it from sadf_fp(), which writes what is gathered first.
 */
static inline FILE *
sadf_fp(struct sadf *d)
{
	return outbuf_sync(&d->s.ob);
}

/* The stream, up to date (sadf_fp() whose result is not needed). */
static inline void
sadf_flush(struct sadf *d)
{
	outbuf_sync(&d->s.ob);
}

/*
 * fmt_json.c: sadf -j FILE -- --use: the file's host object with the USE
 * method's analysis (report/use.h) as its "use" object, instead of the records.
 * Returns 0, or the status of a failed read (told after the document).
 */
int sadf_json_use(struct sadf *d, const char *file);
#define sadf_printf(d, ...) outbuf_printf(&(d)->s.ob, __VA_ARGS__)

static inline void
sadf_put(struct sadf *d, const char *s, size_t n)
{
	outbuf_put(&d->s.ob, s, n);
}

static inline void
sadf_puts(struct sadf *d, const char *s)
{
	outbuf_puts(&d->s.ob, s);
}

static inline void
sadf_putc(struct sadf *d, char c)
{
	outbuf_putc(&d->s.ob, c);
}

/* n TABs (JSON and XML indentation) through the buffer. */
void sadf_put_tabs_slow(struct sadf *d, int n);
static inline void
sadf_put_tabs(struct sadf *d, int n)
{
	static const char tabs[16] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
	struct outbuf *o = &d->s.ob;

	/* Every row is indented: one block of 16 when it fits. */
	if (n >= 0 && n <= 16 && o->cap - o->len >= 16) {
		memcpy(o->buf + o->len, tabs, 16);
		o->len += (size_t) n;
		return;
	}
	sadf_put_tabs_slow(d, n);
}

/*
 * engine.c: sysstat's message for read error rc on file, printed after what
 * the format wrote so far; returns the exit status that goes with it.
 */
int sadf_report_failed(struct sadf *d, int rc, const char *file);

/*
 * engine.c: reads the open file in r and prints it with d->b. A failed read
 * ends it with its message (sadf_report_failed); returns 0, or that status.
 */
int sadf_run(struct sadf *d, const char *file);

/* Helpers for backends (engine.c). */

/*
 * One name of a list, split out once: its text (NUL-terminated), length,
 * and '.' (-1: none); and, in a run of sadf -j or -x, the part after the
 * '.' as the format prints it before a value, "name": or  name=" (NULL
 * for a cell's own name, and in the other formats, which print none).
 * 32 bytes: a run keeps a few hundred.
 */
struct sadf_name {
	const char *s;
	const char *form;
	uint32_t len;
	int32_t dot;
	uint32_t form_len;
};

/* A ';'-separated list of names (a view's hdr, keys...), split once for the whole run. */
struct sadf_names {
	const char *list;
	char *buf;
	struct sadf_name *v;
	size_t n;
	bool dotted; /* some name has a '.' */
	/*
	 * How many names from the first have a form of at most 32 bytes,
	 * that sadf_put_form() copies as one block: the direct rows' fast
	 * path (none when some name has a '.').
	 */
	size_t n_blocks;
	char *forms; /* the forms' strings */
};

/* The names of list ('&' separates as ';' does); none for NULL. Valid for the run. */
const struct sadf_names *sadf_names_of(struct sadf *d, const char *list);
/* A name not in a list (a cell's own, from sar_out_name): no form. */
struct sadf_name sadf_name_of(const char *name);

/* The name of cell k: its own (sar_out_name), else the k-th of names ("" past the end). */
static inline struct sadf_name
sadf_cell_key(const struct sadf_names *names, const struct sar_cell *c, size_t k)
{
	if (c->name)
		return sadf_name_of(c->name);
	return k < names->n ? names->v[k] : sadf_name_of("");
}
/*
 * sadf_cell_key() without the copy: the list's own name, or the cell's
 * own (or "") split into *tmp.
 */
static inline const struct sadf_name *
sadf_cell_key_at(const struct sadf_names *names, const struct sar_cell *c, size_t k,
                 struct sadf_name *tmp)
{
	if (!c->name && k < names->n)
		return &names->v[k];
	*tmp = sadf_cell_key(names, c, k);
	return tmp;
}
/*
 * A cell as text into buf (len > 1 bytes, NUL-terminated): a number as
 * "%.*f" in the current LC_NUMERIC, an integer as "%llu", or the string.
 * Returns its length. SADF_NUM_LEN holds any double.
 */
size_t sadf_cell_text(const struct sadf *d, const struct sar_cell *c, char *buf, size_t len);
#define SADF_NUM_LEN 400

/*
 * A string cell's bytes (at most SADF_NUM_LEN - 1, as sadf_put_cell()
 * cuts them) copied to p, which has the room; returns their count. The
 * names of items are a few bytes: a loop costs less than strnlen() and
 * memcpy() called.
 */
static inline size_t
sadf_copy_str(char *p, const char *str)
{
	size_t n = 0;

	if (str)
		for (; n < SADF_NUM_LEN - 1 && str[n]; n++)
			p[n] = str[n];
	return n;
}
/* sadf_cell_text() into the output buffer (sadf_put); returns the length. */
size_t sadf_put_cell_slow(struct sadf *d, const struct sar_cell *c);
/*
 * A number or counter cell's digits at p, which has NUMFMT_PLAIN_ROOM
 * bytes, as sadf_put_cell() writes them with a '.' decimal point: their
 * length, 0 for a number out of numfmt's range (then sadf_put_cell_slow()).
 */
static inline size_t
sadf_num_at(char *p, const struct sar_cell *c)
{
	return c->kind == SAR_CELL_NUM ? numfmt_fixed_plain(p, c->d, c->decimals)
	                               : numfmt_u64_plain(p, c->u);
}

static inline size_t
sadf_put_cell(struct sadf *d, const struct sar_cell *c)
{
	struct outbuf *o = &d->s.ob;

	/* sadf_cell_text()'s most common cases, in place and without its NUL. */
	if (c->kind == SAR_CELL_NUM && d->dot && o->cap - o->len >= NUMFMT_PLAIN_ROOM) {
		size_t n = numfmt_fixed_plain(o->buf + o->len, c->d, c->decimals);

		if (n) {
			o->len += n;
			return n;
		}
	} else if (c->kind == SAR_CELL_U64 && o->cap - o->len >= NUMFMT_PLAIN_ROOM) {
		size_t n = numfmt_u64_plain(o->buf + o->len, c->u);

		o->len += n;
		return n;
	}
	return sadf_put_cell_slow(d, c);
}

/*
 * outbuf_put() of the n bytes at p, which has room readable bytes: one
 * block of 64 copied when they fit in it and room allows (short copies
 * of a length only known at run time are a call to memcpy() otherwise).
 */
static inline void
sadf_put_block(struct sadf *d, const char *p, size_t n, size_t room)
{
	struct outbuf *o = &d->s.ob;

	if (n <= 64 && room >= 64 && o->cap - o->len >= 64) {
		memcpy(o->buf + o->len, p, 64);
		o->len += n;
		return;
	}
	outbuf_put(o, p, n);
}

/*
 * The form of a list's name (struct sadf_name): its n
 * bytes, with 32 readable from form (sadf_names pads them), copied as a
 * block of 32 when they fit.
 */
static inline void
sadf_put_form(struct sadf *d, const char *form, size_t n)
{
	struct outbuf *o = &d->s.ob;

	if (n <= 32 && o->cap - o->len >= 32) {
		memcpy(o->buf + o->len, form, 32);
		o->len += n;
		return;
	}
	outbuf_put(o, form, n);
}
/*
 * -d -h's field list: calls fn for every output sysstat lists, in its
 * activity order: the selected outputs of the file's activities (of a known
 * format or not) that have items at the file's start.
 */
void sadf_each_listed_view(struct sadf *d, void (*fn)(struct sadf *d, const struct sar_act *a,
                                                      const struct sar_view *v));
/* The file's creation date, YYYY-MM-DD: local time, or the creator's stored date with -t. */
void sadf_file_date(char *buf, size_t len, const struct sa_file_header *h, enum sadf_time mode);
/*
 * The zone after a record's time in -d, -p and -r, or NULL for none. 12.6.1
 * prints " UTC" in UTC only; 12.7.5 prints the zone of the time shown: UTC,
 * the file's own with -t (none in a record's stamp when the file has none;
 * special is true for a restart or a comment, which print it even empty),
 * TZ's with -T. Nothing with -U.
 */
const char *sadf_zone(const struct sadf *d, bool special);
/* The "tz" of 12.7.5's JSON and XML: UTC, the file's zone (-t) or TZ's (-T). */
const char *sadf_tz(const struct sadf *d);
/*
 * The time window (-s, -e) against a record: its time as shown (tm) or, for
 * 12.7.5's seconds since the epoch, its ust_time. sadf_before_start() tells
 * whether it is before the start; sadf_cmp_end() is <0, 0, >0 as it is
 * before, at or after the end (-1 without -e); cross_day adds a day to its
 * hour, as sysstat does once a window has passed midnight.
 */
bool sadf_before_start(const struct sadf *d, const struct tm *tm, uint64_t ust_time);
/* A record's time as sadf shows it: UTC, or local with -T, or the creator's with -t. */
bool sadf_record_tm(const struct sadf *d, const struct sa_record_header *h, struct tm *ret);
long long sadf_cmp_end(const struct sadf *d, const struct tm *tm, uint64_t ust_time,
                       bool cross_day);
/* The file's CPU count as sysstat shows it. */
int sadf_cpu_count(unsigned int sa_cpu_nr);

/*
 * fmt_who.c: sar's --proc[=SPEC] and --cgroup after "--" (report/who.h's rows)
 * in -d, -p, -j, -x and --openmetrics. -d and -p print each in a pass of
 * its own over a segment, after sysstat's; -j and -x inside each record.
 */
enum sadf_who_part { SADF_WHO_NONE, SADF_WHO_PROC, SADF_WHO_CGROUP };
struct sadf_who;
/* Whether part was asked (SADF_WHO_NONE: either). */
bool sadf_who_asked(const struct sadf *d, enum sadf_who_part part);
/*
 * Opens the file a second time for its extension records, when asked;
 * what the file lacks is then not asked any more, and a file with none of
 * it (and no sysstat activity selected) is sar's message and exit 1.
 */
void sadf_who_open(struct sadf *d, const char *file);
void sadf_who_release(struct sadf *d);
/* -d: the field list of a pass of part. */
void sadf_who_pass_begin(struct sadf *d, enum sadf_who_part part);
/*
 * The interval from the statistics record prev to curr (each ended at
 * offset *_end of the file, where its extension record is): part's rows
 * (SADF_WHO_NONE: both, -j and -x) in the format's form. Returns whether
 * curr had what was asked (sar shows the interval then).
 */
bool sadf_who_interval(struct sadf *d, enum sadf_who_part part, const struct sa_record_header *prev,
                       uint64_t prev_end, const struct sa_record_header *curr, uint64_t curr_end);
/* --openmetrics: the families after metrics/om.h's (0 when nothing was asked). */
size_t sadf_who_om_count(const struct sadf *d);
void sadf_who_om_meta(struct strbuf *out, size_t fam);
/* Whether the n bytes at name are a label of those series (an -O label may not be). */
bool sadf_who_om_label_taken(const struct sadf *d, const char *name, size_t n);
void sadf_who_om_prefix(struct strbuf *out, size_t fam, const char *labels, size_t labels_len,
                        const char *extra);
/* The series of one extension record, emitted as om_emit_fn does, families from base. */
void sadf_who_om_samples(struct sadf *d, const struct archive_ext *ext,
                         void (*fn)(void *arg, size_t fam, const char *labels, size_t len,
                                    double value),
                         void *arg, size_t base);
/* fmt_text.c: -d's and -p's "host<sep>dt<sep>timestamp" of the record, and a comment part. */
void sadf_put_record_prefix(struct sadf *d, char sep);
void sadf_put_comment(struct sadf *d, const char *s, size_t n);

/* sysstat keeps file names in 512 bytes (MAX_FILE_LEN), cutting longer ones. */
#define SADF_SYSSTAT_FILE_LEN 512

/*
 * The file to read (header.c): c->file as given; the daily file of
 * c->day_offset days ago inside it when it is a directory, or in SA_DIR when
 * none was given (then c->default_file is set). saDD.gz is found when saDD
 * is not there. Exits with sysstat's message when the name is too long.
 */
void sadf_resolve_file(struct sadf_config *c);

/*
 * Opens c->file into r (zeroed) and reads what format c->format needs, as
 * sysstat does: the magic block, then the header and the activity list,
 * except for -c and for a file of another format magic when only headers
 * are shown (-H; *ret_other is then true and r->hdr stays zeroed). Prints
 * sysstat's message on failure and returns its exit status; 0 on success.
 * *ret_fd is the file's descriptor once it is open, whatever the result:
 * the caller closes it after releasing r.
 */
int sadf_open(struct archive_reader *r, const struct sadf_config *c, bool *ret_other, int *ret_fd);

/*
 * sadf -c on a file opened by sadf_open: nothing to do for a current file;
 * the conversion of 0x2171 and 0x2173 files is not implemented. Prints the
 * message and returns the exit status.
 */
int sadf_convert(const struct archive_reader *r, bool other);

/*
 * Prints the `sadf -H` report of the file opened in r (archive_open() done;
 * archive_read_header() done when the format magic is 0x2175) to out. name
 * is the file name as given. The -t option makes the file date come from the
 * stored day, month and year.
 */
void sadf_print_header(FILE *out, const char *name, const struct archive_reader *r,
                       enum sadf_time time_mode);

/*
 * --follow (follow.c, with engine.c's rows): sadf -d, -p or -j over the
 * records of a growing file. sadf_follow() returns the exit status.
 */
int sadf_follow(struct sadf *d);
/*
 * engine.c: the sink and the activities of the file open in d->s.r, as
 * sadf_run() sets them: 0, or 1 with sysstat's message when none is asked.
 */
int sadf_follow_begin(struct sadf *d, const char *file);
/* engine.c: the interval from prev to cur, cur's time stamp (restarts and comments too). */
void sadf_follow_stamp(struct sadf *d, const struct sa_record_header *prev,
                       const struct sa_record_header *cur);
/* engine.c: every selected output of the record in the slots curr (previous: !curr). */
void sadf_follow_views(struct sadf *d, int curr);

#endif
