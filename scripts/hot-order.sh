#!/bin/bash
# Writes sar/hot.ld and sadf/hot.ld: the section in which the linker puts
# together the functions that sar and sadf run when they replay a day,
# after the rest of their code (configure.ac, "hot code together").
#
# Why: the kernel maps a program's code in 64 kB blocks around each page it
# runs (fault-around), and the blocks count in the peak memory of the run.
# Left where the objects put them, the 80-150 kB a replay runs is spread
# over all the 180-290 kB of text, so every block is mapped. Put together,
# with the start-up and exit code that every run runs at the section's end,
# and in the order that keeps each format's functions close to that end (a
# layout found here by a local search over the groups of functions that
# the same formats share), a run maps two or three blocks of code.
# The section starts a segment of its own, one page of addresses after
# the rest of the text: the kernel maps it apart, and its blocks stop at
# both of its ends, so the largest cases map their code and no more, where
# the alignment of the load address used to add 0-64 kB. The unwind
# tables, which a run never reads, are a segment apart from the read-only
# data for the same reason; so are the read-only tables a replay never
# reads, after them.
#
# How: callgrind lists the functions each case runs (sar -A, sar -u; sadf
# -d, -p, -j, -x, -r and -g, each -- -A) over a synthetic day of 1,440
# records, long enough for every path of a long day to run (one of 300
# missed a rare one: a put that finds the output buffer full), and sar -A
# and sadf -d over a day whose disks keep their numbers. Run it
# again after a change that adds or renames what those paths call: a name
# the linker does not find is skipped, a function missing from the list
# is placed with the rest, so a stale list costs memory, never a build.
#
# Usage: scripts/hot-order.sh BUILD_DIR   (needs valgrind and python3)
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: scripts/hot-order.sh BUILD_DIR}" && pwd)
command -v valgrind >/dev/null || { echo "needs valgrind"; exit 1; }
command -v callgrind_annotate >/dev/null || { echo "needs callgrind_annotate (valgrind)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The bench's environment: the paths replay_bench.sh measures.
export LC_ALL=C TZ=UTC S_COLORS=never SYSREC_COMPAT=12.6.1
"$build/tests/tools/sa_make" -r 1440 -c 8 -d 16 -i 4 "$tmp/day.sa"
# And a day whose disks keep their numbers, as a machine's do: their names
# come from the ioconf file (/etc/sysstat/sysstat.ioconf, when it is there)
# instead of "devM-m", through code the other day never runs.
"$build/tests/tools/sa_make" -s -r 1440 -c 8 -d 16 -i 4 "$tmp/stable.sa"

profile() { # NAME PROGRAM ARGS...
	local name=$1
	shift
	valgrind --tool=callgrind --callgrind-out-file="$tmp/$name.cg" "$@" >/dev/null 2>&1
	callgrind_annotate --inclusive=no --threshold=100 "$tmp/$name.cg" >"$tmp/$name.txt"
}
profile sar-A "$build/sar/sar" -A -f "$tmp/day.sa"
profile sar-u "$build/sar/sar" -u -f "$tmp/day.sa"
profile sar-A-stable "$build/sar/sar" -A -f "$tmp/stable.sa"
profile sadf-d-stable "$build/sadf/sadf" -d "$tmp/stable.sa" -- -A
for f in d p j x r g; do
	profile "sadf-$f" "$build/sadf/sadf" "-$f" "$tmp/day.sa" -- -A
done

cat >"$tmp/layout.py" <<'EOF'
import random, re, subprocess, sys

# The functions of PROGRAM (by the name callgrind gives) that a case ran.
def ran(txt, program):
    out = set()
    for line in open(txt, errors="replace"):
        m = re.match(r"\s*[\d,]+ \([^)]*\)\s+\S+:(\S+) \[(.*)\]", line)
        # [???]: valgrind reads a program linked with hot.ld without its object name.
        if m and (m.group(2).endswith("/" + program) or m.group(2) == "???"):
            out.add(m.group(1))
    return out

def sizes(binary):
    d = {}
    for line in subprocess.check_output(["nm", "-S", "--defined-only", binary]).decode().splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in "tTW":
            d[p[3]] = d.get(p[3], 0) + int(p[1], 16)
    return d

# The section GCC gives a function under -ffunction-sections.
def section(fn):
    if fn == "main":
        return ".text.startup.main"
    if fn.endswith(".cold"):
        return ".text.unlikely." + fn[:-5]
    return ".text." + fn

binary, out, cases = sys.argv[1], sys.argv[2], sys.argv[3:]
# The address of a section that starts a mapping: one page past the next
# page boundary. The file has no hole: offsets only keep to the page.
PAGE_GAP = "ALIGN(CONSTANT(MAXPAGESIZE)) + CONSTANT(MAXPAGESIZE)"
# metrics/om_families.c's table of families (--openmetrics only).
cold = [".rodata.defs"]
program = binary.split("/")[-1]
size = sizes(binary)
runs = [ran(c, program) for c in cases]
groups = {}
for fn in set().union(*runs):
    if fn in size:
        groups.setdefault(tuple(fn in r for r in runs), []).append(fn)
gsize = {k: sum(size[f] for f in v) for k, v in groups.items()}

# The blocks of 64 kB a case is expected to map: the span from its first
# function to the end of the section, at a random alignment.
def cost(order):
    pos, first = 0, [None] * len(runs)
    for k in order:
        for i, used in enumerate(k):
            if used:
                first[i] = pos if first[i] is None else first[i]
        pos += gsize[k]
    # Every case runs the end of the section (start-up code, _init, _fini).
    last = [pos] * len(runs)
    return sum((last[i] - first[i]) / 65536 + 1 for i in range(len(runs)) if first[i] is not None)

random.seed(1)
best = sorted(groups, key=lambda k: (sum(k), k))
start = bc = cost(best)
for _ in range(100000):
    o = best[:]
    i, j = random.randrange(len(o)), random.randrange(len(o))
    if random.random() < 0.5:
        o[i], o[j] = o[j], o[i]
    else:
        o.insert(j, o.pop(i))
    c = cost(o)
    if c <= bc:
        best, bc = o, c
with open(out, "w") as f:
    f.write("/* Generated by scripts/hot-order.sh: the functions a replay runs, together. */\n")
    # A page of addresses left out before the section makes it a segment
    # and a mapping of its own, which the kernel's blocks do not go past:
    # a run maps the code it runs, whatever the alignment.
    f.write("SECTIONS\n{\n  .text.sysrec_hot %s :\n  {\n" % PAGE_GAP)
    for k in best:
        for fn in sorted(groups[k]):
            f.write("    *(%s)\n" % section(fn))
    f.write("    *libgcc.a:*(.text)\n")
    # Last, what every run runs: the C runtime's start-up code, _init and
    # _fini (.init, .fini), and the GOT's stub that the exit calls
    # __cxa_finalize() through (.plt.got): left where the default script
    # puts them, they would map a block at each end of the text.
    for crt in ("crt1.o", "crti.o", "crtbeginS.o", "crtbegin.o"):
        f.write("    *%s(.text .text.*)\n" % crt)
    f.write("    KEEP (*(SORT_NONE(.init)))\n    KEEP (*(SORT_NONE(.fini)))\n")
    f.write("    *(.plt.got)\n")
    f.write("  }\n}\nINSERT AFTER .text;\n")
    # The read-only tables a replay never reads, after everything it does.
    f.write("SECTIONS\n{\n  .rodata.sysrec_cold :\n  {\n")
    for sec in cold:
        f.write("    *(%s)\n" % sec)
    f.write("  }\n}\nINSERT AFTER .eh_frame;\n")
    # The unwind tables (.eh_frame_hdr, .eh_frame), 30-40 kB that a run
    # never reads, in a mapping apart from the read-only data it does.
    f.write("SECTIONS\n{\n  .rodata.sysrec_gap %s :\n  {\n    BYTE(0)\n  }\n}\n"
            "INSERT BEFORE .eh_frame_hdr;\n" % PAGE_GAP)
print("%s: %d functions, %d bytes, %.2f blocks of 64 kB a case (%.2f in plain order)"
      % (out, sum(len(v) for v in groups.values()), sum(gsize.values()), bc / len(runs), start / len(runs)))
EOF
python3 "$tmp/layout.py" "$build/sar/sar" "$src/sar/hot.ld" "$tmp"/sar-*.txt
python3 "$tmp/layout.py" "$build/sadf/sadf" "$src/sadf/hot.ld" "$tmp"/sadf-*.txt
