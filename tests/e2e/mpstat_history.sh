#!/bin/bash
# flavours: 12.6.1 12.7.5
# mpstat --archive prints what the live mpstat printed (live/hist.h,
# live/mpstat_hist.c). Our sadc records each snapshot of a sequence
# (tests/live.md) with --root and --unix-time, -S XALL (the CPU activity and
# the interrupt matrix of /proc/interrupts among the rest), while the
# release's mpstat (12.6.1 or 12.7.5, the flavour's) runs live over the same
# snapshots under the livefix shim; then our mpstat --archive on that file,
# under the shim over a copy of the sequence without proc/stat, proc/uptime,
# proc/interrupts, proc/softirqs and sys/devices/system (so that nothing of a
# sample, nor the CPU count, can come from the snapshots), prints the same
# stdout, stderr and exit status: the first report over the first two
# records, Average lines at the end of the window.
#
# What no file holds is left out with a note on stderr, and compared so: the
# live output without what the note names, the note as the expected stderr.
# "all" of -I SUM (the intr total of /proc/stat, not the sum of
# /proc/interrupts): the live lines of "all" intr/s taken out. Softirqs
# (-I SCPU): against the live run without SCPU (with SUM, sysstat's per-CPU
# intr/s are then the softirqs', which are read last). NUMA nodes (-n, -N,
# -A): against the live run over the same machine without node links, where
# mpstat ignores them. The topology (-T): against the live run without -T.
#
# Cases: the option matrix of mpstat_basic that a file can serve over a
# machine of 4 CPUs (one offline for a while), of 1 CPU, of 256 CPUs with
# 1,000 interrupt lines, counters going backwards, interrupt lines that move
# and change, a vCPU plugged in (-H, 12.7.5); the environment; windows (-s
# and -e as hh:mm:ss, dated, @EPOCH) against the live run over the snapshots
# of the window; an interval argument against the live run over every second
# snapshot; a compressed file; a directory of daily files; a LINUX RESTART
# (one live run per boot, one after the other; in JSON, one "hosts" object
# per boot); the notes on what a file lacks (exact text, exit 0); usage
# errors. Left out of the byte-for-byte cases, for a reason of the data:
# interrupt names longer than 7 characters (sadc keeps 7, mpstat 15),
# interrupt lines that appear after the file was made (sadc counts them
# once), a CPU that -H finds (sadc's matrix has no row for it), and a
# machine whose CPU directories have a gap (the banner counts them; a file
# has the highest number): each is checked on its own below.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/live_lib.sh"

MPSTAT=$(our_bin mpstat)
[ -x "$MPSTAT" ] || skip "$MPSTAT is not built"
[ -x "$top_builddir/sadc/sadc" ] || skip "our sadc is not built"
[ -r "$LIVEFIX" ] || skip "$LIVEFIX is not built (make tests/tools/livefix.so)"
command -v python3 >/dev/null || skip "python3 is missing (live_seq.py)"
LIVE=$(LC_ALL=C hist_live_bin mpstat)

SEQ=$TMPD/seq
mkdir -p "$SEQ"
synth() {
	python3 "$LIVE_SEQ" synth "$SEQ/$1" --disks 0 --procs 0 "${@:2}" >/dev/null ||
		fail "live_seq.py synth $*"
}
synth numa --cpus 4 --nodes 2 --irqs 12 --steps 4 --seed 3 \
	--event 2:cpu-offline:2 --event 3:cpu-online:2
synth up --cpus 1 --irqs 4 --steps 3 --seed 4
synth big --cpus 256 --irqs 1000 --steps 1 --seed 5
# off: cpu1 and cpu3 (the last) offline for a while, their columns gone from
# /proc/interrupts then, as the kernel drops them (the shim's sequences keep
# them): mpstat keeps their last counts, sadc's matrix has no counts for
# them (cpu1's row is zero, cpu3's is not there).
synth off --cpus 4 --irqs 6 --steps 4 --seed 8 --event 2:cpu-offline:1 --event 2:cpu-offline:3 \
	--event 3:cpu-online:1 --event 4:cpu-online:3
