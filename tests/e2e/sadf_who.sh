#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadf -d, -p, -j, -x and --openmetrics with sar's --proc[=SPEC] and
# --cgroup after "--", on two files:
#  - live: this machine, sadc -S PROCESS,CGROUP 1 3, while a CPU
#    burner runs under a command name full of what the formats must escape
#    (';', a blank, '"', '<', '&', a tab);
#  - fixture: tests/tools/cgroup_fixture.py's two snapshots 10 s apart
#    (sadc --root -S CGROUP), whose cgroups lack some files.
# Each format must carry sar --proc's (--cgroup's) values of the same file,
# interval by interval and row by row, the same numbers as sar's text (its
# '-' an empty -d field, a -p line left out, a key or attribute left out);
# JSON must parse (python3 -m json.tool), XML too (python3's parser), the
# names be escaped as documented in sadf(1); --openmetrics: promtool check
# metrics and tsdb create-blocks-from openmetrics accept it (all samples
# kept), om_check.py's strict check passes, and the fixture's cgroup
# counters are its files' raw values in seconds and bytes (worked out from
# the files, not from sadf). sadf -d -- -u --proc is sadf -d -- -u's bytes
# then the processes; -- --proc alone prints no CPU.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
[ -x "$SAR" ] || skip "$SAR not built"
[ -x "$SADC" ] || skip "$SADC not built"
command -v python3 >/dev/null || skip "python3 not installed"
"$SADF" -d /dev/null -- --proc 2>&1 | grep -q '^Usage:' && skip "sadf has no --proc"
ROOT1="$SHARED/corpus/upstream/roots/root1"
FIXTURE="$top_srcdir/tests/tools/cgroup_fixture.py"
CHECK="$top_srcdir/tests/tools/om_check.py"
PROMTOOL=$(command -v promtool || true)
[ -n "$PROMTOOL" ] || echo "NOTE: promtool is not installed (apt-get install prometheus): --openmetrics is only checked by om_check.py"

# ---- the files ----

# A CPU burner whose command name (/proc/PID/comm, 15 bytes) needs escaping.
WEIRD=$'w;h "<&\tz'
(printf '%s' "$WEIRD" >/proc/self/comm && while :; do :; done) &
BURNER=$!
trap 'kill $BURNER 2>/dev/null; rm -rf "$TMPD"' EXIT
"$SADC" -S PROCESS,CGROUP 1 3 "$TMPD/live.sa" || fail "sadc -S PROCESS,CGROUP"
kill $BURNER 2>/dev/null
wait $BURNER 2>/dev/null

FILES=live
if have_part shared "the cgroup fixture on root1" && [ -d "$ROOT1/proc" ]; then
	T0=1700000000
	python3 "$FIXTURE" --base "$ROOT1" "$TMPD/r0" >/dev/null || fail "fixture r0"
	python3 "$FIXTURE" --base "$ROOT1" --advance 10 "$TMPD/r1" >/dev/null || fail "fixture r1"
	awk '{ printf "%.2f %.2f\n", $1 + 10, $2 + 20 }' "$TMPD/r0/proc/uptime" >"$TMPD/r1/proc/uptime"
	"$SADC" --root="$TMPD/r0" --unix-time=$T0 -S CGROUP 1 1 "$TMPD/fixture.sa" &&
		"$SADC" --root="$TMPD/r1" --unix-time=$((T0 + 10)) -S CGROUP 1 1 "$TMPD/fixture.sa" ||
		fail "sadc --root -S CGROUP"
	FILES="live fixture"
elif have_shared; then
	echo "NOTE: the shared corpus's root1 is missing ($ROOT1): no cgroup fixture"
fi

# ---- each format against sar's text ----

