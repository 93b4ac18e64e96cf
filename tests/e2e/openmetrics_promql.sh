#!/bin/bash
# flavours: 12.6.1 12.7.5
# The backfill answers PromQL as sar answers: archives with several CPUs,
# disks and interfaces are exported (sadf --openmetrics, one instance label
# per archive), written as TSDB blocks (promtool tsdb create-blocks-from
# openmetrics), and served by a Prometheus server started on them
# (127.0.0.1, a free port, a temporary directory, stopped on exit). At each
# record sar reports, an instant query at the record's time must give what
# sar (the oracle of the flavour, TZ=UTC) prints:
#
#   cpu   100 * irate(node_cpu_seconds_total{mode="user"}[R])
#         / ignoring(mode) sum without(mode) (irate(node_cpu_seconds_total[R]))
#         per CPU against sar -u -P ALL %user: sar divides the user delta
#         (guests included, as in /proc/stat) by the sum of the eight modes'
#         deltas, so the ratio does not depend on the interval;
#   cpu_usr  100 * clamp_min(irate(node_cpu_seconds_total{mode="user"}[R])
#               - irate(node_cpu_guest_seconds_total{mode="user"}[R]), 0)
#         / ignoring(mode) sum without(mode) (irate(node_cpu_seconds_total[R]))
#         against sar -u ALL -P ALL %usr, which leaves the guests out;
#   disk  irate(node_disk_read_bytes_total[R]) / 1024 against sar -d -p rkB/s
#   net   irate(node_network_receive_bytes_total[R]) / 1024 against
#         sar -n DEV rxkB/s
#   load  node_load1 against sar -q ldavg-1
#   mem   node_memory_MemAvailable_bytes / 1024 against sar -r kbavail
#
# R is the time from the previous record plus 1 s, so that irate takes the
# two records sar takes. Tolerance: sar prints two decimals, so half a unit
# of the last one (0.005; 0.5 for kbavail, an integer) plus 1e-9 relative
# for the floating point; and sar's rates divide by the interval of the
# records' uptimes (centiseconds) where irate divides by the difference of
# their timestamps (seconds): the disk and network rates are scaled by
# dt / (uptime interval) first, read from the record headers, exactly
# (the generated archive has uptimes that drift 1.5 % from its clock).
. "${top_srcdir:-.}/tests/lib.sh"

for p in promtool prometheus; do
	command -v $p >/dev/null || missing "$p is not installed (apt-get install prometheus)"
done
requires shared oracle python3
"$SADF" --openmetrics /dev/null 2>&1 | grep -q '^Usage:' && skip "sadf has no --openmetrics"
T_START=$(date +%s.%N)

ROOTS=$SHARED/corpus/upstream/roots
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64

# ---- the archives ----

arch=()
for f in "$SHARED/corpus/upstream/generated/data.tmp" "$SHARED/corpus/upstream/generated/data-new.tmp" \
	"$SHARED/corpus/live/f.sa"; do
	[ -r "$f" ] && arch+=("$f")
done