python3 - "$SEQ/off" <<'EOF2' || fail "making the offline columns"
import os, re, sys
d = sys.argv[1]
for n in sorted(os.listdir(d)):
    if not n.isdigit():
        continue
    cpu = d + "/" + n + "/sys/devices/system/cpu"
    off = {int(c[3:]) for c in os.listdir(cpu) if re.fullmatch(r"cpu\d+", c) and
           os.path.exists(cpu + "/" + c + "/online") and open(cpu + "/" + c + "/online").read().strip() == "0"}
    if not off:
        continue
    p = d + "/" + n + "/proc/interrupts"
    lines = open(p).read().split("\n")
    cols = [int(c[3:]) for c in lines[0].split()]
    out = [" " * 11 + "".join("%-11s" % ("CPU%d" % c) for c in cols if c not in off).rstrip()]
    for l in lines[1:]:
        if ":" not in l:
            out.append(l)
            continue
        head, rest = l.split(":", 1)
        w = rest.split()
        k = 0
        while k < len(w) and k < len(cols) and w[k].isdigit():
            k += 1
        counts = [w[i] for i in range(k) if cols[i] not in off]
        out.append(head + ":" + "".join("%11s" % c for c in counts) + ("   " + " ".join(w[k:]) if w[k:] else ""))
    os.unlink(p)  # a hard link to the previous snapshot's file
    open(p, "w").write("\n".join(out))
EOF2

# Edited copies of numa (mpstat_basic's): back, counters going backwards
# and the intr total past 2^32; nonuma, without node links; irqchg, the
# interrupt list changes in snapshot 2 (a line goes, one comes, one moves);
# hot, without cpu3 until snapshot 2; gap, without cpu1's directory; long,
# an interrupt named longer than 7 characters.
mpstat_back_seq "$SEQ/numa" "$SEQ/back"
for s in nonuma irqchg hot gap long; do
	cp -r "$SEQ/numa" "$SEQ/$s"
done
rm -rf "$SEQ"/nonuma/*/sys/devices/system/cpu/cpu*/node* "$SEQ"/gap/*/sys/devices/system/cpu/cpu1
python3 - "$SEQ" <<'EOF' || fail "making the edited sequences"
import os, re, shutil, sys
d = sys.argv[1]
def rewrite(path, fn):
    with open(path) as f:
        text = f.read()
    os.unlink(path)  # a hard link to the previous snapshot's file
    with open(path, "w") as f:
        f.write(fn(text))
def change(text):
    lines = text.split("\n")
    moved = lines[3]
    del lines[3]
    del lines[1]
    lines.insert(5, moved)
    lines.insert(2, " 99:  " + "         7" * 4 + "   PCI-MSI new-device")
    return "\n".join(lines)
for n in ("2", "3", "4"):
    rewrite(d + "/irqchg/" + n + "/proc/interrupts", change)
for n in ("0", "1"):
    shutil.rmtree(d + "/hot/" + n + "/sys/devices/system/cpu/cpu3")
    rewrite(d + "/hot/" + n + "/proc/stat", lambda t: re.sub(r"^cpu3 .*\n", "", t, flags=re.M))
for n in range(5):
    rewrite("%s/long/%d/proc/interrupts" % (d, n), lambda t: t.replace("   3:", "LONGIRQ3:"))
EOF

declare -A stripped
for s in numa up big off back irqchg hot gap long nonuma; do
	hist_record "$SEQ/$s" "$TMPD/$s.sa" -S XALL,MPSTAT
	stripped[$s]=$(hist_strip "$SEQ/$s")
done
# A file without sadc -S MPSTAT's extras (EXT_A_CPUX): the notes.
hist_record "$SEQ/numa" "$TMPD/numa_x.sa" -S XALL
stripped[numa_x]=${stripped[numa]}

# The notes, in the order mpstat says them.
note() {
	local file=$1 k
	shift
	for k in "$@"; do
		case $k in
		topo) echo "mpstat: $file holds no CPU topology: sadc -S MPSTAT records it" ;;
		nodes) echo "mpstat: $file holds no NUMA nodes: sadc -S MPSTAT records them" ;;
		irq) echo "mpstat: $file holds no interrupts: sadc -S INT records them" ;;
		total) echo "mpstat: $file holds no interrupt total (the intr line of /proc/stat): sadc -S MPSTAT records it" ;;
		soft) echo "mpstat: $file holds no softirqs: sadc -S MPSTAT records them" ;;
		esac
	done
}

# The lines of "all" intr/s (-I SUM), text and JSON: what a file cannot give.
NO_TOTAL='/^[^ ]*  *all  *[-0-9.,]*$/d
/^\t*{"cpu": "all", "intr": [-0-9.]*},$/d
s/^\t*{"cpu": "all", "intr": [-0-9.]*}$//'

# hist_case [--notes='KEY...'] [--live-seq=NAME] [--closed] SEQNAME FILE 'LIVE-ARGS'
#     'ARCHIVE-ARGS' [VAR=VALUE...]: the live run over SEQNAME's snapshots (or
# over --live-seq's) against --archive=FILE over SEQNAME's stripped copy,
# with the same environment. With notes, the live stdout without what they
# name ("total": the lines of "all" intr/s) and the notes as its stderr.
# --closed: the live JSON document, which a run cut in its first interval
# leaves open, closed (a window of one record has no report, and ends).
hist_case() {
	local notes='' lseq='' closed=0 s file live hist
	while [ $# -gt 0 ]; do
		case $1 in
		--notes=*) notes=${1#--notes=} ;;
		--live-seq=*) lseq=${1#--live-seq=} ;;
		--closed) closed=1 ;;
		*) break ;;
		esac
		shift
	done
	s=$1 file=$2 live=$3 hist=$4
	shift 4
	keep_case "mpstat-history $s $live / $hist $* $notes" 2 3 || return 0
	# shellcheck disable=SC2086
	run_capture "$TMPD/a" bash "$LIVE_RUN" "$SEQ/${lseq:-$s}" "$@" -- "$LIVE" $live
	# shellcheck disable=SC2086
	run_capture "$TMPD/b" bash "$LIVE_RUN" "${stripped[$s]}" "$@" -- "$MPSTAT" \
		--archive="$file" $hist
	case " $notes " in
	*" total "*) sed -i -e "$NO_TOTAL" "$TMPD/a.out" ;;
	esac
	[ $closed = 0 ] || printf '\n\t\t\t]\n\t\t}\n\t]\n}}\n' >>"$TMPD/a.out"
	# shellcheck disable=SC2086
	[ -z "$notes" ] || { note "$file" $notes; cat "$TMPD/a.err"; } >"$TMPD/a.err.n"
	[ -z "$notes" ] || mv "$TMPD/a.err.n" "$TMPD/a.err"
	oracle_judge --show=5 "mpstat $hist --archive=${file##*/} $*${lseq:+ (live on $lseq)}: mpstat $live"
	case " $hist " in
	*" -o JSON "*)
		if [ "$(cat "$TMPD/b.rc")" = 0 ] && ! python3 -m json.tool "$TMPD/b.out" >/dev/null 2>&1
		then
			fail "mpstat $hist --archive=${file##*/}: our JSON does not parse"
		fi
		;;
	esac
}

