#!/bin/bash
# flavours: 12.6.1 12.7.5
# Archives of sysstat 9.1.6 to 11.6.x (formats 0x2171 and 0x2173), read
# directly and converted by `sadf -c`, on the three upstream test files:
# - `sadf -c` writes the bytes the oracle's `sadf -c` writes, with the same
#   stderr and status; where 12.6.1's converter crashes (data-10.3.1, after
#   the first restart record) ours converts, and what 12.6.1 wrote before
#   crashing is the start of ours. The oracle's sar reads our converted file.
# - sar -A, sadf -j/-d/-x -- -A and sadf -H on the old file itself print
#   what the oracle prints on the converted file (its own where it converts).
# - Under 12.6.1, upstream's expected outputs with upstream's commands
#   (tests 00600-00664 and 01500-01550 of sysstat 12.6.1).
# - Truncated and corrupted old files: the oracle's message and status
#   (where the oracle does not crash), never a crash of ours; sadc still
#   refuses to append to an old file, and data-9.1.5 (0x2170) is still
#   refused.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle

SAR="$top_builddir/sar/sar"
FILES="$SHARED/corpus/upstream/files"
EXP="$SHARED/corpus/upstream/expected"
export LC_ALL=C TZ=GMT

# check NAME A B [SED]: two captures must be the same (file names normalised by SED).
check() {
	if same_capture "$2" "$3" "${4:-}"; then
		pass
	else
		fail "$1"
		show_diff "$2" "$3"
	fi
}

# An exit status of ours that is a message, not a crash or a sanitizer report.
sane() {
	local rc
	rc=$(cat "$1.rc")
	case $rc in 0|1|2|3) ! grep -q "Sanitizer\|runtime error" "$1.err" ;; *) false ;; esac
}

for name in data-9.1.6 data-10.3.1 data-11.6.5; do
	f=$FILES/$name
	[ -r "$f" ] || { fail "$name missing from the corpus"; continue; }
	run_capture "$TMPD/o.c" "$ORACLE_SADF" -c "$f"
	run_capture "$TMPD/b.c" "$SADF" -c "$f"
	conv=$TMPD/$name.conv
	cp "$TMPD/b.c.out" "$conv"
	if [ "$(cat "$TMPD/o.c.rc")" -ge 128 ]; then
		# 12.6.1 crashes on data-10.3.1: its partial output is the start of ours.
		size=$(stat -c %s "$TMPD/o.c.out")
		if [ "$(cat "$TMPD/b.c.rc")" = 0 ] && [ "$size" -gt 1000 ] &&
			cmp -s -n "$size" "$TMPD/o.c.out" "$conv"; then pass
		else fail "$name: sadf -c is not the oracle's output up to its crash"; fi
		ref=$conv
	else
		check "$name: sadf -c" "$TMPD/o.c" "$TMPD/b.c"
		ref=$TMPD/o.c.out
	fi
	sane "$TMPD/b.c" && pass || fail "$name: sadf -c exit $(cat "$TMPD/b.c.rc")"

	# The oracle reads our converted file as its own.
	run_capture "$TMPD/o.r" "$ORACLE_SAR" -A -f "$conv"
	run_capture "$TMPD/b.r" "$SAR" -A -f "$f"
	check "$name: oracle sar -A on our sadf -c output vs our sar -A" "$TMPD/o.r" "$TMPD/b.r"

	# Reading the old file directly is reading its conversion.
	norm="s|$ref|FILE|g; s|$f|FILE|g"
	run_capture "$TMPD/o.a" "$ORACLE_SAR" -A -f "$ref"
	check "$name: sar -A" "$TMPD/o.a" "$TMPD/b.r"
	for fmt in j d x; do
		run_capture "$TMPD/o.$fmt" "$ORACLE_SADF" -$fmt "$ref" -- -A
		run_capture "$TMPD/b.$fmt" "$SADF" -$fmt "$f" -- -A
		check "$name: sadf -$fmt -- -A" "$TMPD/o.$fmt" "$TMPD/b.$fmt" "$norm"
	done
	run_capture "$TMPD/o.h" "$ORACLE_SADF" -H "$ref"
	run_capture "$TMPD/b.h" "$SADF" -H "$f"
	check "$name: sadf -H" "$TMPD/o.h" "$TMPD/b.h" "$norm"

	# Upstream's expected outputs are 12.6.1's.
	if [ "$FLAVOUR" = 12.6.1 ]; then
		"$SAR" -C -A -f "$f" >"$TMPD/u.out" 2>&1
		cmp -s "$TMPD/u.out" "$EXP/expected.$name" && pass ||
			fail "$name: sar -C -A differs from upstream's expected.$name"
	fi
done

