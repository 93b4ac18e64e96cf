/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadf: display the contents of sysstat daily data files in several
 * formats. The run is in run.c.
 */
#include <stdio.h>

#include "sadf.h"
#include "common/banned.h"

const char *progname = "sadf";

int
main(int argc, char **argv)
{
	progname = argv[0];
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	return sadf_main(argc, argv, stdout);
}
