#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# The checks of tests/e2e/sar_use.sh (sar --use and sadf -j -- --use on the
# synthetic archives of tests/tools/use_make), which runs it with python3
# after its skips. It reads from the environment: SAR, SADF and USE_MAKE
# (our programs), ORACLE_SAR, TMPD (the test's scratch directory, where the
# archives go), and SYSREC_USE_INPUTS_ONLY=1 to check only the archives
# against the oracle. Prints one "FAIL: ..." line per failed check
# and the closing "sar_use: N passed, M failed"; exits 1 when any failed.
import gzip, json, os, re, shutil, subprocess, sys

SAR, SADF, MAKE = os.environ["SAR"], os.environ["SADF"], os.environ["USE_MAKE"]
ORACLE = os.environ["ORACLE_SAR"]
D = os.environ["TMPD"]
T0 = 1796090400  # 2026-12-01 02:00:00 UTC
STEP = 60
n_pass = n_fail = 0
# SYSREC_USE_INPUTS_ONLY=1: only the archives against the oracle (no --use run).
INPUTS_ONLY = os.environ.get("SYSREC_USE_INPUTS_ONLY") == "1"


def ok(cond, what):
    global n_pass, n_fail
    if cond:
        n_pass += 1
    else:
        n_fail += 1
        print("FAIL: " + what)
    return cond


def iso(t):
    return subprocess.run(["date", "-u", "-d", "@%d" % t, "+%Y-%m-%dT%H:%M:%SZ"],
                          capture_output=True, text=True).stdout.strip()


ISO = {}


def utc(t):
    if t not in ISO:
        import datetime
        ISO[t] = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime(
            "%Y-%m-%dT%H:%M:%SZ")
    return ISO[t]


def local(t, tz):
    """hh:mm:ss of Unix time t in the fixed-offset zone tz (UTC or GMT+12)."""
    off = -12 * 3600 if tz == "GMT+12" else 0
    s = (t + off) % 86400
    return "%02d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)


# ---------------------------------------------------------------- archives
# The value of every metric in each interval (60 s, HZ 100). What a scenario
# does not give stays at a quiet value, below every limit and warn level.
QUIET = {
    "busy": 20.0, "iowait": 0.0, "runq": 1, "psi_cpu": 0.0,
    "mem": 50.0, "psi_mem_some": 0.0, "psi_mem_full": 0.0, "pgscand": 0.0, "majflt": 0.0,
    "pswpin": 0.0, "pswpout": 0.0, "swap": 10.0,
    "psi_io_some": 0.0, "psi_io_full": 0.0,
    "softdrop": 0.0, "squeeze": 0.0, "retrans": 0.0,
    "atmptf": 0.0, "estres": 0.0, "isegerr": 0.0, "orsts": 0.0,
}
DISK_QUIET = {"util": 10.0, "aqu": 0.1, "await": 2.0}
IF_QUIET = {"util": 10.0, "rxerr": 0.0, "txerr": 0.0, "drop": 0.0, "fifo": 0.0, "speed": 1000}
FS_QUIET = {"used": 50.0, "inodes": 50.0}
ALL_ACTS = ["CPU", "SWAP", "PAGE", "MEMORY", "QUEUE", "DISK", "NET_DEV", "NET_EDEV",
            "NET_TCP", "NET_ETCP", "FS", "NET_SOFT", "PSI_CPU", "PSI_IO", "PSI_MEM"]
DISKS = {"sda": (8, 0), "sdb": (8, 16), "sdc": (8, 32)}


def val(series, key, i, quiet):
    v = series.get(key, quiet[key])
    return v[i] if isinstance(v, list) else v


