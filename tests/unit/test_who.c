/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report/who.c on hand-made records: the matching rules of who.h (pid reuse, a
 * process born after the earlier record counts from zero, an older one the
 * earlier record did not list is left out, a counter that went down counts
 * 0), the formulas, sorting, --proc's SPEC, and the window averages. Every
 * expected value is worked out by hand in the comments.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/who.h"

#define EPS 1e-9

/* Records at uptime 100.00 s and 102.00 s: a 2-second interval (200 cs), HZ 100. */
#define UP0 10000u
#define UP1 10200u

static struct ext_proc
proc(uint32_t pid, uint64_t start, uint64_t utime, uint64_t stime)
{
	struct ext_proc p;

	memset(&p, 0, sizeof(p));
	p.pid = pid;
	p.start_time = start;
	p.utime = utime;
	p.stime = stime;
	p.flags = EXT_PF_IO | EXT_PF_DELAYACCT;
	snprintf(p.comm, sizeof(p.comm), "p%u", pid);
	return p;
}

static struct archive_ext
ext_of(struct ext_proc *p, uint32_t n)
{
	struct archive_ext e;

	memset(&e, 0, sizeof(e));
	e.has_proc = true;
	e.proc = p;
	e.n_proc = n;
	return e;
}

static const struct who_proc_row *
row_of(const struct who_proc_row *rows, int n, uint32_t pid)
{
	int i;

	for (i = 0; i < n; i++)
		if (rows[i].p->pid == pid)
			return &rows[i];
	return NULL;
}

START_TEST(test_matched_formulas)
{
	struct ext_proc a = proc(10, 50, 1000, 200), b = proc(10, 50, 1150, 220);
	struct archive_ext e0 = ext_of(&a, 1), e1 = ext_of(&b, 1);
	struct who_proc_row *rows = NULL;
	size_t cap = 0;
	int n;

	a.majflt = 5;
	b.majflt = 15;     /* 10 in 2 s: 5/s */
	a.minflt = 100;
	b.minflt = 700;    /* 600 in 2 s: 300/s */
	a.read_bytes = 1 << 20;
	b.read_bytes = (1 << 20) + 4096; /* 4 kB in 2 s: 2 kB/s */
	b.write_bytes = 10240;           /* 10 kB in 2 s: 5 kB/s */
	a.blkio_ticks = 7;
	b.blkio_ticks = 19; /* 12 ticks */
	b.rss_kb = 2048;
	n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
	ck_assert_int_eq(n, 1);
	/* 150 ticks of user time = 1.5 s of 2 s: 75 %; 20 ticks of system: 10 %. */
	ck_assert_double_eq_tol(rows[0].usr, 75.0, EPS);
	ck_assert_double_eq_tol(rows[0].sys, 10.0, EPS);
	ck_assert_double_eq_tol(rows[0].cpu, 85.0, EPS);
	ck_assert_double_eq_tol(rows[0].majflt_s, 5.0, EPS);
	ck_assert_double_eq_tol(rows[0].minflt_s, 300.0, EPS);
	ck_assert(rows[0].io);
	ck_assert_double_eq_tol(rows[0].rd_kbs, 2.0, EPS);
	ck_assert_double_eq_tol(rows[0].wr_kbs, 5.0, EPS);
	ck_assert(rows[0].delayacct);
	ck_assert_uint_eq(rows[0].iodelay, 12);
	ck_assert_uint_eq(rows[0].rss_kb, 2048);
	ck_assert_ptr_eq(rows[0].p, &b);

	/* HZ 250 (and 0, taken as 100): 150 + 20 ticks at 250/s = 0.68 s of 2: 34 %. */
	n = who_proc_rows(&e0, UP0, &e1, UP1, 250, &rows, &cap);
	ck_assert_double_eq_tol(rows[0].cpu, 34.0, EPS);
	n = who_proc_rows(&e0, UP0, &e1, UP1, 0, &rows, &cap);
	ck_assert_double_eq_tol(rows[0].cpu, 85.0, EPS);
	free(rows);
}
END_TEST

