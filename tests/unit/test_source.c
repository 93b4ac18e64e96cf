/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The codec layer of source.c: each of gzip, xz, bzip2 and zstd, made here
 * with its own library, read back in memory and through a file descriptor
 * (a file and a pipe that trickles), as concatenated streams, with seeks
 * backwards and forwards, cut at many places and with damaged bytes; and
 * the stream of segments (parts of files and memory, never decoded).
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include "common/source.h"

enum fmt { F_GZIP, F_XZ, F_BZIP2, F_ZSTD, F_MAX };

static const char *const fmt_names[F_MAX] = {"gzip", "xz", "bzip2", "zstd"};

struct blob {
	unsigned char *data;
	size_t len;
};

/* Test data that compresses but is not trivial: counters and text, as an archive holds. */
static struct blob
plain_data(size_t len)
{
	struct blob b = {malloc(len), len};
	uint32_t x = 12345;
	size_t i;

	ck_assert_ptr_nonnull(b.data);
	for (i = 0; i < len; i++) {
		x = x * 1103515245 + 12345;
		b.data[i] = (i / 64) % 3 ? (unsigned char) (x >> 24) % 8
		                         : (unsigned char) ('a' + i % 26);
	}
	return b;
}

static void
append(struct blob *b, const void *p, size_t n)
{
	b->data = realloc(b->data, b->len + n + 1);
	ck_assert_ptr_nonnull(b->data);
	memcpy(b->data + b->len, p, n);
	b->len += n;
}

static void
gzip_append(struct blob *out, const unsigned char *p, size_t n)
{
	z_stream z;
	unsigned char *buf = malloc(n + 1024);

	memset(&z, 0, sizeof(z));
	ck_assert_int_eq(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (Bytef *) (uintptr_t) p;
	z.avail_in = (uInt) n;
	z.next_out = buf;
	z.avail_out = (uInt) (n + 1024);
	ck_assert_int_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
	append(out, buf, z.total_out);
	deflateEnd(&z);
	free(buf);
}

static void
xz_append(struct blob *out, const unsigned char *p, size_t n)
{
	size_t cap = lzma_stream_buffer_bound(n), pos = 0;
	unsigned char *buf = malloc(cap);

	ck_assert_int_eq(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, p, n, buf, &pos, cap),
	                 LZMA_OK);
	append(out, buf, pos);
	free(buf);
}

static void
bzip2_append(struct blob *out, const unsigned char *p, size_t n)
{
	unsigned int cap = (unsigned int) (n + n / 100 + 1024);
	char *buf = malloc(cap);

	ck_assert_int_eq(BZ2_bzBuffToBuffCompress(buf, &cap, (char *) (uintptr_t) p,
	                                          (unsigned int) n, 9, 0, 0),
	                 BZ_OK);
	append(out, buf, cap);
	free(buf);
}

static void
zstd_append(struct blob *out, const unsigned char *p, size_t n)
{
	size_t cap = ZSTD_compressBound(n), got;
	unsigned char *buf = malloc(cap);

	ZSTD_CCtx *c = ZSTD_createCCtx();

	/* With the frame's checksum, as the zstd command writes it by default. */
	ck_assert(!ZSTD_isError(ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1)));
	got = ZSTD_compress2(c, buf, cap, p, n);
	ck_assert(!ZSTD_isError(got));
	ZSTD_freeCCtx(c);
	append(out, buf, got);
	free(buf);
}

static void
compress_part(enum fmt f, struct blob *out, const unsigned char *p, size_t n)
{
	static void (*const enc[F_MAX])(struct blob *, const unsigned char *, size_t) = {
	        gzip_append, xz_append, bzip2_append, zstd_append};

	enc[f](out, p, n);
}

/* The data compressed in `parts` streams one after another (gzip a; gzip b; cat). */
static struct blob
compress_all(enum fmt f, const struct blob *in, int parts)
{
	struct blob out = {NULL, 0};
	size_t done = 0;
	int k;

	for (k = 0; k < parts; k++) {
		size_t n = k == parts - 1 ? in->len - done : in->len / (size_t) parts;

		compress_part(f, &out, in->data + done, n);
		done += n;
	}
	return out;
}

