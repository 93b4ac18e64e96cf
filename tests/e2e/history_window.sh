#!/bin/bash
# flavours: 12.6.1 12.7.5
# Windows across days (common/history.h): dated -s/-e and several
# files read as one report by sar and sadf. The archives are written by our
# sadc with a fixed clock on a copy of fixture root1 whose /proc/stat and
# /proc/uptime are rewritten before each sample, so every row and average
# below is computed by hand from the counters written here (per CPU, user
# and idle jiffies; %user = d(user) / (d(user) + d(idle))).
#  A: TZ=Europe/Paris, two days (plain + gzip) across midnight and the end of
#     summer time (the last Sunday of October 2026: 02:30 comes twice); the
#     second file starts with a LINUX RESTART of the same boot and with the
#     midnight sample the first file holds too: neither is shown.
#  B: TZ=GMT+12, four days, three files (plain, saYYYYMMDD.gz, xz),
#     a missing day, a reboot (per-boot averages) and a comment.
#  G: peak memory over 1, 2 and 7 days of one-second files: the same.
# The same window inside one day is byte-identical to the oracle's sar and
# sadf -d given hh:mm limits on that day's file.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
requires shared oracle "$SAR" "$SADF" "$SADC"
ROOT=$TMPD/root
cp -R "$SHARED/corpus/upstream/roots/root1" "$ROOT" && chmod -R u+w "$ROOT" || skip "cannot copy root1"
IDENT=--uname=Linux,HOST,6.1.0,x86_64

# sample FILE EPOCH UPTIME_S USER IDLE: one record, every CPU at USER/IDLE jiffies.
sample() {
	awk -v u="$4" -v i="$5" 'BEGIN {
		printf "cpu  %d 0 0 %d 0 0 0 0 0 0\n", 9 * u, 9 * i
		for (c = 0; c < 9; c++) printf "cpu%d %d 0 0 %d 0 0 0 0 0 0\n", c, u, i
		print "intr 1 0\nctxt 1\nbtime 1\nprocesses 1\nprocs_running 1\nprocs_blocked 0"
	}' >"$ROOT/proc/stat"
	printf '%d.00 1.00\n' "$3" >"$ROOT/proc/uptime"
	"$SADC" --root="$ROOT" --unix-time="$2" $IDENT 1 1 "$1" 2>"$TMPD/err" ||
		fail "sadc at $2 into $1: $(cat "$TMPD/err")"
}

# restart FILE EPOCH: a LINUX RESTART (sadc without an interval).
restart() {
	"$SADC" --root="$ROOT" --unix-time="$2" $IDENT "$1" 2>"$TMPD/err" ||
		fail "sadc restart at $2 into $1: $(cat "$TMPD/err")"
}

check() {
	# check NAME EXPECTED_FILE ACTUAL_FILE
	if cmp -s "$2" "$3"; then
		pass
	else
		fail "$1"
		diff -u "$2" "$3" | head -30
	fi
}

