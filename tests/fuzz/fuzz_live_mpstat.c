/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for mpstat's pure parsers (live/mpstat_parse.c): the
 * first byte chooses the parser and a CPU count (1 to 8), the rest is the
 * file's text, NUL-terminated as the rooted readers give it. The matrices
 * are sized as mpstat sizes them, from mp_count_irqs() plus the room for
 * new interrupts, and parsed twice (the second read keeps offline CPUs'
 * counts from the first). Replayed over tests/fuzz/corpus/live_mpstat.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "live/mpstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fuzz_irqs(const char *text, size_t len, int cpu_nr)
{
	int nr = mp_count_irqs(text, len, cpu_nr) + MP_IRQ_PREALLOC;
	size_t cells = (size_t) (cpu_nr + 1) * (size_t) nr;
	struct mp_irqs a = {calloc(cells, sizeof(*a.value)), calloc((size_t) nr, sizeof(*a.name))};
	struct mp_irqs b = {calloc(cells, sizeof(*b.value)), calloc((size_t) nr, sizeof(*b.name))};
	uint64_t sa[9] = {0}, sb[9] = {0};

	if (a.value && a.name && b.value && b.name) {
		mp_parse_irqs(text, len, cpu_nr, nr, &a, &b, sa, sb);
		mp_parse_irqs(text, len, cpu_nr, nr, &b, &a, sb, sa);
		mp_parse_irqs(NULL, 0, cpu_nr, nr, &a, &b, sa, sb);
	}
	free(a.value);
	free(a.name);
	free(b.value);
	free(b.name);
}

static void
fuzz_list(const char *text, int max)
{
	unsigned char bm[4] = {0};

	mp_parse_list(text, bm, sizeof(bm), max);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;
	uint64_t total = 0;
	int cpu_nr;

	if (size < 1)
		return 0;
	cpu_nr = (data[0] >> 2) % 8 + 1;
	text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	switch (data[0] & 3) {
	case 0:
		fuzz_irqs(text, size - 1, cpu_nr);
		break;
	case 1:
		mp_parse_intr_total(text, size - 1, &total);
		break;
	default:
		fuzz_list(text, cpu_nr * 3);
		break;
	}
	free(text);
	return 0;
}
