/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * iostat's device list and samples (iostat.h): which stat files are read,
 * in which order devices are kept, and how they are named. Paths are the
 * real /sys, /proc and /dev ones (tests run the shipped binary under
 * tests/tools/livefix.so), or -f/+f's directory, which sysstat takes as
 * holding block/, dev/block/ and diskstats.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "iostat.h"
#include "live.h"
#include "common/nls.h"
#include "common/strbuf.h"
#include "report/display.h"
#include "sadc/collect_cpu.h"
#include "common/banned.h"

/*
 * A small file of sysfs into buf (NUL-terminated) in one read, as sysstat's
 * fgets() reads it: an attribute comes whole from its first read, and a
 * second read only to see the end would be a thousand more system calls an
 * interval with 1,000 devices. -1 when it cannot be opened.
 */
static int
read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	do
		n = read(fd, buf, len - 1);
	while (n < 0 && errno == EINTR);
	buf[n > 0 ? n : 0] = '\0';
	close(fd);
	return 0;
}

static void
slashes_to(char *s, char from, char to)
{
	for (; (s = strchr(s, from)); s++)
		*s = to;
}

/* sysstat's is_device(): DIR/block/NAME exists, NAME's '/' written '!'. */
static bool
is_device(const char *dir, const char *name)
{
	char bname[IOSTAT_NAME_LEN], path[PATH_MAX];

	snprintf(bname, sizeof(bname), "%s", name);
	slashes_to(bname, '/', '!');
	snprintf(path, sizeof(path), "%s/block/%s", dir, bname);
	return access(path, F_OK) == 0;
}

/* Whether /sys, the -f directory, or (+f) the directory as a fallback has it. */
static bool
device_anywhere(const struct iostat *io, const char *name)
{
	const char *alt = io->o.alt_dir;
	bool rc = false;

	if (!alt[0] || io->o.all_dir)
		rc = is_device("/sys", name);
	if (alt[0] && (!io->o.all_dir || !rc))
		rc = is_device(alt, name);
	return rc;
}

/* major:minor of /dev/NAME ('!' as '/'), or of NAME when it is a path. */
static void
dev_numbers(struct io_dev *d)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s%s", d->name[0] == '/' ? "" : "/dev/", d->name);
	slashes_to(path, '!', '/');
	if (stat(path, &st) < 0)
		return;
	d->major = major(st.st_rdev);
	d->minor = minor(st.st_rdev);
}

/* -N: the dm-N a /dev/mapper name links to, as sysstat reads stats by that name. */
static void
dm_kernel_name(const char *name, char *out, size_t len)
{
	char path[PATH_MAX], target[PATH_MAX];
	ssize_t n;

	snprintf(out, len, "%s", name);
	if (snprintf(path, sizeof(path), "/dev/mapper/%s", name) >= (int) sizeof(path) ||
	    access(path, F_OK))
		return;
	n = readlink(path, target, sizeof(target));
	if (n <= 0 || n >= (ssize_t) sizeof(target))
		return;
	target[n] = '\0';
	snprintf(out, len, "%s", basename(target));
}

static struct io_dev *
new_device(struct iostat *io, const char *name, int type, unsigned major, unsigned minor)
{
	char own[IOSTAT_NAME_LEN];
	struct io_dev *d;
	size_t len;

	if (io->o.devmap)
		dm_kernel_name(name, own, sizeof(own));
	else
		snprintf(own, sizeof(own), "%s", name);
	len = strlen(own) + 1;
	d = calloc(1, sizeof(*d) + 2 * len);
	if (!d) {
		perror("malloc");
		exit(4);
	}
	memcpy(d->name, own, len);
	/* Kept, not made per line: a day's -x report names 23,000 lines. */
	memcpy(d->name + len, own, len);
	slashes_to(d->name + len, '!', '/');
	d->shown = d->name + len;
	d->slash = strchr(d->name, '/') != NULL;
	d->exist = true;
	if (type == IO_GROUP) {
		d->type = IO_GROUP;
		return d;
	}
	if (io->o.win.archive) {
		/* Named on the command line: typed by the first record (iostat_hist_retype()). */
		if (!io->hist_ext)
			d->type = type;
		else
			d->type = iostat_hist_is_whole(io, name) ?
			                  (type == IO_PART_DEV ? IO_PART_DEV : IO_DEV) : IO_PART;
	} else {
		d->type = device_anywhere(io, name) ? (type == IO_PART_DEV ? IO_PART_DEV : IO_DEV)
		                                    : IO_PART;
	}
	if (major) {
		d->major = major;
		d->minor = minor;
	} else if (io->o.win.archive) {
		iostat_hist_numbers(io, d->name, &d->major, &d->minor);
	} else {
		dev_numbers(d);
	}
	return d;
}

