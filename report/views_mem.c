/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The memory family of sar views: swapping (-W), paging (-B), memory
 * (-r [ALL]) and swap space (-S), hugepages (-H) and kernel tables (-v)
 * (doc/activities.md §4).
 *
 * Every field of these activities is a u64 (the long slots are 64 bits on
 * disk), so a field is named by its index in the item. Rate columns are
 * tables of indexes; the level views keep one sum per field of the item and
 * print means, with sysstat's integer divisions where it has them.
 */
#include <stddef.h>
#include <string.h>

#include "engine.h"
#include "render.h"
#include "views.h"
#include "xstats.h"
#include "common/activity.h"
#include "common/layout.h"
#include "common/banned.h"

/* The index of a u64 member in its item. */
#define FIELD(type, member) (offsetof(struct type, member) / sizeof(uint64_t))

/* sysstat's unit of the memory levels with --human: kB. */
#define UNIT_KB 2

/* The largest item of the family, in u64 fields. */
#define MAX_FIELDS (sizeof(struct stats_memory) / sizeof(uint64_t))

/* Average state of the level views: the sum of every field over the displayed rows. */
struct level_sums {
	uint64_t sum[MAX_FIELDS];
};

static uint64_t
field(const void *item, size_t idx)
{
	uint64_t v;

	memcpy(&v, (const unsigned char *) item + idx * sizeof(v), sizeof(v));
	return v;
}

/* Adds every field of the item to the sums (wrapping as sysstat's u64 accumulators do). */
static void
accumulate(struct sar_act *a, const void *item)
{
	struct level_sums *avg = sar_avg(a);
	size_t i, n = a->desc->size / sizeof(uint64_t);

	for (i = 0; i < n && i < MAX_FIELDS; i++)
		avg->sum[i] += field(item, i);
}

/* The mean of a field over the displayed rows, as (double) sum / count. */
static double
mean(const struct sar *s, struct sar_act *a, size_t idx)
{
	const struct level_sums *avg = sar_avg(a);

	return (double) avg->sum[idx] / (double) s->avg_count;
}

/* The integer mean sysstat takes for %memused and %commit (unsigned division). */
static uint64_t
int_mean(const struct sar *s, struct sar_act *a, size_t idx)
{
	const struct level_sums *avg = sar_avg(a);

	return avg->sum[idx] / s->avg_count;
}

static const void *
item0(const struct sar_act *a, const struct sar_slot *sl)
{
	return sar_item(a, sl, 0, 0);
}

/* The start of every row: the header when due, then the time. */
static void
row_start(struct sar *s, const struct sar_view *v, const struct sar_act *a)
{
	if (s->dish)
		sar_out_header(s, v, s->ts_prev, a, NULL);
	sar_out_ts(s, s->ts_curr);
}

/* A kB level: an integer, or with --human a value with its unit. */
static void
out_kb(struct sar *s, uint64_t v)
{
	sar_out_u64_unit(s, v, UNIT_KB);
}

/* The mean of a kB level: no decimals, or with --human a value with its unit. */
static void
out_kb_mean(struct sar *s, double v)
{
	if (s->o.human)
		sar_out_unit(s, v, UNIT_KB);
	else
		sar_out_avg(s, v);
}

/* ---- rates: -W and -B ---- */

static void
out_rates(struct sar *s, const void *p, const void *c, const size_t *idx, size_t n, uint64_t itv)
{
	size_t i;

	for (i = 0; i < n; i++) {
		sar_xstats_rate(s, field(p, idx[i]), field(c, idx[i]));
		sar_out_f(s, sar_s_value(field(p, idx[i]), field(c, idx[i]), itv));
	}
}

static const size_t swap_rates[] = {
        FIELD(stats_swap, pswpin),
        FIELD(stats_swap, pswpout),
};

/* Rows and averages alike: the average is the rate from the segment's first record. */
static unsigned
swap_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
           const struct sar_slot *curr, uint64_t itv)
{
	row_start(s, &view_swap, a);
	out_rates(s, item0(a, prev), item0(a, curr), swap_rates,
	          sizeof(swap_rates) / sizeof(swap_rates[0]), itv);
	sar_out_nl(s);
	return 1;
}

