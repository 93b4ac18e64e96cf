/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mpstat's pure parsers (mpstat.h). sysstat reads these files with fgets()
 * into fixed buffers, so a long line is seen as several pieces; the pieces
 * are rebuilt here byte for byte, since a piece decides what counts as an
 * interrupt line. The kernel's format: Documentation/filesystems/proc.rst
 * (interrupts, softirqs, stat).
 */
#include <stdlib.h>
#include <string.h>

#include "mpstat.h"
#include "common/banned.h"

/* sysstat's line buffer for the interrupt files (INTERRUPTS_LINE + 11 per CPU). */
static size_t
irq_piece_size(int cpu_nr)
{
	return 128 + 11 * (size_t) (cpu_nr > 0 ? cpu_nr : 0);
}

/*
 * The next piece fgets(piece, size) would return from buf[*pos..len):
 * copied NUL-terminated into piece. Returns false at the end.
 */
static bool
next_piece(const char *buf, size_t len, size_t *pos, char *piece, size_t size)
{
	size_t n = 0;

	if (!buf || *pos >= len)
		return false;
	while (*pos < len && n + 1 < size) {
		char c = buf[(*pos)++];

		piece[n++] = c;
		if (c == '\n')
			break;
	}
	piece[n] = '\0';
	return true;
}

int
mp_count_irqs(const char *buf, size_t len, int cpu_nr)
{
	size_t size = irq_piece_size(cpu_nr), pos = 0;
	char *piece = malloc(size);
	int irq = 0;

	if (!piece)
		return 0;
	while (irq < MP_NR_IRQS && next_piece(buf, len, &pos, piece, size)) {
		size_t at = strcspn(piece, ":");

		if (at > 0 && at < 16)
			irq++;
	}
	free(piece);
	return irq;
}

/* Offline CPUs c..last-1 keep their previous counts (sysstat's fwd_irq_values). */
static void
keep_prev(int c, int last, int ic_nr, struct mp_irqs *cur, const struct mp_irqs *prev,
          uint64_t *sum_cur, const uint64_t *sum_prev)
{
	for (; c < last; c++) {
		size_t row = (size_t) c * (size_t) ic_nr;
		int j;

		sum_cur[c + 1] = sum_prev[c + 1];
		for (j = 0; j < ic_nr; j++)
			cur->value[row + j] = prev->value[row + j];
	}
}

/*
 * The header piece: the CPU numbers of the columns into idx[]. Returns
 * their number (0: not a header). sysstat stops at a CPU it has no room for.
 */
static int
parse_header(char *piece, int cpu_nr, int *idx, int *c, struct mp_irqs *cur,
             const struct mp_irqs *prev, int ic_nr, uint64_t *sum_cur, const uint64_t *sum_prev)
{
	char *next = piece, *cp;
	int n = 0;

	while ((cp = strstr(next, "CPU")) && n < cpu_nr) {
		/* The kernel's "CPUn"; strtol's value as sysstat's unsigned int. */
		unsigned cpu = (unsigned) strtol(cp + 3, &next, 10);

		if (cpu >= (unsigned) cpu_nr)
			break;
		idx[n++] = (int) cpu;
		sum_cur[cpu + 1] = 0;
		keep_prev(*c, (int) cpu, ic_nr, cur, prev, sum_cur, sum_prev);
		*c = (int) cpu + 1;
	}
	return n;
}

/* One interrupt line (its piece has a ':' at colon) as interrupt irq. */
static void
parse_irq_line(const char *piece, const char *colon, const int *idx, int n, int irq, int ic_nr,
               struct mp_irqs *cur, uint64_t *sum_cur)
{
	const char *li = piece + strspn(piece, " ");
	size_t l = strcspn(li, ":");
	const char *cp = colon + 1;
	int k;

	if (l >= MP_IRQ_NAME)
		l = MP_IRQ_NAME - 1;
	memcpy(cur->name[irq], li, l);
	cur->name[irq][l] = '\0';
	for (k = 0; k < n; k++) {
		uint32_t *p = &cur->value[(size_t) idx[k] * (size_t) ic_nr + (size_t) irq];
		char *next;

		/* strtoul as sysstat: blanks skipped, a sign allowed, no digits = 0. */
		*p = (uint32_t) strtoul(cp, &next, 10);
		sum_cur[idx[k] + 1] += *p;
		cp = next;
	}
}

