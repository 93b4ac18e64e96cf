/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <sys/stat.h>

#include "source.h"
#include "banned.h"

/*
 * Small reads (record headers, counts, small activities) go through this
 * buffer; reads of a buffer's size or more bypass it (raw_read), so it only
 * needs to hold a few records of a common file.
 */
#define SOURCE_BUF_SIZE (16 * 1024)

struct source {
	/* raw input: a file descriptor (fd >= 0) or a memory block */
	int fd;
	const unsigned char *mem;
	size_t mem_len;
	size_t mem_pos;
	bool raw_eof;

	/* buffered raw bytes, refilled from the fd (unused in memory mode) */
	unsigned char *buf;
	size_t buf_pos;
	size_t buf_len;

	/* gzip layer */
	bool gz;
	bool gz_end; /* the last member ended and no input follows */
	z_stream z;

	uint64_t offset;
	off_t base; /* fd position of the data's first byte, -1 when not seekable */
	int err;
	const char *err_text;
};

static int
source_fail(struct source *s, int err, const char *text)
{
	if (!s->err) {
		s->err = err;
		s->err_text = text;
	}
	return s->err;
}

/* Makes at least one raw byte available; returns the count, 0 at the end, or -errno. */
static ssize_t
raw_fill(struct source *s)
{
	ssize_t n;

	if (s->buf_pos < s->buf_len)
		return (ssize_t) (s->buf_len - s->buf_pos);
	if (s->fd < 0 || s->raw_eof)
		return 0;
	do
		n = read(s->fd, s->buf, SOURCE_BUF_SIZE);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return source_fail(s, -errno, NULL);
	if (n == 0)
		s->raw_eof = true;
	s->buf_pos = 0;
	s->buf_len = (size_t) n;
	return n;
}

/* Points *ret at the next raw bytes without consuming them. */
static ssize_t
raw_peek(struct source *s, const unsigned char **ret)
{
	ssize_t n;

	if (s->fd < 0) {
		*ret = s->mem + s->mem_pos;
		return (ssize_t) (s->mem_len - s->mem_pos);
	}
	n = raw_fill(s);
	*ret = s->buf + s->buf_pos;
	return n;
}

static void
raw_consume(struct source *s, size_t n)
{
	if (s->fd < 0)
		s->mem_pos += n;
	else
		s->buf_pos += n;
}

