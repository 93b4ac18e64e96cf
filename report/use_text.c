/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --use's report (use.h's use_print()): the suspects, what could not be
 * judged, and the table of every resource's metrics and episodes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "use_int.h"
#include "render.h"
#include "common/banned.h"

/*
 * With more cgroups than this in the analysis, the text report lists only
 * those that are suspects and counts the others on a line: a machine runs
 * hundreds, and hundreds of "ok" make the table unreadable, as a line for
 * each processor would without -P. sadf -j -- --use lists every one.
 */
#define CG_LIST_MAX 10

static size_t
count_cgroups(const struct use *u)
{
	size_t k, n = 0;

	for (k = 0; k < u->n_res; k++)
		n += u->res[k]->cls == C_CG_N;
	return n;
}

/* Whether the text report gives r lines of its own (n_cg: count_cgroups()). */
static bool
listed(const struct resource *r, size_t n_cg)
{
	return r->cls != C_CG_N || n_cg <= CG_LIST_MAX || use_is_suspect(r);
}

/* How many cgroups of verdict v listed() leaves out. */
static size_t
cg_unlisted(const struct use *u, size_t n_cg, enum verdict v)
{
	size_t k, n = 0;

	for (k = 0; k < u->n_res; k++)
		n += !listed(u->res[k], n_cg) && u->res[k]->verdict == v;
	return n;
}

static void
text_time(const struct sar *s, const struct stamp *t, char *out, size_t len)
{
	struct sa_record_header h;
	struct tm tm;

	memset(&h, 0, sizeof(h));
	h.ust_time = t->ust;
	h.hour = t->hour;
	h.minute = t->minute;
	h.second = t->second;
	if (!sar_record_tm(s, &h, &tm))
		snprintf(out, len, "?");
	else
		sar_time_string(s, &tm, out, len);
}

static void
duration(uint64_t t, char *out, size_t len)
{
	if (t >= 3600)
		snprintf(out, len, "%llu h %02llu min", (unsigned long long) (t / 3600),
		         (unsigned long long) (t % 3600 / 60));
	else if (t >= 60 && t % 60)
		snprintf(out, len, "%llu min %llu s", (unsigned long long) (t / 60),
		         (unsigned long long) (t % 60));
	else if (t >= 60)
		snprintf(out, len, "%llu min", (unsigned long long) (t / 60));
	else
		snprintf(out, len, "%llu s", (unsigned long long) t);
}

static const char *
display_name(const struct resource *r, char *out, size_t len)
{
	snprintf(out, len, "%s %s", use_kind_names[use_class_table[r->cls].kind], r->name);
	return out;
}

static void
text_episode(const struct sar *s, const struct episode *e, struct strbuf *sb)
{
	char a[SAR_TS_LEN], b[SAR_TS_LEN], d[48];

	text_time(s, &e->from, a, sizeof(a));
	text_time(s, &e->to, b, sizeof(b));
	duration(use_span(&e->from, &e->to), d, sizeof(d));
	strbuf_addf(sb, "%s-%s (%s)", a, b, d);
}

/* Why a saturated resource ranks after the busy ones: its U metrics stayed low in its episodes. */
static void
text_not_hot(const struct use *u, const struct resource *r, struct strbuf *sb)
{
	uint32_t k, first = u->first[r->cls];

	for (k = 0; k < u->n_metrics[r->cls]; k++) {
		const struct metric_desc *d = &use_metric_table[first + k];

		if (d->letter == U && r->m[k].seen && u->lim.warn[d->lim] >= 0)
			strbuf_addf(sb, "; %s not above %.2f in its episodes", d->name,
			            u->lim.warn[d->lim]);
	}
}

