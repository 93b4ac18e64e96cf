# shellcheck shell=bash
# Sourced by sar_anomalies.sh and sadf_anomalies.sh: archives of time and
# counters that misbehave. Needs tests/lib.sh (SADC, SA_MAKE, SA_WALK, TMPD,
# SHARED, fail). Sets the array `files` (archive paths) and, in `why`, one
# line per archive saying what it holds.
#
# Each archive is written by our sadc, one sample per run (`sadc --root=R
# --unix-time=T 1 1 FILE`), on a copy of fixture root1 whose /proc and /sys
# files are rewritten between the runs; a few are then patched (record
# uptimes) where sadc itself would not write the case, and sa_make adds large
# synthetic ones. Times are chosen in the current TZ (local midnight), so
# that the test means the same under TZ=UTC and TZ=GMT+12.

ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
AR="$TMPD/anom"
mkdir -p "$AR"
files=()
why=()

# ---- the /proc files, written from a few numbers ----

# proc/stat: K scales every counter (K lower than before: counters go back);
# CPUS lists the online CPUs (cpuN lines); BACK is "N:K2" to give CPU N its
# own scale.
w_stat() {
	local root=$1 k=$2 cpus=$3 back=${4:-}
	awk -v k="$k" -v cpus="$cpus" -v back="$back" 'BEGIN {
		n = split(cpus, c, " ")
		split(back, b, ":")
		for (i = 1; i <= n; i++) {
			kk = (b[1] != "" && c[i] == b[1]) ? b[2] : k
			v[i, 1] = 6000 * kk + 100 * c[i] * kk; v[i, 2] = 600 * kk
			v[i, 3] = 3000 * kk; v[i, 4] = 48000 * kk - 100 * c[i] * kk
			v[i, 5] = 1200 * kk; v[i, 6] = 300 * kk; v[i, 7] = 600 * kk
			v[i, 8] = 300 * kk; v[i, 9] = 0; v[i, 10] = 0
			for (j = 1; j <= 10; j++) t[j] += v[i, j]
		}
		line = "cpu "
		for (j = 1; j <= 10; j++) line = line " " t[j]
		print line
		for (i = 1; i <= n; i++) {
			line = "cpu" c[i]
			for (j = 1; j <= 10; j++) line = line " " v[i, j]
			print line
		}
		printf "intr %d 8 0 0 0 0\n", 95000 * k
		printf "ctxt %d\nbtime 1555568347\nprocesses %d\n", 130000 * k, 470 * k
		printf "procs_running %d\nprocs_blocked 0\n", 2 + k % 3
		printf "softirq %d 71 2941 16 103 231 0 265 4365 18 5132\n", 3958 * k
	}' >"$root/proc/stat"
}

# proc/interrupts for the online CPUs: line 0 counts K per CPU; line 16
# holds V32 on CPU 3 (a 32-bit kernel counter, to make it wrap).
w_interrupts() {
	local root=$1 k=$2 cpus=$3 v32=${4:-0}
	awk -v k="$k" -v cpus="$cpus" -v v32="$v32" 'BEGIN {
		n = split(cpus, c, " ")
		line = "          "
		for (i = 1; i <= n; i++) line = line sprintf(" %10s", "CPU" c[i])
		print line
		split("0:IO-APIC   2-edge      timer|8:IO-APIC   8-edge      rtc0|16:IO-APIC  16-fasteoi   ehci_hcd:usb1|NMI:Non-maskable interrupts|LOC:Local timer interrupts", l, "|")
		for (m = 1; m <= 5; m++) {
			split(l[m], p, ":")
			line = sprintf("%4s:", p[1])
			for (i = 1; i <= n; i++) {
				x = (m == 3 && c[i] == 3 && v32 != 0) ? v32 : (m * 10 + c[i]) * k
				line = line sprintf(" %10d", x)
			}
			print line "   " p[2]
		}
		printf "%4s: %10d   %s\n", "ERR", 0, ""
	}' >"$root/proc/interrupts"
}

# proc/net/softnet_stat: one line per online CPU.
w_softnet() {
	local root=$1 k=$2 cpus=$3
	awk -v k="$k" -v cpus="$cpus" 'BEGIN {
		n = split(cpus, c, " ")
		for (i = 1; i <= n; i++)
			printf "%08x %08x %08x 00000000 00000000 00000000 00000000 00000000 00000000 %08x %08x\n",
				1000 * k + c[i], k, 2 * k, 3 * k, 0
	}' >"$root/proc/net/softnet_stat"
}

w_uptime() {
	printf '%d.%02d 29212.05\n' $(($2 / 100)) $(($2 % 100)) >"$1/proc/uptime"
}

