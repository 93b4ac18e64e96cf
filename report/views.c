/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The table of sar views, and small helpers shared by the family files. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "views.h"
#include "common/compat.h"
#include "common/banned.h"

/*
 * In the order sar prints the outputs of one activity (the activities
 * themselves come in the file's order). Views not written yet are absent:
 * their activities print nothing.
 */
static const struct sar_view *const table[] = {
        &view_cpu,        &view_cpu_all,   &view_pcsw,      &view_irq,      &view_swap,
        &view_paging,     &view_io,        &view_memory,    &view_memswap,  &view_huge,
        &view_ktables,    &view_queue,     &view_serial,    &view_disk,     &view_net_dev,
        &view_net_edev,   &view_net_nfs,   &view_net_nfsd,  &view_net_sock, &view_net_ip,
        &view_net_eip,    &view_net_icmp,  &view_net_eicmp, &view_net_tcp,  &view_net_etcp,
        &view_net_udp,    &view_net_sock6, &view_net_ip6,   &view_net_eip6, &view_net_icmp6,
        &view_net_eicmp6, &view_net_udp6,  &view_net_fc,    &view_softnet,  &view_pwr_cpu,
        &view_pwr_fan,    &view_pwr_temp,  &view_pwr_in,    &view_pwr_freq, &view_pwr_bat,
        &view_pwr_usb,    &view_fs,        &view_fs_mount,  &view_psi_cpu,  &view_psi_io,
        &view_psi_mem,
};

#define N_VIEWS (sizeof(table) / sizeof(table[0]))

/* The views 12.7.5 prints differently: its view takes the 12.6.1 one's place. */
static const struct {
	const struct sar_view *v1261, *v1275;
} flavour_views[] = {
        {&view_paging, &view_paging_1275},
};

/* The i-th view, or NULL (out of range, or its family file is not linked in). */
const struct sar_view *
sar_view_at(size_t i)
{
	size_t k;

	if (i >= N_VIEWS)
		return NULL;
	if (flavour_1275())
		for (k = 0; k < sizeof(flavour_views) / sizeof(flavour_views[0]); k++)
			if (table[i] == flavour_views[k].v1261)
				return flavour_views[k].v1275;
	return table[i];
}

size_t
sar_view_count(void)
{
	return N_VIEWS;
}

double
sar_s_value(uint64_t prev, uint64_t curr, uint64_t itv)
{
	return (double) (curr - prev) / (double) itv * 100;
}

double
sar_sp_value(uint64_t prev, uint64_t curr, uint64_t tot)
{
	return (double) (curr - prev) / (double) tot * 100;
}

void *
sar_avg(struct sar_act *a)
{
	return a->avg;
}

const void *
sar_item(const struct sar_act *a, const struct sar_slot *sl, uint32_t i, uint32_t j)
{
	size_t nr2 = (size_t) a->fa->fa.nr2;

	return sl->items + ((size_t) i * nr2 + j) * a->desc->size;
}

/*
 * Below this many items, prev is searched round as sysstat does; above, an
 * item not at its own position is looked up in the slot's index.
 */
#define PREV_INDEX_MIN 32

/*
 * The positions of a slot's items in (key, position) order. sysstat's
 * search round the list is quadratic when items shift (a device or an
 * interface added before the others: each is then one place further than
 * in the previous record); the index finds the same item in O(log n).
 */
struct sar_slot_index {
	uint64_t gen; /* the slot's gen, items and nr when built */
	const unsigned char *items;
	uint32_t nr;
	sar_item_cmp *cmp;
	uint32_t *pos;
	size_t cap;
};

struct index_sort {
	const struct sar_act *a;
	const struct sar_slot *sl;
	sar_item_cmp *cmp;
};

static int
by_key_then_position(const void *x, const void *y, void *arg)
{
	const struct index_sort *o = arg;
	uint32_t px = *(const uint32_t *) x, py = *(const uint32_t *) y;
	int d = o->cmp(sar_item(o->a, o->sl, px, 0), sar_item(o->a, o->sl, py, 0));

	return d ? d : (px > py) - (px < py);
}

void
sar_slot_index_free(struct sar_slot_index *ix)
{
	if (!ix)
		return;
	free(ix->pos);
	free(ix);
}

