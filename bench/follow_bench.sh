#!/bin/bash
# Cost of following a daily file (sar --follow, sadf --follow),
# against GNU `tail -f` on the same file (which also sleeps on inotify), all
# three running side by side on one data directory:
#   (a) idle: CPU time and wake-ups of each follower over IDLE seconds
#       (default 20) while nothing is appended; the target: near zero;
#   (b) per record: CPU time of each follower per record appended, over
#       RECORDS (default 50) records of `sadc -S XALL` appended one at a time,
#       GAP seconds apart (default 0.05, so that each is a wake-up of its own).
#       The records' bytes were written by our sadc beforehand (sadc's own
#       cost is not in the figures) and are appended whole, in one write each.
# CPU time is the kernel's count of the process's time on a CPU
# (/proc/PID/schedstat, nanoseconds: finer than the clock ticks of
# /proc/PID/stat); wake-ups are its voluntary context switches.
# sar follows with -A (every activity shown), sadf with -j -- -A.
#
# Usage: bench/follow_bench.sh [BUILD_DIR]   (default: the source tree; build
# without --enable-sanitizers, or the figures measure the sanitizers)
# Environment: IDLE (default 20), RECORDS (default 50), GAP (default 0.05).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
IDLE=${IDLE:-20}
RECORDS=${RECORDS:-50}
GAP=${GAP:-0.05}
export LC_ALL=C TZ=UTC SYSREC_COMPAT=12.6.1

. "$here/lib.sh"
bench_require "$build" sar/sar sadf/sadf sadc/sadc
command -v tail >/dev/null || { echo "needs tail (coreutils)"; exit 1; }
[ "$RECORDS" -ge 1 ] && [ "$IDLE" -ge 1 ] || { echo "IDLE and RECORDS must be at least 1"; exit 1; }
tmp=$(mktemp -d)
pids=()
cleanup() {
	# Only the followers this bench started, by their ids.
	[ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

# The records: RECORDS + 2 samples, one sadc run each, at a fixed clock today.
day=$(date +%Y-%m-%d)
t0=$(date -d "$day 12:00:00" +%s)
mkdir "$tmp/src" "$tmp/sa"
sizes=()
for i in $(seq 0 $((RECORDS + 1))); do
	"$build/sadc/sadc" -S XALL --unix-time=$((t0 + i)) 1 1 "$tmp/src" >/dev/null
	sizes+=("$(stat -c %s "$tmp/src/sa$(date -d "$day" +%d)")")
done
src=$tmp/src/sa$(date -d "$day" +%d)
file=$tmp/sa/sa$(date -d "$day" +%d)
head -c "${sizes[1]}" "$src" >"$file"

"$build/sar/sar" --follow -A -f "$tmp/sa" >/dev/null 2>"$tmp/sar.err" &
pids+=($!)
"$build/sadf/sadf" --follow -j "$tmp/sa" -- -A >/dev/null 2>"$tmp/sadf.err" &
pids+=($!)
tail -c 0 -f "$file" >/dev/null &
pids+=($!)
names=("sar --follow -A" "sadf --follow -j -- -A" "tail -f")

cpu_ns() { cut -d' ' -f1 "/proc/$1/schedstat"; }
wakeups() { awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$1/status"; }

# Each follower asleep before anything is measured.
for p in "${pids[@]}"; do
	for i in $(seq 100); do
		grep -q poll "/proc/$p/wchan" 2>/dev/null && break
		sleep 0.05
	done
done

echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "record size: $((sizes[2] - sizes[1])) bytes (sadc -S XALL)"
echo
echo "== (a) idle, $IDLE s"
declare -a c0 w0
for k in "${!pids[@]}"; do
	c0[k]=$(cpu_ns "${pids[k]}")
	w0[k]=$(wakeups "${pids[k]}")
done
sleep "$IDLE"
for k in "${!pids[@]}"; do
	c=$(cpu_ns "${pids[k]}")
	w=$(wakeups "${pids[k]}")
	printf "%-24s %10.3f ms CPU  %4d wake-ups\n" "${names[k]}" \
		"$(echo "(${c} - ${c0[k]}) / 1000000" | bc -l)" $((w - w0[k]))
done

echo
echo "== (b) $RECORDS records appended, $GAP s apart"
for k in "${!pids[@]}"; do
	c0[k]=$(cpu_ns "${pids[k]}")
	w0[k]=$(wakeups "${pids[k]}")
done
for i in $(seq 2 $((RECORDS + 1))); do
	tail -c +$((sizes[i - 1] + 1)) "$src" | head -c $((sizes[i] - sizes[i - 1])) >"$tmp/rec"
	cat "$tmp/rec" >>"$file"
	sleep "$GAP"
done
sleep 0.5
for k in "${!pids[@]}"; do
	c=$(cpu_ns "${pids[k]}")
	w=$(wakeups "${pids[k]}")
	printf "%-24s %10.3f ms CPU per record  %5.1f wake-ups per record\n" "${names[k]}" \
		"$(echo "(${c} - ${c0[k]}) / 1000000 / $RECORDS" | bc -l)" \
		"$(echo "($w - ${w0[k]}) / $RECORDS" | bc -l)"
done
for f in sar sadf; do
	[ ! -s "$tmp/$f.err" ] || { echo "$f: $(head -3 "$tmp/$f.err")"; exit 1; }
done
