/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sa_make: writes a synthetic, valid daily data file with the project's
 * writer, for the reader tests and the corruption suite.
 *
 *   sa_make [-r RECORDS] [-a ID[,ID...]] [-X] [-C] [-g] [-c N] [-d N] [-i N]
 *           [-I N] [-s [-N]] [-P N] [-D] [-t EPOCH] [-T SECONDS] OUTPUT
 *
 * -r  number of statistics records (default 3)
 * -t  the file's creation time (header, UTC date; default 1700000000), the
 *     first record one second later; the uptime of every record is that of
 *     one boot whatever -t is, so that daily files made one after another
 *     read on as one boot (a window across days)
 * -T  seconds between records (default 60)
 * -a  activity ids to include, in registry order (default: every activity
 *     of the run's flavour, 42 under SYSREC_COMPAT=12.6.1, 43 under 12.7.5;
 *     the version bytes and the A_PAGE item follow the flavour too)
 * -X  write the file in the opposite byte order (as a big-endian host would)
 * -C  add a comment and a LINUX RESTART record before the last record
 * -g  gzip the output
 * -c N CPUs (default 2), -d N disks and other devices (default 2), -i N network interfaces
 * -I N rows of the interrupt matrix per CPU: the "sum" row and N - 1
 *      interrupts (default 4; at most 4096, sysstat's NR2_MAX)
 * -s  stable identities, as a real machine's: each disk keeps its major:minor
 *     (300:index, a major that neither sysstat.ioconf nor /sys/dev/block
 *     names) and the interrupts are named as /proc/interrupts' numbers with
 *     "sum" first, so that sar matches items from one record to the next;
 *     serial lines, interfaces, filesystems, sensors, USB devices, FC hosts,
 *     batteries and cpufreq states keep their names and numbers too.
 *     For the scale benchmark; without it, disks change major:minor at
 *     every record (what the differential tests expect).
 * -N  with -s, churn: each record has a new disk and a new interface first
 *     and drops the last ones, so every other item sits one place further
 *     than in the record before (what a host that adds devices sees).
 * -P N an extension record after each statistics record with N processes
 *      (sadc -S PROCESS: pids 100 on, counters growing by their index)
 * -D  and in it the disk activity of sadc -S IOSTAT for the -d devices
 *     (sda, sdb, ... as 8:16k, every counter growing)
 *
 * Item contents are deterministic pseudo-random numbers in the numeric
 * fields and printable names in the trailing bytes. The file is written
 * record by record, so that archives of gigabytes need little memory.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "common/archive.h"
#include "common/layout_ops.h"

struct make_config {
	int cpus;
	int devices;
	int ifaces;
	int irqs;
	int records;
	bool selected[ACTIVITY_NR + 1];
	bool swap;
	bool special;
	bool gzip;
	bool stable;
	bool churn;
	int procs;   /* -P */
	bool xdisks; /* -D */
	long long start; /* -t */
	int step;        /* -T */
	const char *out;
};

/* Where the file goes: a file descriptor, or a gzip stream with -g. */
struct make_out {
	int fd;
	gzFile gz;
	int err;
};

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t
rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Item counts per activity: enough to exercise counts, matrices and names. */
static void
counts_of(const struct make_config *c, const struct activity_desc *d, int32_t *nr, int32_t *nr2)
{
	*nr = 1;
	*nr2 = 1;
	if (d->policy == ACT_PER_CPU || d->policy == ACT_MATRIX)
		*nr = c->cpus + 1;
	else if (d->id == A_NET_DEV || d->id == A_NET_EDEV)
		*nr = c->ifaces;
	else if (d->policy == ACT_PER_DEVICE)
		*nr = c->devices;
	if (d->id == A_IRQ)
		*nr2 = c->irqs;
	else if (d->id == A_PWR_FREQ)
		*nr2 = 2;
}

/*
 * Counters grow from one record to the next (record r), from a base and by a
 * step drawn per activity, item and field, so that rates stay sensible.
 */
static void
fill_item(const struct activity_desc *d, unsigned char *item, int index, int r)
{
	uint64_t map = sa_map_size(d->types_nr);
	uint64_t i;

	memset(item, 0, d->size);
	/* USB devices stay the same devices from one record to the next. */
	if (d->id == A_PWR_USB)
		r = 0;
	rng_state = 0x9e3779b97f4a7c15ull ^ ((uint64_t) d->id << 40) ^ ((uint64_t) index << 20);
	for (i = 0; i < map;) {
		uint64_t base = rng() % 100000, step = rng() % 1000;
		uint64_t v = base + (uint64_t) r * step;
		/* The u64 and long groups are 8-byte fields, the rest 4-byte ones. */
		size_t w = i < 8 * ((uint64_t) d->types_nr[0] + d->types_nr[1]) ? 8 : 4;

		if (w == 8) {
			memcpy(item + i, &v, 8);
		} else {
			uint32_t v32 = (uint32_t) v;

			memcpy(item + i, &v32, 4);
		}
		i += w;
	}
	/* Doubles (sensors) must stay finite: write small integral values. */
	if (d->id == A_PWR_FAN || d->id == A_PWR_TEMP || d->id == A_PWR_IN) {
		for (i = 0; i < d->types_nr[0]; i++) {
			double v = (double) (rng() % 5000);
			memcpy(item + 8 * i, &v, sizeof(v));
		}
	}
	if (d->id == A_PWR_BAT) {
		/* Three chars (12.7.5): a battery number, a capacity in %, a status code. */
		struct stats_pwr_bat *bat = (struct stats_pwr_bat *) item;

		bat->bat_id = (uint8_t) index;
		bat->capacity = (uint8_t) ((index * 37 + r * 3) % 101);
		bat->status = (uint8_t) ((index + r) % (BAT_STS_FULL + 1));
		return;
	}
	if (d->size > map + 1)
		snprintf((char *) item + map, d->size - map, "it%d", index);
}

static void
put_swapped(struct archive_recbuf *b, const void *p, size_t len, const uint32_t types[3], bool swap)
{
	unsigned char tmp[1024];

	if (!swap || len > sizeof(tmp)) {
		archive_recbuf_put(b, p, len);
		return;
	}
	memcpy(tmp, p, len);
	layout_swap(types, tmp, len, true);
	archive_recbuf_put(b, tmp, len);
}

/* Sets a NUL-padded name field of n bytes to prefix and i. */
static void
set_name(char *field, size_t n, const char *prefix, int32_t i)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "%s%d", prefix, (int) i);
	memset(field, 0, n);
	memcpy(field, buf, strlen(buf) < n ? strlen(buf) : n - 1);
}

