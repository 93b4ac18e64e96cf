/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * use_make: writes a daily data file whose fields hold exactly the values a
 * text description gives, with the project's writer, for the tests of
 * sar --use (tests/e2e/sar_use.sh), which need each metric just below or
 * just above its limit.
 *
 *   use_make DESCRIPTION OUTPUT        (DESCRIPTION "-": standard input)
 *
 * The description is read line by line; '#' starts a comment:
 *   cpus N                   CPUs of the machine (default 2): per-CPU
 *                            activities get N + 1 items, item 0 being "all"
 *   host NAME                the node name (default "use-make")
 *   acts NAME...             the activities of the file, in registry order
 *                            (CPU, QUEUE, MEMORY, DISK, NET_DEV... or A_CPU)
 *   items NAME N             the item count of a per-device activity (default 1);
 *                            after the first record, of one that holds its own
 *                            count, from the next record on (new items are zero)
 *   drop NAME I              item I of such an activity leaves (a device vanishes)
 *   set NAME I FIELD=V...    sets field FIELD of item I of activity NAME to V
 *                            (FIELD+=V adds V); a text field takes the word V.
 *                            Values stay from one record to the next.
 *   rec T                    a statistics record at Unix time T
 *   restart T                a LINUX RESTART record at T (uptime starts again)
 *   comment T TEXT           a comment record at T
 *   proc PID FIELD=V...      a process of sadc -S PROCESS (common/ext.h), made on
 *                            first sight (comm, start_time, utime, stime, rss_kb,
 *                            read_bytes, write_bytes, flags...; FIELD+=V adds);
 *                            from then on, every record is followed by its
 *                            extension record with the processes and cgroups
 *   noproc PID               the process exits
 *   cgroup PATH FIELD=V...   a cgroup of sadc -S CGROUP (any counter of struct
 *                            ext_cgroup: usage_usec, nr_throttled, mem_current,
 *                            mem_max, ev_oom_kill, psi_mem_some, present, depth...),
 *                            made on first sight
 *   nocgroup PATH            the cgroup is removed
 * The file header (date, time) follows the first record. Uptime counts in
 * hundredths of a second from a boot 100,000 s before the first record (or
 * 100 s before the last restart), so sar's intervals are the time steps.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/archive.h"
#include "common/layout_ops.h"

#define MAX_ITEMS 64

/* One settable field: where it sits in its activity's item. */
struct field {
	uint32_t act;
	const char *name;
	size_t offset;
	size_t width; /* 1, 4 or 8: a number; more: a text */
};

#define F(act, type, member)                                                                       \
	{                                                                                          \
		act, #member, offsetof(struct type, member), sizeof(((struct type *) 0)->member)   \
	}

