/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_EXT_H
#define SYSREC_EXT_H

/*
 * sysrec's own activities: processes and cgroups (sadc -S PROCESS or TOP,
 * -S CGROUP), every block device's full counters (sadc -S IOSTAT), and what
 * mpstat reads per CPU beyond /proc/stat's cpu lines (sadc -S MPSTAT).
 *
 * They live in the same daily files as sysstat's activities, but not in the
 * file's activity list: sysstat's sadc refuses to append to a file whose list
 * holds an id it does not know, and sadf -H would list it. They are stored in
 * extra-structure records (record type EXT_RECORD_TYPE, within sysstat's
 * R_EXTRA range 5-15), which every 12.x reader since 12.1.7 skips whole
 * without looking inside (doc/format.md §4.4). One such record follows the R_STATS
 * record it belongs to, with the same time fields, in the same write().
 *
 * The record's extra-structure chain:
 *   extra_desc {nr 1, size 36, types 0,0,9}, then one struct sa_file_activity
 *       (id EXT_A_*, its magic, nr = the number of items, nr2 = 1, has_nr = 0,
 *       size and types_nr of one item);
 *   extra_desc {nr <= 8192, size = item size, types = item types}, items...
 *       as many descriptors as it takes to hold nr items (none when nr is 0);
 *   then the next activity the same way. extra_next is 0 on the last
 *   descriptor of the record.
 * Items follow sysstat's layout rule (u64 fields, then longs, then u32, then
 * bytes), so a reader swaps and remaps them like any stored struct, and a
 * later version may append fields to a group.
 *
 * Ids 1001 to 1006 are far from sysstat's numbering (12.7.x ends at 43).
 */

#include <stddef.h>
#include <stdint.h>

#define EXT_RECORD_TYPE 12u

#define EXT_A_PROCESS 1001u
#define EXT_A_CGROUP  1002u
#define EXT_MAGIC_PROCESS 0x8au
#define EXT_MAGIC_CGROUP  0x8au
#define EXT_A_DISK    1003u
#define EXT_MAGIC_DISK    0x8au
/*
 * sadc -S TOP: the counters at the previous sample of the processes of
 * EXT_A_PROCESS that the previous record did not list (sadc/top.h), as
 * struct ext_proc items. Present (maybe with 0 items) in every record of
 * that collection: it says the process list is a selection.
 */
#define EXT_A_PROCBASE 1004u
#define EXT_MAGIC_PROCBASE 0x8au
/*
 * sadc -S THREADS: the threads (/proc/PID/task/TID) of the processes of
 * EXT_A_PROCESS, as struct ext_proc items with tgid set, in (tgid, pid)
 * order. An activity of its own, so that a reader that counts the items of
 * EXT_A_PROCESS as processes (sar --proc, who, sar --use) is not misled.
 * Under -S TOP, EXT_A_PROCBASE also holds the bases of the threads of a
 * newcomer (tgid set).
 */
#define EXT_A_THREAD     1006u
#define EXT_MAGIC_THREAD 0x8au

/* ext_proc.flags */
#define EXT_PF_KTHREAD  0x01u /* a kernel thread (PF_KTHREAD in stat's flags) */
#define EXT_PF_IO       0x02u /* read_bytes and write_bytes come from /proc/PID/io */
#define EXT_PF_CGROUP   0x04u /* cgroup holds the process's v2 cgroup path */
#define EXT_PF_DELAYACCT 0x08u /* block-I/O delay accounting was on (kernel.task_delayacct) */
#define EXT_PF_STATUS   0x10u /* ruid, nvcsw and nivcsw come from /proc/PID/status */
#define EXT_PF_SCHED    0x20u /* run_delay_ns comes from /proc/PID/schedstat */
#define EXT_PF_FD       0x40u /* fd_nr counts /proc/PID/fd */
#define EXT_PF_REAPED   0x80u /* reaped_read_bytes and reaped_write_bytes are known */
#define EXT_PF_STACK     0x100u /* stack_kb and stack_ref_kb come from /proc/PID/smaps */

