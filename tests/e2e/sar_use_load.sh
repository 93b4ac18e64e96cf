#!/bin/bash
# sar --use under real load: our sadc (-S XALL, 1 s) records this machine
# while the test runs a load, then sadf -j FILE -- --use (and once
# sar --use -f FILE) is checked against a judge that applies the rules of
# sar(1), USE METHOD, to the figures Debian's sadf prints for the same file.
#   idle    nothing started: no suspect among cpu, memory and disk;
#   cpu     busy loops outnumbering the CPUs: cpu all saturated, disks not;
#   disk    two direct-I/O readers (1 MiB, pinned to CPU 0) of a loop device
#           backed by a 256 MiB file: that disk saturated; cpu all neither
#           saturated nor warning (its wait is iowait), and ranked after
#           the disk if its run queue and CPU pressure make it saturated;
#   memory  a 256 MiB file mapped and read page by page (MADV_RANDOM) inside
#           a memory cgroup of 64 MiB: memory saturated (major faults; this
#           kernel does not count a cgroup's reclaim in pgscand/s).
# One rule for every comparison (STYLE rule 20): the analyzer must agree
# with the judge on the same file. Other jobs on the machine can change the
# figures, never that agreement: where the figures do not show a load, or
# show a resource this test leaves alone in trouble, a NOTE says so and the
# analyzer is still held to them. A figure within rounding of its limit
# (sadf prints two decimals) is ambiguous: printed, not judged.
# Root only (loop device, cgroup); about 45 s.
. "${top_srcdir:-.}/tests/lib.sh"

t_begin=$(date +%s)
# The default limits only, whatever the machine's /etc/sysstat/sysstat says.
export SYSREC_SYSSTAT_CONF=/dev/null
[ "$(id -u)" -eq 0 ] || missing "not root: the loads need a loop device and a memory cgroup"
# No other test's load in the figures (lib.sh).
load_lock
SAR=$top_builddir/sar/sar
requires oracle python3 "$SADC" "$SADF" "$SAR"
"$SADC" -S XALL 1 2 "$TMPD/probe.sa" 2>/dev/null || skip "our sadc cannot record this machine"
# SYSREC_USE_RAW=1: the loads and their figures only (no analyzer needed).
RAWONLY=${SYSREC_USE_RAW:-0}
[ "$RAWONLY" = 1 ] || "$SADF" -j "$TMPD/probe.sa" -- --use >/dev/null 2>&1 ||
	skip "sadf -j -- --use is not built yet"

NCPU=$(getconf _NPROCESSORS_ONLN)
MEMTOTAL=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
LOOPDEV=
CGROUP=
LOADPIDS=()

