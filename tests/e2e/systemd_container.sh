#!/bin/bash
# flavours: 12.6.1 12.7.5
# The units under a real systemd: a Debian container (debootstrap minbase
# with systemd) booted with systemd-nspawn, sysrec configured
# --with-compat=FLAVOUR installed in it with "make install DESTDIR=" (that
# release's Debian layout: 12.7.5's in /usr/libexec/sysstat and
# /usr/lib/systemd/system, 12.6.1's in /usr/lib/sysstat and
# /lib/systemd/system), driven with systemctl through nsenter. Checks,
# under the units' real sandboxes: "systemctl enable --now sysstat" (a LINUX
# RESTART record, the timers started); sysstat-collect, -rotate and -summary
# run by hand (a record, yesterday's file closed, its report, the old files
# compressed and removed); the notify daemon (active means READY=1 arrived,
# the watchdog, its status text, a last sample at the stop); the live
# endpoint (disabled after install; "systemctl enable --now
# sysstat-metrics.socket", on a free port through a drop-in, answers
# GET /metrics with node_load1); the files' owners and modes; no denial in
# the journal; no unit failed.
#
# Needs root, debootstrap, systemd-nspawn and the Debian mirror of
# /etc/apt/sources.list* (SYSREC_MIRROR overrides it); skips otherwise. The
# debootstrap tree is kept as a tarball in /var/cache/sysrec-test-CODENAME
# (SYSREC_NSPAWN_CACHE=DIR elsewhere, =none for none) for 30 days
# (tests/tools/debian_tree.sh, which newcomer.sh shares).
. "${top_srcdir:-.}/tests/lib.sh"

[ "$(id -u)" = 0 ] || skip "not root (debootstrap and systemd-nspawn need root)"
for c in debootstrap systemd-nspawn nsenter chroot wget pgrep; do
	command -v $c >/dev/null ||
		skip "$c is missing (Debian packages debootstrap systemd-container wget procps)"
done

. "$top_srcdir/tests/tools/debian_tree.sh"

# The container runs the host's Debian release, so that the binaries built
# here find the same libraries there.
include=systemd,systemd-sysv,dbus
[ -n "$debian_mirror" ] || skip "no Debian mirror for $debian_codename in /etc/apt/sources.list*"

ROOT=$TMPD/root
build_pid="" boot_pid="" pid1=""

# Shuts the container down (SIGTERM to systemd-nspawn: a clean poweroff),
# then kills what is left, unmounts anything under TMPD and removes it.
# Every step is bounded.
cleanup() {
	local i
	# timeout(1) passes the signal on to its whole process group.
	for i in $build_pid $fg_pid; do kill -TERM "$i" 2>/dev/null; done
	if [ -n "$boot_pid" ] && kill -0 "$boot_pid" 2>/dev/null; then
		kill -TERM "$boot_pid" 2>/dev/null
		for i in $(seq 40); do
			kill -0 "$boot_pid" 2>/dev/null || break
			sleep 0.25
		done
		# Killing PID 1 of the container kills all of its processes.
		[ -n "$pid1" ] && kill -KILL "$pid1" 2>/dev/null
		kill -KILL "$boot_pid" 2>/dev/null
	fi
	debian_umount_under "$TMPD"
	rm -rf --one-file-system "$TMPD"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# A make of our own, not a job of the "make check" that may be running us.
unset MAKEFLAGS MFLAGS MAKELEVEL

# 1. A plain build (no sanitizer runtime in the container) configured for
#    the container's layout and the flavour, made while debootstrap runs.
#    The test's own build serves when it is one. Under 12.7.5 the unit
#    directory is configure's default (Debian 13's); under 12.6.1 Debian
#    12's, whatever pkg-config says on this machine.
case $FLAVOUR in
12.6.1) want_unitdir=/lib/systemd/system unit_arg=--with-systemdsystemunitdir=/lib/systemd/system ;;
*) want_unitdir=/usr/lib/systemd/system unit_arg= ;;
esac
plain_build() {
	local mk=$top_builddir/Makefile
	[ -f "$mk" ] && grep -q '^SAN_CFLAGS = *$' "$mk" && grep -q '^prefix = /usr$' "$mk" &&
		grep -q '^sysconfdir = /etc$' "$mk" && grep -q '^localstatedir = /var$' "$mk" &&
		grep -qx "systemdsystemunitdir = $want_unitdir" "$mk" &&
		grep -qx "SYSREC_COMPAT = $FLAVOUR" "$mk" && grep -q '^libexecdir = ${exec_prefix}/libexec$' "$mk"
}
if plain_build; then
	B=$top_builddir
	timeout -k 10 600 sh -c "make -C '$B' all && make -C '$B' tests/tools/sa_walk" \
		>"$TMPD/build.log" 2>&1 &
