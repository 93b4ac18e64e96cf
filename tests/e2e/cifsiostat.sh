#!/bin/bash
# flavours: 12.6.1 12.7.5
# cifsiostat against the release's (Debian 12's 12.6.1, Debian 13's 12.7.5):
# both run under the livefix shim (tests/live.md) over the same sequences of
# /proc/fs/cifs/Stats snapshots, with the same options and environment, and
# stdout, stderr and the exit status must be identical. The sequences: SMB1
# and SMB2 shares, a share added mid-run (sorted before the others), one
# that goes away and comes back, counters going backwards, a name longer
# than sysstat's line buffer, no CIFS mount at all, no /proc/uptime, the
# fuzz target's odd seeds; and upstream's own fixture roots (root1..root5)
# when the shared corpus is there. Options: -k -m -t -h --human --pretty --dec, interval and count,
# usage errors, -V; colours, S_TIME_FORMAT=ISO, TZ and the locales.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/live_lib.sh"

requires "$(our_bin cifsiostat)" "$LIVEFIX"
# Its -V is translated: asked in the C locale.
LC_ALL=C have_live_oracle cifsiostat ||
	skip "the release's cifsiostat $FLAVOUR does not run here ($(oracle_bin cifsiostat))"

# snap DIR UPTIME: an empty machine of 4 CPUs up for UPTIME seconds.
snap() {
	mkdir -p "$1/proc" "$1"/sys/devices/system/cpu/cpu{0,1,2,3}
	echo "$2 4000.00" >"$1/proc/uptime"
}

# smb1 NAME READS RBYTES WRITES WBYTES OPENS CLOSES DELETES POSIX: one SMB1 share.
smb1() {
	printf '%s) %s\nSMBs: 40 Oplock Breaks: 0\nReads: %s Bytes: %s\nWrites: %s Bytes: %s\n' \
		"$N" "$1" "$2" "$3" "$4" "$5"
	printf 'Flushes: 0\nLocks: 0 HardLinks: 0 Symlinks: 0\nOpens: %s Closes: %s Deletes: %s\n' \
		"$6" "$7" "$8"
	printf 'Posix Opens: %s Posix Mkdirs: 0\nMkdirs: 0 Rmdirs: 0\n' "$9"
	N=$((N + 1))
}

# smb2 NAME RBYTES WBYTES OPEN SRVOPEN CLOSES READS WRITES: one SMB2 share.
smb2() {
	printf '%s) %s\nSMBs: 20\nBytes read: %s  Bytes written: %s\n' "$N" "$1" "$2" "$3"
	printf 'Open files: %s total (local), %s open on server\n' "$4" "$5"
	printf 'TreeConnects: 1 total 0 failed\nCreates: 3 total 0 failed\n'
	printf 'Closes: %s total 0 failed\nReads: %s total 0 failed\n' "$6" "$7"
	printf 'Writes: %s total 1 failed\nQueryInfos: 2 total 0 failed\n' "$8"
	N=$((N + 1))
}

# head_stats: the lines before the shares (one starts with a digit, as the kernel's do).
head_stats() {
	printf 'Resources in use\nCIFS Session: 2\nShare (unique mount targets): 3\n'
	printf 'SMB Request/Response Buffer: 1 Pool size: 5\nOperations (MIDs): 0\n\n'
	printf '3 session 1 share reconnects\nTotal vfs operations: 85 maximum at one time: 2\n\n'
	N=1
}

S=$TMPD/seq
LONG='\\host\'$(printf 'x%.0s' $(seq 1 300))

# mixed: SMB1 and SMB2; a share added (sorted first), counters going back, a share gone and back.
M=$S/mixed
snap "$M/0" 7192.55
mkdir -p "$M/0/proc/fs/cifs"
{ head_stats; smb1 '\\srv\data' 2 196 0 0 6 6 0 1; smb2 '\\srv2\home' 9170 5140 3 5 240 15 29; } \
	>"$M/0/proc/fs/cifs/Stats"
snap "$M/1" 7193.57
mkdir -p "$M/1/proc/fs/cifs"
{ head_stats; smb1 '\\srv\data' 12 5196 3 800 9 7 1 2; smb1 '\\aaa\new' 1 100 1 100 1 0 0 0
	smb2 '\\srv2\home' 19170 5140 4 5 250 25 29; } >"$M/1/proc/fs/cifs/Stats"
snap "$M/2" 7195.60
mkdir -p "$M/2/proc/fs/cifs"
{ head_stats; smb1 '\\srv\data' 10 4196 3 800 9 7 1 2; smb1 '\\aaa\new' 5 900 2 300 3 1 0 0; } \
	>"$M/2/proc/fs/cifs/Stats"
snap "$M/3" 7196.61
mkdir -p "$M/3/proc/fs/cifs"
{ head_stats; smb2 '\\srv2\home' 29170 6140 5 6 260 35 39; smb1 '\\srv\data' 10 4196 3 800 9 7 1 2
	smb1 "$LONG" 1 2 3 4 5 6 7 8; } >"$M/3/proc/fs/cifs/Stats"

