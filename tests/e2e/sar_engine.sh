#!/bin/bash
# flavours: 12.6.1 12.7.5
# sar's engine against Debian's sar 12.6.1 or 12.7.5 (flavours): the command line (usage errors,
# messages, exit statuses), and the file walk (segments, restarts, comments,
# -s/-e windows, -i, counts, -t, error files) with the simplest views, on
# every archive of the shared corpus, in two time zones. Stdout, stderr and
# exit status must be identical.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
requires oracle "$SAR"
# A copy, so that a rebuild during the run does not get in the way.
cp "$SAR" "$TMPD/sar" && SAR=$TMPD/sar
export PATH="$top_builddir/sadc:$PATH"

compare() {
	# compare NAME ARGS...: both sars, same arguments, same environment;
	# a file of the old formats 0x2171 and 0x2173 after -f is read by ours
	# as its conversion, which the oracle reads instead (old_ref).
	keep_case "TZ=${TZ:-} ${tz:-} $*" || return 0
	local name=$1 arg prev= ref norm=
	shift
	local oargs=()
	for arg in "$@"; do
		if [ "$prev" = -f ] && old_ref "$arg" && ref=$OLD_REF; then
			oargs+=("$ref")
			norm=";s|$ref|FILE|g;s|$arg|FILE|g"
		else
			oargs+=("$arg")
		fi
		prev=$arg
	done
	run_capture "$TMPD/a" timeout 20 "$ORACLE_SAR" "${oargs[@]}"
	run_capture "$TMPD/b" timeout 20 "$SAR" "$@"
	if same_capture "$TMPD/a" "$TMPD/b" "s|$ORACLE_SAR|sar|g;s|$SAR|sar|g$norm"; then
		pass
	else
		fail "$name: sar $*"
		show_diff "$TMPD/a" "$TMPD/b"
	fi
}

cd "$TMPD"
# 1. Command line.
while IFS= read -r args; do
	eval "set -- $args"
	compare "cmdline" "$@"
done <<'ARGS'
0 0
0 2
2 0
2 2 2
-o foo
-f a -o b
-s 10:00
-i 5
-X
-P
-P 99999
-P 1-0
-q FOO
-n
-n FOO
-m FOO
--dec=5
--dec=
-j
-V
--help
-f /nonexistent
-f /nonexistent/dir/sa01
-1 -f x
-u ALL -2
-uV
-V -u
-Vu
--getenv
-s 1700000000
-s 1700000000 -e 1600000000 -f /nonexistent
-s 0000000000
-e 999999999 -f /nonexistent
-s 7:00
-s 07-00
-s -0700
-e 07:00:0x
ARGS
# -V: 12.7.5 shows the variables it reads first.
S_COLORS=always S_COLORS_SGR="H=1" S_REPEAT_HEADER=3 S_TIME_DEF_TIME=UTC S_TIME_FORMAT=ISO \
	compare "cmdline" -V