/* read() into dst, bypassing the buffer: up to len bytes, fewer only at the end. */
static ssize_t
raw_read_direct(struct source *s, unsigned char *dst, size_t len)
{
	size_t done = 0;

	while (done < len && !s->raw_eof) {
		ssize_t n = read(s->fd, dst + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return source_fail(s, -errno, NULL);
		if (n == 0)
			s->raw_eof = true;
		done += (size_t) n;
	}
	return (ssize_t) done;
}

static ssize_t
raw_read(struct source *s, unsigned char *dst, size_t len)
{
	size_t done = 0;

	while (done < len) {
		const unsigned char *p;
		ssize_t n;

		if (s->fd >= 0 && s->buf_pos == s->buf_len && len - done >= SOURCE_BUF_SIZE) {
			n = raw_read_direct(s, dst + done, len - done);
			return n < 0 ? n : (ssize_t) (done + (size_t) n);
		}
		n = raw_peek(s, &p);

		if (n <= 0)
			return n < 0 ? n : (ssize_t) done;
		if ((size_t) n > len - done)
			n = (ssize_t) (len - done);
		memcpy(dst + done, p, (size_t) n);
		raw_consume(s, (size_t) n);
		done += (size_t) n;
	}
	return (ssize_t) done;
}

static ssize_t
gz_read(struct source *s, unsigned char *dst, size_t len)
{
	s->z.next_out = dst;
	s->z.avail_out = (uInt) len;
	while (s->z.avail_out > 0 && !s->gz_end) {
		const unsigned char *p;
		ssize_t n = raw_peek(s, &p);
		int rc;

		if (n < 0)
			return n;
		if (n == 0) {
			/* Input ended inside a member: deliver what we have, as a short file. */
			s->gz_end = true;
			break;
		}
		s->z.next_in = (Bytef *) (uintptr_t) p;
		s->z.avail_in = (uInt) (n > (ssize_t) UINT32_MAX ? UINT32_MAX : n);
		rc = inflate(&s->z, Z_NO_FLUSH);
		raw_consume(s, (size_t) n - s->z.avail_in);
		if (rc == Z_STREAM_END) {
			/* Concatenated members (gzip a; gzip b; cat) are one stream. */
			n = raw_peek(s, &p);
			if (n < 0)
				return n;
			if (n == 0)
				s->gz_end = true;
			else if (inflateReset(&s->z) != Z_OK)
				return source_fail(s, -EIO, "inflateReset failed");
		} else if (rc != Z_OK && rc != Z_BUF_ERROR) {
			return source_fail(s, -EIO, s->z.msg ? s->z.msg : "corrupt gzip data");
		}
	}
	return (ssize_t) (len - s->z.avail_out);
}

ssize_t
source_read(struct source *s, void *buf, size_t len)
{
	ssize_t n;

	if (s->err)
		return s->err;
	/* Bound one call so that the count always fits in ssize_t and uInt. */
	if (len > (size_t) 1 << 30)
		len = (size_t) 1 << 30;
	n = s->gz ? gz_read(s, buf, len) : raw_read(s, buf, len);
	if (n > 0)
		s->offset += (uint64_t) n;
	return n;
}

/* Discards up to n raw bytes by moving past them in the buffer: no copy. */
static int64_t
raw_skip(struct source *s, uint64_t n)
{
	uint64_t done = 0;

	while (done < n) {
		const unsigned char *p;
		ssize_t avail = raw_peek(s, &p);
		size_t step;

		if (avail < 0)
			return avail;
		if (avail == 0)
			break;
		step = (uint64_t) avail < n - done ? (size_t) avail : (size_t) (n - done);
		raw_consume(s, step);
		done += step;
	}
	s->offset += done;
	return (int64_t) done;
}

int64_t
source_skip(struct source *s, uint64_t n)
{
	unsigned char scratch[4096];
	uint64_t done = 0;

	if (s->err)
		return s->err;
	if (!s->gz)
		return raw_skip(s, n);
	while (done < n) {
		size_t want = n - done < sizeof(scratch) ? (size_t) (n - done) : sizeof(scratch);
		ssize_t got = source_read(s, scratch, want);

		if (got < 0)
			return got;
		if (got == 0)
			break;
		done += (uint64_t) got;
	}
	return (int64_t) done;
}

int
source_seek(struct source *s, uint64_t off)
{
	if (s->err)
		return s->err;
	if (s->fd < 0) {
		/* Memory: plain data seeks directly; gzip restarts below. */
		if (!s->gz) {
			if (off > s->mem_len)
				off = s->mem_len;
			s->mem_pos = (size_t) off;
			s->offset = off;
			return 0;
		}
	} else if (s->base < 0) {
		return -ESPIPE;
	}
	if (!s->gz) {
		if (lseek(s->fd, s->base + (off_t) off, SEEK_SET) < 0)
			return -errno;
		s->buf_pos = s->buf_len = 0;
		s->raw_eof = false;
		s->offset = off;
		return 0;
	}
	if (off < s->offset) {
		/* Inflate again from the first member. */
		if (s->fd >= 0) {
			if (lseek(s->fd, s->base, SEEK_SET) < 0)
				return -errno;
			s->buf_pos = s->buf_len = 0;
			s->raw_eof = false;
		} else {
			s->mem_pos = 0;
		}
		if (inflateReset(&s->z) != Z_OK)
			return -EIO;
		s->gz_end = false;
		s->offset = 0;
	}
	return source_skip(s, off - s->offset) < 0 ? s->err : 0;
}

static int
source_init(struct source *s)
{
	const unsigned char *p;
	ssize_t n;

	/* The gzip magic needs two bytes; a shorter input is plain data. */
	if (s->fd >= 0) {
		n = raw_fill(s);
		if (n == 1 && !s->raw_eof) {
			/* A pipe may deliver one byte at a time: top up once. */
			ssize_t m;

			do
				m = read(s->fd, s->buf + 1, SOURCE_BUF_SIZE - 1);
			while (m < 0 && errno == EINTR);
			if (m < 0)
				return -errno;
			s->buf_len += (size_t) m;
		}
	}
	n = raw_peek(s, &p);
	if (n < 0)
		return (int) n;
	if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b) {
		/* 15 + 16: a gzip wrapper with the largest window. */
		if (inflateInit2(&s->z, 15 + 16) != Z_OK)
			return -ENOMEM;
		s->gz = true;
	}
	return 0;
}

static int
source_new(int fd, const void *mem, size_t len, struct source **ret)
{
	struct source *s = calloc(1, sizeof(*s));
	int rc;

	if (!s)
		return -ENOMEM;
	s->fd = fd;
	s->mem = mem;
	s->mem_len = len;
	s->base = fd >= 0 ? lseek(fd, 0, SEEK_CUR) : 0;
	if (fd >= 0) {
		s->buf = malloc(SOURCE_BUF_SIZE);
		if (!s->buf) {
			free(s);
			return -ENOMEM;
		}
	}
	rc = source_init(s);
	if (rc < 0) {
		source_free(s);
		return rc;
	}
	*ret = s;
	return 0;
}

int
source_open_fd(int fd, struct source **ret)
{
	if (fd < 0)
		return -EBADF;
	return source_new(fd, NULL, 0, ret);
}

int
source_open_mem(const void *buf, size_t len, struct source **ret)
{
	static const unsigned char empty[1];

	return source_new(-1, buf ? buf : empty, buf ? len : 0, ret);
}

uint64_t
source_offset(const struct source *s)
{
	return s->offset;
}

int64_t
source_remaining(const struct source *s)
{
	struct stat st;

	if (s->gz)
		return -1;
	if (s->fd < 0)
		return (int64_t) (s->mem_len - s->mem_pos);
	if (s->base < 0 || fstat(s->fd, &st) < 0 || !S_ISREG(st.st_mode))
		return -1;
	/* The data starts at base; offset counts what was handed out. */
	if ((uint64_t) st.st_size < (uint64_t) s->base + s->offset)
		return 0;
	return (int64_t) ((uint64_t) st.st_size - (uint64_t) s->base - s->offset);
}

bool
source_is_gzip(const struct source *s)
{
	return s->gz;
}

const char *
source_error_text(const struct source *s)
{
	return s->err_text;
}

void
source_free(struct source *s)
{
	if (!s)
		return;
	if (s->gz)
		inflateEnd(&s->z);
	free(s->buf);
	free(s);
}
