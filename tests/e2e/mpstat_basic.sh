#!/bin/bash
# flavours: 12.6.1 12.7.5
# mpstat against the release's mpstat (Debian 12's 12.6.1, Debian 13's
# 12.7.5): both run over the same snapshot sequences under the livefix shim
# (tests/live.md), and stdout, stderr and the exit status must be the same
# byte for byte. Sequences: synthetic machines from live_seq.py (4 CPUs on
# 2 NUMA nodes with a CPU going offline and back; one CPU; 256 CPUs with
# 1,000 interrupt lines; counters going backwards and a 32-bit wrap of the
# "intr" total; a vCPU plugged in for -H), and upstream sysstat's own test
# roots when the shared corpus is there. Options: the default report,
# -u, -P, --dec, -I SUM|CPU|SCPU|ALL, -A, -T, -n, -N, -H, JSON (also checked
# with python3 -m json.tool), Ctrl-C in and after the first interval,
# S_COLORS, S_TIME_FORMAT, S_REPEAT_HEADER, usage errors, and the locale
# (de_DE.UTF-8, fr_FR.UTF-8 when installed) and TZ=GMT+12.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/live_lib.sh"

MPSTAT=$(our_bin mpstat)
[ -x "$MPSTAT" ] || skip "$MPSTAT is not built"
[ -r "$LIVEFIX" ] || skip "$LIVEFIX is not built (make tests/tools/livefix.so)"
command -v python3 >/dev/null || skip "python3 is missing (live_seq.py)"
LC_ALL=C have_live_oracle mpstat ||
	skip "the release's mpstat $FLAVOUR does not run here ($(oracle_bin mpstat))"

SEQ=$TMPD/seq
mkdir -p "$SEQ"
synth() {
	python3 "$LIVE_SEQ" synth "$SEQ/$1" --disks 0 --procs 0 "${@:2}" >/dev/null ||
		fail "live_seq.py synth $*"
}
synth numa --cpus 4 --nodes 2 --irqs 12 --steps 4 --seed 3 \
	--event 2:cpu-offline:2 --event 3:cpu-online:2
synth up --cpus 1 --irqs 4 --steps 3 --seed 4
synth big --cpus 256 --nodes 4 --irqs 1000 --steps 1 --seed 5

# Our binary must read the snapshots, not this machine (the shim routes
# sysroot's reads, relative to its descriptor of "/").
banner=$(bash "$LIVE_RUN" "$SEQ/numa" -- "$MPSTAT" 2>/dev/null | head -1)
case $banner in
*"(4 CPU)") ;;
*) skip "livefix.so does not route reads relative to sysroot's \"/\" (banner: $banner)" ;;
esac

# back: from numa, snapshot 2's counters go backwards (a CPU's user time,
# interrupt counts) and the intr total passes 2^32 (#314: 32-bit in mpstat).
mpstat_back_seq "$SEQ/numa" "$SEQ/back"

# hot: from numa, without cpu3 until snapshot 2 (-H: a vCPU plugged in).
cp -r "$SEQ/numa" "$SEQ/hot"
python3 - "$SEQ/hot" <<'EOF' || fail "making the hot-plug sequence"
import os, re, shutil, sys
d = sys.argv[1]
for n in ("0", "1"):
    shutil.rmtree(d + "/" + n + "/sys/devices/system/cpu/cpu3")
    p = d + "/" + n + "/proc/stat"
    with open(p) as f:
        text = f.read()
    os.unlink(p)
    with open(p, "w") as f:
        f.write(re.sub(r"^cpu3 .*\n", "", text, flags=re.M))
EOF

# irqchg: from numa, the interrupt list changes in snapshot 2 (a line goes,
# one comes, one moves; the header is printed again, counts found by name),
# a line of snapshot 3 is longer than mpstat's line buffer (its tail holds a
# ':'), and /proc/softirqs is gone from snapshot 3 on.
cp -r "$SEQ/numa" "$SEQ/irqchg"
python3 - "$SEQ/irqchg" <<'EOF' || fail "making the interrupt-change sequence"
import os, sys
d = sys.argv[1]
def rewrite(path, fn):
    with open(path) as f:
        lines = f.read().split("\n")
    os.unlink(path)
    with open(path, "w") as f:
        f.write("\n".join(fn(lines)))
def change(lines):
    moved = lines[3]
    del lines[3]
    del lines[1]
    lines.insert(5, moved)
    lines.insert(2, " 99:  " + "         7" * 4 + "   PCI-MSI new-device")
    return lines
