/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mpstat --archive (mpstat.h, hist.h): each statistics record of the window
 * is a sample, as mp_read_sample() would have read it at that record's
 * time, and the reports are the live loop's, Average lines included (the
 * end of the window, or of the files, ends the run as the count or a
 * Ctrl-C does live). Where a sample comes from:
 *   - the uptime: the record's (both read /proc/uptime);
 *   - the CPU lines: the CPU activity's items (item 0 "all", item n + 1
 *     CPU n), the lines of /proc/stat that mpstat parses alike;
 *   - the interrupts (sadc -S INT): the CPU x interrupt matrix of
 *     /proc/interrupts. A CPU's row is the counts mpstat reads, and its
 *     intr/s the sum of them, added here as mpstat adds them (sadc's own
 *     sum is 32-bit and wraps); the names are cut at 7 bytes where mpstat
 *     cuts them at 15, and the lines are those of the file's first record
 *     (sadc counts them once). A CPU without counts is one the file did
 *     not list (offline): it keeps its previous counts, as in mpstat.
 *   - the rest (sadc -S MPSTAT, EXT_A_CPUX of common/ext.h, numbered as
 *     the CPU items): the intr total of /proc/stat (intr/s of "all" with -I
 *     SUM, which is not the sum of /proc/interrupts), the rows of
 *     /proc/softirqs (-I SCPU), each CPU's NUMA node as the live mpstat
 *     finds it at its start (from the first record of a boot, and of a
 *     record with more CPUs under -H) and its topology ids (-T).
 * What a file without them lacks is said once on stderr and left out:
 * the intr total, softirqs, NUMA nodes (-n and -N are then ignored, as on
 * a machine without nodes) and the CPU topology. A record of such a file
 * without them (appended by a sadc without -S MPSTAT) keeps the previous
 * record's softirqs and intr total: a rate of 0.
 *
 * A restart (a LINUX RESTART record, or files that cannot be read as one)
 * ends a run: the reports of one boot never span the next. Its Average
 * lines are printed, then the next boot's banner (its CPU count, the date
 * of its first record; in JSON, the next object of "hosts"), and its first
 * record is the reference of the next report, as if mpstat had been
 * started again after the reboot: the archive's output is that of one
 * live run per boot, one after the other. The count runs on across them.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "live.h"
#include "mpstat.h"
#include "common/activity.h"
#include "common/ext.h"
#include "report/views.h"
#include "common/banned.h"

static const char json_end[] = "\n\t\t\t]\n\t\t}\n\t]\n}}\n";

/* The notes of check_data(), each said once in a run. */
enum {
	NOTE_CPU = 1,
	NOTE_TOPO = 2,
	NOTE_NODES = 4,
	NOTE_IRQ = 8,
	NOTE_TOTAL = 16,
	NOTE_SOFT = 32,
	NOTE_ROWS = 64,
};

/* Activity id of the report being read; NULL when the file has none (or of an unknown format). */
static struct archive_act *
file_act(struct live_hist *lh, uint32_t id)
{
	struct archive_act *a = lh->open ? archive_find(&lh->r, id) : NULL;

	return a && a->known_format ? a : NULL;
}

/* Keeps the current record's items of activity id in slot k of m->hist.items. */
static void
keep_items(struct mp *m, struct live_hist *lh, uint32_t id, int k)
{
	const struct archive_act *a = file_act(lh, id);
	const unsigned char *items;
	uint32_t nr;
	size_t size;

	items = live_hist_items(lh, id, &nr);
	m->hist.items_nr[k] = 0;
	m->hist.has_act[k] = a != NULL;
	if (!a)
		return;
	m->hist.act[k] = *a;
	if (!items)
		return;
	size = (size_t) nr * (size_t) (a->fa.nr2 > 0 ? a->fa.nr2 : 1) * a->msize;
	if (size > m->hist.items_cap[k]) {
		unsigned char *p = realloc(m->hist.items[k], size);

		if (!p) {
			perror("realloc");
			exit(4);
		}
		m->hist.items[k] = p;
		m->hist.items_cap[k] = size;
	}
	memcpy(m->hist.items[k], items, size);
	m->hist.items_nr[k] = nr;
}

/* The activity of the kept items of slot k (0: A_CPU, 1: A_IRQ); NULL when the file has none. */
static const struct archive_act *
kept_act(const struct mp *m, int k)
{
	return m->hist.has_act[k] ? &m->hist.act[k] : NULL;
}

