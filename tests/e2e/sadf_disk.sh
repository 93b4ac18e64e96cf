#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadf -d, -p, -j and -x of the disk family (sar -b, -d, -y, -F [MOUNT],
# --dev=, --fs=, and the device names of -p and -j) against Debian's sysstat
# 12.6.1 (12.7.5 under its flavour): both sadfs run with the same options on
# the same files, and stdout, stderr and the exit status must be identical.
# Every -j output must also parse as JSON and every -x output must be
# well-formed XML.
#
# The files are those of the sar differential tests (lib.sh's
# add_sar_archives), archives of a crafted root whose devices are removed,
# registered again, wrap and come back (the steps of sar_disk.sh), and
# sa_make's pseudo-random ones. Device names are resolved by the reading
# host, so the naming rules (sysfs, the ioconf file, /dev/mapper with -p,
# /dev/disk/by-* with -j) are also checked in private mount namespaces
# holding fake trees (when unshare(1) works here). With SYSREC_FULL=1 every
# file gets every case under TZ=UTC and TZ=GMT+12; by default one file in
# four gets the whole matrix (views and filters spread over the formats),
# the others the whole family in each format.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$SADF" "$SADC"
# A copy, so that a rebuild while the test runs does not disturb it.
cp "$SADF" "$TMPD/sadf" || skip "cannot copy sadf"
OUR_SADF="$TMPD/sadf"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
DISK_IDS=6,10,11,37
FORMATS=(-d -p -j -x)
# Every output of the family at once (-d and -p: one pass each).
FAMILY="-b -d -y -F"
VIEWS=(-b -d -y -F "-F MOUNT" "-F -F MOUNT" "-F MOUNT -F" "-d -p" "-d -j SID" "-F -j SID")

# ---- the files ----

. "$top_srcdir/tests/fixtures/archives_disk.sh"
. "$top_srcdir/tests/fixtures/naming_ns.sh"

# ---- the cases ----

n_cases=0

# check FILE SADF-ARGS...: the file goes after sadf's own options, before "--".
check() {
	local f=$1 a=()
	shift
	n_cases=$((n_cases + 1))
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		a+=("$1")
		shift
	done
	# Usage messages name the program as it was run.
	oracle_compare --ours="$OUR_SADF" --usage --doc="${a[0]}" sadf "${a[@]}" "$f" "$@"
}

# The first items (names) sadf -p shows for the sar options after the file.
names_of() {
	local f=$1
	shift
	"$ORACLE_SADF" -p "$f" -- "$@" 2>/dev/null | awk -F'\t' '$2 != -1 { print $4 }' |
		sort -u | head -3
}

# Whether case k of a file gets run: always with SYSREC_FULL=1, else one in $2.
spread() {
	[ "${SYSREC_FULL:-0}" = 1 ] || [ $(($1 % $2)) -eq 0 ]
}