static const struct field fields[] = {
        F(A_CPU, stats_cpu, cpu_user),
        F(A_CPU, stats_cpu, cpu_nice),
        F(A_CPU, stats_cpu, cpu_sys),
        F(A_CPU, stats_cpu, cpu_idle),
        F(A_CPU, stats_cpu, cpu_iowait),
        F(A_CPU, stats_cpu, cpu_steal),
        F(A_CPU, stats_cpu, cpu_hardirq),
        F(A_CPU, stats_cpu, cpu_softirq),
        F(A_CPU, stats_cpu, cpu_guest),
        F(A_CPU, stats_cpu, cpu_guest_nice),
        F(A_QUEUE, stats_queue, nr_running),
        F(A_QUEUE, stats_queue, procs_blocked),
        F(A_QUEUE, stats_queue, nr_threads),
        F(A_QUEUE, stats_queue, load_avg_1),
        F(A_QUEUE, stats_queue, load_avg_5),
        F(A_QUEUE, stats_queue, load_avg_15),
        F(A_SWAP, stats_swap, pswpin),
        F(A_SWAP, stats_swap, pswpout),
        F(A_PAGE, stats_paging, pgpgin),
        F(A_PAGE, stats_paging, pgpgout),
        F(A_PAGE, stats_paging, pgfault),
        F(A_PAGE, stats_paging, pgmajfault),
        F(A_PAGE, stats_paging, pgfree),
        F(A_PAGE, stats_paging, pgscan_kswapd),
        F(A_PAGE, stats_paging, pgscan_direct),
        F(A_PAGE, stats_paging, pgsteal),
        F(A_MEMORY, stats_memory, frmkb),
        F(A_MEMORY, stats_memory, bufkb),
        F(A_MEMORY, stats_memory, camkb),
        F(A_MEMORY, stats_memory, tlmkb),
        F(A_MEMORY, stats_memory, frskb),
        F(A_MEMORY, stats_memory, tlskb),
        F(A_MEMORY, stats_memory, caskb),
        F(A_MEMORY, stats_memory, comkb),
        F(A_MEMORY, stats_memory, activekb),
        F(A_MEMORY, stats_memory, inactkb),
        F(A_MEMORY, stats_memory, dirtykb),
        F(A_MEMORY, stats_memory, anonpgkb),
        F(A_MEMORY, stats_memory, slabkb),
        F(A_MEMORY, stats_memory, kstackkb),
        F(A_MEMORY, stats_memory, pgtblkb),
        F(A_MEMORY, stats_memory, vmusedkb),
        F(A_MEMORY, stats_memory, availablekb),
        F(A_DISK, stats_disk, nr_ios),
        F(A_DISK, stats_disk, rd_sect),
        F(A_DISK, stats_disk, wr_sect),
        F(A_DISK, stats_disk, dc_sect),
        F(A_DISK, stats_disk, rd_ticks),
        F(A_DISK, stats_disk, wr_ticks),
        F(A_DISK, stats_disk, tot_ticks),
        F(A_DISK, stats_disk, rq_ticks),
        F(A_DISK, stats_disk, major),
        F(A_DISK, stats_disk, minor),
        F(A_DISK, stats_disk, dc_ticks),
        F(A_NET_DEV, stats_net_dev, rx_packets),
        F(A_NET_DEV, stats_net_dev, tx_packets),
        F(A_NET_DEV, stats_net_dev, rx_bytes),
        F(A_NET_DEV, stats_net_dev, tx_bytes),
        F(A_NET_DEV, stats_net_dev, rx_compressed),
        F(A_NET_DEV, stats_net_dev, tx_compressed),
        F(A_NET_DEV, stats_net_dev, multicast),
        F(A_NET_DEV, stats_net_dev, speed),
        F(A_NET_DEV, stats_net_dev, interface),
        F(A_NET_DEV, stats_net_dev, duplex),
        F(A_NET_EDEV, stats_net_edev, collisions),
        F(A_NET_EDEV, stats_net_edev, rx_errors),
        F(A_NET_EDEV, stats_net_edev, tx_errors),
        F(A_NET_EDEV, stats_net_edev, rx_dropped),
        F(A_NET_EDEV, stats_net_edev, tx_dropped),
        F(A_NET_EDEV, stats_net_edev, rx_fifo_errors),
        F(A_NET_EDEV, stats_net_edev, tx_fifo_errors),
        F(A_NET_EDEV, stats_net_edev, rx_frame_errors),
        F(A_NET_EDEV, stats_net_edev, tx_carrier_errors),
        F(A_NET_EDEV, stats_net_edev, interface),
        F(A_NET_TCP, stats_net_tcp, active_opens),
        F(A_NET_TCP, stats_net_tcp, passive_opens),
        F(A_NET_TCP, stats_net_tcp, in_segs),
        F(A_NET_TCP, stats_net_tcp, out_segs),
        F(A_NET_ETCP, stats_net_etcp, attempt_fails),
        F(A_NET_ETCP, stats_net_etcp, estab_resets),
        F(A_NET_ETCP, stats_net_etcp, retrans_segs),
        F(A_NET_ETCP, stats_net_etcp, in_errs),
        F(A_NET_ETCP, stats_net_etcp, out_rsts),
        F(A_NET_SOFT, stats_softnet, processed),
        F(A_NET_SOFT, stats_softnet, dropped),
        F(A_NET_SOFT, stats_softnet, time_squeeze),
        F(A_NET_SOFT, stats_softnet, received_rps),
        F(A_NET_SOFT, stats_softnet, flow_limit),
        F(A_NET_SOFT, stats_softnet, backlog_len),
        F(A_FS, stats_filesystem, f_blocks),
        F(A_FS, stats_filesystem, f_bfree),
        F(A_FS, stats_filesystem, f_bavail),
        F(A_FS, stats_filesystem, f_files),
        F(A_FS, stats_filesystem, f_ffree),
        F(A_FS, stats_filesystem, fs_name),
        F(A_FS, stats_filesystem, mountp),
        F(A_PSI_CPU, stats_psi_cpu, some_cpu_total),
        F(A_PSI_CPU, stats_psi_cpu, some_acpu_10),
        F(A_PSI_CPU, stats_psi_cpu, some_acpu_60),
        F(A_PSI_CPU, stats_psi_cpu, some_acpu_300),
        F(A_PSI_IO, stats_psi_io, some_io_total),
        F(A_PSI_IO, stats_psi_io, full_io_total),
        F(A_PSI_IO, stats_psi_io, some_aio_10),
        F(A_PSI_IO, stats_psi_io, some_aio_60),
        F(A_PSI_IO, stats_psi_io, some_aio_300),
        F(A_PSI_IO, stats_psi_io, full_aio_10),
        F(A_PSI_IO, stats_psi_io, full_aio_60),
        F(A_PSI_IO, stats_psi_io, full_aio_300),
        F(A_PSI_MEM, stats_psi_mem, some_mem_total),
        F(A_PSI_MEM, stats_psi_mem, full_mem_total),
        F(A_PSI_MEM, stats_psi_mem, some_amem_10),
        F(A_PSI_MEM, stats_psi_mem, some_amem_60),
        F(A_PSI_MEM, stats_psi_mem, some_amem_300),
        F(A_PSI_MEM, stats_psi_mem, full_amem_10),
        F(A_PSI_MEM, stats_psi_mem, full_amem_60),
        F(A_PSI_MEM, stats_psi_mem, full_amem_300),
};

