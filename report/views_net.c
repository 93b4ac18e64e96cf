/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The network family of sar views (-n DEV, EDEV, NFS, NFSD, SOCK, IP, EIP,
 * ICMP, EICMP, TCP, ETCP, UDP, SOCK6, IP6, EIP6, ICMP6, EICMP6, UDP6, FC;
 * doc/activities.md §6).
 *
 * Nearly every column of the family is the per-second rate of one counter,
 * so the views are tables of columns ({offset, type}) walked by three
 * printers: single-item rates, single-item levels (the socket counts), and
 * named items (interfaces and FC hosts), which are matched by name with the
 * previous sample.
 *
 * sadf prints the same rows (its sink in struct sar): every view has its
 * sadf names, all in the "network" group. sadf's rows differ from sar's in
 * three ways only: the item always comes first, -z hides nothing, and the
 * byte rates are kB/s even with --human.
 */
#include <stddef.h>
#include <string.h>

#include "engine.h"
#include "options.h"
#include "render.h"
#include "views.h"
#include "xstats.h"
#include "common/activity.h"
#include "common/layout.h"
#include "common/banned.h"

/* ---- columns ---- */

enum col_type {
	COL_U32, /* unsigned int counters */
	COL_U64, /* u64 counters and unsigned long slots (64 bits on disk) */
};

/* One counter of an item. */
struct net_col {
	uint16_t off;
	uint8_t type;
};

#define C32(st, m)                                                                                 \
	{                                                                                          \
		offsetof(struct st, m), COL_U32                                                    \
	}
#define C64(st, m)                                                                                 \
	{                                                                                          \
		offsetof(struct st, m), COL_U64                                                    \
	}
#define N_COLS(t) (sizeof(t) / sizeof((t)[0]))

static uint64_t
col_value(const void *item, const struct net_col *c)
{
	const unsigned char *p = (const unsigned char *) item + c->off;
	uint32_t v32;
	uint64_t v64;

	if (c->type == COL_U32) {
		memcpy(&v32, p, sizeof(v32));
		return v32;
	}
	memcpy(&v64, p, sizeof(v64));
	return v64;
}

/* The rate of a counter, the difference taken in the counter's own unsigned type. */
static double
col_rate(const struct net_col *c, const void *prev, const void *curr, uint64_t itv)
{
	uint64_t d = col_value(curr, c) - col_value(prev, c);

	if (c->type == COL_U32)
		d = (uint32_t) d;
	return (double) d / (double) itv * 100;
}

static void
out_rates(struct sar *s, const struct net_col *cols, size_t n, const void *prev, const void *curr,
          uint64_t itv)
{
	size_t i;

	for (i = 0; i < n; i++) {
		sar_xstats_rate(s, col_value(prev, &cols[i]), col_value(curr, &cols[i]));
		sar_out_f(s, col_rate(&cols[i], prev, curr, itv));
	}
}

/* The start of a row of a single-item view: the header when due, then the time. */
static void
row_start(struct sar *s, const struct sar_view *v, const struct sar_act *a)
{
	if (s->dish)
		sar_out_header(s, v, s->ts_prev, a, NULL);
	sar_out_ts(s, s->ts_curr);
}

/* ---- single-item rate views ---- */

static const struct net_col nfs_cols[] = {
        C32(stats_net_nfs, nfs_rpccnt),    C32(stats_net_nfs, nfs_rpcretrans),
        C32(stats_net_nfs, nfs_readcnt),   C32(stats_net_nfs, nfs_writecnt),
        C32(stats_net_nfs, nfs_accesscnt), C32(stats_net_nfs, nfs_getattcnt),
};

static const struct net_col nfsd_cols[] = {
        C32(stats_net_nfsd, nfsd_rpccnt),    C32(stats_net_nfsd, nfsd_rpcbad),
        C32(stats_net_nfsd, nfsd_netcnt),    C32(stats_net_nfsd, nfsd_netudpcnt),
        C32(stats_net_nfsd, nfsd_nettcpcnt), C32(stats_net_nfsd, nfsd_rchits),
        C32(stats_net_nfsd, nfsd_rcmisses),  C32(stats_net_nfsd, nfsd_readcnt),
        C32(stats_net_nfsd, nfsd_writecnt),  C32(stats_net_nfsd, nfsd_accesscnt),
        C32(stats_net_nfsd, nfsd_getattcnt),
};

static const struct net_col ip_cols[] = {
        C64(stats_net_ip, in_receives), C64(stats_net_ip, forw_datagrams),
        C64(stats_net_ip, in_delivers), C64(stats_net_ip, out_requests),
        C64(stats_net_ip, reasm_reqds), C64(stats_net_ip, reasm_oks),
        C64(stats_net_ip, frag_oks),    C64(stats_net_ip, frag_creates),
};

