#!/bin/bash
# The log compiler of the shell tests: runs test $1 once per sysstat flavour
# it names in a line "# flavours: 12.6.1 12.7.5" (default: 12.6.1 only),
# with SYSREC_TEST_FLAVOUR set (tests/lib.sh then picks that oracle and
# exports SYSREC_COMPAT). SYSREC_TEST_FLAVOURS="12.7.5" (say) keeps only
# the named flavours of a test that names several. Prints each run's output
# under a heading, then one closing line "NAME: N passed, M failed" with
# the sums. Exits 77 (skip) only when every run skipped, else non-zero when
# any run failed.
set -u
t=$1
shift
name=$(basename "$t" .sh)
flavours=$(sed -n 's/^# flavours: //p' "$t" | head -1)
[ -n "$flavours" ] || flavours=12.6.1

passed=0 failed=0 ran=0 status=0
out=$(mktemp "${TMPDIR:-/tmp}/flavours.XXXXXX")
trap 'rm -f "$out"' EXIT
for f in $flavours; do
	# SYSREC_TEST_FLAVOURS narrows a test of several flavours, never to none.
	case "$flavours" in
	*" "*) case " ${SYSREC_TEST_FLAVOURS:-$f} " in *" $f "*) ;; *) continue ;; esac ;;
	esac
	echo "=== $name under sysstat $f"
	# Under both flavours, leaks are checked in the 12.7.5 run (tests/lib.sh).
	leaks=1
	case " $flavours " in *" 12.7.5 "*) [ "$f" = 12.6.1 ] && leaks=0 ;; esac
	t0=$SECONDS
	SYSREC_TEST_FLAVOUR=$f SYSREC_LEAK_CHECK=$leaks bash "$t" "$@" >"$out" 2>&1
	rc=$?
	cat "$out"
	echo "time ($f): $name $((SECONDS - t0)) s"
	case $rc in
	0) ran=$((ran + 1)) ;;
	77) echo "SKIP ($f): $name" ;;
	*) ran=$((ran + 1)); status=1; echo "FAIL ($f): $name exited $rc" ;;
	esac
	line=$(grep -E "^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed" "$out" | tail -1)
	if [ -n "$line" ]; then
		read -r p f_ < <(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\1 \2/')
		passed=$((passed + p))
		failed=$((failed + f_))
	fi
done
echo "$name: $passed passed, $failed failed"
[ "$status" -ne 0 ] && exit 1
[ "$ran" -eq 0 ] && exit 77
exit 0
