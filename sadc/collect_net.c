/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The network collectors: NET_DEV, NET_EDEV, NFS, NFSD, SOCK, the SNMP
 * (IPv4) and IPv6 families, and Fibre Channel hosts
 * (doc/activities.md §6). Kernel documents: Documentation/filesystems/proc.rst (net/dev,
 * net/sockstat, net/snmp, net/snmp6), Documentation/ABI/testing/sysfs-class-net
 * (duplex, speed) and sysfs-class-fc_host (statistics/).
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "collect.h"
#include "collect_net.h"
#include "common/banned.h"

/*
 * The fgets() buffer sizes sadc 12.6.1 uses for each file. A line longer
 * than its buffer reaches sadc's parser in pieces, so these sizes decide
 * what overlong lines yield.
 */
enum {
	DEV_COUNT_LINE = 128, /* counting the interfaces at file creation */
	DEV_LINE = 256,
	RPC_LINE = 256,
	SOCKSTAT_LINE = 96,
	SNMP_LINE = 1024,
	SNMP6_LINE = 128,
	FC_LINE = 256,
	DUPLEX_WORD = 31, /* "%31s" */
};

#define FC_HOST_DIR "sys/class/fc_host"

/* ------------------------------------------------------------------------- */
/* Reading as fgets() and sscanf() do. */


static bool
is_digit_in(char ch, bool hex)
{
	return hex ? isxdigit((unsigned char) ch) != 0 : isdigit((unsigned char) ch) != 0;
}

/*
 * One integer conversion of sscanf(): white space, an optional sign, then
 * digits (hexadecimal ones after an optional "0x" when hex). A minus
 * negates modulo 2^64 as strtoul() does, so "-1" is UINT64_MAX.
 */
static int
scan_number(const char **p, uint64_t *ret, bool hex)
{
	const char *s = *p;
	bool neg = false;
	uint64_t v;

	while (isspace((unsigned char) *s))
		s++;
	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	if (hex && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && is_digit_in(s[2], true))
		s += 2;
	if (!is_digit_in(*s, hex))
		return -EINVAL;
	if ((hex ? parse_x64(&s, &v) : parse_u64(&s, &v)) < 0)
		return -EINVAL;
	/* strtoul() gives ULONG_MAX on overflow whatever the sign. */
	*ret = neg && v != UINT64_MAX ? 0 - v : v;
	*p = s;
	return 0;
}

/* Stores v in the 4- or 8-byte member at offset of item ("%u" keeps the low 32 bits). */
static void
store(void *item, size_t offset, size_t width, uint64_t v)
{
	unsigned char *dst = (unsigned char *) item + offset;

	if (width == sizeof(uint32_t)) {
		uint32_t v32 = (uint32_t) v;

		memcpy(dst, &v32, sizeof(v32));
	} else {
		memcpy(dst, &v, sizeof(v));
	}
}

/* A column captured from a line of numbers: its 1-based position and where it goes. */
struct column {
	uint8_t pos;
	uint8_t width;
	uint16_t offset;
};

// clang-format off
#define COL(pos, type, member)                                                                     \
	{(pos), (uint8_t) sizeof(((type *) 0)->member), (uint16_t) offsetof(type, member)}
// clang-format on

/*
 * Reads the numbers of s in turn and stores those named by cols (sorted by
 * position) into item. Like sscanf(), it stops at the first thing that is
 * not a number: the columns after it keep their value.
 */
static void
scan_columns(const char *s, const struct column *cols, size_t n_cols, void *item)
{
	unsigned pos;
	size_t k = 0;

	for (pos = 1; k < n_cols; pos++) {
		uint64_t v;

		if (scan_number(&s, &v, false) < 0)
			return;
		if (cols[k].pos == pos)
			store(item, cols[k].offset, cols[k].width, v);
		if (cols[k].pos <= pos)
			k++;
	}
}

#define SCAN_COLUMNS(s, cols, item)                                                                \
	scan_columns((s), (cols), sizeof(cols) / sizeof((cols)[0]), (item))

/* A "Name value" line: the counter's name and the u64 (or long) member it feeds. */
struct key_field {
	const char *key;
	uint16_t len; /* strlen(key), so that a line is matched by length first */
	uint16_t offset;
};

// clang-format off
#define KEY(key, type, member) {(key), sizeof(key) - 1, (uint16_t) offsetof(type, member)}
// clang-format on

/*
 * Parses every line of a /proc/net/snmp6-style buf that starts with one of
 * the keys followed by a space (sadc matches the name and one space, then
 * reads the value after any white space). All the members are 8-byte slots.
 */
static void
parse_key_values(const char *buf, const struct key_field *keys, size_t n_keys, void *item)
{
	char line[SNMP6_LINE];
	const char *pos = buf;

	while (collect_gets(&pos, line, sizeof(line))) {
		/* Keys have no blank: a key matches iff it is all of the line's first word. */
		size_t len = strcspn(line, " ");
		size_t i;

		if (line[len] != ' ')
			continue;
		for (i = 0; i < n_keys; i++) {
			const char *s;
			uint64_t v;

			if (keys[i].len != len || memcmp(line, keys[i].key, len))
				continue;
			s = line + len;
			if (scan_number(&s, &v, false) == 0)
				store(item, keys[i].offset, sizeof(uint64_t), v);
			break;
		}
	}
}

#define PARSE_KEY_VALUES(buf, keys, item)                                                          \
	parse_key_values((buf), (keys), sizeof(keys) / sizeof((keys)[0]), (item))