# proc/net/dev from lines "NAME RXBYTES RXPKTS TXBYTES TXPKTS [ERRS]".
w_netdev() {
	local root=$1
	{
		echo 'Inter-|   Receive                                                |  Transmit'
		echo ' face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed'
		awk 'NF >= 5 { e = NF > 5 ? $6 : 0
			printf "%6s: %s %s %d %d %d %d 0 %d %s %s %d %d %d %d %d 0\n", $1, $2, $3, e, e, e, e, e,
				$4, $5, e, e, e, e, e }'
	} >"$root/proc/net/dev"
}

# proc/diskstats from lines "MAJOR MINOR NAME RDIOS RDSEC WRIOS WRSEC TICKS".
w_diskstats() {
	awk 'NF >= 8 { printf "%4d %7d %s %s 0 %s %s %s 0 %s %s 0 %s %s 0 0 0 0\n",
		$1, $2, $3, $4, $5, $8, $6, $7, $8, $8, $8 }' >"$1/proc/diskstats"
}

# proc/vmstat: the fields sar -B reads, scaled by K.
w_vmstat() {
	awk -v k="$2" 'BEGIN {
		split("pgpgin 900 pgpgout 700 pswpin 3 pswpout 4 pgfault 9000 pgmajfault 30 pgfree 8000 pgsteal_kswapd 50 pgsteal_direct 5 pgscan_kswapd 80 pgscan_direct 9 pgscan_direct_throttle 1 pgactivate 40", a, " ")
		for (i = 1; i < 26; i += 2) printf "%s %d\n", a[i], a[i + 1] * k
	}' >"$1/proc/vmstat"
}

# A fresh copy of root1 with every counter at scale K and CPUs 0-8 online.
new_root() {
	local root=$1
	rm -rf "$root"
	cp -R "$ROOTS/root1" "$root" && chmod -R u+w "$root" || return 1
	w_stat "$root" 1 "0 1 2 3 4 5 6 7 8"
	w_interrupts "$root" 1 "0 1 2 3 4 5 6 7 8"
	w_softnet "$root" 1 "0 1 2 3 4 5 6 7 8"
	w_vmstat "$root" 1
}

# sample ROOT FILE TIME [sadc options]: one record (or, with "-", a LINUX
# RESTART written by sadc with no interval).
sample() {
	local root=$1 out=$2 t=$3
	shift 3
	if [ "${1:-}" = - ]; then
		shift
		timeout 30 "$SADC" --root="$root" --unix-time="$t" $IDENT "$@" "$out" 2>"$TMPD/err"
	else
		timeout 30 "$SADC" --root="$root" --unix-time="$t" $IDENT -S XALL "$@" "$out" 1 1 \
			2>"$TMPD/err"
	fi || fail "sadc --root=$(basename "$root") at $t into $(basename "$out"): $(cat "$TMPD/err")"
}

# A counter sample: everything at scale K, uptime U (centiseconds).
step_all() {
	local root=$1 k=$2 u=$3
	w_stat "$root" "$k" "0 1 2 3 4 5 6 7 8"
	w_interrupts "$root" "$k" "0 1 2 3 4 5 6 7 8"
	w_softnet "$root" "$k" "0 1 2 3 4 5 6 7 8"
	w_vmstat "$root" "$k"
	w_uptime "$root" "$u"
	printf '%s\n' "lo $((1000 * k)) $((10 * k)) $((1000 * k)) $((10 * k))" \
		"eth0 $((150000 * k)) $((200 * k)) $((9000 * k)) $((90 * k))" | w_netdev "$root"
	printf '%s\n' "8 0 sda $((100 * k)) $((4000 * k)) $((50 * k)) $((2000 * k)) $((30 * k))" \
		"8 16 sdb $((7 * k)) $((70 * k)) 0 0 $((3 * k))" | w_diskstats "$root"
}

# put_le FILE OFFSET BYTES VALUE: writes a little-endian integer into a file.
put_le() {
	local file=$1 off=$2 n=$3 v=$4 i s=
	for ((i = 0; i < n; i++)); do
		s="$s$(printf '\\%03o' $(((v >> (8 * i)) & 255)))"
	done
	# shellcheck disable=SC2059
	printf "$s" | dd of="$file" bs=1 seek="$off" conv=notrunc status=none
}

# The offsets of the statistics records of a file, one a line.
stats_offsets() {
	timeout 30 "$SA_WALK" -d "$1" | sed -n 's/^  record type=1 .* offset=\([0-9]*\).*/\1/p'
}

