/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the memory collectors (A_SWAP, A_PAGE, A_MEMORY, A_HUGE).
 * The parser tests use hand-typed buffers whose expected values were worked
 * out by hand from doc/activities.md §4.1-§4.5. The
 * fixture tests compare what the collectors read from each upstream root
 * with the items that sysstat 12.6.1's own sadc stored from that root.
 */

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "common/compat.h"
#include "sadc/collect.h"
#include "sadc/collect_mem.h"
#include "common/banned.h"

/* ------------------------------------------------------------------------- */
/* /proc/meminfo */

static const char meminfo_5x[] = "MemTotal:        8117936 kB\n"
                                 "MemFree:         1234567 kB\n"
                                 "MemAvailable:    5000000 kB\n"
                                 "Buffers:          222222 kB\n"
                                 "Cached:          3333333 kB\n"
                                 "SwapCached:         4444 kB\n"
                                 "Active:          2500000 kB\n"
                                 "Inactive:        2600000 kB\n"
                                 "Active(anon):     900000 kB\n"
                                 "Inactive(anon):   100000 kB\n"
                                 "Active(file):    1600000 kB\n"
                                 "Inactive(file):  2500000 kB\n"
                                 "Unevictable:          16 kB\n"
                                 "Mlocked:              16 kB\n"
                                 "SwapTotal:       2097148 kB\n"
                                 "SwapFree:        2000000 kB\n"
                                 "Dirty:               123 kB\n"
                                 "Writeback:             0 kB\n"
                                 "AnonPages:        987654 kB\n"
                                 "Mapped:           300000 kB\n"
                                 "Shmem:             55555 kB\n"
                                 "Slab:             400000 kB\n"
                                 "SReclaimable:     300000 kB\n"
                                 "SUnreclaim:       100000 kB\n"
                                 "KernelStack:       12345 kB\n"
                                 "PageTables:        45678 kB\n"
                                 "CommitLimit:     6156116 kB\n"
                                 "Committed_AS:    7654321 kB\n"
                                 "VmallocTotal:   34359738367 kB\n"
                                 "VmallocUsed:       36000 kB\n"
                                 "VmallocChunk:          0 kB\n"
                                 "HugePages_Total:      10\n"
                                 "HugePages_Free:        4\n"
                                 "HugePages_Rsvd:        1\n"
                                 "HugePages_Surp:        2\n"
                                 "Hugepagesize:       2048 kB\n"
                                 "Hugetlb:           20480 kB\n";

START_TEST(meminfo_all_fields)
{
	struct stats_memory m;

	memset(&m, 0, sizeof(m));
	parse_meminfo_memory(meminfo_5x, &m);
	ck_assert_uint_eq(m.tlmkb, 8117936);
	ck_assert_uint_eq(m.frmkb, 1234567);
	ck_assert_uint_eq(m.availablekb, 5000000);
	ck_assert_uint_eq(m.bufkb, 222222);
	ck_assert_uint_eq(m.camkb, 3333333);
	ck_assert_uint_eq(m.caskb, 4444);
	/* "Active(anon):" must not be taken for "Active:". */
	ck_assert_uint_eq(m.activekb, 2500000);
	ck_assert_uint_eq(m.inactkb, 2600000);
	ck_assert_uint_eq(m.tlskb, 2097148);
	ck_assert_uint_eq(m.frskb, 2000000);
	ck_assert_uint_eq(m.dirtykb, 123);
	ck_assert_uint_eq(m.comkb, 7654321);
	ck_assert_uint_eq(m.anonpgkb, 987654);
	ck_assert_uint_eq(m.slabkb, 400000);
	ck_assert_uint_eq(m.kstackkb, 12345);
	ck_assert_uint_eq(m.pgtblkb, 45678);
	/* "VmallocTotal:" and "VmallocChunk:" are other keys. */
	ck_assert_uint_eq(m.vmusedkb, 36000);
}
END_TEST

