#!/bin/bash
# What a newcomer runs first: the README's main job, "bash
# scripts/main-job.sh" from the top of a fresh clone, as root on a fresh
# Debian 12. The machine is a chroot into debootstrap's --variant=minbase
# bookworm (nothing installed but what debootstrap brings; on a tmpfs where
# memory allows), with /proc, /sys, /dev and /dev/pts mounted and apt
# reaching this machine's Debian mirror; the clone is a git archive of the
# commit under test (HEAD of the checkout the test runs from) in
# /root/sysrec. Passes when the job exits 0 and prints sadf -H's header and
# the five reports (sar -u, -r, -q ALL, -d, -n DEV), every block of them
# with its header, a row for each of the four intervals of the five samples
# (of each disk and interface that was there all along, and there is one)
# and the averages.
#
# Needs root, debootstrap, chroot, git, wget and the Debian mirror of
# /etc/apt/sources.list* (SYSREC_MIRROR overrides it); skips otherwise, and
# where the sources are not a git checkout (make distcheck). The tree comes
# from tests/tools/debian_tree.sh's cache (made by debootstrap the first
# time). apt downloads the job's packages each time, as on a new machine:
# keeping them between runs made no measurable difference to the job's 40
# to 60 s from this machine's Debian mirror.
. "${top_srcdir:-.}/tests/lib.sh"

[ "$(id -u)" = 0 ] || skip "not root (debootstrap, chroot and apt-get need root)"
for c in debootstrap chroot git wget timeout; do
	command -v $c >/dev/null || skip "$c is missing (Debian packages debootstrap git wget)"
done
# The commit under test: HEAD of the checkout whose top is top_srcdir. make
# distcheck's sources, unpacked inside a checkout, are no checkout.
top=$(git -C "$top_srcdir" rev-parse --show-toplevel 2>/dev/null)
if [ -z "$top" ] || [ "$(cd "$top" && pwd -P)" != "$(cd "$top_srcdir" && pwd -P)" ]; then
	skip "$top_srcdir is not the top of a git checkout (make distcheck?): no commit to test"
fi
rev=$(git -C "$top_srcdir" rev-parse --short HEAD) || skip "$top_srcdir has no commit"

. "$top_srcdir/tests/tools/debian_tree.sh"

# The README's Debian 12, from this machine's mirror (which serves every
# release).
suite=bookworm
debian_reachable $suite || skip "no Debian mirror serving $suite (mirror: '${debian_mirror:-none found in /etc/apt/sources.list*}')"

# As /proc/self/mounts and /proc/PID/root name them.
here=$(cd "$TMPD" && pwd -P)
ROOT=$here/root
job_pid=""

