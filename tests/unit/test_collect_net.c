/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the network collectors (collect_net.c). The parser tests
 * run on hand-typed buffers whose expected values were worked out by hand
 * from doc/activities.md §6; the oracle tests compare, byte for
 * byte, what the collectors read from each fixture root with the items
 * that sysstat 12.6.1's own sadc stored from the same root.
 */

#include <check.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "common/activity.h"
#include "common/layout.h"
#include "sadc/collect.h"
#include "sadc/collect_net.h"
#include "common/banned.h"

/* ------------------------------------------------------------------------- */
/* /proc/net/dev */

static const char net_dev[] =
        "Inter-|   Receive                                                |  Transmit\n"
        " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets "
        "errs drop fifo colls carrier compressed\n"
        "    lo: 100 2 0 0 0 0 0 0 100 2 0 0 0 0 0 0\n"
        "  eth0: 5000 40 1 2 3 4 5 6 7000 50 7 8 9 10 11 12\n"
        "averyveryverylongname0: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
        "  eth1: 10 20 0 0 0 0 0 0 30\n"
        "eth2: 1 2 x 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
        "eth3: -1 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n";

START_TEST(test_dev_columns)
{
	struct stats_net_dev d[8];

	memset(d, 0, sizeof(d));
	ck_assert_int_eq(parse_net_dev(net_dev, d, 8), 6);
	ck_assert_str_eq(d[0].interface, "lo");
	ck_assert_uint_eq(d[0].rx_bytes, 100);
	ck_assert_str_eq(d[1].interface, "eth0");
	ck_assert_uint_eq(d[1].rx_bytes, 5000);
	ck_assert_uint_eq(d[1].rx_packets, 40);
	ck_assert_uint_eq(d[1].rx_compressed, 5);
	ck_assert_uint_eq(d[1].multicast, 6);
	ck_assert_uint_eq(d[1].tx_bytes, 7000);
	ck_assert_uint_eq(d[1].tx_packets, 50);
	ck_assert_uint_eq(d[1].tx_compressed, 12);
	/* Speed and duplex come from sysfs, not from this file. */
	ck_assert_uint_eq(d[1].speed, 0);
	ck_assert_int_eq(d[1].duplex, 0);
}
END_TEST

START_TEST(test_dev_edge_cases)
{
	struct stats_net_dev d[8];

	memset(d, 0, sizeof(d));
	ck_assert_int_eq(parse_net_dev(net_dev, d, 8), 6);
	/* Only the first 15 bytes before the ':' hold the name. */
	ck_assert_str_eq(d[2].interface, "averyveryverylo");
	ck_assert_uint_eq(d[2].tx_compressed, 16);
	/* An old kernel's short line: the missing columns stay 0. */
	ck_assert_str_eq(d[3].interface, "eth1");
	ck_assert_uint_eq(d[3].rx_bytes, 10);
	ck_assert_uint_eq(d[3].rx_packets, 20);
	ck_assert_uint_eq(d[3].tx_bytes, 30);
	ck_assert_uint_eq(d[3].tx_packets, 0);
	/* Parsing stops at the first non-number, as sscanf does. */
	ck_assert_uint_eq(d[4].rx_bytes, 1);
	ck_assert_uint_eq(d[4].rx_packets, 2);
	ck_assert_uint_eq(d[4].rx_compressed, 0);
	ck_assert_uint_eq(d[4].tx_bytes, 0);
	/* "%llu" wraps a minus sign. */
	ck_assert_uint_eq(d[5].rx_bytes, UINT64_MAX);
	ck_assert_uint_eq(d[5].rx_packets, 2);
}
END_TEST

START_TEST(test_dev_nospace)
{
	struct stats_net_dev d[5];
	struct stats_net_edev e[5];

	memset(d, 0, sizeof(d));
	memset(e, 0, sizeof(e));
	ck_assert_int_eq(parse_net_dev(net_dev, d, 5), COLLECT_E_NOSPACE);
	ck_assert_int_eq(parse_net_edev(net_dev, e, 1), COLLECT_E_NOSPACE);
	ck_assert_int_eq(parse_net_dev("no interface here\n", d, 0), 0);
	ck_assert_int_eq(parse_net_dev("", d, 5), 0);
}
END_TEST

START_TEST(test_edev_columns)
{
	struct stats_net_edev e[8];

	memset(e, 0, sizeof(e));
	ck_assert_int_eq(parse_net_edev(net_dev, e, 8), 6);
	ck_assert_str_eq(e[1].interface, "eth0");
	ck_assert_uint_eq(e[1].rx_errors, 1);
	ck_assert_uint_eq(e[1].rx_dropped, 2);
	ck_assert_uint_eq(e[1].rx_fifo_errors, 3);
	ck_assert_uint_eq(e[1].rx_frame_errors, 4);
	ck_assert_uint_eq(e[1].tx_errors, 7);
	ck_assert_uint_eq(e[1].tx_dropped, 8);
	ck_assert_uint_eq(e[1].tx_fifo_errors, 9);
	ck_assert_uint_eq(e[1].collisions, 10);
	ck_assert_uint_eq(e[1].tx_carrier_errors, 11);
	ck_assert_str_eq(e[2].interface, "averyveryverylo");
	/* eth1 has 9 columns: no error column reaches past rx. */
	ck_assert_uint_eq(e[3].rx_errors, 0);
	ck_assert_uint_eq(e[3].collisions, 0);
}
END_TEST

/* A 300-byte line with a ':' at byte 5 and another at byte 200. */
static void
long_dev_line(char *out, size_t len)
{
	memset(out, ' ', len - 2);
	memcpy(out, "eth0: 1 2", 9);
	out[200] = ':';
	out[len - 2] = '\n';
	out[len - 1] = '\0';
}

START_TEST(test_dev_count_pieces)
{
	char buf[301];
	struct stats_net_dev d[4];

	/*
	 * sadc counts interfaces in 127-byte pieces but reads them in
	 * 255-byte pieces: this line counts twice and reads once.
	 */
	long_dev_line(buf, sizeof(buf));
	memset(d, 0, sizeof(d));
	ck_assert_int_eq(parse_net_dev_count(buf), 2);
	ck_assert_int_eq(parse_net_dev(buf, d, 4), 1);
	ck_assert_str_eq(d[0].interface, "eth0");
	ck_assert_uint_eq(d[0].rx_bytes, 1);
	ck_assert_int_eq(parse_net_dev_count(net_dev), 6);
	ck_assert_int_eq(parse_net_dev_count(""), 0);
}
END_TEST