/* The state of one activity of the file: its items as the next record writes them. */
struct act_state {
	const struct activity_desc *d;
	int32_t nr;
	unsigned char *items; /* nr * d->size bytes */
};

/* Enough for sar --use's table of a machine with hundreds of cgroups. */
#define MAX_EXT 512

struct make {
	struct ext_proc procs[MAX_EXT];
	size_t n_procs;
	struct ext_cgroup cgroups[MAX_EXT];
	size_t n_cgroups;
	bool ext;
	int cpus;
	char host[64];
	struct act_state acts[ACTIVITY_NR];
	size_t n_acts;
	bool started;
	uint64_t boot;
	int fd;
	struct archive_recbuf b;
	size_t rec_at; /* where put_record()'s header starts in b */
	int line;
};

static void __attribute__((noreturn, format(printf, 2, 3)))
die(const struct make *m, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "use_make: line %d: ", m->line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static uint64_t number(const struct make *m, const char *s);

/* The settable fields of the extension items (act 0: a process, 1: a cgroup). */
#define X(act, type, member)                                                                       \
	{                                                                                          \
		act, #member, offsetof(struct type, member), sizeof(((struct type *) 0)->member)   \
	}

static const struct field ext_fields[] = {
        X(0, ext_proc, start_time),
        X(0, ext_proc, utime),
        X(0, ext_proc, stime),
        X(0, ext_proc, minflt),
        X(0, ext_proc, majflt),
        X(0, ext_proc, rss_kb),
        X(0, ext_proc, read_bytes),
        X(0, ext_proc, write_bytes),
        X(0, ext_proc, blkio_ticks),
        X(0, ext_proc, ppid),
        X(0, ext_proc, uid),
        X(0, ext_proc, flags),
        X(0, ext_proc, comm),
        X(0, ext_proc, cgroup),
        X(1, ext_cgroup, usage_usec),
        X(1, ext_cgroup, user_usec),
        X(1, ext_cgroup, mem_current),
        X(1, ext_cgroup, mem_max),
        X(1, ext_cgroup, rbytes),
        X(1, ext_cgroup, wbytes),
        X(1, ext_cgroup, present),
        X(1, ext_cgroup, depth),
        X(1, ext_cgroup, system_usec),
        X(1, ext_cgroup, nr_periods),
        X(1, ext_cgroup, nr_throttled),
        X(1, ext_cgroup, throttled_usec),
        X(1, ext_cgroup, swap_current),
        X(1, ext_cgroup, ev_high),
        X(1, ext_cgroup, ev_max),
        X(1, ext_cgroup, ev_oom),
        X(1, ext_cgroup, ev_oom_kill),
        X(1, ext_cgroup, rios),
        X(1, ext_cgroup, wios),
        X(1, ext_cgroup, psi_cpu_some),
        X(1, ext_cgroup, psi_cpu_full),
        X(1, ext_cgroup, psi_mem_some),
        X(1, ext_cgroup, psi_mem_full),
        X(1, ext_cgroup, psi_io_some),
        X(1, ext_cgroup, psi_io_full),
};

/*
 * Sets FIELD=V (or FIELD+=V: adds V) of item, of size bytes, one of act's
 * in the table tab of n fields; what names the item in messages.
 */
static void
assign_field(const struct make *m, const struct field *tab, size_t n, uint32_t act,
             unsigned char *item, size_t size, char *assign, const char *what)
{
	char *eq = strchr(assign, '=');
	bool add = false;
	size_t k;

	if (!eq)
		die(m, "'%s' is not FIELD=VALUE", assign);
	*eq = '\0';
	if (eq > assign && eq[-1] == '+') {
		add = true;
		eq[-1] = '\0';
	}
	for (k = 0; k < n; k++) {
		const struct field *f = &tab[k];
		unsigned char *p = item + f->offset;

		if (f->act != act || strcmp(f->name, assign))
			continue;
		if (f->offset + f->width > size)
			die(m, "field '%s' is outside the item", assign);
		if (f->width > 8) {
			memset(p, 0, f->width);
			memcpy(p, eq + 1, strnlen(eq + 1, f->width - 1));
		} else {
			uint64_t v = number(m, eq + 1), old = 0;

			memcpy(&old, p, f->width); /* little-endian: the low bytes */
			v = add ? old + v : v;
			memcpy(p, &v, f->width);
		}
		return;
	}
	die(m, "no field '%s' in %s", assign, what);
}

/* Sets FIELD=V of an extension item of kind act (0: a process, 1: a cgroup). */
static void
set_ext_field(const struct make *m, uint32_t act, unsigned char *item, char *assign)
{
	assign_field(m, ext_fields, sizeof(ext_fields) / sizeof(ext_fields[0]), act, item,
	             act ? sizeof(struct ext_cgroup) : sizeof(struct ext_proc), assign,
	             act ? "a cgroup" : "a process");
}

static const struct activity_desc *
act_named(const struct make *m, const char *name)
{
	size_t i;

	if (!strncmp(name, "A_", 2))
		name += 2;
	for (i = 0; i < activity_count(); i++) {
		const struct activity_desc *d = activity_at(i);

		if (!strcmp(d->name + 2, name))
			return d;
	}
	die(m, "no activity '%s'", name);
}

static struct act_state *
state_of(struct make *m, const char *name)
{
	const struct activity_desc *d = act_named(m, name);
	size_t i;

	for (i = 0; i < m->n_acts; i++)
		if (m->acts[i].d == d)
			return &m->acts[i];
	die(m, "activity '%s' is not in the acts line", name);
}

static uint64_t
number(const struct make *m, const char *s)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end)
		die(m, "bad number '%s'", s);
	return v;
}

