/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SAR_SAR_H
#define SYSREC_SAR_SAR_H

/* The sar program: its entry point, for main.c and the fuzz target. */

#include <stdio.h>

/*
 * Runs sar with argv (argv[0] included), writing the report to out and the
 * messages to stderr; returns the exit status. It also returns, through
 * the trap of sysexit.h when one is armed, where sar would exit. out must
 * stay open until it returns; nothing of the run outlives it.
 */
int sar_main(int argc, char **argv, FILE *out);

#endif
