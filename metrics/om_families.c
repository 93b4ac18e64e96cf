/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The families of the metrics (om.h): for every activity, the series its
 * items give, with node_exporter's names where node_exporter has the same
 * quantity (doc/metrics.md §2) and sysstat_ names for the
 * rest. A family takes one or more members of the item struct; members
 * other than the first carry a label of their own (node_cpu_seconds_total's
 * mode). The item gives the other labels (cpu, device, mountpoint...).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "om.h"
#include "common/activity.h"
#include "common/layout.h"
#include "common/banned.h"

/* How a member is stored. */
enum kind {
	K_U64, /* uint64_t, also the long slots */
	K_U32,
	K_U8,
	K_DBL,
};

/* Where the labels of an item come from. */
enum lbl {
	L_NONE,   /* a single item */
	L_CPU,    /* item k is CPU k-1; item 0 (all CPUs) is left out */
	L_DISK,   /* struct stats_disk: device */
	L_IFACE,  /* a NUL-padded interface name at name_off: device */
	L_FS,     /* struct stats_filesystem: device, mountpoint */
	L_SERIAL, /* struct stats_serial: line */
	L_SENSOR, /* a chip name at name_off and the item's number: chip, sensor */
	L_IRQ,    /* A_IRQ's CPU x interrupt matrix: cpu, irq (the "sum" column left out) */
	L_FREQ,   /* A_PWR_FREQ's CPU x frequency matrix: cpu, frequency (Hz) */
	L_FCHOST, /* struct stats_fchost: fc_host */
	L_BAT,    /* struct stats_pwr_bat: battery */
	L_USB,    /* struct stats_pwr_usb: bus, vendor, product, manufacturer, name */
};

/* How a value becomes base units. */
enum conv {
	C_RAW,
	C_MUL, /* times mul */
	C_HZ,  /* divided by the clock ticks per second */
};

/*
 * The table holds its words, not pointers to them: a table of pointers is
 * relocated whole when the program starts (54 kB of sadf's memory in every
 * run, --openmetrics or not), a table of words is read from the file when
 * used. om_family_at() makes the struct om_family of a family when asked.
 */
struct member {
	uint16_t off;
	uint8_t kind;
	char lval[8]; /* the value of the family's member label */
};

#define MAX_MEMBERS 8

struct def_family {
	char name[48];
	enum om_type type;
	char unit[8];
	char help[88];
	uint32_t act;
};

struct def {
	struct def_family f;
	uint8_t lbl;
	uint8_t conv;
	uint16_t name_off;  /* L_IFACE, L_SENSOR: where the name is */
	uint16_t first_num; /* L_SENSOR: the number of the first item (fans 1, inputs 0) */
	double mul;         /* C_MUL */
	char lname[8];      /* the member label's name, or "" for one member */
	uint8_t n;
	struct member m[MAX_MEMBERS];
};

#define OFF(s, f) ((uint16_t) offsetof(struct s, f))

/* A family of one member. */
#define FAM(act_, name_, type_, unit_, help_, lbl_, conv_, mul_, s, field, kind_)                  \
	{                                                                                          \
		.f = {name_, type_, unit_, help_, act_}, .lbl = lbl_, .conv = conv_, .mul = mul_,  \
		.n = 1, .m = {{OFF(s, field), kind_, ""}},                                         \
	}

/* Single-item activities. */
#define ONE(act, name, type, unit, help, conv, mul, s, field, kind)                                \
	FAM(act, name, type, unit, help, L_NONE, conv, mul, s, field, kind)
/* node_netstat_* and node_vmstat_*: untyped in node_exporter, raw, with its help texts. */
#define NETSTAT(act, proto, stat, s, field)                                                        \
	ONE(act, "node_netstat_" proto "_" stat, OM_UNKNOWN, "", "Statistic " proto stat ".",      \
	    C_RAW, 0, s, field, K_U64)
#define VMSTAT(act, stat, s, field)                                                                \
	ONE(act, "node_vmstat_" stat, OM_UNKNOWN, "", "/proc/vmstat information field " stat ".",  \
	    C_RAW, 0, s, field, K_U64)
/* sysstat_ counters of single-item activities, raw. */
#define CNT(act, name, help, s, field, kind)                                                       \
	ONE(act, name, OM_COUNTER, "", help, C_RAW, 0, s, field, kind)
#define GAUGE(act, name, help, s, field, kind)                                                     \
	ONE(act, name, OM_GAUGE, "", help, C_RAW, 0, s, field, kind)
/* node_memory_*_bytes from kB. */
#define MEMKB(name, field)                                                                         \
	ONE(A_MEMORY, "node_memory_" name "_bytes", OM_GAUGE, "bytes",                             \
	    "Memory information field " name "_bytes.", C_MUL, 1024, stats_memory, field, K_U64)

#define PSI_AVG(act, name, s, field)                                                               \
	ONE(act, name, OM_GAUGE, "ratio", "Pressure stall average, ratio of time.", C_MUL, 1e-4,   \
	    s, field, K_U64)

