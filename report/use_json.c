/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --use's JSON (use_int.h): the analysis as the members of the "use"
 * object of sadf -j FILE -- --use.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "use_int.h"
#include "common/sysexit.h"
#include "common/banned.h"

static const char *const letter_groups[LETTER_MAX] = {"utilization", "saturation", "errors"};

static void
iso_time(const struct stamp *t, char *out, size_t len)
{
	time_t tt = (time_t) t->ust;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) || !strftime(out, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(out, len, "?");
}

static void
json_tabs(struct strbuf *sb, int tab)
{
	while (tab-- > 0)
		strbuf_addch(sb, '\t');
}

/* Bytes past ASCII as they are, as --use has always written them (sadf --proc escapes them). */
static void
json_string(struct strbuf *sb, const char *str)
{
	strbuf_add_json_string(sb, str, strlen(str), 0);
}

static void
json_time(struct strbuf *sb, const struct stamp *t)
{
	char iso[40];

	iso_time(t, iso, sizeof(iso));
	json_string(sb, iso);
}

static void
json_metric(const struct use *u, const struct resource *r, uint32_t j, struct strbuf *sb)
{
	const struct metric_desc *d = &use_metric_table[u->first[r->cls] + j];
	const struct mstat *m = &r->m[j];

	json_string(sb, d->name);
	if (!m->seen) {
		strbuf_adds(sb, ": null");
		return;
	}
	strbuf_addf(sb, ": {\"average\": %.2f, \"peak\": %.2f, \"peak-time\": ", m->wsum / m->wtime,
	            m->peak);
	json_time(sb, &m->peak_at);
	strbuf_addf(sb, ", \"limit\": %.2f", u->lim.limit[d->lim]);
	if (d->letter == U && u->lim.warn[d->lim] >= 0)
		strbuf_addf(sb, ", \"warn\": %.2f", u->lim.warn[d->lim]);
	if (d->letter == E)
		strbuf_addf(sb, ", \"total\": %.0f", m->total);
	strbuf_addf(sb, ", \"over-intervals\": %u}", m->over_n);
}

static void
json_group(const struct use *u, const struct resource *r, enum letter l, int tab, struct strbuf *sb)
{
	uint32_t j, first = u->first[r->cls];
	bool any = false;

	json_tabs(sb, tab);
	strbuf_addf(sb, "\"%s\": ", letter_groups[l]);
	for (j = 0; j < u->n_metrics[r->cls]; j++)
		if (use_metric_table[first + j].letter == l && use_have_metric(u, first + j))
			any = true;
	if (!any) {
		strbuf_adds(sb, "null,\n");
		return;
	}
	strbuf_adds(sb, "{");
	any = false;
	for (j = 0; j < u->n_metrics[r->cls]; j++) {
		if (use_metric_table[first + j].letter != l)
			continue;
		strbuf_adds(sb, any ? ", " : "");
		json_metric(u, r, j, sb);
		any = true;
	}
	strbuf_adds(sb, "},\n");
}

static void
json_kind_name(const struct resource *r, struct strbuf *sb)
{
	strbuf_adds(sb, "{\"kind\": ");
	json_string(sb, use_kind_names[use_class_table[r->cls].kind]);
	strbuf_adds(sb, ", \"name\": ");
	json_string(sb, r->name);
	strbuf_adds(sb, ", \"verdict\": ");
	json_string(sb, use_verdict_names[r->verdict]);
}

/* An episode's biggest consumers, when the file holds processes or cgroups. */
static void
json_who(const struct resource *r, const struct episode *e, struct strbuf *sb)
{
	enum who_sort key;
	int g;

	if (!e->top || !use_who_key(r->cls, &key))
		return;
	strbuf_adds(sb, ", \"top-unit\": ");
	json_string(sb, use_who_unit(key));
	for (g = 0; g < 2; g++) {
		unsigned n = g ? e->n_cg : e->n_proc, k;

		strbuf_adds(sb, g ? ", \"top-cgroups\": [" : ", \"top-processes\": [");
		for (k = 0; k < n; k++) {
			strbuf_adds(sb, k ? ", {\"name\": " : "{\"name\": ");
			json_string(sb, e->top[g * WHO_TOP + k].name);
			strbuf_addf(sb, ", \"value\": %.2f}", e->top[g * WHO_TOP + k].v);
		}
		strbuf_adds(sb, "]");
	}
}

