# shellcheck shell=bash
# shellcheck disable=SC2154 # top_srcdir, SA_MAKE and SADC come from tests/lib.sh
# Sourced by tests/tools/regen_expected.sh and tests/e2e/expected_outputs.sh,
# after tests/lib.sh: builds the archives whose oracle outputs tests/expected/
# holds, and runs the cases of tests/expected/cases on them. Needs SA_MAKE
# and SADC (tests/lib.sh) and the flavour in SYSREC_COMPAT (the programs
# write that sysstat's format and activities).
#
# Every archive is the same bytes on any machine and under any TZ:
#   - sa_make's files have a fixed identity (host sa-make, 2023-11-14,
#     tzname UTC) and pseudo-random values from a fixed seed;
#   - root.sa is our sadc on a fixture /proc and /sys written below from a
#     few numbers (never a copy of this machine's), with the clock
#     (--unix-time) and the uname (--uname) given, under TZ=UTC (the header
#     keeps the zone's name and the local date) and without S_TIME_DEF_TIME.
#     The root has no etc/mtab (statvfs would read this machine's disks)
#     and a _list in each directory sadc walks (the walk's order is then the
#     list's, not the filesystem's).
# Disks are given majors that no host names (sa_make's pseudo-random ones
# above 8000, 300 and 301 here), since sar names a disk from the reading
# host's /sys/dev/block and sysstat.ioconf.

# The archives, one a line: NAME WHAT (the sa_make options, or "root").
EXPECTED_ARCHIVES='made.sa -r 4
made-cx.sa -r 5 -C -X -c 3 -a 1,4,5,6,7,9,11,12,13
made-stable.sa -s -r 3 -c 4 -d 3 -i 3 -I 5 -a 1,3,11,12,13,35
root.sa root'

# ---- the fixture root: every counter written from the sample number K ----

# proc/stat of two CPUs (cpu0 busier than cpu1).
expected_w_stat() {
	awk -v k="$1" 'BEGIN {
		q = k * (k + 3) / 2
		for (c = 0; c < 2; c++) {
			f = 1 + c
			v[c, 1] = 9000 + 160 * q * (2 - c); v[c, 2] = 40 + 7 * k
			v[c, 3] = 3000 + 95 * k * f; v[c, 4] = 80000 + 520 * k * f
			v[c, 5] = 600 + 31 * k; v[c, 6] = 0; v[c, 7] = 100 + 4 * k
			v[c, 8] = 7 * k; v[c, 9] = 0; v[c, 10] = 0
			for (j = 1; j <= 10; j++) t[j] += v[c, j]
		}
		line = "cpu "
		for (j = 1; j <= 10; j++) line = line " " t[j]
		print line
		for (c = 0; c < 2; c++) {
			line = "cpu" c
			for (j = 1; j <= 10; j++) line = line " " v[c, j]
			print line
		}
		printf "intr %d 9 0 0 0 0\n", 150000 + 2100 * k
		printf "ctxt %d\nbtime 1699990000\nprocesses %d\n", 400000 + 5300 * k, 12000 + 37 * k
		printf "procs_running %d\nprocs_blocked %d\n", 1 + k % 3, k % 2
		printf "softirq %d 3 %d 1 %d 0 0 %d %d 0 %d\n", 90000 + 1500 * k, 30000 + 400 * k,
			20000 + 300 * k, 100 + 2 * k, 15000 + 200 * k, 24000 + 590 * k
	}'
}

expected_w_meminfo() {
	awk -v k="$1" 'BEGIN {
		printf "MemTotal:        8052512 kB\nMemFree:         %d kB\n", 4100000 - 21000 * k
		printf "MemAvailable:    %d kB\nBuffers:          %d kB\n", 6200000 - 17000 * k, 210000 + 300 * k
		printf "Cached:          %d kB\nSwapCached:         %d kB\n", 1900000 + 15000 * k, 1200 + 10 * k
		printf "Active:          %d kB\nInactive:        %d kB\n", 2300000 + 9000 * k, 1100000 + 4000 * k
		printf "Active(anon):     700000 kB\nInactive(anon):    20000 kB\n"
		printf "SwapTotal:       2097148 kB\nSwapFree:        %d kB\n", 2090000 - 500 * k
		printf "Dirty:               %d kB\nWriteback:             0 kB\n", 300 + 41 * k
		printf "AnonPages:        %d kB\nMapped:           300000 kB\n", 720000 + 5000 * k
		printf "Slab:             %d kB\nKernelStack:        %d kB\n", 250000 + 800 * k, 9000 + 16 * k
		printf "PageTables:        %d kB\nCommitted_AS:    %d kB\n", 21000 + 90 * k, 3900000 + 12000 * k
		printf "VmallocUsed:       %d kB\n", 40000 + k
		printf "HugePages_Total:      16\nHugePages_Free:       %d\n", 12 - k % 4
		printf "HugePages_Rsvd:        %d\nHugePages_Surp:        0\nHugepagesize:       2048 kB\n", k % 3
	}'
}

