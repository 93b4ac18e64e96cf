/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_LAYOUT_H
#define SYSREC_LAYOUT_H

/*
 * On-disk layout of sysstat daily data files (format magic 0x2175), as
 * written by sysstat 12.6.1 on an LP64 machine. This is the one place where
 * the layout lives: every struct below is the exact byte image of what is
 * written, in fixed-width types, with its size and offsets pinned.
 *
 * Every stored struct starts with types_nr[0] 8-byte integers (or doubles),
 * then types_nr[1] 8-byte "long" slots, then types_nr[2] 4-byte integers,
 * then opaque bytes. Readers use the three counts to remap structs written
 * by other versions (see layout_remap() in layout_ops.h).
 *
 * Files are written in the writer's byte order; the reader swaps when the
 * file's sysstat magic is SA_SYSSTAT_MAGIC_SWAPPED.
 */

#include <stddef.h>
#include <stdint.h>

#define SA_ALIGN8 _Alignas(8)

#define SA_SYSSTAT_MAGIC         0xd596u
#define SA_SYSSTAT_MAGIC_SWAPPED 0x96d5u
#define SA_FORMAT_MAGIC          0x2175u
#define SA_FORMAT_MAGIC_SWAPPED  0x7521u
/* Oldest format magic that `sadf -c` can convert (sysstat 9.1.6). */
#define SA_FORMAT_MAGIC_2171 0x2171u

/*
 * sysstat 12.6.1's version bytes. What sadc writes is the run's flavour's
 * (sysrec_flavour_version_bytes()): 12.7.5 under that flavour.
 */
#define SA_WRITER_VERSION    12
#define SA_WRITER_PATCHLEVEL 6
#define SA_WRITER_SUBLEVEL   1

#define SA_UTSNAME_LEN 65
#define SA_TZNAME_LEN  8
#define SA_COMMENT_LEN 64

/* Limits a reader enforces (sysstat 12.6.1 sa.h). */
#define SA_MAX_FILE_HEADER_SIZE   8192u
#define SA_MAX_NR_ACT             256u
#define SA_MAX_FILE_ACTIVITY_SIZE 1024u
#define SA_MAX_RECORD_HEADER_SIZE 512u
#define SA_MAX_ITEM_STRUCT_SIZE   1024
#define SA_NR_MAX                 (65536 * 4096)
#define SA_NR2_MAX                4096
#define SA_MAX_EXTRA_NR           8192u
#define SA_MAX_EXTRA_SIZE         1024u

/* Record types (record_header.record_type). */
enum sa_record_type {
	SA_R_STATS = 1,
	SA_R_RESTART = 2,
	SA_R_LAST_STATS = 3, /* only on the sadc -> sar pipe */
	SA_R_COMMENT = 4,
	SA_R_EXTRA_MIN = 5,
	SA_R_EXTRA_MAX = 15,
};

/* Counts of (u64, long, u32) fields at the start of a stored struct. */
struct sa_types {
	uint32_t n[3];
};

/* 76 bytes at offset 0 of every file (since 10.3.1: header_size; 11.7.1: hdr_types_nr). */
struct sa_file_magic {
	uint16_t sysstat_magic;
	uint16_t format_magic;
	uint8_t sysstat_version;
	uint8_t sysstat_patchlevel;
	uint8_t sysstat_sublevel;
	uint8_t sysstat_extraversion;
	uint32_t header_size;
	uint32_t upgraded;         /* non-zero only in files converted by sadf -c */
	uint32_t hdr_types_nr[3];  /* 11.7.1 */
	uint8_t pad[48];
};

/* Byte offset of the first u32 that a swapped-endian reader must swap in the magic. */
#define SA_FILE_MAGIC_SWAP_OFFSET 8
#define SA_FILE_MAGIC_SWAP_COUNT  5

/*
 * 336 bytes since 12.2.0. 11.7.1-12.1.6 wrote 328 bytes with types (1,1,11);
 * 12.1.7 added extra_next (1,1,12, still 328); 12.2.0 added sa_tzname.
 */
struct sa_file_header {
	uint64_t sa_ust_time;        /* creation time, seconds since the epoch */
	SA_ALIGN8 uint64_t sa_hz;    /* "unsigned long" slot */
	SA_ALIGN8 uint32_t sa_cpu_nr; /* CPUs + 1 */
	uint32_t sa_act_nr;
	int32_t sa_year;             /* tm_year */
	uint32_t act_types_nr[3];
	uint32_t rec_types_nr[3];
	uint32_t act_size;
	uint32_t rec_size;
	uint32_t extra_next;         /* 12.1.7 */
	uint8_t sa_day;
	uint8_t sa_month;            /* 0-11 */
	int8_t sa_sizeof_long;
	char sa_sysname[SA_UTSNAME_LEN];
	char sa_nodename[SA_UTSNAME_LEN];
	char sa_release[SA_UTSNAME_LEN];
	char sa_machine[SA_UTSNAME_LEN];
	char sa_tzname[SA_TZNAME_LEN]; /* 12.2.0 */
	uint8_t pad[1];
};

