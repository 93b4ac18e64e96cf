#!/bin/bash
# Scale: how our sar and sadf grow with the number of items against Debian's
# sysstat 12.6.1, measured in the same run on the same machine. Archives made
# with the project's writer (tests/tools/sa_make -s: stable identities) at
# two sizes per dimension, the large one four times (interrupts: sixteen
# times) the small one:
#
#   CPUs        256 -> 1,024 CPUs (A_CPU)
#   interrupts  256 CPUs x 1,024 rows -> 1,024 CPUs x 4,096 rows (A_IRQ; the
#               rows are "sum" and the interrupts: 4,096 is sysstat's NR2_MAX)
#   disks       2,500 -> 10,000 (A_DISK)
#   interfaces  1,250 -> 5,000 (A_NET_DEV and A_NET_EDEV)
#   churn       the disks and interfaces again (fewer records), with a new
#               disk and interface first in every record (sa_make -N): each
#               other item is one place further than in the record before,
#               the worst case of sysstat's search for an item's previous
#               sample (from the same position round the list: quadratic)
#
# Each report runs RUNS times (default 3) with both programs: CPU time (user
# + system, from wait4) and peak memory (max RSS, from /usr/bin/time), as the
# median [lowest-highest] of the runs; the ratio sysstat/ours of the medians
# (above 1: ours is faster or smaller); whether the bytes are the same; and
# per report the growth from the small archive to the large one for both
# programs, to set against the growth of the items (linear: the same
# factor). Peak memory includes a program's fixed ~2 MB, so it is also
# given above that of a tiny archive of the same kind (one CPU, disk or
# interface; measured too), as megabytes small -> large and their ratio; a
# few hundred kB of it are noise between runs.
# Every archive is first read by Debian's sadf -H, which must exit 0, and
# every run's exit status is checked.
# Usage: bench/scale_bench.sh [BUILD_DIR]   (default: the source tree; build
# without --enable-sanitizers for meaningful figures). RECORDS (default 30;
# the interrupt archives have a third of them, at least 2) sets the records
# per archive; CHURN_RECORDS (default 5) those of the churn archives.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
RUNS=${RUNS:-3}
RECORDS=${RECORDS:-30}
IRQ_RECORDS=$((RECORDS / 3 > 2 ? RECORDS / 3 : 2))
CHURN_RECORDS=${CHURN_RECORDS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Like against like: the installed sysstat is Debian 12's 12.6.1.
export LC_ALL=C TZ=UTC S_COLORS=never SYSREC_COMPAT=12.6.1

. "$here/lib.sh"
bench_require "$build" sar/sar sadf/sadf tests/tools/sa_make
[ -x /usr/bin/sar ] && [ -x /usr/bin/sadf ] || { echo "needs Debian's sysstat (/usr/bin/sar, /usr/bin/sadf)"; exit 1; }

# measure.py RUNS OUT CMD...: runs CMD RUNS times, stdout to OUT; prints
# "exit cpu_median cpu_low cpu_high rss_median rss_low rss_high" (seconds, kB;
# exit: the status farthest from 0). The CPU time comes from wait4() on
# /usr/bin/time, started with posix_spawn (its own share is about a
# millisecond, the same for both programs); the peak memory from its %M,
# which is the command's alone.
cat >"$tmp/measure.py" <<'EOF'
import os, statistics, sys
runs, out, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
cpu, rss, rcs = [], [], []
for _ in range(runs):
    # posix_spawn (vfork-like): the child is charged for its exec and itself only.
    pid = os.posix_spawn("/usr/bin/time", ["time", "-f", "%M %x", "-o", out + ".rss"] + cmd,
                         os.environ, file_actions=[
                             (os.POSIX_SPAWN_OPEN, 1, out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
                             (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, ru = os.wait4(pid, 0)
    with open(out + ".rss") as f:
        m, x = f.read().split()[-2:]
    rcs.append(int(x) if os.waitstatus_to_exitcode(status) == 0 else 127)
    cpu.append(ru.ru_utime + ru.ru_stime)
    rss.append(int(m))
print(max(rcs, key=abs), "%.4f %.4f %.4f" % (statistics.median(cpu), min(cpu), max(cpu)),
      "%d %d %d" % (statistics.median(rss), min(rss), max(rss)))
EOF

fmt_cpu() { awk -v m="$1" -v l="$2" -v h="$3" 'BEGIN { printf "%.3f s [%.3f-%.3f]", m, l, h }'; }
fmt_mem() { awk -v m="$1" -v l="$2" -v h="$3" 'BEGIN { printf "%.2f MB [%.2f-%.2f]", m / 1024, l / 1024, h / 1024 }'; }
# above BASE SMALL LARGE (kB): "+S -> +L MB (xR)", the growth above a base
# (no ratio below half a megabyte: that is the noise between runs).
above() {
	awk -v b="$1" -v s="$2" -v l="$3" 'BEGIN {
		printf "%+.2f -> %+.2f MB", (s - b) / 1024, (l - b) / 1024
		if (s - b >= 512)
			printf " (x%.2f)", (l - b) / (s - b) }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / (b > 0 ? b : 1e-9) }'; }

# make NAME ITEMS SA_MAKE_ARGS...: one archive, checked with Debian's sadf -H.
make_archive() {
	local name=$1 items=$2
	shift 2
	"$build/tests/tools/sa_make" -s "$@" "$tmp/$name.sa"
	/usr/bin/sadf -H "$tmp/$name.sa" >/dev/null 2>&1 ||
		{ echo "Debian's sadf -H rejects $name.sa (sa_make -s $*)"; exit 1; }
	echo "$items" >"$tmp/$name.items"
	printf 'archive %-7s sa_make -s %-28s %8s items/record %6.1f MB\n' "$name" "$*" "$items" \
		"$(awk -v s="$(stat -c %s "$tmp/$name.sa")" 'BEGIN { print s / 1048576 }')"
}

# one SIZE PROG ARGS...: both programs on one archive; sets the globals
# c_t c_o (CPU medians), m_t m_o (RSS medians) and prints one line.
one() {
	local size=$1 prog=$2 e1 e2 t1 l1 h1 r1 rl1 rh1 t2 l2 h2 r2 rl2 rh2 same
	shift 2
	read -r e1 t1 l1 h1 r1 rl1 rh1 < <(python3 "$tmp/measure.py" "$RUNS" "$tmp/theirs.out" \
		"/usr/bin/$prog" "$@")
	read -r e2 t2 l2 h2 r2 rl2 rh2 < <(python3 "$tmp/measure.py" "$RUNS" "$tmp/ours.out" \
		"$build/$prog/$prog" "$@")
	if [ "$e1" != 0 ]; then
		same="SYSSTAT EXITS $e1"
	elif [ "$e2" != 0 ]; then
		same="OURS EXITS $e2"
	elif cmp -s "$tmp/theirs.out" "$tmp/ours.out"; then
		same="same bytes ($(stat -c %s "$tmp/ours.out") B)"
	else
		same="OUTPUT DIFFERS"
		status=1
	fi
	printf '  %-5s sysstat %s %s | ours %s %s | cpu %sx mem %sx | %s\n' "$size" \
		"$(fmt_cpu "$t1" "$l1" "$h1")" "$(fmt_mem "$r1" "$rl1" "$rh1")" \
		"$(fmt_cpu "$t2" "$l2" "$h2")" "$(fmt_mem "$r2" "$rl2" "$rh2")" \
		"$(ratio "$t1" "$t2")" "$(ratio "$r1" "$r2")" "$same"
	c_t=$t1 c_o=$t2 m_t=$r1 m_o=$r2
}

# case DIM PROG ARGS...: the report on the tiny, small and large archives
# of DIM ("@" in ARGS stands for the archive), then the growth.
case_() {
	local dim=$1 prog=$2 s_t s_o sm_t sm_o zm_t zm_o items
	shift 2
	echo "$prog ${*//@/FILE}   [$dim]"
	one tiny "$prog" "${@//@/$tmp/${dim}_0.sa}"
	zm_t=$m_t zm_o=$m_o
	one small "$prog" "${@//@/$tmp/${dim}_s.sa}"
	s_t=$c_t s_o=$c_o sm_t=$m_t sm_o=$m_o
	one large "$prog" "${@//@/$tmp/${dim}_l.sa}"
	items=$(ratio "$(cat "$tmp/${dim}_l.items")" "$(cat "$tmp/${dim}_s.items")")
	printf '  growth small -> large: items x%s | cpu: sysstat x%s, ours x%s | mem: sysstat x%s, ours x%s\n' \
		"$items" "$(ratio "$c_t" "$s_t")" "$(ratio "$c_o" "$s_o")" \
		"$(ratio "$m_t" "$sm_t")" "$(ratio "$m_o" "$sm_o")"
	printf '  mem above tiny: sysstat %s, ours %s\n' "$(above "$zm_t" "$sm_t" "$m_t")" \
		"$(above "$zm_o" "$sm_o" "$m_o")"
}

make_archive cpu_0 2 -a 1 -r "$RECORDS" -c 1
make_archive cpu_s 257 -a 1 -r "$RECORDS" -c 256
make_archive cpu_l 1025 -a 1 -r "$RECORDS" -c 1024
make_archive irq_0 4 -a 3 -r "$IRQ_RECORDS" -c 1 -I 2
make_archive irq_s $((257 * 1024)) -a 3 -r "$IRQ_RECORDS" -c 256 -I 1024
make_archive irq_l $((1025 * 4096)) -a 3 -r "$IRQ_RECORDS" -c 1024 -I 4096
make_archive disk_0 1 -a 11 -r "$RECORDS" -d 1
make_archive disk_s 2500 -a 11 -r "$RECORDS" -d 2500
make_archive disk_l 10000 -a 11 -r "$RECORDS" -d 10000
make_archive net_0 2 -a 12,13 -r "$RECORDS" -i 1
make_archive net_s 2500 -a 12,13 -r "$RECORDS" -i 1250
make_archive net_l 10000 -a 12,13 -r "$RECORDS" -i 5000
make_archive churn_0 3 -N -a 11,12,13 -r "$CHURN_RECORDS" -d 1 -i 1
make_archive churn_s 5000 -N -a 11,12,13 -r "$CHURN_RECORDS" -d 2500 -i 1250
make_archive churn_l 20000 -N -a 11,12,13 -r "$CHURN_RECORDS" -d 10000 -i 5000
echo "runs: $RUNS per program and report; cpu and mem ratios: sysstat / ours"
status=0
case_ cpu sar -u ALL -P ALL -f @
case_ cpu sadf -d @ -- -u ALL -P ALL
case_ cpu sadf -j @ -- -u ALL -P ALL
case_ irq sar -I ALL -f @
case_ irq sar -I SUM -P ALL -f @
case_ irq sadf -d @ -- -I ALL
case_ irq sadf -j @ -- -I ALL
case_ disk sar -d -f @
case_ disk sar -d -p -f @
case_ disk sadf -d @ -- -d
case_ disk sadf -j @ -- -d
case_ net sar -n DEV,EDEV -f @
case_ net sadf -d @ -- -n DEV,EDEV
case_ net sadf -j @ -- -n DEV,EDEV
case_ churn sar -d -f @
case_ churn sadf -d @ -- -d
case_ churn sar -n DEV,EDEV -f @
case_ churn sadf -d @ -- -n DEV,EDEV
exit $status