#define EXT_COMM_LEN    16
#define EXT_CMDLINE_LEN 96
#define EXT_CGPATH_LEN  96

/*
 * One process (or thread) at one sample: cumulative counters. 440 bytes,
 * types {22, 0, 14}. The fields after blkio_ticks and after state were
 * added for pidstat --archive (files before them hold 312-byte items of
 * types {10, 0, 6}); stack_kb, stack_ref_kb and tgid for its -s and -t
 * (files before them hold 432-byte items of types {22, 0, 12}). The
 * reader remaps both: the new fields read as 0, their EXT_PF_* flags clear.
 */
struct ext_proc {
	uint64_t start_time;  /* clock ticks after boot (stat field 22): with pid, the identity */
	uint64_t utime;       /* clock ticks (stat 14) */
	uint64_t stime;       /* clock ticks (stat 15) */
	uint64_t minflt;      /* stat 10 */
	uint64_t majflt;      /* stat 12 */
	uint64_t rss_kb;      /* stat 24 pages, in kB */
	uint64_t vsz_kb;      /* stat 23 bytes, in kB */
	uint64_t read_bytes;  /* /proc/PID/io read_bytes (EXT_PF_IO) */
	uint64_t write_bytes; /* /proc/PID/io write_bytes (EXT_PF_IO) */
	uint64_t blkio_ticks; /* stat 42 delayacct_blkio_ticks, clock ticks */
	uint64_t cminflt;     /* stat 11: of the children it reaped */
	uint64_t cmajflt;     /* stat 13 */
	uint64_t cutime;      /* stat 16, clock ticks */
	uint64_t cstime;      /* stat 17 */
	uint64_t gtime;       /* stat 43 guest_time (in utime already) */
	uint64_t cgtime;      /* stat 44 cguest_time */
	uint64_t run_delay_ns;          /* schedstat 2: time spent waiting on a run queue (EXT_PF_SCHED) */
	uint64_t cancelled_write_bytes; /* io (EXT_PF_IO) */
	uint64_t nvcsw;       /* status voluntary_ctxt_switches (EXT_PF_STATUS) */
	uint64_t nivcsw;      /* status nonvoluntary_ctxt_switches (EXT_PF_STATUS) */
	/*
	 * EXT_PF_REAPED (sadc -S TOP): the bytes its descendants that ended
	 * since the previous sample had read and written at that sample, which
	 * the kernel has since added to read_bytes and write_bytes (a parent
	 * takes a child's counters when it reaps it): already counted for them.
	 */
	uint64_t reaped_read_bytes;
	uint64_t reaped_write_bytes;
	uint32_t pid;
	uint32_t ppid;
	uint32_t uid;     /* owner of /proc/PID (the effective uid) */
	uint32_t threads; /* stat 20 */
	uint32_t flags;   /* EXT_PF_* */
	uint32_t state;   /* the state letter of stat 3 */
	uint32_t ruid;    /* status Uid, the real one (EXT_PF_STATUS) */
	uint32_t processor;   /* stat 39: the CPU it last ran on */
	uint32_t rt_priority; /* stat 40 */
	uint32_t policy;      /* stat 41 */
	uint32_t fd_nr;       /* entries of /proc/PID/fd (EXT_PF_FD) */
	/* smaps' [stack] mapping, kB (EXT_PF_STACK); was a zero reserved field in 432-byte items */
	uint32_t stack_kb;     /* Size */
	uint32_t stack_ref_kb; /* Referenced */
	uint32_t tgid;         /* a thread (EXT_A_THREAD, a thread's base): its process; else 0 */
	char comm[EXT_COMM_LEN];       /* NUL-terminated */
	char cmdline[EXT_CMDLINE_LEN]; /* arguments joined by spaces, truncated, NUL-terminated; empty for kernel threads */
	char cgroup[EXT_CGPATH_LEN];   /* the "0::" line of /proc/PID/cgroup, truncated, NUL-terminated */
};