# The stripped copies hold no sample: the live mpstat cannot read one there.
run_capture "$TMPD/m" bash "$LIVE_RUN" "${stripped[numa]}" -- "$MPSTAT" -P ALL 1 2
if [ "$(cat "$TMPD/m.rc")" = 2 ] && grep -q 'Cannot' "$TMPD/m.err"; then
	pass
else
	fail "the live mpstat on a stripped copy: exit $(cat "$TMPD/m.rc"), $(head -2 "$TMPD/m.err")"
fi

# The option matrix over numa (5 snapshots, a second apart; cpu2 offline in
# snapshot 2): "LIVE-ARGS|ARCHIVE-ARGS|NOTES|LIVE-SEQUENCE".
N=$TMPD/numa.sa
while IFS='|' read -r live hist notes lseq; do
	hist_case ${notes:+--notes="$notes"} ${lseq:+--live-seq="$lseq"} numa "$N" "$live" "$hist"
done <<'END'
1 4|
0|0
1 3|1 3
1 1|1 1
-u 1 2|-u 1 2
-P ALL 1 3|-P ALL 1 3
-P ALL 1|-P ALL 1
-P all,1-2 1 2|-P all,1-2 1 2
-P 1- 1 2|-P 1- 1 2
-P 3,0 1 4|-P 3,0
--dec=0 -P ALL 1 2|--dec=0 -P ALL 1 2
--dec=1 1 2|--dec=1 1 2
-I CPU 1 2|-I CPU 1 2
-I CPU -P 1,3 1 4|-I CPU -P 1,3
-I CPU -P ALL 0|-I CPU -P ALL 0
-u -P 0 -I CPU 1 3|-u -P 0 -I CPU 1 3
-I SUM -P 0,2 1 2|-I SUM -P 0,2 1 2
-I SUM 1 3|-I SUM 1 3
-I SUM -P ALL 1 3|-I SUM -P ALL 1 3
-I SUM -P ALL 0|-I SUM -P ALL 0
-I SUM,CPU -P ALL -u 1 4|-I SUM,CPU -P ALL -u
--dec=0 -I SUM -P ALL 1 2|--dec=0 -I SUM -P ALL 1 2
-I SCPU,SUM -P 0,2 1 2|-I SCPU,SUM -P 0,2 1 2
-I ALL 1 2|-I ALL 1 2
-n 1 3|-n 1 3
-n -P ALL 1 2|-n -P ALL 1 2
-N ALL 1 3|-N ALL 1 3
-N 1 -P ALL 1 2|-N 1 -P ALL 1 2
-N all,0 1 2|-N all,0 1 2
-u -n -I SUM 1 2|-u -n -I SUM 1 2
-A 1 3|-A 1 3
-A 1 4|-A
-A 0|-A 0
--dec=2 -A 1 2|--dec=2 -A 1 2
-A -P 1,2 1 2|-A -P 1,2 1 2
-T 1 2|-T 1 2
-T -P ALL 1 3|-T -P ALL 1 3
-I SUM -P 1 1 2|-T -I SUM -P 1 1 2
-o JSON 1 4|-o JSON
-o JSON|-o JSON 0
-o JSON 1 3|-o JSON 1 3
-o JSON -T -P ALL 1 2|-o JSON -T -P ALL 1 2
-o JSON -I CPU -P ALL 1 4|-o JSON -I CPU -P ALL
-o JSON -I SUM 1 2|-o JSON -I SUM 1 2
-o JSON -I SUM -P ALL 1 3|-o JSON -I SUM -P ALL 1 3
-o JSON -A 1 3|-o JSON -A 1 3
-o JSON -N ALL -I ALL 1 2|-o JSON -N ALL -I ALL 1 2
-o JSON -A -T 1 2|-o JSON -A -T 1 2
-A -T 1 4|-A -T
-I SCPU -P ALL 1 4|-I SCPU -P ALL
-I SCPU 1 2|-I SCPU 1 2
END

