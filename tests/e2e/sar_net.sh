#!/bin/bash
# flavours: 12.6.1 12.7.5
# The network family of sar views (-n DEV, EDEV, NFS, NFSD, SOCK, IP, EIP,
# ICMP, EICMP, TCP, ETCP, UDP, SOCK6, IP6, EIP6, ICMP6, EICMP6, UDP6, FC)
# against Debian's sysstat 12.6.1: both sars run with the same options on the
# same files, and stdout, stderr and the exit status must be identical. The
# files are every archive of the shared corpus that sar 12.6.1 can read, plus
# archives written by our sadc (on this machine, on the fixture roots, and on
# a root whose counters are rewritten between samples: interfaces that come
# and go, counters that go back or wrap, FC hosts), and by sa_make (random
# counters).
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$top_builddir/sar/sar"
# A copy, so that a rebuild while the test runs does not disturb it.
SAR="$TMPD/sar"
cp "$top_builddir/sar/sar" "$SAR" || skip "cannot copy sar"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
NET_IDS=12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,38
NETALL=DEV,EDEV,NFS,NFSD,SOCK,IP,EIP,ICMP,EICMP,TCP,ETCP,UDP,SOCK6,IP6,EIP6,ICMP6,EICMP6,UDP6,FC

# ---- the files ----

. "$top_srcdir/tests/fixtures/archives_net.sh"

# ---- the options ----

# Views where every modifier matters (names, units, -z, pretty, decimals).
FULL_VIEWS=("-n DEV" "-n EDEV" "-n FC" "-n SOCK,SOCK6" "-n $NETALL")
FULL_MODS=("" --dec=0 --dec=1 --dec=2 -h --human --pretty -p -z "-z -p" "-z -h" -t "-C -z")
# The interface filter (names of 16 characters or more are dropped from it).
# shellcheck disable=SC2054
IFACE_MODS=(--iface=lo --iface=eth0,lo "--iface=wlan0 --iface=eth0" --iface=nothere
	--iface=averyverylong15 --iface=averyverylongname16 --iface=eth0,averyverylongname16
	"--iface=" "--iface=lo -z" "--iface=eth0 -p")
# The other views one at a time.
PLAIN_VIEWS=("-n NFS" "-n NFSD" "-n SOCK" "-n IP" "-n EIP" "-n ICMP" "-n EICMP" "-n TCP"
	"-n ETCP" "-n UDP" "-n SOCK6" "-n IP6" "-n EIP6" "-n ICMP6" "-n EICMP6" "-n UDP6")
PLAIN_MODS=("" --dec=1)
# Windows and intervals, with a few views.
WVIEWS=("-n DEV,EDEV" "-n SOCK,IP,TCP,UDP6,FC")

n_cases=0
check() {
	local f=$1
	shift
	n_cases=$((n_cases + 1))
	# Usage messages name the program as it was run.
	oracle_compare --usage sar "$@" -f "$f"
}

for tz in UTC GMT+12; do
	export TZ=$tz
	idx=0
	for f in "${files[@]}"; do
		idx=$((idx + 1))
		# Outside SYSREC_FULL=1, a sample of the files gets the whole matrix.
		if ! sampled $idx; then
			if [ $tz = UTC ]; then check "$f" -n "$NETALL"; check "$f" -n DEV,EDEV -h; fi
			continue
		fi
		# A file without any network activity: its message, a few times.
		if [ "$("$ORACLE_SAR" -n $NETALL -f "$f" 2>/dev/null | wc -l)" -le 1 ]; then
			check "$f" -n DEV
			check "$f" -n "$NETALL"
			check "$f" -n "$NETALL" -z -h
			continue
		fi
		for v in "${FULL_VIEWS[@]}"; do
			for m in "${FULL_MODS[@]}"; do
				# shellcheck disable=SC2086
				check "$f" $v $m
			done
		done
		for m in "${IFACE_MODS[@]}"; do
			# shellcheck disable=SC2086
			check "$f" -n DEV,EDEV $m
		done
		for v in "${PLAIN_VIEWS[@]}"; do
			for m in "${PLAIN_MODS[@]}"; do
				# shellcheck disable=SC2086
				check "$f" $v $m
			done
		done
		mapfile -t times < <(row_times --uniq "$f" -n SOCK,DEV)
		n=${#times[@]}
		windows=("-s 23:59:59" "-e 00:00:00" "-s 12:00:00 -e 11:00:00")
		if [ "$n" -gt 0 ]; then
			first=${times[0]} last=${times[$((n - 1))]}
			windows+=("-s $first" "-e $last" "-s $first -e $first" "-s $last -e $last")
			if [ "$n" -gt 2 ]; then
				windows+=("-s ${times[1]} -e ${times[$((n - 2))]}")
			fi
		fi
		for v in "${WVIEWS[@]}"; do
			for w in "${windows[@]}" "-i 1" "-i 2" "-i 5" "-i 20" "-i 3600" "1 1" "1 2" \
				"1 3" "-i 2 1 2" "-i 2 3"; do
				# shellcheck disable=SC2086
				check "$f" $v $w
			done
		done
	done
done
echo "$(basename "$0" .sh): ${#files[@]} files, $n_cases cases"
finish
