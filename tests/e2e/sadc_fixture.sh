#!/bin/bash
# Our sadc on the fixture roots (snapshots of real machines), read back by
# Debian's sysstat 12.6.1. Every file must be accepted by sar -A and
# sadf -j without a message, and the values must be those sysstat's own
# sadc stored from the same roots (upstream's test archives, made by a
# TEST build of sadc 12.6.1 reading the same snapshots): sar's report of
# every activity is compared between the two files.
. "${top_srcdir:-.}/tests/lib.sh"

have_shared || skip "shared corpus not found at $SHARED"
have_oracle || skip "$(oracle_missing)"
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
finish
