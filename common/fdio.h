/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_FDIO_H
#define SYSREC_FDIO_H

/*
 * Reads and writes carried to the end: retried on EINTR and on
 * short counts, so that callers see only a whole transfer, the end of the
 * file, or an error. The archive writer's reads, the spool and spill files (tmpfile.h) and the
 * files of a window across days (history.h) are read and written through them.
 */

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* read(): len bytes into buf from fd's offset; the count (less only at the end) or a negative
 * errno. */
ssize_t fdio_read_full(int fd, void *buf, size_t len);

/*
 * Reads len bytes of fd from off into buf. Returns the count, less than
 * len only where the file ends, or a negative errno.
 */
ssize_t fdio_pread_full(int fd, void *buf, size_t len, uint64_t off);

/* fdio_pread_full() of all len bytes: 0, or a negative errno (-EIO where the file ends first). */
int fdio_pread_all(int fd, void *buf, size_t len, uint64_t off);

/*
 * Writes the len bytes of buf to fd at off. Returns 0, or a negative
 * errno (-ENOSPC when a write takes nothing).
 */
int fdio_pwrite_all(int fd, const void *buf, size_t len, uint64_t off);

#endif
