/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tapestat: the I/O of SCSI tape drives from /sys/class/scsi_tape/stN/stats
 * (Linux 4.2+), as sysstat 12.6.1 and 12.7.5 print it: a report since boot
 * (unless -y), then one per interval, each drive's interval measured with
 * its own gettimeofday() in milliseconds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "live.h"
#include "tapestat_calc.h"
#include "common/nls.h"
#include "common/strbuf.h"
#include "common/sysroot.h"
#include "report/display.h"
#include "report/options.h"
#include "common/banned.h"

/* The report layer names its messages after the program. */
const char *progname = "tapestat";

#define TAPE_DIR "sys/class/scsi_tape"

/* What the command line asks for. */
struct tape_opts {
	bool timestamp; /* -t */
	bool kilo;      /* -k */
	bool mega;      /* -m */
	bool human;     /* --human */
	bool omit_boot; /* -y */
	bool omit_zero; /* -z */
	long interval;
	long count; /* reports left; -1: until interrupted */
};

/*
 * One run: the drives st0 .. st(n-1) (the highest number seen plus one,
 * never fewer), each with the sample being read (now) and the one before
 * (old); the two arrays swap after every report, as sysstat's do.
 */
struct tape_run {
	struct sysroot root;
	struct strbuf buf;
	struct sar s;
	const struct tape_opts *o;
	int n;
	struct tape_sample *now, *old;
};

static void
usage(const char *argv0)
{
	fprintf(stderr, _("Usage: %s [ options ] [ <interval> [ <count> ] ]\n"), argv0);
	fprintf(stderr, _("Options are:\n"
	                  "[ --human ] [ -k | -m ] [ -t ] [ -V ] [ -y ] [ -z ]\n"));
	exit(1);
}

/* One word of single-letter options ("-kz"); -V prints the version and exits. */
static void
parse_letters(struct tape_opts *o, const char *word, const char *argv0)
{
	static const char *const env[] = {"S_COLORS", "S_COLORS_SGR", "S_TIME_FORMAT"};

	for (word++; *word; word++) {
		switch (*word) {
		case 'k':
			if (o->mega)
				usage(argv0);
			o->kilo = true;
			break;
		case 'm':
			if (o->kilo)
				usage(argv0);
			o->mega = true;
			break;
		case 't':
			o->timestamp = true;
			break;
		case 'y':
			o->omit_boot = true;
			break;
		case 'z':
			o->omit_zero = true;
			break;
		case 'V':
			live_print_version(env, 3);
			break;
		default:
			usage(argv0);
		}
	}
}

/* sysstat's parsing: options anywhere, then at most an interval and a count. */
static void
parse_args(struct tape_opts *o, int argc, char **argv)
{
	int it = 0, opt;

	for (opt = 1; opt < argc; opt++) {
		const char *a = argv[opt];

		if (!strcmp(a, "--human"))
			o->human = true;
		else if (a[0] == '-')
			parse_letters(o, a, argv[0]);
		else if (!live_interval_word(a, &it, &o->interval, &o->count))
			usage(argv[0]);
	}
	if (!o->interval)
		o->count = 1;
}

/*
 * The number of drives the directory implies: its highest stN plus one,
 * at least known (drives never go away); 0 when no entry of it (nor "."
 * and "..", which readdir() gives sysstat too) has a stats directory.
 */
static int
count_drives(const struct sysroot *root, int known)
{
	struct sysroot_dir it;
	const char *name;
	int n = known, stats_dirs = 0;

	if (sysroot_dir_open(root, TAPE_DIR, &it) < 0)
		return 0;
	stats_dirs += sysroot_is_dir(root, TAPE_DIR "/./stats");
	stats_dirs += sysroot_is_dir(root, TAPE_DIR "/../stats");
	while ((name = sysroot_dir_next(&it))) {
		char rel[512];
		int k = tape_drives_of(name);

		if (k > n)
			n = k;
		snprintf(rel, sizeof(rel), TAPE_DIR "/%s/stats", name);
		stats_dirs += sysroot_is_dir(root, rel);
	}
	sysroot_dir_close(&it);
	return stats_dirs ? n : 0;
}

