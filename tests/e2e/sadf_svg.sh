#!/bin/bash
# Differential test of `sadf -g` (SVG graphs, spec §4.6) against Debian's
# sysstat 12.6.1 on every archive at hand, for several activities and -O
# options, under TZ=UTC and TZ=GMT+12. Each output must be well-formed XML
# (xmllint) and have the oracle's structure: per graph group its id and
# position, per frame its title, the legend texts (series names with their
# extrema), the number of points of each path or rectangles of each bar
# group, and the axis labels. Byte identity is counted and reported, not
# required. By default -A runs on every archive and the whole option matrix
# on a sample of them and on f.sa (about a minute); SYSREC_FULL=1 runs the
# whole matrix on every archive under both zones. Cases where the oracle
# itself crashes are skipped, visibly. With Chromium installed, one output
# is also rendered to PNG.
. "${top_srcdir:-.}/tests/lib.sh"

have_oracle || skip "$(oracle_missing)"
have_shared || skip "the shared corpus ($SHARED) is not there"
command -v python3 >/dev/null || skip "python3 is not installed"
HAVE_XMLLINT=1
command -v xmllint >/dev/null || {
	HAVE_XMLLINT=0
	echo "SKIP well-formedness: xmllint not installed (apt-get install libxml2-utils)"
}

# The structure of SVG reports, one line per element that matters; one
# process compares every pair listed in $1 ("name<TAB>oracle<TAB>ours"),
# prints a FAIL line and the start of the difference for each pair that
# differs, and the number of pairs that match on its last line.
cat >"$TMPD/shape.py" <<'PY'
import difflib, re, sys
PAT = re.compile(r'<svg [^>]*>|<g id="[^"]*"[^>]*>|<text[^>]*>([^<]*)|<path d="([^"]*)"'
                 r'|<g style="[^"]*"[^>]*>\n([^\n]*)|<!-- Actual canvas height: \d+ -->')
def shape(path):
    doc = open(path, encoding="utf-8", errors="replace").read()
    out = []
    for m in PAT.finditer(doc):
        tag = m.group(0)
        if tag.startswith("<svg") or tag.startswith("<g id") or tag.startswith("<!--"):
            out.append(tag)
        elif tag.startswith("<text"):
            out.append("text: " + (m.group(1) or "").strip())
        elif tag.startswith("<path"):
            out.append("path: %d points" % len(re.findall(r"[ML]", m.group(2))))
        else:
            out.append("bars: %d" % m.group(3).count("<rect"))
    return out
same = 0
for line in open(sys.argv[1], encoding="utf-8"):
    name, a, b = line.rstrip("\n").split("\t")
    sa, sb = shape(a), shape(b)
    if sa == sb:
        same += 1
        continue
    print("FAIL: %s: structure differs" % name)
    print("\n".join(list(difflib.unified_diff(sa, sb, lineterm=""))[2:12]))
print(same)
PY

files=()
add_sar_archives -u
opts=("-- -A" "-- -u" "-- -r" "-- -q" "-- -w -B -W -b" "-- -n DEV" "-d" "-O showidle -- -u -P ALL"
	"-O oneday,packed -- -A" "-O autoscale,skipempty -- -A" "-O showtoc,showinfo -- -A"
	"-O height=500,bwcol -- -r -S" "-O customcol -- -q -n EDEV" "-H -O showtoc"
	"-O bwcol,customcol -- -m CPU,FAN,TEMP,IN -n SOFT")
n_same=0 n_total=0 i=0
: >"$TMPD/pairs"
for f in "${files[@]}"; do
	i=$((i + 1))
	# By default -A on every file (under tz_list's zones), the whole matrix
	# under UTC on a sample of the files and on f.sa; SYSREC_FULL=1: all.
	full=0
	{ sampled "$i" || [ "$(basename "$f")" = f.sa ]; } && full=1
	for o in "${opts[@]}"; do
		[ "$o" = -d ] && o="-- -d"
		[ "$o" = "-- -A" ] || [ "$full" = 1 ] || continue
		zones=UTC
		[ "$o" = "-- -A" ] || [ "${SYSREC_FULL:-0}" = 1 ] && zones=$(tz_list "$f")
		for tz in $zones; do
			n=$((n_total + 1))
			run_capture "$TMPD/a$n" env TZ="$tz" "$ORACLE_SADF" -g "$f" $o
			name="$(basename "$f") [$o] TZ=$tz"
			# sysstat 12.6.1 itself crashes on some archives (-A on the fixture roots).
			if [ "$(cat "$TMPD/a$n.rc")" -ge 128 ]; then
				echo "SKIP $name: the oracle crashed (exit $(cat "$TMPD/a$n.rc"))"
				continue
			fi
			run_capture "$TMPD/b$n" env TZ="$tz" "$SADF" -g "$f" $o
			n_total=$n
			if same_capture "$TMPD/a$n" "$TMPD/b$n"; then
				n_same=$((n_same + 1))
				pass
				rm -f "$TMPD/a$n.out" "$TMPD/b$n.out"
				continue
			fi
			if ! cmp -s "$TMPD/a$n.rc" "$TMPD/b$n.rc"; then
				fail "$name: exit $(cat "$TMPD/a$n.rc") vs $(cat "$TMPD/b$n.rc")"
				continue
			fi
			if [ "$HAVE_XMLLINT" = 1 ] && [ -s "$TMPD/b$n.out" ] &&
				! xmllint --noout "$TMPD/b$n.out" 2>"$TMPD/xml.err"; then
				fail "$name: not well-formed: $(head -3 "$TMPD/xml.err")"
				continue
			fi
			printf '%s\t%s\t%s\n' "$name" "$TMPD/a$n.out" "$TMPD/b$n.out" >>"$TMPD/pairs"
		done
	done
done
if [ -s "$TMPD/pairs" ]; then
	python3 "$TMPD/shape.py" "$TMPD/pairs" >"$TMPD/shape.log"
	sed '$d' "$TMPD/shape.log"
	n_struct=$(tail -1 "$TMPD/shape.log")
	n_diff=$(grep -c '^FAIL: ' "$TMPD/shape.log")
	n_pass=$((n_pass + n_struct))
	n_fail=$((n_fail + n_diff))
fi
echo "byte-identical: $n_same/$n_total"

# A browser renders one report.
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ] && [ -r "$SHARED/corpus/live/f.sa" ]; then
	"$SADF" -g "$SHARED/corpus/live/f.sa" -- -u -r >"$TMPD/r.svg"
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --screenshot="$TMPD/r.png" \
		--window-size=1100,1300 "file://$TMPD/r.svg" >/dev/null 2>&1
	if [ -s "$TMPD/r.png" ]; then
		pass
	else
		fail "chromium did not render the SVG"
	fi
else
	echo "SKIP rendering: chromium not installed (apt-get install chromium)"
fi
finish
