/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SYSEXIT_H
#define SYSREC_SYSEXIT_H

/*
 * How sar and sadf end. Their reports stop deep inside a pass (a truncated
 * file, an unreadable record), where sysstat calls exit(); they call
 * sysrec_exit() instead, so that a fuzz target can run a program many times
 * in one process: with a trap set, sysrec_exit() jumps back to the trap
 * with the status instead of ending the process. Without a trap it runs the
 * cleanup (if any) and calls exit(status).
 *
 * The trap and the cleanup are the only process-wide state of the library:
 * an exit is process-wide by nature.
 */

#include <setjmp.h>
#include <stddef.h>

struct sysrec_trap {
	jmp_buf env;
	int status; /* the status given to sysrec_exit() */
};

/*
 * Arms t (NULL disarms): the next sysrec_exit() stores its status in
 * t->status and longjmps to t->env with the value 1. The caller sets t->env
 * with setjmp() before arming and disarms when the run is over.
 */
void sysrec_trap_set(struct sysrec_trap *t);

/*
 * fn(arg) runs once at the next sysrec_exit(), before the jump or the exit
 * (a program's buffered output, the open archive); NULL removes it. One
 * cleanup at a time: a new one replaces the old.
 */
void sysrec_exit_cleanup(void (*fn)(void *arg), void *arg);

/* Ends the program (or the trapped run) with status. */
_Noreturn void sysrec_exit(int status);

/*
 * The programs' allocations (sar, sadf and the report layer; the modules
 * of common/ return -ENOMEM instead): each returns the memory, or ends the
 * program as sysstat does when there is none, with "Cannot allocate
 * memory" on stderr and status 4 (through sysrec_exit(), so a trapped run
 * returns). A size of 0 asks for 1 byte, so that NULL always means failure.
 * sysrec_reallocarray() fails on an overflowing n * size.
 */
#define SYSREC_NOMEM_MESSAGE "Cannot allocate memory\n"
_Noreturn void sysrec_nomem(void);
void *sysrec_malloc(size_t n);
void *sysrec_calloc(size_t n, size_t size);
void *sysrec_realloc(void *p, size_t n);
void *sysrec_reallocarray(void *p, size_t n, size_t size);

#endif
