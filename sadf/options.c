/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf's command line (doc/report.md §5.1 and sysstat's sadf.c main): its own options, then
 * sar's after "--".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sadf.h"
#include "common/compat.h"
#include "common/history.h"
#include "common/nls.h"
#include "common/sysexit.h"
#include "report/options.h"
#include "common/banned.h"

void
sadf_usage(void)
{
	fprintf(stderr,
	        _("Usage: %s [ options ] [ <interval> [ <count> ] ] [ <datafile> | -[0-9]+ ]\n"),
	        progname);
	/* Whole texts, not pieces: each is a msgid of its release's catalogs. */
	if (flavour_1275())
		fputs(_("Options are:\n"
		        "[ -C ] [ -c | -d | -g | -j | -l | -p | -r | -x ] [ -H ] [ -h ] [ -T | -t | -U ] "
		        "[ -V ]\n"
		        "[ -O <opts> [,...] ] [ -P { <cpu> [,...] | ALL } ]\n"
		        "[ --dev=<dev_list> ] [ --fs=<fs_list> ] [ --iface=<iface_list> ] "
		        "[ --int=<int_list> ]\n"
		        "[ -s [ <start_time> ] ] [ -e [ <end_time> ] ]\n"
		        "[ -- <sar_options> ]\n"),
		      stderr);
	else
		fputs(_("Options are:\n"
		        "[ -C ] [ -c | -d | -g | -j | -l | -p | -r | -x ] [ -H ] [ -h ] [ -T | -t | -U ] "
		        "[ -V ]\n"
		        "[ -O <opts> [,...] ] [ -P { <cpu> [,...] | ALL } ]\n"
		        "[ --dev=<dev_list> ] [ --fs=<fs_list> ] [ --iface=<iface_list> ] "
		        "[ --int=<int_list> ]\n"
		        "[ -s [ <hh:mm[:ss]> ] ] [ -e [ <hh:mm[:ss]> ] ]\n"
		        "[ -- <sar_options> ]\n"),
		      stderr);
	sysrec_exit(1);
}

static bool
all_digits(const char *s)
{
	return strspn(s, "0123456789") == strlen(s);
}

/* -s / -e: an optional hh:mm or hh:mm:ss, else the default (12.6.1). */
static void
parse_time(char **argv, int *opt, const char *def, int *h, int *m, int *sec)
{
	const char *a = argv[*opt + 1];
	char buf[9];

	(*opt)++;
	if (a && (strlen(a) == 5 || strlen(a) == 8)) {
		snprintf(buf, sizeof(buf), "%s%s", a, strlen(a) == 5 ? ":00" : "");
		(*opt)++;
	} else {
		snprintf(buf, sizeof(buf), "%s", def);
	}
	buf[2] = buf[5] = '\0';
	*h = atoi(buf);
	*m = atoi(buf + 3);
	*sec = atoi(buf + 6);
	if (*sec < 0 || *sec > 59 || *m < 0 || *m > 59 || *h < 0 || *h > 23)
		sadf_usage();
}

/* -s (start) or -e: the time in the flavour's syntax. */
static void
parse_limit(struct sadf *d, char **argv, int *opt, bool start)
{
	struct sar_opts *o = &d->s.o;
	int64_t epoch;
	int dated = history_parse_time(argv[*opt + 1], &epoch);

	/* A date and time or @EPOCH (history.h), which sysstat does not take. */
	if (dated) {
		if (dated < 0)
			sadf_usage();
		*opt += 2;
		if (start) {
			d->start_epoch = (uint64_t) epoch;
			o->start_dated = true;
			o->use_start = false;
		} else {
			d->end_epoch = (uint64_t) epoch;
			o->end_dated = true;
			o->use_end = false;
		}
		return;
	}
	if (!flavour_1275()) {
		if (start) {
			o->use_start = true;
			parse_time(argv, opt, "08:00:00", &o->start_h, &o->start_m, &o->start_s);
		} else {
			o->use_end = true;
			parse_time(argv, opt, "18:00:00", &o->end_h, &o->end_m, &o->end_s);
		}
		return;
	}
	/* 12.7.5: sar's parser; an epoch time leaves hh:mm:ss out of force. */
	if (start) {
		if (!sar_parse_time_1275(argv, opt, "08:00:00", &o->start_h, &o->start_m, &o->start_s,
		                         &epoch))
			sadf_usage();
		d->start_epoch = (uint64_t) epoch;
		o->use_start = epoch == 0;
	} else {
		if (!sar_parse_time_1275(argv, opt, "18:00:00", &o->end_h, &o->end_m, &o->end_s,
		                         &epoch))
			sadf_usage();
		d->end_epoch = (uint64_t) epoch;
		o->use_end = epoch == 0;
	}
}

/*
 * -V: 12.7.5 shows first the variables sadf reads that are set (sysstat's
 * print_version with S_COLORS_PALETTE and S_TIME_DEF_TIME).
 */
