#!/bin/bash
# flavours: 12.6.1 12.7.5
# Faults while writing: a record is written whole or not at all. When a
# write fails half way (a full filesystem, a quota, an I/O error, the file
# size limit) or a -f sync fails, sadc keeps sysstat 12.6.1's message and
# exit status, cuts the file back to its last whole record and says so;
# a header that cannot be written whole leaves an empty file. After each
# fault the file is read to its end by our reader and by sysstat's sar, and
# the next run appends normally. A read-only file, a directory in place of
# the daily file and a file locked by another -L writer give sysstat's
# message and status, and nothing is written.
#
# Faults come from a real size-limited tmpfs (as root), from ulimit -f, and
# from tests/tools/fault_shim.so (LD_PRELOAD) at the first, a middle and
# the last byte of a record. Expected messages and statuses are those of
# Debian's sadc in the same situation (with the same shim), except where its
# behaviour is the bug being fixed (it leaves the torn record, and dies of
# SIGXFSZ past ulimit -f).
. "${top_srcdir:-.}/tests/lib.sh"

requires oracle
[ -x "$ORACLE_SADC" ] || skip "Debian's sadc ($ORACLE_SADC) is not installed"

SHIM="$top_builddir/tests/tools/fault_shim.so"
# An ASan sadc wants its runtime first in the list of libraries.
ASAN_RT=$(ldd "$SADC" 2>/dev/null | awk '/libasan/ { print $3; exit }')
PRELOAD="${ASAN_RT:+$ASAN_RT }$SHIM"
have_shim() {
	[ -r "$SHIM" ]
}
have_shim || echo "SKIP fault shim cases: $SHIM not built (make check builds it)"

# A fixture root when the shared corpus is there (the same bytes on every
# run), else this machine; always a fixed clock, ten seconds on per run, and
# -S XALL (partitions are collected only when asked for, even when appending,
# so it keeps every record the same length).
if have_shared && [ -d "$SHARED/corpus/upstream/roots/root1" ]; then
	SRC=(--root="$SHARED/corpus/upstream/roots/root1")
else
	echo "NOTE: shared fixture roots not found: sampling this machine"
	SRC=()
fi
T=1555593609

ours() {
	T=$((T + 10))
	"$SADC" "${SRC[@]}" --unix-time=$T -S XALL "$@"
}

# ours_faulty VAR=VALUE... -- ARGS: our sadc with the fault shim.
ours_faulty() {
	local envs=()
	while [ "$1" != -- ]; do
		envs+=("$1")
		shift
	done
	shift
	T=$((T + 10))
	env LD_PRELOAD="$PRELOAD" "${envs[@]}" "$SADC" "${SRC[@]}" --unix-time=$T -S XALL "$@"
}

size_of() {
	stat -c %s "$1"
}

records_of() {
	"$SA_WALK" "$1" | sed -n 's/.*: ok records=\([0-9]*\) .*/\1/p'
}

# FILE holds N whole records that our reader and sysstat's sar read to the end.
readable() {
	local f=$1 what=$2 n=$3 line
	line=$("$SA_WALK" "$f")
	case "$line" in
	*": ok records=$n "*"end=$(size_of "$f")") pass ;;
	*) fail "$what: our reader says '$line' (expected $n records)" ;;
	esac
	if "$ORACLE_SAR" -A -f "$f" >"$TMPD/sar.out" 2>"$TMPD/sar.err" && [ ! -s "$TMPD/sar.err" ]; then
		pass
	else
		fail "$what: sysstat's sar -A: $(head -2 "$TMPD/sar.err")"
	fi
}

