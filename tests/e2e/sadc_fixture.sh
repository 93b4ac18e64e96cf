#!/bin/bash
# flavours: 12.6.1 12.7.5
# Our sadc on the fixture roots (snapshots of real machines), read back by
# Debian's sysstat 12.6.1. Every file must be accepted by sar -A and
# sadf -j without a message, and the values must be those sysstat's own
# sadc stored from the same roots (upstream's test archives, made by a
# TEST build of sadc 12.6.1 reading the same snapshots): sar's report of
# every activity is compared between the two files.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle
ROOTS="$SHARED/corpus/upstream/roots"
GEN="$SHARED/corpus/upstream/generated"
export TZ=GMT
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64

# 1. One sample from each root: Debian's readers take it without a word.
for root in "$ROOTS"/root*; do
	name=$(basename "$root")
	rm -f "$TMPD/$name.sa"
	if ! "$SADC" --root="$root" --unix-time=1555593609 $IDENT -S XALL "$TMPD/$name.sa" 1 1 \
		2>"$TMPD/err"; then
		fail "$name: sadc failed: $(cat "$TMPD/err")"
		continue
	fi
	for cmd in "$ORACLE_SAR -A -f $TMPD/$name.sa" "$ORACLE_SADF -j $TMPD/$name.sa -- -A" \
		"$ORACLE_SADF -H $TMPD/$name.sa"; do
		$cmd >"$TMPD/out" 2>"$TMPD/err"
		rc=$?
		if [ $rc -eq 0 ] && [ ! -s "$TMPD/err" ]; then pass
		else fail "$name: '$cmd' exit $rc: $(head -3 "$TMPD/err")"; fi
	done
	"$ORACLE_SADF" -j "$TMPD/$name.sa" -- -A >"$TMPD/out.json" 2>/dev/null
	if python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMPD/out.json"; then
		pass
	else
		fail "$name: sadf -j output is not JSON"
	fi
done

# 2. Upstream's data-new.tmp, made again with our sadc: the same runs on
#    root1..root5 (upstream test 00050), a restart and a comment (00052, 00054). sar's reports of every activity but
#    the filesystems (statvfs is faked by the TEST build) must be identical.
ours="$TMPD/data-new.sa"
rm -f "$ours"
t=1555593609
"$SADC" --root="$ROOTS/root1" --unix-time=$t $IDENT \
	-S XALL,-A_PWR_FAN,-A_PWR_IN,-A_PWR_TEMP,-A_PWR_FREQ "$ours" 1 1
for n in 2 3 4 5; do
	t=$((t + 10))
	"$SADC" --root="$ROOTS/root$n" --unix-time=$t $IDENT -S XALL "$ours" 1 1
done
# Upstream tests 00052 and 00054 then add a LINUX RESTART and a comment.
"$SADC" --root="$ROOTS/root1" --unix-time=1555594649 $IDENT "$ours"
"$SADC" --root="$ROOTS/root1" --unix-time=1555594749 $IDENT -C "Testing sysstat!" "$ours"
while read -r opts; do
	run_capture "$TMPD/a" "$ORACLE_SAR" $opts -f "$GEN/data-new.tmp"
	run_capture "$TMPD/b" "$ORACLE_SAR" $opts -f "$ours"
	if same_capture "$TMPD/a" "$TMPD/b" "s|$ours|FILE|;s|$GEN/data-new.tmp|FILE|"; then
		pass
	else
		fail "sar $opts: our data-new differs from sysstat's"
		show_diff "$TMPD/a" "$TMPD/b"
	fi
done <<'OPTS'
-u ALL -P ALL
-C -u
-I ALL -P ALL
-w
-W
-B
-b
-r ALL
-S
-H
-v
-q ALL
-y
-d
-d -p
-n DEV
-n EDEV
-n NFS
-n NFSD
-n SOCK
-n IP
-n EIP
-n ICMP
-n EICMP
-n TCP
-n ETCP
-n UDP
-n SOCK6
-n IP6
-n EIP6
-n ICMP6
-n EICMP6
-n UDP6
-n SOFT
-n FC
-m CPU -P ALL
-m USB
OPTS

# 3. A_PAGE from a fixture /proc/vmstat: the oracle's sadc reads the same
#    vmstat and uptime (bound over /proc's in a private mount namespace),
#    ours reads them under --root; sadf -d -- -B must agree but for the
#    timestamp. By hand: pgprom/s = (800 - 500) / 60 = 5.00, pgdem/s =
#    ((160 + 50 + 5) - (100 + 20 + 5)) / 60 = 1.50 (12.7.5 only).
P="$TMPD/pageroot"
mkdir -p "$P"
cp -r "$ROOTS/root1/." "$P/"
vmstat() {
	printf 'pgpgin %s\npgpgout 2000\npgfault %s\npgmajfault 7\npgfree 9000\n' "$1" "$2"
	printf 'pgsteal_kswapd %s\npgsteal_direct 3\npgscan_kswapd 40\npgscan_direct 8\n' "$3"
	printf 'pgpromote_success %s\npgpromote_candidate 999\n' "$4"
	printf 'pgdemote_kswapd %s\npgdemote_direct %s\npgdemote_khugepaged 5\n' "$5" "$6"
}
vmstat 1000 50000 600 500 100 20 >"$TMPD/vm1"
vmstat 1600 53000 1200 800 160 50 >"$TMPD/vm2"
echo "1000.00 1900.00" >"$TMPD/up1"
echo "1060.00 2000.00" >"$TMPD/up2"
rm -f "$TMPD/page-o.sa" "$TMPD/page-m.sa"
for n in 1 2; do
	cp "$TMPD/vm$n" "$P/proc/vmstat"
	cp "$TMPD/up$n" "$P/proc/uptime"
	"$SADC" --root="$P" --unix-time=$((1555593609 + 60 * n)) $IDENT -S A_NULL,A_PAGE \
		"$TMPD/page-m.sa" 1 1
