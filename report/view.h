/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_REPORT_VIEW_H
#define SYSREC_REPORT_VIEW_H

/*
 * What a view is: one output of one activity (a header, a row printer, an
 * average printer, and sadf's names of its values), and the slots of items
 * a view reads. views.h lists the views themselves.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "common/archive.h"
#include "sink.h"

struct sar;
struct outbuf;

/* One record's items of one activity, copied out of the reader. */
struct sar_slot {
	uint32_t nr;          /* items (first dimension) */
	unsigned char *items; /* nr * nr2 items of the activity's 12.6.1 size */
	size_t cap;           /* bytes allocated */
	uint64_t gen;         /* changes with the items (only per-CPU views, never searched, skip it) */
	struct sar_slot_index *index; /* the items in key order (views.c), built on demand */
};

/* How an item's namesake is recognised: items ordered by name, 0 for the same. */
typedef int sar_item_cmp(const void *p, const void *c);

/* Releases a slot's index; accepts NULL. */
void sar_slot_index_free(struct sar_slot_index *ix);

/* Per-activity state while reading a file. */
struct sar_act {
	const struct activity_desc *desc;
	const struct archive_act *fa; /* the file's entry: fa->fa.nr (nr_ini), fa->fa.nr2 */
	int32_t nr_ini;               /* items at the file's start, updated by restarts */
	struct sar_slot slot[3]; /* [0]/[1] alternate as current/previous; [2] first of segment */
	unsigned char *avg;      /* the view's average accumulators (view->avg_size bytes) */
	size_t avg_cap;
	bool avg_mapped; /* avg is sar_reset_avg()'s own mapping, not from malloc */
	int in_slot;           /* 1 + the slot walk_next() read the items into, 0: none */
	uint64_t in_slot_read; /* which record that was (the reader's fa->n_decoded) */
};

/* One output of an activity (CPU has -u and -u ALL; MEMORY has -r and -S...). */
struct sar_view {
	uint32_t act_id;
	uint32_t opt;    /* SAR_O_* bit selecting this output */
	const char *hdr; /* header fields separated by ';' ("CPU;%user;...") */
	int iwidth;      /* width of the first field (7 for CPU...), 0 for 9 */
	uint32_t flags;  /* SAR_VF_* */
	size_t avg_size; /* bytes of average state per activity (zeroed per block) */

	/*
	 * Prints the rows of one interval: items in prev and curr, itv the
	 * interval in 1/100 s. ts is the current record's time string. Returns
	 * the number of lines printed (for header repetition), 0 when nothing.
	 */
	unsigned (*print)(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
	                  const struct sar_slot *curr, uint64_t itv);

	/* Prints the Average: (or Summary:) rows from first and last slots. */
	void (*print_avg)(struct sar *s, struct sar_act *a, const struct sar_slot *first,
	                  const struct sar_slot *last, uint64_t itv);

	/* How sadf names this output's values (NULL: sadf does not show it). */
	const struct sar_names *names;
};

/*
 * sadf's names for one view (house style rule 3: every format walks this
 * table). The rows a view prints are captured as cells (see struct
 * sar_sink); cell k of a row has the k-th name of `keys` in JSON and XML and
 * the k-th field of the view's hdr in -d and -p. For views with items, cell
 * 0 is the item (its name or number).
 */
struct sar_names {
	const char *json;      /* the activity's JSON key ("cpu-load") */
	const char *group;     /* the JSON/XML object it sits in ("network"), or NULL */
	const char *keys;      /* ';'-separated JSON names of the cells */
	const char *xml;       /* the XML element around the rows, NULL: none (net-dev) */
	const char *xml_attrs; /* its attributes (" per=\"second\""), or "" */
	const char *xml_item;  /* XML element of one row; NULL: the values go on xml itself */
	const char *xml_keys;  /* ';'-separated XML names of the cells; NULL: keys */
	uint32_t flags;        /* SAR_NF_* */

	/*
	 * Hand-written rows where sysstat's output is irregular (NULL: the
	 * generic walk). They write one row's text into the run's output at
	 * indentation tab (JSON: without the final newline).
	 */
	void (*json_row)(const struct sar *s, struct outbuf *out, int tab,
	                 const struct sar_cell *cells, size_t n);
	void (*xml_row)(const struct sar *s, struct outbuf *out, int tab,
	                const struct sar_cell *cells, size_t n);
};

enum sar_names_flag {
	SAR_NF_ITEMS = 1u << 0,     /* rows have an item in cell 0; a JSON array of objects */
	SAR_NF_CPU_ITEM = 1u << 1,  /* the item is "all" or a CPU number: -d -1 for all, -p cpuN */
	SAR_NF_XML_ELEMS = 1u << 2, /* XML values are child elements, not attributes (memory) */
	SAR_NF_ITEM_NUM = 1u << 3,  /* the item is a bare number in JSON (serial "line": 0) */
};

enum sar_view_flag {
	SAR_VF_HDR_EVERY_SAMPLE = 1u << 0, /* IRQ: the header before every sample */
	SAR_VF_HDR_EVERY_WITH_Z = 1u << 1, /* DEV, EDEV, DISK, FS, SERIAL, SOFT with -z */
	SAR_VF_CPU_BITMAP = 1u << 2,       /* rows are counted from the -P selection */
	SAR_VF_SADF_SUPERSEDED = 1u << 3,  /* sadf -j/-x: hidden when a later output of the
	                                      activity is selected (-F under -F MOUNT) */
};

/* Outputs selectable on the command line (a view's opt). */
enum sar_output {
	SAR_O_CPU = 1u << 0,
	SAR_O_CPU_ALL = 1u << 1,
	SAR_O_MEM = 1u << 2,
	SAR_O_MEM_ALL = 1u << 3, /* -r ALL: the extra memory fields */
	SAR_O_SWAP = 1u << 4,    /* -S */
	SAR_O_FS = 1u << 5,
	SAR_O_FS_MOUNT = 1u << 6,
	SAR_O_IRQ_SUM = 1u << 7,
	SAR_O_IRQ_ALL = 1u << 8,
	SAR_O_MAIN = 1u << 9, /* the only output of a single-output activity */
};

/* ---- views.c: the table of every view, in the order outputs are printed ---- */
size_t sar_view_count(void);
const struct sar_view *sar_view_at(size_t i);

/* Helpers for views. */
double sar_s_value(uint64_t prev, uint64_t curr, uint64_t itv);  /* (curr-prev)/itv*100 */
double sar_sp_value(uint64_t prev, uint64_t curr, uint64_t tot); /* (curr-prev)/tot*100 */
bool sar_cpu_selected(const struct sar *s, uint32_t index);      /* index 0 = all */
void *sar_avg(struct sar_act *a);                                /* the view's average state */
const void *sar_item(const struct sar_act *a, const struct sar_slot *sl, uint32_t i, uint32_t j);

#endif
