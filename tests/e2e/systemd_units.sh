#!/bin/bash
# flavours: 12.6.1 12.7.5
# The installed systemd units of a build configured --with-compat=FLAVOUR:
# in that Debian release's directories (12.7.5: /usr/lib/systemd/system;
# 12.6.1: systemd's own, /lib/systemd/system on Debian 12), every unit of
# its package there with the same commands, calendars and install
# relations; "systemd-analyze verify" is clean, every
# service's "systemd-analyze security" exposure is at most 2.0 (2.1 for the
# two collecting services, which read every user's I/O counters), enabling
# sysstat.service enables the timers, and each service's ExecStart= runs
# (on a scratch SA_DIR) under strace with nothing it does at odds with the
# unit's sandbox: every file it writes is in ReadWritePaths=, nothing it
# reads is hidden or replaced (ProtectHome=, PrivateNetwork=, ProcSubset=,
# PrivateDevices=, ...), every system call passes SystemCallFilter= and
# every socket RestrictAddressFamilies=. The sleep hook is run too. The
# live endpoint's pair (sysstat-metrics.socket, sysstat-metrics@.service):
# verified and scored with the others, not enabled by sysstat.service,
# enabled alone into sockets.target, its handler traced on one request.
. "${top_srcdir:-.}/tests/lib.sh"

command -v systemd-analyze >/dev/null || skip "systemd-analyze is missing (Debian package systemd)"
if ! install_tree >"$TMPD/err"; then
	fail "make install DESTDIR=: $(cat "$TMPD/err")"
	finish
	exit
fi
[ -n "$unitdir" ] || skip "configured --with-systemdsystemunitdir=no"
U=$DEST$unitdir
services="sysstat.service sysstat-collect.service sysstat-rotate.service sysstat-summary.service
sysstat-collect-daemon.service"
timers="sysstat-collect.timer sysstat-summary.timer sysstat-rotate.timer"
# The live endpoint (sysstat-metrics): a socket and its handler's template.
live_units="sysstat-metrics.socket sysstat-metrics@.service"
for u in $services $timers $live_units; do
	if [ -f "$U/$u" ]; then pass; else fail "$u is not installed in $unitdir"; fi
done
if [ -x "$DEST$sleepdir/sysstat.sleep" ]; then pass; else fail "no sleep hook in $sleepdir"; fi
if grep -n '@[A-Za-z_0-9]*@' "$U"/sysstat* "$DEST$sleepdir/sysstat.sleep"; then
	fail "placeholders left in the units"; else pass; fi
if [ "$sleepdir" = "${unitdir%/*}/system-sleep" ]; then pass; else
	fail "the sleep hook is in $sleepdir, not beside $unitdir"; fi

# 0. The directories, as configure chooses them without --with-systemdsystemunitdir,
#    and the units against those of the flavour's Debian package.
case $FLAVOUR in
12.6.1)
	want=$(pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null)
	want=${want:-/lib/systemd/system}
	oracle_units=/lib/systemd/system
	;;
*)
	want=/usr/lib/systemd/system
	oracle_units=${ORACLE_ROOT:+$ORACLE_ROOT/usr/lib/systemd/system}
	;;
esac
if grep -q "^ac_cs_config=.*with-systemdsystemunitdir" "$FLAVOUR_B/config.status"; then
	echo "SKIP default unit directory: $FLAVOUR_B was configured with --with-systemdsystemunitdir"
elif [ "$unitdir" = "$want" ]; then pass; else
	fail "units in $unitdir, want $want for sysstat $FLAVOUR"
