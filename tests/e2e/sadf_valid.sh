#!/bin/bash
# flavours: 12.6.1 12.7.5
# The documents sadf writes are valid for their consumers: every `sadf -x`
# output validates with xmllint against sysstat's XML schema (sysstat.xsd,
# shipped by Debian's sysstat in /usr/share/doc/sysstat/xml), and every
# `sadf -j` output parses as JSON; on every archive at hand, for -A and a
# few single activities, with and without -C comments and -P ALL. The byte
# identity with Debian's sadf is the family tests' job (sadf_*.sh); this one
# holds even where no oracle runs, e.g. on archives it rejects. Under the
# 12.7.5 flavour the schema is 12.7.5's (DTD 3.16), from its package.
. "${top_srcdir:-.}/tests/lib.sh"

command -v xmllint >/dev/null || missing "xmllint is not installed (libxml2-utils)"
# The oracle's sar probes the archives; its package has the XML schema.
requires shared oracle python3
XSD_GZ=${ORACLE_ROOT:-}/usr/share/doc/sysstat/xml/sysstat.xsd.gz
[ -r "$XSD_GZ" ] || skip "sysstat's XML schema is not installed ($XSD_GZ)"
zcat "$XSD_GZ" >"$TMPD/sysstat.xsd" || skip "cannot unpack $XSD_GZ"

files=()
add_sar_archives -A

opts=("-A" "-u" "-P ALL -u ALL -I ALL" "-r ALL -S" "-n ALL" "-d -b" "-m ALL" "-q ALL" "-F")
i=0
for f in "${files[@]}"; do
	i=$((i + 1))
	for o in "${opts[@]}"; do
		[ "$o" = -A ] || sampled $i || continue
		# shellcheck disable=SC2086
		"$SADF" -x -C "$f" -- $o >"$TMPD/x.xml" 2>"$TMPD/x.err"
		rc=$?
		if [ $rc -ne 0 ]; then
			# A file without the activity: a message, no document; a truncated
			# file: the message after the records read (as sysstat does); under
			# 12.7.5 a record header out of range stops it.
			grep -q -e 'Requested activities not available' \
				-e 'End of system activity file unexpected' \
				-e 'Invalid data read' "$TMPD/x.err" && { pass; continue; }
			fail "sadf -x $(basename "$f") -- $o: exit $rc: $(head -2 "$TMPD/x.err")"
			continue
		fi
		if xmllint --noout --schema "$TMPD/sysstat.xsd" "$TMPD/x.xml" 2>"$TMPD/lint" >/dev/null; then
			pass
		else
			fail "sadf -x $(basename "$f") -- $o does not validate: $(head -3 "$TMPD/lint")"
		fi
		# shellcheck disable=SC2086
		"$SADF" -j -C "$f" -- $o >"$TMPD/j.json" 2>/dev/null
		if python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMPD/j.json" \
			2>"$TMPD/py"; then
			pass
		else
			fail "sadf -j $(basename "$f") -- $o is not JSON: $(tail -1 "$TMPD/py")"
		fi
	done
done
finish
