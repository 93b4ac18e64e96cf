/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * iostat's command line (iostat.h), in sysstat's order of checks: words
 * are taken one by one; a word that is not all digits and does not start
 * with '-' is a device name (so "0.5" or a typo is a device, as in
 * sysstat); the first number is the interval, the second the count.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "iostat.h"
#include "live.h"
#include "common/compat.h"
#include "common/nls.h"
#include "common/banned.h"

static void __attribute__((noreturn))
usage(const char *prog)
{
	fprintf(stderr, _("Usage: %s [ options ] [ <interval> [ <count> ] ]\n"), prog);
	fprintf(stderr, _("Options are:\n"
	                  "[ -c ] [ -d ] [ -h ] [ -k | -m ] [ -N ] [ -s ] [ -t ] [ -V ] [ -x ] [ -y ] [ -z ]\n"
	                  "[ { -f | +f } <directory> ] [ -j { ID | LABEL | PATH | UUID | ... } ]\n"
	                  "[ --compact ] [ --dec={ 0 | 1 | 2 } ] [ --human ] [ --pretty ] [ -o JSON ]\n"
	                  "[ [ -H ] -g <group_name> ] [ -p [ <device> [,...] | ALL ] ]\n"
	                  "[ <device> [...] | ALL ]\n"));
	exit(1);
}

static bool
all_digits(const char *s)
{
	return strspn(s, "0123456789") == strlen(s);
}

/* A device named on the command line (-p list or a plain word): its /dev name, or -j's. */
static void
add_named(struct iostat *io, const char *word, int type)
{
	char name[4096], pretty[4096];

	iostat_cmdline_name(word, name, sizeof(name));
	if (io->o.persist && iostat_pretty_from_persistent(io, name, pretty, sizeof(pretty)))
		snprintf(name, sizeof(name), "%s", pretty);
	iostat_add_device(io, name, type, 0, 0);
}

/* -p's argument: a comma-separated list of devices, ALL among them. */
static void
add_partition_list(struct iostat *io, const char *arg)
{
	char *copy = strdup(arg), *save = NULL, *t;

	if (!copy) {
		perror("malloc");
		exit(4);
	}
	io->o.unfiltered = true;
	for (t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (!strcmp(t, "ALL"))
			io->o.everything = true;
		else
			add_named(io, t, IO_PART_DEV);
	}
	free(copy);
}

static void
print_version(void)
{
	static const char *const env[] = {"POSIXLY_CORRECT", "S_COLORS", "S_COLORS_SGR",
	                                  "S_TIME_FORMAT"};

	live_print_version(env, 4);
}

/* One letter of a "-xyz" word. */
static void
short_option(struct iostat *io, char c, const char *prog)
{
	struct iostat_opts *o = &io->o;

	switch (c) {
	case 'c': o->cpu = true; break;
	case 'd': o->disk = true; break;
	case 'H': o->group_total_only = true; break;
	case 'h': o->pretty = o->human = true; break;
	case 'k':
		if (o->megabytes)
			usage(prog);
		o->kilobytes = true;
		break;
	case 'm':
		if (o->kilobytes)
			usage(prog);
		o->megabytes = true;
		break;
	case 'N': o->devmap = true; break;
	case 'p': o->everything = true; break; /* grouped: no argument */
	case 's': o->short_output = true; break;
	case 't': o->timestamp = true; break;
	case 'x': o->extended = true; break;
	case 'y': o->omit_since_boot = true; break;
	case 'z': o->zero_omit = true; break;
	case 'V': print_version(); break;
	default: usage(prog);
	}
}

static void
opt_dir(struct iostat *io, char **argv, int *opt)
{
	struct stat st;

	if (io->o.alt_dir[0] || !argv[*opt + 1])
		usage(argv[0]);
	io->o.all_dir = argv[*opt][0] == '+';
	snprintf(io->o.alt_dir, sizeof(io->o.alt_dir), "%s", argv[*opt + 1]);
	*opt += 2;
	if (stat(io->o.alt_dir, &st) < 0 || !S_ISDIR(st.st_mode))
		usage(argv[0]);
}

static void
opt_persist(struct iostat *io, char **argv, int *opt)
{
	char *p;

	if (!argv[++*opt])
		usage(argv[0]);
	if (strnlen(argv[*opt], sizeof(io->o.persist_type)) >= sizeof(io->o.persist_type) - 1)
		usage(argv[0]);
	snprintf(io->o.persist_type, sizeof(io->o.persist_type), "%s", argv[*opt]);
	for (p = io->o.persist_type; *p; p++)
		*p = (char) tolower((unsigned char) *p);
	if (!iostat_persist_type_ok(io->o.persist_type)) {
		fprintf(stderr, _("Invalid type of persistent device name\n"));
		exit(1);
	}
	/* Persistent names are long: they go at the end of the line. */
	io->o.persist = io->o.pretty = true;
	++*opt;
}

