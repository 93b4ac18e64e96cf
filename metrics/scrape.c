/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The live endpoint's sample and its text. Only the activities a family
 * is made from are collected: the others (serial lines, USB devices, CPU
 * frequencies...) would cost a scrape their /sys walks for nothing.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scrape.h"
#include "common/layout_stats.h"
#include "common/banned.h"

/*
 * A disk's name as sar gives it by default: the last component of the
 * /sys/dev/block/M:m link (below the collectors' root), else devM-m.
 */
static void
disk_name(void *arg, uint32_t major, uint32_t minor, char *out, size_t len)
{
	const struct scrape *s = arg;
	char rel[64], target[PATH_MAX];
	ssize_t n;

	snprintf(rel, sizeof(rel), "sys/dev/block/%u:%u", major, minor);
	n = readlinkat(s->cc.root.dirfd, rel, target, sizeof(target) - 1);
	if (n > 0) {
		const char *base;

		target[n] = '\0';
		base = strrchr(target, '/');
		base = base ? base + 1 : target;
		if (*base) {
			snprintf(out, len, "%s", base);
			return;
		}
	}
	snprintf(out, len, "dev%u-%u", major, minor);
}

int
scrape_init(struct scrape *s, const char *root)
{
	size_t i;
	int rc;

	rc = collect_init(&s->cc, root);
	if (rc < 0)
		return rc;
	for (i = 0; i < activity_count(); i++) {
		s->acts[i].desc = activity_at(i);
		s->acts[i].col = collector_for(s->acts[i].desc->id);
	}
	for (i = 0; i < om_family_count(); i++) {
		int pos = activity_position(om_family_at(i)->act);

		if (pos >= 0)
			s->acts[pos].wanted = s->acts[pos].col != NULL;
	}
	s->om.hz = (unsigned) sysconf(_SC_CLK_TCK);
	s->om.disk_name = disk_name;
	s->om.arg = s;
	return 0;
}

/* The item count of a, as sadc counts it when it creates a file. */
static int
count_activity(struct scrape *s, struct scrape_act *a)
{
	int32_t nr, nr2 = 1;

	a->collected = false;
	if (!a->wanted)
		return 0;
	nr = a->desc->id == A_CPU ? collect_cpu_nr(&s->cc) : collect_count(a->col, &s->cc, &nr2);
	if (nr <= 0 || nr2 <= 0)
		return 0;
	if (nr > a->desc->nr_max)
		nr = a->desc->nr_max;
	if (a->nr2 != nr2) {
		/* The matrix changed shape: the buffer is laid out anew. */
		a->nr2 = nr2;
		a->cap = 0;
	}
	if (collect_reserve(a->desc, a->nr2, &a->buf, &a->cap, nr) < 0)
		return -ENOMEM;
	a->nr = nr;
	a->collected = true;
	return 0;
}

/* Reads a, doubling its buffer while the collector asks for room (up to nr_max). */
static int
read_activity(struct scrape *s, struct scrape_act *a)
{
	int32_t counted = a->nr;
	int32_t n = collect_read_items(&s->cc, a->col, a->desc, a->nr2, &a->buf, &a->cap);

	if (n < 0)
		return n;
	a->nr = n;
	/* Fixed-size activities always hold their counted items. */
	if (!activity_has_nr(a->desc))
		a->nr = counted;
	return 0;
}

int
scrape_sample(struct scrape *s)
{
	size_t i;

	/* Counting then reading within one sample reads each /proc file once. */
	collect_begin_sample(&s->cc);
	for (i = 0; i < activity_count(); i++)
		if (count_activity(s, &s->acts[i]) < 0)
			return -ENOMEM;
	for (i = 0; i < activity_count(); i++)
		if (s->acts[i].collected && read_activity(s, &s->acts[i]) < 0)
			return -ENOMEM;
	return 0;
}

struct emit_state {
	struct strbuf *lines;
	enum om_format fmt;
	size_t n;
};

static void
emit_sample(void *arg, size_t fam, const char *labels, size_t labels_len, double value)
{
	struct emit_state *st = arg;

	om_put_sample(st->lines, fam, labels, labels_len, "", value, -1, st->fmt);
	st->n++;
}

/* The sample lines of family fam into st->lines; st->n counts them. */
static void
family_lines(struct scrape *s, size_t fam, const struct utsname *u, struct emit_state *st)
{
	const struct om_family *f = om_family_at(fam);
	const struct scrape_act *a;
	struct om_items it;
	int pos;

	if (f->act == 0) {
		strbuf_reset(&s->om.lbl);
		om_uname_labels(&s->om.lbl, u->sysname, u->release, u->nodename, u->machine);
		emit_sample(st, fam, s->om.lbl.buf ? s->om.lbl.buf : "", s->om.lbl.len, 1.0);
		return;
	}
	pos = activity_position(f->act);
	if (pos < 0 || !s->acts[pos].collected || s->acts[pos].nr <= 0)
		return;
	a = &s->acts[pos];
	it.buf = a->buf;
	it.nr = (uint32_t) a->nr;
	it.nr2 = (uint32_t) a->nr2;
	it.stride = a->desc->size;
	it.size = a->desc->size;
	om_family_samples(&s->om, fam, &it, emit_sample, st);
}

void
scrape_render(struct scrape *s, enum om_format fmt, const struct utsname *u, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < om_family_count(); i++) {
		struct emit_state st = {&s->lines, fmt, 0};

		strbuf_reset(&s->lines);
		family_lines(s, i, u, &st);
		if (st.n == 0)
			continue;
		om_put_meta(out, i, fmt);
		strbuf_add(out, s->lines.buf, s->lines.len);
	}
	if (fmt == OM_FMT_OPENMETRICS)
		strbuf_adds(out, "# EOF\n");
}

void
scrape_release(struct scrape *s)
{
	size_t i;

	for (i = 0; i < ACTIVITY_NR; i++) {
		free(s->acts[i].buf);
		s->acts[i].buf = NULL;
	}
	strbuf_release(&s->lines);
	om_ctx_release(&s->om);
	collect_release(&s->cc);
}