static const struct net_col eip_cols[] = {
        C64(stats_net_eip, in_hdr_errors),     C64(stats_net_eip, in_addr_errors),
        C64(stats_net_eip, in_unknown_protos), C64(stats_net_eip, in_discards),
        C64(stats_net_eip, out_discards),      C64(stats_net_eip, out_no_routes),
        C64(stats_net_eip, reasm_fails),       C64(stats_net_eip, frag_fails),
};

static const struct net_col icmp_cols[] = {
        C64(stats_net_icmp, in_msgs),        C64(stats_net_icmp, out_msgs),
        C64(stats_net_icmp, in_echos),       C64(stats_net_icmp, in_echo_reps),
        C64(stats_net_icmp, out_echos),      C64(stats_net_icmp, out_echo_reps),
        C64(stats_net_icmp, in_timestamps),  C64(stats_net_icmp, in_timestamp_reps),
        C64(stats_net_icmp, out_timestamps), C64(stats_net_icmp, out_timestamp_reps),
        C64(stats_net_icmp, in_addr_masks),  C64(stats_net_icmp, in_addr_mask_reps),
        C64(stats_net_icmp, out_addr_masks), C64(stats_net_icmp, out_addr_mask_reps),
};

static const struct net_col eicmp_cols[] = {
        C64(stats_net_eicmp, in_errors),        C64(stats_net_eicmp, out_errors),
        C64(stats_net_eicmp, in_dest_unreachs), C64(stats_net_eicmp, out_dest_unreachs),
        C64(stats_net_eicmp, in_time_excds),    C64(stats_net_eicmp, out_time_excds),
        C64(stats_net_eicmp, in_parm_probs),    C64(stats_net_eicmp, out_parm_probs),
        C64(stats_net_eicmp, in_src_quenchs),   C64(stats_net_eicmp, out_src_quenchs),
        C64(stats_net_eicmp, in_redirects),     C64(stats_net_eicmp, out_redirects),
};

static const struct net_col tcp_cols[] = {
        C64(stats_net_tcp, active_opens),
        C64(stats_net_tcp, passive_opens),
        C64(stats_net_tcp, in_segs),
        C64(stats_net_tcp, out_segs),
};

static const struct net_col etcp_cols[] = {
        C64(stats_net_etcp, attempt_fails), C64(stats_net_etcp, estab_resets),
        C64(stats_net_etcp, retrans_segs),  C64(stats_net_etcp, in_errs),
        C64(stats_net_etcp, out_rsts),
};

static const struct net_col udp_cols[] = {
        C64(stats_net_udp, in_datagrams),
        C64(stats_net_udp, out_datagrams),
        C64(stats_net_udp, no_ports),
        C64(stats_net_udp, in_errors),
};

static const struct net_col ip6_cols[] = {
        C64(stats_net_ip6, in_receives6),   C64(stats_net_ip6, out_forw_datagrams6),
        C64(stats_net_ip6, in_delivers6),   C64(stats_net_ip6, out_requests6),
        C64(stats_net_ip6, reasm_reqds6),   C64(stats_net_ip6, reasm_oks6),
        C64(stats_net_ip6, in_mcast_pkts6), C64(stats_net_ip6, out_mcast_pkts6),
        C64(stats_net_ip6, frag_oks6),      C64(stats_net_ip6, frag_creates6),
};

static const struct net_col eip6_cols[] = {
        C64(stats_net_eip6, in_hdr_errors6),     C64(stats_net_eip6, in_addr_errors6),
        C64(stats_net_eip6, in_unknown_protos6), C64(stats_net_eip6, in_too_big_errors6),
        C64(stats_net_eip6, in_discards6),       C64(stats_net_eip6, out_discards6),
        C64(stats_net_eip6, in_no_routes6),      C64(stats_net_eip6, out_no_routes6),
        C64(stats_net_eip6, reasm_fails6),       C64(stats_net_eip6, frag_fails6),
        C64(stats_net_eip6, in_truncated_pkts6),
};

static const struct net_col icmp6_cols[] = {
        C64(stats_net_icmp6, in_msgs6),
        C64(stats_net_icmp6, out_msgs6),
        C64(stats_net_icmp6, in_echos6),
        C64(stats_net_icmp6, in_echo_replies6),
        C64(stats_net_icmp6, out_echo_replies6),
        C64(stats_net_icmp6, in_group_memb_queries6),
        C64(stats_net_icmp6, in_group_memb_responses6),
        C64(stats_net_icmp6, out_group_memb_responses6),
        C64(stats_net_icmp6, in_group_memb_reductions6),
        C64(stats_net_icmp6, out_group_memb_reductions6),
        C64(stats_net_icmp6, in_router_solicits6),
        C64(stats_net_icmp6, out_router_solicits6),
        C64(stats_net_icmp6, in_router_advertisements6),
        C64(stats_net_icmp6, in_neighbor_solicits6),
        C64(stats_net_icmp6, out_neighbor_solicits6),
        C64(stats_net_icmp6, in_neighbor_advertisements6),
        C64(stats_net_icmp6, out_neighbor_advertisements6),
};

