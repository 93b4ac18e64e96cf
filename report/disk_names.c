/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Block device names, as sar -d and iostat show them. They are not in the
 * file: as sysstat does, they are made from major:minor on the host that
 * reads it, at display time: the /sys/dev/block link, else the ioconf file,
 * else devM-m; -p prefers the device-mapper names of /dev/mapper, -j the
 * /dev/disk/by-TYPE names or the WWN.
 *
 * Apart from the views (views_disk.c) so that iostat links this and not
 * the engine.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "engine.h"
#include "options.h"
#include "common/activity.h"
#include "common/nls.h"
#include "common/numfmt.h"
#include "common/sysexit.h"
#include "common/strbuf.h"
#include "common/banned.h"

#define DEV_NAME_MAX SAR_DISK_NAME_MAX

/* Room for any name (persistent names are file names). */
#define NAME_BUF (PATH_MAX + 1)

static const char sysfs_dev_block[] = "/sys/dev/block";
static const char devmap_dir[] = "/dev/mapper";
static const char dev_disk_by[] = "/dev/disk/by";
static const char proc_devices[] = "/proc/devices";
static const char ioconf_file[] = "/etc/sysstat/sysstat.ioconf";
/* sysstat falls back on a file of the current directory. */
static const char ioconf_local[] = "./sysstat.ioconf";

/* ---- helpers ---- */

/* Copies src into out, cut to len - 1 bytes (sysstat's fixed-size buffers). */
static void
copy_cut(char *out, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);

	memmove(out, src, n);
	out[n] = '\0';
}

