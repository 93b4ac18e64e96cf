#!/bin/bash
# flavours: 12.6.1 12.7.5
# Differential test of `sadf -g` (SVG graphs, doc/report.md §5.8) against the
# oracle of the flavour (Debian's sysstat 12.6.1, or 12.7.5) on every
# archive at hand, for several activities and -O options, under TZ=UTC and
# TZ=GMT+12; plus archives of our sadc where disks and interfaces vanish,
# come back and are registered again (their lines start anew), where the
# creator's zone is not the reader's and its day ends (-t and -T, which
# 12.7.x takes for SVG, the zone named on the time axis, -s/-e also as
# seconds since the epoch), and with batteries (12.7.5's -m BAT). Every
# output must be byte-identical to the oracle's, stdout, stderr and exit
# status. Where it is not, the difference is shown by structure: per graph
# group its id and position, per frame its title, the legend texts, the
# number of points of each path or rectangles of each bar group, and the
# axis labels; and our output must be well-formed XML (xmllint). By default
# -A runs on every archive and the whole option matrix on a sample of them
# and on f.sa (about a minute); SYSREC_FULL=1 runs the whole matrix on every
# archive under both zones. Cases where the oracle itself crashes are
# skipped, visibly. With Chromium installed, one output is also rendered to
# PNG.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle python3
HAVE_XMLLINT=1
command -v xmllint >/dev/null || {
	HAVE_XMLLINT=0
	echo "SKIP well-formedness: xmllint not installed (apt-get install libxml2-utils)"
}

# The structure of SVG reports, one line per element that matters; for
# each pair listed in $1 ("name<TAB>oracle<TAB>ours") that differs in
# bytes, one process prints the start of the difference in structure, or
# says that the structure is the same.
cat >"$TMPD/shape.py" <<'PY'
import difflib, re, sys
PAT = re.compile(r'<svg [^>]*>|<g id="[^"]*"[^>]*>|<text[^>]*>([^<]*)|<path d="([^"]*)"'
                 r'|<g style="[^"]*"[^>]*>\n([^\n]*)|<!-- Actual canvas height: \d+ -->')
def shape(path):
    doc = open(path, encoding="utf-8", errors="replace").read()
    out = []
    for m in PAT.finditer(doc):
        tag = m.group(0)
        if tag.startswith("<svg") or tag.startswith("<g id") or tag.startswith("<!--"):
            out.append(tag)
        elif tag.startswith("<text"):
            out.append("text: " + (m.group(1) or "").strip())
        elif tag.startswith("<path"):
            out.append("path: %d points" % len(re.findall(r"[ML]", m.group(2))))
        else:
            out.append("bars: %d" % m.group(3).count("<rect"))
    return out
for line in open(sys.argv[1], encoding="utf-8"):
    name, a, b = line.rstrip("\n").split("\t")
    sa, sb = shape(a), shape(b)
    if sa == sb:
        print("  %s: same structure, other bytes" % name)
        continue
    print("  %s: structure differs" % name)
    print("\n".join(list(difflib.unified_diff(sa, sb, lineterm=""))[2:12]))
PY

n_same=0 n_total=0
: >"$TMPD/pairs"

# svg_case TZ FILE ARGS...: one run of both sadfs, -g FILE ARGS under TZ.
svg_case() {
	local tz=$1 f=$2 n name
	shift 2
	n=$((n_total + 1))
	name="$(basename "$f") [$*] TZ=$tz"
	run_capture "$TMPD/a$n" env TZ="$tz" "$ORACLE_SADF" -g "$f" "$@"
	# sysstat 12.6.1 itself crashes on some archives (-A on the fixture roots).
	if [ "$(cat "$TMPD/a$n.rc")" -ge 128 ]; then
		echo "SKIP $name: the oracle crashed (exit $(cat "$TMPD/a$n.rc"))"
		return
	fi
	run_capture "$TMPD/b$n" env TZ="$tz" "$SADF" -g "$f" "$@"
	n_total=$n
	# The usage message names the program as it was run.
	if same_capture "$TMPD/a$n" "$TMPD/b$n" "s|$ORACLE_SADF|sadf|g;s|$SADF|sadf|g"; then
		n_same=$((n_same + 1))
		pass
		rm -f "$TMPD/a$n".* "$TMPD/b$n".*
		return
	fi
	if ! cmp -s "$TMPD/a$n.rc" "$TMPD/b$n.rc"; then
		fail "$name: exit $(cat "$TMPD/a$n.rc") vs $(cat "$TMPD/b$n.rc")"
	elif ! cmp -s "$TMPD/a$n.err.n" "$TMPD/b$n.err.n"; then
		fail "$name: stderr differs: $(head -c 200 "$TMPD/b$n.err")"
	elif [ "$HAVE_XMLLINT" = 1 ] && [ -s "$TMPD/b$n.out" ] &&
		! xmllint --noout "$TMPD/b$n.out" 2>"$TMPD/xml.err"; then
		fail "$name: not well-formed: $(head -3 "$TMPD/xml.err")"
	else
		fail "$name: output differs"
	fi
	printf '%s\t%s\t%s\n' "$name" "$TMPD/a$n.out" "$TMPD/b$n.out" >>"$TMPD/pairs"
}

