#!/bin/bash
# Cost of sysrec's processes and cgroups (sadc -S PROCESS, -S CGROUP), as
# ratios against references measured in the same run on the same machine:
#   (a) one `sadc -S PROCESS FILE 1 1` with PROCS (default 1,000) extra
#       sleeping processes (the bench spawns them) against one
#       `atop -w FILE 1 1` (Debian's atop) on the same processes; the
#       target: at most 0.5;
#   (b) one `sadc -S CGROUP --root=FIXTURE FILE 1 1` on a fixture of CGROUPS
#       (default 200) cgroups (tests/tools/cgroup_fixture.py --cgroups 200
#       --base ROOT1: ROOT1's /proc and /sys, and the unified hierarchy of a
#       systemd machine) against one `sadc -S XALL FILE 1 1` on this
#       machine; target: at most 1. Also the same sadc on the fixture
#       without -S CGROUP, to show what the cgroups alone cost;
#   (c) our default and -S XALL samples against Debian's sadc's (the ratios
#       bench/sadc_bench.sh measures in more detail), to see that they stay
#       as they were;
#   (d) bytes: what PROCESS and CGROUP add to a sample, and the gzip -6 ratio
#       of a day's file (see below).
# Every command writes a new file (removed before each run) and must exit 0;
# its CPU time (user + system) comes from wait4() on a child started with
# posix_spawn() (the exec and the run, nothing else; /bin/true's line is that
# floor). Within a repetition the commands take turns, RUNS times each, and
# each figure is the median of its RUNS; ratios are taken between those
# medians. After REPS repetitions each figure and ratio is printed as the
# median [lowest-highest] of the repetitions.
#
# (d) collects at 1-second intervals, all at once, SAMPLES (default 24)
# samples with our sadc into four files: -S XALL, -S XALL,PROCESS and
# -S XALL,PROCESS,CGROUP on this machine, and -S XALL,CGROUP on the
# fixture. Bytes per sample are the file's records divided by the samples;
# the extension records' share comes from tests/tools/sa_strip_ext.py. A day
# is 144 samples (sa1 every 10 minutes): the header plus 144 times the
# bytes per sample. The gzip -6 ratio is measured on the live files cut
# after half and after all of their samples: when a sample is larger than
# gzip's 32 kB window, gzip cannot use the samples before it, so the ratio
# no longer depends on the number of samples, and the two cuts show whether
# that holds. Samples 1 s apart differ less than samples 10 minutes apart:
# the ratio is an upper bound of what a day's file gets. The fixture's
# counters do not move between samples, so no gzip ratio is given for it.
#
# Usage: bench/who_bench.sh [BUILD_DIR]   (default: the source tree; build
# without --enable-sanitizers, or the figures measure the sanitizers)
# Environment: RUNS (default 11), REPS (default 3), PROCS (default 1000),
# CGROUPS (default 200), SAMPLES (default 24, at least 2; 0 skips (d)).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
RUNS=${RUNS:-11}
REPS=${REPS:-3}
PROCS=${PROCS:-1000}
CGROUPS=${CGROUPS:-200}
SAMPLES=${SAMPLES:-24}
# Like against like: the installed sysstat is Debian 12's 12.6.1.
export LC_ALL=C TZ=UTC SYSREC_COMPAT=12.6.1
src=$here/..
shared=${SYSREC_SHARED:-$src/../shared}
root1=$shared/corpus/upstream/roots/root1

