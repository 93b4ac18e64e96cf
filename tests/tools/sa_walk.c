/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sa_walk: reads every record of each file given and reports how far the
 * reader got, one line per file:
 *
 *   FILE: ok records=N stats=S restarts=R comments=C end=OFFSET
 *   FILE: old-format magic=0xNNNN
 *   FILE: error=NAME offset=OFFSET what=TEXT records=N
 *
 * OFFSET is in the decompressed data. With -d it also prints one line per
 * record (type, time, offset) so tests can compare sequences.
 * Exit status: 0 when every file was walked to its end, 1 otherwise.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/archive.h"
#include "common/source.h"

static const char *
error_name(int rc)
{
	switch (rc) {
	case ARCHIVE_E_INVALID:
		return "invalid";
	case ARCHIVE_E_FORMAT:
		return "format";
	case ARCHIVE_E_TRUNCATED:
		return "truncated";
	case ARCHIVE_E_BAD_RECORD:
		return "bad-record";
	default:
		return "io";
	}
}

static int
walk_records(struct archive_reader *r, bool detail, unsigned long counts[5])
{
	struct archive_record rec;
	int rc;

	while ((rc = archive_next(r, &rec)) > 0) {
		unsigned t = rec.hdr.record_type;

		counts[0]++;
		counts[t == SA_R_RESTART ? 2 : t == SA_R_COMMENT ? 3 : 1]++;
		if (detail)
			printf("  record type=%u time=%02u:%02u:%02u offset=%llu%s%s\n", t,
			       rec.hdr.hour, rec.hdr.minute, rec.hdr.second,
			       (unsigned long long) rec.offset,
			       t == SA_R_COMMENT ? " comment=" : "",
			       t == SA_R_COMMENT ? rec.comment : "");
	}
	return rc;
}

static int
walk(const char *path, bool detail)
{
	struct archive_reader r;
	struct source *src = NULL;
	unsigned long counts[5] = {0};
	int fd = open(path, O_RDONLY);
	int rc;

	if (fd < 0) {
		printf("%s: error=open\n", path);
		return 1;
	}
	memset(&r, 0, sizeof(r));
	rc = source_open_fd(fd, &src);
	if (rc == 0)
		rc = archive_open(&r, src, true);
	else
		source_free(src);
	if (rc == 1) {
		printf("%s: old-format magic=%#x\n", path, r.magic.format_magic);
		rc = 0;
	} else {
		if (rc == 0)
			rc = archive_read_header(&r, false);
		if (rc == 0)
			rc = walk_records(&r, detail, counts);
		if (rc == 0)
			printf("%s: ok records=%lu stats=%lu restarts=%lu comments=%lu end=%llu\n",
			       path, counts[0], counts[1], counts[2], counts[3],
			       (unsigned long long) (r.src ? source_offset(r.src) : 0));
		else
			printf("%s: error=%s offset=%llu what=%s records=%lu\n", path,
			       error_name(rc), (unsigned long long) r.err_offset, r.err_what,
			       counts[0]);
	}
	archive_reader_release(&r);
	close(fd);
	return rc == 0 ? 0 : 1;
}

int
main(int argc, char **argv)
{
	bool detail = false;
	int i, status = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-d"))
			detail = true;
		else if (walk(argv[i], detail))
			status = 1;
	}
	return status;
}
