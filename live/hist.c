/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The live tools over the records of data files (hist.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hist.h"
#include "live.h"
#include "common/datafile.h"
#include "common/ext.h"
#include "common/source.h"
#include "common/sysexit.h"
#include "report/window.h"
#include "common/banned.h"

bool
live_window_archive(struct live_window *w, const char *a, bool *bad)
{
	if (strncmp(a, "--archive=", 10))
		return false;
	w->archive = a + 10;
	*bad = !*w->archive;
	return true;
}

/* "hh:mm" or "hh:mm:ss" into seconds of the day; -1 when a is neither. */
static long
day_seconds(const char *a)
{
	size_t n = strlen(a);
	int h, m, s = 0;

	if ((n != 5 && n != 8) || a[2] != ':' || (n == 8 && a[5] != ':') ||
	    strspn(a, "0123456789:") != n)
		return -1;
	h = (a[0] - '0') * 10 + (a[1] - '0');
	m = (a[3] - '0') * 10 + (a[4] - '0');
	if (n == 8)
		s = (a[6] - '0') * 10 + (a[7] - '0');
	if (a[0] == ':' || a[1] == ':' || a[3] == ':' || a[4] == ':' ||
	    (n == 8 && (a[6] == ':' || a[7] == ':')) || h > 23 || m > 59 || s > 59)
		return -1;
	return (long) h * 3600 + m * 60 + s;
}

int
live_window_limit(struct live_window *w, bool end, const char *word)
{
	int64_t epoch;
	int dated;
	long sec;

	if (!word)
		return 0;
	dated = history_parse_time(word, &epoch);
	if (dated < 0)
		return -1;
	if (dated > 0) {
		*(end ? &w->end_epoch : &w->start_epoch) = epoch;
		*(end ? &w->end_epoch_set : &w->start_epoch_set) = true;
	} else {
		sec = day_seconds(word);
		if (sec < 0)
			return 0;
		*(end ? &w->end_sec : &w->start_sec) = sec;
	}
	*(end ? &w->use_end : &w->use_start) = true;
	return 1;
}

void
live_window_finish(struct live_window *w)
{
	if (w->use_start && w->use_end && w->start_epoch_set && !w->end_epoch_set) {
		w->end_epoch = history_time_after(w->start_epoch, (int) (w->end_sec / 3600),
		                                  (int) (w->end_sec / 60 % 60), (int) (w->end_sec % 60));
		w->end_epoch_set = true;
	}
	if (w->use_start && w->use_end && w->end_epoch_set && !w->start_epoch_set) {
		w->start_epoch = history_time_before(w->end_epoch, (int) (w->start_sec / 3600),
		                                     (int) (w->start_sec / 60 % 60),
		                                     (int) (w->start_sec % 60));
		w->start_epoch_set = true;
	}
	if (w->use_start && w->use_end && !w->start_epoch_set && !w->end_epoch_set &&
	    w->end_sec < w->start_sec)
		w->end_sec += 86400;
}

/*
 * One file, read as sar reads one: streamed through a source (plain or
 * compressed), so that memory does not grow with the file.
 */
static void
open_one(struct live_hist *lh, const char *file)
{
	char msg[8192];
	int status;

	lh->fd = open(file, O_RDONLY | O_CLOEXEC);
	if (lh->fd < 0) {
		status = datafile_open_message(errno, file, false, msg, sizeof(msg));
		fflush(stdout);
		fputs(msg, stderr);
		sysrec_exit(status);
	}
	snprintf(lh->file, sizeof(lh->file), "%s", file);
	lh->streamed = true;
}

void
live_hist_open(struct live_hist *lh, const struct live_window *w, long interval,
               const uint32_t *want, size_t n_want, const char *prog)
{
	const char *def;
	struct stat st;

	/*
	 * Nothing waits between two reports here: stdout is fully buffered, not
	 * a line at a time as live (a write per line was most of a day's cost).
	 */
	fflush(stdout);
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	memset(lh, 0, sizeof(*lh));
	def = getenv("S_TIME_DEF_TIME");
	lh->utc = def && !strcmp(def, "UTC");
	lh->w = *w;
	lh->interval = interval;
	lh->prog = prog;
	lh->want = want;
	lh->n_want = n_want;
	lh->fd = -1;
	if (stat(w->archive, &st) == 0 && S_ISDIR(st.st_mode)) {
		int64_t now = (int64_t) time(NULL);
		int64_t start = w->start_epoch_set ? w->start_epoch : 0;
		int64_t end = w->end_epoch_set ? w->end_epoch : 0;
		char one[4096];

		if (!start && !end)
			start = end = now;
		if (window_open(&lh->h, NULL, 0, w->archive, start, end, prog, one, sizeof(one)) < 2)
			open_one(lh, one);
	} else {
		open_one(lh, w->archive);
	}
}

const struct sa_file_header *
live_hist_header(const struct live_hist *lh)
{
	if (lh->header_read)
		return &lh->file_hdr;
	return lh->h.n_reports ? &lh->h.reports[0].parts[0].hdr : NULL;
}

int
live_hist_host(const struct live_hist *lh, struct live_host *ret)
{
	const struct sa_file_header *fh = live_hist_header(lh);

	memset(ret, 0, sizeof(*ret));
	if (!fh)
		return 1;
	snprintf(ret->sysname, sizeof(ret->sysname), "%s", fh->sa_sysname);
	snprintf(ret->nodename, sizeof(ret->nodename), "%s", fh->sa_nodename);
	snprintf(ret->release, sizeof(ret->release), "%s", fh->sa_release);
	snprintf(ret->machine, sizeof(ret->machine), "%s", fh->sa_machine);
	return fh->sa_cpu_nr > 1 ? (int) fh->sa_cpu_nr - 1 : 1;
}

int
live_hist_restart_cpus(const struct live_hist *lh)
{
	struct live_host host;
	int32_t n = lh->rec.restart_cpu_nr;

	if (lh->rec.hdr.record_type == SA_R_RESTART)
		return n > 1 ? n - 1 : 1;
	return live_hist_host(lh, &host);
}

/* The time of epoch ust into *ret, local or UTC (lh->utc). */
static bool
time_of(const struct live_hist *lh, uint64_t ust, struct tm *ret)
{
	time_t t = (time_t) ust;

	if (lh->utc)
		return gmtime_r(&t, ret) != NULL;
	return localtime_r(&t, ret) != NULL;
}

bool
live_hist_tm(const struct live_hist *lh, struct tm *ret)
{
	if (lh->tm_known && lh->tm_ust == lh->hdr.ust_time) {
		*ret = lh->tm;
		return lh->tm_ok;
	}
	return time_of(lh, lh->hdr.ust_time, ret);
}

const void *
live_hist_items(const struct live_hist *lh, uint32_t id, uint32_t *nr)
{
	uint32_t i;

	*nr = 0;
	for (i = 0; lh->open && i < lh->r.n_acts; i++) {
		const struct archive_act *a = &lh->r.acts[i];

		if (a->fa.id != id || !a->known_format || !a->nr)
			continue;
		*nr = a->nr;
		return a->buf;
	}
	return NULL;
}

/* A read that failed: sysstat's message for the file, and the run ends with its status. */
static _Noreturn void
die_read(struct live_hist *lh, int rc)
{
	const char *file = lh->file;
	char msg[8192];
	int status;

	if (!lh->streamed) {
		const struct history_report *hr =
		        &lh->h.reports[lh->next_report ? lh->next_report - 1 : 0];

		file = hr->parts[hr->n_parts - 1].file;
	}
	status = datafile_read_message(rc, file, &lh->r.magic, NULL, msg, sizeof(msg));

	fflush(stdout);
	fputs(msg, stderr);
	sysrec_exit(status);
}

/* The reader decodes the activities the tool takes (want), and skips the others' items. */
static void
decode_only(struct live_hist *lh)
{
	uint32_t i;
	size_t k;

	for (i = 0; i < lh->r.n_acts; i++) {
		bool wanted = false;

		for (k = 0; k < lh->n_want; k++)
			wanted = wanted || lh->r.acts[i].fa.id == lh->want[k];
		lh->r.acts[i].ignore = !wanted;
	}
}

/*
 * Whether the tool takes an activity of the extension records (an EXT_A_*
 * id in want): else they are skipped as sar skips them, not decoded
 * (mpstat: a third of a day's reading).
 */
static bool
wants_ext(const struct live_hist *lh)
{
	for (size_t k = 0; k < lh->n_want; k++)
		if (lh->want[k] >= EXT_A_PROCESS) /* sysrec's ids start there (ext.h) */
			return true;
	return false;
}

/* Opens report k; false when there is none. */
static bool
open_report(struct live_hist *lh, size_t k)
{
	const struct history_report *hr;
	struct source *src;
	int rc;

	if (lh->open) {
		archive_reader_release(&lh->r);
		lh->open = false;
	}
	if (lh->streamed ? k > 0 : k >= lh->h.n_reports)
		return false;
	if (lh->streamed) {
		rc = source_open_fd(lh->fd, &src);
	} else {
		hr = &lh->h.reports[k];
		rc = history_report_open(hr, &src);
	}
	if (rc < 0)
		die_read(lh, rc);
	memset(&lh->r, 0, sizeof(lh->r));
	/* Old formats (0x2171, 0x2173) read as their conversion by sadf -c, as in sar. */
	lh->r.convert_old = true;
	rc = archive_open(&lh->r, src, true);
	if (rc == 0)
		rc = archive_read_header(&lh->r, false);
	if (rc < 0)
		die_read(lh, rc == 1 ? ARCHIVE_E_FORMAT : rc);
	lh->r.want_ext = wants_ext(lh);
	lh->r.ext_only = lh->want; /* its sysstat ids match no extension activity */
	lh->r.n_ext_only = lh->n_want;
	decode_only(lh);
	lh->open = true;
	lh->file_hdr = lh->r.hdr;
	lh->header_read = true;
	return true;
}

/* The next record of the reports into lh->rec (*new_report: the first of a later report); false at their end. */
static bool
read_record(struct live_hist *lh, bool *new_report)
{
	*new_report = false;
	if (lh->ahead) {
		lh->ahead = false;
		*new_report = lh->ahead_new;
		return true;
	}
	for (;;) {
		int rc;

		if (!lh->open) {
			if (!open_report(lh, lh->next_report))
				return false;
			*new_report = lh->next_report++ > 0;
		}
		rc = archive_next(&lh->r, &lh->rec);
		if (rc > 0)
			return true;
		if (rc < 0 && rc != ARCHIVE_E_BAD_RECORD)
			die_read(lh, rc);
		/* The end of this report: on to the next one. */
		archive_reader_release(&lh->r);
		lh->open = false;
	}
}

/* <0, 0, >0: the record at sec (seconds of the day, crossed) and epoch ust against a limit. */
static int
cmp_limit(const struct live_hist *lh, bool end, long sec, uint64_t ust)
{
	const struct live_window *w = &lh->w;

	if (!(end ? w->use_end : w->use_start))
		return 0;
	if (end ? w->end_epoch_set : w->start_epoch_set) {
		int64_t e = end ? w->end_epoch : w->start_epoch;

		return (int64_t) ust < e ? -1 : (int64_t) ust > e;
	}
	return sec < (end ? w->end_sec : w->start_sec) ? -1 : sec > (end ? w->end_sec : w->start_sec);
}

enum live_hist_kind
live_hist_next(struct live_hist *lh)
{
	bool new_report;

	while (read_record(lh, &new_report)) {
		const struct sa_record_header *h = &lh->rec.hdr;
		long sec;

		if (new_report && lh->begun) {
			lh->ahead = true;
			lh->ahead_new = false;
			lh->last_uptime = 0;
			return LIVE_HIST_RESTART;
		}
		if (h->record_type == SA_R_RESTART && lh->begun) {
			lh->last_uptime = 0;
			return LIVE_HIST_RESTART;
		}
		if (h->record_type != SA_R_STATS)
			continue;
		lh->hdr = *h;
		lh->tm_ok = time_of(lh, h->ust_time, &lh->tm);
		lh->tm_ust = h->ust_time;
		lh->tm_known = true;
		if (!lh->tm_ok)
			continue;
		sec = (long) lh->tm.tm_hour * 3600 + lh->tm.tm_min * 60 + lh->tm.tm_sec;
		if (lh->begun && sec < lh->prev_sec)
			lh->crossed = true;
		if (lh->crossed)
			sec += 86400;
		if (!lh->begun && cmp_limit(lh, false, sec, h->ust_time) < 0)
			continue;
		if (cmp_limit(lh, true, sec, h->ust_time) > 0)
			return LIVE_HIST_END;
		/* -i: a record at least interval seconds after the last one kept. */
		if (lh->begun && lh->interval > 1 && lh->last_uptime &&
		    h->uptime_cs - lh->last_uptime + 50 < (uint64_t) lh->interval * 100)
			continue;
		lh->prev_sec = sec % 86400;
		lh->last_uptime = h->uptime_cs;
		lh->begun = true;
		lh->ext_read = false;
		return LIVE_HIST_STATS;
	}
	return LIVE_HIST_END;
}

const struct archive_ext *
live_hist_ext(struct live_hist *lh)
{
	bool new_report;

	if (lh->ext_read)
		return lh->has_ext ? &lh->r.ext : NULL;
	lh->ext_read = true;
	lh->has_ext = false;
	if (read_record(lh, &new_report)) {
		if (!new_report && lh->rec.hdr.record_type == EXT_RECORD_TYPE) {
			lh->has_ext = true;
		} else {
			lh->ahead = true;
			lh->ahead_new = new_report;
		}
	}
	return lh->has_ext ? &lh->r.ext : NULL;
}

void
live_hist_close(struct live_hist *lh)
{
	if (lh->open)
		archive_reader_release(&lh->r);
	lh->open = false;
	if (lh->fd >= 0)
		close(lh->fd);
	lh->fd = -1;
	history_release(&lh->h);
}