/* -s: the names of the other named items (lines, interfaces, filesystems, sensors...). */
static void
stabilize_name(const struct activity_desc *d, unsigned char *item, int32_t i, int32_t nr2)
{
	switch (d->id) {
	case A_SERIAL:
		((struct stats_serial *) item)->line = (uint32_t) i;
		break;
	case A_NET_DEV:
		set_name(((struct stats_net_dev *) item)->interface, MAX_IFACE_LEN, "eth", i);
		break;
	case A_NET_EDEV:
		set_name(((struct stats_net_edev *) item)->interface, MAX_IFACE_LEN, "eth", i);
		break;
	case A_FS:
		set_name(((struct stats_filesystem *) item)->fs_name, MAX_FS_LEN, "/dev/vd", i);
		set_name(((struct stats_filesystem *) item)->mountp, MAX_FS_LEN, "/srv/", i);
		break;
	case A_PWR_FAN:
		set_name(((struct stats_pwr_fan *) item)->device, MAX_SENSORS_DEV_LEN, "fan-isa-", i);
		break;
	case A_PWR_TEMP:
		set_name(((struct stats_pwr_temp *) item)->device, MAX_SENSORS_DEV_LEN, "coretemp-", i);
		break;
	case A_PWR_IN:
		set_name(((struct stats_pwr_in *) item)->device, MAX_SENSORS_DEV_LEN, "in-isa-", i);
		break;
	case A_NET_FC:
		set_name(((struct stats_fchost *) item)->fchost_name, MAX_FCH_LEN, "host", i);
		break;
	case A_PWR_USB: {
		struct stats_pwr_usb *u = (struct stats_pwr_usb *) item;

		/*
		 * Linux numbers USB buses from 1. sysstat takes a bus number of
		 * 0 for a free slot of its summary (sar -m USB's Summary lines)
		 * and then reads freed memory: its output for bus 0 depends on
		 * its heap, no file of a real machine has one.
		 */
		u->bus_nr = (uint32_t) i + 1;
		u->vendor_id = 0x1d6b;
		u->product_id = 0x0002;
		set_name(u->manufacturer, MAX_MANUF_LEN, "Linux ", i);
		set_name(u->product, MAX_PROD_LEN, "hub ", i);
		break;
	}
	case A_PWR_BAT:
		((struct stats_pwr_bat *) item)->bat_id = (uint8_t) i;
		break;
	case A_PWR_FREQ:
		((struct stats_pwr_wghfreq *) item)->freq = (uint64_t) (i % nr2 + 1) * 100000;
		break;
	default:
		break;
	}
}

