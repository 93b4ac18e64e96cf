/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_COLLECT_PROC_H
#define SYSREC_COLLECT_PROC_H

/*
 * The process collector of sadc -S PROCESS (common/ext.h, EXT_A_PROCESS):
 * one struct ext_proc per /proc/PID of the root, from /proc/PID/stat, io,
 * status, schedstat, cmdline, cgroup and (apart) smaps, the entries of fd/ and the
 * owner of /proc/PID; and of -S THREADS (EXT_A_THREAD), one per
 * /proc/PID/task/TID. Kernel document:
 * Documentation/filesystems/proc.rst (table 1-4 for stat, section 3.3 for
 * io), Documentation/admin-guide/cgroup-v2.rst ("0::" line of cgroup).
 *
 * The parsers take a buffer and its length, need no NUL terminator and
 * never read past len: they are fed hostile bytes by tests/fuzz/fuzz_procpid.c.
 * Text copied into the fixed fields of struct ext_proc is cut to fit,
 * NUL-terminated, and every byte outside printable ASCII (0x20-0x7e)
 * becomes '?', so that reports can print it as it is.
 *
 * Nothing here prints or exits.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/ext.h"
#include "common/sysroot.h"

/* The stat field of delayacct_blkio_ticks, missing on kernels before 2.6.18. */
#define PROC_STAT_BLKIO_FIELD 42
/* The last stat field read: cguest_time (44; guest_time is 43). */
#define PROC_STAT_LAST_FIELD 44

/*
 * Parses /proc/PID/stat into ret: comm (between the first '(' and the last
 * ')', as comm may hold both and spaces), state, ppid, flags (PF_KTHREAD
 * sets EXT_PF_KTHREAD in ret->flags), minflt, cminflt, majflt, cmajflt,
 * utime, stime, cutime, cstime, threads, start_time, vsz_kb (vsize / 1024),
 * rss_kb (rss * page_kb), processor, rt_priority, policy, blkio_ticks,
 * gtime and cgtime. Fields the text lacks, and negative or non-numeric ones,
 * are left as they are (the caller zeroes ret). pid is not set.
 * Returns the number of the last field present (52 on a 5.x kernel; at
 * least PROC_STAT_BLKIO_FIELD when blkio_ticks was there), or -EINVAL when
 * the text has no "(comm)".
 */
int proc_parse_stat(const char *buf, size_t len, uint64_t page_kb, struct ext_proc *ret);

/*
 * Parses /proc/PID/io: the lines "read_bytes:", "write_bytes:" and
 * "cancelled_write_bytes:" into *ret_read, *ret_write and *ret_cancelled.
 * Returns 0 when the first two were found, -EINVAL otherwise (then the
 * outputs may hold some of them).
 */
int proc_parse_io(const char *buf, size_t len, uint64_t *ret_read, uint64_t *ret_write,
                  uint64_t *ret_cancelled);

/*
 * Parses /proc/PID/status: the first number of "Uid:" (the real uid) into
 * ret->ruid, "voluntary_ctxt_switches:" and "nonvoluntary_ctxt_switches:"
 * into ret->nvcsw and ret->nivcsw. Returns 0 when the three were found,
 * -EINVAL otherwise.
 */
int proc_parse_status(const char *buf, size_t len, struct ext_proc *ret);

/*
 * Parses /proc/PID/schedstat ("on-cpu-ns run-delay-ns timeslices"): the
 * run delay into *ret. Returns 0, or -EINVAL without a second number.
 */
int proc_parse_schedstat(const char *buf, size_t len, uint64_t *ret);

/*
 * Makes /proc/PID/cmdline readable: at most EXT_CMDLINE_LEN - 1 bytes of
 * buf, the NULs between arguments as spaces, trailing spaces dropped.
 * Writes a NUL-terminated string (empty when buf is) into out.
 */
void proc_parse_cmdline(const char *buf, size_t len, char out[EXT_CMDLINE_LEN]);

/*
 * Finds the line of /proc/PID/cgroup that starts with "0::" (the unified
 * hierarchy) and copies the rest of it, cut to EXT_CGPATH_LEN - 1 bytes,
 * into out. Returns true when the line is there; otherwise (pure cgroup
 * v1) out is left empty and returns false.
 */
bool proc_parse_cgroup(const char *buf, size_t len, char out[EXT_CGPATH_LEN]);

/*
 * Parses /proc/PID/smaps: the Size and Referenced (kB) of the mapping
 * whose pathname is [stack] (the initial stack) into *ret_size and
 * *ret_ref. Returns 0, or -ENOENT when there is no such mapping (kernel
 * threads, whose smaps is empty); a key that is missing leaves its value.
 */
int proc_parse_smaps_stack(const char *buf, size_t len, uint64_t *ret_size, uint64_t *ret_ref);

/*
 * Reads every process of root's /proc into *items (grown with realloc as
 * needed; *cap counts the items it has room for), zeroed first, sorted by
 * pid, and sets *n to their number. Under a fixture root, proc/_list gives
 * the entries. A process that vanishes while it is read is left out; one
 * whose io or cgroup cannot be read keeps EXT_PF_IO or EXT_PF_CGROUP clear.
 * EXT_PF_DELAYACCT is set on every item when kernel.task_delayacct is 1,
 * or, where that sysctl does not exist, on each item whose stat has the
 * delayacct_blkio_ticks field (then on by default).
 * Returns 0, -ENOMEM (then *n is 0 and *items still belongs to the
 * caller), or the -errno of listing /proc.
 */
int collect_proc(const struct sysroot *root, struct ext_proc **items, uint32_t *n, size_t *cap);

/*
 * collect_proc() reading only what -S TOP ranks by: stat and io (the
 * owner, comm, times, faults, sizes, I/O). The other fields stay 0 and
 * their flags (EXT_PF_STATUS, SCHED, FD, CGROUP) clear.
 */
int collect_proc_basic(const struct sysroot *root, struct ext_proc **items, uint32_t *n,
                       size_t *cap);

/*
 * Reads the rest (status, schedstat, fd/, cmdline, cgroup) of the n
 * processes of items, read by collect_proc_basic(). A process gone since
 * keeps those fields 0 and their flags clear.
 */
void collect_proc_details(const struct sysroot *root, struct ext_proc *items, uint32_t n);

/*
 * Reads the [stack] mapping of smaps of the n processes of items into
 * stack_kb and stack_ref_kb, setting EXT_PF_STACK (0 and set without a
 * read for a kernel thread, which has no mappings; clear when smaps
 * cannot be read). About 0.25 ms a process (against 0.09 ms for all the
 * other files; 0.7 ms for a big process of thousands of mappings): sadc
 * reads it only with -S STACK.
 */
void collect_proc_stacks(const struct sysroot *root, struct ext_proc *items, uint32_t n);

/*
 * sadc -S THREADS: the threads (proc/PID/task/TID) of the n_procs
 * processes of procs (read by collect_proc() or the details) into *items
 * as collect_proc() does, with tgid set to their process, in (tgid, pid)
 * order. A thread's stat, io, status and schedstat are its own; its
 * command line, cgroup, fd/ count and stack mapping are its process's
 * (copied, with their flags, not read again). Returns 0 or -ENOMEM (then
 * *n is 0).
 */
int collect_threads(const struct sysroot *root, const struct ext_proc *procs, uint32_t n_procs,
                    struct ext_proc **items, uint32_t *n, size_t *cap);

#endif
