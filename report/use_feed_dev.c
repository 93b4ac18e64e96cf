/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The feeders of sar --use's devices (use_int.h): each disk (its await
 * against its own median), network interface and filesystem.
 */
#include <math.h>
#include <string.h>

#include "options.h"
#include "use_int.h"
#include "views.h"
#include "common/banned.h"

/* A 32-bit tick counter's rate: it wraps (every 49 days in ms), and the difference with it, as
 * sar's. */
static double
rate32(uint32_t p, uint32_t c, uint64_t itv)
{
	return (double) (uint32_t) (c - p) / (double) itv * 100;
}

/*
 * A device's previous item, or zeros for one absent from the previous record
 * (or re-registered): its counters started at zero within the interval, and
 * sar prints its row from zeros too, so the figures judged are sar's.
 */
static void
prev_or_zero(void *ret, const void *prev, size_t size)
{
	if (prev)
		memcpy(ret, prev, size);
	else
		memset(ret, 0, size);
}

/* The bin of ms: the last whose lower edge is not above it (the first below 1 us or NaN). */
static size_t
await_bin(const struct use *u, double ms)
{
	size_t lo = 0, hi = AWAIT_BINS - 1;

	if (!(ms >= u->await_edge[1]))
		return 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;

		if (u->await_edge[mid] <= ms)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* The await of the rank-th (from 1) smallest interval so far: the middle of its bin. */
static double
await_at_rank(const struct use *u, const struct resource *r, uint64_t rank)
{
	uint64_t seen = 0;
	size_t k;

	for (k = 0; k < AWAIT_BINS - 1; k++) {
		seen += r->await_hist[k];
		if (seen >= rank)
			break;
	}
	return u->await_edge[k] * AWAIT_HALF_BIN;
}

/*
 * The median await of r so far (the mean of the two middle ones for an even
 * count); 0 before AWAIT_BASELINE_MIN intervals with I/O, too few to be a
 * baseline.
 */
double
use_await_median(const struct use *u, const struct resource *r)
{
	uint64_t n = r->await_n;

	if (n < AWAIT_BASELINE_MIN)
		return 0.0;
	return (await_at_rank(u, r, (n + 1) / 2) + await_at_rank(u, r, n / 2 + 1)) / 2;
}

/* Below this, an await is not worth a comparison (ms). */
#define AWAIT_FLOOR_MS 1.0

static void
disk_values(struct feed *f, struct resource *r, const struct stats_disk *dp,
            const struct stats_disk *dc)
{
	uint64_t ios = dc->nr_ios - dp->nr_ios;
	uint32_t ticks = (dc->rd_ticks - dp->rd_ticks) + (dc->wr_ticks - dp->wr_ticks) +
	                 (dc->dc_ticks - dp->dc_ticks);
	double await = ios && dc->nr_ios >= dp->nr_ios ? (double) ticks / (double) ios : NAN;

	if (isfinite(await) && f->u->phase != PHASE_DISKS) {
		r->await_hist[await_bin(f->u, await)]++;
		r->await_n++;
	}
	if (f->u->phase == PHASE_MAIN)
		return;
	use_put(f->u, r, M_DISK_UTIL, rate32(dp->tot_ticks, dc->tot_ticks, f->itv) / 10.0);
	use_put(f->u, r, M_DISK_AQU, rate32(dp->rq_ticks, dc->rq_ticks, f->itv) / 1000.0);
	if (isfinite(await)) {
		const struct use *u = f->u;
		double base = u->phase == PHASE_DISKS ? r->await_base : use_await_median(u, r);

		use_put(f->u, r, M_DISK_AWAIT,
		        await < AWAIT_FLOOR_MS || base <= 0 ? 0.0 : await / base);
	}
}

void
use_feed_disk(struct feed *f)
{
	char name[MAX_FS_LEN];
	uint32_t i;

	for (i = 0; i < f->c->nr; i++) {
		struct stats_disk dc, dp;
		const void *pp;

		memcpy(&dc, use_item(f, f->c, i), sizeof(dc));
		pp = sar_disk_prev(f->a, f->p, i, use_item(f, f->c, i), NULL);
		prev_or_zero(&dp, pp, sizeof(dp));
		sar_disk_kernel_name(f->s, dc.major, dc.minor, name, sizeof(name));
		if (!sar_list_accepts(&f->s->o.dev_list, name, SAR_LIST_NAME_MAX))
			continue;
		disk_values(f, use_resource(f->u, C_DISK_N, name), &dp, &dc);
	}
}

static struct resource *
iface(struct feed *f, const char *raw)
{
	char name[MAX_IFACE_LEN + 1];

	memcpy(name, raw, MAX_IFACE_LEN);
	name[MAX_IFACE_LEN] = '\0';
	if (!sar_list_accepts(&f->s->o.iface_list, name, MAX_IFACE_LEN))
		return NULL;
	return use_resource(f->u, C_NET_N, name);
}

void
use_feed_net_dev(struct feed *f)
{
	uint32_t i;

	for (i = 0; i < f->c->nr; i++) {
		struct stats_net_dev c, p;
		const void *pp = sar_named_prev(f->a, f->p, i, use_item(f, f->c, i), NULL);
		struct resource *r;
		double rx, tx, speed;

		memcpy(&c, use_item(f, f->c, i), sizeof(c));
		/* Made even without a speed: the interfaces are listed in the file's order. */
		if (!(r = iface(f, c.interface)) || !c.speed)
			continue;
		prev_or_zero(&p, pp, sizeof(p));
		rx = use_rate(p.rx_bytes, c.rx_bytes, f->itv);
		tx = use_rate(p.tx_bytes, c.tx_bytes, f->itv);
		speed = (double) c.speed * 1000000;
		use_put(f->u, r, M_IF_UTIL,
		        (c.duplex == 2 ? use_fmax(rx, tx) : rx + tx) * 800 / speed);
	}
}

void
use_feed_net_edev(struct feed *f)
{
	uint32_t i;

	for (i = 0; i < f->c->nr; i++) {
		struct stats_net_edev c, p;
		const void *pp = sar_named_prev(f->a, f->p, i, use_item(f, f->c, i), NULL);
		struct resource *r;
		uint64_t itv = f->itv;

		memcpy(&c, use_item(f, f->c, i), sizeof(c));
		if (!(r = iface(f, c.interface)))
			continue;
		prev_or_zero(&p, pp, sizeof(p));
		use_put(f->u, r, M_IF_DROP,
		        use_rate(p.rx_dropped, c.rx_dropped, itv) +
		                use_rate(p.tx_dropped, c.tx_dropped, itv));
		use_put(f->u, r, M_IF_FIFO,
		        use_rate(p.rx_fifo_errors, c.rx_fifo_errors, itv) +
		                use_rate(p.tx_fifo_errors, c.tx_fifo_errors, itv));
		use_put(f->u, r, M_IF_RXERR, use_rate(p.rx_errors, c.rx_errors, itv));
		use_put(f->u, r, M_IF_TXERR, use_rate(p.tx_errors, c.tx_errors, itv));
		use_put(f->u, r, M_IF_RXFRAM, use_rate(p.rx_frame_errors, c.rx_frame_errors, itv));
		use_put(f->u, r, M_IF_TXCARR,
		        use_rate(p.tx_carrier_errors, c.tx_carrier_errors, itv));
		use_put(f->u, r, M_IF_COLL, use_rate(p.collisions, c.collisions, itv));
	}
}

void
use_feed_fs(struct feed *f)
{
	char name[MAX_FS_LEN + 1], dev[MAX_FS_LEN + 1];
	uint32_t i;

	for (i = 0; i < f->c->nr; i++) {
		struct stats_filesystem c;
		struct resource *r;

		memcpy(&c, use_item(f, f->c, i), sizeof(c));
		memcpy(name, c.mountp, MAX_FS_LEN);
		name[MAX_FS_LEN] = '\0';
		memcpy(dev, c.fs_name, MAX_FS_LEN);
		dev[MAX_FS_LEN] = '\0';
		if (!sar_list_accepts(&f->s->o.fs_list, name, SAR_LIST_NAME_MAX) &&
		    !sar_list_accepts(&f->s->o.fs_list, dev, SAR_LIST_NAME_MAX))
			continue;
		r = use_resource(f->u, C_FS_N, name);
		if (c.f_blocks)
			use_put(f->u, r, M_FS_USED,
			        ((double) c.f_blocks - (double) c.f_bfree) / (double) c.f_blocks *
			                100);
		if (c.f_files)
			use_put(f->u, r, M_FS_INODES,
			        ((double) c.f_files - (double) c.f_ffree) / (double) c.f_files *
			                100);
	}
}
