#!/bin/bash
# iostat, pidstat and mpstat --archive over the synthetic day against our
# sar on the same file, in the same run: CPU time and peak memory. The day:
# tests/tools/sa_make -s -r RECORDS -c 8 -d 16 -i 4 -P PROCS -D (8,640
# records, sadc's activities with 8 CPUs, 16 disks, 4 interfaces, and the
# extension records of -S IOSTAT and -S PROCESS with PROCS processes, 15 by
# default: about what -S TOP keeps). Pairs:
#   iostat -x --archive      against sar -d (the disks; twice sar's bytes)
#   iostat -d --archive      against sar -d (about sar's bytes)
#   pidstat --archive        against sar --proc (-u, pidstat's default)
#   pidstat -u -r -d --archive against sar --proc (three reports of every
#                            process against sar's ten first: 3.4 times the bytes)
#   pidstat -d --archive     against sar --proc=15 (every process, about the bytes)
#   mpstat -P ALL --archive  against sar -P ALL (the CPUs)
# The target: each tool no more CPU than its sar report. The output line
# says how many bytes each printed: most of the time goes to printing. Memory: each
# command's peak RSS over the day and over its first half (a file of
# RECORDS / 2 records), which must be the same, give or take a page or two:
# flat in the number of records. REPS repetitions (default 3), the commands
# taking turns; each figure is the median with the range in brackets.
#
# Usage: bench/archive_tools_bench.sh [BUILD_DIR]   (default: the source tree)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
RECORDS=${RECORDS:-8640}
PROCS=${PROCS:-15}
REPS=${REPS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C TZ=UTC SYSREC_COMPAT=12.6.1
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 1; }
for p in tests/tools/sa_make sar/sar live/iostat live/pidstat live/mpstat; do
	[ -x "$build/$p" ] || { echo "build $p first ($build/$p)"; exit 1; }
done
"$build/tests/tools/sa_make" -s -r "$RECORDS" -c 8 -d 16 -i 4 -P "$PROCS" -D "$tmp/day.sa"
"$build/tests/tools/sa_make" -s -r $((RECORDS / 2)) -c 8 -d 16 -i 4 -P "$PROCS" -D "$tmp/half.sa"
echo "the day: $RECORDS records, $(stat -c %s "$tmp/day.sa") bytes; $PROCS processes a record"

cat >"$tmp/measure.py" <<'EOF'
import os, statistics, sys

# GNU time runs each command: its CPU time and peak RSS are the command's own
# (a child spawned from Python would count the interpreter's pages in its
# peak, taken before the exec).
def run(argv):
    out = os.path.join(os.path.dirname(sys.argv[2]), "time.out")
    null = os.open(os.devnull, os.O_WRONLY)
    acts = [(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    t = ["/usr/bin/time", "-f", "%U %S %M", "-o", out] + argv
    pid = os.posix_spawn(t[0], t, os.environ, file_actions=acts)
    os.close(null)
    _, status, _ = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("measure: " + " ".join(argv) + " failed")
    u, s, m = open(out).read().split()
    return float(u) + float(s), int(m)

def bytes_of(argv):
    import subprocess
    return len(subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout)

def med(v, fmt):
    return (fmt + " (" + fmt + "-" + fmt + ")") % (statistics.median(v), min(v), max(v))

b, d, half, reps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
pairs = [
    ("iostat -x --archive", [b + "/live/iostat", "-x", "--archive=@"],
     "sar -d", [b + "/sar/sar", "-d", "-f", "@"]),
    ("iostat -d --archive", [b + "/live/iostat", "-d", "--archive=@"],
     "sar -d", [b + "/sar/sar", "-d", "-f", "@"]),
    ("pidstat --archive", [b + "/live/pidstat", "--archive=@"],
     "sar --proc", [b + "/sar/sar", "--proc", "-f", "@"]),
    ("pidstat -u -r -d --archive", [b + "/live/pidstat", "-u", "-r", "-d", "--archive=@"],
     "sar --proc", [b + "/sar/sar", "--proc", "-f", "@"]),
    ("pidstat -d --archive", [b + "/live/pidstat", "-d", "--archive=@"],
     "sar --proc=15", [b + "/sar/sar", "--proc=15", "-f", "@"]),
    ("mpstat -P ALL --archive", [b + "/live/mpstat", "-P", "ALL", "--archive=@"],
     "sar -P ALL", [b + "/sar/sar", "-P", "ALL", "-f", "@"]),
]
def argv_for(a, f):
    return [x.replace("--archive=@", "--archive=" + f) if x != "@" else f for x in a]
for name, tool, ref_name, ref in pairs:
    t, r, rss, rss_half, ref_rss = [], [], [], [], []
    for _ in range(reps):
        ct, m = run(argv_for(tool, d))
        cr, mr = run(argv_for(ref, d))
        _, mh = run(argv_for(tool, half))
        t.append(ct); r.append(cr); rss.append(m); rss_half.append(mh); ref_rss.append(mr)
    ratios = [x / y for x, y in zip(t, r)]
    nb = [bytes_of(argv_for(tool, d)), bytes_of(argv_for(ref, d))]
    print("  %-27s %s s, %s: %s s, ratio %s; %.1f MB against %.1f MB printed;"
          " peak %s kB (half day %s kB), %s: %s kB" % (
        name, med(t, "%.3f"), ref_name, med(r, "%.3f"), med(ratios, "%.2f"),
        nb[0] / 1e6, nb[1] / 1e6, med(rss, "%d"), med(rss_half, "%d"), ref_name,
        med(ref_rss, "%d")))
EOF
python3 "$tmp/measure.py" "$build" "$tmp/day.sa" "$tmp/half.sa" "$REPS"
