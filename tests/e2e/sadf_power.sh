#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadf -d, -p, -j and -x of the power management activities (sar -m CPU,
# FAN, TEMP, IN, FREQ, USB, ALL) against Debian's sysstat 12.6.1 (12.7.5
# under its flavour): both sadfs read the same files with the same options,
# and stdout, stderr and the exit status must be identical. The files are
# every archive of the shared corpus that sar 12.6.1 does not reject,
# data-11.6.5 converted by Debian's sadf -c (it has sensors), archives of
# our sadc (this machine, the fixture roots, and a root whose sensors, CPU
# clocks, frequency times and USB devices change from record to record
# across a LINUX RESTART) and of sa_make (random values, names that fill
# their arrays, the other byte order); under 12.7.5 also sa_make's three
# battery archives (archives_power.sh), shown by -m ALL. Every -j output
# must parse as JSON and every -x output must be well-formed XML.
#
# By default a sample of the matrix runs (see picked below); SYSREC_FULL=1
# runs every view and modifier in every format on every file, under TZ=UTC
# and TZ=GMT+12.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$SADF"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
PWR_IDS=30,31,32,33,35,36
FULL=${SYSREC_FULL:-0}

# ---- the files ----

# A fan below its minimum (a negative drpm, printed through sysstat's
# unsigned cast in -j and -x).
PW_FAN2_MIN=250
. "$top_srcdir/tests/fixtures/archives_power.sh"

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

has_power() {
	"$ORACLE_SADF" -H "$1" 2>/dev/null | grep -q 'A_PWR_'
}

# "SADF OPTIONS|SAR OPTIONS"
VIEWS=("|-m CPU" "-P ALL|-m CPU" "|-m CPU -P 0,1" "-P 2|-m CPU" "|-m FAN" "|-m TEMP" "|-m IN"
	"|-m FREQ" "-P ALL|-m FREQ" "|-m FREQ -P 1,3" "|-m USB" "|-m ALL" "-P ALL|-m ALL"
	"|-m TEMP,IN -m FAN" "|-m ALL -P ALL -z")
# The modifiers, with every view at once.
MODS=("-T|" "-t|" "-U|" "-C|" "-T -C|" "-U -C|")
ALLV="-m ALL -P ALL"

# Outside SYSREC_FULL=1, one case in seven of the views (a stride prime to
# the formats, so that every view meets every format over the files), and
# one in four of the modifiers, on one file in four.
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
			# One file in four in GMT+12, every view at once.
			sampled $idx && has_power "$f" || continue
			for fmt in "${FORMATS[@]}"; do
				picked 2 && check "$f" "$fmt" "-t" "$ALLV"
				picked 2 && check "$f" "$fmt" "" "$ALLV"
			done
			continue
		fi
		if ! has_power "$f"; then
			# Only the message and the exit status.
			for fmt in "${FORMATS[@]}"; do
				picked 4 && check "$f" "$fmt" "" "-m ALL"
			done
			continue
		fi
		for v in "${VIEWS[@]}"; do
			for fmt in "${FORMATS[@]}"; do
				picked 7 && check "$f" "$fmt" "${v%%|*}" "${v#*|}"
			done
		done
		[ "$FULL" = 1 ] || sampled $idx || continue
		for m in "${MODS[@]}"; do
			for fmt in "${FORMATS[@]}"; do
				picked 4 && check "$f" "$fmt" "${m%%|*}" "$ALLV"
			done
		done
		mapfile -t times < <(row_times --sadf-d --sorted "$f" -m ALL)
		n=${#times[@]}
		windows=("-s 23:59:59|" "-e 00:00:00|" "-s 12:00:00 -e 11:00:00|" "|1 1" "|2 2" "|1 3"
			"|3600")
		if [ "$n" -gt 0 ]; then
			first=${times[0]} last=${times[$((n - 1))]}
			windows+=("-s $first|" "-e $last|" "-s $last -e $last|")
			[ "$n" -gt 2 ] && windows+=("-s ${times[1]} -e ${times[$((n - 2))]}|")
		fi
		for w in "${windows[@]}"; do
			for fmt in "${FORMATS[@]}"; do
				picked 3 && check "$f" "$fmt" "${w%%|*}" "$ALLV" "${w#*|}"
			done
		done
	done
done

# ---- every clean -j output is JSON, every clean -x output well-formed XML ----

validate_documents

echo "$(basename "$0" .sh): ${#files[@]} files, $n_cases cases, $((n_json + n_xml)) outputs parsed"
finish
