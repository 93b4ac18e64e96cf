#!/bin/bash
# flavours: 12.6.1 12.7.5
# The harness of the live tools' tests (tests/live.md): the livefix shim
# (tests/tools/livefix.c), live_run.sh and live_seq.py, proved on Debian's
# own iostat, mpstat, pidstat, cifsiostat and tapestat. Over a synthetic
# sequence (live_seq.py synth) and one made from upstream's root1 (when the
# shared corpus is there):
#   - the shim's rules, probed from python3: directory order (_list, then
#     strverscmp), ENOENT past the snapshot, EROFS on writes, paths relative
#     to a descriptor of "/" or to the working directory, /etc only
#     when the fixture has the file, symbolic links resolved inside the
#     snapshot, device numbers from .livefix/rdev, the pinned clock and its
#     advance on sleep and alarm+pause, uname, getpid, passwd, the CPU count,
#     SIGINT after the last snapshot and exit 99 after a third wait;
#   - each tool's output is the same on two runs;
#   - mpstat's banner shows the fixture's uname and date, its rows are the
#     interval apart;
#   - mpstat's %usr of CPU 0 and iostat's r/s of a disk are what the
#     fixture's deltas give, computed here from the files;
#   - the end of the sequence is a Ctrl-C (mpstat prints Average:), and
#     LIVEFIX_SIGINT_AT stops it earlier;
#   - under strace, no /proc, /sys or /dev path outside the snapshot is
#     touched (when strace is installed);
#   - live_run.sh --diff says same and different right.
# Then, as a part needing the shared corpus, the expected outputs of
# upstream's own tests that Debian's binaries reproduce over `live_seq.py
# upstream` roots are counted (tests/tools/live_upstream.py).
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/live_lib.sh"

requires python3 "$LIVEFIX"
for t in mpstat iostat pidstat cifsiostat tapestat; do
	have_live_oracle $t || missing "sysstat $FLAVOUR's $t not available ($(oracle_bin $t))"
done
requires

EPOCH=1764835200
IV=2

# ---- the shim's rules, from a probe in python3 ----

P=$TMPD/probe
mkdir -p "$P/0/proc/ordered" "$P/0/proc/plain/10" "$P/0/proc/plain/9" "$P/0/proc/plain/a" \
	"$P/0/sys/devices/pci0/sda" "$P/0/sys/block" "$P/0/dev" "$P/0/etc" "$P/0/.livefix" \
	"$P/0/sys/devices/system/cpu/cpu0" "$P/0/sys/devices/system/cpu/cpu1" \
	"$P/0/sys/devices/system/cpu/cpu10" "$P/.livefix"
touch "$P/0/proc/ordered/a" "$P/0/proc/ordered/b" "$P/0/proc/ordered/10"
printf 'b\n10\n.\nmissing\n_list\n' >"$P/0/proc/ordered/_list"
echo "12 34" >"$P/0/sys/devices/pci0/sda/stat"
ln -s /sys/devices/pci0/sda "$P/0/sys/block/sda"
touch "$P/0/dev/sda"
echo "dev/sda 8 0" >"$P/0/.livefix/rdev"
echo fixture >"$P/0/etc/probe"
echo "alice:x:4242:4242:Alice:/home/alice:/bin/sh" >"$P/0/etc/passwd"
echo snapshot0 >"$P/0/proc/marker"
printf 'Linux\nprobehost\n9.9.9-probe\naarch64\n' >"$P/.livefix/uname"
cp -a "$P/0" "$P/1"
echo snapshot1 >"$P/1/proc/marker"
cp -a "$P/0" "$P/2"
echo snapshot2 >"$P/2/proc/marker"
echo 1800000000.5 >"$P/2/.livefix/time"

cat >"$TMPD/probe.py" <<'EOF'
import errno, os, pwd, signal, stat, sys, time

def show(what, f):
    try:
        r = f()
    except OSError as e:
        r = errno.errorcode.get(e.errno, e.errno)
    print("%s: %s" % (what, r))