/* The slot's index for cmp, built when the slot changed since; NULL out of memory (search round). */
static const struct sar_slot_index *
index_of(const struct sar_act *a, const struct sar_slot *sl, sar_item_cmp *cmp)
{
	/* A cache that does not change the slot's items: it is kept with the slot all the same. */
	struct sar_slot *cache = (struct sar_slot *) sl;
	struct sar_slot_index *ix = cache->index;
	struct index_sort o = {a, sl, cmp};
	uint32_t k;

	if (ix && ix->gen == sl->gen && ix->items == sl->items && ix->nr == sl->nr && ix->cmp == cmp)
		return ix;
	if (!ix) {
		ix = calloc(1, sizeof(*ix));
		if (!ix)
			return NULL;
		cache->index = ix;
	}
	if (ix->cap < sl->nr) {
		uint32_t *p = realloc(ix->pos, (size_t) sl->nr * sizeof(*p));

		if (!p)
			return NULL;
		ix->pos = p;
		ix->cap = sl->nr;
	}
	for (k = 0; k < sl->nr; k++)
		ix->pos[k] = k;
	qsort_r(ix->pos, sl->nr, sizeof(*ix->pos), by_key_then_position, &o);
	ix->gen = sl->gen;
	ix->items = sl->items;
	ix->nr = sl->nr;
	ix->cmp = cmp;
	return ix;
}

/* The first entry of ix in [lo, hi) whose item is not below c (past_equal: above c). */
static uint32_t
key_bound(const struct sar_act *a, const struct sar_slot *sl, const struct sar_slot_index *ix,
          uint32_t lo, uint32_t hi, const void *c, bool past_equal)
{
	while (lo < hi) {
		uint32_t m = lo + (hi - lo) / 2;
		int d = ix->cmp(sar_item(a, sl, ix->pos[m], 0), c);

		if (d < 0 || (past_equal && d == 0))
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

/* The first entry of ix in [lo, hi), where positions ascend, at position j0 or after. */
static uint32_t
position_bound(const struct sar_slot_index *ix, uint32_t lo, uint32_t hi, uint32_t j0)
{
	while (lo < hi) {
		uint32_t m = lo + (hi - lo) / 2;

		if (ix->pos[m] < j0)
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

/*
 * sysstat's answer, the first namesake of c from position j0 round the list,
 * is the namesake at the lowest position from j0 on, else the lowest one.
 */
static const void *
index_search(const struct sar_act *a, const struct sar_slot *prev,
             const struct sar_slot_index *ix, uint32_t j0, const void *c)
{
	uint32_t first = key_bound(a, prev, ix, 0, ix->nr, c, false);
	uint32_t end = key_bound(a, prev, ix, first, ix->nr, c, true);
	uint32_t at;

	if (first == end)
		return NULL;
	at = position_bound(ix, first, end, j0);
	return sar_item(a, prev, ix->pos[at < end ? at : first], 0);
}

const void *
sar_prev_search(const struct sar_act *a, const struct sar_slot *prev, uint32_t i, const void *c,
                sar_item_cmp *cmp)
{
	const struct sar_slot_index *ix;
	uint32_t j, j0;

	if (!prev->nr)
		return NULL;
	j = j0 = i < prev->nr ? i : prev->nr - 1;
	/* Items mostly keep their places: the first place searched is theirs. */
	if (!cmp(sar_item(a, prev, j0, 0), c))
		return sar_item(a, prev, j0, 0);
	ix = prev->nr >= PREV_INDEX_MIN ? index_of(a, prev, cmp) : NULL;
	if (ix)
		return index_search(a, prev, ix, j0, c);
	do {
		const void *p = sar_item(a, prev, j, 0);

		if (!cmp(p, c))
			return p;
		if (++j >= prev->nr)
			j = 0;
	} while (j != j0);
	return NULL;
}

/*
 * The first item of prev from j0 round the list whose len bytes at off are
 * c's (a constant len, once inlined: each item costs a load and a compare).
 */
static inline const void *
key_round(const struct sar_slot *prev, size_t step, uint32_t j0, const void *c, size_t off,
          size_t len)
{
	const unsigned char *p = prev->items + off + (size_t) j0 * step;
	uint64_t key = 0;
	uint32_t j;

	memcpy(&key, (const unsigned char *) c + off, len);
	for (j = j0; j < prev->nr; j++, p += step) {
		uint64_t k = 0;

		memcpy(&k, p, len);
		if (k == key)
			return p - off;
	}
	for (j = 0, p = prev->items + off; j < j0; j++, p += step) {
		uint64_t k = 0;

		memcpy(&k, p, len);
		if (k == key)
			return p - off;
	}
	return NULL;
}

const void *
sar_prev_search_key(const struct sar_act *a, const struct sar_slot *prev, uint32_t i, const void *c,
                    sar_item_cmp *cmp, size_t off, size_t len)
{
	size_t step = (size_t) a->fa->fa.nr2 * a->desc->size;
	uint32_t j0;

	if (!prev->nr)
		return NULL;
	if (prev->nr >= PREV_INDEX_MIN || (len != 4 && len != 8))
		return sar_prev_search(a, prev, i, c, cmp);
	/* sysstat's search round the list, the key's bytes compared in place. */
	j0 = i < prev->nr ? i : prev->nr - 1;
	if (len == 4)
		return key_round(prev, step, j0, c, off, 4);
	return key_round(prev, step, j0, c, off, 8);
}
