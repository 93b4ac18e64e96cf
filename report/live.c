/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar's live mode: run sadc with -Z on a pipe and report each sample as it
 * comes, every selected activity together (doc/format.md §7, doc/report.md §3). The report
 * of the samples (sar_live_loop) also serves --follow (follow.c), whose
 * records come from a growing file instead of the pipe.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "display.h"
#include "engine.h"
#include "render.h"
#include "use.h"
#include "walk.h"
#include "xstats.h"
#include "common/compat.h"
#include "common/source.h"
#include "common/sysexit.h"
#include "common/banned.h"

static volatile sig_atomic_t sigint_caught;
static volatile sig_atomic_t sigint_line = 1;

static void
on_sigint(int sig)
{
	sigint_caught = 1;
	/* sysstat skips the "^C" the terminal echoed. */
	if (sig == SIGINT && sigint_line)
		(void) !write(STDOUT_FILENO, "\n", 1);
}

static void
catch_signal(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sa.sa_flags = SA_RESTART;
	sigaction(sig, &sa, NULL);
}

void
sar_live_catch_signals(bool newline)
{
	sigint_line = newline;
	catch_signal(SIGINT);
	catch_signal(SIGTERM);
}

bool
sar_live_stopped(void)
{
	return sigint_caught;
}

static _Noreturn void
read_error(bool unexpected)
{
	fflush(stdout);
	fputs(unexpected ? _("End of data collecting unexpected\n") : _("Inconsistent input data\n"),
	      stderr);
	sysrec_exit(3);
}

/* sadc's arguments: interval, count + 1, -Z, then the activities or -S XALL FILE. */
static void
build_args(const struct sar *s, const struct sar_live_args *la, char *buf, size_t len, char **argv)
{
	size_t used = 0;
	int n = 0;
	uint32_t id;

#define ADD(...)                                                                                   \
	do {                                                                                       \
		int w = snprintf(buf + used, len - used, __VA_ARGS__);                             \
		argv[n++] = buf + used;                                                            \
		used += (size_t) w + 1;                                                            \
	} while (0)

	ADD("sadc");
	ADD("%ld", la->interval ? la->interval : 1);
	if (la->count >= 0)
		ADD("%ld", la->count + 1);
	else if (!la->interval)
		ADD("1");
	ADD("-Z");
	if (la->to_file) {
		if (la->long_names)
			ADD("-D");
		ADD("-S");
		ADD("XALL%s%s", s->o.proc ? ",PROCESS" : "", s->o.cgroup ? ",CGROUP" : "");
		ADD("%s", la->to_file);
	} else {
		char list[2048] = "A_NULL";
		size_t l = strlen(list);

		for (id = 1; id <= A_ID_MAX; id++) {
			if (s->o.outputs[id]) {
				int w = snprintf(list + l, sizeof(list) - l, ",%s",
				                 activity_by_id(id)->name);

				l += (size_t) w;
			}
		}
		/*
		 * sysrec's sadc: the processes and cgroups of --proc and --cgroup.
		 * It wants one of sysstat's activities too: alone, they take the
		 * cheapest (not shown).
		 */
		snprintf(list + l, sizeof(list) - l, "%s%s%s",
		         (s->o.proc || s->o.cgroup) && !strchr(list, ',') ? ",A_PCSW" : "",
		         s->o.proc ? ",PROCESS" : "", s->o.cgroup ? ",CGROUP" : "");
		ADD("-S");
		ADD("%s", list);
	}
	argv[n] = NULL;
#undef ADD
}

static pid_t
start_sadc(const struct sar *s, const struct sar_live_args *la)
{
	static char buf[8192];
	char *argv[16];
	int fd[2];
	pid_t pid;

	build_args(s, la, buf, sizeof(buf), argv);
	if (pipe(fd) < 0) {
		perror("pipe");
		sysrec_exit(4);
	}
	pid = fork();
	if (pid < 0) {
		perror("fork");
		sysrec_exit(4);
	}
	if (pid == 0) {
		dup2(fd[1], STDOUT_FILENO);
		close(fd[0]);
		close(fd[1]);
		execv(SADC_DIR "/sadc", argv);
		execvp("sadc", argv);
		fprintf(stderr, _("Cannot find the data collector (%s)\n"), "sadc");
		perror("exec");
		_exit(4);
	}
	dup2(fd[0], STDIN_FILENO);
	close(fd[0]);
	close(fd[1]);
	return pid;
}

