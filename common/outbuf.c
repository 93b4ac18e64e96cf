/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

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
}

FILE *
outbuf_sync(struct outbuf *o)
{
	if (o->len) {
		fwrite(o->buf, 1, o->len, o->fp);
		o->len = 0;
	}
	return o->fp;
}

void
outbuf_set_fp(struct outbuf *o, FILE *fp)
{
	outbuf_sync(o);
	o->fp = fp;
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
outbuf_put_slow(struct outbuf *o, const char *p, size_t n)
{
	if (!n)
		return;
	outbuf_sync(o);
	if (n > o->cap) {
		fwrite(p, 1, n, o->fp);
		return;
	}
	memcpy(o->buf, p, n);
	o->len = n;
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
