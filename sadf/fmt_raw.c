/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf -r: the stored counters, not rates (doc/report.md §5.7). Each line is the
 * record's time, then fields " name; prev; curr;" for counters (the
 * previous and the current record) or " name; value;" for levels, e.g.
 *
 *   07:15:09 UTC; CPU; -1; %user; 3092; 3176; %nice; 0; 0; ...
 *   07:15:09 UTC; kbmemfree; 23476800; kbavail; 24214328; ...
 *
 * Every output is a row of the table below: its fields, each read from the
 * item struct (a member, or a sum or difference of members), and a row
 * function that walks the items (every CPU of -P, the devices, the
 * interfaces...) and prints the part that names the item. -O debug adds
 * sysstat's comment lines: each record header read, and before each output
 * of a record its item count and sysstat's buffer sizes; markers tell a
 * counter that went back ([DEC]), an offline or tickless CPU ([OFF],
 * [TLS]), a new or registered-again item ([NEW], [BCK]).
 *
 * Which items show and under which name is the views' business: disks,
 * filesystems and interfaces are passed through their view (probe_name),
 * so that the names and the --dev=, --fs=, --iface= lists are sar's.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sadf.h"
#include "common/numfmt.h"
#include "common/activity.h"
#include "common/compat.h"
#include "common/layout.h"
#include "common/sysexit.h"
#include "report/display.h"
#include "report/render.h"
#include "report/views.h"
#include "common/banned.h"

/* sysstat's NR_CPUS: the highest CPU item it looks at. */
#define RAW_CPU_MAX 8192

/* The largest item struct (stats_filesystem), for zeros and copies. */
#define RAW_ITEM_MAX 296
_Static_assert(sizeof(struct stats_filesystem) <= RAW_ITEM_MAX, "RAW_ITEM_MAX");

/* The previous values of a new item. */
static const uint64_t zero_item[RAW_ITEM_MAX / 8 + 1];

/* The run's state (struct sadf's fmt). */
/* A LINUX RESTART read that the walk has not gone past yet (see track_restart). */
struct raw_restart {
	uint64_t offset;
	int32_t cpu_nr;
};

struct raw_state {
	bool debug;      /* -O debug */
	uint32_t n_acts; /* the file's activities */
	int32_t *alloc;  /* sysstat's nr_allocated of each, which -O debug shows */
	struct raw_restart *restarts;
	size_t n_restarts, cap_restarts;
};

/* ---- fields ---- */

enum raw_kind {
	RK_PAIR,  /* "; prev; curr;", a counter */
	RK_LEVEL, /* "; value;", the current record's value */
};

enum raw_type {
	RT_U64,  /* %llu of a 64-bit member (or "long" slot) */
	RT_U32,  /* %u of a 32-bit member */
	RT_INT,  /* %d of a 32-bit member (the USB bus) */
	RT_HEX,  /* %x of a 32-bit member (the USB ids) */
	RT_CHAR, /* %u of a char (the duplex) */
	RT_DBL,  /* %f of a double (the sensors) */
	RT_STR,  /* %s of a name */
	RT_QSTR, /* %s of a name, in double quotes */
};

/*
 * One field: a member at off, plus (or with minus, less) the members at
 * more[]: CPU's %system is cpu_sys + cpu_hardirq + cpu_softirq, -u ALL's
 * %usr cpu_user - cpu_guest. need: the output bit the field requires (the
 * -r ALL fields), 0 for none.
 */
struct raw_field {
	const char *name;
	enum raw_kind kind;
	enum raw_type type;
	uint32_t need;
	uint16_t off;
	uint8_t n_more;
	bool minus;
	uint16_t more[2];
};

// clang-format off
#define OFF(st, f) ((uint16_t) offsetof(struct st, f))
#define FIELD(nm, kind, type, st, f)                                                                \
	{ (nm), (kind), (type), 0, OFF(st, f), 0, false, {0, 0} }
#define P64(nm, st, f)  FIELD(nm, RK_PAIR, RT_U64, st, f)
#define P32(nm, st, f)  FIELD(nm, RK_PAIR, RT_U32, st, f)
#define L64(nm, st, f)  FIELD(nm, RK_LEVEL, RT_U64, st, f)
#define L32(nm, st, f)  FIELD(nm, RK_LEVEL, RT_U32, st, f)
#define LDBL(nm, st, f) FIELD(nm, RK_LEVEL, RT_DBL, st, f)
#define LSTR(nm, st, f) FIELD(nm, RK_LEVEL, RT_STR, st, f)
#define LQSTR(nm, st, f) FIELD(nm, RK_LEVEL, RT_QSTR, st, f)
#define LINT(nm, st, f) FIELD(nm, RK_LEVEL, RT_INT, st, f)
#define LHEX(nm, st, f) FIELD(nm, RK_LEVEL, RT_HEX, st, f)
#define LCHAR(nm, st, f) FIELD(nm, RK_LEVEL, RT_CHAR, st, f)
#define L64_IF(nm, st, f, opt)                                                                      \
	{ (nm), RK_LEVEL, RT_U64, (opt), OFF(st, f), 0, false, {0, 0} }
#define P64_SUM3(nm, st, f, g, h)                                                                   \
	{ (nm), RK_PAIR, RT_U64, 0, OFF(st, f), 2, false, {OFF(st, g), OFF(st, h)} }
#define P64_DIFF(nm, st, f, g)                                                                      \
	{ (nm), RK_PAIR, RT_U64, 0, OFF(st, f), 1, true, {OFF(st, g), 0} }

#define N(t) (sizeof(t) / sizeof((t)[0]))
// clang-format on

static const struct raw_field cpu_fields[] = {
        P64("%user", stats_cpu, cpu_user),
        P64("%nice", stats_cpu, cpu_nice),
        P64_SUM3("%system", stats_cpu, cpu_sys, cpu_hardirq, cpu_softirq),
        P64("%iowait", stats_cpu, cpu_iowait),
        P64("%steal", stats_cpu, cpu_steal),
        P64("%idle", stats_cpu, cpu_idle),
};

static const struct raw_field cpu_all_fields[] = {
        P64_DIFF("%usr", stats_cpu, cpu_user, cpu_guest),
        P64_DIFF("%nice", stats_cpu, cpu_nice, cpu_guest_nice),
        P64("%sys", stats_cpu, cpu_sys),
        P64("%iowait", stats_cpu, cpu_iowait),
        P64("%steal", stats_cpu, cpu_steal),
        P64("%irq", stats_cpu, cpu_hardirq),
        P64("%soft", stats_cpu, cpu_softirq),
        P64("%guest", stats_cpu, cpu_guest),
        P64("%gnice", stats_cpu, cpu_guest_nice),
        P64("%idle", stats_cpu, cpu_idle),
};

static const struct raw_field pcsw_fields[] = {
        P64("proc/s", stats_pcsw, processes),
        P64("cswch/s", stats_pcsw, context_switch),
};

static const struct raw_field swap_fields[] = {
        P64("pswpin/s", stats_swap, pswpin),
        P64("pswpout/s", stats_swap, pswpout),
};

/* 12.7.5's: 12.6.1's are the first eight (paging_1261 below). */
static const struct raw_field paging_fields[] = {
        P64("pgpgin/s", stats_paging, pgpgin),
        P64("pgpgout/s", stats_paging, pgpgout),
        P64("fault/s", stats_paging, pgfault),
        P64("majflt/s", stats_paging, pgmajfault),
        P64("pgfree/s", stats_paging, pgfree),
        P64("pgscank/s", stats_paging, pgscan_kswapd),
        P64("pgscand/s", stats_paging, pgscan_direct),
        P64("pgsteal/s", stats_paging, pgsteal),
        P64("pgprom/s", stats_paging, pgpromote),
        P64("pgdem/s", stats_paging, pgdemote),
};

