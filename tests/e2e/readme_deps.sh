#!/bin/bash
# README.md quotes the package lists of scripts/deps.sh (deps_build, which
# the main job installs, and deps_test, which the test command adds), each
# in the code block right after a line "<!-- deps_NAME: ... -->": each block
# holds its list's words, in the same order, and each list is quoted once.
. "${top_srcdir:-.}/tests/lib.sh"
# shellcheck source=scripts/deps.sh
. "$top_srcdir/scripts/deps.sh"

readme=$top_srcdir/README.md

# Words joined by single spaces (the line breaks of a list are not part of it).
words() {
	awk '{ for (i = 1; i <= NF; i++) printf "%s%s", (n++ ? " " : ""), $i } END { print "" }'
}

# quoted NAME: the words of the code block right after README.md's marker
# of the list NAME.
quoted() {
	awk -v m="<!-- $1:" 'index($0, m) == 1 { state = 1; next }
		state == 1 && /^```/ { state = 2; next }
		state == 1 { exit }
		state == 2 && /^```/ { exit }
		state == 2 { print }' "$readme" | words
}

for name in deps_build deps_test; do
	want=$(printf '%s\n' "${!name}" | words)
	got=$(quoted "$name")
	n=$(grep -c "^<!-- $name:" "$readme")
	if [ "$n" != 1 ]; then
		fail "README.md has $n markers '<!-- $name: ...', want 1 (right before the code block quoting it)"
	elif [ "$got" = "$want" ]; then
		pass
	else
		fail "README.md quotes $name as '$got'; scripts/deps.sh has '$want'"
	fi
done
finish
