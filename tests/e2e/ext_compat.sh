#!/bin/bash
# flavours: 12.6.1 12.7.5
# sysrec's own activities (sadc -S PROCESS, THREADS, STACK, CGROUP, IOSTAT, MPSTAT: extension records,
# common/ext.h) leave everything sysstat prints unchanged. Files
# collected by our sadc with -S XALL,PROCESS,THREADS,STACK,CGROUP,IOSTAT,MPSTAT on this machine (with a
# comment and a LINUX RESTART) and on every fixture root (and on the cgroup
# fixture, when tests/tools/cgroup_fixture.py exists) are copied without
# their extra-structure records (tests/tools/sa_strip_ext.py). Then, for
# every file:
# - the file is larger than its stripped copy, and the tool dropped one
#   extension record per statistics record (the test cannot pass vacuously),
#   and sysstat's sar reads the file (it prints CPU rows);
# - sysstat's sar prints the same bytes (and messages and exit status) on
#   the file and on the stripped copy for every report of the list below, and
#   sysstat's sadf for every format; our sar and sadf too;
# - sysstat's sadc appends two records to the file (exit 0, nothing on
#   stderr), then our sadc one with -S $SEL (with its
#   extension record); sysstat's sadf then reads every record (three more
#   intervals), and sysstat's sar and sadf and our sar print the same as on
#   the stripped copy of the result.
# The tool itself is checked on upstream's data-extra-12.1.7 (extra
# structures after the header, kept, and one record of type 8, dropped).
# The oracle is the flavour's sysstat (12.6.1 installed, or 12.7.5 unpacked).
# Both copies of a file have the same name in two directories, so that a
# message naming the file is the same too.
. "${top_srcdir:-.}/tests/lib.sh"

command -v python3 >/dev/null || missing "python3 is needed (tests/tools/sa_strip_ext.py)"
requires shared oracle
SAR="$top_builddir/sar/sar"
STRIP="$top_srcdir/tests/tools/sa_strip_ext.py"
CG_FIXTURE="$top_srcdir/tests/tools/cgroup_fixture.py"
SEL=XALL,PROCESS,THREADS,STACK,CGROUP,IOSTAT,MPSTAT
ident=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64

# Every report: sar -A and the reports of sar's options one by one (each
# with every variant that reads other items: ALL, -P ALL, -I SUM, MOUNT).
sar_reports=(
	"-A" "-A -h" "-u ALL -P ALL" "-r ALL" "-S" "-q ALL" "-d -p" "-n ALL" "-I ALL" "-I SUM -P ALL"
	"-m ALL" "-F MOUNT" "-B" "-b" "-w" "-W" "-H" "-v" "-y"
)
# Every format of sadf, with -- -A where it takes sar's options.
sadf_formats=(
	"-d @ -- -A" "-p @ -- -A" "-j @ -- -A" "-x @ -- -A" "-r @ -- -A" "-H @" "-g @ -- -A"
	"-d -C @ -- -A" "-p -U @ -- -A" "-c @" "-l @ -- -A"
)
# On the files outside the sample: sar -A and the first six formats.
sadf_main=("${sadf_formats[@]:0:6}")

mkdir -p "$TMPD/ext" "$TMPD/strip" "$TMPD/app" "$TMPD/appstrip" "$TMPD/log"

# ---- Collection: this machine and every fixture root, all at once (each
# run sleeps its interval) ----
names=()
(
	"$SADC" -S $SEL "$TMPD/ext/live.sa" 1 2 &&
		"$SADC" -C "a comment" "$TMPD/ext/live.sa" &&
		"$SADC" "$TMPD/ext/live.sa" &&
		"$SADC" -S $SEL "$TMPD/ext/live.sa" 1 2
) >"$TMPD/log/live.err" 2>&1 &
names+=(live)
t=1555593609
for root in "$SHARED"/corpus/upstream/roots/root*; do
	[ -d "$root" ] || continue
	name=$(basename "$root")
	"$SADC" --root="$root" --unix-time=$t $ident -S $SEL "$TMPD/ext/$name.sa" 1 2 \
		>"$TMPD/log/$name.err" 2>&1 &
	names+=("$name")
	t=$((t + 100))