# compare KIND FILE SPEC: sar's rows (kind proc or cgroup) against sadf -d,
# -p, -j and -x's, all in local time (sadf -T), in one python3 run.
compare() {
	local kind=$1 f=$2 spec=$3 fmt
	S_TIME_FORMAT=ISO "$SAR" "$spec" -f "$TMPD/$f.sa" >"$TMPD/sar.txt" 2>&1 ||
		fail "$f: sar $spec exits $?"
	for fmt in d p j x; do
		"$SADF" -T -$fmt "$TMPD/$f.sa" -- "$spec" >"$TMPD/sadf.$fmt" 2>"$TMPD/sadf.$fmt.err" ||
			fail "$f: sadf -$fmt -- $spec exits $?: $(head -2 "$TMPD/sadf.$fmt.err")"
	done
	python3 - "$kind" "$TMPD" >"$TMPD/cmp.out" 2>&1 <<'EOF'
import json, sys, xml.etree.ElementTree as ET
kind, d = sys.argv[1], sys.argv[2]
PROC = ["%usr", "%system", "%CPU", "majflt/s", "rd_kB/s", "wr_kB/s", "iodelay", "RSS_kB"]
PKEYS = ["usr", "system", "cpu", "majflt", "rd_kB", "wr_kB", "iodelay", "rss_kB"]
CG = ["%CPU", "%thrtl", "mem_kB", "%memmax", "oomkill", "rd_kB/s", "wr_kB/s",
      "%scpu", "%fcpu", "%smem", "%fmem", "%sio", "%fio"]
CKEYS = ["cpu", "thrtl", "mem_kB", "memmax", "oomkill", "rd_kB", "wr_kB", "psi-cpu-some",
         "psi-cpu-full", "psi-mem-some", "psi-mem-full", "psi-io-some", "psi-io-full"]
names, keys = (PROC, PKEYS) if kind == "proc" else (CG, CKEYS)
bad = []

def fail(msg):
    bad.append(msg)

# sar: rows (time, item, values) in order; '-' is None; the Average block ends it.
sar = []
for line in open(d + "/sar.txt", encoding="latin-1"):
    w = line.split()
    if not w:
        continue
    if w[0] == "Average:":
        break
    if len(w) < 2 or not w[0][:2].isdigit() or "PID" in w or "cgroup" in w:
        continue
    if kind == "proc":
        t, item, vals = w[0], w[1], w[2:10]
    else:
        t, item, vals = w[0], w[14] if len(w) > 14 else "", w[1:14]
    sar.append((t, item, [None if v == "-" else v for v in vals]))
if not sar:
    fail("sar printed no rows")

def check(fmt, rows):
    if len(rows) != len(sar):
        fail("%s: %d rows, sar %d" % (fmt, len(rows), len(sar)))
    for a, b in zip(sar, rows):
        if a != b:
            fail("%s: %r, sar %r" % (fmt, b, a))
            break

# -d: host;interval;timestamp;item;values[;command]
rows = []
for line in open(d + "/sadf.d", encoding="latin-1"):
    if line.startswith("#"):
        if kind == "proc" and not line.startswith("# hostname;interval;timestamp;PID;" + ";".join(PROC) + ";Command"):
            fail("-d: field list %r" % line)
        continue
    f = line.rstrip("\n").split(";")
    want = 4 + len(names) + (1 if kind == "proc" else 0)
    if len(f) != want:
        fail("-d: %d fields in %r" % (len(f), line))
        continue
    rows.append((f[2].split()[1], f[3], [v or None for v in f[4:4 + len(names)]]))
check("-d", rows)

# -p: host interval timestamp item field value, one value a line.
rows, at = [], {}
for line in open(d + "/sadf.p", encoding="latin-1"):
    f = line.rstrip("\n").split("\t")
    if len(f) != 6:
        fail("-p: %r" % line)
        continue
    t = f[2].split()[1]
    item = f[3].split("/", 1)[0] if kind == "proc" else f[3]
    k = (t, f[3])
    if k not in at:
        at[k] = len(rows)
        rows.append((t, item, [None] * len(names)))
    if f[4] not in names:
        fail("-p: field %r" % f[4])
        continue
    rows[at[k]][2][names.index(f[4])] = f[5]
check("-p", rows)

# -j
try:
    doc = json.load(open(d + "/sadf.j", encoding="utf-8"))
    rows = []
    for st in doc["sysstat"]["hosts"][0]["statistics"]:
        t = st["timestamp"]["time"]
        for r in st.get("processes" if kind == "proc" else "cgroups", []):
            item = str(r["pid"]) if kind == "proc" else r["path"]
            vals = []
            for k in keys:
                v = r.get(k)
                vals.append(None if v is None else ("%d" % v if isinstance(v, int) else "%.2f" % v))
            rows.append((t, item, vals))
    check("-j", rows)
except Exception as e:
    fail("-j: %s" % e)

# -x
try:
    root = ET.parse(d + "/sadf.x").getroot()
    rows = []
    for ts in root.iter():
        if not ts.tag.endswith("}timestamp") and ts.tag != "timestamp":
            continue
        t = ts.get("time")
        for r in ts.iter():
            tag = r.tag.split("}")[-1]
            if tag != ("process" if kind == "proc" else "cgroup"):
                continue
            item = r.get("pid") if kind == "proc" else r.get("path")
            rows.append((t, item, [r.get(k) for k in keys]))
    check("-x", rows)
except Exception as e:
    fail("-x: %s" % e)

for b in bad[:5]:
    print(b)
sys.exit(1 if bad else 0)
EOF
	if [ $? = 0 ]; then pass; else fail "$f: sadf -- $spec against sar: $(head -3 "$TMPD/cmp.out")"; fi
}