static const struct net_col eicmp6_cols[] = {
        C64(stats_net_eicmp6, in_errors6),         C64(stats_net_eicmp6, in_dest_unreachs6),
        C64(stats_net_eicmp6, out_dest_unreachs6), C64(stats_net_eicmp6, in_time_excds6),
        C64(stats_net_eicmp6, out_time_excds6),    C64(stats_net_eicmp6, in_parm_problems6),
        C64(stats_net_eicmp6, out_parm_problems6), C64(stats_net_eicmp6, in_redirects6),
        C64(stats_net_eicmp6, out_redirects6),     C64(stats_net_eicmp6, in_pkt_too_bigs6),
        C64(stats_net_eicmp6, out_pkt_too_bigs6),
};

static const struct net_col udp6_cols[] = {
        C64(stats_net_udp6, in_datagrams6),
        C64(stats_net_udp6, out_datagrams6),
        C64(stats_net_udp6, no_ports6),
        C64(stats_net_udp6, in_errors6),
};

/* A view of one item whose columns all come from cols. */
struct single_view {
	uint32_t act_id;
	const struct sar_view *view;
	const struct net_col *cols;
	size_t n;
};

#define SINGLE(id, v, c)                                                                           \
	{                                                                                          \
		id, &v, c, N_COLS(c)                                                               \
	}

static const struct single_view rate_views[] = {
        SINGLE(A_NET_NFS, view_net_nfs, nfs_cols),
        SINGLE(A_NET_NFSD, view_net_nfsd, nfsd_cols),
        SINGLE(A_NET_IP, view_net_ip, ip_cols),
        SINGLE(A_NET_EIP, view_net_eip, eip_cols),
        SINGLE(A_NET_ICMP, view_net_icmp, icmp_cols),
        SINGLE(A_NET_EICMP, view_net_eicmp, eicmp_cols),
        SINGLE(A_NET_TCP, view_net_tcp, tcp_cols),
        SINGLE(A_NET_ETCP, view_net_etcp, etcp_cols),
        SINGLE(A_NET_UDP, view_net_udp, udp_cols),
        SINGLE(A_NET_IP6, view_net_ip6, ip6_cols),
        SINGLE(A_NET_EIP6, view_net_eip6, eip6_cols),
        SINGLE(A_NET_ICMP6, view_net_icmp6, icmp6_cols),
        SINGLE(A_NET_EICMP6, view_net_eicmp6, eicmp6_cols),
        SINGLE(A_NET_UDP6, view_net_udp6, udp6_cols),
};

static const struct single_view *
single_of(const struct single_view *t, size_t n, uint32_t act_id)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].act_id == act_id)
			return &t[i];
	return NULL;
}

static unsigned
rates_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
            const struct sar_slot *curr, uint64_t itv)
{
	const struct single_view *t = single_of(rate_views, N_COLS(rate_views), a->desc->id);

	if (!t)
		return 0;
	row_start(s, t->view, a);
	out_rates(s, t->cols, t->n, sar_item(a, prev, 0, 0), sar_item(a, curr, 0, 0), itv);
	sar_out_nl(s);
	return 1;
}

/* The average of a rate is the rate from the segment's first record to the last one shown. */
static void
rates_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                const struct sar_slot *last, uint64_t itv)
{
	rates_print(s, a, first, last, itv);
}

/*
 * sadf's names of a single-item view of the "network" group: one JSON
 * object and one XML element of that name, the values being keys (JSON) or
 * attributes (XML) of the same names.
 */
#define NET_NAMES(name, key, fields)                                                               \
	static const struct sar_names name = {                                                     \
	        .json = key,                                                                       \
	        .group = "network",                                                                \
	        .keys = fields,                                                                    \
	        .xml = key,                                                                        \
	}

#define RATE_VIEW(name, id, header, names_)                                                        \
	const struct sar_view name = {                                                             \
	        .act_id = id,                                                                      \
	        .opt = SAR_O_MAIN,                                                                 \
	        .hdr = header,                                                                     \
	        .print = rates_print,                                                              \
	        .print_avg = rates_print_avg,                                                      \
	        .names = &names_,                                                                  \
	}

NET_NAMES(nfs_names, "net-nfs", "call;retrans;read;write;access;getatt");
RATE_VIEW(view_net_nfs, A_NET_NFS, "call/s;retrans/s;read/s;write/s;access/s;getatt/s", nfs_names);