fi
# An explicit --with-systemdsystemunitdir wins under both flavours.
if flavour_builddir --with-systemdsystemunitdir=/opt/units >"$TMPD/cfg.out"; then
	saved=$unitdir
	build_vars "$FLAVOUR_B"
	if [ "$unitdir $sleepdir" = "/opt/units /opt/system-sleep" ]; then pass; else
		fail "--with-systemdsystemunitdir=/opt/units: units in $unitdir, hook in $sleepdir"; fi
	rm -rf "$FLAVOUR_B"
	unitdir=$saved sleepdir=${saved%/*}/system-sleep
else
	fail "configure --with-systemdsystemunitdir=/opt/units: $(cat "$TMPD/cfg.out")"
fi
# The Debian package's sadc directory, as its units name it.
oracle_sadcdir() { sed -n 's|^ExecStart=\(/.*\)/sa[12] .*|\1|p' "$1" | head -1; }
# A unit's settings that make it what it is, programs relative to sadc's directory.
essence() { # UNIT SADCDIR
	sed -n -e "s|^ExecStart=$2/|ExecStart=SADCDIR/|" \
		-e '/^\(ExecStart\|Type\|RemainAfterExit\|OnCalendar\|WantedBy\|Also\)=/p' "$1" | sort
}
if [ -n "$oracle_units" ] && [ -f "$oracle_units/sysstat.service" ]; then
	osadc=$(oracle_sadcdir "$oracle_units/sysstat.service")
	for o in "$oracle_units"/sysstat*.service "$oracle_units"/sysstat*.timer; do
		u=$(basename "$o")
		if [ ! -f "$U/$u" ]; then
			fail "sysstat $FLAVOUR's $u is not installed"
			continue
		fi
		# Also= may list several units on one line (ours) or one per line
		# (Debian's). Under 12.6.1 ours also pull in the rotate timer, which
		# Debian 12 does not install (its sa1 has --rotate all the same).
		if diff <(essence "$o" "$osadc" | sed 's/^Also=//;s/ /\n/g' | sort) \
			<(essence "$U/$u" "$sadcdir" | sed 's/^Also=//;s/ /\n/g' | sort |
				if [ "$FLAVOUR" = 12.6.1 ]; then grep -vx sysstat-rotate.timer; else cat; fi) \
			>"$TMPD/ess.diff"; then
			pass
		else
			fail "$u differs from sysstat $FLAVOUR's: $(grep '^[<>]' "$TMPD/ess.diff" | tr '\n' ' ')"
		fi
	done
	case $FLAVOUR in
	12.6.1) want_osadc=/usr/lib/sysstat ;;
	*) want_osadc=/usr/libexec/sysstat ;;
	esac
	if [ "$osadc" = "$want_osadc" ]; then pass; else
		fail "sysstat $FLAVOUR's units run $osadc/sa1, not $want_osadc/sa1"; fi
else
	echo "SKIP comparison with sysstat $FLAVOUR's units: $(oracle_missing)"
fi

# 1. systemd-analyze verify, on copies whose commands point into DESTDIR
#    (verify checks that they exist), with our manual pages as the only
#    ones known, so that every Documentation=man: entry must be ours.
mkdir -p "$TMPD/verify"
for u in $services $timers $live_units; do
	sed "s|=$sadcdir/|=$DEST$sadcdir/|" "$U/$u" >"$TMPD/verify/$u"
done
if (cd "$TMPD/verify" && MANPATH=$DEST$mandir systemd-analyze verify $services $timers $live_units) \
	>"$TMPD/verify.out" 2>&1 && [ ! -s "$TMPD/verify.out" ]; then
	pass
else
	fail "systemd-analyze verify: $(head -5 "$TMPD/verify.out")"
fi

# 2. Exposure scores. Debian's units, measured the same way, for reference.
score() {
	systemd-analyze security --offline=true "$1" 2>/dev/null |
		sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\) .*/\1/p'
}
line=""
# The collecting services read every user's /proc/PID/io (sadc -S TOP, the
# default): CAP_SYS_PTRACE and CAP_DAC_READ_SEARCH outside a private user
# namespace, 0.7 more (sysstat(5)); the others stay at most 2.0.
for u in $services sysstat-metrics@.service; do
	s=$(score "$U/$u")
	line="$line $u=$s"
	max=2.0
	case $u in sysstat-collect.service | sysstat-collect-daemon.service) max=2.1 ;; esac
	if [ -n "$s" ] && awk -v s="$s" -v m="$max" 'BEGIN { exit !(s <= m) }'; then pass; else
		fail "$u: exposure '$s' above $max"; fi
