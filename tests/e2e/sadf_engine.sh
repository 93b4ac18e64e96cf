#!/bin/bash
# flavours: 12.6.1 12.7.5
# sadf's engine against Debian's sadf (12.6.1, or 12.7.5 under its
# flavour): everything of sadf that is
# not a view's values, with the CPU, task-switch and queue views (-u, -w,
# -q) as the activities. Both sadfs run with the same arguments in the same
# environment; stdout, stderr and the exit status must be identical.
#  1. The command line: formats and the options each accepts, -T/-t/-U,
#     -O, -s/-e, interval and count, day offsets, "--" sar options, usage
#     errors, -V, -c on current and old files, -l.
#  2. The default daily file and a directory as the file (saDD,
#     saYYYYMMDD, and saDD.gz, which only we read).
#  3. The walk on every archive at hand, under TZ=UTC and TZ=GMT+12:
#     formats, -H, -d -h, -T/-t/-U, -s/-e windows (also in seconds since
#     the epoch), intervals and counts, comments (-C) and restarts; and
#     -T/-t under a named zone (Europe/Paris) and a zone name longer than
#     sysstat keeps (12.7.5 prints the zone after each time).
#  4. Malformed and old-format files, and files cut short at many offsets.
#  5. Compressed archives: our sadf on file.gz prints what sysstat prints
#     on file.
#  6. LC_NUMERIC and the catalogs (de_DE.UTF-8 when installed), colours.
# Every clean -j output must parse as JSON, every clean -x output must be
# well-formed XML.
#
# By default a sample runs: in section 3 each file in each format, and the
# options and windows on one file in four (one case in seven, or five);
# GMT+12 on the files tz_list names; a dozen cuts. SYSREC_FULL=1 runs all
# (every case, both time zones, a cut every 61 bytes).
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$SADF"
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT LANG LANGUAGE
FULL=${SYSREC_FULL:-0}
LIVE="$SHARED/corpus/live/f.sa"
UPSTREAM="$SHARED/corpus/upstream/files"
[ -r "$LIVE" ] || skip "$LIVE not found"
use_flavour_catalogs "$@"
mkdir -p "$TMPD/check"
n_cases=0
n_shown=0

# compare LABEL ARGS...: both sadfs, same arguments and environment. File
# names in messages are compared as they are; the program name is not.
# A file of the old formats 0x2171 and 0x2173 is read by ours as its
# conversion by sadf -c, which the oracle reads instead (old_ref;
# not for -c itself).
compare() {
	keep_case "TZ=${TZ:-} ${tz:-} $*" || return 0
	local label=$1 arg ref norm=
	shift
	local oargs=()
	n_cases=$((n_cases + 1))
	for arg in "$@"; do
		if [ -f "$arg" ] && [[ " $* " != *" -c "* ]] && old_ref "$arg" && ref=$OLD_REF; then
			oargs+=("$ref")
			norm=";s|$ref|FILE|g;s|$arg|FILE|g"
		else
			oargs+=("$arg")
		fi
	done
	run_capture "$TMPD/a" timeout 60 "$ORACLE_SADF" "${oargs[@]}"
	run_capture "$TMPD/b" timeout 60 "$SADF" "$@"
	if same_capture "$TMPD/a" "$TMPD/b" "s|$ORACLE_SADF|sadf|g;s|$SADF|sadf|g$norm"; then
		pass
	else
		fail "$label: sadf $*"
		if [ $n_shown -lt 12 ]; then
			show_diff "$TMPD/a" "$TMPD/b"
			n_shown=$((n_shown + 1))
		fi
	fi
	keep_for_validation "$@"
}

