/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The decompression libraries, loaded on demand (codec_lib.h).
 */
#include <dlfcn.h>
#include <stdio.h>

#include "codec_lib.h"
#include "banned.h"

/* The first of sonames that loads; NULL with dlerror()'s text in err. */
static void *
open_lib(const char *const *sonames, char *err, size_t len)
{
	const char *const *name;
	void *h = NULL;

	for (name = sonames; *name && !h; name++)
		h = dlopen(*name, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
	if (!h) {
		const char *why = dlerror();

		snprintf(err, len, "cannot load %s: %s", sonames[0], why ? why : "not found");
	}
	return h;
}

/* dlsym(), its failure told in err; POSIX allows the cast of its result to a function. */
#define SYM(h, field, name) \
	((ret->field = (__typeof__(ret->field)) sym(h, name, err, len)) != NULL)

static void *
sym(void *h, const char *name, char *err, size_t len)
{
	void *p = dlsym(h, name);

	if (!p)
		snprintf(err, len, "cannot load %s from the library", name);
	return p;
}

int
codec_zlib_load(struct codec_zlib *ret, char *err, size_t len)
{
	static const char *const sonames[] = {"libz.so.1", NULL};
	void *h = open_lib(sonames, err, len);

	if (!h || !SYM(h, inflate_init2, "inflateInit2_") || !SYM(h, inflate, "inflate") ||
	    !SYM(h, inflate_end, "inflateEnd") || !SYM(h, inflate_reset, "inflateReset"))
		return -1;
	return 0;
}

int
codec_lzma_load(struct codec_lzma *ret, char *err, size_t len)
{
	static const char *const sonames[] = {"liblzma.so.5", NULL};
	void *h = open_lib(sonames, err, len);

	if (!h || !SYM(h, stream_decoder, "lzma_stream_decoder") || !SYM(h, code, "lzma_code") ||
	    !SYM(h, end, "lzma_end"))
		return -1;
	return 0;
}

int
codec_bz2_load(struct codec_bz2 *ret, char *err, size_t len)
{
	/* Debian's soname; other distributions name the same library libbz2.so.1. */
	static const char *const sonames[] = {"libbz2.so.1.0", "libbz2.so.1", NULL};
	void *h = open_lib(sonames, err, len);

	if (!h || !SYM(h, decompress_init, "BZ2_bzDecompressInit") ||
	    !SYM(h, decompress, "BZ2_bzDecompress") ||
	    !SYM(h, decompress_end, "BZ2_bzDecompressEnd"))
		return -1;
	return 0;
}

int
codec_zstd_load(struct codec_zstd *ret, char *err, size_t len)
{
	static const char *const sonames[] = {"libzstd.so.1", NULL};
	void *h = open_lib(sonames, err, len);

	if (!h || !SYM(h, create_dctx, "ZSTD_createDCtx") || !SYM(h, free_dctx, "ZSTD_freeDCtx") ||
	    !SYM(h, dctx_reset, "ZSTD_DCtx_reset") ||
	    !SYM(h, decompress_stream, "ZSTD_decompressStream") ||
	    !SYM(h, is_error, "ZSTD_isError") || !SYM(h, get_error_code, "ZSTD_getErrorCode") ||
	    !SYM(h, get_error_name, "ZSTD_getErrorName"))
		return -1;
	return 0;
}
