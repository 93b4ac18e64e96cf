# metrics/: the metrics library and the live endpoint, sysstat-metrics. Its manual
# page and units are made and installed with the others (conf/local.mk).

# The metrics: node_exporter's families and their text, shared by
# sadf --openmetrics and the live endpoint, sysstat-metrics.
noinst_LIBRARIES += metrics/libmetrics.a
metrics_libmetrics_a_SOURCES = metrics/om.h metrics/om_families.c metrics/om_text.c
METRICS_LIBS = metrics/libmetrics.a

# The live endpoint: OpenMetrics over HTTP.
# sysstat-metrics answers one scrape per run (socket-activated, Accept=yes),
# beside sadc, whose collectors it links.
sadc_PROGRAMS += metrics/sysstat-metrics
metrics_sysstat_metrics_SOURCES = metrics/sysstat-metrics.c metrics/scrape.c metrics/scrape.h \
	metrics/http.c metrics/http.h
metrics_sysstat_metrics_LDADD = $(METRICS_LIBS) sadc/libcollect.a common/libsysrec.a