/* A 2.6.18-era meminfo: no MemAvailable, KernelStack, AnonPages or Committed_AS. */
START_TEST(meminfo_old_kernel)
{
	static const char buf[] = "MemTotal:      1027916 kB\n"
	                          "MemFree:        100000 kB\n"
	                          "Buffers:          2000 kB\n"
	                          "Cached:          30000 kB\n"
	                          "SwapCached:          0 kB\n"
	                          "Active:         400000 kB\n"
	                          "Inactive:       300000 kB\n"
	                          "SwapTotal:     2031608 kB\n"
	                          "SwapFree:      2031600 kB\n"
	                          "Dirty:              12 kB\n"
	                          "Slab:            50000 kB\n"
	                          "PageTables:       1000 kB\n"
	                          "VmallocUsed:      2000 kB";
	struct stats_memory m;

	memset(&m, 0, sizeof(m));
	parse_meminfo_memory(buf, &m);
	ck_assert_uint_eq(m.tlmkb, 1027916);
	ck_assert_uint_eq(m.frmkb, 100000);
	ck_assert_uint_eq(m.availablekb, 0);
	ck_assert_uint_eq(m.kstackkb, 0);
	ck_assert_uint_eq(m.anonpgkb, 0);
	ck_assert_uint_eq(m.comkb, 0);
	ck_assert_uint_eq(m.slabkb, 50000);
	/* The last line has no newline. */
	ck_assert_uint_eq(m.vmusedkb, 2000);
}
END_TEST

START_TEST(meminfo_edge_cases)
{
	/* A repeated key keeps its last value; a key without number leaves 0. */
	static const char buf[] = "MemTotal: 100 kB\n"
	                          "MemTotal: 200 kB\n"
	                          "MemFree: kB\n"
	                          "  Buffers: 5 kB\n"
	                          "Cached:18446744073709551616 kB\n"
	                          "\n";
	struct stats_memory m;

	memset(&m, 0, sizeof(m));
	parse_meminfo_memory(buf, &m);
	ck_assert_uint_eq(m.tlmkb, 200);
	ck_assert_uint_eq(m.frmkb, 0);
	/* Keys are matched at the start of the line only. */
	ck_assert_uint_eq(m.bufkb, 0);
	/* 2^64 saturates, as strtoull does. */
	ck_assert_uint_eq(m.camkb, UINT64_MAX);

	memset(&m, 0, sizeof(m));
	parse_meminfo_memory("", &m);
	ck_assert_uint_eq(m.tlmkb, 0);
}
END_TEST

START_TEST(meminfo_huge)
{
	struct stats_huge h;

	memset(&h, 0, sizeof(h));
	parse_meminfo_huge(meminfo_5x, &h);
	/* 10, 4, 1 and 2 pages of 2048 kB. */
	ck_assert_uint_eq(h.tlhkb, 20480);
	ck_assert_uint_eq(h.frhkb, 8192);
	ck_assert_uint_eq(h.rsvdhkb, 2048);
	ck_assert_uint_eq(h.surphkb, 4096);
}
END_TEST