/* The kept items of slot k (0: A_CPU, 1: A_IRQ); NULL when the record had none. */
static const unsigned char *
kept_items(const struct mp *m, int k, uint32_t *ret_nr)
{
	*ret_nr = m->hist.items_nr[k];
	return *ret_nr ? m->hist.items[k] : NULL;
}

/* The next record of the window, its items kept and its extension record read. */
static enum live_hist_kind
next_record(struct mp *m, struct live_hist *lh)
{
	enum live_hist_kind k = live_hist_next(lh);

	if (k == LIVE_HIST_STATS) {
		keep_items(m, lh, A_CPU, 0);
		keep_items(m, lh, A_IRQ, 1);
		live_hist_ext(lh);
	}
	return k;
}

/* The current record's EXT_A_CPUX items (sadc -S MPSTAT) and their number; NULL without. */
static const struct ext_cpux *
cpux_items(struct live_hist *lh, uint32_t *ret_nr)
{
	const struct archive_ext *e = lh->open ? live_hist_ext(lh) : NULL;

	*ret_nr = e && e->has_cpux ? e->n_cpux : 0;
	return *ret_nr ? e->cpux : NULL;
}

/* The softirq lines the live mpstat would size for: the record's, and room for new ones. */
static int
soft_lines(struct live_hist *lh)
{
	uint32_t nr;
	const struct ext_cpux *x = cpux_items(lh, &nr);

	if (!x || !(x[0].flags & EXT_CX_SOFT))
		return 1;
	return (int) (x[0].n_soft < EXT_SOFTIRQ_MAX ? x[0].n_soft : EXT_SOFTIRQ_MAX) +
	       MP_IRQ_PREALLOC;
}

/* The items of a record, for mp_place_nodes(). */
struct cpux_view {
	const struct ext_cpux *x;
	uint32_t nr;
};

static int
cpux_node(void *ctx, int cpu)
{
	const struct cpux_view *v = ctx;

	/* A CPU the record does not have: as a directory that cannot be read. */
	return (uint32_t) cpu + 1 < v->nr ? v->x[cpu + 1].node : -2;
}

/* The node placement of the current record, as the live mpstat makes it at its start. */
static void
place_nodes(struct mp *m, struct live_hist *lh)
{
	struct cpux_view v;

	v.x = cpux_items(lh, &v.nr);
	if (v.x)
		mp_place_nodes(m, cpux_node, &v);
	else
		m->node_nr = -1;
}

/* The interrupt lines a file's matrix holds (its sub-items less "sum"); at least 1, as a size. */
static int
irq_lines(const struct archive_act *irq)
{
	int32_t n = irq ? irq->fa.nr2 - 1 : 0;

	if (n > MP_NR_IRQS)
		n = MP_NR_IRQS;
	return n > 0 ? n : 1;
}

/* A CPU count of the file, at most what mpstat can hold (the CPU activity's). */
static int
cap_cpus(int n)
{
	int32_t max = activity_by_id(A_CPU)->nr_max - 1;

	return n > max ? max : n;
}

enum live_hist_kind
mp_hist_open(struct mp *m, struct live_hist *lh)
{
	static const uint32_t want[] = {A_CPU, A_IRQ, EXT_A_CPUX};
	struct live_host host;
	enum live_hist_kind k;

	live_hist_open(lh, &m->hist.win, m->interval > 0 ? m->interval : 0, want,
	               sizeof(want) / sizeof(want[0]), "mpstat");
	k = next_record(m, lh);
	m->cpu_nr = cap_cpus(live_hist_host(lh, &host));
	m->hist.list_max = m->cpu_nr;
	mp_size_irqs(m, 0, irq_lines(kept_act(m, 1)), soft_lines(lh));
	mp_alloc(m, 0);
	place_nodes(m, lh);
	return k;
}

int
mp_hist_select(struct mp *m)
{
	/* A list checked against the first count stays valid when CPUs come (-H, restarts). */
	int max = m->cpu_nr > m->hist.list_max ? m->cpu_nr : m->hist.list_max;
	int i;

	memset(m->cpu_sel, 0, m->sel_bytes);
	if (m->hist.sel_every)
		memset(m->cpu_sel, 0xff, m->sel_bytes);
	for (i = 0; i < m->hist.n_cpu_lists; i++)
		if (mp_parse_list(m->hist.cpu_lists[i], m->cpu_sel, m->sel_bytes, max) < 0)
			return -1;
	if (!(m->flags & MP_OPT_P))
		m->cpu_sel[0] = 1;
	return 0;
}

