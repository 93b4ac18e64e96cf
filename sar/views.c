/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The table of sar views, and small helpers shared by the family files. */
#include <string.h>

#include "sar.h"
#include "views.h"
#include "banned.h"

/*
 * In the order sar prints the outputs of one activity (the activities
 * themselves come in the file's order). Views not written yet are absent:
 * their activities print nothing.
 */
static const struct sar_view *const table[] = {
        &view_cpu,        &view_cpu_all,   &view_pcsw,      &view_irq,      &view_swap,
        &view_paging,     &view_io,        &view_memory,    &view_memswap,  &view_huge,
        &view_ktables,    &view_queue,     &view_serial,    &view_disk,     &view_net_dev,
        &view_net_edev,   &view_net_nfs,   &view_net_nfsd,  &view_net_sock, &view_net_ip,
        &view_net_eip,    &view_net_icmp,  &view_net_eicmp, &view_net_tcp,  &view_net_etcp,
        &view_net_udp,    &view_net_sock6, &view_net_ip6,   &view_net_eip6, &view_net_icmp6,
        &view_net_eicmp6, &view_net_udp6,  &view_net_fc,    &view_softnet,  &view_pwr_cpu,
        &view_pwr_fan,    &view_pwr_temp,  &view_pwr_in,    &view_pwr_freq, &view_pwr_usb,
        &view_fs,         &view_fs_mount,  &view_psi_cpu,   &view_psi_io,   &view_psi_mem,
};

#define N_VIEWS (sizeof(table) / sizeof(table[0]))

/* The i-th view, or NULL (out of range, or its family file is not linked in). */
const struct sar_view *
sar_view_at(size_t i)
{
	return i < N_VIEWS ? table[i] : NULL;
}

size_t
sar_view_count(void)
{
	return N_VIEWS;
}

double
sar_s_value(uint64_t prev, uint64_t curr, uint64_t itv)
{
	return (double) (curr - prev) / (double) itv * 100;
}

double
sar_sp_value(uint64_t prev, uint64_t curr, uint64_t tot)
{
	return (double) (curr - prev) / (double) tot * 100;
}

bool
sar_cpu_selected(const struct sar *s, uint32_t index)
{
	if (index >= sizeof(s->o.cpu_bitmap) * 8)
		return false;
	return (s->o.cpu_bitmap[index >> 3] & (1u << (index & 7))) != 0;
}

void *
sar_avg(struct sar_act *a)
{
	return a->avg;
}

const void *
sar_item(const struct sar_act *a, const struct sar_slot *sl, uint32_t i, uint32_t j)
{
	size_t nr2 = (size_t) a->fa->fa.nr2;

	return sl->items + ((size_t) i * nr2 + j) * a->desc->size;
}

const void *
sar_prev_search(const struct sar_act *a, const struct sar_slot *prev, uint32_t i, const void *c,
                bool (*same)(const void *p, const void *c))
{
	uint32_t j, j0;

	if (!prev->nr)
		return NULL;
	j = j0 = i < prev->nr ? i : prev->nr - 1;
	do {
		const void *p = sar_item(a, prev, j, 0);

		if (same(p, c))
			return p;
		if (++j >= prev->nr)
			j = 0;
	} while (j != j0);
	return NULL;
}