static void
set_field(struct make *m, struct act_state *a, int32_t i, char *assign)
{
	assign_field(m, fields, sizeof(fields) / sizeof(fields[0]), a->d->id,
	             a->items + (size_t) i * a->d->size, a->d->size, assign, a->d->name);
}

static void
declare_acts(struct make *m, char **w, int n)
{
	int k;

	for (k = 1; k < n; k++) {
		struct act_state *a = &m->acts[m->n_acts++];

		a->d = act_named(m, w[k]);
		a->nr = a->d->policy == ACT_PER_CPU ? m->cpus + 1 : 1;
	}
}

static void
put_header(struct make *m, uint8_t type, uint64_t t)
{
	struct tm tm;
	time_t tt = (time_t) t;

	gmtime_r(&tt, &tm);
	archive_put_record_header(&m->b, type, (t - m->boot) * 100, t, (uint8_t) tm.tm_hour,
	                          (uint8_t) tm.tm_min, (uint8_t) tm.tm_sec);
}

static void
start_file(struct make *m, uint64_t t)
{
	struct sa_file_activity list[ACTIVITY_NR];
	struct archive_ident id = {.ust_time = t,
	                           .cpu_nr = (uint32_t) m->cpus + 1,
	                           .hz = 100,
	                           .sysname = "Linux",
	                           .nodename = m->host,
	                           .release = "6.1.0-use",
	                           .machine = "x86_64",
	                           .tzname = "UTC"};
	struct tm tm;
	time_t tt = (time_t) t;
	size_t i;

	gmtime_r(&tt, &tm);
	id.year = tm.tm_year;
	id.month = (uint8_t) tm.tm_mon;
	id.day = (uint8_t) tm.tm_mday;
	for (i = 0; i < m->n_acts; i++) {
		const struct activity_desc *d = m->acts[i].d;

		memset(&list[i], 0, sizeof(list[i]));
		list[i].id = d->id;
		list[i].magic = d->magic;
		list[i].nr = m->acts[i].nr;
		list[i].nr2 = 1;
		list[i].has_nr = activity_has_nr(d) ? 1 : 0;
		list[i].size = (int32_t) d->size;
		memcpy(list[i].types_nr, d->types_nr, sizeof(list[i].types_nr));
	}
	archive_put_file_start(&m->b, &id, list, (uint32_t) m->n_acts);
	m->boot = t - 100000;
	m->started = true;
}

