/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_NLS_H
#define SYSREC_NLS_H

/*
 * Translated messages. sysstat passes its messages and a few report words
 * ("Average:", "Summary:") through gettext in the text domain "sysstat",
 * and distributions ship the catalogs (LOCALEDIR/LANG/LC_MESSAGES/
 * sysstat.mo). Marking the same strings with _() lets a program that binds
 * NLS_DOMAIN print what sysstat prints in the user's language; in a program
 * that does not bind it, _() returns the English text unchanged.
 *
 * Every msgid must be byte-identical to sysstat 12.6.1's, or the catalogs
 * will not find it: keep the strings as they are, "\n" included.
 */

#include <libintl.h>

#define NLS_DOMAIN "sysstat"

#define _(msgid) gettext(msgid)

/*
 * nls.c: the locale of LC_MESSAGES, LC_CTYPE, LC_TIME and LC_NUMERIC from
 * the environment, and NLS_DOMAIN's catalogs in LOCALEDIR, as sysstat sets
 * them; nothing when the environment names the C locale.
 */
void nls_init(void);

#endif
