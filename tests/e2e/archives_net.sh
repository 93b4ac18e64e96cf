# Sourced by sar_net.sh and sadf_net.sh: the archives of the network family
# differential tests (needs tests/lib.sh, SADC, SA_MAKE, TMPD, ROOTS, IDENT
# and NET_IDS; sets the array files). MAKE_ONE_IFACES, when set, is the number
# of network interfaces of make-one.sa (sa_make's -i; its default otherwise).

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
	"$SA_MAKE" -r 2 ${MAKE_ONE_IFACES:+-i "$MAKE_ONE_IFACES"} -a 1,12,38 "$TMPD/make-one.sa" &&
		files+=("$TMPD/make-one.sa")
fi
