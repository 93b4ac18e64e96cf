/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf's run: the command line (sysstat 12.6.1's sadf.c main, doc/report.md §5.1)
 * and the top-level flow; the formats live in their own files. main.c
 * only calls sadf_main(); the fuzz target calls it too, many times in one
 * process, so a run keeps nothing in static storage and frees what it made.
 */
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sadf.h"
#include "common/archive.h"
#include "common/compat.h"
#include "common/datafile.h"
#include "common/history.h"
#include "common/sysexit.h"
#include "report/render.h"
#include "report/display.h"
#include "report/options.h"
#include "report/use.h"
#include "report/window.h"
#include "common/banned.h"

/* Where the system's sysstat keeps its catalogs (configure's localedir). */

/* Each format's backend and what its sink writes (NULL: not implemented). */
static const struct {
	const struct sadf_backend *b;
	enum sar_sink_format sink;
} formats[SADF_F_MAX] = {
        [SADF_F_PPC] = {&sadf_ppc, SAR_SINK_PPC},    [SADF_F_DB] = {&sadf_db, SAR_SINK_DB},
        [SADF_F_JSON] = {&sadf_json, SAR_SINK_JSON}, [SADF_F_XML] = {&sadf_xml, SAR_SINK_XML},
        [SADF_F_RAW] = {&sadf_raw, SAR_SINK_RAW},    [SADF_F_SVG] = {&sadf_svg, SAR_SINK_SVG},
        [SADF_F_OPENMETRICS] = {&sadf_openmetrics, SAR_SINK_NONE},
};

static int
run(struct sadf *d, const struct sadf_config *c)
{
	struct archive_reader *r = &d->s.reader;
	const struct sadf_backend *b = formats[c->format].b;
	bool other;
	int rc = sadf_open(r, c, &other, &d->s.fd);

	if (rc)
		return rc;
	if (c->format == SADF_F_CONV)
		return sadf_convert(r, other);
	if (c->format == SADF_F_NONE) {
		sadf_print_header(sadf_fp(d), c->file, r, c->time_mode);
		return 0;
	}
	if (!b) {
		fprintf(stderr, "%s: this output format is not implemented yet\n", progname);
		return 1;
	}
	d->s.r = r;
	d->b = b;
	d->s.sink_format = formats[c->format].sink;
	/* sysstat sets LC_NUMERIC to C for -j and -g once past the header-only report. */
	if (c->format == SADF_F_JSON || c->format == SADF_F_SVG || c->format == SADF_F_OPENMETRICS)
		setlocale(LC_NUMERIC, "C");
	snprintf(d->s.dp, sizeof(d->s.dp), "%s", localeconv()->decimal_point);
	if (d->s.o.use) {
		return sadf_json_use(d, c->file);
	}
	if (c->header_only && !b->run) {
		/* Only the format's header and trailer, whatever the activities (sysstat's -H). */
		if (b->file_begin)
			b->file_begin(d);
		if (b->file_end)
			b->file_end(d);
		sadf_flush(d);
		return 0;
	}
	return sadf_run(d, c->file);
}

/* sysstat's check_format_options: what each format accepts. */
static void
check_format(struct sadf_cmdline *cl)
{
	struct sadf_config *c = &cl->c;
	enum sadf_format f = c->format;

	if (f == SADF_F_NONE && !c->header_only)
		c->format = f = SADF_F_PPC;
	if (f != SADF_F_JSON && f != SADF_F_XML && f != SADF_F_SVG && f != SADF_F_PCP &&
	    f != SADF_F_NONE)
		c->header_only = false;
	if (f != SADF_F_DB)
		c->horizontal = false;
	c->time_mode = SADF_T_UTC;
	if ((cl->time_bits & (1u << SADF_T_LOCAL)) && f != SADF_F_CONV && f != SADF_F_NONE)
		c->time_mode = SADF_T_LOCAL;
	/* 12.7.x takes -t for SVG too. */
	if ((cl->time_bits & (1u << SADF_T_TRUE)) && (f != SADF_F_SVG || flavour_1275()) &&
	    f != SADF_F_PCP)
		c->time_mode = SADF_T_TRUE;
	if ((cl->time_bits & (1u << SADF_T_EPOCH)) &&
	    (f == SADF_F_DB || f == SADF_F_PPC || f == SADF_F_RAW))
		c->time_mode = SADF_T_EPOCH;
}