static const struct raw_field io_fields[] = {
        P64("tps", stats_io, dk_drive),          P64("rtps", stats_io, dk_drive_rio),
        P64("wtps", stats_io, dk_drive_wio),     P64("dtps", stats_io, dk_drive_dio),
        P64("bread/s", stats_io, dk_drive_rblk), P64("bwrtn/s", stats_io, dk_drive_wblk),
        P64("bdscd/s", stats_io, dk_drive_dblk),
};

static const struct raw_field memory_fields[] = {
        L64("kbmemfree", stats_memory, frmkb),
        L64("kbavail", stats_memory, availablekb),
        L64("kbttlmem", stats_memory, tlmkb),
        L64("kbbuffers", stats_memory, bufkb),
        L64("kbcached", stats_memory, camkb),
        L64("kbcommit", stats_memory, comkb),
        L64("kbactive", stats_memory, activekb),
        L64("kbinact", stats_memory, inactkb),
        L64("kbdirty", stats_memory, dirtykb),
        L64_IF("kbanonpg", stats_memory, anonpgkb, SAR_O_MEM_ALL),
        L64_IF("kbslab", stats_memory, slabkb, SAR_O_MEM_ALL),
        L64_IF("kbkstack", stats_memory, kstackkb, SAR_O_MEM_ALL),
        L64_IF("kbpgtbl", stats_memory, pgtblkb, SAR_O_MEM_ALL),
        L64_IF("kbvmused", stats_memory, vmusedkb, SAR_O_MEM_ALL),
};

static const struct raw_field memswap_fields[] = {
        L64("kbswpfree", stats_memory, frskb),
        L64("kbttlswp", stats_memory, tlskb),
        L64("kbswpcad", stats_memory, caskb),
};

static const struct raw_field huge_fields[] = {
        L64("kbhugfree", stats_huge, frhkb),
        L64("hugtotal", stats_huge, tlhkb),
        L64("kbhugrsvd", stats_huge, rsvdhkb),
        L64("kbhugsurp", stats_huge, surphkb),
};

static const struct raw_field ktables_fields[] = {
        L64("dentunusd", stats_ktables, dentry_stat),
        L64("file-nr", stats_ktables, file_used),
        L64("inode-nr", stats_ktables, inode_used),
        L64("pty-nr", stats_ktables, pty_nr),
};

static const struct raw_field queue_fields[] = {
        L64("runq-sz", stats_queue, nr_running),   L64("plist-sz", stats_queue, nr_threads),
        L32("ldavg-1", stats_queue, load_avg_1),   L32("ldavg-5", stats_queue, load_avg_5),
        L32("ldavg-15", stats_queue, load_avg_15), L64("blocked", stats_queue, procs_blocked),
};

static const struct raw_field serial_fields[] = {
        P32("rcvin/s", stats_serial, rx),      P32("xmtin/s", stats_serial, tx),
        P32("framerr/s", stats_serial, frame), P32("prtyerr/s", stats_serial, parity),
        P32("brk/s", stats_serial, brk),       P32("ovrun/s", stats_serial, overrun),
};

static const struct raw_field disk_fields[] = {
        P64("tps", stats_disk, nr_ios),        P64("rkB/s", stats_disk, rd_sect),
        P64("wkB/s", stats_disk, wr_sect),     P64("dkB/s", stats_disk, dc_sect),
        P32("rd_ticks", stats_disk, rd_ticks), P32("wr_ticks", stats_disk, wr_ticks),
        P32("dc_ticks", stats_disk, dc_ticks), P32("tot_ticks", stats_disk, tot_ticks),
        P32("aqu-sz", stats_disk, rq_ticks),
};

static const struct raw_field net_dev_fields[] = {
        P64("rxpck/s", stats_net_dev, rx_packets),    P64("txpck/s", stats_net_dev, tx_packets),
        P64("rxkB/s", stats_net_dev, rx_bytes),       P64("txkB/s", stats_net_dev, tx_bytes),
        P64("rxcmp/s", stats_net_dev, rx_compressed), P64("txcmp/s", stats_net_dev, tx_compressed),
        P64("rxmcst/s", stats_net_dev, multicast),    L32("speed", stats_net_dev, speed),
        LCHAR("duplex", stats_net_dev, duplex),
};

static const struct raw_field net_edev_fields[] = {
        P64("rxerr/s", stats_net_edev, rx_errors),
        P64("txerr/s", stats_net_edev, tx_errors),
        P64("coll/s", stats_net_edev, collisions),
        P64("rxdrop/s", stats_net_edev, rx_dropped),
        P64("txdrop/s", stats_net_edev, tx_dropped),
        P64("txcarr/s", stats_net_edev, tx_carrier_errors),
        P64("rxfram/s", stats_net_edev, rx_frame_errors),
        P64("rxfifo/s", stats_net_edev, rx_fifo_errors),
        P64("txfifo/s", stats_net_edev, tx_fifo_errors),
};

static const struct raw_field nfs_fields[] = {
        P32("call/s", stats_net_nfs, nfs_rpccnt),
        P32("retrans/s", stats_net_nfs, nfs_rpcretrans),
        P32("read/s", stats_net_nfs, nfs_readcnt),
        P32("write/s", stats_net_nfs, nfs_writecnt),
        P32("access/s", stats_net_nfs, nfs_accesscnt),
        P32("getatt/s", stats_net_nfs, nfs_getattcnt),
};

static const struct raw_field nfsd_fields[] = {
        P32("scall/s", stats_net_nfsd, nfsd_rpccnt),
        P32("badcall/s", stats_net_nfsd, nfsd_rpcbad),
        P32("packet/s", stats_net_nfsd, nfsd_netcnt),
        P32("udp/s", stats_net_nfsd, nfsd_netudpcnt),
        P32("tcp/s", stats_net_nfsd, nfsd_nettcpcnt),
        P32("hit/s", stats_net_nfsd, nfsd_rchits),
        P32("miss/s", stats_net_nfsd, nfsd_rcmisses),
        P32("sread/s", stats_net_nfsd, nfsd_readcnt),
        P32("swrite/s", stats_net_nfsd, nfsd_writecnt),
        P32("saccess/s", stats_net_nfsd, nfsd_accesscnt),
        P32("sgetatt/s", stats_net_nfsd, nfsd_getattcnt),
};

static const struct raw_field sock_fields[] = {
        L32("totsck", stats_net_sock, sock_inuse),  L32("tcpsck", stats_net_sock, tcp_inuse),
        L32("udpsck", stats_net_sock, udp_inuse),   L32("rawsck", stats_net_sock, raw_inuse),
        L32("ip-frag", stats_net_sock, frag_inuse), L32("tcp-tw", stats_net_sock, tcp_tw),
};

static const struct raw_field ip_fields[] = {
        P64("irec/s", stats_net_ip, in_receives),  P64("fwddgm/s", stats_net_ip, forw_datagrams),
        P64("idel/s", stats_net_ip, in_delivers),  P64("orq/s", stats_net_ip, out_requests),
        P64("asmrq/s", stats_net_ip, reasm_reqds), P64("asmok/s", stats_net_ip, reasm_oks),
        P64("fragok/s", stats_net_ip, frag_oks),   P64("fragcrt/s", stats_net_ip, frag_creates),
};

