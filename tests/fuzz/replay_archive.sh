#!/bin/bash
# Replays every saved fuzzer input (tests/fuzz/corpus/archive) through the
# reader's fuzz target, built as a plain program, in every test run. With the
# shared corpus at hand its archives are replayed too.
. "${top_srcdir:-.}/tests/lib.sh"

REPLAY="$top_builddir/tests/fuzz/replay_archive"
dirs=("$top_srcdir/tests/fuzz/corpus/archive")
if have_shared; then
	dirs+=("$SHARED/corpus/upstream/files" "$SHARED/corpus/upstream/generated" "$SHARED/corpus/live")
else
	echo "SKIP shared corpus: $SHARED not found; replaying the saved inputs only"
fi
for d in "${dirs[@]}"; do
	if out=$("$REPLAY" "$d" 2>&1); then
		echo "$d: $out"
		pass
	else
		fail "$d: $out"
	fi
done
finish
