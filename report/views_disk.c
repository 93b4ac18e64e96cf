/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The disk family of sar views: I/O totals (-b), block devices (-d), serial
 * lines (-y) and filesystems (-F [MOUNT]) (doc/activities.md §5).
 *
 * Block device names are not in the file. As sysstat does, they are made
 * from major:minor on the host that reads the file, at display time: the
 * /sys/dev/block link, else the ioconf file, else devM-m; -p prefers the
 * device-mapper names of /dev/mapper, -j the /dev/disk/by-TYPE names or
 * the WWN.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "engine.h"
#include "options.h"
#include "render.h"
#include "views.h"
#include "xstats.h"
#include "common/activity.h"
#include "common/compat.h"
#include "common/layout.h"
#include "common/sysexit.h"
#include "common/banned.h"

/* sysstat's units of --human values: bytes (filesystems) and kB (disks). */
#define UNIT_BYTE 1
#define UNIT_KB   2

/* sysstat's buffer for a device name (MAX_NAME_LEN): longer names are cut. */
#define DEV_NAME_MAX 128

/* Room for any name a view prints (persistent names are file names). */
#define NAME_BUF (PATH_MAX + 1)

static const char sysfs_dev_block[] = "/sys/dev/block";
static const char devmap_dir[] = "/dev/mapper";
static const char dev_disk_by[] = "/dev/disk/by";
static const char proc_devices[] = "/proc/devices";
static const char ioconf_file[] = "/etc/sysstat/sysstat.ioconf";
/* sysstat falls back on a file of the current directory. */
static const char ioconf_local[] = "./sysstat.ioconf";

/* ---- helpers ---- */

/* sadf shows every row: -z only hides rows in sar's own output. */
static bool
zero_omit(const struct sar *s)
{
	return s->o.zero_omit && !s->sink;
}

/* Whether the rows go to sadf's JSON or XML, whose rows have fields of their own. */
static bool
sink_markup(const struct sar *s)
{
	return s->sink && (s->sink_format == SAR_SINK_JSON || s->sink_format == SAR_SINK_XML);
}

/* S_VALUE of a 32-bit counter: the subtraction wraps at 32 bits. */
static double
s_value32(uint32_t prev, uint32_t curr, uint64_t itv)
{
	return (double) (uint32_t) (curr - prev) / (double) itv * 100;
}

/* Copies src into out, cut to len - 1 bytes (sysstat's fixed-size buffers). */
static void
copy_cut(char *out, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);

	memmove(out, src, n);
	out[n] = '\0';
}

/* POSIX basename(3) (libgen's), which sysstat uses: modifies path. */
static const char *
path_basename(char *path)
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

/* The basename of the target of a symbolic link, into out; false when unreadable. */
static bool
link_basename(const char *link, char *out, size_t len)
{
	char target[PATH_MAX];
	ssize_t r = readlink(link, target, sizeof(target));
	const char *base;

	if (r <= 0 || r >= (ssize_t) sizeof(target))
		return false;
	target[r] = '\0';
	base = path_basename(target);
	if (!*base)
		return false;
	snprintf(out, len, "%s", base);
	return true;
}

/* ---- -b: I/O and transfer rates ---- */

static const size_t io_fields[] = {
        offsetof(struct stats_io, dk_drive),      offsetof(struct stats_io, dk_drive_rio),
        offsetof(struct stats_io, dk_drive_wio),  offsetof(struct stats_io, dk_drive_dio),
        offsetof(struct stats_io, dk_drive_rblk), offsetof(struct stats_io, dk_drive_wblk),
        offsetof(struct stats_io, dk_drive_dblk),
};

#define N_IO (sizeof(io_fields) / sizeof(io_fields[0]))

/* sadf -j and -x group the rates by direction: tps, reads, writes, discards. */
static const size_t io_markup_order[N_IO] = {0, 1, 4, 2, 5, 3, 6};

static uint64_t
u64_at(const void *item, size_t off)
{
	uint64_t v;

	memcpy(&v, (const unsigned char *) item + off, sizeof(v));
	return v;
}

