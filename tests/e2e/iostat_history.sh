#!/bin/bash
# flavours: 12.6.1 12.7.5
# iostat --archive prints what the live iostat printed (live/hist.h). Our
# sadc records each snapshot of a sequence (tests/live.md) with --root and
# --unix-time, -S XALL,IOSTAT, while the release's iostat (12.6.1 or 12.7.5,
# the flavour's) runs live over the same snapshots under the livefix shim;
# then our iostat --archive on that file, under the shim over a copy of the
# sequence without the files a sample is read from (hist_strip: only names,
# from /dev, /etc and /sys's links, can come from the snapshots, as they do
# for sar -d), prints the same
# stdout, stderr and exit status, report for report: the first report since
# boot, each later one over the interval between two records. The option
# matrix is iostat_basic's over the sequences of iostat_sequences
# (live_lib.sh); windows (-s/-e as hh:mm:ss, dated and @EPOCH) against the
# live run over the snapshots of the window; an interval argument against the
# live run over every second snapshot; a compressed file and a directory of
# daily files; a LINUX RESTART (two sequences in one file) against the two
# live runs; and the messages for a file recorded without -S IOSTAT, or
# without partitions.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/live_lib.sh"

IOSTAT=$(our_bin iostat)
[ -x "$IOSTAT" ] || skip "$IOSTAT is not built"
[ -x "$top_builddir/sadc/sadc" ] || skip "our sadc is not built"
[ -r "$LIVEFIX" ] || skip "$LIVEFIX is not built (make tests/tools/livefix.so)"
command -v python3 >/dev/null || skip "python3 is missing (live_seq.py)"
# The live run to match: the release's iostat (ours when it does not run here).
LIVE=$(hist_live_bin iostat)

SEQ=$TMPD/seq
iostat_sequences "$SEQ"
# sadc does not record a device that never did any I/O (sadc(8)): the disk
# that back's snapshot 4 adds has done some here (the case of one that has
# not is checked on its own below).
cp -r "$SEQ/back" "$SEQ/unused"
python3 - "$SEQ/back/4" <<'PY' || fail "making sdz used"
import os, sys
d = sys.argv[1]
vals = " ".join(str(3 * k + 1) for k in range(17))
for path, fn in ((d + "/proc/diskstats", lambda l: l if l.split()[2:3] != ["sdz"] else " ".join(l.split()[:3]) + " " + vals),
                 (d + "/sys/block/sdz/stat", lambda l: vals)):
    with open(path) as f:
        lines = f.read().rstrip("\n").split("\n")
    os.unlink(path)  # maybe a hard link to another snapshot's file
    with open(path, "w") as f:
        f.write("\n".join(fn(l) for l in lines) + "\n")
PY

# hist_case SEQNAME FILE 'LIVE-ARGS' 'ARCHIVE-ARGS' [KEY] (live_lib.sh's hist_compare).
hist_case() {
	hist_compare "$LIVE" "$IOSTAT" "$SEQ/$1" "${stripped[$1]}" "$2" "$3" "$4" "${5:-}"
}

declare -A stripped
for s in std f14 f18 back many neg p4 j; do
	hist_record "$SEQ/$s" "$TMPD/$s.sa"
	stripped[$s]=$(hist_strip "$SEQ/$s")
done

# The stripped copies hold no sample: the live iostat cannot read one there.
run_capture "$TMPD/m" bash "$LIVE_RUN" "${stripped[std]}" -- "$IOSTAT" -d
if [ "$(cat "$TMPD/m.rc")" = 2 ] && grep -q 'Cannot read /proc/uptime' "$TMPD/m.err"; then
	pass
else
	fail "the live iostat on a stripped copy: exit $(cat "$TMPD/m.rc"), $(head -2 "$TMPD/m.err")"
fi

# The option matrix, each line over every snapshot of each sequence.
for s in std f14 f18 back neg p4; do
	k=$(seq_snaps "$SEQ/$s")
	while IFS= read -r opts; do
		hist_case "$s" "$TMPD/$s.sa" "$opts 1 $k" "$opts"
	done <<'END'

-d
-c
-x
-xz
-x -y
-k -t
-m -x
-p ALL
-p ALL -x
-p sda
-xp sda,nvme0n1
sda sdb
sda1 sdb2
-x nvme0n1p1
sdb sdc sdz sda1
ALL
-z
-s
-x -s
--human
-h -x
--pretty -x
-x --pretty --compact
--dec=0 -x
--dec=2 -s
-g grp sda sdb -g g2 nvme0n1
-x -g grp sda sdb -g g2 nvme0n1
-H -g grp sda sdb
-N
-N -x dm-0
-N -p ALL
-o JSON
-o JSON -x
-o JSON -x -s -t
-o JSON -y
-o JSON -c
-o JSON -m -g grp sda sdb
END
done
hist_case many "$TMPD/many.sa" "-x 1 2" "-x"
hist_case many "$TMPD/many.sa" "-p ALL -o JSON -z 1 2" "-p ALL -o JSON -z"
for opts in "-j ID" "-j id -x" "-j ID ata-DISK_A" "-j LABEL -p ALL" "-j ID ata-DISK_B-part1 -x" \
	"-N vg-root"; do
	hist_case j "$TMPD/j.sa" "$opts 1 4" "$opts"
