#!/bin/bash
# flavours: 12.6.1 12.7.5
# Appending: our sadc and the oracle's sadc (12.6.1 or 12.7.5, as the
# flavour) append to each other's files on this machine, and both sars read
# the result; a file of the other release is refused by both alike; with a
# battery (12.7.5, a private mount namespace) too; a torn last record is cut
# before appending so that every later record stays readable; an unmarked
# reboot gets its LINUX RESTART; concurrent -L writers never interleave.
. "${top_srcdir:-.}/tests/lib.sh"

requires oracle
SAR="$top_builddir/sar/sar"

# Every record of FILE is read, by our reader and by sysstat's sar.
readable_to_end() {
	local file=$1 what=$2 n=$3
	local line
	line=$("$SA_WALK" "$file")
	case "$line" in
	*": ok records=$n "*"end=$(stat -c %s "$file")") pass ;;
	*) fail "$what: our reader says '$line' (expected $n records)" ;;
	esac
	if "$ORACLE_SAR" -A -f "$file" >"$TMPD/sar.out" 2>"$TMPD/sar.err" && [ ! -s "$TMPD/sar.err" ]; then
		pass
	else
		fail "$what: sysstat's sar: $(head -2 "$TMPD/sar.err")"
	fi
	if "$SAR" -A -f "$file" >"$TMPD/sar.out" 2>"$TMPD/sar.err" && [ ! -s "$TMPD/sar.err" ]; then
		pass
	else
		fail "$what: our sar: $(head -2 "$TMPD/sar.err")"
	fi
}

# Number of statistics lines sysstat's sar -u prints (one per record after the first).
sar_rows() {
	"$ORACLE_SAR" -u -f "$1" 2>/dev/null | grep -cE '^[0-9]{2}:[0-9]{2}:[0-9]{2} +all '
}

list_of() {
	"$ORACLE_SADF" -H "$1" | sed -n '/^List of activities:/,$p'
}

for sel in XALL "DISK,SNMP" ""; do
	s=${sel:+-S $sel}
	# Ours creates, Debian's appends; then the other way round.
	rm -f "$TMPD/a.sa" "$TMPD/b.sa"
	"$SADC" $s "$TMPD/a.sa" 1 1 && "$ORACLE_SADC" $s "$TMPD/a.sa" 1 1 2>"$TMPD/err"
	[ -s "$TMPD/err" ] && fail "sysstat's sadc on our file ($sel): $(cat "$TMPD/err")"
	readable_to_end "$TMPD/a.sa" "ours then sysstat's ($sel)" 2
	"$ORACLE_SADC" $s "$TMPD/b.sa" 1 1 && "$SADC" $s "$TMPD/b.sa" 1 1 2>"$TMPD/err"
	[ -s "$TMPD/err" ] && fail "our sadc on sysstat's file ($sel): $(cat "$TMPD/err")"
	readable_to_end "$TMPD/b.sa" "sysstat's then ours ($sel)" 2
	# The same activity list, in the same order, with the same counts and sizes.
	rm -f "$TMPD/a.sa" "$TMPD/b.sa"
	"$SADC" $s "$TMPD/a.sa" 1 1
	"$ORACLE_SADC" $s "$TMPD/b.sa" 1 1
	if [ "$(list_of "$TMPD/a.sa")" = "$(list_of "$TMPD/b.sa")" ]; then
		pass
	else
		fail "activity lists differ for -S '$sel'"
		diff <(list_of "$TMPD/a.sa") <(list_of "$TMPD/b.sa") | head -20
	fi
done

# A file of the other release (A_PAGE is 64 bytes in 12.6.1's, 80 in
# 12.7.5's): our sadc refuses it as the oracle's does, and -F starts it anew.
if [ "$FLAVOUR" = 12.7.5 ]; then
	OTHER_SADC=/usr/lib/sysstat/sadc
else
	OTHER_SADC=$("$top_srcdir/tests/tools/oracle_1275.sh" 2>/dev/null)/usr/libexec/sysstat/sadc
fi
if [ -x "$OTHER_SADC" ]; then
	for sel in "" XALL; do
		s=${sel:+-S $sel}
		rm -f "$TMPD/x.sa"
		"$OTHER_SADC" $s 1 1 "$TMPD/x.sa"
		cp "$TMPD/x.sa" "$TMPD/y.sa"
		run_capture "$TMPD/xo" "$ORACLE_SADC" $s 1 1 "$TMPD/x.sa"
		run_capture "$TMPD/xm" "$SADC" $s 1 1 "$TMPD/y.sa"
		if same_capture "$TMPD/xo" "$TMPD/xm" "s|$TMPD/[xy].sa|FILE|" &&
			[ "$(cat "$TMPD/xm.rc")" = 1 ] && cmp -s "$TMPD/x.sa" "$TMPD/y.sa"; then
			pass
		else
			fail "other release's file ($sel): not refused as the oracle refuses it"
			show_diff "$TMPD/xo" "$TMPD/xm"
		fi
		"$SADC" -F $s 1 1 "$TMPD/y.sa"
		readable_to_end "$TMPD/y.sa" "-F on the other release's file ($sel)" 1
	done
else
	echo "SKIP other release's file: its sadc is not available"
fi

