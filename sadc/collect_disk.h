/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_COLLECT_DISK_H
#define SYSREC_COLLECT_DISK_H

/*
 * The disk family of collectors: A_IO and A_DISK from /proc/diskstats,
 * A_SERIAL from /proc/tty/driver/serial and A_FS from /etc/mtab
 * (doc/activities.md §5). The parsers are pure: what they need from
 * /sys, /dev and statvfs() comes through the callbacks below, so tests can
 * run them on literal buffers.
 *
 * Files are taken line by line as sadc reads them with fgets() into a
 * fixed buffer: a line longer than that buffer is read as several lines
 * (1023 bytes for diskstats when reading, 255 when counting, 255 for the
 * serial file, 511 for mtab, where the pieces after the first are skipped).
 */

#include <sys/statvfs.h>

#include "collect.h"
#include "common/ext.h"

/* Longest block device name kept from /proc/diskstats, with its NUL. */
#define DISKSTATS_NAME_LEN 128

/* Numeric columns of /proc/diskstats kept: sysstat 12.6.1's sadc reads 15, iostat 17 (flushes). */
#define DISKSTATS_N_VALUES 17

/* One line of /proc/diskstats: "major minor name" and the columns after it. */
struct diskstats_line {
	uint32_t major;
	uint32_t minor;
	char name[DISKSTATS_NAME_LEN];
	int n_values;                        /* columns read, up to DISKSTATS_N_VALUES */
	uint64_t values[DISKSTATS_N_VALUES]; /* kernel column k+1 (1 = reads completed) */
};

/*
 * Parses one line (up to its NUL or '\n'). Columns are read while they are
 * numbers, like a scanf() that stops at the first mismatch. Returns 0, or
 * -EINVAL when major, minor or name is missing, -ENAMETOOLONG when the
 * name does not fit DISKSTATS_NAME_LEN.
 */
int parse_diskstats_line(const char *line, struct diskstats_line *ret);

/* What the diskstats parsers ask of the system. */
struct disk_probe {
	/*
	 * True when sys/block/<name> exists (need_device: sys/block/<name>/device,
	 * i.e. a real device rather than a virtual one). Any '/' of the kernel
	 * name is already turned into '!', as in sysfs.
	 */
	bool (*in_sysfs)(void *arg, const char *name, bool need_device);
	/*
	 * The WWN of the device whose /dev/disk/by-id/wwn-0x... link points at
	 * name: fills wwn and *ret_part_nr and returns 0, or returns -1.
	 */
	int (*wwn)(void *arg, const char *name, uint64_t wwn[2], uint32_t *ret_part_nr);
	void *arg;
	/* True when sys/block/<disk>/<part> exists: part is a partition of disk (NULL: never). */
	bool (*part_of)(void *arg, const char *disk, const char *part);
};

/*
 * A_IO: sums over the lines that have at least the first seven columns
 * and whose device is a real whole device (in_sysfs with need_device).
 * Discard counters add to the sums when the kernel has them.
 */
void parse_diskstats_io(const char *buf, struct stats_io *ret, const struct disk_probe *probe);

/*
 * A_DISK: one zeroed item per line with the eleven classic counters and
 * some I/O (read, write or discard requests); without partitions, only
 * whole devices (in_sysfs). Names keep their '/' for the WWN lookup when
 * partitions are read, as sysstat does. Returns the item count, or
 * COLLECT_E_NOSPACE when max_nr is too small.
 */
int32_t parse_diskstats_disk(const char *buf, struct stats_disk *items, int32_t max_nr,
                             bool partitions, const struct disk_probe *probe);

/*
 * A_DISK's count at file creation: with partitions every line counts, used
 * or not (sysstat counts lines there); without, whole devices with read or
 * write requests.
 */
int32_t count_diskstats_disk(const char *buf, bool partitions, const struct disk_probe *probe);

/*
 * sysrec's disk activity (-S IOSTAT, common/ext.h): one zeroed item per
 * line of /proc/diskstats with every counter, but for a device whose
 * counters are all 0 (never used since boot): whole devices (in_sysfs)
 * and, with partitions, the other lines too, each partition
 * linked to the whole device before it when part_of says it is one of
 * its partitions. A name of EXT_DISK_NAME_LEN bytes or more (which no
 * kernel writes) is left out. Returns the item count or COLLECT_E_NOSPACE.
 */
int32_t parse_diskstats_ext(const char *buf, struct ext_disk *items, int32_t max_nr,
                            bool partitions, const struct disk_probe *probe);

/*
 * The disk activity of the current sample into *arr (room for *cap items,
 * grown as needed). Returns the item count (0 when diskstats cannot be
 * read), or -ENOMEM.
 */
int32_t collect_disk_ext(struct collect_ctx *c, struct ext_disk **arr, size_t *cap);

/*
 * The WWN in a /dev/disk/by-id name "wwn-0x<16 or 32 hex digits>[-partN]":
 * fills wwn[0] (first 16 digits), wwn[1] (next 16, or 0) and *ret_part_nr
 * (N or 0). Returns 0, or -1 for a name that is not such a WWN.
 */
int parse_wwn_name(const char *name, uint64_t wwn[2], uint32_t *ret_part_nr);

/*
 * A_SERIAL: one zeroed item per line holding "tx:" (unknown UARTs have
 * none). Returns the item count or COLLECT_E_NOSPACE.
 */
int32_t parse_tty_serial(const char *buf, struct stats_serial *items, int32_t max_nr);

/* Number of lines holding "tx:". */
int32_t count_tty_serial(const char *buf);

/* statvfs() of a mount point as mtab spells it (after octal unescaping). Returns 0 or -errno. */
typedef int (*fs_stat_fn)(void *arg, const char *mountp, struct statvfs *ret);

/*
 * A_FS: one zeroed item per mtab line starting with '/', not of type
 * autofs, whose statvfs succeeds with a non-zero block count, and whose
 * device name was not seen on an earlier kept line. Names longer than
 * 127 bytes are cut. Returns the item count or COLLECT_E_NOSPACE.
 */
int32_t parse_mtab(const char *buf, struct stats_filesystem *items, int32_t max_nr, fs_stat_fn st,
                   void *arg);

/* A_FS's count at file creation: the same lines, duplicates included (as sysstat counts). */
int32_t count_mtab(const char *buf, fs_stat_fn st, void *arg);

/* Decodes the \ooo escapes of mtab (first digit 0-3) in place. */
void unescape_octal(char *s);

#endif
