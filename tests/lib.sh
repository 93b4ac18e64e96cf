# Shared helpers for the shell tests (sourced, POSIX sh + bash features allowed).
# Automake runs each test with top_srcdir and top_builddir exported, TZ=UTC and LC_ALL=C.
set -u

: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
export TZ="${TZ:-UTC}" LC_ALL="${LC_ALL:-C}"

SADF="$top_builddir/sadf/sadf"
SADC="$top_builddir/sadc/sadc"
SA_MAKE="$top_builddir/tests/tools/sa_make"
SA_WALK="$top_builddir/tests/tools/sa_walk"

# The shared corpus and spec live beside the checkout (never inside it).
SHARED="${SYSREC_SHARED:-$top_srcdir/../shared}"

# The flavour under test (SYSREC_TEST_FLAVOUR, default 12.6.1): the sysstat
# release the oracle is, and the one our programs are told to match
# (SYSREC_COMPAT). tests/flavours.sh runs a differential test once per
# flavour it names.
FLAVOUR=${SYSREC_TEST_FLAVOUR:-12.6.1}
export SYSREC_COMPAT=$FLAVOUR
# LeakSanitizer's exit check costs a sanitizer build about 6 ms a process,
# half of a short sar run: the 12.6.1 run of a test that runs under both
# flavours goes without it (tests/flavours.sh sets SYSREC_LEAK_CHECK=0);
# the 12.7.5 run, the other tests and the fuzz corpus replay (every input
# under both flavours) keep it. ASan and UBSan stay on everywhere.
if [ "${SYSREC_LEAK_CHECK:-1}" = 0 ]; then
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
case "$FLAVOUR" in
12.7.5)
	# Debian 13's package, unpacked by tests/tools/oracle_1275.sh (never installed).
	ORACLE_ROOT=$("$top_srcdir/tests/tools/oracle_1275.sh" 2>"${TMPDIR:-/tmp}/oracle-1275.$$.err")
	ORACLE_WHY=$(cat "${TMPDIR:-/tmp}/oracle-1275.$$.err" 2>/dev/null)
	rm -f "${TMPDIR:-/tmp}/oracle-1275.$$.err"
	ORACLE_SADF=$ORACLE_ROOT/usr/bin/sadf
	ORACLE_SAR=$ORACLE_ROOT/usr/bin/sar.sysstat
	ORACLE_SADC=$ORACLE_ROOT/usr/libexec/sysstat/sadc
	ORACLE_SA1=$ORACLE_ROOT/usr/libexec/sysstat/sa1
	ORACLE_SA2=$ORACLE_ROOT/usr/libexec/sysstat/sa2
	;;
*)
	# Debian 12's sysstat 12.6.1, installed.
	ORACLE_ROOT=
	ORACLE_WHY="sysstat 12.6.1 is not installed (apt-get install sysstat)"
	ORACLE_SADF=/usr/bin/sadf
	ORACLE_SAR=/usr/bin/sar
	ORACLE_SADC=/usr/lib/sysstat/sadc
	ORACLE_SA1=/usr/lib/sysstat/sa1
	ORACLE_SA2=/usr/lib/sysstat/sa2
	;;
esac
# SYSREC_NO_ORACLE=1 plays a machine without either oracle, for a scratch run
# of what a contributor without Debian's sysstat sees (nothing is
# uninstalled): have_oracle is false under both flavours, oracle_missing
# says why, and every ORACLE_* program is a path that does not exist, so
# that a test using one without asking have_oracle fails as it would there.
if [ "${SYSREC_NO_ORACLE:-0}" = 1 ]; then
	ORACLE_ROOT=/nonexistent/sysrec-no-oracle
	ORACLE_WHY="SYSREC_NO_ORACLE=1 (the oracles are left out on purpose)"
	ORACLE_SADF=$ORACLE_ROOT/sadf
	ORACLE_SAR=$ORACLE_ROOT/sar
	ORACLE_SADC=$ORACLE_ROOT/sadc
	ORACLE_SA1=$ORACLE_ROOT/sa1
	ORACLE_SA2=$ORACLE_ROOT/sa2
fi

# Automake's exit status for a skipped test.
SKIP=77

skip() {
	echo "SKIP: $*"
	exit $SKIP
}