# The oracle and us on the same arguments but for ours: stdout and status.
same_as_oracle() {
	local name=$1 oracle=$2
	shift 2
	local n=$(($# / 2))
	local theirs=("${@:1:n}") mine=("${@:n+1}")
	TZ=$ZONE "$oracle" "${theirs[@]}" >"$TMPD/o.out" 2>"$TMPD/o.err"
	echo $? >>"$TMPD/o.out"
	TZ=$ZONE "${mine[@]}" >"$TMPD/m.out" 2>"$TMPD/m.err"
	echo $? >>"$TMPD/m.out"
	check "$name" "$TMPD/o.out" "$TMPD/m.out"
}

row() { # row TIME USER IDLE: a sar -u line
	printf '%-8s        all %9s      0.00      0.00      0.00      0.00 %9s\n' "$1" "$2" "$3"
}
banner() { # banner DATE
	printf 'Linux 6.1.0 (HOST) \t%s \t_x86_64_\t(9 CPU)\n' "$1"
}
header() {
	printf '\n%-8s        CPU     %%user     %%nice   %%system   %%iowait    %%steal     %%idle\n' "$1"
}

# ---- A: Europe/Paris, across midnight and the end of summer time ----
ZONE=Europe/Paris
A=$TMPD/a
mkdir -p "$A"
at() { TZ=$ZONE date -d "$1" +%s; }
t0=$(at '2026-10-24 23:00')
boot=$((t0 - 100000))
s() { sample "$1" "$2" $(($2 - boot)) "$3" "$4"; }
s "$A/sa24" "$t0" 1000 9000
s "$A/sa24" "$(at '2026-10-24 23:20')" 1100 9300
s "$A/sa24" "$(at '2026-10-24 23:40')" 1250 9400
mid=$(at '2026-10-25 00:00')
s "$A/sa24" "$mid" 1300 9600
restart "$A/sa25" "$mid"
s "$A/sa25" "$mid" 1300 9600
s "$A/sa25" "$(at '2026-10-25 01:00')" 1500 9900
s "$A/sa25" "$(at '2026-10-25 02:30 CEST')" 1600 10300
s "$A/sa25" "$(at '2026-10-25 02:30 CET')" 1900 10400
s "$A/sa25" "$(at '2026-10-25 03:30')" 2000 10500
cp "$A/sa24" "$TMPD/sa24.plain"
gzip "$A/sa25"

{
	banner 10/24/26
	header 23:20:00
	row 23:40:00 60.00 40.00
	row 00:00:00 20.00 80.00
	echo
	banner 10/25/26
	header 00:00:00
	row 01:00:00 40.00 60.00
	row 02:30:00 20.00 80.00
	row 02:30:00 75.00 25.00
	row Average: 42.11 57.89
} >"$TMPD/a.exp"
TZ=$ZONE "$SAR" -f "$A" -s '2026-10-24 23:10' -e '2026-10-25 03:00' >"$TMPD/a.out" 2>"$TMPD/a.err"
check "A: sar -f DIR, dated window" "$TMPD/a.exp" "$TMPD/a.out"
[ ! -s "$TMPD/a.err" ] && pass || fail "A: stderr: $(cat "$TMPD/a.err")"
# The same window: T form, @EPOCH with an hh:mm end, several -f in any order.
TZ=$ZONE "$SAR" -f "$A" -s 2026-10-24T23:10:00 -e 2026-10-25T03:00 >"$TMPD/a2.out" 2>&1
check "A: T form" "$TMPD/a.exp" "$TMPD/a2.out"
TZ=$ZONE "$SAR" -f "$A" -s "@$(at '2026-10-24 23:10')" -e 03:00 >"$TMPD/a3.out" 2>&1
check "A: @EPOCH start, hh:mm end" "$TMPD/a.exp" "$TMPD/a3.out"
TZ=$ZONE "$SAR" -f "$A/sa25.gz" -f "$A/sa24" -s '2026-10-24 23:10' -e 03:00 >"$TMPD/a4.out" 2>&1
check "A: -f FILE -f FILE" "$TMPD/a.exp" "$TMPD/a4.out"

# sadf -d: the same rows, in UTC, each with its own interval.
{
	echo "# hostname;interval;timestamp;CPU;%user;%nice;%system;%iowait;%steal;%idle"
	for r in "1200 2026-10-24 21:40:00 60.00 40.00" "1200 2026-10-24 22:00:00 20.00 80.00" \
		"3600 2026-10-24 23:00:00 40.00 60.00" "5400 2026-10-25 00:30:00 20.00 80.00" \
		"3600 2026-10-25 01:30:00 75.00 25.00"; do
		set -- $r
		echo "HOST;$1;$2 $3 UTC;-1;$4;0.00;0.00;0.00;0.00;$5"
	done
} >"$TMPD/ad.exp"
TZ=$ZONE "$SADF" -d -s '2026-10-24 23:10' -e '2026-10-25 03:00' "$A" -- -u >"$TMPD/ad.out" 2>&1
check "A: sadf -d -f DIR" "$TMPD/ad.exp" "$TMPD/ad.out"
TZ=$ZONE "$SADF" -d -s '2026-10-24 23:10' -e 03:00 "$A/sa25.gz" "$A/sa24" -- -u >"$TMPD/ad2.out" 2>&1
check "A: sadf -d FILE FILE" "$TMPD/ad.exp" "$TMPD/ad2.out"
for f in -j -x -p; do
	TZ=$ZONE "$SADF" $f -s '2026-10-24 23:10' -e '2026-10-25 03:00' "$A" -- -u >"$TMPD/af.out" 2>&1
	case $f in
	-j) python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum("timestamp" in x for x in d["sysstat"]["hosts"][0]["statistics"]))' \
		"$TMPD/af.out" >"$TMPD/af.n" 2>&1 ;;
	-x) grep -c '<timestamp ' "$TMPD/af.out" >"$TMPD/af.n" ;;
	-p) grep -c '%user' "$TMPD/af.out" >"$TMPD/af.n" ;;
	esac
	[ "$(cat "$TMPD/af.n")" = 5 ] && pass || fail "A: sadf $f: $(cat "$TMPD/af.n") records, not 5"