static const struct def defs[] = {
        /* node_uname_info: from the file header (or uname(2)), not from an activity. */
        {.f = {"node_uname_info", OM_GAUGE, "",
               "Labeled system information as provided by the uname system call.", 0}},

        /* A_CPU */
        {.f = {"node_cpu_seconds", OM_COUNTER, "seconds", "Seconds the CPUs spent in each mode.",
               A_CPU},
         .lbl = L_CPU,
         .conv = C_HZ,
         .lname = "mode",
         .n = 8,
         .m = {{OFF(stats_cpu, cpu_user), K_U64, "user"},
               {OFF(stats_cpu, cpu_nice), K_U64, "nice"},
               {OFF(stats_cpu, cpu_sys), K_U64, "system"},
               {OFF(stats_cpu, cpu_iowait), K_U64, "iowait"},
               {OFF(stats_cpu, cpu_hardirq), K_U64, "irq"},
               {OFF(stats_cpu, cpu_softirq), K_U64, "softirq"},
               {OFF(stats_cpu, cpu_steal), K_U64, "steal"},
               {OFF(stats_cpu, cpu_idle), K_U64, "idle"}}},
        {.f = {"node_cpu_guest_seconds", OM_COUNTER, "seconds",
               "Seconds the CPUs spent in guests (VMs) for each mode.", A_CPU},
         .lbl = L_CPU,
         .conv = C_HZ,
         .lname = "mode",
         .n = 2,
         .m = {{OFF(stats_cpu, cpu_guest), K_U64, "user"},
               {OFF(stats_cpu, cpu_guest_nice), K_U64, "nice"}}},

        /* A_PCSW */
        CNT(A_PCSW, "node_context_switches", "Total number of context switches.", stats_pcsw,
            context_switch, K_U64),
        CNT(A_PCSW, "node_forks", "Total number of forks.", stats_pcsw, processes, K_U64),

        /* A_IRQ: the total, then every CPU's count of every interrupt. */
        {.f = {"node_intr", OM_COUNTER, "", "Total number of interrupts serviced.", A_IRQ},
         .lbl = L_NONE,
         .n = 1,
         .m = {{OFF(stats_irq, irq_nr), K_U32, ""}}},
        {.f = {"sysstat_interrupts", OM_COUNTER, "", "Interrupts serviced by each CPU.", A_IRQ},
         .lbl = L_IRQ,
         .n = 1,
         .m = {{OFF(stats_irq, irq_nr), K_U32, ""}}},

        /* A_SWAP, A_PAGE */
        VMSTAT(A_SWAP, "pswpin", stats_swap, pswpin),
        VMSTAT(A_SWAP, "pswpout", stats_swap, pswpout),
        VMSTAT(A_PAGE, "pgpgin", stats_paging, pgpgin),
        VMSTAT(A_PAGE, "pgpgout", stats_paging, pgpgout),
        VMSTAT(A_PAGE, "pgfault", stats_paging, pgfault),
        VMSTAT(A_PAGE, "pgmajfault", stats_paging, pgmajfault),
        CNT(A_PAGE, "sysstat_paging_pgfree", "Pages placed on the free list.", stats_paging, pgfree,
            K_U64),
        CNT(A_PAGE, "sysstat_paging_pgscan_kswapd", "Pages scanned by kswapd.", stats_paging,
            pgscan_kswapd, K_U64),
        CNT(A_PAGE, "sysstat_paging_pgscan_direct", "Pages scanned directly.", stats_paging,
            pgscan_direct, K_U64),
        CNT(A_PAGE, "sysstat_paging_pgsteal", "Pages reclaimed from the caches.", stats_paging,
            pgsteal, K_U64),
        CNT(A_PAGE, "sysstat_paging_pgpromote", "Pages promoted to a faster memory tier.",
            stats_paging, pgpromote, K_U64),
        CNT(A_PAGE, "sysstat_paging_pgdemote", "Pages demoted to a slower memory tier.",
            stats_paging, pgdemote, K_U64),

        /* A_IO */
        CNT(A_IO, "sysstat_io_transfers", "I/O requests issued to the disks.", stats_io, dk_drive,
            K_U64),
        CNT(A_IO, "sysstat_io_reads", "Read requests issued to the disks.", stats_io, dk_drive_rio,
            K_U64),
        CNT(A_IO, "sysstat_io_writes", "Write requests issued to the disks.", stats_io,
            dk_drive_wio, K_U64),
        CNT(A_IO, "sysstat_io_discards", "Discard requests issued to the disks.", stats_io,
            dk_drive_dio, K_U64),
        ONE(A_IO, "sysstat_io_read_bytes", OM_COUNTER, "bytes", "Bytes read from the disks.", C_MUL,
            512, stats_io, dk_drive_rblk, K_U64),
        ONE(A_IO, "sysstat_io_written_bytes", OM_COUNTER, "bytes", "Bytes written to the disks.",
            C_MUL, 512, stats_io, dk_drive_wblk, K_U64),
        ONE(A_IO, "sysstat_io_discarded_bytes", OM_COUNTER, "bytes",
            "Bytes discarded on the disks.", C_MUL, 512, stats_io, dk_drive_dblk, K_U64),

        /* A_MEMORY */
        MEMKB("MemTotal", tlmkb),
        MEMKB("MemFree", frmkb),
        MEMKB("MemAvailable", availablekb),
        MEMKB("Buffers", bufkb),
        MEMKB("Cached", camkb),
        MEMKB("Committed_AS", comkb),
        MEMKB("Active", activekb),
        MEMKB("Inactive", inactkb),
        MEMKB("Dirty", dirtykb),
        MEMKB("AnonPages", anonpgkb),
        MEMKB("Slab", slabkb),
        MEMKB("KernelStack", kstackkb),
        MEMKB("PageTables", pgtblkb),
        MEMKB("VmallocUsed", vmusedkb),
        MEMKB("SwapTotal", tlskb),
        MEMKB("SwapFree", frskb),
        MEMKB("SwapCached", caskb),

        /* A_KTABLES */
        GAUGE(A_KTABLES, "node_filefd_allocated", "File descriptor statistics: allocated.",
              stats_ktables, file_used, K_U64),
        GAUGE(A_KTABLES, "sysstat_inodes_used", "Inode handlers in use.", stats_ktables, inode_used,
              K_U64),
        GAUGE(A_KTABLES, "sysstat_dentries_unused", "Unused cache entries in the directory cache.",
              stats_ktables, dentry_stat, K_U64),
        GAUGE(A_KTABLES, "sysstat_ptys", "Pseudo-terminals in use.", stats_ktables, pty_nr, K_U64),

        /* A_QUEUE */
        ONE(A_QUEUE, "node_load1", OM_GAUGE, "", "1m load average.", C_MUL, 0.01, stats_queue,
            load_avg_1, K_U32),
        ONE(A_QUEUE, "node_load5", OM_GAUGE, "", "5m load average.", C_MUL, 0.01, stats_queue,
            load_avg_5, K_U32),
        ONE(A_QUEUE, "node_load15", OM_GAUGE, "", "15m load average.", C_MUL, 0.01, stats_queue,
            load_avg_15, K_U32),
        GAUGE(A_QUEUE, "node_procs_running", "Number of processes in runnable state.", stats_queue,
              nr_running, K_U64),
        GAUGE(A_QUEUE, "node_procs_blocked",
              "Number of processes blocked waiting for I/O to complete.", stats_queue,
              procs_blocked, K_U64),
        GAUGE(A_QUEUE, "sysstat_threads", "Tasks (processes and threads) in the task list.",
              stats_queue, nr_threads, K_U64),

        /* A_SERIAL */
        FAM(A_SERIAL, "sysstat_serial_received_characters", OM_COUNTER, "",
            "Characters received by the serial line.", L_SERIAL, C_RAW, 0, stats_serial, rx, K_U32),
        FAM(A_SERIAL, "sysstat_serial_transmitted_characters", OM_COUNTER, "",
            "Characters transmitted by the serial line.", L_SERIAL, C_RAW, 0, stats_serial, tx,
            K_U32),
        FAM(A_SERIAL, "sysstat_serial_frame_errors", OM_COUNTER, "",
            "Frame errors of the serial line.", L_SERIAL, C_RAW, 0, stats_serial, frame, K_U32),
        FAM(A_SERIAL, "sysstat_serial_parity_errors", OM_COUNTER, "",
            "Parity errors of the serial line.", L_SERIAL, C_RAW, 0, stats_serial, parity, K_U32),
        FAM(A_SERIAL, "sysstat_serial_breaks", OM_COUNTER, "", "Breaks on the serial line.",
            L_SERIAL, C_RAW, 0, stats_serial, brk, K_U32),
        FAM(A_SERIAL, "sysstat_serial_overruns", OM_COUNTER, "",
            "Overrun errors of the serial line.", L_SERIAL, C_RAW, 0, stats_serial, overrun, K_U32),

        /* A_DISK */
        FAM(A_DISK, "node_disk_read_bytes", OM_COUNTER, "bytes",
            "The total number of bytes read successfully.", L_DISK, C_MUL, 512, stats_disk, rd_sect,
            K_U64),
        FAM(A_DISK, "node_disk_written_bytes", OM_COUNTER, "bytes",
            "The total number of bytes written successfully.", L_DISK, C_MUL, 512, stats_disk,
            wr_sect, K_U64),
        FAM(A_DISK, "node_disk_discarded_sectors", OM_COUNTER, "",
            "The total number of sectors discarded successfully.", L_DISK, C_RAW, 0, stats_disk,
            dc_sect, K_U64),
        FAM(A_DISK, "node_disk_read_time_seconds", OM_COUNTER, "seconds",
            "The total number of seconds spent by all reads.", L_DISK, C_MUL, 1e-3, stats_disk,
            rd_ticks, K_U32),
        FAM(A_DISK, "node_disk_write_time_seconds", OM_COUNTER, "seconds",
            "This is the total number of seconds spent by all writes.", L_DISK, C_MUL, 1e-3,
            stats_disk, wr_ticks, K_U32),
        FAM(A_DISK, "node_disk_discard_time_seconds", OM_COUNTER, "seconds",
            "This is the total number of seconds spent by all discards.", L_DISK, C_MUL, 1e-3,
            stats_disk, dc_ticks, K_U32),
        FAM(A_DISK, "node_disk_io_time_seconds", OM_COUNTER, "seconds",
            "Total seconds spent doing I/Os.", L_DISK, C_MUL, 1e-3, stats_disk, tot_ticks, K_U32),
        FAM(A_DISK, "node_disk_io_time_weighted_seconds", OM_COUNTER, "seconds",
            "The weighted # of seconds spent doing I/Os.", L_DISK, C_MUL, 1e-3, stats_disk,
            rq_ticks, K_U32),
        FAM(A_DISK, "sysstat_disk_ios", OM_COUNTER, "",
            "Read, write and discard requests completed (not split in the archive).", L_DISK, C_RAW,
            0, stats_disk, nr_ios, K_U64),

/* A_NET_DEV, A_NET_EDEV (node_exporter's netdev collector) */
#define NETDEV(name, help, s, field)                                                               \
	{                                                                                          \
		.f = {name, OM_COUNTER, "", help, s == 0 ? A_NET_DEV : A_NET_EDEV},                \
		.lbl = L_IFACE,                                                                    \
		.name_off =                                                                        \
		        s == 0 ? OFF(stats_net_dev, interface) : OFF(stats_net_edev, interface),   \
		.n = 1,                                                                            \
		.m = { {field, K_U64, ""} }                                                        \
	}
#define DEV(f)  OFF(stats_net_dev, f)
#define EDEV(f) OFF(stats_net_edev, f)
        {.f = {"node_network_receive_bytes", OM_COUNTER, "bytes",
               "Network device statistic receive_bytes.", A_NET_DEV},
         .lbl = L_IFACE,
         .name_off = DEV(interface),
         .n = 1,
         .m = {{DEV(rx_bytes), K_U64, ""}}},
        {.f = {"node_network_transmit_bytes", OM_COUNTER, "bytes",
               "Network device statistic transmit_bytes.", A_NET_DEV},
         .lbl = L_IFACE,
         .name_off = DEV(interface),
         .n = 1,
         .m = {{DEV(tx_bytes), K_U64, ""}}},
        NETDEV("node_network_receive_packets", "Network device statistic receive_packets.", 0,
               DEV(rx_packets)),
        NETDEV("node_network_transmit_packets", "Network device statistic transmit_packets.", 0,
               DEV(tx_packets)),
        NETDEV("node_network_receive_compressed", "Network device statistic receive_compressed.", 0,
               DEV(rx_compressed)),
        NETDEV("node_network_transmit_compressed", "Network device statistic transmit_compressed.",
               0, DEV(tx_compressed)),
        NETDEV("node_network_receive_multicast", "Network device statistic receive_multicast.", 0,
               DEV(multicast)),
        NETDEV("node_network_receive_errs", "Network device statistic receive_errs.", 1,
               EDEV(rx_errors)),
        NETDEV("node_network_receive_drop", "Network device statistic receive_drop.", 1,
               EDEV(rx_dropped)),
        NETDEV("node_network_receive_fifo", "Network device statistic receive_fifo.", 1,
               EDEV(rx_fifo_errors)),
        NETDEV("node_network_receive_frame", "Network device statistic receive_frame.", 1,
               EDEV(rx_frame_errors)),
        NETDEV("node_network_transmit_errs", "Network device statistic transmit_errs.", 1,
               EDEV(tx_errors)),
        NETDEV("node_network_transmit_drop", "Network device statistic transmit_drop.", 1,
               EDEV(tx_dropped)),
        NETDEV("node_network_transmit_fifo", "Network device statistic transmit_fifo.", 1,
               EDEV(tx_fifo_errors)),
        NETDEV("node_network_transmit_colls", "Network device statistic transmit_colls.", 1,
               EDEV(collisions)),
        NETDEV("node_network_transmit_carrier", "Network device statistic transmit_carrier.", 1,
               EDEV(tx_carrier_errors)),

        /* A_NET_NFS, A_NET_NFSD */
        CNT(A_NET_NFS, "sysstat_nfs_client_rpcs", "RPC requests made by the NFS client.",
            stats_net_nfs, nfs_rpccnt, K_U32),
        CNT(A_NET_NFS, "sysstat_nfs_client_rpc_retransmissions",
            "RPC requests the NFS client retransmitted.", stats_net_nfs, nfs_rpcretrans, K_U32),
        CNT(A_NET_NFS, "sysstat_nfs_client_reads", "NFS 'read' calls made.", stats_net_nfs,
            nfs_readcnt, K_U32),
        CNT(A_NET_NFS, "sysstat_nfs_client_writes", "NFS 'write' calls made.", stats_net_nfs,
            nfs_writecnt, K_U32),
        CNT(A_NET_NFS, "sysstat_nfs_client_accesses", "NFS 'access' calls made.", stats_net_nfs,
            nfs_accesscnt, K_U32),
        CNT(A_NET_NFS, "sysstat_nfs_client_getattrs", "NFS 'getattr' calls made.", stats_net_nfs,
            nfs_getattcnt, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_rpcs", "RPC requests received by the NFS server.",
            stats_net_nfsd, nfsd_rpccnt, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_bad_rpcs", "Bad RPC requests received by the NFS server.",
            stats_net_nfsd, nfsd_rpcbad, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_packets", "Network packets received by the NFS server.",
            stats_net_nfsd, nfsd_netcnt, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_udp_packets", "UDP packets received by the NFS server.",
            stats_net_nfsd, nfsd_netudpcnt, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_tcp_packets", "TCP packets received by the NFS server.",
            stats_net_nfsd, nfsd_nettcpcnt, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_reply_cache_hits", "Reply cache hits of the NFS server.",
            stats_net_nfsd, nfsd_rchits, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_reply_cache_misses", "Reply cache misses of the NFS server.",
            stats_net_nfsd, nfsd_rcmisses, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_reads", "NFS 'read' calls received.", stats_net_nfsd,
            nfsd_readcnt, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_writes", "NFS 'write' calls received.", stats_net_nfsd,
            nfsd_writecnt, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_accesses", "NFS 'access' calls received.", stats_net_nfsd,
            nfsd_accesscnt, K_U32),
        CNT(A_NET_NFSD, "sysstat_nfsd_getattrs", "NFS 'getattr' calls received.", stats_net_nfsd,
            nfsd_getattcnt, K_U32),

        /* A_NET_SOCK (node_exporter's sockstat collector) */
        GAUGE(A_NET_SOCK, "node_sockstat_sockets_used", "Number of IPv4 sockets in use.",
              stats_net_sock, sock_inuse, K_U32),
        GAUGE(A_NET_SOCK, "node_sockstat_TCP_inuse", "Number of TCP sockets in state inuse.",
              stats_net_sock, tcp_inuse, K_U32),
        GAUGE(A_NET_SOCK, "node_sockstat_TCP_tw", "Number of TCP sockets in state tw.",
              stats_net_sock, tcp_tw, K_U32),
        GAUGE(A_NET_SOCK, "node_sockstat_UDP_inuse", "Number of UDP sockets in state inuse.",
              stats_net_sock, udp_inuse, K_U32),
        GAUGE(A_NET_SOCK, "node_sockstat_RAW_inuse", "Number of RAW sockets in state inuse.",
              stats_net_sock, raw_inuse, K_U32),
        GAUGE(A_NET_SOCK, "node_sockstat_FRAG_inuse", "Number of FRAG sockets in state inuse.",
              stats_net_sock, frag_inuse, K_U32),

        /* A_NET_IP, A_NET_EIP (node_exporter's netstat collector: /proc/net/snmp names) */
        NETSTAT(A_NET_IP, "Ip", "InReceives", stats_net_ip, in_receives),
        NETSTAT(A_NET_IP, "Ip", "ForwDatagrams", stats_net_ip, forw_datagrams),
        NETSTAT(A_NET_IP, "Ip", "InDelivers", stats_net_ip, in_delivers),
        NETSTAT(A_NET_IP, "Ip", "OutRequests", stats_net_ip, out_requests),
        NETSTAT(A_NET_IP, "Ip", "ReasmReqds", stats_net_ip, reasm_reqds),
        NETSTAT(A_NET_IP, "Ip", "ReasmOKs", stats_net_ip, reasm_oks),
        NETSTAT(A_NET_IP, "Ip", "FragOKs", stats_net_ip, frag_oks),
        NETSTAT(A_NET_IP, "Ip", "FragCreates", stats_net_ip, frag_creates),
        NETSTAT(A_NET_EIP, "Ip", "InHdrErrors", stats_net_eip, in_hdr_errors),
        NETSTAT(A_NET_EIP, "Ip", "InAddrErrors", stats_net_eip, in_addr_errors),
        NETSTAT(A_NET_EIP, "Ip", "InUnknownProtos", stats_net_eip, in_unknown_protos),
        NETSTAT(A_NET_EIP, "Ip", "InDiscards", stats_net_eip, in_discards),
        NETSTAT(A_NET_EIP, "Ip", "OutDiscards", stats_net_eip, out_discards),
        NETSTAT(A_NET_EIP, "Ip", "OutNoRoutes", stats_net_eip, out_no_routes),
        NETSTAT(A_NET_EIP, "Ip", "ReasmFails", stats_net_eip, reasm_fails),
        NETSTAT(A_NET_EIP, "Ip", "FragFails", stats_net_eip, frag_fails),

        /* A_NET_ICMP, A_NET_EICMP */
        NETSTAT(A_NET_ICMP, "Icmp", "InMsgs", stats_net_icmp, in_msgs),
        NETSTAT(A_NET_ICMP, "Icmp", "OutMsgs", stats_net_icmp, out_msgs),
        NETSTAT(A_NET_ICMP, "Icmp", "InEchos", stats_net_icmp, in_echos),
        NETSTAT(A_NET_ICMP, "Icmp", "InEchoReps", stats_net_icmp, in_echo_reps),
        NETSTAT(A_NET_ICMP, "Icmp", "OutEchos", stats_net_icmp, out_echos),
        NETSTAT(A_NET_ICMP, "Icmp", "OutEchoReps", stats_net_icmp, out_echo_reps),
        NETSTAT(A_NET_ICMP, "Icmp", "InTimestamps", stats_net_icmp, in_timestamps),
        NETSTAT(A_NET_ICMP, "Icmp", "InTimestampReps", stats_net_icmp, in_timestamp_reps),
        NETSTAT(A_NET_ICMP, "Icmp", "OutTimestamps", stats_net_icmp, out_timestamps),
        NETSTAT(A_NET_ICMP, "Icmp", "OutTimestampReps", stats_net_icmp, out_timestamp_reps),
        NETSTAT(A_NET_ICMP, "Icmp", "InAddrMasks", stats_net_icmp, in_addr_masks),
        NETSTAT(A_NET_ICMP, "Icmp", "InAddrMaskReps", stats_net_icmp, in_addr_mask_reps),
        NETSTAT(A_NET_ICMP, "Icmp", "OutAddrMasks", stats_net_icmp, out_addr_masks),
        NETSTAT(A_NET_ICMP, "Icmp", "OutAddrMaskReps", stats_net_icmp, out_addr_mask_reps),
        NETSTAT(A_NET_EICMP, "Icmp", "InErrors", stats_net_eicmp, in_errors),
        NETSTAT(A_NET_EICMP, "Icmp", "OutErrors", stats_net_eicmp, out_errors),
        NETSTAT(A_NET_EICMP, "Icmp", "InDestUnreachs", stats_net_eicmp, in_dest_unreachs),
        NETSTAT(A_NET_EICMP, "Icmp", "OutDestUnreachs", stats_net_eicmp, out_dest_unreachs),
        NETSTAT(A_NET_EICMP, "Icmp", "InTimeExcds", stats_net_eicmp, in_time_excds),
        NETSTAT(A_NET_EICMP, "Icmp", "OutTimeExcds", stats_net_eicmp, out_time_excds),
        NETSTAT(A_NET_EICMP, "Icmp", "InParmProbs", stats_net_eicmp, in_parm_probs),
        NETSTAT(A_NET_EICMP, "Icmp", "OutParmProbs", stats_net_eicmp, out_parm_probs),
        NETSTAT(A_NET_EICMP, "Icmp", "InSrcQuenchs", stats_net_eicmp, in_src_quenchs),
        NETSTAT(A_NET_EICMP, "Icmp", "OutSrcQuenchs", stats_net_eicmp, out_src_quenchs),
        NETSTAT(A_NET_EICMP, "Icmp", "InRedirects", stats_net_eicmp, in_redirects),
        NETSTAT(A_NET_EICMP, "Icmp", "OutRedirects", stats_net_eicmp, out_redirects),

        /* A_NET_TCP, A_NET_ETCP, A_NET_UDP */
        NETSTAT(A_NET_TCP, "Tcp", "ActiveOpens", stats_net_tcp, active_opens),
        NETSTAT(A_NET_TCP, "Tcp", "PassiveOpens", stats_net_tcp, passive_opens),
        NETSTAT(A_NET_TCP, "Tcp", "InSegs", stats_net_tcp, in_segs),
        NETSTAT(A_NET_TCP, "Tcp", "OutSegs", stats_net_tcp, out_segs),
        NETSTAT(A_NET_ETCP, "Tcp", "AttemptFails", stats_net_etcp, attempt_fails),
        NETSTAT(A_NET_ETCP, "Tcp", "EstabResets", stats_net_etcp, estab_resets),
        NETSTAT(A_NET_ETCP, "Tcp", "RetransSegs", stats_net_etcp, retrans_segs),
        NETSTAT(A_NET_ETCP, "Tcp", "InErrs", stats_net_etcp, in_errs),
        NETSTAT(A_NET_ETCP, "Tcp", "OutRsts", stats_net_etcp, out_rsts),
        NETSTAT(A_NET_UDP, "Udp", "InDatagrams", stats_net_udp, in_datagrams),
        NETSTAT(A_NET_UDP, "Udp", "OutDatagrams", stats_net_udp, out_datagrams),
        NETSTAT(A_NET_UDP, "Udp", "NoPorts", stats_net_udp, no_ports),
        NETSTAT(A_NET_UDP, "Udp", "InErrors", stats_net_udp, in_errors),

        /* A_NET_SOCK6 */
        GAUGE(A_NET_SOCK6, "node_sockstat_TCP6_inuse", "Number of TCP6 sockets in state inuse.",
              stats_net_sock6, tcp6_inuse, K_U32),
        GAUGE(A_NET_SOCK6, "node_sockstat_UDP6_inuse", "Number of UDP6 sockets in state inuse.",
              stats_net_sock6, udp6_inuse, K_U32),
        GAUGE(A_NET_SOCK6, "node_sockstat_RAW6_inuse", "Number of RAW6 sockets in state inuse.",
              stats_net_sock6, raw6_inuse, K_U32),
        GAUGE(A_NET_SOCK6, "node_sockstat_FRAG6_inuse", "Number of FRAG6 sockets in state inuse.",
              stats_net_sock6, frag6_inuse, K_U32),

        /* A_NET_IP6, A_NET_EIP6 (/proc/net/snmp6 names) */
        NETSTAT(A_NET_IP6, "Ip6", "InReceives", stats_net_ip6, in_receives6),
        NETSTAT(A_NET_IP6, "Ip6", "OutForwDatagrams", stats_net_ip6, out_forw_datagrams6),
        NETSTAT(A_NET_IP6, "Ip6", "InDelivers", stats_net_ip6, in_delivers6),
        NETSTAT(A_NET_IP6, "Ip6", "OutRequests", stats_net_ip6, out_requests6),
        NETSTAT(A_NET_IP6, "Ip6", "ReasmReqds", stats_net_ip6, reasm_reqds6),
        NETSTAT(A_NET_IP6, "Ip6", "ReasmOKs", stats_net_ip6, reasm_oks6),
        NETSTAT(A_NET_IP6, "Ip6", "InMcastPkts", stats_net_ip6, in_mcast_pkts6),
        NETSTAT(A_NET_IP6, "Ip6", "OutMcastPkts", stats_net_ip6, out_mcast_pkts6),
        NETSTAT(A_NET_IP6, "Ip6", "FragOKs", stats_net_ip6, frag_oks6),
        NETSTAT(A_NET_IP6, "Ip6", "FragCreates", stats_net_ip6, frag_creates6),
        NETSTAT(A_NET_EIP6, "Ip6", "InHdrErrors", stats_net_eip6, in_hdr_errors6),
        NETSTAT(A_NET_EIP6, "Ip6", "InAddrErrors", stats_net_eip6, in_addr_errors6),
        NETSTAT(A_NET_EIP6, "Ip6", "InUnknownProtos", stats_net_eip6, in_unknown_protos6),
        NETSTAT(A_NET_EIP6, "Ip6", "InTooBigErrors", stats_net_eip6, in_too_big_errors6),
        NETSTAT(A_NET_EIP6, "Ip6", "InDiscards", stats_net_eip6, in_discards6),
        NETSTAT(A_NET_EIP6, "Ip6", "OutDiscards", stats_net_eip6, out_discards6),
        NETSTAT(A_NET_EIP6, "Ip6", "InNoRoutes", stats_net_eip6, in_no_routes6),
        NETSTAT(A_NET_EIP6, "Ip6", "OutNoRoutes", stats_net_eip6, out_no_routes6),
        NETSTAT(A_NET_EIP6, "Ip6", "ReasmFails", stats_net_eip6, reasm_fails6),
        NETSTAT(A_NET_EIP6, "Ip6", "FragFails", stats_net_eip6, frag_fails6),
        NETSTAT(A_NET_EIP6, "Ip6", "InTruncatedPkts", stats_net_eip6, in_truncated_pkts6),

        /* A_NET_ICMP6, A_NET_EICMP6 */
        NETSTAT(A_NET_ICMP6, "Icmp6", "InMsgs", stats_net_icmp6, in_msgs6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "OutMsgs", stats_net_icmp6, out_msgs6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "InEchos", stats_net_icmp6, in_echos6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "InEchoReplies", stats_net_icmp6, in_echo_replies6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "OutEchoReplies", stats_net_icmp6, out_echo_replies6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "InGroupMembQueries", stats_net_icmp6,
                in_group_memb_queries6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "InGroupMembResponses", stats_net_icmp6,
                in_group_memb_responses6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "OutGroupMembResponses", stats_net_icmp6,
                out_group_memb_responses6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "InGroupMembReductions", stats_net_icmp6,
                in_group_memb_reductions6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "OutGroupMembReductions", stats_net_icmp6,
                out_group_memb_reductions6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "InRouterSolicits", stats_net_icmp6, in_router_solicits6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "OutRouterSolicits", stats_net_icmp6, out_router_solicits6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "InRouterAdvertisements", stats_net_icmp6,
                in_router_advertisements6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "InNeighborSolicits", stats_net_icmp6, in_neighbor_solicits6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "OutNeighborSolicits", stats_net_icmp6,
                out_neighbor_solicits6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "InNeighborAdvertisements", stats_net_icmp6,
                in_neighbor_advertisements6),
        NETSTAT(A_NET_ICMP6, "Icmp6", "OutNeighborAdvertisements", stats_net_icmp6,
                out_neighbor_advertisements6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "InErrors", stats_net_eicmp6, in_errors6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "InDestUnreachs", stats_net_eicmp6, in_dest_unreachs6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "OutDestUnreachs", stats_net_eicmp6, out_dest_unreachs6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "InTimeExcds", stats_net_eicmp6, in_time_excds6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "OutTimeExcds", stats_net_eicmp6, out_time_excds6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "InParmProblems", stats_net_eicmp6, in_parm_problems6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "OutParmProblems", stats_net_eicmp6, out_parm_problems6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "InRedirects", stats_net_eicmp6, in_redirects6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "OutRedirects", stats_net_eicmp6, out_redirects6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "InPktTooBigs", stats_net_eicmp6, in_pkt_too_bigs6),
        NETSTAT(A_NET_EICMP6, "Icmp6", "OutPktTooBigs", stats_net_eicmp6, out_pkt_too_bigs6),

        /* A_NET_UDP6 */
        NETSTAT(A_NET_UDP6, "Udp6", "InDatagrams", stats_net_udp6, in_datagrams6),
        NETSTAT(A_NET_UDP6, "Udp6", "OutDatagrams", stats_net_udp6, out_datagrams6),
        NETSTAT(A_NET_UDP6, "Udp6", "NoPorts", stats_net_udp6, no_ports6),
        NETSTAT(A_NET_UDP6, "Udp6", "InErrors", stats_net_udp6, in_errors6),

        /* A_PWR_CPU: /proc/cpuinfo's clock, in 1/100 MHz */
        FAM(A_PWR_CPU, "sysstat_cpu_frequency_hertz", OM_GAUGE, "hertz",
            "Clock of the CPU as /proc/cpuinfo shows it.", L_CPU, C_MUL, 1e4, stats_pwr_cpufreq,
            cpufreq, K_U64),

        /* A_PWR_FAN, A_PWR_TEMP, A_PWR_IN (libsensors) */
        {.f = {"sysstat_fan_speed_rpm", OM_GAUGE, "",
               "Speed of the fan, in revolutions per minute.", A_PWR_FAN},
         .lbl = L_SENSOR,
         .name_off = OFF(stats_pwr_fan, device),
         .first_num = 1,
         .n = 1,
         .m = {{OFF(stats_pwr_fan, rpm), K_DBL, ""}}},
        {.f = {"sysstat_fan_min_speed_rpm", OM_GAUGE, "",
               "Minimum speed of the fan, in revolutions per minute.", A_PWR_FAN},
         .lbl = L_SENSOR,
         .name_off = OFF(stats_pwr_fan, device),
         .first_num = 1,
         .n = 1,
         .m = {{OFF(stats_pwr_fan, rpm_min), K_DBL, ""}}},
        {.f = {"sysstat_temperature_celsius", OM_GAUGE, "celsius", "Temperature of the sensor.",
               A_PWR_TEMP},
         .lbl = L_SENSOR,
         .name_off = OFF(stats_pwr_temp, device),
         .first_num = 1,
         .n = 1,
         .m = {{OFF(stats_pwr_temp, temp), K_DBL, ""}}},
        {.f = {"sysstat_temperature_min_celsius", OM_GAUGE, "celsius",
               "Low limit of the temperature sensor.", A_PWR_TEMP},
         .lbl = L_SENSOR,
         .name_off = OFF(stats_pwr_temp, device),
         .first_num = 1,
         .n = 1,
         .m = {{OFF(stats_pwr_temp, temp_min), K_DBL, ""}}},
        {.f = {"sysstat_temperature_max_celsius", OM_GAUGE, "celsius",
               "High limit of the temperature sensor.", A_PWR_TEMP},
         .lbl = L_SENSOR,
         .name_off = OFF(stats_pwr_temp, device),
         .first_num = 1,
         .n = 1,
         .m = {{OFF(stats_pwr_temp, temp_max), K_DBL, ""}}},
        {.f = {"sysstat_voltage_volts", OM_GAUGE, "volts", "Voltage of the input.", A_PWR_IN},
         .lbl = L_SENSOR,
         .name_off = OFF(stats_pwr_in, device),
         .first_num = 0,
         .n = 1,
         .m = {{OFF(stats_pwr_in, in), K_DBL, ""}}},
        {.f = {"sysstat_voltage_min_volts", OM_GAUGE, "volts", "Low limit of the voltage input.",
               A_PWR_IN},
         .lbl = L_SENSOR,
         .name_off = OFF(stats_pwr_in, device),
         .first_num = 0,
         .n = 1,
         .m = {{OFF(stats_pwr_in, in_min), K_DBL, ""}}},
        {.f = {"sysstat_voltage_max_volts", OM_GAUGE, "volts", "High limit of the voltage input.",
               A_PWR_IN},
         .lbl = L_SENSOR,
         .name_off = OFF(stats_pwr_in, device),
         .first_num = 0,
         .n = 1,
         .m = {{OFF(stats_pwr_in, in_max), K_DBL, ""}}},

        /* A_HUGE: already in kB */
        ONE(A_HUGE, "sysstat_hugepages_total_bytes", OM_GAUGE, "bytes", "Memory in huge pages.",
            C_MUL, 1024, stats_huge, tlhkb, K_U64),
        ONE(A_HUGE, "sysstat_hugepages_free_bytes", OM_GAUGE, "bytes", "Free memory in huge pages.",
            C_MUL, 1024, stats_huge, frhkb, K_U64),
        ONE(A_HUGE, "sysstat_hugepages_reserved_bytes", OM_GAUGE, "bytes",
            "Memory in huge pages reserved but not yet allocated.", C_MUL, 1024, stats_huge,
            rsvdhkb, K_U64),
        ONE(A_HUGE, "sysstat_hugepages_surplus_bytes", OM_GAUGE, "bytes",
            "Memory in surplus huge pages.", C_MUL, 1024, stats_huge, surphkb, K_U64),

        /* A_PWR_FREQ: time in state is in 1/100 s */
        {.f = {"sysstat_cpu_frequency_time_seconds", OM_COUNTER, "seconds",
               "Time the CPU spent at each frequency (cpufreq statistics).", A_PWR_FREQ},
         .lbl = L_FREQ,
         .conv = C_MUL,
         .mul = 0.01,
         .n = 1,
         .m = {{OFF(stats_pwr_wghfreq, time_in_state), K_U64, ""}}},

        /* A_PWR_BAT (12.7.5) */
        {.f = {"sysstat_battery_capacity_ratio", OM_GAUGE, "ratio", "Charge of the battery.",
               A_PWR_BAT},
         .lbl = L_BAT,
         .conv = C_MUL,
         .mul = 0.01,
         .n = 1,
         .m = {{OFF(stats_pwr_bat, capacity), K_U8, ""}}},
        {.f = {"sysstat_battery_status", OM_GAUGE, "",
               "Status of the battery: 0 unknown, 1 charging, 2 discharging, 3 not charging, 4 "
               "full.",
               A_PWR_BAT},
         .lbl = L_BAT,
         .n = 1,
         .m = {{OFF(stats_pwr_bat, status), K_U8, ""}}},

        /* A_PWR_USB: bMaxPower is in units of 2 mA */
        {.f = {"sysstat_usb_max_current_amperes", OM_GAUGE, "amperes",
               "Maximum current the USB device may draw from the bus.", A_PWR_USB},
         .lbl = L_USB,
         .conv = C_MUL,
         .mul = 0.002,
         .n = 1,
         .m = {{OFF(stats_pwr_usb, bmaxpower), K_U32, ""}}},

        /* A_FS (node_exporter's filesystem collector, without fstype) */
        FAM(A_FS, "node_filesystem_size_bytes", OM_GAUGE, "bytes", "Filesystem size in bytes.",
            L_FS, C_RAW, 0, stats_filesystem, f_blocks, K_U64),
        FAM(A_FS, "node_filesystem_free_bytes", OM_GAUGE, "bytes",
            "Filesystem free space in bytes.", L_FS, C_RAW, 0, stats_filesystem, f_bfree, K_U64),
        FAM(A_FS, "node_filesystem_avail_bytes", OM_GAUGE, "bytes",
            "Filesystem space available to non-root users in bytes.", L_FS, C_RAW, 0,
            stats_filesystem, f_bavail, K_U64),
        FAM(A_FS, "node_filesystem_files", OM_GAUGE, "", "Filesystem total file nodes.", L_FS,
            C_RAW, 0, stats_filesystem, f_files, K_U64),
        FAM(A_FS, "node_filesystem_files_free", OM_GAUGE, "", "Filesystem total free file nodes.",
            L_FS, C_RAW, 0, stats_filesystem, f_ffree, K_U64),

        /* A_NET_FC (node_exporter's fibrechannel collector) */
        FAM(A_NET_FC, "node_fibrechannel_rx_frames", OM_COUNTER, "", "Number of frames received.",
            L_FCHOST, C_RAW, 0, stats_fchost, f_rxframes, K_U64),
        FAM(A_NET_FC, "node_fibrechannel_tx_frames", OM_COUNTER, "", "Number of frames sent.",
            L_FCHOST, C_RAW, 0, stats_fchost, f_txframes, K_U64),
        FAM(A_NET_FC, "node_fibrechannel_rx_words", OM_COUNTER, "", "Number of words received.",
            L_FCHOST, C_RAW, 0, stats_fchost, f_rxwords, K_U64),
        FAM(A_NET_FC, "node_fibrechannel_tx_words", OM_COUNTER, "", "Number of words sent.",
            L_FCHOST, C_RAW, 0, stats_fchost, f_txwords, K_U64),

        /* A_NET_SOFT (node_exporter's softnet collector, then the rest) */
        FAM(A_NET_SOFT, "node_softnet_processed", OM_COUNTER, "", "Number of processed packets.",
            L_CPU, C_RAW, 0, stats_softnet, processed, K_U32),
        FAM(A_NET_SOFT, "node_softnet_dropped", OM_COUNTER, "", "Number of dropped packets.", L_CPU,
            C_RAW, 0, stats_softnet, dropped, K_U32),
        FAM(A_NET_SOFT, "node_softnet_times_squeezed", OM_COUNTER, "",
            "Number of times processing packets ran out of quota.", L_CPU, C_RAW, 0, stats_softnet,
            time_squeeze, K_U32),
        FAM(A_NET_SOFT, "sysstat_softnet_received_rps", OM_COUNTER, "",
            "Times the CPU was woken up to process packets by an inter-processor interrupt.", L_CPU,
            C_RAW, 0, stats_softnet, received_rps, K_U32),
        FAM(A_NET_SOFT, "sysstat_softnet_flow_limit", OM_COUNTER, "",
            "Times the flow limit was reached.", L_CPU, C_RAW, 0, stats_softnet, flow_limit, K_U32),
        FAM(A_NET_SOFT, "sysstat_softnet_backlog_length", OM_GAUGE, "",
            "Packets in the backlog queue.", L_CPU, C_RAW, 0, stats_softnet, backlog_len, K_U32),

        /* A_PSI_CPU, A_PSI_IO, A_PSI_MEM: totals in microseconds, averages in 1/100 % */
        ONE(A_PSI_CPU, "node_pressure_cpu_waiting_seconds", OM_COUNTER, "seconds",
            "Total time in seconds that processes have waited for CPU time.", C_MUL, 1e-6,
            stats_psi_cpu, some_cpu_total, K_U64),
        PSI_AVG(A_PSI_CPU, "sysstat_pressure_cpu_some_avg10_ratio", stats_psi_cpu, some_acpu_10),
        PSI_AVG(A_PSI_CPU, "sysstat_pressure_cpu_some_avg60_ratio", stats_psi_cpu, some_acpu_60),
        PSI_AVG(A_PSI_CPU, "sysstat_pressure_cpu_some_avg300_ratio", stats_psi_cpu, some_acpu_300),
        ONE(A_PSI_IO, "node_pressure_io_waiting_seconds", OM_COUNTER, "seconds",
            "Total time in seconds that processes have waited due to IO congestion.", C_MUL, 1e-6,
            stats_psi_io, some_io_total, K_U64),
        ONE(A_PSI_IO, "node_pressure_io_stalled_seconds", OM_COUNTER, "seconds",
            "Total time in seconds no process could make progress due to IO congestion.", C_MUL,
            1e-6, stats_psi_io, full_io_total, K_U64),
        PSI_AVG(A_PSI_IO, "sysstat_pressure_io_some_avg10_ratio", stats_psi_io, some_aio_10),
        PSI_AVG(A_PSI_IO, "sysstat_pressure_io_some_avg60_ratio", stats_psi_io, some_aio_60),
        PSI_AVG(A_PSI_IO, "sysstat_pressure_io_some_avg300_ratio", stats_psi_io, some_aio_300),
        PSI_AVG(A_PSI_IO, "sysstat_pressure_io_full_avg10_ratio", stats_psi_io, full_aio_10),
        PSI_AVG(A_PSI_IO, "sysstat_pressure_io_full_avg60_ratio", stats_psi_io, full_aio_60),
        PSI_AVG(A_PSI_IO, "sysstat_pressure_io_full_avg300_ratio", stats_psi_io, full_aio_300),
        ONE(A_PSI_MEM, "node_pressure_memory_waiting_seconds", OM_COUNTER, "seconds",
            "Total time in seconds that processes have waited for memory.", C_MUL, 1e-6,
            stats_psi_mem, some_mem_total, K_U64),
        ONE(A_PSI_MEM, "node_pressure_memory_stalled_seconds", OM_COUNTER, "seconds",
            "Total time in seconds no process could make progress due to memory congestion.", C_MUL,
            1e-6, stats_psi_mem, full_mem_total, K_U64),
        PSI_AVG(A_PSI_MEM, "sysstat_pressure_memory_some_avg10_ratio", stats_psi_mem, some_amem_10),
        PSI_AVG(A_PSI_MEM, "sysstat_pressure_memory_some_avg60_ratio", stats_psi_mem, some_amem_60),
        PSI_AVG(A_PSI_MEM, "sysstat_pressure_memory_some_avg300_ratio", stats_psi_mem,
                some_amem_300),
        PSI_AVG(A_PSI_MEM, "sysstat_pressure_memory_full_avg10_ratio", stats_psi_mem, full_amem_10),
        PSI_AVG(A_PSI_MEM, "sysstat_pressure_memory_full_avg60_ratio", stats_psi_mem, full_amem_60),
        PSI_AVG(A_PSI_MEM, "sysstat_pressure_memory_full_avg300_ratio", stats_psi_mem,
                full_amem_300),
};

