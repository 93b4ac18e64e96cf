# sar/: the sar program.

# sar's code but its main(): the program and the fuzz targets link the same objects.
noinst_LIBRARIES += sar/libsar.a
sar_libsar_a_SOURCES = sar/run.c sar/sar.h
sar_libsar_a_CPPFLAGS = $(AM_CPPFLAGS) -DSADC_DIR='"$(sadcdir)"'

bin_PROGRAMS += sar/sar
sar_sar_SOURCES = sar/main.c
sar_sar_LDADD = sar/libsar.a report/libreport.a $(LDADD)
# The functions a replay runs, together (configure.ac, scripts/hot-order.sh).
if HOT_ORDER
sar_sar_LDFLAGS = $(AM_LDFLAGS) -Wl,-T,$(srcdir)/sar/hot.ld -Wl,--no-ld-generated-unwind-info
EXTRA_sar_sar_DEPENDENCIES = sar/hot.ld
endif
EXTRA_DIST += sar/hot.ld
