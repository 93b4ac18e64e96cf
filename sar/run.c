/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar's run: decides the mode and the file, then hands over to the file
 * engine (engine.c) or the live mode (live.c). main.c only calls
 * sar_main(); the fuzz target calls it too, many times in one process, so
 * a run keeps nothing in static storage and frees what it made.
 */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sar.h"
#include "common/compat.h"
#include "common/datafile.h"
#include "common/history.h"
#include "common/sysexit.h"
#include "report/display.h"
#include "report/engine.h"
#include "report/follow.h"
#include "report/options.h"
#include "report/render.h"
#include "report/use.h"
#include "report/window.h"
#include "common/banned.h"

/* Where the system's sysstat keeps its catalogs (configure's localedir). */

/* The daily file of day_offset days ago, in dir (SA_DIR when NULL). */
static void
default_file(char *out, size_t len, const char *dir, int day_offset)
{
	char d[SAR_PATH_LEN];
	time_t t = time(NULL) - (time_t) day_offset * 24 * 3600;
	const char *deftm = getenv("S_TIME_DEF_TIME");
	struct tm tm;
	/* sysstat dates the default file in UTC when S_TIME_DEF_TIME is UTC. */
	bool utc = deftm && !strcmp(deftm, "UTC");

	snprintf(d, sizeof(d), "%s", dir ? dir : SA_DIR);
	if (!(utc ? gmtime_r(&t, &tm) : localtime_r(&t, &tm)) ||
	    datafile_daily_name(out, len, d, &tm) < 0) {
		fprintf(stderr, "sar: cannot build the daily file name in '%s'\n", d);
		sysrec_exit(1);
	}
}

static void
set_locale_facts(struct sar *s)
{
	const char *fmt = getenv("S_TIME_FORMAT");
	const char *dp;

	nls_init();
	dp = localeconv()->decimal_point;
	snprintf(s->dp, sizeof(s->dp), "%s", dp && *dp ? dp : ".");
	s->o.iso_time = fmt && !strcmp(fmt, "ISO");
}

/* Resolves which file to read; returns false for live mode. */
static bool
choose_file(struct sar_cmdline *c, bool *ret_default, int argc)
{
	*ret_default = false;
	if (c->from_file[0]) {
		if (datafile_is_dir(c->from_file)) {
			char dir[SAR_PATH_LEN];

			snprintf(dir, sizeof(dir), "%s", c->from_file);
			default_file(c->from_file, SAR_PATH_LEN, dir, c->day_offset);
			*ret_default = true;
		}
		return true;
	}
	if (c->f_given || argc == 1 || ((c->interval < 0 || c->interval_set) && !c->to_file[0])) {
		default_file(c->from_file, SAR_PATH_LEN, NULL, c->day_offset);
		*ret_default = true;
		return true;
	}
	return false;
}

/* A window given with a date (or @EPOCH): the daily files that cover it are read. */
static bool
window_dated(const struct sar_opts *o)
{
	return o->start_dated || o->end_dated;
}

/*
 * Several -f FILE, or a dated window over the data directory (-f DIR, or
 * SA_DIR): the files read in time order as one report (history.h). One file
 * is read as sar reads it; none is the start day's file not found.
 */
static int
report_history(struct sar *s, const struct sar_cmdline *c)
{
	struct history *h = sysrec_calloc(1, sizeof(*h));
	char one[SAR_PATH_LEN];
	int n;

	s->history = h;
	n = window_open(h, &c->files, c->n_files, c->from_file[0] ? c->from_file : SA_DIR,
	                s->o.start_epoch, s->o.end_epoch, "sar", one, sizeof(one));
	if (n < 2)
		return sar_report_file(s, one, n == 0 && !c->from_file[0]);
	return sar_report_history(s, h);
}

/* --use reads the activities it needs itself: an activity option beside it is a mistake. */
static void
finish_use(struct sar *s, const struct sar_cmdline *c)
{
	if (c->option_a || sar_any_output(&s->o)) {
		fputs("sar: --use takes no activity option: it reads what the USE method needs\n",
		      stderr);
		sysrec_exit(1);
	}
	use_select(&s->o);
}

static void
finish_options(struct sar *s, struct sar_cmdline *c)
{
	if (s->o.use)
		finish_use(s, c);
	sar_finish_selection(&s->o, c->option_a);
	s->o.count = c->count ? c->count : -1;
}

