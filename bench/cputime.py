#!/usr/bin/env python3
"""Runs a command N times and prints the mean and median CPU time (user + system)
of one run, in milliseconds, measured with wait4() rusage.

usage: cputime.py N [--setup 'shell command run before each run, not measured'] -- CMD...
"""
import os
import shlex
import statistics
import subprocess
import sys


def main():
    args = sys.argv[1:]
    n = int(args.pop(0))
    setup = None
    if args and args[0] == "--setup":
        setup = args[1]
        args = args[2:]
    if args and args[0] == "--":
        args = args[1:]
    times = []
    for _ in range(n):
        if setup:
            subprocess.run(setup, shell=True, check=True)
        pid = os.fork()
        if pid == 0:
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            try:
                os.execvp(args[0], args)
            finally:
                os._exit(127)
        _, status, ru = os.wait4(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"cputime: {shlex.join(args)} failed")
        times.append((ru.ru_utime + ru.ru_stime) * 1000.0)
    print(f"{statistics.mean(times):.3f} {statistics.median(times):.3f}")


main()
