#!/bin/bash
# sadf -d, -p, -j and -x of the power management activities (sar -m CPU,
# FAN, TEMP, IN, FREQ, USB, ALL) against Debian's sysstat 12.6.1: both
# sadfs read the same files with the same options, and stdout, stderr and
# the exit status must be identical. The files are every archive of the
# shared corpus that sar 12.6.1 does not reject, data-11.6.5 converted by
# Debian's sadf -c (it has sensors), archives of our sadc (this machine,
# the fixture roots, and a root whose sensors, CPU clocks, frequency times
# and USB devices change from record to record across a LINUX RESTART) and
# of sa_make (random values, names that fill their arrays, the other byte
# order). Every -j output must parse as JSON and every -x output must be
# well-formed XML.
#
# By default a sample of the matrix runs (see picked below); SYSREC_FULL=1
# runs every view and modifier in every format on every file, under TZ=UTC
# and TZ=GMT+12.
. "${top_srcdir:-.}/tests/lib.sh"

have_shared || skip "shared corpus not found at $SHARED"
have_oracle || skip "Debian's sysstat 12.6.1 is not installed"
[ -x "$SADF" ] || skip "$SADF not built"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
PWR_IDS=30,31,32,33,35,36
FULL=${SYSREC_FULL:-0}

# ---- the files ----

files=()
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

if "$SADC" -S XALL "$TMPD/live.sa" 1 3 2>"$TMPD/err"; then
	files+=("$TMPD/live.sa")
else
	fail "sadc on this machine: $(cat "$TMPD/err")"
fi

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

# ---- a root with sensors that change (as in sar_power.sh) ----

PW="$TMPD/pw"

put() {
	mkdir -p "$(dirname "$PW/$1")"
	printf '%s\n' "$2" >"$PW/$1"
}

usb_dev() {
	local d=sys/bus/usb/devices/$1
	put "$d/busnum" "$2"
	put "$d/idVendor" "$3"
	put "$d/idProduct" "$4"
	put "$d/bMaxPower" "$5"
	put "$d/manufacturer" "$6"
	put "$d/product" "$7"
}

usb_list() {
	printf '.\n..\n' >"$PW/sys/bus/usb/devices/_list"
	printf '%s\n' "$@" >>"$PW/sys/bus/usb/devices/_list"
}

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

# The values of record $1: everything moves; a fan below its minimum (a
# negative drpm, printed through sysstat's unsigned cast in -j and -x).
pw_values() {
	local k=$1 h=sys/class/hwmon c
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
	put $h/hwmon1/fan2_min 250
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
	pw_sadc $((t + 50)) "$TMPD/pw.sa"
	pw_sadc $((t + 55)) -C "sensors" "$TMPD/pw.sa"
	for k in 3 4 1; do
		pw_values $k
		t=$((t + 10))
		pw_sadc $((t + 60)) -S XALL "$TMPD/pw.sa" 1 1
	done
	[ -s "$TMPD/pw.err" ] && fail "sadc on the sensor root: $(head -3 "$TMPD/pw.err")"
	files+=("$TMPD/pw.sa")
else
	fail "cannot build the sensor root"
fi

if [ -x "$SA_MAKE" ]; then
	"$SA_MAKE" -r 5 -a $PWR_IDS "$TMPD/make.sa" && files+=("$TMPD/make.sa")
	"$SA_MAKE" -r 6 -C -a $PWR_IDS "$TMPD/make-restart.sa" && files+=("$TMPD/make-restart.sa")
	"$SA_MAKE" -r 4 -X -a 1,$PWR_IDS "$TMPD/make-swapped.sa" && files+=("$TMPD/make-swapped.sa")
fi

# ---- the comparison ----

FORMATS=(-d -p -j -x)
mkdir -p "$TMPD/check"
n_cases=0
n_shown=0

# check FILE FORMAT "SADF OPTIONS" "SAR OPTIONS" ["INTERVAL COUNT"]
check() {
	local f=$1 fmt=$2 pre=$3 post=$4 ic=${5:-}
	n_cases=$((n_cases + 1))
	# shellcheck disable=SC2086
	run_capture "$TMPD/a" "$ORACLE_SADF" $fmt $pre $ic "$f" -- $post
	# shellcheck disable=SC2086
	run_capture "$TMPD/b" "$SADF" $fmt $pre $ic "$f" -- $post
	if same_capture "$TMPD/a" "$TMPD/b" "s|^Usage: [^ ]*|Usage: sadf|"; then
		pass
	else
		fail "TZ=$TZ sadf $fmt $pre $ic $f -- $post"
		if [ $n_shown -lt 10 ]; then
			show_diff "$TMPD/a" "$TMPD/b"
			n_shown=$((n_shown + 1))
		fi
	fi
	# What a clean run prints must parse: kept for one validation at the end.
	if [ "$(cat "$TMPD/b.rc")" = 0 ]; then
		case $fmt in
		-j) cp "$TMPD/b.out" "$TMPD/check/$n_cases.json" ;;
		-x) cp "$TMPD/b.out" "$TMPD/check/$n_cases.xml" ;;
		esac
		echo "$n_cases TZ=$TZ sadf $fmt $pre $ic $f -- $post" >>"$TMPD/check/cases"
	fi
}