/* Reads s to its end, chunk bytes at a time: the bytes (*ret_len of them), the last code in
 * *ret_rc. */
static unsigned char *
read_all(struct source *s, size_t chunk, size_t *ret_len, ssize_t *ret_rc)
{
	size_t cap = 1 << 16, len = 0;
	unsigned char *buf = malloc(cap);
	ssize_t n;

	for (;;) {
		if (len + chunk > cap) {
			cap = 2 * (len + chunk);
			buf = realloc(buf, cap);
		}
		n = source_read(s, buf + len, chunk);
		if (n <= 0)
			break;
		len += (size_t) n;
	}
	*ret_len = len;
	*ret_rc = n;
	return buf;
}

static void
check_reads_back(struct source *s, const struct blob *want, size_t chunk)
{
	size_t len;
	ssize_t rc;
	unsigned char *got = read_all(s, chunk, &len, &rc);

	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(len, want->len);
	ck_assert(!memcmp(got, want->data, len));
	ck_assert_uint_eq(source_offset(s), want->len);
	ck_assert_ptr_null(source_damage(s));
	free(got);
}

static int
temp_fd(const struct blob *b)
{
	char path[] = "/tmp/test_source.XXXXXX";
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	unlink(path);
	ck_assert_int_eq(write(fd, b->data, b->len), (ssize_t) b->len);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	return fd;
}

START_TEST(test_memory_each_format)
{
	enum fmt f = (enum fmt) _i;
	struct blob in = plain_data(300000), z = compress_all(f, &in, 1);
	struct source *s;

	ck_assert_int_eq(source_open_mem(z.data, z.len, &s), 0);
	ck_assert(source_is_compressed(s));
	ck_assert_str_eq(source_codec(s), fmt_names[f]);
	ck_assert(source_is_gzip(s) == (f == F_GZIP));
	ck_assert_int_eq(source_remaining(s), -1);
	check_reads_back(s, &in, 7000);
	source_free(s);
	free(z.data);
	free(in.data);
}
END_TEST

START_TEST(test_fd_each_format)
{
	enum fmt f = (enum fmt) _i;
	struct blob in = plain_data(200000), z = compress_all(f, &in, 1);
	struct source *s;
	int fd = temp_fd(&z);

	ck_assert_int_eq(source_open_fd(fd, &s), 0);
	ck_assert_str_eq(source_codec(s), fmt_names[f]);
	/* Small reads go through the buffer, big ones straight into the caller's memory. */
	check_reads_back(s, &in, 13);
	ck_assert_int_eq(source_seek(s, 0), 0);
	check_reads_back(s, &in, 100000);
	source_free(s);
	close(fd);
	free(z.data);
	free(in.data);
}
END_TEST

START_TEST(test_concatenated_streams)
{
	enum fmt f = (enum fmt) _i;
	struct blob in = plain_data(250000), z = compress_all(f, &in, 4);
	struct source *s;
	int fd = temp_fd(&z);

	ck_assert_int_eq(source_open_mem(z.data, z.len, &s), 0);
	check_reads_back(s, &in, 4096);
	source_free(s);
	ck_assert_int_eq(source_open_fd(fd, &s), 0);
	check_reads_back(s, &in, 4096);
	source_free(s);
	close(fd);
	free(z.data);
	free(in.data);
}
END_TEST