cleanup() {
	[ ${#LOADPIDS[@]} -gt 0 ] && kill "${LOADPIDS[@]}" 2>/dev/null
	if [ -n "$CGROUP" ] && [ -d "$CGROUP" ]; then
		xargs -r kill -9 <"$CGROUP/cgroup.procs" 2>/dev/null
		sleep 0.2
		rmdir "$CGROUP" 2>/dev/null
	fi
	[ -n "$LOOPDEV" ] && losetup -d "$LOOPDEV" 2>/dev/null
	rm -rf "$TMPD"
	[ -n "${IMGDIR:-}" ] && rm -f "$IMGDIR/sysrec-use-load.$$.img"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# The judge: what Debian's sadf shows (raw), and what ours says (use).
cat >"$TMPD/judge.py" <<'PY'
import json, statistics, sys, calendar, time

EP = 3  # the default episode length (intervals)
def raw(path, ncpu, memtotal, first):
	"""Per resource: the intervals' over flags by sar(1)'s default limits."""
	res = {}
	cols = None
	disks = {}
	last = cur = None
	for line in open(path):
		line = line.rstrip("\n")
		if line.startswith("# "):
			# Each activity's rows come in a section of their own.
			cols = line[2:].split(";")
			last = cur = None
			continue
		f = dict(zip(cols, line.split(";")))
		t = int(f["timestamp"])
		# An interval runs from the record before (its time, not t minus the rounded
		# interval: sadc's samples drift by fractions of a second); a device's rows
		# share their record's time.
		if t != cur:
			last, cur = cur, t
		# The first interval runs from the file's first record, whose time of day
		# Debian's sar prints in its first header (UTC here): sadf -d prints no row
		# for it, and t minus the rounded interval can miss it by a second.
		prev = last if last is not None else t - (t % 86400 - first) % 86400
		def put(kind, name, metric, v, limit, warn=None):
			r = res.setdefault((kind, name), {})
			r.setdefault((prev, t), []).append((metric, v, limit, warn))
		if "%idle" in f:
			# iowait is idle time (sar(1), USE METHOD): busy is what ran.
			put("cpu", "all", "%busy", 100 - float(f["%idle"]) - float(f["%iowait"]), 90, 70)
		if "runq-sz" in f:
			put("cpu", "all", "runq-excess", float(f["runq-sz"]) - ncpu, 0)
		if "%scpu" in f:
			put("cpu", "all", "%psi-some", float(f["%scpu"]), 10)
		if "%smem" in f:
			put("memory", "all", "%psi-some", float(f["%smem"]), 10)
			put("memory", "all", "%psi-full", float(f["%fmem"]), 5)
		if "pgscand/s" in f:
			put("memory", "all", "pgscand/s", float(f["pgscand/s"]), 0)
			put("memory", "all", "majflt/s", float(f["majflt/s"]), 100)
		if "kbavail" in f:
			put("memory", "all", "%used",
			    (memtotal - float(f["kbavail"])) * 100 / memtotal, 95, 85)
		if "%sio" in f:
			put("disk", "all", "%psi-some", float(f["%sio"]), 10)
			put("disk", "all", "%psi-full", float(f["%fio"]), 5)
		if "DEV" in f:
			d = f["DEV"]
			put("disk", d, "%util", float(f["%util"]), 90, 70)
			put("disk", d, "aqu-sz", float(f["aqu-sz"]), 1)
			if float(f["tps"]) > 0:
				disks.setdefault(d, []).append(((prev, t), float(f["await"])))
	# await against the disk's median await of the intervals with I/O
	# (the analyzer bins it 5 % wide: a ratio within 10 % of the limit is
	# left out, either way).
	amb = set()
	for d, aw in disks.items():
		# fewer than 3 intervals with I/O make no baseline: no ratio
		med = statistics.median(a for _, a in aw) if len(aw) >= 3 else 0
		for itv, a in aw:
			ratio = a / med if a >= 1 and med > 0 else 0
			if abs(ratio - 4) < 0.4 or (abs(a - 1) <= 0.01 and med > 0 and a / med > 3.6):
				amb.add(d)
			res[("disk", d)][itv].append(("await-ratio", ratio, 4, None))
	for (kind, name), itvs in sorted(res.items()):
		keys = sorted(itvs)
		# sadf prints two decimals: a figure within rounding of its limit or warning
		# level could be on either side of it (%busy is two figures: 0.01 each). A
		# limit of 0 is for counts and run queues: their zero is exact.
		def near(m, v, x):
			return abs(v - x) <= (0.02 if m == "%busy" else 0.01)
		if any((lim and near(m, v, lim)) or (w is not None and near(m, v, w))
		       for k in keys for m, v, lim, w in itvs[k]):
			amb.add(name if kind == "disk" else kind + name)
		over = [any(v > lim for _, v, lim, _ in itvs[k]) for k in keys]
		# busy: a U metric above its warning level in an interval of an episode
		# (saturated and utilized: ranked first among the saturated)
		hotk = [any(w is not None and v > w for _, v, _, w in itvs[k]) for k in keys]
		eps, run, hot = [], [], False
		for k, o, h in zip(keys, over, hotk):
			if o:
				run.append((k, h))
			if run and (not o or k == keys[-1]):
				if len(run) >= EP:
					eps.append((run[0][0][0], run[-1][0][1]))
					hot = hot or any(x[1] for x in run)
				run = []
		warn = False
		for m in {m for k in keys for m, _, _, w in itvs[k] if w is not None}:
			n = 0
			for k in keys:
				v = [x for x in itvs[k] if x[0] == m]
				n = n + 1 if v and v[0][1] > v[0][3] else 0
				warn = warn or n >= EP
		verdict = "saturated" if eps else "warning" if (any(over) or warn) else "ok"
		peaks = []
		for m in sorted({m for k in keys for m, _, _, _ in itvs[k]}):
			vals = [(v, lim) for k in keys for mm, v, lim, _ in itvs[k] if mm == m]
			v, lim = max(vals)
			peaks.append("%s=%.2f/%g" % (m, v, lim))
		print("raw", kind, name, verdict,
		      ",".join("%d-%d" % e for e in eps) or "-",
		      "ambiguous" if (name if kind == "disk" else kind + name) in amb else "-",
		      "busy" if hot else "-", " ".join(peaks))

def iso(t):
	return calendar.timegm(time.strptime(t, "%Y-%m-%dT%H:%M:%SZ"))

def use(path):
	"""The analyzer's verdicts and episodes, in epoch seconds."""
	doc = json.load(open(path))
	u = doc["sysstat"]["hosts"][0]["use"]
	for r in u["resources"]:
		eps = ",".join("%d-%d" % (iso(e["start"]), iso(e["end"]))
		               for e in r.get("episodes") or [])
		print("use", r["kind"], r["name"], r["verdict"], eps or "-")
	for s in u["suspects"]:
		print("suspect", s["kind"], s["name"], s["verdict"])

if sys.argv[1] == "raw":
	h, m, s = (int(x) for x in sys.argv[5].split(":"))
	raw(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), h * 3600 + m * 60 + s)
else:
	use(sys.argv[2])
PY

# collect NAME RECORDS: our sadc in the background, into $TMPD/NAME.sa.
collect() {
	"$SADC" -S XALL 1 "$2" "$TMPD/$1.sa" 2>"$TMPD/$1.sadc.err" &
	SADC_PID=$!
	sleep 1.5
}

# judge NAME: the figures (raw lines) and verdicts (use, suspect lines) of
# $TMPD/NAME.sa in $TMPD/NAME.j; the raw lines printed for the log.
judge() {
	local n=$1 ncpu first
	wait "$SADC_PID" || fail "$n: sadc: $(cat "$TMPD/$n.sadc.err")"
	"$ORACLE_SADF" -U -d "$TMPD/$n.sa" -- -u -q ALL -B -r -d -p >"$TMPD/$n.csv" 2>&1 ||
		fail "$n: Debian's sadf: $(head -3 "$TMPD/$n.csv")"
	# The CPUs the file counts (runq-excess), from Debian's sar header.
	ncpu=$("$ORACLE_SAR" -u -f "$TMPD/$n.sa" | sed -n '1s/.*(\([0-9]*\) CPU).*/\1/p')
	# The time of the first record (hh:mm:ss, UTC), in the first header of Debian's sar.
	first=$(TZ=UTC LC_ALL=C "$ORACLE_SAR" -u -f "$TMPD/$n.sa" | awk 'NR == 3 { print $1; exit }')
	python3 "$TMPD/judge.py" raw "$TMPD/$n.csv" "${ncpu:-0}" "$MEMTOTAL" "$first" >"$TMPD/$n.j" 2>&1 ||
		fail "$n: cannot read Debian's figures: $(tail -3 "$TMPD/$n.j")"
	if [ "$RAWONLY" != 1 ]; then
		"$SADF" -j "$TMPD/$n.sa" -- --use >"$TMPD/$n.json" 2>"$TMPD/$n.err" ||
			fail "$n: sadf -j -- --use: exit $?: $(head -3 "$TMPD/$n.err")"
		python3 "$TMPD/judge.py" use "$TMPD/$n.json" >>"$TMPD/$n.j" 2>&1 ||
			fail "$n: cannot read the JSON: $(tail -3 "$TMPD/$n.j")"
	fi
	echo "$n: load $(date -u -d "@$S" +%T)-$(date -u -d "@$E" +%T) (${S}-${E})"
	grep -E '^raw (cpu all|memory|disk)' "$TMPD/$n.j" | sed "s/^/  /"
	grep -E '^use .* (saturated|warning|errors)' "$TMPD/$n.j" | sed "s/^/  /"
}

# field NAME WHAT KIND RESNAME COLUMN: a column (N, or N- for the rest of the
# line) of a line of NAME's judge file.
field() {
	grep -m1 "^$2 $3 $4 " "$TMPD/$1.j" | cut -d' ' -f"$5"
}

# covered EPISODES: whether one of them (a-b,c-d in epoch seconds) holds the
# load's S and E, give or take one interval.
covered() {
	local ep
	for ep in ${1//,/ }; do
		[ "$ep" = - ] && continue
		[ "${ep%-*}" -le $((S + 1)) ] && [ "${ep#*-}" -ge $((E - 1)) ] && return 0
	done
	return 1
}

# expect_loaded NAME KIND RESNAME: where the figures show the load as an
# episode of KIND RESNAME holding it, the analyzer calls it saturated with an
# episode holding the load. Other jobs on the machine may keep the load from
# showing (a loop disk that is not saturated on a busy host): that is said
# in a NOTE, never judged, since only the agreement of the analyzer with the
# figures is this test's to check (STYLE rule 20).
expect_loaded() {
	local n=$1 kind=$2 res=$3 eps
	[ "$RAWONLY" = 1 ] && return
	eps=$(field "$n" raw "$kind" "$res" 5)
	if ! covered "$eps"; then
		echo "NOTE $n: the load does not show in the figures as a $kind $res episode" \
			"(another job on the machine?): $(grep "^raw $kind $res " "$TMPD/$n.j")"
		return
	fi
	if [ "$(field "$n" use "$kind" "$res" 4)" = saturated ]; then
		pass
	else
		fail "$n: $kind $res: verdict '$(field "$n" use "$kind" "$res" 4)', figures: $(grep "^raw $kind $res " "$TMPD/$n.j")"
	fi
	if covered "$(field "$n" use "$kind" "$res" 5)"; then
		pass
	else
		fail "$n: $kind $res: episodes $(field "$n" use "$kind" "$res" 5) do not hold the load ${S}-${E}; figures: $eps"
	fi
}

# expect_ranked NAME: among the analyzer's saturated suspects, each that the
# figures call busy (a U metric above its warning level in an episode) comes
# before each that they do not (sar(1), First suspects); resources at a limit
# (ambiguous) are left out.
expect_ranked() {
	local n=$1 k r v seen_calm='' bad=''
	[ "$RAWONLY" = 1 ] && return
	while read -r _ k r v; do
		[ "$v" = saturated ] || continue
		[ "$(field "$n" raw "$k" "$r" 6)" = ambiguous ] && continue
		if [ "$(field "$n" raw "$k" "$r" 7)" = busy ]; then
			[ -n "$seen_calm" ] && bad="$bad $k $r after$seen_calm;"
		else
			seen_calm="$seen_calm $k $r"
		fi
	done < <(grep '^suspect ' "$TMPD/$n.j")
	if [ -z "$bad" ]; then
		pass
	else
		fail "$n: busy saturated resources ranked after calm ones:$bad $(grep '^suspect ' "$TMPD/$n.j" | tr '\n' ';')"
	fi
}

# expect_quiet NAME KIND [RESNAME]: the analyzer does not call KIND (all its
# resources, or RESNAME) saturated, unless the raw figures show an episode
# (another job on the machine: a NOTE). With ANY=1, no suspect at all unless
# the figures cross a limit.
expect_quiet() {
	local n=$1 kind=$2 only=${3:-} k r verdict eps rawv amb
	[ "$RAWONLY" = 1 ] && return
	while read -r _ k r verdict eps; do
		[ "$k" = "$kind" ] || continue
		[ -n "$only" ] && [ "$r" != "$only" ] && continue
		rawv=$(field "$n" raw "$k" "$r" 4)
		amb=$(field "$n" raw "$k" "$r" 6)
		case "${ANY:-0}:$verdict:$rawv" in
		0:saturated:saturated | 1:saturated:saturated | 1:warning:saturated | 1:warning:warning)
			echo "NOTE $n: $k $r $verdict: other activity on this machine, the figures show it:" \
				"$(field "$n" raw "$k" "$r" 8-)"
			pass
			;;
		0:saturated:* | 1:saturated:* | 1:warning:*)
			if [ "$amb" = ambiguous ]; then
				echo "NOTE $n: $k $r $verdict: await within 10 % of 4 times its median"
				pass
			else
				fail "$n: $k $r: verdict $verdict ($eps), figures: $(grep "^raw $k $r " "$TMPD/$n.j")"
			fi
			;;
		*) pass ;;
		esac
	done < <(grep '^use ' "$TMPD/$n.j")
}