show("ordered", lambda: os.listdir("/proc/ordered"))
show("plain", lambda: os.listdir("/proc/plain"))
show("missing", lambda: open("/proc/nothing"))
show("write", lambda: open("/proc/marker", "w"))
show("dotdot", lambda: open("/sys/../proc/./marker").read().strip())
root = os.open("/", os.O_PATH | os.O_DIRECTORY)
show("rooted", lambda: open("proc/marker", opener=lambda p, f: os.open(p, f, dir_fd=root)).read().strip())
os.chdir("/")
show("cwd", lambda: open("proc/marker").read().strip())
show("etc fixture", lambda: open("/etc/probe").read().strip())
show("etc real", lambda: os.path.exists("/etc/hostname") or os.path.exists("/etc/passwd"))
show("realpath", lambda: os.path.realpath("/sys/block/sda"))
show("through link", lambda: open("/sys/block/sda/stat").read().strip())
st = os.stat("/dev/sda")
print("dev: blk=%s %d:%d" % (stat.S_ISBLK(st.st_mode), os.major(st.st_rdev), os.minor(st.st_rdev)))
u = os.uname()
print("uname: %s %s %s %s" % (u.sysname, u.nodename, u.release, u.machine))
print("pid: %d" % os.getpid())
print("user: %s" % pwd.getpwuid(4242).pw_name)
print("cpus: %s" % os.cpu_count())
print("time: %.3f %s" % (time.time(), open("/proc/marker").read().strip()))
time.sleep(3)
print("slept: %.3f %s" % (time.time(), open("/proc/marker").read().strip()))
signal.signal(signal.SIGALRM, lambda s, f: print("alarm"))
signal.alarm(5)
signal.pause()
print("paused: %.3f %s" % (time.time(), open("/proc/marker").read().strip()))
# Python leaves SIGINT alone when it starts ignored (a background job's).
signal.signal(signal.SIGINT, signal.default_int_handler)
for i in range(3):
    try:
        time.sleep(1)
        print("no interrupt")
    except KeyboardInterrupt:
        print("SIGINT %d" % (i + 1))
        sys.stdout.flush()
EOF
cat >"$TMPD/probe.expected" <<'EOF'
ordered: ['b', '10']
plain: ['9', '10', 'a']
missing: ENOENT
write: EROFS
dotdot: snapshot0
rooted: snapshot0
cwd: snapshot0
etc fixture: fixture
etc real: True
realpath: /sys/devices/pci0/sda
through link: 12 34
dev: blk=True 8:0
uname: Linux probehost 9.9.9-probe aarch64
pid: 31337
user: alice
cpus: 3
time: 1764835200.000 snapshot0
slept: 1764835203.000 snapshot1
alarm
paused: 1800000000.500 snapshot2
SIGINT 1
SIGINT 2
EOF
bash "$LIVE_RUN" "$P" LIVEFIX_PID=31337 -- python3 "$TMPD/probe.py" >"$TMPD/probe.out" 2>"$TMPD/probe.err"
rc=$?
if diff -u "$TMPD/probe.expected" "$TMPD/probe.out"; then
	pass
else
	fail "the shim's rules (python3 probe)"
fi
if [ $rc = 99 ] && grep -qx "livefix: no more snapshots" "$TMPD/probe.err"; then
	pass
else
	fail "a third wait after the last snapshot: exit $rc (want 99), stderr: $(head -3 "$TMPD/probe.err")"
fi

# ---- sequences ----

SYN=$TMPD/synth
python3 "$LIVE_SEQ" synth "$SYN" --cpus 4 --disks 2 --nvme 1 --dm 1 --parts 2 --procs 4 \
	--threads 2 --irqs 6 --tapes 1 --cifs 2 --steps 3 --interval $IV --seed 7 \
	--event 2:disk-add:sdx --event 3:proc-start:4000 --event 3:proc-exit:105 ||
	fail "live_seq.py synth"
seqs=("$SYN")
if have_part shared "the sequence from upstream's root1"; then
	R1=$TMPD/root1
	python3 "$LIVE_SEQ" from-root "$SHARED/corpus/upstream/roots/root1" "$R1" --steps 3 \
		--interval $IV --seed 3 || fail "live_seq.py from-root root1"
	seqs+=("$R1")
fi

# The same sequence built twice is the same, byte for byte.
python3 "$LIVE_SEQ" synth "$TMPD/synth2" --cpus 4 --disks 2 --nvme 1 --dm 1 --parts 2 --procs 4 \
	--threads 2 --irqs 6 --tapes 1 --cifs 2 --steps 3 --interval $IV --seed 7 \
	--event 2:disk-add:sdx --event 3:proc-start:4000 --event 3:proc-exit:105
if diff -r --no-dereference "$SYN" "$TMPD/synth2" >/dev/null; then
	pass
else
	fail "live_seq.py synth is not deterministic"
fi

# ---- determinism: each tool twice on each sequence ----