# A day of fixture root1 (9 CPUs, 2 disks, 3 interfaces) in 7 records a
# minute apart whose counters all move, guests included, and whose uptimes
# advance 61.5 s a minute.
gen_root() {
	local R=$TMPD/gen s t u f=$TMPD/gen.sa
	rm -rf "$R"
	cp -R "$ROOTS/root1" "$R" && chmod -R u+w "$R" || return 1
	cp "$R/proc/stat" "$TMPD/stat0"
	cp "$R/proc/diskstats" "$TMPD/diskstats0"
	cp "$R/proc/net/dev" "$TMPD/netdev0"
	cp "$R/proc/meminfo" "$TMPD/meminfo0"
	t=1555593600 u=719255
	for s in 0 1 2 3 4 5 6; do
		# cpuN: user nice system idle iowait irq softirq steal guest guest_nice,
		# each CPU at its own pace; guest grows within user; "cpu" is their sum.
		awk -v s=$s '/^cpu[0-9]/ { n = substr($1, 4) + 1
				d[1] = 37 * n; d[2] = 5 * (n % 3); d[3] = 11 * n; d[4] = 600 - 40 * n; d[5] = 3 * n
				d[6] = 2; d[7] = 4 * n; d[8] = n % 2; d[9] = 13 * (n % 4); d[10] = n % 3
				d[2] += d[10]
				line = $1
				for (i = 2; i <= 11; i++) { v = $i + s * s * d[i - 1] + s * d[i - 1]; sum[i] += v; line = line " " v }
				rows[++nr] = line; next }
			/^cpu / { next }
			{ rest[++nrest] = $0 }
			END { printf "cpu "; for (i = 2; i <= 11; i++) printf " %d", sum[i]; print ""
				for (i = 1; i <= nr; i++) print rows[i]
				for (i = 1; i <= nrest; i++) print rest[i] }' "$TMPD/stat0" >"$R/proc/stat"
		awk -v s=$s '{ $6 += (s * s + s) * (4000 + 517 * NR); $10 += s * 900 * NR; print }' \
			"$TMPD/diskstats0" >"$R/proc/diskstats"
		awk -v s=$s -F'[: ]+' 'NR <= 2 { print; next }
			{ sub(/^ +/, ""); split($0, a, /[: ]+/)
				printf "%s: %d %d", a[1], a[2] + s * 123457 * NR * (s + 1), a[3] + s * 100 * NR
				for (i = 4; i <= 17; i++) printf " %d", a[i] + (i == 10 ? s * 9999 : 0)
				print "" }' "$TMPD/netdev0" >"$R/proc/net/dev"
		printf '%d.%02d %d.%02d 4/956 27015\n' $((s * 37 % 9)) $((s * 53 % 100)) $((3 + s % 2)) $((s * 7 % 100)) \
			$((2 + s % 3)) $((s * 11 % 100)) >"$R/proc/loadavg"
		awk -v s=$s '/^MemAvailable:/ { $2 += s * 11113 } { print }' "$TMPD/meminfo0" >"$R/proc/meminfo"
		printf '%d.%02d 29212.05\n' $((u / 100)) $((u % 100)) >"$R/proc/uptime"
		"$SADC" --root="$R" --unix-time=$t $IDENT -S XALL "$f" 1 1 2>"$TMPD/err" ||
			{ fail "sadc on the generated root: $(cat "$TMPD/err")"; return 1; }
		t=$((t + 60)) u=$((u + 6150))
	done
	arch+=("$f")
}
gen_root
# This machine, five records a second apart (real counters).
if "$SADC" -S XALL "$TMPD/machine.sa" 1 5 2>"$TMPD/err"; then
	arch+=("$TMPD/machine.sa")
else
	fail "sadc on this machine: $(cat "$TMPD/err")"
fi

# ---- export, blocks, server ----

DB=$TMPD/db
mkdir -p "$DB"
n=0
for f in "${arch[@]}"; do
	n=$((n + 1))
	inst=a$n-$(basename "$f")
	if ! "$SADF" --openmetrics -O instance="$inst" "$f" >"$TMPD/a$n.om" 2>"$TMPD/err"; then
		fail "sadf --openmetrics $f: $(head -2 "$TMPD/err")"
		continue
	fi
	# A day per block at most: each archive is one or two blocks.
	if promtool tsdb create-blocks-from openmetrics --max-block-duration=24h "$TMPD/a$n.om" "$DB" \
		>"$TMPD/pt.out" 2>&1; then
		pass
	else
		fail "promtool rejects the export of $f: $(tail -2 "$TMPD/pt.out")"
	fi
done

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf 'global:\n  scrape_interval: 1m\n' >"$TMPD/prometheus.yml"
# Prometheus 2.42 always allows overlapping blocks (the flag went in 2.39);
# the archives are years old: a retention of 100 years keeps them.
prometheus --config.file="$TMPD/prometheus.yml" --storage.tsdb.path="$DB" \
	--storage.tsdb.retention.time=100y --web.listen-address=127.0.0.1:$port \
	--log.level=warn >"$TMPD/prometheus.log" 2>&1 &
PROM_PID=$!
trap 'kill $PROM_PID 2>/dev/null; wait $PROM_PID 2>/dev/null; rm -rf "$TMPD"' EXIT
URL=http://127.0.0.1:$port
python3 - "$URL" <<'PYEOF' || { tail -5 "$TMPD/prometheus.log"; fail "prometheus did not get ready on $URL within 60 s"; finish; exit; }
import sys, time, urllib.request
for _ in range(600):
    try:
        if urllib.request.urlopen(sys.argv[1] + "/-/ready", timeout=2).status == 200:
            sys.exit(0)
    except Exception:
        pass
    time.sleep(0.1)