def describe(sc):
    """The use_make description of scenario sc."""
    n, cpus = sc["n"], sc.get("cpus", 2)
    acts = sc.get("acts", ALL_ACTS)
    g = sc.get("g", {})
    percpu = sc.get("percpu", {})
    disks = sc.get("disks", {"sda": {}})
    ifaces = sc.get("ifaces", {"eth0": {}})
    fss = sc.get("fs", {"/": {}})
    restart_after = sc.get("restart_after")  # records before the restart
    L = ["cpus %d" % cpus, "host use-make", "acts " + " ".join(acts)]
    if "DISK" in acts:
        L.append("items DISK %d" % len(disks))
    if "NET_DEV" in acts:
        L.append("items NET_DEV %d" % len(ifaces))
    if "NET_EDEV" in acts:
        L.append("items NET_EDEV %d" % len(ifaces))
    if "FS" in acts:
        L.append("items FS %d" % len(fss))
    for k, name in enumerate(disks):
        if "DISK" in acts:
            L.append("set DISK %d major=%d minor=%d" % ((k,) + DISKS[name]))
    for k, (name, p) in enumerate(ifaces.items()):
        sp = p.get("speed", 1000)
        if "NET_DEV" in acts:
            L.append("set NET_DEV %d interface=%s speed=%d duplex=2" % (k, name, sp))
        if "NET_EDEV" in acts:
            L.append("set NET_EDEV %d interface=%s" % (k, name))
    if "CPU" in acts:
        # Counters start away from zero: sar takes a CPU whose counters are all
        # zero for one that was offline.
        L.append("set CPU 0 cpu_user=%d cpu_idle=%d" % (1000 * cpus, 1000 * cpus))
        L.extend("set CPU %d cpu_user=1000 cpu_idle=1000" % (c + 1) for c in range(cpus))
    if "NET_SOFT" in acts:
        L.extend("set NET_SOFT %d processed=1000" % c for c in range(cpus + 1))
    for k, name in enumerate(fss):
        if "FS" in acts:
            L.append("set FS %d fs_name=/dev/vd%c mountp=%s" % (k, "abcdefgh"[k], name))
    times = []
    t = T0
    for r in range(n + 1):
        i = max(r - 1, 0)  # gauges at record 0 are those of the first interval
        if restart_after is not None and r == restart_after:
            L.append("restart %d" % (t - 30))
        # gauges
        if "QUEUE" in acts:
            L.append("set QUEUE 0 nr_running=%d" % val(g, "runq", i, QUIET))
        if "MEMORY" in acts:
            m = val(g, "mem", i, QUIET)
            if sc.get("no_avail"):
                # used = total - free - buffers - cached - slab, without MemAvailable
                free = round((100 - m) * 10000) - 20000
                L.append("set MEMORY 0 tlmkb=1000000 frmkb=%d bufkb=10000 camkb=5000 "
                         "slabkb=5000 availablekb=0" % free)
            else:
                av = round((100 - m) * 10000)
                L.append("set MEMORY 0 tlmkb=1000000 frmkb=%d availablekb=%d" % (av, av))
            s = val(g, "swap", i, QUIET)
            L.append("set MEMORY 0 tlskb=1000000 frskb=%d" % round((100 - s) * 10000))
        if "FS" in acts:
            for k, (name, p) in enumerate(fss.items()):
                u, iu = val(p, "used", i, FS_QUIET), val(p, "inodes", i, FS_QUIET)
                L.append("set FS %d f_blocks=1000000 f_bfree=%d f_bavail=%d f_files=1000000 "
                         "f_ffree=%d" % (k, round((100 - u) * 10000), round((100 - u) * 10000),
                                         round((100 - iu) * 10000)))
        if r > 0 and r != restart_after:
            i = r - 1
            # counters: what one interval adds
            tot_u = tot_i = 0
            tot_w = 0
            for c in range(cpus):
                b = percpu.get(c, g.get("busy", QUIET["busy"]))
                b = b[i] if isinstance(b, list) else b
                u, w = round(b * 60), round(val(g, "iowait", i, QUIET) * 60)
                tot_u += u
                tot_w += w
                tot_i += 6000 - u - w
                if "CPU" in acts:
                    L.append("set CPU %d cpu_user+=%d cpu_iowait+=%d cpu_idle+=%d" % (
                        c + 1, u, w, 6000 - u - w))
            if "CPU" in acts:
                # "all_skew": ticks moved from idle to user in the stored "all" only.
                k = round(sc.get("all_skew", 0) * 60 * cpus)
                L.append("set CPU 0 cpu_user+=%d cpu_iowait+=%d cpu_idle+=%d" % (
                    tot_u + k, tot_w, tot_i - k))
            if "PSI_CPU" in acts:
                L.append("set PSI_CPU 0 some_cpu_total+=%d" % round(val(g, "psi_cpu", i, QUIET) * 600000))
            if "PSI_MEM" in acts:
                L.append("set PSI_MEM 0 some_mem_total+=%d full_mem_total+=%d" % (
                    round(val(g, "psi_mem_some", i, QUIET) * 600000),
                    round(val(g, "psi_mem_full", i, QUIET) * 600000)))
            if "PSI_IO" in acts:
                L.append("set PSI_IO 0 some_io_total+=%d full_io_total+=%d" % (
                    round(val(g, "psi_io_some", i, QUIET) * 600000),
                    round(val(g, "psi_io_full", i, QUIET) * 600000)))
            if "PAGE" in acts:
                L.append("set PAGE 0 pgscan_direct+=%d pgmajfault+=%d" % (
                    round(val(g, "pgscand", i, QUIET) * 60), round(val(g, "majflt", i, QUIET) * 60)))
            if "SWAP" in acts:
                L.append("set SWAP 0 pswpin+=%d pswpout+=%d" % (
                    round(val(g, "pswpin", i, QUIET) * 60), round(val(g, "pswpout", i, QUIET) * 60)))
            if "DISK" in acts:
                for k, (name, p) in enumerate(disks.items()):
                    L.append("set DISK %d tot_ticks+=%d rq_ticks+=%d nr_ios+=60 rd_ticks+=%d" % (
                        k, round(val(p, "util", i, DISK_QUIET) * 600),
                        round(val(p, "aqu", i, DISK_QUIET) * 60000),
                        round(val(p, "await", i, DISK_QUIET) * 60)))
            for k, (name, p) in enumerate(ifaces.items()):
                if "NET_DEV" in acts:
                    # full duplex at 1000 Mb/s: u % is u * 1,250,000 bytes/s
                    L.append("set NET_DEV %d rx_bytes+=%d rx_packets+=600" % (
                        k, round(val(p, "util", i, IF_QUIET) * 1250000 * 60)))
                if "NET_EDEV" in acts:
                    d = round(val(p, "drop", i, IF_QUIET) * 60)
                    L.append("set NET_EDEV %d rx_errors+=%d tx_errors+=%d rx_dropped+=%d "
                             "tx_dropped+=%d rx_fifo_errors+=%d" % (
                                 k, round(val(p, "rxerr", i, IF_QUIET) * 60),
                                 round(val(p, "txerr", i, IF_QUIET) * 60), d - d // 2, d // 2,
                                 round(val(p, "fifo", i, IF_QUIET) * 60)))
            if "NET_SOFT" in acts:
                sd, sq = round(val(g, "softdrop", i, QUIET) * 60), round(val(g, "squeeze", i, QUIET) * 60)
                L.append("set NET_SOFT 0 processed+=600 dropped+=%d time_squeeze+=%d" % (sd, sq))
                L.append("set NET_SOFT 1 processed+=600 dropped+=%d time_squeeze+=%d" % (sd, sq))
            if "NET_TCP" in acts:
                L.append("set NET_TCP 0 out_segs+=30000 in_segs+=30000")
            if "NET_ETCP" in acts:
                # 500 segments/s out: p % retransmitted is p * 300 a minute
                L.append("set NET_ETCP 0 retrans_segs+=%d attempt_fails+=%d estab_resets+=%d "
                         "in_errs+=%d out_rsts+=%d" % (
                             round(val(g, "retrans", i, QUIET) * 300),
                             round(val(g, "atmptf", i, QUIET) * 60),
                             round(val(g, "estres", i, QUIET) * 60),
                             round(val(g, "isegerr", i, QUIET) * 60),
                             round(val(g, "orsts", i, QUIET) * 60)))
        L.append("rec %d" % t)
        times.append(t)
        t += STEP
    return "\n".join(L) + "\n"


def make(name, sc):
    path = os.path.join(D, name + ".sa")
    p = subprocess.run([MAKE, "-", path], input=describe(sc), text=True,
                       capture_output=True)
    if p.returncode:
        print("FAIL: use_make %s: %s" % (name, p.stderr.strip()))
        sys.exit(1)
    return path


def run(cmd, tz="UTC", env_extra=None):
    # No limits from the machine's /etc/sysstat/sysstat: only what a case sets.
    env = dict(os.environ, TZ=tz, LC_ALL="C", SYSREC_SYSSTAT_CONF="/dev/null")
    if env_extra:
        env.update(env_extra)
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
    return p.returncode, p.stdout, p.stderr


# ------------------------------------------------------------ the oracle
def oracle_column(path, args, column, item=None):
    """The per-interval values of a column of the oracle's sar (the item's lines only)."""
    rc, out, err = run([ORACLE, *args, "-f", path])
    vals, idx, icol = [], None, None
    for line in out.splitlines():
        w = line.split()
        if not w or w[0] == "Average:" or w[0] == "Summary:":
            idx = None if w and w[0] in ("Average:", "Summary:") else idx
            continue
        if column in w:
            idx = w.index(column)
            names = [k for k, x in enumerate(w) if x in ("CPU", "DEV", "IFACE", "MOUNTPOINT")]
            icol = names[0] if names else None
            continue
        if idx is not None and re.match(r"\d\d:\d\d:\d\d$", w[0]) and len(w) > idx:
            if item is None or (icol is not None and w[icol] == item):
                vals.append(float(w[idx]))
    return vals


def check_input(name, path, args, column, item, expect):
    got = oracle_column(path, args, column, item)
    ok(len(got) == len(expect) and all(abs(a - b) < 0.006 for a, b in zip(got, expect)),
       "input %s: oracle sar %s column %s %s: expected %s, got %s" % (
           name, " ".join(args), column, item or "", expect, got))


# ------------------------------------------------------------ the checks
def res(doc, kind, name):
    for r in doc["use"]["resources"]:
        if r.get("kind") == kind and r.get("name") == name:
            return r
    return None


def metric(r, mname):
    for grp in ("utilization", "saturation", "errors"):
        g = r.get(grp)
        if isinstance(g, dict) and mname in g:
            return g[mname]
    return None


def stats(values, times=None):
    """Average, peak and the end time of the interval of the first peak."""
    times = times or [T0 + STEP * (k + 1) for k in range(len(values))]
    peak = max(values)
    return sum(values) / len(values), peak, times[values.index(peak)]