START_TEST(test_if_duplex_speed)
{
	char duplex = 0;

	ck_assert_int_eq(parse_net_if_duplex("full\n", &duplex), 0);
	ck_assert_int_eq(duplex, 2);
	ck_assert_int_eq(parse_net_if_duplex("  half\n", &duplex), 0);
	ck_assert_int_eq(duplex, 1);
	duplex = 0;
	ck_assert_int_eq(parse_net_if_duplex("unknown\n", &duplex), -EINVAL);
	ck_assert_int_eq(parse_net_if_duplex("", &duplex), -EINVAL);
	ck_assert_int_eq(parse_net_if_duplex("fullx\n", &duplex), -EINVAL);
	ck_assert_int_eq(duplex, 0);
	ck_assert_uint_eq(parse_net_if_speed("1000\n"), 1000);
	/* SPEED_UNKNOWN: "%u" stores the low 32 bits of -1. */
	ck_assert_uint_eq(parse_net_if_speed("-1\n"), 4294967295u);
	ck_assert_uint_eq(parse_net_if_speed(""), 0);
	ck_assert_uint_eq(parse_net_if_speed("4294967296"), 0);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* /proc/net/rpc */

START_TEST(test_nfs)
{
	static const char buf[] = "net 1 2 3 4\n"
	                          "rpc 100 7 100\n"
	                          "proc2 18 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
	                          "proc3 22 0 5 0 0 6 0 8 9 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
	                          "proc4 60 0 11 12 0 0 0 0 0 0 0 0 0 0 0 0 0 0 13 14 0 0\n";
	struct stats_net_nfs n;

	memset(&n, 0, sizeof(n));
	parse_net_nfs(buf, &n);
	ck_assert_uint_eq(n.nfs_rpccnt, 100);
	ck_assert_uint_eq(n.nfs_rpcretrans, 7);
	ck_assert_uint_eq(n.nfs_readcnt, 8 + 11);
	ck_assert_uint_eq(n.nfs_writecnt, 9 + 12);
	ck_assert_uint_eq(n.nfs_accesscnt, 6 + 13);
	ck_assert_uint_eq(n.nfs_getattcnt, 5 + 14);
}
END_TEST

START_TEST(test_nfs_short_proc4)
{
	/* A short proc4 line re-adds the proc3 counts it does not reach, as sadc does. */
	static const char buf[] = "proc3 22 0 5 0 0 6 0 8 9\n"
	                          "proc4 60 0 11\n";
	struct stats_net_nfs n;

	memset(&n, 0, sizeof(n));
	parse_net_nfs(buf, &n);
	ck_assert_uint_eq(n.nfs_rpccnt, 0);
	ck_assert_uint_eq(n.nfs_readcnt, 8 + 11);
	ck_assert_uint_eq(n.nfs_writecnt, 9 + 9);
	ck_assert_uint_eq(n.nfs_accesscnt, 6 + 6);
	ck_assert_uint_eq(n.nfs_getattcnt, 5 + 5);
}
END_TEST

START_TEST(test_nfsd)
{
	static const char buf[] = "rc 1 2 3\n"
	                          "fh 0 0 0 0 0\n"
	                          "net 10 4 6 0\n"
	                          "rpc 10 1 0 0 0\n"
	                          "proc3 22 0 5 0 0 6 0 8 9 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
	                          "proc4ops 40 0 0 0 5 0 0 0 0 0 11 "
	                          "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 27 "
	                          "0 0 0 0 0 0 0 0 0 0 0 0 40\n";
	struct stats_net_nfsd n;

	memset(&n, 0, sizeof(n));
	parse_net_nfsd(buf, &n);
	ck_assert_uint_eq(n.nfsd_rchits, 1);
	ck_assert_uint_eq(n.nfsd_rcmisses, 2);
	ck_assert_uint_eq(n.nfsd_netcnt, 10);
	ck_assert_uint_eq(n.nfsd_netudpcnt, 4);
	ck_assert_uint_eq(n.nfsd_nettcpcnt, 6);
	ck_assert_uint_eq(n.nfsd_rpccnt, 10);
	ck_assert_uint_eq(n.nfsd_rpcbad, 1);
	ck_assert_uint_eq(n.nfsd_readcnt, 8 + 27);
	ck_assert_uint_eq(n.nfsd_writecnt, 9 + 40);
	ck_assert_uint_eq(n.nfsd_accesscnt, 6 + 5);
	ck_assert_uint_eq(n.nfsd_getattcnt, 5 + 11);
}
END_TEST

START_TEST(test_nfs_u32_wrap)
{
	/* The counters are "%u": 2^32 + 3 keeps its low 32 bits. */
	struct stats_net_nfs n;

	memset(&n, 0, sizeof(n));
	parse_net_nfs("rpc 4294967299 1\n", &n);
	ck_assert_uint_eq(n.nfs_rpccnt, 3);
	ck_assert_uint_eq(n.nfs_rpcretrans, 1);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* /proc/net/sockstat, sockstat6 */

START_TEST(test_sock)
{
	static const char buf[] = "sockets: used 1316\n"
	                          "TCP: inuse 10 orphan 0 tw 4 alloc 14 mem 2\n"
	                          "UDP: inuse 6 mem 7\n"
	                          "UDPLITE: inuse 9\n"
	                          "RAW: inuse 2\n"
	                          "FRAG: inuse 3 memory 0\n";
	struct stats_net_sock s;

	memset(&s, 0, sizeof(s));
	parse_net_sock(buf, &s);
	ck_assert_uint_eq(s.sock_inuse, 1316);
	ck_assert_uint_eq(s.tcp_inuse, 10);
	ck_assert_uint_eq(s.tcp_tw, 4);
	ck_assert_uint_eq(s.udp_inuse, 6);
	ck_assert_uint_eq(s.raw_inuse, 2);
	ck_assert_uint_eq(s.frag_inuse, 3);
}
END_TEST

START_TEST(test_sock_fixed_positions)
{
	/*
	 * The numbers are taken at fixed byte positions: two more spaces
	 * put the 'e' of "inuse" at position 11, which is not a number, and
	 * a line without "tw" keeps tcp_tw 0.
	 */
	struct stats_net_sock s;

	memset(&s, 0, sizeof(s));
	parse_net_sock("TCP:   inuse 10 orphan 0\nsockets: used 12345\n", &s);
	ck_assert_uint_eq(s.tcp_inuse, 0);
	ck_assert_uint_eq(s.tcp_tw, 0);
	ck_assert_uint_eq(s.sock_inuse, 12345);
}
END_TEST

START_TEST(test_sock6)
{
	static const char buf[] = "TCP6: inuse 3\n"
	                          "UDP6: inuse 4\n"
	                          "UDPLITE6: inuse 9\n"
	                          "RAW6: inuse 1\n"
	                          "FRAG6: inuse 2 memory 0\n";
	struct stats_net_sock6 s;

	memset(&s, 0, sizeof(s));
	parse_net_sock6(buf, &s);
	ck_assert_uint_eq(s.tcp6_inuse, 3);
	ck_assert_uint_eq(s.udp6_inuse, 4);
	ck_assert_uint_eq(s.raw6_inuse, 1);
	ck_assert_uint_eq(s.frag6_inuse, 2);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* /proc/net/snmp */

/* Every value is its own column position, so the expectations read as positions. */
static const char snmp_new[] =
        "Ip: Forwarding DefaultTTL InReceives InHdrErrors InAddrErrors ForwDatagrams "
        "InUnknownProtos InDiscards InDelivers OutRequests OutDiscards OutNoRoutes ReasmTimeout "
        "ReasmReqds ReasmOKs ReasmFails FragOKs FragFails FragCreates\n"
        "Ip: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19\n"
        "Icmp: InMsgs InErrors InCsumErrors InDestUnreachs InTimeExcds InParmProbs InSrcQuenchs "
        "InRedirects InEchos InEchoReps InTimestamps InTimestampReps InAddrMasks InAddrMaskReps "
        "OutMsgs OutErrors OutDestUnreachs OutTimeExcds OutParmProbs OutSrcQuenchs OutRedirects "
        "OutEchos OutEchoReps OutTimestamps OutTimestampReps OutAddrMasks OutAddrMaskReps\n"
        "Icmp: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27\n"
        "IcmpMsg: InType3\n"
        "IcmpMsg: 7\n"
        "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails "
        "EstabResets CurrEstab InSegs OutSegs RetransSegs InErrs OutRsts InCsumErrors\n"
        "Tcp: 1 200 120000 -1 5 6 7 8 9 10 11 12 13 14 15\n"
        "Udp: InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors\n"
        "Udp: 1 2 3 4 5 6\n"
        "UdpLite: InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors\n"
        "UdpLite: 91 92 93 94 95 96\n";

/* A kernel before 3.10: no InCsumErrors in the ICMP lines. */
static const char snmp_old[] =
        "Icmp: InMsgs InErrors InDestUnreachs InTimeExcds InParmProbs InSrcQuenchs InRedirects "
        "InEchos InEchoReps InTimestamps InTimestampReps InAddrMasks InAddrMaskReps OutMsgs "
        "OutErrors OutDestUnreachs OutTimeExcds OutParmProbs OutSrcQuenchs OutRedirects OutEchos "
        "OutEchoReps OutTimestamps OutTimestampReps OutAddrMasks OutAddrMaskReps\n"
        "Icmp: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26\n";

START_TEST(test_ip_eip)
{
	struct stats_net_ip ip;
	struct stats_net_eip eip;

	memset(&ip, 0, sizeof(ip));
	memset(&eip, 0, sizeof(eip));
	parse_net_ip(snmp_new, &ip);
	parse_net_eip(snmp_new, &eip);
	ck_assert_uint_eq(ip.in_receives, 3);
	ck_assert_uint_eq(ip.forw_datagrams, 6);
	ck_assert_uint_eq(ip.in_delivers, 9);
	ck_assert_uint_eq(ip.out_requests, 10);
	ck_assert_uint_eq(ip.reasm_reqds, 14);
	ck_assert_uint_eq(ip.reasm_oks, 15);
	ck_assert_uint_eq(ip.frag_oks, 17);
	ck_assert_uint_eq(ip.frag_creates, 19);
	ck_assert_uint_eq(eip.in_hdr_errors, 4);
	ck_assert_uint_eq(eip.in_addr_errors, 5);
	ck_assert_uint_eq(eip.in_unknown_protos, 7);
	ck_assert_uint_eq(eip.in_discards, 8);
	ck_assert_uint_eq(eip.out_discards, 11);
	ck_assert_uint_eq(eip.out_no_routes, 12);
	ck_assert_uint_eq(eip.reasm_fails, 16);
	ck_assert_uint_eq(eip.frag_fails, 18);
}
END_TEST

START_TEST(test_icmp_new_format)
{
	struct stats_net_icmp i;
	struct stats_net_eicmp e;
	int format = NET_ICMP_UNKNOWN;

	memset(&i, 0, sizeof(i));
	memset(&e, 0, sizeof(e));
	parse_net_icmp(snmp_new, &i, &format);
	ck_assert_int_eq(format, NET_ICMP_CSUM);
	parse_net_eicmp(snmp_new, &e, &format);
	ck_assert_uint_eq(i.in_msgs, 1);
	ck_assert_uint_eq(i.in_echos, 9);
	ck_assert_uint_eq(i.in_echo_reps, 10);
	ck_assert_uint_eq(i.in_timestamps, 11);
	ck_assert_uint_eq(i.in_timestamp_reps, 12);
	ck_assert_uint_eq(i.in_addr_masks, 13);
	ck_assert_uint_eq(i.in_addr_mask_reps, 14);
	ck_assert_uint_eq(i.out_msgs, 15);
	ck_assert_uint_eq(i.out_echos, 22);
	ck_assert_uint_eq(i.out_echo_reps, 23);
	ck_assert_uint_eq(i.out_timestamps, 24);
	ck_assert_uint_eq(i.out_timestamp_reps, 25);
	ck_assert_uint_eq(i.out_addr_masks, 26);
	ck_assert_uint_eq(i.out_addr_mask_reps, 27);
	ck_assert_uint_eq(e.in_errors, 2);
	ck_assert_uint_eq(e.in_dest_unreachs, 4);
	ck_assert_uint_eq(e.in_time_excds, 5);
	ck_assert_uint_eq(e.in_parm_probs, 6);
	ck_assert_uint_eq(e.in_src_quenchs, 7);
	ck_assert_uint_eq(e.in_redirects, 8);
	ck_assert_uint_eq(e.out_errors, 16);
	ck_assert_uint_eq(e.out_dest_unreachs, 17);
	ck_assert_uint_eq(e.out_time_excds, 18);
	ck_assert_uint_eq(e.out_parm_probs, 19);
	ck_assert_uint_eq(e.out_src_quenchs, 20);
	ck_assert_uint_eq(e.out_redirects, 21);
}
END_TEST

START_TEST(test_icmp_old_format)
{
	struct stats_net_icmp i;
	struct stats_net_eicmp e;
	int format = NET_ICMP_UNKNOWN;

	memset(&i, 0, sizeof(i));
	memset(&e, 0, sizeof(e));
	parse_net_eicmp(snmp_old, &e, &format);
	ck_assert_int_eq(format, NET_ICMP_OLD);
	parse_net_icmp(snmp_old, &i, &format);
	ck_assert_uint_eq(i.in_msgs, 1);
	ck_assert_uint_eq(i.in_echos, 8);
	ck_assert_uint_eq(i.in_addr_mask_reps, 13);
	ck_assert_uint_eq(i.out_msgs, 14);
	ck_assert_uint_eq(i.out_echos, 21);
	ck_assert_uint_eq(i.out_addr_mask_reps, 26);
	ck_assert_uint_eq(e.in_errors, 2);
	ck_assert_uint_eq(e.in_dest_unreachs, 3);
	ck_assert_uint_eq(e.in_redirects, 7);
	ck_assert_uint_eq(e.out_errors, 15);
	ck_assert_uint_eq(e.out_dest_unreachs, 16);
	ck_assert_uint_eq(e.out_redirects, 20);
}
END_TEST

START_TEST(test_icmp_format_kept)
{
	/* Once decided, the layout is not looked at again (sadc keeps it for the process). */
	struct stats_net_icmp i;
	int format = NET_ICMP_OLD;

	memset(&i, 0, sizeof(i));
	parse_net_icmp(snmp_new, &i, &format);
	ck_assert_int_eq(format, NET_ICMP_OLD);
	ck_assert_uint_eq(i.in_echos, 8);
	ck_assert_uint_eq(i.out_msgs, 14);
}
END_TEST

START_TEST(test_tcp_udp)
{
	struct stats_net_tcp t;
	struct stats_net_etcp et;
	struct stats_net_udp u;

	memset(&t, 0, sizeof(t));
	memset(&et, 0, sizeof(et));
	memset(&u, 0, sizeof(u));
	parse_net_tcp(snmp_new, &t);
	parse_net_etcp(snmp_new, &et);
	parse_net_udp(snmp_new, &u);
	/* MaxConn (-1) at position 4 does not stop the scan. */
	ck_assert_uint_eq(t.active_opens, 5);
	ck_assert_uint_eq(t.passive_opens, 6);
	ck_assert_uint_eq(t.in_segs, 10);
	ck_assert_uint_eq(t.out_segs, 11);
	ck_assert_uint_eq(et.attempt_fails, 7);
	ck_assert_uint_eq(et.estab_resets, 8);
	ck_assert_uint_eq(et.retrans_segs, 12);
	ck_assert_uint_eq(et.in_errs, 13);
	ck_assert_uint_eq(et.out_rsts, 14);
	/* "Udp:" only, never "UdpLite:". */
	ck_assert_uint_eq(u.in_datagrams, 1);
	ck_assert_uint_eq(u.no_ports, 2);
	ck_assert_uint_eq(u.in_errors, 3);
	ck_assert_uint_eq(u.out_datagrams, 4);
}
END_TEST

START_TEST(test_snmp_missing)
{
	/* A header line without its value line, and a file without the protocol. */
	static const char buf[] = "Tcp: RtoAlgorithm RtoMin\nUdp: InDatagrams NoPorts\n"
	                          "Udp: 8 9\n";
	struct stats_net_tcp t;
	struct stats_net_udp u;
	struct stats_net_icmp i;
	int format = NET_ICMP_UNKNOWN;

	memset(&t, 0, sizeof(t));
	memset(&u, 0, sizeof(u));
	memset(&i, 0, sizeof(i));
	parse_net_tcp(buf, &t);
	parse_net_udp(buf, &u);
	parse_net_icmp(buf, &i, &format);
	ck_assert_uint_eq(t.active_opens, 0);
	ck_assert_uint_eq(u.in_datagrams, 8);
	ck_assert_uint_eq(u.no_ports, 9);
	ck_assert_uint_eq(u.in_errors, 0);
	ck_assert_int_eq(format, NET_ICMP_UNKNOWN);
	ck_assert_uint_eq(i.in_msgs, 0);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* /proc/net/snmp6 */

START_TEST(test_snmp6)
{
	static const char buf[] = "Ip6InReceives                   \t10228\n"
	                          "Ip6InReceivesX 5\n"
	                          "Ip6InHdrErrors                  \t3\n"
	                          "Ip6InTruncatedPkts              \t4\n"
	                          "Ip6OutMcastPkts                 \t99\n"
	                          "Icmp6InMsgs                     \t21\n"
	                          "Icmp6OutNeighborAdvertisements  \t22\n"
	                          "Icmp6InErrors                   \t23\n"
	                          "Icmp6OutPktTooBigs              \t24\n"
	                          "Udp6InDatagrams                 \t31\n"
	                          "Udp6InErrors 32";
	struct stats_net_ip6 ip;
	struct stats_net_eip6 eip;
	struct stats_net_icmp6 icmp;
	struct stats_net_eicmp6 eicmp;
	struct stats_net_udp6 udp;

	memset(&ip, 0, sizeof(ip));
	memset(&eip, 0, sizeof(eip));
	memset(&icmp, 0, sizeof(icmp));
	memset(&eicmp, 0, sizeof(eicmp));
	memset(&udp, 0, sizeof(udp));
	parse_net_ip6(buf, &ip);
	parse_net_eip6(buf, &eip);
	parse_net_icmp6(buf, &icmp);
	parse_net_eicmp6(buf, &eicmp);
	parse_net_udp6(buf, &udp);
	ck_assert_uint_eq(ip.in_receives6, 10228);
	ck_assert_uint_eq(ip.out_mcast_pkts6, 99);
	ck_assert_uint_eq(ip.in_delivers6, 0);
	ck_assert_uint_eq(eip.in_hdr_errors6, 3);
	ck_assert_uint_eq(eip.in_truncated_pkts6, 4);
	ck_assert_uint_eq(icmp.in_msgs6, 21);
	ck_assert_uint_eq(icmp.out_neighbor_advertisements6, 22);
	ck_assert_uint_eq(eicmp.in_errors6, 23);
	ck_assert_uint_eq(eicmp.out_pkt_too_bigs6, 24);
	ck_assert_uint_eq(udp.in_datagrams6, 31);
	ck_assert_uint_eq(udp.in_errors6, 32);
	ck_assert_uint_eq(udp.no_ports6, 0);
}
END_TEST

/* Every counter of the five IPv6 activities, each with its own value. */
static const char snmp6_all[] = "Ip6InReceives                   \t101\n"
                                "Ip6InHdrErrors                  \t201\n"
                                "Ip6InTooBigErrors               \t204\n"
                                "Ip6InNoRoutes                   \t207\n"
                                "Ip6InAddrErrors                 \t202\n"
                                "Ip6InUnknownProtos              \t203\n"
                                "Ip6InTruncatedPkts              \t211\n"
                                "Ip6InDiscards                   \t205\n"
                                "Ip6InDelivers                   \t103\n"
                                "Ip6OutForwDatagrams             \t102\n"
                                "Ip6OutRequests                  \t104\n"
                                "Ip6OutDiscards                  \t206\n"
                                "Ip6OutNoRoutes                  \t208\n"
                                "Ip6ReasmTimeout                 \t999\n"
                                "Ip6ReasmReqds                   \t105\n"
                                "Ip6ReasmOKs                     \t106\n"
                                "Ip6ReasmFails                   \t209\n"
                                "Ip6FragOKs                      \t109\n"
                                "Ip6FragFails                    \t210\n"
                                "Ip6FragCreates                  \t110\n"
                                "Ip6InMcastPkts                  \t107\n"
                                "Ip6OutMcastPkts                 \t108\n"
                                "Ip6InOctets                     \t999\n"
                                "Icmp6InMsgs                     \t301\n"
                                "Icmp6InErrors                   \t401\n"
                                "Icmp6OutMsgs                    \t302\n"
                                "Icmp6OutErrors                  \t999\n"
                                "Icmp6InCsumErrors               \t999\n"
                                "Icmp6InDestUnreachs             \t402\n"
                                "Icmp6InPktTooBigs               \t410\n"
                                "Icmp6InTimeExcds                \t404\n"
                                "Icmp6InParmProblems             \t406\n"
                                "Icmp6InEchos                    \t303\n"
                                "Icmp6InEchoReplies              \t304\n"
                                "Icmp6InGroupMembQueries         \t306\n"
                                "Icmp6InGroupMembResponses       \t307\n"
                                "Icmp6InGroupMembReductions      \t309\n"
                                "Icmp6InRouterSolicits           \t311\n"
                                "Icmp6InRouterAdvertisements     \t313\n"
                                "Icmp6InNeighborSolicits         \t314\n"
                                "Icmp6InNeighborAdvertisements   \t316\n"
                                "Icmp6InRedirects                \t408\n"
                                "Icmp6InMLDv2Reports             \t999\n"
                                "Icmp6OutDestUnreachs            \t403\n"
                                "Icmp6OutPktTooBigs              \t411\n"
                                "Icmp6OutTimeExcds               \t405\n"
                                "Icmp6OutParmProblems            \t407\n"
                                "Icmp6OutEchos                   \t999\n"
                                "Icmp6OutEchoReplies             \t305\n"
                                "Icmp6OutGroupMembQueries        \t999\n"
                                "Icmp6OutGroupMembResponses      \t308\n"
                                "Icmp6OutGroupMembReductions     \t310\n"
                                "Icmp6OutRouterSolicits          \t312\n"
                                "Icmp6OutRouterAdvertisements    \t999\n"
                                "Icmp6OutNeighborSolicits        \t315\n"
                                "Icmp6OutNeighborAdvertisements  \t317\n"
                                "Icmp6OutRedirects               \t409\n"
                                "Icmp6InType134                  \t999\n"
                                "Udp6InDatagrams                 \t501\n"
                                "Udp6NoPorts                     \t503\n"
                                "Udp6InErrors                    \t504\n"
                                "Udp6OutDatagrams                \t502\n"
                                "Udp6RcvbufErrors                \t999\n"
                                "UdpLite6InDatagrams             \t999\n";

START_TEST(test_snmp6_every_counter)
{
	static const struct stats_net_ip6 ip_want = {
	        .in_receives6 = 101,
	        .out_forw_datagrams6 = 102,
	        .in_delivers6 = 103,
	        .out_requests6 = 104,
	        .reasm_reqds6 = 105,
	        .reasm_oks6 = 106,
	        .in_mcast_pkts6 = 107,
	        .out_mcast_pkts6 = 108,
	        .frag_oks6 = 109,
	        .frag_creates6 = 110,
	};
	static const struct stats_net_eip6 eip_want = {
	        .in_hdr_errors6 = 201,
	        .in_addr_errors6 = 202,
	        .in_unknown_protos6 = 203,
	        .in_too_big_errors6 = 204,
	        .in_discards6 = 205,
	        .out_discards6 = 206,
	        .in_no_routes6 = 207,
	        .out_no_routes6 = 208,
	        .reasm_fails6 = 209,
	        .frag_fails6 = 210,
	        .in_truncated_pkts6 = 211,
	};
	static const struct stats_net_icmp6 icmp_want = {
	        .in_msgs6 = 301,
	        .out_msgs6 = 302,
	        .in_echos6 = 303,
	        .in_echo_replies6 = 304,
	        .out_echo_replies6 = 305,
	        .in_group_memb_queries6 = 306,
	        .in_group_memb_responses6 = 307,
	        .out_group_memb_responses6 = 308,
	        .in_group_memb_reductions6 = 309,
	        .out_group_memb_reductions6 = 310,
	        .in_router_solicits6 = 311,
	        .out_router_solicits6 = 312,
	        .in_router_advertisements6 = 313,
	        .in_neighbor_solicits6 = 314,
	        .out_neighbor_solicits6 = 315,
	        .in_neighbor_advertisements6 = 316,
	        .out_neighbor_advertisements6 = 317,
	};
	static const struct stats_net_eicmp6 eicmp_want = {
	        .in_errors6 = 401,
	        .in_dest_unreachs6 = 402,
	        .out_dest_unreachs6 = 403,
	        .in_time_excds6 = 404,
	        .out_time_excds6 = 405,
	        .in_parm_problems6 = 406,
	        .out_parm_problems6 = 407,
	        .in_redirects6 = 408,
	        .out_redirects6 = 409,
	        .in_pkt_too_bigs6 = 410,
	        .out_pkt_too_bigs6 = 411,
	};
	static const struct stats_net_udp6 udp_want = {
	        .in_datagrams6 = 501,
	        .out_datagrams6 = 502,
	        .no_ports6 = 503,
	        .in_errors6 = 504,
	};
	struct stats_net_ip6 ip;
	struct stats_net_eip6 eip;
	struct stats_net_icmp6 icmp;
	struct stats_net_eicmp6 eicmp;
	struct stats_net_udp6 udp;

	memset(&ip, 0, sizeof(ip));
	memset(&eip, 0, sizeof(eip));
	memset(&icmp, 0, sizeof(icmp));
	memset(&eicmp, 0, sizeof(eicmp));
	memset(&udp, 0, sizeof(udp));
	parse_net_ip6(snmp6_all, &ip);
	parse_net_eip6(snmp6_all, &eip);
	parse_net_icmp6(snmp6_all, &icmp);
	parse_net_eicmp6(snmp6_all, &eicmp);
	parse_net_udp6(snmp6_all, &udp);
	ck_assert_mem_eq(&ip, &ip_want, sizeof(ip));
	ck_assert_mem_eq(&eip, &eip_want, sizeof(eip));
	ck_assert_mem_eq(&icmp, &icmp_want, sizeof(icmp));
	ck_assert_mem_eq(&eicmp, &eicmp_want, sizeof(eicmp));
	ck_assert_mem_eq(&udp, &udp_want, sizeof(udp));
}
END_TEST

START_TEST(test_snmp6_needs_space)
{
	/* The name must be followed by a space: a tab right after it is no match. */
	struct stats_net_udp6 udp;

	memset(&udp, 0, sizeof(udp));
	parse_net_udp6("Udp6NoPorts\t5\nUdp6OutDatagrams  7\n", &udp);
	ck_assert_uint_eq(udp.no_ports6, 0);
	ck_assert_uint_eq(udp.out_datagrams6, 7);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Fibre Channel */

START_TEST(test_fc_counter)
{
	uint64_t v = 77;

	ck_assert_int_eq(parse_net_fc_counter("0x10\n", &v), 0);
	ck_assert_uint_eq(v, 16);
	ck_assert_int_eq(parse_net_fc_counter("10\n", &v), 0);
	ck_assert_uint_eq(v, 16);
	ck_assert_int_eq(parse_net_fc_counter("0xffffffffffffffff", &v), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_int_eq(parse_net_fc_counter("0x", &v), 0);
	ck_assert_uint_eq(v, 0);
	v = 77;
	ck_assert_int_eq(parse_net_fc_counter("", &v), -EINVAL);
	ck_assert_int_eq(parse_net_fc_counter("zz", &v), -EINVAL);
	ck_assert_uint_eq(v, 77);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* The collectors on a scratch root. */

static char tmp_root[256];

static void
write_file(const char *rel, const char *text)
{
	ck_assert_int_eq(fixture_put_str(tmp_root, rel, text), 0);
}

static void
make_tmp_root(void)
{
	ck_assert_int_eq(fixture_tmp_root("test_collect_net", tmp_root, sizeof(tmp_root)), 0);
}

static void
remove_tmp_root(void)
{
	ck_assert_int_eq(fixture_rm_tree(tmp_root), 0);
}

START_TEST(test_snmp_read_once_per_sample)
{
	struct collect_ctx c;
	struct stats_net_ip ip;
	struct stats_net_udp udp;

	make_tmp_root();
	write_file("proc/net/snmp", "Ip: a b c\nIp: 1 2 3\nUdp: a b\nUdp: 4 5\n");
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, tmp_root), 0);
	collect_begin_sample(&c);
	memset(&ip, 0, sizeof(ip));
	ck_assert_int_eq(collect_read_net_ip(&c, &ip, 1, 1), 1);
	ck_assert_uint_eq(ip.in_receives, 3);
	/* A change within the sample is not seen: the file was read once. */
	write_file("proc/net/snmp", "Ip: a b c\nIp: 7 8 9\nUdp: a b\nUdp: 6 7\n");
	memset(&udp, 0, sizeof(udp));
	ck_assert_int_eq(collect_read_net_udp(&c, &udp, 1, 1), 1);
	ck_assert_uint_eq(udp.in_datagrams, 4);
	collect_begin_sample(&c);
	ck_assert_int_eq(collect_read_net_udp(&c, &udp, 1, 1), 1);
	ck_assert_uint_eq(udp.in_datagrams, 6);
	collect_release(&c);
	remove_tmp_root();
}
END_TEST

START_TEST(test_missing_files)
{
	struct collect_ctx c;
	struct stats_net_nfs nfs;
	struct stats_net_icmp6 icmp6;
	struct stats_net_dev dev;
	int32_t nr2 = 0;

	make_tmp_root();
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, tmp_root), 0);
	/* Single activities are still collected: one zero item. */
	memset(&nfs, 0, sizeof(nfs));
	memset(&icmp6, 0, sizeof(icmp6));
	ck_assert_int_eq(collect_count_net_nfs(&c, &nr2), 1);
	ck_assert_int_eq(nr2, 1);
	ck_assert_int_eq(collect_read_net_nfs(&c, &nfs, 1, 1), 1);
	ck_assert_uint_eq(nfs.nfs_rpccnt, 0);
	ck_assert_int_eq(collect_read_net_icmp6(&c, &icmp6, 1, 1), 1);
	ck_assert_int_eq(collect_read_net_nfs(&c, &nfs, 0, 1), COLLECT_E_NOSPACE);
	/* Interfaces and FC hosts: nothing to count, left out of the file. */
	ck_assert_int_eq(collect_count_net_dev(&c, &nr2), 0);
	ck_assert_int_eq(collect_count_net_edev(&c, &nr2), 0);
	ck_assert_int_eq(collect_count_net_fc(&c, &nr2), 0);
	ck_assert_int_eq(collect_read_net_dev(&c, &dev, 1, 1), 0);
	collect_release(&c);
	remove_tmp_root();
}
END_TEST

START_TEST(test_dev_sysfs)
{
	struct collect_ctx c;
	struct stats_net_dev d[4];
	int32_t nr2 = 0;

	make_tmp_root();
	write_file("proc/net/dev", "h1\nh2\n eth0: 1 2\n eth1: 3 4\n eth2: 5 6\n eth3: 7 8\n");
	write_file("sys/class/net/eth0/duplex", "full\n");
	write_file("sys/class/net/eth0/speed", "10000\n");
	write_file("sys/class/net/eth1/duplex", "half\n");
	write_file("sys/class/net/eth1/speed", "-1\n");
	/* An unknown duplex: the speed is not read. */
	write_file("sys/class/net/eth2/duplex", "unknown\n");
	write_file("sys/class/net/eth2/speed", "100\n");
	/* A duplex without a speed file. */
	write_file("sys/class/net/eth3/duplex", "full\n");
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, tmp_root), 0);
	ck_assert_int_eq(collect_count_net_dev(&c, &nr2), 4);
	memset(d, 0, sizeof(d));
	ck_assert_int_eq(collect_read_net_dev(&c, d, 3, 1), COLLECT_E_NOSPACE);
	memset(d, 0, sizeof(d));
	ck_assert_int_eq(collect_read_net_dev(&c, d, 4, 1), 4);
	ck_assert_int_eq(d[0].duplex, 2);
	ck_assert_uint_eq(d[0].speed, 10000);
	ck_assert_int_eq(d[1].duplex, 1);
	ck_assert_uint_eq(d[1].speed, 4294967295u);
	ck_assert_int_eq(d[2].duplex, 0);
	ck_assert_uint_eq(d[2].speed, 0);
	ck_assert_int_eq(d[3].duplex, 2);
	ck_assert_uint_eq(d[3].speed, 0);
	collect_release(&c);
	remove_tmp_root();
}
END_TEST

START_TEST(test_fc_hosts)
{
	struct collect_ctx c;
	struct stats_fchost h[2];
	int32_t nr2 = 0;

	make_tmp_root();
	/* The fixture root lists the directory through _list, in this order. */
	write_file("sys/class/fc_host/_list", ".\n..\nhost7\nrport-0\nhost12345678901234\n");
	write_file("sys/class/fc_host/host7/statistics/rx_frames", "0x1f\n");
	write_file("sys/class/fc_host/host7/statistics/tx_frames", "2\n");
	write_file("sys/class/fc_host/host7/statistics/rx_words", "junk\n");
	write_file("sys/class/fc_host/host12345678901234/statistics/tx_words", "0xA\n");
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, tmp_root), 0);
	ck_assert_int_eq(collect_count_net_fc(&c, &nr2), 2);
	memset(h, 0, sizeof(h));
	ck_assert_int_eq(collect_read_net_fc(&c, h, 1, 1), COLLECT_E_NOSPACE);
	memset(h, 0, sizeof(h));
	ck_assert_int_eq(collect_read_net_fc(&c, h, 2, 1), 2);
	ck_assert_str_eq(h[0].fchost_name, "host7");
	ck_assert_uint_eq(h[0].f_rxframes, 31);
	ck_assert_uint_eq(h[0].f_txframes, 2);
	ck_assert_uint_eq(h[0].f_rxwords, 0);
	ck_assert_uint_eq(h[0].f_txwords, 0);
	/* 15 bytes of the name are kept. */
	ck_assert_str_eq(h[1].fchost_name, "host12345678901");
	ck_assert_uint_eq(h[1].f_txwords, 10);
	collect_release(&c);
	remove_tmp_root();
}
END_TEST

