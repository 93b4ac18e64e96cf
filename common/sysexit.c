/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdlib.h>

#include "sysexit.h"
#include "banned.h"

static struct sysrec_trap *trap;
static void (*cleanup_fn)(void *arg);
static void *cleanup_arg;

void
sysrec_trap_set(struct sysrec_trap *t)
{
	trap = t;
}

void
sysrec_exit_cleanup(void (*fn)(void *arg), void *arg)
{
	cleanup_fn = fn;
	cleanup_arg = arg;
}

void
sysrec_exit(int status)
{
	void (*fn)(void *arg) = cleanup_fn;

	/* Cleared first: a cleanup that fails and exits must not run itself again. */
	cleanup_fn = NULL;
	if (fn)
		fn(cleanup_arg);
	if (trap) {
		trap->status = status;
		longjmp(trap->env, 1);
	}
	exit(status);
}
