#!/bin/bash
# Cost of sadf --openmetrics against our sadf -j with the same
# activities, on the synthetic day, measured in the same run on the same
# machine. The goal: --openmetrics costs no more CPU than
# `sadf -j FILE -- -A` (ratio openmetrics / -j at most 1) and its peak
# memory stays flat between a tenth of the day and the day (ratio close to 1).
#
# The day: tests/tools/sa_make -s -r 8640 -c 8 -d 16 -i 4 (a day at 10 s,
# 8 CPUs, 16 disks and other devices, 4 interfaces, every activity of the
# flavour), and the same with 864 records. -s keeps every item's identity
# from one record to the next, as a real machine's: without it sa_make
# gives the items new identities in every record (disks' major:minor, the
# names of interfaces, filesystems, sensors...), so every record would
# bring new series and the export would measure series creation, not a
# day of a real machine.
#
# Each repetition runs, in turn, on the day: sadf --openmetrics FILE,
# sadf -j FILE -- -A (the same activities: every one in the file) and plain
# sadf -j FILE (CPU only, for reference); then sadf --openmetrics on the
# tenth. Output goes to /dev/null. CPU time is user + system from wait4()
# (on /usr/bin/time, whose own share is about a millisecond for each);
# peak memory is /usr/bin/time's %M (max RSS of the command alone). Every
# run must exit 0. Each repetition prints its figures and ratios; then
# the median [lowest-highest] of every ratio over the repetitions.
# --openmetrics also writes an unlinked temporary file in $TMPDIR (else
# /tmp), 3 to 6 bytes a sample for most: its writes are part of its system
# time.
#
# Usage: bench/om_bench.sh [BUILD_DIR]   (default: the source tree; a build
# without --enable-sanitizers, or the ratios measure them)
# Environment: REPS (repetitions, default 5), RECORDS (default 8640; the
# small archive has a tenth of them).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
REPS=${REPS:-5}
RECORDS=${RECORDS:-8640}
SMALL=$((RECORDS / 10))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Both sides are our sadf; the flavour is pinned as in the other benches so
# that the archive (A_PAGE's size, 42 activities) does not follow the build's default.
export LC_ALL=C TZ=UTC S_COLORS=never SYSREC_COMPAT=12.6.1

. "$here/lib.sh"
bench_require "$build" sadf/sadf tests/tools/sa_make
sadf=$build/sadf/sadf

"$build/tests/tools/sa_make" -s -r "$RECORDS" -c 8 -d 16 -i 4 "$tmp/day.sa"
"$build/tests/tools/sa_make" -s -r "$SMALL" -c 8 -d 16 -i 4 "$tmp/tenth.sa"

# The export is whole (ends in # EOF) and its size, once, unmeasured.
exported() {
	"$sadf" --openmetrics "$1" | python3 -c '
import sys
n, tail = 0, b""
for b in iter(lambda: sys.stdin.buffer.read(1 << 20), b""):
    n += len(b)
    tail = (tail + b)[-6:]
print(n if tail == b"# EOF\n" else "NO-EOF")'
}
for f in day tenth; do
	size=$(exported "$tmp/$f.sa")
	[ "$size" != NO-EOF ] || { echo "sadf --openmetrics $f.sa does not end in # EOF"; exit 1; }
	printf 'archive %-9s %5d records %7.1f MB | --openmetrics output %7.1f MB\n' "$f.sa" \
		"$([ "$f" = day ] && echo "$RECORDS" || echo "$SMALL")" \
		"$(awk -v s="$(stat -c %s "$tmp/$f.sa")" 'BEGIN { print s / 1048576 }')" \
		"$(awk -v s="$size" 'BEGIN { print s / 1048576 }')"
done
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg);" \
	"temporary file in ${TMPDIR:-/tmp} ($(stat -f -c %T "${TMPDIR:-/tmp}"))"

# bench.py REPS DAY TENTH SADF: the repetitions and the summary.
cat >"$tmp/bench.py" <<'EOF'
import os, statistics, sys

reps, day, tenth, sadf = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
rss_file = os.path.join(os.path.dirname(day), "rss")

def run(args):
    """CPU seconds (user + system) and peak RSS in kB of one run, output to /dev/null."""
    # posix_spawn (vfork-like): the child is charged for its exec and itself only.
    pid = os.posix_spawn("/usr/bin/time", ["time", "-f", "%M %x", "-o", rss_file, sadf] + args,
                         os.environ, file_actions=[
                             (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                             (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, ru = os.wait4(pid, 0)
    with open(rss_file) as f:
        rss, code = f.read().split()[-2:]
    if os.waitstatus_to_exitcode(status) != 0 or code != "0":
        sys.exit("bench: sadf %s exits %s" % (" ".join(args), code))
    return ru.ru_utime + ru.ru_stime, int(rss)

def mb(kb):
    return kb / 1024.0

rows = []
for r in range(reps):
    om, om_rss = run(["--openmetrics", day])
    ja, ja_rss = run(["-j", day, "--", "-A"])
    j, j_rss = run(["-j", day])
    om_s, om_s_rss = run(["--openmetrics", tenth])
    row = (om / ja, om_rss / ja_rss, om_rss / om_s_rss)
    rows.append(row)
    print("repetition %d: cpu --openmetrics %.3f s, -j -- -A %.3f s, -j %.3f s | peak RSS "
          "--openmetrics %.2f MB (tenth %.2f MB), -j -- -A %.2f MB, -j %.2f MB | "
          "cpu openmetrics/-j -A %.2f, RSS openmetrics/-j -A %.2f, RSS day/tenth %.2f"
          % (r + 1, om, ja, j, mb(om_rss), mb(om_s_rss), mb(ja_rss), mb(j_rss), *row))

def summary(label, k):
    v = sorted(x[k] for x in rows)
    print("%-48s %.2f [%.2f-%.2f]" % (label, statistics.median(v), v[0], v[-1]))

print("median [lowest-highest] of %d repetitions:" % reps)
summary("cpu --openmetrics / -j -- -A (the day):", 0)
summary("peak RSS --openmetrics / -j -- -A (the day):", 1)
summary("peak RSS --openmetrics, day / tenth:", 2)
EOF
python3 "$tmp/bench.py" "$REPS" "$tmp/day.sa" "$tmp/tenth.sa" "$sadf"