def longer(lines):
    lines[2] += " " + "x" * 200 + ": tail 5 6"
    return lines
for n in ("2", "3", "4"):
    rewrite(d + "/" + n + "/proc/interrupts", change)
rewrite(d + "/3/proc/interrupts", longer)
for n in ("3", "4"):
    os.unlink(d + "/" + n + "/proc/softirqs")
EOF

# nonuma: from numa without node links (-n and -N are then ignored); gap:
# cpu1's directory is gone (no NUMA placement either, and a CPU count of
# the highest number + 1).
cp -r "$SEQ/numa" "$SEQ/nonuma"
rm -rf "$SEQ"/nonuma/*/sys/devices/system/cpu/cpu*/node*
cp -r "$SEQ/numa" "$SEQ/gap"
rm -rf "$SEQ"/gap/*/sys/devices/system/cpu/cpu1

# nostat, nouptime: a file mpstat cannot do without is missing (exit 2).
for f in stat uptime; do
	cp -r "$SEQ/up" "$SEQ/no$f"
	rm -f "$SEQ/no$f"/*/proc/$f
done

# upstream: upstream's test roots root1 ... root7 in turn (its TEST build's inputs).
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

# mp SEQNAME [VAR=VALUE ...] -- ARG...: one differential case.
mp() {
	local seq=$1
	shift
	local vars=()
	while [ "$1" != -- ]; do
		vars+=("$1")
		shift
	done
	shift
	live_diff --show=5 "$SEQ/$seq" "${vars[@]}" -- mpstat "$@"
	[ $? -eq 2 ] && return 0 # left out of this run (live_lib.sh)
	# Our JSON must parse, except where the release leaves it open too: a
	# run cut in its first interval, or stopped by an error.
	case " $* ${vars[*]} " in
	*" LIVEFIX_SIGINT_AT=1 "*) ;;
	*" -o JSON "*)
		if [ "$(cat "$TMPD/b.rc")" = 0 ] && ! python3 -m json.tool "$TMPD/b.out" >/dev/null 2>&1
		then
			fail "mpstat $* on $seq: our JSON does not parse"
		fi
		;;
	esac
}

MATRIX=(
	""
	"0"
	"1 3"
	"1 1"
	"-u 1 2"
	"-P ALL 1 3"
	"-P all,1-2 1 2"
	"-P 1- 1 2"
	"--dec=0 -P ALL 1 2"
	"--dec=1 1 2"
	"--dec=2 -A 1 2"
	"-I SUM 1 3"
	"-I SUM -P ALL 1 3"
	"-I CPU 1 2"
	"-I SCPU 1 2"
	"-I SCPU,SUM -P 0,2 1 2"
	"-I ALL 1 2"
	"-A 1 3"
	"-A"
	"-A 1"
	"-T 1 2"
	"-T -P ALL 1 3"
	"-n 1 3"
	"-n -P ALL 1 2"
	"-N ALL 1 3"
	"-N 1 -P ALL 1 2"
	"-N all,0 1 2"
	"-u -n -I SUM 1 2"
	"-o JSON"
	"-o JSON 1 3"
	"-o JSON -A 1 3"
	"-o JSON -T -P ALL 1 2"
	"-o JSON -N ALL -I ALL 1 2"
	"-P ALL 1"
)
# The cases the other sequences go through.
SHORT=(
	"" "0" "-P ALL 1 3" "--dec=1 -P ALL 1 2" "-A 1 3" "-A" "-T -P ALL 1 2" "-N ALL -n 1 2"
	"-o JSON -A 1 2" "-I SUM -P ALL 1 2"
)
ERRORS=(
	"0.5" "0 5" "1 0" "1 2 3" "-P 99" "-P 1-0" "-P ALL,1" "-P" "-x" "--dec=3" "--dec=x"
	"--dec=10" "-I FOO" "-I" "-o" "-o XML" "-N" "-V" "-H 1 2" "-"
)

for args in "${MATRIX[@]}"; do
	# shellcheck disable=SC2086
	mp numa -- $args
done
for seq in up back upstream; do
	[ -d "$SEQ/$seq" ] || continue
	for args in "${SHORT[@]}"; do
		# shellcheck disable=SC2086
		mp "$seq" -- $args
	done
done
for args in "${ERRORS[@]}"; do
	# shellcheck disable=SC2086
	mp numa -- $args
done

