#!/bin/bash
# Replays every saved fuzzer input through its target, built as a plain
# program, in every test run: tests/fuzz/corpus/archive through the reader,
# tests/fuzz/corpus/sar through sar, tests/fuzz/corpus/sadf through sadf
# (each saved input with its own argument set under both flavours and the
# three sets after it, FUZZ_SETS=4; the shared corpus's archives with every
# set, FUZZ_ALL_SETS=1) and
# tests/fuzz/corpus/procfs through sadc's /proc and /sys parsers and
# tests/fuzz/corpus/append through sadc's append check and record walk,
# tests/fuzz/corpus/http through the live endpoint's request parser,
# tests/fuzz/corpus/procpid through sadc's /proc/PID parsers,
# tests/fuzz/corpus/cgroup through sadc's cgroup v2 parsers,
# tests/fuzz/corpus/convert through the converter of old files,
# tests/fuzz/corpus/history through the stitching of windows across days. With
# the shared corpus at hand its archives go through all but procfs, http,
# procpid, cgroup and history (whose inputs are several files).
. "${top_srcdir:-.}/tests/lib.sh"

shared_dirs=()
if have_shared; then
	shared_dirs=("$SHARED/corpus/upstream/files" "$SHARED/corpus/upstream/generated"
		"$SHARED/corpus/live")
else
	echo "SKIP shared corpus: $SHARED not found; replaying the saved inputs only"
fi
# The live tools' parsers (live/*.mk): tests/fuzz/corpus/live_NAME through
# tests/fuzz/replay_live_NAME, over their own inputs only.
live_targets=()
for d in "$top_srcdir"/tests/fuzz/corpus/live_*; do
	[ -d "$d" ] && live_targets+=("$(basename "$d")")
done
for target in archive sar sadf procfs append http procpid cgroup convert history \
	"${live_targets[@]}"; do
	replay="$top_builddir/tests/fuzz/replay_$target"
	dirs=("$top_srcdir/tests/fuzz/corpus/$target")
	case $target in procfs | http | procpid | cgroup | history | live_*) ;;
	*) dirs+=("${shared_dirs[@]}") ;;
	esac
	for d in "${dirs[@]}"; do
		[ -d "$d" ] || { fail "$target: no corpus at $d"; continue; }
		case $d in
		"$top_srcdir"/tests/fuzz/corpus/*) sets=(FUZZ_SETS=4) ;;
		*) sets=(FUZZ_ALL_SETS=1) ;;
		esac
		if out=$(env "${sets[@]}" "$replay" "$d" 2>"$TMPD/replay.err"); then
			echo "$target: $d: $out"
			pass
		else
			fail "$target: $d: $out"
			tail -40 "$TMPD/replay.err"
		fi
	done
done
finish
