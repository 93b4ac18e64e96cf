#!/bin/bash
# sadc as a systemd Type=notify service (sysstat-collect-daemon.service):
# READY=1 after the first sample, WATCHDOG=1 with each sample and at least
# every half WATCHDOG_USEC in between, STATUS= lines, and on SIGTERM a last
# sample, STOPPING=1 and exit status 0. Without NOTIFY_SOCKET, nothing of
# this: SIGTERM kills sadc, as it kills sysstat's. notify_listen plays
# systemd's part. sadc speaks the protocol itself: no libsystemd is loaded.
. "${top_srcdir:-.}/tests/lib.sh"

LISTEN=$top_builddir/tests/tools/notify_listen
# When "make check" itself runs under systemd, its settings are not ours.
unset NOTIFY_SOCKET WATCHDOG_USEC WATCHDOG_PID

# 0. Neither libsystemd nor the libraries it loads (they cost every one-shot
#    start from the collect timer a quarter of its time).
if command -v ldd >/dev/null; then
	libs=$(ldd "$SADC" | grep -E -o 'lib(systemd|gcrypt|lzma|zstd|lz4|cap|gpg-error)\.so[.0-9]*' |
		tr '\n' ' ')
	if [ -z "$libs" ]; then pass; else fail "sadc loads $libs"; fi
fi

# configure --without-systemd: NOTIFY_SOCKET is ignored, as by sysstat.
if ! grep -q '^#define WITH_SYSTEMD_NOTIFY 1' "$top_builddir/config.h"; then
	"$LISTEN" -t 60 "$TMPD/sock" "$SADC" 1 2 "$TMPD/w.sa" >"$TMPD/nw" 2>&1
	if [ "$(cut -d' ' -f2- "$TMPD/nw")" = "exit 0" ] &&
		"$SA_WALK" "$TMPD/w.sa" | grep -q 'ok records=2 '; then
		pass
	else
		fail "built without the notify daemon: $(tr '\n' ' ' <"$TMPD/nw")"
	fi
	finish
	exit
fi

# 1. A sample every 4 s, a 1 s watchdog; systemd's SIGTERM after the fourth
#    keep-alive, between two samples.
mkdir -p "$TMPD/d1"
WATCHDOG_USEC=1000000 "$LISTEN" -k 4 -t 60 "$TMPD/sock" "$SADC" -F -L 4 "$TMPD/d1" >"$TMPD/n1" \
	2>"$TMPD/e1"
file=$(ls "$TMPD/d1"/sa* 2>/dev/null | head -1)
first_in() { grep -n "$2" "$1" | head -1 | cut -d: -f1; }
if [ "$(first_in "$TMPD/n1" ' READY=1$')" = 1 ]; then pass; else fail "READY=1 is not the first notification: $(head -3 "$TMPD/n1")"; fi
if grep -q "^[0-9]* STATUS=1 samples taken; writing to $file\$" "$TMPD/n1"; then pass; else
	fail "no STATUS= after the first sample: $(head -3 "$TMPD/n1")"; fi
# Keep-alives: the last gap between two of them, up to the stop, under the
# whole watchdog period (they are due every half period).
gaps=$(awk '$2 == "WATCHDOG=1" { if (prev != "") print $1 - prev; prev = $1 }' "$TMPD/n1")
n_ping=$(grep -c ' WATCHDOG=1$' "$TMPD/n1")
max=$(echo "$gaps" | sort -n | tail -1)
if [ "$n_ping" -ge 5 ] && [ -n "$max" ] && [ "$max" -lt 1000 ]; then pass; else
	fail "keep-alives: $n_ping, longest gap ${max}ms (watchdog 1000ms)"; fi
# SIGTERM came ~2 s after the first sample: one last sample, then STOPPING=1, exit 0.
if [ "$(tail -1 "$TMPD/n1" | cut -d' ' -f2-)" = "exit 0" ]; then pass; else
	fail "after SIGTERM: $(tail -3 "$TMPD/n1" | tr '\n' ' ') $(head -3 "$TMPD/e1")"; fi
if grep -q '^[0-9]* STOPPING=1$' "$TMPD/n1" &&
	grep -q '^[0-9]* STATUS=Stopped after 2 samples$' "$TMPD/n1"; then pass; else
	fail "no STOPPING=1 after 2 samples: $(tail -4 "$TMPD/n1" | tr '\n' ' ')"; fi