static void
opt_group(struct iostat *io, char **argv, int *opt)
{
	char name[IOSTAT_NAME_LEN];

	if (!argv[++*opt])
		usage(argv[0]);
	io->o.group_defined = true;
	/* The leading space marks a group (sysstat prints it too). */
	snprintf(name, sizeof(name), " %-.*s", IOSTAT_NAME_LEN - 2, argv[(*opt)++]);
	iostat_add_device(io, name, IO_GROUP, 0, 0);
}

/* The long options and the ones taking an argument; false when argv[*opt] is none of them. */
static bool
long_option(struct iostat *io, char **argv, int *opt)
{
	const char *a = argv[*opt];
	bool bad = false;

	if (live_window_archive(&io->o.win, a, &bad)) {
		if (bad)
			usage(argv[0]);
		++*opt;
	} else if (io->o.win.archive && (!strcmp(a, "-s") || !strcmp(a, "-e"))) {
		/* With --archive, -s TIME starts the window; -s alone is still the short report. */
		int rc = live_window_limit(&io->o.win, a[1] == 'e', argv[*opt + 1]);

		if (rc < 0 || (rc == 0 && a[1] == 'e'))
			usage(argv[0]);
		if (rc == 0)
			return false;
		*opt += 2;
	} else if (!strcmp(a, "-p")) {
		const char *n = argv[++*opt];

		if (n && !all_digits(n) && strncmp(n, "-", 1)) {
			add_partition_list(io, n);
			++*opt;
		} else {
			io->o.everything = true;
		}
	} else if (!strcmp(a, "-g")) {
		opt_group(io, argv, opt);
	} else if (!strcmp(a, "--human")) {
		io->o.human = true;
		++*opt;
	} else if (!strcmp(a, "--pretty")) {
		io->o.pretty = true;
		++*opt;
	} else if (!strcmp(a, "--compact")) {
		io->o.compact = true;
		++*opt;
	} else if (!strncmp(a, "--dec=", 6) && strlen(a) == 7) {
		io->o.decimals = live_dec_arg(a);
		if (io->o.decimals < 0)
			usage(argv[0]);
		++*opt;
	} else if (!strcmp(a, "-f") || !strcmp(a, "+f")) {
		opt_dir(io, argv, opt);
	} else if (!strcmp(a, "-j")) {
		opt_persist(io, argv, opt);
	} else if (!strcmp(a, "-o")) {
		if (!argv[++*opt] || strcmp(argv[*opt], "JSON"))
			usage(argv[0]);
		io->o.json = true;
		++*opt;
	} else {
		return false;
	}
	return true;
}

/* interval, then count. it: 0 before the interval, 1 after it, -1 after the count. */
static void
positional_number(struct iostat *io, char **argv, int *opt, int *it)
{
	if (!live_interval_word(argv[(*opt)++], it, &io->o.interval, &io->o.count))
		usage(argv[0]);
	io->o.interval_given = true;
}

/* What the options imply once all are read (sysstat's checks after its loop). */
static void
finish_options(struct iostat_opts *o, bool report_set, const char *prog)
{
	if (o->win.archive) {
		/* Every record of the window unless a count is given. */
		if (!o->interval_given)
			o->count = -1;
		live_window_finish(&o->win);
	} else if (!o->interval) {
		o->count = 1;
	}
	if (!report_set)
		o->cpu = o->disk = true;
	if (o->everything || o->extended || o->unfiltered)
		o->disk = true;
	if (!o->unfiltered)
		o->all_devices = true;
	if (o->group_total_only && !o->group_defined)
		usage(prog);
	/* kB unless POSIXLY_CORRECT asks for blocks (or sectors under -x). */
	if (!o->kilobytes && !o->megabytes && !getenv("POSIXLY_CORRECT"))
		o->kilobytes = true;
}

void
iostat_parse_args(struct iostat *io, int argc, char **argv)
{
	int opt = 1, it = 0, report_set = 0;

	io->o.decimals = -1;
	io->o.count = 1;
	/* --archive changes what -s means: known before the options are read. */
	for (opt = 1; opt < argc; opt++)
		if (!strncmp(argv[opt], "--archive=", 10))
			io->o.win.archive = argv[opt] + 10;
	opt = 1;
	while (opt < argc) {
		const char *a = argv[opt];

		if (long_option(io, argv, &opt))
			continue;
		if (a[0] == '-') {
			for (const char *c = a + 1; *c; c++) {
				if (*c == 'c' || *c == 'd')
					report_set = 1;
				short_option(io, *c, argv[0]);
			}
			opt++;
		} else if (!all_digits(a)) {
			/* Named devices are shown even when they never did any I/O. */
			io->o.unfiltered = true;
			if (strcmp(a, "ALL"))
				add_named(io, a, 0);
			else
				io->o.all_devices = true;
			opt++;
		} else {
			positional_number(io, argv, &opt, &it);
		}
	}
	finish_options(&io->o, report_set, argv[0]);
}
