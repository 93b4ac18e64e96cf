#!/bin/bash
# flavours: 12.6.1 12.7.5
# The live endpoint, sysstat-metrics, with real components on 127.0.0.1
# (free ports, a temporary directory, everything stopped at exit):
#  (a) under systemd-socket-activate --accept (PID 1 is not systemd here):
#      GET and HEAD, OpenMetrics or the text format 0.0.4 by Accept (what
#      Prometheus 2.42 sends, curl's */*, none); the text passes promtool
#      check metrics (lint remarks aside), the OpenMetrics passes
#      tests/tools/om_check.py; also inetd style (stdin/stdout), --help, -V,
#      a bad option and an unreadable --root;
#  (b) a Prometheus server scrapes it every second with instance relabelled
#      to the nodename and job node: the target is up, PromQL finds
#      node_load1, node_cpu_seconds_total and the others;
#  (c) node_exporter 1.5 on the same machine: every node_* name we expose is
#      one of its names, with the same label names (the exceptions listed
#      below, each with its reason);
#  (d) hostile requests (oversized, slow, binary, wrong method, wrong path,
#      HTTP/2, nothing, cut short) get their 4xx or a closed connection
#      within the time bound, and the endpoint keeps serving;
#  (e) a day's archive of this host written by our sadc, exported by
#      sadf --openmetrics and backfilled with promtool into the server's
#      data directory, and the live scrapes form one series per name.
. "${top_srcdir:-.}/tests/lib.sh"

METRICS=$top_builddir/metrics/sysstat-metrics
OM_CHECK=$top_srcdir/tests/tools/om_check.py
[ -x "$METRICS" ] || skip "$METRICS is not built"
for c in python3 curl systemd-socket-activate; do
	command -v $c >/dev/null || skip "$c is missing (Debian packages python3 curl systemd)"
done
NODENAME=$(uname -n)
# What Prometheus 2.42 sends.
PROM_ACCEPT='application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1'

pids=()
stop_all() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
	rm -rf "$TMPD"
}
trap stop_all EXIT

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits until URL answers (at most 20 s).
wait_http() {
	local i
	for i in $(seq 200); do
		curl -s -o /dev/null --max-time 1 "$1" && return 0
		sleep 0.1
	done
	return 1
}

# ---- (a) the endpoint under systemd-socket-activate ---------------------------
PORT=$(free_port)
systemd-socket-activate --accept -l "127.0.0.1:$PORT" "$METRICS" >"$TMPD/ssa.log" 2>&1 &
pids+=($!)
URL=http://127.0.0.1:$PORT/metrics
wait_http "$URL" || { fail "no answer on $URL: $(tail -3 "$TMPD/ssa.log")"; finish; exit; }

# get NAME [curl options]: the response's head in NAME.head, its body in NAME.body.
get() {
	local name=$1
	shift
	curl -s --max-time 10 -D "$TMPD/$name.head" -o "$TMPD/$name.body" "$@" "$URL"
}
head_field() { sed -n "s/^$2: \\(.*\\)\\r\$/\\1/Ip" "$TMPD/$1.head" | head -1; }
status_of() { sed -n '1s/^HTTP\/1.1 \([0-9]*\) .*/\1/p' "$TMPD/$1.head"; }