done
# The environment and the time zone.
for e in POSIXLY_CORRECT=1 S_TIME_FORMAT=ISO S_COLORS=always TZ=GMT+12; do
	keep_case "iostat-history env $e" 2 3 || continue
	run_capture "$TMPD/a" bash "$LIVE_RUN" "$SEQ/std" "$e" -- "$LIVE" -x -t 1 4
	run_capture "$TMPD/b" bash "$LIVE_RUN" "${stripped[std]}" "$e" -- "$IOSTAT" -x -t \
		--archive="$TMPD/std.sa"
	oracle_judge --show=5 "$e iostat -x -t --archive (live: iostat -x -t 1 4)"
done

# Windows: the live run over the snapshots of the window (a second apart).
# The limits are the snapshots' clocks in this run's TZ (snap_time); the
# case's key names the snapshots, so every TZ runs the same sample.
hist_subseq "$SEQ/back" "$SEQ/w12" 1 2
hist_subseq "$SEQ/back" "$SEQ/w1" 1
hist_subseq "$SEQ/back" "$SEQ/w024" 0 2 4
hist_subseq "$SEQ/back" "$SEQ/w34" 3 4
for w in w12 w1 w024 w34; do
	stripped[$w]=$(hist_strip "$SEQ/$w")
done
B=$TMPD/back.sa
s1=$(snap_time "$SEQ/back" 1) s2=$(snap_time "$SEQ/back" 2) s3=$(snap_time "$SEQ/back" 3)
d1=$(snap_time "$SEQ/back" 1 %Y-%m-%dT%H:%M:%S) d2=$(snap_time "$SEQ/back" 2 %Y-%m-%dT%H:%M:%S)
t1=$(snap_time "$SEQ/back" 1 %s) t2=$(snap_time "$SEQ/back" 2 %s)
for opts in "-x" "-t -p ALL" "-o JSON -y"; do
	hist_case w12 "$B" "$opts 1 2" "$opts -s $s1 -e $s2" "$opts -s <1> -e <2>"
	hist_case w12 "$B" "$opts 1 2" "$opts -s $d1 -e $s2" "$opts -s <date 1> -e <2>"
	hist_case w12 "$B" "$opts 1 2" "$opts -s @$t1 -e @$t2" "$opts -s @<1> -e @<2>"
	hist_case w1 "$B" "$opts 1 1" "$opts -s $s1 -e $s1" "$opts -s <1> -e <1>"
	hist_case w34 "$B" "$opts 1 2" "$opts -s $s3" "$opts -s <3>"
	hist_case w12 "$B" "$opts 1 2" "$opts -e $s2 -s $s1 1 2" "$opts -e <2> -s <1> 1 2"
	# The interval argument: a record at least that many seconds after the last one kept.
	hist_case w024 "$B" "$opts 2 3" "$opts 2"
	hist_case w024 "$B" "$opts 2 2" "$opts 2 2"
done
# The dated form with a space is one word.
keep_case "iostat-history dated with a space" 2 3 && {
	run_capture "$TMPD/a" bash "$LIVE_RUN" "$SEQ/w12" -- "$LIVE" -x 1 2
	run_capture "$TMPD/b" bash "$LIVE_RUN" "${stripped[w12]}" -- "$IOSTAT" -x --archive="$B" \
		-e "${d2/T/ }" -s "$s1"
	oracle_judge --show=5 "iostat -x --archive -e '${d2/T/ }' -s $s1"
}
# -s with a word that is no time is still the short report.
hist_case std "$TMPD/std.sa" "-s -x 1 4" "-x -s"

# A compressed file, and a directory of daily files (sa04 for 2025-12-04,
# the day of the records in this run's TZ).
if command -v xz >/dev/null; then
	xz -k -c "$TMPD/std.sa" >"$TMPD/std.sa.xz"
	hist_case std "$TMPD/std.sa.xz" "-x 1 4" "-x"
fi
mkdir -p "$TMPD/dir"
cp "$TMPD/back.sa" "$TMPD/dir/sa$(snap_time "$SEQ/back" 1 %d)"
hist_case w12 "$TMPD/dir" "-x 1 2" "-x -s $d1 -e $d2" "-x -s <date 1> -e <date 2>"

# A restart: a second sequence (another boot, a smaller uptime) appended to the first.
python3 "$LIVE_SEQ" synth "$SEQ/boot2" --procs 0 --cpus 4 --disks 3 --nvme 1 --dm 2 --parts 2 \
	--steps 2 --seed 7 --epoch 1764835300 >/dev/null || fail "live_seq.py synth boot2"
