#!/bin/bash
# The gate of a refactor that must not change a byte: runs the sar and sadf
# of two builds with the same arguments on every archive of the shared
# corpus, under both flavours, and compares each run's stdout, stderr and
# exit status, BEFORE against AFTER.
#
# Usage: compare_builds.sh BEFORE_BUILD AFTER_BUILD [CORPUS_DIR]
#   BEFORE_BUILD  build directory with sar/sar, sadf/sadf and sadc/sadc
#   AFTER_BUILD   build directory with sar/sar and sadf/sadf
#   CORPUS_DIR    the shared corpus (default: ../shared/corpus beside the
#                 checkout); its upstream/files, upstream/generated and live
# Prints one line per output that differs (which streams, the command) and
# "compare_builds: N outputs compared, M differ"; an output is one run's
# stdout, stderr and status. Exits 0 when none differ, 1 when some do, 2
# when it cannot run (a program or the corpus missing).
#
# Beside the corpus files (malformed ones included: their messages and
# statuses count too), it reads archives made in its temporary directory:
# live/f.sa compressed by gzip, xz, bzip2 and zstd, a gzip copy cut in half,
# data-9.1.6 gzipped (an old format behind a codec), and a sample of this
# machine by BEFORE's sadc -S XALL,PROCESS,CGROUP, as no corpus file holds
# processes or cgroups for --proc and --cgroup. Both builds read the same
# copies, so these differ from run to run but never between the builds.
set -u
top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)
limit=20
flavours=(12.6.1 12.7.5)

# sar OPTS -f ARCHIVE. sar has no JSON of --use: sadf -j -- --use below is it.
sar_sets=(
	"-A"
	"-u ALL -P ALL"
	"-d -p"
	"-n ALL"
	"-r ALL"
	"-q ALL"
	"-B -W -S"
	"-s 02:00:00 -e 03:00:00 -A"
	"-i 600 -u"
	"-t -A"
	"-h -A"
	"--use"
	"--proc"
	"--cgroup"
)
# sadf PRE ARCHIVE -- POST, written PRE|POST; no "--" when POST is empty.
# sadf has no -D (sar's names the daily files saYYYYMMDD), and its -l only
# says that PCP is not compiled in, whatever the file. -c writes the
# conversion of an old file on stdout.
sadf_sets=(
	"-d|-A"
	"-p|-A"
	"-j|-A"
	"-x|-A"
	"-r|-A"
	"-g|-A"
	"-H|-A"
	"-C|-A"
	"-j|-u"
	"-d -h|-A"
	"-g|-u -r -d"
	"-g -O autoscale,oneday,packed,showidle,showinfo,showtoc,skipempty|-A"
	"--openmetrics|"
	"--openmetrics|-A"
	"-j|--use"
	"-c|"
)

usage() {
	sed -n 's/^# \{0,1\}//; 7,15p' "$0" >&2
	exit 2
}

die() {
	echo "compare_builds: $*" >&2
	exit 2
}

[ $# -eq 2 ] || [ $# -eq 3 ] || usage
before=$(cd "$1" 2>/dev/null && pwd) || die "no build directory '$1'"
after=$(cd "$2" 2>/dev/null && pwd) || die "no build directory '$2'"
corpus_arg=${3:-$top_srcdir/../shared/corpus}
corpus=$(cd "$corpus_arg" 2>/dev/null && pwd) || die "no corpus directory '$corpus_arg'"
for f in "$before/sar/sar" "$before/sadf/sadf" "$before/sadc/sadc" "$after/sar/sar" \
	"$after/sadf/sadf"; do
	if [ ! -f "$f" ] || [ ! -x "$f" ]; then
		die "$f is not built"
	fi
done
for d in upstream/files upstream/generated live; do
	[ -d "$corpus/$d" ] || die "no $d in the corpus $corpus"
done
if cmp -s "$before/sar/sar" "$after/sar/sar" && cmp -s "$before/sadf/sadf" "$after/sadf/sadf"; then
	echo "compare_builds: note: BEFORE and AFTER have the same sar and sadf binaries" >&2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare_builds.XXXXXX") || die "no temporary directory"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# Each side runs its programs by a symlink found on PATH, so that argv[0],
# which the usage and some messages print, is "sar" or "sadf" on both.
for side in before after; do
	mkdir -p "$tmp/bin.$side" "$tmp/tmp.$side"
done
ln -s "$before/sar/sar" "$tmp/bin.before/sar"
ln -s "$before/sadf/sadf" "$tmp/bin.before/sadf"
ln -s "$after/sar/sar" "$tmp/bin.after/sar"
ln -s "$after/sadf/sadf" "$tmp/bin.after/sadf"
mkdir -p "$tmp/cwd" "$tmp/made"
cd "$tmp/cwd" || die "cannot enter $tmp/cwd"

# make_archives: the archives made here (see the header), each named on stdout.
make_archives() {
	local z ext live=$corpus/live/f.sa old=$corpus/upstream/files/data-9.1.6
	local sample=$tmp/made/sadc-sample.sa
	for z in gzip xz bzip2 zstd; do
		case $z in gzip) ext=gz ;; bzip2) ext=bz2 ;; zstd) ext=zst ;; *) ext=$z ;; esac
		if ! command -v $z >/dev/null; then
			echo "compare_builds: note: $z not installed, no f.sa.$ext" >&2
		elif [ -f "$live" ]; then
			$z -c <"$live" >"$tmp/made/f.sa.$ext" || die "$z could not compress $live"
			echo "$tmp/made/f.sa.$ext"
		fi
	done
	if [ -f "$tmp/made/f.sa.gz" ]; then
		head -c $(($(stat -c %s "$tmp/made/f.sa.gz") / 2)) "$tmp/made/f.sa.gz" \
			>"$tmp/made/f.sa-cut.gz"
		echo "$tmp/made/f.sa-cut.gz"
	fi
	if [ -f "$old" ] && command -v gzip >/dev/null; then
		gzip -c <"$old" >"$tmp/made/data-9.1.6.gz" || die "gzip could not compress $old"
		echo "$tmp/made/data-9.1.6.gz"
	fi
	# Three samples one second apart: two intervals of processes and cgroups.
	env -i PATH=/usr/bin:/bin TZ=UTC LC_ALL=C "$before/sadc/sadc" -S XALL,PROCESS,CGROUP 1 3 \
		"$sample" </dev/null >/dev/null 2>"$tmp/made/sadc.err" ||
		die "$before/sadc/sadc could not sample this machine: $(cat "$tmp/made/sadc.err")"
	echo "$sample"
}