add() {
	if [ -s "$1" ]; then
		files+=("$1")
		why+=("$(basename "$1"): $2")
	else
		fail "archive $(basename "$1") was not written"
	fi
}

# Local midnight at the end of the fixture's day (2019-04-18).
MIDNIGHT=$(date -d '2019-04-19 00:00:00' +%s)
T0=$((MIDNIGHT - 36000)) # 14:00 local
R="$AR/root"

# ---- 1. the clock steps back and forward between samples ----

if new_root "$R"; then
	f="$AR/clock.sa"
	u=719255
	k=1
	# seconds from T0: normal, back 5 min, normal, forward 2 h (a VM resumed),
	# back 3 h, normal; uptime always moves 10 min.
	for dt in 0 600 300 900 7200 7800 -3000 -2400; do
		step_all "$R" $k $u
		sample "$R" "$f" $((T0 + dt))
		k=$((k + 1)) u=$((u + 60000))
	done
	add "$f" "clock back 5 min, forward 2 h, back 3 h; uptime regular"

	# Across local midnight, forward then back and forward again.
	f="$AR/midnight.sa"
	u=800000
	for dt in -20 10 -15 40 70 -5 100; do
		step_all "$R" $k $u
		sample "$R" "$f" $((MIDNIGHT + dt))
		k=$((k + 1)) u=$((u + 3000))
	done
	add "$f" "across local midnight forward, back, forward, back"

	# Back by a whole day, then a day ahead; one sample on the clock's own
	# previous time (two records with the same time).
	f="$AR/days.sa"
	for t in $((T0)) $((T0 + 60)) $((T0 - 86400 + 120)) $((T0 + 86400 + 180)) $((T0 + 86400 + 180)) \
		$((T0 + 240)); do
		step_all "$R" $k $u
		sample "$R" "$f" $t
		k=$((k + 1)) u=$((u + 6000))
	done
	add "$f" "clock back a day, forward two days, same time twice"
fi

# ---- 2. uptime that misbehaves ----

if new_root "$R"; then
	# Our sadc, appending, sees uptime lower than the last record's: it adds a
	# LINUX RESTART (a reboot nobody marked). Then the same uptime twice
	# (interval 0), then a jump of 100 days.
	f="$AR/uptime-sadc.sa"
	k=1
	for u in 719255 725255 300000 306000 306000 312000 864312000 864318000; do
		step_all "$R" $k $u
		sample "$R" "$f" $((T0 + 60 * k))
		k=$((k + 1))
	done
	add "$f" "uptime down (sadc adds a restart), equal twice, 100 days ahead"

	# The same without our sadc's restart: uptime lower with no restart
	# record, as sysstat's sadc writes it. Record uptimes are patched.
	f="$AR/uptime-back.sa"
	k=1
	for u in 719255 725255 731255 737255 743255 749255; do
		step_all "$R" $k $u
		sample "$R" "$f" $((T0 + 60 * k))
		k=$((k + 1))
	done
	mapfile -t offs < <(stats_offsets "$f")
	if [ "${#offs[@]}" -eq 6 ]; then
		put_le "$f" "${offs[2]}" 8 300000 # back without a restart
		put_le "$f" "${offs[3]}" 8 300000 # equal to the previous one
		put_le "$f" "${offs[4]}" 8 299999 # back by 1/100 s
		put_le "$f" "${offs[5]}" 8 0      # zero
		add "$f" "uptime lower without a restart, equal, 1/100 s back, zero (patched)"
	else
		fail "uptime-back.sa: ${#offs[@]} records found, 6 expected"
	fi
fi

# ---- 3. counters that go backwards or wrap ----