#define N_DEFS (sizeof(defs) / sizeof(defs[0]))

size_t
om_family_count(void)
{
	return N_DEFS;
}

const struct om_family *
om_family_at(size_t i)
{
	/* Made at the first call (the programs that print families run one thread). */
	static struct om_family fams[N_DEFS];
	struct om_family *f;

	if (i >= N_DEFS)
		return NULL;
	f = &fams[i];
	if (!f->name) {
		const struct def_family *d = &defs[i].f;

		*f = (struct om_family){d->name, d->type, d->unit, d->help, d->act};
	}
	return f;
}

/* ---- labels ---- */

/* The labels the families give themselves: -O may not add them. */
static const char *const own_labels[] = {
        "cpu",          "mode",      "device",  "mountpoint", "line",     "chip",    "sensor",
        "irq",          "frequency", "fc_host", "battery",    "bus",      "vendor",  "product",
        "manufacturer", "name",      "sysname", "release",    "nodename", "machine",
};

bool
om_label_name_ok(const char *name, size_t len)
{
	size_t i;

	if (!len || (len >= 2 && name[0] == '_' && name[1] == '_'))
		return false;
	for (i = 0; i < len; i++) {
		char ch = name[i];
		bool alpha = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';

		if (!alpha && !(i && ch >= '0' && ch <= '9'))
			return false;
	}
	for (i = 0; i < sizeof(own_labels) / sizeof(own_labels[0]); i++)
		if (strlen(own_labels[i]) == len && !memcmp(own_labels[i], name, len))
			return false;
	return true;
}

