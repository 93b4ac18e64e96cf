#!/bin/bash
# Start-up cost of our sar and sadf against Debian's sysstat 12.6.1, in the
# same run on the same machine: `sar -u` and `sadf -d` on a file of one
# record (what a run costs before it has anything to report), in rounds of
# 200 runs of each, taking turns so that a noisy stretch hits both.
# Reports the median CPU time (user + system) of one run above a run of
# /bin/true (a run lasts about a millisecond: the cost of starting any
# process is taken away) and the ratio (sysstat's over ours: above 1, ours
# costs less), and the shared libraries each program maps at start-up.
# Usage: bench/startup_bench.sh [BUILD_DIR]   (default: the source tree)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
. "$here/lib.sh"
bench_require "$build" sar/sar sadf/sadf tests/tools/sa_make
command -v dash >/dev/null || { echo "needs dash"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C TZ=UTC SYSREC_COMPAT=12.6.1
ROUNDS=${ROUNDS:-5}
PER=${PER:-200}

"$build/tests/tools/sa_make" -r 1 "$tmp/one.sa"

# median N...: the median of the numbers.
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# loop_ms PROG ARGS...: the CPU time (user + system, ms) of PER runs of PROG
# in one dash loop, the loop's own forks included (subtracted below).
loop_ms() {
	/usr/bin/time -f "%U %S" -o "$tmp/time" dash -c \
		'n=$1; shift; while [ "$n" -gt 0 ]; do "$@" >/dev/null 2>&1; n=$((n - 1)); done' \
		sh "$PER" "$@"
	awk '{ printf "%.1f\n", ($1 + $2) * 1000 }' "$tmp/time"
}

bench() { # NAME THEIRS OURS ARGS...: rounds taking turns; /bin/true's loop is the floor
	local name=$1 theirs=$2 ours=$3 r z a b t=() o=()
	shift 3
	for ((r = 0; r < ROUNDS; r++)); do
		z=$(loop_ms /bin/true)
		a=$(loop_ms "$theirs" "$@")
		b=$(loop_ms "$ours" "$@")
		t+=("$(awk -v a="$a" -v z="$z" -v n="$PER" 'BEGIN { printf "%.3f", (a - z) / n }')")
		o+=("$(awk -v b="$b" -v z="$z" -v n="$PER" 'BEGIN { printf "%.3f", (b - z) / n }')")
	done
	a=$(median "${t[@]}")
	b=$(median "${o[@]}")
	echo "$name $*: sysstat ${a} ms, ours ${b} ms a run above /bin/true's (median of $ROUNDS rounds of $PER), ratio $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / (b > 0.001 ? b : 0.001) }')x"
}

bench sar /usr/bin/sar "$build/sar/sar" -u -f "$tmp/one.sa"
bench sadf /usr/bin/sadf "$build/sadf/sadf" -d "$tmp/one.sa"
for p in /usr/bin/sar "$build/sar/sar" "$build/sadf/sadf"; do
	echo "libraries of $p: $(ldd "$(readlink -f "$p")" | awk '$1 !~ /vdso|ld-linux/ { print $1 }' | tr '\n' ' ')"
done