static void
swap_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
               const struct sar_slot *last, uint64_t itv)
{
	swap_print(s, a, first, last, itv);
}

static const struct sar_names swap_names = {
        .json = "swap-pages",
        .keys = "pswpin;pswpout",
        .xml = "swap-pages",
        .xml_attrs = " per=\"second\"",
};

const struct sar_view view_swap = {
        .names = &swap_names,
        .act_id = A_SWAP,
        .opt = SAR_O_MAIN,
        .hdr = "pswpin/s;pswpout/s",
        .print = swap_print,
        .print_avg = swap_print_avg,
};

/* 12.7.5's rates; 12.6.1's -B shows the first eight, then %vmeff. */
static const size_t paging_rates[] = {
        FIELD(stats_paging, pgpgin),        FIELD(stats_paging, pgpgout),
        FIELD(stats_paging, pgfault),       FIELD(stats_paging, pgmajfault),
        FIELD(stats_paging, pgfree),        FIELD(stats_paging, pgscan_kswapd),
        FIELD(stats_paging, pgscan_direct), FIELD(stats_paging, pgsteal),
        FIELD(stats_paging, pgpromote),     FIELD(stats_paging, pgdemote),
};

#define N_PAGING_RATES (sizeof(paging_rates) / sizeof(paging_rates[0]))

static unsigned
paging_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
             const struct sar_slot *curr, uint64_t itv)
{
	const struct stats_paging *p = item0(a, prev), *c = item0(a, curr);
	/* Pages scanned in the interval, in the fields' unsigned arithmetic. */
	uint64_t scanned =
	        c->pgscan_kswapd + c->pgscan_direct - p->pgscan_kswapd - p->pgscan_direct;

	row_start(s, &view_paging, a);
	out_rates(s, p, c, paging_rates, N_PAGING_RATES - 2, itv);
	sar_out_pc(s, scanned ? sar_sp_value(p->pgsteal, c->pgsteal, scanned) : 0.0);
	sar_out_nl(s);
	return 1;
}

static void
paging_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                 const struct sar_slot *last, uint64_t itv)
{
	paging_print(s, a, first, last, itv);
}

static const struct sar_names paging_names = {
        .json = "paging",
        .keys = "pgpgin;pgpgout;fault;majflt;pgfree;pgscank;pgscand;pgsteal;vmeff-percent",
        .xml = "paging",
        .xml_attrs = " per=\"second\"",
};

const struct sar_view view_paging = {
        .names = &paging_names,
        .act_id = A_PAGE,
        .opt = SAR_O_MAIN,
        .hdr = "pgpgin/s;pgpgout/s;fault/s;majflt/s;pgfree/s;pgscank/s;pgscand/s;pgsteal/s;%vmeff",
        .print = paging_print,
        .print_avg = paging_print_avg,
};

/*
 * 12.7.5's -B: %vmeff gave way to the rates of pages promoted and demoted
 * (the two longs its item gained); sar_view_at() puts this view in
 * view_paging's place under that flavour.
 */
static unsigned
paging_print_1275(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
                  const struct sar_slot *curr, uint64_t itv)
{
	row_start(s, &view_paging_1275, a);
	out_rates(s, item0(a, prev), item0(a, curr), paging_rates, N_PAGING_RATES, itv);
	sar_out_nl(s);
	return 1;
}

static void
paging_print_avg_1275(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                      const struct sar_slot *last, uint64_t itv)
{
	paging_print_1275(s, a, first, last, itv);
}

static const struct sar_names paging_names_1275 = {
        .json = "paging",
        .keys = "pgpgin;pgpgout;fault;majflt;pgfree;pgscank;pgscand;pgsteal;pgprom;pgdem",
        .xml = "paging",
        .xml_attrs = " per=\"second\"",
};

