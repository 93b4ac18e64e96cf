/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

#include "collect_disk.h"
#include "common/banned.h"

/*
 * sadc's fgets() buffer sizes: a longer line comes back in pieces, each
 * of which sadc then treats as a line of its own.
 */
#define DISKSTATS_LINE_READ  1024
#define DISKSTATS_LINE_COUNT 256
#define SERIAL_LINE          256
#define MTAB_LINE            512

/* Longest mount point sadc reads (its "%255s"), with the NUL. */
#define MTAB_MOUNTP_LEN 256


/* Blanks that scanf() skips before a conversion, short of the end of the line. */
static const char *
skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\v' || *s == '\f')
		s++;
	return s;
}

/*
 * Copies the word at p (blanks skipped) into out, cut to max bytes, like
 * scanf("%<max>s"). Returns false when there is no word; out is then left
 * as it was, as scanf() leaves it.
 */
static bool
scan_word(const char *p, char *out, size_t max)
{
	size_t n = 0;

	p = skip_blanks(p);
	while (p[n] && p[n] != '\n' && n < max && !strchr(" \t\r\v\f", p[n]))
		n++;
	if (n == 0)
		return false;
	memcpy(out, p, n);
	out[n] = '\0';
	return true;
}

/* The unsigned number at *p, blanks skipped, like scanf("%u")'s reading. */
static int
scan_u64(const char **p, uint64_t *ret)
{
	*p = skip_blanks(*p);
	return parse_u64(p, ret);
}

/* ------------------------------------------------------------------------- */
/* /proc/diskstats: Documentation/admin-guide/iostats.rst. */

int
parse_diskstats_line(const char *line, struct diskstats_line *ret)
{
	const char *p = line;
	uint64_t v;
	size_t n;

	memset(ret, 0, sizeof(*ret));
	if (scan_u64(&p, &v) < 0)
		return -EINVAL;
	ret->major = (uint32_t) v;
	if (scan_u64(&p, &v) < 0)
		return -EINVAL;
	ret->minor = (uint32_t) v;
	p = skip_blanks(p);
	for (n = 0; p[n] && p[n] != '\n' && !strchr(" \t\r\v\f", p[n]); n++)
		;
	if (n == 0)
		return -EINVAL;
	if (n >= sizeof(ret->name))
		return -ENAMETOOLONG;
	memcpy(ret->name, p, n);
	p += n;
	while (ret->n_values < DISKSTATS_N_VALUES && scan_u64(&p, &v) == 0)
		ret->values[ret->n_values++] = v;
	return 0;
}

/* Kernel columns (1-based, after the name) that sysstat reads. */
enum diskstats_col {
	COL_RD_IOS = 1,
	COL_RD_SEC = 3,
	COL_RD_TICKS = 4,
	COL_WR_IOS = 5,
	COL_WR_SEC = 7,
	COL_WR_TICKS = 8,
	COL_TOT_TICKS = 10,
	COL_RQ_TICKS = 11,
	COL_DC_IOS = 12,
	COL_DC_SEC = 14,
	COL_DC_TICKS = 15,
};

/* Column col of l, or 0 when the line stops before it (older kernels: no discard). */
static uint64_t
col(const struct diskstats_line *l, enum diskstats_col c)
{
	return (int) c <= l->n_values ? l->values[c - 1] : 0;
}

/* Device names with a '/' (cciss/c0d0) appear in sysfs with a '!'. */
static void
slash_to_bang(char *name)
{
	for (; *name; name++)
		if (*name == '/')
			*name = '!';
}

void
parse_diskstats_io(const char *buf, struct stats_io *ret, const struct disk_probe *probe)
{
	char line[DISKSTATS_LINE_READ];
	struct diskstats_line l;

	while (collect_gets(&buf, line, sizeof(line))) {
		uint64_t rd, wr, dc;

		/* sadc needs major, minor, name and columns 1, 3, 5 and 7. */
		if (parse_diskstats_line(line, &l) < 0 || l.n_values < COL_WR_SEC)
			continue;
		slash_to_bang(l.name);
		if (!probe->in_sysfs(probe->arg, l.name, true))
			continue;
		rd = col(&l, COL_RD_IOS);
		wr = col(&l, COL_WR_IOS);
		dc = col(&l, COL_DC_IOS);
		ret->dk_drive += rd + wr + dc;
		ret->dk_drive_rio += rd;
		ret->dk_drive_wio += wr;
		ret->dk_drive_rblk += col(&l, COL_RD_SEC);
		ret->dk_drive_wblk += col(&l, COL_WR_SEC);
		ret->dk_drive_dio += dc;
		ret->dk_drive_dblk += col(&l, COL_DC_SEC);
	}
}

