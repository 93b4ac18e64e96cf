/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The steps through a file's records shared by every report (walk.h).
 */

#include <string.h>

#include "walk.h"
#include "common/compat.h"
#include "common/datafile.h"
#include "common/nls.h"
#include "common/source.h"
#include "common/banned.h"

/* The slot of activity i that read_record() lends to the reader, or -1. */
static int
lent_slot(const struct sar *s, uint32_t i, int k_percpu, int k_other)
{
	const struct sar_act *a = &s->acts[i];

	/* Not decoded (most, in a pass over one activity); a slot holds items of sysstat's size. */
	if (s->r->acts[i].ignore || !walk_selected(s, a) || s->r->acts[i].msize != a->desc->size)
		return -1;
	return (a->desc->flags & AF_PERSISTENT) ? k_percpu : k_other;
}

/* Exchanges the storage of slot sl with the reader's buffer of the activity (archive.h). */
static void
exchange_storage(struct archive_act *fa, struct sar_slot *sl)
{
	unsigned char *items = sl->items;
	size_t cap = sl->cap;

	sl->items = fa->buf;
	sl->cap = fa->buf_items * fa->msize;
	sl->gen++;
	fa->buf = items;
	fa->buf_items = cap / fa->msize;
}

/*
 * archive_next() that reads straight into the slots: the items of each
 * activity shown and decoded go into its slot k_percpu (per-CPU
 * activities, AF_PERSISTENT) or k_other (the others); -1: into the
 * reader's buffer. The caller then copies them into that same slot with
 * sar_copy_slot(), which leaves them in place (a copy into another slot
 * copies from there). sysstat reads each record into the buffer it is
 * about to use, so an activity holds three copies of a record, not four.
 */
static int
read_record(struct sar *s, struct archive_record *rec, int k_percpu, int k_other)
{
	/* The activities lent a slot: most are not decoded in a pass of sar or of sadf -p. */
	uint64_t before[SA_MAX_NR_ACT];
	uint32_t lent[SA_MAX_NR_ACT];
	int lent_k[SA_MAX_NR_ACT];
	uint32_t i, j, n_lent = 0, n = s->n_acts < SA_MAX_NR_ACT ? s->n_acts : SA_MAX_NR_ACT;
	int rc, k;

	/* Nothing lent (--use, -g, the lists of -j, follow and live mode): the reader's buffers. */
	if (k_percpu < 0 && k_other < 0)
		return archive_next(s->r, rec);
	for (i = 0; i < n; i++) {
		if ((k = lent_slot(s, i, k_percpu, k_other)) < 0)
			continue;
		lent[n_lent] = i;
		lent_k[n_lent] = k;
		before[n_lent++] = s->r->acts[i].n_decoded;
		exchange_storage(&s->r->acts[i], &s->acts[i].slot[k]);
	}
	rc = archive_next(s->r, rec);
	/* Each slot lent comes back, whatever the read did. */
	for (j = 0; j < n_lent; j++) {
		i = lent[j];
		k = lent_k[j];
		exchange_storage(&s->r->acts[i], &s->acts[i].slot[k]);
		if (s->r->acts[i].n_decoded != before[j]) {
			s->acts[i].in_slot = k + 1;
			s->acts[i].in_slot_read = s->r->acts[i].n_decoded;
		}
	}
	return rc;
}

static bool
starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Whether 12.7.5 takes the record just read (status rc) for invalid data, under these rules. */
static bool
invalid_1275(const struct sar *s, const struct walk_pos *p, unsigned flags, int rc)
{
	if (!flavour_1275() || !(flags & (WALK_1275_ANY_BAD | WALK_1275_BAD_HEADER)))
		return false;
	if (rc > 0)
		return p->rec.hdr.ust_time < 1000000000;
	if (rc != ARCHIVE_E_BAD_RECORD)
		return false;
	return (flags & WALK_1275_ANY_BAD) || starts_with(s->r->err_what, "record header");
}

/*
 * Whether a record cut short (what: what the reader was reading) ends
 * the walk only; *ret_silent: without a message.
 */
static bool
cut_ends_walk(const char *what, unsigned flags, bool *ret_silent)
{
	*ret_silent = false;
	if (starts_with(what, "item count") || starts_with(what, "restart CPU count"))
		return false;
	if (starts_with(what, "comment")) {
		*ret_silent = true;
		return flags & WALK_CUT_COMMENT_ENDS;
	}
	return flags & WALK_CUT_ENDS;
}

int
walk_next(struct sar *s, struct walk_pos *p, const struct walk_rules *rules, int k_percpu,
          int k_other)
{
	int rc = read_record(s, &p->rec, k_percpu, k_other);
	bool silent;

	if (rules->seen)
		rules->seen(rules->ctx, &p->rec, rc);
	if (invalid_1275(s, p, rules->flags, rc))
		return WALK_E_INVALID_DATA;
	if (rc == ARCHIVE_E_TRUNCATED && cut_ends_walk(s->r->err_what, rules->flags, &silent)) {
		if (!silent)
			fputs(_("End of system activity file unexpected\n"), stderr);
		rc = 0;
	}
	if (rc < 0 && (rc != ARCHIVE_E_BAD_RECORD || (rules->flags & WALK_BAD_FAILS)))
		return rc;
	if (rc <= 0) {
		p->eof = true;
		return 0;
	}
	return 1;
}