# cifsiostat and tapestat have no SIGINT handler: a Ctrl-C kills them (130).
cases=("mpstat -A $IV" "mpstat -P ALL -I ALL $IV" "iostat -x -p ALL $IV" "iostat -c -d -k -t $IV"
	"pidstat -d -r -s -u -v -w -t $IV" "pidstat -l $IV" "cifsiostat $IV 4" "tapestat -z $IV 4")
for s in "${seqs[@]}"; do
	for c in "${cases[@]}"; do
		read -r -a w <<<"$c"
		live_capture "$TMPD/r1" "$s" -- "$(oracle_bin "${w[0]}")" "${w[@]:1}"
		live_capture "$TMPD/r2" "$s" -- "$(oracle_bin "${w[0]}")" "${w[@]:1}"
		if ! same_capture "$TMPD/r1" "$TMPD/r2"; then
			fail "$c on ${s##*/}: two runs differ"
			show_diff "$TMPD/r1" "$TMPD/r2"
		elif [ "$(cat "$TMPD/r1.rc")" != 0 ] || [ "$(wc -l <"$TMPD/r1.out")" -lt 5 ]; then
			fail "$c on ${s##*/}: exit $(cat "$TMPD/r1.rc"), $(wc -l <"$TMPD/r1.out") lines: $(head -3 "$TMPD/r1.err")"
		else
			pass
		fi
	done
done

# ---- mpstat's banner and time stamps ----

MPSTAT=$(oracle_bin mpstat)
live_capture "$TMPD/m" "$SYN" -- "$MPSTAT" $IV 3
banner=$(printf 'Linux 6.1.0-synth (synth) \t%s \t_x86_64_\t(4 CPU)' "$(date -d @$EPOCH +%m/%d/%y)")
if [ "$(head -1 "$TMPD/m.out")" = "$banner" ]; then
	pass
else
	fail "mpstat's banner: '$(head -1 "$TMPD/m.out")', want '$banner'"
fi
want=$(for k in 1 2 3; do date -d @$((EPOCH + k * IV)) +%H:%M:%S; done | tr '\n' ' ')
got=$(awk '$2 == "all" && $1 != "Average:" { printf "%s ", $1 }' "$TMPD/m.out")
if [ "$got" = "$want" ]; then
	pass
else
	fail "mpstat's time stamps: '$got', want '$want'"
fi

# ---- figures from the fixture's deltas ----

