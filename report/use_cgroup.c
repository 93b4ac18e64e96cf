/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --use's cgroups (use_int.h), from sadc -S CGROUP: each one's limits
 * and pressure, and the host's oom kills.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "use_int.h"
#include "common/banned.h"

/*
 * A cgroup of the later record of an interval: its earlier self (NULL: not
 * there), the oom kills its memory.events counted in the interval (NAN: no
 * value) and those of them that are its own (cg_own_kills()).
 */
struct cg_item {
	const struct ext_cgroup *p, *c;
	uint32_t both; /* EXT_CG_* of the files whose counters make the interval (cg_both()) */
	double kills, own;
};

/* Own kills a cgroup's counter has yet to catch up with (cg_settle()). */
struct cg_owed {
	double kills;
	uint64_t seq; /* the interval it was left over from */
};

static uint64_t
cg_field(const struct ext_cgroup *cg, size_t offset)
{
	uint64_t v;

	memcpy(&v, (const char *) cg + offset, sizeof(v));
	return v;
}

/* The counters of a cgroup, each with the bit of its file (common/ext.h). */
static const struct cg_counter {
	size_t offset;
	uint32_t bit;
} cg_counters[] = {
        {offsetof(struct ext_cgroup, usage_usec), EXT_CG_CPU},
        {offsetof(struct ext_cgroup, nr_periods), EXT_CG_THROTTLE},
        {offsetof(struct ext_cgroup, nr_throttled), EXT_CG_THROTTLE},
        {offsetof(struct ext_cgroup, throttled_usec), EXT_CG_THROTTLE},
        {offsetof(struct ext_cgroup, ev_max), EXT_CG_MEMEVENTS},
        {offsetof(struct ext_cgroup, ev_oom_kill), EXT_CG_MEMEVENTS},
        {offsetof(struct ext_cgroup, rbytes), EXT_CG_IO},
        {offsetof(struct ext_cgroup, wbytes), EXT_CG_IO},
        {offsetof(struct ext_cgroup, psi_cpu_some), EXT_CG_PSI_CPU},
        {offsetof(struct ext_cgroup, psi_mem_some), EXT_CG_PSI_MEM},
        {offsetof(struct ext_cgroup, psi_mem_full), EXT_CG_PSI_MEM},
        {offsetof(struct ext_cgroup, psi_io_some), EXT_CG_PSI_IO},
        {offsetof(struct ext_cgroup, psi_io_full), EXT_CG_PSI_IO},
};

/*
 * The files (EXT_CG_*) whose counters make an interval of a cgroup: those
 * in both records. None when the earlier record does not hold the cgroup:
 * its counters start at its creation, but whether it was made in the
 * interval (then they would count from 0) or only missed by that record (a
 * sample cut at COLLECT_CGROUP_MAX, a directory unreadable for a moment)
 * the file cannot tell, and a wrong guess would put a whole past into one
 * interval. None either when a counter went back: the cgroup was removed
 * and made again (use_rate() gives no value for a counter that went back).
 */
static uint32_t
cg_both(const struct ext_cgroup *p, const struct ext_cgroup *c)
{
	uint32_t both;
	size_t k;

	if (!p)
		return 0;
	both = p->present & c->present;
	for (k = 0; k < sizeof(cg_counters) / sizeof(cg_counters[0]); k++)
		if ((both & cg_counters[k].bit) &&
		    cg_field(c, cg_counters[k].offset) < cg_field(p, cg_counters[k].offset))
			return 0;
	return both;
}

/* The S metrics that are microseconds as a share of the interval, as use_psi_share() makes them. */
static const struct cg_share {
	enum metric_id id;
	size_t offset;
	uint32_t bit;
} cg_shares[] = {
        {M_CG_THRTL, offsetof(struct ext_cgroup, throttled_usec), EXT_CG_THROTTLE},
        {M_CG_SMEM, offsetof(struct ext_cgroup, psi_mem_some), EXT_CG_PSI_MEM},
        {M_CG_FMEM, offsetof(struct ext_cgroup, psi_mem_full), EXT_CG_PSI_MEM},
        {M_CG_SIO, offsetof(struct ext_cgroup, psi_io_some), EXT_CG_PSI_IO},
        {M_CG_FIO, offsetof(struct ext_cgroup, psi_io_full), EXT_CG_PSI_IO},
};

/*
 * memory.current in % of memory.max at the end of the interval: a level,
 * so a cgroup new in the interval has it too; NAN without a limit ("max").
 */
static double
cg_memmax(const struct ext_cgroup *c)
{
	const uint32_t need = EXT_CG_MEM | EXT_CG_MEMMAX;

	if ((c->present & need) != need || c->mem_max == UINT64_MAX || !c->mem_max)
		return NAN;
	return (double) c->mem_current / (double) c->mem_max * 100;
}