done
if [ -f "$CG_FIXTURE" ]; then
	if python3 "$CG_FIXTURE" --cgroups 20 --base "$SHARED/corpus/upstream/roots/root1" "$TMPD/cgroot" >"$TMPD/log/cgfix.err" 2>&1; then
		"$SADC" --root="$TMPD/cgroot" --unix-time=$t $ident -S $SEL "$TMPD/ext/cgroot.sa" 1 2 \
			>"$TMPD/log/cgroot.err" 2>&1 &
		names+=(cgroot)
	else
		fail "cgroup_fixture.py --cgroups 20 --base root1: $(head -3 "$TMPD/log/cgfix.err")"
	fi
else
	echo "NOTE: no tests/tools/cgroup_fixture.py: no cgroup fixture"
fi
wait

files=()
declare -A stats_of drop_of
for name in "${names[@]}"; do
	if [ -s "$TMPD/log/$name.err" ] || [ ! -s "$TMPD/ext/$name.sa" ]; then
		fail "our sadc -S $SEL on $name: $(head -3 "$TMPD/log/$name.err")"
		continue
	fi
	if ! python3 "$STRIP" -v "$TMPD/ext/$name.sa" "$TMPD/strip/$name.sa" 2>"$TMPD/log/$name.strip"; then
		fail "sa_strip_ext.py on $name: $(cat "$TMPD/log/$name.strip")"
		continue
	fi
	# "FILE: kept S statistics, R restart, C comment records; dropped D ..."
	read -r n_stats n_drop < <(sed -E 's/.*kept ([0-9]+) statistics.*dropped ([0-9]+) .*/\1 \2/' \
		"$TMPD/log/$name.strip")
	size=$(stat -c %s "$TMPD/ext/$name.sa")
	ssize=$(stat -c %s "$TMPD/strip/$name.sa")
	stats_of[$name]=$n_stats drop_of[$name]=$n_drop
	if [ "$n_stats" -ge 2 ] && [ "$n_drop" = "$n_stats" ] && [ "$size" -gt "$ssize" ]; then
		pass
	else
		fail "$name: $size bytes, stripped $ssize; $(cat "$TMPD/log/$name.strip") (expected one extension record per statistics record)"
	fi
	if [ "$("$ORACLE_SAR" -u -f "$TMPD/ext/$name.sa" 2>&1 | grep -c ' all ')" -ge 1 ]; then
		pass
	else
		fail "sysstat's sar -u prints no CPU row on $name.sa: $("$ORACLE_SAR" -u -f "$TMPD/ext/$name.sa" 2>&1 | head -3)"
	fi
	files+=("$name")
done
echo "files: ${files[*]}"

# both LABEL DIR1 DIR2 NAME CMD...: CMD (an "@" in it stands for NAME.sa)
# in DIR1 and in DIR2 prints the same bytes, messages and status.
both() {
	local label=$1 d1=$2 d2=$3 name=$4
	shift 4
	local args=("${@//@/$name.sa}")
	# (The shell's own "Segmentation fault" message goes: sysstat 12.6.1's
	# sadf -g crashes on root2 and root3, with the same output either way.)
	(cd "$TMPD/$d1" && run_capture "$TMPD/c1" "${args[@]}") 2>/dev/null
	(cd "$TMPD/$d2" && run_capture "$TMPD/c2" "${args[@]}") 2>/dev/null
	if same_capture "$TMPD/c1" "$TMPD/c2"; then
		pass
	else
		fail "$label ${*//@/$name.sa}: not the same with the extension records"
		show_diff "$TMPD/c1" "$TMPD/c2"
		# Whether the difference stays (it counts as a failure either way).
		(cd "$TMPD/$d1" && run_capture "$TMPD/c3" "${args[@]}") 2>/dev/null
		(cd "$TMPD/$d2" && run_capture "$TMPD/c4" "${args[@]}") 2>/dev/null
		same_capture "$TMPD/c3" "$TMPD/c4" && echo "(run again: the same bytes)" ||
			echo "(run again: still different)"
	fi
}