NET_NAMES(nfsd_names, "net-nfsd",
          "scall;badcall;packet;udp;tcp;hit;miss;sread;swrite;saccess;sgetatt");
RATE_VIEW(view_net_nfsd, A_NET_NFSD,
          "scall/s;badcall/s;packet/s;udp/s;tcp/s;hit/s;miss/s;sread/s;swrite/s;saccess/s;"
          "sgetatt/s",
          nfsd_names);

NET_NAMES(ip_names, "net-ip", "irec;fwddgm;idel;orq;asmrq;asmok;fragok;fragcrt");
RATE_VIEW(view_net_ip, A_NET_IP, "irec/s;fwddgm/s;idel/s;orq/s;asmrq/s;asmok/s;fragok/s;fragcrt/s",
          ip_names);

NET_NAMES(eip_names, "net-eip", "ihdrerr;iadrerr;iukwnpr;idisc;odisc;onort;asmf;fragf");
RATE_VIEW(view_net_eip, A_NET_EIP,
          "ihdrerr/s;iadrerr/s;iukwnpr/s;idisc/s;odisc/s;onort/s;asmf/s;fragf/s", eip_names);

NET_NAMES(icmp_names, "net-icmp",
          "imsg;omsg;iech;iechr;oech;oechr;itm;itmr;otm;otmr;iadrmk;iadrmkr;oadrmk;oadrmkr");
RATE_VIEW(view_net_icmp, A_NET_ICMP,
          "imsg/s;omsg/s;iech/s;iechr/s;oech/s;oechr/s;itm/s;itmr/s;otm/s;otmr/s;iadrmk/s;"
          "iadrmkr/s;oadrmk/s;oadrmkr/s",
          icmp_names);

NET_NAMES(eicmp_names, "net-eicmp",
          "ierr;oerr;idstunr;odstunr;itmex;otmex;iparmpb;oparmpb;isrcq;osrcq;iredir;oredir");
RATE_VIEW(view_net_eicmp, A_NET_EICMP,
          "ierr/s;oerr/s;idstunr/s;odstunr/s;itmex/s;otmex/s;iparmpb/s;oparmpb/s;isrcq/s;"
          "osrcq/s;iredir/s;oredir/s",
          eicmp_names);

NET_NAMES(tcp_names, "net-tcp", "active;passive;iseg;oseg");
RATE_VIEW(view_net_tcp, A_NET_TCP, "active/s;passive/s;iseg/s;oseg/s", tcp_names);

NET_NAMES(etcp_names, "net-etcp", "atmptf;estres;retrans;isegerr;orsts");
RATE_VIEW(view_net_etcp, A_NET_ETCP, "atmptf/s;estres/s;retrans/s;isegerr/s;orsts/s", etcp_names);

NET_NAMES(udp_names, "net-udp", "idgm;odgm;noport;idgmerr");
RATE_VIEW(view_net_udp, A_NET_UDP, "idgm/s;odgm/s;noport/s;idgmerr/s", udp_names);

NET_NAMES(ip6_names, "net-ip6",
          "irec6;fwddgm6;idel6;orq6;asmrq6;asmok6;imcpck6;omcpck6;fragok6;fragcr6");
RATE_VIEW(view_net_ip6, A_NET_IP6,
          "irec6/s;fwddgm6/s;idel6/s;orq6/s;asmrq6/s;asmok6/s;imcpck6/s;omcpck6/s;fragok6/s;"
          "fragcr6/s",
          ip6_names);

NET_NAMES(eip6_names, "net-eip6",
          "ihdrer6;iadrer6;iukwnp6;i2big6;idisc6;odisc6;inort6;onort6;asmf6;fragf6;itrpck6");
RATE_VIEW(view_net_eip6, A_NET_EIP6,
          "ihdrer6/s;iadrer6/s;iukwnp6/s;i2big6/s;idisc6/s;odisc6/s;inort6/s;onort6/s;asmf6/s;"
          "fragf6/s;itrpck6/s",
          eip6_names);

NET_NAMES(icmp6_names, "net-icmp6",
          "imsg6;omsg6;iech6;iechr6;oechr6;igmbq6;igmbr6;ogmbr6;igmbrd6;ogmbrd6;irtsol6;ortsol6;"
          "irtad6;inbsol6;onbsol6;inbad6;onbad6");
RATE_VIEW(view_net_icmp6, A_NET_ICMP6,
          "imsg6/s;omsg6/s;iech6/s;iechr6/s;oechr6/s;igmbq6/s;igmbr6/s;ogmbr6/s;igmbrd6/s;"
          "ogmbrd6/s;irtsol6/s;ortsol6/s;irtad6/s;inbsol6/s;onbsol6/s;inbad6/s;onbad6/s",
          icmp6_names);

