/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CPU family of sar views: CPU utilization (-u, -u ALL, -P), task
 * creation and context switches (-w), interrupts (-I, --int=), run queue
 * and load (-q), softnet (-n SOFT) and pressure stall (-q CPU/IO/MEM)
 * (doc/activities.md §3).
 *
 * The per-CPU views work on the engine's slots in place, as sysstat does
 * on its sample buffers: the "all" item is rebuilt from the CPUs, an
 * offline CPU takes over its previous values (so that they are still there
 * when it is the reference of the next row), and the iowait/idle
 * corrections rewrite the reference values. The engine always passes the
 * activity's own slots (a->slot[]), which is what lets a view find the
 * writable slot behind a const pointer.
 *
 * sadf (sink mode) shows the same rows, without sar's -z; its interrupt
 * rows are irregular: values named by CPU column, and in XML one element
 * per value (irq_xml_row).
 */
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "render.h"
#include "views.h"
#include "xstats.h"
#include "common/activity.h"
#include "common/layout.h"
#include "common/sysexit.h"
#include "common/numfmt.h"
#include "common/strbuf.h"
#include "common/banned.h"

/* Items of a per-CPU activity that sysstat 12.6.1 looks at: "all" and NR_CPUS (8192). */
#define CPU_ITEMS_MAX 8193

/* Interrupt numbers of --int= ranges are below sysstat's NR_IRQS. */
#define IRQ_NR_MAX 4096

/* A bitmap of CPU items (bit 0 = "all"). */
struct cpu_mask {
	unsigned char bits[CPU_ITEMS_MAX / 8 + 1];
};

static void
mask_set(struct cpu_mask *m, uint32_t i)
{
	m->bits[i >> 3] |= (unsigned char) (1u << (i & 7));
}

static bool
mask_has(const struct cpu_mask *m, uint32_t i)
{
	return (m->bits[i >> 3] & (1u << (i & 7))) != 0;
}

/* ---- slots ---- */

static struct sar_slot *
own_slot(struct sar_act *a, const struct sar_slot *sl)
{
	int k;

	for (k = 0; k < 3; k++)
		if (sl == &a->slot[k])
			return &a->slot[k];
	/* A slot that is not the activity's own breaks the engine's contract. */
	abort();
}

static void *
cell(const struct sar_act *a, struct sar_slot *sl, uint32_t i, uint32_t j)
{
	return sl->items + ((size_t) i * a->fa->fa.nr2 + j) * a->desc->size;
}

/*
 * The per-CPU items that are examined: nr_ini, raised to the record's count
 * when a file lacks the LINUX RESTART of a machine that got more CPUs.
 */
static uint32_t
cpu_items(struct sar_act *a, struct sar_slot *prev, struct sar_slot *curr)
{
	uint32_t n;

	if (curr->nr <= CPU_ITEMS_MAX && (int32_t) curr->nr > a->nr_ini)
		a->nr_ini = (int32_t) curr->nr;
	n = a->nr_ini > 0 ? (uint32_t) a->nr_ini : 0;
	if (n > CPU_ITEMS_MAX)
		n = CPU_ITEMS_MAX;
	sar_slot_reserve(a, prev, n);
	sar_slot_reserve(a, curr, n);
	return n;
}

/* ---- numbers ---- */

/* sysstat's S_VALUE on a 64-bit field: the difference wraps in 64 bits. */
static double
rate64(uint64_t prev, uint64_t curr, uint64_t itv)
{
	return (double) (curr - prev) / (double) itv * 100;
}

/* S_VALUE on a 32-bit field: the difference wraps in 32 bits. */
static double
rate32(uint32_t prev, uint32_t curr, uint64_t itv)
{
	return (double) (uint32_t) (curr - prev) / (double) itv * 100;
}

/* sysstat's ll_sp_value: a share of tot, 0 when the counter went backwards. */
static double
share(uint64_t prev, uint64_t curr, uint64_t tot)
{
	if (curr < prev)
		return 0.0;
	return (double) (curr - prev) / (double) tot * 100;
}

static void
out_cpu_name(struct sar *s, uint32_t i)
{
	char num[16];

	if (i == 0) {
		sar_out_str(s, "all", 7);
		return;
	}
	sar_out_str(s, numfmt_label(num, sizeof(num), "", (unsigned) (i - 1), 0), 7);
}

/* The header of a view that prints it only when due. */
static void
header_if_due(struct sar *s, const struct sar_view *v, const struct sar_act *a)
{
	if (s->dish)
		sar_out_header(s, v, s->ts_prev, a, NULL);
}

/* ---- CPU: -u, -u ALL ---- */

static void
cpu_add(struct stats_cpu *sum, const struct stats_cpu *c)
{
	sum->cpu_user += c->cpu_user;
	sum->cpu_nice += c->cpu_nice;
	sum->cpu_sys += c->cpu_sys;
	sum->cpu_idle += c->cpu_idle;
	sum->cpu_iowait += c->cpu_iowait;
	sum->cpu_hardirq += c->cpu_hardirq;
	sum->cpu_steal += c->cpu_steal;
	sum->cpu_softirq += c->cpu_softirq;
	sum->cpu_guest += c->cpu_guest;
	sum->cpu_guest_nice += c->cpu_guest_nice;
}