def check_doc(tag, doc, exp):
    """exp: {(kind, name): {"verdict": v, "episodes": [(s, e)], "metrics": {m: (avg, peak, t)}}}"""
    for (kind, name), e in exp.items():
        r = res(doc, kind, name)
        if e is None:
            ok(r is None, "%s: %s %s should not be a resource" % (tag, kind, name))
            continue
        if not ok(r is not None, "%s: no resource %s %s" % (tag, kind, name)):
            continue
        if "verdict" in e:
            ok(r.get("verdict") == e["verdict"], "%s: %s %s verdict: expected %s, got %s" % (
                tag, kind, name, e["verdict"], r.get("verdict")))
        if "episodes" in e:
            want = [{"start": utc(s), "end": utc(t), "seconds": t - s} for s, t in e["episodes"]]
            got = [{k: x.get(k) for k in ("start", "end", "seconds")} for x in r.get("episodes") or []]
            ok(got == want, "%s: %s %s episodes: expected %s, got %s" % (tag, kind, name, want, got))
        for mname, m in e.get("metrics", {}).items():
            g = metric(r, mname)
            if not ok(isinstance(g, dict), "%s: %s %s has no metric %s" % (tag, kind, name, mname)):
                continue
            avg, peak, pt = m[:3]
            rel = e.get("approx", {}).get(mname, 0)
            good = (isinstance(g.get("average"), (int, float))
                    and abs(g["average"] - avg) < max(0.006, rel * avg)
                    and isinstance(g.get("peak"), (int, float))
                    and abs(g["peak"] - peak) < max(0.006, rel * peak)
                    and g.get("peak-time") == utc(pt))
            if len(m) > 3:
                good = good and g.get("limit") == m[3]
            ok(good, "%s: %s %s %s: expected average %.4f peak %s at %s%s, got %s" % (
                tag, kind, name, mname, avg, peak, utc(pt),
                " limit %s" % m[3] if len(m) > 3 else "", g))
        if "null" in e:
            for mname in e["null"]:
                found = any(isinstance(r.get(grp), dict) and mname in r[grp] and r[grp][mname] is None
                            for grp in ("utilization", "saturation", "errors"))
                ok(found, "%s: %s %s: %s should be null (not collected)" % (tag, kind, name, mname))


def sadf_use(path, tz="UTC", pre=(), post=(), env=None):
    if INPUTS_ONLY:
        return None
    rc, out, err = run([SADF, "-j", *pre, path, "--", "--use", *post], tz, env)
    if not ok(rc == 0, "sadf -j %s %s -- --use %s (TZ=%s): exit %d: %s" % (
            " ".join(pre), os.path.basename(path), " ".join(post), tz, rc, err.strip()[:200])):
        return None
    try:
        doc = json.loads(out)
    except ValueError as e:
        ok(False, "sadf -j %s -- --use: not JSON (%s)" % (os.path.basename(path), e))
        return None
    try:
        return doc["sysstat"]["hosts"][0]
    except (KeyError, IndexError, TypeError):
        ok(False, "sadf -j %s -- --use: no sysstat.hosts[0]" % os.path.basename(path))
        return None


def sar_use(path, tz="UTC", args=(), env=None):
    if INPUTS_ONLY:
        return ""
    rc, out, err = run([SAR, "--use", *args, "-f", path], tz, env)
    ok(rc == 0, "sar --use %s -f %s (TZ=%s): exit %d: %s" % (
        " ".join(args), os.path.basename(path), tz, rc, err.strip()[:200]))
    return out


def both(name, path, exp, pre=(), post=(), env=None, suspects=None, window=None, order=None):
    """The JSON under both zones against exp; the suspects, the window and the order of
    the resources when given."""
    for tz in ("UTC", "GMT+12"):
        doc = sadf_use(path, tz, pre, post, env)
        if doc is None:
            continue
        tag = "%s (TZ=%s%s)" % (name, tz, " " + " ".join(list(pre) + list(post)) if pre or post else "")
        if not ok("use" in doc and isinstance(doc["use"].get("resources"), list),
                  "%s: no use.resources" % tag):
            continue
        check_doc(tag, doc, exp)
        if suspects is not None:
            got = [(s.get("kind"), s.get("name"), s.get("verdict")) for s in doc["use"].get("suspects", [])]
            ok(got[:len(suspects)] == suspects and len(got) == len(suspects),
               "%s: suspects: expected %s, got %s" % (tag, suspects, got))
        if order is not None:
            got = [(r.get("kind"), r.get("name")) for r in doc["use"]["resources"]]
            ok(got == order, "%s: resource order: expected %s, got %s" % (tag, order, got))
        if window is not None:
            w = doc["use"].get("window", {})
            want = {"start": utc(window[0]), "end": utc(window[1]), "intervals": window[2],
                    "episode": window[3]}
            ok({k: w.get(k) for k in want} == want, "%s: window: expected %s, got %s" % (tag, want, w))


def text_has(name, out, pattern, tz):
    if INPUTS_ONLY:
        return
    ok(re.search(pattern, out, re.M) is not None,
       "%s (TZ=%s): sar --use text has no line matching %r:\n%s" % (name, tz, pattern, out[:1500]))


def ep(a, b):
    """The episode over intervals a..b (1-based) of a scenario without restart."""
    return (T0 + STEP * (a - 1), T0 + STEP * b)


N = 6
# Resources come in sadf(1)'s order, disks, interfaces and filesystems in file order.
BASE = [("cpu", "all"), ("memory", "all"), ("swap", "all"), ("disk", "all")]
# ================================================================ scenarios
# 1. quiet: everything just at or below its limit and warn level.
quiet = {"n": N, "g": {"busy": [60, 65, 69.5, 62, 69.5, 50], "runq": 2, "psi_cpu": 10.0,
                       "mem": 84.5, "psi_mem_some": 10.0, "psi_mem_full": 5.0, "majflt": 100.0,
                       "pswpin": 10.0, "pswpout": 10.0, "swap": 49.5, "psi_io_some": 10.0,
                       "psi_io_full": 5.0, "squeeze": 1.0, "retrans": 2.0},
         "disks": {"sda": {"util": 69.5, "aqu": 1.0}},
         "ifaces": {"eth0": {"util": 69.5, "drop": 1.0}}, "fs": {"/": {"used": 79.5, "inodes": 79.5}}}
p = make("quiet", quiet)
check_input("quiet", p, ["-u"], "%idle", "all", [40, 35, 30.5, 38, 30.5, 50])
check_input("quiet", p, ["-q", "CPU"], "%scpu", None, [10.0] * N)
check_input("quiet", p, ["-d", "-p"], "%util", "sda", [69.5] * N)
check_input("quiet", p, ["-d", "-p"], "aqu-sz", "sda", [1.0] * N)
check_input("quiet", p, ["-n", "DEV"], "%ifutil", "eth0", [69.5] * N)
check_input("quiet", p, ["-n", "ETCP"], "retrans/s", None, [10.0] * N)
check_input("quiet", p, ["-F", "MOUNT"], "%fsused", "/", [79.5] * N)
check_input("quiet", p, ["-S"], "%swpused", None, [49.5] * N)
check_input("quiet", p, ["-B"], "majflt/s", None, [100.0] * N)
check_input("quiet", p, ["-n", "SOFT"], "squeezd/s", "all", [1.0] * N)
ok_all = {(k, n): {"verdict": "ok", "episodes": []} for k, n in [
    ("cpu", "all"), ("memory", "all"), ("swap", "all"), ("disk", "all"), ("disk", "sda"),
    ("net", "all"), ("net", "eth0"), ("fs", "/"), ("tcp", "all")]}
exp = dict(ok_all)
exp[("cpu", "all")] = {"verdict": "ok", "episodes": [], "metrics": {
    "%busy": stats([60, 65, 69.5, 62, 69.5, 50]) + (90,), "runq-excess": (0, 0, T0 + 60),
    "%psi-some": (10, 10, T0 + 60)}}
exp[("memory", "all")] = {"verdict": "ok", "metrics": {"%used": (84.5, 84.5, T0 + 60, 95),
                                                       "majflt/s": (100, 100, T0 + 60)}}