expected_w_vmstat() {
	awk -v k="$1" 'BEGIN {
		split("pgpgin 900 pgpgout 700 pswpin 3 pswpout 4 pgfault 9000 pgmajfault 30 pgfree 8000 pgsteal_kswapd 50 pgsteal_direct 5 pgscan_kswapd 80 pgscan_direct 9 pgscan_direct_throttle 1 pgpromote_success 6 pgdemote_kswapd 2 pgdemote_direct 1", a, " ")
		q = k * (k + 3) / 2
		for (i = 1; i < 30; i += 2) printf "%s %d\n", a[i], 100000 + a[i + 1] * (i < 12 ? q : k)
	}'
}

# proc/diskstats: two disks and a partition of the first (kernel 5.5+ columns).
expected_w_diskstats() {
	awk -v k="$1" 'BEGIN {
		q = k * (k + 3) / 2
		split("300 0 xda 400|300 1 xda1 300|301 0 xdb 25", d, "|")
		for (i = 1; i <= 3; i++) {
			split(d[i], p, " ")
			s = p[4] * q
			# reads: ios merges sectors ticks; writes: the same; in flight,
			# io_ticks, weighted ticks; discards: the four; flushes: two.
			printf "%4d %7d %s %d %d %d %d %d %d %d %d 0 %d %d %d 0 %d %d %d %d\n",
				p[1], p[2], p[3], 5000 + s, 10 + s / 50, 200000 + 32 * s, 9000 + 3 * s,
				7000 + 2 * s, 40 + s / 20, 150000 + 40 * s, 11000 + 5 * s, 9500 + 4 * s,
				21000 + 9 * s, 3 * k, 8 * k, 2 * k, k, 4 * k
		}
	}'
}

expected_w_netdev() {
	awk -v k="$1" 'BEGIN {
		q = k * (k + 3) / 2
		print "Inter-|   Receive                                                |  Transmit"
		print " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed"
		printf "%6s: %d %d 0 0 0 0 0 0 %d %d 0 0 0 0 0 0\n", "lo", 90000 + 1200 * k, 900 + 12 * k,
			90000 + 1200 * k, 900 + 12 * k
		printf "%6s: %d %d %d %d 0 %d 0 %d %d %d %d 0 0 %d 0 0\n", "eth0", 5000000 + 320000 * q,
			40000 + 235 * q, k, 2 * k, k % 2, 3 * k, 900000 + 51000 * k, 7000 + 230 * k, k % 3, k % 2
	}'
}

expected_w_snmp() {
	awk -v k="$1" 'BEGIN {
		print "Ip: Forwarding DefaultTTL InReceives InHdrErrors InAddrErrors ForwDatagrams InUnknownProtos InDiscards InDelivers OutRequests OutDiscards OutNoRoutes ReasmTimeout ReasmReqds ReasmOKs ReasmFails FragOKs FragFails FragCreates"
		printf "Ip: 2 64 %d 0 %d 0 0 0 %d %d 0 0 0 %d %d 0 %d 0 %d\n", 48000 + 520 * k, k % 2,
			47000 + 510 * k, 29000 + 330 * k, 2 * k, k, k, 2 * k
		print "Icmp: InMsgs InErrors InCsumErrors InDestUnreachs InTimeExcds InParmProbs InSrcQuenchs InRedirects InEchos InEchoReps InTimestamps InTimestampReps InAddrMasks InAddrMaskReps OutMsgs OutErrors OutDestUnreachs OutTimeExcds OutParmProbs OutSrcQuenchs OutRedirects OutEchos OutEchoReps OutTimestamps OutTimestampReps OutAddrMasks OutAddrMaskReps"
		printf "Icmp: %d 0 0 %d 0 0 0 0 %d %d 0 0 0 0 %d 0 %d 0 0 0 0 %d %d 0 0 0 0\n", 100 + 5 * k,
			10 + k, 40 + 2 * k, 50 + 2 * k, 90 + 4 * k, 8 + k, 50 + 2 * k, 40 + 2 * k
		print "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails EstabResets CurrEstab InSegs OutSegs RetransSegs InErrs OutRsts InCsumErrors"
		printf "Tcp: 1 200 120000 -1 %d %d %d %d %d %d %d %d 0 %d 0\n", 160 + 3 * k, 20 + k,
			k % 3, k % 2, 5 + k % 4, 46000 + 500 * k, 28000 + 320 * k, k, 3 * k
		print "Udp: InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors InCsumErrors IgnoredMulti"
		printf "Udp: %d %d 0 %d 0 0 0 0\n", 340 + 9 * k, k % 2, 350 + 9 * k
	}'
}

