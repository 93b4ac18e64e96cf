#!/bin/bash
# flavours: 12.6.1 12.7.5
# "make install DESTDIR=" of a build configured --with-compat=FLAVOUR lays
# out that Debian release's sysstat files (12.6.1: Debian 12's, sadc in
# LIBDIR/sysstat; 12.7.5: Debian 13's, in LIBEXECDIR/sysstat; an explicit
# --libexecdir wins under both), and the installed sa1 and sa2 do their
# work: sa1 (a sample, --boot, --rotate, --sleep, interval and count across
# midnight, HISTORY > 28), sa2 (the sarDD report, removal after HISTORY
# days, gzip after COMPRESSAFTER days), all on a scratch SA_DIR with a
# fixed clock, with the installed sar reading the results, .gz included.
# The configuration file has the oracle package's settings and defaults
# (but ZIP), and sa1 and sa2 run sadc and sar as the oracle's sa1 and sa2
# do, given the same settings (the commands, their environment and umask).
. "${top_srcdir:-.}/tests/lib.sh"

if ! install_tree >"$TMPD/err"; then
	fail "make install DESTDIR=: $(cat "$TMPD/err")"
	finish
	exit
fi
pass

# 1. The layout: Debian's, relative to the configured directories.
# The seven user commands of Debian's package (sar, sadf and the live tools) and sadc's three.
for f in "$bindir/sar" "$bindir/sadf" "$bindir/iostat" "$bindir/mpstat" "$bindir/pidstat" \
	"$bindir/cifsiostat" "$bindir/tapestat" "$sadcdir/sadc" "$sadcdir/sa1" "$sadcdir/sa2"; do
	if [ -f "$DEST$f" ] && [ -x "$DEST$f" ]; then pass; else fail "not installed or not executable: $f"; fi
done
for f in "$sysconfdir/sysstat/sysstat" "$sysconfdir/default/sysstat" "$mandir/man1/sar.1" \
	"$mandir/man1/sadf.1" "$mandir/man5/sysstat.5" "$mandir/man8/sadc.8" "$mandir/man8/sa1.8" \
	"$mandir/man8/sa2.8" "$mandir/man1/iostat.1" "$mandir/man1/mpstat.1" "$mandir/man1/pidstat.1" \
	"$mandir/man1/cifsiostat.1" "$mandir/man1/tapestat.1"; do
	if [ -f "$DEST$f" ]; then pass; else fail "not installed: $f"; fi
done
if [ -d "$DEST$SA_DIR" ]; then pass; else fail "SA_DIR $SA_DIR not created"; fi
case $FLAVOUR in
12.6.1) want_sadcdir=$libdir/sysstat ;;
*) want_sadcdir=$libexecdir/sysstat ;;
esac
if [ "$sadcdir" = "$want_sadcdir" ]; then pass; else
	fail "sadc's directory is $sadcdir, not $want_sadcdir as in sysstat $FLAVOUR's Debian package"; fi
if [ "$SYSREC_COMPAT_BUILT" = "$FLAVOUR" ]; then pass; else
	fail "the build installed is --with-compat=$SYSREC_COMPAT_BUILT"; fi
# With --prefix=/usr, the very directories of Debian's package; an explicit
# --libexecdir is honoured under both flavours.
for args in "--prefix=/usr" "--prefix=/usr --libexecdir=/opt/le"; do
	case "$FLAVOUR $args" in
	"12.6.1 --prefix=/usr") want=/usr/lib/sysstat ;;
	"12.7.5 --prefix=/usr") want=/usr/libexec/sysstat ;;
	*) want=/opt/le/sysstat ;;
	esac
	saved_B=$FLAVOUR_B
	# shellcheck disable=SC2086
	if flavour_builddir $args >"$TMPD/cfg.out" && build_vars "$FLAVOUR_B"; then
		if [ "$sadcdir" = "$want" ]; then pass; else
			fail "configure $args --with-compat=$FLAVOUR: sadc in '$sadcdir', want $want"; fi
	else
		fail "configure $args: $(cat "$TMPD/cfg.out")"
	fi
	rm -rf "$FLAVOUR_B"
	FLAVOUR_B=$saved_B
	build_vars "$FLAVOUR_B"