START_TEST(meminfo_huge_without_size)
{
	/* Without Hugepagesize, the page counts are multiplied by 0. */
	static const char buf[] = "HugePages_Total:   7\nHugePages_Free:    3\n";
	struct stats_huge h;

	memset(&h, 0, sizeof(h));
	parse_meminfo_huge(buf, &h);
	ck_assert_uint_eq(h.tlhkb, 0);
	ck_assert_uint_eq(h.frhkb, 0);

	/* Size before the counts: the order of the lines does not matter. */
	memset(&h, 0, sizeof(h));
	parse_meminfo_huge("Hugepagesize: 1048576 kB\nHugePages_Surp: 3\n", &h);
	ck_assert_uint_eq(h.surphkb, 3145728);
	ck_assert_uint_eq(h.tlhkb, 0);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* /proc/vmstat */

static const char vmstat_6x[] = "nr_free_pages 12345\n"
                                "pgpgin 1000\n"
                                "pgpgout 2000\n"
                                "pswpin 30\n"
                                "pswpout 40\n"
                                "pgalloc_normal 99999\n"
                                "pgfree 5000\n"
                                "pgfault 6000\n"
                                "pgmajfault 70\n"
                                "pgsteal_kswapd 100\n"
                                "pgsteal_direct 20\n"
                                "pgsteal_khugepaged 3\n"
                                "pgsteal_anon 40\n"
                                "pgsteal_file 83\n"
                                "pgscan_kswapd 500\n"
                                "pgscan_direct 60\n"
                                "pgscan_khugepaged 7\n"
                                "pgscan_direct_throttle 2\n"
                                "pgscan_anon 111\n"
                                "pgscan_file 456\n"
                                "pswpin_extra 9\n";

START_TEST(vmstat_swap)
{
	struct stats_swap s;

	memset(&s, 0, sizeof(s));
	parse_vmstat_swap(vmstat_6x, &s);
	/* "pswpin_extra" is another name. */
	ck_assert_uint_eq(s.pswpin, 30);
	ck_assert_uint_eq(s.pswpout, 40);
}
END_TEST

START_TEST(vmstat_paging_sums)
{
	struct stats_paging p;

	memset(&p, 0, sizeof(p));
	parse_vmstat_paging(vmstat_6x, &p);
	ck_assert_uint_eq(p.pgpgin, 1000);
	ck_assert_uint_eq(p.pgpgout, 2000);
	ck_assert_uint_eq(p.pgfault, 6000);
	ck_assert_uint_eq(p.pgmajfault, 70);
	ck_assert_uint_eq(p.pgfree, 5000);
	/* Every pgsteal_* line: 100 + 20 + 3 + 40 + 83 (double counting kept). */
	ck_assert_uint_eq(p.pgsteal, 246);
	ck_assert_uint_eq(p.pgscan_kswapd, 500);
	/* pgscan_direct and pgscan_direct_throttle: 60 + 2. */
	ck_assert_uint_eq(p.pgscan_direct, 62);
}
END_TEST

/* 12.7.5's two fields: pgpromote_success alone, every pgdemote_* line summed. */
START_TEST(vmstat_paging_1275)
{
	static const char buf[] = "pgpgin 11\n"
	                          "pgpromote_success 500\n"
	                          "pgpromote_candidate 900\n"
	                          "pgdemote_kswapd 100\n"
	                          "pgdemote_direct 20\n"
	                          "pgdemote_khugepaged 5\n"
	                          "pgdemotion 7\n"
	                          "pgsteal_kswapd 3\n";
	struct stats_paging p;

	memset(&p, 0, sizeof(p));
	parse_vmstat_paging_1275(buf, &p);
	ck_assert_uint_eq(p.pgpromote, 500);
	ck_assert_uint_eq(p.pgdemote, 125);
	/* Nothing else: the 12.6.1 fields are parse_vmstat_paging()'s. */
	ck_assert_uint_eq(p.pgpgin, 0);
	ck_assert_uint_eq(p.pgsteal, 0);
	memset(&p, 0, sizeof(p));
	parse_vmstat_paging(buf, &p);
	ck_assert_uint_eq(p.pgpromote, 0);
	ck_assert_uint_eq(p.pgdemote, 0);
	ck_assert_uint_eq(p.pgpgin, 11);
}
END_TEST

START_TEST(vmstat_old_kernel)
{
	/* 2.6.x: per-zone pgsteal/pgscan lines, no plain pgsteal_kswapd. */
	static const char buf[] = "pgpgin 11\n"
	                          "pgpgout 22\n"
	                          "pgsteal_dma 1\n"
	                          "pgsteal_normal 2\n"
	                          "pgsteal_high 4\n"
	                          "pgscan_kswapd_dma 10\n"
	                          "pgscan_kswapd_normal 20\n"
	                          "pgscan_direct_dma 100\n"
	                          "pgscan_direct_normal 200\n"
	                          "pgsteal_nonumber\n"
	                          "pgsteal_bad x\n";
	struct stats_paging p;

	memset(&p, 0, sizeof(p));
	parse_vmstat_paging(buf, &p);
	ck_assert_uint_eq(p.pgpgin, 11);
	ck_assert_uint_eq(p.pgpgout, 22);
	ck_assert_uint_eq(p.pgfault, 0);
	ck_assert_uint_eq(p.pgsteal, 7);
	ck_assert_uint_eq(p.pgscan_kswapd, 30);
	ck_assert_uint_eq(p.pgscan_direct, 300);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* The collectors through a root */

/* A scratch root holding only proc/meminfo (no vmstat). */
static char tmp_root[256];

static void
make_root(void)
{
	ck_assert_int_eq(fixture_tmp_root("sysrec-mem", tmp_root, sizeof(tmp_root)), 0);
	ck_assert_int_eq(fixture_put_str(tmp_root, "proc/meminfo", meminfo_5x), 0);
}

static void
remove_root(void)
{
	ck_assert_int_eq(fixture_rm_tree(tmp_root), 0);
}

/*
 * A_PAGE through the collector: 12.7.5 fills pgpromote and pgdemote; under
 * 12.6.1 the item is 64 bytes and nothing past them is touched.
 */
START_TEST(collector_page_flavours)
{
	static const char *const flavours[] = {"12.6.1", "12.7.5"};

	make_root();
	ck_assert_int_eq(fixture_put_str(tmp_root, "proc/vmstat",
	                                 "pgpgin 11\npgpromote_success 500\npgdemote_kswapd 100\n"
	                                 "pgdemote_direct 20\n"),
	                 0);
	for (size_t k = 0; k < 2; k++) {
		unsigned char buf[sizeof(struct stats_paging)];
		struct stats_paging p;
		struct collect_ctx c;

		ck_assert_int_eq(setenv("SYSREC_COMPAT", flavours[k], 1), 0);
		sysrec_flavour_reset();
		memset(&c, 0, sizeof(c));
		ck_assert_int_eq(collect_init(&c, tmp_root), 0);
		/* The caller zeroes the flavour's item (64 or 80 bytes); the rest is a guard. */
		memset(buf, 0xa5, sizeof(buf));
		memset(buf, 0, k == 0 ? 64 : sizeof(buf));
		ck_assert_int_eq(collect_read_page(&c, buf, 1, 1), 1);
		memcpy(&p, buf, sizeof(p));
		ck_assert_uint_eq(p.pgpgin, 11);
		if (k == 0) {
			for (size_t i = 64; i < sizeof(buf); i++)
				ck_assert_uint_eq(buf[i], 0xa5);
		} else {
			ck_assert_uint_eq(p.pgpromote, 500);
			ck_assert_uint_eq(p.pgdemote, 120);
		}
		collect_release(&c);
	}
	remove_root();
}
END_TEST

START_TEST(collectors_single_items)
{
	struct collect_ctx c;
	struct stats_memory m;
	struct stats_paging p;
	struct stats_huge h;
	int32_t nr2 = 0;

	make_root();
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, tmp_root), 0);

	/* Single items: count 1, even for the missing vmstat. */
	ck_assert_int_eq(collect_count(collector_for(A_SWAP), &c, &nr2), 1);
	ck_assert_int_eq(nr2, 1);
	ck_assert_int_eq(collect_count(collector_for(A_PAGE), &c, &nr2), 1);
	ck_assert_int_eq(collect_count(collector_for(A_MEMORY), &c, &nr2), 1);
	ck_assert_int_eq(collect_count(collector_for(A_HUGE), &c, &nr2), 1);

	memset(&m, 0, sizeof(m));
	ck_assert_int_eq(collect_read_memory(&c, &m, 1, 1), 1);
	ck_assert_uint_eq(m.tlmkb, 8117936);
	memset(&h, 0, sizeof(h));
	ck_assert_int_eq(collect_read_huge(&c, &h, 1, 1), 1);
	ck_assert_uint_eq(h.tlhkb, 20480);

	/* A missing file still stores one (zeroed) item, as sadc does. */
	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(collect_read_page(&c, &p, 1, 1), 1);
	ck_assert_uint_eq(p.pgpgin, 0);

	/* No room at all. */
	ck_assert_int_eq(collect_read_swap(&c, &p, 0, 1), COLLECT_E_NOSPACE);
	ck_assert_int_eq(collect_read_page(&c, &p, 0, 1), COLLECT_E_NOSPACE);
	ck_assert_int_eq(collect_read_memory(&c, &m, 0, 1), COLLECT_E_NOSPACE);
	ck_assert_int_eq(collect_read_huge(&c, &h, 0, 1), COLLECT_E_NOSPACE);

	/* The registry reaches these collectors. */
	ck_assert_ptr_eq(collector_for(A_MEMORY)->read, collect_read_memory);
	ck_assert_ptr_null(collector_for(A_HUGE)->count);

	collect_release(&c);
	remove_root();
}
END_TEST

