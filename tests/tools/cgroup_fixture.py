#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Writes a cgroup v2 fixture tree for sadc -S CGROUP (sysrec's cgroups).

Usage:
  cgroup_fixture.py DIR [--cgroups N] [--seed S] [--advance SECONDS]
                        [--machines K] [--base ROOT]

writes DIR/sys/fs/cgroup (removed first): the unified hierarchy of a
systemd machine on a 6.12 kernel, with the files and the exact text of a
real kernel (Documentation/admin-guide/cgroup-v2.rst, accounting/psi.rst).
With --base ROOT (say ../shared/corpus/upstream/roots/root1), ROOT/proc
and ROOT/sys are copied into DIR first, so that DIR is a whole root for
sadc --root. --advance SECONDS writes the same tree SECONDS later: every
counter advanced by the rates below, so that a test can compute what sar
--cgroup prints between the two snapshots by hand.

The tree (pre-order, strcmp order; depth in brackets)
  /                                                       [0] k=100
  /init.scope                                             [1] k=2
  /machine.slice                      (--machines K > 0)  [1] k=3
  /machine.slice/machine-qemu\\x2dI\\x2ddebian12.scope      [2] k=4+I-1, I=1..K
  /system.slice                                           [1] k=40
  /system.slice/<filler>.service                          [2] k=1+(7j+S)%5
  /system.slice/cron.service                              [2] k=5
  /system.slice/dbus.service                              [2] k=6
  /system.slice/mariadb.service                           [2] k=20 (limits)
  /system.slice/ssh.service                               [2] k=7
  /system.slice/system-getty.slice                        [2] k=1 (no I/O)
  /system.slice/system-getty.slice/getty@tty1.service     [3] k=1 (no I/O)
  /system.slice/systemd-journald.service                  [2] k=8
  /system.slice/systemd-logind.service                    [2] k=9
  /system.slice/systemd-udevd.service                     [2] k=10
  /user.slice                                             [1] k=30
  /user.slice/user-1000.slice                             [2] k=25
  /user.slice/user-1000.slice/session-3.scope             [3] k=11
  /user.slice/user-1000.slice/user@1000.service           [3] k=12
  /user.slice/user-1000.slice/user@1000.service/app.slice [4] k=13
  /user.slice/user-1000.slice/user@1000.service/init.scope [4] k=14
The named cgroups at depth <= 2 are 13, plus 1 + K with K machines (15 by
default: --machines 1). Without --cgroups there are no fillers; --cgroups N
adds as many as it takes for N cgroups at depth <= 2. Filler j (1, 2, ...)
is named FILLERS[j-1] while the list lasts, then unit-JJJ.service (JJJ = j,
3 digits); S is --seed (default 0).

Controllers (a child's controller files follow its parent's subtree_control):
  root: cgroup.subtree_control "cpu io memory pids"; no memory.current,
        memory.max, memory.swap.current, memory.events (not on the root);
        cpu.stat without the nr_periods group; io.stat, memory.stat there.
  system.slice: "cpu io memory pids"  -> services have every file.
  user.slice, user-1000.slice, user@1000.service: "memory pids" -> their
        children have no io.* but io.pressure, and cpu.stat without
        nr_periods, nr_throttled, throttled_usec.
  machine.slice: "cpu io pids" -> the machine scopes have no memory.* but
        memory.pressure.
  system-getty.slice and getty@tty1.service: io.stat empty (no I/O yet).