elif [ -f "$top_srcdir/config.status" ]; then
	skip "$top_srcdir is configured in place: no separate plain build can be made from it"
else
	B=$TMPD/build
	mkdir -p "$B"
	timeout -k 10 600 sh -c "cd '$B' && '$top_srcdir/configure' --prefix=/usr --sysconfdir=/etc \
		--localstatedir=/var --with-compat=$FLAVOUR $unit_arg && \
		make -j$(nproc 2>/dev/null || echo 2) all && make tests/tools/sa_walk" >"$TMPD/build.log" 2>&1 &
fi
build_pid=$!
t_start=$SECONDS

# 2. The container's tree: from the cache, else debootstrap (and cached).
debian_tree "$ROOT" "$debian_codename" "$include" || skip "$debian_tree_why"
echo "container tree: $debian_codename from $debian_tree_origin ($((SECONDS - t_start)) s)"

wait "$build_pid"
rc=$?
build_pid=""
if [ $rc != 0 ]; then
	grep -E -m5 'error|Error' "$TMPD/build.log"
	tail -5 "$TMPD/build.log"
	fail "plain build in $B (exit $rc)"
	finish
	exit
fi
echo "build: $B ($((SECONDS - t_start)) s)"
SA_WALK=$B/tests/tools/sa_walk
# The layout of the flavour's Debian package.
build_vars "$B"
case $FLAVOUR in
12.6.1) want_sadcdir=/usr/lib/sysstat ;;
*) want_sadcdir=/usr/libexec/sysstat ;;
esac
if [ "$sadcdir $unitdir $sleepdir" = "$want_sadcdir $want_unitdir ${want_unitdir%/*}/system-sleep" ]; then
	pass
else
	fail "layout: sadc in $sadcdir, units in $unitdir, hook in $sleepdir; want $want_sadcdir, $want_unitdir"
fi

# 3. sysrec in the tree; the container's clock in the test's time zone
#    (TZ=GMT+12 runs the units at GMT+12); a short watchdog for the daemon.
if ! timeout 300 make -C "$B" install DESTDIR="$ROOT" >"$TMPD/install.log" 2>&1; then
	tail -20 "$TMPD/install.log"
	fail "make install DESTDIR=$ROOT"
	finish
	exit
fi
for z in "$TZ" "Etc/$TZ"; do
	if [ -f "$ROOT/usr/share/zoneinfo/$z" ]; then
		ln -sfn "/usr/share/zoneinfo/$z" "$ROOT/etc/localtime"
		break
	fi
done
d=$ROOT/etc/systemd/system/sysstat-collect-daemon.service.d
mkdir -p "$d"
printf '[Service]\nWatchdogSec=2s\n' >"$d/watchdog.conf"
# Old files for sa2: compressed after 3 days, removed after HISTORY (7);
# by gzip, as the minimal system has no xz (the shipped ZIP="xz").
grep -q '^ZIP="xz"$' "$ROOT/etc/sysstat/sysstat" && pass || fail "the installed configuration's ZIP is not \"xz\""
sed -i 's/^COMPRESSAFTER=.*/COMPRESSAFTER=3/; s/^ZIP=.*/ZIP="gzip"/' "$ROOT/etc/sysstat/sysstat"
# The programs run there (the same libraries).
for p in "$sadcdir/sadc" /usr/bin/sar /usr/bin/sadf; do
	if out=$(timeout 10 chroot "$ROOT" "$p" -V 2>&1) && [ -n "$out" ]; then pass; else
		fail "$p does not run in the container: $(echo "$out" | head -2)"; fi