# A machine without node links: -n, -N and -A's nodes ignored, as live.
while IFS='|' read -r live hist; do
	hist_case nonuma "$TMPD/nonuma.sa" "$live" "$hist"
done <<'END'
-n 1 3|-n 1 3
-N ALL -P ALL 1 2|-N ALL -P ALL 1 2
-A 1 4|-A
-o JSON -A -T 1 2|-o JSON -A -T 1 2
END

# The file without -S MPSTAT's extras: what it lacks, named in notes,
# against the live run without it ("total": the lines of "all" intr/s
# taken out; softirqs: the live run without SCPU; nodes: the live run on
# the machine without node links; topology: the live run without -T).
while IFS='|' read -r live hist notes lseq; do
	hist_case --notes="$notes" --live-seq="${lseq:-numa}" numa_x "$TMPD/numa_x.sa" "$live" "$hist"
done <<'END'
-I SUM -P ALL 1 3|-I SUM -P ALL 1 3|total
-I SUM -P 0,2 1 2|-I SCPU,SUM -P 0,2 1 2|soft
-I SUM,CPU 1 2|-I ALL 1 2|total soft
-n 1 3|-n 1 3|nodes|nonuma
-N 1 -P ALL 1 2|-N 1 -P ALL 1 2|nodes|nonuma
-u -I SUM,CPU -P ALL 1 3|-A 1 3|nodes total soft|nonuma
-P ALL 1 3|-T -P ALL 1 3|topo
-o JSON -P ALL 1 2|-o JSON -T -P ALL 1 2|topo
-o JSON -u -I SUM,CPU -P ALL 1 3|-o JSON -A 1 3|nodes total soft|nonuma
END

# The other machines.
while IFS='|' read -r s live hist notes; do
	hist_case ${notes:+--notes="$notes"} "$s" "$TMPD/$s.sa" "$live" "$hist"