/*
 * SMP: rebuilds "all" (item 0 of both slots) from the CPUs that have a
 * reference, marks the CPUs not to display, and returns the ticks of "all".
 */
static uint64_t
cpu_rebuild_all(const struct sar *s, struct sar_act *a, struct sar_slot *prev,
                struct sar_slot *curr, uint32_t n, struct cpu_mask *hidden)
{
	struct stats_cpu *all_c = cell(a, curr, 0, 0), *all_p = cell(a, prev, 0, 0);
	uint64_t ticks = 0;
	uint32_t i;

	memset(all_c, 0, sizeof(*all_c));
	memset(all_p, 0, sizeof(*all_p));
	for (i = 1; i < n; i++) {
		bool offline;

		if (!sar_cpu_add_to_all(cell(a, prev, i, 0), cell(a, curr, i, 0), s->since_boot,
		                        all_p, all_c, &ticks, &offline) ||
		    offline)
			mask_set(hidden, i);
	}
	return ticks;
}

bool
sar_cpu_add_to_all(struct stats_cpu *p, struct stats_cpu *c, bool since_boot,
                   struct stats_cpu *all_p, struct stats_cpu *all_c, uint64_t *ticks,
                   bool *ret_offline)
{
	uint64_t ticks_p = sar_cpu_ticks(p);

	*ret_offline = sar_cpu_ticks(c) == 0;
	/* Offline: keep its values, so that they do not jump from 0 later. */
	if (*ret_offline)
		*c = *p;
	/* Back online with no reference: neither shown nor counted. */
	if (ticks_p == 0 && !since_boot)
		return false;
	*ticks += sar_cpu_interval(c, p);
	cpu_add(all_c, c);
	cpu_add(all_p, p);
	return true;
}

/* A CPU with no tick in the interval (tickless): idle all along. */
static void
cpu_out_tickless(struct sar *s, bool all_cols)
{
	int k, n = all_cols ? 9 : 5;

	sar_xstats_drop_row(s);
	for (k = 0; k < n; k++)
		sar_out_xpc(s, 0.0, 9, 2, SAR_XNONE);
	sar_out_xpc(s, 100.0, 9, 2, SAR_XNONE);
}

static void
cpu_out_default(struct sar *s, const struct stats_cpu *p, const struct stats_cpu *c, uint64_t tot)
{
	sar_out_pc(s, share(p->cpu_user, c->cpu_user, tot));
	sar_out_pc(s, share(p->cpu_nice, c->cpu_nice, tot));
	sar_out_pc(s, share(p->cpu_sys + p->cpu_hardirq + p->cpu_softirq,
	                    c->cpu_sys + c->cpu_hardirq + c->cpu_softirq, tot));
	sar_out_pc(s, share(p->cpu_iowait, c->cpu_iowait, tot));
	sar_out_pc(s, share(p->cpu_steal, c->cpu_steal, tot));
	sar_out_xpc(s, share(p->cpu_idle, c->cpu_idle, tot), 9, 2, SAR_XLOW);
}

static void
cpu_out_all(struct sar *s, const struct stats_cpu *p, const struct stats_cpu *c, uint64_t tot)
{
	/* Guest time is part of user (and nice) time: %usr and %nice leave it out. */
	sar_out_pc(s, share(p->cpu_user - p->cpu_guest, c->cpu_user - c->cpu_guest, tot));
	sar_out_pc(s, share(p->cpu_nice - p->cpu_guest_nice, c->cpu_nice - c->cpu_guest_nice, tot));
	sar_out_pc(s, share(p->cpu_sys, c->cpu_sys, tot));
	sar_out_pc(s, share(p->cpu_iowait, c->cpu_iowait, tot));
	sar_out_pc(s, share(p->cpu_steal, c->cpu_steal, tot));
	sar_out_pc(s, share(p->cpu_hardirq, c->cpu_hardirq, tot));
	sar_out_pc(s, share(p->cpu_softirq, c->cpu_softirq, tot));
	sar_out_pc(s, share(p->cpu_guest, c->cpu_guest, tot));
	sar_out_pc(s, share(p->cpu_guest_nice, c->cpu_guest_nice, tot));
	sar_out_xpc(s, share(p->cpu_idle, c->cpu_idle, tot), 9, 2, SAR_XLOW);
}