/*
 * The share of the enforcement periods in which the quota ran out (the
 * counters checked by cg_both()); NAN when no period ran: no quota, or
 * nothing ran.
 */
static double
cg_thrprd(const struct ext_cgroup *p, const struct ext_cgroup *c)
{
	uint64_t periods = c->nr_periods - p->nr_periods;

	if (!periods)
		return NAN;
	return (double) (c->nr_throttled - p->nr_throttled) / (double) periods * 100;
}

/*
 * A cgroup's resource name: its path, or when that is too long for one,
 * its start and a hash of the whole, so that two long paths stay two.
 */
static const char *
cg_name(const char *path, char *out, size_t len)
{
	if (strlen(path) < len)
		snprintf(out, len, "%s", path);
	else
		snprintf(out, len, "%.*s...%08x", (int) (len - 12), path,
		         (unsigned) use_hash_key(C_CG_N, path));
	return out;
}

static int
cmp_prev_path(const void *x, const void *y)
{
	return strcmp((*(const struct ext_cgroup *const *) x)->path,
	              (*(const struct ext_cgroup *const *) y)->path);
}

static int
cmp_item_path(const void *x, const void *y)
{
	return strcmp((*(const struct cg_item *const *) x)->c->path,
	              (*(const struct cg_item *const *) y)->c->path);
}

/* bsearch()'s: a path against an element of u->cg_prev, or of u->cg_sorted. */
static int
key_prev_path(const void *key, const void *elem)
{
	return strcmp(key, (*(const struct ext_cgroup *const *) elem)->path);
}

static int
key_item_path(const void *key, const void *elem)
{
	return strcmp(key, (*(const struct cg_item *const *) elem)->c->path);
}

/*
 * u->cg_items: the cgroups of curr, each with its earlier self in prev
 * (matched by path) and its files in both; u->cg_sorted, the same by path.
 * Returns how many.
 */
static size_t
cg_index(struct use *u, const struct archive_ext *prev, const struct archive_ext *curr)
{
	size_t i, n = curr->n_cgroup, np = prev->n_cgroup;

	use_xgrow((void **) &u->cg_prev, &u->cg_prev_cap, np, sizeof(*u->cg_prev));
	use_xgrow((void **) &u->cg_items, &u->cg_items_cap, n, sizeof(*u->cg_items));
	use_xgrow((void **) &u->cg_sorted, &u->cg_sorted_cap, n, sizeof(*u->cg_sorted));
	for (i = 0; i < np; i++)
		u->cg_prev[i] = &prev->cgroup[i];
	if (np > 1)
		qsort(u->cg_prev, np, sizeof(*u->cg_prev), cmp_prev_path);
	for (i = 0; i < n; i++) {
		struct cg_item *it = &u->cg_items[i];
		const struct ext_cgroup *const *hit =
		        np ? bsearch(curr->cgroup[i].path, u->cg_prev, np, sizeof(*u->cg_prev),
		                     key_prev_path)
		           : NULL;

		it->c = &curr->cgroup[i];
		it->p = hit ? *hit : NULL;
		it->both = cg_both(it->p, it->c);
		it->kills = (it->both & EXT_CG_MEMEVENTS)
		                    ? (double) (it->c->ev_oom_kill - it->p->ev_oom_kill)
		                    : NAN;
		it->own = it->kills;
		u->cg_sorted[i] = it;
	}
	if (n > 1)
		qsort(u->cg_sorted, n, sizeof(*u->cg_sorted), cmp_item_path);
	return n;
}

/* The nearest ancestor of it among the n cgroups whose kills have a value, or NULL. */
static struct cg_item *
cg_counted_above(const struct use *u, size_t n, const struct cg_item *it)
{
	char path[EXT_CG_PATH_LEN];
	char *slash;

	snprintf(path, sizeof(path), "%s", it->c->path);
	/* Each turn shortens the path: "/a/b" to "/a", "/a" to "/", where it stops. */
	while (strcmp(path, "/") && (slash = strrchr(path, '/'))) {
		struct cg_item *const *hit;

		slash[slash == path] = '\0';
		hit = bsearch(path, u->cg_sorted, n, sizeof(*u->cg_sorted), key_item_path);
		if (hit && !isnan((*hit)->kills))
			return *hit;
	}
	return NULL;
}

