#!/bin/bash
# Fetches Debian 13's sysstat 12.7.5 (the second oracle) without installing
# it: `apt-get download sysstat=12.7.5-2` from this machine's Debian mirror
# with the suite switched to trixie, through a private sources file and lists
# directory, then `dpkg-deb -x` into a cache directory. Prints the unpacked
# root (usr/bin/sar.sysstat, usr/bin/sadf, usr/libexec/sysstat/sadc are in
# it) and exits 0, or prints why not on stderr and exits 1.
#
# Usage: oracle_1275.sh [CACHE_DIR]   (default: $SYSREC_ORACLE_CACHE,
# else /var/cache/sysrec-oracle when writable, else /tmp/sysrec-oracle)
set -u
version=12.7.5-2
cache=${1:-${SYSREC_ORACLE_CACHE:-}}
if [ -z "$cache" ]; then
	cache=/var/cache/sysrec-oracle
	mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ] || cache=/tmp/sysrec-oracle
fi
mkdir -p "$cache" || exit 1
root="$cache/sysstat-$version"

usable() {
	[ -x "$root/usr/bin/sar.sysstat" ] && [ -x "$root/usr/bin/sadf" ] &&
		[ -x "$root/usr/libexec/sysstat/sadc" ]
}

# The mirror this machine uses for Debian (deb822 or one-line sources).
mirror() {
	local f uri
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		uri=$(awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i ~ /\/debian\/?$/) { print $i; exit } }' "$f")
		[ -n "$uri" ] && { echo "$uri"; return; }
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -r "$f" ] || continue
		uri=$(awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^(https?|file):.*\/debian\/?$/) { print $i; exit } }' "$f")
		[ -n "$uri" ] && { echo "$uri"; return; }
	done
	echo http://deb.debian.org/debian
}

exec 9>"$cache/.lock"
flock 9
if ! usable; then
	if ! command -v apt-get >/dev/null || ! command -v dpkg-deb >/dev/null; then
		echo "oracle_1275.sh: apt-get and dpkg-deb are needed to fetch sysstat $version" >&2
		exit 1
	fi
	work=$(mktemp -d "$cache/fetch.XXXXXX")
	trap 'rm -rf "$work"' EXIT
	mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/dl"
	echo "deb $(mirror) trixie main" >"$work/sources.list"
	apt_opts=(-o "Dir::Etc::SourceList=$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
		-o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache"
		-o APT::Sandbox::User=root -o Debug::NoLocking=1)
	if ! apt-get "${apt_opts[@]}" update >"$work/log" 2>&1 ||
		! (cd "$work/dl" && apt-get "${apt_opts[@]}" download "sysstat=$version") >>"$work/log" 2>&1; then
		echo "oracle_1275.sh: cannot download sysstat $version from trixie:" >&2
		tail -5 "$work/log" >&2
		exit 1
	fi
	rm -rf "$root.new"
	if ! dpkg-deb -x "$work"/dl/sysstat_*.deb "$root.new"; then
		echo "oracle_1275.sh: cannot unpack sysstat $version" >&2
		exit 1
	fi
	rm -rf "$root" && mv "$root.new" "$root"
	usable || { echo "oracle_1275.sh: sysstat $version unpacked without its programs" >&2; exit 1; }
fi
echo "$root"