/* ------------------------------------------------------------------------- */
/* /proc/net/dev (NET_DEV, NET_EDEV). */

/*
 * Columns after "iface:", in kernel order: rx bytes packets errs drop fifo
 * frame compressed multicast, then tx bytes packets errs drop fifo colls
 * carrier compressed.
 */
// clang-format off
static const struct column dev_cols[] = {
	COL(1, struct stats_net_dev, rx_bytes),
	COL(2, struct stats_net_dev, rx_packets),
	COL(7, struct stats_net_dev, rx_compressed),
	COL(8, struct stats_net_dev, multicast),
	COL(9, struct stats_net_dev, tx_bytes),
	COL(10, struct stats_net_dev, tx_packets),
	COL(16, struct stats_net_dev, tx_compressed),
};

static const struct column edev_cols[] = {
	COL(3, struct stats_net_edev, rx_errors),
	COL(4, struct stats_net_edev, rx_dropped),
	COL(5, struct stats_net_edev, rx_fifo_errors),
	COL(6, struct stats_net_edev, rx_frame_errors),
	COL(11, struct stats_net_edev, tx_errors),
	COL(12, struct stats_net_edev, tx_dropped),
	COL(13, struct stats_net_edev, tx_fifo_errors),
	COL(14, struct stats_net_edev, collisions),
	COL(15, struct stats_net_edev, tx_carrier_errors),
};
// clang-format on

int32_t
parse_net_dev_count(const char *buf)
{
	char line[DEV_COUNT_LINE];
	const char *pos = buf;
	int32_t n = 0;

	while (collect_gets(&pos, line, sizeof(line)))
		if (strchr(line, ':') && n < INT32_MAX)
			n++;
	return n;
}

/*
 * The interface name: the first word of the bytes before the ':', of which
 * sadc keeps at most MAX_IFACE_LEN - 1. Left empty when there is no word.
 */
static void
iface_name(const char *line, size_t len, char *out)
{
	size_t i = 0, n = 0;

	if (len > MAX_IFACE_LEN - 1)
		len = MAX_IFACE_LEN - 1;
	while (i < len && isspace((unsigned char) line[i]))
		i++;
	while (i + n < len && !isspace((unsigned char) line[i + n]))
		n++;
	memcpy(out, line + i, n);
	out[n] = '\0';
}

/* The walk shared by NET_DEV and NET_EDEV: one item of item_size bytes per line with a ':'. */
static int32_t
parse_dev_lines(const char *buf, void *items, size_t item_size, size_t name_offset,
                const struct column *cols, size_t n_cols, int32_t max_nr)
{
	char line[DEV_LINE];
	const char *pos = buf;
	int32_t n = 0;

	while (collect_gets(&pos, line, sizeof(line))) {
		const char *colon = strchr(line, ':');
		unsigned char *item;

		if (!colon)
			continue;
		if (n >= max_nr)
			return COLLECT_E_NOSPACE;
		item = (unsigned char *) items + (size_t) n++ * item_size;
		iface_name(line, (size_t) (colon - line), (char *) item + name_offset);
		scan_columns(colon + 1, cols, n_cols, item);
	}
	return n;
}

int32_t
parse_net_dev(const char *buf, struct stats_net_dev *items, int32_t max_nr)
{
	return parse_dev_lines(buf, items, sizeof(*items),
	                       offsetof(struct stats_net_dev, interface), dev_cols,
	                       sizeof(dev_cols) / sizeof(dev_cols[0]), max_nr);
}

int32_t
parse_net_edev(const char *buf, struct stats_net_edev *items, int32_t max_nr)
{
	return parse_dev_lines(buf, items, sizeof(*items),
	                       offsetof(struct stats_net_edev, interface), edev_cols,
	                       sizeof(edev_cols) / sizeof(edev_cols[0]), max_nr);
}

int
parse_net_if_duplex(const char *buf, char *ret)
{
	size_t n = 0;

	while (isspace((unsigned char) *buf))
		buf++;
	while (n < DUPLEX_WORD && buf[n] && !isspace((unsigned char) buf[n]))
		n++;
	if (n == 4 && !strncmp(buf, "full", 4)) {
		*ret = 2;
		return 0;
	}
	if (n == 4 && !strncmp(buf, "half", 4)) {
		*ret = 1;
		return 0;
	}
	return -EINVAL;
}

uint32_t
parse_net_if_speed(const char *buf)
{
	uint64_t v;

	return scan_number(&buf, &v, false) < 0 ? 0 : (uint32_t) v;
}

/* ------------------------------------------------------------------------- */
/* /proc/net/rpc/nfs and /proc/net/rpc/nfsd (NET_NFS, NET_NFSD). */

/* The per-procedure counts that sadc adds up over the "proc3" and "proc4" lines. */
struct rpc_ops {
	uint32_t read;
	uint32_t write;
	uint32_t access;
	uint32_t getattr;
};

/*
 * A labelled line of an rpc file: its columns go straight into the item,
 * or (ops) into the rpc_ops that are then added to the item's totals.
 */
struct rpc_line {
	const char *label; /* with its trailing space */
	const struct column *cols;
	size_t n_cols;
	bool ops;
};

// clang-format off
#define RPC_LINE_OF(label, cols, ops) {(label), (cols), sizeof(cols) / sizeof((cols)[0]), (ops)}

