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
#       `sadf -c` then `sar -A` on the converted file;
#   (d) a week: seven daily files read as one dated window by our sar -A,
#       plain then compressed with xz (sa2's default), against Debian's sar
#       -A run once per file (for xz, each file decompressed by `xz -dc`
#       first, as Debian's sar cannot read it);
#   (e) peak memory (/usr/bin/time's %M) of our sar -A over a window of one
#       day and of seven days of one-second files, plain and xz, with
#       Debian's sar -A on one day's plain file for reference. The days are
#       sa_make's (86400 records of eight activities, CPU to QUEUE, 54 MB a
#       day); one day is the file alone (compressed, source.c keeps what it
#       decodes, up to 256 MiB, for sar's seeks back), seven are stitched
#       (history.h: read in place, or decoded into a temporary file).
# The three days are 432 samples of our `sadc -S XALL` at 600 s intervals on
# this machine's /proc with a fixed clock (so the files are real, a day's
# sampling each, with midnight samples in both files as sadc writes them);
# the week of (d) is 1008 such samples.
# Each figure is the median CPU time (user + system, wait4 rusage) of N runs
# (default 11) of the whole command, exec included.
#
# Usage: bench/history_bench.sh [BUILD_DIR]   (default: the source tree; a
# build without --enable-sanitizers, or the figures measure the sanitizers;
# (e) needs tests/tools/sa_make built and about 800 MB in $TMPDIR)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
N=${N:-11}
export LC_ALL=C TZ=UTC SYSREC_COMPAT=12.6.1

. "$here/lib.sh"
bench_require "$build" sar/sar sadf/sadf sadc/sadc tests/tools/sa_make
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

# (d) a week of daily files, one window, against one Debian run per file.
t7=$(date -u -d "2026-11-20 00:05:00" +%s)
mkdir "$tmp/wk" "$tmp/wkz"
"$build/sadc/sadc" -S XALL --unix-time="$t7" 600 1008 "$tmp/wk" >/dev/null
week=("$tmp"/wk/sa2[0-6])
for f in "${week[@]}"; do xz -c "$f" >"$tmp/wkz/${f##*/}.xz"; done
echo "a week: $(stat -c %s "${week[@]}" | paste -sd+ | bc) bytes in ${#week[@]} files ($(cat "$tmp"/wkz/* | wc -c) in xz)"
wwin=(-A -s "2026-11-20 00:00:00" -e "2026-11-26 23:59:59")
"$build/sar/sar" "${wwin[@]}" -f "$tmp/wk" >"$tmp/w.out" 2>&1 || true
"$build/sar/sar" "${wwin[@]}" -f "$tmp/wkz" >"$tmp/wz.out" 2>&1 || true
same=$(cmp -s "$tmp/w.out" "$tmp/wz.out" && echo "same bytes" || echo "OUTPUT DIFFERS")
for kind in plain xz; do
	: >"$tmp/seven.sh"
	for f in "${week[@]}"; do
		if [ $kind = plain ]; then
			echo "/usr/bin/sar -A -f $f" >>"$tmp/seven.sh"
		else
			echo "xz -dc $tmp/wkz/${f##*/}.xz >$tmp/one.sa; /usr/bin/sar -A -f $tmp/one.sa" >>"$tmp/seven.sh"
		fi
	done
	dir=$tmp/wk
	[ $kind = xz ] && dir=$tmp/wkz
	ours=$(cpu "$build/sar/sar" "${wwin[@]}" -f "$dir")
	theirs=$(cpu sh "$tmp/seven.sh")
	theirs=$(python3 -c "print(f'{float($theirs) - float($shell):.3f}')")
	note=
	[ $kind = xz ] && note=", our output $same as plain"
	echo "(d) 7-day window, $kind: ours ${ours} ms, Debian's seven runs ${theirs} ms (sh's own taken off): ours/theirs $(ratio "$ours" "$theirs")$note"
done

# (e) peak memory over one day and over seven days of one-second files.
peak() { /usr/bin/time -f %M -o "$tmp/peak" "$@" >/dev/null 2>&1; cat "$tmp/peak"; }
mkdir "$tmp/s1" "$tmp/s7"
for d in 20 21 22 23 24 25 26; do
	"$build/tests/tools/sa_make" -a 1,2,4,5,6,7,8,9 -r 86400 -T 1 \
		-t "$(date -u -d "2026-11-$d 00:00:00" +%s)" "$tmp/s7/sa$d"
done
cp "$tmp/s7/sa20" "$tmp/s1/"
echo "one-second days: $(stat -c %s "$tmp/s7/sa20") bytes each, $(stat -c %s "$tmp"/s7/sa* | paste -sd+ | bc) for seven"
theirs=$(peak /usr/bin/sar -A -f "$tmp/s1/sa20")
for kind in plain xz; do
	if [ $kind = xz ]; then
		# sa2's default level (an 8 MiB dictionary to decode): about a minute a day.
		xz -T1 "$tmp"/s7/sa*
		rm "$tmp/s1/sa20" && cp "$tmp/s7/sa20.xz" "$tmp/s1/"
	fi
	p1=$(peak "$build/sar/sar" "${wwin[@]}" -f "$tmp/s1")
	p7=$(peak "$build/sar/sar" "${wwin[@]}" -f "$tmp/s7")
	echo "(e) peak RSS, $kind: ours 1 day ${p1} kB, 7 days ${p7} kB (7/1 $(ratio "$p7" "$p1")); Debian's sar on one plain day ${theirs} kB"
done