/* ------------------------------------------------------------------------- */
/* The oracle: sysstat 12.6.1's sadc on the same roots. */

/* Which root each statistics record of the corpus archives was read from (tests/000NN). */
struct oracle_record {
	const char *archive;
	int record;
	const char *root;
};

// clang-format off
static const struct oracle_record oracle_records[] = {
	/* 00050: -S XALL, roots 1..5 */
	{"data-new.tmp", 0, "root1"}, {"data-new.tmp", 1, "root2"}, {"data-new.tmp", 2, "root3"},
	{"data-new.tmp", 3, "root4"}, {"data-new.tmp", 4, "root5"},
	/* 00055/00057: data-new.tmp then root6, root7 */
	{"data.tmp", 5, "root6"}, {"data.tmp", 6, "root7"},
	/* 00065: default activities; a LINUX RESTART (no statistics) before root1 */
	{"data1.tmp", 0, "root6"}, {"data1.tmp", 1, "root7"},
	{"data1.tmp", 2, "root1"}, {"data1.tmp", 3, "root2"},
	/* 00067 */
	{"data-CPUoffon.tmp", 0, "root2"}, {"data-CPUoffon.tmp", 1, "root3"},
	{"data-CPUoffon.tmp", 2, "root4"}, {"data-CPUoffon.tmp", 3, "root5"},
	/* 00068: default activities; a LINUX RESTART before root6 */
	{"data2.tmp", 0, "root1"}, {"data2.tmp", 1, "root2"},
	{"data2.tmp", 2, "root6"}, {"data2.tmp", 3, "root7"},
	/* 00069 */
	{"data-CPUoff.tmp", 0, "root1"}, {"data-CPUoff.tmp", 1, "root2"},
	/* 00070 */
	{"data-ssr.tmp", 0, "root1"}, {"data-ssr.tmp", 1, "root2"},
	/* 00074: NET_DEV only, among restarts and comments */
	{"datax.tmp", 0, "root1"}, {"datax.tmp", 1, "root2"}, {"datax.tmp", 2, "root3"},
	{"datax.tmp", 3, "root4"}, {"datax.tmp", 4, "root1"}, {"datax.tmp", 5, "root2"},
	{"datax.tmp", 6, "root1"}, {"datax.tmp", 7, "root1"}, {"datax.tmp", 8, "root2"},
	{"datax.tmp", 9, "root3"},
	/* 00076: DEV, EDEV, FC; root6b has no /sys/class at all */
	{"data-long.tmp", 0, "root1"}, {"data-long.tmp", 1, "root2"},
	{"data-long.tmp", 2, "root3"}, {"data-long.tmp", 3, "root4"},
	{"data-long.tmp", 4, "root5"}, {"data-long.tmp", 5, "root6b"},
};

