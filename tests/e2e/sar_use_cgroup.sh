#!/bin/bash
# flavours: 12.6.1 12.7.5
# sar --use and sadf -j FILE -- --use judge the cgroups of sadc -S CGROUP (the USE table's
# fifth row: each cgroup's limits) and count memory's errors, the OOM kills, from them.
#
# 1. A synthetic file (tests/tools/use_make), ten records a minute apart, whose cgroups
#    hold counters written below: web.service throttled by its CPU quota for three
#    intervals (saturated), db.service near and once past its memory limit and OOM-killed
#    three times (errors; one kill reaches its slice's count an interval after its own, as
#    when sadc reads the slice before a kill and the service after it), quiet.service
#    unlimited and quiet (ok), late.service made in the window (no counter value in its
#    first interval), again.service removed and made again (no value in that interval; it
#    was killed once in between, which its slice's count alone holds), user.slice's
#    job.scope killed and removed at once, init.scope without a file the table judges
#    (unknown), and a root cgroup under heavy pressure that must not be a resource. Every
#    value, average, peak and its time, over-count, episode, verdict, E total and suspect
#    line is worked out here from those counters by the rules of sar(1), never from our
#    output, and checked in the text report (TZ=UTC and TZ=GMT+12) and in the JSON; the
#    same with other limits from --use-limit= and from SAR_USE_LIMITS. The same file
#    without its extension records (tests/tools/sa_strip_ext.py) has no cgroup resource
#    and memory's errors read "not in archives". A file of 155 cgroups lists only its
#    suspect in the text table and counts the others; the JSON has them all.
# 2. A real cgroup memory limit hit on this machine, where the kernel allows it (root,
#    the memory controller in the unified hierarchy's cgroup.subtree_control): a cgroup
#    with memory.max 32M and memory.swap.max 0; else, on a hybrid machine whose v1
#    memory hierarchy has the controller, sysrec-usetest-PID there with
#    memory.limit_in_bytes 32M (and memory.memsw.limit_in_bytes 32M where swap is
#    accounted), which sadc reads in place of v2's memory. Two records of sadc -S
#    CGROUP one second apart, a process in it that allocates 100 MiB and is killed, two
#    more records. The check does not hope for a kill: it reads the kills from the
#    archive's own counters (sadf --openmetrics -- --cgroup: oom_kill of each cgroup
#    and record) and asks that sar --use and sadf -j -- --use count exactly those, for the cgroup and
#    for memory (the top-level cgroups' kills), and call the cgroup errors or saturated.
#    Elsewhere one SKIP line says why; the cgroup is removed on every way out.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
USE_MAKE="$top_builddir/tests/tools/use_make"
STRIP="$top_srcdir/tests/tools/sa_strip_ext.py"
[ -x "$SAR" ] && [ -x "$SADF" ] && [ -x "$SADC" ] || skip "sar, sadf or sadc not built"
[ -x "$USE_MAKE" ] || skip "$USE_MAKE not built"
python3 -c 'import json' 2>/dev/null || skip "python3 not found"

export SAR SADF USE_MAKE STRIP TMPD
python3 - <<'PY'
import json, os, re, subprocess, sys

SAR, SADF, MAKE, STRIP = (os.environ[k] for k in ("SAR", "SADF", "USE_MAKE", "STRIP"))
D = os.environ["TMPD"]
T0 = 1796090400  # 2026-12-01 02:00:00 UTC
STEP = 60
N_REC = 10
ITV_US = STEP * 1000000
n_pass = n_fail = 0


def ok(cond, what):
    global n_pass, n_fail
    if cond:
        n_pass += 1
    else:
        n_fail += 1
        print("FAIL: " + what)
    return cond


def run(args, env=None):
    e = dict(os.environ, LC_ALL="C")
    e.update(env or {})
    p = subprocess.run(args, capture_output=True, text=True, env=e)
    return p.returncode, p.stdout, p.stderr


def utc(t):
    import datetime
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def local(t, tz):
    off = -12 * 3600 if tz == "GMT+12" else 0
    s = (t + off) % 86400
    return "%02d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)


def rec_t(r):
    return T0 + r * STEP


# ---------------------------------------------------------------- the counters
CPU, THROTTLE, MEM, MEMMAX, SWAP, MEMEVENTS, IO = 0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40
PSI_CPU, PSI_CPUF, PSI_MEM, PSI_IO = 0x80, 0x100, 0x200, 0x400
ALL = 0x7ff
NOLIMIT = 2 ** 64 - 1
MIB = 1 << 20
COUNTERS = ["usage_usec", "nr_periods", "nr_throttled", "throttled_usec", "ev_max", "ev_oom_kill",
            "rbytes", "wbytes", "psi_cpu_some", "psi_mem_some", "psi_mem_full", "psi_io_some",
            "psi_io_full"]
BIT = {"usage_usec": CPU, "nr_periods": THROTTLE, "nr_throttled": THROTTLE,
       "throttled_usec": THROTTLE, "ev_max": MEMEVENTS, "ev_oom_kill": MEMEVENTS, "rbytes": IO,
       "wbytes": IO, "psi_cpu_some": PSI_CPU, "psi_mem_some": PSI_MEM, "psi_mem_full": PSI_MEM,
       "psi_io_some": PSI_IO, "psi_io_full": PSI_IO}


