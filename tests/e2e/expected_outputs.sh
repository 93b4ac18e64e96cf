#!/bin/bash
# flavours: 12.6.1 12.7.5
# Our sar and sadf against the oracle's outputs kept in tests/expected/:
# the archives of tests/expected/common.sh (sa_make's and our sadc's on a
# fixture root, the same bytes on any machine) are built again, every case
# of tests/expected/cases is run with our programs as the oracle ran it, and
# stdout, stderr and the exit status must equal what the oracle printed then
# (tests/expected/FLAVOUR/). Needs neither the oracle nor the shared corpus,
# so that a checkout without Debian's sysstat still compares output.
#
# Counted apart (one pass or fail each):
#   archives  each archive is the one the expectations were made from
#             (its sha256 in the manifest): else sa_make or sadc changed;
#   cases     tests/expected/cases and the manifest list the same commands:
#             else the list was edited without running regen_expected.sh;
#   ours      each case: our output equals the committed one;
#   fresh     where the oracle runs: the committed output still equals the
#             oracle's (else the expectation is stale: run regen_expected.sh).
. "${top_srcdir:-.}/tests/lib.sh"
# shellcheck source=tests/expected/common.sh
. "$top_srcdir/tests/expected/common.sh"

SAR="$top_builddir/sar/sar"
for p in "$SAR" "$SADF" "$SADC" "$SA_MAKE"; do
	[ -x "$p" ] || skip "$p not built"
done
EXP=$top_srcdir/tests/expected/$FLAVOUR
MANIFEST=$EXP/manifest
REGEN="tests/tools/regen_expected.sh $FLAVOUR"
if [ ! -r "$MANIFEST" ]; then
	fail "no expectations for sysstat $FLAVOUR ($MANIFEST): run $REGEN"
	finish
	exit
fi
n_ours_pass=0 n_ours_fail=0 n_fresh_pass=0 n_fresh_fail=0

# ---- 1. the archives ----

ARCH=$TMPD/archives
expected_build_archives "$ARCH" 2>"$TMPD/build.err" || fail "archives: $(cat "$TMPD/build.err")"
declare -A changed=()
while read -r kind name sum what; do
	[ "$kind" = archive ] || continue
	got=$(sha256sum <"$ARCH/$name" 2>/dev/null)
	if [ "${got%% *}" = "$sum" ]; then
		pass
	else
		changed[$name]=1
		fail "archive $name (${what}) is not the one the expectations were made from:" \
			"sha256 ${got%% *}, manifest $sum (what sa_make or sadc writes changed: if on purpose, run $REGEN)"
	fi
done <"$MANIFEST"

# ---- 2. the list of cases against the manifest ----

while read -r archive name tz prog args; do
	# shellcheck disable=SC2086
	expected_case_line "$archive" "$name" RC "$tz" $prog $args
done < <(expected_cases) | sort >"$TMPD/listed"
awk '$1 == "case" { $4 = "RC"; print }' "$MANIFEST" | sort >"$TMPD/recorded"
if cmp -s "$TMPD/listed" "$TMPD/recorded"; then
	pass
else
	fail "tests/expected/cases and $FLAVOUR/manifest differ (run $REGEN):" \
		"$(diff "$TMPD/recorded" "$TMPD/listed" | grep '^[<>]' | head -5 | tr '\n' ' ')"
fi

# ---- 3. each case: ours against the committed output, the oracle's too where it runs ----

EXPECTED_ENV=("SYSREC_COMPAT=$FLAVOUR")
for v in ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS; do
	[ -n "${!v:-}" ] && EXPECTED_ENV+=("$v=${!v}")
done
fresh=0
have_part oracle "the committed outputs against the oracle's fresh ones" && fresh=1

# Why a case of ARCHIVE may differ besides the program under test.
why_else() {
	[ -n "${changed[$1]:-}" ] && echo " (its archive changed: see above)"
}

# same_as_committed CAPTURE ARCHIVE NAME RC: whether the capture equals the committed case.
same_as_committed() {
	local c=$1 base=$EXP/$2/$3
	[ -f "$base.out" ] && cmp -s "$c.out" "$base.out" || return 1
	if [ -f "$base.err" ]; then cmp -s "$c.err" "$base.err"; else [ ! -s "$c.err" ]; fi || return 1
	[ "$(cat "$c.rc")" = "$4" ]
}

show_committed_diff() {
	local c=$1 base=$EXP/$2/$3 err=$EXP/$2/$3.err
	[ -f "$err" ] || err=/dev/null
	diff -u "$base.out" "$c.out" 2>&1 | head -20
	diff -u "$err" "$c.err" | head -10
	echo "exit: $4 committed, $(cat "$c.rc") now"
}

while read -r kind archive name rc env1 env2 prog args; do
	[ "$kind" = case ] || continue
	tz=${env1#TZ=}
	if [ "$env2" != LC_ALL=C ] || [ "$tz" = "$env1" ]; then
		fail "$FLAVOUR/manifest: cannot read the case line of $archive $name"
		continue
	fi
	# shellcheck disable=SC2086
	expected_run "$SAR" "$SADF" "$ARCH" "$tz" "$TMPD/ours" $prog $args
	if same_as_committed "$TMPD/ours" "$archive" "$name" "$rc"; then
		pass
		n_ours_pass=$((n_ours_pass + 1))
	else
		fail "$archive $name: our '$prog $args' (TZ=$tz) differs from $FLAVOUR/$archive/$name$(why_else "$archive")"
		show_committed_diff "$TMPD/ours" "$archive" "$name" "$rc"
		n_ours_fail=$((n_ours_fail + 1))
	fi
	[ $fresh = 1 ] || continue
	# Nothing of ours runs here: the oracle on the same archive.
	# shellcheck disable=SC2086
	(EXPECTED_ENV=() && expected_run "$ORACLE_SAR" "$ORACLE_SADF" "$ARCH" "$tz" "$TMPD/oracle" $prog $args)
	if same_as_committed "$TMPD/oracle" "$archive" "$name" "$rc"; then
		pass
		n_fresh_pass=$((n_fresh_pass + 1))
	else
		if [ -n "$(why_else "$archive")" ]; then
			fail "$archive $name: the oracle's '$prog $args' (TZ=$tz) differs from" \
				"$FLAVOUR/$archive/$name$(why_else "$archive")"
		else
			fail "$archive $name: the oracle's '$prog $args' (TZ=$tz) now differs from" \
				"$FLAVOUR/$archive/$name: the expectation is stale (run $REGEN)"
		fi
		show_committed_diff "$TMPD/oracle" "$archive" "$name" "$rc"
		n_fresh_fail=$((n_fresh_fail + 1))
	fi
done <"$MANIFEST"

echo "ours against the committed outputs: $n_ours_pass passed, $n_ours_fail failed"
if [ $fresh = 1 ]; then
	echo "committed outputs against the oracle: $n_fresh_pass passed, $n_fresh_fail failed"
fi
finish
