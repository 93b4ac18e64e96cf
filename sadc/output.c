/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadc: the output file. Creating it, checking that we may append to it,
 * repairing a torn last record, rotating daily files, and writing each
 * record whole or not at all.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sadc.h"
#include "common/datafile.h"
#include "common/banned.h"

static _Noreturn void
write_error(void)
{
	sadc_fatal(2, "Cannot write data to system activity file: %s\n", strerror(errno));
}

/* Room for a note naming the output file, after sysstat's message. */
#define NOTE_LEN (SADC_PATH_LEN + 160)

/*
 * After a failed write or sync, cuts the output file back to start, where
 * the record (or, at 0, the file's header) began, so that the file ends
 * with its last whole record again and sysstat's readers read it to the
 * end. Puts a line saying what was done into note. When the cut itself
 * fails, the note says so (the next sadc run cuts the torn record then).
 */
static void
cut_back(struct sadc *s, off_t start, const char *what, char note[NOTE_LEN])
{
	const char *f = s->cfg.ofile;
	struct stat st;
	long long extra = -1;

	if (fstat(s->ofd, &st) == 0) {
		extra = (long long) (st.st_size - start);
		if (extra <= 0) {
			snprintf(note, NOTE_LEN,
			         "sadc: '%s' left at %lld bytes: nothing of %s was written\n", f,
			         (long long) start, what);
			return;
		}
	}
	if (ftruncate(s->ofd, start) < 0)
		snprintf(note, NOTE_LEN, "sadc: cannot truncate '%s' back to %lld bytes: %s\n", f,
		         (long long) start, strerror(errno));
	else if (extra < 0)
		snprintf(note, NOTE_LEN, "sadc: '%s' truncated back to %lld bytes (%s removed)\n",
		         f, (long long) start, what);
	else
		snprintf(note, NOTE_LEN,
		         "sadc: '%s' truncated back to %lld bytes (%lld bytes of %s removed)\n", f,
		         (long long) start, extra, what);
}

/*
 * Appends b to the output file whole, or leaves the file as it was:
 * sysstat leaves the bytes of a write that failed half way (a full disk, a
 * quota, an I/O error, the file size limit), and its readers then stop
 * there with "End of system activity file unexpected" on every report of
 * the file. Remembers where the record starts, until it is synced. (A
 * writer appending at the same time without -L would lose its bytes to
 * the cut too; without -L, writers are not kept apart anyway.)
 */
static void
append_or_die(struct sadc *s, const struct archive_recbuf *b, const char *what)
{
	char note[NOTE_LEN];
	off_t start = lseek(s->ofd, 0, SEEK_END);
	int rc;

	if (start < 0)
		write_error();
	s->rec_start = start;
	rc = archive_write_buf(s->ofd, b);
	if (rc == 0)
		return;
	cut_back(s, start, what, note);
	sadc_fatal(2, "Cannot write data to system activity file: %s\n%s", strerror(-rc), note);
}

/*
 * -f, and the end of a day's file at rotation: when fdatasync() fails
 * (EIO: what it was to write may be lost in part), the last record written
 * and not yet synced is cut off again; a record synced before is left
 * alone. Should the cut itself not reach the disk before a
 * crash, the torn tail left is cut by the next sadc run.
 */
static void
sync_or_die(struct sadc *s)
{
	char note[NOTE_LEN] = "";
	int err;

	if (fdatasync(s->ofd) == 0) {
		s->rec_start = -1;
		return;
	}
	err = errno;
	if (s->rec_start >= 0)
		cut_back(s, s->rec_start, "the record that could not be synced", note);
	sadc_fatal(4, "fdatasync: %s\n%s", strerror(err), note);
}

/*
 * Takes the -L lock. Returns 0 when locked (or no lock is wanted), 1 when
 * another process holds it and fatal is false.
 */
