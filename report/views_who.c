/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --proc and --cgroup: the text of the per-interval blocks and their
 * averages, from the rows of who.c. Each interval's block has its own
 * header, as the ranking changes from one interval to the next.
 */
#include <stdlib.h>
#include <string.h>

#include "display.h"
#include "engine.h"
#include "render.h"
#include "who.h"
#include "common/sysexit.h"
#include "common/banned.h"

struct sar_who {
	struct archive_ext ext[2]; /* the records' processes and cgroups, [0]/[1] as the engine's slots */
	struct who_proc_row *prow;
	size_t prow_cap;
	struct who_cg_row *crow;
	size_t crow_cap;
	struct who_avg avg;
};

static struct sar_who *
who_of(struct sar *s)
{
	if (!s->who) {
		s->who = sysrec_calloc(1, sizeof(*s->who));
	}
	return s->who;
}

void
sar_who_free(struct sar_who *w)
{
	int k;

	if (!w)
		return;
	/* Every array the reader's exchanges left here (sar_who_take()), not only these two. */
	for (k = 0; k < 2; k++)
		archive_ext_release(&w->ext[k]);
	free(w->prow);
	free(w->crow);
	who_avg_release(&w->avg);
	free(w);
}

void
sar_who_take(struct sar *s, int k)
{
	struct sar_who *w = who_of(s);
	struct archive_ext tmp = w->ext[k];

	/* The reader decodes the next extension record into the arrays it gets back. */
	w->ext[k] = s->r->ext;
	s->r->ext = tmp;
}

void
sar_who_clear(struct sar *s, int k)
{
	struct sar_who *w = who_of(s);

	w->ext[k].has_proc = w->ext[k].has_cgroup = false;
	w->ext[k].n_proc = w->ext[k].n_cgroup = 0;
}

bool
sar_who_has(struct sar *s, int k, enum sar_who_kind kind)
{
	const struct archive_ext *e = &who_of(s)->ext[k];

	return kind == SAR_WHO_PROC ? e->has_proc : e->has_cgroup;
}

void
sar_who_reset_avg(struct sar *s)
{
	who_avg_reset(&who_of(s)->avg);
}

/* A name from the file as it is shown: control characters become '?'. */
static void
out_name(struct sar *s, const char *name, size_t max)
{
	char buf[EXT_CG_PATH_LEN + 1];
	size_t n = strnlen(name, max < sizeof(buf) - 1 ? max : sizeof(buf) - 1), i;

	for (i = 0; i < n; i++)
		buf[i] = ((unsigned char) name[i] < 0x20 || name[i] == 0x7f) ? '?' : name[i];
	buf[n] = '\0';
	sar_out_str(s, "", 0);
	sar_out_str(s, buf, 0);
}

static void
out_dash(struct sar *s, int width)
{
	sar_out_str(s, "-", width);
}

static void
out_pc(struct sar *s, bool present, double v, int width)
{
	if (present)
		sar_out_fw(s, v, width, 2);
	else
		out_dash(s, width);
}

static void
header(struct sar *s, const char *ts, const char *fields)
{
	sar_out_nl(s);
	sar_out_ts(s, ts);
	sar_out_raw(s, fields);
	sar_out_nl(s);
}

static void
proc_row(struct sar *s, const char *ts, const struct who_proc_row *r)
{
	char pid[16];

	snprintf(pid, sizeof(pid), "%u", r->p->pid);
	sar_out_ts(s, ts);
	sar_out_str(s, pid, 9);
	sar_out_fw(s, r->usr, 7, 2);
	sar_out_fw(s, r->sys, 7, 2);
	sar_out_fw(s, r->cpu, 7, 2);
	sar_out_fw(s, r->majflt_s, 8, 2);
	out_pc(s, r->io, r->rd_kbs, 8);
	out_pc(s, r->io, r->wr_kbs, 8);
	if (r->delayacct)
		sar_out_u64w(s, r->iodelay, 7);
	else
		out_dash(s, 7);
	sar_out_u64w(s, r->rss_kb, 8);
	out_name(s, r->p->comm, EXT_COMM_LEN);
	sar_out_nl(s);
}

static const char proc_fields[] = "       PID    %usr %system    %CPU majflt/s  rd_kB/s  wr_kB/s "
                                  "iodelay   RSS_kB  Command";
static const char cg_fields[] = "    %CPU  %thrtl    mem_kB %memmax oomkill  rd_kB/s  wr_kB/s  "
                                "%scpu  %fcpu  %smem  %fmem   %sio   %fio  cgroup";

