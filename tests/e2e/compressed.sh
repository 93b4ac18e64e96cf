#!/bin/bash
# flavours: 12.6.1 12.7.5
# Compressed daily files, read as they are: a day's file written by our sadc (fixed
# clock, every activity, a comment) is compressed by sa2 with ZIP set to
# gzip, xz, bzip2 and zstd in turn; sar -A and sadf -d / -j on the
# compressed file print the bytes they print on the plain file, which are
# the bytes Debian's sar prints on it. sa2 replaces the file by the
# compressed one and removes old files of all four suffixes. A file named
# .xz holding gzip data is read by its magic; the daily file of a directory
# is the plain one, else .gz, .xz, .bz2, .zst in that order. Cut short or
# damaged, each format gives "Cannot read FILE: truncated FMT data: ..." or
# "...: corrupt FMT data: ..." and exit status 2 from sar -A, sadf -d and
# sadf -j, never a crash (the build runs under ASan and UBSan). The
# libraries are not linked: a file that needs a missing one says so. A day
# read alone does not cost memory by its size: its decoded bytes past 1 MiB
# wait for sar's next pass in an unnamed file.
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$top_builddir/sar/sar"
SA2="$top_builddir/sadc/sa2"
[ -r "$SA2" ] || missing "$SA2 not built"
for z in gzip xz bzip2 zstd; do
	command -v "$z" >/dev/null || missing "$z not installed (Debian: ${z/xz/xz-utils})"
done
requires oracle "$SAR" "$SADF" "$SADC"

at() { date -d "$1" +%s; }

# The day's file: a restart, three samples a minute apart and a comment (sadc's fixed clock).
PLAIN=$TMPD/plain/sa20
mkdir -p "$TMPD/plain"
"$SADC" --unix-time="$(at '2026-11-20 10:00:00')" -S XALL 60 3 "$PLAIN" &&
	"$SADC" --unix-time="$(at '2026-11-20 10:03:00')" -C "compressed test" "$PLAIN" ||
	fail "sadc could not write $PLAIN"

# What the plain file gives: ours, and Debian's sar.
views() { # FILE PREFIX: sar -A, sadf -d and sadf -j of FILE into PREFIX.{sar,d,j}
	"$SAR" -A -f "$1" >"$2.sar" 2>&1
	"$SADF" -d "$1" -- -A >"$2.d" 2>&1
	"$SADF" -j "$1" -- -A >"$2.j" 2>&1
}
views "$PLAIN" "$TMPD/plain"
"$ORACLE_SAR" -A -f "$PLAIN" >"$TMPD/oracle.sar" 2>&1
if [ "$(grep -c '^Average' "$TMPD/plain.sar")" -gt 20 ] && cmp -s "$TMPD/oracle.sar" "$TMPD/plain.sar"
then pass; else fail "sar -A on the plain file: $(diff "$TMPD/oracle.sar" "$TMPD/plain.sar" | head -3)"; fi

same_views() { # WHAT FILE
	local v
	views "$2" "$TMPD/c"
	for v in sar d j; do
		if cmp -s "$TMPD/plain.$v" "$TMPD/c.$v"; then pass; else
			fail "$1: $v differs from the plain file's: $(diff "$TMPD/plain.$v" "$TMPD/c.$v" | head -3)"
		fi
	done
}

magic() { od -An -tx1 -N4 "$1" | tr -d ' \n'; }