/* A window with one dated limit and one hh:mm:ss limit: both as epochs (history.h). */
static void
complete_window(struct sadf *d)
{
	struct sar_opts *o = &d->s.o;

	if (o->start_dated && o->use_end && !d->end_epoch) {
		d->end_epoch = (uint64_t) history_time_after((int64_t) d->start_epoch, o->end_h,
		                                             o->end_m, o->end_s);
		o->use_end = false;
	}
	if (o->end_dated && o->use_start && !d->start_epoch) {
		d->start_epoch = (uint64_t) history_time_before((int64_t) d->end_epoch, o->start_h,
		                                                o->start_m, o->start_s);
		o->use_start = false;
	}
}

/*
 * Several data files, or a dated window over the data directory: the files
 * read in time order as one (history.h), which sadf_open() then reads. One
 * file is read as sadf reads it.
 */
static void
prepare_history(struct sadf *d, struct sadf_cmdline *cl)
{
	struct sadf_config *c = &cl->c;
	bool dated = d->s.o.start_dated || d->s.o.end_dated;
	char dir[SADF_PATH_LEN], one[SADF_PATH_LEN];
	const char *p;
	int n;

	complete_window(d);
	if (cl->n_files < 2 && !(dated && (!c->file[0] || datafile_is_dir(c->file))))
		return;
	/* -c and -H read one file; -N names one day. */
	if (c->format == SADF_F_CONV || c->header_only || c->day_offset)
		sadf_usage();
	d->history = sysrec_calloc(1, sizeof(*d->history));
	/* Old formats read as their conversion (-O hz=), as sadf_open() reads one file. */
	d->history->conv_hz = c->conv_hz;
	snprintf(dir, sizeof(dir), "%s", c->file[0] ? c->file : SA_DIR);
	n = window_open(d->history, &cl->files, cl->n_files, dir, (int64_t) d->start_epoch,
	                (int64_t) d->end_epoch, "sadf", one, sizeof(one));
	if (n < 2) {
		c->default_file = n == 0 && !c->file[0];
		snprintf(c->file, sizeof(c->file), "%.*s", SADF_SYSSTAT_FILE_LEN - 1, one);
		return;
	}
	if (d->history->n_reports > 1) {
		const struct history_report *r = &d->history->reports[1];

		fprintf(stderr,
		        "sadf: '%s' cannot be read on from '%s' (another machine or another list of "
		        "activities): give them to sadf one at a time\n",
		        r->parts[0].file, d->history->reports[0].parts[0].file);
		sysrec_exit(1);
	}
	c->hist = d->history;
	/* Only the last file can end in a truncation: messages name it. */
	p = d->history->reports[0].parts[d->history->reports[0].n_parts - 1].file;
	snprintf(c->file, sizeof(c->file), "%.*s", SADF_SYSSTAT_FILE_LEN - 1, p);
}


static void
sadf_release(struct sadf *d)
{
	if (d->b && d->b->release)
		d->b->release(d);
	sadf_engine_release(d);
	sar_release(&d->s);
}

/* At the end of the run, or at an exit on the way: the output comes out, then everything is freed. */
static void
finish_run(void *arg)
{
	struct sadf *d = arg;

	fflush(sadf_fp(d));
	sar_out_release(&d->s);
	strbuf_release(&d->cl.files);
	sadf_release(d);
	history_release(d->history);
	free(d->history);
	free(d);
}