done
echo "exposure:$line"
line=""
for f in "${oracle_units:-/nonexistent}"/sysstat*.service; do
	[ -f "$f" ] && line="$line $(basename "$f")=$(score "$f")"
done
[ -n "$line" ] && echo "sysstat $FLAVOUR's units:$line"

# 3. "systemctl enable sysstat" enables the three timers, and stopping
#    sysstat.service stops them (PartOf=). systemctl --root works offline,
#    on a tree where the units are in one of systemd's directories.
for t in $timers; do
	grep -qx 'PartOf=sysstat.service' "$U/$t" && grep -qx 'WantedBy=sysstat.service' "$U/$t" &&
		pass || fail "$t is not part of sysstat.service"
done
case $unitdir in
/lib/systemd/system | /usr/lib/systemd/system)
	if systemctl --root="$DEST" enable sysstat.service >"$TMPD/enable.out" 2>&1; then
		w=$DEST/etc/systemd/system
		for l in multi-user.target.wants/sysstat.service sysstat.service.wants/sysstat-collect.timer \
			sysstat.service.wants/sysstat-summary.timer sysstat.service.wants/sysstat-rotate.timer; do
			if [ -L "$w/$l" ]; then pass; else fail "enable: no $l"; fi
		done
		systemctl --root="$DEST" disable sysstat.service >/dev/null 2>&1
		if [ -z "$(find "$w" -type l)" ]; then pass; else fail "disable left $(find "$w" -type l)"; fi
	else
		fail "systemctl --root enable: $(head -3 "$TMPD/enable.out")"
	fi
	;;
*) echo "SKIP systemctl --root enable: units in $unitdir, which systemctl does not search" ;;
esac
# The live endpoint: off after installation and after "enable sysstat";
# "enable sysstat-metrics.socket" puts it in sockets.target alone.
for l in "ListenStream=127.0.0.1:9577" Accept=yes WantedBy=sockets.target; do
	grep -qx "$l" "$U/sysstat-metrics.socket" && pass || fail "sysstat-metrics.socket has no $l"
done
case $unitdir in
/lib/systemd/system | /usr/lib/systemd/system)
	w=$DEST/etc/systemd/system
	systemctl --root="$DEST" enable sysstat.service >/dev/null 2>&1
	if [ "$(systemctl --root="$DEST" is-enabled sysstat-metrics.socket 2>&1)" = disabled ] &&
		[ ! -e "$w/sockets.target.wants/sysstat-metrics.socket" ]; then pass; else
		fail "sysstat-metrics.socket is not disabled after install and enable sysstat: $(find "$w" -name '*metrics*')"
	fi
	systemctl --root="$DEST" disable sysstat.service >/dev/null 2>&1
	if systemctl --root="$DEST" enable sysstat-metrics.socket >"$TMPD/enable.out" 2>&1 &&
		[ -L "$w/sockets.target.wants/sysstat-metrics.socket" ] &&
		[ "$(find "$w" -type l | wc -l)" = 1 ]; then pass; else
		fail "enable sysstat-metrics.socket: $(head -2 "$TMPD/enable.out"); links: $(find "$w" -type l)"
	fi
	systemctl --root="$DEST" disable sysstat-metrics.socket >/dev/null 2>&1
	;;
esac

# 4. Each service's command, as the unit gives it, under strace.
command -v strace >/dev/null || { echo "SKIP sandbox checks: strace is missing"; finish; exit; }
SA=$TMPD/sa
mkdir -p "$SA"
export SYSSTAT_CONF=$TMPD/sysstat.conf SA_LIB_DIR=$DEST$sadcdir SA_BIN_DIR=$DEST$bindir
# DELAY_RANGE=1: sa2's random wait (od, sleep 0) is traced too.
printf 'HISTORY=20\nCOMPRESSAFTER=10\nSADC_OPTIONS="-S XALL"\nSA_DIR=%s\nZIP=gzip\nDELAY_RANGE=1\n' \
	"$SA" >"$SYSSTAT_CONF"
