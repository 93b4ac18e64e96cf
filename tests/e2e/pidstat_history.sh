#!/bin/bash
# flavours: 12.6.1 12.7.5
# pidstat --archive prints what the live pidstat printed (live/hist.h). Our
# sadc records each snapshot of a sequence (tests/live.md) with -S
# XALL,PROCESS,THREADS,STACK (live_lib.sh's hist_record) while the release's pidstat
# (12.6.1 or 12.7.5, the flavour's) runs live over the same snapshots under
# the livefix shim; then our pidstat --archive on that file, under the shim
# over a copy of the sequence without the files a sample is read from (no
# process directory, no proc/stat, uptime, meminfo: hist_strip), prints the
# same stdout, stderr and exit status, report for report and the averages.
# Sequences from live_seq.py: processes of three users, one that exits, one
# that starts, a PID reused; io and fd/ unreadable for one process; 300
# processes; each with threads and a [stack] mapping in its smaps. Options:
# the reports -u -r -d -w -v -R -s and their mixes, -t with them, -h, -l,
# -p, -C, -G, -U [user], -T TASK|CHILD|ALL, -I, -H, --dec, --human, the
# environment and TZ=GMT+12; windows (-s/-e) and an interval argument against
# the live run over the snapshots of the window; a compressed file; a LINUX
# RESTART (two sequences in one file: two live runs, one after the other); what the file lacks (no processes,
# threads, stacks: said once on stderr) and usage errors.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/live_lib.sh"

PIDSTAT=$(our_bin pidstat)
[ -x "$PIDSTAT" ] || skip "$PIDSTAT is not built"
[ -x "$top_builddir/sadc/sadc" ] || skip "our sadc is not built"
[ -r "$LIVEFIX" ] || skip "$LIVEFIX is not built (make tests/tools/livefix.so)"
command -v python3 >/dev/null || skip "python3 is missing (live_seq.py)"
LIVE=$(hist_live_bin pidstat)

SEQ=$TMPD/seq
mkdir -p "$SEQ"
synth() {
	python3 "$LIVE_SEQ" synth "$SEQ/$1" --disks 0 "${@:2}" >/dev/null ||
		fail "live_seq.py synth $*"
}
synth small --cpus 2 --procs 8 --threads 3 --steps 3 --seed 1
synth life --cpus 4 --procs 12 --threads 2 --steps 4 --seed 7 \
	--event 2:proc-exit:106 --event 2:proc-start:5000 --event 3:pid-reuse:112 \
	--event 3:proc-exit:100
synth big --cpus 8 --procs 300 --threads 1 --steps 2 --seed 9
# life: files a task may not let us read (modelled by their absence): io
# (-d prints -1.00), fd/ (-v prints -1).
rm -f "$SEQ"/life/*/proc/118/io "$SEQ"/life/*/proc/118/task/*/io
rm -rf "$SEQ/life/1/proc/130/fd" "$SEQ"/life/1/proc/130/task/*/fd

declare -A stripped
for s in small life big; do
	hist_record "$SEQ/$s" "$TMPD/$s.sa" -S XALL,PROCESS,THREADS,STACK
	stripped[$s]=$(hist_strip "$SEQ/$s")
done

# The stripped copies hold no task: the live pidstat sees none there.
run_capture "$TMPD/m" bash "$LIVE_RUN" "${stripped[small]}" -- "$PIDSTAT" -p 100
if grep -q ' 100 ' "$TMPD/m.out"; then
	fail "the live pidstat still reads PID 100 in a stripped copy"
else
	pass
fi

# hist_case SEQNAME FILE 'LIVE-ARGS' 'ARCHIVE-ARGS' [KEY] (live_lib.sh's hist_compare).
hist_case() {
	hist_compare "$LIVE" "$PIDSTAT" "$SEQ/$1" "${stripped[$1]}" "$2" "$3" "$4" "${5:-}"
}

for s in small life; do
	k=$(($(seq_snaps "$SEQ/$s") - 1))
	while IFS= read -r opts; do
		hist_case "$s" "$TMPD/$s.sa" "$opts 1 $k" "$opts"
	done <<'END'

-u
-r
-d
-w
-v
-R
-u -r -d -w -v -R
-h -u -r -d
-h -w -R
-l
-l -h -u
-p 100,105,112
-p 5000
-C sh
-G pyth
-C nomatch
-U
-U user1
-U -p 100
-T CHILD
-T ALL -u -r
-T CHILD -h
-I
-I -h
-H -u
-H -h -r
--human -r
--human -h -d
--dec=0 -u -r
--dec=2 -w
-s
-s -h -r
--human -s
-t
-t -s
-t -u -r -d -w -v -R
-t -h -u -r -s
-t -p 100,105,112
-t -C sh
-t -G pyth -s
-t -T ALL -u -r
-t -T CHILD -h
-t -l -d
-t -U user1 -w
-t -I -h
END
done
hist_case big "$TMPD/big.sa" "-u -r -d 1 2" "-u -r -d"
hist_case big "$TMPD/big.sa" "-h -l 1 2" "-h -l"
hist_case big "$TMPD/big.sa" "-t -s -u 1 2" "-t -s -u"
for e in S_COLORS=always S_TIME_FORMAT=ISO TZ=GMT+12 S_REPEAT_HEADER=2; do
	keep_case "pidstat-history env $e" 2 3 || continue
	run_capture "$TMPD/a" bash "$LIVE_RUN" "$SEQ/life" "$e" -- "$LIVE" -u -d 1 4
	run_capture "$TMPD/b" bash "$LIVE_RUN" "${stripped[life]}" "$e" -- "$PIDSTAT" -u -d \
		--archive="$TMPD/life.sa"
	oracle_judge --show=5 "$e pidstat -u -d --archive (live: pidstat -u -d 1 4)"