have_shared() {
	[ -d "$SHARED/corpus" ]
}

shared_missing() {
	echo "shared corpus not found at $SHARED"
}

# Whether the oracle of the flavour under test can run (never under
# SYSREC_NO_ORACLE=1). Tests say `requires oracle` (below).
have_oracle() {
	[ "${SYSREC_NO_ORACLE:-0}" != 1 ] && [ -x "$ORACLE_SADF" ] &&
		"$ORACLE_SADF" -V 2>/dev/null | grep -q "^sysstat version ${FLAVOUR//./\\.}\$"
}

oracle_missing() {
	echo "oracle sysstat $FLAVOUR not available: ${ORACLE_WHY:-its sadf does not run}"
}

# Whether sysstat's ioconf file is installed: it names the disks of the
# corpus archives that this machine does not have (8:0 is sda), for Debian's
# sar and ours alike (without it, dev8-0). It comes with Debian's sysstat,
# the 12.6.1 oracle.
IOCONF=/etc/sysstat/sysstat.ioconf
have_ioconf() {
	[ -r "$IOCONF" ]
}

ioconf_missing() {
	echo "$IOCONF not found (Debian: sysstat): the disks of the test archives would be named devM-m"
}

# ---- what a test needs: one SKIP line for each missing thing ----

n_missing=0

# missing WHY: notes a missing requirement that `requires` cannot test (a
# tool, a locale) with its "SKIP: WHY" line; the test goes on to check the
# others and skips at `requires`.
missing() {
	echo "SKIP: $*"
	n_missing=$((n_missing + 1))
}