exp[("disk", "sda")] = {"verdict": "ok", "metrics": {"%util": (69.5, 69.5, T0 + 60),
                                                     "aqu-sz": (1, 1, T0 + 60)}}
exp[("net", "eth0")] = {"verdict": "ok", "metrics": {"%ifutil": (69.5, 69.5, T0 + 60),
                                                     "drop/s": (1, 1, T0 + 60)}}
exp[("net", "all")] = {"verdict": "ok", "metrics": {"%retrans": (2, 2, T0 + 60),
                                                    "squeezd/s": (1, 1, T0 + 60)}}
exp[("fs", "/")] = {"verdict": "ok", "metrics": {"%fsused": (79.5, 79.5, T0 + 60)}}
exp[("cpu", "0")] = None
both("quiet", p, exp, suspects=[], window=(T0, T0 + N * STEP, N, 3))
for tz in ("UTC", "GMT+12"):
    out = sar_use(p, tz)
    text_has("quiet", out, r"^Nothing crossed a threshold\.$", tz)
    text_has("quiet", out, r"^USE method, .*: 6 intervals; an episode lasts at least 3 intervals\.$", tz)
    ok("First suspects:" not in out, "quiet (TZ=%s): suspects listed" % tz)
    if not INPUTS_ONLY:
        head = run([ORACLE, "-u", "-f", p], tz)[1].split("\n")[:2]
        ok(out.split("\n")[:2] == head, "quiet (TZ=%s): the header lines are not the oracle's "
           "sar -u ones: %s against %s" % (tz, out.split("\n")[:2], head))
doc = sadf_use(p)
if doc:
    ok(all(k in doc for k in ("nodename", "timezone")) and doc.get("nodename") == "use-make",
       "quiet: host object keys: %s" % list(doc))
    ok(set(doc["use"]) >= {"window", "resources", "suspects", "unknown"},
       "quiet: use keys: %s" % list(doc["use"]))
    r = res(doc, "cpu", "all")
    ok(r is not None and set(r) >= {"kind", "name", "verdict", "utilization", "saturation",
                                    "errors", "episodes"} and r.get("errors") is None,
       "quiet: cpu all keys and null errors: %s" % r)
    r = res(doc, "tcp", "all")
    m = metric(r or {}, "atmptf/s")
    ok(isinstance(m, dict) and m.get("total") == 0, "quiet: tcp atmptf/s total 0: %s" % m)
    ok(doc["use"].get("unknown") == [], "quiet: unknown: %s" % doc["use"].get("unknown"))

# 2. CPU %busy just above 90 for 4 intervals: saturated; the rest quiet.
BUSY_SAT = busy = [50, 90.5, 91, 95, 90.5, 50]
cpu_sat = {"n": N, "g": {"busy": busy}}
p_cpu = make("cpu_sat", cpu_sat)
check_input("cpu_sat", p_cpu, ["-u"], "%idle", "all", [100 - b for b in busy])
both("cpu_sat", p_cpu, {("cpu", "all"): {"verdict": "saturated", "episodes": [ep(2, 5)],
                                          "metrics": {"%busy": stats(busy) + (90,)}},
                        ("memory", "all"): {"verdict": "ok"}, ("disk", "sda"): {"verdict": "ok"}},
     suspects=[("cpu", "all", "saturated")])
for tz in ("UTC", "GMT+12"):
    out = sar_use(p_cpu, tz)
    text_has("cpu_sat", out, r"^First suspects:$", tz)
    text_has("cpu_sat", out, r"^\s+saturated\s+cpu\s+all\s+%s-%s \(4 min" % (
        local(T0 + 60, tz), local(T0 + 300, tz)), tz)
    ok("Nothing crossed a threshold." not in out, "cpu_sat (TZ=%s): said nothing crossed" % tz)

# 3. Over the limit for 2 intervals and 1: warning, no episode; a disk above its warn level
#    (70) for 3 intervals: warning; an interface above it for 2 and 2: ok.
busy = [50, 90.5, 91, 50, 95, 50]
p = make("cpu_warn", {"n": N, "g": {"busy": busy}, "disks": {"sda": {"util": [75, 75, 75, 10, 10, 10]}},
                      "ifaces": {"eth0": {"util": [75, 75, 10, 75, 75, 10]}}})
both("cpu_warn", p, {("cpu", "all"): {"verdict": "warning", "episodes": [],
                                       "metrics": {"%busy": stats(busy)}},
                     ("disk", "sda"): {"verdict": "warning", "episodes": [],
                                       "metrics": {"%util": stats([75, 75, 75, 10, 10, 10])}},
                     ("net", "eth0"): {"verdict": "ok", "episodes": []}})

# 4. Exactly `episode` (3) intervals over: saturated; 2 on the disk: warning. Then the
#    episode key moves both ways.
p_ep = make("episode", {"n": N, "g": {"busy": [50, 91, 91, 91, 50, 50]},
                        "disks": {"sda": {"util": [50, 91, 91, 50, 50, 50]}}})
both("episode", p_ep, {("cpu", "all"): {"verdict": "saturated", "episodes": [ep(2, 4)]},
                       ("disk", "sda"): {"verdict": "warning", "episodes": []}},
     suspects=[("cpu", "all", "saturated"), ("disk", "sda", "warning")])
both("episode=2", p_ep, {("cpu", "all"): {"verdict": "saturated", "episodes": [ep(2, 4)]},
                         ("disk", "sda"): {"verdict": "saturated", "episodes": [ep(2, 3)]}},
     post=["--use-limit=episode=2"], window=(T0, T0 + N * STEP, N, 2),
     suspects=[("cpu", "all", "saturated"), ("disk", "sda", "saturated")])
both("episode=4", p_ep, {("cpu", "all"): {"verdict": "warning", "episodes": []}},
     post=["--use-limit=episode=4"])

# 5. Run queue beyond the CPUs (2) for 3 intervals: saturated; PSI cpu for 3 (above 10 %);
#    PSI mem full once: warning; PSI io some for 4: the disks' "all" saturated.
runq = [2, 3, 3, 3, 2, 2]
p = make("runq", {"n": N, "g": {"runq": runq}})
check_input("runq", p, ["-q"], "runq-sz", None, runq)
both("runq", p, {("cpu", "all"): {"verdict": "saturated", "episodes": [ep(2, 4)],
                                   "metrics": {"runq-excess": (0.5, 1, T0 + 120)}}})
psi_cpu = [10, 10.5, 11, 12, 0, 0]
psi_io = [0, 0, 10.5, 10.5, 10.5, 10.5]
p = make("psi", {"n": N, "g": {"psi_cpu": psi_cpu, "psi_mem_some": 10.0,
                                "psi_mem_full": [5.5, 0, 0, 0, 0, 0], "psi_io_some": psi_io,
                                "psi_io_full": 5.0}})
check_input("psi", p, ["-q", "CPU"], "%scpu", None, psi_cpu)
check_input("psi", p, ["-q", "IO"], "%sio", None, psi_io)
check_input("psi", p, ["-q", "MEM"], "%fmem", None, [5.5, 0, 0, 0, 0, 0])
both("psi", p, {("cpu", "all"): {"verdict": "saturated", "episodes": [ep(2, 4)],
                                  "metrics": {"%psi-some": stats(psi_cpu)}},
                ("memory", "all"): {"verdict": "warning", "episodes": [],
                                    "metrics": {"%psi-full": stats([5.5, 0, 0, 0, 0, 0]),
                                                "%psi-some": (10, 10, T0 + 60)}},
                ("disk", "all"): {"verdict": "saturated", "episodes": [ep(3, 6)],
                                  "metrics": {"%psi-some": stats(psi_io),
                                              "%psi-full": (5, 5, T0 + 60)}},
                ("disk", "sda"): {"verdict": "ok"}},
     suspects=[("disk", "all", "saturated"), ("cpu", "all", "saturated"),
               ("memory", "all", "warning")])

