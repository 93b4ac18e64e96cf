/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mpstat's samples (mpstat.h): the arrays of the three slots and the
 * readers of /proc and /sys that fill them, through m->root.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "live.h"
#include "mpstat.h"
#include "common/nls.h"
#include "sadc/collect_cpu.h"
#include "common/banned.h"

/* realloc that zeroes from old bytes on; exits 4 as sysstat's SREALLOC when memory runs out. */
static void *
grow(void *p, size_t old, size_t size)
{
	void *q = realloc(p, size ? size : 1);

	if (!q) {
		perror("realloc");
		exit(4);
	}
	if (size > old)
		memset((char *) q + old, 0, size - old);
	return q;
}

/*
 * The matrices of set for rows CPUs (+1) of set->nr interrupts, the old
 * ones (old_rows of old_nr) copied row by row: a vCPU plugged in (-H) keeps
 * the previous sample's counts where they were.
 */
static void
grow_irqset(struct mp_irqset *set, int old_rows, int old_nr, int rows)
{
	size_t keep = (size_t) (old_nr < set->nr ? old_nr : set->nr);
	int i, r;

	for (i = 0; i < 3; i++) {
		struct mp_irqs m = {
		        .value = calloc((size_t) rows * (size_t) set->nr, sizeof(*m.value)),
		        .name = calloc((size_t) set->nr, sizeof(*m.name)),
		};

		if (!m.value || !m.name) {
			perror("malloc");
			exit(4);
		}
		for (r = 0; set->m[i].value && r < old_rows && r < rows; r++)
			memcpy(m.value + (size_t) r * (size_t) set->nr,
			       set->m[i].value + (size_t) r * (size_t) old_nr,
			       keep * sizeof(*m.value));
		if (set->m[i].name)
			memcpy(m.name, set->m[i].name, keep * sizeof(*m.name));
		free(set->m[i].value);
		free(set->m[i].name);
		set->m[i] = m;
	}
}

void
mp_alloc(struct mp *m, int old_cpu_nr)
{
	size_t rows = (size_t) m->cpu_nr + 1, old = old_cpu_nr ? (size_t) old_cpu_nr + 1 : 0;
	size_t bytes = (rows >> 3) + 1;
	int i;

	for (i = 0; i < 3; i++) {
		m->cpu[i] = grow(m->cpu[i], old * sizeof(struct stats_cpu),
		                 rows * sizeof(struct stats_cpu));
		m->irq_sum[i] =
		        grow(m->irq_sum[i], old * sizeof(uint64_t), rows * sizeof(uint64_t));
	}
	for (i = 0; i < 2; i++)
		m->node[i] = grow(m->node[i], old * sizeof(struct stats_cpu),
		                  rows * sizeof(struct stats_cpu));
	m->cpu_sel = grow(m->cpu_sel, m->sel_bytes, bytes);
	m->node_sel = grow(m->node_sel, m->sel_bytes, bytes);
	m->sel_bytes = bytes;
	m->cpu_per_node = grow(m->cpu_per_node, old * sizeof(int), rows * sizeof(int));
	m->cpu2node = grow(m->cpu2node, old * sizeof(int), rows * sizeof(int));
	m->topo = grow(m->topo, old * sizeof(struct mp_topo), rows * sizeof(struct mp_topo));
}

void
mp_release(struct mp *m)
{
	int i;

	for (i = 0; i < 3; i++) {
		free(m->cpu[i]);
		free(m->irq_sum[i]);
		free(m->hard.m[i].value);
		free(m->hard.m[i].name);
		free(m->soft.m[i].value);
		free(m->soft.m[i].name);
	}
	free(m->node[0]);
	free(m->node[1]);
	free(m->cpu_sel);
	free(m->node_sel);
	free(m->cpu_per_node);
	free(m->cpu2node);
	free(m->topo);
	sysroot_file_close(&m->hard.f);
	sysroot_file_close(&m->soft.f);
	sysroot_file_close(&m->stat_f);
	sysroot_file_close(&m->uptime_f);
	strbuf_release(&m->buf);
	sysroot_close(&m->root);
}

static int
count_irqs_of(struct mp *m, const char *rel)
{
	ssize_t n = sysroot_read(&m->root, rel, &m->buf);

	return n < 0 ? 0 : mp_count_irqs(m->buf.buf, (size_t) n, m->cpu_nr);
}

void
mp_size_irqs(struct mp *m, int old_cpu_nr, int hard_nr, int soft_nr)
{
	int old_rows = old_cpu_nr ? old_cpu_nr + 1 : 0;
	int old_hard = m->hard.nr, old_soft = m->soft.nr;

	m->hard.nr = hard_nr;
	m->soft.nr = soft_nr;
	grow_irqset(&m->hard, old_rows, old_hard, m->cpu_nr + 1);
	grow_irqset(&m->soft, old_rows, old_soft, m->cpu_nr + 1);
}

void
mp_count_all_irqs(struct mp *m, int old_cpu_nr)
{
	m->hard.path = "proc/interrupts";
	m->soft.path = "proc/softirqs";
	mp_size_irqs(m, old_cpu_nr, count_irqs_of(m, m->hard.path) + MP_IRQ_PREALLOC,
	             count_irqs_of(m, m->soft.path) + MP_IRQ_PREALLOC);
}

/* The node of one CPU directory: its first nodeN entry, -1 with none, -2 when unreadable. */
static int
cpu_node(void *ctx, int cpu)
{
	struct mp *m = ctx;
	struct sysroot_dir it;
	const char *name;
	char rel[64];
	int node = -1;

	snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d", cpu);
	if (sysroot_dir_open(&m->root, rel, &it) < 0)
		return -2;
	while ((name = sysroot_dir_next(&it))) {
		if (!strncmp(name, "node", 4) && name[4] >= '0' && name[4] <= '9') {
			node = atoi(name + 4);
			break;
		}
	}
	sysroot_dir_close(&it);
	return node;
}

