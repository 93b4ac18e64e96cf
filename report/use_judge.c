/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --use's verdicts (use_int.h): each resource judged by its limits, the
 * suspects ranked, and what the file lacks to judge the others.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "use_int.h"
#include "common/sysexit.h"
#include "common/banned.h"

const char *const use_verdict_names[] = {"ok", "unknown", "warning", "errors", "saturated"};

/* How the data of an activity is collected when sadc's group of it is not its own name. */
static const char *const group_hints[A_ID_MAX + 1] = {
        [A_DISK] = "sadc -S DISK",
        [A_FS] = "sadc -S XDISK",
        [A_NET_TCP] = "sadc -S SNMP",
        [A_NET_ETCP] = "sadc -S SNMP",
        [A_PSI_CPU] = "sadc collects PSI by default where the kernel has /proc/pressure",
        [A_PSI_IO] = "sadc collects PSI by default where the kernel has /proc/pressure",
        [A_PSI_MEM] = "sadc collects PSI by default where the kernel has /proc/pressure",
};

/* How the data of an activity is collected, for what could not be judged. */
void
use_collect_hint(uint32_t act, char *out, size_t len)
{
	if (group_hints[act])
		snprintf(out, len, "%s", group_hints[act]);
	else
		snprintf(out, len, "sadc -S %s", activity_by_id(act)->name);
}

static double
ratio(double peak, double limit)
{
	return limit > 0 ? peak / limit : peak + 1;
}

static void
judge(struct use *u, struct resource *r)
{
	uint32_t k, n = u->n_metrics[r->cls], first = u->first[r->cls];
	bool seen = false, errors = false, warning = false;
	double score = 0;

	use_close_run(u, r);
	for (k = 0; k < n; k++) {
		const struct metric_desc *d = &use_metric_table[first + k];
		const struct mstat *m = &r->m[k];

		if (!m->seen)
			continue;
		seen = true;
		if (m->over_n) {
			score = use_fmax(score, ratio(m->peak, u->lim.limit[d->lim]));
			if (d->letter == E)
				errors = true;
			else
				warning = true;
		}
		if (d->letter == U && u->lim.warn[d->lim] >= 0 && m->wbest >= use_episode_min(u)) {
			warning = true;
			score = use_fmax(score, ratio(m->peak, u->lim.limit[d->lim]));
		}
	}
	/* Saturated resources rank by their time in episodes, the others by how far they went. */
	r->score = r->n_ep ? r->ep_seconds : score;
	if (!seen)
		r->verdict = V_UNKNOWN;
	else if (r->n_ep)
		r->verdict = V_SATURATED;
	else if (errors)
		r->verdict = V_ERRORS;
	else if (warning)
		r->verdict = V_WARNING;
	else
		r->verdict = V_OK;
}

/* Report order: class, then first sight. */
static int
by_class(const void *x, const void *y)
{
	const struct resource *a = *(const struct resource *const *) x;
	const struct resource *b = *(const struct resource *const *) y;

	if (a->cls != b->cls)
		return a->cls < b->cls ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/*
 * Suspects: worst verdict first; among the saturated, those whose own
 * utilization was high in an episode before those whose saturation signals
 * rose while they stayed lightly used (processors mostly idle, woken by
 * I/O: a symptom, not the cause); then the longest episodes or the highest
 * peaks.
 */
static int
by_worst(const void *x, const void *y)
{
	const struct resource *a = *(const struct resource *const *) x;
	const struct resource *b = *(const struct resource *const *) y;

	if (a->verdict != b->verdict)
		return a->verdict > b->verdict ? -1 : 1;
	if (a->verdict == V_SATURATED && a->ep_hot != b->ep_hot)
		return a->ep_hot ? -1 : 1;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return by_class(x, y);
}

bool
use_is_suspect(const struct resource *r)
{
	return r->verdict >= V_WARNING;
}

/* Judges every resource; returns the suspects, worst first, in a new array (*ret_n of them). */
struct resource **
use_judge_all(struct use *u, size_t *ret_n)
{
	struct resource **sus = sysrec_calloc(u->n_res, sizeof(*sus));
	size_t k, n = 0;

	for (k = 0; k < u->n_res; k++) {
		judge(u, u->res[k]);
		if (use_is_suspect(u->res[k]))
			sus[n++] = u->res[k];
	}
	qsort(u->res, u->n_res, sizeof(*u->res), by_class);
	qsort(sus, n, sizeof(*sus), by_worst);
	*ret_n = n;
	return sus;
}

/* The class of the devices behind a host-wide resource (disk all, net all); C_MAX: none. */
static enum use_class
device_class(enum use_class cls)
{
	return cls == C_DISK_ALL ? C_DISK_N : cls == C_NET_ALL ? C_NET_N : C_MAX;
}

static bool
same_hint(uint32_t x, uint32_t y)
{
	return x == y ||
	       (group_hints[x] && group_hints[y] && !strcmp(group_hints[x], group_hints[y]));
}

/*
 * The activities r would need and the file lacks, as ids into acts (at
 * most n); for a host-wide disk or net resource, those of the devices too
 * when none was seen.
 */
size_t
use_missing_acts(const struct use *u, const struct resource *r, uint32_t *acts, size_t n)
{
	enum use_class cls[2] = {r->cls, device_class(r->cls)};
	size_t got = 0, c, k;

	/* The devices' activity is named only when no device could be seen at all. */
	if (cls[1] != C_MAX && u->have[use_metric_table[u->first[cls[1]]].act])
		cls[1] = C_MAX;
	for (c = 0; c < 2 && cls[c] != C_MAX; c++) {
		for (k = 0; k < u->n_metrics[cls[c]]; k++) {
			const struct metric_desc *d = &use_metric_table[u->first[cls[c]] + k];
			uint32_t need[2] = {d->act, d->act2}, j, q;

			for (j = 0; j < 2; j++) {
				/* The cgroups are opt-in: without them, "not in archives". */
				if (!need[j] || need[j] == A_USE_CG || u->have[need[j]])
					continue;
				/* One line per way of collecting (TCP and ETCP are both -S SNMP).
				 */
				for (q = 0; q < got && !same_hint(acts[q], need[j]); q++)
					;
				if (q == got && got < n)
					acts[got++] = need[j];
			}
		}
	}
	return got;
}

/* The names of r's metrics (and its devices' for host-wide disk and net) that need act. */
void
use_metric_names_of(const struct use *u, const struct resource *r, uint32_t act, struct strbuf *sb)
{
	enum use_class cls[2] = {r->cls, device_class(r->cls)};
	size_t c, k;
	bool any = false;

	for (c = 0; c < 2 && cls[c] != C_MAX; c++)
		for (k = 0; k < u->n_metrics[cls[c]]; k++) {
			const struct metric_desc *d = &use_metric_table[u->first[cls[c]] + k];

			if (d->act != act && d->act2 != act)
				continue;
			strbuf_addf(sb, "%s%s%s", any ? ", " : "", c ? "each device's " : "",
			            d->name);
			any = true;
		}
}
