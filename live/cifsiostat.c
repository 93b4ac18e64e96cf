/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cifsiostat: the I/O of the CIFS/SMB shares this machine mounts, from
 * /proc/fs/cifs/Stats, as sysstat 12.6.1 and 12.7.5 print it: a report
 * since boot, then one per interval.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cifsiostat_parse.h"
#include "live.h"
#include "common/compat.h"
#include "common/nls.h"
#include "common/strbuf.h"
#include "common/sysroot.h"
#include "report/display.h"
#include "report/options.h"
#include "common/banned.h"

/* The report layer names its messages after the program. */
const char *progname = "cifsiostat";

/* What the command line asks for. */
struct cifs_opts {
	bool timestamp; /* -t */
	bool kilo;      /* -k */
	bool mega;      /* -m */
	bool pretty;    /* --pretty, -h */
	bool human;     /* --human, -h */
	int decimals;   /* --dec, -1 when not given */
	long interval;
	long count; /* reports left; -1: until interrupted */
};

/* One run's state: the root, the shares, two uptimes (index curr and !curr). */
struct cifs_run {
	struct sysroot root;
	struct sysroot_file stats_file;
	struct strbuf buf;
	struct cifs_list list;
	uint64_t uptime[2];
	struct sar s;
	const struct cifs_opts *o;
};

static void
usage(const char *argv0)
{
	fprintf(stderr, _("Usage: %s [ options ] [ <interval> [ <count> ] ]\n"), argv0);
	fprintf(stderr, _("Options are:\n"
	                  "[ --dec={ 0 | 1 | 2 } ] [ --human ] [ --pretty ]\n"
	                  "[ -h ] [ -k | -m ] [ -t ] [ -V ]\n"));
	exit(1);
}

