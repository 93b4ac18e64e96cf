#!/bin/bash
# The story of issue 26 on a real load, answered from the file alone: "the
# nightly job was slow; which disk, which process?". Our sadc records this
# machine every second with the shipped configuration's SADC_OPTIONS
# (conf/sysstat: -S DISK,IOSTAT,TOP --top=5) while, after a quiet spell,
# four direct-I/O readers with a name of their own (storyreader: python3
# run through a link of that name, which the kernel names the process
# after) read a loop device backed by a 256 MiB file, 64 KiB at a time,
# each its own quarter over and over, for 8 seconds. Then, from the file:
#   iostat -xyz --archive -s/-e over the load shows the loop device with an
#     aqu-sz above 1 and an r_await above its quiet baseline (the same
#     command over the quiet spell: 0 when nothing was read);
#   pidstat -d --archive over the load: the row with the most kB_rd/s of the
#     averages (but the loop device's own workers) is a storyreader;
#   sar --use -f names storyreader among the top processes of an episode of
#     the loop device;
#   mpstat -P ALL --archive against sar -P ALL -u ALL on the same file: the
#     same counters, each tool's own arithmetic, the same percentages (when
#     mpstat takes --archive).
# The figures come from the machine, and a busy machine moves them: the
# checks are what four readers always do to one device (a queue of about
# four, reads that take time), not thresholds of speed; the tests that load
# the disks and read back who did it take turns (load_lock). sar --use ranks
# a disk episode's consumers by all their I/O, every disk's (the kernel
# counts a process's bytes, not where they went): the readers must outread
# what else runs, a parallel make check or a build writing a few MB/s.
# Readers of 512 bytes read about 1 MB/s each and were outranked by them;
# 64 KiB at a time, each reads tens of MB/s or more for the whole 8 s, as
# long as the device, not the CPU, is what they wait for. Root only (a loop
# device); about 20 s.
. "${top_srcdir:-.}/tests/lib.sh"

[ "$(id -u)" -eq 0 ] || missing "not root: the load needs a loop device"
command -v losetup >/dev/null || missing "losetup is missing"
SADC=$top_builddir/sadc/sadc
IOSTAT=$top_builddir/live/iostat
PIDSTAT=$top_builddir/live/pidstat
MPSTAT=$top_builddir/live/mpstat
SAR=$top_builddir/sar/sar
CONF=$top_builddir/conf/sysstat
requires "$SADC" "$IOSTAT" "$PIDSTAT" "$SAR"
[ -r "$CONF" ] || missing "$CONF is not built"
export SYSREC_SYSSTAT_CONF=/dev/null
# No other test's readers in the figures (lib.sh).
load_lock