done
# The scripts carry the configured paths.
grep -q "^sa1_sadc=\${SA_LIB_DIR:-$sadcdir}/sadc\$" "$DEST$sadcdir/sa1" &&
	grep -q "^sa1_conf=\${SYSSTAT_CONF:-$sysconfdir/sysstat/sysstat}\$" "$DEST$sadcdir/sa1" &&
	grep -q "^sa2_sar=\${SA_BIN_DIR:-$bindir}/sar\$" "$DEST$sadcdir/sa2" &&
	grep -q "^SA_DIR=$SA_DIR\$" "$DEST$sadcdir/sa1" && pass ||
	fail "sa1/sa2 do not carry the configured paths"
if grep -n '@[A-Za-z_0-9]*@' "$DEST$sadcdir/sa1" "$DEST$sadcdir/sa2" "$DEST$sysconfdir/sysstat/sysstat" \
	"$DEST$mandir"/man?/*.[158]; then
	fail "placeholders left in installed files"
else
	pass
fi

# 2. The configuration file: the variables and defaults of the flavour's
#    Debian package (12.7.5 added REPEAT_HEADER, commented out), ZIP="xz" included,
#    but SADC_OPTIONS, which adds sysrec's IOSTAT and TOP to sysstat's "-S DISK"
#    (sysstat(5): what iostat and pidstat --archive report after the fact).
conf_values() {
	(
		unset HISTORY COMPRESSAFTER SADC_OPTIONS SA_DIR ZIP YESTERDAY REPORTS DELAY_RANGE UMASK \
			REPEAT_HEADER
		. "$1"
		echo "HISTORY=${HISTORY-unset} COMPRESSAFTER=${COMPRESSAFTER-unset}" \
			"SADC_OPTIONS=${SADC_OPTIONS-unset} ZIP=${ZIP-unset} YESTERDAY=${YESTERDAY-unset}" \
			"REPORTS=${REPORTS-unset} DELAY_RANGE=${DELAY_RANGE-unset} UMASK=${UMASK-unset}" \
			"REPEAT_HEADER=${REPEAT_HEADER-unset} SA_DIR=${SA_DIR-unset}"
	)
}
got=$(conf_values "$DEST$sysconfdir/sysstat/sysstat")
want="HISTORY=7 COMPRESSAFTER=10 SADC_OPTIONS=-S DISK,IOSTAT,TOP --top=5 ZIP=xz YESTERDAY=unset"
want="$want REPORTS=unset"
want="$want DELAY_RANGE=0 UMASK=0022 REPEAT_HEADER=unset SA_DIR=$SA_DIR"
if [ "$got" = "$want" ]; then pass; else fail "config defaults: '$got', want '$want'"; fi
names() { sed -n 's/^#\{0,1\}\([A-Z_]*\)=.*/\1/p' "$1" | sort | tr '\n' ' '; }
# The settings as the package ships them: 12.7.5's from the oracle package,
# 12.6.1's as Debian 12 installed them (both list the same variables but
# REPEAT_HEADER, 12.7.5's only).
case $FLAVOUR in
12.6.1) oracle_conf=/etc/sysstat/sysstat ;;
*) oracle_conf=${ORACLE_ROOT:+$ORACLE_ROOT/etc/sysstat/sysstat} ;;
esac
ours_conf=$DEST$sysconfdir/sysstat/sysstat
if have_part oracle "the comparison with sysstat $FLAVOUR's configuration" &&
	[ -n "$oracle_conf" ] && [ -r "$oracle_conf" ]; then
	# The same variables (set or commented out), the same values.
	if [ "$(names "$oracle_conf")" = "$(names "$ours_conf")" ]; then pass; else
		fail "variables: sysstat $FLAVOUR '$(names "$oracle_conf")', ours '$(names "$ours_conf")'"; fi
	deb=$(conf_values "$oracle_conf" | sed 's/SA_DIR=.*//; s/SADC_OPTIONS=-S DISK /SADC_OPTIONS=-S DISK,IOSTAT,TOP --top=5 /')
	ours=$(echo "$got" | sed 's/SA_DIR=.*//')
	if [ "$deb" = "$ours" ]; then pass; else fail "defaults: sysstat $FLAVOUR '$deb', ours '$ours'"; fi
	# The commented-out example values: REPEAT_HEADER=25, YESTERDAY=no, REPORTS=false.
	examples() { sed -n 's/^#\([A-Z_]*=.*\)/\1/p' "$1" | sort | tr '\n' ' '; }
	if [ "$(examples "$oracle_conf")" = "$(examples "$ours_conf")" ]; then pass; else
		fail "examples: sysstat $FLAVOUR '$(examples "$oracle_conf")', ours '$(examples "$ours_conf")'"; fi
