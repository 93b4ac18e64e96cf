#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadf --openmetrics, the backfill of history into Prometheus (doc/metrics.md):
#
# 1. Every archive of the shared corpus (upstream/files, upstream/generated,
#    live) and every archive our sadc writes (this machine; each fixture
#    root; roots with LINUX RESTARTs and comments; the anomaly archives of
#    tests/fixtures/anomaly_roots.sh: clocks stepping back, counters wrapping,
#    CPUs going offline, 300 interfaces and 150 disks appearing and
#    vanishing, an archive of the other byte order) is exported. Where
#    sadf -j -- -A exits 0, the export exits 0, passes the strict checker
#    (tests/tools/om_check.py --require-labels instance,job --require-meta
#    --timestamps: every family has a TYPE and a HELP)
#    and `promtool tsdb create-blocks-from openmetrics` writes it, keeping
#    every sample (its NUM SAMPLES is the number of sample lines). Where
#    sadf -j fails (malformed archives), the export fails with the same
#    status and a message, never a crash, and what it printed is empty or
#    passes the checker.
# 2. Semantics, checked by hand against sadf -r: CPU seconds are the
#    jiffies over the header's HZ (100 and 250), memory the kB times 1024,
#    disks and interfaces their raw counters, load averages over 100; the
#    series counts; node_uname_info; -s/-e, -P, --dev, --iface, --fs, --int, -- -u; -O
#    labels (and bad ones refused); a .gz archive; a LINUX RESTART is a
#    counter reset that drops no sample; a comment changes nothing.
#
# The export's exact family set and help texts are not pinned here (the
# table of doc/metrics.md §2 is); names, labels, units and values are.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared python3
"$SADF" --openmetrics /dev/null 2>&1 | grep -q '^Usage:' &&
	skip "sadf has no --openmetrics"
CHECK=$top_srcdir/tests/tools/om_check.py
PROMTOOL=$(command -v promtool || true)
[ -n "$PROMTOOL" ] || echo "NOTE: promtool is not installed (apt-get install prometheus): the exports are only checked by om_check.py"
T_START=$(date +%s.%N)

# ---- helpers ----

# crashed CAPTURE: whether a run_capture'd process died of a signal or a
# sanitizer report.
crashed() {
	local rc
	rc=$(cat "$1.rc")
	[ "$rc" -ge 124 ] || grep -q -e 'Sanitizer' -e 'runtime error:' "$1.err"
}

n_exp=0
declare -A exp_name
# keep_export CAPTURE WHAT: moves the export aside for the checker (run at
# the end, once over all of them) and the promtool run.
keep_export() {
	n_exp=$((n_exp + 1))
	mkdir -p "$TMPD/exp"
	mv "$1.out" "$TMPD/exp/$n_exp.om"
	exp_name[$n_exp]=$2
}

