/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar: reports of system activity, from sysstat daily data files or live
 * from sadc, byte-identical to sysstat 12.6.1. The run is in run.c.
 */
#include <stdio.h>

#include "sar.h"
#include "common/banned.h"

const char *progname = "sar";

int
main(int argc, char **argv)
{
	progname = argv[0];
	return sar_main(argc, argv, stdout);
}
