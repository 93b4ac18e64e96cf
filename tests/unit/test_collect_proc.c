/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the process collector (sadc/collect_proc.c): the parsers on
 * hand-typed buffers; collect_proc() on upstream's fixture root1, with the
 * expected numbers read by hand from its proc/PID files; on small roots
 * written here (a comm holding ") (", a kernel thread, a vanished process,
 * old kernels, the delay accounting sysctl); and on the live /proc, where
 * this test process must be found and its CPU time and written bytes grow.
 */

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fixture.h"
#include "sadc/collect_proc.h"
#include "common/banned.h"

/* ------------------------------------------------------------------------- */
/* Parsers */

START_TEST(stat_fields)
{
	/* A 5.x line (52 fields); field numbers as in proc(5). */
	static const char buf[] =
	        "1234 (burner) R 1 1234 1234 0 -1 4194304 100 7 3 9 250 50 11 12 20 0 2 0 777 "
	        "8192000 300 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 5 1 42 31 32 "
	        "0 0 0 0 0 0 0 0\n";
	struct ext_proc p;

	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(proc_parse_stat(buf, strlen(buf), 4, &p), 52);
	ck_assert_str_eq(p.comm, "burner");
	ck_assert_uint_eq(p.state, 'R');
	ck_assert_uint_eq(p.ppid, 1);
	ck_assert_uint_eq(p.flags, 0); /* 4194304 = 0x400000: PF_KTHREAD (0x200000) clear */
	ck_assert_uint_eq(p.minflt, 100);
	ck_assert_uint_eq(p.majflt, 3);
	ck_assert_uint_eq(p.utime, 250);
	ck_assert_uint_eq(p.stime, 50);
	ck_assert_uint_eq(p.threads, 2);
	ck_assert_uint_eq(p.start_time, 777);
	ck_assert_uint_eq(p.vsz_kb, 8000);    /* 8192000 / 1024 */
	ck_assert_uint_eq(p.rss_kb, 1200);    /* 300 pages of 4 kB */
	ck_assert_uint_eq(p.blkio_ticks, 42); /* field 42 */
	ck_assert_uint_eq(p.pid, 0);          /* the caller's */
	/* Fields 11, 13, 16, 17, 39, 40, 41, 43 and 44 (pidstat's). */
	ck_assert_uint_eq(p.cminflt, 7);
	ck_assert_uint_eq(p.cmajflt, 9);
	ck_assert_uint_eq(p.cutime, 11);
	ck_assert_uint_eq(p.cstime, 12);
	ck_assert_uint_eq(p.processor, 1);
	ck_assert_uint_eq(p.rt_priority, 5);
	ck_assert_uint_eq(p.policy, 1);
	ck_assert_uint_eq(p.gtime, 31);
	ck_assert_uint_eq(p.cgtime, 32);
}
END_TEST

START_TEST(stat_comm_with_parens)
{
	static const char buf[] = "77 (a) (b c)) S 5 0 0 0 -1 0 1 0 2 0 3 4\n";
	struct ext_proc p;

	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(proc_parse_stat(buf, strlen(buf), 4, &p), 15);
	ck_assert_str_eq(p.comm, "a) (b c)");
	ck_assert_uint_eq(p.state, 'S');
	ck_assert_uint_eq(p.ppid, 5);
	ck_assert_uint_eq(p.majflt, 2);
	ck_assert_uint_eq(p.utime, 3);
	ck_assert_uint_eq(p.stime, 4);
	ck_assert_uint_eq(p.blkio_ticks, 0);
}
END_TEST