/* Rows and averages alike: the average is the share from the segment's first record. */
static unsigned
cpu_report(struct sar *s, struct sar_act *a, const struct sar_slot *prev_slot,
           const struct sar_slot *curr_slot, bool all_cols)
{
	struct sar_slot *prev = own_slot(a, prev_slot), *curr = own_slot(a, curr_slot);
	struct cpu_mask hidden;
	uint64_t tot = 1;
	unsigned lines = 0;
	uint32_t i, n;

	header_if_due(s, all_cols ? &view_cpu_all : &view_cpu, a);
	memset(&hidden, 0, sizeof(hidden));
	n = cpu_items(a, prev, curr);
	/* On SMP, the stored "all" is ignored: it is the sum of the CPUs shown. */
	if (a->nr_ini > 1)
		tot = cpu_rebuild_all(s, a, prev, curr, n, &hidden);
	for (i = 0; i < n; i++) {
		struct stats_cpu *c = cell(a, curr, i, 0), *p = cell(a, prev, i, 0);

		if (!sar_cpu_selected(s, i) || mask_has(&hidden, i))
			continue;
		sar_out_ts(s, s->ts_curr);
		out_cpu_name(s, i);
		lines++;
		if (i == 0) {
			if (a->nr_ini == 1)
				tot = sar_cpu_interval(c, p);
			if (!tot)
				tot = 1;
		} else {
			tot = sar_cpu_interval(c, p);
			if (!tot) {
				cpu_out_tickless(s, all_cols);
				sar_out_nl(s);
				continue;
			}
		}
		if (all_cols)
			cpu_out_all(s, p, c, tot);
		else
			cpu_out_default(s, p, c, tot);
		sar_out_nl(s);
	}
	return lines;
}

static unsigned
cpu_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
          const struct sar_slot *curr, uint64_t itv)
{
	(void) itv;
	return cpu_report(s, a, prev, curr, false);
}

static void
cpu_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
              const struct sar_slot *last, uint64_t itv)
{
	(void) itv;
	cpu_report(s, a, first, last, false);
}

static unsigned
cpu_all_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
              const struct sar_slot *curr, uint64_t itv)
{
	(void) itv;
	return cpu_report(s, a, prev, curr, true);
}

static void
cpu_all_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                  const struct sar_slot *last, uint64_t itv)
{
	(void) itv;
	cpu_report(s, a, first, last, true);
}

static const struct sar_names cpu_names = {
        .json = "cpu-load",
        .keys = "cpu;user;nice;system;iowait;steal;idle",
        .xml = "cpu-load",
        .xml_item = "cpu",
        .xml_keys = "number;user;nice;system;iowait;steal;idle",
        .flags = SAR_NF_ITEMS | SAR_NF_CPU_ITEM,
};

const struct sar_view view_cpu = {
        .names = &cpu_names,
        .act_id = A_CPU,
        .opt = SAR_O_CPU,
        .hdr = "CPU;%user;%nice;%system;%iowait;%steal;%idle",
        .iwidth = 7,
        .flags = SAR_VF_CPU_BITMAP,
        .print = cpu_print,
        .print_avg = cpu_print_avg,
};

static const struct sar_names cpu_all_names = {
        .json = "cpu-load",
        .keys = "cpu;usr;nice;sys;iowait;steal;irq;soft;guest;gnice;idle",
        .xml = "cpu-load",
        .xml_item = "cpu",
        .xml_keys = "number;usr;nice;sys;iowait;steal;irq;soft;guest;gnice;idle",
        .flags = SAR_NF_ITEMS | SAR_NF_CPU_ITEM,
};

const struct sar_view view_cpu_all = {
        .names = &cpu_all_names,
        .act_id = A_CPU,
        .opt = SAR_O_CPU_ALL,
        .hdr = "CPU;%usr;%nice;%sys;%iowait;%steal;%irq;%soft;%guest;%gnice;%idle",
        .iwidth = 7,
        .flags = SAR_VF_CPU_BITMAP,
        .print = cpu_all_print,
        .print_avg = cpu_all_print_avg,
};

/* ---- task creation and context switches: -w ---- */

/* Rows and averages alike: the average is the rate from the segment's first record. */
static unsigned
pcsw_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
           const struct sar_slot *curr, uint64_t itv)
{
	const struct stats_pcsw *p = sar_item(a, prev, 0, 0), *c = sar_item(a, curr, 0, 0);

	header_if_due(s, &view_pcsw, a);
	sar_out_ts(s, s->ts_curr);
	sar_xstats_rate(s, p->processes, c->processes);
	sar_out_f(s, rate64(p->processes, c->processes, itv));
	sar_xstats_rate(s, p->context_switch, c->context_switch);
	sar_out_f(s, rate64(p->context_switch, c->context_switch, itv));
	sar_out_nl(s);
	return 1;
}

static void
pcsw_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
               const struct sar_slot *last, uint64_t itv)
{
	pcsw_print(s, a, first, last, itv);
}

static const struct sar_names pcsw_names = {
        .json = "process-and-context-switch",
        .keys = "proc;cswch",
        .xml = "process-and-context-switch",
        .xml_attrs = " per=\"second\"",
};

const struct sar_view view_pcsw = {
        .names = &pcsw_names,
        .act_id = A_PCSW,
        .opt = SAR_O_MAIN,
        .hdr = "proc/s;cswch/s",
        .print = pcsw_print,
        .print_avg = pcsw_print_avg,
};

/* ---- interrupts: -I, --int= ---- */

