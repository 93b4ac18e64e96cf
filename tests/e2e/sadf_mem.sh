#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadf -d, -p, -j and -x of the memory family (sar -W, -B, -r, -r ALL, -S,
# -H, -v) against Debian's sysstat 12.6.1 (12.7.5 under its flavour): both
# sadfs run with the same options on the same files, and stdout, stderr and
# the exit status must be identical. Every -j output must also parse as JSON
# and every -x output must be well-formed XML.
#
# -r and -S are two passes of their own in -d and -p, but one "memory"
# object (one <memory> element) in -j and -x: their combinations are checked
# in every format. The files are those of the sar differential tests (lib.sh's
# add_sar_archives) and sa_make's pseudo-random ones (counters that go back,
# used memory above the total, a restart, the other byte order). With
# SYSREC_FULL=1 every file gets every case under TZ=UTC and TZ=GMT+12; by
# default one file in four gets the whole matrix (the single views spread
# over the four formats), the others the whole family in each format.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$SADF" "$SADC"
# A copy, so that a rebuild while the test runs does not disturb it.
cp "$SADF" "$TMPD/sadf" || skip "cannot copy sadf"
OUR_SADF="$TMPD/sadf"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
MEM_IDS=4,5,7,8,34
FORMATS=(-d -p -j -x)
# Every output of the family at once (-d and -p: one pass each).
FAMILY="-W -B -r ALL -S -H -v"
VIEWS=(-W -B -r "-r ALL" -S "-r -S" "-S -r ALL" -rS -H -v)

# ---- the files ----

files=()
add_sar_archives "-r"

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

# ---- the cases ----

n_cases=0

# check FILE SADF-ARGS...: the file goes after sadf's own options, before "--".
check() {
	local f=$1 a=() fmt
	shift
	n_cases=$((n_cases + 1))
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		a+=("$1")
		shift
	done
	fmt=${a[0]}
	# Usage messages name the program as it was run; our documents are
	# kept to be validated in one go at the end.
	oracle_compare --ours="$OUR_SADF" --usage --doc="$fmt" sadf "${a[@]}" "$f" "$@"
}

# Whether case k of a file gets run: always with SYSREC_FULL=1, else one in $2.
spread() {
	[ "${SYSREC_FULL:-0}" = 1 ] || [ $(($1 % $2)) -eq 0 ]
}

# Every case of one file, in the current TZ (another zone only moves the
# times: there, the cases that choose or show times).
full_matrix() {
	local f=$1 idx=$2 fmt j k=0 v w times n first last windows
	# Each view alone: every format, or two formats per view and file.
	for v in "${VIEWS[@]}"; do
		k=$((k + 1))
		for j in 0 1 2 3; do
			# shellcheck disable=SC2086
			[ "$TZ" = UTC ] && spread $((k + idx + j)) 2 && check "$f" "${FORMATS[$j]}" -- $v
		done
	done
	mapfile -t times < <(row_times --sadf-p --uniq "$f" -r)
	n=${#times[@]}
	windows=("-s 23:59:59" "-e 00:00:00")
	if [ "$n" -gt 0 ]; then
		first=${times[0]} last=${times[$((n - 1))]}
		windows+=("-s $first" "-e $last" "-s $last -e $last")
		[ "$n" -gt 2 ] && windows+=("-s ${times[1]} -e ${times[$((n - 2))]}")
	fi
	for j in 0 1 2 3; do
		fmt=${FORMATS[$j]}
		# shellcheck disable=SC2086
		check "$f" "$fmt" -C -- $FAMILY
		check "$f" "$fmt" -T -- -S -r -W
		check "$f" "$fmt" -t -- -S -r -W
		# -U shows epoch seconds in -d and -p; -j and -x ignore it.
		[ "$fmt" != -x ] && check "$f" "$fmt" -U -- -S -r -W
		k=0
		for w in "${windows[@]}"; do
			k=$((k + 1))
			# shellcheck disable=SC2086
			spread $((k + j)) 2 && check "$f" "$fmt" $w -- -r -S -v
		done
		[ "$TZ" = UTC ] || continue
		# sar's -z, -h and -p change nothing in sadf's rows.
		check "$f" "$fmt" -- -r -S -B -z
		check "$f" "$fmt" -- -r ALL -H -h
		for v in "1 1" "2 3" "3"; do
			k=$((k + 1))
			# shellcheck disable=SC2086
			spread $((k + j)) 2 && check "$f" "$fmt" $v -- -S -r ALL -H
		done
	done
}

# Whole files (-A) for -j and -x: the family beside every other activity.
A_FILES="f.sa x.sa roots.sa make-restart.sa"

idx=0
for f in "${files[@]}"; do
	idx=$((idx + 1))
	for tz in $(tz_list "$f"); do
		export TZ=$tz
		if sampled $idx; then
			full_matrix "$f" "$idx"
		elif [ "$tz" = UTC ]; then
			# shellcheck disable=SC2086
			check "$f" -d -- $FAMILY
			# shellcheck disable=SC2086
			check "$f" -j -- $FAMILY
			check "$f" -p -- -r -S
			check "$f" -x -- -S -r
		fi
		case " $A_FILES " in
		*" $(basename "$f") "*)
			check "$f" -j -- -A
			check "$f" -x -- -A
			;;
		esac
	done
done
export TZ=UTC

# ---- the documents ----

validate_documents --pass

echo "$(basename "$0" .sh): ${#files[@]} files, $n_cases cases, $n_json JSON and $n_xml XML documents"
finish
