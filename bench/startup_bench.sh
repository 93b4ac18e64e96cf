#!/bin/bash
# Start-up cost of our sar and sadf against Debian's sysstat 12.6.1, in the
# same run on the same machine: `sar -u` and `sadf -d` on a file of one
# record (what a run costs before it has anything to report).
#
# RUNS (default 2000) turns, each running /bin/true, sysstat's program and
# ours once, so that a noisy stretch hits all three. Each child's CPU time
# (user + system) is its own, from wait4(): the kernel keeps it to the
# microsecond (a loop timed as a whole by time(1) counts in steps of 10 ms,
# 0.05 ms a run over 200 runs, a quarter of what is measured). A run of
# /bin/true, the cost of starting any process, is taken away; the line
# gives the mean and median of each above it and the ratio of the means
# (sysstat's over ours: above 1, ours costs less), then the shared
# libraries each program maps at start-up.
# Usage: bench/startup_bench.sh [BUILD_DIR]   (default: the source tree)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
. "$here/lib.sh"
bench_require "$build" sar/sar sadf/sadf tests/tools/sa_make
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C TZ=UTC SYSREC_COMPAT=12.6.1
RUNS=${RUNS:-2000}

"$build/tests/tools/sa_make" -r 1 "$tmp/one.sa"

cat >"$tmp/startup.py" <<'PY'
import os, statistics, sys

# runs NAME THEIRS OURS ARGS...: /bin/true, theirs and ours in turns.
runs, name, theirs, ours, args = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
null = os.open(os.devnull, os.O_WRONLY)
acts = [(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
progs = [["/bin/true"], [theirs] + args, [ours] + args]
ms = [[], [], []]
for _ in range(runs):
    for i, argv in enumerate(progs):
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=acts)
        _, status, ru = os.wait4(pid, 0)
        if i and status:
            sys.exit("%s exited with status %d" % (argv[0], status))
        ms[i].append((ru.ru_utime + ru.ru_stime) * 1e3)
floor = statistics.mean(ms[0])
t = statistics.mean(ms[1]) - floor
o = statistics.mean(ms[2]) - floor
tm = statistics.median(ms[1]) - statistics.median(ms[0])
om = statistics.median(ms[2]) - statistics.median(ms[0])
print("%s %s: sysstat %.3f ms, ours %.3f ms a run above /bin/true's %.3f ms "
      "(mean of %d; medians %.3f and %.3f), ratio %.2fx"
      % (name, " ".join(args), t, o, floor, runs, tm, om, t / o if o > 0.001 else float("inf")))
PY

python3 "$tmp/startup.py" "$RUNS" sar /usr/bin/sar "$build/sar/sar" -u -f "$tmp/one.sa"
python3 "$tmp/startup.py" "$RUNS" sadf /usr/bin/sadf "$build/sadf/sadf" -d "$tmp/one.sa"
for p in /usr/bin/sar "$build/sar/sar" "$build/sadf/sadf"; do
	echo "libraries of $p: $(ldd "$(readlink -f "$p")" | awk '$1 !~ /vdso|ld-linux/ { print $1 }' | tr '\n' ' ')"
done
