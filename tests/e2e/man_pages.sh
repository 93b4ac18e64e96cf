#!/bin/bash
# flavours: 12.6.1 12.7.5
# The manual pages of a build configured --with-compat=FLAVOUR: groff
# renders each without a warning, and each page documents what its program
# offers under that flavour: every option and keyword in the usage (and in
# sar --help), every environment variable sa1, sa2 and the sleep hook read,
# every setting of the configuration file, SYSREC_COMPAT and --with-compat.
. "${top_srcdir:-.}/tests/lib.sh"

command -v groff >/dev/null || skip "groff is missing (Debian package groff-base)"
# The pages and scripts are made from their templates by sed alone: a build
# directory configured for the flavour, where nothing needs compiling.
if ! flavour_builddir >"$TMPD/cfg.out"; then
	fail "$(cat "$TMPD/cfg.out")"
	finish
	exit
fi
live_tools="iostat mpstat pidstat cifsiostat tapestat"
generated="man/sar.1 man/sadf.1 man/sysstat.5 man/sadc.8 man/sa1.8 man/sa2.8 man/sysstat-metrics.8 sadc/sa1 sadc/sa2
conf/sysstat systemd/sysstat.sleep $(printf 'man/%s.1 ' $live_tools)"
# shellcheck disable=SC2086
if (unset MAKEFLAGS MFLAGS MAKELEVEL; make -C "$FLAVOUR_B" $generated) >"$TMPD/make.log" 2>&1; then pass
else fail "make the pages in $FLAVOUR_B: $(tail -3 "$TMPD/make.log")"; fi
# A shared build directory may be made again by another test: the pages are read from a copy.
mkdir -p "$TMPD/pages"
for g in $generated; do
	mkdir -p "$TMPD/pages/${g%/*}"
	cp -p "$FLAVOUR_B/$g" "$TMPD/pages/$g" 2>/dev/null
done
build_vars "$FLAVOUR_B" || fail "the configured directories of $FLAVOUR_B"
flavour_unlock
B=$TMPD/pages
M=$B/man
pages="sar.1 sadf.1 sysstat.5 sadc.8 sa1.8 sa2.8 sysstat-metrics.8 $(printf '%s.1 ' $live_tools)"

# 1. No warning at all from groff (-ww), and man(1) renders them.
for p in $pages; do
	if [ ! -f "$M/$p" ]; then
		fail "$p was not built"
		continue
	fi
	groff -ww -man -Tutf8 "$M/$p" 2>"$TMPD/warn" >/dev/null
	if [ ! -s "$TMPD/warn" ]; then pass; else fail "groff -ww $p: $(head -3 "$TMPD/warn")"; fi
	if command -v man >/dev/null; then
		if MANWIDTH=80 man -l "$M/$p" 2>"$TMPD/warn" | grep -q '^NAME' && [ ! -s "$TMPD/warn" ]; then
			pass
		else
			fail "man -l $p: $(head -3 "$TMPD/warn")"
		fi
	fi
done

# The page as plain text, on long lines without hyphenation, so that each
# option shows whole.
text() {
	# A long path may still break after one of its own hyphens: joined again.
	groff -man -Tascii -P-cbu -rHY=0 -rLL=250n "$M/$1" 2>/dev/null |
		sed -e ':a' -e '/[A-Za-z0-9]-$/{N;s/-\n *\([^ ]\)/-\1/;ba' -e '}'
}
# documented PAGE WORD: WORD appears in PAGE, not as part of a longer word.
documented() {
	text "$1" | grep -qE -- "(^|[^A-Za-z0-9_-])$(printf '%s' "$2" | sed 's/[][\.*^$+?(){}|]/\\&/g')([^A-Za-z0-9_]|$)"
}
# Options (-x, --long) and upper-case keywords of a usage text.
usage_words() {
	grep -oE -- '(^|[][ {|])(-[A-Za-z]|--[a-z][a-z-]*|[A-Z][A-Z0-9]+)' |
		sed 's/^[][ {|]//' | grep -v '^$' | sort -u
}
check_words() { # PAGE WHAT, words on stdin
	local page=$1 what=$2 w missing=""
	while read -r w; do
		documented "$page" "$w" || missing="$missing $w"
	done
	if [ -z "$missing" ]; then pass; else fail "$page lacks$missing ($what)"; fi
}

# 2. Each program's usage against its page.
"$SADC" -X 2>&1 | usage_words >"$TMPD/w"
[ -s "$TMPD/w" ] && check_words sadc.8 "sadc's usage" <"$TMPD/w" || fail "no sadc usage"
"$top_builddir/sar/sar" -X 2>&1 | usage_words >"$TMPD/w"
# In --help, the first tab-separated field of each line: the option or keyword.
"$top_builddir/sar/sar" --help 2>&1 | awk -F'\t' '/^\t/ {
	for (i = 1; i <= NF; i++) if ($i != "") { print $i; break } }' | usage_words >>"$TMPD/w"
