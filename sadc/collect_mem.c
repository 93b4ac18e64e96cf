/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stddef.h>
#include <string.h>

#include "collect_mem.h"
#include "common/compat.h"
#include "common/banned.h"

/* How the number of a matching line goes into its field. */
enum key_mode {
	KEY_SET, /* the number right after the key; a later line overwrites */
	KEY_SUM, /* the key is a name prefix; add the number after the line's first blank */
};

/* One key of a "name value" file and the uint64_t field it fills. */
struct key_field {
	const char *key;
	size_t offset;
	enum key_mode mode;
};

#define SET(s, key, field)                                                                         \
	{                                                                                          \
		key, offsetof(struct s, field), KEY_SET                                            \
	}
#define SUM(s, key, field)                                                                         \
	{                                                                                          \
		key, offsetof(struct s, field), KEY_SUM                                            \
	}

/*
 * /proc/vmstat: mm/vmstat.c (vmstat_text) and include/linux/vm_event_item.h.
 * The exact names end with a blank so that "pgfree " does not match a
 * longer name.
 */
// clang-format off
static const struct key_field swap_keys[] = {
	SET(stats_swap, "pswpin ",  pswpin),
	SET(stats_swap, "pswpout ", pswpout),
};

static const struct key_field paging_keys[] = {
	SET(stats_paging, "pgpgin ",       pgpgin),
	SET(stats_paging, "pgpgout ",      pgpgout),
	SET(stats_paging, "pgfault ",      pgfault),
	SET(stats_paging, "pgmajfault ",   pgmajfault),
	SET(stats_paging, "pgfree ",       pgfree),
	SUM(stats_paging, "pgsteal_",      pgsteal),
	SUM(stats_paging, "pgscan_kswapd", pgscan_kswapd),
	SUM(stats_paging, "pgscan_direct", pgscan_direct),
};

/* 12.7.5's two more A_PAGE fields: migrations between memory tiers. */
static const struct key_field paging_keys_1275[] = {
	SET(stats_paging, "pgpromote_success ", pgpromote),
	SUM(stats_paging, "pgdemote_",          pgdemote),
};

/*
 * /proc/meminfo: Documentation/filesystems/proc.rst ("meminfo"). The colon
 * is part of each key, so "Active:" does not match "Active(anon):".
 */
static const struct key_field memory_keys[] = {
	SET(stats_memory, "MemTotal:",     tlmkb),
	SET(stats_memory, "MemFree:",      frmkb),
	SET(stats_memory, "MemAvailable:", availablekb),
	SET(stats_memory, "Buffers:",      bufkb),
	SET(stats_memory, "Cached:",       camkb),
	SET(stats_memory, "SwapCached:",   caskb),
	SET(stats_memory, "Active:",       activekb),
	SET(stats_memory, "Inactive:",     inactkb),
	SET(stats_memory, "SwapTotal:",    tlskb),
	SET(stats_memory, "SwapFree:",     frskb),
	SET(stats_memory, "Dirty:",        dirtykb),
	SET(stats_memory, "Committed_AS:", comkb),
	SET(stats_memory, "AnonPages:",    anonpgkb),
	SET(stats_memory, "Slab:",         slabkb),
	SET(stats_memory, "KernelStack:",  kstackkb),
	SET(stats_memory, "PageTables:",   pgtblkb),
	SET(stats_memory, "VmallocUsed:",  vmusedkb),
};
// clang-format on

/* The hugepage counts in pages, before scaling by the page size. */
struct huge_pages {
	uint64_t total, free, rsvd, surp, size_kb;
};

// clang-format off
static const struct key_field huge_keys[] = {
	SET(huge_pages, "HugePages_Total:", total),
	SET(huge_pages, "HugePages_Free:",  free),
	SET(huge_pages, "HugePages_Rsvd:",  rsvd),
	SET(huge_pages, "HugePages_Surp:",  surp),
	SET(huge_pages, "Hugepagesize:",    size_kb),
};
// clang-format on

#define N_KEYS(t) (sizeof(t) / sizeof((t)[0]))

static const struct key_field *
match_key(const char *line, const struct key_field *table, size_t n)
{
	size_t i;

	/* The first byte rules out most keys before the string compare. */
	for (i = 0; i < n; i++)
		if (line[0] == table[i].key[0] && !strncmp(line, table[i].key, strlen(table[i].key)))
			return &table[i];
	return NULL;
}

/* The first blank of line, or NULL when the line has none. */
static const char *
line_blank(const char *line)
{
	for (; *line && *line != '\n'; line++)
		if (*line == ' ')
			return line;
	return NULL;
}

/* Applies every line of buf that starts with a key of table to item. */
static void
parse_keyed(const char *buf, const struct key_field *table, size_t n, void *item)
{
	const char *line;

	for (line = buf; line && *line; line = next_line(line)) {
		const struct key_field *k = match_key(line, table, n);
		uint64_t *field, v;
		const char *p;

		if (!k)
			continue;
		p = k->mode == KEY_SET ? line + strlen(k->key) : line_blank(line);
		/* An unreadable number leaves the field as it was, like sscanf(). */
		if (!p || parse_u64(&p, &v) < 0)
			continue;
		field = (uint64_t *) ((char *) item + k->offset);
		/* Unsigned long arithmetic: a sum wraps as sadc's does. */
		*field = k->mode == KEY_SET ? v : *field + v;
	}
}

void
parse_vmstat_swap(const char *buf, struct stats_swap *ret)
{
	parse_keyed(buf, swap_keys, N_KEYS(swap_keys), ret);
}

void
parse_vmstat_paging(const char *buf, struct stats_paging *ret)
{
	parse_keyed(buf, paging_keys, N_KEYS(paging_keys), ret);
}

void
parse_vmstat_paging_1275(const char *buf, struct stats_paging *ret)
{
	parse_keyed(buf, paging_keys_1275, N_KEYS(paging_keys_1275), ret);
}

void
parse_meminfo_memory(const char *buf, struct stats_memory *ret)
{
	parse_keyed(buf, memory_keys, N_KEYS(memory_keys), ret);
}

void
parse_meminfo_huge(const char *buf, struct stats_huge *ret)
{
	struct huge_pages h;

	memset(&h, 0, sizeof(h));
	parse_keyed(buf, huge_keys, N_KEYS(huge_keys), &h);
	ret->tlhkb = h.total * h.size_kb;
	ret->frhkb = h.free * h.size_kb;
	ret->rsvdhkb = h.rsvd * h.size_kb;
	ret->surphkb = h.surp * h.size_kb;
}

/* ------------------------------------------------------------------------- */
/* The collectors. Each is a single item, stored even when its file is missing. */

int32_t
collect_read_swap(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_VMSTAT, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (buf)
		parse_vmstat_swap(buf, items);
	return 1;
}

int32_t
collect_read_page(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_VMSTAT, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (!buf)
		return 1;
	parse_vmstat_paging(buf, items);
	/* Under 12.6.1 the item is 64 bytes: the last two fields are not there. */
	if (flavour_1275())
		parse_vmstat_paging_1275(buf, items);
	return 1;
}

int32_t
collect_read_memory(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_MEMINFO, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (buf)
		parse_meminfo_memory(buf, items);
	return 1;
}

int32_t
collect_read_huge(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_MEMINFO, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (buf)
		parse_meminfo_huge(buf, items);
	return 1;
}