static void
json_resource(const struct use *u, const struct resource *r, int tab, struct strbuf *sb)
{
	uint32_t acts[8], j;
	size_t n, k;
	enum letter l;

	json_tabs(sb, tab);
	json_kind_name(r, sb);
	strbuf_adds(sb, ",\n");
	for (l = U; l < LETTER_MAX; l++)
		json_group(u, r, l, tab + 1, sb);
	json_tabs(sb, tab + 1);
	strbuf_adds(sb, "\"episodes\": [");
	for (j = 0; j < r->n_ep && j < MAX_EPISODES; j++) {
		strbuf_adds(sb, j ? ", {\"start\": " : "{\"start\": ");
		json_time(sb, &r->ep[j].from);
		strbuf_adds(sb, ", \"end\": ");
		json_time(sb, &r->ep[j].to);
		strbuf_addf(sb, ", \"seconds\": %llu",
		            (unsigned long long) use_span(&r->ep[j].from, &r->ep[j].to));
		json_who(r, &r->ep[j], sb);
		strbuf_adds(sb, "}");
	}
	strbuf_addf(sb, "], \"episode-count\": %u, \"episode-seconds\": %.0f,\n", r->n_ep,
	            r->ep_seconds);
	json_tabs(sb, tab + 1);
	strbuf_adds(sb, "\"not-collected\": [");
	n = use_missing_acts(u, r, acts, 8);
	for (k = 0; k < n; k++) {
		struct strbuf text = {0};
		char how[128];

		use_metric_names_of(u, r, acts[k], &text);
		use_collect_hint(acts[k], how, sizeof(how));
		strbuf_addf(&text, ": %s", how);
		strbuf_adds(sb, k ? ", " : "");
		json_string(sb, text.buf ? text.buf : "");
		strbuf_release(&text);
	}
	strbuf_adds(sb, "]}");
}

static void
json_list(const struct resource *const *list, size_t n, const char *key, int tab, struct strbuf *sb)
{
	size_t k;

	json_tabs(sb, tab);
	strbuf_addf(sb, "\"%s\": [", key);
	for (k = 0; k < n; k++) {
		strbuf_adds(sb, k ? ", " : "");
		json_kind_name(list[k], sb);
		strbuf_adds(sb, "}");
	}
	strbuf_adds(sb, "]");
}

void
use_json(struct use *u, int tab, struct strbuf *sb)
{
	struct resource **sus, **unk;
	size_t n, n_unk = 0, k;

	sus = use_judge_all(u, &n);
	unk = sysrec_calloc(u->n_res, sizeof(*unk));
	for (k = 0; k < u->n_res; k++)
		if (u->res[k]->verdict == V_UNKNOWN)
			unk[n_unk++] = u->res[k];
	json_tabs(sb, tab);
	strbuf_adds(sb, "\"window\": {\"start\": ");
	if (u->n_intervals)
		json_time(sb, &u->first_t);
	else
		strbuf_adds(sb, "null");
	strbuf_adds(sb, ", \"end\": ");
	if (u->n_intervals)
		json_time(sb, &u->last_t);
	else
		strbuf_adds(sb, "null");
	strbuf_addf(sb, ", \"intervals\": %llu, \"episode\": %u},\n",
	            (unsigned long long) u->n_intervals, use_episode_min(u));
	json_tabs(sb, tab);
	strbuf_adds(sb, "\"resources\": [\n");
	for (k = 0; k < u->n_res; k++) {
		json_resource(u, u->res[k], tab + 1, sb);
		strbuf_adds(sb, k + 1 < u->n_res ? ",\n" : "\n");
	}
	json_tabs(sb, tab);
	strbuf_adds(sb, "],\n");
	json_list((const struct resource *const *) sus, n, "suspects", tab, sb);
	strbuf_adds(sb, ",\n");
	json_list((const struct resource *const *) unk, n_unk, "unknown", tab, sb);
	free(sus);
	free(unk);
}
