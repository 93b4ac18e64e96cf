/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadc: the system activity data collector. Samples the activities selected
 * with -S into a daily data file (or stdout, for sar), in sysstat 12.6.1's
 * format. This file holds the command line and the main loop.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sadc.h"
#include "common/compat.h"
#include "common/datafile.h"
#include "common/banned.h"

static const char *progname = "sadc";
static volatile sig_atomic_t sigint_caught;
static volatile sig_atomic_t sigterm_caught; /* only caught in daemon mode */

void
sadc_fatal(int status, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	exit(status);
}

static _Noreturn void
usage(void)
{
	fprintf(stderr, "Usage: %s [ options ] [ <interval> [ <count> ] ] [ <outfile> ]\n",
	        progname);
	fprintf(stderr, "Options are:\n"
	                "[ -C <comment> ] [ -D ] [ -F ] [ -f ] [ -L ] [ -V ]\n"
	                "[ -S { INT | DISK | IPV6 | POWER | SNMP | XDISK | ALL | XALL } ]\n");
	exit(1);
}

static _Noreturn void
print_version(void)
{
	const char *def = getenv("S_TIME_DEF_TIME");

	/* 12.7.5 shows the environment variables sadc reads first. */
	if (flavour_1275() && def)
		printf("S_TIME_DEF_TIME=%s\n", def);
	printf("sysstat version %s\n", sysrec_flavour_version());
	printf("(C) Sebastien Godard (sysstat <at> orange.fr)\n");
	exit(0);
}

static bool
all_digits(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

/* Testing aids: --root=DIR, --unix-time=N (or --unix_time=N), --uname=S,N,R,M. */
static bool
parse_testing_option(struct sadc_config *c, const char *a)
{
	if (!strncmp(a, "--root=", 7)) {
		c->root = a + 7;
	} else if (!strncmp(a, "--unix-time=", 12) || !strncmp(a, "--unix_time=", 12)) {
		if (!all_digits(a + 12))
			usage();
		c->fixed_time = true;
		c->unix_time = (time_t) strtoll(a + 12, NULL, 10);
	} else if (!strncmp(a, "--uname=", 8)) {
		c->uname_override = a + 8;
	} else {
		return false;
	}
	return true;
}

static void
set_outfile(struct sadc_config *c, const char *a)
{
	if (c->ofile[0] || c->rotate)
		usage();
	c->to_stdout = false;
	if (!strcmp(a, "-"))
		c->rotate = true;
	else if (a[0] == '-')
		usage();
	else if (strlen(a) >= sizeof(c->ofile))
		sadc_fatal(1, "%s: file name too long\n", progname);
	else
		memcpy(c->ofile, a, strlen(a) + 1);
}

static void
set_number(struct sadc_config *c, const char *a)
{
	long v = strtol(a, NULL, 10);

	if (strlen(a) > 9)
		usage();
	if (c->interval < 0) {
		if (v < 1)
			usage();
		c->interval = v;
		c->count = -1;
	} else if (c->count <= 0) {
		if (v < 1)
			usage();
		c->count = v;
	} else {
		usage();
	}
}

static void
parse_args(struct sadc_config *c, int argc, char **argv)
{
	bool s_given = false;
	int opt;

	c->cgroup_depth = 2;
	for (opt = 1; opt < argc; opt++) {
		const char *a = argv[opt];

		if (!strcmp(a, "-S")) {
			if (!argv[++opt])
				usage();
			if (!s_given)
				sadc_default_selection(c);
			s_given = true;
			if (sadc_parse_S(c, argv[opt]) < 0)
				usage();
		} else if (!strcmp(a, "-D")) {
			c->long_names = true;
		} else if (!strcmp(a, "-F")) {
			c->force = true;
		} else if (!strcmp(a, "-L")) {
			c->lock = true;
		} else if (!strcmp(a, "-V")) {
			print_version();
		} else if (!strcmp(a, "-Z")) {
			c->pipe = true;
		} else if (!strcmp(a, "-f")) {
			c->sync = true;
		} else if (!strcmp(a, "-C")) {
			if (!argv[++opt] || !argv[opt][0])
				usage();
			snprintf(c->comment, sizeof(c->comment), "%s", argv[opt]);
		} else if (!strncmp(a, "--cgroup-depth=", 15)) {
			/* sysrec: how deep -S CGROUP goes below the root cgroup. */
			if (!all_digits(a + 15) || strlen(a + 15) > 2 || atoi(a + 15) > 32)
				usage();
			c->cgroup_depth = (unsigned) atoi(a + 15);
		} else if (!strncmp(a, "--top=", 6)) {
			/* sysrec: how many processes -S TOP keeps per key. */
			if (!all_digits(a + 6) || strlen(a + 6) > 4 || atoi(a + 6) < 1 ||
			    atoi(a + 6) > SADC_TOP_MAX)
				usage();
			c->top_n = (unsigned) atoi(a + 6);
		} else if (parse_testing_option(c, a)) {
			continue;
		} else if (!all_digits(a)) {
			set_outfile(c, a);
		} else {
			set_number(c, a);
		}
	}
	if (!s_given)
		sadc_default_selection(c);
}

/* "-" or a directory: the daily file of today in SA_DIR or that directory. */
static void
resolve_output(struct sadc *s)
{
	struct sadc_config *c = &s->cfg;

	if (c->rotate) {
		snprintf(c->sa_dir, sizeof(c->sa_dir), "%s", SA_DIR);
	} else if (c->ofile[0] && datafile_is_dir(c->ofile)) {
		snprintf(c->sa_dir, sizeof(c->sa_dir), "%s", c->ofile);
		c->rotate = true;
	}
	if (c->rotate)
		sadc_daily_name(s, c->ofile, sizeof(c->ofile));
	if (c->pipe)
		c->to_stdout = true;
	if (!c->ofile[0])
		c->lock = false;
}

static void
on_sigint(int sig)
{
	(void) sig;
	sigint_caught = 1;
}

static void
on_sigterm(int sig)
{
	(void) sig;
	sigterm_caught = 1;
}

/* Sleeps until the next sample is due: start + k * interval on the monotonic clock. */
static void
wait_next(struct sadc *s, const struct timespec *start, const sigset_t *wait_mask)
{
	struct timespec due = *start;

	if (s->cfg.fixed_time)
		return; /* a fixed clock advances by one interval per sample, without waiting */
	due.tv_sec += (time_t) s->step * s->cfg.interval;
	while (!sigint_caught && !sigterm_caught &&
	       sadc_notify_sleep_until(&s->notify, &due, wait_mask) == -EINTR)
		;
}

/*
 * Daemon mode, SIGTERM while waiting: one last sample, so that the file
 * covers the time up to the stop, unless the previous one is under a
 * second old (its time would repeat).
 */
static bool
last_sample_due(const struct timespec *prev)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec - prev->tv_sec > 1 ||
	       (now.tv_sec - prev->tv_sec == 1 && now.tv_nsec >= prev->tv_nsec);
}

