/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the CPU-family collectors (collect_cpu.c): the pure parsers
 * on hand-typed buffers, whose expected values are worked out by hand from
 * doc/activities.md §3, §4.6 and doc/format.md §4.1; then the readers on
 * upstream's fixture roots, compared item by item and byte by byte with
 * what sysstat 12.6.1's own sadc stored from the same roots (the oracle).
 */

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixture.h"
#include "common/activity.h"
#include "common/archive.h"
#include "common/source.h"
#include "sadc/collect.h"
#include "sadc/collect_cpu.h"
#include "common/banned.h"

#define N_ITEMS(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------------- */
/* A_CPU */

static void
check_cpu(const struct stats_cpu *st, uint64_t user, uint64_t nice, uint64_t sys, uint64_t idle,
          uint64_t iowait, uint64_t steal, uint64_t hardirq, uint64_t softirq, uint64_t guest,
          uint64_t guest_nice)
{
	ck_assert_uint_eq(st->cpu_user, user);
	ck_assert_uint_eq(st->cpu_nice, nice);
	ck_assert_uint_eq(st->cpu_sys, sys);
	ck_assert_uint_eq(st->cpu_idle, idle);
	ck_assert_uint_eq(st->cpu_iowait, iowait);
	ck_assert_uint_eq(st->cpu_steal, steal);
	ck_assert_uint_eq(st->cpu_hardirq, hardirq);
	ck_assert_uint_eq(st->cpu_softirq, softirq);
	ck_assert_uint_eq(st->cpu_guest, guest);
	ck_assert_uint_eq(st->cpu_guest_nice, guest_nice);
}

static bool
is_zero(const void *p, size_t len)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < len; i++)
		if (b[i])
			return false;
	return true;
}

START_TEST(cpu_column_order)
{
	/* Kernel order: user nice system idle iowait irq softirq steal guest guest_nice. */
	static const char buf[] = "cpu  1 2 3 4 5 6 7 8 9 10\n"
	                          "cpu0 11 12 13 14 15 16 17 18 19 20\n"
	                          "cpu1 21 22 23 24 25 26 27 28 29 30\n"
	                          "intr 1 2 3\n"
	                          "ctxt 5\n";
	struct stats_cpu items[3];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_stat_cpu(buf, items, 3), 3);
	/* steal (8th column) goes to offset 40, before hardirq (6th) and softirq (7th). */
	check_cpu(&items[0], 1, 2, 3, 4, 5, 8, 6, 7, 9, 10);
	check_cpu(&items[1], 11, 12, 13, 14, 15, 18, 16, 17, 19, 20);
	check_cpu(&items[2], 21, 22, 23, 24, 25, 28, 26, 27, 29, 30);
}
END_TEST

START_TEST(cpu_old_kernel_columns)
{
	/* A 2.4 kernel prints four columns, 2.6.11 seven: the rest stay 0. */
	static const char buf[] = "cpu  100 200 300 400\n"
	                          "cpu0 10 20 30 40 50 60 70\n";
	struct stats_cpu items[2];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_stat_cpu(buf, items, 2), 2);
	check_cpu(&items[0], 100, 200, 300, 400, 0, 0, 0, 0, 0, 0);
	check_cpu(&items[1], 10, 20, 30, 40, 50, 0, 60, 70, 0, 0);
}
END_TEST

START_TEST(cpu_offline_in_the_middle)
{
	/* cpu1 is offline: its slot stays zero, the count is the highest CPU + 2. */
	static const char buf[] = "cpu  9 9 9 9\n"
	                          "cpu0 1 1 1 1\n"
	                          "cpu2 3 3 3 3\n";
	struct stats_cpu items[5];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_stat_cpu(buf, items, 5), 4);
	check_cpu(&items[1], 1, 1, 1, 1, 0, 0, 0, 0, 0, 0);
	ck_assert(is_zero(&items[2], sizeof(items[2])));
	check_cpu(&items[3], 3, 3, 3, 3, 0, 0, 0, 0, 0, 0);
	ck_assert(is_zero(&items[4], sizeof(items[4])));
}
END_TEST

START_TEST(cpu_nospace)
{
	/* cpu3 needs item 4, so 5 items. */
	static const char buf[] = "cpu  1 1 1 1\ncpu0 1 1 1 1\ncpu3 1 1 1 1\n";
	struct stats_cpu *items = calloc(4, sizeof(*items));

	ck_assert_int_eq(parse_proc_stat_cpu(buf, items, 4), COLLECT_E_NOSPACE);
	free(items);
	items = calloc(5, sizeof(*items));
	ck_assert_int_eq(parse_proc_stat_cpu(buf, items, 5), 5);
	free(items);
}
END_TEST

START_TEST(cpu_single_item_reads_all_only)
{
	/* As sysstat: with room for one item, only the "cpu " line is read. */
	static const char buf[] = "cpu  7 6 5 4\ncpu0 1 1 1 1\ncpu1 1 1 1 1\n";
	struct stats_cpu item;

	memset(&item, 0, sizeof(item));
	ck_assert_int_eq(parse_proc_stat_cpu(buf, &item, 1), 1);
	check_cpu(&item, 7, 6, 5, 4, 0, 0, 0, 0, 0, 0);
}
END_TEST

START_TEST(cpu_no_cpu_line)
{
	struct stats_cpu items[2];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_stat_cpu("intr 5\nctxt 6\n", items, 2), 0);
	ck_assert_int_eq(parse_proc_stat_cpu("", items, 2), 0);
	ck_assert(is_zero(items, sizeof(items)));
}
END_TEST

START_TEST(cpu_odd_lines)
{
	/*
	 * sysstat reads the "cpu " line from its 6th byte: with a single
	 * blank the first column is lost (user 6, not 5). A cpuN line without
	 * a number, and a CPU beyond NR_CPUS, are ignored. No newline at the end.
	 */
	static const char buf[] = "cpu 5 6 7 8\ncpux 1 2\ncpu9000 1 1\ncpu0 4 3 2 1";
	struct stats_cpu items[2];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_stat_cpu(buf, items, 2), 2);
	check_cpu(&items[0], 6, 7, 8, 0, 0, 0, 0, 0, 0, 0);
	check_cpu(&items[1], 4, 3, 2, 1, 0, 0, 0, 0, 0, 0);
	/* "cpu \n": no values at all. */
	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_stat_cpu("cpu \ncpu0 1\n", items, 2), 2);
	ck_assert(is_zero(&items[0], sizeof(items[0])));
	ck_assert_uint_eq(items[1].cpu_user, 1);
}
END_TEST