static const struct raw_field eip_fields[] = {
        P64("ihdrerr/s", stats_net_eip, in_hdr_errors),
        P64("iadrerr/s", stats_net_eip, in_addr_errors),
        P64("iukwnpr/s", stats_net_eip, in_unknown_protos),
        P64("idisc/s", stats_net_eip, in_discards),
        P64("odisc/s", stats_net_eip, out_discards),
        P64("onort/s", stats_net_eip, out_no_routes),
        P64("asmf/s", stats_net_eip, reasm_fails),
        P64("fragf/s", stats_net_eip, frag_fails),
};

static const struct raw_field icmp_fields[] = {
        P64("imsg/s", stats_net_icmp, in_msgs),
        P64("omsg/s", stats_net_icmp, out_msgs),
        P64("iech/s", stats_net_icmp, in_echos),
        P64("iechr/s", stats_net_icmp, in_echo_reps),
        P64("oech/s", stats_net_icmp, out_echos),
        P64("oechr/s", stats_net_icmp, out_echo_reps),
        P64("itm/s", stats_net_icmp, in_timestamps),
        P64("itmr/s", stats_net_icmp, in_timestamp_reps),
        P64("otm/s", stats_net_icmp, out_timestamps),
        P64("otmr/s", stats_net_icmp, out_timestamp_reps),
        P64("iadrmk/s", stats_net_icmp, in_addr_masks),
        P64("iadrmkr/s", stats_net_icmp, in_addr_mask_reps),
        P64("oadrmk/s", stats_net_icmp, out_addr_masks),
        P64("oadrmkr/s", stats_net_icmp, out_addr_mask_reps),
};

static const struct raw_field eicmp_fields[] = {
        P64("ierr/s", stats_net_eicmp, in_errors),
        P64("oerr/s", stats_net_eicmp, out_errors),
        P64("idstunr/s", stats_net_eicmp, in_dest_unreachs),
        P64("odstunr/s", stats_net_eicmp, out_dest_unreachs),
        P64("itmex/s", stats_net_eicmp, in_time_excds),
        P64("otmex/s", stats_net_eicmp, out_time_excds),
        P64("iparmpb/s", stats_net_eicmp, in_parm_probs),
        P64("oparmpb/s", stats_net_eicmp, out_parm_probs),
        P64("isrcq/s", stats_net_eicmp, in_src_quenchs),
        P64("osrcq/s", stats_net_eicmp, out_src_quenchs),
        P64("iredir/s", stats_net_eicmp, in_redirects),
        P64("oredir/s", stats_net_eicmp, out_redirects),
};

static const struct raw_field tcp_fields[] = {
        P64("active/s", stats_net_tcp, active_opens),
        P64("passive/s", stats_net_tcp, passive_opens),
        P64("iseg/s", stats_net_tcp, in_segs),
        P64("oseg/s", stats_net_tcp, out_segs),
};

static const struct raw_field etcp_fields[] = {
        P64("atmptf/s", stats_net_etcp, attempt_fails),
        P64("estres/s", stats_net_etcp, estab_resets),
        P64("retrans/s", stats_net_etcp, retrans_segs),
        P64("isegerr/s", stats_net_etcp, in_errs),
        P64("orsts/s", stats_net_etcp, out_rsts),
};

static const struct raw_field udp_fields[] = {
        P64("idgm/s", stats_net_udp, in_datagrams),
        P64("odgm/s", stats_net_udp, out_datagrams),
        P64("noport/s", stats_net_udp, no_ports),
        P64("idgmerr/s", stats_net_udp, in_errors),
};

static const struct raw_field sock6_fields[] = {
        L32("tcp6sck", stats_net_sock6, tcp6_inuse),
        L32("udp6sck", stats_net_sock6, udp6_inuse),
        L32("raw6sck", stats_net_sock6, raw6_inuse),
        L32("ip6-frag", stats_net_sock6, frag6_inuse),
};

static const struct raw_field ip6_fields[] = {
        P64("irec6/s", stats_net_ip6, in_receives6),
        P64("fwddgm6/s", stats_net_ip6, out_forw_datagrams6),
        P64("idel6/s", stats_net_ip6, in_delivers6),
        P64("orq6/s", stats_net_ip6, out_requests6),
        P64("asmrq6/s", stats_net_ip6, reasm_reqds6),
        P64("asmok6/s", stats_net_ip6, reasm_oks6),
        P64("imcpck6/s", stats_net_ip6, in_mcast_pkts6),
        P64("omcpck6/s", stats_net_ip6, out_mcast_pkts6),
        P64("fragok6/s", stats_net_ip6, frag_oks6),
        P64("fragcr6/s", stats_net_ip6, frag_creates6),
};

static const struct raw_field eip6_fields[] = {
        P64("ihdrer6/s", stats_net_eip6, in_hdr_errors6),
        P64("iadrer6/s", stats_net_eip6, in_addr_errors6),
        P64("iukwnp6/s", stats_net_eip6, in_unknown_protos6),
        P64("i2big6/s", stats_net_eip6, in_too_big_errors6),
        P64("idisc6/s", stats_net_eip6, in_discards6),
        P64("odisc6/s", stats_net_eip6, out_discards6),
        P64("inort6/s", stats_net_eip6, in_no_routes6),
        P64("onort6/s", stats_net_eip6, out_no_routes6),
        P64("asmf6/s", stats_net_eip6, reasm_fails6),
        P64("fragf6/s", stats_net_eip6, frag_fails6),
        P64("itrpck6/s", stats_net_eip6, in_truncated_pkts6),
};

static const struct raw_field icmp6_fields[] = {
        P64("imsg6/s", stats_net_icmp6, in_msgs6),
        P64("omsg6/s", stats_net_icmp6, out_msgs6),
        P64("iech6/s", stats_net_icmp6, in_echos6),
        P64("iechr6/s", stats_net_icmp6, in_echo_replies6),
        P64("oechr6/s", stats_net_icmp6, out_echo_replies6),
        P64("igmbq6/s", stats_net_icmp6, in_group_memb_queries6),
        P64("igmbr6/s", stats_net_icmp6, in_group_memb_responses6),
        P64("ogmbr6/s", stats_net_icmp6, out_group_memb_responses6),
        P64("igmbrd6/s", stats_net_icmp6, in_group_memb_reductions6),
        P64("ogmbrd6/s", stats_net_icmp6, out_group_memb_reductions6),
        P64("irtsol6/s", stats_net_icmp6, in_router_solicits6),
        P64("ortsol6/s", stats_net_icmp6, out_router_solicits6),
        P64("irtad6/s", stats_net_icmp6, in_router_advertisements6),
        P64("inbsol6/s", stats_net_icmp6, in_neighbor_solicits6),
        P64("onbsol6/s", stats_net_icmp6, out_neighbor_solicits6),
        P64("inbad6/s", stats_net_icmp6, in_neighbor_advertisements6),
        P64("onbad6/s", stats_net_icmp6, out_neighbor_advertisements6),
};