# expect_fault BASE FILE SIZE RECS STATUS LINE CUT WHAT: the run captured in
# $TMPD/BASE.* ended with STATUS and sysstat's message LINE, then our note:
# CUT bytes removed (0: nothing was written, "any": either). FILE is SIZE
# bytes again and holds RECS readable records (no check for an empty file).
expect_fault() {
	local b=$TMPD/$1 f=$2 size=$3 recs=$4 rc=$5 line=$6 cut=$7 what=$8 l1 l2
	l1=$(sed -n 1p "$b.err")
	l2=$(sed -n 2p "$b.err")
	if [ "$(cat "$b.rc")" = "$rc" ] && [ "$l1" = "$line" ]; then
		pass
	else
		fail "$what: status $(cat "$b.rc"), '$l1' (expected $rc, '$line')"
	fi
	case "$cut:$l2" in
	"0:sadc: '$f' left at $size bytes: nothing of "*" was written" | \
		"any:sadc: '$f' left at $size bytes: nothing of "*" was written" | \
		"any:sadc: '$f' truncated back to $size bytes ("*" bytes of "*" removed)" | \
		"$cut:sadc: '$f' truncated back to $size bytes ($cut bytes of "*" removed)")
		pass ;;
	*) fail "$what: note '$l2' (expected $cut bytes cut back to $size)" ;;
	esac
	if [ "$(size_of "$f")" = "$size" ]; then pass; else fail "$what: size $(size_of "$f"), expected $size"; fi
	[ "$size" -gt 0 ] && readable "$f" "$what" "$recs"
}

# The next run without a fault appends one record to FILE.
appends_again() {
	local f=$1 recs=$2 what=$3
	if ours "$f" 1 1 2>"$TMPD/again.err"; then pass; else fail "$what, next run: $(cat "$TMPD/again.err")"; fi
	readable "$f" "$what, next run" $((recs + 1))
}

# A base file of one record, the length of a record, and of a header (the
# header size from sysstat's sadf -H and the sizes of doc/format.md §2.1-§2.3).
ours "$TMPD/base.sa" 1 1 || fail "base file"
cp "$TMPD/base.sa" "$TMPD/probe.sa"
ours "$TMPD/probe.sa" 1 1
REC=$(($(size_of "$TMPD/probe.sa") - $(size_of "$TMPD/base.sa")))
n_act=$("$ORACLE_SADF" -H "$TMPD/base.sa" | sed -n '/^List of activities:/,$p' | grep -c '^[0-9]')
HDR=$((76 + 336 + 36 * n_act))
BASE=$(size_of "$TMPD/base.sa")
RESTART=$((24 + 4))
COMMENT=$((24 + 64))
readable "$TMPD/base.sa" "base file" 1
[ "$REC" -gt 100 ] && [ "$HDR" -lt "$BASE" ] || fail "record length $REC, header $HDR, base $BASE"

# Debian's sadc, on a file of its own, with the same faults: the message and
# status to expect.
"$ORACLE_SADC" -S XALL "$TMPD/oracle.sa" 1 1
declare -A WANT_LINE WANT_RC
oracle_fault() {
	local key=$1
	shift
	cp "$TMPD/oracle.sa" "$TMPD/o.sa"
	env LD_PRELOAD="$SHIM" "$@" "$ORACLE_SADC" "$TMPD/o.sa" 1 1 >/dev/null 2>"$TMPD/o.err"
	WANT_RC[$key]=$?
	WANT_LINE[$key]=$(head -1 "$TMPD/o.err")
}

