# report/: the report layer every reporting program prints with (sar, sadf, and
# the live tools of live/): the engine, the views, render, follow, --use, the sar
# option language sadf parses after "--". sar/ holds the sar program alone.
noinst_LIBRARIES += report/libreport.a
report_libreport_a_SOURCES = report/options.c report/options.h report/engine.c report/render.c \
	report/live.c report/follow.c report/follow.h report/views.c report/views.h report/engine.h \
	report/view.h report/sink.h report/render.h \
	report/display.h report/cpu_time.c report/views_cpu.c report/views_power.c report/views_mem.c \
	report/views_disk.c report/disk_names.c report/views_net.c report/xstats.c report/xstats.h \
	report/who.c report/who.h report/views_who.c report/walk.c report/walk.h \
	report/use.h report/use_int.h report/use_limits.c report/use_model.c \
	report/use_episode.c report/use_feed.c report/use_feed_dev.c report/use_cgroup.c \
	report/use_who.c report/use_judge.c report/use_text.c report/use_json.c report/use_walk.c \
	report/window.c report/window.h
report_libreport_a_CPPFLAGS = $(AM_CPPFLAGS) -DSADC_DIR='"$(sadcdir)"' \
	-DSYSSTAT_CONF='"$(sysconfdir)/sysstat/sysstat"'