# sa2 with each ZIP: today is the 21st, sa20 twelve days old (COMPRESSAFTER=10);
# old files of every suffix (HISTORY=28 days) go, whatever ZIP is now.
for z in gzip xz bzip2 zstd; do
	case $z in
	gzip) ext=gz want=1f8b08 ;;
	xz) ext=xz want=fd377a58 ;;
	bzip2) ext=bz2 want=425a6839 ;;
	zstd) ext=zst want=28b52ffd ;;
	esac
	D=$TMPD/$z
	mkdir -p "$D"
	cp "$PLAIN" "$D/sa20"
	touch -d '12 days ago' "$D/sa20"
	for old in sa01.gz sa02.xz sar03.bz2 sa04.zst; do
		echo old >"$D/$old" && touch -d '40 days ago' "$D/$old"
	done
	printf 'SA_DIR=%s\nHISTORY=28\nCOMPRESSAFTER=10\nZIP="%s"\nREPORTS=false\n' "$D" "$z" >"$D/conf"
	if SYSSTAT_CONF=$D/conf SA_BIN_DIR=$top_builddir/sar SA_TODAY=2026-11-21 sh "$SA2" \
		>"$D/sa2.out" 2>&1; then pass; else fail "sa2 with ZIP=$z: $(head -3 "$D/sa2.out")"; fi
	if [ "$(ls "$D")" = "$(printf 'conf\nsa2.out\nsa20.%s' "$ext")" ] &&
		case $(magic "$D/sa20.$ext") in "$want"*) true ;; *) false ;; esac then pass; else
		fail "sa2 with ZIP=$z left: $(ls "$D" | tr '\n' ' ') ($(magic "$D/sa20.$ext" 2>&1))"
	fi
	same_views "sa20.$ext" "$D/sa20.$ext"
done

# The magic decides, not the name.
cp "$TMPD/gzip/sa20.gz" "$TMPD/gzip-named.xz"
same_views "gzip data named .xz" "$TMPD/gzip-named.xz"

# The daily file of a directory: today's, plain first, then .gz, .xz, .bz2, .zst.
dd=$(date +%d)
D=$TMPD/dir
mkdir -p "$D"
cp "$TMPD/bzip2/sa20.bz2" "$D/sa$dd.bz2"
echo garbage >"$D/sa$dd.zst"
"$SAR" -A -f "$D" >"$TMPD/dir.sar" 2>&1
if cmp -s "$TMPD/plain.sar" "$TMPD/dir.sar"; then pass; else
	fail "sar -f DIR with sa$dd.bz2 and .zst: $(head -2 "$TMPD/dir.sar")"; fi
cp "$TMPD/xz/sa20.xz" "$D/sa$dd.xz"
echo garbage >"$D/sa$dd.bz2"
"$SADF" -d "$D" -- -A >"$TMPD/dir.d" 2>&1
if cmp -s "$TMPD/plain.d" "$TMPD/dir.d"; then pass; else
	fail "sadf -d DIR with sa$dd.xz, .bz2 and .zst: $(head -2 "$TMPD/dir.d")"; fi
cp "$PLAIN" "$D/sa$dd"
echo garbage >"$D/sa$dd.xz"
"$SAR" -A -f "$D" >"$TMPD/dir.sar" 2>&1
if cmp -s "$TMPD/plain.sar" "$TMPD/dir.sar"; then pass; else
	fail "sar -f DIR with sa$dd and compressed ones: $(head -2 "$TMPD/dir.sar")"; fi

