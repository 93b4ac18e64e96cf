#!/bin/bash
# flavours: 12.6.1 12.7.5
# tapestat against the release's (Debian 12's 12.6.1, Debian 13's 12.7.5):
# both run under the livefix shim (tests/live.md) over the same sequences of
# /sys/class/scsi_tape snapshots, with the same options and environment,
# and stdout, stderr and the exit status must be identical. The sequences:
# several drives, one without statistics, one that is not stN (nst0), a
# drive added mid-run, a file missing or without a number, busy times
# going backwards (the drive is left out), counters going backwards,
# percentages above 999; no drive at all (exit 1); and upstream's own
# fixture roots when the shared corpus is there. Options: -k -m -t -y -z
# --human, interval and count, usage errors, -V; colours,
# S_TIME_FORMAT=ISO, TZ and the locales (the since-boot report reads
# /proc/uptime with the locale's decimal point).
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/live_lib.sh"

requires "$(our_bin tapestat)" "$LIVEFIX"
# Its -V is translated: asked in the C locale.
LC_ALL=C have_live_oracle tapestat ||
	skip "the release's tapestat $FLAVOUR does not run here ($(oracle_bin tapestat))"

# snap DIR UPTIME: a machine of 2 CPUs up for UPTIME seconds.
snap() {
	mkdir -p "$1/proc" "$1"/sys/devices/system/cpu/cpu{0,1} "$1/sys/class/scsi_tape"
	echo "$2 100.00" >"$1/proc/uptime"
}

# tape DIR NAME READ_NS WRITE_NS IO_NS RBYTES WBYTES RCNT WCNT OCNT RESID: a drive's statistics.
tape() {
	local d=$1/sys/class/scsi_tape/$2/stats f
	shift 2
	mkdir -p "$d"
	for f in read_ns write_ns io_ns read_byte_cnt write_byte_cnt read_cnt write_cnt other_cnt \
		resid_cnt; do
		echo "$1" >"$d/$f"
		shift
	done
}

S=$TMPD/seq

# drives: st0 and st2 with statistics, st1 without, nst0 (not stN) with; then the changes.
D=$S/drives
snap "$D/0" 7192.55
tape "$D/0" st0 8746055278 333563196949 454045641944 183060480 19691612160 8939 1006305 23 8937
mkdir -p "$D/0/sys/class/scsi_tape/st1"
tape "$D/0" st2 0 10 20 0 4096 0 1 0 0
tape "$D/0" nst0 1 1 1 1 1 1 1 1 1
snap "$D/1" 7193.55
tape "$D/1" st0 8946055278 333963196949 454845641944 183560480 19791612160 8949 1006385 25 8957
mkdir -p "$D/1/sys/class/scsi_tape/st1"
tape "$D/1" st2 0 10 20 0 4096 0 1 0 0
rm "$D/1/sys/class/scsi_tape/st2/stats/resid_cnt"
snap "$D/2" 7194.55
tape "$D/2" st0 8046055278 334963196949 455845641944 193560480 20791612160 9949 1106385 35 9957
tape "$D/2" st2 500000000 10 900000000 4096000 4096 1000 1 0 0
tape "$D/2" st3 0 0 0 0 0 0 0 0 0
snap "$D/3" 7195.55
tape "$D/3" st0 9046055278 335963196949 456845641944 203560480 21791612160 10949 1206385 45 10957
tape "$D/3" st2 900000000 10 990000000 8192000 4096 2000 1 0 0
echo abc >"$D/3/sys/class/scsi_tape/st2/stats/write_cnt"
tape "$D/3" st3 0 0 90000000000000 5 5 5 5 5 5
snap "$D/4" 7196.55
tape "$D/4" st0 9046055278 335963196949 456845641944 203560480 21791612160 10949 1206385 45 10957
tape "$D/4" st2 1900000000 20 1990000000 9000000000 4096 3000 2 1 1
tape "$D/4" st3 1 1 90000000000001 4 5 4 5 5 5

# none: no scsi_tape directory; nostats: drives without statistics (exit 1 both).
snap "$S/none/0" 10.00
rm -r "$S/none/0/sys/class/scsi_tape"
snap "$S/nostats/0" 10.00
mkdir -p "$S/nostats/0/sys/class/scsi_tape/st0" "$S/nostats/0/sys/class/scsi_tape/st1"

# idle: a drive that does nothing (what -z leaves out), one that works.
I=$S/idle
for i in 0 1 2; do
	snap "$I/$i" "$((500 + i)).25"
	tape "$I/$i" st0 0 0 0 0 0 0 0 0 0
	tape "$I/$i" st1 0 $((i * 1000000)) 0 0 $((i * 65536)) 0 $((i * 4)) 0 0
done

seqs="$D $I"
if have_part shared "upstream's fixture roots"; then
	R=$SHARED/corpus/upstream/roots
	for i in 1 2 3; do
		mkdir -p "$S/upstream"
		ln -s "$R/root$i" "$S/upstream/$((i - 1))"
	done
	seqs="$seqs $S/upstream"
fi

for seq in $seqs; do
	for opts in "" "1" "1 5" "2 3" "-y 1 4" "-y" "-z 1 5" "-k 1 4" "-m 1 4" "-t 1 3" \
		"--human 1 5" "--human -m 1 4" "-yz -t 1 4" "-y -z"; do
		# shellcheck disable=SC2086
		live_diff "$seq" -- tapestat $opts
	done
done
live_diff "$S/none" -- tapestat
live_diff "$S/none" -- tapestat -z 1 2
live_diff "$S/nostats" -- tapestat -y 1 2

# The environment: colours (with codes of S_COLORS_SGR, some malformed), ISO
# times, time zones, the locales' decimal comma (in /proc/uptime) and dates.
for vars in "S_COLORS=always" "S_COLORS=always S_COLORS_SGR=I=1;33:N=35:Z=2:W=31:X=x:H=4:M=5" \
	"S_COLORS=never" "S_TIME_FORMAT=ISO" "TZ=GMT+12" "TZ=Asia/Kolkata S_TIME_FORMAT=ISO" \
	"LC_ALL=de_DE.UTF-8" "LC_ALL=fr_FR.UTF-8" "LC_ALL=en_US.UTF-8"; do
	for opts in "-t 1 5" "--human -t 1 5"; do
		# shellcheck disable=SC2086
		live_diff "$D" $vars -- tapestat $opts
	done
done

# The command line: usage errors (exit 1), -V (exit 0), odd words.
for opts in "-k -m" "-m -k" "-km" "--dec=1" "--pretty" "-h" "-x" "--foo" "1 0" "0 2" "1 2 3" \
	"-1" "abc" "-" "5x 1" "-V" "-zV" "-V -x" "-x -V" "--human --human"; do
	# shellcheck disable=SC2086
	live_diff "$D" -- tapestat $opts
	# shellcheck disable=SC2086
	live_diff "$D" LC_ALL=de_DE.UTF-8 -- tapestat $opts
done
live_diff "$D" S_COLORS=always S_TIME_FORMAT=ISO -- tapestat -V

# Ctrl-C in the middle of a run.
live_diff "$D" LIVEFIX_SIGINT_AT=2 -- tapestat 1 5

finish
