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

#endif