/* The tables of m for cpu_nr CPUs and the interrupt lines of the report being read. */
static void
resize(struct mp *m, struct live_hist *lh, int cpu_nr)
{
	int old = m->cpu_nr;

	m->cpu_nr = cpu_nr;
	mp_size_irqs(m, old, irq_lines(kept_act(m, 1)), soft_lines(lh));
	mp_alloc(m, old);
	place_nodes(m, lh);
	mp_hist_select(m);
}

/* The CPU lines of the current record into slot curr (no item: zero, as a missing line). */
static void
read_cpus(struct mp *m, int curr)
{
	const struct archive_act *a = kept_act(m, 0);
	const unsigned char *items;
	uint32_t nr, i;

	memset(m->cpu[curr], 0, sizeof(struct stats_cpu) * ((size_t) m->cpu_nr + 1));
	items = kept_items(m, 0, &nr);
	for (i = 0; a && items && i < nr && i <= (uint32_t) m->cpu_nr; i++)
		memcpy(&m->cpu[curr][i], items + (size_t) i * a->msize, sizeof(struct stats_cpu));
}

/* Sub-item j (0: "sum") of row (CPU + 1, 0: "all") of an interrupt matrix of nr2 columns. */
static struct stats_irq
irq_item(const struct archive_act *a, const unsigned char *items, uint32_t row, int j)
{
	struct stats_irq s;

	memcpy(&s, items + ((size_t) row * a->fa.nr2 + (size_t) j) * a->msize, sizeof(s));
	return s;
}

/* Whether CPU cpu has counts in the matrix (a CPU /proc/interrupts did not list has none). */
static bool
irq_row_listed(const struct archive_act *a, const unsigned char *items, uint32_t nr, int cpu,
               int lines)
{
	int j;

	if ((uint32_t) cpu + 1 >= nr)
		return false;
	for (j = 1; j <= lines; j++)
		if (irq_item(a, items, (uint32_t) cpu + 1, j).irq_nr)
			return true;
	return false;
}

/* One CPU's counts (slot curr) and their sum; the previous ones when the file did not list it. */
static void
read_irq_row(struct mp *m, const struct archive_act *a, const unsigned char *items, uint32_t nr,
             int cpu, int lines, int curr)
{
	struct mp_irqs *cur = &m->hard.m[curr];
	const struct mp_irqs *prev = &m->hard.m[!curr];
	size_t row = (size_t) cpu * (size_t) m->hard.nr;
	uint64_t sum = 0;
	int j;

	if (!irq_row_listed(a, items, nr, cpu, lines)) {
		memcpy(cur->value + row, prev->value + row,
		       (size_t) m->hard.nr * sizeof(*cur->value));
		m->irq_sum[curr][cpu + 1] = m->irq_sum[!curr][cpu + 1];
		return;
	}
	for (j = 0; j < m->hard.nr; j++) {
		uint32_t v = j < lines ? irq_item(a, items, (uint32_t) cpu + 1, j + 1).irq_nr : 0;

		cur->value[row + (size_t) j] = v;
		sum += v;
	}
	m->irq_sum[curr][cpu + 1] = sum;
}

static void note(struct mp *m, unsigned *said, unsigned which, const char *text);

/*
 * The interrupts slot curr holds (m->irq_rows): those of every CPU but an
 * online one (its CPU line has ticks) past the rows of the matrix, from
 * which on none is held. sadc sized the matrix for the CPUs there were
 * when it made the file: a CPU plugged in since has no interrupts there.
 * An offline CPU past the rows is one the kernel did not list, and keeps
 * its last counts, as in mpstat.
 */
static void
check_irq_rows(struct mp *m, uint32_t nr, int curr, unsigned *said)
{
	char what[64];
	int cpu;

	m->irq_rows[curr] = INT_MAX;
	for (cpu = nr > 0 ? (int) nr - 1 : 0; cpu < m->cpu_nr; cpu++) {
		if (!sar_cpu_ticks(&m->cpu[curr][cpu + 1]))
			continue;
		m->irq_rows[curr] = cpu + 1;
		snprintf(what, sizeof(what), "interrupts of CPU %d and above", cpu);
		note(m, said, NOTE_ROWS, what);
		return;
	}
}

