/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdint.h>
#include <stdio.h>
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

void
sysrec_nomem(void)
{
	fputs(SYSREC_NOMEM_MESSAGE, stderr);
	sysrec_exit(4);
}

void *
sysrec_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		sysrec_nomem();
	return p;
}

void *
sysrec_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		sysrec_nomem();
	return p;
}

void *
sysrec_realloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		sysrec_nomem();
	return q;
}

void *
sysrec_reallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		sysrec_nomem();
	return sysrec_realloc(p, n * size);
}