START_TEST(test_reaped_child_io)
{
	/*
	 * A shell (pid 30) loops over readers: its child dd (pid 31) had read
	 * 100 MiB at the earlier record and 104 MiB when it ended and the shell
	 * reaped it, in this interval; the kernel added the 104 MiB to the
	 * shell's read_bytes (1 MiB of its own before). The shell's figure is
	 * its own 0 plus the 4 MiB the child read since the earlier record:
	 * 4 MiB in 2 s, 2048 kB/s; not 104 MiB (53,248 kB/s). Written bytes
	 * the same way: 8 kB of the child's at the earlier record, 12 kB in
	 * all, 2 kB/s. The child's other sibling (32, alive) takes nothing.
	 */
	struct ext_proc p0[3] = {proc(30, 10, 0, 0), proc(31, 20, 0, 0), proc(32, 20, 0, 0)};
	struct ext_proc p1[2] = {proc(30, 10, 0, 0), proc(32, 20, 0, 0)};
	struct archive_ext e0 = ext_of(p0, 3), e1 = ext_of(p1, 2);
	struct who_proc_row *rows = NULL;
	const struct who_proc_row *r;
	size_t cap = 0;
	int n;

	p0[0].read_bytes = 1 << 20;
	p1[0].read_bytes = (1 << 20) + (104u << 20);
	p0[1].ppid = p0[2].ppid = 30;
	p0[1].read_bytes = 100u << 20;
	p0[1].write_bytes = 8192;
	p1[0].write_bytes = 12288;
	p0[2].read_bytes = p1[1].read_bytes = 5000;
	n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
	ck_assert_int_eq(n, 2);
	r = row_of(rows, n, 30);
	ck_assert_ptr_nonnull(r);
	ck_assert_double_eq_tol(r->rd_kbs, 2048.0, EPS);
	ck_assert_double_eq_tol(r->wr_kbs, 2.0, EPS);
	r = row_of(rows, n, 32);
	ck_assert_double_eq_tol(r->rd_kbs, 0.0, EPS);
	/*
	 * A grandchild: the shell (30) ran timeout (33), which ran a reader (34)
	 * that had read 20 MiB at the earlier record (timeout nothing of its
	 * own). Both are gone: the reader's 20 MiB reached the shell through
	 * timeout. dd (31) as above: the shell's jump is 104 + 20 + 2 MiB (the
	 * reader's last 2), its figure the 4 + 2 MiB read since: 3072 kB/s.
	 */
	{
		struct ext_proc q0[5] = {proc(30, 10, 0, 0), proc(31, 20, 0, 0), proc(32, 20, 0, 0),
		                         proc(33, 21, 0, 0), proc(34, 22, 0, 0)};
		struct archive_ext f0 = ext_of(q0, 5);

		q0[0].read_bytes = 1 << 20;
		q0[1].ppid = q0[2].ppid = q0[3].ppid = 30;
		q0[1].read_bytes = 100u << 20;
		q0[1].write_bytes = 8192;
		q0[2].read_bytes = 5000;
		q0[4].ppid = 33;
		q0[4].read_bytes = 20u << 20;
		p1[0].read_bytes = (1 << 20) + (126u << 20);
		n = who_proc_rows(&f0, UP0, &e1, UP1, 100, &rows, &cap);
		ck_assert_double_eq_tol(row_of(rows, n, 30)->rd_kbs, 3072.0, EPS);
		/* What sadc -S TOP recorded wins: 100 MiB known reaped, of the 126. */
		p1[0].flags |= EXT_PF_REAPED;
		p1[0].reaped_read_bytes = 100u << 20;
		n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
		ck_assert_double_eq_tol(row_of(rows, n, 30)->rd_kbs, 26.0 * 1024 / 2, EPS);
		p1[0].flags &= ~EXT_PF_REAPED;
		p1[0].read_bytes = (1 << 20) + (104u << 20);
	}
	/* A child without its I/O (EXT_PF_IO clear) takes nothing off. */
	p0[1].flags = 0;
	n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
	ck_assert_double_eq_tol(row_of(rows, n, 30)->rd_kbs, 104.0 * 1024 / 2, EPS);
	free(rows);
}
END_TEST

