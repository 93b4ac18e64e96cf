/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_COLLECT_H
#define SYSREC_COLLECT_H

/*
 * Collection: reading the statistics of each activity from /proc and /sys
 * (under a run-time root) into the on-disk item structs of layout_stats.h.
 *
 * Each activity has a collector (count + read) in one of the family files
 * collect_cpu.c, collect_mem.c, collect_disk.c, collect_net.c,
 * collect_power.c; the table in collect.c maps activity ids to them.
 * Collectors split parsing from reading: a pure parser over a buffer
 * (unit-tested directly) and a thin reader that takes the buffer from the
 * per-sample file cache below, so that each /proc file is read at most
 * once per sample however many activities use it.
 *
 * Collectors never print and never exit.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/activity.h"
#include "common/layout.h"
#include "common/strbuf.h"
#include "common/sysroot.h"

/* The /proc (and /etc) files shared between activities, cached per sample. */
enum proc_file {
	PF_STAT,          /* proc/stat: CPU, PCSW, QUEUE (procs_blocked), SOFT (online CPUs) */
	PF_MEMINFO,       /* proc/meminfo: MEMORY, HUGE */
	PF_VMSTAT,        /* proc/vmstat: SWAP, PAGE */
	PF_LOADAVG,       /* proc/loadavg: QUEUE */
	PF_INTERRUPTS,    /* proc/interrupts: IRQ */
	PF_DISKSTATS,     /* proc/diskstats: IO, DISK */
	PF_NET_DEV,       /* proc/net/dev: NET_DEV, NET_EDEV */
	PF_NET_SNMP,      /* proc/net/snmp: IP, EIP, ICMP, EICMP, TCP, ETCP, UDP */
	PF_NET_SNMP6,     /* proc/net/snmp6: IP6, EIP6, ICMP6, EICMP6, UDP6 */
	PF_NET_SOCKSTAT,  /* proc/net/sockstat: SOCK */
	PF_NET_SOCKSTAT6, /* proc/net/sockstat6: SOCK6 */
	PF_NET_SOFTNET,   /* proc/net/softnet_stat: SOFT */
	PF_NET_RPC_NFS,   /* proc/net/rpc/nfs: NFS */
	PF_NET_RPC_NFSD,  /* proc/net/rpc/nfsd: NFSD */
	PF_CPUINFO,       /* proc/cpuinfo: PWR_CPU */
	PF_TTY_SERIAL,    /* proc/tty/driver/serial: SERIAL */
	PF_MTAB,          /* etc/mtab: FS */
	PF_PRESSURE_CPU,  /* proc/pressure/cpu: PSI_CPU */
	PF_PRESSURE_IO,   /* proc/pressure/io: PSI_IO */
	PF_PRESSURE_MEM,  /* proc/pressure/memory: PSI_MEM */
	PF_MAX,
};

/* One-line files, read with one read each time (collect_line()). */
enum line_file {
	LF_UPTIME,       /* proc/uptime: every record's header */
	LF_DENTRY_STATE, /* proc/sys/fs/dentry-state: KTABLES */
	LF_FILE_NR,      /* proc/sys/fs/file-nr: KTABLES */
	LF_INODE_STATE,  /* proc/sys/fs/inode-state: KTABLES */
	LF_PTY_NR,       /* proc/sys/kernel/pty/nr: KTABLES */
	LF_MAX,
};

/* What one sadc process knows while collecting; zero it, then collect_init(). */
struct collect_ctx {
	struct sysroot root;
	bool partitions; /* -S XDISK/XALL: partitions in A_DISK too */
	uint64_t sample; /* sample number; the file cache is per sample */

	/* The per-sample cache of enum proc_file contents, read through kept files. */
	struct strbuf files[PF_MAX];
	struct sysroot_file kept[PF_MAX];
	struct sysroot_file line_kept[LF_MAX];
	uint64_t file_sample[PF_MAX]; /* sample the cache entry was read in (0: never) */
	int file_err[PF_MAX];         /* -errno of that read, 0 on success */

	/* Scratch for sysfs reads in collectors (reused, never freed per sample). */
	struct strbuf scratch;