void
mp_place_nodes(struct mp *m, int (*node_of)(void *ctx, int cpu), void *ctx)
{
	int cpu, node;

	memset(m->cpu_per_node, 0, sizeof(int) * ((size_t) m->cpu_nr + 1));
	for (cpu = 0; cpu < m->cpu_nr; cpu++)
		m->cpu2node[cpu] = -1;
	m->cpu_per_node[0] = m->cpu_nr;
	m->node_nr = -1;
	for (cpu = 0; cpu < m->cpu_nr; cpu++) {
		node = node_of(ctx, cpu);
		/* sysstat gives up on NUMA (no nodes) at the first unreadable CPU. */
		if (node == -2 || node >= m->cpu_nr) {
			m->node_nr = -1;
			return;
		}
		if (node < 0)
			continue;
		m->cpu_per_node[node + 1]++;
		m->cpu2node[cpu] = node;
		if (node > m->node_nr)
			m->node_nr = node;
	}
}

void
mp_node_placement(struct mp *m)
{
	mp_place_nodes(m, cpu_node, m);
}

/* fscanf("%d") of a small sysfs file: -1 when it holds no number, unchanged when missing. */
static void
read_int(struct mp *m, const char *rel, int *ret)
{
	ssize_t n = sysroot_read(&m->root, rel, &m->buf);
	char *end;
	long v;

	if (n < 0)
		return;
	v = strtol(m->buf.buf, &end, 10);
	*ret = end == m->buf.buf ? -1 : (int) v;
}

static void
read_topology(struct mp *m)
{
	char rel[96];
	int cpu;

	memset(m->topo, 0, sizeof(*m->topo) * (size_t) m->cpu_nr);
	for (cpu = 0; cpu < m->cpu_nr; cpu++) {
		snprintf(rel, sizeof(rel),
		         "sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
		read_int(m, rel, &m->topo[cpu].socket);
		snprintf(rel, sizeof(rel),
		         "sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", cpu);
		read_int(m, rel, &m->topo[cpu].core);
	}
}

static void
read_stat_cpu(struct mp *m, int curr)
{
	ssize_t n = sysroot_reread(&m->root, "proc/stat", &m->stat_f, &m->buf);

	if (n < 0) {
		fprintf(stderr, _("Cannot open %s: %s\n"), "/proc/stat", strerror((int) -n));
		exit(2);
	}
	memset(m->cpu[curr], 0, sizeof(struct stats_cpu) * ((size_t) m->cpu_nr + 1));
	parse_proc_stat_cpu(m->buf.buf, m->cpu[curr], m->cpu_nr + 1);
	if (m->act & MP_ACT_IRQ_SUM)
		mp_parse_intr_total(m->buf.buf, (size_t) n, &m->irq_sum[curr][0]);
}

static void
read_irqs(struct mp *m, struct mp_irqset *set, int curr)
{
	ssize_t n = sysroot_reread(&m->root, set->path, &set->f, &m->buf);

	mp_parse_irqs(n < 0 ? NULL : m->buf.buf, n < 0 ? 0 : (size_t) n, m->cpu_nr, set->nr,
	              &set->m[curr], &set->m[!curr], m->irq_sum[curr], m->irq_sum[!curr]);
}

void
mp_read_sample(struct mp *m, int curr)
{
	if (live_uptime(&m->root, &m->uptime[curr]) < 0)
		exit(2);
	read_stat_cpu(m, curr);
	if ((m->act & MP_ACT_CPU) && (m->flags & MP_OPT_TOPO))
		read_topology(m);
	if (m->act & (MP_ACT_IRQ_SUM | MP_ACT_IRQ_CPU))
		read_irqs(m, &m->hard, curr);
	if (m->act & MP_ACT_SOFTIRQ)
		read_irqs(m, &m->soft, curr);
}

static void
copy_irqset(struct mp *m, struct mp_irqset *set, int from, int to)
{
	size_t size = ((size_t) m->cpu_nr + 1) * (size_t) set->nr * sizeof(*set->m[to].value);
	size_t names = (size_t) set->nr * sizeof(*set->m[to].name);

	if (from >= 0) {
		memcpy(set->m[to].value, set->m[from].value, size);
		memcpy(set->m[to].name, set->m[from].name, names);
	} else {
		memset(set->m[to].value, 0, size);
		memset(set->m[to].name, 0, names);
	}
}

static void
copy_or_zero(struct mp *m, int from, int to)
{
	size_t rows = (size_t) m->cpu_nr + 1;

	if (from >= 0) {
		m->ts[to] = m->ts[from];
		m->uptime[to] = m->uptime[from];
		memcpy(m->cpu[to], m->cpu[from], rows * sizeof(struct stats_cpu));
		memcpy(m->irq_sum[to], m->irq_sum[from], rows * sizeof(uint64_t));
	} else {
		m->uptime[to] = 0;
		memset(m->cpu[to], 0, rows * sizeof(struct stats_cpu));
		memset(m->irq_sum[to], 0, rows * sizeof(uint64_t));
	}
	copy_irqset(m, &m->hard, from, to);
	copy_irqset(m, &m->soft, from, to);
}

void
mp_copy_sample(struct mp *m, int from, int to)
{
	copy_or_zero(m, from, to);
}

void
mp_zero_sample(struct mp *m, int to)
{
	copy_or_zero(m, -1, to);
}