static void
fill_disk(struct stats_disk *d, struct diskstats_line *l, const struct disk_probe *probe)
{
	uint64_t wwn[2] = {0, 0};
	uint32_t part_nr = 0;

	d->major = l->major;
	d->minor = l->minor;
	d->nr_ios = col(l, COL_RD_IOS) + col(l, COL_WR_IOS) + col(l, COL_DC_IOS);
	d->rd_sect = col(l, COL_RD_SEC);
	d->wr_sect = col(l, COL_WR_SEC);
	d->dc_sect = col(l, COL_DC_SEC);
	/* The tick columns are read as unsigned int. */
	d->rd_ticks = (uint32_t) col(l, COL_RD_TICKS);
	d->wr_ticks = (uint32_t) col(l, COL_WR_TICKS);
	d->dc_ticks = (uint32_t) col(l, COL_DC_TICKS);
	d->tot_ticks = (uint32_t) col(l, COL_TOT_TICKS);
	d->rq_ticks = (uint32_t) col(l, COL_RQ_TICKS);
	if (probe->wwn && probe->wwn(probe->arg, l->name, wwn, &part_nr) == 0) {
		d->wwn[0] = wwn[0];
		d->wwn[1] = wwn[1];
		d->part_nr = part_nr;
	}
}

int32_t
parse_diskstats_disk(const char *buf, struct stats_disk *items, int32_t max_nr, bool partitions,
                     const struct disk_probe *probe)
{
	char line[DISKSTATS_LINE_READ];
	struct diskstats_line l;
	int32_t n = 0;

	while (collect_gets(&buf, line, sizeof(line))) {
		/* sadc needs the eleven classic columns. */
		if (parse_diskstats_line(line, &l) < 0 || l.n_values < COL_RQ_TICKS)
			continue;
		if (!col(&l, COL_RD_IOS) && !col(&l, COL_WR_IOS) && !col(&l, COL_DC_IOS))
			continue;
		/*
		 * Only the whole-device test renames cciss/c0d0 to cciss!c0d0,
		 * and the WWN lookup then sees that name, as in sysstat.
		 */
		if (!partitions) {
			slash_to_bang(l.name);
			if (!probe->in_sysfs(probe->arg, l.name, false))
				continue;
		}
		if (n >= max_nr)
			return COLLECT_E_NOSPACE;
		fill_disk(&items[n++], &l, probe);
	}
	return n;
}

int32_t
count_diskstats_disk(const char *buf, bool partitions, const struct disk_probe *probe)
{
	char line[DISKSTATS_LINE_COUNT];
	struct diskstats_line l;
	int32_t n = 0;

	while (collect_gets(&buf, line, sizeof(line))) {
		if (partitions) {
			n++;
			continue;
		}
		/*
		 * sadc reads columns 1 and 5 (reads and writes; discards are
		 * not looked at here). A line with fewer than five columns
		 * is a partition of a 2.6 kernel. A line without any column
		 * (which sadc would judge on the previous line's numbers) is
		 * not counted.
		 */
		if (parse_diskstats_line(line, &l) < 0 || l.n_values < COL_WR_IOS)
			continue;
		slash_to_bang(l.name);
		if (!probe->in_sysfs(probe->arg, l.name, false))
			continue;
		if (col(&l, COL_RD_IOS) || col(&l, COL_WR_IOS))
			n++;
	}
	return n;
}

/*
 * A device that did no I/O since boot (every counter 0): loop devices and
 * zram a machine never used, a tenth of a default sample's bytes each. iostat
 * shows such a device only when it is named, or with ALL or -p ALL.
 */
static bool
never_used(const struct diskstats_line *l)
{
	int i;

	for (i = 0; i < l->n_values; i++)
		if (l->values[i])
			return false;
	return true;
}

