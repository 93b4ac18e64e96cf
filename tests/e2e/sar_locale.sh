#!/bin/bash
# flavours: 12.6.1 12.7.5
# sar in the user's language and with colours, against Debian's sysstat
# 12.6.1 sar: both read the same archives with the same options and the same
# environment, and stdout, stderr and the exit status must be identical.
#  - NLS: the words and messages sysstat translates ("Average:",
#    "Summary:", usage, errors) come from the system's sysstat catalogs;
#    LC_NUMERIC gives the decimal comma, LC_TIME the %X/%x time and date.
#    Locales: LC_ALL, LANG or a single LC_* category set to de_DE.UTF-8,
#    LC_MESSAGES=de (not a locale: English), LANGUAGE, and fr_FR / en_US
#    when they are installed.
#  - S_COLORS: "always" colours a pipe, with the default codes or with
#    S_COLORS_SGR (some entries malformed); on a terminal (script(1)) the
#    default is to colour, "never" does not.
# Needs the de_DE.UTF-8 locale (package locales: localedef -i de_DE -c -f
# UTF-8 de_DE.UTF-8) and skips without it.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared oracle "$top_builddir/sar/sar"

# Whether a locale is installed ("de_DE.UTF-8" is listed as de_DE.utf8).
have_locale() {
	local want
	want=$(echo "$1" | tr '[:upper:]' '[:lower:]' | sed 's/utf-8$/utf8/')
	locale -a 2>/dev/null | tr '[:upper:]' '[:lower:]' | sed 's/utf-8$/utf8/' | grep -qx "$want"
}
have_locale de_DE.UTF-8 ||
	skip "locale de_DE.UTF-8 not available (apt-get install locales; localedef -i de_DE -c -f UTF-8 de_DE.UTF-8)"
[ -r /usr/share/locale/de/LC_MESSAGES/sysstat.mo ] ||
	skip "sysstat's German catalog /usr/share/locale/de/LC_MESSAGES/sysstat.mo is missing"

use_flavour_catalogs "$@"

# A copy, so that a rebuild during the run does not get in the way.
SAR="$TMPD/sar"
cp "$top_builddir/sar/sar" "$SAR"
export PATH="$top_builddir/sadc:$PATH"

# Every variable that changes the output is unset, then set per case.
CLEAN="-u LC_ALL -u LANG -u LANGUAGE -u LC_CTYPE -u LC_NUMERIC -u LC_TIME -u LC_MESSAGES
	-u LC_COLLATE -u S_COLORS -u S_COLORS_SGR -u S_TIME_FORMAT"

n_shown=0
# compare ENV OPTS [FILE]: the two sars under TZ=$tz and ENV (VAR=value words).
# A file of the old formats 0x2171 and 0x2173 is read by ours as its
# conversion by sadf -c, which the oracle reads instead (old_ref).
compare() {
	keep_case "TZ=${TZ:-} ${tz:-} $*" || return 0
	local envs=$1 opts=$2 file=${3:-} args oargs= w ref norm=
	args=$opts
	[ -n "$file" ] && args="$opts -f $file"
	for w in $args; do
		if [ -f "$w" ] && old_ref "$w" && ref=$OLD_REF; then
			oargs+=" $ref"
			norm=";s|$ref|FILE|g;s|$w|FILE|g"
		else
			oargs+=" $w"
		fi
	done
	# shellcheck disable=SC2086
	run_capture "$TMPD/a" env $CLEAN TZ="$tz" $envs "$ORACLE_SAR" $oargs
	# shellcheck disable=SC2086
	run_capture "$TMPD/b" env $CLEAN TZ="$tz" $envs "$SAR" $args
	if same_capture "$TMPD/a" "$TMPD/b" "s|$ORACLE_SAR|sar|g;s|$SAR|sar|g$norm"; then
		pass
		return
	fi
	fail "TZ=$tz $envs sar $args"
	if [ $n_shown -lt 10 ]; then
		show_diff "$TMPD/a" "$TMPD/b"
		n_shown=$((n_shown + 1))
	fi
}