static const struct column proc3_cols[] = {
	COL(3, struct rpc_ops, getattr),
	COL(6, struct rpc_ops, access),
	COL(8, struct rpc_ops, read),
	COL(9, struct rpc_ops, write),
};

/* Positions count the procedure count first. */
static const struct column nfs_proc4_cols[] = {
	COL(3, struct rpc_ops, read),
	COL(4, struct rpc_ops, write),
	COL(19, struct rpc_ops, access),
	COL(20, struct rpc_ops, getattr),
};

static const struct column nfsd_proc4ops_cols[] = {
	COL(5, struct rpc_ops, access),
	COL(11, struct rpc_ops, getattr),
	COL(27, struct rpc_ops, read),
	COL(40, struct rpc_ops, write),
};

static const struct column nfs_rpc_cols[] = {
	COL(1, struct stats_net_nfs, nfs_rpccnt),
	COL(2, struct stats_net_nfs, nfs_rpcretrans),
};

static const struct column nfsd_rc_cols[] = {
	COL(1, struct stats_net_nfsd, nfsd_rchits),
	COL(2, struct stats_net_nfsd, nfsd_rcmisses),
};

static const struct column nfsd_net_cols[] = {
	COL(1, struct stats_net_nfsd, nfsd_netcnt),
	COL(2, struct stats_net_nfsd, nfsd_netudpcnt),
	COL(3, struct stats_net_nfsd, nfsd_nettcpcnt),
};

static const struct column nfsd_rpc_cols[] = {
	COL(1, struct stats_net_nfsd, nfsd_rpccnt),
	COL(2, struct stats_net_nfsd, nfsd_rpcbad),
};

static const struct rpc_line nfs_lines[] = {
	RPC_LINE_OF("rpc ", nfs_rpc_cols, false),
	RPC_LINE_OF("proc3 ", proc3_cols, true),
	RPC_LINE_OF("proc4 ", nfs_proc4_cols, true),
};

static const struct rpc_line nfsd_lines[] = {
	RPC_LINE_OF("rc ", nfsd_rc_cols, false),
	RPC_LINE_OF("net ", nfsd_net_cols, false),
	RPC_LINE_OF("rpc ", nfsd_rpc_cols, false),
	RPC_LINE_OF("proc3 ", proc3_cols, true),
	RPC_LINE_OF("proc4ops ", nfsd_proc4ops_cols, true),
};
// clang-format on

/* Both items hold the four totals in rpc_ops order, so one copy-add-copy serves both. */
_Static_assert(offsetof(struct stats_net_nfs, nfs_getattcnt) -
                               offsetof(struct stats_net_nfs, nfs_readcnt) ==
                       offsetof(struct rpc_ops, getattr),
               "nfs totals in rpc_ops order");
_Static_assert(offsetof(struct stats_net_nfsd, nfsd_getattcnt) -
                               offsetof(struct stats_net_nfsd, nfsd_readcnt) ==
                       offsetof(struct rpc_ops, getattr),
               "nfsd totals in rpc_ops order");

static void
add_rpc_ops(void *item, size_t totals_offset, const struct rpc_ops *ops)
{
	unsigned char *dst = (unsigned char *) item + totals_offset;
	struct rpc_ops tot;

	memcpy(&tot, dst, sizeof(tot));
	tot.read += ops->read;
	tot.write += ops->write;
	tot.access += ops->access;
	tot.getattr += ops->getattr;
	memcpy(dst, &tot, sizeof(tot));
}

static void
parse_rpc_file(const char *buf, const struct rpc_line *lines, size_t n_lines, void *item,
               size_t totals_offset)
{
	/*
	 * Kept across lines on purpose: sadc's temporaries are not reset per
	 * line, so a short proc4 line adds the proc3 values it did not
	 * overwrite a second time.
	 */
	struct rpc_ops ops = {0, 0, 0, 0};
	char line[RPC_LINE];
	const char *pos = buf;

	while (collect_gets(&pos, line, sizeof(line))) {
		size_t i;

		for (i = 0; i < n_lines; i++) {
			size_t len = strlen(lines[i].label);

			if (strncmp(line, lines[i].label, len))
				continue;
			if (!lines[i].ops) {
				scan_columns(line + len, lines[i].cols, lines[i].n_cols, item);
				break;
			}
			scan_columns(line + len, lines[i].cols, lines[i].n_cols, &ops);
			add_rpc_ops(item, totals_offset, &ops);
			break;
		}
	}
}

void
parse_net_nfs(const char *buf, struct stats_net_nfs *ret)
{
	parse_rpc_file(buf, nfs_lines, sizeof(nfs_lines) / sizeof(nfs_lines[0]), ret,
	               offsetof(struct stats_net_nfs, nfs_readcnt));
}

void
parse_net_nfsd(const char *buf, struct stats_net_nfsd *ret)
{
	parse_rpc_file(buf, nfsd_lines, sizeof(nfsd_lines) / sizeof(nfsd_lines[0]), ret,
	               offsetof(struct stats_net_nfsd, nfsd_readcnt));
}

/* ------------------------------------------------------------------------- */
/* /proc/net/sockstat and sockstat6 (NET_SOCK, NET_SOCK6). */

/*
 * sadc reads one number at a fixed character position of each line
 * ("sockets: used " is 14 characters), and the TCP time-wait count after
 * the first "tw" of the TCP line.
 */
struct sock_field {
	const char *label;
	uint8_t at;
	uint16_t offset;
	bool tw; /* also the number after "tw" */
};

