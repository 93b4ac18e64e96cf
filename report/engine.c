/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar's file mode: segments between LINUX RESTARTs, one pass over the
 * segment per activity output, rows against the previously displayed
 * record, averages against the segment's first record (doc/report.md §1).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "display.h"
#include "engine.h"
#include "render.h"
#include "use.h"
#include "walk.h"
#include "xstats.h"
#include "common/compat.h"
#include "common/datafile.h"
#include "common/history.h"
#include "common/numfmt.h"
#include "common/source.h"
#include "common/strbuf.h"
#include "common/sysexit.h"
#include "common/banned.h"

/*
 * The one place a failed report of file is told: the report so far
 * flushed, then the message (walk_message). Returns the exit status.
 */
static int
report_failed(struct sar *s, int rc, const char *file)
{
	char msg[8192];
	int status = walk_message(s, rc, file, msg, sizeof(msg));

	fflush(sar_fp(s));
	fputs(msg, stderr);
	return status;
}

/* ---- time ---- */

/* The displayed time of a record: local time, or with -t the creator's stored time. */
bool
sar_record_tm(const struct sar *s, const struct sa_record_header *h, struct tm *ret)
{
	time_t t = (time_t) h->ust_time;

	if (!localtime_r(&t, ret))
		return false;
	if (s->o.true_time) {
		ret->tm_hour = h->hour;
		ret->tm_min = h->minute;
		ret->tm_sec = h->second;
	}
	return true;
}

void
sar_time_string(const struct sar *s, const struct tm *tm, char *out, size_t len)
{
	if (!strftime(out, len, s->o.iso_time ? "%H:%M:%S" : "%X", tm))
		out[0] = '\0';
}

int
sar_datecmp(const struct tm *tm, int h, int m, int sec, bool cross_day)
{
	int hour = tm->tm_hour + (cross_day ? 24 : 0);

	if (hour != h)
		return hour - h;
	if (tm->tm_min != m)
		return tm->tm_min - m;
	return tm->tm_sec - sec;
}

int
sar_cmp_limit(const struct sar_opts *o, bool end, const struct tm *tm, uint64_t ust,
              bool cross_day)
{
	int64_t epoch = end ? o->end_epoch : o->start_epoch;

	if (!(end ? o->use_end : o->use_start))
		return 0;
	/* sysstat returns the difference of two time_t as an int: it keeps the low 32 bits. */
	if (epoch)
		return (int) (uint32_t) (ust - (uint64_t) epoch);
	if (end)
		return sar_datecmp(tm, o->end_h, o->end_m, o->end_s, cross_day);
	return sar_datecmp(tm, o->start_h, o->start_m, o->start_s, cross_day);
}

uint64_t
sar_interval_of(const struct sa_record_header *prev, const struct sa_record_header *curr)
{
	uint64_t itv = curr->uptime_cs - prev->uptime_cs;

	return itv ? itv : 1;
}

/* Seconds between two uptimes, rounded as sysstat does (f*10 - int*10 >= 5). */
static unsigned long
rounded_seconds(uint64_t from, uint64_t to)
{
	double f = (double) ((to - from) & 0xffffffff) / 100;
	unsigned long n = (unsigned long) f;

	if (f * 10 - (double) n * 10 >= 5)
		n++;
	return n;
}

/* sysstat keeps the bounds and the multiples of the interval in ints: the low 32 bits. */
static int32_t
low32(uint64_t v)
{
	return (int32_t) (uint32_t) v;
}

bool
sar_next_slice(long interval, uint64_t *last_uptime, bool reset, uint64_t ref, uint64_t uptime)
{
	uint64_t file_interval, entry, iv = (uint64_t) interval;
	int32_t min, max, pt1, pt2;

	if (!*last_uptime || reset)
		*last_uptime = ref;
	file_interval = rounded_seconds(*last_uptime, uptime);
	*last_uptime = uptime;
	if (interval <= 1)
		return true;
	entry = rounded_seconds(ref, uptime);
	/* As sysstat computes them, in unsigned long, then kept as ints (an interval of 2^32 + 1 is 1). */
	min = low32(entry - file_interval / 2);
	max = low32(entry + file_interval / 2 + (file_interval & 1));
	pt1 = low32(entry / iv * iv);
	pt2 = low32((entry / iv + 1) * iv);
	return (pt1 >= min && pt1 < max) || (pt2 >= min && pt2 < max);
}

/* ---- slots ---- */

