/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_LAYOUT_STATS_H
#define SYSREC_LAYOUT_STATS_H

/*
 * The item struct of every activity (one record holds nr x nr2 of them), as
 * sysstat 12.6.1 writes it on an LP64 machine. Included at the end of
 * layout.h; include layout.h rather than this file.
 *
 * Field types follow the stored layout, not the kernel's: "unsigned long
 * long" is uint64_t, an "unsigned long" is a uint64_t in an 8-aligned slot
 * (on 32-bit writers the value fills only the first 4 bytes of the slot),
 * "unsigned int" is uint32_t, and the sensor readings are doubles. Each
 * STATS_*_TYPES macro gives the (u64, long, u32) counts that sadc stores in
 * file_activity.types_nr; the bytes after those groups are opaque (names,
 * padding). The first 8-byte member of each struct is marked 8-aligned so
 * that the LP64 image, and the asserts below, hold on i386 as well, where
 * uint64_t and double are only 4-aligned inside structs.
 *
 * Trailing padding is spelled out as pad[] members: sadc zeroes every item
 * it writes, so a byte-identical file needs those bytes zeroed.
 *
 * A version in a comment is the sysstat release that introduced the field
 * or layout; readers remap older and newer layouts through the types counts.
 */

#include <stddef.h>
#include <stdint.h>

#include "layout.h" /* SA_ALIGN8; a no-op when layout.h is including us */

/* Lengths of the name fields. */
#define MAX_SA_IRQ_LEN      8   /* interrupt name, 7 chars and a NUL */
#define MAX_IFACE_LEN       16  /* network interface name */
#define MAX_MANUF_LEN       24  /* USB manufacturer */
#define MAX_PROD_LEN        48  /* USB product */
#define MAX_FS_LEN          128 /* filesystem name and mount point */
#define MAX_FCH_LEN         16  /* Fibre Channel host name */
#define MAX_SENSORS_DEV_LEN 20  /* libsensors chip name */

/*
 * The (u64, long, u32) counts of each item struct below, as sadc stores them
 * in file_activity.types_nr (doc/format.md §8.1). They must match the field groups
 * of the structs; tests/unit/test_activity.c checks that they do.
 */
// clang-format off
#define STATS_CPU_TYPES         {10, 0, 0}
#define STATS_PCSW_TYPES        {1, 1, 0}
#define STATS_IRQ_TYPES         {0, 0, 1}
#define STATS_SWAP_TYPES        {0, 2, 0}
#define STATS_PAGING_TYPES      {0, 10, 0} /* 12.7.5; 12.6.1 writes {0, 8, 0} */
#define STATS_PAGING_1261_TYPES {0, 8, 0}
#define STATS_IO_TYPES          {7, 0, 0}
#define STATS_MEMORY_TYPES      {17, 0, 0}
#define STATS_KTABLES_TYPES     {4, 0, 0}
#define STATS_QUEUE_TYPES       {3, 0, 3}
#define STATS_SERIAL_TYPES      {0, 0, 7}
#define STATS_DISK_TYPES        {3, 3, 8}
#define STATS_NET_DEV_TYPES     {7, 0, 1}
#define STATS_NET_EDEV_TYPES    {9, 0, 0}
#define STATS_NET_NFS_TYPES     {0, 0, 6}
#define STATS_NET_NFSD_TYPES    {0, 0, 11}
#define STATS_NET_SOCK_TYPES    {0, 0, 6}
#define STATS_NET_IP_TYPES      {8, 0, 0}
#define STATS_NET_EIP_TYPES     {8, 0, 0}
#define STATS_NET_ICMP_TYPES    {0, 14, 0}
#define STATS_NET_EICMP_TYPES   {0, 12, 0}
#define STATS_NET_TCP_TYPES     {0, 4, 0}
#define STATS_NET_ETCP_TYPES    {0, 5, 0}
#define STATS_NET_UDP_TYPES     {0, 4, 0}
#define STATS_NET_SOCK6_TYPES   {0, 0, 4}
#define STATS_NET_IP6_TYPES     {10, 0, 0}
#define STATS_NET_EIP6_TYPES    {11, 0, 0}
#define STATS_NET_ICMP6_TYPES   {0, 17, 0}
#define STATS_NET_EICMP6_TYPES  {0, 11, 0}
#define STATS_NET_UDP6_TYPES    {0, 4, 0}
#define STATS_PWR_CPUFREQ_TYPES {0, 1, 0}
#define STATS_PWR_FAN_TYPES     {2, 0, 0}
#define STATS_PWR_TEMP_TYPES    {3, 0, 0}
#define STATS_PWR_IN_TYPES      {3, 0, 0}
#define STATS_HUGE_TYPES        {4, 0, 0}
#define STATS_PWR_WGHFREQ_TYPES {1, 1, 0}
#define STATS_PWR_USB_TYPES     {0, 0, 4}
#define STATS_PWR_BAT_TYPES     {0, 0, 0}
#define STATS_FILESYSTEM_TYPES  {5, 0, 0}
#define STATS_FCHOST_TYPES      {0, 4, 0}
#define STATS_SOFTNET_TYPES     {0, 0, 6}
#define STATS_PSI_CPU_TYPES     {1, 3, 0}
#define STATS_PSI_IO_TYPES      {2, 6, 0}
#define STATS_PSI_MEM_TYPES     {2, 6, 0}
// clang-format on