# ---- the archives ----

files=()
add_sar_archives "-u"

# ---- the environments ----

DE=de_DE.UTF-8
locales=("LC_ALL=$DE" "LANG=$DE" "LC_NUMERIC=$DE" "LC_MESSAGES=$DE" "LC_MESSAGES=de"
	"LC_TIME=$DE" "LANG=C LC_NUMERIC=$DE LC_TIME=$DE" "LC_ALL=$DE S_TIME_FORMAT=ISO")
# LANGUAGE chooses the catalogs, in order, once LC_MESSAGES is not C.
locales+=("LANG=$DE LANGUAGE=xx:fr")
# French ("Moyenne :", decimal comma) and US English (%X is "07:15:09 AM",
# 11 columns) when installed.
for l in fr_FR.UTF-8 en_US.UTF-8; do
	if have_locale $l; then
		locales+=("LANG=$l")
	else
		echo "NOTE: locale $l not installed, its cases are not run"
	fi
done

# S_COLORS_SGR with every key, and malformed entries sysstat ignores (too
# long, no '=', letters in the code, an unknown key, empty entries).
SGR='H=1;31:M=35:Z=2:N=36;1:I=33;4:C=7:R=41;1'
SGR_ODD='::H=4:X=1:N=1;2;3;4:Z=abc:I=:M=12345:C=123456:R=31;1:H'
colours=("S_COLORS=always" "S_COLORS=always S_COLORS_SGR=$SGR"
	"S_COLORS=always S_COLORS_SGR=$SGR_ODD LC_ALL=$DE")

# ---- 1. views: every file, the whole matrix on a sample of them ----

views=$(
	cat <<'OPTS'
-A
-u ALL -P ALL
-r ALL
-r ALL --human
-u ALL -P ALL --human
-A --dec=0
-A --dec=1
-q ALL
-n DEV
-n DEV --human
-d -p
-d -h
-A -h
-A -t
-F
-m ALL -P ALL
-u -C
OPTS
)
# 12.7.5's extended reports ("Summary:", "Minimum:", "Maximum:", "Last:"
# translated); under 12.6.1 -x is a usage error, translated too.
views+=$'\n-x -A\n-x -A -h --dec=1\n-x -F -d -p'

idx=0
for file in "${files[@]}"; do
	idx=$((idx + 1))
	for tz in $(tz_list "$file"); do
		for envs in "LC_ALL=$DE" "LC_NUMERIC=$DE" "LC_MESSAGES=$DE" "${colours[@]:0:2}"; do
			compare "$envs" "-A" "$file"
		done
		sampled $idx || continue
		while IFS= read -r opts; do
			for envs in "LC_ALL=$DE" "${colours[2]}"; do
				compare "$envs" "$opts" "$file"
			done
		done <<<"$views"
		for envs in "${locales[@]:1}"; do
			compare "$envs" "-A -h --dec=1" "$file"
			compare "$envs" "-F -m ALL" "$file"
		done
		compare "LC_ALL=$DE S_TIME_FORMAT=ISO S_COLORS=always" "-A -t" "$file"
		compare "LC_ALL=$DE S_COLORS=never" "-A" "$file"
		compare "LC_ALL=$DE S_COLORS=auto" "-A" "$file"
	done
done

# ---- 2. messages: usage, options, files that cannot be read ----

tz=UTC
corpus=$SHARED/corpus/upstream/files
msg_cases=$(
	cat <<ARGS
-X
0 0
2 2 2
-o foo
-f a -o b
-s 10:00
-i 5
-P 99999
-q FOO
--dec=5
-V
--help
-f /nonexistent
-f /nonexistent/dir/sa01
-2
-n FC -f $TMPD/live.sa
-j FOO -d -f $TMPD/live.sa
-u -f $corpus/data-9.1.5
-u -f $corpus/data-10.3.1
-u -f $corpus/data-trunc
-u -f $corpus/data-ukwn
-u -f $corpus/data-12.6.0-file_act-nr-err
-u -f $corpus/data-12.6.0-file_hdr-rec_size-err
-A -f $corpus/data-12.0.1.xml
ARGS
)
while IFS= read -r args; do
	for envs in "LC_ALL=$DE" "LANG=$DE" "LC_MESSAGES=$DE" "LC_MESSAGES=de" "${locales[@]:8}"; do
		compare "$envs" "$args"
	done