/* The interrupt matrix of the current record into slot curr (mp_parse_irqs()'s reading). */
static void
read_irqs(struct mp *m, int curr, unsigned *said)
{
	const struct archive_act *a = kept_act(m, 1);
	const unsigned char *items;
	uint32_t nr;
	int lines, j, cpu;

	items = kept_items(m, 1, &nr);
	lines = a && items && a->fa.nr2 > 1 ? irq_lines(a) : 0;
	if (lines > m->hard.nr)
		lines = m->hard.nr;
	for (j = 0; j < m->hard.nr; j++) {
		struct stats_irq s = {0};

		if (j < lines)
			s = irq_item(a, items, 0, j + 1);
		snprintf(m->hard.m[curr].name[j], MP_IRQ_NAME, "%.*s", (int) sizeof(s.irq_name),
		         s.irq_name);
	}
	if (!lines)
		nr = 0;
	for (cpu = 0; cpu < m->cpu_nr; cpu++)
		read_irq_row(m, a, items, nr, cpu, lines, curr);
	check_irq_rows(m, nr, curr, said);
}

/* -T: the topology ids of the record (read_topology()'s, a CPU it lacks as missing files). */
static void
read_topo(struct mp *m, const struct ext_cpux *x, uint32_t nr)
{
	int cpu;

	memset(m->topo, 0, sizeof(*m->topo) * (size_t) m->cpu_nr);
	for (cpu = 0; cpu < m->cpu_nr && (uint32_t) cpu + 1 < nr; cpu++) {
		m->topo[cpu].socket = x[cpu + 1].socket;
		m->topo[cpu].core = x[cpu + 1].core;
	}
}

/* The name of softirq line j of the record, as mpstat cuts it. */
static void
soft_name(char *out, const struct ext_cpux *all, int j)
{
	static const char *const names[EXT_SOFTIRQ_NAMES_NR] = EXT_SOFTIRQ_NAMES;
	uint8_t code = (uint32_t) j < all->n_soft && j < EXT_SOFTIRQ_MAX ? all->soft_name[j] : 0;

	snprintf(out, MP_IRQ_NAME, "%s", code < EXT_SOFTIRQ_NAMES_NR ? names[code] : "");
}

/*
 * -I SCPU: the rows of /proc/softirqs into slot curr, as mp_parse_irqs()
 * reads them: a CPU without a column keeps its previous counts; each CPU's
 * sum is its softirqs' (read after the interrupts, as in sysstat).
 */
static void
read_soft(struct mp *m, const struct ext_cpux *x, uint32_t nr, int curr)
{
	struct mp_irqs *cur = &m->soft.m[curr];
	const struct mp_irqs *prev = &m->soft.m[!curr];
	int lines = (int) (x[0].n_soft < EXT_SOFTIRQ_MAX ? x[0].n_soft : EXT_SOFTIRQ_MAX);
	int j, cpu;

	for (j = 0; j < m->soft.nr; j++)
		soft_name(cur->name[j], &x[0], (x[0].flags & EXT_CX_SOFT) ? j : -1);
	if (!(x[0].flags & EXT_CX_SOFT))
		return; /* no file: mpstat leaves the counts as they were */
	if (lines > m->soft.nr)
		lines = m->soft.nr;
	for (cpu = 0; cpu < m->cpu_nr; cpu++) {
		size_t row = (size_t) cpu * (size_t) m->soft.nr;
		uint64_t sum = 0;

		if ((uint32_t) cpu + 1 >= nr || !(x[cpu + 1].flags & EXT_CX_SOFT)) {
			memcpy(cur->value + row, prev->value + row,
			       (size_t) m->soft.nr * sizeof(*cur->value));
			m->irq_sum[curr][cpu + 1] = m->irq_sum[!curr][cpu + 1];
			continue;
		}
		for (j = 0; j < lines; j++) {
			cur->value[row + (size_t) j] = x[cpu + 1].soft[j];
			sum += x[cpu + 1].soft[j];
		}
		m->irq_sum[curr][cpu + 1] = sum;
	}
}