void
om_escape(struct strbuf *out, const char *s, size_t len)
{
	size_t i, run = 0;

	for (i = 0; i < len; i++) {
		const char *esc = s[i] == '\\'   ? "\\\\"
		                  : s[i] == '"'  ? "\\\""
		                  : s[i] == '\n' ? "\\n"
		                                 : NULL;

		if (!esc)
			continue;
		strbuf_add(out, s + run, i - run);
		strbuf_adds(out, esc);
		run = i + 1;
	}
	strbuf_add(out, s + run, len - run);
}

/* name="value", after a comma when out is not empty. */
static void
add_label(struct strbuf *out, const char *name, const char *value, size_t len)
{
	if (out->len)
		strbuf_addch(out, ',');
	strbuf_adds(out, name);
	strbuf_add(out, "=\"", 2);
	om_escape(out, value, len);
	strbuf_addch(out, '"');
}

static void
add_label_s(struct strbuf *out, const char *name, const char *value)
{
	add_label(out, name, value, strlen(value));
}

static void
add_label_u(struct strbuf *out, const char *name, unsigned long long v)
{
	char buf[24], *p = buf + sizeof(buf);

	do {
		*--p = (char) ('0' + v % 10);
		v /= 10;
	} while (v);
	add_label(out, name, p, (size_t) (buf + sizeof(buf) - p));
}