/* Grows both arrays to n drives, the new ones invalid (exit 4 without memory). */
static void
grow(struct tape_run *r, int n)
{
	struct tape_sample *now = realloc(r->now, (size_t) n * sizeof(*now));
	struct tape_sample *old = now ? realloc(r->old, (size_t) n * sizeof(*old)) : NULL;

	if (!now || !old) {
		perror("realloc");
		exit(4);
	}
	memset(now + r->n, 0, (size_t) (n - r->n) * sizeof(*now));
	memset(old + r->n, 0, (size_t) (n - r->n) * sizeof(*old));
	r->now = now;
	r->old = old;
	r->n = n;
}

/*
 * Reads drive i's files into r->now[i] in their order: a file that does not
 * open makes the sample invalid and leaves the rest unread; one without a
 * number makes it invalid too. Returns false when a file did not open.
 */
static bool
read_drive(struct tape_run *r, int i)
{
	struct tape_sample *t = &r->now[i];
	int f;

	for (f = 0; f < TAPE_FIELD_MAX; f++) {
		char rel[128];
		ssize_t len;

		snprintf(rel, sizeof(rel), TAPE_DIR "/st%d/stats/%s", i, tape_field_names[f]);
		len = sysroot_read(&r->root, rel, &r->buf);
		/* A directory opens but does not read: fscanf fails, the drive stays listed. */
		if (len < 0 && len != -EISDIR) {
			t->valid = false;
			return false;
		}
		if (len < 0 || tape_parse_value(r->buf.buf, (size_t) len, &t->v[f]) < 0)
			t->valid = false;
	}
	return true;
}

/* The first sample: every drive against zero counters since the same instant. */
static void
read_first(struct tape_run *r)
{
	int n = count_drives(&r->root, 0), i;

	if (!n) {
		fprintf(stderr, _("No tape drives with statistics found\n"));
		exit(1);
	}
	grow(r, n);
	for (i = 0; i < n; i++) {
		r->now[i].valid = r->old[i].valid = true;
		gettimeofday(&r->old[i].tv, NULL);
		r->now[i].tv = r->old[i].tv;
		/* old's counters are the zeros grow() gave them. */
		read_drive(r, i);
	}
}

/* A later sample; a drive whose busy times went back is left out of this report. */
static void
read_next(struct tape_run *r)
{
	int n = count_drives(&r->root, r->n), i;

	if (n > r->n)
		grow(r, n);
	for (i = 0; i < r->n; i++) {
		const uint64_t *o = r->old[i].v, *v = r->now[i].v;

		r->now[i].valid = true;
		gettimeofday(&r->now[i].tv, NULL);
		if (!read_drive(r, i))
			continue;
		if (v[TAPE_READ_NS] < o[TAPE_READ_NS] || v[TAPE_WRITE_NS] < o[TAPE_WRITE_NS] ||
		    v[TAPE_IO_NS] < o[TAPE_IO_NS])
			r->now[i].valid = false;
	}
}

static void
swap_samples(struct tape_run *r)
{
	struct tape_sample *t = r->old;

	r->old = r->now;
	r->now = t;
}

