#!/bin/bash
# Differential test of `sadf -g` (SVG graphs, spec §4.6) against Debian's
# sysstat 12.6.1 on every archive at hand, for several activities and -O
# options, under TZ=UTC and TZ=GMT+12. Each output must be well-formed XML
# (xmllint) and have the oracle's structure: per graph group its id and
# position, per frame its title, the legend texts (series names with their
# extrema), the number of points of each path or rectangles of each bar
# group, and the axis labels. Byte identity is counted and reported, not
# required. With Chromium installed, one output is also rendered to PNG.
. "${top_srcdir:-.}/tests/lib.sh"

have_oracle || skip "Debian's sysstat 12.6.1 (sadf) is not installed"
have_shared || skip "the shared corpus ($SHARED) is not there"
command -v python3 >/dev/null || skip "python3 is not installed"
HAVE_XMLLINT=1
command -v xmllint >/dev/null || {
	HAVE_XMLLINT=0
	echo "SKIP well-formedness: xmllint not installed (apt-get install libxml2-utils)"
}

# The structure of an SVG report, one line per element that matters.
cat >"$TMPD/shape.py" <<'PY'
import re, sys
doc = open(sys.argv[1], encoding="utf-8", errors="replace").read()
out = []
for m in re.finditer(r'<svg [^>]*>|<g id="[^"]*"[^>]*>|<text[^>]*>([^<]*)|<path d="([^"]*)"'
                     r'|<g style="[^"]*"[^>]*>\n([^\n]*)|<!-- Actual canvas height: \d+ -->', doc):
    tag = m.group(0)
    if tag.startswith("<svg") or tag.startswith("<g id") or tag.startswith("<!--"):
        out.append(tag)
    elif tag.startswith("<text"):
        out.append("text: " + (m.group(1) or "").strip())
    elif tag.startswith("<path"):
        out.append("path: %d points" % len(re.findall(r"[ML]", m.group(2))))
    else:
        out.append("bars: %d" % m.group(3).count("<rect"))
print("\n".join(out))
PY

files=()
add_sar_archives -u
opts=("-- -A" "-- -u" "-- -r" "-- -q" "-- -w -B -W -b" "-- -n DEV" "-d" "-O showidle -- -u -P ALL"
	"-O oneday,packed -- -A" "-O autoscale,skipempty -- -A" "-O showtoc,showinfo -- -A"
	"-O height=500,bwcol -- -r -S" "-O customcol -- -q -n EDEV")
n_same=0 n_total=0 i=0
for f in "${files[@]}"; do
	i=$((i + 1))
	for o in "${opts[@]}"; do
		[ "$o" = -d ] && o="-- -d"
		# The whole matrix on sampled files, the main views on the others.
		sampled "$i" || case "$o" in "-- -A" | "-- -u" | "-- -r") ;; *) continue ;; esac
		for tz in $(tz_list "$f"); do
			run_capture "$TMPD/a" env TZ="$tz" "$ORACLE_SADF" -g "$f" $o
			run_capture "$TMPD/b" env TZ="$tz" "$SADF" -g "$f" $o
			name="$(basename "$f") [$o] TZ=$tz"
			# sysstat 12.6.1 itself crashes on some archives (-A on the fixture roots).
			if [ "$(cat "$TMPD/a.rc")" -ge 128 ]; then
				echo "SKIP $name: the oracle crashed (exit $(cat "$TMPD/a.rc"))"
				continue
			fi
			n_total=$((n_total + 1))
			if same_capture "$TMPD/a" "$TMPD/b"; then
				n_same=$((n_same + 1))
			fi
			if ! cmp -s "$TMPD/a.rc" "$TMPD/b.rc"; then
				fail "$name: exit $(cat "$TMPD/a.rc") vs $(cat "$TMPD/b.rc")"
				continue
			fi
			if [ "$HAVE_XMLLINT" = 1 ] && [ -s "$TMPD/b.out" ] &&
				! xmllint --noout "$TMPD/b.out" 2>"$TMPD/xml.err"; then
				fail "$name: not well-formed: $(head -3 "$TMPD/xml.err")"
				continue
			fi
			python3 "$TMPD/shape.py" "$TMPD/a.out" >"$TMPD/a.shape"
			python3 "$TMPD/shape.py" "$TMPD/b.out" >"$TMPD/b.shape"
			if cmp -s "$TMPD/a.shape" "$TMPD/b.shape"; then
				pass
			else
				fail "$name: structure differs"
				diff -u "$TMPD/a.shape" "$TMPD/b.shape" | sed -n '3,12p'
			fi
		done
	done
done
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