#define SA_ASSERT_SIZE(s, n) _Static_assert(sizeof(struct s) == (n), #s " is " #n " bytes")
#define SA_ASSERT_OFFSET(s, f, off)                                                                \
	_Static_assert(offsetof(struct s, f) == (off), #s "." #f " at " #off)

/* A_CPU: jiffies from /proc/stat. Note steal sits before hardirq, unlike the kernel's columns. */
struct stats_cpu {
	SA_ALIGN8 uint64_t cpu_user;
	uint64_t cpu_nice;
	uint64_t cpu_sys;
	uint64_t cpu_idle;
	uint64_t cpu_iowait;
	uint64_t cpu_steal;
	uint64_t cpu_hardirq;
	uint64_t cpu_softirq;
	uint64_t cpu_guest;
	uint64_t cpu_guest_nice;
};

SA_ASSERT_SIZE(stats_cpu, 80);
SA_ASSERT_OFFSET(stats_cpu, cpu_nice, 8);
SA_ASSERT_OFFSET(stats_cpu, cpu_sys, 16);
SA_ASSERT_OFFSET(stats_cpu, cpu_idle, 24);
SA_ASSERT_OFFSET(stats_cpu, cpu_iowait, 32);
SA_ASSERT_OFFSET(stats_cpu, cpu_steal, 40);
SA_ASSERT_OFFSET(stats_cpu, cpu_hardirq, 48);
SA_ASSERT_OFFSET(stats_cpu, cpu_softirq, 56);
SA_ASSERT_OFFSET(stats_cpu, cpu_guest, 64);
SA_ASSERT_OFFSET(stats_cpu, cpu_guest_nice, 72);

/* A_PCSW: /proc/stat ctxt and processes. */
struct stats_pcsw {
	SA_ALIGN8 uint64_t context_switch;
	SA_ALIGN8 uint64_t processes; /* long slot */
};

SA_ASSERT_SIZE(stats_pcsw, 16);
SA_ASSERT_OFFSET(stats_pcsw, processes, 8);

/*
 * A_IRQ, 12.5.6 format: one cell of the CPU x interrupt matrix. Row 0 (all
 * CPUs) carries the interrupt names; cell [0][0] is the total, named "sum".
 */
struct stats_irq {
	uint32_t irq_nr;
	char irq_name[MAX_SA_IRQ_LEN];
};

SA_ASSERT_SIZE(stats_irq, 12);
SA_ASSERT_OFFSET(stats_irq, irq_name, 4);

/* A_SWAP: /proc/vmstat, in pages. */
struct stats_swap {
	SA_ALIGN8 uint64_t pswpin;  /* long slot */
	SA_ALIGN8 uint64_t pswpout; /* long slot */
};

SA_ASSERT_SIZE(stats_swap, 16);
SA_ASSERT_OFFSET(stats_swap, pswpout, 8);

/*
 * A_PAGE: /proc/vmstat; every member is a long slot. 12.7.5 appends
 * pgpromote and pgdemote (0,10,0). Under the 12.6.1 flavour the registry
 * describes only the first 64 bytes (STATS_PAGING_1261_SIZE, (0,8,0)): the
 * last two members are then outside the item and must not be touched.
 */
struct stats_paging {
	SA_ALIGN8 uint64_t pgpgin;
	SA_ALIGN8 uint64_t pgpgout;
	SA_ALIGN8 uint64_t pgfault;
	SA_ALIGN8 uint64_t pgmajfault;
	SA_ALIGN8 uint64_t pgfree;
	SA_ALIGN8 uint64_t pgscan_kswapd;
	SA_ALIGN8 uint64_t pgscan_direct;
	SA_ALIGN8 uint64_t pgsteal;
	SA_ALIGN8 uint64_t pgpromote; /* 12.7.5: pgpromote_success */
	SA_ALIGN8 uint64_t pgdemote;  /* 12.7.5: the sum of the pgdemote_* lines */
};

#define STATS_PAGING_1261_SIZE 64

SA_ASSERT_SIZE(stats_paging, 80);
SA_ASSERT_OFFSET(stats_paging, pgpromote, 64);
SA_ASSERT_OFFSET(stats_paging, pgdemote, 72);
SA_ASSERT_OFFSET(stats_paging, pgpgout, 8);
SA_ASSERT_OFFSET(stats_paging, pgfault, 16);
SA_ASSERT_OFFSET(stats_paging, pgmajfault, 24);
SA_ASSERT_OFFSET(stats_paging, pgfree, 32);
SA_ASSERT_OFFSET(stats_paging, pgscan_kswapd, 40);
SA_ASSERT_OFFSET(stats_paging, pgscan_direct, 48);
SA_ASSERT_OFFSET(stats_paging, pgsteal, 56);

/* A_IO: sums over whole devices of /proc/diskstats; blocks are 512-byte sectors. */
struct stats_io {
	SA_ALIGN8 uint64_t dk_drive; /* read + write + discard requests */
	uint64_t dk_drive_rio;
	uint64_t dk_drive_wio;
	uint64_t dk_drive_rblk;
	uint64_t dk_drive_wblk;
	/* Discard counters: absent from 11.7.x files, which store (5,0,0) in 40 bytes. */
	uint64_t dk_drive_dio;
	uint64_t dk_drive_dblk;
};

SA_ASSERT_SIZE(stats_io, 56);
SA_ASSERT_OFFSET(stats_io, dk_drive_rio, 8);
SA_ASSERT_OFFSET(stats_io, dk_drive_wio, 16);
SA_ASSERT_OFFSET(stats_io, dk_drive_rblk, 24);
SA_ASSERT_OFFSET(stats_io, dk_drive_wblk, 32);
SA_ASSERT_OFFSET(stats_io, dk_drive_dio, 40);
SA_ASSERT_OFFSET(stats_io, dk_drive_dblk, 48);

/*
 * A_MEMORY: /proc/meminfo, in kB. 12.7.8 appends shmemkb (18,0,0); a 12.6.1
 * reader drops it in the remap.
 */
struct stats_memory {
	SA_ALIGN8 uint64_t frmkb;
	uint64_t bufkb;
	uint64_t camkb;
	uint64_t tlmkb;
	uint64_t frskb;
	uint64_t tlskb;
	uint64_t caskb;
	uint64_t comkb;
	uint64_t activekb;
	uint64_t inactkb;
	uint64_t dirtykb;
	uint64_t anonpgkb;
	uint64_t slabkb;
	uint64_t kstackkb;
	uint64_t pgtblkb;
	uint64_t vmusedkb;
	uint64_t availablekb;
};

SA_ASSERT_SIZE(stats_memory, 136);
SA_ASSERT_OFFSET(stats_memory, bufkb, 8);
SA_ASSERT_OFFSET(stats_memory, camkb, 16);
SA_ASSERT_OFFSET(stats_memory, tlmkb, 24);
SA_ASSERT_OFFSET(stats_memory, frskb, 32);
SA_ASSERT_OFFSET(stats_memory, tlskb, 40);
SA_ASSERT_OFFSET(stats_memory, caskb, 48);
SA_ASSERT_OFFSET(stats_memory, comkb, 56);
SA_ASSERT_OFFSET(stats_memory, activekb, 64);
SA_ASSERT_OFFSET(stats_memory, inactkb, 72);
SA_ASSERT_OFFSET(stats_memory, dirtykb, 80);
SA_ASSERT_OFFSET(stats_memory, anonpgkb, 88);
SA_ASSERT_OFFSET(stats_memory, slabkb, 96);
SA_ASSERT_OFFSET(stats_memory, kstackkb, 104);
SA_ASSERT_OFFSET(stats_memory, pgtblkb, 112);
SA_ASSERT_OFFSET(stats_memory, vmusedkb, 120);
SA_ASSERT_OFFSET(stats_memory, availablekb, 128);

/* A_KTABLES: /proc/sys/fs and /proc/sys/kernel/pty. */
struct stats_ktables {
	SA_ALIGN8 uint64_t file_used;
	uint64_t inode_used;
	uint64_t dentry_stat;
	uint64_t pty_nr;
};

SA_ASSERT_SIZE(stats_ktables, 32);
SA_ASSERT_OFFSET(stats_ktables, inode_used, 8);
SA_ASSERT_OFFSET(stats_ktables, dentry_stat, 16);
SA_ASSERT_OFFSET(stats_ktables, pty_nr, 24);

/* A_QUEUE: run queue and load averages (the latter in hundredths). */
struct stats_queue {
	SA_ALIGN8 uint64_t nr_running;
	uint64_t procs_blocked;
	uint64_t nr_threads;
	uint32_t load_avg_1;
	uint32_t load_avg_5;
	uint32_t load_avg_15;
	uint8_t pad[4];
};

SA_ASSERT_SIZE(stats_queue, 40);
SA_ASSERT_OFFSET(stats_queue, procs_blocked, 8);
SA_ASSERT_OFFSET(stats_queue, nr_threads, 16);
SA_ASSERT_OFFSET(stats_queue, load_avg_1, 24);
SA_ASSERT_OFFSET(stats_queue, load_avg_5, 28);
SA_ASSERT_OFFSET(stats_queue, load_avg_15, 32);
SA_ASSERT_OFFSET(stats_queue, pad, 36);

/* A_SERIAL: one line of /proc/tty/driver/serial. */
struct stats_serial {
	uint32_t rx;
	uint32_t tx;
	uint32_t frame;
	uint32_t parity;
	uint32_t brk;
	uint32_t overrun;
	uint32_t line; /* matches items across samples */
};

SA_ASSERT_SIZE(stats_serial, 28);
SA_ASSERT_OFFSET(stats_serial, tx, 4);
SA_ASSERT_OFFSET(stats_serial, frame, 8);
SA_ASSERT_OFFSET(stats_serial, parity, 12);
SA_ASSERT_OFFSET(stats_serial, brk, 16);
SA_ASSERT_OFFSET(stats_serial, overrun, 20);
SA_ASSERT_OFFSET(stats_serial, line, 24);

/* A_DISK: one block device of /proc/diskstats; the name is resolved by the reader. */
struct stats_disk {
	SA_ALIGN8 uint64_t nr_ios;  /* read + write + discard requests */
	uint64_t wwn[2];            /* from /dev/disk/by-id/wwn-0x..., else 0 */
	SA_ALIGN8 uint64_t rd_sect; /* long slot */
	SA_ALIGN8 uint64_t wr_sect; /* long slot */
	SA_ALIGN8 uint64_t dc_sect; /* long slot; discard, 12.x */
	uint32_t rd_ticks;
	uint32_t wr_ticks;
	uint32_t tot_ticks;
	uint32_t rq_ticks;
	uint32_t major;
	uint32_t minor;
	uint32_t dc_ticks; /* discard, 12.x */
	uint32_t part_nr;
};

SA_ASSERT_SIZE(stats_disk, 80);
SA_ASSERT_OFFSET(stats_disk, wwn, 8);
SA_ASSERT_OFFSET(stats_disk, rd_sect, 24);
SA_ASSERT_OFFSET(stats_disk, wr_sect, 32);
SA_ASSERT_OFFSET(stats_disk, dc_sect, 40);
SA_ASSERT_OFFSET(stats_disk, rd_ticks, 48);
SA_ASSERT_OFFSET(stats_disk, wr_ticks, 52);
SA_ASSERT_OFFSET(stats_disk, tot_ticks, 56);
SA_ASSERT_OFFSET(stats_disk, rq_ticks, 60);
SA_ASSERT_OFFSET(stats_disk, major, 64);
SA_ASSERT_OFFSET(stats_disk, minor, 68);
SA_ASSERT_OFFSET(stats_disk, dc_ticks, 72);
SA_ASSERT_OFFSET(stats_disk, part_nr, 76);

/* A_NET_DEV: one interface of /proc/net/dev, plus speed and duplex from /sys/class/net. */
struct stats_net_dev {
	SA_ALIGN8 uint64_t rx_packets;
	uint64_t tx_packets;
	uint64_t rx_bytes;
	uint64_t tx_bytes;
	uint64_t rx_compressed;
	uint64_t tx_compressed;
	uint64_t multicast;
	uint32_t speed; /* Mb/s */
	char interface[MAX_IFACE_LEN];
	char duplex; /* 2 full, 1 half, 0 unknown */
	uint8_t pad[3];
};

SA_ASSERT_SIZE(stats_net_dev, 80);
SA_ASSERT_OFFSET(stats_net_dev, tx_packets, 8);
SA_ASSERT_OFFSET(stats_net_dev, rx_bytes, 16);
SA_ASSERT_OFFSET(stats_net_dev, tx_bytes, 24);
SA_ASSERT_OFFSET(stats_net_dev, rx_compressed, 32);
SA_ASSERT_OFFSET(stats_net_dev, tx_compressed, 40);
SA_ASSERT_OFFSET(stats_net_dev, multicast, 48);
SA_ASSERT_OFFSET(stats_net_dev, speed, 56);
SA_ASSERT_OFFSET(stats_net_dev, interface, 60);
SA_ASSERT_OFFSET(stats_net_dev, duplex, 76);
SA_ASSERT_OFFSET(stats_net_dev, pad, 77);

/* A_NET_EDEV: the error columns of /proc/net/dev. */
struct stats_net_edev {
	SA_ALIGN8 uint64_t collisions;
	uint64_t rx_errors;
	uint64_t tx_errors;
	uint64_t rx_dropped;
	uint64_t tx_dropped;
	uint64_t rx_fifo_errors;
	uint64_t tx_fifo_errors;
	uint64_t rx_frame_errors;
	uint64_t tx_carrier_errors;
	char interface[MAX_IFACE_LEN];
};

SA_ASSERT_SIZE(stats_net_edev, 88);
SA_ASSERT_OFFSET(stats_net_edev, rx_errors, 8);
SA_ASSERT_OFFSET(stats_net_edev, tx_errors, 16);
SA_ASSERT_OFFSET(stats_net_edev, rx_dropped, 24);
SA_ASSERT_OFFSET(stats_net_edev, tx_dropped, 32);
SA_ASSERT_OFFSET(stats_net_edev, rx_fifo_errors, 40);
SA_ASSERT_OFFSET(stats_net_edev, tx_fifo_errors, 48);
SA_ASSERT_OFFSET(stats_net_edev, rx_frame_errors, 56);
SA_ASSERT_OFFSET(stats_net_edev, tx_carrier_errors, 64);
SA_ASSERT_OFFSET(stats_net_edev, interface, 72);

/* A_NET_NFS: NFS client, /proc/net/rpc/nfs (v3 and v4 counts added). */
struct stats_net_nfs {
	uint32_t nfs_rpccnt;
	uint32_t nfs_rpcretrans;
	uint32_t nfs_readcnt;
	uint32_t nfs_writecnt;
	uint32_t nfs_accesscnt;
	uint32_t nfs_getattcnt;
};

SA_ASSERT_SIZE(stats_net_nfs, 24);
SA_ASSERT_OFFSET(stats_net_nfs, nfs_rpcretrans, 4);
SA_ASSERT_OFFSET(stats_net_nfs, nfs_readcnt, 8);
SA_ASSERT_OFFSET(stats_net_nfs, nfs_writecnt, 12);
SA_ASSERT_OFFSET(stats_net_nfs, nfs_accesscnt, 16);
SA_ASSERT_OFFSET(stats_net_nfs, nfs_getattcnt, 20);

/* A_NET_NFSD: NFS server, /proc/net/rpc/nfsd. */
struct stats_net_nfsd {
	uint32_t nfsd_rpccnt;
	uint32_t nfsd_rpcbad;
	uint32_t nfsd_netcnt;
	uint32_t nfsd_netudpcnt;
	uint32_t nfsd_nettcpcnt;
	uint32_t nfsd_rchits;
	uint32_t nfsd_rcmisses;
	uint32_t nfsd_readcnt;
	uint32_t nfsd_writecnt;
	uint32_t nfsd_accesscnt;
	uint32_t nfsd_getattcnt;
};

SA_ASSERT_SIZE(stats_net_nfsd, 44);
SA_ASSERT_OFFSET(stats_net_nfsd, nfsd_rpcbad, 4);
SA_ASSERT_OFFSET(stats_net_nfsd, nfsd_netcnt, 8);
SA_ASSERT_OFFSET(stats_net_nfsd, nfsd_netudpcnt, 12);
SA_ASSERT_OFFSET(stats_net_nfsd, nfsd_nettcpcnt, 16);
SA_ASSERT_OFFSET(stats_net_nfsd, nfsd_rchits, 20);
SA_ASSERT_OFFSET(stats_net_nfsd, nfsd_rcmisses, 24);
SA_ASSERT_OFFSET(stats_net_nfsd, nfsd_readcnt, 28);
SA_ASSERT_OFFSET(stats_net_nfsd, nfsd_writecnt, 32);
SA_ASSERT_OFFSET(stats_net_nfsd, nfsd_accesscnt, 36);
SA_ASSERT_OFFSET(stats_net_nfsd, nfsd_getattcnt, 40);

/* A_NET_SOCK: /proc/net/sockstat. */
struct stats_net_sock {
	uint32_t sock_inuse;
	uint32_t tcp_inuse;
	uint32_t tcp_tw;
	uint32_t udp_inuse;
	uint32_t raw_inuse;
	uint32_t frag_inuse;
};

SA_ASSERT_SIZE(stats_net_sock, 24);
SA_ASSERT_OFFSET(stats_net_sock, tcp_inuse, 4);
SA_ASSERT_OFFSET(stats_net_sock, tcp_tw, 8);
SA_ASSERT_OFFSET(stats_net_sock, udp_inuse, 12);
SA_ASSERT_OFFSET(stats_net_sock, raw_inuse, 16);
SA_ASSERT_OFFSET(stats_net_sock, frag_inuse, 20);

/* A_NET_IP: /proc/net/snmp "Ip:" (InReceives ... FragCreates). */
struct stats_net_ip {
	SA_ALIGN8 uint64_t in_receives;
	uint64_t forw_datagrams;
	uint64_t in_delivers;
	uint64_t out_requests;
	uint64_t reasm_reqds;
	uint64_t reasm_oks;
	uint64_t frag_oks;
	uint64_t frag_creates;
};

SA_ASSERT_SIZE(stats_net_ip, 64);
SA_ASSERT_OFFSET(stats_net_ip, forw_datagrams, 8);
SA_ASSERT_OFFSET(stats_net_ip, in_delivers, 16);
SA_ASSERT_OFFSET(stats_net_ip, out_requests, 24);
SA_ASSERT_OFFSET(stats_net_ip, reasm_reqds, 32);
SA_ASSERT_OFFSET(stats_net_ip, reasm_oks, 40);
SA_ASSERT_OFFSET(stats_net_ip, frag_oks, 48);
SA_ASSERT_OFFSET(stats_net_ip, frag_creates, 56);

/* A_NET_EIP: /proc/net/snmp "Ip:" error counters. */
struct stats_net_eip {
	SA_ALIGN8 uint64_t in_hdr_errors;
	uint64_t in_addr_errors;
	uint64_t in_unknown_protos;
	uint64_t in_discards;
	uint64_t out_discards;
	uint64_t out_no_routes;
	uint64_t reasm_fails;
	uint64_t frag_fails;
};

SA_ASSERT_SIZE(stats_net_eip, 64);
SA_ASSERT_OFFSET(stats_net_eip, in_addr_errors, 8);
SA_ASSERT_OFFSET(stats_net_eip, in_unknown_protos, 16);
SA_ASSERT_OFFSET(stats_net_eip, in_discards, 24);
SA_ASSERT_OFFSET(stats_net_eip, out_discards, 32);
SA_ASSERT_OFFSET(stats_net_eip, out_no_routes, 40);
SA_ASSERT_OFFSET(stats_net_eip, reasm_fails, 48);
SA_ASSERT_OFFSET(stats_net_eip, frag_fails, 56);

/* A_NET_ICMP: /proc/net/snmp "Icmp:"; every member is a long slot. */
struct stats_net_icmp {
	SA_ALIGN8 uint64_t in_msgs;
	SA_ALIGN8 uint64_t out_msgs;
	SA_ALIGN8 uint64_t in_echos;
	SA_ALIGN8 uint64_t in_echo_reps;
	SA_ALIGN8 uint64_t out_echos;
	SA_ALIGN8 uint64_t out_echo_reps;
	SA_ALIGN8 uint64_t in_timestamps;
	SA_ALIGN8 uint64_t in_timestamp_reps;
	SA_ALIGN8 uint64_t out_timestamps;
	SA_ALIGN8 uint64_t out_timestamp_reps;
	SA_ALIGN8 uint64_t in_addr_masks;
	SA_ALIGN8 uint64_t in_addr_mask_reps;
	SA_ALIGN8 uint64_t out_addr_masks;
	SA_ALIGN8 uint64_t out_addr_mask_reps;
};

SA_ASSERT_SIZE(stats_net_icmp, 112);
SA_ASSERT_OFFSET(stats_net_icmp, out_msgs, 8);
SA_ASSERT_OFFSET(stats_net_icmp, in_echos, 16);
SA_ASSERT_OFFSET(stats_net_icmp, in_echo_reps, 24);
SA_ASSERT_OFFSET(stats_net_icmp, out_echos, 32);
SA_ASSERT_OFFSET(stats_net_icmp, out_echo_reps, 40);
SA_ASSERT_OFFSET(stats_net_icmp, in_timestamps, 48);
SA_ASSERT_OFFSET(stats_net_icmp, in_timestamp_reps, 56);
SA_ASSERT_OFFSET(stats_net_icmp, out_timestamps, 64);
SA_ASSERT_OFFSET(stats_net_icmp, out_timestamp_reps, 72);
SA_ASSERT_OFFSET(stats_net_icmp, in_addr_masks, 80);
SA_ASSERT_OFFSET(stats_net_icmp, in_addr_mask_reps, 88);
SA_ASSERT_OFFSET(stats_net_icmp, out_addr_masks, 96);
SA_ASSERT_OFFSET(stats_net_icmp, out_addr_mask_reps, 104);

/* A_NET_EICMP: /proc/net/snmp "Icmp:" error counters; long slots. */
struct stats_net_eicmp {
	SA_ALIGN8 uint64_t in_errors;
	SA_ALIGN8 uint64_t out_errors;
	SA_ALIGN8 uint64_t in_dest_unreachs;
	SA_ALIGN8 uint64_t out_dest_unreachs;
	SA_ALIGN8 uint64_t in_time_excds;
	SA_ALIGN8 uint64_t out_time_excds;
	SA_ALIGN8 uint64_t in_parm_probs;
	SA_ALIGN8 uint64_t out_parm_probs;
	SA_ALIGN8 uint64_t in_src_quenchs;
	SA_ALIGN8 uint64_t out_src_quenchs;
	SA_ALIGN8 uint64_t in_redirects;
	SA_ALIGN8 uint64_t out_redirects;
};

SA_ASSERT_SIZE(stats_net_eicmp, 96);
SA_ASSERT_OFFSET(stats_net_eicmp, out_errors, 8);
SA_ASSERT_OFFSET(stats_net_eicmp, in_dest_unreachs, 16);
SA_ASSERT_OFFSET(stats_net_eicmp, out_dest_unreachs, 24);
SA_ASSERT_OFFSET(stats_net_eicmp, in_time_excds, 32);
SA_ASSERT_OFFSET(stats_net_eicmp, out_time_excds, 40);
SA_ASSERT_OFFSET(stats_net_eicmp, in_parm_probs, 48);
SA_ASSERT_OFFSET(stats_net_eicmp, out_parm_probs, 56);
SA_ASSERT_OFFSET(stats_net_eicmp, in_src_quenchs, 64);
SA_ASSERT_OFFSET(stats_net_eicmp, out_src_quenchs, 72);
SA_ASSERT_OFFSET(stats_net_eicmp, in_redirects, 80);
SA_ASSERT_OFFSET(stats_net_eicmp, out_redirects, 88);

/* A_NET_TCP: /proc/net/snmp "Tcp:"; long slots. */
struct stats_net_tcp {
	SA_ALIGN8 uint64_t active_opens;
	SA_ALIGN8 uint64_t passive_opens;
	SA_ALIGN8 uint64_t in_segs;
	SA_ALIGN8 uint64_t out_segs;
};

SA_ASSERT_SIZE(stats_net_tcp, 32);
SA_ASSERT_OFFSET(stats_net_tcp, passive_opens, 8);
SA_ASSERT_OFFSET(stats_net_tcp, in_segs, 16);
SA_ASSERT_OFFSET(stats_net_tcp, out_segs, 24);

/* A_NET_ETCP: /proc/net/snmp "Tcp:" error counters; long slots. */
struct stats_net_etcp {
	SA_ALIGN8 uint64_t attempt_fails;
	SA_ALIGN8 uint64_t estab_resets;
	SA_ALIGN8 uint64_t retrans_segs;
	SA_ALIGN8 uint64_t in_errs;
	SA_ALIGN8 uint64_t out_rsts;
};

SA_ASSERT_SIZE(stats_net_etcp, 40);
SA_ASSERT_OFFSET(stats_net_etcp, estab_resets, 8);
SA_ASSERT_OFFSET(stats_net_etcp, retrans_segs, 16);
SA_ASSERT_OFFSET(stats_net_etcp, in_errs, 24);
SA_ASSERT_OFFSET(stats_net_etcp, out_rsts, 32);

/* A_NET_UDP: /proc/net/snmp "Udp:"; long slots. */
struct stats_net_udp {
	SA_ALIGN8 uint64_t in_datagrams;
	SA_ALIGN8 uint64_t out_datagrams;
	SA_ALIGN8 uint64_t no_ports;
	SA_ALIGN8 uint64_t in_errors;
};

SA_ASSERT_SIZE(stats_net_udp, 32);
SA_ASSERT_OFFSET(stats_net_udp, out_datagrams, 8);
SA_ASSERT_OFFSET(stats_net_udp, no_ports, 16);
SA_ASSERT_OFFSET(stats_net_udp, in_errors, 24);

/* A_NET_SOCK6: /proc/net/sockstat6. */
struct stats_net_sock6 {
	uint32_t tcp6_inuse;
	uint32_t udp6_inuse;
	uint32_t raw6_inuse;
	uint32_t frag6_inuse;
};

SA_ASSERT_SIZE(stats_net_sock6, 16);
SA_ASSERT_OFFSET(stats_net_sock6, udp6_inuse, 4);
SA_ASSERT_OFFSET(stats_net_sock6, raw6_inuse, 8);
SA_ASSERT_OFFSET(stats_net_sock6, frag6_inuse, 12);

/* A_NET_IP6: /proc/net/snmp6 Ip6* counters. */
struct stats_net_ip6 {
	SA_ALIGN8 uint64_t in_receives6;
	uint64_t out_forw_datagrams6;
	uint64_t in_delivers6;
	uint64_t out_requests6;
	uint64_t reasm_reqds6;
	uint64_t reasm_oks6;
	uint64_t in_mcast_pkts6;
	uint64_t out_mcast_pkts6;
	uint64_t frag_oks6;
	uint64_t frag_creates6;
};

SA_ASSERT_SIZE(stats_net_ip6, 80);
SA_ASSERT_OFFSET(stats_net_ip6, out_forw_datagrams6, 8);
SA_ASSERT_OFFSET(stats_net_ip6, in_delivers6, 16);
SA_ASSERT_OFFSET(stats_net_ip6, out_requests6, 24);
SA_ASSERT_OFFSET(stats_net_ip6, reasm_reqds6, 32);
SA_ASSERT_OFFSET(stats_net_ip6, reasm_oks6, 40);
SA_ASSERT_OFFSET(stats_net_ip6, in_mcast_pkts6, 48);
SA_ASSERT_OFFSET(stats_net_ip6, out_mcast_pkts6, 56);
SA_ASSERT_OFFSET(stats_net_ip6, frag_oks6, 64);
SA_ASSERT_OFFSET(stats_net_ip6, frag_creates6, 72);

/* A_NET_EIP6: /proc/net/snmp6 Ip6* error counters. */
struct stats_net_eip6 {
	SA_ALIGN8 uint64_t in_hdr_errors6;
	uint64_t in_addr_errors6;
	uint64_t in_unknown_protos6;
	uint64_t in_too_big_errors6;
	uint64_t in_discards6;
	uint64_t out_discards6;
	uint64_t in_no_routes6;
	uint64_t out_no_routes6;
	uint64_t reasm_fails6;
	uint64_t frag_fails6;
	uint64_t in_truncated_pkts6;
};

SA_ASSERT_SIZE(stats_net_eip6, 88);
SA_ASSERT_OFFSET(stats_net_eip6, in_addr_errors6, 8);
SA_ASSERT_OFFSET(stats_net_eip6, in_unknown_protos6, 16);
SA_ASSERT_OFFSET(stats_net_eip6, in_too_big_errors6, 24);
SA_ASSERT_OFFSET(stats_net_eip6, in_discards6, 32);
SA_ASSERT_OFFSET(stats_net_eip6, out_discards6, 40);
SA_ASSERT_OFFSET(stats_net_eip6, in_no_routes6, 48);
SA_ASSERT_OFFSET(stats_net_eip6, out_no_routes6, 56);
SA_ASSERT_OFFSET(stats_net_eip6, reasm_fails6, 64);
SA_ASSERT_OFFSET(stats_net_eip6, frag_fails6, 72);
SA_ASSERT_OFFSET(stats_net_eip6, in_truncated_pkts6, 80);

/* A_NET_ICMP6: /proc/net/snmp6 Icmp6* counters; long slots. */
struct stats_net_icmp6 {
	SA_ALIGN8 uint64_t in_msgs6;
	SA_ALIGN8 uint64_t out_msgs6;
	SA_ALIGN8 uint64_t in_echos6;
	SA_ALIGN8 uint64_t in_echo_replies6;
	SA_ALIGN8 uint64_t out_echo_replies6;
	SA_ALIGN8 uint64_t in_group_memb_queries6;
	SA_ALIGN8 uint64_t in_group_memb_responses6;
	SA_ALIGN8 uint64_t out_group_memb_responses6;
	SA_ALIGN8 uint64_t in_group_memb_reductions6;
	SA_ALIGN8 uint64_t out_group_memb_reductions6;
	SA_ALIGN8 uint64_t in_router_solicits6;
	SA_ALIGN8 uint64_t out_router_solicits6;
	SA_ALIGN8 uint64_t in_router_advertisements6;
	SA_ALIGN8 uint64_t in_neighbor_solicits6;
	SA_ALIGN8 uint64_t out_neighbor_solicits6;
	SA_ALIGN8 uint64_t in_neighbor_advertisements6;
	SA_ALIGN8 uint64_t out_neighbor_advertisements6;
};

SA_ASSERT_SIZE(stats_net_icmp6, 136);
SA_ASSERT_OFFSET(stats_net_icmp6, out_msgs6, 8);
SA_ASSERT_OFFSET(stats_net_icmp6, in_echos6, 16);
SA_ASSERT_OFFSET(stats_net_icmp6, in_echo_replies6, 24);
SA_ASSERT_OFFSET(stats_net_icmp6, out_echo_replies6, 32);
SA_ASSERT_OFFSET(stats_net_icmp6, in_group_memb_queries6, 40);
SA_ASSERT_OFFSET(stats_net_icmp6, in_group_memb_responses6, 48);
SA_ASSERT_OFFSET(stats_net_icmp6, out_group_memb_responses6, 56);
SA_ASSERT_OFFSET(stats_net_icmp6, in_group_memb_reductions6, 64);
SA_ASSERT_OFFSET(stats_net_icmp6, out_group_memb_reductions6, 72);
SA_ASSERT_OFFSET(stats_net_icmp6, in_router_solicits6, 80);
SA_ASSERT_OFFSET(stats_net_icmp6, out_router_solicits6, 88);
SA_ASSERT_OFFSET(stats_net_icmp6, in_router_advertisements6, 96);
SA_ASSERT_OFFSET(stats_net_icmp6, in_neighbor_solicits6, 104);
SA_ASSERT_OFFSET(stats_net_icmp6, out_neighbor_solicits6, 112);
SA_ASSERT_OFFSET(stats_net_icmp6, in_neighbor_advertisements6, 120);
SA_ASSERT_OFFSET(stats_net_icmp6, out_neighbor_advertisements6, 128);

/* A_NET_EICMP6: /proc/net/snmp6 Icmp6* error counters; long slots. */
struct stats_net_eicmp6 {
	SA_ALIGN8 uint64_t in_errors6;
	SA_ALIGN8 uint64_t in_dest_unreachs6;
	SA_ALIGN8 uint64_t out_dest_unreachs6;
	SA_ALIGN8 uint64_t in_time_excds6;
	SA_ALIGN8 uint64_t out_time_excds6;
	SA_ALIGN8 uint64_t in_parm_problems6;
	SA_ALIGN8 uint64_t out_parm_problems6;
	SA_ALIGN8 uint64_t in_redirects6;
	SA_ALIGN8 uint64_t out_redirects6;
	SA_ALIGN8 uint64_t in_pkt_too_bigs6;
	SA_ALIGN8 uint64_t out_pkt_too_bigs6;
};

SA_ASSERT_SIZE(stats_net_eicmp6, 88);
SA_ASSERT_OFFSET(stats_net_eicmp6, in_dest_unreachs6, 8);
SA_ASSERT_OFFSET(stats_net_eicmp6, out_dest_unreachs6, 16);
SA_ASSERT_OFFSET(stats_net_eicmp6, in_time_excds6, 24);
SA_ASSERT_OFFSET(stats_net_eicmp6, out_time_excds6, 32);
SA_ASSERT_OFFSET(stats_net_eicmp6, in_parm_problems6, 40);
SA_ASSERT_OFFSET(stats_net_eicmp6, out_parm_problems6, 48);
SA_ASSERT_OFFSET(stats_net_eicmp6, in_redirects6, 56);
SA_ASSERT_OFFSET(stats_net_eicmp6, out_redirects6, 64);
SA_ASSERT_OFFSET(stats_net_eicmp6, in_pkt_too_bigs6, 72);
SA_ASSERT_OFFSET(stats_net_eicmp6, out_pkt_too_bigs6, 80);

/* A_NET_UDP6: /proc/net/snmp6 Udp6* counters; long slots. */
struct stats_net_udp6 {
	SA_ALIGN8 uint64_t in_datagrams6;
	SA_ALIGN8 uint64_t out_datagrams6;
	SA_ALIGN8 uint64_t no_ports6;
	SA_ALIGN8 uint64_t in_errors6;
};

SA_ASSERT_SIZE(stats_net_udp6, 32);
SA_ASSERT_OFFSET(stats_net_udp6, out_datagrams6, 8);
SA_ASSERT_OFFSET(stats_net_udp6, no_ports6, 16);
SA_ASSERT_OFFSET(stats_net_udp6, in_errors6, 24);

/* A_PWR_CPU: clock of one CPU from /proc/cpuinfo, in 1/100 MHz. */
struct stats_pwr_cpufreq {
	SA_ALIGN8 uint64_t cpufreq; /* long slot */
};

SA_ASSERT_SIZE(stats_pwr_cpufreq, 8);

/* A_PWR_FAN: one libsensors fan; the name is 8-aligned in the stored layout. */
struct stats_pwr_fan {
	SA_ALIGN8 double rpm;
	double rpm_min;
	SA_ALIGN8 char device[MAX_SENSORS_DEV_LEN];
	uint8_t pad[4];
};

SA_ASSERT_SIZE(stats_pwr_fan, 40);
SA_ASSERT_OFFSET(stats_pwr_fan, rpm_min, 8);
SA_ASSERT_OFFSET(stats_pwr_fan, device, 16);
SA_ASSERT_OFFSET(stats_pwr_fan, pad, 36);

/* A_PWR_TEMP: one libsensors temperature, in degrees Celsius. */
struct stats_pwr_temp {
	SA_ALIGN8 double temp;
	double temp_min;
	double temp_max;
	SA_ALIGN8 char device[MAX_SENSORS_DEV_LEN];
	uint8_t pad[4];
};

SA_ASSERT_SIZE(stats_pwr_temp, 48);
SA_ASSERT_OFFSET(stats_pwr_temp, temp_min, 8);
SA_ASSERT_OFFSET(stats_pwr_temp, temp_max, 16);
SA_ASSERT_OFFSET(stats_pwr_temp, device, 24);
SA_ASSERT_OFFSET(stats_pwr_temp, pad, 44);

/* A_PWR_IN: one libsensors voltage input, in volts. */
struct stats_pwr_in {
	SA_ALIGN8 double in;
	double in_min;
	double in_max;
	SA_ALIGN8 char device[MAX_SENSORS_DEV_LEN];
	uint8_t pad[4];
};

SA_ASSERT_SIZE(stats_pwr_in, 48);
SA_ASSERT_OFFSET(stats_pwr_in, in_min, 8);
SA_ASSERT_OFFSET(stats_pwr_in, in_max, 16);
SA_ASSERT_OFFSET(stats_pwr_in, device, 24);
SA_ASSERT_OFFSET(stats_pwr_in, pad, 44);

/* A_HUGE: /proc/meminfo HugePages_*, already multiplied by Hugepagesize (kB). */
struct stats_huge {
	SA_ALIGN8 uint64_t frhkb;
	uint64_t tlhkb;
	uint64_t rsvdhkb;
	uint64_t surphkb;
};

SA_ASSERT_SIZE(stats_huge, 32);
SA_ASSERT_OFFSET(stats_huge, tlhkb, 8);
SA_ASSERT_OFFSET(stats_huge, rsvdhkb, 16);
SA_ASSERT_OFFSET(stats_huge, surphkb, 24);

/* A_PWR_FREQ: one cell of the CPU x frequency matrix (cpufreq/stats/time_in_state). */
struct stats_pwr_wghfreq {
	SA_ALIGN8 uint64_t time_in_state;
	SA_ALIGN8 uint64_t freq; /* long slot, kHz */
};

SA_ASSERT_SIZE(stats_pwr_wghfreq, 16);
SA_ASSERT_OFFSET(stats_pwr_wghfreq, freq, 8);

/*
 * A_PWR_BAT (12.7.5): one battery of /sys/class/power_supply/BAT<n>. Three
 * chars, no typed group: the item is 3 bytes, not padded.
 */
struct stats_pwr_bat {
	uint8_t bat_id;   /* n of BAT<n> */
	uint8_t capacity; /* capacity, % */
	uint8_t status;   /* enum bat_status */
};

/* stats_pwr_bat.status, as 12.7.5's sadc stores it. */
enum bat_status {
	BAT_STS_UNKNOWN = 0,
	BAT_STS_CHARGING = 1,
	BAT_STS_DISCHARGING = 2,
	BAT_STS_NOTCHARGING = 3,
	BAT_STS_FULL = 4,
};

SA_ASSERT_SIZE(stats_pwr_bat, 3);
SA_ASSERT_OFFSET(stats_pwr_bat, capacity, 1);
SA_ASSERT_OFFSET(stats_pwr_bat, status, 2);

/* A_PWR_USB: one device of /sys/bus/usb/devices. */
struct stats_pwr_usb {
	uint32_t bus_nr;
	uint32_t vendor_id;
	uint32_t product_id;
	uint32_t bmaxpower; /* units of 2 mA */
	char manufacturer[MAX_MANUF_LEN];
	char product[MAX_PROD_LEN];
};

SA_ASSERT_SIZE(stats_pwr_usb, 88);
SA_ASSERT_OFFSET(stats_pwr_usb, vendor_id, 4);
SA_ASSERT_OFFSET(stats_pwr_usb, product_id, 8);
SA_ASSERT_OFFSET(stats_pwr_usb, bmaxpower, 12);
SA_ASSERT_OFFSET(stats_pwr_usb, manufacturer, 16);
SA_ASSERT_OFFSET(stats_pwr_usb, product, 40);

/* A_FS: one mounted filesystem; block counts are in bytes, file counts in inodes. */
struct stats_filesystem {
	SA_ALIGN8 uint64_t f_blocks;
	uint64_t f_bfree;
	uint64_t f_bavail;
	uint64_t f_files;
	uint64_t f_ffree;
	char fs_name[MAX_FS_LEN];
	char mountp[MAX_FS_LEN];
};

SA_ASSERT_SIZE(stats_filesystem, 296);
SA_ASSERT_OFFSET(stats_filesystem, f_bfree, 8);
SA_ASSERT_OFFSET(stats_filesystem, f_bavail, 16);
SA_ASSERT_OFFSET(stats_filesystem, f_files, 24);
SA_ASSERT_OFFSET(stats_filesystem, f_ffree, 32);
SA_ASSERT_OFFSET(stats_filesystem, fs_name, 40);
SA_ASSERT_OFFSET(stats_filesystem, mountp, 168);

/* A_NET_FC: one host of /sys/class/fc_host; long slots, then an 8-aligned name. */
struct stats_fchost {
	SA_ALIGN8 uint64_t f_rxframes;
	SA_ALIGN8 uint64_t f_txframes;
	SA_ALIGN8 uint64_t f_rxwords;
	SA_ALIGN8 uint64_t f_txwords;
	SA_ALIGN8 char fchost_name[MAX_FCH_LEN];
};

SA_ASSERT_SIZE(stats_fchost, 48);
SA_ASSERT_OFFSET(stats_fchost, f_txframes, 8);
SA_ASSERT_OFFSET(stats_fchost, f_rxwords, 16);
SA_ASSERT_OFFSET(stats_fchost, f_txwords, 24);
SA_ASSERT_OFFSET(stats_fchost, fchost_name, 32);

/* A_NET_SOFT: one CPU's line of /proc/net/softnet_stat. */
struct stats_softnet {
	uint32_t processed;
	uint32_t dropped;
	uint32_t time_squeeze;
	uint32_t received_rps;
	uint32_t flow_limit;
	/* 12.6.0; older files store (0,0,5) in 20 bytes. */
	uint32_t backlog_len;
};

SA_ASSERT_SIZE(stats_softnet, 24);
SA_ASSERT_OFFSET(stats_softnet, dropped, 4);
SA_ASSERT_OFFSET(stats_softnet, time_squeeze, 8);
SA_ASSERT_OFFSET(stats_softnet, received_rps, 12);
SA_ASSERT_OFFSET(stats_softnet, flow_limit, 16);
SA_ASSERT_OFFSET(stats_softnet, backlog_len, 20);

/*
 * A_PSI_CPU, A_PSI_IO, A_PSI_MEM: /proc/pressure. Totals are in
 * microseconds; the averages are long slots in hundredths of a percent.
 */
struct stats_psi_cpu {
	SA_ALIGN8 uint64_t some_cpu_total;
	SA_ALIGN8 uint64_t some_acpu_10;
	SA_ALIGN8 uint64_t some_acpu_60;
	SA_ALIGN8 uint64_t some_acpu_300;
};

SA_ASSERT_SIZE(stats_psi_cpu, 32);
SA_ASSERT_OFFSET(stats_psi_cpu, some_acpu_10, 8);
SA_ASSERT_OFFSET(stats_psi_cpu, some_acpu_60, 16);
SA_ASSERT_OFFSET(stats_psi_cpu, some_acpu_300, 24);

struct stats_psi_io {
	SA_ALIGN8 uint64_t some_io_total;
	uint64_t full_io_total;
	SA_ALIGN8 uint64_t some_aio_10;
	SA_ALIGN8 uint64_t some_aio_60;
	SA_ALIGN8 uint64_t some_aio_300;
	SA_ALIGN8 uint64_t full_aio_10;
	SA_ALIGN8 uint64_t full_aio_60;
	SA_ALIGN8 uint64_t full_aio_300;
};

SA_ASSERT_SIZE(stats_psi_io, 64);
SA_ASSERT_OFFSET(stats_psi_io, full_io_total, 8);
SA_ASSERT_OFFSET(stats_psi_io, some_aio_10, 16);
SA_ASSERT_OFFSET(stats_psi_io, some_aio_60, 24);
SA_ASSERT_OFFSET(stats_psi_io, some_aio_300, 32);
SA_ASSERT_OFFSET(stats_psi_io, full_aio_10, 40);
SA_ASSERT_OFFSET(stats_psi_io, full_aio_60, 48);
SA_ASSERT_OFFSET(stats_psi_io, full_aio_300, 56);

struct stats_psi_mem {
	SA_ALIGN8 uint64_t some_mem_total;
	uint64_t full_mem_total;
	SA_ALIGN8 uint64_t some_amem_10;
	SA_ALIGN8 uint64_t some_amem_60;
	SA_ALIGN8 uint64_t some_amem_300;
	SA_ALIGN8 uint64_t full_amem_10;
	SA_ALIGN8 uint64_t full_amem_60;
	SA_ALIGN8 uint64_t full_amem_300;
};

SA_ASSERT_SIZE(stats_psi_mem, 64);
SA_ASSERT_OFFSET(stats_psi_mem, full_mem_total, 8);
SA_ASSERT_OFFSET(stats_psi_mem, some_amem_10, 16);
SA_ASSERT_OFFSET(stats_psi_mem, some_amem_60, 24);
SA_ASSERT_OFFSET(stats_psi_mem, some_amem_300, 32);
SA_ASSERT_OFFSET(stats_psi_mem, full_amem_10, 40);
SA_ASSERT_OFFSET(stats_psi_mem, full_amem_60, 48);
SA_ASSERT_OFFSET(stats_psi_mem, full_amem_300, 56);

#endif