// clang-format off
#define SOCK(label, at, type, member, tw) {(label), (at), (uint16_t) offsetof(type, member), (tw)}

static const struct sock_field sock_fields[] = {
	SOCK("sockets:", 14, struct stats_net_sock, sock_inuse, false),
	SOCK("TCP:",     11, struct stats_net_sock, tcp_inuse,  true),
	SOCK("UDP:",     11, struct stats_net_sock, udp_inuse,  false),
	SOCK("RAW:",     11, struct stats_net_sock, raw_inuse,  false),
	SOCK("FRAG:",    12, struct stats_net_sock, frag_inuse, false),
};

static const struct sock_field sock6_fields[] = {
	SOCK("TCP6:",  12, struct stats_net_sock6, tcp6_inuse,  false),
	SOCK("UDP6:",  12, struct stats_net_sock6, udp6_inuse,  false),
	SOCK("RAW6:",  12, struct stats_net_sock6, raw6_inuse,  false),
	SOCK("FRAG6:", 13, struct stats_net_sock6, frag6_inuse, false),
};
// clang-format on

static void
scan_tw(const char *line, void *item)
{
	const char *s = strstr(line, "tw");
	uint64_t v;

	if (!s)
		return;
	s += 2;
	if (scan_number(&s, &v, false) == 0)
		store(item, offsetof(struct stats_net_sock, tcp_tw), sizeof(uint32_t), v);
}

static void
parse_sockstat(const char *buf, const struct sock_field *fields, size_t n_fields, void *item)
{
	/*
	 * One buffer for all the lines, zeroed once: as in sadc, a line
	 * shorter than the fixed position reads what longer earlier lines
	 * left there. Its last byte is always NUL.
	 */
	char line[SOCKSTAT_LINE] = {0};
	const char *pos = buf;

	while (collect_gets(&pos, line, sizeof(line))) {
		size_t i;

		for (i = 0; i < n_fields; i++) {
			const struct sock_field *f = &fields[i];
			const char *s = line + f->at;
			uint64_t v;

			if (strncmp(line, f->label, strlen(f->label)))
				continue;
			if (scan_number(&s, &v, false) == 0)
				store(item, f->offset, sizeof(uint32_t), v);
			if (f->tw)
				scan_tw(line, item);
			break;
		}
	}
}

void
parse_net_sock(const char *buf, struct stats_net_sock *ret)
{
	parse_sockstat(buf, sock_fields, sizeof(sock_fields) / sizeof(sock_fields[0]), ret);
}

void
parse_net_sock6(const char *buf, struct stats_net_sock6 *ret)
{
	parse_sockstat(buf, sock6_fields, sizeof(sock6_fields) / sizeof(sock6_fields[0]), ret);
}

/* ------------------------------------------------------------------------- */
/* /proc/net/snmp (NET_IP, EIP, ICMP, EICMP, TCP, ETCP, UDP). */

/*
 * Finds the second line starting with label (the values; the first one
 * holds the names) and copies it into line, which has room for SNMP_LINE
 * bytes. When format is not NULL and *format is still unknown,
 * the first (header) line decides it, as sadc does once per process.
 * Returns false when there is no such line.
 */
static bool
snmp_values(const char *buf, const char *label, char *line, int *format)
{
	size_t len = strlen(label);
	const char *pos = buf;
	bool header_seen = false;

	while (collect_gets(&pos, line, SNMP_LINE)) {
		if (strncmp(line, label, len))
			continue;
		if (header_seen)
			return true;
		header_seen = true;
		if (format && *format == NET_ICMP_UNKNOWN)
			*format = strstr(line, "InCsumErrors") ? NET_ICMP_CSUM : NET_ICMP_OLD;
	}
	return false;
}

static void
parse_snmp(const char *buf, const char *label, const struct column *cols, size_t n_cols, void *item,
           int *format)
{
	char line[SNMP_LINE];

	if (snmp_values(buf, label, line, format))
		scan_columns(line + strlen(label), cols, n_cols, item);
}

#define PARSE_SNMP(buf, label, cols, item, format)                                                 \
	parse_snmp((buf), (label), (cols), sizeof(cols) / sizeof((cols)[0]), (item), (format))

/* Positions after the "Ip:" label: Forwarding DefaultTTL InReceives InHdrErrors ... FragCreates. */
// clang-format off
static const struct column ip_cols[] = {
	COL(3, struct stats_net_ip, in_receives),
	COL(6, struct stats_net_ip, forw_datagrams),
	COL(9, struct stats_net_ip, in_delivers),
	COL(10, struct stats_net_ip, out_requests),
	COL(14, struct stats_net_ip, reasm_reqds),
	COL(15, struct stats_net_ip, reasm_oks),
	COL(17, struct stats_net_ip, frag_oks),
	COL(19, struct stats_net_ip, frag_creates),
};

static const struct column eip_cols[] = {
	COL(4, struct stats_net_eip, in_hdr_errors),
	COL(5, struct stats_net_eip, in_addr_errors),
	COL(7, struct stats_net_eip, in_unknown_protos),
	COL(8, struct stats_net_eip, in_discards),
	COL(11, struct stats_net_eip, out_discards),
	COL(12, struct stats_net_eip, out_no_routes),
	COL(16, struct stats_net_eip, reasm_fails),
	COL(18, struct stats_net_eip, frag_fails),
};

