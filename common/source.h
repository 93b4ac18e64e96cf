/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SOURCE_H
#define SYSREC_SOURCE_H

/*
 * A sequential byte source over a file descriptor or a memory buffer, which
 * decompresses on the fly when the input starts with the magic of a format
 * that sa2 may write: gzip (1f 8b, zlib), xz (fd 37 7a 58 5a 00, liblzma),
 * bzip2 ("BZh" and '1' to '9', libbzip2) or zstd (28 b5 2f fd, libzstd).
 * The magic decides, never the file's name. Streams written one after
 * another (gzip a; gzip b; cat, and the same with xz, bzip2 or zstd) read as
 * one. The archive reader reads everything through it, so a compressed
 * daily file reads exactly like a plain one.
 *
 * Compressed data cut short reads as a short file (the bytes decoded up to
 * the cut, then the end), as a plain file cut short does. Corrupt
 * compressed data is a read error (-EIO) whose source_error_text() says
 * which format and what is wrong. Errors are sticky: after the first
 * failure every call fails the same way.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct source;

/*
 * Wraps fd (not closed by source_free). The first bytes are peeked to detect
 * a compressed format (from a pipe, the first six bytes are waited for).
 * Returns 0 and *ret, or a negative errno.
 */
int source_open_fd(int fd, struct source **ret);

/* Wraps len bytes at buf, which must outlive the source; compressed data is detected as above. */
int source_open_mem(const void *buf, size_t len, struct source **ret);

/* One piece of a stream of segments: len bytes of fd from off, or at mem + off when fd < 0. */
struct source_seg {
	int fd;
	const unsigned char *mem;
	uint64_t off;
	uint64_t len;
};

/*
 * A source over n segments read one after the other as one stream of
 * plain data (never decoded, whatever its first bytes are): a file's part
 * by pread(), a memory block by copy. The list is copied; the fds and the
 * memory must outlive the source. The stream's length is the segments'
 * sum, fixed when opened: a file that grows later reads as it was, a file
 * cut below a segment's end is a read error (-EIO). Seeks go anywhere in
 * it at no cost, and source_remaining() is known. Returns 0 and *ret, or
 * -ENOMEM.
 */
int source_open_segments(const struct source_seg *segs, size_t n, struct source **ret);

/*
 * Reads up to len bytes, stopping early only at the end of the data or
 * before a damage. Returns the number of bytes read (0 at the end), or a
 * negative errno on a read error (-EIO also for corrupt compressed data; see
 * source_error_text()): the bytes decoded before a damage are handed out
 * first, then the error.
 */
ssize_t source_read(struct source *s, void *buf, size_t len);

/*
 * Discards up to n bytes. Returns the number discarded (less than n only at
 * the end of the data), or a negative errno.
 */
int64_t source_skip(struct source *s, uint64_t n);

/*
 * Moves to offset off of the (decompressed) data, so that the next read
 * starts there. A plain file seeks; compressed data comes from what was
 * kept of it (source_set_spool_max), or is decompressed again from its start
 * when off lies behind and that was dropped (forwards it is decompressed up
 * to off). Returns 0, or -ESPIPE for a pipe, or another negative errno.
 * Clears a previous end of data.
 */
int source_seek(struct source *s, uint64_t off);

/*
 * Compressed data is kept as it is decoded (up to 256 MiB), so that a seek
 * backwards, which sar makes once per report, copies it rather than
 * decompressing the file again from its start; past that size the kept data
 * is dropped and a seek backwards decodes again. The first MiB is kept in
 * memory, the rest in an unnamed temporary file in $TMPDIR or /var/tmp
 * (tmpfile.h), read through a view of 1 MiB at a time; where no such file
 * can be made or written, all of it in memory. This sets another size,
 * before the first read (for tests and memory-tight callers).
 */
void source_set_spool_max(struct source *s, size_t max);

/*
 * Says that the reader needs the bytes up to offset off of the data and
 * will skip what follows, so that a plain file is read no further than off
 * at the next refill of its buffer (reads of more are never cut; 0 or an
 * offset behind: a buffer's worth). Segments too; compressed data, memory
 * and pipes ignore it.
 */
void source_until(struct source *s, uint64_t off);

/* Offset in the (decompressed) data of the next byte to be read. */
uint64_t source_offset(const struct source *s);

/*
 * Bytes left from the next byte to the end of the data, as far as known now
 * (a plain regular file, which may still grow, or memory); -1 when unknown
 * (compressed data, pipes).
 */
int64_t source_remaining(const struct source *s);

/* True when the data is compressed (any of the four formats). */
bool source_is_compressed(const struct source *s);

/* True when the data is gzip-compressed. */
bool source_is_gzip(const struct source *s);

/* The compressed format: "gzip", "xz", "bzip2" or "zstd"; NULL for plain data. */
const char *source_codec(const struct source *s);

/*
 * A description of the last error, or NULL: for corrupt compressed data
 * "corrupt FORMAT data: " and the library's (or our) word for it, e.g.
 * "corrupt xz data: compressed data is corrupt". Valid while s lives.
 */
const char *source_error_text(const struct source *s);

/*
 * What is wrong with compressed data met so far, for a message: the error
 * text of corrupt data (as above), or "truncated FORMAT data: the file
 * ends inside a compressed stream" once the input ended inside a stream
 * (which reads as a short file); NULL for plain data, sound compressed data
 * and a NULL s. Valid while s lives. Corrupt data often decodes into
 * garbage before a stream's check fails, so unless the data already ended
 * this decodes the rest of it: call it on the way out, to word a message.
 */
const char *source_damage(struct source *s);

/* Releases the source; accepts NULL. */
void source_free(struct source *s);

#endif