/* ------------------------------------------------------------------------- */
/* The oracle: what sysstat 12.6.1 stored from each fixture root */

/*
 * Statistics record `record` of `archive` was collected from `root`
 * (upstream tests/00050, 00055, 00057, 00065, 00067, 00068, 00069, 00070:
 * data.tmp starts as a copy of data-new.tmp).
 */
struct oracle_record {
	const char *archive;
	int record;
	const char *root;
};

// clang-format off
static const struct oracle_record oracle[] = {
	{"data-new.tmp", 0, "root1"}, {"data-new.tmp", 1, "root2"}, {"data-new.tmp", 2, "root3"},
	{"data-new.tmp", 3, "root4"}, {"data-new.tmp", 4, "root5"},
	{"data.tmp", 5, "root6"}, {"data.tmp", 6, "root7"},
	{"data1.tmp", 0, "root6"}, {"data1.tmp", 1, "root7"},
	{"data1.tmp", 2, "root1"}, {"data1.tmp", 3, "root2"},
	{"data-ssr.tmp", 0, "root1"}, {"data-ssr.tmp", 1, "root2"},
	{"data-CPUoffon.tmp", 0, "root2"}, {"data-CPUoffon.tmp", 3, "root5"},
	{"data2.tmp", 2, "root6"}, {"data2.tmp", 3, "root7"},
};
// clang-format on

