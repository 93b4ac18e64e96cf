#!/bin/bash
# CPU cost of one scrape of the live endpoint against one scrape of
# node_exporter 1.5 with its default collectors, on the same machine in the
# same run, as a ratio (ours / node_exporter's).
#
# Ours is served as systemd serves it: systemd-socket-activate --accept on
# 127.0.0.1 starts one sysstat-metrics per connection; its cost is the CPU
# time of the activator and of its reaped children (/proc/PID/stat utime,
# stime, cutime, cstime): the accept, the fork and exec, the sample and the
# response. node_exporter's is the CPU time of its process over the same
# number of scrapes, after a few unmeasured ones (its first scrape sets up
# its collectors). Both get the request Prometheus 2.42 sends (the same
# Accept header), from one Python client that reads each response whole; the
# client's own time is not counted. The two take turns, REPS times; the
# ratio of each repetition is printed with their median and range.
#
# Usage: bench/scrape.sh [BUILD_DIR]   (default: the source tree; a build
# without sanitizers, or the ratio measures them)
# Environment: N (scrapes per program per repetition, default 200), REPS
# (default 3).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
OURS=$build/metrics/sysstat-metrics
THEIRS=/usr/bin/prometheus-node-exporter
N=${N:-200}
REPS=${REPS:-3}
[ -x "$OURS" ] || { echo "build sysstat-metrics first ($OURS)"; exit 1; }
[ -x "$THEIRS" ] || { echo "node_exporter is not installed (apt-get install prometheus-node-exporter)"; exit 1; }
command -v systemd-socket-activate >/dev/null || { echo "systemd-socket-activate is missing"; exit 1; }
if grep -q '^SAN_CFLAGS = .*sanitize' "$build/Makefile" 2>/dev/null; then
	echo "note: $build is a sanitizer build: its scrapes cost far more than a release's"
fi
tmp=$(mktemp -d)
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

p_ours=$(port)
systemd-socket-activate --accept -l "127.0.0.1:$p_ours" "$OURS" >/dev/null 2>&1 &
pids+=($!)
ours_pid=$!
p_theirs=$(port)
"$THEIRS" --web.listen-address="127.0.0.1:$p_theirs" >/dev/null 2>&1 &
pids+=($!)
theirs_pid=$!

cat >"$tmp/bench.py" <<'EOF'
import os, socket, statistics, sys, time

ACCEPT = ("application/openmetrics-text;version=1.0.0,application/openmetrics-text;"
          "version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1")
TICK = os.sysconf("SC_CLK_TCK")

def scrape(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.sendall(("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept: %s\r\n"
               "Connection: close\r\n\r\n" % (port, ACCEPT)).encode())
    n = 0
    while True:
        b = s.recv(1 << 16)
        if not b:
            break
        n += len(b)
    s.close()
    return n

def cpu_ms(pid):
    """utime + stime + cutime + cstime of pid, in ms."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) * 1000.0 / TICK

def wait_up(port):
    for _ in range(200):
        try:
            return scrape(port)
        except OSError:
            time.sleep(0.05)
    sys.exit("bench: nothing answers on port %d" % port)

def measure(pid, port, n):
    before = cpu_ms(pid)
    for _ in range(n):
        scrape(port)
    # The last children are reaped (and counted) when they end: wait for them.
    time.sleep(0.2)
    return (cpu_ms(pid) - before) / n

ours_pid, ours_port, theirs_pid, theirs_port, n, reps = map(int, sys.argv[1:7])
size_ours, size_theirs = wait_up(ours_port), wait_up(theirs_port)
for _ in range(5):
    scrape(ours_port), scrape(theirs_port)
rows = []
for r in range(reps):
    a = measure(ours_pid, ours_port, n)
    b = measure(theirs_pid, theirs_port, n)
    rows.append((a, b, a / b))
    print("repetition %d: CPU ms per scrape: ours %.2f, node_exporter %.2f, ratio %.3f" % (r + 1, a, b, a / b))
ratios = sorted(x[2] for x in rows)
med = statistics.median
print("responses: ours %d bytes, node_exporter %d bytes" % (size_ours, size_theirs))
print("CPU ms per scrape (median of %d x %d scrapes): ours %.2f, node_exporter %.2f; "
      "ratio %.3f (range %.3f-%.3f)" % (reps, n, med([x[0] for x in rows]), med([x[1] for x in rows]),
                                        med(ratios), ratios[0], ratios[-1]))
EOF
echo "machine: $(nproc) CPUs, $(uname -r), load average $(cut -d' ' -f1-3 /proc/loadavg);" \
	"node_exporter $("$THEIRS" --version 2>&1 | sed -n '1s/.*version \([^ ]*\).*/\1/p')"
python3 "$tmp/bench.py" "$ours_pid" "$p_ours" "$theirs_pid" "$p_theirs" "$N" "$REPS"