/*
 * memory.events is hierarchical (Linux 5.2 and later, unless cgroup2 is
 * mounted with memory_localevents): a kill in a service counts in its
 * slice too, and in every ancestor below the root. So that one kill makes
 * one error, a cgroup's own kills are its count less those of its nearest
 * descendants that have one; a child without (made, removed or made again
 * in the interval, or not recorded) leaves its kills to the nearest
 * ancestor that has them, so none is lost. The host's are the counts of
 * the cgroups with no counted ancestor: the top-level ones (the root has no
 * memory.events), each holding its whole subtree. Returns the host's kills,
 * NAN when no cgroup counted any.
 */
static double
cg_own_kills(struct use *u, size_t n)
{
	double host = NAN;
	size_t i;

	for (i = 0; i < n; i++) {
		struct cg_item *it = &u->cg_items[i], *up;

		if (isnan(it->kills))
			continue;
		up = cg_counted_above(u, n, it);
		if (up)
			up->own -= it->kills;
		else
			host = isnan(host) ? it->kills : host + it->kills;
	}
	return host;
}

/*
 * r's own kills of the interval (NAN: none counted), less what it owes.
 * sadc reads a parent before its children, so a kill between the two
 * reads is in the child's count an interval before the parent's: the
 * parent's own kills come out negative, then as much positive the next
 * interval. The debt is paid from the next interval, not counted twice;
 * it does not outlive an interval without a value.
 */
static double
cg_settle(struct use *u, const struct resource *r, double own)
{
	size_t had = u->cg_owed_cap;
	struct cg_owed *o;

	if (isnan(own))
		return NAN;
	use_xgrow((void **) &u->cg_owed, &u->cg_owed_cap, (size_t) r->order + 1,
	          sizeof(*u->cg_owed));
	memset(u->cg_owed + had, 0, (u->cg_owed_cap - had) * sizeof(*u->cg_owed));
	o = &u->cg_owed[r->order];
	own -= o->seq + 1 == u->seq ? o->kills : 0;
	o->kills = own < 0 ? -own : 0;
	o->seq = u->seq;
	return own < 0 ? 0 : own;
}

/* The metrics of one cgroup over the interval (itv 1/100 s). */
static void
cg_values(struct use *u, const struct cg_item *it, uint64_t itv)
{
	char name[MAX_FS_LEN];
	struct resource *r = use_resource(u, C_CG_N, cg_name(it->c->path, name, sizeof(name)));
	size_t k;

	use_put(u, r, M_CG_MEMMAX, cg_memmax(it->c));
	for (k = 0; k < sizeof(cg_shares) / sizeof(cg_shares[0]); k++) {
		const struct cg_share *sh = &cg_shares[k];

		if (it->both & sh->bit)
			use_put(u, r, sh->id,
			        use_psi_share(cg_field(it->p, sh->offset),
			                      cg_field(it->c, sh->offset), itv));
	}
	if (it->both & EXT_CG_THROTTLE)
		use_put(u, r, M_CG_THRPRD, cg_thrprd(it->p, it->c));
	use_put(u, r, M_CG_OOM, cg_settle(u, r, it->own) / u->secs);
}

/*
 * The cgroups of two records over the interval between them (itv 1/100
 * s). The root is no resource: it has no limits (no memory.max, no
 * cpu.max) and its pressure is the host's, judged by memory all and disk
 * all.
 */
static void
feed_cgroups(struct use *u, const struct archive_ext *prev, const struct archive_ext *curr,
             uint64_t itv)
{
	size_t i, n = cg_index(u, prev, curr);
	double host = cg_own_kills(u, n);

	for (i = 0; i < n; i++)
		if (strcmp(u->cg_items[i].c->path, "/"))
			cg_values(u, &u->cg_items[i], itv);
	use_put(u, use_resource(u, C_MEM, "all"), M_MEM_OOM, host / u->secs);
}

/*
 * The extension record of slot k has come, after use_who() took it. With
 * the one of the record before (slot !k), its cgroups make the interval
 * use_interval() fed last (fed), whose number, times and length u still
 * holds: their values go to that interval, and the runs of what they
 * touched step as use_interval() steps the others'. The disks' pass has
 * had them already.
 */
void
use_cgroups(struct use *u, int k, bool fed)
{
	const struct archive_ext *p = &u->ext[!k], *c = &u->ext[k];
	size_t i;

	if (c->has_cgroup)
		u->have[A_USE_CG] = true;
	if (!fed || u->phase == PHASE_DISKS || !u->ext_ok[!k] || !p->has_cgroup || !c->has_cgroup ||
	    u->ext_up[k] <= u->ext_up[!k])
		return;
	feed_cgroups(u, p, c, u->ext_up[k] - u->ext_up[!k]);
	for (i = 0; i < u->n_touched; i++)
		use_step_run(u, u->touched[i]);
	u->n_touched = 0;
}
