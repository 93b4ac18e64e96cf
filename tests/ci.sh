#!/bin/bash
# The README's test command: installs the build and test dependencies
# (scripts/deps.sh's two lists, when run as root on Debian), builds with
# the developer warnings and the sanitizers, runs every test, then checks
# that the release tarball builds and passes its own tests. Run from the
# top of a checkout.
set -eu
cd "$(dirname "$0")/.."

# shellcheck source=scripts/deps.sh
. scripts/deps.sh
# shellcheck disable=SC2086 # lists of words
deps_install $deps_build $deps_test
if deps_can_install; then
	# The locales of the differential tests with a decimal comma and translations.
	for l in de_DE fr_FR en_US; do
		locale -a 2>/dev/null | grep -qi "^$l.utf-\?8$" || localedef -i $l -c -f UTF-8 $l.UTF-8
	done
fi

# The 12.7.5 oracle (Debian 13's package, unpacked, never installed): fetched
# once here so that the tests' first run does not race for it.
tests/tools/oracle_1275.sh || echo "SKIP: the sysstat 12.7.5 oracle cannot be had; its differential runs will skip"

jobs=$(nproc 2>/dev/null || echo 2)
autoreconf -fi >/dev/null 2>&1
# Automake's warnings are errors here; configure.ac leaves them warnings for
# packagers, whose automake may be newer than ours.
automake -Wall -Werror

# 1. Developer build: -Werror, ASan + UBSan; every test.
rm -rf build-ci && mkdir build-ci
(cd build-ci && ../configure --enable-developer --enable-sanitizers >/dev/null)
status=0
t_phase=$SECONDS
TZ=UTC LC_ALL=C make -C build-ci -j"$jobs" check >build-ci/check.out 2>&1 || status=$?
echo "time: make check $((SECONDS - t_phase)) s"
grep -E '^(PASS|FAIL|SKIP|XFAIL|XPASS|ERROR):|^# ' build-ci/check.out || true
if [ "$status" -ne 0 ]; then
	tail -60 build-ci/check.out
	tail -100 build-ci/test-suite.log 2>/dev/null || true
fi

# 4 (started here, checked at the end). The release tarball builds, installs
# and passes a few tests (step 1 ran them all on the same sources); every
# file of the checkout but the repository's own must be in it. It runs
# beside steps 2 and 3, whose tests spend much of their time waiting.
quick_tests="tests/fuzz/replay_corpora.sh tests/e2e/install_sa.sh tests/e2e/man_pages.sh \
tests/e2e/sadf_header_diff.sh tests/unit/test_archive"
(SYSREC_QUICK=1 SYSREC_TEST_FLAVOURS=12.7.5 make -C build-ci distcheck TESTS="$quick_tests" \
	>build-ci/distcheck.out 2>&1
echo $? >build-ci/distcheck.rc) &
distcheck_pid=$!

# 2. The time-sensitive tests again under a far-off time zone, as many at once
# as there are CPUs (each writes its own output; they are reported in order).
gmt12_tests="tests/e2e/corruption.sh tests/e2e/sadc_cli.sh tests/unit/test_archive
	tests/e2e/install_sa.sh tests/e2e/systemd_units.sh tests/e2e/sadc_notify.sh
	tests/e2e/sadc_faults.sh tests/e2e/follow.sh tests/e2e/history_window.sh
	tests/e2e/compressed.sh tests/e2e/sar_anomalies.sh tests/e2e/sadf_anomalies.sh
	tests/e2e/iostat_basic.sh tests/e2e/mpstat_basic.sh tests/e2e/pidstat_basic.sh
	tests/e2e/iostat_history.sh tests/e2e/mpstat_history.sh tests/e2e/pidstat_history.sh"