static void
items_ready(struct make *m)
{
	size_t i;

	for (i = 0; i < m->n_acts; i++) {
		struct act_state *a = &m->acts[i];

		if (!a->items) {
			a->items = calloc((size_t) a->nr, a->d->size);
			if (!a->items)
				die(m, "out of memory");
		}
	}
}

/* A device appears: item count N from the next record on, the new items zero. */
static void
resize_items(struct make *m, struct act_state *a, uint64_t nr)
{
	unsigned char *p;

	items_ready(m);
	if (!activity_has_nr(a->d) || nr < 1 || nr > MAX_ITEMS)
		die(m, "bad item count");
	p = realloc(a->items, (size_t) nr * a->d->size);
	if (!p)
		die(m, "out of memory");
	if (nr > (uint64_t) a->nr)
		memset(p + (size_t) a->nr * a->d->size, 0,
		       ((size_t) nr - (size_t) a->nr) * a->d->size);
	a->items = p;
	a->nr = (int32_t) nr;
}

/* A device vanishes: item I leaves, the later ones move up. */
static void
drop_item(struct make *m, struct act_state *a, uint64_t i)
{
	items_ready(m);
	if (!activity_has_nr(a->d) || a->nr < 2 || i >= (uint64_t) a->nr)
		die(m, "bad item to drop");
	memmove(a->items + i * a->d->size, a->items + (i + 1) * a->d->size,
	        ((size_t) a->nr - i - 1) * a->d->size);
	a->nr--;
}