# --- the fault shim: EIO, EFBIG, EDQUOT at the first, a middle and the last byte
if have_shim; then
	for e in EIO EFBIG EDQUOT; do
		oracle_fault $e FAULT_WRITE_AFTER=100 FAULT_ERRNO=$e
		[ "${WANT_RC[$e]}" = 2 ] || fail "sysstat's sadc with $e: status ${WANT_RC[$e]}"
		# A statistics record, one-shot.
		for at in 0 $((REC / 2)) $((REC - 1)); do
			f=$TMPD/$e.sa
			cp "$TMPD/base.sa" "$f"
			run_capture "$TMPD/run" ours_faulty FAULT_WRITE_AFTER=$at FAULT_ERRNO=$e -- "$f" 1 1
			expect_fault run "$f" "$BASE" 1 2 "${WANT_LINE[$e]}" $at "$e at byte $at of a record"
		done
		appends_again "$f" 1 "$e"
		# Loop mode: the second record fails half way, the first stays.
		cp "$TMPD/base.sa" "$f"
		run_capture "$TMPD/run" ours_faulty FAULT_WRITE_AFTER=$((REC + REC / 2)) FAULT_ERRNO=$e \
			-- "$f" 1 3
		expect_fault run "$f" $((BASE + REC)) 2 2 "${WANT_LINE[$e]}" $((REC / 2)) "$e, loop mode"
		# The header of a new file: nothing of it stays.
		for at in 0 $((HDR / 2)) $((HDR - 1)); do
			f=$TMPD/new-$e.sa
			rm -f "$f"
			run_capture "$TMPD/run" ours_faulty FAULT_WRITE_AFTER=$at FAULT_ERRNO=$e -- \
				"$f" 1 1
			expect_fault run "$f" 0 0 2 "${WANT_LINE[$e]}" $at "$e at byte $at of a header"
		done
		# An empty file is started again.
		if ours "$f" 1 1 2>"$TMPD/again.err"; then pass; else fail "$e: $(cat "$TMPD/again.err")"; fi
		readable "$f" "$e, header, next run" 1
		# The first record of a new file, one-shot and in loop mode.
		rm -f "$f"
		run_capture "$TMPD/run" ours_faulty FAULT_WRITE_AFTER=$((HDR + REC / 2)) FAULT_ERRNO=$e -- \
			"$f" 1 1
		expect_fault run "$f" "$HDR" 0 2 "${WANT_LINE[$e]}" $((REC / 2)) "$e, first record"
		rm -f "$f"
		run_capture "$TMPD/run" ours_faulty FAULT_WRITE_AFTER=$((HDR + REC + 1)) FAULT_ERRNO=$e -- \
			"$f" 1 3
		expect_fault run "$f" "$BASE" 1 2 "${WANT_LINE[$e]}" 1 "$e, new file, loop mode"
	done

	# A restart and a comment record, at their first, middle and last byte.
	for at in 0 $((RESTART / 2)) $((RESTART - 1)); do
		cp "$TMPD/base.sa" "$TMPD/r.sa"
		run_capture "$TMPD/run" ours_faulty FAULT_WRITE_AFTER=$at FAULT_ERRNO=EIO -- "$TMPD/r.sa"
		expect_fault run "$TMPD/r.sa" "$BASE" 1 2 "${WANT_LINE[EIO]}" $at "restart record, byte $at"
	done
	for at in 0 $((COMMENT / 2)) $((COMMENT - 1)); do
		cp "$TMPD/base.sa" "$TMPD/c.sa"
		run_capture "$TMPD/run" ours_faulty FAULT_WRITE_AFTER=$at FAULT_ERRNO=EIO -- \
			-C "a comment" "$TMPD/c.sa"
		expect_fault run "$TMPD/c.sa" "$BASE" 1 2 "${WANT_LINE[EIO]}" $at "comment record, byte $at"
	done
	cp "$TMPD/oracle.sa" "$TMPD/o.sa"
	env LD_PRELOAD="$SHIM" FAULT_WRITE_AFTER=0 FAULT_ERRNO=EIO "$ORACLE_SADC" "$TMPD/o.sa" \
		2>"$TMPD/o.err"
	if [ $? = 2 ] && [ "$(cat "$TMPD/o.err")" = "${WANT_LINE[EIO]}" ]; then
		pass
	else
		fail "sysstat's sadc, restart record with EIO: $(cat "$TMPD/o.err")"
	fi

	# -f: a record that cannot be synced is cut off again; fdatasync's message, status 4.
	cp "$TMPD/oracle.sa" "$TMPD/o.sa"
	env LD_PRELOAD="$SHIM" FAULT_FSYNC=EIO "$ORACLE_SADC" -f "$TMPD/o.sa" 1 1 2>"$TMPD/o.err"
	WANT_RC[fsync]=$?
	WANT_LINE[fsync]=$(head -1 "$TMPD/o.err")
	[ "${WANT_RC[fsync]}" = 4 ] || fail "sysstat's sadc -f with EIO: status ${WANT_RC[fsync]}"
	cp "$TMPD/base.sa" "$TMPD/s.sa"
	run_capture "$TMPD/run" ours_faulty FAULT_FSYNC=EIO -- -f "$TMPD/s.sa" 1 1
	expect_fault run "$TMPD/s.sa" "$BASE" 1 4 "${WANT_LINE[fsync]}" "$REC" "-f, sync fails"
	appends_again "$TMPD/s.sa" 1 "-f, sync fails"
	cp "$TMPD/base.sa" "$TMPD/s.sa"
	run_capture "$TMPD/run" ours_faulty FAULT_FSYNC=EIO FAULT_FSYNC_AFTER=1 -- -f "$TMPD/s.sa" 1 3
	expect_fault run "$TMPD/s.sa" $((BASE + REC)) 2 4 "${WANT_LINE[fsync]}" "$REC" \
		"-f, loop mode, second sync fails"

	# The cut itself fails: said so; the next run cuts the torn record.
	cp "$TMPD/base.sa" "$TMPD/t.sa"
	run_capture "$TMPD/run" ours_faulty FAULT_WRITE_AFTER=$((REC / 2)) FAULT_ERRNO=EIO \
		FAULT_FTRUNCATE=EIO -- "$TMPD/t.sa" 1 1
	if [ "$(cat "$TMPD/run.rc")" = 2 ] && [ "$(sed -n 1p "$TMPD/run.err")" = "${WANT_LINE[EIO]}" ] &&
		[ "$(sed -n 2p "$TMPD/run.err")" = \
			"sadc: cannot truncate '$TMPD/t.sa' back to $BASE bytes: Input/output error" ]; then
		pass
	else
		fail "failed cut: status $(cat "$TMPD/run.rc"), $(cat "$TMPD/run.err")"
	fi
	ours "$TMPD/t.sa" 1 1 2>"$TMPD/again.err"
	if grep -q "ended with $((REC / 2)) bytes of a torn record" "$TMPD/again.err"; then
		pass
	else
		fail "failed cut, next run: $(cat "$TMPD/again.err")"
	fi
	readable "$TMPD/t.sa" "failed cut, next run" 2

	# Midnight: the new day's header fails; a sync fails at the switch.
	midnight=$(date -d '2019-04-18 23:59:59' +%s)
	mkdir "$TMPD/day" "$TMPD/dayref" "$TMPD/daysync"
	"$SADC" "${SRC[@]}" --unix-time="$midnight" -S XALL 1 3 "$TMPD/dayref" 2>"$TMPD/err"
	readable "$TMPD/dayref/sa18" "reference day, old file" 2
	readable "$TMPD/dayref/sa19" "reference day, new file" 2
	old=$(size_of "$TMPD/dayref/sa18")
	run_capture "$TMPD/run" env LD_PRELOAD="$PRELOAD" FAULT_WRITE_AFTER=$((old + HDR / 2)) \
		FAULT_ERRNO=ENOSPC "$SADC" "${SRC[@]}" --unix-time="$midnight" -S XALL 1 3 "$TMPD/day"
	expect_fault run "$TMPD/day/sa19" 0 0 2 "Cannot write data to system activity file: No space left on device" \
		$((HDR / 2)) "midnight, new header"
	readable "$TMPD/day/sa18" "midnight, new header, old file" 2
	run_capture "$TMPD/run" env LD_PRELOAD="$PRELOAD" FAULT_FSYNC=EIO \
		"$SADC" "${SRC[@]}" --unix-time="$midnight" -S XALL 1 3 "$TMPD/daysync"
	expect_fault run "$TMPD/daysync/sa18" $((old - REC)) 1 4 "${WANT_LINE[fsync]}" "$REC" \
		"midnight, sync fails"
	[ -e "$TMPD/daysync/sa19" ] && fail "midnight, sync fails: the new file was started"
	# With -f every record was synced already: the one failing sync cuts nothing.
	rm -rf "$TMPD/daysync" && mkdir "$TMPD/daysync"
	run_capture "$TMPD/run" env LD_PRELOAD="$PRELOAD" FAULT_FSYNC=EIO FAULT_FSYNC_AFTER=2 \
		"$SADC" "${SRC[@]}" --unix-time="$midnight" -S XALL -f 1 3 "$TMPD/daysync"
	if [ "$(cat "$TMPD/run.rc")" = 4 ] && [ "$(cat "$TMPD/run.err")" = "${WANT_LINE[fsync]}" ]; then
		pass
	else
		fail "midnight, -f, synced records: status $(cat "$TMPD/run.rc"), $(cat "$TMPD/run.err")"
	fi
	readable "$TMPD/daysync/sa18" "midnight, -f, synced records" 2