/* -s: the identity of item i (of nr2 per row) that stays the same across records. */
static void
stabilize_item(const struct activity_desc *d, unsigned char *item, int32_t i, int32_t nr2)
{
	if (d->id == A_DISK) {
		struct stats_disk *sd = (struct stats_disk *) item;

		sd->major = 300;
		sd->minor = (uint32_t) i;
	} else if (d->id == A_IRQ) {
		struct stats_irq *si = (struct stats_irq *) item;

		char name[16] = "sum";

		/* Below SA_NR2_MAX, so at most 4 digits: the name always fits. */
		if (i % nr2)
			snprintf(name, sizeof(name), "%d", i % nr2 - 1);
		memset(si->irq_name, 0, sizeof(si->irq_name));
		memcpy(si->irq_name, name, sizeof(si->irq_name) - 1);
	} else {
		stabilize_name(d, item, i, nr2);
	}
}

/* -N: the device or interface at position i of record r, one further per record. */
static int32_t
identity_of(const struct make_config *c, const struct activity_desc *d, int32_t i, int r)
{
	if (c->churn && (d->id == A_DISK || d->id == A_NET_DEV || d->id == A_NET_EDEV))
		return i + c->records - 1 - r;
	return i;
}

static void
put_items(struct archive_recbuf *b, const struct make_config *c, const struct activity_desc *d,
          int32_t nr, int32_t nr2, int r)
{
	static const uint32_t nr_types[3] = SA_NR_TYPES;
	unsigned char item[1024];
	int32_t i;

	if (d->flags & AF_COUNTED)
		put_swapped(b, &nr, sizeof(nr), nr_types, c->swap);
	for (i = 0; i < nr * nr2; i++) {
		int32_t k = identity_of(c, d, i, r);

		fill_item(d, item, k, r);
		if (c->stable)
			stabilize_item(d, item, k, nr2);
		put_swapped(b, item, d->size, d->types_nr, c->swap);
	}
}

static size_t
build_list(const struct make_config *c, struct sa_file_activity *list)
{
	size_t i, n = 0;

	for (i = 0; i < activity_count(); i++) {
		const struct activity_desc *d = activity_at(i);
		struct sa_file_activity *fa = &list[n];

		if (!c->selected[d->id])
			continue;
		memset(fa, 0, sizeof(*fa));
		fa->id = d->id;
		fa->magic = d->magic;
		counts_of(c, d, &fa->nr, &fa->nr2);
		fa->has_nr = (d->flags & AF_COUNTED) ? 1 : 0;
		fa->size = (int32_t) d->size;
		memcpy(fa->types_nr, d->types_nr, sizeof(fa->types_nr));
		n++;
	}
	return n;
}