done

# 4. Boot. The container's PID 1 is the child of systemd-nspawn that is PID
#    1 of its own namespace. --keep-unit: no scope to ask for on a host
#    whose PID 1 is not systemd; --timezone=off: the zone set above, not
#    the host's.
machine=sysrec-test-$$
timeout -k 10 900 systemd-nspawn -D "$ROOT" -M "$machine" -b --register=no --keep-unit --timezone=off \
	--console=pipe </dev/null >"$TMPD/boot.log" 2>&1 &
boot_pid=$!
find_pid1() {
	local p c
	for p in $(pgrep -P "$boot_pid"); do
		for c in $p $(pgrep -P "$p"); do
			grep -q '^NSpid:.*[[:space:]]1$' "/proc/$c/status" 2>/dev/null && { echo "$c"; return; }
		done
	done
}
ctr() { # runs a command in the container, with its environment and clock
	timeout 60 nsenter -t "$pid1" -a env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C \
		SYSTEMD_COLORS=0 "$@"
}
state=""
for i in $(seq 120); do
	kill -0 "$boot_pid" 2>/dev/null || break
	[ -n "$pid1" ] || pid1=$(find_pid1)
	if [ -n "$pid1" ]; then
		state=$(timeout 5 nsenter -t "$pid1" -a systemctl is-system-running 2>/dev/null)
		case $state in running | degraded) break ;; esac
	fi
	sleep 0.5
done
case $state in
running) ;;
degraded)
	echo "note: the container is degraded: $(ctr systemctl --failed --no-legend --plain | tr '\n' ' ')"
	;;
*)
	tail -10 "$TMPD/boot.log"
	skip "the container did not boot (state '${state:-none}' after $i tries)"
	;;
esac
echo "boot: $state ($((SECONDS - t_start)) s)"

# Nothing at midnight: the checks name today's and yesterday's files.
if [ "$(ctr date +%H%M)" -ge 2358 ]; then
	echo "note: waiting for midnight to pass"
	while [ "$(ctr date +%H)" = 23 ] && [ $SECONDS -lt $((t_start + 600)) ]; do sleep 5; done
fi
today=$(ctr date +%d)
yesterday=$(ctr date -d '12:00 yesterday' +%d)
SA=$ROOT/var/log/sysstat
walk() { "$SA_WALK" "$SA/$1" 2>&1 | sed 's/^[^:]*: //'; }
records() { walk "$1" | sed -n 's/.* records=\([0-9]*\) .*/\1/p'; }
show() { ctr systemctl show -p "$1" --value "$2"; }
# How many times systemd logged that a unit ended well.
n_ended_ok() {
	ctr journalctl --no-pager -o cat -u "$1" | grep -c "^$1: Deactivated successfully\.$"
}
# A oneshot service ran to success: "systemctl start" returned 0, and
# systemd saw it exit with status 0 (ExecMainCode 1: CLD_EXITED). A unit
# that nothing holds may have been unloaded since, its properties reset:
# then systemd's log says how it ended.
ran_ok() {
	local u=$1 r
	if ctr systemctl start "$u" 2>"$TMPD/err"; then :; else
		fail "systemctl start $u: $(head -3 "$TMPD/err")"
		return
	fi
	r="$(show Result "$u") $(show ExecMainCode "$u") $(show ExecMainStatus "$u")"
	if [ "$r" = "success 1 0" ] || { [ "$r" = "success 0 0" ] && [ "$(n_ended_ok "$u")" = 1 ]; }; then
		pass
	else
		fail "$u: Result ExecMainCode ExecMainStatus = $r"
	fi
}