/* Why r is a suspect, on one line. */
static void
text_why(const struct use *u, const struct sar *s, const struct resource *r, struct strbuf *sb)
{
	uint32_t k, first = u->first[r->cls];
	bool any = false;

	if (r->verdict == V_SATURATED) {
		text_episode(s, &r->ep[0], sb);
		if (r->n_ep > 1)
			strbuf_addf(sb, " and %u more episode%s", r->n_ep - 1,
			            r->n_ep > 2 ? "s" : "");
		strbuf_adds(sb, ":");
	}
	for (k = 0; k < u->n_metrics[r->cls]; k++) {
		const struct metric_desc *d = &use_metric_table[first + k];
		const struct mstat *m = &r->m[k];
		bool warned = d->letter == U && u->lim.warn[d->lim] >= 0 &&
		              m->wbest >= use_episode_min(u);
		char at[SAR_TS_LEN];

		if (!m->seen || (!m->over_n && !warned) ||
		    (r->verdict == V_ERRORS && d->letter != E))
			continue;
		text_time(s, &m->peak_at, at, sizeof(at));
		strbuf_addf(sb, "%s %s peak %.2f at %s", any ? "," : "", d->name, m->peak, at);
		if (d->letter == E)
			strbuf_addf(sb, " (%.0f in all)", m->total);
		else if (r->verdict == V_WARNING && m->over_n)
			strbuf_addf(sb, " (over %.2f in %u interval%s, not sustained)",
			            u->lim.limit[d->lim], m->over_n, m->over_n > 1 ? "s" : "");
		else if (r->verdict == V_WARNING)
			strbuf_addf(sb, " (above %.2f for %u intervals)", u->lim.warn[d->lim],
			            m->wbest);
		any = true;
	}
	if (r->verdict == V_SATURATED && !r->ep_hot)
		text_not_hot(u, r, sb);
}

/* The biggest consumers of an episode, when the file holds processes or cgroups. */
static void
text_who(const struct resource *r, const struct episode *e, FILE *out)
{
	enum who_sort key;
	int g;

	if (!e->top || !use_who_key(r->cls, &key))
		return;
	for (g = 0; g < 2; g++) {
		unsigned n = g ? e->n_cg : e->n_proc, k;

		if (!n)
			continue;
		fprintf(out, "%-31s   top %s (%s):", "", g ? "cgroups" : "processes",
		        use_who_unit(key));
		for (k = 0; k < n; k++)
			fprintf(out, "%s %s %.2f", k ? "," : "", e->top[g * WHO_TOP + k].name,
			        e->top[g * WHO_TOP + k].v);
		fputc('\n', out);
	}
}

static void
text_suspects(const struct use *u, const struct sar *s, FILE *out, struct resource **sus, size_t n)
{
	struct strbuf sb = {0};
	char name[MAX_FS_LEN + 16];
	size_t k;

	if (!n) {
		fputs("Nothing crossed a threshold.\n", out);
		return;
	}
	fputs("First suspects:\n", out);
	for (k = 0; k < n; k++) {
		strbuf_reset(&sb);
		text_why(u, s, sus[k], &sb);
		fprintf(out, "  %-10s %-16s %s\n", use_verdict_names[sus[k]->verdict],
		        display_name(sus[k], name, sizeof(name)), sb.buf ? sb.buf : "");
	}
	strbuf_release(&sb);
}

static void
text_unjudged(const struct use *u, FILE *out)
{
	struct strbuf sb = {0};
	char name[MAX_FS_LEN + 16], how[128];
	bool title = false;
	uint32_t acts[8];
	size_t k, n, j, n_cg = count_cgroups(u), rest = cg_unlisted(u, n_cg, V_UNKNOWN);

	for (k = 0; k < u->n_res; k++) {
		const struct resource *r = u->res[k];

		n = use_missing_acts(u, r, acts, 8);
		for (j = 0; j < n; j++) {
			if (!title)
				fputs("\nCould not be judged:\n", out);
			title = true;
			strbuf_reset(&sb);
			use_metric_names_of(u, r, acts[j], &sb);
			use_collect_hint(acts[j], how, sizeof(how));
			fprintf(out, "  %-16s %s not collected (%s)\n",
			        display_name(r, name, sizeof(name)), sb.buf ? sb.buf : "", how);
		}
		if (r->verdict == V_UNKNOWN && !n && listed(r, n_cg)) {
			if (!title)
				fputs("\nCould not be judged:\n", out);
			title = true;
			fprintf(out, "  %-16s no data in the window\n",
			        display_name(r, name, sizeof(name)));
		}
	}
	if (rest) {
		if (!title)
			fputs("\nCould not be judged:\n", out);
		snprintf(name, sizeof(name), "cgroup (%zu others)", rest);
		fprintf(out, "  %-16s no data in the window\n", name);
	}
	strbuf_release(&sb);
}

/* Whether cls has metrics of letter l that the file may hold (the cgroups' only with cgroups). */
static bool
class_has_letter(const struct use *u, enum use_class cls, enum letter l)
{
	uint32_t k;

	for (k = 0; k < u->n_metrics[cls]; k++) {
		const struct metric_desc *d = &use_metric_table[u->first[cls] + k];

		if (d->letter == l && (d->act != A_USE_CG || u->have[A_USE_CG]))
			return true;
	}
	return false;
}