def pc(p):  # a share of the interval, in %, as microseconds
    return int(p * ITV_US / 100)


def acc(incs, start=0):
    """Cumulative values at records 0..9 from the increments of intervals 0..8."""
    out = [start]
    for i in incs:
        out.append(out[-1] + i)
    return out


Z = [0] * 9


def cg(depth, present, mem_max=NOLIMIT, current=None, recs=None, **inc):
    """A cgroup: its counters at each record (from increments per interval, or full lists)."""
    c = {"depth": depth, "present": present, "mem_max": mem_max,
         "current": current or [64 * MIB] * N_REC, "recs": recs or set(range(N_REC))}
    for k in COUNTERS:
        v = inc.get(k, Z)
        c[k] = v if len(v) == N_REC else acc(v)
    return c


CG = {
    # The host's own pressure: heavy, but the root is no resource.
    "/": cg(0, CPU | PSI_CPU | PSI_CPUF | PSI_MEM | PSI_IO, usage_usec=[10 ** 8] * 9,
            psi_mem_some=[pc(60)] * 9, psi_io_some=[pc(40)] * 9),
    # Its kills: db's a first time an interval late (+1 at 5 for db's +1 at 4), again's
    # (+1 at 5, in the cgroup made again), db's second (+2 at 7). Its pressure is its
    # services' (hierarchical).
    "/system.slice": cg(1, ALL, usage_usec=[3 * 10 ** 7] * 9,
                        ev_oom_kill=[0, 0, 0, 0, 0, 2, 0, 2, 0],
                        psi_mem_some=[0, 0, 0, pc(10), pc(30), pc(50), 0, pc(5), 0],
                        psi_mem_full=[0, 0, 0, 0, pc(10), 0, 0, 0, 0],
                        psi_io_some=[pc(1)] * 9),
    # Out of its CPU quota: %thrprd 10 50 60 70 20, %thrtl 1.67 15 25 10 5.
    "/system.slice/web.service": cg(2, ALL, usage_usec=[2 * 10 ** 7] * 9,
                                    nr_periods=[600] * 9,
                                    nr_throttled=[0, 60, 300, 360, 420, 120, 0, 0, 0],
                                    throttled_usec=[0, 10 ** 6, 9 * 10 ** 6, 15 * 10 ** 6,
                                                    6 * 10 ** 6, 3 * 10 ** 6, 0, 0, 0],
                                    psi_mem_some=[pc(0.5)] * 9, psi_io_some=[pc(1)] * 9),
    # 256 MiB limit: above 90 % for intervals 2-4, past it in 7; killed 1 + 2 times.
    "/system.slice/db.service": cg(2, ALL, mem_max=256 * MIB,
                                   current=[m * MIB for m in
                                            (100, 150, 200, 240, 245, 250, 60, 240, 258, 120)],
                                   usage_usec=[10 ** 7] * 9, ev_max=[0, 0, 5, 40, 80, 90, 0, 60, 70],
                                   ev_oom_kill=[0, 0, 0, 0, 1, 0, 0, 2, 0],
                                   psi_mem_some=[0, 0, 0, pc(10), pc(30), pc(50), 0, pc(5), 0],
                                   psi_mem_full=[0, 0, 0, 0, pc(10), 0, 0, 0, 0]),
    "/system.slice/quiet.service": cg(2, ALL, usage_usec=[10 ** 5] * 9),
    # Made between records 3 and 4, with counters since its creation that would read as a
    # 50 % throttled interval if counted from 0.
    "/system.slice/late.service": cg(2, ALL, mem_max=100 * MIB, current=[50 * MIB] * N_REC,
                                     recs=set(range(4, N_REC)),
                                     nr_periods=[0, 0, 0, 0, 300, 900, 1500, 2100, 2700, 3300],
                                     throttled_usec=[0] * 4 + [pc(50)] * 6,
                                     nr_throttled=[0] * 4 + [100] * 6,
                                     usage_usec=[0, 0, 0, 0, 10 ** 6, 2 * 10 ** 6, 3 * 10 ** 6,
                                                 4 * 10 ** 6, 5 * 10 ** 6, 6 * 10 ** 6]),
    # Made again between records 5 and 6 (every counter smaller at 6): %thrprd 30 in
    # intervals 3, 4, 6 and 7, none in 5; killed once in its new life, during 5.
    "/system.slice/again.service": cg(
        2, ALL,
        usage_usec=[9 * 10 ** 8 + k * 10 ** 6 for k in range(6)] + [10 ** 5 * k for k in (1, 2, 3, 4)],
        nr_periods=[10000 + 600 * k for k in range(6)] + [300, 900, 1500, 2100],
        nr_throttled=[50, 50, 50, 50, 230, 410, 20, 200, 380, 380],
        throttled_usec=[10 ** 6] * 4 + [10 ** 6 + pc(5), 10 ** 6 + pc(10)] + [0, 0, pc(5), pc(5)],
        ev_oom_kill=[5] * 6 + [1] * 4),
    "/user.slice": cg(1, CPU | MEM | MEMMAX | MEMEVENTS, usage_usec=[10 ** 6] * 9,
                      ev_oom_kill=[0, 0, 0, 0, 0, 0, 0, 1, 0]),
    # Killed between records 7 and 8 and gone at 8: its kill is user.slice's.
    "/user.slice/job.scope": cg(2, CPU | MEM | MEMMAX | MEMEVENTS, mem_max=64 * MIB,
                                current=[10 * MIB] * N_REC, recs=set(range(8)),
                                usage_usec=[10 ** 6] * 9),
    "/init.scope": cg(1, CPU, usage_usec=[10 ** 5] * 9),
}


