/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_OUTBUF_H
#define SYSREC_OUTBUF_H

/*
 * A run's output: bytes gathered in one buffer and handed to a stdio stream
 * in blocks, so that a report costs one stdio call per block instead of one
 * per field (stdio's per-call cost was a fifth of sar -A's time). sar and
 * sadf print everything through one outbuf; whoever writes to the stream
 * itself takes it from outbuf_sync(), which first writes what is gathered,
 * so the bytes keep their order. A write error is the stream's (ferror()).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct outbuf {
	FILE *fp;
	char *buf;
	size_t len, cap; /* cap 0: every byte goes to fp at once */
	bool owned;      /* buf is o's (outbuf_init()), not the caller's (outbuf_attach()) */
	/*
	 * Room is made by writing whole blocks of this many bytes, at offsets
	 * of the file that are multiples of it (0: all that is gathered).
	 * The kernel then takes a block into its cache as one large folio:
	 * 215 MB written in 16 kB blocks at such offsets cost 0.09 s of
	 * system time, against 0.18 s in blocks of 28.7 kB at any offset and
	 * 0.26 s in stdio's 4 kB (ext4, Linux 6.18).
	 */
	size_t block;
	uint64_t pos; /* the stream's offset after the bytes o wrote */
	bool pos_known;
};

/*
 * o writes to fp, through a buffer of cap bytes (0: none); from 8 kB, in
 * blocks of the largest power of two that leaves a fifth of it free.
 */
void outbuf_init(struct outbuf *o, FILE *fp, size_t cap);

/* o->fp, after the bytes gathered have been written to it. */
FILE *outbuf_sync(struct outbuf *o);

/* outbuf_sync(), then fp takes o's place (a memory stream, another file). */
void outbuf_set_fp(struct outbuf *o, FILE *fp);

/*
 * outbuf_sync(), then o gathers in the caller's cap bytes at buf (NULL and
 * 0: in none, every byte goes to the stream at once) until the next call.
 */
void outbuf_attach(struct outbuf *o, char *buf, size_t cap);

/* Writes what is gathered and frees the buffer; o then writes to its stream at once. */
void outbuf_release(struct outbuf *o);

/* The path of outbuf_put() when the bytes do not fit. */
void outbuf_put_slow(struct outbuf *o, const char *p, size_t n);

/*
 * Room for n bytes after what is gathered: whole blocks go out, the rest
 * stays (all goes out when that is not room enough).
 */
void outbuf_make_room(struct outbuf *o, size_t n);

/* printf() into o. */
void outbuf_printf(struct outbuf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * Room for n bytes written in place (then outbuf_commit() of what was
 * written): the gathered bytes go out first when they leave less. NULL
 * when n is more than the buffer holds (or o has none).
 */
static inline char *
outbuf_reserve(struct outbuf *o, size_t n)
{
	if (n > o->cap)
		return NULL;
	if (n > o->cap - o->len)
		outbuf_make_room(o, n);
	return o->buf + o->len;
}

/* The n bytes written at outbuf_reserve()'s pointer are part of the output. */
static inline void
outbuf_commit(struct outbuf *o, size_t n)
{
	o->len += n;
}

static inline void
outbuf_put(struct outbuf *o, const char *p, size_t n)
{
	if (n <= o->cap - o->len && n) {
		memcpy(o->buf + o->len, p, n);
		o->len += n;
		return;
	}
	outbuf_put_slow(o, p, n);
}

static inline void
outbuf_puts(struct outbuf *o, const char *s)
{
	outbuf_put(o, s, strlen(s));
}

static inline void
outbuf_putc(struct outbuf *o, char c)
{
	if (o->len < o->cap) {
		o->buf[o->len++] = c;
		return;
	}
	outbuf_put_slow(o, &c, 1);
}

#endif
