/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_LIVE_H
#define SYSREC_LIVE_H
/*
 * What the five live tools (iostat, mpstat, pidstat, cifsiostat,
 * tapestat) share: the locale and catalogs, the machine's identity and
 * banner, the uptime clock, the CPU count, the header repetition, -V, and
 * the interval loop. They print their values with the report layer's
 * primitives (report/render.h, report/display.h) on a struct sar set up by
 * live_report_init(), so colours, --dec, --human and the locale's decimal
 * point are sar's own.
 *
 * Every /proc and /sys path is read through a struct sysroot ("/" in
 * production; tests run the shipped binary over fixture trees with
 * tests/tools/livefix.so, see tests/live.md).
 */
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "common/layout_stats.h"
#include "common/sysroot.h"
#include "report/engine.h"

/* The identity uname() gives, as the banner and JSON header print it. */
struct live_host {
	char sysname[65];
	char nodename[65];
	char release[65];
	char machine[65];
};

/*
 * Checks SYSREC_COMPAT first (any value but 12.6.1 or 12.7.5: the message
 * sar prints, exit status 1). Then the locale categories sysstat sets
 * (messages, ctype, time, numeric) and its text domain, bound to the
 * system's catalogs (nls_init()). Also makes stdout line-buffered, where
 * sysstat's tools make it unbuffered (the man pages' DIFFERENCES FROM SYSSTAT).
 */
void live_locale_init(void);

/*
 * Sets up s (zeroed by the caller) to print to stdout with the locale's
 * decimal point, S_TIME_FORMAT=ISO, and the colours of S_COLORS and
 * S_COLORS_SGR for the current flavour (on when stdout is a terminal).
 */
void live_report_init(struct sar *s);

/* Fills h from uname(); returns 0 or -errno. */
int live_host(struct live_host *h);

/*
 * The number of CPUs as sysstat counts them: the cpuN directories of
 * /sys/devices/system/cpu (highest: one more than the highest N instead of
 * their number), else the cpuN lines of /proc/stat; at least 1 when
 * neither is readable.
 */
int live_cpu_nr(const struct sysroot *root, bool highest);

/*
 * /proc/uptime in hundredths of a second into *ret. Returns 0, or -1 after
 * sysstat's message "Cannot read /proc/uptime" on stderr (its exit status
 * is 2).
 */
int live_uptime(const struct sysroot *root, uint64_t *ret);

/* Whether S_TIME_FORMAT is ISO (read once a run). */
bool live_iso_time(void);

/*
 * The banner line sysstat prints first (print_gal_header): "SYSNAME
 * RELEASE (NODE) \tDATE \t_MACHINE_\t(N CPU)\n", DATE as %x or, with
 * S_TIME_FORMAT=ISO, %Y-%m-%d. json: the JSON document's opening and host
 * object up to and including "statistics": [ instead.
 */
void live_banner(const struct live_host *h, const struct tm *now, int cpu_nr, bool json);

/* The host object of the JSON document, from its "{" to "statistics": [ (live_banner()'s). */
void live_json_host(const struct live_host *h, const struct tm *now, int cpu_nr);

/*
 * The rows between two headers (get_win_height): the terminal's height
 * minus 2 when stdout is a terminal; else S_REPEAT_HEADER when it is all
 * digits and positive (12.7.5), else 86400.
 */
int live_win_height(void);

/*
 * -V: under 12.7.5 first each of the n environment variables env[] that is
 * set ("NAME=value"), then the version and copyright lines; exits 0.
 */
void live_print_version(const char *const env[], int n);

/*
 * --dec=N (arg, 7 bytes long): N, 0 to 2; -1 for a usage error (12.7.5
 * wants a digit, 12.6.1 takes what atoi() makes of the character).
 */
int live_dec_arg(const char *arg);

/*
 * iostat's, cifsiostat's and tapestat's interval and count: the first
 * number word is the interval (atol(); below 0 is a usage error) and makes
 * the count -1 (until interrupted), the second the count (below 1, or
 * after interval 0, a usage error), a third a usage error. *it is 0 before
 * the interval (the caller's start), 1 after it, -1 after the count.
 * Returns false for a usage error.
 */
bool live_interval_word(const char *word, int *it, long *interval, long *count);

/* -t: the date and time of now on a line of its own, ISO 8601 under S_TIME_FORMAT=ISO. */
void live_print_timestamp(const struct tm *now);

/*
 * The interval loop's clock: live_alarm_start(interval) installs the
 * SIGALRM handler and arms alarm(interval), as sysstat does; live_wait()
 * sleeps until the next alarm (pause()) and re-arms it. SIGINT (and under
 * no flavour SIGTERM: both releases leave it at its default) sets a flag
 * that live_interrupted() reads; live_catch_sigint() installs that handler.
 */
void live_alarm_start(unsigned interval);
void live_wait(void);
void live_catch_sigint(void);
bool live_interrupted(void);

/*
 * The jiffies of a CPU line (/proc/stat's "cpu", or a file's CPU activity):
 * the sum iostat and pidstat divide by. guest and guest_nice are inside
 * user and nice already.
 */
uint64_t live_cpu_jiffies(const struct stats_cpu *c);

/* Local time now (time() through localtime_r) into *ret; returns false when it fails. */
bool live_now(struct tm *ret);

#endif
