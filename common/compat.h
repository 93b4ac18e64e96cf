/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_COMPAT_H
#define SYSREC_COMPAT_H

/*
 * The sysstat release whose behaviour a run matches, byte for byte: its
 * output, its messages and the archives its sadc writes. One binary holds
 * both flavours. configure's --with-compat picks the default
 * (SYSREC_DEFAULT_COMPAT); the environment variable SYSREC_COMPAT
 * overrides it for one run of any program.
 */

enum sysrec_flavour {
	FLAVOUR_12_6_1 = 0, /* Debian 12, Ubuntu 24.04 */
	FLAVOUR_12_7_5 = 1, /* Debian 13 */
};

/*
 * Reads SYSREC_COMPAT once. Returns 0, or -1 when it holds anything but
 * "12.6.1" or "12.7.5" (the caller says so and exits 1); the flavour is then
 * the default. Calling it is optional: sysrec_flavour() reads the variable
 * on first use as well.
 */
int sysrec_flavour_init(void);

/* The flavour of this run. */
enum sysrec_flavour sysrec_flavour(void);

/* "12.6.1" or "12.7.5": the version -V prints and sadc writes. */
const char *sysrec_flavour_version(void);

/* The version bytes of a file header: {12, 6, 1} or {12, 7, 5}. */
void sysrec_flavour_version_bytes(unsigned char ret_v[3]);

/* Whether this run matches 12.7.5 (or later). */
static inline int
flavour_1275(void)
{
	return sysrec_flavour() >= FLAVOUR_12_7_5;
}

/* Forgets what sysrec_flavour_init() read (for tests and fuzz targets). */
void sysrec_flavour_reset(void);

/* The message printed for an unknown SYSREC_COMPAT value, without a newline. */
#define SYSREC_COMPAT_ERROR "SYSREC_COMPAT must be 12.6.1 or 12.7.5"

#endif