/* Rows and averages alike: the average is the rate from the segment's first record. */
static unsigned
io_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev, const struct sar_slot *curr,
         uint64_t itv)
{
	const void *p = sar_item(a, prev, 0, 0), *c = sar_item(a, curr, 0, 0);
	double rate[N_IO];
	size_t i;

	for (i = 0; i < N_IO; i++) {
		uint64_t vp = u64_at(p, io_fields[i]), vc = u64_at(c, io_fields[i]);

		/* Sums drop when a device goes away: sysstat shows 0, not a wrapped rate. */
		rate[i] = vc < vp ? 0.0 : sar_s_value(vp, vc, itv);
	}
	if (s->dish)
		sar_out_header(s, &view_io, s->ts_prev, a, NULL);
	sar_out_ts(s, s->ts_curr);
	for (i = 0; i < N_IO; i++)
		sar_out_f(s, rate[sink_markup(s) ? io_markup_order[i] : i]);
	sar_out_nl(s);
	return 1;
}

static void
io_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
             const struct sar_slot *last, uint64_t itv)
{
	io_print(s, a, first, last, itv);
}

/* In the order of io_markup_order: "a.b" keys nest (JSON objects, XML elements). */
static const struct sar_names io_names = {
        .json = "io",
        .keys = "tps;io-reads.rtps;io-reads.bread;io-writes.wtps;io-writes.bwrtn;"
                "io-discard.dtps;io-discard.bdscd",
        .xml = "io",
        .xml_attrs = " per=\"second\"",
};

const struct sar_view view_io = {
        .names = &io_names,
        .act_id = A_IO,
        .opt = SAR_O_MAIN,
        .hdr = "tps;rtps;wtps;dtps;bread/s;bwrtn/s;bdscd/s",
        .print = io_print,
        .print_avg = io_print_avg,
};

/* ---- -y: serial lines ---- */

static int
cmp_u32(uint32_t x, uint32_t y)
{
	return (x > y) - (x < y);
}

static int
cmp_line(const void *p, const void *c)
{
	return cmp_u32(((const struct stats_serial *) p)->line, ((const struct stats_serial *) c)->line);
}

const void *
sar_serial_prev(const struct sar_act *a, const struct sar_slot *prev, uint32_t i, const void *c,
                bool *ret_again)
{
	if (ret_again)
		*ret_again = false;
	return sar_prev_search(a, prev, i, c, cmp_line);
}

static void
serial_row(struct sar *s, const struct stats_serial *sp, const struct stats_serial *sc,
           uint64_t itv)
{
	char tty[32];

	sar_out_ts(s, s->ts_curr);
	if (s->sink) {
		/* sadf: the line number, named ttyS<n> by -p. */
		snprintf(tty, sizeof(tty), "%s%d", s->sink_format == SAR_SINK_PPC ? "ttyS" : "",
		         (int) sc->line);
		sar_out_str(s, tty, 0);
	} else {
		snprintf(tty, sizeof(tty), "       %3d", (int) sc->line);
		sar_out_raw(s, tty);
	}
	sar_xstats_rate(s, sp->rx, sc->rx);
	sar_out_f(s, s_value32(sp->rx, sc->rx, itv));
	sar_xstats_rate(s, sp->tx, sc->tx);
	sar_out_f(s, s_value32(sp->tx, sc->tx, itv));
	sar_xstats_rate(s, sp->frame, sc->frame);
	sar_out_f(s, s_value32(sp->frame, sc->frame, itv));
	sar_xstats_rate(s, sp->parity, sc->parity);
	sar_out_f(s, s_value32(sp->parity, sc->parity, itv));
	sar_xstats_rate(s, sp->brk, sc->brk);
	sar_out_f(s, s_value32(sp->brk, sc->brk, itv));
	sar_xstats_rate(s, sp->overrun, sc->overrun);
	sar_out_f(s, s_value32(sp->overrun, sc->overrun, itv));
	sar_out_nl(s);
}