sys.exit(1)
PYEOF
T_READY=$(date +%s.%N)

# ---- the comparisons ----

cat >"$TMPD/cmp.py" <<'PYEOF'
import json, os, re, struct, subprocess, sys, time, urllib.parse, urllib.request

url, sar, walk, archive, inst = sys.argv[1:6]
env = dict(os.environ, TZ="UTC", LC_ALL="C")

# The statistics records: (time, uptime in 1/100 s) from their headers.
recs = []
data = open(archive, "rb").read()
for line in subprocess.run([walk, "-d", archive], capture_output=True, text=True, env=env).stdout.splitlines():
    m = re.match(r"\s*record type=1 time=\S+ offset=(\d+)", line)
    if m:
        up, ts = struct.unpack_from("<QQ", data, int(m.group(1)))
        recs.append((ts, up))
by_hms = {}
for i, (ts, up) in enumerate(recs):
    by_hms.setdefault(time.strftime("%H:%M:%S", time.gmtime(ts)), i)

def query(q, t):
    u = url + "/api/v1/query?" + urllib.parse.urlencode({"query": q, "time": str(t)})
    r = json.load(urllib.request.urlopen(u, timeout=30))
    if r.get("status") != "success":
        raise RuntimeError("%s: %s" % (q, r))
    return r["data"]["result"]

def sar_rows(opts, keycol, valcol):
    """(record index, key, value) of each row sar prints."""
    out = subprocess.run([sar] + opts + ["-f", archive], capture_output=True, text=True, env=env).stdout
    cols = None
    rows = []
    for line in out.splitlines():
        f = line.split()
        if len(f) < 2 or not re.match(r"\d\d:\d\d:\d\d$", f[0]):
            continue
        if valcol in f:
            cols = f
            continue
        if cols is None or len(f) != len(cols) or "RESTART" in line:
            continue
        i = by_hms.get(f[0])
        if i is None or i == 0:
            continue
        key = f[cols.index(keycol)] if keycol else ""
        rows.append((i, key, float(f[cols.index(valcol)])))
    return rows

I = 'instance="%s"' % inst
kinds = [
    ("cpu", ["-u", "-P", "ALL"], "CPU", "%user", "cpu", False, 0.005,
     '100 * irate(node_cpu_seconds_total{%s,mode="user"}[R])'
     ' / ignoring(mode) sum without(mode) (irate(node_cpu_seconds_total{%s}[R]))' % (I, I)),
    ("cpu_usr", ["-u", "ALL", "-P", "ALL"], "CPU", "%usr", "cpu", False, 0.005,
     '100 * clamp_min(irate(node_cpu_seconds_total{%s,mode="user"}[R]) - irate(node_cpu_guest_seconds_total{%s,mode="user"}[R]), 0)'
     ' / ignoring(mode) sum without(mode) (irate(node_cpu_seconds_total{%s}[R]))' % (I, I, I)),
    ("disk", ["-d", "-p"], "DEV", "rkB/s", "device", True, 0.005,
     "irate(node_disk_read_bytes_total{%s}[R]) / 1024" % I),
    ("net", ["-n", "DEV"], "IFACE", "rxkB/s", "device", True, 0.005,
     "irate(node_network_receive_bytes_total{%s}[R]) / 1024" % I),
    ("load", ["-q"], None, "ldavg-1", None, False, 0.005, "node_load1{%s}" % I),
    ("mem", ["-r"], None, "kbavail", None, False, 0.5, "node_memory_MemAvailable_bytes{%s} / 1024" % I),
]
def cpu_anomalies(i):
    """The CPUs whose counters sar and PromQL read differently between
    records i-1 and i: a counter that goes back (PromQL: a reset; sar: a
    small negative delta, as /proc/stat's iowait may do), or guest time
    growing more than the user or nice time that includes it (sar then
    corrects its total). Read from the raw samples of both records."""
    t, tp = recs[i][0], recs[i - 1][0]
    res = query('{__name__=~"node_cpu_seconds_total|node_cpu_guest_seconds_total",%s}[%ds]' % (I, t - tp + 1), t)
    d = {}
    for r in res:
        vals = {int(float(ts)): float(v) for ts, v in r["values"]}
        if tp in vals and t in vals:
            m = r["metric"]
            d[(m["cpu"], m["__name__"], m["mode"])] = vals[t] - vals[tp]
    bad = set()
    for (cpu, name, mode), delta in d.items():
        if delta < 0:
            bad.add(cpu)
        if name == "node_cpu_guest_seconds_total" and delta > d.get((cpu, "node_cpu_seconds_total", mode), 0):
            bad.add(cpu)
    return bad