START_TEST(test_pid_reuse)
{
	/*
	 * pid 20 in the earlier record started at tick 500 and has 9000 ticks.
	 * In the later one, pid 20 is a new process started at tick 10100
	 * (101 s, after the earlier record's 100 s) with 40 ticks: it counts
	 * from zero, 40 ticks = 0.4 s of 2 = 20 %, never 40 - 9000.
	 */
	struct ext_proc a[1] = {proc(20, 500, 9000, 0)};
	struct ext_proc b[1] = {proc(20, 10100, 40, 0)};
	struct archive_ext e0 = ext_of(a, 1), e1 = ext_of(b, 1);
	struct who_proc_row *rows = NULL;
	size_t cap = 0;
	int n;

	a[0].read_bytes = 1u << 30;
	b[0].read_bytes = 2048; /* 2 kB in 2 s: 1 kB/s */
	n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
	ck_assert_int_eq(n, 1);
	ck_assert_double_eq_tol(rows[0].cpu, 20.0, EPS);
	ck_assert_double_eq_tol(rows[0].rd_kbs, 1.0, EPS);

	/* Reused by a process that (per its start time) started before the earlier record: left out. */
	b[0].start_time = 9000;
	n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
	ck_assert_int_eq(n, 0);

	/* Started at the very tick of the earlier record: not listed there, so new. */
	b[0].start_time = UP0;
	n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
	ck_assert_int_eq(n, 1);
	ck_assert_double_eq_tol(rows[0].cpu, 20.0, EPS);

	/* With HZ 1000, tick 1000000 is 1000 s: after 100 s, new; tick 99999 is before: out. */
	b[0].start_time = 1000000;
	ck_assert_int_eq(who_proc_rows(&e0, UP0, &e1, UP1, 1000, &rows, &cap), 1);
	/* 40 ticks at 1000/s = 0.04 s of 2: 2 %. */
	ck_assert_double_eq_tol(rows[0].cpu, 2.0, EPS);
	b[0].start_time = 99999;
	ck_assert_int_eq(who_proc_rows(&e0, UP0, &e1, UP1, 1000, &rows, &cap), 0);
	free(rows);
}
END_TEST

START_TEST(test_new_and_unknown)
{
	/* 30 known; 31 born at 100.5 s (new); 32 started at 50 s but not listed before (out). */
	struct ext_proc a[1] = {proc(30, 100, 100, 0)};
	struct ext_proc b[3] = {proc(32, 5000, 900, 900), proc(30, 100, 120, 0),
	                        proc(31, 10050, 30, 10)};
	struct archive_ext e0 = ext_of(a, 1), e1 = ext_of(b, 3);
	struct who_proc_row *rows = NULL;
	size_t cap = 0;
	int n;

	b[2].flags = EXT_PF_IO; /* no delay accounting on the new one */
	b[2].write_bytes = 4096;
	n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
	ck_assert_int_eq(n, 2);
	/* In curr's order: 30 then 31. */
	ck_assert_uint_eq(rows[0].p->pid, 30);
	ck_assert_uint_eq(rows[1].p->pid, 31);
	ck_assert_ptr_null(row_of(rows, n, 32));
	ck_assert_double_eq_tol(rows[0].cpu, 10.0, EPS); /* 20 ticks */
	ck_assert_double_eq_tol(rows[1].cpu, 20.0, EPS); /* 40 ticks from zero */
	ck_assert_double_eq_tol(rows[1].wr_kbs, 2.0, EPS);
	ck_assert(rows[1].io);
	ck_assert(!rows[1].delayacct);

	/* The earlier record without I/O figures for 30: no I/O for it in this interval. */
	a[0].flags = 0;
	n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
	ck_assert(!row_of(rows, n, 30)->io);
	ck_assert(!row_of(rows, n, 30)->delayacct);

	/* No process activity in the earlier record: no row at all. */
	e0.has_proc = false;
	ck_assert_int_eq(who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap), 0);
	free(rows);
}
END_TEST

START_TEST(test_counters_down)
{
	/* Same pid and start time, but every counter lower (a bad sample): all 0, not huge. */
	struct ext_proc a = proc(40, 10, 500, 500), b = proc(40, 10, 400, 499);
	struct archive_ext e0 = ext_of(&a, 1), e1 = ext_of(&b, 1);
	struct who_proc_row *rows = NULL;
	size_t cap = 0;

	a.majflt = 10;
	a.read_bytes = a.write_bytes = 1000;
	a.blkio_ticks = 9;
	b.blkio_ticks = 3;
	ck_assert_int_eq(who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap), 1);
	ck_assert_double_eq(rows[0].usr, 0);
	ck_assert_double_eq(rows[0].sys, 0);
	ck_assert_double_eq(rows[0].cpu, 0);
	ck_assert_double_eq(rows[0].majflt_s, 0);
	ck_assert_double_eq(rows[0].rd_kbs, 0);
	ck_assert_double_eq(rows[0].wr_kbs, 0);
	ck_assert_uint_eq(rows[0].iodelay, 0);
	/* The same interval reversed (uptime going back): an interval of 1 cs, no negative. */
	ck_assert_int_eq(who_proc_rows(&e1, UP1, &e0, UP0, 100, &rows, &cap), 1);
	ck_assert(rows[0].cpu >= 0);
	free(rows);
}
END_TEST