#define SA_FILE_HEADER_TYPES {1, 1, 12}

/* One entry of the activity list: 36 bytes (11.7.1). */
struct sa_file_activity {
	uint32_t id;
	uint32_t magic;
	int32_t nr;
	int32_t nr2;
	int32_t has_nr;
	int32_t size;
	uint32_t types_nr[3];
};

#define SA_FILE_ACTIVITY_TYPES {0, 0, 9}

/* Descriptor of unknown extra structures (12.1.7): 24 bytes. */
struct sa_extra_desc {
	uint32_t extra_nr;
	uint32_t extra_size;
	uint32_t extra_next;
	uint32_t extra_types_nr[3];
};

#define SA_EXTRA_DESC_TYPES {0, 0, 6}

/* 24 bytes at the start of every record (extra_next since 12.1.7, types 2,0,0 before). */
struct sa_record_header {
	uint64_t uptime_cs;  /* uptime in 1/100 s; 0 in restart and comment records */
	uint64_t ust_time;   /* seconds since the epoch */
	uint32_t extra_next; /* 12.1.7 */
	uint8_t record_type;
	uint8_t hour;
	uint8_t minute;
	uint8_t second;
};

#define SA_RECORD_HEADER_TYPES {2, 0, 1}
#define SA_NR_TYPES            {0, 0, 1}

_Static_assert(sizeof(struct sa_file_magic) == 76, "file_magic is 76 bytes");
_Static_assert(offsetof(struct sa_file_magic, header_size) == 8, "header_size at 8");
_Static_assert(offsetof(struct sa_file_magic, upgraded) == 12, "upgraded at 12");
_Static_assert(offsetof(struct sa_file_magic, hdr_types_nr) == 16, "hdr_types_nr at 16");
_Static_assert(offsetof(struct sa_file_magic, pad) == 28, "pad at 28");

_Static_assert(sizeof(struct sa_file_header) == 336, "file_header is 336 bytes");
_Static_assert(offsetof(struct sa_file_header, sa_hz) == 8, "sa_hz at 8");
_Static_assert(offsetof(struct sa_file_header, sa_cpu_nr) == 16, "sa_cpu_nr at 16");
_Static_assert(offsetof(struct sa_file_header, sa_act_nr) == 20, "sa_act_nr at 20");
_Static_assert(offsetof(struct sa_file_header, sa_year) == 24, "sa_year at 24");
_Static_assert(offsetof(struct sa_file_header, act_types_nr) == 28, "act_types_nr at 28");
_Static_assert(offsetof(struct sa_file_header, rec_types_nr) == 40, "rec_types_nr at 40");
_Static_assert(offsetof(struct sa_file_header, act_size) == 52, "act_size at 52");
_Static_assert(offsetof(struct sa_file_header, rec_size) == 56, "rec_size at 56");
_Static_assert(offsetof(struct sa_file_header, extra_next) == 60, "extra_next at 60");
_Static_assert(offsetof(struct sa_file_header, sa_day) == 64, "sa_day at 64");
_Static_assert(offsetof(struct sa_file_header, sa_sizeof_long) == 66, "sizeof_long at 66");
_Static_assert(offsetof(struct sa_file_header, sa_sysname) == 67, "sysname at 67");
_Static_assert(offsetof(struct sa_file_header, sa_nodename) == 132, "nodename at 132");
_Static_assert(offsetof(struct sa_file_header, sa_release) == 197, "release at 197");
_Static_assert(offsetof(struct sa_file_header, sa_machine) == 262, "machine at 262");
_Static_assert(offsetof(struct sa_file_header, sa_tzname) == 327, "tzname at 327");

_Static_assert(sizeof(struct sa_file_activity) == 36, "file_activity is 36 bytes");
_Static_assert(offsetof(struct sa_file_activity, types_nr) == 24, "types_nr at 24");
_Static_assert(sizeof(struct sa_extra_desc) == 24, "extra_desc is 24 bytes");
_Static_assert(sizeof(struct sa_record_header) == 24, "record_header is 24 bytes");
_Static_assert(offsetof(struct sa_record_header, extra_next) == 16, "extra_next at 16");
_Static_assert(offsetof(struct sa_record_header, record_type) == 20, "record_type at 20");

/* MAP_SIZE of a types triple, in 64 bits so that hostile counts cannot wrap. */
static inline uint64_t
sa_map_size(const uint32_t t[3])
{
	return 8 * (uint64_t) t[0] + 8 * (uint64_t) t[1] + 4 * (uint64_t) t[2];
}

#include "layout_stats.h"

#endif