/* "Icmp:" with InCsumErrors at position 3 (NET_ICMP_CSUM). */
static const struct column icmp_cols[] = {
	COL(1, struct stats_net_icmp, in_msgs),
	COL(9, struct stats_net_icmp, in_echos),
	COL(10, struct stats_net_icmp, in_echo_reps),
	COL(11, struct stats_net_icmp, in_timestamps),
	COL(12, struct stats_net_icmp, in_timestamp_reps),
	COL(13, struct stats_net_icmp, in_addr_masks),
	COL(14, struct stats_net_icmp, in_addr_mask_reps),
	COL(15, struct stats_net_icmp, out_msgs),
	COL(22, struct stats_net_icmp, out_echos),
	COL(23, struct stats_net_icmp, out_echo_reps),
	COL(24, struct stats_net_icmp, out_timestamps),
	COL(25, struct stats_net_icmp, out_timestamp_reps),
	COL(26, struct stats_net_icmp, out_addr_masks),
	COL(27, struct stats_net_icmp, out_addr_mask_reps),
};

/* Before InCsumErrors (NET_ICMP_OLD): every position after 2 is one less. */
static const struct column icmp_old_cols[] = {
	COL(1, struct stats_net_icmp, in_msgs),
	COL(8, struct stats_net_icmp, in_echos),
	COL(9, struct stats_net_icmp, in_echo_reps),
	COL(10, struct stats_net_icmp, in_timestamps),
	COL(11, struct stats_net_icmp, in_timestamp_reps),
	COL(12, struct stats_net_icmp, in_addr_masks),
	COL(13, struct stats_net_icmp, in_addr_mask_reps),
	COL(14, struct stats_net_icmp, out_msgs),
	COL(21, struct stats_net_icmp, out_echos),
	COL(22, struct stats_net_icmp, out_echo_reps),
	COL(23, struct stats_net_icmp, out_timestamps),
	COL(24, struct stats_net_icmp, out_timestamp_reps),
	COL(25, struct stats_net_icmp, out_addr_masks),
	COL(26, struct stats_net_icmp, out_addr_mask_reps),
};

static const struct column eicmp_cols[] = {
	COL(2, struct stats_net_eicmp, in_errors),
	COL(4, struct stats_net_eicmp, in_dest_unreachs),
	COL(5, struct stats_net_eicmp, in_time_excds),
	COL(6, struct stats_net_eicmp, in_parm_probs),
	COL(7, struct stats_net_eicmp, in_src_quenchs),
	COL(8, struct stats_net_eicmp, in_redirects),
	COL(16, struct stats_net_eicmp, out_errors),
	COL(17, struct stats_net_eicmp, out_dest_unreachs),
	COL(18, struct stats_net_eicmp, out_time_excds),
	COL(19, struct stats_net_eicmp, out_parm_probs),
	COL(20, struct stats_net_eicmp, out_src_quenchs),
	COL(21, struct stats_net_eicmp, out_redirects),
};

static const struct column eicmp_old_cols[] = {
	COL(2, struct stats_net_eicmp, in_errors),
	COL(3, struct stats_net_eicmp, in_dest_unreachs),
	COL(4, struct stats_net_eicmp, in_time_excds),
	COL(5, struct stats_net_eicmp, in_parm_probs),
	COL(6, struct stats_net_eicmp, in_src_quenchs),
	COL(7, struct stats_net_eicmp, in_redirects),
	COL(15, struct stats_net_eicmp, out_errors),
	COL(16, struct stats_net_eicmp, out_dest_unreachs),
	COL(17, struct stats_net_eicmp, out_time_excds),
	COL(18, struct stats_net_eicmp, out_parm_probs),
	COL(19, struct stats_net_eicmp, out_src_quenchs),
	COL(20, struct stats_net_eicmp, out_redirects),
};

/* Position 4 is MaxConn, signed (-1): skipped like any other. */
static const struct column tcp_cols[] = {
	COL(5, struct stats_net_tcp, active_opens),
	COL(6, struct stats_net_tcp, passive_opens),
	COL(10, struct stats_net_tcp, in_segs),
	COL(11, struct stats_net_tcp, out_segs),
};

static const struct column etcp_cols[] = {
	COL(7, struct stats_net_etcp, attempt_fails),
	COL(8, struct stats_net_etcp, estab_resets),
	COL(12, struct stats_net_etcp, retrans_segs),
	COL(13, struct stats_net_etcp, in_errs),
	COL(14, struct stats_net_etcp, out_rsts),
};

static const struct column udp_cols[] = {
	COL(1, struct stats_net_udp, in_datagrams),
	COL(2, struct stats_net_udp, no_ports),
	COL(3, struct stats_net_udp, in_errors),
	COL(4, struct stats_net_udp, out_datagrams),
};
// clang-format on

void
parse_net_ip(const char *buf, struct stats_net_ip *ret)
{
	PARSE_SNMP(buf, "Ip:", ip_cols, ret, NULL);
}

void
parse_net_eip(const char *buf, struct stats_net_eip *ret)
{
	PARSE_SNMP(buf, "Ip:", eip_cols, ret, NULL);
}

void
parse_net_icmp(const char *buf, struct stats_net_icmp *ret, int *format)
{
	char line[SNMP_LINE];

	if (!snmp_values(buf, "Icmp:", line, format))
		return;
	if (*format == NET_ICMP_OLD)
		SCAN_COLUMNS(line + 5, icmp_old_cols, ret);
	else
		SCAN_COLUMNS(line + 5, icmp_cols, ret);
}

