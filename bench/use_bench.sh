#!/bin/bash
# Cost of sar --use against our sar -A on the same file, measured in the
# same run on the same machine. The goal: `sar --use` over the synthetic
# day costs no more than `sar -A` (ratio --use / -A at most 1)
# and its peak memory stays flat as the records grow.
#
# The day: tests/tools/sa_make -s -r 8640 -c 8 -d 16 -i 4 (8,640 records,
# which sa_make writes 60 s apart, 8 CPUs, 16 disks and other devices, 4
# interfaces, every activity of the flavour), and the same with 2,160 records (a quarter) and 4,320 (a half).
# -s keeps every item's identity from one record to the next, as a real
# machine's (as in om_bench.sh): otherwise every record brings new disks,
# interfaces and filesystems, i.e. new resources for --use.
#
# Each repetition runs, in turn: sar --use -f DAY, sar -A -f DAY, then
# sar --use -f QUARTER and sar --use -f HALF. Output goes to /dev/null.
# Wall time is taken around the run (on /usr/bin/time: about a millisecond
# of its own), user and system time from wait4(), peak memory from
# /usr/bin/time's %M (max RSS of the command alone). Every run must exit 0.
# Each repetition prints its figures and ratios; then the median
# [lowest-highest] over the repetitions of each figure and ratio. Flat
# memory: the peak RSS of --use on the quarter, the half and the day, and
# the ratios day / quarter and day / half (1.00: flat).
# Then, once, instructions under valgrind --tool=callgrind of --use and -A
# on the day and their ratio (CALLGRIND=0 skips it: -A takes about 90 s
# under callgrind on a 2-core machine).
#
# Usage: bench/use_bench.sh [BUILD_DIR]   (default: the source tree; a build
# without --enable-sanitizers, or the ratios measure them)
# Environment: REPS (repetitions, default 5), RECORDS (default 8640; the
# smaller archives have a quarter and a half of them), CALLGRIND (default 1).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
REPS=${REPS:-5}
RECORDS=${RECORDS:-8640}
CALLGRIND=${CALLGRIND:-1}
QUARTER=$((RECORDS / 4))
HALF=$((RECORDS / 2))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Both sides are our sar; the flavour is pinned as in the other benches so
# that the archive does not follow the build's default.
export LC_ALL=C TZ=UTC S_COLORS=never SYSREC_COMPAT=12.6.1
# Default limits only, whatever /etc/sysstat/sysstat holds.
export SYSREC_SYSSTAT_CONF=/dev/null

. "$here/lib.sh"
bench_require "$build" sar/sar tests/tools/sa_make
sar=$build/sar/sar

for f in quarter:$QUARTER half:$HALF day:$RECORDS; do
	name=${f%%:*} n=${f#*:}
	"$build/tests/tools/sa_make" -s -r "$n" -c 8 -d 16 -i 4 "$tmp/$name.sa"
	# Once, unmeasured: --use reads the whole file (its interval count is
	# the records less one) and -A exits 0.
	line=$("$sar" --use -f "$tmp/$name.sa" | grep '^USE method, ' || true)
	case $line in
	*": $((n - 1)) intervals;"*) ;;
	*) echo "sar --use -f $name.sa: expected $((n - 1)) intervals, got: ${line:-no USE line}"; exit 1 ;;
	esac
	printf 'archive %-11s %5d records %7.1f MB | %s\n' "$name.sa" "$n" \
		"$(awk -v s="$(stat -c %s "$tmp/$name.sa")" 'BEGIN { print s / 1048576 }')" "$line"
done
"$sar" -A -f "$tmp/day.sa" >/dev/null || { echo "sar -A -f day.sa exits $?"; exit 1; }
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# bench.py REPS DIR SAR: the repetitions and the summary.
cat >"$tmp/bench.py" <<'EOF'
import os, statistics, sys, time

reps, d, sar = int(sys.argv[1]), sys.argv[2], sys.argv[3]
rss_file = os.path.join(d, "rss")