# requires [WHAT...]: prints one "SKIP: ..." line for each WHAT that is
# missing, then exits with SKIP when it or anything noted by `missing` is
# missing (a run without the shared corpus and the oracle says both). WHAT:
#   shared  the shared corpus beside the checkout (have_shared)
#   oracle  the oracle sysstat of the flavour under test (have_oracle)
#   PATH    a program (a word with a slash), which must be executable
#   NAME    a command on PATH
requires() {
	local w
	for w; do
		case $w in
		shared) have_shared || missing "$(shared_missing)" ;;
		oracle) have_oracle || missing "$(oracle_missing)" ;;
		ioconf) have_ioconf || missing "$(ioconf_missing)" ;;
		*/*) [ -x "$w" ] || missing "$w is not built" ;;
		*) command -v "$w" >/dev/null || missing "$w is not installed" ;;
		esac
	done
	[ "$n_missing" -eq 0 ] || exit $SKIP
}

# have_part shared|oracle|ioconf PART: for a test that runs without the shared
# corpus or the oracle but then leaves PART out: true when it is there,
# else one line "SKIP (part): PART: why" and false.
have_part() {
	case $1 in
	shared) have_shared && return 0 ;;
	oracle) have_oracle && return 0 ;;
	ioconf) have_ioconf && return 0 ;;
	esac
	echo "SKIP (part): $2: $("${1}_missing")"
	return 1
}

# A scratch directory removed at exit.
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/sysrec-test.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT

n_pass=0
n_fail=0

pass() {
	n_pass=$((n_pass + 1))
}

fail() {
	n_fail=$((n_fail + 1))
	echo "FAIL: $*"
}

# Runs a command, keeping its stdout, stderr and exit status in $1.{out,err,rc}.
run_capture() {
	local base=$1
	shift
	"$@" >"$base.out" 2>"$base.err"
	echo $? >"$base.rc"
}

# Compares two captures; the optional third argument is a sed script applied
# to both outputs first (to normalise a file name, say). Captures that are
# the same byte for byte are the same without it: most are, and a process
# costs milliseconds here, so the sed runs only on a difference, and the
# short files are compared in the shell.
same_capture() {
	local a=$1 b=$2 norm=${3:-} x
	if cmp -s "$a.out" "$b.out" && same_small "$a.err" "$b.err" && same_small "$a.rc" "$b.rc"; then
		return 0
	fi
	[ -n "$norm" ] || return 1
	for x in "$a" "$b"; do
		sed -e "$norm" "$x.out" >"$x.out.n"
		sed -e "$norm" "$x.err" >"$x.err.n"
	done
	cmp -s "$a.out.n" "$b.out.n" && cmp -s "$a.err.n" "$b.err.n" && same_small "$a.rc" "$b.rc"
}

# Whether two small files (a capture's stderr or status) are the same: two
# empty ones without a process, else cmp.
same_small() {
	if [ ! -s "$1" ]; then
		[ ! -s "$2" ]
	elif [ ! -s "$2" ]; then
		false
	else
		cmp -s "$1" "$2"
	fi
}

show_diff() {
	local a=$1 b=$2
	diff -u "$a.out" "$b.out" | head -20
	diff -u "$a.err" "$b.err" | head -10
	echo "exit: $(cat "$a.rc") vs $(cat "$b.rc")"
}

# ---- differential cases: the oracle and ours on one command line ----

# keep_case KEY [DIV_1261 DIV_1275]: whether a differential case runs.
# SYSREC_FULL=1 runs every case; otherwise, to keep CI within its time
# budget, one case in DIV_1261 (default 4) under 12.6.1 and one in DIV_1275
# (default 8) under 12.7.5 (whose run follows the same walk), chosen
# by a hash of KEY (the case's words, with the run's scratch directory and
# the corpus path taken out): the same cases on every run and machine, spread
# over a matrix's options and files alike. Cases left out are counted in
# n_thinned. SYSREC_THIN=N keeps one in N times fewer (a rerun of a suite
# for one property, such as CI's under TZ=GMT+12).
n_thinned=0
keep_case() {
	[ "${SYSREC_FULL:-0}" = 1 ] && return 0
	local key=${1//"$TMPD"/T} h=5381 i c div=${2:-4}
	key=${key//"$SHARED"/S}
	[ "$FLAVOUR" = 12.7.5 ] && div=${3:-8}
	div=$((div * ${SYSREC_THIN:-1}))
	for ((i = 0; i < ${#key}; i++)); do
		printf -v c '%d' "'${key:i:1}"
		h=$(((h * 33 + c) & 0xffffff))
	done
	[ $((h % div)) -eq 0 ] && return 0
	n_thinned=$((n_thinned + 1))
	return 1
}

n_shown=0

# oracle_compare [OPTION...] sar|sadf ARG...: runs the oracle's program and
# ours with the same arguments and the same environment, keeping the
# captures in $TMPD/a (the oracle's) and $TMPD/b (ours, see run_capture),
# and judges them (oracle_judge): stdout, stderr and exit status must be the
# same. OPTION, besides oracle_judge's:
#   --ours=PATH    our program (default $SAR or $SADF)
#   --timeout=S    each program stopped after S seconds (exit status 124)
#   --usage        the name in a "Usage:" line made the bare program name
#                  (each program names itself as it was run)
#   --paths        each program's path made its bare name, wherever it is
#   --label=TEXT   the command the failure names (default "TZ=$TZ NAME ARG...")
#   --doc=FMT      with sadf: our output kept for validate_documents when FMT
#                  (the command's format option) is -j or -x (keep_document)
oracle_compare() {
	local ours= run=() label= doc= usage=0 paths=0 judge=() prog oracle
	while [ $# -gt 0 ]; do
		case $1 in
		--ours=*) ours=${1#--ours=} ;;
		--timeout=*) run=(timeout "${1#--timeout=}") ;;
		--usage) usage=1 ;;
		--paths) paths=1 ;;
		--label=*) label=${1#--label=} ;;
		--doc=*) doc=${1#--doc=} ;;
		--norm=* | --show=*) judge+=("$1") ;;
		*) break ;;
		esac
		shift
	done
	prog=$1
	shift
	keep_case "TZ=$TZ LC_ALL=${LC_ALL:-} $prog $*" || return 0
	case $prog in
	sar) oracle=$ORACLE_SAR ours=${ours:-$SAR} ;;
	sadf) oracle=$ORACLE_SADF ours=${ours:-$SADF} ;;
	*) fail "oracle_compare: no oracle for '$prog'"; return ;;
	esac
	[ -n "$label" ] || label="TZ=$TZ $prog $*"
	[ $usage = 1 ] && judge+=("--norm=s|^Usage: [^ ]*|Usage: $prog|")
	[ $paths = 1 ] && judge+=("--norm=s|$oracle|$prog|g;s|$ours|$prog|g")
	run_capture "$TMPD/a" "${run[@]}" "$oracle" "$@"
	run_capture "$TMPD/b" "${run[@]}" "$ours" "$@"
	oracle_judge "${judge[@]}" "$label"
	[ -z "$doc" ] || keep_document "$TMPD/b" "$label" "$doc"
}

# oracle_judge [OPTION...] LABEL: the judgement of oracle_compare on
# captures $TMPD/a (the oracle's) and $TMPD/b (ours) made otherwise (in a
# mount namespace, say): pass when stdout, stderr and exit status are the
# same, else fail LABEL and show the diff. OPTION:
#   --norm=SED     a sed script applied to both stdouts and stderrs first
#                  (same_capture); several are applied in their order
#   --show=N       the diff shown for the first N failures of the run only
#                  (counted in n_shown; default: for every failure)
oracle_judge() {
	local norm= show=
	while [ $# -gt 1 ]; do
		case $1 in
		--norm=*) norm=${norm:+$norm;}${1#--norm=} ;;
		--show=*) show=${1#--show=} ;;
		*) break ;;
		esac
		shift
	done
	if same_capture "$TMPD/a" "$TMPD/b" "$norm"; then
		pass
		return
	fi
	fail "$1"
	if [ -z "$show" ] || [ "$n_shown" -lt "$show" ]; then
		show_diff "$TMPD/a" "$TMPD/b"
		n_shown=$((n_shown + 1))
	fi
}

# Prints the totals in the closing form CI understands, and sets the status.
finish() {
	[ "$n_thinned" -eq 0 ] || echo "($n_thinned differential cases left out of this run; SYSREC_FULL=1 runs them)"
	echo "$(basename "$0" .sh): $n_pass passed, $n_fail failed"
	[ "$n_fail" -eq 0 ]
}

# row_times [OPTION...] FILE VIEW...: the times (HH:MM:SS) of the records
# the oracle shows for FILE with the sar activity options VIEW..., one a
# line: the -s and -e bounds a differential test tries. By default,
# `sar VIEW -f FILE` in the current TZ, the first field of each row whose
# second starts with a digit (a figure: not a heading, an Average: or a
# RESTART line), in file order, one per row. The tests differ in what they
# read, kept as options:
#   --row=ERE   (sar) the second field must match ERE instead: ^[0-9a] for
#               -m ALL (rows of "all"), ^all$ for -u's "all" rows only
#   --sadf-d    `sadf -d FILE -- VIEW`: the time of field 3 (UTC), without
#               the LINUX-RESTART lines (interval -1)
#   -T          (--sadf-d) sadf's -T: local time
#   --restarts  (--sadf-d) the LINUX-RESTART lines too
#   --sadf-p    `sadf -p FILE -- VIEW`: the time of field 3 (UTC), without
#               the LINUX-RESTART lines
#   --uniq      one line for each run of equal times (a record of several rows)
#   --sorted    sorted, each time once
#   --timeout=S the oracle stopped after S seconds (a file that might hang it)
row_times() {
	local how=sar row='^[0-9]' post=cat restarts=0 f run=() sadf_opts=()
	while [ $# -gt 0 ]; do
		case $1 in
		--row=*) row=${1#--row=} ;;
		--sadf-d) how=d ;;
		--sadf-p) how=p ;;
		-T) sadf_opts+=(-T) ;;
		--restarts) restarts=1 ;;
		--uniq) post=uniq ;;
		--sorted) post="sort -u" ;;
		--timeout=*) run=(timeout "${1#--timeout=}") ;;
		*) break ;;
		esac
		shift
	done
	f=$1
	shift
	case $how in
	sar)
		"${run[@]}" "$ORACLE_SAR" "$@" -f "$f" 2>/dev/null |
			awk -v row="$row" '$1 ~ /^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]$/ && $2 ~ row { print $1 }'
		;;
	d)
		"${run[@]}" "$ORACLE_SADF" -d "${sadf_opts[@]}" "$f" -- "$@" 2>/dev/null |
			awk -F';' -v all=$restarts '(all || $2 != "-1") && $3 ~ /:/ { split($3, t, " "); print t[2] }'
		;;
	p)
		"${run[@]}" "$ORACLE_SADF" -p "$f" -- "$@" 2>/dev/null |
			awk -F'\t' '$2 != -1 { split($3, t, " "); print t[2] }'
		;;
	esac | $post
}

# Time zones for one differential case. SYSREC_FULL=1 runs every file under
# both; by default GMT+12 runs on a sample of the files, to keep CI short.
tz_list() {
	if [ "${SYSREC_FULL:-0}" = 1 ]; then
		echo "UTC GMT+12"
		return
	fi
	if [ "${SYSREC_QUICK:-0}" = 1 ]; then
		case "$(basename "$1")" in
		f.sa) echo "UTC GMT+12" ;;
		*) echo "UTC" ;;
		esac
		return
	fi
	case "$(basename "$1")" in
	f.sa | x.sa | data.tmp | data-new.tmp | data-CPUoffon.tmp | live*.sa) echo "UTC GMT+12" ;;
	*) echo "UTC" ;;
	esac
}

# Whether the i-th file of a differential matrix gets the whole matrix:
# always with SYSREC_FULL=1; otherwise one file in four (the others still
# get the main views), to keep CI under its time budget; with SYSREC_QUICK=1
# (the second run of every test, inside `make distcheck`) one in sixteen.
# Under 12.7.5, the second flavour of CI's runs, one in eight (half of
# 12.6.1's files): every file still gets its main views under both.
sampled() {
	[ "${SYSREC_FULL:-0}" = 1 ] && return 0
	if [ "${SYSREC_QUICK:-0}" = 1 ]; then
		[ $(($1 % 16)) -eq 0 ]
	elif [ "$FLAVOUR" = 12.7.5 ]; then
		[ $(($1 % 8)) -eq 0 ]
	else
		[ $(($1 % 4)) -eq 0 ]
	fi
}

# Appends to the array `files` the archives a sar differential test runs
# on: every corpus archive that sar 12.6.1 does not reject as invalid
# (probed with the sar option $1; the rejected ones belong to the corruption
# suite), our sadc on this machine (three records), our sadc on each fixture
# root (two records), and one file of all the roots with a LINUX RESTART and
# a comment. Needs SADC and, for the roots, a shared corpus.
add_sar_archives() {
	local probe=$1 f root name t=1555593609
	local ident=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
	for f in "$SHARED"/corpus/upstream/files/data-* "$SHARED"/corpus/upstream/generated/*.tmp \
		"$SHARED"/corpus/live/*.sa; do
		[ -r "$f" ] || continue
		"$ORACLE_SAR" $probe -f "$f" >/dev/null 2>&1
		[ $? -eq 3 ] || files+=("$f")
	done
	if "$SADC" -S XALL "$TMPD/live.sa" 1 3 2>"$TMPD/err"; then
		files+=("$TMPD/live.sa")
	else
		fail "sadc on this machine: $(cat "$TMPD/err")"
	fi
	for root in "$SHARED"/corpus/upstream/roots/root*; do
		[ -d "$root" ] || continue
		name=$(basename "$root")
		if "$SADC" --root="$root" --unix-time=$t $ident -S XALL "$TMPD/$name.sa" 1 2 \
			2>"$TMPD/err"; then
			files+=("$TMPD/$name.sa")
		else
			fail "sadc --root=$name: $(cat "$TMPD/err")"
		fi
		"$SADC" --root="$root" --unix-time=$t $ident -S XALL "$TMPD/roots.sa" 1 1 2>/dev/null
		t=$((t + 10))
		if [ "$name" = root3 ]; then
			"$SADC" --root="$root" --unix-time=$t $ident "$TMPD/roots.sa" 2>/dev/null
			"$SADC" --root="$root" --unix-time=$((t + 5)) $ident -C "a comment" \
				"$TMPD/roots.sa" 2>/dev/null
			t=$((t + 10))
		fi
	done
	[ -s "$TMPD/roots.sa" ] && files+=("$TMPD/roots.sa")
}

# flavour_builddir [CONFIGURE_ARG...]: sets FLAVOUR_B to a build directory
# configured for the flavour under test ($FLAVOUR): top_builddir itself
# when it was configured --with-compat=$FLAVOUR and no argument is given;
# without arguments for the other flavour, $top_builddir/tests/flavour-$FLAVOUR,
# configured as top_builddir was plus --with-compat=$FLAVOUR, which the
# tests share (install_sa, systemd_units and man_pages would otherwise each
# build the whole tree again): it is locked (flavour_lock) until the caller
# has made what it needs there and calls flavour_unlock. With arguments, a
# new $TMPD/build.N, configured the same way plus the arguments. Nothing is
# made there yet. Returns 1, with the reason on stdout, when it cannot be
# configured.
flavour_builddir() {
	local mk=$top_builddir/Makefile n=0
	if [ $# -eq 0 ] && grep -qx "SYSREC_COMPAT = $FLAVOUR" "$mk" 2>/dev/null; then
		FLAVOUR_B=$top_builddir
		return 0
	fi
	if [ -f "$top_srcdir/config.status" ]; then
		echo "$top_srcdir is configured in place: no build for sysstat $FLAVOUR can be made beside it"
		return 1
	fi
	if [ $# -eq 0 ]; then
		FLAVOUR_B=$top_builddir/tests/flavour-$FLAVOUR
		mkdir -p "$FLAVOUR_B"
		flavour_lock "$FLAVOUR_B.lock"
		# Configured once, again when top_builddir was (make remakes the rest).
		[ "$FLAVOUR_B/config.status" -nt "$top_builddir/config.status" ] && return 0
	else
		while [ -e "$TMPD/build.$n" ]; do n=$((n + 1)); done
		FLAVOUR_B=$TMPD/build.$n
		mkdir -p "$FLAVOUR_B"
	fi
	local args extra=("$@")
	args=$("$top_builddir/config.status" --config) || return 1
	# config.status quotes its arguments for the shell; a --srcdir among
	# them (make distcheck's, relative) would be wrong here: configure finds
	# its sources beside itself.
	if ! (cd "$FLAVOUR_B" && eval "set -- $args" &&
		for a; do shift; case "$a" in --srcdir=*) ;; *) set -- "$@" "$a" ;; esac; done &&
		"$top_srcdir/configure" "$@" --with-compat="$FLAVOUR" "${extra[@]}" >configure.log 2>&1); then
		echo "configure for sysstat $FLAVOUR failed: $(tail -3 "$FLAVOUR_B/configure.log")"
		rm -f "$FLAVOUR_B/config.status"
		return 1
	fi
}

# load_lock: the tests that put a real load on this machine's disks and read
# who did it back (sar_use_load, story_history, systemd_container's readers)
# take turns, waiting (flock on a file of the build directory, shared by both
# flavours' runs): another one's readers would be in the figures. Released
# when the test exits.
load_lock_fd=
load_lock() {
	[ -z "$load_lock_fd" ] || return 0
	exec {load_lock_fd}>"$top_builddir/.sysrec-load.lock"
	flock "$load_lock_fd"
}

# flavour_lock FILE / flavour_unlock: one test at a time in a shared build
# directory (flock on FILE, waiting); released at the latest when the test
# exits.
flavour_lock_fd=
flavour_lock() {
	[ -z "$flavour_lock_fd" ] || return 0
	exec {flavour_lock_fd}>"$1"
	flock "$flavour_lock_fd"
}

flavour_unlock() {
	[ -n "$flavour_lock_fd" ] || return 0
	exec {flavour_lock_fd}>&-
	flavour_lock_fd=
}

# build_vars DIR: sets the configured directories of build DIR as make
# expands them: prefix bindir sadcdir sysconfdir mandir SA_DIR unitdir
# sleepdir (these two empty without units) libdir libexecdir, and
# SYSREC_COMPAT_BUILT, its --with-compat.
build_vars() {
	cat >"$TMPD/vars.mk" <<'MK'
sysrec-vars:
	@echo "prefix='$(prefix)' bindir='$(bindir)' sadcdir='$(sadcdir)' sysconfdir='$(sysconfdir)'"
	@echo "mandir='$(mandir)' SA_DIR='$(SA_DIR)' unitdir='$(systemdsystemunitdir)'"
	@echo "sleepdir='$(systemdsleepdir)' SYSREC_COMPAT_BUILT='$(SYSREC_COMPAT)'"
	@echo "libdir='$(libdir)' libexecdir='$(libexecdir)'"
MK
	(unset MAKEFLAGS MFLAGS MAKELEVEL; make -s -C "$1" -f Makefile -f "$TMPD/vars.mk" sysrec-vars) \
		>"$TMPD/vars.sh" || return 1
	# Only the lines of the rule: make may first remake the Makefile, and say so.
	eval "$(grep -E "^(prefix|mandir|sleepdir|libdir)='" "$TMPD/vars.sh")"
}

# Installs a build configured for the flavour under test (flavour_builddir:
# top_builddir's when it is one, else one made for the test) with "make
# install DESTDIR=$TMPD/dest", and sets DEST, FLAVOUR_B and the configured
# directories (build_vars). Returns 1, with the install log on stdout, when
# the install fails.
install_tree() {
	flavour_builddir || return 1
	build_vars "$FLAVOUR_B" || { flavour_unlock; return 1; }
	DEST=$TMPD/dest
	# A make of our own, not a job of the "make check" that may be running us.
	if ! (unset MAKEFLAGS MFLAGS MAKELEVEL; make -C "$FLAVOUR_B" -j2 install DESTDIR="$DEST") \
		>"$TMPD/install.log" 2>&1; then
		flavour_unlock
		tail -20 "$TMPD/install.log"
		return 1
	fi
	flavour_unlock
}

# ---- sadf -j and -x documents, validated in one go at the end ----

n_json=0
n_xml=0

# keep_document CAPTURE WHAT FORMAT: when the capture CAPTURE (run_capture's
# base) of a sadf run with FORMAT -j or -x exited 0 and printed something,
# moves CAPTURE.out aside for validate_documents, WHAT naming the command in
# its messages; counts it in n_json or n_xml. Other formats are ignored.
keep_document() {
	local b=$1 what=$2 fmt=$3 name
	[ "$(cat "$b.rc")" = 0 ] && [ -s "$b.out" ] || return 0
	case $fmt in
	-j) n_json=$((n_json + 1)) name=$n_json.json ;;
	-x) n_xml=$((n_xml + 1)) name=$n_xml.xml ;;
	*) return 0 ;;
	esac
	mkdir -p "$TMPD/docs"
	mv "$b.out" "$TMPD/docs/$name"
	printf '%s\n' "$what" >"$TMPD/docs/$name.cmd"
}

# parse_documents json|xml: "NAME why" for each kept document of that kind
# that python3's json (or xml.dom.minidom) does not parse.
parse_documents() {
	python3 - "$TMPD/docs" "$1" <<-'EOF'
		import glob, json, os, sys, xml.dom.minidom
		os.chdir(sys.argv[1])
		kind = sys.argv[2]
		for f in sorted(glob.glob("*." + kind)):
		    try:
		        if kind == "json":
		            with open(f) as d:
		                json.load(d)
		        else:
		            xml.dom.minidom.parse(f)
		    except Exception as e:
		        why = "invalid JSON" if kind == "json" else "ill-formed XML"
		        print(f, "%s (%s)" % (why, str(e).replace("\n", " ")))
	EOF
}

# validate_documents [--pass]: every kept -j document must parse as JSON
# (python3) and every kept -x document must be well-formed XML (xmllint,
# else python3's minidom). Each bad document is a failure naming its
# command; with --pass each good one is also a pass. Where the tool is
# missing it says so, and those documents are neither.
validate_documents() {
	local count=${1:-} n_checked=0 name why f
	[ -d "$TMPD/docs" ] || return 0
	: >"$TMPD/docs.bad"
	if [ "$n_json" -gt 0 ]; then
		if python3 -c 'import json' 2>/dev/null; then
			parse_documents json >>"$TMPD/docs.bad"
			n_checked=$((n_checked + n_json))
		else
			echo "python3 not found: the $n_json JSON documents are not validated"
		fi
	fi
	if [ "$n_xml" -gt 0 ]; then
		if command -v xmllint >/dev/null; then
			# All at once; one at a time only to find the bad ones.
			if ! (cd "$TMPD/docs" && xmllint --noout --nonet ./*.xml) 2>/dev/null; then
				for f in "$TMPD"/docs/*.xml; do
					xmllint --noout --nonet "$f" 2>"$TMPD/xml.err" ||
						echo "${f##*/} ill-formed XML ($(head -1 "$TMPD/xml.err"))"
				done >>"$TMPD/docs.bad"
			fi
			n_checked=$((n_checked + n_xml))
		elif python3 -c 'import xml.dom.minidom' 2>/dev/null; then
			parse_documents xml >>"$TMPD/docs.bad"
			n_checked=$((n_checked + n_xml))
		else
			echo "neither xmllint nor python3: the $n_xml XML documents are not validated"
		fi
	fi
	while read -r name why; do
		fail "$why: $(cat "$TMPD/docs/$name.cmd")"
	done <"$TMPD/docs.bad"
	if [ "$count" = --pass ]; then
		n_pass=$((n_pass + n_checked - $(wc -l <"$TMPD/docs.bad")))
	fi
}