# 6. Memory %used (from MemAvailable) above 95 for 4 intervals: saturated; swap above its
#    warn level (50) throughout: warning; majflt just above 100 once; swap-ins above 10/s
#    in the last interval (mem.swapping: memory over there too, so its episode runs on).
mem = [85, 95.5, 96, 96, 95.5, 80]
p = make("memory", {"n": N, "g": {"mem": mem, "swap": 50.5, "majflt": [0, 0, 100.5, 0, 0, 0],
                                   "pswpin": [0, 0, 0, 0, 0, 10.5]}})
check_input("memory", p, ["-r"], "kbavail", None, [round((100 - m) * 10000) for m in mem])
check_input("memory", p, ["-B"], "majflt/s", None, [0, 0, 100.5, 0, 0, 0])
both("memory", p, {("memory", "all"): {"verdict": "saturated", "episodes": [ep(2, 6)],
                                        "metrics": {"%used": stats(mem) + (95,),
                                                    "majflt/s": stats([0, 0, 100.5, 0, 0, 0]),
                                                    "pswpin/s": stats([0, 0, 0, 0, 0, 10.5])}},
                   ("swap", "all"): {"verdict": "warning", "episodes": [],
                                     "metrics": {"%swpused": (50.5, 50.5, T0 + 60, 80),
                                                 "pswpin/s": stats([0, 0, 0, 0, 0, 10.5])}}},
     suspects=[("memory", "all", "saturated"), ("swap", "all", "warning")])
#    Without MemAvailable: total - free - buffers - cached - slab.
p = make("mem_noavail", {"n": N, "no_avail": True, "g": {"mem": [95.1, 95.1, 95.1, 95, 95, 95]}})
check_input("mem_noavail", p, ["-r"], "%memused", None, [95.1, 95.1, 95.1, 95, 95, 95])
both("mem_noavail", p, {("memory", "all"): {"verdict": "saturated", "episodes": [ep(1, 3)],
                                             "metrics": {"%used": (95.05, 95.1, T0 + 60)}}})

# 7. Swap used above 80 from the first interval (the episode starts at the first record).
swap = [80.5, 81, 81, 50, 50, 50]
p = make("swap", {"n": N, "g": {"swap": swap, "pswpout": [0, 0, 0, 0, 10.5, 0]}})
check_input("swap", p, ["-S"], "%swpused", None, swap)
both("swap", p, {("swap", "all"): {"verdict": "saturated", "episodes": [ep(1, 3)],
                                    "metrics": {"%swpused": stats(swap) + (80,),
                                                "pswpout/s": stats([0, 0, 0, 0, 10.5, 0])}},
                 ("memory", "all"): {"verdict": "warning", "episodes": []}})

# 8. Disks: sda %util above 90 for 3, sdb aqu-sz above 1 for 4, sdc await 4.5 and 4 times its
#    median (2 ms), once each: warning (4 is not over 4; 4.5 is).
util = [89.5, 90.5, 90.5, 90.5, 89.5, 10]
aqu = [1.0, 1.5, 1.5, 1.5, 1.5, 1.0]
aw = [2, 2, 2, 8, 2, 9]
p_disk = make("disk", {"n": N, "disks": {"sda": {"util": util}, "sdb": {"aqu": aqu},
                                         "sdc": {"await": aw}}})
check_input("disk", p_disk, ["-d", "-p"], "%util", "sda", util)
check_input("disk", p_disk, ["-d", "-p"], "aqu-sz", "sdb", aqu)
check_input("disk", p_disk, ["-d", "-p"], "await", "sdc", aw)
disk_exp = {("disk", "sda"): {"verdict": "saturated", "episodes": [ep(2, 4)],
                              "metrics": {"%util": stats(util) + (90,)}},
            ("disk", "sdb"): {"verdict": "saturated", "episodes": [ep(2, 5)],
                              "metrics": {"aqu-sz": stats(aqu) + (1,)}},
            ("disk", "sdc"): {"verdict": "warning", "episodes": [],
                              "metrics": {"await-ratio": stats([a / 2 for a in aw]) + (4,)},
                              # report/use_feed_dev.c takes the median as the middle of a 5 % wide bin
                              "approx": {"await-ratio": 0.05}},
            ("disk", "all"): {"verdict": "ok"}}
both("disk", p_disk, disk_exp, order=BASE + [("disk", "sda"), ("disk", "sdb"), ("disk", "sdc"),
                                             ("net", "all"), ("net", "eth0"), ("fs", "/"),
                                             ("tcp", "all")],
     # sda first: saturated while its %util was above its warning level; sdb's queue grew
     # for longer while its %util stayed at 10 (sar(1), "the ranking of the saturated").
     suspects=[("disk", "sda", "saturated"), ("disk", "sdb", "saturated"),
               ("disk", "sdc", "warning")])
#    --dev= keeps the named disk only.
both("disk --dev=sdb", p_disk, {("disk", "sdb"): disk_exp[("disk", "sdb")], ("disk", "sda"): None,
                                ("disk", "sdc"): None}, pre=["--dev=sdb"])
for tz in ("UTC", "GMT+12") if not INPUTS_ONLY else ():
    out = sar_use(p_disk, tz, ["--dev=sdb"])
    ok(re.search(r"\bsda\b", out) is None and re.search(r"\bsdb\b", out) is not None,
       "disk --dev=sdb (TZ=%s): sar --use text names sda or not sdb:\n%s" % (tz, out[:1200]))

# 9. Network: eth0 %ifutil above 90 for 3: saturated; eth1 (speed unknown) rx errors once:
#    errors; eth2 drops above 1/s once: warning; softnet drops once and retransmits above
#    2 % twice apart: net all warning; TCP failed connection attempts once: errors.
iu = [89.5, 90.5, 91, 92, 10, 10]
rxerr = [0, 0, 0, 0.1, 0, 0]
atm = [0, 0.1, 0, 0, 0, 0]
retr = [2.0, 2.1, 2.0, 2.1, 2.0, 2.0]
p_net = make("net", {"n": N, "ifaces": {"eth0": {"util": iu}, "eth1": {"speed": 0, "rxerr": rxerr},
                                        "eth2": {"drop": [0, 0, 1.5, 0, 0, 0],
                                                 "fifo": [0, 0, 0, 0, 0, 0.05]}},
                     "g": {"softdrop": [0, 0, 0, 0, 0, 0.1], "retrans": retr, "atmptf": atm,
                           "orsts": [0, 0, 0, 0, 0.5, 0]}})