if new_root "$R"; then
	f="$AR/counters.sa"
	u=719255
	W=4294967296
	# k: scale of /proc/stat, vmstat, interrupts; eth0/eth1 wrap at 32 bits
	# (bytes, then packets), eth2 near 2^64 (a 64-bit wrap), eth3 goes back
	# (a re-registered driver), eth4 only its errors go back.
	for s in 1 2 3 4 5 6; do
		case $s in
		1) k=10 e0=$((W - 3000)) p0=100 e1=$((W - 50)) p1=$((W - 5)) e2=18446744073709500000 ;;
		2) k=11 e0=$((W - 1000)) p0=110 e1=$((W - 10)) p1=$((W - 2)) e2=18446744073709551000 ;;
		3) k=12 e0=4000 p0=120 e1=100 p1=3 e2=500 ;;
		4) k=5 e0=9000 p0=130 e1=200 p1=10 e2=1500 ;;
		5) k=6 e0=$((W + 20000)) p0=140 e1=300 p1=20 e2=2500 ;;
		*) k=7 e0=30000 p0=150 e1=400 p1=30 e2=3500 ;;
		esac
		w_stat "$R" $k "0 1 2 3 4 5 6 7 8" "$([ $s = 3 ] && echo 2:1)"
		v32=$((W - 100 + 20 * s))
		[ $s -ge 4 ] && v32=$((20 * s))
		w_interrupts "$R" $k "0 1 2 3 4 5 6 7 8" "$v32"
		w_softnet "$R" $k "0 1 2 3 4 5 6 7 8"
		w_vmstat "$R" $k
		w_uptime "$R" $u
		printf '%s\n' "lo $((1000 * s)) $((10 * s)) $((1000 * s)) $((10 * s))" \
			"eth0 $e0 $p0 $((900 * s)) $((9 * s))" \
			"eth1 $((70 * s)) $p1 $e1 $((8 * s))" \
			"eth2 ${e2} $((5 * s)) $((300 * s)) $((3 * s))" \
			"eth3 $(((7 - s) * 1000)) $(((7 - s) * 10)) $(((7 - s) * 500)) $(((7 - s) * 5))" \
			"eth4 $((500 * s)) $((5 * s)) $((500 * s)) $((5 * s)) $(((s % 3) * 40))" |
			w_netdev "$R"
		# sda goes back at step 4; sdb's sectors wrap at 32 bits; sdc goes to 0.
		printf '%s\n' "8 0 sda $((100 * k)) $((4000 * k)) $((50 * k)) $((2000 * k)) $((30 * k))" \
			"8 16 sdb $((10 * s)) $((W - 4000 + 1000 * s)) $((5 * s)) 80 $((4 * s))" \
			"8 32 sdc $(((4 - s) * (4 - s) * 10)) $((1000 - 100 * s)) 1 1 $((s * 3))" | w_diskstats "$R"
		[ $s = 4 ] && printf '%s\n' "8 16 sdb 45 $((W - 10)) 25 80 16" \
			"8 0 sda $((100 * k)) $((4000 * k)) $((50 * k)) $((2000 * k)) $((30 * k))" | w_diskstats "$R"
		sample "$R" "$f" $((T0 + 600 * s))
		u=$((u + 60000))
	done
	add "$f" "counters back (stat, vmstat, disks, interfaces), 32- and 64-bit wraps"
fi

# ---- 4. CPUs going offline and online ----

cpu_step() {
	# cpu_step K "ONLINE CPUS": /proc/stat, interrupts, softnet and uptime.
	w_stat "$R" "$1" "$2"
	w_interrupts "$R" "$1" "$2"
	w_softnet "$R" "$1" "$2"
	w_vmstat "$R" "$1"
	w_uptime "$R" $((719255 + 6000 * $1))
}
if new_root "$R"; then
	f="$AR/cpus.sa"
	k=1 t=$T0
	for c in "0 1 2 3 4 5 6 7 8" "0 1 2 4 5 6 7 8" "0 1 2 4 5 6 7" "0 1" "0 1 2 3 4 5 6 7 8" \
		"0 1 2 3 4 5 6 7 8 9 10 11"; do
		case $c in *11) for n in 9 10 11; do
			cp -R "$R/sys/devices/system/cpu/cpu0" "$R/sys/devices/system/cpu/cpu$n"
		done ;;
		esac
		cpu_step $k "$c"
		sample "$R" "$f" $t
		k=$((k + 1)) t=$((t + 60))
	done
	# A LINUX RESTART counts 12 CPUs now (the header says 9), then CPUs
	# vanish from /sys too (hot unplug) and a restart counts 4.
	sample "$R" "$f" $t -
	for c in "0 1 2 3 4 5 6 7 8 9 10 11" "0 2 3 4 5 6 7 8 9 10 11" "0 1 2 3"; do
		cpu_step $k "$c"
		sample "$R" "$f" $((t + 1))
		k=$((k + 1)) t=$((t + 60))
	done
	rm -rf "$R"/sys/devices/system/cpu/cpu[4-9] "$R"/sys/devices/system/cpu/cpu1[01]
	sample "$R" "$f" $t -
	for c in "0 1 2 3" "0 1 2 3" "0 3"; do
		cpu_step $k "$c"
		sample "$R" "$f" $((t + 1))
		k=$((k + 1)) t=$((t + 60))
	done
	# Down to one CPU in /sys (a restart says 1 CPU), then /proc/stat has two.
	rm -rf "$R"/sys/devices/system/cpu/cpu[1-3]
	sample "$R" "$f" $t -
	for c in "0" "0" "0 1" "0 1"; do
		cpu_step $k "$c"
		sample "$R" "$f" $((t + 1))
		k=$((k + 1)) t=$((t + 60))
	done
	add "$f" "CPUs offline (middle, trailing, most), back, hot-added past the header, restarts"

	# The same with the restarts' CPU counts patched: 1 (a UP machine: sar
	# shows the stored "all"), 2, and more than the records have.
	mapfile -t offs < <(timeout 30 "$SA_WALK" -d "$f" | sed -n 's/^  record type=2 .* offset=\([0-9]*\).*/\1/p')
	if [ "${#offs[@]}" -eq 3 ]; then
		cp "$f" "$AR/cpus-patched.sa"
		put_le "$AR/cpus-patched.sa" $((offs[0] + 24)) 4 1
		put_le "$AR/cpus-patched.sa" $((offs[1] + 24)) 4 2
		put_le "$AR/cpus-patched.sa" $((offs[2] + 24)) 4 40
		add "$AR/cpus-patched.sa" "cpus.sa with restarts of 1, 2 and 40 CPUs (patched)"
	else
		fail "cpus.sa: ${#offs[@]} restarts found, 3 expected"
	fi

	# A file created with 2 CPUs, then 9 without a restart.
	f="$AR/cpus-grow.sa"
	new_root "$R"
	rm -rf "$R"/sys/devices/system/cpu/cpu[2-8]
	k=1 t=$T0
	for c in "0 1" "0 1" "0 1 2 3 4 5 6 7 8" "0 1 2 3 4 5 6 7 8" "0" "0 1 2 3 4 5 6 7 8"; do
		cpu_step $k "$c"
		sample "$R" "$f" $t
		k=$((k + 1)) t=$((t + 60))
	done
	add "$f" "header 2 CPUs, records with 1 to 9, no restart"
