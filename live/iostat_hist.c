/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * iostat --archive (iostat.h, hist.h): each statistics record of the window
 * is a sample, as iostat_read_cpu() and iostat_read_disks() would have read
 * it at that record's time. The CPU line is the file's CPU activity ("all"),
 * the uptime the record's, the devices the disk extension activity that
 * sadc -S IOSTAT records (every line of /proc/diskstats, with what
 * /sys/block says of it). The device list is made as the live reading makes
 * it: whole devices are what /sys/block held, partitions what
 * /sys/block/DEV held, and a device named by number is found by number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iostat.h"
#include "live.h"
#include "common/sysexit.h"
#include "common/banned.h"

/* The sysfs name of a diskstats name: '/' written '!' (out: EXT_DISK_NAME_LEN bytes). */
static void
sys_name(const char *name, char *out)
{
	size_t i;

	for (i = 0; i < EXT_DISK_NAME_LEN - 1 && name[i]; i++)
		out[i] = name[i] == '/' ? '!' : name[i];
	out[i] = '\0';
}

/* Whether two device names are the same, '/' and '!' taken as one (cciss/c0d0, cciss!c0d0). */
static bool
same_name(const char *a, const char *b)
{
	/* Most often the very same bytes: strcmp() says so in a few word compares. */
	if (!strcmp(a, b))
		return true;
	for (; *a && *b; a++, b++)
		if (*a != *b && !((*a == '/' || *a == '!') && (*b == '/' || *b == '!')))
			return false;
	return *a == *b;
}

/* The item of the current record whose name, as sysfs writes it, is name ('!' or '/'), or NULL. */
static const struct ext_disk *
item_named(const struct iostat *io, const char *name, bool whole)
{
	const struct archive_ext *e = io->hist_ext;
	uint32_t i;

	for (i = 0; e && i < e->n_disk; i++) {
		if (whole && !(e->disk[i].flags & EXT_DF_WHOLE))
			continue;
		if (same_name(e->disk[i].name, name))
			return &e->disk[i];
	}
	return NULL;
}

/*
 * item_named(dev's name, whole), tried first at the index where the last
 * record had it: a day's records list their devices in the same order, and
 * a search per device and record was quadratic in the devices.
 */
static const struct ext_disk *
item_of(const struct iostat *io, struct io_dev *dev)
{
	const struct archive_ext *e = io->hist_ext;
	const struct ext_disk *d;
	uint32_t k = dev->hist_item;

	if (k < e->n_disk && (e->disk[k].flags & EXT_DF_WHOLE) &&
	    same_name(e->disk[k].name, dev->name))
		return &e->disk[k];
	d = item_named(io, dev->name, true);
	if (d)
		dev->hist_item = (uint32_t) (d - e->disk);
	return d;
}

bool
iostat_hist_is_whole(const struct iostat *io, const char *name)
{
	return item_named(io, name, true) != NULL;
}

void
iostat_hist_numbers(const struct iostat *io, const char *name, unsigned *major, unsigned *minor)
{
	const struct ext_disk *d = item_named(io, name, false);

	if (d) {
		*major = d->major;
		*minor = d->minor;
	}
}

/* The counters of d as its sysfs stat file gives them (a diskstats line with extended). */
static void
item_stats(const struct ext_disk *d, bool diskline, bool extended, struct io_stats *st, bool *ok)
{
	*ok = iostat_stats_from_values(d->v, (int) d->n_values, diskline && extended, st) ||
	      !diskline;
}

/* Adds (or finds) the device of item d under name, with its counters of this sample. */
static void
add_item(struct iostat *io, const struct ext_disk *d, const char *name, bool diskline)
{
	struct io_stats st;
	struct io_dev *dev;
	bool ok;

	item_stats(d, diskline, io->o.extended, &st, &ok);
	if (!ok)
		return;
	dev = iostat_add_device(io, name, 0, diskline ? d->major : 0, diskline ? d->minor : 0);
	if (dev)
		dev->st[io->curr] = st;
}

/* -p DEV: the partitions of the whole device at index k. */
static void
add_partitions(struct iostat *io, uint32_t k)
{
	const struct archive_ext *e = io->hist_ext;
	char name[EXT_DISK_NAME_LEN];
	uint32_t i;

	for (i = 0; i < e->n_disk; i++) {
		if (e->disk[i].parent != k + 1)
			continue;
		sys_name(e->disk[i].name, name);
		add_item(io, &e->disk[i], name, false);
	}
}