/* A NUL-padded name field of n bytes, not always NUL-terminated. */
static size_t
field_len(const unsigned char *item, size_t off, size_t n)
{
	const char *p = (const char *) item + off;
	const char *z = memchr(p, '\0', n);

	return z ? (size_t) (z - p) : n;
}

void
om_uname_labels(struct strbuf *out, const char *sysname, const char *release, const char *nodename,
                const char *machine)
{
	add_label_s(out, "sysname", sysname);
	add_label_s(out, "release", release);
	add_label_s(out, "nodename", nodename);
	add_label_s(out, "machine", machine);
}

/* ---- values ---- */

/* Items may sit at any address (a file's own item size sets their stride): fields are copied out.
 */
static uint32_t
u32_at(const unsigned char *item, size_t off)
{
	uint32_t v;

	memcpy(&v, item + off, sizeof(v));
	return v;
}

static double
member_value(const struct def *d, const struct member *m, const unsigned char *item, unsigned hz)
{
	const unsigned char *p = item + m->off;
	double v;

	switch (m->kind) {
	case K_U64: {
		uint64_t x;

		memcpy(&x, p, sizeof(x));
		v = (double) x;
		break;
	}
	case K_U32: {
		uint32_t x;

		memcpy(&x, p, sizeof(x));
		v = (double) x;
		break;
	}
	case K_U8:
		v = (double) *p;
		break;
	default:
		memcpy(&v, p, sizeof(v));
		break;
	}
	/*
	 * A fraction (0.01, 1e-3...) divides by its inverse, a whole number:
	 * 123 / 100 is the double nearest 1.23, where 123 * 0.01 is not always,
	 * and such values print short (om_format_value()).
	 */
	if (d->conv == C_MUL && d->mul < 1)
		v /= 1.0 / d->mul;
	else if (d->conv == C_MUL)
		v *= d->mul;
	else if (d->conv == C_HZ)
		v /= hz ? hz : 100;
	return v;
}