# %usr of CPU 0 over the first interval: (user - guest) over the sum of
# user..steal, as the kernel's fields go (proc(5)).
want=$(awk '$1 == "cpu0" { for (i = 2; i <= 11; i++) v[FILENAME, i] = $i; f[++n] = FILENAME }
	END {
		a = f[1]; b = f[2]
		tot = 0
		for (i = 2; i <= 9; i++) tot += v[b, i] - v[a, i]
		printf "%.2f", (v[b, 2] - v[a, 2] - (v[b, 10] - v[a, 10])) * 100 / tot
	}' "$SYN/0/proc/stat" "$SYN/1/proc/stat")
live_capture "$TMPD/m0" "$SYN" -- "$MPSTAT" -P 0 $IV 1
got=$(awk '$2 == "0" && $1 != "Average:" { print $3; exit }' "$TMPD/m0.out")
if [ -n "$want" ] && [ "$got" = "$want" ]; then
	pass
else
	fail "mpstat -P 0's %usr: '$got', the fixture says '$want'"
fi
# r/s of sda over the first interval (iostat -y skips the report since boot).
want=$(awk -v iv=$IV '$3 == "sda" { r[++n] = $4 } END { printf "%.2f", (r[2] - r[1]) / iv }' \
	"$SYN/0/proc/diskstats" "$SYN/1/proc/diskstats")
live_capture "$TMPD/io" "$SYN" -- "$(oracle_bin iostat)" -d -x -y sda $IV 1
got=$(awk '$1 == "sda" { print $2; exit }' "$TMPD/io.out")
if [ -n "$want" ] && [ "$got" = "$want" ]; then
	pass
else
	fail "iostat -x's r/s of sda: '$got', the fixture says '$want'"
fi

# ---- the end of the sequence is a Ctrl-C ----

live_capture "$TMPD/end" "$SYN" -- "$MPSTAT" $IV
rows=$(awk '$2 == "all" && $1 != "Average:"' "$TMPD/end.out" | wc -l)
if [ "$(cat "$TMPD/end.rc")" = 0 ] && [ "$rows" = 3 ] && grep -q '^Average: *all' "$TMPD/end.out"; then
	pass
else
	fail "mpstat $IV to the end: exit $(cat "$TMPD/end.rc"), $rows rows (want 3 and Average:)"
fi
live_capture "$TMPD/int" "$SYN" LIVEFIX_SIGINT_AT=2 -- "$MPSTAT" $IV
rows=$(awk '$2 == "all" && $1 != "Average:"' "$TMPD/int.out" | wc -l)
if [ "$(cat "$TMPD/int.rc")" = 0 ] && [ "$rows" = 1 ] && grep -q '^Average: *all' "$TMPD/int.out"; then
	pass
else
	fail "mpstat $IV with LIVEFIX_SIGINT_AT=2: exit $(cat "$TMPD/int.rc"), $rows rows (want 1 and Average:)"
fi

# ---- nothing read around the shim ----

if command -v strace >/dev/null; then
	for t in "mpstat -A" "iostat -x -p ALL" "pidstat -d -u -t" "cifsiostat" "tapestat"; do
		read -r -a w <<<"$t"
		strace -f -qq -o "$TMPD/strace" -e trace=%file \
			-E LD_PRELOAD="$LIVEFIX" -E LIVEFIX_SEQ="$SYN" \
			"$(oracle_bin "${w[0]}")" "${w[@]:1}" $IV 2 >/dev/null 2>&1
		# The paths the program named: none under /proc, /sys or /dev (but
		# /dev/null and such) outside the snapshot.
		leaks=$(grep -oE '"/(proc|sys|dev)(/[^"]*)?"' "$TMPD/strace" |
			grep -vE '^"/dev/(null|tty|pts/[0-9]+)"$' | sort -u | head -5)
		if [ -z "$leaks" ] && grep -q "$SYN/1/" "$TMPD/strace"; then
			pass
		else
			fail "${w[0]} under strace: paths outside the snapshot: $leaks"
		fi
	done
else
	echo "SKIP (part): the strace check: strace is not installed"
fi

# ---- live_run.sh --diff ----

if bash "$LIVE_RUN" --diff "$SYN" -- "$MPSTAT" "$MPSTAT" -- -P ALL $IV 2 >"$TMPD/d.out"; then
	pass
else
	fail "live_run.sh --diff: one program against itself differs: $(head -5 "$TMPD/d.out")"
fi
bash "$LIVE_RUN" --diff "$SYN" -- "$MPSTAT" "$(oracle_bin iostat)" -- $IV 1 >"$TMPD/d.out"
rc=$?
if [ $rc = 1 ] && grep -q '^== stdout differs' "$TMPD/d.out" && grep -q '^+++ ours stdout' "$TMPD/d.out"; then
	pass
else
	fail "live_run.sh --diff: mpstat against iostat: exit $rc, $(head -3 "$TMPD/d.out")"
fi

# ---- upstream's expected outputs (a figure) ----

# The shared corpus's expected outputs are those of 12.6.1's era (a clock
# from 0); 12.6.1's binaries reproduce 123 of the 141 that the table of
# live_upstream.py runs (the others: iostat -f/+f alternate directories,
# tapestat's clock, pidstat -e, cciss names, --getenv). Fewer is a regression
# of the harness.
if have_part shared "upstream's expected outputs"; then
	python3 "$top_srcdir/tests/tools/live_upstream.py" "$(dirname "$(oracle_bin iostat)")" \
		"$SHARED/corpus/upstream" "$TMPD/up" --sysstat=12.6.1 >"$TMPD/up.out" 2>&1
	tail -1 "$TMPD/up.out"
	n_up=$(sed -n 's|^upstream expected outputs reproduced: \([0-9]*\)/.*|\1|p' "$TMPD/up.out")
	if [ "$FLAVOUR" != 12.6.1 ]; then
		[ -n "$n_up" ] && pass || fail "live_upstream.py did not run: $(tail -3 "$TMPD/up.out")"
	elif [ "${n_up:-0}" -ge 123 ]; then
		pass
	else
		fail "upstream's expected outputs: ${n_up:-none} reproduced, 123 before: $(head -1 "$TMPD/up.out")"
	fi
	# Ours over the same: the same expected files reproduced, no fewer.
	if [ "$FLAVOUR" = 12.6.1 ]; then
		python3 "$top_srcdir/tests/tools/live_upstream.py" "$top_builddir/live" \
			"$SHARED/corpus/upstream" "$TMPD/up_ours" --sysstat=12.6.1 >"$TMPD/up_ours.out" 2>&1
		if cmp -s "$TMPD/up.out" "$TMPD/up_ours.out"; then
			pass
		else
			fail "upstream's expected outputs, ours against 12.6.1's: $(diff "$TMPD/up.out" "$TMPD/up_ours.out" | head -4)"
		fi
	fi
fi

finish
