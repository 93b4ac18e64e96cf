#!/bin/bash
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

have_shared || skip "shared corpus not found at $SHARED"
have_oracle || skip "Debian's sysstat 12.6.1 is not installed"
[ -x "$top_builddir/sar/sar" ] || skip "$top_builddir/sar/sar not built"
# A copy, so that a rebuild while the test runs does not disturb it.
SAR="$TMPD/sar"
cp "$top_builddir/sar/sar" "$SAR" || skip "cannot copy sar"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
NET_IDS=12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,38
NETALL=DEV,EDEV,NFS,NFSD,SOCK,IP,EIP,ICMP,EICMP,TCP,ETCP,UDP,SOCK6,IP6,EIP6,ICMP6,EICMP6,UDP6,FC

# ---- a root whose network counters change between samples ----

# /proc/net/dev of step $1: interfaces come, go, move, wrap and restart.
net_dev() {
	local k=$1 big=9223372036854775908 # 2^63 + 100
	echo "Inter-|   Receive                                                |  Transmit"
	echo " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed"
	case $k in
	1)
		echo "    lo: 1000 10 0 0 0 0 0 0 1000 10 0 0 0 0 0 0"
		echo "  eth0: 5000000 4000 1 2 3 4 5 6 7000000 6000 7 8 9 10 11 12"
		echo "  wlan0: 300000 200 0 0 0 0 0 0 100000 100 0 0 0 0 0 0"
		echo "  wrap0: $big 10 0 0 0 0 0 0 $big 10 0 0 0 0 0 0"
		echo "averyverylong15: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"
		;;
	2)
		echo "  eth0: 9000000 8000 2 2 3 4 5 6 9000000 7000 7 8 9 10 11 12"
		echo "    lo: 1000 10 0 0 0 0 0 0 1000 10 0 0 0 0 0 0"
		echo "  wrap0: 50 20 0 0 0 0 0 0 $big 10 0 0 0 0 0 0"
		echo "   new0: 100 1 0 0 0 0 0 0 200 2 0 0 0 0 0 0"
		echo "averyverylong15: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"
		;;
	3)
		echo "  eth0: 100 1 0 0 0 0 0 0 9500000 7500 7 8 9 10 11 12"
		echo "   new0: 100 1 0 0 0 0 0 0 200 2 0 0 0 0 0 0"
		echo "    lo: 2000 20 0 0 0 0 0 0 2000 20 0 0 0 0 0 0"
		echo "  wrap0: 60 30 0 0 0 0 0 0 40 5 0 0 0 0 0 0"
		echo "  wlan0: 900000 500 0 0 0 0 0 0 200000 300 0 0 0 0 0 0"
		;;
	4) ;;
	*)
		echo "    lo: $((k * 1000)) $((k * 10)) 0 0 0 0 0 0 $((k * 1000)) $((k * 10)) 0 0 0 0 0 0"
		echo "  eth0: $((k * 900000)) $((k * 700)) $k 2 3 $k 5 6 $((k * 800000)) $((k * 600)) 7 $k 9 10 11 12"
		echo "  wlan0: $((k * 90000)) $((k * 70)) 0 0 0 0 0 0 0 0 0 0 0 0 0 0"
		;;
	esac
}

# Writes the changing files of step $1 (multiplier $2 for the SNMP counters) into root $3.
net_step() {
	local k=$1 mul=$2 r=$3 h
	echo "$((1000 + k * 10)).$((k * 7 % 100)) 4000.00" >"$r/proc/uptime"
	net_dev "$k" >"$r/proc/net/dev"
	awk -v k="$k" -v m="$mul" 'NR % 2 == 0 {
		for (i = 2; i <= NF; i++) if ($i !~ /^-/) $i = $i * m + k * 13 + i
	} { print }' "$ROOTS/root1/proc/net/snmp" >"$r/proc/net/snmp"
	awk -v k="$k" -v m="$mul" '{ printf "%s\t%d\n", $1, $2 * m + k * 3 }' \
		"$ROOTS/root1/proc/net/snmp6" >"$r/proc/net/snmp6"
	cat >"$r/proc/net/sockstat" <<-EOF
		sockets: used $((1300 + k * 7))
		TCP: inuse $((10 + k)) orphan 0 tw $((k * 3)) alloc 14 mem 2
		UDP: inuse $((6 + k % 3)) mem 7
		UDPLITE: inuse 0
		RAW: inuse $((k % 2))
		FRAG: inuse $((k * k)) memory 0
	EOF
	cat >"$r/proc/net/sockstat6" <<-EOF
		TCP6: inuse $((3 + k))
		UDP6: inuse $((k % 4))
		UDPLITE6: inuse 0
		RAW6: inuse 1
		FRAG6: inuse $((k * 2)) memory 0
	EOF
	# The NFS call counters wrap at 2^32 on the second step.
	sed -e "s/^rpc 53 13 87/rpc $(((4294967290 + k * 3) % 4294967296)) $((13 * mul)) 87/" \
		"$ROOTS/root1/proc/net/rpc/nfs" >"$r/proc/net/rpc/nfs"
	sed -e "s/^rpc 12 23/rpc $((12 * mul + k)) $((23 + k))/" \
		"$ROOTS/root1/proc/net/rpc/nfsd" >"$r/proc/net/rpc/nfsd"
	for h in host0 host1; do
		mkdir -p "$r/sys/class/fc_host/$h/statistics"
		printf '0x%x\n' $((k * 16 * mul)) >"$r/sys/class/fc_host/$h/statistics/rx_frames"
		printf '0x%x\n' $((k * 17)) >"$r/sys/class/fc_host/$h/statistics/tx_frames"
		printf '0x%x\n' $((k * 18 * mul)) >"$r/sys/class/fc_host/$h/statistics/rx_words"
		printf '0x%x\n' $((k * 19)) >"$r/sys/class/fc_host/$h/statistics/tx_words"
	done
	# host1 shows up from step 3, before host0.
	if [ "$k" -ge 3 ]; then
		printf 'host1\nhost0\n' >"$r/sys/class/fc_host/_list"
	else
		printf 'host0\n' >"$r/sys/class/fc_host/_list"
	fi
}