/* Lines with no previous sample are skipped; with -z, lines that did not change too. */
static unsigned
serial_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
             const struct sar_slot *curr, uint64_t itv)
{
	static const struct stats_serial zero;
	unsigned n = 0;
	uint32_t i;

	if (s->dish || s->o.zero_omit)
		sar_out_header(s, &view_serial, s->ts_prev, a, NULL);
	for (i = 0; i < curr->nr; i++) {
		const struct stats_serial *sc = sar_item(a, curr, i, 0);
		const struct stats_serial *sp =
		        s->since_boot ? &zero : sar_serial_prev(a, prev, i, sc, NULL);

		if (!sp || (zero_omit(s) && !memcmp(sp, sc, sizeof(*sc))))
			continue;
		serial_row(s, sp, sc, itv);
		n++;
	}
	return n;
}

static void
serial_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                 const struct sar_slot *last, uint64_t itv)
{
	serial_print(s, a, first, last, itv);
}

static const struct sar_names serial_names = {
        .json = "serial",
        .keys = "line;rcvin;xmtin;framerr;prtyerr;brk;ovrun",
        .xml = "serial",
        .xml_attrs = " per=\"second\"",
        .xml_item = "tty",
        .flags = SAR_NF_ITEMS | SAR_NF_ITEM_NUM,
};

const struct sar_view view_serial = {
        .names = &serial_names,
        .act_id = A_SERIAL,
        .opt = SAR_O_MAIN,
        .hdr = "TTY;rcvin/s;xmtin/s;framerr/s;prtyerr/s;brk/s;ovrun/s",
        .flags = SAR_VF_HDR_EVERY_WITH_Z,
        .print = serial_print,
        .print_avg = serial_print_avg,
};

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
 * the time of sadf -j -A on a big file).
 */
#define KNOWN_NAMES 64

