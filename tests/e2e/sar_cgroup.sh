#!/bin/bash
# flavours: 12.6.1 12.7.5
# sar --cgroup on the cgroup fixture (tests/tools/cgroup_fixture.py): two
# snapshots 10 s apart (--advance 10, /proc/uptime 10 s later too) collected
# with sadc --root -S CGROUP, one record each. Every column of every cgroup
# is checked against the value worked out from the fixture's documented
# counters (a cgroup of weight k over 10 s: %CPU k, mem_kB 1064 k, rd 12 k
# kB/s, wr 24 k kB/s, PSI some/full cpu 0.1/0.05 k %, memory 0.02/0.01 k %,
# io 0.03/0.015 k %; mariadb 5 % throttled and 536870912 bytes of limit),
# "-" where the fixture has no such file, the record's order, the Average
# block, and under UTC and GMT+12.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
requires shared "$SAR" "$SADC" python3
ROOT1="$SHARED/corpus/upstream/roots/root1"
[ -d "$ROOT1/proc" ] || skip "the shared corpus's root1 is missing ($ROOT1)"
FIXTURE="$top_srcdir/tests/tools/cgroup_fixture.py"

T0=1700000000
python3 "$FIXTURE" --base "$ROOT1" "$TMPD/r0" >/dev/null || fail "fixture r0"
python3 "$FIXTURE" --base "$ROOT1" --advance 10 "$TMPD/r1" >/dev/null || fail "fixture r1"
# The second snapshot is 10 s later for the kernel too: 1000 cs of interval.
awk '{ printf "%.2f %.2f\n", $1 + 10, $2 + 20 }' "$TMPD/r0/proc/uptime" >"$TMPD/r1/proc/uptime"
"$SADC" --root="$TMPD/r0" --unix-time=$T0 -S CGROUP 1 1 "$TMPD/c.sa" &&
	"$SADC" --root="$TMPD/r1" --unix-time=$((T0 + 10)) -S CGROUP 1 1 "$TMPD/c.sa" ||
	fail "sadc --root -S CGROUP"

# path, weight k, and which values exist: T cpu.stat's throttling group, M
# memory.current and memory.events, X a memory.max limit, I io.stat, E an
# empty io.stat (no I/O yet). Depth 2 (sadc's default), pre-order.
cat >"$TMPD/table" <<'EOF'
/ 100 I
/init.scope 2 TMI
/machine.slice 3 TMI
/machine.slice/machine-qemu\x2d1\x2ddebian12.scope 4 TI
/system.slice 40 TMI
/system.slice/cron.service 5 TMI
/system.slice/dbus.service 6 TMI
/system.slice/mariadb.service 20 TMIX
/system.slice/ssh.service 7 TMI
/system.slice/system-getty.slice 1 TME
/system.slice/systemd-journald.service 8 TMI
/system.slice/systemd-logind.service 9 TMI
/system.slice/systemd-udevd.service 10 TMI
/user.slice 30 TMI
/user.slice/user-1000.slice 25 M
EOF

# The expected 13 values of each row, from the fixture's formulas.
awk '{
	k = $2; f = $3
	thr = (f ~ /T/) ? (k == 20 ? 5 : 0) : "-"
	mem = (f ~ /M/) ? 1064 * k : "-"
	# mariadb: memory.current 1048576 k + 4096 k t at t = 10 over 536870912.
	mmax = (f ~ /X/) ? (1048576 * k + 40960 * k) / 536870912 * 100 : "-"
	oom = (f ~ /M/) ? 0 : "-"
	rd = (f ~ /I/) ? 12 * k : (f ~ /E/) ? 0 : "-"
	wr = (f ~ /I/) ? 24 * k : (f ~ /E/) ? 0 : "-"
	print $1, k, thr, mem, mmax, oom, rd, wr, 0.1 * k, 0.05 * k, 0.02 * k, 0.01 * k, 0.03 * k, 0.015 * k
}' "$TMPD/table" >"$TMPD/want"

# check LABEL FILE TIME: the rows at TIME against want, in order; a number
# within half a unit of the last decimal (an exact tie may round either way).
check_rows() {
	local label=$1 file=$2 when=$3
	if awk -v when="$when" -v label="$label" '
		NR == FNR { want[++nw] = $0; next }
		$1 == when && $2 != "%CPU" { got[++ng] = $0 }
		END {
			bad = 0
			if (ng != nw) { printf "FAIL: %s: %d rows, want %d\n", label, ng, nw; exit 1 }
			for (i = 1; i <= nw; i++) {
				split(want[i], w, " "); n = split(got[i], g, " ")
				if (n != 15 || g[15] != w[1]) {
					printf "FAIL: %s: row %d is %s, want %s\n", label, i, got[i], w[1]; bad = 1; continue
				}
				for (j = 2; j <= 14; j++) {
					ok = (w[j] == "-") ? g[j] == "-" : (g[j] != "-" && g[j] - w[j] <= 0.0051 && w[j] - g[j] <= 0.0051)
					if (!ok) { printf "FAIL: %s: %s column %d: %s, want %s\n", label, w[1], j - 1, g[j], w[j]; bad = 1 }
				}
			}
			exit bad
		}' "$TMPD/want" "$file"; then
		pass
	else
		fail "$label: see above"
	fi
}

