/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the disk collectors (A_IO, A_DISK, A_SERIAL, A_FS). The
 * parser tests use hand-typed buffers whose expected values were worked out
 * by hand from doc/activities.md §5. The
 * fixture tests compare what the collectors read from each upstream root
 * with the items that sysstat 12.6.1's own sadc stored from that root, and
 * the counts with the item counts of the archive headers.
 */

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "common/archive.h"
#include "common/source.h"
#include "sadc/collect.h"
#include "sadc/collect_disk.h"
#include "common/banned.h"

/* ------------------------------------------------------------------------- */
/* A fake system for the pure parsers */

struct fake_sys {
	const char *const *devices;        /* sys/block/<name>/device exists */
	const char *const *virtuals;       /* sys/block/<name> exists, without device */
	const char *wwn_for;               /* the one name with a WWN */
	char asked[8][DISKSTATS_NAME_LEN]; /* names passed to the WWN lookup */
	int n_asked;
};

static bool
listed(const char *const *list, const char *name)
{
	for (; list && *list; list++)
		if (!strcmp(*list, name))
			return true;
	return false;
}

static bool
fake_in_sysfs(void *arg, const char *name, bool need_device)
{
	const struct fake_sys *f = arg;

	return listed(f->devices, name) || (!need_device && listed(f->virtuals, name));
}

static int
fake_wwn(void *arg, const char *name, uint64_t wwn[2], uint32_t *ret_part_nr)
{
	struct fake_sys *f = arg;

	if (f->n_asked < 8)
		snprintf(f->asked[f->n_asked++], DISKSTATS_NAME_LEN, "%s", name);
	if (!f->wwn_for || strcmp(name, f->wwn_for))
		return -1;
	wwn[0] = 0x5000cca369f193acULL;
	wwn[1] = 0x1122334455667788ULL;
	*ret_part_nr = 7;
	return 0;
}

static const char *const fake_devices[] = {"sda", "sdb", "cciss!c0d0", "sdd", NULL};
static const char *const fake_virtuals[] = {"dm-0", NULL};

/*
 * A 5.x diskstats (with discard and flush columns), a 2.6.25 cciss line
 * without discard, an unused device, a partition, a device-mapper volume
 * and lines too short for sysstat.
 */
static const char diskstats[] =
        "   8       0 sda 100 1 2000 30 200 2 4000 50 0 70 80 5 0 600 9 44 55\n"
        "   8       1 sda1 10 0 100 3 20 0 300 5 0 7 8 0 0 0 0 0 0\n"
        " 104       0 cciss/c0d0 1000 0 10000 300 2000 0 20000 500 0 700 800\n"
        "   8      16 sdb 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
        " 253       0 dm-0 7 0 70 1 8 0 80 2 0 3 4\n"
        "   8      32 sdc 1 0 10 1 1 0 10 1 0 1\n"
        "   8      48 sdd 0 0 0 0 0 0 0 0 0 0 0 4 0 40 1\n";

/* ------------------------------------------------------------------------- */
/* /proc/diskstats lines */

START_TEST(diskstats_line_fields)
{
	struct diskstats_line l;

	ck_assert_int_eq(parse_diskstats_line("   8       0 sda 1 2 3 4 5 6 7 8 9 10 11 12 13 14 "
	                                      "15 16 17 18 19 20\n",
	                                      &l),
	                 0);
	ck_assert_uint_eq(l.major, 8);
	ck_assert_uint_eq(l.minor, 0);
	ck_assert_str_eq(l.name, "sda");
	/* The columns up to the flushes (iostat's 17) are kept, not the 18th on. */
	ck_assert_int_eq(l.n_values, 17);
	ck_assert_uint_eq(l.values[0], 1);
	ck_assert_uint_eq(l.values[16], 17);

	/* A 2.6 partition: four columns. */
	ck_assert_int_eq(parse_diskstats_line("   8    1 sda1 54 432 8 64", &l), 0);
	ck_assert_int_eq(l.n_values, 4);
	ck_assert_uint_eq(l.values[3], 64);

	/* Reading stops at the first column that is not a number. */
	ck_assert_int_eq(parse_diskstats_line("8 0 sda 1 2 x 4\n", &l), 0);
	ck_assert_int_eq(l.n_values, 2);

	/* The line ends at its newline: the next line's numbers are not read. */
	ck_assert_int_eq(parse_diskstats_line("8 0 sda\n1 2 3\n", &l), 0);
	ck_assert_int_eq(l.n_values, 0);

	ck_assert_int_eq(parse_diskstats_line("8 x sda 1\n", &l), -EINVAL);
	ck_assert_int_eq(parse_diskstats_line("8 0\n", &l), -EINVAL);
	ck_assert_int_eq(parse_diskstats_line("", &l), -EINVAL);
}
END_TEST

