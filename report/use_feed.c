/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --use's feeders (use_int.h): two records' items of one activity into
 * metric values. This file holds the table of feeders, the interval they
 * are run for, and those of the host-wide activities; use_feed_dev.c has
 * the devices'.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "use_int.h"
#include "views.h"
#include "common/banned.h"

/* A counter's rate per second; NAN when it went back (a restart of its own). */
double
use_rate(uint64_t p, uint64_t c, uint64_t itv)
{
	return c < p ? NAN : sar_s_value(p, c, itv);
}

const void *
use_item(const struct feed *f, const struct sar_slot *sl, uint32_t i)
{
	return sar_item(f->a, sl, i, 0);
}

struct resource *
use_single(const struct feed *f, enum use_class cls)
{
	return use_resource(f->u, cls, "all");
}

/* sar -u's share of a counter: 0 when it went back. */
static double
cpu_share(uint64_t p, uint64_t c, uint64_t tot)
{
	return c < p ? 0.0 : sar_sp_value(p, c, tot);
}

/*
 * %busy from counters p to c over tot ticks: 100 - %idle - %iowait of sar -u.
 * iowait is idle time (a processor with nothing to run while some task waits
 * for I/O): counting it as use would call idle processors saturated by a
 * slow disk.
 */
static double
cpu_busy(const struct stats_cpu *p, const struct stats_cpu *c, uint64_t tot)
{
	double busy;

	if (!tot)
		return NAN;
	busy = 100.0 - cpu_share(p->cpu_idle, c->cpu_idle, tot) -
	       cpu_share(p->cpu_iowait, c->cpu_iowait, tot);
	return busy < 0 ? 0.0 : busy;
}

/*
 * The CPUs' %busy as sar -u prints them: on SMP, "all" is rebuilt from the
 * CPUs, not read from the stored "all" (the kernel sums its "cpu" line at
 * another instant than the CPUs' lines: a tick apart is 0.5 % of a second
 * on two processors); an offline CPU, or one back online without a
 * reference, has no value, as sar shows no row for it.
 */
static void
feed_cpu(struct feed *f)
{
	uint32_t i, n = f->c->nr < f->p->nr ? f->c->nr : f->p->nr;
	struct stats_cpu p, c, all_p = {0}, all_c = {0};
	uint64_t all_ticks = 0;
	char name[16];

	for (i = 1; i < n; i++) {
		uint64_t ticks = 0;
		bool offline;

		memcpy(&p, use_item(f, f->p, i), sizeof(p));
		memcpy(&c, use_item(f, f->c, i), sizeof(c));
		if (!sar_cpu_add_to_all(&p, &c, false, &all_p, &all_c, &ticks, &offline))
			continue;
		all_ticks += ticks;
		if (offline || !(f->s->o.cpu_option && sar_cpu_selected(f->s, i)))
			continue;
		snprintf(name, sizeof(name), "%u", i - 1);
		use_put(f->u, use_resource(f->u, C_CPU_N, name), M_CPUN_BUSY,
		        cpu_busy(&p, &c, ticks));
	}
	if (f->a->nr_ini == 1 && n) {
		/* No CPU of its own: the stored "all". */
		memcpy(&all_p, use_item(f, f->p, 0), sizeof(all_p));
		memcpy(&all_c, use_item(f, f->c, 0), sizeof(all_c));
		all_ticks = sar_cpu_ticks(&all_c) ? sar_cpu_interval(&all_c, &all_p) : 0;
	}
	use_put(f->u, use_single(f, C_CPU_ALL), M_CPU_BUSY, cpu_busy(&all_p, &all_c, all_ticks));
}

static void
feed_queue(struct feed *f)
{
	struct stats_queue p, c;

	ITEMS(struct stats_queue, f, &p, &c);
	use_put(f->u, use_single(f, C_CPU_ALL), M_CPU_RUNQ,
	        (double) c.nr_running - (double) f->n_cpu);
}

/* The share of the interval spent stalled, from two totals in microseconds. */
double
use_psi_share(uint64_t p, uint64_t c, uint64_t itv)
{
	return c < p ? NAN : (double) (c - p) / (double) (100 * itv);
}

static void
feed_psi_cpu(struct feed *f)
{
	struct stats_psi_cpu p, c;

	ITEMS(struct stats_psi_cpu, f, &p, &c);
	use_put(f->u, use_single(f, C_CPU_ALL), M_CPU_PSI,
	        use_psi_share(p.some_cpu_total, c.some_cpu_total, f->itv));
}

static void
feed_psi_mem(struct feed *f)
{
	struct resource *r = use_single(f, C_MEM);
	struct stats_psi_mem p, c;

	ITEMS(struct stats_psi_mem, f, &p, &c);
	use_put(f->u, r, M_MEM_PSI_SOME, use_psi_share(p.some_mem_total, c.some_mem_total, f->itv));
	use_put(f->u, r, M_MEM_PSI_FULL, use_psi_share(p.full_mem_total, c.full_mem_total, f->itv));
}