static void
print_drive(struct tape_run *r, int i, const struct tape_rates *t)
{
	uint64_t div = r->o->mega ? 1024 : 1;
	char name[32];

	/* "stN" in five columns, cut there (st1000 shows as st100). */
	snprintf(name, sizeof(name), "st%-3d", i);
	name[5] = '\0';
	sar_out_colored(&r->s, SAR_SGR_ITEM, name);
	sar_out_u64w(&r->s, t->reads, 7);
	sar_out_u64w(&r->s, t->writes, 7);
	if (r->o->human) {
		sar_out_unit_w(&r->s, (double) t->kb_read, 2, 11,
		               t->kb_read ? SAR_SGR_VALUE : SAR_SGR_ZERO);
		sar_out_unit_w(&r->s, (double) t->kb_written, 2, 11,
		               t->kb_written ? SAR_SGR_VALUE : SAR_SGR_ZERO);
	} else {
		sar_out_u64w(&r->s, t->kb_read / div, 11);
		sar_out_u64w(&r->s, t->kb_written / div, 11);
	}
	sar_out_xpc(&r->s, (double) t->pct_read, 4, 0, SAR_XHIGH);
	sar_out_xpc(&r->s, (double) t->pct_write, 4, 0, SAR_XHIGH);
	sar_out_xpc(&r->s, (double) t->pct_all, 4, 0, SAR_XHIGH);
	sar_out_u64w(&r->s, t->resids, 7);
	sar_out_u64w(&r->s, t->others, 7);
	putchar('\n');
}

/* The drive's interval; none (its first sample) counts from boot. */
static uint64_t
drive_duration(struct tape_run *r, int i)
{
	uint64_t d = tape_duration_ms(&r->old[i].tv, &r->now[i].tv);
	ssize_t len;

	if (d)
		return d;
	len = sysroot_read(&r->root, "proc/uptime", &r->buf);
	return len < 0 ? 0 : tape_uptime_ms(r->buf.buf, (size_t) len);
}

static void
print_report(struct tape_run *r, const struct tm *now)
{
	int i;

	/* sysstat's TEST_STDOUT: a closed stdout ends the run. */
	if (write(STDOUT_FILENO, "", 0) == -1) {
		perror("stdout");
		exit(6);
	}
	if (r->o->timestamp)
		live_print_timestamp(now);
	printf("Tape:     r/s     w/s   %s  %%Rd  %%Wr  %%Oa    Rs/s    Ot/s\n",
	       r->o->mega ? "MB_read/s   MB_wrtn/s" : "kB_read/s   kB_wrtn/s");
	for (i = 0; i < r->n; i++) {
		struct tape_rates t;

		if (!r->now[i].valid || !r->old[i].valid)
			continue;
		tape_calc(&r->old[i], &r->now[i], drive_duration(r, i), &t);
		if (!(r->o->omit_zero && tape_rates_zero(&t)))
			print_drive(r, i, &t);
	}
	swap_samples(r);
	putchar('\n');
}

static void
run(struct tape_run *r, long count)
{
	bool skip = r->o->omit_boot && r->o->interval > 0;
	struct tm now;

	for (;;) {
		if (!r->n)
			read_first(r);
		else
			read_next(r);
		if (!live_now(&now))
			memset(&now, 0, sizeof(now));
		if (skip) {
			/* -y: the first sample is only the base of the next. */
			skip = false;
			swap_samples(r);
		} else {
			print_report(r, &now);
			if (count > 0)
				count--;
		}
		if (!count)
			break;
		live_wait();
	}
}

int
main(int argc, char **argv)
{
	struct tape_opts o = {.count = 1};
	/* Static: zero without a memset of its 7 kB, whose pages a short run never needs. */
	static struct tape_run r;
	struct live_host h;
	struct tm now;
	int cpu_nr;

	live_locale_init();
	live_report_init(&r.s);
	parse_args(&o, argc, argv);
	r.o = &o;
	r.s.o.human = o.human;
	if (sysroot_open(&r.root, "/") < 0 || live_host(&h) < 0) {
		perror("tapestat");
		return 4;
	}
	cpu_nr = live_cpu_nr(&r.root, false);
	if (!live_now(&now))
		memset(&now, 0, sizeof(now));
	live_banner(&h, &now, cpu_nr, false);
	putchar('\n');
	live_alarm_start((unsigned) o.interval);
	run(&r, o.count);
	free(r.now);
	free(r.old);
	strbuf_release(&r.buf);
	sysroot_close(&r.root);
	return 0;
}
