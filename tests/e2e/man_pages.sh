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
generated="man/sar.1 man/sadf.1 man/sysstat.5 man/sadc.8 man/sa1.8 man/sa2.8 man/sysstat-metrics.8 collect/sa1 collect/sa2
conf/sysstat systemd/sysstat.sleep"
# shellcheck disable=SC2086
if (unset MAKEFLAGS MFLAGS MAKELEVEL; make -C "$FLAVOUR_B" $generated) >"$TMPD/make.log" 2>&1; then pass
else fail "make the pages in $FLAVOUR_B: $(tail -3 "$TMPD/make.log")"; fi
B=$FLAVOUR_B
M=$B/man
pages="sar.1 sadf.1 sysstat.5 sadc.8 sa1.8 sa2.8 sysstat-metrics.8"

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
# The testing aids of sadc.
printf '%s\n' --root --unix-time --uname | check_words sadc.8 "sadc's testing aids"

# 3. sa1, sa2 and the sleep hook: their options and the variables they read.
printf '%s\n' --boot --sleep --rotate iso | check_words sa1.8 "sa1's options"
vars() { grep -oE '\$\{(SYSSTAT_CONF|SA_[A-Z_]+)' "$1" | sed 's/^..//' | sort -u; }
for f in sa1:sa1.8 sa2:sa2.8; do
	vars "$B/collect/${f%%:*}" >"$TMPD/w"
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
# sysstat(5) gives both layouts and this installation's directory.
build_vars "$B"
for w in /usr/libexec/sysstat /usr/lib/systemd/system /usr/lib/sysstat --libexecdir \
	--with-systemdsystemunitdir "$sadcdir"; do
	echo "$w"
done | check_words sysstat.5 "the layouts"
# No flavour mark or placeholder left.
if grep -n '@[A-Za-z_0-9]*@' "$M"/*.[158] "$B/collect/sa1" "$B/collect/sa2" "$B/conf/sysstat" \
	"$B/systemd/sysstat.sleep"; then fail "placeholders left"; else pass; fi
finish
