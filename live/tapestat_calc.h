/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_LIVE_TAPESTAT_CALC_H
#define SYSREC_LIVE_TAPESTAT_CALC_H
/*
 * tapestat's pure parts: the values of the files of /sys/class/scsi_tape/stN/stats
 * (the kernel's drivers/scsi/st.c, Documentation/scsi/st.rst "Statistics")
 * and the per-second figures sysstat 12.6.1 and 12.7.5 make of two
 * samples, integer-truncated as theirs are.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/time.h>

/* The statistics files of a drive, in the order tapestat reads them. */
enum tape_field {
	TAPE_READ_NS,
	TAPE_WRITE_NS,
	TAPE_IO_NS,
	TAPE_READ_BYTES,
	TAPE_WRITE_BYTES,
	TAPE_READ_CNT,
	TAPE_WRITE_CNT,
	TAPE_OTHER_CNT,
	TAPE_RESID_CNT,
	TAPE_FIELD_MAX,
};

/* Their names under stats/, indexed by enum tape_field. */
extern const char *const tape_field_names[TAPE_FIELD_MAX];

/* One sample of a drive. valid: every file was read (and no time went back). */
struct tape_sample {
	uint64_t v[TAPE_FIELD_MAX];
	bool valid;
	struct timeval tv;
};

/* What a line of the report shows, each figure truncated to an integer. */
struct tape_rates {
	uint64_t reads, writes, others;   /* r/s w/s Ot/s */
	uint64_t kb_read, kb_written;     /* kB_read/s kB_wrtn/s */
	uint64_t pct_read, pct_write, pct_all; /* %Rd %Wr %Oa, at most 999 */
	uint64_t resids;                  /* Rs/s */
};

/*
 * One value as fscanf("%" PRId64) reads it from the file in buf (len
 * bytes): blanks, an optional sign, decimal digits (clamped to int64's
 * range, a negative one kept modulo 2^64). Returns 0, or -1 when there is
 * no number.
 */
int tape_parse_value(const char *buf, size_t len, uint64_t *ret);

/*
 * For a name of /sys/class/scsi_tape matching ^st[0-9]+$, the number of
 * drives it implies (its number plus one, with atoi()'s int conversion);
 * 0 for any other name.
 */
int tape_drives_of(const char *name);

/* The milliseconds from old to new as sysstat counts them (modulo 2^64). */
uint64_t tape_duration_ms(const struct timeval *old, const struct timeval *now);

/*
 * The uptime in milliseconds from /proc/uptime's text in buf (len bytes),
 * read as fscanf("%lf") reads it in the current numeric locale (so under a
 * decimal comma only the seconds count); 0 when there is no number.
 */
uint64_t tape_uptime_ms(const char *buf, size_t len);

/* The figures of a drive between old and now over duration ms (0: all zero). */
void tape_calc(const struct tape_sample *old, const struct tape_sample *now, uint64_t duration,
               struct tape_rates *ret);

/* Whether every figure is zero (what -z omits). */
bool tape_rates_zero(const struct tape_rates *r);

#endif