def run(args):
    """Wall, user and system seconds and peak RSS in kB of one run, output to /dev/null."""
    # posix_spawn (vfork-like): the child is charged for its exec and itself only.
    t0 = time.perf_counter()
    pid = os.posix_spawn("/usr/bin/time", ["time", "-f", "%M %x", "-o", rss_file, sar] + args,
                         os.environ, file_actions=[
                             (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                             (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, ru = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    with open(rss_file) as f:
        rss, code = f.read().split()[-2:]
    if os.waitstatus_to_exitcode(status) != 0 or code != "0":
        sys.exit("bench: sar %s exits %s" % (" ".join(args), code))
    return {"wall": wall, "user": ru.ru_utime, "sys": ru.ru_stime, "rss": int(rss)}

def f(name):
    return os.path.join(d, name + ".sa")

rows = []
for r in range(reps):
    use = run(["--use", "-f", f("day")])
    a = run(["-A", "-f", f("day")])
    q = run(["--use", "-f", f("quarter")])
    h = run(["--use", "-f", f("half")])
    row = {
        "use wall": use["wall"], "use user": use["user"], "use sys": use["sys"],
        "-A wall": a["wall"], "-A user": a["user"], "-A sys": a["sys"],
        "ratio wall": use["wall"] / a["wall"], "ratio user": use["user"] / max(a["user"], 1e-3),
        "ratio cpu": (use["user"] + use["sys"]) / max(a["user"] + a["sys"], 1e-3),
        "use rss": use["rss"], "-A rss": a["rss"], "q rss": q["rss"], "h rss": h["rss"],
        "rss use/-A": use["rss"] / a["rss"],
        "rss day/quarter": use["rss"] / q["rss"], "rss day/half": use["rss"] / h["rss"],
    }
    rows.append(row)
    print("repetition %d: --use wall %.3f s user %.3f s sys %.3f s, -A wall %.3f s user %.3f s "
          "sys %.3f s | --use/-A wall %.3f, user %.3f, cpu %.3f | peak RSS --use %d kB, -A %d kB; "
          "--use quarter %d kB, half %d kB, day %d kB (day/quarter %.3f)"
          % (r + 1, use["wall"], use["user"], use["sys"], a["wall"], a["user"], a["sys"],
             row["ratio wall"], row["ratio user"], row["ratio cpu"], use["rss"], a["rss"],
             q["rss"], h["rss"], use["rss"], row["rss day/quarter"]))

def summary(label, k, fmt):
    v = sorted(x[k] for x in rows)
    m = statistics.median(v)
    print(("%-46s " + fmt + " [" + fmt + "-" + fmt + "]") % (label, m, v[0], v[-1]))

print("median [lowest-highest] of %d repetitions:" % reps)
summary("sar --use, the day: wall s", "use wall", "%.3f")
summary("sar --use, the day: user s", "use user", "%.3f")
summary("sar --use, the day: system s", "use sys", "%.3f")
summary("sar -A, the day: wall s", "-A wall", "%.3f")
summary("sar -A, the day: user s", "-A user", "%.3f")
summary("sar -A, the day: system s", "-A sys", "%.3f")
summary("wall --use / -A (must be <= 1):", "ratio wall", "%.3f")
summary("user --use / -A (must be <= 1):", "ratio user", "%.3f")
summary("cpu (user+sys) --use / -A (must be <= 1):", "ratio cpu", "%.3f")
summary("peak RSS sar --use, the day: kB", "use rss", "%.0f")
summary("peak RSS sar -A, the day: kB", "-A rss", "%.0f")
summary("peak RSS --use / -A:", "rss use/-A", "%.3f")
summary("peak RSS sar --use, quarter day: kB", "q rss", "%.0f")
summary("peak RSS sar --use, half day: kB", "h rss", "%.0f")
summary("peak RSS --use, day / quarter (flat: 1):", "rss day/quarter", "%.3f")
summary("peak RSS --use, day / half (flat: 1):", "rss day/half", "%.3f")
EOF
python3 "$tmp/bench.py" "$REPS" "$tmp" "$sar"

# Instructions, once each, under callgrind (deterministic up to a few
# thousand: the dynamic loader and locale).
if [ "$CALLGRIND" = 1 ]; then
	command -v valgrind >/dev/null || { echo "callgrind: skipped (no valgrind)"; exit 0; }
	ir() {
		valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$sar" "$@" \
			>/dev/null 2>"$tmp/cg.err" || { echo "callgrind: sar $* failed"; exit 1; }
		awk '/^summary:/ { print $2 }' "$tmp/cg.out"
	}
	iu=$(ir --use -f "$tmp/day.sa")
	ia=$(ir -A -f "$tmp/day.sa")
	python3 -c 'import sys; u, a = int(sys.argv[1]), int(sys.argv[2]); print("callgrind instructions, the day: --use {:,}, -A {:,}, --use / -A {:.4f}".format(u, a, u / a))' "$iu" "$ia"
else
	echo "callgrind: skipped (CALLGRIND=0)"
fi
