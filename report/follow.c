/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --follow: the tail of a growing daily file (follow.h), and sar's report
 * of it, which is live mode's (live.c) with the records of the file.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "display.h"
#include "follow.h"
#include "xstats.h"
#include "render.h"
#include "common/datafile.h"
#include "common/history.h"
#include "common/source.h"
#include "common/sysexit.h"
#include "common/banned.h"

/* Without inotify, the file is looked at this often (milliseconds). */
#define FOLLOW_POLL_MS 2000

/*
 * Opens path and reads its header into r (zeroed; it owns the source).
 * Returns the descriptor, or -1 with errno (0 when the file is not a
 * plain sysstat file of the current format: *ret_rc then holds why).
 * *ret_size, unless NULL, is the file's size before anything was read.
 */
static int
open_file(const char *path, struct archive_reader *r, int *ret_rc, off_t *ret_size)
{
	struct source *src;
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	*ret_rc = 0;
	if (fd < 0)
		return -1;
	if (ret_size)
		*ret_size = fstat(fd, &st) == 0 ? st.st_size : 0;
	rc = source_open_fd(fd, &src);
	if (rc == 0 && source_is_compressed(src)) {
		source_free(src);
		*ret_rc = 1;
		goto fail;
	}
	if (rc == 0) {
		rc = archive_open(r, src, true);
		if (rc == 1)
			rc = ARCHIVE_E_FORMAT;
		if (rc == 0)
			rc = archive_read_header(r, false);
	}
	if (rc == 0)
		return fd;
	*ret_rc = rc;
fail:
	archive_reader_release(r);
	close(fd);
	errno = 0;
	return -1;
}

static _Noreturn void
die_open(const struct follow_tail *t, const char *file, int rc)
{
	char msg[8192];
	int status;

	if (rc == 0) {
		status = datafile_open_message(errno, file, false, msg, sizeof(msg));
		fputs(msg, stderr);
		sysrec_exit(status);
	}
	if (rc == 1) {
		fprintf(stderr, "%s: --follow reads plain files only: '%s' is compressed\n",
		        t->prog, file);
		sysrec_exit(2);
	}
	status = datafile_error_message(rc, file, &t->s->reader.magic, msg, sizeof(msg));
	fputs(msg, stderr);
	sysrec_exit(status ? status : 2);
}

static void
dir_of(const char *file, char *dir, size_t len)
{
	const char *slash = strrchr(file, '/');

	if (!slash)
		snprintf(dir, len, ".");
	else if (slash == file)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int) (slash - file), file);
}

/* Today's daily file in dir, plain (a compressed one is an old day's). */
static bool
today_name(const char *dir, char *out, size_t len)
{
	struct tm tm;

	/* sysstat dates the daily file in UTC when S_TIME_DEF_TIME is UTC. */
	return sar_now_tm(&tm) && datafile_daily_plain_name(out, len, dir, &tm) == 0;
}