static _Noreturn void
sadf_version(void)
{
	static const char *const vars[] = {"S_COLORS_PALETTE", "S_TIME_DEF_TIME"};
	size_t k;

	if (!flavour_1275())
		sar_version();
	for (k = 0; k < sizeof(vars) / sizeof(vars[0]); k++) {
		const char *e = getenv(vars[k]);

		if (e)
			printf("%s=%s\n", vars[k], e);
	}
	printf(_("sysstat version %s\n"), sysrec_flavour_version());
	printf("(C) Sebastien Godard (sysstat <at> orange.fr)\n");
	sysrec_exit(0);
}

/* One word of single-letter sadf options, e.g. "-dh" (before "--"). */
static void
parse_letters(struct sadf_cmdline *cl, struct sadf *d, const char *word)
{
	static const enum sadf_format formats[128] = {
	        ['c'] = SADF_F_CONV, ['d'] = SADF_F_DB,  ['g'] = SADF_F_SVG, ['j'] = SADF_F_JSON,
	        ['l'] = SADF_F_PCP,  ['p'] = SADF_F_PPC, ['r'] = SADF_F_RAW, ['x'] = SADF_F_XML,
	};
	static const enum sadf_time times[128] = {
	        ['T'] = SADF_T_LOCAL, ['t'] = SADF_T_TRUE, ['U'] = SADF_T_EPOCH};
	const char *p;

	for (p = word + 1; *p; p++) {
		unsigned char ch = (unsigned char) *p;

		if (ch < 128 && formats[ch] != SADF_F_NONE) {
			if (cl->c.format != SADF_F_NONE)
				sadf_usage();
			cl->c.format = formats[ch];
		} else if (ch < 128 && times[ch] != SADF_T_UTC) {
			cl->time_bits |= 1u << times[ch];
		} else if (ch == 'C') {
			d->s.o.comments = true;
		} else if (ch == 'h') {
			cl->c.horizontal = true;
		} else if (ch == 'H') {
			cl->c.header_only = true;
		} else if (ch == 'V') {
			sadf_version();
		} else {
			sadf_usage();
		}
	}
}

/*
 * A word that is not all digits: the file (or a directory holding the daily
 * files); several files are read as one (history.h).
 */
static void
set_file(struct sadf_cmdline *cl, const char *arg)
{
	struct sadf_config *c = &cl->c;

	if (c->file[0] && !c->day_offset &&
	    history_add_file(&cl->files, &cl->n_files, c->file, arg))
		return;
	if (c->file[0] || c->day_offset)
		sadf_usage();
	snprintf(c->file, sizeof(c->file), "%.*s", SADF_SYSSTAT_FILE_LEN - 1, arg);
}

/* The interval, then the count: atol()'s value, as sysstat takes it. */
static void
set_number(struct sadf_config *c, const char *arg)
{
	long v = strtol(arg, NULL, 10);

	if (c->interval < 0) {
		if (v < 1)
			sadf_usage();
		c->interval = v;
	} else {
		if (c->count)
			sadf_usage();
		c->count = v ? v : -1;
	}
}

static bool
is_day_offset(const char *a)
{
	size_t n = strlen(a);

	return n > 1 && n < 4 && a[0] == '-' && all_digits(a + 1);
}

/* -O: comma-separated output options (SVG's, debug for -r, hz= for -c). */
static void
parse_output_options(struct sadf_config *c, const char *arg, bool labels)
{
	static const struct {
		const char *name;
		uint32_t bit;
	} words[] = {
	        {"autoscale", SADF_O_AUTOSCALE}, {"bwcol", SADF_O_BWCOL},
	        {"customcol", SADF_O_CUSTOMCOL}, {"oneday", SADF_O_ONEDAY},
	        {"packed", SADF_O_PACKED},       {"showidle", SADF_O_SHOWIDLE},
	        {"showinfo", SADF_O_SHOWINFO},   {"showtoc", SADF_O_SHOWTOC},
	        {"skipempty", SADF_O_SKIPEMPTY}, {"debug", SADF_O_DEBUG},
	};
	const uint32_t palettes = SADF_O_BWCOL | SADF_O_CUSTOMCOL;
	const char *p = arg;
	size_t k;

	for (; *p; p += strspn(p, ",")) {
		size_t len = strcspn(p, ",");
		char w[1024];

		/* strtok() skips the empty words between commas. */
		if (!len)
			continue;
		snprintf(w, sizeof(w), "%.*s", (int) len, p);
		p += len;
		for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
			if (!strcmp(w, words[k].name))
				break;
		if (k < sizeof(words) / sizeof(words[0])) {
			/* One palette: the last one given. */
			if (words[k].bit & palettes)
				c->out_opts &= ~palettes;
			c->out_opts |= words[k].bit;
		} else if (!strncmp(w, "height=", 7) && w[7] && all_digits(w + 7)) {
			c->canvas_height = atoi(w + 7);
			c->out_opts |= SADF_O_HEIGHT;
		} else if (!strncmp(w, "hz=", 3) && w[3] && all_digits(w + 3)) {
			/* The tick rate of old files converted (-c, and when reading them). */
			c->conv_hz = (unsigned int) strtoul(w + 3, NULL, 10);
		} else if (!strncmp(w, "pcparchive=", 11)) {
			/* PCP is not compiled in. */
		} else if (labels && len < sizeof(w) - 1 && strchr(w, '=') && w[0] != '=') {
			/* A label of --openmetrics (sysstat's usage without it, as before). */
			size_t used = strlen(c->om_labels);

			if (used + len + 2 > sizeof(c->om_labels))
				sadf_usage();
			snprintf(c->om_labels + used, sizeof(c->om_labels) - used, "%s%s",
			         used ? "," : "", w);
		} else {
			sadf_usage();
		}
	}
}

