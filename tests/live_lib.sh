# shellcheck shell=bash disable=SC2034,SC2154
# Helpers for the tests of the live tools (iostat, mpstat, pidstat,
# cifsiostat, tapestat), sourced after tests/lib.sh. They run the release
# binary of the flavour under test and ours over the same snapshots under
# the livefix shim (tests/live.md).

LIVE_RUN="$top_srcdir/tests/tools/live_run.sh"
LIVE_SEQ="$top_srcdir/tests/tools/live_seq.py"
LIVEFIX="$top_builddir/tests/tools/livefix.so"

# oracle_bin NAME: the release's NAME for the flavour under test: Debian 12's
# /usr/bin/NAME for 12.6.1, the unpacked 12.7.5 package's for 12.7.5 (a path
# that does not exist under SYSREC_NO_ORACLE=1, as the other ORACLE_*).
oracle_bin() {
	if [ -n "$ORACLE_ROOT" ]; then
		echo "$ORACLE_ROOT/usr/bin/$1"
	else
		echo "/usr/bin/$1"
	fi
}

# our_bin NAME: our NAME in the build tree.
our_bin() {
	echo "$top_builddir/live/$1"
}

# have_live_oracle NAME: whether the release's NAME runs here (and says its
# version is the flavour's).
have_live_oracle() {
	local bin
	bin=$(oracle_bin "$1")
	[ "${SYSREC_NO_ORACLE:-0}" != 1 ] && [ -x "$bin" ] &&
		LC_ALL=C "$bin" -V 2>&1 | grep -q "sysstat version ${FLAVOUR//./\\.}\$"
}

# live_capture BASE SEQDIR [VAR=VALUE ...] -- PROG ARG...: runs PROG under the
# shim over SEQDIR, called by its bare name, keeping stdout, stderr and exit
# status in BASE.{out,err,rc} (lib.sh's run_capture).
live_capture() {
	local base=$1
	shift
	run_capture "$base" bash "$LIVE_RUN" "$@"
}

# live_diff [--label=TEXT] [--norm=SED] SEQDIR [VAR=VALUE ...] -- NAME ARG...:
# runs the release's NAME (oracle_bin) and ours (our_bin) over the snapshots
# of SEQDIR with the same environment (SYSREC_COMPAT=$FLAVOUR, from lib.sh),
# keeps the captures in $TMPD/a (the release's) and $TMPD/b (ours), and passes
# when stdout, stderr and exit status are the same; else fails LABEL (default
# "NAME ARG... on SEQDIR") with the diff (lib.sh's oracle_judge).
live_diff() {
	local label='' judge=() seq vars=() name
	while [ $# -gt 0 ]; do
		case $1 in
		--label=*) label=${1#--label=} ;;
		--norm=* | --show=*) judge+=("$1") ;;
		*) break ;;
		esac
		shift
	done
	seq=$1
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		vars+=("$1")
		shift
	done
	shift
	name=$1
	shift
	[ -n "$label" ] || label="$name $* on ${seq#"$TMPD"/}${vars[*]:+ (${vars[*]})}"
	# One case in 2 under 12.6.1, one in 3 under 12.7.5 (SYSREC_FULL=1: all),
	# the same ones on every run; a case left out returns 2 with no captures.
	if ! keep_case "$name $* ${seq#"$TMPD"/} ${vars[*]}" 2 3; then
		rm -f "$TMPD"/[ab].out "$TMPD"/[ab].err "$TMPD"/[ab].rc
		return 2
	fi
	# Both are called by the bare name (live_run.sh), so that usage messages agree.
	run_capture "$TMPD/a" bash "$LIVE_RUN" "$seq" "${vars[@]}" -- "$(oracle_bin "$name")" "$@"
	run_capture "$TMPD/b" bash "$LIVE_RUN" "$seq" "${vars[@]}" -- "$(our_bin "$name")" "$@"
	oracle_judge "${judge[@]}" "$label"
}