/*
 * An entry of --int= that is a number or a range ("5", "0-16", "40-") stands
 * for the decimal names of its interrupts. Returns false for any other word.
 */
static bool
irq_range(const char *word, long *ret_lo, long *ret_hi)
{
	char range[16];
	char *dash;
	const char *hi_str = word;
	long lo = -1, hi;
	size_t len;

	if (strlen(word) > 16 || strspn(word, "0123456789-") != strlen(word))
		return false;
	/* Like sysstat, only the first 15 characters of a range are read. */
	len = strlen(word) < sizeof(range) ? strlen(word) : sizeof(range) - 1;
	memcpy(range, word, len);
	range[len] = '\0';
	dash = strchr(range, '-');
	if (dash) {
		*dash = '\0';
		if (!range[0] || strspn(range, "0123456789") != strlen(range))
			return false;
		lo = (int) strtol(range, NULL, 10);
		if (lo < 0 || lo >= IRQ_NR_MAX)
			return false;
		hi_str = dash + 1;
	}
	if (!hi_str[0]) {
		if (!dash)
			return false;
		hi = IRQ_NR_MAX - 1;
	} else {
		if (strspn(hi_str, "0123456789") != strlen(hi_str))
			return false;
		hi = (int) strtol(hi_str, NULL, 10);
		if (hi < 0 || hi >= IRQ_NR_MAX)
			return false;
	}
	if (!dash)
		lo = hi;
	if (hi < lo)
		return false;
	*ret_lo = lo;
	*ret_hi = hi;
	return true;
}

/* Whether name is the decimal name ("%d") of an interrupt in [lo, hi]. */
static bool
irq_name_in(const char *name, long lo, long hi)
{
	size_t len = strlen(name);
	long v;

	if (!len || len > 4 || strspn(name, "0123456789") != len || (name[0] == '0' && len > 1))
		return false;
	v = strtol(name, NULL, 10);
	return v >= lo && v <= hi;
}

/* Whether one --int= entry selects the interrupt named name; and whether it selects any. */
static bool
irq_entry_matches(const char *entry, const char *name, bool *ret_active)
{
	long lo, hi;

	if (irq_range(entry, &lo, &hi)) {
		*ret_active = true;
		return irq_name_in(name, lo, hi);
	}
	/* sysstat drops the names too long for an interrupt. */
	if (strlen(entry) >= MAX_SA_IRQ_LEN)
		return false;
	*ret_active = true;
	return !strcmp(entry, name);
}

bool
sar_irq_selected(const struct sar *s, const char *name)
{
	const struct strbuf *l = &s->o.int_list;
	bool active = false;
	size_t off = 0;

	if (s->o.outputs[A_IRQ] & SAR_O_IRQ_SUM) {
		if (!strcmp(name, "sum"))
			return true;
		active = true;
	}
	while (l->buf && off < l->len) {
		const char *entry = l->buf + off;

		off += strlen(entry) + 1;
		if (entry[0] && irq_entry_matches(entry, name, &active))
			return true;
	}
	return !active;
}

/*
 * Marks the CPU columns not to show: unselected, back online with no
 * reference, or offline now (whose counts then keep their previous values).
 */
static void
irq_mask_cpus(const struct sar *s, struct sar_act *a, struct sar_slot *prev, struct sar_slot *curr,
              uint32_t n, struct cpu_mask *masked)
{
	size_t row = (size_t) a->fa->fa.nr2 * a->desc->size;
	uint32_t i;

	for (i = 0; i < n; i++) {
		const struct stats_irq *p = cell(a, prev, i, 0);
		struct stats_irq *c = cell(a, curr, i, 0);

		if ((p->irq_nr == 0 && !s->since_boot) || !sar_cpu_selected(s, i)) {
			mask_set(masked, i);
			continue;
		}
		if (c->irq_nr == 0) {
			mask_set(masked, i);
			memcpy(c, p, row);
		}
	}
}

static void
irq_name(const struct stats_irq *q, char *out, size_t len)
{
	str_copy(out, len, q->irq_name, sizeof(q->irq_name));
}

/* The columns shown: the CPU items of the record (at most CPU_ITEMS_MAX) not masked. */
static uint32_t
irq_columns(const struct sar_slot *curr, const struct cpu_mask *masked, uint32_t *ret_ncols)
{
	uint32_t ncols = curr->nr < CPU_ITEMS_MAX ? curr->nr : CPU_ITEMS_MAX, c, shown = 0;

	for (c = 0; c < ncols; c++)
		if (!mask_has(masked, c))
			shown++;
	*ret_ncols = ncols;
	return shown;
}

/*
 * sadf names each value of an interrupt by its CPU column: "all", then
 * cpuN for -p, CPUN in JSON, N in XML (the cpu attribute).
 */
static void
irq_column_name(const struct sar *s, uint32_t c, char *buf, size_t len)
{
	if (c == 0)
		str_copy(buf, len, "all", 3);
	else
		numfmt_label(buf, len,
		             s->sink_format == SAR_SINK_JSON  ? "CPU"
		             : s->sink_format == SAR_SINK_XML ? ""
		                                               : "cpu",
		             (unsigned) (c - 1), 0);
}