START_TEST(test_sort_and_spec)
{
	struct ext_proc a[3] = {proc(1, 0, 0, 0), proc(2, 0, 0, 0), proc(3, 0, 0, 0)};
	struct ext_proc b[3] = {proc(1, 0, 10, 0), proc(2, 0, 30, 0), proc(3, 0, 30, 0)};
	struct archive_ext e0 = ext_of(a, 3), e1 = ext_of(b, 3);
	struct who_proc_row *rows = NULL;
	size_t cap = 0;
	unsigned count;
	enum who_sort key;
	int n;

	b[0].rss_kb = 900;
	b[1].rss_kb = 100;
	b[2].rss_kb = 500;
	b[0].write_bytes = 1024;
	b[2].read_bytes = 1024 * 10;
	n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
	ck_assert_int_eq(n, 3);
	who_proc_sort(rows, 3, WHO_SORT_CPU); /* 2 and 3 tie at 15 %: pid order */
	ck_assert_uint_eq(rows[0].p->pid, 2);
	ck_assert_uint_eq(rows[1].p->pid, 3);
	ck_assert_uint_eq(rows[2].p->pid, 1);
	who_proc_sort(rows, 3, WHO_SORT_MEM);
	ck_assert_uint_eq(rows[0].p->pid, 1);
	ck_assert_uint_eq(rows[1].p->pid, 3);
	who_proc_sort(rows, 3, WHO_SORT_IO);
	ck_assert_uint_eq(rows[0].p->pid, 3);
	ck_assert_uint_eq(rows[1].p->pid, 1);
	ck_assert_uint_eq(rows[2].p->pid, 2);
	free(rows);

	ck_assert(who_parse_spec(NULL, &count, &key));
	ck_assert_uint_eq(count, 10);
	ck_assert_int_eq(key, WHO_SORT_CPU);
	ck_assert(who_parse_spec("mem", &count, &key));
	ck_assert_int_eq(key, WHO_SORT_MEM);
	ck_assert(who_parse_spec("5,io", &count, &key));
	ck_assert_uint_eq(count, 5);
	ck_assert_int_eq(key, WHO_SORT_IO);
	ck_assert(who_parse_spec("cpu,3", &count, &key));
	ck_assert_uint_eq(count, 3);
	ck_assert(!who_parse_spec("0", &count, &key));
	ck_assert(!who_parse_spec("disk", &count, &key));
	ck_assert(!who_parse_spec("5,", &count, &key));
	ck_assert(!who_parse_spec("-5", &count, &key));
}
END_TEST

static struct ext_cgroup
cg(const char *path, uint32_t present)
{
	struct ext_cgroup c;

	memset(&c, 0, sizeof(c));
	snprintf(c.path, sizeof(c.path), "%s", path);
	c.present = present;
	c.mem_max = UINT64_MAX;
	return c;
}

static struct archive_ext
cg_ext(struct ext_cgroup *c, uint32_t n)
{
	struct archive_ext e;

	memset(&e, 0, sizeof(e));
	e.has_cgroup = true;
	e.cgroup = c;
	e.n_cgroup = n;
	return e;
}

#define ALL_CG 0x7ffu