cp "$TMPD/std.sa" "$TMPD/reboot.sa"
hist_reboot_seq "$SEQ/boot2"
hist_record "$SEQ/boot2" "$TMPD/reboot.sa"
stripped[boot2]=$(hist_strip "$SEQ/boot2")
# One live run per boot, one after the other; in JSON one object of "hosts" per boot.
for opts in "-x" "-d -y -t"; do
	hist_compare_restart "$LIVE" "$IOSTAT" "$opts" "$SEQ/std" 4 "$SEQ/boot2" 3 0 \
		"${stripped[std]}" "$TMPD/reboot.sa"
done
run_capture "$TMPD/m" "$IOSTAT" -x -o JSON --archive="$TMPD/reboot.sa"
if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); h = d["sysstat"]["hosts"]
sys.exit(not (len(h) == 2 and len(h[0]["statistics"]) == 4 and len(h[1]["statistics"]) == 3))' \
	"$TMPD/m.out"; then
	pass
else
	fail "iostat -x -o JSON --archive over a restart: not one document of two hosts, 4 and 3 reports"
fi

# A device that never did any I/O is not recorded: named, or under ALL, it is
# not shown (the live iostat shows it with zeros), and the others are as live.
hist_record "$SEQ/unused" "$TMPD/unused.sa"
stripped[unused]=$(hist_strip "$SEQ/unused")
run_capture "$TMPD/a" bash "$LIVE_RUN" "$SEQ/unused" -- "$LIVE" -d ALL 1 5
run_capture "$TMPD/b" bash "$LIVE_RUN" "${stripped[unused]}" -- "$IOSTAT" -d ALL \
	--archive="$TMPD/unused.sa"
grep -v '^sdz ' "$TMPD/a.out" >"$TMPD/a.out.n" && mv "$TMPD/a.out.n" "$TMPD/a.out"
if grep -q '^sdz ' "$TMPD/b.out"; then
	fail "iostat -d ALL --archive shows sdz, which never did any I/O"
else
	oracle_judge --show=5 "iostat -d ALL --archive (live: iostat -d ALL 1 5, but sdz)"
fi

# What the file lacks: said once on stderr, the rest shown, exit 0.
hist_record "$SEQ/std" "$TMPD/nodisk.sa" -S DISK
hist_record "$SEQ/std" "$TMPD/noparts.sa" -S IOSTAT
check_msg() {
	local file=$1 want=$2
	shift 2
	run_capture "$TMPD/m" bash "$LIVE_RUN" "${stripped[std]}" -- "$IOSTAT" --archive="$file" "$@"
	if [ "$(cat "$TMPD/m.rc")" = 0 ] && [ "$(cat "$TMPD/m.err")" = "$want" ]; then
		pass
	else
		fail "iostat $* --archive=${file##*/}: exit $(cat "$TMPD/m.rc"), stderr: $(cat "$TMPD/m.err")"
	fi
}
check_msg "$TMPD/nodisk.sa" "iostat: $TMPD/nodisk.sa holds no device statistics: sadc -S IOSTAT records them" -x
check_msg "$TMPD/noparts.sa" "iostat: $TMPD/noparts.sa holds no partitions: sadc -S XDISK records them" -p ALL
check_msg "$TMPD/noparts.sa" "" -x
# Without device statistics the CPU report is all there is: the live -c's.
run_capture "$TMPD/a" bash "$LIVE_RUN" "$SEQ/std" -- "$LIVE" -c 1 4
run_capture "$TMPD/b" bash "$LIVE_RUN" "${stripped[std]}" -- "$IOSTAT" --archive="$TMPD/nodisk.sa"
sed -i 1d "$TMPD/b.err"
oracle_judge --show=5 "iostat --archive=nodisk.sa (live: iostat -c)"
# Usage errors: an empty name, -e without a time, a date that does not exist.
for a in "--archive=" "--archive=$TMPD/std.sa -e" "--archive=$TMPD/std.sa -e 25:00" \
	"--archive=$TMPD/std.sa -s 2025-02-30T08:00"; do
	# shellcheck disable=SC2086
	run_capture "$TMPD/m" "$IOSTAT" $a
	if [ "$(cat "$TMPD/m.rc")" = 1 ] && grep -q '^Usage: ' "$TMPD/m.err"; then
		pass
	else
		fail "iostat $a: exit $(cat "$TMPD/m.rc") (a usage error is 1)"
	fi
done
# A file that is not one: sar's message and status.
echo garbage >"$TMPD/bad.sa"
run_capture "$TMPD/m" "$IOSTAT" --archive="$TMPD/bad.sa"
if [ "$(cat "$TMPD/m.rc")" = 3 ] && grep -q 'Invalid system activity file' "$TMPD/m.err"; then
	pass
else
	fail "iostat --archive=bad.sa: exit $(cat "$TMPD/m.rc"), $(head -2 "$TMPD/m.err")"
fi
finish