done
if command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
	for n in 1 2; do
		unshare -m sh -c "mount --bind '$TMPD/vm$n' /proc/vmstat &&
			mount --bind '$TMPD/up$n' /proc/uptime &&
			exec '$ORACLE_SADC' -S A_NULL,A_PAGE 1 1 '$TMPD/page-o.sa'"
	done
	for f in o m; do
		"$ORACLE_SADF" -d "$TMPD/page-$f.sa" -- -B | cut -d';' -f2,4- >"$TMPD/page-$f.txt"
	done
	if cmp -s "$TMPD/page-o.txt" "$TMPD/page-m.txt" && [ -s "$TMPD/page-m.txt" ]; then
		pass
	else
		fail "A_PAGE: our sadc's values differ from the oracle's"
		diff "$TMPD/page-o.txt" "$TMPD/page-m.txt"
	fi
else
	echo "SKIP A_PAGE against the oracle's sadc: no private mount namespace here"
fi
# 10 pages/s in (600 pages in 60 s) but pgpgin is in kB: 1600 - 1000 = 600 kB / 60 s.
want="60;10.00;0.00;50.00;0.00;0.00;0.00;0.00;10.00"
# 12.6.1 ends with %vmeff (no page scanned: 0.00), 12.7.5 with pgprom/s and pgdem/s.
[ "$FLAVOUR" = 12.6.1 ] && want="$want;0.00"
[ "$FLAVOUR" = 12.7.5 ] && want="$want;5.00;1.50"
got=$("$ORACLE_SADF" -d "$TMPD/page-m.sa" -- -B | sed -n 2p | cut -d';' -f2,4-)
if [ "$got" = "$want" ]; then pass; else fail "A_PAGE by hand: '$got', want '$want'"; fi

# 4. Batteries (12.7.5): a fake sys/class/power_supply under the root, in the
#    order its _list gives. Capacity is the first line's number cut to 8 bits,
#    status one of five codes (raw values of sadf -r).
B="$TMPD/batroot"
mkdir -p "$B"
cp -r "$ROOTS/root1/." "$B/"
PS="$B/sys/class/power_supply"
mkdir -p "$PS/BAT1" "$PS/AC" "$PS/BAT0" "$PS/BAT12" "$PS/BAT3" "$PS/BAT9" "$PS/BATX" "$PS/BAT2"
printf 'BAT1\nAC\nBAT0\nBAT12\nBAT3\nBAT9\nBATX\nBAT2\n' >"$PS/_list"
echo 100 >"$PS/BAT1/capacity"; echo Full >"$PS/BAT1/status"
echo 1 >"$PS/AC/online"
echo 87 >"$PS/BAT0/capacity"; echo Discharging >"$PS/BAT0/status"
echo "  42 " >"$PS/BAT12/capacity"; echo "Not charging" >"$PS/BAT12/status"
echo 300 >"$PS/BAT3/capacity"; echo Charging >"$PS/BAT3/status"
echo 50 >"$PS/BATX/capacity"
printf '\n55\n' >"$PS/BAT2/capacity"; echo full >"$PS/BAT2/status"
rm -f "$TMPD/bat.sa"
for n in 1 2; do
	cp "$TMPD/up$n" "$B/proc/uptime"
	[ $n = 2 ] && echo 81 >"$PS/BAT0/capacity"
	"$SADC" --root="$B" --unix-time=$((1555593609 + 60 * n)) $IDENT -S POWER "$TMPD/bat.sa" 1 1
done
if [ "$FLAVOUR" = 12.7.5 ]; then
	got=$("$ORACLE_SADF" -r "$TMPD/bat.sa" -- -m BAT 2>&1 | cut -d';' -f2- | tr -d ' ' | tr '\n' '/')
	want="BAT;1;%cap;100;100;status;4;/BAT;0;%cap;87;81;status;2;/BAT;12;%cap;42;42;status;3;/"
	want="${want}BAT;3;%cap;44;44;status;1;/BAT;9;%cap;0;0;status;0;/BAT;2;%cap;0;0;status;0;/"
	if [ "$got" = "$want" ]; then pass; else fail "batteries: sadf -r says '$got', want '$want'"; fi
	"$ORACLE_SAR" -m BAT -f "$TMPD/bat.sa" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s "$TMPD/err" ] && grep -q '^Average: *0 *81.00 *-6.00' "$TMPD/out"; then
		pass
	else
		fail "batteries: oracle sar -m BAT exit $rc: $(cat "$TMPD/err" "$TMPD/out")"
	fi
else
	# 12.6.1 knows no batteries: -S POWER leaves them out.
	if "$ORACLE_SADF" -H "$TMPD/bat.sa" | grep -q 'A_PWR_USB' &&
		! "$ORACLE_SADF" -H "$TMPD/bat.sa" | grep -q '^43:'; then
		pass
	else
		fail "12.6.1 file with batteries: $("$ORACLE_SADF" -H "$TMPD/bat.sa" 2>&1 | tail -3)"
	fi
fi
finish
