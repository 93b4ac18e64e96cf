/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar's output primitives: the bytes of sysstat's cprintf_* calls, written
 * with the exact formatters of numfmt.c instead of printf.
 */
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "sar.h"
#include "banned.h"

static void
emit(struct sar *s, const char *p, size_t n)
{
	fwrite(p, 1, n, s->out);
}

void
sar_out_raw(struct sar *s, const char *str)
{
	emit(s, str, strlen(str));
}

void
sar_out_nl(struct sar *s)
{
	putc('\n', s->out);
}

void
sar_out_ts(struct sar *s, const char *ts)
{
	size_t n = strlen(ts);

	emit(s, ts, n);
	for (; n < 11; n++)
		putc(' ', s->out);
}

void
sar_out_str(struct sar *s, const char *str, int width)
{
	size_t n = strlen(str);

	putc(' ', s->out);
	for (; width > 0 && (size_t) width > n; width--)
		putc(' ', s->out);
	emit(s, str, n);
}

void
sar_out_fw(struct sar *s, double v, int width, int decimals)
{
	char buf[128];
	size_t n;

	if (decimals > 0 && s->o.decimals >= 0)
		decimals = s->o.decimals;
	buf[0] = ' ';
	n = numfmt_fixed(buf + 1, sizeof(buf) - 1, v, width, decimals, s->dp);
	emit(s, buf, n + 1);
}

void
sar_out_f(struct sar *s, double v)
{
	sar_out_fw(s, v, 9, 2);
}

void
sar_out_avg(struct sar *s, double v)
{
	sar_out_fw(s, v, 9, 0);
}

void
sar_out_pc(struct sar *s, double v)
{
	int width = 9, decimals = 2;
	char buf[128];
	size_t n;

	if (s->o.decimals >= 0)
		decimals = s->o.decimals;
	/* With --human there is room for a percent sign, and one decimal fewer. */
	if (s->o.human) {
		width = 8;
		if (decimals > 1)
			decimals--;
	}
	buf[0] = ' ';
	n = numfmt_fixed(buf + 1, sizeof(buf) - 2, v, width, decimals, s->dp);
	if (s->o.human)
		buf[1 + n++] = '%';
	emit(s, buf, n + 1);
}

void
sar_out_u64w(struct sar *s, uint64_t v, int width)
{
	char buf[64];
	size_t n;

	buf[0] = ' ';
	n = numfmt_u64(buf + 1, sizeof(buf) - 1, v, width);
	emit(s, buf, n + 1);
}

void
sar_out_u64(struct sar *s, uint64_t v)
{
	sar_out_u64w(s, v, 9);
}

/* sysstat's unit letters: sectors, bytes, kB, MB... */
static const char units[] = "sBkMGTP?";

void
sar_out_unit(struct sar *s, double v, int unit)
{
	char buf[128];
	size_t n;

	if (unit == 0) {
		/* A number of sectors: kB first. */
		v /= 2;
		unit = 2;
	}
	while (v >= 1024) {
		v /= 1024;
		unit++;
	}
	if (unit >= (int) sizeof(units) - 1)
		unit = (int) sizeof(units) - 2;
	buf[0] = ' ';
	n = numfmt_fixed(buf + 1, sizeof(buf) - 2, v, 8, s->o.decimals ? 1 : 0, s->dp);
	buf[1 + n++] = units[unit];
	emit(s, buf, n + 1);
}

void
sar_out_f_unit(struct sar *s, double v, int unit)
{
	if (s->o.human && unit >= 0)
		sar_out_unit(s, v, unit);
	else
		sar_out_f(s, v);
}

void
sar_out_u64_unit(struct sar *s, uint64_t v, int unit)
{
	if (s->o.human && unit >= 0)
		sar_out_unit(s, (double) v, unit);
	else
		sar_out_u64(s, v);
}

/* One field of a header line: IRQ's "CPU*" expands to one column per selected CPU. */
static void
header_star(struct sar *s, const char *tk, size_t len, const struct sar_act *a,
            const unsigned char *offline)
{
	char name[32];
	size_t star = strcspn(tk, "*");
	int32_t j;

	for (j = 0; a && j < a->nr_ini && j < 8193; j++) {
		if (!sar_cpu_selected(s, (uint32_t) j))
			continue;
		if (offline && (offline[j >> 3] & (1u << (j & 7))))
			continue;
		if (j == 0) {
			sar_out_str(s, "all", 9);
			continue;
		}
		snprintf(name, sizeof(name), "%.*s%d%.*s", (int) star, tk, (int) (j - 1),
		         (int) (len - star - 1), tk + star + 1);
		sar_out_str(s, name, 9);
	}
}

void
sar_out_header(struct sar *s, const struct sar_view *v, const char *ts, const struct sar_act *a,
               const unsigned char *offline_bitmap)
{
	char hdr[512];
	const char *p = hdr;
	const char *moved = NULL;
	size_t moved_len = 0;
	int iwidth = v->iwidth;
	int i = -1;

	char *amp;

	/* '&' starts the fields that only -r ALL shows. */
	snprintf(hdr, sizeof(hdr), "%s", v->hdr);
	amp = strchr(hdr, '&');
	if (amp)
		*amp = (s->o.outputs[v->act_id] & SAR_O_MEM_ALL) ? ';' : '\0';
	sar_out_nl(s);
	sar_out_ts(s, ts);
	while (*p) {
		size_t len = strcspn(p, ";");
		char field[64];

		snprintf(field, sizeof(field), "%.*s", (int) len, p);
		if (memchr(p, '*', len)) {
			header_star(s, p, len, a, offline_bitmap);
		} else if (iwidth > 0) {
			sar_out_str(s, field, iwidth);
			iwidth = 0;
		} else if (iwidth < 0 && iwidth == i) {
			/* With --pretty (or always for some), this field goes to the end. */
			moved = p;
			moved_len = len;
			iwidth = 0;
		} else {
			sar_out_str(s, field, 9);
		}
		p += len;
		if (*p == ';')
			p++;
		i--;
	}
	if (moved) {
		putc(' ', s->out);
		emit(s, moved, moved_len);
	}
	sar_out_nl(s);
}