n_anom = {}
for kind, opts, keycol, valcol, label, scaled, tol, q in kinds:
    made = agreed = missing = 0
    cache = {}
    for i, key, want in sar_rows(opts, keycol, valcol):
        if key == "all":
            continue
        t, up = recs[i]
        tp, upp = recs[i - 1]
        dt, itv = t - tp, up - upp
        if (i, kind) not in cache:
            res = query(q.replace("[R]", "[%ds]" % (dt + 1)), t)
            cache[(i, kind)] = {(r["metric"].get(label, "") if label else ""): float(r["value"][1]) for r in res}
        if kind.startswith("cpu"):
            if i not in n_anom:
                n_anom[i] = cpu_anomalies(i)
            if key in n_anom[i]:
                missing += 1
                if os.environ.get("OM_DEBUG"):
                    print("ANOMALY %s at %d cpu %s" % (kind, t, key))
                continue
        got = cache[(i, kind)].get(key)
        if got is None or got != got:
            missing += 1  # sar has a row PromQL has no number for (an offline CPU, 0/0)
            if os.environ.get("OM_DEBUG"):
                print("MISSING %s at %d %s: sar %s; PromQL has %s" % (kind, t, key, want, sorted(cache[(i, kind)])))
            continue
        if scaled:
            if itv <= 0:
                missing += 1
                continue
            got = got * dt * 100.0 / itv
        made += 1
        if abs(got - want) <= tol + 1e-9 * abs(want):
            agreed += 1
        elif made - agreed <= 3:
            print("DIFF %s %s at %d %s: PromQL %.6f, sar %s %.2f" % (kind, os.path.basename(archive), t, key, got, valcol, want))
    print("KIND %s %d %d %d" % (kind, made, agreed, missing))
PYEOF

declare -A made agreed
n=0
for f in "${arch[@]}"; do
	n=$((n + 1))
	[ -s "$TMPD/a$n.om" ] || continue
	python3 "$TMPD/cmp.py" "$URL" "$ORACLE_SAR" "$SA_WALK" "$f" "a$n-$(basename "$f")" >"$TMPD/cmp.out" 2>&1 ||
		fail "comparing $f: $(tail -3 "$TMPD/cmp.out")"
	grep '^DIFF ' "$TMPD/cmp.out" | sed 's/^DIFF /FAIL: /'
	[ -n "${OM_DEBUG:-}" ] && grep -e '^MISSING ' -e '^ANOMALY ' "$TMPD/cmp.out"
	while read -r _ kind m a miss; do
		made[$kind]=$((${made[$kind]:-0} + m))
		agreed[$kind]=$((${agreed[$kind]:-0} + a))
		echo "$(basename "$f"): $kind: $a of $m agree ($miss rows of sar not compared: no PromQL number, or a CPU counter going back)"
		n_pass=$((n_pass + a))
		[ "$m" -gt "$a" ] && n_fail=$((n_fail + m - a))
	done < <(grep '^KIND ' "$TMPD/cmp.out")
done
for kind in cpu cpu_usr disk net load mem; do
	echo "PromQL against sar, $kind: ${agreed[$kind]:-0} of ${made[$kind]:-0} agree"
	[ "${made[$kind]:-0}" -gt 0 ] || fail "no $kind comparison made"
done
T_END=$(date +%s.%N)
awk -v a="$T_START" -v b="$T_READY" -v c="$T_END" 'BEGIN {
	printf "time: archives, exports, blocks and server %.1f s, queries %.1f s\n", b - a, c - b }'
finish