/* sar accepts only its own sadc: same format, the flavour's version, same struct sizes. */
static void
read_stream_header(struct sar *s)
{
	struct archive_reader *r = s->r;
	unsigned char v[3];
	uint32_t i;
	int rc;

	archive_forget_header(r);
	rc = archive_open(r, r->src, true);

	if (rc < 0 && r->magic.sysstat_magic == 0 && source_offset(r->src) == 0)
		sysrec_exit(3); /* sadc sent nothing */
	sysrec_flavour_version_bytes(v);
	if (rc != 0 || r->magic.sysstat_version != v[0] || r->magic.sysstat_patchlevel != v[1] ||
	    r->magic.sysstat_sublevel != v[2] || r->magic.sysstat_extraversion) {
		if (r->magic.sysstat_magic == SA_SYSSTAT_MAGIC && !r->swapped)
			fputs(_("Using a wrong data collector from a different sysstat version\n"),
			      stderr);
		else
			fputs(_("Inconsistent input data\n"), stderr);
		sysrec_exit(3);
	}
	rc = archive_read_header(r, false);
	r->want_ext = s->o.proc || s->o.cgroup;
	if (rc == ARCHIVE_E_TRUNCATED)
		read_error(true);
	if (rc < 0 || r->hdr.act_size != sizeof(struct sa_file_activity) ||
	    r->hdr.rec_size != sizeof(struct sa_record_header) || r->swapped)
		read_error(false);
	for (i = 0; i < r->n_acts; i++) {
		const struct archive_act *a = &r->acts[i];

		if (!a->desc || !a->known_format || (uint32_t) a->fa.size != a->desc->size ||
		    memcmp(a->fa.types_nr, a->desc->types_nr, sizeof(a->fa.types_nr)))
			read_error(false);
	}
}

/* Binds the stream's activities to sar_act entries; unselects what sadc does not send. */
static void
bind_acts(struct sar *s)
{
	uint32_t i, id, n_sel = 0;

	free(s->acts);
	s->n_acts = s->r->n_acts;
	s->acts = calloc(s->n_acts ? s->n_acts : 1, sizeof(*s->acts));
	if (!s->acts)
		sysrec_exit(4);
	s->persist_ok = false;
	for (i = 0; i < s->n_acts; i++) {
		s->acts[i].fa = &s->r->acts[i];
		s->acts[i].desc = s->r->acts[i].desc;
		s->acts[i].nr_ini = s->r->acts[i].fa.nr;
	}
	for (id = 1; id <= A_ID_MAX; id++) {
		if (!s->o.outputs[id])
			continue;
		if (!archive_find(s->r, id))
			s->o.outputs[id] = 0;
		else
			n_sel++;
	}
	if (!n_sel && !s->o.proc && !s->o.cgroup) {
		fputs(_("Requested activities not available\n"), stderr);
		sysrec_exit(1);
	}
}

static void
pipe_rotate(struct sar *s, void *ctx)
{
	(void) ctx;
	read_stream_header(s);
	bind_acts(s);
}

/* Whether the header is repeated before every sample (sysstat's check_line_hdr). */
static bool
header_every_sample(const struct sar *s)
{
	uint32_t id, outputs = 0, first = 0, bits = 0;
	size_t k;

	for (id = 1; id <= A_ID_MAX; id++) {
		uint32_t o = s->o.outputs[id];

		if (!o)
			continue;
		/* Memory counts -r and -S as two outputs. */
		outputs += (o & SAR_O_MEM) && (o & SAR_O_SWAP) ? 2 : 1;
		if (!first)
			first = id;
	}
	if (outputs > 1)
		return true;
	for (k = 0; k < sar_view_count(); k++) {
		const struct sar_view *v = sar_view_at(k);

		if (v && v->act_id == first && (v->flags & SAR_VF_CPU_BITMAP)) {
			size_t b;

			for (b = 0; b < sizeof(s->o.cpu_bitmap); b++)
				bits += (uint32_t) __builtin_popcount(s->o.cpu_bitmap[b]);
			return bits > 1;
		}
	}
	for (k = 0; k < s->n_acts; k++)
		if (s->acts[k].desc->id == first)
			return s->acts[k].nr_ini > 1;
	return false;
}

struct live {
	const struct sar_feed *feed;
	struct archive_record restart; /* the LINUX RESTART read_sample() returned 2 for */
	struct sa_record_header hdr[3];
	int curr;
	struct use *use; /* --use: the analysis, printed at the end instead of averages */
	unsigned char **avg; /* per activity x view */
	size_t n_avg;
	size_t n_views;
};