[ -s "$TMPD/w" ] && check_words sar.1 "sar's usage and --help" <"$TMPD/w" || fail "no sar usage"
"$SADF" -X 2>&1 | usage_words >"$TMPD/w"
[ -s "$TMPD/w" ] && check_words sadf.1 "sadf's usage" <"$TMPD/w" || fail "no sadf usage"
# sysrec's own: sadf --openmetrics and its labels, the live endpoint's usage.
printf '%s\n' --openmetrics TMPDIR instance job | check_words sadf.1 "sadf --openmetrics"
"$top_builddir/metrics/sysstat-metrics" --help 2>&1 | usage_words >"$TMPD/w"
[ -s "$TMPD/w" ] && check_words sysstat-metrics.8 "sysstat-metrics's usage" <"$TMPD/w" ||
	fail "no sysstat-metrics usage"
# The live tools (live/): each usage against its page.
for t in $live_tools; do
	"$top_builddir/live/$t" -X 2>&1 | usage_words >"$TMPD/w"
	[ -s "$TMPD/w" ] && check_words "$t.1" "$t's usage" <"$TMPD/w" || fail "no $t usage"
done
# The testing aids of sadc.
printf '%s\n' --root --unix-time --uname | check_words sadc.8 "sadc's testing aids"

# 3. sa1, sa2 and the sleep hook: their options and the variables they read.
printf '%s\n' --boot --sleep --rotate iso | check_words sa1.8 "sa1's options"
vars() { grep -oE '\$\{(SYSSTAT_CONF|SA_[A-Z_]+)' "$1" | sed 's/^..//' | sort -u; }
for f in sa1:sa1.8 sa2:sa2.8; do
	vars "$B/sadc/${f%%:*}" >"$TMPD/w"
	[ -s "$TMPD/w" ] && check_words "${f#*:}" "environment of ${f%%:*}" <"$TMPD/w" ||
		fail "no environment variables found in ${f%%:*}"
done
vars "$B/systemd/sysstat.sleep" | check_words sa1.8 "environment of the sleep hook"

# 4. The configuration files against sysstat(5).
{
	sed -n 's/^#\{0,1\}\([A-Z_]*\)=.*/\1/p' "$B/conf/sysstat"
	sed -n 's/^#\{0,1\}\([A-Z_]*\)=.*/\1/p' "$top_srcdir/conf/default/sysstat"
} | sort -u >"$TMPD/w"
[ "$(wc -l <"$TMPD/w")" -ge 10 ] && check_words sysstat.5 "settings" <"$TMPD/w" ||
	fail "too few settings found: $(tr '\n' ' ' <"$TMPD/w")"
# Every unit is described.
for u in sysstat.service sysstat-collect.timer sysstat-collect.service sysstat-summary.timer \
	sysstat-summary.service sysstat-rotate.timer sysstat-rotate.service \
	sysstat-collect-daemon.service sysstat.sleep; do
	echo "$u"
done | check_words sysstat.5 "systemd units"

# 5. The flavours: every page names SYSREC_COMPAT and configure's
#    --with-compat, and says which release this build matches by default.
for p in $pages; do
	if documented "$p" SYSREC_COMPAT && documented "$p" --with-compat &&
		text "$p" | tr '\n' ' ' | grep -q "here $FLAVOUR)\|this installation: $FLAVOUR)"; then
		pass
	else
		fail "$p does not document SYSREC_COMPAT and --with-compat (default $FLAVOUR)"
	fi
done
# sysstat(5) gives both layouts and this installation's directory (build_vars above).
for w in /usr/libexec/sysstat /usr/lib/systemd/system /usr/lib/sysstat --libexecdir \
	--with-systemdsystemunitdir "$sadcdir"; do
	echo "$w"
done | check_words sysstat.5 "the layouts"
# No flavour mark or placeholder left.
if grep -n '@[A-Za-z_0-9]*@' "$M"/*.[158] "$B/sadc/sa1" "$B/sadc/sa2" "$B/conf/sysstat" \
	"$B/systemd/sysstat.sleep"; then fail "placeholders left"; else pass; fi
# 6. sar --use (the USE method), from its source, report/use_*.c: every key of the limit
#    table appears in sar(1) with its default limit (and warning level), as
#    "KEY LIMIT" or "KEY LIMIT, warning WARN"; every metric name and every
#    collection hint appears too. The pieces are read as one text, so that
#    moving code between them moves no check.
use_c=$TMPD/use.c
cat "$top_srcdir"/report/use_*.c >"$use_c"
# Lines such as: [L_CPU_BUSY] = {"cpu.busy", 90, 70},
sed -n 's/^[[:space:]]*\[L_[A-Z_]*\] = {"\([^"]*\)", *\([0-9.]*\), *\([-A-Z_0-9.]*\)},.*/\1 \2 \3/p' \
	"$use_c" >"$TMPD/limits"
if [ "$(wc -l <"$TMPD/limits")" -ge 20 ]; then pass; else fail "too few limit keys in report/use_*.c: $(wc -l <"$TMPD/limits")"; fi
text sar.1 >"$TMPD/sar.txt"
re() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g'; }
missing=""
while read -r key limit warn; do
	k=$(re "$key")
	case $warn in
	[0-9]*) grep -qE "(^|[ ,])$k $limit, warning $warn([^0-9.]|$)" "$TMPD/sar.txt" ||
		missing="$missing $key($limit,$warn)" ;;
	*) grep -E "(^|[ ,])$k $limit([^0-9.]|$)" "$TMPD/sar.txt" | grep -qvE "$k $limit, warning" ||
		missing="$missing $key($limit)" ;;
	esac