elif have_oracle; then
	echo "SKIP (part): the comparison with sysstat $FLAVOUR's configuration: no $oracle_conf"
fi
if [ "$(. "$DEST$sysconfdir/default/sysstat"; echo "$ENABLED")" = false ]; then pass; else
	fail "ENABLED is not false in $sysconfdir/default/sysstat"; fi

# 3. sa1, with a scratch configuration and a fixed clock (passed to sadc in
#    SADC_OPTIONS). Times are local, so the test holds in any TZ.
SA1=$DEST$sadcdir/sa1
SA2=$DEST$sadcdir/sa2
SAR=$DEST$bindir/sar
export SA_LIB_DIR=$DEST$sadcdir SA_BIN_DIR=$DEST$bindir SYSSTAT_CONF=$TMPD/sysstat.conf
D=$TMPD/days
mkdir -p "$D"
at() { date -d "$1" +%s; }
# conf HISTORY SADC_OPTIONS [more lines]
conf() {
	printf 'HISTORY=%s\nSADC_OPTIONS="%s"\nSA_DIR=%s\n' "$1" "$2" "$D" >"$SYSSTAT_CONF"
	shift 2
	for l in "$@"; do echo "$l" >>"$SYSSTAT_CONF"; done
}
# The record list of a file: type (R restart, S statistics, C comment) and time.
records() {
	"$SA_WALK" -d "$1" | sed -n 's/.*type=\([0-9]*\) time=\([0-9:]*\).*/\1 \2/p' |
		sed 's/^1 /S/;s/^2 /R/;s/^4 /C/' | tr '\n' ' '
}
check_records() {
	local f=$1 want=$2 got
	got=$(records "$f")
	if [ "$got" = "$want" ]; then pass; else fail "$(basename "$f"): '$got', want '$want'"; fi
}
run_ok() {
	if "$@" >"$TMPD/run.out" 2>"$TMPD/run.err"; then pass; else
		fail "'$*' exited $?: $(head -3 "$TMPD/run.err")"; fi
}

conf 7 "-S DISK --unix-time=$(at '2026-11-29 23:40:00')"
run_ok "$SA1" --boot
conf 7 "-S DISK --unix-time=$(at '2026-11-29 23:50:00')"
run_ok "$SA1"
conf 7 "-S DISK --unix-time=$(at '2026-11-30 00:00:00')"
run_ok "$SA1" 1 1
# Just after midnight, --rotate ends yesterday's file, so that it reaches 00:00.
conf 7 "-S DISK --unix-time=$(at '2026-11-30 00:00:01')"
SA_TODAY=2026-11-30 run_ok "$SA1" --rotate
check_records "$D/sa29" "R23:40:00 S23:50:00 S00:00:01 "
# Interval and count across midnight (and a month): the sample at 00:00 ends
# one file and starts the next.
conf 7 "-S DISK --unix-time=$(at '2026-11-30 23:50:00')"
run_ok "$SA1" 600 2
check_records "$D/sa30" "S00:00:00 S23:50:00 S00:00:00 "
check_records "$D/sa01" "S00:00:00 "
conf 7 "--unix-time=$(at '2026-12-01 00:05:00')"
run_ok "$SA1" --sleep pre suspend
if "$SA_WALK" -d "$D/sa01" | grep -q 'comment=LINUX SLEEP MODE (pre suspend)$'; then pass; else
	fail "no sleep comment: $("$SA_WALK" -d "$D/sa01")"; fi