NET_NAMES(eicmp6_names, "net-eicmp6",
          "ierr6;idtunr6;odtunr6;itmex6;otmex6;iprmpb6;oprmpb6;iredir6;oredir6;ipck2b6;opck2b6");
RATE_VIEW(view_net_eicmp6, A_NET_EICMP6,
          "ierr6/s;idtunr6/s;odtunr6/s;itmex6/s;otmex6/s;iprmpb6/s;oprmpb6/s;iredir6/s;"
          "oredir6/s;ipck2b6/s;opck2b6/s",
          eicmp6_names);

NET_NAMES(udp6_names, "net-udp6", "idgm6;odgm6;noport6;idgmer6");
RATE_VIEW(view_net_udp6, A_NET_UDP6, "idgm6/s;odgm6/s;noport6/s;idgmer6/s", udp6_names);

/* ---- single-item level views: the socket counts ---- */

static const struct net_col sock_cols[] = {
        C32(stats_net_sock, sock_inuse), C32(stats_net_sock, tcp_inuse),
        C32(stats_net_sock, udp_inuse),  C32(stats_net_sock, raw_inuse),
        C32(stats_net_sock, frag_inuse), C32(stats_net_sock, tcp_tw),
};

static const struct net_col sock6_cols[] = {
        C32(stats_net_sock6, tcp6_inuse),
        C32(stats_net_sock6, udp6_inuse),
        C32(stats_net_sock6, raw6_inuse),
        C32(stats_net_sock6, frag6_inuse),
};

static const struct single_view level_views[] = {
        SINGLE(A_NET_SOCK, view_net_sock, sock_cols),
        SINGLE(A_NET_SOCK6, view_net_sock6, sock6_cols),
};

/* Average state of the level views: the sum of every column over the rows shown. */
struct level_sums {
	uint64_t sum[N_COLS(sock_cols)];
};

static unsigned
levels_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
             const struct sar_slot *curr, uint64_t itv)
{
	const struct single_view *t = single_of(level_views, N_COLS(level_views), a->desc->id);
	struct level_sums *avg = sar_avg(a);
	const void *c = sar_item(a, curr, 0, 0);
	size_t i;

	(void) prev;
	(void) itv;
	if (!t)
		return 0;
	row_start(s, t->view, a);
	for (i = 0; i < t->n; i++) {
		uint64_t v = col_value(c, &t->cols[i]);

		sar_out_u64(s, v);
		avg->sum[i] += v;
	}
	sar_out_nl(s);
	return 1;
}

/* Levels average as the mean of the values shown, with no decimals. */
static void
levels_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                 const struct sar_slot *last, uint64_t itv)
{
	const struct single_view *t = single_of(level_views, N_COLS(level_views), a->desc->id);
	const struct level_sums *avg = sar_avg(a);
	size_t i;

	(void) first;
	(void) last;
	(void) itv;
	if (!t)
		return;
	row_start(s, t->view, a);
	for (i = 0; i < t->n; i++)
		sar_out_avg(s, (double) avg->sum[i] / (double) s->avg_count);
	sar_out_nl(s);
}

/* The socket counts are integers in every sadf format ("%u"). */
NET_NAMES(sock_names, "net-sock", "totsck;tcpsck;udpsck;rawsck;ip-frag;tcp-tw");

const struct sar_view view_net_sock = {
        .names = &sock_names,
        .act_id = A_NET_SOCK,
        .opt = SAR_O_MAIN,
        .hdr = "totsck;tcpsck;udpsck;rawsck;ip-frag;tcp-tw",
        .avg_size = sizeof(struct level_sums),
        .print = levels_print,
        .print_avg = levels_print_avg,
};

NET_NAMES(sock6_names, "net-sock6", "tcp6sck;udp6sck;raw6sck;ip6-frag");

const struct sar_view view_net_sock6 = {
        .names = &sock6_names,
        .act_id = A_NET_SOCK6,
        .opt = SAR_O_MAIN,
        .hdr = "tcp6sck;udp6sck;raw6sck;ip6-frag",
        .avg_size = sizeof(struct level_sums),
        .print = levels_print,
        .print_avg = levels_print_avg,
};

/* ---- named items: interfaces and FC hosts ---- */

/* Where the item's name is printed. */
enum name_place {
	NAME_FIRST_UNLESS_PRETTY, /* " %9s" first, or last with --pretty */
	NAME_LAST,                /* always last */
};

/* A view of named items, matched with the previous sample by name. */
struct named_view {
	uint32_t act_id;
	const struct sar_view *view;
	size_t name_off;
	enum name_place place;
	bool filtered;  /* --iface= applies */
	bool zero_omit; /* -z applies (and then the header comes every sample) */
	size_t cmp_len; /* bytes compared by -z */
	/* Items by name, 0 for the same name: the item matched in the previous sample. */
	sar_item_cmp *cmp;
	/* Whether a counter went back, so that the item counts as new (NULL: never). */
	bool (*reregistered)(const void *prev, const void *curr);
	void (*values)(struct sar *s, const void *prev, const void *curr, uint64_t itv);
};