fi

# --- EFBIG for real: ulimit -f (sadc ignores SIGXFSZ rather than die mid-record)
efbig_line="Cannot write data to system activity file: File too large"
f=$TMPD/limit.sa
cp "$TMPD/base.sa" "$f"
[ $(((BASE + REC / 2) / 1024 * 1024)) -gt "$BASE" ] || fail "records too short for a ulimit -f case"
run_capture "$TMPD/run" bash -c 'ulimit -f $1 && shift && exec "$@"' sh $(((BASE + REC / 2) / 1024)) \
	"$SADC" "${SRC[@]}" --unix-time=$((T += 10)) -S XALL "$f" 1 1
expect_fault run "$f" "$BASE" 1 2 "$efbig_line" any "ulimit -f"
appends_again "$f" 1 "ulimit -f"
cp "$TMPD/base.sa" "$f"
run_capture "$TMPD/run" bash -c 'ulimit -f $1 && shift && exec "$@"' sh \
	$(((BASE + REC + REC / 2) / 1024)) "$SADC" "${SRC[@]}" --unix-time=$((T += 10)) -S XALL "$f" 1 3
expect_fault run "$f" $((BASE + REC)) 2 2 "$efbig_line" any "ulimit -f, loop mode"
# For the record: sysstat's sadc is killed by SIGXFSZ there, leaving the torn record.
cp "$TMPD/oracle.sa" "$TMPD/o.sa"
run_capture "$TMPD/o" bash -c 'ulimit -f $1 && "$2" "$3" 1 1; exit $?' sh \
	$((($(size_of "$TMPD/o.sa") + 2048) / 1024)) "$ORACLE_SADC" "$TMPD/o.sa"