ROOT1="$SHARED/corpus/upstream/roots/root1"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64

# sample ROOT FILE T K: our sadc, one record at time T, uptime K minutes.
sample() {
	printf '%d.00 29212.05\n' $((1000 + 60 * $4)) >"$1/proc/uptime"
	"$SADC" --root="$1" --unix-time="$3" $IDENT -S XALL 1 1 "$2" 2>"$TMPD/err" ||
		fail "sadc --root=$(basename "$1"): $(cat "$TMPD/err")"
}

# Disks and interfaces that vanish and come back (sdb, eth1 gone from the
# third record), or are registered again (sdc's counters all go back in
# the fourth, eth2's in the fifth): each starts a new line segment.
make_churn() {
	local R=$TMPD/churn-root f=$TMPD/churn.sa s k
	cp -a "$ROOT1" "$R" || return 1
	for s in 1 2 3 4 5 6; do
		k=$((s * s))
		awk -v s=$s -v k=$k 'function d(ma, mi, n, x) {
			printf "%4d %7d %s %d 0 %d %d %d 0 %d %d 0 %d %d 0 0 0 0\n",
				ma, mi, n, 10 * x, 80 * x, 3 * x, 5 * x, 40 * x, 7 * x, 9 * x, 11 * x }
			BEGIN { d(8, 0, "sda", k)
				if (s != 3) d(8, 16, "sdb", 2 * k)
				d(8, 32, "sdc", s == 4 ? 1 : 3 * k) }' >"$R/proc/diskstats"
		awk -v s=$s -v k=$k 'function n(i, x) {
			printf "%6s: %d %d 0 0 0 0 0 %d %d %d 0 0 0 0 0 0\n", i, 1500 * x, x, x, 700 * x, 2 * x }
			BEGIN { print "Inter-|   Receive                                                |  Transmit"
				print " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed"
				n("lo", k); n("eth0", 4 * k)
				if (s != 3) n("eth1", 5 * k)
				n("eth2", s == 5 ? 1 : 6 * k) }' >"$R/proc/net/dev"
		sample "$R" "$f" $((1555593609 + 60 * s)) $((s * 5))
	done
	files+=("$f")
}

# Records written in Asia/Kolkata (+05:30) across its midnight, read
# elsewhere: -t shows the creator's times.
make_tz() {
	local R=$TMPD/tz-root f=$TMPD/kolkata.sa s
	cp -a "$ROOT1" "$R" || return 1
	for s in 0 1 2 3 4 5; do
		TZ=Asia/Kolkata sample "$R" "$f" $((1555612130 + 13 * s)) $s
	done
	files+=("$f")
}

# Two batteries (12.7.5's sadc collects them; 12.6.1's knows none).
make_bat() {
	local R=$TMPD/bat-root f=$TMPD/bat.sa s
	cp -a "$ROOT1" "$R" && mkdir -p "$R"/sys/class/power_supply/{BAT0,BAT1,AC} || return 1
	for s in 0 1 2 3; do
		echo $((80 - 3 * s)) >"$R/sys/class/power_supply/BAT0/capacity"
		echo Discharging >"$R/sys/class/power_supply/BAT0/status"
		echo $((55 + 7 * s)) >"$R/sys/class/power_supply/BAT1/capacity"
		echo Charging >"$R/sys/class/power_supply/BAT1/status"
		sample "$R" "$f" $((1555593609 + 60 * s)) $s
	done
	files+=("$f")
}

