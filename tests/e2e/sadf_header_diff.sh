#!/bin/bash
# flavours: 12.6.1 12.7.5
# Differential test of `sadf -H`: Debian's sysstat 12.6.1 (12.7.5 under its
# flavour) and ours on every
# file under the shared corpus (archives, malformed files, and every other
# file there, which must be rejected identically; the fixture roots' files
# sampled, SYSREC_FULL=1 for all), then on archives made by
# our writer in both byte orders. Stdout, stderr and exit status must be
# byte-identical.
. "${top_srcdir:-.}/tests/lib.sh"

have_oracle || skip "$(oracle_missing)"

compare() {
	# compare NAME FILE [ENV...]: runs both under the same environment.
	# Files of the old formats 0x2171 and 0x2173 are read as their
	# conversion: the oracle reads that (tests/lib.sh old_ref).
	keep_case "TZ=${TZ:-} ${tz:-} $*" || return 0
	local name=$1 file=$2 ref norm=
	shift 2
	old_ref "$file" && ref=$OLD_REF && norm="s|$ref|FILE|g; s|$file|FILE|g" || ref=$file
	run_capture "$TMPD/a" env "$@" "$ORACLE_SADF" -H "$ref"
	run_capture "$TMPD/b" env "$@" "$SADF" -H "$file"
	if same_capture "$TMPD/a" "$TMPD/b" "$norm"; then
		pass
	else
		fail "$name ($*)"
		show_diff "$TMPD/a" "$TMPD/b"
	fi
}

n_corpus=0
n_root=0
if have_part shared "the corpus files"; then
	while IFS= read -r -d '' f; do
		# The /proc and /sys files of the fixture roots (three thousand, all
		# rejected the same way) are sampled (tests/lib.sh); every other file is compared.
		case $f in */corpus/upstream/roots/*)
			n_root=$((n_root + 1))
			sampled "$n_root" || continue
			;;
		esac
		compare "$f" "$f"
		n_corpus=$((n_corpus + 1))
	done < <(find "$SHARED/corpus" -type f -print0 | sort -z)
	# Locale- and time-dependent lines on every archive.
	for f in "$SHARED"/corpus/upstream/files/data-* "$SHARED"/corpus/upstream/generated/* \
		"$SHARED"/corpus/live/*; do
		compare "$f" "$f" TZ=GMT+12
		compare "$f" "$f" S_TIME_FORMAT=ISO
		compare "$f" "$f" TZ=Asia/Kolkata LC_ALL=C.UTF-8
	done
fi
echo "corpus files compared: $n_corpus"

# Our writer's files, native and foreign-endian, with special records.
for opts in "" "-X" "-C" "-X -C" "-a 1,2,12" "-X -a 3,35"; do
	"$SA_MAKE" $opts "$TMPD/made.sa"
	compare "sa_make $opts" "$TMPD/made.sa"
done

# A directory argument means the daily file inside it.
compare "directory without today's file" "$TMPD"

# Compressed files: ours reads them directly; the output must equal the
# oracle's on the uncompressed file, but for the name.
for f in "$SHARED"/corpus/live/x.sa "$SHARED"/corpus/upstream/files/data-ppc-11.7.2; do
	[ -f "$f" ] || continue
	gzip -c "$f" >"$TMPD/z.gz"
	run_capture "$TMPD/a" "$ORACLE_SADF" -H "$f"
	run_capture "$TMPD/b" "$SADF" -H "$TMPD/z.gz"
	if same_capture "$TMPD/a" "$TMPD/b" "s|$f|FILE|;s|$TMPD/z.gz|FILE|"; then
		pass
	else
		fail "gzip $f"
		show_diff "$TMPD/a" "$TMPD/b"
	fi
done
finish
