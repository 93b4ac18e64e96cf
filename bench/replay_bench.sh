#!/bin/bash
# Replay speed of every text and export format against Debian's sysstat
# 12.6.1, in the same run on the same machine (issue 27's table): the
# synthetic day (tests/tools/sa_make -r RECORDS -c 8 -d 16 -i 4: 8,640
# records = a day at 10 s, 8 CPUs, 16 disks, 4 interfaces, every activity),
# then sar -A and sadf -d, -p, -j, -x, -r, -g (each -- -A) by both. REPS
# repetitions (default 3), sysstat's run and ours taking turns; each line
# gives the median CPU time (user + system) of each with the range in
# brackets, the median of the ratios (sysstat's over ours: the speed-up),
# the peak RSS of each, and whether the bytes are the same.
#
# FORMATS (default "-d -p -j -x -r -g") picks sadf's formats: sysstat's
# sadf -g over the whole day runs for many minutes with gigabytes of
# memory, so measure it apart on a shorter day (RECORDS=1440 FORMATS=-g).
# STABLE=1 makes the day with sa_make -s: each disk and interface keeps its
# identity, as on a real machine (without it a disk takes new numbers at
# every record, and -g's graphs, one per name, grow with the file).
#
# Usage: bench/replay_bench.sh [BUILD_DIR]   (default: the source tree)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
RECORDS=${RECORDS:-8640}
REPS=${REPS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Like against like: the installed sysstat is Debian 12's 12.6.1.
export LC_ALL=C TZ=UTC S_COLORS=never SYSREC_COMPAT=12.6.1
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 1; }
[ -x /usr/bin/sadf ] || { echo "needs Debian's sysstat (/usr/bin/sar, /usr/bin/sadf)"; exit 1; }
for p in tests/tools/sa_make sar/sar sadf/sadf; do
	[ -x "$build/$p" ] || { echo "build $p first ($build/$p)"; exit 1; }
done
"$build/tests/tools/sa_make" ${STABLE:+-s} -r "$RECORDS" -c 8 -d 16 -i 4 "$tmp/day.sa"
echo "the day: $RECORDS records${STABLE:+ (stable identities)}, $(stat -c %s "$tmp/day.sa") bytes"

cat >"$tmp/measure.py" <<'EOF'
import filecmp, os, statistics, sys

# GNU time runs each command, its output to a file: CPU time and peak RSS
# are the command's own.
def run(argv, out):
    t = os.path.join(os.path.dirname(out), "time.out")
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    null = os.open(os.devnull, os.O_WRONLY)
    acts = [(os.POSIX_SPAWN_DUP2, fd, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    argv = ["/usr/bin/time", "-f", "%U %S %M", "-o", t] + argv
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=acts)
    os.close(fd)
    os.close(null)
    os.wait4(pid, 0)
    u, s, m = open(t).read().split()
    return float(u) + float(s), int(m)

def med(v, fmt):
    return (fmt + " (" + fmt + "-" + fmt + ")") % (statistics.median(v), min(v), max(v))

b, day, reps, formats = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
tmp = os.path.dirname(day)
cases = [("sar -A", "sar", ["-A", "-f", day])]
for f in formats:
    cases.append(("sadf %s -- -A" % f, "sadf", [f, day, "--", "-A"]))
for name, prog, args in cases:
    theirs, ours, rt, ro, ratios, same = [], [], [], [], [], True
    for _ in range(reps):
        ct, mt = run(["/usr/bin/" + prog] + args, tmp + "/theirs.out")
        co, mo = run([b + "/" + prog + "/" + prog] + args, tmp + "/ours.out")
        same = same and filecmp.cmp(tmp + "/theirs.out", tmp + "/ours.out", shallow=False)
        theirs.append(ct); ours.append(co); rt.append(mt); ro.append(mo)
        ratios.append(ct / max(co, 0.001))
    print("  %-16s sysstat %s s, ours %s s, speed-up %s; peak %s kB against %s kB; %s" % (
        name, med(theirs, "%.2f"), med(ours, "%.2f"), med(ratios, "%.1fx"),
        med(ro, "%d"), med(rt, "%d"), "same bytes" if same else "OUTPUT DIFFERS"))
EOF
python3 "$tmp/measure.py" "$build" "$tmp/day.sa" "$REPS" ${FORMATS:--d -p -j -x -r -g}
