#!/bin/bash
# flavours: 12.6.1 12.7.5
# sar --use and sadf -j FILE -- --use on synthetic archives (tests/tools/use_make) whose
# numbers put each resource just below or just above each default limit: the verdicts,
# the episodes (start, end, seconds), the average, peak and peak time of the metrics that
# cross, the suspects and what cannot be judged, against values worked out by hand (in
# tests/tools/use_check.py, which runs the checks) from the numbers each archive is made
# of, by the rules sar(1) and sadf(1) give for --use.
# The inputs themselves are checked first against the oracle's sar (the same columns).
# JSON is checked under TZ=UTC and TZ=GMT+12 (its times are UTC either way), the text
# report's times in the local time of each.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
USE_MAKE="$top_builddir/tests/tools/use_make"
python3 -c 'import json' 2>/dev/null || missing "python3 not found"
requires oracle ioconf "$SAR" "$SADF" "$USE_MAKE"
if [ "${SYSREC_USE_INPUTS_ONLY:-0}" != 1 ]; then
	"$SAR" --use -f /dev/null >"$TMPD/probe" 2>&1
	grep -q "^Usage:" "$TMPD/probe" && skip "this sar has no --use"
fi

export SAR SADF USE_MAKE ORACLE_SAR TMPD FLAVOUR
# The checks themselves, in Python (tests/tools/use_check.py).
python3 "$top_srcdir/tests/tools/use_check.py"
status=$?
exit $status
