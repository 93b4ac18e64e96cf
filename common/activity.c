/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The activity registry. Facts come from sysstat 12.6.1's activity table
 * (doc/format.md §8.1) and, for 12.7.5, from its sadc's files;
 * sizes and types come from the item structs in layout_stats.h, so that
 * they cannot drift apart. The table is 12.7.5's; the 12.6.1 flavour sees
 * it without A_PWR_BAT and with A_PAGE's 12.6.1 item (paging_1261).
 */

#include <stddef.h>
#include <stdint.h>

#include "activity.h"
#include "compat.h"
#include "layout.h"
#include "banned.h"

/* Largest item counts a 12.6.1 reader accepts (the nr_max column). */
#define NR_MAX_CPUS    (8192 + 1) /* per-CPU activities: the CPUs plus the "all" item */
#define NR_MAX_DEVICES 65536      /* serial lines, interfaces, USB devices, FC hosts */
#define NR_MAX_SENSORS 4096       /* fans, temperature and voltage sensors, batteries */
#define NR_MAX_ANY     SA_NR_MAX  /* disks, filesystems: only the file format's limit */

/* The parts of a descriptor that follow from the activity and its item struct. */
#define ITEM(act, item, types)                                                                     \
	.id = (act), .name = #act, .size = sizeof(struct item), .types_nr = types

#define NET "network"
#define PWR "power-management"
#define PSI "psi"