const struct sar_view view_paging_1275 = {
        .names = &paging_names_1275,
        .act_id = A_PAGE,
        .opt = SAR_O_MAIN,
        .hdr = "pgpgin/s;pgpgout/s;fault/s;majflt/s;pgfree/s;pgscank/s;pgscand/s;pgsteal/s;"
               "pgprom/s;pgdem/s",
        .print = paging_print_1275,
        .print_avg = paging_print_avg_1275,
};

/* ---- memory: -r [ALL] ---- */

#define MEM_HDR                                                                                    \
	"kbmemfree;kbavail;kbmemused;%memused;kbbuffers;kbcached;kbcommit;%commit;kbactive;"       \
	"kbinact;kbdirty"

/* The extra columns of -r ALL, in their order ('&' starts them in the header). */
static const size_t mem_all_cols[] = {
        FIELD(stats_memory, anonpgkb), FIELD(stats_memory, slabkb),   FIELD(stats_memory, kstackkb),
        FIELD(stats_memory, pgtblkb),  FIELD(stats_memory, vmusedkb),
};

#define N_MEM_ALL (sizeof(mem_all_cols) / sizeof(mem_all_cols[0]))

static bool
mem_all(const struct sar *s)
{
	return (s->o.outputs[A_MEMORY] & SAR_O_MEM_ALL) != 0;
}

static unsigned
memory_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
             const struct sar_slot *curr, uint64_t itv)
{
	const struct stats_memory *m = item0(a, curr);
	uint64_t nousedmem = m->frmkb + m->bufkb + m->camkb + m->slabkb;
	size_t i;

	(void) prev;
	(void) itv;
	if (nousedmem > m->tlmkb)
		nousedmem = m->tlmkb;
	row_start(s, &view_memory, a);
	out_kb(s, m->frmkb);
	out_kb(s, m->availablekb);
	out_kb(s, m->tlmkb - nousedmem);
	sar_out_pc(s, m->tlmkb ? sar_sp_value(nousedmem, m->tlmkb, m->tlmkb) : 0.0);
	out_kb(s, m->bufkb);
	out_kb(s, m->camkb);
	out_kb(s, m->comkb);
	sar_out_pc(s, m->tlmkb + m->tlskb ? sar_sp_value(0, m->comkb, m->tlmkb + m->tlskb) : 0.0);
	out_kb(s, m->activekb);
	out_kb(s, m->inactkb);
	out_kb(s, m->dirtykb);
	for (i = 0; mem_all(s) && i < N_MEM_ALL; i++)
		out_kb(s, field(m, mem_all_cols[i]));
	sar_out_nl(s);
	accumulate(a, m);
	return 1;
}

/*
 * sysstat's quirks (doc/activities.md §4.3): kbmemused is the last record's total minus
 * the uncapped mean of the unused memory; %memused and %commit take the
 * integer mean of their level.
 */
static void
memory_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                 const struct sar_slot *last, uint64_t itv)
{
	const struct stats_memory *m = item0(a, last);
	const struct level_sums *avg = sar_avg(a);
	uint64_t nousedmem =
	        avg->sum[FIELD(stats_memory, frmkb)] + avg->sum[FIELD(stats_memory, bufkb)] +
	        avg->sum[FIELD(stats_memory, camkb)] + avg->sum[FIELD(stats_memory, slabkb)];
	double tlmkb = (double) m->tlmkb;
	double com = (double) int_mean(s, a, FIELD(stats_memory, comkb));
	size_t i;

	(void) first;
	(void) itv;
	row_start(s, &view_memory, a);
	out_kb_mean(s, mean(s, a, FIELD(stats_memory, frmkb)));
	out_kb_mean(s, mean(s, a, FIELD(stats_memory, availablekb)));
	out_kb_mean(s, tlmkb - (double) nousedmem / (double) s->avg_count);
	sar_out_pc(s, m->tlmkb ? (tlmkb - (double) (nousedmem / s->avg_count)) / tlmkb * 100 : 0.0);
	out_kb_mean(s, mean(s, a, FIELD(stats_memory, bufkb)));
	out_kb_mean(s, mean(s, a, FIELD(stats_memory, camkb)));
	out_kb_mean(s, mean(s, a, FIELD(stats_memory, comkb)));
	sar_out_pc(s,
	           m->tlmkb + m->tlskb ? (com - 0.0) / (double) (m->tlmkb + m->tlskb) * 100 : 0.0);
	out_kb_mean(s, mean(s, a, FIELD(stats_memory, activekb)));
	out_kb_mean(s, mean(s, a, FIELD(stats_memory, inactkb)));
	out_kb_mean(s, mean(s, a, FIELD(stats_memory, dirtykb)));
	for (i = 0; mem_all(s) && i < N_MEM_ALL; i++)
		out_kb_mean(s, mean(s, a, mem_all_cols[i]));
	sar_out_nl(s);
}

