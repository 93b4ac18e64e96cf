#!/bin/bash
# flavours: 12.6.1 12.7.5
# sar -x (sysstat 12.7.3 and later: the minimum and maximum of every value
# before each average row) against the flavour's sar. Under 12.7.5: every
# archive at hand (the corpus, our sadc's, the fixture roots') with -x and
# every report, -P, -h/-p, --human, --dec, -z, -i, -s/-e, a count,
# --dev/--iface/--fs/--int, colours, in two time zones for some files
# (roots.sa's counters go back, 32-bit ones too: their rates count as 0).
# Under 12.6.1, where -x is a usage error: the same command lines give the
# same error. Stdout, stderr and exit status must be identical.
. "${top_srcdir:-.}/tests/lib.sh"

requires oracle
SAR="$top_builddir/sar/sar"

norm="s|$ORACLE_SAR|sar|g;s|$SAR|sar|g"

# compare NAME ARGS...: both sars, same arguments, same environment.
compare() {
	local name=$1
	shift
	oracle_compare --timeout=60 --paths --label="$name: sar $*" sar "$@"
}

# Whether both sars agree on ARGS without -x (else a difference under -x is not -x's).
agree_without_x() {
	run_capture "$TMPD/p" timeout 60 "$ORACLE_SAR" "$@"
	run_capture "$TMPD/q" timeout 60 "$SAR" "$@"
	same_capture "$TMPD/p" "$TMPD/q" "$norm"
}

cd "$TMPD"
files=()
if have_part shared "the corpus archives and roots"; then
	add_sar_archives -u
else
	"$SADC" -S XALL "$TMPD/live.sa" 1 3 && files+=("$TMPD/live.sa")
fi
[ ${#files[@]} -gt 0 ] || fail "no archive to read"
first=${files[0]}

if [ "$FLAVOUR" = 12.6.1 ]; then
	# -x is unknown to 12.6.1: a usage error wherever it appears.
	for args in "-x" "-x -u" "-ux" "-u -x ALL" "-A -x" "-x 1 1" "-x -d -p" "--human -x"; do
		compare "12.6.1 -x" $args -f "$first"
	done
	compare "12.6.1 -x alone" -x
	finish
	exit
fi

# Every file: every report.
main=("-x -A" "-x -A -h" "-x -u ALL -P ALL" "-x -I ALL -P ALL")
# One file in four (all with SYSREC_FULL=1): the options that change what -x prints.
more=("-x -A --human" "-x -A -p --dec=1" "-x -A --dec=0" "-x -A -z" "-x -A -i 20"
	"-x -A -C -t" "-x -u -P 1,3" "-x -I SUM -I 0-3 --int=5,NMI -p"
	"-x -d -n DEV,EDEV -F MOUNT -p" "-x -d --dev=sda,sdb,dev8-0"
	"-x -n DEV,EDEV --iface=eth0,lo" "-x -F --fs=/dev/sda7,/dev/sda6"
	"-x -r ALL -S -h" "-x -m ALL" "-x -q ALL -w -W -B -b -v -H -y"
	"-x -n ALL" "-x -A -s 13:20:00 -e 13:40:00" "-x -A -e 07:15:12" "-x -u -r 2"
	"-x -u 1 3")
i=0
for f in "${files[@]}"; do
	b=$(basename "$f")
	opts=("${main[@]}")
	sampled $i && opts+=("${more[@]}")
	i=$((i + 1))
	for o in "${opts[@]}"; do
		for tz in $(tz_list "$f"); do
			# shellcheck disable=SC2086
			if ! TZ=$tz agree_without_x ${o#-x } -f "$f"; then
				echo "note: $b: sar ${o#-x } already differs without -x (TZ=$tz), not counted"
				continue
			fi
			# shellcheck disable=SC2086
			TZ=$tz compare "$b TZ=$tz" $o -f "$f"
		done
	done
	# Colours around the extremes (and the "Last:" rows of filesystems).
	export S_COLORS=always
	if agree_without_x -A -f "$f"; then
		compare "$b colours" -x -A -f "$f"
	else
		echo "note: $b: sar -A (colours) already differs without -x, not counted"
	fi
	export S_COLORS_SGR="H=1;31:M=35:Z=2:N=36:I=33"
	if sampled $i && agree_without_x -A -h -f "$f"; then
		compare "$b colours SGR" -x -A -h -f "$f"
	fi
	unset S_COLORS S_COLORS_SGR
done

# Command lines that mix -x with the others (each with its form without -x).
while IFS=: read -r args plain; do
	# shellcheck disable=SC2086
	if agree_without_x $plain -f "$first"; then
		compare "cmdline" $args -f "$first"
	else
		echo "note: sar $plain already differs without -x, not counted"
	fi
done <<'ARGS'
-xu:-u
-x -u -x:-u
-x -o:-o
ARGS
finish
