/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --use over a file (use.h): the passes over its records, the second
 * for the disks alone (a disk's await is judged against its median in the
 * window, known only after the first).
 */
#include <string.h>
#include <time.h>

#include "use_int.h"
#include "walk.h"
#include "common/source.h"
#include "common/banned.h"

/* A restart, or a record left out: no interval spans it. */
static void
use_gap(struct use *u)
{
	u->seq++;
}

/* The reader decodes what the feeders of the phase read, nothing else. */
static void
decode_for(struct sar *s, int phase)
{
	uint32_t i;

	for (i = 0; i < s->r->n_acts; i++) {
		const struct activity_desc *d = s->r->acts[i].desc;

		s->r->acts[i].ignore = !d || !use_reads_act(d->id, phase);
	}
}

/* A record's time against -s and -e: sar's, or UTC for sadf (as it shows times). */
static bool
window_tm(const struct sar *s, const struct sa_record_header *h, struct tm *ret)
{
	time_t t = (time_t) h->ust_time;

	if (s->o.use_utc && !s->o.true_time)
		return gmtime_r(&t, ret) != NULL;
	return sar_record_tm(s, h, ret);
}

/*
 * One pass over the records from fpos, feeding u. Returns 0, or the archive
 * error that ended it (what was read before it is in u).
 */
static int
walk(struct sar *s, struct use *u, uint64_t fpos)
{
	/* A rejected record header ends the file; a record cut short is an error. */
	static const struct walk_rules rules = {0, NULL, NULL};
	struct walk_pos w;
	const struct archive_record *rec = &w.rec;
	bool have_prev = false, fed = false;
	int rc, prev_hour = -1, ext_slot = -1;
	uint64_t prev_ust = 0;
	uint32_t i;

	rc = source_seek(s->r->src, fpos);
	if (rc < 0)
		return rc;
	memset(&w, 0, sizeof(w));
	decode_for(s, u->phase);
	s->r->want_ext = true;
	u->ext_ok[0] = u->ext_ok[1] = false;
	while ((rc = walk_next(s, &w, &rules, -1, -1)) > 0) {
		struct tm tm;

		if (rec->hdr.record_type == EXT_RECORD_TYPE) {
			if (ext_slot >= 0) {
				use_who(u, s, ext_slot, &w.hdr[ext_slot], fed);
				use_cgroups(u, ext_slot, fed);
			}
			ext_slot = -1;
			continue;
		}
		ext_slot = -1;
		if (rec->hdr.record_type == SA_R_RESTART) {
			have_prev = false;
			u->ext_ok[0] = u->ext_ok[1] = false;
			use_gap(u);
			continue;
		}
		if (rec->hdr.record_type == SA_R_COMMENT || !window_tm(s, &rec->hdr, &tm))
			continue;
		/* As sar does, a day is crossed only against an -s in hours. */
		if (s->o.use_start && !s->o.start_epoch && prev_hour >= 0 &&
		    rec->hdr.ust_time > prev_ust && tm.tm_hour < prev_hour)
			w.cross_day = true;
		prev_hour = tm.tm_hour;
		prev_ust = rec->hdr.ust_time;
		if (sar_cmp_limit(&s->o, false, &tm, rec->hdr.ust_time, false) < 0) {
			have_prev = false;
			u->ext_ok[0] = u->ext_ok[1] = false;
			continue;
		}
		if (sar_cmp_limit(&s->o, true, &tm, rec->hdr.ust_time, w.cross_day) > 0)
			break;
		for (i = 0; i < s->n_acts; i++)
			if (!s->r->acts[i].ignore && s->acts[i].fa->known_format)
				sar_copy_slot(&s->acts[i], &s->acts[i].slot[w.curr]);
		w.hdr[w.curr] = rec->hdr;
		u->ext_ok[w.curr] = false;
		fed = have_prev;
		if (have_prev)
			use_interval(u, s, !w.curr, w.curr, &w.hdr[!w.curr], &w.hdr[w.curr]);
		ext_slot = w.curr;
		have_prev = true;
		w.curr ^= 1;
	}
	s->r->want_ext = false;
	use_gap(u);
	return rc < 0 ? rc : 0;
}

/*
 * Both passes over the file open in s->r, into s->use. Returns 0, or the
 * archive error that ended the reading: the analysis then holds the records
 * before it, as sar's report shows the rows before it.
 */
static int
analyze_file(struct sar *s)
{
	/* Held by s, so that an exit on the way frees it with the report. */
	struct use *u = s->use = use_new(s);
	uint64_t fpos = source_offset(s->r->src), seq;
	int rc;

	u->phase = u->have[A_DISK] ? PHASE_MAIN : PHASE_ALL;
	seq = u->seq;
	rc = walk(s, u, fpos);
	if (u->phase == PHASE_MAIN) {
		size_t k;

		/* The same intervals again, under the same numbers, for the disks alone. */
		u->phase = PHASE_DISKS;
		u->seq = seq;
		for (k = 0; k < u->n_res; k++)
			if (u->res[k]->await_hist)
				u->res[k]->await_base = use_await_median(u, u->res[k]);
		walk(s, u, fpos);
	}
	return rc;
}

int
use_report_file(struct sar *s)
{
	int rc = analyze_file(s);

	sar_print_report_header(s);
	use_print(s->use, s);
	use_free(s->use);
	s->use = NULL;
	return rc;
}

int
use_json_file(struct sar *s, int tab, struct strbuf *out)
{
	int rc = analyze_file(s);

	use_json(s->use, tab, out);
	use_free(s->use);
	s->use = NULL;
	return rc;
}
