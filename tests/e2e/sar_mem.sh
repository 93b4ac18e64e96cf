#!/bin/bash
# flavours: 12.6.1 12.7.5
# The memory family of sar views (-W, -B, -r [ALL], -S, -H, -v) against
# Debian's sysstat 12.6.1: both sars run with the same options on the same
# files, and stdout, stderr and the exit status must be identical. The files
# are every archive of the shared corpus that sar 12.6.1 can read, plus
# archives written by our sadc (on this machine and on the fixture roots) and
# by sa_make (random counters: wrapped subtractions, used > total...).
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$top_builddir/sar/sar"
# A copy, so that a rebuild during the run does not get in the way.
SAR="$TMPD/sar"
cp "$top_builddir/sar/sar" "$SAR"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
MEM_IDS=4,5,7,8,34

# ---- the files ----

files=()
add_sar_archives "-r"

# Synthetic files: pseudo-random counters (they go backwards, used memory
# exceeds the total...), a restart, the other byte order.
if [ -x "$SA_MAKE" ]; then
	"$SA_MAKE" -r 6 -a $MEM_IDS "$TMPD/make.sa" &&
		files+=("$TMPD/make.sa")
	"$SA_MAKE" -r 6 -C -a $MEM_IDS "$TMPD/make-restart.sa" &&
		files+=("$TMPD/make-restart.sa")
	"$SA_MAKE" -r 4 -X -a 1,$MEM_IDS "$TMPD/make-swapped.sa" &&
		files+=("$TMPD/make-swapped.sa")
	"$SA_MAKE" -r 2 -a 1,7 "$TMPD/make-one.sa" &&
		files+=("$TMPD/make-one.sa")
fi

# ---- the options ----

VIEWS=(-W -B -r "-r ALL" -S "-r -S" -H -v "-W -B -r ALL -S -H -v")
MODS=("" --dec=0 --dec=1 --dec=2 -h --human "--human --dec=0" "-h --dec=2" --pretty -z -t)
# Windows and intervals, with a few views.
WVIEWS=("-r ALL -S" "-W -B" "-H -v")

n_cases=0
check() {
	local f=$1
	shift
	n_cases=$((n_cases + 1))
	# Usage messages name the program.
	oracle_compare --paths sar "$@" -f "$f"
}

for tz in UTC GMT+12; do
	export TZ=$tz
	idx=0
	for f in "${files[@]}"; do
		idx=$((idx + 1))
		# Outside SYSREC_FULL=1, a sample of the files gets the whole matrix.
		if ! sampled $idx; then
			[ "$tz" = UTC ] || continue
			for v in "${VIEWS[@]}"; do
				# shellcheck disable=SC2086
				check "$f" $v
			done
			continue
		fi
		# The time zone changes only the time column: the number formats once.
		mods=("${MODS[@]}")
		[ "$tz" = UTC ] || mods=("")
		for v in "${VIEWS[@]}"; do
			for m in "${mods[@]}"; do
				# shellcheck disable=SC2086
				check "$f" $v $m
			done
		done
		mapfile -t times < <(row_times "$f" -r)
		n=${#times[@]}
		windows=("-s 23:59:59" "-e 00:00:00" "-s 12:00:00 -e 11:00:00")
		if [ "$n" -gt 0 ]; then
			first=${times[0]} last=${times[$((n - 1))]}
			windows+=("-s $first" "-e $last" "-s $first -e $first" "-s $last -e $last")
			if [ "$n" -gt 2 ]; then
				windows+=("-s ${times[1]} -e ${times[$((n - 2))]}")
			fi
		fi
		check "$f" -S -r ALL
		check "$f" -v -H -B
		for v in "${WVIEWS[@]}"; do
			for w in "${windows[@]}" "-i 1" "-i 2" "-i 5" "-i 3600" "1 1" "1 2" "1 3" \
				"-i 2 1" "-i 2 1 2"; do
				# shellcheck disable=SC2086
				check "$f" $v $w
			done
		done
	done
done
echo "$(basename "$0" .sh): ${#files[@]} files, $n_cases cases"
finish