# The collect timer fires on the ten-minute marks (AccuracySec=1s). From
# "enable --now" until the timers are stopped, a few seconds pass in which
# a sample of its own would upset the counts: when a mark is less than 40 s
# away, it is let pass first.
s_to_mark=$(ctr date +'%M %S' | awk '{ print (10 - $1 % 10) * 60 - $2 }')
if [ "$s_to_mark" -lt 40 ]; then
	echo "note: waiting $((s_to_mark + 2)) s for the ten-minute mark to pass"
	sleep $((s_to_mark + 2))
fi

# 5. systemctl enable --now sysstat: sa1 --boot writes a LINUX RESTART
#    record into today's new file, and the three timers are started.
if ctr systemctl enable --now sysstat >"$TMPD/enable.out" 2>&1; then pass; else
	fail "systemctl enable --now sysstat: $(head -3 "$TMPD/enable.out")"; fi
r="$(show ActiveState sysstat.service) $(show SubState sysstat.service) $(show Result sysstat.service)"
r="$r $(show ExecMainCode sysstat.service) $(show ExecMainStatus sysstat.service)"
if [ "$r" = "active exited success 1 0" ]; then pass; else fail "sysstat.service: $r"; fi
case "$(walk "sa$today")" in
"ok records=1 stats=0 restarts=1 "*) pass ;;
*) fail "sa$today after sa1 --boot: $(walk "sa$today")" ;;
esac
for t in sysstat-collect.timer sysstat-rotate.timer sysstat-summary.timer; do
	r="$(ctr systemctl is-enabled $t) $(show ActiveState $t)"
	if [ "$r" = "enabled active" ]; then pass; else fail "$t after enable --now: $r"; fi
done
# From here on the services are started by hand: the timers are stopped so
# that a sample on the ten-minute mark does not upset the counts.
ctr systemctl stop sysstat-collect.timer sysstat-rotate.timer sysstat-summary.timer

# 6. Each timer's service, by hand.
ran_ok sysstat-collect.service
case "$(walk "sa$today")" in
"ok records=2 stats=1 restarts=1 "*) pass ;;
*) fail "sa$today after sysstat-collect.service: $(walk "sa$today")" ;;
esac
# sa1 --rotate closes yesterday's file when it was written in the last two
# days: today's stands for it.
cp -p "$SA/sa$today" "$SA/sa$yesterday"
ran_ok sysstat-rotate.service
case "$(walk "sa$yesterday")" in
"ok records=3 stats=2 restarts=1 "*) pass ;;
*) fail "sa$yesterday after sysstat-rotate.service: $(walk "sa$yesterday")" ;;
esac
# sa2 -A: yesterday's report; sa00 (5 days old, mode 0640) compressed by
# gzip, which keeps its mode and owner; sar00 (9 days old) removed.
cp "$SA/sa$today" "$SA/sa00"
chmod 0640 "$SA/sa00"
touch -d '5 days ago' "$SA/sa00"
echo old >"$SA/sar00"
touch -d '9 days ago' "$SA/sar00"
ran_ok sysstat-summary.service
if [ -s "$SA/sar$yesterday" ] && head -1 "$SA/sar$yesterday" | grep -q '^Linux '; then pass; else
	fail "no report sar$yesterday: $(head -c 200 "$SA/sar$yesterday" 2>&1)"; fi
if have_part oracle "sar$yesterday against sysstat's sar -A"; then
	# sa2 -A is "sar -A" in ISO dates; Debian's sar on the same file, in the
	# container's time zone, writes the same report.
	TZ=$(readlink "$ROOT/etc/localtime" | sed 's|.*/zoneinfo/||') S_TIME_FORMAT=ISO \
		"$ORACLE_SAR" -A -f "$SA/sa$yesterday" >"$TMPD/sar.oracle" 2>&1
	if cmp -s "$TMPD/sar.oracle" "$SA/sar$yesterday"; then pass; else
		fail "sar$yesterday differs from sysstat's sar -A:" \
			"$(diff "$TMPD/sar.oracle" "$SA/sar$yesterday" | head -5)"
	fi