# expect_agree NAME: every resource judged by hand here (cpu all, memory,
# disk all, each disk) gets the verdict and the episodes the figures give,
# but where a figure sits at its limit (ambiguous: printed, not judged).
expect_agree() {
	local n=$1 k r verdict eps amb got goteps
	[ "$RAWONLY" = 1 ] && return
	while read -r _ k r verdict eps amb _; do
		got=$(field "$n" use "$k" "$r" 4)
		goteps=$(field "$n" use "$k" "$r" 5)
		if [ "$got" = "$verdict" ] && [ "$goteps" = "$eps" ]; then
			pass
		elif [ "$amb" = ambiguous ]; then
			echo "NOTE $n: $k $r: $got ($goteps) against the figures' $verdict ($eps), a figure at its limit"
		else
			fail "$n: $k $r: verdict $got, episodes $goteps; the figures give $verdict, $eps: $(grep "^raw $k $r " "$TMPD/$n.j")"
		fi
	done < <(grep '^raw ' "$TMPD/$n.j")
}

cd "$TMPD" || exit 1

# 1. Idle: nothing started.
collect idle 7
S=$(date +%s)
sleep 5
E=$(date +%s)
judge idle
expect_agree idle
ANY=1 expect_quiet idle cpu
ANY=1 expect_quiet idle memory
ANY=1 expect_quiet idle disk
others=$(awk '$1 == "suspect" && ($2 == "net" || $2 == "tcp") { printf " %s %s %s;", $2, $3, $4 }' "$TMPD/idle.j")
[ -z "$others" ] || echo "NOTE idle: other traffic on this machine:$others (not judged)"

