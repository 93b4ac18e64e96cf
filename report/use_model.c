/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --use's model (use_int.h): the kinds, classes and metrics, and the
 * resources, found by class and name in a hash table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "use_int.h"
#include "common/sysexit.h"
#include "common/banned.h"

const char *const use_kind_names[K_MAX] = {"cpu", "memory", "swap", "disk",
                                           "net", "fs",     "tcp",  "cgroup"};

const struct class_desc use_class_table[C_MAX] = {
        [C_CPU_ALL] = {K_CPU, false}, [C_CPU_N] = {K_CPU, true},      [C_MEM] = {K_MEM, false},
        [C_SWAP] = {K_SWAP, false},   [C_DISK_ALL] = {K_DISK, false}, [C_DISK_N] = {K_DISK, true},
        [C_NET_ALL] = {K_NET, false}, [C_NET_N] = {K_NET, true},      [C_FS_N] = {K_FS, true},
        [C_FS_NONE] = {K_FS, false},  [C_TCP] = {K_TCP, false},       [C_CG_N] = {K_CGROUP, true},
};

const struct metric_desc use_metric_table[M_MAX] = {
        [M_CPU_BUSY] = {C_CPU_ALL, U, "%busy", L_CPU_BUSY, A_CPU, 0, NULL},
        [M_CPU_RUNQ] = {C_CPU_ALL, S, "runq-excess", L_CPU_RUNQ, A_QUEUE, 0, NULL},
        [M_CPU_PSI] = {C_CPU_ALL, S, "%psi-some", L_CPU_PSI, A_PSI_CPU, 0, NULL},
        [M_CPUN_BUSY] = {C_CPU_N, U, "%busy", L_CPU_BUSY, A_CPU, 0, NULL},
        [M_MEM_USED] = {C_MEM, U, "%used", L_MEM_USED, A_MEMORY, 0, NULL},
        [M_MEM_PSI_SOME] = {C_MEM, S, "%psi-some", L_MEM_PSI_SOME, A_PSI_MEM, 0, NULL},
        [M_MEM_PSI_FULL] = {C_MEM, S, "%psi-full", L_MEM_PSI_FULL, A_PSI_MEM, 0, NULL},
        [M_MEM_PGSCAND] = {C_MEM, S, "pgscand/s", L_MEM_PGSCAND, A_PAGE, 0, NULL},
        [M_MEM_MAJFLT] = {C_MEM, S, "majflt/s", L_MEM_MAJFLT, A_PAGE, 0, NULL},
        [M_MEM_PSWPIN] = {C_MEM, S, "pswpin/s", L_MEM_SWAPPING, A_SWAP, 0, NULL},
        [M_MEM_PSWPOUT] = {C_MEM, S, "pswpout/s", L_MEM_SWAPPING, A_SWAP, 0, NULL},
        [M_MEM_OOM] = {C_MEM, E, "oom_kill/s", L_MEM_OOM, A_USE_CG, 0, "no memory.events"},
        [M_SWAP_USED] = {C_SWAP, U, "%swpused", L_SWAP_USED, A_MEMORY, 0, "no swap space"},
        [M_SWAP_IN] = {C_SWAP, S, "pswpin/s", L_SWAP_IO, A_SWAP, 0, NULL},
        [M_SWAP_OUT] = {C_SWAP, S, "pswpout/s", L_SWAP_IO, A_SWAP, 0, NULL},
        [M_IO_PSI_SOME] = {C_DISK_ALL, S, "%psi-some", L_IO_PSI_SOME, A_PSI_IO, 0, NULL},
        [M_IO_PSI_FULL] = {C_DISK_ALL, S, "%psi-full", L_IO_PSI_FULL, A_PSI_IO, 0, NULL},
        [M_DISK_UTIL] = {C_DISK_N, U, "%util", L_DISK_UTIL, A_DISK, 0, NULL},
        [M_DISK_AQU] = {C_DISK_N, S, "aqu-sz", L_DISK_AQU, A_DISK, 0, NULL},
        [M_DISK_AWAIT] = {C_DISK_N, S, "await-ratio", L_DISK_AWAIT, A_DISK, 0, "no I/O"},
        [M_NET_SOFTDROP] = {C_NET_ALL, S, "dropped/s", L_NET_SOFTDROP, A_NET_SOFT, 0, NULL},
        [M_NET_SQUEEZE] = {C_NET_ALL, S, "squeezd/s", L_NET_SQUEEZE, A_NET_SOFT, 0, NULL},
        [M_NET_RETRANS] = {C_NET_ALL, S, "%retrans", L_TCP_RETRANS, A_NET_TCP, A_NET_ETCP, NULL},
        [M_IF_UTIL] = {C_NET_N, U, "%ifutil", L_NET_UTIL, A_NET_DEV, 0, "speed unknown"},
        [M_IF_DROP] = {C_NET_N, S, "drop/s", L_NET_DROP, A_NET_EDEV, 0, NULL},
        [M_IF_FIFO] = {C_NET_N, S, "fifo/s", L_NET_FIFO, A_NET_EDEV, 0, NULL},
        [M_IF_RXERR] = {C_NET_N, E, "rxerr/s", L_NET_ERRORS, A_NET_EDEV, 0, NULL},
        [M_IF_TXERR] = {C_NET_N, E, "txerr/s", L_NET_ERRORS, A_NET_EDEV, 0, NULL},
        [M_IF_RXFRAM] = {C_NET_N, E, "rxfram/s", L_NET_ERRORS, A_NET_EDEV, 0, NULL},
        [M_IF_TXCARR] = {C_NET_N, E, "txcarr/s", L_NET_ERRORS, A_NET_EDEV, 0, NULL},
        [M_IF_COLL] = {C_NET_N, E, "coll/s", L_NET_ERRORS, A_NET_EDEV, 0, NULL},
        [M_FS_USED] = {C_FS_N, U, "%fsused", L_FS_USED, A_FS, 0, NULL},
        [M_FS_INODES] = {C_FS_N, U, "%Iused", L_FS_INODES, A_FS, 0, NULL},
        [M_FS_NONE] = {C_FS_NONE, U, "%fsused", L_FS_USED, A_FS, 0, NULL},
        [M_TCP_ATMPTF] = {C_TCP, E, "atmptf/s", L_TCP_ERRORS, A_NET_ETCP, 0, NULL},
        [M_TCP_ESTRES] = {C_TCP, E, "estres/s", L_TCP_ERRORS, A_NET_ETCP, 0, NULL},
        [M_TCP_ISEGERR] = {C_TCP, E, "isegerr/s", L_TCP_ERRORS, A_NET_ETCP, 0, NULL},
        [M_TCP_ORSTS] = {C_TCP, E, "orsts/s", L_TCP_ERRORS, A_NET_ETCP, 0, NULL},
        [M_CG_MEMMAX] = {C_CG_N, U, "%memmax", L_CG_MEMMAX, A_USE_CG, 0, "no limit"},
        [M_CG_THRTL] = {C_CG_N, S, "%thrtl", L_CG_THRTL, A_USE_CG, 0, "no cpu controller"},
        [M_CG_THRPRD] = {C_CG_N, S, "%thrprd", L_CG_THRPRD, A_USE_CG, 0, "no CPU quota"},
        [M_CG_SMEM] = {C_CG_N, S, "%smem", L_CG_PSI_SMEM, A_USE_CG, 0, "no PSI"},
        [M_CG_FMEM] = {C_CG_N, S, "%fmem", L_CG_PSI_FMEM, A_USE_CG, 0, "no PSI"},
        [M_CG_SIO] = {C_CG_N, S, "%sio", L_CG_PSI_SIO, A_USE_CG, 0, "no PSI"},
        [M_CG_FIO] = {C_CG_N, S, "%fio", L_CG_PSI_FIO, A_USE_CG, 0, "no PSI"},
        [M_CG_OOM] = {C_CG_N, E, "oom_kill/s", L_CG_OOM, A_USE_CG, 0, "no memory.events"},
};

