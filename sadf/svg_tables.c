/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The graphs of sadf -g (svg.h): per graphed output, sysstat 12.6.1's
 * and 12.7.5's frame titles, series names and groups (svg_stats.c), and
 * the cell of the sar view's row each series plots. Views that print kB
 * are shown in MB (scale 1024), as sysstat's graphs do.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"
#include "common/activity.h"
#include "common/layout.h"
#include "common/sysexit.h"
#include "report/views.h"
#include "common/banned.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* sysstat's S_VALUE on a 32-bit counter: the difference wraps in 32 bits. */
static double
rate32(uint32_t prev, uint32_t curr, uint64_t itv)
{
	return itv ? (double) (uint32_t) (curr - prev) / (double) itv * 100 : 0.0;
}

/* A rate as sysstat plots it, wrapped; its extrema take 0 where the counter went back. */
static void
put_rate32(struct svg *v, uint32_t prev, uint32_t curr, uint64_t itv)
{
	double x = rate32(prev, curr, itv);

	svg_put_ext(v, x, curr < prev ? 0.0 : x);
}

static void *
item_at(const struct sar_act *a, const struct sar_slot *sl, uint32_t i)
{
	return sl->items + (size_t) i * a->fa->fa.nr2 * a->desc->size;
}

/*
 * -m CPU: every CPU item of the record, offline ones too, so that the
 * graph goes through 0; a step from the previous clock to this one.
 */
static void
cpufreq_raw(struct svg *v, struct sar_act *a, struct sar_slot *prev, struct sar_slot *curr)
{
	uint32_t i;

	sar_slot_reserve(a, prev, curr->nr);
	for (i = 0; i < curr->nr; i++) {
		const struct stats_pwr_cpufreq *c = item_at(a, curr, i), *p = item_at(a, prev, i);

		if (!sar_cpu_selected(svg_sar(v), i))
			continue;
		svg_put(v, (double) c->cpufreq / 100);
		svg_put(v, (double) p->cpufreq / 100);
		svg_row(v, i, svg_restart(v));
	}
}

static uint64_t
softnet_sum(const struct stats_softnet *n)
{
	return (uint32_t) (n->processed + n->dropped + n->time_squeeze + n->received_rps +
	                   n->flow_limit + n->backlog_len);
}

static void
softnet_add(struct stats_softnet *sum, const struct stats_softnet *n)
{
	sum->processed += n->processed;
	sum->dropped += n->dropped;
	sum->time_squeeze += n->time_squeeze;
	sum->received_rps += n->received_rps;
	sum->flow_limit += n->flow_limit;
	sum->backlog_len += n->backlog_len;
}

/*
 * -n SOFT: sysstat sums "all" from the CPUs with a reference; a CPU with
 * no reference, or without counters now (offline: it keeps its previous
 * values), breaks its line, and right after a RESTART its values count
 * from zero. sar leaves these rows out; the graphs keep them.
 */
static void
softnet_raw(struct svg *v, struct sar_act *a, struct sar_slot *prev, struct sar_slot *curr)
{
	static const struct stats_softnet zero;
	struct stats_softnet *all_c, *all_p;
	unsigned char *offline;
	uint32_t i, n;
	uint64_t itv = svg_itv(v);

	if ((int64_t) curr->nr <= (int64_t) a->desc->nr_max && (int32_t) curr->nr > a->nr_ini)
		a->nr_ini = (int32_t) curr->nr;
	n = a->nr_ini > 0 ? (uint32_t) a->nr_ini : 0;
	if (n == 0)
		return;
	sar_slot_reserve(a, prev, n);
	sar_slot_reserve(a, curr, n);
	offline = sysrec_calloc(n, 1);
	all_c = item_at(a, curr, 0);
	all_p = item_at(a, prev, 0);
	memset(all_c, 0, sizeof(*all_c));
	memset(all_p, 0, sizeof(*all_p));
	for (i = 1; i < n; i++) {
		struct stats_softnet *c = item_at(a, curr, i), *p = item_at(a, prev, i);

		if (softnet_sum(p) == 0) {
			offline[i] = 1;
			continue;
		}
		if (softnet_sum(c) == 0) {
			*c = *p;
			offline[i] = 1;
		}
		softnet_add(all_c, c);
		softnet_add(all_p, p);
	}
	for (i = 0; i < n; i++) {
		const struct stats_softnet *c = item_at(a, curr, i), *p = item_at(a, prev, i);
		bool restart = svg_restart(v);

		if (!sar_cpu_selected(svg_sar(v), i))
			continue;
		if (offline[i]) {
			if (restart)
				c = &zero;
			restart = true;
		}
		put_rate32(v, p->processed, c->processed, itv);
		put_rate32(v, p->dropped, c->dropped, itv);
		put_rate32(v, p->time_squeeze, c->time_squeeze, itv);
		put_rate32(v, p->received_rps, c->received_rps, itv);
		put_rate32(v, p->flow_limit, c->flow_limit, itv);
		svg_put_u64(v, c->backlog_len);
		svg_row(v, i, restart);
	}
	free(offline);
}

/* -m FAN: the speed as a step from the previous reading. */
static void
fan_raw(struct svg *v, struct sar_act *a, struct sar_slot *prev, struct sar_slot *curr)
{
	uint32_t i;

	sar_slot_reserve(a, prev, curr->nr);
	for (i = 0; i < curr->nr; i++) {
		const struct stats_pwr_fan *c = item_at(a, curr, i), *p = item_at(a, prev, i);

		svg_put(v, c->rpm);
		svg_put(v, p->rpm);
		svg_row(v, i, svg_restart(v));
	}
}

/* A reading and where it stands between its bounds, in percent. */
static void
put_level(struct svg *v, double x, double lo, double hi)
{
	svg_put(v, x);
	svg_put(v, hi - lo != 0 ? (x - lo) / (hi - lo) * 100 : 0.0);
}

static void
temp_raw(struct svg *v, struct sar_act *a, struct sar_slot *prev, struct sar_slot *curr)
{
	uint32_t i;

	(void) prev;
	for (i = 0; i < curr->nr; i++) {
		const struct stats_pwr_temp *c = item_at(a, curr, i);

		put_level(v, c->temp, c->temp_min, c->temp_max);
		svg_row(v, i, svg_restart(v));
	}
}

static void
in_raw(struct svg *v, struct sar_act *a, struct sar_slot *prev, struct sar_slot *curr)
{
	uint32_t i;

	(void) prev;
	for (i = 0; i < curr->nr; i++) {
		const struct stats_pwr_in *c = item_at(a, curr, i);

		put_level(v, c->in, c->in_min, c->in_max);
		svg_row(v, i, svg_restart(v));
	}
}