/* -r and -S share sadf's "memory" object (the engine opens it once for both). */
static const struct sar_names memory_names = {
        .json = "memory",
        .keys = "memfree;avail;memused;memused-percent;buffers;cached;commit;commit-percent;"
                "active;inactive;dirty;anonpg;slab;kstack;pgtbl;vmused",
        .xml = "memory",
        .xml_attrs = " unit=\"kB\"",
        .flags = SAR_NF_XML_ELEMS,
};

const struct sar_view view_memory = {
        .names = &memory_names,
        .act_id = A_MEMORY,
        .opt = SAR_O_MEM,
        .hdr = MEM_HDR "&kbanonpg;kbslab;kbkstack;kbpgtbl;kbvmused",
        .avg_size = sizeof(struct level_sums),
        .print = memory_print,
        .print_avg = memory_print_avg,
};

/* ---- swap space: -S ---- */

static unsigned
memswap_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
              const struct sar_slot *curr, uint64_t itv)
{
	const struct stats_memory *m = item0(a, curr);
	uint64_t used = m->tlskb - m->frskb;

	(void) prev;
	(void) itv;
	row_start(s, &view_memswap, a);
	out_kb(s, m->frskb);
	out_kb(s, used);
	sar_out_xpc(s, m->tlskb ? sar_sp_value(m->frskb, m->tlskb, m->tlskb) : 0.0, 9, 2,
	            SAR_XNONE);
	out_kb(s, m->caskb);
	sar_out_xpc(s, used ? sar_sp_value(0, m->caskb, used) : 0.0, 9, 2, SAR_XNONE);
	sar_out_nl(s);
	accumulate(a, m);
	return 1;
}

/* Means of the levels; the percentages are those of the means. */
static void
memswap_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                  const struct sar_slot *last, uint64_t itv)
{
	const struct level_sums *avg = sar_avg(a);
	uint64_t sum_frs = avg->sum[FIELD(stats_memory, frskb)];
	uint64_t sum_tls = avg->sum[FIELD(stats_memory, tlskb)];
	double frs = mean(s, a, FIELD(stats_memory, frskb));
	double tls = mean(s, a, FIELD(stats_memory, tlskb));
	double cas = mean(s, a, FIELD(stats_memory, caskb));

	(void) first;
	(void) last;
	(void) itv;
	row_start(s, &view_memswap, a);
	out_kb_mean(s, frs);
	out_kb_mean(s, tls - frs);
	sar_out_xpc(s, sum_tls ? (tls - frs) / tls * 100 : 0.0, 9, 2, SAR_XNONE);
	out_kb_mean(s, cas);
	sar_out_xpc(s, sum_tls != sum_frs ? (cas - 0.0) / (tls - frs) * 100 : 0.0, 9, 2, SAR_XNONE);
	sar_out_nl(s);
}

static const struct sar_names memswap_names = {
        .json = "memory",
        .keys = "swpfree;swpused;swpused-percent;swpcad;swpcad-percent",
        .xml = "memory",
        .xml_attrs = " unit=\"kB\"",
        .flags = SAR_NF_XML_ELEMS,
};

const struct sar_view view_memswap = {
        .names = &memswap_names,
        .act_id = A_MEMORY,
        .opt = SAR_O_SWAP,
        .hdr = "kbswpfree;kbswpused;%swpused;kbswpcad;%swpcad",
        .avg_size = sizeof(struct level_sums),
        .print = memswap_print,
        .print_avg = memswap_print_avg,
};

