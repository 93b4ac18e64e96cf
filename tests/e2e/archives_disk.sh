# Sourced by sar_disk.sh and sadf_disk.sh: the archives of the disk family differential tests
# (needs tests/lib.sh, SADC, SA_MAKE and TMPD; appends to the array files).

files=()
add_sar_archives "-b"

# A crafted root (root1 with its disks, serial lines and mounts rewritten at
# each step): devices removed, registered again (every counter down), wrapped
# (requests down, sectors up), 32-bit tick counters wrapping, devices of many
# ioconf schemes, lines reordered, filesystems that come and go.
CR="$TMPD/craft"
cp -R "$ROOTS/root1" "$CR" 2>/dev/null && chmod -R u+w "$CR"
mkdir -p "$CR/mnt/a" "$CR/mnt/b c" "$CR/mnt/d"
craft_step() {
	local step=$1
	printf '%s.00 100.00\n' $((7200 + 10 * step)) >"$CR/proc/uptime"
	# major minor name rd_ios rd_merges rd_sec rd_ticks wr_ios wr_merges wr_sec
	# wr_ticks in_flight io_ticks rq_ticks dc_ios dc_merges dc_sec dc_ticks
	case $step in
	1) cat <<'EOF' ;;
   8       0 sda 100 0 2000 4294967000 50 0 800 300 0 700 900 10 0 80 40
   8      16 sdb 5000 0 90000 7000 3000 0 60000 4000 0 9000 12000 0 0 0 0
   8      32 sdc 4000 0 80000 100 2000 0 1000 200 0 500 600 0 0 0 0
   8      48 sdd 10 0 20 5 0 0 0 0 0 5 5 0 0 0 0
  48      13 rd!c0d1p5 7 0 70 7 0 0 0 0 0 7 7 0 0 0 0
  49       8 rd!c1d1 3 0 30 3 0 0 0 0 0 3 3 0 0 0 0
  65     300 sdx 9 0 90 9 0 0 0 0 0 9 9 0 0 0 0
  22      64 hdd 4 0 40 4 0 0 0 0 0 4 4 0 0 0 0
   1     250 initrd 2 0 20 2 0 0 0 0 0 2 2 0 0 0 0
 300       5 odd 6 0 60 6 0 0 0 0 0 6 6 0 0 0 0
 600       1 big 6 0 60 6 0 0 0 0 0 6 6 0 0 0 0
   8 1048576 huge 6 0 60 6 0 0 0 0 0 6 6 0 0 0 0
EOF
	2) cat <<'EOF' ;;
   8      64 sde 70 0 700 70 0 0 0 0 0 70 70 0 0 0 0
   8       0 sda 300 0 2600 4294967200 90 0 900 500 0 900 1500 15 0 100 60
   8      16 sdb 10 0 100 7 5 0 50 4 0 9 12 0 0 0 0
   8      32 sdc 3000 0 70000 150 2100 0 1200 250 0 600 700 0 0 0 0
  48      13 rd!c0d1p5 8 0 80 8 0 0 0 0 0 8 8 0 0 0 0
  65     300 sdx 9 0 90 9 0 0 0 0 0 9 9 0 0 0 0
   1     250 initrd 2 0 20 2 0 0 0 0 0 2 2 0 0 0 0
 300       5 odd 7 0 70 7 0 0 0 0 0 7 7 0 0 0 0
 600       1 big 7 0 70 7 0 0 0 0 0 7 7 0 0 0 0
   8 1048576 huge 8 0 80 8 0 0 0 0 0 8 8 0 0 0 0
EOF
	*) cat <<'EOF' ;;
   8       0 sda 400 0 3000 100 95 0 950 600 0 1000 1700 16 0 110 70
   8      16 sdb 20 0 200 17 5 0 50 4 0 19 22 0 0 0 0
   8      32 sdc 3500 0 75000 170 2200 0 1300 260 0 650 750 0 0 0 0
   8      48 sdd 12 0 24 6 0 0 0 0 0 6 6 0 0 0 0
   8      64 sde 70 0 700 70 0 0 0 0 0 70 70 0 0 0 0
  48      13 rd!c0d1p5 8 0 80 8 0 0 0 0 0 8 8 0 0 0 0
  49       8 rd!c1d1 4 0 40 4 0 0 0 0 0 4 4 0 0 0 0
   3       0 hda 1 0 10 1 0 0 0 0 0 1 1 0 0 0 0
