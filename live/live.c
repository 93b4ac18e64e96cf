/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The machinery the five live tools share (live.h): sysstat's common.c
 * facts (banner, -V, header repetition, uptime, CPU count) written for
 * sysrec's report layer.
 */
#include <ctype.h>
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "live.h"
#include "common/compat.h"
#include "common/nls.h"
#include "common/strbuf.h"
#include "report/display.h"
#include "common/banned.h"

void
live_locale_init(void)
{
	if (sysrec_flavour_init() < 0) {
		fprintf(stderr, "%s\n", SYSREC_COMPAT_ERROR);
		exit(1);
	}
	nls_init();
	/*
	 * sysstat's tools set stdout unbuffered so that a report reaches a pipe
	 * at once; that costs a write(2) per value (24,000 an interval for
	 * iostat -xz with 1,000 devices, most of its time). A line buffer keeps
	 * the promise (every line is written when it ends, before any wait) at
	 * a write per line (each man page's DIFFERENCES FROM SYSSTAT).
	 */
	setvbuf(stdout, NULL, _IOLBF, 0);
}

void
live_report_init(struct sar *s)
{
	const char *dp = localeconv()->decimal_point;

	sar_init(s, stdout);
	snprintf(s->dp, sizeof(s->dp), "%s", dp && *dp ? dp : ".");
	s->o.iso_time = live_iso_time();
	sar_colors_init(s, getenv("S_COLORS"), getenv("S_COLORS_SGR"), isatty(STDOUT_FILENO));
}

int
live_host(struct live_host *h)
{
	struct utsname u;

	if (uname(&u) < 0)
		return -errno;
	snprintf(h->sysname, sizeof(h->sysname), "%s", u.sysname);
	snprintf(h->nodename, sizeof(h->nodename), "%s", u.nodename);
	snprintf(h->release, sizeof(h->release), "%s", u.release);
	snprintf(h->machine, sizeof(h->machine), "%s", u.machine);
	return 0;
}

/* "cpuN" with N a number, as sysstat's test (a digit after "cpu") takes it. */
static bool
is_cpu_dir_name(const char *name)
{
	return !strncmp(name, "cpu", 3) && isdigit((unsigned char) name[3]);
}

/* The cpuN directories of /sys/devices/system/cpu; 0 when it cannot be read. */
static int
sys_cpu_nr(const struct sysroot *root, bool highest)
{
	struct sysroot_dir it;
	const char *name;
	int nr = -1;

	if (sysroot_dir_open(root, "sys/devices/system/cpu", &it) < 0)
		return 0;
	while ((name = sysroot_dir_next(&it))) {
		char rel[300];

		if (!is_cpu_dir_name(name))
			continue;
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/%s", name);
		if (!sysroot_is_dir(root, rel))
			continue;
		if (highest) {
			int n = atoi(name + 3);

			if (n > nr)
				nr = n;
		} else {
			nr++;
		}
	}
	sysroot_dir_close(&it);
	return nr + 1;
}

/* The cpuN lines of /proc/stat (sysstat's fallback when /sys is not mounted). */
static int
proc_cpu_nr(const struct sysroot *root)
{
	struct strbuf buf = STRBUF_INIT;
	const char *p;
	int nr = 0;

	if (sysroot_read(root, "proc/stat", &buf) < 0) {
		strbuf_release(&buf);
		return 0;
	}
	for (p = buf.buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (is_cpu_dir_name(p))
			nr++;
	strbuf_release(&buf);
	return nr;
}

int
live_cpu_nr(const struct sysroot *root, bool highest)
{
	int nr = sys_cpu_nr(root, highest);

	if (!nr)
		nr = proc_cpu_nr(root);
	return nr ? nr : 1;
}

int
live_uptime(const struct sysroot *root, uint64_t *ret)
{
	char line[128];
	unsigned long sec, cent;

	if (sysroot_read_line(root, "proc/uptime", line, sizeof(line)) < 0 ||
	    sscanf(line, "%lu.%lu", &sec, &cent) != 2) {
		fprintf(stderr, _("Cannot read %s\n"), "/proc/uptime");
		return -1;
	}
	*ret = (uint64_t) sec * 100 + cent;
	return 0;
}

bool
live_iso_time(void)
{
	const char *e = getenv("S_TIME_FORMAT");

	return e && !strcmp(e, "ISO");
}

/* strftime() into out, empty when it fails; %x is the locale's, two-digit years and all. */
static void
format_time(char *out, size_t len, const char *fmt, const struct tm *tm)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	if (!strftime(out, len, fmt, tm))
		out[0] = '\0';
#pragma GCC diagnostic pop
}