# Nothing to close: no file of yesterday, or one last written a month ago.
conf 7 ""
SA_TODAY=2026-12-03 run_ok "$SA1" --rotate
if [ ! -e "$D/sa02" ]; then pass; else fail "--rotate created yesterday's file"; fi
cp "$D/sa29" "$D/sa02.old" && mv "$D/sa02.old" "$D/sa02" && touch -d '30 days ago' "$D/sa02"
SA_TODAY=2026-12-03 run_ok "$SA1" --rotate
if cmp -s "$D/sa02" "$D/sa29"; then pass; else fail "--rotate appended to last month's sa02"; fi
rm -f "$D/sa02"
# The installed sar reads what sa1 wrote.
if S_TIME_FORMAT=ISO "$SAR" -f "$D/sa29" >"$TMPD/sar.out" 2>"$TMPD/sar.err" &&
	grep -q 'LINUX RESTART' "$TMPD/sar.out" && grep -q '^00:00:01 ' "$TMPD/sar.out"; then
	pass
else
	fail "installed sar -f sa29: $(head -3 "$TMPD/sar.err")"
fi
# SADC_OPTIONS chooses the activities.
D=$TMPD/acts
mkdir -p "$D"
conf 7 "-S A_NULL,A_PCSW --unix-time=$(at '2026-11-29 12:00:00')"
run_ok "$SA1"
if "$DEST$bindir/sadf" -H "$D/sa29" >"$TMPD/h.out" 2>&1 &&
	grep -q '^Number of activities in file: 1$' "$TMPD/h.out" && grep -q 'A_PCSW' "$TMPD/h.out"; then
	pass
else
	fail "SADC_OPTIONS not applied: $(grep -i activit "$TMPD/h.out" | head -3)"
fi
# A real sample, with the real clock, and UMASK.
D=$TMPD/now
mkdir -p "$D"
conf 7 "" "UMASK=0027"
run_ok "$SA1" 1 2
case "$("$SA_WALK" "$D/sa$(date +%d)")" in
*"ok records=2 stats=2 "*) pass ;;
*) fail "sa1 1 2 now: $("$SA_WALK" "$D/sa$(date +%d)")" ;;
esac
if [ "$(stat -c %a "$D/sa$(date +%d)")" = 640 ]; then pass; else
	fail "UMASK=0027: mode $(stat -c %a "$D/sa$(date +%d)")"; fi

# 4. HISTORY > 28: saYYYYMMDD, for sa1 (sadc -D), --rotate and sa2.
D=$TMPD/long
mkdir -p "$D"
conf 35 "--unix-time=$(at '2026-11-29 23:55:00')"
run_ok "$SA1" --boot
run_ok "$SA1" 1 1
conf 35 "--unix-time=$(at '2026-11-30 00:00:02')"
SA_TODAY=2026-11-30 run_ok "$SA1" --rotate
check_records "$D/sa20261129" "R23:55:00 S23:55:00 S00:00:02 "
SA_TODAY=2026-11-30 run_ok "$SA2" -A
if [ -s "$D/sar20261129" ] && grep -q 'LINUX RESTART' "$D/sar20261129"; then pass; else
	fail "HISTORY=35: no sar20261129 report"; fi