/* Whether file is the current daily file of its directory (then midnight is crossed). */
static void
decide_dir(struct follow_tail *t)
{
	char dir[sizeof(t->dir)], cur[sizeof(t->dir)];
	struct stat a, b;

	t->dir[0] = '\0';
	dir_of(t->file, dir, sizeof(dir));
	if (!today_name(dir, cur, sizeof(cur)) || stat(cur, &a) < 0 || stat(t->file, &b) < 0)
		return;
	if (a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		snprintf(t->dir, sizeof(t->dir), "%s", dir);
}

static void
watch(struct follow_tail *t)
{
	if (t->ino < 0)
		return;
	if (t->wd_file >= 0)
		inotify_rm_watch(t->ino, t->wd_file);
	t->wd_file = inotify_add_watch(t->ino, t->file, IN_MODIFY | IN_CLOSE_WRITE);
	if (t->dir[0] && t->wd_dir < 0)
		t->wd_dir =
		        inotify_add_watch(t->ino, t->dir, IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE);
	if (!t->dir[0] && t->wd_dir >= 0) {
		inotify_rm_watch(t->ino, t->wd_dir);
		t->wd_dir = -1;
	}
}

static void
setup_wait(struct follow_tail *t)
{
	sigset_t block;

	sar_live_catch_signals(!t->quiet_sigint);
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	/* Signals come only while asleep: none is missed between a look and a sleep. */
	sigprocmask(SIG_BLOCK, &block, &t->wait_mask);
	sigdelset(&t->wait_mask, SIGINT);
	sigdelset(&t->wait_mask, SIGTERM);
	t->wd_file = t->wd_dir = -1;
	t->ino = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
}

/* Sleeps until the file or its directory changes (FOLLOW_POLL_MS without inotify), or a signal. */
static void
wait_change(struct follow_tail *t)
{
	struct timespec poll_ts = {FOLLOW_POLL_MS / 1000, (FOLLOW_POLL_MS % 1000) * 1000000L};
	struct pollfd p = {t->ino, POLLIN, 0};
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));

	if (t->before_wait)
		t->before_wait(t->ctx);
	if (sar_live_stopped())
		return;
	if (t->ino < 0 || (t->wd_file < 0 && t->wd_dir < 0)) {
		ppoll(NULL, 0, &poll_ts, &t->wait_mask);
		return;
	}
	if (ppoll(&p, 1, NULL, &t->wait_mask) > 0)
		while (read(t->ino, buf, sizeof(buf)) > 0)
			;
}

/* A rejected record header is damage; a record cut short is read again when whole. */
static const struct walk_rules tail_rules = {WALK_BAD_FAILS, NULL, NULL};

/*
 * Walks to the end; the start is the last statistics record (or the end
 * when there is none, or where a record fails: the tail meets it there).
 */
static void
seek_last(struct follow_tail *t)
{
	struct archive_reader *r = &t->s->reader;
	uint64_t at = source_offset(r->src), last = UINT64_MAX;

	for (;;) {
		uint64_t off = source_offset(r->src);
		uint8_t type;

		if (walk_next(t->s, &t->pos, &tail_rules, -1, -1) <= 0)
			break;
		at = source_offset(r->src);
		type = t->pos.rec.hdr.record_type;
		if (type == SA_R_STATS || type == SA_R_LAST_STATS)
			last = off;
	}
	source_seek(r->src, last != UINT64_MAX ? last : at);
}

/*
 * A file sadc has just created, its header not all written yet, when it
 * was read (size: its size then; it may have grown since, in which case
 * the next try reads it whole).
 */
static bool
header_pending(off_t size, int rc)
{
	if (rc == ARCHIVE_E_TRUNCATED)
		return true;
	return rc == ARCHIVE_E_INVALID &&
	       (size_t) size < sizeof(struct sa_file_magic) + sizeof(struct sa_file_header);
}

/*
 * Today's daily file is not there yet (before sadc's first sample of the
 * day; the name is looked for again at each change, the day may change
 * meanwhile), or its header is still being written (size: the file's size
 * when it was opened): waits until it can be read. False, errno and
 * *ret_rc kept, for any other failure to open; exits 0 on a signal.
 */
static bool
wait_created(struct follow_tail *t, off_t size, int *ret_rc)
{
	char dir[sizeof(t->dir)], cur[sizeof(t->dir)];
	struct sar *s = t->s;
	int err = errno;
	bool today;

	dir_of(t->file, dir, sizeof(dir));
	today = !*ret_rc && err == ENOENT && today_name(dir, cur, sizeof(cur)) &&
	        !strcmp(cur, t->file);
	if (!today && !header_pending(size, *ret_rc)) {
		errno = err;
		return false;
	}
	fprintf(stderr, "%s: waiting for sadc to write '%s'\n", t->prog, t->file);
	if (t->ino >= 0)
		t->wd_dir = inotify_add_watch(t->ino, dir,
		                              IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY);
	do {
		wait_change(t);
		if (sar_live_stopped())
			sysrec_exit(0);
		if (today && today_name(dir, cur, sizeof(cur)))
			snprintf(t->file, sizeof(t->file), "%s", cur);
		s->fd = open_file(t->file, &s->reader, ret_rc, &size);
	} while (s->fd < 0 &&
	         ((today && !*ret_rc && errno == ENOENT) || header_pending(size, *ret_rc)));
	return s->fd >= 0;
}