static const struct raw_field eicmp6_fields[] = {
        P64("ierr6/s", stats_net_eicmp6, in_errors6),
        P64("idtunr6/s", stats_net_eicmp6, in_dest_unreachs6),
        P64("odtunr6/s", stats_net_eicmp6, out_dest_unreachs6),
        P64("itmex6/s", stats_net_eicmp6, in_time_excds6),
        P64("otmex6/s", stats_net_eicmp6, out_time_excds6),
        P64("iprmpb6/s", stats_net_eicmp6, in_parm_problems6),
        P64("oprmpb6/s", stats_net_eicmp6, out_parm_problems6),
        P64("iredir6/s", stats_net_eicmp6, in_redirects6),
        P64("oredir6/s", stats_net_eicmp6, out_redirects6),
        P64("ipck2b6/s", stats_net_eicmp6, in_pkt_too_bigs6),
        P64("opck2b6/s", stats_net_eicmp6, out_pkt_too_bigs6),
};

static const struct raw_field udp6_fields[] = {
        P64("idgm6/s", stats_net_udp6, in_datagrams6),
        P64("odgm6/s", stats_net_udp6, out_datagrams6),
        P64("noport6/s", stats_net_udp6, no_ports6),
        P64("idgmer6/s", stats_net_udp6, in_errors6),
};

static const struct raw_field pwr_cpu_fields[] = {
        L64("MHz", stats_pwr_cpufreq, cpufreq),
};

static const struct raw_field fan_fields[] = {
        LSTR("DEVICE", stats_pwr_fan, device),
        LDBL("rpm", stats_pwr_fan, rpm),
        LDBL("rpm_min", stats_pwr_fan, rpm_min),
};

static const struct raw_field temp_fields[] = {
        LSTR("DEVICE", stats_pwr_temp, device),
        LDBL("degC", stats_pwr_temp, temp),
        LDBL("temp_min", stats_pwr_temp, temp_min),
        LDBL("temp_max", stats_pwr_temp, temp_max),
};

static const struct raw_field in_fields[] = {
        LSTR("DEVICE", stats_pwr_in, device),
        LDBL("inV", stats_pwr_in, in),
        LDBL("in_min", stats_pwr_in, in_min),
        LDBL("in_max", stats_pwr_in, in_max),
};

/* One frequency of a CPU, repeated while the frequencies are not zero. */
static const struct raw_field freq_fields[] = {
        L64("freq", stats_pwr_wghfreq, freq),
        P64("tminst", stats_pwr_wghfreq, time_in_state),
};

static const struct raw_field usb_fields[] = {
        LQSTR("manufact", stats_pwr_usb, manufacturer),
        LQSTR("product", stats_pwr_usb, product),
        LINT("BUS", stats_pwr_usb, bus_nr),
        LHEX("idvendor", stats_pwr_usb, vendor_id),
        LHEX("idprod", stats_pwr_usb, product_id),
        L32("maxpower", stats_pwr_usb, bmaxpower),
};

static const struct raw_field fs_fields[] = {
        L64("f_bfree", stats_filesystem, f_bfree),   L64("f_blocks", stats_filesystem, f_blocks),
        L64("f_bavail", stats_filesystem, f_bavail), L64("Ifree", stats_filesystem, f_ffree),
        L64("f_files", stats_filesystem, f_files),
};

static const struct raw_field fc_fields[] = {
        P64("fch_rxf/s", stats_fchost, f_rxframes),
        P64("fch_txf/s", stats_fchost, f_txframes),
        P64("fch_rxw/s", stats_fchost, f_rxwords),
        P64("fch_txw/s", stats_fchost, f_txwords),
};

static const struct raw_field softnet_fields[] = {
        P32("total/s", stats_softnet, processed),      P32("dropd/s", stats_softnet, dropped),
        P32("squeezd/s", stats_softnet, time_squeeze), P32("rx_rps/s", stats_softnet, received_rps),
        P32("flw_lim/s", stats_softnet, flow_limit),   L32("blg_len", stats_softnet, backlog_len),
};

static const struct raw_field psi_cpu_fields[] = {
        L64("%scpu-10", stats_psi_cpu, some_acpu_10),
        L64("%scpu-60", stats_psi_cpu, some_acpu_60),
        L64("%scpu-300", stats_psi_cpu, some_acpu_300),
        P64("%scpu", stats_psi_cpu, some_cpu_total),
};

static const struct raw_field psi_io_fields[] = {
        L64("%sio-10", stats_psi_io, some_aio_10),   L64("%sio-60", stats_psi_io, some_aio_60),
        L64("%sio-300", stats_psi_io, some_aio_300), P64("%sio", stats_psi_io, some_io_total),
        L64("%fio-10", stats_psi_io, full_aio_10),   L64("%fio-60", stats_psi_io, full_aio_60),
        L64("%fio-300", stats_psi_io, full_aio_300), P64("%fio", stats_psi_io, full_io_total),
};

static const struct raw_field psi_mem_fields[] = {
        L64("%smem-10", stats_psi_mem, some_amem_10),
        L64("%smem-60", stats_psi_mem, some_amem_60),
        L64("%smem-300", stats_psi_mem, some_amem_300),
        P64("%smem", stats_psi_mem, some_mem_total),
        L64("%fmem-10", stats_psi_mem, full_amem_10),
        L64("%fmem-60", stats_psi_mem, full_amem_60),
        L64("%fmem-300", stats_psi_mem, full_amem_300),
        P64("%fmem", stats_psi_mem, full_mem_total),
};

/* ---- outputs ---- */

struct raw_ctx;

/*
 * One output: the activity and view output (SAR_O_*) it prints, the row
 * function walking its items, the name of the item's column ("CPU",
 * "IFACE"...; the first number of numbered items), how its view matches an
 * item with the previous record's (sysstat's check_*_reg), and its fields.
 */
struct raw_output {
	uint32_t act_id;
	uint32_t opt;
	void (*rows)(struct raw_ctx *x);
	const char *item;
	int item_base;
	sar_prev_fn *prev_of;
	size_t item_name_off; /* the item's name in its struct (interfaces, FC hosts) */
	bool listed;          /* the view may leave items out (--iface=) */
	const struct raw_field *fields;
	size_t n_fields;
};

/* What the row functions work on: one output of one record. */
struct raw_ctx {
	struct sadf *d;
	struct raw_state *st;
	struct sar_act *a;
	const struct sar_view *v;
	const struct raw_output *o;
	const struct sar_slot *prev, *curr;
};

/* ---- printing ---- */

static void
colour(struct sadf *d, enum sar_sgr k)
{
	if (d->s.colors)
		sadf_puts(d, d->s.sgr[k]);
}

/* sysstat's cprintf_s(IS_DEBUG): a marker after a name, in the restart colour. */
static void
marker(struct sadf *d, const char *m)
{
	if (!m)
		return;
	colour(d, SAR_SGR_RESTART);
	sadf_printf(d, " [%s]", m);
	colour(d, SAR_SGR_NORMAL);
}

/*
 * "HH:MM:SS[ zone];", the start of every line (see sadf_zone(); special: a
 * restart's or a comment's).
 */
static void
line_start(struct sadf *d, bool special)
{
	const char *zone = sadf_zone(d, special);

	sadf_puts(d, d->time);
	if (zone) {
		sadf_putc(d, ' ');
		sadf_puts(d, zone);
	}
	sadf_putc(d, ';');
}

/* "; V" for the n bytes of a number numfmt wrote: every value of every row starts so. */
static void
put_num(struct sadf *d, const char *num, size_t n)
{
	sadf_put(d, "; ", 2);
	sadf_put(d, num, n);
}

/* "; V" of a counter, in place in the output buffer when it has the room. */
static void
put_u64_num(struct sadf *d, uint64_t v)
{
	struct outbuf *o = &d->s.ob;
	char num[24];

	if (o->cap - o->len >= 2 + NUMFMT_PLAIN_ROOM) {
		memcpy(o->buf + o->len, "; ", 2);
		o->len += 2 + numfmt_u64_plain(o->buf + o->len + 2, v);
		return;
	}
	put_num(d, num, numfmt_u64(num, sizeof(num), v, 0));
}

