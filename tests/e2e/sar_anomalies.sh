#!/bin/bash
# flavours: 12.6.1 12.7.5
# sar against Debian's sar 12.6.1 on archives where time and counters
# misbehave (built by tests/fixtures/anomaly_roots.sh with our sadc on mutated
# fixture roots, and by sa_make): the clock stepping back and forward
# between samples and across midnight, uptime going back or standing still
# without a restart, counters going back or wrapping at 32 and 64 bits, CPUs
# going offline and online (past the header's count, with restarts), and
# hundreds of interfaces and disks appearing and vanishing. Each archive is
# reported with many views, windows (-s/-e/-i) and counts; stdout, stderr and
# the exit status must be identical, every run ends within its timeout and
# no sanitizer reports.
#
# By default the windows run on every other archive (SYSREC_FULL=1: all;
# SYSREC_QUICK=1: one in four).
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$(cd "$top_builddir" && pwd)/sar/sar"
requires shared oracle "$SAR" "$SADC" "$SA_WALK"
# A copy, so that a rebuild during the run does not get in the way.
cp "$SAR" "$TMPD/sar" && SAR=$TMPD/sar
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT LANG LANGUAGE

. "$top_srcdir/tests/fixtures/anomaly_roots.sh"

n_cases=0
n_shown=0
check() {
	# check FILE OPTIONS...: both sars, the same options on FILE.
	keep_case "TZ=${TZ:-} ${tz:-} $*" || return 0
	local f=$1
	shift
	n_cases=$((n_cases + 1))
	run_capture "$TMPD/a" timeout 60 "$ORACLE_SAR" "$@" -f "$f"
	run_capture "$TMPD/b" timeout 60 "$SAR" "$@" -f "$f"
	if grep -qE 'Sanitizer|runtime error:' "$TMPD/b.err"; then
		fail "sanitizer report: sar $* -f $(basename "$f")"
		head -5 "$TMPD/b.err"
	elif [ "$(cat "$TMPD/b.rc")" = 124 ]; then
		fail "timed out: sar $* -f $(basename "$f")"
	elif same_capture "$TMPD/a" "$TMPD/b"; then
		pass
	else
		fail "TZ=$TZ sar $* -f $(basename "$f")"
		if [ $n_shown -lt 10 ]; then
			show_diff "$TMPD/a" "$TMPD/b"
			n_shown=$((n_shown + 1))
		fi
	fi
}

VIEWS=(-A "-A -z" "-A -t" "-u ALL -P ALL" "-u -P 0,3,9,11" "-n DEV" "-n EDEV"
	"-n DEV,EDEV --iface=eth0,eth2"
	"-d -p" "-d" "-b" "-I ALL" "-I ALL -P ALL" "-I SUM -P 1-2,8-" "-q ALL" "-r ALL" "-S" "-B" "-w"
	"-W" "-v" "-n SOFT -P ALL" "-u -I SUM -n SOFT -P ALL" "-m CPU,FREQ -P ALL" "-y" "-F")
WVIEWS=("-u -P ALL -n DEV -d -q" "-A")

# Whether the i-th archive gets the windows.
windowed() {
	[ "${SYSREC_FULL:-0}" = 1 ] && return 0
	[ "${SYSREC_QUICK:-0}" = 1 ] && return $(($1 % 4 != 1))
	return $(($1 % 2 != 1))
}

idx=0
for f in "${files[@]}"; do
	idx=$((idx + 1))
	for v in "${VIEWS[@]}"; do
		# shellcheck disable=SC2086
		check "$f" $v
	done
	windowed $idx || continue
	mapfile -t times < <(row_times --row='^all$' --timeout=60 "$f" -u)
	n=${#times[@]}
	windows=("-i 2" "-i 120" "-i 600" "-i 3600" "1 1" "2 2" "-s 23:59:50" "-e 00:00:30")
	if [ "$n" -gt 1 ]; then
		windows+=("-s ${times[1]}" "-e ${times[1]}" "-s ${times[$((n - 1))]}"
			"-e ${times[$((n - 1))]}" "-s ${times[0]} -e ${times[$((n - 1))]}"
			"-s ${times[$((n - 1))]} -e ${times[0]}" "-s ${times[1]} 300 3")
	fi
	for w in "${windows[@]}"; do
		for v in "${WVIEWS[@]}"; do
			# shellcheck disable=SC2086
			check "$f" $v $w
		done
	done
done

printf '  %s\n' "${why[@]}"
echo "$(basename "$0" .sh): ${#files[@]} archives, $n_cases cases, TZ=$TZ"
finish