static void
put_record(struct make *m, uint64_t t)
{
	size_t i;

	if (!m->started)
		start_file(m, t);
	m->rec_at = m->b.len;
	put_header(m, SA_R_STATS, t);
	for (i = 0; i < m->n_acts; i++) {
		struct act_state *a = &m->acts[i];

		if (activity_has_nr(a->d))
			archive_put_nr(&m->b, a->nr);
		archive_recbuf_put(&m->b, a->items, (size_t) a->nr * a->d->size);
	}
	if (m->ext) {
		struct archive_ext_put x = {.procs = m->procs, .n_procs = (uint32_t) m->n_procs,
		                            .cgroups = m->cgroups, .n_cgroups = (uint32_t) m->n_cgroups};
		struct sa_record_header h;

		memcpy(&h, m->b.data + m->rec_at, sizeof(h));
		archive_put_ext_record(&m->b, &h, &x);
	}
}

static void
put_special(struct make *m, uint8_t type, uint64_t t, const char *text)
{
	if (!m->started)
		die(m, "a restart or comment before the first record");
	if (type == SA_R_RESTART)
		m->boot = t - 100;
	put_header(m, type, t);
	if (type == SA_R_RESTART)
		archive_put_nr(&m->b, m->cpus + 1);
	else
		archive_put_comment(&m->b, text);
}

/* One line of the description, split into its words w[0..n-1]. */
static void
do_line(struct make *m, char **w, int n, const char *rest)
{
	if (!strcmp(w[0], "cpus") && n == 2 && !m->n_acts) {
		m->cpus = (int) number(m, w[1]);
	} else if (!strcmp(w[0], "host") && n == 2) {
		snprintf(m->host, sizeof(m->host), "%s", w[1]);
	} else if (!strcmp(w[0], "acts") && !m->n_acts) {
		declare_acts(m, w, n);
	} else if (!strcmp(w[0], "items") && n == 3 && !m->started) {
		struct act_state *a = state_of(m, w[1]);
		uint64_t nr = number(m, w[2]);

		if (a->d->policy != ACT_PER_DEVICE || nr < 1 || nr > MAX_ITEMS || a->items)
			die(m, "bad item count");
		a->nr = (int32_t) nr;
	} else if (!strcmp(w[0], "items") && n == 3) {
		resize_items(m, state_of(m, w[1]), number(m, w[2]));
	} else if (!strcmp(w[0], "drop") && n == 3) {
		drop_item(m, state_of(m, w[1]), number(m, w[2]));
	} else if (!strcmp(w[0], "set") && n >= 4) {
		struct act_state *a = state_of(m, w[1]);
		uint64_t i = number(m, w[2]);
		int k;

		items_ready(m);
		if (i >= (uint64_t) a->nr)
			die(m, "no item %s in %s", w[2], w[1]);
		for (k = 3; k < n; k++)
			set_field(m, a, (int32_t) i, w[k]);
	} else if (!strcmp(w[0], "rec") && n == 2) {
		items_ready(m);
		put_record(m, number(m, w[1]));
	} else if (!strcmp(w[0], "proc") && n >= 2) {
		uint64_t pid = number(m, w[1]);
		size_t i;
		int k;

		for (i = 0; i < m->n_procs && m->procs[i].pid != pid; i++)
			;
		if (i == m->n_procs) {
			if (i == MAX_EXT)
				die(m, "too many processes");
			memset(&m->procs[i], 0, sizeof(m->procs[i]));
			m->procs[i].pid = (uint32_t) pid;
			m->procs[i].flags = EXT_PF_IO;
			m->n_procs++;
		}
		for (k = 2; k < n; k++)
			set_ext_field(m, 0, (unsigned char *) &m->procs[i], w[k]);
		m->ext = true;
	} else if (!strcmp(w[0], "noproc") && n == 2) {
		uint64_t pid = number(m, w[1]);
		size_t i;

		for (i = 0; i < m->n_procs && m->procs[i].pid != pid; i++)
			;
		if (i == m->n_procs)
			die(m, "no process %s", w[1]);
		memmove(&m->procs[i], &m->procs[i + 1], (m->n_procs - i - 1) * sizeof(m->procs[0]));
		m->n_procs--;
	} else if (!strcmp(w[0], "cgroup") && n >= 2) {
		size_t i;
		int k;

		for (i = 0; i < m->n_cgroups && strcmp(m->cgroups[i].path, w[1]); i++)
			;
		if (i == m->n_cgroups) {
			if (i == MAX_EXT)
				die(m, "too many cgroups");
			memset(&m->cgroups[i], 0, sizeof(m->cgroups[i]));
			snprintf(m->cgroups[i].path, sizeof(m->cgroups[i].path), "%s", w[1]);
			m->n_cgroups++;
		}
		for (k = 2; k < n; k++)
			set_ext_field(m, 1, (unsigned char *) &m->cgroups[i], w[k]);
		m->ext = true;
	} else if (!strcmp(w[0], "nocgroup") && n == 2) {
		size_t i;

		for (i = 0; i < m->n_cgroups && strcmp(m->cgroups[i].path, w[1]); i++)
			;
		if (i == m->n_cgroups)
			die(m, "no cgroup %s", w[1]);
		memmove(&m->cgroups[i], &m->cgroups[i + 1],
		        (m->n_cgroups - i - 1) * sizeof(m->cgroups[0]));
		m->n_cgroups--;
	} else if (!strcmp(w[0], "restart") && n == 2) {
		put_special(m, SA_R_RESTART, number(m, w[1]), NULL);
	} else if (!strcmp(w[0], "comment") && n >= 3) {
		put_special(m, SA_R_COMMENT, number(m, w[1]), rest);
	} else {
		die(m, "cannot read '%s'", w[0]);
	}
}