# Damaged files: the message on stderr (after the rows read so far) and status 2.
damaged() { # WHAT FILE EXPECTED-MESSAGE
	local prog
	for prog in sar sadf-d sadf-j; do
		case $prog in
		sar) "$SAR" -A -f "$2" >/dev/null 2>"$TMPD/err" ;;
		sadf-d) "$SADF" -d "$2" -- -A >/dev/null 2>"$TMPD/err" ;;
		sadf-j) "$SADF" -j "$2" -- -A >/dev/null 2>"$TMPD/err" ;;
		esac
		rc=$?
		if [ $rc = 2 ] && [ "$(cat "$TMPD/err")" = "$3" ]; then pass; else
			fail "$prog on $1: status $rc, '$(head -c 300 "$TMPD/err")', want '$3'"; fi
	done
}
for z in gzip xz bzip2 zstd; do
	case $z in gzip) ext=gz ;; xz) ext=xz ;; bzip2) ext=bz2 ;; zstd) ext=zst ;; esac
	f=$TMPD/$z/sa20.$ext
	size=$(stat -c %s "$f")
	# Every cut short of the whole file is damage, also one after the last
	# record's data: in the stream's end marker, check, index or footer.
	for cut in 20 $((size / 2)) $((size * 9 / 10)) $((size - 12)) $((size - 1)); do
		head -c "$cut" "$f" >"$TMPD/cut.$ext"
		damaged "$z cut at $cut of $size" "$TMPD/cut.$ext" \
			"Cannot read $TMPD/cut.$ext: truncated $z data: the file ends inside a compressed stream"
	done
	# A byte of the check at the end (each format's own), then bytes in the middle.
	for at in $((size - 2)) $((size / 2)); do
		cp "$f" "$TMPD/bad.$ext"
		printf '\125\125\125\125' | dd of="$TMPD/bad.$ext" bs=1 seek="$at" conv=notrunc 2>/dev/null
		"$SAR" -A -f "$TMPD/bad.$ext" >/dev/null 2>"$TMPD/err"
		msg=$(cat "$TMPD/err")
		# (In the middle, the damage may also make the stream look longer than the file: cut.)
		case $at:$msg in
		*:"Cannot read $TMPD/bad.$ext: corrupt $z data: "?* | \
			$((size / 2)):"Cannot read $TMPD/bad.$ext: truncated $z data: "?*)
			damaged "$z damaged at $at" "$TMPD/bad.$ext" "$msg" ;;
		*) fail "sar on $z damaged at $at: '$msg'" ;;
		esac
	done
done

# In a window across days, a cut day is said and what it kept is read
# (as a plain file cut short), with the other days; the status stays 0.
# Rows: 10:01 and 10:02 of the 20th, 10:01 of the 21st.
W=$TMPD/window
for z in gzip xz bzip2 zstd; do
	case $z in gzip) ext=gz ;; xz) ext=xz ;; bzip2) ext=bz2 ;; zstd) ext=zst ;; esac
	rm -rf "$W" && mkdir -p "$W"
	"$SADC" --unix-time="$(at '2026-11-21 10:00:00')" 60 2 "$W/sa21"
	size=$(stat -c %s "$TMPD/$z/sa20.$ext")
	head -c $((size - 1)) "$TMPD/$z/sa20.$ext" >"$W/sa20.$ext"
	"$SAR" -u -s 2026-11-20T09:00:00 -e 2026-11-21T11:00:00 -f "$W" >"$TMPD/w.out" 2>"$TMPD/w.err"
	rc=$?
	want="sar: '$W/sa20.$ext': truncated $z data: the file ends inside a compressed stream"
	if [ $rc = 0 ] && [ "$(cat "$TMPD/w.err")" = "$want" ] &&
		[ "$(grep -c '^10:0[1-3]:00 ' "$TMPD/w.out")" = 3 ]; then pass; else
		fail "window with $z cut at the last byte: status $rc, '$(head -c 300 "$TMPD/w.err")', rows $(grep -c '^10:0[1-3]:00 ' "$TMPD/w.out")"
	fi
done

