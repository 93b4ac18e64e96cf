#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadf -d, -p, -j and -x of the CPU family (sar -u, -u ALL, -P, -w, -I
# SUM/ALL, --int=, -q, -q LOAD/CPU/IO/MEM/PSI/ALL, -n SOFT) against Debian's
# sysstat 12.6.1 (12.7.5 under its flavour): both sadfs read the same files
# with the same options, and stdout, stderr and the exit status must be
# identical. The files are the shared corpus (but the archives sar 12.6.1
# rejects as invalid), archives of our sadc (this machine; the fixture roots
# alone, in sequence and backwards: offline, returning and tickless CPUs, a
# restart with a new CPU count, a comment), a one-CPU machine, and sa_make's
# random counters. Every -j output must parse as JSON and every -x output
# must be well-formed XML.
#
# By default a sample of the matrix runs (see picked below); SYSREC_FULL=1
# runs every option and modifier in every format on every file, under
# TZ=UTC and TZ=GMT+12.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$SADF"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
FULL=${SYSREC_FULL:-0}

# ---- the files ----

files=()
add_sar_archives -u

# The fixture roots in sequence (CPU 8 offline, then CPUs 6 and 8, CPU 3
# tickless...), a restart, two more records and a comment; then backwards
# (CPUs coming back online, counters going back).
t=1555593609
for n in 1 2 3 4 5; do
	"$SADC" --root="$ROOTS/root$n" --unix-time=$t $IDENT -S XALL "$TMPD/seq.sa" 1 1 2>/dev/null
	"$SADC" --root="$ROOTS/root$((6 - n))" --unix-time=$t $IDENT -S XALL "$TMPD/rev.sa" 1 1 \
		2>/dev/null
	t=$((t + 10))
done
"$SADC" --root="$ROOTS/root1" --unix-time=$((t + 1000)) $IDENT "$TMPD/seq.sa" 2>/dev/null
for n in 2 3; do
	t=$((t + 10))
	"$SADC" --root="$ROOTS/root$n" --unix-time=$((t + 1000)) $IDENT -S XALL "$TMPD/seq.sa" 1 1 \
		2>/dev/null
done
"$SADC" --root="$ROOTS/root1" --unix-time=$((t + 1100)) $IDENT -C "Testing sysstat!" \
	"$TMPD/seq.sa" 2>/dev/null
for f in seq rev; do
	if [ -s "$TMPD/$f.sa" ]; then files+=("$TMPD/$f.sa"); else fail "sadc: no $f.sa"; fi
done

# A one-CPU machine: three records of a minimal root.
make_root() {
	local d=$1 uptime=$2 ticks=$3 ctxt=$4 procs=$5
	mkdir -p "$d/proc" "$d/sys/devices/system/cpu/cpu0"
	echo "$uptime 0.00" >"$d/proc/uptime"
	printf 'cpu  %s\ncpu0 %s\nintr 1000\nctxt %s\nbtime 1555580000\nprocesses %s\nprocs_running 2\nprocs_blocked 1\n' \
		"$ticks" "$ticks" "$ctxt" "$procs" >"$d/proc/stat"
	echo "0.55 0.20 0.10 2/150 1234" >"$d/proc/loadavg"
}
make_root "$TMPD/up/a" 100.00 "100 5 50 800 10 3 2 1 0 0" 5000 300
make_root "$TMPD/up/b" 110.00 "150 7 60 1600 8 4 3 1 0 0" 7000 320
make_root "$TMPD/up/c" 120.00 "190 9 75 2300 20 5 4 2 0 0" 9000 350
t=1555593609
for r in a b c; do
	"$SADC" --root="$TMPD/up/$r" --unix-time=$t $IDENT "$TMPD/up.sa" 1 1 2>/dev/null
	t=$((t + 10))
done
if [ -s "$TMPD/up.sa" ]; then files+=("$TMPD/up.sa"); else fail "sadc: no up.sa"; fi

# Random counters: every counter wraps or goes back somewhere, a restart,
# the other byte order.
if [ -x "$SA_MAKE" ]; then
	for flags in "-r 5" "-r 6 -C" "-r 4 -X"; do
		name=make$(echo "$flags" | tr -d ' -')
		# shellcheck disable=SC2086
		"$SA_MAKE" $flags "$TMPD/$name.sa" 2>/dev/null && files+=("$TMPD/$name.sa")
	done
fi

# ---- the comparison ----

FORMATS=(-d -p -j -x)
n_cases=0

# check FILE FORMAT "SADF OPTIONS" "SAR OPTIONS" ["INTERVAL COUNT"]
check() {
	local f=$1 fmt=$2 pre=$3 post=$4 ic=${5:-}
	n_cases=$((n_cases + 1))
	# What a clean run prints must parse: kept for one validation at the end.
	# shellcheck disable=SC2086
	oracle_compare --usage --show=10 --doc="$fmt" \
		--label="TZ=$TZ sadf $fmt $pre $ic $f -- $post" sadf $fmt $pre $ic "$f" -- $post
}