/*
 * Every activity of the family is compared on every record that holds it:
 * no exclusion was needed (nothing here depends on the faked uname, time
 * or statvfs of sysstat's TEST build).
 */
static const uint32_t oracle_ids[] = {
	A_NET_DEV, A_NET_EDEV, A_NET_NFS, A_NET_NFSD, A_NET_SOCK,
	A_NET_IP, A_NET_EIP, A_NET_ICMP, A_NET_EICMP, A_NET_TCP, A_NET_ETCP, A_NET_UDP,
	A_NET_SOCK6, A_NET_IP6, A_NET_EIP6, A_NET_ICMP6, A_NET_EICMP6, A_NET_UDP6,
	A_NET_FC,
};
// clang-format on

/*
 * Collects activity id from root as sadc does for one record: count, then
 * read, doubling the room while the collector asks for more. Returns the
 * item count; *ret_items is malloc'd.
 */
static int32_t
collect_like_sadc(const char *root, uint32_t id, void **ret_items)
{
	const struct activity_desc *desc = activity_by_id(id);
	const struct collector *col = collector_for(id);
	struct collect_ctx c;
	int32_t nr2 = 1, max_nr, n;
	void *items = NULL;

	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, root), 0);
	max_nr = col->count(&c, &nr2);
	if (max_nr < 1)
		max_nr = 1;
	for (;;) {
		items = realloc(items, (size_t) max_nr * nr2 * desc->size);
		ck_assert_ptr_nonnull(items);
		memset(items, 0, (size_t) max_nr * nr2 * desc->size);
		n = col->read(&c, items, max_nr, nr2);
		if (n != COLLECT_E_NOSPACE)
			break;
		max_nr *= 2;
	}
	collect_release(&c);
	*ret_items = items;
	return n;
}