check_input("net", p_net, ["-n", "DEV"], "%ifutil", "eth0", iu)
check_input("net", p_net, ["-n", "EDEV"], "rxerr/s", "eth1", rxerr)
check_input("net", p_net, ["-n", "ETCP"], "atmptf/s", None, atm)
check_input("net", p_net, ["-n", "ETCP"], "orsts/s", None, [0, 0, 0, 0, 0.5, 0])
check_input("net", p_net, ["-n", "EDEV"], "rxfifo/s", "eth2", [0, 0, 0, 0, 0, 0.05])
check_input("net", p_net, ["-n", "SOFT"], "dropd/s", "all", [0, 0, 0, 0, 0, 0.1])
net_exp = {("net", "eth0"): {"verdict": "saturated", "episodes": [ep(2, 4)],
                             "metrics": {"%ifutil": stats(iu) + (90,)}},
           ("net", "eth1"): {"verdict": "errors", "episodes": [],
                             "metrics": {"rxerr/s": stats(rxerr) + (0,)}},
           ("net", "eth2"): {"verdict": "warning", "episodes": [],
                             "metrics": {"drop/s": stats([0, 0, 1.5, 0, 0, 0]) + (1,),
                                         "fifo/s": stats([0, 0, 0, 0, 0, 0.05]) + (0,)}},
           ("net", "all"): {"verdict": "warning", "episodes": [],
                            "metrics": {"%retrans": stats(retr) + (2,),
                                        "dropped/s": stats([0, 0, 0, 0, 0, 0.1])}},
           ("tcp", "all"): {"verdict": "errors", "metrics": {"atmptf/s": stats(atm),
                                                             "orsts/s": stats([0, 0, 0, 0, 0.5, 0])}}}
both("net", p_net, net_exp, order=BASE + [("disk", "sda"), ("net", "all"), ("net", "eth0"),
                                          ("net", "eth1"), ("net", "eth2"), ("fs", "/"),
                                          ("tcp", "all")])
doc = sadf_use(p_net)
if doc:
    s = [(x.get("kind"), x.get("name"), x.get("verdict")) for x in doc["use"].get("suspects", [])]
    ok(len(s) == 5 and s[0] == ("net", "eth0", "saturated")
       and sorted(s[1:3]) == [("net", "eth1", "errors"), ("tcp", "all", "errors")]
       and sorted(s[3:]) == [("net", "all", "warning"), ("net", "eth2", "warning")],
       "net: suspects: %s" % s)
    m = metric(res(doc, "tcp", "all") or {}, "atmptf/s")
    ok(isinstance(m, dict) and m.get("total") == 6, "net: tcp atmptf/s total 6: %s" % m)
    m = metric(res(doc, "tcp", "all") or {}, "orsts/s")
    ok(isinstance(m, dict) and m.get("total") == 30, "net: tcp orsts/s total 30: %s" % m)
    m = metric(res(doc, "net", "eth1") or {}, "rxerr/s")
    ok(isinstance(m, dict) and m.get("total") == 6, "net: eth1 rxerr/s total 6: %s" % m)
for tz in ("UTC", "GMT+12") if not INPUTS_ONLY else ():
    out = sar_use(p_net, tz, ["--iface=eth1"])
    ok(re.search(r"\beth[02]\b", out) is None and re.search(r"^\s+errors\s+net\s+eth1\b", out, re.M),
       "net --iface=eth1 (TZ=%s): sar --use text:\n%s" % (tz, out[:1200]))
both("net --iface=eth1", p_net, {("net", "eth1"): net_exp[("net", "eth1")], ("net", "eth0"): None,
                                 ("net", "eth2"): None}, pre=["--iface=eth1"])

# 10. Filesystems: / above 90 % used for 3: saturated; /home inodes above 90 once and /var
#     above its warn level (80) for 3: warning.
fsu = [90.5, 91, 90.5, 50, 50, 50]
p_fs = make("fs", {"n": N, "fs": {"/": {"used": fsu}, "/home": {"inodes": [50, 50, 91, 50, 50, 50]},
                                  "/var": {"used": [50, 50, 50, 80.5, 80.5, 80.5]}}})
check_input("fs", p_fs, ["-F", "MOUNT"], "%fsused", "/", fsu)
check_input("fs", p_fs, ["-F", "MOUNT"], "%Iused", "/home", [50, 50, 91, 50, 50, 50])
fs_exp = {("fs", "/"): {"verdict": "saturated", "episodes": [ep(1, 3)],
                        "metrics": {"%fsused": stats(fsu) + (90,)}},
          ("fs", "/home"): {"verdict": "warning", "episodes": [],
                            "metrics": {"%Iused": stats([50, 50, 91, 50, 50, 50])}},
          ("fs", "/var"): {"verdict": "warning", "episodes": []}}
both("fs", p_fs, fs_exp, order=BASE + [("disk", "sda"), ("net", "all"), ("net", "eth0"),
                                       ("fs", "/"), ("fs", "/home"), ("fs", "/var"), ("tcp", "all")])
for tz in ("UTC", "GMT+12") if not INPUTS_ONLY else ():
    out = sar_use(p_fs, tz, ["--fs=/var"])
    ok(re.search(r"^fs /(home)? ", out, re.M) is None and re.search(r"^\s+warning\s+fs\s+/var\b", out, re.M),
       "fs --fs=/var (TZ=%s): sar --use text:\n%s" % (tz, out[:1200]))
both("fs --fs=/var", p_fs, {("fs", "/var"): fs_exp[("fs", "/var")], ("fs", "/"): None,
                            ("fs", "/home"): None}, pre=["--fs=/var"])

# 11. No PSI, no disks, no filesystems, no TCP (sadc without -S DISK, XDISK, SNMP and
#     without /proc/pressure): those cannot be judged, and say which -S group collects them.
p = make("bare", {"n": N, "acts": ["CPU", "SWAP", "PAGE", "MEMORY", "QUEUE", "NET_DEV",
                                   "NET_EDEV", "NET_SOFT"]})
both("bare", p, {("cpu", "all"): {"verdict": "ok", "null": ["%psi-some"]},
                 ("memory", "all"): {"verdict": "ok", "null": ["%psi-some", "%psi-full"]},
                 ("disk", "all"): {"verdict": "unknown"}, ("fs", "all"): {"verdict": "unknown"},
                 ("tcp", "all"): {"verdict": "unknown"}}, suspects=[])
doc = sadf_use(p)
if doc:
    u = sorted((x.get("kind"), x.get("name")) for x in doc["use"].get("unknown", []))
    ok(u == [("disk", "all"), ("fs", "all"), ("tcp", "all")], "bare: unknown: %s" % u)
    for kind, grp in (("disk", "DISK"), ("fs", "XDISK"), ("tcp", "SNMP")):
        r = res(doc, kind, "all") or {}
        ok(re.search(r"-S %s\b" % grp, json.dumps(r.get("not-collected"))) is not None,
           "bare: %s all not-collected names -S %s: %s" % (kind, grp, r.get("not-collected")))
for tz in ("UTC", "GMT+12"):
    out = sar_use(p, tz)
    text_has("bare", out, r"^Nothing crossed a threshold\.$", tz)
    text_has("bare", out, r"^Could not be judged:", tz)
    for grp in ("DISK", "XDISK", "SNMP"):
        text_has("bare", out, r"-S %s\b" % grp, tz)

# 12. Limits: --use-limit= and SAR_USE_LIMITS of the config file (the command line wins).
both("cpu.busy=96", p_cpu, {("cpu", "all"): {"verdict": "warning", "episodes": [],
                                              "metrics": {"%busy": stats(BUSY_SAT) + (96,)}}},
     post=["--use-limit=cpu.busy=96"])
both("cpu.busy=90.9", p_cpu, {("cpu", "all"): {"verdict": "warning", "episodes": []}},
     post=["--use-limit=cpu.busy=90.9,disk.util=50"])
conf = os.path.join(D, "sysstat")
with open(conf, "w") as f:
    f.write('# sysstat\nHISTORY=7\nSAR_USE_LIMITS="cpu.busy=96 mem.used=50"\n')
env = {"SYSREC_SYSSTAT_CONF": conf}
both("SAR_USE_LIMITS", p_cpu, {("cpu", "all"): {"verdict": "warning", "episodes": [],
                                                 "metrics": {"%busy": stats(BUSY_SAT) + (96,)}},
                               ("memory", "all"): {"verdict": "ok"}}, env=env)