void
mp_parse_irqs(const char *buf, size_t len, int cpu_nr, int ic_nr, struct mp_irqs *cur,
              const struct mp_irqs *prev, uint64_t *sum_cur, const uint64_t *sum_prev)
{
	size_t size = irq_piece_size(cpu_nr), pos = 0;
	char *piece = malloc(size);
	int *idx = malloc(sizeof(*idx) * (size_t) (cpu_nr > 0 ? cpu_nr : 1));
	int n = 0, c = 0, irq = 0;

	if (buf && piece && idx) {
		while (!n && next_piece(buf, len, &pos, piece, size))
			n = parse_header(piece, cpu_nr, idx, &c, cur, prev, ic_nr, sum_cur,
			                 sum_prev);
		keep_prev(c, cpu_nr, ic_nr, cur, prev, sum_cur, sum_prev);
		while (irq < ic_nr && next_piece(buf, len, &pos, piece, size)) {
			const char *colon = strchr(piece, ':');

			if (!colon)
				continue;
			parse_irq_line(piece, colon, idx, n, irq, ic_nr, cur, sum_cur);
			irq++;
		}
	}
	for (; irq < ic_nr; irq++)
		cur->name[irq][0] = '\0';
	free(piece);
	free(idx);
}

bool
mp_parse_intr_total(const char *buf, size_t len, uint64_t *ret)
{
	char piece[1024];
	size_t pos = 0;

	while (next_piece(buf, len, &pos, piece, sizeof(piece))) {
		if (!strncmp(piece, "intr ", 5)) {
			/* sscanf's %llu: strtoull's number; none leaves the total as it was. */
			char *end;
			unsigned long long v = strtoull(piece + 5, &end, 10);

			if (end != piece + 5)
				*ret = (uint32_t) v;
			return true;
		}
	}
	return false;
}

/* A number of a list: digits only, below max; "" is -1 (sysstat's parse_valstr). */
static int
parse_val(const char *s, int max, int *ret)
{
	if (!*s) {
		*ret = -1;
		return 0;
	}
	if (strspn(s, "0123456789") != strlen(s))
		return -1;
	*ret = atoi(s);
	return *ret < 0 || *ret >= max ? -1 : 0;
}

/* "N", "N-M" or "N-" into [*lo, *hi] (sysstat's parse_range_values, 15-byte copy included). */
static int
parse_range(const char *t, int max, int *lo, int *hi)
{
	char range[16];
	char *dash;
	const char *val = t; /* past a dash: in the 15-byte copy, as in sysstat */
	size_t n = strlen(t);

	memcpy(range, t, n < 15 ? n : 15);
	range[n < 15 ? n : 15] = '\0';
	dash = strchr(range, '-');
	if (dash) {
		*dash = '\0';
		if (parse_val(range, max, lo) < 0 || *lo < 0)
			return -1;
		val = dash + 1;
	}
	if (parse_val(val, max, hi) < 0)
		return -1;
	if (dash && *hi < 0)
		*hi = max - 1;
	if ((!dash && *hi < 0) || (dash && *hi < *lo))
		return -1;
	if (!dash)
		*lo = *hi;
	return 0;
}

int
mp_parse_list(const char *arg, unsigned char *bitmap, size_t bytes, int max)
{
	char *copy, *t, *save = NULL;
	int rc = 0;

	if (!strcmp(arg, "ALL")) {
		memset(bitmap, 0xff, bytes);
		return 0;
	}
	copy = strdup(arg);
	if (!copy)
		return -1;
	for (t = strtok_r(copy, ",", &save); t && !rc; t = strtok_r(NULL, ",", &save)) {
		int lo, hi, i;

		if (!strcmp(t, "all")) {
			bitmap[0] |= 1;
			continue;
		}
		if (parse_range(t, max, &lo, &hi) < 0) {
			rc = -1;
			break;
		}
		for (i = lo; i <= hi && (size_t) ((i + 1) >> 3) < bytes; i++)
			bitmap[(i + 1) >> 3] |= (unsigned char) (1 << ((i + 1) & 7));
	}
	free(copy);
	return rc;
}