/* At the end of the run, or at an exit on the way: the report comes out, then everything is freed. */
static void
finish_run(void *arg)
{
	struct sar *s = arg;

	fflush(sar_fp(s));
	sar_out_release(s);
	sar_release(s);
	history_release(s->history);
	free(s->history);
	free(s);
}

/* --follow: the daily file (or -f FILE) as it grows, in live mode's form (follow.h). */
static int
run_follow(struct sar *s, struct sar_cmdline *c, int argc)
{
	bool dflt;

	if (c->n_files > 1) {
		strbuf_release(&c->files);
		fputs("sar: --follow follows one file\n", stderr);
		return 1;
	}
	if (c->interval >= 0 || c->count || c->to_file[0] || c->interval_set || s->o.use ||
	    s->o.proc || s->o.cgroup) {
		fputs("sar: --follow takes no interval, count, -i, -o, --use, --proc or --cgroup\n",
		      stderr);
		return 1;
	}
	choose_file(c, &dflt, argc);
	s->o.interval = 1;
	if (sar_fp(s) == stdout)
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	return sar_report_follow(s, c->from_file);
}

static int
run(struct sar *s, int argc, char **argv)
{
	struct sar_cmdline c;
	bool dflt;
	int status;

	sar_cmdline_init(&c, &s->o);
	c.interval = -1;
	sar_parse_cmdline(&c, argc, argv);
	sar_colors_init(s, getenv("S_COLORS"), getenv("S_COLORS_SGR"), isatty(fileno(sar_fp(s))));
	if (c.which_sadc) {
		struct stat st;

		if (stat(SADC_DIR "/sadc", &st) < 0)
			fprintf(sar_fp(s), "%s", _("Data collector will be sought in PATH\n"));
		else
			fprintf(sar_fp(s), _("Data collector found: %s\n"), SADC_DIR "/sadc");
		return 0;
	}
	finish_options(s, &c);
	if (!sar_time_limits_ok(&s->o))
		sar_usage();
	if (c.f_given && c.to_file[0]) {
		fputs(_("-f and -o options are mutually exclusive\n"), stderr);
		return 1;
	}
	if (c.follow)
		return run_follow(s, &c, argc);
	if (c.n_files > 1 || (window_dated(&s->o) && !c.to_file[0] &&
	                      (!c.from_file[0] || datafile_is_dir(c.from_file)))) {
		if (c.day_offset || !c.interval)
			sar_usage();
		s->o.interval = c.interval < 0 ? 1 : c.interval;
		if (sar_fp(s) == stdout)
			setvbuf(stdout, NULL, _IOFBF, 1 << 16);
		sar_out_buffer(s, SAR_OUT_BUFFER);
		status = report_history(s, &c);
		strbuf_release(&c.files);
		return status;
	}
	if (!choose_file(&c, &dflt, argc)) {
		struct sar_live_args la = {c.interval, c.count ? c.count : -1,
		                           c.to_file[0] ? c.to_file : NULL, c.long_names};

		if (s->o.use_start || c.interval_set) {
			fputs(_("Not reading from a system activity file (use -f option)\n"), stderr);
			return 1;
		}
		if (c.interval < 0) {
			/* sysstat's sadc child gives the usage, and sar finds no data: status 3. */
			sar_usage_status(3);
		}
		if (c.to_file[0] && c.day_offset)
			sar_usage();
		return sar_report_live(s, &la);
	}
	if (!c.interval)
		sar_usage();
	s->o.interval = c.interval < 0 ? 1 : c.interval;
	/*
	 * A file report is written in big blocks (live mode keeps the stream's
	 * own buffering): the text gathers in sar's buffer, which stdio's
	 * then passes on whole.
	 */
	if (sar_fp(s) == stdout)
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	sar_out_buffer(s, SAR_OUT_BUFFER);
	return sar_report_file(s, c.from_file, dflt);
}

int
sar_main(int argc, char **argv, FILE *out)
{
	struct sar *s = calloc(1, sizeof(*s));
	int rc;

	if (!s) {
		fputs(SYSREC_NOMEM_MESSAGE, stderr);
		return 4;
	}
	if (sysrec_flavour_init() < 0) {
		fprintf(stderr, "%s\n", SYSREC_COMPAT_ERROR);
		free(s);
		return 1;
	}
	sar_init(s, out);
	set_locale_facts(s);
	sysrec_exit_cleanup(finish_run, s);
	rc = run(s, argc, argv);
	sysrec_exit_cleanup(NULL, NULL);
	finish_run(s);
	return rc;
}