# iostat_sequences DIR: the snapshot sequences of the iostat suites in DIR
# (live_seq.py): std (SATA disks with partitions, NVMe, device mapper), f14
# and f18 (kernels of 14 and 18 diskstats fields), back (a device
# re-inserted, 32-bit tick wraps, a disk removed and one added), many (1,000
# disks), and edited copies: neg (from f18, sda's request counts fall in
# snapshot 2 while its sectors grow, without a re-insertion: 12.6.1 prints
# ~1.8e19, 12.7.5 zeros, #355), p4 (from f14, sda1 and sdb2 have the 4
# counters of old kernels), alt (from std, each snapshot's block devices and
# diskstats also under /sys/alt, a -f/+f directory where sdc is missing and
# sdq, a copy of sdb as 65:0, is the directory's own) and j (from std,
# /dev/disk/by-id and by-label links).
iostat_sequences() {
	local dir=$1
	mkdir -p "$dir"
	_iostat_synth() {
		python3 "$LIVE_SEQ" synth "$dir/$1" --procs 0 "${@:2}" >/dev/null || fail "live_seq.py synth $*"
	}
	_iostat_synth std --cpus 4 --disks 3 --nvme 1 --dm 2 --parts 2 --steps 3 --seed 1
	_iostat_synth f14 --cpus 2 --disks 2 --parts 2 --fields 14 --steps 2 --seed 2
	_iostat_synth f18 --cpus 2 --disks 2 --nvme 1 --fields 18 --steps 3 --seed 3
	_iostat_synth back --cpus 2 --disks 3 --dm 1 --parts 1 --steps 4 --seed 4 \
		--event 2:disk-backwards:sdb --event 3:counter-wrap:sda \
		--event 3:disk-remove:sdc --event 4:disk-add:sdz
	_iostat_synth many --cpus 8 --disks 1000 --steps 1 --seed 5
	cp -r "$dir/f18" "$dir/neg"
	cp -r "$dir/f14" "$dir/p4"
	cp -r "$dir/std" "$dir/j"
	python3 - "$dir" <<'PY' || fail "making the edited sequences"
import os, sys
d = sys.argv[1]
def rewrite(path, fn):
    if not os.path.exists(path):
        return
    with open(path) as f:
        lines = f.read().split("\n")
    os.unlink(path)  # a hard link to the previous snapshot's file
    with open(path, "w") as f:
        f.write("\n".join(fn(l) for l in lines))
def back(w, k):
    for i, delta in ((k, 1000), (k + 1, 50), (k + 10, 100000), (k + 9, 5)):
        w[i] = str(int(w[i]) - delta)
    return w
def neg_disk(l):
    w = l.split()
    return " ".join(back(w, 3)) if len(w) > 3 and w[2] == "sda" else l
def neg_sys(l):
    return " ".join(back(l.split(), 0)) if l.strip() else l
rewrite(f"{d}/neg/2/proc/diskstats", neg_disk)
rewrite(f"{d}/neg/2/sys/block/sda/stat", neg_sys)
def four(w):
    return [w[0], w[2], w[4], w[6]]
def p4_disk(l):
    w = l.split()
    return " ".join(w[:3] + four(w[3:])) if len(w) > 3 and w[2] in ("sda1", "sdb2") else l
def p4_sys(l):
    return " ".join(four(l.split())) if l.strip() else l
for n in range(3):
    rewrite(f"{d}/p4/{n}/proc/diskstats", p4_disk)
    rewrite(f"{d}/p4/{n}/sys/block/sda/sda1/stat", p4_sys)
    rewrite(f"{d}/p4/{n}/sys/block/sdb/sdb2/stat", p4_sys)
# alt: from std, each snapshot's block devices and diskstats also under
# /sys/alt (a -f/+f directory that moves with the snapshots), where sdc is
# missing and sdq (a copy of sdb, 65:0) is the directory's own.
import shutil
shutil.copytree(f"{d}/std", f"{d}/alt", symlinks=True)
for n in range(4):
    s = f"{d}/alt/{n}"
    if not os.path.isdir(s):
        continue
    alt = f"{s}/sys/alt"
    shutil.copytree(f"{s}/sys/block", f"{alt}/block", symlinks=False)
    shutil.rmtree(f"{alt}/block/sdc")
    shutil.copytree(f"{alt}/block/sdb", f"{alt}/block/sdq", symlinks=False)
    for part in ("sdb1", "sdb2"):
        os.rename(f"{alt}/block/sdq/{part}", f"{alt}/block/sdq/sdq" + part[3:])
    with open(f"{s}/proc/diskstats") as f:
        lines = [l for l in f.read().split("\n") if l.strip()]
    keep = [l for l in lines if not l.split()[2].startswith("sdc")]
    own = [" ".join(["65", str(int(l.split()[1]) - 16), "sdq" + l.split()[2][3:]] + l.split()[3:])
           for l in lines if l.split()[2].startswith("sdb")]
    with open(f"{alt}/diskstats", "w") as f:
        f.write("\n".join(keep + own) + "\n")
for n in range(4):
    for sub, name, target in (("by-id", "ata-DISK_A", "sda"), ("by-id", "ata-DISK_B-part1", "sdb1"),
                              ("by-id", "dm-name-vg-root", "dm-0"), ("by-label", "ROOT", "sda")):
        os.makedirs(f"{d}/j/{n}/dev/disk/{sub}", exist_ok=True)
        os.symlink(f"../../{target}", f"{d}/j/{n}/dev/disk/{sub}/{name}")
PY
}

