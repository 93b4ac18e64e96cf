/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for tapestat's pure parts (live/tapestat_calc.c): the
 * whole input as a statistics file and as /proc/uptime, its start as a
 * directory name, and its bytes as two samples of a drive and a duration
 * for the per-second figures (percentages must stay at most 999).
 * Replayed over tests/fuzz/corpus/live_tapestat by make check.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "live/tapestat_calc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The next 8 bytes of the input as a number (zeros past its end). */
static uint64_t
take_u64(const uint8_t *data, size_t size, size_t *pos)
{
	uint64_t v = 0;
	size_t k;

	for (k = 0; k < 8; k++, (*pos)++)
		v = v << 8 | (*pos < size ? data[*pos] : 0);
	return v;
}

static void
calc_from_bytes(const uint8_t *data, size_t size)
{
	struct tape_sample old, now;
	struct tape_rates r;
	size_t pos = 0;
	int f;

	memset(&old, 0, sizeof(old));
	memset(&now, 0, sizeof(now));
	for (f = 0; f < TAPE_FIELD_MAX; f++) {
		old.v[f] = take_u64(data, size, &pos);
		now.v[f] = take_u64(data, size, &pos);
	}
	old.tv.tv_sec = (time_t) (take_u64(data, size, &pos) >> 34);
	old.tv.tv_usec = (suseconds_t) (take_u64(data, size, &pos) % 1000000);
	now.tv.tv_sec = (time_t) (take_u64(data, size, &pos) >> 34);
	now.tv.tv_usec = (suseconds_t) (take_u64(data, size, &pos) % 1000000);
	tape_calc(&old, &now, tape_duration_ms(&old.tv, &now.tv), &r);
	if (r.pct_read > 999 || r.pct_write > 999 || r.pct_all > 999)
		abort();
	(void) tape_rates_zero(&r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size ? size : 1), name[64];
	uint64_t v;
	size_t n = size < sizeof(name) - 1 ? size : sizeof(name) - 1;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	(void) tape_parse_value(copy, size, &v);
	(void) tape_uptime_ms(copy, size);
	free(copy);
	memcpy(name, data, n);
	name[n] = '\0';
	(void) tape_drives_of(name);
	calc_from_bytes(data, size);
	return 0;
}
