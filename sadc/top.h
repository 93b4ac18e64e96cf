/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SADC_TOP_H
#define SYSREC_SADC_TOP_H
/*
 * sadc -S TOP (sysrec): instead of every process (-S PROCESS), the ones
 * that did the most in each interval, so that the default collection can
 * answer "which process was it" the next morning in a few kilobytes a
 * sample: the top N by CPU time, the top N by bytes read and written
 * (without what reaped children had read: report/who.h) and the top N by
 * resident memory, merged, in pid order.
 *
 * A reader needs each process's counters at the previous record to make
 * rates: a process that was in the previous record's list has them there;
 * for one that was not (a newcomer to the top), its counters at the
 * previous sample go into the same record's base list (EXT_A_PROCBASE). A
 * process born since the previous sample needs none: it counts from zero.
 *
 * The ranking needs every process's counters at the previous sample. A
 * sadc that takes several samples keeps them; one run by a timer for one
 * sample (sa1) finds them in a state file beside the data file
 * (.NAME.top), written after each sample, taken only when it is of the
 * same boot and older than the sample. Without them (the first sample),
 * the totals since each process started rank instead, and no base is
 * written.
 */
#include <stdbool.h>
#include <stdint.h>

#include "common/ext.h"

/* --top=N: processes kept per key; the default with -S TOP alone. */
#define SADC_TOP_DEFAULT 5
#define SADC_TOP_MAX     1000

struct sadc_top {
	unsigned n; /* per key */
	/* Every process at the previous sample, sorted by pid (and start time). */
	struct ext_proc *prev;
	uint32_t n_prev;
	size_t prev_cap;
	uint64_t prev_uptime_cs, prev_ust; /* its uptime (1/100 s) and time (s since the epoch) */
	bool have_prev;
	/* The list written for the previous sample (pid order). */
	struct ext_proc *last;
	uint32_t n_last;
	size_t last_cap;
	/* This sample's list and its newcomers' bases, both in pid order. */
	struct ext_proc *top, *base;
	uint32_t n_top, n_base;
	size_t top_cap, base_cap;
};

/*
 * Picks this sample's list from all (n processes sorted by pid, as
 * collect_proc() gives them) taken at uptime_cs and ust (seconds since the
 * epoch); then all becomes the previous sample. Returns 0 or -ENOMEM.
 */
int sadc_top_select(struct sadc_top *t, const struct ext_proc *all, uint32_t n, uint64_t uptime_cs,
                    uint64_t ust);

/*
 * The state file of data file ofile (.NAME.top in its directory) into
 * path. Returns 0, or -ENAMETOOLONG.
 */
int sadc_top_state_path(const char *ofile, char *path, size_t len);

/*
 * Reads the previous sample from the state file path, when it holds one
 * (missing, damaged or of an item layout this sadc does not know: nothing,
 * 0 all the same). Items of an older struct ext_proc (432 or 312 bytes)
 * are remapped, the fields they lacked read as 0. Returns 0 or -ENOMEM.
 */
int sadc_top_load(struct sadc_top *t, const char *path);

/* Writes the previous sample to path (through a temporary file and a rename). Returns 0 or -errno. */
int sadc_top_save(const struct sadc_top *t, const char *path);

void sadc_top_release(struct sadc_top *t);

#endif