make_net_root() {
	local r=$1 n
	cp -r "$ROOTS/root1" "$r" && chmod -R u+w "$r" || return 1
	for n in eth0 wlan0 wrap0 new0; do
		mkdir -p "$r/sys/class/net/$n"
	done
	echo 1000 >"$r/sys/class/net/eth0/speed"
	echo full >"$r/sys/class/net/eth0/duplex"
	echo 10 >"$r/sys/class/net/wlan0/speed"
	echo half >"$r/sys/class/net/wlan0/duplex"
	echo 100 >"$r/sys/class/net/new0/speed"
	echo full >"$r/sys/class/net/new0/duplex"
}

# Samples 1-5, a LINUX RESTART, a comment, then samples 6-8.
make_net_file() {
	local r=$1 out=$2 t=1555593609 k mul
	rm -f "$out"
	for k in 1 2 3 4 5 6 7 8; do
		mul=$k
		# The SNMP counters go back on step 3.
		[ "$k" -eq 3 ] && mul=1
		net_step "$k" "$mul" "$r"
		if [ "$k" -eq 6 ]; then
			"$SADC" --root="$r" --unix-time=$t $IDENT "$out" 2>/dev/null
			"$SADC" --root="$r" --unix-time=$((t + 1)) $IDENT -C "net comment" "$out" \
				2>/dev/null
			t=$((t + 5))
		fi
		"$SADC" --root="$r" --unix-time=$t $IDENT -S XALL "$out" 1 1 || return 1
		t=$((t + 10))
	done
}

# ---- the files ----

files=()
add_sar_archives "-n DEV"

# The changing root.
if make_net_root "$TMPD/netroot" && make_net_file "$TMPD/netroot" "$TMPD/net.sa"; then
	files+=("$TMPD/net.sa")
else
	fail "could not write the changing-counters archive"
fi

# Synthetic files: pseudo-random counters, a restart, the other byte order.
if [ -x "$SA_MAKE" ]; then
	"$SA_MAKE" -r 6 -a $NET_IDS "$TMPD/make.sa" &&
		files+=("$TMPD/make.sa")
	"$SA_MAKE" -r 6 -C -a $NET_IDS "$TMPD/make-restart.sa" &&
		files+=("$TMPD/make-restart.sa")
	"$SA_MAKE" -r 4 -X -a 1,$NET_IDS "$TMPD/make-swapped.sa" &&
		files+=("$TMPD/make-swapped.sa")
	"$SA_MAKE" -r 2 -a 1,12,38 "$TMPD/make-one.sa" &&
		files+=("$TMPD/make-one.sa")
fi

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

# The times of the displayed rows of a file (in the current TZ).
row_times() {
	"$ORACLE_SAR" -n SOCK,DEV -f "$1" 2>/dev/null |
		awk '$1 ~ /^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]$/ && $2 ~ /^[0-9]/ { print $1 }' | uniq
}

n_cases=0
check() {
	local f=$1
	shift
	n_cases=$((n_cases + 1))
	run_capture "$TMPD/a" "$ORACLE_SAR" "$@" -f "$f"
	run_capture "$TMPD/b" "$SAR" "$@" -f "$f"
	# Usage messages name the program as it was run.
	if same_capture "$TMPD/a" "$TMPD/b" "s|^Usage: [^ ]*|Usage: sar|"; then
		pass
	else
		fail "TZ=$TZ sar $* -f $f"
		show_diff "$TMPD/a" "$TMPD/b"
	fi
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
		mapfile -t times < <(row_times "$f")
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