get om -H "Accept: $PROM_ACCEPT"
get text -H 'Accept: text/plain;version=0.0.4'
get curl
get none -H 'Accept:'
# HEAD through a bare socket: curl -I would mix the head into the body it saves.
exec 5<>"/dev/tcp/127.0.0.1/$PORT"
printf 'HEAD /metrics HTTP/1.1\r\nHost: localhost\r\nAccept: %s\r\n\r\n' "$PROM_ACCEPT" >&5
cat <&5 >"$TMPD/head.raw"
exec 5<&-
sed '/^\r$/q' "$TMPD/head.raw" >"$TMPD/head.head"
sed '1,/^\r$/d' "$TMPD/head.raw" >"$TMPD/head.body"
OM_TYPE='application/openmetrics-text; version=1.0.0; charset=utf-8'
TEXT_TYPE='text/plain; version=0.0.4; charset=utf-8'
for c in "om:$OM_TYPE" "text:$TEXT_TYPE" "curl:$TEXT_TYPE" "none:$TEXT_TYPE" "head:$OM_TYPE"; do
	n=${c%%:*} want=${c#*:}
	if [ "$(status_of "$n")" = 200 ] && [ "$(head_field "$n" Content-Type)" = "$want" ] &&
		[ "$(head_field "$n" Connection)" = close ]; then pass; else
		fail "$n: $(head -1 "$TMPD/$n.head"), Content-Type $(head_field "$n" Content-Type), want $want"
	fi
done
for n in om text curl none; do
	if [ "$(head_field "$n" Content-Length)" = "$(wc -c <"$TMPD/$n.body")" ]; then pass; else
		fail "$n: Content-Length $(head_field "$n" Content-Length), body $(wc -c <"$TMPD/$n.body") bytes"
	fi
done
if [ ! -s "$TMPD/head.body" ] && [ "$(head_field head Content-Length)" -gt 1000 ]; then pass; else
	fail "HEAD: a body, or Content-Length $(head_field head Content-Length)"; fi
if tail -1 "$TMPD/om.body" | grep -qx '# EOF' && ! grep -q '# EOF' "$TMPD/text.body"; then pass; else
	fail "# EOF: OpenMetrics ends '$(tail -1 "$TMPD/om.body")', text has $(grep -c '# EOF' "$TMPD/text.body")"
fi
for n in om text; do
	for name in node_load1 node_cpu_seconds_total node_memory_MemAvailable_bytes \
		node_network_receive_bytes_total node_uname_info node_context_switches_total; do
		grep -q "^$name[ {]" "$TMPD/$n.body" && pass || fail "$n: no $name"
	done
	# No timestamps, no instance or job: the scraper adds them.
	if awk '!/^#/ && NF != 2 { exit 1 }' "$TMPD/$n.body" &&
		! grep -q -e 'instance=' -e 'job=' "$TMPD/$n.body"; then pass; else
		fail "$n: a timestamp or an instance/job label: $(awk '!/^#/ && NF != 2' "$TMPD/$n.body" | head -1)"
	fi
done
if grep -qx "node_uname_info{.*nodename=\"$NODENAME\".*} 1" "$TMPD/om.body"; then pass; else
	fail "node_uname_info: $(grep '^node_uname_info' "$TMPD/om.body")"; fi

# promtool check metrics: a parse error is an error; its lint remarks (node_exporter's
# camelCase names such as node_memory_MemFree_bytes, untyped families without HELP) are not.
if command -v promtool >/dev/null; then
	promtool check metrics <"$TMPD/text.body" >"$TMPD/lint" 2>&1
	rc=$?
	if [ $rc = 0 ] || { [ $rc = 3 ] &&
		! grep -v -e "should be written in 'snake_case' not 'camelCase'" -e ' no help text$' \
			"$TMPD/lint" | grep -q .; }; then
		pass
	else
		fail "promtool check metrics (exit $rc): $(grep -v -e camelCase -e 'no help text' "$TMPD/lint" | head -3)"
	fi
else
	echo "SKIP promtool check metrics: promtool is missing (Debian package prometheus)"
fi
if [ -f "$OM_CHECK" ]; then
	if python3 "$OM_CHECK" --no-timestamps --require-meta "$TMPD/om.body" >"$TMPD/omc" 2>&1; then pass; else
		fail "om_check: $(head -3 "$TMPD/omc")"; fi
else
	echo "SKIP strict OpenMetrics check: $OM_CHECK is missing"
fi

# Inetd style, the options and the exit statuses.
printf 'GET /metrics HTTP/1.0\r\nAccept: application/openmetrics-text\r\n\r\n' | "$METRICS" >"$TMPD/inetd.out" 2>"$TMPD/inetd.err"
rc=$?
if [ $rc = 0 ] && head -1 "$TMPD/inetd.out" | grep -q '^HTTP/1.1 200 OK' && [ ! -s "$TMPD/inetd.err" ] &&
	tail -1 "$TMPD/inetd.out" | grep -qx '# EOF'; then pass; else
	fail "stdin/stdout: exit $rc, $(head -1 "$TMPD/inetd.out"), $(head -2 "$TMPD/inetd.err")"; fi
"$METRICS" --help >"$TMPD/help.out" 2>&1 && grep -q '^Usage: .*--root' "$TMPD/help.out" && pass ||
	fail "--help: $(head -2 "$TMPD/help.out")"
"$METRICS" -V >"$TMPD/v.out" 2>&1 && grep -q '^sysstat-metrics (sysrec ' "$TMPD/v.out" && pass ||
	fail "-V: $(cat "$TMPD/v.out")"
"$METRICS" --bogus </dev/null >"$TMPD/bad.out" 2>&1
[ $? = 1 ] && grep -q '^Usage:' "$TMPD/bad.out" && pass || fail "--bogus: $(head -2 "$TMPD/bad.out")"
printf 'GET /metrics HTTP/1.1\r\n\r\n' | "$METRICS" --root "$TMPD/nonexistent" >"$TMPD/root.out" 2>"$TMPD/root.err"
rc=$?
if [ $rc = 2 ] && head -1 "$TMPD/root.out" | grep -q '^HTTP/1.1 500 ' &&
	grep -q "^sysstat-metrics: cannot open '$TMPD/nonexistent': No such file or directory" "$TMPD/root.err"
then pass; else fail "--root nonexistent: exit $rc, $(head -1 "$TMPD/root.out"), $(cat "$TMPD/root.err")"; fi

# ---- (d) hostile requests -----------------------------------------------------
# Each case: the bytes sent, whether the client then closes its side, and
# the status wanted ("" for a connection closed without an answer). The
# time bound of the endpoint is 5 s; a case passes within 7.
cat >"$TMPD/hostile.py" <<'EOF'
import os, socket, sys, time
port = int(sys.argv[1])
pad = b"x" * 20000
cases = [
    ("oversized header", b"GET /metrics HTTP/1.1\r\nX-Pad: " + pad + b"\r\n\r\n", False, "431"),
    ("oversized uri", b"GET /" + pad + b" HTTP/1.1\r\n\r\n", False, "414"),
    ("oversized body", b"POST /metrics HTTP/1.1\r\nContent-Length: 20000\r\n\r\n" + pad, False, "405"),
    ("slow", b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n", False, "408"),
    ("nothing", b"", False, ""),
    ("cut short", b"GET /metrics HTTP/1.1\r\nHost: 127.", True, "400"),
    ("binary", bytes(range(256)) * 4, False, "400"),
    ("tls hello", bytes.fromhex("16030100a5010000a10303") + os.urandom(64), False, "400"),
    ("POST", b"POST /metrics HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc", False, "405"),
    ("PUT", b"PUT /metrics HTTP/1.1\r\n\r\n", False, "405"),
    ("DELETE", b"DELETE /metrics HTTP/1.1\r\n\r\n", False, "405"),
    ("wrong path", b"GET /etc/passwd HTTP/1.1\r\n\r\n", False, "404"),
    ("root path", b"GET / HTTP/1.1\r\n\r\n", False, "404"),
    ("dot path", b"GET /metrics/../metrics HTTP/1.1\r\n\r\n", False, "404"),
    ("http2 preface", b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", False, "505"),
    ("header fold", b"GET /metrics HTTP/1.1\r\nAccept: text/plain,\r\n text/html\r\n\r\n", False, "400"),
    ("NUL in header", b"GET /metrics HTTP/1.1\r\nX: a\x00b\r\n\r\n", False, "400"),
]
for name, data, close_write, want in cases:
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    t0 = time.monotonic()
    try:
        if data:
            s.sendall(data)
        if close_write:
            s.shutdown(socket.SHUT_WR)
    except OSError:
        pass  # the endpoint may answer and close before all is sent
    got = b""
    try:
        while True:
            b = s.recv(65536)
            if not b:
                break
            got += b
    except OSError as e:
        got += ("<%s>" % e.__class__.__name__).encode()
    took = time.monotonic() - t0
    s.close()
    line = got.split(b"\r\n", 1)[0].decode("latin-1")
    status = line.split(" ")[1] if line.startswith("HTTP/1.1 ") else ""
    ok = status == want and took < 7 and (want or not got)
    if want == "405" and ok:
        ok = b"\r\nAllow: GET, HEAD\r\n" in got
    print("%s\t%s\t%s\t%.1f\t%s" % ("ok" if ok else "bad", name, want or "closed", took, line or repr(got[:40])))
EOF
python3 "$TMPD/hostile.py" "$PORT" >"$TMPD/hostile.out" 2>&1
while IFS=$'\t' read -r verdict name want took line; do
	if [ "$verdict" = ok ]; then pass; else
		fail "hostile '$name': want $want, got '$line' after $took s"; fi
done <"$TMPD/hostile.out"
[ "$(grep -c . "$TMPD/hostile.out")" = 17 ] || fail "hostile: $(tail -3 "$TMPD/hostile.out")"
get after -H "Accept: $PROM_ACCEPT"
if [ "$(status_of after)" = 200 ] && tail -1 "$TMPD/after.body" | grep -qx '# EOF'; then pass; else
	fail "after the hostile requests: $(head -1 "$TMPD/after.head")"; fi
if grep -q -e 'died with signal' -e 'ERROR' "$TMPD/ssa.log"; then
	fail "a handler died: $(grep -m2 -e 'died with signal' -e ERROR "$TMPD/ssa.log")"; else pass; fi

# ---- (c) node_exporter 1.5 ----------------------------------------------------
NODE_EXPORTER=/usr/bin/prometheus-node-exporter
# Label names node_exporter has and an archive cannot have, per name:
# node_uname_info's domainname and version (not in the archive header);
# node_filesystem_*'s fstype (A_FS does not store it).
exceptions() {
	case $1 in
	node_uname_info) echo "domainname version" ;;
	node_filesystem_*) echo "fstype" ;;
	esac
}
# name<TAB>label names (sorted, comma separated), one line per sample name.
label_names() {
	python3 -c '
import re, sys
seen = {}
for line in sys.stdin:
    if line.startswith("#") or not line.strip():
        continue
    m = re.match(r"([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? ", line)
    if not m:
        continue
    names = sorted(re.findall(r"([a-zA-Z_][a-zA-Z0-9_]*)=\"", m.group(3) or ""))
    seen.setdefault(m.group(1), set()).add(",".join(names))
for n in sorted(seen):
    for l in sorted(seen[n]):
        print(n + "\t" + l)'
}
if [ -x "$NODE_EXPORTER" ]; then
	NE_PORT=$(free_port)
	"$NODE_EXPORTER" --web.listen-address="127.0.0.1:$NE_PORT" --collector.netstat.fields='.*' \
		--collector.vmstat.fields='.*' >"$TMPD/ne.log" 2>&1 &
	pids+=($!)
	if wait_http "http://127.0.0.1:$NE_PORT/metrics"; then
		curl -s --max-time 20 "http://127.0.0.1:$NE_PORT/metrics" | label_names >"$TMPD/ne.names"
		get ours -H 'Accept: text/plain;version=0.0.4'
		label_names <"$TMPD/ours.body" | grep '^node_' >"$TMPD/our.names"
		n_ours=0 n_same=0 n_exc=0
		while IFS=$'\t' read -r name labels; do
			n_ours=$((n_ours + 1))
			theirs=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$TMPD/ne.names")
			if [ -z "$theirs" ] && ! grep -q "^$name	" "$TMPD/ne.names"; then
				fail "node_exporter has no $name"
				continue
			fi
			# Their label names without the exceptions of the name.
			ok=no
			while IFS= read -r t; do
				for e in $(exceptions "$name"); do
					t=$(echo "$t" | tr ',' '\n' | grep -vx "$e" | paste -sd, -)
				done
				if [ "$t" = "$labels" ]; then ok=yes; fi
			done <<<"$theirs"
			if [ $ok = yes ]; then
				pass
				if [ -n "$(exceptions "$name")" ]; then n_exc=$((n_exc + 1)); else n_same=$((n_same + 1)); fi
			else
				fail "$name: our labels {$labels}, node_exporter's {$(echo "$theirs" | paste -sd'|' -)}"
			fi
		done <"$TMPD/our.names"
		n_ne=$(cut -f1 "$TMPD/ne.names" | grep -c '^node_')
		echo "node_exporter: $n_ours of our node_* names, $n_same with the same label names," \
			"$n_exc the same but for the listed exceptions; node_exporter has $n_ne node_* names" \
			"($(grep -c . "$TMPD/ne.names") in all), we have $(grep -c '^sysstat_' "$TMPD/ours.body" || true) sysstat_ samples"
		[ "$n_ours" -gt 40 ] && pass || fail "only $n_ours node_* names"
	else
		fail "node_exporter does not answer: $(tail -3 "$TMPD/ne.log")"
	fi
else
	echo "SKIP comparison with node_exporter: $NODE_EXPORTER is missing (Debian package prometheus-node-exporter)"
fi

# ---- (e) a backfilled archive, then (b) a Prometheus server -------------------
PROMETHEUS=/usr/bin/prometheus
command -v promtool >/dev/null && [ -x "$PROMETHEUS" ] ||
	{ echo "SKIP Prometheus server: prometheus or promtool is missing (Debian package prometheus)"; finish; exit; }
DATA=$TMPD/prom-data
mkdir -p "$DATA"
backfill=no
# Three records of this host by our sadc, just before the server starts.
if ! "$SADC" -S XALL 1 3 "$TMPD/sa" >"$TMPD/sadc.out" 2>&1; then
	fail "sadc -S XALL 1 3: $(head -3 "$TMPD/sadc.out")"
elif ! "$SADF" --openmetrics "$TMPD/sa" >"$TMPD/bf.om" 2>"$TMPD/bf.err"; then
	if grep -q -i usage "$TMPD/bf.err"; then
		echo "SKIP backfill: this build's sadf has no --openmetrics"
	else
		fail "sadf --openmetrics: $(head -3 "$TMPD/bf.err")"
	fi
elif promtool tsdb create-blocks-from openmetrics "$TMPD/bf.om" "$DATA" >"$TMPD/bf.out" 2>&1; then
	backfill=yes
	pass
else
	fail "promtool tsdb create-blocks-from openmetrics: $(tail -3 "$TMPD/bf.out")"
fi
t_sadc_end=$(date +%s.%N)
PROM_PORT=$(free_port)
t_prom=$(date +%s.%N)
cat >"$TMPD/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: node
    static_configs:
      - targets: ['127.0.0.1:$PORT']
    relabel_configs:
      - target_label: instance
        replacement: '$NODENAME'
EOF
"$PROMETHEUS" --config.file="$TMPD/prometheus.yml" --storage.tsdb.path="$DATA" \
	--web.listen-address="127.0.0.1:$PROM_PORT" >"$TMPD/prom.log" 2>&1 &
pids+=($!)
API=http://127.0.0.1:$PROM_PORT/api/v1
if ! wait_http "http://127.0.0.1:$PROM_PORT/-/ready"; then
	fail "prometheus does not start: $(tail -3 "$TMPD/prom.log")"
	finish
	exit
fi
# The target up, and a few scrapes in.
health=""
for i in $(seq 100); do
	health=$(curl -s "$API/targets" | python3 -c '
import json, sys
t = json.load(sys.stdin)["data"]["activeTargets"]
print(t[0]["health"] + " " + (t[0]["lastError"] or "-") if t else "none")' 2>/dev/null)
	case $health in up*) break ;; esac
	sleep 0.1
done
case $health in up*) pass ;; *) fail "target: $health" ;; esac
sleep 3
# query PROMQL: prints the number of series, then name{labels} value of the first.
query() {
	curl -s --max-time 10 --data-urlencode "query=$1" "$API/query" | python3 -c '
import json, sys
r = json.load(sys.stdin)["data"]["result"]
print(len(r))
if r:
    print(r[0]["metric"].get("__name__", ""), json.dumps(r[0]["metric"], sort_keys=True), r[0]["value"][1])'
}
for q in node_load1 'node_cpu_seconds_total{mode="idle"}' node_memory_MemAvailable_bytes \
	node_network_receive_bytes_total node_context_switches_total node_uname_info \
	'rate(node_cpu_seconds_total{mode="user"}[3s])'; do
	out=$(query "$q")
	n=$(echo "$out" | head -1)
	if [ "${n:-0}" -ge 1 ] && echo "$out" | sed -n 2p | grep -q "\"instance\": \"$NODENAME\".*\"job\": \"node\""; then
		pass
	else
		fail "PromQL $q: $(echo "$out" | tr '\n' ' ')"
	fi