/*
 * Sensors are named "<n>: <device>" from the slot sysstat looks at when
 * it draws; past the items it holds, the name is empty.
 */
static void
sensor_name(const struct sar_act *a, const struct sar_slot *sl, uint32_t i, char *buf, size_t len,
            size_t dev_off)
{
	const char *dev = "";

	if (i < sl->nr)
		dev = (const char *) item_at(a, sl, i) + dev_off;
	snprintf(buf, len, "%u: %.*s", i + 1, MAX_SENSORS_DEV_LEN - 1, dev);
}

static void
fan_name(const struct sar_act *a, const struct sar_slot *sl, uint32_t i, char *buf, size_t len)
{
	sensor_name(a, sl, i, buf, len, offsetof(struct stats_pwr_fan, device));
}

static void
temp_name(const struct sar_act *a, const struct sar_slot *sl, uint32_t i, char *buf, size_t len)
{
	sensor_name(a, sl, i, buf, len, offsetof(struct stats_pwr_temp, device));
}

static void
in_name(const struct sar_act *a, const struct sar_slot *sl, uint32_t i, char *buf, size_t len)
{
	sensor_name(a, sl, i, buf, len, offsetof(struct stats_pwr_in, device));
}

/*
 * -m BAT (12.7.5): each battery of the record, by its place in the record,
 * as a bar of its capacity.
 */
static void
bat_raw(struct svg *v, struct sar_act *a, struct sar_slot *prev, struct sar_slot *curr)
{
	uint32_t i;

	(void) prev;
	for (i = 0; i < curr->nr; i++) {
		const struct stats_pwr_bat *c = item_at(a, curr, i);

		svg_put(v, c->capacity);
		svg_row(v, i, svg_restart(v));
	}
}

/* "BAT<n>": counted once per name over the window, named from the slot drawn last. */
static void
bat_name(const struct sar_act *a, const struct sar_slot *sl, uint32_t i, char *buf, size_t len)
{
	unsigned id = 0;

	if (i < sl->nr)
		id = ((const struct stats_pwr_bat *) item_at(a, sl, i))->bat_id;
	snprintf(buf, len, "BAT%u", id);
}