done

# The same window inside one day: byte-identical to the oracle with hh:mm on the file.
same_as_oracle "A: one day, sar" "$ORACLE_SAR" -f "$TMPD/sa24.plain" -s 23:10 -e 23:50 \
	"$SAR" -f "$A" -s '2026-10-24 23:10' -e '2026-10-24 23:50'
same_as_oracle "A: one day, sar -f FILE" "$ORACLE_SAR" -f "$TMPD/sa24.plain" -s 23:10 -e 23:50 \
	"$SAR" -f "$TMPD/sa24.plain" -s 2026-10-24T23:10 -e 2026-10-24T23:50
same_as_oracle "A: one day, sadf -d" "$ORACLE_SADF" -d -s 21:10 -e 21:50 "$TMPD/sa24.plain" -- -u \
	"$SADF" -d -s '2026-10-24 23:10' -e '2026-10-24 23:50' "$A" -- -u
# What sysstat takes stays as it is: a bad -s, two -f without a name.
same_as_oracle "A: bad -s" "$ORACLE_SAR" -f "$TMPD/sa24.plain" -s 25:00 \
	"$SAR" -f "$TMPD/sa24.plain" -s 25:00
P=$TMPD/sa24.plain
same_as_oracle "A: sar -f FILE -f FILE" "$ORACLE_SAR" -f "$P" -f "$P" "$SAR" -f "$P" -f "$P"
same_as_oracle "A: sar -f FILE -f NOFILE" "$ORACLE_SAR" -f "$P" -f "$P.no" "$SAR" -f "$P" -f "$P.no"
same_as_oracle "A: sadf FILE FILE" "$ORACLE_SADF" "$P" "$P" "$SADF" "$P" "$P"
same_as_oracle "A: sadf -s 7:15 FILE" "$ORACLE_SADF" -s 7:15 "$P" "$SADF" -s 7:15 "$P"
TZ=$ZONE "$SAR" -f "$A" -s '2026-02-30 10:00' >"$TMPD/bad.out" 2>&1
[ $? = 1 ] && grep -q '^Usage' "$TMPD/bad.out" && pass || fail "A: -s 2026-02-30: $(head -2 "$TMPD/bad.out")"
# The gzip day is decoded into a spill file; the cap counts only what is held
# in memory, which happens when no spill file can be made (TMPDIR names no
# directory): the same report, and past the cap its message.
TZ=$ZONE "$SAR" -f "$A" -s '2026-10-24 23:10' -e 03:00 >"$TMPD/spill.out" 2>&1
SYSREC_HISTORY_CAP=4096 TZ=$ZONE "$SAR" -f "$A" -s '2026-10-24 23:10' -e 03:00 >"$TMPD/cap.out" 2>&1
check "A: the cap counts no byte of a spill file" "$TMPD/spill.out" "$TMPD/cap.out"
TMPDIR=$TMPD/none TZ=$ZONE "$SAR" -f "$A" -s '2026-10-24 23:10' -e 03:00 >"$TMPD/mem.out" 2>&1
check "A: no spill file: the decoded bytes in memory" "$TMPD/spill.out" "$TMPD/mem.out"
SYSREC_HISTORY_CAP=4096 TMPDIR=$TMPD/none TZ=$ZONE "$SAR" -f "$A" -s '2026-10-24 23:10' -e 03:00 >/dev/null 2>"$TMPD/cap.err"
rc=$?
[ $rc = 2 ] && grep -q "^sar: cannot write a temporary file in '$TMPD/none': No such file or directory, and the files of the window hold more than 0 MiB of data to keep in memory (up to '.*'): set TMPDIR or ask for a shorter window$" "$TMPD/cap.err" &&
	pass || fail "A: cap: $rc $(cat "$TMPD/cap.err")"

