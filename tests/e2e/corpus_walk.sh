#!/bin/bash
# flavours: 12.6.1 12.7.5
# Walks every record of every archive of the shared corpus with our reader.
# A readable file must be read to its exact last byte; a file the reader
# stops in must be one that the oracle's sysstat also rejects the same way
# (12.7.5's readers also refuse a record time before 10^9: "Invalid data
# read", exit 2). Files of the old formats 0x2171 and 0x2173 are read by sar
# as their conversion: the oracle's sar on that conversion must print the same.
. "${top_srcdir:-.}/tests/lib.sh"

requires shared
have_part oracle "the oracle's verdict on each refused file" || true

for f in "$SHARED"/corpus/upstream/files/* "$SHARED"/corpus/upstream/generated/* \
	"$SHARED"/corpus/live/*; do
	line=$("$SA_WALK" "$f")
	size=$(stat -c %s "$f")
	case "$line" in
	*": ok "*)
		end=${line##*end=}
		if [ "$end" = "$size" ]; then pass; else fail "$line (file size $size)"; fi
		;;
	*": old-format "*)
		# Another format magic: sar must refuse it too (exit 3), but for
		# 0x2171 and 0x2173, which sar reads as their conversion by sadf -c:
		# the oracle's sar on that conversion prints the same.
		if have_oracle && old_ref "$f" && ref=$OLD_REF; then
			a=$("$ORACLE_SAR" -A -f "$ref" 2>&1; echo "exit $?")
			b=$("$top_builddir/sar/sar" -A -f "$f" 2>&1; echo "exit $?")
			if [ "$a" = "$b" ]; then pass; else fail "$line: sar -A differs from the oracle's on its conversion"; fi
		elif have_oracle; then
			"$ORACLE_SAR" -f "$f" >/dev/null 2>&1
			if [ $? -eq 3 ]; then pass; else fail "$line: oracle sar accepts it"; fi
		else
			pass
		fi
		;;
	*": error=truncated "*)
		# sysstat's sar must stop with the same message.
		if have_oracle; then
			err=$("$ORACLE_SAR" -A -f "$f" 2>&1 >/dev/null)
			if [ "$err" = "End of system activity file unexpected" ]; then pass
			else fail "$line: oracle says '$err'"; fi
		else
			case "$f" in */data-trunc|*/data-10.3.1.tmp) pass ;; *) fail "$line" ;; esac
		fi
		;;
	*": error=bad-record "*"what=record header: time "*)
		if [ "$FLAVOUR" != 12.7.5 ]; then
			fail "$line: a record time refused under $FLAVOUR"
		elif have_oracle; then
			err=$("$ORACLE_SAR" -A -f "$f" 2>&1 >/dev/null)
			rc=$?
			if [ "$err" = "Invalid data read" ] && [ $rc -eq 2 ]; then pass
			else fail "$line: oracle says '$err' (exit $rc)"; fi
		else
			pass
		fi
		;;
	*": error=invalid "*)
		if have_oracle; then
			err=$("$ORACLE_SAR" -A -f "$f" 2>&1 >/dev/null)
			case "$err" in
			"Invalid system activity file: $f"*) pass ;;
			*) fail "$line: oracle says '$err'" ;;
			esac
		else
			case "$f" in *-err | *-SARerr | *.xml | *.out) pass ;; *) fail "$line" ;; esac
		fi
		;;
	*)
		fail "$line"
		;;
	esac
done

# The same files compressed must read the same records to the same end.
for f in "$SHARED"/corpus/live/* "$SHARED"/corpus/upstream/files/data-ppc-11.7.2 \
	"$SHARED"/corpus/upstream/files/data-12.0.0 "$SHARED"/corpus/upstream/generated/datax.tmp; do
	gzip -c "$f" >"$TMPD/z.gz"
	a=$("$SA_WALK" -d "$f" | grep "^  record")
	b=$("$SA_WALK" -d "$TMPD/z.gz" | grep "^  record")
	if [ "$a" = "$b" ] && "$SA_WALK" "$TMPD/z.gz" | grep -q "end=$(stat -c %s "$f")\$"; then
		pass
	else
		fail "gzip of $f reads differently"
	fi
done
finish