static const struct svg_frame cpu_frames[] = {
        {"CPU utilization", 1, 5},
};
static const struct svg_series cpu_series[] = {
        {"%user", 1, 0, SVG_K_CPU},
        {"%nice", 2, 0, SVG_K_CPU},
        {"%system", 3, 0, SVG_K_CPU},
        {"%iowait", 4, 0, SVG_K_CPU},
        {"%steal", 5, 0, SVG_K_CPU},
        {"%idle", 6, 0, SVG_K_CPU},
};
static const struct svg_frame cpu_all_frames[] = {
        {"CPU utilization", 1, 9},
};
static const struct svg_series cpu_all_series[] = {
        {"%usr", 1, 0, SVG_K_CPU},
        {"%nice", 2, 0, SVG_K_CPU},
        {"%sys", 3, 0, SVG_K_CPU},
        {"%iowait", 4, 0, SVG_K_CPU},
        {"%steal", 5, 0, SVG_K_CPU},
        {"%irq", 6, 0, SVG_K_CPU},
        {"%soft", 7, 0, SVG_K_CPU},
        {"%guest", 8, 0, SVG_K_CPU},
        {"%gnice", 9, 0, SVG_K_CPU},
        {"%idle", 10, 0, SVG_K_CPU},
};
static const struct svg_frame pcsw_frames[] = {
        {"Task creation", 0, 1},
        {"Switching activity", 0, 1},
};
static const struct svg_series pcsw_series[] = {
        {"proc/s", 0, 0, SVG_K_RATE},
        {"cswch/s", 1, 0, SVG_K_RATE},
};
static const struct svg_frame swap_frames[] = {
        {"Swap activity", 0, 2},
};
static const struct svg_series swap_series[] = {
        {"pswpin/s", 0, 0, SVG_K_RATE},
        {"pswpout/s", 1, 0, SVG_K_RATE},
};
static const struct svg_frame paging_frames[] = {
        {"Paging activity (1)", 0, 2},
        {"Paging activity (2)", 0, 2},
        {"Paging activity (3)", 0, 4},
};
static const struct svg_series paging_series[] = {
        {"pgpgin/s", 0, 0, SVG_K_RATE},
        {"pgpgout/s", 1, 0, SVG_K_RATE},
        {"fault/s", 2, 0, SVG_K_RATE},
        {"majflt/s", 3, 0, SVG_K_RATE},
        {"pgfree/s", 4, 0, SVG_K_RATE},
        {"pgscank/s", 5, 0, SVG_K_RATE},
        {"pgscand/s", 6, 0, SVG_K_RATE},
        {"pgsteal/s", 7, 0, SVG_K_RATE},
};
/* 12.7.5: a fourth frame, of the pages promoted and demoted. */
static const struct svg_frame paging_1275_frames[] = {
        {"Paging activity (1)", 0, 2},
        {"Paging activity (2)", 0, 2},
        {"Paging activity (3)", 0, 4},
        {"Paging activity (4)", 0, 2},
};
static const struct svg_series paging_1275_series[] = {
        {"pgpgin/s", 0, 0, SVG_K_RATE},
        {"pgpgout/s", 1, 0, SVG_K_RATE},
        {"fault/s", 2, 0, SVG_K_RATE},
        {"majflt/s", 3, 0, SVG_K_RATE},
        {"pgfree/s", 4, 0, SVG_K_RATE},
        {"pgscank/s", 5, 0, SVG_K_RATE},
        {"pgscand/s", 6, 0, SVG_K_RATE},
        {"pgsteal/s", 7, 0, SVG_K_RATE},
        {"pgprom/s", 8, 0, SVG_K_RATE},
        {"pgdem/s", 9, 0, SVG_K_RATE},
};
static const struct svg_frame io_frames[] = {
        {"I/O and transfer rate statistics (1)", 0, 4},
        {"I/O and transfer rate statistics (2)", 0, 3},
};
static const struct svg_series io_series[] = {
        {"tps", 0, 0, SVG_K_RATE},
        {"rtps", 1, 0, SVG_K_RATE},
        {"wtps", 2, 0, SVG_K_RATE},
        {"dtps", 3, 0, SVG_K_RATE},
        {"bread/s", 4, 0, SVG_K_RATE},
        {"bwrtn/s", 5, 0, SVG_K_RATE},
        {"bdscd/s", 6, 0, SVG_K_RATE},
};
static const struct svg_frame memory_frames[] = {
        {"Memory utilization (1)", 0, 3},
        {"Memory utilization (2)", 1, 1},
        {"Memory utilization (3)", 0, 3},
        {"Memory utilization (4)", 1, 1},
        {"Memory utilization (5)", 0, 3},
        {"Memory utilization (6)", 0, 5},
};
static const struct svg_series memory_series[] = {
        {"MBmemfree", 0, 1024.0, SVG_K_LINE},
        {"MBavail", 1, 1024.0, SVG_K_LINE},
        {"MBmemused", 2, 1024.0, SVG_K_LINE},
        {"%memused", 3, 0, SVG_K_BAR},
        {"MBbuffers", 4, 1024.0, SVG_K_LINE},
        {"MBcached", 5, 1024.0, SVG_K_LINE},
        {"MBcommit", 6, 1024.0, SVG_K_LINE},
        {"%commit", 7, 0, SVG_K_BAR},
        {"MBactive", 8, 1024.0, SVG_K_LINE},
        {"MBinact", 9, 1024.0, SVG_K_LINE},
        {"MBdirty", 10, 1024.0, SVG_K_LINE},
        {"MBanonpg", 11, 1024.0, SVG_K_LINE},
        {"MBslab", 12, 1024.0, SVG_K_LINE},
        {"MBkstack", 13, 1024.0, SVG_K_LINE},
        {"MBpgtbl", 14, 1024.0, SVG_K_LINE},
        {"MBvmused", 15, 1024.0, SVG_K_LINE},
};
static const struct svg_frame memswap_frames[] = {
        {"Swap utilization (1)", 0, 3},
        {"Swap utilization (2)", 1, 1},
        {"Swap utilization (3)", 1, 1},
};
static const struct svg_series memswap_series[] = {
        {"MBswpfree", 0, 1024.0, SVG_K_LINE},
        {"MBswpused", 1, 1024.0, SVG_K_LINE},
        {"MBswpcad", 3, 1024.0, SVG_K_LINE},
        {"%swpused", 2, 0, SVG_K_BAR},
        {"%swpcad", 4, 0, SVG_K_BAR},
};
static const struct svg_frame ktables_frames[] = {
        {"Kernel tables statistics (1)", 0, 3},
        {"Kernel tables statistics (2)", 0, 1},
};
static const struct svg_series ktables_series[] = {
        {"~dentunusd", 0, 0, SVG_K_LINE},
        {"~file-nr", 1, 0, SVG_K_LINE},
        {"~inode-nr", 2, 0, SVG_K_LINE},
        {"~pty-nr", 3, 0, SVG_K_LINE},
};
static const struct svg_frame queue_frames[] = {
        {"Queue length", 0, 2},
        {"Task list statistics", 0, 1},
        {"Load average statistics", 0, 3},
};
static const struct svg_series queue_series[] = {
        {"~runq-sz", 0, 0, SVG_K_LINE},
        {"~blocked", 5, 0, SVG_K_LINE},
        {"~plist-sz", 1, 0, SVG_K_LINE},
        {"ldavg-1", 2, 0, SVG_K_LINE},
        {"ldavg-5", 3, 0, SVG_K_LINE},
        {"ldavg-15", 4, 0, SVG_K_LINE},
};
static const struct svg_frame disk_frames[] = {
        {"Block devices statistics (1)", 0, 1},
        {"Block devices statistics (2)", 0, 3},
        {"Block devices statistics (3)", 0, 2},
        {"Block devices statistics (4)", 0, 1},
        {"Block devices statistics (5)", 1, 1},
};
static const struct svg_series disk_series[] = {
        {"tps", 1, 0, SVG_K_RATE},
        {"rkB/s", 2, 0, SVG_K_LINE},
        {"wkB/s", 3, 0, SVG_K_LINE},
        {"dkB/s", 4, 0, SVG_K_LINE},
        {"areq-sz", 5, 0, SVG_K_LINE},
        {"aqu-sz", 6, 0, SVG_K_LINE},
        {"await", 7, 0, SVG_K_LINE},
        {"%util", 8, 0, SVG_K_BAR},
};
static const struct svg_frame net_dev_frames[] = {
        {"Network interfaces statistics (1)", 0, 2},
        {"Network interfaces statistics (2)", 0, 2},
        {"Network interfaces statistics (3)", 0, 3},
        {"Network interfaces statistics (4)", 1, 1},
};
static const struct svg_series net_dev_series[] = {
        {"rxpck/s", 1, 0, SVG_K_RATE},
        {"txpck/s", 2, 0, SVG_K_RATE},
        {"rxkB/s", 3, 0, SVG_K_RATE},
        {"txkB/s", 4, 0, SVG_K_RATE},
        {"rxcmp/s", 5, 0, SVG_K_RATE},
        {"txcmp/s", 6, 0, SVG_K_RATE},
        {"rxmcst/s", 7, 0, SVG_K_RATE},
        {"%ifutil", 8, 0, SVG_K_BAR},
};
static const struct svg_frame net_edev_frames[] = {
        {"Network interfaces errors statistics (1)", 0, 2},
        {"Network interfaces errors statistics (2)", 0, 2},
        {"Network interfaces errors statistics (3)", 0, 2},
        {"Network interfaces errors statistics (4)", 0, 3},
};
static const struct svg_series net_edev_series[] = {
        {"rxerr/s", 1, 0, SVG_K_RATE},
        {"txerr/s", 2, 0, SVG_K_RATE},
        {"rxdrop/s", 4, 0, SVG_K_RATE},
        {"txdrop/s", 5, 0, SVG_K_RATE},
        {"rxfifo/s", 8, 0, SVG_K_RATE},
        {"txfifo/s", 9, 0, SVG_K_RATE},
        {"coll/s", 3, 0, SVG_K_RATE},
        {"txcarr/s", 6, 0, SVG_K_RATE},
        {"rxfram/s", 7, 0, SVG_K_RATE},
};
static const struct svg_frame net_nfs_frames[] = {
        {"NFS client statistics (1)", 0, 2},
        {"NFS client statistics (2)", 0, 2},
        {"NFS client statistics (3)", 0, 2},
};
static const struct svg_series net_nfs_series[] = {
        {"call/s", 0, 0, SVG_K_RATE32},
        {"retrans/s", 1, 0, SVG_K_RATE32},
        {"read/s", 2, 0, SVG_K_RATE32},
        {"write/s", 3, 0, SVG_K_RATE32},
        {"access/s", 4, 0, SVG_K_RATE32},
        {"getatt/s", 5, 0, SVG_K_RATE32},
};
static const struct svg_frame net_nfsd_frames[] = {
        {"NFS server statistics (1)", 0, 2},
        {"NFS server statistics (2)", 0, 3},
        {"NFS server statistics (3)", 0, 2},
        {"NFS server statistics (4)", 0, 2},
        {"NFS server statistics (5)", 0, 2},
};
static const struct svg_series net_nfsd_series[] = {
        {"scall/s", 0, 0, SVG_K_RATE32},
        {"badcall/s", 1, 0, SVG_K_RATE32},
        {"packet/s", 2, 0, SVG_K_RATE32},
        {"udp/s", 3, 0, SVG_K_RATE32},
        {"tcp/s", 4, 0, SVG_K_RATE32},
        {"hit/s", 5, 0, SVG_K_RATE32},
        {"miss/s", 6, 0, SVG_K_RATE32},
        {"sread/s", 7, 0, SVG_K_RATE32},
        {"swrite/s", 8, 0, SVG_K_RATE32},
        {"saccess/s", 9, 0, SVG_K_RATE32},
        {"sgetatt/s", 10, 0, SVG_K_RATE32},
};
static const struct svg_frame net_sock_frames[] = {
        {"IPv4 sockets statistics (1)", 0, 1},
        {"IPv4 sockets statistics (2)", 0, 5},
};
static const struct svg_series net_sock_series[] = {
        {"~totsck", 0, 0, SVG_K_LINE},
        {"~tcpsck", 1, 0, SVG_K_LINE},
        {"~udpsck", 2, 0, SVG_K_LINE},
        {"~rawsck", 3, 0, SVG_K_LINE},
        {"~ip-frag", 4, 0, SVG_K_LINE},
        {"~tcp-tw", 5, 0, SVG_K_LINE},
};
static const struct svg_frame net_ip_frames[] = {
        {"IPv4 traffic statistics (1)", 0, 4},
        {"IPv4 traffic statistics (2)", 0, 2},
        {"IPv4 traffic statistics (3)", 0, 2},
};
static const struct svg_series net_ip_series[] = {
        {"irec/s", 0, 0, SVG_K_RATE},
        {"fwddgm/s", 1, 0, SVG_K_RATE},
        {"idel/s", 2, 0, SVG_K_RATE},
        {"orq/s", 3, 0, SVG_K_RATE},
        {"asmrq/s", 4, 0, SVG_K_RATE},
        {"asmok/s", 5, 0, SVG_K_RATE},
        {"fragok/s", 6, 0, SVG_K_RATE},
        {"fragcrt/s", 7, 0, SVG_K_RATE},
};
static const struct svg_frame net_eip_frames[] = {
        {"IPv4 traffic errors statistics (1)", 0, 3},
        {"IPv4 traffic errors statistics (2)", 0, 2},
        {"IPv4 traffic errors statistics (3)", 0, 3},
};
static const struct svg_series net_eip_series[] = {
        {"ihdrerr/s", 0, 0, SVG_K_RATE},
        {"iadrerr/s", 1, 0, SVG_K_RATE},
        {"iukwnpr/s", 2, 0, SVG_K_RATE},
        {"idisc/s", 3, 0, SVG_K_RATE},
        {"odisc/s", 4, 0, SVG_K_RATE},
        {"onort/s", 5, 0, SVG_K_RATE},
        {"asmf/s", 6, 0, SVG_K_RATE},
        {"fragf/s", 7, 0, SVG_K_RATE},
};
static const struct svg_frame net_icmp_frames[] = {
        {"ICMPv4 traffic statistics (1)", 0, 2},
        {"ICMPv4 traffic statistics (2)", 0, 4},
        {"ICMPv4 traffic statistics (3)", 0, 4},
        {"ICMPv4 traffic statistics (4)", 0, 4},
};
static const struct svg_series net_icmp_series[] = {
        {"imsg/s", 0, 0, SVG_K_RATE},
        {"omsg/s", 1, 0, SVG_K_RATE},
        {"iech/s", 2, 0, SVG_K_RATE},
        {"iechr/s", 3, 0, SVG_K_RATE},
        {"oech/s", 4, 0, SVG_K_RATE},
        {"oechr/s", 5, 0, SVG_K_RATE},
        {"itm/s", 6, 0, SVG_K_RATE},
        {"itmr/s", 7, 0, SVG_K_RATE},
        {"otm/s", 8, 0, SVG_K_RATE},
        {"otmr/s", 9, 0, SVG_K_RATE},
        {"iadrmk/s", 10, 0, SVG_K_RATE},
        {"iadrmkr/s", 11, 0, SVG_K_RATE},
        {"oadrmk/s", 12, 0, SVG_K_RATE},
        {"oadrmkr/s", 13, 0, SVG_K_RATE},
};
static const struct svg_frame net_eicmp_frames[] = {
        {"ICMPv4 traffic errors statistics (1)", 0, 2},
        {"ICMPv4 traffic errors statistics (2)", 0, 2},
        {"ICMPv4 traffic errors statistics (3)", 0, 2},
        {"ICMPv4 traffic errors statistics (4)", 0, 2},
        {"ICMPv4 traffic errors statistics (5)", 0, 2},
        {"ICMPv4 traffic errors statistics (6)", 0, 2},
};
static const struct svg_series net_eicmp_series[] = {
        {"ierr/s", 0, 0, SVG_K_RATE},
        {"oerr/s", 1, 0, SVG_K_RATE},
        {"idstunr/s", 2, 0, SVG_K_RATE},
        {"odstunr/s", 3, 0, SVG_K_RATE},
        {"itmex/s", 4, 0, SVG_K_RATE},
        {"otmex/s", 5, 0, SVG_K_RATE},
        {"iparmpb/s", 6, 0, SVG_K_RATE},
        {"oparmpb/s", 7, 0, SVG_K_RATE},
        {"isrcq/s", 8, 0, SVG_K_RATE},
        {"osrcq/s", 9, 0, SVG_K_RATE},
        {"iredir/s", 10, 0, SVG_K_RATE},
        {"oredir/s", 11, 0, SVG_K_RATE},
};
static const struct svg_frame net_tcp_frames[] = {
        {"TCPv4 traffic statistics (1)", 0, 2},
        {"TCPv4 traffic statistics (2)", 0, 2},
};
static const struct svg_series net_tcp_series[] = {
        {"active/s", 0, 0, SVG_K_RATE},
        {"passive/s", 1, 0, SVG_K_RATE},
        {"iseg/s", 2, 0, SVG_K_RATE},
        {"oseg/s", 3, 0, SVG_K_RATE},
};
static const struct svg_frame net_etcp_frames[] = {
        {"TCPv4 traffic errors statistics (1)", 0, 2},
        {"TCPv4 traffic errors statistics (2)", 0, 3},
};
static const struct svg_series net_etcp_series[] = {
        {"atmptf/s", 0, 0, SVG_K_RATE},
        {"estres/s", 1, 0, SVG_K_RATE},
        {"retrans/s", 2, 0, SVG_K_RATE},
        {"isegerr/s", 3, 0, SVG_K_RATE},
        {"orsts/s", 4, 0, SVG_K_RATE},
};
static const struct svg_frame net_udp_frames[] = {
        {"UDPv4 traffic statistics (1)", 0, 2},
        {"UDPv4 traffic statistics (2)", 0, 2},
};
static const struct svg_series net_udp_series[] = {
        {"idgm/s", 0, 0, SVG_K_RATE},
        {"odgm/s", 1, 0, SVG_K_RATE},
        {"noport/s", 2, 0, SVG_K_RATE},
        {"idgmerr/s", 3, 0, SVG_K_RATE},
};
static const struct svg_frame net_sock6_frames[] = {
        {"IPv6 sockets statistics", 0, 4},
};
static const struct svg_series net_sock6_series[] = {
        {"~tcp6sck", 0, 0, SVG_K_LINE},
        {"~udp6sck", 1, 0, SVG_K_LINE},
        {"~raw6sck", 2, 0, SVG_K_LINE},
        {"~ip6-frag", 3, 0, SVG_K_LINE},
};
static const struct svg_frame net_ip6_frames[] = {
        {"IPv6 traffic statistics (1)", 0, 4},
        {"IPv6 traffic statistics (2)", 0, 2},
        {"IPv6 traffic statistics (3)", 0, 2},
        {"IPv6 traffic statistics (4)", 0, 2},
};
static const struct svg_series net_ip6_series[] = {
        {"irec6/s", 0, 0, SVG_K_RATE},
        {"fwddgm6/s", 1, 0, SVG_K_RATE},
        {"idel6/s", 2, 0, SVG_K_RATE},
        {"orq6/s", 3, 0, SVG_K_RATE},
        {"asmrq6/s", 4, 0, SVG_K_RATE},
        {"asmok6/s", 5, 0, SVG_K_RATE},
        {"imcpck6/s", 6, 0, SVG_K_RATE},
        {"omcpck6/s", 7, 0, SVG_K_RATE},
        {"fragok6/s", 8, 0, SVG_K_RATE},
        {"fragcr6/s", 9, 0, SVG_K_RATE},
};
static const struct svg_frame net_eip6_frames[] = {
        {"IPv6 traffic errors statistics (1)", 0, 4},
        {"IPv6 traffic errors statistics (2)", 0, 2},
        {"IPv6 traffic errors statistics (3)", 0, 2},
        {"IPv6 traffic errors statistics (4)", 0, 3},
};
static const struct svg_series net_eip6_series[] = {
        {"ihdrer6/s", 0, 0, SVG_K_RATE},
        {"iadrer6/s", 1, 0, SVG_K_RATE},
        {"iukwnp6/s", 2, 0, SVG_K_RATE},
        {"i2big6/s", 3, 0, SVG_K_RATE},
        {"idisc6/s", 4, 0, SVG_K_RATE},
        {"odisc6/s", 5, 0, SVG_K_RATE},
        {"inort6/s", 6, 0, SVG_K_RATE},
        {"onort6/s", 7, 0, SVG_K_RATE},
        {"asmf6/s", 8, 0, SVG_K_RATE},
        {"fragf6/s", 9, 0, SVG_K_RATE},
        {"itrpck6/s", 10, 0, SVG_K_RATE},
};
static const struct svg_frame net_icmp6_frames[] = {
        {"ICMPv6 traffic statistics (1)", 0, 2},
        {"ICMPv6 traffic statistics (2)", 0, 3},
        {"ICMPv6 traffic statistics (3)", 0, 5},
        {"ICMPv6 traffic statistics (4)", 0, 3},
        {"ICMPv6 traffic statistics (5)", 0, 4},
};
static const struct svg_series net_icmp6_series[] = {
        {"imsg6/s", 0, 0, SVG_K_RATE},
        {"omsg6/s", 1, 0, SVG_K_RATE},
        {"iech6/s", 2, 0, SVG_K_RATE},
        {"iechr6/s", 3, 0, SVG_K_RATE},
        {"oechr6/s", 4, 0, SVG_K_RATE},
        {"igmbq6/s", 5, 0, SVG_K_RATE},
        {"igmbr6/s", 6, 0, SVG_K_RATE},
        {"ogmbr6/s", 7, 0, SVG_K_RATE},
        {"igmbrd6/s", 8, 0, SVG_K_RATE},
        {"ogmbrd6/s", 9, 0, SVG_K_RATE},
        {"irtsol6/s", 10, 0, SVG_K_RATE},
        {"ortsol6/s", 11, 0, SVG_K_RATE},
        {"irtad6/s", 12, 0, SVG_K_RATE},
        {"inbsol6/s", 13, 0, SVG_K_RATE},
        {"onbsol6/s", 14, 0, SVG_K_RATE},
        {"inbad6/s", 15, 0, SVG_K_RATE},
        {"onbad6/s", 16, 0, SVG_K_RATE},
};
static const struct svg_frame net_eicmp6_frames[] = {
        {"ICMPv6 traffic errors statistics (1)", 0, 1},
        {"ICMPv6 traffic errors statistics (2)", 0, 2},
        {"ICMPv6 traffic errors statistics (3)", 0, 2},
        {"ICMPv6 traffic errors statistics (4)", 0, 2},
        {"ICMPv6 traffic errors statistics (5)", 0, 2},
        {"ICMPv6 traffic errors statistics (6)", 0, 2},
};
static const struct svg_series net_eicmp6_series[] = {
        {"ierr6/s", 0, 0, SVG_K_RATE},
        {"idtunr6/s", 1, 0, SVG_K_RATE},
        {"odtunr6/s", 2, 0, SVG_K_RATE},
        {"itmex6/s", 3, 0, SVG_K_RATE},
        {"otmex6/s", 4, 0, SVG_K_RATE},
        {"iprmpb6/s", 5, 0, SVG_K_RATE},
        {"oprmpb6/s", 6, 0, SVG_K_RATE},
        {"iredir6/s", 7, 0, SVG_K_RATE},
        {"oredir6/s", 8, 0, SVG_K_RATE},
        {"ipck2b6/s", 9, 0, SVG_K_RATE},
        {"opck2b6/s", 10, 0, SVG_K_RATE},
};
static const struct svg_frame net_udp6_frames[] = {
        {"UDPv6 traffic statistics (1)", 0, 2},
        {"UDPv6 traffic statistics (2)", 0, 2},
};
static const struct svg_series net_udp6_series[] = {
        {"idgm6/s", 0, 0, SVG_K_RATE},
        {"odgm6/s", 1, 0, SVG_K_RATE},
        {"noport6/s", 2, 0, SVG_K_RATE},
        {"idgmer6/s", 3, 0, SVG_K_RATE},
};
static const struct svg_frame pwr_cpu_frames[] = {
        {"CPU clock frequency", 0, 1},
};
static const struct svg_series pwr_cpu_series[] = {
        {"MHz", 0, 0, SVG_K_STEP},
};
static const struct svg_frame huge_frames[] = {
        {"Huge pages utilization (1)", 0, 4},
        {"Huge pages utilization (2)", 1, 1},
};
static const struct svg_series huge_series[] = {
        {"~kbhugfree", 0, 0, SVG_K_LINE},
        {"~kbhugused", 1, 0, SVG_K_LINE},
        {"~kbhugrsvd", 3, 0, SVG_K_LINE},
        {"~kbhugsurp", 4, 0, SVG_K_LINE},
        {"%hugused", 2, 0, SVG_K_BAR},
};
static const struct svg_frame fs_frames[] = {
        {"Filesystems statistics (1)", 0, 2},
        {"Filesystems statistics (2)", 1, 2},
        {"Filesystems statistics (3)", 0, 2},
        {"Filesystems statistics (4)", 1, 1},
};
static const struct svg_series fs_series[] = {
        {"~MBfsfree", 1, 0, SVG_K_LINE},
        {"~MBfsused", 2, 0, SVG_K_LINE},
        {"%ufsused", 4, 0, SVG_K_BAR},
        {"%fsused", 3, 0, SVG_K_BAR},
        {"Ifree/1000", 5, 1000.0, SVG_K_LINE},
        {"Iused/1000", 6, 1000.0, SVG_K_LINE},
        {"%Iused", 7, 0, SVG_K_BAR},
};
static const struct svg_frame fs_mount_frames[] = {
        {"Filesystems statistics (1)", 0, 2},
        {"Filesystems statistics (2)", 1, 2},
        {"Filesystems statistics (3)", 0, 2},
        {"Filesystems statistics (4)", 1, 1},
};
static const struct svg_series fs_mount_series[] = {
        {"~MBfsfree", 1, 0, SVG_K_LINE},
        {"~MBfsused", 2, 0, SVG_K_LINE},
        {"%ufsused", 4, 0, SVG_K_BAR},
        {"%fsused", 3, 0, SVG_K_BAR},
        {"Ifree/1000", 5, 1000.0, SVG_K_LINE},
        {"Iused/1000", 6, 1000.0, SVG_K_LINE},
        {"%Iused", 7, 0, SVG_K_BAR},
};
static const struct svg_frame net_fc_frames[] = {
        {"Fibre Channel HBA statistics (1)", 0, 2},
        {"Fibre Channel HBA statistics (2)", 0, 2},
};
static const struct svg_series net_fc_series[] = {
        {"fch_rxf/s", 1, 0, SVG_K_RATE32},
        {"fch_txf/s", 2, 0, SVG_K_RATE32},
        {"fch_rxw/s", 3, 0, SVG_K_RATE32},
        {"fch_txw/s", 4, 0, SVG_K_RATE32},
};
static const struct svg_frame softnet_frames[] = {
        {"Software-based network processing statistics (1)", 0, 2},
        {"Software-based network processing statistics (2)", 0, 3},
        {"Software-based network processing statistics (3)", 0, 1},
};
static const struct svg_series softnet_series[] = {
        {"total/s", 0, 0, SVG_K_LINE},
        {"dropd/s", 1, 0, SVG_K_LINE},
        {"squeezd/s", 2, 0, SVG_K_LINE},
        {"rx_rps/s", 3, 0, SVG_K_LINE},
        {"flw_lim/s", 4, 0, SVG_K_LINE},
        {"~blg_len", 5, 0, SVG_K_LINE},
};
static const struct svg_frame fan_frames[] = {
        {"Fans speed", 0, 1},
};
static const struct svg_series fan_series[] = {
        {"~rpm", 0, 0, SVG_K_STEP},
};
static const struct svg_frame temp_frames[] = {
        {"Devices temperature (1)", 0, 1},
        {"Devices temperature (2)", 1, 1},
};
static const struct svg_series temp_series[] = {
        {"~degC", 0, 0, SVG_K_LINE},
        {"%temp", 1, 0, SVG_K_BAR},
};
static const struct svg_frame in_frames[] = {
        {"Voltage inputs statistics (1)", 0, 1},
        {"Voltage inputs statistics (2)", 1, 1},
};
static const struct svg_series in_series[] = {
        {"inV", 0, 0, SVG_K_LINE},
        {"%in", 1, 0, SVG_K_BAR},
};
static const struct svg_frame bat_frames[] = {
        {"Batteries capacity", 1, 1},
};
static const struct svg_series bat_series[] = {
        {"~%cap", 0, 0, SVG_K_BAR},
};
static const struct svg_frame psi_cpu_frames[] = {
        {"CPU pressure trends (some tasks)", 0, 3},
        {"CPU stall time (some tasks)", 1, 1},
};
static const struct svg_series psi_cpu_series[] = {
        {"%scpu-10", 0, 0, SVG_K_LINE},
        {"%scpu-60", 1, 0, SVG_K_LINE},
        {"%scpu-300", 2, 0, SVG_K_LINE},
        {"%scpu", 3, 0, SVG_K_BAR},
};
static const struct svg_frame psi_io_frames[] = {
        {"I/O pressure trends (some tasks)", 0, 3},
        {"I/O stall time (some tasks)", 1, 1},
        {"I/O pressure trends (full)", 0, 3},
        {"I/O stall time (full)", 1, 1},
};
static const struct svg_series psi_io_series[] = {
        {"%sio-10", 0, 0, SVG_K_LINE},
        {"%sio-60", 1, 0, SVG_K_LINE},
        {"%sio-300", 2, 0, SVG_K_LINE},
        {"%sio", 3, 0, SVG_K_BAR},
        {"%fio-10", 4, 0, SVG_K_LINE},
        {"%fio-60", 5, 0, SVG_K_LINE},
        {"%fio-300", 6, 0, SVG_K_LINE},
        {"%fio", 7, 0, SVG_K_BAR},
};
static const struct svg_frame psi_mem_frames[] = {
        {"Memory pressure trends (some tasks)", 0, 3},
        {"Memory stall time (some tasks)", 1, 1},
        {"Memory pressure trends (full)", 0, 3},
        {"Memory stall time (full)", 1, 1},
};
static const struct svg_series psi_mem_series[] = {
        {"%smem-10", 0, 0, SVG_K_LINE},
        {"%smem-60", 1, 0, SVG_K_LINE},
        {"%smem-300", 2, 0, SVG_K_LINE},
        {"%smem", 3, 0, SVG_K_BAR},
        {"%fmem-10", 4, 0, SVG_K_LINE},
        {"%fmem-60", 5, 0, SVG_K_LINE},
        {"%fmem-300", 6, 0, SVG_K_LINE},
        {"%fmem", 7, 0, SVG_K_BAR},
};