# Peak memory of a compressed day read alone: the decoded bytes that sar's
# seek back (one pass a view) needs are kept past 1 MiB in an unnamed file
# in TMPDIR (source.h), not in memory. /usr/bin/time's peak RSS (%M, kB) of
# sar -A on an xz file (-0: a 256 KiB dictionary, all of it touched either
# way) of N one-second records and of 4N: 5.3 and 21 MB decoded. Holding
# them would add 16 MB; the rule: 4N at most 1 MiB above N. What may differ
# is the 1 MiB window, full in both, the malloc arena's rounding and pages
# touched once: 90 kB in a plain build. Peak RSS counts pages, not time:
# another job's load cannot move it. ASan's quarantine keeps freed blocks
# and grows with the records read: off for these runs (as history_window.sh
# section G).
if [ -x /usr/bin/time ] && [ -x "$SA_MAKE" ]; then
	R=$TMPD/rss
	mkdir -p "$R"
	for r in 360 1440; do
		"$SA_MAKE" -r $r -T 1 -c 8 -d 16 -i 4 "$R/sa$r" && xz -0 -T1 "$R/sa$r" ||
			fail "sa_make and xz for $r records"
	done
	peak() { # FILE: sar -A's peak RSS in kB
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0:thread_local_quarantine_size_kb=0" \
			/usr/bin/time -f %M -o "$R/peak" "$SAR" -A -f "$1" >/dev/null 2>"$R/peak.err" &&
			cat "$R/peak" || echo "failed: $(head -3 "$R/peak.err")"
	}
	p1=$(peak "$R/sa360.xz") p4=$(peak "$R/sa1440.xz")
	echo "NOTE: xz: peak RSS 360 records $p1 kB, 1440 records $p4 kB"
	if [ "$p4" -le $((p1 + 1024)) ] 2>/dev/null; then pass; else
		fail "peak RSS of 1440 records ($p4 kB) passes 360 records ($p1 kB) by over 1 MiB"
	fi
	# Where no such file can be made, memory holds them: the same report.
	"$SAR" -A -f "$R/sa1440.xz" >"$R/file.sar" 2>&1
	TMPDIR=$R/none "$SAR" -A -f "$R/sa1440.xz" >"$R/mem.sar" 2>&1
	if [ -s "$R/file.sar" ] && cmp -s "$R/file.sar" "$R/mem.sar"; then pass; else
		fail "sar -A with and without a spool file differ: $(cmp "$R/file.sar" "$R/mem.sar" 2>&1)"
	fi
else
	echo "SKIP (part): peak RSS: needs /usr/bin/time and $SA_MAKE (make check builds it)"
fi

# The libraries are loaded at the first compressed file, not at start-up:
# sar and sadf link none of them, and a missing one is said for the file
# that needs it (status 2) while plain files read as before.
for prog in "$SAR" "$SADF"; do
	libs=$(ldd "$prog" | grep -Eo 'lib(z|lzma|bz2|zstd)\.so[.0-9]*' | tr '\n' ' ')
	if [ -z "$libs" ]; then pass; else fail "$prog links $libs"; fi
done
lzma=$(ldconfig -p | awk '$1 == "liblzma.so.5" { print $NF; exit }')
if [ "$(id -u)" = 0 ] && [ -n "$lzma" ] && unshare -m true 2>/dev/null; then
	# sar in a mount namespace where liblzma.so.5 is an empty file.
	without_lzma() { unshare -m sh -c 'mount --bind /dev/null "$1" && shift && exec "$@"' sh "$lzma" "$@"; }
	f=$TMPD/xz/sa20.xz
	without_lzma "$SAR" -A -f "$f" >/dev/null 2>"$TMPD/err"
	rc=$?
	case $rc:$(cat "$TMPD/err") in
	"2:Cannot read $f: cannot load liblzma.so.5: "?*) pass ;;
	*) fail "sar -A on $f without liblzma: status $rc, '$(head -c 300 "$TMPD/err")'" ;;
	esac
	without_lzma "$SAR" -A -f "$PLAIN" >"$TMPD/nolzma.sar" 2>&1
	if cmp -s "$TMPD/plain.sar" "$TMPD/nolzma.sar"; then pass; else
		fail "sar -A on the plain file without liblzma: $(head -2 "$TMPD/nolzma.sar")"; fi
else
	echo "SKIP (part): liblzma.so.5 hidden: needs root, unshare -m and the library's path"
fi

echo "compressed: $n_pass passed, $n_fail failed"
[ "$n_fail" -eq 0 ]
