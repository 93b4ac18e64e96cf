/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mpstat's reports (mpstat.h): the CPU, node, interrupt-sum and
 * per-interrupt tables in text (through the report layer's primitives, for
 * colours and --dec) and in JSON (always "%.2f", the C locale's point).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "live.h"
#include "mpstat.h"
#include "common/nls.h"
#include "common/numfmt.h"
#include "report/display.h"
#include "report/views.h"
#include "common/banned.h"

/* One report's context. */
struct mp_rep {
	struct mp *m;
	int prev, curr;
	bool dis;
	const char *prev_ts, *curr_ts;
	bool *offline; /* [cpu + 1] */
	uint64_t itv;  /* uptime interval, 1/100 s */
	uint64_t deltot;
	bool next; /* JSON: an activity was printed */
};

static bool
json(const struct mp_rep *r)
{
	return r->m->flags & MP_OPT_JSON;
}

static bool
bit(const unsigned char *bm, int i)
{
	return bm[i >> 3] & (1 << (i & 7));
}

/* The indentation of a JSON line. */
static void
put_tabs(int n)
{
	while (n-- > 0)
		putchar('\t');
}

/* sysstat's xprintf0: tabs, then the text. */
static void jprint(int tabs, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void
jprint(int tabs, const char *fmt, ...)
{
	va_list ap;

	put_tabs(tabs);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/* The ticks a CPU line counts (guest and guest_nice are inside user and nice). */
static uint64_t
ticks(const struct stats_cpu *c)
{
	return sar_cpu_ticks(c);
}

/* sysstat's ll_sp_value: a share of tot in %, 0 for a counter that went back. */
static double
share(uint64_t a, uint64_t b, uint64_t tot)
{
	return b < a ? 0.0 : (double) (b - a) / (double) tot * 100;
}

/* sysstat's S_VALUE: a rate per second over itv hundredths, unsigned wrap kept. */
static double
rate(uint64_t a, uint64_t b, uint64_t itv)
{
	return (double) (b - a) / (double) itv * 100;
}

static void
cpu_add(struct stats_cpu *sum, const struct stats_cpu *c)
{
	sum->cpu_user += c->cpu_user;
	sum->cpu_nice += c->cpu_nice;
	sum->cpu_sys += c->cpu_sys;
	sum->cpu_idle += c->cpu_idle;
	sum->cpu_iowait += c->cpu_iowait;
	sum->cpu_hardirq += c->cpu_hardirq;
	sum->cpu_softirq += c->cpu_softirq;
	sum->cpu_steal += c->cpu_steal;
	sum->cpu_guest += c->cpu_guest;
	sum->cpu_guest_nice += c->cpu_guest_nice;
}

/*
 * "all" as the sum of the CPUs (on SMP), offline CPUs found (sysstat's
 * get_global_cpu_mpstats): an offline CPU takes its previous values; one
 * back online without a reference is left out. Returns all's interval.
 */
static uint64_t
global_cpu(struct mp_rep *r)
{
	struct mp *m = r->m;
	struct stats_cpu *all_c = &m->cpu[r->curr][0], *all_p = &m->cpu[r->prev][0];
	uint64_t tot = 0;
	int i;

	if (m->cpu_nr <= 1)
		return sar_cpu_interval(all_c, all_p);
	memset(all_c, 0, sizeof(*all_c));
	memset(all_p, 0, sizeof(*all_p));
	for (i = 1; i <= m->cpu_nr; i++) {
		struct stats_cpu *c = &m->cpu[r->curr][i], *p = &m->cpu[r->prev][i];

		if (!ticks(c)) {
			*c = *p;
			r->offline[i] = true;
		}
		if (!ticks(p) && m->interval) {
			r->offline[i] = true;
			continue;
		}
		tot += sar_cpu_interval(c, p);
		cpu_add(all_c, c);
		cpu_add(all_p, p);
	}
	return tot;
}

/* The ten percentages of a CPU or node line. */
static void
cpu_pcs(const struct stats_cpu *p, const struct stats_cpu *c, uint64_t tot, double v[10])
{
	v[0] = c->cpu_user - c->cpu_guest < p->cpu_user - p->cpu_guest
	               ? 0.0
	               : share(p->cpu_user - p->cpu_guest, c->cpu_user - c->cpu_guest, tot);
	v[1] = c->cpu_nice - c->cpu_guest_nice < p->cpu_nice - p->cpu_guest_nice
	               ? 0.0
	               : share(p->cpu_nice - p->cpu_guest_nice, c->cpu_nice - c->cpu_guest_nice,
	                       tot);
	v[2] = share(p->cpu_sys, c->cpu_sys, tot);
	v[3] = share(p->cpu_iowait, c->cpu_iowait, tot);
	v[4] = share(p->cpu_hardirq, c->cpu_hardirq, tot);
	v[5] = share(p->cpu_softirq, c->cpu_softirq, tot);
	v[6] = share(p->cpu_steal, c->cpu_steal, tot);
	v[7] = share(p->cpu_guest, c->cpu_guest, tot);
	v[8] = share(p->cpu_guest_nice, c->cpu_guest_nice, tot);
	v[9] = c->cpu_idle < p->cpu_idle ? 0.0 : share(p->cpu_idle, c->cpu_idle, tot);
}

/* A CPU or node number as sysstat's cprintf_in(" %4d") prints it. */
static void
out_item(struct sar *s, int n)
{
	char buf[16];

	if (n < 0)
		snprintf(buf, sizeof(buf), "%d", n);
	else
		buf[numfmt_u64(buf, sizeof(buf) - 1, (uint64_t) n, 0)] = '\0';
	sar_out_str(s, buf, 4);
}

/* A CPU number of the interrupt tables: cprintf_in("  %3d"). */
static void
out_irq_item(struct sar *s, int n)
{
	char buf[16];

	snprintf(buf, sizeof(buf), " %3d", n);
	sar_out_str(s, buf, 0);
}

/* The ten columns of a text line; tickless: 0 ... 0 100 uncoloured by threshold. */
static void
out_pcs(struct sar *s, const double v[10], bool tickless)
{
	int k;

	for (k = 0; k < 10; k++) {
		enum sar_xtrem x = tickless ? SAR_XNONE : k == 9 ? SAR_XLOW : SAR_XHIGH;

		sar_out_xpc(s, tickless ? (k == 9 ? 100.0 : 0.0) : v[k], 7, 2, x);
	}
	sar_out_nl(s);
}

static const char pc_header[] = "    %usr   %nice    %sys %iowait    %irq   "
                                "%soft  %steal  %guest  %gnice   %idle\n";

static void
json_pcs(const char *key, const char *name, const char *extra, const double v[10])
{
	printf("{\"%s\": \"%s\"%s, \"usr\": %.2f, \"nice\": %.2f, \"sys\": %.2f, "
	       "\"iowait\": %.2f, \"irq\": %.2f, \"soft\": %.2f, \"steal\": %.2f, "
	       "\"guest\": %.2f, \"gnice\": %.2f, \"idle\": %.2f}",
	       key, name, extra, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
}

static const double tickless_pcs[10] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 100.0};

/* The fields of text_cpu_line(). */
static void
text_cpu_fields(struct mp_rep *r, int i)
{
	struct mp *m = r->m;
	struct stats_cpu *c = &m->cpu[r->curr][i], *p = &m->cpu[r->prev][i];
	uint64_t tot = r->deltot;
	double v[10];

	sar_out_ts(&m->out, r->curr_ts);
	if (i == 0) {
		sar_out_str(&m->out, " all", 0);
		if (m->flags & MP_OPT_TOPO)
			sar_out_plain(&m->out, "               ");
	} else {
		out_item(&m->out, i - 1);
		if (m->flags & MP_OPT_TOPO) {
			out_item(&m->out, m->topo[i - 1].core);
			out_item(&m->out, m->topo[i - 1].socket);
			out_item(&m->out, m->cpu2node[i - 1]);
		}
		tot = sar_cpu_interval(c, p);
		if (!tot) {
			out_pcs(&m->out, v, true);
			return;
		}
	}
	cpu_pcs(p, c, tot, v);
	out_pcs(&m->out, v, false);
}

/* One CPU line (i: 0 "all", n + 1 CPU n) in text, written at once: a line of every CPU of a day. */
static void
text_cpu_line(struct mp_rep *r, int i)
{
	sar_line_begin(&r->m->out);
	text_cpu_fields(r, i);
	sar_line_end(&r->m->out);
}

/* One CPU item in JSON (i as in text_cpu_line). */
static void
json_cpu_line(struct mp_rep *r, int i)
{
	struct mp *m = r->m;
	struct stats_cpu *c = &m->cpu[r->curr][i], *p = &m->cpu[r->prev][i];
	char name[16], topo[128] = "";
	uint64_t tot = r->deltot;
	double v[10];

	if (i == 0) {
		snprintf(name, sizeof(name), "all");
		if (m->flags & MP_OPT_TOPO)
			snprintf(topo, sizeof(topo),
			         ", \"core\": \"\", \"socket\": \"\", \"node\": \"\"");
	} else {
		snprintf(name, sizeof(name), "%d", i - 1);
		if (m->flags & MP_OPT_TOPO)
			snprintf(topo, sizeof(topo),
			         ", \"core\": \"%d\", \"socket\": \"%d\", \"node\": \"%d\"",
			         m->topo[i - 1].core, m->topo[i - 1].socket, m->cpu2node[i - 1]);
		tot = sar_cpu_interval(c, p);
		if (!tot) {
			put_tabs(6);
			json_pcs("cpu", name, topo, tickless_pcs);
			/* sysstat ends a tickless CPU's item with a newline of its own. */
			putchar('\n');
			return;
		}
	}
	cpu_pcs(p, c, tot, v);
	put_tabs(6);
	json_pcs("cpu", name, topo, v);
}

static void
write_cpu(struct mp_rep *r)
{
	struct mp *m = r->m;
	bool first = true;
	int i;

	if (json(r)) {
		jprint(5, "\"cpu-load\": [\n");
	} else if (r->dis) {
		printf("\n%-11s  CPU", r->prev_ts);
		if (m->flags & MP_OPT_TOPO)
			fputs(" CORE SOCK NODE", stdout);
		fputs(pc_header, stdout);
	}
	for (i = 0; i <= m->cpu_nr; i++) {
		if (!bit(m->cpu_sel, i) || r->offline[i])
			continue;
		if (!json(r)) {
			text_cpu_line(r, i);
			continue;
		}
		if (!first)
			fputs(",\n", stdout);
		first = false;
		json_cpu_line(r, i);
	}
	if (json(r)) {
		putchar('\n');
		jprint(5, "]");
	}
}

/* The per-node sums (sysstat's set_node_cpu_stats; a CPU of no node lands in "all"). */
static void
set_node_stats(struct mp_rep *r)
{
	struct mp *m = r->m;
	size_t size = sizeof(struct stats_cpu) * ((size_t) m->cpu_nr + 1);
	int cpu;

	memset(m->node[0], 0, size);
	memset(m->node[1], 0, size);
	m->node[0][0] = m->cpu[r->prev][0];
	m->node[1][0] = m->cpu[r->curr][0];
	for (cpu = 0; cpu < m->cpu_nr; cpu++) {
		struct stats_cpu *p = &m->cpu[r->prev][cpu + 1];

		if (!ticks(p) && m->interval)
			continue;
		cpu_add(&m->node[0][m->cpu2node[cpu] + 1], p);
		cpu_add(&m->node[1][m->cpu2node[cpu] + 1], &m->cpu[r->curr][cpu + 1]);
	}
}

/* A node's interval: its CPUs' (back-online ones without reference left out). */
static uint64_t
node_interval(struct mp_rep *r, int node)
{
	struct mp *m = r->m;
	uint64_t tot = 0;
	int cpu;

	for (cpu = 1; cpu <= m->cpu_nr; cpu++) {
		struct stats_cpu *p = &m->cpu[r->prev][cpu];

		if (!ticks(p) && m->interval)
			continue;
		if (m->cpu2node[cpu - 1] == node)
			tot += sar_cpu_interval(&m->cpu[r->curr][cpu], p);
	}
	return tot;
}

static void
node_line(struct mp_rep *r, int node, bool first)
{
	struct mp *m = r->m;
	uint64_t tot = r->deltot;
	double v[10];
	char name[16];

	if (node)
		tot = node_interval(r, node - 1);
	if (node)
		snprintf(name, sizeof(name), "%d", node - 1);
	else
		snprintf(name, sizeof(name), "all");
	if (tot)
		cpu_pcs(&m->node[0][node], &m->node[1][node], tot, v);
	if (json(r)) {
		if (!first)
			fputs(",\n", stdout);
		put_tabs(6);
		json_pcs("node", name, "", tot ? v : tickless_pcs);
		return;
	}
	sar_out_ts(&m->out, r->curr_ts);
	if (node)
		out_item(&m->out, node - 1);
	else
		sar_out_str(&m->out, " all", 0);
	out_pcs(&m->out, v, !tot);
}

static void
write_node(struct mp_rep *r)
{
	struct mp *m = r->m;
	bool first = true;
	int node;

	set_node_stats(r);
	if (json(r))
		jprint(5, "\"node-load\": [\n");
	else if (r->dis)
		printf("\n%-11s NODE%s", r->prev_ts, pc_header);
	for (node = 0; node <= m->node_nr + 1; node++) {
		if (!bit(m->node_sel, node) || !m->cpu_per_node[node])
			continue;
		node_line(r, node, first);
		first = false;
	}
	if (json(r)) {
		putchar('\n');
		jprint(5, "]");
	}
}

/* Whether both samples hold CPU cpu's (1-based) interrupts: a file may not (--archive). */
static bool
irq_held(const struct mp_rep *r, int cpu)
{
	const struct mp *m = r->m;

	return !m->hist.win.archive || (cpu < m->irq_rows[r->curr] && cpu < m->irq_rows[r->prev]);
}

/* A CPU's interrupts per second; 0 for a tickless CPU. */
static double
cpu_intr(struct mp_rep *r, int cpu)
{
	struct mp *m = r->m;

	if (!sar_cpu_interval(&m->cpu[r->curr][cpu], &m->cpu[r->prev][cpu]))
		return 0.0;
	return rate(m->irq_sum[r->prev][cpu], m->irq_sum[r->curr][cpu], r->itv);
}

static void
write_isum(struct mp_rep *r)
{
	struct mp *m = r->m;
	bool first = true;
	int cpu;

	if (json(r))
		jprint(5, "\"sum-interrupts\": [\n");
	else if (r->dis)
		printf("\n%-11s  CPU    intr/s\n", r->prev_ts);
	/* --archive: no file holds the intr total, which the line "all" alone shows. */
	if ((m->cpu_sel[0] & 1) && !m->no_intr_total) {
		double v = rate(m->irq_sum[r->prev][0], m->irq_sum[r->curr][0], r->itv);

		first = false;
		if (json(r)) {
			jprint(6, "{\"cpu\": \"all\", \"intr\": %.2f}", v);
		} else {
			sar_out_ts(&m->out, r->curr_ts);
			sar_out_str(&m->out, " all", 0);
			sar_out_fw(&m->out, v, 9, 2);
			sar_out_nl(&m->out);
		}
	}
	for (cpu = 1; cpu <= m->cpu_nr; cpu++) {
		if (!bit(m->cpu_sel, cpu) || r->offline[cpu] || !irq_held(r, cpu))
			continue;
		if (json(r)) {
			if (!first)
				fputs(",\n", stdout);
			first = false;
			jprint(6, "{\"cpu\": \"%d\", \"intr\": %.2f}", cpu - 1, cpu_intr(r, cpu));
			continue;
		}
		sar_out_ts(&m->out, r->curr_ts);
		out_item(&m->out, cpu - 1);
		sar_out_fw(&m->out, cpu_intr(r, cpu), 9, 2);
		sar_out_nl(&m->out);
	}
	if (json(r)) {
		putchar('\n');
		jprint(5, "]");
	}
}

/* Whether the interrupt list changed since prev (its header is printed again). */
static bool
irq_names_changed(const struct mp_irqset *set, int prev, int curr)
{
	int j;

	for (j = 0; j < set->nr; j++)
		if (strcmp(set->m[curr].name[j], set->m[prev].name[j]))
			return true;
	return false;
}

/* Interrupt j of CPU cpu (1-based) per second, found by name in prev when it moved. */
static double
irq_rate(struct mp_rep *r, const struct mp_irqset *set, int cpu, int j)
{
	const struct mp_irqs *cur = &set->m[r->curr], *prev = &set->m[r->prev];
	size_t row = (size_t) (cpu - 1) * (size_t) set->nr;
	uint32_t v = cur->value[row + (size_t) j];
	int off = j;

	if (strcmp(cur->name[j], prev->name[j]) && r->m->interval) {
		for (off = 0; off < set->nr; off++)
			if (!strcmp(cur->name[j], prev->name[off]))
				break;
		if (off == set->nr)
			/* A new interrupt: counted from 0 (sysstat's choice). */
			return rate(0, v, r->itv);
	}
	/* 32-bit counters: a count that went back wraps at 2^32, as in sysstat. */
	return rate(0, (uint32_t) (v - prev->value[row + (size_t) off]), r->itv);
}

/* Whether a CPU is printed in the per-interrupt tables (only -P restricts them). */
static bool
irq_cpu_shown(const struct mp_rep *r, int cpu)
{
	const struct mp *m = r->m;

	return !((!bit(m->cpu_sel, cpu) && (m->flags & MP_OPT_P)) || r->offline[cpu]) &&
	       irq_held(r, cpu);
}

static void
text_irqs(struct mp_rep *r, const struct mp_irqset *set)
{
	struct mp *m = r->m;
	const char(*names)[MP_IRQ_NAME] = set->m[r->curr].name;
	int j, cpu;

	if (r->dis || (m->interval && irq_names_changed(set, r->prev, r->curr))) {
		printf("\n%-11s  CPU", r->prev_ts);
		for (j = 0; j < set->nr && names[j][0]; j++)
			printf(" %8s/s", names[j]);
		putchar('\n');
	}
	for (cpu = 1; cpu <= m->cpu_nr; cpu++) {
		if (!irq_cpu_shown(r, cpu))
			continue;
		sar_out_ts(&m->out, r->curr_ts);
		out_irq_item(&m->out, cpu - 1);
		for (j = 0; j < set->nr && names[j][0]; j++) {
			size_t w = strlen(names[j]) + 2;

			sar_out_fw(&m->out, irq_rate(r, set, cpu, j), w < 10 ? 10 : (int) w, 2);
		}
		sar_out_nl(&m->out);
	}
}

static void
json_irqs(struct mp_rep *r, const struct mp_irqset *set, const char *key)
{
	struct mp *m = r->m;
	const char(*names)[MP_IRQ_NAME] = set->m[r->curr].name;
	bool first = true;
	int j, cpu;

	jprint(5, "\"%s\": [\n", key);
	for (cpu = 1; cpu <= m->cpu_nr; cpu++) {
		if (!irq_cpu_shown(r, cpu))
			continue;
		if (!first)
			fputs(",\n", stdout);
		first = false;
		jprint(6, "{\"cpu\": \"%d\", \"intr\": [\n", cpu - 1);
		for (j = 0; j < set->nr && names[j][0]; j++) {
			if (j)
				fputs(",\n", stdout);
			jprint(7, "{\"name\": \"%s\", \"value\": %.2f}", names[j],
			       irq_rate(r, set, cpu, j));
		}
		putchar('\n');
		jprint(6, "] }");
	}
	putchar('\n');
	jprint(5, "]");
}

/* Before each JSON activity but the first. */
static void
json_sep(struct mp_rep *r)
{
	if (json(r) && r->next)
		fputs(",\n", stdout);
	r->next = true;
}

static void
write_acts(struct mp_rep *r)
{
	struct mp *m = r->m;

	if (m->act & MP_ACT_CPU) {
		json_sep(r);
		write_cpu(r);
	}
	if (m->act & MP_ACT_NODE) {
		json_sep(r);
		write_node(r);
	}
	if (m->act & MP_ACT_IRQ_SUM) {
		json_sep(r);
		write_isum(r);
	}
	if (m->act & MP_ACT_IRQ_CPU) {
		json_sep(r);
		if (json(r))
			json_irqs(r, &m->hard, "individual-interrupts");
		else
			text_irqs(r, &m->hard);
	}
	if (m->act & MP_ACT_SOFTIRQ) {
		json_sep(r);
		if (json(r))
			json_irqs(r, &m->soft, "soft-interrupts");
		else
			text_irqs(r, &m->soft);
	}
}

void
mp_write_report(struct mp *m, int prev, int curr, bool dis, const char *prev_ts,
                const char *curr_ts)
{
	struct mp_rep r = {
	        .m = m,
	        .prev = prev,
	        .curr = curr,
	        .dis = dis,
	        .prev_ts = prev_ts,
	        .curr_ts = curr_ts,
	};

	/* sysstat's test that stdout is still there. */
	if (write(STDOUT_FILENO, "", 0) == -1) {
		perror("stdout");
		exit(6);
	}
	r.offline = calloc((size_t) m->cpu_nr + 1, sizeof(bool));
	if (!r.offline) {
		perror("malloc");
		exit(4);
	}
	r.deltot = global_cpu(&r);
	if (!r.deltot)
		r.deltot = 1; /* "all" cannot be tickless */
	if (json(&r)) {
		jprint(4, "{\n");
		jprint(5, "\"timestamp\": \"%s\",\n", curr_ts);
	}
	r.itv = m->uptime[curr] - m->uptime[prev];
	if (!r.itv)
		r.itv = 1;
	write_acts(&r);
	if (json(&r)) {
		putchar('\n');
		jprint(4, "}");
	}
	free(r.offline);
}

/* A sample's time as the reports print it (%X, or %H:%M:%S with S_TIME_FORMAT=ISO). */
static void
format_ts(const struct tm *t, char *out, size_t len)
{
	if (!strftime(out, len, live_iso_time() ? "%H:%M:%S" : "%X", t))
		out[0] = '\0';
}

void
mp_write_stats(struct mp *m, int curr, bool dis)
{
	char ts[2][64];

	format_ts(&m->ts[!curr], ts[!curr], sizeof(ts[0]));
	format_ts(&m->ts[curr], ts[curr], sizeof(ts[0]));
	mp_write_report(m, !curr, curr, dis, ts[!curr], ts[curr]);
}

void
mp_write_average(struct mp *m, int curr, bool dis)
{
	char label[16];

	/* sysstat keeps 15 bytes of the translation. */
	snprintf(label, sizeof(label), "%s", _("Average:"));
	mp_write_report(m, 2, curr, dis, label, label);
}
