#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# flavours: 12.6.1 12.7.5
#
# The corruption suite (STYLE.md rule 13c): one case per header field or
# limit. Each case patches bytes at a fixed offset of a valid file written by
# sa_make, runs our `sadf -H` on it and asserts the exact stderr, stdout and
# exit status the flavour's sysstat gives. Where its sadf (the oracle) is
# available, it runs on the very same file and must agree byte for
# byte, except in the few cases marked `diverge`, where sysstat has a bug
# (wrapping 32-bit arithmetic, uninitialised memory, reading past a field)
# and our hardened reader deliberately does better.
#
# Patches inside records (which sadf -H never reads) are checked through
# tests/tools/sa_walk, whose one-line verdict is asserted literally.
#
# Offsets come from the layout tables of doc/format.md §2: file_magic is
# 76 bytes, file_header 336 bytes at 76, the activity list starts at 412 with
# 36 bytes per entry, and records follow it.

. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib.sh"

for tool in "$SADF" "$SA_MAKE" "$SA_WALK"; do
	if [ ! -x "$tool" ]; then
		echo "corruption: $tool is not built"
		exit 99 # a hard error for automake's harness
	fi
done

T=$(printf '\t')

# --- Layout (doc/format.md §2-§4) -----------------------------------------

# struct file_magic, at 0.
M_SYSSTAT_MAGIC=0
M_FORMAT_MAGIC=2
M_VERSION=4 # 4 single bytes: version, patchlevel, sublevel, extraversion
M_HEADER_SIZE=8
M_UPGRADED=12
M_HDR_TYPES=16 # 3 x u32

# struct file_header, at 76.
H=76
H_UST_TIME=$((H + 0)) # u64
H_HZ=$((H + 8))       # "long" slot, 8 bytes
H_CPU_NR=$((H + 16))
H_ACT_NR=$((H + 20))
H_YEAR=$((H + 24))
H_ACT_TYPES=$((H + 28)) # 3 x u32
H_REC_TYPES=$((H + 40)) # 3 x u32
H_ACT_SIZE=$((H + 52))
H_REC_SIZE=$((H + 56))
H_EXTRA_NEXT=$((H + 60))
H_DAY=$((H + 64))
H_MONTH=$((H + 65))
H_SIZEOF_LONG=$((H + 66))
H_SYSNAME=$((H + 67)) # char[65]
H_TZNAME=$((H + 327)) # char[8]
H_PAD=$((H + 335))

# struct file_activity: entry k of the list at LIST + 36 * k.
LIST=$((H + 336))
FA_SIZEOF=36
FA_ID=0
FA_MAGIC=4
FA_NR=8
FA_NR2=12
FA_HAS_NR=16
FA_SIZE=20
FA_TYPES=24

# Field FIELD of list entry K.
fa() {
	echo $((LIST + FA_SIZEOF * $1 + $2))
}

# The base files hold A_CPU (entry 0: nr 3, size 80, has_nr), A_PCSW
# (entry 1: nr 1, size 16) and A_IRQ (entry 2: nr 3, nr2 4, size 12, has_nr).
N_ACTS=3
R0=$((LIST + FA_SIZEOF * N_ACTS)) # the first record header (24 bytes)
RH_TYPE=20
RH_HOUR=21
RH_MINUTE=22
RH_SECOND=23
R0_CPU_COUNT=$((R0 + 24)) # A_CPU's int32 item count
# One R_STATS record: header, then count + 3 CPUs, 1 PCSW, count + 3x4 IRQs.
REC_SIZE=$((24 + (4 + 3 * 80) + 16 + (4 + 3 * 4 * 12)))
# In the -C file: record 1, an R_COMMENT (header + 64 bytes), then the
# R_RESTART header and its int32 CPU count.
RESTART_COUNT=$((R0 + REC_SIZE + 24 + 64 + 24))

# --- Byte patching ---------------------------------------------------------

# patch_bytes FILE OFFSET BYTE...: overwrites bytes in place.
patch_bytes() {
	local f=$1 off=$2 s='' b
	shift 2
	for b in "$@"; do
		s="$s\\$(printf %03o $((b & 255)))"
	done
	printf "$s" | dd of="$f" bs=1 seek="$off" conv=notrunc status=none
}

patch_u8() {
	patch_bytes "$1" "$2" "$3"
}

patch_u16() {
	local v=$(($3 & 0xffff))
	patch_bytes "$1" "$2" $((v)) $((v >> 8))
}

patch_u16_be() {
	local v=$(($3 & 0xffff))
	patch_bytes "$1" "$2" $((v >> 8)) $((v))
}

# Little-endian u32 (negative values are written in two's complement).
patch_u32() {
	local v=$(($3 & 0xffffffff))
	patch_bytes "$1" "$2" $((v)) $((v >> 8)) $((v >> 16)) $((v >> 24))
}

patch_u32_be() {
	local v=$(($3 & 0xffffffff))
	patch_bytes "$1" "$2" $((v >> 24)) $((v >> 16)) $((v >> 8)) $((v))
}

# u32 VALUE [be]: prints the 4 bytes of VALUE.
u32() {
	local v=$(($1 & 0xffffffff)) s='' b
	local bytes="$((v & 255)) $((v >> 8 & 255)) $((v >> 16 & 255)) $((v >> 24 & 255))"
	[ "${2:-}" = be ] && bytes="$((v >> 24 & 255)) $((v >> 16 & 255)) $((v >> 8 & 255)) $((v & 255))"
	for b in $bytes; do
		s="$s\\$(printf %03o "$b")"
	done
	printf "$s"
}

