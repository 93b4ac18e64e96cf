/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the /proc/PID parsers of sadc/collect_proc.c: the
 * first byte of the input chooses the file (stat, io, cmdline, cgroup,
 * status), the rest is its text, which smaps' [stack] parser reads too
 * (every saved input exercises it, none changes its meaning), handed over in a buffer of exactly
 * its size without a NUL terminator, so that a read past the end is caught. The outputs are
 * checked: NUL-terminated within their field, printable, and the flags the
 * parsers may set alone. Replayed over tests/fuzz/corpus/procpid by make check.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sadc/collect_proc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts unless field (size bytes) holds a NUL-terminated printable string. */
static void
check_text(const char *field, size_t size)
{
	const char *nul = memchr(field, '\0', size);
	const char *p;

	if (!nul)
		abort();
	for (p = field; p < nul; p++)
		if (*p < 0x20 || *p > 0x7e)
			abort();
}

static void
fuzz_stat(const char *text, size_t len)
{
	struct ext_proc p;
	int fields;

	memset(&p, 0, sizeof(p));
	fields = proc_parse_stat(text, len, 4, &p);
	if (fields < 0 && fields != -22)
		abort();
	if (p.flags & ~EXT_PF_KTHREAD)
		abort();
	if (p.state > 0xff || p.pid != 0)
		abort();
	check_text(p.comm, sizeof(p.comm));
}

static void
fuzz_io(const char *text, size_t len)
{
	uint64_t rd = 0, wr = 0, cw = 0;
	int rc = proc_parse_io(text, len, &rd, &wr, &cw);

	if (rc != 0 && rc != -22)
		abort();
}

static void
fuzz_status(const char *text, size_t len)
{
	struct ext_proc p;
	uint64_t d = 0;
	int rc;

	memset(&p, 0, sizeof(p));
	rc = proc_parse_status(text, len, &p);
	if ((rc != 0 && rc != -22) || p.flags || p.pid)
		abort();
	rc = proc_parse_schedstat(text, len, &d);
	if (rc != 0 && rc != -22)
		abort();
}

static void
fuzz_cmdline(const char *text, size_t len)
{
	char out[EXT_CMDLINE_LEN];
	size_t n;

	memset(out, 'x', sizeof(out));
	proc_parse_cmdline(text, len, out);
	check_text(out, sizeof(out));
	n = strlen(out);
	if (n > len || (n > 0 && out[n - 1] == ' '))
		abort();
}

static void
fuzz_cgroup(const char *text, size_t len)
{
	char out[EXT_CGPATH_LEN];

	memset(out, 'x', sizeof(out));
	if (!proc_parse_cgroup(text, len, out) && out[0] != '\0')
		abort();
	check_text(out, sizeof(out));
}

static void
fuzz_smaps(const char *text, size_t len)
{
	uint64_t size = 1, ref = 2;
	int rc = proc_parse_smaps_stack(text, len, &size, &ref);

	if (rc != 0 && rc != -2)
		abort();
	if (rc != 0 && (size != 1 || ref != 2))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static void (*const parsers[])(const char *, size_t) = {fuzz_stat, fuzz_io, fuzz_cmdline,
	                                                        fuzz_cgroup, fuzz_status};
	char *text;

	if (size < 1)
		return 0;
	/* An exact-size copy: ASan sees any byte read past the end. */
	text = malloc(size - 1 ? size - 1 : 1);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	parsers[data[0] % 5](text, size - 1);
	fuzz_smaps(text, size - 1);
	free(text);
	return 0;
}
