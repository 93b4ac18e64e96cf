# shellcheck shell=bash disable=SC2034,SC2154
# Helpers for the tests of the live tools (iostat, mpstat, pidstat,
# cifsiostat, tapestat), sourced after tests/lib.sh. They run the release
# binary of the flavour under test and ours over the same snapshots under
# the livefix shim (tests/live.md).

LIVE_RUN="$top_srcdir/tests/tools/live_run.sh"
LIVE_SEQ="$top_srcdir/tests/tools/live_seq.py"
LIVEFIX="$top_builddir/tests/tools/livefix.so"

# oracle_bin NAME: the release's NAME for the flavour under test: Debian 12's
# /usr/bin/NAME for 12.6.1, the unpacked 12.7.5 package's for 12.7.5 (a path
# that does not exist under SYSREC_NO_ORACLE=1, as the other ORACLE_*).
oracle_bin() {
	if [ -n "$ORACLE_ROOT" ]; then
		echo "$ORACLE_ROOT/usr/bin/$1"
	else
		echo "/usr/bin/$1"
	fi
}

# our_bin NAME: our NAME in the build tree.
our_bin() {
	echo "$top_builddir/live/$1"
}

# have_live_oracle NAME: whether the release's NAME runs here (and says its
# version is the flavour's).
have_live_oracle() {
	local bin
	bin=$(oracle_bin "$1")
	[ "${SYSREC_NO_ORACLE:-0}" != 1 ] && [ -x "$bin" ] &&
		LC_ALL=C "$bin" -V 2>&1 | grep -q "sysstat version ${FLAVOUR//./\\.}\$"
}

# live_capture BASE SEQDIR [VAR=VALUE ...] -- PROG ARG...: runs PROG under the
# shim over SEQDIR, called by its bare name, keeping stdout, stderr and exit
# status in BASE.{out,err,rc} (lib.sh's run_capture).
live_capture() {
	local base=$1
	shift
	run_capture "$base" bash "$LIVE_RUN" "$@"
}

# live_diff [--label=TEXT] [--norm=SED] SEQDIR [VAR=VALUE ...] -- NAME ARG...:
# runs the release's NAME (oracle_bin) and ours (our_bin) over the snapshots
# of SEQDIR with the same environment (SYSREC_COMPAT=$FLAVOUR, from lib.sh),
# keeps the captures in $TMPD/a (the release's) and $TMPD/b (ours), and passes
# when stdout, stderr and exit status are the same; else fails LABEL (default
# "NAME ARG... on SEQDIR") with the diff (lib.sh's oracle_judge).
live_diff() {
	local label='' judge=() seq vars=() name
	while [ $# -gt 0 ]; do
		case $1 in
		--label=*) label=${1#--label=} ;;
		--norm=* | --show=*) judge+=("$1") ;;
		*) break ;;
		esac
		shift
	done
	seq=$1
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		vars+=("$1")
		shift
	done
	shift
	name=$1
	shift
	[ -n "$label" ] || label="$name $* on ${seq#"$TMPD"/}${vars[*]:+ (${vars[*]})}"
	# One case in 2 under 12.6.1, one in 3 under 12.7.5 (SYSREC_FULL=1: all),
	# the same ones on every run; a case left out returns 2 with no captures.
	if ! keep_case "$name $* ${seq#"$TMPD"/} ${vars[*]}" 2 3; then
		rm -f "$TMPD"/[ab].out "$TMPD"/[ab].err "$TMPD"/[ab].rc
		return 2
	fi
	# Both are called by the bare name (live_run.sh), so that usage messages agree.
	run_capture "$TMPD/a" bash "$LIVE_RUN" "$seq" "${vars[@]}" -- "$(oracle_bin "$name")" "$@"
	run_capture "$TMPD/b" bash "$LIVE_RUN" "$seq" "${vars[@]}" -- "$(our_bin "$name")" "$@"
	oracle_judge "${judge[@]}" "$label"
}