# insert_extra BASE OUT OFFSET ORDER NR SIZE NEXT T0 T1 T2: copies BASE to
# OUT with an extra_desc (six u32 in ORDER, le or be) and NR*SIZE zero
# bytes of extra structures inserted at OFFSET.
insert_extra() {
	local in=$1 out=$2 off=$3 order=$4
	shift 4
	{
		head -c "$off" "$in"
		for v in "$@"; do
			u32 "$v" "$order"
		done
		head -c $(($1 * $2)) /dev/zero
		tail -c +$((off + 1)) "$in"
	} >"$out"
}

# insert_zeros BASE OUT OFFSET N: copies BASE with N zero bytes inserted at OFFSET.
insert_zeros() {
	{
		head -c "$3" "$1"
		head -c "$4" /dev/zero
		tail -c +$(($3 + 1)) "$1"
	} >"$2"
}

# --- Expected texts --------------------------------------------------------

msg_invalid() {
	printf 'Invalid system activity file: %s\n' "$1"
}

msg_eof() {
	printf 'End of system activity file unexpected\n'
}

# msg_format FILE VERSION MAGIC: the message for a file rejected on its magic block.
msg_format() {
	cat <<EOF
Invalid system activity file: $1
File created by sar/sadc from sysstat version $2
Current sysstat version cannot read the format of this file ($3)
Try to convert it to current format. Enter:

sadf -c $1 > $1.new

You should then be able to read the new file created ($1.new)
EOF
}

# The `sadf -H` output of every base file (sa_make's fixed identity); the
# dates are local, so they are computed for the current TZ.
pristine_header() {
	local day date
	day=$(date -d @1700000000 +%m/%d/%y)
	date=$(date -d @1700000000 +%Y-%m-%d)
	cat <<EOF
System activity data file: $1 (0x2175)
File created by sar/sadc from sysstat version $FLAVOUR
Genuine sa datafile: yes (0)
Host: Linux 6.1.0-test (sa-make) ${T}${day} ${T}_x86_64_${T}(2 CPU)
File date: ${date}
File time: 22:13:20 UTC (1700000000)
Timezone: UTC
File composition: (1,1,12),(0,0,9),(2,0,1)
Size of a long int: 8
HZ = 100
Number of activities in file: 3
Extra structures available: N
List of activities:
01: [8b] A_CPU                Y:   3${T}(10,0,0)
02: [8b] A_PCSW               N:   1${T}(1,1,0)
03: [8c] A_IRQ                Y:   3x4${T}(0,0,1)
EOF
}

