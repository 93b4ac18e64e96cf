/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "codec_lib.h"
#include "fdio.h"
#include "source.h"
#include "tmpfile.h"
#include "banned.h"

/*
 * Small reads (record headers, counts, small activities) go through this
 * buffer; reads of a buffer's size or more bypass it (raw_read), so it only
 * needs to hold a few records of a common file.
 */
#define SOURCE_BUF_SIZE (16 * 1024)

/* The compressed formats, told apart by their magic bytes (source_init). */
enum codec {
	CODEC_NONE,
	CODEC_GZIP,
	CODEC_XZ,
	CODEC_BZIP2,
	CODEC_ZSTD,
	CODEC_MAX,
};

/* The most an xz stream may have us allocate: xz -9 needs 65 MiB, a bad header asks for 4 GiB. */
#define XZ_MEMLIMIT ((uint64_t) 256 << 20)

/*
 * Decompressed bytes kept so that a seek backwards (sar reads a file once per
 * view) copies them instead of decompressing the file again from its start.
 * Past this size the spool is dropped and a seek backwards restarts the
 * decoder.
 */
#define SPOOL_MAX ((size_t) 256 << 20)
/* Decompressed at least this much at a time into the spool. */
#define SPOOL_STEP ((size_t) 64 << 10)
/*
 * The spool is held in memory up to this size; past it, in an unnamed
 * temporary file (tmpfile.h), of which this much memory holds a window: the
 * peak memory of a report on a compressed day does not grow with the day.
 * A day of a few records never makes the file.
 */
#define SPOOL_MEM ((size_t) 1 << 20)
/* spool_read() decodes at most this much at a time: a window must hold it. */
#define SPOOL_GROW_MAX (SPOOL_STEP * 16)
_Static_assert(SPOOL_GROW_MAX <= SPOOL_MEM, "a decode step fits in the spool's window");

/* Longest magic of the codecs (xz's six bytes). */
#define MAGIC_MAX 6

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
	/*
	 * A plain regular file is read with pread() from rpos, the file
	 * offset of buf[buf_len], so that a skip past the buffer moves rpos
	 * and reads nothing: sar reads the file once per report, and read()
	 * copied every byte of it into the process each time. fsize is the
	 * file's size as last seen (a skip past it looks again). until, when
	 * past the offset, is where the reader's next needs end (source_until):
	 * a refill reads no further.
	 */
	bool positional;
	uint64_t rpos;
	uint64_t fsize;
	uint64_t until;

	/* decompression layer */
	enum codec codec;
	bool dec_end;   /* the data ended: the last stream closed, or the input was cut */
	bool dec_ready; /* the decoder's state is initialised (and must be released) */
	bool dec_cut;   /* the input ended inside a stream */
	union {
		z_stream z;
		lzma_stream xz;
		bz_stream bz;
		ZSTD_DCtx *zstd;
	} d;
	/* the codec's library functions, loaded with its first stream (codec_lib.h) */
	union {
		struct codec_zlib z;
		struct codec_lzma xz;
		struct codec_bz2 bz;
		struct codec_zstd zstd;
	} lib;
	/*
	 * Every byte decoded so far, from the data's start (spool_len of them):
	 * all in the buffer spool, or past SPOOL_MEM all in spool_fd with
	 * win_len of them from win_at in the buffer. In memory, win_at is 0
	 * and win_len spool_len.
	 */
	unsigned char *spool;
	size_t spool_len;
	size_t spool_cap;
	size_t spool_max; /* SPOOL_MAX, or source_set_spool_max()'s */
	bool spool_off;   /* dropped (past spool_max): seeks backwards decode again */
	int spool_fd;     /* the temporary file, or -1 */
	bool spool_nofile; /* none could be made or written: memory, up to spool_max */
	size_t win_at;
	size_t win_len;
	/*
	 * A read-only view of map_len bytes of spool_fd from map_at, where the
	 * bytes before the window are read from: pread() into the window would
	 * copy every byte twice on each of sar's passes, a view maps the page
	 * cache's pages, and dropping it keeps them out of our memory
	 * (MAP_FAILED: none).
	 */
	const unsigned char *map;
	size_t map_at;
	size_t map_len;
	/* where the last read found its bytes: the window or the view (view_len 0: unknown) */
	const unsigned char *view;
	size_t view_at;
	size_t view_len;

	/* segments (source_open_segments): read with pread() or memcpy(), never decoded */
	struct source_seg *segs;
	uint64_t *seg_start; /* stream offset of each segment's first byte */
	size_t n_segs;
	uint64_t seg_total;
	uint64_t buf_at; /* stream offset of buf[0] (buf_len bytes of it) */

	uint64_t offset;
	off_t base; /* fd position of the data's first byte, -1 when not seekable */
	int err;
	const char *err_text;
	char err_buf[160];
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

/* How much a refill from stream offset at reads: a buffer's worth, or less where the reader's needs
 * end (source_until()). */