done <"$TMPD/limits"
if [ -z "$missing" ]; then pass; else fail "sar.1 lacks the limit keys or their defaults:$missing"; fi
# Lines such as: [M_CPU_BUSY] = {C_CPU_ALL, U, "%busy", L_CPU_BUSY, A_CPU, 0},
sed -n 's/^[[:space:]]*\[M_[A-Z_]*\] = {C_[A-Z_]*, [USE], "\([^"]*\)".*/\1/p' "$use_c" | sort -u >"$TMPD/w"
[ "$(wc -l <"$TMPD/w")" -ge 25 ] && check_words sar.1 "the metrics of --use" <"$TMPD/w" ||
	fail "too few metric names in report/use_*.c"
# The hints of group_hints[] (lines such as: [A_DISK] = "sadc -S DISK",), and
# collect_hint()'s default form "sadc -S A_NAME".
{
	sed -n '/^static const char \*const group_hints/,/^};/s/^[[:space:]]*\[A_[A-Z_]*\] = "\([^"%]*\)",$/\1/p' "$use_c" | sort -u
	grep -q 'snprintf(out, len, "sadc -S %s"' "$use_c" && echo "sadc -S A_NAME"
} >"$TMPD/hints"
missing=""
while read -r h; do
	grep -qF -- "$h" "$TMPD/sar.txt" || missing="$missing '$h'"
done <"$TMPD/hints"
if [ "$(wc -l <"$TMPD/hints")" -ge 5 ] && [ -z "$missing" ]; then pass
else fail "sar.1 lacks the collection hints:$missing ($(wc -l <"$TMPD/hints") found)"; fi
printf '%s\n' --use --use-limit= SAR_USE_LIMITS SYSREC_SYSSTAT_CONF ok warning saturated errors unknown \
	"First suspects:" "Could not be judged:" "Nothing crossed a threshold." "not in archives" |
	while read -r w; do grep -qF -- "$w" "$TMPD/sar.txt" || echo "$w"; done >"$TMPD/w"
if [ ! -s "$TMPD/w" ]; then pass; else fail "sar.1 lacks: $(tr '\n' ' ' <"$TMPD/w")"; fi

# 7. sadf(1) names every key of the JSON of sadf -j -- --use (from the
#    source: the quoted member names use_json.c writes, the U/S/E groups, the
#    two lists, "use" itself), every kind and every verdict.
{
	grep -o '\\"[a-z-]*\\": ' "$use_c" | sed 's/\\"//g; s/: $//'
	sed -n 's/.*letter_groups\[LETTER_MAX\] = {\(.*\)};/\1/p' "$use_c" | grep -o '"[a-z]*"' | tr -d '"'
	grep -o 'json_list([^;]*, "[a-z]*",' "$use_c" | grep -o '"[a-z]*"' | tr -d '"'
	grep -o '\\"use\\": {' "$top_srcdir/sadf/fmt_json.c" | sed 's/\\"//g; s/: {$//'
	for a in kind_names verdict_names; do
		sed -n "s/.*$a\[[A-Z_]*\] = {\(.*\)};/\1/p" "$use_c" | grep -o '"[a-z]*"' | tr -d '"'
	done
} | sort -u >"$TMPD/w"
for k in window resources suspects unknown use utilization saturated peak-time not-collected; do
	grep -qx -- "$k" "$TMPD/w" || fail "the JSON keys were not all found in the source (no $k)"
done
check_words sadf.1 "the JSON of --use" <"$TMPD/w"

# 8. The SAR_USE_LIMITS example of the configuration file is commented out
#    and valid: uncommented, sar --use accepts it and applies it.
ex=$(sed -n 's/^#[[:space:]]*SAR_USE_LIMITS=//p' "$B/conf/sysstat")
if [ -n "$ex" ] && ! grep -q '^SAR_USE_LIMITS=' "$B/conf/sysstat"; then pass
else fail "conf/sysstat has no commented SAR_USE_LIMITS example (or an active one)"; fi
busy=$(printf '%s\n' "$ex" | grep -o 'cpu\.busy=[0-9.]*' | cut -d= -f2)
echo "SAR_USE_LIMITS=$ex" >"$TMPD/conf"
if [ -n "$busy" ] && "$SADC" -S A_CPU 1 2 "$TMPD/sa" >/dev/null 2>&1 &&
	SYSREC_SYSSTAT_CONF=$TMPD/conf "$top_builddir/sar/sar" --use -f "$TMPD/sa" >"$TMPD/out" 2>&1 &&
	grep -qE "^cpu all .* $(printf '%.2f' "$busy")\$" "$TMPD/out"; then
	pass
else
	fail "the SAR_USE_LIMITS example ($ex) is not applied (cpu.busy=$busy): $(head -3 "$TMPD/out" 2>/dev/null)"
fi
finish