void
parse_net_eicmp(const char *buf, struct stats_net_eicmp *ret, int *format)
{
	char line[SNMP_LINE];

	if (!snmp_values(buf, "Icmp:", line, format))
		return;
	if (*format == NET_ICMP_OLD)
		SCAN_COLUMNS(line + 5, eicmp_old_cols, ret);
	else
		SCAN_COLUMNS(line + 5, eicmp_cols, ret);
}

void
parse_net_tcp(const char *buf, struct stats_net_tcp *ret)
{
	PARSE_SNMP(buf, "Tcp:", tcp_cols, ret, NULL);
}

void
parse_net_etcp(const char *buf, struct stats_net_etcp *ret)
{
	PARSE_SNMP(buf, "Tcp:", etcp_cols, ret, NULL);
}

void
parse_net_udp(const char *buf, struct stats_net_udp *ret)
{
	PARSE_SNMP(buf, "Udp:", udp_cols, ret, NULL);
}

/* ------------------------------------------------------------------------- */
/* /proc/net/snmp6 (NET_IP6, EIP6, ICMP6, EICMP6, UDP6). */

// clang-format off
static const struct key_field ip6_keys[] = {
	KEY("Ip6InReceives",       struct stats_net_ip6, in_receives6),
	KEY("Ip6OutForwDatagrams", struct stats_net_ip6, out_forw_datagrams6),
	KEY("Ip6InDelivers",       struct stats_net_ip6, in_delivers6),
	KEY("Ip6OutRequests",      struct stats_net_ip6, out_requests6),
	KEY("Ip6ReasmReqds",       struct stats_net_ip6, reasm_reqds6),
	KEY("Ip6ReasmOKs",         struct stats_net_ip6, reasm_oks6),
	KEY("Ip6InMcastPkts",      struct stats_net_ip6, in_mcast_pkts6),
	KEY("Ip6OutMcastPkts",     struct stats_net_ip6, out_mcast_pkts6),
	KEY("Ip6FragOKs",          struct stats_net_ip6, frag_oks6),
	KEY("Ip6FragCreates",      struct stats_net_ip6, frag_creates6),
};

static const struct key_field eip6_keys[] = {
	KEY("Ip6InHdrErrors",     struct stats_net_eip6, in_hdr_errors6),
	KEY("Ip6InAddrErrors",    struct stats_net_eip6, in_addr_errors6),
	KEY("Ip6InUnknownProtos", struct stats_net_eip6, in_unknown_protos6),
	KEY("Ip6InTooBigErrors",  struct stats_net_eip6, in_too_big_errors6),
	KEY("Ip6InDiscards",      struct stats_net_eip6, in_discards6),
	KEY("Ip6OutDiscards",     struct stats_net_eip6, out_discards6),
	KEY("Ip6InNoRoutes",      struct stats_net_eip6, in_no_routes6),
	KEY("Ip6OutNoRoutes",     struct stats_net_eip6, out_no_routes6),
	KEY("Ip6ReasmFails",      struct stats_net_eip6, reasm_fails6),
	KEY("Ip6FragFails",       struct stats_net_eip6, frag_fails6),
	KEY("Ip6InTruncatedPkts", struct stats_net_eip6, in_truncated_pkts6),
};

static const struct key_field icmp6_keys[] = {
	KEY("Icmp6InMsgs",                    struct stats_net_icmp6, in_msgs6),
	KEY("Icmp6OutMsgs",                   struct stats_net_icmp6, out_msgs6),
	KEY("Icmp6InEchos",                   struct stats_net_icmp6, in_echos6),
	KEY("Icmp6InEchoReplies",             struct stats_net_icmp6, in_echo_replies6),
	KEY("Icmp6OutEchoReplies",            struct stats_net_icmp6, out_echo_replies6),
	KEY("Icmp6InGroupMembQueries",        struct stats_net_icmp6, in_group_memb_queries6),
	KEY("Icmp6InGroupMembResponses",      struct stats_net_icmp6, in_group_memb_responses6),
	KEY("Icmp6OutGroupMembResponses",     struct stats_net_icmp6, out_group_memb_responses6),
	KEY("Icmp6InGroupMembReductions",     struct stats_net_icmp6, in_group_memb_reductions6),
	KEY("Icmp6OutGroupMembReductions",    struct stats_net_icmp6, out_group_memb_reductions6),
	KEY("Icmp6InRouterSolicits",          struct stats_net_icmp6, in_router_solicits6),
	KEY("Icmp6OutRouterSolicits",         struct stats_net_icmp6, out_router_solicits6),
	KEY("Icmp6InRouterAdvertisements",    struct stats_net_icmp6, in_router_advertisements6),
	KEY("Icmp6InNeighborSolicits",        struct stats_net_icmp6, in_neighbor_solicits6),
	KEY("Icmp6OutNeighborSolicits",       struct stats_net_icmp6, out_neighbor_solicits6),
	KEY("Icmp6InNeighborAdvertisements",  struct stats_net_icmp6, in_neighbor_advertisements6),
	KEY("Icmp6OutNeighborAdvertisements", struct stats_net_icmp6, out_neighbor_advertisements6),
};