/* *p (of *cap elements of size bytes) grown to hold need; the new ones are not cleared. */
void
use_xgrow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;

	if (need <= *cap)
		return;
	while (n < need)
		n *= 2;
	*p = sysrec_reallocarray(*p, n, size);
	*cap = n;
}

uint32_t
use_hash_key(enum use_class cls, const char *name)
{
	uint32_t h = 2166136261u ^ (uint32_t) cls;

	for (; *name; name++)
		h = (h ^ (unsigned char) *name) * 16777619u;
	return h;
}

static void
hash_insert(struct use *u, size_t index)
{
	const struct resource *r = u->res[index];
	size_t mask = u->hash_cap - 1, k = use_hash_key(r->cls, r->name) & mask;

	while (u->hash[k])
		k = (k + 1) & mask;
	u->hash[k] = (uint32_t) index + 1;
}

static void
hash_grow(struct use *u)
{
	size_t k;

	free(u->hash);
	u->hash_cap = u->hash_cap ? u->hash_cap * 2 : 64;
	u->hash = sysrec_calloc(u->hash_cap, sizeof(*u->hash));
	for (k = 0; k < u->n_res; k++)
		hash_insert(u, k);
}

/* The resource of class cls named name, made on first sight. */
struct resource *
use_resource(struct use *u, enum use_class cls, const char *name)
{
	size_t mask, k;
	struct resource *r;

	if (u->hash_cap) {
		mask = u->hash_cap - 1;
		for (k = use_hash_key(cls, name) & mask; u->hash[k]; k = (k + 1) & mask) {
			r = u->res[u->hash[k] - 1];
			if (r->cls == cls && !strcmp(r->name, name))
				return r;
		}
	}
	use_xgrow((void **) &u->res, &u->cap_res, u->n_res + 1, sizeof(*u->res));
	r = sysrec_calloc(1, sizeof(*r));
	r->cls = cls;
	r->order = (uint32_t) u->n_res;
	snprintf(r->name, sizeof(r->name), "%s", name);
	r->m = sysrec_calloc(u->n_metrics[cls], sizeof(*r->m));
	if (cls == C_DISK_N)
		r->await_hist = sysrec_calloc(AWAIT_BINS, sizeof(*r->await_hist));
	u->res[u->n_res++] = r;
	if ((u->n_res + 1) * 2 > u->hash_cap)
		hash_grow(u);
	else
		hash_insert(u, u->n_res - 1);
	return r;
}

