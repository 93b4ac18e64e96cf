#!/bin/bash
# What the default collection costs a sample, against today's default,
# Debian's sadc and atop (the peer that records processes by default), in
# the same run on the same machine, with P background processes (sleepers)
# for P in PROCS (default "100 1000"; the machine's own processes come on
# top, the line says how many there were):
#   default   our sadc -S DISK,IOSTAT,TOP --top=5 (conf/sysstat.in's)
#   before    our sadc -S DISK (the default before IOSTAT and TOP)
#   process   our sadc -S DISK,IOSTAT,PROCESS (every process)
#   stack     our sadc -S DISK,IOSTAT,PROCESS,STACK (and every smaps)
#   threads   our sadc -S DISK,IOSTAT,PROCESS,THREADS (and every thread)
#   debian    Debian's sadc -S DISK (sysstat 12.6.1)
#   atop      atop -w (Debian's atop: every process, compressed records)
# For each: the bytes a sample adds to the file (a loop of 1+N samples minus
# a loop of 1, divided by N), the CPU time of a sample in a loop (the same
# difference of the two loops' CPU time), and, for the sadc ones, the CPU
# time of a one-shot run appending one sample to a file (what the collect
# timer pays), with its state file for TOP. A day of the default at the
# 10-minute timer is 144 one-shot samples: the bytes line says what it
# weighs. REPS repetitions (default 3): each figure is the median with the
# range in brackets, the configurations taking turns within a repetition.
#
# Usage: bench/collect_bench.sh [BUILD_DIR]   (default: the source tree)
# Environment: PROCS, REPS, N (samples of the long loop, default 5).
set -eu
export SYSREC_COMPAT=12.6.1
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
OURS="$build/sadc/sadc"
THEIRS=/usr/lib/sysstat/sadc
ATOP=$(command -v atop || true)
PROCS=${PROCS:-"100 1000"}
REPS=${REPS:-3}
N=${N:-5}
tmp=$(mktemp -d)
sleepers=()
cleanup() {
	[ ${#sleepers[@]} -gt 0 ] && kill "${sleepers[@]}" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
[ -x "$OURS" ] || { echo "build sadc first ($OURS)"; exit 1; }
[ -x "$THEIRS" ] || { echo "Debian's sysstat is not installed"; exit 1; }
[ -n "$ATOP" ] || echo "NOTE: atop is not installed (apt-get install atop): no atop line"

cat >"$tmp/measure.py" <<'EOF'
import os, statistics, sys

def run(argv):
    null = os.open(os.devnull, os.O_WRONLY)
    acts = [(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=acts)
    os.close(null)
    _, status, ru = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("measure: " + " ".join(argv) + " failed")
    return (ru.ru_utime + ru.ru_stime) * 1000.0

def loop_argv(kind, ours, theirs, atop, f, n):
    common = {
        "default": [ours, "-S", "DISK,IOSTAT,TOP", "--top=5"],
        "before": [ours, "-S", "DISK"],
        "process": [ours, "-S", "DISK,IOSTAT,PROCESS"],
        "stack": [ours, "-S", "DISK,IOSTAT,PROCESS,STACK"],
        "threads": [ours, "-S", "DISK,IOSTAT,PROCESS,THREADS"],
        "debian": [theirs, "-S", "DISK"],
    }
    if kind == "atop":
        return [atop, "-w", f, "1", str(n)]
    return common[kind] + ["1", str(n), f]

def size(f):
    return os.path.getsize(f) if os.path.exists(f) else 0

def fmt(v, unit, digits):
    m = statistics.median(v)
    return "%.*f %s (%.*f-%.*f)" % (digits, m, unit, digits, min(v), digits, max(v))

def main():
    d, ours, theirs, atop, n, reps = sys.argv[1:7]
    n, reps = int(n), int(reps)
    kinds = ["default", "before", "process", "stack", "threads", "debian"] + (["atop"] if atop else [])
    res = {k: {"bytes": [], "cpu": [], "oneshot": []} for k in kinds}
    for rep in range(reps):
        for k in kinds:
            f1, fn = os.path.join(d, k + ".1"), os.path.join(d, k + ".n")
            for f in (f1, fn):
                for g in (f, os.path.join(d, "." + os.path.basename(f) + ".top")):
                    if os.path.exists(g):
                        os.unlink(g)
            c1 = run(loop_argv(k, ours, theirs, atop, f1, 1))
            cn = run(loop_argv(k, ours, theirs, atop, fn, 1 + n))
            res[k]["bytes"].append((size(fn) - size(f1)) / n)
            res[k]["cpu"].append((cn - c1) / n)
            if k != "atop":
                # One-shot: one more sample appended to the long file (its state file there for TOP).
                argv = loop_argv(k, ours, theirs, atop, fn, 1)
                res[k]["oneshot"].append(statistics.median(run(argv) for _ in range(10)))
    for k in kinds:
        r = res[k]
        line = "  %-8s %s a sample, %s CPU a sample in a loop" % (
            k, fmt(r["bytes"], "bytes", 0), fmt(r["cpu"], "ms", 2))
        if r["oneshot"]:
            line += ", %s a one-shot run; a day at 10 min: %.0f kB" % (
                fmt(r["oneshot"], "ms", 2), statistics.median(r["bytes"]) * 144 / 1024)
        print(line)
    base = statistics.median(res["default"]["cpu"])
    if atop:
        a = statistics.median(res["atop"]["cpu"])
        print("  default/atop CPU a sample: %.2f; bytes: %.2f" % (
            base / a if a else 0,
            statistics.median(res["default"]["bytes"]) / statistics.median(res["atop"]["bytes"])))

main()
EOF

for p in $PROCS; do
	for _ in $(seq "$p"); do
		sleep 100000 &
		sleepers+=($!)
	done
	echo "$p sleepers ($(ls -d /proc/[0-9]* | wc -l) processes), $REPS repetitions, loops of 1 and $((N + 1)) samples, 1 s apart:"
	python3 "$tmp/measure.py" "$tmp" "$OURS" "$THEIRS" "$ATOP" "$N" "$REPS"
	kill "${sleepers[@]}" 2>/dev/null
	wait "${sleepers[@]}" 2>/dev/null || true
	sleepers=()
done