struct sar_disk_names {
	bool dm_known;
	uint32_t dm_major;
	struct ioc_table ioc;
	struct {
		uint32_t major, minor;
		char name[DEV_NAME_MAX];
	} known[KNOWN_NAMES];
	unsigned n_known;
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

static void
list_sysfs_devs(struct sar_disk_names *st)
{
	DIR *dir = opendir(sysfs_dev_block);
	struct dirent *e;
	size_t cap = 0;

	st->sysfs_state = -1;
	if (!dir)
		return;
	while ((e = readdir(dir)) != NULL) {
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
	closedir(dir);
	qsort(st->sysfs_devs, st->n_sysfs_devs, sizeof(*st->sysfs_devs), cmp_u64);
	st->sysfs_state = 1;
}

/* Whether /sys/dev/block/M:m may exist (sysstat's readlink fails for the others). */
static bool
in_sysfs(struct sar_disk_names *st, uint32_t major, uint32_t minor)
{
	uint64_t key = (uint64_t) major << 32 | minor;

	if (!st->sysfs_state)
		list_sysfs_devs(st);
	return st->sysfs_state < 0 || bsearch(&key, st->sysfs_devs, st->n_sysfs_devs,
	                                      sizeof(key), cmp_u64) != NULL;
}

/* The kernel's name: /sys/dev/block/M:m, else ioconf, else devM-m. */
static void
find_kernel_name(struct sar_disk_names *st, uint32_t major, uint32_t minor, char *out,
                 size_t len)
{
	char link[64];

	if (in_sysfs(st, major, minor)) {
		snprintf(link, sizeof(link), "%s/%u:%u", sysfs_dev_block, major, minor);
		if (link_basename(link, out, len))
			return;
	}
	if (ioc_name(&st->ioc, major, minor, out, len))
		return;
	snprintf(out, len, "dev%u-%u", major, minor);
}

static void
kernel_name(struct sar_disk_names *st, uint32_t major, uint32_t minor, char *out, size_t len)
{
	unsigned i;

	for (i = 0; i < st->n_known; i++)
		if (st->known[i].major == major && st->known[i].minor == minor) {
			snprintf(out, len, "%s", st->known[i].name);
			return;
		}
	find_kernel_name(st, major, minor, out, len);
	if (st->n_known < KNOWN_NAMES && strlen(out) < sizeof(st->known[0].name)) {
		st->known[st->n_known].major = major;
		st->known[st->n_known].minor = minor;
		snprintf(st->known[st->n_known].name, sizeof(st->known[0].name), "%s", out);
		st->n_known++;
	}
}

void
sar_disk_kernel_name(struct sar *s, uint32_t major, uint32_t minor, char *out, size_t len)
{
	kernel_name(naming_of(s), major, minor, out, len);
}

/* The device-mapper major of /proc/devices; ~0 (no device) when there is none. */
static uint32_t
devmap_major(void)
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

/* The /dev/mapper entry of major:minor, in directory order as sysstat scans it. */
static bool
devmap_name(uint32_t major, uint32_t minor, char *out, size_t len)
{
	DIR *dir = opendir(devmap_dir);
	struct dirent *e;
	bool found = false;

	if (!dir) {
		fprintf(stderr, "Cannot open %s: %s\n", devmap_dir, strerror(errno));
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
	return link_basename(path, target, sizeof(target)) && !strcmp(target, pretty);
}

/* The first entry of /dev/disk/by-TYPE (in alphabetical order) that points at pretty. */
static bool
persistent_name(const char *type, const char *pretty, char *out, size_t len)
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
		st->dm_major = devmap_major();
		st->dm_known = true;
	}
	return d->major == st->dm_major && devmap_name(d->major, d->minor, out, len);
}

/* The name sar shows for a device (sysstat's choice order), '!' turned back into '/'. */
static void
device_name(const struct sar *s, struct sar_disk_names *st, const struct stats_disk *d, char *out)
{
	char name[NAME_BUF];
	bool done = false;
	char *bang;

	if (s->o.persistent_type & SAR_PERSIST_NAME) {
		char kname[NAME_BUF];

		kernel_name(st, d->major, d->minor, kname, sizeof(kname));
		done = persistent_name(s->o.persistent_name, kname, name, sizeof(name));
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

/* ---- -d: block devices ---- */

static int
cmp_device(const void *p, const void *c)
{
	const struct stats_disk *dp = p, *dc = c;

	return dp->major != dc->major ? cmp_u32(dp->major, dc->major) : cmp_u32(dp->minor, dc->minor);
}

const void *
sar_disk_prev(const struct sar_act *a, const struct sar_slot *prev, uint32_t i, const void *c,
              bool *ret_again)
{
	const struct stats_disk *dp = sar_prev_search(a, prev, i, c, cmp_device), *dc = c;
	bool again = dp && dc->nr_ios < dp->nr_ios && (!dp->rd_sect || dc->rd_sect < dp->rd_sect) &&
	             (!dp->wr_sect || dc->wr_sect < dp->wr_sect) &&
	             (!dp->dc_sect || dc->dc_sect < dp->dc_sect);

	if (ret_again)
		*ret_again = again;
	return again ? NULL : dp;
}

/* The values of a device's row. */
enum disk_col {
	DK_TPS,
	DK_RD_SEC, /* sectors/s (sadf -j, -x) */
	DK_WR_SEC,
	DK_DC_SEC,
	DK_RKB,
	DK_WKB,
	DK_DKB,
	DK_ARQ_SEC, /* the request size in sectors (sadf -j, -x) */
	DK_AREQ,
	DK_AQU,
	DK_AWAIT,
	DK_UTIL,
	DK_MAX
};

/* How sar prints a column: a rate, a size in kB (--human), a percentage. */
enum disk_kind { DK_RATE, DK_KB, DK_PC };

struct disk_out {
	enum disk_col col;
	enum disk_kind kind;
};

/* sar, sadf -d and -p. */
static const struct disk_out disk_cols[] = {
        {DK_TPS, DK_RATE}, {DK_RKB, DK_KB},   {DK_WKB, DK_KB},     {DK_DKB, DK_KB},
        {DK_AREQ, DK_KB},  {DK_AQU, DK_RATE}, {DK_AWAIT, DK_RATE}, {DK_UTIL, DK_PC},
};

/* sadf -j and -x keep the sector units and names of older versions beside the new ones. */
static const struct disk_out disk_markup_cols[] = {
        {DK_TPS, DK_RATE},  {DK_RD_SEC, DK_RATE}, {DK_WR_SEC, DK_RATE}, {DK_DC_SEC, DK_RATE},
        {DK_RKB, DK_RATE},  {DK_WKB, DK_RATE},    {DK_DKB, DK_RATE},    {DK_ARQ_SEC, DK_RATE},
        {DK_AREQ, DK_RATE}, {DK_AQU, DK_RATE},    {DK_AQU, DK_RATE},    {DK_AWAIT, DK_RATE},
        {DK_UTIL, DK_RATE},
};

static void
disk_values(const struct stats_disk *dp, const struct stats_disk *dc, uint64_t itv,
            double v[DK_MAX])
{
	uint64_t ios = dc->nr_ios - dp->nr_ios;
	/* Ticks are 32-bit counters, sectors long ones: each sum wraps in its own type. */
	uint32_t ticks = (dc->rd_ticks - dp->rd_ticks) + (dc->wr_ticks - dp->wr_ticks) +
	                 (dc->dc_ticks - dp->dc_ticks);
	uint64_t sect = (dc->rd_sect - dp->rd_sect) + (dc->wr_sect - dp->wr_sect) +
	                (dc->dc_sect - dp->dc_sect);

	v[DK_TPS] = sar_s_value(dp->nr_ios, dc->nr_ios, itv);
	v[DK_RD_SEC] = sar_s_value(dp->rd_sect, dc->rd_sect, itv);
	v[DK_WR_SEC] = sar_s_value(dp->wr_sect, dc->wr_sect, itv);
	v[DK_DC_SEC] = sar_s_value(dp->dc_sect, dc->dc_sect, itv);
	v[DK_RKB] = v[DK_RD_SEC] / 2;
	v[DK_WKB] = v[DK_WR_SEC] / 2;
	v[DK_DKB] = v[DK_DC_SEC] / 2;
	/* 12.7.5 takes no averages when the I/O count went back, no %util when the ticks did. */
	if (flavour_1275() && dc->nr_ios < dp->nr_ios)
		ios = 0;
	v[DK_ARQ_SEC] = ios ? (double) sect / (double) ios : 0.0;
	v[DK_AREQ] = v[DK_ARQ_SEC] / 2;
	v[DK_AQU] = s_value32(dp->rq_ticks, dc->rq_ticks, itv) / 1000.0;
	v[DK_AWAIT] = ios ? (double) ticks / (double) ios : 0.0;
	v[DK_UTIL] = flavour_1275() && dc->tot_ticks < dp->tot_ticks
	                     ? 0.0
	                     : s_value32(dp->tot_ticks, dc->tot_ticks, itv) / 10.0;
}

static void
disk_row(struct sar *s, const struct stats_disk *dp, const struct stats_disk *dc, const char *name,
         uint64_t itv)
{
	const struct disk_out *cols = sink_markup(s) ? disk_markup_cols : disk_cols;
	size_t i, n = sink_markup(s) ? sizeof(disk_markup_cols) / sizeof(disk_markup_cols[0])
	                             : sizeof(disk_cols) / sizeof(disk_cols[0]);
	double v[DK_MAX];

	disk_values(dp, dc, itv, v);
	sar_out_ts(s, s->ts_curr);
	/* sadf's rows start with the name; sar's --pretty moves it to the end. */
	if (!s->o.pretty || s->sink)
		sar_out_str(s, name, 9);
	for (i = 0; i < n; i++) {
		double x = v[cols[i].col];

		/* sar -x: the other columns' extremes are the values shown. */
		if (cols[i].col == DK_TPS)
			sar_xstats_rate(s, dp->nr_ios, dc->nr_ios);
		if (cols[i].kind == DK_KB)
			sar_out_f_unit(s, x, UNIT_KB);
		else if (cols[i].kind == DK_PC)
			sar_out_pc(s, x);
		else
			sar_out_f(s, x);
	}
	if (s->o.pretty) {
		sar_out_raw(s, " ");
		sar_out_raw(s, name);
	}
	sar_out_nl(s);
}

static unsigned
disk_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
           const struct sar_slot *curr, uint64_t itv)
{
	static const struct stats_disk zero;
	struct sar_disk_names *st = naming_of(s);
	unsigned n = 0;
	uint32_t i;

	if (s->dish || s->o.zero_omit) {
		/* --pretty moves DEV to the end of the line. */
		struct sar_view v = view_disk;

		v.iwidth = s->o.pretty ? -1 : 0;
		sar_out_header(s, &v, s->ts_prev, a, NULL);
	}
	for (i = 0; i < curr->nr; i++) {
		const struct stats_disk *dc = sar_item(a, curr, i, 0);
		bool again = false;
		const struct stats_disk *dp =
		        s->since_boot ? NULL : sar_disk_prev(a, prev, i, dc, &again);
		char name[DEV_NAME_MAX];

		if (!dp)
			dp = &zero;
		if (zero_omit(s) && !memcmp(dp, dc, sizeof(*dc)))
			continue;
		device_name(s, st, dc, name);
		if (!sar_list_accepts(&s->o.dev_list, name, SAR_LIST_NAME_MAX))
			continue;
		s->row_again = again;
		disk_row(s, dp, dc, name, itv);
		n++;
	}
	return n;
}

static void
disk_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
               const struct sar_slot *last, uint64_t itv)
{
	disk_print(s, a, first, last, itv);
}

/* The JSON and XML names follow disk_markup_cols. */
static const struct sar_names disk_names = {
        .json = "disk",
        .keys = "disk-device;tps;rd_sec;wr_sec;dc_sec;rkB;wkB;dkB;avgrq-sz;areq-sz;avgqu-sz;"
                "aqu-sz;await;util-percent",
        .xml = "disk",
        .xml_attrs = " per=\"second\"",
        .xml_item = "disk-device",
        .xml_keys = "dev;tps;rd_sec;wr_sec;dc_sec;rkB;wkB;dkB;avgrq-sz;areq-sz;avgqu-sz;"
                    "aqu-sz;await;util-percent",
        .flags = SAR_NF_ITEMS,
};

const struct sar_view view_disk = {
        .names = &disk_names,
        .act_id = A_DISK,
        .opt = SAR_O_MAIN,
        .hdr = "DEV;tps;rkB/s;wkB/s;dkB/s;areq-sz;aqu-sz;await;%util",
        .flags = SAR_VF_HDR_EVERY_WITH_Z,
        .print = disk_print,
        .print_avg = disk_print_avg,
};

/* ---- -F: filesystems ---- */

/* The numeric part of an item, which -z compares (the names are not). */
#define FS_VALUES_SIZE offsetof(struct stats_filesystem, fs_name)

/*
 * A name of a filesystem item as sysstat reads it, up to its NUL: a
 * fs_name that fills its field runs on into mountp.
 */
static void
fs_field(const struct stats_filesystem *f, bool mount, char *out, size_t len)
{
	const char *p = mount ? f->mountp : f->fs_name;
	size_t room = mount ? sizeof(f->mountp) : sizeof(f->fs_name) + sizeof(f->mountp);

	snprintf(out, len, "%.*s", (int) strnlen(p, room), p);
}

/* x and y (struct stats_filesystem) by name; 0: the same filesystem (sar_prev_search's cmp). */
static int
fs_cmp(const void *x, const void *y)
{
	char nx[2 * MAX_FS_LEN + 1], ny[2 * MAX_FS_LEN + 1];

	fs_field(x, false, nx, sizeof(nx));
	fs_field(y, false, ny, sizeof(ny));
	return strcmp(nx, ny);
}

/* The name shown: the mount point, the persistent name (-j TYPE) or the device. */
static void
fs_display_name(const struct sar *s, const struct stats_filesystem *f, bool mount, char *out,
                size_t len)
{
	if ((s->o.persistent_type & SAR_PERSIST_NAME) && !mount) {
		char fname[MAX_FS_LEN];

		snprintf(fname, sizeof(fname), "%.*s", (int) strnlen(f->fs_name, MAX_FS_LEN),
		         f->fs_name);
		if (persistent_name(s->o.persistent_name, path_basename(fname), out, len))
			return;
	}
	fs_field(f, mount, out, len);
}

/*
 * Keeps the last values of each filesystem for the Summary: lines. As
 * sysstat does, the list is the segment's first record (slot 2), each
 * filesystem replacing its entry (or the first empty one) or appended.
 * It outlives the pass: -F MOUNT after -F starts from what -F left.
 */
static void
fs_remember(struct sar_act *a, const struct stats_filesystem *fc)
{
	struct sar_slot *sum = &a->slot[2];
	size_t size = a->desc->size, need;
	uint32_t j;

	sum->gen++; /* its items change (struct sar_slot) */
	for (j = 0; j < sum->nr; j++) {
		struct stats_filesystem *m = (void *) (sum->items + (size_t) j * size);

		if (!fs_cmp(m, fc) || !m->f_blocks) {
			memcpy(m, fc, size);
			return;
		}
	}
	need = ((size_t) sum->nr + 1) * size;
	if (need > sum->cap) {
		size_t cap = sum->cap * 2 > need ? sum->cap * 2 : need;
		unsigned char *p = sysrec_realloc(sum->items, cap);
		memset(p + sum->cap, 0, cap - sum->cap);
		sum->items = p;
		sum->cap = cap;
	}
	memcpy(sum->items + (size_t) sum->nr * size, fc, size);
	sum->nr++;
}

/* A size in MB, or with --human in bytes with a unit. */
static void
fs_out_size(struct sar *s, uint64_t bytes)
{
	if (s->o.human)
		sar_out_unit(s, (double) bytes, UNIT_BYTE);
	else
		sar_out_fw(s, (double) bytes / 1024 / 1024, 9, 0);
}

static double
fs_pc(uint64_t part, uint64_t total)
{
	return total ? sar_sp_value(part, total, total) : 0.0;
}

static void
fs_row(struct sar *s, const char *ts, const struct stats_filesystem *f, const char *name)
{
	sar_out_ts(s, ts);
	/* sadf's rows start with the name, sar's lines end with it. */
	if (s->sink)
		sar_out_str(s, name, 0);
	fs_out_size(s, f->f_bfree);
	fs_out_size(s, f->f_blocks - f->f_bfree);
	sar_out_pc(s, fs_pc(f->f_bfree, f->f_blocks));
	sar_out_pc(s, fs_pc(f->f_bavail, f->f_blocks));
	sar_out_u64(s, f->f_ffree);
	sar_out_u64(s, f->f_files - f->f_ffree);
	sar_out_pc(s, fs_pc(f->f_ffree, f->f_files));
	sar_out_raw(s, " ");
	sar_out_raw(s, name);
	sar_out_nl(s);
}

/* Whether -z hides the row: the filesystem was there before, with the same values. */
static bool
fs_unchanged(const struct sar *s, const struct sar_act *a, const struct sar_slot *prev, uint32_t i,
             const struct stats_filesystem *fc)
{
	const struct stats_filesystem *fp;

	if (!zero_omit(s) || s->since_boot)
		return false;
	fp = sar_prev_search(a, prev, i, fc, fs_cmp);
	return fp && !memcmp(fp, fc, FS_VALUES_SIZE);
}

/*
 * Rows of one sample (summary false), or the Summary: rows of the list
 * kept in slot 2 (summary true, curr is that slot).
 */
static unsigned
fs_print_any(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
             const struct sar_slot *curr, bool mount, bool summary)
{
	const char *ts = summary ? sar_label_summary() : s->ts_curr;
	char name[NAME_BUF];
	unsigned n = 0;
	uint32_t i;

	if (s->dish || s->o.zero_omit)
		sar_out_header(s, mount ? &view_fs_mount : &view_fs, summary ? ts : s->ts_prev, a,
		               NULL);
	for (i = 0; i < curr->nr; i++) {
		const struct stats_filesystem *fc = sar_item(a, curr, i, 0);

		fs_display_name(s, fc, mount, name, sizeof(name));
		if (!sar_list_accepts(&s->o.fs_list, name, SAR_LIST_NAME_MAX))
			continue;
		if (summary || !fs_unchanged(s, a, prev, i, fc)) {
			fs_row(s, ts, fc, name);
			n++;
		}
		/* sadf prints no Summary: and keeps the segment's first record. */
		if (!summary && !s->sink)
			fs_remember(a, fc);
	}
	return n;
}

static unsigned
fs_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev, const struct sar_slot *curr,
         uint64_t itv)
{
	(void) itv;
	return fs_print_any(s, a, prev, curr, false, false);
}