both("SAR_USE_LIMITS and --use-limit", p_cpu,
     {("cpu", "all"): {"verdict": "saturated", "episodes": [ep(2, 5)],
                       "metrics": {"%busy": stats(BUSY_SAT) + (90,)}}},
     post=["--use-limit=cpu.busy=90"], env=env)
for tz in ("UTC", "GMT+12"):
    out = sar_use(p_cpu, tz, ["--use-limit=cpu.busy=96"])
    text_has("cpu.busy=96", out, r"^\s+warning\s+cpu\s+all\b", tz)
    out = sar_use(p_cpu, tz, env=env)
    text_has("SAR_USE_LIMITS", out, r"^\s+warning\s+cpu\s+all\b", tz)
    text_has("SAR_USE_LIMITS", out, r"^cpu all\s+warning\s+U %busy\s+77\.83\s+95\.00\s+\S+\s+96\.00$", tz)

# 13. -s/-e: the window of sar (local time) and of sadf (UTC).
both("window", p_cpu, {("cpu", "all"): {"verdict": "warning", "episodes": [],
                                         "metrics": {"%busy": (93, 95, T0 + 240)}}},
     pre=["-s", "02:02:00", "-e", "02:04:00"], window=(T0 + 120, T0 + 240, 2, 3))
for tz in ("UTC", "GMT+12"):
    out = sar_use(p_cpu, tz, ["-s", local(T0 + 120, tz), "-e", local(T0 + 240, tz)])
    text_has("window", out, r"^USE method, .*: 2 intervals; an episode lasts at least 3 intervals\.$", tz)
    text_has("window", out, r"^\s+warning\s+cpu\s+all\b", tz)

# 14. -P: per-CPU resources; CPU 1 busy above 90 for 3 intervals, CPU 0 quiet, all below 70.
c1 = [95, 95, 95, 20, 20, 20]
p = make("percpu", {"n": N, "percpu": {0: 20.0, 1: c1}})
check_input("percpu", p, ["-u", "-P", "1"], "%idle", "1", [100 - b for b in c1])
both("-P ALL", p, {("cpu", "all"): {"verdict": "ok", "metrics": {"%busy": (38.75, 57.5, T0 + 60)}},
                   ("cpu", "0"): {"verdict": "ok"},
                   ("cpu", "1"): {"verdict": "saturated", "episodes": [ep(1, 3)],
                                  "metrics": {"%busy": stats(c1)}}},
     pre=["-P", "ALL"], suspects=[("cpu", "1", "saturated")])
both("-P 0", p, {("cpu", "0"): {"verdict": "ok"}, ("cpu", "1"): None}, pre=["-P", "0"])
both("no -P", p, {("cpu", "all"): {"verdict": "ok"}, ("cpu", "1"): None}, suspects=[])
for tz in ("UTC", "GMT+12"):
    out = sar_use(p, tz, ["-P", "ALL"])
    text_has("-P ALL", out, r"^\s+saturated\s+cpu\s+1\s+%s-%s \(3 min" % (
        local(T0, tz), local(T0 + 180, tz)), tz)

# 15. A .gz copy gives the same output.
gz = p_disk + ".gz"
with open(p_disk, "rb") as a, gzip.open(gz, "wb") as b:
    shutil.copyfileobj(a, b)
for tz in ("UTC", "GMT+12") if not INPUTS_ONLY else ():
    a, b = run([SADF, "-j", p_disk, "--", "--use"], tz), run([SADF, "-j", gz, "--", "--use"], tz)
    ok(a[0] == 0 and a[1] == b[1].replace(os.path.basename(gz), os.path.basename(p_disk)),
       "gz (TZ=%s): sadf -j -- --use differs on the .gz copy" % tz)
    a, b = run([SAR, "--use", "-f", p_disk], tz), run([SAR, "--use", "-f", gz], tz)
    ok(a[0] == 0 and a[1] == b[1], "gz (TZ=%s): sar --use differs on the .gz copy" % tz)

# 16. A LINUX RESTART splits a run of 5 intervals over 90 % into 2 and 3: only the 3 after
#     the restart make an episode. Records at T0, +60, +120; restart at +150; records at
#     +180 ... +360 (intervals (180,240), (240,300), (300,360)).
p = make("restart", {"n": N, "restart_after": 3, "g": {"busy": [91, 91, 0, 91, 91, 91]}})
check_input("restart", p, ["-u"], "%idle", "all", [9] * 5)
both("restart", p, {("cpu", "all"): {"verdict": "saturated",
                                      "episodes": [(T0 + 180, T0 + 360)],
                                      "metrics": {"%busy": (91, 91, T0 + 60)}}},
     window=(T0, T0 + 360, 5, 3))
p = make("restart2", {"n": N, "restart_after": 3, "g": {"busy": [91, 91, 0, 91, 91, 50]}})
check_input("restart2", p, ["-u"], "%idle", "all", [9, 9, 9, 9, 50])
both("restart2", p, {("cpu", "all"): {"verdict": "warning", "episodes": []}})

# 19. iowait is idle time: processors 31 % busy (user) and 60 % in iowait (sar -u's %idle 9)
#     while sda is saturated. cpu all is ok (%busy = 100 - %idle - %iowait = 31), sda the
#     only suspect. With CPU pressure (25 %) and a run queue of 4 on 2 processors as well,
#     cpu all is saturated for longer than sda (6 intervals against 4), but its %busy never
#     went above its warning level (70): sda, saturated while busy, ranks first.
io_util = [50, 99, 99, 99, 99, 50]
io = {"n": N, "g": {"busy": 31.0, "iowait": 60.0}, "disks": {"sda": {"util": io_util, "aqu": 3.0}}}
p = make("iowait", io)
check_input("iowait", p, ["-u"], "%iowait", "all", [60] * N)
check_input("iowait", p, ["-u"], "%idle", "all", [9] * N)
check_input("iowait", p, ["-d", "-p"], "%util", "sda", io_util)
both("iowait", p, {("cpu", "all"): {"verdict": "ok", "episodes": [],
                                     "metrics": {"%busy": (31, 31, T0 + 60, 90)}},
                   ("disk", "sda"): {"verdict": "saturated", "episodes": [ep(1, 6)]}},
     suspects=[("disk", "sda", "saturated")])
io["g"].update({"psi_cpu": 25.0, "runq": [2, 4, 4, 4, 2, 2]})
p = make("iowait_psi", io)
check_input("iowait_psi", p, ["-q", "CPU"], "%scpu", None, [25] * N)
check_input("iowait_psi", p, ["-q"], "runq-sz", None, [2, 4, 4, 4, 2, 2])
both("iowait_psi", p, {("cpu", "all"): {"verdict": "saturated", "episodes": [ep(1, 6)],
                                         "metrics": {"%busy": (31, 31, T0 + 60),
                                                     "%psi-some": (25, 25, T0 + 60)}},
                       ("disk", "sda"): {"verdict": "saturated", "episodes": [ep(1, 6)]}},
     suspects=[("disk", "sda", "saturated"), ("cpu", "all", "saturated")])
io["disks"]["sda"]["util"] = [50, 99, 99, 99, 99, 50]
io["disks"]["sda"]["aqu"] = [0.5, 3, 3, 3, 3, 0.5]
p = make("iowait_rank", io)
both("iowait_rank", p, {("cpu", "all"): {"verdict": "saturated", "episodes": [ep(1, 6)]},
                        ("disk", "sda"): {"verdict": "saturated", "episodes": [ep(2, 5)]}},
     suspects=[("disk", "sda", "saturated"), ("cpu", "all", "saturated")])
