/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_COLLECT_NET_H
#define SYSREC_COLLECT_NET_H

/*
 * The pure parsers behind the network collectors of collect_net.c
 * (doc/activities.md §6). Each takes a NUL-terminated copy of one /proc or
 * /sys file and fills an item struct that the caller has zeroed; a field
 * whose column or line is missing stays as it was (0), as in sadc.
 *
 * sadc reads these files with fgets() into fixed buffers and parses each
 * piece with sscanf(); the parsers cut the text into the same pieces (a
 * line longer than the buffer becomes several pieces, the first one
 * truncated) and accept numbers as sscanf does (leading white space, an
 * optional sign, a minus wrapping modulo 2^64 and "%u" keeping the low 32
 * bits), so that odd input gives the bytes sadc would store.
 */

#include <stdint.h>

#include "collect.h"
#include "common/layout.h"

/* The /proc/net/snmp ICMP layout, kept in collect_ctx.icmp_format. */
enum net_icmp_format {
	NET_ICMP_UNKNOWN = 0, /* not seen yet: taken from the next "Icmp:" header line */
	NET_ICMP_CSUM = 1,    /* header holds InCsumErrors (Linux 3.10 and later) */
	NET_ICMP_OLD = 2,     /* no InCsumErrors: columns after the 2nd shift left by one */
	NET_ICMP_FORMAT_MAX,
};

/*
 * Number of interfaces in /proc/net/dev as sadc counts them when it creates
 * a file: the 127-byte pieces that hold a ':' (nr_ini of NET_DEV and
 * NET_EDEV, before the cap at the activity's nr_max).
 */
int32_t parse_net_dev_count(const char *buf);

/*
 * One item per /proc/net/dev line holding a ':' (doc/activities.md §6.1): the name is
 * the first word of the (at most 15) bytes before the ':'. Speed and duplex
 * are not touched. Returns the item count, or COLLECT_E_NOSPACE when there
 * are more than max_nr interfaces.
 */
int32_t parse_net_dev(const char *buf, struct stats_net_dev *items, int32_t max_nr);

/* The error columns of the same lines (doc/activities.md §6.2); same returns. */
int32_t parse_net_edev(const char *buf, struct stats_net_edev *items, int32_t max_nr);

/*
 * The contents of /sys/class/net/<if>/duplex: stores 2 ("full") or 1
 * ("half") in *ret and returns 0; returns -EINVAL for anything else (then
 * sadc does not read the speed either).
 */
int parse_net_if_duplex(const char *buf, char *ret);

/* The contents of /sys/class/net/<if>/speed as "%u" reads it; 0 when it holds no number. */
uint32_t parse_net_if_speed(const char *buf);

/*
 * /proc/net/rpc/nfs (doc/activities.md §6.3): "rpc" calls and retransmissions; the
 * read, write, access and getattr counts of "proc3" and "proc4" added up.
 */
void parse_net_nfs(const char *buf, struct stats_net_nfs *ret);

/* /proc/net/rpc/nfsd: "rc", "net", "rpc", and the "proc3" and "proc4ops" sums. */
void parse_net_nfsd(const char *buf, struct stats_net_nfsd *ret);

/* /proc/net/sockstat, read at sadc's fixed character positions (doc/activities.md §6.4). */
void parse_net_sock(const char *buf, struct stats_net_sock *ret);

/* /proc/net/sockstat6 (doc/activities.md §6.4). */
void parse_net_sock6(const char *buf, struct stats_net_sock6 *ret);

/*
 * /proc/net/snmp (doc/activities.md §6.5): the second "Ip:", "Icmp:", "Tcp:" or "Udp:"
 * line (the values after the header line), by column position.
 */
void parse_net_ip(const char *buf, struct stats_net_ip *ret);
void parse_net_eip(const char *buf, struct stats_net_eip *ret);
void parse_net_tcp(const char *buf, struct stats_net_tcp *ret);
void parse_net_etcp(const char *buf, struct stats_net_etcp *ret);
void parse_net_udp(const char *buf, struct stats_net_udp *ret);

/*
 * The ICMP lines. *format (enum net_icmp_format) is read and, when it is
 * NET_ICMP_UNKNOWN, set from the first "Icmp:" header line found: sadc
 * decides the layout once and keeps it for the life of the process.
 */
void parse_net_icmp(const char *buf, struct stats_net_icmp *ret, int *format);
void parse_net_eicmp(const char *buf, struct stats_net_eicmp *ret, int *format);

/* /proc/net/snmp6, one "Name value" line per counter (doc/activities.md §6.6). */
void parse_net_ip6(const char *buf, struct stats_net_ip6 *ret);
void parse_net_eip6(const char *buf, struct stats_net_eip6 *ret);
void parse_net_icmp6(const char *buf, struct stats_net_icmp6 *ret);
void parse_net_eicmp6(const char *buf, struct stats_net_eicmp6 *ret);
void parse_net_udp6(const char *buf, struct stats_net_udp6 *ret);

/*
 * One /sys/class/fc_host/hostN/statistics/ counter, hexadecimal with or
 * without "0x" (doc/activities.md §6.7). Returns 0, or -EINVAL when there is no number.
 */
int parse_net_fc_counter(const char *buf, uint64_t *ret);

#endif