# 5. sa2: yesterday's report, then removal and compression by age.
D=$TMPD/clean
mkdir -p "$D" "$D/sub"
conf 20 "--unix-time=$(at '2026-11-15 10:00:00')" "COMPRESSAFTER=5" 'ZIP="gzip"'
run_ok "$SA1" 60 3
cp "$D/sa15" "$TMPD/sa15.copy"
cp "$D/sa15" "$D/sa05"
for f in sa03 sar03 sa04.gz sar04.xz sa20261001 sar20261002.bz2 sa123 notes sub/sa03; do
	echo old >"$D/$f"
	touch -d '25 days ago' "$D/$f"
done
echo report >"$D/sar05" && touch -d '10 days ago' "$D/sar05" "$D/sa05"
echo x >"$D/sa07.gz" && touch -d '10 days ago' "$D/sa07.gz"
echo y >"$D/sa06" && touch -d '2 days ago' "$D/sa06"
# sadc -S TOP's state files: a day old, removed; today's, and others, kept.
for f in .sa14.top .sa20261114.top .sa15.top .sa14.top.new .notes.top; do
	echo state >"$D/$f"
done
touch -d '2 days ago' "$D/.sa14.top" "$D/.sa20261114.top" "$D/.sa14.top.new" "$D/.notes.top"
SA_TODAY=2026-11-16 run_ok "$SA2" -A
for f in .sa14.top .sa20261114.top; do
	if [ ! -e "$D/$f" ]; then pass; else fail "sa2 left $f"; fi
done
for f in .sa15.top .sa14.top.new .notes.top; do
	if [ -e "$D/$f" ]; then pass; else fail "sa2 removed $f"; fi
done
S_TIME_FORMAT=ISO "$SAR" -A -f "$TMPD/sa15.copy" 2>/dev/null | sed "s|$TMPD/sa15.copy|F|" >"$TMPD/want.sar"
if [ -s "$D/sar15" ] && diff <(sed "s|$D/sa15|F|" "$D/sar15") "$TMPD/want.sar" >/dev/null; then pass
else fail "sar15 is not 'sar -A -f sa15': $(diff <(sed "s|$D/sa15|F|" "$D/sar15") "$TMPD/want.sar" | head -5)"; fi
for f in sa03 sar03 sa04.gz sar04.xz sa20261001 sar20261002.bz2 sa05 sar05; do
	if [ ! -e "$D/$f" ]; then pass; else fail "sa2 left $f"; fi
done
for f in sa123 notes sub/sa03 sa06 sa07.gz sa15 sar15 sa05.gz sar05.gz; do
	if [ -e "$D/$f" ]; then pass; else fail "sa2 removed $f"; fi
done
if [ "$(gzip -dc "$D/sar05.gz")" = report ]; then pass; else fail "sar05.gz is not sar05 gzipped"; fi
# The installed sar reads the compressed file as it read the plain one.
"$SAR" -f "$D/sa05.gz" 2>&1 | sed "s|$D/sa05.gz|F|" >"$TMPD/gz.sar"
"$SAR" -f "$TMPD/sa15.copy" 2>&1 | sed "s|$TMPD/sa15.copy|F|" >"$TMPD/plain.sar"
if [ -s "$TMPD/gz.sar" ] && cmp -s "$TMPD/gz.sar" "$TMPD/plain.sar"; then pass; else
	fail "sar -f sa05.gz: $(diff "$TMPD/gz.sar" "$TMPD/plain.sar" | head -5)"; fi

# YESTERDAY=no reports today's file; REPORTS=false writes no report.
conf 20 "" "YESTERDAY=no"
SA_TODAY=2026-11-15 run_ok "$SA2" -u
if grep -q '%user' "$D/sar15" && ! grep -q '%usr' "$D/sar15"; then pass; else
	fail "YESTERDAY=no: sar15 is not the -u report of sa15"; fi