static void
read_description(struct make *m, FILE *in)
{
	char line[4096];

	while (fgets(line, sizeof(line), in)) {
		char copy[4096], *w[256], *p, *save = NULL;
		const char *rest = "";
		int n = 0, rc;

		m->line++;
		if ((p = strchr(line, '#')))
			*p = '\0';
		memcpy(copy, line, sizeof(copy));
		for (p = strtok_r(line, " \t\n", &save); p && n < 256;
		     p = strtok_r(NULL, " \t\n", &save))
			w[n++] = p;
		if (!n)
			continue;
		if (n >= 3) {
			/* A comment's text: the line from its third word. */
			rest = copy + (w[2] - line);
			copy[strcspn(copy, "\n")] = '\0';
		}
		do_line(m, w, n, rest);
		if (m->b.err)
			die(m, "out of memory");
		rc = archive_write_buf(m->fd, &m->b);
		if (rc < 0)
			die(m, "cannot write: %s", strerror(-rc));
		archive_recbuf_reset(&m->b);
	}
}

int
main(int argc, char **argv)
{
	struct make m = {.cpus = 2, .host = "use-make"};
	FILE *in;
	size_t i;

	if (argc != 3) {
		fprintf(stderr, "usage: use_make DESCRIPTION OUTPUT\n");
		return 2;
	}
	in = strcmp(argv[1], "-") ? fopen(argv[1], "r") : stdin;
	if (!in) {
		fprintf(stderr, "use_make: cannot open '%s': %s\n", argv[1], strerror(errno));
		return 1;
	}
	m.fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (m.fd < 0) {
		fprintf(stderr, "use_make: cannot open '%s': %s\n", argv[2], strerror(errno));
		return 1;
	}
	read_description(&m, in);
	if (in != stdin)
		fclose(in);
	archive_recbuf_release(&m.b);
	for (i = 0; i < m.n_acts; i++)
		free(m.acts[i].items);
	return close(m.fd) < 0 ? 1 : 0;
}