# promtool_blocks FILE WHAT: promtool writes blocks of the export FILE,
# with all its samples.
n_blocks=0
promtool_blocks() {
	local f=$1 what=$2 lines got
	[ -n "$PROMTOOL" ] || return 0
	rm -rf "$TMPD/blocks"
	if ! "$PROMTOOL" tsdb create-blocks-from openmetrics "$f" "$TMPD/blocks" >"$TMPD/pt.out" 2>&1; then
		fail "promtool rejects the export of $what: $(tail -3 "$TMPD/pt.out" | tr '\n' ' ')"
		return
	fi
	lines=$(grep -vc '^#' "$f")
	# Its table: ULID MINT MAXT DURATION SAMPLES CHUNKS SERIES SIZE.
	got=$(awk 'NR > 1 && NF == 8 { s += $5; b++ } END { print s + 0, b + 0 }' "$TMPD/pt.out")
	n_blocks=$((n_blocks + ${got#* }))
	if [ "${got% *}" = "$lines" ]; then
		pass
	else
		fail "promtool stored ${got% *} samples of the $lines in the export of $what"
	fi
}

# export_archive FILE GROUP: exports FILE whole, compares its exit status
# with sadf -j -- -A's, keeps the export.
# Under 12.7.5 (CI's second flavour) one archive in eight (sampled, tests/lib.sh);
# under 12.6.1 and with SYSREC_FULL=1 every one.
declare -A n_group n_group_ok n_group_skip
i_arch=0
export_archive() {
	local f=$1 group=$2 rc jrc
	i_arch=$((i_arch + 1))
	n_group[$group]=$((${n_group[$group]:-0} + 1))
	if [ "$FLAVOUR" = 12.7.5 ] && ! sampled $i_arch; then
		n_group_skip[$group]=$((${n_group_skip[$group]:-0} + 1))
		return
	fi
	run_capture "$TMPD/om" "$SADF" --openmetrics "$f"
	run_capture "$TMPD/j" "$SADF" -j "$f" -- -A
	rc=$(cat "$TMPD/om.rc") jrc=$(cat "$TMPD/j.rc")
	if crashed "$TMPD/om"; then
		fail "sadf --openmetrics $f crashed (exit $rc): $(head -3 "$TMPD/om.err")"
		return
	fi
	if [ "$rc" != "$jrc" ]; then
		fail "sadf --openmetrics $f: exit $rc, sadf -j -- -A: $jrc ($(head -1 "$TMPD/om.err"))"
		return
	fi
	if [ "$rc" != 0 ] && [ ! -s "$TMPD/om.err" ]; then
		fail "sadf --openmetrics $f: exit $rc without a message"
		return
	fi
	pass
	[ "$rc" = 0 ] && n_group_ok[$group]=$((${n_group_ok[$group]:-0} + 1))
	if [ -s "$TMPD/om.out" ]; then
		[ "$rc" = 0 ] && promtool_blocks "$TMPD/om.out" "$f"
		keep_export "$TMPD/om" "$f (exit $rc)"
	elif [ "$rc" = 0 ]; then
		fail "sadf --openmetrics $f: exit 0 and no output"
	fi
}

# check_exports: om_check.py over every kept export at once; each export
# it accepts is a pass, each it rejects a failure with its first messages.
check_exports() {
	local i bad
	[ "$n_exp" -gt 0 ] || return 0
	python3 "$CHECK" --require-labels instance,job --require-meta --timestamps --max-errors 20 "$TMPD"/exp/*.om \
		>"$TMPD/check.out" 2>&1
	for ((i = 1; i <= n_exp; i++)); do
		bad=$(grep -F "$TMPD/exp/$i.om:" "$TMPD/check.out" | head -3)
		if [ -z "$bad" ]; then
			pass
		else
			fail "om_check.py rejects the export of ${exp_name[$i]}: ${bad//$TMPD\/exp\/$i.om/}"
		fi
	done
}

# om_q.py: reads an export; "series NAME [LABEL=VALUE...]" prints each
# matching series (its labels sorted) and its number of points; "points
# NAME [LABEL=VALUE...]" prints "TIMESTAMP VALUE" of the one matching
# series; "families" prints the family names; "labels NAME LABEL" the
# values of LABEL in NAME's samples, sorted and unique; "times" every
# timestamp, sorted and unique; "alllabels" every label name=value pair.
cat >"$TMPD/om_q.py" <<'PYEOF'
import re, sys
path, cmd, args = sys.argv[1], sys.argv[2], sys.argv[3:]
lab = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')
samples = []
families = []
for line in open(path, encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("# TYPE "):
        families.append(line.split(" ")[2])
        continue
    if line.startswith("#"):
        continue
    m = re.match(r'([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (\S+))?$', line)
    name, labels, value, ts = m.group(1), dict(lab.findall(m.group(2) or "")), m.group(3), m.group(4)
    samples.append((name, labels, value, ts))
def match(s):
    name, labels = s[0], s[1]
    if name != args[0]:
        return False
    for a in args[1:]:
        k, v = a.split("=", 1)
        if labels.get(k) != v:
            return False
    return True
if cmd == "families":
    print("\n".join(families))
elif cmd == "series":
    count = {}
    for s in samples:
        if match(s):
            key = ",".join("%s=%s" % kv for kv in sorted(s[1].items()))
            count[key] = count.get(key, 0) + 1
    for k in sorted(count):
        print(k, count[k])
elif cmd == "points":
    keys = set()
    for s in samples:
        if match(s):
            keys.add(tuple(sorted(s[1].items())))
            print(s[3], s[2])
    if len(keys) > 1:
        print("several series match", file=sys.stderr)
        sys.exit(1)
elif cmd == "labels":
    print("\n".join(sorted({s[1].get(args[1], "") for s in samples if s[0] == args[0]})))
elif cmd == "times":
    print("\n".join(sorted({s[3] for s in samples}, key=float)))
elif cmd == "alllabels":
    print("\n".join(sorted({"%s=%s" % kv for s in samples for kv in s[1].items()})))
PYEOF
omq() {
	python3 "$TMPD/om_q.py" "$@"
}

# ---- 1. every archive ----

ROOTS=$SHARED/corpus/upstream/roots
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
for d in upstream/files upstream/generated live; do
	for f in "$SHARED/corpus/$d"/*; do
		[ -f "$f" ] && export_archive "$f" "corpus/$d"
	done
done

# Our sadc: this machine (three records, a second apart), each fixture root
# (two records), all the roots in one file with restarts and a comment.
if "$SADC" -S XALL "$TMPD/live.sa" 1 3 2>"$TMPD/err"; then
	export_archive "$TMPD/live.sa" "sadc/machine"
else
	fail "sadc on this machine: $(cat "$TMPD/err")"
fi
t=1555593609
for root in "$ROOTS"/root*; do
	[ -d "$root" ] || continue
	name=$(basename "$root")
	if "$SADC" --root="$root" --unix-time=$t $IDENT -S XALL "$TMPD/$name.sa" 1 2 2>"$TMPD/err"; then
		export_archive "$TMPD/$name.sa" "sadc/roots"
	else
		fail "sadc --root=$name: $(cat "$TMPD/err")"
	fi
	"$SADC" --root="$root" --unix-time=$t $IDENT -S XALL "$TMPD/roots.sa" 1 1 2>/dev/null
	t=$((t + 10))
	# A restart (sadc without an interval) and a comment after each root.
	"$SADC" --root="$root" --unix-time=$t $IDENT "$TMPD/roots.sa" 2>/dev/null
	"$SADC" --root="$root" --unix-time=$((t + 5)) $IDENT -C "after $name" "$TMPD/roots.sa" 2>/dev/null
	t=$((t + 10))
done
[ -s "$TMPD/roots.sa" ] && export_archive "$TMPD/roots.sa" "sadc/roots"

# The anomaly archives (clocks, uptimes, counters, CPUs, churn, byte order).
. "$top_srcdir/tests/fixtures/anomaly_roots.sh"
for f in "${files[@]}"; do
	export_archive "$f" "sadc/anomalies"
done

T_WALK=$(date +%s.%N)

# Devices appearing and vanishing (anomaly_roots.sh's churn.sa, 9 records):
# one series per interface or disk ever seen, and no point where it is not.
# Interfaces: the 554 veth names of i = 37..595 but the five multiples of 7
# below 74, which only odd steps (that skip them) would show, and lo: 555.
# Disks: the 311 of i = 23..333 but the 104 multiples of 3, without I/O
# (sadc leaves out a disk that never had any), and sda: 208. One record has
# no interface nor disk at all.
if [ -s "$AR/churn.sa" ] && "$SADF" --openmetrics "$AR/churn.sa" >"$TMPD/churn.om" 2>"$TMPD/err"; then
	n=$(omq "$TMPD/churn.om" series node_network_receive_bytes_total | wc -l)
	[ "$n" = 555 ] && pass || fail "churn.sa: $n interface series, want 555"
	n=$(omq "$TMPD/churn.om" series node_disk_read_bytes_total | wc -l)
	[ "$n" = 208 ] && pass || fail "churn.sa: $n disk series, want 208"
	n=$(omq "$TMPD/churn.om" times | wc -l)
	[ "$n" = 9 ] && pass || fail "churn.sa: $n times, want the 9 records"
	n=$(grep '^node_network_receive_bytes_total{' "$TMPD/churn.om" | awk '{ print $NF }' | sort -u | wc -l)
	[ "$n" = 8 ] && pass || fail "churn.sa: interface samples at $n times, want 8 (one record has none)"
else
	fail "churn.sa: no export ($(head -1 "$TMPD/err"))"
fi

# ---- 2. semantics ----

G=$SHARED/corpus/upstream/generated
D=$G/data.tmp # 9 CPUs, HZ 100, disks and interfaces, 2 restarts and a comment
if [ -r "$D" ]; then
	"$SADF" --openmetrics "$D" >"$TMPD/d.om" 2>"$TMPD/err" || fail "sadf --openmetrics data.tmp: $(cat "$TMPD/err")"
fi

# value_check WHAT EXPORT AWKPROG SADF-ARGS...: the lines "TS LABELS NAME
# EXPECTED" the awk program makes of `sadf -r -U` (with the arguments) are
# each a point of the export: series NAME{LABELS} at TS with the value
# EXPECTED (relative error under 1e-12). Counts the points compared in
# n_vals.
value_check() {
	local what=$1 om=$2 prog=$3
	shift 3
	"$SADF" -r -U "$@" | awk -F'; ' "$prog" >"$TMPD/expect"
	local n
	n=$(wc -l <"$TMPD/expect")
	if [ "$n" -eq 0 ]; then
		fail "$what: nothing to compare (sadf -r -U $*)"
		return
	fi
	python3 - "$om" "$TMPD/expect" "$what" <<-'PYEOF' >"$TMPD/vc.out"
		import re, sys
		om, exp, what = sys.argv[1:]
		lab = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')
		pts = {}
		for line in open(om):
		    if line.startswith("#"):
		        continue
		    m = re.match(r'([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+) (\S+)$', line.rstrip("\n"))
		    labels = dict(lab.findall(m.group(2) or ""))
		    labels.pop("instance", None); labels.pop("job", None)
		    key = (m.group(1), tuple(sorted(labels.items())), int(float(m.group(4))))
		    pts[key] = float(m.group(3))
		bad = 0
		n = 0
		for line in open(exp):
		    ts, labels, name, want = line.split()
		    lbl = tuple(sorted(tuple(kv.split("=", 1)) for kv in labels.split(",") if kv and kv != "-"))
		    n += 1
		    got = pts.get((name, lbl, int(ts)))
		    want = float(want)
		    if got is None or abs(got - want) > 1e-12 * max(1.0, abs(want)):
		        bad += 1
		        if bad <= 3:
		            print("FAIL: %s: %s{%s} at %s: export %s, sadf -r %s" % (what, name, labels, ts, got, want))
		print("compared %d %d" % (n, bad))
	PYEOF
	grep '^FAIL: ' "$TMPD/vc.out" | while read -r l; do echo "$l"; done
	read -r _ n bad < <(grep '^compared ' "$TMPD/vc.out")
	n_vals=$((n_vals + ${n:-0}))
	if [ "${n:-0}" -gt 0 ] && [ "${bad:-1}" = 0 ]; then
		pass
	else
		fail "$what: ${bad:-?} of ${n:-?} values differ"
	fi
}
n_vals=0

# CPU seconds: the jiffies of sadf -r (its current value) over HZ, both HZ
# of the corpus (100; data-9.1.6-hz.tmp has 250).
cpu_prog() {
	cat <<-EOF
		\$2 == "CPU" && \$3 >= 0 {
			split("system:12 iowait:15 steal:18 irq:21 softirq:24 idle:33", m, " ")
			off = 1
			for (i = 6; i <= 33; i += 3) if (\$i + 0 != 0) off = 0
			if (off) next  # an offline CPU: no counters
			for (k in m) { split(m[k], a, ":"); printf "%s cpu=%s,mode=%s node_cpu_seconds_total %.17g\n", \$1, \$3, a[1], \$a[2] / $1 }
			# sadf -r's %usr and %nice leave out the guests; /proc/stat's
			# (and node_exporter's) user and nice have them.
			printf "%s cpu=%s,mode=user node_cpu_seconds_total %.17g\n", \$1, \$3, (\$6 + \$27) / $1
			printf "%s cpu=%s,mode=nice node_cpu_seconds_total %.17g\n", \$1, \$3, (\$9 + \$30) / $1
			printf "%s cpu=%s,mode=user node_cpu_guest_seconds_total %.17g\n", \$1, \$3, \$27 / $1
			printf "%s cpu=%s,mode=nice node_cpu_guest_seconds_total %.17g\n", \$1, \$3, \$30 / $1
		}
	EOF
}
# data-ppc-11.7.2 is big-endian (16 CPUs, 4-byte longs).
for f in "$D" "$G/data-9.1.6-hz.tmp" "$SHARED/corpus/live/f.sa" "$SHARED/corpus/upstream/files/data-ppc-11.7.2"; do
	[ -r "$f" ] || continue
	hz=$("$SADF" -H "$f" | sed -n 's/^HZ = //p')
	"$SADF" --openmetrics "$f" >"$TMPD/v.om" 2>/dev/null
	value_check "CPU seconds of $(basename "$f") (HZ $hz)" "$TMPD/v.om" "$(cpu_prog "$hz")" "$f" -- -u ALL -P ALL
done
# Memory: kB times 1024; load averages over 100, the task counts as they are.
value_check "memory of data.tmp" "$TMPD/d.om" '$2 == "kbmemfree" {
	printf "%s - node_memory_MemFree_bytes %.0f\n", $1, $3 * 1024
	printf "%s - node_memory_MemAvailable_bytes %.0f\n", $1, $5 * 1024
	printf "%s - node_memory_MemTotal_bytes %.0f\n", $1, $7 * 1024
	printf "%s - node_memory_Buffers_bytes %.0f\n", $1, $9 * 1024
	printf "%s - node_memory_Cached_bytes %.0f\n", $1, $11 * 1024
	printf "%s - node_memory_Committed_AS_bytes %.0f\n", $1, $13 * 1024
	printf "%s - node_memory_Active_bytes %.0f\n", $1, $15 * 1024
	printf "%s - node_memory_Inactive_bytes %.0f\n", $1, $17 * 1024
	printf "%s - node_memory_Dirty_bytes %.0f\n", $1, $19 * 1024 }' "$D" -- -r
value_check "load of data.tmp" "$TMPD/d.om" '$2 == "runq-sz" {
	printf "%s - node_load1 %.17g\n", $1, $7 / 100
	printf "%s - node_load5 %.17g\n", $1, $9 / 100
	printf "%s - node_load15 %.17g\n", $1, $11 / 100
	printf "%s - node_procs_blocked %d\n", $1, $13 }' "$D" -- -q
# Disks (sectors times 512, ticks in ms over 1000) and interfaces (bytes,
# packets as they are), by the names sar gives them.
value_check "disks of data.tmp" "$TMPD/d.om" '$6 == "DEV" {
	printf "%s device=%s node_disk_read_bytes_total %.0f\n", $1, $7, $13 * 512
	printf "%s device=%s node_disk_written_bytes_total %.0f\n", $1, $7, $16 * 512
	printf "%s device=%s node_disk_read_time_seconds_total %.17g\n", $1, $7, $22 / 1000
	printf "%s device=%s node_disk_write_time_seconds_total %.17g\n", $1, $7, $25 / 1000
	printf "%s device=%s node_disk_io_time_seconds_total %.17g\n", $1, $7, $31 / 1000
	printf "%s device=%s node_disk_io_time_weighted_seconds_total %.17g\n", $1, $7, $34 / 1000 }' "$D" -- -d -p
ifaces='$2 == "IFACE" {
	printf "%s device=%s node_network_receive_packets_total %.0f\n", $1, $3, $6
	printf "%s device=%s node_network_transmit_packets_total %.0f\n", $1, $3, $9
	printf "%s device=%s node_network_receive_bytes_total %.0f\n", $1, $3, $12
	printf "%s device=%s node_network_transmit_bytes_total %.0f\n", $1, $3, $15
	printf "%s device=%s node_network_receive_multicast_total %.0f\n", $1, $3, $24 }'
value_check "interfaces of data.tmp" "$TMPD/d.om" "$ifaces" "$D" -- -n DEV
# The other byte order: sa_make -X's 400 interfaces (anomaly_roots.sh).
if [ -s "$AR/make-items.sa" ]; then
	"$SADF" --openmetrics "$AR/make-items.sa" >"$TMPD/x.om" 2>/dev/null
	value_check "interfaces of make-items.sa (other byte order)" "$TMPD/x.om" "$ifaces" "$AR/make-items.sa" -- -n DEV
fi

if [ -s "$TMPD/d.om" ]; then
	# Series: 10 CPUs (cpu 0-9, no "all": the header says 9, the second
	# restart 10) times the 8 modes; every point of a CPU always online is
	# there: 7 records, across 2 restarts and a comment; cpu 9 has the 2
	# records after the second restart.
	n=$(omq "$TMPD/d.om" series node_cpu_seconds_total | wc -l)
	[ "$n" = 80 ] && pass || fail "data.tmp: $n node_cpu_seconds_total series, want 10 CPUs x 8 modes"
	n=$(omq "$TMPD/d.om" series node_cpu_seconds_total cpu=9 mode=idle)
	[ "${n##* }" = 2 ] && pass || fail "data.tmp: cpu 9 idle has ${n##* } points, want 2"
	modes=$(omq "$TMPD/d.om" labels node_cpu_seconds_total mode | tr '\n' ' ')
	[ "$modes" = "idle iowait irq nice softirq steal system user " ] && pass ||
		fail "data.tmp: node_cpu_seconds_total modes: $modes"
	cpus=$(omq "$TMPD/d.om" labels node_cpu_seconds_total cpu | sort -n | tr '\n' ' ')
	[ "$cpus" = "0 1 2 3 4 5 6 7 8 9 " ] && pass || fail "data.tmp: node_cpu_seconds_total cpus: $cpus"
	n=$(omq "$TMPD/d.om" series node_cpu_seconds_total cpu=0 mode=user)
	[ "${n##* }" = 7 ] && pass || fail "data.tmp: cpu 0 user has ${n##* } points, want the 7 records"
	# The restart is a counter reset: the value goes down, the point stays.
	omq "$TMPD/d.om" points node_cpu_seconds_total cpu=0 mode=user >"$TMPD/p"
	if awk 'NR > 1 && $2 < v { down++ } { v = $2 } END { exit !(down == 1) }' "$TMPD/p"; then
		pass
	else
		fail "data.tmp: cpu 0 user does not go down once across the restart: $(tr '\n' ' ' <"$TMPD/p")"
	fi
	# node_uname_info from the header; instance and job by default.
	u=$(omq "$TMPD/d.om" series node_uname_info)
	[ "$u" = "instance=SYSSTAT.TEST,job=node,machine=x86_64,nodename=SYSSTAT.TEST,release=1.2.3-TEST,sysname=Linux 7" ] &&
		pass || fail "data.tmp: node_uname_info: $u"
	# Every timestamp is a record's time in Unix seconds, and no other: the
	# 7 statistics records (sa_walk -d: 13:20:09 to 13:20:49 UTC every 10 s,
	# then 13:54:15 and 13:54:35 after the restarts, 2019-04-18).
	got=$(omq "$TMPD/d.om" times | tr '\n' ' ')
	want="1555593609 1555593619 1555593629 1555593639 1555593649 1555595655 1555595675 "
	[ "$got" = "$want" ] && pass || fail "data.tmp: timestamps $got, want $want"
	# Integer Unix seconds (the records' times have no fraction).
	n=$(grep -v '^#' "$TMPD/d.om" | awk '$NF !~ /^[0-9]+$/' | wc -l)
	[ "$n" = 0 ] && pass || fail "data.tmp: $n samples without an integer timestamp"
	# node_exporter's names for what doc/metrics.md §2 maps (a sample).
	for fam in node_cpu_seconds node_cpu_guest_seconds node_context_switches node_forks node_intr \
		node_load1 node_load5 node_load15 node_procs_running node_procs_blocked \
		node_memory_MemAvailable_bytes node_memory_SwapFree_bytes node_vmstat_pgfault \
		node_disk_read_bytes node_disk_written_bytes node_disk_io_time_seconds \
		node_network_receive_bytes node_network_transmit_packets node_network_receive_errs \
		node_filefd_allocated; do
		omq "$TMPD/d.om" families | grep -x "$fam" >/dev/null && pass || fail "data.tmp: no family $fam"
	done
	# Nothing else under node_ but the names of doc/metrics.md §2; the rest under sysstat_.
	others=$(omq "$TMPD/d.om" families | grep -v -e '^node_' -e '^sysstat_' | tr '\n' ' ')
	[ -z "$others" ] && pass || fail "data.tmp: families neither node_ nor sysstat_: $others"
fi

# -s/-e: only the records in the window (inclusive), every one of them.
"$SADF" --openmetrics -s 13:20:19 -e 13:20:39 "$D" >"$TMPD/w.om" 2>"$TMPD/err"
got=$(omq "$TMPD/w.om" times | tr '\n' ' ')
[ "$got" = "1555593619 1555593629 1555593639 " ] && pass || fail "-s 13:20:19 -e 13:20:39: times $got"
"$SADF" --openmetrics -s 13:54:00 "$D" >"$TMPD/w.om" 2>"$TMPD/err"
got=$(omq "$TMPD/w.om" times | tr '\n' ' ')
[ "$got" = "1555595655 1555595675 " ] && pass || fail "-s 13:54:00 (after the restarts): times $got"
# -P: those CPUs only.
"$SADF" --openmetrics -P 0,3 "$D" >"$TMPD/w.om" 2>"$TMPD/err"
got=$(omq "$TMPD/w.om" labels node_cpu_seconds_total cpu | tr '\n' ' ')
[ "$got" = "0 3 " ] && pass || fail "-P 0,3: cpus $got"
# --dev, --iface: those devices only (sar's names).
if have_part ioconf "--dev by sar's names"; then
	"$SADF" --openmetrics --dev=sda,sda2 "$D" >"$TMPD/w.om" 2>"$TMPD/err"
	got=$(omq "$TMPD/w.om" labels node_disk_read_bytes_total device | tr '\n' ' ')
	[ "$got" = "sda sda2 " ] && pass || fail "--dev=sda,sda2: devices $got"
fi
all=$(omq "$TMPD/d.om" labels node_disk_read_bytes_total device | wc -l)
[ "$all" -gt 2 ] && pass || fail "data.tmp: only $all disks without --dev"
"$SADF" --openmetrics --iface=enp6s0 "$D" >"$TMPD/w.om" 2>"$TMPD/err"
got=$(omq "$TMPD/w.om" labels node_network_receive_bytes_total device | tr '\n' ' ')
[ "$got" = "enp6s0 " ] && pass || fail "--iface=enp6s0: interfaces $got"
# --fs: filesystems by device name or mount point; --int: interrupts by number
# and range, as sar takes them (data.tmp has /dev/sda6, 7, 9, 12, sdf and sdg
# mounted, and interrupts 0, 1, 8, 9, 12, 16 to 19...).
"$SADF" --openmetrics --fs=/dev/sda9,/home "$D" >"$TMPD/w.om" 2>"$TMPD/err"
got=$(omq "$TMPD/w.om" labels node_filesystem_size_bytes mountpoint | tr '\n' ' ')
[ "$got" = "/ /home " ] && pass || fail "--fs=/dev/sda9,/home: mount points $got"
"$SADF" --openmetrics --int=16-17,0 "$D" >"$TMPD/w.om" 2>"$TMPD/err"
got=$(omq "$TMPD/w.om" labels sysstat_interrupts_total irq | sort -n | tr '\n' ' ')
[ "$got" = "0 16 17 " ] && pass || fail "--int=16-17,0: interrupts $got"
# -- -u: CPU families only (and node_uname_info).
"$SADF" --openmetrics "$D" -- -u >"$TMPD/w.om" 2>"$TMPD/err"
got=$(omq "$TMPD/w.om" families | grep -v -e '^node_cpu_' -e '^sysstat_cpu_' -e '^node_uname_info$' | tr '\n' ' ')
[ -z "$got" ] && omq "$TMPD/w.om" families | grep -x node_cpu_seconds >/dev/null && pass ||
	fail "-- -u: other families: $got"
# -O: instance, job and constant labels on every sample.
"$SADF" --openmetrics -O instance=web-7,job=nodes,dc=eu-1 "$D" >"$TMPD/w.om" 2>"$TMPD/err"
got=$(omq "$TMPD/w.om" alllabels | grep -e '^instance=' -e '^job=' -e '^dc=' | tr '\n' ' ')
[ "$got" = "dc=eu-1 instance=web-7 job=nodes " ] && pass || fail "-O instance=web-7,job=nodes,dc=eu-1: $got"
if python3 "$CHECK" --require-labels instance,job,dc --timestamps "$TMPD/w.om" >"$TMPD/c.out"; then
	pass
else
	fail "-O ...,dc=eu-1: $(head -2 "$TMPD/c.out")"
fi
# A bad label name, a reserved one, a family's own label: exit 1, a message.
for o in 1x=y __x=y a-b=c cpu=3 device=sda =v; do
	run_capture "$TMPD/o" "$SADF" --openmetrics -O "$o" "$D"
	if [ "$(cat "$TMPD/o.rc")" = 1 ] && [ -s "$TMPD/o.err" ] && [ ! -s "$TMPD/o.out" ]; then
		pass
	else
		fail "-O $o: exit $(cat "$TMPD/o.rc"), stderr: $(head -1 "$TMPD/o.err"), $(wc -l <"$TMPD/o.out") lines out"
	fi
done
# A label value with the characters that need escaping.
"$SADF" --openmetrics -O 'note=a"b\c' "$D" -- -q >"$TMPD/w.om" 2>"$TMPD/err"
if grep -qF 'note="a\"b\\c"' "$TMPD/w.om" && python3 "$CHECK" "$TMPD/w.om" >/dev/null; then
	pass
else
	fail "-O 'note=a\"b\\c': $(grep -m1 note "$TMPD/w.om") $(head -1 "$TMPD/err")"
fi
# A .gz archive: the same export.
gzip -c "$D" >"$TMPD/data.tmp.gz"
if "$SADF" --openmetrics "$TMPD/data.tmp.gz" 2>"$TMPD/err" | cmp -s - "$TMPD/d.om"; then
	pass
else
	fail "data.tmp.gz: not the export of data.tmp ($(head -1 "$TMPD/err"))"
fi

# A comment changes nothing, a restart drops no sample: three files of the
# same samples of root2, one plain, one with a comment, one with a restart.
R2=$ROOTS/root2
if [ -d "$R2" ]; then
	t=1555593609
	for v in plain comment restart; do
		"$SADC" --root="$R2" --unix-time=$t $IDENT -S XALL "$TMPD/$v.sa" 1 1 2>/dev/null
		case $v in
		comment) "$SADC" --root="$R2" --unix-time=$((t + 5)) $IDENT -C "a comment" "$TMPD/$v.sa" 2>/dev/null ;;
		restart) "$SADC" --root="$R2" --unix-time=$((t + 5)) $IDENT "$TMPD/$v.sa" 2>/dev/null ;;
		esac
		"$SADC" --root="$R2" --unix-time=$((t + 10)) $IDENT -S XALL "$TMPD/$v.sa" 1 2 2>/dev/null
		# (The filesystems are sadc's statvfs of this machine's mount points.)
		"$SADF" --openmetrics "$TMPD/$v.sa" 2>"$TMPD/err" | grep -v '^node_filesystem_' >"$TMPD/$v.om" ||
			fail "$v.sa: $(cat "$TMPD/err")"
	done
	n=$(grep -vc '^#' "$TMPD/plain.om")
	[ "$n" -gt 0 ] && cmp -s "$TMPD/plain.om" "$TMPD/comment.om" && pass ||
		fail "a comment changes the export ($n samples): $(diff "$TMPD/plain.om" "$TMPD/comment.om" | head -3)"
	cmp -s "$TMPD/plain.om" "$TMPD/restart.om" && pass ||
		fail "a restart changes the export: $(diff "$TMPD/plain.om" "$TMPD/restart.om" | head -3)"
	n=$(omq "$TMPD/restart.om" series node_cpu_seconds_total cpu=0 mode=user)
	[ "${n##* }" = 3 ] && pass || fail "restart.sa: cpu 0 user has ${n##* } points, want 3"
fi

# The temporary file: an export larger than the samples kept in memory (2 MiB)
# goes through $TMPDIR; without a usable one, a message and status 2, never
# a partial export.
"$SA_MAKE" -s -r 1000 -c 8 -d 16 -i 4 "$TMPD/spill.sa" 2>/dev/null
"$SADF" --openmetrics "$TMPD/spill.sa" >"$TMPD/spill.om" 2>"$TMPD/err"
rc=$?
# sa_make -s keeps every identity: each series has a sample in each of the 1000 records.
n=$(grep -v '^#' "$TMPD/spill.om" | sed 's/ [^ ]* [^ ]*$//' | uniq -c | awk '$1 != 1000 { bad++ }
	END { print NR, bad + 0 }')
[ $rc = 0 ] && [ "${n#* }" = 0 ] && [ "${n% *}" -gt 900 ] && [ ! -s "$TMPD/err" ] && pass ||
	fail "spill.sa: status $rc, series and series without 1000 samples: $n, $(head -2 "$TMPD/err")"
TMPDIR=/nonexistent "$SADF" --openmetrics "$TMPD/spill.sa" >"$TMPD/spill.om" 2>"$TMPD/err"
rc=$?
[ $rc = 2 ] && [ ! -s "$TMPD/spill.om" ] &&
	grep -q '^Cannot use the temporary file of --openmetrics: No such file or directory$' "$TMPD/err" &&
	pass || fail "TMPDIR=/nonexistent: status $rc, $(wc -c <"$TMPD/spill.om") bytes, $(head -2 "$TMPD/err")"

T_SEM=$(date +%s.%N)
check_exports
T_END=$(date +%s.%N)

for g in $(printf '%s\n' "${!n_group[@]}" | sort); do
	echo "$g: ${n_group[$g]} archives, ${n_group_skip[$g]:-0} left out by sampling, ${n_group_ok[$g]:-0} exported (exit 0)"
done
echo "exports checked by om_check.py: $n_exp; promtool blocks written: $n_blocks; values compared with sadf -r: $n_vals"
awk -v a="$T_START" -v b="$T_WALK" -v c="$T_SEM" -v d="$T_END" 'BEGIN {
	printf "time: exports %.1f s, semantics %.1f s, checker %.1f s\n", b - a, c - b, d - c }'
finish
