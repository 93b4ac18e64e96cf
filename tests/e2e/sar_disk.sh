#!/bin/bash
# flavours: 12.6.1 12.7.5
# The disk family of sar views (-b, -d, -y, -F [MOUNT]) against Debian's
# sysstat 12.6.1: both sars run with the same options on the same files, and
# stdout, stderr and the exit status must be identical. The files are every
# archive of the shared corpus that sar 12.6.1 can read, archives written by
# our sadc (on this machine, on the fixture roots, and on a crafted root whose
# devices are removed, registered again, wrap and come back), and sa_make's
# random ones.
#
# Device names are resolved by the reading host, so the naming rules (sysfs,
# the ioconf file, /dev/mapper with -p, /dev/disk/by-* with -j) are also
# checked in private mount namespaces holding fake /dev, /sys/dev/block,
# /proc/devices and /etc/sysstat trees (when unshare(1) works here).
. "${top_srcdir:-.}/tests/lib.sh"

SAR="$(cd "$top_builddir" && pwd)/sar/sar"
requires shared oracle "$SAR"
# A copy, so that a rebuild during the run does not get in the way.
cp "$SAR" "$TMPD/sar" && SAR=$TMPD/sar
export LC_ALL=C S_COLORS=never
unset S_TIME_FORMAT
ROOTS="$SHARED/corpus/upstream/roots"
IDENT=--uname=Linux,SYSSTAT.TEST,1.2.3-TEST,x86_64
DISK_IDS=6,10,11,37

# ---- the files ----

. "$top_srcdir/tests/fixtures/archives_disk.sh"
. "$top_srcdir/tests/fixtures/naming_ns.sh"

# ---- the options ----

VIEWS=(-b -d -y -F "-F MOUNT" "-F -F MOUNT" "-d -p" "-d -j SID" "-F -j SID" "-b -d -y -F")
MODS=("" --dec=0 --dec=1 -h --human --pretty -z "-z --human" "-t")
# Windows and intervals, with a few views.
WVIEWS=("-d -F" "-b -y")

# The first displayed names of a view (device names, filesystems, mount points).
names_of() {
	local f=$1
	shift
	"$ORACLE_SAR" "$@" -f "$f" 2>/dev/null | awk '/^[0-9].* DEV$|MOUNTPOINT$|FILESYSTEM$/ { h = 1; next }
		h && NF > 8 && $1 != "Average:" && $1 != "Summary:" { print $NF }' | sort -u | head -3
}

n_cases=0
check() {
	local f=$1
	shift
	n_cases=$((n_cases + 1))
	oracle_compare sar "$@" -f "$f"
}

# Whether the file has one of the family's activities (else only the error is compared).
has_family() {
	local o
	for o in -b -d -y -F; do
		"$ORACLE_SAR" $o -f "$1" >/dev/null 2>&1 && return 0
	done
	return 1
}

for tz in UTC GMT+12; do
	export TZ=$tz
	idx=0
	for f in "${files[@]}"; do
		idx=$((idx + 1))
		if ! has_family "$f"; then
			[ $tz = UTC ] && for v in -b -d -y -F; do check "$f" $v; done
			continue
		fi
		# Outside SYSREC_FULL=1, a sample of the files gets the whole matrix.
		if ! sampled $idx; then
			[ $tz = UTC ] || continue
			for v in "${VIEWS[@]}"; do
				# shellcheck disable=SC2086
				check "$f" $v
			done
			continue
		fi
		# The time zone only moves the times: the modifiers once.
		mods=("${MODS[@]}")
		[ $tz = UTC ] || mods=("")
		for v in "${VIEWS[@]}"; do
			for m in "${mods[@]}"; do
				# shellcheck disable=SC2086
				check "$f" $v $m
			done
		done
		# Item filters: names the file shows, an unknown one, one too long for sysstat.
		long=$(printf 'x%.0s' $(seq 1 130))
		devs=$(names_of "$f" -d -p | paste -sd, -)
		fss=$(names_of "$f" -F | paste -sd, -)
		mps=$(names_of "$f" -F MOUNT | paste -sd, -)
		for v in "-d --dev=${devs:-sda},nosuch" "-d -p --dev=${devs%%,*}" "-d --dev=$long" \
			"-d --dev=nosuch" "-F --fs=${fss:-/},nosuch" "-F MOUNT --fs=${mps:-/}" \
			"-F -F MOUNT --fs=${fss%%,*},${mps##*,}" "-F --fs=$long" "-F -z --fs=${fss:-/}"; do
			# shellcheck disable=SC2086
			check "$f" $v
		done
		mapfile -t times < <(row_times "$f" -b)
		n=${#times[@]}
		windows=("-s 23:59:59" "-e 00:00:00" "-s 12:00:00 -e 11:00:00")
		if [ "$n" -gt 0 ]; then
			first=${times[0]} last=${times[$((n - 1))]}
			windows+=("-s $first" "-e $last" "-s $first -e $first" "-s $last -e $last")
			if [ "$n" -gt 2 ]; then
				windows+=("-s ${times[1]} -e ${times[$((n - 2))]}")
			fi
		fi
		for v in "${WVIEWS[@]}"; do
			for w in "${windows[@]}" "-i 1" "-i 2" "-i 5" "-i 3600" "1 1" "1 2" "1 3" \
				"-C"; do
				# shellcheck disable=SC2086
				check "$f" $v $w
			done
		done
	done
done

# -j with a type this host has no /dev/disk/by-TYPE for.
export TZ=UTC
check "$TMPD/craft.sa" -d -j ID
check "$TMPD/craft.sa" -d -j
check "$TMPD/craft.sa" -F -j LABEL

# ---- naming on other hosts: private mount namespaces ----

if naming_ns_make "$TMPD/ns"; then
	check_ns() {
		local env=$1 f=$2
		shift 2
		n_cases=$((n_cases + 1))
		if ! naming_ns_run "$TMPD/ns" "$env" "$TMPD/a" "$TMPD/b" "$ORACLE_SAR" "$SAR" \
			"$@" -f "$f"; then
			fail "namespace $env: setup failed"
		else
			oracle_judge "[$env] sar $* -f $f"
		fi
	}
	nsfiles=("$TMPD/craft.sa" "$TMPD/craft-restart.sa" "$SHARED/corpus/upstream/generated/data.tmp"
		"$SHARED/corpus/upstream/generated/datax.tmp" "$TMPD/roots.sa" "$TMPD/make.sa")
	for f in "${nsfiles[@]}"; do
		[ -r "$f" ] || continue
		for env in fake local none; do
			for v in -d "-d -p" "-d -j ID" "-d -j SID" "-d -h" "-d -j ID -z" \
				"-d --dev=sdq,cciss/c0d0,trailing" "-d -p --dev=sda" \
				"-d -j ID --dev=ata-DISK_A" "-F -j LABEL" "-F MOUNT -j LABEL" \
				"-F -j label --fs=rootfs" "-F -j UUID" "-d -j by"; do
				# shellcheck disable=SC2086
				check_ns $env "$f" $v
			done
		done
		check_ns nomapper "$f" -d
		check_ns nomapper "$f" -d -p
	done
	# A broken ioconf: its messages (sysstat prints them once per run: one
	# segment, one view here).
	check_ns bad "$TMPD/craft.sa" -d
	check_ns bad "$TMPD/craft.sa" -d -p
else
	echo "unshare(1) does not work here: the naming namespaces are skipped"
fi
echo "$(basename "$0" .sh): ${#files[@]} files, $n_cases cases"
finish