# Ends the job (timeout(1) passes the signal on to its process group) and
# whatever else still runs in the tree, unmounts what is mounted there,
# then removes TMPD; on failure and on a signal too.
cleanup() {
	local i
	for i in $job_pid $fg_pid; do kill -TERM "$i" 2>/dev/null; done
	if [ -n "$job_pid" ]; then
		for i in $(seq 40); do
			kill -0 "$job_pid" 2>/dev/null || break
			sleep 0.25
		done
	fi
	find /proc -mindepth 2 -maxdepth 2 -name root -lname "$ROOT" -printf '%h\n' 2>/dev/null |
		sed 's|^/proc/||' | xargs -r kill -KILL 2>/dev/null
	debian_umount_under "$here"
	# Never a removal across a mount that would not go.
	if debian_mounted_under "$here"; then
		echo "note: still mounted under $here, left in place: $(grep -F "$here/" /proc/self/mounts)"
	else
		rm -rf --one-file-system "$TMPD"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# 1. The fresh machine, in memory where there is room (the tree is about
#    0.8 GB once the job is done): dpkg's syncs cost nothing there, the
#    shared disk is spared, and removing it is an unmount. Measured beside
#    other jobs: the whole test in 57 and 45 s, against 96 and 52 s on disk.
t_start=$SECONDS
mkdir -p "$ROOT"
on=disk
if [ "$(awk '$1 == "MemAvailable:" { print int($2 / 1048576) }' /proc/meminfo)" -ge 3 ] &&
	mount -t tmpfs -o size=4g,mode=755 sysrec-newcomer "$ROOT" && mount --make-private "$ROOT"; then
	on=tmpfs
fi
debian_tree "$ROOT" $suite || skip "$debian_tree_why"
echo "tree: $suite minbase on $on from $debian_tree_origin ($((SECONDS - t_start)) s)"
echo "deb $debian_mirror $suite main" >"$ROOT/etc/apt/sources.list"
rm -f "$ROOT/etc/resolv.conf"
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null
mkdir -p "$ROOT/root/sysrec"
if ! git -C "$top_srcdir" archive --format=tar HEAD | tar -C "$ROOT/root/sysrec" -xf -; then
	fail "git archive HEAD of $top_srcdir into the tree"
	finish
	exit
fi
# Each mount private: nothing propagates from or to this machine's mounts.
mount -t proc proc "$ROOT/proc" && mount --make-private "$ROOT/proc" &&
	mount --bind /sys "$ROOT/sys" && mount --make-private "$ROOT/sys" &&
	mount --bind /dev "$ROOT/dev" && mount --make-private "$ROOT/dev" &&
	mount --bind /dev/pts "$ROOT/dev/pts" && mount --make-private "$ROOT/dev/pts"
rc=$?
if [ $rc != 0 ]; then
	fail "mounting /proc, /sys, /dev, /dev/pts in the tree (exit $rc)"
	finish
	exit
fi

# 2. The README's command, in a root login's environment rather than the
#    test's (no LC_ALL, TZ or MAKEFLAGS of make check).
echo "main job: commit $rev"
t_job=$SECONDS
timeout -k 10 1800 chroot "$ROOT" /usr/bin/env -i HOME=/root \
	PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	/bin/bash -c 'cd /root/sysrec && exec bash scripts/main-job.sh' \
	</dev/null >"$TMPD/job.out" 2>"$TMPD/job.err" &
job_pid=$!
wait $job_pid
rc=$?
job_pid=""
echo "main job: exit $rc ($((SECONDS - t_job)) s; $((SECONDS - t_start)) s in all)"
[ $on = tmpfs ] && echo "tree: $(df -h --output=used "$ROOT" | tail -1 | tr -d ' ') used"
if [ $rc != 0 ]; then
	fail "bash scripts/main-job.sh exited $rc: $(grep -m3 -i 'error' "$TMPD/job.err")"
	echo "--- the end of its stderr:"
	tail -15 "$TMPD/job.err"
	echo "--- the end of its stdout:"
	tail -5 "$TMPD/job.out"
	finish
	exit
fi
pass

# 3. What it printed. The lines from sadc's announcement on: sadf -H's
#    header, then each report: the banner ("Linux ..."), and blocks
#    separated by blank lines, each a header (a time and the column
#    names), rows (a time, [the item], numbers) and the Average rows.
out=$TMPD/job.out
if grep -qx "Collecting 5 one-second samples of every activity with sysrec's sadc..." "$out"; then pass; else
	fail "no announcement of the samples: $(head -3 "$out")"; fi
if grep -qx 'System activity data file: sa-demo/today.sa (0x2175)' "$out" &&
	grep -q '^Genuine sa datafile: yes' "$out"; then pass; else
	fail "no header of sadf -H: $(grep -m3 -e '^System activity' -e '^Genuine' "$out")"; fi

# One line per report: its number, the first column name of its first
# block, then "ok" or what is wrong. Five samples make four intervals: a
# block of one row per interval has 4 rows and one Average; a block of
# items (the column after the time named CPU, DEV or IFACE) has 4 rows of
# each item that was there all along, at least one such, none of more,
# and an Average for it. An item that came or went meanwhile (a loop
# device of a test beside this one) has fewer rows: not checked.
awk -v n=4 '
function num_ok(from,   i) {
	for (i = from; i <= NF; i++) if ($i !~ /^-?[0-9]+(\.[0-9]+)?$/) return 0
	return 1
}
function bad(why) { if (!nbad++) first_bad = why }
function end_block(   k, most) {
	if (!in_block) return
	in_block = 0
	if (keyed) {
		most = 0
		for (k in rows) {
			if (rows[k] > n) bad(k " in " rows[k] " rows")
			if (rows[k] > most) most = rows[k]
			if (rows[k] == n && !(k in avg)) bad("no Average for " k)
		}
		for (k in avg) if (!(k in rows)) bad("an Average for " k " alone")
		if (most != n) bad(cols ": no item in all " n " intervals (at most " most ")")
	} else {
		if (rows[""] != n) bad(cols ": " (rows[""] + 0) " rows, want " n)
		if (avg[""] != 1) bad(cols ": " (avg[""] + 0) " Average rows, want 1")
	}
	split("", rows)
	split("", avg)
}
function end_report() {
	end_block()
	if (r) print r, first_col, (nbad ? nbad " problems, first: " first_bad : "ok")
	nbad = 0
}
/^Collecting / { started = 1 }
!started { next }
/^Linux / { end_report(); r++; first_col = ""; next }
!r { next }
/^$/ { end_block(); next }
!in_block {
	if ($1 !~ /^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]$/ || NF < 2) { bad("not a header: " $0); next }
	in_block = 1
	nf = NF
	keyed = ($2 == "CPU" || $2 == "DEV" || $2 == "IFACE")
	cols = $2 " " $3
	if (first_col == "") first_col = $2
	next
}
{
	if ($1 != "Average:" && $1 !~ /^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]$/) { bad("not a row: " $0); next }
	if (NF != nf || !num_ok(keyed ? 3 : 2)) { bad(cols ": a row unlike its header: " $0); next }
	k = keyed ? $2 : ""
	if ($1 == "Average:") avg[k]++
	else rows[k]++
}
END { end_report() }' "$out" >"$TMPD/reports"
i=0
for want in "-u CPU" "-r kbmemfree" "-q_ALL runq-sz" "-d DEV" "-n_DEV IFACE"; do
	i=$((i + 1))
	opt=${want% *} col=${want#* }
	read -r _ got status < <(awk -v i=$i '$1 == i' "$TMPD/reports")
	if [ "${got:-}" != "$col" ]; then
		fail "report $i is not sar ${opt/_/ }'s: its columns start with '${got:-}', want $col"
	elif [ "$status" = ok ]; then
		pass
	else
		fail "sar ${opt/_/ }: $status"
	fi
done
n=$(wc -l <"$TMPD/reports")
if [ "$n" = 5 ]; then pass; else fail "$n reports, want 5: $(tr '\n' ';' <"$TMPD/reports")"; fi
# The loopback interface is there on every machine, all along.
lo=$(awk '$2 == "lo" { n[$1 == "Average:"]++ } END { print n[0] + 0, n[1] + 0 }' "$out")
if [ "$lo" = "4 1" ]; then pass; else fail "sar -n DEV: rows and Average rows of lo: $lo, want 4 1"; fi
echo "reports: $(tr '\n' ';' <"$TMPD/reports")"
finish
