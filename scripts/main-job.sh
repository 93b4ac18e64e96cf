#!/bin/bash
# The README's main-job command: installs what building and running needs
# (scripts/deps.sh's deps_build, as root on Debian), builds sysrec,
# collects a few one-second samples of this machine with its sadc into
# ./sa-demo, and shows what was recorded.
set -eu
cd "$(dirname "$0")/.."
# shellcheck source=scripts/deps.sh
. scripts/deps.sh
# shellcheck disable=SC2086 # a list of words
deps_install $deps_build
[ -x configure ] || autoreconf -fi >/dev/null 2>&1
[ -f Makefile ] || ./configure >/dev/null
make -j"$(nproc)" sadc/sadc sadf/sadf sar/sar >/dev/null

mkdir -p sa-demo
rm -f sa-demo/today.sa
echo "Collecting 5 one-second samples of every activity with sysrec's sadc..."
sadc/sadc -S XALL sa-demo/today.sa 1 5
echo
sadf/sadf -H sa-demo/today.sa
echo
for opts in "-u" "-r" "-q ALL" "-d" "-n DEV"; do
	# shellcheck disable=SC2086 # "-q ALL": two words
	sar/sar $opts -f sa-demo/today.sa
done
