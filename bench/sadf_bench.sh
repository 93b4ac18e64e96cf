#!/bin/bash
# Replay speed of our sadf against Debian's sysstat 12.6.1, measured in the
# same run on the same machine: a large archive made with the project's
# writer (sar_bench.sh's recipe: 8,640 records = a day at 10 s, 8 CPUs, 16
# disks, 4 interfaces, every activity), then sadf -d and -j on it by both,
# with the default report (CPU) and with every activity (-- -A). Reports
# wall time, user and system CPU time, the CPU-time ratio, peak memory (max
# RSS) of both, and whether the bytes are the same. A second, smaller
# archive shows whether memory grows with the number of records. Each
# figure is the run with the least CPU time of RUNS (default 3).
# Usage: bench/sadf_bench.sh [BUILD_DIR]   (default: the source tree;
# build without --enable-sanitizers for meaningful figures)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
RECORDS=${RECORDS:-8640}
RUNS=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Like against like: the installed sysstat is Debian 12's 12.6.1.
export LC_ALL=C TZ=UTC S_COLORS=never SYSREC_COMPAT=12.6.1

[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 1; }
[ -x /usr/bin/sadf ] || { echo "needs Debian's sysstat (/usr/bin/sadf)"; exit 1; }
"$build/tests/tools/sa_make" -r "$RECORDS" -c 8 -d 16 -i 4 "$tmp/big.sa"
"$build/tests/tools/sa_make" -r $((RECORDS / 10)) -c 8 -d 16 -i 4 "$tmp/small.sa"
echo "archive: $RECORDS records, $(stat -c %s "$tmp/big.sa") bytes"

measure() {
	# measure OUT CMD...: prints "wall user sys max_rss_kB" of the run with
	# the least CPU time of $RUNS (the figures of a busy machine vary).
	local out=$1 i
	shift
	: >"$tmp/times"
	for ((i = 0; i < RUNS; i++)); do
		/usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$@" >"$out" 2>/dev/null || true
		tail -1 "$tmp/time" >>"$tmp/times"
	done
	awk '{ c = $2 + $3; if (NR == 1 || c < best) { best = c; line = $0 } } END { print line }' \
		"$tmp/times"
}

ratio() {
	python3 -c "import sys; print(f'{float(sys.argv[1]) / max(float(sys.argv[2]), 0.001):.2f}')" "$@"
}

run() {
	local file=$1
	shift
	read -r w1 u1 s1 m1 < <(measure "$tmp/theirs.out" /usr/bin/sadf "$@" "$file")
	read -r w2 u2 s2 m2 < <(measure "$tmp/ours.out" "$build/sadf/sadf" "$@" "$file")
	same=$(cmp -s "$tmp/theirs.out" "$tmp/ours.out" && echo "same bytes" || echo "OUTPUT DIFFERS")
	c1=$(python3 -c "print(f'{$u1 + $s1:.2f}')")
	c2=$(python3 -c "print(f'{$u2 + $s2:.2f}')")
	printf 'sadf %-12s %s: sysstat %6.2fs wall %6.2fs cpu (%5.2f user) %6d kB | ours %6.2fs wall %6.2fs cpu (%5.2f user) %6d kB | cpu %sx, wall %sx, %s\n' \
		"$*" "$(basename "$file")" "$w1" "$c1" "$u1" "$m1" "$w2" "$c2" "$u2" "$m2" \
		"$(ratio "$c1" "$c2")" "$(ratio "$w1" "$w2")" "$same"
}

for sel in "" "-- -A"; do
	for fmt in -d -j; do
		# shellcheck disable=SC2086
		run "$tmp/big.sa" $fmt $sel
	done
done
# Memory against the number of records: the same reports on a tenth of the file.
for fmt in -d -j; do
	run "$tmp/small.sa" $fmt -- -A
done