START_TEST(stat_kernel_thread_and_odd_text)
{
	/* kthreadd: flags 2129984 = 0x208040, PF_KTHREAD set. */
	static const char kt[] =
	        "2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 0 1 0 0 20 0 1 0 24 0 0";
	static const char long_comm[] = "9 (0123456789abcdefXYZ) S 1";
	static const char ctrl[] = "9 (a\tb\x01\xff) Z 1";
	struct ext_proc p;

	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(proc_parse_stat(kt, strlen(kt), 4, &p), 24);
	ck_assert_uint_eq(p.flags, EXT_PF_KTHREAD);
	ck_assert_uint_eq(p.stime, 1);
	ck_assert_uint_eq(p.start_time, 24);

	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(proc_parse_stat(long_comm, strlen(long_comm), 4, &p), 4);
	ck_assert_str_eq(p.comm, "0123456789abcde"); /* 15 bytes and the NUL */

	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(proc_parse_stat(ctrl, strlen(ctrl), 4, &p), 4);
	ck_assert_str_eq(p.comm, "a?b??");
	ck_assert_uint_eq(p.state, 'Z');

	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(proc_parse_stat("12 burner S 1", 13, 4, &p), -EINVAL);
	ck_assert_int_eq(proc_parse_stat("12 )burner( S 1", 15, 4, &p), -EINVAL);
	ck_assert_int_eq(proc_parse_stat("", 0, 4, &p), -EINVAL);
	/* Saturation, not overflow. */
	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(proc_parse_stat("1 (x) S 99999999999999999999999", 31, 4, &p), 4);
	ck_assert_uint_eq(p.ppid, UINT32_MAX);
}
END_TEST

START_TEST(io_lines)
{
	static const char buf[] = "rchar: 1\nwchar: 2\nsyscr: 3\nsyscw: 4\nread_bytes: 4096\n"
	                          "write_bytes: 8192\ncancelled_write_bytes: 77\n";
	uint64_t rd = 0, wr = 0, cw = 0;

	ck_assert_int_eq(proc_parse_io(buf, strlen(buf), &rd, &wr, &cw), 0);
	ck_assert_uint_eq(rd, 4096);
	ck_assert_uint_eq(wr, 8192); /* not cancelled_write_bytes */
	ck_assert_uint_eq(cw, 77);
	rd = wr = cw = 0;
	ck_assert_int_eq(proc_parse_io("read_bytes: 5\n", 14, &rd, &wr, &cw), -EINVAL);
	ck_assert_int_eq(proc_parse_io("read_bytes: x\nwrite_bytes: 1\n", 29, &rd, &wr, &cw), -EINVAL);
	/* Cut in the middle of a line: the number ends with the buffer. */
	ck_assert_int_eq(proc_parse_io("read_bytes: 12\nwrite_bytes: 345", 25 + 4, &rd, &wr, &cw), 0);
	ck_assert_uint_eq(rd, 12);
	ck_assert_uint_eq(wr, 3); /* "write_bytes: 3" is all there is of the line */
	ck_assert_uint_eq(cw, 0);
}
END_TEST

START_TEST(status_lines)
{
	/* A 6.1 status, cut to the lines around the ones read. */
	static const char buf[] = "Name:\tburner\nUmask:\t0022\nState:\tR (running)\n"
	                          "Uid:\t1000\t0\t0\t0\nGid:\t100\t100\t100\t100\n"
	                          "Threads:\t2\nvoluntary_ctxt_switches:\t150\n"
	                          "nonvoluntary_ctxt_switches:\t9\n";
	struct ext_proc p;

	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(proc_parse_status(buf, strlen(buf), &p), 0);
	ck_assert_uint_eq(p.ruid, 1000); /* the real uid, not the effective 0 */
	ck_assert_uint_eq(p.nvcsw, 150);
	ck_assert_uint_eq(p.nivcsw, 9);
	/* Without the switch counts (a kernel thread's are there too; an old kernel's not). */
	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(proc_parse_status("Uid:\t5\t5\t5\t5\n", 14, &p), -EINVAL);
	ck_assert_uint_eq(p.ruid, 5);
}
END_TEST

START_TEST(schedstat_line)
{
	uint64_t d = 0;

	ck_assert_int_eq(proc_parse_schedstat("912345 2000000001 17\n", 22, &d), 0);
	ck_assert_uint_eq(d, 2000000001);
	d = 3;
	ck_assert_int_eq(proc_parse_schedstat("912345\n", 7, &d), -EINVAL);
	ck_assert_int_eq(proc_parse_schedstat("", 0, &d), -EINVAL);
	ck_assert_int_eq(proc_parse_schedstat("1 x", 3, &d), -EINVAL);
	ck_assert_uint_eq(d, 3);
}
END_TEST