static void
feed_psi_io(struct feed *f)
{
	struct resource *r = use_single(f, C_DISK_ALL);
	struct stats_psi_io p, c;

	ITEMS(struct stats_psi_io, f, &p, &c);
	use_put(f->u, r, M_IO_PSI_SOME, use_psi_share(p.some_io_total, c.some_io_total, f->itv));
	use_put(f->u, r, M_IO_PSI_FULL, use_psi_share(p.full_io_total, c.full_io_total, f->itv));
}

static void
feed_memory(struct feed *f)
{
	struct stats_memory p, m;
	double used;

	ITEMS(struct stats_memory, f, &p, &m);
	if (m.tlmkb) {
		if (m.availablekb)
			used = (double) m.tlmkb - (double) m.availablekb;
		else
			used = (double) m.tlmkb - (double) m.frmkb - (double) m.bufkb -
			       (double) m.camkb - (double) m.slabkb;
		use_put(f->u, use_single(f, C_MEM), M_MEM_USED,
		        (used < 0 ? 0.0 : used) / (double) m.tlmkb * 100);
	}
	/* Without swap space (or with more free than total) there is no utilization to judge. */
	if (m.tlskb && m.frskb <= m.tlskb)
		use_put(f->u, use_single(f, C_SWAP), M_SWAP_USED,
		        ((double) m.tlskb - (double) m.frskb) / (double) m.tlskb * 100);
}

static void
feed_paging(struct feed *f)
{
	struct resource *r = use_single(f, C_MEM);
	struct stats_paging p, c;

	/* The 12.6.1 item is shorter than the struct: only its first members are read. */
	memcpy(&p, use_item(f, f->p, 0), f->a->desc->size);
	memcpy(&c, use_item(f, f->c, 0), f->a->desc->size);
	use_put(f->u, r, M_MEM_PGSCAND, use_rate(p.pgscan_direct, c.pgscan_direct, f->itv));
	use_put(f->u, r, M_MEM_MAJFLT, use_rate(p.pgmajfault, c.pgmajfault, f->itv));
}

static void
feed_swap(struct feed *f)
{
	struct resource *mem = use_single(f, C_MEM), *swap = use_single(f, C_SWAP);
	struct stats_swap p, c;
	double in, out;

	ITEMS(struct stats_swap, f, &p, &c);
	in = use_rate(p.pswpin, c.pswpin, f->itv);
	out = use_rate(p.pswpout, c.pswpout, f->itv);
	use_put(f->u, mem, M_MEM_PSWPIN, in);
	use_put(f->u, mem, M_MEM_PSWPOUT, out);
	use_put(f->u, swap, M_SWAP_IN, in);
	use_put(f->u, swap, M_SWAP_OUT, out);
}

static void
feed_softnet(struct feed *f)
{
	uint32_t i, n = f->c->nr < f->p->nr ? f->c->nr : f->p->nr;
	uint64_t dropped = 0, squeezed = 0;
	struct resource *r = use_single(f, C_NET_ALL);
	double secs = (double) f->itv / 100;

	/* sadc leaves "all" (item 0) empty: the sum of the CPUs that count in both records. */
	for (i = 1; i < n; i++) {
		struct stats_softnet p, c;

		memcpy(&p, use_item(f, f->p, i), sizeof(p));
		memcpy(&c, use_item(f, f->c, i), sizeof(c));
		if (!p.processed && !p.dropped && !p.time_squeeze)
			continue;
		if (c.dropped >= p.dropped)
			dropped += c.dropped - p.dropped;
		if (c.time_squeeze >= p.time_squeeze)
			squeezed += c.time_squeeze - p.time_squeeze;
	}
	use_put(f->u, r, M_NET_SOFTDROP, (double) dropped / secs);
	use_put(f->u, r, M_NET_SQUEEZE, (double) squeezed / secs);
}

static void
feed_etcp(struct feed *f)
{
	struct resource *r = use_single(f, C_TCP);
	struct stats_net_etcp p, c;
	const struct sar_act *tcp = f->by_id[A_NET_TCP];
	uint64_t itv = f->itv;

	ITEMS(struct stats_net_etcp, f, &p, &c);
	use_put(f->u, r, M_TCP_ATMPTF, use_rate(p.attempt_fails, c.attempt_fails, itv));
	use_put(f->u, r, M_TCP_ESTRES, use_rate(p.estab_resets, c.estab_resets, itv));
	use_put(f->u, r, M_TCP_ISEGERR, use_rate(p.in_errs, c.in_errs, itv));
	use_put(f->u, r, M_TCP_ORSTS, use_rate(p.out_rsts, c.out_rsts, itv));
	if (tcp) {
		struct stats_net_tcp tp, tc;
		uint64_t retrans = c.retrans_segs - p.retrans_segs;

		memcpy(&tp, sar_item(tcp, &tcp->slot[f->kp], 0, 0), sizeof(tp));
		memcpy(&tc, sar_item(tcp, &tcp->slot[f->kc], 0, 0), sizeof(tc));
		if (tc.out_segs < tp.out_segs || c.retrans_segs < p.retrans_segs)
			return;
		if (tc.out_segs > tp.out_segs)
			use_put(f->u, use_single(f, C_NET_ALL), M_NET_RETRANS,
			        (double) retrans / (double) (tc.out_segs - tp.out_segs) * 100);
		else
			use_put(f->u, use_single(f, C_NET_ALL), M_NET_RETRANS,
			        retrans ? 100.0 : 0.0);
	}
}