#define NAME_LEN 16 /* MAX_IFACE_LEN and MAX_FCH_LEN alike */

/* The largest item of the named views (EDEV), zeroed: the previous values of a new item. */
static const unsigned char zero_item[sizeof(struct stats_net_edev)];

static void
item_name(char out[NAME_LEN + 1], const void *item, size_t off)
{
	memcpy(out, (const unsigned char *) item + off, NAME_LEN);
	out[NAME_LEN] = '\0';
}

/* --iface=: names of 16 characters or more are not kept (sar_list_accepts()). */
static bool
iface_selected(const struct sar *s, const char *name)
{
	return sar_list_accepts(&s->o.iface_list, name, NAME_LEN);
}

static int
cmp_name_at(const void *p, const void *c, size_t off)
{
	return strncmp((const char *) p + off, (const char *) c + off, NAME_LEN);
}

static int
cmp_iface(const void *p, const void *c)
{
	return cmp_name_at(p, c, offsetof(struct stats_net_dev, interface));
}

static int
cmp_eiface(const void *p, const void *c)
{
	return cmp_name_at(p, c, offsetof(struct stats_net_edev, interface));
}

static int
cmp_fchost(const void *p, const void *c)
{
	return cmp_name_at(p, c, offsetof(struct stats_fchost, fchost_name));
}

/*
 * A decreasing interface counter means the interface came back, except for
 * an apparent 64-bit wrap: bytes went back while packets went on (or the
 * reverse), the old value being past 2^63.
 */
static bool
wrapped(uint64_t p_a, uint64_t c_a, uint64_t p_b, uint64_t c_b)
{
	return c_a < p_a && c_b > p_b && p_a > (~0ULL >> 1);
}

static bool
dev_reregistered(const void *prev, const void *curr)
{
	const struct stats_net_dev *p = prev, *c = curr;

	if (c->rx_packets >= p->rx_packets && c->tx_packets >= p->tx_packets &&
	    c->rx_bytes >= p->rx_bytes && c->tx_bytes >= p->tx_bytes &&
	    c->rx_compressed >= p->rx_compressed && c->tx_compressed >= p->tx_compressed &&
	    c->multicast >= p->multicast)
		return false;
	return !(wrapped(p->rx_bytes, c->rx_bytes, p->rx_packets, c->rx_packets) ||
	         wrapped(p->tx_bytes, c->tx_bytes, p->tx_packets, c->tx_packets) ||
	         wrapped(p->rx_packets, c->rx_packets, p->rx_bytes, c->rx_bytes) ||
	         wrapped(p->tx_packets, c->tx_packets, p->tx_bytes, c->tx_bytes));
}

/* The counters sysstat checks for EDEV: every one but rx_errors. */
static const struct net_col edev_rereg_cols[] = {
        C64(stats_net_edev, tx_errors),         C64(stats_net_edev, collisions),
        C64(stats_net_edev, rx_dropped),        C64(stats_net_edev, tx_dropped),
        C64(stats_net_edev, tx_carrier_errors), C64(stats_net_edev, rx_frame_errors),
        C64(stats_net_edev, rx_fifo_errors),    C64(stats_net_edev, tx_fifo_errors),
};

static bool
edev_reregistered(const void *prev, const void *curr)
{
	size_t i;

	for (i = 0; i < N_COLS(edev_rereg_cols); i++)
		if (col_value(curr, &edev_rereg_cols[i]) < col_value(prev, &edev_rereg_cols[i]))
			return true;
	return false;
}

/* %ifutil from the byte rates: the busier direction in full duplex, both in half duplex. */
static double
ifutil(const struct stats_net_dev *d, double rx, double tx)
{
	double speed;

	if (!d->speed)
		return 0.0;
	speed = (double) ((uint64_t) d->speed * 1000000);
	if (d->duplex == 2)
		return (rx > tx ? rx : tx) * 800 / speed;
	return (rx + tx) * 800 / speed;
}

static const struct net_col dev_pck_cols[] = {
        C64(stats_net_dev, rx_packets),
        C64(stats_net_dev, tx_packets),
};

static const struct net_col dev_bytes_cols[] = {
        C64(stats_net_dev, rx_bytes),
        C64(stats_net_dev, tx_bytes),
};

static const struct net_col dev_cmp_cols[] = {
        C64(stats_net_dev, rx_compressed),
        C64(stats_net_dev, tx_compressed),
        C64(stats_net_dev, multicast),
};