done

# Windows: the live run over the snapshots of the window (a second apart).
# The limits are the snapshots' clocks in this run's TZ (snap_time); the
# case's key names the snapshots, so every TZ runs the same sample.
hist_subseq "$SEQ/life" "$SEQ/w13" 1 2 3
hist_subseq "$SEQ/life" "$SEQ/w024" 0 2 4
for w in w13 w024; do
	stripped[$w]=$(hist_strip "$SEQ/$w")
done
L=$TMPD/life.sa
s1=$(snap_time "$SEQ/life" 1) e3=$(snap_time "$SEQ/life" 3)
d1=$(snap_time "$SEQ/life" 1 %Y-%m-%dT%H:%M:%S) t3=$(snap_time "$SEQ/life" 3 %s)
for opts in "-u" "-d -r -h"; do
	hist_case w13 "$L" "$opts 1 2" "$opts -s $s1 -e $e3" "$opts -s <1> -e <3>"
	hist_case w13 "$L" "$opts 1 2" "$opts -s $d1 -e @$t3" "$opts -s <date 1> -e @<3>"
	hist_case w13 "$L" "$opts 1 1" "$opts -s $s1 1 1" "$opts -s <1> 1 1"
	hist_case w024 "$L" "$opts 2 2" "$opts 2"
done
# -s with a word that is no time is still the stack report (not recorded: said).
# PROCESS alone reads no smaps and no threads (as files from before them).
hist_record "$SEQ/small" "$TMPD/nostack.sa" -S XALL,PROCESS
N=$TMPD/nostack.sa
run_capture "$TMPD/m" "$PIDSTAT" -s -u --archive="$N"
if [ "$(head -1 "$TMPD/m.err")" = "pidstat: $N holds no stack sizes: sadc -S PROCESS,STACK records them" ] &&
	[ "$(cat "$TMPD/m.rc")" = 0 ] && grep -q '%usr' "$TMPD/m.out"; then
	pass
else
	fail "pidstat -s -u --archive: exit $(cat "$TMPD/m.rc"), $(head -2 "$TMPD/m.err")"
fi

if command -v xz >/dev/null; then
	xz -k -c "$TMPD/small.sa" >"$TMPD/small.sa.xz"
	hist_case small "$TMPD/small.sa.xz" "-u -d 1 3" "-u -d"
fi

# A restart: the averages of each boot's segment, as two live runs print them.
python3 "$LIVE_SEQ" synth "$SEQ/boot2" --disks 0 --cpus 2 --procs 8 --threads 3 --steps 2 \
	--seed 5 --epoch 1764835300 >/dev/null || fail "live_seq.py synth boot2"
hist_reboot_seq "$SEQ/boot2"
cp "$TMPD/small.sa" "$TMPD/reboot.sa"
hist_record "$SEQ/boot2" "$TMPD/reboot.sa" -S XALL,PROCESS,THREADS,STACK
# One live run per boot, one after the other.
for opts in "-u" "-r -d -h" "-t -s -u"; do
	hist_compare_restart "$LIVE" "$PIDSTAT" "$opts" "$SEQ/small" 3 "$SEQ/boot2" 2 0 \
		"${stripped[small]}" "$TMPD/reboot.sa"
done

# What the file lacks: said once on stderr, the rest shown, exit 0.
hist_record "$SEQ/small" "$TMPD/noproc.sa" -S XALL
check_msg() {
	local file=$1 want=$2
	shift 2
	run_capture "$TMPD/m" "$PIDSTAT" --archive="$file" "$@"
	if [ "$(cat "$TMPD/m.rc")" = 0 ] && [ "$(cat "$TMPD/m.err")" = "$want" ]; then
		pass
	else
		fail "pidstat $* --archive=${file##*/}: exit $(cat "$TMPD/m.rc"), stderr: $(cat "$TMPD/m.err")"
	fi
}
check_msg "$TMPD/noproc.sa" "pidstat: $TMPD/noproc.sa holds no processes: sadc -S PROCESS records them" -u
check_msg "$N" "pidstat: $N holds no threads: sadc -S PROCESS,THREADS records them (the processes are shown)" -t -u
for a in "--archive=" "--archive=$L -e" "--archive=$L -e 25:00" "--archive=$L -s 2025-02-30T08:00"; do
	# shellcheck disable=SC2086
	run_capture "$TMPD/m" "$PIDSTAT" $a
	if [ "$(cat "$TMPD/m.rc")" = 1 ] && grep -q '^Usage: ' "$TMPD/m.err"; then
		pass
	else
		fail "pidstat $a: exit $(cat "$TMPD/m.rc") (a usage error is 1)"
	fi
done
finish