done <<'END'
up|1 3|
up|0|0
up|-P ALL 1 3|-P ALL
up|-I SUM -P ALL 1 3|-I SUM -P ALL
up|-A -T 1 3|-A -T
up|-I CPU 1 2|-I CPU 1 2
up|-o JSON -u -I CPU 1 3|-o JSON -u -I CPU
back|-P ALL 1 4|-P ALL
back|-I CPU -P ALL 1 4|-I CPU -P ALL
back|-I SUM -P ALL 1 4|-I SUM -P ALL
back|-o JSON -I SUM,CPU -P ALL 1 4|-o JSON -I SUM,CPU -P ALL
back|-A 1 4|-A
big|-A -T 1 1|-A -T 1 1
big|-o JSON -I CPU -P 0,255 1 1|-o JSON -I CPU -P 0,255
irqchg|-I CPU 1 2|-I CPU 1 2
irqchg|-I CPU -P ALL 1 4|-I CPU -P ALL
irqchg|-o JSON -I CPU -P ALL 1 4|-o JSON -I CPU -P ALL
hot|-P ALL 1 4|-P ALL
off|-P ALL 1 4|-P ALL
off|-I CPU -P ALL 1 4|-I CPU -P ALL
off|-I SUM -P ALL 1 4|-I SUM -P ALL
off|-A 1 4|-A
off|-I SUM,CPU -P 1,3 1 3|-I SUM,CPU -P 1,3 1 3
off|-o JSON -I SUM,CPU -P ALL 1 4|-o JSON -I SUM,CPU -P ALL
off|-I CPU -P ALL 0|-I CPU -P ALL 0
hot|-I CPU -P ALL 1 4|-I CPU -P ALL
END
# -H (12.7.5; a usage error under 12.6.1, both): cpu3 appears in snapshot 2.
hist_case hot "$TMPD/hot.sa" "-H -P ALL 1 4" "-H -P ALL"
hist_case hot "$TMPD/hot.sa" "-H 1 4" "-H"

# The environment and the time zone.
for e in S_COLORS=always S_TIME_FORMAT=ISO TZ=GMT+12 S_REPEAT_HEADER=2; do
	hist_case numa "$N" "-P ALL 1 4" "-P ALL" "$e"
	hist_case numa "$N" "1 4" "" "$e"
	hist_case numa "$N" "-o JSON -I CPU 1 2" "-o JSON -I CPU 1 2" "$e"
done
for l in de_DE.UTF-8 fr_FR.UTF-8; do
	locale -a 2>/dev/null | grep -qix "${l/UTF-8/utf8}" || continue
	hist_case numa "$N" "-P ALL --dec=1 1 4" "-P ALL --dec=1" LC_ALL="$l"
	hist_case numa "$N" "-I SUM -P ALL 1 2" "-I SUM -P ALL 1 2" LC_ALL="$l"
	hist_case numa "$N" "-o JSON -I CPU 1 2" "-o JSON -I CPU 1 2" LC_ALL="$l"
done

# Windows: the live run over the snapshots of the window (from @1764835200,
# 08:00:00 UTC, a second apart). Their -s and -e are wall-clock times of the
# suite's TZ, as a user types them: hms N and day N are snapshot N's time
# and date there (under TZ=GMT+12, 20:00:0N of the day before).
T0=1764835200
hms() { date -d "@$((T0 + $1))" +%H:%M:%S; }
day() { date -d "@$((T0 + $1))" +%Y-%m-%d; }
hist_subseq "$SEQ/numa" "$SEQ/w12" 1 2
hist_subseq "$SEQ/numa" "$SEQ/w1" 1
hist_subseq "$SEQ/numa" "$SEQ/w024" 0 2 4
hist_subseq "$SEQ/numa" "$SEQ/w34" 3 4
hist_subseq "$SEQ/numa" "$SEQ/w123" 1 2 3
for w in w12 w1 w024 w34 w123; do
	stripped[$w]=${stripped[numa]}
done
for opts in "-P ALL" "-I CPU -P ALL" "-o JSON -u -I CPU"; do
	hist_case --live-seq=w12 w12 "$N" "$opts 1 1" "$opts -s $(hms 1) -e $(hms 2)"
	hist_case --live-seq=w12 w12 "$N" "$opts 1 1" "$opts -s $(day 1)T$(hms 1) -e $(hms 2)"
	hist_case --live-seq=w12 w12 "$N" "$opts 1 1" "$opts -s @1764835201 -e @1764835202"
	case $opts in *JSON*) closed=--closed ;; *) closed= ;; esac
	hist_case $closed --live-seq=w1 w1 "$N" "$opts 1 1" "$opts -s $(hms 1) -e $(hms 1)"
	hist_case --live-seq=w34 w34 "$N" "$opts 1 1" "$opts -s $(hms 3)"
	hist_case --live-seq=w123 w123 "$N" "$opts 1 2" "$opts -e $(hms 3) -s $(hms 1)"
	hist_case --live-seq=w123 w123 "$N" "$opts 1 1" "$opts -s $(hms 1) 1 1"
	# The interval argument: a record at least that many seconds after the last one kept.
	hist_case --live-seq=w024 w024 "$N" "$opts 2 2" "$opts 2"
	hist_case --live-seq=w024 w024 "$N" "$opts 2 1" "$opts 2 1"
