/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_FUZZ_PROG_H
#define SYSREC_FUZZ_PROG_H

/*
 * What the sar and sadf fuzz targets share: the input archive is put in a
 * memory file, and the program's own entry point (sar_main, sadf_main) runs
 * on it with one of the target's argument sets, writing its report to
 * /dev/null. Where the program would exit, the trap of sysexit.h brings the
 * run back here, so one process runs many inputs; the program frees what
 * it made on every path, so LeakSanitizer sees a leak as a leak.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/archive.h"
#include "common/compat.h"
#include "common/ext.h"
#include "common/source.h"

/* A program's entry point: argv with argv[0], the report's stream; returns the status. */
typedef int (*fuzz_entry)(int argc, char **argv, FILE *out);

/*
 * Runs entry on data with one of the n_sets argument sets: each is a
 * NULL-terminated list of arguments after argv[0], where "@" stands for the
 * input file's name. The set and the flavour (SYSREC_COMPAT, 12.6.1 or
 * 12.7.5) are chosen by a hash of the whole input, so an input always runs
 * the same way (libFuzzer's replay and minimisation rely on that); with
 * FUZZ_ALL_SETS=1 in the environment every set runs under both flavours;
 * with FUZZ_SETS=N (the replay of the saved corpora in make check), the
 * input's own set under both flavours and the N - 1 sets after it under its
 * own flavour. Returns 0.
 */
int fuzz_prog_run(const char *name, fuzz_entry entry, const char *const *const *sets,
                  size_t n_sets, const uint8_t *data, size_t size);

/*
 * Puts data in the process's memory file (made once) and returns its
 * descriptor, rewound to offset 0; aborts when the file cannot be written.
 */
int fuzz_input_fd(const uint8_t *data, size_t size);

/*
 * Runs check(data, size) once under each flavour (SYSREC_COMPAT 12.6.1,
 * then 12.7.5, the registry read again each time): for the targets whose
 * code reads the flavour once per process rather than per program run.
 */
static inline void
fuzz_each_flavour(void (*check)(const uint8_t *, size_t), const uint8_t *data, size_t size)
{
	static const char *const flavours[] = {"12.6.1", "12.7.5"};

	for (size_t f = 0; f < sizeof(flavours) / sizeof(flavours[0]); f++) {
		setenv("SYSREC_COMPAT", flavours[f], 1);
		sysrec_flavour_reset();
		check(data, size);
	}
}

/*
 * The reader targets' walk: reads src as sar does (the reader's flags set
 * as asked), the header (header_only as sadf -H) and every record, touching
 * each item byte and each extension item, so that the sanitizers see any
 * overrun. Frees src.
 */
static inline void
fuzz_walk_source(struct source *src, bool header_only, bool want_ext, bool convert_old)
{
	struct archive_reader r;
	struct archive_record rec;
	uint64_t sum = 0;
	uint32_t i;
	int rc;

	memset(&r, 0, sizeof(r));
	r.convert_old = convert_old;
	r.conv_hz = 100;
	rc = archive_open(&r, src, true);
	if (rc == 0)
		rc = archive_read_header(&r, header_only);
	r.want_ext = want_ext;
	while (rc == 0 && (rc = archive_next(&r, &rec)) > 0) {
		rc = 0;
		for (i = 0; i < r.n_acts; i++) {
			const struct archive_act *a = &r.acts[i];
			size_t n = a->known_format ? (size_t) a->nr * (size_t) a->fa.nr2 * a->msize
			                           : 0;
			size_t k;

			for (k = 0; k < n; k += 8)
				sum += a->buf[k];
		}
		sum += strlen(rec.comment);
		if (rec.hdr.record_type == EXT_RECORD_TYPE) {
			for (i = 0; i < r.ext.n_proc; i++)
				sum += r.ext.proc[i].pid + strlen(r.ext.proc[i].comm);
			for (i = 0; i < r.ext.n_cgroup; i++)
				sum += strlen(r.ext.cgroup[i].path);
		}
	}
	archive_reader_release(&r);
	/* Keep sum alive without printing. */
	__asm__ volatile("" : : "r"(sum));
}

/* fuzz_walk_source() over size bytes at data. */
static inline void
fuzz_walk_archive(const uint8_t *data, size_t size, bool header_only, bool want_ext,
                  bool convert_old)
{
	struct source *src;

	if (source_open_mem(data, size, &src) == 0)
		fuzz_walk_source(src, header_only, want_ext, convert_old);
}

#endif