fi
if [ -f "$SA/sa00.gz" ] && [ ! -e "$SA/sa00" ] && [ ! -e "$SA/sar00" ]; then pass; else
	fail "sa2's cleanup: sa00 not compressed or sar00 not removed: $(ls "$SA" | tr '\n' ' ')"; fi

# 7. The notify daemon. "systemctl start" returns once the service is
#    active, which for Type=notify means READY=1 came (after the first sample).
u=sysstat-collect-daemon.service
n0=$(records "sa$today")
t0=$SECONDS
if ctr systemctl start $u 2>"$TMPD/err"; then pass; else fail "systemctl start $u: $(head -3 "$TMPD/err")"; fi
r="$(show ActiveState $u) $(show SubState $u) $(show NotifyAccess $u)"
if [ "$r" = "active running main" ]; then pass; else fail "$u after start: $r"; fi
if [ "$(records "sa$today")" = $((n0 + 1)) ]; then pass; else
	fail "$u: no first sample before READY: records $n0 -> $(records "sa$today")"; fi
st=$(show StatusText $u)
if [ "$st" = "1 samples taken; writing to /var/log/sysstat/sa$today" ]; then pass; else
	fail "$u: StatusText='$st'"; fi
w=$(show WatchdogUSec $u)
if [ "$w" = 2s ]; then pass; else fail "$u: WatchdogUSec=$w, want the drop-in's 2s"; fi
# The watchdog: keep-alives between the samples (10 s apart), the service
# still up, same process, after three periods. The stop comes 7 s after
# the first sample, in the middle of an interval: a last sample is taken.
pid=$(show MainPID $u)
sleep 2.5
k1=$(show WatchdogTimestampMonotonic $u)
sleep 2.5
k2=$(show WatchdogTimestampMonotonic $u)
while [ $((SECONDS - t0)) -lt 7 ]; do sleep 0.5; done
r="$(show ActiveState $u) $(show MainPID $u) $(show NRestarts $u)"
if [ "$r" = "active $pid 0" ]; then pass; else fail "$u after 3 watchdog periods: $r (MainPID was $pid)"; fi
if [ -n "$k1" ] && [ "$k1" != 0 ] && [ "$k2" -gt "$k1" ] 2>/dev/null; then pass; else
	fail "$u: no keep-alive between two reads 2.5 s apart: WatchdogTimestampMonotonic $k1, $k2"; fi
n1=$(records "sa$today")
t_stop=$((SECONDS - t0))
if ctr systemctl stop $u 2>"$TMPD/err"; then pass; else fail "systemctl stop $u: $(head -3 "$TMPD/err")"; fi
n2=$(records "sa$today")
if [ "$n2" = $((n1 + 1)) ]; then pass
elif [ "$t_stop" -ge 9 ]; then
	echo "note: $u stopped ${t_stop}s after its start, near a sample; last sample not checked"
else fail "$u: no last sample at the stop (${t_stop}s after its start): records $n1 -> $n2"; fi
# Once stopped, the unit is unloaded (its Result= and ExecMain*= reset to
# their defaults): systemd's own log says how it ended. An exit status
# other than 0 would have left it failed, loaded, with "Failed with result".
if [ "$(n_ended_ok $u)" = 1 ]; then pass; else
	fail "$u after stop: $(ctr journalctl --no-pager -o cat -u $u | tail -3 | tr '\n' ' ')"; fi
echo "daemon: records $n0 -> $n1 -> $n2, stopped after ${t_stop}s; status text '$st'"