START_TEST(test_cgroup_rows)
{
	struct ext_cgroup a[2] = {cg("/", ALL_CG), cg("/a.slice", ALL_CG)};
	struct ext_cgroup b[3] = {cg("/", ALL_CG), cg("/a.slice", ALL_CG & ~EXT_CG_PSI_CPUF),
	                          cg("/b.slice", EXT_CG_CPU | EXT_CG_MEM)};
	struct archive_ext e0 = cg_ext(a, 2), e1 = cg_ext(b, 3);
	struct who_cg_row *rows = NULL;
	size_t cap = 0;
	int n;

	/* /a.slice over 2 s = 2,000,000 us. */
	a[1].usage_usec = 1000000;
	b[1].usage_usec = 2500000; /* 1.5 s: 75 % */
	b[1].user_usec = 1000000;  /* 50 % */
	b[1].system_usec = 500000; /* 25 % */
	b[1].throttled_usec = 200000; /* 10 % */
	b[1].mem_current = 1048576; /* 1024 kB */
	b[1].mem_max = 4194304;     /* 25 % */
	a[1].ev_oom_kill = 2;
	b[1].ev_oom_kill = 5; /* 3 */
	b[1].rbytes = 8192;   /* 8 kB in 2 s: 4 kB/s */
	b[1].wbytes = 2048;   /* 1 kB/s */
	b[1].psi_cpu_some = 20000;  /* 1 % */
	b[1].psi_mem_full = 100000; /* 5 % */
	b[1].psi_io_some = 2000000; /* 100 % */
	/* / : counters going down. */
	a[0].usage_usec = 10000000;
	b[0].usage_usec = 5;
	a[0].rbytes = 99999;
	/* /b.slice is new: from zero. */
	b[2].usage_usec = 400000; /* 20 % */
	b[2].mem_current = 4096;

	n = who_cg_rows(&e0, UP0, &e1, UP1, &rows, &cap);
	ck_assert_int_eq(n, 3);
	ck_assert_str_eq(rows[1].c->path, "/a.slice");
	ck_assert_double_eq_tol(rows[1].cpu, 75.0, EPS);
	ck_assert_double_eq_tol(rows[1].usr, 50.0, EPS);
	ck_assert_double_eq_tol(rows[1].sys, 25.0, EPS);
	ck_assert_double_eq_tol(rows[1].thrtl, 10.0, EPS);
	ck_assert_uint_eq(rows[1].mem_kb, 1024);
	ck_assert_double_eq_tol(rows[1].memmax, 25.0, EPS);
	ck_assert_uint_eq(rows[1].oom_kills, 3);
	ck_assert_double_eq_tol(rows[1].rd_kbs, 4.0, EPS);
	ck_assert_double_eq_tol(rows[1].wr_kbs, 1.0, EPS);
	ck_assert_double_eq_tol(rows[1].psi_cpu_some, 1.0, EPS);
	ck_assert_double_eq_tol(rows[1].psi_mem_full, 5.0, EPS);
	ck_assert_double_eq_tol(rows[1].psi_io_some, 100.0, EPS);
	ck_assert_uint_eq(rows[1].present, ALL_CG & ~EXT_CG_PSI_CPUF);
	ck_assert_double_eq(rows[0].cpu, 0);
	ck_assert_double_eq(rows[0].rd_kbs, 0);
	ck_assert_double_eq(rows[0].memmax, -1); /* no limit */
	ck_assert_double_eq_tol(rows[2].cpu, 20.0, EPS);
	ck_assert_uint_eq(rows[2].mem_kb, 4);
	ck_assert_uint_eq(rows[2].present, EXT_CG_CPU | EXT_CG_MEM);
	ck_assert_double_eq(rows[2].memmax, -1);

	/* A counter file the earlier record lacked is absent; a level (memory.current) is not. */
	a[1].present = EXT_CG_CPU;
	n = who_cg_rows(&e0, UP0, &e1, UP1, &rows, &cap);
	ck_assert_uint_eq(rows[1].present, EXT_CG_CPU | EXT_CG_MEM | EXT_CG_MEMMAX | EXT_CG_SWAP);
	ck_assert_double_eq_tol(rows[1].memmax, 25.0, EPS);

	ck_assert(who_cg_has_child(rows, 3, 0));
	ck_assert(!who_cg_has_child(rows, 3, 1));
	e0.has_cgroup = false;
	ck_assert_int_eq(who_cg_rows(&e0, UP0, &e1, UP1, &rows, &cap), 0);
	free(rows);
}
END_TEST

START_TEST(test_has_child_prefix)
{
	struct ext_cgroup c[3] = {cg("/a", 0), cg("/ab", 0), cg("/ab/x", 0)};
	struct who_cg_row r[3];

	memset(r, 0, sizeof(r));
	r[0].c = &c[0];
	r[1].c = &c[1];
	r[2].c = &c[2];
	ck_assert(!who_cg_has_child(r, 3, 0)); /* /ab is not below /a */
	ck_assert(who_cg_has_child(r, 3, 1));
	ck_assert(!who_cg_has_child(r, 3, 2));
}
END_TEST

