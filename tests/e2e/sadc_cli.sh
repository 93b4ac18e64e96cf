#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadc's command line against the oracle's sadc (messages and exit
# statuses), the stream the oracle's sar reads from it live, daily files and
# their rotation at midnight, month recycling, and a sample of this machine;
# under each flavour, the header (version) and activity list that the
# oracle's sadc writes for each -S selection.
. "${top_srcdir:-.}/tests/lib.sh"

requires oracle

# 1. Usage errors and messages: identical but for the program's path.
cd "$TMPD"
while IFS= read -r args; do
	eval "run_capture a $ORACLE_SADC $args"
	eval "run_capture b $SADC $args"
	if same_capture a b "s|$ORACLE_SADC|sadc|;s|$SADC|sadc|"; then
		pass
	else
		fail "sadc $args"
		show_diff a b
	fi
done <<'ARGS'
-S FOO
-S A_FOO
-S -A_FOO
-S
-C ''
-C
0
1 0
-X
1 2 3 4
-V
-V -S XALL
--help
/nonexistent/dir/file
-S A_NULL
- -
ARGS
# 12.7.5's -V shows S_TIME_DEF_TIME first when it is set (12.6.1's does not).
for v in UTC "" local; do
	S_TIME_DEF_TIME=$v run_capture a "$ORACLE_SADC" -V
	S_TIME_DEF_TIME=$v run_capture b "$SADC" -V
	if same_capture a b; then pass; else fail "S_TIME_DEF_TIME='$v' sadc -V"; show_diff a b; fi
done

# 2. The oracle's sar runs our sadc as its data collector (live mode): bind
#    our binary over the sadc it runs in a private mount namespace (12.7.5's
#    sar runs /usr/libexec/sysstat/sadc, which is not installed: a directory
#    holding it is bound over /usr/libexec). It checks the version bytes.
if [ "$FLAVOUR" = 12.7.5 ]; then
	mkdir -p "$TMPD/libexec/sysstat"
	ln -s "$SADC" "$TMPD/libexec/sysstat/sadc"
	bind="mount --bind '$TMPD/libexec' /usr/libexec"
else
	bind="mount --bind '$SADC' '$ORACLE_SADC'"
fi
if command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
	for opts in "-u 1 2" "-n DEV 1 2" "-A 1 1" "-q ALL 1 1" "-o $TMPD/live.sa 1 2"; do
		unshare -m sh -c "$bind && exec '$ORACLE_SAR' $opts" \
			>"$TMPD/live.out" 2>"$TMPD/live.err"
		rc=$?
		if [ $rc -eq 0 ] && [ ! -s "$TMPD/live.err" ] && grep -q '^Average:' "$TMPD/live.out"; then
			pass
		else
			fail "live sar $opts with our sadc: exit $rc $(head -2 "$TMPD/live.err")"
		fi
	done
	# The file written with -o is read back by Debian's sar.
	if "$ORACLE_SAR" -f "$TMPD/live.sa" >/dev/null 2>&1; then pass; else fail "sar -o file unreadable"; fi
else
	echo "SKIP live pipe: cannot make a private mount namespace here"
fi

# 3. Midnight: the sample taken at 00:00:00 ends one day's file and starts the
#    next (upstream test 01350), with a fixed clock, in a directory.
for long in "" "-D"; do
	d="$TMPD/days$long"
	mkdir -p "$d"
	TZ=UTC "$SADC" $long --unix-time=1795996799 1 3 "$d"   # 2026-11-29 23:59:59 UTC
	if [ -n "$long" ]; then f1="$d/sa20261129" f2="$d/sa20261130"; else f1="$d/sa29" f2="$d/sa30"; fi
	t1=$("$SA_WALK" -d "$f1" | sed -n 's/.*time=\([0-9:]*\).*/\1/p' | tr '\n' ' ')
	t2=$("$SA_WALK" -d "$f2" | sed -n 's/.*time=\([0-9:]*\).*/\1/p' | tr '\n' ' ')
	if [ "$t1" = "23:59:59 00:00:00 " ] && [ "$t2" = "00:00:00 00:00:01 " ]; then
		pass
	else
		fail "rotation$long: '$t1' / '$t2'"
	fi
	TZ=UTC "$ORACLE_SAR" -u -f "$f2" >/dev/null 2>&1 && pass || fail "sar on rotated file$long"
done

