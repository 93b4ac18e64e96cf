/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Who did it (use_int.h): the biggest consumers of a resource during each
 * of its episodes, from the processes and cgroups of sadc -S PROCESS and
 * -S CGROUP.
 */
#include <stdio.h>
#include <stdlib.h>

#include "use_int.h"
#include "common/sysexit.h"
#include "common/banned.h"

/* What ranks the consumers of a resource of this class; false for those with no per-process figure.
 */
bool
use_who_key(enum use_class cls, enum who_sort *ret)
{
	switch (use_class_table[cls].kind) {
	case K_CPU:
		*ret = WHO_SORT_CPU;
		return true;
	case K_MEM:
	case K_SWAP:
		*ret = WHO_SORT_MEM;
		return true;
	case K_DISK:
		*ret = WHO_SORT_IO;
		return true;
	default:
		return false;
	}
}

const char *
use_who_unit(enum who_sort key)
{
	return key == WHO_SORT_CPU   ? "%CPU"
	       : key == WHO_SORT_MEM ? "kB resident"
	                             : "kB/s read+written";
}

/* The top consumers of r's run, into its episode e (then r forgets them for the next run). */
void
use_who_fill(struct resource *r, struct episode *e)
{
	struct who_proc_row pr[WHO_TOP + WHO_KTHREADS];
	struct who_cg_row cr[WHO_TOP];
	enum who_sort key;
	size_t np, nc, k;

	if (!r->who || !use_who_key(r->cls, &key))
		return;
	np = who_avg_top_procs(r->who, key, pr, WHO_TOP + WHO_KTHREADS);
	nc = who_avg_top_cgroups(r->who, key, cr, WHO_TOP);
	if (!np && !nc)
		return;
	e->top = sysrec_calloc(2 * WHO_TOP, sizeof(*e->top));
	/*
	 * Only consumers with a value: not a cgroup without the controller, nor
	 * a zero. A disk's are user processes: a kernel thread's I/O is done
	 * for others (writeback of their pages, a loop device reading its file
	 * for its readers), who are the ones to name.
	 */
	for (k = 0; k < np && e->n_proc < WHO_TOP; k++) {
		struct who_top *t = &e->top[e->n_proc];

		t->v = who_proc_key(&pr[k], key);
		if (!(t->v > 0) || (key == WHO_SORT_IO && (pr[k].p->flags & EXT_PF_KTHREAD)))
			continue;
		snprintf(t->name, sizeof(t->name), "%s[%u]", pr[k].p->comm, pr[k].p->pid);
		e->n_proc++;
	}
	for (k = 0; k < nc; k++) {
		struct who_top *t = &e->top[WHO_TOP + e->n_cg];

		t->v = who_cg_key(&cr[k], key); /* -1 without the controller's file */
		if (!(t->v > 0))
			continue;
		snprintf(t->name, sizeof(t->name), "%s", cr[k].c->path);
		e->n_cg++;
	}
	if (!e->n_proc && !e->n_cg) {
		free(e->top);
		e->top = NULL;
	}
}

/*
 * Whether r's run goes through the current interval, in a pass that judges
 * r, and r's kind has consumers to name.
 */
static bool
who_in_run(const struct use *u, const struct resource *r)
{
	enum who_sort key;

	return r->run && r->run_seq == u->seq && use_who_key(r->cls, &key) &&
	       (u->phase == PHASE_ALL || (u->phase == PHASE_DISKS) == (r->await_hist != NULL));
}

/*
 * The extension record of the statistics record in slot k (itv from the
 * record before, when use_interval() took that interval): its processes and
 * cgroups are added to every resource whose run goes through the interval,
 * each pass adding to the resources it judges (the disks in their own pass).
 */
void
use_who(struct use *u, struct sar *s, int k, const struct sa_record_header *hk, bool fed)
{
	struct archive_ext tmp = u->ext[k];
	int np = -1, nc = 0;
	uint64_t itv;
	size_t i;

	u->ext[k] = s->r->ext;
	s->r->ext = tmp;
	u->ext_ok[k] = true;
	u->ext_up[k] = hk->uptime_cs;
	if (!fed || !u->ext_ok[!k] || u->ext_up[k] <= u->ext_up[!k])
		return;
	itv = u->ext_up[k] - u->ext_up[!k];
	for (i = 0; i < u->n_res; i++) {
		struct resource *r = u->res[i];

		if (!who_in_run(u, r))
			continue;
		/* The interval's rows, once, for the first resource that needs them. */
		if (np < 0) {
			np = who_proc_rows(&u->ext[!k], u->ext_up[!k], &u->ext[k], u->ext_up[k],
			                   s->r->hdr.sa_hz, &u->prow, &u->prow_cap);
			nc = who_cg_rows(&u->ext[!k], u->ext_up[!k], &u->ext[k], u->ext_up[k],
			                 &u->crow, &u->crow_cap);
			if (np < 0 || nc < 0)
				sysrec_nomem();
		}
		if (!r->who)
			r->who = sysrec_calloc(1, sizeof(*r->who));
		if (who_avg_add_procs(r->who, u->prow, (size_t) np, itv) < 0 ||
		    who_avg_add_cgroups(r->who, u->crow, (size_t) nc, itv) < 0)
			sysrec_nomem();
	}
}