#define EXT_PROC_TYPES {22, 0, 14}
_Static_assert(sizeof(struct ext_proc) == 440, "ext_proc is 440 bytes");
_Static_assert(offsetof(struct ext_proc, stack_kb) == 220, "stack_kb where 432-byte items hold 0");

/* ext_cgroup.present: which files (or lines) were there. Absent values are 0 and must be shown as absent. */
#define EXT_CG_CPU       0x001u /* cpu.stat usage_usec, user_usec, system_usec */
#define EXT_CG_THROTTLE  0x002u /* cpu.stat nr_periods, nr_throttled, throttled_usec (cpu controller) */
#define EXT_CG_MEM       0x004u /* memory.current */
#define EXT_CG_MEMMAX    0x008u /* memory.max (mem_max is UINT64_MAX for "max") */
#define EXT_CG_SWAP      0x010u /* memory.swap.current */
#define EXT_CG_MEMEVENTS 0x020u /* memory.events */
#define EXT_CG_IO        0x040u /* io.stat (also when it is empty: no I/O yet) */
#define EXT_CG_PSI_CPU   0x080u /* cpu.pressure some */
#define EXT_CG_PSI_CPUF  0x100u /* cpu.pressure full (5.13 and later) */
#define EXT_CG_PSI_MEM   0x200u /* memory.pressure some and full */
#define EXT_CG_PSI_IO    0x400u /* io.pressure some and full */

#define EXT_CG_PATH_LEN 256

/* One cgroup (v2) at one sample: cumulative counters. 448 bytes, types {23, 0, 2}. */
struct ext_cgroup {
	uint64_t usage_usec, user_usec, system_usec;       /* cpu.stat */
	uint64_t nr_periods, nr_throttled, throttled_usec; /* cpu.stat */
	uint64_t mem_current, mem_max, swap_current;       /* bytes */
	uint64_t ev_high, ev_max, ev_oom, ev_oom_kill;     /* memory.events */
	uint64_t rbytes, wbytes, rios, wios;               /* io.stat, summed over devices */
	uint64_t psi_cpu_some, psi_cpu_full;               /* *.pressure total=, microseconds */
	uint64_t psi_mem_some, psi_mem_full;
	uint64_t psi_io_some, psi_io_full;
	uint32_t present; /* EXT_CG_* */
	uint32_t depth;   /* 0 for the root, 1 for a slice below it, ... */
	char path[EXT_CG_PATH_LEN]; /* "/", "/system.slice", "/system.slice/cron.service"; truncated, NUL-terminated */
};

#define EXT_CGROUP_TYPES {23, 0, 2}
_Static_assert(sizeof(struct ext_cgroup) == 448, "ext_cgroup is 448 bytes");

/* ext_disk.flags */
#define EXT_DF_WHOLE 0x01u /* sys/block/NAME exists: a whole device, not a partition */
#define EXT_DF_PARTS 0x02u /* the sample recorded partitions too (-S XDISK): on every item */

#define EXT_DISK_NAME_LEN 32 /* the kernel's DISK_NAME_LEN: no diskstats name is longer */
#define EXT_DISK_VALUES   17

/*
 * One line of /proc/diskstats at one sample: what iostat reads from
 * /sys/block/NAME/stat (or diskstats itself with -p ALL), every counter.
 * 192 bytes, types {17, 0, 6}.
 */
struct ext_disk {
	/*
	 * The numbers after the name, in the kernel's order (Documentation/
	 * admin-guide/iostats.rst): reads completed, merged, sectors, ms;
	 * writes the same four; in flight, io ms, weighted io ms; discards the
	 * same four (4.18+); flushes completed, ms (5.5+). Those past n_values
	 * are 0.
	 */
	uint64_t v[EXT_DISK_VALUES];
	uint32_t major, minor;
	uint32_t n_values; /* numbers on the line: 17, 15, 11, or 4 (an old kernel's partition) */
	uint32_t flags;    /* EXT_DF_* */
	uint32_t parent;   /* a partition: 1 + the index of its whole device in this record; else 0 */
	uint32_t reserved;
	char name[EXT_DISK_NAME_LEN]; /* as diskstats writes it ('/' in cciss/c0d0), NUL-terminated */
};