/* Seeks backwards (in the spool), forwards and to the end, in both modes. */
static void
check_seeks(struct source *s, const struct blob *in)
{
	static const uint64_t offs[] = {150000, 10, 0, 99999, 99998, 240000, 5, 249999};
	unsigned char buf[64];
	size_t i;

	for (i = 0; i < sizeof(offs) / sizeof(offs[0]); i++) {
		size_t want = in->len - offs[i] < sizeof(buf) ? in->len - offs[i] : sizeof(buf);

		ck_assert_int_eq(source_seek(s, offs[i]), 0);
		ck_assert_uint_eq(source_offset(s), offs[i]);
		ck_assert_int_eq(source_read(s, buf, sizeof(buf)), (ssize_t) want);
		ck_assert(!memcmp(buf, in->data + offs[i], want));
	}
	/* At the end, then back: a previous end of data is cleared. */
	ck_assert_int_eq(source_seek(s, in->len), 0);
	ck_assert_int_eq(source_read(s, buf, sizeof(buf)), 0);
	ck_assert_int_eq(source_seek(s, 1000), 0);
	ck_assert_int_eq(source_read(s, buf, sizeof(buf)), (ssize_t) sizeof(buf));
	ck_assert(!memcmp(buf, in->data + 1000, sizeof(buf)));
	ck_assert_int_eq(source_skip(s, 500), 500);
	ck_assert_uint_eq(source_offset(s), 1564);
}

START_TEST(test_seek_backwards)
{
	enum fmt f = (enum fmt) _i;
	struct blob in = plain_data(250000), z = compress_all(f, &in, 3);
	struct source *s;
	int fd = temp_fd(&z);

	ck_assert_int_eq(source_open_mem(z.data, z.len, &s), 0);
	check_seeks(s, &in);
	source_free(s);
	ck_assert_int_eq(source_open_fd(fd, &s), 0);
	check_seeks(s, &in);
	source_free(s);
	close(fd);
	free(z.data);
	free(in.data);
}
END_TEST

/* Past the spool's size, the data decoded is dropped and a seek backwards decodes again. */
START_TEST(test_seek_past_spool)
{
	enum fmt f = (enum fmt) _i;
	struct blob in = plain_data(250000), z = compress_all(f, &in, 3);
	struct source *s;
	int fd = temp_fd(&z);

	ck_assert_int_eq(source_open_mem(z.data, z.len, &s), 0);
	source_set_spool_max(s, 100000);
	check_seeks(s, &in);
	source_free(s);
	ck_assert_int_eq(source_open_fd(fd, &s), 0);
	source_set_spool_max(s, 1);
	check_seeks(s, &in);
	source_free(s);
	close(fd);
	free(z.data);
	free(in.data);
}
END_TEST

/* The lowest free descriptor: one more while a source keeps its spool in a file. */
static int
next_fd(void)
{
	int fd = dup(0);

	ck_assert_int_ge(fd, 0);
	close(fd);
	return fd;
}

/* Reads across the spool's memory part (1 MiB), its file's windows and back again. */
static void
check_spool_file(const struct blob *z, const struct blob *in, bool file)
{
	static const size_t offs[] = {2500000, 10, 0, 1048575, 1048576, 3000000, 5, 3145727};
	size_t big = 1600000, i;
	unsigned char *buf = malloc(big);
	int fd0 = next_fd();
	struct source *s;

	ck_assert_int_eq(source_open_mem(z->data, z->len, &s), 0);
	for (i = 0; i < sizeof(offs) / sizeof(offs[0]); i++) {
		size_t want = in->len - offs[i] < 64 ? in->len - offs[i] : 64;

		ck_assert_int_eq(source_seek(s, offs[i]), 0);
		ck_assert_int_eq(source_read(s, buf, 64), (ssize_t) want);
		ck_assert(!memcmp(buf, in->data + offs[i], want));
	}
	ck_assert_int_eq(next_fd(), file ? fd0 + 1 : fd0);
	/* A read longer than a window, from inside one. */
	ck_assert_int_eq(source_seek(s, 1000000), 0);
	ck_assert_int_eq(source_read(s, buf, big), (ssize_t) big);
	ck_assert(!memcmp(buf, in->data + 1000000, big));
	ck_assert_int_eq(source_skip(s, 100), 100);
	ck_assert_int_eq(source_read(s, buf, 64), 64);
	ck_assert(!memcmp(buf, in->data + 1000000 + big + 100, 64));
	source_free(s);
	ck_assert_int_eq(next_fd(), fd0);
	free(buf);
}