/* The values of interrupt i in the columns shown. */
static void
irq_values(struct sar *s, const struct sar_act *a, struct sar_slot *prev, struct sar_slot *curr,
           uint32_t i, uint32_t ncols, const struct cpu_mask *masked, uint64_t itv)
{
	char name[32];
	uint32_t c;

	for (c = 0; c < ncols; c++) {
		const struct stats_irq *qc = cell(a, curr, c, i), *qp = cell(a, prev, c, i);

		if (mask_has(masked, c))
			continue;
		if (s->sink) {
			irq_column_name(s, c, name, sizeof(name));
			sar_out_name(s, name);
		}
		/* A CPU going offline takes its interrupts out of the total. */
		if (c == 0 && qc->irq_nr < qp->irq_nr)
			sar_out_f(s, 0.0);
		else
			sar_out_f(s, rate32(qp->irq_nr, qc->irq_nr, itv));
	}
}

/*
 * sadf: the interrupt's row, its name then its values. Without a column,
 * sysstat prints nothing, but for -d a line of the time alone. XML has
 * the whole record in one row (irq_xml_row).
 */
static void
irq_sink_row(struct sar *s, const struct sar_act *a, struct sar_slot *prev, struct sar_slot *curr,
             uint32_t i, const char *name, const struct cpu_mask *masked, uint64_t itv)
{
	uint32_t ncols, shown = irq_columns(curr, masked, &ncols);
	bool xml = s->sink_format == SAR_SINK_XML;

	if (!shown && s->sink_format != SAR_SINK_DB)
		return;
	if (!xml)
		sar_out_ts(s, s->ts_curr);
	if (shown)
		sar_out_str(s, name, 9);
	irq_values(s, a, prev, curr, i, ncols, masked, itv);
	if (!xml)
		sar_out_nl(s);
}

/* Rows and averages alike; the header comes before every sample, columns may change. */
static unsigned
irq_report(struct sar *s, struct sar_act *a, const struct sar_slot *prev_slot,
           const struct sar_slot *curr_slot, uint64_t itv)
{
	struct sar_slot *prev = own_slot(a, prev_slot), *curr = own_slot(a, curr_slot);
	uint32_t nr2 = a->fa->fa.nr2, ncols, i;
	struct sar_view hdr = view_irq;
	struct cpu_mask masked;
	unsigned lines = 0;
	char name[MAX_SA_IRQ_LEN + 1];

	memset(&masked, 0, sizeof(masked));
	irq_mask_cpus(s, a, prev, curr, cpu_items(a, prev, curr), &masked);
	/* With --pretty the interrupt name goes to the end of the line. */
	hdr.iwidth = s->o.pretty ? -1 : 0;
	sar_out_header(s, &hdr, s->ts_prev, a, masked.bits);
	irq_columns(curr, &masked, &ncols);
	if (s->sink && s->sink_format == SAR_SINK_XML)
		sar_out_ts(s, s->ts_curr);
	for (i = 0; i < nr2; i++) {
		const struct stats_irq *q_all_c = cell(a, curr, 0, i),
		                       *q_all_p = cell(a, prev, 0, i);

		irq_name(q_all_c, name, sizeof(name));
		if (!sar_irq_selected(s, name))
			continue;
		if (s->sink) {
			/* sadf has no -z. */
			irq_sink_row(s, a, prev, curr, i, name, &masked, itv);
			continue;
		}
		if (s->o.zero_omit && q_all_c->irq_nr == q_all_p->irq_nr)
			continue;
		sar_out_ts(s, s->ts_curr);
		if (!s->o.pretty)
			sar_out_str(s, name, 9);
		irq_values(s, a, prev, curr, i, ncols, &masked, itv);
		if (s->o.pretty) {
			sar_out_raw(s, " ");
			sar_out_raw(s, name);
		}
		sar_out_nl(s);
		lines++;
	}
	if (s->sink && s->sink_format == SAR_SINK_XML)
		sar_out_nl(s);
	return lines;
}

static void
irq_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
              const struct sar_slot *last, uint64_t itv)
{
	irq_report(s, a, first, last, itv);
}

/*
 * One <irq intr="intr" cpu="cpu" value="v"/> line, as fprintf("%.*f")
 * would write it in the locale of decimal point dp: built in one buffer
 * (fprintf() took 2,000 instructions a value, an eighth of sadf -x -- -A).
 */