# 7b. The live endpoint: disabled after installation (and after enable
#     sysstat); enabled and started, it answers GET /metrics from inside the
#     container under its real sandbox. The container shares the host's
#     network: the port is a free one, set by a drop-in as
#     sysstat-metrics(8) says.
r=$(ctr systemctl is-enabled sysstat-metrics.socket 2>&1)
if [ "$r" = disabled ]; then pass; else fail "sysstat-metrics.socket after install: '$r', want disabled"; fi
mport=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
d=$ROOT/etc/systemd/system/sysstat-metrics.socket.d
mkdir -p "$d"
printf '[Socket]\nListenStream=\nListenStream=127.0.0.1:%s\n' "$mport" >"$d/port.conf"
ctr systemctl daemon-reload
if ctr systemctl enable --now sysstat-metrics.socket >"$TMPD/enable.out" 2>&1; then pass; else
	fail "systemctl enable --now sysstat-metrics.socket: $(head -3 "$TMPD/enable.out")"; fi
r="$(ctr systemctl is-enabled sysstat-metrics.socket) $(show ActiveState sysstat-metrics.socket) $(show Listen sysstat-metrics.socket)"
if [ "$r" = "enabled active 127.0.0.1:$mport (Stream)" ]; then pass; else fail "sysstat-metrics.socket: $r"; fi
# shellcheck disable=SC2016
ctr bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1" && printf "GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n" >&3 &&
	timeout 10 cat <&3' sh "$mport" >"$TMPD/live.out" 2>&1
if head -1 "$TMPD/live.out" | grep -q '^HTTP/1.1 200 OK' && grep -q '^node_load1 ' "$TMPD/live.out"; then pass; else
	fail "GET /metrics in the container: $(head -3 "$TMPD/live.out")"; fi
# The handler ended well and wrote nothing to the journal.
sleep 0.5
ctr journalctl --no-pager -o cat -u 'sysstat-metrics@*' >"$TMPD/live.journal" 2>&1
if grep -q 'Deactivated successfully' "$TMPD/live.journal" &&
	! grep -qv -e '^Started ' -e 'Deactivated successfully' -e '^Finished ' "$TMPD/live.journal"; then pass; else
	fail "sysstat-metrics@ in the journal: $(head -5 "$TMPD/live.journal" | tr '\n' ' ')"; fi
echo "live endpoint: $(grep -c '^node_' "$TMPD/live.out") node_* samples on port $mport"

# 7c. The default collection (sadc -S TOP) under the collecting service's
#     shipped sandbox: two direct-I/O readers of a file, one run as nobody,
#     one as root; two samples by hand (the second ranked against the first
#     by the state file); then the installed pidstat -d --archive on today's
#     file names both, with their bytes read (the unit keeps CAP_SYS_PTRACE
#     and CAP_DAC_READ_SEARCH outside a private user namespace for
#     /proc/PID/io, mode 0400: tried by hand, without them, or in a private
#     user namespace, nobody's counters cannot be read). Then the opt-out of
#     sysstat(5) (a drop-in taking them away): neither reader is seen
#     reading any more.
load_lock
img=/var/tmp/sysrec-probe.img
dd if=/dev/zero of="$ROOT$img" bs=1M count=256 conv=fsync status=none
chmod 644 "$ROOT$img"
for u in nobody root; do
	ctr systemd-run --unit="reader-$u" -p User=$u /bin/dd if="$img" of=/dev/null bs=512 \
		iflag=direct status=none >/dev/null 2>&1