/*
 * Past 1 MiB the spool goes to an unnamed file in TMPDIR; where none can be
 * made, memory holds it all, as before.
 */
START_TEST(test_spool_file)
{
	enum fmt f = (enum fmt) _i;
	struct blob in = plain_data(3 << 20), z = compress_all(f, &in, 2);

	setenv("TMPDIR", "/tmp", 1);
	check_spool_file(&z, &in, true);
	setenv("TMPDIR", "/nonexistent/test_source", 1);
	check_spool_file(&z, &in, false);
	free(z.data);
	free(in.data);
}
END_TEST

/*
 * Cut anywhere, a stream reads as a short file: a prefix of the data, then
 * the end, never an error; source_damage() calls it truncated.
 */
START_TEST(test_truncated)
{
	enum fmt f = (enum fmt) _i;
	struct blob in = plain_data(60000), z = compress_all(f, &in, 2), first = {NULL, 0};
	size_t cut, step = z.len / 97 + 1;

	/* Cut exactly between the two streams, the data just ends early. */
	compress_part(f, &first, in.data, in.len / 2);
	for (cut = 0; cut < z.len; cut += cut < 64 ? 1 : step) {
		struct source *s;
		size_t len;
		ssize_t rc;
		unsigned char *got;
		const char *why;

		ck_assert_int_eq(source_open_mem(z.data, cut, &s), 0);
		got = read_all(s, 5000, &len, &rc);
		ck_assert_msg(rc == 0, "%s cut at %zu: %zd", fmt_names[f], cut, rc);
		if (!source_is_compressed(s)) {
			/* Shorter than the magic: plain bytes. */
			ck_assert_uint_eq(len, cut);
			free(got);
			source_free(s);
			continue;
		}
		ck_assert_uint_le(len, in.len);
		ck_assert(!memcmp(got, in.data, len));
		why = source_damage(s);
		if (cut >= 6 && cut != first.len) {
			ck_assert_ptr_nonnull(why);
			ck_assert_msg(!strncmp(why, "truncated ", 10) &&
			                      strstr(why, fmt_names[f]) != NULL,
			              "%s", why);
		}
		free(got);
		source_free(s);
	}
	free(first.data);
	free(z.data);
	free(in.data);
}
END_TEST

/*
 * A damaged byte is a read error (-EIO) with its text, or garbage that the
 * stream's check then catches, or, for gzip and bzip2's unchecked bits,
 * the data itself; never a crash, and the error is sticky.
 */
START_TEST(test_corrupt)
{
	enum fmt f = (enum fmt) _i;
	struct blob in = plain_data(60000), z = compress_all(f, &in, 1);
	size_t at, step = z.len / 61 + 1;
	int errors = 0;

	for (at = 8; at < z.len; at += step) {
		struct source *s;
		size_t len;
		ssize_t rc;
		unsigned char *got, byte = z.data[at];
		char prefix[32];

		z.data[at] ^= 0x55;
		ck_assert_int_eq(source_open_mem(z.data, z.len, &s), 0);
		got = read_all(s, 5000, &len, &rc);
		snprintf(prefix, sizeof(prefix), "corrupt %s data: ", fmt_names[f]);
		if (rc < 0) {
			ck_assert_int_eq(rc, -EIO);
			ck_assert_ptr_nonnull(source_error_text(s));
			ck_assert_msg(!strncmp(source_error_text(s), prefix, strlen(prefix)), "%s",
			              source_error_text(s));
			ck_assert_str_eq(source_damage(s), source_error_text(s));
			ck_assert_int_eq(source_read(s, got, 1), -EIO);
			ck_assert_int_eq(source_seek(s, 0), -EIO);
			errors++;
		}
		free(got);
		source_free(s);
		z.data[at] = byte;
	}
	ck_assert_int_gt(errors, 30);
	free(z.data);
	free(in.data);
}
END_TEST