for f in $FILES; do
	[ "$f" = live ] && compare proc "$f" --proc
	[ "$f" = live ] && compare proc "$f" --proc=3,mem
	[ "$f" = live ] && compare proc "$f" --proc=4,io
	compare cgroup "$f" --cgroup
done

# ---- validity and escaping ----

"$SADF" -j "$TMPD/live.sa" -- -u --proc=1000 --cgroup >"$TMPD/all.json" &&
	python3 -m json.tool "$TMPD/all.json" >/dev/null && pass || fail "-j -- -u --proc --cgroup is not JSON"
"$SADF" -x "$TMPD/live.sa" -- -u --proc=1000 --cgroup >"$TMPD/all.xml" &&
	python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$TMPD/all.xml" &&
	pass || fail "-x -- -u --proc --cgroup is not well-formed XML"
# The burner's name in each format (sadf(1)): -d ';' as '_'; -p blanks as
# '_'; JSON and XML escaped. sadc stored its tab as '?' (as sar shows it).
"$SADF" -d "$TMPD/live.sa" -- --proc=1000 >"$TMPD/n.d"
"$SADF" -p "$TMPD/live.sa" -- --proc=1000 >"$TMPD/n.p"
if grep -qF ";$BURNER;" "$TMPD/n.d" && ! grep -F ";$BURNER;" "$TMPD/n.d" | grep -qv ';w_h "<&?z$'; then
	pass
else
	fail "-d: the burner's command: $(grep ";$BURNER;" "$TMPD/n.d" | head -1)"
fi
grep -qF $'\t'"$BURNER/w;h_\"<&?z"$'\t%CPU\t' "$TMPD/n.p" && pass ||
	fail "-p: the burner's item: $(grep -a $'\t'"$BURNER/" "$TMPD/n.p" | head -1)"
grep -qF "{\"pid\": $BURNER, \"command\": \"w;h \\\"<&?z\", " "$TMPD/all.json" &&
	pass || fail "-j: the burner's command: $(grep -a "\"pid\": $BURNER," "$TMPD/all.json" | head -1)"
grep -qF "<process pid=\"$BURNER\" command=\"w;h &quot;&lt;&amp;?z\" " "$TMPD/all.xml" &&
	pass || fail "-x: the burner's command: $(grep -a "pid=\"$BURNER\"" "$TMPD/all.xml" | head -1)"

# The same name with a control character and a byte that is not UTF-8,
# patched into the file in place (sadc never stores them: it writes '?').
python3 - "$TMPD/live.sa" "$TMPD/bytes.sa" <<'EOF'
import sys
data = open(sys.argv[1], "rb").read()
old = b'w;h "<&?z\0'
if old not in data:
    sys.exit("the burner's name is not in the file")
open(sys.argv[2], "wb").write(data.replace(old, b'w;h "<&\x01\xff\0'))
EOF
"$SADF" -d "$TMPD/bytes.sa" -- --proc=1000 >"$TMPD/b.d"
"$SADF" -p "$TMPD/bytes.sa" -- --proc=1000 >"$TMPD/b.p"
"$SADF" -j "$TMPD/bytes.sa" -- --proc=1000 >"$TMPD/b.j"
"$SADF" -x "$TMPD/bytes.sa" -- --proc=1000 >"$TMPD/b.x"
"$SADF" --openmetrics "$TMPD/bytes.sa" -- --proc >"$TMPD/b.om"
grep -aq ";$BURNER;.*;w_h \"<&_"$'\xff''$' "$TMPD/b.d" && pass || fail "-d: $(grep -a ";$BURNER;" "$TMPD/b.d" | head -1)"
grep -aqF "$BURNER/w;h_\"<&_"$'\xff\t' "$TMPD/b.p" && pass || fail "-p: $(grep -a "$BURNER/" "$TMPD/b.p" | head -1)"
grep -qF "\"command\": \"w;h \\\"<&\\u0001\\u00ff\"" "$TMPD/b.j" && python3 -m json.tool "$TMPD/b.j" >/dev/null &&
	pass || fail "-j: $(grep -a "\"pid\": $BURNER," "$TMPD/b.j" | head -1)"