/* "; V;": a level or an item number. */
static void
put_u64_field(struct sadf *d, uint64_t v)
{
	put_u64_num(d, v);
	sadf_putc(d, ';');
}

static void
put_i64_field(struct sadf *d, int64_t v)
{
	char num[24];

	put_num(d, num, numfmt_i64(num, sizeof(num), v, 0));
	sadf_putc(d, ';');
}

/* "pre" the n bytes of str "post": printf("pre%.*spost") without a format. */
static void
put_wrapped(struct sadf *d, const char *pre, const char *str, size_t n, const char *post)
{
	sadf_puts(d, pre);
	sadf_put(d, str, n);
	sadf_puts(d, post);
}

/* " name[ [marker]]; value;": the item's column (its number or name). */
static void
item_int(struct sadf *d, const char *name, const char *m, long long v)
{
	sadf_putc(d, ' ');
	sadf_puts(d, name);
	marker(d, m);
	put_i64_field(d, v);
}

static void
item_str(struct sadf *d, const char *name, const char *m, const char *v, int len)
{
	sadf_putc(d, ' ');
	sadf_puts(d, name);
	marker(d, m);
	put_wrapped(d, "; ", v, strnlen(v, (size_t) len), ";");
}

static uint64_t
member(const void *item, uint16_t off, enum raw_type type)
{
	const unsigned char *p = (const unsigned char *) item + off;
	uint64_t v64;
	uint32_t v32;

	if (type == RT_U64) {
		memcpy(&v64, p, sizeof(v64));
		return v64;
	}
	memcpy(&v32, p, sizeof(v32));
	return v32;
}

/* A counter's value: the member, plus (or less) the others. */
static uint64_t
field_value(const void *item, const struct raw_field *f)
{
	uint64_t v = member(item, f->off, f->type);
	uint8_t k;

	for (k = 0; k < f->n_more; k++) {
		uint64_t m = member(item, f->more[k], f->type);

		v = f->minus ? v - m : v + m;
	}
	return v;
}

/*
 * The length of a name as sysstat's "%s" reads it: up to its NUL, which
 * may be past its member (a name filling its field runs on), but not past
 * the item.
 */
static int
name_len(const struct sar_act *a, const void *item, size_t off)
{
	return (int) strnlen((const char *) item + off, a->desc->size - off);
}

static void
put_level(const struct raw_ctx *x, const void *item, const struct raw_field *f)
{
	struct sadf *d = x->d;
	const unsigned char *p = (const unsigned char *) item + f->off;
	double dbl;

	switch (f->type) {
	case RT_INT:
		put_i64_field(d, (int) (uint32_t) member(item, f->off, f->type));
		break;
	case RT_HEX: {
		char num[24];

		put_num(d, num,
		        numfmt_x64(num, sizeof(num), (unsigned) member(item, f->off, f->type), 0));
		sadf_putc(d, ';');
		break;
	}
	case RT_CHAR:
		put_u64_field(d, (unsigned) *(const char *) p);
		break;
	case RT_DBL:
		memcpy(&dbl, p, sizeof(dbl));
		if (d->dot) { /* "%f" through numfmt: the sensors' values, a tenth of -r's time */
			char num[64];
			size_t n = numfmt_fixed(num, sizeof(num), dbl, 0, 6, ".");

			if (n) {
				put_num(d, num, n);
				sadf_putc(d, ';');
				break;
			}
		}
		sadf_printf(d, "; %f;", dbl);
		break;
	case RT_STR:
		put_wrapped(d, "; ", (const char *) p, (size_t) name_len(x->a, item, f->off), ";");
		break;
	case RT_QSTR:
		put_wrapped(d, "; \"", (const char *) p, (size_t) name_len(x->a, item, f->off),
		            "\";");
		break;
	default:
		put_u64_field(d, field_value(item, f));
		break;
	}
}

/* sysstat's pval: "; prev; curr;", after -O debug's marker of a counter that went back. */
static void
put_pair(const struct raw_ctx *x, uint64_t prev, uint64_t curr)
{
	marker(x->d, x->st->debug && curr < prev ? "DEC" : NULL);
	put_u64_num(x->d, prev);
	put_u64_field(x->d, curr);
}

/* The fields of one item, from its previous and current values. */
static void
put_fields(const struct raw_ctx *x, const void *prev, const void *curr)
{
	struct sadf *d = x->d;
	size_t k;

	for (k = 0; k < x->o->n_fields; k++) {
		const struct raw_field *f = &x->o->fields[k];

		if (f->need && (d->s.o.outputs[x->a->desc->id] & f->need) != f->need)
			continue;
		sadf_putc(d, ' ');
		sadf_puts(d, f->name);
		if (f->kind == RK_LEVEL)
			put_level(x, curr, f);
		else
			put_pair(x, field_value(prev, f), field_value(curr, f));
	}
}

/* ---- items ---- */

/* Sub-items of each item (interrupts, frequencies), as the file has them. */
static uint32_t
nr2_of(const struct raw_ctx *x)
{
	return x->a->fa->fa.nr2 > 0 ? (uint32_t) x->a->fa->fa.nr2 : 0;
}

/*
 * Item i (sub-item j) of a slot; zeros past the items the record has. A
 * per-CPU activity's slot is read up to what it holds: as sysstat's buffers,
 * it keeps there items of earlier records (see the engine's read_persistent).
 */
static const void *
item_at(const struct raw_ctx *x, const struct sar_slot *sl, uint32_t i, uint32_t j)
{
	uint32_t nr2 = nr2_of(x);
	size_t held = sl->nr;

	if (j >= nr2)
		return zero_item;
	if (x->a->desc->flags & AF_PERSISTENT)
		held = sl->cap / ((size_t) nr2 * x->a->desc->size);
	if (i >= held)
		return zero_item;
	return sar_item(x->a, sl, i, j);
}

/* The previous values of item i (zeros for a new one), and its debug marker. */
static const void *
prev_of(const struct raw_ctx *x, uint32_t i, const void *c, const char **ret_marker)
{
	bool again;
	const void *p = x->o->prev_of(x->a, x->prev, i, c, &again);

	*ret_marker = NULL;
	if (p)
		return p;
	if (x->st->debug)
		*ret_marker = again ? "BCK" : "NEW";
	return zero_item;
}

/*
 * The name the output's view gives item c, or NULL when the view leaves
 * it out (--dev=, --fs=, --iface=): the view prints the item alone into
 * the sink, and its row's first cell is the name.
 */
static const char *
probe_name(struct raw_ctx *x, const void *c)
{
	struct sadf *d = x->d;
	struct sar *s = &d->s;
	uint64_t buf[RAW_ITEM_MAX / 8 + 1];
	struct sar_slot none = {.nr = 0};
	struct sar_slot one = {.nr = 1, .items = (unsigned char *) buf, .cap = sizeof(buf)};

	memcpy(buf, c, x->a->desc->size);
	d->rows = 0;
	s->dish = false;
	x->v->print(s, x->a, &none, &one, 100);
	if (s->in_row)
		sar_out_nl(s);
	if (!d->rows || !d->n_cells || d->cells[0].kind != SAR_CELL_STR)
		return NULL;
	return d->cells[0].str;
}