static void
irq_xml_value(struct outbuf *out, const char *intr, const char *cpu, const struct sar_cell *c,
              const char *dp)
{
	size_t a = strlen(intr), b = strlen(cpu), n = 0, v;
	char *line;

	if (a + b > 128 || c->decimals < 0 || c->decimals > 9 || !(line = outbuf_reserve(out, 256)))
		goto slow;
	memcpy(line, "<irq intr=\"", 11);
	n = 11;
	memcpy(line + n, intr, a);
	n += a;
	memcpy(line + n, "\" cpu=\"", 7);
	n += 7;
	memcpy(line + n, cpu, b);
	n += b;
	memcpy(line + n, "\" value=\"", 9);
	n += 9;
	v = c->decimals == 2 && dp[0] == '.' && !dp[1] ? numfmt_fixed2_small(line + n, c->d) : 0;
	if (!v)
		v = numfmt_fixed(line + n, 256 - n - 4, c->d, 0, c->decimals, dp);
	if (!v)
		goto slow;
	n += v;
	memcpy(line + n, "\"/>\n", 4);
	outbuf_commit(out, n + 4);
	return;
slow:
	outbuf_printf(out, "<irq intr=\"%s\" cpu=\"%s\" value=\"%.*f\"/>\n", intr, cpu, c->decimals,
	              c->d);
}

/*
 * sadf -x: the record's interrupts in one row of cells, each name (a
 * string cell) followed by its values, which are named by CPU.
 */
static void
irq_xml_row(const struct sar *s, struct outbuf *out, int tab, const struct sar_cell *cells,
            size_t n)
{
	const char *intr = "", *dp = localeconv()->decimal_point;
	size_t k;
	int t;

	(void) s;
	for (t = 0; t < tab; t++)
		outbuf_putc(out, '\t');
	outbuf_puts(out, "<int-global per=\"second\">\n");
	for (k = 0; k < n; k++) {
		if (cells[k].kind == SAR_CELL_STR) {
			intr = cells[k].str;
			continue;
		}
		for (t = 0; t <= tab; t++)
			outbuf_putc(out, '\t');
		irq_xml_value(out, intr, cells[k].name ? cells[k].name : "", &cells[k], dp);
	}
	for (t = 0; t < tab; t++)
		outbuf_putc(out, '\t');
	outbuf_puts(out, "</int-global>\n");
}

static const struct sar_names irq_names = {
        .json = "interrupts",
        .keys = "intr",
        .xml = "interrupts",
        .xml_attrs = "",
        .flags = SAR_NF_ITEMS,
        .xml_row = irq_xml_row,
};

const struct sar_view view_irq = {
        .names = &irq_names,
        .act_id = A_IRQ,
        .opt = SAR_O_IRQ_SUM | SAR_O_IRQ_ALL,
        .hdr = "INTR;CPU*",
        .flags = SAR_VF_HDR_EVERY_SAMPLE | SAR_VF_CPU_BITMAP,
        .print = irq_report,
        .print_avg = irq_print_avg,
};

/* ---- run queue and load: -q, -q LOAD ---- */

struct queue_sums {
	uint64_t nr_running, nr_threads, procs_blocked;
	uint64_t load[3];
};

static unsigned
queue_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
            const struct sar_slot *curr, uint64_t itv)
{
	const struct stats_queue *q = sar_item(a, curr, 0, 0);
	struct queue_sums *sum = sar_avg(a);
	const uint32_t load[3] = {q->load_avg_1, q->load_avg_5, q->load_avg_15};
	int k;

	(void) prev;
	(void) itv;
	header_if_due(s, &view_queue, a);
	sar_out_ts(s, s->ts_curr);
	sar_out_u64(s, q->nr_running);
	sar_out_u64(s, q->nr_threads);
	/* Load averages are stored in hundredths. */
	for (k = 0; k < 3; k++) {
		sar_out_f(s, (double) load[k] / 100);
		sum->load[k] += load[k];
	}
	sar_out_u64(s, q->procs_blocked);
	sar_out_nl(s);
	sum->nr_running += q->nr_running;
	sum->nr_threads += q->nr_threads;
	sum->procs_blocked += q->procs_blocked;
	return 1;
}

static void
queue_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                const struct sar_slot *last, uint64_t itv)
{
	const struct queue_sums *sum = sar_avg(a);
	double n = (double) s->avg_count;
	int k;

	(void) first;
	(void) last;
	(void) itv;
	header_if_due(s, &view_queue, a);
	sar_out_ts(s, s->ts_curr);
	sar_out_avg(s, (double) sum->nr_running / n);
	sar_out_avg(s, (double) sum->nr_threads / n);
	for (k = 0; k < 3; k++)
		sar_out_f(s, (double) sum->load[k] / (double) (s->avg_count * 100));
	sar_out_avg(s, (double) sum->procs_blocked / n);
	sar_out_nl(s);
}

static const struct sar_names queue_names = {
        .json = "queue",
        .keys = "runq-sz;plist-sz;ldavg-1;ldavg-5;ldavg-15;blocked",
        .xml = "queue",
};

const struct sar_view view_queue = {
        .names = &queue_names,
        .act_id = A_QUEUE,
        .opt = SAR_O_MAIN,
        .hdr = "runq-sz;plist-sz;ldavg-1;ldavg-5;ldavg-15;blocked",
        .avg_size = sizeof(struct queue_sums),
        .print = queue_print,
        .print_avg = queue_print_avg,
};

/* ---- softnet: -n SOFT ---- */

/* Average state: the backlog length of every CPU item, summed over the rows shown. */
struct softnet_sums {
	uint64_t backlog[CPU_ITEMS_MAX];
};