/* sysstat's unit of the byte rates with --human: bytes. */
#define UNIT_BYTE 1

/* sar -x: byte counter k (rx, tx) went back (xstats.h). */
static void
dev_bytes_went_back(struct sar *s, const void *prev, const void *curr, size_t k)
{
	sar_xstats_rate(s, col_value(prev, &dev_bytes_cols[k]),
	                col_value(curr, &dev_bytes_cols[k]));
}

static void
dev_values(struct sar *s, const void *prev, const void *curr, uint64_t itv)
{
	double rx = col_rate(&dev_bytes_cols[0], prev, curr, itv);
	double tx = col_rate(&dev_bytes_cols[1], prev, curr, itv);

	out_rates(s, dev_pck_cols, N_COLS(dev_pck_cols), prev, curr, itv);
	/* sadf has no --human: its kB/s are always the rates over 1024. */
	if (s->o.human && !s->sink) {
		dev_bytes_went_back(s, prev, curr, 0);
		sar_out_unit(s, rx, UNIT_BYTE);
		dev_bytes_went_back(s, prev, curr, 1);
		sar_out_unit(s, tx, UNIT_BYTE);
	} else {
		dev_bytes_went_back(s, prev, curr, 0);
		sar_out_f(s, rx / 1024);
		dev_bytes_went_back(s, prev, curr, 1);
		sar_out_f(s, tx / 1024);
	}
	out_rates(s, dev_cmp_cols, N_COLS(dev_cmp_cols), prev, curr, itv);
	sar_out_pc(s, ifutil(curr, rx, tx));
}

static const struct net_col edev_cols[] = {
        C64(stats_net_edev, rx_errors),       C64(stats_net_edev, tx_errors),
        C64(stats_net_edev, collisions),      C64(stats_net_edev, rx_dropped),
        C64(stats_net_edev, tx_dropped),      C64(stats_net_edev, tx_carrier_errors),
        C64(stats_net_edev, rx_frame_errors), C64(stats_net_edev, rx_fifo_errors),
        C64(stats_net_edev, tx_fifo_errors),
};

static void
edev_values(struct sar *s, const void *prev, const void *curr, uint64_t itv)
{
	out_rates(s, edev_cols, N_COLS(edev_cols), prev, curr, itv);
}

static const struct net_col fc_cols[] = {
        C64(stats_fchost, f_rxframes),
        C64(stats_fchost, f_txframes),
        C64(stats_fchost, f_rxwords),
        C64(stats_fchost, f_txwords),
};

static void
fc_values(struct sar *s, const void *prev, const void *curr, uint64_t itv)
{
	out_rates(s, fc_cols, N_COLS(fc_cols), prev, curr, itv);
}

static const struct named_view named_views[] = {
        {
                .act_id = A_NET_DEV,
                .view = &view_net_dev,
                .name_off = offsetof(struct stats_net_dev, interface),
                .place = NAME_FIRST_UNLESS_PRETTY,
                .filtered = true,
                .zero_omit = true,
                /* The counters, the speed and 3 bytes of the name, as sysstat compares. */
                .cmp_len = sizeof(struct stats_net_dev) - MAX_IFACE_LEN - 1,
                .cmp = cmp_iface,
                .reregistered = dev_reregistered,
                .values = dev_values,
        },
        {
                .act_id = A_NET_EDEV,
                .view = &view_net_edev,
                .name_off = offsetof(struct stats_net_edev, interface),
                .place = NAME_FIRST_UNLESS_PRETTY,
                .filtered = true,
                .zero_omit = true,
                .cmp_len = offsetof(struct stats_net_edev, interface),
                .cmp = cmp_eiface,
                .reregistered = edev_reregistered,
                .values = edev_values,
        },
        {
                .act_id = A_NET_FC,
                .view = &view_net_fc,
                .name_off = offsetof(struct stats_fchost, fchost_name),
                .place = NAME_LAST,
                .cmp = cmp_fchost,
                .values = fc_values,
        },
};

static const struct named_view *
named_of(uint32_t act_id)
{
	size_t i;

	for (i = 0; i < N_COLS(named_views); i++)
		if (named_views[i].act_id == act_id)
			return &named_views[i];
	return NULL;
}

/* sadf's rows always start with the item, whatever sar's place for it. */
static bool
name_last(const struct sar *s, const struct named_view *t)
{
	return !s->sink && (t->place == NAME_LAST || s->o.pretty);
}

static void
named_header(struct sar *s, const struct named_view *t, const struct sar_act *a)
{
	struct sar_view v = *t->view;

	if (name_last(s, t))
		v.iwidth = -1;
	sar_out_header(s, &v, s->ts_prev, a, NULL);
}

