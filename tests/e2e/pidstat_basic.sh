#!/bin/bash
# flavours: 12.6.1 12.7.5
# pidstat against the release's pidstat (Debian 12's 12.6.1, Debian 13's
# 12.7.5): both run over the same snapshot sequences under the livefix shim
# (tests/live.md), and stdout, stderr and the exit status must be the same
# byte for byte. Sequences: synthetic machines from live_seq.py (processes
# with threads and three users; one that exits, one that starts, a PID
# reused; io, smaps and fd/ unreadable for some tasks; 2,000 processes;
# counters going backwards), and upstream sysstat's own test roots when the
# shared corpus is there. Options: the default report, -u -r -d -w -s -v -R,
# -h, -t, -l, -p, -C, -G, -U [user], -T TASK|CHILD|ALL, -I, -H, --dec,
# --human, Ctrl-C in and after the first interval, S_COLORS, S_TIME_FORMAT,
# S_REPEAT_HEADER, usage errors, the locale (de_DE.UTF-8, fr_FR.UTF-8 when
# installed) and TZ=GMT+12.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/live_lib.sh"

PIDSTAT=$(our_bin pidstat)
[ -x "$PIDSTAT" ] || skip "$PIDSTAT is not built"
[ -r "$LIVEFIX" ] || skip "$LIVEFIX is not built (make tests/tools/livefix.so)"
command -v python3 >/dev/null || skip "python3 is missing (live_seq.py)"
have_live_oracle pidstat || skip "the release's pidstat $FLAVOUR does not run here ($(oracle_bin pidstat))"

SEQ=$TMPD/seq
mkdir -p "$SEQ"
synth() {
	python3 "$LIVE_SEQ" synth "$SEQ/$1" --disks 0 "${@:2}" >/dev/null ||
		fail "live_seq.py synth $*"
}
synth small --cpus 2 --procs 8 --threads 3 --steps 3 --seed 1
synth life --cpus 4 --procs 12 --threads 2 --steps 4 --seed 7 \
	--event 2:proc-exit:106 --event 2:proc-start:5000 --event 3:pid-reuse:112 \
	--event 3:proc-exit:100
synth big --cpus 8 --procs 2000 --threads 1 --steps 1 --seed 9

# Our binary must read the snapshots, not this machine (the shim routes
# sysroot's reads, relative to its descriptor of "/").
rows=$(bash "$LIVE_RUN" "$SEQ/small" -- "$PIDSTAT" -p 100 2>/dev/null | grep -c ' 100 ')
[ "$rows" = 1 ] ||
	skip "livefix.so does not route our reads relative to sysroot's \"/\" descriptor"