START_TEST(diskstats_line_long_name)
{
	char line[300], name[200];
	struct diskstats_line l;

	/* 127 bytes fit, 128 do not. */
	memset(name, 'n', 127);
	name[127] = '\0';
	snprintf(line, sizeof(line), "1 2 %s 3 4\n", name);
	ck_assert_int_eq(parse_diskstats_line(line, &l), 0);
	ck_assert_uint_eq(strlen(l.name), 127);
	memset(name, 'n', 128);
	name[128] = '\0';
	snprintf(line, sizeof(line), "1 2 %s 3 4\n", name);
	ck_assert_int_eq(parse_diskstats_line(line, &l), -ENAMETOOLONG);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* -S IOSTAT: every line, every counter */

/* sda's partitions are sda1 (and "cciss!c0d0p1" of cciss!c0d0), nothing else. */
static bool
fake_part_of(void *arg, const char *disk, const char *part)
{
	(void) arg;
	return (!strcmp(disk, "sda") && !strcmp(part, "sda1")) ||
	       (!strcmp(disk, "cciss!c0d0") && !strcmp(part, "cciss!c0d0p1"));
}

START_TEST(ext_whole_devices)
{
	struct fake_sys f = {fake_devices, fake_virtuals, NULL, {{0}}, 0};
	struct disk_probe probe = {fake_in_sysfs, NULL, &f, fake_part_of};
	struct ext_disk d[8];

	memset(d, 0, sizeof(d));
	/*
	 * Whole devices of sys/block, dm-0 too, but sdb, never used (all its
	 * counters 0): sda cciss/c0d0 dm-0 sdd.
	 */
	ck_assert_int_eq(parse_diskstats_ext(diskstats, d, 8, false, &probe), 4);
	ck_assert_str_eq(d[0].name, "sda");
	ck_assert_uint_eq(d[0].n_values, 17);
	ck_assert_uint_eq(d[0].v[0], 100);
	ck_assert_uint_eq(d[0].v[3], 30);
	ck_assert_uint_eq(d[0].v[11], 5);
	ck_assert_uint_eq(d[0].v[15], 44);
	ck_assert_uint_eq(d[0].v[16], 55);
	ck_assert_uint_eq(d[0].flags, EXT_DF_WHOLE);
	ck_assert_uint_eq(d[0].parent, 0);
	/* The name as diskstats writes it; the sysfs test saw cciss!c0d0. */
	ck_assert_str_eq(d[1].name, "cciss/c0d0");
	ck_assert_uint_eq(d[1].major, 104);
	ck_assert_uint_eq(d[1].n_values, 11);
	ck_assert_uint_eq(d[1].v[10], 800);
	ck_assert_uint_eq(d[1].v[11], 0);
	ck_assert_str_eq(d[2].name, "dm-0");
	ck_assert_uint_eq(d[2].minor, 0);
	ck_assert_str_eq(d[3].name, "sdd");
	ck_assert_uint_eq(d[3].n_values, 15);
	ck_assert_int_eq(parse_diskstats_ext(diskstats, d, 3, false, &probe), COLLECT_E_NOSPACE);
}
END_TEST

START_TEST(ext_partitions)
{
	struct fake_sys f = {fake_devices, fake_virtuals, NULL, {{0}}, 0};
	struct disk_probe probe = {fake_in_sysfs, NULL, &f, fake_part_of};
	static const char buf[] = "8 0 sda 1 2 3 4 5 6 7 8 9 10 11\n"
	                          "8 1 sda1 54 432 8 64\n"
	                          "8 2 sda2 1 1 1 1 1 1 1 1 1 1 1\n"
	                          "104 0 cciss/c0d0 1 2 3 4 5 6 7 8 9 10 11\n"
	                          "104 1 cciss/c0d0p1 1 2 3 4 5 6 7 8 9 10 11\n";
	struct ext_disk d[8];

	memset(d, 0, sizeof(d));
	ck_assert_int_eq(parse_diskstats_ext(buf, d, 8, true, &probe), 5);
	/* sda1: an old kernel's 4 counters, a partition of sda (item 0). */
	ck_assert_str_eq(d[1].name, "sda1");
	ck_assert_uint_eq(d[1].n_values, 4);
	ck_assert_uint_eq(d[1].v[3], 64);
	ck_assert_uint_eq(d[1].flags, EXT_DF_PARTS);
	ck_assert_uint_eq(d[1].parent, 1);
	/* sda2 is no directory of sys/block/sda here: no parent. */
	ck_assert_uint_eq(d[2].parent, 0);
	ck_assert_uint_eq(d[3].flags, EXT_DF_WHOLE | EXT_DF_PARTS);
	ck_assert_str_eq(d[4].name, "cciss/c0d0p1");
	ck_assert_uint_eq(d[4].parent, 4);
	/* Without partitions, the whole devices alone. */
	ck_assert_int_eq(parse_diskstats_ext(buf, d, 8, false, &probe), 2);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_IO */

START_TEST(io_sums_whole_devices)
{
	struct fake_sys f = {fake_devices, fake_virtuals, NULL, {{0}}, 0};
	struct disk_probe probe = {fake_in_sysfs, fake_wwn, &f, NULL};
	struct stats_io io;

	memset(&io, 0, sizeof(io));
	parse_diskstats_io(diskstats, &io, &probe);
	/*
	 * Real whole devices: sda, cciss/c0d0 (seen as cciss!c0d0), sdb (no
	 * I/O), sdd (discard only). Not sda1 (partition), dm-0 (no device
	 * link), sdc (in no list).
	 * reads:    100 + 1000 + 0 + 0 = 1100
	 * writes:   200 + 2000 + 0 + 0 = 2200
	 * discards: 5 (sda) + 4 (sdd) = 9; cciss has no discard columns
	 */
	ck_assert_uint_eq(io.dk_drive_rio, 1100);
	ck_assert_uint_eq(io.dk_drive_wio, 2200);
	ck_assert_uint_eq(io.dk_drive_dio, 9);
	ck_assert_uint_eq(io.dk_drive, 3309);
	/* sectors: read 2000 + 10000, written 4000 + 20000, discarded 600 + 40 */
	ck_assert_uint_eq(io.dk_drive_rblk, 12000);
	ck_assert_uint_eq(io.dk_drive_wblk, 24000);
	ck_assert_uint_eq(io.dk_drive_dblk, 640);
}
END_TEST

START_TEST(io_seven_columns)
{
	static const char *const devs[] = {"hda", "hdb", NULL};
	struct fake_sys f = {devs, NULL, NULL, {{0}}, 0};
	struct disk_probe probe = {fake_in_sysfs, NULL, &f, NULL};
	struct stats_io io;

	/* Seven columns are enough for A_IO; six are not. */
	memset(&io, 0, sizeof(io));
	parse_diskstats_io("3 0 hda 10 0 20 0 30 0 40\n3 64 hdb 1 0 2 0 3 0\n", &io, &probe);
	ck_assert_uint_eq(io.dk_drive, 40);
	ck_assert_uint_eq(io.dk_drive_rio, 10);
	ck_assert_uint_eq(io.dk_drive_rblk, 20);
	ck_assert_uint_eq(io.dk_drive_wio, 30);
	ck_assert_uint_eq(io.dk_drive_wblk, 40);
	ck_assert_uint_eq(io.dk_drive_dio, 0);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_DISK */

START_TEST(disk_whole_devices)
{
	struct fake_sys f = {fake_devices, fake_virtuals, "sda", {{0}}, 0};
	struct disk_probe probe = {fake_in_sysfs, fake_wwn, &f, NULL};
	struct stats_disk d[8];

	memset(d, 0, sizeof(d));
	/* sda, cciss/c0d0, dm-0 (virtual devices count here), sdd (discards only). */
	ck_assert_int_eq(parse_diskstats_disk(diskstats, d, 8, false, &probe), 4);

	ck_assert_uint_eq(d[0].major, 8);
	ck_assert_uint_eq(d[0].minor, 0);
	ck_assert_uint_eq(d[0].nr_ios, 305); /* 100 + 200 + 5 */
	ck_assert_uint_eq(d[0].rd_sect, 2000);
	ck_assert_uint_eq(d[0].wr_sect, 4000);
	ck_assert_uint_eq(d[0].dc_sect, 600);
	ck_assert_uint_eq(d[0].rd_ticks, 30);
	ck_assert_uint_eq(d[0].wr_ticks, 50);
	ck_assert_uint_eq(d[0].tot_ticks, 70);
	ck_assert_uint_eq(d[0].rq_ticks, 80);
	ck_assert_uint_eq(d[0].dc_ticks, 9);
	ck_assert_uint_eq(d[0].wwn[0], 0x5000cca369f193acULL);
	ck_assert_uint_eq(d[0].wwn[1], 0x1122334455667788ULL);
	ck_assert_uint_eq(d[0].part_nr, 7);

	ck_assert_uint_eq(d[1].major, 104);
	ck_assert_uint_eq(d[1].nr_ios, 3000);
	ck_assert_uint_eq(d[1].dc_sect, 0);
	ck_assert_uint_eq(d[1].dc_ticks, 0);
	ck_assert_uint_eq(d[1].wwn[0], 0);
	ck_assert_uint_eq(d[1].part_nr, 0);

	ck_assert_uint_eq(d[2].major, 253);
	ck_assert_uint_eq(d[2].nr_ios, 15);
	ck_assert_uint_eq(d[3].minor, 48);
	ck_assert_uint_eq(d[3].nr_ios, 4);
	ck_assert_uint_eq(d[3].dc_sect, 40);

	/* The WWN lookup sees the sysfs spelling of a whole device's name. */
	ck_assert_int_eq(f.n_asked, 4);
	ck_assert_str_eq(f.asked[1], "cciss!c0d0");
}
END_TEST

START_TEST(disk_with_partitions)
{
	struct fake_sys f = {fake_devices, fake_virtuals, NULL, {{0}}, 0};
	struct disk_probe probe = {fake_in_sysfs, fake_wwn, &f, NULL};
	struct stats_disk d[8];

	memset(d, 0, sizeof(d));
	/* Every used line: sda, sda1, cciss/c0d0, dm-0, sdd (sdc has ten columns only). */
	ck_assert_int_eq(parse_diskstats_disk(diskstats, d, 8, true, &probe), 5);
	ck_assert_uint_eq(d[1].minor, 1);
	ck_assert_uint_eq(d[1].nr_ios, 30);
	ck_assert_uint_eq(d[1].wr_sect, 300);
	/* Without the whole-device test the name keeps its '/'. */
	ck_assert_str_eq(f.asked[2], "cciss/c0d0");
}
END_TEST

START_TEST(disk_nospace)
{
	struct fake_sys f = {fake_devices, fake_virtuals, NULL, {{0}}, 0};
	struct disk_probe probe = {fake_in_sysfs, fake_wwn, &f, NULL};
	struct stats_disk d[5];

	memset(d, 0, sizeof(d));
	ck_assert_int_eq(parse_diskstats_disk(diskstats, d, 4, true, &probe), COLLECT_E_NOSPACE);
	ck_assert_int_eq(parse_diskstats_disk(diskstats, d, 0, false, &probe), COLLECT_E_NOSPACE);
	ck_assert_int_eq(parse_diskstats_disk(diskstats, d, 5, true, &probe), 5);
	/* Nothing used: no item, even with no room. */
	ck_assert_int_eq(
	        parse_diskstats_disk("8 16 sdb 0 0 0 0 0 0 0 0 0 0 0\n", d, 0, false, &probe), 0);
}
END_TEST

START_TEST(disk_count)
{
	struct fake_sys f = {fake_devices, fake_virtuals, NULL, {{0}}, 0};
	struct disk_probe probe = {fake_in_sysfs, NULL, &f, NULL};

	/* With partitions, sadc counts lines, used or not, parsable or not. */
	ck_assert_int_eq(count_diskstats_disk(diskstats, true, &probe), 7);
	ck_assert_int_eq(count_diskstats_disk("garbage\n\n8 0 sda 1\n", true, &probe), 3);
	/*
	 * Without: whole devices with reads or writes: sda, cciss/c0d0,
	 * dm-0. sdd (discards only) is not counted although A_DISK reads it.
	 */
	ck_assert_int_eq(count_diskstats_disk(diskstats, false, &probe), 3);
	/* A 2.6 partition line (four columns) is never a device. */
	ck_assert_int_eq(count_diskstats_disk("8 0 sda 5 6 7 8\n", false, &probe), 0);
	ck_assert_int_eq(count_diskstats_disk("", true, &probe), 0);
}
END_TEST

START_TEST(disk_count_long_line)
{
	struct fake_sys f = {fake_devices, fake_virtuals, NULL, {{0}}, 0};
	struct disk_probe probe = {fake_in_sysfs, NULL, &f, NULL};
	char buf[400];

	/*
	 * sadc counts with a 256-byte fgets() buffer: a 300-byte line is two
	 * lines to it.
	 */
	memset(buf, '0', sizeof(buf));
	memcpy(buf, "8 0 sda 1 ", 10);
	for (int i = 10; i < 299; i += 2)
		buf[i + 1] = ' ';
	buf[299] = '\n';
	buf[300] = '\0';
	ck_assert_int_eq(count_diskstats_disk(buf, true, &probe), 2);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* /dev/disk/by-id WWN names */

START_TEST(wwn_names)
{
	uint64_t w[2];
	uint32_t part;

	ck_assert_int_eq(parse_wwn_name("wwn-0x5000cca369f193ac", w, &part), 0);
	ck_assert_uint_eq(w[0], 0x5000cca369f193acULL);
	ck_assert_uint_eq(w[1], 0);
	ck_assert_uint_eq(part, 0);

	ck_assert_int_eq(parse_wwn_name("wwn-0x5000cca369f193ac-part12", w, &part), 0);
	ck_assert_uint_eq(w[0], 0x5000cca369f193acULL);
	ck_assert_uint_eq(part, 12);

	ck_assert_int_eq(parse_wwn_name("wwn-0x600605b00a2bdf00242b28c10dcb1999", w, &part), 0);
	ck_assert_uint_eq(w[0], 0x600605b00a2bdf00ULL);
	ck_assert_uint_eq(w[1], 0x242b28c10dcb1999ULL);

	ck_assert_int_eq(parse_wwn_name("wwn-0x600605b00a2bdf00000028c10dcb2000-part3", w, &part),
	                 0);
	ck_assert_uint_eq(w[1], 0x28c10dcb2000ULL);
	ck_assert_uint_eq(part, 3);

	/* "-part" with nothing after it is accepted, as partition 0. */
	ck_assert_int_eq(parse_wwn_name("wwn-0x5000cca369f193ac-part", w, &part), 0);
	ck_assert_uint_eq(part, 0);
}
END_TEST

START_TEST(wwn_bad_names)
{
	uint64_t w[2];
	uint32_t part;

	/* 20 digits: neither 16 nor 32. */
	ck_assert_int_eq(parse_wwn_name("wwn-0x5438850077615869953x", w, &part), -1);
	ck_assert_int_eq(parse_wwn_name("wwn-0x5000cca369f193ac-partX", w, &part), -1);
	ck_assert_int_eq(parse_wwn_name("wwn-0x5000cca369f193", w, &part), -1);
	ck_assert_int_eq(parse_wwn_name("ata-Hitachi_HDS723020BLA642", w, &part), -1);
	ck_assert_int_eq(parse_wwn_name("nvme-eui.0025388b71b4b4e1", w, &part), -1);
	ck_assert_int_eq(parse_wwn_name("wwn-0xzz00cca369f193ac", w, &part), -1);
	ck_assert_uint_eq(w[0], 0);
	/*
	 * sysstat picks the 32-digit form by length (38 bytes or more): a
	 * 16-digit WWN with an 11-digit partition number then fails, one
	 * with a 10-digit number (37 bytes) does not.
	 */
	ck_assert_int_eq(parse_wwn_name("wwn-0x5000cca369f193ac-part12345678901", w, &part), -1);
	ck_assert_int_eq(parse_wwn_name("wwn-0x5000cca369f193ac-part1234567890", w, &part), 0);
	ck_assert_uint_eq(part, 1234567890);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_SERIAL */

static const char serial[] =
        "serinfo:1.0 driver revision:\n"
        "0: uart:16550A port:000003F8 irq:4 tx:1500 rx:2600 fe:3 pe:4 brk:5 oe:6 RTS|DTR\n"
        "1: uart:16550A port:000002F8 irq:3 tx:0 rx:7\n"
        "2: uart:unknown port:000003E8 irq:4\n"
        "12: uart:16550A port:000002E8 irq:3 rx:9 tx:8\n";

START_TEST(serial_lines)
{
	struct stats_serial s[4];

	memset(s, 0, sizeof(s));
	ck_assert_int_eq(parse_tty_serial(serial, s, 4), 3);
	ck_assert_uint_eq(s[0].line, 0);
	ck_assert_uint_eq(s[0].tx, 1500);
	ck_assert_uint_eq(s[0].rx, 2600);
	ck_assert_uint_eq(s[0].frame, 3);
	ck_assert_uint_eq(s[0].parity, 4);
	ck_assert_uint_eq(s[0].brk, 5);
	ck_assert_uint_eq(s[0].overrun, 6);
	ck_assert_uint_eq(s[1].line, 1);
	ck_assert_uint_eq(s[1].rx, 7);
	ck_assert_uint_eq(s[1].frame, 0);
	/* Fields are found anywhere on the line. */
	ck_assert_uint_eq(s[2].line, 12);
	ck_assert_uint_eq(s[2].tx, 8);
	ck_assert_uint_eq(s[2].rx, 9);

	ck_assert_int_eq(count_tty_serial(serial), 3);
	ck_assert_int_eq(count_tty_serial("serinfo:1.0 driver revision:\n"), 0);
	ck_assert_int_eq(parse_tty_serial(serial, s, 2), COLLECT_E_NOSPACE);
	ck_assert_int_eq(parse_tty_serial("", s, 0), 0);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_FS */

START_TEST(octal_escapes)
{
	char s[64];

	snprintf(s, sizeof(s), "%s", "/mnt/my\\040disk");
	unescape_octal(s);
	ck_assert_str_eq(s, "/mnt/my disk");

	snprintf(s, sizeof(s), "%s", "/a\\134b\\011c\\012");
	unescape_octal(s);
	ck_assert_str_eq(s, "/a\\b\tc\n");

	/* First digit above 3, or an escape cut by the end: kept as is. */
	snprintf(s, sizeof(s), "%s", "/x\\400\\04");
	unescape_octal(s);
	ck_assert_str_eq(s, "/x\\400\\04");

	/* \000 ends the string. */
	snprintf(s, sizeof(s), "%s", "/y\\000z");
	unescape_octal(s);
	ck_assert_str_eq(s, "/y");
}
END_TEST

/* Answers statvfs() from the mount point name; counts calls. */
struct fake_fs {
	int calls;
	char last[300];
};

static int
fake_statvfs(void *arg, const char *mountp, struct statvfs *ret)
{
	struct fake_fs *f = arg;

	f->calls++;
	snprintf(f->last, sizeof(f->last), "%s", mountp);
	if (!strcmp(mountp, "/gone"))
		return -ENOENT;
	memset(ret, 0, sizeof(*ret));
	ret->f_frsize = 4096;
	ret->f_blocks = strcmp(mountp, "/empty") ? 1000 : 0;
	ret->f_bfree = 400;
	ret->f_bavail = 300;
	ret->f_files = 50;
	ret->f_ffree = 20;
	return 0;
}

static const char mtab[] = "sysfs /sys sysfs rw 0 0\n"
                           "/dev/sda1 / ext4 rw 0 0\n"
                           "/dev/sda2 /home ext4 rw 0 0\n"
                           "/dev/sda1 /srv ext4 rw 0 0\n"
                           "/dev/sdb1 /auto autofs rw 0 0\n"
                           "/dev/sdc1 /gone ext4 rw 0 0\n"
                           "/dev/sdd1 /empty ext4 rw 0 0\n"
                           "/dev/sde1 /mnt/my\\040disk vfat rw 0 0\n"
                           "/dev/sdf1\n"
                           "/dev/sdg1 /nospace\n";

START_TEST(mtab_entries)
{
	struct fake_fs f = {0, ""};
	struct stats_filesystem fs[8];

	memset(fs, 0, sizeof(fs));
	/*
	 * Kept: sda1 on /, sda2 on /home, sde1 on "/mnt/my disk". Not: sysfs
	 * (no '/'), sda1 again (duplicate name), autofs, /gone (statvfs
	 * fails), /empty (no blocks), lines without two separators.
	 */
	ck_assert_int_eq(parse_mtab(mtab, fs, 8, fake_statvfs, &f), 3);
	ck_assert_str_eq(fs[0].fs_name, "/dev/sda1");
	ck_assert_str_eq(fs[0].mountp, "/");
	/* Block counts in bytes: 1000, 400, 300 blocks of 4096 bytes. */
	ck_assert_uint_eq(fs[0].f_blocks, 4096000);
	ck_assert_uint_eq(fs[0].f_bfree, 1638400);
	ck_assert_uint_eq(fs[0].f_bavail, 1228800);
	ck_assert_uint_eq(fs[0].f_files, 50);
	ck_assert_uint_eq(fs[0].f_ffree, 20);
	ck_assert_str_eq(fs[1].mountp, "/home");
	ck_assert_str_eq(fs[2].fs_name, "/dev/sde1");
	ck_assert_str_eq(fs[2].mountp, "/mnt/my disk");
	/* statvfs() is asked for every candidate, duplicates included. */
	ck_assert_int_eq(f.calls, 6);

	/* The count keeps duplicates, as sadc's does: also the second sda1. */
	ck_assert_int_eq(count_mtab(mtab, fake_statvfs, &f), 4);

	ck_assert_int_eq(parse_mtab(mtab, fs, 2, fake_statvfs, &f), COLLECT_E_NOSPACE);
	ck_assert_int_eq(parse_mtab("", fs, 0, fake_statvfs, &f), 0);
}
END_TEST

START_TEST(mtab_long_lines)
{
	struct fake_fs f = {0, ""};
	struct stats_filesystem fs[4];
	char buf[2048], name[200];
	size_t n;

	/*
	 * A 140-byte device name is cut to 127 bytes; a 300-byte mount point
	 * reaches statvfs() cut to 255 bytes and is stored cut to 127.
	 */
	memset(name, 'd', 140);
	name[0] = '/';
	name[140] = '\0';
	n = (size_t) snprintf(buf, sizeof(buf), "%s /m ext4 rw 0 0\n/dev/x /", name);
	memset(buf + n, 'm', 299);
	n += 299;
	n += (size_t) snprintf(buf + n, sizeof(buf) - n, " ext4 rw 0 0\n");
	memset(fs, 0, sizeof(fs));
	ck_assert_int_eq(parse_mtab(buf, fs, 4, fake_statvfs, &f), 2);
	ck_assert_uint_eq(strlen(fs[0].fs_name), 127);
	ck_assert_uint_eq(strlen(f.last), 255);
	ck_assert_uint_eq(strlen(fs[1].mountp), 127);
	ck_assert_int_eq(fs[1].mountp[126], 'm');
}
END_TEST

START_TEST(mtab_overlong_line)
{
	struct fake_fs f = {0, ""};
	struct stats_filesystem fs[4];
	char buf[2048];
	size_t n;

	/*
	 * sadc reads mtab in 511-byte pieces and skips the pieces after the
	 * first of a longer line, even one that starts with '/'. The first
	 * piece still counts.
	 */
	n = (size_t) snprintf(buf, sizeof(buf), "%s", "/dev/a1 /a ext4 rw,opts=");
	memset(buf + n, 'o', 511 - n);
	n = 511;
	n += (size_t) snprintf(buf + n, sizeof(buf) - n, "%s",
	                       "/dev/evil /evil ext4 rw 0 0\n/dev/b1 /b ext4 rw 0 0\n");
	memset(fs, 0, sizeof(fs));
	ck_assert_int_eq(parse_mtab(buf, fs, 4, fake_statvfs, &f), 2);
	ck_assert_str_eq(fs[0].fs_name, "/dev/a1");
	ck_assert_str_eq(fs[1].fs_name, "/dev/b1");
	ck_assert_int_eq(count_mtab(buf, fake_statvfs, &f), 2);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* The collectors through a scratch root */

static char tmp_root[256];

/* A file of content under the root, or a directory when content is NULL. */
static void
put_file(const char *rel, const char *content)
{
	if (content)
		ck_assert_int_eq(fixture_put_str(tmp_root, rel, content), 0);
	else
		ck_assert_int_eq(fixture_mkdir(tmp_root, rel), 0);
}

static void
put_link(const char *rel, const char *target)
{
	ck_assert_int_eq(fixture_symlink(tmp_root, rel, target), 0);
}

static void
make_root(void)
{
	ck_assert_int_eq(fixture_tmp_root("sysrec-disk", tmp_root, sizeof(tmp_root)), 0);
	put_file("proc/diskstats", "   8       0 sda 10 0 80 1 20 0 160 2 0 3 4\n"
	                           "   8       1 sda1 10 0 80 1 20 0 160 2 0 3 4\n"
	                           " 253       0 dm-0 1 0 8 1 0 0 0 0 0 1 1\n"
	                           "   8      16 sdb 0 0 0 0 0 0 0 0 0 0 0\n");
	put_file("sys/block/sda/device", NULL);
	put_file("sys/block/sdb/device", NULL);
	put_file("sys/block/dm-0", NULL);
	put_file("dev/disk/by-id", NULL);
	put_link("dev/disk/by-id/ata-DISK", "../../sda");
	put_link("dev/disk/by-id/wwn-0x5000cca369f193ac", "../../sda");
	put_link("dev/disk/by-id/wwn-0x5000cca369f193ac-part1", "../../sda1");
	put_file("proc/tty/driver/serial", serial);
	put_file("etc/mtab", "/dev/root / ext4 rw 0 0\n/dev/sdz /nowhere ext4 rw 0 0\n");
}

static void
remove_root(void)
{
	ck_assert_int_eq(fixture_rm_tree(tmp_root), 0);
}

START_TEST(collectors_scratch_root)
{
	struct collect_ctx c;
	struct stats_disk d[4];
	struct stats_io io;
	struct stats_serial s[4];
	struct stats_filesystem fs[2];
	int32_t nr2 = 0;

	make_root();
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, tmp_root), 0);

	ck_assert_int_eq(collect_count(collector_for(A_IO), &c, &nr2), 1);
	memset(&io, 0, sizeof(io));
	ck_assert_int_eq(collect_read_io(&c, &io, 1, 1), 1);
	/* sda and sdb have a device link; dm-0 does not, sda1 is no device. */
	ck_assert_uint_eq(io.dk_drive, 30);
	ck_assert_uint_eq(io.dk_drive_rblk, 80);

	/* Whole used devices: sda and dm-0. */
	ck_assert_int_eq(collect_count_disk(&c, &nr2), 2);
	ck_assert_int_eq(nr2, 1);
	memset(d, 0, sizeof(d));
	ck_assert_int_eq(collect_read_disk(&c, d, 4, 1), 2);
	ck_assert_uint_eq(d[0].wwn[0], 0x5000cca369f193acULL);
	ck_assert_uint_eq(d[0].part_nr, 0);
	ck_assert_uint_eq(d[1].major, 253);
	ck_assert_uint_eq(d[1].wwn[0], 0);
	ck_assert_int_eq(collect_read_disk(&c, d, 1, 1), COLLECT_E_NOSPACE);

	/* With partitions: every line counts; sda1 gets its WWN and number. */
	c.partitions = true;
	ck_assert_int_eq(collect_count_disk(&c, &nr2), 4);
	memset(d, 0, sizeof(d));
	ck_assert_int_eq(collect_read_disk(&c, d, 4, 1), 3);
	ck_assert_uint_eq(d[1].minor, 1);
	ck_assert_uint_eq(d[1].wwn[0], 0x5000cca369f193acULL);
	ck_assert_uint_eq(d[1].part_nr, 1);

	ck_assert_int_eq(collect_count_serial(&c, &nr2), 3);
	memset(s, 0, sizeof(s));
	ck_assert_int_eq(collect_read_serial(&c, s, 4, 1), 3);
	ck_assert_uint_eq(s[2].line, 12);

	/* Only "/" exists below this root: /nowhere fails its statvfs(). */
	ck_assert_int_eq(collect_count_fs(&c, &nr2), 1);
	memset(fs, 0, sizeof(fs));
	ck_assert_int_eq(collect_read_fs(&c, fs, 2, 1), 1);
	ck_assert_str_eq(fs[0].fs_name, "/dev/root");
	ck_assert_uint_gt(fs[0].f_blocks, 0);

	collect_release(&c);
	remove_root();
}
END_TEST

START_TEST(collectors_missing_files)
{
	struct collect_ctx c;
	struct stats_io io;
	struct stats_disk d;
	int32_t nr2 = 0;

	ck_assert_int_eq(fixture_tmp_root("sysrec-disk", tmp_root, sizeof(tmp_root)), 0);
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, tmp_root), 0);
	/* A_IO is a single item: one zeroed item without diskstats. */
	ck_assert_int_eq(collect_count(collector_for(A_IO), &c, &nr2), 1);
	memset(&io, 0, sizeof(io));
	ck_assert_int_eq(collect_read_io(&c, &io, 1, 1), 1);
	ck_assert_uint_eq(io.dk_drive, 0);
	ck_assert_int_eq(collect_read_io(&c, &io, 0, 1), COLLECT_E_NOSPACE);
	/* The counted ones are left out of the file. */
	ck_assert_int_eq(collect_count_disk(&c, &nr2), 0);
	ck_assert_int_eq(collect_count_serial(&c, &nr2), 0);
	ck_assert_int_eq(collect_count_fs(&c, &nr2), 0);
	ck_assert_int_eq(collect_read_disk(&c, &d, 1, 1), 0);
	ck_assert_int_eq(collect_read_serial(&c, &d, 1, 1), 0);
	ck_assert_int_eq(collect_read_fs(&c, &d, 1, 1), 0);
	collect_release(&c);
	remove_root();
}
END_TEST

/* ------------------------------------------------------------------------- */
/* The oracle: what sysstat 12.6.1 stored from each fixture root */

/*
 * Statistics record `record` of `archive` was collected from `root`
 * (upstream tests/00050, 00055, 00057, 00065, 00067, 00068, 00069, 00070:
 * data.tmp starts as a copy of data-new.tmp). xall: collected with -S XALL,
 * so A_DISK includes partitions; the archives made without it have no
 * A_DISK and no A_FS.
 */
struct oracle_record {
	const char *archive;
	int record;
	const char *root;
	bool xall;
};

// clang-format off
static const struct oracle_record oracle[] = {
	{"data-new.tmp", 0, "root1", true}, {"data-new.tmp", 1, "root2", true},
	{"data-new.tmp", 2, "root3", true}, {"data-new.tmp", 3, "root4", true},
	{"data-new.tmp", 4, "root5", true},
	{"data.tmp", 5, "root6", true}, {"data.tmp", 6, "root7", true},
	{"data-ssr.tmp", 0, "root1", true}, {"data-ssr.tmp", 1, "root2", true},
	{"data-CPUoff.tmp", 0, "root1", true}, {"data-CPUoff.tmp", 1, "root2", true},
	{"data-CPUoffon.tmp", 0, "root2", true}, {"data-CPUoffon.tmp", 1, "root3", true},
	{"data-CPUoffon.tmp", 2, "root4", true}, {"data-CPUoffon.tmp", 3, "root5", true},
	{"data1.tmp", 0, "root6", false}, {"data1.tmp", 1, "root7", false},
	{"data1.tmp", 2, "root1", false}, {"data1.tmp", 3, "root2", false},
	{"data2.tmp", 0, "root1", false}, {"data2.tmp", 2, "root6", false},
	{"data2.tmp", 3, "root7", false},
};
// clang-format on

#define N_ORACLE ((int) (sizeof(oracle) / sizeof(oracle[0])))

static void
oracle_paths(const struct oracle_record *o, char *archive, char *root, size_t len)
{
	char rel[256];

	snprintf(rel, sizeof(rel), "upstream/generated/%s", o->archive);
	ck_assert_msg(fixture_file(rel, archive, len), "missing %s", rel);
	ck_assert_msg(fixture_root(o->root, root, len), "missing %s", o->root);
}

/*
 * Reads activity id from o->root with our collector and compares it, count
 * and bytes, with the record sysstat stored.
 */
static void
compare_with_oracle(const struct oracle_record *o, uint32_t id)
{
	const struct activity_desc *desc = activity_by_id(id);
	char archive[4096], root[4096];
	struct collect_ctx c;
	unsigned char *mine;
	void *stored = NULL;
	int32_t nr = 0, nr2 = 0, got, room = 64;

	oracle_paths(o, archive, root, sizeof(archive));
	ck_assert_msg(fixture_record_items(archive, o->record, id, &stored, &nr, &nr2) == 0,
	              "%s record %d has no %s", o->archive, o->record, desc->name);
	ck_assert_int_eq(nr2, 1);
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, root), 0);
	c.partitions = o->xall;
	mine = calloc((size_t) room, desc->size);
	ck_assert_ptr_nonnull(mine);
	got = collector_for(id)->read(&c, mine, room, 1);
	ck_assert_msg(got == nr, "%s record %d (%s): %s has %d items, sysstat stored %d",
	              o->archive, o->record, o->root, desc->name, got, nr);
	for (int32_t i = 0; i < nr; i++)
		ck_assert_msg(!memcmp(mine + (size_t) i * desc->size,
		                      (unsigned char *) stored + (size_t) i * desc->size,
		                      desc->size),
		              "%s record %d (%s): %s item %d differs", o->archive, o->record,
		              o->root, desc->name, i);
	free(mine);
	free(stored);
	collect_release(&c);
}

START_TEST(oracle_io_serial)
{
	if (!fixture_shared()) {
		fixture_skip("no shared corpus: fixture oracle comparison not run");
		return;
	}
	compare_with_oracle(&oracle[_i], A_IO);
	compare_with_oracle(&oracle[_i], A_SERIAL);
}
END_TEST

START_TEST(oracle_disk)
{
	if (!fixture_shared()) {
		fixture_skip("no shared corpus: fixture oracle comparison not run");
		return;
	}
	if (oracle[_i].xall)
		compare_with_oracle(&oracle[_i], A_DISK);
}
END_TEST

/*
 * A_FS cannot be compared through collect_read_fs(): the TEST build of
 * sadc faked statvfs() (tests/systest.c, get_fs_stat), so it kept mount
 * points that do not exist in the fixture trees, with made-up sizes. What
 * can be compared is the mtab parsing: replaying the fake through
 * parse_mtab() must give sysstat's record byte for byte, names, order,
 * duplicates and all. The fake cycles through four answers across the
 * whole sadc run; the record shows where the cycle stood, so each of the
 * four starting points is tried.
 */
struct test_build_statvfs {
	int p;
};

static int
test_build_statvfs(void *arg, const char *mountp, struct statvfs *ret)
{
	/* The four answers of sysstat 12.6.1's tests/systest.c, with f_frsize 1. */
	static const unsigned long long bfree[4] = {739427840, 286670336, 1696156672, 2616732672};
	static const unsigned long long blocks[4] = {891291136, 502345216, 1829043712, 3502345216};
	static const unsigned long long bavail[4] = {722675712, 241253120, 1106515456, 1871315456};
	static const unsigned long long files[4] = {6111232, 19202048, 1921360, 19202048};
	static const unsigned long long ffree[4] = {6008414, 19201593, 1621550, 19051710};
	struct test_build_statvfs *t = arg;

	(void) mountp;
	memset(ret, 0, sizeof(*ret));
	ret->f_bfree = bfree[t->p];
	ret->f_blocks = blocks[t->p];
	ret->f_bavail = bavail[t->p];
	ret->f_files = files[t->p];
	ret->f_ffree = ffree[t->p];
	ret->f_frsize = 1;
	t->p = (t->p + 1) & 3;
	return 0;
}

START_TEST(oracle_fs_parsing)
{
	const struct oracle_record *o = &oracle[_i];
	char archive[4096], root[4096];
	struct collect_ctx c;
	struct stats_filesystem mine[16];
	void *stored = NULL;
	const char *mtab_buf;
	int32_t nr = 0, nr2 = 0;
	bool matched = false;

	if (!fixture_shared()) {
		fixture_skip("no shared corpus: fixture oracle comparison not run");
		return;
	}
	if (!o->xall)
		return;
	oracle_paths(o, archive, root, sizeof(archive));
	ck_assert_int_eq(fixture_record_items(archive, o->record, A_FS, &stored, &nr, &nr2), 0);
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, root), 0);
	mtab_buf = collect_file(&c, PF_MTAB, NULL);
	ck_assert_ptr_nonnull(mtab_buf);
	for (int start = 0; start < 4 && !matched; start++) {
		struct test_build_statvfs t = {start};

		memset(mine, 0, sizeof(mine));
		matched = parse_mtab(mtab_buf, mine, 16, test_build_statvfs, &t) == nr &&
		          !memcmp(mine, stored, (size_t) nr * sizeof(mine[0]));
	}
	ck_assert_msg(matched, "%s record %d (%s): A_FS not reproduced", o->archive, o->record,
	              o->root);
	free(stored);
	collect_release(&c);
}
END_TEST

