/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadc -S TOP's selection (sadc/top.h) on hand-made samples: the top N by
 * interval CPU, by interval I/O (without reaped children's) and by RSS,
 * merged in pid order; the bases of newcomers; the first sample ranked by
 * totals; another boot; and the state file's round trip, its older
 * layouts (432- and 312-byte items) and refusals.
 * Every expected list is worked out by hand in the comments.
 */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sadc/top.h"

static struct ext_proc
proc(uint32_t pid, uint64_t cpu, uint64_t io, uint64_t rss)
{
	struct ext_proc p;

	memset(&p, 0, sizeof(p));
	p.pid = pid;
	p.start_time = 100 + pid;
	p.utime = cpu;
	p.read_bytes = io;
	p.rss_kb = rss;
	p.flags = EXT_PF_IO;
	return p;
}

/* The pids of a list, as "1 2 3". */
static const char *
pids(const struct ext_proc *v, uint32_t n)
{
	static char buf[256];
	size_t len = 0;

	buf[0] = '\0';
	for (uint32_t i = 0; i < n; i++)
		len += (size_t) snprintf(buf + len, sizeof(buf) - len, "%s%u", i ? " " : "", v[i].pid);
	return buf;
}

/* Uptime 1000.00 s at epoch 1,000,000 (boot at 999,000); later samples 10 s apart. */
#define UP(k)  (100000u + 1000u * (k))
#define UST(k) (1000000u + 10u * (k))

START_TEST(test_first_sample_totals)
{
	/*
	 * No previous sample: totals rank. N = 1. CPU: pid 4 (900). I/O: pid 2
	 * (5000). RSS: pid 3 (700). The list: 2 3 4, no bases.
	 */
	struct ext_proc s0[4] = {proc(1, 10, 0, 5), proc(2, 20, 5000, 6), proc(3, 30, 0, 700),
	                         proc(4, 900, 10, 8)};
	struct sadc_top t = {.n = 1};

	ck_assert_int_eq(sadc_top_select(&t, s0, 4, UP(0), UST(0)), 0);
	ck_assert_str_eq(pids(t.top, t.n_top), "2 3 4");
	ck_assert_uint_eq(t.n_base, 0);
	sadc_top_release(&t);
}
END_TEST

START_TEST(test_interval_and_bases)
{
	/*
	 * N = 1. Sample 0 as above: list 2 3 4. Sample 1: pid 4 did nothing
	 * more (900 -> 900); pid 1 used 50 ticks (10 -> 60): top CPU is 1. I/O:
	 * pid 2 read nothing more; pid 3 read 40 (0 -> 40): top I/O is 3. RSS:
	 * pid 3 (700). The list: 1 3. Newcomer: pid 1 (not in 2 3 4): its base
	 * is sample 0's pid 1 (utime 10).
	 */
	struct ext_proc s0[4] = {proc(1, 10, 0, 5), proc(2, 20, 5000, 6), proc(3, 30, 0, 700),
	                         proc(4, 900, 10, 8)};
	struct ext_proc s1[4] = {proc(1, 60, 0, 5), proc(2, 20, 5000, 6), proc(3, 30, 40, 700),
	                         proc(4, 900, 10, 8)};
	struct sadc_top t = {.n = 1};

	ck_assert_int_eq(sadc_top_select(&t, s0, 4, UP(0), UST(0)), 0);
	ck_assert_int_eq(sadc_top_select(&t, s1, 4, UP(1), UST(1)), 0);
	ck_assert_str_eq(pids(t.top, t.n_top), "1 3");
	ck_assert_str_eq(pids(t.base, t.n_base), "1");
	ck_assert_uint_eq(t.base[0].utime, 10);
	sadc_top_release(&t);
}
END_TEST

START_TEST(test_reaped_child_not_ranked)
{
	/*
	 * N = 1, RSS all 0 (no memory ranking). Sample 0: shell 10 and its child
	 * dd 11 (ppid 10) that has read 100 MiB; pid 12 a reader. Sample 1: dd
	 * is gone, reaped: the shell's read_bytes jumped by the 104 MiB dd read
	 * in all. pid 12 read 8 MiB more. The shell's own figure is 4 MiB
	 * (104 - 100): pid 12 is the top reader. CPU: all 0, none kept.
	 */
	struct ext_proc s0[3] = {proc(10, 0, 0, 0), proc(11, 0, 100u << 20, 0),
	                         proc(12, 0, 1u << 20, 0)};
	struct ext_proc s1[2] = {proc(10, 0, 104u << 20, 0), proc(12, 0, 9u << 20, 0)};
	struct sadc_top t = {.n = 1};

	s0[1].ppid = 10;
	ck_assert_int_eq(sadc_top_select(&t, s0, 3, UP(0), UST(0)), 0);
	ck_assert_int_eq(sadc_top_select(&t, s1, 2, UP(1), UST(1)), 0);
	ck_assert_str_eq(pids(t.top, t.n_top), "12");
	/* What it took off is recorded for the readers (the file lists no dd to tell them). */
	ck_assert(t.top[0].flags & EXT_PF_REAPED);
	ck_assert_uint_eq(t.top[0].reaped_read_bytes, 0);
	sadc_top_release(&t);
}
END_TEST

START_TEST(test_reaped_grandchild)
{
	/*
	 * N = 1, no memory. Sample 0: shell 10, timeout 11 (ppid 10, nothing
	 * read), reader 12 (ppid 11) that has read 50 MiB, and 13 reading. At
	 * sample 1 the reader and timeout are gone: the shell's read_bytes went
	 * up by the reader's 52 MiB in all; 13 read 4 MiB. The shell's own
	 * figure is 2 MiB: 13 is the top reader. The shell is kept by nothing:
	 * not listed, and 13's record says what 13 reaped: nothing.
	 */
	struct ext_proc s0[4] = {proc(10, 0, 0, 0), proc(11, 0, 0, 0), proc(12, 0, 50u << 20, 0),
	                         proc(13, 0, 0, 0)};
	struct ext_proc s1[2] = {proc(10, 0, 52u << 20, 0), proc(13, 0, 4u << 20, 0)};
	struct sadc_top t = {.n = 1};

	s0[1].ppid = 10;
	s0[2].ppid = 11;
	ck_assert_int_eq(sadc_top_select(&t, s0, 4, UP(0), UST(0)), 0);
	ck_assert_int_eq(sadc_top_select(&t, s1, 2, UP(1), UST(1)), 0);
	ck_assert_str_eq(pids(t.top, t.n_top), "13");
	/* With N = 2, the shell is listed too, with the 50 MiB it took. */
	t.n = 2;
	ck_assert_int_eq(sadc_top_select(&t, s0, 4, UP(2), UST(2)), 0);
	ck_assert_int_eq(sadc_top_select(&t, s1, 2, UP(3), UST(3)), 0);
	ck_assert_str_eq(pids(t.top, t.n_top), "10 13");
	ck_assert_uint_eq(t.top[0].reaped_read_bytes, 50u << 20);
	sadc_top_release(&t);
}
END_TEST

START_TEST(test_another_boot)
{
	/*
	 * The second sample's uptime is lower (a reboot): totals rank, no base.
	 * N = 1: CPU pid 2 (500), I/O none (0 read), RSS pid 1 (9).
	 */
	struct ext_proc s0[2] = {proc(1, 10, 0, 9), proc(2, 20, 0, 1)};
	struct ext_proc s1[2] = {proc(1, 10, 0, 9), proc(2, 500, 0, 1)};
	struct sadc_top t = {.n = 1};

	ck_assert_int_eq(sadc_top_select(&t, s0, 2, UP(5), UST(5)), 0);
	ck_assert_int_eq(sadc_top_select(&t, s1, 2, 3000, UST(6)), 0);
	ck_assert_str_eq(pids(t.top, t.n_top), "1 2");
	ck_assert_uint_eq(t.n_base, 0);
	sadc_top_release(&t);
}
END_TEST

START_TEST(test_state_file)
{
	struct ext_proc s0[3] = {proc(1, 10, 0, 5), proc(2, 20, 0, 6), proc(3, 30, 0, 7)};
	struct ext_proc s1[3] = {proc(1, 70, 0, 5), proc(2, 20, 0, 6), proc(3, 30, 0, 7)};
	struct sadc_top t = {.n = 1}, u = {.n = 1};
	char dir[] = "/tmp/test_top.XXXXXX", path[256], file[256];
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/sa07", dir);
	ck_assert_int_eq(sadc_top_state_path(file, path, sizeof(path)), 0);
	ck_assert_int_eq(strcmp(path + strlen(dir), "/.sa07.top"), 0);
	/* Missing: nothing known, no error. */
	ck_assert_int_eq(sadc_top_load(&u, path), 0);
	ck_assert(!u.have_prev);
	/* Saved after sample 0 (list 3: top CPU 30, top RSS 7), read by another run. */
	ck_assert_int_eq(sadc_top_select(&t, s0, 3, UP(0), UST(0)), 0);
	ck_assert_str_eq(pids(t.top, t.n_top), "3");
	ck_assert_int_eq(sadc_top_save(&t, path), 0);
	ck_assert_int_eq(sadc_top_load(&u, path), 0);
	ck_assert(u.have_prev);
	ck_assert_uint_eq(u.n_prev, 3);
	ck_assert_uint_eq(u.n_last, 1);
	/* The next run ranks pid 1 (60 ticks) first: a newcomer, with its base. */
	ck_assert_int_eq(sadc_top_select(&u, s1, 3, UP(1), UST(1)), 0);
	ck_assert_str_eq(pids(u.top, u.n_top), "1 3");
	ck_assert_str_eq(pids(u.base, u.n_base), "1");
	/* A state file cut short, or of another layout, is not taken. */
	sadc_top_release(&u);
	f = fopen(path, "r+");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(ftruncate(fileno(f), 40), 0);
	fclose(f);
	u.n = 1;
	ck_assert_int_eq(sadc_top_load(&u, path), 0);
	ck_assert(!u.have_prev);
	f = fopen(path, "w");
	fputs("SRTOP001garbage", f);
	fclose(f);
	ck_assert_int_eq(sadc_top_load(&u, path), 0);
	ck_assert(!u.have_prev);
	unlink(path);
	rmdir(dir);
	sadc_top_release(&t);
	sadc_top_release(&u);
}
END_TEST

/*
 * p as an item of an older sadc (common/ext.h): 432 bytes of types
 * {22, 0, 12}, the counters and pid ... fd_nr, a reserved u32 (always 0,
 * where stack_kb is now), then the strings at 224; or 312 bytes of types
 * {10, 0, 6}, start_time ... blkio_ticks, pid ... state, the strings at 104.
 */
static void
old_item(unsigned char *out, uint32_t size, const struct ext_proc *p)
{
	memset(out, 0, size);
	if (size == 432) {
		memcpy(out, p, offsetof(struct ext_proc, stack_kb));
		memcpy(out + 224, p->comm, 208);
	} else {
		memcpy(out, p, 80);
		memcpy(out + 80, &p->pid, 24);
		memcpy(out + 104, p->comm, 208);
	}
}

/* A state file as an older sadc wrote it after a sample at UP(0), UST(0): prev, then last. */
static void
write_old_state(const char *path, uint32_t size, const struct ext_proc *prev, uint32_t n_prev,
                const struct ext_proc *last, uint32_t n_last)
{
	uint32_t head[4] = {size, n_prev, n_last, 0};
	uint64_t when[2] = {UP(0), UST(0)};
	unsigned char item[432];
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite("SRTOP001", 8, 1, f), 1);
	ck_assert_uint_eq(fwrite(head, sizeof(head), 1, f), 1);
	ck_assert_uint_eq(fwrite(when, sizeof(when), 1, f), 1);
	for (uint32_t i = 0; i < n_prev + n_last; i++) {
		old_item(item, size, i < n_prev ? &prev[i] : &last[i - n_prev]);
		ck_assert_uint_eq(fwrite(item, size, 1, f), 1);
	}
	ck_assert_int_eq(fclose(f), 0);
}

