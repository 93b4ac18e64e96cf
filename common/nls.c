/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The locale and the text domain, as sysstat's programs set them (nls.h). */
#include <locale.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "nls.h"
#include "common/banned.h"

#ifndef LOCALEDIR
#define LOCALEDIR "/usr/share/locale"
#endif

/*
 * Whether setlocale(category, "") would choose the C locale: the first of
 * LC_ALL, the category's variable and LANG that is set and not empty names
 * "C" or "POSIX", or none is.
 */
static bool
env_is_c(const char *category)
{
	const char *v = getenv("LC_ALL");

	if (!v || !*v)
		v = getenv(category);
	if (!v || !*v)
		v = getenv("LANG");
	return !v || !*v || !strcmp(v, "C") || !strcmp(v, "POSIX");
}

void
nls_init(void)
{
	/*
	 * In the C locale (scripts, services, LC_ALL=C) setlocale() would
	 * choose the locale the program starts in, and gettext translates
	 * nothing: the calls are left out, a one-shot run's start-up shorter.
	 */
	if (env_is_c("LC_MESSAGES") && env_is_c("LC_CTYPE") && env_is_c("LC_TIME") &&
	    env_is_c("LC_NUMERIC"))
		return;
	/* The categories sysstat sets; the catalogs are those of the system's sysstat. */
	setlocale(LC_MESSAGES, "");
	setlocale(LC_CTYPE, "");
	setlocale(LC_TIME, "");
	setlocale(LC_NUMERIC, "");
	bindtextdomain(NLS_DOMAIN, LOCALEDIR);
	textdomain(NLS_DOMAIN);
}