def describe(cgroups, n_rec=N_REC):
    L = ["cpus 2", "host use-cg", "acts CPU MEMORY",
         "set MEMORY 0 tlmkb=1000000 availablekb=500000"]
    alive = set()
    for r in range(n_rec):
        for path, c in cgroups.items():
            if r not in c["recs"]:
                if path in alive:
                    L.append("nocgroup " + path)
                    alive.discard(path)
                continue
            alive.add(path)
            f = ["present=%d" % c["present"], "depth=%d" % c["depth"],
                 "mem_max=%d" % c["mem_max"], "mem_current=%d" % c["current"][r]]
            f += ["%s=%d" % (k, c[k][r]) for k in COUNTERS]
            L.append("cgroup %s %s" % (path, " ".join(f)))
        if r:
            L.append("set CPU 0 cpu_user+=2400 cpu_idle+=9600")
            L.append("set CPU 1 cpu_user+=1200 cpu_idle+=4800")
            L.append("set CPU 2 cpu_user+=1200 cpu_idle+=4800")
        L.append("rec %d" % rec_t(r))
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------- by hand
LIMITS = {"cgroup.memmax": (100, 90), "cgroup.thrtl": (10, None), "cgroup.thrprd": (25, None),
          "cgroup.psi-smem": (10, None), "cgroup.psi-fmem": (5, None),
          "cgroup.psi-sio": (10, None), "cgroup.psi-fio": (5, None), "cgroup.oom": (0, None),
          "mem.oom": (0, None), "mem.used": (95, 85), "cpu.busy": (90, 70)}
# The metrics of a cgroup, in the table's order: letter, name, limit key, why no value.
CG_METRICS = [("U", "%memmax", "cgroup.memmax", "no limit"),
              ("S", "%thrtl", "cgroup.thrtl", "no cpu controller"),
              ("S", "%thrprd", "cgroup.thrprd", "no CPU quota"),
              ("S", "%smem", "cgroup.psi-smem", "no PSI"), ("S", "%fmem", "cgroup.psi-fmem", "no PSI"),
              ("S", "%sio", "cgroup.psi-sio", "no PSI"), ("S", "%fio", "cgroup.psi-fio", "no PSI"),
              ("E", "oom_kill/s", "cgroup.oom", "no memory.events")]
SHARES = {"%thrtl": ("throttled_usec", THROTTLE), "%smem": ("psi_mem_some", PSI_MEM),
          "%fmem": ("psi_mem_full", PSI_MEM), "%sio": ("psi_io_some", PSI_IO),
          "%fio": ("psi_io_full", PSI_IO)}


def both_files(c, r):
    """The files whose counters make interval r (records r, r+1): none when new or made again."""
    if r not in c["recs"] or r + 1 not in c["recs"]:
        return 0
    if any(c[k][r + 1] < c[k][r] and c["present"] & BIT[k] for k in COUNTERS):
        return 0
    return c["present"]


def parent_paths(path):
    while path != "/":
        path = path.rsplit("/", 1)[0] or "/"
        yield path


def expected_values(cgroups, n_rec=N_REC):
    """{path: {metric: [value or None per interval]}}, and the host's kills per interval."""
    n_itv = n_rec - 1
    vals = {p: {m[1]: [None] * n_itv for m in CG_METRICS} for p in cgroups if p != "/"}
    host = [None] * n_itv
    owed = {p: (0, -5) for p in cgroups}
    for r in range(n_itv):
        kills = {}
        for p, c in cgroups.items():
            b = both_files(c, r)
            if b & MEMEVENTS:
                kills[p] = c["ev_oom_kill"][r + 1] - c["ev_oom_kill"][r]
        own = dict(kills)
        for p in kills:
            up = next((a for a in parent_paths(p) if a in kills), None)
            if up is None:
                host[r] = (host[r] or 0) + kills[p]
            else:
                own[up] -= kills[p]
        for p, c in cgroups.items():
            if p == "/" or r + 1 not in c["recs"]:
                continue
            v = vals[p]
            b = both_files(c, r)
            if c["present"] & (MEM | MEMMAX) == MEM | MEMMAX and c["mem_max"] != NOLIMIT:
                v["%memmax"][r] = c["current"][r + 1] * 100.0 / c["mem_max"]
            for m, (k, bit) in SHARES.items():
                if b & bit:
                    v[m][r] = (c[k][r + 1] - c[k][r]) * 100.0 / ITV_US
            if b & THROTTLE and c["nr_periods"][r + 1] > c["nr_periods"][r]:
                v["%thrprd"][r] = ((c["nr_throttled"][r + 1] - c["nr_throttled"][r]) * 100.0 /
                                   (c["nr_periods"][r + 1] - c["nr_periods"][r]))
            if p in own:
                debt, seq = owed[p]
                o = own[p] - (debt if seq == r - 1 else 0)
                owed[p] = (-o if o < 0 else 0, r)
                v["oom_kill/s"][r] = max(o, 0) / STEP
    return vals, [None if h is None else h / STEP for h in host]