bool
use_have_metric(const struct use *u, enum metric_id id)
{
	const struct metric_desc *d = &use_metric_table[id];

	return u->have[d->act] && (!d->act2 || u->have[d->act2]);
}

struct use *
use_new(struct sar *s)
{
	struct use *u = sysrec_calloc(1, sizeof(*u));
	uint32_t i;
	int c;

	use_limits_load(s, &u->lim);
	u->await_edge[0] = AWAIT_MIN_MS;
	for (i = 1; i < AWAIT_BINS; i++)
		u->await_edge[i] = u->await_edge[i - 1] * AWAIT_GROWTH;
	for (i = 0; i < M_MAX; i++) {
		enum use_class cls = use_metric_table[i].cls;

		if (!u->n_metrics[cls])
			u->first[cls] = i;
		u->n_metrics[cls]++;
	}
	for (i = 0; i < s->n_acts; i++)
		if (s->acts[i].fa->desc && s->acts[i].fa->known_format)
			u->have[s->acts[i].desc->id] = true;
	/* The resources of the whole host come first, in class order, judged or not. */
	for (c = 0; c < C_MAX; c++)
		if (!use_class_table[c].items && (c != C_FS_NONE || !u->have[A_FS]))
			use_resource(u, (enum use_class) c, "all");
	return u;
}

void
use_free(struct use *u)
{
	size_t k;

	if (!u)
		return;
	for (k = 0; k < u->n_res; k++) {
		uint32_t j;

		for (j = 0; j < MAX_EPISODES; j++)
			free(u->res[k]->ep[j].top);
		if (u->res[k]->who) {
			who_avg_release(u->res[k]->who);
			free(u->res[k]->who);
		}
		free(u->res[k]->m);
		free(u->res[k]->await_hist);
		free(u->res[k]);
	}
	/* Every array the reader's exchanges left here (use_who.c), not only proc and cgroup. */
	for (k = 0; k < 2; k++)
		archive_ext_release(&u->ext[k]);
	free(u->prow);
	free(u->crow);
	free(u->cg_prev);
	free(u->cg_items);
	free(u->cg_sorted);
	free(u->cg_owed);
	free(u->res);
	free(u->hash);
	free(u->touched);
	free(u);
}