int32_t
parse_diskstats_ext(const char *buf, struct ext_disk *items, int32_t max_nr, bool partitions,
                    const struct disk_probe *probe)
{
	char line[1024], sysname[DISKSTATS_NAME_LEN], disk[DISKSTATS_NAME_LEN] = "";
	struct diskstats_line l;
	int32_t n = 0, whole = -1;

	while (collect_gets(&buf, line, sizeof(line))) {
		struct ext_disk *d;
		bool is_whole;

		if (parse_diskstats_line(line, &l) < 0 || strlen(l.name) >= EXT_DISK_NAME_LEN ||
		    never_used(&l))
			continue;
		memcpy(sysname, l.name, sizeof(sysname));
		slash_to_bang(sysname);
		is_whole = probe->in_sysfs(probe->arg, sysname, false);
		if (!is_whole && !partitions)
			continue;
		if (n >= max_nr)
			return COLLECT_E_NOSPACE;
		d = &items[n];
		memcpy(d->v, l.values, sizeof(d->v));
		d->major = l.major;
		d->minor = l.minor;
		d->n_values = (uint32_t) l.n_values;
		memcpy(d->name, l.name, strlen(l.name) + 1);
		d->flags = partitions ? EXT_DF_PARTS : 0;
		if (is_whole) {
			d->flags |= EXT_DF_WHOLE;
			whole = n;
			memcpy(disk, sysname, sizeof(disk));
		} else if (whole >= 0 && probe->part_of && probe->part_of(probe->arg, disk, sysname)) {
			d->parent = (uint32_t) whole + 1;
		}
		n++;
	}
	return n;
}

/* ------------------------------------------------------------------------- */
/* /dev/disk/by-id/wwn-0x...: udev's persistent names (60-persistent-storage.rules). */

#define WWN_PREFIX "wwn-0x"

/*
 * Reads a hexadecimal number at s as scanf("%llx") does (blanks, a sign,
 * an optional 0x). Returns false when no digit is there.
 */
static bool
scan_hex(const char *s, uint64_t *ret)
{
	bool neg = false;
	uint64_t v;

	s = skip_blanks(s);
	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char) s[2]))
		s += 2;
	if (parse_x64(&s, &v) < 0)
		return false;
	*ret = neg ? -v : v;
	return true;
}

/*
 * The partition number after "-part", as scanf("%u") reads it (a sign is
 * allowed): 1 when read, 0 for a non-number, -1 when nothing follows,
 * which sysstat takes as partition 0.
 */
static int
scan_part_nr(const char *s, uint32_t *ret)
{
	bool neg = false;
	uint64_t v;

	s = skip_blanks(s);
	if (!*s)
		return -1;
	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	if (parse_u64(&s, &v) < 0)
		return 0;
	*ret = (uint32_t) (neg ? -v : v);
	return 1;
}

int
parse_wwn_name(const char *name, uint64_t wwn[2], uint32_t *ret_part_nr)
{
	size_t len = strlen(name), prefix = strlen(WWN_PREFIX), digits;
	const char *part;
	char id[17];

	wwn[0] = wwn[1] = 0;
	*ret_part_nr = 0;
	if (len < prefix + 16 || strncmp(name, WWN_PREFIX, prefix))
		return -1;
	part = strstr(name, "-part");
	if (part) {
		if (scan_part_nr(part + 5, ret_part_nr) == 0)
			return -1;
		digits = (size_t) (part - name) - prefix;
	} else {
		digits = len - prefix;
	}
	if (digits != 16 && digits != 32)
		return -1;
	memcpy(id, name + prefix, 16);
	id[16] = '\0';
	if (!scan_hex(id, &wwn[0]))
		return -1;
	/* sysstat decides between the short and the long form on the full length. */
	if (len < prefix + 32)
		return 0;
	return scan_hex(name + prefix + 16, &wwn[1]) ? 0 : -1;
}

/* ------------------------------------------------------------------------- */
/* /proc/tty/driver/serial: drivers/tty/serial/serial_core.c (uart_line_info). */

// clang-format off
static const struct {
	const char *key;
	size_t offset;
} serial_keys[] = {
	{"tx:",  offsetof(struct stats_serial, tx)},
	{"rx:",  offsetof(struct stats_serial, rx)},
	{"fe:",  offsetof(struct stats_serial, frame)},
	{"pe:",  offsetof(struct stats_serial, parity)},
	{"brk:", offsetof(struct stats_serial, brk)},
	{"oe:",  offsetof(struct stats_serial, overrun)},
};
// clang-format on