/* The bucket of name in a table of cap (a power of two) buckets. */
static size_t
bucket_of(const char *name, size_t cap)
{
	return (size_t) str_hash(name) & (cap - 1);
}

static struct io_dev *
find_by_name(const struct iostat *io, const char *name)
{
	struct io_dev *d;

	if (!io->by_name_cap)
		return NULL;
	for (d = io->by_name[bucket_of(name, io->by_name_cap)]; d; d = d->same_hash)
		if (!strcmp(d->name, name))
			return d;
	return NULL;
}

static void
hash_device(struct iostat *io, struct io_dev *d)
{
	size_t i;

	if (2 * ++io->n_devs > io->by_name_cap) {
		size_t cap = io->by_name_cap ? 2 * io->by_name_cap : 64;
		struct io_dev **v = calloc(cap, sizeof(*v)), *e;

		if (!v) {
			perror("malloc");
			exit(4);
		}
		for (i = 0; i < io->by_name_cap; i++)
			while ((e = io->by_name[i])) {
				io->by_name[i] = e->same_hash;
				e->same_hash = v[bucket_of(e->name, cap)];
				v[bucket_of(e->name, cap)] = e;
			}
		free(io->by_name);
		io->by_name = v;
		io->by_name_cap = cap;
	}
	i = bucket_of(d->name, io->by_name_cap);
	d->same_hash = io->by_name[i];
	io->by_name[i] = d;
}

struct io_dev *
iostat_add_device(struct iostat *io, const char *name, int type, unsigned major, unsigned minor)
{
	struct io_dev **link = &io->devs, *d;

	if (strnlen(name, IOSTAT_NAME_LEN) == IOSTAT_NAME_LEN)
		return NULL;
	/* A name is in the list once: the table finds it without the walk. */
	d = find_by_name(io, name);
	if (d) {
		if (type == IO_PART_DEV && d->type == IO_DEV)
			d->type = IO_PART_DEV;
		d->exist = true;
		return d;
	}
	/* Sorted by name, but groups and -p ALL (kernel order) keep their order. */
	if (!io->o.group_defined && !io->o.everything)
		while (*link && strcmp((*link)->name, name) < 0)
			link = &(*link)->next;
	else
		while (*link)
			link = &(*link)->next;
	d = new_device(io, name, type, major, minor);
	d->next = *link;
	*link = d;
	hash_device(io, d);
	return d;
}

void
iostat_free_devices(struct iostat *io)
{
	while (io->devs) {
		struct io_dev *next = io->devs->next;

		free(io->devs);
		io->devs = next;
	}
	free(io->by_name);
	io->by_name = NULL;
	io->by_name_cap = io->n_devs = 0;
	free(io->hist_taken);
	io->hist_taken = NULL;
	io->hist_taken_cap = 0;
}

void
iostat_cmdline_name(const char *name, char *out, size_t len)
{
	char *real = realpath(name, NULL);

	if (!real) {
		snprintf(out, len, "%s", name);
		return;
	}
	snprintf(out, len, "%s", real + (strncmp(real, "/dev/", 5) ? 0 : 5));
	slashes_to(out, '/', '!');
	free(real);
}

/* ---- reading ---- */