/* Rewrites the file start in place for a foreign-endian file. */
static void
swap_file_start(unsigned char *p, size_t n_acts)
{
	static const uint32_t hdr_types[3] = SA_FILE_HEADER_TYPES;
	static const uint32_t act_types[3] = SA_FILE_ACTIVITY_TYPES;
	static const uint32_t magic_u32[3] = {0, 0, SA_FILE_MAGIC_SWAP_COUNT};
	struct sa_file_magic *m = (struct sa_file_magic *) p;
	size_t i;

	m->sysstat_magic = layout_bswap16(m->sysstat_magic);
	m->format_magic = layout_bswap16(m->format_magic);
	layout_swap(magic_u32, p + SA_FILE_MAGIC_SWAP_OFFSET, 20, true);
	p += sizeof(*m);
	layout_swap(hdr_types, p, sizeof(struct sa_file_header), true);
	p += sizeof(struct sa_file_header);
	for (i = 0; i < n_acts; i++, p += sizeof(struct sa_file_activity))
		layout_swap(act_types, p, sizeof(struct sa_file_activity), true);
}

static void
put_record_header(struct archive_recbuf *b, const struct make_config *c, uint8_t type,
                  uint64_t uptime, uint64_t t)
{
	static const uint32_t rec_types[3] = SA_RECORD_HEADER_TYPES;
	struct archive_recbuf one = {0};

	archive_put_record_header(&one, type, uptime, t, (uint8_t) (t / 3600 % 24),
	                          (uint8_t) (t / 60 % 60), (uint8_t) (t % 60));
	put_swapped(b, one.data, one.len, rec_types, c->swap);
	archive_recbuf_release(&one);
}

static void
put_special(struct archive_recbuf *b, const struct make_config *c, uint64_t t)
{
	static const uint32_t nr_types[3] = SA_NR_TYPES;
	int32_t cpus = c->cpus + 1;

	put_record_header(b, c, SA_R_COMMENT, 0, t);
	archive_put_comment(b, "sa_make comment");
	put_record_header(b, c, SA_R_RESTART, 0, t);
	put_swapped(b, &cpus, sizeof(cpus), nr_types, c->swap);
}

/* Writes out what b holds and empties it; the first error sticks in o->err. */
static void
flush_out(struct make_out *o, struct archive_recbuf *b)
{
	if (!o->err && b->err)
		o->err = b->err;
	if (!o->err && o->gz) {
		if (b->len && gzwrite(o->gz, b->data, (unsigned) b->len) != (int) b->len)
			o->err = -EIO;
	} else if (!o->err) {
		o->err = archive_write_buf(o->fd, b);
	}
	archive_recbuf_reset(b);
}

