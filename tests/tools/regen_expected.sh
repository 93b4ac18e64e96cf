#!/bin/bash
# Writes tests/expected/FLAVOUR/ from the oracles: builds the archives of
# tests/expected/common.sh with the build's sa_make and sadc, runs every case
# of tests/expected/cases with the oracle's sar or sadf (Debian 12's
# sysstat 12.6.1, installed; Debian 13's 12.7.5, unpacked by oracle_1275.sh),
# and says which files changed. Never runs our sar or sadf: the expectations
# are the oracle's outputs only.
#
# Usage: regen_expected.sh [--check] [-B BUILDDIR] [FLAVOUR...]
#   --check     write nothing; exit 1 when any file would change
#   -B BUILDDIR the build directory (default: $top_builddir, else ./build
#               of the checkout); it needs sadc/sadc and tests/tools/sa_make
#               (make -C BUILDDIR sadc/sadc tests/tools/sa_make)
#   FLAVOUR     12.6.1 and/or 12.7.5 (default: both)
# Exits 0 when done (or, with --check, when nothing differs), 1 when files
# differ under --check, 2 when it cannot run (no oracle, nothing built).
set -u
top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir/build}
check=0
flavours=()

usage() {
	sed -n 's/^# \{0,1\}//; 9,16p' "$0" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--check) check=1 ;;
	-B)
		[ $# -ge 2 ] || usage
		top_builddir=$2
		shift
		;;
	12.6.1 | 12.7.5) flavours+=("$1") ;;
	*) usage ;;
	esac
	shift
done
[ ${#flavours[@]} -gt 0 ] || flavours=(12.6.1 12.7.5)
top_builddir=$(cd "$top_builddir" 2>/dev/null && pwd) || {
	echo "regen_expected: no build directory (give one with -B)" >&2
	exit 2
}
export top_srcdir top_builddir

# regen_flavour: one flavour, in a subshell (tests/lib.sh picks the oracle
# and exports SYSREC_COMPAT from SYSREC_TEST_FLAVOUR). Prints one line per
# file that differs and a summary; exits 1 when some differ and --check
# was given, 2 when it cannot run.
regen_flavour() {
	# shellcheck source=tests/lib.sh
	. "$top_srcdir/tests/lib.sh"
	# shellcheck source=tests/expected/common.sh
	. "$top_srcdir/tests/expected/common.sh"
	local dest=$top_srcdir/tests/expected/$FLAVOUR new=$TMPD/new arch=$TMPD/archives
	local name what archive tz prog args n_cases=0 n_changed=0 n_new=0 n_gone=0 f
	if ! have_oracle; then
		echo "regen_expected: $(oracle_missing)" >&2
		exit 2
	fi
	for f in "$SA_MAKE" "$SADC"; do
		if [ ! -x "$f" ]; then
			echo "regen_expected: $f is not built (make -C $top_builddir ${f#"$top_builddir"/})" >&2
			exit 2
		fi
	done
	expected_build_archives "$arch" || exit 2
	mkdir -p "$new"
	{
		echo "# Written by tests/tools/regen_expected.sh from sysstat $FLAVOUR: do not edit."
		echo "# archive NAME SHA256 HOW: the archive the cases ran on (built again by the test)."
		echo "# case ARCHIVE NAME STATUS ENV COMMAND: ran in the archive's directory as"
		echo "# env -i PATH=/usr/bin:/bin ENV COMMAND; stdout in ARCHIVE/NAME.out, stderr in"
		echo "# ARCHIVE/NAME.err (none: empty), STATUS its exit status."
		while read -r name what; do
			expected_archive_line "$arch" "$name" "$what" || exit 2
		done <<<"$EXPECTED_ARCHIVES"
	} >"$new/manifest"
	while read -r archive name tz prog args; do
		if [ ! -f "$arch/$archive" ]; then
			echo "regen_expected: tests/expected/cases: no archive '$archive' (common.sh builds them)" >&2
			exit 2
		fi
		if [ -e "$new/$archive/$name.out" ]; then
			echo "regen_expected: tests/expected/cases: $archive $name twice" >&2
			exit 2
		fi
		mkdir -p "$new/$archive"
		# shellcheck disable=SC2086
		expected_run "$ORACLE_SAR" "$ORACLE_SADF" "$arch" "$tz" "$TMPD/c" $prog $args
		mv "$TMPD/c.out" "$new/$archive/$name.out"
		[ -s "$TMPD/c.err" ] && mv "$TMPD/c.err" "$new/$archive/$name.err"
		# shellcheck disable=SC2086
		expected_case_line "$archive" "$name" "$(cat "$TMPD/c.rc")" "$tz" $prog $args >>"$new/manifest"
		n_cases=$((n_cases + 1))
	done < <(expected_cases)

	(cd "$new" && find . -type f | sed 's|^\./||' | sort) >"$TMPD/new.list"
	(cd "$dest" 2>/dev/null && find . -type f | sed 's|^\./||' | sort) >"$TMPD/old.list"
	while read -r f; do
		echo "new: $FLAVOUR/$f"
		n_new=$((n_new + 1))
	done < <(comm -13 "$TMPD/old.list" "$TMPD/new.list")
	while read -r f; do
		echo "removed: $FLAVOUR/$f"
		n_gone=$((n_gone + 1))
	done < <(comm -23 "$TMPD/old.list" "$TMPD/new.list")
	while read -r f; do
		cmp -s "$dest/$f" "$new/$f" && continue
		echo "changed: $FLAVOUR/$f"
		n_changed=$((n_changed + 1))
	done < <(comm -12 "$TMPD/old.list" "$TMPD/new.list")
	echo "regen_expected $FLAVOUR: $n_cases cases, $n_changed changed, $n_new new, $n_gone removed" \
		"($(find "$new" -type f -exec cat {} + | wc -c) bytes)"
	[ $((n_changed + n_new + n_gone)) -eq 0 ] && exit 0
	[ $check = 1 ] && exit 1
	rm -rf "$dest" && mkdir -p "$dest" && cp -R "$new/." "$dest/" || exit 2
	echo "regen_expected $FLAVOUR: tests/expected/$FLAVOUR written"
}

status=0
for f in "${flavours[@]}"; do
	(SYSREC_TEST_FLAVOUR=$f regen_flavour)
	rc=$?
	[ $rc -gt $status ] && status=$rc
done
exit $status