# What a clean -j or -x run prints must parse: kept for one check at the end.
keep_for_validation() {
	local a
	[ "$(cat "$TMPD/b.rc")" = 0 ] && [ -s "$TMPD/b.out" ] || return 0
	for a in "$@"; do
		[ "$a" = -- ] && return 0
		case $a in
		-*j* | -*x*) ;;
		*) continue ;;
		esac
		case $a in
		-j | -[A-Za-z]*j*) cp "$TMPD/b.out" "$TMPD/check/$n_cases.json" ;;
		-x | -[A-Za-z]*x*) cp "$TMPD/b.out" "$TMPD/check/$n_cases.xml" ;;
		esac
		echo "$n_cases TZ=$TZ sadf $*" >>"$TMPD/check/cases"
		return 0
	done
}

k=0
picked() {
	k=$((k + 1))
	[ "$FULL" = 1 ] || [ $((k % $1)) -eq 0 ]
}

# ---- 1. the command line ----

F=$LIVE
while IFS= read -r args; do
	eval "set -- $args"
	compare "cmdline" "$@"
done <<ARGS
-V
-X
-dV
-- -V
-d -j $F
-dx $F
-c -d $F
-l $F
-l -T -t $F
-T -t $F
-t -U -d $F
-T -U -j $F
-O $F
-O debug $F
-O ,debug,,showidle $F
-O foo $F
-O height= $F
-O height=12x $F
-O hz=100,pcparchive=x,bwcol,customcol $F
-- -u -O debug $F
-s 25:00 $F
-s 07:60 $F
-s 7:15 $F
-s 07:15:1 $F
-e 07:15:10:00 $F
-s -e $F
-s 0000000000 $F
-s 1795936511 -e 1795936509 $F
-s 1795936511 -e 07:15:12 -d $F
-s 07:15:10 -e 1795936512 -j $F
-e 9999999999 -d $F
-s 179593651x $F
-s 07-15 $F
-s 07:1x $F
-s 07:15:1x $F
-s -u $F
-e -1 -d $F
0 $F
1 0 $F
1 0 0 $F
1 2 3 $F
99999999999 $F
1 99999999999 $F
-d 4294967297 $F
-j 4294967298 0 $F
-d 2147483649 $F
-1 $F
$F -1
-1 -2
$F $F
-P $F
-P 9999 $F
-P 1-0 $F
-P all,0 $F
-P 0- $F
-m CPU $F
-n DEV $F
-q $F
-- -m FOO $F
-- -n $F
-- -n FOO,DEV $F
-- -q FOO $F
-- -q LOAD,FOO $F
-- -q CPU,x $F
-- -t $F
-- -X $F
-- -I FOO $F
-- -j $F
-- -j FOO $F
-- --dec=1 $F
-- -z -u $F
-- -h -p -w $F
-- -C -u ALL $F
-- -A -P 0 $F
-p -- -P ALL -q LOAD $F
-d --dev=vda --iface=lo --fs=/ --int=0 -- -u $F
-d - $F
-j -H -- -n DEV $F
/nonexistent/sa01
-d /nonexistent/sa01
-c /nonexistent/sa01
-l /nonexistent/sa01
ARGS

# -V shows 12.7.5's variables first.
S_COLORS_PALETTE=x S_TIME_DEF_TIME=UTC compare "cmdline, variables" -V
S_TIME_DEF_TIME=UTC compare "cmdline, variables" -dV

# -c on the corpus: nothing to do on current files, old ones refused.
for f in "$UPSTREAM"/data-9.1.5 "$UPSTREAM"/data-ukwn "$UPSTREAM"/data-trunc \
	"$UPSTREAM"/data-12.6.0-file_act-nr-err "$UPSTREAM"/data-12.0.1.xml; do
	[ -r "$f" ] && compare "convert" -c "$f"
done

# ---- 2. the default daily file, a directory as the file ----

# Both look in /var/log/sysstat (Debian's SA_DIR; ours when configured so).
if "$SADF" -d 2>&1 | grep -q "/var/log/sysstat/"; then
	compare "default file" -d
	compare "default file" -j -1
	compare "default file" -1 -H
	compare "default file" -d -- -w
else
	echo "SKIP default file: our SA_DIR is not Debian's /var/log/sysstat"