static void
fill_serial(struct stats_serial *s, const char *line)
{
	const char *p = line;
	uint64_t v;
	size_t i;

	if (scan_u64(&p, &v) == 0)
		s->line = (uint32_t) v;
	for (i = 0; i < sizeof(serial_keys) / sizeof(serial_keys[0]); i++) {
		const char *at = strstr(line, serial_keys[i].key);

		if (!at)
			continue;
		p = at + strlen(serial_keys[i].key);
		if (scan_u64(&p, &v) == 0)
			*(uint32_t *) ((char *) s + serial_keys[i].offset) = (uint32_t) v;
	}
}

int32_t
parse_tty_serial(const char *buf, struct stats_serial *items, int32_t max_nr)
{
	char line[SERIAL_LINE];
	int32_t n = 0;

	while (collect_gets(&buf, line, sizeof(line))) {
		if (!strstr(line, "tx:"))
			continue;
		if (n >= max_nr)
			return COLLECT_E_NOSPACE;
		fill_serial(&items[n++], line);
	}
	return n;
}

int32_t
count_tty_serial(const char *buf)
{
	char line[SERIAL_LINE];
	int32_t n = 0;

	while (collect_gets(&buf, line, sizeof(line)))
		if (strstr(line, "tx:"))
			n++;
	return n;
}

/* ------------------------------------------------------------------------- */
/* /etc/mtab: the format of fstab(5), as /proc/self/mounts writes it. */

