#!/bin/bash
# flavours: 12.6.1 12.7.5
# iostat against the release's iostat (Debian 12's 12.6.1, Debian 13's
# 12.7.5): both run over the same snapshot sequences under the livefix shim
# (tests/live.md); stdout, stderr and the exit status must be the same byte
# for byte. Sequences from live_seq.py: SATA disks with partitions, NVMe and
# device mapper (with /dev/mapper names); kernels of 14 and 18 diskstats
# fields; a device re-inserted, 32-bit tick wraps, a disk removed and one
# added; counters going back without a re-insertion (12.6.1's huge values,
# 12.7.5's zeros); old 4-field partitions; 1,000 disks; /dev/disk/by-id and
# by-label links for -j. Options: the default report, -c -d -x -s -k -m -t
# -y -z -p -N -j -g -H, devices and ALL, --human --pretty -h --compact
# --dec, JSON (also checked with python3 -m json.tool), Ctrl-C, usage
# errors, -f/+f directories, POSIXLY_CORRECT, S_COLORS, S_TIME_FORMAT, and the locale
# (de_DE.UTF-8, fr_FR.UTF-8 when installed) and TZ=GMT+12.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/live_lib.sh"

IOSTAT=$(our_bin iostat)
[ -x "$IOSTAT" ] || skip "$IOSTAT is not built"
[ -r "$LIVEFIX" ] || skip "$LIVEFIX is not built (make tests/tools/livefix.so)"
command -v python3 >/dev/null || skip "python3 is missing (live_seq.py)"
have_live_oracle iostat || skip "the release's iostat $FLAVOUR does not run here ($(oracle_bin iostat))"

SEQ=$TMPD/seq
iostat_sequences "$SEQ"

# Our binary must read the snapshots, not this machine.
banner=$(bash "$LIVE_RUN" "$SEQ/std" -- "$IOSTAT" 2>/dev/null | head -1)
case $banner in
*"(4 CPU)") ;;
*) skip "livefix.so does not route our reads (banner: $banner)" ;;
esac


# cases SEQNAME [VAR=VALUE ...] -- ARGS...: one differential case per line of stdin.
cases() {
	local s=$1 line
	shift
	while IFS= read -r line; do
		# shellcheck disable=SC2086
		live_diff --show=5 "$SEQ/$s" "$@" -- iostat $line
	done
}

cases std <<'END'

-d
-c
-x
-xz 1 3
-x -y 1 2
-y 1 3
-k 1 2
-m -x 1 2
-t 1 2
-p ALL
-p ALL -x 1 2
-p
-xp 1 2
-p sda,nvme0n1 1 2
-p sda 1 2
sda sdb
sda1 sdb2 1 2
-x nvme0n1p1 1 2
ALL 1 2
0.5
-z 1 3
-s
-s 1 2
-x -s 1 3
--human
--human -s 1 2
-h -x 1 2
-h -x -s
--pretty 1 2
-x --pretty 1 3
-x --pretty --compact
-x --dec=0
--dec=1 -h -x
--dec=2 -s
-g grp sda sdb -g g2 nvme0n1 1 3
-x -g grp sda sdb -g g2 nvme0n1 1 3
-H -g grp sda sdb 1 2
-H -x -g grp sda sdb -g g2 sdc 1 3
-x --pretty -g grp sda sdb 1 3
-N
-N -x dm-0 1 2
-N -p ALL
-o JSON
-o JSON -x 1 2
-o JSON -x -s -t 1 2
-o JSON -s 1 2
-o JSON -m -g grp sda sdb 1 2
-o JSON -y 1 3
-o JSON -c 1 2
-o JSON -d -k 1 2
-f /nonexistent
-f . -f .
-Q
0 5
1 0
-k -m
-H
--dec=3
--dec=a
-o XML
-o
-g
-j
-j NOSUCHTYPE
-V
END

# The edge sequences.
for s in f14 f18 neg back p4; do
	cases $s <<'END'
-x 1 4
-p ALL -x 1 4
-p ALL 1 4
-x -s 1 4
-o JSON -x 1 4
-g g sda sdb sdc -x 1 4
sdb sdc sdz sda1 1 4
-p sda,sdb 1 4
-z -x 1 4
ALL 1 4
-h -x 1 4
END
done
cases many <<'END'

-x 1 1
-p ALL -x
-o JSON -z
-x -g all sda sdb sdc sdd
END
# -f DIR reads disks from DIR alone, +f from /sys and then DIR.
cases alt <<'END'
-f /sys/alt
+f /sys/alt
-f /sys/alt -x 1 3
+f /sys/alt -x 1 3
-f /sys/alt -p ALL 1 2
+f /sys/alt -p ALL 1 2
-f /sys/alt sdq sda sdc 1 2
+f /sys/alt sdq sda sdc 1 2
-f /sys/alt -p sdq,sda 1 2
+f /sys/alt -p sdc 1 2
-f /sys/alt -z ALL 1 2
+f /sys/alt -o JSON -x 1 2
-f /sys/alt -g g sdq sdb -x 1 2
END
cases j <<'END'
-j ID
-j id -x 1 2
-j ID ata-DISK_A 1 2
-j LABEL -p ALL
-j ID -p ata-DISK_A
-j ID ata-DISK_B-part1 -x 1 2
-N -j ID
-N vg-root 1 2
END

# Ctrl-C in the first interval and later, with and without JSON.
for at in 1 2; do
	for a in "-x 1 5" "-o JSON 1 5" "-o JSON -y 1 5"; do
		# shellcheck disable=SC2086
		live_diff --show=5 "$SEQ/std" LIVEFIX_SIGINT_AT=$at -- iostat $a
	done
done

# The environment, the locale and the time zone.
envs=(POSIXLY_CORRECT=1 S_TIME_FORMAT=ISO S_COLORS=always TZ=GMT+12)
for l in de_DE.UTF-8 fr_FR.UTF-8; do
	if locale -a 2>/dev/null | grep -qix "${l/UTF-8/utf8}"; then
		envs+=("LC_ALL=$l")
	else
		echo "SKIP (part): locale $l is not installed"
	fi
done
for e in "${envs[@]}"; do
	cases neg "$e" <<'END'
-x 1 3
-s 1 3
-x -s 1 3
-t -o JSON 1 2
-t 1 2
-h -x 1 3
--human -s 1 2
-z -x -g grp sda sdb 1 3
-V
END
done

# The JSON documents parse (a Ctrl-C in the middle too).
for a in "-o JSON" "-o JSON -x -t 1 3" "-o JSON -x -s -g grp sda sdb 1 3" "-o JSON -d 1 2"; do
	# shellcheck disable=SC2086
	bash "$LIVE_RUN" "$SEQ/std" -- "$IOSTAT" $a >"$TMPD/j.json" 2>&1
	if python3 -m json.tool "$TMPD/j.json" >/dev/null 2>&1; then pass; else fail "JSON of iostat $a"; fi
done
bash "$LIVE_RUN" "$SEQ/std" LIVEFIX_SIGINT_AT=2 -- "$IOSTAT" -o JSON 1 5 >"$TMPD/j.json" 2>&1
if python3 -m json.tool "$TMPD/j.json" >/dev/null 2>&1; then pass; else fail "JSON after Ctrl-C"; fi

finish
