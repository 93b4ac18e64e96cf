/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SOURCE_H
#define SYSREC_SOURCE_H

/*
 * A sequential byte source over a file descriptor or a memory buffer, which
 * decompresses gzip data on the fly when the input starts with the gzip
 * magic (1f 8b). The archive reader reads everything through it, so a
 * compressed daily file reads exactly like a plain one.
 *
 * Errors are sticky: after the first failure every call fails the same way.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct source;

/*
 * Wraps fd (not closed by source_free). The first bytes are peeked to detect
 * gzip. Returns 0 and *ret, or a negative errno.
 */
int source_open_fd(int fd, struct source **ret);

/* Wraps len bytes at buf, which must outlive the source. */
int source_open_mem(const void *buf, size_t len, struct source **ret);

/*
 * Reads up to len bytes, stopping early only at the end of the data.
 * Returns the number of bytes read (0 at the end), or a negative errno on a
 * read error (-EIO also for corrupt gzip data; see source_error_text()).
 */
ssize_t source_read(struct source *s, void *buf, size_t len);

/*
 * Discards up to n bytes. Returns the number discarded (less than n only at
 * the end of the data), or a negative errno.
 */
int64_t source_skip(struct source *s, uint64_t n);

/*
 * Moves to offset off of the (decompressed) data, so that the next read
 * starts there. A plain file seeks; a gzip stream is decompressed again from
 * its start when off lies behind. Returns 0, or -ESPIPE for a pipe, or
 * another negative errno. Clears a previous end of data.
 */
int source_seek(struct source *s, uint64_t off);

/* Offset in the (decompressed) data of the next byte to be read. */
uint64_t source_offset(const struct source *s);

/*
 * Bytes left from the next byte to the end of the data, as far as known now
 * (a plain regular file, which may still grow, or memory); -1 when unknown
 * (gzip data, pipes).
 */
int64_t source_remaining(const struct source *s);

/* True when the data is gzip-compressed. */
bool source_is_gzip(const struct source *s);

/* A description of the last error (a zlib message for bad gzip data), or NULL. */
const char *source_error_text(const struct source *s);

/* Releases the source; accepts NULL. */
void source_free(struct source *s);

#endif
