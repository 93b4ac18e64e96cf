#!/bin/bash
# flavours: 12.6.1 12.7.5
# Differential test of the CPU family of sar views (-u, -u ALL, -P, -w, -I,
# --int=, -q, -n SOFT, -q CPU/IO/MEM): our sar and Debian's sysstat 12.6.1
# sar read the same archives with the same options, and must print the same
# bytes on stdout and stderr and exit with the same status. The archives are
# the shared corpus (upstream's test files, their generated archives, live
# captures) and archives our sadc writes, from this machine and from the
# fixture roots (offline, returning and tickless CPUs, a restart). Every
# case runs under TZ=UTC and TZ=GMT+12, with LC_ALL=C.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
requires shared oracle "$SAR"
# A copy, so that a rebuild during the run does not get in the way.
cp "$SAR" "$TMPD/sar" && SAR=$TMPD/sar
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT

CORPUS="$SHARED/corpus"
ROOTS="$CORPUS/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64

# ---- archives ----

files=()
for f in "$CORPUS"/upstream/files/data-* "$CORPUS"/upstream/generated/*.tmp "$CORPUS"/live/*.sa; do
	[ -r "$f" ] && files+=("$f")
done

# Our sadc on this machine: three samples a second apart.
if "$SADC" -S XALL "$TMPD/live.sa" 1 3 2>"$TMPD/err"; then
	files+=("$TMPD/live.sa")
else
	fail "sadc -S XALL live.sa 1 3: $(cat "$TMPD/err")"
fi

# The fixture roots in sequence (CPU 8 offline, then CPUs 6 and 8 offline, CPU 3
# tickless, CPU 7's iowait going back...), then a restart and a comment.
seq_file="$TMPD/roots.sa"
t=1555593609
for n in 1 2 3 4 5; do
	"$SADC" --root="$ROOTS/root$n" --unix-time=$t $IDENT -S XALL "$seq_file" 1 1 2>"$TMPD/err" ||
		fail "sadc root$n: $(cat "$TMPD/err")"
	t=$((t + 10))
done
"$SADC" --root="$ROOTS/root1" --unix-time=$((t + 1000)) $IDENT "$seq_file" 2>/dev/null
for n in 2 3; do
	t=$((t + 10))
	"$SADC" --root="$ROOTS/root$n" --unix-time=$((t + 1000)) $IDENT -S XALL "$seq_file" 1 1 \
		2>/dev/null
done
"$SADC" --root="$ROOTS/root1" --unix-time=$((t + 1100)) $IDENT -C "Testing sysstat!" \
	"$seq_file" 2>/dev/null
[ -s "$seq_file" ] && files+=("$seq_file")

# The same roots backwards: CPUs coming back online, counters going back.
rev_file="$TMPD/roots-rev.sa"
t=1555593609
for n in 5 4 3 2 1; do
	"$SADC" --root="$ROOTS/root$n" --unix-time=$t $IDENT -S XALL "$rev_file" 1 1 2>/dev/null
	t=$((t + 10))
done
[ -s "$rev_file" ] && files+=("$rev_file")

# Every other root alone, several samples of the same counters (zero intervals).
for root in "$ROOTS"/root*; do
	name=$(basename "$root")
	case $name in root[1-5]) continue ;; esac
	"$SADC" --root="$root" --unix-time=1555593609 $IDENT -S XALL "$TMPD/$name.sa" 1 3 \
		2>/dev/null
	[ -s "$TMPD/$name.sa" ] && files+=("$TMPD/$name.sa")
done

# A one-CPU machine, three samples of a minimal root.
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
[ -s "$TMPD/up.sa" ] && files+=("$TMPD/up.sa")

# Synthetic archives of random counters: every counter wraps or goes back
# somewhere (64-bit and 32-bit differences, negative PSI shares), a restart,
# the other byte order.
if [ -x "$SA_MAKE" ]; then
	for flags in "-r 5" "-r 6 -C" "-r 4 -X"; do
		name=make$(echo "$flags" | tr -d ' -')
		# shellcheck disable=SC2086
		"$SA_MAKE" $flags "$TMPD/$name.sa" 2>/dev/null && files+=("$TMPD/$name.sa")
	done
fi

# ---- options: "sar OPTIONS -f FILE [TRAILING]", the two parts split by '|' ----

options=$(
	cat <<'OPTS'
-u
-u ALL
-P ALL
-u -P ALL
-u ALL -P ALL
-u -P 0,1
-u ALL -P 1,3-
-u -P all,2
-P 0
-u ALL -P 0-2 --dec=0
-u -P ALL --dec=1
-u ALL --dec=2
-u -h -P ALL
-u ALL --human
-u ALL -P ALL --pretty
-u -z -P ALL
-u -s 07:13:54
-u -P ALL -s 13:20:15 -e 13:20:40
-u -e 07:13:54
-u -s 23:59:58 -e 23:59:59
-u -P ALL -i 2
-u ALL -i 20
-u -C -P ALL
-u -P ALL|1 1
-u -P 9
--int=0 -u
-u ALL|2 2
-w
-w --dec=0
-w --dec=1 -h
-w -s 07:13:54 -e 07:13:55
-w -i 2
-w -C|1 1
-I ALL
-I SUM
-I
-I ALL -P ALL
-I SUM -P ALL
-I ALL -P 0,2
-I -P ALL --pretty
-I ALL -P ALL -h
-I ALL -z -P ALL
-I --int=0-16,sum
-I --int=19,LOC,25- -P ALL
-I SUM --int=9
-I ALL --dec=1 -P 1
-I ALL -P ALL -i 20
-I ALL -P ALL|1 1
-q
-q LOAD
-q --dec=0
-q --dec=1 -h
-q -s 07:13:54
-q ALL
-q PSI
-q CPU
-q IO --dec=1
-q MEM -h
-q ALL -z
-q ALL -i 2
-q ALL|1 1
-n SOFT
-n SOFT -P ALL
-n SOFT -P ALL -z
-n SOFT -P 1 --dec=0
-n SOFT -P ALL -h
-n SOFT -P all,0 -i 2
-n SOFT -P ALL|1 2
-u -w -q ALL -I SUM -n SOFT -P ALL
-w -u ALL -q -n SOFT -z
OPTS
)

n_shown=0
# A file of the old formats 0x2171 and 0x2173 is read by ours as its
# conversion by sadf -c, which the oracle reads instead (old_ref).
compare() {
	keep_case "TZ=${TZ:-} ${tz:-} $*" || return 0
	local file=$1 opts=$2 trail=$3 tz=$4 ref norm=
	old_ref "$file" && ref=$OLD_REF && norm=";s|$ref|FILE|g;s|$file|FILE|g" || ref=$file
	# shellcheck disable=SC2086
	TZ=$tz run_capture "$TMPD/a" "$ORACLE_SAR" $opts -f "$ref" $trail
	# shellcheck disable=SC2086
	TZ=$tz run_capture "$TMPD/b" "$SAR" $opts -f "$file" $trail
	if same_capture "$TMPD/a" "$TMPD/b" "s|^Usage: [^ ]*|Usage: sar|$norm"; then
		pass
	else
		fail "TZ=$tz sar $opts -f $file $trail"
		if [ $n_shown -lt 10 ]; then
			show_diff "$TMPD/a" "$TMPD/b"
			n_shown=$((n_shown + 1))
		fi
	fi
}

# Files the readers reject as a whole (old formats, damaged headers) take a
# few options only: they test the messages, not the views.
short_options=$(printf '%s\n' "-u" "-I ALL -P ALL" "-q ALL -n SOFT -P ALL")

idx=0
for file in "${files[@]}"; do
	idx=$((idx + 1))
	opts_of_file=$options
	# Outside SYSREC_FULL=1, a sample of the files gets the whole matrix.
	sampled $idx || opts_of_file=$(printf '%s\n' "-u" "-u ALL -P ALL" "-w" "-I ALL -P ALL" "-q ALL" "-n SOFT -P ALL")
	old_ref "$file" && ref=$OLD_REF || ref=$file
	"$ORACLE_SAR" -A -f "$ref" >"$TMPD/probe" 2>/dev/null
	[ -s "$TMPD/probe" ] || opts_of_file=$short_options
	while IFS= read -r line; do
		opts=${line%%|*}
		trail=
		[ "$opts" != "$line" ] && trail=${line#*|}
		for tz in $(tz_list "$file"); do
			compare "$file" "$opts" "$trail" "$tz"
		done
	done <<<"$opts_of_file"
done

finish
