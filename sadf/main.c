/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf: display the contents of sysstat daily data files in several
 * formats. The run is in run.c.
 */
#include <stdio.h>

#include "sadf.h"
#include "common/banned.h"

const char *progname = "sadf";

/*
 * What sadf writes with stdio (-g's document) goes out in blocks of 16 kB,
 * which glibc keeps at offsets that are multiples of 16 kB: the kernel
 * writes those fastest (common/outbuf.h). setvbuf() with no buffer of its
 * own gave one of 4 kB, whatever the size asked. In .bss, a page of it is
 * only mapped once written.
 */
static char stdout_buf[16 << 10];

int
main(int argc, char **argv)
{
	progname = argv[0];
	setvbuf(stdout, stdout_buf, _IOFBF, sizeof(stdout_buf));
	return sadf_main(argc, argv, stdout);
}