/*
 * Grows the three slots of an activity together, the new bytes zero, as
 * sysstat grows an activity's three buffers at once: then what a slot holds
 * past the items of its last read is what sysstat's buffer holds there
 * (items of an earlier record, shown when a per-CPU view raises nr_ini).
 * Out of memory, the slots stay as they are (the caller reports it).
 */
static void
grow_slots(struct sar_act *a, size_t need)
{
	int k;

	for (k = 0; k < 3; k++) {
		struct sar_slot *sl = &a->slot[k];
		unsigned char *p;

		if (sl->cap >= need)
			continue;
		p = realloc(sl->items, need);
		if (!p)
			return;
		memset(p + sl->cap, 0, need - sl->cap);
		sl->items = p;
		sl->cap = need;
		sl->gen++;
	}
}

/* The items of the record last read: in the slot walk_next() read them into, or the reader's. */
static const unsigned char *
read_items_of(const struct sar_act *a)
{
	if (a->in_slot && a->in_slot_read == a->fa->n_decoded)
		return a->slot[a->in_slot - 1].items;
	return a->fa->buf;
}

void
sar_copy_slot(struct sar_act *a, struct sar_slot *dst)
{
	const struct archive_act *fa = a->fa;
	const unsigned char *src;
	size_t size = a->desc->size;
	size_t n = (size_t) fa->nr * (size_t) fa->fa.nr2;
	size_t keep = n;
	size_t need, i;

	/* Per-CPU slots past those read are offline CPUs: zero. */
	if ((a->desc->flags & AF_PERSISTENT) && (size_t) a->nr_ini * (size_t) fa->fa.nr2 > keep)
		keep = (size_t) a->nr_ini * (size_t) fa->fa.nr2;
	need = keep * size;
	grow_slots(a, need);
	if (need > dst->cap) {
		dst->items = sysrec_realloc(dst->items, need);
		dst->cap = need;
	}
	src = read_items_of(a); /* after the growth, which may move the slots */
	if (src == dst->items) {
		/* Read in place by walk_next(). */
	} else if (n > 0 && fa->msize == size) {
		memcpy(dst->items, src, n * size);
	} else {
		for (i = 0; i < n; i++)
			memcpy(dst->items + i * size, src + i * fa->msize, size);
	}
	if (keep > n)
		memset(dst->items + n * size, 0, (keep - n) * size);
	dst->nr = fa->nr;
	dst->gen++;
}

void
sar_copy_slot_from(struct sar_slot *dst, const struct sar_slot *src)
{
	if (src->cap > dst->cap) {
		dst->items = sysrec_realloc(dst->items, src->cap);
		dst->cap = src->cap;
	}
	if (src->cap)
		memcpy(dst->items, src->items, src->cap);
	dst->nr = src->nr;
	dst->gen++;
}

void
sar_slot_reserve(const struct sar_act *a, struct sar_slot *sl, uint32_t n)
{
	size_t need = (size_t) n * (size_t) a->fa->fa.nr2 * a->desc->size;
	unsigned char *p;

	if (need <= sl->cap)
		return;
	p = sysrec_realloc(sl->items, need);
	memset(p + sl->cap, 0, need - sl->cap);
	sl->items = p;
	sl->cap = need;
}

/* ---- special records ---- */

static bool
in_window(const struct sar *s, const struct tm *tm, uint64_t ust)
{
	return !(sar_cmp_limit(&s->o, false, tm, ust, false) < 0 ||
	         sar_cmp_limit(&s->o, true, tm, ust, false) > 0);
}

static void
print_special(struct sar *s, const struct archive_record *rec)
{
	char ts[SAR_TS_LEN], line[sizeof(rec->comment) + 16];
	struct tm tm;
	bool shown;
	uint32_t i;

	if (!sar_record_tm(s, &rec->hdr, &tm))
		return;
	shown = in_window(s, &tm, rec->hdr.ust_time);
	sar_time_string(s, &tm, ts, sizeof(ts));
	if (rec->hdr.record_type == SA_R_RESTART) {
		/* Per-CPU activities now have the new CPU count. */
		for (i = 0; i < s->n_acts; i++)
			if ((s->acts[i].desc->flags & AF_PERSISTENT) && s->acts[i].nr_ini > 0)
				s->acts[i].nr_ini = rec->restart_cpu_nr;
		if (!shown)
			return;
		snprintf(line, sizeof(line), "  LINUX RESTART\t(%d CPU)\n",
		         rec->restart_cpu_nr > 1 ? rec->restart_cpu_nr - 1 : 1);
		sar_out_nl(s);
		sar_out_ts(s, ts);
		sar_out_special(s, SAR_SPECIAL_RESTART, line);
	} else if (shown && s->o.comments) {
		snprintf(line, sizeof(line), "  COM %s\n", rec->comment);
		sar_out_ts(s, ts);
		sar_out_special(s, SAR_SPECIAL_COMMENT, line);
	}
}