START_TEST(test_window_average)
{
	/*
	 * Three records at 100 s, 102 s, 104 s. pid 1 runs throughout: 100
	 * then 60 ticks (1 s then 0.6 s); pid 2 is born at 103 s with 40
	 * ticks in the second interval only. Window 4 s: pid 1 1.6 s = 40 %,
	 * pid 2 0.4 s = 10 %. RSS: pid 1 1000 then 3000 kB: mean 2000; pid 2
	 * seen once at 500 kB: 500.
	 */
	struct ext_proc r0[1] = {proc(1, 0, 0, 0)};
	struct ext_proc r1[1] = {proc(1, 0, 100, 0)};
	struct ext_proc r2[2] = {proc(1, 0, 160, 0), proc(2, 10300, 40, 0)};
	struct archive_ext e0 = ext_of(r0, 1), e1 = ext_of(r1, 1), e2 = ext_of(r2, 2);
	struct who_proc_row *rows = NULL, top[3];
	struct who_avg avg;
	size_t cap = 0;
	int n;

	memset(&avg, 0, sizeof(avg));
	r1[0].rss_kb = 1000;
	r2[0].rss_kb = 3000;
	r2[1].rss_kb = 500;
	r2[1].blkio_ticks = 7;
	n = who_proc_rows(&e0, 10000, &e1, 10200, 100, &rows, &cap);
	ck_assert_int_eq(who_avg_add_procs(&avg, rows, (size_t) n, 200), 0);
	n = who_proc_rows(&e1, 10200, &e2, 10400, 100, &rows, &cap);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(who_avg_add_procs(&avg, rows, (size_t) n, 200), 0);
	n = who_avg_proc_rows(&avg, &rows, &cap);
	ck_assert_int_eq(n, 2);
	ck_assert_uint_eq(rows[0].p->pid, 1);
	ck_assert_double_eq_tol(rows[0].cpu, 40.0, EPS);
	ck_assert_uint_eq(rows[0].rss_kb, 2000);
	ck_assert_uint_eq(rows[1].p->pid, 2);
	ck_assert_double_eq_tol(rows[1].cpu, 10.0, EPS);
	ck_assert_uint_eq(rows[1].rss_kb, 500);
	ck_assert_uint_eq(rows[1].iodelay, 7);

	ck_assert_uint_eq(who_avg_top_procs(&avg, WHO_SORT_CPU, top, 3), 2);
	ck_assert_uint_eq(top[0].p->pid, 1);
	ck_assert_uint_eq(who_avg_top_procs(&avg, WHO_SORT_MEM, top, 1), 1);
	ck_assert_uint_eq(top[0].p->pid, 1);

	/* Same pid 2 reused by another process later is another entry. */
	who_avg_reset(&avg);
	ck_assert_int_eq(who_avg_proc_rows(&avg, &rows, &cap), 0);
	free(rows);
	who_avg_release(&avg);
	who_avg_release(NULL);
}
END_TEST

START_TEST(test_window_average_many)
{
	/* 5000 processes over two intervals: the table grows, each keeps its own sums. */
	enum { N = 5000 };
	struct ext_proc *a = calloc(N, sizeof(*a)), *b = calloc(N, sizeof(*b));
	struct archive_ext e0, e1;
	struct who_proc_row *rows = NULL;
	struct who_avg avg;
	size_t cap = 0;
	int i, n;

	memset(&avg, 0, sizeof(avg));
	for (i = 0; i < N; i++) {
		a[i] = proc((uint32_t) i + 1, 7, 0, 0);
		b[i] = proc((uint32_t) i + 1, 7, (uint64_t) i % 200, 0);
	}
	e0 = ext_of(a, N);
	e1 = ext_of(b, N);
	n = who_proc_rows(&e0, UP0, &e1, UP1, 100, &rows, &cap);
	ck_assert_int_eq(n, N);
	ck_assert_int_eq(who_avg_add_procs(&avg, rows, N, 200), 0);
	ck_assert_int_eq(who_avg_add_procs(&avg, rows, N, 200), 0);
	n = who_avg_proc_rows(&avg, &rows, &cap);
	ck_assert_int_eq(n, N);
	for (i = 0; i < N; i++) {
		ck_assert_uint_eq(rows[i].p->pid, (uint32_t) i + 1);
		/* i % 200 ticks per 2 s, twice over 4 s: (i % 200) / 2 %. */
		ck_assert_double_eq_tol(rows[i].cpu, (double) (i % 200) / 2, 1e-6);
	}
	free(rows);
	free(a);
	free(b);
	who_avg_release(&avg);
}
END_TEST