static unsigned char *
view_avg(struct live *l, struct sar_act *a, uint32_t act_index, size_t k, const struct sar_view *v)
{
	unsigned char **slot = &l->avg[act_index * l->n_views + k];

	if (!*slot) {
		*slot = calloc(1, v->avg_size ? v->avg_size : 1);
		if (!*slot)
			sysrec_exit(4);
	}
	a->avg = *slot;
	a->avg_cap = v->avg_size;
	return *slot;
}

/* Calls fn for every selected view of every activity sent, in registry order. */
static void
each_view(struct sar *s, struct live *l, bool avg, int prev, int curr)
{
	size_t k;
	uint32_t i;

	for (i = 0; i < s->n_acts; i++) {
		struct sar_act *a = &s->acts[i];

		if (!s->o.outputs[a->desc->id] || a->slot[curr].nr == 0)
			continue;
		for (k = 0; k < l->n_views; k++) {
			const struct sar_view *v = sar_view_at(k);

			if (!v || v->act_id != a->desc->id || !(s->o.outputs[a->desc->id] & v->opt))
				continue;
			view_avg(l, a, i, k, v);
			s->view_opt = v->opt;
			s->view_act = v->act_id;
			if (avg)
				sar_xstats_avg_begin(s, v, a);
			if (avg && v->print_avg)
				v->print_avg(s, a, &a->slot[2], &a->slot[curr],
				             sar_interval_of(&l->hdr[2], &l->hdr[curr]));
			else if (!avg)
				v->print(s, a, &a->slot[prev], &a->slot[curr],
				         sar_interval_of(&l->hdr[prev], &l->hdr[curr]));
			if (avg)
				sar_xstats_avg_end(s);
		}
	}
}

/* sadc's stream: a rejected record header is an error, as its end is. */
static const struct walk_rules pipe_rules = {WALK_BAD_FAILS, NULL, NULL};

/*
 * --proc, --cgroup: sadc writes a statistics record's extension record
 * with it, in the same write(), so it is on the pipe already (none after
 * the R_LAST_STATS of a rotation).
 */
static void
read_ext(struct sar *s, int slot, uint8_t type)
{
	struct walk_pos p;

	sar_who_clear(s, slot);
	if (!s->r->want_ext || type != SA_R_STATS)
		return;
	if (walk_next(s, &p, &pipe_rules, -1, -1) > 0 && p.rec.hdr.record_type == EXT_RECORD_TYPE)
		sar_who_take(s, slot);
	else
		read_error(true);
}

/* The blocks of --proc and --cgroup for one interval, after sysstat's. */
static void
print_who(struct sar *s, struct live *l, int prev, int curr)
{
	if (s->o.proc)
		sar_who_print(s, SAR_WHO_PROC, prev, curr, &l->hdr[prev], &l->hdr[curr],
		              s->r->hdr.sa_hz);
	if (s->o.cgroup)
		sar_who_print(s, SAR_WHO_CGROUP, prev, curr, &l->hdr[prev], &l->hdr[curr],
		              s->r->hdr.sa_hz);
}

/* sadc's pipe: its statistics records; the end of the stream is an error but after SIGINT. */
static bool
pipe_next(struct sar *s, void *ctx, struct archive_record *rec)
{
	struct walk_pos p;
	int rc;

	(void) ctx;
	do
		rc = walk_next(s, &p, &pipe_rules, -1, -1);
	while (rc > 0 && p.rec.hdr.record_type != SA_R_STATS &&
	       p.rec.hdr.record_type != SA_R_LAST_STATS);
	if (rc <= 0) {
		if (sigint_caught)
			return false;
		read_error(rc == 0 || rc == ARCHIVE_E_TRUNCATED);
	}
	*rec = p.rec;
	return true;
}

/*
 * The next sample into slot: 1, or 2 for a LINUX RESTART (a feed with
 * restarts: no items read), 0 when the report ends.
 */
static int
read_sample(struct sar *s, struct live *l, int slot)
{
	struct archive_record rec;
	uint32_t i;

	if (!l->feed->next(s, l->feed->ctx, &rec))
		return 0;
	if (rec.hdr.record_type == SA_R_RESTART) {
		l->restart = rec;
		return 2;
	}
	l->hdr[slot] = rec.hdr;
	for (i = 0; i < s->n_acts; i++)
		if (s->o.outputs[s->acts[i].desc->id])
			sar_copy_slot(&s->acts[i], &s->acts[i].slot[slot]);
	if (slot < 2)
		read_ext(s, slot, rec.hdr.record_type);
	return 1;
}

