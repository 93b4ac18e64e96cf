# Shared by the benches (sourced): what every bench needs before it measures.

# bench_require BUILD PROG...: /usr/bin/time (CPU time and peak memory),
# python3, and the build's programs PROG (paths under BUILD); exits 1 with
# what is missing. A sanitizer build is measured too, with a note.
bench_require() {
	local build=$1 p
	shift
	[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 1; }
	command -v python3 >/dev/null || { echo "needs python3"; exit 1; }
	for p in "$@"; do
		[ -x "$build/$p" ] || { echo "needs $build/$p (make && make tests/tools/sa_make)"; exit 1; }
	done
	if grep -q '^SAN_CFLAGS = .*sanitize' "$build/Makefile" 2>/dev/null; then
		echo "note: $build is a sanitizer build: the figures measure the sanitizers"
	fi
}