/* POSIX basename(3) (libgen's), which sysstat uses: modifies path. */
const char *
sar_path_basename(char *path)
{
	size_t n = strlen(path);
	const char *slash;

	if (!n)
		return ".";
	while (n > 1 && path[n - 1] == '/')
		path[--n] = '\0';
	if (n == 1 && path[0] == '/')
		return path;
	slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

bool
sar_link_basename(const char *link, char *out, size_t len)
{
	char target[PATH_MAX];
	ssize_t r = readlink(link, target, sizeof(target));
	const char *base;

	if (r <= 0 || r >= (ssize_t) sizeof(target))
		return false;
	target[r] = '\0';
	base = sar_path_basename(target);
	if (!*base)
		return false;
	snprintf(out, len, "%s", base);
	return true;
}
/* ---- device names: the ioconf file ---- */

/*
 * The ioconf file (sysstat.ioconf(5)) maps a major number to a naming
 * scheme: base name, controller part, disk number (decimal or a, b, ... z,
 * aa), partition part. Indirect records give more majors (more
 * controllers) the scheme of an earlier one; "x" records name one minor.
 */
#define IOC_MAX_MAJOR 511 /* sysstat's MAX_BLKDEV */
#define IOC_MAX_MINOR ((1u << 20) - 1)
#define IOC_MAX_BLK   512 /* direct records kept (a real file has about 100) */
#define IOC_LINE      256 /* sysstat's line buffer (reads 254 bytes at a time) */

/* One direct record: how the names of a major are built. */
struct ioc_blk {
	char name[32];      /* base name ("sd") */
	char ctrl[64];      /* base name and controller text, before the controller number */
	bool ctrl_explicit; /* the controller number is part of the name */
	char disk[16];      /* text before the disk number */
	bool letters;       /* disks are a, b, ... z, aa (else decimal) */
	char part[20];      /* text before the partition number */
	uint32_t dcount;    /* disks per controller */
	uint32_t pcount;    /* minors per disk */
	bool ext;           /* one minor has a name of its own */
	uint32_t ext_minor;
	char ext_name[32];
};

struct ioc_major {
	bool set;
	uint32_t ctrlno;
	uint32_t basemajor; /* the major the record refers to (itself when direct) */
	uint32_t blk;       /* index of its scheme */
};

struct ioc_table {
	bool parsed;
	uint32_t n_blk;
	uint32_t refnr[IOC_MAX_MAJOR + 1]; /* indirect records naming each major */
	struct ioc_major major[IOC_MAX_MAJOR + 1];
	/* As many as the file has: 512 in place made sar -d 110 kB larger than sysstat's. */
	struct ioc_blk *blk;
	uint32_t blk_cap;
};

/* An indirect record "major:base:ctrlno[:desc]". */
static void
ioc_indirect(struct ioc_table *t, unsigned major, unsigned indirect, unsigned ctrlno,
             const char *file)
{
	if (indirect == 0)
		return; /* the convention for an unsupported device */
	if (indirect > IOC_MAX_MAJOR) {
		fprintf(stderr, "%s: Indirect major #%u out of range\n", file, indirect);
		return;
	}
	if (major > IOC_MAX_MAJOR) {
		fprintf(stderr, "%s: Major #%u out of range\n", file, major);
		return;
	}
	if (!t->major[indirect].set) {
		/* sysstat names the major twice here. */
		fprintf(stderr,
		        "%s: Indirect record '%u:%u:%u:...' references not yet seen major %u\n",
		        file, major, indirect, ctrlno, major);
		return;
	}
	t->refnr[indirect]++;
	t->major[major] = (struct ioc_major){true, ctrlno, indirect, t->major[indirect].blk};
}

/* An "x" record: one minor of an already described major gets its own name. */
static void
ioc_exception(struct ioc_table *t, unsigned major, unsigned minor, const char *name,
              const char *line, const char *file)
{
	struct ioc_blk *b;

	if (!t->major[major].set) {
		fprintf(stderr,
		        "%s: type 'x' record for major #%u must follow the base record - ignored\n",
		        file, major);
		return;
	}
	b = &t->blk[t->major[major].blk];
	if (b->ext) {
		fprintf(stderr,
		        "%s: duplicate 'x' record for major #%u - ignored\ninput line: %s\n", file,
		        major, line);
		return;
	}
	b->ext_minor = minor;
	copy_cut(b->ext_name, sizeof(b->ext_name), name);
	b->ext = true;
}

/* The fields of a direct record, as scanned. */
struct ioc_fields {
	unsigned major, ctrlno, dcount, pcount;
	char name[IOC_LINE], cfmt[IOC_LINE], dfmt[IOC_LINE], pfmt[IOC_LINE], desc[IOC_LINE];
};

static void
ioc_scheme(struct ioc_blk *b, const struct ioc_fields *f)
{
	size_t n;

	memset(b, 0, sizeof(*b));
	copy_cut(b->name, sizeof(b->name), f->name);
	copy_cut(b->ctrl, sizeof(b->ctrl), b->name);
	b->ctrl_explicit = f->cfmt[0] != '*';
	if (b->ctrl_explicit) {
		n = strlen(b->ctrl);
		copy_cut(b->ctrl + n, sizeof(b->ctrl) - n, f->cfmt);
	}
	/* "a": letters; "%TEXT": TEXT then a decimal number; "d": a decimal number. */
	b->letters = f->dfmt[0] == 'a';
	if (f->dfmt[0] == '%')
		snprintf(b->disk, sizeof(b->disk), "%.15s", f->dfmt + 1);
	copy_cut(b->part, sizeof(b->part), f->pfmt[0] == '*' ? "" : f->pfmt);
	b->dcount = f->dcount;
	b->pcount = f->pcount;
}

/* A direct record "major:name:ctrl:ctrlno:disk:dcount:part:pcount:desc"; true when counted. */
static bool
ioc_direct(struct ioc_table *t, const char *line, const char *file)
{
	struct ioc_fields f;
	int n = sscanf(line, "%u:%255[^:]:%255[^:]:%u:%255[^:]:%u:%255[^:]:%u:%255s", &f.major,
	               f.name, f.cfmt, &f.ctrlno, f.dfmt, &f.dcount, f.pfmt, &f.pcount, f.desc);

	if (n != 9) {
		fprintf(stderr, "%s: Malformed %u field record: %s\n", file, (unsigned) n, line);
		return false;
	}
	if (f.major == 0 || f.major >= IOC_MAX_MAJOR) {
		/* sysstat names its function here, not the file. */
		fprintf(stderr, "%s: major #%u out of range\n", "ioc_init", f.major);
		return false;
	}
	if (f.cfmt[0] == 'x') {
		ioc_exception(t, f.major, f.ctrlno, f.name, line, file);
		return false;
	}
	if (t->n_blk == IOC_MAX_BLK)
		return false;
	if (t->n_blk == t->blk_cap) {
		uint32_t cap = t->blk_cap ? 2 * t->blk_cap : 64;
		struct ioc_blk *p = sysrec_realloc(t->blk, (size_t) cap * sizeof(*p));
		t->blk = p;
		t->blk_cap = cap;
	}
	ioc_scheme(&t->blk[t->n_blk], &f);
	t->major[f.major] = (struct ioc_major){true, f.ctrlno, f.major, t->n_blk};
	t->n_blk++;
	return true;
}

/* One line (or 254-byte piece of a longer line); true when it was a direct record. */
static bool
ioc_line(struct ioc_table *t, const char *line, const char *file)
{
	unsigned major, indirect, ctrlno;
	char desc[IOC_LINE];
	int n;

	if (line[0] == '#' || line[0] == '\n')
		return false;
	n = sscanf(line, "%u:%u:%u:%255s", &major, &indirect, &ctrlno, desc);
	if (n != 4)
		n = sscanf(line, "%u:%u:%u", &major, &indirect, &ctrlno);
	if (n == 3 || n == 4) {
		ioc_indirect(t, major, indirect, ctrlno, file);
		return false;
	}
	return ioc_direct(t, line, file);
}

/* Reads the ioconf file; returns the number of direct records (0: no names from it). */
static unsigned
ioc_load(struct ioc_table *t)
{
	const char *file = ioconf_file;
	char line[IOC_LINE];
	unsigned count = 0;
	FILE *fp = fopen(file, "r");

	if (!fp) {
		file = ioconf_local;
		fp = fopen(file, "r");
		if (!fp)
			return 0; /* tried again at the next name, as sysstat does */
	}
	while (fgets(line, sizeof(line) - 1, fp))
		count += ioc_line(t, line, file);
	fclose(fp);
	t->parsed = true;
	return count;
}

/* A disk number: decimal, or a, b, ... z, aa, ab... (a numbering without a zero). */
static void
ioc_number(char *out, size_t len, uint32_t val, bool letters)
{
	static const char syms[] = "zabcdefghijklmnopqrstuvwxy";
	char buf[16];
	char *p = buf + sizeof(buf) - 1;

	if (!letters) {
		snprintf(out, len, "%u", val);
		return;
	}
	*p = '\0';
	for (val++; val > 0;) {
		uint32_t digit = val % 26;

		*--p = syms[digit];
		val /= 26;
		if (digit == 0)
			val--;
	}
	snprintf(out, len, "%s", p);
}

/* The name ioconf gives major:minor; false when it gives none (sysstat's NULL or "nodev"). */
static bool
ioc_name(struct ioc_table *t, uint32_t major, uint32_t minor, char *out, size_t len)
{
	const struct ioc_major *m;
	const struct ioc_blk *b;
	uint32_t base, offset;
	char num[16];
	size_t n;

	if (major > IOC_MAX_MAJOR || minor > IOC_MAX_MINOR)
		return false;
	if (!t->parsed && !ioc_load(t))
		return false;
	m = &t->major[major];
	if (!m->set)
		return false;
	b = &t->blk[m->blk];
	if ((minor & 0xff) >= b->dcount * b->pcount)
		return false;
	if (b->ext && b->ext_minor == minor) {
		snprintf(out, len, "%s", b->ext_name);
		return strcmp(out, "nodev") != 0;
	}
	/* Minors past 255 continue the numbering after every controller of the scheme. */
	base = m->ctrlno * b->dcount;
	if (minor >= 256)
		base += b->dcount * (t->refnr[m->basemajor] + 1) * (minor >> 8);
	offset = (minor & 0xff) / b->pcount;
	if (!b->ctrl_explicit)
		offset += base;
	if (b->ctrl_explicit)
		snprintf(out, len, "%s%d", b->ctrl, (int) m->ctrlno);
	else
		snprintf(out, len, "%s", b->ctrl);
	ioc_number(num, sizeof(num), offset, b->letters);
	n = strlen(out);
	snprintf(out + n, len - n, "%s%s", b->disk, num);
	n = strlen(out);
	if (minor % b->pcount)
		snprintf(out + n, len - n, "%s%d", b->part, (int) (minor % b->pcount));
	return strcmp(out, "nodev") != 0;
}

/* ---- device names ---- */

/*
 * What naming the devices has learnt, kept for the whole run: sysstat reads
 * the ioconf file and the device-mapper major once per run (its messages
 * too), whatever the passes. The kernel names found before are kept too:
 * sysstat reads the sysfs link again for every row, but the answer for a
 * major:minor does not change during a run (the readlink was a quarter of
 * the time of sadf -j -A on a big file). They are kept in KNOWN_NAMES
 * slots picked by a hash of major:minor, a newer name taking the place of
 * an older one: a machine with more disks than slots, or disks whose
 * numbers change, costs a lookup per row and never a scan of them all.
 */
#define KNOWN_NAMES 64 /* a power of two */
#define KNOWN_SHIFT 58 /* 64 - log2(KNOWN_NAMES) */
/*
 * The kernel's names are shorter than 32 bytes (DISK_NAME_LEN): the slots
 * fit in one page, wherever the hash puts a machine's disks. A longer
 * name (ioconf's) is found again at each row.
 */
#define KNOWN_NAME_LEN 32

struct known_name {
	uint32_t major, minor;
	bool set;
	char name[KNOWN_NAME_LEN];
};

struct sar_disk_names {
	bool dm_known;
	uint32_t dm_major;
	struct ioc_table ioc;
	struct known_name known[KNOWN_NAMES];
	/* The major:minor entries of /sys/dev/block, sorted, read once: no readlink for others. */
	int sysfs_state; /* 0: not read yet, 1: read, -1: unreadable (try every link) */
	uint64_t *sysfs_devs;
	size_t n_sysfs_devs;
};

/* The run's naming state, made at the first device name (it lives until the run ends). */
static struct sar_disk_names *
naming_of(struct sar *s)
{
	if (!s->disk_names) {
		s->disk_names = sysrec_calloc(1, sizeof(*s->disk_names));
	}
	return s->disk_names;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/*
 * The entries are read with getdents64() into 2 kB: opendir() takes 32 kB
 * of heap for its buffer, the largest block of a replay's peak memory,
 * for a directory of a few hundred bytes.
 */
#define DENTS_BUF 2048

static void
list_sysfs_devs(struct sar_disk_names *st)
{
	int fd = open(sysfs_dev_block, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	char *buf;
	size_t cap = 0;
	ssize_t n;

	st->sysfs_state = -1;
	if (fd < 0)
		return;
	buf = sysrec_malloc(DENTS_BUF);
	while ((n = getdents64(fd, buf, DENTS_BUF)) > 0) {
		ssize_t off;

		for (off = 0; off < n; off += ((struct dirent64 *) (buf + off))->d_reclen) {
			const struct dirent64 *e = (const struct dirent64 *) (buf + off);
			unsigned major, minor;
			uint64_t *p;

			if (sscanf(e->d_name, "%u:%u", &major, &minor) != 2)
				continue;
			if (st->n_sysfs_devs == cap) {
				cap = cap ? 2 * cap : 64;
				p = sysrec_reallocarray(st->sysfs_devs, cap, sizeof(*p));
				st->sysfs_devs = p;
			}
			st->sysfs_devs[st->n_sysfs_devs++] = (uint64_t) major << 32 | minor;
		}
	}
	close(fd);
	free(buf);
	if (n < 0) {
		/* Unreadable: as if it could not be opened (every link is tried). */
		free(st->sysfs_devs);
		st->sysfs_devs = NULL;
		st->n_sysfs_devs = 0;
		return;
	}
	qsort(st->sysfs_devs, st->n_sysfs_devs, sizeof(*st->sysfs_devs), cmp_u64);
	st->sysfs_state = 1;
}

/* Whether /sys/dev/block/M:m may exist (sysstat's readlink fails for the others). */
static bool
in_sysfs(struct sar_disk_names *st, uint32_t major, uint32_t minor)
{
	uint64_t key = (uint64_t) major << 32 | minor;
	size_t lo = 0, hi;

	if (!st->sysfs_state)
		list_sysfs_devs(st);
	if (st->sysfs_state < 0)
		return true;
	hi = st->n_sysfs_devs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (st->sysfs_devs[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < st->n_sysfs_devs && st->sysfs_devs[lo] == key;
}

/* snprintf(out, len, "dev%u-%u", major, minor), without printf's cost. */
static void
number_name(uint32_t major, uint32_t minor, char *out, size_t len)
{
	char buf[3 + 1 + 2 * NUMFMT_PLAIN_ROOM];
	size_t n = 3;

	memcpy(buf, "dev", 3);
	n += numfmt_u64_plain(buf + n, major);
	buf[n++] = '-';
	n += numfmt_u64_plain(buf + n, minor);
	str_copy(out, len, buf, n);
}

/* The kernel's name: /sys/dev/block/M:m, else ioconf, else devM-m. */
static void
find_kernel_name(struct sar_disk_names *st, uint32_t major, uint32_t minor, char *out,
                 size_t len)
{
	char link[64];

	if (in_sysfs(st, major, minor)) {
		snprintf(link, sizeof(link), "%s/%u:%u", sysfs_dev_block, major, minor);
		if (sar_link_basename(link, out, len))
			return;
	}
	if (ioc_name(&st->ioc, major, minor, out, len))
		return;
	number_name(major, minor, out, len);
}

static void
kernel_name(struct sar_disk_names *st, uint32_t major, uint32_t minor, char *out, size_t len)
{
	uint64_t h = ((uint64_t) major << 32 | minor) * 0x9e3779b97f4a7c15u;
	struct known_name *k = &st->known[h >> KNOWN_SHIFT];

	if (k->set && k->major == major && k->minor == minor) {
		str_copy(out, len, k->name, sizeof(k->name));
		return;
	}
	find_kernel_name(st, major, minor, out, len);
	if (strlen(out) < sizeof(k->name)) {
		k->major = major;
		k->minor = minor;
		k->set = true;
		str_copy(k->name, sizeof(k->name), out, sizeof(k->name));
	}
}

void
sar_disk_kernel_name(struct sar *s, uint32_t major, uint32_t minor, char *out, size_t len)
{
	kernel_name(naming_of(s), major, minor, out, len);
}

uint32_t
sar_devmap_major(void)
{
	unsigned major = ~0u;
	char line[128];
	FILE *fp = fopen(proc_devices, "r");

	if (!fp)
		return major;
	while (fgets(line, sizeof(line), fp))
		if (strstr(line, "device-mapper"))
			sscanf(line, "%u", &major);
	fclose(fp);
	return major;
}

bool
sar_devmap_name(uint32_t major, uint32_t minor, char *out, size_t len)
{
	DIR *dir = opendir(devmap_dir);
	struct dirent *e;
	bool found = false;

	if (!dir) {
		fprintf(stderr, _("Cannot open %s: %s\n"), devmap_dir, strerror(errno));
		sysrec_exit(4);
	}
	while (!found && (e = readdir(dir)) != NULL) {
		char path[512];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", devmap_dir, e->d_name);
		if (stat(path, &st) == 0 && major(st.st_rdev) == major &&
		    minor(st.st_rdev) == minor) {
			snprintf(out, len, "%.*s", DEV_NAME_MAX - 1, e->d_name);
			found = true;
		}
	}
	closedir(dir);
	return found;
}

/* scandir's order for sysstat, whose locale never sets LC_COLLATE. */
static int
by_name(const struct dirent **x, const struct dirent **y)
{
	return strcmp((*x)->d_name, (*y)->d_name);
}

/* Whether dir/entry exists and is a link to a device called pretty. */
static bool
points_at(const char *dir, const char *entry, const char *pretty)
{
	char path[PATH_MAX], target[NAME_BUF];

	if (snprintf(path, sizeof(path), "%s/%s", dir, entry) >= (int) sizeof(path) ||
	    access(path, F_OK))
		return false;
	return sar_link_basename(path, target, sizeof(target)) && !strcmp(target, pretty);
}

/* The first entry of /dev/disk/by-TYPE (in alphabetical order) that points at pretty. */
bool
sar_disk_persistent_name(const char *type, const char *pretty, char *out, size_t len)
{
	char dir[PATH_MAX];
	struct dirent **names;
	bool found = false;
	int n, i;

	if (snprintf(dir, sizeof(dir), "%s-%s", dev_disk_by, type) >= (int) sizeof(dir) ||
	    access(dir, R_OK))
		return false;
	n = scandir(dir, &names, NULL, by_name);
	if (n < 0)
		return false;
	for (i = 0; i < n; i++) {
		const char *d = names[i]->d_name;

		/* sysstat takes a directory holding only "." and ".." as empty. */
		if (!found && n > 2 && strcmp(d, ".") && strcmp(d, "..") &&
		    points_at(dir, d, pretty)) {
			snprintf(out, len, "%s", d);
			found = true;
		}
		free(names[i]);
	}
	free(names);
	return found;
}

/* -j SID: the WWN, then the partition number. */
static void
wwn_name(const struct stats_disk *d, char *out, size_t len)
{
	char ext[32] = "", part[16] = "";

	if (d->wwn[1])
		snprintf(ext, sizeof(ext), "%016llx", (unsigned long long) d->wwn[1]);
	if (d->part_nr)
		snprintf(part, sizeof(part), "-%d", (int) d->part_nr);
	snprintf(out, len, "%#016llx%s%s", (unsigned long long) d->wwn[0], ext, part);
}

/* -p: the device-mapper name of a dm device; false for other devices. */
static bool
pretty_name(struct sar_disk_names *st, const struct stats_disk *d, char *out, size_t len)
{
	if (!st->dm_known) {
		st->dm_major = sar_devmap_major();
		st->dm_known = true;
	}
	return d->major == st->dm_major && sar_devmap_name(d->major, d->minor, out, len);
}

void
sar_disk_name(struct sar *s, const struct stats_disk *d, char *out)
{
	struct sar_disk_names *st = naming_of(s);
	char name[NAME_BUF];
	bool done = false;
	char *bang;

	if (s->o.persistent_type & SAR_PERSIST_NAME) {
		char kname[NAME_BUF];

		kernel_name(st, d->major, d->minor, kname, sizeof(kname));
		done = sar_disk_persistent_name(s->o.persistent_name, kname, name, sizeof(name));
	}
	if (!done && (s->o.persistent_type & SAR_PERSIST_SID) && d->wwn[0]) {
		wwn_name(d, name, sizeof(name));
		done = true;
	} else if (!done && s->o.pretty) {
		done = pretty_name(st, d, name, sizeof(name));
	}
	if (!done)
		kernel_name(st, d->major, d->minor, name, sizeof(name));
	copy_cut(out, DEV_NAME_MAX, name);
	while ((bang = strchr(out, '!')) != NULL)
		*bang = '/';
}
void
sar_disk_names_free(struct sar_disk_names *st)
{
	if (!st)
		return;
	free(st->ioc.blk);
	free(st->sysfs_devs);
	free(st);
}
