/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_STRBUF_H
#define SYSREC_STRBUF_H

/*
 * A growable byte buffer, always NUL-terminated after its len bytes.
 * Buffers are reused across samples and records: reset keeps the memory,
 * so a loop reaches a steady state without allocating.
 * Allocation failure is sticky: after it, appends are ignored and err is
 * -ENOMEM until strbuf_release().
 */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct strbuf {
	char *buf;  /* NULL until the first append; then len bytes + NUL */
	size_t len;
	size_t cap;
	int err;
};

#define STRBUF_INIT {NULL, 0, 0, 0}

/* Makes room for extra more bytes (plus the NUL). Returns 0 or -ENOMEM. */
int strbuf_grow(struct strbuf *sb, size_t extra);

/* strbuf_add() when the room left is too short: grows the buffer first. */
void strbuf_add_slow(struct strbuf *sb, const void *p, size_t len);

/* Appends len bytes at p: in the room left without a call, when it holds them. */
static inline void
strbuf_add(struct strbuf *sb, const void *p, size_t len)
{
	if (sb->cap - sb->len > len && !sb->err) {
		if (len) /* p may be NULL then */
			memcpy(sb->buf + sb->len, p, len);
		sb->len += len;
		sb->buf[sb->len] = '\0';
		return;
	}
	strbuf_add_slow(sb, p, len);
}

/* Appends a NUL-terminated string. */
void strbuf_adds(struct strbuf *sb, const char *s);

/* Appends one character. */
void strbuf_addch(struct strbuf *sb, char c);

/* Appends printf-formatted text. */
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Flags of strbuf_add_json_string(). */
enum {
	/*
	 * Bytes past ASCII (0x80 to 0xff) as \u00XX too: for names that need
	 * not be UTF-8 (a command, a cgroup's path), in a document that must be.
	 */
	STRBUF_JSON_ASCII = 1,
};

/*
 * Appends the len bytes at s as a JSON string (RFC 8259) in double quotes:
 * '"' and '\\' after a backslash, the control characters (0x00 to 0x1f)
 * and DEL (0x7f) as \u00XX in lower-case hex, bytes past ASCII as they are
 * unless flags has STRBUF_JSON_ASCII, and every other byte as it is ('/'
 * too). len, not a NUL, ends the string: strnlen() gives a field's limit.
 */
void strbuf_add_json_string(struct strbuf *sb, const char *s, size_t len, unsigned flags);

/* Empties the buffer, keeping its memory (and clearing err). */
void strbuf_reset(struct strbuf *sb);

/* Frees the memory; sb is then empty and reusable. Accepts NULL. */
void strbuf_release(struct strbuf *sb);

/* FNV-1a (64 bits) of the NUL-terminated string s: the key of a hash table of names. */
uint64_t str_hash(const char *s);

/*
 * Copies at most n bytes of s, stopping at its NUL, into out (room for len
 * >= 1 bytes), truncated to len - 1 and NUL-terminated: snprintf(out, len,
 * "%.*s", n, s) without a format string. Returns the bytes copied.
 */
size_t str_copy(char *out, size_t len, const char *s, size_t n);

#endif
