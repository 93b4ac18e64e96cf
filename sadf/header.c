/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The data file: which one (the daily file by default), opening it as each
 * sadf format needs it, and the -H report of its header.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sadf.h"
#include "common/compat.h"
#include "common/datafile.h"
#include "common/history.h"
#include "common/nls.h"
#include "common/source.h"
#include "common/sysexit.h"
#include "report/options.h"
#include "common/banned.h"

void
sadf_resolve_file(struct sadf_config *c)
{
	char dir[SADF_PATH_LEN];
	time_t now = time(NULL) - (time_t) c->day_offset * 24 * 3600;
	struct tm day;

	if (c->file[0] && !datafile_is_dir(c->file))
		return;
	snprintf(dir, sizeof(dir), "%s", c->file[0] ? c->file : SA_DIR);
	if (!localtime_r(&now, &day) ||
	    datafile_daily_name(c->file, sizeof(c->file), dir, &day) < 0 ||
	    strlen(c->file) >= SADF_SYSSTAT_FILE_LEN) {
		fprintf(stderr, "set_default_file: %.*s\n", SADF_SYSSTAT_FILE_LEN - 1, c->file);
		sysrec_exit(1);
	}
	c->default_file = true;
}

/* sysstat's message for reader error rc, on stderr; returns its exit status. */
static int
report(int rc, const char *file, const struct archive_reader *r)
{
	char msg[8192];
	int status =
	        datafile_read_message(rc, file, &r->magic, source_damage(r->src), msg, sizeof(msg));

	fflush(stdout);
	fputs(msg, stderr);
	return status;
}

int
sadf_open(struct archive_reader *r, const struct sadf_config *c, bool *ret_other, int *ret_fd)
{
	/* sysstat's DISPLAY_HDR_ONLY: the header report, or -H with -j, -x, -g. */
	bool header_only = c->header_only || c->format == SADF_F_NONE;
	struct source *src;
	int fd, rc;

	*ret_other = false;
	if (c->hist) {
		/* Several files read as one (history.h): the stream of its first report. */
		const struct history_report *hr = &c->hist->reports[0];

		rc = history_report_open(hr, &src);
	} else {
		fd = open(c->file, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return datafile_open_failed(errno, c->file, c->default_file);
		*ret_fd = fd;
		rc = source_open_fd(fd, &src);
	}
	if (rc < 0)
		return report(rc, c->file, r);
	/* Old formats (0x2171, 0x2173) read as their conversion by sadf -c. */
	r->convert_old = true;
	r->conv_hz = c->conv_hz;
	rc = archive_open(r, src, true);
	if (c->format == SADF_F_CONV && r->conv.log)
		return 0; /* converted, or failed while converting: sadf_convert() says which */
	if (rc == 1 && (header_only || c->format == SADF_F_CONV)) {
		/* Another format: its magic and version are all there is to show. */
		*ret_other = true;
		return 0;
	}
	if (rc == 1)
		rc = ARCHIVE_E_FORMAT;
	if (rc == 0 && c->format != SADF_F_CONV)
		rc = archive_read_header(r, header_only);
	return rc < 0 ? report(rc, c->file, r) : 0;
}

int
sadf_convert(const struct archive_reader *r, bool other)
{
	if (r->conv.log) {
		/* sysstat writes as it converts: what was converted before a failure too. */
		if (r->conv.len && fwrite(r->conv.data, 1, r->conv.len, stdout) != r->conv.len) {
			fprintf(stderr, "\nwrite: %s\n", strerror(errno));
			return 2;
		}
		fflush(stdout);
		fputs(r->conv.log, stderr);
		return r->conv.status;
	}
	if (!other) {
		fputs(_("\nFile format already up-to-date\n"), stderr);
		return 0;
	}
	fputs(_("Cannot convert the format of this file\n"), stderr);
	return 2;
}

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
	        a->desc ? a->desc->name : _("Unknown activity"), fa->has_nr ? 'Y' : 'N', fa->nr);
	if (fa->nr2 > 1)
		fprintf(out, "x%d", fa->nr2);
	fprintf(out, "\t(%d,%d,%d)", (int) fa->types_nr[0], (int) fa->types_nr[1],
	        (int) fa->types_nr[2]);
	if (a->desc && a->desc->magic != fa->magic)
		fputs(_(" \t[Unknown format]"), out);
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

	fprintf(out, _("System activity data file: %s (%#x)\n"), name, m->format_magic);
	datafile_version_line(m, line, sizeof(line));
	fputs(line, out);
	if (m->format_magic != SA_FORMAT_MAGIC)
		return;
	fprintf(out, _("Genuine sa datafile: %s (%x)\n"), m->upgraded ? _("no") : _("yes"),
	        m->upgraded);
	banner_date(line, sizeof(line), localtime_r(&t, &tm));
	fputs(_("Host: "), out);
	fprintf(out, "%s %s (%s) \t%s \t_%s_\t(%d CPU)\n", h->sa_sysname, h->sa_release,
	        h->sa_nodename, line, h->sa_machine,
	        h->sa_cpu_nr > 1 ? (int) (h->sa_cpu_nr - 1) : 1);
	sadf_file_date(line, sizeof(line), h, time_mode);
	fprintf(out, _("File date: %s\n"), line);
	if (gmtime_r(&t, &tm) && strftime(line, sizeof(line), "%T", &tm)) {
		fputs(_("File time: "), out);
		/* 12.7.5 prints the stored 64 bits unsigned, 12.6.1 signed. */
		if (flavour_1275())
			fprintf(out, "%s UTC (%llu)\n", line, (unsigned long long) h->sa_ust_time);
		else
			fprintf(out, "%s UTC (%lld)\n", line, (long long) h->sa_ust_time);
	}
	fprintf(out, _("Timezone: %s\n"), h->sa_tzname);
	/* 12.7.5's message prints unsigned: another msgid for the catalogs. */
	if (flavour_1275())
		fprintf(out, _("File composition: (%u,%u,%u),(%u,%u,%u),(%u,%u,%u)\n"),
		        m->hdr_types_nr[0], m->hdr_types_nr[1], m->hdr_types_nr[2],
		        h->act_types_nr[0], h->act_types_nr[1], h->act_types_nr[2],
		        h->rec_types_nr[0], h->rec_types_nr[1], h->rec_types_nr[2]);
	else
		fprintf(out, _("File composition: (%d,%d,%d),(%d,%d,%d),(%d,%d,%d)\n"),
		        (int) m->hdr_types_nr[0], (int) m->hdr_types_nr[1], (int) m->hdr_types_nr[2],
		        (int) h->act_types_nr[0], (int) h->act_types_nr[1], (int) h->act_types_nr[2],
		        (int) h->rec_types_nr[0], (int) h->rec_types_nr[1], (int) h->rec_types_nr[2]);
	fprintf(out, _("Size of a long int: %d\n"), h->sa_sizeof_long);
	fprintf(out, "HZ = %llu\n", (unsigned long long) h->sa_hz);
	fprintf(out, _("Number of activities in file: %u\n"), h->sa_act_nr);
	fprintf(out, _("Extra structures available: %c\n"), h->extra_next ? 'Y' : 'N');
	fputs(_("List of activities:\n"), out);
	for (i = 0; i < r->n_acts; i++)
		print_activity_line(out, &r->acts[i]);
}