archives=()
while IFS= read -r f; do
	archives+=("$f")
done < <(find "$corpus/upstream/files" "$corpus/upstream/generated" "$corpus/live" -type f |
	LC_ALL=C sort)
n_corpus=${#archives[@]}
[ "$n_corpus" -gt 0 ] || die "no archive in the corpus $corpus"
made=$(make_archives) || exit 2
while IFS= read -r f; do
	archives+=("$f")
done <<<"$made"
echo "compare_builds: ${#archives[@]} archives ($n_corpus of the corpus, $((${#archives[@]} - n_corpus))" \
	"made here), ${#sar_sets[@]} sar and ${#sadf_sets[@]} sadf option sets," \
	"flavours ${flavours[*]}" >&2

# run_side SIDE FLAVOUR PROG ARG...: one run of one build, its output in
# $tmp/SIDE.{out,err}, its status that of the job: call it only with "&",
# as it ends in exec. env -i leaves out S_TIME_FORMAT, S_COLORS and the rest
# of the caller's environment; the sysstat configuration file --use reads
# is pinned to an empty one, as the prefix given to configure would
# otherwise choose it.
run_side() {
	local side=$1 flavour=$2
	shift 2
	exec timeout -k 5 $limit env -i PATH="$tmp/bin.$side:/usr/bin:/bin" TZ=UTC LC_ALL=C \
		TMPDIR="$tmp/tmp.$side" SYSREC_COMPAT="$flavour" SYSREC_SYSSTAT_CONF=/dev/null \
		"$@" </dev/null >"$tmp/$side.out" 2>"$tmp/$side.err"
}

# first_byte A B: the offset (from 1) of the first byte where files A and B differ.
first_byte() {
	local at
	at=$(cmp "$1" "$2" 2>&1)
	case $at in
	*" differ: byte "*)
		at=${at#* differ: byte }
		echo "${at%%,*}"
		;;
	*) # one is the other cut short (cmp: EOF on ...)
		local a b
		a=$(stat -c %s "$1")
		b=$(stat -c %s "$2")
		echo $(((a < b ? a : b) + 1))
		;;
	esac
}

# compare FLAVOUR PROG ARG...: both builds on one command; prints a line
# and returns 1 when any of the three differs, or a run timed out or could
# not start.
compare() {
	local flavour=$1 what="" s pid rb ra
	shift
	run_side before "$flavour" "$@" &
	pid=$!
	run_side after "$flavour" "$@" &
	wait $!
	ra=$?
	wait $pid
	rb=$?
	for s in out err; do
		cmp -s "$tmp/before.$s" "$tmp/after.$s" && continue
		what+="${what:+, }std$s differs at byte $(first_byte "$tmp/before.$s" "$tmp/after.$s")"
	done
	[ "$rb" = "$ra" ] || what+="${what:+, }status $rb vs $ra"
	# timeout's 124 (137 when killed), and 125-127 when nothing ran: a run
	# cut short or never started proves nothing, even on both sides.
	case " $rb $ra " in
	*" 124 "* | *" 137 "*) what+="${what:+, }timed out after $limit s" ;;
	*" 125 "* | *" 126 "* | *" 127 "*) what+="${what:+, }could not run" ;;
	esac
	n_status[$rb]=$((${n_status[$rb]:-0} + 1))
	[ -z "$what" ] && return 0
	echo "compare_builds: $what: SYSREC_COMPAT=$flavour $*"
	return 1
}

n_runs=0
n_differ=0
declare -A n_status # BEFORE's exit statuses, to show what the runs did
for flavour in "${flavours[@]}"; do
	for archive in "${archives[@]}"; do
		for set in "${sar_sets[@]}"; do
			# shellcheck disable=SC2086 # each set is words to split
			compare "$flavour" sar $set -f "$archive" || n_differ=$((n_differ + 1))
			n_runs=$((n_runs + 1))
		done
		for set in "${sadf_sets[@]}"; do
			pre=${set%%|*}
			post=${set#*|}
			# shellcheck disable=SC2086 # each set is words to split
			if [ -n "$post" ]; then
				compare "$flavour" sadf $pre "$archive" -- $post
			else
				compare "$flavour" sadf $pre "$archive"
			fi || n_differ=$((n_differ + 1))
			n_runs=$((n_runs + 1))
		done
	done
done
tally=
for s in $(printf '%s\n' "${!n_status[@]}" | sort -n); do
	tally+="${tally:+, }${n_status[$s]} exited $s"
done
echo "compare_builds: in BEFORE, $tally" >&2
echo "compare_builds: $n_runs outputs compared, $n_differ differ"
[ "$n_differ" -eq 0 ]
