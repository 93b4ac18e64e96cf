/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the cgroup v2 collector (collect_cgroup.c): the parsers on
 * hand-typed buffers; the walk on trees written by
 * tests/tools/cgroup_fixture.py, whose values are worked out by hand from
 * the formulas at the top of that script (weight k, time t); then the live
 * unified hierarchy of this machine, whatever it offers.
 */

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "sadc/collect_cgroup.h"

#define ALL_BITS 0x7ffu /* every EXT_CG_* bit */

/* The trees written once by main(): default, 60 s later, 60 cgroups. */
static char tmp_top[256];
static char root_base[300], root_adv[300], root_big[300];
static bool have_trees;

/* Runs the generator: DIR and its arguments. Returns true when it worked. */
static bool
generate(const char *dir, const char *args)
{
	const char *top = getenv("top_srcdir");
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "python3 '%s/tests/tools/cgroup_fixture.py' '%s' %s",
	         top && *top ? top : "..", dir, args);
	return system(cmd) == 0;
}

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* Collects the tree under dir to depth; *n gets the count. The items are the caller's to free. */
static struct ext_cgroup *
collect(const char *dir, unsigned depth, uint32_t *n, int expect_rc)
{
	struct sysroot r;
	struct ext_cgroup *items = NULL;
	size_t cap = 0;

	ck_assert_int_eq(sysroot_open(&r, dir), 0);
	ck_assert_int_eq(collect_cgroup(&r, depth, &items, n, &cap), expect_rc);
	sysroot_close(&r);
	ck_assert_uint_le(*n, cap);
	return items;
}

static const struct ext_cgroup *
find(const struct ext_cgroup *items, uint32_t n, const char *path)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(items[i].path, path))
			return &items[i];
	ck_abort_msg("no cgroup %s", path);
	return NULL;
}

#define SKIP_WITHOUT_TREES()                                                                       \
	do {                                                                                       \
		if (!have_trees) {                                                                 \
			fixture_skip("cgroup fixture trees (python3 and the generator)");          \
			return;                                                                    \
		}                                                                                  \
	} while (0)

/* ------------------------------------------------------------------------- */
/* Parsers */

START_TEST(parse_cpu_stat_with_and_without_cpu_controller)
{
	static const char core[] = "usage_usec 1000\nuser_usec 600\nsystem_usec 400\n"
	                           "nice_usec 7\ncore_sched.force_idle_usec 0\n";
	static const char ctl[] = "usage_usec 9\nuser_usec 5\nsystem_usec 4\nnice_usec 0\n"
	                          "nr_periods 50\nnr_throttled 3\nthrottled_usec 1234\n"
	                          "nr_bursts 0\nburst_usec 0\n";
	struct ext_cgroup cg;

	memset(&cg, 0, sizeof(cg));
	cgroup_parse_cpu_stat(core, &cg);
	ck_assert_uint_eq(cg.present, EXT_CG_CPU);
	ck_assert_uint_eq(cg.usage_usec, 1000);
	ck_assert_uint_eq(cg.user_usec, 600);
	ck_assert_uint_eq(cg.system_usec, 400);
	ck_assert_uint_eq(cg.nr_periods, 0);

	memset(&cg, 0, sizeof(cg));
	cgroup_parse_cpu_stat(ctl, &cg);
	ck_assert_uint_eq(cg.present, EXT_CG_CPU | EXT_CG_THROTTLE);
	ck_assert_uint_eq(cg.usage_usec, 9);
	ck_assert_uint_eq(cg.nr_periods, 50);
	ck_assert_uint_eq(cg.nr_throttled, 3);
	ck_assert_uint_eq(cg.throttled_usec, 1234);
}
END_TEST

START_TEST(parse_cpu_stat_lookalikes)
{
	/* Prefixes, a key without a value, a value on the next line, tabs, saturation. */
	static const char text[] = "usage_usec_x 5\nusage_usec\n77\nuser_usec\t12\n"
	                           "system_usec 99999999999999999999999\n nr_periods 4\n";
	struct ext_cgroup cg;

	memset(&cg, 0, sizeof(cg));
	cgroup_parse_cpu_stat(text, &cg);
	ck_assert_uint_eq(cg.present, 0);
	ck_assert_uint_eq(cg.usage_usec, 0);
	ck_assert_uint_eq(cg.user_usec, 12);
	ck_assert_uint_eq(cg.system_usec, UINT64_MAX);
	ck_assert_uint_eq(cg.nr_periods, 0);
}
END_TEST

START_TEST(parse_memory_events)
{
	static const char text[] = "low 1\nhigh 2\nmax 3\noom 4\noom_kill 5\noom_group_kill 6\n";
	struct ext_cgroup cg;

	memset(&cg, 0, sizeof(cg));
	cgroup_parse_memory_events(text, &cg);
	ck_assert_uint_eq(cg.ev_high, 2);
	ck_assert_uint_eq(cg.ev_max, 3);
	ck_assert_uint_eq(cg.ev_oom, 4);
	ck_assert_uint_eq(cg.ev_oom_kill, 5);
	ck_assert_uint_eq(cg.present, 0); /* the reader sets EXT_CG_MEMEVENTS */
}
END_TEST