/* A stat file into *st; -1 when it cannot be opened (st untouched). */
static int
read_stat_file(const char *path, struct io_stats *st)
{
	char buf[4096];

	if (read_small(path, buf, sizeof(buf)) < 0)
		return -1;
	iostat_parse_sysfs_stat(buf, st);
	return 0;
}

/*
 * sysstat's way with -f and +f: /sys alone, the directory alone (-f), or
 * /sys then the directory when /sys failed (+f). tail is the path below
 * either base ("block/sda/stat").
 */
static int
read_stat_either(const struct iostat *io, const char *tail, struct io_stats *st)
{
	const char *alt = io->o.alt_dir;
	char path[PATH_MAX];
	int rc = 0;

	if (!alt[0] || io->o.all_dir) {
		snprintf(path, sizeof(path), "/sys/%s", tail);
		rc = read_stat_file(path, st);
	}
	if (alt[0] && (!io->o.all_dir || rc < 0)) {
		snprintf(path, sizeof(path), "%s/%s", alt, tail);
		rc = read_stat_file(path, st);
	}
	return rc;
}

/* Every entry of dir with a readable ENTRY/stat joins the list with it (whole devices, partitions). */
static int
read_dir_stats(struct iostat *io, const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;

	if (!dp)
		return -1;
	while ((e = readdir(dp))) {
		char path[PATH_MAX];
		struct io_stats st;
		struct io_dev *d;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s/stat", dir, e->d_name);
		if (read_stat_file(path, &st) < 0)
			continue;
		d = iostat_add_device(io, e->d_name, 0, 0, 0);
		if (d)
			d->st[io->curr] = st;
	}
	closedir(dp);
	return 0;
}

/* The partitions of whole device name (-p DEV). */
static void
read_partitions(struct iostat *io, const char *name)
{
	const char *alt = io->o.alt_dir;
	char dir[PATH_MAX];
	int rc = 0;

	if (!alt[0] || io->o.all_dir) {
		snprintf(dir, sizeof(dir), "/sys/block/%s", name);
		rc = read_dir_stats(io, dir);
	}
	if (alt[0] && (!io->o.all_dir || rc < 0)) {
		snprintf(dir, sizeof(dir), "%s/block/%s", alt, name);
		read_dir_stats(io, dir);
	}
}

/* Every whole device ("iostat", "iostat ALL"): /sys/block, and also the -f/+f directory's. */
static void
read_all_devices(struct iostat *io)
{
	char dir[PATH_MAX];

	if (!io->o.alt_dir[0] || io->o.all_dir)
		read_dir_stats(io, "/sys/block");
	if (io->o.alt_dir[0]) {
		snprintf(dir, sizeof(dir), "%s/block", io->o.alt_dir);
		read_dir_stats(io, dir);
	}
}

/* A named partition, through /sys/dev/block/M:m. */
static int
read_part(struct iostat *io, struct io_dev *d)
{
	char tail[64];

	snprintf(tail, sizeof(tail), "dev/block/%u:%u/stat", d->major, d->minor);
	return read_stat_either(io, tail, &d->st[io->curr]);
}

static void
read_dlist(struct iostat *io)
{
	struct io_dev *d;

	for (d = io->devs; d; d = d->next) {
		if (d->exist)
			continue; /* read already, with its whole device */
		if (d->type == IO_PART) {
			if (read_part(io, d) == 0)
				d->exist = true;
		} else if (d->type == IO_DEV || d->type == IO_PART_DEV) {
			char tail[IOSTAT_NAME_LEN + 16];

			snprintf(tail, sizeof(tail), "block/%s/stat", d->name);
			if (read_stat_either(io, tail, &d->st[io->curr]) == 0)
				d->exist = true;
			if (d->type == IO_PART_DEV)
				read_partitions(io, d->name);
		}
	}
	if (io->o.all_devices)
		read_all_devices(io);
}