# 2. CPU: busy loops, twice the CPUs and one.
collect cpu 12
S=$(date +%s)
for _ in $(seq $((NCPU * 2 + 1))); do
	(while :; do :; done) &
	LOADPIDS+=($!)
done
sleep 8
kill "${LOADPIDS[@]}"
wait "${LOADPIDS[@]}" 2>/dev/null
LOADPIDS=()
E=$(date +%s)
judge cpu
expect_agree cpu
expect_loaded cpu cpu all
expect_quiet cpu disk
expect_ranked cpu
# The text report, once: the suspect line with the episode's local times.
if [ "$RAWONLY" != 1 ]; then
	run_capture "$TMPD/text" "$SAR" --use -f "$TMPD/cpu.sa"
	ep=$(field cpu use cpu all 5)
	ep=${ep%%,*}
	want="^  saturated  cpu all +$(date -d "@${ep%-*}" +%T 2>/dev/null)-$(date -d "@${ep#*-}" +%T 2>/dev/null) "
	if [ "$(cat "$TMPD/text.rc")" = 0 ] && grep -q "^First suspects:" "$TMPD/text.out" &&
		grep -qE -- "$want" "$TMPD/text.out"; then
		pass
	else
		fail "cpu: sar --use -f: no line '$want' under 'First suspects:' (exit $(cat "$TMPD/text.rc"))"
		head -12 "$TMPD/text.out" "$TMPD/text.err"
	fi
fi

# 3. Disk: direct-I/O readers of a loop device over a 256 MiB file.
IMGDIR=
for d in /var/tmp "${TMPDIR:-/tmp}"; do
	if [ "$(df -Pk "$d" 2>/dev/null | awk 'NR == 2 { print $4 }')" -gt $((400 * 1024)) ] 2>/dev/null &&
		dd if=/dev/zero of="$d/sysrec-use-load.$$.img" bs=1M count=256 conv=fsync status=none 2>/dev/null &&
		dd if="$d/sysrec-use-load.$$.img" of=/dev/null bs=4k count=1 iflag=direct status=none 2>/dev/null; then
		IMGDIR=$d
		break
	fi
	rm -f "$d/sysrec-use-load.$$.img"
done
IMG=$IMGDIR/sysrec-use-load.$$.img
if [ -z "$IMGDIR" ]; then
	echo "SKIP disk, memory: no room for a 256 MiB file with O_DIRECT in /var/tmp or ${TMPDIR:-/tmp}"
elif ! command -v losetup >/dev/null; then
	echo "SKIP disk: losetup is missing"
elif ! LOOPDEV=$(losetup --direct-io=on -f --show "$IMG" 2>/dev/null || losetup -f --show "$IMG" 2>&1); then
	echo "SKIP disk: losetup: $LOOPDEV"
	LOOPDEV=
else
	pin=()
	command -v taskset >/dev/null && pin=(taskset -c 0)
	collect disk 12
	S=$(date +%s)
	end=$((S + 8))
	for _ in 1 2; do
		(while [ "$(date +%s)" -lt $end ]; do
			"${pin[@]}" dd if="$LOOPDEV" of=/dev/null bs=1M count=64 iflag=direct status=none
		done) &
		LOADPIDS+=($!)
	done
	wait "${LOADPIDS[@]}"
	LOADPIDS=()
	E=$(date +%s)
	judge disk
	expect_agree disk
	expect_loaded disk disk "${LOOPDEV#/dev/}"
	# The processors wait for the disk (iowait): neither saturated nor
	# warning unless their own figures say so.
	ANY=1 expect_quiet disk cpu all
	expect_ranked disk
	echo "disk: first suspect: $(grep -m1 '^suspect ' "$TMPD/disk.j" | cut -d' ' -f2-)"
	losetup -d "$LOOPDEV"
	LOOPDEV=
fi

# 4. Memory: a mapped file of 256 MiB read in a cgroup of 64 MiB.
if [ -n "$IMGDIR" ]; then
	mcg=
	if [ -f /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
		mcg=/sys/fs/cgroup/memory
	elif grep -qw memory /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null; then
		mcg=/sys/fs/cgroup
	fi
	if [ -z "$mcg" ]; then
		echo "SKIP memory: no memory cgroup controller"
	elif ! mkdir "$mcg/sysrec-use-load.$$"; then
		echo "SKIP memory: cannot make a cgroup under $mcg"
	else
		CGROUP=$mcg/sysrec-use-load.$$
		if [ -f "$CGROUP/memory.limit_in_bytes" ]; then
			echo $((64 << 20)) >"$CGROUP/memory.limit_in_bytes"
			[ -f "$CGROUP/memory.memsw.limit_in_bytes" ] &&
				echo $((64 << 20)) >"$CGROUP/memory.memsw.limit_in_bytes"
		else
			echo $((64 << 20)) >"$CGROUP/memory.max"
			[ -f "$CGROUP/memory.swap.max" ] && echo 0 >"$CGROUP/memory.swap.max"
		fi
		# Out of the page cache, so that every page is read inside the cgroup.
		dd if="$IMG" iflag=nocache count=0 status=none
		collect memory 12
		S=$(date +%s)
		sh -c 'echo $$ >"$1/cgroup.procs" && exec python3 -c "
import mmap, os, sys, time
m = mmap.mmap(os.open(sys.argv[1], os.O_RDONLY), 0, prot=mmap.PROT_READ)
m.madvise(mmap.MADV_RANDOM)
end, s = int(sys.argv[2]), 0
while time.time() < end:
    for i in range(0, len(m), 1 << 24):
        if time.time() >= end:
            break
        for j in range(i, min(i + (1 << 24), len(m)), 4096):
            s += m[j]
" "$2" "$3"' sh "$CGROUP" "$IMG" $((S + 8)) &
		LOADPIDS+=($!)
		wait "${LOADPIDS[@]}"
		LOADPIDS=()
		E=$(date +%s)
		judge memory
		expect_agree memory
		expect_loaded memory memory all
	fi
fi

echo "runtime: $(($(date +%s) - t_begin)) s"
finish
