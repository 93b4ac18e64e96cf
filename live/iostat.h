/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_LIVE_IOSTAT_H
#define SYSREC_LIVE_IOSTAT_H
/*
 * iostat: CPU and block device statistics, as sysstat 12.6.1 and 12.7.5
 * print them. The program is cut in five:
 *   iostat_parse.c  pure parsers of the stat files (fuzzed);
 *   iostat_opts.c   the command line into struct iostat_opts and the device list;
 *   iostat_dev.c    the device list, reading one sample, device names;
 *   iostat_out.c    the report of one sample, as text or JSON;
 *   iostat.c        main() and the interval loop.
 * Counters keep the kernel's widths as sysstat stores them (64-bit
 * counts, 32-bit times), so that differences wrap as sysstat's do.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hist.h"
#include "common/layout_stats.h"
#include "common/sysroot.h"
#include "report/engine.h"

/* The longest device name sysstat keeps, with its NUL (MAX_NAME_LEN). */
#define IOSTAT_NAME_LEN 128

/* The counters of one device at one sample. */
struct io_stats {
	uint64_t rd_sectors, wr_sectors, dc_sectors;
	uint64_t rd_ios, rd_merges, wr_ios, wr_merges, dc_ios, dc_merges, fl_ios;
	uint32_t rd_ticks, wr_ticks, dc_ticks, fl_ticks;
	uint32_t ios_pgr, tot_ticks, rq_ticks;
};

/*
 * A sysfs stat file (/sys/block/DEV/stat, .../PART/stat): 11, 15 or 17
 * numbers (kernels without discard, without flush, with both), or 4 for
 * an old partition. Numbers are read as scanf("%lu"/"%u") reads them,
 * stopping at the first that is not one. *ret is zeroed first; a file of
 * another count leaves it zeroed. Returns the count of numbers read.
 */
int iostat_parse_sysfs_stat(const char *buf, struct io_stats *ret);

/*
 * The n counters v of a stat file or a diskstats line (after the name)
 * into *ret, zeroed first: 11, 15 or 17 (or more) counters, or an old
 * partition's 4 unless extended (-x skips those lines). Returns false for
 * another count (then *ret stays zeroed).
 */
bool iostat_stats_from_values(const uint64_t *v, int n, bool extended, struct io_stats *ret);

/* One line of /proc/diskstats. */
struct iostat_diskline {
	unsigned major, minor;
	char name[IOSTAT_NAME_LEN];
	struct io_stats st;
};

/*
 * One line of /proc/diskstats (up to its NUL): "major minor name" and 11,
 * 15 or 17 counters, or 4 for an old partition. Returns 1 for a device to
 * keep, 0 for a line to skip (another layout, or a 4-counter line when
 * extended is set, as sysstat's -x skips them).
 */
int iostat_parse_diskline(const char *line, bool extended, struct iostat_diskline *ret);

/* What the command line asks for (sysstat's I_D_* flags). */
struct iostat_opts {
	bool cpu, disk, timestamp, extended, everything, kilobytes, megabytes;
	bool all_dir;         /* +f: the directory only when /sys lacks the file */
	bool unfiltered;      /* devices named: show them even when never used */
	bool all_devices;     /* every device of /sys/block */
	bool group_defined;   /* -g */
	bool pretty, persist, omit_since_boot, json, devmap, group_total_only;
	bool zero_omit, human, short_output, compact, iso;
	int decimals;          /* --dec, -1 when not given */
	char alt_dir[512];     /* -f / +f */
	char persist_type[512]; /* -j, lower-cased */
	long interval, count;
	bool interval_given;
	struct live_window win; /* --archive, -s, -e */
};

/* What a device of the list is (sysstat's dev_tp; a group counts its members above IO_GROUP). */
enum { IO_PART = 0, IO_DEV = 1, IO_PART_DEV = 2, IO_GROUP = 3 };

struct io_dev {
	int type;
	bool exist; /* read in this sample */
	unsigned major, minor;
	struct io_stats st[2];
	struct io_dev *next;
	struct io_dev *same_hash; /* the next of its bucket in iostat's by_name */
	uint32_t hist_item;       /* --archive: its item's index in the last record, tried first */
	const char *shown;        /* the name printed without -N and -j: name with '!' as '/' */
	bool slash;               /* name has a '/' (sysfs writes '!') */
	char name[]; /* at most IOSTAT_NAME_LEN bytes, allocated to its length, then shown */
};