static void
rows_single(struct raw_ctx *x)
{
	line_start(x->d, false);
	put_fields(x, item_at(x, x->prev, 0, 0), item_at(x, x->curr, 0, 0));
	sadf_putc(x->d, '\n');
}

/* Items without a column of their own (USB devices). */
static void
rows_each(struct raw_ctx *x)
{
	uint32_t i;

	for (i = 0; i < x->curr->nr; i++) {
		line_start(x->d, false);
		put_fields(x, zero_item, item_at(x, x->curr, i, 0));
		sadf_putc(x->d, '\n');
	}
}

/* Sensors: numbered from item_base. */
static void
rows_numbered(struct raw_ctx *x)
{
	uint32_t i;

	for (i = 0; i < x->curr->nr; i++) {
		line_start(x->d, false);
		item_int(x->d, x->o->item, NULL, (long long) i + x->o->item_base);
		put_fields(x, zero_item, item_at(x, x->curr, i, 0));
		sadf_putc(x->d, '\n');
	}
}

/* sysstat raises the CPU count it walks to the record's. */
static void
raise_nr_ini(struct raw_ctx *x)
{
	if ((int32_t) x->curr->nr > x->a->nr_ini)
		x->a->nr_ini = (int32_t) x->curr->nr;
}

/* -u, -u ALL: "all" and every CPU of -P, up to the CPUs of the file. */
static void
rows_cpu(struct raw_ctx *x)
{
	uint32_t i;

	raise_nr_ini(x);
	for (i = 0; i < (uint32_t) x->a->nr_ini && i <= RAW_CPU_MAX; i++) {
		const struct stats_cpu *c = item_at(x, x->curr, i, 0);
		struct stats_cpu p;
		const char *m = NULL;

		if (!sar_cpu_selected(&x->d->s, i))
			continue;
		memcpy(&p, item_at(x, x->prev, i, 0), sizeof(p));
		/* -O debug's markers; the line then shows p as corrected, as sysstat's. */
		if (x->st->debug && i) {
			if (!sar_cpu_ticks(c))
				m = "OFF";
			else if (!sar_cpu_interval(c, &p))
				m = "TLS";
		}
		line_start(x->d, false);
		item_int(x->d, x->o->item, m, (long long) i - 1);
		put_fields(x, &p, c);
		sadf_putc(x->d, '\n');
	}
}

/* -n SOFT: every CPU of -P, but not "all", which the file does not have. */
static void
rows_softnet(struct raw_ctx *x)
{
	uint32_t i;

	raise_nr_ini(x);
	for (i = 1; i < (uint32_t) x->a->nr_ini && i <= RAW_CPU_MAX; i++) {
		const struct stats_softnet *c = item_at(x, x->curr, i, 0);
		/* A 32-bit sum, as sysstat's. */
		uint32_t sum = c->processed + c->dropped + c->time_squeeze + c->received_rps +
		               c->flow_limit + c->backlog_len;

		if (!sar_cpu_selected(&x->d->s, i))
			continue;
		line_start(x->d, false);
		item_int(x->d, x->o->item, x->st->debug && !sum ? "OFF" : NULL, (long long) i - 1);
		put_fields(x, item_at(x, x->prev, i, 0), c);
		sadf_putc(x->d, '\n');
	}
}

/* -m CPU: the CPUs of -P among the record's. */
static void
rows_pwr_cpu(struct raw_ctx *x)
{
	uint32_t i;

	for (i = 0; i < x->curr->nr && i <= RAW_CPU_MAX; i++) {
		if (!sar_cpu_selected(&x->d->s, i))
			continue;
		line_start(x->d, false);
		item_int(x->d, x->o->item, NULL, (long long) i - 1);
		put_fields(x, item_at(x, x->prev, i, 0), item_at(x, x->curr, i, 0));
		sadf_putc(x->d, '\n');
	}
}

/* -m FREQ: each CPU's frequencies, up to the first zero one. */
static void
rows_freq(struct raw_ctx *x)
{
	uint32_t i, k;

	for (i = 0; i < x->curr->nr && i <= RAW_CPU_MAX; i++) {
		if (!sar_cpu_selected(&x->d->s, i))
			continue;
		line_start(x->d, false);
		item_int(x->d, x->o->item, NULL, (long long) i - 1);
		for (k = 0; k < nr2_of(x); k++) {
			const struct stats_pwr_wghfreq *c = item_at(x, x->curr, i, k);

			if (!c->freq)
				break;
			put_fields(x, item_at(x, x->prev, i, k), c);
		}
		sadf_putc(x->d, '\n');
	}
}

/* -y: a line that was not in the previous record shows no values. */
static void
rows_serial(struct raw_ctx *x)
{
	uint32_t i;

	for (i = 0; i < x->curr->nr; i++) {
		const struct stats_serial *c = item_at(x, x->curr, i, 0);
		const void *p = x->o->prev_of(x->a, x->prev, i, c, NULL);

		line_start(x->d, false);
		item_int(x->d, x->o->item, x->st->debug && !p ? "NEW" : NULL, c->line);
		if (p)
			put_fields(x, p, c);
		sadf_putc(x->d, '\n');
	}
}

/* -d: the device numbers, then the name sar gives the device. */
static void
rows_disk(struct raw_ctx *x)
{
	uint32_t i;

	for (i = 0; i < x->curr->nr; i++) {
		const struct stats_disk *c = item_at(x, x->curr, i, 0);
		const char *name = probe_name(x, c), *m;
		const void *p;

		if (!name)
			continue;
		p = prev_of(x, i, c, &m);
		line_start(x->d, false);
		sadf_puts(x->d, " major");
		put_u64_field(x->d, c->major);
		sadf_puts(x->d, " minor");
		put_u64_field(x->d, c->minor);
		item_str(x->d, x->o->item, m, name, (int) strlen(name));
		put_fields(x, p, c);
		sadf_putc(x->d, '\n');
	}
}

/* -n DEV, EDEV (in the --iface= list) and FC: the name stored in the item. */
static void
rows_named(struct raw_ctx *x)
{
	uint32_t i;

	for (i = 0; i < x->curr->nr; i++) {
		const void *c = item_at(x, x->curr, i, 0), *p;
		const char *m;

		if (x->o->listed && !probe_name(x, c))
			continue;
		p = prev_of(x, i, c, &m);
		line_start(x->d, false);
		item_str(x->d, x->o->item, m, (const char *) c + x->o->item_name_off,
		         name_len(x->a, c, x->o->item_name_off));
		put_fields(x, p, c);
		sadf_putc(x->d, '\n');
	}
}

/* -F [MOUNT]: the name sar gives the filesystem, quoted. */
static void
rows_fs(struct raw_ctx *x)
{
	uint32_t i;

	for (i = 0; i < x->curr->nr; i++) {
		const void *c = item_at(x, x->curr, i, 0);
		const char *name = probe_name(x, c);

		if (!name)
			continue;
		line_start(x->d, false);
		sadf_putc(x->d, ' ');
		sadf_puts(x->d, x->o->item);
		put_wrapped(x->d, "; \"", name, strlen(name), "\";");
		put_fields(x, zero_item, c);
		sadf_putc(x->d, '\n');
	}
}

