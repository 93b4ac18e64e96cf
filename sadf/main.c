/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf: display the contents of sysstat daily data files in several formats.
 * This file holds option parsing and the top-level flow; the formats live in
 * their own files.
 */
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "archive.h"
#include "datafile.h"
#include "sadf.h"
#include "source.h"
#include "banned.h"

#define MAX_PATH_LEN 4096

struct sadf_config {
	enum sadf_format format;
	enum sadf_time time_mode;
	int n_time_opts;  /* how many of -T, -t, -U were given */
	bool header_only; /* -H */
	bool comments;    /* -C */
	bool horizontal;  /* -h */
	long interval;    /* -1 when not given */
	long count;
	int day_offset; /* -N */
	char file[MAX_PATH_LEN];
	bool default_file; /* the daily file was chosen for the user */
	const char *start; /* -s hh:mm[:ss] */
	const char *end;   /* -e hh:mm[:ss] */
	char **sar_args;   /* the words after "--" */
	int n_sar_args;
};

static const char *progname = "sadf";

static void
usage(void)
{
	fprintf(stderr,
	        "Usage: %s [ options ] [ <interval> [ <count> ] ] [ <datafile> | -[0-9]+ ]\n",
	        progname);
	fprintf(stderr, "Options are:\n"
	                "[ -C ] [ -c | -d | -g | -j | -l | -p | -r | -x ] [ -H ] [ -h ] [ -T | -t "
	                "| -U ] [ -V ]\n"
	                "[ -O <opts> [,...] ] [ -P { <cpu> [,...] | ALL } ]\n"
	                "[ --dev=<dev_list> ] [ --fs=<fs_list> ] [ --iface=<iface_list> ] [ "
	                "--int=<int_list> ]\n"
	                "[ -s [ <hh:mm[:ss]> ] ] [ -e [ <hh:mm[:ss]> ] ]\n"
	                "[ -- <sar_options> ]\n");
	exit(1);
}

static void
print_version(void)
{
	printf("sysstat version %d.%d.%d\n", SA_WRITER_VERSION, SA_WRITER_PATCHLEVEL,
	       SA_WRITER_SUBLEVEL);
	printf("(C) Sebastien Godard (sysstat <at> orange.fr)\n");
	exit(0);
}

static bool
all_digits(const char *s)
{
	return strspn(s, "0123456789") == strlen(s);
}

/* -s and -e take an optional hh:mm or hh:mm:ss; anything else leaves the default. */
static const char *
take_timestamp(char **argv, int *opt, const char *def)
{
	const char *a = argv[*opt + 1];

	(*opt)++;
	if (a && (strlen(a) == 5 || strlen(a) == 8)) {
		(*opt)++;
		return a;
	}
	return def;
}

static void
set_format(struct sadf_config *c, enum sadf_format f)
{
	if (c->format != SADF_F_NONE)
		usage();
	c->format = f;
}

static void
set_time_mode(struct sadf_config *c, enum sadf_time t)
{
	c->time_mode = t;
	c->n_time_opts++;
}

/* One word of single-letter sadf options, e.g. "-dh". */
static void
parse_letters(struct sadf_config *c, const char *word)
{
	static const enum sadf_format formats[128] = {
	        ['c'] = SADF_F_CONV, ['d'] = SADF_F_DB,  ['g'] = SADF_F_SVG, ['j'] = SADF_F_JSON,
	        ['l'] = SADF_F_PCP,  ['p'] = SADF_F_PPC, ['r'] = SADF_F_RAW, ['x'] = SADF_F_XML,
	};
	const char *p;

	for (p = word + 1; *p; p++) {
		unsigned char ch = (unsigned char) *p;

		if (ch < 128 && formats[ch] != SADF_F_NONE)
			set_format(c, formats[ch]);
		else if (ch == 'C')
			c->comments = true;
		else if (ch == 'h')
			c->horizontal = true;
		else if (ch == 'H')
			c->header_only = true;
		else if (ch == 'T')
			set_time_mode(c, SADF_T_LOCAL);
		else if (ch == 't')
			set_time_mode(c, SADF_T_TRUE);
		else if (ch == 'U')
			set_time_mode(c, SADF_T_EPOCH);
		else if (ch == 'V')
			print_version();
		else
			usage();
	}
}

static void
set_file(struct sadf_config *c, const char *arg)
{
	if (c->file[0] || c->day_offset)
		usage();
	if (strlen(arg) >= sizeof(c->file)) {
		fprintf(stderr, "%s: file name too long: '%.40s...'\n", progname, arg);
		exit(1);
	}
	memcpy(c->file, arg, strlen(arg) + 1);
}

