# shellcheck shell=bash disable=SC2034 # its results are read by the tests
# A minimal Debian tree for the tests that run something inside one
# (systemd_container.sh boots one, newcomer.sh runs the README's main job in
# one): Debian's mirror as this machine's apt knows it, and the output of
# "debootstrap --variant=minbase", made once, kept as a tarball straight
# after debootstrap (never a tree a test has changed) and unpacked fresh
# for each run. Sourced after tests/lib.sh (TMPD).
#
# SYSREC_MIRROR overrides the mirror. The tarballs are kept for 30 days in
# /var/cache/sysrec-test-SUITE (SYSREC_NSPAWN_CACHE=DIR elsewhere, =none
# for none).

# This machine's Debian release.
# shellcheck source=/dev/null
debian_codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
debian_codename=${debian_codename:-bookworm}

# Prints Debian's mirror for this machine's release: the first URI of a
# "deb" source whose suites include it, one-line (.list) or deb822
# (.sources) form.
debian_find_mirror() {
	local f
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -r "$f" ] || continue
		awk -v s="$debian_codename" '$1 == "deb" {
			sub(/^deb +(\[[^]]*\] +)?/, "")
			if ($2 == s) { print $1; exit }
		}' "$f"
	done
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		awk -v s="$debian_codename" 'BEGIN { RS = ""; FS = "\n" }
		{
			types = uris = suites = ""
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^Types:/) types = " " substr($i, 7) " "
				if ($i ~ /^URIs:/) uris = substr($i, 6)
				if ($i ~ /^Suites:/) suites = " " substr($i, 8) " "
			}
			gsub(/[ \t]+/, " ", types); gsub(/[ \t]+/, " ", suites)
			if (types ~ / deb / && suites ~ (" " s " ")) { split(uris, u, " "); print u[1]; exit }
		}' "$f"
	done
}
debian_mirror=${SYSREC_MIRROR:-$(debian_find_mirror | head -1)}

# Runs a long step in the background and waits for it, so that a signal to
# the test is handled at once (bash runs traps only between commands). The
# test's cleanup ends fg_pid.
fg_pid=""
bounded() {
	"$@" &
	fg_pid=$!
	wait $fg_pid
	local rc=$?
	fg_pid=""
	return $rc
}

# debian_reachable SUITE: whether the mirror serves SUITE (its Release file
# within 30 s).
debian_reachable() {
	[ -n "$debian_mirror" ] &&
		bounded timeout 30 wget -q -O /dev/null "$debian_mirror/dists/$1/Release"
}

# debian_cache_dir SUITE: prints the directory of the cached trees of SUITE,
# or "none".
debian_cache_dir() {
	echo "${SYSREC_NSPAWN_CACHE:-/var/cache/sysrec-test-$1}"
}

# debian_tree DIR SUITE [INCLUDE]: fills DIR (absent or empty) with
# "debootstrap --variant=minbase [--include=INCLUDE] SUITE" from the mirror:
# the cached tarball's, else debootstrap's, then cached. Sets
# debian_tree_origin to the tarball or the mirror. Returns 1, with the
# reason in debian_tree_why, when no tree can be made.
debian_tree() {
	local dir=$1 suite=$2 include=${3:-} cache_dir cache compress decompress
	debian_tree_origin="" debian_tree_why=""
	cache_dir=$(debian_cache_dir "$suite")
	cache=$cache_dir/minbase${include:+-${include//,/-}}
	if command -v zstd >/dev/null; then
		cache=$cache.tar.zst compress="zstd -q -1 -T0" decompress="zstd -q -dc"
	else
		cache=$cache.tar.gz compress="gzip -1" decompress="gzip -dc"
	fi
	if [ "$cache_dir" != none ] && [ -n "$(find "$cache" -mtime -30 2>/dev/null)" ]; then
		mkdir -p "$dir"
		if bounded timeout 120 sh -c "$decompress '$cache' | tar -C '$dir' --numeric-owner -xpf -" \
			2>"$TMPD/tree.err"; then
			debian_tree_origin=$cache
			return 0
		fi
		echo "note: cached tree $cache unusable: $(head -2 "$TMPD/tree.err")"
		# Emptied, not removed: it may be a mount point.
		find "$dir" -mindepth 1 -maxdepth 1 -exec rm -rf --one-file-system {} +
	fi
	if [ -z "$debian_mirror" ]; then
		debian_tree_why="no Debian mirror for $debian_codename in /etc/apt/sources.list*"
		return 1
	fi
	if ! debian_reachable "$suite"; then
		debian_tree_why="the Debian mirror $debian_mirror cannot be reached"
		return 1
	fi
	if ! bounded timeout -k 10 400 debootstrap --variant=minbase ${include:+--include=$include} \
		"$suite" "$dir" "$debian_mirror" >"$TMPD/debootstrap.log" 2>&1; then
		tail -5 "$TMPD/debootstrap.log"
		debian_tree_why="debootstrap $suite from $debian_mirror failed"
		return 1
	fi
	# Written aside, then renamed: a test beside this one reads a whole
	# tarball or none.
	if [ "$cache_dir" != none ] && mkdir -p "$cache_dir" 2>/dev/null; then
		if bounded timeout 120 sh -c "tar -C '$dir' --numeric-owner -cf - . | $compress >'$cache.$$'"; then
			mv "$cache.$$" "$cache"
		else
			rm -f "$cache.$$"
		fi
	fi
	debian_tree_origin=$debian_mirror
}

# debian_umount_under DIR: unmounts everything mounted under DIR, innermost
# first (debootstrap, for one, mounts /proc and /sys in its target).
debian_umount_under() {
	local m
	awk -v d="$1" 'index($2, d "/") == 1 { print $2 }' /proc/self/mounts | sort -r |
		while read -r m; do umount -l "$m" 2>/dev/null; done
}

# debian_mounted_under DIR: whether anything is still mounted under DIR.
debian_mounted_under() {
	awk -v d="$1" 'index($2, d "/") == 1 { found = 1 } END { exit !found }' /proc/self/mounts
}