# 4. A daily file of a past month is recycled, not appended to.
d="$TMPD/month"
mkdir -p "$d"
TZ=UTC "$SADC" --unix-time=1793404800 1 1 "$d"   # 2026-10-30 00:00:00 UTC -> sa30
TZ=UTC "$SADC" --unix-time=1795996800 1 1 "$d"   # 2026-11-30 00:00:00 UTC -> sa30 again
case "$("$SA_WALK" "$d/sa30")" in
*"ok records=1 "*) pass ;;
*) fail "month recycling: $("$SA_WALK" "$d/sa30")" ;;
esac
# An explicit file name is never recycled.
TZ=UTC "$SADC" --unix-time=1793404800 1 1 "$TMPD/keep.sa"
TZ=UTC "$SADC" --unix-time=1795996800 1 1 "$TMPD/keep.sa"
case "$("$SA_WALK" "$TMPD/keep.sa")" in
*"ok records=2 "*) pass ;;
*) fail "explicit file recycled: $("$SA_WALK" "$TMPD/keep.sa")" ;;
esac

# 5. The stream on stdout is a file sar can read.
"$SADC" -S XALL 1 2 >"$TMPD/stream.sa"
if "$ORACLE_SAR" -A -f "$TMPD/stream.sa" >/dev/null 2>"$TMPD/err" && [ ! -s "$TMPD/err" ]; then pass
else fail "stdout stream: $(cat "$TMPD/err")"; fi

# 6. This machine, -S XALL: Debian's readers take the file without a word,
#    and it shows this machine's interfaces and CPU count.
rm -f "$TMPD/m.sa"
"$SADC" -S XALL "$TMPD/m.sa" 1 2
for cmd in "$ORACLE_SAR -A -f $TMPD/m.sa" "$ORACLE_SADF -j $TMPD/m.sa -- -A"; do
	$cmd >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s "$TMPD/err" ]; then pass; else fail "'$cmd': exit $rc $(head -2 "$TMPD/err")"; fi
done
want=$(sed -n 's/^ *\([^:]*\):.*/\1/p' /proc/net/dev | sort | tr '\n' ' ')
got=$("$ORACLE_SAR" -n DEV -f "$TMPD/m.sa" | awk '$1 == "Average:" && $2 != "IFACE" {print $2}' | sort | tr '\n' ' ')
if [ "$want" = "$got" ]; then pass; else fail "interfaces: /proc says '$want', sar '$got'"; fi
cpus=$("$ORACLE_SAR" -f "$TMPD/m.sa" | head -1 | sed -n 's/.*(\([0-9]*\) CPU).*/\1/p')
if [ "$cpus" = "$(ls -d /sys/devices/system/cpu/cpu[0-9]* | wc -l)" ]; then pass; else fail "CPU count $cpus"; fi

# 7. Each -S selection: the same header (version bytes, sizes) and activity
#    list (ids, magics, item counts and sizes, types) as the oracle's sadc
#    writes on this machine, as the oracle's sadf -H shows them, and the
#    same bytes up to the first record but the file's time and the
#    (collected) item counts.
for sel in "" INT DISK XDISK SNMP IPV6 POWER ALL XALL A_PAGE A_NULL,A_PWR_BAT A_PWR_USB,A_PAGE \
	XALL,-A_PAGE; do
	opt=${sel:+-S $sel}
	rm -f "$TMPD/o.sa" "$TMPD/m.sa"
	run_capture "$TMPD/os" "$ORACLE_SADC" $opt 1 1 "$TMPD/o.sa"
	run_capture "$TMPD/ms" "$SADC" $opt 1 1 "$TMPD/m.sa"
	if ! same_capture "$TMPD/os" "$TMPD/ms" "s|$ORACLE_SADC|sadc|;s|$SADC|sadc|"; then
		fail "-S '$sel': sadc's messages or exit status differ from the oracle's"
		show_diff "$TMPD/os" "$TMPD/ms"
		continue
	fi
	if [ ! -e "$TMPD/o.sa" ]; then
		# A selection the flavour does not know: no file on either side.
		if [ ! -e "$TMPD/m.sa" ]; then pass; else fail "-S '$sel': we wrote a file"; fi
		continue
	fi
	for x in o m; do
		"$ORACLE_SADF" -H "$TMPD/$x.sa" 2>&1 | grep -v '^System activity data file\|^File time' |
			sed 's/^\(..: \[..\] [A-Z_0-9]* *[YN]: *\)[0-9x]*/\1N/' >"$TMPD/$x.H"
	done
	if cmp -s "$TMPD/o.H" "$TMPD/m.H" && grep -q "sysstat version $FLAVOUR\$" "$TMPD/m.H"; then
		pass
	else
		fail "-S '$sel': header or activity list differs from the oracle's"
		diff -u "$TMPD/o.H" "$TMPD/m.H" | head -20
	fi
	# The magic block and the header's fixed fields (not its times) byte for byte.
	if cmp -s <(head -c 76 "$TMPD/o.sa") <(head -c 76 "$TMPD/m.sa"); then pass
	else fail "-S '$sel': magic block or header start differs"; fi
done
finish