IMG= LOOPDEV=
READERS=()
cleanup() {
	[ ${#READERS[@]} -gt 0 ] && kill "${READERS[@]}" 2>/dev/null
	[ -n "$LOOPDEV" ] && losetup -d "$LOOPDEV" 2>/dev/null
	[ -n "$IMG" ] && rm -f "$IMG"
	rm -rf "$TMPD"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

for d in /var/tmp "${TMPDIR:-/tmp}"; do
	if [ "$(df -Pk "$d" 2>/dev/null | awk 'NR == 2 { print $4 }')" -gt $((400 * 1024)) ] 2>/dev/null &&
		dd if=/dev/zero of="$d/sysrec-story.$$.img" bs=1M count=256 conv=fsync status=none 2>/dev/null; then
		IMG=$d/sysrec-story.$$.img
		break
	fi
	rm -f "$d/sysrec-story.$$.img"
done
[ -n "$IMG" ] || missing "no room for a 256 MiB file in /var/tmp or ${TMPDIR:-/tmp}"
LOOPDEV=$(losetup --direct-io=on -f --show "$IMG" 2>/dev/null || losetup -f --show "$IMG" 2>/dev/null) ||
	missing "losetup cannot attach a loop device here"
DEV=${LOOPDEV#/dev/}
PY=$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null) ||
	missing "python3 is missing"
ln -s "$PY" "$TMPD/storyreader"
# storyreader DEV K SECONDS: reads quarter K of DEV, 64 KiB at a time with
# O_DIRECT (an aligned buffer: an anonymous mapping), from its start again
# whenever it reaches its end, for SECONDS.
READER='import mmap, os, sys, time
dev, k, secs = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
fd = os.open(dev, os.O_RDONLY | os.O_DIRECT)
q = os.lseek(fd, 0, os.SEEK_END) // 4
bs = 65536
buf = mmap.mmap(-1, bs)
off = start = k * q
end = time.monotonic() + secs
while time.monotonic() < end:
    os.preadv(fd, [buf], off)
    off = off + bs if off + 2 * bs <= start + q else start'

# The shipped configuration's options, as sa1 gives them to sadc.
# shellcheck disable=SC1090
OPTS=$(. "$CONF" && echo "$SADC_OPTIONS")
case $OPTS in
*TOP*IOSTAT* | *IOSTAT*TOP*) pass ;;
*) fail "the shipped SADC_OPTIONS ($OPTS) does not record IOSTAT and TOP" ;;
esac
F=$TMPD/story.sa
# shellcheck disable=SC2086
"$SADC" $OPTS 1 16 "$F" 2>"$TMPD/sadc.err" &
SADC_PID=$!
sleep 4.5
L0=$(date +%H:%M:%S)
for k in 0 1 2 3; do
	"$TMPD/storyreader" -c "$READER" "$LOOPDEV" $k 8 2>"$TMPD/reader$k.err" &
	READERS+=($!)
done
wait "${READERS[@]}" 2>/dev/null
READERS=()
for k in 0 1 2 3; do
	[ -s "$TMPD/reader$k.err" ] && fail "storyreader $k: $(tail -3 "$TMPD/reader$k.err")"
done
L1=$(date +%H:%M:%S)
wait $SADC_PID || fail "sadc $OPTS: $(head -3 "$TMPD/sadc.err")"
[ -s "$TMPD/sadc.err" ] && fail "sadc $OPTS said: $(head -3 "$TMPD/sadc.err")"
Q0=$("$SAR" -f "$F" 2>/dev/null | awk '/^[0-9]/ && $2 == "all" { print $1; exit }')
echo "NOTE: load $L0-$L1, file from $Q0; CPU: $("$SAR" -u -f "$F" | grep '^Average')"

# column FILE NAME: the field number of NAME in the first header line that has it.
column() {
	awk -v n="$2" '{ for (i = 1; i <= NF; i++) if ($i == n) { print i; exit } }' "$1"
}

# 1. iostat: the device's queue and read time over the load, against the quiet spell.
#    -y: iostat's first report would be since boot.
"$IOSTAT" -xyz --archive="$F" -s "$L0" -e "$L1" >"$TMPD/io.load" 2>"$TMPD/io.err" ||
	fail "iostat --archive over the load: $(head -3 "$TMPD/io.err")"
"$IOSTAT" -xy --archive="$F" -s "$Q0" -e "$(date -d "$L0 1 second ago" +%H:%M:%S)" "$DEV" \
	>"$TMPD/io.quiet" 2>>"$TMPD/io.err"
[ -s "$TMPD/io.err" ] && fail "iostat --archive said: $(head -3 "$TMPD/io.err")"
aq=$(column "$TMPD/io.load" aqu-sz)
ra=$(column "$TMPD/io.load" r_await)
max_aq=$(awk -v d="$DEV" -v c="$aq" '$1 == d && $c > m { m = $c } END { print m + 0 }' "$TMPD/io.load")
max_ra=$(awk -v d="$DEV" -v c="$ra" '$1 == d && $c > m { m = $c } END { print m + 0 }' "$TMPD/io.load")
base_ra=$(awk -v d="$DEV" -v c="$ra" '$1 == d && $c > m { m = $c } END { print m + 0 }' "$TMPD/io.quiet")
echo "NOTE: iostat --archive: $DEV aqu-sz up to $max_aq, r_await up to $max_ra ms (quiet: $base_ra ms)"
if awk -v a="$max_aq" 'BEGIN { exit !(a > 1) }'; then pass; else
	fail "iostat -xz --archive: $DEV's aqu-sz is at most $max_aq over the load"; fi
if awk -v a="$max_ra" -v b="$base_ra" 'BEGIN { exit !(a > b) }'; then pass; else
	fail "iostat -xz --archive: $DEV's r_await ($max_ra) is not above its quiet baseline ($base_ra)"; fi

# 2. pidstat: the biggest reader of the averages, from a second into the load
#    to two seconds before its end. pidstat shows a parent's I/O as the
#    kernel counts it (pidstat(1)): the test's shell takes the readers' bytes
#    when they end; the operator's window is while the job was slow. The
#    loop device's workers (kernel threads) read its file for the readers:
#    their bytes are the readers' again, and they are passed over.
"$PIDSTAT" -d --archive="$F" -s "$(date -d "$L0 1 second" +%H:%M:%S)" \
	-e "$(date -d "$L1 2 seconds ago" +%H:%M:%S)" >"$TMPD/pid.load" 2>"$TMPD/pid.err" ||
	fail "pidstat -d --archive: $(head -3 "$TMPD/pid.err")"
grep -v 'holds the top processes' "$TMPD/pid.err" >"$TMPD/pid.err2"
[ -s "$TMPD/pid.err2" ] && fail "pidstat -d --archive said: $(head -3 "$TMPD/pid.err2")"
rd=$(column "$TMPD/pid.load" kB_rd/s)
top=$(awk -v c="$rd" '/^Average:/ && $c ~ /^[0-9.]+$/ && $NF !~ /^(kworker|loop[0-9])/ && $c + 0 > m {
	m = $c + 0; who = $NF } END { print who }' "$TMPD/pid.load")
if [ "$top" = storyreader ]; then pass; else
	fail "pidstat -d --archive: the biggest reader is '$top', not storyreader"
	grep '^Average' "$TMPD/pid.load" | head -12
fi

# 3. sar --use: the reader named among the consumers of the loop device's episode.
"$SAR" --use -f "$F" >"$TMPD/use.txt" 2>&1
echo "NOTE: sar --use, $DEV:$(awk -v d="$DEV" '$0 ~ "disk +" d { on = 1; next } /^[a-z]/ { on = 0 }
	on && /top processes/ { sub(/^ +/, " "); print; exit }' "$TMPD/use.txt")"
if awk -v d="$DEV" '$0 ~ "disk +" d { on = 1; next } /^[a-z]/ { on = 0 }
	on && /top processes/ && /storyreader/ { found = 1 } END { exit !found }' "$TMPD/use.txt"; then
	pass
else
	fail "sar --use does not name storyreader among $DEV's consumers"
	cat "$TMPD/use.txt"
fi

# 4. mpstat -P ALL against sar -P ALL -u ALL: the same percentages for each CPU and interval.
if "$MPSTAT" --archive="$F" >/dev/null 2>&1; then
	"$MPSTAT" -P ALL --archive="$F" | awk '/^[0-9]/ && $2 != "CPU" {
		print $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 }' >"$TMPD/mp"
	"$SAR" -P ALL -u ALL -f "$F" | awk '/^[0-9]/ && $2 != "CPU" {
		print $1, $2, $3, $4, $5, $6, $8, $9, $7, $10, $11, $12 }' >"$TMPD/sar"
	if [ -s "$TMPD/mp" ] && diff "$TMPD/mp" "$TMPD/sar" >"$TMPD/mp.diff"; then pass; else
		fail "mpstat -P ALL --archive and sar -P ALL -u ALL differ: $(head -6 "$TMPD/mp.diff")"; fi
else
	echo "SKIP (part): this mpstat does not take --archive"
fi
finish
