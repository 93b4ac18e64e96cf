/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The ticks of a CPU between two samples, as sar -u and mpstat count them
 * (views.h). Apart from the views so that a live tool (live/mpstat.c)
 * links this arithmetic without sar's views.
 */
#include <stdint.h>

#include "views.h"
#include "common/activity.h"
#include "common/banned.h"

/* Counters above this are taken for wrapped ones, not for a CPU back online. */
#define CPU_WRAP_GUARD (UINT64_MAX - 0x7ffff)

uint64_t
sar_cpu_ticks(const struct stats_cpu *c)
{
	return c->cpu_user + c->cpu_nice + c->cpu_sys + c->cpu_idle + c->cpu_iowait +
	       c->cpu_hardirq + c->cpu_steal + c->cpu_softirq;
}

uint64_t
sar_cpu_interval(const struct stats_cpu *c, struct stats_cpu *p)
{
	uint64_t shift = 0;

	if (c->cpu_user - c->cpu_guest < p->cpu_user - p->cpu_guest)
		shift += (p->cpu_user - p->cpu_guest) - (c->cpu_user - c->cpu_guest);
	if (c->cpu_nice - c->cpu_guest_nice < p->cpu_nice - p->cpu_guest_nice)
		shift += (p->cpu_nice - p->cpu_guest_nice) - (c->cpu_nice - c->cpu_guest_nice);
	if (c->cpu_iowait < p->cpu_iowait && p->cpu_iowait < CPU_WRAP_GUARD) {
		/* iowait moved back to idle, or the CPU came back online. */
		if (c->cpu_idle > p->cpu_idle || p->cpu_idle >= CPU_WRAP_GUARD)
			p->cpu_iowait = c->cpu_iowait;
		else
			p->cpu_iowait = 0;
	}
	if (c->cpu_idle < p->cpu_idle && p->cpu_idle < CPU_WRAP_GUARD)
		p->cpu_idle = 0;
	return sar_cpu_ticks(c) - sar_cpu_ticks(p) + shift;
}