rm -f "$D/sar15"
# REPEAT_HEADER: 12.7.5's sa2 runs sar with S_REPEAT_HEADER set to it (the
# headers come again every 2 lines), 12.6.1's ignores it. The flavour's sar
# on the same file, run as its sa2 runs it, writes the same report.
conf 20 "" "YESTERDAY=no" "REPEAT_HEADER=2"
SA_TODAY=2026-11-15 run_ok "$SA2" -u
if have_part oracle "REPEAT_HEADER against sysstat $FLAVOUR"; then
	case $FLAVOUR in
	12.6.1) S_TIME_FORMAT=ISO "$ORACLE_SAR" -u -f "$D/sa15" >"$TMPD/rh.want" 2>&1 ;;
	*) S_REPEAT_HEADER=2 S_TIME_FORMAT=ISO "$ORACLE_SAR" -u -f "$D/sa15" >"$TMPD/rh.want" 2>&1 ;;
	esac
	n=$(grep -c '%user' "$TMPD/rh.want")
	if cmp -s "$TMPD/rh.want" "$D/sar15"; then pass; else
		fail "REPEAT_HEADER=2: sar15 differs from sysstat $FLAVOUR's: $(diff "$TMPD/rh.want" "$D/sar15" | head -5)"; fi
	# Not vacuous: 12.7.5's report repeats its header.
	case "$FLAVOUR $n" in "12.6.1 1" | "12.7.5 "[2-9]) pass ;; *) fail "REPEAT_HEADER=2: $n headers in sysstat $FLAVOUR's report" ;; esac
fi
rm -f "$D/sar15"
conf 20 "" "REPORTS=false"
SA_TODAY=2026-11-16 run_ok "$SA2" -A
if [ ! -e "$D/sar15" ]; then pass; else fail "REPORTS=false wrote sar15"; fi
# A HISTORY that is not a number stops sa2 before it deletes anything.
conf "7x" ""
echo old >"$D/sa09" && touch -d '25 days ago' "$D/sa09"
if SA_TODAY=2026-11-16 "$SA2" -A 2>"$TMPD/err"; then fail "HISTORY=7x accepted"; else
	grep -q "HISTORY='7x'" "$TMPD/err" && pass || fail "HISTORY=7x: $(cat "$TMPD/err")"; fi
if [ -e "$D/sa09" ]; then pass; else fail "HISTORY=7x: sa2 deleted files"; fi

# 6. sa1 and sa2 against the flavour's own, given the same settings. Both
#    run stand-ins for sadc and sar that log their arguments, umask and
#    the variables sar reads (S_TIME_FORMAT, S_REPEAT_HEADER). The oracle's
#    scripts run from copies with their configuration directory, their
#    programs' directory and their fall-back SA_DIR moved into the test's.
if have_part oracle "the comparison with sysstat $FLAVOUR's sa1 and sa2" &&
	[ -r "$ORACLE_SA1" ] && [ -r "$ORACLE_SA2" ]; then
	O=$TMPD/oracle
	mkdir -p "$O/conf" "$O/bin" "$O/fallback"
	for f in sa1 sa2; do
		[ $f = sa1 ] && src=$ORACLE_SA1 || src=$ORACLE_SA2
		sed -e "s|^SYSCONFIG_DIR=.*|SYSCONFIG_DIR=$O/conf|" -e "s|^ENDIR=.*|ENDIR=$O/bin|" \
			-e "s|/var/log/sysstat|$O/fallback|g" "$src" >"$O/$f"
		chmod +x "$O/$f"
	done
	cat >"$O/bin/sadc" <<'SH'
