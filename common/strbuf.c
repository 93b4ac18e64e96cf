/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "banned.h"

int
strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t need, cap;
	char *p;

	if (sb->err)
		return sb->err;
	if (extra > SIZE_MAX - sb->len - 1)
		return sb->err = -ENOMEM;
	need = sb->len + extra + 1;
	if (need <= sb->cap)
		return 0;
	cap = sb->cap ? sb->cap : 256;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	p = realloc(sb->buf, cap);
	if (!p)
		return sb->err = -ENOMEM;
	sb->buf = p;
	sb->cap = cap;
	return 0;
}

void
strbuf_add_slow(struct strbuf *sb, const void *p, size_t len)
{
	if (strbuf_grow(sb, len) < 0)
		return;
	if (len)
		memcpy(sb->buf + sb->len, p, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void
strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void
strbuf_addch(struct strbuf *sb, char c)
{
	strbuf_add(sb, &c, 1);
}

void
strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (strbuf_grow(sb, 64) < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		sb->buf[sb->len] = '\0';
		return;
	}
	if ((size_t) n >= sb->cap - sb->len) {
		if (strbuf_grow(sb, (size_t) n) < 0) {
			sb->buf[sb->len] = '\0';
			return;
		}
		va_start(ap, fmt);
		vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, ap);
		va_end(ap);
	}
	sb->len += (size_t) n;
}

/* Whether strbuf_add_json_string() copies byte ch as it is. */
static bool
json_plain(unsigned char ch, unsigned flags)
{
	if (ch == '"' || ch == '\\' || ch < 0x20 || ch == 0x7f)
		return false;
	return ch < 0x80 || !(flags & STRBUF_JSON_ASCII);
}

void
strbuf_add_json_string(struct strbuf *sb, const char *s, size_t len, unsigned flags)
{
	size_t i = 0, run;

	strbuf_addch(sb, '"');
	while (i < len) {
		unsigned char ch;

		/* The bytes that need no escape go in runs, as one copy each. */
		for (run = i; run < len && json_plain((unsigned char) s[run], flags); run++)
			;
		strbuf_add(sb, s + i, run - i);
		if (run == len)
			break;
		ch = (unsigned char) s[run];
		if (ch == '"' || ch == '\\')
			strbuf_addf(sb, "\\%c", ch);
		else
			strbuf_addf(sb, "\\u%04x", ch);
		i = run + 1;
	}
	strbuf_addch(sb, '"');
}

void
strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	sb->err = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void
strbuf_release(struct strbuf *sb)
{
	if (!sb)
		return;
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
	sb->err = 0;
}

uint64_t
str_hash(const char *s)
{
	uint64_t h = 14695981039346656037ull;

	for (; *s; s++)
		h = (h ^ (unsigned char) *s) * 1099511628211ull;
	return h;
}

size_t
str_copy(char *out, size_t len, const char *s, size_t n)
{
	n = strnlen(s, n);
	if (n >= len)
		n = len - 1;
	memcpy(out, s, n);
	out[n] = '\0';
	return n;
}