grep -qF "command=\"w;h &quot;&lt;&amp;_&#xFF;\"" "$TMPD/b.x" &&
	python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$TMPD/b.x" &&
	pass || fail "-x: $(grep -a "pid=\"$BURNER\"" "$TMPD/b.x" | head -1)"
grep -qF "{pid=\"$BURNER\",comm=\"w;h \\\"<&__\"," "$TMPD/b.om" &&
	python3 "$CHECK" --require-labels instance,job --require-meta --timestamps "$TMPD/b.om" >/dev/null 2>&1 &&
	pass || fail "--openmetrics: $(grep -a "pid=\"$BURNER\"" "$TMPD/b.om" | head -1)"

# sadf -d -- -u --proc: -u's bytes, then the processes; -- --proc alone: no CPU.
"$SADF" -d "$TMPD/live.sa" -- -u >"$TMPD/u.d"
"$SADF" -d "$TMPD/live.sa" -- -u --proc >"$TMPD/up.d"
n=$(wc -l <"$TMPD/u.d")
if head -n "$n" "$TMPD/up.d" | cmp -s - "$TMPD/u.d" && grep -q '^# hostname;interval;timestamp;PID;' "$TMPD/up.d"; then
	pass
else
	fail "sadf -d -- -u --proc does not begin with sadf -d -- -u"
fi
if "$SADF" -d "$TMPD/live.sa" -- --proc | grep -q ';CPU;'; then fail "-- --proc prints CPU"; else pass; fi
# A file without processes: sar's message and status 1.
if [ -f "$TMPD/fixture.sa" ]; then
	"$SADF" -d "$TMPD/fixture.sa" -- --proc >"$TMPD/np.out" 2>"$TMPD/np.err"
	rc=$?
	if [ $rc = 1 ] && grep -q "no processes in" "$TMPD/np.err" && [ ! -s "$TMPD/np.out" ]; then pass; else
		fail "-- --proc on a file without processes: exit $rc, $(head -1 "$TMPD/np.err")"
	fi
fi

# ---- --openmetrics ----

om() { # om FILE WHAT: the export passes the checkers
	local f=$1 what=$2 lines got rc
	if python3 "$CHECK" --require-labels instance,job --require-meta --timestamps "$f" >"$TMPD/omc" 2>&1; then
		pass
	else
		fail "om_check on $what: $(head -3 "$TMPD/omc")"
	fi
	[ -n "$PROMTOOL" ] || return 0
	# promtool's 0.0.4 lint: a counter's HELP is under the family's name,
	# without _total, which it reads as no help; nothing else may be said.
	grep -E '^(# (TYPE|UNIT|HELP) )?(container|sysrec)_|^# EOF' "$f" >"$TMPD/who.om"
	"$PROMTOOL" check metrics <"$TMPD/who.om" >"$TMPD/lint" 2>&1
	rc=$?
	if [ $rc = 0 ] || { [ $rc = 3 ] && ! grep -v ' no help text$' "$TMPD/lint" | grep -q .; }; then pass; else
		fail "promtool check metrics on $what (exit $rc): $(grep -v 'no help text' "$TMPD/lint" | head -3)"
	fi
	rm -rf "$TMPD/blocks"
	if "$PROMTOOL" tsdb create-blocks-from openmetrics "$f" "$TMPD/blocks" >"$TMPD/pt.out" 2>&1; then
		lines=$(grep -vc '^#' "$f")
		got=$(awk 'NR > 1 && NF == 8 { s += $5 } END { print s + 0 }' "$TMPD/pt.out")
		[ "$got" = "$lines" ] && pass || fail "promtool kept $got of the $lines samples of $what"
	else
		fail "promtool create-blocks-from openmetrics rejects $what: $(tail -2 "$TMPD/pt.out")"
	fi
}

"$SADF" --openmetrics "$TMPD/live.sa" -- --proc --cgroup >"$TMPD/live.om" || fail "--openmetrics live exits $?"
om "$TMPD/live.om" "the live file"
# Every process of the last record is there, not the top N: the burner too.
grep -qF "sysrec_process_cpu_seconds_total{pid=\"$BURNER\",comm=\"w;h \\\"<&?z\",mode=\"user\"," "$TMPD/live.om" &&
	pass || fail "--openmetrics: the burner: $(grep -a "pid=\"$BURNER\"" "$TMPD/live.om" | head -1)"