START_TEST(test_magic_decides)
{
	static const unsigned char short_gz[] = {0x1f};
	static const unsigned char almost_xz[] = {0xfd, '7', 'z', 'X', 'Z', 0x01, 0, 0};
	static const unsigned char bz_level0[] = {'B', 'Z', 'h', '0', 0, 0};
	static const unsigned char zstd_frame_no[] = {0x28, 0xb5, 0x2f, 0xfc, 0, 0};
	const unsigned char *plain[] = {short_gz, almost_xz, bz_level0, zstd_frame_no};
	const size_t lens[] = {sizeof(short_gz), sizeof(almost_xz), sizeof(bz_level0),
	                       sizeof(zstd_frame_no)};
	size_t i;

	for (i = 0; i < 4; i++) {
		struct source *s;
		unsigned char buf[16];

		ck_assert_int_eq(source_open_mem(plain[i], lens[i], &s), 0);
		ck_assert(!source_is_compressed(s));
		ck_assert_ptr_null(source_codec(s));
		ck_assert_int_eq(source_remaining(s), (int64_t) lens[i]);
		ck_assert_int_eq(source_read(s, buf, sizeof(buf)), (ssize_t) lens[i]);
		ck_assert_ptr_null(source_damage(s));
		source_free(s);
	}
}
END_TEST

/* xz streams with padding between them, zstd frames with a skippable frame between them. */
START_TEST(test_padding_and_skippable)
{
	static const unsigned char pad[8];
	static const unsigned char skippable[] = {0x50, 0x2a, 0x4d, 0x18, 3,  0,
	                                          0,    0,    'a',  'b',  'c'};
	struct blob in = plain_data(50000), x = {NULL, 0}, zs = {NULL, 0};
	struct source *s;

	xz_append(&x, in.data, 20000);
	append(&x, pad, sizeof(pad));
	xz_append(&x, in.data + 20000, 30000);
	ck_assert_int_eq(source_open_mem(x.data, x.len, &s), 0);
	check_reads_back(s, &in, 3000);
	source_free(s);
	zstd_append(&zs, in.data, 20000);
	append(&zs, skippable, sizeof(skippable));
	zstd_append(&zs, in.data + 20000, 30000);
	ck_assert_int_eq(source_open_mem(zs.data, zs.len, &s), 0);
	check_reads_back(s, &in, 3000);
	source_free(s);
	free(x.data);
	free(zs.data);
	free(in.data);
}
END_TEST

/* From a pipe that delivers one byte first, the magic is still found; seeking is refused. */
/* The stream of segments of test_segments: parts of a file, a memory block, an empty part. */
static struct blob
segments_want(const struct blob *file, const unsigned char *mem, struct source_seg *g)
{
	struct blob want = {NULL, 0};
	size_t k;

	for (k = 0; k < 4; k++)
		append(&want, g[k].fd >= 0 ? file->data + g[k].off : mem + g[k].off,
		       (size_t) g[k].len);
	return want;
}

