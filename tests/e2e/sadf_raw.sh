#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadf -r (and -r -O debug) against Debian's sysstat 12.6.1 sadf (12.7.5's
# under its flavour): both read
# the same archives with the same options and must print the same bytes on
# stdout and stderr, and exit with the same status. The raw format shows the
# stored counters, so every activity and item rule is covered: CPUs of -P
# (offline and tickless ones with -O debug), interrupts of -I and --int=,
# devices, interfaces and filesystems with their lists and their new or
# registered-again items, sensors, USB, batteries (12.7.5), PSI; then the walk: -s/-e, an
# interval and a count, -C comments, LINUX RESTARTs, -T/-t/-U.
#
# The archives are the shared corpus, archives our sadc writes from this
# machine and from the fixture roots (CPUs going offline and back, counters
# going back, a restart and a comment), and sa_make's random counters (in
# both byte orders). Every case runs under TZ=UTC and, for a sample of the
# files (all of them with SYSREC_FULL=1), TZ=GMT+12. Without SYSREC_FULL=1
# one file in eight runs the whole option matrix, the others a few
# options that cover every activity at once.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$SADF"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64

# ---- archives ----

files=()
add_sar_archives -A

# The fixture roots in sequence and back (CPUs going offline, tickless,
# back online; counters going back), then a restart and a comment.
t=1555593609
for n in 1 2 3 4 5 4 3 2 1; do
	"$SADC" --root="$ROOTS/root$n" --unix-time=$t $IDENT -S XALL "$TMPD/seq.sa" 1 1 2>/dev/null
	t=$((t + 10))
done
"$SADC" --root="$ROOTS/root1" --unix-time=$t $IDENT "$TMPD/seq.sa" 2>/dev/null
"$SADC" --root="$ROOTS/root2" --unix-time=$((t + 5)) $IDENT -C "Testing sadf -r" \
	"$TMPD/seq.sa" 2>/dev/null
for n in 2 6 6b 7; do
	t=$((t + 10))
	"$SADC" --root="$ROOTS/root$n" --unix-time=$t $IDENT -S XALL "$TMPD/seq.sa" 1 1 2>/dev/null
done
[ -s "$TMPD/seq.sa" ] && files+=("$TMPD/seq.sa")

# A restart to more CPUs right before one back to fewer: sysstat's buffers
# (-O debug's nr_alloc) keep the size the first one gave them.
t=1555593609
"$SADC" --root="$ROOTS/root2" --unix-time=$t $IDENT -S XALL "$TMPD/restarts.sa" 1 2 2>/dev/null
"$SADC" --root="$ROOTS/root6" --unix-time=$((t + 10)) $IDENT "$TMPD/restarts.sa" 2>/dev/null
"$SADC" --root="$ROOTS/root2" --unix-time=$((t + 20)) $IDENT "$TMPD/restarts.sa" 2>/dev/null
"$SADC" --root="$ROOTS/root2" --unix-time=$((t + 30)) $IDENT -S XALL "$TMPD/restarts.sa" 1 2 \
	2>/dev/null
[ -s "$TMPD/restarts.sa" ] && files+=("$TMPD/restarts.sa")

# Batteries (A_PWR_BAT, which our sadc collects under the 12.7.5 flavour
# only): root1 with two of them and a mains supply, the capacity going down,
# a status sysstat has no name for, then a battery gone.
bat=$TMPD/batroot
ps=$bat/sys/class/power_supply
if cp -r "$ROOTS/root1" "$bat" && mkdir -p "$ps/BAT0" "$ps/BAT1" "$ps/AC"; then
	t=1555593609
	for step in "87|Discharging|100|Full" "85|Charging|100|Not charging" "84|Weird|99|Unknown" \
		"83|Full|-|-"; do
		IFS='|' read -r c0 s0 c1 s1 <<<"$step"
		echo "$c0" >"$ps/BAT0/capacity"
		echo "$s0" >"$ps/BAT0/status"
		if [ "$c1" = - ]; then
			rm -rf "$ps/BAT1"
		else
			echo "$c1" >"$ps/BAT1/capacity"
			echo "$s1" >"$ps/BAT1/status"
		fi
		"$SADC" --root="$bat" --unix-time=$t $IDENT -S XALL "$TMPD/bat.sa" 1 1 2>/dev/null
		t=$((t + 10))
	done
	[ -s "$TMPD/bat.sa" ] && files+=("$TMPD/bat.sa")
fi

# Random counters: every one wraps or goes back somewhere; a restart and a
# comment; the other byte order; more CPUs, devices and interfaces.
if [ -x "$SA_MAKE" ]; then
	for flags in "-r 5" "-r 6 -C" "-r 4 -X" "-r 5 -C -c 4 -d 3 -i 3"; do
		name=make$(echo "$flags" | tr -d ' -')
		# shellcheck disable=SC2086
		"$SA_MAKE" $flags "$TMPD/$name.sa" 2>/dev/null && files+=("$TMPD/$name.sa")
	done
fi

# ---- options: "SADF_OPTIONS|SAR_OPTIONS"; SADF_OPTIONS may hold an interval and a count ----

# Every activity at once, on every file.
core_options=$(
	cat <<'OPTS'
|-A
-O debug|-A
-O debug -P ALL --int=0-9,sum|-I ALL -n DEV -d -F MOUNT
OPTS
)

