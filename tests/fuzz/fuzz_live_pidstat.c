/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for pidstat's /proc/PID parsers (live/pidstat_parse.c):
 * the first byte of the input chooses the file (stat, schedstat, status,
 * io, smaps, cmdline), the rest is its text, in a buffer of exactly its
 * size without a NUL terminator so that a read past the end is caught. The
 * outputs are checked: the command name and line NUL-terminated within
 * their field. Replayed over tests/fuzz/corpus/live_pidstat by make check.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "live/pidstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts unless field (size bytes) holds a NUL. */
static void
check_nul(const char *field, size_t size)
{
	if (!memchr(field, '\0', size))
		abort();
}

static void
fuzz_stat(const char *text, size_t len)
{
	static char comm[PIDSTAT_CMD_LEN];
	struct pidstat_sample s;
	uint32_t threads = 0;

	memset(&s, 0, sizeof(s));
	memset(comm, 'x', sizeof(comm) - 1);
	comm[sizeof(comm) - 1] = '\0';
	if (pidstat_parse_stat(text, len, 2, comm, &s, &threads) == 0)
		check_nul(comm, sizeof(comm));
}

static void
fuzz_cmdline(const char *text, size_t len)
{
	static char out[PIDSTAT_CMD_LEN];

	memset(out, 'x', sizeof(out));
	pidstat_parse_cmdline(text, len, out);
	check_nul(out, sizeof(out));
	/* Never longer than what was read. */
	if (strlen(out) > len)
		abort();
}

static void
fuzz_kv(uint8_t which, const char *text, size_t len)
{
	struct pidstat_sample s;
	uint32_t uid = 7;
	uint64_t ns = 1;

	memset(&s, 0, sizeof(s));
	switch (which) {
	case 1:
		if (pidstat_parse_schedstat(text, len, &ns) < 0 && ns != 0)
			abort();
		break;
	case 2:
		pidstat_parse_status(text, len, &uid, &s);
		break;
	case 3:
		pidstat_parse_io(text, len, &s);
		break;
	default:
		pidstat_parse_smaps(text, len, &s);
		break;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;
	uint8_t which;

	if (size < 1)
		return 0;
	which = data[0] % 6;
	/* An exact-size copy: no terminator for a parser to lean on. */
	text = malloc(size - 1 ? size - 1 : 1);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	if (which == 0)
		fuzz_stat(text, size - 1);
	else if (which == 5)
		fuzz_cmdline(text, size - 1);
	else
		fuzz_kv(which, text, size - 1);
	free(text);
	return 0;
}