static const struct svg_graphs table[] = {
        {A_CPU, &view_cpu, 0, 1, "CPU utilization", SVG_I_CPU, 0, SVG_F_SKIP_VOID | SVG_F_SHOWIDLE | SVG_F_XID_COUNT, cpu_frames, N(cpu_frames), cpu_series, N(cpu_series), NULL, NULL, SVG_V_ALL},
        {A_CPU, &view_cpu_all, 0, 1, "CPU utilization", SVG_I_CPU, 0, SVG_F_SKIP_VOID | SVG_F_SHOWIDLE | SVG_F_XID_COUNT, cpu_all_frames, N(cpu_all_frames), cpu_all_series, N(cpu_all_series), NULL, NULL, SVG_V_ALL},
        {A_PCSW, &view_pcsw, 0, 2, "Task creation and switching activity", SVG_I_NONE, 0, 0, pcsw_frames, N(pcsw_frames), pcsw_series, N(pcsw_series), NULL, NULL, SVG_V_ALL},
        {A_SWAP, &view_swap, 0, 1, "Swap activity", SVG_I_NONE, 0, 0, swap_frames, N(swap_frames), swap_series, N(swap_series), NULL, NULL, SVG_V_ALL},
        {A_PAGE, &view_paging, 0, 3, "Paging activity", SVG_I_NONE, 0, 0, paging_frames, N(paging_frames), paging_series, N(paging_series), NULL, NULL, SVG_V_1261},
        {A_PAGE, &view_paging_1275, 0, 4, "Paging activity", SVG_I_NONE, 0, 0, paging_1275_frames, N(paging_1275_frames), paging_1275_series, N(paging_1275_series), NULL, NULL, SVG_V_1275},
        {A_IO, &view_io, 0, 2, "I/O and transfer rate statistics", SVG_I_NONE, 0, 0, io_frames, N(io_frames), io_series, N(io_series), NULL, NULL, SVG_V_ALL},
        {A_MEMORY, &view_memory, 0, 9, "Memory and/or swap utilization", SVG_I_NONE, 0, SVG_F_MEM_ALL | SVG_F_XID_SHARED, memory_frames, N(memory_frames), memory_series, N(memory_series), NULL, NULL, SVG_V_ALL},
        {A_MEMORY, &view_memswap, 0, 9, "Memory and/or swap utilization", SVG_I_NONE, 0, SVG_F_XID_SHARED, memswap_frames, N(memswap_frames), memswap_series, N(memswap_series), NULL, NULL, SVG_V_ALL},
        {A_KTABLES, &view_ktables, 0, 2, "Kernel tables statistics", SVG_I_NONE, 0, 0, ktables_frames, N(ktables_frames), ktables_series, N(ktables_series), NULL, NULL, SVG_V_ALL},
        {A_QUEUE, &view_queue, 0, 3, "Queue length and load average statistics", SVG_I_NONE, 0, 0, queue_frames, N(queue_frames), queue_series, N(queue_series), NULL, NULL, SVG_V_ALL},
        {A_DISK, &view_disk, 0, 5, "Block devices statistics", SVG_I_NAMED, 0, SVG_F_XID_COUNT, disk_frames, N(disk_frames), disk_series, N(disk_series), NULL, NULL, SVG_V_ALL},
        {A_NET_DEV, &view_net_dev, 0, 4, "Network interfaces statistics", SVG_I_NAMED, 0, SVG_F_XID_COUNT, net_dev_frames, N(net_dev_frames), net_dev_series, N(net_dev_series), NULL, NULL, SVG_V_ALL},
        {A_NET_EDEV, &view_net_edev, 0, 4, "Network interfaces errors statistics", SVG_I_NAMED, 0, SVG_F_XID_COUNT, net_edev_frames, N(net_edev_frames), net_edev_series, N(net_edev_series), NULL, NULL, SVG_V_ALL},
        {A_NET_NFS, &view_net_nfs, 0, 3, "NFS client statistics", SVG_I_NONE, 0, 0, net_nfs_frames, N(net_nfs_frames), net_nfs_series, N(net_nfs_series), NULL, NULL, SVG_V_ALL},
        {A_NET_NFSD, &view_net_nfsd, 0, 5, "NFS server statistics", SVG_I_NONE, 0, 0, net_nfsd_frames, N(net_nfsd_frames), net_nfsd_series, N(net_nfsd_series), NULL, NULL, SVG_V_ALL},
        {A_NET_SOCK, &view_net_sock, 0, 2, "IPv4 sockets statistics", SVG_I_NONE, 0, 0, net_sock_frames, N(net_sock_frames), net_sock_series, N(net_sock_series), NULL, NULL, SVG_V_ALL},
        {A_NET_IP, &view_net_ip, 0, 3, "IPv4 traffic statistics", SVG_I_NONE, 0, 0, net_ip_frames, N(net_ip_frames), net_ip_series, N(net_ip_series), NULL, NULL, SVG_V_ALL},
        {A_NET_EIP, &view_net_eip, 0, 3, "IPv4 traffic errors statistics", SVG_I_NONE, 0, 0, net_eip_frames, N(net_eip_frames), net_eip_series, N(net_eip_series), NULL, NULL, SVG_V_ALL},
        {A_NET_ICMP, &view_net_icmp, 0, 4, "ICMPv4 traffic statistics", SVG_I_NONE, 0, 0, net_icmp_frames, N(net_icmp_frames), net_icmp_series, N(net_icmp_series), NULL, NULL, SVG_V_ALL},
        {A_NET_EICMP, &view_net_eicmp, 0, 6, "ICMPv4 traffic errors statistics", SVG_I_NONE, 0, 0, net_eicmp_frames, N(net_eicmp_frames), net_eicmp_series, N(net_eicmp_series), NULL, NULL, SVG_V_ALL},
        {A_NET_TCP, &view_net_tcp, 0, 2, "TCPv4 traffic statistics", SVG_I_NONE, 0, 0, net_tcp_frames, N(net_tcp_frames), net_tcp_series, N(net_tcp_series), NULL, NULL, SVG_V_ALL},
        {A_NET_ETCP, &view_net_etcp, 0, 2, "TCPv4 traffic errors statistics", SVG_I_NONE, 0, 0, net_etcp_frames, N(net_etcp_frames), net_etcp_series, N(net_etcp_series), NULL, NULL, SVG_V_ALL},
        {A_NET_UDP, &view_net_udp, 0, 2, "UDPv4 traffic statistics", SVG_I_NONE, 0, 0, net_udp_frames, N(net_udp_frames), net_udp_series, N(net_udp_series), NULL, NULL, SVG_V_ALL},
        {A_NET_SOCK6, &view_net_sock6, 0, 1, "IPv6 sockets statistics", SVG_I_NONE, 0, 0, net_sock6_frames, N(net_sock6_frames), net_sock6_series, N(net_sock6_series), NULL, NULL, SVG_V_ALL},
        {A_NET_IP6, &view_net_ip6, 0, 4, "IPv6 traffic statistics", SVG_I_NONE, 0, 0, net_ip6_frames, N(net_ip6_frames), net_ip6_series, N(net_ip6_series), NULL, NULL, SVG_V_ALL},
        {A_NET_EIP6, &view_net_eip6, 0, 4, "IPv6 traffic errors statistics", SVG_I_NONE, 0, 0, net_eip6_frames, N(net_eip6_frames), net_eip6_series, N(net_eip6_series), NULL, NULL, SVG_V_ALL},
        {A_NET_ICMP6, &view_net_icmp6, 0, 5, "ICMPv6 traffic statistics", SVG_I_NONE, 0, 0, net_icmp6_frames, N(net_icmp6_frames), net_icmp6_series, N(net_icmp6_series), NULL, NULL, SVG_V_ALL},
        {A_NET_EICMP6, &view_net_eicmp6, 0, 6, "ICMPv6 traffic errors statistics", SVG_I_NONE, 0, 0, net_eicmp6_frames, N(net_eicmp6_frames), net_eicmp6_series, N(net_eicmp6_series), NULL, NULL, SVG_V_ALL},
        {A_NET_UDP6, &view_net_udp6, 0, 2, "UDPv6 traffic statistics", SVG_I_NONE, 0, 0, net_udp6_frames, N(net_udp6_frames), net_udp6_series, N(net_udp6_series), NULL, NULL, SVG_V_ALL},
        {A_PWR_CPU, NULL, SAR_O_MAIN, 1, "CPU clock frequency", SVG_I_RAWCPU, 0, SVG_F_SKIP_ZERO | SVG_F_SKIP_VOID | SVG_F_XID_COUNT, pwr_cpu_frames, N(pwr_cpu_frames), pwr_cpu_series, N(pwr_cpu_series), cpufreq_raw, NULL, SVG_V_ALL},
        {A_PWR_FAN, NULL, SAR_O_MAIN, 1, "Fans speed", SVG_I_RAWDEV, 0, SVG_F_XID_COUNT, fan_frames, N(fan_frames), fan_series, N(fan_series), fan_raw, fan_name, SVG_V_ALL},
        {A_PWR_TEMP, NULL, SAR_O_MAIN, 2, "Devices temperature", SVG_I_RAWDEV, 0, SVG_F_XID_COUNT, temp_frames, N(temp_frames), temp_series, N(temp_series), temp_raw, temp_name, SVG_V_ALL},
        {A_PWR_IN, NULL, SAR_O_MAIN, 2, "Voltage inputs statistics", SVG_I_RAWDEV, 0, SVG_F_XID_COUNT, in_frames, N(in_frames), in_series, N(in_series), in_raw, in_name, SVG_V_ALL},
        {A_PWR_BAT, NULL, SAR_O_MAIN, 1, "Batteries capacity", SVG_I_RAWDEV, 0, SVG_F_XID_COUNT | SVG_F_COUNT_NAMES, bat_frames, N(bat_frames), bat_series, N(bat_series), bat_raw, bat_name, SVG_V_1275},
        {A_HUGE, &view_huge, 0, 2, "Huge pages utilization", SVG_I_NONE, 0, 0, huge_frames, N(huge_frames), huge_series, N(huge_series), NULL, NULL, SVG_V_ALL},
        {A_FS, &view_fs, 0, 4, "Filesystems statistics", SVG_I_NAMED, 0, SVG_F_XID_COUNT, fs_frames, N(fs_frames), fs_series, N(fs_series), NULL, NULL, SVG_V_ALL},
        {A_FS, &view_fs_mount, 0, 4, "Filesystems statistics", SVG_I_NAMED, 0, SVG_F_XID_COUNT, fs_mount_frames, N(fs_mount_frames), fs_mount_series, N(fs_mount_series), NULL, NULL, SVG_V_ALL},
        {A_NET_FC, &view_net_fc, 0, 2, "Fibre Channel HBA statistics", SVG_I_NAMED, 0, SVG_F_XID_ITEM, net_fc_frames, N(net_fc_frames), net_fc_series, N(net_fc_series), NULL, NULL, SVG_V_ALL},
        {A_NET_SOFT, NULL, SAR_O_MAIN, 3, "Software-based network processing statistics", SVG_I_RAWCPU, 0, SVG_F_XID_ITEM, softnet_frames, N(softnet_frames), softnet_series, N(softnet_series), softnet_raw, NULL, SVG_V_ALL},
        {A_PSI_CPU, &view_psi_cpu, 0, 2, "Pressure-stall CPU statistics", SVG_I_NONE, 0, 0, psi_cpu_frames, N(psi_cpu_frames), psi_cpu_series, N(psi_cpu_series), NULL, NULL, SVG_V_ALL},
        {A_PSI_IO, &view_psi_io, 0, 4, "Pressure-stall I/O statistics", SVG_I_NONE, 0, 0, psi_io_frames, N(psi_io_frames), psi_io_series, N(psi_io_series), NULL, NULL, SVG_V_ALL},
        {A_PSI_MEM, &view_psi_mem, 0, 4, "Pressure-stall memory statistics", SVG_I_NONE, 0, 0, psi_mem_frames, N(psi_mem_frames), psi_mem_series, N(psi_mem_series), NULL, NULL, SVG_V_ALL},
};

size_t
svg_graphs_count(void)
{
	return N(table);
}

const struct svg_graphs *
svg_graphs_at(size_t i)
{
	return i < N(table) ? &table[i] : NULL;
}