static unsigned
fs_mount_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
               const struct sar_slot *curr, uint64_t itv)
{
	(void) itv;
	return fs_print_any(s, a, prev, curr, true, false);
}

/* Summary: the last values of every filesystem seen, kept in slot 2 (first). */
static void
fs_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
             const struct sar_slot *last, uint64_t itv)
{
	(void) last;
	(void) itv;
	fs_print_any(s, a, NULL, first, false, true);
}

static void
fs_mount_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                   const struct sar_slot *last, uint64_t itv)
{
	(void) last;
	(void) itv;
	fs_print_any(s, a, NULL, first, true, true);
}

#define FS_HDR_VALUES "MBfsfree;MBfsused;%fsused;%ufsused;Ifree;Iused;%Iused"

static const struct sar_names fs_names = {
        .json = "filesystems",
        .keys = "filesystem;MBfsfree;MBfsused;%fsused;%ufsused;Ifree;Iused;%Iused",
        .xml = "filesystems",
        .xml_item = "filesystem",
        .xml_keys = "fsname;MBfsfree;MBfsused;fsused-percent;ufsused-percent;Ifree;Iused;"
                    "Iused-percent",
        .flags = SAR_NF_ITEMS,
};

static const struct sar_names fs_mount_names = {
        .json = "filesystems",
        .keys = "mountpoint;MBfsfree;MBfsused;%fsused;%ufsused;Ifree;Iused;%Iused",
        .xml = "filesystems",
        .xml_item = "filesystem",
        .xml_keys = "mountp;MBfsfree;MBfsused;fsused-percent;ufsused-percent;Ifree;Iused;"
                    "Iused-percent",
        .flags = SAR_NF_ITEMS,
};

const struct sar_view view_fs = {
        .names = &fs_names,
        .act_id = A_FS,
        .opt = SAR_O_FS,
        .hdr = "FILESYSTEM;" FS_HDR_VALUES,
        .iwidth = -1, /* the name goes to the end of the line */
        /* sadf -j and -x print the activity once: with -F MOUNT, mount points only. */
        .flags = SAR_VF_HDR_EVERY_WITH_Z | SAR_VF_SADF_SUPERSEDED,
        .print = fs_print,
        .print_avg = fs_print_avg,
};

const struct sar_view view_fs_mount = {
        .names = &fs_mount_names,
        .act_id = A_FS,
        .opt = SAR_O_FS_MOUNT,
        .hdr = "MOUNTPOINT;" FS_HDR_VALUES,
        .iwidth = -1,
        .flags = SAR_VF_HDR_EVERY_WITH_Z,
        .print = fs_mount_print,
        .print_avg = fs_mount_print_avg,
};

void
sar_disk_names_free(struct sar_disk_names *st)
{
	if (!st)
		return;
	free(st->ioc.blk);
	free(st->sysfs_devs);
	free(st);
}