/* How sar reads: 12.7.5 ends at any record the reader rejects (walk.h). */
static const struct walk_rules sar_rules = {WALK_1275_ANY_BAD, NULL, NULL};


/* ---- one pass of one view over the segment ---- */

/*
 * Whether the interval ending at the current record is shown (-i, -e),
 * with the time strings set and counted in the block; after -e the pass
 * ends (cnt 0).
 */
/* Whether strftime()'s %X gives what %H:%M:%S gives, at two times that tell the forms apart. */
static bool
x_is_hms(void)
{
	static const int probe[2][3] = {{13, 4, 5}, {9, 8, 7}};
	char x[32], hms[32];
	unsigned i;

	for (i = 0; i < 2; i++) {
		struct tm tm = {.tm_hour = probe[i][0],
		                .tm_min = probe[i][1],
		                .tm_sec = probe[i][2],
		                .tm_mday = 1,
		                .tm_year = 100};

		if (!strftime(x, sizeof(x), "%X", &tm) || !strftime(hms, sizeof(hms), "%T", &tm) ||
		    strcmp(x, hms))
			return false;
	}
	return true;
}

/* sar_time_string() of tm into out (SAR_TS_LEN bytes), written by hand where %X is hh:mm:ss. */
static void
time_string(struct sar *s, const struct tm *tm, char *out, size_t len)
{
	if (!s->x_is_hms)
		s->x_is_hms = (signed char) (x_is_hms() ? 1 : -1);
	if ((!s->o.iso_time && s->x_is_hms < 0) || len < 9 || (unsigned) tm->tm_hour > 23 ||
	    (unsigned) tm->tm_min > 59 || (unsigned) tm->tm_sec > 60) {
		sar_time_string(s, tm, out, len);
		return;
	}
	numfmt_hms(out, tm->tm_hour, tm->tm_min, tm->tm_sec);
}

/*
 * sar_record_tm() and sar_time_string() of h into *ret and out, through
 * s->tcache: the fields they depend on are the record's time and, with
 * -t, its stored hour, minute and second.
 */
static bool
record_time(struct sar *s, const struct sa_record_header *h, struct tm *ret, char *out, size_t len)
{
	struct sar_time_cache *c = NULL;
	unsigned i;

	for (i = 0; i < 2 && !c; i++)
		if (s->tcache[i].valid && s->tcache[i].ust_time == h->ust_time &&
		    s->tcache[i].hour == h->hour && s->tcache[i].minute == h->minute &&
		    s->tcache[i].second == h->second)
			c = &s->tcache[i];
	if (!c) {
		c = &s->tcache[s->tcache_next];
		s->tcache_next ^= 1;
		c->valid = false;
		if (!sar_record_tm(s, h, &c->tm))
			return false;
		time_string(s, &c->tm, c->str, sizeof(c->str));
		c->ust_time = h->ust_time;
		c->hour = h->hour;
		c->minute = h->minute;
		c->second = h->second;
		c->valid = true;
	}
	*ret = c->tm;
	str_copy(out, len, c->str, sizeof(c->str));
	return true;
}

static bool
interval_shown(struct sar *s, struct walk_pos *p)
{
	const struct sa_record_header *cur = &p->hdr[p->curr], *prev = &p->hdr[!p->curr];
	struct tm tm;
	int prev_hour;

	if (!sar_next_slice(s->o.interval, &p->last_uptime, p->reset, p->hdr[2].uptime_cs,
	                    cur->uptime_cs))
		return false;
	if (!record_time(s, prev, &tm, s->ts_prev, sizeof(s->ts_prev)))
		return false;
	prev_hour = tm.tm_hour;
	if (!record_time(s, cur, &tm, s->ts_curr, sizeof(s->ts_curr)))
		return false;
	/* A day is crossed only against an -s in hours (12.7.5: not one in seconds since the epoch). */
	if (s->o.use_start && !s->o.start_epoch && prev->ust_time &&
	    cur->ust_time > prev->ust_time && tm.tm_hour < prev_hour)
		p->cross_day = true;
	if (sar_cmp_limit(&s->o, true, &tm, cur->ust_time, p->cross_day) > 0) {
		p->cnt = 0;
		return false;
	}
	s->avg_count++;
	return true;
}

/*
 * Where the day changes in a report of several files (history.h): a blank
 * line and the banner of the new day's file, then the view's header again.
 */