# ---- Every report and format, sysstat's and ours ----
# The whole matrix on this machine's file, the cgroup fixture's and a
# sample of the roots (tests/lib.sh sampled(); all with SYSREC_FULL=1);
# sar -A and sadf's main formats on the others.
i=0
for name in "${files[@]}"; do
	reports=("${sar_reports[@]}") formats=("${sadf_formats[@]}")
	case $name in
	live | cgroot) ;;
	*) sampled $i || reports=("-A") formats=("${sadf_main[@]}") ;;
	esac
	i=$((i + 1))
	for r in "${reports[@]}"; do
		# shellcheck disable=SC2086 # a report is several words
		both "sysstat's sar" ext strip "$name" "$ORACLE_SAR" $r -f @
		# shellcheck disable=SC2086
		both "our sar" ext strip "$name" "$SAR" $r -f @
	done
	for f in "${formats[@]}"; do
		# shellcheck disable=SC2086
		both "sysstat's sadf" ext strip "$name" "$ORACLE_SADF" $f
		# shellcheck disable=SC2086
		both "our sadf" ext strip "$name" "$SADF" $f
	done
done

# ---- The tool on a file of sysstat's own with an extra-structure record ----
# Upstream's data-extra-12.1.7: extra structures after the header (kept) and
# one record of type 8 (dropped).
f=$SHARED/corpus/upstream/files/data-extra-12.1.7
if [ -r "$f" ]; then
	mkdir -p "$TMPD/x1" "$TMPD/x2"
	cp "$f" "$TMPD/x1/x.sa"
	if python3 "$STRIP" -v "$f" "$TMPD/x2/x.sa" 2>"$TMPD/log/x.strip" &&
		grep -q "kept 2 statistics, 1 restart, 0 comment records; dropped 1 extra-structure records (104 bytes)" \
			"$TMPD/log/x.strip"; then
		pass
		both "sysstat's sar" x1 x2 x "$ORACLE_SAR" -A -f @
		both "sysstat's sadf" x1 x2 x "$ORACLE_SADF" -j @ -- -A
	else
		fail "sa_strip_ext.py on data-extra-12.1.7: $(cat "$TMPD/log/x.strip")"
	fi
fi

# ---- Appending: sysstat's sadc (two records, all files at once), then ours ----
for name in "${files[@]}"; do
	cp "$TMPD/ext/$name.sa" "$TMPD/app/$name.sa"
	"$ORACLE_SADC" 1 2 "$TMPD/app/$name.sa" >"$TMPD/log/$name.app" 2>&1 &
done
wait
# Data rows of sysstat's sadf -d -- -u: one per interval.
rows() {
	"$ORACLE_SADF" -d "$1" -- -u 2>/dev/null | grep -vc '^#'
}
for name in "${files[@]}"; do
	f=$TMPD/app/$name.sa
	if [ -s "$TMPD/log/$name.app" ]; then
		fail "sysstat's sadc 1 2 on $name.sa: $(head -3 "$TMPD/log/$name.app")"
		continue
	fi
	"$SADC" -S $SEL "$f" 1 1 >"$TMPD/log/$name.app2" 2>&1 ||
		fail "our sadc -S $SEL 1 1 after sysstat's on $name.sa: $(head -3 "$TMPD/log/$name.app2")"
	before=$(rows "$TMPD/ext/$name.sa")
	after=$(rows "$f")
	if [ "$after" -eq $((before + 3)) ]; then
		pass
	else
		fail "$name.sa after the appends: sysstat's sadf -d -- -u prints $after rows, $before before (expected 3 more)"
	fi
	if python3 "$STRIP" -v "$f" "$TMPD/appstrip/$name.sa" 2>"$TMPD/log/$name.strip2"; then
		# Three more statistics records, one more extension record (ours).
		read -r n_stats n_drop < <(sed -E 's/.*kept ([0-9]+) statistics.*dropped ([0-9]+) .*/\1 \2/' \
			"$TMPD/log/$name.strip2")
		if [ "$n_stats" = $((stats_of[$name] + 3)) ] && [ "$n_drop" = $((drop_of[$name] + 1)) ]; then
			pass
		else
			fail "$name.sa after the appends: $(cat "$TMPD/log/$name.strip2") (before: ${stats_of[$name]} statistics, ${drop_of[$name]} dropped)"
		fi
		both "sysstat's sar (appended)" app appstrip "$name" "$ORACLE_SAR" -A -f @
		both "sysstat's sadf (appended)" app appstrip "$name" "$ORACLE_SADF" -j @ -- -A
		both "our sar (appended)" app appstrip "$name" "$SAR" -A -f @
	else
		fail "sa_strip_ext.py on $name.sa after the appends: $(cat "$TMPD/log/$name.strip2")"
	fi
done

finish