static uint32_t
softnet_sum(const struct stats_softnet *n)
{
	return n->processed + n->dropped + n->time_squeeze + n->received_rps + n->flow_limit +
	       n->backlog_len;
}

static void
softnet_add(struct stats_softnet *sum, const struct stats_softnet *n)
{
	sum->processed += n->processed;
	sum->dropped += n->dropped;
	sum->time_squeeze += n->time_squeeze;
	sum->received_rps += n->received_rps;
	sum->flow_limit += n->flow_limit;
	sum->backlog_len += n->backlog_len;
}

/*
 * sadc leaves "all" empty: it is rebuilt here from the CPUs that have a
 * reference; a CPU without counters now is offline and keeps its values.
 */
static void
softnet_rebuild_all(const struct sar *s, struct sar_act *a, struct sar_slot *prev,
                    struct sar_slot *curr, uint32_t n, struct cpu_mask *hidden)
{
	struct stats_softnet *all_c = cell(a, curr, 0, 0), *all_p = cell(a, prev, 0, 0);
	uint32_t i;

	memset(all_c, 0, sizeof(*all_c));
	memset(all_p, 0, sizeof(*all_p));
	for (i = 1; i < n; i++) {
		struct stats_softnet *c = cell(a, curr, i, 0), *p = cell(a, prev, i, 0);

		if (softnet_sum(p) == 0 && !s->since_boot) {
			mask_set(hidden, i);
			continue;
		}
		if (softnet_sum(c) == 0) {
			*c = *p;
			mask_set(hidden, i);
		}
		softnet_add(all_c, c);
		softnet_add(all_p, p);
	}
}

static unsigned
softnet_report(struct sar *s, struct sar_act *a, const struct sar_slot *prev_slot,
               const struct sar_slot *curr_slot, uint64_t itv, bool avg)
{
	struct sar_slot *prev = own_slot(a, prev_slot), *curr = own_slot(a, curr_slot);
	struct softnet_sums *sums = sar_avg(a);
	struct cpu_mask hidden;
	unsigned lines = 0;
	uint32_t i, n;

	/* With -z the header comes before every sample. */
	if (s->dish || s->o.zero_omit)
		sar_out_header(s, &view_softnet, s->ts_prev, a, NULL);
	memset(&hidden, 0, sizeof(hidden));
	n = cpu_items(a, prev, curr);
	softnet_rebuild_all(s, a, prev, curr, n, &hidden);
	for (i = 0; i < n; i++) {
		const struct stats_softnet *c = cell(a, curr, i, 0), *p = cell(a, prev, i, 0);

		if (!sar_cpu_selected(s, i) || mask_has(&hidden, i))
			continue;
		/* sadf has no -z. */
		if (s->o.zero_omit && !s->sink && !memcmp(p, c, sizeof(*c)))
			continue;
		sar_out_ts(s, s->ts_curr);
		out_cpu_name(s, i);
		sar_xstats_rate(s, p->processed, c->processed);
		sar_out_f(s, rate32(p->processed, c->processed, itv));
		sar_xstats_rate(s, p->dropped, c->dropped);
		sar_out_f(s, rate32(p->dropped, c->dropped, itv));
		sar_xstats_rate(s, p->time_squeeze, c->time_squeeze);
		sar_out_f(s, rate32(p->time_squeeze, c->time_squeeze, itv));
		sar_xstats_rate(s, p->received_rps, c->received_rps);
		sar_out_f(s, rate32(p->received_rps, c->received_rps, itv));
		sar_xstats_rate(s, p->flow_limit, c->flow_limit);
		sar_out_f(s, rate32(p->flow_limit, c->flow_limit, itv));
		if (avg) {
			sar_out_avg(s, (double) sums->backlog[i] / (double) s->avg_count);
		} else {
			sar_out_u64(s, c->backlog_len);
			sums->backlog[i] += c->backlog_len;
		}
		sar_out_nl(s);
		lines++;
	}
	return lines;
}

static unsigned
softnet_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
              const struct sar_slot *curr, uint64_t itv)
{
	return softnet_report(s, a, prev, curr, itv, false);
}

static void
softnet_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                  const struct sar_slot *last, uint64_t itv)
{
	softnet_report(s, a, first, last, itv, true);
}

static const struct sar_names softnet_names = {
        .json = "softnet",
        .group = "network",
        .keys = "cpu;total;dropd;squeezd;rx_rps;flw_lim;blg_len",
        .xml_item = "softnet",
        .flags = SAR_NF_ITEMS | SAR_NF_CPU_ITEM,
};

const struct sar_view view_softnet = {
        .names = &softnet_names,
        .act_id = A_NET_SOFT,
        .opt = SAR_O_MAIN,
        .hdr = "CPU;total/s;dropd/s;squeezd/s;rx_rps/s;flw_lim/s;blg_len",
        .iwidth = 7,
        .flags = SAR_VF_HDR_EVERY_WITH_Z | SAR_VF_CPU_BITMAP,
        .avg_size = sizeof(struct softnet_sums),
        .print = softnet_print,
        .print_avg = softnet_print_avg,
};