#define EXT_DISK_TYPES {17, 0, 6}
_Static_assert(sizeof(struct ext_disk) == 192, "ext_disk is 192 bytes");

/*
 * sadc -S MPSTAT: what mpstat (12.6.1, 12.7.5) reads per CPU besides the
 * cpu lines of /proc/stat and /proc/interrupts (which A_CPU and A_IRQ hold),
 * as struct ext_cpux items numbered as A_CPU's: item 0 "all", item n + 1
 * CPU n (sadc's CPU count: every CPU directory, online or not).
 */
#define EXT_A_CPUX     1005u
#define EXT_MAGIC_CPUX 0x8au

/*
 * The softirq lines one item holds: the kernel has 10 (NR_SOFTIRQS since
 * 2.6.36, 9 before). A machine with more, or with a name that
 * EXT_SOFTIRQ_NAMES lacks, has its softirqs left out (EXT_CX_NOSOFT).
 */
#define EXT_SOFTIRQ_MAX 12

/*
 * ext_cpux.soft_name codes: index into this list. The kernel's names
 * (softirq_to_name[] of kernel/softirq.c); 4.5 renamed BLOCK_IOPOLL to
 * IRQ_POLL, and mpstat prints whichever the file had.
 */
#define EXT_SOFTIRQ_NAMES                                                                   \
	{"", "HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "BLOCK_IOPOLL", "IRQ_POLL", "TASKLET", \
	 "SCHED", "HRTIMER", "RCU"}
#define EXT_SOFTIRQ_NAMES_NR 12

/* ext_cpux.flags */
#define EXT_CX_INTR   0x01u /* item 0: intr holds the first number of /proc/stat's intr line */
#define EXT_CX_SOFT   0x02u /* item 0: /proc/softirqs recorded (n_soft lines); a CPU: its column */
#define EXT_CX_NOSOFT 0x04u /* item 0: /proc/softirqs was there but does not fit the item */

/*
 * One CPU (or "all") at one sample. 96 bytes, types {1, 0, 18}. A file
 * missing is recorded as mpstat reads it: node -2, socket and core 0, no
 * EXT_CX_SOFT.
 */
struct ext_cpux {
	uint64_t intr; /* item 0 (EXT_CX_INTR): the intr total, all 64 bits (mpstat keeps 32) */
	/* A CPU with EXT_CX_SOFT: its count of each /proc/softirqs line (32-bit in the kernel). */
	uint32_t soft[EXT_SOFTIRQ_MAX];
	/*
	 * A CPU: the N of the first nodeN entry of sys/devices/system/cpu/cpuN
	 * (in directory order, as mpstat -n, -N and -A take it), -1 with none,
	 * -2 when the directory cannot be listed (mpstat then drops the nodes).
	 */
	int32_t node;
	/*
	 * A CPU: the first number (strtol) of topology/physical_package_id and
	 * topology/thread_siblings_list, as mpstat -T reads them: 0 when the
	 * file is missing, -1 when it holds no number.
	 */
	int32_t socket;
	int32_t core;
	uint32_t flags;  /* EXT_CX_* */
	uint32_t n_soft; /* item 0 (EXT_CX_SOFT): /proc/softirqs lines, at most EXT_SOFTIRQ_MAX */
	uint32_t reserved;
	uint8_t soft_name[EXT_SOFTIRQ_MAX + 4]; /* item 0: each line's EXT_SOFTIRQ_NAMES code */
};

#define EXT_CPUX_TYPES {1, 0, 18}
_Static_assert(sizeof(struct ext_cpux) == 96, "ext_cpux is 96 bytes");

#endif