/* Room to mark the items of the current record as taken (iostat.h). */
static void
size_taken(struct iostat *io, uint32_t n)
{
	size_t cap = io->hist_taken_cap;

	if (n <= cap)
		return;
	while (cap < n)
		cap = cap ? 2 * cap : 64;
	io->hist_taken = sysrec_reallocarray(io->hist_taken, cap, sizeof(*io->hist_taken));
	memset(io->hist_taken + io->hist_taken_cap, 0,
	       (cap - io->hist_taken_cap) * sizeof(*io->hist_taken));
	io->hist_taken_cap = cap;
}

/*
 * Whether the whole device of item i was read by the device of the list of
 * its name: then adding it again would find that device and read the same
 * counters (a second decoding of every device of a day, and a lookup by
 * name).
 */
static bool
taken(const struct iostat *io, uint32_t i)
{
	return i < io->hist_taken_cap && io->hist_taken[i] == io->hist_rec;
}

/* The devices of the list (read_dlist()): named ones, their partitions, every whole device. */
static void
read_list(struct iostat *io)
{
	const struct archive_ext *e = io->hist_ext;
	char name[EXT_DISK_NAME_LEN];
	struct io_dev *dev;
	uint32_t i;
	bool ok;

	size_taken(io, e->n_disk);
	io->hist_rec++;
	for (dev = io->devs; dev; dev = dev->next) {
		const struct ext_disk *d = NULL;

		if (dev->exist || dev->type == IO_GROUP)
			continue;
		if (dev->type == IO_PART) {
			for (i = 0; i < e->n_disk && !d; i++)
				if (e->disk[i].major == dev->major && e->disk[i].minor == dev->minor)
					d = &e->disk[i];
		} else if ((d = item_of(io, dev)) && !dev->slash) {
			/* Named as sysfs names the item: the device adding it would find. */
			io->hist_taken[d - e->disk] = io->hist_rec;
		}
		if (d) {
			item_stats(d, false, false, &dev->st[io->curr], &ok);
			dev->exist = true;
		}
		if (d && dev->type == IO_PART_DEV)
			add_partitions(io, (uint32_t) (d - e->disk));
	}
	if (!io->o.all_devices)
		return;
	for (i = 0; i < e->n_disk; i++) {
		if (!(e->disk[i].flags & EXT_DF_WHOLE) || taken(io, i))
			continue;
		sys_name(e->disk[i].name, name);
		add_item(io, &e->disk[i], name, false);
	}
}

void
iostat_hist_read_disks(struct iostat *io)
{
	const struct archive_ext *e = io->hist_ext;
	struct io_dev *d;
	uint32_t i;

	for (d = io->devs; d; d = d->next)
		d->exist = false;
	if (!e || !e->has_disk)
		return;
	if (!io->o.everything) {
		read_list(io);
		return;
	}
	for (i = 0; i < e->n_disk; i++)
		add_item(io, &e->disk[i], e->disk[i].name, true);
}

void
iostat_hist_read_cpu(struct iostat *io, const struct live_hist *lh)
{
	const struct stats_cpu *all;
	struct stats_cpu *c = &io->cpu[io->curr];
	uint32_t nr;

	io->uptime[io->curr] = lh->hdr.uptime_cs;
	/* A record without the CPU activity leaves the previous values, as a file without "cpu " does. */
	all = live_hist_items(lh, A_CPU, &nr);
	if (all)
		*c = all[0];
	io->tot_jiffies[io->curr] = live_cpu_jiffies(c);
}

void
iostat_hist_retype(struct iostat *io)
{
	struct io_dev *d;

	for (d = io->devs; d; d = d->next) {
		if (d->type == IO_GROUP)
			continue;
		if (iostat_hist_is_whole(io, d->name))
			d->type = d->type == IO_PART_DEV ? IO_PART_DEV : IO_DEV;
		else
			d->type = IO_PART;
		d->major = d->minor = 0;
		iostat_hist_numbers(io, d->name, &d->major, &d->minor);
	}
}

/* The slot the next sample is compared with holds nothing: it reports since boot. */
static void
forget_previous(struct iostat *io)
{
	struct io_dev *d;
	int prev = !io->curr;

	for (d = io->devs; d; d = d->next)
		memset(&d->st[prev], 0, sizeof(d->st[prev]));
	io->uptime[prev] = 0;
	io->tot_jiffies[prev] = 0;
	memset(&io->cpu[prev], 0, sizeof(io->cpu[prev]));
}