#!/bin/sh
{
	printf '%s' "$(basename "$0" .sysstat)"
	for a in "$@"; do printf ' [%s]' "$a"; done
	printf ' umask=%s S_TIME_FORMAT=%s S_REPEAT_HEADER=%s\n' "$(umask)" "${S_TIME_FORMAT-unset}" \
		"${S_REPEAT_HEADER-unset}"
} >>"$STANDIN_LOG"
SH
	chmod +x "$O/bin/sadc"
	ln -s sadc "$O/bin/sar"
	ln -s sadc "$O/bin/sar.sysstat"
	unset S_TIME_FORMAT S_REPEAT_HEADER
	export SA_LIB_DIR=$O/bin SA_BIN_DIR=$O/bin SYSSTAT_CONF=$O/conf/sysstat
	D=$TMPD/same
	# same WHAT SCRIPT ARGS...: runs the oracle's SCRIPT then ours, on
	# fresh copies of $TMPD/fixture, and compares the stand-ins' logs and
	# what is left in the directory.
	same() {
		local what=$1 script=$2 who
		shift 2
		for who in oracle ours; do
			rm -rf "$D" && cp -a "$TMPD/fixture" "$D"
			STANDIN_LOG=$TMPD/$who.log
			: >"$STANDIN_LOG"
			export STANDIN_LOG
			if [ $who = oracle ]; then
				(cd / && "$O/$script" "$@") >/dev/null 2>&1
			else
				(cd / && "$DEST$sadcdir/$script" "$@") >/dev/null 2>&1
			fi
			(cd "$D" && find . -type f | sort) >>"$STANDIN_LOG"
		done
		if cmp -s "$TMPD/oracle.log" "$TMPD/ours.log" && [ -s "$TMPD/ours.log" ]; then pass; else
			fail "$script $* ($what): sysstat $FLAVOUR's $(tr '\n' ';' <"$TMPD/oracle.log")," \
				"ours $(tr '\n' ';' <"$TMPD/ours.log")"
		fi
	}
	y=$(date -d '12:00 yesterday' +%d)
	yl=$(date -d '12:00 yesterday' +%Y%m%d)
	mkdir -p "$TMPD/fixture"
	# Yesterday's files, written a moment ago (our --rotate closes only those).
	echo x >"$TMPD/fixture/sa$y"
	echo x >"$TMPD/fixture/sa$yl"
	settings=("HISTORY=7|SADC_OPTIONS=\"-S DISK\"|UMASK=0027"
		"HISTORY=35|SADC_OPTIONS=\"-S XALL\""
		"SADC_OPTIONS=|UMASK=0077|REPEAT_HEADER=25")
	for c in "${settings[@]}"; do
		printf 'SA_DIR=%s\nZIP=gzip\n%s\n' "$D" "$(echo "$c" | tr '|' '\n')" >"$O/conf/sysstat"
		same "$c" sa1
		same "$c" sa1 1 1
		same "$c" sa1 600 2
		same "$c" sa1 --boot
		same "$c" sa1 --sleep pre suspend
		same "$c" sa1 --rotate
		same "$c" sa1 --rotate iso
		same "$c" sa2 -A
		same "$c" sa2 -u -r ALL
	done
	printf 'SA_DIR=%s\nYESTERDAY=no\nREPEAT_HEADER=40\n' "$D" >"$O/conf/sysstat"
	echo x >"$TMPD/fixture/sa$(date +%d)"
	same "YESTERDAY=no" sa2 -A
	printf 'SA_DIR=%s\nREPORTS=false\n' "$D" >"$O/conf/sysstat"
	same "REPORTS=false" sa2 -A
	# The cleanup: removal after HISTORY days, compression after
	# COMPRESSAFTER, of the names both know (not in subdirectories, which
	# sysstat's also walks).
	for f in sa03 sar03 sa04.gz sar04.xz sa20261001 sar20261002.bz2; do
		echo old >"$TMPD/fixture/$f" && touch -d '25 days ago' "$TMPD/fixture/$f"
	done
	for f in sa05 sar05 sa20261105; do
		echo old >"$TMPD/fixture/$f" && touch -d '12 days ago' "$TMPD/fixture/$f"
	done
	echo old >"$TMPD/fixture/sa06" && touch -d '2 days ago' "$TMPD/fixture/sa06"
	printf 'SA_DIR=%s\nHISTORY=20\nCOMPRESSAFTER=10\nZIP=gzip\n' "$D" >"$O/conf/sysstat"
	same "cleanup" sa2 -A
elif have_oracle; then
	echo "SKIP (part): the comparison with sysstat $FLAVOUR's sa1 and sa2: its scripts are not there"
fi
finish