# ---- B: GMT+12, four days, a missing one, a reboot, a comment ----
ZONE=GMT+12
B=$TMPD/b
mkdir -p "$B"
t0=$(at '2026-11-10 22:00')
boot=$((t0 - 100000))
s "$B/sa10" "$t0" 1000 9000
s "$B/sa10" "$(at '2026-11-10 23:00')" 1100 9100
mid=$(at '2026-11-11 00:00')
s "$B/sa10" "$mid" 1200 9400
s "$B/sa20261111" "$mid" 1200 9400
s "$B/sa20261111" "$(at '2026-11-11 06:00')" 1500 9600
"$SADC" --root="$ROOT" --unix-time="$(at '2026-11-11 09:00')" $IDENT -C hello "$B/sa20261111" ||
	fail "sadc -C"
boot=$(at '2026-11-11 12:00')
restart "$B/sa20261111" "$boot"
s "$B/sa20261111" "$(at '2026-11-11 12:10')" 10 90
s "$B/sa20261111" "$(at '2026-11-11 18:00')" 110 390
s "$B/sa13" "$(at '2026-11-13 00:00')" 310 490
s "$B/sa13" "$(at '2026-11-13 01:00')" 410 590
gzip "$B/sa20261111"
# The last file in xz (sa2's default compression) when xz is there.
if command -v xz >/dev/null; then xz "$B/sa13"; else gzip "$B/sa13"; fi
{
	banner 11/10/26
	header 23:00:00
	row 00:00:00 25.00 75.00
	echo
	banner 11/11/26
	header 00:00:00
	row 06:00:00 60.00 40.00
	printf '%-11s  COM hello\n' 09:00:00
	row Average: 44.44 55.56
	echo
	printf '%-11s  LINUX RESTART\t(9 CPU)\n' 12:00:00
	header 12:10:00
	row 18:00:00 25.00 75.00
	echo
	banner 11/13/26
	header 18:00:00
	row 00:00:00 66.67 33.33
	row Average: 42.86 57.14
} >"$TMPD/b.exp"
TZ=$ZONE "$SAR" -C -f "$B" -s '2026-11-10 22:30' -e '2026-11-13 00:30' >"$TMPD/b.out" 2>"$TMPD/b.err"
check "B: sar -C, three files, a reboot" "$TMPD/b.exp" "$TMPD/b.out"
echo "sar: no data file for 2026-11-12 in '$B'" >"$TMPD/b.err.exp"
check "B: the missing day" "$TMPD/b.err.exp" "$TMPD/b.err"
# sadf -d: the rows, the restart and the comment where they were.
{
	echo "# hostname;interval;timestamp;CPU;%user;%nice;%system;%iowait;%steal;%idle"
	echo "HOST;3600;2026-11-11 12:00:00 UTC;-1;25.00;0.00;0.00;0.00;0.00;75.00"
	echo "HOST;21600;2026-11-11 18:00:00 UTC;-1;60.00;0.00;0.00;0.00;0.00;40.00"
	echo "HOST;-1;2026-11-11 21:00:00 UTC;COM hello"
	printf 'HOST;-1;2026-11-12 00:00:00 UTC;LINUX-RESTART\t(9 CPU)\n'
	echo "# hostname;interval;timestamp;CPU;%user;%nice;%system;%iowait;%steal;%idle"
	echo "HOST;21000;2026-11-12 06:00:00 UTC;-1;25.00;0.00;0.00;0.00;0.00;75.00"
	echo "HOST;108000;2026-11-13 12:00:00 UTC;-1;66.67;0.00;0.00;0.00;0.00;33.33"
} >"$TMPD/bd.exp"
TZ=$ZONE "$SADF" -d -C -s '2026-11-10 22:30' -e '2026-11-13 00:30' "$B" -- -u >"$TMPD/bd.out" 2>/dev/null
check "B: sadf -d -C" "$TMPD/bd.exp" "$TMPD/bd.out"

# ---- C: UTC, processes (sadf's second open reads the same stitched data) and another activity list ----
ZONE=UTC
C=$TMPD/c
mkdir -p "$C"
M=$(at '2026-10-25 00:00')
for t in $((M - 600)) $((M - 300)) $M; do
	"$SADC" --root="$ROOT" --unix-time="$t" $IDENT -S PROCESS 1 1 "$C/sa24" || fail "sadc -S PROCESS"