/* Record r's processes and disks (-P, -D), their counters growing with r. */
static void
put_ext(struct archive_recbuf *b, const struct make_config *c, uint64_t uptime, uint64_t t,
        int r, struct ext_proc *procs, struct ext_disk *disks)
{
	struct archive_ext_put x = {0};
	struct sa_record_header h;
	int i, k;

	if (!c->procs && !c->xdisks)
		return;
	for (i = 0; i < c->procs; i++) {
		struct ext_proc *p = &procs[i];
		uint64_t g = (uint64_t) (i % 7 + 1) * (uint64_t) (r + 1);

		memset(p, 0, sizeof(*p));
		p->pid = 100 + (uint32_t) i;
		p->ppid = 1;
		p->uid = p->ruid = (uint32_t) (i % 3) * 1000;
		p->start_time = (uint64_t) i;
		p->utime = 3 * g;
		p->stime = g;
		p->minflt = 50 * g;
		p->read_bytes = 4096 * g * (uint64_t) (i % 5);
		p->write_bytes = 8192 * g * (uint64_t) (i % 3);
		p->nvcsw = 10 * g;
		p->run_delay_ns = 1000000 * g;
		p->rss_kb = 1000 + 10 * (uint64_t) i;
		p->vsz_kb = 5000 + 10 * (uint64_t) i;
		p->threads = 1;
		p->state = 'S';
		p->flags = EXT_PF_IO | EXT_PF_STATUS | EXT_PF_SCHED | EXT_PF_FD;
		snprintf(p->comm, sizeof(p->comm), "proc%d", i);
		snprintf(p->cmdline, sizeof(p->cmdline), "/usr/bin/proc%d --serve", i);
	}
	for (i = 0; c->xdisks && i < c->devices; i++) {
		struct ext_disk *d = &disks[i];

		memset(d, 0, sizeof(*d));
		for (k = 0; k < EXT_DISK_VALUES; k++)
			d->v[k] = (uint64_t) (k + 1) * (uint64_t) (i + 1) * (uint64_t) (r + 1);
		d->v[8] = (uint64_t) (i % 3); /* in flight: a level */
		d->major = 8;
		d->minor = 16 * (uint32_t) i;
		d->n_values = EXT_DISK_VALUES;
		d->flags = EXT_DF_WHOLE;
		snprintf(d->name, sizeof(d->name), "sd%c%c", 'a' + i / 26 % 26, 'a' + i % 26);
	}
	if (c->procs) {
		x.procs = procs;
		x.n_procs = (uint32_t) c->procs;
	}
	if (c->xdisks) {
		x.disks = disks;
		x.n_disks = (uint32_t) c->devices;
	}
	memset(&h, 0, sizeof(h));
	h.record_type = SA_R_STATS;
	h.uptime_cs = uptime;
	h.ust_time = t;
	archive_put_ext_record(b, &h, &x);
}

static void
build(struct make_out *o, struct archive_recbuf *b, const struct make_config *c)
{
	struct sa_file_activity list[ACTIVITY_NR];
	struct archive_ident id = {
	        .ust_time = 1700000000,
	        .year = 123,
	        .month = 10,
	        .day = 14,
	        .cpu_nr = 3,
	        .hz = 100,
	        .sysname = "Linux",
	        .nodename = "sa-make",
	        .release = "6.1.0-test",
	        .machine = "x86_64",
	        .tzname = "UTC",
	};
	size_t n = build_list(c, list), i;
	struct ext_proc *procs = calloc((size_t) c->procs + 1, sizeof(*procs));
	struct ext_disk *disks = calloc((size_t) c->devices + 1, sizeof(*disks));

	if (!procs || !disks) {
		o->err = -ENOMEM;
		free(procs);
		free(disks);
		return;
	}
	id.cpu_nr = (uint32_t) c->cpus + 1;
	if (c->start != (long long) id.ust_time) {
		time_t tt = (time_t) c->start;
		struct tm tm;

		gmtime_r(&tt, &tm);
		id.ust_time = (uint64_t) c->start;
		id.year = tm.tm_year;
		id.month = (uint8_t) tm.tm_mon;
		id.day = (uint8_t) tm.tm_mday;
	}
	/* One boot for every -t: 1000 s of uptime at 1700000001, the default's first record. */
	uint64_t t = id.ust_time + 1, uptime = (t - 1700000001 + 1000) * 100;
	int r;

	archive_put_file_start(b, &id, list, (uint32_t) n);
	if (c->swap && !b->err)
		swap_file_start(b->data, n);
	for (r = 0; r < c->records && !o->err;
	     r++, t += (uint64_t) c->step, uptime += (uint64_t) c->step * 100) {
		if (c->special && r == c->records - 1)
			put_special(b, c, t - 30);
		put_record_header(b, c, SA_R_STATS, uptime, t);
		for (i = 0; i < n; i++)
			put_items(b, c, activity_by_id(list[i].id), list[i].nr, list[i].nr2, r);
		put_ext(b, c, uptime, t, r, procs, disks);
		flush_out(o, b);
	}
	flush_out(o, b);
	free(procs);
	free(disks);
}

