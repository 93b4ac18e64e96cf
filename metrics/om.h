/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_OM_H
#define SYSREC_OM_H

/*
 * Metrics: the statistics of one sample (a record of an archive, or a
 * collection made at scrape time) as Prometheus series with
 * node_exporter's names (doc/metrics.md §2), and their text
 * in the OpenMetrics 1.0 format or in the Prometheus text format 0.0.4.
 *
 * The backfill (sadf --openmetrics) and the live endpoint (sysstat-metrics)
 * share this table, so that history and live data are one series: the same
 * families, in the same order, with the same labels and units.
 *
 * A family belongs to one activity. Its samples come from the activity's
 * items in one sample: om_family_samples() calls back once per series with
 * the series' labels and its value in base units (seconds, bytes, ratios).
 * Counters are the raw cumulative values the archive stores, never rates.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/strbuf.h"

enum om_type {
	OM_COUNTER, /* samples are <name>_total */
	OM_GAUGE,
	OM_UNKNOWN, /* node_exporter's untyped node_vmstat_* and node_netstat_* */
};

enum om_format {
	OM_FMT_OPENMETRICS, /* application/openmetrics-text; version=1.0.0 */
	OM_FMT_TEXT004,     /* text/plain; version=0.0.4 */
};

struct om_family {
	const char *name; /* the family name: a counter's samples add "_total" */
	enum om_type type;
	const char *unit; /* the unit (a suffix of name), or "" */
	const char *help;
	uint32_t act; /* the activity the samples come from; 0: node_uname_info */
};

/* The families, in the order they are exposed. Family 0 is node_uname_info. */
size_t om_family_count(void);
const struct om_family *om_family_at(size_t i);

/* The items of one activity in one sample, as the archive reader or a collector left them. */
struct om_items {
	const unsigned char *buf; /* nr * nr2 items, stride bytes apart, host order */
	uint32_t nr, nr2;
	uint32_t stride; /* bytes from one item to the next */
	uint32_t size;   /* bytes of an item that hold data (12.6.1's A_PAGE: 64 of 80) */
};

/* What the samples of a family need besides the items. */
struct om_ctx {
	unsigned hz; /* clock ticks per second of the CPU counters (the file header's) */
	/*
	 * The name of the disk major:minor of A_DISK, NUL-terminated in out
	 * (len > 1); NULL: "devM-m".
	 */
	void (*disk_name)(void *arg, uint32_t major, uint32_t minor, char *out, size_t len);
	/* Filters (NULL: everything): CPU n (0 is the first CPU); a device, interface, filesystem
	 * or interrupt name. */
	bool (*cpu_ok)(void *arg, uint32_t cpu);
	bool (*name_ok)(void *arg, uint32_t act, const char *name);
	void *arg;
	struct strbuf lbl; /* scratch for the labels */
	/*
	 * The labels of each activity's items, kept from one sample to the
	 * next with the bytes that name the item (om_families.c): an item
	 * named as before has the same labels.
	 */
	struct om_item_cache *caches; /* ACTIVITY_NR + 1, by activity id; NULL until used */
};

/* Frees what the context holds (its hooks stay); c may then be used again. */
void om_ctx_release(struct om_ctx *c);

/*
 * Called once per series of a family in one sample: labels is its label
 * list, escaped, without braces ("cpu=\"0\",mode=\"user\"", or "" for
 * none); value is in the family's base unit.
 */
typedef void (*om_emit_fn)(void *arg, size_t family, const char *labels, size_t labels_len,
                           double value);

/* Every series of family fam (act != 0) in the items it of its activity. */
void om_family_samples(struct om_ctx *c, size_t fam, const struct om_items *it, om_emit_fn emit,
                       void *arg);

/* The labels of node_uname_info (family 0): sysname, release, nodename, machine, escaped. */
void om_uname_labels(struct strbuf *out, const char *sysname, const char *release,
                     const char *nodename, const char *machine);

/* ---- text ---- */

/* A label value, escaped (\\, \", \n) into out. */
void om_escape(struct strbuf *out, const char *s, size_t len);

/*
 * Whether name=value is a label a user may add (-O): a valid label name,
 * not reserved ("__" prefix), and not one of the families' own labels.
 */
bool om_label_name_ok(const char *name, size_t len);

/* The metadata of family fam: # TYPE, # UNIT, # HELP (OpenMetrics) or # HELP, # TYPE (0.0.4). */
void om_put_meta(struct strbuf *out, size_t fam, enum om_format fmt);
/* The same for a family of another table (sadf's processes and cgroups). */
void om_put_family_meta(struct strbuf *out, const struct om_family *f, enum om_format fmt);

/*
 * One sample line: name{labels,extra} value[ ts]. extra is a constant label
 * list ("" for none) put after the series' own labels. ts_ms < 0: no
 * timestamp; else seconds with a fraction (OpenMetrics) or integer
 * milliseconds (0.0.4).
 */
void om_put_sample(struct strbuf *out, size_t fam, const char *labels, size_t labels_len,
                   const char *extra, double value, int64_t ts_ms, enum om_format fmt);

/* Doubles hold every integer below this exactly (2^53). */
#define OM_EXACT_INT 9007199254740992.0

/* Whether v is an integer a double holds exactly (the range first: casting a NaN is undefined). */
static inline bool
om_exact_int(double v)
{
	return v > -OM_EXACT_INT && v < OM_EXACT_INT && v == (double) (int64_t) v;
}

/* A value as the shortest text that reads back as the same double (NaN, +Inf, -Inf). */
void om_put_value(struct strbuf *out, double v);
/* The same into buf (OM_VALUE_LEN bytes), NUL-terminated; returns its length. */
#define OM_VALUE_LEN 40
size_t om_format_value(char *buf, double v);
/* " ts" of om_put_sample() into buf (OM_TS_LEN bytes, not NUL-terminated); returns its length. */
#define OM_TS_LEN 32
size_t om_format_timestamp(char *buf, int64_t ts_ms, enum om_format fmt);
/*
 * The part of a sample line before its value: "name{labels,extra} ".
 * A caller writing many samples of one series builds it once.
 */
void om_put_prefix(struct strbuf *out, size_t fam, const char *labels, size_t labels_len,
                   const char *extra);
/* The same for a family of another table. */
void om_put_family_prefix(struct strbuf *out, const struct om_family *f, const char *labels,
                          size_t labels_len, const char *extra);

/* The Content-Type of a format. */
const char *om_content_type(enum om_format fmt);

#endif