case "$("$SA_WALK" "$file")" in
*"ok records=2 stats=2 "*) pass ;;
*) fail "records after the stop: $("$SA_WALK" "$file")" ;;
esac
# The last sample was taken at the stop, not at the next interval (4 s).
t_term=$(sed -n 's/^\([0-9]*\) sent SIGTERM.*/\1/p' "$TMPD/n1")
t_stop=$(sed -n 's/^\([0-9]*\) STOPPING=1$/\1/p' "$TMPD/n1")
if [ -n "$t_term" ] && [ -n "$t_stop" ] && [ $((t_stop - t_term)) -lt 1500 ]; then pass; else
	fail "stopped ${t_stop}ms, SIGTERM at ${t_term}ms"; fi
if [ ! -s "$TMPD/e1" ]; then pass; else fail "stderr: $(head -3 "$TMPD/e1")"; fi

# 2. SIGTERM under a second after a sample: no second sample at the same time.
mkdir -p "$TMPD/d2"
WATCHDOG_USEC=400000 "$LISTEN" -k 1 -t 60 "$TMPD/sock" "$SADC" 5 "$TMPD/d2/f.sa" >"$TMPD/n2" 2>&1
if [ "$(tail -1 "$TMPD/n2" | cut -d' ' -f2-)" = "exit 0" ] && grep -q 'Stopped after 1 samples$' "$TMPD/n2" &&
	"$SA_WALK" "$TMPD/d2/f.sa" | grep -q 'ok records=1 '; then
	pass
else
	fail "early SIGTERM: $(tr '\n' ' ' <"$TMPD/n2") $("$SA_WALK" "$TMPD/d2/f.sa")"
fi

# 3. No watchdog (no WATCHDOG_USEC, or one meant for another process): the
#    keep-alives come with the samples only, and READY=1 still does.
for env in "" "WATCHDOG_USEC=200000 WATCHDOG_PID=1"; do
	env $env "$LISTEN" -t 60 "$TMPD/sock" "$SADC" 1 3 "$TMPD/n3.sa" >"$TMPD/n3" 2>&1
	if [ "$(grep -c ' WATCHDOG=1$' "$TMPD/n3")" = 3 ] && grep -q ' READY=1$' "$TMPD/n3" &&
		[ "$(tail -1 "$TMPD/n3" | cut -d' ' -f2-)" = "exit 0" ]; then
		pass
	else
		fail "without a watchdog ($env): $(tr '\n' ' ' <"$TMPD/n3")"
	fi
	rm -f "$TMPD/n3.sa"
done

# 4. An abstract socket ("@name"), and a watchdog meant for sadc by
#    WATCHDOG_PID (set to its pid, as systemd does): READY=1, keep-alives
#    every half 300 ms between the two samples 2 s apart, exit 0.
WATCHDOG_USEC=300000 "$LISTEN" -p -t 60 "@sysrec-notify-$$" "$SADC" 2 2 "$TMPD/n4.sa" \
	>"$TMPD/n4" 2>&1
n_ping=$(grep -c ' WATCHDOG=1$' "$TMPD/n4")
if [ "$(first_in "$TMPD/n4" ' READY=1$')" = 1 ] && [ "$n_ping" -ge 8 ] &&
	grep -q "^[0-9]* STATUS=2 samples taken; writing to $TMPD/n4.sa\$" "$TMPD/n4" &&
	[ "$(tail -1 "$TMPD/n4" | cut -d' ' -f2-)" = "exit 0" ]; then
	pass
else
	fail "abstract socket, WATCHDOG_PID: $n_ping keep-alives; $(tr '\n' ' ' <"$TMPD/n4" | head -c 300)"
fi

# 5. A socket that is no address, or that nobody listens on: one message on
#    stderr, and the collection goes on.
for sock in "relative/sock:Invalid argument" "$TMPD/nobody:No such file or directory"; do
	rm -f "$TMPD/n5.sa"
	NOTIFY_SOCKET=${sock%%:*} "$SADC" 1 3 "$TMPD/n5.sa" >/dev/null 2>"$TMPD/e5"
	rc=$?
	want="sadc: cannot notify the service manager at '${sock%%:*}': ${sock#*:}"
	if [ $rc = 0 ] && [ "$(cat "$TMPD/e5")" = "$want" ] &&
		"$SA_WALK" "$TMPD/n5.sa" | grep -q 'ok records=3 '; then
		pass
	else
		fail "NOTIFY_SOCKET=${sock%%:*}: exit $rc, stderr $(head -3 "$TMPD/e5"), $("$SA_WALK" "$TMPD/n5.sa")"
	fi
done

# 6. Without NOTIFY_SOCKET, SIGTERM kills sadc at once, as sysstat's.
"$SADC" 1 100 "$TMPD/plain.sa" 2>/dev/null &
pid=$!
sleep 1.5
kill -TERM $pid
wait $pid
rc=$?
if [ $rc = 143 ]; then pass; else fail "plain sadc on SIGTERM: exit $rc, want 143 (killed)"; fi
finish