done
# The dated form with a space is one word.
keep_case "mpstat-history dated with a space" 2 3 && {
	run_capture "$TMPD/a" bash "$LIVE_RUN" "$SEQ/w12" -- "$LIVE" -P ALL 1 1
	run_capture "$TMPD/b" bash "$LIVE_RUN" "${stripped[numa]}" -- "$MPSTAT" -P ALL --archive="$N" \
		-e "$(day 2) $(hms 2)" -s "$(hms 1)"
	oracle_judge --show=5 "mpstat -P ALL --archive -e '$(day 2) $(hms 2)' -s $(hms 1)"
}

# A compressed file, and a directory of daily files (sa04 for 2025-12-04 in
# UTC: saDD of the records' date in the suite's TZ).
if command -v xz >/dev/null; then
	xz -k -c "$N" >"$TMPD/numa.sa.xz"
	hist_case numa "$TMPD/numa.sa.xz" "-P ALL 1 4" "-P ALL"
	hist_case numa "$TMPD/numa.sa.xz" "-A 1 4" "-A"
fi
if command -v gzip >/dev/null; then
	gzip -c "$N" >"$TMPD/numa.sa.gz"
	hist_case numa "$TMPD/numa.sa.gz" "-o JSON -I CPU 1 4" "-o JSON -I CPU"
fi
mkdir -p "$TMPD/dir"
cp "$N" "$TMPD/dir/sa$(date -d "@$T0" +%d)"
hist_case --live-seq=w12 numa "$TMPD/dir" "-P ALL 1 1" \
	"-P ALL -s $(day 1)T$(hms 1) -e $(day 2)T$(hms 2)"
hist_case --live-seq=w123 numa "$TMPD/dir" "-I CPU -P ALL 1 2" \
	"-I CPU -P ALL -s $(day 1)T$(hms 1) -e $(day 3)T$(hms 3)"

# A restart: a second boot of 2 CPUs (a smaller uptime, fewer interrupt
# lines) appended to numa's file. One live run per boot, one after the other.
python3 "$LIVE_SEQ" synth "$SEQ/boot2" --disks 0 --procs 0 --cpus 2 --irqs 5 --steps 2 --seed 7 \
	--epoch 1764835300 >/dev/null || fail "live_seq.py synth boot2"
hist_reboot_seq "$SEQ/boot2"
cp "$N" "$TMPD/reboot.sa"
hist_record "$SEQ/boot2" "$TMPD/reboot.sa" -S XALL,MPSTAT
# restart_case 'LIVE1' 'LIVE2' 'ARCHIVE' [NOTES]: live LIVE1 on numa, then LIVE2 on boot2.
restart_case() {
	local json=0
	keep_case "mpstat-history restart $*" 2 3 || return 0
	case " $3 " in *" -o JSON "*) json=1 ;; esac
	# shellcheck disable=SC2086
	{
		bash "$LIVE_RUN" "$SEQ/numa" -- "$LIVE" $1 >"$TMPD/a1"
		bash "$LIVE_RUN" "$SEQ/boot2" -- "$LIVE" $2 >"$TMPD/a2"
	} 2>"$TMPD/a.err"
	if [ $json = 1 ]; then
		# One document: boot2's host object after numa's.
		{ head -n -2 "$TMPD/a1" | sed '$s/$/,/'; tail -n +3 "$TMPD/a2"; } >"$TMPD/a.out"
	else
		cat "$TMPD/a1" "$TMPD/a2" >"$TMPD/a.out"
	fi
	echo 0 >"$TMPD/a.rc"
	if [ -n "${4:-}" ]; then
		sed -i -e "$NO_TOTAL" "$TMPD/a.out"
		# shellcheck disable=SC2086
		note "$TMPD/reboot.sa" $4 >"$TMPD/a.err"
	fi
	# shellcheck disable=SC2086
	run_capture "$TMPD/b" bash "$LIVE_RUN" "${stripped[numa]}" -- "$MPSTAT" $3 \
		--archive="$TMPD/reboot.sa"
	oracle_judge --show=5 "mpstat $3 --archive over a restart"
	if [ $json = 1 ] && ! python3 -m json.tool "$TMPD/b.out" >/dev/null 2>&1; then
		fail "mpstat $3 --archive over a restart: our JSON does not parse"
	fi
}
restart_case "-P ALL 1 4" "-P ALL 1 2" "-P ALL"
restart_case "1 4" "1 2" ""
restart_case "-P ALL 1 4" "-P ALL 1 1" "-P ALL 1 5"
restart_case "-P 1- 1 4" "-P 1- 1 2" "-P 1-"
restart_case "-I SUM,CPU -P ALL -u 1 4" "-I SUM,CPU -P ALL -u 1 2" "-I SUM,CPU -P ALL -u"
restart_case "-A -T 1 4" "-A -T 1 2" "-A -T"
restart_case "-o JSON -A 1 4" "-o JSON -A 1 2" "-o JSON -A"
restart_case "-o JSON -P ALL 1 4" "-o JSON -P ALL 1 2" "-o JSON -P ALL"
restart_case "-o JSON -I CPU 1 4" "-o JSON -I CPU 1 1" "-o JSON -I CPU 1 5"