/*
 * sar's -q after "--": a word that is not a keyword list is left for the
 * next option, cut as sysstat's strtok() left it (at the comma after the
 * first word).
 */
static void
parse_q(struct sadf *d, char **argv, int *opt, bool *option_a)
{
	int at = *opt + 1;
	char *w = argv[at];

	if (sar_parse_sadf_word(&d->s.o, argv, opt, option_a))
		sadf_usage();
	if (*opt == at && w) {
		size_t lead = strspn(w, ",");

		w[lead + strcspn(w + lead, ",")] = '\0';
	}
}

/* --dev=, --fs=, --iface=, --int=: items to show; false when a is none of them. */
static bool
item_list(struct sar_opts *o, const char *a)
{
	const struct {
		const char *prefix;
		struct strbuf *list;
	} lists[] = {
	        {"--dev=", &o->dev_list},
	        {"--fs=", &o->fs_list},
	        {"--iface=", &o->iface_list},
	        {"--int=", &o->int_list},
	};
	size_t k;

	for (k = 0; k < sizeof(lists) / sizeof(lists[0]); k++)
		if (!strncmp(a, lists[k].prefix, strlen(lists[k].prefix))) {
			sar_add_list(lists[k].list, a + strlen(lists[k].prefix));
			return true;
		}
	return false;
}

/* Options taking an argument, long options and the sar options; false if not one. */
static bool
parse_word(struct sadf_cmdline *cl, struct sadf *d, char **argv, int *opt)
{
	struct sar_opts *o = &d->s.o;
	const char *a = argv[*opt];

	if (!strcmp(a, "-P")) {
		if (!argv[*opt + 1] || !sar_parse_cpu_list(o, argv[*opt + 1]))
			sadf_usage();
		o->cpu_option = true;
		*opt += 2;
	} else if (item_list(o, a)) {
		(*opt)++;
	} else if (!strcmp(a, "-s") || !strcmp(a, "-e")) {
		parse_limit(d, argv, opt, a[1] == 's');
	} else if (!strcmp(a, "-O")) {
		if (!argv[*opt + 1] || cl->sar_options)
			sadf_usage();
		parse_output_options(&cl->c, argv[*opt + 1], cl->openmetrics);
		*opt += 2;
	} else if (is_day_offset(a)) {
		if (cl->c.file[0] || cl->c.day_offset)
			sadf_usage();
		cl->c.day_offset = atoi(a + 1);
		(*opt)++;
	} else if (!strcmp(a, "--follow") && !cl->sar_options) {
		cl->c.follow = true;
		(*opt)++;
	} else if (!strcmp(a, "--openmetrics") && !cl->sar_options) {
		if (cl->c.format != SADF_F_NONE)
			sadf_usage();
		cl->c.format = SADF_F_OPENMETRICS;
		(*opt)++;
	} else if (!strcmp(a, "--")) {
		cl->sar_options = true;
		(*opt)++;
	} else if (!strcmp(a, "-m") || !strcmp(a, "-n")) {
		if (!argv[*opt + 1] || !cl->sar_options ||
		    sar_parse_sadf_word(o, argv, opt, &cl->option_a))
			sadf_usage();
	} else if (!strcmp(a, "-q")) {
		if (!cl->sar_options)
			sadf_usage();
		parse_q(d, argv, opt, &cl->option_a);
	} else {
		return false;
	}
	return true;
}

void
sadf_parse_cmdline(struct sadf_cmdline *cl, struct sadf *d, int argc, char **argv)
{
	int opt = 1;

	/* -O's words are checked where they come: whether they may be labels is known first. */
	for (opt = 1; opt < argc && strcmp(argv[opt], "--"); opt++)
		if (!strcmp(argv[opt], "--openmetrics"))
			cl->openmetrics = true;
	opt = 1;
	while (opt < argc) {
		const char *a = argv[opt];

		if (parse_word(cl, d, argv, &opt))
			continue;
		if (a[0] == '-' && cl->sar_options) {
			if (sar_parse_sadf_word(&d->s.o, argv, &opt, &cl->option_a))
				sadf_usage();
			continue;
		}
		if (a[0] == '-')
			parse_letters(cl, d, a);
		else if (!all_digits(a))
			set_file(cl, a);
		else
			set_number(&cl->c, a);
		opt++;
	}
}