static void
set_number(struct sadf_config *c, const char *arg)
{
	long v;

	if (!all_digits(arg) || strlen(arg) > 9)
		usage();
	v = strtol(arg, NULL, 10);
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

static void
parse_args(struct sadf_config *c, int argc, char **argv)
{
	int opt = 1;

	while (opt < argc) {
		const char *a = argv[opt];

		if (!strcmp(a, "--")) {
			/* Everything after "--" is sar's option syntax selecting activities. */
			c->sar_args = argv + opt + 1;
			c->n_sar_args = argc - opt - 1;
			return;
		} else if (!strcmp(a, "-P") || !strcmp(a, "-O")) {
			if (!argv[opt + 1])
				usage();
			opt += 2;
		} else if (!strncmp(a, "--dev=", 6) || !strncmp(a, "--fs=", 5) ||
		           !strncmp(a, "--iface=", 8) || !strncmp(a, "--int=", 6)) {
			opt++;
		} else if (!strcmp(a, "-s")) {
			c->start = take_timestamp(argv, &opt, "08:00:00");
		} else if (!strcmp(a, "-e")) {
			c->end = take_timestamp(argv, &opt, "18:00:00");
		} else if (is_day_offset(a)) {
			if (c->file[0] || c->day_offset)
				usage();
			c->day_offset = atoi(a + 1);
			opt++;
		} else if (a[0] == '-') {
			parse_letters(c, a);
			opt++;
		} else if (!all_digits(a)) {
			set_file(c, a);
			opt++;
		} else {
			set_number(c, a);
			opt++;
		}
	}
}

/* The file to read: as given, the daily file inside a given directory, or today's. */
static void
resolve_file(struct sadf_config *c)
{
	char dir[MAX_PATH_LEN];
	time_t now = time(NULL) - (time_t) c->day_offset * 24 * 3600;
	struct tm day;

	if (c->file[0] && !datafile_is_dir(c->file))
		return;
	snprintf(dir, sizeof(dir), "%s", c->file[0] ? c->file : SA_DIR);
	if (!localtime_r(&now, &day) ||
	    datafile_daily_name(c->file, sizeof(c->file), dir, &day) < 0) {
		fprintf(stderr, "%s: cannot build the daily file name in '%s'\n", progname, dir);
		exit(1);
	}
	c->default_file = true;
}

static void
die_archive(int rc, const char *file, const struct archive_reader *r)
{
	char msg[2048];
	int status = datafile_error_message(rc, file, &r->magic, msg, sizeof(msg));

	fflush(stdout);
	fputs(msg, stderr);
	exit(status);
}

static int
run(const struct sadf_config *c)
{
	struct archive_reader r;
	struct source *src;
	char msg[MAX_PATH_LEN + 128];
	int fd, rc;

	fd = open(c->file, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int status =
		        datafile_open_message(errno, c->file, c->default_file, msg, sizeof(msg));
		fputs(msg, stderr);
		return status;
	}
	memset(&r, 0, sizeof(r));
	rc = source_open_fd(fd, &src);
	if (rc < 0)
		die_archive(rc, c->file, &r);
	rc = archive_open(&r, src, true);
	if (rc == 0)
		rc = archive_read_header(&r, c->header_only);
	else if (rc == 1)
		/* Another format: sadf -H still shows its magic and version. */
		rc = c->header_only ? 0 : ARCHIVE_E_FORMAT;
	if (rc < 0)
		die_archive(rc, c->file, &r);
	if (c->header_only) {
		sadf_print_header(stdout, c->file, &r, c->time_mode);
	} else {
		fprintf(stderr, "%s: this output format is not implemented yet; only -H is\n",
		        progname);
		rc = 1;
	}
	archive_reader_release(&r);
	close(fd);
	return rc;
}

int
main(int argc, char **argv)
{
	struct sadf_config c;

	progname = argv[0];
	setlocale(LC_ALL, "");
	memset(&c, 0, sizeof(c));
	c.interval = -1;
	parse_args(&c, argc, argv);
	if (c.n_time_opts > 1)
		usage();
	if (c.format == SADF_F_PCP) {
		fprintf(stderr, "PCP support not compiled in\n");
		return 1;
	}
	/* -H only applies to the header-capable formats; with -d, -p or -r it is ignored. */
	if (c.format == SADF_F_DB || c.format == SADF_F_PPC || c.format == SADF_F_RAW)
		c.header_only = false;
	resolve_file(&c);
	return run(&c);
}