# Every case of one file, in the current TZ (another zone only moves the
# times: there, the cases that choose or show times).
full_matrix() {
	local f=$1 idx=$2 fmt j k=0 v w times n first last windows devs fss mps long filters
	# Each view alone: every format, or two formats per view and file.
	for v in "${VIEWS[@]}"; do
		k=$((k + 1))
		for j in 0 1 2 3; do
			# shellcheck disable=SC2086
			[ "$TZ" = UTC ] && spread $((k + idx + j)) 2 && check "$f" "${FORMATS[$j]}" -- $v
		done
	done
	mapfile -t times < <(row_times --sadf-p --uniq "$f" -b)
	n=${#times[@]}
	windows=("-s 23:59:59" "-e 00:00:00")
	if [ "$n" -gt 0 ]; then
		first=${times[0]} last=${times[$((n - 1))]}
		windows+=("-s $first" "-e $last" "-s $last -e $last")
		[ "$n" -gt 2 ] && windows+=("-s ${times[1]} -e ${times[$((n - 2))]}")
	fi
	# Item filters, before or after "--": names the file shows, an unknown
	# one, one too long for sysstat's lists (dropped), an empty list.
	long=$(printf 'x%.0s' $(seq 1 130))
	devs=$(names_of "$f" -d -p | paste -sd, -)
	fss=$(names_of "$f" -F | paste -sd, -)
	mps=$(names_of "$f" -F MOUNT | paste -sd, -)
	filters=("--dev=${devs:-sda},nosuch -- -d" "-- -d -p --dev=${devs%%,*}"
		"--dev=$long -- -d -b" "--dev=nosuch -- -d -y" "--dev= -- -d"
		"--fs=${fss:-/},nosuch -- -F" "-- -F MOUNT --fs=${mps:-/}"
		"--fs=${fss%%,*},${mps##*,} -- -F -F MOUNT" "-- -F --fs=$long" "--fs=nosuch -- -F -d")
	for j in 0 1 2 3; do
		fmt=${FORMATS[$j]}
		# shellcheck disable=SC2086
		check "$f" "$fmt" -C -- $FAMILY
		check "$f" "$fmt" -T -- -d -y -F
		check "$f" "$fmt" -t -- -d -y -F
		# -U shows epoch seconds in -d and -p; -j and -x ignore it.
		[ "$fmt" != -x ] && check "$f" "$fmt" -U -- -d -y -F
		k=0
		for w in "${windows[@]}"; do
			k=$((k + 1))
			# shellcheck disable=SC2086
			spread $((k + j)) 2 && check "$f" "$fmt" $w -- -b -d -F MOUNT
		done
		[ "$TZ" = UTC ] || continue
		# sar's -z, -h and -p change nothing in sadf's rows (-h and -p: the
		# device-mapper names).
		check "$f" "$fmt" -- -b -d -y -F -z
		check "$f" "$fmt" -- -d -F -h
		for v in "1 1" "2 3" "3"; do
			k=$((k + 1))
			# shellcheck disable=SC2086
			spread $((k + j)) 2 && check "$f" "$fmt" $v -- -b -y -d -F
		done
		for v in "${filters[@]}"; do
			k=$((k + 1))
			# shellcheck disable=SC2086
			spread $((k + j + idx)) 2 && check "$f" "$fmt" $v
		done
	done
}

# Whole files (-A) for -j and -x: the family beside every other activity.
A_FILES="f.sa x.sa roots.sa craft-restart.sa"

idx=0
for f in "${files[@]}"; do
	idx=$((idx + 1))
	for tz in $(tz_list "$f"); do
		export TZ=$tz
		if sampled $idx; then
			full_matrix "$f" "$idx"
		elif [ "$tz" = UTC ]; then
			for fmt in "${FORMATS[@]}"; do
				# shellcheck disable=SC2086
				check "$f" "$fmt" -- $FAMILY
			done
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

# -j with a type this host has no /dev/disk/by-TYPE for.
for fmt in "${FORMATS[@]}"; do
	check "$TMPD/craft.sa" "$fmt" -- -d -j ID
	check "$TMPD/craft.sa" "$fmt" -- -F -j LABEL
done

# ---- naming on other hosts: private mount namespaces ----

if naming_ns_make "$TMPD/ns"; then
	# check_ns ENV FILE SADF-ARGS... [-- SAR-ARGS...]
	check_ns() {
		local env=$1 f=$2 a=()
		shift 2
		n_cases=$((n_cases + 1))
		while [ $# -gt 0 ] && [ "$1" != -- ]; do
			a+=("$1")
			shift
		done
		if ! naming_ns_run "$TMPD/ns" "$env" "$TMPD/a" "$TMPD/b" "$ORACLE_SADF" "$OUR_SADF" \
			"${a[@]}" "$f" "$@"; then
			fail "namespace $env: setup failed"
		else
			oracle_judge --norm="s|^Usage: [^ ]*|Usage: sadf|" "[$env] sadf ${a[*]} $f $*"
		fi
		keep_document "$TMPD/b" "[$env] sadf ${a[*]} $f $*" "${a[0]}"
	}
	NS_VIEWS=(-d "-d -p" "-d -j ID" "-d -j SID" "-d -h" "-d -j ID -z" "-d -p --dev=sda"
		"-d --dev=sdq,cciss/c0d0,trailing" "-d -j ID --dev=ata-DISK_A" "-F -j LABEL"
		"-F MOUNT -j LABEL" "-F -j label --fs=rootfs" "-F -j UUID" "-d -j by")
	nsfiles=("$TMPD/craft.sa" "$TMPD/craft-restart.sa" "$SHARED/corpus/upstream/generated/data.tmp")
	# Two views in three in every environment, each in one format (all with SYSREC_FULL=1).
	k=0
	for f in "${nsfiles[@]}"; do
		[ -r "$f" ] || continue
		for env in fake local none; do
			for v in "${NS_VIEWS[@]}"; do
				k=$((k + 1))
				for j in 0 1 2 3; do
					# shellcheck disable=SC2086
					spread $((k + j)) 6 && check_ns $env "$f" "${FORMATS[$j]}" -- $v
				done
			done
		done
		for fmt in "${FORMATS[@]}"; do
			check_ns nomapper "$f" "$fmt" -- -d -p
		done
	done
	# A broken ioconf: its messages (once per run in sysstat, whatever the passes).
	for fmt in "${FORMATS[@]}"; do
		check_ns bad "$TMPD/craft-restart.sa" "$fmt" -- -d
		check_ns bad "$TMPD/craft-restart.sa" "$fmt" -- -d -p -b
	done
else
	echo "unshare(1) does not work here: the naming namespaces are skipped"
fi

# ---- the documents ----

validate_documents --pass

echo "$(basename "$0" .sh): ${#files[@]} files, $n_cases cases, $n_json JSON and $n_xml XML documents"
finish