/* The run. */
struct iostat {
	struct iostat_opts o;
	struct io_dev *devs;
	/* devs by name: with 1,000 devices the list walk was a third of an interval. */
	struct io_dev **by_name;
	size_t by_name_cap, n_devs; /* cap: 0 or a power of two, at least 2 * n_devs */
	struct sar out; /* colours, --dec, --human, the decimal point */
	struct sysroot root; /* "/": where /proc/uptime and the CPUs are read */
	int curr;
	uint64_t uptime[2];
	struct stats_cpu cpu[2];
	uint64_t tot_jiffies[2];
	uint32_t dm_major;
	bool dm_major_known;
	int cpu_nr;
	char ts[64]; /* the -t time of the report */
	/* The text headers of the device table, made on first use (the four --pretty -x blocks). */
	char header[5][384];
	/* --archive: the disk activity of the current record; NULL before the first (or without one). */
	const struct archive_ext *hist_ext;
	/*
	 * --archive: hist_taken[i] == hist_rec when a device of the list read
	 * item i of the current record (hist_rec counts the records read), so
	 * that iostat_hist_read_disks() does not read it again.
	 */
	uint64_t *hist_taken;
	size_t hist_taken_cap;
	uint64_t hist_rec;
};

/* ---- iostat_opts.c ---- */
/*
 * Parses argv into io (zeroed by the caller) as sysstat does, adding the
 * named devices and groups to the list. On a usage error prints the usage
 * on stderr and exits 1; an unknown -j type exits 1 with its message.
 */
void iostat_parse_args(struct iostat *io, int argc, char **argv);

/* ---- iostat_dev.c ---- */
/*
 * The device called name in the list, added when missing (sorted by name
 * unless groups or -p ALL are in use). type is IO_PART_DEV to read its
 * partitions too, IO_GROUP for a group, else 0; major 0: found in /dev.
 * NULL when the name is too long. Exits 4 when out of memory.
 */
struct io_dev *iostat_add_device(struct iostat *io, const char *name, int type, unsigned major,
                                 unsigned minor);
/* Frees the device list. */
void iostat_free_devices(struct iostat *io);
/* sysstat's device_name(): a path's /dev basename with '/' as '!', else name itself. */
void iostat_cmdline_name(const char *name, char *out, size_t len);
/* -j: the kernel name the persistent name links to; false when there is none. */
bool iostat_pretty_from_persistent(const struct iostat *io, const char *persistent, char *out,
                                   size_t len);
/* Whether /dev/disk/by-TYPE can be read. */
bool iostat_persist_type_ok(const char *type);
/* Reads the disk counters of sample io->curr (devices, partitions, diskstats). */
void iostat_read_disks(struct iostat *io);
/* Reads the uptime and the CPU line of sample io->curr; exits 2 as sysstat when unreadable. */
void iostat_read_cpu(struct iostat *io);
/* The name to print for d (-N, -j, '!' as '/'); may exit 4 as sysstat (no /dev/mapper). */
void iostat_display_name(struct iostat *io, const struct io_dev *d, char *out, size_t len);
/*
 * The name to print for d: d->shown without -N and -j, else
 * iostat_display_name() into out (len bytes), which is returned.
 */
const char *iostat_name_shown(struct iostat *io, const struct io_dev *d, char *out, size_t len);

/* ---- iostat_hist.c: --archive ---- */
/* Whether the current record has whole device name ('/' or '!'). */
bool iostat_hist_is_whole(const struct iostat *io, const char *name);
/* major:minor of device name in the current record; unchanged when it has none. */
void iostat_hist_numbers(const struct iostat *io, const char *name, unsigned *major,
                         unsigned *minor);
/* Reads the uptime and the CPU line of sample io->curr from the current record of lh. */
void iostat_hist_read_cpu(struct iostat *io, const struct live_hist *lh);
/* Reads the devices of sample io->curr from io->hist_ext, as iostat_read_disks() reads /sys. */
void iostat_hist_read_disks(struct iostat *io);
/* The devices named on the command line typed by the first record (whole, partition). */
void iostat_hist_retype(struct iostat *io);
/* The reports of the window's records, banner and JSON end included. */
void iostat_hist_run(struct iostat *io);

/* ---- iostat_out.c ---- */
/* Prints the report of sample io->curr (nothing when skip, but groups are summed). */
void iostat_write_stats(struct iostat *io, const struct tm *now, bool skip);

#endif