void
unescape_octal(char *s)
{
	size_t len = strlen(s), i;

	for (i = 0; i + 3 < len; i++) {
		if (s[i] != '\\' || s[i + 1] < '0' || s[i + 1] > '3' || s[i + 2] < '0' ||
		    s[i + 2] > '7' || s[i + 3] < '0' || s[i + 3] > '7')
			continue;
		s[i] = (char) ((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
		/* Move the rest, NUL included; a decoded \000 ends the string there. */
		memmove(s + i + 1, s + i + 4, len - (i + 4) + 1);
		len -= 3;
	}
}

/*
 * What sadc keeps from one mtab line. Its words stay from one line to the
 * next, so a line where a word cannot be read reuses the previous one, as
 * sadc's buffers do.
 */
struct mtab_scan {
	bool skip_next; /* the previous piece had no '\n': this one continues it */
	char type[MAX_FS_LEN];
	char fs_name[MAX_FS_LEN];
	char mountp[MTAB_MOUNTP_LEN];
	struct statvfs vfs;
};

/* True when line is a filesystem that sadc keeps (before its duplicate check). */
static bool
mtab_keep(struct mtab_scan *s, const char *line, fs_stat_fn st, void *arg)
{
	bool skip = s->skip_next;
	const char *sep, *sep2;

	s->skip_next = !strchr(line, '\n');
	if (skip || line[0] != '/')
		return false;
	sep = strchr(line, ' ');
	if (!sep)
		return false;
	sep2 = strchr(sep + 1, ' ');
	if (!sep2)
		return false;
	scan_word(sep2 + 1, s->type, sizeof(s->type) - 1);
	if (!strcmp(s->type, "autofs"))
		return false;
	scan_word(line, s->fs_name, sizeof(s->fs_name) - 1);
	scan_word(sep + 1, s->mountp, sizeof(s->mountp) - 1);
	unescape_octal(s->mountp);
	return st(arg, s->mountp, &s->vfs) == 0 && s->vfs.f_blocks != 0;
}

static bool
fs_seen(const struct stats_filesystem *items, int32_t n, const char *fs_name)
{
	int32_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(items[i].fs_name, fs_name))
			return true;
	return false;
}

static void
fill_fs(struct stats_filesystem *f, const struct mtab_scan *s)
{
	uint64_t frsize = s->vfs.f_frsize;

	f->f_blocks = (uint64_t) s->vfs.f_blocks * frsize;
	f->f_bfree = (uint64_t) s->vfs.f_bfree * frsize;
	f->f_bavail = (uint64_t) s->vfs.f_bavail * frsize;
	f->f_files = s->vfs.f_files;
	f->f_ffree = s->vfs.f_ffree;
	memcpy(f->fs_name, s->fs_name, strnlen(s->fs_name, sizeof(f->fs_name) - 1));
	memcpy(f->mountp, s->mountp, strnlen(s->mountp, sizeof(f->mountp) - 1));
}

int32_t
parse_mtab(const char *buf, struct stats_filesystem *items, int32_t max_nr, fs_stat_fn st,
           void *arg)
{
	struct mtab_scan s;
	char line[MTAB_LINE];
	int32_t n = 0;

	memset(&s, 0, sizeof(s));
	while (collect_gets(&buf, line, sizeof(line))) {
		if (!mtab_keep(&s, line, st, arg) || fs_seen(items, n, s.fs_name))
			continue;
		if (n >= max_nr)
			return COLLECT_E_NOSPACE;
		fill_fs(&items[n++], &s);
	}
	return n;
}

int32_t
count_mtab(const char *buf, fs_stat_fn st, void *arg)
{
	struct mtab_scan s;
	char line[MTAB_LINE];
	int32_t n = 0;

	memset(&s, 0, sizeof(s));
	while (collect_gets(&buf, line, sizeof(line)))
		if (mtab_keep(&s, line, st, arg))
			n++;
	return n;
}

/* ------------------------------------------------------------------------- */
/* The readers: the probes above, answered from the root. */

/* One usable /dev/disk/by-id/wwn-0x... link, kept for the current read. */
struct wwn_link {
	char target[DISKSTATS_NAME_LEN]; /* basename of what the link points at */
	uint64_t wwn[2];
	uint32_t part_nr;
};

struct root_probe {
	struct collect_ctx *c;
	bool links_read; /* c->scratch holds the wwn_link array of this read */
};

static bool
root_in_sysfs(void *arg, const char *name, bool need_device)
{
	const struct root_probe *rp = arg;
	char path[64 + DISKSTATS_NAME_LEN];

	snprintf(path, sizeof(path), "sys/block/%s%s", name, need_device ? "/device" : "");
	return sysroot_exists(&rp->c->root, path);
}

static bool
root_part_of(void *arg, const char *disk, const char *part)
{
	const struct root_probe *rp = arg;
	char path[32 + 2 * DISKSTATS_NAME_LEN];

	snprintf(path, sizeof(path), "sys/block/%s/%s", disk, part);
	return sysroot_exists(&rp->c->root, path);
}

/* Turns the link name into a wwn_link; false when it is not a usable WWN link. */
static bool
wwn_link_read(struct collect_ctx *c, const char *name, struct wwn_link *ret)
{
	char path[512], target[PATH_MAX];
	const char *base;
	ssize_t n;

	if (strncmp(name, WWN_PREFIX, strlen(WWN_PREFIX)))
		return false;
	if (snprintf(path, sizeof(path), "dev/disk/by-id/%s", name) >= (int) sizeof(path))
		return false;
	n = sysroot_readlink(&c->root, path, target, sizeof(target));
	if (n <= 0)
		return false;
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	/* A longer target cannot name a diskstats device. */
	if (!*base || strlen(base) >= sizeof(ret->target))
		return false;
	memset(ret, 0, sizeof(*ret));
	memcpy(ret->target, base, strlen(base));
	return parse_wwn_name(name, ret->wwn, &ret->part_nr) == 0;
}

/*
 * Reads dev/disk/by-id once per A_DISK read into c->scratch, in directory
 * order: sysstat scans it for each device and takes the first link whose
 * target matches and whose name is a valid WWN, which this keeps.
 */
static void
wwn_links_load(struct root_probe *rp)
{
	struct sysroot_dir it;
	struct wwn_link link;
	const char *name;

	rp->links_read = true;
	strbuf_reset(&rp->c->scratch);
	if (sysroot_dir_open(&rp->c->root, "dev/disk/by-id", &it) < 0)
		return;
	while ((name = sysroot_dir_next(&it)))
		if (wwn_link_read(rp->c, name, &link))
			strbuf_add(&rp->c->scratch, &link, sizeof(link));
	sysroot_dir_close(&it);
}

static int
root_wwn(void *arg, const char *name, uint64_t wwn[2], uint32_t *ret_part_nr)
{
	struct root_probe *rp = arg;
	const struct strbuf *sb = &rp->c->scratch;
	struct wwn_link link;
	size_t off;

	if (!rp->links_read)
		wwn_links_load(rp);
	if (sb->err || !sb->buf)
		return -1;
	for (off = 0; off + sizeof(link) <= sb->len; off += sizeof(link)) {
		memcpy(&link, sb->buf + off, sizeof(link));
		if (strcmp(link.target, name))
			continue;
		wwn[0] = link.wwn[0];
		wwn[1] = link.wwn[1];
		*ret_part_nr = link.part_nr;
		return 0;
	}
	return -1;
}

static int
root_statvfs(void *arg, const char *mountp, struct statvfs *ret)
{
	const struct collect_ctx *c = arg;
	char path[sizeof(c->root.path) + MTAB_MOUNTP_LEN + 2];

	if (sysroot_path(&c->root, mountp, path, sizeof(path)) < 0)
		return -ENAMETOOLONG;
	return statvfs(path, ret) < 0 ? -errno : 0;
}

/* Caps a count at the activity's nr_max, as sadc's count wrappers do. */
static int32_t
cap_count(uint32_t id, int32_t n)
{
	const struct activity_desc *a = activity_by_id(id);

	return a && n > a->nr_max ? a->nr_max : n;
}

int32_t
collect_read_io(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_DISKSTATS, NULL);
	struct root_probe rp = {c, false};
	struct disk_probe probe = {root_in_sysfs, NULL, &rp, NULL};

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (buf)
		parse_diskstats_io(buf, items, &probe);
	return 1;
}