# ---- --archive: the live tools over our sadc's records of a sequence ----

# hist_record SEQDIR FILE [SADC-OPTION...]: our sadc appends one record per
# snapshot of SEQDIR to FILE, at the snapshot's clock and with its uname
# (default options: -S XALL,IOSTAT,PROCESS).
hist_record() {
	local seq=$1 file=$2 n uname
	shift 2
	[ $# -gt 0 ] || set -- -S XALL,IOSTAT,PROCESS
	uname=$(head -4 "$seq/.livefix/uname" 2>/dev/null | paste -sd,)
	for n in $(ls "$seq" | sort -n); do
		[ -d "$seq/$n/proc" ] || continue
		"$top_builddir/sadc/sadc" --root="$seq/$n" --unix-time="$(cat "$seq/$n/.livefix/time")" \
			${uname:+--uname="$uname"} "$@" 1 1 "$file" ||
			fail "sadc on $seq/$n"
	done
}

# hist_strip SEQDIR: prints the path of a copy of SEQDIR (in $TMPD/strip)
# without the files a sample is read from (proc/stat, uptime, meminfo,
# diskstats, interrupts, softirqs, the process directories, every stat
# file of sys/ and sys/devices/system, where the CPUs are counted), so that
# a tool run over it with --archive can take its samples from the file
# alone; names (/dev, /etc, /sys's links) stay.
hist_strip() {
	local out=$TMPD/strip/${1##*/}
	rm -rf "$out"
	mkdir -p "$TMPD/strip"
	cp -al "$1" "$out" # links: the removals below unlink the copy's names only
	find "$out" -path '*/proc/[0-9]*' -prune -exec rm -rf {} +
	find "$out" \( -path '*/proc/stat' -o -path '*/proc/uptime' -o -path '*/proc/meminfo' \
		-o -path '*/proc/diskstats' -o -path '*/proc/interrupts' -o -path '*/proc/softirqs' \
		-o \( -path '*/sys/*' -name stat \) \) -delete
	rm -rf "$out"/*/sys/devices/system
	echo "$out"
}

# hist_subseq SEQDIR OUT N...: snapshots N... of SEQDIR as the sequence OUT.
hist_subseq() {
	local from=$1 out=$2 k=0 n
	shift 2
	rm -rf "$out"
	mkdir -p "$out"
	[ -d "$from/.livefix" ] && cp -a "$from/.livefix" "$out/"
	for n in "$@"; do
		cp -al "$from/$n" "$out/$k"
		k=$((k + 1))
	done
}

# seq_snaps SEQDIR: the number of snapshots of SEQDIR.
seq_snaps() {
	ls "$1" | grep -c '^[0-9]*$'
}

# snap_time SEQDIR N [FORMAT]: the clock of snapshot N of SEQDIR (its
# .livefix/time) as date +FORMAT (default %H:%M:%S) writes it in the
# suite's TZ, as the tools read -s/-e: a window's limits that name the same
# records under any TZ (%s for @EPOCH, %Y-%m-%dT%H:%M:%S dated, %d the day
# of a daily file's name).
snap_time() {
	local t
	t=$(cat "$1/$2/.livefix/time") || return 1
	date -d "@$t" "+${3:-%H:%M:%S}"
}

# hist_compare LIVE OURS SEQDIR STRIPPED FILE 'LIVE-ARGS' 'ARCHIVE-ARGS' [KEY]:
# the live run of LIVE over SEQDIR's snapshots against OURS --archive=FILE
# over the stripped copy: stdout, stderr and exit status the same (one case
# of keep_case's sample). KEY, when given, names the case for the sample
# instead of ARCHIVE-ARGS: one whose arguments depend on TZ (snap_time) is
# then sampled the same under every TZ.
hist_compare() {
	local live=$1 ours=$2 seq=$3 strip=$4 file=$5 largs=$6 hargs=$7 key=${8:-$7}
	keep_case "${ours##*/}-history ${seq##*/} $largs / $key" 2 3 || return 0
	# shellcheck disable=SC2086
	run_capture "$TMPD/a" bash "$LIVE_RUN" "$seq" -- "$live" $largs
	# shellcheck disable=SC2086
	run_capture "$TMPD/b" bash "$LIVE_RUN" "$strip" -- "$ours" --archive="$file" $hargs
	oracle_judge --show=5 "${ours##*/} $hargs --archive=${file##*/} on ${seq##*/} (live: ${live##*/} $largs)"
}

# hist_live_bin NAME: the live run to match, the release's NAME (ours when it does not run here).
hist_live_bin() {
	if have_live_oracle "$1"; then
		oracle_bin "$1"
	else
		echo "NOTE: the release's $1 $FLAVOUR does not run here: our live $1 is the reference" >&2
		our_bin "$1"
	fi
}

# mpstat_back_seq FROM TO: a copy of sequence FROM whose snapshot 2's
# counters go backwards (cpu1's user time, the first interrupt line's
# counts: a third of them) and whose intr total passes 2^32 (#314: 32-bit
# in mpstat), for the mpstat suites.
mpstat_back_seq() {
	cp -r "$1" "$2"
	python3 - "$2" <<'PY' || fail "making the backwards sequence $2"
import os, re, sys
d = sys.argv[1]
def rewrite(path, fn):
    with open(path) as f:
        text = f.read()
    os.unlink(path)  # a hard link to the previous snapshot's file
    with open(path, "w") as f:
        f.write(fn(text))
def stat(text):
    half = lambda m: m.group(1) + str(int(m.group(2)) // 2)
    text = re.sub(r"^(cpu1 )(\d+)", half, text, flags=re.M)
    wrap = lambda m: m.group(1) + str(int(m.group(2)) + (1 << 32))
    return re.sub(r"^(intr )(\d+)", wrap, text, flags=re.M)
def irqs(text):
    lines = text.split("\n")
    third = lambda m: m.group(1) + str(int(m.group(2)) // 3)
    lines[1] = re.sub(r"^(\s*\w+:\s+)(\d+)", third, lines[1])
    return "\n".join(lines)
rewrite(d + "/2/proc/stat", stat)
rewrite(d + "/2/proc/interrupts", irqs)
PY
}

# hist_reboot_seq SEQDIR: every snapshot's uptime of SEQDIR made 50,000 s
# (plus the snapshot's number), lower than any synth sequence's: appended
# after another sequence's records, sadc marks a LINUX RESTART before them.
hist_reboot_seq() {
	python3 - "$1" <<'PY' || fail "making $1's uptimes smaller"
import os, sys
for n in os.listdir(sys.argv[1]):
    p = os.path.join(sys.argv[1], n, "proc/uptime")
    if not os.path.exists(p):
        continue
    os.unlink(p)  # a hard link to the previous snapshot's file
    with open(p, "w") as f:
        f.write("%d.00 %d.00\n" % (50000 + int(n), 150000 + 3 * int(n)))
PY
}

# hist_compare_restart LIVE OURS 'OPTS' SEQ1 K1 SEQ2 K2 SKIP STRIPPED FILE: the
# live runs of LIVE over SEQ1 (K1 samples) then SEQ2 (K2), the second
# without its first SKIP lines (the banner), against OURS OPTS --archive=FILE
# (SEQ1's records, a LINUX RESTART, SEQ2's) over the stripped copy.
hist_compare_restart() {
	local live=$1 ours=$2 opts=$3 s1=$4 k1=$5 s2=$6 k2=$7 skip=$8 strip=$9 file=${10}
	keep_case "${ours##*/}-history restart $opts" 2 3 || return 0
	# shellcheck disable=SC2086
	{
		bash "$LIVE_RUN" "$s1" -- "$live" $opts 1 "$k1"
		bash "$LIVE_RUN" "$s2" -- "$live" $opts 1 "$k2" | tail -n +$((skip + 1))
	} >"$TMPD/a.out" 2>"$TMPD/a.err"
	echo 0 >"$TMPD/a.rc"
	# shellcheck disable=SC2086
	run_capture "$TMPD/b" bash "$LIVE_RUN" "$strip" -- "$ours" $opts --archive="$file"
	oracle_judge --show=5 "${ours##*/} $opts --archive over a restart"
}