static void
day_banner(struct sar *s, const struct sa_file_header *h)
{
	fputc('\n', sar_fp(s));
	sar_print_banner(s, h);
	s->dish = true;
}

static bool
write_stats(struct sar *s, struct walk_pos *p, struct sar_act *a, const struct sar_view *v,
            const struct sa_file_header *banner)
{
	if (!interval_shown(s, p) || a->slot[p->curr].nr == 0)
		return false;
	if (banner)
		day_banner(s, banner);
	v->print(s, a, &a->slot[!p->curr], &a->slot[p->curr],
	         sar_interval_of(&p->hdr[!p->curr], &p->hdr[p->curr]));
	return true;
}

static void
write_avg(struct sar *s, struct walk_pos *p, struct sar_act *a, const struct sar_view *v, int last)
{
	snprintf(s->ts_curr, sizeof(s->ts_curr), "%s", sar_label_average());
	snprintf(s->ts_prev, sizeof(s->ts_prev), "%s", sar_label_average());
	sar_xstats_avg_begin(s, v, a);
	if (a->slot[last].nr > 0 && v->print_avg)
		v->print_avg(s, a, &a->slot[2], &a->slot[last],
		             sar_interval_of(&p->hdr[2], &p->hdr[last]));
	sar_xstats_avg_end(s);
	s->avg_count = 0;
}

/*
 * Average states from this size up are mapped, not allocated: the largest
 * (the USB summary, 5.8 MB; the sensors', the CPU frequencies', softnet's,
 * 64 to 100 kB each) are sized for the most items a file can hold and
 * mostly never written. A new mapping's pages take no memory until they
 * are, where malloc would hand back a used block and calloc clear it whole
 * at every reset: 460 kB of sadf -d -- -A's resident memory went there.
 */
#define AVG_MAP_MIN ((size_t) 64 << 10)

static void
avg_release(struct sar_act *a)
{
	if (a->avg_mapped)
		munmap(a->avg, a->avg_cap);
	else
		free(a->avg);
	a->avg = NULL;
	a->avg_cap = 0;
	a->avg_mapped = false;
}

void
sar_reset_avg(struct sar_act *a, const struct sar_view *v)
{
	size_t size = v->avg_size > a->avg_cap ? v->avg_size : a->avg_cap;
	void *p;

	avg_release(a);
	if (!size)
		return;
	if (size >= AVG_MAP_MIN) {
		p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			sysrec_nomem();
		a->avg_mapped = true;
	} else {
		p = sysrec_calloc(1, size);
	}
	a->avg = p;
	a->avg_cap = size;
}

/* Rows between headers: the terminal's height - 2, or 86400 when not a terminal. */
unsigned long
sar_window_rows(void)
{
	struct winsize w;

	const char *e;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) != -1)
		return w.ws_row > 2 ? w.ws_row - 2u : 86400;
	/* 12.7.5: S_REPEAT_HEADER rows when stdout is not a terminal. */
	e = getenv("S_REPEAT_HEADER");
	if (flavour_1275() && e && strspn(e, "0123456789") == strlen(e)) {
		/* sysstat keeps atol()'s value in an int. */
		int v = (int) (uint32_t) strtol(e, NULL, 10);

		if (v > 0)
			return (unsigned long) v;
	}
	return 86400;
}

/* Per-CPU views count one line per selected CPU (0 for the others). */
static unsigned long
cpu_lines(const struct sar *s, const struct sar_view *v)
{
	unsigned long n = 0;
	size_t k;

	if (!(v->flags & SAR_VF_CPU_BITMAP))
		return 0;
	for (k = 0; k < sizeof(s->o.cpu_bitmap); k++)
		n += (unsigned long) __builtin_popcount(s->o.cpu_bitmap[k]);
	return n;
}

/* Where a pass of one view stands (handle_view). */
struct view_pass {
	struct sar *s;
	struct walk_pos *p;
	struct sar_act *a;
	const struct sar_view *v;
	unsigned long lines, rows, inc;
	bool displayed;
	size_t part; /* the file (of a history) of the last row shown */
};

/* As sysstat does, the header flag is updated by every read, even the last. */
static void
view_after_read(void *ctx, bool more)
{
	struct view_pass *vp = ctx;

	(void) more;
	vp->s->dish = vp->lines == 0 || vp->lines >= vp->rows;
	if (vp->s->dish)
		vp->lines = 0;
}

static void
view_comment(void *ctx)
{
	struct view_pass *vp = ctx;

	print_special(vp->s, &vp->p->rec);
	if (vp->s->o.comments && vp->lines)
		vp->lines++;
}

