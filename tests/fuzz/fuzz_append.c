/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for sadc's side of an existing daily file: the append
 * check (archive_append_read_start, archive_append_check_list) and the
 * record walk that finds a torn tail (sadc_skim_records in sadc/skim.c).
 * The input is a whole file. The walk is also checked against the archive
 * reader in skim mode, which it replaces on sadc's path: where the reader
 * reads the header too, both must find the same end of the last whole
 * record (an end past the file's, where an extra structure runs off it,
 * counts as the file's: nothing is cut either way), the same torn verdict
 * and the same last uptime, or the target aborts. Replayed over
 * tests/fuzz/corpus/append by make check.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_prog.h"
#include "common/archive.h"
#include "common/compat.h"
#include "common/source.h"
#include "sadc/sadc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The verdict on a file's records, as the repair needs it. */
struct verdict {
	int64_t good;
	struct sadc_skim sk;
};

/* What sadc decided with the archive reader before skim.c (scan_records). */
static struct verdict
reader_verdict(const uint8_t *data, size_t size, bool *ret_header_read)
{
	struct verdict v = {.good = -1};
	struct archive_reader r;
	struct archive_record rec;
	struct source *src;
	int rc;

	*ret_header_read = false;
	memset(&r, 0, sizeof(r));
	if (source_open_mem(data, size, &src) < 0)
		return v;
	rc = archive_open(&r, src, true);
	r.skim = true;
	if (rc == 0)
		rc = archive_read_header(&r, false);
	if (rc == 0) {
		*ret_header_read = true;
		v.good = (int64_t) source_offset(src);
		while ((rc = archive_next(&r, &rec)) > 0) {
			v.good = (int64_t) source_offset(src);
			if (rec.hdr.record_type == SA_R_STATS) {
				v.sk.last_uptime = rec.hdr.uptime_cs;
				v.sk.check_reboot = true;
			} else if (rec.hdr.record_type == SA_R_RESTART) {
				v.sk.check_reboot = false;
			}
		}
		v.sk.torn = rc == ARCHIVE_E_TRUNCATED || rc == ARCHIVE_E_BAD_RECORD ||
		            rc == ARCHIVE_E_INVALID;
	}
	archive_reader_release(&r);
	return v;
}

/* One flavour's append check and walk of data, against the reader's verdict. */
static void
check_append(const uint8_t *data, size_t size)
{
	struct sa_file_activity list[ACTIVITY_NR];
	struct sa_file_magic magic;
	struct sa_file_header h;
	struct verdict skim = {.good = -1}, reader;
	int fd = fuzz_input_fd(data, size);
	bool header_read;

	if (archive_append_read_start(fd, &magic, &h) != 0 ||
	    archive_append_check_list(fd, &h, list) != 0)
		return;
	skim.good = sadc_skim_records(fd, &h, list, &skim.sk);
	reader = reader_verdict(data, size, &header_read);
	if (skim.good > (int64_t) size)
		skim.good = (int64_t) size;
	if (reader.good > (int64_t) size)
		reader.good = (int64_t) size;
	if (header_read &&
	    (skim.good != reader.good || skim.sk.torn != reader.sk.torn ||
	     skim.sk.last_uptime != reader.sk.last_uptime ||
	     skim.sk.check_reboot != reader.sk.check_reboot)) {
		fprintf(stderr,
		        "fuzz_append: skim says end %lld, torn %d, uptime %llu, reboot check %d; "
		        "the reader says %lld, %d, %llu, %d\n",
		        (long long) skim.good, skim.sk.torn, (unsigned long long) skim.sk.last_uptime,
		        skim.sk.check_reboot, (long long) reader.good, reader.sk.torn,
		        (unsigned long long) reader.sk.last_uptime, reader.sk.check_reboot);
		abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The activity list sadc accepts depends on the flavour. */
	fuzz_each_flavour(check_append, data, size);
	return 0;
}
