# Sourced by sar_power.sh and sadf_power.sh: the archives of the power
# management family differential tests (needs tests/lib.sh, SADC, SA_MAKE,
# TMPD, ROOTS, IDENT and PWR_IDS; sets the array files). PW_FAN2_MIN, when
# set, is the minimum of fan 2 of the sensor root (its input is below it in
# the first records: a negative drpm).

files=()
# Archives sar 12.6.1 rejects as invalid (exit 3) belong to the corruption suite.
for f in "$SHARED"/corpus/upstream/files/data-* "$SHARED"/corpus/upstream/generated/*.tmp \
	"$SHARED"/corpus/live/*.sa; do
	[ -r "$f" ] || continue
	"$ORACLE_SAR" -m ALL -f "$f" >/dev/null 2>&1
	[ $? -eq 3 ] || files+=("$f")
done

# An 11.6.5 file with sensors, in the current format.
if "$ORACLE_SADF" -c "$SHARED/corpus/upstream/files/data-11.6.5" >"$TMPD/conv.sa" 2>/dev/null; then
	files+=("$TMPD/conv.sa")
else
	fail "sadf -c data-11.6.5"
fi

# Our sadc on this machine: three records one second apart.
if "$SADC" -S XALL "$TMPD/live.sa" 1 3 2>"$TMPD/err"; then
	files+=("$TMPD/live.sa")
else
	fail "sadc on this machine: $(cat "$TMPD/err")"
fi

# Our sadc on the fixture roots, one file each and all of them in one file.
t=1555593609
for root in "$ROOTS"/root*; do
	[ -d "$root" ] || continue
	name=$(basename "$root")
	if "$SADC" --root="$root" --unix-time=$t $IDENT -S XALL "$TMPD/$name.sa" 1 2 \
		2>"$TMPD/err"; then
		files+=("$TMPD/$name.sa")
	else
		fail "sadc --root=$name: $(cat "$TMPD/err")"
	fi
	"$SADC" --root="$root" --unix-time=$t $IDENT -S XALL "$TMPD/roots.sa" 1 1 2>/dev/null
	t=$((t + 10))
done
[ -s "$TMPD/roots.sa" ] && files+=("$TMPD/roots.sa")

# ---- a root with sensors that change ----

PW="$TMPD/pw"

put() {
	mkdir -p "$(dirname "$PW/$1")"
	printf '%s\n' "$2" >"$PW/$1"
}

# A USB device: name bus vendor product maxpower manufacturer product.
usb_dev() {
	local d=sys/bus/usb/devices/$1
	put "$d/busnum" "$2"
	put "$d/idVendor" "$3"
	put "$d/idProduct" "$4"
	put "$d/bMaxPower" "$5"
	put "$d/manufacturer" "$6"
	put "$d/product" "$7"
}

# Sets the USB device list (one _list entry per name).
usb_list() {
	printf '.\n..\n' >"$PW/sys/bus/usb/devices/_list"
	printf '%s\n' "$@" >>"$PW/sys/bus/usb/devices/_list"
}

# The chips: coretemp and it87 (platform), a long name and acpitz (virtual).
hwmon_tree() {
	local h=sys/class/hwmon
	put $h/hwmon0/name coretemp
	ln -s ../../../devices/platform/coretemp.0 "$PW/$h/hwmon0/device"
	mkdir -p "$PW/sys/devices/platform/coretemp.0" "$PW/sys/bus/platform"
	ln -s ../../../bus/platform "$PW/sys/devices/platform/coretemp.0/subsystem"
	put $h/hwmon1/name it87
	ln -s ../../../devices/platform/it87.656 "$PW/$h/hwmon1/device"
	mkdir -p "$PW/sys/devices/platform/it87.656"
	ln -s ../../../bus/platform "$PW/sys/devices/platform/it87.656/subsystem"
	put $h/hwmon2/name averyveryverylongchipname
	put $h/hwmon3/name acpitz
}

# The values of record $1 (0, 1, 2...): everything moves a little.
pw_values() {
	local k=$1 h=sys/class/hwmon c
	# acpitz goes away in record 4: the item counts change.
	if [ "$k" -eq 4 ]; then
		put $h/_list "$(printf '.\n..\nhwmon0\nhwmon1\nhwmon2')"
	else
		put $h/_list "$(printf '.\n..\nhwmon0\nhwmon1\nhwmon2\nhwmon3')"
	fi
	put $h/hwmon0/temp1_input $((45000 + k * 1250))
	put $h/hwmon0/temp1_max 84000
	put $h/hwmon0/temp1_min $((k * 1000))
	put $h/hwmon0/temp2_input $((47000 - k * 333))
	put $h/hwmon0/temp2_max 84000
	put $h/hwmon1/fan1_input $((1200 + k * 37))
	put $h/hwmon1/fan1_min 600
	put $h/hwmon1/fan2_input $((k * 111))
	[ -n "${PW_FAN2_MIN:-}" ] && put $h/hwmon1/fan2_min "$PW_FAN2_MIN"
	put $h/hwmon1/fan3_min 500
	put $h/hwmon1/in0_input $((1200 + k * 7))
	put $h/hwmon1/in0_min 1000
	put $h/hwmon1/in0_max 1500
	put $h/hwmon1/in1_input $((3312 - k * 13))
	put $h/hwmon1/in1_max 3600
	put $h/hwmon1/temp1_input $((-5500 + k * 999))
	put $h/hwmon1/temp1_min -10000
	put $h/hwmon1/temp1_max 60000
	put $h/hwmon2/in1_input $((5000 + k))
	put $h/hwmon3/temp1_input $((27800 + k * 100))
	# CPU clocks (cpu2 goes offline in record 2) and frequency times.
	{
		for c in 0 1 2 3; do
			[ "$k" -eq 2 ] && [ $c -eq 2 ] && continue
			printf 'processor\t: %d\ncpu MHz\t\t: %d.%03d\n\n' $c \
				$((2000 + c * 100 + k * 37)) $(((k * 317 + c * 11) % 1000))
		done
	} >"$PW/proc/cpuinfo"
	for c in 0 1 2 3; do
		put sys/devices/system/cpu/cpu$c/cpufreq/stats/time_in_state \
			"$(printf '3000000 %d\n2400000 %d\n1800000 %d\n1200000 %d' \
				$((1000 + k * (c + 1) * 50)) $((2000 + k * 7)) \
				$((3000 + k * k * 13)) $((4000 + k * (3 - c) * 29)))"
	done
	rm -rf "$PW/sys/devices/system/cpu/cpu4" "$PW/sys/devices/system/cpu/cpu5" \
		"$PW/sys/devices/system/cpu/cpu6" "$PW/sys/devices/system/cpu/cpu7" \
		"$PW/sys/devices/system/cpu/cpu8"
	# USB devices come and go.
	case $k in
	0) usb_list 1-3 3-1 ;;
	1) usb_list 1-3 3-1 3-2 ;;
	2) usb_list 3-1 3-2 ;;
	3) usb_list 2-1 3-1 1-3 ;;
	*) usb_list 3-2 ;;
	esac
}

make_pw_root() {
	cp -a "$ROOTS/root1" "$PW" && chmod -R u+w "$PW" || return 1
	rm -rf "$PW/sys/bus/usb/devices"
	mkdir -p "$PW/sys/bus/usb/devices"
	usb_dev 1-3 1 03f0 0862 98mA HP "HP Wireless Keyboard Mouse Kit"
	usb_dev 3-1 3 174c 55aa 0mA ASMT ASM1153
	usb_dev 3-2 3 04f2 b62a 500mA "Chicony Electronics Co.,Ltd." \
		"HP Webcam with a product name longer than forty-seven bytes"
	usb_dev 2-1 2 05e3 0608 100mA "" "USB2.0 Hub"
	hwmon_tree
}

pw_sadc() {
	"$SADC" --root="$PW" --unix-time="$1" $IDENT "${@:2}" 2>>"$TMPD/pw.err"
}

if make_pw_root; then
	t=1555593609
	for k in 0 1 2 3; do
		pw_values $k
		pw_sadc $((t + 10 * k)) -S XALL "$TMPD/pw.sa" 1 1
	done
	# A restart, a comment, then a segment with other devices.
	pw_sadc $((t + 50)) "$TMPD/pw.sa"
	pw_sadc $((t + 55)) -C "sensors" "$TMPD/pw.sa"
	for k in 3 4 1; do
		pw_values $k
		t=$((t + 10))
		pw_sadc $((t + 60)) -S XALL "$TMPD/pw.sa" 1 1
	done
	if [ -s "$TMPD/pw.err" ]; then
		fail "sadc on the sensor root: $(head -3 "$TMPD/pw.err")"
	fi
	files+=("$TMPD/pw.sa")
else
	fail "cannot build the sensor root"
fi

# Synthetic files: random values, names filling their arrays, a restart,
# the other byte order.
if [ -x "$SA_MAKE" ]; then
	"$SA_MAKE" -r 5 -a $PWR_IDS "$TMPD/make.sa" && files+=("$TMPD/make.sa")
	"$SA_MAKE" -r 6 -C -a $PWR_IDS "$TMPD/make-restart.sa" && files+=("$TMPD/make-restart.sa")
	"$SA_MAKE" -r 4 -X -a 1,$PWR_IDS "$TMPD/make-swapped.sa" && files+=("$TMPD/make-swapped.sa")
fi

# 12.7.5's batteries (A_PWR_BAT): sa_make's files, whose two battery items
# of record r are (0, 3r % 101, r % 5) and (1, (37 + 3r) % 101, (r + 1) % 5)
# (number, capacity, status), with each record's two items replaced so that
# the capacities rise, fall and cross the colour thresholds, and every
# status shows up (5 and 7 are unknown). With -C, a restart and a comment
# come before the last record.
bat_file() {
	local out=$1 n=$2
	shift 2
	"$SA_MAKE" "$@" "$out.raw" || return 1
	python3 - "$out.raw" "$out" "$n" <<-'PY'
		import sys
		d = bytearray(open(sys.argv[1], "rb").read())
		pos = []
		for r in range(64):
		    pat = bytes([0, 3 * r % 101, r % 5, 1, (37 + 3 * r) % 101, (r + 1) % 5])
		    pos += [q for i in range(len(d) - 5) if d[i:i + 6] == pat for q in (i, i + 3)]
		pos.sort()
		if len(pos) != int(sys.argv[3]):
		    sys.exit("%d battery items, not %s" % (len(pos), sys.argv[3]))
		caps = [95, 100, 60, 24, 9, 10, 0, 26, 100, 50, 75, 5]
		for k, p in enumerate(pos):
		    d[p] = k % 2
		    d[p + 1] = caps[k % len(caps)] if k % 2 == 0 else caps[(k * 7) % len(caps)]
		    d[p + 2] = (k // 2 + 3 * (k % 2)) % 6 if k < 10 else 7
		open(sys.argv[2], "wb").write(bytes(d))
	PY
}
if [ "$FLAVOUR" = 12.7.5 ] && [ -x "$SA_MAKE" ]; then
	for spec in "bat:6:12:-r 6 -a 1,43" "bat-restart:6:12:-r 6 -C -a 1,43" \
		"bat-swapped:4:8:-r 4 -X -a 1,43"; do
		IFS=: read -r name _ n args <<<"$spec"
		# shellcheck disable=SC2086
		if bat_file "$TMPD/$name.sa" "$n" $args 2>"$TMPD/err"; then
			files+=("$TMPD/$name.sa")
		else
			fail "battery archive $name: $(cat "$TMPD/err")"
		fi
	done
fi
