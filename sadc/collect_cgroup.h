/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_COLLECT_CGROUP_H
#define SYSREC_COLLECT_CGROUP_H

/*
 * sadc -S CGROUP: the cgroups of the unified (v2) hierarchy, one struct
 * ext_cgroup each (common/ext.h). Kernel document:
 * Documentation/admin-guide/cgroup-v2.rst (cpu.stat, memory.*, io.stat) and
 * Documentation/accounting/psi.rst (*.pressure).
 *
 * The parsers below take the NUL-terminated text of one file (or a run of
 * its whole lines) and fill the fields of a cgroup the caller zeroed. They
 * accept any bytes: unknown lines and words are skipped, numbers saturate
 * at UINT64_MAX, sums saturate too. None allocates, prints or exits.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/ext.h"
#include "common/sysroot.h"

/* The most cgroups of one sample: the walk stops there. */
#define COLLECT_CGROUP_MAX 65536u

/* The deepest level visited, whatever depth is asked (a bound on open directories). */
#define COLLECT_CGROUP_DEPTH_MAX 64u

/*
 * Reads the unified hierarchy under root: sys/fs/cgroup when it holds
 * cgroup.controllers, else sys/fs/cgroup/unified when that one does (a
 * hybrid machine: v1 controllers beside a unified tree). Cgroups are
 * visited pre-order, children sorted by name (strcmp), down to depth levels
 * below the root cgroup (the root is level 0, path "/"; its children
 * "/system.slice", ...), at most COLLECT_CGROUP_MAX of them and no deeper
 * than COLLECT_CGROUP_DEPTH_MAX. Each is zeroed, then filled from cpu.stat,
 * memory.current, memory.max, memory.swap.current, memory.events, io.stat,
 * cpu.pressure, memory.pressure and io.pressure, each read once; a missing
 * file (its controller is not enabled, the root cgroup, an old kernel)
 * leaves its EXT_CG_* bit clear and its fields 0. Paths longer than
 * EXT_CG_PATH_LEN - 1 bytes are truncated. A cgroup removed during the walk
 * is left out (or kept with what could be read).
 *
 * When the unified root's cgroup.controllers does not name memory (or
 * there is no unified hierarchy) and a v1 memory hierarchy is mounted at
 * sys/fs/cgroup/memory (holding memory.usage_in_bytes), it is walked too,
 * in the same order and to the same depth (cgroup-v1/memory.rst): each v1
 * cgroup but the root fills the v2 cgroup of the same path, or makes an
 * item of its own where v2 has no such path, in the order of the walk.
 * memory.usage_in_bytes gives mem_current (EXT_CG_MEM),
 * memory.limit_in_bytes mem_max (EXT_CG_MEMMAX, UINT64_MAX when
 * unlimited), memory.oom_control's oom_kill ev_oom_kill and
 * memory.failcnt ev_max (EXT_CG_MEMEVENTS when oom_kill is there), both
 * summed over the cgroup's whole subtree as memory.events is; the other
 * memory.events fields and swap stay 0 and absent. With memory in the
 * unified hierarchy the v1 walk does not run.
 *
 * *items (of *cap items, NULL and 0 at first) is grown with realloc() as
 * needed and stays the caller's to free; *n gets the count.
 * Returns 0; -ENOENT when there is neither a unified hierarchy (no
 * directory with cgroup.controllers at either place) nor a v1 memory
 * hierarchy; -ENOMEM when memory runs out.
 * On failure *n is 0.
 */
int collect_cgroup(const struct sysroot *root, unsigned depth, struct ext_cgroup **items,
                   uint32_t *n, size_t *cap);

/*
 * cpu.stat: usage_usec, user_usec and system_usec (EXT_CG_CPU once
 * usage_usec is seen); nr_periods, nr_throttled and throttled_usec
 * (EXT_CG_THROTTLE once any of them is seen: the cpu controller is on).
 * Each line is "key value"; for a key given twice the last counts.
 */
void cgroup_parse_cpu_stat(const char *text, struct ext_cgroup *cg);

/* memory.events: high, max, oom and oom_kill (low and later keys are skipped). */
void cgroup_parse_memory_events(const char *text, struct ext_cgroup *cg);

/*
 * io.stat: the rbytes=, wbytes=, rios= and wios= words of every line
 * ("MAJ:MIN rbytes=N wbytes=N rios=N wios=N dbytes=N dios=N") added to the
 * cgroup's sums (so a file read in several runs of lines adds up).
 */
void cgroup_parse_io_stat(const char *text, struct ext_cgroup *cg);

/*
 * v1 memory.oom_control ("oom_kill_disable 0\nunder_oom 0\noom_kill N\n"):
 * oom_kill into ev_oom_kill, setting EXT_CG_MEMEVENTS (kernels before 4.13
 * have no such line: the bit stays clear).
 */
void cgroup_parse_oom_control(const char *text, struct ext_cgroup *cg);

/* What cgroup_parse_pressure() found. */
#define CGROUP_PSI_SOME 0x1u
#define CGROUP_PSI_FULL 0x2u

/*
 * A pressure file: the total= word (microseconds) of the line starting with
 * "some " into *some and of the one starting with "full " into *full.
 * Returns the CGROUP_PSI_* bits of the lines found with a total.
 */
unsigned cgroup_parse_pressure(const char *text, uint64_t *some, uint64_t *full);

/*
 * A one-value file (memory.current, memory.max, memory.swap.current): a
 * decimal number, or "max" (UINT64_MAX), blanks and a newline around it.
 * Returns 0, or -EINVAL (then *ret is unchanged).
 */
int cgroup_parse_value(const char *text, uint64_t *ret);

/*
 * v1 memory.limit_in_bytes: as cgroup_parse_value(), but any value from
 * 2^62 up is UINT64_MAX ("max"): v1 shows "unlimited" as the largest page
 * count in bytes (9223372036854771712 with 4 KiB pages).
 */
int cgroup_parse_v1_limit(const char *text, uint64_t *ret);

/* True when the whitespace-separated words of text (cgroup.controllers) hold name. */
bool cgroup_has_controller(const char *text, const char *name);

#endif
