/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for sar: the input is a whole data file (plain or gzip),
 * reported by sar_main() itself (every view of the file engine) with one of
 * the argument sets below. Built with the library and sar's code
 * instrumented (--enable-fuzzers), replayed over tests/fuzz/corpus/sar by
 * make check with every set.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_prog.h"
#include "sar/sar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

const char *progname = "sar";

#define SETS(...) ((const char *const[]){__VA_ARGS__, NULL})

static const char *const *const sets[] = {
        SETS("-A", "-f", "@"),
        SETS("-A", "-P", "ALL", "-f", "@"),
        SETS("-I", "ALL", "-f", "@"),
        SETS("-m", "ALL", "-f", "@"),
        SETS("-n", "ALL", "-f", "@"),
        SETS("-r", "ALL", "-f", "@"),
        SETS("-u", "ALL", "-P", "ALL", "-f", "@"),
        SETS("-d", "-p", "-f", "@"),
        SETS("-h", "-A", "-f", "@"),
        SETS("--human", "-A", "-f", "@"),
        SETS("-A", "-s", "00:00:10", "-e", "23:00:00", "-f", "@"),
        SETS("-A", "-i", "3", "-f", "@"),
        SETS("-A", "-f", "@", "2", "3"),
        SETS("-q", "ALL", "-B", "-W", "-S", "-H", "-v", "-w", "-y", "-b", "-z", "-f", "@"),
        SETS("-F", "MOUNT", "-z", "-t", "-C", "--dec=0", "-f", "@"),
        SETS("-n", "DEV,EDEV,SOCK", "--iface=eth0,lo", "-d", "--dev=sda,dev8-0", "-I", "SUM", "--int=0,1",
             "-P", "0,1", "-j", "SID", "-f", "@"),
        SETS("-r", "ALL", "--pretty", "--dec=1", "-s", "05:00:00", "-i", "2", "-f", "@"),
        SETS("--use", "-P", "ALL", "--use-limit=episode=2", "-f", "@"),
        SETS("-u", "--proc=3,io", "--cgroup", "-f", "@"),
        SETS("--proc=5,mem", "-s", "00:00:10", "-i", "2", "-f", "@"),
        SETS("--use", "--use-limit=episode=1", "-f", "@"),
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_prog_run("sar", sar_main, sets, sizeof(sets) / sizeof(sets[0]), data, size);
}