/* ---- hugepages: -H ---- */

static unsigned
huge_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
           const struct sar_slot *curr, uint64_t itv)
{
	const struct stats_huge *h = item0(a, curr);

	(void) prev;
	(void) itv;
	row_start(s, &view_huge, a);
	out_kb(s, h->frhkb);
	out_kb(s, h->tlhkb - h->frhkb);
	sar_out_pc(s, h->tlhkb ? sar_sp_value(h->frhkb, h->tlhkb, h->tlhkb) : 0.0);
	out_kb(s, h->rsvdhkb);
	out_kb(s, h->surphkb);
	sar_out_nl(s);
	accumulate(a, h);
	return 1;
}

static void
huge_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
               const struct sar_slot *last, uint64_t itv)
{
	const struct level_sums *avg = sar_avg(a);
	double fr = mean(s, a, FIELD(stats_huge, frhkb));
	double tl = mean(s, a, FIELD(stats_huge, tlhkb));

	(void) first;
	(void) last;
	(void) itv;
	row_start(s, &view_huge, a);
	out_kb_mean(s, fr);
	out_kb_mean(s, tl - fr);
	sar_out_pc(s, avg->sum[FIELD(stats_huge, tlhkb)] ? (tl - fr) / tl * 100 : 0.0);
	out_kb_mean(s, mean(s, a, FIELD(stats_huge, rsvdhkb)));
	out_kb_mean(s, mean(s, a, FIELD(stats_huge, surphkb)));
	sar_out_nl(s);
}

static const struct sar_names huge_names = {
        .json = "hugepages",
        .keys = "hugfree;hugused;hugused-percent;hugrsvd;hugsurp",
        .xml = "hugepages",
        .xml_attrs = " unit=\"kB\"",
        .flags = SAR_NF_XML_ELEMS,
};

const struct sar_view view_huge = {
        .names = &huge_names,
        .act_id = A_HUGE,
        .opt = SAR_O_MAIN,
        .hdr = "kbhugfree;kbhugused;%hugused;kbhugrsvd;kbhugsurp",
        .avg_size = sizeof(struct level_sums),
        .print = huge_print,
        .print_avg = huge_print_avg,
};

/* ---- kernel tables: -v ---- */

static const size_t ktables_cols[] = {
        FIELD(stats_ktables, dentry_stat),
        FIELD(stats_ktables, file_used),
        FIELD(stats_ktables, inode_used),
        FIELD(stats_ktables, pty_nr),
};

#define N_KTABLES (sizeof(ktables_cols) / sizeof(ktables_cols[0]))

static unsigned
ktables_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
              const struct sar_slot *curr, uint64_t itv)
{
	const void *k = item0(a, curr);
	size_t i;

	(void) prev;
	(void) itv;
	row_start(s, &view_ktables, a);
	for (i = 0; i < N_KTABLES; i++)
		sar_out_u64(s, field(k, ktables_cols[i]));
	sar_out_nl(s);
	accumulate(a, k);
	return 1;
}

static void
ktables_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                  const struct sar_slot *last, uint64_t itv)
{
	size_t i;

	(void) first;
	(void) last;
	(void) itv;
	row_start(s, &view_ktables, a);
	for (i = 0; i < N_KTABLES; i++)
		sar_out_avg(s, mean(s, a, ktables_cols[i]));
	sar_out_nl(s);
}

static const struct sar_names ktables_names = {
        .json = "kernel",
        .keys = "dentunusd;file-nr;inode-nr;pty-nr",
        .xml = "kernel",
};

const struct sar_view view_ktables = {
        .names = &ktables_names,
        .act_id = A_KTABLES,
        .opt = SAR_O_MAIN,
        .hdr = "dentunusd;file-nr;inode-nr;pty-nr",
        .avg_size = sizeof(struct level_sums),
        .print = ktables_print,
        .print_avg = ktables_print_avg,
};