/* ---- pressure stall: -q CPU, -q IO, -q MEM ---- */

/*
 * The PSI items are u64 fields: the "some" (and "full") totals first, in
 * microseconds, then the 10 s, 60 s and 300 s averages of each kind, in
 * hundredths of a percent.
 */
struct psi_sums {
	uint64_t avg[2][3];
};

static uint64_t
psi_field(const void *item, size_t idx)
{
	uint64_t v;

	memcpy(&v, (const unsigned char *) item + idx * sizeof(v), sizeof(v));
	return v;
}

static unsigned
psi_report(struct sar *s, struct sar_act *a, const struct sar_view *v, int kinds,
           const struct sar_slot *prev, const struct sar_slot *curr, uint64_t itv, bool avg)
{
	const void *p = sar_item(a, prev, 0, 0), *c = sar_item(a, curr, 0, 0);
	struct psi_sums *sums = sar_avg(a);
	int kind, k;

	header_if_due(s, v, a);
	sar_out_ts(s, s->ts_curr);
	for (kind = 0; kind < kinds; kind++) {
		for (k = 0; k < 3; k++) {
			uint64_t level = psi_field(c, (size_t) (kinds + kind * 3 + k));

			if (avg) {
				sar_out_pc(s, (double) sums->avg[kind][k] /
				                      (double) (s->avg_count * 100));
			} else {
				sar_out_pc(s, (double) level / 100);
				sums->avg[kind][k] += level;
			}
		}
		/* The share of the interval spent stalled; a total going back is negative. */
		sar_out_pc(s, ((double) psi_field(c, (size_t) kind) -
		               (double) psi_field(p, (size_t) kind)) /
		                      (double) (100 * itv));
	}
	sar_out_nl(s);
	return 1;
}

static unsigned
psi_cpu_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
              const struct sar_slot *curr, uint64_t itv)
{
	return psi_report(s, a, &view_psi_cpu, 1, prev, curr, itv, false);
}

static void
psi_cpu_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                  const struct sar_slot *last, uint64_t itv)
{
	psi_report(s, a, &view_psi_cpu, 1, first, last, itv, true);
}

static unsigned
psi_io_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
             const struct sar_slot *curr, uint64_t itv)
{
	return psi_report(s, a, &view_psi_io, 2, prev, curr, itv, false);
}

static void
psi_io_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                 const struct sar_slot *last, uint64_t itv)
{
	psi_report(s, a, &view_psi_io, 2, first, last, itv, true);
}

static unsigned
psi_mem_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
              const struct sar_slot *curr, uint64_t itv)
{
	return psi_report(s, a, &view_psi_mem, 2, prev, curr, itv, false);
}

static void
psi_mem_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                  const struct sar_slot *last, uint64_t itv)
{
	psi_report(s, a, &view_psi_mem, 2, first, last, itv, true);
}

static const struct sar_names psi_cpu_names = {
        .json = "psi-cpu",
        .group = "psi",
        .keys = "some_avg10;some_avg60;some_avg300;some_avg",
        .xml = "psi-cpu",
};

/* The "some" then the "full" stall shares of I/O and memory. */
#define PSI_SOME_FULL_KEYS                                                                         \
	"some_avg10;some_avg60;some_avg300;some_avg;full_avg10;full_avg60;full_avg300;full_avg"

static const struct sar_names psi_io_names = {
        .json = "psi-io",
        .group = "psi",
        .keys = PSI_SOME_FULL_KEYS,
        .xml = "psi-io",
};

static const struct sar_names psi_mem_names = {
        .json = "psi-mem",
        .group = "psi",
        .keys = PSI_SOME_FULL_KEYS,
        .xml = "psi-mem",
};

const struct sar_view view_psi_cpu = {
        .names = &psi_cpu_names,
        .act_id = A_PSI_CPU,
        .opt = SAR_O_MAIN,
        .hdr = "%scpu-10;%scpu-60;%scpu-300;%scpu",
        .avg_size = sizeof(struct psi_sums),
        .print = psi_cpu_print,
        .print_avg = psi_cpu_print_avg,
};

const struct sar_view view_psi_io = {
        .names = &psi_io_names,
        .act_id = A_PSI_IO,
        .opt = SAR_O_MAIN,
        .hdr = "%sio-10;%sio-60;%sio-300;%sio;%fio-10;%fio-60;%fio-300;%fio",
        .avg_size = sizeof(struct psi_sums),
        .print = psi_io_print,
        .print_avg = psi_io_print_avg,
};

const struct sar_view view_psi_mem = {
        .names = &psi_mem_names,
        .act_id = A_PSI_MEM,
        .opt = SAR_O_MAIN,
        .hdr = "%smem-10;%smem-60;%smem-300;%smem;%fmem-10;%fmem-60;%fmem-300;%fmem",
        .avg_size = sizeof(struct psi_sums),
        .print = psi_mem_print,
        .print_avg = psi_mem_print_avg,
};