/* A LINUX RESTART as sar's file mode shows it; the per-CPU activities take its CPU count. */
static void
restart_line(struct sar *s, const struct archive_record *rec)
{
	char ts[SAR_TS_LEN], line[64];
	struct tm tm;
	uint32_t i;

	for (i = 0; i < s->n_acts; i++)
		if ((s->acts[i].desc->flags & AF_PERSISTENT) && s->acts[i].nr_ini > 0)
			s->acts[i].nr_ini = rec->restart_cpu_nr;
	if (!sar_record_tm(s, &rec->hdr, &tm))
		return;
	sar_time_string(s, &tm, ts, sizeof(ts));
	snprintf(line, sizeof(line), "  LINUX RESTART\t(%d CPU)\n",
	         rec->restart_cpu_nr > 1 ? rec->restart_cpu_nr - 1 : 1);
	sar_out_nl(s);
	sar_out_ts(s, ts);
	sar_out_special(s, SAR_SPECIAL_RESTART, line);
}

/*
 * After a LINUX RESTART (follow.c's feed only): the next sample is the
 * reference of the next row and the first of the averages.
 */
static bool
new_reference(struct sar *s, struct live *l, int slot)
{
	uint32_t i;
	int rc;

	while ((rc = read_sample(s, l, slot)) == 2)
		restart_line(s, &l->restart);
	if (!rc)
		return false;
	for (i = 0; i < s->n_acts; i++)
		sar_copy_slot_from(&s->acts[i].slot[2], &s->acts[i].slot[slot]);
	l->hdr[2] = l->hdr[slot];
	s->dish = true;
	return true;
}

static void
set_times(struct sar *s, struct live *l, int prev, int curr)
{
	struct tm tm;

	if (sar_record_tm(s, &l->hdr[prev], &tm))
		sar_time_string(s, &tm, s->ts_prev, sizeof(s->ts_prev));
	if (sar_record_tm(s, &l->hdr[curr], &tm))
		sar_time_string(s, &tm, s->ts_curr, sizeof(s->ts_curr));
}

/* The sample at h against -e: <0, 0, >0 as it is before, at or after (0 without -e). */
static int
end_of(const struct sar *s, const struct sa_record_header *h)
{
	struct tm tm;

	if (!s->o.use_end || !sar_record_tm(s, h, &tm))
		return 0;
	return sar_cmp_limit(&s->o, true, &tm, h->ust_time, false);
}

/* --use: the report of what was seen. */
static void
print_use(struct sar *s, struct live *l)
{
	if (!l->use)
		return;
	use_print(l->use, s);
	use_free(l->use);
	l->use = s->use = NULL;
}

/* The activities' avg point into l->avg (view_avg): they go with it. */
static void
release_live(struct sar *s, struct live *l)
{
	uint32_t i;
	size_t n;

	for (i = 0; s->acts && i < s->n_acts; i++) {
		s->acts[i].avg = NULL;
		s->acts[i].avg_cap = 0;
	}
	for (n = 0; l->avg && n < l->n_avg; n++)
		free(l->avg[n]);
	free(l->avg);
	l->avg = NULL;
}

/* What sar_report_live() and sar_live_loop() share before the first sample. */
static void
live_begin(struct sar *s, struct live *l, const struct sar_feed *f)
{
	memset(l, 0, sizeof(*l));
	l->feed = f;
	l->n_views = sar_view_count();
	l->n_avg = (size_t) s->n_acts * l->n_views + 1;
	l->avg = calloc(l->n_avg, sizeof(*l->avg));
	if (!l->avg)
		sysrec_exit(4);
	if (s->o.use)
		l->use = s->use = use_new(s);
	sar_print_report_header(s);
}

static int samples(struct sar *s, struct live *l, long count);

int
sar_report_live(struct sar *s, const struct sar_live_args *la)
{
	static struct archive_reader reader;
	static const struct sar_feed pipe_feed = {pipe_next, pipe_rotate, NULL};
	struct source *src;
	struct live l;
	uint32_t i;

	start_sadc(s, la);
	sar_xstats_init(s);
	setvbuf(stdout, NULL, _IONBF, 0);
	s->r = &reader;
	if (source_open_fd(STDIN_FILENO, &src) < 0)
		sysrec_exit(4);
	reader.src = src;
	read_stream_header(s);
	bind_acts(s);
	live_begin(s, &l, &pipe_feed);
	read_sample(s, &l, 0);
	if (!la->interval) {
		/* Since boot: the reference is all zeros, at the same time. */
		l.hdr[1] = l.hdr[0];
		l.hdr[1].uptime_cs = 0;
		for (i = 0; i < s->n_acts; i++)
			sar_copy_slot_from(&s->acts[i].slot[1], &s->acts[i].slot[0]);
		for (i = 0; i < s->n_acts; i++)
			if (s->acts[i].slot[1].cap)
				memset(s->acts[i].slot[1].items, 0, s->acts[i].slot[1].cap);
		s->since_boot = true;
		s->dish = true;
		set_times(s, &l, 0, 0);
		if (l.use)
			use_interval(l.use, s, 1, 0, &l.hdr[1], &l.hdr[0]);
		else
			each_view(s, &l, false, 1, 0);
		print_use(s, &l);
		release_live(s, &l);
		return 0;
	}
	catch_signal(SIGINT);
	return samples(s, &l, la->count);
}