static const struct key_field eicmp6_keys[] = {
	KEY("Icmp6InErrors",        struct stats_net_eicmp6, in_errors6),
	KEY("Icmp6InDestUnreachs",  struct stats_net_eicmp6, in_dest_unreachs6),
	KEY("Icmp6OutDestUnreachs", struct stats_net_eicmp6, out_dest_unreachs6),
	KEY("Icmp6InTimeExcds",     struct stats_net_eicmp6, in_time_excds6),
	KEY("Icmp6OutTimeExcds",    struct stats_net_eicmp6, out_time_excds6),
	KEY("Icmp6InParmProblems",  struct stats_net_eicmp6, in_parm_problems6),
	KEY("Icmp6OutParmProblems", struct stats_net_eicmp6, out_parm_problems6),
	KEY("Icmp6InRedirects",     struct stats_net_eicmp6, in_redirects6),
	KEY("Icmp6OutRedirects",    struct stats_net_eicmp6, out_redirects6),
	KEY("Icmp6InPktTooBigs",    struct stats_net_eicmp6, in_pkt_too_bigs6),
	KEY("Icmp6OutPktTooBigs",   struct stats_net_eicmp6, out_pkt_too_bigs6),
};

static const struct key_field udp6_keys[] = {
	KEY("Udp6InDatagrams",  struct stats_net_udp6, in_datagrams6),
	KEY("Udp6OutDatagrams", struct stats_net_udp6, out_datagrams6),
	KEY("Udp6NoPorts",      struct stats_net_udp6, no_ports6),
	KEY("Udp6InErrors",     struct stats_net_udp6, in_errors6),
};
// clang-format on

void
parse_net_ip6(const char *buf, struct stats_net_ip6 *ret)
{
	PARSE_KEY_VALUES(buf, ip6_keys, ret);
}

void
parse_net_eip6(const char *buf, struct stats_net_eip6 *ret)
{
	PARSE_KEY_VALUES(buf, eip6_keys, ret);
}

void
parse_net_icmp6(const char *buf, struct stats_net_icmp6 *ret)
{
	PARSE_KEY_VALUES(buf, icmp6_keys, ret);
}

void
parse_net_eicmp6(const char *buf, struct stats_net_eicmp6 *ret)
{
	PARSE_KEY_VALUES(buf, eicmp6_keys, ret);
}

void
parse_net_udp6(const char *buf, struct stats_net_udp6 *ret)
{
	PARSE_KEY_VALUES(buf, udp6_keys, ret);
}

/* ------------------------------------------------------------------------- */
/* Fibre Channel hosts. */

int
parse_net_fc_counter(const char *buf, uint64_t *ret)
{
	return scan_number(&buf, ret, true);
}

/* ------------------------------------------------------------------------- */
/* The collectors. */

/*
 * The single-item activities: always collected (one item, left zero when
 * the file cannot be read), as sadc does for them.
 */
static int32_t
count_single(struct collect_ctx *c, int32_t *ret_nr2)
{
	(void) c;
	*ret_nr2 = 1;
	return 1;
}

#define SINGLE_COLLECTOR(act, file, parse)                                                         \
	int32_t collect_count_##act(struct collect_ctx *c, int32_t *ret_nr2)                       \
	{                                                                                          \
		return count_single(c, ret_nr2);                                                   \
	}                                                                                          \
	int32_t collect_read_##act(struct collect_ctx *c, void *items, int32_t max_nr,             \
	                           int32_t nr2)                                                    \
	{                                                                                          \
		const char *buf = collect_file(c, (file), NULL);                                   \
		(void) nr2;                                                                        \
		if (max_nr < 1)                                                                    \
			return COLLECT_E_NOSPACE;                                                  \
		if (buf)                                                                           \
			parse(buf, items);                                                         \
		return 1;                                                                          \
	}

SINGLE_COLLECTOR(net_nfs, PF_NET_RPC_NFS, parse_net_nfs)
SINGLE_COLLECTOR(net_nfsd, PF_NET_RPC_NFSD, parse_net_nfsd)
SINGLE_COLLECTOR(net_sock, PF_NET_SOCKSTAT, parse_net_sock)
SINGLE_COLLECTOR(net_ip, PF_NET_SNMP, parse_net_ip)
SINGLE_COLLECTOR(net_eip, PF_NET_SNMP, parse_net_eip)
SINGLE_COLLECTOR(net_tcp, PF_NET_SNMP, parse_net_tcp)
SINGLE_COLLECTOR(net_etcp, PF_NET_SNMP, parse_net_etcp)
SINGLE_COLLECTOR(net_udp, PF_NET_SNMP, parse_net_udp)
SINGLE_COLLECTOR(net_sock6, PF_NET_SOCKSTAT6, parse_net_sock6)
SINGLE_COLLECTOR(net_ip6, PF_NET_SNMP6, parse_net_ip6)
SINGLE_COLLECTOR(net_eip6, PF_NET_SNMP6, parse_net_eip6)
SINGLE_COLLECTOR(net_icmp6, PF_NET_SNMP6, parse_net_icmp6)
SINGLE_COLLECTOR(net_eicmp6, PF_NET_SNMP6, parse_net_eicmp6)
SINGLE_COLLECTOR(net_udp6, PF_NET_SNMP6, parse_net_udp6)

/* ICMP and EICMP also keep the layout of the file in the context. */
int32_t
collect_count_net_icmp(struct collect_ctx *c, int32_t *ret_nr2)
{
	return count_single(c, ret_nr2);
}

int32_t
collect_read_net_icmp(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_NET_SNMP, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (buf)
		parse_net_icmp(buf, items, &c->icmp_format);
	return 1;
}