/* Which feeder reads which activity, and in which passes (a disk's await needs two). */
static const struct feeder {
	uint32_t act;
	void (*fn)(struct feed *f);
	bool disk_pass; /* runs in PHASE_DISKS (and its histogram in PHASE_MAIN) */
} feeders[] = {
        {A_CPU, feed_cpu, false},
        {A_QUEUE, feed_queue, false},
        {A_PSI_CPU, feed_psi_cpu, false},
        {A_MEMORY, feed_memory, false},
        {A_PSI_MEM, feed_psi_mem, false},
        {A_PAGE, feed_paging, false},
        {A_SWAP, feed_swap, false},
        {A_PSI_IO, feed_psi_io, false},
        {A_DISK, use_feed_disk, true},
        {A_NET_DEV, use_feed_net_dev, false},
        {A_NET_EDEV, use_feed_net_edev, false},
        {A_NET_SOFT, feed_softnet, false},
        {A_NET_ETCP, feed_etcp, false},
        {A_FS, use_feed_fs, false},
};

/*
 * Whether the pass of phase reads activity id: A_CPU always (each record's
 * CPU count), the activities of the phase's feeders, and in the passes that
 * are not the disks' alone every activity a metric reads (%retrans reads
 * TCP from ETCP's feeder).
 */
bool
use_reads_act(uint32_t id, int phase)
{
	size_t k;

	if (id == A_CPU)
		return true;
	for (k = 0; k < sizeof(feeders) / sizeof(feeders[0]); k++)
		if (feeders[k].act == id && (phase != PHASE_DISKS || feeders[k].disk_pass))
			return true;
	for (k = 0; phase != PHASE_DISKS && k < M_MAX; k++)
		if (use_metric_table[k].act == id || use_metric_table[k].act2 == id)
			return true;
	return false;
}

void
use_select(struct sar_opts *o)
{
	uint32_t id;

	for (id = 1; id <= A_ID_MAX; id++)
		if (use_reads_act(id, PHASE_ALL))
			o->outputs[id] = SAR_O_MAIN;
	o->outputs[A_CPU] = SAR_O_CPU;
	o->outputs[A_MEMORY] = SAR_O_MEM;
}

static struct stamp
stamp_of(const struct sa_record_header *h)
{
	struct stamp t = {h->ust_time, h->hour, h->minute, h->second};

	return t;
}

/* The number of CPUs the run queue is compared with: the record's, else the file's. */
static uint32_t
cpu_count(const struct feed *f)
{
	const struct sar_act *a = f->by_id[A_CPU];
	uint32_t n =
	        a && a->slot[f->kc].nr > 1 ? a->slot[f->kc].nr - 1 : f->s->r->hdr.sa_cpu_nr - 1;

	return n ? n : 1;
}

/* f->by_id: each activity of the file with items in both records, found once per interval. */
static void
map_acts(struct feed *f)
{
	uint32_t i;

	memset(f->by_id, 0, sizeof(f->by_id));
	for (i = 0; i < f->s->n_acts; i++) {
		struct sar_act *a = &f->s->acts[i];

		if (a->fa->desc && a->fa->known_format && a->slot[f->kp].nr && a->slot[f->kc].nr &&
		    a->desc->id <= A_ID_MAX && !f->by_id[a->desc->id])
			f->by_id[a->desc->id] = a;
	}
}

void
use_interval(struct use *u, struct sar *s, int prev, int curr, const struct sa_record_header *hp,
             const struct sa_record_header *hc)
{
	struct feed f;
	size_t k;

	memset(&f, 0, sizeof(f));
	f.u = u;
	f.s = s;
	f.kp = prev;
	f.kc = curr;
	f.itv = sar_interval_of(hp, hc);

	u->seq++;
	u->t0 = stamp_of(hp);
	u->t1 = stamp_of(hc);
	u->secs = (double) f.itv / 100;
	if (u->phase != PHASE_DISKS) {
		if (!u->n_intervals)
			u->first_t = u->t0;
		u->last_t = u->t1;
		u->n_intervals++;
	}
	map_acts(&f);
	f.n_cpu = cpu_count(&f);
	for (k = 0; k < sizeof(feeders) / sizeof(feeders[0]); k++) {
		if (u->phase == PHASE_DISKS && !feeders[k].disk_pass)
			continue;
		f.a = f.by_id[feeders[k].act];
		if (!f.a)
			continue;
		f.p = &f.a->slot[prev];
		f.c = &f.a->slot[curr];
		feeders[k].fn(&f);
	}
	for (k = 0; k < u->n_touched; k++)
		use_step_run(u, u->touched[k]);
	u->n_touched = 0;
}
