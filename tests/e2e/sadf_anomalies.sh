#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadf against Debian's sadf 12.6.1 (12.7.5 under its flavour) on archives
# where time and counters misbehave (built by tests/fixtures/anomaly_roots.sh:
# the clock stepping back and forward and across midnight, uptime going
# back, counters going back or wrapping, CPUs going offline and online,
# interfaces and disks churning). Every format (-d, -p, -j, -x, -r, -g,
# -d -h) over every activity (-- -A), the header (-H), and windows (-s/-e),
# intervals and counts. Stdout, stderr and the exit status must be
# identical, every run ends within its timeout and no sanitizer reports; our
# -j output must parse as JSON and our -x output be well-formed XML.
#
# By default the windows run on every other archive (SYSREC_FULL=1: all;
# SYSREC_QUICK=1: one in four).
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$SADF" "$SADC" "$SA_WALK"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT LANG LANGUAGE

. "$top_srcdir/tests/fixtures/anomaly_roots.sh"

n_cases=0
n_shown=0
n_deliberate=0

# Deliberate difference: with -g, when no record of the window is drawn
# (an interval longer than the file, say), 12.6.1 draws the load average
# view with DBL_MAX / 100 as its minima and maxima and the X axis at
# billions of pixels (svg_print_queue_stats divides the extrema by 100
# before draw_activity_graphs tests them against DBL_MAX for "No data").
# We print "No data" there as for every other view: everything before that
# view must be the same. 12.7.5 draws the same extrema and then the first
# graduation of the time axis (12.6.1 draws none), and stops at the next one,
# whose time gmtime cannot convert, with exit status 1 and no message, its
# document unclosed: in the same cases we print "No data" and exit 0.
ldavg_garbage() {
	grep -q 'ldavg-1 (179769313486231' "$TMPD/a.out" || return 1
	sed '/>Load average statistics$/,$d' "$TMPD/a.out" >"$TMPD/a.head"
	sed '/>Load average statistics$/,$d' "$TMPD/b.out" >"$TMPD/b.head"
	if [ "$FLAVOUR" = 12.7.5 ]; then
		[ "$(cat "$TMPD/a.rc")" = 1 ] && [ "$(cat "$TMPD/b.rc")" = 0 ] &&
			! grep -q '^</svg>$' "$TMPD/a.out" || return 1
	else
		cmp -s "$TMPD/a.rc" "$TMPD/b.rc" || return 1
	fi
	cmp -s "$TMPD/a.head" "$TMPD/b.head" && cmp -s "$TMPD/a.err" "$TMPD/b.err" &&
		sed -n '/>Load average statistics$/,/^<\/g>/p' "$TMPD/b.out" | grep -q '>No data<'
}

check() {
	# check LABEL ARGS...: both sadfs, the same arguments.
	keep_case "TZ=${TZ:-} ${tz:-} $*" || return 0
	local label=$1
	shift
	n_cases=$((n_cases + 1))
	run_capture "$TMPD/a" timeout 120 "$ORACLE_SADF" "$@"
	run_capture "$TMPD/b" timeout 120 "$SADF" "$@"
	if grep -qE 'Sanitizer|runtime error:' "$TMPD/b.err"; then
		fail "sanitizer report: $label: sadf $*"
		head -5 "$TMPD/b.err"
	elif [ "$(cat "$TMPD/b.rc")" = 124 ]; then
		fail "timed out: $label: sadf $*"
	elif same_capture "$TMPD/a" "$TMPD/b" "s|$ORACLE_SADF|sadf|g;s|$SADF|sadf|g"; then
		pass
	elif ldavg_garbage; then
		n_deliberate=$((n_deliberate + 1))
		pass
	else
		fail "TZ=$TZ $label: sadf $*"
		if [ $n_shown -lt 10 ]; then
			show_diff "$TMPD/a" "$TMPD/b"
			n_shown=$((n_shown + 1))
		fi
	fi
	# Our -j and -x documents must parse, checked in one go at the end.
	keep_document "$TMPD/b" "TZ=$TZ $label: sadf $*" "$1"
}

FORMATS=(-d -p -j -x -r -g "-d -h")
# Whether the i-th archive gets the windows.
windowed() {
	[ "${SYSREC_FULL:-0}" = 1 ] && return 0
	[ "${SYSREC_QUICK:-0}" = 1 ] && return $(($1 % 4 != 1))
	return $(($1 % 2 != 1))
}

idx=0
for f in "${files[@]}"; do
	idx=$((idx + 1))
	b=$(basename "$f")
	for fmt in "${FORMATS[@]}"; do
		# shellcheck disable=SC2086
		check "$b" $fmt "$f" -- -A
	done
	check "$b" -H "$f"
	check "$b" -j -H "$f"
	check "$b" -d -T "$f" -- -u -P ALL -n SOFT -I SUM
	check "$b" -p -t "$f" -- -n DEV,EDEV -d
	check "$b" -g 86400 "$f" -- -q
	windowed $idx || continue
	mapfile -t times < <(row_times --sadf-d -T --restarts --timeout=60 "$f" -w)
	n=${#times[@]}
	windows=("-T 120" "-T 600" "-T 2 2" "-T -s 23:59:50" "-T -e 00:00:30")
	if [ "$n" -gt 1 ]; then
		windows+=("-T -s ${times[1]}" "-T -e ${times[1]}" "-T -s ${times[$((n - 1))]}"
			"-T -s ${times[0]} -e ${times[$((n - 1))]}")
	fi
	for w in "${windows[@]}"; do
		for fmt in -d -j -r "-g"; do
			# shellcheck disable=SC2086
			check "$b" $fmt $w "$f" -- -u -P ALL -n DEV -d -q
		done
	done
done

validate_documents --pass
printf '  %s\n' "${why[@]}"
echo "$(basename "$0" .sh): ${#files[@]} archives, $n_cases cases ($n_deliberate with $FLAVOUR's" \
	"load average garbage, checked up to it), TZ=$TZ"
finish