int32_t
collect_count_disk(struct collect_ctx *c, int32_t *ret_nr2)
{
	const char *buf = collect_file(c, PF_DISKSTATS, NULL);
	struct root_probe rp = {c, false};
	struct disk_probe probe = {root_in_sysfs, NULL, &rp, NULL};

	*ret_nr2 = 1;
	if (!buf)
		return 0;
	return cap_count(A_DISK, count_diskstats_disk(buf, c->partitions, &probe));
}

int32_t
collect_read_disk(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_DISKSTATS, NULL);
	struct root_probe rp = {c, false};
	struct disk_probe probe = {root_in_sysfs, root_wwn, &rp, NULL};

	(void) nr2;
	if (!buf)
		return 0;
	return parse_diskstats_disk(buf, items, max_nr, c->partitions, &probe);
}

int32_t
collect_count_serial(struct collect_ctx *c, int32_t *ret_nr2)
{
	const char *buf = collect_file(c, PF_TTY_SERIAL, NULL);

	*ret_nr2 = 1;
	return buf ? cap_count(A_SERIAL, count_tty_serial(buf)) : 0;
}

int32_t
collect_read_serial(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_TTY_SERIAL, NULL);

	(void) nr2;
	return buf ? parse_tty_serial(buf, items, max_nr) : 0;
}

int32_t
collect_count_fs(struct collect_ctx *c, int32_t *ret_nr2)
{
	const char *buf = collect_file(c, PF_MTAB, NULL);

	*ret_nr2 = 1;
	return buf ? cap_count(A_FS, count_mtab(buf, root_statvfs, c)) : 0;
}

int32_t
collect_read_fs(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_MTAB, NULL);

	(void) nr2;
	return buf ? parse_mtab(buf, items, max_nr, root_statvfs, c) : 0;
}

int32_t
collect_disk_ext(struct collect_ctx *c, struct ext_disk **arr, size_t *cap)
{
	const char *buf = collect_file(c, PF_DISKSTATS, NULL);
	struct root_probe rp = {c, false};
	struct disk_probe probe = {root_in_sysfs, NULL, &rp, root_part_of};

	if (!buf)
		return 0;
	for (;;) {
		int32_t n;

		if (*cap) {
			memset(*arr, 0, *cap * sizeof(**arr));
			n = parse_diskstats_ext(buf, *arr, (int32_t) *cap, c->partitions, &probe);
			if (n != COLLECT_E_NOSPACE)
				return n;
		}
		{
			size_t want = *cap ? *cap * 2 : 64;
			struct ext_disk *p = want > INT32_MAX ? NULL : realloc(*arr, want * sizeof(*p));

			if (!p)
				return -ENOMEM;
			*arr = p;
			*cap = want;
		}
	}
}