/* The first differing byte of two item arrays, or -1. */
static long
first_difference(const void *a, const void *b, size_t len)
{
	const unsigned char *x = a, *y = b;
	size_t i;

	for (i = 0; i < len; i++)
		if (x[i] != y[i])
			return (long) i;
	return -1;
}

static int
compare_record(const struct oracle_record *r, uint32_t id)
{
	char archive[4096], root[4096], rel[128];
	const struct activity_desc *desc = activity_by_id(id);
	void *want = NULL, *got = NULL;
	int32_t want_nr, want_nr2, got_nr;
	long diff;

	snprintf(rel, sizeof(rel), "upstream/generated/%s", r->archive);
	ck_assert(fixture_file(rel, archive, sizeof(archive)));
	ck_assert(fixture_root(r->root, root, sizeof(root)));
	if (fixture_record_items(archive, r->record, id, &want, &want_nr, &want_nr2) < 0)
		return 0; /* the activity is not in this archive */
	got_nr = collect_like_sadc(root, id, &got);
	ck_assert_msg(got_nr == want_nr, "%s record %d (%s) %s: %d items, sadc stored %d",
	              r->archive, r->record, r->root, desc->name, got_nr, want_nr);
	diff = first_difference(got, want, (size_t) want_nr * want_nr2 * desc->size);
	ck_assert_msg(diff < 0, "%s record %d (%s) %s: item %ld differs at byte %ld", r->archive,
	              r->record, r->root, desc->name, diff / (long) desc->size,
	              diff % (long) desc->size);
	free(want);
	free(got);
	return 1;
}