fi

# ---- 5. interfaces and disks churning (a container host) ----

if new_root "$R"; then
	f="$AR/churn.sa"
	for s in 1 2 3 4 5 6 7 8; do
		step_all "$R" $s $((719255 + 1000 * s))
		# 300 veth interfaces out of 600 names: a window that slides by 37,
		# and every seventh name skipped on odd steps.
		awk -v s=$s 'BEGIN {
			printf "lo %d %d %d %d\n", 1000 * s, 10 * s, 1000 * s, 10 * s
			for (i = 37 * s; i < 37 * s + 300; i++) {
				if (s % 2 && i % 7 == 0) continue
				n = sprintf("veth%05x", i * 2654435761 % 1048573)
				a = (i % 5 == 0) ? (9 - s) : s
				printf "%s %d %d %d %d %d\n", n, 1500 * a * (i % 13 + 1), a * (i % 13 + 1), 700 * a, a, (i % 11 == 0) ? s : 0
			}
		}' | w_netdev "$R"
		# 150 of 400 block devices, sliding by 23, a third without I/O.
		awk -v s=$s 'BEGIN {
			printf "8 0 sda %d %d %d %d %d\n", 100 * s, 4000 * s, 50 * s, 2000 * s, 30 * s
			for (i = 23 * s; i < 23 * s + 150; i++) {
				a = (i % 3 == 0) ? 0 : s * (i % 17 + 1)
				printf "%d %d nvme%dn%d %d %d %d %d %d\n", 259, i, int(i / 64), i % 64 + 1, a, 8 * a, a, 16 * a, 2 * a
			}
		}' | w_diskstats "$R"
		sample "$R" "$f" $((T0 + 10 * s))
		[ $s = 4 ] && sample "$R" "$f" $((T0 + 10 * s + 5)) -
		if [ $s = 6 ]; then
			# Every interface and disk gone for one record (a namespace torn down).
			: | w_netdev "$R"
			: | w_diskstats "$R"
			w_uptime "$R" $((719255 + 1000 * s + 500))
			sample "$R" "$f" $((T0 + 10 * s + 5))
		fi
	done
	add "$f" "300 veth interfaces and 150 disks churning every record, a restart, none for a record"
fi

# ---- 6. synthetic archives (sa_make) where roots are slow or cannot ----

if [ -x "$SA_MAKE" ]; then
	timeout 60 "$SA_MAKE" -r 5 -c 200 -C "$AR/make-cpus.sa" && add "$AR/make-cpus.sa" "sa_make: 200 CPUs, a restart"
	timeout 60 "$SA_MAKE" -r 4 -i 400 -d 300 -X -a 1,11,12,13 "$AR/make-items.sa" &&
		add "$AR/make-items.sa" "sa_make: 400 interfaces, 300 disks, other byte order"
fi
