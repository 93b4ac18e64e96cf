/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar's output primitives: the bytes of sysstat's cprintf_* calls, written
 * with the exact formatters of numfmt.c instead of printf, and the colours
 * sysstat puts around them (display.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "display.h"
#include "engine.h"
#include "render.h"
#include "xstats.h"
#include "common/compat.h"
#include "common/numfmt.h"
#include "common/banned.h"

_Static_assert(SAR_SGR_MAX == sizeof(((struct sar *) 0)->sgr) / sizeof(((struct sar *) 0)->sgr[0]),
               "struct sar has one escape sequence per enum sar_sgr");

void
sar_out_buffer(struct sar *s, size_t cap)
{
	FILE *fp = s->ob.fp;

	outbuf_release(&s->ob);
	outbuf_init(&s->ob, fp, cap);
}

FILE *
sar_fp(struct sar *s)
{
	return outbuf_sync(&s->ob);
}

void
sar_set_out(struct sar *s, FILE *out)
{
	outbuf_set_fp(&s->ob, out);
}

void
sar_out_release(struct sar *s)
{
	outbuf_release(&s->ob);
}

/* Every byte of the primitives goes through here: to the run's buffer, or to out at once. */
static void
emit(struct sar *s, const char *p, size_t n)
{
	outbuf_put(&s->ob, p, n);
}

static void
emit_str(struct sar *s, const char *str)
{
	emit(s, str, strlen(str));
}

static void
emit_ch(struct sar *s, char c)
{
	outbuf_putc(&s->ob, c);
}

/* n spaces. */
static void
emit_spaces(struct sar *s, size_t n)
{
	static const char spaces[] = "                                ";

	for (; n > sizeof(spaces) - 1; n -= sizeof(spaces) - 1)
		emit(s, spaces, sizeof(spaces) - 1);
	emit(s, spaces, n);
}

/*
 * Where a value's bytes can be formatted in place, when the output is
 * buffered (a run's buffer, or a live tool's line) and has no colours
 * (then a value is its bytes alone): room for a field of the exact
 * formatter's fast path at the buffer's end, else NULL.
 */
static char *
line_tail(struct sar *s, size_t *ret_room)
{
	char *p;

	if (s->colors || !(p = outbuf_reserve(&s->ob, 128)))
		return NULL;
	*ret_room = s->ob.cap - s->ob.len;
	return p;
}

/* " " and the value of a numfmt call that wrote n bytes after it at p (0: it did not fit). */
static bool
line_put(struct sar *s, char *p, size_t n)
{
	if (!n)
		return false;
	p[0] = ' ';
	outbuf_commit(&s->ob, n + 1);
	return true;
}

void
sar_line_begin(struct sar *s)
{
	/* A run that buffers all its output (sar, sadf) needs no line of its own. */
	if (s->ob.cap)
		return;
	outbuf_attach(&s->ob, s->line, sizeof(s->line));
	s->in_line = true;
}

void
sar_line_end(struct sar *s)
{
	if (!s->in_line)
		return;
	outbuf_attach(&s->ob, NULL, 0);
	s->in_line = false;
}

/* ---- the state ---- */

/*
 * sar_init() and sar_cpu_selected() live here, not beside the views that use
 * them most: a program that prints with these primitives alone (the live
 * tools) then links none of sar's views, walker or archive reader.
 */
void
sar_init(struct sar *s, FILE *out)
{
	s->o.decimals = -1;
	outbuf_init(&s->ob, out, 0);
	s->fd = -1;
}

bool
sar_cpu_selected(const struct sar *s, uint32_t index)
{
	if (index >= sizeof(s->o.cpu_bitmap) * 8)
		return false;
	return (s->o.cpu_bitmap[index >> 3] & (1u << (index & 7))) != 0;
}

/* ---- translated words ---- */

const char *
sar_label_average(void)
{
	return _("Average:");
}

const char *
sar_label_summary(void)
{
	return _("Summary:");
}

/* ---- colours ---- */

/* sysstat 12.6.1's default codes, and the S_COLORS_SGR key of each (enum order). */
static const char *const default_sgr[SAR_SGR_MAX] = {
        [SAR_SGR_PC_HIGH] = "\033[31;1m", [SAR_SGR_PC_LOW] = "\033[35;1m",
        [SAR_SGR_ZERO] = "\033[34;22m",   [SAR_SGR_VALUE] = "\033[34;1m",
        [SAR_SGR_ITEM] = "\033[32;22m",   [SAR_SGR_COMMENT] = "\033[33;22m",
        [SAR_SGR_RESTART] = "\033[31;22m", [SAR_SGR_TREND_POS] = "\033[32;1m",
        [SAR_SGR_TREND_NEG] = "\033[31;1m", [SAR_SGR_NORMAL] = "\033[0m",
};
static const char sgr_keys[] = "HMZNICR";
/* 12.7.5's keys: the same, X and W for H and M, and the trends. */
static const char sgr_keys_1275[] = "HMZNICR+-";
static const char sgr_alias_1275[] = "XW";

/* One "KEY=CODE" entry of S_COLORS_SGR (n bytes); malformed ones are ignored. */
static void
set_sgr_entry(struct sar *s, const char *e, size_t n)
{
	const char *key, *keys = flavour_1275() ? sgr_keys_1275 : sgr_keys;

	if (n < 3 || n > 7 || e[1] != '=' || strspn(e + 2, ";0123456789") < n - 2)
		return;
	if (!e[0])
		return;
	key = strchr(keys, e[0]);
	if (!key && flavour_1275() && strchr(sgr_alias_1275, e[0]))
		key = keys + (strchr(sgr_alias_1275, e[0]) - sgr_alias_1275);
	if (key)
		snprintf(s->sgr[key - keys], sizeof(s->sgr[0]), "\033[%.*sm", (int) (n - 2),
		         e + 2);
}

void
sar_colors_init(struct sar *s, const char *colors, const char *sgr, bool is_tty)
{
	int k;

	memset(s->sgr, 0, sizeof(s->sgr));
	s->colors = colors ? strcmp(colors, "never") && (!strcmp(colors, "always") || is_tty)
	                   : is_tty;
	if (!s->colors)
		return;
	for (k = 0; k < SAR_SGR_MAX; k++)
		snprintf(s->sgr[k], sizeof(s->sgr[k]), "%s", default_sgr[k]);
	/* Entries as strtok(":") finds them: empty ones are skipped. */
	while (sgr && *sgr) {
		size_t n = strcspn(sgr, ":");

		set_sgr_entry(s, sgr, n);
		sgr += n;
		sgr += strspn(sgr, ":");
	}
}

static void
put_sgr(struct sar *s, enum sar_sgr k)
{
	if (s->colors)
		emit_str(s, s->sgr[k]);
}

/*
 * Item names printed in pieces (sar_out_raw: a space, then the name) are one
 * coloured part in sysstat, so a colour opened for text stays open until the
 * next value, or the end of the line.
 */
static void
close_sgr(struct sar *s)
{
	if (s->sgr_open) {
		s->sgr_open = false;
		put_sgr(s, SAR_SGR_NORMAL);
	}
}

/*
 * The views whose lines end with a name print the newline inside its colour
 * (" %s\n"); the others (--pretty names) after it.
 */
static bool
name_ends_line(const struct sar *s)
{
	switch (s->view_act) {
	case A_FS:
	case A_NET_FC:
	case A_PWR_FAN:
	case A_PWR_TEMP:
	case A_PWR_IN:
	case A_PWR_USB:
		return true;
	default:
		return false;
	}
}

/* A value: its colour, the bytes, the normal colour, then what follows it uncoloured. */
static void
put_value(struct sar *s, enum sar_sgr k, const char *buf, size_t n, const char *after)
{
	close_sgr(s);
	put_sgr(s, k);
	emit(s, buf, n);
	put_sgr(s, SAR_SGR_NORMAL);
	if (after)
		emit_str(s, after);
}

/* --dec replaces the decimals of the values that have some. */
static int
decimals_of(const struct sar *s, int decimals)
{
	return decimals > 0 && s->o.decimals >= 0 ? s->o.decimals : decimals;
}

/* cprintf_f and cprintf_u64: the zero colour for a value that prints as zero. */
static enum sar_sgr
value_sgr(double v, int decimals)
{
	double lim = decimals == 1 ? 0.05 : 0.005;

	if ((decimals > 0 && v < lim && v > -lim) || (decimals == 0 && v <= 0.5 && v >= -0.5))
		return SAR_SGR_ZERO;
	return SAR_SGR_VALUE;
}

/*
 * cprintf_pc: two thresholds above the zero test, which has no lower bound;
 * 12.7.5's cprintf_xpc: thresholds by xtrem.
 */
static enum sar_sgr
pc_sgr(double v, int decimals, enum sar_xtrem xtrem)
{
	double lim = decimals == 1 ? 0.05 : 0.005;

	if (flavour_1275()) {
		if (xtrem == SAR_XHIGH && v >= 90.0)
			return SAR_SGR_PC_HIGH;
		if (xtrem == SAR_XHIGH && v >= 75.0)
			return SAR_SGR_PC_LOW;
		if (xtrem == SAR_XLOW && v <= 10.0)
			return SAR_SGR_PC_HIGH;
		if (xtrem == SAR_XLOW && v <= 25.0)
			return SAR_SGR_PC_LOW;
	} else if (v >= 75.0) {
		return SAR_SGR_PC_HIGH;
	} else if (v >= 50.0) {
		return SAR_SGR_PC_LOW;
	}
	if ((decimals > 0 && v < lim) || (decimals == 0 && v <= 0.5))
		return SAR_SGR_ZERO;
	return SAR_SGR_VALUE;
}

void
sar_out_special(struct sar *s, enum sar_special kind, const char *text)
{
	close_sgr(s);
	put_sgr(s, kind == SAR_SPECIAL_RESTART ? SAR_SGR_RESTART : SAR_SGR_COMMENT);
	emit_str(s, text);
	put_sgr(s, SAR_SGR_NORMAL);
}

/* sadf: the value goes to the sink as a cell of the current row. */
static void
sink_num(struct sar *s, double v, int decimals)
{
	struct sar_cell c = {.kind = SAR_CELL_NUM, .decimals = decimals, .d = v};

	if (s->in_row)
		s->sink->cell(s, &c);
}

static void
sink_u64(struct sar *s, uint64_t v)
{
	struct sar_cell c = {.kind = SAR_CELL_U64, .u = v};

	if (s->in_row)
		s->sink->cell(s, &c);
}

void
sar_out_raw(struct sar *s, const char *str)
{
	/* Separators and names placed by hand: sink-mode views use sar_out_str. */
	if (s->sink)
		return;
	if (s->xs)
		sar_xstats_item(s, SAR_XS_RAW, str, 0);
	if (s->colors && !s->sgr_open) {
		put_sgr(s, SAR_SGR_ITEM);
		s->sgr_open = true;
	}
	emit(s, str, strlen(str));
}

void
sar_out_text(struct sar *s, const char *text)
{
	if (s->sink) {
		struct sar_cell c = {.kind = SAR_CELL_STR, .str = text};

		if (s->in_row)
			s->sink->cell(s, &c);
		return;
	}
	close_sgr(s);
	if (s->colors) {
		put_sgr(s, SAR_SGR_VALUE);
		s->sgr_open = true;
	}
	emit_str(s, text);
}

void
sar_out_hex(struct sar *s, unsigned v, int width)
{
	char buf[64];
	size_t n;

	if (s->sink) {
		sink_u64(s, v);
		return;
	}
	buf[0] = ' ';
	n = numfmt_x64(buf + 1, sizeof(buf) - 1, v, width);
	put_value(s, SAR_SGR_VALUE, buf, n + 1, NULL);
}

void
sar_out_name(struct sar *s, const char *name)
{
	if (s->sink && s->in_row)
		s->pending_name = name;
}

void
sar_out_nl(struct sar *s)
{
	if (s->xs && sar_xstats_nl(s))
		return;
	if (s->sink) {
		if (s->in_row)
			s->sink->row_end(s);
		s->in_row = false;
		return;
	}
	if (s->sgr_open && name_ends_line(s)) {
		emit_ch(s, '\n');
		close_sgr(s);
		return;
	}
	close_sgr(s);
	emit_ch(s, '\n');
}

void
sar_out_ts(struct sar *s, const char *ts)
{
	size_t n;

	if (s->xs)
		ts = sar_xstats_row_begin(s, ts);
	if (s->sink) {
		s->in_row = true;
		s->sink->row_begin(s);
		return;
	}
	n = strlen(ts);
	close_sgr(s);
	emit(s, ts, n);
	if (n < 11)
		emit_spaces(s, 11 - n);
}

/* " %*s", uncoloured (headers). */
static void
put_str(struct sar *s, const char *str, int width)
{
	size_t n = strlen(str);

	emit_spaces(s, width > 0 && (size_t) width > n ? (size_t) width - n + 1 : 1);
	emit(s, str, n);
}

void
sar_out_str(struct sar *s, const char *str, int width)
{
	if (s->sink) {
		struct sar_cell c = {.kind = SAR_CELL_STR, .str = str};

		if (s->in_row)
			s->sink->cell(s, &c);
		return;
	}
	if (s->xs)
		sar_xstats_item(s, SAR_XS_STR, str, width);
	close_sgr(s);
	put_sgr(s, SAR_SGR_ITEM);
	put_str(s, str, width);
	put_sgr(s, SAR_SGR_NORMAL);
}

/*
 * sar_out_fw()'s text, apart: sadf's every value goes to the sink, which
 * then pays for none of this frame (a value's cost, as a sadf -j cell
 * costs about 400 instructions).
 */
static __attribute__((noinline)) void
text_fw(struct sar *s, double v, int width, int decimals)
{
	char buf[512]; /* up to DBL_MAX, which sar -x prints (xstats.c) */
	size_t n, room;
	char *p;

	if (s->xs)
		sar_xstats_value(s, SAR_XS_FW, v, width, decimals);
	decimals = decimals_of(s, decimals);
	p = line_tail(s, &room);
	if (p && line_put(s, p, numfmt_fixed(p + 1, room - 1, v, width, decimals, s->dp)))
		return;
	buf[0] = ' ';
	n = numfmt_fixed(buf + 1, sizeof(buf) - 1, v, width, decimals, s->dp);
	put_value(s, value_sgr(v, decimals), buf, n + 1, NULL);
}

void
sar_out_fw(struct sar *s, double v, int width, int decimals)
{
	if (s->sink) {
		sink_num(s, v, decimals);
		return;
	}
	text_fw(s, v, width, decimals);
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
	sar_out_xpc(s, v, 9, 2, SAR_XHIGH);
}

/* sar_out_xpc()'s text, apart as text_fw() is. */
static __attribute__((noinline)) void
text_xpc(struct sar *s, double v, int width, int decimals, enum sar_xtrem xtrem)
{
	char buf[512]; /* up to DBL_MAX, which sar -x prints (xstats.c) */
	size_t n, room;
	char *p;

	if (s->xs)
		sar_xstats_value(s, SAR_XS_PC, v, width, decimals * 4 + (int) xtrem);
	decimals = decimals_of(s, decimals);
	/* With --human there is room for a percent sign, and one decimal fewer. */
	if (s->o.human) {
		width = width < 4 ? 3 : width - 1;
		if (decimals > 1)
			decimals--;
	}
	p = s->o.human ? NULL : line_tail(s, &room);
	if (p && line_put(s, p, numfmt_fixed(p + 1, room - 1, v, width, decimals, s->dp)))
		return;
	buf[0] = ' ';
	n = numfmt_fixed(buf + 1, sizeof(buf) - 1, v, width, decimals, s->dp);
	/* The percent sign follows the normal colour. */
	put_value(s, pc_sgr(v, decimals, xtrem), buf, n + 1, s->o.human ? "%" : NULL);
}

void
sar_out_xpc(struct sar *s, double v, int width, int decimals, enum sar_xtrem xtrem)
{
	if (s->sink) {
		sink_num(s, v, decimals);
		return;
	}
	text_xpc(s, v, width, decimals, xtrem);
}

void
sar_out_signed(struct sar *s, double v, int width, int decimals)
{
	char buf[512]; /* up to DBL_MAX */
	enum sar_sgr k;
	size_t n;

	if (s->sink) {
		sink_num(s, v, decimals);
		return;
	}
	decimals = decimals_of(s, decimals);
	k = value_sgr(v, decimals);
	if (k != SAR_SGR_ZERO && v <= -10.0)
		k = SAR_SGR_PC_HIGH;
	else if (k != SAR_SGR_ZERO && v <= -5.0)
		k = SAR_SGR_PC_LOW;
	if (signbit(v)) {
		buf[0] = ' ';
		n = numfmt_fixed(buf + 1, sizeof(buf) - 1, v, width, decimals, s->dp) + 1;
	} else {
		/* printf's '+': the sign before the digits, within the width. */
		char digits[512];
		size_t d = numfmt_fixed(digits, sizeof(digits), v, 0, decimals, s->dp);
		size_t pad = (size_t) width > d + 1 ? (size_t) width - d - 1 : 0;

		memset(buf, ' ', pad + 1);
		buf[pad + 1] = '+';
		memcpy(buf + pad + 2, digits, d);
		n = pad + 2 + d;
	}
	put_value(s, k, buf, n, NULL);
}

void
sar_out_plain(struct sar *s, const char *text)
{
	if (s->sink)
		return;
	close_sgr(s);
	emit_str(s, text);
}

void
sar_out_trend(struct sar *s, bool rise, const char *text, int width)
{
	close_sgr(s);
	put_sgr(s, rise ? SAR_SGR_TREND_POS : SAR_SGR_TREND_NEG);
	put_str(s, text, width);
	put_sgr(s, SAR_SGR_NORMAL);
}

void
sar_out_u64w(struct sar *s, uint64_t v, int width)
{
	char buf[64];
	size_t n, room;
	char *p;

	if (s->sink) {
		sink_u64(s, v);
		return;
	}
	if (s->xs)
		sar_xstats_value(s, SAR_XS_U64W, (double) v, width, 0);
	p = line_tail(s, &room);
	if (p && line_put(s, p, numfmt_u64(p + 1, room - 1, v, width)))
		return;
	buf[0] = ' ';
	n = numfmt_u64(buf + 1, sizeof(buf) - 1, v, width);
	put_value(s, v ? SAR_SGR_VALUE : SAR_SGR_ZERO, buf, n + 1, NULL);
}

void
sar_out_u64(struct sar *s, uint64_t v)
{
	sar_out_u64w(s, v, 9);
}

/* sysstat's unit letters: sectors, bytes, kB, MB... */
static const char units[] = "sBkMGTP?";

void
sar_out_unit_w(struct sar *s, double v, int unit, int width, enum sar_sgr k)
{
	char buf[512], letter[2] = ""; /* up to DBL_MAX (xstats.c) */
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
	if (width < 4)
		width = 4;
	buf[0] = ' ';
	n = numfmt_fixed(buf + 1, sizeof(buf) - 1, v, width - 1, s->o.decimals ? 1 : 0, s->dp);
	letter[0] = units[unit];
	put_value(s, k, buf, n + 1, letter);
}

/* cprintf_unit as sar prints it: eight characters after the space. */
static void
put_unit(struct sar *s, double v, int unit, enum sar_sgr k)
{
	sar_out_unit_w(s, v, unit, 9, k);
}

enum sar_sgr
sar_value_sgr(const struct sar *s, double v, int decimals)
{
	return value_sgr(v, decimals_of(s, decimals));
}

void
sar_out_colored(struct sar *s, enum sar_sgr k, const char *text)
{
	put_value(s, k, text, strlen(text), NULL);
}

void
sar_out_bytes(struct sar *s, enum sar_sgr k, const char *p, size_t n)
{
	put_value(s, k, p, n, NULL);
}

void
sar_out_unit(struct sar *s, double v, int unit)
{
	int decimals = 0;

	if (s->sink) {
		sink_num(s, v, 2);
		return;
	}
	if (s->xs)
		sar_xstats_value(s, SAR_XS_UNIT, v, unit, 0);
	/*
	 * The colour comes from the value before the conversion, tested with
	 * the decimals of the call it replaces: the interface rates have two
	 * (--dec applies), the means of levels and the filesystem sizes none.
	 */
	if (s->view_act == A_NET_DEV)
		decimals = decimals_of(s, 2);
	put_unit(s, v, unit, value_sgr(v, decimals));
}

void
sar_out_f_unit(struct sar *s, double v, int unit)
{
	if (!s->o.human || unit < 0)
		sar_out_f(s, v);
	else if (s->sink)
		sar_out_unit(s, v, unit);
	else {
		if (s->xs)
			sar_xstats_value(s, SAR_XS_F_UNIT, v, unit, 0);
		put_unit(s, v, unit, value_sgr(v, decimals_of(s, 2)));
	}
}

void
sar_out_u64_unit(struct sar *s, uint64_t v, int unit)
{
	if (!s->o.human || unit < 0)
		sar_out_u64(s, v);
	else if (s->sink)
		sar_out_unit(s, (double) v, unit);
	else {
		if (s->xs)
			sar_xstats_value(s, SAR_XS_U64_UNIT, (double) v, unit, 0);
		put_unit(s, (double) v, unit, v ? SAR_SGR_VALUE : SAR_SGR_ZERO);
	}
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
			put_str(s, "all", 9);
			continue;
		}
		snprintf(name, sizeof(name), "%.*s%d%.*s", (int) star, tk, (int) (j - 1),
		         (int) (len - star - 1), tk + star + 1);
		put_str(s, name, 9);
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

	if (s->sink || (s->xs && sar_xstats_header(s, v, a, offline_bitmap)))
		return;
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
			put_str(s, field, iwidth);
			iwidth = 0;
		} else if (iwidth < 0 && iwidth == i) {
			/* With --pretty (or always for some), this field goes to the end. */
			moved = p;
			moved_len = len;
			iwidth = 0;
		} else {
			put_str(s, field, 9);
		}
		p += len;
		if (*p == ';')
			p++;
		i--;
	}
	if (moved) {
		emit_ch(s, ' ');
		emit(s, moved, moved_len);
	}
	sar_out_nl(s);
}