const void *
sar_named_prev(const struct sar_act *a, const struct sar_slot *prev, uint32_t i, const void *c,
               bool *ret_again)
{
	const struct named_view *t = named_of(a->desc->id);
	const void *p = t ? sar_prev_search(a, prev, i, c, t->cmp) : NULL;
	bool again = p && t->reregistered && t->reregistered(p, c);

	if (ret_again)
		*ret_again = again;
	return again ? NULL : p;
}

/*
 * The previous values of item i: its namesake, or zeros for a new or
 * re-registered item (then *ret_again is set).
 */
static const void *
named_prev(const struct sar *s, const struct named_view *t, const struct sar_act *a,
           const struct sar_slot *prev, const void *c, uint32_t i, bool *ret_again)
{
	const void *p;

	*ret_again = false;
	if (s->since_boot)
		/* FC takes the (zeroed) first previous item, the interfaces zeros. */
		return t->reregistered || !prev->items ? zero_item : sar_item(a, prev, 0, 0);
	p = sar_named_prev(a, prev, i, c, ret_again);
	return p ? p : zero_item;
}

static unsigned
named_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
            const struct sar_slot *curr, uint64_t itv)
{
	const struct named_view *t = named_of(a->desc->id);
	/* sadf shows every interface, -z or not. */
	bool zero_omit = t && t->zero_omit && s->o.zero_omit && !s->sink;
	char name[NAME_LEN + 1];
	unsigned rows = 0;
	uint32_t i;

	if (!t)
		return 0;
	if (s->dish || zero_omit)
		named_header(s, t, a);
	for (i = 0; i < curr->nr; i++) {
		const void *c = sar_item(a, curr, i, 0), *p;
		bool again;

		item_name(name, c, t->name_off);
		if (t->filtered && !iface_selected(s, name))
			continue;
		p = named_prev(s, t, a, prev, c, i, &again);
		if (zero_omit && !memcmp(p, c, t->cmp_len))
			continue;
		s->row_again = again;
		sar_out_ts(s, s->ts_curr);
		if (!name_last(s, t))
			sar_out_str(s, name, 9);
		t->values(s, p, c, itv);
		if (name_last(s, t)) {
			sar_out_raw(s, " ");
			sar_out_raw(s, name);
		}
		sar_out_nl(s);
		rows++;
	}
	return rows;
}

/* The average of every item: its rates from the segment's first record. */
static void
named_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                const struct sar_slot *last, uint64_t itv)
{
	named_print(s, a, first, last, itv);
}

/*
 * The named items are a JSON array of objects and XML elements of their
 * own, without a container element; the item comes first.
 */
static const struct sar_names dev_names = {
        .json = "net-dev",
        .group = "network",
        .keys = "iface;rxpck;txpck;rxkB;txkB;rxcmp;txcmp;rxmcst;ifutil-percent",
        .xml_item = "net-dev",
        .flags = SAR_NF_ITEMS,
};

const struct sar_view view_net_dev = {
        .names = &dev_names,
        .act_id = A_NET_DEV,
        .opt = SAR_O_MAIN,
        .hdr = "IFACE;rxpck/s;txpck/s;rxkB/s;txkB/s;rxcmp/s;txcmp/s;rxmcst/s;%ifutil",
        .flags = SAR_VF_HDR_EVERY_WITH_Z,
        .print = named_print,
        .print_avg = named_print_avg,
};

static const struct sar_names edev_names = {
        .json = "net-edev",
        .group = "network",
        .keys = "iface;rxerr;txerr;coll;rxdrop;txdrop;txcarr;rxfram;rxfifo;txfifo",
        .xml_item = "net-edev",
        .flags = SAR_NF_ITEMS,
};

const struct sar_view view_net_edev = {
        .names = &edev_names,
        .act_id = A_NET_EDEV,
        .opt = SAR_O_MAIN,
        .hdr = "IFACE;rxerr/s;txerr/s;coll/s;rxdrop/s;txdrop/s;txcarr/s;rxfram/s;rxfifo/s;txfifo/s",
        .flags = SAR_VF_HDR_EVERY_WITH_Z,
        .print = named_print,
        .print_avg = named_print_avg,
};

static const struct sar_names fc_names = {
        .json = "fchosts",
        .group = "network",
        .keys = "fchost;fch_rxf;fch_txf;fch_rxw;fch_txw",
        .xml_item = "fchost",
        .xml_keys = "name;fch_rxf;fch_txf;fch_rxw;fch_txw",
        .flags = SAR_NF_ITEMS,
};

const struct sar_view view_net_fc = {
        .names = &fc_names,
        .act_id = A_NET_FC,
        .opt = SAR_O_MAIN,
        .hdr = "FCHOST;fch_rxf/s;fch_txf/s;fch_rxw/s;fch_txw/s",
        .iwidth = -1,
        .print = named_print,
        .print_avg = named_print_avg,
};
