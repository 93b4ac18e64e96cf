/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SCRAPE_H
#define SYSREC_SCRAPE_H

/*
 * One scrape of the live endpoint: a fresh sample taken with sadc's
 * collectors (sadc/collect.h), of the activities the metric families
 * (om.h) are made from, and its exposition text, family by family, with
 * no timestamps and no instance or job label (the scraper adds them).
 */

#include <stdbool.h>
#include <stdint.h>
#include <sys/utsname.h>

#include "om.h"
#include "common/activity.h"
#include "common/strbuf.h"
#include "sadc/collect.h"

/* One activity's items in the sample. */
struct scrape_act {
	const struct activity_desc *desc;
	const struct collector *col;
	unsigned char *buf; /* cap * nr2 items */
	int32_t cap, nr, nr2;
	bool wanted;    /* a family is made from it */
	bool collected; /* it has items here, and they were read */
};

struct scrape {
	struct collect_ctx cc;
	struct scrape_act acts[ACTIVITY_NR]; /* in registry order */
	struct om_ctx om;
	struct strbuf lines; /* scratch: one family's sample lines */
};

/*
 * Opens the collectors' root (NULL: "/") and finds the activities the
 * families need. Returns 0 or -errno; release s in either case.
 */
int scrape_init(struct scrape *s, const char *root);

/*
 * Takes one sample: counts the items of every wanted activity that has a
 * collector, then reads them, from one reading of each /proc file, as
 * sadc does for a record. An activity with no items here is left out.
 * Returns 0 or -ENOMEM.
 */
int scrape_sample(struct scrape *s);

/*
 * Appends the exposition of the sample in fmt: for each family in table
 * order that has samples, its metadata then its samples; node_uname_info
 * from u; "# EOF" at the end of OpenMetrics.
 */
void scrape_render(struct scrape *s, enum om_format fmt, const struct utsname *u,
                   struct strbuf *out);

/* Frees what s holds; accepts a zeroed or failed one. */
void scrape_release(struct scrape *s);

#endif