for tz in UTC GMT+12; do
	export TZ=$tz
	t1=$(date -d @$((T0 + 10)) +%H:%M:%S)
	t0=$(date -d @$T0 +%H:%M:%S)
	run_capture "$TMPD/o" "$SAR" --cgroup -f "$TMPD/c.sa"
	[ "$(cat "$TMPD/o.rc")" = 0 ] && [ ! -s "$TMPD/o.err" ] && pass ||
		fail "$tz: sar --cgroup: status $(cat "$TMPD/o.rc"), $(head -2 "$TMPD/o.err")"
	check_rows "$tz interval" "$TMPD/o.out" "$t1"
	check_rows "$tz average" "$TMPD/o.out" "Average:"
	# The header: at the earlier record's time, the contract's columns.
	hdr="$t0       %CPU  %thrtl    mem_kB %memmax oomkill  rd_kB/s  wr_kB/s  %scpu  %fcpu  %smem  %fmem   %sio   %fio  cgroup"
	grep -qxF "$hdr" "$TMPD/o.out" && pass || fail "$tz: header line"
	# mariadb's row as text: the widths of the columns.
	want="$t1      20.00    5.00     21280    4.06       0   240.00   480.00   2.00   1.00   0.40   0.20   0.60   0.30  /system.slice/mariadb.service"
	grep -qxF "$want" "$TMPD/o.out" && pass || fail "$tz: mariadb row: $(grep mariadb "$TMPD/o.out" | head -1)"
	# With -u: sysstat's report first, as sar -u prints it, then the cgroups.
	"$SAR" -u -f "$TMPD/c.sa" >"$TMPD/u" 2>&1
	"$SAR" -u --cgroup -f "$TMPD/c.sa" >"$TMPD/uc" 2>&1
	head -c "$(stat -c %s "$TMPD/u")" "$TMPD/uc" | cmp -s - "$TMPD/u" &&
		[ "$(wc -l <"$TMPD/uc")" -eq $(($(wc -l <"$TMPD/u") + 34)) ] && pass ||
		fail "$tz: sar -u --cgroup is not sar -u then the cgroup blocks"
done
export TZ=UTC

# --dec=0 applies to the percentages and rates; the columns keep their widths, as in sar.
"$SAR" --cgroup --dec=0 -f "$TMPD/c.sa" | grep -q '         20       5     21280       4       0      240      480      2      1      0      0      1      0  /system.slice/mariadb.service$' &&
	pass || fail "--dec=0: $("$SAR" --cgroup --dec=0 -f "$TMPD/c.sa" | grep mariadb | head -1)"

# A file without cgroups: our message, status 1; with another report asked, that report alone.
"$SADC" --root="$TMPD/r0" --unix-time=$T0 1 1 "$TMPD/plain.sa" &&
	"$SADC" --root="$TMPD/r1" --unix-time=$((T0 + 10)) 1 1 "$TMPD/plain.sa"
run_capture "$TMPD/n" "$SAR" --cgroup -f "$TMPD/plain.sa"
[ "$(cat "$TMPD/n.rc")" = 1 ] && [ ! -s "$TMPD/n.out" ] &&
	grep -q "^sar: no cgroups in '$TMPD/plain.sa'" "$TMPD/n.err" && pass ||
	fail "no cgroups: status $(cat "$TMPD/n.rc"): $(cat "$TMPD/n.err")"
"$SAR" -u -f "$TMPD/plain.sa" >"$TMPD/pu" 2>&1
"$SAR" -u --cgroup -f "$TMPD/plain.sa" >"$TMPD/puc" 2>&1
cmp -s "$TMPD/pu" "$TMPD/puc" && pass || fail "sar -u --cgroup on a file without cgroups"
# Bad --proc specs are usage errors; --cgroup takes no value.
for a in --proc=0 --proc=disk --proc= --cgroup=1; do
	run_capture "$TMPD/e" "$SAR" "$a" -f "$TMPD/c.sa"
	[ "$(cat "$TMPD/e.rc")" = 1 ] && grep -q "^Usage:" "$TMPD/e.err" && pass || fail "$a: not a usage error"
done

finish