expected_w_sockstat() {
	printf 'sockets: used %d\nTCP: inuse %d orphan 0 tw %d alloc %d mem 3\n' \
		$((120 + $1)) $((5 + $1 % 4)) $(($1 % 3)) $((9 + $1 % 4))
	printf 'UDP: inuse %d mem 2\nUDPLITE: inuse 0\nRAW: inuse 1\nFRAG: inuse 0 memory 0\n' \
		$((3 + $1 % 2))
}

expected_w_interrupts() {
	awk -v k="$1" 'BEGIN {
		print "           CPU0       CPU1"
		printf "%4s: %10d %10d   IO-APIC   2-edge      timer\n", "0", 40 + k, 0
		printf "%4s: %10d %10d   IO-APIC   8-edge      rtc0\n", "8", 1, 0
		printf "%4s: %10d %10d   PCI-MSI 512000-edge      ahci[0000:00:1f.2]\n", "24",
			9000 + 210 * k, 3000 + 90 * k
		printf "%4s: %10d %10d   Local timer interrupts\n", "LOC", 60000 + 1000 * k, 59000 + 990 * k
		printf "%4s: %10d\n", "ERR", 0
	}'
}

expected_w_pressure() {
	awk -v k="$1" -v kind="$2" 'BEGIN {
		printf "some avg10=%.2f avg60=%.2f avg300=%.2f total=%d\n", (k % 5) * 0.7, 1.25 + k * 0.1,
			0.8, 2500000 + 125000 * k
		if (kind != "cpu" || k % 2)
			printf "full avg10=%.2f avg60=%.2f avg300=%.2f total=%d\n", (k % 3) * 0.3, 0.4,
				0.1 + k * 0.01, 900000 + 41000 * k
	}'
}

# expected_make_root DIR K UPTIME_CS: the fixture root of sample K, the
# machine up for UPTIME_CS hundredths of a second.
expected_make_root() {
	local r=$1 k=$2 up=$3
	mkdir -p "$r/proc/net" "$r/proc/sys/fs" "$r/proc/sys/kernel/pty" "$r/proc/pressure" \
		"$r/sys/devices/system/cpu/cpu0" "$r/sys/devices/system/cpu/cpu1" \
		"$r/sys/block/xda/device" "$r/sys/block/xdb/device" "$r/sys/class/net/eth0" \
		"$r/sys/class/power_supply/BAT0" || return 1
	printf 'cpu0\ncpu1\n' >"$r/sys/devices/system/cpu/_list"
	printf 'BAT0\n' >"$r/sys/class/power_supply/_list"
	echo $((97 - 3 * k)) >"$r/sys/class/power_supply/BAT0/capacity"
	echo Discharging >"$r/sys/class/power_supply/BAT0/status"
	echo full >"$r/sys/class/net/eth0/duplex"
	echo 1000 >"$r/sys/class/net/eth0/speed"
	printf '%d.%02d %d.00\n' $((up / 100)) $((up % 100)) $((up / 60)) >"$r/proc/uptime"
	printf '%d.%02d 0.%02d 0.15 %d/%d %d\n' $((k % 3)) $((17 * k % 100)) $((40 + k * 3 % 7)) \
		$((1 + k % 3)) $((300 + 2 * k)) $((12000 + 37 * k)) >"$r/proc/loadavg"
	printf 'processor\t: %d\ncpu MHz\t\t: %d.000\n\n' 0 $((2400 + 100 * (k % 2))) 1 2400 \
		>"$r/proc/cpuinfo"
	expected_w_stat "$k" >"$r/proc/stat" &&
		expected_w_meminfo "$k" >"$r/proc/meminfo" &&
		expected_w_vmstat "$k" >"$r/proc/vmstat" &&
		expected_w_diskstats "$k" >"$r/proc/diskstats" &&
		expected_w_netdev "$k" >"$r/proc/net/dev" &&
		expected_w_snmp "$k" >"$r/proc/net/snmp" &&
		expected_w_sockstat "$k" >"$r/proc/net/sockstat" &&
		expected_w_interrupts "$k" >"$r/proc/interrupts" || return 1
	printf '%08x %08x %08x 00000000 00000000 00000000 00000000 00000000 00000000 %08x 00000000\n' \
		$((10000 + 300 * k)) $((k / 2)) $((2 * k)) $((k % 3)) \
		$((8000 + 250 * k)) 0 $((k % 2)) 0 >"$r/proc/net/softnet_stat"
	printf '%d\t%d\t45\t0\t%d\t0\n' $((84000 + 500 * k)) $((83000 + 490 * k)) $((12000 + k)) \
		>"$r/proc/sys/fs/dentry-state"
	printf '%d\t0\t2466248\n' $((1500 + 13 * k)) >"$r/proc/sys/fs/file-nr"
	printf '%d\t%d\t0\t0\t0\t0\t0\n' $((72000 + 400 * k)) $((300 + k)) >"$r/proc/sys/fs/inode-state"
	echo $((2 + k % 3)) >"$r/proc/sys/kernel/pty/nr"
	expected_w_pressure "$k" cpu >"$r/proc/pressure/cpu" &&
		expected_w_pressure $((k + 1)) io >"$r/proc/pressure/io" &&
		expected_w_pressure $((k + 2)) memory >"$r/proc/pressure/memory"
}