# none: no CIFS mount (12.6.1 and 12.7.5 print the header alone); then one appears.
E=$S/none
snap "$E/0" 100.00
snap "$E/1" 101.00
mkdir -p "$E/1/proc/fs/cifs"
{ head_stats; smb1 '\\srv\data' 1 1024 1 2048 1 1 1 1; } >"$E/1/proc/fs/cifs/Stats"

# big: rates of MB/s and more (--human's units), the uptime not moving (interval 0).
B=$S/big
snap "$B/0" 5000.00
mkdir -p "$B/0/proc/fs/cifs" "$B/1/proc/fs/cifs"
{ head_stats; smb1 '\\srv\big' 100 1073741824000 200 5000000000 1 1 1 1; } \
	>"$B/0/proc/fs/cifs/Stats"
snap "$B/1" 5000.00
{ head_stats; smb1 '\\srv\big' 900 2173741824000 200 9000000000 1 1 1 1; } \
	>"$B/1/proc/fs/cifs/Stats"

# nouptime: no /proc/uptime ("Cannot read /proc/uptime", exit 2).
U=$S/nouptime
mkdir -p "$U/0/proc/fs/cifs" "$U/0"/sys/devices/system/cpu/cpu0
{ head_stats; smb1 '\\srv\data' 1 1 1 1 1 1 1 1; } >"$U/0/proc/fs/cifs/Stats"

# odd: the fuzz target's hand-made seeds (shares without a name, signs,
# partial lines, a name longer than the line buffer) one after the other.
O=$S/odd
i=0
for f in odd smb_both long_line odd; do
	snap "$O/$i" "$((50 + i)).00"
	mkdir -p "$O/$i/proc/fs/cifs"
	cp "$top_srcdir/tests/fuzz/corpus/live_cifsiostat/$f" "$O/$i/proc/fs/cifs/Stats"
	i=$((i + 1))
done

# upstream: sysstat's own fixture roots in order (SMB1, then SMB2 in root4 and root5).
seqs="$M $E $B $O"
if have_part shared "upstream's fixture roots"; then
	R=$SHARED/corpus/upstream/roots
	for i in 1 2 3 4 5; do
		mkdir -p "$S/upstream"
		ln -s "$R/root$i" "$S/upstream/$((i - 1))"
	done
	seqs="$seqs $S/upstream"
fi

for seq in $seqs; do
	for opts in "" "1" "1 5" "-k 1 4" "-m 1 4" "-t 1 3" "-h 1 4" "--human 1 4" \
		"--pretty 1 4" "--dec=0 1 4" "--dec=1 -k 1 4" "--human --dec=0 1 4" \
		"--human --dec=1 --pretty -m 1 4" "-kt --pretty 2 3"; do
		# shellcheck disable=SC2086
		live_diff "$seq" -- cifsiostat $opts
	done
done

# The environment: colours (with codes of S_COLORS_SGR, some malformed), ISO
# times, time zones, the locales' decimal comma and dates.
for vars in "S_COLORS=always" "S_COLORS=always S_COLORS_SGR=I=1;33:N=35:Z=2:W=31:X=x" \
	"S_COLORS=never" "S_TIME_FORMAT=ISO" "TZ=GMT+12" "TZ=Asia/Kolkata S_TIME_FORMAT=ISO" \
	"LC_ALL=de_DE.UTF-8" "LC_ALL=fr_FR.UTF-8" "LC_ALL=en_US.UTF-8"; do
	for opts in "-t 1 4" "-h -t 1 4" "--dec=1 -k 1 4"; do
		# shellcheck disable=SC2086
		live_diff "$M" $vars -- cifsiostat $opts
	done
done

# The command line: usage errors (exit 1), -V (exit 0), odd words.
for opts in "-k -m" "-m -k" "-km" "--dec=3" "--dec=x" "--dec=" "--dec=10" "--dec=-1" "-x" \
	"--foo" "1 0" "0 2" "1 2 3" "-1" "abc" "-" "5x 1" "-V" "-tV" "-V -x" "-x -V" "--human -h" \
	"-p" "-y 1 2"; do
	# shellcheck disable=SC2086
	live_diff "$M" -- cifsiostat $opts
	# shellcheck disable=SC2086
	live_diff "$M" LC_ALL=de_DE.UTF-8 -- cifsiostat $opts
done
live_diff "$M" S_COLORS=always S_TIME_FORMAT=ISO -- cifsiostat -V

# No /proc/uptime; Ctrl-C in the middle of a run.
live_diff "$U" -- cifsiostat
live_diff "$U" -- cifsiostat 1 2
live_diff "$M" LIVEFIX_SIGINT_AT=2 -- cifsiostat 1 5

finish