/* The item count of activity id in the header of archive, or -1. */
static int32_t
header_nr(const char *archive, uint32_t id)
{
	struct archive_reader r;
	struct archive_act *a;
	struct source *src;
	int fd = open(archive, O_RDONLY), nr = -1;

	if (fd < 0)
		return -1;
	memset(&r, 0, sizeof(r));
	if (source_open_fd(fd, &src) < 0) {
		close(fd);
		return -1;
	}
	if (archive_open(&r, src, true) == 0 && archive_read_header(&r, true) == 0) {
		a = archive_find(&r, id);
		if (a)
			nr = (int32_t) a->fa.nr;
	}
	archive_reader_release(&r);
	close(fd);
	return nr;
}

/* Each archive's header counts come from the first sadc run that created it. */
START_TEST(oracle_counts)
{
	static const struct {
		const char *archive;
		const char *root;
		bool xall;
	} first[] = {
	        {"data-new.tmp", "root1", true},
	        {"data-CPUoffon.tmp", "root2", true},
	        {"data1.tmp", "root6", false},
	};
	char archive[4096], root[4096], rel[256];

	if (!fixture_shared()) {
		fixture_skip("no shared corpus: fixture oracle comparison not run");
		return;
	}
	for (size_t k = 0; k < sizeof(first) / sizeof(first[0]); k++) {
		struct test_build_statvfs t = {0};
		struct collect_ctx c;
		int32_t nr2 = 0;

		snprintf(rel, sizeof(rel), "upstream/generated/%s", first[k].archive);
		ck_assert(fixture_file(rel, archive, sizeof(archive)));
		ck_assert(fixture_root(first[k].root, root, sizeof(root)));
		memset(&c, 0, sizeof(c));
		ck_assert_int_eq(collect_init(&c, root), 0);
		c.partitions = first[k].xall;
		ck_assert_int_eq(collect_count(collector_for(A_IO), &c, &nr2), header_nr(archive, A_IO));
		ck_assert_int_eq(collect_count_serial(&c, &nr2), header_nr(archive, A_SERIAL));
		if (first[k].xall) {
			ck_assert_int_eq(collect_count_disk(&c, &nr2), header_nr(archive, A_DISK));
			/* Through the TEST build's statvfs(), as for the items above. */
			ck_assert_int_eq(
			        count_mtab(collect_file(&c, PF_MTAB, NULL), test_build_statvfs, &t),
			        header_nr(archive, A_FS));
		}
		collect_release(&c);
	}
}
END_TEST