/* The cgroups listed() leaves out, counted on a line for each verdict they have. */
static void
text_cg_rest(const struct use *u, FILE *out, size_t n_cg)
{
	static const enum verdict rest[] = {V_OK, V_UNKNOWN};
	char name[48];
	size_t k;

	for (k = 0; k < sizeof(rest) / sizeof(rest[0]); k++) {
		size_t n = cg_unlisted(u, n_cg, rest[k]);

		if (!n)
			continue;
		snprintf(name, sizeof(name), "cgroup (%zu others)", n);
		fprintf(out, "%-20s %-10s not listed\n", name, use_verdict_names[rest[k]]);
	}
}

static void
text_table(const struct use *u, const struct sar *s, FILE *out)
{
	char name[MAX_FS_LEN + 16], at[SAR_TS_LEN];
	size_t k, n_cg = count_cgroups(u);

	fprintf(out, "\n%-20s %-10s %-13s %12s %12s  %-10s %10s\n", "RESOURCE", "VERDICT",
	        "METRIC", "AVERAGE", "PEAK", "PEAK-TIME", "LIMIT");
	for (k = 0; k < u->n_res; k++) {
		const struct resource *r = u->res[k];
		uint32_t j, first = u->first[r->cls];
		bool lead = true;
		enum letter l;

		if (!listed(r, n_cg))
			continue;
		display_name(r, name, sizeof(name));
		for (l = U; l < LETTER_MAX; l++) {
			if (!class_has_letter(u, r->cls, l)) {
				/*
				 * No U or S: not part of the resource; no E: sysstat records
				 * none (memory's oom kills come from cgroups, when recorded).
				 */
				if (l != E)
					continue;
				fprintf(out, "%-20s %-10s E -             not in archives\n",
				        lead ? name : "",
				        lead ? use_verdict_names[r->verdict] : "");
				lead = false;
				continue;
			}
			for (j = 0; j < u->n_metrics[r->cls]; j++) {
				const struct metric_desc *d = &use_metric_table[first + j];
				const struct mstat *m = &r->m[j];

				if (d->letter != l)
					continue;
				fprintf(out, "%-20s %-10s %c %-11s", lead ? name : "",
				        lead ? use_verdict_names[r->verdict] : "", "USE"[l],
				        d -> name);
				lead = false;
				if (!use_have_metric(u, first + j)) {
					fputs("  not collected\n", out);
					continue;
				}
				if (!m->seen) {
					if (d->why_none)
						fprintf(out, "  no value (%s)\n", d->why_none);
					else
						fputs("  no value\n", out);
					continue;
				}
				text_time(s, &m->peak_at, at, sizeof(at));
				fprintf(out, " %12.2f %12.2f  %-10s %10.2f\n",
				        m->wsum / m->wtime, m->peak, at, u->lim.limit[d->lim]);
			}
		}
		for (j = 0; j < r->n_ep && j < MAX_EPISODES; j++) {
			struct strbuf sb = {0};

			text_episode(s, &r->ep[j], &sb);
			fprintf(out, "%-31s episode %s\n", "", sb.buf ? sb.buf : "");
			strbuf_release(&sb);
			text_who(r, &r->ep[j], out);
		}
		if (r->n_ep > MAX_EPISODES)
			fprintf(out, "%-31s %u more episodes\n", "", r->n_ep - MAX_EPISODES);
	}
	text_cg_rest(u, out, n_cg);
}

void
use_print(struct use *u, struct sar *s)
{
	char a[SAR_TS_LEN], b[SAR_TS_LEN];
	struct resource **sus;
	FILE *out;
	size_t n;

	sus = use_judge_all(u, &n);
	/* The report is written with stdio alone, after what sar's buffer held. */
	out = sar_fp(s);
	fputc('\n', out);
	if (!u->n_intervals) {
		fputs("USE method: no interval in the window.\n", out);
	} else {
		text_time(s, &u->first_t, a, sizeof(a));
		text_time(s, &u->last_t, b, sizeof(b));
		fprintf(out,
		        "USE method, %s to %s: %llu interval%s; an episode lasts at least %u "
		        "interval%s.\n\n",
		        a, b, (unsigned long long) u->n_intervals, u->n_intervals > 1 ? "s" : "",
		        use_episode_min(u), use_episode_min(u) > 1 ? "s" : "");
		text_suspects(u, s, out, sus, n);
	}
	text_unjudged(u, out);
	if (u->n_intervals)
		text_table(u, s, out);
	free(sus);
}