static void
cg_row(struct sar *s, const char *ts, const struct who_cg_row *r)
{
	uint32_t p = r->present;

	sar_out_ts(s, ts);
	out_pc(s, p & EXT_CG_CPU, r->cpu, 7);
	out_pc(s, p & EXT_CG_THROTTLE, r->thrtl, 7);
	if (p & EXT_CG_MEM)
		sar_out_u64w(s, r->mem_kb, 9);
	else
		out_dash(s, 9);
	out_pc(s, r->memmax >= 0, r->memmax, 7);
	if (p & EXT_CG_MEMEVENTS)
		sar_out_u64w(s, r->oom_kills, 7);
	else
		out_dash(s, 7);
	out_pc(s, p & EXT_CG_IO, r->rd_kbs, 8);
	out_pc(s, p & EXT_CG_IO, r->wr_kbs, 8);
	out_pc(s, p & EXT_CG_PSI_CPU, r->psi_cpu_some, 6);
	out_pc(s, p & EXT_CG_PSI_CPUF, r->psi_cpu_full, 6);
	out_pc(s, p & EXT_CG_PSI_MEM, r->psi_mem_some, 6);
	out_pc(s, p & EXT_CG_PSI_MEM, r->psi_mem_full, 6);
	out_pc(s, p & EXT_CG_PSI_IO, r->psi_io_some, 6);
	out_pc(s, p & EXT_CG_PSI_IO, r->psi_io_full, 6);
	out_name(s, r->c->path, EXT_CG_PATH_LEN);
	sar_out_nl(s);
}

static void
print_procs(struct sar *s, struct who_proc_row *rows, size_t n)
{
	size_t i, top = n < s->o.proc_count ? n : s->o.proc_count;

	who_proc_sort(rows, n, (enum who_sort) s->o.proc_sort);
	header(s, s->ts_prev, proc_fields);
	for (i = 0; i < top; i++)
		proc_row(s, s->ts_curr, &rows[i]);
}

static void
print_cgroups(struct sar *s, const struct who_cg_row *rows, size_t n)
{
	size_t i;

	header(s, s->ts_prev, cg_fields);
	for (i = 0; i < n; i++)
		cg_row(s, s->ts_curr, &rows[i]);
}

/* -x's extremes are sysstat's views' own: these rows stay out of them. */
static struct sar_xstats *
xs_off(struct sar *s)
{
	struct sar_xstats *xs = s->xs;

	s->xs = NULL;
	return xs;
}

bool
sar_who_print(struct sar *s, enum sar_who_kind kind, int prev, int curr,
              const struct sa_record_header *hprev, const struct sa_record_header *hcurr,
              uint64_t hz)
{
	struct sar_who *w = who_of(s);
	struct sar_xstats *xs = xs_off(s);
	uint64_t itv = sar_interval_of(hprev, hcurr);
	int n;

	if (kind == SAR_WHO_PROC) {
		n = who_proc_rows(&w->ext[prev], hprev->uptime_cs, &w->ext[curr], hcurr->uptime_cs,
		                  hz, &w->prow, &w->prow_cap);
		if (n < 0 || who_avg_add_procs(&w->avg, w->prow, (size_t) n, itv) < 0)
			sysrec_nomem();
		if (n > 0)
			print_procs(s, w->prow, (size_t) n);
	} else {
		n = who_cg_rows(&w->ext[prev], hprev->uptime_cs, &w->ext[curr], hcurr->uptime_cs,
		                &w->crow, &w->crow_cap);
		if (n < 0 || who_avg_add_cgroups(&w->avg, w->crow, (size_t) n, itv) < 0)
			sysrec_nomem();
		if (n > 0)
			print_cgroups(s, w->crow, (size_t) n);
	}
	s->xs = xs;
	return n > 0;
}

void
sar_who_print_avg(struct sar *s, enum sar_who_kind kind)
{
	struct sar_who *w = who_of(s);
	struct sar_xstats *xs = xs_off(s);
	int n;

	if (kind == SAR_WHO_PROC) {
		n = who_avg_proc_rows(&w->avg, &w->prow, &w->prow_cap);
		if (n < 0)
			sysrec_nomem();
		if (n > 0)
			print_procs(s, w->prow, (size_t) n);
	} else {
		n = who_avg_cg_rows(&w->avg, &w->crow, &w->crow_cap);
		if (n < 0)
			sysrec_nomem();
		if (n > 0)
			print_cgroups(s, w->crow, (size_t) n);
	}
	s->xs = xs;
}
