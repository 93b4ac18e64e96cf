#!/bin/bash
# Collection cost of our sadc against Debian's sysstat 12.6.1 sadc, measured
# in the same run on the same machine, as ratios (ours / Debian's):
#   (a) one-shot `sadc -S XALL FILE 1 1` appending to a day-long file
#       (144 records), CPU time per run: what the collect timer pays 144
#       times a day;
#   (b) loop mode, CPU time per sample (a 1-second loop of 11 samples minus
#       a loop of 1, divided by 10);
#   (c) user-space instructions per sample under callgrind (3 samples minus 1,
#       divided by 2).
# (a) and (b) are measured REPS times (default 3); each prints the median of
# those repetitions and their range, so that one disturbed repetition shows.
# Within a repetition the two programs run in turn (a) or side by side (b),
# so that a change in the machine's load weighs on both alike.
#
# Each program is started with posix_spawn() and its CPU time read from
# wait4(): the time of the exec and of the run, nothing else. (A child
# forked from Python would also be charged for tearing down its copy of the
# interpreter's address space, about 1.2 ms here, the same for both
# programs, which drew the ratio of (a) towards 1.) The exec floor line is
# that cost for /bin/true, the least any program pays.
#
# Usage: bench/sadc_bench.sh [BUILD_DIR]   (default: the source tree)
# Environment: RUNS (one-shot runs per program per repetition, default 200),
# REPS (default 3).
set -eu
# Like against like: the installed sysstat is Debian 12's 12.6.1.
export SYSREC_COMPAT=12.6.1
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
OURS="$build/sadc/sadc"
THEIRS=/usr/lib/sysstat/sadc
RUNS=${RUNS:-200}
REPS=${REPS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x "$THEIRS" ] || { echo "Debian's sysstat is not installed"; exit 1; }
[ -x "$OURS" ] || { echo "build sadc first ($OURS)"; exit 1; }
[ "$REPS" -ge 1 ] && [ "$RUNS" -ge 1 ] || { echo "RUNS and REPS must be at least 1"; exit 1; }

day_file() {
	# A file of 144 records, made by the tool under test (fixed clock for ours).
	local tool=$1 out=$2
	rm -f "$out"
	if [ "$tool" = "$OURS" ]; then
		"$OURS" --unix-time="$(date +%s)" -S XALL "$out" 600 144
	else
		for _ in $(seq 144); do "$THEIRS" -S XALL "$out" 1 1; done
	fi
}

# measure.py oneshot RUNS DIR OURS THEIRS: the median CPU ms of one run of
#   /bin/true, ours and theirs, taking turns, each appending to a fresh copy
#   of its day file (DIR/ours.day, DIR/theirs.day).
# measure.py first RUNS DIR OURS THEIRS: the median CPU ms of a loop of one
#   sample into a new file (start-up and the file's creation), taking turns.
# measure.py loop N DIR OURS THEIRS: the median CPU ms of three 1-second
#   loops of N samples of each program into new files, all six running at
#   once, started a sixth of a second apart so that no two read /proc at the
#   same instant (a sample takes about a millisecond).
cat >"$tmp/measure.py" <<'EOF'
import os, shutil, statistics, sys, time

