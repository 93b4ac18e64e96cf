#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Builds snapshot sequences for the livefix shim (tests/tools/livefix.c,
tests/live.md): OUT/0, OUT/1, ... each a root with proc/, sys/, dev/ (and
etc/ when a fixture overrides a file there) as the live tools read them,
and OUT/N/.livefix/time, the clock the shim gives while snapshot N is
current.

  live_seq.py from-root ROOT OUT --steps N [--seed S] [--interval SECS]
      ROOT's proc/, sys/, dev/ and etc/ become OUT/0; OUT/1..N advance its
      counters by seeded amounts consistent with the interval.
  live_seq.py synth OUT --cpus C --disks D --nvme K --dm M --parts P
                 --procs N --threads T --irqs I --steps S [--seed S] ...
      A synthetic machine from scratch, then S steps as from-root.
  live_seq.py upstream ROOTNAME OUT [--corpus DIR]
      One of upstream sysstat's test roots (rootN of the shared corpus) in
      this layout, with the clock and uname of upstream's TEST build.

Events (--event STEP:KIND[:ARGS], repeatable; STEP >= 1 is the snapshot
where it happens):
  cpu-offline:N        cpuN leaves /proc/stat, its online file says 0
  cpu-online:N         cpuN comes back with the counters it had
  disk-backwards:NAME  NAME's counters restart small (device re-inserted)
  counter-wrap:NAME    NAME's tick fields (read/write/discard/flush ticks,
                       io_ticks, time_in_queue) are set a few hundred below
                       2^32 and count modulo 2^32 from then on: they wrap
                       within the next steps
  proc-exit:PID        /proc/PID goes away
  proc-start:PID       a new process PID appears (one thread)
  pid-reuse:PID        /proc/PID is another process from this step on
  disk-remove:NAME     NAME (and its partitions) leave diskstats and /sys
  disk-add:NAME        a new disk NAME appears (with /dev/NAME and its rdev)

