/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "datafile.h"
#include "sadf.h"
#include "banned.h"

/* The date of the "Host:" banner: %x in LC_TIME, or ISO with S_TIME_FORMAT=ISO. */
static void
banner_date(char *buf, size_t len, const struct tm *tm)
{
	const char *fmt = getenv("S_TIME_FORMAT");

	if (!tm) {
		snprintf(buf, len, "?/?/?");
		return;
	}
	if (fmt && !strcmp(fmt, "ISO")) {
		if (!strftime(buf, len, "%Y-%m-%d", tm))
			buf[0] = '\0';
		return;
	}
	/* sysstat prints the locale's own date (two-digit years in C): keep it. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-y2k"
	if (!strftime(buf, len, "%x", tm))
		buf[0] = '\0';
#pragma GCC diagnostic pop
}

void
sadf_file_date(char *buf, size_t len, const struct sa_file_header *h, enum sadf_time mode)
{
	time_t t = (time_t) h->sa_ust_time;
	struct tm tm;

	memset(&tm, 0, sizeof(tm));
	if (mode == SADF_T_TRUE) {
		tm.tm_mday = h->sa_day;
		tm.tm_mon = h->sa_month;
		tm.tm_year = h->sa_year;
		tm.tm_isdst = -1;
		mktime(&tm); /* normalises an out-of-range stored date like sysstat does */
	} else if (!localtime_r(&t, &tm)) {
		snprintf(buf, len, "?");
		return;
	}
	if (!strftime(buf, len, "%Y-%m-%d", &tm))
		buf[0] = '\0';
}

static void
print_activity_line(FILE *out, const struct archive_act *a)
{
	const struct sa_file_activity *fa = &a->fa;

	fprintf(out, "%02d: [%02x] %-20s %c:%4d", (int) fa->id, fa->magic,
	        a->desc ? a->desc->name : "Unknown activity", fa->has_nr ? 'Y' : 'N', fa->nr);
	if (fa->nr2 > 1)
		fprintf(out, "x%d", fa->nr2);
	fprintf(out, "\t(%d,%d,%d)", (int) fa->types_nr[0], (int) fa->types_nr[1],
	        (int) fa->types_nr[2]);
	if (a->desc && a->desc->magic != fa->magic)
		fprintf(out, " \t[Unknown format]");
	fputc('\n', out);
}

void
sadf_print_header(FILE *out, const char *name, const struct archive_reader *r,
                  enum sadf_time time_mode)
{
	const struct sa_file_magic *m = &r->magic;
	const struct sa_file_header *h = &r->hdr;
	time_t t = (time_t) h->sa_ust_time;
	char line[256];
	struct tm tm;
	uint32_t i;

	fprintf(out, "System activity data file: %s (%#x)\n", name, m->format_magic);
	datafile_version_line(m, line, sizeof(line));
	fputs(line, out);
	if (m->format_magic != SA_FORMAT_MAGIC)
		return;
	fprintf(out, "Genuine sa datafile: %s (%x)\n", m->upgraded ? "no" : "yes", m->upgraded);
	banner_date(line, sizeof(line), localtime_r(&t, &tm));
	fprintf(out, "Host: %s %s (%s) \t%s \t_%s_\t(%d CPU)\n", h->sa_sysname, h->sa_release,
	        h->sa_nodename, line, h->sa_machine,
	        h->sa_cpu_nr > 1 ? (int) (h->sa_cpu_nr - 1) : 1);
	sadf_file_date(line, sizeof(line), h, time_mode);
	fprintf(out, "File date: %s\n", line);
	if (gmtime_r(&t, &tm) && strftime(line, sizeof(line), "%T", &tm))
		fprintf(out, "File time: %s UTC (%lld)\n", line, (long long) h->sa_ust_time);
	fprintf(out, "Timezone: %s\n", h->sa_tzname);
	fprintf(out, "File composition: (%d,%d,%d),(%d,%d,%d),(%d,%d,%d)\n",
	        (int) m->hdr_types_nr[0], (int) m->hdr_types_nr[1], (int) m->hdr_types_nr[2],
	        (int) h->act_types_nr[0], (int) h->act_types_nr[1], (int) h->act_types_nr[2],
	        (int) h->rec_types_nr[0], (int) h->rec_types_nr[1], (int) h->rec_types_nr[2]);
	fprintf(out, "Size of a long int: %d\n", h->sa_sizeof_long);
	fprintf(out, "HZ = %llu\n", (unsigned long long) h->sa_hz);
	fprintf(out, "Number of activities in file: %u\n", h->sa_act_nr);
	fprintf(out, "Extra structures available: %c\n", h->extra_next ? 'Y' : 'N');
	fprintf(out, "List of activities:\n");
	for (i = 0; i < r->n_acts; i++)
		print_activity_line(out, &r->acts[i]);
}