def spawn(argv):
    null = os.open(os.devnull, os.O_WRONLY)
    acts = [(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=acts)
    os.close(null)
    return pid

def reap(pid, argv):
    _, status, ru = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("measure: " + " ".join(argv) + " failed")
    return (ru.ru_utime + ru.ru_stime) * 1000.0

def oneshot(runs, d, ours, theirs, append=True):
    cases = [(ours, "ours"), (theirs, "theirs")]
    if append:
        cases.insert(0, ("/bin/true", None))
    times = {c[0]: [] for c in cases}
    for _ in range(runs):
        for prog, key in cases:
            argv = [prog]
            if key:
                f = f"{d}/{key}.sa"
                if append:
                    shutil.copyfile(f"{d}/{key}.day", f)
                elif os.path.exists(f):
                    os.unlink(f)
                argv = [prog, "-S", "XALL", f, "1", "1"]
            times[prog].append(reap(spawn(argv), argv))
    print(" ".join(f"{statistics.median(times[c[0]]):.3f}" for c in cases))

def loop(n, d, ours, theirs, pairs=3):
    runs = []
    for i in range(2 * pairs):
        prog, key = (ours, "ours") if i % 2 == 0 else (theirs, "theirs")
        f = f"{d}/{key}{i}.loop"
        if os.path.exists(f):
            os.unlink(f)
        argv = [prog, "-S", "XALL", f, "1", str(n)]
        runs.append((spawn(argv), argv))
        time.sleep(1.0 / (2 * pairs))
    cpu = [reap(pid, argv) for pid, argv in runs]
    print(f"{statistics.median(cpu[0::2]):.3f} {statistics.median(cpu[1::2]):.3f}")

mode, n, d, ours, theirs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
if mode == "loop":
    loop(n, d, ours, theirs)
else:
    oneshot(n, d, ours, theirs, append=mode == "oneshot")
EOF
measure() { python3 "$tmp/measure.py" "$@" "$tmp" "$OURS" "$THEIRS"; }

# summary LABEL UNIT FILE: FILE holds one "ours theirs" line per repetition.
summary() {
	python3 - "$@" <<'EOF'
import statistics, sys
label, unit, path = sys.argv[1:4]
rows = [tuple(map(float, line.split())) for line in open(path) if line.strip()]
ratios = sorted(o / t for o, t in rows)
med = lambda xs: statistics.median(xs)
print(f"{label}, {unit}: ours {med([o for o, _ in rows]):.3f}, sysstat "
      f"{med([t for _, t in rows]):.3f}; ratio {med(ratios):.2f} (median of {len(rows)}, "
      f"range {ratios[0]:.2f}-{ratios[-1]:.2f})")
EOF
}

echo "machine: $(nproc) CPUs, $(uname -r), load average $(cut -d' ' -f1-3 /proc/loadavg);" \
	"$REPS repetitions, one-shot runs: $RUNS per program in each"

# (a) one-shot append
day_file "$OURS" "$tmp/ours.day"
day_file "$THEIRS" "$tmp/theirs.day"
: >"$tmp/a"
: >"$tmp/floor"
for _ in $(seq "$REPS"); do
	read -r floor a_ours a_theirs <<<"$(measure oneshot "$RUNS")"
	echo "$a_ours $a_theirs" >>"$tmp/a"
	echo "$floor" >>"$tmp/floor"
done
echo "exec floor (/bin/true), CPU ms per run: $(sort -n "$tmp/floor" | sed -n "$(((REPS + 1) / 2))p")"
summary "(a) one-shot append" "CPU ms per run" "$tmp/a"

# (b) loop mode, per sample
: >"$tmp/b"
for _ in $(seq "$REPS"); do
	read -r one_ours one_theirs <<<"$(measure first 9)"
	read -r many_ours many_theirs <<<"$(measure loop 11)"
	python3 -c "import sys; a = [float(x) for x in sys.argv[1:]]; \
print(f'{(a[2] - a[0]) / 10:.4f} {(a[3] - a[1]) / 10:.4f}')" \
		"$one_ours" "$one_theirs" "$many_ours" "$many_theirs" >>"$tmp/b"
done
summary "(b) loop mode" "CPU ms per sample" "$tmp/b"

# (c) instructions per sample
if command -v valgrind >/dev/null; then
	for tool in "$OURS" "$THEIRS"; do
		key=$( [ "$tool" = "$OURS" ] && echo ours || echo theirs )
		ir() {
			rm -f "$tmp/c.sa" "$tmp/cg.out"
			valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$tool" -S XALL \
				"$tmp/c.sa" 1 "$1" >/dev/null 2>&1
			grep '^summary:' "$tmp/cg.out" | awk '{print $2}'
		}
		i1=$(ir 1)
		i3=$(ir 3)
		eval "c_$key=$(( (i3 - i1) / 2 ))"
	done
	echo "(c) instructions per sample: ours $c_ours, sysstat $c_theirs, ratio" \
		"$(python3 -c "import sys; print(f'{int(sys.argv[1]) / int(sys.argv[2]):.2f}')" "$c_ours" "$c_theirs")"
else
	echo "(c) skipped: valgrind not installed"
fi