# LeakSanitizer cannot run under ptrace.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0

# The system calls of a filter group, nested groups expanded.
expand_group() {
	systemd-analyze syscall-filter "$1" 2>/dev/null | sed -n '2,$p' | sed 's/^ *//' |
		grep -v -e '^#' -e '^$' | while read -r n; do
		case $n in
		@*) expand_group "$n" ;;
		*) echo "$n" ;;
		esac
	done
}
# The system calls a unit allows, from its SystemCallFilter= lines in order.
allowed_calls() {
	local words w out=$TMPD/allowed
	: >"$out"
	grep '^SystemCallFilter=' "$1" | sed 's/^SystemCallFilter=//' | while read -r words; do
		case $words in
		'~'*)
			for w in ${words#\~}; do expand_group "$w"; done | sort -u >"$TMPD/deny"
			sort -u "$out" | comm -23 - "$TMPD/deny" >"$out.new"
			mv "$out.new" "$out"
			;;
		*) for w in $words; do expand_group "$w"; done >>"$out" ;;
		esac
	done
	sort -u "$out"
}
setting() { sed -n "s/^$2=//p" "$1" | tail -1; }

# Turns a trace into "KIND PATH" lines (KIND: r read, w write) and
# "sys NAME", "sock FAMILY" lines, with paths made absolute from the
# descriptors strace -y names.
accesses() {
	awk '
	function absolute(base, p) {
		if (p ~ /^\// || base == "") return p
		if (base == "/") return "/" p
		return base "/" p
	}
	function fdpath(s,   m) {
		if (match(s, /<[^>]*>/)) return substr(s, RSTART + 1, RLENGTH - 2)
		return ""
	}
	{
		sub(/^[0-9]+ +/, "")
		if (match($0, /^<\.\.\. [a-z0-9_]+ resumed>/)) next
		if (!match($0, /^[a-z0-9_]+\(/)) next
		name = substr($0, 1, RLENGTH - 1)
		args = substr($0, RLENGTH + 1)
		print "sys " name
		if (name == "socket") { split(args, a, ","); print "sock " a[1]; next }
		# fd-based writes: the descriptor names the file.
		if (name ~ /^(write|pwrite64|writev|ftruncate|fchmod|fchown|fallocate)$/) {
			p = fdpath(args); if (p ~ /^\//) print "w " p; next
		}
		if (name == "utimensat" && args ~ /^[0-9]+</) { print "w " fdpath(args); next }
		# Calls with a path: its first quoted string, relative to a dirfd if one leads.
		if (name !~ /^(open|openat|openat2|creat|stat|lstat|newfstatat|statx|statfs|access|faccessat|faccessat2|readlink|readlinkat|execve|execveat|chdir|mkdir|mkdirat|unlink|unlinkat|rename|renameat|renameat2|rmdir|link|linkat|symlink|symlinkat|chmod|fchmodat|chown|lchown|fchownat|truncate|utimensat|utimes|mknod|mknodat|getxattr|lgetxattr|listxattr|llistxattr|inotify_add_watch|name_to_handle_at)$/)
			next
		if (!match(args, /"[^"]*"/)) next
		p = substr(args, RSTART + 1, RLENGTH - 2)
		if (p == "") next
		base = ""
		if (args ~ /^(AT_FDCWD|[0-9]+)</) base = fdpath(args)
		p = absolute(base, p)
		kind = "r"
		if (name ~ /^(unlink|unlinkat|rename|renameat|renameat2|mkdir|mkdirat|rmdir|link|linkat|symlink|symlinkat|chmod|fchmodat|chown|lchown|fchownat|truncate|utimensat|utimes|mknod|mknodat)$/)
			kind = "w"
		if (name ~ /^open/ && args ~ /O_(WRONLY|RDWR|CREAT|TRUNC|APPEND)/) kind = "w"
		print kind " " p
	}' "$1"
}

# Maps the test's stand-ins back to the paths of a real installation.
to_real() {
	awk -v dest="$DEST" -v sa="$SA" -v sa_dir="$SA_DIR" -v conf="$SYSSTAT_CONF" \
		-v real_conf="$sysconfdir/sysstat/sysstat" '
	function starts(p, prefix) {
		return p == prefix || substr(p, 1, length(prefix) + 1) == prefix "/"
	}
	$1 == "r" || $1 == "w" {
		p = substr($0, 3)
		gsub(/\/\.\//, "/", p)
		sub(/\/\.?$/, "", p)
		if (p == "") p = "/"
		if (p == conf) p = real_conf
		else if (starts(p, sa)) p = sa_dir substr(p, length(sa) + 1)
		else if (starts(p, dest)) p = substr(p, length(dest) + 1)
		print $1 " " p
		next
	}
	{ print }'
}

under() { # under PATH PREFIX...
	local p=$1 d
	shift
	for d in "$@"; do
		d=${d#-}
		d=${d%/}
		case $p in "$d" | "$d"/*) return 0 ;; esac
	done
	return 1
}

# What a PrivateDevices=yes service still has in /dev.
private_dev='/dev/null /dev/zero /dev/full /dev/random /dev/urandom /dev/tty /dev/ptmx /dev/pts
/dev/shm /dev/mqueue /dev/hugepages /dev/log /dev/stdin /dev/stdout /dev/stderr /dev/fd'
# The device nodes DevicePolicy=closed (implied by PrivateDevices=yes) lets be opened.
pseudo_dev='/dev/null /dev/zero /dev/full /dev/random /dev/urandom /dev/tty /dev/ptmx /dev/pts'

check_sandbox() { # UNIT TRACE
	local u=$1 unit=$U/$1 kind p bad=0 rw
	rw=$(setting "$unit" ReadWritePaths)
	local home net subset procp devs tmp hidden policy
	home=$(setting "$unit" ProtectHome)
	net=$(setting "$unit" PrivateNetwork)
	subset=$(setting "$unit" ProcSubset)
	procp=$(setting "$unit" ProtectProc)
	devs=$(setting "$unit" PrivateDevices)
	policy=$(setting "$unit" DevicePolicy)
	[ "$devs" = yes ] && policy=closed
	tmp=$(setting "$unit" PrivateTmp)
	hidden="$(setting "$unit" InaccessiblePaths) $(setting "$unit" TemporaryFileSystem | sed 's/:[^ ]*//g')"
	# Bind mounts bring paths back into a private /dev: SOURCE[:DEST[:OPTIONS]].
	local binds
	binds=$( (setting "$unit" BindReadOnlyPaths; setting "$unit" BindPaths) | tr ' ' '\n' |
		sed -e 's/^[-+]*//' -e 's/^\([^:]*\):\([^:]*\).*/\2/')
	[ "$(setting "$unit" ProtectKernelLogs)" = yes ] && hidden="$hidden /proc/kmsg /dev/kmsg"
	[ "$(setting "$unit" ProtectKernelModules)" = yes ] && hidden="$hidden /lib/modules /usr/lib/modules"
	accesses "$2" | to_real | sort -u >"$TMPD/$u.acc"
	grep -c . "$TMPD/$u.acc" >/dev/null || { fail "$u: empty trace"; return; }
	while read -r kind p; do
		case $kind in
		w)
			# Writing to a device node is device access (below), not a file write.
			if under "$p" $rw || { [ "$tmp" = yes ] && under "$p" /tmp /var/tmp; } ||
				[ -c "$p" ] || [ -b "$p" ]; then :; else
				fail "$u writes $p, outside ReadWritePaths=$rw"
				bad=1
			fi
			;;
		esac
		case $kind in r | w) ;; *) continue ;; esac
		if under "$p" $hidden; then
			fail "$u uses $p, hidden by the unit"
			bad=1
		fi
		# The installation's own directories are where configure put them (in
		# distcheck's build tree, under /tmp or /home); the rules below are
		# about the rest of the system.
		under "$p" "$prefix" "$sysconfdir" "$SA_DIR" && continue
		case $home in yes | tmpfs | true)
			if under "$p" /home /root /run/user; then fail "$u uses $p, hidden by ProtectHome=$home"; bad=1; fi ;;
		esac
		if [ "$net" = yes ] && under "$p" /proc/net /proc/self/net /sys/class/net; then
			fail "$u reads $p, which PrivateNetwork=yes replaces with an empty namespace's"
			bad=1
		fi
		case $p in
		/proc/self | /proc/self/* | /proc/thread-self/*) ;;
		/proc/[0-9]*)
			if [ -n "$procp" ] && [ "$procp" != default ]; then
				fail "$u reads $p, hidden by ProtectProc=$procp"
				bad=1
			fi
			;;
		/proc/*)
			if [ "$subset" = pid ]; then fail "$u reads $p, hidden by ProcSubset=pid"; bad=1; fi ;;
		/dev/*)
			if [ "$devs" = yes ] && ! under "$p" $private_dev $binds; then
				fail "$u uses $p, hidden by PrivateDevices=yes"
				bad=1
			elif { [ -c "$p" ] || [ -b "$p" ]; } && [ -n "$policy" ] && [ "$policy" != auto ] &&
				! under "$p" $pseudo_dev $(setting "$unit" DeviceAllow | cut -d' ' -f1); then
				fail "$u opens device $p, refused by DevicePolicy=$policy"
				bad=1
			fi
			;;
		/tmp/* | /var/tmp/*)
			if [ "$tmp" = yes ] && [ "$kind" = r ]; then
				fail "$u reads $p, which PrivateTmp=yes hides"
				bad=1
			fi
			;;
		esac
	done <"$TMPD/$u.acc"
	[ $bad = 0 ] && pass
	# System calls and socket families.
	allowed_calls "$unit" >"$TMPD/$u.allowed"
	sed -n 's/^sys //p' "$TMPD/$u.acc" | sort -u | comm -23 - "$TMPD/$u.allowed" >"$TMPD/$u.denied"
	if [ -s "$TMPD/$u.allowed" ] && [ ! -s "$TMPD/$u.denied" ]; then pass; else
		fail "$u makes system calls its SystemCallFilter= refuses: $(tr '\n' ' ' <"$TMPD/$u.denied")"
	fi
	local fam families
	families=$(setting "$unit" RestrictAddressFamilies)
	for fam in $(sed -n 's/^sock //p' "$TMPD/$u.acc" | sort -u); do
		case " $families " in
		*" $fam "*) ;;
		*) fail "$u opens an $fam socket; RestrictAddressFamilies=$families"; bad=1 ;;
		esac
	done
	# The files sadc samples are in the trace (the checks above are not vacuous).
	case $u in
	sysstat.service) ;;
	sysstat-summary.service)
		for p in sar gzip find od; do
			grep -q "^r .*/$p\$" "$TMPD/$u.acc" || fail "$u: $p was not run"
		done
		;;
	*)
		for p in /proc/stat /proc/meminfo /proc/net/dev /proc/diskstats /sys/class/net; do
			grep -q "^r $p" "$TMPD/$u.acc" || fail "$u: $p not in the trace"
		done
		;;
	esac
}

# The command of a unit's ExecStart=, with its program taken from DESTDIR.
exec_start() {
	setting "$U/$1" ExecStart | sed "s|^$sadcdir/|$DEST$sadcdir/|"
}

# As systemd runs a service: from /, with its default PATH.
SYSTEMD_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

run_unit() { # UNIT: runs its ExecStart= under strace; returns its status
	local cmd
	cmd=$(exec_start "$1")
	# shellcheck disable=SC2086
	(cd / && PATH=$SYSTEMD_PATH strace -f -qq -y -s 4096 -o "$TMPD/$1.trace" $cmd) \
		>"$TMPD/$1.out" 2>"$TMPD/$1.err"
}

yesterday=$(date -d '12:00 yesterday' +%d)
for u in sysstat.service sysstat-collect.service sysstat-rotate.service sysstat-summary.service; do
	case $u in
	sysstat-rotate.service) cp "$SA/sa$(date +%d)" "$SA/sa$yesterday" ;;
	sysstat-summary.service) echo old >"$SA/sar00" && touch -d '15 days ago' "$SA/sar00" ;;
	esac
	if run_unit "$u"; then pass; else fail "$u: '$(exec_start "$u")' exited $?: $(head -3 "$TMPD/$u.err")"; fi
	check_sandbox "$u" "$TMPD/$u.trace"
