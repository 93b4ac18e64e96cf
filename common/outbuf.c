/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outbuf.h"
#include "sysexit.h"
#include "banned.h"

void
outbuf_init(struct outbuf *o, FILE *fp, size_t cap)
{
	o->fp = fp;
	o->len = 0;
	o->cap = cap;
	o->buf = cap ? sysrec_malloc(cap) : NULL;
	o->owned = cap != 0;
	o->block = 0;
	if (cap >= 8192) {
		/* The largest power of two that leaves a fifth of the buffer for the rest. */
		o->block = 4096;
		while (2 * o->block <= cap - cap / 5)
			o->block *= 2;
	}
	o->pos = 0;
	o->pos_known = false;
}

void
outbuf_attach(struct outbuf *o, char *buf, size_t cap)
{
	outbuf_sync(o);
	if (o->owned)
		free(o->buf);
	o->buf = buf;
	o->cap = cap;
	o->owned = false;
	o->block = 0;
}

/*
 * Writes n bytes to o's stream. A stream on a descriptor gets them in one
 * write(), after what stdio holds of it: through fwrite() they were copied
 * into stdio's buffer first (memory kept for the whole run) and cost two
 * writes a block. What a failed write leaves goes through the stream,
 * which meets the error again and keeps it (ferror()).
 */
static void
outbuf_write(struct outbuf *o, const char *p, size_t n)
{
	int fd = fileno(o->fp);
	size_t done = 0, held = __fpending(o->fp);

	if (fd >= 0 && fflush(o->fp) == 0) {
		if (!o->pos_known) {
			/* Where the file is (a pipe: anywhere, 0 will do). */
			off_t at = lseek(fd, 0, SEEK_CUR);

			o->pos = at > 0 ? (uint64_t) at : 0;
			o->pos_known = true;
		} else {
			o->pos += held;
		}
		while (done < n) {
			ssize_t w = write(fd, p + done, n - done);

			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				break;
			done += (size_t) w;
		}
		o->pos += done;
	}
	if (done < n) {
		fwrite(p + done, 1, n - done, o->fp);
		o->pos_known = false;
	}
}

FILE *
outbuf_sync(struct outbuf *o)
{
	if (o->len) {
		outbuf_write(o, o->buf, o->len);
		o->len = 0;
	}
	return o->fp;
}

void
outbuf_set_fp(struct outbuf *o, FILE *fp)
{
	outbuf_sync(o);
	o->fp = fp;
	o->pos_known = false;
}

void
outbuf_release(struct outbuf *o)
{
	if (o->fp)
		outbuf_sync(o);
	if (o->owned)
		free(o->buf);
	o->buf = NULL;
	o->len = o->cap = 0;
	o->owned = false;
}

void
outbuf_make_room(struct outbuf *o, size_t n)
{
	size_t head, out;

	if (n <= o->cap - o->len)
		return;
	if (!o->block || !o->pos_known) {
		/* The first write learns where the file is. */
		outbuf_sync(o);
		return;
	}
	/* To the next multiple of block in the file, then whole blocks. */
	head = o->block - (size_t) (o->pos % o->block);
	if (o->len < head) {
		outbuf_sync(o);
		return;
	}
	out = head + (o->len - head) / o->block * o->block;
	outbuf_write(o, o->buf, out);
	memmove(o->buf, o->buf + out, o->len - out);
	o->len -= out;
	if (n > o->cap - o->len)
		outbuf_sync(o);
}

void
outbuf_put_slow(struct outbuf *o, const char *p, size_t n)
{
	if (!n)
		return;
	if (n > o->cap) {
		outbuf_sync(o);
		outbuf_write(o, p, n);
		return;
	}
	outbuf_make_room(o, n);
	memcpy(o->buf + o->len, p, n);
	o->len += n;
}

void
outbuf_printf(struct outbuf *o, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t) n < sizeof(buf)) {
		outbuf_put(o, buf, (size_t) n);
		return;
	}
	va_start(ap, fmt);
	vfprintf(outbuf_sync(o), fmt, ap);
	va_end(ap);
}