/* The current record as the sample of slot curr. */
static void
read_record(struct mp *m, struct live_hist *lh, int curr, unsigned *said)
{
	uint32_t nr;
	const struct ext_cpux *x = cpux_items(lh, &nr);

	m->uptime[curr] = lh->hdr.uptime_cs;
	if (!live_hist_tm(lh, &m->ts[curr]))
		memset(&m->ts[curr], 0, sizeof(m->ts[curr]));
	read_cpus(m, curr);
	/* The intr line without a number leaves the total as it was, as in mpstat. */
	if (x && (m->act & MP_ACT_IRQ_SUM) && (x[0].flags & EXT_CX_INTR))
		m->irq_sum[curr][0] = (uint32_t) x[0].intr;
	if (x && (m->act & MP_ACT_CPU) && (m->flags & MP_OPT_TOPO))
		read_topo(m, x, nr);
	m->irq_rows[curr] = INT_MAX;
	if (m->act & (MP_ACT_IRQ_SUM | MP_ACT_IRQ_CPU))
		read_irqs(m, curr, said);
	if (x && (m->act & MP_ACT_SOFTIRQ))
		read_soft(m, x, nr, curr);
}

/* Slot from as slot to (the base of the averages, or of a report since boot). */
static void
copy_slot(struct mp *m, int from, int to)
{
	if (from >= 0)
		mp_copy_sample(m, from, to);
	else
		mp_zero_sample(m, to);
	/* A zero sample holds every CPU's zero counts. */
	m->irq_rows[to] = from >= 0 ? m->irq_rows[from] : INT_MAX;
}

/* One note on what the file lacks ("mpstat: FILE holds no ..."), once in a run. */
static void
note(struct mp *m, unsigned *said, unsigned which, const char *text)
{
	if (*said & which)
		return;
	*said |= which;
	fprintf(stderr, "mpstat: %s holds no %s\n", m->hist.win.archive, text);
}

/*
 * What the report being read lacks for the reports asked: said on stderr
 * (in this order), and left out.
 */
static void
check_data(struct mp *m, struct live_hist *lh, unsigned *said)
{
	uint32_t nr;
	const struct ext_cpux *x = cpux_items(lh, &nr);

	if (!kept_act(m, 0)) {
		/* Every report needs the CPU lines: a CPU without them is offline, not shown. */
		note(m, said, NOTE_CPU, "CPU statistics (sadc's default collection records them)");
		m->act = 0;
		return;
	}
	if (!x && (m->act & MP_ACT_CPU) && (m->flags & MP_OPT_TOPO)) {
		note(m, said, NOTE_TOPO, "CPU topology: sadc -S MPSTAT records it");
		m->flags &= ~(unsigned) MP_OPT_TOPO;
	}
	if (!x && m->hist.want_nodes)
		note(m, said, NOTE_NODES, "NUMA nodes: sadc -S MPSTAT records them");
	if ((m->act & (MP_ACT_IRQ_SUM | MP_ACT_IRQ_CPU)) && !kept_act(m, 1)) {
		note(m, said, NOTE_IRQ, "interrupts: sadc -S INT records them");
		m->act &= ~(unsigned) (MP_ACT_IRQ_SUM | MP_ACT_IRQ_CPU);
	}
	if (!x && (m->act & MP_ACT_IRQ_SUM) && (m->cpu_sel[0] & 1))
		note(m, said, NOTE_TOTAL,
		     "interrupt total (the intr line of /proc/stat): sadc -S MPSTAT records it");
	m->no_intr_total = !x;
	if ((m->act & MP_ACT_SOFTIRQ) && (!x || (x[0].flags & EXT_CX_NOSOFT))) {
		note(m, said, NOTE_SOFT,
		     x ? "softirqs (lines of /proc/softirqs that sadc cannot record)"
		       : "softirqs: sadc -S MPSTAT records them");
		m->act &= ~(unsigned) MP_ACT_SOFTIRQ;
	}
}

/* The banner: the file's machine, the date of the first record of the window (or of the file). */
static void
banner(struct mp *m, struct live_hist *lh, bool any)
{
	const struct sa_file_header *fh = live_hist_header(lh);
	struct live_host host;
	struct tm now = {0};
	time_t t;

	live_hist_host(lh, &host);
	if (any) {
		now = m->ts[0];
	} else if (fh) {
		t = (time_t) fh->sa_ust_time;
		localtime_r(&t, &now);
	}
	live_banner(&host, &now, m->cpu_nr, m->flags & MP_OPT_JSON);
}