START_TEST(cpu_saturates)
{
	struct stats_cpu item;

	memset(&item, 0, sizeof(item));
	ck_assert_int_eq(parse_proc_stat_cpu("cpu  99999999999999999999999 1\n", &item, 1), 1);
	ck_assert_uint_eq(item.cpu_user, UINT64_MAX);
	ck_assert_uint_eq(item.cpu_nice, 1);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_PCSW */

START_TEST(pcsw_lines)
{
	static const char buf[] = "cpu  1 2 3 4\nctxt 130465866\nbtime 1555568347\n"
	                          "processes 46972\nprocs_running 2\n";
	struct stats_pcsw st;

	memset(&st, 0, sizeof(st));
	parse_proc_stat_pcsw(buf, &st);
	ck_assert_uint_eq(st.context_switch, 130465866);
	ck_assert_uint_eq(st.processes, 46972);
}
END_TEST

START_TEST(pcsw_missing_and_lookalikes)
{
	/* Keys include their blank: "ctxtx" and "processesX" are other lines. */
	struct stats_pcsw st;

	memset(&st, 0, sizeof(st));
	parse_proc_stat_pcsw("ctxtx 5\nprocessesX 6\nintr 1\n", &st);
	ck_assert(is_zero(&st, sizeof(st)));
	parse_proc_stat_pcsw("processes 12", &st);
	ck_assert_uint_eq(st.context_switch, 0);
	ck_assert_uint_eq(st.processes, 12);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_IRQ */

static const char irq_two_cpus[] = "           CPU0       CPU1\n"
                                   "  0:         10          2   IO-APIC   2-edge      timer\n"
                                   "  8:          0          1   IO-APIC   8-edge      rtc0\n"
                                   "NMI:          3          4   Non-maskable interrupts\n"
                                   "ERR:          7\n";

static void
check_irq(const struct stats_irq *st, uint32_t nr, const char *name)
{
	char want[MAX_SA_IRQ_LEN];

	memset(want, 0, sizeof(want));
	memcpy(want, name, strlen(name));
	ck_assert_uint_eq(st->irq_nr, nr);
	ck_assert_mem_eq(st->irq_name, want, sizeof(want));
}

START_TEST(irq_count_lines)
{
	/* The header (no ':', 27 bytes) does not count; four interrupt lines do. */
	ck_assert_int_eq(parse_interrupts_count(irq_two_cpus, 2), 4);
	ck_assert_int_eq(parse_interrupts_count("", 2), 0);
	/* ':' must sit at 1..15: "averyveryverylongname:" (':' at 21) is not counted. */
	ck_assert_int_eq(parse_interrupts_count("averyveryverylongname: 1\n: 2\n", 1), 0);
	ck_assert_int_eq(parse_interrupts_count("abcdefghijklmno: 1\nabcdefghijklmnop: 1\n", 1), 1);
	/* A piece shorter than 16 bytes without ':' counts, as in sysstat (here a blank line). */
	ck_assert_int_eq(parse_interrupts_count("           CPU0\n\n  1:  5\n", 1), 2);
}
END_TEST

START_TEST(irq_matrix)
{
	/* 3 rows (all, CPU0, CPU1) x 5 columns (sum, 0, 8, NMI, ERR). */
	struct stats_irq items[3 * 5];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_interrupts(irq_two_cpus, items, 3, 5), 3);
	/* Row "all": names and per-interrupt sums; [0][0] is the grand total 27. */
	check_irq(&items[0], 27, "sum");
	check_irq(&items[1], 12, "0");
	check_irq(&items[2], 1, "8");
	check_irq(&items[3], 7, "NMI");
	check_irq(&items[4], 7, "ERR");
	/* CPU0: total 10+0+3+7; ERR has a single count, which is CPU0's. */
	check_irq(&items[5], 20, "");
	check_irq(&items[6], 10, "");
	check_irq(&items[7], 0, "");
	check_irq(&items[8], 3, "");
	check_irq(&items[9], 7, "");
	/* CPU1: total 2+1+4+0. */
	check_irq(&items[10], 7, "");
	check_irq(&items[11], 2, "");
	check_irq(&items[12], 1, "");
	check_irq(&items[13], 4, "");
	check_irq(&items[14], 0, "");
}
END_TEST

START_TEST(irq_nr2_fixed_at_creation)
{
	/* nr2 = 3: only the first two interrupts are read; the total is 12+1. */
	struct stats_irq items[3 * 3];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_interrupts(irq_two_cpus, items, 3, 3), 3);
	check_irq(&items[0], 13, "sum");
	check_irq(&items[1], 12, "0");
	check_irq(&items[2], 1, "8");
	check_irq(&items[3], 10, "");
	check_irq(&items[6], 3, "");
}
END_TEST

START_TEST(irq_offline_cpu)
{
	/* CPU1 offline: row 2 stays zero, row 3 is CPU2, the count is 2 + 2. */
	static const char buf[] = "           CPU0       CPU2\n"
	                          "  1:          5          6   IO-APIC   1-edge      i8042\n";
	struct stats_irq items[4 * 2];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_interrupts(buf, items, 4, 2), 4);
	check_irq(&items[0], 11, "sum");
	check_irq(&items[1], 11, "1");
	check_irq(&items[2], 5, "");
	check_irq(&items[3], 5, "");
	ck_assert(is_zero(&items[4], 2 * sizeof(items[0])));
	check_irq(&items[6], 6, "");
	check_irq(&items[7], 6, "");
}
END_TEST

START_TEST(irq_nospace)
{
	static const char buf[] = "           CPU0       CPU2\n  1:          5          6\n";
	struct stats_irq *items = calloc(3 * 2, sizeof(*items));

	ck_assert_int_eq(parse_proc_interrupts(buf, items, 3, 2), COLLECT_E_NOSPACE);
	free(items);
}
END_TEST

START_TEST(irq_more_columns_than_rows)
{
	/*
	 * sadc takes at most max_nr - 1 CPU columns: with room for 2 rows only
	 * CPU0 is read, and CPU1 is not reported as missing room.
	 */
	static const char buf[] = "           CPU0       CPU1\n  1:          5          6\n";
	struct stats_irq items[2 * 2];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_interrupts(buf, items, 2, 2), 2);
	check_irq(&items[0], 5, "sum");
	check_irq(&items[1], 5, "1");
	check_irq(&items[3], 5, "");
}
END_TEST

START_TEST(irq_long_name)
{
	/* Names are cut at 7 bytes; leading blanks are dropped. */
	static const char buf[] = "      CPU0\n   LongIRQName:     9\nLOC:   4   Local timer\n";
	struct stats_irq items[2 * 3];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_interrupts(buf, items, 2, 3), 2);
	check_irq(&items[1], 9, "LongIRQ");
	check_irq(&items[2], 4, "LOC");
	check_irq(&items[4], 9, "");
}
END_TEST

START_TEST(irq_overlong_line)
{
	/*
	 * One CPU, so sadc's line buffer holds 128 + 11 bytes: pieces of 138.
	 * The line below is 18 + 120 bytes then "ehci_hcd:usb1": its tail is
	 * a piece of its own, holding a ':', so sysstat (and we) take it for
	 * one more interrupt named "ehci_hc" with no count.
	 */
	char buf[512];
	char pad[121];
	struct stats_irq items[2 * 4];

	memset(pad, 'a', 120);
	pad[120] = '\0';
	snprintf(buf, sizeof(buf), "           CPU0\n 16:          5   %sehci_hcd:usb1\n  3:  2\n",
	         pad);
	ck_assert_int_eq(parse_interrupts_count(buf, 1), 3);
	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_interrupts(buf, items, 2, 4), 2);
	check_irq(&items[0], 7, "sum");
	check_irq(&items[1], 5, "16");
	check_irq(&items[2], 0, "ehci_hc");
	check_irq(&items[3], 2, "3");
	check_irq(&items[4], 7, "");
}
END_TEST

START_TEST(irq_no_header)
{
	struct stats_irq items[2 * 2];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_proc_interrupts("  1:  5\n", items, 2, 2), 0);
	ck_assert_int_eq(parse_proc_interrupts("", items, 2, 2), 0);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_QUEUE */

START_TEST(queue_loadavg)
{
	struct stats_queue st;

	memset(&st, 0, sizeof(st));
	ck_assert(parse_loadavg("3.16 3.24 3.43 4/956 27015\n", &st));
	ck_assert_uint_eq(st.load_avg_1, 316);
	ck_assert_uint_eq(st.load_avg_5, 324);
	ck_assert_uint_eq(st.load_avg_15, 343);
	/* The reading process is not counted: 4 - 1. */
	ck_assert_uint_eq(st.nr_running, 3);
	ck_assert_uint_eq(st.nr_threads, 956);
	parse_procs_blocked("cpu  1\nprocs_running 4\nprocs_blocked 7\n", &st);
	ck_assert_uint_eq(st.procs_blocked, 7);
	ck_assert(is_zero(st.pad, sizeof(st.pad)));
}
END_TEST

START_TEST(queue_zero_running)
{
	struct stats_queue st;

	memset(&st, 0, sizeof(st));
	ck_assert(parse_loadavg("0.00 0.01 10.05 0/100 1\n", &st));
	ck_assert_uint_eq(st.nr_running, 0);
	ck_assert_uint_eq(st.load_avg_1, 0);
	ck_assert_uint_eq(st.load_avg_5, 1);
	ck_assert_uint_eq(st.load_avg_15, 1005);
}
END_TEST