#define N_ORACLE (sizeof(oracle) / sizeof(oracle[0]))

static const uint32_t mem_ids[] = {A_SWAP, A_PAGE, A_MEMORY, A_HUGE};

/* Compares, byte for byte, the item of activity id read from o->root with the stored one. */
static void
compare_with_oracle(const struct oracle_record *o, uint32_t id)
{
	const struct activity_desc *desc = activity_by_id(id);
	const struct collector *col = collector_for(id);
	char path[4096], root[4096], rel[256];
	struct collect_ctx c;
	unsigned char mine[256];
	void *stored = NULL;
	int32_t nr = 0, nr2 = 0, got;

	snprintf(rel, sizeof(rel), "upstream/generated/%s", o->archive);
	ck_assert_msg(fixture_file(rel, path, sizeof(path)), "missing %s", rel);
	ck_assert_msg(fixture_root(o->root, root, sizeof(root)), "missing %s", o->root);
	ck_assert_msg(fixture_record_items(path, o->record, id, &stored, &nr, &nr2) == 0,
	              "%s record %d has no %s", o->archive, o->record, desc->name);
	ck_assert_int_eq(nr, 1);
	ck_assert_int_eq(nr2, 1);

	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, root), 0);
	memset(mine, 0, sizeof(mine));
	ck_assert_uint_le(desc->size, sizeof(mine));
	got = col->read(&c, mine, 1, 1);
	ck_assert_int_eq(got, 1);
	ck_assert_msg(memcmp(mine, stored, desc->size) == 0, "%s record %d (%s): %s differs",
	              o->archive, o->record, o->root, desc->name);
	free(stored);
	collect_release(&c);
}

START_TEST(oracle_items)
{
	size_t k;

	if (!fixture_shared()) {
		fixture_skip("no shared corpus: fixture oracle comparison not run");
		return;
	}
	for (k = 0; k < sizeof(mem_ids) / sizeof(mem_ids[0]); k++)
		compare_with_oracle(&oracle[_i], mem_ids[k]);
}
END_TEST

static Suite *
mem_suite(void)
{
	Suite *s = suite_create("collect_mem");
	TCase *tc = tcase_create("parsers");

	tcase_add_test(tc, meminfo_all_fields);
	tcase_add_test(tc, meminfo_old_kernel);
	tcase_add_test(tc, meminfo_edge_cases);
	tcase_add_test(tc, meminfo_huge);
	tcase_add_test(tc, meminfo_huge_without_size);
	tcase_add_test(tc, vmstat_swap);
	tcase_add_test(tc, vmstat_paging_sums);
	tcase_add_test(tc, vmstat_old_kernel);
	tcase_add_test(tc, vmstat_paging_1275);
	suite_add_tcase(s, tc);

	tc = tcase_create("collectors");
	tcase_add_test(tc, collectors_single_items);
	tcase_add_test(tc, collector_page_flavours);
	suite_add_tcase(s, tc);

	tc = tcase_create("oracle");
	tcase_add_loop_test(tc, oracle_items, 0, (int) N_ORACLE);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(mem_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