static bool
view_record(void *ctx)
{
	struct view_pass *vp = ctx;
	struct sar *s = vp->s;
	struct walk_pos *p = vp->p;
	struct sar_act *a = vp->a;
	size_t now = s->hist ? history_part_at(s->hist, p->rec.offset) : 0;

	p->hdr[p->curr] = p->rec.hdr;
	sar_copy_slot(a, &a->slot[p->curr]);
	walk_read_persistent(s, p->curr, a);
	if (!write_stats(s, p, a, vp->v, now != vp->part ? &s->hist->parts[now].hdr : NULL))
		return false;
	vp->displayed = true;
	if (now != vp->part)
		vp->lines = 0;
	vp->part = now;
	/* The rows of the record that is now the reference. */
	vp->lines += vp->inc ? vp->inc : a->slot[!p->curr].nr;
	return true;
}

/* One pass of view v of activity a over the segment at fpos: 0, or a failed read's status. */
static int
handle_view(struct sar *s, struct walk_pos *p, struct sar_act *a, const struct sar_view *v,
            uint64_t fpos)
{
	struct view_pass vp = {s, p, a, v, 0, sar_window_rows(), cpu_lines(s, v), false, 0};
	struct walk_pass w = {&sar_rules, true, view_after_read, view_comment, NULL, view_record, &vp};
	uint32_t i;
	int rc;

	/* The file of the segment's first record. */
	vp.part = s->hist ? history_part_at(s->hist, fpos - 1) : 0;
	rc = source_seek(s->r->src, fpos);
	if (rc < 0)
		return rc;
	p->eof = false;
	/* The segment's first record is the reference of the first row. */
	sar_copy_slot_from(&a->slot[!p->curr], &a->slot[2]);
	for (i = 0; i < s->n_acts; i++)
		if (&s->acts[i] != a && walk_keeps_buffers(s, &s->acts[i]))
			sar_copy_slot_from(&s->acts[i].slot[!p->curr], &s->acts[i].slot[2]);
	p->hdr[!p->curr] = p->hdr[2];
	p->cnt = s->o.count;
	p->cross_day = false;
	s->view_opt = v->opt;
	s->view_act = v->act_id;
	sar_reset_avg(a, v);
	walk_decode(s, a, 0);
	rc = walk_pass(s, p, &w);
	if (rc < 0)
		return rc;
	if (vp.displayed)
		write_avg(s, p, a, v, !p->curr);
	return 0;
}

/* ---- --proc and --cgroup: a pass of their own after sysstat's views ---- */

/* The pass reads the extension records and decodes none of sysstat's activities. */
static void
who_reading(struct sar *s, bool on)
{
	uint32_t i;

	for (i = 0; i < s->r->n_acts; i++)
		s->r->acts[i].ignore = on;
	s->r->want_ext = on;
}

/*
 * After a statistics record: its extension record into slot k when it is
 * the next record. Another record is left to be read again (the pass may
 * end before it: a LINUX RESTART must stay for the caller). Returns 1,
 * 0 at the end of the file, or a failed read's status.
 */
static int
take_ext(struct sar *s, struct walk_pos *p, int k)
{
	int rc = walk_next(s, p, &sar_rules, -1, -1);

	if (rc > 0 && p->rec.hdr.record_type == EXT_RECORD_TYPE) {
		sar_who_take(s, k);
		return 1;
	}
	sar_who_clear(s, k);
	if (rc > 0) {
		int sk = source_seek(s->r->src, p->rec.offset);

		if (sk < 0)
			return sk;
		p->rec.hdr.record_type = SA_R_STATS;
	}
	return rc;
}

