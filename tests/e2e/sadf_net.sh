#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadf -d, -p, -j and -x of the network family (sar -n DEV, EDEV, NFS, NFSD,
# SOCK, IP, EIP, ICMP, EICMP, TCP, ETCP, UDP, SOCK6, IP6, EIP6, ICMP6,
# EICMP6, UDP6, FC, -n ALL, --iface=) against Debian's sysstat 12.6.1
# (12.7.5 under its flavour): both sadfs run with the same options on the
# same files, and stdout, stderr and the exit status must be identical.
# Every -j output must also parse as JSON and every -x output must be
# well-formed XML.
#
# The files are those of the sar differential tests (lib.sh's
# add_sar_archives), an archive of a root whose network counters change
# between samples (interfaces that come, go and move, counters that go back
# or wrap, FC hosts that appear), and sa_make's pseudo-random ones. With
# SYSREC_FULL=1 every file gets every case under TZ=UTC and TZ=GMT+12; by
# default one file in four gets the whole matrix (and the -n keywords are
# spread over the four formats), the others a few cases.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$SADF" "$SADC"
use_flavour_catalogs "$@"
# A copy, so that a rebuild while the test runs does not disturb it.
cp "$SADF" "$TMPD/sadf" || skip "cannot copy sadf"
OUR_SADF="$TMPD/sadf"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
NET_IDS=12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,38
KEYWORDS=(DEV EDEV NFS NFSD SOCK IP EIP ICMP EICMP TCP ETCP UDP SOCK6 IP6 EIP6 ICMP6 EICMP6 UDP6 FC)
NETALL=DEV,EDEV,NFS,NFSD,SOCK,IP,EIP,ICMP,EICMP,TCP,ETCP,UDP,SOCK6,IP6,EIP6,ICMP6,EICMP6,UDP6,FC
FORMATS=(-d -p -j -x)
# A locale whose decimal point is a comma, if one is installed.
COMMA_LOCALE=$(locale -a 2>/dev/null | grep -i -m1 -E '^(de_DE|fr_FR)\.utf-?8$')

# ---- the files ----

# make-one.sa with five interfaces.
MAKE_ONE_IFACES=5
. "$top_srcdir/tests/fixtures/archives_net.sh"

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
	# Our documents are kept to be validated in one go at the end.
	oracle_compare --ours="$OUR_SADF" --usage --doc="$fmt" \
		--label="TZ=$TZ LC_ALL=$LC_ALL sadf ${a[*]} $f $*" sadf "${a[@]}" "$f" "$@"
}

# Whether case k of a file gets run: always with SYSREC_FULL=1, else one in $2.
spread() {
	[ "${SYSREC_FULL:-0}" = 1 ] || [ $(($1 % $2)) -eq 0 ]
}

# The sampled run takes every other case of a file (a different half for
# each file); outside UTC only the cases where the time zone can matter.
n_seen=0
maybe() {
	n_seen=$((n_seen + 1))
	spread "$n_seen" 2 && check "$@"
}

# Every case of one file, in the current TZ.
full_matrix() {
	local f=$1 idx=$2 fmt j k=0 kw w v times n first last windows m
	local all_cases=true
	[ "${SYSREC_FULL:-0}" = 1 ] || [ "$TZ" = UTC ] || all_cases=false
	n_seen=$idx
	mapfile -t times < <(row_times --sadf-p --uniq "$f" -n SOCK,DEV)
	n=${#times[@]}
	windows=("-s 23:59:59" "-e 00:00:00")
	if [ "$n" -gt 0 ]; then
		first=${times[0]} last=${times[$((n - 1))]}
		windows+=("-s $first" "-e $last" "-s $last -e $last")
		[ "$n" -gt 2 ] && windows+=("-s ${times[1]} -e ${times[$((n - 2))]}")
	fi
	for fmt in "${FORMATS[@]}"; do
		maybe "$f" "$fmt" -- -n "$NETALL"
		for m in -T -t -U; do
			maybe "$f" "$fmt" $m -- -n DEV,SOCK6,FC,TCP
		done
		for w in "${windows[@]}"; do
			# shellcheck disable=SC2086
			maybe "$f" "$fmt" $w -- -n DEV,SOCK,IP
		done
		$all_cases || continue
		maybe "$f" "$fmt" -- -n ALL
		maybe "$f" "$fmt" -C -- -n "$NETALL"
		# The interface filter, given before or after "--" (names of 16
		# characters or more are dropped from it).
		maybe "$f" "$fmt" --iface=lo -- -n DEV,EDEV
		maybe "$f" "$fmt" -- -n DEV,EDEV,FC --iface=eth0,lo,wlan0
		maybe "$f" "$fmt" --iface=nothere -- -n DEV,EDEV,SOCK
		maybe "$f" "$fmt" --iface=averyverylong15 -- -n DEV,EDEV
		maybe "$f" "$fmt" --iface=averyverylongname16 -- -n DEV
		maybe "$f" "$fmt" --iface=eth0,averyverylongname16 -- -n EDEV
		maybe "$f" "$fmt" --iface= -- -n DEV
		# sar's -z, -h and -p change nothing in sadf's rows.
		maybe "$f" "$fmt" -- -n DEV,EDEV,FC,SOCK -z
		maybe "$f" "$fmt" -- -n DEV,FC -h
		maybe "$f" "$fmt" -- -n DEV,FC -p
		# sadf's -h: one line per record in -d (ignored by the others).
		maybe "$f" "$fmt" -h -- -n DEV,EDEV,SOCK,FC
		# -d and -p follow the locale's decimal point, -j does not.
		if [ -n "$COMMA_LOCALE" ]; then
			LC_ALL=$COMMA_LOCALE maybe "$f" "$fmt" -- -n DEV,NFS,SOCK,FC
		fi
		for v in "1 1" "2 3" "3"; do
			# shellcheck disable=SC2086
			maybe "$f" "$fmt" $v -- -n DEV,EDEV,NFS,SOCK6
		done
	done
	$all_cases || return 0
	# Each keyword alone: every format, or one format per keyword and file.
	for kw in "${KEYWORDS[@]}"; do
		k=$((k + 1))
		for j in 0 1 2 3; do
			spread $((k + idx + j)) 4 && check "$f" "${FORMATS[$j]}" -- -n "$kw"
		done
	done
}

# Whole files (-A) for -j and -x: every family's names together.
A_FILES="f.sa x.sa net.sa roots.sa data-12.0.0"

idx=0
for f in "${files[@]}"; do
	idx=$((idx + 1))
	for tz in $(tz_list "$f"); do
		export TZ=$tz
		if sampled $idx; then
			full_matrix "$f" "$idx"
		elif [ "$tz" = UTC ]; then
			for fmt in "${FORMATS[@]}"; do
				check "$f" "$fmt" -- -n "$NETALL"
			done
			check "$f" -d --iface=lo -- -n DEV,EDEV
			check "$f" -j -- -n DEV,SOCK,FC
		fi
		case " $A_FILES " in
		*" $(basename "$f") "*)
			[ "$tz" = UTC ] || spread 1 2 || continue
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