fi
day=$(date +%d)
ymd=$(date +%Y%m%d)
mkdir -p "$TMPD/days"
compare "empty directory" -d "$TMPD/days"
cp "$LIVE" "$TMPD/days/sa$day"
compare "directory, saDD" -d "$TMPD/days"
compare "directory, saDD" -H "$TMPD/days"
cp "$SHARED/corpus/live/x.sa" "$TMPD/days/sa$ymd"
touch -d '+1 minute' "$TMPD/days/sa$ymd"
compare "directory, newer saYYYYMMDD" -p "$TMPD/days"
touch -d '-1 day' "$TMPD/days/sa$ymd"
compare "directory, older saYYYYMMDD" -j "$TMPD/days"
compare "directory with a day offset" -d "$TMPD/days" -1
# A compressed daily file is found as sar finds it (sysstat cannot read it).
mkdir -p "$TMPD/gzdays"
gzip -c "$LIVE" >"$TMPD/gzdays/sa$day.gz"
run_capture "$TMPD/a" "$ORACLE_SADF" -d "$TMPD/days/sa$day"
run_capture "$TMPD/b" "$SADF" -d "$TMPD/gzdays"
if same_capture "$TMPD/a" "$TMPD/b"; then pass; else
	fail "directory with saDD.gz"
	show_diff "$TMPD/a" "$TMPD/b"
fi

# ---- 3. the walk on every archive ----

files=()
add_sar_archives -u
# A file with a few restarts and comments, and growing CPU counts.
if [ -x "$SA_MAKE" ] && "$SA_MAKE" -r 7 -C "$TMPD/make.sa" 2>/dev/null; then
	files+=("$TMPD/make.sa")
fi

# The seconds since the epoch (-U) of the records.
row_epochs() {
	"$ORACLE_SADF" -d -U "$1" -- -w 2>/dev/null |
		awk -F';' '$2 != "-1" && $3 ~ /^[0-9]+$/ { print $3 }' | sort -un
}