done
sleep 1
reader_pid() { show MainPID "reader-$1.service"; }
# kB_rd/s of pid in the reports of pidstat -d --archive on today's file from
# epoch $2 on ("" if not shown; the last one if several).
reader_rate() {
	ctr pidstat -d --archive="/var/log/sysstat/sa$today" -s "@$2" 2>/dev/null |
		awk -v p="$1" '$1 != "Average:" && $3 == p { r = $4 } END { print r }'
}
since=$(ctr date +%s)
ran_ok sysstat-collect.service
sleep 1
ran_ok sysstat-collect.service
for u in nobody root; do
	r=$(reader_rate "$(reader_pid $u)" "$since")
	if [ -n "$r" ] && awk -v r="$r" 'BEGIN { exit !(r > 0) }'; then pass; else
		fail "pidstat -d --archive: $u's reader (pid $(reader_pid $u)) read '$r' kB/s, want more than 0" \
			"($(ctr systemctl show -p CapabilityBoundingSet -p AmbientCapabilities -p PrivateUsers \
				-p ProtectProc sysstat-collect.service | tr '\n' ' '))"
	fi
	echo "default collection: $u's reader $(reader_pid $u) read $r kB/s"
done
d=$ROOT/etc/systemd/system/sysstat-collect.service.d
mkdir -p "$d"
printf '[Service]\nPrivateUsers=yes\nCapabilityBoundingSet=\nAmbientCapabilities=\n' >"$d/no-io.conf"
ctr systemctl daemon-reload
sleep 1
since=$(ctr date +%s)
ran_ok sysstat-collect.service
sleep 1
ran_ok sysstat-collect.service
# In a private user namespace without capabilities, no process's counters
# but sadc's own can be read, root's neither (tried: both readers' are "-").
for u in nobody root; do
	r=$(reader_rate "$(reader_pid $u)" "$since")
	case $r in
	"" | -1.00) pass ;;
	*) fail "with sysstat(5)'s opt-out, $u's reader still read '$r' kB/s" ;;
	esac
done
rm -r "$d"
ctr systemctl daemon-reload
for u in nobody root; do
	ctr systemctl stop "reader-$u.service" >/dev/null 2>&1
done
rm -f "$ROOT$img"
exec {load_lock_fd}>&-
load_lock_fd=

# 8. The files: the directory and every file root's, modes from UMask=0022
#    (sa00.gz keeps sa00's 0640).
want="755 0 0 $SA
644 0 0 $SA/sa$today
644 0 0 $SA/sa$yesterday
640 0 0 $SA/sa00.gz
644 0 0 $SA/sar$yesterday"
got=$(stat -c '%a %u %g %n' "$SA" "$SA"/*)
if [ "$(echo "$got" | sort)" = "$(echo "$want" | sort)" ]; then pass; else
	fail "files in /var/log/sysstat: $(echo "$got" | tr '\n' ';') want $(echo "$want" | tr '\n' ';')"; fi

# 9. The journal: no denial or kill for our units or programs, nothing they
#    wrote to stderr, and no unit failed.
units="sysstat.service sysstat-collect.service sysstat-rotate.service sysstat-summary.service
$u sysstat-collect.timer sysstat-rotate.timer sysstat-summary.timer sysstat-metrics.socket"
ctr journalctl --no-pager -o short-monotonic >"$TMPD/journal" 2>&1
grep -E 'sysstat|sadc|sa1|sa2|/usr/bin/sar' "$TMPD/journal" >"$TMPD/ours"
deny='Permission denied|Operation not permitted|audit|SECCOMP|code=killed|status=31/SYS'
deny="$deny|Failed with result|[Ww]atchdog timeout|Main process exited"
if grep -qE "$deny" "$TMPD/ours"; then fail "journal: $(grep -E "$deny" "$TMPD/ours" | head -5)"; else
	pass; fi
# Lines our processes logged (their stderr): none expected.
args=()
for x in $units; do args+=("_SYSTEMD_UNIT=$x" +); done
unset 'args[${#args[@]}-1]'
out=$(ctr journalctl --no-pager -o cat "${args[@]}" 2>&1)
if [ -z "$out" ]; then pass; else fail "our programs logged: $(echo "$out" | head -5)"; fi
for x in $units; do
	r=$(ctr systemctl is-failed $x)
	if [ "$r" != failed ]; then pass; else fail "$x failed"; fi
done
echo "$(grep -c . "$TMPD/ours") journal lines about our units; total time $((SECONDS - t_start)) s"
finish