done
# What the commands did: a restart then a sample today, a sample at the end
# of yesterday's file, its report, and the old file compressed.
case "$("$SA_WALK" "$SA/sa$(date +%d)")" in
*"ok records=2 stats=1 restarts=1 "*) pass ;;
*) fail "today's file after boot and collect: $("$SA_WALK" "$SA/sa$(date +%d)")" ;;
esac
case "$("$SA_WALK" "$SA/sa$yesterday")" in
*"ok records=3 stats=2 restarts=1 "*) pass ;;
*) fail "yesterday's file after rotate: $("$SA_WALK" "$SA/sa$yesterday")" ;;
esac
if [ -s "$SA/sar$yesterday" ] && [ -f "$SA/sar00.gz" ]; then pass; else
	fail "summary: no sar$yesterday report or sar00 not compressed: $(ls "$SA")"; fi

# The daemon, as systemd runs it: stopped with SIGTERM after two keep-alives.
u=sysstat-collect-daemon.service
# shellcheck disable=SC2046
(cd / && WATCHDOG_USEC=1000000 PATH=$SYSTEMD_PATH "$top_builddir/tests/tools/notify_listen" -k 2 -t 60 \
	"$TMPD/notify" strace -f -qq -y -s 4096 -o "$TMPD/$u.trace" $(exec_start "$u")) \
	>"$TMPD/$u.out" 2>"$TMPD/$u.err"
