#!/bin/bash
# Adds up the results of a `make check` run in build directory $1 (default .):
# the checks counted inside each test program or script, and the tests that
# automake skipped. Prints one closing line "sysrec: N passed, M failed, K skipped"
# and exits non-zero when anything failed or no test ran.
set -u
dir=${1:-.}
passed=0 failed=0 skipped=0 n_logs=0

for trs in $(find "$dir/tests" -name '*.trs' | sort); do
	log=${trs%.trs}.log
	n_logs=$((n_logs + 1))
	result=$(sed -n 's/^:test-result: //p' "$trs")
	case "$result" in
	SKIP) skipped=$((skipped + 1)); continue ;;
	esac
	# Check (libcheck): "100%: Checks: 16, Failures: 0, Errors: 0"
	line=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' "$log" | tail -1)
	if [ -n "$line" ]; then
		set -- $(echo "$line" | sed -E 's/.*Checks: ([0-9]+), Failures: ([0-9]+), Errors: ([0-9]+).*/\1 \2 \3/')
		passed=$((passed + $1 - $2 - $3))
		failed=$((failed + $2 + $3))
	fi
	# Shell tests: "name: N passed, M failed"
	line=$(grep -E '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
	if [ -n "$line" ]; then
		set -- $(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\1 \2/')
		passed=$((passed + $1))
		failed=$((failed + $2))
	fi
	if [ "$result" != PASS ] && [ "$result" != XFAIL ]; then
		echo "test failed: ${trs%.trs} ($result)"
		failed=$((failed + 1))
	fi
done

echo "sysrec: $passed passed, $failed failed, $skipped skipped"
[ "$n_logs" -gt 0 ] && [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