done

# (e) One series per name over the backfill and the live scrapes: the raw
#     samples of the last minute, those of the archive (up to the end of
#     sadc) and those of the scrapes (from the server's start).
if [ $backfill = yes ]; then
	for q in node_load1 'node_cpu_seconds_total{cpu="0",mode="idle"}'; do
		curl -s --max-time 10 --data-urlencode "query=$q[60s]" "$API/query" | python3 -c '
import json, sys
t_bf, t_live = float(sys.argv[1]), float(sys.argv[2])
r = json.load(sys.stdin)["data"]["result"]
ts = [float(v[0]) for s in r for v in s["values"]]
print(len(r), sum(1 for t in ts if t <= t_bf), sum(1 for t in ts if t >= t_live),
      "|".join(json.dumps(s["metric"], sort_keys=True) for s in r))' \
			"$t_sadc_end" "$t_prom" >"$TMPD/range.out"
		read -r n before after labels <"$TMPD/range.out"
		if [ "$n" = 1 ] && [ "$before" -ge 3 ] && [ "$after" -ge 1 ]; then pass; else
			fail "backfill + live, $q: $n series, $before samples of the archive, $after scraped: $labels"
		fi
	done
	echo "backfill + live: $(cat "$TMPD/range.out")"
fi
grep -i 'level=error' "$TMPD/prom.log" | head -3 | while read -r l; do echo "prometheus: $l"; done
finish