# -O hz=250 (upstream tests 00602, 00608, 00660, 00664).
f=$FILES/data-9.1.6
run_capture "$TMPD/o.hz" "$ORACLE_SADF" -c "$f" -O hz=250
run_capture "$TMPD/b.hz" "$SADF" -c "$f" -O hz=250
check "data-9.1.6: sadf -c -O hz=250" "$TMPD/o.hz" "$TMPD/b.hz"
if [ "$FLAVOUR" = 12.6.1 ]; then
	hz=$TMPD/data-9.1.6-hz.tmp
	cp "$TMPD/b.hz.out" "$hz"
	"$SAR" -f "$hz" >"$TMPD/u.out" 2>&1
	cmp -s "$TMPD/u.out" "$EXP/expected.data-9.1.6-hz" && pass || fail "sar on the hz=250 file"
	"$SADF" -r -O debug "$hz" >"$TMPD/u.out" 2>&1
	cmp -s "$TMPD/u.out" "$EXP/expected.sadf-r-hz" && pass || fail "sadf -r -O debug, hz=250"
	# Upstream's expected -H was made by another converter: its name and "upgraded" differ.
	"$SADF" -H "$hz" | sed '1d; 3d' >"$TMPD/u.out"
	sed '1d; 3d' "$EXP/expected.sadf-H-hz" | cmp -s - "$TMPD/u.out" && pass ||
		fail "sadf -H, hz=250"

	# Upstream tests 01500-01550: sadf on data-11.6.5's conversion.
	f=$FILES/data-11.6.5
	for fmt in d p r g j x; do
		"$SADF" -$fmt "$f" -- -m FAN,IN,TEMP >"$TMPD/u.out" 2>&1
		cmp -s "$TMPD/u.out" "$EXP/expected.data-11.6.5-sadf-$fmt" && pass ||
			fail "data-11.6.5: sadf -$fmt -- -m FAN,IN,TEMP"
	done
fi

# Malformed old files: truncated at several places, and one field changed at a time.
mutate() {
	# mutate OUT SRC OFFSET HEXBYTES
	cp "$2" "$1"
	chmod u+w "$1"
	printf "$(echo "$4" | sed 's/../\\x&/g')" | dd of="$1" bs=1 seek="$3" conv=notrunc status=none
}
i=0
for spec in "data-9.1.6 trunc 40" "data-9.1.6 trunc 500" "data-9.1.6 trunc 950" \
	"data-9.1.6 trunc 5000" "data-10.3.1 trunc 1060" "data-10.3.1 trunc 1200" \
	"data-11.6.5 trunc 300" "data-11.6.5 trunc 20000" \
	"data-9.1.6 set 16 ff01" "data-9.1.6 set 296 00000000" \
	"data-9.1.6 set 292 63000000" "data-9.1.6 set 304 00000000" \
	"data-11.6.5 set 88 0a000000" "data-11.6.5 set 364 00000000" \
	"data-11.6.5 set 92 00000000" "data-9.1.6 set 308 63000000"; do
	set -- $spec
	src=$FILES/$1
	bad=$TMPD/bad$i
	i=$((i + 1))
	case $2 in
	trunc) head -c "$3" "$src" >"$bad" ;;
	set) mutate "$bad" "$src" "$3" "$4" ;;
	esac
	run_capture "$TMPD/o.m" "$ORACLE_SADF" -c "$bad"
	run_capture "$TMPD/b.m" "$SADF" -c "$bad"
	run_capture "$TMPD/b.s" "$SAR" -A -f "$bad"
	if [ "$(cat "$TMPD/o.m.rc")" -lt 128 ]; then
		check "$spec: sadf -c" "$TMPD/o.m" "$TMPD/b.m"
		# A cut file reads as far as sadf -c converts it.
		if [ "$2" = trunc ]; then
			cp "$TMPD/o.m.out" "$TMPD/part"
			run_capture "$TMPD/o.s" "$ORACLE_SAR" -A -f "$TMPD/part"
			check "$spec: sar -A" "$TMPD/o.s" "$TMPD/b.s" "s|$TMPD/part|FILE|g; s|$bad|FILE|g"
		fi
	fi
	sane "$TMPD/b.m" && pass || fail "$spec: sadf -c exit $(cat "$TMPD/b.m.rc")"
	sane "$TMPD/b.s" && pass || fail "$spec: sar -A exit $(cat "$TMPD/b.s.rc")"
	run_capture "$TMPD/b.j" "$SADF" -j "$bad" -- -A
	sane "$TMPD/b.j" && pass || fail "$spec: sadf -j exit $(cat "$TMPD/b.j.rc")"
done

# sadc still refuses to append to an old file (upstream test 00670), as the oracle does.
cp "$FILES/data-11.6.5" "$TMPD/ow"
chmod u+w "$TMPD/ow"
run_capture "$TMPD/b.ow" "$SADC" 1 1 "$TMPD/ow"
cmp -s "$TMPD/ow" "$FILES/data-11.6.5" && grep -q "Invalid system activity file" "$TMPD/b.ow.err" &&
	pass || fail "sadc appended to an old file, or said: $(cat "$TMPD/b.ow.err")"

# 0x2170 (sysstat 9.1.5) stays refused, as the oracle refuses it.
f=$FILES/data-9.1.5
for cmd in "-c" "-H" "-j"; do
	run_capture "$TMPD/o.5" "$ORACLE_SADF" $cmd "$f"
	run_capture "$TMPD/b.5" "$SADF" $cmd "$f"
	check "data-9.1.5: sadf $cmd" "$TMPD/o.5" "$TMPD/b.5"
done
run_capture "$TMPD/o.5" "$ORACLE_SAR" -f "$f"
run_capture "$TMPD/b.5" "$SAR" -f "$f"
check "data-9.1.5: sar" "$TMPD/o.5" "$TMPD/b.5"

finish
