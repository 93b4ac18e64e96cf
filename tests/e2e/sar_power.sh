#!/bin/bash
# flavours: 12.6.1 12.7.5
# The power management family of sar views (-m CPU, FAN, TEMP, IN, FREQ, USB)
# against Debian's sysstat 12.6.1: both sars run with the same options on the
# same files, and stdout, stderr and the exit status must be identical. The
# files are every archive of the shared corpus that sar 12.6.1 can read (with
# data-11.6.5 converted by Debian's sadf -c, which keeps its sensors), plus
# archives written by our sadc (on this machine, on the fixture roots, and on
# a root with hwmon sensors whose values, CPU clocks, frequency times and USB
# devices change from record to record, across a LINUX RESTART) and by
# sa_make (random values and names that fill their arrays).
. "${top_srcdir:-.}/tests/lib.sh"

SAR="${SAR:-$top_builddir/sar/sar}"
requires shared oracle "$SAR"
# A copy, so that a rebuild during the run does not get in the way.
cp "$SAR" "$TMPD/sar" && SAR=$TMPD/sar
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
PWR_IDS=30,31,32,33,35,36

# ---- the files ----

. "$top_srcdir/tests/fixtures/archives_power.sh"

# ---- the options ----

VIEWS=("-m CPU" "-m CPU -P ALL" "-m CPU -P 0,1" "-m CPU -P 2" "-m FAN" "-m TEMP" "-m IN"
	"-m FREQ" "-m FREQ -P ALL" "-m FREQ -P 1,3" "-m USB" "-m ALL" "-m ALL -P ALL"
	"-m TEMP,IN -m FAN")
# Every view alone, then the modifiers with views that show them all.
MODS=(--dec=0 --dec=1 --dec=2 -h --human --pretty -z -t -C)
MVIEWS=("-m ALL -P ALL" "-m TEMP,IN" "-m CPU -P 0,1")
WVIEWS=("-m ALL -P ALL" "-m USB" "-m TEMP")
VIEWS_NO_USB=("-m CPU" "-m CPU -P ALL" "-m CPU -P 0,1" "-m FAN" "-m TEMP" "-m IN" "-m FREQ"
	"-m FREQ -P ALL" "-m CPU,FAN,TEMP,IN,FREQ -P ALL")
MVIEWS_NO_USB=("-m CPU,FAN,TEMP,IN,FREQ -P ALL" "-m TEMP,IN")
WVIEWS_NO_USB=("-m CPU,FAN,TEMP,IN,FREQ -P ALL" "-m TEMP")

# 12.7.5's batteries (archives_power.sh makes files with them).
if [ "$FLAVOUR" = 12.7.5 ]; then
	VIEWS+=("-m BAT" "-m BAT,TEMP" "-m BAT -P ALL")
	MVIEWS+=("-m BAT")
	WVIEWS+=("-m BAT")
	VIEWS_NO_USB+=("-m BAT")
	MVIEWS_NO_USB+=("-m BAT")
	WVIEWS_NO_USB+=("-m BAT")
fi

has_power() {
	"$ORACLE_SADF" -H "$1" 2>/dev/null | grep -q 'A_PWR_'
}

n_cases=0
check() {
	local f=$1
	shift
	n_cases=$((n_cases + 1))
	oracle_compare --usage sar "$@" -f "$f"
}

for tz in UTC GMT+12; do
	export TZ=$tz
	# The time zone changes only the times: every modifier in one zone.
	if [ $tz = UTC ]; then mods=("${MODS[@]}"); else mods=(-t); fi
	idx=0
	for f in "${files[@]}"; do
		idx=$((idx + 1))
		# Outside SYSREC_FULL=1, a sample of the files gets the whole matrix.
		if ! sampled $idx && has_power "$f"; then
			[ $tz = UTC ] && check "$f" -m CPU,FAN,TEMP,IN,FREQ -P ALL
			continue
		fi
		if ! has_power "$f"; then
			# Only the message and the exit status.
			check "$f" -m ALL
			check "$f" -m USB
			continue
		fi
		views=("${VIEWS[@]}") mviews=("${MVIEWS[@]}") wviews=("${WVIEWS[@]}")
		case $f in
		*/make*.sa)
			# sa_make's USB devices are all different, so sysstat's
			# Summary: list outgrows its buffer, and sar 12.6.1 then
			# copies the device from freed memory: its output changes
			# from run to run. The other views only.
			views=("${VIEWS_NO_USB[@]}") mviews=("${MVIEWS_NO_USB[@]}")
			wviews=("${WVIEWS_NO_USB[@]}")
			;;
		*/pw.sa)
			# Its devices come and go. sar 12.6.1 starts the Summary:
			# list from a raw copy of its read buffer, whose tail still
			# holds the devices of records skipped by -s; not
			# reproduced (and the list then overflows into freed
			# memory). No -s/-e/-i windows for USB on this file.
			wviews=("${WVIEWS_NO_USB[@]}")
			;;
		esac
		for v in "${views[@]}"; do
			# shellcheck disable=SC2086
			check "$f" $v
		done
		for v in "${mviews[@]}"; do
			for m in "${mods[@]}"; do
				# shellcheck disable=SC2086
				check "$f" $v $m
			done
		done
		mapfile -t times < <(row_times --row='^[0-9a]' --sorted "$f" -m ALL)
		n=${#times[@]}
		windows=("-s 23:59:59" "-e 00:00:00" "-s 12:00:00 -e 11:00:00")
		if [ "$n" -gt 0 ]; then
			first=${times[0]} last=${times[$((n - 1))]}
			windows+=("-s $first" "-e $last" "-s $first -e $first" "-s $last -e $last")
			if [ "$n" -gt 2 ]; then
				windows+=("-s ${times[1]}" "-s ${times[1]} -e ${times[$((n - 2))]}")
			fi
		fi
		for v in "${wviews[@]}"; do
			for w in "${windows[@]}" "-i 1" "-i 2" "-i 5" "-i 20" "-i 3600" "1 1" "1 2" \
				"1 3" "-i 2 1 2"; do
				# shellcheck disable=SC2086
				check "$f" $v $w
			done
		done
	done
done
# Colours: the capacity's thresholds, the signed variation, the trends (12.7.5).
for f in "${files[@]}"; do
	case $f in */bat*.sa) ;; *) continue ;; esac
	for c in "S_COLORS=always" "S_COLORS=always S_COLORS_SGR=X=1:W=2;3:+=4:-=5:H=31:M=35:Z=7"; do
		for v in "-m BAT" "-m BAT -h" "-m BAT --dec=0" "-A"; do
			# shellcheck disable=SC2086
			export $c
			# shellcheck disable=SC2086
			check "$f" $v
			unset S_COLORS_SGR
			export S_COLORS=never
		done
	done
done
echo "$(basename "$0" .sh): ${#files[@]} files, $n_cases cases"
finish