START_TEST(test_cgroup_average_and_top)
{
	/*
	 * Two intervals of 2 s. / has everything; /s/x.service and /s/y.service
	 * are leaves; /s their slice. x: 1 s then 0 s of CPU = 25 % over 4 s;
	 * y: 0.2 s then 0.6 s = 20 %. mem_kB of x: 100 then 300: 200. The root
	 * and /s are never named as top consumers.
	 */
	struct ext_cgroup c0[4] = {cg("/", ALL_CG), cg("/s", ALL_CG), cg("/s/x.service", ALL_CG),
	                           cg("/s/y.service", ALL_CG)};
	struct ext_cgroup c1[4], c2[4];
	struct archive_ext e0, e1, e2;
	struct who_cg_row *rows = NULL, top[3];
	struct who_avg avg;
	size_t cap = 0;
	int n;

	memcpy(c1, c0, sizeof(c0));
	memcpy(c2, c0, sizeof(c0));
	c1[0].usage_usec = 9000000;
	c2[0].usage_usec = 18000000;
	c1[1].usage_usec = 1200000;
	c2[1].usage_usec = 1800000;
	c1[2].usage_usec = 1000000;
	c2[2].usage_usec = 1000000;
	c1[3].usage_usec = 200000;
	c2[3].usage_usec = 800000;
	c1[2].mem_current = 100 * 1024;
	c2[2].mem_current = 300 * 1024;
	c2[2].mem_max = 600 * 1024; /* 50 % in the second interval only: mean 50 */
	e0 = cg_ext(c0, 4);
	e1 = cg_ext(c1, 4);
	e2 = cg_ext(c2, 4);
	memset(&avg, 0, sizeof(avg));
	n = who_cg_rows(&e0, 10000, &e1, 10200, &rows, &cap);
	ck_assert_int_eq(who_avg_add_cgroups(&avg, rows, (size_t) n, 200), 0);
	n = who_cg_rows(&e1, 10200, &e2, 10400, &rows, &cap);
	ck_assert_int_eq(who_avg_add_cgroups(&avg, rows, (size_t) n, 200), 0);
	n = who_avg_cg_rows(&avg, &rows, &cap);
	ck_assert_int_eq(n, 4);
	ck_assert_str_eq(rows[2].c->path, "/s/x.service");
	ck_assert_double_eq_tol(rows[2].cpu, 25.0, EPS);
	ck_assert_uint_eq(rows[2].mem_kb, 200);
	ck_assert_double_eq_tol(rows[2].memmax, 50.0, EPS);
	ck_assert_double_eq_tol(rows[3].cpu, 20.0, EPS);
	ck_assert_double_eq_tol(rows[0].cpu, 450.0, EPS); /* 18 s of CPU in 4 s */
	ck_assert_uint_eq(who_avg_top_cgroups(&avg, WHO_SORT_CPU, top, 3), 2);
	ck_assert_str_eq(top[0].c->path, "/s/x.service");
	ck_assert_str_eq(top[1].c->path, "/s/y.service");
	free(rows);
	who_avg_release(&avg);
}
END_TEST

static Suite *
who_suite(void)
{
	Suite *s = suite_create("who");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_matched_formulas);
	tcase_add_test(tc, test_pid_reuse);
	tcase_add_test(tc, test_reaped_child_io);
	tcase_add_test(tc, test_new_and_unknown);
	tcase_add_test(tc, test_counters_down);
	tcase_add_test(tc, test_sort_and_spec);
	tcase_add_test(tc, test_cgroup_rows);
	tcase_add_test(tc, test_has_child_prefix);
	tcase_add_test(tc, test_window_average);
	tcase_add_test(tc, test_window_average_many);
	tcase_add_test(tc, test_cgroup_average_and_top);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(who_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