int
walk_message(const struct sar *s, int rc, const char *file, char *msg, size_t len)
{
	if (rc == WALK_E_INVALID_DATA) {
		snprintf(msg, len, "%s", _("Invalid data read\n"));
		return 2;
	}
	return datafile_read_message(rc, file, &s->r->magic, source_damage(s->r->src), msg, len);
}

int
walk_pass(struct sar *s, struct walk_pos *p, const struct walk_pass *w)
{
	int k, rc;

	do {
		k = w->lend ? p->curr : -1;
		rc = walk_next(s, p, w->rules, k, k);
		if (rc < 0)
			return rc;
		if (w->after_read)
			w->after_read(w->ctx, rc > 0);
		if (!rc)
			break;
		if (p->rec.hdr.record_type == SA_R_RESTART) {
			if (!w->restart || !w->restart(w->ctx))
				break;
			continue;
		}
		if (p->rec.hdr.record_type == SA_R_COMMENT) {
			if (w->comment)
				w->comment(w->ctx);
			continue;
		}
		if (w->record(w->ctx)) {
			if (p->cnt > 0)
				p->cnt--;
			p->curr ^= 1;
		}
		p->reset = false;
	} while (p->cnt && !p->eof);
	p->reset = true;
	return 0;
}

/*
 * The indices in s->acts of the per-CPU activities (AF_PERSISTENT), *ret_n
 * of them, listed at the first call after acts were bound; NULL when
 * there are more than SAR_PERSIST_MAX (the caller goes through them all).
 */
static const uint32_t *
walk_persistent(struct sar *s, uint32_t *ret_n)
{
	uint32_t i, n = 0;

	if (!s->persist_ok) {
		for (i = 0; i < s->n_acts; i++) {
			if (!s->acts[i].desc || !(s->acts[i].desc->flags & AF_PERSISTENT))
				continue;
			if (n == SAR_PERSIST_MAX) {
				n = UINT32_MAX;
				break;
			}
			s->persist[n++] = i;
		}
		s->n_persist = n;
		s->persist_ok = true;
	}
	*ret_n = s->n_persist;
	return s->n_persist == UINT32_MAX ? NULL : s->persist;
}

void
walk_read_persistent(struct sar *s, int k, const struct sar_act *except)
{
	const uint32_t *list;
	uint32_t i, n;

	list = walk_persistent(s, &n);
	if (!list) {
		for (i = 0; i < s->n_acts; i++)
			if (&s->acts[i] != except && walk_keeps_buffers(s, &s->acts[i]))
				sar_copy_slot(&s->acts[i], &s->acts[i].slot[k]);
		return;
	}
	for (i = 0; i < n; i++) {
		struct sar_act *a = &s->acts[list[i]];

		if (a != except && walk_selected(s, a))
			sar_copy_slot(a, &a->slot[k]);
	}
}

void
walk_decode(struct sar *s, const struct sar_act *only, unsigned flags)
{
	uint32_t i;

	for (i = 0; i < s->r->n_acts; i++) {
		const struct sar_act *a = &s->acts[i];
		bool want = only ? a->fa == only->fa || walk_keeps_buffers(s, a) : walk_selected(s, a);

		s->r->acts[i].ignore = (flags & WALK_DECODE_NONE) ||
		                       !(want || (flags & WALK_DECODE_EVERY));
	}
}

static bool
is_special(const struct archive_record *rec)
{
	return rec->hdr.record_type == SA_R_RESTART || rec->hdr.record_type == SA_R_COMMENT;
}

int
walk_find_segment(struct sar *s, struct walk_pos *p, const struct walk_find *f)
{
	uint32_t i;
	int rc;

	for (;;) {
		rc = f->lend ? walk_next(s, p, f->rules, 0, 2) : walk_next(s, p, f->rules, -1, -1);
		if (rc <= 0)
			return rc;
		if (is_special(&p->rec)) {
			f->special(f->ctx);
			continue;
		}
		walk_read_persistent(s, 0, NULL);
		if (!f->outside(f->ctx))
			break;
	}
	for (i = 0; i < s->n_acts; i++) {
		struct sar_act *a = &s->acts[i];

		if (walk_keeps_buffers(s, a))
			sar_copy_slot_from(&a->slot[2], &a->slot[0]);
		else if (walk_selected(s, a))
			sar_copy_slot(a, &a->slot[2]);
	}
	p->hdr[2] = p->rec.hdr;
	p->end[2] = source_offset(s->r->src);
	return 1;
}