gmt12() {
	local t=$1 out
	out=build-ci/gmt12-$(basename "$t").out
	# Under one flavour: the time handling of both is the same code, and
	# step 1 ran every flavour. The layout tests under the build's flavour
	# (the other one needs a build of its own), the others under 12.6.1.
	case "$t" in
	*/install_sa.sh | */systemd_units.sh) cmd=(env SYSREC_TEST_FLAVOURS=12.7.5 bash tests/flavours.sh "$t") ;;
	# The live tools' samples ran in step 1: a third of each
	# is enough for the dates and times of the other zone.
	*/iostat_basic.sh | */mpstat_basic.sh | */pidstat_basic.sh | */*_history.sh)
		cmd=(env SYSREC_TEST_FLAVOURS=12.6.1 SYSREC_THIN=3 bash tests/flavours.sh "$t") ;;
	*.sh) cmd=(env SYSREC_TEST_FLAVOURS=12.6.1 bash tests/flavours.sh "$t") ;;
	*) cmd=("build-ci/$t") ;;
	esac
	# Under set -e a failing (or skipping, 77) suite would end this subshell
	# before its status is written: the status is taken, not tripped over.
	local rc=0
	TZ=GMT+12 top_srcdir="$PWD" top_builddir="$PWD/build-ci" "${cmd[@]}" >"$out" 2>&1 || rc=$?
	echo "$rc" >"$out.rc"
}
gmt12_pids=()
gmt12_running() {
	local p n=0
	for p in "${gmt12_pids[@]}"; do kill -0 "$p" 2>/dev/null && n=$((n + 1)); done
	echo "$n"
}
t_phase=$SECONDS
for t in $gmt12_tests; do
	while [ "$(gmt12_running)" -ge "$jobs" ]; do wait -n || true; done
	gmt12 "$t" &
	gmt12_pids+=($!)
done
wait "${gmt12_pids[@]}" || true
echo "time: TZ=GMT+12 $((SECONDS - t_phase)) s"
for t in $gmt12_tests; do
	out=build-ci/gmt12-$(basename "$t").out
	rc=$(cat "$out.rc" 2>/dev/null || echo missing)
	if [ "$rc" = 0 ]; then
		echo "TZ=GMT+12: $t: $(tail -1 "$out")"
	elif [ "$rc" = 77 ]; then
		# Automake's skip: a suite without what it needs (../shared),
		# which says so on its last line, as step 1 reported.
		echo "TZ=GMT+12: $t: skipped: $(tail -1 "$out")"
	else
		status=1
		echo "TZ=GMT+12: $t failed"
		tail -30 "$out"
	fi
done

# 3. The fuzz targets build under clang with libFuzzer, the library and the
# programs' code instrumented, and replay their saved corpora.
t_phase=$SECONDS
if command -v clang >/dev/null; then
	rm -rf build-fuzz && mkdir build-fuzz
	(cd build-fuzz && ../configure CC=clang --enable-fuzzers --enable-sanitizers >/dev/null)
	# The live tools' targets: one per tests/fuzz/corpus/live_NAME.
	fuzz_targets="archive sar sadf procfs append http procpid cgroup convert history"
	for d in tests/fuzz/corpus/live_*; do
		[ -d "$d" ] && fuzz_targets="$fuzz_targets $(basename "$d")"
	done
	# shellcheck disable=SC2046 # a list of words
	make -C build-fuzz -j"$jobs" $(printf 'tests/fuzz/fuzz_%s ' $fuzz_targets) >/dev/null
	for t in $fuzz_targets; do
		if build-fuzz/tests/fuzz/fuzz_$t -runs=0 -close_fd_mask=2 tests/fuzz/corpus/$t \
			>build-fuzz/replay-$t.out 2>&1; then
			echo "fuzz_$t: $(grep -E '^#[0-9]+[[:space:]]+DONE' build-fuzz/replay-$t.out | tail -1)"
		else
			status=1
			echo "fuzz_$t: replay failed"
			tail -30 build-fuzz/replay-$t.out
		fi
	done
fi

echo "time: fuzz build and replay $((SECONDS - t_phase)) s"

# 4. The release tarball (started before step 2).
t_phase=$SECONDS
wait "$distcheck_pid" || true
echo "time: waiting for distcheck $((SECONDS - t_phase)) s"
if [ "$(cat build-ci/distcheck.rc 2>/dev/null)" != 0 ]; then
	status=1
	tail -40 build-ci/distcheck.out
fi
if command -v git >/dev/null && [ -d .git ]; then
	tarball=$(ls build-ci/sysrec-*.tar.gz 2>/dev/null | head -1)
	if [ -n "$tarball" ]; then
		tar tzf "$tarball" | sed 's|^[^/]*/||' | sort >build-ci/dist.list
		missing=$(git ls-files | grep -v -e '^\.gitignore$' -e '^\.ci/' | sort |
			comm -23 - build-ci/dist.list)
		if [ -n "$missing" ]; then
			status=1
			echo "not in the release tarball:"
			echo "$missing"
		else
			echo "release tarball: every tracked file is in it"
		fi
	fi
fi

# Where the time went: the slowest test runs of step 1 (tests/flavours.sh).
echo "slowest tests of make check:"
find build-ci/tests -name '*.log' -exec grep -h '^time (' {} + | sort -t' ' -k4,4nr | head -12 | sed 's/^/  /'
echo "time: ci.sh $SECONDS s"
bash tests/summary.sh build-ci || status=1
exit "$status"
