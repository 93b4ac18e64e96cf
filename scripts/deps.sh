# shellcheck shell=bash disable=SC2034 # the lists are read by the scripts
# The Debian packages sysrec needs, listed once: scripts/main-job.sh
# installs the first list, tests/ci.sh both, README.md quotes them
# (tests/e2e/readme_deps.sh checks that it does). Sourced, from the top of
# a checkout, by bash scripts.

# Building sysrec and running it: the tools of autoreconf and make, and the
# libraries configure.ac requires.
deps_build="build-essential autoconf automake libtool pkg-config zlib1g-dev
liblzma-dev libbz2-dev libzstd-dev"

# Running every test besides: the compressors of their archives, Check,
# clang's fuzzer runtime, the oracles (sysstat, prometheus...) and the
# tools the tests drive.
deps_test="xz-utils bzip2 zstd
check clang libclang-rt-14-dev sysstat gzip systemd strace groff-base man-db
locales libxml2-utils python3 chromium debootstrap systemd-container
prometheus prometheus-node-exporter"

# Whether deps_install installs: as root, where apt-get is.
deps_can_install() {
	[ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null
}

# deps_install PACKAGE...: where deps_can_install, installs the packages
# with apt-get (the lists updated first; quietly, without the recommended
# ones) and returns apt-get's status; elsewhere does nothing.
deps_install() {
	deps_can_install || return 0
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq &&
		apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
