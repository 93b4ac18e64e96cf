/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SADF_H
#define SYSREC_SADF_H

#include <stdbool.h>
#include <stdio.h>

#include "archive.h"

enum sadf_format {
	SADF_F_NONE,
	SADF_F_PPC,  /* -p, the default */
	SADF_F_DB,   /* -d */
	SADF_F_JSON, /* -j */
	SADF_F_XML,  /* -x */
	SADF_F_RAW,  /* -r */
	SADF_F_SVG,  /* -g */
	SADF_F_PCP,  /* -l */
	SADF_F_CONV, /* -c */
	SADF_F_MAX,
};

/* Time display options: -T, -t, -U are mutually exclusive. */
enum sadf_time {
	SADF_T_UTC,
	SADF_T_LOCAL, /* -T */
	SADF_T_TRUE,  /* -t: the file creator's own H:M:S and date */
	SADF_T_EPOCH, /* -U */
};

/*
 * Prints the `sadf -H` report of the file opened in r (archive_open() done;
 * archive_read_header() done when the format magic is 0x2175) to out. name
 * is the file name as given. The -t option makes the file date come from the
 * stored day, month and year.
 */
void sadf_print_header(FILE *out, const char *name, const struct archive_reader *r,
                       enum sadf_time time_mode);

#endif