/* Whether every member of the family lies inside the item's data (12.6.1's A_PAGE has no
 * pgpromote). */
static bool
members_fit(const struct def *d, uint32_t size)
{
	static const uint8_t widths[] = {[K_U64] = 8, [K_U32] = 4, [K_U8] = 1, [K_DBL] = 8};
	unsigned k;

	for (k = 0; k < d->n; k++)
		if ((uint32_t) d->m[k].off + widths[d->m[k].kind] > size)
			return false;
	return true;
}

/*
 * The members of item as series, after the item's labels (len bytes at
 * labels: c->lbl's, or the cache's). The member labels are plain words:
 * they are put after them in a buffer on the stack when that is enough.
 */
static void
emit_members(struct om_ctx *c, size_t fam, const unsigned char *item, const char *labels,
             size_t len, om_emit_fn emit, void *arg)
{
	const struct def *d = &defs[fam];
	char buf[512];
	size_t base, n;
	unsigned k;

	if (!d->lname[0]) {
		emit(arg, fam, labels, len, member_value(d, &d->m[0], item, c->hz));
		return;
	}
	if (len + 64 > sizeof(buf)) {
		/* Long labels (c->lbl's: the cache does not hold these). */
		base = c->lbl.len;
		for (k = 0; k < d->n; k++) {
			c->lbl.len = base;
			add_label_s(&c->lbl, d->lname, d->m[k].lval);
			if (c->lbl.err)
				return;
			emit(arg, fam, c->lbl.buf, c->lbl.len,
			     member_value(d, &d->m[k], item, c->hz));
		}
		c->lbl.len = base;
		return;
	}
	memcpy(buf, labels, len);
	base = len;
	if (base)
		buf[base++] = ',';
	n = strlen(d->lname);
	memcpy(buf + base, d->lname, n);
	base += n;
	buf[base++] = '=';
	buf[base++] = '"';
	for (k = 0; k < d->n; k++) {
		size_t vlen = strlen(d->m[k].lval);

		/* Member label values are short words without quotes or backslashes. */
		if (base + vlen + 1 > sizeof(buf))
			return;
		memcpy(buf + base, d->m[k].lval, vlen);
		buf[base + vlen] = '"';
		emit(arg, fam, buf, base + vlen + 1, member_value(d, &d->m[k], item, c->hz));
	}
}

