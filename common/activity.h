/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_ACTIVITY_H
#define SYSREC_ACTIVITY_H

/*
 * The activity registry: one immutable descriptor per activity that the
 * sysstat release of this run's flavour knows (compat.h): 42 for 12.6.1,
 * 43 for 12.7.5 (A_PWR_BAT, and A_PAGE two longs longer). Descriptors hold
 * only facts about the activity and its on-disk format; run-time state
 * (samples, selections, averages) lives in the programs, never here.
 *
 * The registry is ordered like sadc's activity table, which is also the
 * order of the activity list in every file sadc creates (HUGE after MEMORY,
 * NET_FC and NET_SOFT before the power activities).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum activity_id {
	A_CPU = 1,
	A_PCSW,
	A_IRQ,
	A_SWAP,
	A_PAGE,
	A_IO,
	A_MEMORY,
	A_KTABLES,
	A_QUEUE,
	A_SERIAL,
	A_DISK,
	A_NET_DEV,
	A_NET_EDEV,
	A_NET_NFS,
	A_NET_NFSD,
	A_NET_SOCK,
	A_NET_IP,
	A_NET_EIP,
	A_NET_ICMP,
	A_NET_EICMP,
	A_NET_TCP,
	A_NET_ETCP,
	A_NET_UDP,
	A_NET_SOCK6,
	A_NET_IP6,
	A_NET_EIP6,
	A_NET_ICMP6,
	A_NET_EICMP6,
	A_NET_UDP6,
	A_PWR_CPU,
	A_PWR_FAN,
	A_PWR_TEMP,
	A_PWR_IN,
	A_HUGE,
	A_PWR_FREQ,
	A_PWR_USB,
	A_FS,
	A_NET_FC,
	A_NET_SOFT,
	A_PSI_CPU,
	A_PSI_IO,
	A_PSI_MEM,
	A_PWR_BAT, /* 12.7.5 */
	A_ID_MAX = A_PWR_BAT,
};

#define ACTIVITY_MAGIC_BASE 0x8au
/* The most activities a flavour knows: the size of per-activity arrays. */
#define ACTIVITY_NR         43

/* How the items of one record are laid out. */
enum activity_policy {
	ACT_SINGLE,     /* exactly one struct per record */
	ACT_PER_CPU,    /* item 0 = all CPUs, item k = CPU k-1 */
	ACT_PER_DEVICE, /* one item per device, interface, filesystem, sensor... */
	ACT_MATRIX,     /* nr items (CPUs) x nr2 sub-items, item-major */
	ACT_POLICY_MAX,
};

/* The sadc -S keyword groups that enable an activity. */
enum activity_group {
	G_DEFAULT = 1u << 0, /* collected with no -S option */
	G_INT = 1u << 1,
	G_DISK = 1u << 2,
	G_XDISK = 1u << 3,   /* partitions and filesystems */
	G_SNMP = 1u << 4,
	G_IPV6 = 1u << 5,
	G_POWER = 1u << 6,
};

/* Descriptor flags. */
enum activity_flag {
	AF_COUNTED = 1u << 0,    /* a per-record item count precedes the items (has_nr) */
	AF_PERSISTENT = 1u << 1, /* item slots keep their identity (CPU numbers) */
	AF_DETECTED = 1u << 2,   /* collected only where the kernel provides it (PSI) */
};

struct activity_desc {
	uint32_t id;              /* enum activity_id */
	const char *name;         /* "A_CPU", as sadf -H prints it */
	uint32_t magic;           /* format magic of the item struct */
	uint32_t size;            /* item struct size on an LP64 writer */
	uint32_t types_nr[3];     /* (u64, long, u32) counts of the item struct */
	int32_t nr_max;           /* largest item count a reader accepts */
	uint32_t flags;           /* enum activity_flag */
	uint32_t groups;          /* enum activity_group: -S keywords enabling it */
	enum activity_policy policy;
	const char *sar_option;   /* sar option displaying it, e.g. "-n DEV" */
	const char *json_group;   /* enclosing JSON/XML object ("network"...), or NULL */
	const char *json_name;    /* JSON key and XML element, e.g. "net-dev" */
};

/* Number of activities the run's flavour knows (42 or 43, at most ACTIVITY_NR). */
size_t activity_count(void);

/*
 * The i-th descriptor in sadc table order, 0 <= i < activity_count();
 * NULL when i is out of range.
 */
const struct activity_desc *activity_at(size_t i);

/* The descriptor of activity id, or NULL when the run's flavour does not know the id. */
const struct activity_desc *activity_by_id(uint32_t id);

/* Position of activity id in sadc table order, or -1 when unknown. */
int activity_position(uint32_t id);

static inline bool
activity_has_nr(const struct activity_desc *a)
{
	return (a->flags & AF_COUNTED) != 0;
}

#endif