/* One word of single-letter options ("-kt"); -V prints the version and exits. */
static void
parse_letters(struct cifs_opts *o, const char *word, const char *argv0)
{
	static const char *const env[] = {"S_COLORS", "S_COLORS_SGR", "S_TIME_FORMAT"};

	for (word++; *word; word++) {
		switch (*word) {
		case 'h':
			o->pretty = o->human = true;
			break;
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
parse_args(struct cifs_opts *o, int argc, char **argv)
{
	int it = 0, opt;

	for (opt = 1; opt < argc; opt++) {
		const char *a = argv[opt];

		if (!strcmp(a, "--human"))
			o->human = true;
		else if (!strcmp(a, "--pretty"))
			o->pretty = true;
		else if (!strncmp(a, "--dec=", 6) && strlen(a) == 7) {
			o->decimals = live_dec_arg(a);
			if (o->decimals < 0)
				usage(argv[0]);
		}
		else if (a[0] == '-')
			parse_letters(o, a, argv[0]);
		else if (!live_interval_word(a, &it, &o->interval, &o->count))
			usage(argv[0]);
	}
	if (!o->interval)
		o->count = 1;
}

static void
print_header(const struct cifs_opts *o)
{
	if (!o->pretty)
		fputs("Filesystem            ", stdout);
	if (o->kilo)
		fputs("        rkB/s        wkB/s", stdout);
	else if (o->mega)
		fputs("        rMB/s        wMB/s", stdout);
	else
		fputs("         rB/s         wB/s", stdout);
	fputs("    rops/s    wops/s         fo/s         fc/s         fd/s", stdout);
	if (o->pretty)
		fputs(" Filesystem", stdout);
	putchar('\n');
}

/* sysstat's S_VALUE: the difference modulo 2^64 (a counter going back gives ~1.8e19). */
static double
rate(uint64_t prev, uint64_t curr, uint64_t itv)
{
	return (double) (curr - prev) / (double) itv * 100;
}

static void
print_share(struct cifs_run *r, const struct cifs_share *c, int curr, uint64_t itv)
{
	const struct cifs_counters *n = &c->st[curr], *p = &c->st[!curr];
	double fctr = r->o->kilo ? 1024 : r->o->mega ? 1024 * 1024 : 1;
	double rb = rate(p->rd_bytes, n->rd_bytes, itv), wb = rate(p->wr_bytes, n->wr_bytes, itv);
	char name[CIFS_NAME_MAX + 32];

	if (!r->o->pretty) {
		snprintf(name, sizeof(name), "%-22s", c->name);
		sar_out_colored(&r->s, SAR_SGR_ITEM, name);
	}
	if (r->o->human) {
		sar_out_unit_w(&r->s, rb, 1, 12, sar_value_sgr(&r->s, rb, 2));
		sar_out_unit_w(&r->s, wb, 1, 12, sar_value_sgr(&r->s, wb, 2));
	} else {
		sar_out_fw(&r->s, rb / fctr, 12, 2);
		sar_out_fw(&r->s, wb / fctr, 12, 2);
	}
	sar_out_fw(&r->s, rate(p->rd_ops, n->rd_ops, itv), 9, 2);
	sar_out_fw(&r->s, rate(p->wr_ops, n->wr_ops, itv), 9, 2);
	sar_out_fw(&r->s, rate(p->fopens, n->fopens, itv), 12, 2);
	sar_out_fw(&r->s, rate(p->fcloses, n->fcloses, itv), 12, 2);
	sar_out_fw(&r->s, rate(p->fdeletes, n->fdeletes, itv), 12, 2);
	if (r->o->pretty) {
		snprintf(name, sizeof(name), " %s", c->name);
		sar_out_colored(&r->s, SAR_SGR_ITEM, name);
	}
	putchar('\n');
}

static void
print_report(struct cifs_run *r, int curr, const struct tm *now)
{
	uint64_t itv = r->uptime[curr] - r->uptime[!curr];
	size_t i;

	/* sysstat's TEST_STDOUT: a closed stdout ends the run. */
	if (write(STDOUT_FILENO, "", 0) == -1) {
		perror("stdout");
		exit(6);
	}
	if (r->o->timestamp)
		live_print_timestamp(now);
	if (!itv)
		itv = 1;
	print_header(r->o);
	for (i = 0; i < r->list.n; i++)
		if (r->list.v[i].exist)
			print_share(r, &r->list.v[i], curr, itv);
	putchar('\n');
}

/* One sample into slot curr: uptime (exit 2 without it), then the shares. */
static void
read_sample(struct cifs_run *r, int curr)
{
	ssize_t len;

	cifs_list_clear_exist(&r->list);
	if (live_uptime(&r->root, &r->uptime[curr]) < 0)
		exit(2);
	len = sysroot_reread(&r->root, "proc/fs/cifs/Stats", &r->stats_file, &r->buf);
	/* No CIFS mount: no file, no share, the header alone. */
	if (len > 0 && cifs_parse_stats(r->buf.buf, (size_t) len, &r->list, curr) < 0) {
		perror("malloc");
		exit(4);
	}
}

static void
run(struct cifs_run *r, long count)
{
	int curr = 1;
	struct tm now;

	live_alarm_start((unsigned) r->o->interval);
	for (;;) {
		read_sample(r, curr);
		if (!live_now(&now))
			memset(&now, 0, sizeof(now));
		print_report(r, curr, &now);
		if (count > 0)
			count--;
		if (!count)
			break;
		curr ^= 1;
		live_wait();
	}
}

int
main(int argc, char **argv)
{
	struct cifs_opts o = {.decimals = -1, .count = 1};
	/* Static: zero without a memset of its 7 kB, whose pages a short run never needs. */
	static struct cifs_run r;
	struct live_host h;
	struct tm now;

	live_locale_init();
	live_report_init(&r.s);
	parse_args(&o, argc, argv);
	r.o = &o;
	r.s.o.decimals = o.decimals;
	r.s.o.human = o.human;
	if (sysroot_open(&r.root, "/") < 0 || live_host(&h) < 0) {
		perror("cifsiostat");
		return 4;
	}
	if (!live_now(&now))
		memset(&now, 0, sizeof(now));
	live_banner(&h, &now, live_cpu_nr(&r.root, false), false);
	putchar('\n');
	run(&r, o.count);
	cifs_list_release(&r.list);
	strbuf_release(&r.buf);
	sysroot_file_close(&r.stats_file);
	sysroot_close(&r.root);
	return 0;
}
