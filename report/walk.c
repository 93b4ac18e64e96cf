/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The steps through a file's records shared by every report (walk.h).
 */

#include "walk.h"
#include "common/banned.h"

void
walk_read_persistent(struct sar *s, int k, const struct sar_act *except)
{
	uint32_t i;

	for (i = 0; i < s->n_acts; i++)
		if (&s->acts[i] != except && walk_keeps_buffers(s, &s->acts[i]))
			sar_copy_slot(&s->acts[i], &s->acts[i].slot[k]);
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

bool
walk_find_segment(struct sar *s, const struct walk_find *f)
{
	uint32_t i;

	for (;;) {
		if (!f->next(f->ctx))
			return false;
		if (is_special(f->rec)) {
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
	return true;
}