/* The lines of a diskstats file, cut as fgets() into 256 bytes cuts them. */
static void
read_diskstats_file(struct iostat *io, const char *path)
{
	FILE *fp = fopen(path, "r");
	char line[256];

	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		struct iostat_diskline l;
		struct io_dev *d;

		if (!iostat_parse_diskline(line, io->o.extended, &l))
			continue;
		d = iostat_add_device(io, l.name, 0, l.major, l.minor);
		if (d)
			d->st[io->curr] = l.st;
	}
	fclose(fp);
}

void
iostat_read_disks(struct iostat *io)
{
	struct io_dev *d;
	char path[PATH_MAX];

	for (d = io->devs; d; d = d->next)
		d->exist = false;
	if (!io->o.everything) {
		read_dlist(io);
		return;
	}
	if (!io->o.alt_dir[0] || io->o.all_dir)
		read_diskstats_file(io, "/proc/diskstats");
	if (io->o.alt_dir[0]) {
		snprintf(path, sizeof(path), "%s/diskstats", io->o.alt_dir);
		read_diskstats_file(io, path);
	}
}

void
iostat_read_cpu(struct iostat *io)
{
	struct stats_cpu *c = &io->cpu[io->curr];
	struct stats_cpu tmp = {0};
	struct strbuf buf = STRBUF_INIT;
	FILE *fp;
	char chunk[8192];
	size_t n;

	if (live_uptime(&io->root, &io->uptime[io->curr]) < 0)
		exit(2);
	fp = fopen("/proc/stat", "r");
	if (!fp) {
		fprintf(stderr, _("Cannot open %s: %s\n"), "/proc/stat", strerror(errno));
		exit(2);
	}
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		strbuf_add(&buf, chunk, n);
	fclose(fp);
	/* A file without a "cpu " line leaves the previous values, as sysstat does. */
	if (buf.buf && parse_proc_stat_cpu(buf.buf, &tmp, 1) > 0)
		*c = tmp;
	strbuf_release(&buf);
	io->tot_jiffies[io->curr] = live_cpu_jiffies(c);
}

/* ---- names ---- */

bool
iostat_persist_type_ok(const char *type)
{
	char dir[PATH_MAX];

	return snprintf(dir, sizeof(dir), "/dev/disk/by-%s", type) < (int) sizeof(dir) &&
	       access(dir, R_OK) == 0;
}

bool
iostat_pretty_from_persistent(const struct iostat *io, const char *persistent, char *out,
                              size_t len)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "/dev/disk/by-%s/%s", io->o.persist_type, persistent) >=
	            (int) sizeof(path) ||
	    access(path, F_OK))
		return false;
	return sar_link_basename(path, out, len);
}

/* The kernel's name of major:minor (/sys/dev/block, ioconf, devM-m): what -j looks up. */
static void
kernel_name(struct iostat *io, const struct io_dev *d, char *out, size_t len)
{
	char link[64];

	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", d->major, d->minor);
	if (sar_link_basename(link, out, len))
		return;
	sar_disk_kernel_name(&io->out, d->major, d->minor, out, len);
}

void
iostat_display_name(struct iostat *io, const struct io_dev *d, char *out, size_t len)
{
	char kname[PATH_MAX];
	bool done = false;

	if (io->o.persist) {
		kernel_name(io, d, kname, sizeof(kname));
		done = sar_disk_persistent_name(io->o.persist_type, kname, out, len);
	}
	if (!done && io->o.devmap) {
		if (!io->dm_major_known) {
			io->dm_major = sar_devmap_major();
			io->dm_major_known = true;
		}
		if (d->major == io->dm_major)
			done = sar_devmap_name(d->major, d->minor, out, len);
	}
	if (!done && len) /* a line of every device of a day comes here */
		str_copy(out, len, d->name, len);
	slashes_to(out, '!', '/');
}

const char *
iostat_name_shown(struct iostat *io, const struct io_dev *d, char *out, size_t len)
{
	if (!io->o.persist && !io->o.devmap)
		return d->shown;
	iostat_display_name(io, d, out, len);
	return out;
}