START_TEST(test_oracle_records)
{
	const struct oracle_record *r = &oracle_records[_i];
	char path[4096];
	size_t k;
	int compared = 0;

	if (!fixture_root(r->root, path, sizeof(path))) {
		fixture_skip("shared corpus absent: oracle comparison not run");
		return;
	}
	for (k = 0; k < sizeof(oracle_ids) / sizeof(oracle_ids[0]); k++)
		compared += compare_record(r, oracle_ids[k]);
	/* Each of these records holds at least NET_DEV. */
	ck_assert_int_ge(compared, 1);
}
END_TEST

START_TEST(test_oracle_counts)
{
	/* nr_ini as stored in the file headers (sadf -H): data-new.tmp from root1, data1.tmp from
	 * root6. */
	char root[4096];
	struct collect_ctx c;
	int32_t nr2 = 0;

	if (!fixture_root("root1", root, sizeof(root))) {
		fixture_skip("shared corpus absent: oracle comparison not run");
		return;
	}
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, root), 0);
	ck_assert_int_eq(collect_count_net_dev(&c, &nr2), 6);
	ck_assert_int_eq(collect_count_net_edev(&c, &nr2), 6);
	ck_assert_int_eq(collect_count_net_fc(&c, &nr2), 1);
	ck_assert_int_eq(collect_count_net_ip6(&c, &nr2), 1);
	collect_release(&c);
	ck_assert(fixture_root("root6", root, sizeof(root)));
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, root), 0);
	ck_assert_int_eq(collect_count_net_dev(&c, &nr2), 9);
	collect_release(&c);
	ck_assert(fixture_root("root6b", root, sizeof(root)));
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, root), 0);
	ck_assert_int_eq(collect_count_net_fc(&c, &nr2), 0);
	collect_release(&c);
}
END_TEST