EOF
	esac >"$CR/proc/diskstats"
	case $step in
	1) printf '%s\n' 'serinfo:1.0 driver revision:' \
		'0: uart:16650V2 port:000003F8 irq:4 tx:14323 rx:32543 fe:123 pe:123 brk:42 oe:13' \
		'1: uart:16550A port:000002F8 irq:3 tx:0 rx:0' \
		'2: uart:16550A port:000003E8 irq:4 tx:5 rx:4294967290' ;;
	2) printf '%s\n' 'serinfo:1.0 driver revision:' \
		'2: uart:16550A port:000003E8 irq:4 tx:9 rx:20' \
		'0: uart:16650V2 port:000003F8 irq:4 tx:100 rx:40000 fe:124 pe:123 brk:42 oe:13' \
		'3: uart:16550A port:000002E8 irq:3 tx:1 rx:1' ;;
	*) printf '%s\n' 'serinfo:1.0 driver revision:' \
		'0: uart:16650V2 port:000003F8 irq:4 tx:200 rx:40000 fe:124 pe:123 brk:42 oe:13' \
		'1: uart:16550A port:000002F8 irq:3 tx:0 rx:0' \
		'2: uart:16550A port:000003E8 irq:4 tx:9 rx:20' \
		'3: uart:16550A port:000002E8 irq:3 tx:1 rx:1' ;;
	esac >"$CR/proc/tty/driver/serial"
	case $step in
	1) printf '%s\n' '/dev/sda9 / ext4 rw 0 0' '/dev/sda7 /mnt/a ext4 rw 0 0' \
		'/dev/sdb1 /mnt/b\040c xfs rw 0 0' ;;
	2) printf '%s\n' '/dev/sda9 / ext4 rw 0 0' '/dev/sdc1 /mnt/d ext4 rw 0 0' \
		'/dev/sdb1 /mnt/b\040c xfs rw 0 0' '/dev/sda7 /mnt/a ext4 rw 0 0' ;;
	*) printf '%s\n' '/dev/sdc1 /mnt/d ext4 rw 0 0' '/dev/sda9 / ext4 rw 0 0' ;;
	esac >"$CR/etc/mtab"
}
if [ -d "$CR" ]; then
	t=1555593609
	for step in 1 2 3 4; do
		craft_step $step
		"$SADC" --root="$CR" --unix-time=$((t + 10 * step)) $IDENT -S XALL "$TMPD/craft.sa" \
			1 1 2>"$TMPD/err" || fail "sadc --root=craft step $step: $(cat "$TMPD/err")"
		"$SADC" --root="$CR" --unix-time=$((t + 10 * step)) $IDENT -S XALL \
			"$TMPD/craft-restart.sa" 1 1 2>/dev/null
		if [ $step = 2 ]; then
			# A comment, then a LINUX RESTART: the next segment starts at step 3.
			"$SADC" --root="$CR" --unix-time=$((t + 10 * step + 5)) $IDENT \
				-C "craft comment" "$TMPD/craft-restart.sa" 2>/dev/null
			"$SADC" --root="$CR" --unix-time=$((t + 10 * step + 6)) $IDENT \
				"$TMPD/craft-restart.sa" 2>/dev/null
		fi
	done
	files+=("$TMPD/craft.sa" "$TMPD/craft-restart.sa")
fi

# Synthetic files: pseudo-random counters, a restart, the other byte order.
if [ -x "$SA_MAKE" ]; then
	"$SA_MAKE" -r 6 -a $DISK_IDS "$TMPD/make.sa" && files+=("$TMPD/make.sa")
	"$SA_MAKE" -r 6 -C -a $DISK_IDS "$TMPD/make-restart.sa" && files+=("$TMPD/make-restart.sa")
	"$SA_MAKE" -r 4 -X -a 1,$DISK_IDS "$TMPD/make-swapped.sa" && files+=("$TMPD/make-swapped.sa")
	"$SA_MAKE" -r 2 -a 1,6 "$TMPD/make-one.sa" && files+=("$TMPD/make-one.sa")
fi