done <<<"$msg_cases"

# ---- 3. live mode (sadc on this machine): the same lines but for the values ----

# Times, numbers and colour codes become placeholders.
shape() {
	sed -E 's/\x1b\[[0-9;]*m/C/g; s/[0-9]{2}:[0-9]{2}:[0-9]{2}/T/g; s/[0-9]+[./][0-9]+[./][0-9]+/D/g;
		s/-?[0-9]+([.,][0-9]+)?/N/g; s/ +/ /g' "$1"
}
# Our sar takes only a sadc of its flavour; sar 12.7.5 needs unshare (above).
live_cases=("LC_ALL=$DE|-u 1 2" "LC_ALL=$DE|-r ALL -h 1 1" "LANG=$DE|-q ALL -n DEV 1 1"
	"LC_ALL=$DE S_COLORS=always|-u -P ALL 1 2" "S_COLORS=always S_COLORS_SGR=$SGR|-A 1 1")
rm -f "$TMPD/v.sa"
"$top_builddir/sadc/sadc" 1 1 "$TMPD/v.sa" >/dev/null 2>&1
if ! "$ORACLE_SADF" -H "$TMPD/v.sa" 2>/dev/null | grep -q "sysstat version ${FLAVOUR//./\\.}\$"; then
	echo "SKIP live cases: our sadc does not write sysstat $FLAVOUR's format"
	live_cases=()
elif [ -n "$ORACLE_ROOT" ] && ! unshare -m true 2>/dev/null; then
	echo "SKIP live cases: sar $FLAVOUR needs unshare -m to find its sadc"
	live_cases=()
fi
for c in "${live_cases[@]}"; do
	envs=${c%%|*}
	opts=${c#*|}
	# shellcheck disable=SC2086
	oracle_live env $CLEAN TZ=UTC $envs "$ORACLE_SAR" $opts >"$TMPD/a" 2>"$TMPD/a.err" &
	# shellcheck disable=SC2086
	env $CLEAN TZ=UTC $envs "$SAR" $opts >"$TMPD/b" 2>"$TMPD/b.err"
	rb=$?
	wait $!
	ra=$?
	if [ "$ra" = "$rb" ] && [ "$(shape "$TMPD/a")" = "$(shape "$TMPD/b")" ] &&
		cmp -s "$TMPD/a.err" "$TMPD/b.err"; then
		pass
	else
		fail "live: $envs sar $opts (exit $ra vs $rb)"
		diff <(shape "$TMPD/a") <(shape "$TMPD/b") | head -10
	fi
done

# ---- 4. on a terminal: colours unless S_COLORS=never ----

if command -v script >/dev/null 2>&1; then
	f=$TMPD/live.sa
	for envs in "" "S_COLORS=auto" "S_COLORS=never" "S_COLORS=yes" "S_COLORS_SGR=$SGR" \
		"LC_ALL=$DE S_COLORS_SGR=$SGR_ODD"; do
		for bin in "$ORACLE_SAR" "$SAR"; do
			out=$TMPD/tty-$([ "$bin" = "$SAR" ] && echo b || echo a)
			# shellcheck disable=SC2086
			env $CLEAN TZ=UTC $envs script -qfec "$bin -A -f $f" /dev/null >"$out" 2>&1
			echo $? >>"$out"
		done
		if cmp -s "$TMPD/tty-a" "$TMPD/tty-b"; then
			pass
		else
			fail "terminal: $envs sar -A -f $f"
			diff "$TMPD/tty-a" "$TMPD/tty-b" | head -10
		fi
	done
else
	echo "NOTE: script(1) not found, the terminal cases are not run"
fi

finish
