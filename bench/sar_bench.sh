#!/bin/bash
# Replay speed of our sar and sadf against Debian's sysstat 12.6.1, measured
# in the same run on the same machine: a large archive made with the
# project's writer (8,640 records = a day at 10 s, 8 CPUs, 16 disks, 4
# interfaces, every activity), then `sar -A` (and sadf -j / -d once they
# exist) on it by both. Reports CPU time, the ratio, peak memory (max RSS)
# of both, and whether the bytes are the same.
# Usage: bench/sar_bench.sh [BUILD_DIR]   (default: the source tree)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
RECORDS=${RECORDS:-8640}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Like against like: the installed sysstat is Debian 12's 12.6.1.
export LC_ALL=C TZ=UTC SYSREC_COMPAT=12.6.1

"$build/tests/tools/sa_make" -r "$RECORDS" -c 8 -d 16 -i 4 "$tmp/big.sa"
echo "archive: $RECORDS records, $(stat -c %s "$tmp/big.sa") bytes"

measure() {
	# measure OUT CMD...: prints "cpu_seconds max_rss_kB" of one run.
	local out=$1
	shift
	/usr/bin/time -f "%U %S %M" -o "$tmp/time" "$@" >"$out" 2>/dev/null || true
	awk '{printf "%.3f %d\n", $1 + $2, $3}' "$tmp/time"
}

run() {
	local name=$1
	shift
	read -r t1 m1 < <(measure "$tmp/theirs.out" "/usr/bin/$name" "$@")
	read -r t2 m2 < <(measure "$tmp/ours.out" "$build/$name/$name" "$@")
	same=$(cmp -s "$tmp/theirs.out" "$tmp/ours.out" && echo "same bytes" || echo "OUTPUT DIFFERS")
	ratio=$(python3 -c "import sys; print(f'{float(sys.argv[1]) / max(float(sys.argv[2]), 0.001):.2f}')" "$t1" "$t2")
	echo "$name $*: sysstat ${t1}s ${m1} kB, ours ${t2}s ${m2} kB, speedup ${ratio}x, $same"
}

[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 1; }
run sar -A -f "$tmp/big.sa"
run sar -u -f "$tmp/big.sa"