int
sar_live_loop(struct sar *s, const struct sar_feed *f)
{
	struct live l;

	live_begin(s, &l, f);
	if (!new_reference(s, &l, 0)) {
		release_live(s, &l);
		return 0;
	}
	return samples(s, &l, -1);
}

/* The averages of the rows since the reference in slot 2, the last in slot last. */
static void
averages(struct sar *s, struct live *l, bool dis_hdr, int last)
{
	if (!s->avg_count)
		return;
	s->dish = dis_hdr;
	snprintf(s->ts_curr, sizeof(s->ts_curr), "%s", sar_label_average());
	snprintf(s->ts_prev, sizeof(s->ts_prev), "%s", sar_label_average());
	each_view(s, l, true, 2, last);
	if (s->o.proc)
		sar_who_print_avg(s, SAR_WHO_PROC);
	if (s->o.cgroup)
		sar_who_print_avg(s, SAR_WHO_CGROUP);
}

/*
 * A LINUX RESTART in a followed file: the averages so far, the restart, and
 * a new block from the next sample, as sar's file mode shows a restart.
 */
static bool
restart_block(struct sar *s, struct live *l, bool dis_hdr)
{
	uint32_t i;
	size_t n;

	averages(s, l, dis_hdr, !l->curr);
	restart_line(s, &l->restart);
	s->avg_count = 0;
	for (i = 0; i < s->n_acts; i++) {
		s->acts[i].avg = NULL;
		s->acts[i].avg_cap = 0;
	}
	for (n = 0; n < l->n_avg; n++) {
		free(l->avg[n]);
		l->avg[n] = NULL;
	}
	sar_xstats_release(s);
	sar_xstats_init(s);
	return new_reference(s, l, !l->curr);
}

/* The rows of every sample after the one in slot 0, then the averages. */
static int
samples(struct sar *s, struct live *l_, long count)
{
	struct live l = *l_;
	unsigned long lines = 0, rows = sar_window_rows();
	/* --proc and --cgroup blocks come between samples: sysstat's headers come back each time. */
	bool dis_hdr = header_every_sample(s) || s->o.proc || s->o.cgroup;
	uint32_t i;
	int end_cmp, rc;

	for (i = 0; i < s->n_acts; i++)
		sar_copy_slot_from(&s->acts[i].slot[2], &s->acts[i].slot[0]);
	l.hdr[2] = l.hdr[0];
	l.curr = 1;
	do {
		rc = read_sample(s, &l, l.curr);
		if (rc == 2 && restart_block(s, &l, dis_hdr)) {
			lines = 0;
			continue;
		}
		if (rc != 1)
			break;
		if (dis_hdr) {
			s->dish = true;
		} else {
			s->dish = lines / rows != 0 || lines == 0;
			lines = lines % rows + 1;
		}
		set_times(s, &l, !l.curr, l.curr);
		end_cmp = end_of(s, &l.hdr[l.curr]);
		if (end_cmp > 0) {
			/* Past -e: nothing more is shown, the averages end at this sample. */
			count = 0;
		} else {
			s->avg_count++;
			if (l.use)
				use_interval(l.use, s, !l.curr, l.curr, &l.hdr[!l.curr],
				             &l.hdr[l.curr]);
			else
				each_view(s, &l, false, !l.curr, l.curr);
			if (!l.use)
				print_who(s, &l, !l.curr, l.curr);
			/* 12.7.5 stops at a sample taken at the -e time itself. */
			if (end_cmp == 0 && s->o.use_end && flavour_1275())
				count = 0;
		}
		if (l.hdr[l.curr].record_type == SA_R_LAST_STATS && l.feed->rotate) {
			/* sadc rotated its file: a new header follows. */
			l.feed->rotate(s, l.feed->ctx);
		}
		if (count > 0)
			count--;
		if (count)
			l.curr ^= 1;
	} while (count && !sigint_caught);
	if (l.use) {
		print_use(s, &l);
	} else {
		averages(s, &l, dis_hdr, count ? !l.curr : l.curr);
	}
	release_live(s, &l);
	return 0;
}
