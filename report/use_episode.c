/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --use's runs and episodes (use_int.h): each value a metric takes, and
 * the run of intervals a resource stays over a limit, which is an episode
 * when it lasts.
 */
#include <math.h>

#include "use_int.h"
#include "common/banned.h"

uint32_t
use_episode_min(const struct use *u)
{
	return (uint32_t) u->lim.limit[L_EPISODE];
}

/* Seconds from one time to a later one; 0 when the clock went back between them. */
uint64_t
use_span(const struct stamp *from, const struct stamp *to)
{
	return to->ust > from->ust ? to->ust - from->ust : 0;
}

void
use_close_run(struct use *u, struct resource *r)
{
	if (r->run >= use_episode_min(u)) {
		if (r->n_ep < MAX_EPISODES) {
			r->ep[r->n_ep].from = r->run_from;
			r->ep[r->n_ep].to = r->run_to;
			use_who_fill(r, &r->ep[r->n_ep]);
		}
		r->n_ep++;
		r->ep_seconds += (double) use_span(&r->run_from, &r->run_to);
		r->ep_hot = r->ep_hot || r->run_hot;
	}
	if (r->who)
		who_avg_reset(r->who);
	r->run = 0;
	r->run_hot = false;
}

/* The interval ended: r's run goes on or ends. */
void
use_step_run(struct use *u, struct resource *r)
{
	if (r->run && r->run_seq + 1 != u->seq)
		use_close_run(u, r);
	if (!r->over_now) {
		use_close_run(u, r);
		return;
	}
	if (!r->run)
		r->run_from = u->t0;
	r->run_hot = r->run_hot || r->hot_now;
	r->run++;
	r->run_seq = u->seq;
	r->run_to = u->t1;
}

static void
touch(struct use *u, struct resource *r)
{
	if (r->seq == u->seq)
		return;
	r->seq = u->seq;
	r->over_now = false;
	r->hot_now = false;
	use_xgrow((void **) &u->touched, &u->cap_touched, u->n_touched + 1, sizeof(*u->touched));
	u->touched[u->n_touched++] = r;
}

/* Metric id of resource r takes value v for the current interval. */
void
use_put(struct use *u, struct resource *r, enum metric_id id, double v)
{
	const struct metric_desc *d = &use_metric_table[id];
	struct mstat *m = &r->m[id - u->first[r->cls]];
	double limit = u->lim.limit[d->lim], warn = u->lim.warn[d->lim];

	if (!isfinite(v))
		return;
	touch(u, r);
	if (!m->seen || v > m->peak) {
		m->peak = v;
		m->peak_at = u->t1;
	}
	m->seen = true;
	m->wsum += v * u->secs;
	m->wtime += u->secs;
	if (d->letter == E)
		m->total += v * u->secs;
	if (v > limit) {
		m->over_n++;
		if (d->letter != E)
			r->over_now = true;
	}
	if (d->letter == U && warn >= 0) {
		if (v > warn)
			r->hot_now = true;
		if (m->seq + 1 != u->seq)
			m->wrun = 0;
		m->wrun = v > warn ? m->wrun + 1 : 0;
		if (m->wrun > m->wbest)
			m->wbest = m->wrun;
	}
	m->seq = u->seq;
}