static int
open_out(const struct make_config *c, struct make_out *o)
{
	if (c->gzip) {
		o->gz = gzopen(c->out, "wb9");
		return o->gz ? 0 : -EIO;
	}
	o->fd = open(c->out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	return o->fd < 0 ? -errno : 0;
}

static int
close_out(struct make_out *o)
{
	int rc = o->err;

	if (o->gz) {
		if (gzclose(o->gz) != Z_OK && rc == 0)
			rc = -EIO;
	} else if (close(o->fd) < 0 && rc == 0) {
		rc = -errno;
	}
	return rc;
}

static void
select_ids(struct make_config *c, char *arg)
{
	char *p = arg;

	memset(c->selected, 0, sizeof(c->selected));
	while (*p) {
		char *end;
		long v = strtol(p, &end, 10);

		if (end == p || v < 1 || v > ACTIVITY_NR || !activity_by_id((uint32_t) v)) {
			fprintf(stderr, "sa_make: bad activity id list '%s'\n", arg);
			exit(2);
		}
		c->selected[v] = true;
		p = *end == ',' ? end + 1 : end;
	}
}

int
main(int argc, char **argv)
{
	struct make_config c = {.records = 3,
	                        .cpus = 2,
	                        .devices = 2,
	                        .ifaces = 2,
	                        .irqs = 4,
	                        .start = 1700000000,
	                        .step = 60};
	struct make_out o = {.fd = -1};
	struct archive_recbuf b = {0};
	int opt, rc;

	memset(c.selected, 1, sizeof(c.selected));
	while ((opt = getopt(argc, argv, "r:a:XCgc:d:i:I:sNP:Dt:T:")) != -1) {
		if (opt == 'P')
			c.procs = atoi(optarg);
		else if (opt == 't')
			c.start = atoll(optarg);
		else if (opt == 'T')
			c.step = atoi(optarg);
		else if (opt == 'D')
			c.xdisks = true;
		else if (opt == 'c')
			c.cpus = atoi(optarg);
		else if (opt == 'd')
			c.devices = atoi(optarg);
		else if (opt == 'i')
			c.ifaces = atoi(optarg);
		else if (opt == 'I')
			c.irqs = atoi(optarg);
		else if (opt == 's')
			c.stable = true;
		else if (opt == 'N')
			c.churn = true;
		else if (opt == 'r')
			c.records = atoi(optarg);
		else if (opt == 'a')
			select_ids(&c, optarg);
		else if (opt == 'X')
			c.swap = true;
		else if (opt == 'C')
			c.special = true;
		else if (opt == 'g')
			c.gzip = true;
		else
			return 2;
	}
	if (optind != argc - 1 || c.records < 0 || c.cpus < 1 || c.devices < 1 || c.ifaces < 1 ||
	    c.irqs < 1 || c.irqs > SA_NR2_MAX || (c.churn && !c.stable) || c.procs < 0 ||
	    c.procs > 100000 || ((c.procs || c.xdisks) && c.swap) || c.start < 1700000000 ||
	    c.step < 1) {
		fprintf(stderr,
		        "usage: sa_make [-r N] [-a IDS] [-X] [-C] [-g] [-c N] [-d N] [-i N] "
		        "[-I N] [-s [-N]] [-P N] [-D] [-t EPOCH] [-T SECONDS] OUTPUT\n");
		return 2;
	}
	c.out = argv[optind];
	rc = open_out(&c, &o);
	if (rc == 0) {
		build(&o, &b, &c);
		rc = close_out(&o);
	}
	archive_recbuf_release(&b);
	if (rc < 0) {
		fprintf(stderr, "sa_make: cannot write '%s': %s\n", c.out, strerror(-rc));
		return 1;
	}
	return 0;
}