static void
sample_loop(struct sadc *s)
{
	struct sigaction sa;
	struct timespec start, taken;
	sigset_t stop_signals, wait_mask;
	long count = s->cfg.count;
	bool rotate_now = false;
	char next[SADC_PATH_LEN];

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&stop_signals);
	sa.sa_handler = on_sigint;
	sigaction(SIGINT, &sa, NULL);
	sigaddset(&stop_signals, SIGINT);
	/* Under systemd, SIGTERM is the stop request: end cleanly (sysstat dies on it). */
	if (sadc_notify_active(&s->notify)) {
		sa.sa_handler = on_sigterm;
		sigaction(SIGTERM, &sa, NULL);
		sigaddset(&stop_signals, SIGTERM);
	}
	/* Stop signals wait while a sample is taken; the sleep lets them in. */
	sigprocmask(SIG_SETMASK, NULL, &wait_mask);
	if (!s->cfg.fixed_time)
		sigprocmask(SIG_BLOCK, &stop_signals, NULL);
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		bool last;

		clock_gettime(CLOCK_MONOTONIC, &taken);
		sadc_take_sample(s, SA_R_STATS);
		if (rotate_now)
			sadc_rotate(s, next);
		else
			sadc_write_sample(s, false);
		rotate_now = false;
		last = sigterm_caught || (count > 0 && --count == 0);
		sadc_notify_sample(&s->notify, s->cfg.ofile, s->step);
		if (last)
			break;
		wait_next(s, &start, &wait_mask);
		if (sigint_caught || (sigterm_caught && !last_sample_due(&taken)))
			break;
		if (s->cfg.rotate) {
			sadc_daily_name(s, next, sizeof(next));
			rotate_now = strcmp(next, s->cfg.ofile) != 0;
		}
	}
	if (sigterm_caught)
		sadc_notify_stopping(&s->notify, s->step);
	/* sar started us (-Z): it prints its averages when it gets the SIGINT. */
	if (sigint_caught && s->cfg.pipe && getppid() != 1)
		kill(getppid(), SIGINT);
}

int
main(int argc, char **argv)
{
	static struct sadc s;
	int rc;

	progname = argv[0];
	if (sysrec_flavour_init() < 0)
		sadc_fatal(1, "%s\n", SYSREC_COMPAT_ERROR);
	s.cfg.interval = -1;
	s.cfg.to_stdout = true;
	s.ofd = s.stdfd = -1;
	parse_args(&s.cfg, argc, argv);
	sadc_notify_init(&s.notify);
	rc = collect_init(&s.cc, s.cfg.root);
	if (rc < 0)
		sadc_fatal(2, "Cannot open %s: %s\n", s.cfg.root ? s.cfg.root : "/", strerror(-rc));
	s.cc.partitions = s.cfg.partitions;
	resolve_output(&s);
	if (sadc_init_counts(&s) < 0)
		sadc_fatal(4, "Cannot allocate memory\n");
	if (s.n_seq == 0)
		sadc_fatal(1, "Requested activities not available\n");
	sadc_open_output(&s);
	sadc_open_stdout(&s);
	s.counts_fresh = true;
	if (s.cfg.interval < 0) {
		/* No interval: mark a restart, or insert a comment; never on stdout. */
		sadc_write_special(&s, s.cfg.comment[0] ? SA_R_COMMENT : SA_R_RESTART);
	} else {
		sample_loop(&s);
		sadc_save_top(&s);
	}
	sadc_close_output(&s);
	sadc_release(&s);
	return sigint_caught && !s.cfg.pipe ? 1 : 0;
}
