/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for sadf: the input is a whole data file (plain or gzip),
 * shown by sadf_main() itself in every format (--openmetrics too) with one
 * of the argument sets below. Built with the library and sadf's code instrumented
 * (--enable-fuzzers), replayed over tests/fuzz/corpus/sadf by make check
 * with every set.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_prog.h"
#include "sadf/sadf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

const char *progname = "sadf";

#define SETS(...) ((const char *const[]){__VA_ARGS__, NULL})

static const char *const *const sets[] = {
        SETS("-d", "@", "--", "-A"),
        SETS("-p", "@", "--", "-A"),
        SETS("-j", "@", "--", "-A"),
        SETS("-x", "@", "--", "-A"),
        SETS("-r", "@", "--", "-A"),
        SETS("-g", "@", "--", "-A"),
        SETS("-H", "@"),
        SETS("-d", "-h", "@", "--", "-A"),
        SETS("-j", "-H", "@"),
        SETS("-x", "-T", "-C", "@", "--", "-A"),
        SETS("-j", "-t", "@", "2", "3", "--", "-A"),
        SETS("-p", "-U", "-s", "00:00:10", "-e", "23:00:00", "@", "--", "-A"),
        SETS("-d", "-P", "ALL", "@", "--", "-u", "ALL", "-I", "ALL", "-r", "ALL", "-q", "ALL", "-m",
             "ALL", "-n", "ALL", "-F", "MOUNT"),
        SETS("-g", "-O", "showinfo,showtoc,packed,oneday,autoscale,skipempty,height=300", "-T",
             "@", "--", "-A"),
        SETS("-g", "-O", "customcol,showidle", "-s", "01:00:00", "@", "--", "-A"),
        SETS("-r", "-O", "debug", "-C", "@", "--", "-A"),
        SETS("-c", "@"),
        SETS("--openmetrics", "@"),
        SETS("--openmetrics", "-s", "00:00:10", "-e", "23:00:00", "-P", "0,1", "--dev=sda",
             "--iface=eth0", "-O", "instance=x,dc=eu", "@", "--", "-u", "-d", "-n", "DEV", "-I",
             "ALL"),
        SETS("-j", "-s", "00:00:10", "--dev=sda", "@", "--", "--use"),
        SETS("-d", "@", "--", "-u", "--proc=3,io", "--cgroup"),
        SETS("-p", "@", "--", "--proc", "--cgroup"),
        SETS("-j", "-s", "00:00:10", "@", "--", "--proc=2,mem", "--cgroup"),
        SETS("-x", "@", "--", "--proc", "--cgroup"),
        SETS("--openmetrics", "@", "--", "-u", "--proc", "--cgroup"),
        SETS("-j", "@", "--", "--use", "--use-limit=episode=1"),
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_prog_run("sadf", sadf_main, sets, sizeof(sets) / sizeof(sets[0]), data, size);
}
