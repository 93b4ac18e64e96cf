/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadc: which activities to collect, how many items each has, and taking
 * one sample into a record buffer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "collect_cgroup.h"
#include "collect_cpu.h"
#include "collect_disk.h"
#include "collect_proc.h"
#include "sadc.h"
#include "common/banned.h"

struct group_keyword {
	const char *name;
	uint32_t groups;
	bool partitions;
};

/* sadc -S keywords (doc/activities.md §1.2). XDISK also selects DISK. */
static const struct group_keyword group_keywords[] = {
        {"INT", G_INT, false},   {"DISK", G_DISK, false}, {"XDISK", G_DISK | G_XDISK, true},
        {"SNMP", G_SNMP, false}, {"IPV6", G_IPV6, false}, {"POWER", G_POWER, false},
};

static void
select_groups(struct sadc_config *cfg, uint32_t groups, bool all_but_xdisk)
{
	size_t i;

	for (i = 0; i < activity_count(); i++) {
		const struct activity_desc *d = activity_at(i);

		if (all_but_xdisk ? !(d->groups & G_XDISK) : (d->groups & groups) != 0)
			cfg->selected[d->id] = true;
	}
}

static int
select_by_name(struct sadc_config *cfg, const char *name, bool on)
{
	size_t i;

	for (i = 0; i < activity_count(); i++) {
		const struct activity_desc *d = activity_at(i);

		if (!strcmp(d->name, name)) {
			cfg->selected[d->id] = on;
			return 0;
		}
	}
	return -EINVAL;
}

static int
apply_keyword(struct sadc_config *cfg, const char *k)
{
	size_t i;

	for (i = 0; i < sizeof(group_keywords) / sizeof(group_keywords[0]); i++) {
		if (!strcmp(k, group_keywords[i].name)) {
			select_groups(cfg, group_keywords[i].groups, false);
			cfg->partitions |= group_keywords[i].partitions;
			return 0;
		}
	}
	if (!strcmp(k, "ALL") || !strcmp(k, "XALL")) {
		select_groups(cfg, 0, true);
		if (!strcmp(k, "XALL")) {
			select_groups(cfg, G_DISK | G_XDISK, false);
			cfg->partitions = true;
		}
		return 0;
	}
	if (!strcmp(k, "A_NULL")) {
		memset(cfg->selected, 0, sizeof(cfg->selected));
		cfg->proc = cfg->cgroup = cfg->iostat = cfg->top = cfg->mpstat = cfg->threads =
		        cfg->stack = false;
		return 0;
	}
	/* sysrec's own activities: never part of ALL or XALL. */
	if (!strcmp(k, "PROCESS")) {
		cfg->proc = true;
		return 0;
	}
	if (!strcmp(k, "CGROUP")) {
		cfg->cgroup = true;
		return 0;
	}
	if (!strcmp(k, "IOSTAT")) {
		cfg->iostat = true;
		return 0;
	}
	if (!strcmp(k, "TOP")) {
		cfg->top = true;
		return 0;
	}
	/* What mpstat --archive needs: the interrupts of -S INT and the per-CPU extras. */
	if (!strcmp(k, "MPSTAT")) {
		select_groups(cfg, G_INT, false);
		cfg->mpstat = true;
		return 0;
	}
	if (!strcmp(k, "THREADS")) {
		cfg->threads = true;
		return 0;
	}
	if (!strcmp(k, "STACK")) {
		cfg->stack = true;
		return 0;
	}
	if (!strncmp(k, "A_", 2))
		return select_by_name(cfg, k, true);
	if (!strncmp(k, "-A_", 3))
		return select_by_name(cfg, k + 1, false);
	return -EINVAL;
}