START_TEST(queue_incomplete)
{
	struct stats_queue st;

	memset(&st, 0, sizeof(st));
	ck_assert(!parse_loadavg("0.50 0.40\n", &st));
	ck_assert(!parse_loadavg("0.50 0.40 0.30 4\n", &st));
	ck_assert(!parse_loadavg("", &st));
	ck_assert(is_zero(&st, sizeof(st)));
	parse_procs_blocked("procs_running 1\n", &st);
	ck_assert_uint_eq(st.procs_blocked, 0);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_KTABLES */

START_TEST(ktables_values)
{
	struct stats_ktables st;

	memset(&st, 0xff, sizeof(st));
	parse_ktables("181127\t156063\t45\t0\t22573\t0", "16704\t0\t809467",
	              "158386\t651\t0\t0\t0\t0\t0", "4", &st);
	ck_assert_uint_eq(st.dentry_stat, 156063);
	ck_assert_uint_eq(st.file_used, 16704);
	ck_assert_uint_eq(st.inode_used, 157735);
	ck_assert_uint_eq(st.pty_nr, 4);
}
END_TEST

START_TEST(ktables_missing_and_short)
{
	struct stats_ktables st;

	memset(&st, 0xff, sizeof(st));
	parse_ktables(NULL, NULL, NULL, NULL, &st);
	ck_assert(is_zero(&st, sizeof(st)));
	memset(&st, 0xff, sizeof(st));
	/* One number where two are needed gives 0; an empty pty file too. */
	parse_ktables("5", "7", "9", "", &st);
	ck_assert(is_zero(&st, sizeof(st)));
}
END_TEST

START_TEST(ktables_odd_values)
{
	struct stats_ktables st;

	memset(&st, 0, sizeof(st));
	/* A negative first dentry number is skipped; used = allocated - free wraps like sysstat's.
	 */
	parse_ktables("-5 7 45", "1 2 3", "10 10", "0", &st);
	ck_assert_uint_eq(st.dentry_stat, 7);
	ck_assert_uint_eq(st.file_used, UINT64_MAX);
	ck_assert_uint_eq(st.inode_used, 0);
	ck_assert_uint_eq(st.pty_nr, 0);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_NET_SOFT */

static void
check_soft(const struct stats_softnet *st, uint32_t processed, uint32_t dropped, uint32_t squeeze,
           uint32_t rps, uint32_t flow, uint32_t backlog)
{
	ck_assert_uint_eq(st->processed, processed);
	ck_assert_uint_eq(st->dropped, dropped);
	ck_assert_uint_eq(st->time_squeeze, squeeze);
	ck_assert_uint_eq(st->received_rps, rps);
	ck_assert_uint_eq(st->flow_limit, flow);
	ck_assert_uint_eq(st->backlog_len, backlog);
}

/* cpu1 is offline. */
static const char soft_stat[] = "cpu  1 1 1 1\ncpu0 1 1 1 1\ncpu2 1 1 1 1\nintr 0\n";

START_TEST(softnet_old_format)
{
	/* Kernels 3.11-5.9: 11 words, no CPU id; lines go to the online CPUs. */
	static const char soft[] =
	        "00000010 00000001 00000002 00000000 00000000 00000000 00000000 00000000 "
	        "00000000 00000003 00000004\n"
	        "000000ff 00000005 00000006 00000000 00000000 00000000 00000000 00000000 "
	        "00000000 0000000a 0000000B\n";
	struct stats_softnet items[4];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_softnet(soft_stat, soft, items, 4), 4);
	ck_assert(is_zero(&items[0], sizeof(items[0])));
	check_soft(&items[1], 16, 1, 2, 3, 4, 0);
	ck_assert(is_zero(&items[2], sizeof(items[2])));
	check_soft(&items[3], 255, 5, 6, 10, 11, 0);
}
END_TEST

START_TEST(softnet_new_format)
{
	/* Kernels 5.10+: 13 words, the last one the CPU id. */
	static const char soft[] =
	        "00000010 00000001 00000002 00000000 00000000 00000000 00000000 00000000 "
	        "00000000 00000003 00000004 00000009 00000000\n"
	        "00000020 00000005 00000006 00000000 00000000 00000000 00000000 00000000 "
	        "00000000 00000007 00000008 0000000a 00000002\n";
	struct stats_softnet items[4];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_softnet(soft_stat, soft, items, 4), 4);
	check_soft(&items[1], 16, 1, 2, 3, 4, 9);
	ck_assert(is_zero(&items[2], sizeof(items[2])));
	check_soft(&items[3], 32, 5, 6, 7, 8, 10);
}
END_TEST

START_TEST(softnet_words_carried_over)
{
	/*
	 * Kernels 2.6.35-3.10 print 10 words (no flow_limit). sysstat keeps the
	 * previous line's value for a missing word: 0 on the first line, 4 on
	 * the line after one that had it. Odd, but reproduced.
	 */
	static const char soft[] =
	        "00000001 00000000 00000000 00000000 00000000 00000000 00000000 00000000 "
	        "00000000 00000002\n"
	        "00000001 00000000 00000000 00000000 00000000 00000000 00000000 00000000 "
	        "00000000 00000003 00000004\n"
	        "00000001 00000000 00000000 00000000 00000000 00000000 00000000 00000000 "
	        "00000000 00000005\n";
	static const char stat[] = "cpu  1\ncpu0 1\ncpu1 1\ncpu2 1\n";
	struct stats_softnet items[4];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_softnet(stat, soft, items, 4), 4);
	check_soft(&items[1], 1, 0, 0, 2, 0, 0);
	check_soft(&items[2], 1, 0, 0, 3, 4, 0);
	check_soft(&items[3], 1, 0, 0, 5, 4, 0);
}
END_TEST

START_TEST(softnet_nospace)
{
	static const char soft[] = "1 0 0 0 0 0 0 0 0 0 0\n2 0 0 0 0 0 0 0 0 0 0\n"
	                           "3 0 0 0 0 0 0 0 0 0 0\n4 0 0 0 0 0 0 0 0 0 0\n";
	static const char stat4[] = "cpu  1\ncpu0 1\ncpu1 1\ncpu2 1\ncpu3 1\n";
	static const char stat5[] = "cpu  1\ncpu0 1\ncpu1 1\ncpu2 1\ncpu3 1\ncpu4 1\n";
	struct stats_softnet *items = calloc(4, sizeof(*items));

	/* The 4th line needs item 4. */
	ck_assert_int_eq(parse_softnet(stat4, soft, items, 4), COLLECT_E_NOSPACE);
	/* cpu4 does not fit in a 4-CPU bitmap. */
	ck_assert_int_eq(parse_softnet(stat5, soft, items, 4), COLLECT_E_NOSPACE);
	/* Lines for cpu0-2 only, but the count (3 + 2) still needs 5 items. */
	ck_assert_int_eq(parse_softnet(stat4, "1 0 0\n2 0 0\n3 0 0\n", items, 4),
	                 COLLECT_E_NOSPACE);
	free(items);
	items = calloc(5, sizeof(*items));
	ck_assert_int_eq(parse_softnet(stat4, soft, items, 5), 5);
	check_soft(&items[4], 4, 0, 0, 0, 0, 0);
	free(items);
}
END_TEST

START_TEST(softnet_missing)
{
	struct stats_softnet items[3];

	memset(items, 0, sizeof(items));
	/* No softnet_stat: count 0. No cpuN line in proc/stat: count 0. */
	ck_assert_int_eq(parse_softnet(soft_stat, NULL, items, 4), 0);
	ck_assert_int_eq(parse_softnet("cpu  1 1 1 1\n", "1 2 3\n", items, 3), 0);
	ck_assert(is_zero(items, sizeof(items)));
}
END_TEST

START_TEST(softnet_extra_lines_dropped)
{
	/* More lines than online CPUs: the extra one has nowhere to go. */
	struct stats_softnet items[4];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_softnet("cpu  1\ncpu0 1\n", "a 1 2\nb 3 4\n", items, 4), 2);
	check_soft(&items[1], 10, 1, 2, 0, 0, 0);
	ck_assert(is_zero(&items[2], 2 * sizeof(items[0])));
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_PSI_* */

START_TEST(psi_cpu_some)
{
	/* Kernels 5.13+ add a "full" line to the cpu file: it is not read. */
	static const char buf[] = "some avg10=1.23 avg60=0.45 avg300=10.00 total=123456\n"
	                          "full avg10=9.00 avg60=9.00 avg300=9.00 total=9\n";
	struct stats_psi_cpu st;

	memset(&st, 0, sizeof(st));
	parse_psi_cpu(buf, &st);
	ck_assert_uint_eq(st.some_acpu_10, 123);
	ck_assert_uint_eq(st.some_acpu_60, 45);
	ck_assert_uint_eq(st.some_acpu_300, 1000);
	ck_assert_uint_eq(st.some_cpu_total, 123456);
}
END_TEST

START_TEST(psi_io_some_full)
{
	static const char buf[] = "some avg10=0.45 avg60=0.34 avg300=0.20 total=96242289\n"
	                          "full avg10=0.45 avg60=0.33 avg300=0.21 total=92732851\n";
	struct stats_psi_io st;

	memset(&st, 0, sizeof(st));
	parse_psi_io(buf, &st);
	ck_assert_uint_eq(st.some_io_total, 96242289);
	ck_assert_uint_eq(st.some_aio_10, 45);
	ck_assert_uint_eq(st.some_aio_60, 34);
	ck_assert_uint_eq(st.some_aio_300, 20);
	ck_assert_uint_eq(st.full_io_total, 92732851);
	ck_assert_uint_eq(st.full_aio_10, 45);
	ck_assert_uint_eq(st.full_aio_60, 33);
	ck_assert_uint_eq(st.full_aio_300, 21);
}
END_TEST