static Suite *
disk_suite(void)
{
	Suite *s = suite_create("collect_disk");
	TCase *tc = tcase_create("diskstats");

	tcase_add_test(tc, diskstats_line_fields);
	tcase_add_test(tc, diskstats_line_long_name);
	tcase_add_test(tc, ext_whole_devices);
	tcase_add_test(tc, ext_partitions);
	tcase_add_test(tc, io_sums_whole_devices);
	tcase_add_test(tc, io_seven_columns);
	tcase_add_test(tc, disk_whole_devices);
	tcase_add_test(tc, disk_with_partitions);
	tcase_add_test(tc, disk_nospace);
	tcase_add_test(tc, disk_count);
	tcase_add_test(tc, disk_count_long_line);
	tcase_add_test(tc, wwn_names);
	tcase_add_test(tc, wwn_bad_names);
	suite_add_tcase(s, tc);

	tc = tcase_create("serial_fs");
	tcase_add_test(tc, serial_lines);
	tcase_add_test(tc, octal_escapes);
	tcase_add_test(tc, mtab_entries);
	tcase_add_test(tc, mtab_long_lines);
	tcase_add_test(tc, mtab_overlong_line);
	suite_add_tcase(s, tc);

	tc = tcase_create("collectors");
	tcase_add_test(tc, collectors_scratch_root);
	tcase_add_test(tc, collectors_missing_files);
	suite_add_tcase(s, tc);

	tc = tcase_create("oracle");
	tcase_add_loop_test(tc, oracle_io_serial, 0, N_ORACLE);
	tcase_add_loop_test(tc, oracle_disk, 0, N_ORACLE);
	tcase_add_loop_test(tc, oracle_fs_parsing, 0, N_ORACLE);
	tcase_add_test(tc, oracle_counts);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(disk_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
