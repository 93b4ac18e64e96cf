#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Runs a sysstat release's live tools over upstream sysstat's own test roots
(converted by `live_seq.py upstream`) under the livefix shim, and counts
the upstream expected outputs (the shared corpus's upstream/expected) that
they reproduce byte for byte (stdout, as upstream's tests compare).

  live_upstream.py BINDIR CORPUS WORK [--sysstat=12.6.1]

BINDIR holds iostat, mpstat, ...; CORPUS is the shared corpus's upstream/
(roots/, expected/); WORK a scratch directory. Prints the names not
reproduced, then "upstream expected outputs reproduced: N/M". Exits 0.

The table below names, for each expected output, the root upstream's test
starts from, the environment it sets (only LC_ALL and TZ: upstream's TEST
build ignores the others unless --getenv, which a release does not have)
and the command line: facts read from upstream's tests/NNNNN scripts
(sysstat 12.7.5), one line each. Outputs whose test pipes, forks (-e) or
compares otherwise are not in it.
"""
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# expected file, root, environment, tool, arguments
TABLE = """\
expected.iostat-V-env	root1		iostat	--getenv -V
expected.mpstat-V-env	root1		mpstat	--getenv -V
expected.pidstat-V-env	root1		pidstat	--getenv -V
expected.tapestat-V-env	root1		tapestat	--getenv -V
expected.cifsiostat-V-env	root1		cifsiostat	--getenv -V
expected.iostat	root1	LC_ALL=C TZ=GMT	iostat	2 3
expected.iostat-ALL	root1	LC_ALL=C TZ=GMT	iostat	ALL 2 3
expected.iostat-p-ALL	root1	LC_ALL=C TZ=GMT	iostat	-d -p ALL 2 3
expected.iostat-p-sda	root1	LC_ALL=C TZ=GMT	iostat	-p sda 2 3
expected.iostat-ALL-p-ALL	root1	LC_ALL=C TZ=GMT	iostat	-d ALL -p ALL 2 3
expected.iostat-0	root1	LC_ALL=C TZ=GMT	iostat	
expected.iostat-list	root1	LC_ALL=C TZ=GMT	iostat	sda sdc 2 3
expected.iostat-pretty	root1	LC_ALL=C TZ=GMT	iostat	--pretty -d ALL -p ALL 2 2
expected.iostat-x	root1	LC_ALL=C TZ=GMT	iostat	-x 1 2
expected.iostat-x-ALL	root1	LC_ALL=C TZ=GMT	iostat	-x ALL 1 2
expected.iostat-x-p-ALL	root1	LC_ALL=C TZ=GMT	iostat	-x -p ALL 1 2
expected.iostat-x-p-sda	root1	LC_ALL=C TZ=GMT	iostat	-x -p sda 1 2
expected.iostat-x-ALL-p-ALL	root1	LC_ALL=C TZ=GMT	iostat	-dx ALL -p ALL 1 7
expected.iostat-x-0	root1	LC_ALL=C TZ=GMT	iostat	-x
expected.iostat-x-list	root1	LC_ALL=C TZ=GMT	iostat	-dx -p sdb,sdc
expected.iostat-x-ALL-flush	root3	LC_ALL=C TZ=GMT	iostat	-x ALL 1 3
expected.iostat-s	root1	LC_ALL=C TZ=GMT	iostat	-s 1 2
expected.iostat-s-ALL	root1	LC_ALL=C TZ=GMT	iostat	-ds ALL 1 2
expected.iostat-s-list-p	root1	LC_ALL=C TZ=GMT	iostat	-s sdb -p ALL 1 2
expected.iostat-sp-0	root1	LC_ALL=C TZ=GMT	iostat	-s -p
expected.iostat-s-ALL-p-ALL	root1	LC_ALL=C TZ=GMT	iostat	-s ALL -p ALL 1 2
expected.iostat-s-0	root1	LC_ALL=C TZ=GMT	iostat	-s
expected.iostat-s-list	root1	LC_ALL=C TZ=GMT	iostat	-ds sda -p sdb 1 2
expected.iostat-xs	root1	LC_ALL=C TZ=GMT	iostat	-xs 2 3
expected.iostat-xs-sdb	root1	LC_ALL=C TZ=GMT	iostat	-dxs /dev/sdb 2 3
expected.iostat-xs-p-sda	root1	LC_ALL=C TZ=GMT	iostat	-dxs -p sda 2 3
expected.iostat-xs-list	root1	LC_ALL=C TZ=GMT	iostat	-xs sda1 sda3 sdc1 -p sdb,sdd
expected.iostat-xs-list-part	root1	LC_ALL=C TZ=GMT	iostat	-xs sda3 sda1 1 3
expected.iostat-sigint	root1	LC_ALL=C TZ=GMT	iostat	2
expected.iostat-foo	root1	LC_ALL=C TZ=GMT	iostat	-d foo
expected.iostat-ct	root1	LC_ALL=C TZ=GMT	iostat	-ct 1 2
expected.iostat-g	root1	LC_ALL=C TZ=GMT	iostat	-d -g disks sda sdb -g other sdc sdd 1 2
expected.iostat-gH	root1	LC_ALL=C TZ=GMT	iostat	-dH -g disks sda sdb -g other sdc sdd 1 2
expected.iostat-dec	root1	LC_ALL=C TZ=GMT	iostat	--dec=1 1 2
expected.iostat-jPATH	root1	LC_ALL=C TZ=GMT	iostat	-d -p ALL -j PATH
expected.iostat-jID	root1	LC_ALL=C TZ=GMT	iostat	-d -p ALL -j ID
expected.iostat-jLABEL	root1	LC_ALL=C TZ=GMT	iostat	-d -p ALL -j LABEL
expected.iostat-jPARTUUID	root1	LC_ALL=C TZ=GMT	iostat	-d -p ALL -j PARTUUID
expected.iostat-ym	root1	LC_ALL=C TZ=GMT	iostat	-ym 1 2
expected.iostat-human	root1	LC_ALL=C TZ=GMT	iostat	--human
expected.iostat-x-pretty	root1	LC_ALL=C TZ=GMT	iostat	-x --pretty
expected.iostat-compact	root1	LC_ALL=C TZ=GMT	iostat	-x --pretty --compact 1 2
expected.iostat-h	root1	LC_ALL=C TZ=GMT	iostat	-dh -p ALL
expected.iostat-kz	root1	LC_ALL=C TZ=GMT	iostat	-kz -p ALL 1 2
expected.iostat-N	root1	LC_ALL=C TZ=GMT	iostat	-dN -p ALL
expected.iostat-N-list1	root1	LC_ALL=C TZ=GMT	iostat	-N dm-2 sda1
expected.iostat-N-list2	root1	LC_ALL=C TZ=GMT	iostat	-dN virtualhd sdr
expected.iostat-jLABEL-list	root1	LC_ALL=C TZ=GMT	iostat	-d -j LABEL OS SYSTEM 1 2
expected.iostat-jUUID-list	root1	LC_ALL=C TZ=GMT	iostat	-dxs -j UUID 2578463f-6947-48c7-8b09-876a4145cfb1 1 2
expected.iostat-jUUID-list2	root1	LC_ALL=C TZ=GMT	iostat	-d -j UUID 12345678-abcd-98ef-8521-7539adfbaf90
expected.iostat-g2	root1	LC_ALL=C TZ=GMT	iostat	-g total sda -g foo 1 2
expected.iostat-gALL	root1	LC_ALL=C TZ=GMT	iostat	-g total ALL 1 2
expected.iostat-gpALL	root1	LC_ALL=C TZ=GMT	iostat	-g total -p ALL 1 2
expected2.iostat-gpALL	root1	LC_ALL=C TZ=GMT	iostat	-g other sda9 sda12 -g total -p ALL 1 2
expected3.iostat-gpALL	root1	LC_ALL=C TZ=GMT	iostat	-g total -p ALL -g other sda9 sda12 1 2
expected.iostat-gp	root1	LC_ALL=C TZ=GMT	iostat	-g total -p sda 1 2
expected.iostat-gpy	root1	LC_ALL=C TZ=GMT	iostat	-g total -p sda -y 1 3
expected.iostat-p-cciss	root6	LC_ALL=C TZ=GMT	iostat	-p cciss/c0d0 1 2
expected.iostat-cciss	root6	LC_ALL=C TZ=GMT	iostat	cciss/c0d0p2 1 2
expected.iostat-x-p-ALL-JSON	root1	LC_ALL=C TZ=GMT	iostat	-o JSON -x -p ALL 1 2
expected.iostat-g-JSON	root1	LC_ALL=C TZ=GMT	iostat	-o JSON -dm -g disks sda sdb -g other sdc sdd 1 2
expected.iostat-ev	root1	LC_ALL=C TZ=GMT	iostat	--getenv -d 2 3
expected.iostat-alt-pALL	root1	LC_ALL=C TZ=GMT	iostat	-p ALL 2 2
expected.iostat-f-alt-pALL	root1	LC_ALL=C TZ=GMT	iostat	-p ALL -f tests/root/proc 2 2
expected.iostat+f-alt-pALL	root1	LC_ALL=C TZ=GMT	iostat	-p ALL +f tests/root/proc 2 2
expected.iostat-f-alt-pALL-ms	root1	LC_ALL=C TZ=GMT	iostat	-p ALL -f tests/root/my_stats 2 2
expected.iostat+f-alt-pALL-ms	root1	LC_ALL=C TZ=GMT	iostat	-p ALL +f tests/root/my_stats 2 2
expected.iostat-f-alt-ALL-ms	root1	LC_ALL=C TZ=GMT	iostat	ALL -f tests/root/my_stats 2 2
expected.iostat+f-alt-ALL-ms	root1	LC_ALL=C TZ=GMT	iostat	ALL +f tests/root/my_stats 2 2
expected.iostat-f-alt-list-ms	root1	LC_ALL=C TZ=GMT	iostat	-f tests/root/my_stats dm-2 sdg -p sda
expected.iostat+f-alt-list-ms	root1	LC_ALL=C TZ=GMT	iostat	+f tests/root/my_stats dm-2 sdg -p sda
expected2.iostat-f-alt-list-ms	root1	LC_ALL=C TZ=GMT	iostat	-f tests/root/my_stats sda1 sda13 sdc
expected2.iostat+f-alt-list-ms	root1	LC_ALL=C TZ=GMT	iostat	+f tests/root/my_stats sda1 sda13 sdc
expected.mpstat	root1	LC_ALL=C TZ=GMT	mpstat	
expected.mpstat-A	root1	LC_ALL=C TZ=GMT	mpstat	-A 1 4
expected.mpstat-APN	root1	LC_ALL=C TZ=GMT	mpstat	-A -P 0,3-5 -N all 1 1
expected.mpstat-I	root1	LC_ALL=C TZ=GMT	mpstat	-P 0,3-5 -N all,1 -I CPU,SCPU,SUM
expected.mpstat-dec	root1	LC_ALL=C TZ=GMT	mpstat	-I ALL --dec=1
expected.mpstat-T	root1	LC_ALL=C TZ=GMT	mpstat	-T -P ALL 1 2
expected.mpstat-A-JSON	root1	LC_ALL=C TZ=GMT	mpstat	-o JSON -A 1 1
expected.mpstat-T-JSON	root1	LC_ALL=C TZ=GMT	mpstat	-o JSON -T -P ALL
expected.mpstat-H	root1	LC_ALL=C TZ=GMT	mpstat	-H -P ALL 1
expected.tapestat	root1	LC_ALL=C TZ=GMT	tapestat	
expected.tapestat-m	root1	LC_ALL=C TZ=GMT	tapestat	-m 1 2
expected.tapestat-y	root1	LC_ALL=C TZ=GMT	tapestat	--human -y 1 2
expected.tapestat-z	root1	LC_ALL=C TZ=GMT	tapestat	-z 1 2
expected.tapestat-t	root1	LC_ALL=C TZ=GMT	tapestat	-t 1 2
expected.cifsiostat	root1	LC_ALL=C TZ=GMT	cifsiostat	
expected.cifsiostat-k	root1	LC_ALL=C TZ=GMT	cifsiostat	-k 1 3
expected.cifsiostat-t-human	root1	LC_ALL=C TZ=GMT	cifsiostat	-t --human 1 3
expected.cifsiostat-h	root1	LC_ALL=C TZ=GMT	cifsiostat	-h 2 3
expected.cifsiostat-dec	root1	LC_ALL=C TZ=GMT	cifsiostat	--dec=0 1 3
expected.cifsiostat-SMB2	root4	LC_ALL=C TZ=GMT	cifsiostat	1 2
expected.cifsiostat-pretty	root1	LC_ALL=C TZ=GMT	cifsiostat	--pretty 2 3
expected.pidstat	root1	LC_ALL=C TZ=GMT	pidstat	
expected.pidstat-A	root1	LC_ALL=C TZ=GMT	pidstat	-dRrsuvw
expected.pidstat-At	root1	LC_ALL=C TZ=GMT	pidstat	-t -dRrsuvw
expected.pidstat-A-ALL	root1	LC_ALL=C TZ=GMT	pidstat	-dRrsuvw -p ALL
expected.pidstat-At-ALL	root1	LC_ALL=C TZ=GMT	pidstat	-t -dRrsuvw -p ALL
expected.pidstat-A-TTASK	root1	LC_ALL=C TZ=GMT	pidstat	-T TASK -dRrsuvw
expected1.pidstat-A-TTASK	root1	LC_ALL=C TZ=GMT	pidstat	-T TASK -dRrsuvw 2 6
expected1.pidstat-At-TTASK	root1	LC_ALL=C TZ=GMT	pidstat	-T TASK -t -dRrsuvw 2 6
expected1.pidstat-At	root1	LC_ALL=C TZ=GMT	pidstat	-t -dRrsuvw 2 6
expected1.pidstat-At-TTASK-ALL	root1	LC_ALL=C TZ=GMT	pidstat	-T TASK -t -dRrsuvw -p ALL 2 6
expected.pidstat-A-TCHILD	root1	LC_ALL=C TZ=GMT	pidstat	-T CHILD -dRrsuvw
expected1.pidstat-A-TCHILD	root1	LC_ALL=C TZ=GMT	pidstat	-T CHILD -dRrsuvw 2 6
expected1.pidstat-At-TCHILD	root1	LC_ALL=C TZ=GMT	pidstat	-T CHILD -t -dRrsuvw 2 6
expected1.pidstat-At-TCHILD-ALL	root1	LC_ALL=C TZ=GMT	pidstat	-T CHILD -t -dRrsuvw -p ALL 2 6
expected.pidstat-At-TALL	root1	LC_ALL=C TZ=GMT	pidstat	-T ALL -t -dRrsuvw
expected1.pidstat-At-TALL-ALL	root1	LC_ALL=C TZ=GMT	pidstat	-T ALL -t -dRrsuvw -p ALL 2 6
expected1.pidstat-d-TTASK	root1	LC_ALL=C TZ=GMT	pidstat	-T TASK -d 1 3
expected.pidstat-d-TTASK-ALL	root1	LC_ALL=C TZ=GMT	pidstat	-T TASK -d -p ALL
expected.pidstat-p-unkwn	root1	LC_ALL=C TZ=GMT	pidstat	-uRr -p 1234 1 2
expected2.pidstat-p-unkwn	root1	LC_ALL=C TZ=GMT	pidstat	-svw -p 8741,8835 1 2
expected.pidstat-p	root1	LC_ALL=C TZ=GMT	pidstat	-ds -p 8741,21342 1 3
expected1.pidstat-p	root1	LC_ALL=C TZ=GMT	pidstat	-uws -p ALL 1 3
expected1.pidstat	root1	LC_ALL=C TZ=GMT	pidstat	-druws 1 3
expected.pidstat-sigint	root1	LC_ALL=C TZ=GMT	pidstat	-Rw 2
expected.pidstat-C	root1	LC_ALL=C TZ=GMT	pidstat	-C foofox 2 6
expected1.pidstat-C	root1	LC_ALL=C TZ=GMT	pidstat	-C fox 2 6
expected2.pidstat-C	root1	LC_ALL=C TZ=GMT	pidstat	-C Web 2 6
expected3.pidstat-C	root1	LC_ALL=C TZ=GMT	pidstat	-t -C Web 2 6
expected4.pidstat-C	root1	LC_ALL=C TZ=GMT	pidstat	-t -C "(fox|shell)" 2 6
expected.pidstat-G	root1	LC_ALL=C TZ=GMT	pidstat	-t -G foofox 2 6
expected1.pidstat-G	root1	LC_ALL=C TZ=GMT	pidstat	-G fox 2 6
expected2.pidstat-G	root1	LC_ALL=C TZ=GMT	pidstat	-t -G fox 2 6
expected3.pidstat-G	root1	LC_ALL=C TZ=GMT	pidstat	-G fox -p ALL 2 6
expected4.pidstat-G	root1	LC_ALL=C TZ=GMT	pidstat	-t -G fox -p ALL 2 6
expected5.pidstat-C	root1	LC_ALL=C TZ=GMT	pidstat	-t -G "^s" -p ALL 2 6
expected6.pidstat-C	root1	LC_ALL=C TZ=GMT	pidstat	-t -G "terminal-$" -p ALL 2 6
expected.pidstat-l	root1	LC_ALL=C TZ=GMT	pidstat	-lt -u -p ALL 2 6
expected.pidstat-lC	root1	LC_ALL=C TZ=GMT	pidstat	-l -C "browser" 2 6
expected.pidstat-lG	root1	LC_ALL=C TZ=GMT	pidstat	-lt -G "server$" -p ALL 2 6
expected.pidstat-dec	root1	LC_ALL=C TZ=GMT	pidstat	-T ALL -t -dRrsuvw --dec=1
expected.pidstat-Hh	root1	LC_ALL=C TZ=GMT	pidstat	-T ALL -t -dRrsuvw -H -h 2 1
expected.pidstat-I	root1	LC_ALL=C TZ=GMT	pidstat	-T ALL -dRrsuvw --human -I 2 1
expected.pidstat-U	root1	LC_ALL=C TZ=GMT	pidstat	-T CHILD -u -U 2 1
expected.pidstat-Ufoo	root1	LC_ALL=C TZ=GMT	pidstat	-t -rw -u -U foo 2 1
expected.pidstat-Uroot	root1	LC_ALL=C TZ=GMT	pidstat	-t -rw -u -U root 2 1
expected.pidstat-plist	root1	LC_ALL=C TZ=GMT	pidstat	-t -svwu -p 21342,1234,7900,9009 2 6
expected.pidstat-e	root1	LC_ALL=C TZ=GMT	pidstat	2 6 -t -e sleep 3
expected2.pidstat-e	root1	LC_ALL=C TZ=GMT	pidstat	-e sleep 2
"""

# What upstream's TEST build ignores without --getenv, and a release reads.
DROPPED_ENV = ("S_COLORS", "S_COLORS_SGR", "S_TIME_FORMAT", "S_TIME_DEF_TIME", "POSIXLY_CORRECT",
               "S_REPEAT_HEADER")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 3:
        sys.stderr.write("usage: live_upstream.py BINDIR CORPUS WORK [--sysstat=V]\n")
        return 2
    bindir, corpus, work = args
    sysstat = "12.6.1"
    for a in sys.argv[1:]:
        if a.startswith("--sysstat="):
            sysstat = a.split("=", 1)[1]
    os.makedirs(work, exist_ok=True)
    seqs, fails, n, m = {}, [], 0, 0
    for line in TABLE.splitlines():
        exp, root, env, tool, cmdline = line.split("\t")
        ef = os.path.join(corpus, "expected", exp)
        if not os.path.exists(ef):
            continue
        m += 1
        if root not in seqs:
            out = os.path.join(work, root)
            subprocess.run([sys.executable, os.path.join(HERE, "live_seq.py"), "upstream", root, out,
                            "--corpus", os.path.join(corpus, "roots"), "--sysstat", sysstat], check=True)
            seqs[root] = out
        e = {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}
        e.update(w.split("=", 1) for w in env.split())
        cmd = ["bash", os.path.join(HERE, "live_run.sh"), seqs[root], "--",
               os.path.join(bindir, tool)] + shlex.split(cmdline)
        try:
            got = subprocess.run(cmd, env=e, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                 timeout=30).stdout
        except subprocess.TimeoutExpired:
            got = b"(timed out)\n"
        with open(ef, "rb") as f:
            want = f.read()
        if got == want:
            n += 1
            continue
        fails.append(exp)
        with open(os.path.join(work, exp + ".got"), "wb") as f:
            f.write(got)
    print("not reproduced: %s" % (" ".join(fails) or "none"))
    print("upstream expected outputs reproduced: %d/%d" % (n, m))
    return 0


if __name__ == "__main__":
    sys.exit(main())