static bool
name_ok(const struct om_ctx *c, uint32_t act, const char *name)
{
	return !c->name_ok || c->name_ok(c->arg, act, name);
}

static bool
cpu_ok(const struct om_ctx *c, uint32_t cpu)
{
	return !c->cpu_ok || c->cpu_ok(c->arg, cpu);
}

static bool
all_zero(const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

static const unsigned char *
item_at(const struct om_items *it, uint32_t i, uint32_t j)
{
	return it->buf + ((size_t) i * it->nr2 + j) * it->stride;
}

/* The matrices: A_IRQ (row 0 names the interrupts) and A_PWR_FREQ (every cell has its frequency).
 */
static void
matrix_samples(struct om_ctx *c, size_t fam, const struct om_items *it, om_emit_fn emit, void *arg)
{
	const struct def *d = &defs[fam];
	uint32_t i, j;
	char name[MAX_SA_IRQ_LEN + 1];

	for (j = 0; j < it->nr2; j++) {
		if (d->lbl == L_IRQ) {
			const char *q = (const char *) item_at(it, 0, j) +
			                offsetof(struct stats_irq, irq_name);

			if (it->size < sizeof(*q))
				return;
			snprintf(name, sizeof(name), "%.*s", MAX_SA_IRQ_LEN, q);
			if (!strcmp(name, "sum") || !name[0] || !name_ok(c, A_IRQ, name))
				continue;
		}
		for (i = 1; i < it->nr; i++) {
			const unsigned char *item = item_at(it, i, j);

			if (!cpu_ok(c, i - 1))
				continue;
			strbuf_reset(&c->lbl);
			add_label_u(&c->lbl, "cpu", i - 1);
			if (d->lbl == L_IRQ) {
				add_label_s(&c->lbl, "irq", name);
			} else {
				uint64_t khz;

				memcpy(&khz, item + offsetof(struct stats_pwr_wghfreq, freq),
				       sizeof(khz));
				if (!khz)
					continue;
				add_label_u(&c->lbl, "frequency", (unsigned long long) khz * 1000);
			}
			emit_members(c, fam, item, c->lbl.buf, c->lbl.len, emit, arg);
		}
	}
}

/* The labels of item i of a per-device activity; false to leave it out. */
static bool
item_labels(struct om_ctx *c, const struct def *d, const unsigned char *item, uint32_t i,
            uint32_t size)
{
	char name[MAX_FS_LEN + 1];
	size_t n;

	switch (d->lbl) {
	case L_CPU:
		/* Item 0 is all CPUs; an offline CPU's item is all zero (sysstat's convention). */
		if (!i || !cpu_ok(c, i - 1) || all_zero(item, size))
			return false;
		add_label_u(&c->lbl, "cpu", i - 1);
		return true;
	case L_DISK: {
		uint32_t major = u32_at(item, offsetof(struct stats_disk, major));
		uint32_t minor = u32_at(item, offsetof(struct stats_disk, minor));

		if (c->disk_name)
			c->disk_name(c->arg, major, minor, name, sizeof(name));
		else
			snprintf(name, sizeof(name), "dev%u-%u", (unsigned) major,
			         (unsigned) minor);
		if (!name_ok(c, A_DISK, name))
			return false;
		add_label_s(&c->lbl, "device", name);
		return true;
	}
	case L_IFACE:
		n = field_len(item, d->name_off, MAX_IFACE_LEN);
		memcpy(name, item + d->name_off, n);
		name[n] = '\0';
		if (!name[0] || !name_ok(c, d->f.act, name))
			return false;
		add_label(&c->lbl, "device", name, n);
		return true;
	case L_FS: {
		const char *fs_name =
		        (const char *) item + offsetof(struct stats_filesystem, fs_name);
		const char *mountp =
		        (const char *) item + offsetof(struct stats_filesystem, mountp);
		size_t nl = field_len(item, offsetof(struct stats_filesystem, fs_name), MAX_FS_LEN);
		size_t ml = field_len(item, offsetof(struct stats_filesystem, mountp), MAX_FS_LEN);
		char mount[MAX_FS_LEN + 1];

		snprintf(name, sizeof(name), "%.*s", (int) nl, fs_name);
		snprintf(mount, sizeof(mount), "%.*s", (int) ml, mountp);
		if (!name[0] || !(name_ok(c, A_FS, name) || name_ok(c, A_FS, mount)))
			return false;
		add_label(&c->lbl, "device", name, nl);
		add_label(&c->lbl, "mountpoint", mount, ml);
		return true;
	}
	case L_SERIAL:
		add_label_u(&c->lbl, "line", u32_at(item, offsetof(struct stats_serial, line)));
		return true;
	case L_SENSOR:
		n = field_len(item, d->name_off, MAX_SENSORS_DEV_LEN);
		add_label(&c->lbl, "chip", (const char *) item + d->name_off, n);
		add_label_u(&c->lbl, "sensor", (unsigned long long) i + d->first_num);
		return true;
	case L_FCHOST:
		n = field_len(item, offsetof(struct stats_fchost, fchost_name), MAX_FCH_LEN);
		if (!n)
			return false;
		add_label(&c->lbl, "fc_host",
		          (const char *) item + offsetof(struct stats_fchost, fchost_name), n);
		return true;
	case L_BAT:
		snprintf(name, sizeof(name), "BAT%u", (unsigned) item[0]);
		add_label_s(&c->lbl, "battery", name);
		return true;
	case L_USB: {
		const char *maker =
		        (const char *) item + offsetof(struct stats_pwr_usb, manufacturer);
		const char *product = (const char *) item + offsetof(struct stats_pwr_usb, product);

		add_label_u(&c->lbl, "bus", u32_at(item, offsetof(struct stats_pwr_usb, bus_nr)));
		snprintf(name, sizeof(name), "%04x",
		         (unsigned) u32_at(item, offsetof(struct stats_pwr_usb, vendor_id)));
		add_label_s(&c->lbl, "vendor", name);
		snprintf(name, sizeof(name), "%04x",
		         (unsigned) u32_at(item, offsetof(struct stats_pwr_usb, product_id)));
		add_label_s(&c->lbl, "product", name);
		add_label(&c->lbl, "manufacturer", maker,
		          field_len(item, offsetof(struct stats_pwr_usb, manufacturer),
		                    MAX_MANUF_LEN));
		add_label(&c->lbl, "name", product,
		          field_len(item, offsetof(struct stats_pwr_usb, product), MAX_PROD_LEN));
		return true;
	}
	default:
		return true;
	}
}

/* ---- the labels of an activity's items, kept across samples ---- */

/* One item's entry: where its identity and labels are in the cache's bytes. */
struct om_cached {
	uint32_t id_off, id_len;
	uint32_t lab_off, lab_len;
	bool valid;
	bool out; /* the item is filtered out */
};

struct om_item_cache {
	struct om_cached *e;
	uint32_t cap;
	struct strbuf bytes;
};

/* Past this, an activity's cache starts again empty: renamed items do not make it grow. */
#define CACHE_BYTES (1u << 20)

void
om_ctx_release(struct om_ctx *c)
{
	size_t k;

	strbuf_release(&c->lbl);
	if (c->caches)
		for (k = 0; k <= ACTIVITY_NR; k++) {
			free(c->caches[k].e);
			strbuf_release(&c->caches[k].bytes);
		}
	free(c->caches);
	c->caches = NULL;
}

/*
 * The bytes of item that its labels come from (with its index): the name,
 * the device number, the line... (NULL, 0 for a CPU, named by its index).
 */
static const unsigned char *
identity(const struct def *d, const unsigned char *item, uint32_t size, size_t *ret_len)
{
	size_t off = 0, len = 0;

	switch (d->lbl) {
	case L_DISK:
		off = offsetof(struct stats_disk, major);
		len = 2 * sizeof(uint32_t);
		break;
	case L_IFACE:
		off = d->name_off;
		len = MAX_IFACE_LEN;
		break;
	case L_FS:
		off = offsetof(struct stats_filesystem, fs_name);
		len = 2 * MAX_FS_LEN;
		break;
	case L_SERIAL:
		off = offsetof(struct stats_serial, line);
		len = sizeof(uint32_t);
		break;
	case L_SENSOR:
		off = d->name_off;
		len = MAX_SENSORS_DEV_LEN;
		break;
	case L_FCHOST:
		off = offsetof(struct stats_fchost, fchost_name);
		len = MAX_FCH_LEN;
		break;
	case L_BAT:
		len = 1;
		break;
	case L_USB:
		len = sizeof(struct stats_pwr_usb);
		break;
	default:
		break;
	}
	if (off > size)
		off = len = 0;
	else if (len > size - off)
		len = size - off;
	*ret_len = len;
	return item + off;
}

/* The cache of activity act with room for n items, or NULL without memory. */
static struct om_item_cache *
cache_of(struct om_ctx *c, uint32_t act, uint32_t n)
{
	struct om_item_cache *ic;

	if (act > ACTIVITY_NR)
		return NULL;
	if (!c->caches) {
		c->caches = calloc(ACTIVITY_NR + 1, sizeof(*c->caches));
		if (!c->caches)
			return NULL;
	}
	ic = &c->caches[act];
	if (n > ic->cap) {
		struct om_cached *e = realloc(ic->e, (size_t) n * sizeof(*e));

		if (!e)
			return NULL;
		memset(e + ic->cap, 0, (size_t) (n - ic->cap) * sizeof(*e));
		ic->e = e;
		ic->cap = n;
	}
	return ic;
}

/*
 * item_labels() through the cache: the labels at *ret (len *ret_len), in
 * the cache or in c->lbl, valid until the next call; false when the item
 * is left out.
 */
static bool
cached_labels(struct om_ctx *c, const struct def *d, const struct om_items *it,
              const unsigned char *item, uint32_t i, const char **ret, size_t *ret_len)
{
	struct om_item_cache *ic;
	struct om_cached *e;
	const unsigned char *id;
	size_t id_len;
	bool ok;

	/* What depends on the values, not on the name: a CPU's item is all zero when offline. */
	if (d->lbl == L_CPU && (!i || all_zero(item, it->size)))
		return false;
	ic = cache_of(c, d->f.act, it->nr);
	id = identity(d, item, it->size, &id_len);
	if (ic) {
		e = &ic->e[i];
		if (e->valid && e->id_len == id_len &&
		    !memcmp(ic->bytes.buf + e->id_off, id, id_len)) {
			*ret = ic->bytes.buf + e->lab_off;
			*ret_len = e->lab_len;
			return !e->out;
		}
	}
	strbuf_reset(&c->lbl);
	ok = item_labels(c, d, item, i, it->size) && !c->lbl.err;
	*ret = c->lbl.buf ? c->lbl.buf : "";
	*ret_len = c->lbl.len;
	if (!ic)
		return ok;
	if (ic->bytes.len > CACHE_BYTES) {
		strbuf_reset(&ic->bytes);
		memset(ic->e, 0, (size_t) ic->cap * sizeof(*ic->e));
	}
	e = &ic->e[i];
	e->valid = false;
	if (ic->bytes.len + id_len + c->lbl.len < UINT32_MAX) {
		e->id_off = (uint32_t) ic->bytes.len;
		e->id_len = (uint32_t) id_len;
		strbuf_add(&ic->bytes, id, id_len);
		e->lab_off = (uint32_t) ic->bytes.len;
		e->lab_len = (uint32_t) c->lbl.len;
		strbuf_add(&ic->bytes, *ret, c->lbl.len);
		e->out = !ok;
		e->valid = !ic->bytes.err;
	}
	return ok;
}

void
om_family_samples(struct om_ctx *c, size_t fam, const struct om_items *it, om_emit_fn emit,
                  void *arg)
{
	const struct def *d;
	uint32_t i;

	if (fam >= N_DEFS || !fam || !it->nr || !it->nr2 || !it->buf)
		return;
	d = &defs[fam];
	if (!members_fit(d, it->size))
		return;
	if (d->lbl == L_IRQ || d->lbl == L_FREQ) {
		matrix_samples(c, fam, it, emit, arg);
		return;
	}
	if (d->lbl == L_NONE) {
		/* A_IRQ's total is cell [0][0]; single items are item 0. */
		strbuf_reset(&c->lbl);
		emit_members(c, fam, item_at(it, 0, 0), "", 0, emit, arg);
		return;
	}
	for (i = 0; i < it->nr; i++) {
		const unsigned char *item = item_at(it, i, 0);
		const char *labels;
		size_t len;

		if (!cached_labels(c, d, it, item, i, &labels, &len))
			continue;
		emit_members(c, fam, item, labels, len, emit, arg);
	}
}