	/* Facts found once per sample: the counting pass asks for them several times. */
	uint64_t cpu_nr_sample; /* sample cpu_nr was found in (0: never) */
	int32_t cpu_nr;
	uint64_t psi_sample; /* sample psi was found in (0: never) */
	bool psi;
	uint64_t no_sensors_sample; /* sample in which no sensor directory could be listed */

	/* Facts found once and kept (e.g. the /proc/net/snmp ICMP layout). */
	int icmp_format; /* 0 unknown, 1 with InCsumErrors, 2 without */
};

/* Path of each enum proc_file below the root. */
const char *collect_file_path(enum proc_file f);

/* Opens the root (NULL for "/"). Returns 0 or -errno. */
int collect_init(struct collect_ctx *c, const char *root);

/* Frees the cache and closes the root; accepts a zeroed context. */
void collect_release(struct collect_ctx *c);

/* Starts a new sample: the cached files are read again on first use. */
void collect_begin_sample(struct collect_ctx *c);

/*
 * The contents of file f for the current sample, NUL-terminated, read on
 * the first call within the sample. Returns NULL when the file cannot be
 * read (the activity then reports nothing, as sysstat does).
 */
const char *collect_file(struct collect_ctx *c, enum proc_file f, size_t *ret_len);

/* Reads the first line of file f now, as sysroot_read_line() does. Returns its length or -errno. */
ssize_t collect_line(struct collect_ctx *c, enum line_file f, char *out, size_t len);

/* A collector returns this when items needs room for more items: the caller doubles it. */
#define COLLECT_E_NOSPACE (-2000)

struct collector {
	/*
	 * The item count when a file is created (sadc's nr_ini), setting
	 * *ret_nr2 for matrix activities (1 otherwise). 0 means the activity
	 * cannot be collected here and is left out of the file. NULL means 1.
	 */
	int32_t (*count)(struct collect_ctx *c, int32_t *ret_nr2);

	/*
	 * Reads the current statistics into items: room for max_nr items of
	 * nr2 sub-items each (desc->size bytes each, item-major), zeroed by
	 * the caller. Returns the number of items (first dimension) filled,
	 * which is the count stored in the record for has_nr activities, or
	 * COLLECT_E_NOSPACE.
	 */
	int32_t (*read)(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2);
};

/*
 * An activity's items: *buf holds *cap items of nr2 sub-items of d->size
 * bytes. collect_reserve() makes room for want items (nothing when there
 * is already); returns 0 or -ENOMEM.
 */
int collect_reserve(const struct activity_desc *d, int32_t nr2, unsigned char **buf, int32_t *cap,
                    int32_t want);

/*
 * Reads d's items with col into *buf, zeroed first, doubling the room (up
 * to d->nr_max items) while the collector asks for more. Returns the item
 * count (first dimension, at most *cap), 0 when the activity cannot be
 * read or more than nr_max items would be needed, or -ENOMEM.
 */
int32_t collect_read_items(struct collect_ctx *c, const struct collector *col,
                           const struct activity_desc *d, int32_t nr2, unsigned char **buf,
                           int32_t *cap);

/* The item count of col at file creation (its count, or 1 when it has none); sets *ret_nr2. */
int32_t collect_count(const struct collector *col, struct collect_ctx *c, int32_t *ret_nr2);

/* The collector of activity id, or NULL when there is none. */
const struct collector *collector_for(uint32_t id);

/*
 * Number of CPUs + 1 as sadc counts them (sys/devices/system/cpu/cpuN, else
 * proc/stat), found once per sample.
 */
int32_t collect_cpu_nr(struct collect_ctx *c);

/* ------------------------------------------------------------------------- */
/* Parsing helpers shared by the collectors. */

/*
 * Parses an unsigned decimal number at *p (leading blanks skipped), stores
 * it in *ret and advances *p past it. Returns 0, or -EINVAL when no digit
 * is there (then *p and *ret are unchanged). Saturates at UINT64_MAX.
 */
int parse_u64(const char **p, uint64_t *ret);