# expected_root_archive OUT: our sadc on the fixture root, one sample a run:
# four records a minute apart, a LINUX RESTART (uptime back to 3 min) and a
# comment, then two more records.
expected_root_archive() {
	local out=$1 root=$1.root k t=1700000400 up=36000000
	local ident=--uname=Linux,sysrec-fixture,6.1.0-fixture,x86_64
	rm -rf "$out" "$root"
	for k in 1 2 3 4; do
		expected_make_root "$root" $k $up || return 1
		"$SADC" --root="$root" --unix-time=$t $ident -S XALL "$out" 1 1 || return 1
		t=$((t + 60)) up=$((up + 6000))
	done
	up=18000
	expected_make_root "$root" 5 $up || return 1
	"$SADC" --root="$root" --unix-time=$t $ident "$out" || return 1
	"$SADC" --root="$root" --unix-time=$((t + 5)) $ident -C "fixture restarted" "$out" || return 1
	for k in 6 7; do
		t=$((t + 60)) up=$((up + 6000))
		expected_make_root "$root" $k $up || return 1
		"$SADC" --root="$root" --unix-time=$t $ident -S XALL "$out" 1 1 || return 1
	done
	rm -rf "$root"
}

# expected_build_archives DIR: writes every archive of EXPECTED_ARCHIVES
# into DIR for the flavour SYSREC_COMPAT names; prints what failed on
# stderr and returns 1 at the first failure.
expected_build_archives() {
	local dir=$1 name what
	mkdir -p "$dir" || return 1
	while read -r name what; do
		# shellcheck disable=SC2086
		if [ "$what" = root ]; then
			(unset S_TIME_DEF_TIME; TZ=UTC expected_root_archive "$dir/$name")
		else
			TZ=UTC "$SA_MAKE" $what "$dir/$name"
		fi || { echo "cannot make $name ($what)" >&2; return 1; }
	done <<<"$EXPECTED_ARCHIVES"
}

# ---- the cases ----

# The lines of tests/expected/cases, without comments and blank lines:
# ARCHIVE NAME TZ PROGRAM ARGS...
expected_cases() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's/[[:space:]]\{1,\}/ /g' -e 's/ $//' \
		"$top_srcdir/tests/expected/cases"
}

# The environment of every case besides TZ: the C locale and a plain PATH,
# nothing else (S_COLORS, S_TIME_FORMAT, S_TIME_DEF_TIME, LANG... would change
# the output). EXPECTED_ENV adds assignments for our programs (SYSREC_COMPAT).
EXPECTED_ENV=()

# expected_run SAR SADF DIR TZ OUT PROGRAM ARGS...: runs PROGRAM (sar or
# sadf, SAR or SADF being the binary) with ARGS in DIR under TZ, keeping its
# stdout, stderr and exit status in OUT.out, OUT.err and OUT.rc.
expected_run() {
	local sar=$1 sadf=$2 dir=$3 tz=$4 out=$5 prog=$6 bin
	shift 6
	case $prog in
	sar) bin=$sar ;;
	sadf) bin=$sadf ;;
	*)
		echo "tests/expected/cases: unknown program '$prog'" >"$out.err"
		: >"$out.out"
		echo 127 >"$out.rc"
		return
		;;
	esac
	(cd "$dir" && exec env -i PATH=/usr/bin:/bin TZ="$tz" LC_ALL=C "${EXPECTED_ENV[@]}" "$bin" "$@") \
		>"$out.out" 2>"$out.err"
	echo $? >"$out.rc"
}

# The manifest line of a case, as regen_expected.sh writes it and the test
# reads it: "case ARCHIVE NAME RC TZ=... LC_ALL=C PROGRAM ARGS...".
expected_case_line() {
	local archive=$1 name=$2 rc=$3 tz=$4
	shift 4
	echo "case $archive $name $rc TZ=$tz LC_ALL=C $*"
}

# The archive line of the manifest: "archive NAME SHA256 HOW" (HOW: the
# sa_make options, or "root" for our sadc on the fixture root).
expected_archive_line() {
	local dir=$1 name=$2 what=$3 sum
	sum=$(sha256sum <"$dir/$name") || return 1
	[ "$what" = root ] && what="sadc on the fixture root (expected_root_archive)" || what="sa_make $what"
	echo "archive $name ${sum%% *} $what"
}
