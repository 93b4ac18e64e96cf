#!/bin/bash
# flavours: 12.6.1 12.7.5
# sar --follow and sadf --follow -j/-d on a data directory that our sadc
# appends to with a fixed clock (one sample per run): every record is
# printed once, in order, with the values the oracle's sar and sadf print
# for the same records; a torn record is not printed until it is whole;
# the next day's file takes over at midnight; the idle follower does not
# wake up; SIGINT gives sar's averages and status 0, SIGTERM ends sadf
# with status 0.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
SADF="$top_builddir/sadf/sadf"
SADC="$top_builddir/sadc/sadc"
requires oracle "$SAR" "$SADF" "$SADC" python3

D=$TMPD/sa
mkdir -p "$D"
# The day under test is today (the followers take the directory's current
# file); its last seconds, then the next day's first ones.
day1=$(date +%Y-%m-%d)
t0=$(date -d "$day1 23:59:40" +%s)
t1=$(date -d "$day1 + 1 day 00:00:01" +%s)
f1=$D/sa$(date -d "$day1" +%d)
f2=$D/sa$(date -d "$day1 + 1 day" +%d)

sample() {
	"$SADC" --unix-time="$1" 1 1 "${2:-$D}" >/dev/null 2>&1
}

# Whether pid sleeps in the follower's wait (ppoll), within a few seconds:
# its kernel wait channel, or where that is hidden, its system call (ppoll
# is 271 on x86_64, 73 on arm64 and riscv64).
sleeping() {
	local i
	for i in $(seq 100); do
		grep -q poll "/proc/$1/wchan" 2>/dev/null && return 0
		grep -Eq '^(271|73) ' "/proc/$1/syscall" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

# Waits (a few seconds at most) until file has n lines matching the pattern.
wait_lines() {
	local file=$1 pat=$2 n=$3 i
	for i in $(seq 100); do
		[ "$(grep -c -- "$pat" "$file")" -ge "$n" ] && return 0
		sleep 0.05
	done
	return 1
}

wakeups() {
	awk '/ctxt_switches/ {n += $2} END {print n}' "/proc/$1/status"
}

sample $t0
sample $((t0 + 1))
S_TIME_FORMAT=ISO "$SAR" --follow -u -r -f "$D" >"$TMPD/sar.out" 2>"$TMPD/sar.err" &
sar_pid=$!
"$SADF" --follow -T -j "$D" -- -u -r >"$TMPD/j.out" 2>"$TMPD/j.err" &
j_pid=$!
"$SADF" --follow -T -d "$D" -- -u >"$TMPD/d.out" 2>"$TMPD/d.err" &
d_pid=$!
for p in $sar_pid $j_pid $d_pid; do
	if sleeping $p; then pass; else fail "follower $p does not wait"; fi
done

# No busy polling: an idle follower is not woken up at all.
w0=$(wakeups $sar_pid)
sleep 1
if [ "$(wakeups $sar_pid)" = "$w0" ]; then pass; else fail "idle sar --follow woke up"; fi

sample $((t0 + 2))
wait_lines "$TMPD/sar.out" "23:59:42 *all" 1 || fail "23:59:42 not printed"

# A torn record: half of a real record's bytes, then the rest.
cp "$f1" "$TMPD/whole"
size=$(stat -c %s "$TMPD/whole")
sample $((t0 + 3)) "$TMPD/whole"
tail -c +$((size + 1)) "$TMPD/whole" >"$TMPD/rec"
half=$(($(stat -c %s "$TMPD/rec") / 2))
head -c $half "$TMPD/rec" >>"$f1"
sleeping $sar_pid && sleeping $j_pid && sleeping $d_pid
n_sar=$(wc -l <"$TMPD/sar.out")
n_j=$(wc -l <"$TMPD/j.out")
sleep 1
if [ "$(wc -l <"$TMPD/sar.out")" = "$n_sar" ] && [ "$(wc -l <"$TMPD/j.out")" = "$n_j" ]; then
	pass
else
	fail "a torn record was printed"
fi
tail -c +$((half + 1)) "$TMPD/rec" >>"$f1"
wait_lines "$TMPD/sar.out" "23:59:43 *all" 1 || fail "23:59:43 not printed once whole"

# Midnight: the next day's file appears (sadc names it by its clock).
sample $t1
sample $((t1 + 1))
[ -f "$f2" ] && pass || fail "sadc did not write $f2"
wait_lines "$TMPD/sar.out" "00:00:02 *all" 1 || fail "00:00:02 not printed"
wait_lines "$TMPD/j.out" '"00:00:02"' 1 || fail "sadf -j: 00:00:02 not printed"
wait_lines "$TMPD/d.out" '00:00:02' 1 || fail "sadf -d: 00:00:02 not printed"

# A reboot: sadc's LINUX RESTART (no interval) at 00:00:03, then two samples:
# 00:00:04 is the reference of the next row.
"$SADC" --unix-time=$((t1 + 2)) "$D" >/dev/null 2>&1
sample $((t1 + 3))
sample $((t1 + 4))
wait_lines "$TMPD/sar.out" "00:00:05 *all" 1 || fail "00:00:05 not printed"
wait_lines "$TMPD/j.out" '"00:00:05"' 1 || fail "sadf -j: 00:00:05 not printed"
wait_lines "$TMPD/d.out" '00:00:05' 1 || fail "sadf -d: 00:00:05 not printed"
sleeping $sar_pid

kill -INT $sar_pid
wait $sar_pid
rc=$?
[ $rc = 0 ] && pass || fail "sar --follow after SIGINT: status $rc"
kill -TERM $j_pid $d_pid
wait $j_pid
rc=$?
[ $rc = 0 ] && pass || fail "sadf --follow -j after SIGTERM: status $rc"
wait $d_pid
[ -s "$TMPD/sar.err" ] && fail "sar: $(head -3 "$TMPD/sar.err")"
[ -s "$TMPD/j.err" ] && fail "sadf -j: $(head -3 "$TMPD/j.err")"

# Every interval once, in order: the rows after the reference (23:59:41).
want="23:59:42 23:59:43 00:00:01 00:00:02 00:00:05"
got=$(awk '$1 ~ /^[0-9][0-9]:/ && $2 == "all" {printf "%s%s", sep, $1; sep = " "}' "$TMPD/sar.out")
[ "$got" = "$want" ] && pass || fail "sar -u rows: '$got', not '$want'"
got=$(awk '$1 ~ /^[0-9][0-9]:/ && $2 ~ /^[0-9]+$/ {printf "%s%s", sep, $1; sep = " "}' \
	"$TMPD/sar.out")
[ "$got" = "$want" ] && pass || fail "sar -r rows: '$got', not '$want'"

# The rows of the intervals inside one file are the oracle's.
S_TIME_FORMAT=ISO "$ORACLE_SAR" -u -r -f "$f1" >"$TMPD/o1" 2>&1
S_TIME_FORMAT=ISO "$ORACLE_SAR" -u -r -f "$f2" >"$TMPD/o2" 2>&1
for t in 23:59:42 23:59:43 00:00:02 00:00:05; do
	o=$TMPD/o1
	[ "${t:0:2}" = 00 ] && o=$TMPD/o2
	rows="^$t +(all|[0-9])"
	if [ "$(grep -E "$rows" "$TMPD/sar.out")" = "$(grep -E "$rows" "$o")" ] && grep -Eq "$rows" "$o"; then
		pass
	else
		fail "sar row at $t differs from the oracle's"
		diff <(grep -E "$rows" "$o") <(grep -E "$rows" "$TMPD/sar.out")
	fi
done

# The restart where it was, after the averages of the rows before it, as
# sar's file mode shows them; SIGINT: the averages of the rows after it.
# (Levels: the mean of the rows.)
got=$(grep -c 'LINUX RESTART' "$TMPD/sar.out")
[ "$got" = 1 ] && pass || fail "sar: $got LINUX RESTART lines"
[ "$(grep -c '^Average: *all ' "$TMPD/sar.out")" = 2 ] && pass || fail "not two CPU averages"
want=$(awk '$1 ~ /^[0-9][0-9]:/ && $2 ~ /^[0-9]+$/ {s += $2; n++; if (n == 4) printf "%.0f ", s / n}
	END {print $2}' "$TMPD/sar.out")
got=$(awk '$1 == "Average:" && $2 ~ /^[0-9]+$/ {printf "%s%s", sep, $2; sep = " "}' "$TMPD/sar.out")
[ "$got" = "$want" ] && pass || fail "kbmemfree averages '$got', not '$want'"
order=$(grep -E '^(Average: +all|.*LINUX RESTART)' "$TMPD/sar.out" | awk '{print $2}' | tr '\n' ' ')
[ "$order" = "all LINUX all " ] && pass || fail "averages and restart in the order '$order'"

# sadf -j (-T: local times, as sar's): one object per line, the same records, values as the oracle's sadf -j.
"$ORACLE_SADF" -T -j "$f1" -- -u -r >"$TMPD/oj1" 2>&1
"$ORACLE_SADF" -T -j "$f2" -- -u -r >"$TMPD/oj2" 2>&1
if python3 - "$TMPD/j.out" "$TMPD/oj1" "$TMPD/oj2" <<'EOF'; then pass; else fail "sadf --follow -j"; fi
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
times = [r["timestamp"]["time"] if "timestamp" in r else "restart" for r in lines]
want = ["23:59:42", "23:59:43", "00:00:01", "00:00:02", "restart", "00:00:05"]
if times != want:
    sys.exit("records %s, not %s" % (times, want))
ref = {}
for f in sys.argv[2:]:
    for r in json.load(open(f))["sysstat"]["hosts"][0]["statistics"]:
        ref[r["timestamp"]["time"]] = r
for r in lines:
    if "restart" in r:
        if r["restart"]["time"] != "00:00:03":
            sys.exit("restart at %s" % r["restart"]["time"])
        continue
    t = r["timestamp"]["time"]
    if not r.get("nodename"):
        sys.exit("no nodename")
    if t in ref and (r["cpu-load"] != ref[t]["cpu-load"] or r["memory"] != ref[t]["memory"] or
                     r["timestamp"] != ref[t]["timestamp"]):
        sys.exit("record at %s differs from the oracle's" % t)
if sum(t in ref for t in times) != 4:
    sys.exit("the oracle has not the four records inside the files")
EOF

# sadf -d: the field list, then the oracle's rows of the same records.
"$ORACLE_SADF" -T -d "$f1" -- -u >"$TMPD/od" 2>&1
"$ORACLE_SADF" -T -d "$f2" -- -u | grep -v '^#' >>"$TMPD/od"
grep -v '^#' "$TMPD/d.out" >"$TMPD/d.rows"
if [ "$(head -1 "$TMPD/d.out")" = "$(head -1 "$TMPD/od")" ] &&
	[ "$(grep -c . "$TMPD/d.rows")" = 6 ] &&
	[ "$(grep -F -x -c -f "$TMPD/d.rows" "$TMPD/od")" = 5 ]; then
	pass
else
	fail "sadf --follow -d"
	cat "$TMPD/d.out"
fi

# Today's file not there yet: the follower waits for it, then its first
# record is the reference.
E=$TMPD/empty
mkdir "$E"
"$SAR" --follow -u -f "$E" >"$TMPD/e.out" 2>"$TMPD/e.err" &
e_pid=$!
sleeping $e_pid || fail "sar --follow on an empty directory does not wait"
sample $t0 "$E"
sample $((t0 + 1)) "$E"
wait_lines "$TMPD/e.out" "23:59:41 *all" 1 && pass || fail "no row once today's file appeared"
kill -TERM $e_pid
wait $e_pid
rc=$?
[ $rc = 0 ] && grep -q "waiting for sadc to write '$E/sa" "$TMPD/e.err" && pass ||
	fail "waiting for today's file: status $rc, $(cat "$TMPD/e.err")"

# Formats other than -d, -p, -j, and compressed files: a clear message, status 1 and 2.
"$SADF" --follow -x "$D" -- -u >/dev/null 2>"$TMPD/x.err"
rc=$?
[ $rc = 1 ] && grep -q -- "--follow" "$TMPD/x.err" && pass || fail "sadf --follow -x: status $rc"
"$SAR" --follow -f "$f1" -f "$f2" >/dev/null 2>"$TMPD/m.err"
rc=$?
[ $rc = 1 ] && grep -q "one file" "$TMPD/m.err" && pass || fail "sar --follow on two files: status $rc"
"$SADF" --follow -d "$f1" "$f2" >/dev/null 2>"$TMPD/m.err"
rc=$?
[ $rc = 1 ] && grep -q "one file" "$TMPD/m.err" && pass || fail "sadf --follow on two files: status $rc"
gzip -c "$f1" >"$TMPD/c.gz"
"$SAR" --follow -f "$TMPD/c.gz" >/dev/null 2>"$TMPD/c.err"
rc=$?
[ $rc = 2 ] && grep -q "compressed" "$TMPD/c.err" && pass || fail "sar --follow on .gz: status $rc"

[ "$(date +%Y-%m-%d)" = "$day1" ] || echo "note: the day changed during the test"
finish