# Batteries (12.7.5): with a fake sys/class/power_supply bound over the real
# one in a private mount namespace, each sadc appends to the other's file.
if [ "$FLAVOUR" = 12.7.5 ] && command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
	ps="$TMPD/power_supply"
	mkdir -p "$ps/BAT0" "$ps/BAT1" "$ps/AC"
	echo 87 >"$ps/BAT0/capacity"; echo Discharging >"$ps/BAT0/status"
	echo 100 >"$ps/BAT1/capacity"; echo Full >"$ps/BAT1/status"
	echo 1 >"$ps/AC/online"
	in_ns() {
		unshare -m sh -c "mount --bind '$ps' /sys/class/power_supply && exec \"\$@\"" sh "$@"
	}
	rm -f "$TMPD/ba.sa" "$TMPD/bb.sa"
	in_ns "$SADC" -S POWER 1 1 "$TMPD/ba.sa" && in_ns "$ORACLE_SADC" -S POWER 1 1 "$TMPD/ba.sa"
	readable_to_end "$TMPD/ba.sa" "batteries: ours then the oracle's" 2
	in_ns "$ORACLE_SADC" -S POWER 1 1 "$TMPD/bb.sa" && in_ns "$SADC" -S POWER 1 1 "$TMPD/bb.sa"
	readable_to_end "$TMPD/bb.sa" "batteries: the oracle's then ours" 2
	# Every record holds both batteries (the average row of each).
	for f in ba bb; do
		got=$("$ORACLE_SAR" -m BAT -f "$TMPD/$f.sa" | awk '$1 == "Average:" {print $2, $3}' | sort | tr '\n' ' ')
		if [ "$got" = "0 87.00 1 100.00 " ]; then pass; else fail "batteries in $f.sa: '$got'"; fi
	done
	if [ "$(list_of "$TMPD/ba.sa")" = "$(list_of "$TMPD/bb.sa")" ]; then
		pass
	else
		fail "activity lists differ with batteries"
		diff <(list_of "$TMPD/ba.sa") <(list_of "$TMPD/bb.sa") | head -20
	fi
fi

# A torn last record (a crash in the middle of a write) is cut before the
# next append; sysstat's sar then reads every record written after it.
rm -f "$TMPD/t.sa"
"$SADC" -S XALL "$TMPD/t.sa" 1 2
size=$(stat -c %s "$TMPD/t.sa")
truncate -s $((size - 100)) "$TMPD/t.sa"
"$SADC" -S XALL "$TMPD/t.sa" 1 2 2>"$TMPD/err"
if grep -q "torn record" "$TMPD/err"; then pass; else fail "no word about the torn record: $(cat "$TMPD/err")"; fi
readable_to_end "$TMPD/t.sa" "after a torn record" 3
if [ "$(sar_rows "$TMPD/t.sa")" = 2 ]; then pass; else fail "sar -u rows after repair: $(sar_rows "$TMPD/t.sa")"; fi
# A tail of zeros (a crash after the file grew, before its data) is cut too.
head -c 700 /dev/zero >>"$TMPD/t.sa"
"$SADC" -S XALL "$TMPD/t.sa" 1 1 2>"$TMPD/err"
readable_to_end "$TMPD/t.sa" "after a zero-filled tail" 4

# A real SIGKILL in the middle of the loop, then a new run.
rm -f "$TMPD/k.sa"
"$SADC" -S XALL "$TMPD/k.sa" 1 100 &
pid=$!
sleep 2.5
kill -9 $pid
wait $pid 2>/dev/null
"$SADC" -S XALL "$TMPD/k.sa" 1 1 2>/dev/null
case "$("$SA_WALK" "$TMPD/k.sa")" in
*": ok "*) pass ;;
*) fail "after SIGKILL: $("$SA_WALK" "$TMPD/k.sa")" ;;
esac

# An unmarked reboot: the new sample's uptime is lower than the last one's.
if have_part shared "unmarked reboot (the fixture roots)"; then
	R="$SHARED/corpus/upstream/roots"
	rm -f "$TMPD/r.sa"
	"$SADC" --root="$R/root2" --unix-time=1555593609 -S XALL "$TMPD/r.sa" 1 1
	"$SADC" --root="$R/root1" --unix-time=1555593619 -S XALL "$TMPD/r.sa" 1 1
	"$SADC" --root="$R/root2" --unix-time=1555593629 -S XALL "$TMPD/r.sa" 1 1
	types=$("$SA_WALK" -d "$TMPD/r.sa" | sed -n 's/^  record type=\([0-9]*\).*/\1/p' | tr '\n' ' ')
	if [ "$types" = "1 2 1 1 " ]; then pass; else fail "unmarked reboot: record types '$types'"; fi
fi

# Two -L writers on one file never interleave: the file reads to its end.
rm -f "$TMPD/l.sa"
"$SADC" -L -S XALL "$TMPD/l.sa" 1 3 &
"$SADC" -L -S XALL "$TMPD/l.sa" 1 3 2>/dev/null &
wait
case "$("$SA_WALK" "$TMPD/l.sa")" in
*": ok "*) pass ;;
*) fail "two -L writers: $("$SA_WALK" "$TMPD/l.sa")" ;;
esac
finish