files=()
add_sar_archives -u
# sample() rewrites files of its root: each works on a copy of root1, never on the corpus.
if [ -d "$ROOT1" ]; then
	make_churn
	make_tz
	make_bat
fi
opts=("-- -A" "-- -u" "-- -r" "-- -q" "-- -w -B -W -b" "-- -n DEV" "-d" "-O showidle -- -u -P ALL"
	"-O oneday,packed -- -A" "-O autoscale,skipempty -- -A" "-O showtoc,showinfo -- -A"
	"-O height=500,bwcol -- -r -S" "-O customcol -- -q -n EDEV" "-H -O showtoc"
	"-O bwcol,customcol -- -m CPU,FAN,TEMP,IN -n SOFT" "-t -- -u -q" "-T -O oneday -- -r")
i=0
for f in "${files[@]}"; do
	i=$((i + 1))
	# By default -A on every file (under tz_list's zones), the whole matrix
	# under UTC on a sample of the files and on f.sa; SYSREC_FULL=1: all.
	full=0
	{ sampled "$i" || [ "$(basename "$f")" = f.sa ]; } && full=1
	for o in "${opts[@]}"; do
		[ "$o" = -d ] && o="-- -d"
		[ "$o" = "-- -A" ] || [ "$full" = 1 ] || continue
		zones=UTC
		[ "$o" = "-- -A" ] || [ "${SYSREC_FULL:-0}" = 1 ] && zones=$(tz_list "$f")
		for tz in $zones; do
			# shellcheck disable=SC2086
			svg_case "$tz" "$f" $o
		done
	done
done

# The archives made here, every time: the lines of items that come and go,
# the times and zones of -t and -T, the batteries.
if [ -s "$TMPD/churn.sa" ]; then
	for o in "-- -d" "-- -n DEV" "-- -n EDEV" "-O packed,showtoc -- -d -n DEV,EDEV" \
		"-O autoscale -- -d -p" "-s 13:22:00 -- -d -n DEV"; do
		for tz in UTC GMT+12; do
			# shellcheck disable=SC2086
			svg_case "$tz" "$TMPD/churn.sa" $o
		done
	done
fi
if [ -s "$TMPD/kolkata.sa" ]; then
	for o in "-t -- -u -n DEV" "-T -- -u -n DEV" "-- -u -n DEV" "-t -O oneday -- -q" \
		"-T -O oneday,showinfo -- -q" "-t -s 23:59:16 -e 23:59:16 -- -u" \
		"-t -s 23:59:20 -e 00:00:05 -- -u -r" "-s 18:29:16 -e 18:29:29 -- -u" \
		"-e 18:29:03 -- -u" "-t -e 23:59:03 -- -u" "-s 1555612143 -e 1555612156 -- -u" \
		"-t -s 1555612143 -- -q" "-T -e 1555612156 -- -u"; do
		for tz in UTC GMT+12 Asia/Kolkata America/St_Johns; do
			# shellcheck disable=SC2086
			svg_case "$tz" "$TMPD/kolkata.sa" $o
		done
	done
fi
if [ -s "$TMPD/bat.sa" ]; then
	for o in "-- -m BAT" "-O packed,showtoc -- -m BAT -B" "-O skipempty,bwcol -- -m ALL" \
		"-t -- -m BAT"; do
		svg_case UTC "$TMPD/bat.sa" $o
	done
fi

if [ -s "$TMPD/pairs" ]; then
	python3 "$TMPD/shape.py" "$TMPD/pairs"
fi
echo "byte-identical: $n_same/$n_total"

# A browser renders one report.
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ] && [ -r "$SHARED/corpus/live/f.sa" ]; then
	"$SADF" -g "$SHARED/corpus/live/f.sa" -- -u -r >"$TMPD/r.svg"
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --screenshot="$TMPD/r.png" \
		--window-size=1100,1300 "file://$TMPD/r.svg" >/dev/null 2>&1
	if [ -s "$TMPD/r.png" ]; then
		pass
	else
		fail "chromium did not render the SVG"
	fi
else
	echo "SKIP rendering: chromium not installed (apt-get install chromium)"
fi
finish