void
follow_tail_open(struct follow_tail *t, struct sar *s, const char *file, const char *prog)
{
	off_t size = 0;
	int rc;

	t->s = s;
	t->prog = prog;
	t->ino = -1;
	snprintf(t->file, sizeof(t->file), "%s", file);
	memset(&s->reader, 0, sizeof(s->reader));
	setup_wait(t);
	s->fd = open_file(file, &s->reader, &rc, &size);
	if (s->fd < 0 && !wait_created(t, size, &rc))
		die_open(t, t->file, rc);
	s->r = &s->reader;
	decide_dir(t);
	watch(t);
	if (!t->before_start)
		seek_last(t);
}

/*
 * Midnight: when the next day's file is there (a file of that day: saDD of
 * last month is not), it takes over. Returns whether it did; false with
 * t->status set when it cannot be followed.
 */
static bool
next_day(struct follow_tail *t)
{
	struct archive_reader *r = &t->s->reader, n;
	const struct sa_file_header *h = &r->hdr;
	struct tm tm = {0};
	char path[sizeof(t->file)];
	time_t day;
	int fd, rc;

	tm.tm_year = h->sa_year;
	tm.tm_mon = h->sa_month;
	tm.tm_mday = h->sa_day + 1;
	tm.tm_hour = 12;
	day = timegm(&tm);
	if (!gmtime_r(&day, &tm) || datafile_daily_plain_name(path, sizeof(path), t->dir, &tm) < 0)
		return false;
	memset(&n, 0, sizeof(n));
	fd = open_file(path, &n, &rc, NULL);
	if (fd < 0)
		return false;
	if (n.hdr.sa_year != tm.tm_year || n.hdr.sa_month != tm.tm_mon ||
	    n.hdr.sa_day != tm.tm_mday) {
		archive_reader_release(&n);
		close(fd);
		return false;
	}
	if (!archive_can_read_on(r, &n)) {
		fprintf(stderr, "%s: '%s' holds other activities than '%s': --follow stops\n",
		        t->prog, path, t->file);
		archive_reader_release(&n);
		close(fd);
		t->status = 2;
		return false;
	}
	/* The reader goes on with the new source: its activities are the same. */
	source_free(r->src);
	close(t->s->fd);
	r->src = n.src;
	r->hdr = n.hdr;
	n.own_src = false;
	archive_reader_release(&n);
	t->s->fd = fd;
	snprintf(t->file, sizeof(t->file), "%s", path);
	t->fresh = true;
	watch(t);
	return true;
}

/* What the next day's file repeats: sadc's midnight sample, the same boot's restart. */
static bool
seen(const struct follow_tail *t, const struct archive_record *rec)
{
	uint8_t type = rec->hdr.record_type;

	if (type == SA_R_RESTART)
		return history_same_boot(t->last_ust, t->last_uptime, rec->hdr.ust_time,
		                         rec->hdr.uptime_cs);
	if (type != SA_R_STATS && type != SA_R_LAST_STATS)
		return false;
	return rec->hdr.ust_time < t->last_ust ||
	       (rec->hdr.ust_time == t->last_ust && rec->hdr.uptime_cs <= t->last_uptime);
}

