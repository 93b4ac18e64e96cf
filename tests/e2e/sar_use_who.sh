#!/bin/bash
# flavours: 12.6.1 12.7.5
# sar --use names the biggest consumers of a saturated resource during each episode when
# the file holds sadc -S PROCESS / -S CGROUP data. A synthetic archive (tests/tools/use_make):
# two CPUs, idle for two minutes, then 100 % busy for three minutes, in which process hog
# uses 5700 ticks (HZ 100) each minute = 95.00 % of a CPU, small 300 ticks = 5.00 %, and
# late, born inside the episode's second interval (start time after the record before it),
# 600 ticks in its first interval = 10.00 % over that minute, 3.33 % over the three. The
# cgroups hog.service and small.service use 57 s and 3 s of CPU a minute (95.00 %, 5.00 %);
# their slice holds both, so it is not named (leaves only); the root has no cpu.stat usage.
# Expected, by hand: processes hog[100] 95.00, small[200] 5.00, late[400] 3.33; cgroups
# /system.slice/hog.service 95.00, /system.slice/small.service 5.00. Without the extension
# records (tests/tools/sa_strip_ext.py) the report is the same minus those lines and what
# the cgroups are as resources of their own (sar_use_cgroup.sh checks them): their rows,
# last in the table, their "Could not be judged" lines, and memory's E row, which reads
# "no value" with cgroups that have no memory.events and "not in archives" without any.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
USE_MAKE="$top_builddir/tests/tools/use_make"
STRIP="$top_srcdir/tests/tools/sa_strip_ext.py"
[ -x "$SAR" ] && [ -x "$SADF" ] || skip "sar or sadf not built"
[ -x "$USE_MAKE" ] || skip "$USE_MAKE not built"
python3 -c 'import json' 2>/dev/null || skip "python3 not found"

npass=0
nfail=0
check() { # what, then a command that must succeed
	local what=$1
	shift
	if "$@"; then npass=$((npass + 1)); else nfail=$((nfail + 1)); echo "FAIL: $what"; fi
}

busy() { # one busy minute
	cat <<'X'
set CPU 0 cpu_user+=12000
set CPU 1 cpu_user+=6000
set CPU 2 cpu_user+=6000
proc 100 utime+=5700
proc 200 utime+=300
cgroup /system.slice/hog.service usage_usec+=57000000
cgroup /system.slice/small.service usage_usec+=3000000
cgroup /system.slice usage_usec+=60000000
X
}
idle() {
	printf 'set CPU 0 cpu_idle+=12000\nset CPU 1 cpu_idle+=6000\nset CPU 2 cpu_idle+=6000\n'
}
{
	echo "cpus 2"
	echo "acts CPU QUEUE"
	echo "proc 100 comm=hog start_time=50"
	echo "proc 200 comm=small start_time=60"
	echo "cgroup / present=1"
	echo "cgroup /system.slice depth=1 present=65"
	echo "cgroup /system.slice/hog.service depth=2 present=65"
	echo "cgroup /system.slice/small.service depth=2 present=65"
	echo "rec 1796090400"
	idle; echo "rec 1796090460"
	idle; echo "rec 1796090520"
	busy; echo "rec 1796090580"
	# Uptime counts from 100,000 s before the first record: 10,018,050 ticks is half a
	# second after the record at 1796090580, so late was born inside the next interval.
	busy; echo "proc 400 comm=late start_time=10018050 utime=600"; echo "rec 1796090640"
	busy; echo "rec 1796090700"
	idle; echo "rec 1796090760"
} >"$TMPD/w.desc"
"$USE_MAKE" "$TMPD/w.desc" "$TMPD/w.sa" || fail "use_make failed"
python3 "$STRIP" "$TMPD/w.sa" "$TMPD/w0.sa" || fail "sa_strip_ext failed"

for tz in UTC GMT+12; do
	TZ=$tz LC_ALL=C "$SAR" --use -f "$TMPD/w.sa" >"$TMPD/out" 2>&1
	check "$tz: sar --use exit status" test $? -eq 0
	TZ=$tz LC_ALL=C "$SAR" --use -f "$TMPD/w0.sa" >"$TMPD/out0" 2>&1
	ep=$(grep -A2 ' episode ' "$TMPD/out")
	want_p="                                  top processes (%CPU): hog[100] 95.00, small[200] 5.00, late[400] 3.33"
	want_c="                                  top cgroups (%CPU): /system.slice/hog.service 95.00, /system.slice/small.service 5.00"
	check "$tz: the episode's processes (got: $ep)" grep -qxF "$want_p" "$TMPD/out"
	check "$tz: the episode's cgroups (got: $ep)" grep -qxF "$want_c" "$TMPD/out"
	check "$tz: the episode's line comes first" \
		test "$(grep -A1 ' episode ' "$TMPD/out" | tail -1)" = "$want_p"
	check "$tz: without the extension records, the same report minus the two lines" \
		cmp -s <(grep -v '^ *top \(processes\|cgroups\) \|^  cgroup ' "$TMPD/out" |
			sed '/^cgroup /,$d; s/E oom_kill\/s   no value (no memory.events)$/E -             not in archives/') \
		"$TMPD/out0"
	check "$tz: the three cgroups are resources, unknown (no file the table judges)" \
		test "$(grep -c '^cgroup /system.slice[a-z/.]* *unknown ' "$TMPD/out")" = 3
	check "$tz: no consumers named without them" \
		test "$(grep -c ' top ' "$TMPD/out0")" = 0

	TZ=$tz LC_ALL=C "$SADF" -j "$TMPD/w.sa" -- --use >"$TMPD/j" 2>&1
	check "$tz: sadf -j -- --use exit status" test $? -eq 0
	check "$tz: sadf -j -- --use: the episode's consumers" python3 - "$TMPD/j" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
found = []
def walk(o):
    if isinstance(o, dict):
        if "top-unit" in o:
            found.append(o)
        for v in o.values():
            walk(v)
    elif isinstance(o, list):
        for v in o:
            walk(v)
walk(d)
want = {"start": "2026-12-01T02:02:00Z", "end": "2026-12-01T02:05:00Z", "seconds": 180,
        "top-unit": "%CPU",
        "top-processes": [{"name": "hog[100]", "value": 95.0}, {"name": "small[200]", "value": 5.0},
                          {"name": "late[400]", "value": 3.33}],
        "top-cgroups": [{"name": "/system.slice/hog.service", "value": 95.0},
                        {"name": "/system.slice/small.service", "value": 5.0}]}
if found != [want]:
    print("got", found)
    sys.exit(1)
PY
	TZ=$tz LC_ALL=C "$SADF" -j "$TMPD/w0.sa" -- --use >"$TMPD/j0" 2>&1
	check "$tz: sadf -j -- --use without them: no top keys" test "$(grep -c top- "$TMPD/j0")" = 0
done
echo "sar_use_who: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