/* One pass of --proc or --cgroup over the segment at fpos. Returns 0, or a failed read's status. */
static int
handle_who(struct sar *s, struct walk_pos *p, enum sar_who_kind kind, uint64_t fpos)
{
	bool displayed = false;
	int rc, more;

	rc = source_seek(s->r->src, fpos);
	if (rc < 0)
		return rc;
	p->eof = false;
	p->hdr[!p->curr] = p->hdr[2];
	p->cnt = s->o.count;
	p->cross_day = false;
	s->view_opt = 0;
	s->view_act = 0;
	sar_who_reset_avg(s);
	who_reading(s, true);
	/* The segment's first record, the reference of the first row, has its own just here. */
	rc = take_ext(s, p, !p->curr);
	if (rc < 0)
		return rc;
	while ((rc = walk_next(s, p, &sar_rules, -1, -1)) > 0 &&
	       p->rec.hdr.record_type != SA_R_RESTART) {
		if (p->rec.hdr.record_type == SA_R_COMMENT)
			print_special(s, &p->rec);
		if (p->rec.hdr.record_type != SA_R_STATS)
			continue;
		p->hdr[p->curr] = p->rec.hdr;
		more = take_ext(s, p, p->curr);
		if (more < 0)
			return more;
		if (interval_shown(s, p) && sar_who_has(s, p->curr, kind)) {
			sar_who_print(s, kind, !p->curr, p->curr, &p->hdr[!p->curr],
			              &p->hdr[p->curr], s->r->hdr.sa_hz);
			if (p->cnt > 0)
				p->cnt--;
			displayed = true;
			p->curr ^= 1;
		}
		p->reset = false;
		if (!more || !p->cnt)
			break;
	}
	if (rc < 0)
		return rc;
	who_reading(s, false);
	if (displayed) {
		snprintf(s->ts_curr, sizeof(s->ts_curr), "%s", sar_label_average());
		snprintf(s->ts_prev, sizeof(s->ts_prev), "%s", sar_label_average());
		sar_who_print_avg(s, kind);
		s->avg_count = 0;
	}
	p->reset = true;
	return 0;
}

static bool
any_view_selected(const struct sar *s)
{
	uint32_t i;

	for (i = 0; i < s->n_acts; i++)
		if (walk_selected(s, &s->acts[i]))
			return true;
	return false;
}

/*
 * The passes of --proc and --cgroup. After sysstat's views, the file is
 * left where their last pass left it, so that what follows (the count's
 * skip to the next restart, the next segment) is what sysstat does.
 * Returns 0, or a failed read's status.
 */
static int
report_who(struct sar *s, struct walk_pos *p, uint64_t fpos)
{
	struct walk_pos saved = *p;
	uint64_t pos = source_offset(s->r->src);
	bool views = any_view_selected(s);
	int rc = 0;

	if (s->o.proc)
		rc = handle_who(s, p, SAR_WHO_PROC, fpos);
	if (rc == 0 && s->o.cgroup)
		rc = handle_who(s, p, SAR_WHO_CGROUP, fpos);
	if (rc < 0 || !views || (!s->o.proc && !s->o.cgroup))
		return rc;
	*p = saved;
	return source_seek(s->r->src, pos);
}

/*
 * Whether the file holds what --proc and --cgroup ask for: read until the
 * first extension record that has it (the first record's, in a file
 * collected with them), then back to where the records start. What is
 * missing is not asked for any more; nothing left at all is sar's exit 1.
 * Returns 0; 1 with that message; or a failed seek's status.
 */
static int
check_who(struct sar *s, const char *file)
{
	static const struct walk_rules rules = {0, NULL, NULL};
	uint64_t start = source_offset(s->r->src);
	struct walk_pos p;
	bool proc = false, cg = false;
	int rc;

	if (!s->o.proc && !s->o.cgroup)
		return 0;
	memset(&p, 0, sizeof(p));
	who_reading(s, true);
	while ((s->o.proc && !proc) || (s->o.cgroup && !cg)) {
		if (walk_next(s, &p, &rules, -1, -1) <= 0)
			break; /* a bad record is the report's to meet */
		if (p.rec.hdr.record_type == EXT_RECORD_TYPE) {
			proc = proc || s->r->ext.has_proc;
			cg = cg || s->r->ext.has_cgroup;
		}
	}
	who_reading(s, false);
	rc = source_seek(s->r->src, start);
	if (rc < 0)
		return rc;
	if ((s->o.proc && proc) || (s->o.cgroup && cg) || any_view_selected(s)) {
		s->o.proc = s->o.proc && proc;
		s->o.cgroup = s->o.cgroup && cg;
		return 0;
	}
	fprintf(stderr, "sar: no %s in '%s' (it was collected without sadc -S %s)\n",
	        s->o.proc && s->o.cgroup ? "processes or cgroups" : s->o.proc ? "processes" : "cgroups",
	        file, s->o.proc && s->o.cgroup ? "PROCESS,CGROUP" : s->o.proc ? "PROCESS" : "CGROUP");
	return 1;
}

/* ---- the file ---- */

bool
sar_now_tm(struct tm *ret)
{
	const char *deftm = getenv("S_TIME_DEF_TIME");
	time_t now = time(NULL);

	if (deftm && !strcmp(deftm, "UTC"))
		return gmtime_r(&now, ret) != NULL;
	return localtime_r(&now, ret) != NULL;
}

void
sar_print_report_header(struct sar *s)
{
	sar_print_banner(s, &s->r->hdr);
}