/* -I: one line per interrupt, its count on "all" and each CPU of -P. */
static void
rows_irq(struct raw_ctx *x)
{
	struct sadf *d = x->d;
	uint32_t i, c;

	raise_nr_ini(x);
	for (i = 0; i < nr2_of(x); i++) {
		const struct stats_irq *q = item_at(x, x->curr, 0, i);
		char name[MAX_SA_IRQ_LEN + 1];

		snprintf(name, sizeof(name), "%.*s", (int) sizeof(q->irq_name), q->irq_name);
		if (!sar_irq_selected(&d->s, name))
			continue;
		line_start(d, false);
		sadf_putc(d, ' ');
		sadf_puts(d, x->o->item);
		put_wrapped(d, "; ", name, strlen(name), ";");
		for (c = 0; c < x->curr->nr && c <= RAW_CPU_MAX; c++) {
			const struct stats_irq *qp = item_at(x, x->prev, c, i),
			                       *qc = item_at(x, x->curr, c, i);

			if (!sar_cpu_selected(&d->s, c))
				continue;
			if (c) {
				char num[24];

				sadf_put(d, " CPU", 4);
				sadf_put(d, num, numfmt_u64(num, sizeof(num), c - 1, 0));
			} else
				sadf_puts(d, " all");
			put_pair(x, qp->irq_nr, qc->irq_nr);
		}
		sadf_putc(d, '\n');
	}
}

/* sysstat's names of a battery's status, which -O debug shows. */
static const char *const bat_status[] = {"Unknown", "Charging", "Discharging", "NotCharging",
                                         "Full"};

/*
 * Batteries (12.7.5): "BAT; n; %cap; prev; curr; status; s;", the bytes as
 * sysstat's chars (signed), the capacities through unsigned int.
 */
static void
rows_bat(struct raw_ctx *x)
{
	struct sadf *d = x->d;
	uint32_t i;

	for (i = 0; i < x->curr->nr; i++) {
		const struct stats_pwr_bat *c = item_at(x, x->curr, i, 0);
		const struct stats_pwr_bat *p = item_at(x, x->prev, i, 0);
		int status = (int8_t) c->status;

		line_start(d, false);
		sadf_printf(d, " BAT; %d; %%cap; %u; %u; status; %d", (int8_t) c->bat_id,
		        (unsigned) (int) (int8_t) p->capacity, (unsigned) (int) (int8_t) c->capacity,
		        status);
		if (x->st->debug && status >= (int) N(bat_status)) {
			marker(d, "UNDEFINED");
		} else if (x->st->debug && status >= 0) {
			colour(d, SAR_SGR_COMMENT);
			sadf_printf(d, " [%s]", bat_status[status]);
			colour(d, SAR_SGR_NORMAL);
		}
		sadf_puts(d, ";\n");
	}
}

// clang-format off
#define OUT(id, opt, rows, item, fields) \
	{ (id), (opt), (rows), (item), 0, NULL, 0, false, (fields), N(fields) }
#define OUT_NUMBERED(id, item, base, fields) \
	{ (id), SAR_O_MAIN, rows_numbered, (item), (base), NULL, 0, false, (fields), N(fields) }
#define OUT_MATCHED(id, rows, item, prev_of, listed, fields) \
	{ (id), SAR_O_MAIN, (rows), (item), 0, (prev_of), 0, (listed), (fields), N(fields) }
#define OUT_NAMED(id, item, st, name, listed, fields) \
	{ (id), SAR_O_MAIN, rows_named, (item), 0, sar_named_prev, offsetof(struct st, name), \
	  (listed), (fields), N(fields) }

static const struct raw_output outputs[] = {
	OUT(A_CPU, SAR_O_CPU, rows_cpu, "CPU", cpu_fields),
	OUT(A_CPU, SAR_O_CPU_ALL, rows_cpu, "CPU", cpu_all_fields),
	OUT(A_PCSW, SAR_O_MAIN, rows_single, NULL, pcsw_fields),
	{A_IRQ, SAR_O_IRQ_SUM | SAR_O_IRQ_ALL, rows_irq, "INTR", 0, NULL, 0, false, NULL, 0},
	OUT(A_SWAP, SAR_O_MAIN, rows_single, NULL, swap_fields),
	OUT(A_PAGE, SAR_O_MAIN, rows_single, NULL, paging_fields),
	OUT(A_IO, SAR_O_MAIN, rows_single, NULL, io_fields),
	OUT(A_MEMORY, SAR_O_MEM, rows_single, NULL, memory_fields),
	OUT(A_MEMORY, SAR_O_SWAP, rows_single, NULL, memswap_fields),
	OUT(A_HUGE, SAR_O_MAIN, rows_single, NULL, huge_fields),
	OUT(A_KTABLES, SAR_O_MAIN, rows_single, NULL, ktables_fields),
	OUT(A_QUEUE, SAR_O_MAIN, rows_single, NULL, queue_fields),
	OUT_MATCHED(A_SERIAL, rows_serial, "TTY", sar_serial_prev, false, serial_fields),
	OUT_MATCHED(A_DISK, rows_disk, "DEV", sar_disk_prev, true, disk_fields),
	OUT_NAMED(A_NET_DEV, "IFACE", stats_net_dev, interface, true, net_dev_fields),
	OUT_NAMED(A_NET_EDEV, "IFACE", stats_net_edev, interface, true, net_edev_fields),
	OUT(A_NET_NFS, SAR_O_MAIN, rows_single, NULL, nfs_fields),
	OUT(A_NET_NFSD, SAR_O_MAIN, rows_single, NULL, nfsd_fields),
	OUT(A_NET_SOCK, SAR_O_MAIN, rows_single, NULL, sock_fields),
	OUT(A_NET_IP, SAR_O_MAIN, rows_single, NULL, ip_fields),
	OUT(A_NET_EIP, SAR_O_MAIN, rows_single, NULL, eip_fields),
	OUT(A_NET_ICMP, SAR_O_MAIN, rows_single, NULL, icmp_fields),
	OUT(A_NET_EICMP, SAR_O_MAIN, rows_single, NULL, eicmp_fields),
	OUT(A_NET_TCP, SAR_O_MAIN, rows_single, NULL, tcp_fields),
	OUT(A_NET_ETCP, SAR_O_MAIN, rows_single, NULL, etcp_fields),
	OUT(A_NET_UDP, SAR_O_MAIN, rows_single, NULL, udp_fields),
	OUT(A_NET_SOCK6, SAR_O_MAIN, rows_single, NULL, sock6_fields),
	OUT(A_NET_IP6, SAR_O_MAIN, rows_single, NULL, ip6_fields),
	OUT(A_NET_EIP6, SAR_O_MAIN, rows_single, NULL, eip6_fields),
	OUT(A_NET_ICMP6, SAR_O_MAIN, rows_single, NULL, icmp6_fields),
	OUT(A_NET_EICMP6, SAR_O_MAIN, rows_single, NULL, eicmp6_fields),
	OUT(A_NET_UDP6, SAR_O_MAIN, rows_single, NULL, udp6_fields),
	OUT(A_PWR_CPU, SAR_O_MAIN, rows_pwr_cpu, "CPU", pwr_cpu_fields),
	OUT_NUMBERED(A_PWR_FAN, "FAN", 1, fan_fields),
	OUT_NUMBERED(A_PWR_TEMP, "TEMP", 1, temp_fields),
	OUT_NUMBERED(A_PWR_IN, "IN", 0, in_fields),
	OUT(A_PWR_FREQ, SAR_O_MAIN, rows_freq, "CPU", freq_fields),
	{A_PWR_BAT, SAR_O_MAIN, rows_bat, "BAT", 0, NULL, 0, false, NULL, 0},
	OUT(A_PWR_USB, SAR_O_MAIN, rows_each, NULL, usb_fields),
	OUT(A_FS, SAR_O_FS, rows_fs, "FILESYSTEM", fs_fields),
	OUT(A_FS, SAR_O_FS_MOUNT, rows_fs, "MOUNTPOINT", fs_fields),
	OUT_NAMED(A_NET_FC, "FCHOST", stats_fchost, fchost_name, false, fc_fields),
	OUT(A_NET_SOFT, SAR_O_MAIN, rows_softnet, "CPU", softnet_fields),
	OUT(A_PSI_CPU, SAR_O_MAIN, rows_single, NULL, psi_cpu_fields),
	OUT(A_PSI_IO, SAR_O_MAIN, rows_single, NULL, psi_io_fields),
	OUT(A_PSI_MEM, SAR_O_MAIN, rows_single, NULL, psi_mem_fields),
};
// clang-format on