static int
take_lock(struct sadc *s, int fd, bool fatal)
{
	if (!s->cfg.lock || s->locked)
		return 0;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno != EWOULDBLOCK && errno != EAGAIN)
			sadc_fatal(1, "flock: %s\n", strerror(errno));
		if (fatal)
			sadc_fatal(1, "flock: %s\nsadc: '%s' is locked by another writer (-L)\n",
			           strerror(errno), s->cfg.ofile);
		return 1;
	}
	s->locked = true;
	return 0;
}

static void
write_all_or_die(int fd, const struct archive_recbuf *b)
{
	int rc = archive_write_buf(fd, b);

	if (rc < 0) {
		errno = -rc;
		write_error();
	}
}

static void
create_file(struct sadc *s)
{
	struct archive_recbuf b = {0};

	s->locked = false;
	s->check_reboot = false;
	s->ofd = open(s->cfg.ofile, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
	if (s->ofd < 0)
		sadc_fatal(2, "Cannot open %s: %s\n", s->cfg.ofile, strerror(errno));
	take_lock(s, s->ofd, true);
	if (ftruncate(s->ofd, 0) < 0)
		sadc_fatal(2, "Cannot open %s: %s\n", s->cfg.ofile, strerror(errno));
	sadc_put_file_start(s, &b);
	/*
	 * A header that cannot be written whole leaves the file empty: cut to
	 * 0 bytes rather than removed, because ftruncate() acts on the file we
	 * opened (and hold the -L lock on) while unlink() acts on a name that
	 * another writer may have opened or replaced meanwhile; and an empty
	 * file is one that both sysstat's sadc and ours simply start again.
	 */
	append_or_die(s, &b, "the header");
	archive_recbuf_release(&b);
}

/* The file's activity list prevails over -S: collect what it holds, in its order. */
static void
adopt_file_list(struct sadc *s, const struct sa_file_activity *list, uint32_t n)
{
	uint32_t i;
	size_t k;

	for (k = 0; k < ACTIVITY_NR; k++)
		s->acts[k].collected = false;
	s->n_seq = 0;
	for (i = 0; i < n; i++) {
		struct sadc_act *a = &s->acts[activity_position(list[i].id)];

		/* A_CPU keeps the live CPU count, which restart records carry. */
		if (a->desc->id != A_CPU || a->nr_ini <= 0)
			a->nr_ini = list[i].nr;
		a->nr2 = list[i].nr2;
		free(a->buf);
		a->buf = calloc((size_t) a->nr_ini * (size_t) a->nr2, a->desc->size);
		if (!a->buf)
			sadc_fatal(4, "Cannot allocate memory\n");
		a->cap = a->nr_ini;
		a->collected = true;
		s->seq[s->n_seq++] = list[i].id;
	}
}

/*
 * sysstat appends after a torn record, and its readers stop there forever.
 * Cut the torn bytes first, so that every record written from now on stays
 * readable. This is done under the file lock, never concurrently with
 * another -L writer.
 */
static void
repair_tail(struct sadc *s, const struct sa_file_header *h, const struct sa_file_activity *list)
{
	struct sadc_skim sk = {.last_uptime = s->last_uptime, .check_reboot = s->check_reboot};
	int64_t good = sadc_skim_records(s->ofd, h, list, &sk);
	off_t size;

	s->last_uptime = sk.last_uptime;
	s->check_reboot = sk.check_reboot;
	if (!sk.torn || good < 0)
		return;
	size = lseek(s->ofd, 0, SEEK_END);
	if (size <= good)
		return;
	if (!s->locked && flock(s->ofd, LOCK_EX | LOCK_NB) < 0)
		return;
	if (ftruncate(s->ofd, good) < 0) {
		fprintf(stderr, "sadc: cannot cut the torn record at the end of '%s': %s\n",
		        s->cfg.ofile, strerror(errno));
	} else {
		fprintf(stderr,
		        "sadc: '%s' ended with %lld bytes of a torn record; cut them before "
		        "appending\n",
		        s->cfg.ofile, (long long) (size - good));
	}
	if (!s->locked)
		flock(s->ofd, LOCK_UN);
}

static _Noreturn void
invalid_file(const struct sa_file_magic *m, int rc, const char *file)
{
	char msg[2048];

	datafile_error_message(rc, file, m, msg, sizeof(msg));
	sadc_fatal(3, "%s", msg);
}

static _Noreturn void
append_error(struct sadc *s)
{
	sadc_fatal(1, "Cannot append data to that file (%s)\n", s->cfg.ofile);
}

/* Recreates the file when -F allows it; otherwise reports why not. */
static void
recreate_or(struct sadc *s, const struct sa_file_magic *m, int rc)
{
	close(s->ofd);
	if (s->cfg.force) {
		create_file(s);
		return;
	}
	if (rc == ARCHIVE_E_APPEND)
		append_error(s);
	invalid_file(m, rc, s->cfg.ofile);
}

void
sadc_open_output(struct sadc *s)
{
	struct sa_file_activity list[ACTIVITY_NR];
	struct sa_file_magic m;
	struct sa_file_header h;
	struct tm now;
	int rc;

	s->locked = false;
	s->check_reboot = false;
	s->rec_start = -1;
	if (!s->cfg.ofile[0])
		return;
	/*
	 * Past the file size limit (ulimit -f), write() fails with EFBIG and
	 * the record is cut off again; the default action of SIGXFSZ would end
	 * sadc in the middle of the record instead (sysstat's fate).
	 */
	signal(SIGXFSZ, SIG_IGN);
	s->ofd = open(s->cfg.ofile, O_APPEND | O_RDWR | O_CLOEXEC);
	if (s->ofd < 0) {
		if (errno == ENOENT) {
			create_file(s);
			return;
		}
		sadc_fatal(2, "Cannot open %s: %s\n", s->cfg.ofile, strerror(errno));
	}
	rc = archive_append_read_start(s->ofd, &m, &h);
	if (rc == 1) {
		close(s->ofd);
		create_file(s);
		return;
	}
	if (rc < 0) {
		recreate_or(s, &m,
		            rc == ARCHIVE_E_FORMAT || rc == ARCHIVE_E_INVALID ? rc
		                                                              : ARCHIVE_E_APPEND);
		return;
	}
	/* Daily files of a past month are recycled. */
	sadc_now(s, &now);
	if (s->cfg.rotate && (h.sa_month != now.tm_mon || h.sa_year != now.tm_year)) {
		close(s->ofd);
		create_file(s);
		return;
	}
	rc = archive_append_check_list(s->ofd, &h, list);
	if (rc < 0) {
		recreate_or(s, &m, rc == ARCHIVE_E_INVALID ? ARCHIVE_E_INVALID : ARCHIVE_E_APPEND);
		return;
	}
	adopt_file_list(s, list, h.sa_act_nr);
	if (s->cfg.lock && take_lock(s, s->ofd, false))
		return; /* another writer holds the file: no repair now */
	repair_tail(s, &h, list);
}

void
sadc_open_stdout(struct sadc *s)
{
	struct archive_recbuf b = {0};

	if (!s->cfg.to_stdout) {
		s->stdfd = -1;
		return;
	}
	s->stdfd = dup(STDOUT_FILENO);
	if (s->stdfd < 0)
		sadc_fatal(4, "dup: %s\n", strerror(errno));
	sadc_put_file_start(s, &b);
	write_all_or_die(s->stdfd, &b);
	archive_recbuf_release(&b);
}

void
sadc_write_special(struct sadc *s, uint8_t type)
{
	struct archive_recbuf b = {0};
	struct tm tm;
	time_t t;

	if (s->ofd < 0)
		return;
	take_lock(s, s->ofd, true);
	t = sadc_now(s, &tm);
	archive_put_record_header(&b, type, 0, (uint64_t) t, (uint8_t) tm.tm_hour,
	                          (uint8_t) tm.tm_min, (uint8_t) tm.tm_sec);
	if (type == SA_R_RESTART)
		archive_put_nr(&b, s->acts[activity_position(A_CPU)].nr_ini);
	else
		archive_put_comment(&b, s->cfg.comment);
	append_or_die(s, &b, type == SA_R_RESTART ? "the restart record" : "the comment record");
	archive_recbuf_release(&b);
}

/* Adds a LINUX RESTART before the sample when the machine rebooted unmarked. */
static void
put_missed_restart(struct sadc *s, struct archive_recbuf *b)
{
	if (!s->check_reboot)
		return;
	s->check_reboot = false;
	if (s->rec.uptime_cs >= s->last_uptime)
		return;
	archive_put_record_header(b, SA_R_RESTART, 0, s->rec.ust_time, s->rec.hour, s->rec.minute,
	                          s->rec.second);
	archive_put_nr(b, s->acts[activity_position(A_CPU)].nr_ini);
}

static void
write_to_file(struct sadc *s)
{
	if (s->ofd < 0)
		return;
	if (take_lock(s, s->ofd, false)) {
		/* As in sysstat, this sample is lost and the next one tries again; not silently. */
		fprintf(stderr, "sadc: '%s' is locked by another writer (-L): sample skipped\n",
		        s->cfg.ofile);
		return;
	}
	archive_recbuf_reset(&s->out);
	put_missed_restart(s, &s->out);
	sadc_put_stats(s, &s->out, SA_R_STATS);
	append_or_die(s, &s->out, "the record");
	if (s->cfg.sync)
		sync_or_die(s);
}

void
sadc_write_sample(struct sadc *s, bool last_of_file)
{
	if (s->stdfd >= 0) {
		archive_recbuf_reset(&s->out);
		sadc_put_stats(s, &s->out, last_of_file ? SA_R_LAST_STATS : SA_R_STATS);
		write_all_or_die(s->stdfd, &s->out);
	}
	write_to_file(s);
}

void
sadc_daily_name(struct sadc *s, char *out, size_t len)
{
	struct tm now;
	int n;

	sadc_now(s, &now);
	if (s->cfg.long_names)
		n = snprintf(out, len, "%s/sa%04d%02d%02d", s->cfg.sa_dir, now.tm_year + 1900,
		             now.tm_mon + 1, now.tm_mday);
	else
		n = snprintf(out, len, "%s/sa%02d", s->cfg.sa_dir, now.tm_mday);
	if (n < 0 || (size_t) n >= len)
		sadc_fatal(1, "sadc: daily file name too long in '%s'\n", s->cfg.sa_dir);
}

void
sadc_close_output(struct sadc *s)
{
	if (s->ofd >= 0)
		close(s->ofd);
	if (s->stdfd >= 0)
		close(s->stdfd);
	s->ofd = s->stdfd = -1;
}

/*
 * Midnight: the sample just taken ends the old file and starts the new one
 * (so 00:00 is in both days); on stdout it goes out as R_LAST_STATS,
 * followed by the new file's start.
 */
void
sadc_rotate(struct sadc *s, const char *new_file)
{
	sadc_write_sample(s, true);
	if (s->ofd >= 0) {
		sync_or_die(s);
		close(s->ofd);
		s->ofd = -1;
	}
	snprintf(s->cfg.ofile, sizeof(s->cfg.ofile), "%s", new_file);
	if (sadc_init_counts(s) < 0)
		sadc_fatal(4, "Cannot allocate memory\n");
	sadc_open_output(s);
	if (s->stdfd >= 0) {
		struct archive_recbuf b = {0};

		sadc_put_file_start(s, &b);
		write_all_or_die(s->stdfd, &b);
		archive_recbuf_release(&b);
	}
	write_to_file(s);
}