START_TEST(cmdline_text)
{
	static const char args[] = "/bin/sleep\0"
	                           "600\0";
	static const char odd[] = "a\001b\377\0\0\0";
	char out[EXT_CMDLINE_LEN];
	char big[300];

	proc_parse_cmdline(args, sizeof(args) - 1, out);
	ck_assert_str_eq(out, "/bin/sleep 600");
	proc_parse_cmdline(odd, sizeof(odd) - 1, out);
	ck_assert_str_eq(out, "a?b?");
	proc_parse_cmdline("", 0, out);
	ck_assert_str_eq(out, "");
	proc_parse_cmdline("\0\0", 2, out);
	ck_assert_str_eq(out, "");
	memset(big, 'x', sizeof(big));
	proc_parse_cmdline(big, sizeof(big), out);
	ck_assert_uint_eq(strlen(out), EXT_CMDLINE_LEN - 1);
}
END_TEST

START_TEST(cgroup_lines)
{
	/* This machine's hybrid layout, then a pure v1 one. */
	static const char hybrid[] = "9:name=systemd:/\n4:memory:/x/y\n1:cpu:/\n"
	                             "0::/system.slice/cron.service\n";
	static const char v1[] = "4:memory:/x\n1:cpu:/\n";
	char out[EXT_CGPATH_LEN];
	char big[200];

	ck_assert(proc_parse_cgroup(hybrid, strlen(hybrid), out));
	ck_assert_str_eq(out, "/system.slice/cron.service");
	ck_assert(!proc_parse_cgroup(v1, strlen(v1), out));
	ck_assert_str_eq(out, "");
	ck_assert(proc_parse_cgroup("0::/", 4, out));
	ck_assert_str_eq(out, "/");
	ck_assert(proc_parse_cgroup("0::", 3, out));
	ck_assert_str_eq(out, "");
	ck_assert(!proc_parse_cgroup("0:", 2, out));
	memcpy(big, "0::/", 4);
	memset(big + 4, 'a', sizeof(big) - 4);
	ck_assert(proc_parse_cgroup(big, sizeof(big), out));
	ck_assert_uint_eq(strlen(out), EXT_CGPATH_LEN - 1);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* collect_proc() on upstream's fixture root1 */

static uint64_t
page_kb(void)
{
	return (uint64_t) sysconf(_SC_PAGESIZE) / 1024;
}

/* The numbers of one process, as read by hand from root1/proc/PID/{stat,io,cmdline}. */
struct expect {
	uint32_t pid, ppid, threads;
	const char *comm;
	uint64_t minflt, majflt, utime, stime, start, vsize, rss_pages, blkio, rd, wr;
	const char *cmdline;
};

// clang-format off
static const struct expect root1[] = {
	{8407, 7757, 4, "gnome-terminal-", 22115, 11, 886, 83, 7724, 741240832, 10539, 58,
	 171917312, 212107264, "/usr/libexec/gnome-terminal-server"},
	{8741, 7900, 67, "firefox", 777121, 528, 6962, 2001, 9648, 2596585472, 83951, 1146,
	 209874944, 233799680, "/usr/lib64/firefox/firefox"},
	/* Its cmdline is 254 bytes: the first 95, NULs as spaces. */
	{9009, 8741, 32, "WebExtensions", 24778, 14, 451, 222, 10516, 1786376192, 26407, 69,
	 1208320, 0, "/usr/lib64/firefox/firefox -contentproc -childID 3 -isForBrowser "
	 "-prefsLen 5430 -prefMapSize 17"},
	{21342, 21327, 6, "soffice.bin", 139942, 1036, 866, 46, 257400, 1833664512, 109871, 874,
	 180191232, 34279424, "/usr/lib64/libreoffice/program/soffice.bin --calc --splash-pipe=6"},
};
// clang-format on

START_TEST(smaps_stack)
{
	static const char smaps[] =
	        "00400000-00452000 r-xp 00000000 08:02 173521      /usr/bin/a [stack]x\n"
	        "Size:                328 kB\n"
	        "Referenced:           40 kB\n"
	        "7ffc5a1e0000-7ffc5a201000 rw-p 00000000 00:00 0                          [stack]\n"
	        "Size:                132 kB\n"
	        "KernelPageSize:        4 kB\n"
	        "Rss:                  24 kB\n"
	        "Referenced:           20 kB\n"
	        "VmFlags: rd wr mr mw me gd ac\n"
	        "ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  "
	        "[vsyscall]\n"
	        "Size:                  4 kB\n"
	        "Referenced:            0 kB\n";
	static const char no_ref[] = "7ffc5a1e0000-7ffc5a201000 rw-p 00000000 00:00 0 [stack]\n"
	                             "Size: 8 kB\n"
	                             "ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0\n"
	                             "Referenced: 4 kB\n";
	uint64_t size = 7, ref = 7;

	ck_assert_int_eq(proc_parse_smaps_stack(smaps, sizeof(smaps) - 1, &size, &ref), 0);
	ck_assert_uint_eq(size, 132);
	ck_assert_uint_eq(ref, 20);
	/* Cut inside the mapping: what is there. */
	size = ref = 7;
	ck_assert_int_eq(proc_parse_smaps_stack(smaps, 235, &size, &ref), 0);
	ck_assert_uint_eq(size, 132);
	ck_assert_uint_eq(ref, 7);
	/* The next mapping's keys are not the stack's. */
	size = ref = 7;
	ck_assert_int_eq(proc_parse_smaps_stack(no_ref, sizeof(no_ref) - 1, &size, &ref), 0);
	ck_assert_uint_eq(size, 8);
	ck_assert_uint_eq(ref, 7);
	/* A kernel thread's (empty), or one without a [stack] line. */
	ck_assert_int_eq(proc_parse_smaps_stack("", 0, &size, &ref), -ENOENT);
	ck_assert_int_eq(proc_parse_smaps_stack(smaps, 100, &size, &ref), -ENOENT);
}
END_TEST

START_TEST(fixture_root1)
{
	char path[4096], dir[4200];
	struct sysroot root;
	struct ext_proc *items = NULL;
	uint32_t n = 99;
	size_t cap = 0, i;

	if (!fixture_root("root1", path, sizeof(path))) {
		fixture_skip("shared corpus absent: fixture-root checks not run");
		return;
	}
	ck_assert_int_eq(sysroot_open(&root, path), 0);
	ck_assert_int_eq(collect_proc(&root, &items, &n, &cap), 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_uint_ge(cap, 4);
	for (i = 0; i < 4; i++) {
		const struct expect *e = &root1[i];
		const struct ext_proc *p = &items[i];
		struct stat st;

		snprintf(dir, sizeof(dir), "%s/proc/%u", path, e->pid);
		ck_assert_int_eq(stat(dir, &st), 0);
		ck_assert_uint_eq(p->pid, e->pid);
		ck_assert_uint_eq(p->ppid, e->ppid);
		ck_assert_uint_eq(p->uid, st.st_uid); /* the fixture's owner */
		ck_assert_uint_eq(p->threads, e->threads);
		ck_assert_uint_eq(p->state, 'S');
		ck_assert_str_eq(p->comm, e->comm);
		ck_assert_uint_eq(p->minflt, e->minflt);
		ck_assert_uint_eq(p->majflt, e->majflt);
		ck_assert_uint_eq(p->utime, e->utime);
		ck_assert_uint_eq(p->stime, e->stime);
		ck_assert_uint_eq(p->start_time, e->start);
		ck_assert_uint_eq(p->vsz_kb, e->vsize / 1024);
		ck_assert_uint_eq(p->rss_kb, e->rss_pages * page_kb());
		ck_assert_uint_eq(p->blkio_ticks, e->blkio);
		ck_assert_uint_eq(p->read_bytes, e->rd);
		ck_assert_uint_eq(p->write_bytes, e->wr);
		ck_assert_str_eq(p->cmdline, e->cmdline);
		ck_assert_str_eq(p->cgroup, "");
		/*
		 * No cgroup file; no proc/sys/kernel/task_delayacct and 52 stat
		 * fields; status, schedstat and fd/ are there.
		 */
		ck_assert_uint_eq(p->flags, EXT_PF_IO | EXT_PF_DELAYACCT | EXT_PF_STATUS |
		                                    EXT_PF_SCHED | EXT_PF_FD);
	}
	/* vsize against status's VmSize (kB), a second source for the division. */
	ck_assert_uint_eq(items[0].vsz_kb, 723868);
	ck_assert_uint_eq(items[1].vsz_kb, 2535728);
	free(items);
	sysroot_close(&root);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* collect_proc() on roots written here */

struct tmp_root {
	char path[256];
};

static void
put_file(const struct tmp_root *t, const char *rel, const char *text, size_t len)
{
	ck_assert_int_eq(fixture_put(t->path, rel, text, len), 0);
}

#define PUT(t, rel, lit) put_file(t, rel, lit, sizeof(lit) - 1)

static void
make_root(struct tmp_root *t)
{
	ck_assert_int_eq(fixture_tmp_root("test_collect_proc", t->path, sizeof(t->path)), 0);
	/* Out of order, with names that are not processes and one that is gone (55). */
	PUT(t, "proc/_list", "stat\n300\n2\nself\n55\n1\n");
	PUT(t, "proc/stat", "cpu 1 2 3\n");
	PUT(t, "proc/1/stat", "1 (init) S 0 1 1 0 -1 4194560 10 0 1 0 5 6 0 0 20 0 1 0 3 4096 2\n");
	PUT(t, "proc/1/cmdline", "/sbin/init\0splash\0");
	PUT(t, "proc/1/cgroup", "1:cpu:/\n0::/init.scope\n");
	PUT(t, "proc/1/io", "read_bytes: 1\nwrite_bytes: 2\n");
	PUT(t, "proc/1/task/_list", "7\n1\n9\n");
	PUT(t, "proc/1/task/1/stat",
	    "1 (init) S 0 1 1 0 -1 4194560 4 0 1 0 3 4 0 0 20 0 1 0 3 4096 2\n");
	PUT(t, "proc/1/task/7/stat",
	    "7 (worker) R 0 1 1 0 -1 4194560 6 0 0 0 2 2 0 0 20 0 1 0 50 4096 2\n");
	PUT(t, "proc/1/task/7/status",
	    "Uid:\t5\t5\t5\t5\nvoluntary_ctxt_switches:\t11\n"
	    "nonvoluntary_ctxt_switches:\t12\n");
	PUT(t, "proc/1/task/7/io", "read_bytes: 30\nwrite_bytes: 40\n");
	PUT(t, "proc/2/stat",
	    "2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 0 1 0 0 20 0 1 0 24 0 0 "
	    "18446744073709551615 0 0 0 0 0 0 0 2147483647 0 1 0 0 0 0 0 0 0 "
	    "0 0 0 0 0 0 0 0 0 0 0\n");
	PUT(t, "proc/2/cmdline", "stray\0");
	PUT(t, "proc/2/cgroup", "0::/\n");
	PUT(t, "proc/300/stat",
	    "300 (a) (b c) R 1 300 300 0 -1 4194304 0 0 0 0 7 8 0 0 20 0 3 0 99 "
	    "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 5\n");
	PUT(t, "proc/300/cgroup", "4:memory:/x\n");
}

static void
remove_root(const struct tmp_root *t)
{
	ck_assert_int_eq(fixture_rm_tree(t->path), 0);
}

static void
collect_tmp(const struct tmp_root *t, struct ext_proc **items, uint32_t *n, size_t *cap)
{
	struct sysroot root;

	ck_assert_int_eq(sysroot_open(&root, t->path), 0);
	ck_assert_int_eq(collect_proc(&root, items, n, cap), 0);
	sysroot_close(&root);
}

START_TEST(tmp_root_processes)
{
	struct tmp_root t;
	struct ext_proc *items = NULL;
	uint32_t n;
	size_t cap = 0;

	make_root(&t);
	collect_tmp(&t, &items, &n, &cap);
	ck_assert_uint_eq(n, 3); /* 55 vanished, self and stat are no processes */
	ck_assert_uint_eq(items[0].pid, 1);
	ck_assert_uint_eq(items[1].pid, 2);
	ck_assert_uint_eq(items[2].pid, 300);

	ck_assert_str_eq(items[0].comm, "init");
	ck_assert_str_eq(items[0].cmdline, "/sbin/init splash");
	ck_assert_str_eq(items[0].cgroup, "/init.scope");
	ck_assert_uint_eq(items[0].read_bytes, 1);
	ck_assert_uint_eq(items[0].write_bytes, 2);
	ck_assert_uint_eq(items[0].vsz_kb, 4);
	ck_assert_uint_eq(items[0].rss_kb, 2 * page_kb());
	/* 24 stat fields, no task_delayacct: an old kernel without blkio ticks; no smaps. */
	ck_assert_uint_eq(items[0].flags, EXT_PF_IO | EXT_PF_CGROUP);

	/* A kernel thread: no command line even if the file had one; no io file. */
	ck_assert_str_eq(items[1].comm, "kthreadd");
	ck_assert_str_eq(items[1].cmdline, "");
	ck_assert_str_eq(items[1].cgroup, "/");
	ck_assert_uint_eq(items[1].flags, EXT_PF_KTHREAD | EXT_PF_CGROUP | EXT_PF_DELAYACCT);

	/* comm with ") (" and a blank; 42 fields; pure v1 cgroup file; no cmdline file. */
	ck_assert_str_eq(items[2].comm, "a) (b c");
	ck_assert_uint_eq(items[2].state, 'R');
	ck_assert_uint_eq(items[2].ppid, 1);
	ck_assert_uint_eq(items[2].utime, 7);
	ck_assert_uint_eq(items[2].stime, 8);
	ck_assert_uint_eq(items[2].threads, 3);
	ck_assert_uint_eq(items[2].start_time, 99);
	ck_assert_uint_eq(items[2].blkio_ticks, 5);
	ck_assert_str_eq(items[2].cmdline, "");
	ck_assert_uint_eq(items[2].flags, EXT_PF_DELAYACCT);

	free(items);
	remove_root(&t);
}
END_TEST

/*
 * The stack from smaps; the threads of a process with their own stat,
 * status and io, the rest its.
 */
START_TEST(tmp_root_stack_threads)
{
	static const char smaps[] = "7ffc5a1e0000-7ffc5a201000 rw-p 00000000 00:00 0   [stack]\n"
	                            "Size:                136 kB\nReferenced:           28 kB\n";
	struct tmp_root t;
	struct ext_proc *items = NULL, *th = NULL;
	uint32_t n, n_th = 0;
	size_t cap = 0, th_cap = 0;
	struct sysroot root;

	make_root(&t);
	PUT(&t, "proc/1/smaps", smaps);
	collect_tmp(&t, &items, &n, &cap);
	ck_assert_uint_eq(n, 3);
	ck_assert(!(items[0].flags & EXT_PF_STACK)); /* read apart */
	ck_assert_int_eq(sysroot_open(&root, t.path), 0);
	collect_proc_stacks(&root, items, n);
	sysroot_close(&root);
	ck_assert(items[0].flags & EXT_PF_STACK);
	ck_assert_uint_eq(items[0].stack_kb, 136);
	ck_assert_uint_eq(items[0].stack_ref_kb, 28);
	ck_assert(!(items[2].flags & EXT_PF_STACK)); /* no smaps */
	/*
	 * A kernel thread's smaps (no mapping) is not read: an empty [stack],
	 * known all the same.
	 */
	ck_assert(items[1].flags & EXT_PF_STACK);
	ck_assert_uint_eq(items[1].stack_kb, 0);

	ck_assert_int_eq(sysroot_open(&root, t.path), 0);
	ck_assert_int_eq(collect_threads(&root, items, n, &th, &n_th, &th_cap), 0);
	sysroot_close(&root);
	/* 9 has no stat (gone); 2 and 300 have no task/. In TID order. */
	ck_assert_uint_eq(n_th, 2);
	ck_assert_uint_eq(th[0].pid, 1);
	ck_assert_uint_eq(th[1].pid, 7);
	ck_assert_uint_eq(th[0].tgid, 1);
	ck_assert_uint_eq(th[1].tgid, 1);
	ck_assert_str_eq(th[1].comm, "worker");
	ck_assert_uint_eq(th[1].utime, 2);
	ck_assert_uint_eq(th[1].minflt, 6);
	ck_assert_uint_eq(th[1].start_time, 50);
	ck_assert_uint_eq(th[1].ruid, 5);
	ck_assert_uint_eq(th[1].nvcsw, 11);
	ck_assert_uint_eq(th[1].read_bytes, 30);
	ck_assert_str_eq(th[1].cmdline, "/sbin/init splash");
	ck_assert_str_eq(th[1].cgroup, "/init.scope");
	ck_assert_uint_eq(th[1].stack_kb, 136);
	ck_assert_uint_eq(th[1].flags, EXT_PF_IO | EXT_PF_STATUS | EXT_PF_CGROUP | EXT_PF_STACK);
	ck_assert_uint_eq(th[0].flags, EXT_PF_CGROUP | EXT_PF_STACK);
	free(th);
	free(items);
	remove_root(&t);
}
END_TEST

START_TEST(tmp_root_delayacct_sysctl)
{
	struct tmp_root t;
	struct ext_proc *items = NULL;
	uint32_t n, i;
	size_t cap = 1; /* the caller's array of one item: grown */

	make_root(&t);
	items = calloc(1, sizeof(*items));
	ck_assert_ptr_nonnull(items);
	PUT(&t, "proc/sys/kernel/task_delayacct", "1\n");
	collect_tmp(&t, &items, &n, &cap);
	ck_assert_uint_eq(n, 3);
	ck_assert_uint_ge(cap, 3);
	for (i = 0; i < n; i++)
		ck_assert(items[i].flags & EXT_PF_DELAYACCT);

	PUT(&t, "proc/sys/kernel/task_delayacct", "0\n");
	collect_tmp(&t, &items, &n, &cap);
	ck_assert_uint_eq(n, 3);
	for (i = 0; i < n; i++)
		ck_assert(!(items[i].flags & EXT_PF_DELAYACCT));
	free(items);
	remove_root(&t);
}
END_TEST

START_TEST(no_proc)
{
	struct tmp_root t;
	struct sysroot root;
	struct ext_proc *items = NULL;
	uint32_t n = 5;
	size_t cap = 0;

	ck_assert_int_eq(fixture_tmp_root("test_collect_proc", t.path, sizeof(t.path)), 0);
	ck_assert_int_eq(sysroot_open(&root, t.path), 0);
	ck_assert_int_eq(collect_proc(&root, &items, &n, &cap), -ENOENT);
	ck_assert_uint_eq(n, 0);
	sysroot_close(&root);
	free(items);
	remove_root(&t);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* The live /proc */

static const struct ext_proc *
find_pid(const struct ext_proc *items, uint32_t n, uint32_t pid)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (items[i].pid == pid)
			return &items[i];
	return NULL;
}

static double
cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static void
collect_live(struct ext_proc **items, uint32_t *n, size_t *cap)
{
	struct sysroot root;

	ck_assert_int_eq(sysroot_open(&root, NULL), 0);
	ck_assert_int_eq(collect_proc(&root, items, n, cap), 0);
	sysroot_close(&root);
}

START_TEST(live_self)
{
	struct ext_proc *items = NULL;
	const struct ext_proc *me;
	uint32_t n, i;
	size_t cap = 0;
	char comm[17] = "";
	uint64_t cpu0;
	volatile uint64_t spin = 0;
	double until;

	collect_live(&items, &n, &cap);
	ck_assert_uint_gt(n, 1);
	for (i = 1; i < n; i++)
		ck_assert_uint_lt(items[i - 1].pid, items[i].pid);
	me = find_pid(items, n, (uint32_t) getpid());
	ck_assert_ptr_nonnull(me);
	prctl(PR_GET_NAME, comm);
	ck_assert_str_eq(me->comm, comm);
	ck_assert_uint_eq(me->ppid, (uint32_t) getppid());
	ck_assert_uint_eq(me->uid, (uint32_t) getuid());
	ck_assert_uint_eq(me->state, 'R');
	ck_assert(!(me->flags & EXT_PF_KTHREAD));
	ck_assert(me->cmdline[0] != '\0');
	cpu0 = me->utime + me->stime;

	/* 0.2 s of CPU: 20 ticks at USER_HZ 100. */
	until = cpu_seconds() + 0.2;
	while (cpu_seconds() < until)
		spin++;
	collect_live(&items, &n, &cap);
	me = find_pid(items, n, (uint32_t) getpid());
	ck_assert_ptr_nonnull(me);
	ck_assert_uint_ge(me->utime + me->stime, cpu0 + 10);
	free(items);
}
END_TEST

START_TEST(live_write_bytes)
{
	struct ext_proc *items = NULL;
	const struct ext_proc *me;
	uint32_t n;
	size_t cap = 0;
	uint64_t wr0;
	char path[] = "test_collect_proc.io.XXXXXX";
	static char block[1 << 20];
	int fd;

	collect_live(&items, &n, &cap);
	me = find_pid(items, n, (uint32_t) getpid());
	ck_assert_ptr_nonnull(me);
	if (!(me->flags & EXT_PF_IO)) {
		printf("SKIP: /proc/self/io not readable: write_bytes not checked\n");
		free(items);
		return;
	}
	wr0 = me->write_bytes;
	/* In the current directory (the build tree), not on a tmpfs /tmp. */
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	memset(block, 'w', sizeof(block));
	ck_assert_int_eq(write(fd, block, sizeof(block)), (ssize_t) sizeof(block));
	ck_assert_int_eq(fsync(fd), 0);
	close(fd);
	unlink(path);
	collect_live(&items, &n, &cap);
	me = find_pid(items, n, (uint32_t) getpid());
	ck_assert_ptr_nonnull(me);
	ck_assert_uint_ge(me->write_bytes, wr0 + sizeof(block));
	free(items);
}
END_TEST

START_TEST(live_kernel_thread)
{
	struct ext_proc *items = NULL;
	const struct ext_proc *kthreadd;
	uint32_t n;
	size_t cap = 0;

	collect_live(&items, &n, &cap);
	/* pid 2 is kthreadd where the kernel's threads are visible (not in a pid namespace). */
	kthreadd = find_pid(items, n, 2);
	if (!kthreadd || strcmp(kthreadd->comm, "kthreadd") != 0) {
		printf("SKIP: no kthreadd at pid 2: live kernel thread not checked\n");
		free(items);
		return;
	}
	ck_assert(kthreadd->flags & EXT_PF_KTHREAD);
	ck_assert_str_eq(kthreadd->cmdline, "");
	free(items);
}
END_TEST

static Suite *
collect_proc_suite(void)
{
	Suite *s = suite_create("collect_proc");
	TCase *tc = tcase_create("parsers");

	tcase_add_test(tc, stat_fields);
	tcase_add_test(tc, stat_comm_with_parens);
	tcase_add_test(tc, stat_kernel_thread_and_odd_text);
	tcase_add_test(tc, io_lines);
	tcase_add_test(tc, status_lines);
	tcase_add_test(tc, schedstat_line);
	tcase_add_test(tc, cmdline_text);
	tcase_add_test(tc, cgroup_lines);
	tcase_add_test(tc, smaps_stack);
	suite_add_tcase(s, tc);

	tc = tcase_create("roots");
	tcase_add_test(tc, fixture_root1);
	tcase_add_test(tc, tmp_root_processes);
	tcase_add_test(tc, tmp_root_stack_threads);
	tcase_add_test(tc, tmp_root_delayacct_sysctl);
	tcase_add_test(tc, no_proc);
	suite_add_tcase(s, tc);

	tc = tcase_create("live");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, live_self);
	tcase_add_test(tc, live_write_bytes);
	tcase_add_test(tc, live_kernel_thread);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(collect_proc_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