static int
sadf_run_cmdline(struct sadf *d, int argc, char **argv)
{
	struct sadf_cmdline *cl = &d->cl; /* zero, as d */
	int rc;

	cl->c.interval = -1;
	sadf_parse_cmdline(cl, d, argc, argv);
	sar_colors_init(&d->s, getenv("S_COLORS"), getenv("S_COLORS_SGR"),
	                isatty(fileno(sadf_fp(d))));
	/* --follow reads one file as it grows (follow.c): no window across files. */
	if (!cl->c.follow)
		prepare_history(d, cl);
	strbuf_release(&cl->files);
	if (cl->c.follow && cl->n_files > 1) {
		fputs("sadf: --follow follows one file\n", stderr);
		return 1;
	}
	sadf_resolve_file(&cl->c);
	/* In sysstat's order: the missing PCP support before the other checks. */
	if (cl->c.format == SADF_F_PCP) {
		fputs(_("PCP support not compiled in\n"), stderr);
		return 1;
	}
	/* 12.7.5: an end before the start, both in seconds since the epoch. */
	if (d->start_epoch && d->end_epoch && d->end_epoch < d->start_epoch)
		sadf_usage();
	if (__builtin_popcount(cl->time_bits) > 1)
		sadf_usage();
	if (!cl->c.count)
		cl->c.count = -1;
	/* -O labels are --openmetrics's only (options.c takes them only with it). */
	if (cl->c.om_labels[0] && cl->c.format != SADF_F_OPENMETRICS)
		sadf_usage();
	/* --openmetrics exports every activity and every CPU unless told otherwise. */
	if (cl->c.format == SADF_F_OPENMETRICS && !sar_any_output(&d->s.o)) {
		char all[] = "-A", *argv_a[] = {all, NULL};
		int at = 0;

		sar_parse_sadf_word(&d->s.o, argv_a, &at, &cl->option_a);
	}
	/* -- --use: the USE method's JSON document (report/use.h) instead of the records. */
	if (d->s.o.use) {
		if (cl->c.format != SADF_F_JSON || sar_any_output(&d->s.o) || cl->option_a) {
			fputs("sadf: --use is a report of its own, in JSON: sadf -j FILE -- --use\n",
			      stderr);
			return 1;
		}
		use_select(&d->s.o);
	}
	sar_finish_selection(&d->s.o, cl->option_a);
	/* sadf shows values, never human units, and does not omit zero lines. */
	d->s.o.human = false;
	d->s.o.zero_omit = false;
	check_format(cl);
	if (cl->c.interval < 0)
		cl->c.interval = 1;
	d->s.o.interval = cl->c.interval;
	d->s.o.count = cl->c.count;
	d->s.o.true_time = cl->c.time_mode == SADF_T_TRUE;
	d->utc = cl->c.time_mode == SADF_T_UTC || cl->c.time_mode == SADF_T_EPOCH;
	if (cl->c.time_mode == SADF_T_LOCAL) {
		/* The zone 12.7.5 prints with -T: tzname[0] in sysstat's 8 bytes. */
		tzset();
		snprintf(d->my_tz, sizeof(d->my_tz), "%s", tzname[0]);
	}
	d->c = &cl->c;
	rc = cl->c.follow ? sadf_follow(d) : run(d, &cl->c);
	d->c = NULL;
	return rc;
}

int
sadf_main(int argc, char **argv, FILE *out)
{
	struct sadf *d = calloc(1, sizeof(*d));
	int rc;

	if (!d) {
		fputs(SYSREC_NOMEM_MESSAGE, stderr);
		return 4;
	}
	if (sysrec_flavour_init() < 0) {
		fprintf(stderr, "%s\n", SYSREC_COMPAT_ERROR);
		free(d);
		return 1;
	}
	nls_init();
	sar_init(&d->s, out);
	sar_out_buffer(&d->s, SAR_OUT_BUFFER);
	sysrec_exit_cleanup(finish_run, d);
	rc = sadf_run_cmdline(d, argc, argv);
	sysrec_exit_cleanup(NULL, NULL);
	finish_run(d);
	return rc;
}