echo "NOTE: sysstat's sadc past ulimit -f: status $(cat "$TMPD/o.rc")" \
	"(128 + SIGXFSZ = $((128 + $(kill -l XFSZ)))), file readable: $("$SA_WALK" "$TMPD/o.sa")"

# --- a real full filesystem (root only)
MNT=$TMPD/mnt
mkdir "$MNT"
if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP full filesystem: not root"
elif ! mount -t tmpfs -o size=512k,mode=0755 sysrec-faults "$MNT" 2>"$TMPD/err"; then
	echo "SKIP full filesystem: mount failed: $(cat "$TMPD/err")"
else
	trap 'umount "$MNT" 2>/dev/null; rm -rf "$TMPD"' EXIT
	page=$(getconf PAGESIZE)
	f=$MNT/full.sa
	cp "$TMPD/base.sa" "$f"
	# Room for a record or two, kept aside for the loop-mode case.
	dd if=/dev/zero of="$MNT/spare" bs="$page" count=$((REC / page + 2)) 2>/dev/null
	dd if=/dev/zero of="$MNT/fill" bs="$page" 2>/dev/null
	[ "$(stat -f -c %a "$MNT")" = 0 ] || fail "the tmpfs is not full: $(stat -f -c %a "$MNT") blocks free"
	# Debian's sadc: a new file's header does not fit.
	"$ORACLE_SADC" -S XALL "$MNT/o.sa" 1 1 2>"$TMPD/o.err"
	want_rc=$?
	want_line=$(head -1 "$TMPD/o.err")
	[ "$want_rc" = 2 ] || fail "sysstat's sadc on a full filesystem: status $want_rc"
	case "$want_line" in
	*"No space left on device") pass ;;
	*) fail "sysstat's sadc on a full filesystem: '$want_line'" ;;
	esac
	rm -f "$MNT/o.sa"
	# Ours: records go in while they fit in the file's last page, then one does not.
	recs=1
	for i in 1 2 3 4 5 6; do
		before=$(size_of "$f")
		run_capture "$TMPD/run" ours "$f" 1 1
		[ "$(cat "$TMPD/run.rc")" = 0 ] || break
		recs=$((recs + 1))
	done
	expect_fault run "$f" "$before" $recs "$want_rc" "$want_line" any "full filesystem"
	run_capture "$TMPD/run" ours "$f" 1 3
	expect_fault run "$f" "$before" $recs "$want_rc" "$want_line" any "full filesystem, loop mode"
	run_capture "$TMPD/run" ours "$MNT/new.sa" 1 1
	expect_fault run "$MNT/new.sa" 0 0 "$want_rc" "$want_line" 0 "full filesystem, new file"
	# Room for at least one record: the loop writes until the filesystem is full again.
	rm "$MNT/spare"
	run_capture "$TMPD/run" ours "$f" 1 20
	got=$(records_of "$f")
	if [ "$(cat "$TMPD/run.rc")" = 2 ] && [ "${got:-0}" -gt "$recs" ]; then
		pass
		recs=$got
	else
		fail "full filesystem, loop mode with room: status $(cat "$TMPD/run.rc"), records ${got:-?}"
	fi
	expect_fault run "$f" "$(size_of "$f")" $recs 2 "$want_line" any "full filesystem, loop mode with room"
	# Space again: the next runs append, and start the new file.
	rm "$MNT/fill"
	appends_again "$f" $recs "full filesystem"
	if ours "$MNT/new.sa" 1 1 2>"$TMPD/err"; then pass; else fail "new file after: $(cat "$TMPD/err")"; fi
	readable "$MNT/new.sa" "full filesystem, new file, next run" 1
	# A read-only filesystem: sysstat's message and status, ours the same.
	mount -o remount,ro "$MNT"
	for args in "$f 1 1" "$f 1 2" "$f" "$MNT/ro-new.sa 1 1"; do
		before=$(size_of "$f")
		# shellcheck disable=SC2086
		run_capture "$TMPD/o" "$ORACLE_SADC" $args
		# shellcheck disable=SC2086
		run_capture "$TMPD/run" ours $args
		if same_capture "$TMPD/o" "$TMPD/run"; then pass; else
			fail "read-only filesystem, sadc $args:"
			show_diff "$TMPD/o" "$TMPD/run"
		fi
		[ "$(size_of "$f")" = "$before" ] || fail "read-only filesystem, sadc $args: size changed"
	done
	umount "$MNT"