done
for t in $M $((M + 300)); do
	"$SADC" --root="$ROOT" --unix-time="$t" $IDENT -S PROCESS 1 1 "$C/sa25" || fail "sadc -S PROCESS"
done
printf '%s\n' "2026-10-24 23:55:00 UTC" "2026-10-25 00:00:00 UTC" "2026-10-25 00:05:00 UTC" >"$TMPD/c.exp"
TZ=UTC "$SADF" -d "$C/sa24" "$C/sa25" -- --proc 2>&1 | awk -F';' 'NR > 1 { print $3 }' | uniq >"$TMPD/c.out"
check "C: sadf -d -- --proc, two files" "$TMPD/c.exp" "$TMPD/c.out"
TZ=UTC "$SADF" -j "$C/sa24" "$C/sa25" -- --proc -u >"$TMPD/cj.out" 2>&1
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMPD/cj.out" 2>/dev/null && pass || fail "C: sadf -j -- --proc -u: not JSON"
# Another activity list (-S DISK): sar starts a new report; sadf says it cannot.
"$SADC" --root="$ROOT" --unix-time=$((M + 600)) $IDENT -S DISK 1 1 "$C/other" || fail "sadc -S DISK"
"$SADC" --root="$ROOT" --unix-time=$((M + 900)) $IDENT -S DISK 1 1 "$C/other" || fail "sadc -S DISK"
TZ=UTC "$SAR" -f "$C/sa25" -f "$C/other" >"$TMPD/co.out" 2>&1
rc=$?
[ $rc = 0 ] && [ "$(grep -c '^Linux' "$TMPD/co.out")" = 2 ] && [ "$(grep -c '^Average:' "$TMPD/co.out")" = 2 ] &&
	pass || fail "C: sar, another activity list: $rc $(cat "$TMPD/co.out")"
TZ=UTC "$SADF" -d "$C/sa25" "$C/other" >/dev/null 2>"$TMPD/co.err"
rc=$?
[ $rc = 1 ] && grep -q "^sadf: '$C/other' cannot be read on from '$C/sa25' (another machine or another list of activities): give them to sadf one at a time$" "$TMPD/co.err" &&
	pass || fail "C: sadf, another activity list: $rc $(cat "$TMPD/co.err")"

# ---- D: an old-format file (converted as read, part B) beside a current one: two reports ----
U=$SHARED/corpus/upstream/files
TZ=UTC "$SAR" -u -f "$U/data-11.6.5" >"$TMPD/d1" 2>&1
TZ=UTC "$SAR" -u -f "$U/data-12.0.0" >"$TMPD/d2" 2>&1
{ cat "$TMPD/d1"; echo; cat "$TMPD/d2"; } >"$TMPD/d.exp"
TZ=UTC "$SAR" -u -f "$U/data-12.0.0" -f "$U/data-11.6.5" >"$TMPD/d.out" 2>&1
check "D: data-11.6.5 and data-12.0.0: each file's report, in time order" "$TMPD/d.exp" "$TMPD/d.out"

# ---- F: a new network interface the next day: the records hold their own count, one report ----
ZONE=UTC
F=$TMPD/f
mkdir -p "$F"
cp "$ROOT/proc/net/dev" "$TMPD/dev.orig"
t0=$(at '2026-11-20 23:50')
boot=$((t0 - 5000))
s "$F/sa20" "$t0" 100 900
s "$F/sa20" $((t0 + 600)) 200 1000
echo "  veth9: 100 1 0 0 0 0 0 0 200 2 0 0 0 0 0 0" >>"$ROOT/proc/net/dev"
restart "$F/sa21" $((t0 + 600))
s "$F/sa21" $((t0 + 600)) 200 1000
s "$F/sa21" $((t0 + 1200)) 300 1100
cp "$TMPD/dev.orig" "$ROOT/proc/net/dev"
TZ=UTC "$SADF" -d "$F/sa20" "$F/sa21" -- -n DEV >"$TMPD/f.out" 2>&1
rc=$?
[ $rc = 0 ] && [ "$(grep -c ';veth9;' "$TMPD/f.out")" = 1 ] && [ "$(grep -c ';lo;' "$TMPD/f.out")" = 2 ] &&
	pass || fail "F: an interface more the next day: $rc $(cat "$TMPD/f.out")"

