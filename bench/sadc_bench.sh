#!/bin/bash
# Collection cost of our sadc against Debian's sysstat 12.6.1 sadc, measured
# in the same run on the same machine, as ratios (ours / Debian's):
#   (a) one-shot `sadc -S XALL 1 1 FILE` appending to a day-long file
#       (144 records), CPU time per run;
#   (b) loop mode, CPU time per sample (a 1-second loop of 11 samples minus
#       a loop of 1, divided by 10);
#   (c) user-space instructions per sample under callgrind (3 samples minus 1,
#       divided by 2).
# Usage: bench/sadc_bench.sh [BUILD_DIR]   (default: the source tree)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
OURS="$build/sadc/sadc"
THEIRS=/usr/lib/sysstat/sadc
RUNS=${RUNS:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x "$THEIRS" ] || { echo "Debian's sysstat is not installed"; exit 1; }
[ -x "$OURS" ] || { echo "build sadc first ($OURS)"; exit 1; }

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

ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$1" "$2"; }

echo "machine: $(nproc) CPUs, $(uname -r); runs: $RUNS"

# (a) one-shot append
for tool in "$OURS" "$THEIRS"; do
	key=$( [ "$tool" = "$OURS" ] && echo ours || echo theirs )
	day_file "$tool" "$tmp/$key.day"
	res=$(python3 "$here/cputime.py" "$RUNS" --setup "cp $tmp/$key.day $tmp/$key.sa" -- \
		"$tool" -S XALL "$tmp/$key.sa" 1 1)
	eval "a_$key=\${res%% *}"
done
echo "(a) one-shot append, CPU ms per run: ours $a_ours, sysstat $a_theirs, ratio $(ratio "$a_ours" "$a_theirs")"

# (b) loop mode, per sample
for tool in "$OURS" "$THEIRS"; do
	key=$( [ "$tool" = "$OURS" ] && echo ours || echo theirs )
	one=$(python3 "$here/cputime.py" 5 --setup "rm -f $tmp/l.sa" -- "$tool" -S XALL "$tmp/l.sa" 1 1)
	many=$(python3 "$here/cputime.py" 3 --setup "rm -f $tmp/l.sa" -- "$tool" -S XALL "$tmp/l.sa" 1 11)
	per=$(python3 -c "import sys; print(f'{(float(sys.argv[2]) - float(sys.argv[1])) / 10:.3f}')" \
		"${one%% *}" "${many%% *}")
	eval "b_$key=\$per"
done
echo "(b) loop mode, CPU ms per sample: ours $b_ours, sysstat $b_theirs, ratio $(ratio "$b_ours" "$b_theirs")"

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
	echo "(c) instructions per sample: ours $c_ours, sysstat $c_theirs, ratio $(ratio "$c_ours" "$c_theirs")"
else
	echo "(c) skipped: valgrind not installed"
fi