# Ctrl-C: in the first interval (nothing more), after it (Average:), with JSON.
for at in 1 2 3; do
	mp numa LIVEFIX_SIGINT_AT=$at -- -P ALL 1 5
	mp numa LIVEFIX_SIGINT_AT=$at -- -o JSON -A 1 5
	mp numa LIVEFIX_SIGINT_AT=$at -- 1
done

# The environment: colours, ISO time, header repetition.
mp numa S_COLORS=always -- -P ALL 1 3
mp numa S_COLORS=always -- -A 1 2
mp numa S_COLORS=always -- -T --dec=1 -P ALL 1 2
mp back S_COLORS=always "S_COLORS_SGR=H=31:M=35;1:Z=2:N=1:I=4:X=7:W=8" -- -A 1 3
mp numa S_TIME_FORMAT=ISO -- -A 1 2
mp numa S_TIME_FORMAT=ISO -- -o JSON 1 2
mp numa S_REPEAT_HEADER=2 -- 1 4
mp numa S_REPEAT_HEADER=1 -- -n 1 4
mp numa S_REPEAT_HEADER=x -- 1 4
mp numa S_COLORS=never S_TIME_FORMAT=ISO "S_COLORS_SGR=H=1" -- -V

# On a terminal (script(1)): colours by default, S_COLORS=never.
# mp_tty SEQNAME [VAR=VALUE ...] -- ARG...: as mp, stdout and stderr together.
mp_tty() {
	local seq=$1 vars=() x prog
	shift
	while [ "$1" != -- ]; do
		vars+=("$1")
		shift
	done
	shift
	for x in a b; do
		if [ $x = a ]; then prog=$(oracle_bin mpstat); else prog=$MPSTAT; fi
		script -qec "$(printf '%q ' bash "$LIVE_RUN" "$SEQ/$seq" "SYSREC_COMPAT=$FLAVOUR" \
			"${vars[@]}" -- "$prog" "$@")" /dev/null >"$TMPD/$x.out" 2>&1 </dev/null
		echo $? >"$TMPD/$x.rc"
		: >"$TMPD/$x.err"
	done
	oracle_judge --show=5 "mpstat $* on $seq, on a terminal${vars[*]:+ (${vars[*]})}"
}
if command -v script >/dev/null; then
	mp_tty numa -- -P ALL 1 2
	mp_tty back -- -A 1 2
	mp_tty numa S_COLORS=never -- -T -N ALL 1 3
else
	echo "NOTE: script(1) is missing: the terminal cases are left out"
fi

# -H (12.7.5; a usage error under 12.6.1) with a vCPU plugged in. Not with
# -I CPU or SCPU: 12.7.5 then zeroes part of the previous sample's
# interrupt matrices (man/mpstat.1.in, BUGS FIXED).
mp hot -- -H -P ALL 1 3
mp hot -- -H -I SUM -P ALL -n 1 3
mp hot -- -P ALL 1 3

# Interrupts coming and going, no NUMA, a CPU directory missing.
for args in "-I CPU 1 4" "-A 1 4" "-o JSON -I ALL -P ALL 1 4" "-I SCPU -P 0 1 4"; do
	# shellcheck disable=SC2086
	mp irqchg -- $args
done
for seq in nonuma gap; do
	for args in "-A 1 2" "-n 1 2" "-N 0 1 2" "-T -P ALL 1 2" "-o JSON -A -T 1 2"; do
		# shellcheck disable=SC2086
		mp "$seq" -- $args
	done
done

# What cannot be read.
mp nostat -- -P ALL 1 2
mp nostat -- -o JSON
mp nouptime -- 1 2
mp nouptime -- -I ALL

# 256 CPUs, 1,000 interrupt lines.
mp big -- -A 1 1

# The locale and an odd time zone.
locales=()
for l in de_DE.UTF-8 fr_FR.UTF-8; do
	if locale -a 2>/dev/null | grep -qix "${l/UTF-8/utf8}"; then
		locales+=("$l")
	fi
done
[ ${#locales[@]} -gt 0 ] ||
	echo "NOTE: no de_DE.UTF-8 or fr_FR.UTF-8 locale: the translated cases are left out"
for l in "${locales[@]}"; do
	mp numa LC_ALL="$l" -- -A --dec=1 1 2
	mp numa LC_ALL="$l" -- -o JSON -A 1 2
	mp numa LC_ALL="$l" -- 0.5
done
mp numa TZ=GMT+12 -- -P ALL 1 2
mp numa TZ=GMT+12 -- -o JSON 1 2

finish