# life: files a task may not let us read (modelled by their absence): io
# (-d prints -1.00), smaps (-s drops the task), fd/ (-v prints -1).
rm -f "$SEQ"/life/*/proc/118/io "$SEQ"/life/*/proc/118/task/*/io
rm -f "$SEQ/life/2/proc/124/smaps"
rm -rf "$SEQ/life/1/proc/130/fd"

# back: from small, snapshot 2's counters of PID 106 go backwards.
cp -r "$SEQ/small" "$SEQ/back"
python3 - "$SEQ/back" <<'EOF' || fail "making the backwards sequence"
import os, sys
d = sys.argv[1]
def rewrite(path, fn):
    with open(path) as f:
        text = f.read()
    os.unlink(path)  # a hard link to the previous snapshot's file
    with open(path, "w") as f:
        f.write(fn(text))
def stat(text):
    f = text.split(" ")
    for i in (9, 11, 13, 14, 15, 41):  # minflt majflt utime stime cutime blkio
        f[i] = str(int(f[i]) // 2)
    return " ".join(f)
def kv(text):
    return "".join(l.split(":")[0] + ":\t1\n" if "ctxt" in l or "bytes" in l else l + "\n"
                   for l in text.splitlines())
rewrite(d + "/2/proc/106/stat", stat)
rewrite(d + "/2/proc/106/status", kv)
rewrite(d + "/2/proc/106/io", kv)
EOF

# upstream: upstream's test roots as one sequence (root1 ... root7).
if have_shared && [ -d "$SHARED/corpus/upstream/roots/root1" ]; then
	mkdir -p "$SEQ/upstream"
	i=0
	for r in root1 root2 root3 root4 root5 root6 root7; do
		[ -d "$SHARED/corpus/upstream/roots/$r/proc" ] || continue
		ln -s "$SHARED/corpus/upstream/roots/$r" "$SEQ/upstream/$i"
		i=$((i + 1))
	done
else
	echo "NOTE: $(shared_missing): upstream's roots left out"
fi

# ps SEQNAME [VAR=VALUE ...] -- ARG...: one differential case.
ps() {
	local seq=$1
	shift
	local vars=()
	while [ "$1" != -- ]; do
		vars+=("$1")
		shift
	done
	shift
	live_diff --show=5 "$SEQ/$seq" "${vars[@]}" -- pidstat "$@"
}

MATRIX=(
	"" "1 3" "1 1" "-u 1 2" "-r 1 2" "-d 1 2" "-w 1 2" "-s 1 2" "-v 1 2" "-R 1 2"
	"-r" "-d" "-s -v"
	"-p 100 1 2" "-p 100,112 -r 1 2" "-p ALL 1 2" "-p SELF 1 2" "-p 1,SELF,ALL 1 2"
	"-p 100 -u -r -d -w 1 3"
	"-t 1 2" "-t -p 106 1 2" "-t -d -v 1 2" "-h 1 2" "-h -u -r -d -w 1 2"
	"-h -t -u -r -s -v -R -p ALL 1 2" "-l 1 2" "-l -p ALL 1 2" "-C sh 1 2" "-C p.* -l 1 2"
	"-G java -t 1 2" "-G post|ngin -t -p ALL 1 2" "-U 1 2" "-U alice 1 2" "-U bob -t 1 2"
	"-U nosuch 1 2" "-T CHILD 1 2" "-T ALL 1 2" "-T CHILD -r 1 2" "-T ALL -h -r 1 2"
	"-T ALL -t -r 1 2" "-I 1 2" "-I -t -p ALL 1 2" "-H 1 2" "-H -h -r 1 2"
	"--human -r -d -s 1 2" "--human -h -r -d -p ALL 1 2" "--dec=0 -u -r 1 2"
	"--dec=1 -r -d 1 2" "-uu -p 100 1 3" "-t -u -r -d -w -v -s -R"
)
ERRORS=(
	"-V" "--dec=x" "--dec=3" "--dec=12" "-x" "-p" "-p abc" "-p 0" "-T FOO" "-T CHILD -d"
	"-T CHILD -d -u" "1 0" "0 3" "1 2 3" "0.5" "-C" "-U 1 2" "-e" "-C [ 1 2"
)

for args in "${MATRIX[@]}"; do
	# shellcheck disable=SC2086
	ps life -- $args
done
# The other sequences with the options that read most.
SHORT=("1 2" "-t -u -r -d -w 1 2" "-h -t -u -r -s -v -R -p ALL 1 2" "-T ALL -t -r 1 2"
	"--human -r -d -s 1 2" "-I -l -p ALL 1 2" "-r -d -s -v")
for seq in small back upstream; do
	[ -d "$SEQ/$seq" ] || continue
	for args in "${SHORT[@]}"; do
		# shellcheck disable=SC2086
		ps "$seq" -- $args
	done
done
for args in "${ERRORS[@]}"; do
	# shellcheck disable=SC2086
	ps small -- $args
done
ps small -- -C "" 1 2

# -e with a child that outlives the run: a real sleep (the shim left out of
# its environment) whose PID no snapshot has, so the reports are empty and
# the count ends the run: 12.6.1 returns 0, 12.7.5 the status of a child
# still running (0). The sleeps are stopped afterwards.
for args in "1 3" "-r -d 1 2" "-p ALL 1 2" "-T CHILD -u 1 2"; do
	# shellcheck disable=SC2086
	ps life -- $args -e env -u LD_PRELOAD sleep 31.4159
done
pkill -f "sleep 31.4159" 2>/dev/null || true

# Ctrl-C: in the first interval (nothing more), after it (Average:).
for at in 1 2 3; do
	ps life LIVEFIX_SIGINT_AT=$at -- -r -d -p ALL 1 5
done
ps life LIVEFIX_SIGINT_AT=2 -- 1

# The environment: colours, ISO time, header repetition.
ps life S_COLORS=always -- -t -G post -p ALL -d -v 1 3
ps life S_COLORS=always -- -u -r -s -R -p ALL 1 2
ps back S_COLORS=always "S_COLORS_SGR=H=31:M=35;1:Z=2:N=1:I=4:X=7:W=8" -- -t -h -u -r -p ALL 1 3
ps back S_COLORS=always -- --human -r -d -p ALL 1 3
ps small S_TIME_FORMAT=ISO -- -r 1 2
ps small S_REPEAT_HEADER=2 -- -p 100 1 4
ps small S_REPEAT_HEADER=x -- -p 100 1 3

# 2,000 processes.
ps big -- -t -h -u -r -d -w 1 1

# The locale and an odd time zone.
locales=()
for l in de_DE.UTF-8 fr_FR.UTF-8; do
	if locale -a 2>/dev/null | grep -qix "${l/UTF-8/utf8}"; then
		locales+=("$l")
	fi
done
[ ${#locales[@]} -gt 0 ] || echo "NOTE: no de_DE.UTF-8 or fr_FR.UTF-8 locale: the translated cases are left out"
for l in "${locales[@]}"; do
	ps life LC_ALL="$l" -- -u -r -d -p ALL 1 2
	ps life LC_ALL="$l" -- --human -h -r -d -v -p ALL 1 2
	ps life LC_ALL="$l" -- 0.5
done
ps life TZ=GMT+12 -- -p ALL 1 2
ps life TZ=GMT+12 -- -H -r 1 2

finish