START_TEST(parse_io_stat_sums_devices)
{
	static const char text[] = "8:0 rbytes=100 wbytes=200 rios=1 wios=2 dbytes=5 dios=1\n"
	                           "259:0 rbytes=1000 wbytes=2000 rios=10 wios=20 dbytes=0 dios=0\n"
	                           "8:16 rbytes= wbytes=x rios=-3 wios=4 zz=1 rbytes\n"
	                           "253:0 rbytes=18446744073709551615\n";
	struct ext_cgroup cg;

	memset(&cg, 0, sizeof(cg));
	cgroup_parse_io_stat(text, &cg);
	ck_assert_uint_eq(cg.rbytes, UINT64_MAX); /* 1100 + 2^64 - 1 saturates */
	ck_assert_uint_eq(cg.wbytes, 2200);
	ck_assert_uint_eq(cg.rios, 11);
	ck_assert_uint_eq(cg.wios, 26);
	/* Summed into what is there: a file read in runs of lines. */
	cgroup_parse_io_stat("8:0 wbytes=1\n", &cg);
	ck_assert_uint_eq(cg.wbytes, 2201);
	cgroup_parse_io_stat("", &cg);
	ck_assert_uint_eq(cg.wbytes, 2201);
}
END_TEST

START_TEST(parse_pressure_lines)
{
	uint64_t some = 0, full = 0;

	ck_assert_uint_eq(cgroup_parse_pressure("some avg10=1.00 avg60=0.50 avg300=0.10 total=123\n"
	                                        "full avg10=0.00 avg60=0.00 avg300=0.00 total=45\n",
	                                        &some, &full),
	                  CGROUP_PSI_SOME | CGROUP_PSI_FULL);
	ck_assert_uint_eq(some, 123);
	ck_assert_uint_eq(full, 45);
	/* A kernel before 5.13: no full line in cpu.pressure. */
	some = full = 0;
	ck_assert_uint_eq(cgroup_parse_pressure("some avg10=0.00 avg60=0.00 avg300=0.00 total=9\n",
	                                        &some, &full),
	                  CGROUP_PSI_SOME);
	ck_assert_uint_eq(some, 9);
	ck_assert_uint_eq(full, 0);
	/* No total, total of another line, lookalikes. */
	some = full = 0;
	ck_assert_uint_eq(cgroup_parse_pressure("some avg10=0.00\ntotal=5\nsomething total=3\n"
	                                        "full total=\nfull xtotal=4\n",
	                                        &some, &full),
	                  0);
	ck_assert_uint_eq(some + full, 0);
}
END_TEST