Values of a cgroup of weight k at time t (0, or --advance's SECONDS):
  cpu.stat   usage_usec = 10000 k (100 + t), user_usec = 6000 k (100 + t),
             system_usec = 4000 k (100 + t), nice_usec 0,
             core_sched.force_idle_usec 0   (k % CPU)
             nr_periods, nr_throttled, throttled_usec, nr_bursts, burst_usec
             0 (cpu controller on), but mariadb: 5000 + 10 t, 120 + 2 t,
             3456789 + 50000 t (5 % throttled)
  memory.current = 1048576 k + 4096 k t; memory.max "max", but mariadb
             536870912; memory.swap.current 0, but mariadb 65536 k
  memory.events low 0, high 0, max 0, oom 0, oom_kill 0, oom_group_kill 0,
             but mariadb: high 0, max 41 + t, oom 3 + t // 60,
             oom_kill 2 + t // 60
  io.stat    two lines, "8:0" with factor f = 1 then "259:0" with f = 2:
             rbytes = 4096 f k (100 + t), wbytes = 8192 f k (100 + t),
             rios = f k (100 + t), wios = 2 f k (100 + t), dbytes 0, dios 0
             (summed: rbytes 12288 k (100 + t): 12 k kB/s read, 24 k kB/s
             written)
  cpu.pressure    some total = 1000 k (100 + t), full total = 500 k (100 + t)
  memory.pressure some total =  200 k (100 + t), full total = 100 k (100 + t)
  io.pressure     some total =  300 k (100 + t), full total = 150 k (100 + t)
             (avg10, avg60, avg300 all show the rate: some cpu = 0.1 k %)
"""

import argparse
import os
import shutil
import sys

FILLERS = [
    "ModemManager.service", "NetworkManager.service", "apache2.service", "atd.service",
    "avahi-daemon.service", "bluetooth.service", "chrony.service", "containerd.service",
    "cups.service", "docker.service", "exim4.service", "haveged.service",
    "irqbalance.service", "lightdm.service", "lvm2-monitor.service", "networking.service",
    "nginx.service", "nmbd.service", "php8.2-fpm.service", "polkit.service",
    "postgresql@15-main.service", "redis-server.service", "rsyslog.service",
    "rtkit-daemon.service", "smartmontools.service", "smbd.service", "snapd.service",
    "systemd-networkd.service", "systemd-resolved.service", "systemd-timesyncd.service",
    "udisks2.service", "unattended-upgrades.service", "upower.service",
    "wpa_supplicant.service",
]

ALL_CONTROLLERS = "cpuset cpu io memory hugetlb pids rdma misc"


class Cgroup:
    def __init__(self, path, k, controllers, subtree, **opts):
        self.path = path            # "" for the root, "system.slice/cron.service" below
        self.k = k
        self.controllers = controllers  # enabled here (the parent's subtree_control)
        self.subtree = subtree
        self.limits = opts.get("limits", False)
        self.no_io = opts.get("no_io", False)


def tree(n_cgroups, seed, machines):
    sys_ctl = "cpu io memory pids"
    user_ctl = "memory pids"
    cgs = [
        Cgroup("", 100, None, "cpu io memory pids"),
        Cgroup("init.scope", 2, sys_ctl, ""),
        Cgroup("system.slice", 40, sys_ctl, sys_ctl),
        Cgroup("user.slice", 30, sys_ctl, user_ctl),
    ]
    if machines > 0:
        cgs.append(Cgroup("machine.slice", 3, sys_ctl, "cpu io pids"))
        for i in range(1, machines + 1):
            name = "machine-qemu\\x2d%d\\x2ddebian12.scope" % i
            cgs.append(Cgroup("machine.slice/" + name, 4 + i - 1, "cpu io pids", ""))
    for name, k in (("cron", 5), ("dbus", 6), ("ssh", 7), ("systemd-journald", 8),
                    ("systemd-logind", 9), ("systemd-udevd", 10)):
        cgs.append(Cgroup("system.slice/%s.service" % name, k, sys_ctl, ""))
    cgs.append(Cgroup("system.slice/mariadb.service", 20, sys_ctl, "", limits=True))
    cgs.append(Cgroup("system.slice/system-getty.slice", 1, sys_ctl, sys_ctl, no_io=True))
    cgs.append(Cgroup("system.slice/system-getty.slice/getty@tty1.service", 1, sys_ctl, "",
                      no_io=True))
    u = "user.slice/user-1000.slice"
    cgs.append(Cgroup(u, 25, user_ctl, user_ctl))
    cgs.append(Cgroup(u + "/session-3.scope", 11, user_ctl, ""))
    cgs.append(Cgroup(u + "/user@1000.service", 12, user_ctl, user_ctl))
    cgs.append(Cgroup(u + "/user@1000.service/app.slice", 13, user_ctl, ""))
    cgs.append(Cgroup(u + "/user@1000.service/init.scope", 14, user_ctl, ""))
    shallow = sum(1 for c in cgs if c.path.count("/") <= 1)
    for j in range(1, max(0, n_cgroups - shallow) + 1):
        name = FILLERS[j - 1] if j <= len(FILLERS) else "unit-%03d.service" % j
        cgs.append(Cgroup("system.slice/" + name, 1 + (7 * j + seed) % 5, sys_ctl, ""))
    return cgs


def psi_line(kind, total_rate, t):
    """A pressure line whose averages show total_rate (us/s) as a percentage."""
    pct = total_rate / 1e6 * 100
    return "%s avg10=%.2f avg60=%.2f avg300=%.2f total=%d\n" % (
        kind, pct, pct, pct, total_rate * (100 + t))


def cpu_stat(cg, t):
    k, b = cg.k, 100 + t
    s = "usage_usec %d\nuser_usec %d\nsystem_usec %d\nnice_usec 0\n" \
        "core_sched.force_idle_usec 0\n" % (10000 * k * b, 6000 * k * b, 4000 * k * b)
    if cg.controllers and "cpu" in cg.controllers.split():
        if cg.limits:
            p, th, tu = 5000 + 10 * t, 120 + 2 * t, 3456789 + 50000 * t
        else:
            p = th = tu = 0
        s += "nr_periods %d\nnr_throttled %d\nthrottled_usec %d\nnr_bursts 0\nburst_usec 0\n" % (
            p, th, tu)
    return s


def io_stat(cg, t):
    if cg.no_io:
        return ""
    k, b = cg.k, 100 + t
    return "".join("%s rbytes=%d wbytes=%d rios=%d wios=%d dbytes=0 dios=0\n" % (
        dev, 4096 * f * k * b, 8192 * f * k * b, f * k * b, 2 * f * k * b)
        for dev, f in (("8:0", 1), ("259:0", 2)))


def memory_files(cg, t):
    k = cg.k
    cur = 1048576 * k + 4096 * k * t
    if cg.limits:
        mx, swap = "536870912", 65536 * k
        ev = (0, 41 + t, 3 + t // 60, 2 + t // 60)
    else:
        mx, swap, ev = "max", 0, (0, 0, 0, 0)
    events = "low 0\nhigh %d\nmax %d\noom %d\noom_kill %d\noom_group_kill 0\n" % ev
    anon = cur * 3 // 4
    return {
        "memory.current": "%d\n" % cur,
        "memory.min": "0\n", "memory.low": "0\n", "memory.high": "max\n",
        "memory.max": mx + "\n",
        "memory.peak": "%d\n" % (cur * 2),
        "memory.events": events, "memory.events.local": events,
        "memory.swap.current": "%d\n" % swap, "memory.swap.max": "max\n",
        "memory.swap.high": "max\n",
        "memory.swap.events": "high 0\nmax 0\nfail 0\n",
        "memory.oom.group": "0\n",
        "memory.stat": "anon %d\nfile %d\nkernel %d\nsock 0\nshmem 0\n" % (
            anon, cur - anon, 0),
    }


def files_of(cg, t, is_root):
    k = cg.k
    rate = lambda m: m * k  # noqa: E731
    f = {
        "cgroup.procs": "", "cgroup.threads": "",
        "cgroup.subtree_control": (cg.subtree + "\n") if cg.subtree else "",
        "cgroup.max.depth": "max\n", "cgroup.max.descendants": "max\n",
        "cgroup.stat": "nr_descendants 0\nnr_dying_descendants 0\n",
        "cgroup.pressure": "1\n",
        "cpu.stat": cpu_stat(cg, t),
        "cpu.pressure": psi_line("some", rate(1000), t) + psi_line("full", rate(500), t),
        "memory.pressure": psi_line("some", rate(200), t) + psi_line("full", rate(100), t),
        "io.pressure": psi_line("some", rate(300), t) + psi_line("full", rate(150), t),
        "irq.pressure": "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
    }
    if is_root:
        f["cgroup.controllers"] = ALL_CONTROLLERS + "\n"
        f["cpuset.cpus.effective"] = "0-1\n"
        f["cpuset.mems.effective"] = "0\n"
        f["io.stat"] = io_stat(cg, t)
        f["memory.stat"] = memory_files(cg, t)["memory.stat"]
        f["memory.reclaim"] = ""
        return f
    ctl = cg.controllers.split()
    f["cgroup.controllers"] = cg.controllers + "\n"
    f["cgroup.events"] = "populated 1\nfrozen 0\n"
    f["cgroup.freeze"] = "0\n"
    f["cgroup.type"] = "domain\n"
    if "cpu" in ctl:
        f.update({"cpu.max": "max 100000\n", "cpu.max.burst": "0\n", "cpu.weight": "100\n",
                  "cpu.weight.nice": "0\n", "cpu.idle": "0\n"})
        if cg.limits:
            f["cpu.max"] = "50000 100000\n"
    if "io" in ctl:
        f.update({"io.stat": io_stat(cg, t), "io.weight": "default 100\n", "io.max": "",
                  "io.prio.class": "no-change\n"})
    if "memory" in ctl:
        f.update(memory_files(cg, t))
    if "pids" in ctl:
        f.update({"pids.current": "%d\n" % k, "pids.max": "max\n",
                  "pids.peak": "%d\n" % k, "pids.events": "max 0\n"})
    return f


def write_tree(top, cgs, t):
    base = os.path.join(top, "sys", "fs", "cgroup")
    shutil.rmtree(base, ignore_errors=True)
    for cg in cgs:
        d = os.path.join(base, cg.path) if cg.path else base
        os.makedirs(d, exist_ok=True)
        for name, text in files_of(cg, t, not cg.path).items():
            with open(os.path.join(d, name), "w") as out:
                out.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--cgroups", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--advance", type=int, default=0, metavar="SECONDS")
    ap.add_argument("--machines", type=int, default=1)
    ap.add_argument("--base", metavar="ROOT")
    a = ap.parse_args()
    if a.advance < 0 or a.machines < 0 or a.cgroups < 0:
        ap.error("counts and seconds are >= 0")
    os.makedirs(a.dir, exist_ok=True)
    if a.base:
        for sub in ("proc", "sys"):
            src = os.path.join(a.base, sub)
            if not os.path.isdir(src):
                sys.exit("cgroup_fixture.py: no %s in '%s'" % (sub, a.base))
            shutil.copytree(src, os.path.join(a.dir, sub), symlinks=True, dirs_exist_ok=True)
    write_tree(a.dir, tree(a.cgroups, a.seed, a.machines), a.advance)


if __name__ == "__main__":
    main()
