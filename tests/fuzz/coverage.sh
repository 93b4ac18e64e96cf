#!/bin/bash
# Line coverage of common/, sar/, sadf/ and sadc/ reached by the saved fuzz corpora:
# builds the replay drivers with clang's source-based coverage in a scratch
# directory, replays every corpus with every argument set, and prints
# llvm-cov's summary per directory.
#
#   tests/fuzz/coverage.sh [BUILD_DIR]    (default: build-cov)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build-cov}
command -v clang >/dev/null && command -v llvm-cov >/dev/null && command -v llvm-profdata >/dev/null ||
	{ echo "coverage.sh: needs clang, llvm-cov and llvm-profdata" >&2; exit 2; }
mkdir -p "$build"
cd "$build"
if [ ! -f Makefile ]; then
	"$top/configure" CC=clang CFLAGS="-O1 -g -fprofile-instr-generate -fcoverage-mapping" \
		LDFLAGS="-fprofile-instr-generate" >/dev/null
fi
make -j"$(nproc)" tests/fuzz/replay_archive tests/fuzz/replay_sar tests/fuzz/replay_sadf \
	tests/fuzz/replay_procfs tests/fuzz/replay_append >/dev/null
rm -f ./*.profraw
export FUZZ_ALL_SETS=1 TZ=UTC LC_ALL=C
for t in archive sar sadf procfs append; do
	LLVM_PROFILE_FILE="$build/$t.profraw" "tests/fuzz/replay_$t" "$top/tests/fuzz/corpus/$t" \
		>/dev/null 2>&1 || { echo "coverage.sh: replay_$t failed" >&2; exit 1; }
done
llvm-profdata merge -o corpora.profdata ./*.profraw
llvm-cov report tests/fuzz/replay_sadf -object tests/fuzz/replay_sar \
	-object tests/fuzz/replay_archive -object tests/fuzz/replay_procfs \
	-object tests/fuzz/replay_append -instr-profile=corpora.profdata \
	"$top/common" "$top/sar" "$top/sadf" "$top/sadc" >coverage.txt
# Per directory: the sum of the per-file line counts.
awk -v top="$top/" '
	$1 ~ /\.c$/ {
		f = $1; sub(top, "", f); d = f; sub("/.*", "", d)
		# Columns: Regions Missed Cover Functions Missed Executed Lines Missed Cover ...
		lines[d] += $8; missed[d] += $9
	}
	END {
		for (d in lines)
			printf "%-10s lines %6d, covered %6d (%.1f%%)\n", d, lines[d], lines[d] - missed[d],
				100 * (lines[d] - missed[d]) / lines[d]
	}' coverage.txt | sort
tail -1 coverage.txt | awk '{ printf "total      lines %6d, covered %6d (%s)\n", $8, $8 - $9, $10 }'