static const uint32_t old_sizes[] = {432, 312};

/*
 * The state file of the sadc before an upgrade: its items are remapped,
 * so the first sample after the upgrade ranks by interval, as
 * test_state_file's does, and pid 1 gets its base (utime 10, not the 70 a
 * ranking by totals would also pick, but without a base).
 */
START_TEST(test_state_file_old_layout)
{
	uint32_t size = old_sizes[_i];
	struct ext_proc s0[3] = {proc(1, 10, 0, 5), proc(2, 20, 0, 6), proc(3, 30, 0, 7)};
	struct ext_proc s1[3] = {proc(1, 70, 0, 5), proc(2, 20, 0, 6), proc(3, 30, 0, 7)};
	struct sadc_top u = {.n = 1};
	char dir[] = "/tmp/test_top.XXXXXX", path[256];

	for (uint32_t i = 0; i < 3; i++) {
		snprintf(s0[i].comm, sizeof(s0[i].comm), "p%u", s0[i].pid);
		snprintf(s0[i].cgroup, sizeof(s0[i].cgroup), "/p%u.scope", s0[i].pid);
		s0[i].ppid = 1000 + s0[i].pid;
		s0[i].state = 'S';
		if (size == 432)
			s0[i].fd_nr = 20 + s0[i].pid;
	}
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/.sa07.top", dir);
	write_old_state(path, size, s0, 3, &s0[2], 1);
	ck_assert_int_eq(sadc_top_load(&u, path), 0);
	ck_assert(u.have_prev);
	ck_assert_uint_eq(u.n_prev, 3);
	ck_assert_uint_eq(u.n_last, 1);
	ck_assert_uint_eq(u.prev_uptime_cs, UP(0));
	ck_assert_uint_eq(u.prev_ust, UST(0));
	for (uint32_t i = 0; i < 3; i++) {
		const struct ext_proc *p = &u.prev[i];

		ck_assert_uint_eq(p->pid, i + 1);
		ck_assert_uint_eq(p->start_time, 101 + i);
		ck_assert_uint_eq(p->utime, 10 * (i + 1));
		ck_assert_uint_eq(p->rss_kb, 5 + i);
		ck_assert_uint_eq(p->ppid, 1001 + i);
		ck_assert_uint_eq(p->state, 'S');
		ck_assert_uint_eq(p->flags, EXT_PF_IO);
		ck_assert_uint_eq(p->fd_nr, size == 432 ? 21 + i : 0);
		ck_assert_uint_eq(p->stack_kb, 0);
		ck_assert_uint_eq(p->stack_ref_kb, 0);
		ck_assert_uint_eq(p->tgid, 0);
		ck_assert_str_eq(p->comm, s0[i].comm);
		ck_assert_str_eq(p->cmdline, "");
		ck_assert_str_eq(p->cgroup, s0[i].cgroup);
	}
	ck_assert_uint_eq(u.last[0].pid, 3);
	ck_assert_str_eq(u.last[0].cgroup, "/p3.scope");
	ck_assert_int_eq(sadc_top_select(&u, s1, 3, UP(1), UST(1)), 0);
	ck_assert_str_eq(pids(u.top, u.n_top), "1 3");
	ck_assert_str_eq(pids(u.base, u.n_base), "1");
	ck_assert_uint_eq(u.base[0].utime, 10);
	ck_assert_str_eq(u.base[0].comm, "p1");
	sadc_top_release(&u);
	/* An item size no sysrec wrote (nor a later one this sadc cannot know): not taken. */
	u.n = 1;
	write_old_state(path, size, s0, 3, &s0[2], 1);
	{
		FILE *f = fopen(path, "r+");
		uint32_t odd = 436;

		ck_assert_ptr_nonnull(f);
		ck_assert_int_eq(fseek(f, 8, SEEK_SET), 0);
		ck_assert_uint_eq(fwrite(&odd, sizeof(odd), 1, f), 1);
		ck_assert_int_eq(fclose(f), 0);
	}
	ck_assert_int_eq(sadc_top_load(&u, path), 0);
	ck_assert(!u.have_prev);
	/* Cut inside the last list's item: not taken either. */
	write_old_state(path, size, s0, 3, &s0[2], 1);
	ck_assert_int_eq(truncate(path, 40 + 4 * (off_t) size - 1), 0);
	ck_assert_int_eq(sadc_top_load(&u, path), 0);
	ck_assert(!u.have_prev);
	unlink(path);
	rmdir(dir);
	sadc_top_release(&u);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("top");
	TCase *tc = tcase_create("select");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_first_sample_totals);
	tcase_add_test(tc, test_interval_and_bases);
	tcase_add_test(tc, test_reaped_child_not_ranked);
	tcase_add_test(tc, test_reaped_grandchild);
	tcase_add_test(tc, test_another_boot);
	tcase_add_test(tc, test_state_file);
	tcase_add_loop_test(tc, test_state_file_old_layout, 0,
	                    (int) (sizeof(old_sizes) / sizeof(old_sizes[0])));
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
