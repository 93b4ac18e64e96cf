/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_ARCHIVE_H
#define SYSREC_ARCHIVE_H

/*
 * Reading and writing sysstat daily data files (format magic 0x2175).
 *
 * The reader accepts any 0x2175 file: either byte order, 4- or 8-byte-long
 * writers, 328- and 336-byte headers, structs of older and newer versions
 * (remapped by their types_nr), unknown activities and unknown extra
 * structures (skipped). It streams one record at a time through a source
 * (file descriptor, memory or gzip), so its memory does not grow with the
 * file. It never prints and never exits: every failure is a return code,
 * with the file offset and what was being read kept in the reader for
 * diagnostics. Every count and size read from a file is checked before use,
 * in 64-bit arithmetic.
 *
 * The writer produces byte-exact sysstat 12.6.1 files.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "activity.h"
#include "convert.h"
#include "ext.h"
#include "layout.h"

struct source;

/* Reader and writer error codes (all negative; -errno values are used as well). */
enum archive_error {
	/* Not a sysstat file, or a header or activity list that fails a check (exit 3). */
	ARCHIVE_E_INVALID = -1000,
	/*
	 * A sysstat file rejected while reading its magic block: another
	 * format magic, or a bad header_size or header map. sysstat prints the
	 * file's version and format after "Invalid system activity file".
	 */
	ARCHIVE_E_FORMAT,
	/* The data ended inside a header or a record (exit 2). */
	ARCHIVE_E_TRUNCATED,
	/* A record header with an impossible type or time: sysstat stops reading silently. */
	ARCHIVE_E_BAD_RECORD,
	/* The file cannot be appended to (writer, sadc's append check). */
	ARCHIVE_E_APPEND,
	ARCHIVE_E_MAX,
};

/* One entry of the file's activity list, with the reader's state for it. */
struct archive_act {
	struct sa_file_activity fa;       /* normalised to host order and 12.6.1 layout */
	const struct activity_desc *desc; /* NULL for an id sysstat 12.6.1 does not know */
	bool known_format;                /* desc != NULL and the magic matches */
	bool ignore;                      /* set by the caller: skip its items, do not decode */
	uint32_t msize;                   /* stride of one item in buf: max(file, reader size) */

	/*
	 * The current record (R_STATS only, known_format only): exactly nr * nr2
	 * items. Per-CPU slots beyond nr (offline CPUs at the end) are not
	 * materialised: consumers treat them as zero.
	 */
	uint32_t nr;        /* items in this record */
	unsigned char *buf; /* nr * fa.nr2 items of msize bytes, host order */
	size_t buf_items;   /* capacity of buf, in items */
	uint64_t n_decoded; /* records decoded so far, a failed one too: which is in buf */

	/*
	 * Between two calls of archive_next(), the caller may exchange buf and
	 * buf_items for a block of its own (from malloc, buf_items * msize
	 * bytes), so that the reader decodes the next record straight into the
	 * caller's storage; it gets the block back by exchanging again. The
	 * reader only writes the items it reads and, when the block is too
	 * small, reallocates it (bytes past the old end that a failed read did
	 * not fill are zero).
	 */
};

/* What archive_next() returns for each record. */
struct archive_record {
	struct sa_record_header hdr;
	int32_t restart_cpu_nr;       /* R_RESTART: CPUs + 1 */
	char comment[SA_COMMENT_LEN]; /* R_COMMENT: NUL-terminated, non-printables as '.' */
	uint64_t offset;              /* file offset of the record header */
};

/*
 * sysrec's activities of the last extension record (common/ext.h), decoded
 * when the reader's want_ext is set. The arrays belong to the reader and stay
 * valid until the next extension record is read; a caller that keeps them
 * longer may exchange the pointers and capacities for its own malloc'ed
 * arrays (as with archive_act.buf). Every string field ends with a NUL
 * within its array, whatever the file holds.
 */
struct archive_ext {
	bool has_proc;   /* the record held the process activity (even with 0 items) */
	bool has_cgroup; /* the record held the cgroup activity */
	bool has_disk;   /* the record held the disk activity */
	bool has_procbase; /* the record held -S TOP's bases: proc is a selection */
	bool has_cpux;     /* the record held -S MPSTAT's per-CPU extras */
	bool has_thread;   /* the record held the thread activity (sadc -S THREADS) */
	uint32_t n_proc, n_cgroup, n_disk, n_procbase, n_cpux, n_thread;
	struct ext_proc *proc;
	size_t proc_cap; /* in items */
	struct ext_cgroup *cgroup;
	size_t cgroup_cap;
	struct ext_disk *disk;
	size_t disk_cap;
	struct ext_proc *procbase;
	size_t procbase_cap;
	struct ext_cpux *cpux;
	size_t cpux_cap;
	struct ext_proc *thread; /* in (tgid, pid) order */
	size_t thread_cap;
};

/*
 * p's counters at the previous record among e's bases (sadc -S TOP: a
 * process new to its selection, or a thread of one), matched by pid, tgid
 * and start time; NULL when e holds none for it.
 */