How the counters advance, per step of INTERVAL seconds (HZ 100):
  /proc/uptime         both fields: +INTERVAL, +INTERVAL x idle share x CPUs
  /proc/stat           each online CPU's fields gain INTERVAL x 100 jiffies
                       in all, split by seeded shares (guest stays); the cpu
                       line is their sum; intr and its IRQs, ctxt, processes
                       and softirq grow
  /proc/diskstats, /sys/block/*/stat and partitions' stat: the same deltas
                       for one device in both (seeded by name and step);
                       io_ticks grows by at most the interval
  /proc/interrupts, /proc/softirqs: per-CPU counts grow
  /proc/PID/stat (utime, stime, cutime, cstime, minflt, majflt, guest,
                       blkio ticks), io, status (context switches), schedstat,
                       and the same for each task/TID; a process's deltas are
                       the sum of its threads'
  /proc/fs/cifs/Stats  every counter of each share block
  /sys/class/scsi_tape/*/stats/*: the counters (resid_cnt stays)
Files that do not change are hard links to the previous snapshot's.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import zlib

HZ = 100
DEFAULT_EPOCH = 1764835200  # 2025-12-04 08:00:00 UTC, the shim's default
TICK_FIELDS = (3, 7, 10, 14, 16)  # rticks, wticks, time_in_queue, dticks, fticks (0-based)
IO_TICKS = 9
WRAP = 1 << 32


def die(msg):
    sys.stderr.write("live_seq.py: %s\n" % msg)
    sys.exit(1)


# ---- files ----

def write(path, text, mode=0o644):
    """Writes a file of a snapshot (a new inode: the previous one may be a hard link)."""
    data = text.encode(errors="surrogateescape")
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except FileNotFoundError:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def read(path):
    with open(path, errors="surrogateescape") as f:
        return f.read()


def symlink(target, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.lexists(path):
        os.unlink(path)
    os.symlink(target, path)


def copy_tree(src, dst, link):
    """Copies (link=False) or hard-links (link=True) the tree src to dst, symlinks as they are."""
    for top, dirs, files in os.walk(src):
        rel = os.path.relpath(top, src)
        out = dst if rel == "." else os.path.join(dst, rel)
        os.makedirs(out, exist_ok=True)
        for d in list(dirs):
            p = os.path.join(top, d)
            if os.path.islink(p):
                os.symlink(os.readlink(p), os.path.join(out, d))
                dirs.remove(d)
        for name in files:
            p, q = os.path.join(top, name), os.path.join(out, name)
            if os.path.islink(p):
                os.symlink(os.readlink(p), q)
            elif link:
                os.link(p, q)
            else:
                with open(p, "rb") as fi, open(q, "wb") as fo:
                    shutil.copyfileobj(fi, fo)
                os.chmod(q, 0o644)


def rng_for(seed, step, key):
    """A generator for one thing at one step: the same whatever else the sequence holds."""
    return random.Random(zlib.crc32(("%s/%s/%s" % (seed, step, key)).encode()))


def renum(line, pattern, fn):
    """Replaces the numbers of line matched by pattern's groups, keeping the column widths."""
    return pattern.sub(fn, line)


def fit(old_field, value):
    """A number in the width its field had (spaces + digits), at least one space."""
    s = str(value)
    lead = len(old_field) - len(old_field.lstrip(" "))
    width = len(old_field)
    if lead == 0:
        return s
    return " " * max(1, width - len(s)) + s


# ---- the state of a sequence across its steps ----

class Seq:
    def __init__(self, out, seed, interval, epoch, events):
        self.out = out
        self.seed = seed
        self.interval = interval
        self.epoch = epoch
        self.events = events  # step -> [(kind, arg)]
        self.offline = {}  # cpu -> its /proc/stat line while offline
        self.wrapped = set()  # disks counting ticks modulo 2^32
        self.step = 0

    def snap(self, n=None):
        return os.path.join(self.out, str(self.step if n is None else n))

    def path(self, rel):
        return os.path.join(self.snap(), rel)

    def rng(self, key):
        return rng_for(self.seed, self.step, key)

    def write_time(self):
        write(self.path(".livefix/time"), "%d\n" % (self.epoch + self.step * self.interval))


# ---- /proc/uptime and /proc/stat ----

CPU_SHARES = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")


def cpu_deltas(rng, total):
    """INTERVAL x HZ jiffies split over user..steal (guest fields stay)."""
    w = [rng.randint(5, 30), rng.randint(0, 5), rng.randint(3, 15), rng.randint(40, 90),
         rng.randint(0, 6), rng.randint(0, 2), rng.randint(0, 3), 0]
    s = sum(w)
    d = [total * x // s for x in w]
    d[3] += total - sum(d)
    return d


def advance_stat(sq):
    p = sq.path("proc/stat")
    if not os.path.exists(p):
        return 0.5
    lines = read(p).split("\n")
    total = sq.interval * HZ
    sums = None
    idle_share = []
    cpu_all = None
    out = []
    for line in lines:
        f = line.split()
        if f and re.fullmatch(r"cpu\d+", f[0]):
            vals = [int(x) for x in f[1:]]
            d = cpu_deltas(sq.rng(f[0]), total)
            for i in range(min(len(vals), 8)):
                vals[i] += d[i]
            sums = [a + b for a, b in zip(sums, d)] if sums else d
            idle_share.append(d[3] / total)
            out.append(" ".join([f[0]] + [str(v) for v in vals]))
        elif f and f[0] == "cpu":
            cpu_all = len(out)
            out.append(line)
        elif f and f[0] in ("intr", "softirq"):
            rng = sq.rng(f[0])
            vals = [int(x) for x in f[1:]]
            add = 0
            for i in range(1, len(vals)):
                if vals[i]:
                    dv = rng.randint(0, 50 * sq.interval)
                    vals[i] += dv
                    add += dv
            vals[0] += add
            out.append(" ".join([f[0]] + [str(v) for v in vals]))
        elif f and f[0] in ("ctxt", "processes"):
            rng = sq.rng(f[0])
            dv = rng.randint(1000, 5000) if f[0] == "ctxt" else rng.randint(0, 20)
            out.append("%s %d" % (f[0], int(f[1]) + dv * sq.interval))
        else:
            out.append(line)
    if cpu_all is not None and sums:
        f = out[cpu_all].split()
        vals = [int(x) for x in f[1:]]
        for i in range(min(len(vals), 8)):
            vals[i] += sums[i]
        out[cpu_all] = "cpu  " + " ".join(str(v) for v in vals)
    write(p, "\n".join(out))
    return sum(idle_share) / len(idle_share) if idle_share else 0.5


def advance_uptime(sq, idle, n_cpus):
    p = sq.path("proc/uptime")
    if not os.path.exists(p):
        return
    up, idl = [float(x) for x in read(p).split()[:2]]
    write(p, "%.2f %.2f\n" % (up + sq.interval, idl + sq.interval * idle * n_cpus))


def online_cpus(sq):
    p = sq.path("proc/stat")
    if not os.path.exists(p):
        return 1
    return max(1, sum(1 for l in read(p).split("\n") if re.match(r"cpu\d+ ", l)))


# ---- disks ----

def disk_delta(sq, name, n):
    """The deltas of one device for this step: the same in /proc/diskstats and /sys."""
    rng = sq.rng("disk:" + name)
    ms = sq.interval * 1000
    r, w = rng.randint(0, 40) * sq.interval, rng.randint(0, 30) * sq.interval
    d = [0] * n
    d[0], d[1], d[2], d[3] = r, rng.randint(0, r // 4 + 1) if r else 0, r * rng.choice((8, 16, 64, 256)), r * rng.randint(0, 5)
    d[4], d[5], d[6], d[7] = w, rng.randint(0, w // 3 + 1) if w else 0, w * rng.choice((8, 16, 32, 128)), w * rng.randint(0, 8)
    busy = min(ms, (r + w) * rng.randint(1, 4)) if r + w else 0
    d[IO_TICKS] = busy
    d[10] = d[3] + d[7]
    if n >= 15:
        dd = rng.randint(0, 3) * sq.interval
        d[11], d[12], d[13], d[14] = dd, 0, dd * 8, dd * rng.randint(0, 3)
        d[10] += d[14]
    if n >= 17:
        fl = rng.randint(0, 2) * sq.interval
        d[15], d[16] = fl, fl * rng.randint(0, 2)
        d[10] += d[16]
    return d


def apply_disk(sq, name, vals):
    """New values of one device's stat fields (in_flight, field 8, is a level: set, not added)."""
    d = disk_delta(sq, name, len(vals))
    out = []
    for i, v in enumerate(vals):
        if i == 8:
            out.append(sq.rng("inflight:" + name).randint(0, 2) if d[0] + d[4] else 0)
        elif name in sq.wrapped and (i in TICK_FIELDS or i == IO_TICKS):
            out.append((v + d[i]) % WRAP)
        else:
            out.append(v + d[i])
    return out


def advance_diskstats(sq):
    p = sq.path("proc/diskstats")
    if not os.path.exists(p):
        return
    out = []
    for line in read(p).split("\n"):
        f = line.split()
        if len(f) >= 14:
            vals = apply_disk(sq, f[2], [int(x) for x in f[3:]])
            out.append("%4s %7s %s %s" % (f[0], f[1], f[2], " ".join(str(v) for v in vals)))
        else:
            out.append(line)
    write(p, "\n".join(out))


def sys_stat_files(snap):
    """The stat files of block devices and partitions under sys/ (real files, not links)."""
    root = os.path.join(snap, "sys")
    for top, dirs, files in os.walk(root):
        if "stat" in files and "/block/" in top + "/" and not os.path.islink(os.path.join(top, "stat")):
            yield os.path.join(top, "stat")


def advance_sys_block(sq):
    for p in sys_stat_files(sq.snap()):
        f = read(p).split()
        if len(f) not in (11, 15, 17) or not all(x.isdigit() for x in f):
            continue
        name = os.path.basename(os.path.dirname(p))
        vals = apply_disk(sq, name, [int(x) for x in f])
        write(p, "".join("%8d " % v for v in vals).rstrip() + "\n")


# ---- /proc/interrupts and /proc/softirqs ----

NUM = re.compile(r"( +)(\d+)")


def advance_percpu(sq, rel):
    p = sq.path(rel)
    if not os.path.exists(p):
        return
    lines = read(p).split("\n")
    if not lines:
        return
    ncpu = len(re.findall(r"CPU\d+", lines[0]))
    out = [lines[0]]
    for line in lines[1:]:
        m = re.match(r"^(\s*[^\s:]+:)", line)
        if not m:
            out.append(line)
            continue
        rng = sq.rng(rel + ":" + m.group(1).strip())
        head, rest = m.group(1), line[len(m.group(1)):]
        parts, pos = [], 0
        for i in range(ncpu):
            n = NUM.match(rest, pos)
            if not n:
                break
            v = int(n.group(2))
            if v or rng.random() < 0.2:
                v += rng.randint(0, 30 * sq.interval)
            parts.append(fit(n.group(0), v))
            pos = n.end()
        out.append(head + "".join(parts) + rest[pos:])
    write(p, "\n".join(out))


# ---- processes ----

STAT_ADD = {9: "minflt", 11: "majflt", 13: "utime", 14: "stime", 41: "blkio", 42: "gtime"}


def task_delta(sq, pid, tid):
    rng = sq.rng("task:%s/%s" % (pid, tid))
    busy = rng.random() < 0.4
    if not busy and rng.random() < 0.5:
        return None  # asleep all along: its files stay as they were
    total = sq.interval * HZ
    u = rng.randint(0, total // 3) if busy else 0
    s = rng.randint(0, total // 6) if busy else 0
    return {
        "utime": u, "stime": s, "minflt": rng.randint(0, 200) * sq.interval if busy else 0,
        "majflt": rng.randint(0, 2) if busy else 0, "blkio": rng.randint(0, 3) if busy else 0,
        "gtime": 0, "cutime": rng.randint(0, 3) if busy and rng.random() < 0.1 else 0,
        "cstime": 0, "vcsw": rng.randint(0, 100) * sq.interval, "ncsw": rng.randint(0, 10) * sq.interval,
        "rchar": rng.randint(0, 1 << 20) if busy else 0, "wchar": rng.randint(0, 1 << 18) if busy else 0,
        "syscr": rng.randint(0, 500) if busy else 0, "syscw": rng.randint(0, 200) if busy else 0,
        "read_bytes": rng.randint(0, 64) * 4096 if busy else 0,
        "write_bytes": rng.randint(0, 32) * 4096 if busy else 0,
        "cancelled_write_bytes": 0, "run_ns": (u + s) * 10000000, "wait_ns": rng.randint(0, 10**7),
        "slices": rng.randint(0, 50),
    }


def add_deltas(a, b):
    if a is None or b is None:
        return b if a is None else a
    return {k: a[k] + b[k] for k in a}


def advance_pid_stat(p, d):
    if not os.path.exists(p):
        return
    text = read(p)
    i = text.rfind(")")
    if i < 0:
        return
    head, f = text[:i + 1], text[i + 1:].split()
    # f[0] is field 3 (state): field k of proc(5) is f[k - 3].
    for field, key in ((10, "minflt"), (12, "majflt"), (14, "utime"), (15, "stime"),
                       (16, "cutime"), (17, "cstime"), (42, "blkio"), (43, "gtime")):
        j = field - 3
        if j < len(f) and re.fullmatch(r"-?\d+", f[j]):
            f[j] = str(int(f[j]) + d[key])
    write(p, head + " " + " ".join(f) + "\n")


def advance_pid_io(p, d):
    if not os.path.exists(p):
        return
    out = []
    for line in read(p).split("\n"):
        m = re.match(r"(\w+): (\d+)$", line)
        if m and m.group(1) in d:
            line = "%s: %d" % (m.group(1), int(m.group(2)) + d[m.group(1)])
        out.append(line)
    write(p, "\n".join(out))


def advance_pid_status(p, d):
    if not os.path.exists(p):
        return
    out = []
    for line in read(p).split("\n"):
        m = re.match(r"(voluntary|nonvoluntary)_ctxt_switches:(\s+)(\d+)$", line)
        if m:
            add = d["vcsw"] if m.group(1) == "voluntary" else d["ncsw"]
            line = "%s_ctxt_switches:%s%d" % (m.group(1), m.group(2), int(m.group(3)) + add)
        out.append(line)
    write(p, "\n".join(out))


def advance_pid_schedstat(p, d):
    if not os.path.exists(p):
        return
    f = read(p).split()
    if len(f) >= 3:
        write(p, "%d %d %d\n" % (int(f[0]) + d["run_ns"], int(f[1]) + d["wait_ns"],
                                 int(f[2]) + d["slices"]))


def advance_task_files(dirpath, d):
    if d is None:
        return
    advance_pid_stat(os.path.join(dirpath, "stat"), d)
    advance_pid_io(os.path.join(dirpath, "io"), d)
    advance_pid_status(os.path.join(dirpath, "status"), d)
    advance_pid_schedstat(os.path.join(dirpath, "schedstat"), d)


def pids(sq):
    proc = sq.path("proc")
    if not os.path.isdir(proc):
        return []
    return sorted((n for n in os.listdir(proc) if n.isdigit()), key=int)


def advance_procs(sq):
    for pid in pids(sq):
        base = sq.path("proc/" + pid)
        tasks = os.path.join(base, "task")
        tids = sorted((t for t in os.listdir(tasks) if t.isdigit()), key=int) if os.path.isdir(tasks) else []
        total = None
        for tid in tids:
            d = task_delta(sq, pid, tid)
            advance_task_files(os.path.join(tasks, tid), d)
            total = add_deltas(total, d)
        if not tids:
            total = task_delta(sq, pid, pid)
        advance_task_files(base, total)
        advance_stack(sq, pid, base, tids)


# ---- CIFS and tapes ----

def advance_cifs(sq):
    p = sq.path("proc/fs/cifs/Stats")
    if not os.path.exists(p):
        return
    out, share = [], None
    for line in read(p).split("\n"):
        m = re.match(r"^(\d+)\) ", line)
        if m:
            share = m.group(1)
            out.append(line)
            continue
        if share is None or not line.strip():
            out.append(line)
            continue
        rng = sq.rng("cifs:%s:%s" % (share, line.split(":")[0]))
        last = [0]

        def bump(n):
            label = line[:n.start()].rstrip().split()[-1] if line[:n.start()].strip() else ""
            if label.startswith("Bytes"):
                dv = last[0] * rng.choice((512, 4096, 65536))
            else:
                dv = rng.randint(0, 5) * sq.interval
                last[0] = dv
            return n.group(1) + str(int(n.group(2)) + dv)
        out.append(re.sub(r"(\s|:)(\d+)\b", bump, line))
    write(p, "\n".join(out))


def advance_tapes(sq):
    root = sq.path("sys/class/scsi_tape")
    if not os.path.isdir(root):
        return
    for st in sorted(os.listdir(root)):
        stats = os.path.join(root, st, "stats")
        if not os.path.isdir(stats) or os.path.islink(stats):
            continue
        rng = sq.rng("tape:" + st)
        r, w, o = rng.randint(0, 20) * sq.interval, rng.randint(0, 20) * sq.interval, rng.randint(0, 3)
        rns, wns = r * rng.randint(10**5, 10**6), w * rng.randint(10**5, 10**6)
        add = {"read_cnt": r, "write_cnt": w, "other_cnt": o, "read_byte_cnt": r * 65536,
               "write_byte_cnt": w * 65536, "read_ns": rns, "write_ns": wns,
               "io_ns": rns + wns + o * 10**5}
        for name, dv in add.items():
            p = os.path.join(stats, name)
            if os.path.exists(p):
                write(p, "%d\n" % (int(read(p).split()[0]) + dv))


# ---- events ----

def list_edit(dirpath, name, add):
    """Keeps a directory's _list (when it has one) in step with an entry added or removed."""
    p = os.path.join(dirpath, "_list")
    if not os.path.exists(p):
        return
    names = [n for n in read(p).split("\n") if n]
    if add and name not in names:
        names.append(name)
    if not add:
        names = [n for n in names if n != name]
    write(p, "\n".join(names) + "\n")


def rm(path):
    if os.path.islink(path) or os.path.isfile(path):
        os.unlink(path)
    elif os.path.isdir(path):
        shutil.rmtree(path)


def write_cpu_online(sq):
    base = sq.path("sys/devices/system/cpu")
    if not os.path.isdir(base):
        return
    cpus = sorted(int(n[3:]) for n in os.listdir(base) if re.fullmatch(r"cpu\d+", n))
    on = [c for c in cpus if c not in sq.offline]
    ranges, start = [], None
    for i, c in enumerate(on):
        if start is None:
            start = c
        if i + 1 == len(on) or on[i + 1] != c + 1:
            ranges.append(str(start) if start == c else "%d-%d" % (start, c))
            start = None
    write(os.path.join(base, "online"), ",".join(ranges) + "\n")


def ev_cpu_offline(sq, arg):
    n = int(arg)
    p = sq.path("proc/stat")
    lines = read(p).split("\n")
    keep = []
    for l in lines:
        if l.startswith("cpu%d " % n):
            sq.offline[n] = l
        else:
            keep.append(l)
    write(p, "\n".join(keep))
    cpu = sq.path("sys/devices/system/cpu/cpu%d" % n)
    if os.path.isdir(cpu):
        write(os.path.join(cpu, "online"), "0\n")
    write_cpu_online(sq)


def ev_cpu_online(sq, arg):
    n = int(arg)
    line = sq.offline.pop(n, None)
    p = sq.path("proc/stat")
    lines = read(p).split("\n")
    if line is None:
        line = "cpu%d 0 0 0 0 0 0 0 0 0 0" % n
    at = len(lines)
    for i, l in enumerate(lines):
        m = re.match(r"cpu(\d+) ", l)
        if m and int(m.group(1)) > n:
            at = i
            break
        if m or l.startswith("cpu "):
            at = i + 1
    lines.insert(at, line)
    write(p, "\n".join(lines))
    cpu = sq.path("sys/devices/system/cpu/cpu%d" % n)
    if os.path.isdir(cpu):
        write(os.path.join(cpu, "online"), "1\n")
    write_cpu_online(sq)


def disk_edit(sq, name, fn):
    """Applies fn(name, vals) -> vals or None (removed) to device name and its partitions."""
    part = re.compile(re.escape(name) + r"(p?\d+)?$")
    p = sq.path("proc/diskstats")
    if os.path.exists(p):
        out = []
        for line in read(p).split("\n"):
            f = line.split()
            if len(f) >= 14 and part.match(f[2]):
                vals = fn(f[2], [int(x) for x in f[3:]])
                if vals is None:
                    continue
                line = "%4s %7s %s %s" % (f[0], f[1], f[2], " ".join(str(v) for v in vals))
            out.append(line)
        write(p, "\n".join(out))
    for sp in list(sys_stat_files(sq.snap())):
        dev = os.path.basename(os.path.dirname(sp))
        if not part.match(dev):
            continue
        vals = fn(dev, [int(x) for x in read(sp).split()])
        if vals is not None:
            write(sp, "".join("%8d " % v for v in vals).rstrip() + "\n")


# The events draw a device's new values from a generator of its own name, so
# that /proc/diskstats and its /sys stat file get the same ones, as from a kernel.
def ev_disk_backwards(sq, arg):
    def small(n, v):
        rng = sq.rng("backwards:" + n)
        return [rng.randint(0, 50) if i != 8 else 0 for i in range(len(v))]
    disk_edit(sq, arg, small)


def ev_counter_wrap(sq, arg):
    sq.wrapped.add(arg)

    def high(n, v):
        rng = sq.rng("wrap:" + n)
        sq.wrapped.add(n)
        return [WRAP - rng.randint(100, 1000) if i in TICK_FIELDS or i == IO_TICKS else x
                for i, x in enumerate(v)]
    disk_edit(sq, arg, high)


def ev_disk_remove(sq, arg):
    disk_edit(sq, arg, lambda n, v: None)
    blk = sq.path("sys/block")
    rm(os.path.join(blk, arg))
    list_edit(blk, arg, False)


def ev_disk_add(sq, arg):
    p = sq.path("proc/diskstats")
    lines = read(p).split("\n") if os.path.exists(p) else []
    used = {(f[0], f[1]) for f in (l.split() for l in lines) if len(f) >= 14}
    nf = max([len(l.split()) - 3 for l in lines if len(l.split()) >= 14] or [17])
    major = 259 if arg.startswith("nvme") else 8
    minor = 0
    while (str(major), str(minor)) in used:
        minor += 16 if major == 8 else 1
    vals = [0] * nf
    text = "\n".join(l for l in lines if l)
    text += ("\n" if text else "") + "%4d %7d %s %s\n" % (major, minor, arg, " ".join(str(v) for v in vals))
    write(p, text)
    write(sq.path("sys/block/%s/stat" % arg), "".join("%8d " % v for v in vals).rstrip() + "\n")
    write(sq.path("sys/block/%s/dev" % arg), "%d:%d\n" % (major, minor))
    list_edit(sq.path("sys/block"), arg, True)
    add_dev(sq.snap(), arg, major, minor)


def add_dev(snap, name, major, minor):
    write(os.path.join(snap, "dev", name), "")
    p = os.path.join(snap, ".livefix/rdev")
    old = read(p) if os.path.exists(p) else ""
    write(p, old + "dev/%s %d %d b\n" % (name, major, minor))


def new_process(sq, pid, comm, start):
    NCPUS[0] = online_cpus(sq)
    base = sq.path("proc/%s" % pid)
    rm(base)
    write_process(sq.snap(), int(pid), 1, comm, start, sq.rng("new:%s" % pid), fresh=True)
    list_edit(sq.path("proc"), str(pid), True)


def ev_proc_exit(sq, arg):
    rm(sq.path("proc/" + arg))
    list_edit(sq.path("proc"), arg, False)


def ev_proc_start(sq, arg):
    new_process(sq, arg, "newproc", uptime_ticks(sq))


def ev_pid_reuse(sq, arg):
    new_process(sq, arg, "reused", uptime_ticks(sq))


def uptime_ticks(sq):
    p = sq.path("proc/uptime")
    return int(float(read(p).split()[0]) * HZ) if os.path.exists(p) else 100000


EVENTS = {
    "cpu-offline": ev_cpu_offline, "cpu-online": ev_cpu_online,
    "disk-backwards": ev_disk_backwards, "counter-wrap": ev_counter_wrap,
    "proc-exit": ev_proc_exit, "proc-start": ev_proc_start, "pid-reuse": ev_pid_reuse,
    "disk-remove": ev_disk_remove, "disk-add": ev_disk_add,
}


def parse_events(specs):
    events = {}
    for s in specs or []:
        parts = s.split(":", 2)
        if len(parts) < 2 or not parts[0].isdigit() or parts[1] not in EVENTS:
            die("bad --event '%s' (STEP:KIND[:ARGS], KIND one of %s)" % (s, ", ".join(sorted(EVENTS))))
        step = int(parts[0])
        if step < 1:
            die("--event '%s': events happen at step 1 or later" % s)
        events.setdefault(step, []).append((parts[1], parts[2] if len(parts) > 2 else ""))
    return events


# ---- steps ----

def make_step(sq):
    """Snapshot step from step - 1: hard links, then the counters, then the step's events."""
    prev = sq.snap(sq.step - 1)
    cur = sq.snap()
    rm(cur)
    # cp -al is the fast way to hard-link a tree of thousands of files.
    if subprocess.run(["cp", "-al", prev, cur]).returncode != 0:
        copy_tree(prev, cur, link=True)
    n_cpus = online_cpus(sq)
    idle = advance_stat(sq)
    advance_uptime(sq, idle, n_cpus)
    advance_diskstats(sq)
    advance_sys_block(sq)
    advance_percpu(sq, "proc/interrupts")
    advance_percpu(sq, "proc/softirqs")
    advance_procs(sq)
    advance_cifs(sq)
    advance_tapes(sq)
    for kind, arg in sq.events.get(sq.step, []):
        EVENTS[kind](sq, arg)
    sq.write_time()


def run_steps(sq, steps):
    sq.step = 0
    sq.write_time()
    for s in range(1, steps + 1):
        sq.step = s
        make_step(sq)


def prepare_out(out):
    if os.path.exists(out):
        if not os.path.isdir(out):
            die("'%s' exists and is not a directory" % out)
        for n in os.listdir(out):
            if n.isdigit() or n == ".livefix":
                rm(os.path.join(out, n))
    os.makedirs(out, exist_ok=True)


def write_uname(out, spec):
    if spec:
        f = spec.split(",")
        if len(f) < 4:
            die("--uname wants SYSNAME,NODENAME,RELEASE,MACHINE")
        write(os.path.join(out, ".livefix/uname"), "\n".join(f) + "\n")


# ---- from-root ----

def cmd_from_root(a):
    if not os.path.isdir(a.root):
        die("'%s' is not a directory" % a.root)
    prepare_out(a.out)
    zero = os.path.join(a.out, "0")
    for top in ("proc", "sys", "dev", "etc", "run"):
        src = os.path.join(a.root, top)
        if os.path.isdir(src):
            copy_tree(src, os.path.join(zero, top), link=False)
    os.makedirs(zero, exist_ok=True)
    if os.path.isdir(os.path.join(a.root, ".livefix")):
        copy_tree(os.path.join(a.root, ".livefix"), os.path.join(zero, ".livefix"), link=False)
    write_uname(a.out, a.uname)
    sq = Seq(a.out, a.seed, a.interval, a.epoch, parse_events(a.event))
    run_steps(sq, a.steps)


# ---- synth ----

SD_MAJORS = (8, 65, 66, 67, 68, 69, 70, 71, 128, 129, 130, 131, 132, 133, 134, 135)
BLKEXT = 259


class Minors:
    """The minors of major 259 (NVMe, and SCSI disks past the 256th), handed out in order."""

    def __init__(self):
        self.next = 0

    def take(self):
        self.next += 1
        return self.next - 1


def sd_name(i):
    s, n = "", i
    while True:
        s = chr(ord("a") + n % 26) + s
        n = n // 26 - 1
        if n < 0:
            return "sd" + s


def disk_names(a, ext):
    """(name, major, minor, partition separator or None for dm) of the synthetic disks."""
    out = []
    for i in range(a.disks):
        if i < 16 * len(SD_MAJORS):
            out.append((sd_name(i), SD_MAJORS[i // 16], (i % 16) * 16, ""))
        else:
            out.append((sd_name(i), BLKEXT, ext.take(), ""))
    for k in range(a.nvme):
        out.append(("nvme%dn1" % k, BLKEXT, ext.take(), "p"))
    for m in range(a.dm):
        out.append(("dm-%d" % m, 253, m, None))
    return out


def synth_disk_vals(rng, nf):
    v = [0] * nf
    r, w = rng.randint(1000, 10**6), rng.randint(1000, 10**6)
    v[0], v[1], v[2], v[3] = r, r // 10, r * 16, r * 3
    v[4], v[5], v[6], v[7] = w, w // 5, w * 24, w * 7
    v[9] = (r + w) * 2
    v[10] = v[3] + v[7]
    if nf >= 15:
        v[11], v[13], v[14] = 100, 800, 50
    if nf >= 17:
        v[15], v[16] = 20, 10
    return v


def synth_disks(a, zero, rng):
    nf = {14: 11, 18: 15, 20: 17}[a.fields]
    lines, rdev = [], []
    blk = os.path.join(zero, "sys/block")
    ext = Minors()
    for name, major, minor, psep in disk_names(a, ext):
        vals = synth_disk_vals(rng, nf)
        lines.append("%4d %7d %s %s" % (major, minor, name, " ".join(str(x) for x in vals)))
        d = os.path.join(blk, name)
        write(os.path.join(d, "stat"), "".join("%8d " % x for x in vals).rstrip() + "\n")
        write(os.path.join(d, "dev"), "%d:%d\n" % (major, minor))
        write(os.path.join(d, "size"), "%d\n" % (rng.randint(1, 4000) * 2097152))
        write(os.path.join(d, "queue/hw_sector_size"), "512\n")
        symlink("../../block/" + name, os.path.join(zero, "sys/dev/block/%d:%d" % (major, minor)))
        rdev.append("dev/%s %d %d b" % (name, major, minor))
        write(os.path.join(zero, "dev", name), "")
        if psep is None:
            dmname = "vg0-lv%s" % name[3:]
            write(os.path.join(d, "dm/name"), dmname + "\n")
            write(os.path.join(zero, "dev/mapper", dmname), "")
            rdev.append("dev/mapper/%s %d %d b" % (dmname, major, minor))
            continue
        for pn in range(1, a.parts + 1):
            pname = "%s%s%d" % (name, psep, pn)
            pv = [x // (a.parts + 1) for x in vals]
            pmin = ext.take() if major == BLKEXT else minor + pn
            lines.append("%4d %7d %s %s" % (major, pmin, pname, " ".join(str(x) for x in pv)))
            pd = os.path.join(d, pname)
            write(os.path.join(pd, "stat"), "".join("%8d " % x for x in pv).rstrip() + "\n")
            write(os.path.join(pd, "dev"), "%d:%d\n" % (major, pmin))
            write(os.path.join(pd, "partition"), "%d\n" % pn)
            symlink("../../block/%s/%s" % (name, pname),
                    os.path.join(zero, "sys/dev/block/%d:%d" % (major, pmin)))
            rdev.append("dev/%s %d %d b" % (pname, major, pmin))
            write(os.path.join(zero, "dev", pname), "")
    write(os.path.join(zero, "proc/diskstats"), "\n".join(lines) + "\n")
    write(os.path.join(zero, ".livefix/rdev"), "\n".join(rdev) + "\n")


def synth_cpus(a, zero, rng):
    cpu = os.path.join(zero, "sys/devices/system/cpu")
    node = os.path.join(zero, "sys/devices/system/node")
    nodes = max(1, a.nodes)
    for c in range(a.cpus):
        d = os.path.join(cpu, "cpu%d" % c)
        n = c * nodes // a.cpus
        write(os.path.join(d, "online"), "1\n")
        write(os.path.join(d, "topology/core_id"), "%d\n" % (c % max(1, a.cpus // nodes)))
        write(os.path.join(d, "topology/physical_package_id"), "%d\n" % n)
        symlink("../../node/node%d" % n, os.path.join(d, "node%d" % n))
        symlink("../../cpu/cpu%d" % c, os.path.join(node, "node%d" % n, "cpu%d" % c))
    rng_s = "0-%d" % (a.cpus - 1) if a.cpus > 1 else "0"
    for f in ("online", "possible", "present"):
        write(os.path.join(cpu, f), rng_s + "\n")
    for n in range(nodes):
        cpus = [c for c in range(a.cpus) if c * nodes // a.cpus == n]
        write(os.path.join(node, "node%d/cpulist" % n), "%d-%d\n" % (cpus[0], cpus[-1]) if cpus else "\n")
    write(os.path.join(node, "online"), "0-%d\n" % (nodes - 1) if nodes > 1 else "0\n")
    write(os.path.join(node, "possible"), "0-%d\n" % (nodes - 1) if nodes > 1 else "0\n")


def synth_proc_files(a, zero, rng):
    up = 100000.0 + rng.randint(0, 10**5)
    write(os.path.join(zero, "proc/uptime"), "%.2f %.2f\n" % (up, up * a.cpus * 0.8))
    lines, tot = [], [0] * 10
    for c in range(a.cpus):
        v = [rng.randint(10**4, 10**6), rng.randint(0, 10**4), rng.randint(10**4, 10**5),
             rng.randint(10**6, 10**7), rng.randint(0, 10**5), rng.randint(0, 10**4),
             rng.randint(0, 10**4), 0, 0, 0]
        tot = [x + y for x, y in zip(tot, v)]
        lines.append("cpu%d %s" % (c, " ".join(str(x) for x in v)))
    irqs = [rng.randint(0, 10**6) for _ in range(a.irqs)]
    text = "cpu  %s\n%s\n" % (" ".join(str(x) for x in tot), "\n".join(lines))
    text += "intr %d %s\n" % (sum(irqs), " ".join(str(x) for x in irqs))
    text += "ctxt %d\nbtime %d\nprocesses %d\nprocs_running 2\nprocs_blocked 0\n" % (
        rng.randint(10**7, 10**8), a.epoch - int(up), rng.randint(10**4, 10**5))
    soft = [rng.randint(0, 10**6) for _ in range(10)]
    text += "softirq %d %s\n" % (sum(soft), " ".join(str(x) for x in soft))
    write(os.path.join(zero, "proc/stat"), text)
    hdr = " " * 11 + "".join("%-11s" % ("CPU%d" % c) for c in range(a.cpus)).rstrip() + "\n"
    body = ""
    for i in range(a.irqs):
        body += "%4d:%s   IR-PCI-MSI %d-edge      dev%d\n" % (
            i, "".join("%11d" % rng.randint(0, 10**5) for _ in range(a.cpus)), i, i)
    body += " NMI:%s   Non-maskable interrupts\n" % "".join("%11d" % 0 for _ in range(a.cpus))
    body += " ERR:%11d\n" % 0
    write(os.path.join(zero, "proc/interrupts"), hdr + body)
    names = ("HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU")
    sh = " " * 20 + "".join("%-11s" % ("CPU%d" % c) for c in range(a.cpus)).rstrip() + "\n"
    for n in names:
        sh += "%12s:%s\n" % (n, "".join("%11d" % rng.randint(0, 10**6) for _ in range(a.cpus)))
    write(os.path.join(zero, "proc/softirqs"), sh)
    write(os.path.join(zero, "proc/loadavg"), "0.52 0.58 0.59 2/%d 4242\n" % (a.procs * a.threads + 1))
    mem = 16 * 1024 * 1024
    write(os.path.join(zero, "proc/meminfo"),
          "MemTotal:       %8d kB\nMemFree:        %8d kB\nMemAvailable:   %8d kB\n"
          "Buffers:        %8d kB\nCached:         %8d kB\nSwapTotal:      %8d kB\nSwapFree:       %8d kB\n"
          % (mem, mem // 4, mem // 2, mem // 64, mem // 8, 0, 0))
    write(os.path.join(zero, "etc/passwd"),
          "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
          "alice:x:1000:1000:Alice:/home/alice:/bin/bash\nbob:x:1001:1001:Bob:/home/bob:/bin/bash\n")


NCPUS = [1]  # the CPUs a new task may run on (synth's --cpus, else the snapshot's)
COMMS = ("bash", "sshd", "postgres", "nginx", "python3", "java", "systemd-journal", "cron", "kworker/0:1", "my prog")


def write_task(d, pid, tid, comm, start, rng, fresh, uid):
    u, s = (0, 0) if fresh else (rng.randint(0, 10**5), rng.randint(0, 10**4))
    minf, majf = (0, 0) if fresh else (rng.randint(0, 10**6), rng.randint(0, 100))
    vsz, rss = rng.randint(10**6, 10**9) * 4096 // 4096, rng.randint(100, 10**5)
    f = [tid, "(%s)" % comm, "S", 1, tid, tid, 0, -1, 4194304, minf, 0, majf, 0, u, s, 0, 0, 20, 0,
         1, 0, start, vsz, rss, 18446744073709551615, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 17,
         tid % NCPUS[0], 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    write(os.path.join(d, "stat"), " ".join(str(x) for x in f) + "\n")
    write(os.path.join(d, "status"),
          "Name:\t%s\nState:\tS (sleeping)\nTgid:\t%d\nPid:\t%d\nPPid:\t1\nUid:\t%d\t%d\t%d\t%d\n"
          "VmRSS:\t%8d kB\nThreads:\t1\nvoluntary_ctxt_switches:\t%d\nnonvoluntary_ctxt_switches:\t%d\n"
          % (comm[:15], pid, tid, uid, uid, uid, uid, rss * 4, 0 if fresh else rng.randint(0, 10**5),
             0 if fresh else rng.randint(0, 10**3)))
    io = [0] * 7 if fresh else [rng.randint(0, 10**9) for _ in range(7)]
    write(os.path.join(d, "io"),
          "rchar: %d\nwchar: %d\nsyscr: %d\nsyscw: %d\nread_bytes: %d\nwrite_bytes: %d\n"
          "cancelled_write_bytes: %d\n" % tuple(io))
    write(os.path.join(d, "schedstat"), "%d %d %d\n" % ((u + s) * 10**7, 0 if fresh else rng.randint(0, 10**9),
                                                        0 if fresh else rng.randint(0, 10**5)))
    write(os.path.join(d, "cmdline"), comm.split("/")[0] + "\0--flag\0", 0o444)


STACK_RE = re.compile(r"( \[stack\]\n(?:[A-Z][^\n]*\n)*?Referenced:\s+)(\d+)( kB)")


def stack_mapping(size, ref):
    """The [stack] mapping of smaps, as a 6.x kernel writes it."""
    return ("7ffc5a1e0000-7ffc5a201000 rw-p 00000000 00:00 0                          [stack]\n"
            "Size:            %8d kB\nKernelPageSize:        4 kB\nMMUPageSize:           4 kB\n"
            "Rss:             %8d kB\nPss:             %8d kB\nReferenced:      %8d kB\n"
            "Anonymous:       %8d kB\nSwap:                  0 kB\nVmFlags: rd wr mr mw me gd ac\n"
            % (size, ref, ref, ref, ref))


def advance_stack(sq, pid, base, tids):
    """The stack's Referenced moves now and then, the same in every task's smaps."""
    p = os.path.join(base, "smaps")
    rng = sq.rng("stack:" + pid)
    if not os.path.exists(p) or rng.random() < 0.5:
        return
    grow = rng.randint(1, 3) * 4
    text = STACK_RE.sub(lambda m: m.group(1) + str(int(m.group(2)) + grow) + m.group(3), read(p))
    write(p, text)
    for tid in tids:
        if os.path.exists(os.path.join(base, "task", tid, "smaps")):
            write(os.path.join(base, "task", tid, "smaps"), text)


def write_process(zero, pid, threads, comm, start, rng, fresh=False):
    base = os.path.join(zero, "proc/%d" % pid)
    uid = rng.choice((0, 1000, 1001))
    write_task(base, pid, pid, comm, start, rng, fresh, uid)
    smaps = ("00400000-00452000 r-xp 00000000 08:02 173521      /usr/bin/%s\nSize:                328 kB\n"
             "Rss:                 %d kB\nPss:                  40 kB\n" % (comm.split()[0], rng.randint(4, 4000)))
    # The initial stack: its size from the pid, not from rng (the sequences before it stay the same).
    smaps += stack_mapping(132 + (pid % 5) * 4, 8 + pid % 7 * 4)
    write(os.path.join(base, "smaps"), smaps)
    for fd in range(3):
        symlink("/dev/null", os.path.join(base, "fd/%d" % fd))
    for t in range(threads):
        tid = pid if t == 0 else pid + t
        tdir = os.path.join(base, "task/%d" % tid)
        write_task(tdir, pid, tid, comm, start, rng, fresh, uid)
        # One address space and one descriptor table: every task shows the process's.
        write(os.path.join(tdir, "smaps"), smaps)
        for fd in range(3):
            symlink("/dev/null", os.path.join(tdir, "fd/%d" % fd))


def synth_procs(a, zero, rng):
    for i in range(a.procs):
        pid = 100 + i * (a.threads + 3)
        write_process(zero, pid, a.threads, COMMS[i % len(COMMS)], rng.randint(1, 10**6), rng)


def synth_extra(a, zero, rng):
    for t in range(a.tapes):
        st = os.path.join(zero, "sys/class/scsi_tape/st%d/stats" % t)
        for name in ("read_cnt", "write_cnt", "other_cnt", "read_byte_cnt", "write_byte_cnt",
                     "read_ns", "write_ns", "io_ns", "resid_cnt"):
            write(os.path.join(st, name), "%d\n" % rng.randint(0, 10**6))
    if a.cifs:
        text = "Resources in use\nCIFS Session: 1\nShare (unique mount targets): %d\n\n" % a.cifs
        for c in range(a.cifs):
            text += ("%d) \\\\server\\share%d\nSMBs: %d Oplock Breaks: 0\nReads: %d Bytes: %d\n"
                     "Writes: %d Bytes: %d\nFlushes: 0\nLocks: 0 HardLinks: 0 Symlinks: 0\n"
                     "Opens: %d Closes: %d Deletes: 0\n\n"
                     % (c + 1, c, rng.randint(100, 10**5), rng.randint(10, 1000), rng.randint(10**4, 10**8),
                        rng.randint(10, 1000), rng.randint(10**4, 10**8), rng.randint(10, 100), rng.randint(10, 100)))
        write(os.path.join(zero, "proc/fs/cifs/Stats"), text)


def cmd_synth(a):
    if a.cpus < 1:
        die("--cpus must be at least 1")
    prepare_out(a.out)
    zero = os.path.join(a.out, "0")
    rng = random.Random(a.seed)
    NCPUS[0] = a.cpus
    synth_proc_files(a, zero, rng)
    synth_cpus(a, zero, rng)
    synth_disks(a, zero, rng)
    synth_procs(a, zero, rng)
    synth_extra(a, zero, rng)
    write_uname(a.out, a.uname or "Linux,synth,6.1.0-synth,x86_64")
    sq = Seq(a.out, a.seed, a.interval, a.epoch, parse_events(a.event))
    run_steps(sq, a.steps)


# ---- upstream ----

# Upstream sysstat's TEST build (its `make simtest`, 12.6.1 to 12.7.5) reads PREFIX/proc,
# PREFIX/sys, PREFIX/dev with PREFIX ./tests/root, a symbolic link to root1,
# root2, ...: each pause() moves it to the next numbered root (root6b and
# such are never reached) and adds the interval to its clock (which
# starts at UPSTREAM_EPOCH); after the last root a pause is a Ctrl-C. Its uname is
# Linux, SYSSTAT.TEST, 1.2.3-TEST, x86_64; stat() of a device reads
# "MAJOR MINOR" from the fixture's file (a dev/mapper/virtualhd is 253:2);
# directories list their _list; getpwuid() says root for uid 0 and testusr
# for any other.
# The clock starts at 0 up to 12.7.2 (the shared corpus's expected outputs,
# those of 12.6.1's era), at 1591016000 from 12.7.3.
UPSTREAM_EPOCH = {"12.6.1": 0, "12.7.5": 1591016000}
UPSTREAM_UNAME = "Linux\nSYSSTAT.TEST\n1.2.3-TEST\nx86_64\n"
# Where the shared corpus stores upstream's symbolic links as files holding
# their targets: those are made links again.
LINK_DIRS = re.compile(r"^(dev/disk/[^/]+|dev/mapper|proc/\d+(/task/\d+)?/fd|sys/dev/block|"
                       r"sys/block/[^/]+|my_stats/dev/block)/[^/]+$")


def upstream_root(src, dst):
    """One upstream root in this layout: the links back, .livefix/rdev, etc/passwd."""
    rdev, uids = [], set()
    for top in ("proc", "sys", "dev", "etc"):
        if os.path.isdir(os.path.join(src, top)):
            copy_tree(os.path.join(src, top), os.path.join(dst, top), link=False)
    for base, dirs, files in os.walk(dst):
        for name in files:
            p = os.path.join(base, name)
            rel = os.path.relpath(p, dst)
            if os.path.islink(p) or name == "_list":
                continue
            text = read(p)
            line = text.split("\n")[0]
            if LINK_DIRS.match(rel) and text.strip() and len(text) < 512 and \
                    re.fullmatch(r"\S+", text.strip()):
                os.unlink(p)
                os.symlink(text.strip(), p)
            elif rel.startswith("dev/") and re.fullmatch(r"\d+ \d+", line.strip()):
                rdev.append("%s %s %s b" % (rel, *line.split()))
            elif rel.startswith("proc/") and name == "status":
                m = re.search(r"^Uid:\s+(\d+)", text, re.M)
                if m:
                    uids.add(int(m.group(1)))
    rdev.append("dev/mapper/virtualhd 253 2 b")
    write(os.path.join(dst, ".livefix/rdev"), "\n".join(sorted(rdev)) + "\n")
    users = ["root:x:0:0:root:/root:/bin/sh"] + \
        ["testusr:x:%d:%d::/:/bin/sh" % (u, u) for u in sorted(uids) if u]
    write(os.path.join(dst, "etc/passwd"), "\n".join(users) + "\n")


def cmd_upstream(a):
    corpus = a.corpus or os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                      "../../../shared/corpus/upstream/roots")
    m = re.fullmatch(r"root(\d+)", a.rootname)
    if not m:
        die("'%s' is not an upstream root name (root1, root2, ...)" % a.rootname)
    first = int(m.group(1))
    if not os.path.isdir(os.path.join(corpus, a.rootname)):
        die("'%s' has no %s" % (corpus, a.rootname))
    prepare_out(a.out)
    k = 0
    while os.path.isdir(os.path.join(corpus, "root%d" % (first + k))):
        upstream_root(os.path.join(corpus, "root%d" % (first + k)), os.path.join(a.out, str(k)))
        k += 1
    write(os.path.join(a.out, ".livefix/uname"), UPSTREAM_UNAME)
    write(os.path.join(a.out, ".livefix/epoch"), "%d\n" % UPSTREAM_EPOCH[a.sysstat])


def main():
    ap = argparse.ArgumentParser(prog="live_seq.py", description=__doc__.split("\n\n")[0],
                                 epilog=__doc__[__doc__.index("Events"):],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)

    def common(p):
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--interval", type=int, default=1, help="seconds between snapshots")
        p.add_argument("--epoch", type=int, default=DEFAULT_EPOCH, help="the clock of snapshot 0")
        p.add_argument("--event", action="append", metavar="STEP:KIND[:ARGS]")
        p.add_argument("--uname", metavar="SYSNAME,NODENAME,RELEASE,MACHINE")

    p = sub.add_parser("from-root", help="a sequence from a root with proc/ sys/ dev/")
    p.add_argument("root")
    p.add_argument("out")
    p.add_argument("--steps", type=int, required=True)
    common(p)
    p = sub.add_parser("synth", help="a synthetic machine and its sequence")
    p.add_argument("out")
    p.add_argument("--cpus", type=int, default=4)
    p.add_argument("--nodes", type=int, default=1)
    p.add_argument("--disks", type=int, default=2)
    p.add_argument("--nvme", type=int, default=0)
    p.add_argument("--dm", type=int, default=0)
    p.add_argument("--parts", type=int, default=0)
    p.add_argument("--fields", type=int, choices=(14, 18, 20), default=20,
                   help="fields of a /proc/diskstats line (11, 15 or 17 in /sys/block/*/stat)")
    p.add_argument("--procs", type=int, default=3)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--irqs", type=int, default=8)
    p.add_argument("--tapes", type=int, default=0)
    p.add_argument("--cifs", type=int, default=0, help="CIFS shares in /proc/fs/cifs/Stats")
    p.add_argument("--steps", type=int, required=True)
    common(p)
    p = sub.add_parser("upstream", help="an upstream sysstat test root in this layout")
    p.add_argument("rootname")
    p.add_argument("out")
    p.add_argument("--corpus", default=None, help="the roots' directory (default: beside the checkout)")
    p.add_argument("--sysstat", choices=sorted(UPSTREAM_EPOCH), default="12.6.1",
                   help="the release whose TEST clock to use (default 12.6.1)")
    a = ap.parse_args()
    {"from-root": cmd_from_root, "synth": cmd_synth, "upstream": cmd_upstream}[a.cmd](a)


if __name__ == "__main__":
    main()