# header_with FILE [PREFIX LINE]...: the pristine header of FILE, with the
# line starting with each PREFIX replaced by LINE.
header_with() {
	local name=$1 tmp="$TMPD/hdr.tmp"
	shift
	pristine_header "$name" >"$tmp"
	while [ $# -ge 2 ]; do
		KEY=$1 LINE=$2 awk 'index($0, ENVIRON["KEY"]) == 1 { print ENVIRON["LINE"]; next }
		                    { print }' "$tmp" >"$tmp.2"
		mv "$tmp.2" "$tmp"
		shift 2
	done
	cat "$tmp"
}

# --- Cases -----------------------------------------------------------------

ORACLE=0
if have_part oracle "the oracle's output of each case (our literal expectations are still checked)"; then
	ORACLE=1
fi
n_oracle=0
n_oracle_agree=0

CASE=
F=
XARGS=()
DIVERGE=

# begin NAME BASE: a new case on a copy of BASE named NAME.sa.
begin() {
	CASE=$1
	F=$1.sa
	XARGS=()
	DIVERGE=
	cp "$2" "$F"
	: >exp.out
	: >exp.err
}

# The expected stderr (stdout empty).
want_err() {
	printf '%s\n' "$1" >exp.err
	: >exp.out
}

# The expected stdout, from stdin (stderr empty).
want_out() {
	cat >exp.out
	: >exp.err
}

# diverge REASON: this case is a sysstat bug; keep our expectation, skip the oracle.
diverge() {
	DIVERGE=$1
}

# check_sadf STATUS: runs `sadf -H` on the case file and compares.
check_sadf() {
	local why=''

	echo "$1" >exp.rc
	run_capture ours "$SADF" -H "${XARGS[@]}" "$F"
	if ! same_capture ours exp; then
		why="our sadf differs from the expectation"
		show_diff exp ours
	fi
	if [ "$ORACLE" = 1 ] && [ -n "$DIVERGE" ]; then
		echo "SKIP oracle: $CASE: deliberate divergence ($DIVERGE)"
	elif [ "$ORACLE" = 1 ]; then
		n_oracle=$((n_oracle + 1))
		run_capture oracle "$ORACLE_SADF" -H "${XARGS[@]}" "$F"
		if same_capture ours oracle "s|$F|FILE|g"; then
			n_oracle_agree=$((n_oracle_agree + 1))
		else
			why="${why:+$why; }our sadf differs from sysstat $FLAVOUR"
			show_diff oracle ours
		fi
	fi
	if [ -n "$why" ]; then
		fail "$CASE: $why"
	else
		pass
	fi
}

# check_walk STATUS LINE: runs sa_walk on the case file.
check_walk() {
	local got rc

	got=$("$SA_WALK" "$F")
	rc=$?
	if [ "$got" = "$2" ] && [ "$rc" = "$1" ]; then
		pass
	else
		fail "$CASE: sa_walk: expected '$2' (exit $1), got '$got' (exit $rc)"
	fi
}

# A record patch: sa_walk reports LINE, and sadf -H (which reads no
# record) still prints the whole header.
check_record() {
	check_walk 1 "$F: $1"
	pristine_header "$F" | want_out
	check_sadf 0
}

cd "$TMPD" || exit 99
"$SA_MAKE" -a 1,2,3 -r 2 base.sa &&
	"$SA_MAKE" -a 1,2,3 -r 2 -X basex.sa &&
	"$SA_MAKE" -a 1,2,3 -r 2 -C basec.sa &&
	"$SA_MAKE" -a 1,2,3 -r 2 -C -X basecx.sa &&
	"$SA_MAKE" -a 1,2,3 -r 0 base0.sa || exit 99

# The offsets above are only right for files of exactly this shape.
for f in base.sa:$((R0 + 2 * REC_SIZE)) basex.sa:$((R0 + 2 * REC_SIZE)) \
	basec.sa:$((RESTART_COUNT + 4 + REC_SIZE)) base0.sa:$R0; do
	if [ "$(stat -c %s "${f%%:*}")" != "${f#*:}" ]; then
		echo "corruption: ${f%%:*} is not ${f#*:} bytes: sa_make changed, fix the offsets"
		exit 99
	fi
done

## Pristine files (the reference for everything below).

for b in base basex basec basecx base0; do
	begin "pristine-$b" $b.sa
	pristine_header "$F" | want_out
	check_sadf 0
done
begin pristine-walk basec.sa
check_walk 0 "$F: ok records=4 stats=2 restarts=1 comments=1 end=$(stat -c %s basec.sa)"

## file_magic

begin empty base.sa
truncate -s 0 "$F"
want_err "$(msg_invalid "$F")"
check_sadf 3

begin one-byte base.sa
truncate -s 1 "$F"
want_err "$(msg_invalid "$F")"
check_sadf 3

begin magic-75-bytes base.sa
truncate -s 75 "$F"
want_err "$(msg_invalid "$F")"
check_sadf 3

begin sysstat-magic-1234 base.sa
patch_u16 "$F" $M_SYSSTAT_MAGIC 0x1234
want_err "$(msg_invalid "$F")"
check_sadf 3

begin sysstat-magic-0 basex.sa
patch_u16 "$F" $M_SYSSTAT_MAGIC 0
want_err "$(msg_invalid "$F")"
check_sadf 3

# Older formats: sadf -H shows the magic and the version only.
for m in 0x2171 0x2173 0x1234 0x2170 0x2176; do
	begin "format-magic-$m" base.sa
	patch_u16 "$F" $M_FORMAT_MAGIC $m
	want_out <<EOF
System activity data file: $F ($m)
File created by sar/sadc from sysstat version $FLAVOUR
EOF
	check_sadf 0
done

begin format-magic-2171-swapped basex.sa
patch_u16_be "$F" $M_FORMAT_MAGIC 0x2171
want_out <<EOF
System activity data file: $F (0x2171)
File created by sar/sadc from sysstat version $FLAVOUR
EOF
check_sadf 0

# The header_size check comes before the format check (a 12.x writer: sa_make writes the flavour's version).
begin format-magic-2171-header-size-0 base.sa
patch_u16 "$F" $M_FORMAT_MAGIC 0x2171
patch_u32 "$F" $M_HEADER_SIZE 0
want_err "$(msg_format "$F" $FLAVOUR 0x2171)"
check_sadf 3

# ... but only for files written by 10.3 and later.
begin format-magic-2171-v9-header-size-0 base.sa
patch_u16 "$F" $M_FORMAT_MAGIC 0x2171
patch_u32 "$F" $M_HEADER_SIZE 0
patch_bytes "$F" $M_VERSION 9 1 5
want_out <<EOF
System activity data file: $F (0x2171)
File created by sar/sadc from sysstat version 9.1.5
EOF
check_sadf 0

begin extraversion-3 base.sa
patch_u8 "$F" $((M_VERSION + 3)) 3
header_with "$F" "File created" "File created by sar/sadc from sysstat version $FLAVOUR.3" |
	want_out
check_sadf 0

begin upgraded-607 base.sa
patch_u32 "$F" $M_UPGRADED 0x607
header_with "$F" "Genuine" "Genuine sa datafile: no (607)" | want_out
check_sadf 0

for order in le be; do
	b=base.sa
	put=patch_u32
	if [ $order = be ]; then
		b=basex.sa
		put=patch_u32_be
	fi

	for v in 0 8193 60; do # 60 is below MAP_SIZE(1,1,12) = 64
		begin "header-size-$v-$order" $b
		$put "$F" $M_HEADER_SIZE $v
		want_err "$(msg_format "$F" $FLAVOUR 0x2175)"
		check_sadf 3
	done

	begin "hdr-types-map-over-header-size-$order" $b
	$put "$F" $M_HDR_TYPES 100
	want_err "$(msg_format "$F" $FLAVOUR 0x2175)"
	check_sadf 3

	# 8 * 2^28 = 2^31 does not wrap 32 bits: sysstat rejects it the same way.
	begin "hdr-types-2^28-u64-$order" $b
	$put "$F" $M_HDR_TYPES 0x10000000
	want_err "$(msg_format "$F" $FLAVOUR 0x2175)"
	check_sadf 3

	# 8 * 2^29 wraps to 0 in 32 bits (CVE-2019-16167).
	begin "hdr-types-wrap-u64-$order" $b
	$put "$F" $M_HDR_TYPES 0x20000000
	want_err "$(msg_format "$F" $FLAVOUR 0x2175)"
	diverge "sysstat sums the header map in 32 bits; the wrapped size passes its first check and a later one rejects the file without the version lines"
	check_sadf 3
done

begin hdr-types-wrap-u32 base.sa
patch_u32 "$F" $((M_HDR_TYPES + 8)) 0x40000000
want_err "$(msg_format "$F" $FLAVOUR 0x2175)"
diverge "32-bit wrap of 4 * 2^30 in sysstat's header map check"
check_sadf 3

begin hdr-types-wrap-long base.sa
patch_u32 "$F" $((M_HDR_TYPES + 4)) 0xffffffff
want_err "$(msg_format "$F" $FLAVOUR 0x2175)"
diverge "32-bit wrap of 8 * 0xffffffff in sysstat's header map check"
check_sadf 3

# A 10.2 file has no header_size check at the magic: the empty header fails later.
begin header-size-0-v10.2 base.sa
patch_u32 "$F" $M_HEADER_SIZE 0
patch_bytes "$F" $M_VERSION 10 2 0
want_err "$(msg_invalid "$F")"
check_sadf 3

begin header-size-9000-v10.2 base.sa
patch_u32 "$F" $M_HEADER_SIZE 9000
patch_bytes "$F" $M_VERSION 10 2 0
want_err "$(msg_invalid "$F")"
check_sadf 3

# A 11.6 file has no header map check at the magic: the remap rejects it.
begin hdr-types-map-over-header-size-v11.6 base.sa
patch_u32 "$F" $M_HDR_TYPES 100
patch_bytes "$F" $M_VERSION 11 6 0
want_err "$(msg_invalid "$F")"
check_sadf 3

## file_header

begin header-cut-at-76 base.sa
truncate -s 76 "$F"
want_err "$(msg_eof)"
check_sadf 2

begin header-cut-at-200 base.sa
truncate -s 200 "$F"
want_err "$(msg_eof)"
check_sadf 2

begin header-cut-at-411 basex.sa
truncate -s $((LIST - 1)) "$F"
want_err "$(msg_eof)"
check_sadf 2

# A larger header (a newer writer): the extra bytes are skipped.
begin header-size-344 base.sa
insert_zeros base.sa "$F" $LIST 8
patch_u32 "$F" $M_HEADER_SIZE 344
pristine_header "$F" | want_out
check_sadf 0

begin header-size-8192 base.sa
insert_zeros base.sa "$F" $LIST $((8192 - 336))
patch_u32 "$F" $M_HEADER_SIZE 8192
pristine_header "$F" | want_out
check_sadf 0

begin header-size-8192-cut base.sa
patch_u32 "$F" $M_HEADER_SIZE 8192
want_err "$(msg_eof)"
check_sadf 2

# The header ends at 156: the activity list is read from inside sa_sysname.
begin header-size-80 base.sa
patch_u32 "$F" $M_HEADER_SIZE 80
want_err "$(msg_invalid "$F")"
check_sadf 3

# One u32 fewer in the header: the char fields move 4 bytes (older layout).
begin hdr-types-1-1-11 base.sa
patch_u32 "$F" $((M_HDR_TYPES + 8)) 11
header_with "$F" \
	"Host:" "Host:   () ${T}$(date -d @1700000000 +%m/%d/%y) ${T}__${T}(2 CPU)" \
	"Timezone:" "Timezone: " \
	"File composition:" "File composition: (1,1,11),(0,0,9),(2,0,1)" \
	"Size of a long int:" "Size of a long int: 0" | want_out
check_sadf 0

begin sa-ust-time-minus-1 base.sa
patch_u32 "$F" $H_UST_TIME 0xffffffff
patch_u32 "$F" $((H_UST_TIME + 4)) 0xffffffff
header_with "$F" \
	"Host:" "Host: Linux 6.1.0-test (sa-make) ${T}$(date -d @-1 +%m/%d/%y) ${T}_x86_64_${T}(2 CPU)" \
	"File date:" "File date: $(date -d @-1 +%Y-%m-%d)" \
	"File time:" "File time: 23:59:59 UTC ($([ "$FLAVOUR" = 12.7.5 ] && echo 18446744073709551615 || echo -1))" |
	want_out
check_sadf 0

# A time localtime() cannot represent.
begin sa-ust-time-2^63 base.sa
patch_u32 "$F" $((H_UST_TIME + 4)) 0x80000000
header_with "$F" \
	"Host:" "Host: Linux 6.1.0-test (sa-make) ${T}?/?/? ${T}_x86_64_${T}(2 CPU)" \
	"File date:" "File date: ?" | grep -v '^File time:' | want_out
diverge "sysstat prints an uninitialised struct tm as the file date"
check_sadf 0

begin sa-hz-max base.sa
patch_u32 "$F" $H_HZ 0xffffffff
patch_u32 "$F" $((H_HZ + 4)) 0xffffffff
header_with "$F" "HZ =" "HZ = 18446744073709551615" | want_out
check_sadf 0

# A 32-bit writer's long: only the first 4 bytes of the slot are swapped.
begin sizeof-long-4-swapped basex.sa
patch_u8 "$F" $H_SIZEOF_LONG 4
header_with "$F" "Size of a long" "Size of a long int: 4" \
	"HZ =" "HZ = 7205759403792793600" | want_out
check_sadf 0

for v in 0:1 0xffffffff:-2 0x80000001:-2147483648; do
	begin "sa-cpu-nr-${v%%:*}" base.sa
	patch_u32 "$F" $H_CPU_NR "${v%%:*}"
	header_with "$F" "Host:" \
		"Host: Linux 6.1.0-test (sa-make) ${T}$(date -d @1700000000 +%m/%d/%y) ${T}_x86_64_${T}(${v#*:} CPU)" |
		want_out
	check_sadf 0
done

# sadf -t shows the stored date, normalised by mktime().
begin sa-month-12 base.sa
patch_u8 "$F" $H_MONTH 12
XARGS=(-t)
header_with "$F" "File date:" "File date: 2024-01-14" | want_out
check_sadf 0

begin sa-day-0 base.sa
patch_u8 "$F" $H_DAY 0
XARGS=(-t)
header_with "$F" "File date:" "File date: 2023-10-31" | want_out
check_sadf 0

begin sa-year-minus-1900 base.sa
patch_u32 "$F" $H_YEAR -1900
XARGS=(-t)
header_with "$F" "File date:" "File date: 0-11-14" | want_out
check_sadf 0

# Strings without their NUL: we cut them at the end of their field.
begin sysname-unterminated base.sa
patch_bytes "$F" $H_SYSNAME $(printf '65 %.0s' $(seq 65))
header_with "$F" "Host:" \
	"Host: $(printf 'A%.0s' $(seq 64)) 6.1.0-test (sa-make) ${T}$(date -d @1700000000 +%m/%d/%y) ${T}_x86_64_${T}(2 CPU)" |
	want_out
diverge "sysstat reads sa_sysname on into sa_nodename"
check_sadf 0

begin tzname-unterminated base.sa
patch_bytes "$F" $H_TZNAME 66 66 66 66 66 66 66 66
header_with "$F" "Timezone:" "Timezone: BBBBBBB" | want_out
diverge "sysstat reads sa_tzname on into the padding byte and beyond the struct"
check_sadf 0

for order in le be; do
	b=base.sa
	put=patch_u32
	if [ $order = be ]; then
		b=basex.sa
		put=patch_u32_be
	fi

	begin "sa-act-nr-257-$order" $b
	$put "$F" $H_ACT_NR 257
	want_err "$(msg_invalid "$F")"
	check_sadf 3

	begin "act-size-1025-$order" $b
	$put "$F" $H_ACT_SIZE 1025
	want_err "$(msg_invalid "$F")"
	check_sadf 3

	begin "rec-size-513-$order" $b
	$put "$F" $H_REC_SIZE 513
	want_err "$(msg_invalid "$F")"
	check_sadf 3
done

# An empty list: the three activity lines (the only ones starting with 0) go.
begin sa-act-nr-0 base.sa
patch_u32 "$F" $H_ACT_NR 0
header_with "$F" "Number of activities" "Number of activities in file: 0" | grep -v '^0' |
	want_out
diverge "sysstat treats the empty list's zero-byte allocation as out of memory: 'srealloc', exit 4"
check_sadf 0

begin act-size-0 base.sa
patch_u32 "$F" $H_ACT_SIZE 0
want_err "$(msg_invalid "$F")"
check_sadf 3

begin act-types-map-over-act-size base.sa
patch_u32 "$F" $((H_ACT_TYPES + 8)) 10 # 40 bytes > 36
want_err "$(msg_invalid "$F")"
check_sadf 3

begin act-types-wrap base.sa
patch_u32 "$F" $H_ACT_TYPES 0x20000000
want_err "$(msg_invalid "$F")"
check_sadf 3

begin rec-size-0 base.sa
patch_u32 "$F" $H_REC_SIZE 0
want_err "$(msg_invalid "$F")"
check_sadf 3

begin rec-types-map-over-rec-size base.sa
patch_u32 "$F" $((H_REC_TYPES + 8)) 10 # 56 bytes > 24
want_err "$(msg_invalid "$F")"
check_sadf 3

begin rec-types-wrap base.sa
patch_u32 "$F" $H_REC_TYPES 0x20000000
want_err "$(msg_invalid "$F")"
diverge "sysstat's 32-bit map size wraps to 4 and sadf -H accepts the file"
check_sadf 3

## The activity list

begin list-cut-inside-entry-0 base.sa
truncate -s $((LIST + 18)) "$F"
want_err "$(msg_eof)"
check_sadf 2

begin list-cut-after-entry-0 basex.sa
truncate -s $(fa 1 0) "$F"
want_err "$(msg_eof)"
check_sadf 2

begin list-cut-inside-entry-2 base.sa
truncate -s $(($(fa 2 0) + 16)) "$F"
want_err "$(msg_eof)"
check_sadf 2

for order in le be; do
	b=base.sa
	put=patch_u32
	if [ $order = be ]; then
		b=basex.sa
		put=patch_u32_be
	fi

	for v in 0 -1; do
		begin "cpu-nr-$v-$order" $b
		$put "$F" $(fa 0 $FA_NR) $v
		want_err "$(msg_invalid "$F")"
		check_sadf 3
	done

	for v in 0 -1 4097; do
		begin "cpu-nr2-$v-$order" $b
		$put "$F" $(fa 0 $FA_NR2) $v
		want_err "$(msg_invalid "$F")"
		check_sadf 3
	done

	for v in 0 -1 1025; do
		begin "pcsw-size-$v-$order" $b
		$put "$F" $(fa 1 $FA_SIZE) $v
		want_err "$(msg_invalid "$F")"
		check_sadf 3
	done

	begin "pcsw-unknown-magic-$order" $b
	$put "$F" $(fa 1 $FA_MAGIC) 0x99
	header_with "$F" "02:" "02: [99] A_PCSW               N:   1${T}(1,1,0) ${T}[Unknown format]" |
		want_out
	check_sadf 0
done

# NR_MAX = 65536 * 4096 applies to every id; A_CPU's own nr_max is 8193.
begin cpu-nr-8193 base.sa
patch_u32 "$F" $(fa 0 $FA_NR) 8193
header_with "$F" "01:" "01: [8b] A_CPU                Y:8193${T}(10,0,0)" | want_out
check_sadf 0

begin cpu-nr-8194 base.sa
patch_u32 "$F" $(fa 0 $FA_NR) 8194
want_err "$(msg_invalid "$F")"
check_sadf 3

begin cpu-nr-NR_MAX-plus-1 base.sa
patch_u32 "$F" $(fa 0 $FA_NR) $((65536 * 4096 + 1))
want_err "$(msg_invalid "$F")"
check_sadf 3

begin pcsw-nr-2 base.sa
patch_u32 "$F" $(fa 1 $FA_NR) 2
want_err "$(msg_invalid "$F")"
check_sadf 3

begin cpu-nr2-4096 base.sa
patch_u32 "$F" $(fa 0 $FA_NR2) 4096
header_with "$F" "01:" "01: [8b] A_CPU                Y:   3x4096${T}(10,0,0)" | want_out
check_sadf 0

begin pcsw-size-1024 base.sa
patch_u32 "$F" $(fa 1 $FA_SIZE) 1024
pristine_header "$F" | want_out
check_sadf 0

begin pcsw-map-over-size base.sa
patch_u32 "$F" $(fa 1 $FA_SIZE) 15 # MAP_SIZE(1,1,0) = 16
want_err "$(msg_invalid "$F")"
check_sadf 3

begin pcsw-fewer-types base.sa
patch_u32 "$F" $(fa 1 $FA_TYPES) 1
patch_u32 "$F" $(($(fa 1 $FA_TYPES) + 4)) 0
header_with "$F" "02:" "02: [8b] A_PCSW               N:   1${T}(1,0,0)" | want_out
check_sadf 0

begin pcsw-more-types base.sa
patch_u32 "$F" $(fa 1 $FA_TYPES) 2
patch_u32 "$F" $(($(fa 1 $FA_TYPES) + 8)) 1
patch_u32 "$F" $(fa 1 $FA_SIZE) 28
header_with "$F" "02:" "02: [8b] A_PCSW               N:   1${T}(2,1,1)" | want_out
check_sadf 0

# More u64, fewer longs: sar rejects the mix, sadf -H shows it.
begin cpu-mixed-types base.sa
patch_u32 "$F" $(fa 0 $FA_TYPES) 9
patch_u32 "$F" $(($(fa 0 $FA_TYPES) + 8)) 1
header_with "$F" "01:" "01: [8b] A_CPU                Y:   3${T}(9,0,1)" | want_out
check_sadf 0

begin pcsw-types-wrap base.sa
patch_u32 "$F" $(fa 1 $FA_TYPES) 0x20000000
patch_u32 "$F" $(($(fa 1 $FA_TYPES) + 4)) 0
want_err "$(msg_invalid "$F")"
diverge "8 * 2^29 wraps to 0 in sysstat's 32-bit map size and sadf -H accepts the entry"
check_sadf 3

begin has-nr-256 base.sa
patch_u32 "$F" $(fa 1 $FA_HAS_NR) 256
header_with "$F" "02:" "02: [8b] A_PCSW               Y:   1${T}(1,1,0)" | want_out
check_sadf 0

# An unknown magic still gets every structural check (sysstat issue #243).
begin pcsw-unknown-magic-nr-2 base.sa
patch_u32 "$F" $(fa 1 $FA_MAGIC) 0x99
patch_u32 "$F" $(fa 1 $FA_NR) 2
want_err "$(msg_invalid "$F")"
check_sadf 3

begin pcsw-unknown-magic-map-over-size base.sa
patch_u32 "$F" $(fa 1 $FA_MAGIC) 0x99
patch_u32 "$F" $(fa 1 $FA_TYPES) 5
want_err "$(msg_invalid "$F")"
check_sadf 3

begin pcsw-unknown-magic-mixed-types base.sa
patch_u32 "$F" $(fa 1 $FA_MAGIC) 0x99
patch_u32 "$F" $(fa 1 $FA_TYPES) 2
patch_u32 "$F" $(($(fa 1 $FA_TYPES) + 4)) 0
header_with "$F" "02:" "02: [99] A_PCSW               N:   1${T}(2,0,0) ${T}[Unknown format]" |
	want_out
check_sadf 0

# Unknown ids are listed and skipped; only the generic limits apply to them.
begin unknown-id base.sa
patch_u32 "$F" $(fa 1 $FA_ID) 99
header_with "$F" "02:" "99: [8b] Unknown activity     N:   1${T}(1,1,0)" | want_out
check_sadf 0

# The first id the flavour does not know: 43 (A_PWR_BAT) is 12.7.5's.
unknown=43
[ "$FLAVOUR" = 12.7.5 ] && unknown=44
begin unknown-id-swapped basex.sa
patch_u32_be "$F" $(fa 1 $FA_ID) $unknown
header_with "$F" "02:" "$unknown: [8b] Unknown activity     N:   1${T}(1,1,0)" | want_out
check_sadf 0

# Id 43 under 12.7.5: A_PWR_BAT, whose magic is 0x8a.
if [ "$FLAVOUR" = 12.7.5 ]; then
	begin bat-id-other-magic base.sa
	patch_u32 "$F" $(fa 1 $FA_ID) 43
	header_with "$F" "02:" "43: [8b] A_PWR_BAT            N:   1${T}(1,1,0) ${T}[Unknown format]" |
		want_out
	check_sadf 0
fi

begin unknown-id-nr-NR_MAX base.sa
patch_u32 "$F" $(fa 1 $FA_ID) 99
patch_u32 "$F" $(fa 1 $FA_NR) $((65536 * 4096))
header_with "$F" "02:" "99: [8b] Unknown activity     N:268435456${T}(1,1,0)" | want_out
check_sadf 0

begin unknown-id-nr-NR_MAX-plus-1 base.sa
patch_u32 "$F" $(fa 1 $FA_ID) 99
patch_u32 "$F" $(fa 1 $FA_NR) $((65536 * 4096 + 1))
want_err "$(msg_invalid "$F")"
check_sadf 3

begin unknown-id-nr2-4097 base.sa
patch_u32 "$F" $(fa 1 $FA_ID) 99
patch_u32 "$F" $(fa 1 $FA_NR2) 4097
want_err "$(msg_invalid "$F")"
check_sadf 3

# sysstat issue #202: a size <= 0 made the skip go backwards.
for v in 0 -1; do
	begin "unknown-id-size-$v" base.sa
	patch_u32 "$F" $(fa 1 $FA_ID) 99
	patch_u32 "$F" $(fa 1 $FA_SIZE) $v
	want_err "$(msg_invalid "$F")"
	check_sadf 3
done

begin unknown-id-map-over-size base.sa
patch_u32 "$F" $(fa 1 $FA_ID) 99
patch_u32 "$F" $(fa 1 $FA_TYPES) 3
header_with "$F" "02:" "99: [8b] Unknown activity     N:   1${T}(3,1,0)" | want_out
check_sadf 0

## Extra structures after the activity list (doc/format.md §2.4)


# set_extra_next FILE ORDER: sets file_header.extra_next to 1.
set_extra_next() {
	if [ "$2" = be ]; then
		patch_u32_be "$1" $H_EXTRA_NEXT 1
	else
		patch_u32 "$1" $H_EXTRA_NEXT 1
	fi
}

for order in le be; do
	b=base.sa
	[ $order = be ] && b=basex.sa

	# extra_desc: nr, size, next, types_nr[3]; then nr * size bytes.
	begin "extra-ok-$order" $b
	insert_extra $b "$F" $R0 $order 2 8 0 0 0 2
	set_extra_next "$F" $order
	header_with "$F" "Extra" "Extra structures available: Y" | want_out
	check_sadf 0

	begin "extra-nr-8192-$order" $b
	insert_extra $b "$F" $R0 $order 8192 8 0 0 0 2
	set_extra_next "$F" $order
	header_with "$F" "Extra" "Extra structures available: Y" | want_out
	check_sadf 0

	begin "extra-nr-8193-$order" $b
	insert_extra $b "$F" $R0 $order 8193 8 0 0 0 2
	set_extra_next "$F" $order
	want_err "$(msg_invalid "$F")"
	check_sadf 3

	begin "extra-size-1025-$order" $b
	insert_extra $b "$F" $R0 $order 2 1025 0 0 0 2
	set_extra_next "$F" $order
	want_err "$(msg_invalid "$F")"
	check_sadf 3
done

begin extra-size-1024 base.sa
insert_extra base.sa "$F" $R0 le 2 1024 0 0 0 2
set_extra_next "$F" le
header_with "$F" "Extra" "Extra structures available: Y" | want_out
check_sadf 0

begin extra-map-over-size base.sa
insert_extra base.sa "$F" $R0 le 2 8 0 0 0 3 # 12 bytes > 8
set_extra_next "$F" le
want_err "$(msg_invalid "$F")"
check_sadf 3

begin extra-long-map base.sa
insert_extra base.sa "$F" $R0 le 2 8 0 0 1 0
set_extra_next "$F" le
header_with "$F" "Extra" "Extra structures available: Y" | want_out
check_sadf 0

begin extra-types-wrap base.sa
insert_extra base.sa "$F" $R0 le 2 8 0 0x20000000 0 0
set_extra_next "$F" le
want_err "$(msg_invalid "$F")"
diverge "8 * 2^29 wraps to 0 in sysstat's 32-bit map size and the descriptor passes"
check_sadf 3

# A chain of two descriptors.
begin extra-chain base.sa
insert_extra base.sa chain.tmp $R0 le 1 16 0 0 0 4
insert_extra chain.tmp "$F" $R0 le 2 8 1 0 0 2
set_extra_next "$F" le
header_with "$F" "Extra" "Extra structures available: Y" | want_out
check_sadf 0

begin extra-chain-second-bad base.sa
insert_extra base.sa chain.tmp $R0 le 1 1025 0 0 0 4
insert_extra chain.tmp "$F" $R0 le 2 8 1 0 0 2
set_extra_next "$F" le
want_err "$(msg_invalid "$F")"
check_sadf 3

# extra_next set but no descriptor: the first record header is read as one
# (its uptime, 100000, is then extra_nr).
begin extra-next-without-desc base.sa
set_extra_next "$F" le
want_err "$(msg_invalid "$F")"
check_sadf 3

begin extra-desc-missing-at-eof base0.sa
set_extra_next "$F" le
want_err "$(msg_eof)"
check_sadf 2

begin extra-desc-cut base.sa
insert_extra base.sa "$F" $R0 le 2 8 0 0 0 2
set_extra_next "$F" le
truncate -s $((R0 + 10)) "$F"
want_err "$(msg_eof)"
check_sadf 2

# The structures themselves are skipped, not read: a cut there is not seen.
begin extra-structs-cut base.sa
insert_extra base.sa "$F" $R0 le 2 8 0 0 0 2
set_extra_next "$F" le
truncate -s $((R0 + 24 + 4)) "$F"
header_with "$F" "Extra" "Extra structures available: Y" | want_out
check_sadf 0

## Records: sadf -H never reads them; sa_walk shows what the reader makes of them.

begin record-type-0 base.sa
patch_u8 "$F" $((R0 + RH_TYPE)) 0
check_record "error=bad-record offset=$R0 what=record header: type 0 at 22:13:21 records=0"

begin record-type-16 base.sa
patch_u8 "$F" $((R0 + RH_TYPE)) 16
check_record "error=bad-record offset=$R0 what=record header: type 16 at 22:13:21 records=0"

begin record-hour-24 base.sa
patch_u8 "$F" $((R0 + RH_HOUR)) 24
check_record "error=bad-record offset=$R0 what=record header: type 1 at 24:13:21 records=0"

begin record-minute-60 basex.sa
patch_u8 "$F" $((R0 + RH_MINUTE)) 60
check_record "error=bad-record offset=$R0 what=record header: type 1 at 22:60:21 records=0"

begin record-second-61 base.sa
patch_u8 "$F" $((R0 + RH_SECOND)) 61
check_record "error=bad-record offset=$R0 what=record header: type 1 at 22:13:61 records=0"

# A leap second is valid.
begin record-second-60 base.sa
patch_u8 "$F" $((R0 + RH_SECOND)) 60
check_walk 0 "$F: ok records=2 stats=2 restarts=0 comments=0 end=$((R0 + 2 * REC_SIZE))"

begin record-cpu-count-minus-1 base.sa
patch_u32 "$F" $R0_CPU_COUNT -1
check_record "error=invalid offset=$R0_CPU_COUNT what=item count -1 records=0"

begin record-cpu-count-minus-1-swapped basex.sa
patch_u32_be "$F" $R0_CPU_COUNT -1
check_record "error=invalid offset=$R0_CPU_COUNT what=item count -1 records=0"

begin record-cpu-count-8194 base.sa
patch_u32 "$F" $R0_CPU_COUNT 8194
check_record "error=invalid offset=$R0_CPU_COUNT what=A_CPU: item count 8194 > 8193 records=0"

begin record-cpu-count-NR_MAX-plus-1 base.sa
patch_u32 "$F" $R0_CPU_COUNT $((65536 * 4096 + 1))
check_record "error=invalid offset=$R0_CPU_COUNT what=item count 268435457 records=0"

begin record-cut-in-items base.sa
truncate -s $((R0_CPU_COUNT + 4 + 80 + 72)) "$F"
check_record "error=truncated offset=$((R0_CPU_COUNT + 4 + 80)) what=A_CPU: 72 of 80 bytes records=0"

begin record-header-cut base.sa
truncate -s $((R0 + 10)) "$F"
check_record "error=truncated offset=$R0 what=record header: 10 of 24 bytes records=0"

for v in 0 -1; do
	begin "restart-cpu-count-$v" basec.sa
	patch_u32 "$F" $RESTART_COUNT $v
	check_record "error=invalid offset=$RESTART_COUNT what=restart CPU count $v records=2"
done

begin restart-cpu-count-0-swapped basecx.sa
patch_u32_be "$F" $RESTART_COUNT 0
check_record "error=invalid offset=$RESTART_COUNT what=restart CPU count 0 records=2"

if [ "$ORACLE" = 1 ]; then
	echo "corruption: sysstat $FLAVOUR agreed on $n_oracle_agree of $n_oracle sadf cases"
fi
finish