/* Whether rec is returned: the start (-s) reached, nothing seen twice across midnight. */
static bool
keep(struct follow_tail *t, const struct archive_record *rec)
{
	uint8_t type = rec->hdr.record_type;
	bool stats = type == SA_R_STATS || type == SA_R_LAST_STATS;

	if (!t->started) {
		if (!stats || (t->before_start && t->before_start(t->ctx, &rec->hdr)))
			return false;
		t->started = true;
	} else if (t->fresh) {
		if (seen(t, rec))
			return false;
		if (stats)
			t->fresh = false;
	}
	if (stats) {
		t->last_ust = rec->hdr.ust_time;
		t->last_uptime = rec->hdr.uptime_cs;
	}
	return true;
}

bool
follow_tail_next(struct follow_tail *t, struct archive_record *ret)
{
	struct archive_reader *r = &t->s->reader;

	while (!sar_live_stopped() && !t->status) {
		uint64_t off = source_offset(r->src);
		int rc = walk_next(t->s, &t->pos, &tail_rules, -1, -1);

		if (rc > 0) {
			if (!keep(t, &t->pos.rec))
				continue;
			*ret = t->pos.rec;
			return true;
		}
		if (rc < 0 && rc != ARCHIVE_E_TRUNCATED) {
			char msg[8192];

			if (t->before_wait)
				t->before_wait(t->ctx);
			datafile_error_message(rc, t->file, &r->magic, msg, sizeof(msg));
			fputs(msg[0] ? msg : "Invalid data read\n", stderr);
			t->status = 2;
			break;
		}
		/* The end of the data, or a record not written whole yet: read it again later. */
		if (source_seek(r->src, off) < 0) {
			t->status = 2;
			break;
		}
		if (t->dir[0] && next_day(t))
			continue;
		wait_change(t);
	}
	return false;
}

void
follow_tail_release(struct follow_tail *t)
{
	if (t->ino >= 0)
		close(t->ino);
	t->ino = -1;
}

/* ---- sar --follow ---- */

static void
flush_out(void *ctx)
{
	struct sar *s = ctx;

	fflush(sar_fp(s));
}

static bool
sar_before_start(void *ctx, const struct sa_record_header *h)
{
	struct sar *s = ctx;
	struct tm tm;

	return sar_record_tm(s, h, &tm) && sar_cmp_limit(&s->o, false, &tm, h->ust_time, false) < 0;
}

/* A comment, with -C, as sar's file mode shows it (live.c shows the restarts). */
static void
print_comment(struct sar *s, const struct archive_record *rec)
{
	char ts[SAR_TS_LEN], line[sizeof(rec->comment) + 16];
	struct tm tm;

	if (!s->o.comments || !sar_record_tm(s, &rec->hdr, &tm))
		return;
	sar_time_string(s, &tm, ts, sizeof(ts));
	snprintf(line, sizeof(line), "  COM %s\n", rec->comment);
	sar_out_ts(s, ts);
	sar_out_special(s, SAR_SPECIAL_COMMENT, line);
}

static bool
feed_next(struct sar *s, void *ctx, struct archive_record *ret)
{
	struct follow_tail *t = ctx;

	while (follow_tail_next(t, ret)) {
		if (ret->hdr.record_type != SA_R_COMMENT)
			return true;
		print_comment(s, ret);
	}
	return false;
}

int
sar_report_follow(struct sar *s, const char *file)
{
	struct follow_tail t;
	struct sar_feed f = {feed_next, NULL, &t};
	uint32_t id;
	int status;

	memset(&t, 0, sizeof(t));
	t.ctx = s;
	t.before_wait = flush_out;
	if (s->o.use_start)
		t.before_start = sar_before_start;
	follow_tail_open(&t, s, file, "sar");
	status = sar_init_acts(s, file);
	if (status) {
		follow_tail_release(&t);
		return status;
	}
	/* What the file lacks is not shown (nor counted for the header's repetition). */
	for (id = 1; id <= A_ID_MAX; id++)
		if (s->o.outputs[id] && !archive_find(s->r, id))
			s->o.outputs[id] = 0;
	sar_xstats_init(s);
	sar_live_loop(s, &f);
	status = t.status;
	follow_tail_release(&t);
	return status;
}
