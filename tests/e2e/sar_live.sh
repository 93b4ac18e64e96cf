#!/bin/bash
# flavours: 12.6.1 12.7.5
# Live mode: our sar running our sadc must print the same structure as
# Debian's sar running its sadc (headers, rows, averages; the values differ
# only by timing), and the file written with -o is readable by Debian's sar.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
requires oracle "$SAR"
# A copy, so that a rebuild during the run does not get in the way.
cp "$SAR" "$TMPD/sar" && SAR=$TMPD/sar
if [ -n "$ORACLE_ROOT" ] && ! unshare -m true 2>/dev/null; then
	skip "sar $FLAVOUR's live mode needs its sadc in /usr/libexec/sysstat: unshare -m is not permitted"
fi
# Our sar takes only a sadc of its flavour (its version in the stream header).
rm -f "$TMPD/v.sa"
"$top_builddir/sadc/sadc" 1 1 "$TMPD/v.sa" >/dev/null 2>&1
"$ORACLE_SADF" -H "$TMPD/v.sa" 2>/dev/null | grep -q "sysstat version ${FLAVOUR//./\\.}\$" ||
	skip "our sadc does not write sysstat $FLAVOUR's format (sadf -H on its file)"

# Times and numbers become placeholders; the rest must be the same.
shape() {
	sed -E 's/[0-9]{2}:[0-9]{2}:[0-9]{2}/T/g; s/[0-9]+\/[0-9]+\/[0-9]+/D/g; s/-?[0-9]+(\.[0-9]+)?/N/g; s/ +/ /g' "$1"
}

for opts in "-u 1 3" "-w 1 2" "-W -r 1 2" "-u ALL -P ALL 1 2" "-q ALL 1 2" "-n DEV 1 2" \
	"-A 1 2" "-B 1 2" "-w 0"; do
	oracle_live "$ORACLE_SAR" $opts >"$TMPD/a" 2>"$TMPD/a.err" &
	PATH="$top_builddir/sadc:$PATH" "$SAR" $opts >"$TMPD/b" 2>"$TMPD/b.err"
	rb=$?
	wait $!
	ra=$?
	if [ "$ra" = "$rb" ] && [ "$(shape "$TMPD/a")" = "$(shape "$TMPD/b")" ] &&
		cmp -s "$TMPD/a.err" "$TMPD/b.err"; then
		pass
	else
		fail "sar $opts (exit $ra vs $rb)"
		diff <(shape "$TMPD/a") <(shape "$TMPD/b") | head -10
	fi
done

# -o: the file our sar (through our sadc) writes is read by Debian's sar.
rm -f "$TMPD/o.sa"
PATH="$top_builddir/sadc:$PATH" "$SAR" -o "$TMPD/o.sa" 1 2 >/dev/null
if "$ORACLE_SAR" -A -f "$TMPD/o.sa" >/dev/null 2>"$TMPD/err" && [ ! -s "$TMPD/err" ] &&
	[ "$("$ORACLE_SAR" -f "$TMPD/o.sa" | grep -c '^Average:')" = 1 ]; then
	pass
else
	fail "sar -o file: $(cat "$TMPD/err")"
fi

# --use live (sysrec's own option, no oracle to compare with): sadc's samples on the pipe,
# then the USE report of the 2 intervals, with the header sar prints.
PATH="$top_builddir/sadc:$PATH" TZ=UTC "$SAR" --use 1 2 >"$TMPD/u" 2>"$TMPD/u.err"
ru=$?
if [ "$ru" = 0 ] && [ ! -s "$TMPD/u.err" ] && head -1 "$TMPD/u" | grep -q '(.* CPU)$' &&
	grep -Eq '^USE method, [0-9:]{8} to [0-9:]{8}: 2 intervals; ' "$TMPD/u" &&
	grep -Eq '^cpu all +(ok|warning|saturated) +U %busy ' "$TMPD/u" &&
	grep -Eq '^memory all +(ok|warning|saturated) +U %used ' "$TMPD/u"; then
	pass
else
	fail "sar --use 1 2 (exit $ru): $(head -c 600 "$TMPD/u") $(cat "$TMPD/u.err")"
fi

# Ctrl-C: the averages of what was seen.
PATH="$top_builddir/sadc:$PATH" setsid "$SAR" -w 1 >"$TMPD/c" 2>&1 &
pid=$!
sleep 2.5
kill -INT -- -$pid 2>/dev/null
wait $pid
if grep -q '^Average:' "$TMPD/c"; then pass; else fail "no averages after SIGINT: $(cat "$TMPD/c")"; fi
finish