def stats(series, limit, warn, letter):
    """The figures sar(1) gives a metric: None without a value in the window."""
    idx = [i for i, x in enumerate(series) if x is not None]
    if not idx:
        return None
    peak = max(series[i] for i in idx)
    first = next(i for i in idx if series[i] == peak)
    over = [i for i in idx if series[i] > limit]
    wbest = run = 0
    last = -5
    for i in idx:
        run = (run + 1 if last == i - 1 else 1) if warn is not None and series[i] > warn else 0
        last = i
        wbest = max(wbest, run)
    return {"avg": sum(series[i] for i in idx) / len(idx), "peak": peak, "peak_at": rec_t(first + 1),
            "over": over, "wbest": wbest if letter == "U" and warn is not None else 0,
            "total": sum(series[i] * STEP for i in idx) if letter == "E" else None,
            "limit": limit, "warn": warn}


def judge(metrics, n_itv, episode=3):
    """metrics: [(letter, name, stats)]; the verdict and the episodes [(from, to)]."""
    over = set()
    for letter, _, st in metrics:
        if st and letter != "E":
            over |= set(st["over"])
    eps, i = [], 0
    while i < n_itv:
        j = i
        while j in over:
            j += 1
        if j - i >= episode:
            eps.append((rec_t(i), rec_t(j)))
        i = max(j, i + 1)
    seen = [m for m in metrics if m[2]]
    if not seen:
        return "unknown", eps
    if eps:
        return "saturated", eps
    if any(l == "E" and st["over"] for l, _, st in seen):
        return "errors", eps
    if any(st["over"] or st["wbest"] >= episode for _, _, st in seen):
        return "warning", eps
    return "ok", eps


def expect(cgroups, limits, n_rec=N_REC):
    """{(kind, name): {"verdict", "episodes", "metrics": [(letter, name, stats, why)]}}."""
    vals, host = expected_values(cgroups, n_rec)
    out = {}
    for p in vals:
        ms = []
        for letter, name, key, why in CG_METRICS:
            lim, warn = limits[key]
            ms.append((letter, name, stats(vals[p][name], lim, warn, letter), why))
        verdict, eps = judge([(l, n, s) for l, n, s, _ in ms], n_rec - 1)
        out[("cgroup", p)] = {"verdict": verdict, "episodes": eps, "metrics": ms}
    lim, warn = limits["mem.oom"]
    used = stats([50.0] * (n_rec - 1), *limits["mem.used"], "U")
    mem = [("U", "%used", used, None), ("E", "oom_kill/s", stats(host, lim, warn, "E"), "")]
    verdict, eps = judge([(l, n, s) for l, n, s, _ in mem], n_rec - 1)
    out[("memory", "all")] = {"verdict": verdict, "episodes": eps, "metrics": mem}
    return out