START_TEST(test_segments)
{
	/* gzip's magic in a segment: never decoded. */
	static const unsigned char mem[] = {0x1f, 0x8b, 8, 0, 'm', 'e', 'm', 'o', 'r', 'y'};
	struct blob file = plain_data(100000), want;
	int fd = temp_fd(&file);
	struct source_seg g[4] = {{fd, NULL, 10, 40000},
	                          {-1, mem, 0, sizeof(mem)},
	                          {fd, NULL, 50000, 0},
	                          {fd, NULL, 60000, 30000}};
	static const size_t chunks[] = {1, 7, 4096, 16384, 65536};
	static const uint64_t at[] = {0, 39999, 40000, 40005, 40010, 70000, 70009};
	unsigned char buf[64];
	struct source *s;
	size_t i;

	want = segments_want(&file, mem, g);
	for (i = 0; i < sizeof(chunks) / sizeof(chunks[0]); i++) {
		ck_assert_int_eq(source_open_segments(g, 4, &s), 0);
		ck_assert(!source_is_compressed(s));
		ck_assert_int_eq(source_remaining(s), (int64_t) want.len);
		check_reads_back(s, &want, chunks[i]);
		source_free(s);
	}
	/* Seeks anywhere, a skip, the end. */
	ck_assert_int_eq(source_open_segments(g, 4, &s), 0);
	for (i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
		size_t n = want.len - at[i] < sizeof(buf) ? want.len - at[i] : sizeof(buf);

		ck_assert_int_eq(source_seek(s, at[i]), 0);
		ck_assert_int_eq(source_read(s, buf, sizeof(buf)), (ssize_t) n);
		ck_assert(!memcmp(buf, want.data + at[i], n));
		ck_assert_int_eq(source_remaining(s), (int64_t) (want.len - at[i] - n));
	}
	ck_assert_int_eq(source_seek(s, 5), 0);
	ck_assert_int_eq(source_skip(s, 40000), 40000);
	ck_assert_int_eq(source_read(s, buf, 5), 5);
	ck_assert(!memcmp(buf, want.data + 40005, 5));
	ck_assert_int_eq(source_skip(s, UINT64_MAX), (int64_t) (want.len - 40010));
	ck_assert_int_eq(source_read(s, buf, 1), 0);
	ck_assert_int_eq(source_seek(s, want.len + 5), 0);
	ck_assert_uint_eq(source_offset(s), want.len);
	source_free(s);
	/* A file cut below its segments: a read error, sticky. */
	ck_assert_int_eq(ftruncate(fd, 70000), 0);
	ck_assert_int_eq(source_open_segments(g, 4, &s), 0);
	ck_assert_int_eq(source_seek(s, 100), 0);
	ck_assert_int_eq(source_read(s, buf, sizeof(buf)), sizeof(buf));
	ck_assert_int_eq(source_seek(s, 50000), 0);
	ck_assert_int_eq(source_read(s, buf, sizeof(buf)), -EIO);
	ck_assert_int_eq(source_seek(s, 0), -EIO);
	source_free(s);
	/* No segment: no data. */
	ck_assert_int_eq(source_open_segments(NULL, 0, &s), 0);
	ck_assert_int_eq(source_read(s, buf, 1), 0);
	ck_assert_int_eq(source_remaining(s), 0);
	source_free(s);
	close(fd);
	free(file.data);
	free(want.data);
}
END_TEST

START_TEST(test_pipe_trickle)
{
	enum fmt f = (enum fmt) _i;
	struct blob in = plain_data(80000), z = compress_all(f, &in, 1);
	struct source *s;
	int p[2], status;
	pid_t pid;

	ck_assert_int_eq(pipe(p), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		size_t i;

		close(p[0]);
		for (i = 0; i < 5; i++) {
			if (write(p[1], z.data + i, 1) != 1)
				_exit(1);
			usleep(2000);
		}
		_exit(write(p[1], z.data + 5, z.len - 5) == (ssize_t) (z.len - 5) ? 0 : 1);
	}
	close(p[1]);
	ck_assert_int_eq(source_open_fd(p[0], &s), 0);
	ck_assert_str_eq(source_codec(s), fmt_names[f]);
	check_reads_back(s, &in, 777);
	ck_assert_int_eq(source_seek(s, 0), -ESPIPE);
	source_free(s);
	close(p[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	free(z.data);
	free(in.data);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("source");
	TCase *tc = tcase_create("source");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_memory_each_format, 0, F_MAX);
	tcase_add_loop_test(tc, test_fd_each_format, 0, F_MAX);
	tcase_add_loop_test(tc, test_concatenated_streams, 0, F_MAX);
	tcase_add_loop_test(tc, test_seek_backwards, 0, F_MAX);
	tcase_add_loop_test(tc, test_seek_past_spool, 0, F_MAX);
	tcase_add_loop_test(tc, test_spool_file, 0, F_MAX);
	tcase_add_loop_test(tc, test_truncated, 0, F_MAX);
	tcase_add_loop_test(tc, test_corrupt, 0, F_MAX);
	tcase_add_test(tc, test_magic_decides);
	tcase_add_test(tc, test_padding_and_skippable);
	tcase_add_loop_test(tc, test_pipe_trickle, 0, F_MAX);
	tcase_add_test(tc, test_segments);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