static size_t
refill_len(const struct source *s, uint64_t at)
{
	return s->until > at && s->until - at < SOURCE_BUF_SIZE ? (size_t) (s->until - at)
	                                                        : SOURCE_BUF_SIZE;
}

/* The file's size now, into fsize (a plain file read with pread()); 0 or -errno. */
static int
look_at_size(struct source *s)
{
	struct stat st;

	if (fstat(s->fd, &st) < 0)
		return -errno;
	s->fsize = (uint64_t) st.st_size;
	return 0;
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
	if (s->positional) {
		/* The buffer is empty: its end is the data's next byte. */
		size_t want = refill_len(s, s->rpos - (uint64_t) s->base);

		n = fdio_pread_full(s->fd, s->buf, want, s->rpos);
		if (n < 0)
			return source_fail(s, (int) n, NULL);
		if (n == 0)
			s->raw_eof = true;
		s->rpos += (uint64_t) n;
		s->buf_pos = 0;
		s->buf_len = (size_t) n;
		return n;
	}
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

	if (s->positional) {
		ssize_t n = fdio_pread_full(s->fd, dst, len, s->rpos);

		if (n < 0)
			return source_fail(s, (int) n, NULL);
		s->rpos += (uint64_t) n;
		if ((size_t) n < len)
			s->raw_eof = true;
		return n;
	}
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

/* ---- the codecs ---- */

static const char *const codec_names[CODEC_MAX] = {
        [CODEC_GZIP] = "gzip", [CODEC_XZ] = "xz", [CODEC_BZIP2] = "bzip2", [CODEC_ZSTD] = "zstd"};

/* What one decoding step reached (negative: an error, already described in err_buf). */
enum step {
	STEP_OK,  /* went on, or could not for want of input */
	STEP_END, /* a gzip member, xz stream, bzip2 stream or zstd frame ended */
};

/*
 * One codec: load its library (at the first stream), start (or restart)
 * its decoder at the beginning of a stream, decode from in (n bytes; n == 0
 * once the input has ended) into out, and release it. step() sets *ret_used and *ret_made to the bytes consumed and
 * produced, and returns an enum step or a negative errno.
 */
struct codec_ops {
	/* loads the library into s->lib: 0, or -1 with why not in s->err_buf */
	int (*load)(struct source *s);
	int (*start)(struct source *s);
	int (*step)(struct source *s, const unsigned char *in, size_t n, unsigned char *out,
	            size_t len, size_t *ret_used, size_t *ret_made);
	void (*end)(struct source *s);
};

/* Describes bad data in err_buf ("corrupt xz data: ..."); the caller decides whether it sticks. */
static int
codec_error(struct source *s, int err, const char *what)
{
	snprintf(s->err_buf, sizeof(s->err_buf), "corrupt %s data: %s", codec_names[s->codec],
	         what);
	return err;
}

/* zlib, liblzma and libbzip2 count in 32 bits; source_read() keeps len below 1 GiB. */
static unsigned int
clamp_u32(size_t n)
{
	return n > UINT32_MAX ? UINT32_MAX : (unsigned int) n;
}

static int
gz_load(struct source *s)
{
	return codec_zlib_load(&s->lib.z, s->err_buf, sizeof(s->err_buf));
}

static int
gz_start(struct source *s)
{
	if (s->dec_ready)
		return s->lib.z.inflate_reset(&s->d.z) == Z_OK ? 0 : -EIO;
	/* 15 + 16: a gzip wrapper with the largest window. */
	if (s->lib.z.inflate_init2(&s->d.z, 15 + 16, ZLIB_VERSION, (int) sizeof(z_stream)) != Z_OK)
		return -ENOMEM;
	s->dec_ready = true;
	return 0;
}

static int
gz_step(struct source *s, const unsigned char *in, size_t n, unsigned char *out, size_t len,
        size_t *ret_used, size_t *ret_made)
{
	unsigned int in_n = clamp_u32(n), out_n = clamp_u32(len);
	int rc;

	s->d.z.next_in = (Bytef *) (uintptr_t) in;
	s->d.z.avail_in = in_n;
	s->d.z.next_out = out;
	s->d.z.avail_out = out_n;
	rc = s->lib.z.inflate(&s->d.z, Z_NO_FLUSH);
	*ret_used = in_n - s->d.z.avail_in;
	*ret_made = out_n - s->d.z.avail_out;
	if (rc == Z_STREAM_END)
		return STEP_END;
	if (rc == Z_OK || rc == Z_BUF_ERROR)
		return STEP_OK;
	if (rc == Z_MEM_ERROR)
		return -ENOMEM;
	return codec_error(s, -EIO, s->d.z.msg ? s->d.z.msg : "invalid data");
}

static void
gz_end(struct source *s)
{
	s->lib.z.inflate_end(&s->d.z);
}

static int
xz_load(struct source *s)
{
	return codec_lzma_load(&s->lib.xz, s->err_buf, sizeof(s->err_buf));
}

static int
xz_start(struct source *s)
{
	/* LZMA_CONCATENATED: streams one after another (and their padding) are one. */
	switch (s->lib.xz.stream_decoder(&s->d.xz, XZ_MEMLIMIT, LZMA_CONCATENATED)) {
	case LZMA_OK:
		s->dec_ready = true;
		return 0;
	case LZMA_MEM_ERROR:
		return -ENOMEM;
	default:
		return -EINVAL;
	}
}

static const char *
xz_message(lzma_ret rc)
{
	switch (rc) {
	case LZMA_FORMAT_ERROR:
		return "file format not recognized";
	case LZMA_OPTIONS_ERROR:
		return "unsupported compression options";
	case LZMA_DATA_ERROR:
		return "compressed data is corrupt";
	case LZMA_MEMLIMIT_ERROR:
		return "needs more than 256 MiB of memory to decompress";
	default:
		return "unexpected liblzma error";
	}
}

static int
xz_step(struct source *s, const unsigned char *in, size_t n, unsigned char *out, size_t len,
        size_t *ret_used, size_t *ret_made)
{
	lzma_ret rc;

	s->d.xz.next_in = in;
	s->d.xz.avail_in = n;
	s->d.xz.next_out = out;
	s->d.xz.avail_out = len;
	/* Only LZMA_FINISH tells the end of the last stream from a pause between two. */
	rc = s->lib.xz.code(&s->d.xz, n ? LZMA_RUN : LZMA_FINISH);
	*ret_used = n - s->d.xz.avail_in;
	*ret_made = len - s->d.xz.avail_out;
	if (rc == LZMA_STREAM_END)
		return STEP_END;
	if (rc == LZMA_OK || rc == LZMA_BUF_ERROR)
		return STEP_OK;
	if (rc == LZMA_MEM_ERROR)
		return -ENOMEM;
	return codec_error(s, -EIO, xz_message(rc));
}

static void
xz_end(struct source *s)
{
	s->lib.xz.end(&s->d.xz);
}

static int
bz_load(struct source *s)
{
	return codec_bz2_load(&s->lib.bz, s->err_buf, sizeof(s->err_buf));
}

static int
bz_start(struct source *s)
{
	/* A new stream needs a new decoder: libbzip2 has no reset. */
	if (s->dec_ready)
		s->lib.bz.decompress_end(&s->d.bz);
	s->dec_ready = false;
	memset(&s->d.bz, 0, sizeof(s->d.bz));
	if (s->lib.bz.decompress_init(&s->d.bz, 0, 0) != BZ_OK)
		return -ENOMEM;
	s->dec_ready = true;
	return 0;
}

static int
bz_step(struct source *s, const unsigned char *in, size_t n, unsigned char *out, size_t len,
        size_t *ret_used, size_t *ret_made)
{
	unsigned int in_n = clamp_u32(n), out_n = clamp_u32(len);
	int rc;

	s->d.bz.next_in = (char *) (uintptr_t) in;
	s->d.bz.avail_in = in_n;
	s->d.bz.next_out = (char *) out;
	s->d.bz.avail_out = out_n;
	rc = s->lib.bz.decompress(&s->d.bz);
	*ret_used = in_n - s->d.bz.avail_in;
	*ret_made = out_n - s->d.bz.avail_out;
	switch (rc) {
	case BZ_STREAM_END:
		return STEP_END;
	case BZ_OK:
		return STEP_OK;
	case BZ_MEM_ERROR:
		return -ENOMEM;
	case BZ_DATA_ERROR_MAGIC:
		return codec_error(s, -EIO, "bad stream header");
	case BZ_DATA_ERROR:
		return codec_error(s, -EIO, "data integrity error");
	default:
		return codec_error(s, -EIO, "unexpected libbzip2 error");
	}
}

static void
bz_end(struct source *s)
{
	s->lib.bz.decompress_end(&s->d.bz);
}

static int
zstd_load(struct source *s)
{
	return codec_zstd_load(&s->lib.zstd, s->err_buf, sizeof(s->err_buf));
}

static int
zstd_start(struct source *s)
{
	if (!s->dec_ready) {
		s->d.zstd = s->lib.zstd.create_dctx();
		if (!s->d.zstd)
			return -ENOMEM;
		s->dec_ready = true;
	}
	return s->lib.zstd.is_error(s->lib.zstd.dctx_reset(s->d.zstd, ZSTD_reset_session_only)) ? -EIO
	                                                                                       : 0;
}

static int
zstd_step(struct source *s, const unsigned char *in, size_t n, unsigned char *out, size_t len,
          size_t *ret_used, size_t *ret_made)
{
	ZSTD_inBuffer ib = {in, n, 0};
	ZSTD_outBuffer ob = {out, len, 0};
	size_t rc = s->lib.zstd.decompress_stream(s->d.zstd, &ob, &ib);

	*ret_used = ib.pos;
	*ret_made = ob.pos;
	if (s->lib.zstd.is_error(rc)) {
		if (s->lib.zstd.get_error_code(rc) == ZSTD_error_memory_allocation)
			return -ENOMEM;
		return codec_error(s, -EIO, s->lib.zstd.get_error_name(rc));
	}
	/* 0: a frame ended and all of it was handed out (the next frame, if any, starts afresh). */
	return rc == 0 ? STEP_END : STEP_OK;
}

static void
zstd_end(struct source *s)
{
	s->lib.zstd.free_dctx(s->d.zstd);
}

static const struct codec_ops codecs[CODEC_MAX] = {
        [CODEC_GZIP] = {gz_load, gz_start, gz_step, gz_end},
        [CODEC_XZ] = {xz_load, xz_start, xz_step, xz_end},
        [CODEC_BZIP2] = {bz_load, bz_start, bz_step, bz_end},
        [CODEC_ZSTD] = {zstd_load, zstd_start, zstd_step, zstd_end},
};

/* The codec whose magic the data starts with. */
static enum codec
codec_detect(const unsigned char *p, size_t n)
{
	static const unsigned char xz[] = {0xfd, '7', 'z', 'X', 'Z', 0x00};
	static const unsigned char zstd[] = {0x28, 0xb5, 0x2f, 0xfd};

	if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
		return CODEC_GZIP;
	if (n >= sizeof(xz) && !memcmp(p, xz, sizeof(xz)))
		return CODEC_XZ;
	if (n >= 4 && p[0] == 'B' && p[1] == 'Z' && p[2] == 'h' && p[3] >= '1' && p[3] <= '9')
		return CODEC_BZIP2;
	if (n >= sizeof(zstd) && !memcmp(p, zstd, sizeof(zstd)))
		return CODEC_ZSTD;
	return CODEC_NONE;
}

/* After a stream ended: more input is another stream (gzip a; gzip b; cat: one stream). */
static int
dec_next_stream(struct source *s)
{
	const unsigned char *p;
	ssize_t n = raw_peek(s, &p);

	if (n < 0)
		return (int) n;
	if (n == 0) {
		s->dec_end = true;
		return 0;
	}
	n = codecs[s->codec].start(s);
	return n < 0 ? source_fail(s, (int) n, NULL) : 0;
}

static ssize_t
dec_read(struct source *s, unsigned char *dst, size_t len)
{
	const struct codec_ops *c = &codecs[s->codec];
	size_t done = 0;
	int stalls = 0;

	while (done < len && !s->dec_end) {
		const unsigned char *p;
		size_t used = 0, made = 0;
		ssize_t n = raw_peek(s, &p);
		int rc;

		if (n < 0)
			return done ? (ssize_t) done : n;
		rc = c->step(s, p, (size_t) n, dst + done, len - done, &used, &made);
		raw_consume(s, used);
		done += made;
		if (rc == -EIO && n == 0) {
			/* The input ended inside a stream: what we have, as a short file. */
			s->dec_end = s->dec_cut = true;
		} else if (rc < 0) {
			/* What was decoded before the damage is handed out first. */
			source_fail(s, rc, rc == -EIO ? s->err_buf : NULL);
			return done ? (ssize_t) done : s->err;
		} else if (rc == STEP_END) {
			rc = dec_next_stream(s);
			if (rc < 0)
				return done ? (ssize_t) done : rc;
		} else if (!used && !made) {
			if (n == 0)
				s->dec_end = s->dec_cut = true; /* cut inside a stream, as above */
			else if (++stalls > 1) {
				source_fail(s, -EIO, "decoder made no progress");
				return done ? (ssize_t) done : s->err;
			}
		} else {
			stalls = 0;
		}
	}
	return (ssize_t) done;
}

static void
spool_unmap(struct source *s)
{
	if (s->map != MAP_FAILED)
		munmap((void *) (uintptr_t) s->map, s->map_len);
	s->map = MAP_FAILED;
	s->map_at = s->map_len = 0;
	s->view_len = 0;
}

/* Drops the spool: from now on a seek backwards decodes again. */
static void
spool_drop(struct source *s)
{
	spool_unmap(s);
	free(s->spool);
	s->spool = NULL;
	s->spool_len = s->spool_cap = s->win_at = s->win_len = 0;
	if (s->spool_fd >= 0)
		close(s->spool_fd);
	s->spool_fd = -1;
	s->spool_off = true;
}

/* cap doubled until it holds need bytes, and no more than max. */
static size_t
grown_cap(size_t cap, size_t need, size_t max)
{
	while (cap < need)
		cap *= 2;
	return cap > max ? max : cap;
}

/* Makes the buffer hold at least need bytes, doubling up to max (>= need). */
static int
spool_reserve(struct source *s, size_t need, size_t max)
{
	size_t cap;
	unsigned char *p;

	if (need <= s->spool_cap)
		return 0;
	cap = grown_cap(s->spool_cap ? s->spool_cap : 4 * SPOOL_STEP, need, max);
	p = realloc(s->spool, cap);
	if (!p)
		return source_fail(s, -ENOMEM, NULL);
	s->spool = p;
	s->spool_cap = cap;
	return 0;
}

/* Moves what is in memory to a new temporary file; without one, memory it stays. */
static void
spool_to_file(struct source *s)
{
	int fd = tmpfile_open(tmpfile_dir());

	if (fd >= 0 && fdio_pwrite_all(fd, s->spool, s->spool_len, 0) == 0 &&
	    spool_reserve(s, SPOOL_MEM, SPOOL_MEM) == 0) {
		s->spool_fd = fd;
		return;
	}
	if (fd >= 0)
		close(fd);
	s->spool_nofile = true;
}

/*
 * The file failed a write (a full disk): all of the spool moves to memory,
 * as when no file could be made. The window holds the bytes not written.
 */
static int
spool_to_mem(struct source *s)
{
	size_t cap = grown_cap(SPOOL_MEM, s->spool_len, s->spool_max);
	unsigned char *p;
	int rc;

	p = malloc(cap);
	if (!p)
		return source_fail(s, -ENOMEM, NULL);
	rc = fdio_pread_all(s->spool_fd, p, s->win_at, 0);
	if (rc < 0) {
		free(p);
		return source_fail(s, rc, NULL);
	}
	memcpy(p + s->win_at, s->spool, s->win_len);
	spool_unmap(s);
	free(s->spool);
	close(s->spool_fd);
	s->spool = p;
	s->spool_cap = cap;
	s->spool_fd = -1;
	s->spool_nofile = true;
	s->view_len = 0;
	s->win_at = 0;
	s->win_len = s->spool_len;
	return 0;
}

/* Decodes up to want more bytes into the window, which moves to the end when it must. */
static ssize_t
spool_grow_file(struct source *s, size_t want)
{
	ssize_t n;
	int rc;

	if (s->win_at + s->win_len != s->spool_len || s->win_len + want > s->spool_cap) {
		s->win_at = s->spool_len;
		s->win_len = 0;
	}
	n = dec_read(s, s->spool + s->win_len, want);
	if (n <= 0)
		return n;
	rc = fdio_pwrite_all(s->spool_fd, s->spool + s->win_len, (size_t) n, s->spool_len);
	s->win_len += (size_t) n;
	s->spool_len += (size_t) n;
	if (rc < 0) {
		rc = spool_to_mem(s);
		if (rc < 0)
			return rc;
	}
	return n;
}

/*
 * Decodes up to want more bytes onto the spool's end. Returns the count (0
 * at the end of the data), or a negative errno. Turns the spool off, with
 * nothing decoded, when it would grow past spool_max: the decoder is then
 * where the reader is only if the reader is at the spool's end, which the
 * callers make sure of.
 */
static ssize_t
spool_grow(struct source *s, size_t want)
{
	ssize_t n;
	int rc;

	if (s->err)
		return s->err;
	if (want < SPOOL_STEP)
		want = SPOOL_STEP;
	s->view_len = 0; /* the window moves, or the buffer with realloc() */
	if (s->spool_len + want > s->spool_max) {
		spool_drop(s);
		return 0;
	}
	if (s->spool_fd < 0 && !s->spool_nofile && s->spool_len + want > SPOOL_MEM)
		spool_to_file(s);
	if (s->spool_fd >= 0)
		return spool_grow_file(s, want);
	rc = spool_reserve(s, s->spool_len + want, s->spool_max);
	if (rc < 0)
		return rc;
	n = dec_read(s, s->spool + s->spool_len, want);
	if (n > 0)
		s->spool_len += (size_t) n;
	s->win_len = s->spool_len;
	return n;
}

/*
 * Makes the spooled byte at off (< spool_len, outside the window) readable:
 * in a view of the file's SPOOL_MEM bytes around it, else (no view can be
 * made) copied into the window with those after it.
 */
static int
spool_load(struct source *s, size_t off)
{
	size_t at = off - off % SPOOL_MEM, len;
	void *p;
	int rc;

	if (s->map != MAP_FAILED && off >= s->map_at && off < s->map_at + s->map_len)
		return 0;
	spool_unmap(s);
	len = s->spool_len - at < SPOOL_MEM ? s->spool_len - at : SPOOL_MEM;
	/* All its pages at once: a pass reads most of them, one fault per 64 KiB costs more. */
	p = mmap(NULL, len, PROT_READ, MAP_SHARED | MAP_POPULATE, s->spool_fd, (off_t) at);
	if (p != MAP_FAILED) {
		s->map = p;
		s->map_at = at;
		s->map_len = len;
		return 0;
	}
	len = s->spool_len - off < s->spool_cap ? s->spool_len - off : s->spool_cap;
	rc = fdio_pread_all(s->spool_fd, s->spool, len, off);
	if (rc < 0)
		return source_fail(s, rc, NULL);
	s->win_at = off;
	s->win_len = len;
	return 0;
}

/* Points the view at the bytes from off (< spool_len) on: the window's, else the map's. */
static int
spool_view(struct source *s, size_t off)
{
	if (off < s->win_at || off >= s->win_at + s->win_len) {
		int rc = spool_load(s, off);

		if (rc < 0)
			return rc;
	}
	if (off >= s->win_at && off < s->win_at + s->win_len) {
		s->view = s->spool;
		s->view_at = s->win_at;
		s->view_len = s->win_len;
	} else {
		s->view = s->map;
		s->view_at = s->map_at;
		s->view_len = s->map_len;
	}
	return 0;
}

/*
 * Moves the reader n bytes on through the spool, decoding what is not there
 * yet, and copies them to dst unless it is NULL. Returns the count, less
 * than n only at the end of the data, or a negative errno. Once the spool is
 * off, the rest goes straight through the decoder.
 */
static int64_t
spool_read(struct source *s, unsigned char *dst, uint64_t n)
{
	uint64_t done = 0;

	while (done < n) {
		size_t have, step;

		if (s->spool_off) {
			ssize_t got;
			size_t want = n - done > (uint64_t) 1 << 30 ? (size_t) 1 << 30
			                                            : (size_t) (n - done);

			if (dst) {
				got = dec_read(s, dst + done, want);
			} else {
				unsigned char scratch[4096];

				got = dec_read(s, scratch,
				               want < sizeof(scratch) ? want : sizeof(scratch));
			}
			if (got <= 0)
				return got < 0 ? got : (int64_t) done;
			done += (uint64_t) got;
			s->offset += (uint64_t) got;
			continue;
		}
		if (s->offset >= s->spool_len) {
			uint64_t rest = n - done;
			ssize_t got;

			if (s->dec_end)
				break;
			got = spool_grow(s, rest > SPOOL_GROW_MAX ? SPOOL_GROW_MAX : (size_t) rest);
			if (got < 0)
				return got;
			if (got == 0 && !s->spool_off)
				break;
			continue;
		}
		if (!dst) {
			/* A skip needs no bytes: they are in the spool. */
			have = s->spool_len - (size_t) s->offset;
			step = (uint64_t) have < n - done ? have : (size_t) (n - done);
		} else {
			/* Unsigned: an offset before the view is as far out as one after it. */
			if ((size_t) s->offset - s->view_at >= s->view_len) {
				int rc = spool_view(s, (size_t) s->offset);

				if (rc < 0)
					return rc;
			}
			have = s->view_at + s->view_len - (size_t) s->offset;
			step = (uint64_t) have < n - done ? have : (size_t) (n - done);
			memcpy(dst + done, s->view + ((size_t) s->offset - s->view_at), step);
		}
		done += step;
		s->offset += step;
	}
	return (int64_t) done;
}

/* ---- segments ---- */

/* The segment that holds stream offset off (< seg_total). */
static size_t
seg_find(const struct source *s, uint64_t off)
{
	size_t lo = 0, hi = s->n_segs;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->seg_start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Copies len bytes of segment k from off into it; a file that no longer has them is -EIO. */
static int
seg_copy_one(struct source *s, size_t k, uint64_t off, unsigned char *dst, size_t len)
{
	const struct source_seg *g = &s->segs[k];
	ssize_t n;

	if (g->fd < 0) {
		memcpy(dst, g->mem + g->off + off, len);
		return 0;
	}
	n = fdio_pread_full(g->fd, dst, len, g->off + off);
	if (n < 0)
		return source_fail(s, (int) n, NULL);
	/* The file was cut since its bytes were counted. */
	if ((size_t) n < len)
		return source_fail(s, -EIO, "the file became shorter while being read");
	return 0;
}

/* Copies up to len bytes of the stream from off; returns the count (short at the end) or -errno. */
static ssize_t
seg_copy(struct source *s, uint64_t off, unsigned char *dst, size_t len)
{
	size_t done = 0, k;

	if (off >= s->seg_total)
		return 0;
	if ((uint64_t) len > s->seg_total - off)
		len = (size_t) (s->seg_total - off);
	k = seg_find(s, off);
	while (done < len) {
		uint64_t in = off + done - s->seg_start[k];
		uint64_t left = s->segs[k].len - in;
		size_t step = left < (uint64_t) (len - done) ? (size_t) left : len - done;
		int rc = seg_copy_one(s, k, in, dst + done, step);

		if (rc < 0)
			return rc;
		done += step;
		k++;
	}
	return (ssize_t) done;
}

/* Reads through buf, which holds the stream's bytes from buf_at; large reads bypass it. */
static ssize_t
seg_read(struct source *s, unsigned char *dst, size_t len)
{
	size_t done = 0;

	while (done < len && s->offset < s->seg_total) {
		ssize_t n;

		if (s->offset >= s->buf_at && s->offset < s->buf_at + s->buf_len) {
			size_t at = (size_t) (s->offset - s->buf_at);

			n = (ssize_t) (s->buf_len - at < len - done ? s->buf_len - at : len - done);
			memcpy(dst + done, s->buf + at, (size_t) n);
		} else if (len - done >= SOURCE_BUF_SIZE) {
			n = seg_copy(s, s->offset, dst + done, len - done);
		} else {
			n = seg_copy(s, s->offset, s->buf, refill_len(s, s->offset));
			if (n < 0)
				return done ? (ssize_t) done : n;
			s->buf_at = s->offset;
			s->buf_len = (size_t) n;
			continue;
		}
		if (n < 0)
			return done ? (ssize_t) done : n;
		done += (size_t) n;
		s->offset += (uint64_t) n;
	}
	return (ssize_t) done;
}

ssize_t
source_read(struct source *s, void *buf, size_t len)
{
	ssize_t n;

	/*
	 * Most reads are a record header or an item count that the buffer
	 * holds: a pass over the records makes one for every activity.
	 */
	if (!s->err && !s->codec && s->fd >= 0 && len && len <= s->buf_len - s->buf_pos) {
		memcpy(buf, s->buf + s->buf_pos, len);
		s->buf_pos += len;
		s->offset += len;
		return (ssize_t) len;
	}
	/* After a damage, the bytes decoded before it can still be read. */
	if (s->err && !(s->codec && !s->spool_off && s->offset < s->spool_len))
		return s->err;
	/* Bound one call so that the count always fits in ssize_t and uInt. */
	if (len > (size_t) 1 << 30)
		len = (size_t) 1 << 30;
	if (s->codec)
		return (ssize_t) spool_read(s, buf, len);
	if (s->segs)
		return seg_read(s, buf, len);
	n = raw_read(s, buf, len);
	if (n > 0)
		s->offset += (uint64_t) n;
	return n;
}

/* Discards up to n raw bytes by moving past them in the buffer: no copy. */
static int64_t
raw_skip(struct source *s, uint64_t n)
{
	uint64_t done = 0;

	/* Past the buffer, a file read with pread() moves on without reading. */
	if (s->positional && !s->raw_eof && n > s->buf_len - s->buf_pos) {
		uint64_t rest = n - (s->buf_len - s->buf_pos), can;

		if (s->rpos + rest > s->fsize) {
			int rc = look_at_size(s);

			if (rc < 0)
				return source_fail(s, rc, NULL);
		}
		can = s->fsize > s->rpos ? s->fsize - s->rpos : 0;
		if (can > rest)
			can = rest;
		else if (can < rest)
			s->raw_eof = true;
		s->rpos += can;
		done = (s->buf_len - s->buf_pos) + can;
		s->buf_pos = s->buf_len = 0;
		s->offset += done;
		return (int64_t) done;
	}
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
	if (s->err)
		return s->err;
	if (s->segs) {
		uint64_t left = s->seg_total - s->offset;

		n = n < left ? n : left;
		s->offset += n;
		return (int64_t) n;
	}
	/* The activities a pass does not print, skipped inside the buffer. */
	if (!s->codec && s->fd >= 0 && n <= s->buf_len - s->buf_pos) {
		s->buf_pos += (size_t) n;
		s->offset += n;
		return (int64_t) n;
	}
	if (!s->codec)
		return raw_skip(s, n);
	return spool_read(s, NULL, n);
}

/* Back to the first byte of the raw input. */
static int
raw_rewind(struct source *s)
{
	if (s->fd < 0) {
		s->mem_pos = 0;
		return 0;
	}
	if (lseek(s->fd, s->base, SEEK_SET) < 0)
		return -errno;
	s->buf_pos = s->buf_len = 0;
	s->raw_eof = false;
	return 0;
}

int
source_seek(struct source *s, uint64_t off)
{
	int rc;

	if (s->err)
		return s->err;
	if (s->fd >= 0 && s->base < 0)
		return -ESPIPE;
	if (s->segs) {
		s->offset = off < s->seg_total ? off : s->seg_total;
		return 0;
	}
	if (!s->codec && s->fd < 0) {
		s->mem_pos = off > s->mem_len ? s->mem_len : (size_t) off;
		s->offset = s->mem_pos;
		return 0;
	}
	if (s->positional) {
		uint64_t buf_at = s->rpos - (uint64_t) s->base - s->buf_len;

		/* Back to a record just read (--proc's extension records): the buffer has it. */
		if (off >= buf_at && off <= buf_at + s->buf_len) {
			s->buf_pos = (size_t) (off - buf_at);
			s->raw_eof = false;
			s->offset = off;
			return 0;
		}
		/* A pass starts: the file may have grown or been cut since the last. */
		rc = look_at_size(s);
		if (rc < 0)
			return rc;
		s->rpos = (uint64_t) s->base + off;
		s->buf_pos = s->buf_len = 0;
		s->raw_eof = false;
		s->offset = off;
		return 0;
	}
	if (!s->codec) {
		if (lseek(s->fd, s->base + (off_t) off, SEEK_SET) < 0)
			return -errno;
		s->buf_pos = s->buf_len = 0;
		s->raw_eof = false;
		s->offset = off;
		return 0;
	}
	if (!s->spool_off) {
		/* Decoded already: the spool has it. Further on: decode up to there. */
		if (off <= s->spool_len) {
			s->offset = off;
			return 0;
		}
		s->offset = s->spool_len;
		return source_skip(s, off - s->offset) < 0 ? s->err : 0;
	}
	if (off < s->offset) {
		/* Compressed data cannot be read backwards: decompress again from the start. */
		rc = raw_rewind(s);
		if (rc == 0)
			rc = codecs[s->codec].start(s);
		if (rc < 0)
			return rc;
		s->dec_end = s->dec_cut = false;
		s->offset = 0;
	}
	return source_skip(s, off - s->offset) < 0 ? s->err : 0;
}

/* Has the first MAGIC_MAX bytes buffered when the input holds that many (a pipe may trickle). */
static int
fill_magic(struct source *s)
{
	ssize_t n = raw_fill(s);

	while (n >= 0 && s->buf_len < MAGIC_MAX && !s->raw_eof) {
		do
			n = read(s->fd, s->buf + s->buf_len, SOURCE_BUF_SIZE - s->buf_len);
		while (n < 0 && errno == EINTR);
		if (n < 0)
			return -errno;
		if (n == 0)
			s->raw_eof = true;
		s->buf_len += (size_t) n;
	}
	return n < 0 ? (int) n : 0;
}

static int
source_init(struct source *s)
{
	const unsigned char *p;
	ssize_t n;

	if (s->fd >= 0) {
		n = fill_magic(s);
		if (n < 0)
			return (int) n;
	}
	n = raw_peek(s, &p);
	if (n < 0)
		return (int) n;
	/* A shorter input than a magic is plain data. */
	s->codec = codec_detect(p, (size_t) n);
	if (!s->codec) {
		struct stat st;

		if (s->fd >= 0 && s->base >= 0 && fstat(s->fd, &st) == 0 && S_ISREG(st.st_mode)) {
			s->positional = true;
			s->rpos = (uint64_t) s->base + s->buf_len;
			s->fsize = (uint64_t) st.st_size;
		}
		return 0;
	}
	/*
	 * Without its library the data cannot be read: the first read says so
	 * ("Cannot read FILE: cannot load liblzma.so.5: ...", source_damage()).
	 */
	if (codecs[s->codec].load(s) < 0) {
		source_fail(s, -EIO, s->err_buf);
		s->dec_end = true;
		return 0;
	}
	return codecs[s->codec].start(s);
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
	s->spool_max = SPOOL_MAX;
	s->spool_fd = -1;
	s->map = MAP_FAILED;
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

int
source_open_segments(const struct source_seg *segs, size_t n, struct source **ret)
{
	struct source *s = calloc(1, sizeof(*s));
	size_t k;

	if (!s)
		return -ENOMEM;
	s->fd = -1;
	s->spool_fd = -1;
	s->map = MAP_FAILED;
	s->n_segs = n;
	/* One empty segment stands for no data, so that segs says which kind this is. */
	s->segs = calloc(n ? n : 1, sizeof(*s->segs));
	s->seg_start = calloc(n ? n : 1, sizeof(*s->seg_start));
	s->buf = malloc(SOURCE_BUF_SIZE);
	if (!s->segs || !s->seg_start || !s->buf) {
		source_free(s);
		return -ENOMEM;
	}
	if (n)
		memcpy(s->segs, segs, n * sizeof(*segs));
	for (k = 0; k < n; k++) {
		s->seg_start[k] = s->seg_total;
		s->seg_total += segs[k].len;
	}
	*ret = s;
	return 0;
}

void
source_until(struct source *s, uint64_t off)
{
	s->until = off;
}

void
source_set_spool_max(struct source *s, size_t max)
{
	s->spool_max = max;
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

	if (s->codec)
		return -1;
	if (s->segs)
		return (int64_t) (s->seg_total - s->offset);
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
source_is_compressed(const struct source *s)
{
	return s->codec != CODEC_NONE;
}

bool
source_is_gzip(const struct source *s)
{
	return s->codec == CODEC_GZIP;
}

const char *
source_codec(const struct source *s)
{
	return codec_names[s->codec];
}

const char *
source_error_text(const struct source *s)
{
	return s->err_text;
}

const char *
source_damage(struct source *s)
{
	if (!s || !s->codec)
		return NULL;
	/* Corrupt data often decodes into garbage before the stream's check fails: look on. */
	if (!s->err && !s->dec_end)
		source_skip(s, UINT64_MAX);
	if (s->err == -EIO && s->err_text)
		return s->err_text;
	if (!s->dec_cut)
		return NULL;
	snprintf(s->err_buf, sizeof(s->err_buf),
	         "truncated %s data: the file ends inside a compressed stream",
	         codec_names[s->codec]);
	return s->err_buf;
}

void
source_free(struct source *s)
{
	if (!s)
		return;
	if (s->dec_ready)
		codecs[s->codec].end(s);
	spool_unmap(s);
	free(s->spool);
	if (s->spool_fd >= 0)
		close(s->spool_fd);
	free(s->buf);
	free(s->segs);
	free(s->seg_start);
	free(s);
}