const struct ext_proc *archive_ext_base(const struct archive_ext *e, const struct ext_proc *p);

/* Frees every array of e (which the reader's or a caller's exchanges left there) and zeroes it. */
void archive_ext_release(struct archive_ext *e);

struct archive_reader {
	struct source *src;
	bool own_src;
	struct sa_file_magic magic; /* host order */
	struct sa_file_header hdr;  /* host order, 12.6.1 layout */
	bool swapped;               /* the file's byte order differs from ours */
	bool is64;                  /* the writer's long was 8 bytes */
	uint32_t n_acts;
	struct archive_act *acts; /* n_acts entries, in file order */
	unsigned char *scratch;   /* header-sized buffer for remaps */
	size_t scratch_len;
	/*
	 * Set by the caller after archive_open() to walk only record
	 * boundaries (sadc's append check): item payloads are skipped, not
	 * decoded, and data missing at the end is ARCHIVE_E_TRUNCATED.
	 */
	bool skim;
	/*
	 * Set by the caller after archive_open(): archive_next() returns the
	 * extension records that hold sysrec's activities (hdr.record_type ==
	 * EXT_RECORD_TYPE) with their contents in ext, instead of skipping them
	 * like every other extra-structure record. An extension record follows
	 * the R_STATS record it belongs to and carries its time fields.
	 */
	bool want_ext;
	/*
	 * With want_ext: the sysrec activities to decode (n_ext_only ids of
	 * common/ext.h); the others are skipped as if unknown. NULL: all.
	 */
	const uint32_t *ext_only;
	size_t n_ext_only;
	struct archive_ext ext;

	/*
	 * Set by the caller before archive_open() (sar and sadf, never sadc's
	 * append check): a file of format 0x2171 or 0x2173 (sysstat 9.1.6 to
	 * 11.6.x) is read whole and converted in memory as `sadf -c` converts
	 * it (common/convert.h), with conv_hz ticks a second (0: the machine's, as sysstat), and read
	 * from there on as that 0x2175 file: archive_open() then returns 0 and
	 * sets converted. A file that ends too early is read as far as it was
	 * converted (as 12.6.1 reads what its sadf -c wrote before stopping).
	 * conv holds the converted bytes (src reads them), sadf -c's stderr
	 * text and exit status, on failure too; archive_reader_release() frees
	 * them.
	 */
	bool convert_old;
	unsigned long conv_hz;
	bool converted;
	struct convert_result conv;

	/*
	 * The reader's own: the item counts of the statistics records read
	 * whole so far, by offset (archive.c), so that a later pass over them
	 * reads only the activities it decodes and skips the rest unread.
	 */
	struct archive_memo *memo;
	/*
	 * The item counts of every activity (by index in acts, decoded or not)
	 * in the last statistics record read; NULL before the first.
	 */
	int32_t *rec_counts;

	/* Where the last error happened: decompressed offset and what was read. */
	uint64_t err_offset;
	char err_what[96];

	/*
	 * Optional, set by the caller: called with every record header read
	 * (extra-structure records included), before its checks, as sysstat's
	 * sadf -r -O debug prints them.
	 */
	void (*on_header)(void *ctx, const struct sa_record_header *h);
	void *on_header_ctx;
};

/*
 * Reads the magic block of the file behind src into r (which the caller
 * zeroes first) and decides the byte order. Returns 0 for a 0x2175 file, 1
 * for a sysstat file of another format magic (r->magic is then filled in
 * enough for `sadf -H` to print its version), or ARCHIVE_E_INVALID,
 * ARCHIVE_E_FORMAT, ARCHIVE_E_TRUNCATED (never for a short magic block:
 * that is ARCHIVE_E_INVALID, as in sysstat), or a negative errno.
 * The reader takes src over if own_src is true.
 */
int archive_open(struct archive_reader *r, struct source *src, bool own_src);

/*
 * Reads and checks the file header, the activity list and the extra
 * structures that follow, after archive_open() returned 0. With
 * header_only (sadf -H), an activity whose magic is unknown is still
 * checked like its known twin is not (sysstat's header-only rules).
 * Returns 0 or a negative error.
 */
int archive_read_header(struct archive_reader *r, bool header_only);

/*
 * Reads the next record into *ret; for R_STATS the items are in the
 * reader's acts[].buf until the next call. Extra-structure records are
 * skipped. Returns 1 when a record was read, 0 at a clean end of file, or
 * a negative error (ARCHIVE_E_BAD_RECORD where sysstat stops silently);
 * -EIO instead of any record error when the file's compressed data proves
 * corrupt or cut short (source_damage() then says how).
 */
int archive_next(struct archive_reader *r, struct archive_record *ret);

/* The activity-list entry of activity id, or NULL when the file has none. */
struct archive_act *archive_find(struct archive_reader *r, uint32_t id);

/*
 * Forgets the header and activity list (keeping the source), so that
 * archive_open() can read a new file start from the same stream: sadc's
 * output to sar starts again after a R_LAST_STATS record.
 */
void archive_forget_header(struct archive_reader *r);

/* Releases everything the reader holds (and its source if owned); r may be NULL. */
void archive_reader_release(struct archive_reader *r);

