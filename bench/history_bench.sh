#!/bin/bash
# Cost of history without edges (windows across days, compressed and old
# files), as ratios measured in the same run on the same machine:
#   (a) a three-day window read as one report: our
#       `sar -A -s 'D1 00:00:00' -e 'D3 23:59:59' -f DIR` against Debian's
#       sar 12.6.1 run on each of the three daily files (what it takes
#       without windows across days: three runs, three averages);
#   (b) the same window over the three files compressed with xz, bzip2,
#       zstd and gzip, against our plain files: the price of the decoders;
#   (c) an old-format archive (data-11.6.5, 0x2173, from the shared corpus
#       when it is there): our `sar -A` reading it directly, against Debian's
#       `sadf -c` then `sar -A` on the converted file.
# The three days are 432 samples of our `sadc -S XALL` at 600 s intervals on
# this machine's /proc with a fixed clock (so the files are real, a day's
# sampling each, with midnight samples in both files as sadc writes them).
# Each figure is the median CPU time (user + system, wait4 rusage) of N runs
# (default 11) of the whole command, exec included.
#
# Usage: bench/history_bench.sh [BUILD_DIR]   (default: the source tree; a
# build without --enable-sanitizers, or the figures measure the sanitizers)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
N=${N:-11}
export LC_ALL=C TZ=UTC SYSREC_COMPAT=12.6.1

. "$here/lib.sh"
bench_require "$build" sar/sar sadf/sadf sadc/sadc
[ -x /usr/bin/sar ] && [ -x /usr/bin/sadf ] || { echo "needs Debian's sysstat (apt-get install sysstat)"; exit 1; }
for z in xz bzip2 zstd gzip; do
	command -v $z >/dev/null || { echo "needs $z"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

t0=$(date -u -d "2026-11-10 00:05:00" +%s)
mkdir "$tmp/sa"
"$build/sadc/sadc" -S XALL --unix-time="$t0" 600 432 "$tmp/sa" >/dev/null
files=("$tmp/sa/sa10" "$tmp/sa/sa11" "$tmp/sa/sa12")
echo "three days: $(stat -c %s "${files[@]}" | paste -sd+ | bc) bytes in ${files[*]##*/}"

cpu() { # cpu CMD...: median CPU milliseconds of N runs
	python3 "$here/cputime.py" "$N" -- "$@" | awk '{print $NF}' | tail -1
}
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / max(float(sys.argv[2]), 0.001):.2f}')" "$1" "$2"; }

win=(-A -s "2026-11-10 00:00:00" -e "2026-11-12 23:59:59" -f "$tmp/sa")
ours=$(cpu "$build/sar/sar" "${win[@]}")
cat >"$tmp/three.sh" <<EOF
/usr/bin/sar -A -f ${files[0]}; /usr/bin/sar -A -f ${files[1]}; /usr/bin/sar -A -f ${files[2]}
EOF
theirs=$(cpu sh "$tmp/three.sh")
shell=$(cpu sh -c :)
theirs=$(python3 -c "print(f'{float($theirs) - float($shell):.3f}')")
echo "(a) 3-day window: ours ${ours} ms, Debian's three runs ${theirs} ms (sh's own ${shell} ms taken off): ours/theirs $(ratio "$ours" "$theirs")"

for z in xz bzip2 zstd gzip; do
	rm -rf "$tmp/z" && mkdir "$tmp/z"
	for f in "${files[@]}"; do
		case $z in
		zstd) zstd -q -c "$f" >"$tmp/z/${f##*/}.zst" ;;
		xz) xz -c "$f" >"$tmp/z/${f##*/}.xz" ;;
		bzip2) bzip2 -c "$f" >"$tmp/z/${f##*/}.bz2" ;;
		gzip) gzip -c "$f" >"$tmp/z/${f##*/}.gz" ;;
		esac
	done
	"$build/sar/sar" "${win[@]}" >"$tmp/plain.out" 2>&1 || true
	"$build/sar/sar" -A -s "2026-11-10 00:00:00" -e "2026-11-12 23:59:59" -f "$tmp/z" >"$tmp/z.out" 2>&1 || true
	same=$(cmp -s "$tmp/plain.out" "$tmp/z.out" && echo "same bytes" || echo "OUTPUT DIFFERS")
	t=$(cpu "$build/sar/sar" -A -s "2026-11-10 00:00:00" -e "2026-11-12 23:59:59" -f "$tmp/z")
	echo "(b) $z: ${t} ms against ${ours} ms plain: $(ratio "$t" "$ours"), $same"
done

old=$here/../../shared/corpus/upstream/files/data-11.6.5
if [ -f "$old" ]; then
	ours=$(cpu "$build/sar/sar" -A -f "$old")
	cat >"$tmp/conv.sh" <<EOF
/usr/bin/sadf -c $old >$tmp/conv.sa 2>/dev/null; /usr/bin/sar -A -f $tmp/conv.sa
EOF
	theirs=$(cpu sh "$tmp/conv.sh")
	theirs=$(python3 -c "print(f'{float($theirs) - float($shell):.3f}')")
	"$build/sar/sar" -A -f "$old" >"$tmp/o1" 2>&1 || true
	/usr/bin/sar -A -f "$tmp/conv.sa" >"$tmp/o2" 2>&1 || true
	same=$(cmp -s "$tmp/o1" "$tmp/o2" && echo "same bytes" || echo "OUTPUT DIFFERS")
	echo "(c) data-11.6.5: ours directly ${ours} ms, Debian's sadf -c + sar ${theirs} ms: ours/theirs $(ratio "$ours" "$theirs"), $same"
else
	echo "(c) skipped: no shared corpus at $here/../../shared"
fi