if grep -q '^[0-9]* READY=1$' "$TMPD/$u.out" && grep -q '^[0-9]* STOPPING=1$' "$TMPD/$u.out" &&
	grep -q '^[0-9]* exit 0$' "$TMPD/$u.out"; then
	pass
else
	fail "$u: $(tr '\n' ' ' <"$TMPD/$u.out") $(head -3 "$TMPD/$u.err")"
fi
check_sandbox "$u" "$TMPD/$u.trace"

# The live endpoint's handler, as systemd runs it for a connection (the
# request on its standard input here, the socket in production).
u=sysstat-metrics@.service
# shellcheck disable=SC2046
(cd / && printf 'GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n' | PATH=$SYSTEMD_PATH \
	strace -f -qq -y -s 4096 -o "$TMPD/$u.trace" $(exec_start "$u")) >"$TMPD/$u.out" 2>"$TMPD/$u.err"
if head -1 "$TMPD/$u.out" | grep -q '^HTTP/1.1 200 OK' && grep -q '^node_load1 ' "$TMPD/$u.out"; then pass; else
	fail "$u: $(head -1 "$TMPD/$u.out") $(head -3 "$TMPD/$u.err")"; fi
check_sandbox "$u" "$TMPD/$u.trace"

# 5. The sleep hook writes its comment only while collection is on.
mkdir -p "$TMPD/bin"
printf '#!/bin/sh\nexit ${FAKE_SYSTEMCTL:-3}\n' >"$TMPD/bin/systemctl"
chmod +x "$TMPD/bin/systemctl"
n0=$("$SA_WALK" "$SA/sa$(date +%d)")
PATH=$TMPD/bin:$PATH "$DEST$sleepdir/sysstat.sleep" pre suspend
if [ "$("$SA_WALK" "$SA/sa$(date +%d)")" = "$n0" ]; then pass; else
	fail "sleep hook wrote while collection is off"; fi
FAKE_SYSTEMCTL=0 PATH=$TMPD/bin:$PATH "$DEST$sleepdir/sysstat.sleep" post suspend
if "$SA_WALK" -d "$SA/sa$(date +%d)" | grep -q 'comment=LINUX SLEEP MODE (post suspend)$'; then pass
else fail "sleep hook: no comment: $("$SA_WALK" -d "$SA/sa$(date +%d)" | tail -2)"; fi
finish
