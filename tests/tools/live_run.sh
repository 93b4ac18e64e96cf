#!/bin/bash
# Runs a live tool (iostat, mpstat, pidstat, cifsiostat, tapestat: Debian's
# or ours) over a sequence of snapshots under the livefix shim
# (tests/tools/livefix.c; tests/live.md describes both).
#
#   live_run.sh SEQDIR [VAR=VALUE ...] -- PROG ARG...
#       Runs PROG with LD_PRELOAD=$top_builddir/tests/tools/livefix.so and
#       LIVEFIX_SEQ=SEQDIR, plus the VAR=VALUE settings (LIVEFIX_SIGINT_AT=2,
#       LIVEFIX_PID=..., S_TIME_FORMAT=ISO, ...), called by its bare name
#       (argv[0], which sysstat's usage message prints). Its stdout and
#       stderr pass through; exits with its status.
#   live_run.sh --diff SEQDIR [VAR=VALUE ...] -- ORACLE OURS -- ARG...
#       Runs both programs so, with the same environment and each named by
#       its bare name (argv[0]), and prints a unified diff of their stdout,
#       of their stderr and of their exit status. Exits 0 when all three are
#       the same, 1 otherwise (2: a usage error).
#
# top_builddir (as tests/lib.sh sets it) defaults to the current directory.
# In front of a sanitizer build, ASAN_OPTIONS gets verify_asan_link_order=0:
# the shim comes before the ASan runtime in the search order.
set -u

usage() {
	echo "usage: live_run.sh SEQDIR [VAR=VALUE ...] -- PROG ARG..." >&2
	echo "       live_run.sh --diff SEQDIR [VAR=VALUE ...] -- ORACLE OURS -- ARG..." >&2
	exit 2
}

diff_mode=0
if [ "${1:-}" = --diff ]; then
	diff_mode=1
	shift
fi
[ $# -ge 3 ] || usage
seq=$1
shift
vars=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	case $1 in
	*=*) vars+=("$1") ;;
	*) usage ;;
	esac
	shift
done
[ "${1:-}" = -- ] || usage
shift
[ -d "$seq/0" ] || { echo "live_run.sh: '$seq' has no snapshot 0" >&2; exit 2; }

shim=${top_builddir:-.}/tests/tools/livefix.so
[ -r "$shim" ] || { echo "live_run.sh: '$shim' is not built (make tests/tools/livefix.so)" >&2; exit 2; }
case $shim in /*) ;; *) shim=$PWD/$shim ;; esac

# run NAME PROG ARG...: PROG under the shim, called NAME.
run() {
	local name=$1 prog=$2
	shift 2
	(
		export LD_PRELOAD="$shim${LD_PRELOAD:+ $LD_PRELOAD}" LIVEFIX_SEQ="$seq"
		export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
		[ ${#vars[@]} -eq 0 ] || export "${vars[@]}"
		exec -a "$name" "$prog" "$@"
	)
}

if [ $diff_mode = 0 ]; then
	[ $# -ge 1 ] || usage
	prog=$1
	shift
	run "$(basename "$prog")" "$prog" "$@"
	exit $?
fi

[ $# -ge 3 ] && [ "$3" = -- ] || usage
oracle=$1 ours=$2
shift 3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/live_run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
run "$(basename "$oracle")" "$oracle" "$@" >"$tmp/oracle.out" 2>"$tmp/oracle.err"
echo $? >"$tmp/oracle.rc"
run "$(basename "$ours")" "$ours" "$@" >"$tmp/ours.out" 2>"$tmp/ours.err"
echo $? >"$tmp/ours.rc"
status=0
for x in out err rc; do
	case $x in out) what=stdout ;; err) what=stderr ;; rc) what="exit status" ;; esac
	if ! cmp -s "$tmp/oracle.$x" "$tmp/ours.$x"; then
		status=1
		echo "== $what differs"
		diff -u --label "oracle $what" --label "ours $what" "$tmp/oracle.$x" "$tmp/ours.$x"
	fi
done
exit $status