def why_line(r, tz):
    """The suspect line's reason, as sar(1) words it."""
    parts, head = [], ""
    if r["verdict"] == "saturated":
        a, b = r["episodes"][0]
        head = "%s-%s (%d min):" % (local(a, tz), local(b, tz), (b - a) // 60)
        if len(r["episodes"]) > 1:
            head = head[:-1] + " and %d more episode%s:" % (len(r["episodes"]) - 1,
                                                         "s" if len(r["episodes"]) > 2 else "")
    for letter, name, st, _ in r["metrics"]:
        if not st:
            continue
        warned = letter == "U" and st["warn"] is not None and st["wbest"] >= 3
        if (not st["over"] and not warned) or (r["verdict"] == "errors" and letter != "E"):
            continue
        s = " %s peak %.2f at %s" % (name, st["peak"], local(st["peak_at"], tz))
        if letter == "E":
            s += " (%.0f in all)" % st["total"]
        elif r["verdict"] == "warning" and st["over"]:
            n = len(st["over"])
            s += " (over %.2f in %d interval%s, not sustained)" % (st["limit"], n, "s" if n > 1 else "")
        elif r["verdict"] == "warning":
            s += " (above %.2f for %d intervals)" % (st["warn"], st["wbest"])
        parts.append(s)
    return head + ",".join(parts)


# ---------------------------------------------------------------- the reports
def parse_table(out):
    """{resource: {"verdict", "metrics": {name: text after the name}, "episodes": [text]}}."""
    res, cur = {}, None
    body = out.split("\nRESOURCE ", 1)[1].split("\n")[1:] if "\nRESOURCE " in out else []
    for line in body:
        m = re.match(r"^(\S+ \S+) +(\S+) +([USE]) (\S+) *(.*)$", line)
        if m:
            cur = res.setdefault(m.group(1), {"verdict": m.group(2), "metrics": {}, "episodes": []})
            cur["metrics"][(m.group(3), m.group(4))] = m.group(5)
            continue
        m = re.match(r"^ {32}([USE]) (\S+) *(.*)$", line)
        if m and cur is not None:
            cur["metrics"][(m.group(1), m.group(2))] = m.group(3)
            continue
        m = re.match(r"^ {32}episode (.*)$", line)
        if m and cur is not None:
            cur["episodes"].append(m.group(1))
    return res


def table_text(st, why, tz):
    if st is None:
        return "no value (%s)" % why if why else "no value"
    return "%.2f %.2f %s %.2f" % (st["avg"], st["peak"], local(st["peak_at"], tz), st["limit"])


def norm(s):
    return " ".join(s.split())


def check_text(out, exp, tag, tz):
    table = parse_table(out)
    for (kind, name), r in exp.items():
        key = kind + " " + name
        got = table.get(key)
        if not ok(got is not None, "%s: %s has rows in the table" % (tag, key)):
            continue
        ok(got["verdict"] == r["verdict"], "%s: %s verdict %s, want %s" %
           (tag, key, got["verdict"], r["verdict"]))
        for letter, mname, st, why in r["metrics"]:
            g = got["metrics"].get((letter, mname))
            w = table_text(st, why, tz)
            ok(g is not None and norm(g) == norm(w), "%s: %s %s %s: got '%s', want '%s'" %
               (tag, key, letter, mname, g, w))
        want_eps = ["%s-%s (%d min)" % (local(a, tz), local(b, tz), (b - a) // 60)
                    for a, b in r["episodes"]]
        ok(got["episodes"] == want_eps, "%s: %s episodes %s, want %s" %
           (tag, key, got["episodes"], want_eps))
    sus = {}
    for line in out.split("\n"):
        m = re.match(r"^  (saturated|errors|warning) +(cgroup \S+|memory all) +(.*)$", line)
        if m:
            sus[m.group(2)] = (m.group(1), m.group(3))
    want = {k + " " + n: (r["verdict"], why_line(r, tz)) for (k, n), r in exp.items()
            if r["verdict"] in ("saturated", "errors", "warning")}
    for k, w in want.items():
        ok(k in sus and sus[k][0] == w[0] and norm(sus[k][1]) == norm(w[1]),
           "%s: suspect %s: got %s, want %s" % (tag, k, sus.get(k), w))
    ok(set(sus) == set(want), "%s: the suspects are %s, want %s" % (tag, sorted(sus), sorted(want)))


def json_metric_ok(g, st, letter):
    if st is None:
        return g is None
    w = {"average": "%.2f" % st["avg"], "peak": "%.2f" % st["peak"],
         "peak-time": utc(st["peak_at"]), "limit": "%.2f" % st["limit"],
         "over-intervals": len(st["over"])}
    if letter == "U" and st["warn"] is not None:
        w["warn"] = "%.2f" % st["warn"]
    if letter == "E":
        w["total"] = round(st["total"])
    if g is None or set(g) != set(w):
        return False
    return all((("%.2f" % g[k]) if isinstance(w[k], str) and k != "peak-time" else g[k]) == w[k]
               for k in w)


def check_json(doc, exp, tag):
    use = doc["sysstat"]["hosts"][0]["use"]
    res = {(r["kind"], r["name"]): r for r in use["resources"]}
    groups = {"U": "utilization", "S": "saturation", "E": "errors"}
    for key, r in exp.items():
        g = res.get(key)
        if not ok(g is not None, "%s: JSON resource %s" % (tag, key)):
            continue
        ok(g["verdict"] == r["verdict"], "%s: JSON %s verdict %s, want %s" %
           (tag, key, g["verdict"], r["verdict"]))
        for letter, mname, st, _ in r["metrics"]:
            gm = (g.get(groups[letter]) or {}).get(mname, "absent")
            ok(json_metric_ok(gm, st, letter), "%s: JSON %s %s: got %s, want %s" %
               (tag, key, mname, gm, st))
        want_eps = [{"start": utc(a), "end": utc(b), "seconds": b - a} for a, b in r["episodes"]]
        ok(g["episodes"] == want_eps and g["episode-count"] == len(want_eps),
           "%s: JSON %s episodes %s, want %s" % (tag, key, g["episodes"], want_eps))
    cgs = sorted(n for k, n in res if k == "cgroup")
    want = sorted(n for k, n in exp if k == "cgroup")
    ok(cgs == want, "%s: JSON cgroups %s, want %s" % (tag, cgs, want))
    sus = sorted((s["kind"], s["name"], s["verdict"]) for s in use["suspects"])
    want = sorted((k, n, r["verdict"]) for (k, n), r in exp.items()
                  if r["verdict"] in ("saturated", "errors", "warning"))
    ok(sus == want, "%s: JSON suspects %s, want %s" % (tag, sus, want))


def check_file(sa, exp, tag, extra=(), env=None):
    for tz in ("UTC", "GMT+12"):
        e = dict(env or {}, TZ=tz)
        rc, out, err = run([SAR, "--use", "-f", sa] + list(extra), e)
        ok(rc == 0 and not err, "%s %s: sar --use exit %d: %s" % (tag, tz, rc, err))
        check_text(out, exp, "%s %s" % (tag, tz), tz)
        rc, out, err = run([SADF, "-j", sa, "--", "--use"] + list(extra), e)
        ok(rc == 0 and not err, "%s %s: sadf -j -- --use exit %d: %s" % (tag, tz, rc, err))
        try:
            doc = json.loads(out)
        except ValueError as x:
            ok(False, "%s %s: the JSON does not parse: %s" % (tag, tz, x))
            continue
        check_json(doc, exp, "%s %s" % (tag, tz))


def make(name, cgroups, n_rec=N_REC):
    path = os.path.join(D, name)
    with open(path + ".desc", "w") as f:
        f.write(describe(cgroups, n_rec))
    rc, _, err = run([MAKE, path + ".desc", path + ".sa"])
    if rc:
        print("FAIL: use_make: " + err)
        sys.exit(1)
    return path + ".sa"


# 1. The file, with the default limits.
sa = make("cg", CG)
exp = expect(CG, LIMITS)
# The figures worked out above, stated once more in words, so that a slip in the judge of
# this test shows too.
want_verdicts = {"/system.slice": "errors", "/system.slice/web.service": "saturated",
                 "/system.slice/db.service": "errors", "/system.slice/quiet.service": "ok",
                 "/system.slice/late.service": "ok", "/system.slice/again.service": "warning",
                 "/user.slice": "errors", "/user.slice/job.scope": "ok", "/init.scope": "unknown"}
ok({n: r["verdict"] for (k, n), r in exp.items() if k == "cgroup"} == want_verdicts,
   "the judge of this test: %s" % {n: r["verdict"] for (k, n), r in exp.items()})
totals = {n: r["metrics"][-1][2]["total"] for (k, n), r in exp.items()
          if r["metrics"][-1][2] and r["metrics"][-1][2]["total"]}
ok(totals == {"/system.slice": 1, "/system.slice/db.service": 3, "/user.slice": 1, "all": 5},
   "the kills of this test: %s" % totals)
ok(exp[("cgroup", "/system.slice/web.service")]["episodes"] == [(rec_t(2), rec_t(5))],
   "web.service's episode in this test")
check_file(sa, exp, "default limits")

# 2. Other limits: from --use-limit=, then from the configuration file.
lim2 = dict(LIMITS, **{"cgroup.thrprd": (80, None), "cgroup.thrtl": (30, None),
                       "cgroup.memmax": (100, 99)})
exp2 = expect(CG, lim2)
ok(exp2[("cgroup", "/system.slice/web.service")]["verdict"] == "ok" and
   exp2[("cgroup", "/system.slice/again.service")]["verdict"] == "ok",
   "--use-limit: the judge of this test")
check_file(sa, exp2, "--use-limit",
           ["--use-limit=cgroup.thrprd=80,cgroup.thrtl=30,cgroup.memmax.warn=99"])
conf = os.path.join(D, "sysstat")
with open(conf, "w") as f:
    f.write('SAR_USE_LIMITS="cgroup.oom=1 mem.oom=0.1 cgroup.psi-smem=60"\n')
lim3 = dict(LIMITS, **{"cgroup.oom": (1, None), "mem.oom": (0.1, None),
                       "cgroup.psi-smem": (60, None)})
exp3 = expect(CG, lim3)
ok(exp3[("cgroup", "/system.slice/db.service")]["verdict"] == "warning" and
   exp3[("memory", "all")]["verdict"] == "ok", "SAR_USE_LIMITS: the judge of this test")
check_file(sa, exp3, "SAR_USE_LIMITS", env={"SYSREC_SYSSTAT_CONF": conf})
rc, out, err = run([SAR, "--use", "-f", sa, "--use-limit=cgroup.thrprd.warn=5"])
ok(rc == 1 and "unknown key in 'cgroup.thrprd.warn=5'" in err,
   "a warning level for an S metric is refused: %d %s" % (rc, err))

# 3. The same file without its extension records: no cgroup, memory's errors not in archives.
rc, _, err = run(["python3", STRIP, sa, os.path.join(D, "cg0.sa")])
ok(rc == 0, "sa_strip_ext: " + err)
rc, out, err = run([SAR, "--use", "-f", os.path.join(D, "cg0.sa")], {"TZ": "UTC"})
ok(rc == 0 and "cgroup" not in out, "without cgroups: no cgroup in the text report")
mem = parse_table(out).get("memory all", {"metrics": {}})
ok(mem["metrics"].get(("E", "-")) == "not in archives" and
   ("E", "oom_kill/s") not in mem["metrics"],
   "without cgroups: memory all reads 'E - not in archives': %s" % mem)
ok(not re.search(r"^  memory all .*oom_kill", out, re.M),
   "without cgroups: nothing to collect is named for the kills")
rc, out, err = run([SADF, "-j", os.path.join(D, "cg0.sa"), "--", "--use"])
doc = json.loads(out)
res = doc["sysstat"]["hosts"][0]["use"]["resources"]
ok(not [r for r in res if r["kind"] == "cgroup"], "without cgroups: no cgroup in the JSON")
m = [r for r in res if r["kind"] == "memory"][0]
ok(m["errors"] is None and m["verdict"] == "ok" and
   not [t for t in m["not-collected"] if "oom" in t],
   "without cgroups: memory's errors are null in the JSON: %s" % m)

# 4. 155 cgroups: one saturated, 150 quiet, 4 with no file the table judges.
many = {"/": cg(0, CPU)}
many["/busy.service"] = cg(1, ALL, nr_periods=[600] * 3, nr_throttled=[300] * 3)
for k in range(150):
    many["/q%03d.service" % k] = cg(1, ALL)
for k in range(4):
    many["/u%d.scope" % k] = cg(1, CPU, usage_usec=[10 ** 5] * 3)
for c in many.values():
    c["recs"] = set(range(4))
    for k in COUNTERS:
        c[k] = c[k][:4]
sa4 = make("many", many, 4)
exp4 = expect(many, LIMITS, 4)
ok(sorted(set(r["verdict"] for (k, n), r in exp4.items() if k == "cgroup")) ==
   ["ok", "saturated", "unknown"], "155 cgroups: the judge of this test")
rc, out, err = run([SAR, "--use", "-f", sa4], {"TZ": "UTC"})
ok(rc == 0 and not err, "155 cgroups: sar --use: %d %s" % (rc, err))
listed = re.findall(r"^cgroup /\S+", out, re.M)
ok(listed == ["cgroup /busy.service"], "155 cgroups: only the suspect is listed: %s" % listed[:5])
ok(re.search(r"^cgroup \(150 others\) +ok +not listed$", out, re.M),
   "155 cgroups: one line counts the ok ones")
ok(re.search(r"^cgroup \(4 others\) +unknown +not listed$", out, re.M),
   "155 cgroups: one line counts the unknown ones")
ok(re.search(r"^  cgroup \(4 others\) +no data in the window$", out, re.M) and
   not re.search(r"^  cgroup /", out, re.M),
   "155 cgroups: one line of 'Could not be judged' for the unknown ones")
ok(len(out.split("\n")) < 80, "155 cgroups: the report stays short (%d lines)" % len(out.split("\n")))
check_text(out, {k: v for k, v in exp4.items() if k == ("cgroup", "/busy.service")}, "155 cgroups", "UTC")
rc, out, err = run([SADF, "-j", sa4, "--", "--use"])
check_json(json.loads(out), exp4, "155 cgroups")

with open(os.path.join(D, "fixture.counts"), "w") as f:
    f.write("%d %d\n" % (n_pass, n_fail))
PY
[ -s "$TMPD/fixture.counts" ] || fail "the fixture part did not finish"
read -r npass nfail <"$TMPD/fixture.counts"

# ---------------------------------------------------------------- a real limit
check() { # what, then a command that must succeed
	local what=$1
	shift
	if "$@"; then npass=$((npass + 1)); else nfail=$((nfail + 1)); echo "FAIL: $what"; fi
}

CG=
cleanup_cgroup() {
	[ -n "$CG" ] && [ -d "$CG" ] || return 0
	[ -e "$CG/cgroup.kill" ] && echo 1 >"$CG/cgroup.kill" 2>/dev/null
	for pid in $(cat "$CG/cgroup.procs" 2>/dev/null); do kill -9 "$pid" 2>/dev/null; done
	for _ in $(seq 50); do rmdir "$CG" 2>/dev/null && break; sleep 0.1; done
	[ -d "$CG" ] && echo "NOTE: could not remove $CG"
	CG=
}
trap 'cleanup_cgroup; rm -rf "$TMPD"' EXIT
trap 'exit 1' INT TERM HUP

# The cgroup of 32M under the v2 root $1 into CG, swap kept out; else a SKIP line and 1.
real_v2_cgroup() {
	CG=$1/sysrec-usetest-$$
	mkdir "$CG" 2>/dev/null || { CG=; echo "SKIP: real cgroup limit: cannot make a cgroup in $1"; return 1; }
	echo 32M >"$CG/memory.max" || { echo "SKIP: real cgroup limit: memory.max not writable"; return 1; }
	if ! echo 0 >"$CG/memory.swap.max" 2>/dev/null && [ "$(wc -l </proc/swaps)" -gt 1 ]; then
		echo "SKIP: real cgroup limit: swap is on and memory.swap.max cannot be set"
		return 1
	fi
}

# The same in the v1 memory hierarchy $1 (hybrid machines): sadc reads it
# where v2 has no memory controller. memsw (memory + swap) at the same
# limit keeps swap from absorbing the allocation.
real_v1_cgroup() {
	CG=$1/sysrec-usetest-$$
	mkdir "$CG" 2>/dev/null || { CG=; echo "SKIP: real cgroup limit: cannot make a cgroup in $1"; return 1; }
	echo 32M >"$CG/memory.limit_in_bytes" ||
		{ echo "SKIP: real cgroup limit: memory.limit_in_bytes not writable"; return 1; }
	if [ -e "$CG/memory.memsw.limit_in_bytes" ]; then
		echo 32M >"$CG/memory.memsw.limit_in_bytes" ||
			{ echo "SKIP: real cgroup limit: memory.memsw.limit_in_bytes not writable"; return 1; }
	elif [ "$(wc -l </proc/swaps)" -gt 1 ]; then
		echo "SKIP: real cgroup limit: swap is on and v1 has no memory.memsw.limit_in_bytes"
		return 1
	fi
}

real_test() {
	local root=/sys/fs/cgroup v1=/sys/fs/cgroup/memory st k host jk
	[ -e "$root/cgroup.controllers" ] || root=/sys/fs/cgroup/unified
	[ "$(id -u)" = 0 ] || { echo "SKIP: real cgroup limit: not root"; return; }
	if [ -e "$root/cgroup.controllers" ] && grep -qw memory "$root/cgroup.subtree_control" 2>/dev/null; then
		real_v2_cgroup "$root" || return
	elif [ -e "$v1/memory.usage_in_bytes" ]; then
		real_v1_cgroup "$v1" || return
	else
		echo "SKIP: real cgroup limit: no memory controller in a cgroup v2 hierarchy" \
			"($root/cgroup.subtree_control) nor a v1 memory hierarchy ($v1)"
		return
	fi
	echo "real cgroup limit: in $CG"
	"$SADC" -S CGROUP 1 2 "$TMPD/real.sa" || { check "sadc -S CGROUP 1 2" false; return; }
	# The allocation ends (killed) before the next records: the kill is between them.
	sh -c 'echo $$ >"$1/cgroup.procs" && exec python3 -c "x = b\"\\1\" * (100 << 20)"' sh "$CG" \
		>/dev/null 2>&1
	st=$?
	if [ "$st" -ne 137 ]; then
		echo "SKIP: real cgroup limit: the allocation was not OOM-killed (exit status $st)"
		return
	fi
	# A second apart at least: the records' times (whole seconds) stay distinct.
	sleep 1
	"$SADC" -S CGROUP 1 2 "$TMPD/real.sa" || { check "sadc -S CGROUP 1 2 (appending)" false; return; }
	# The judge: memory.events oom_kill (v1: memory.oom_control's, summed over
	# subtrees) of each cgroup at each record, from the archive.
	"$SADF" --openmetrics "$TMPD/real.sa" -- --cgroup >"$TMPD/real.om" 2>&1
	check "sadf --openmetrics -- --cgroup" test $? -eq 0
	"$SADF" -j "$TMPD/real.sa" -- --use >"$TMPD/real.json" 2>&1
	check "sadf -j -- --use on the real file" test $? -eq 0
	"$SAR" --use -f "$TMPD/real.sa" >"$TMPD/real.txt" 2>&1
	check "sar --use on the real file" test $? -eq 0
	python3 - "$TMPD/real.om" "$TMPD/real.json" "$TMPD/real.txt" "/${CG##*/}" >"$TMPD/real.res" <<'PY'
import json, re, sys
om, js, txt, me = sys.argv[1:5]
series, times = {}, set()
for line in open(om):
    m = re.match(r'^container_oom_events_total\{id="([^"]*)",.*\} (\d+) (\d+)$', line)
    if m:
        series.setdefault(m.group(1), {})[int(m.group(3))] = int(m.group(2))
        times.add(int(m.group(3)))
for line in open(om):
    m = re.match(r'^container_cpu_usage_seconds_total\{.*\} \S+ (\d+)$', line)
    if m:
        times.add(int(m.group(1)))
t = sorted(times)
def kills(path):
    s, n = series.get(path, {}), 0
    for a, b in zip(t, t[1:]):
        if a in s and b in s and s[b] >= s[a]:
            n += s[b] - s[a]
    return n
mine = kills(me)
# The top-level cgroups hold every kill below them once (sar(1)).
host = sum(kills(p) for p in series if p.count("/") == 1 and p != "/")
use = json.load(open(js))["sysstat"]["hosts"][0]["use"]
res = {(r["kind"], r["name"]): r for r in use["resources"]}
c, m = res.get(("cgroup", me)), res.get(("memory", "all"))
def total(r):
    e = (r or {}).get("errors") or {}
    return (e.get("oom_kill/s") or {}).get("total")
text = open(txt).read()
row = re.search(r"^cgroup %s +(\S+) " % re.escape(me), text, re.M)
memrow = re.search(r"^ +E oom_kill/s +[0-9.]+ +[0-9.]+ ", text.split("\nmemory all", 1)[-1].split("\nswap all")[0], re.M)
print("archive %d %d" % (mine, host))
print("kills %s" % (mine >= 1))
print("cgroup_verdict %s" % (c is not None and c["verdict"] in ("errors", "saturated")))
print("cgroup_total %s" % (total(c) == mine))
print("memory_total %s" % (total(m) == host and host >= mine))
print("memory_verdict %s" % (m is not None and m["verdict"] in ("errors", "saturated")))
print("text_verdict %s" % (row is not None and row.group(1) in ("errors", "saturated")))
print("text_memory %s" % (memrow is not None))
print("detail cgroup=%s memory=%s" % (c and {k: c[k] for k in ("verdict", "errors")},
                                      m and {k: m[k] for k in ("verdict", "errors")}))
PY
	read -r _ k host <"$TMPD/real.res"
	echo "real cgroup limit: the archive counts $k kill(s) in ${CG##*/}, $host in the top-level cgroups"
	check "the archive holds the kill (memory.events oom_kill went up between the records)" \
		grep -qx "kills True" "$TMPD/real.res"
	for jk in cgroup_verdict cgroup_total memory_total memory_verdict text_verdict text_memory; do
		check "real cgroup limit: $jk ($(grep '^detail' "$TMPD/real.res"))" \
			grep -qx "$jk True" "$TMPD/real.res"
	done
}
real_test
cleanup_cgroup
echo "sar_use_cgroup: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