for tz in ("UTC", "GMT+12") if not INPUTS_ONLY else ():
    out = sar_use(p, tz)
    sus = re.findall(r"^  (\w+) +(cpu all|disk sda)\b.*$", out, re.M)
    ok([x[1] for x in sus] == ["disk sda", "cpu all"],
       "iowait_rank (TZ=%s): suspects in the text: %s" % (tz, sus))
    text_has("iowait_rank", out, r"^  saturated  cpu all +%s-%s \(6 min\): .*%%psi-some peak "
             r"25\.00 at %s; %%busy not above 70\.00 in its episodes$" % (
                 local(T0, tz), local(T0 + 360, tz), local(T0 + 60, tz)), tz)
    text_has("iowait_rank", out, r"^  saturated  disk sda +%s-%s \(4 min\): %%util peak 99\.00 "
             r"at %s, aqu-sz peak 3\.00 at %s$" % (local(T0 + 60, tz), local(T0 + 300, tz),
                                                   local(T0 + 120, tz), local(T0 + 120, tz)), tz)


# 19b. On SMP, sar -u rebuilds "all" from the CPUs and ignores the stored "all" (the
#     kernel sums its "cpu" line at another instant): a stored "all" at 95 % over CPUs at
#     85 % is judged at 85, as sar prints it: warning (above 70), not saturated.
p = make("all_skew", {"n": N, "g": {"busy": 85.0}, "all_skew": 10})
check_input("all_skew", p, ["-u"], "%idle", "all", [15] * N)
both("all_skew", p, {("cpu", "all"): {"verdict": "warning", "episodes": [],
                                       "metrics": {"%busy": (85, 85, T0 + 60)}}},
     suspects=[("cpu", "all", "warning")])


# 20. A disk and an interface that appear and vanish: sdb and eth1 are attached during the
#     third interval and detached during the sixth. Their counters start at zero when they
#     are attached, and sar prints their first interval from zeros: %util 95 and %ifutil 95
#     in intervals 3 to 5, an episode of 3 intervals, as sar's rows show it.
def appear_desc():
    L = ["cpus 2", "host use-make", "acts CPU DISK NET_DEV", "items DISK 1", "items NET_DEV 1",
         "set DISK 0 major=8 minor=0", "set NET_DEV 0 interface=eth0 speed=1000 duplex=2",
         "set CPU 0 cpu_user=2000 cpu_idle=2000", "set CPU 1 cpu_user=1000 cpu_idle=1000",
         "set CPU 2 cpu_user=1000 cpu_idle=1000"]
    t = T0
    for r in range(N + 1):
        if r > 0:
            L += ["set CPU %d cpu_user+=%d cpu_idle+=%d" % (c, 1200 * k, 4800 * k)
                  for c, k in ((0, 2), (1, 1), (2, 1))]
            L += ["set DISK 0 tot_ticks+=6000 nr_ios+=60 rd_ticks+=120",
                  "set NET_DEV 0 rx_bytes+=%d rx_packets+=600" % (1250000 * 60 * 10)]
        if r == 3:
            L += ["items DISK 2", "set DISK 1 major=8 minor=16 tot_ticks=57000 nr_ios=60 rd_ticks=120",
                  "items NET_DEV 2", "set NET_DEV 1 interface=eth1 speed=1000 duplex=2 "
                  "rx_bytes=%d rx_packets=600" % (1250000 * 60 * 95)]
        if r in (4, 5):
            L += ["set DISK 1 tot_ticks+=57000 nr_ios+=60 rd_ticks+=120",
                  "set NET_DEV 1 rx_bytes+=%d rx_packets+=600" % (1250000 * 60 * 95)]
        if r == 6:
            L += ["drop DISK 1", "drop NET_DEV 1"]
        L.append("rec %d" % t)
        t += STEP
    return "\n".join(L) + "\n"


p = os.path.join(D, "appear.sa")
r_ = subprocess.run([MAKE, "-", p], input=appear_desc(), text=True, capture_output=True)
ok(r_.returncode == 0, "use_make appear: %s" % r_.stderr.strip())
check_input("appear", p, ["-d", "-p"], "%util", "sdb", [95, 95, 95])
check_input("appear", p, ["-d", "-p"], "%util", "sda", [10] * N)
check_input("appear", p, ["-n", "DEV"], "%ifutil", "eth1", [95, 95, 95])
appear = {("disk", "sdb"): {"verdict": "saturated", "episodes": [ep(3, 5)],
                            "metrics": {"%util": (95, 95, T0 + 180, 90)}},
          ("disk", "sda"): {"verdict": "ok", "metrics": {"%util": (10, 10, T0 + 60)}},
          ("net", "eth1"): {"verdict": "saturated", "episodes": [ep(3, 5)],
                            "metrics": {"%ifutil": (95, 95, T0 + 180, 90)}},
          ("net", "eth0"): {"verdict": "ok"}}
both("appear", p, appear, suspects=[("disk", "sdb", "saturated"), ("net", "eth1", "saturated")])
#    A window that starts in the interval sdb appears in: the same episode.
appear[("disk", "sda")]["metrics"]["%util"] = (10, 10, T0 + 180)
both("appear -s", p, appear, pre=["-s", "02:02:00"], window=(T0 + 120, T0 + 360, 4, 3))

# 17. --use with another activity option is a usage error (exit 1).
rc, out, err = run([SAR, "--use", "-u", "-f", p_cpu])
ok(rc == 1, "sar --use -u: exit %d, expected 1" % rc)

# 17b. A limit is written in the C notation whatever the locale (a comma separates pairs):
#     under de_DE, cpu.busy=96.5 is taken, and the table prints it with the locale's comma.
if "de_DE.utf8" in subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout:
    rc, out, err = run([SAR, "--use", "--use-limit=cpu.busy=96.5", "-f", p_cpu],
                       env_extra={"LC_ALL": "de_DE.UTF-8"})
    ok(rc == 0 and re.search(r"^cpu all +warning +U %busy .* 96,50$", out, re.M),
       "de_DE: --use-limit=cpu.busy=96.5: exit %d, %r %r" % (rc, err, out[:400]))
else:
    print("SKIP: de_DE.UTF-8 locale not installed: the limit in the C notation is not checked")

# 18. A file cut inside its last record: the analysis of the records before it (5 of the 6
#     intervals), then sar's message and status 2, as sar -u prints its rows before it.
cut = os.path.join(D, "cut.sa")
with open(p_cpu, "rb") as a, open(cut, "wb") as b:
    b.write(a.read()[:-100])
rc, out, err = run([SAR, "--use", "-f", cut])
ok(rc == 2 and err == "End of system activity file unexpected\n" and
   re.search(r"^USE method, \S+ to \S+: 5 intervals;", out, re.M) and "cpu all" in out,
   "cut file: sar --use: exit %d, stderr %r, report %r" % (rc, err, out[:300]))
rc, out, err = run([SADF, "-j", cut, "--", "--use"])
try:
    w = json.loads(out)["sysstat"]["hosts"][0]["use"]["window"]
except (ValueError, KeyError, IndexError):
    w = None
ok(rc == 2 and err == "End of system activity file unexpected\n" and w and w["intervals"] == 5,
   "cut file: sadf -j -- --use: exit %d, stderr %r, window %r" % (rc, err, w))

print("sar_use: %d passed, %d failed" % (n_pass, n_fail))
sys.exit(1 if n_fail else 0)