START_TEST(parse_value_forms)
{
	uint64_t v = 7;

	ck_assert_int_eq(cgroup_parse_value("123456\n", &v), 0);
	ck_assert_uint_eq(v, 123456);
	ck_assert_int_eq(cgroup_parse_value("max\n", &v), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_int_eq(cgroup_parse_value(" 5 \n", &v), 0);
	ck_assert_uint_eq(v, 5);
	v = 7;
	ck_assert_int_eq(cgroup_parse_value("", &v), -EINVAL);
	ck_assert_int_eq(cgroup_parse_value("maxi\n", &v), -EINVAL);
	ck_assert_int_eq(cgroup_parse_value("12 13\n", &v), -EINVAL);
	ck_assert_int_eq(cgroup_parse_value("-1\n", &v), -EINVAL);
	ck_assert_uint_eq(v, 7);
}
END_TEST

START_TEST(parse_oom_control)
{
	static const char text[] = "oom_kill_disable 1\nunder_oom 1\noom_kill 12\n";
	struct ext_cgroup cg;

	memset(&cg, 0, sizeof(cg));
	cgroup_parse_oom_control(text, &cg);
	ck_assert_uint_eq(cg.ev_oom_kill, 12);
	ck_assert_uint_eq(cg.present, EXT_CG_MEMEVENTS);
	ck_assert_uint_eq(cg.ev_oom + cg.ev_max + cg.ev_high, 0);
	/* Before 4.13: no oom_kill line, no count. Lookalikes count for nothing. */
	memset(&cg, 0, sizeof(cg));
	cgroup_parse_oom_control("oom_kill_disable 0\nunder_oom 0\n", &cg);
	ck_assert_uint_eq(cg.present, 0);
	cgroup_parse_oom_control("oom_killx 3\noom_kill\n4\n oom_kill 5\n", &cg);
	ck_assert_uint_eq(cg.present, 0);
	ck_assert_uint_eq(cg.ev_oom_kill, 0);
}
END_TEST

START_TEST(parse_v1_limit_unlimited)
{
	uint64_t v = 7;

	/* PAGE_COUNTER_MAX in bytes with 4 KiB and with 64 KiB pages. */
	ck_assert_int_eq(cgroup_parse_v1_limit("9223372036854771712\n", &v), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	v = 7;
	ck_assert_int_eq(cgroup_parse_v1_limit("9223372036854710272\n", &v), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_int_eq(cgroup_parse_v1_limit("4611686018427387904\n", &v), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_int_eq(cgroup_parse_v1_limit("4611686018427387903\n", &v), 0);
	ck_assert_uint_eq(v, 4611686018427387903u);
	ck_assert_int_eq(cgroup_parse_v1_limit("33554432\n", &v), 0);
	ck_assert_uint_eq(v, 33554432);
	ck_assert_int_eq(cgroup_parse_v1_limit("-1\n", &v), -EINVAL);
	ck_assert_int_eq(cgroup_parse_v1_limit("", &v), -EINVAL);
	ck_assert_uint_eq(v, 33554432);
}
END_TEST

START_TEST(parse_controllers)
{
	ck_assert(cgroup_has_controller("cpuset cpu io memory hugetlb pids rdma misc\n", "memory"));
	ck_assert(cgroup_has_controller("memory", "memory"));
	ck_assert(!cgroup_has_controller("cpuset cpu io pids\n", "memory"));
	ck_assert(!cgroup_has_controller("memoryx xmemory memor\n", "memory"));
	ck_assert(!cgroup_has_controller("", "memory"));
	ck_assert(!cgroup_has_controller("\n", "memory"));
}
END_TEST

/* ------------------------------------------------------------------------- */
/* The walk on fixture trees */

/* The default tree to depth 2, pre-order, children in strcmp order. */
static const char *const depth2_paths[] = {
        "/",
        "/init.scope",
        "/machine.slice",
        "/machine.slice/machine-qemu\\x2d1\\x2ddebian12.scope",
        "/system.slice",
        "/system.slice/cron.service",
        "/system.slice/dbus.service",
        "/system.slice/mariadb.service",
        "/system.slice/ssh.service",
        "/system.slice/system-getty.slice",
        "/system.slice/systemd-journald.service",
        "/system.slice/systemd-logind.service",
        "/system.slice/systemd-udevd.service",
        "/user.slice",
        "/user.slice/user-1000.slice",
};

START_TEST(walk_order_and_depths)
{
	uint32_t n, i;
	struct ext_cgroup *items;

	SKIP_WITHOUT_TREES();
	items = collect(root_base, 2, &n, 0);
	ck_assert_uint_eq(n, sizeof(depth2_paths) / sizeof(depth2_paths[0]));
	for (i = 0; i < n; i++) {
		const char *p = depth2_paths[i];
		unsigned slashes = 0;

		ck_assert_str_eq(items[i].path, p);
		for (; *p; p++)
			slashes += *p == '/';
		ck_assert_uint_eq(items[i].depth, i ? slashes : 0);
	}
	free(items);
}
END_TEST

START_TEST(walk_depth_limits)
{
	uint32_t n;
	struct ext_cgroup *items;

	SKIP_WITHOUT_TREES();
	items = collect(root_base, 0, &n, 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(items[0].path, "/");
	free(items);
	items = collect(root_base, 1, &n, 0);
	ck_assert_uint_eq(n, 5); /* /, init.scope, machine, system and user slices */
	ck_assert_str_eq(items[4].path, "/user.slice");
	free(items);
	/* 15 to depth 2, + getty@tty1, session-3, user@1000 at 3, + app.slice, init.scope at 4. */
	items = collect(root_base, 3, &n, 0);
	ck_assert_uint_eq(n, 18);
	free(items);
	items = collect(root_base, 4, &n, 0);
	ck_assert_uint_eq(n, 20);
	ck_assert_str_eq(items[10].path, "/system.slice/system-getty.slice/getty@tty1.service");
	ck_assert_uint_eq(items[10].depth, 3);
	ck_assert_str_eq(items[19].path,
	                 "/user.slice/user-1000.slice/user@1000.service/init.scope");
	ck_assert_uint_eq(items[19].depth, 4);
	free(items);
	items = collect(root_base, 1000, &n, 0);
	ck_assert_uint_eq(n, 20);
	free(items);
}
END_TEST

START_TEST(walk_root_values)
{
	uint32_t n;
	struct ext_cgroup *items;
	const struct ext_cgroup *cg;

	SKIP_WITHOUT_TREES();
	items = collect(root_base, 2, &n, 0);
	cg = &items[0];
	/* k = 100, t = 0: no memory.* files and no nr_periods group on the root. */
	ck_assert_uint_eq(cg->present, EXT_CG_CPU | EXT_CG_IO | EXT_CG_PSI_CPU | EXT_CG_PSI_CPUF |
	                                       EXT_CG_PSI_MEM | EXT_CG_PSI_IO);
	ck_assert_uint_eq(cg->usage_usec, 100000000);
	ck_assert_uint_eq(cg->user_usec, 60000000);
	ck_assert_uint_eq(cg->system_usec, 40000000);
	ck_assert_uint_eq(cg->mem_current, 0);
	ck_assert_uint_eq(cg->mem_max, 0);
	ck_assert_uint_eq(cg->rbytes, 122880000);
	ck_assert_uint_eq(cg->wbytes, 245760000);
	ck_assert_uint_eq(cg->rios, 30000);
	ck_assert_uint_eq(cg->wios, 60000);
	ck_assert_uint_eq(cg->psi_cpu_some, 10000000);
	ck_assert_uint_eq(cg->psi_cpu_full, 5000000);
	ck_assert_uint_eq(cg->psi_mem_some, 2000000);
	ck_assert_uint_eq(cg->psi_mem_full, 1000000);
	ck_assert_uint_eq(cg->psi_io_some, 3000000);
	ck_assert_uint_eq(cg->psi_io_full, 1500000);
	free(items);
}
END_TEST

START_TEST(walk_service_values)
{
	uint32_t n;
	struct ext_cgroup *items;
	const struct ext_cgroup *cg;

	SKIP_WITHOUT_TREES();
	items = collect(root_base, 2, &n, 0);
	/* cron.service: k = 5, every controller, no limits. */
	cg = find(items, n, "/system.slice/cron.service");
	ck_assert_uint_eq(cg->present, ALL_BITS);
	ck_assert_uint_eq(cg->depth, 2);
	ck_assert_uint_eq(cg->usage_usec, 5000000);
	ck_assert_uint_eq(cg->user_usec, 3000000);
	ck_assert_uint_eq(cg->system_usec, 2000000);
	ck_assert_uint_eq(cg->nr_periods + cg->nr_throttled + cg->throttled_usec, 0);
	ck_assert_uint_eq(cg->mem_current, 5242880);
	ck_assert_uint_eq(cg->mem_max, UINT64_MAX);
	ck_assert_uint_eq(cg->swap_current, 0);
	ck_assert_uint_eq(cg->ev_high + cg->ev_max + cg->ev_oom + cg->ev_oom_kill, 0);
	ck_assert_uint_eq(cg->rbytes, 6144000);
	ck_assert_uint_eq(cg->wbytes, 12288000);
	ck_assert_uint_eq(cg->rios, 1500);
	ck_assert_uint_eq(cg->wios, 3000);
	ck_assert_uint_eq(cg->psi_cpu_some, 500000);
	ck_assert_uint_eq(cg->psi_cpu_full, 250000);
	ck_assert_uint_eq(cg->psi_mem_some, 100000);
	ck_assert_uint_eq(cg->psi_mem_full, 50000);
	ck_assert_uint_eq(cg->psi_io_some, 150000);
	ck_assert_uint_eq(cg->psi_io_full, 75000);

	/* mariadb.service: k = 20, a memory limit, OOM kills, CPU throttling. */
	cg = find(items, n, "/system.slice/mariadb.service");
	ck_assert_uint_eq(cg->present, ALL_BITS);
	ck_assert_uint_eq(cg->usage_usec, 20000000);
	ck_assert_uint_eq(cg->nr_periods, 5000);
	ck_assert_uint_eq(cg->nr_throttled, 120);
	ck_assert_uint_eq(cg->throttled_usec, 3456789);
	ck_assert_uint_eq(cg->mem_current, 20971520);
	ck_assert_uint_eq(cg->mem_max, 536870912);
	ck_assert_uint_eq(cg->swap_current, 1310720);
	ck_assert_uint_eq(cg->ev_high, 0);
	ck_assert_uint_eq(cg->ev_max, 41);
	ck_assert_uint_eq(cg->ev_oom, 3);
	ck_assert_uint_eq(cg->ev_oom_kill, 2);
	free(items);
}
END_TEST

START_TEST(walk_absent_controllers)
{
	uint32_t n;
	struct ext_cgroup *items;
	const struct ext_cgroup *cg;

	SKIP_WITHOUT_TREES();
	items = collect(root_base, 2, &n, 0);
	/* user.slice enables memory and pids only: no io.stat, no nr_periods group. */
	cg = find(items, n, "/user.slice/user-1000.slice");
	ck_assert_uint_eq(cg->present, ALL_BITS & ~(EXT_CG_IO | EXT_CG_THROTTLE));
	ck_assert_uint_eq(cg->rbytes + cg->wbytes + cg->rios + cg->wios, 0);
	ck_assert_uint_eq(cg->usage_usec, 25000000);
	ck_assert_uint_eq(cg->mem_current, 26214400);
	ck_assert_uint_eq(cg->psi_io_some, 750000); /* io.pressure is a core file */
	/* machine.slice enables cpu, io and pids: no memory.* but memory.pressure. */
	cg = find(items, n, "/machine.slice/machine-qemu\\x2d1\\x2ddebian12.scope");
	ck_assert_uint_eq(cg->present, ALL_BITS & ~(EXT_CG_MEM | EXT_CG_MEMMAX | EXT_CG_SWAP |
	                                            EXT_CG_MEMEVENTS));
	ck_assert_uint_eq(cg->mem_current + cg->mem_max + cg->swap_current + cg->ev_oom_kill, 0);
	ck_assert_uint_eq(cg->psi_mem_some, 80000);
	ck_assert_uint_eq(cg->rbytes, 4915200);
	/* An empty io.stat (no I/O yet) is present, with zeros. */
	cg = find(items, n, "/system.slice/system-getty.slice");
	ck_assert_uint_eq(cg->present, ALL_BITS);
	ck_assert_uint_eq(cg->rbytes + cg->wbytes + cg->rios + cg->wios, 0);
	free(items);
}
END_TEST

START_TEST(walk_missing_files_one_by_one)
{
	char dir[400], path[600];
	uint32_t n;
	struct ext_cgroup *items;
	const struct ext_cgroup *cg;
	static const char *const files[] = {"cpu.stat",      "memory.max",    "memory.swap.current",
	                                    "memory.events", "cpu.pressure",  "memory.pressure",
	                                    "io.pressure",   "memory.current"};
	size_t i;

	SKIP_WITHOUT_TREES();
	snprintf(dir, sizeof(dir), "%s/missing", tmp_top);
	ck_assert(generate(dir, "--machines 0"));
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/sys/fs/cgroup/system.slice/ssh.service/%s", dir,
		         files[i]);
		ck_assert_int_eq(unlink(path), 0);
	}
	/* A pressure file of an old kernel: cpu without full. */
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/system.slice/dbus.service/cpu.pressure",
	         dir);
	write_file(path, "some avg10=0.00 avg60=0.00 avg300=0.00 total=77\n");
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/system.slice/dbus.service/memory.max", dir);
	write_file(path, "garbage\n");
	items = collect(dir, 2, &n, 0);
	ck_assert_uint_eq(n, 13);
	cg = find(items, n, "/system.slice/ssh.service");
	ck_assert_uint_eq(cg->present, EXT_CG_IO);
	ck_assert_uint_eq(cg->usage_usec + cg->mem_current + cg->psi_cpu_some + cg->psi_io_full, 0);
	ck_assert_uint_eq(cg->rbytes, 8601600); /* k = 7 */
	cg = find(items, n, "/system.slice/dbus.service");
	ck_assert_uint_eq(cg->present, ALL_BITS & ~(EXT_CG_PSI_CPUF | EXT_CG_MEMMAX));
	ck_assert_uint_eq(cg->psi_cpu_some, 77);
	ck_assert_uint_eq(cg->psi_cpu_full, 0);
	ck_assert_uint_eq(cg->mem_max, 0);
	free(items);
}
END_TEST

START_TEST(walk_advanced_snapshot)
{
	uint32_t n;
	struct ext_cgroup *items;
	const struct ext_cgroup *cg;

	SKIP_WITHOUT_TREES();
	items = collect(root_adv, 2, &n, 0);
	ck_assert_uint_eq(n, 15);
	/* t = 60: (100 + t) = 160. */
	cg = find(items, n, "/system.slice/cron.service");
	ck_assert_uint_eq(cg->usage_usec, 8000000);
	ck_assert_uint_eq(cg->user_usec, 4800000);
	ck_assert_uint_eq(cg->mem_current, 5242880 + 4096 * 5 * 60);
	ck_assert_uint_eq(cg->rbytes, 9830400);
	ck_assert_uint_eq(cg->psi_cpu_some, 800000);
	cg = find(items, n, "/system.slice/mariadb.service");
	ck_assert_uint_eq(cg->nr_periods, 5600);
	ck_assert_uint_eq(cg->nr_throttled, 240);
	ck_assert_uint_eq(cg->throttled_usec, 6456789);
	ck_assert_uint_eq(cg->ev_max, 101);
	ck_assert_uint_eq(cg->ev_oom, 4);
	ck_assert_uint_eq(cg->ev_oom_kill, 3);
	free(items);
}
END_TEST

START_TEST(walk_fillers_sorted_by_strcmp)
{
	uint32_t n, i;
	struct ext_cgroup *items;
	const struct ext_cgroup *cg;
	int modem = -1, network = -1, apache = -1, unit = -1;

	SKIP_WITHOUT_TREES();
	items = collect(root_big, 2, &n, 0);
	ck_assert_uint_eq(n, 60);
	for (i = 0; i < n; i++) {
		ck_assert_uint_le(items[i].depth, 2);
		if (!strcmp(items[i].path, "/system.slice/ModemManager.service"))
			modem = (int) i;
		else if (!strcmp(items[i].path, "/system.slice/NetworkManager.service"))
			network = (int) i;
		else if (!strcmp(items[i].path, "/system.slice/apache2.service"))
			apache = (int) i;
		else if (!strcmp(items[i].path, "/system.slice/unit-045.service"))
			unit = (int) i;
		/* Siblings in strcmp order. */
		if (i > 5 && items[i].depth == 2 && items[i - 1].depth == 2 &&
		    !strncmp(items[i].path, "/system.slice/", 14))
			ck_assert_int_lt(strcmp(items[i - 1].path, items[i].path), 0);
	}
	/* Upper case first: "M" < "N" < "a" in the C order. */
	ck_assert_int_eq(modem, 5);
	ck_assert_int_eq(network, 6);
	ck_assert_int_eq(apache, 7);
	ck_assert_int_gt(unit, apache);
	/* Filler 45 (60 - 15) has weight 1 + (7 * 45 + 3) % 5 = 4 under --seed 3. */
	cg = &items[unit];
	ck_assert_uint_eq(cg->usage_usec, 4000000);
	ck_assert_uint_eq(cg->present, ALL_BITS);
	free(items);
}
END_TEST

START_TEST(walk_truncates_paths)
{
	char dir[400], path[1024], name[251];
	uint32_t n;
	struct ext_cgroup *items;
	const struct ext_cgroup *cg;

	SKIP_WITHOUT_TREES();
	snprintf(dir, sizeof(dir), "%s/long", tmp_top);
	ck_assert(generate(dir, "--machines 0"));
	memset(name, 'z', 250);
	name[250] = '\0';
	/* "/system.slice/" (14) + 250 bytes: cut at 255. */
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/system.slice/%s", dir, name);
	ck_assert_int_eq(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/system.slice/%s/cpu.stat", dir, name);
	write_file(path, "usage_usec 42\n");
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/system.slice/%s/below", dir, name);
	ck_assert_int_eq(mkdir(path, 0755), 0);
	items = collect(dir, 3, &n, 0);
	/* 13 to depth 2, 3 at depth 3, and the long one with its child. */
	ck_assert_uint_eq(n, 18);
	/* After systemd-udevd.service ('s' < 'z'), before user.slice. */
	cg = &items[12];
	ck_assert_str_eq(items[11].path, "/system.slice/systemd-udevd.service");
	ck_assert_uint_eq(strlen(cg->path), EXT_CG_PATH_LEN - 1);
	ck_assert_int_eq(strncmp(cg->path, "/system.slice/zzz", 17), 0);
	ck_assert_uint_eq(cg->usage_usec, 42);
	ck_assert_uint_eq(cg->present, EXT_CG_CPU);
	ck_assert_uint_eq(cg->depth, 2);
	cg = &items[13];
	ck_assert_uint_eq(cg->depth, 3);
	ck_assert_str_eq(cg->path, items[12].path);
	ck_assert_str_eq(items[14].path, "/user.slice");
	ck_assert_uint_eq(cg->present, 0);
	free(items);
}
END_TEST

START_TEST(walk_long_io_stat)
{
	char dir[400], path[600];
	static char text[40000];
	size_t len = 0;
	uint32_t n;
	int i;
	struct ext_cgroup *items;
	const struct ext_cgroup *cg;

	SKIP_WITHOUT_TREES();
	snprintf(dir, sizeof(dir), "%s/io", tmp_top);
	ck_assert(generate(dir, "--machines 0"));
	/* A line longer than the reader's buffer is dropped past its start, then 300 devices. */
	memset(text, 'x', 5000);
	len = 5000;
	len += (size_t) snprintf(text + len, sizeof(text) - len, " rbytes=1000000\n");
	for (i = 0; i < 300; i++)
		len += (size_t) snprintf(text + len, sizeof(text) - len,
		                         "8:%d rbytes=1 wbytes=2 rios=3 wios=4 dbytes=0 dios=0\n",
		                         i);
	ck_assert_uint_gt(len, 3 * 4096);
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/system.slice/cron.service/io.stat", dir);
	write_file(path, text);
	items = collect(dir, 2, &n, 0);
	cg = find(items, n, "/system.slice/cron.service");
	ck_assert_uint_eq(cg->rbytes, 300);
	ck_assert_uint_eq(cg->wbytes, 600);
	ck_assert_uint_eq(cg->rios, 900);
	ck_assert_uint_eq(cg->wios, 1200);
	ck_assert(cg->present & EXT_CG_IO);
	free(items);
}
END_TEST

START_TEST(walk_hybrid_and_none)
{
	char dir[400], from[600], to[600];
	uint32_t n;
	struct ext_cgroup *items;

	SKIP_WITHOUT_TREES();
	snprintf(dir, sizeof(dir), "%s/hybrid", tmp_top);
	ck_assert(generate(dir, ""));
	/* sys/fs/cgroup/unified holds the tree; sys/fs/cgroup itself is v1 (no cgroup.controllers).
	 */
	snprintf(from, sizeof(from), "%s/sys/fs/cgroup", dir);
	snprintf(to, sizeof(to), "%s/sys/fs/unified", dir);
	ck_assert_int_eq(rename(from, to), 0);
	ck_assert_int_eq(mkdir(from, 0755), 0);
	snprintf(from, sizeof(from), "%s/sys/fs/cgroup/cpu", dir);
	ck_assert_int_eq(mkdir(from, 0755), 0);
	snprintf(from, sizeof(from), "%s/sys/fs/cgroup/unified", dir);
	ck_assert_int_eq(rename(to, from), 0);
	items = collect(dir, 2, &n, 0);
	ck_assert_uint_eq(n, 15);
	ck_assert_str_eq(items[0].path, "/");
	ck_assert_str_eq(items[14].path, "/user.slice/user-1000.slice");
	free(items);
	/* No cgroup.controllers at either place: -ENOENT, nothing. */
	snprintf(from, sizeof(from), "%s/sys/fs/cgroup/unified/cgroup.controllers", dir);
	ck_assert_int_eq(unlink(from), 0);
	items = collect(dir, 2, &n, -ENOENT);
	ck_assert_uint_eq(n, 0);
	free(items);
	items = collect(tmp_top, 2, &n, -ENOENT);
	ck_assert_uint_eq(n, 0);
	free(items);
}
END_TEST

START_TEST(walk_reuses_the_buffer)
{
	struct sysroot r;
	struct ext_cgroup *items = NULL;
	uint32_t n;
	size_t cap = 0;

	SKIP_WITHOUT_TREES();
	ck_assert_int_eq(sysroot_open(&r, root_big), 0);
	ck_assert_int_eq(collect_cgroup(&r, 2, &items, &n, &cap), 0);
	ck_assert_uint_eq(n, 60);
	ck_assert_uint_ge(cap, 60);
	/* Stale contents are zeroed: a smaller walk over the same buffer. */
	memset(items, 0xff, cap * sizeof(*items));
	ck_assert_int_eq(collect_cgroup(&r, 0, &items, &n, &cap), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(items[0].mem_current, 0);
	ck_assert_uint_eq(items[0].depth, 0);
	sysroot_close(&r);
	free(items);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A v1 memory hierarchy beside a unified tree without the memory controller */

#define V1_UNLIMITED "9223372036854771712\n"
#define V1_MEM       (EXT_CG_MEM | EXT_CG_MEMMAX | EXT_CG_MEMEVENTS)

/* The default tree moved to sys/fs/cgroup/unified of dir; with memory, its controllers keep it. */
static void
make_hybrid(const char *dir, bool memory)
{
	char from[600], to[700], cmd[1400];

	ck_assert(generate(dir, ""));
	snprintf(from, sizeof(from), "%s/sys/fs/cgroup", dir);
	snprintf(to, sizeof(to), "%s/sys/fs/unified", dir);
	ck_assert_int_eq(rename(from, to), 0);
	ck_assert_int_eq(mkdir(from, 0755), 0);
	snprintf(from, sizeof(from), "%s/sys/fs/cgroup/unified", dir);
	ck_assert_int_eq(rename(to, from), 0);
	snprintf(to, sizeof(to), "%s/sys/fs/cgroup/memory", dir);
	ck_assert_int_eq(mkdir(to, 0755), 0);
	if (memory)
		return;
	snprintf(to, sizeof(to), "%s/cgroup.controllers", from);
	write_file(to, "cpuset cpu io hugetlb pids rdma misc\n");
	/* As on such a machine: no memory.* in v2 but memory.pressure (PSI). */
	snprintf(cmd, sizeof(cmd),
	         "find '%s' -name 'memory.*' ! -name memory.pressure ! -name memory.stat -delete",
	         from);
	ck_assert_int_eq(system(cmd), 0);
}

/* The v1 memory cgroup rel (under sys/fs/cgroup/memory of dir) with its files; oom NULL: none. */
static void
make_v1(const char *dir, const char *rel, const char *usage, const char *limit, const char *failcnt,
        const char *oom)
{
	static const char *const names[] = {"memory.usage_in_bytes", "memory.limit_in_bytes",
	                                    "memory.failcnt", "memory.oom_control"};
	const char *texts[] = {usage, limit, failcnt, oom};
	char path[1024];
	size_t i;

	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/memory%s", dir, rel);
	if (*rel)
		ck_assert_int_eq(mkdir(path, 0755), 0);
	for (i = 0; i < 4; i++) {
		if (!texts[i])
			continue;
		snprintf(path, sizeof(path), "%s/sys/fs/cgroup/memory%s/%s", dir, rel, names[i]);
		write_file(path, texts[i]);
	}
}

/* The v1 tree of the tests below: see walk_v1_fills_and_inserts. */
static void
make_v1_tree(const char *dir)
{
	make_v1(dir, "", "5000000000\n", V1_UNLIMITED, "0\n",
	        "oom_kill_disable 0\nunder_oom 0\noom_kill 9\n");
	make_v1(dir, "/a-v1only.slice", "4096\n", "1048576\n", "1\n", "oom_kill 4\n");
	make_v1(dir, "/system.slice", "1000\n", V1_UNLIMITED, "2\n", "oom_kill 1\n");
	make_v1(dir, "/system.slice/cron.service", "33554000\n", "33554432\n", "7\n",
	        "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n");
	make_v1(dir, "/system.slice/cron.service/deep", "1\n", V1_UNLIMITED, "100\n",
	        "oom_kill 10\n");
	/* A kernel before 4.13: no oom_kill, so failcnt is not taken either. */
	make_v1(dir, "/system.slice/dbus.service", "2000\n", V1_UNLIMITED, "5\n",
	        "oom_kill_disable 0\nunder_oom 0\n");
	make_v1(dir, "/system.slice/zz-only.service", "3000\n", V1_UNLIMITED, "0\n",
	        "oom_kill 2\n");
	/* '-' sorts before '/': the walk meets it after all of /system.slice. */
	make_v1(dir, "/system.slice-x", "6000\n", V1_UNLIMITED, "0\n", "oom_kill 0\n");
}

START_TEST(walk_v1_fills_and_inserts)
{
	static const char *const order[] = {
	        "/",
	        "/a-v1only.slice",
	        "/init.scope",
	        "/machine.slice",
	        "/machine.slice/machine-qemu\\x2d1\\x2ddebian12.scope",
	        "/system.slice",
	        "/system.slice/cron.service",
	        "/system.slice/dbus.service",
	        "/system.slice/mariadb.service",
	        "/system.slice/ssh.service",
	        "/system.slice/system-getty.slice",
	        "/system.slice/systemd-journald.service",
	        "/system.slice/systemd-logind.service",
	        "/system.slice/systemd-udevd.service",
	        "/system.slice/zz-only.service",
	        "/system.slice-x",
	        "/user.slice",
	        "/user.slice/user-1000.slice",
	};
	char dir[400];
	uint32_t n, i;
	struct ext_cgroup *items;
	const struct ext_cgroup *cg;

	SKIP_WITHOUT_TREES();
	snprintf(dir, sizeof(dir), "%s/v1", tmp_top);
	make_hybrid(dir, false);
	make_v1_tree(dir);
	items = collect(dir, 2, &n, 0);
	ck_assert_uint_eq(n, 18);
	for (i = 0; i < n; i++)
		ck_assert_str_eq(items[i].path, order[i]);
	/* The root keeps the v2 shape: its v1 files are the whole machine's. */
	ck_assert_uint_eq(items[0].present & V1_MEM, 0);
	ck_assert_uint_eq(items[0].ev_oom_kill + items[0].mem_current, 0);
	/* A v2 cgroup and its v1 twin: cpu from one, memory from the other; deep's counts added. */
	cg = find(items, n, "/system.slice/cron.service");
	ck_assert_uint_eq(cg->present & (V1_MEM | EXT_CG_CPU | EXT_CG_SWAP), V1_MEM | EXT_CG_CPU);
	ck_assert_uint_eq(cg->usage_usec, 5000000);
	ck_assert_uint_eq(cg->mem_current, 33554000);
	ck_assert_uint_eq(cg->mem_max, 33554432);
	ck_assert_uint_eq(cg->ev_max, 107);
	ck_assert_uint_eq(cg->ev_oom_kill, 13);
	ck_assert_uint_eq(cg->ev_high + cg->ev_oom + cg->swap_current, 0);
	/* Hierarchical as memory.events: 1 + 3 + 10 + 2; failcnt 2 + 7 + 100 (dbus's 5 not taken).
	 */
	cg = find(items, n, "/system.slice");
	ck_assert_uint_eq(cg->ev_oom_kill, 16);
	ck_assert_uint_eq(cg->ev_max, 109);
	ck_assert_uint_eq(cg->mem_max, UINT64_MAX);
	ck_assert_uint_eq(cg->present & V1_MEM, V1_MEM);
	cg = find(items, n, "/system.slice/dbus.service");
	ck_assert_uint_eq(cg->present & V1_MEM, EXT_CG_MEM | EXT_CG_MEMMAX);
	ck_assert_uint_eq(cg->ev_max, 0);
	/* Only in v1: an item of its own, with nothing but memory. */
	cg = &items[1];
	ck_assert_uint_eq(cg->depth, 1);
	ck_assert_uint_eq(cg->present, V1_MEM);
	ck_assert_uint_eq(cg->mem_current, 4096);
	ck_assert_uint_eq(cg->mem_max, 1048576);
	ck_assert_uint_eq(cg->ev_oom_kill, 4);
	ck_assert_uint_eq(items[14].depth, 2);
	ck_assert_uint_eq(items[14].ev_oom_kill, 2);
	ck_assert_uint_eq(items[15].present, V1_MEM);
	/* Only in v2: no memory. */
	cg = find(items, n, "/init.scope");
	ck_assert_uint_eq(cg->present & V1_MEM, 0);
	ck_assert_uint_ne(cg->present & EXT_CG_CPU, 0);
	free(items);
	/* The depth holds for v1 too; the counts below it still reach the top. */
	items = collect(dir, 1, &n, 0);
	ck_assert_uint_eq(n, 7);
	cg = find(items, n, "/system.slice");
	ck_assert_uint_eq(cg->ev_oom_kill, 16);
	free(items);
}
END_TEST

START_TEST(walk_v1_not_when_v2_has_memory)
{
	char dir[400], path[600];
	uint32_t n, n2;
	struct ext_cgroup *items, *without;

	SKIP_WITHOUT_TREES();
	snprintf(dir, sizeof(dir), "%s/v1mem", tmp_top);
	make_hybrid(dir, true);
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/memory", dir);
	ck_assert_int_eq(rmdir(path), 0);
	without = collect(dir, 3, &n2, 0);
	ck_assert_int_eq(mkdir(path, 0755), 0);
	make_v1_tree(dir);
	items = collect(dir, 3, &n, 0);
	ck_assert_uint_eq(n, n2);
	ck_assert_int_eq(memcmp(items, without, n * sizeof(*items)), 0);
	free(items);
	free(without);
}
END_TEST

START_TEST(walk_v1_alone)
{
	char dir[400], path[600];
	uint32_t n;
	struct ext_cgroup *items;

	SKIP_WITHOUT_TREES();
	snprintf(dir, sizeof(dir), "%s/v1only", tmp_top);
	ck_assert_int_eq(fixture_mkdir(tmp_top, "v1only/sys/fs/cgroup/memory"), 0);
	make_v1_tree(dir);
	/* No unified hierarchy at all (a v1-only machine): the memory cgroups alone. */
	items = collect(dir, 2, &n, 0);
	ck_assert_uint_eq(n, 7);
	ck_assert_str_eq(items[0].path, "/");
	ck_assert_uint_eq(items[0].present, 0);
	ck_assert_str_eq(items[6].path, "/system.slice-x");
	ck_assert_uint_eq(find(items, n, "/system.slice")->ev_oom_kill, 16);
	free(items);
	items = collect(dir, 0, &n, 0);
	ck_assert_uint_eq(n, 1);
	free(items);
	/* A directory without memory.usage_in_bytes is no v1 memory hierarchy. */
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/memory/memory.usage_in_bytes", dir);
	ck_assert_int_eq(unlink(path), 0);
	items = collect(dir, 2, &n, -ENOENT);
	ck_assert_uint_eq(n, 0);
	free(items);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* This machine */

START_TEST(live_unified_tree)
{
	struct sysroot r;
	struct ext_cgroup *items = NULL;
	uint32_t n = 99, i;
	size_t cap = 0;
	int rc;

	ck_assert_int_eq(sysroot_open(&r, "/"), 0);
	rc = collect_cgroup(&r, 2, &items, &n, &cap);
	sysroot_close(&r);
	if (rc == -ENOENT) {
		ck_assert_uint_eq(n, 0);
		fixture_skip("a unified cgroup hierarchy on this machine");
		free(items);
		return;
	}
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_ge(n, 1);
	ck_assert_str_eq(items[0].path, "/");
	ck_assert_uint_eq(items[0].depth, 0);
	for (i = 1; i < n; i++) {
		ck_assert_uint_ge(items[i].depth, 1);
		ck_assert_uint_le(items[i].depth, 2);
		ck_assert_int_eq(items[i].path[0], '/');
	}
	free(items);
}
END_TEST

/* ------------------------------------------------------------------------- */

static Suite *
collect_cgroup_suite(void)
{
	Suite *s = suite_create("collect_cgroup");
	TCase *tc;

	tc = tcase_create("parsers");
	tcase_add_test(tc, parse_cpu_stat_with_and_without_cpu_controller);
	tcase_add_test(tc, parse_cpu_stat_lookalikes);
	tcase_add_test(tc, parse_memory_events);
	tcase_add_test(tc, parse_io_stat_sums_devices);
	tcase_add_test(tc, parse_pressure_lines);
	tcase_add_test(tc, parse_value_forms);
	tcase_add_test(tc, parse_oom_control);
	tcase_add_test(tc, parse_v1_limit_unlimited);
	tcase_add_test(tc, parse_controllers);
	suite_add_tcase(s, tc);

	tc = tcase_create("walk");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, walk_order_and_depths);
	tcase_add_test(tc, walk_depth_limits);
	tcase_add_test(tc, walk_root_values);
	tcase_add_test(tc, walk_service_values);
	tcase_add_test(tc, walk_absent_controllers);
	tcase_add_test(tc, walk_missing_files_one_by_one);
	tcase_add_test(tc, walk_advanced_snapshot);
	tcase_add_test(tc, walk_fillers_sorted_by_strcmp);
	tcase_add_test(tc, walk_truncates_paths);
	tcase_add_test(tc, walk_long_io_stat);
	tcase_add_test(tc, walk_hybrid_and_none);
	tcase_add_test(tc, walk_reuses_the_buffer);
	tcase_add_test(tc, walk_v1_fills_and_inserts);
	tcase_add_test(tc, walk_v1_not_when_v2_has_memory);
	tcase_add_test(tc, walk_v1_alone);
	suite_add_tcase(s, tc);

	tc = tcase_create("live");
	tcase_add_test(tc, live_unified_tree);
	suite_add_tcase(s, tc);
	return s;
}

/* Writes the shared trees into a temporary directory; have_trees tells whether it worked. */
static void
make_trees(void)
{
	const char *tmp = getenv("TMPDIR");

	/* Thousands of small files: a tmpfs when there is one (seconds on a busy disk). */
	if (!tmp || !*tmp)
		tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	snprintf(tmp_top, sizeof(tmp_top), "%s/cgroup-test.XXXXXX", tmp);
	if (!mkdtemp(tmp_top)) {
		tmp_top[0] = '\0';
		return;
	}
	snprintf(root_base, sizeof(root_base), "%s/base", tmp_top);
	snprintf(root_adv, sizeof(root_adv), "%s/adv", tmp_top);
	snprintf(root_big, sizeof(root_big), "%s/big", tmp_top);
	have_trees = generate(root_base, "") && generate(root_adv, "--advance 60") &&
	             generate(root_big, "--cgroups 60 --seed 3");
}

int
main(void)
{
	SRunner *sr;
	int failed;

	make_trees();
	sr = srunner_create(collect_cgroup_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (tmp_top[0] && fixture_rm_tree(tmp_top) < 0)
		fprintf(stderr, "test_collect_cgroup: cannot remove %s\n", tmp_top);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