/*
 * A decimal number with an optional sign, as strtol() starts it (blanks,
 * then '-' or '+', then digits): its magnitude in *ret (saturated) and
 * whether it was negative in *ret_neg; *p advances past it. Returns 0, or
 * -EINVAL when no digit follows the sign (nothing is then changed).
 */
int parse_signed(const char **p, bool *ret_neg, uint64_t *ret);

/* Hexadecimal variant of parse_u64 (no 0x prefix), for softnet_stat and FC counters. */
int parse_x64(const char **p, uint64_t *ret);

/*
 * Parses "I.F" as I*100 + the first two digits of F (load averages and PSI
 * averages, exact in hundredths). Returns 0 or -EINVAL.
 */
int parse_hundredths(const char **p, uint64_t *ret);

/*
 * Finds the line of buf that starts with key (key includes any ':'), and
 * returns a pointer just after key, or NULL. Lines end at '\n'.
 */
const char *find_line(const char *buf, const char *key);

/* The start of the line after p, or NULL at the end of buf. */
const char *next_line(const char *p);

/*
 * Copies into line what one fgets(line, size) would return from *pos (sadc
 * reads its files with fixed-size fgets() buffers, and a longer line comes
 * back in pieces): the next line with its '\n', or its first size - 1 bytes.
 * Advances *pos. Returns false at the end of the buffer or when size < 2.
 */
bool collect_gets(const char **pos, char *line, size_t size);

/* ------------------------------------------------------------------------- */
/* The collectors, one pair per activity, defined in the family files. */

#define DECLARE_COLLECTOR(act)                                                                     \
	int32_t collect_count_##act(struct collect_ctx *c, int32_t *ret_nr2);                      \
	int32_t collect_read_##act(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)

/* Single-item activities have a reader only (their count is 1). */
#define DECLARE_READER(act)                                                                        \
	int32_t collect_read_##act(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)

/* collect_cpu.c */
DECLARE_COLLECTOR(cpu);
DECLARE_READER(pcsw);
DECLARE_COLLECTOR(irq);
DECLARE_READER(queue);
DECLARE_READER(ktables);
DECLARE_COLLECTOR(softnet);
DECLARE_COLLECTOR(psi_cpu);
DECLARE_COLLECTOR(psi_io);
DECLARE_COLLECTOR(psi_mem);
/* collect_mem.c */
DECLARE_READER(swap);
DECLARE_READER(page);
DECLARE_READER(memory);
DECLARE_READER(huge);
/* collect_disk.c */
DECLARE_READER(io);
DECLARE_COLLECTOR(disk);
DECLARE_COLLECTOR(serial);
DECLARE_COLLECTOR(fs);
/* collect_net.c */
DECLARE_COLLECTOR(net_dev);
DECLARE_COLLECTOR(net_edev);
DECLARE_COLLECTOR(net_nfs);
DECLARE_COLLECTOR(net_nfsd);
DECLARE_COLLECTOR(net_sock);
DECLARE_COLLECTOR(net_ip);
DECLARE_COLLECTOR(net_eip);
DECLARE_COLLECTOR(net_icmp);
DECLARE_COLLECTOR(net_eicmp);
DECLARE_COLLECTOR(net_tcp);
DECLARE_COLLECTOR(net_etcp);
DECLARE_COLLECTOR(net_udp);
DECLARE_COLLECTOR(net_sock6);
DECLARE_COLLECTOR(net_ip6);
DECLARE_COLLECTOR(net_eip6);
DECLARE_COLLECTOR(net_icmp6);
DECLARE_COLLECTOR(net_eicmp6);
DECLARE_COLLECTOR(net_udp6);
DECLARE_COLLECTOR(net_fc);
/* collect_power.c */
DECLARE_COLLECTOR(pwr_cpu);
DECLARE_COLLECTOR(pwr_fan);
DECLARE_COLLECTOR(pwr_temp);
DECLARE_COLLECTOR(pwr_in);
DECLARE_COLLECTOR(pwr_freq);
DECLARE_COLLECTOR(pwr_usb);
DECLARE_COLLECTOR(pwr_bat); /* 12.7.5 */

#endif