has_power() {
	"$ORACLE_SADF" -H "$1" 2>/dev/null | grep -q 'A_PWR_'
}

# The times of the records sadf shows (field 3 of -d), in the current TZ.
row_times() {
	"$ORACLE_SADF" -d "$1" -- -m ALL 2>/dev/null |
		awk -F';' '$2 != "-1" && $3 ~ /:/ { split($3, t, " "); print t[2] }' | sort -u
}

# "SADF OPTIONS|SAR OPTIONS"
VIEWS=("|-m CPU" "-P ALL|-m CPU" "|-m CPU -P 0,1" "-P 2|-m CPU" "|-m FAN" "|-m TEMP" "|-m IN"
	"|-m FREQ" "-P ALL|-m FREQ" "|-m FREQ -P 1,3" "|-m USB" "|-m ALL" "-P ALL|-m ALL"
	"|-m TEMP,IN -m FAN" "|-m ALL -P ALL -z")
# The modifiers, with every view at once.
MODS=("-T|" "-t|" "-U|" "-C|" "-T -C|" "-U -C|")
ALLV="-m ALL -P ALL"

# Outside SYSREC_FULL=1, one case in seven of the views (a stride prime to
# the formats, so that every view meets every format over the files), and
# one in four of the modifiers, on one file in four.
k=0
picked() {
	k=$((k + 1))
	[ "$FULL" = 1 ] || [ $((k % $1)) -eq 0 ]
}

for tz in UTC GMT+12; do
	export TZ=$tz
	idx=0
	for f in "${files[@]}"; do
		idx=$((idx + 1))
		if [ "$FULL" != 1 ] && [ $tz != UTC ]; then
			# One file in four in GMT+12, every view at once.
			sampled $idx && has_power "$f" || continue
			for fmt in "${FORMATS[@]}"; do
				picked 2 && check "$f" "$fmt" "-t" "$ALLV"
				picked 2 && check "$f" "$fmt" "" "$ALLV"
			done
			continue
		fi
		if ! has_power "$f"; then
			# Only the message and the exit status.
			for fmt in "${FORMATS[@]}"; do
				picked 4 && check "$f" "$fmt" "" "-m ALL"
			done
			continue
		fi
		for v in "${VIEWS[@]}"; do
			for fmt in "${FORMATS[@]}"; do
				picked 7 && check "$f" "$fmt" "${v%%|*}" "${v#*|}"
			done
		done
		[ "$FULL" = 1 ] || sampled $idx || continue
		for m in "${MODS[@]}"; do
			for fmt in "${FORMATS[@]}"; do
				picked 4 && check "$f" "$fmt" "${m%%|*}" "$ALLV"
			done
		done
		mapfile -t times < <(row_times "$f")
		n=${#times[@]}
		windows=("-s 23:59:59|" "-e 00:00:00|" "-s 12:00:00 -e 11:00:00|" "|1 1" "|2 2" "|1 3"
			"|3600")
		if [ "$n" -gt 0 ]; then
			first=${times[0]} last=${times[$((n - 1))]}
			windows+=("-s $first|" "-e $last|" "-s $last -e $last|")
			[ "$n" -gt 2 ] && windows+=("-s ${times[1]} -e ${times[$((n - 2))]}|")
		fi
		for w in "${windows[@]}"; do
			for fmt in "${FORMATS[@]}"; do
				picked 3 && check "$f" "$fmt" "${w%%|*}" "$ALLV" "${w#*|}"
			done
		done
	done
done

# ---- every clean -j output is JSON, every clean -x output well-formed XML ----

validate() {
	local bad
	[ -s "$TMPD/check/cases" ] || return 0
	bad=$(
		cd "$TMPD/check" && python3 -c '
import glob, json, sys
for f in sorted(glob.glob("*.json")):
    try:
        json.load(open(f))
    except Exception as e:
        print(f.split(".")[0], "invalid JSON:", e)
'
		if command -v xmllint >/dev/null; then
			ls ./*.xml >/dev/null 2>&1 &&
				xmllint --noout --nonet ./*.xml 2>&1 | sed -n 's|^\./\([0-9]*\)\.xml:.*|\1 not well-formed XML|p' | sort -u
		else
			python3 -c '
import glob, xml.dom.minidom
for f in sorted(glob.glob("*.xml")):
    try:
        xml.dom.minidom.parse(f)
    except Exception as e:
        print(f.split(".")[0], "not well-formed XML:", e)
'
		fi
	)
	n_valid=$(ls "$TMPD/check" | grep -c '\.\(json\|xml\)$')
	while read -r id why; do
		[ -n "$id" ] || continue
		fail "$why: $(grep "^$id " "$TMPD/check/cases" | cut -d' ' -f2-)"
	done <<<"$bad"
}
validate

echo "$(basename "$0" .sh): ${#files[@]} files, $n_cases cases, ${n_valid:-0} outputs parsed"
finish