int32_t
collect_count_net_eicmp(struct collect_ctx *c, int32_t *ret_nr2)
{
	return count_single(c, ret_nr2);
}

int32_t
collect_read_net_eicmp(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_NET_SNMP, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (buf)
		parse_net_eicmp(buf, items, &c->icmp_format);
	return 1;
}

/* NET_DEV and NET_EDEV: nr_ini is the interface count, capped as sadc caps it. */
static int32_t
count_ifaces(struct collect_ctx *c, uint32_t id, int32_t *ret_nr2)
{
	const char *buf = collect_file(c, PF_NET_DEV, NULL);
	int32_t n = buf ? parse_net_dev_count(buf) : 0;
	int32_t cap = activity_by_id(id)->nr_max;

	*ret_nr2 = 1;
	return n > cap ? cap : n;
}

int32_t
collect_count_net_dev(struct collect_ctx *c, int32_t *ret_nr2)
{
	return count_ifaces(c, A_NET_DEV, ret_nr2);
}

int32_t
collect_count_net_edev(struct collect_ctx *c, int32_t *ret_nr2)
{
	return count_ifaces(c, A_NET_EDEV, ret_nr2);
}

/*
 * Duplex and speed of one interface from sysfs. As in sadc, the speed is
 * read only for a "full" or "half" duplex, and an unreadable duplex or
 * speed file leaves the fields as they are.
 */
static void
read_if_info(struct collect_ctx *c, struct stats_net_dev *d)
{
	char path[64];

	snprintf(path, sizeof(path), "sys/class/net/%s/duplex", d->interface);
	if (sysroot_read(&c->root, path, &c->scratch) < 0 || !c->scratch.buf)
		return;
	if (parse_net_if_duplex(c->scratch.buf, &d->duplex) < 0)
		return;
	snprintf(path, sizeof(path), "sys/class/net/%s/speed", d->interface);
	if (sysroot_read(&c->root, path, &c->scratch) < 0 || !c->scratch.buf)
		return;
	d->speed = parse_net_if_speed(c->scratch.buf);
}

int32_t
collect_read_net_dev(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_NET_DEV, NULL);
	struct stats_net_dev *devs = items;
	int32_t n, i;

	(void) nr2;
	if (!buf)
		return 0;
	n = parse_net_dev(buf, devs, max_nr);
	for (i = 0; i < n; i++)
		read_if_info(c, &devs[i]);
	return n;
}

int32_t
collect_read_net_edev(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_NET_DEV, NULL);

	(void) nr2;
	return buf ? parse_net_edev(buf, items, max_nr) : 0;
}

static bool
is_fc_host(const char *name)
{
	return !strncmp(name, "host", 4);
}

/*
 * The host* entries of the fc_host class. No directory means the kernel
 * has no FC support: the activity is left out of the file (so is a
 * directory without hosts).
 */
int32_t
collect_count_net_fc(struct collect_ctx *c, int32_t *ret_nr2)
{
	struct sysroot_dir it;
	const char *name;
	int32_t n = 0, cap = activity_by_id(A_NET_FC)->nr_max;

	*ret_nr2 = 1;
	if (sysroot_dir_open(&c->root, FC_HOST_DIR, &it) < 0)
		return 0;
	while ((name = sysroot_dir_next(&it)))
		if (is_fc_host(name) && n < cap)
			n++;
	sysroot_dir_close(&it);
	return n;
}

// clang-format off
static const struct key_field fc_counters[] = {
	KEY("rx_frames", struct stats_fchost, f_rxframes),
	KEY("tx_frames", struct stats_fchost, f_txframes),
	KEY("rx_words",  struct stats_fchost, f_rxwords),
	KEY("tx_words",  struct stats_fchost, f_txwords),
};
// clang-format on

/* One host: a counter that cannot be read stays 0; the name keeps 15 bytes. */
static void
read_fc_host(struct collect_ctx *c, const char *name, struct stats_fchost *fc)
{
	size_t i, len = strlen(name);

	for (i = 0; i < sizeof(fc_counters) / sizeof(fc_counters[0]); i++) {
		char path[384], line[FC_LINE];
		uint64_t v;
		int n = snprintf(path, sizeof(path), FC_HOST_DIR "/%s/statistics/%s", name,
		                 fc_counters[i].key);

		if (n < 0 || (size_t) n >= sizeof(path))
			continue;
		if (sysroot_read_line(&c->root, path, line, sizeof(line)) < 0)
			continue;
		if (parse_net_fc_counter(line, &v) == 0)
			store(fc, fc_counters[i].offset, sizeof(uint64_t), v);
	}
	if (len > MAX_FCH_LEN - 1)
		len = MAX_FCH_LEN - 1;
	memcpy(fc->fchost_name, name, len);
	fc->fchost_name[len] = '\0';
}

int32_t
collect_read_net_fc(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	struct stats_fchost *hosts = items;
	struct sysroot_dir it;
	const char *name;
	int32_t n = 0;

	(void) nr2;
	if (sysroot_dir_open(&c->root, FC_HOST_DIR, &it) < 0)
		return 0;
	while ((name = sysroot_dir_next(&it))) {
		if (!is_fc_host(name))
			continue;
		if (n >= max_nr) {
			n = COLLECT_E_NOSPACE;
			break;
		}
		read_fc_host(c, name, &hosts[n++]);
	}
	sysroot_dir_close(&it);
	return n;
}
