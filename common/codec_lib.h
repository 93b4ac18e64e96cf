/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_CODEC_LIB_H
#define SYSREC_CODEC_LIB_H
/*
 * The decompression libraries of source.c, loaded when a source meets its
 * first compressed data (dlopen) rather than by every run at start-up: a
 * report of plain files maps none of them. Each library is looked for by
 * its soname and stays loaded once it is (RTLD_NODELETE), so the next file
 * finds it at once. The headers give the types and constants; the build
 * links none of the libraries.
 */
#include <stddef.h>
#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

/* zlib: inflate_init2 is inflateInit2_() (inflateInit2() is a macro over it). */
struct codec_zlib {
	int (*inflate_init2)(z_streamp strm, int window_bits, const char *version, int stream_size);
	int (*inflate)(z_streamp strm, int flush);
	int (*inflate_end)(z_streamp strm);
	int (*inflate_reset)(z_streamp strm);
};

struct codec_lzma {
	lzma_ret (*stream_decoder)(lzma_stream *strm, uint64_t memlimit, uint32_t flags);
	lzma_ret (*code)(lzma_stream *strm, lzma_action action);
	void (*end)(lzma_stream *strm);
};

struct codec_bz2 {
	int (*decompress_init)(bz_stream *strm, int verbosity, int small);
	int (*decompress)(bz_stream *strm);
	int (*decompress_end)(bz_stream *strm);
};

struct codec_zstd {
	ZSTD_DCtx *(*create_dctx)(void);
	size_t (*free_dctx)(ZSTD_DCtx *dctx);
	size_t (*dctx_reset)(ZSTD_DCtx *dctx, ZSTD_ResetDirective reset);
	size_t (*decompress_stream)(ZSTD_DCtx *dctx, ZSTD_outBuffer *output, ZSTD_inBuffer *input);
	unsigned (*is_error)(size_t code);
	ZSTD_ErrorCode (*get_error_code)(size_t code);
	const char *(*get_error_name)(size_t code);
};

/*
 * Fill *ret with the library's functions. Return 0, or -1 with why not
 * ("cannot load liblzma.so.5: ...") in err.
 */
int codec_zlib_load(struct codec_zlib *ret, char *err, size_t len);
int codec_lzma_load(struct codec_lzma *ret, char *err, size_t len);
int codec_bz2_load(struct codec_bz2 *ret, char *err, size_t len);
int codec_zstd_load(struct codec_zstd *ret, char *err, size_t len);

#endif