FORMATS=(-d -p -j -x)
# "SADF OPTIONS|SAR OPTIONS"
OPTS=(
	"|" "-C|" "|-w" "|-q" "-C|-u -w -q" "-T|" "-t|" "-U|" "-T -C|-w" "-t -C|-q" "-U -C|"
	"-P ALL|" "|-u ALL -P 0" "-H|" "-H -T|" "-H -t|-w"
	"|2" "|1 2" "|3 1" "|2 0" "-C|1 1" "|3600"
	"-s 23:00|" "-e 01:00|" "-s|" "-e|" "-s 12:00 -e 11:00|-w" "-s 23:59:59 -e 00:00:01|"
)
for tz in UTC GMT+12; do
	export TZ=$tz
	idx=0
	for f in "${files[@]}"; do
		idx=$((idx + 1))
		[ "$FULL" = 1 ] || [ $tz = UTC ] || [ "$(tz_list "$f")" != UTC ] || continue
		# Every file: each format as it is, and -d -h.
		for fmt in "${FORMATS[@]}" "-d -h"; do
			# shellcheck disable=SC2086
			compare "walk TZ=$tz" $fmt -C "$f" -- -u -w -q
		done
		# One file in four (all with SYSREC_FULL=1): the options, then windows.
		[ "$FULL" = 1 ] || [ $tz != UTC ] || sampled $idx || continue
		for o in "${OPTS[@]}"; do
			pre=${o%%|*} post=${o#*|}
			case $post in
			[0-9]*) ic=$post post= ;;
			*) ic= ;;
			esac
			for fmt in "${FORMATS[@]}" "-d -h"; do
				# shellcheck disable=SC2086
				picked 7 && compare "walk TZ=$tz" $fmt $pre $ic "$f" -- ${post:--u}
			done
		done
		# Windows around the records of the file, and counts per segment.
		mapfile -t times < <(row_times --sadf-d --sorted "$f" -w)
		n=${#times[@]}
		[ "$n" -gt 0 ] || continue
		first=${times[0]} last=${times[$((n - 1))]}
		windows=("-s $first" "-e $last" "-s $last -e $last" "-s $first -e $first")
		[ "$n" -gt 2 ] && windows+=("-s ${times[1]} -e ${times[$((n - 2))]}" "-e ${times[1]} 1 1")
		mapfile -t epochs < <(row_epochs "$f")
		n=${#epochs[@]}
		if [ "$n" -gt 0 ] && [ ${#epochs[0]} = 10 ]; then
			first=${epochs[0]} last=${epochs[$((n - 1))]}
			windows+=("-s $first" "-e $last" "-s $last -e $last" "-s $((first + 1))")
			[ "$n" -gt 2 ] && windows+=("-s ${epochs[1]} -e ${epochs[$((n - 2))]}" \
				"-s ${epochs[1]} -e ${times[$((${#times[@]} - 1))]}")
		fi
		for w in "${windows[@]}"; do
			for fmt in "${FORMATS[@]}" "-d -h"; do
				# shellcheck disable=SC2086
				picked 5 && compare "window TZ=$tz" $fmt $w -C "$f" -- -u -w
			done
		done
	done
	# Every activity of the file at once, in one line per record.
	for f in "$LIVE" "$SHARED/corpus/live/x.sa" "$TMPD/roots.sa"; do
		[ -r "$f" ] || continue
		compare "horizontal -A TZ=$tz" -d -h -C "$f" -- -A
		picked 2 && compare "horizontal -A TZ=$tz" -dh -t "$f" -- -A
		picked 2 && compare "horizontal -r -S TZ=$tz" -d -h -U "$f" -- -r ALL -S -n DEV
	done
done
export TZ=UTC

# A named zone and a zone name of more than 7 letters (sysstat keeps 7), with
# -T (TZ's zone) and -t (the file's), restarts and comments.
for tz in Europe/Paris ABCDEFGHIJ-3; do
	for f in "$LIVE" "$TMPD/roots.sa" "$TMPD/make.sa"; do
		[ -r "$f" ] || continue
		for t in -T -t ""; do
			for fmt in "${FORMATS[@]}" "-d -h" -r; do
				# shellcheck disable=SC2086
				TZ=$tz compare "zone TZ=$tz" $fmt $t -C "$f" -- -u -q
			done
		done
	done
done

# ---- 4. malformed, old-format and truncated files ----

# The files section 3 walked get the header-only reports; the others (that
# sysstat rejects) every format.
walked=" ${files[*]} "
for f in "$UPSTREAM"/data-* "$SHARED"/corpus/upstream/generated/*.tmp; do
	[ -r "$f" ] || continue
	for fmt in "${FORMATS[@]}" "-d -h" -H "-j -H" "-x -H"; do
		case "$fmt:$walked" in
		-H:* | "-j -H:"*) ;;
		*" $f "*) continue ;;
		-d:* | -j:*) ;;
		*) picked 3 || continue ;;
		esac
		# shellcheck disable=SC2086
		compare "corpus $(basename "$f")" $fmt -C "$f"
	done
done
# Cut short at many offsets: what is printed before the error (sysstat ends
# -j and -x where the data ends and still prints the lists and the end).
size=$(stat -c %s "$LIVE")
step=$((size / 12))
[ "$FULL" = 1 ] && step=61
for ((cut = 77; cut < size; cut += step)); do
	head -c "$cut" "$LIVE" >"$TMPD/cut.sa"
	for fmt in -d -j "-x -C" "-p -C" "-d -h -C"; do
		# shellcheck disable=SC2086
		compare "cut at $cut" $fmt "$TMPD/cut.sa" -- -u -w -q
	done
done

# ---- 5. compressed archives ----

for f in "$LIVE" "$SHARED/corpus/live/x.sa" "$UPSTREAM/data-trunc" "$TMPD/roots.sa"; do
	[ -r "$f" ] || continue
	gzip -c "$f" >"$TMPD/z.gz"
	for fmt in -d -j "-x -C" "-d -h"; do
		# shellcheck disable=SC2086
		run_capture "$TMPD/a" "$ORACLE_SADF" $fmt "$f" -- -u -w
		# shellcheck disable=SC2086
		run_capture "$TMPD/b" "$SADF" $fmt "$TMPD/z.gz" -- -u -w
		if same_capture "$TMPD/a" "$TMPD/b" "s|$f|F|g;s|$TMPD/z.gz|F|g"; then pass; else
			fail "gzip: sadf $fmt $(basename "$f").gz"
			show_diff "$TMPD/a" "$TMPD/b"
		fi
	done
done

# ---- 6. locale and colours ----

have_locale() {
	locale -a 2>/dev/null | tr 'A-Z' 'a-z' | sed 's/utf-8$/utf8/' | grep -qx "$1"
}
if have_locale de_de.utf8; then
	for fmt in -d -p -j -x "-d -h"; do
		# shellcheck disable=SC2086
		LC_ALL=de_DE.UTF-8 compare "LC_ALL=de_DE.UTF-8" $fmt -C "$LIVE" -- -u -q
		# shellcheck disable=SC2086
		LC_NUMERIC=de_DE.UTF-8 compare "LC_NUMERIC=de_DE.UTF-8" $fmt "$LIVE" -- -q
	done
	LC_ALL=de_DE.UTF-8 compare "LC_ALL=de_DE.UTF-8" -H "$LIVE"
	LC_ALL=de_DE.UTF-8 compare "LC_ALL=de_DE.UTF-8" -X
	LC_ALL=de_DE.UTF-8 compare "LC_ALL=de_DE.UTF-8" -d /nonexistent/sa01
	LC_ALL=de_DE.UTF-8 compare "LC_ALL=de_DE.UTF-8" -j "$UPSTREAM/data-9.1.5"
	LC_ALL=de_DE.UTF-8 compare "LC_ALL=de_DE.UTF-8" -c "$UPSTREAM/data-9.1.5"
	LANG=de_DE.UTF-8 LC_ALL= compare "LANG=de_DE.UTF-8" -p "$LIVE"
else
	echo "SKIP locale: de_DE.UTF-8 not installed (localedef -i de_DE -c -f UTF-8 de_DE.UTF-8)"
fi
S_COLORS=always compare "S_COLORS=always" -d -C "$LIVE" -- -u -w
S_COLORS=always compare "S_COLORS=always" -d -h "$LIVE" -- -A
S_COLORS=always compare "S_COLORS=always" -p -C "$LIVE"
S_COLORS=always S_COLORS_SGR="C=35;4:N=1" compare "S_COLORS_SGR" -d -h "$LIVE" -- -u -q

# ---- every clean -j output is JSON, every clean -x output well-formed XML ----

validate() {
	local bad id why
	[ -s "$TMPD/check/cases" ] || return 0
	bad=$(
		cd "$TMPD/check" || exit
		python3 -c '
import glob, json
for f in sorted(glob.glob("*.json")):
    try:
        json.load(open(f))
    except Exception as e:
        print(f.split(".")[0], "invalid JSON:", e)
'
		ls ./*.xml >/dev/null 2>&1 || exit 0
		if command -v xmllint >/dev/null; then
			xmllint --noout --nonet ./*.xml 2>&1 |
				sed -n "s|^\./\([0-9]*\)\.xml:.*|\1 not well-formed XML (xmllint)|p" | sort -u
		else
			python3 -c '
import glob, xml.dom.minidom
for f in sorted(glob.glob("*.xml")):
    try:
        xml.dom.minidom.parse(f)
    except Exception as e:
        print(f.split(".")[0], "not well-formed XML:", e)
'
		fi
	)
	n_valid=$(find "$TMPD/check" -name '*.json' -o -name '*.xml' | wc -l)
	while read -r id why; do
		[ -n "$id" ] || continue
		fail "$why: $(grep "^$id " "$TMPD/check/cases" | cut -d' ' -f2-)"
	done <<<"$bad"
}
validate

echo "$(basename "$0" .sh): ${#files[@]} files, $n_cases cases, ${n_valid:-0} outputs parsed"
finish
