# common/: the internal library, libsysrec.a, that every program links: the
# archive format, the activity registry, number formatting, the input sources.
noinst_LIBRARIES += common/libsysrec.a
common_libsysrec_a_SOURCES = \
	common/activity.c common/activity.h \
	common/archive.c common/archive.h \
	common/archive_write.c \
	common/ext.h \
	common/banned.h \
	common/codec_lib.c common/codec_lib.h \
	common/compat.c common/compat.h \
	common/convert.c common/convert.h \
	common/datafile.c common/datafile.h \
	common/fdio.c common/fdio.h \
	common/history.c common/history.h \
	common/layout.h common/layout_stats.h \
	common/layout_ops.c common/layout_ops.h \
	common/nls.c common/nls.h \
	common/numfmt.c common/numfmt.h \
	common/outbuf.c common/outbuf.h \
	common/source.c common/source.h \
	common/strbuf.c common/strbuf.h \
	common/sysroot.c common/sysroot.h \
	common/sysexit.c common/sysexit.h \
	common/tmpfile.c common/tmpfile.h
common_libsysrec_a_CFLAGS = $(AM_CFLAGS) $(ZLIB_CFLAGS) $(LZMA_CFLAGS) $(ZSTD_CFLAGS)
common_libsysrec_a_CPPFLAGS = $(AM_CPPFLAGS) -DLOCALEDIR='"$(localedir)"'