void
sar_print_banner(struct sar *s, const struct sa_file_header *h)
{
	time_t t = (time_t) h->sa_ust_time;
	char date[64];
	struct tm tm;

	memset(&tm, 0, sizeof(tm));
	if (s->o.true_time) {
		/*
		 * sysstat starts from the current time (in UTC with
		 * S_TIME_DEF_TIME=UTC) and puts the file's date at midnight in
		 * it: mktime() reads today's DST flag as the file date's, so a
		 * summer flag on a winter date shows the day before.
		 */
		sar_now_tm(&tm);
		tm.tm_mday = h->sa_day;
		tm.tm_mon = h->sa_month;
		tm.tm_year = h->sa_year;
		tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
		mktime(&tm);
	} else {
		localtime_r(&t, &tm);
	}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-y2k"
	if (!strftime(date, sizeof(date), s->o.iso_time ? "%Y-%m-%d" : "%x", &tm))
		date[0] = '\0';
#pragma GCC diagnostic pop
	fprintf(sar_fp(s), "%s %s (%s) \t%s \t_%s_\t(%d CPU)\n", h->sa_sysname, h->sa_release,
	        h->sa_nodename, date, h->sa_machine, h->sa_cpu_nr > 1 ? (int) h->sa_cpu_nr - 1 : 1);
}

/* What find_segment_start() hands walk_find_segment(). */
struct find_ctx {
	struct sar *s;
	struct walk_pos *p;
};

/* sar prints a RESTART, and a comment with -C, wherever it meets one. */
static void
find_special(void *ctx)
{
	struct find_ctx *c = ctx;

	print_special(c->s, &c->p->rec);
}

/* Before -s, or at or past -e: 12.6.1 skips a first record at the end time; 12.7.5 takes it. */
static bool
find_outside(void *ctx)
{
	struct find_ctx *c = ctx;
	struct sar *s = c->s;
	const struct sa_record_header *h = &c->p->rec.hdr;
	struct tm tm;
	int end_cmp;

	if (!sar_record_tm(s, h, &tm))
		return true;
	end_cmp = sar_cmp_limit(&s->o, true, &tm, h->ust_time, false);
	return sar_cmp_limit(&s->o, false, &tm, h->ust_time, false) < 0 ||
	       (s->o.use_end && (flavour_1275() ? end_cmp > 0 : end_cmp >= 0));
}

/*
 * Reads up to the first statistics record of the next segment, printing
 * special records (walk_find_segment's status).
 */
static int
find_segment_start(struct sar *s, struct walk_pos *p)
{
	struct find_ctx c = {s, p};
	struct walk_find f = {&sar_rules, true, find_special, find_outside, &c};

	return walk_find_segment(s, p, &f);
}

/* After `count` lines: skip to the next LINUX RESTART, printing comments (walk_next's status). */
static int
skip_to_restart(struct sar *s, struct walk_pos *p)
{
	int rc;

	while ((rc = walk_next(s, p, &sar_rules, p->curr, -1)) > 0) {
		if (p->rec.hdr.record_type == SA_R_RESTART)
			break;
		if (p->rec.hdr.record_type == SA_R_COMMENT)
			print_special(s, &p->rec);
		else
			walk_read_persistent(s, p->curr, NULL);
	}
	return rc;
}

/* Every pass over the segment at fpos: each selected view, then --proc and --cgroup. */
static int
report_segment(struct sar *s, struct walk_pos *p, uint64_t fpos)
{
	size_t k;
	uint32_t i;
	int rc;

	for (i = 0; i < s->n_acts; i++) {
		struct sar_act *a = &s->acts[i];

		if (!walk_selected(s, a))
			continue;
		for (k = 0; k < sar_view_count(); k++) {
			const struct sar_view *v = sar_view_at(k);

			if (v && v->act_id == a->desc->id && (s->o.outputs[a->desc->id] & v->opt) &&
			    (rc = handle_view(s, p, a, v, fpos)) < 0)
				return rc;
		}
	}
	rc = report_who(s, p, fpos);
	walk_decode(s, NULL, WALK_DECODE_EVERY);
	return rc;
}

int
sar_init_acts(struct sar *s, const char *file)
{
	uint32_t i, n_sel = 0;

	s->n_acts = s->r->n_acts;
	s->acts = sysrec_calloc(s->n_acts ? s->n_acts : 1, sizeof(*s->acts));
	s->persist_ok = false;
	for (i = 0; i < s->n_acts; i++) {
		struct sar_act *a = &s->acts[i];

		a->fa = &s->r->acts[i];
		a->desc = a->fa->desc ? a->fa->desc : activity_at(0);
		a->nr_ini = a->fa->fa.nr;
		if (a->fa->desc && s->o.outputs[a->fa->desc->id])
			n_sel++;
	}
	if (!n_sel && !s->o.proc && !s->o.cgroup) {
		fprintf(stderr, _("Requested activities not available in file %s\n"), file);
		return 1;
	}
	return 0;
}