/* What the file lacks for the report asked: said once on stderr, and left out. */
static void
check_data(struct iostat *io, const struct live_hist *lh, const char *file)
{
	const struct archive_ext *e = io->hist_ext;
	const struct io_dev *d;
	bool parts = false, want_parts = false;
	uint32_t nr, i;

	if (io->o.cpu && !live_hist_items(lh, A_CPU, &nr)) {
		fprintf(stderr, "iostat: %s holds no CPU statistics (sadc's default collection records them)\n",
		        file);
		io->o.cpu = false;
	}
	if (io->o.disk && (!e || !e->has_disk)) {
		fprintf(stderr, "iostat: %s holds no device statistics: sadc -S IOSTAT records them\n",
		        file);
		io->o.disk = false;
		return;
	}
	for (i = 0; io->o.disk && i < e->n_disk; i++)
		parts = parts || (e->disk[i].flags & EXT_DF_PARTS);
	if (!io->o.disk || parts)
		return;
	for (d = io->devs; d && !want_parts; d = d->next)
		want_parts = d->type == IO_PART_DEV || d->type == IO_PART;
	if (io->o.everything || want_parts)
		fprintf(stderr, "iostat: %s holds no partitions: sadc -S XDISK records them\n", file);
}

/* The banner of the file: its machine, the date of its first record of the window. */
static void
banner(struct iostat *io, const struct live_hist *lh, bool any)
{
	const struct sa_file_header *fh = live_hist_header(lh);
	struct live_host host;
	struct tm now = {0};
	time_t t;

	io->cpu_nr = live_hist_host(lh, &host);
	if (any) {
		live_hist_tm(lh, &now);
	} else if (fh) {
		t = (time_t) fh->sa_ust_time;
		localtime_r(&t, &now);
	}
	live_banner(&host, &now, io->cpu_nr, io->o.json);
	if (!io->o.json)
		printf("\n");
}

/*
 * After a LINUX RESTART, the next boot starts as a live iostat started
 * then would: its banner (its CPU count, the date of its first record),
 * and in JSON the next object of "hosts".
 */
static void
next_boot_banner(struct iostat *io, const struct live_hist *lh)
{
	struct live_host host;
	struct tm now = {0};

	live_hist_host(lh, &host);
	live_hist_tm(lh, &now);
	if (io->o.json) {
		printf("\t\t\t]\n\t\t},\n");
		live_json_host(&host, &now, io->cpu_nr);
		return;
	}
	live_banner(&host, &now, io->cpu_nr, false);
	printf("\n");
}

void
iostat_hist_run(struct iostat *io)
{
	/* The CPU activity, and the disks of the extension records (-S IOSTAT). */
	static const uint32_t want[] = {A_CPU, EXT_A_DISK};
	struct live_hist lh;
	enum live_hist_kind k;
	long count = io->o.count;
	bool skip = io->o.omit_since_boot, first = true;
	struct tm now;

	live_hist_open(&lh, &io->o.win, io->o.interval, want, sizeof(want) / sizeof(want[0]),
	               "iostat");
	k = live_hist_next(&lh);
	banner(io, &lh, k == LIVE_HIST_STATS);
	while (k == LIVE_HIST_STATS && count) {
		bool restarted = false;

		iostat_hist_read_cpu(io, &lh);
		io->hist_ext = live_hist_ext(&lh);
		if (first) {
			first = false;
			iostat_hist_retype(io);
			check_data(io, &lh, io->o.win.archive);
		}
		iostat_hist_read_disks(io);
		if (!live_hist_tm(&lh, &now))
			now = (struct tm){0};
		iostat_write_stats(io, &now, skip);
		if (!skip && count > 0)
			count--;
		if (count) {
			io->curr ^= 1;
			k = live_hist_next(&lh);
			for (; k == LIVE_HIST_RESTART; k = live_hist_next(&lh)) {
				forget_previous(io);
				io->cpu_nr = live_hist_restart_cpus(&lh);
				restarted = true;
			}
			if (k == LIVE_HIST_STATS && io->o.json && !skip && !restarted)
				printf(",");
			skip = restarted && io->o.omit_since_boot;
		}
		printf("\n");
		if (restarted && k == LIVE_HIST_STATS)
			next_boot_banner(io, &lh);
	}
	if (io->o.json)
		printf("\t\t\t]\n\t\t}\n\t]\n}}\n");
	live_hist_close(&lh);
}
