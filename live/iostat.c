/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * iostat: CPU and block device statistics (iostat.h). main() reads the
 * options, prints the banner, then one report per interval: the first
 * since boot (unless -y with an interval), each later one over the last
 * interval, until the count is reached or Ctrl-C.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iostat.h"
#include "live.h"
#include "common/banned.h"

/* The report layer names the program in its messages (report/options.c). */
const char *progname = "iostat";

/* The interval loop (sysstat's rw_io_stat_loop). */
static void
report_loop(struct iostat *io)
{
	long count = io->o.count;
	bool skip = io->o.omit_since_boot && io->o.interval > 0;
	struct tm now;

	live_alarm_start((unsigned) io->o.interval);
	live_catch_sigint();
	do {
		iostat_read_cpu(io);
		iostat_read_disks(io);
		if (!live_now(&now))
			now = (struct tm){0};
		iostat_write_stats(io, &now, skip);
		if (!skip && count > 0)
			count--;
		if (count) {
			io->curr ^= 1;
			live_wait();
			if (live_interrupted())
				count = 0; /* the JSON document is closed below */
			else if (io->o.json && !skip)
				printf(",");
			skip = false;
		}
		/* After the skipped report too: the releases' extra blank line. */
		printf("\n");
	} while (count);
	if (io->o.json)
		printf("\t\t\t]\n\t\t}\n\t]\n}}\n");
}

int
main(int argc, char **argv)
{
	static struct iostat io;
	struct live_host host;
	struct tm now;

	live_locale_init();
	iostat_parse_args(&io, argc, argv);
	/* JSON numbers take a decimal point whatever the locale (RFC 7159). */
	if (io.o.json)
		setlocale(LC_NUMERIC, "C");
	live_report_init(&io.out);
	io.out.o.decimals = io.o.decimals;
	io.out.o.human = io.o.human;
	io.o.iso = live_iso_time();
	io.curr = 1;
	if (sysroot_open(&io.root, "/") < 0) {
		perror("/");
		exit(4);
	}
	if (io.o.win.archive) {
		iostat_hist_run(&io);
		iostat_free_devices(&io);
		sar_disk_names_free(io.out.disk_names);
		return 0;
	}
	io.cpu_nr = live_cpu_nr(&io.root, false);
	if (!live_now(&now))
		now = (struct tm){0};
	if (live_host(&host) < 0)
		memset(&host, 0, sizeof(host));
	live_banner(&host, &now, io.cpu_nr, io.o.json);
	if (!io.o.json)
		printf("\n");
	report_loop(&io);
	iostat_free_devices(&io);
	sar_disk_names_free(io.out.disk_names);
	return 0;
}