if [ -f "$TMPD/fixture.sa" ]; then
	"$SADF" --openmetrics "$TMPD/fixture.sa" -- --cgroup >"$TMPD/fx.om" || fail "--openmetrics fixture exits $?"
	om "$TMPD/fx.om" "the fixture"
	# The raw counters of the second snapshot's files, in seconds and bytes.
	python3 - "$TMPD/r1" "$TMPD/fx.om" $((T0 + 10)) >"$TMPD/fx.cmp" 2>&1 <<'EOF'
import os, re, sys
root, om, t = sys.argv[1], sys.argv[2], sys.argv[3]
base = None
for b in ("sys/fs/cgroup/unified", "sys/fs/cgroup"):
    if os.path.exists(os.path.join(root, b, "cgroup.controllers")):
        base = os.path.join(root, b)
        break
got = {}
for line in open(om):
    m = re.match(r'^(\w+)\{id="([^"]*)",instance="[^"]*",job="node"\} (\S+) (\d+)$', line)
    if m and m.group(4) == t:
        got[(m.group(1), m.group(2).replace("\\\\", "\\"))] = float(m.group(3))
want = {}
for dirpath, dirs, files in os.walk(base):
    rel = "/" + os.path.relpath(dirpath, base) if dirpath != base else "/"
    if rel.count("/") > 2:
        continue
    def kv(name):
        p = os.path.join(dirpath, name)
        if not os.path.exists(p):
            return None
        return dict(l.split()[:2] for l in open(p) if len(l.split()) >= 2)
    cs = kv("cpu.stat")
    if cs:
        want[("container_cpu_usage_seconds_total", rel)] = int(cs["usage_usec"]) / 1e6
        want[("container_cpu_user_seconds_total", rel)] = int(cs["user_usec"]) / 1e6
        if "nr_periods" in cs:
            want[("container_cpu_cfs_throttled_seconds_total", rel)] = int(cs["throttled_usec"]) / 1e6
            want[("container_cpu_cfs_throttled_periods_total", rel)] = int(cs["nr_throttled"])
    p = os.path.join(dirpath, "memory.current")
    if os.path.exists(p):
        want[("container_memory_usage_bytes", rel)] = int(open(p).read())
    p = os.path.join(dirpath, "memory.max")
    if os.path.exists(p) and open(p).read().strip() != "max":
        want[("container_spec_memory_limit_bytes", rel)] = int(open(p).read())
    io = os.path.join(dirpath, "io.stat")
    if os.path.exists(io):
        rb = sum(int(x.split("=")[1]) for l in open(io) for x in l.split()[1:] if x.startswith("rbytes="))
        want[("container_fs_reads_bytes_total", rel)] = rb
    for res, fam in (("cpu", "cpu"), ("memory", "memory"), ("io", "io")):
        p = os.path.join(dirpath, res + ".pressure")
        if os.path.exists(p):
            for l in open(p):
                w = l.split()
                tot = int([x for x in w if x.startswith("total=")][0][6:]) / 1e6
                want[("container_pressure_%s_%s_seconds_total" % (fam, "waiting" if w[0] == "some" else "stalled"), rel)] = tot
bad = [(k, v, got.get(k)) for k, v in sorted(want.items()) if got.get(k) is None or abs(got[k] - v) > 1e-9 * max(1, v)]
extra = [k for k in got if k[0] == "container_spec_memory_limit_bytes" and k not in want]
if not want or bad or extra:
    print(len(want), "values;", bad[:3], extra[:3])
    sys.exit(1)
print(len(want), "values")
EOF
	if [ $? = 0 ]; then pass; else fail "--openmetrics fixture values: $(head -2 "$TMPD/fx.cmp")"; fi
fi

# -O may not repeat the labels of these series.
if "$SADF" --openmetrics -O pid=1 "$TMPD/live.sa" -- --proc >/dev/null 2>"$TMPD/o.err"; then
	fail "--openmetrics -O pid=1 -- --proc is accepted"
else
	grep -q 'invalid label' "$TMPD/o.err" && pass || fail "-O pid=1: $(head -1 "$TMPD/o.err")"
fi

# The sysstat part of the export does not change with --proc --cgroup.
"$SADF" --openmetrics "$TMPD/live.sa" -- -A >"$TMPD/a.om"
"$SADF" --openmetrics "$TMPD/live.sa" -- -A --proc --cgroup | grep -vE '^(# (TYPE|UNIT|HELP) )?(container|sysrec)_' >"$TMPD/b.om"
cmp -s "$TMPD/a.om" "$TMPD/b.om" && pass || fail "--openmetrics -- -A --proc --cgroup changes -A's series"

finish
