/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf: display the contents of sysstat daily data files in several formats.
 * This file holds option parsing (sysstat 12.6.1's sadf.c main, spec §4)
 * and the top-level flow; the formats live in their own files.
 */
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "archive.h"
#include "datafile.h"
#include "display.h"
#include "options.h"
#include "sadf.h"
#include "banned.h"

/* Where the system's sysstat keeps its catalogs (configure's localedir). */
#ifndef LOCALEDIR
#define LOCALEDIR "/usr/share/locale"
#endif

/* What the command line asked for, besides the sar options in sadf.s.o. */
struct cmdline {
	struct sadf_config c;
	unsigned time_bits; /* 1 << SADF_T_* of -T, -t, -U */
	bool sar_options;   /* "--" seen */
	bool option_a;      /* -A after "--" */
};

const char *progname = "sadf";

static _Noreturn void
usage(void)
{
	fprintf(stderr,
	        _("Usage: %s [ options ] [ <interval> [ <count> ] ] [ <datafile> | -[0-9]+ ]\n"),
	        progname);
	fputs(_("Options are:\n"
	        "[ -C ] [ -c | -d | -g | -j | -l | -p | -r | -x ] [ -H ] [ -h ] [ -T | -t | -U ] "
	        "[ -V ]\n"
	        "[ -O <opts> [,...] ] [ -P { <cpu> [,...] | ALL } ]\n"
	        "[ --dev=<dev_list> ] [ --fs=<fs_list> ] [ --iface=<iface_list> ] "
	        "[ --int=<int_list> ]\n"
	        "[ -s [ <hh:mm[:ss]> ] ] [ -e [ <hh:mm[:ss]> ] ]\n"
	        "[ -- <sar_options> ]\n"),
	      stderr);
	exit(1);
}

static bool
all_digits(const char *s)
{
	return strspn(s, "0123456789") == strlen(s);
}

/* -s / -e: an optional hh:mm or hh:mm:ss, else the default. */
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
		usage();
}

/* One word of single-letter sadf options, e.g. "-dh" (before "--"). */
static void
parse_letters(struct cmdline *cl, struct sadf *d, const char *word)
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
				usage();
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
			sar_version();
		} else {
			usage();
		}
	}
}

/* A word that is not all digits: the file (or a directory holding the daily files). */
static void
set_file(struct sadf_config *c, const char *arg)
{
	if (c->file[0] || c->day_offset)
		usage();
	snprintf(c->file, sizeof(c->file), "%.*s", SADF_SYSSTAT_FILE_LEN - 1, arg);
}

