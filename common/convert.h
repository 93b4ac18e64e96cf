/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_CONVERT_H
#define SYSREC_CONVERT_H

/*
 * Conversion of the daily files of sysstat 9.1.6 to 11.6.x (format magics
 * 0x2171: 9.1.6 to 10.2.1, and 0x2173: 10.3.1 to 11.6.x) into the current
 * format (0x2175), in memory, producing exactly the bytes that the
 * flavour's `sadf -c` writes: 12.6.1's file under 12.6.1, 12.7.5's under
 * 12.7.5 (A_PAGE's item and the version bytes differ). Where 12.6.1's
 * converter crashes (its buffers after a restart record of a 0x2173 file)
 * this one behaves as 12.7.5's does.
 *
 * The converter keeps, as sysstat's does, one pair of item buffers per
 * activity for the whole file: fields that an old item does not carry keep
 * the value of the last record that set them (zero at first), and the
 * converted file repeats them. Those bytes are part of the output that
 * `sadf -c` writes, so they are reproduced, not cleaned.
 *
 * It never prints and never exits: what `sadf -c` prints on stderr while it
 * converts (its progress line and its error message) is collected in log.
 */

#include <stddef.h>
#include <stdint.h>

/* The format magics this module converts. */
#define CONVERT_FORMAT_2171 0x2171u
#define CONVERT_FORMAT_2173 0x2173u

struct convert_result {
	unsigned char *data; /* the converted file; on failure what was written before it */
	size_t len;
	char *log; /* NUL-terminated: sadf -c's stderr text, failure message included */
	size_t log_len;
	int status;          /* sysstat's exit status on failure (1 or 2), 0 on success */
	uint64_t err_offset; /* input offset where reading failed */
};

/* True when format (in host order) is one this module converts. */
int convert_is_old_format(uint16_t format_magic);

/*
 * Converts the whole file image in[0..len) (its magic block included, in
 * the file's byte order) into *ret, which the caller zeroes first and
 * releases with convert_result_release(). hz is the clock tick rate to
 * convert jiffies with and to store in the new header (sysstat: the
 * machine's, or sadf -c -O hz=N). Returns 0, ARCHIVE_E_INVALID for
 * inconsistent data (ret->status 1 or 2), ARCHIVE_E_TRUNCATED when the
 * data ends inside a header or a record (status 2), ARCHIVE_E_FORMAT when
 * the format magic is not one of the two above, or -ENOMEM.
 */
int convert_old_file(const unsigned char *in, size_t len, unsigned long hz,
                     struct convert_result *ret);

/* Releases what convert_old_file() allocated; r may be NULL. */
void convert_result_release(struct convert_result *r);

#endif