static int report_source(struct sar *s, struct source *src, const char *file);

int
sar_report_file(struct sar *s, const char *file, bool default_file)
{
	struct source *src;
	int fd, rc;

	fd = open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return datafile_open_failed(errno, file, default_file);
	s->r = &s->reader;
	s->fd = fd;
	rc = source_open_fd(fd, &src);
	if (rc < 0)
		return report_failed(s, rc, file);
	return report_source(s, src, file);
}

static int report_of(struct sar *s, struct source *src, const char *file);

/* The report of the file behind src, named file in messages: 0, or its failure's exit status. */
static int
report_source(struct sar *s, struct source *src, const char *file)
{
	int rc = report_of(s, src, file);

	return rc < 0 ? report_failed(s, rc, file) : rc;
}

/*
 * report_source() but the message of a failed read: 0, the status of a
 * failed read (< 0), or an exit status (> 0) whose message is told.
 */
static int
report_of(struct sar *s, struct source *src, const char *file)
{
	struct archive_reader *reader = &s->reader;
	struct walk_pos p;
	int rc;

	s->r = reader;
	/* Old formats (0x2171, 0x2173) read as their conversion by sadf -c. */
	reader->convert_old = true;
	rc = archive_open(reader, src, true);
	if (rc == 1)
		rc = ARCHIVE_E_FORMAT;
	if (rc == 0)
		rc = archive_read_header(reader, false);
	if (rc < 0)
		return rc;
	rc = sar_init_acts(s, file);
	if (rc)
		return rc;
	if (s->o.use)
		return use_report_file(s);
	rc = check_who(s, file);
	if (rc)
		return rc;
	sar_xstats_init(s);
	sar_print_report_header(s);
	memset(&p, 0, sizeof(p));
	p.curr = 1;
	while ((rc = find_segment_start(s, &p)) > 0) {
		uint64_t fpos = source_offset(s->r->src);

		p.reset = true;
		rc = report_segment(s, &p, fpos);
		if (rc == 0 && p.cnt == 0 && !p.eof)
			rc = skip_to_restart(s, &p);
		if (rc < 0)
			return rc;
		if (!p.eof && p.rec.hdr.record_type == SA_R_RESTART)
			print_special(s, &p.rec);
		if (p.eof)
			break;
	}
	return rc < 0 ? rc : 0;
}

/* What one report holds of its file: freed before the next report of a history, and at the end. */
static void
forget_file(struct sar *s)
{
	uint32_t i;
	int k;

	for (i = 0; s->acts && i < s->n_acts; i++) {
		for (k = 0; k < 3; k++) {
			free(s->acts[i].slot[k].items);
			sar_slot_index_free(s->acts[i].slot[k].index);
		}
		avg_release(&s->acts[i]);
	}
	free(s->acts);
	s->acts = NULL;
	s->n_acts = 0;
	s->persist_ok = false;
	sar_xstats_release(s);
	use_free(s->use);
	s->use = NULL;
	sar_who_free(s->who);
	s->who = NULL;
	archive_reader_release(&s->reader);
	s->r = NULL;
}

int
sar_report_history(struct sar *s, const struct history *h)
{
	size_t i;

	for (i = 0; i < h->n_reports; i++) {
		const struct history_report *hr = &h->reports[i];
		struct source *src;
		int rc = history_report_open(hr, &src);

		s->r = &s->reader;
		if (rc < 0)
			return report_failed(s, rc, hr->parts[0].file);
		if (i > 0) {
			forget_file(s);
			fputc('\n', sar_fp(s));
		}
		s->hist = hr;
		/* Only the last file can end in a truncation: messages name it. */
		rc = report_source(s, src, hr->parts[hr->n_parts - 1].file);
		s->hist = NULL;
		if (rc)
			return rc;
	}
	return 0;
}

void
sar_release(struct sar *s)
{
	forget_file(s);
	sar_disk_names_free(s->disk_names);
	s->disk_names = NULL;
	strbuf_release(&s->o.dev_list);
	strbuf_release(&s->o.fs_list);
	strbuf_release(&s->o.iface_list);
	strbuf_release(&s->o.int_list);
	strbuf_release(&s->o.use_limits);
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}