/* In sadc's table order, which is also the order of the activity list in the files it writes. */
// clang-format off
static const struct activity_desc activities[] = {
	{ITEM(A_CPU, stats_cpu, STATS_CPU_TYPES), .magic = 0x8b,
	 .nr_max = NR_MAX_CPUS, .policy = ACT_PER_CPU, .flags = AF_COUNTED | AF_PERSISTENT,
	 .groups = G_DEFAULT, .sar_option = "-u",
	 .json_group = NULL, .json_name = "cpu-load"},
	{ITEM(A_PCSW, stats_pcsw, STATS_PCSW_TYPES), .magic = 0x8b,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-w",
	 .json_group = NULL, .json_name = "process-and-context-switch"},
	/* nr = CPUs + 1, nr2 = interrupts + 1. */
	{ITEM(A_IRQ, stats_irq, STATS_IRQ_TYPES), .magic = 0x8c,
	 .nr_max = NR_MAX_CPUS, .policy = ACT_MATRIX, .flags = AF_COUNTED | AF_PERSISTENT,
	 .groups = G_INT, .sar_option = "-I",
	 .json_group = NULL, .json_name = "interrupts"},
	{ITEM(A_SWAP, stats_swap, STATS_SWAP_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-W",
	 .json_group = NULL, .json_name = "swap-pages"},
	/* 12.7.5's item; 12.6.1's is paging_1261 below. */
	{ITEM(A_PAGE, stats_paging, STATS_PAGING_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-B",
	 .json_group = NULL, .json_name = "paging"},
	{ITEM(A_IO, stats_io, STATS_IO_TYPES), .magic = 0x8b,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-b",
	 .json_group = NULL, .json_name = "io"},
	/* sar -S (swap space) is a second view of this activity. */
	{ITEM(A_MEMORY, stats_memory, STATS_MEMORY_TYPES), .magic = 0x8b,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-r",
	 .json_group = NULL, .json_name = "memory"},
	{ITEM(A_HUGE, stats_huge, STATS_HUGE_TYPES), .magic = 0x8b,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-H",
	 .json_group = NULL, .json_name = "hugepages"},
	{ITEM(A_KTABLES, stats_ktables, STATS_KTABLES_TYPES), .magic = 0x8b,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-v",
	 .json_group = NULL, .json_name = "kernel"},
	/* A bare -q means -q LOAD. */
	{ITEM(A_QUEUE, stats_queue, STATS_QUEUE_TYPES), .magic = 0x8c,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-q LOAD",
	 .json_group = NULL, .json_name = "queue"},
	{ITEM(A_SERIAL, stats_serial, STATS_SERIAL_TYPES), .magic = 0x8b,
	 .nr_max = NR_MAX_DEVICES, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_DEFAULT, .sar_option = "-y",
	 .json_group = NULL, .json_name = "serial"},
	{ITEM(A_DISK, stats_disk, STATS_DISK_TYPES), .magic = 0x8c,
	 .nr_max = NR_MAX_ANY, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_DISK, .sar_option = "-d",
	 .json_group = NULL, .json_name = "disk"},
	{ITEM(A_NET_DEV, stats_net_dev, STATS_NET_DEV_TYPES), .magic = 0x8d,
	 .nr_max = NR_MAX_DEVICES, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_DEFAULT, .sar_option = "-n DEV",
	 .json_group = NET, .json_name = "net-dev"},
	{ITEM(A_NET_EDEV, stats_net_edev, STATS_NET_EDEV_TYPES), .magic = 0x8c,
	 .nr_max = NR_MAX_DEVICES, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_DEFAULT, .sar_option = "-n EDEV",
	 .json_group = NET, .json_name = "net-edev"},
	{ITEM(A_NET_NFS, stats_net_nfs, STATS_NET_NFS_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-n NFS",
	 .json_group = NET, .json_name = "net-nfs"},
	{ITEM(A_NET_NFSD, stats_net_nfsd, STATS_NET_NFSD_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-n NFSD",
	 .json_group = NET, .json_name = "net-nfsd"},
	{ITEM(A_NET_SOCK, stats_net_sock, STATS_NET_SOCK_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_DEFAULT, .sar_option = "-n SOCK",
	 .json_group = NET, .json_name = "net-sock"},
	{ITEM(A_NET_IP, stats_net_ip, STATS_NET_IP_TYPES), .magic = 0x8c,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_SNMP, .sar_option = "-n IP",
	 .json_group = NET, .json_name = "net-ip"},
	{ITEM(A_NET_EIP, stats_net_eip, STATS_NET_EIP_TYPES), .magic = 0x8c,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_SNMP, .sar_option = "-n EIP",
	 .json_group = NET, .json_name = "net-eip"},
	{ITEM(A_NET_ICMP, stats_net_icmp, STATS_NET_ICMP_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_SNMP, .sar_option = "-n ICMP",
	 .json_group = NET, .json_name = "net-icmp"},
	{ITEM(A_NET_EICMP, stats_net_eicmp, STATS_NET_EICMP_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_SNMP, .sar_option = "-n EICMP",
	 .json_group = NET, .json_name = "net-eicmp"},
	{ITEM(A_NET_TCP, stats_net_tcp, STATS_NET_TCP_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_SNMP, .sar_option = "-n TCP",
	 .json_group = NET, .json_name = "net-tcp"},
	{ITEM(A_NET_ETCP, stats_net_etcp, STATS_NET_ETCP_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_SNMP, .sar_option = "-n ETCP",
	 .json_group = NET, .json_name = "net-etcp"},
	{ITEM(A_NET_UDP, stats_net_udp, STATS_NET_UDP_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_SNMP, .sar_option = "-n UDP",
	 .json_group = NET, .json_name = "net-udp"},
	{ITEM(A_NET_SOCK6, stats_net_sock6, STATS_NET_SOCK6_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_IPV6, .sar_option = "-n SOCK6",
	 .json_group = NET, .json_name = "net-sock6"},
	{ITEM(A_NET_IP6, stats_net_ip6, STATS_NET_IP6_TYPES), .magic = 0x8c,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_IPV6, .sar_option = "-n IP6",
	 .json_group = NET, .json_name = "net-ip6"},
	{ITEM(A_NET_EIP6, stats_net_eip6, STATS_NET_EIP6_TYPES), .magic = 0x8c,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_IPV6, .sar_option = "-n EIP6",
	 .json_group = NET, .json_name = "net-eip6"},
	{ITEM(A_NET_ICMP6, stats_net_icmp6, STATS_NET_ICMP6_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_IPV6, .sar_option = "-n ICMP6",
	 .json_group = NET, .json_name = "net-icmp6"},
	{ITEM(A_NET_EICMP6, stats_net_eicmp6, STATS_NET_EICMP6_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_IPV6, .sar_option = "-n EICMP6",
	 .json_group = NET, .json_name = "net-eicmp6"},
	{ITEM(A_NET_UDP6, stats_net_udp6, STATS_NET_UDP6_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	 .groups = G_IPV6, .sar_option = "-n UDP6",
	 .json_group = NET, .json_name = "net-udp6"},
	{ITEM(A_NET_FC, stats_fchost, STATS_FCHOST_TYPES), .magic = 0x8a,
	 .nr_max = NR_MAX_DEVICES, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_DISK, .sar_option = "-n FC",
	 .json_group = NET, .json_name = "fchosts"},
	{ITEM(A_NET_SOFT, stats_softnet, STATS_SOFTNET_TYPES), .magic = 0x8a,
	 .nr_max = NR_MAX_CPUS, .policy = ACT_PER_CPU, .flags = AF_COUNTED | AF_PERSISTENT,
	 .groups = G_DEFAULT, .sar_option = "-n SOFT",
	 .json_group = NET, .json_name = "softnet"},
	{ITEM(A_PWR_CPU, stats_pwr_cpufreq, STATS_PWR_CPUFREQ_TYPES), .magic = 0x8a,
	 .nr_max = NR_MAX_CPUS, .policy = ACT_PER_CPU, .flags = AF_COUNTED,
	 .groups = G_POWER, .sar_option = "-m CPU",
	 .json_group = PWR, .json_name = "cpu-frequency"},
	{ITEM(A_PWR_FAN, stats_pwr_fan, STATS_PWR_FAN_TYPES), .magic = 0x8a,
	 .nr_max = NR_MAX_SENSORS, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_POWER, .sar_option = "-m FAN",
	 .json_group = PWR, .json_name = "fan-speed"},
	{ITEM(A_PWR_TEMP, stats_pwr_temp, STATS_PWR_TEMP_TYPES), .magic = 0x8a,
	 .nr_max = NR_MAX_SENSORS, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_POWER, .sar_option = "-m TEMP",
	 .json_group = PWR, .json_name = "temperature"},
	{ITEM(A_PWR_IN, stats_pwr_in, STATS_PWR_IN_TYPES), .magic = 0x8a,
	 .nr_max = NR_MAX_SENSORS, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_POWER, .sar_option = "-m IN",
	 .json_group = PWR, .json_name = "voltage-input"},
	/* nr = CPUs + 1, nr2 = frequencies. */
	{ITEM(A_PWR_FREQ, stats_pwr_wghfreq, STATS_PWR_WGHFREQ_TYPES), .magic = 0x8b,
	 .nr_max = NR_MAX_CPUS, .policy = ACT_MATRIX, .flags = AF_COUNTED,
	 .groups = G_POWER, .sar_option = "-m FREQ",
	 .json_group = PWR, .json_name = "cpu-weighted-frequency"},
	/* 12.7.5 only: hidden from the 12.6.1 flavour. */
	{ITEM(A_PWR_BAT, stats_pwr_bat, STATS_PWR_BAT_TYPES), .magic = 0x8a,
	 .nr_max = NR_MAX_SENSORS, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_POWER, .sar_option = "-m BAT",
	 .json_group = PWR, .json_name = "battery"},
	{ITEM(A_PWR_USB, stats_pwr_usb, STATS_PWR_USB_TYPES), .magic = 0x8a,
	 .nr_max = NR_MAX_DEVICES, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_POWER, .sar_option = "-m USB",
	 .json_group = PWR, .json_name = "usb-devices"},
	{ITEM(A_FS, stats_filesystem, STATS_FILESYSTEM_TYPES), .magic = 0x8b,
	 .nr_max = NR_MAX_ANY, .policy = ACT_PER_DEVICE, .flags = AF_COUNTED,
	 .groups = G_XDISK, .sar_option = "-F",
	 .json_group = NULL, .json_name = "filesystems"},
	/* The PSI activities are collected only where /proc/pressure exists. */
	{ITEM(A_PSI_CPU, stats_psi_cpu, STATS_PSI_CPU_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = AF_DETECTED,
	 .groups = G_DEFAULT, .sar_option = "-q CPU",
	 .json_group = PSI, .json_name = "psi-cpu"},
	{ITEM(A_PSI_IO, stats_psi_io, STATS_PSI_IO_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = AF_DETECTED,
	 .groups = G_DEFAULT, .sar_option = "-q IO",
	 .json_group = PSI, .json_name = "psi-io"},
	{ITEM(A_PSI_MEM, stats_psi_mem, STATS_PSI_MEM_TYPES), .magic = 0x8a,
	 .nr_max = 1, .policy = ACT_SINGLE, .flags = AF_DETECTED,
	 .groups = G_DEFAULT, .sar_option = "-q MEM",
	 .json_group = PSI, .json_name = "psi-mem"},
};

/* A_PAGE as 12.6.1 writes it: without pgpromote and pgdemote. */
static const struct activity_desc paging_1261 = {
	.id = A_PAGE, .name = "A_PAGE", .size = STATS_PAGING_1261_SIZE,
	.types_nr = STATS_PAGING_1261_TYPES, .magic = 0x8a,
	.nr_max = 1, .policy = ACT_SINGLE, .flags = 0,
	.groups = G_DEFAULT, .sar_option = "-B",
	.json_group = NULL, .json_name = "paging"};

/*
 * 1 + the position of each id in activities[], 0 for unknown ids. Listed in
 * table order so that it can be checked against the table above line by
 * line; the unit test checks it both ways.
 */
static const uint8_t position_by_id[A_ID_MAX + 1] = {
	[A_CPU] = 1,        [A_PCSW] = 2,       [A_IRQ] = 3,        [A_SWAP] = 4,
	[A_PAGE] = 5,       [A_IO] = 6,         [A_MEMORY] = 7,     [A_HUGE] = 8,
	[A_KTABLES] = 9,    [A_QUEUE] = 10,     [A_SERIAL] = 11,    [A_DISK] = 12,
	[A_NET_DEV] = 13,   [A_NET_EDEV] = 14,  [A_NET_NFS] = 15,   [A_NET_NFSD] = 16,
	[A_NET_SOCK] = 17,  [A_NET_IP] = 18,    [A_NET_EIP] = 19,   [A_NET_ICMP] = 20,
	[A_NET_EICMP] = 21, [A_NET_TCP] = 22,   [A_NET_ETCP] = 23,  [A_NET_UDP] = 24,
	[A_NET_SOCK6] = 25, [A_NET_IP6] = 26,   [A_NET_EIP6] = 27,  [A_NET_ICMP6] = 28,
	[A_NET_EICMP6] = 29, [A_NET_UDP6] = 30, [A_NET_FC] = 31,    [A_NET_SOFT] = 32,
	[A_PWR_CPU] = 33,   [A_PWR_FAN] = 34,   [A_PWR_TEMP] = 35,  [A_PWR_IN] = 36,
	[A_PWR_FREQ] = 37,  [A_PWR_BAT] = 38,   [A_PWR_USB] = 39,   [A_FS] = 40,
	[A_PSI_CPU] = 41,   [A_PSI_IO] = 42,    [A_PSI_MEM] = 43,
};
// clang-format on

/* The table position of the one activity 12.6.1 does not know. */
#define POS_PWR_BAT 37

_Static_assert(sizeof(activities) / sizeof(activities[0]) == ACTIVITY_NR,
               "one descriptor per activity");
_Static_assert(ACTIVITY_NR == A_ID_MAX, "ids are 1..ACTIVITY_NR");

size_t
activity_count(void)
{
	return flavour_1275() ? ACTIVITY_NR : ACTIVITY_NR - 1;
}

/* The flavour's view of table entry pos. */
static const struct activity_desc *
flavoured(size_t pos)
{
	if (!flavour_1275() && activities[pos].id == A_PAGE)
		return &paging_1261;
	return &activities[pos];
}

const struct activity_desc *
activity_at(size_t i)
{
	if (i >= activity_count())
		return NULL;
	if (!flavour_1275() && i >= POS_PWR_BAT)
		i++;
	return flavoured(i);
}

int
activity_position(uint32_t id)
{
	int pos;

	if (id > A_ID_MAX || position_by_id[id] == 0)
		return -1;
	pos = position_by_id[id] - 1;
	if (!flavour_1275()) {
		if (pos == POS_PWR_BAT)
			return -1;
		if (pos > POS_PWR_BAT)
			pos--;
	}
	return pos;
}

const struct activity_desc *
activity_by_id(uint32_t id)
{
	int pos = activity_position(id);

	return pos < 0 ? NULL : activity_at((size_t) pos);
}