# The whole matrix, on a sample of the files. @S and @E stand for the
# times of the file's second and third records.
all_options=$(
	cat <<'OPTS'
|-u
-O debug|-u
|-u ALL
-P ALL|-u
-P ALL -O debug|-u ALL
-P 0,2|-u ALL
-P 1|-u -u ALL
|-w
|-I ALL
|-I SUM
-P ALL|-I ALL
-P ALL -O debug|-I SUM
--int=1,LOC,sum -P ALL|-I ALL
--int=30-|-I ALL
|-W
|-B
|-b
-O debug|-W -B -b
|-r
|-r ALL
|-S
|-r ALL -S -H
|-H
|-v
|-q
|-q LOAD
|-q ALL
|-q CPU
|-q IO -q MEM
-O debug|-q ALL -v
|-y
-O debug|-y
|-d
-O debug|-d
--dev=vda,sda,dev8-0|-d
|-d -p
-O debug|-n ALL
|-n DEV
-O debug|-n DEV
--iface=lo,eth0|-n DEV -n EDEV
|-n EDEV
-O debug|-n EDEV
|-n NFS
|-n NFSD
|-n SOCK
|-n IP
|-n EIP
|-n ICMP
|-n EICMP
|-n TCP
|-n ETCP
|-n UDP
|-n SOCK6
|-n IP6
|-n EIP6
|-n ICMP6
|-n EICMP6
|-n UDP6
|-n FC
-O debug|-n FC
|-n SOFT
-P ALL|-n SOFT
-P ALL -O debug|-n SOFT
|-m ALL
-P ALL|-m ALL
-P ALL -O debug|-m ALL
|-m CPU
|-m FAN
|-m TEMP
|-m IN
|-m USB
-P 0|-m FREQ
|-F
|-F MOUNT
|-F -F MOUNT
--fs=/,/boot|-F
-C|-A
-C -O debug|-u
-T|-u -w
-t|-u -w
-U|-u -w
-U -O debug|-A
-s @S|-u -r
-s @S -e @E|-A
-e @S -C|-u
-e @E -O debug|-u
2|-u -d
2 2|-A
1 1 -O debug|-u -n DEV
3 1 -C|-w
OPTS
)

# The batteries' archive.
bat_options=$(printf '%s\n' "|-m BAT" "-O debug|-m BAT" "|-m ALL" "-O debug -C|-m ALL -u")

# The files sar rejects: the messages.
bad_options=$(printf '%s\n' "|-A" "-O debug|-u")

n_shown=0
compare() {
	keep_case "TZ=${TZ:-} ${tz:-} $*" || return 0
	local file=$1 sopts=$2 aopts=$3 tz=$4
	# The two run side by side, on the machine's two cores.
	# shellcheck disable=SC2086
	TZ=$tz run_capture "$TMPD/a" "$ORACLE_SADF" -r $sopts "${ORACLE_FILE:-$file}" -- $aopts &
	# shellcheck disable=SC2086
	TZ=$tz run_capture "$TMPD/b" "$SADF" -r $sopts "$file" -- $aopts
	wait
	if same_capture "$TMPD/a" "$TMPD/b" "s|^Usage: [^ ]*|Usage: sadf|"; then
		pass
	else
		fail "TZ=$tz sadf -r $sopts $file -- $aopts"
		if [ $n_shown -lt 10 ]; then
			show_diff "$TMPD/a" "$TMPD/b"
			n_shown=$((n_shown + 1))
		fi
	fi
}

# The time of the n-th line of the file's -u output, for -s and -e.
record_time() {
	TZ=$2 "$ORACLE_SADF" -r "${ORACLE_FILE:-$1}" -- -u 2>/dev/null | sed -n "$3{s/ .*//;s/;//;p;q}"
}

run_matrix() {
	local file=$1 list=$2 tz line sopts aopts t2 t3
	for tz in $(tz_list "$file"); do
		t2=$(record_time "$file" "$tz" 2)
		t3=$(record_time "$file" "$tz" 3)
		while IFS= read -r line; do
			sopts=${line%%|*}
			aopts=${line#*|}
			sopts=${sopts//@S/${t2:-08:00:00}}
			sopts=${sopts//@E/${t3:-18:00:00}}
			compare "$file" "$sopts" "$aopts" "$tz"
		done <<<"$list"
	done
}

idx=0
for file in "${files[@]}"; do
	idx=$((idx + 1))
	run_matrix "$file" "$core_options"
	if [ "${SYSREC_FULL:-0}" = 1 ] || [ $((idx % 8)) -eq 1 ]; then
		run_matrix "$file" "$all_options"
	fi
done

[ -s "$TMPD/bat.sa" ] && run_matrix "$TMPD/bat.sa" "$bat_options"

# The files sysstat's sar refuses. Those of formats 0x2171 and 0x2173 are
# read as their conversion by sadf -c, which the oracle reads instead
# (tests/lib.sh old_ref).
for file in "$SHARED"/corpus/upstream/files/data-*; do
	"$ORACLE_SAR" -A -f "$file" >/dev/null 2>&1
	[ $? -eq 3 ] || continue
	if old_ref "$file" && ref=$OLD_REF; then
		ORACLE_FILE=$ref run_matrix "$file" "$bad_options"
	else
		run_matrix "$file" "$bad_options"
	fi
done

finish