START_TEST(psi_mem_missing_lines)
{
	struct stats_psi_mem st;

	/* No "full" line: "some" is stored, "full" stays 0. */
	memset(&st, 0, sizeof(st));
	parse_psi_mem("some avg10=2.50 avg60=1.00 avg300=0.01 total=77\n", &st);
	ck_assert_uint_eq(st.some_amem_10, 250);
	ck_assert_uint_eq(st.some_amem_60, 100);
	ck_assert_uint_eq(st.some_amem_300, 1);
	ck_assert_uint_eq(st.some_mem_total, 77);
	ck_assert_uint_eq(st.full_mem_total, 0);
	ck_assert_uint_eq(st.full_amem_10, 0);
	/* No "some" line: nothing is stored, not even "full". */
	memset(&st, 0, sizeof(st));
	parse_psi_mem("full avg10=2.50 avg60=1.00 avg300=0.01 total=77\n", &st);
	ck_assert(is_zero(&st, sizeof(st)));
}
END_TEST

START_TEST(psi_line_rules)
{
	struct psi_values v = {1, 2, 3, 4};

	/* The last matching line counts, even when it is incomplete. */
	ck_assert_int_eq(parse_psi_line("some avg10=1.00 avg60=1.00 avg300=1.00 total=1\n"
	                                "some avg10=2.00 avg60=3.00 avg300=4.00 total=5\n",
	                                "some", &v),
	                 0);
	ck_assert_uint_eq(v.avg10, 200);
	ck_assert_uint_eq(v.avg60, 300);
	ck_assert_uint_eq(v.avg300, 400);
	ck_assert_uint_eq(v.total, 5);
	ck_assert_int_eq(parse_psi_line("some avg10=1.00 avg60=1.00 avg300=1.00 total=1\n"
	                                "some avg10=2.00\n",
	                                "some", &v),
	                 -EINVAL);
	ck_assert_uint_eq(v.total, 5);
	/* Exactly one separator byte after the token. */
	ck_assert_int_eq(
	        parse_psi_line("some  avg10=1.00 avg60=1.00 avg300=1.00 total=1\n", "some", &v),
	        -EINVAL);
	/* A bare token does not read into the next line. */
	ck_assert_int_eq(
	        parse_psi_line("some\navg10=1.00 avg60=1.00 avg300=1.00 total=1\n", "some", &v),
	        -EINVAL);
	ck_assert_int_eq(parse_psi_line("some", "some", &v), -EINVAL);
	ck_assert_int_eq(parse_psi_line("", "some", &v), -EINVAL);
	ck_assert_uint_eq(v.total, 5);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* -S MPSTAT: proc/softirqs, the intr total, one-number sysfs files */

/* A 4.5+ kernel's /proc/softirqs of 2 CPUs (kernel/softirq.c, fs/proc/softirqs.c). */
static const char softirqs_2cpu[] = "                    CPU0       CPU1\n"
                                    "          HI:          1          2\n"
                                    "       TIMER:        300        400\n"
                                    "      NET_TX:          5          6\n"
                                    "      NET_RX:          7          8\n"
                                    "       BLOCK:          9         10\n"
                                    "    IRQ_POLL:         11         12\n"
                                    "     TASKLET:         13         14\n"
                                    "       SCHED:         15         16\n"
                                    "     HRTIMER:         17         18\n"
                                    "         RCU: 4294967295 4294967301\n";

/* The EXT_SOFTIRQ_NAMES code of name (0 when it is none). */
static uint8_t
soft_code(const char *name)
{
	static const char *const names[EXT_SOFTIRQ_NAMES_NR] = EXT_SOFTIRQ_NAMES;

	for (uint8_t k = 1; k < EXT_SOFTIRQ_NAMES_NR; k++)
		if (!strcmp(names[k], name))
			return k;
	return 0;
}

START_TEST(softirqs_lines)
{
	static const char *const order[] = {"HI",       "TIMER",   "NET_TX", "NET_RX",  "BLOCK",
	                                    "IRQ_POLL", "TASKLET", "SCHED",  "HRTIMER", "RCU"};
	struct ext_cpux it[3];

	memset(it, 0, sizeof(it));
	parse_softirqs(softirqs_2cpu, it, 3);
	ck_assert_uint_eq(it[0].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[0].n_soft, 10);
	for (uint32_t k = 0; k < 10; k++)
		ck_assert_uint_eq(it[0].soft_name[k], soft_code(order[k]));
	ck_assert_uint_eq(it[0].soft_name[10], 0);
	ck_assert(is_zero(it[0].soft, sizeof(it[0].soft)));
	ck_assert_uint_eq(it[1].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[2].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[1].soft[0], 1);
	ck_assert_uint_eq(it[2].soft[0], 2);
	ck_assert_uint_eq(it[1].soft[1], 300);
	ck_assert_uint_eq(it[2].soft[8], 18);
	/* 32-bit counts, as the kernel keeps them: 2^32 + 5 comes back as 5. */
	ck_assert_uint_eq(it[1].soft[9], 4294967295u);
	ck_assert_uint_eq(it[2].soft[9], 5);
	ck_assert_uint_eq(it[1].soft[10], 0);
}
END_TEST

START_TEST(softirqs_block_iopoll_kept_apart)
{
	/* Before 4.5 the line was BLOCK_IOPOLL: a code of its own, so mpstat prints that name. */
	static const char old[] = "         CPU0\n"
	                          "   HI:     1\n"
	                          "BLOCK_IOPOLL:     2\n"
	                          "IRQ_POLL:     3\n";
	struct ext_cpux it[2];

	memset(it, 0, sizeof(it));
	parse_softirqs(old, it, 2);
	ck_assert_uint_eq(it[0].n_soft, 3);
	ck_assert_uint_eq(it[0].soft_name[0], soft_code("HI"));
	ck_assert_uint_eq(it[0].soft_name[1], soft_code("BLOCK_IOPOLL"));
	ck_assert_uint_eq(it[0].soft_name[2], soft_code("IRQ_POLL"));
	ck_assert_uint_ne(soft_code("BLOCK_IOPOLL"), soft_code("IRQ_POLL"));
	ck_assert_uint_eq(it[1].soft[1], 2);
	ck_assert_uint_eq(it[1].soft[2], 3);
}
END_TEST

/* The items after a file that does not fit: item 0 EXT_CX_NOSOFT alone, nothing else kept. */
static void
check_unfit(const struct ext_cpux *it, int32_t nr)
{
	ck_assert_uint_eq(it[0].flags, EXT_CX_NOSOFT);
	ck_assert_uint_eq(it[0].n_soft, 0);
	ck_assert(is_zero(it[0].soft_name, sizeof(it[0].soft_name)));
	for (int32_t i = 1; i < nr; i++) {
		ck_assert_uint_eq(it[i].flags, 0);
		ck_assert(is_zero(it[i].soft, sizeof(it[i].soft)));
	}
}

START_TEST(softirqs_unknown_name)
{
	static const char text[] = "     CPU0  CPU1\n"
	                           "  HI:    1     2\n"
	                           "  NEW_ONE:    3     4\n"
	                           "  RCU:    5     6\n";
	/* A name must match whole: a prefix, a longer name or an empty one is unknown too. */
	static const char *const lookalikes[] = {"  H:  1  2\n", "  HIX:  1  2\n", "   :  1  2\n",
	                                         "hi:  1  2\n"};
	struct ext_cpux it[3];
	char buf[128];

	memset(it, 0, sizeof(it));
	parse_softirqs(text, it, 3);
	check_unfit(it, 3);
	for (size_t i = 0; i < N_ITEMS(lookalikes); i++) {
		snprintf(buf, sizeof(buf), " CPU0 CPU1\n%s", lookalikes[i]);
		memset(it, 0, sizeof(it));
		parse_softirqs(buf, it, 3);
		check_unfit(it, 3);
	}
}
END_TEST

START_TEST(softirqs_more_than_max_lines)
{
	struct ext_cpux it[2];
	char buf[1024];
	size_t len = 0;

	len += (size_t) snprintf(buf + len, sizeof(buf) - len, "    CPU0\n");
	for (int i = 0; i < EXT_SOFTIRQ_MAX; i++)
		len += (size_t) snprintf(buf + len, sizeof(buf) - len, "  HI: %d\n", i + 1);
	/* EXT_SOFTIRQ_MAX lines fit (names may repeat: mpstat prints what it reads). */
	memset(it, 0, sizeof(it));
	parse_softirqs(buf, it, 2);
	ck_assert_uint_eq(it[0].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[0].n_soft, EXT_SOFTIRQ_MAX);
	ck_assert_uint_eq(it[1].soft[EXT_SOFTIRQ_MAX - 1], EXT_SOFTIRQ_MAX);
	/* One more does not: nothing is kept rather than a cut list. */
	snprintf(buf + len, sizeof(buf) - len, "  RCU: 99\n");
	memset(it, 0, sizeof(it));
	parse_softirqs(buf, it, 2);
	check_unfit(it, 2);
	/* The soft_name room past EXT_SOFTIRQ_MAX stays 0. */
	ck_assert_uint_eq(it[0].soft_name[EXT_SOFTIRQ_MAX], 0);
}
END_TEST

START_TEST(softirqs_short_lines_and_garbage)
{
	static const char text[] = "    CPU0  CPU1  CPU2\n"
	                           "      HI:    1     2\n" /* CPU2's column missing */
	                           "   TIMER:\n"            /* no counts at all */
	                           "  NET_TX:    x     4     5\n"
	                           "  NET_RX:    6    7y     8\n"
	                           "no colon here 1 2 3\n" /* skipped, not a line */
	                           "   BLOCK: 18446744073709551616 -1 9\n";
	struct ext_cpux it[4];

	memset(it, 0, sizeof(it));
	parse_softirqs(text, it, 4);
	ck_assert_uint_eq(it[0].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[0].n_soft, 5);
	ck_assert_uint_eq(it[0].soft_name[4], soft_code("BLOCK"));
	for (int i = 1; i < 4; i++)
		ck_assert_uint_eq(it[i].flags, EXT_CX_SOFT);
	/* A short line: the missing counts are 0, never read from the next line. */
	ck_assert_uint_eq(it[1].soft[0], 1);
	ck_assert_uint_eq(it[2].soft[0], 2);
	ck_assert_uint_eq(it[3].soft[0], 0);
	ck_assert_uint_eq(it[1].soft[1], 0);
	ck_assert_uint_eq(it[3].soft[1], 0);
	/* A count that is not a number is 0, and so are the rest of its line's. */
	ck_assert_uint_eq(it[1].soft[2], 0);
	ck_assert_uint_eq(it[2].soft[2], 0);
	ck_assert_uint_eq(it[3].soft[2], 0);
	ck_assert_uint_eq(it[1].soft[3], 6);
	ck_assert_uint_eq(it[2].soft[3], 7);
	ck_assert_uint_eq(it[3].soft[3], 0);
	/* Past 2^64 saturates (strtoul), then the 32-bit cut; a sign is not a number. */
	ck_assert_uint_eq(it[1].soft[4], UINT32_MAX);
	ck_assert_uint_eq(it[2].soft[4], 0);
	ck_assert_uint_eq(it[3].soft[4], 0);
}
END_TEST

START_TEST(softirqs_fewer_columns_than_cpus)
{
	/* CPUs 1 and 3 offline or hot-plugged since: only the columns there are get counts. */
	static const char text[] = "       CPU0       CPU2\n"
	                           "  HI:     10     20\n";
	struct ext_cpux it[5];

	memset(it, 0, sizeof(it));
	parse_softirqs(text, it, 5);
	ck_assert_uint_eq(it[1].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[2].flags, 0);
	ck_assert_uint_eq(it[3].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[4].flags, 0);
	ck_assert_uint_eq(it[1].soft[0], 10);
	ck_assert_uint_eq(it[3].soft[0], 20);
	ck_assert(is_zero(it[2].soft, sizeof(it[2].soft)));
	ck_assert(is_zero(it[4].soft, sizeof(it[4].soft)));
}
END_TEST

START_TEST(softirqs_more_columns_than_cpus)
{
	/* A CPU past the items ends the columns (mpstat has no row for it), and those after it. */
	static const char text[] = "  CPU0  CPU1  CPU9  CPU2\n"
	                           "  HI:  1  2  3  4\n";
	struct ext_cpux it[4];

	memset(it, 0, sizeof(it));
	parse_softirqs(text, it, 4);
	ck_assert_uint_eq(it[1].soft[0], 1);
	ck_assert_uint_eq(it[2].soft[0], 2);
	ck_assert_uint_eq(it[3].flags, 0);
	ck_assert_uint_eq(it[3].soft[0], 0);
}
END_TEST

START_TEST(softirqs_header_and_edges)
{
	struct ext_cpux it[2];

	/* Lines before the header are skipped; without a header no line is read. */
	memset(it, 0, sizeof(it));
	parse_softirqs("junk: 1\n  CPU0\n  HI: 7\n", it, 2);
	ck_assert_uint_eq(it[0].n_soft, 1);
	ck_assert_uint_eq(it[1].soft[0], 7);
	memset(it, 0, sizeof(it));
	parse_softirqs("  HI: 7\n  TIMER: 8\n", it, 2);
	ck_assert_uint_eq(it[0].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[0].n_soft, 0);
	ck_assert_uint_eq(it[1].flags, 0);
	/* A header naming no CPU the items have ("CPU" with no number, CPU5 of 1). */
	memset(it, 0, sizeof(it));
	parse_softirqs("  CPU\n  HI: 7\n", it, 2);
	ck_assert_uint_eq(it[0].n_soft, 0);
	memset(it, 0, sizeof(it));
	parse_softirqs("  CPU5\n  HI: 7\n", it, 2);
	ck_assert_uint_eq(it[0].n_soft, 0);
	ck_assert_uint_eq(it[1].flags, 0);
	/* No file, no CPU rows, an empty file, no final newline. */
	memset(it, 0, sizeof(it));
	parse_softirqs(NULL, it, 2);
	ck_assert(is_zero(it, sizeof(it)));
	parse_softirqs("  CPU0\n  HI: 7\n", it, 0);
	ck_assert(is_zero(it, sizeof(it)));
	parse_softirqs("", it, 2);
	ck_assert_uint_eq(it[0].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[1].flags, 0);
	memset(it, 0, sizeof(it));
	parse_softirqs("  CPU0\n  HI: 7", it, 2);
	ck_assert_uint_eq(it[1].soft[0], 7);
	/* Only "all": nothing to count into. */
	memset(it, 0, sizeof(it));
	parse_softirqs("  CPU0\n  HI: 7\n", it, 1);
	ck_assert_uint_eq(it[0].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[0].n_soft, 0);
}
END_TEST

START_TEST(softirqs_columns_past_cpu_max)
{
	/* More CPU directories than COLLECT_CPU_MAX: the columns stop there. */
	const int32_t nr = COLLECT_CPU_MAX + 2;
	struct ext_cpux *it = calloc((size_t) nr, sizeof(*it));
	size_t cap = (size_t) (COLLECT_CPU_MAX + 1) * 12 + 32, len = 0;
	char *buf = malloc(cap);

	ck_assert_ptr_nonnull(it);
	ck_assert_ptr_nonnull(buf);
	for (int32_t i = 0; i <= COLLECT_CPU_MAX; i++)
		len += (size_t) snprintf(buf + len, cap - len, " CPU%d", (int) i);
	len += (size_t) snprintf(buf + len, cap - len, "\n HI:");
	for (int32_t i = 0; i <= COLLECT_CPU_MAX; i++)
		len += (size_t) snprintf(buf + len, cap - len, " 1");
	snprintf(buf + len, cap - len, "\n");
	parse_softirqs(buf, it, nr);
	ck_assert_uint_eq(it[0].n_soft, 1);
	ck_assert_uint_eq(it[COLLECT_CPU_MAX].flags, EXT_CX_SOFT);
	ck_assert_uint_eq(it[COLLECT_CPU_MAX].soft[0], 1);
	ck_assert_uint_eq(it[COLLECT_CPU_MAX + 1].flags, 0);
	free(buf);
	free(it);
}
END_TEST

START_TEST(intr_total)
{
	uint64_t v = 42;

	ck_assert(parse_intr_total("cpu  1 2 3\nintr 123456789012 1 2 3\nctxt 5\n", &v));
	ck_assert_uint_eq(v, 123456789012ull);
	/* All 64 bits are kept; past them it saturates. */
	ck_assert(parse_intr_total("intr 18446744073709551615 0\n", &v));
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert(parse_intr_total("intr 99999999999999999999999\n", &v));
	ck_assert_uint_eq(v, UINT64_MAX);
	/* Missing, without a number, garbage, or a lookalike: false, *ret left. */
	v = 42;
	ck_assert(!parse_intr_total("cpu  1 2 3\nctxt 5\n", &v));
	ck_assert(!parse_intr_total("intr \n", &v));
	ck_assert(!parse_intr_total("intr x1\n", &v));
	ck_assert(!parse_intr_total("intr -1\n", &v));
	ck_assert(!parse_intr_total("intrs 5\n", &v));
	ck_assert(!parse_intr_total(" intr 5\n", &v));
	ck_assert(!parse_intr_total("intr\n5\n", &v));
	ck_assert(!parse_intr_total("", &v));
	ck_assert(!parse_intr_total(NULL, &v));
	ck_assert_uint_eq(v, 42);
	/* A number cut by garbage is read up to it (strtoul). */
	ck_assert(parse_intr_total("intr 12ab 3\n", &v));
	ck_assert_uint_eq(v, 12);
}
END_TEST

START_TEST(sysfs_int)
{
	ck_assert_int_eq(parse_sysfs_int("0\n"), 0);
	ck_assert_int_eq(parse_sysfs_int("3\n"), 3);
	ck_assert_int_eq(parse_sysfs_int("  \n\t17"), 17);
	/* thread_siblings_list: the first number of the list. */
	ck_assert_int_eq(parse_sysfs_int("4-5\n"), 4);
	ck_assert_int_eq(parse_sysfs_int("2,10\n"), 2);
	ck_assert_int_eq(parse_sysfs_int("-1\n"), -1);
	ck_assert_int_eq(parse_sysfs_int("+7\n"), 7);
	ck_assert_int_eq(parse_sysfs_int("-0\n"), 0);
	/* No number: -1. */
	ck_assert_int_eq(parse_sysfs_int(""), -1);
	ck_assert_int_eq(parse_sysfs_int("\n"), -1);
	ck_assert_int_eq(parse_sysfs_int("x3\n"), -1);
	ck_assert_int_eq(parse_sysfs_int("-\n"), -1);
	ck_assert_int_eq(parse_sysfs_int("- 3\n"), -1);
	ck_assert_int_eq(parse_sysfs_int("--3\n"), -1);
	/* Past an int: the low 32 bits (strtol's long cut to the int %d stores). */
	ck_assert_int_eq(parse_sysfs_int("4294967296\n"), 0);
	ck_assert_int_eq(parse_sysfs_int("4294967297\n"), 1);
	ck_assert_int_eq(parse_sysfs_int("2147483648\n"), INT32_MIN);
	ck_assert_int_eq(parse_sysfs_int("-2147483649\n"), INT32_MAX);
	/* Past a long: strtol saturates at LONG_MAX (low 32 bits -1) or LONG_MIN (0). */
	ck_assert_int_eq(parse_sysfs_int("99999999999999999999\n"), -1);
	ck_assert_int_eq(parse_sysfs_int("-99999999999999999999\n"), 0);
	ck_assert_int_eq(parse_sysfs_int("9223372036854775807\n"), -1);
	ck_assert_int_eq(parse_sysfs_int("-9223372036854775808\n"), 0);
}
END_TEST

/* A scratch root of -S MPSTAT's files: filled by each test, removed after it. */
static char cpux_root[256];

static void
cpux_open(struct collect_ctx *c)
{
	memset(c, 0, sizeof(*c));
	ck_assert_int_eq(collect_init(c, cpux_root), 0);
	collect_begin_sample(c);
}

static void
put(const char *rel, const char *text)
{
	ck_assert_int_eq(fixture_put_str(cpux_root, rel, text), 0);
}

/* CPU n's directory with a node link and its two topology files. */
static void
put_cpu(int n, const char *node, const char *package, const char *siblings)
{
	char rel[128];

	snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d", n);
	ck_assert_int_eq(fixture_mkdir(cpux_root, rel), 0);
	if (node) {
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/%s", n, node);
		ck_assert_int_eq(fixture_symlink(cpux_root, rel, "../../node/node0"), 0);
	}
	if (package) {
		snprintf(rel, sizeof(rel),
		         "sys/devices/system/cpu/cpu%d/topology/physical_package_id", n);
		put(rel, package);
	}
	if (siblings) {
		snprintf(rel, sizeof(rel),
		         "sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", n);
		put(rel, siblings);
	}
}

START_TEST(cpux_reader_full)
{
	struct collect_ctx c;
	struct ext_cpux *arr = NULL;
	size_t cap = 0;

	ck_assert_int_eq(fixture_tmp_root("sysrec-cpux", cpux_root, sizeof(cpux_root)), 0);
	put("proc/stat", "cpu  1 2 3 4\ncpu0 1 2 3 4\ncpu1 1 2 3 4\nintr 777 1 2\nctxt 9\n");
	put("proc/softirqs", "  CPU0  CPU1\n  HI:  3  4\n  RCU:  5  6\n");
	put_cpu(0, "node1", "0\n", "0,2\n");
	put_cpu(1, "node0", "1\n", "1-3\n");
	cpux_open(&c);
	ck_assert_int_eq(collect_cpux(&c, &arr, &cap), 3);
	ck_assert_uint_ge(cap, 3);
	ck_assert_uint_eq(arr[0].flags, EXT_CX_INTR | EXT_CX_SOFT);
	ck_assert_uint_eq(arr[0].intr, 777);
	ck_assert_uint_eq(arr[0].n_soft, 2);
	ck_assert_uint_eq(arr[0].soft_name[1], soft_code("RCU"));
	ck_assert_int_eq(arr[1].node, 1);
	ck_assert_int_eq(arr[2].node, 0);
	ck_assert_int_eq(arr[1].socket, 0);
	ck_assert_int_eq(arr[2].socket, 1);
	ck_assert_int_eq(arr[1].core, 0);
	ck_assert_int_eq(arr[2].core, 1);
	ck_assert_uint_eq(arr[2].soft[1], 6);
	/* The next sample reuses the array, cleared first. */
	put("proc/softirqs", "  CPU0\n  HI:  3\n");
	collect_begin_sample(&c);
	ck_assert_int_eq(collect_cpux(&c, &arr, &cap), 3);
	ck_assert_uint_eq(arr[0].n_soft, 1);
	ck_assert_uint_eq(arr[2].flags, 0);
	ck_assert_uint_eq(arr[2].soft[1], 0);
	collect_release(&c);
	free(arr);
	ck_assert_int_eq(fixture_rm_tree(cpux_root), 0);
}
END_TEST

START_TEST(cpux_reader_absent_files)
{
	struct collect_ctx c;
	struct ext_cpux *arr = NULL;
	size_t cap = 0;

	/*
	 * No softirqs, no intr line, no node links, no topology (or topology
	 * files without a number), and CPU 2's directory missing between two.
	 */
	ck_assert_int_eq(fixture_tmp_root("sysrec-cpux", cpux_root, sizeof(cpux_root)), 0);
	put("proc/stat", "cpu  1 2 3 4\ncpu0 1 2 3 4\nctxt 9\n");
	put_cpu(0, NULL, NULL, NULL);
	put_cpu(1, NULL, "x\n", "");
	put_cpu(3, "node12", NULL, NULL);
	put("sys/devices/system/cpu/cpu3/nodeless", "0\n");
	cpux_open(&c);
	ck_assert_int_eq(collect_cpux(&c, &arr, &cap), 5);
	ck_assert_uint_eq(arr[0].flags, 0);
	ck_assert_uint_eq(arr[0].intr, 0);
	ck_assert_uint_eq(arr[0].n_soft, 0);
	/* No nodeN entry: -1; missing topology files: 0; present without a number: -1. */
	ck_assert_int_eq(arr[1].node, -1);
	ck_assert_int_eq(arr[1].socket, 0);
	ck_assert_int_eq(arr[1].core, 0);
	ck_assert_int_eq(arr[2].node, -1);
	ck_assert_int_eq(arr[2].socket, -1);
	ck_assert_int_eq(arr[2].core, -1);
	/* A directory that cannot be listed: -2 (mpstat then drops the nodes). */
	ck_assert_int_eq(arr[3].node, -2);
	ck_assert_int_eq(arr[3].socket, 0);
	ck_assert_int_eq(arr[3].core, 0);
	ck_assert_int_eq(arr[4].node, 12);
	for (int i = 1; i < 5; i++)
		ck_assert_uint_eq(arr[i].flags, 0);
	collect_release(&c);
	free(arr);
	ck_assert_int_eq(fixture_rm_tree(cpux_root), 0);
}
END_TEST

START_TEST(cpux_reader_empty_root)
{
	struct collect_ctx c;
	struct ext_cpux *arr = NULL;
	size_t cap = 0;

	/* Neither /sys nor proc/stat: only "all", zero. */
	ck_assert_int_eq(fixture_tmp_root("sysrec-cpux", cpux_root, sizeof(cpux_root)), 0);
	cpux_open(&c);
	ck_assert_int_eq(collect_cpux(&c, &arr, &cap), 1);
	ck_assert(is_zero(arr, sizeof(*arr)));
	collect_release(&c);
	free(arr);
	ck_assert_int_eq(fixture_rm_tree(cpux_root), 0);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Readers on fixture roots */

static const uint32_t family[] = {A_CPU,      A_PCSW,    A_IRQ,    A_QUEUE,  A_KTABLES,
                                  A_NET_SOFT, A_PSI_CPU, A_PSI_IO, A_PSI_MEM};

/* Opens a collection context on fixture root name; false (and a visible skip) when absent. */
static bool
open_root(struct collect_ctx *c, const char *name)
{
	char path[4096];

	memset(c, 0, sizeof(*c));
	if (!fixture_root(name, path, sizeof(path))) {
		fixture_skip("shared corpus absent: fixture-root checks not run");
		return false;
	}
	ck_assert_int_eq(collect_init(c, path), 0);
	return true;
}

/*
 * Reads activity id as sadc does: room for start_nr items first, doubled
 * while the collector asks for more. Returns the count, *ret_items the
 * items (free them).
 */
static int32_t
read_activity(struct collect_ctx *c, uint32_t id, int32_t start_nr, int32_t nr2, void **ret_items)
{
	const struct activity_desc *d = activity_by_id(id);
	const struct collector *col = collector_for(id);
	int32_t max_nr = start_nr > 0 ? start_nr : 1;
	int tries;

	ck_assert_ptr_nonnull(d);
	ck_assert_ptr_nonnull(col);
	for (tries = 0; tries < 16; tries++) {
		void *items = calloc((size_t) max_nr * (size_t) nr2, d->size);
		int32_t n;

		ck_assert_ptr_nonnull(items);
		n = col->read(c, items, max_nr, nr2);
		if (n != COLLECT_E_NOSPACE) {
			ck_assert_int_ge(n, 0);
			ck_assert_int_le(n, max_nr);
			*ret_items = items;
			return n;
		}
		free(items);
		max_nr *= 2;
	}
	ck_abort_msg("activity %u keeps asking for room", id);
	return -1;
}

START_TEST(reader_counts_root1)
{
	struct collect_ctx c;
	int32_t nr2 = 0;

	if (!open_root(&c, "root1"))
		return;
	/* sys/devices/system/cpu has cpu0..cpu8. */
	ck_assert_int_eq(collect_count_cpu(&c, &nr2), 10);
	ck_assert_int_eq(nr2, 1);
	ck_assert_int_eq(collect_count_softnet(&c, &nr2), 10);
	ck_assert_int_eq(collect_count(collector_for(A_PCSW), &c, &nr2), 1);
	ck_assert_int_eq(collect_count(collector_for(A_QUEUE), &c, &nr2), 1);
	ck_assert_int_eq(collect_count(collector_for(A_KTABLES), &c, &nr2), 1);
	ck_assert_int_eq(collect_count_psi_cpu(&c, &nr2), 1);
	ck_assert_int_eq(collect_count_psi_io(&c, &nr2), 1);
	ck_assert_int_eq(collect_count_psi_mem(&c, &nr2), 1);
	/* 43 interrupt lines after the header, plus "sum". */
	ck_assert_int_eq(collect_count_irq(&c, &nr2), 10);
	ck_assert_int_eq(nr2, 44);
	collect_release(&c);
}
END_TEST

START_TEST(reader_missing_files)
{
	/* root6b has proc/stat but no interrupts, loadavg, sys/fs, pressure or softnet_stat. */
	struct collect_ctx c;
	int32_t nr2 = 0;
	void *items;

	if (!open_root(&c, "root6b"))
		return;
	ck_assert_int_eq(collect_count_irq(&c, &nr2), 0);
	ck_assert_int_eq(collect_count_psi_cpu(&c, &nr2), 0);
	ck_assert_int_eq(collect_count_psi_io(&c, &nr2), 0);
	ck_assert_int_eq(collect_count_psi_mem(&c, &nr2), 0);
	/* No sys/devices/system/cpu: CPUs counted from proc/stat (cpu0..cpu8). */
	ck_assert_int_eq(collect_count_cpu(&c, &nr2), 10);
	ck_assert_int_eq(read_activity(&c, A_CPU, 10, 1, &items), 10);
	free(items);
	ck_assert_int_eq(read_activity(&c, A_IRQ, 10, 5, &items), 0);
	free(items);
	ck_assert_int_eq(read_activity(&c, A_NET_SOFT, 10, 1, &items), 0);
	free(items);
	ck_assert_int_eq(read_activity(&c, A_QUEUE, 1, 1, &items), 1);
	ck_assert(is_zero(items, sizeof(struct stats_queue)));
	free(items);
	ck_assert_int_eq(read_activity(&c, A_KTABLES, 1, 1, &items), 1);
	ck_assert(is_zero(items, sizeof(struct stats_ktables)));
	free(items);
	ck_assert_int_eq(read_activity(&c, A_PSI_IO, 1, 1, &items), 1);
	ck_assert(is_zero(items, sizeof(struct stats_psi_io)));
	free(items);
	collect_release(&c);
}
END_TEST

START_TEST(reader_file_read_once)
{
	/* A_CPU, A_PCSW, A_QUEUE and A_NET_SOFT share one read of proc/stat per sample. */
	struct collect_ctx c;
	void *items;

	if (!open_root(&c, "root1"))
		return;
	ck_assert_int_eq(read_activity(&c, A_CPU, 10, 1, &items), 10);
	free(items);
	ck_assert_uint_eq(c.file_sample[PF_STAT], c.sample);
	ck_assert_int_eq(read_activity(&c, A_PCSW, 1, 1, &items), 1);
	ck_assert_uint_eq(((struct stats_pcsw *) items)->context_switch, 130465866);
	ck_assert_uint_eq(((struct stats_pcsw *) items)->processes, 46972);
	free(items);
	collect_release(&c);
}
END_TEST

/* The size of the file activity entry of id in archive path (nr and nr2 at creation). */
static bool
archive_dims(const char *path, uint32_t id, int32_t *ret_nr, int32_t *ret_nr2)
{
	struct archive_reader r;
	struct source *src;
	struct archive_act *a;
	bool found = false;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return false;
	memset(&r, 0, sizeof(r));
	if (source_open_fd(fd, &src) < 0) {
		close(fd);
		return false;
	}
	if (archive_open(&r, src, true) == 0 && archive_read_header(&r, false) == 0 &&
	    (a = archive_find(&r, id)) != NULL) {
		*ret_nr = a->fa.nr;
		*ret_nr2 = a->fa.nr2;
		found = true;
	}
	archive_reader_release(&r);
	close(fd);
	return found;
}

/*
 * Which root each statistics record of upstream's generated archives was
 * read from (the tests/000NN fragments that wrote them), and the root the
 * file was created from (its activity list, nr and nr2).
 */
struct oracle_case {
	const char *archive;
	const char *creator;
	const char *roots[12];
};

// clang-format off
static const struct oracle_case oracle_cases[] = {
	/* 00050 */
	{"data-new.tmp", "root1", {"root1", "root2", "root3", "root4", "root5"}},
	/* 00055 copies data-new.tmp, 00057 appends root6 and root7 */
	{"data.tmp", "root1", {"root1", "root2", "root3", "root4", "root5", "root6", "root7"}},
	/* 00060 creates data0.tmp from root1 (no record), 00062 appends root7 */
	{"data0-1.tmp", "root1", {"root7"}},
	/* 00065 */
	{"data1.tmp", "root6", {"root6", "root7", "root1", "root2"}},
	/* 00067 */
	{"data-CPUoffon.tmp", "root2", {"root2", "root3", "root4", "root5"}},
	/* 00068 */
	{"data2.tmp", "root1", {"root1", "root2", "root6", "root7"}},
	/* 00069 */
	{"data-CPUoff.tmp", "root1", {"root1", "root2"}},
	/* 00070 */
	{"data-ssr.tmp", "root1", {"root1", "root2"}},
	/* 00072 */
	{"data-cd.tmp", "root1", {"root1", "root2", "root3", "root4", "root5"}},
	/* 00074 */
	{"datax.tmp", "root1", {"root1", "root2", "root3", "root4", "root1", "root2", "root1",
	                        "root1", "root2", "root3"}},
};
// clang-format on

/* Index of the first differing item of two nr-item arrays, or -1. */
static long
first_diff(const unsigned char *a, const unsigned char *b, size_t n_items, size_t size)
{
	size_t i;

	for (i = 0; i < n_items; i++)
		if (memcmp(a + i * size, b + i * size, size))
			return (long) i;
	return -1;
}

/* True when archive path has a statistics record number rec (every file here has A_PCSW). */
static bool
record_exists(const char *path, int rec)
{
	void *items;
	int32_t nr, nr2;

	if (fixture_record_items(path, rec, A_PCSW, &items, &nr, &nr2) < 0)
		return false;
	free(items);
	return true;
}

/* Compares what we read from root with record rec of archive; returns false if absent there. */
static bool
compare_record(const char *path, const char *archive, int rec, const char *root, uint32_t id)
{
	const struct activity_desc *d = activity_by_id(id);
	int32_t want_nr, want_nr2, fa_nr, fa_nr2, nr;
	void *want, *got;
	struct collect_ctx c;
	long diff;

	if (fixture_record_items(path, rec, id, &want, &want_nr, &want_nr2) < 0)
		return false;
	ck_assert(archive_dims(path, id, &fa_nr, &fa_nr2));
	ck_assert(open_root(&c, root));
	/* sadc starts from the file's item count, with the file's nr2. */
	nr = read_activity(&c, id, fa_nr, fa_nr2, &got);
	ck_assert_msg(nr == want_nr, "%s record %d (%s) %s: %d items, sysstat stored %d", archive,
	              rec, root, d->name, nr, want_nr);
	diff = first_diff(got, want, (size_t) want_nr * (size_t) want_nr2, d->size);
	ck_assert_msg(diff < 0, "%s record %d (%s) %s: item %ld differs", archive, rec, root,
	              d->name, diff);
	free(got);
	free(want);
	collect_release(&c);
	return true;
}

/* Our count on the creating root gives the file's nr and nr2. */
static void
compare_counts(const char *path, const char *archive, const char *root, uint32_t id)
{
	const struct collector *col = collector_for(id);
	int32_t fa_nr, fa_nr2, nr, nr2 = 0;
	struct collect_ctx c;

	if (!archive_dims(path, id, &fa_nr, &fa_nr2))
		return;
	ck_assert(open_root(&c, root));
	nr = collect_count(col, &c, &nr2);
	ck_assert_msg(nr == fa_nr && nr2 == fa_nr2, "%s (%s) %s: count %d x %d, sysstat %d x %d",
	              archive, root, activity_by_id(id)->name, nr, nr2, fa_nr, fa_nr2);
	collect_release(&c);
}

START_TEST(oracle_generated_archives)
{
	const struct oracle_case *oc = &oracle_cases[_i];
	char path[4096], rel[256];
	int compared = 0;
	size_t a;
	int rec;

	snprintf(rel, sizeof(rel), "upstream/generated/%s", oc->archive);
	if (!fixture_file(rel, path, sizeof(path))) {
		fixture_skip("shared corpus absent: oracle comparison not run");
		return;
	}
	/* data0-1.tmp was created by a run that listed A_PCSW only (data0.tmp). */
	for (a = 0; a < N_ITEMS(family); a++)
		compare_counts(path, oc->archive, oc->creator, family[a]);
	for (rec = 0; rec < (int) N_ITEMS(oc->roots) && oc->roots[rec]; rec++)
		for (a = 0; a < N_ITEMS(family); a++)
			compared +=
			        compare_record(path, oc->archive, rec, oc->roots[rec], family[a]);
	ck_assert_msg(compared > 0, "%s: no activity of the family compared", oc->archive);
	/* Every statistics record of the file is mapped to a root: there is no next one. */
	ck_assert_msg(!record_exists(path, rec), "%s: record %d is not mapped to a root",
	              oc->archive, rec);
}
END_TEST

/* ------------------------------------------------------------------------- */

static Suite *
collect_cpu_suite(void)
{
	Suite *s = suite_create("collect_cpu");
	TCase *tc;

	tc = tcase_create("cpu");
	tcase_add_test(tc, cpu_column_order);
	tcase_add_test(tc, cpu_old_kernel_columns);
	tcase_add_test(tc, cpu_offline_in_the_middle);
	tcase_add_test(tc, cpu_nospace);
	tcase_add_test(tc, cpu_single_item_reads_all_only);
	tcase_add_test(tc, cpu_no_cpu_line);
	tcase_add_test(tc, cpu_odd_lines);
	tcase_add_test(tc, cpu_saturates);
	suite_add_tcase(s, tc);

	tc = tcase_create("pcsw");
	tcase_add_test(tc, pcsw_lines);
	tcase_add_test(tc, pcsw_missing_and_lookalikes);
	suite_add_tcase(s, tc);

	tc = tcase_create("irq");
	tcase_add_test(tc, irq_count_lines);
	tcase_add_test(tc, irq_matrix);
	tcase_add_test(tc, irq_nr2_fixed_at_creation);
	tcase_add_test(tc, irq_offline_cpu);
	tcase_add_test(tc, irq_nospace);
	tcase_add_test(tc, irq_more_columns_than_rows);
	tcase_add_test(tc, irq_long_name);
	tcase_add_test(tc, irq_overlong_line);
	tcase_add_test(tc, irq_no_header);
	suite_add_tcase(s, tc);

	tc = tcase_create("queue");
	tcase_add_test(tc, queue_loadavg);
	tcase_add_test(tc, queue_zero_running);
	tcase_add_test(tc, queue_incomplete);
	suite_add_tcase(s, tc);

	tc = tcase_create("ktables");
	tcase_add_test(tc, ktables_values);
	tcase_add_test(tc, ktables_missing_and_short);
	tcase_add_test(tc, ktables_odd_values);
	suite_add_tcase(s, tc);

	tc = tcase_create("softnet");
	tcase_add_test(tc, softnet_old_format);
	tcase_add_test(tc, softnet_new_format);
	tcase_add_test(tc, softnet_words_carried_over);
	tcase_add_test(tc, softnet_nospace);
	tcase_add_test(tc, softnet_missing);
	tcase_add_test(tc, softnet_extra_lines_dropped);
	suite_add_tcase(s, tc);

	tc = tcase_create("psi");
	tcase_add_test(tc, psi_cpu_some);
	tcase_add_test(tc, psi_io_some_full);
	tcase_add_test(tc, psi_mem_missing_lines);
	tcase_add_test(tc, psi_line_rules);
	suite_add_tcase(s, tc);

	tc = tcase_create("mpstat");
	tcase_add_test(tc, softirqs_lines);
	tcase_add_test(tc, softirqs_block_iopoll_kept_apart);
	tcase_add_test(tc, softirqs_unknown_name);
	tcase_add_test(tc, softirqs_more_than_max_lines);
	tcase_add_test(tc, softirqs_short_lines_and_garbage);
	tcase_add_test(tc, softirqs_fewer_columns_than_cpus);
	tcase_add_test(tc, softirqs_more_columns_than_cpus);
	tcase_add_test(tc, softirqs_header_and_edges);
	tcase_add_test(tc, softirqs_columns_past_cpu_max);
	tcase_add_test(tc, intr_total);
	tcase_add_test(tc, sysfs_int);
	tcase_add_test(tc, cpux_reader_full);
	tcase_add_test(tc, cpux_reader_absent_files);
	tcase_add_test(tc, cpux_reader_empty_root);
	suite_add_tcase(s, tc);

	tc = tcase_create("readers");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, reader_counts_root1);
	tcase_add_test(tc, reader_missing_files);
	tcase_add_test(tc, reader_file_read_once);
	tcase_add_loop_test(tc, oracle_generated_archives, 0, (int) N_ITEMS(oracle_cases));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(collect_cpu_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
