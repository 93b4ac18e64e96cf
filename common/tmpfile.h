/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_TMPFILE_H
#define SYSREC_TMPFILE_H

/*
 * Unnamed temporary files, where decoded data too big to hold in memory is
 * kept while it is read: history.c's spill file (a window across days) and
 * source.c's spool (a compressed file read alone). One way to make them, so
 * that both honour the same TMPDIR and the same fallbacks.
 */

/*
 * The directory such files go in: $TMPDIR when set and not empty, else
 * /var/tmp (not /tmp, which is often memory itself: tmpfs). The string is
 * the environment's or a literal: not to be freed, valid until the
 * environment changes.
 */
const char *tmpfile_dir(void);

/*
 * Opens a new unnamed file in dir for reading and writing, close-on-exec:
 * O_TMPFILE, else (a file system or kernel without it) a mkostemp() file
 * unlinked at once, so that nothing is left behind however the program
 * ends. Returns the descriptor, owned by the caller, or a negative errno.
 */
int tmpfile_open(const char *dir);

#endif
