# live/: the five live tools of the sysstat package (iostat, mpstat, pidstat,
# cifsiostat, tapestat), printed with the report layer (report/). liblive.a
# holds what they share (live.h); each tool's fragment below adds its program,
# man page, tests and fuzz target.
noinst_LIBRARIES += live/liblive.a
live_liblive_a_SOURCES = live/live.c live/live.h live/hist.c live/hist.h
# What every live tool links after its own objects.
LIVE_LIBS = live/liblive.a report/libreport.a $(LDADD)
# The tools' man pages (made from man/TOOL.1.in like the others: conf/local.mk).
LIVE_MANS =

include $(srcdir)/live/iostat.mk
include $(srcdir)/live/mpstat.mk
include $(srcdir)/live/pidstat.mk
include $(srcdir)/live/cifsiostat.mk
include $(srcdir)/live/tapestat.mk