# 2. Files: every archive of the corpus, many ways of walking it.
files=()
if have_part shared "the corpus archives"; then
	files+=("$SHARED"/corpus/upstream/files/data-* "$SHARED"/corpus/upstream/generated/*.tmp "$SHARED"/corpus/live/*.sa)
fi
"$SADC" -S XALL "$TMPD/ours.sa" 1 3 && "$SADC" -C "a comment" "$TMPD/ours.sa" &&
	"$SADC" "$TMPD/ours.sa" && "$SADC" -S XALL "$TMPD/ours.sa" 1 2
files+=("$TMPD/ours.sa")
# Archives Debian's own sadc collects now, under a little load (CPU, disk, network).
(for _ in 1 2 3; do timeout 3 sh -c 'while :; do :; done' & done; wait) &
load=$!
dd if=/dev/zero of="$TMPD/load" bs=1M count=64 conv=fsync status=none &
"$ORACLE_SADC" -S XALL "$TMPD/debian.sa" 1 4
"$ORACLE_SADC" "$TMPD/debian.sa"
"$ORACLE_SADC" -S XALL "$TMPD/debian.sa" 1 2
wait
rm -f "$TMPD/load"
files+=("$TMPD/debian.sa")
# The two largest matrices below run whole under 12.6.1 and every other case
# under 12.7.5, whose walk is the same code (SYSREC_FULL=1: all of them).
k=0
second() { # true for a case the 12.7.5 run leaves out
	k=$((k + 1))
	[ "$FLAVOUR" = 12.7.5 ] && [ "${SYSREC_FULL:-0}" != 1 ] && [ $((k % 2)) -eq 0 ]
}
for tz in UTC GMT+12; do
	for f in "${files[@]}"; do
		for opts in "-w" "-w -C" "-W -w" "-w -i 2" "-w -i 30" "-w 2" "-w -t" "-w -C -t" \
			"-w -s 07:15:10" "-w -e 07:15:10" "-w -s 13:20:19 -e 13:20:39" "-w -s 23:00" \
			"-w -s" "-w -e" "-w -f" "-w --dec=0" "-w --dec=1" "-w 1 1" "-w 1 2"; do
			second && continue
			TZ=$tz compare "$(basename "$f") TZ=$tz" $opts -f "$f"
		done
	done
done
# -s/-e in seconds since the epoch (12.7.5; 12.6.1 reads them as other words),
# around the first and second records of each file.
epoch_of() {
	local ts src
	old_ref "$1" && src=$OLD_REF || src=$1
	ts=$("$ORACLE_SADF" -d "$src" -- -w 2>/dev/null | awk -F';' -v n="$2" '!/^#/ && ++k == n { print $3 }')
	[ -n "$ts" ] && date -u -d "${ts% UTC}" +%s
}
for f in "${files[@]}"; do
	e1=$(epoch_of "$f" 1) || continue
	e2=$(epoch_of "$f" 2) || e2=$e1
	for opts in "-s $e1" "-s $((e1 - 1))" "-s $((e1 + 1))" "-e $e1" "-e $((e1 - 1))" \
		"-s $e1 -e $e2" "-s $e2 -e $e1" "-s $e2 -e $e2" "-e $e2 -i 2"; do
		for tz in UTC GMT+12; do
			second && continue
			TZ=$tz compare "$(basename "$f") TZ=$tz" -w $opts -f "$f"
		done
	done
done
# S_REPEAT_HEADER (12.7.5): the header again every N rows when stdout is not a terminal.
for f in "${files[@]:0:6}" "$TMPD/ours.sa" "$TMPD/debian.sa"; do
	for n in 1 2 5 0 x "" 4294967297; do
		for opts in "-w" "-u -P ALL" "-A"; do
			S_REPEAT_HEADER=$n compare "$(basename "$f") S_REPEAT_HEADER=$n" $opts -f "$f"
		done
	done
done
# Every report at once, on every file.
for f in "${files[@]}"; do
	for opts in "-A" "-A -C" "-A -h" "-A -P 0,1 --dec=1" "-A -z -p"; do
		compare "$(basename "$f") -A" $opts -f "$f"
	done
done
# S_TIME_FORMAT=ISO and a directory argument.
for f in "${files[@]:0:5}"; do
	S_TIME_FORMAT=ISO compare "ISO $(basename "$f")" -w -f "$f"
done
compare "directory" -w -f "$TMPD"
# -t's date comes from mktime() with the DST flag of the current time (in
# UTC with S_TIME_DEF_TIME=UTC): zones with DST in either season.
for f in "${files[@]}"; do
	for tz in Australia/Sydney Europe/Paris; do
		TZ=$tz compare "$(basename "$f") TZ=$tz" -w -t -f "$f"
		S_TIME_DEF_TIME=UTC TZ=$tz compare "$(basename "$f") TZ=$tz UTC" -w -t -f "$f"
	done
done
# S_TIME_DEF_TIME=UTC dates the default file in UTC: a directory with the
# file of today in UTC and another of today in the local zone (one of the
# two zones is a day away from UTC at any hour).
mkdir -p "$TMPD/deftm"
for tz in GMT+12 GMT-13; do
	rm -f "$TMPD/deftm"/*
	cp "$TMPD/ours.sa" "$TMPD/deftm/sa$(date -u +%d)"
	cp "$TMPD/debian.sa" "$TMPD/deftm/sa$(TZ=$tz date +%d)"
	for v in UTC utc ""; do
		S_TIME_DEF_TIME=$v TZ=$tz compare "S_TIME_DEF_TIME=$v TZ=$tz" -w -f "$TMPD/deftm"
	done
	TZ=$tz compare "TZ=$tz" -w -f "$TMPD/deftm"
done

# 3. Compressed archives are read directly (sysstat cannot): the report of
#    f.gz must be Debian's report of f; the default file may be saDD.gz.
for f in "${files[@]}"; do
	case "$f" in *-err | *.xml | *.out) continue ;; esac
	gzip -c "$f" >"$TMPD/z.gz"
	old_ref "$f" && ref=$OLD_REF || ref=$f
	run_capture "$TMPD/a" "$ORACLE_SAR" -w -f "$ref"
	run_capture "$TMPD/b" "$SAR" -w -f "$TMPD/z.gz"
	if same_capture "$TMPD/a" "$TMPD/b" "s|$ref|F|g;s|$f|F|g;s|$TMPD/z.gz|F|g"; then pass; else
		fail "gzip: $(basename "$f")"
		show_diff "$TMPD/a" "$TMPD/b"
	fi
done
mkdir -p "$TMPD/days"
gzip -c "$TMPD/ours.sa" >"$TMPD/days/sa$(date +%d).gz"
run_capture "$TMPD/a" "$ORACLE_SAR" -w -f "$TMPD/ours.sa"
run_capture "$TMPD/b" "$SAR" -w -f "$TMPD/days"
if same_capture "$TMPD/a" "$TMPD/b"; then pass; else fail "default file saDD.gz"; show_diff "$TMPD/a" "$TMPD/b"; fi
finish
