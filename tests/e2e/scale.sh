#!/bin/bash
# flavours: 12.6.1 12.7.5
# Many items, against Debian's sar and sadf 12.6.1: the scale benchmark's
# archives (bench/scale_bench.sh) at a reduced size, so that this runs in a
# few seconds even under the sanitizers. sa_make -s writes stable
# identities (disks keep their major:minor, interrupts are named as sysstat
# names them); -N adds churn: a new disk and interface first in each record,
# every other one a place further, so that each item's previous sample is
# found away from its own position (our index, sysstat's search round the
# list); a last file has interfaces of the same name at several places.
# Stdout, stderr and exit status must be identical, in two time zones.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
requires oracle "$SA_MAKE"

# 97 CPUs x 300 interrupt rows, 600 disks, 300 interfaces: above the 32
# items from which the previous samples are indexed.
"$SA_MAKE" -s -a 1,3 -r 4 -c 96 -I 300 "$TMPD/cpu.sa"
"$SA_MAKE" -s -a 11,12,13 -r 5 -d 600 -i 300 "$TMPD/dev.sa"
"$SA_MAKE" -s -N -a 11,12,13 -r 5 -d 600 -i 300 "$TMPD/churn.sa"
# Namesakes: a few interfaces renamed after others, in every record.
sed -e 's/it10\x00/it12\x00/g; s/it25\x00/it12\x00/g; s/it40\x00/it41\x00/g' \
	"$TMPD/churn.sa" >"$TMPD/dup.sa"

compare() {
	# compare NAME PROGRAM ARGS...: both programs, same arguments.
	local name=$1 prog=$2
	shift 2
	oracle_compare --label="$name: $prog $*" "$prog" "$@"
}

for tz in UTC GMT+12; do
	export TZ=$tz
	f=$TMPD/cpu.sa
	compare "$tz cpu" sar -u ALL -P ALL -f "$f"
	compare "$tz cpu" sar -I ALL -f "$f"
	compare "$tz cpu" sar -I SUM -P ALL -f "$f"
	for fmt in -d -j; do
		compare "$tz cpu" sadf $fmt "$f" -- -u ALL -P ALL
		compare "$tz cpu" sadf $fmt "$f" -- -I ALL
	done
	for name in dev churn dup; do
		f=$TMPD/$name.sa
		compare "$tz $name" sar -d -f "$f"
		compare "$tz $name" sar -d -p -f "$f"
		compare "$tz $name" sar -n DEV,EDEV -f "$f"
		compare "$tz $name" sar -n DEV --iface=it12,it41,it299 -f "$f"
		compare "$tz $name" sar -d -n DEV -z -s 22:15:00 -f "$f"
		for fmt in -d -j -r; do
			compare "$tz $name" sadf $fmt "$f" -- -d -n DEV,EDEV
		done
	done
done
finish