fi

# --- a read-only daily file, a file in a directory we cannot write to
f=$TMPD/ro.sa
cp "$TMPD/base.sa" "$f"
chmod 0444 "$f"
mkdir "$TMPD/rodir"
chmod 0555 "$TMPD/rodir"
as_user=()
if [ "$(id -u)" -eq 0 ]; then
	if command -v setpriv >/dev/null; then
		as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
		chmod 0711 "$TMPD"
	else
		echo "SKIP read-only file: root and no setpriv to drop privileges"
	fi
fi
if [ "$(id -u)" -ne 0 ] || [ ${#as_user[@]} -gt 0 ]; then
	for args in "$f 1 1" "$f 1 2" "$f" "-C comment $f" "$TMPD/rodir/new.sa 1 1"; do
		# shellcheck disable=SC2086
		run_capture "$TMPD/o" "${as_user[@]}" "$ORACLE_SADC" $args
		# shellcheck disable=SC2086
		run_capture "$TMPD/run" "${as_user[@]}" "$SADC" "${SRC[@]}" --unix-time=$((T += 10)) $args
		if same_capture "$TMPD/o" "$TMPD/run" && grep -q "Permission denied" "$TMPD/run.err"; then
			pass
		else
			fail "read-only, sadc $args:"
			show_diff "$TMPD/o" "$TMPD/run"
		fi
	done
	if cmp -s "$f" "$TMPD/base.sa" && [ ! -e "$TMPD/rodir/new.sa" ]; then pass; else
		fail "read-only: something was written"
	fi
	chmod 0700 "$TMPD"
fi

# --- a directory in place of today's daily file (both sadcs on this machine's clock)
mkdir -p "$TMPD/daily/sa$(date +%d)"
for args in "1 1" "1 2" "" "-C comment"; do
	# shellcheck disable=SC2086
	run_capture "$TMPD/o" "$ORACLE_SADC" $args "$TMPD/daily"
	# shellcheck disable=SC2086
	run_capture "$TMPD/run" "$SADC" $args "$TMPD/daily"
	if same_capture "$TMPD/o" "$TMPD/run" && grep -q "Is a directory" "$TMPD/run.err"; then pass; else
		fail "directory as the daily file, sadc $args:"
		show_diff "$TMPD/o" "$TMPD/run"
	fi
done
[ "$(ls "$TMPD/daily")" = "sa$(date +%d)" ] || fail "directory as the daily file: $(ls "$TMPD/daily")"
# ... and in place of tomorrow's, met at midnight: the old day's file stays whole.
midnight=$(date -d '2019-04-18 23:59:59' +%s)
mkdir -p "$TMPD/rot/sa19"
run_capture "$TMPD/run" "$SADC" "${SRC[@]}" --unix-time="$midnight" -S XALL 1 3 "$TMPD/rot"
if [ "$(cat "$TMPD/run.rc")" = 2 ] &&
	[ "$(cat "$TMPD/run.err")" = "Cannot open $TMPD/rot/sa19: Is a directory" ]; then
	pass
else
	fail "directory at midnight: status $(cat "$TMPD/run.rc"), $(cat "$TMPD/run.err")"
fi
readable "$TMPD/rot/sa18" "directory at midnight, old file" 2

# --- a file locked by another -L writer (held here on fd 9, as flock(1) does)
cp "$TMPD/oracle.sa" "$TMPD/lo.sa"
cp "$TMPD/base.sa" "$TMPD/l.sa"
: >"$TMPD/lo-new.sa"
: >"$TMPD/l-new.sa"
exec 9>>"$TMPD/lo.sa" 8>>"$TMPD/l.sa" 7>>"$TMPD/lo-new.sa" 6>>"$TMPD/l-new.sa"
flock -n 9 && flock -n 8 && flock -n 7 && flock -n 6 || fail "cannot take the locks"
lock_line="flock: Resource temporarily unavailable"
lock_cases=("-S XALL @.sa 1 1" "-S XALL @.sa 1 2" "@.sa" "-C comment @.sa" "-S XALL @-new.sa 1 1")
for args in "${lock_cases[@]}"; do
	# shellcheck disable=SC2086
	run_capture "$TMPD/o" "$ORACLE_SADC" -L ${args//@/$TMPD/lo}
	# shellcheck disable=SC2086
	run_capture "$TMPD/run" ours -L ${args//@/$TMPD/l}
	# sysstat's message and status; then ours names the file.
	grep -v "^sadc: '.*' is locked by another writer (-L)" "$TMPD/run.err" >"$TMPD/run.err1"
	o_rc=$(cat "$TMPD/o.rc")
	if [ "$o_rc" = "$(cat "$TMPD/run.rc")" ] && cmp -s "$TMPD/o.err" "$TMPD/run.err1"; then
		pass
	else
		fail "locked file, sadc -L $args: status $(cat "$TMPD/run.rc"), $(head -1 "$TMPD/run.err")" \
			"(sysstat: $o_rc, $(head -1 "$TMPD/o.err"))"
	fi
	case "$o_rc:$(tail -1 "$TMPD/run.err")" in
	"1:sadc: '$TMPD/l"*"' is locked by another writer (-L)") pass ;;
	"0:sadc: '$TMPD/l.sa' is locked by another writer (-L): sample skipped") pass ;;
	*) fail "locked file, sadc -L $args: $(cat "$TMPD/run.err")" ;;
	esac
done
if cmp -s "$TMPD/l.sa" "$TMPD/base.sa" && cmp -s "$TMPD/lo.sa" "$TMPD/oracle.sa" &&
	[ ! -s "$TMPD/l-new.sa" ] && [ ! -s "$TMPD/lo-new.sa" ]; then
	pass
else
	fail "locked file: something was written"
fi
exec 9>&- 8>&- 7>&- 6>&-
# Held by a second sadc in loop mode (on the real clock): a restart record
# cannot be written meanwhile; the loop's file stays whole.
rm -f "$TMPD/l2.sa"
"$SADC" "${SRC[@]}" -L -S XALL "$TMPD/l2.sa" 1 3 2>"$TMPD/l2.err" &
pid=$!
for i in $(seq 50); do
	[ -s "$TMPD/l2.sa" ] && break
	sleep 0.1
done
run_capture "$TMPD/run" "$SADC" "${SRC[@]}" -L "$TMPD/l2.sa"
wait $pid || fail "the sadc loop holding the lock: $(cat "$TMPD/l2.err")"
if [ "$(cat "$TMPD/run.rc")" = 1 ] && [ "$(head -1 "$TMPD/run.err")" = "$lock_line" ]; then pass; else
	fail "locked by a sadc loop: status $(cat "$TMPD/run.rc"), $(cat "$TMPD/run.err")"
fi
readable "$TMPD/l2.sa" "locked by a sadc loop" 3
finish