# "SADF OPTIONS|SAR OPTIONS". sadf takes -P and --int= before "--" and
# after it; sar's -z means nothing to sadf.
OPTS=$(
	cat <<'OPTS'
|-u
|-u ALL
-P ALL|-u
|-u ALL -P ALL
-P 0,1|-u
-P 1,3-|-u ALL
|-u -P all,2
|-P 0
-P 9|-u
|-u -P ALL -z
|-w
|-I SUM
|-I ALL
|-I
-P ALL|-I ALL
|-I SUM -P ALL
-P 0,2|-I ALL
|-I SUM -P 1
|-I ALL -P 9
--int=0-16,sum|-I
--int=19,LOC,25- -P ALL|-I
--int=9|-I SUM
|-I --int=sum,1
|-I ALL -P ALL -z
|-q
|-q LOAD
|-q CPU
|-q IO
|-q MEM
|-q PSI
|-q ALL
|-q ALL -z
|-n SOFT
-P ALL|-n SOFT
|-n SOFT -P 1
|-n SOFT -P all,0 -z
|-u -w -q ALL -I SUM -n SOFT -P ALL
|-w -u ALL -q -n SOFT
OPTS
)
# Every activity of the family at once, with the modifiers.
ALLV="-u ALL -w -I ALL -q ALL -n SOFT -P ALL"
MODS=("-T|" "-t|" "-U|" "-C|" "-T -C|" "-U -C|" "-t -C|")
# A few files get every activity of the file (other families included).
A_FILES="f.sa x.sa live.sa roots.sa seq.sa"

# Outside SYSREC_FULL=1, every other format of the whole family, one case
# in seventeen of the options (a stride prime to the formats and to the
# cases of a file, so that every option meets every format over the
# files), and one in five of the modifiers and windows, on one file in four.
k=0
picked() {
	k=$((k + 1))
	[ "$FULL" = 1 ] || [ $((k % $1)) -eq 0 ]
}

for tz in UTC GMT+12; do
	export TZ=$tz
	idx=0
	for f in "${files[@]}"; do
		idx=$((idx + 1))
		if [ "$FULL" != 1 ] && [ $tz != UTC ]; then
			# GMT+12: the files that tz_list names, every view at once.
			[ "$(tz_list "$f")" = UTC ] && continue
			for fmt in "${FORMATS[@]}"; do
				check "$f" "$fmt" "" "$ALLV"
				picked 2 && check "$f" "$fmt" "-T" "$ALLV"
			done
			continue
		fi
		# Every file: all the family at once.
		for fmt in "${FORMATS[@]}"; do
			picked 2 && check "$f" "$fmt" "" "$ALLV"
		done
		"$ORACLE_SADF" -d "$f" -- -u >"$TMPD/probe" 2>/dev/null
		# Files the reader rejects as a whole test the messages, not the views.
		grep -q '^[^#]' "$TMPD/probe" || continue
		while IFS= read -r o; do
			for fmt in "${FORMATS[@]}"; do
				picked 17 && check "$f" "$fmt" "${o%%|*}" "${o#*|}"
			done
		done <<<"$OPTS"
		case " $A_FILES " in
		*" $(basename "$f") "*)
			check "$f" -j "" "-A"
			check "$f" -x "" "-A"
			;;
		esac
		[ "$FULL" = 1 ] || sampled $idx || continue
		for m in "${MODS[@]}"; do
			for fmt in "${FORMATS[@]}"; do
				picked 5 && check "$f" "$fmt" "${m%%|*}" "$ALLV"
			done
		done
		mapfile -t times < <(row_times --sadf-d --sorted "$f" -u)
		n=${#times[@]}
		windows=("-s 23:59:59|" "-e 00:00:00|" "-s 12:00:00 -e 11:00:00|" "|1 1" "|2 3" "|3600")
		if [ "$n" -gt 0 ]; then
			first=${times[0]} last=${times[$((n - 1))]}
			windows+=("-s $first|" "-e $last|" "-s $last -e $last|")
			[ "$n" -gt 2 ] && windows+=("-s ${times[1]} -e ${times[$((n - 2))]}|")
		fi
		for w in "${windows[@]}"; do
			for fmt in "${FORMATS[@]}"; do
				picked 5 && check "$f" "$fmt" "${w%%|*}" "$ALLV" "${w#*|}"
			done
		done
	done
done

# ---- every clean -j output is JSON, every clean -x output well-formed XML ----

validate_documents

echo "$(basename "$0" .sh): ${#files[@]} files, $n_cases cases, $((n_json + n_xml)) outputs parsed"
finish