void
live_banner(const struct live_host *h, const struct tm *now, int cpu_nr, bool json)
{
	char date[64];

	format_time(date, sizeof(date), live_iso_time() ? "%Y-%m-%d" : "%x", now);
	if (!json) {
		printf("%s %s (%s) \t%s \t_%s_\t(%d CPU)\n", h->sysname, h->release, h->nodename,
		       date, h->machine, cpu_nr);
		return;
	}
	printf("{\"sysstat\": {\n"
	       "\t\"hosts\": [\n");
	live_json_host(h, now, cpu_nr);
}

void
live_json_host(const struct live_host *h, const struct tm *now, int cpu_nr)
{
	char date[64];

	format_time(date, sizeof(date), live_iso_time() ? "%Y-%m-%d" : "%x", now);
	printf("\t\t{\n"
	       "\t\t\t\"nodename\": \"%s\",\n"
	       "\t\t\t\"sysname\": \"%s\",\n"
	       "\t\t\t\"release\": \"%s\",\n"
	       "\t\t\t\"machine\": \"%s\",\n"
	       "\t\t\t\"number-of-cpus\": %d,\n"
	       "\t\t\t\"date\": \"%s\",\n"
	       "\t\t\t\"statistics\": [\n",
	       h->nodename, h->sysname, h->release, h->machine, cpu_nr, date);
}

int
live_win_height(void)
{
	struct winsize win;
	const char *e;
	int rows = 3600 * 24;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &win) != -1) {
		if (win.ws_row > 2)
			rows = win.ws_row - 2;
	} else if (flavour_1275() && (e = getenv("S_REPEAT_HEADER")) &&
	           strspn(e, "0123456789") == strlen(e)) {
		long v = atol(e);

		if (v > 0 && v <= 0x7fffffff)
			rows = (int) v;
	}
	return rows;
}

void
live_print_version(const char *const env[], int n)
{
	int i;

	for (i = 0; flavour_1275() && i < n; i++) {
		const char *e = getenv(env[i]);

		if (e)
			printf("%s=%s\n", env[i], e);
	}
	printf(_("sysstat version %s\n"), sysrec_flavour_version());
	printf("(C) Sebastien Godard (sysstat <at> orange.fr)\n");
	exit(0);
}

int
live_dec_arg(const char *arg)
{
	int d;

	if (flavour_1275() && !isdigit((unsigned char) arg[6]))
		return -1;
	d = atoi(arg + 6);
	return d >= 0 && d <= 2 ? d : -1;
}

bool
live_interval_word(const char *word, int *it, long *interval, long *count)
{
	if (!*it) {
		*interval = atol(word);
		*count = -1;
		*it = 1;
		return *interval >= 0;
	}
	if (*it > 0) {
		*count = atol(word);
		*it = -1;
		return *count >= 1 && *interval;
	}
	return false;
}

void
live_print_timestamp(const struct tm *now)
{
	char ts[64];

	format_time(ts, sizeof(ts), live_iso_time() ? "%FT%T%z" : "%x %X", now);
	printf("%s\n", ts);
}

/* The interval the alarm handler re-arms, and whether SIGINT came. */
static volatile sig_atomic_t alarm_interval;
static volatile sig_atomic_t sigint_caught;

static void
on_alarm(int sig)
{
	(void) sig;
	alarm((unsigned) alarm_interval);
}

static void
on_sigint(int sig)
{
	(void) sig;
	sigint_caught = 1;
}

void
live_alarm_start(unsigned interval)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	alarm_interval = (sig_atomic_t) interval;
	alarm(interval);
}

void
live_wait(void)
{
	pause();
}

void
live_catch_sigint(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sigaction(SIGINT, &sa, NULL);
}

bool
live_interrupted(void)
{
	return sigint_caught != 0;
}

bool
live_now(struct tm *ret)
{
	time_t t = time(NULL);

	return localtime_r(&t, ret) != NULL;
}

uint64_t
live_cpu_jiffies(const struct stats_cpu *c)
{
	return c->cpu_user + c->cpu_nice + c->cpu_sys + c->cpu_idle + c->cpu_iowait +
	       c->cpu_hardirq + c->cpu_steal + c->cpu_softirq;
}