/* 12.6.1's paging: without pgprom/s and pgdem/s. */
static const struct raw_output paging_1261 = {
        A_PAGE, SAR_O_MAIN, rows_single, NULL, 0, NULL, 0, false, paging_fields, N(paging_fields) - 2};

static const struct raw_output *
output_of(const struct sar_view *v)
{
	size_t k;

	if (v->act_id == A_PAGE && !flavour_1275())
		return &paging_1261;
	for (k = 0; k < N(outputs); k++)
		if (outputs[k].act_id == v->act_id && outputs[k].opt == v->opt)
			return &outputs[k];
	return NULL;
}

/* ---- the backend ---- */

static void
comment_line(struct sadf *d, const char *text)
{
	colour(d, SAR_SGR_COMMENT);
	sadf_puts(d, text);
	colour(d, SAR_SGR_NORMAL);
}

/*
 * sysstat's buffers hold nr_allocated items: the file's count at first,
 * doubled until an item count read (or a restart's CPU count) fits.
 */
static void
grow(int32_t *alloc, int32_t need)
{
	int64_t n = *alloc;

	if (need <= *alloc)
		return;
	if (n <= 0)
		n = need;
	while (n < need)
		n *= 2;
	/* A count this large (a damaged restart record) stops sysstat anyway. */
	*alloc = n > INT32_MAX ? INT32_MAX : (int32_t) n;
}

/*
 * A restart grows the per-CPU activities' buffers to its CPU count when
 * sysstat takes it into account: once the walk goes past it (a pass stops
 * at a restart and starts its segment again; the restart counts after the
 * last pass). So restarts wait here until a statistics record after them
 * is read.
 */
static void
track_restart(struct raw_state *st, const struct archive_record *rec)
{
	size_t k;

	for (k = 0; k < st->n_restarts; k++)
		if (st->restarts[k].offset == rec->offset)
			return;
	if (st->n_restarts == st->cap_restarts) {
		size_t cap = st->cap_restarts ? 2 * st->cap_restarts : 8;
		struct raw_restart *p = sysrec_reallocarray(st->restarts, cap, sizeof(*p));
		st->restarts = p;
		st->cap_restarts = cap;
	}
	st->restarts[st->n_restarts].offset = rec->offset;
	st->restarts[st->n_restarts].cpu_nr = rec->restart_cpu_nr;
	st->n_restarts++;
}

/* The restarts before offset, in file order, then the record's item counts. */
static void
track_allocs(struct sadf *d, struct raw_state *st, uint64_t offset)
{
	size_t k, kept = 0;
	uint32_t i;

	for (k = 0; k < st->n_restarts; k++) {
		if (st->restarts[k].offset > offset) {
			st->restarts[kept++] = st->restarts[k];
			continue;
		}
		for (i = 0; i < st->n_acts; i++)
			if (d->s.acts[i].fa->known_format &&
			    (d->s.acts[i].desc->flags & AF_PERSISTENT))
				grow(&st->alloc[i], st->restarts[k].cpu_nr);
	}
	st->n_restarts = kept;
	/* Every activity's count, decoded by this pass or not (sysstat reads them all). */
	for (i = 0; i < st->n_acts; i++)
		if (d->s.acts[i].fa->known_format)
			grow(&st->alloc[i], d->s.r->rec_counts[i]);
}

static void
raw_record_read(struct sadf *d, const struct archive_record *rec, int rc)
{
	if (rc <= 0)
		return;
	if (rec->hdr.record_type == SA_R_RESTART)
		track_restart(d->fmt, rec);
	else if (rec->hdr.record_type == SA_R_STATS)
		track_allocs(d, d->fmt, rec->offset);
}

/* -O debug: every record header read, before the reader checks it, as sysstat prints them. */
static void
raw_header(void *ctx, const struct sa_record_header *h)
{
	char line[192];

	snprintf(line, sizeof(line),
	         "# uptime_cs; %llu; ust_time; %llu; extra_next; %u; record_type; %d; "
	         "HH:MM:SS; %02d:%02d:%02d\n",
	         (unsigned long long) h->uptime_cs, (unsigned long long) h->ust_time,
	         (unsigned) h->extra_next, h->record_type, h->hour, h->minute, h->second);
	comment_line(ctx, line);
}

static void
raw_print_view(struct sadf *d, struct sar_act *a, const struct sar_view *v, int curr)
{
	struct raw_state *st = d->fmt;
	struct raw_ctx x = {d, st, a, v, output_of(v), &a->slot[!curr], &a->slot[curr]};

	if (st->debug) {
		char line[192];

		snprintf(line, sizeof(line), "# name; %s; nr_curr; %d; nr_alloc; %d; nr_ini; %d\n",
		         a->desc->name, (int) x.curr->nr, st->alloc[a - d->s.acts], a->nr_ini);
		comment_line(d, line);
	}
	if (x.curr->nr > 0 && x.o)
		x.o->rows(&x);
}

static void
raw_restart(struct sadf *d, int cpu_nr)
{
	line_start(d, true);
	sadf_printf(d, " LINUX-RESTART (%d CPU)\n", cpu_nr);
}

static void
raw_comment(struct sadf *d, const char *text)
{
	line_start(d, true);
	sadf_printf(d, " COM %s\n", text);
}

static void
raw_file_begin(struct sadf *d)
{
	struct raw_state *st = sysrec_calloc(1, sizeof(*st));
	uint32_t i;

	st->alloc = sysrec_calloc(d->s.n_acts ? d->s.n_acts : 1, sizeof(*st->alloc));
	st->debug = (d->c->out_opts & SADF_O_DEBUG) != 0;
	st->n_acts = d->s.n_acts;
	for (i = 0; i < st->n_acts; i++)
		if (d->s.acts[i].fa->known_format && d->s.acts[i].nr_ini > 0)
			st->alloc[i] = d->s.acts[i].nr_ini;
	/* sadf colours its comment lines as sar does (S_COLORS), which only -O debug has. */
	sar_colors_init(&d->s, getenv("S_COLORS"), getenv("S_COLORS_SGR"),
	                isatty(STDOUT_FILENO) != 0);
	d->fmt = st;
	if (st->debug) {
		d->s.r->on_header = raw_header;
		d->s.r->on_header_ctx = d;
	}
}

static void
raw_file_end(struct sadf *d)
{
	struct raw_state *st = d->fmt;

	d->s.r->on_header = NULL;
	if (st) {
		free(st->alloc);
		free(st->restarts);
	}
	free(st);
	d->fmt = NULL;
}

const struct sadf_backend sadf_raw = {
        .file_begin = raw_file_begin,
        .file_end = raw_file_end,
        .release = raw_file_end,
        .record_read = raw_record_read,
        .print_view = raw_print_view,
        .restart = raw_restart,
        .comment = raw_comment,
};