/*
 * Whether the records of b can be read on with a's header and activity
 * list, as if they came after a's in one file: the same byte order, long
 * size, HZ, header sizes and record layout, and the same activities
 * (ids, magics, sizes, types, nr2), with the same count at the start for
 * those whose records do not hold their own (has_nr). Both are open with
 * their headers read. Windows across days and --follow's midnight use it.
 */
bool archive_can_read_on(const struct archive_reader *a, const struct archive_reader *b);

/* Fixed text for an archive_error or -errno code, for diagnostics. */
const char *archive_strerror(int code);

/* ------------------------------------------------------------------------- */
/* Writer */

/* Builds one record in memory so that it can be written with a single write(). */
struct archive_recbuf {
	unsigned char *data;
	size_t len;
	size_t cap;
	int err; /* sticky -ENOMEM */
};

void archive_recbuf_reset(struct archive_recbuf *b);
void archive_recbuf_put(struct archive_recbuf *b, const void *p, size_t len);
void archive_recbuf_release(struct archive_recbuf *b);

/* What identifies the machine and time in a new file's header. */
struct archive_ident {
	uint64_t ust_time;
	int32_t year;  /* tm_year */
	uint8_t month; /* 0-11 */
	uint8_t day;
	uint32_t cpu_nr; /* CPUs + 1 */
	uint64_t hz;
	const char *sysname, *nodename, *release, *machine, *tzname;
};

/*
 * Appends to b the byte image of a new 12.6.1 file start: magic, header and
 * the n entries of list (in that order). Strings are truncated to their
 * fields and zero-padded.
 */
void archive_put_file_start(struct archive_recbuf *b, const struct archive_ident *id,
                            const struct sa_file_activity *list, uint32_t n);

/*
 * The 12.6.1 file header of id with n_acts activities, as
 * archive_put_file_start() writes it (host order, 8-byte longs; strings
 * truncated to their fields, zero-padded): the converter of old files
 * starts from it too.
 */
void archive_file_header(struct sa_file_header *h, const struct archive_ident *id, uint32_t n_acts);

/* Appends a record header of the given type and time to b. */
void archive_put_record_header(struct archive_recbuf *b, uint8_t type, uint64_t uptime_cs,
                               uint64_t ust_time, uint8_t hour, uint8_t minute, uint8_t second);

/* Appends an item count (for activities with has_nr). */
void archive_put_nr(struct archive_recbuf *b, int32_t nr);

/* What an extension record holds: each activity whose pointer is not NULL (with n items, 0 too). */
struct archive_ext_put {
	const struct ext_proc *procs;
	uint32_t n_procs;
	const struct ext_proc *procbase; /* -S TOP's bases (EXT_A_PROCBASE) */
	uint32_t n_procbase;
	const struct ext_proc *threads; /* -S THREADS (EXT_A_THREAD) */
	uint32_t n_threads;
	const struct ext_cgroup *cgroups;
	uint32_t n_cgroups;
	const struct ext_disk *disks;
	uint32_t n_disks;
	const struct ext_cpux *cpux;
	uint32_t n_cpux;
};

/*
 * Appends an extension record (common/ext.h) for the R_STATS record whose
 * header is stats: the process, process base, thread, cgroup, disk and per-CPU
 * activities of x, in that order; nothing when x has none.
 */
void archive_put_ext_record(struct archive_recbuf *b, const struct sa_record_header *stats,
                            const struct archive_ext_put *x);

/* Appends a 64-byte comment field (text truncated to 63 bytes, zero-padded). */
void archive_put_comment(struct archive_recbuf *b, const char *text);

/*
 * Writes all of b with one write() (retrying only the remainder after a
 * short write or EINTR). Returns 0 or a negative errno.
 */
int archive_write_buf(int fd, const struct archive_recbuf *b);

/*
 * First half of sadc's append check (doc/format.md §6), on fd positioned at 0:
 * reads the magic block and the file header. Returns 0 with *ret_hdr
 * filled, 1 for an empty file (to be created anew), ARCHIVE_E_FORMAT when
 * a whole sysstat magic block is not exactly a 12.6.1 one (*ret_magic then
 * holds it, for sysstat's version message), ARCHIVE_E_INVALID for anything
 * else that is not a native 12.6.1 magic block, ARCHIVE_E_APPEND when the
 * header is short, or -errno.
 * The caller then applies its rotation rule (month change) before
 * calling archive_append_check_list().
 */
int archive_append_read_start(int fd, struct sa_file_magic *ret_magic,
                              struct sa_file_header *ret_hdr);

/*
 * Second half: checks the header's sizes and reads its activity list into
 * ret_list (room for ACTIVITY_NR entries), requiring every entry to be an
 * activity, size, magic, types and has_nr flag that this writer produces.
 * Returns 0, ARCHIVE_E_APPEND, ARCHIVE_E_INVALID (a short activity list,
 * as sysstat reports it), or -errno.
 */
int archive_append_check_list(int fd, const struct sa_file_header *hdr,
                              struct sa_file_activity ret_list[ACTIVITY_NR]);

#endif