# What a file lacks: said once on stderr, the rest shown, exit 0.
hist_record "$SEQ/numa" "$TMPD/noint.sa" -S DISK
hist_record "$SEQ/numa" "$TMPD/nocpu.sa" -S A_NULL,A_IRQ
stripped[noint]=${stripped[numa]}
hist_case --notes=irq --live-seq=numa noint "$TMPD/noint.sa" "-P ALL 1 4" "-u -I SUM -P ALL"
hist_case --notes="nodes irq soft" --live-seq=nonuma noint "$TMPD/noint.sa" "-u -P ALL 1 3" "-A 1 3"
hist_case --notes="irq" --live-seq=numa noint "$TMPD/noint.sa" "-o JSON 1 2" "-o JSON -u -I CPU 1 2"
# check_msg FILE 'STDOUT' 'STDERR' ARG...: an exact run.
check_msg() {
	local file=$1 want_out=$2 want_err=$3
	shift 3
	run_capture "$TMPD/m" bash "$LIVE_RUN" "${stripped[numa]}" -- "$MPSTAT" --archive="$file" "$@"
	if [ "$(cat "$TMPD/m.rc")" = 0 ] && [ "$(cat "$TMPD/m.err")" = "$want_err" ] &&
		[ "$(cat "$TMPD/m.out")" = "$want_out" ]; then
		pass
	else
		fail "mpstat $* --archive=${file##*/}: exit $(cat "$TMPD/m.rc"), stderr: $(cat "$TMPD/m.err"), stdout: $(head -3 "$TMPD/m.out")"
	fi
}
BANNER=$(bash "$LIVE_RUN" "$SEQ/numa" -- "$LIVE" 1 1 | head -1)
check_msg "$TMPD/numa_x.sa" "$BANNER" "$(note "$TMPD/numa_x.sa" soft)" -I SCPU
check_msg "$TMPD/noint.sa" "$BANNER" "$(note "$TMPD/noint.sa" irq)" -I CPU
check_msg "$TMPD/nocpu.sa" "$BANNER" \
	"mpstat: $TMPD/nocpu.sa holds no CPU statistics (sadc's default collection records them)" -P ALL
check_msg "$N" "$BANNER" "" -s "$(hms 3600)"
# The notes of -A, once each however many records.
check_msg "$TMPD/nocpu.sa" "$BANNER" \
	"mpstat: $TMPD/nocpu.sa holds no CPU statistics (sadc's default collection records them)" -A

# What the data cannot give alike, each on its own.
# Interrupt names: sadc keeps 7 characters (LONGIRQ), mpstat 15 (LONGIRQ3).
run_capture "$TMPD/m" bash "$LIVE_RUN" "${stripped[long]}" -- "$MPSTAT" --archive="$TMPD/long.sa" \
	-I CPU 1 1
if grep -q '  LONGIRQ/s        4/s' "$TMPD/m.out" && ! grep -q LONGIRQ3 "$TMPD/m.out"; then
	pass
else
	fail "mpstat -I CPU --archive=long.sa: the 7-character name: $(sed -n 3p "$TMPD/m.out")"