/*
 * The next boot's object of "hosts" in JSON, as live_banner() writes the
 * first one (its head, "{"sysstat": ...", is printed once).
 */
static void
json_next_host(const struct mp *m, struct live_hist *lh)
{
	struct live_host h;

	live_hist_host(lh, &h);
	printf("\n\t\t\t]\n\t\t},\n");
	live_json_host(&h, &m->ts[0], m->cpu_nr);
}

/*
 * After a restart: the next boot's first record, in slot 0 and as the
 * base of its averages, under its banner. Returns what live_hist_next()
 * met after the restarts (LIVE_HIST_END: nothing more).
 */
static enum live_hist_kind
next_boot(struct mp *m, struct live_hist *lh, unsigned *said)
{
	enum live_hist_kind k = LIVE_HIST_RESTART;
	int cpu_nr = m->cpu_nr, slot;

	for (; k == LIVE_HIST_RESTART; k = next_record(m, lh))
		cpu_nr = cap_cpus(live_hist_restart_cpus(lh));
	if (k != LIVE_HIST_STATS)
		return k;
	resize(m, lh, cpu_nr);
	check_data(m, lh, said);
	/* The counters started again: nothing of the last boot is a reference. */
	for (slot = 0; slot < 3; slot++)
		copy_slot(m, -1, slot);
	read_record(m, lh, 0, said);
	copy_slot(m, 0, 2);
	if (m->flags & MP_OPT_JSON)
		json_next_host(m, lh);
	else
		banner(m, lh, true);
	return k;
}

/* -H (12.7.5): a record with more CPUs than the tables hold grows them, as a vCPU plugged in. */
static void
check_hotplug(struct mp *m, struct live_hist *lh)
{
	uint32_t nr;

	if (!(m->flags & MP_OPT_H))
		return;
	kept_items(m, 0, &nr);
	if (nr > (uint32_t) m->cpu_nr + 1)
		resize(m, lh, (int) nr - 1);
}

/* The interval reports from slot 0 (the window's first record) on, with their averages. */
static void
walk(struct mp *m, struct live_hist *lh, int dis_hdr, int rows, unsigned *said)
{
	unsigned long lines = (unsigned long) rows;
	bool json = m->flags & MP_OPT_JSON, dis = true;
	int curr = 1, last = -1;
	enum live_hist_kind k;

	copy_slot(m, 0, 2);
	while (m->count && m->act && (k = next_record(m, lh)) != LIVE_HIST_END) {
		if (k == LIVE_HIST_RESTART) {
			if (!json && last >= 0)
				mp_write_average(m, last, dis_hdr);
			last = -1;
			if (next_boot(m, lh, said) != LIVE_HIST_STATS)
				return;
			curr = 1;
			lines = (unsigned long) rows;
			dis = true;
			continue;
		}
		check_hotplug(m, lh);
		read_record(m, lh, curr, said);
		if (!dis_hdr) {
			dis = lines / (unsigned long) rows;
			if (dis)
				lines %= (unsigned long) rows;
			lines++;
		}
		if (json && last >= 0)
			fputs(",\n", stdout);
		mp_write_stats(m, curr, dis);
		last = curr;
		curr ^= 1;
		if (m->count > 0)
			m->count--;
	}
	if (!json && last >= 0)
		mp_write_average(m, last, dis_hdr);
}

void
mp_hist_run(struct mp *m, struct live_hist *lh, enum live_hist_kind first, int dis_hdr, int rows)
{
	unsigned said = 0;

	if (first == LIVE_HIST_STATS) {
		check_data(m, lh, &said);
		read_record(m, lh, 0, &said);
	}
	banner(m, lh, first == LIVE_HIST_STATS);
	if (first == LIVE_HIST_STATS && m->act && !m->interval) {
		/* 0: the report since boot of the first record, as "mpstat 0" at its time. */
		m->ts[1] = m->ts[0];
		copy_slot(m, -1, 1);
		mp_write_stats(m, 0, true);
	} else if (first == LIVE_HIST_STATS && m->act) {
		walk(m, lh, dis_hdr, rows, &said);
	}
	if (m->flags & MP_OPT_JSON)
		fputs(json_end, stdout);
	live_hist_close(lh);
}