# ---- E: a damaged compressed file inside the window: its clear message and status 2 ----
if command -v xz >/dev/null; then
	E=$TMPD/e
	cp -R "$B" "$E"
	size=$(stat -c %s "$E/sa13.xz")
	printf '\xff\xff\xff\xff' | dd of="$E/sa13.xz" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
	TZ=$ZONE "$SAR" -f "$E" -s '2026-11-10 22:30' -e '2026-11-13 00:30' >/dev/null 2>"$TMPD/e.err"
	rc=$?
	[ $rc = 2 ] && grep -q "^Cannot read $E/sa13.xz: corrupt xz data: " "$TMPD/e.err" &&
		pass || fail "E: a corrupt xz file in the window: $rc $(cat "$TMPD/e.err")"
fi

# ---- G: peak memory: the files of a window are read where they are, not held ----
# /usr/bin/time's peak RSS (%M, kB) of sar -A over daily files of one-second
# records (sa_make -T 1: 86400 records of the swap activity, 3.4 MB a day),
# plain and xz: 7 days against 2 days (both stitched: history.h) and against
# 1 day (the file alone). The rule: 7 days at most 1 MiB above each. Holding
# the files' bytes would add 3.4 MB a day, 17 MB over 2 days; what may
# differ is a few hundred bytes a file, the malloc arena's rounding and the
# pages touched once: at most 250 kB in a plain build, 330 kB under ASan.
# Peak RSS counts pages, not time: another job's load cannot move it.
# ASan's quarantine keeps freed blocks (up to 256 MB) and grows with the
# records read: off for these runs, so that a sanitizer build measures the
# same rule.
if [ -x /usr/bin/time ] && [ -x "$SA_MAKE" ] && command -v xz >/dev/null; then
	ZONE=UTC
	G=$TMPD/g
	mkdir -p "$G/1" "$G/2" "$G/7"
	for d in 10 11 12 13 14 15 16; do
		"$SA_MAKE" -a 4 -r 86400 -T 1 -t "$(at "2026-11-$d 00:00")" \
			"$G/7/sa$d" || fail "sa_make for 2026-11-$d"
	done
	cp "$G/7/sa10" "$G/1/" && cp "$G/7/sa10" "$G/7/sa11" "$G/2/"
	peak() { # peak DIR: sar -A's peak RSS in kB over the week's window
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0:thread_local_quarantine_size_kb=0" \
			TZ=UTC /usr/bin/time -f %M -o "$TMPD/peak" "$SAR" -A -s '2026-11-10 00:00:00' \
			-e '2026-11-16 23:59:59' -f "$1" >/dev/null 2>"$TMPD/peak.err" &&
			cat "$TMPD/peak" || echo "failed: $(head -3 "$TMPD/peak.err")"
	}
	for kind in plain xz; do
		if [ $kind = xz ]; then
			for n in 1 2 7; do xz -0 -T1 "$G/$n"/sa??; done
		fi
		p1=$(peak "$G/1") p2=$(peak "$G/2") p7=$(peak "$G/7")
		echo "NOTE: $kind: peak RSS 1 day $p1 kB, 2 days $p2 kB, 7 days $p7 kB"
		if [ "$p7" -le $((p2 + 1024)) ] 2>/dev/null && [ "$p7" -le $((p1 + 1024)) ]; then pass; else
			fail "G: $kind: peak RSS over 7 days ($p7 kB) passes 2 days ($p2 kB) or 1 day ($p1 kB) by over 1 MiB"
		fi
	done
	# One report, every second once: the records from 10 00:00:01 to 16 23:59:59,
	# less the first (no interval ends there), and a header a day.
	TZ=UTC "$SAR" -A -s '2026-11-10 00:00:00' -e '2026-11-16 23:59:59' -f "$G/7" >"$TMPD/g.out" 2>&1
	rows=$(grep -c '^[0-2][0-9]:[0-5][0-9]:[0-5][0-9] .*[0-9]$' "$TMPD/g.out")
	heads=$(grep -c 'pswpin/s' "$TMPD/g.out")
	[ "$rows/$heads" = "$((7 * 86400 - 2))/7" ] && pass ||
		fail "G: the week's window shows $rows rows and $heads headers, want $((7 * 86400 - 2)) and 7"
else
	echo "SKIP G: needs /usr/bin/time, xz and $SA_MAKE (make check builds it)"
fi

finish