/* The interval, then the count: atol()'s value, as sysstat takes it. */
static void
set_number(struct sadf_config *c, const char *arg)
{
	long v = strtol(arg, NULL, 10);

	if (c->interval < 0) {
		if (v < 1)
			usage();
		c->interval = v;
	} else {
		if (c->count)
			usage();
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
parse_output_options(struct sadf_config *c, const char *arg)
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
		char w[64];

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
			/* Only used when converting very old files (-c). */
		} else if (strncmp(w, "pcparchive=", 11)) {
			usage();
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
		usage();
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
parse_word(struct cmdline *cl, struct sadf *d, char **argv, int *opt)
{
	struct sar_opts *o = &d->s.o;
	const char *a = argv[*opt];

	if (!strcmp(a, "-P")) {
		if (!argv[*opt + 1] || !sar_parse_cpu_list(o, argv[*opt + 1]))
			usage();
		o->cpu_option = true;
		*opt += 2;
	} else if (item_list(o, a)) {
		(*opt)++;
	} else if (!strcmp(a, "-s")) {
		o->use_start = true;
		parse_time(argv, opt, "08:00:00", &o->start_h, &o->start_m, &o->start_s);
	} else if (!strcmp(a, "-e")) {
		o->use_end = true;
		parse_time(argv, opt, "18:00:00", &o->end_h, &o->end_m, &o->end_s);
	} else if (!strcmp(a, "-O")) {
		if (!argv[*opt + 1] || cl->sar_options)
			usage();
		parse_output_options(&cl->c, argv[*opt + 1]);
		*opt += 2;
	} else if (is_day_offset(a)) {
		if (cl->c.file[0] || cl->c.day_offset)
			usage();
		cl->c.day_offset = atoi(a + 1);
		(*opt)++;
	} else if (!strcmp(a, "--")) {
		cl->sar_options = true;
		(*opt)++;
	} else if (!strcmp(a, "-m") || !strcmp(a, "-n")) {
		if (!argv[*opt + 1] || !cl->sar_options ||
		    sar_parse_sadf_word(o, argv, opt, &cl->option_a))
			usage();
	} else if (!strcmp(a, "-q")) {
		if (!cl->sar_options)
			usage();
		parse_q(d, argv, opt, &cl->option_a);
	} else {
		return false;
	}
	return true;
}

static void
parse_args(struct cmdline *cl, struct sadf *d, int argc, char **argv)
{
	int opt = 1;

	while (opt < argc) {
		const char *a = argv[opt];

		if (parse_word(cl, d, argv, &opt))
			continue;
		if (a[0] == '-' && cl->sar_options) {
			if (sar_parse_sadf_word(&d->s.o, argv, &opt, &cl->option_a))
				usage();
			continue;
		}
		if (a[0] == '-')
			parse_letters(cl, d, a);
		else if (!all_digits(a))
			set_file(&cl->c, a);
		else
			set_number(&cl->c, a);
		opt++;
	}
}

/* Each format's backend and what its sink writes (NULL: not implemented). */
static const struct {
	const struct sadf_backend *b;
	enum sar_sink_format sink;
} formats[SADF_F_MAX] = {
        [SADF_F_PPC] = {&sadf_ppc, SAR_SINK_PPC},    [SADF_F_DB] = {&sadf_db, SAR_SINK_DB},
        [SADF_F_JSON] = {&sadf_json, SAR_SINK_JSON}, [SADF_F_XML] = {&sadf_xml, SAR_SINK_XML},
        [SADF_F_RAW] = {&sadf_raw, SAR_SINK_RAW},    [SADF_F_SVG] = {&sadf_svg, SAR_SINK_SVG},
};

static int
run(struct sadf *d, const struct sadf_config *c)
{
	static struct archive_reader r;
	const struct sadf_backend *b = formats[c->format].b;
	bool other;
	int rc = sadf_open(&r, c, &other);

	if (rc)
		return rc;
	if (c->format == SADF_F_CONV)
		return sadf_convert(&r, other);
	if (c->format == SADF_F_NONE) {
		sadf_print_header(stdout, c->file, &r, c->time_mode);
		return 0;
	}
	if (!b) {
		fprintf(stderr, "%s: this output format is not implemented yet\n", progname);
		return 1;
	}
	d->s.r = &r;
	d->b = b;
	d->s.sink_format = formats[c->format].sink;
	/* sysstat sets LC_NUMERIC to C for -j and -g once past the header-only report. */
	if (c->format == SADF_F_JSON || c->format == SADF_F_SVG)
		setlocale(LC_NUMERIC, "C");
	snprintf(d->s.dp, sizeof(d->s.dp), "%s", localeconv()->decimal_point);
	if (c->header_only && !b->run) {
		/* Only the format's header and trailer, whatever the activities (sysstat's -H). */
		if (b->file_begin)
			b->file_begin(d);
		if (b->file_end)
			b->file_end(d);
		sadf_flush(d);
		return 0;
	}
	sadf_run(d, c->file);
	return 0;
}

/* sysstat's check_format_options: what each format accepts. */
static void
check_format(struct cmdline *cl)
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
	if ((cl->time_bits & (1u << SADF_T_TRUE)) && f != SADF_F_SVG && f != SADF_F_PCP)
		c->time_mode = SADF_T_TRUE;
	if ((cl->time_bits & (1u << SADF_T_EPOCH)) &&
	    (f == SADF_F_DB || f == SADF_F_PPC || f == SADF_F_RAW))
		c->time_mode = SADF_T_EPOCH;
}

static void
init_nls(void)
{
	setlocale(LC_MESSAGES, "");
	setlocale(LC_CTYPE, "");
	setlocale(LC_TIME, "");
	setlocale(LC_NUMERIC, "");
	bindtextdomain(NLS_DOMAIN, LOCALEDIR);
	textdomain(NLS_DOMAIN);
}

/* The run, whose buffered output must come out when a view exits on the way (exit(4)...). */
static struct sadf *the_run;

static void
flush_at_exit(void)
{
	if (the_run)
		sadf_flush(the_run);
}

int
main(int argc, char **argv)
{
	static struct sadf d;
	struct cmdline cl;

	progname = argv[0];
	the_run = &d;
	atexit(flush_at_exit);
	init_nls();
	memset(&cl, 0, sizeof(cl));
	cl.c.interval = -1;
	d.s.o.decimals = -1;
	d.s.out = d.out = stdout;
	parse_args(&cl, &d, argc, argv);
	sar_colors_init(&d.s, getenv("S_COLORS"), getenv("S_COLORS_SGR"), isatty(STDOUT_FILENO));
	sadf_resolve_file(&cl.c);
	/* In sysstat's order: the missing PCP support before the other checks. */
	if (cl.c.format == SADF_F_PCP) {
		fputs(_("PCP support not compiled in\n"), stderr);
		return 1;
	}
	if (__builtin_popcount(cl.time_bits) > 1)
		usage();
	if (!cl.c.count)
		cl.c.count = -1;
	sar_finish_selection(&d.s.o, cl.option_a);
	/* sadf shows values, never human units, and does not omit zero lines. */
	d.s.o.human = false;
	d.s.o.zero_omit = false;
	check_format(&cl);
	if (cl.c.interval < 0)
		cl.c.interval = 1;
	d.s.o.interval = cl.c.interval;
	d.s.o.count = cl.c.count;
	d.s.o.true_time = cl.c.time_mode == SADF_T_TRUE;
	d.utc = cl.c.time_mode == SADF_T_UTC || cl.c.time_mode == SADF_T_EPOCH;
	d.c = &cl.c;
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	return run(&d, &cl.c);
}