fi
# The banner counts CPU directories (3 without cpu1's); a file holds the highest number + 1.
keep_case "mpstat-history gap" 2 3 && {
	run_capture "$TMPD/a" bash "$LIVE_RUN" "$SEQ/gap" -- "$LIVE" -P ALL -I CPU 1 4
	run_capture "$TMPD/b" bash "$LIVE_RUN" "${stripped[gap]}" -- "$MPSTAT" -P ALL -I CPU \
		--archive="$TMPD/gap.sa"
	oracle_judge --show=5 --norm='1s/(3 CPU)/(4 CPU)/' "mpstat -P ALL --archive=gap.sa (banner count)"
}
# -H: cpu3's interrupts are in no record (sadc sized the matrix for 3 CPUs).
if [ "$FLAVOUR" = 12.7.5 ]; then
	keep_case "mpstat-history hot -I SUM" 2 3 && {
		run_capture "$TMPD/a" bash "$LIVE_RUN" "$SEQ/hot" -- "$LIVE" -H -I SUM -P ALL 1 4
		run_capture "$TMPD/b" bash "$LIVE_RUN" "${stripped[hot]}" -- "$MPSTAT" -H -I SUM -P ALL \
			--archive="$TMPD/hot.sa"
		sed -i -e '/^[^ ]*  *3  *[0-9.]*$/d' "$TMPD/a.out"
		echo "mpstat: $TMPD/hot.sa holds no interrupts of CPU 3 and above" >"$TMPD/a.err"
		oracle_judge --show=5 "mpstat -H -I SUM -P ALL --archive=hot.sa (cpu3 without interrupts)"
	}
fi

# Usage errors (the live usage text, exit 1): an empty name, -s or -e
# without a time (mpstat has no -s of its own), a date that does not exist,
# a CPU the file does not have, and the live mpstat's own.
run_capture "$TMPD/u" bash "$LIVE_RUN" "$SEQ/numa" -- "$LIVE" -x
for a in "--archive=" "--archive=$N -e" "--archive=$N -s" "--archive=$N -s -P" \
	"--archive=$N -e 25:00" "--archive=$N -s 2025-02-30T08:00" "--archive=$N -P 4" \
	"--archive=$N -P 1-0" "--archive=$N 1 0" "--archive=$N 0 5" "--archive=$N 1 2 3" \
	"--archive=$N -I FOO" "--archive=$N --dec=3" "--archive $N" "-s 08:00:00"; do
	# shellcheck disable=SC2086
	run_capture "$TMPD/m" bash "$LIVE_RUN" "${stripped[numa]}" -- "$MPSTAT" $a
	if [ "$(cat "$TMPD/m.rc")" = 1 ] && cmp -s "$TMPD/m.err" "$TMPD/u.err" && [ ! -s "$TMPD/m.out" ]
	then
		pass
	else
		fail "mpstat $a: exit $(cat "$TMPD/m.rc") (a usage error is 1), $(head -1 "$TMPD/m.err")"
	fi
done
# -H: 12.7.5's, a usage error under 12.6.1.
run_capture "$TMPD/m" bash "$LIVE_RUN" "${stripped[numa]}" -- "$MPSTAT" --archive="$N" -H
if [ "$FLAVOUR" = 12.6.1 ]; then want=1; else want=0; fi
if [ "$(cat "$TMPD/m.rc")" = $want ]; then
	pass
else
	fail "mpstat -H --archive under $FLAVOUR: exit $(cat "$TMPD/m.rc")"
fi
# Files that are none: sar's messages and statuses.
echo garbage >"$TMPD/bad.sa"
run_capture "$TMPD/m" "$MPSTAT" --archive="$TMPD/bad.sa"
if [ "$(cat "$TMPD/m.rc")" = 3 ] && grep -q 'Invalid system activity file' "$TMPD/m.err"; then
	pass
else
	fail "mpstat --archive=bad.sa: exit $(cat "$TMPD/m.rc"), $(head -2 "$TMPD/m.err")"
fi
run_capture "$TMPD/m" "$MPSTAT" --archive="$TMPD/none.sa"
if [ "$(cat "$TMPD/m.rc")" != 0 ] && grep -q "none.sa" "$TMPD/m.err" && [ ! -s "$TMPD/m.out" ]; then
	pass
else
	fail "mpstat --archive=none.sa: exit $(cat "$TMPD/m.rc"), $(head -2 "$TMPD/m.err")"
fi
finish