# Under the 12.7.5 flavour, runs the rest of the calling test again in a
# private mount namespace where each installed sysstat catalog
# (/usr/share/locale/*/LC_MESSAGES/sysstat.mo, 12.6.1's on Debian 12) is
# covered by the 12.7.5 package's, as on Debian 13: both programs then
# translate with 12.7.5's catalogs. Call it as `use_flavour_catalogs "$@"`
# right after the skips. Does nothing under 12.6.1; without unshare(1) the
# installed catalogs serve both programs, and the test says so.
use_flavour_catalogs() {
	local mo binds=
	[ "$FLAVOUR" = 12.7.5 ] && [ -z "${SYSREC_CATALOGS_NS:-}" ] || return 0
	for mo in "$ORACLE_ROOT"/usr/share/locale/*/LC_MESSAGES/sysstat.mo; do
		local dest=/usr/share/locale/${mo#"$ORACLE_ROOT"/usr/share/locale/}
		[ -f "$dest" ] && binds="$binds mount --bind '$mo' '$dest' &&"
	done
	if [ -z "$binds" ] || ! unshare -m --propagation private true 2>/dev/null; then
		echo "NOTE: 12.7.5's catalogs are not used (no catalog to cover, or unshare(1) fails): the installed ones serve both programs"
		return 0
	fi
	echo "12.7.5's catalogs cover the installed ones (private mount namespace)"
	rm -rf "$TMPD"
	SYSREC_CATALOGS_NS=1 exec unshare -m --propagation private \
		sh -c "$binds exec bash \"\$@\"" sh "$0" "$@"
}

# Runs the oracle's live sar (the command line "$@"). sar 12.7.5 runs its
# data collector from /usr/libexec/sysstat only: there, in a private mount
# namespace, the unpacked package's usr/libexec is bound over /usr/libexec
# (nothing changes outside the command).
oracle_live() {
	if [ -n "$ORACLE_ROOT" ]; then
		unshare -m sh -c 'mount --bind "$0/usr/libexec" /usr/libexec && exec "$@"' \
			"$ORACLE_ROOT" "$@"
	else
		"$@"
	fi
}

# old_ref FILE: a file of format 0x2171 or 0x2173 (sysstat 9.1.6 to 11.6.x)
# is read by our sar and sadf as its conversion by `sadf -c`; this sets
# OLD_REF to the path of that conversion for the oracle to read (the
# oracle's own, ours where the oracle crashes: 12.6.1 on data-10.3.1) and
# returns 0; it returns 1 for any other file. The answer is kept per path, so
# that a test calling it for every case forks only the first time (call it
# outside $(...), or the cache dies with the subshell).
declare -gA OLD_REF_CACHE=()
old_ref() {
	local f=$1 magic ref
	if [ -z "${OLD_REF_CACHE[$f]+set}" ]; then
		magic=$(od -An -tx1 -N4 "$f" 2>/dev/null | tr -d ' ')
		case $magic in
		96d57121 | 96d57321 | d5962171 | d5962173)
			ref=$TMPD/oldref.$(basename "$f")
			if [ ! -e "$ref" ]; then
				"$ORACLE_SADF" -c "$f" >"$ref" 2>/dev/null || "$SADF" -c "$f" >"$ref" 2>/dev/null
			fi
			OLD_REF_CACHE[$f]=$ref
			;;
		*) OLD_REF_CACHE[$f]= ;;
		esac
	fi
	OLD_REF=${OLD_REF_CACHE[$f]}
	[ -n "$OLD_REF" ]
}
