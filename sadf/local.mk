# sadf/: the sadf program.

# sadf's code but its main(): the program and the fuzz targets link the same objects.
# fmt_who.c: sadf with --proc and --cgroup: -d, -p, -j, -x and --openmetrics.
noinst_LIBRARIES += sadf/libsadf.a
sadf_libsadf_a_SOURCES = sadf/run.c sadf/options.c sadf/header.c sadf/sadf.h sadf/engine.c \
	sadf/fmt_text.c sadf/fmt_json.c sadf/fmt_xml.c sadf/fmt_raw.c \
	sadf/fmt_svg.c sadf/svg_tables.c sadf/svg.h sadf/fmt_openmetrics.c \
	sadf/follow.c sadf/fmt_who.c

bin_PROGRAMS += sadf/sadf
sadf_sadf_SOURCES = sadf/main.c
sadf_sadf_LDADD = sadf/libsadf.a report/libreport.a $(METRICS_LIBS) $(LDADD)
# The functions a replay runs, together (configure.ac, scripts/hot-order.sh).
if HOT_ORDER
sadf_sadf_LDFLAGS = $(AM_LDFLAGS) -Wl,-T,$(srcdir)/sadf/hot.ld -Wl,--no-ld-generated-unwind-info
EXTRA_sadf_sadf_DEPENDENCIES = sadf/hot.ld
endif
EXTRA_DIST += sadf/hot.ld