static Suite *
collect_net_suite(void)
{
	Suite *s = suite_create("collect_net");
	TCase *tc = tcase_create("parsers");
	TCase *tr = tcase_create("collectors");
	TCase *to = tcase_create("oracle");

	tcase_add_test(tc, test_dev_columns);
	tcase_add_test(tc, test_dev_edge_cases);
	tcase_add_test(tc, test_dev_nospace);
	tcase_add_test(tc, test_edev_columns);
	tcase_add_test(tc, test_dev_count_pieces);
	tcase_add_test(tc, test_if_duplex_speed);
	tcase_add_test(tc, test_nfs);
	tcase_add_test(tc, test_nfs_short_proc4);
	tcase_add_test(tc, test_nfsd);
	tcase_add_test(tc, test_nfs_u32_wrap);
	tcase_add_test(tc, test_sock);
	tcase_add_test(tc, test_sock_fixed_positions);
	tcase_add_test(tc, test_sock6);
	tcase_add_test(tc, test_ip_eip);
	tcase_add_test(tc, test_icmp_new_format);
	tcase_add_test(tc, test_icmp_old_format);
	tcase_add_test(tc, test_icmp_format_kept);
	tcase_add_test(tc, test_tcp_udp);
	tcase_add_test(tc, test_snmp_missing);
	tcase_add_test(tc, test_snmp6);
	tcase_add_test(tc, test_snmp6_every_counter);
	tcase_add_test(tc, test_snmp6_needs_space);
	tcase_add_test(tc, test_fc_counter);
	suite_add_tcase(s, tc);

	tcase_add_test(tr, test_snmp_read_once_per_sample);
	tcase_add_test(tr, test_missing_files);
	tcase_add_test(tr, test_dev_sysfs);
	tcase_add_test(tr, test_fc_hosts);
	suite_add_tcase(s, tr);

	tcase_add_loop_test(to, test_oracle_records, 0,
	                    (int) (sizeof(oracle_records) / sizeof(oracle_records[0])));
	tcase_add_test(to, test_oracle_counts);
	tcase_set_timeout(to, 60);
	suite_add_tcase(s, to);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(collect_net_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