. "$here/lib.sh"
bench_require "$build" sadc/sadc
OURS=$build/sadc/sadc
THEIRS=/usr/lib/sysstat/sadc
[ -x "$THEIRS" ] || { echo "needs Debian's sysstat ($THEIRS)"; exit 1; }
[ -x /usr/bin/atop ] || { echo "needs Debian's atop (apt-get install atop)"; exit 1; }
[ -d "$root1/proc" ] || { echo "needs the shared corpus's fixture root ($root1)"; exit 1; }
[ "$REPS" -ge 1 ] && [ "$RUNS" -ge 1 ] || { echo "RUNS and REPS must be at least 1"; exit 1; }
[ "$SAMPLES" = 0 ] || [ "$SAMPLES" -ge 2 ] || { echo "SAMPLES must be 0 or at least 2"; exit 1; }
tmp=$(mktemp -d)
sleepers=()
# The number of processes (the /proc/PID directories).
nproc_now() {
	local d n=0
	for d in /proc/[0-9]*; do n=$((n + 1)); done
	echo "$n"
}
cleanup() {
	# Only the processes this bench started, by their ids.
	[ ${#sleepers[@]} -eq 0 ] || kill "${sleepers[@]}" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

fix=$tmp/cgroot
python3 "$src/tests/tools/cgroup_fixture.py" --cgroups "$CGROUPS" --base "$root1" "$fix" >/dev/null
"$OURS" -S CGROUP --root="$fix" "$tmp/probe.sa" 1 1 ||
	{ echo "our sadc -S CGROUP --root=FIXTURE fails"; exit 1; }
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc_now) processes"
echo "cgroup fixture: $(find "$fix/sys/fs/cgroup" -mindepth 0 -maxdepth 2 -type d | wc -l) cgroups at depth <= 2 (sadc's default --cgroup-depth), $(find "$fix/sys/fs/cgroup" -type d | wc -l) in all"
echo "atop: $(atop -V 2>&1 | head -1)"

# measure.py RUNS REPS DIR GROUP: runs GROUP's commands (below) in turn and
# prints their medians and ratios.
cat >"$tmp/measure.py" <<'EOF'
import os, statistics, sys
runs, reps, d, group, ours, theirs, fix = sys.argv[1:8]
runs, reps = int(runs), int(reps)
out = os.path.join(d, "out")

def cmds():
    if group == "procs":
        return [("true", ["/bin/true"]),
                ("ours -S PROCESS", [ours, "-S", "PROCESS", out, "1", "1"]),
                ("atop -w", ["/usr/bin/atop", "-w", out, "1", "1"])]
    return [("true", ["/bin/true"]),
            ("ours default", [ours, out, "1", "1"]),
            ("sysstat default", [theirs, out, "1", "1"]),
            ("ours -S XALL", [ours, "-S", "XALL", out, "1", "1"]),
            ("sysstat -S XALL", [theirs, "-S", "XALL", out, "1", "1"]),
            ("ours fixture default", [ours, "--root=" + fix, out, "1", "1"]),
            ("ours fixture -S CGROUP", [ours, "-S", "CGROUP", "--root=" + fix, out, "1", "1"])]

def cpu(argv):
    """CPU ms (user + system) of one run writing a new file."""
    if os.path.exists(out):
        os.unlink(out)
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, ru = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("bench: %s exits %d" % (" ".join(argv), os.waitstatus_to_exitcode(status)))
    return (ru.ru_utime + ru.ru_stime) * 1000.0

c = cmds()
for _, argv in c:  # once each, unmeasured: caches, and every command runs
    cpu(argv)
if group == "procs":
    ratios = [("(a) ours -S PROCESS / atop -w (target <= 0.5)", "ours -S PROCESS", "atop -w")]
else:
    ratios = [("(b) ours fixture -S CGROUP / ours -S XALL (target <= 1)",
               "ours fixture -S CGROUP", "ours -S XALL"),
              ("(b) ours fixture -S CGROUP / ours fixture default",
               "ours fixture -S CGROUP", "ours fixture default"),
              ("(c) ours default / sysstat default", "ours default", "sysstat default"),
              ("(c) ours -S XALL / sysstat -S XALL", "ours -S XALL", "sysstat -S XALL")]
rows = []
for r in range(reps):
    t = {name: [] for name, _ in c}
    for _ in range(runs):
        for name, argv in c:
            t[name].append(cpu(argv))
    row = {name: statistics.median(v) for name, v in t.items()}
    for label, a, b in ratios:
        row[label] = row[a] / row[b]
    rows.append(row)
    print("repetition %d: " % (r + 1) + ", ".join("%s %.2f ms" % (n, row[n]) for n, _ in c)
          + " | " + ", ".join("%.3f" % row[l] for l, _, _ in ratios))

def summary(label, k, unit):
    v = sorted(x[k] for x in rows)
    print("  %-58s %8.3f%s [%.3f-%.3f]" % (label, statistics.median(v), unit, v[0], v[-1]))

print("median [lowest-highest] of %d repetitions, each the median of %d runs:" % (reps, runs))
for name, _ in c:
    summary("CPU ms, " + name, name, " ms")
for label, _, _ in ratios:
    summary(label, label, "   ")
EOF

echo
echo "== (b), (c): one sample, no extra processes"
python3 "$tmp/measure.py" "$RUNS" "$REPS" "$tmp" other "$OURS" "$THEIRS" "$fix"

echo
echo "== (a): one sample with $PROCS extra sleeping processes"
for _ in $(seq "$PROCS"); do
	sleep 3600 &
	sleepers+=($!)
done
echo "processes now: $(nproc_now)"
python3 "$tmp/measure.py" "$RUNS" "$REPS" "$tmp" procs "$OURS" "$THEIRS" "$fix"
kill "${sleepers[@]}" 2>/dev/null || true
wait 2>/dev/null || true
sleepers=()

[ "$SAMPLES" = 0 ] && exit 0
echo
echo "== (d): bytes, $SAMPLES samples 1 s apart ($(nproc_now) processes)"
"$OURS" -S XALL "$tmp/xall.sa" 1 "$SAMPLES" &
"$OURS" -S XALL,PROCESS "$tmp/proc.sa" 1 "$SAMPLES" &
"$OURS" -S XALL,PROCESS,CGROUP "$tmp/both.sa" 1 "$SAMPLES" &
"$OURS" -S XALL,CGROUP --root="$fix" "$tmp/fixcg.sa" 1 "$SAMPLES" &
wait
for f in xall proc both fixcg; do
	python3 "$src/tests/tools/sa_strip_ext.py" -v "$tmp/$f.sa" "$tmp/$f.stripped" 2>"$tmp/$f.strip"
done
cat >"$tmp/bytes.py" <<'EOF'
import os, struct, subprocess, sys
d, samples = sys.argv[1], int(sys.argv[2])

def walk(path):
    """The file's bytes, its header's length and the end of each sample
    (a statistics record and the extension record after it)."""
    data = open(path, "rb").read()
    hs = struct.unpack_from("=I", data, 8)[0]
    act_nr = struct.unpack_from("=I", data, 76 + 20)[0]
    pos = 76 + hs
    acts = []
    for _ in range(act_nr):
        f = struct.unpack_from("=9I", data, pos)
        acts.append((f[2], f[3], f[4], f[5]))
        pos += 36
    head, ends, items = pos, [], {}
    while pos < len(data):
        rtype = data[pos + 20]
        nxt = struct.unpack_from("=I", data, pos + 16)[0]
        pos += 24
        if rtype == 1:
            for nr, nr2, has_nr, size in acts:
                n = nr
                if has_nr:
                    n = struct.unpack_from("=i", data, pos)[0]
                    pos += 4
                pos += n * nr2 * size
            ends.append(pos)
        elif 5 <= rtype <= 15:
            while nxt:
                nr, size, nxt = struct.unpack_from("=3I", data, pos)
                if nr == 1 and size == 36:  # an activity's description: id, magic, nr
                    aid, _, n = struct.unpack_from("=3I", data, pos + 24)
                    items[aid] = items.get(aid, 0) + n
                pos += 24 + nr * size
            ends[-1] = pos
        else:
            sys.exit("bench: record type %d in %s" % (rtype, path))
    return data, head, ends, items

def gz(b):
    return len(subprocess.run(["gzip", "-6", "-c"], input=b, capture_output=True, check=True).stdout)

print("%-26s %9s %9s %7s %7s %7s %13s %9s %9s" % ("file (ours, 1 s apart)", "B/sample", "ext B",
      "procs", "cgroups", "B/item", "day (144) MB", "gzip half", "gzip all"))
for f, label, live in (("xall", "-S XALL", True), ("proc", "-S XALL,PROCESS", True),
                       ("both", "-S XALL,PROCESS,CGROUP", True),
                       ("fixcg", "-S XALL,CGROUP, fixture", False)):
    data, head, ends, items = walk(os.path.join(d, f + ".sa"))
    if len(ends) != samples:
        sys.exit("bench: %s.sa holds %d samples, not %d" % (f, len(ends), samples))
    stripped = os.path.getsize(os.path.join(d, f + ".stripped"))
    per = (len(data) - head) / samples
    ext = (len(data) - stripped) / samples
    np = items.get(1001, 0) / samples
    nc = items.get(1002, 0) / samples
    day = head + 144 * per
    half = ends[samples // 2 - 1]
    if live:
        gh = "%.2f" % (half / gz(data[:half]))
        ga = "%.2f" % (len(data) / gz(data))
    else:
        gh = ga = "-"
    bi = "%.0f" % (ext / (np + nc)) if np + nc else "-"
    print("%-26s %9.0f %9.0f %7.0f %7.0f %7s %13.2f %9s %9s" % (label, per, ext, np, nc, bi,
          day / 1e6, gh, ga))
print("(B/sample: a statistics record and its extension record, means over the samples; ext B:"
      " the extension record; procs, cgroups: items per sample; B/item: ext B over them;"
      " day: the header and 144 samples; gzip: uncompressed / gzip -6 size of the file cut"
      " after half and after all of its samples)")
EOF
python3 "$tmp/bytes.py" "$tmp" "$SAMPLES"
for f in proc both fixcg; do sed "s|^$tmp/||" "$tmp/$f.strip"; done