int
sadc_parse_S(struct sadc_config *cfg, const char *arg)
{
	const char *p = arg;

	while (*p) {
		char word[64];
		size_t n = strcspn(p, ",");

		if (n > 0) {
			if (n >= sizeof(word))
				return -EINVAL;
			memcpy(word, p, n);
			word[n] = '\0';
			if (apply_keyword(cfg, word) < 0)
				return -EINVAL;
		}
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

void
sadc_default_selection(struct sadc_config *cfg)
{
	select_groups(cfg, G_DEFAULT, false);
}

/*
 * Counts the items of every selected activity (sadc's nr_ini) and sets the
 * collection sequence to registry order. An activity with no items is left
 * out. A_CPU is always counted: its count is the file header's CPU number.
 */
int
sadc_init_counts(struct sadc *s)
{
	size_t i;

	collect_begin_sample(&s->cc);
	s->n_seq = 0;
	for (i = 0; i < activity_count(); i++) {
		struct sadc_act *a = &s->acts[i];
		int32_t nr2 = 1;

		a->desc = activity_at(i);
		a->col = collector_for(a->desc->id);
		a->collected = false;
		a->nr_ini = 0;
		if (a->desc->id == A_CPU)
			a->nr_ini = collect_cpu_nr(&s->cc);
		else if (s->cfg.selected[a->desc->id] && a->col)
			a->nr_ini = collect_count(a->col, &s->cc, &nr2);
		a->nr2 = nr2 > 0 ? nr2 : 0;
		if (!s->cfg.selected[a->desc->id] || a->nr_ini <= 0 || a->nr2 <= 0)
			continue;
		if (a->nr_ini > a->desc->nr_max)
			a->nr_ini = a->desc->nr_max;
		if (collect_reserve(a->desc, a->nr2, &a->buf, &a->cap, a->nr_ini) < 0)
			return -ENOMEM;
		a->collected = true;
		s->seq[s->n_seq++] = a->desc->id;
	}
	return 0;
}

static struct sadc_act *
act_of(struct sadc *s, uint32_t id)
{
	int pos = activity_position(id);

	return pos < 0 ? NULL : &s->acts[pos];
}

/* Reads one activity, growing its buffer while the collector asks for room. */
static int
read_activity(struct sadc *s, struct sadc_act *a)
{
	int32_t n = collect_read_items(&s->cc, a->col, a->desc, a->nr2, &a->buf, &a->cap);

	a->nr = n < 0 ? 0 : n;
	/* Fixed-size activities always store their nr_ini items. */
	if (!activity_has_nr(a->desc))
		a->nr = a->nr_ini;
	return 0;
}

time_t
sadc_now(struct sadc *s, struct tm *ret)
{
	const char *def = getenv("S_TIME_DEF_TIME");
	time_t t = s->cfg.fixed_time ? s->cfg.unix_time + (time_t) s->step * s->cfg.interval
	                             : time(NULL);

	if (def && !strcmp(def, "UTC"))
		gmtime_r(&t, ret);
	else
		localtime_r(&t, ret);
	return t;
}

/* Uptime in 1/100 s from proc/uptime ("seconds.hundredths ..."). */
static int
read_uptime(struct sadc *s, uint64_t *ret)
{
	char line[128];
	const char *p = line;

	if (collect_line(&s->cc, LF_UPTIME, line, sizeof(line)) < 0 ||
	    parse_hundredths(&p, ret) < 0)
		return -EIO;
	return 0;
}

/* -S TOP: this sample's list, ranked against the previous sample (the state file's at first). */
static void
take_top(struct sadc *s)
{
	char path[SADC_PATH_LEN + 16];

	s->top.n = s->cfg.top_n ? s->cfg.top_n : SADC_TOP_DEFAULT;
	if (!s->top_loaded && s->cfg.ofile[0] &&
	    sadc_top_state_path(s->cfg.ofile, path, sizeof(path)) == 0 &&
	    sadc_top_load(&s->top, path) < 0)
		sadc_fatal(4, "Cannot allocate memory\n");
	s->top_loaded = true;
	/* Ranking needs stat and io of every process; the rest is read for the selection only. */
	if (collect_proc_basic(&s->cc.root, &s->procs, &s->n_procs, &s->procs_cap) < 0)
		s->n_procs = 0;
	if (sadc_top_select(&s->top, s->procs, s->n_procs, s->rec.uptime_cs, s->rec.ust_time) < 0)
		sadc_fatal(4, "Cannot allocate memory\n");
	collect_proc_details(&s->cc.root, s->top.top, s->top.n_top);
	/*
	 * smaps of the biggest processes costs as much as the rest of the
	 * sample: read only when asked for.
	 */
	if (s->cfg.stack)
		collect_proc_stacks(&s->cc.root, s->top.top, s->top.n_top);
}

void
sadc_save_top(struct sadc *s)
{
	char path[SADC_PATH_LEN + 16];
	int rc;

	if (!s->cfg.top || s->cfg.proc || !s->cfg.ofile[0] ||
	    sadc_top_state_path(s->cfg.ofile, path, sizeof(path)) < 0)
		return;
	rc = sadc_top_save(&s->top, path);
	/* The next run ranks by totals once: worth a line, not a failure. */
	if (rc < 0)
		fprintf(stderr, "sadc: cannot write '%s': %s\n", path, strerror(-rc));
}

int
sadc_take_sample(struct sadc *s, uint8_t type)
{
	struct tm tm;
	uint32_t i;

	memset(&s->rec, 0, sizeof(s->rec));
	s->rec.ust_time = (uint64_t) sadc_now(s, &tm);
	s->rec.hour = (uint8_t) tm.tm_hour;
	s->rec.minute = (uint8_t) tm.tm_min;
	s->rec.second = (uint8_t) tm.tm_sec;
	s->rec.record_type = type;
	/* Right after counting, the files just read are this sample's: read them once. */
	if (!s->counts_fresh)
		collect_begin_sample(&s->cc);
	s->counts_fresh = false;
	if (read_uptime(s, &s->rec.uptime_cs) < 0)
		sadc_fatal(2, "Cannot read /proc/uptime\n");
	for (i = 0; i < s->n_seq; i++) {
		struct sadc_act *a = act_of(s, s->seq[i]);

		if (a && a->collected && a->col)
			read_activity(s, a);
	}
	/* An unreadable /proc or neither cgroup hierarchy (v2, or v1 memory) is recorded as no items. */
	s->n_procs = s->n_cgroups = s->n_disks = 0;
	if (s->cfg.proc && collect_proc(&s->cc.root, &s->procs, &s->n_procs, &s->procs_cap) < 0)
		s->n_procs = 0;
	if (s->cfg.proc && s->cfg.stack)
		collect_proc_stacks(&s->cc.root, s->procs, s->n_procs);
	if (s->cfg.top && !s->cfg.proc)
		take_top(s);
	s->n_threads = 0;
	if (s->cfg.threads && (s->cfg.proc || s->cfg.top) &&
	    collect_threads(&s->cc.root, s->cfg.proc ? s->procs : s->top.top,
	                    s->cfg.proc ? s->n_procs : s->top.n_top, &s->threads, &s->n_threads,
	                    &s->threads_cap) < 0)
		s->n_threads = 0;
	if (s->cfg.cgroup && collect_cgroup(&s->cc.root, s->cfg.cgroup_depth, &s->cgroups,
	                                    &s->n_cgroups, &s->cgroups_cap) < 0)
		s->n_cgroups = 0;
	if (s->cfg.iostat) {
		int32_t n = collect_disk_ext(&s->cc, &s->disks, &s->disks_cap);

		s->n_disks = n < 0 ? 0 : (uint32_t) n;
	}
	if (s->cfg.mpstat) {
		int32_t n = collect_cpux(&s->cc, &s->cpux, &s->cpux_cap);

		s->n_cpux = n < 0 ? 0 : (uint32_t) n;
	}
	s->step++;
	return 0;
}

/*
 * The extension record of the sample (common/ext.h), right after its
 * statistics. Not after a R_LAST_STATS record, which a new file start
 * follows on the pipe to sar: that one sample goes without it.
 */
static void
put_ext(struct sadc *s, struct archive_recbuf *b, uint8_t type)
{
	static const struct ext_proc no_proc;
	static const struct ext_cgroup no_cgroup;
	static const struct ext_disk no_disk;
	static const struct ext_cpux no_cpux;
	struct sa_record_header h = s->rec;
	struct archive_ext_put x = {0};

	if (type != SA_R_STATS)
		return;
	if (s->cfg.proc) {
		x.procs = s->n_procs ? s->procs : &no_proc;
		x.n_procs = s->n_procs;
	} else if (s->cfg.top) {
		x.procs = s->top.n_top ? s->top.top : &no_proc;
		x.n_procs = s->top.n_top;
		x.procbase = s->top.n_base ? s->top.base : &no_proc;
		x.n_procbase = s->top.n_base;
	}
	if (s->cfg.threads && x.procs) {
		x.threads = s->n_threads ? s->threads : &no_proc;
		x.n_threads = s->n_threads;
	}
	if (s->cfg.cgroup) {
		x.cgroups = s->n_cgroups ? s->cgroups : &no_cgroup;
		x.n_cgroups = s->n_cgroups;
	}
	if (s->cfg.iostat) {
		x.disks = s->n_disks ? s->disks : &no_disk;
		x.n_disks = s->n_disks;
	}
	if (s->cfg.mpstat) {
		x.cpux = s->n_cpux ? s->cpux : &no_cpux;
		x.n_cpux = s->n_cpux;
	}
	h.record_type = type;
	archive_put_ext_record(b, &h, &x);
}

void
sadc_put_stats(struct sadc *s, struct archive_recbuf *b, uint8_t type)
{
	uint32_t i;

	archive_put_record_header(b, type, s->rec.uptime_cs, s->rec.ust_time, s->rec.hour,
	                          s->rec.minute, s->rec.second);
	for (i = 0; i < s->n_seq; i++) {
		struct sadc_act *a = act_of(s, s->seq[i]);

		if (activity_has_nr(a->desc))
			archive_put_nr(b, a->nr);
		archive_recbuf_put(b, a->buf, (size_t) a->nr * (size_t) a->nr2 * a->desc->size);
	}
	put_ext(s, b, type);
}

/* The machine's identity, or the test override "sysname,nodename,release,machine". */
static void
get_ident(struct sadc *s, struct utsname *u)
{
	const char *o = s->cfg.uname_override;
	char *fields[4] = {u->sysname, u->nodename, u->release, u->machine};
	int k;

	if (!o) {
		if (uname(u) < 0)
			memset(u, 0, sizeof(*u));
		return;
	}
	memset(u, 0, sizeof(*u));
	for (k = 0; k < 4 && o; k++) {
		size_t n = strcspn(o, ",");

		if (n >= sizeof(u->sysname))
			n = sizeof(u->sysname) - 1;
		memcpy(fields[k], o, n);
		o = o[n] == ',' ? o + n + 1 : NULL;
	}
}

void
sadc_put_file_start(struct sadc *s, struct archive_recbuf *b)
{
	struct sa_file_activity list[ACTIVITY_NR];
	struct archive_ident id;
	struct utsname u;
	struct tm tm;
	uint32_t i;

	memset(list, 0, sizeof(list));
	for (i = 0; i < s->n_seq; i++) {
		struct sadc_act *a = act_of(s, s->seq[i]);

		list[i].id = a->desc->id;
		list[i].magic = a->desc->magic;
		list[i].nr = a->nr_ini;
		list[i].nr2 = a->nr2;
		list[i].has_nr = activity_has_nr(a->desc) ? 1 : 0;
		list[i].size = (int32_t) a->desc->size;
		memcpy(list[i].types_nr, a->desc->types_nr, sizeof(list[i].types_nr));
	}
	get_ident(s, &u);
	tzset();
	memset(&id, 0, sizeof(id));
	id.ust_time = (uint64_t) sadc_now(s, &tm);
	id.year = tm.tm_year;
	id.month = (uint8_t) tm.tm_mon;
	id.day = (uint8_t) tm.tm_mday;
	id.cpu_nr = (uint32_t) act_of(s, A_CPU)->nr_ini;
	id.hz = (uint64_t) sysconf(_SC_CLK_TCK);
	id.sysname = u.sysname;
	id.nodename = u.nodename;
	id.release = u.release;
	id.machine = u.machine;
	id.tzname = tzname[0];
	archive_put_file_start(b, &id, list, s->n_seq);
}

void
sadc_release(struct sadc *s)
{
	size_t i;

	for (i = 0; i < ACTIVITY_NR; i++)
		free(s->acts[i].buf);
	free(s->procs);
	free(s->threads);
	free(s->disks);
	free(s->cpux);
	sadc_top_release(&s->top);
	free(s->cgroups);
	archive_recbuf_release(&s->out);
	collect_release(&s->cc);
}
