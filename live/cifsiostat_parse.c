/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * /proc/fs/cifs/Stats for cifsiostat (cifsiostat_parse.h). The file is
 * written by the kernel's fs/smb/client/cifs_debug.c (cifs_stats_proc_show)
 * and the dialect's print_stats (smb1ops.c, smb2ops.c): a numbered line
 * "N) \\server\share" per share, then its counters.
 */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cifsiostat_parse.h"
#include "common/banned.h"

/* The bytes fgets() returns at most into sysstat's 256-byte line. */
#define CIFS_LINE_MAX 255

/* The state one pass over the file carries from line to line. */
struct cifs_pass {
	struct cifs_counters cur; /* the share being read */
	uint64_t all_open;        /* opens of all kinds, summed into fopens */
	uint64_t aux_open;        /* the last open count read (sysstat reuses it) */
	bool started;             /* a share line was seen */
	char name[CIFS_NAME_MAX];
};

/* Where a pattern's numbers go. */
enum cifs_dst {
	D_NONE,
	D_RD_BYTES,
	D_WR_BYTES,
	D_RD_OPS,
	D_WR_OPS,
	D_FCLOSES,
	D_FDELETES,
	D_ALL_OPEN,
	D_AUX_OPEN,
	D_MAX,
};

/*
 * The counter lines, tested in this order on the line's start. SMB2's
 * "Reads: N sent N failed" matches the first number only, as in sysstat;
 * its bytes come from "Bytes read:". The opens of a share are the sum of
 * "Opens:", "Posix Opens:" and both "Open files:" numbers.
 */
static const struct cifs_line {
	const char *prefix;
	const char *pattern; /* sscanf-like: spaces match any blanks, %llu a number */
	enum cifs_dst dst[3];
	bool add_aux; /* then all_open += aux_open */
} cifs_lines[] = {
	{"Reads:", "Reads: %llu Bytes: %llu", {D_RD_OPS, D_RD_BYTES}, false},
	{"Bytes read:", "Bytes read: %llu  Bytes written: %llu", {D_RD_BYTES, D_WR_BYTES}, false},
	{"Writes:", "Writes: %llu Bytes: %llu", {D_WR_OPS, D_WR_BYTES}, false},
	{"Opens:", "Opens: %llu Closes:%llu Deletes: %llu", {D_AUX_OPEN, D_FCLOSES, D_FDELETES},
	 true},
	{"Posix Opens:", "Posix Opens: %llu", {D_AUX_OPEN}, true},
	{"Open files:", "Open files: %llu total (local), %llu", {D_ALL_OPEN, D_AUX_OPEN}, true},
	{"Closes:", "Closes: %llu", {D_FCLOSES}, false},
};

/* Where each destination lives in the pass (D_NONE: nowhere). */
static const size_t dst_offsets[D_MAX] = {
	[D_RD_BYTES] = offsetof(struct cifs_pass, cur.rd_bytes),
	[D_WR_BYTES] = offsetof(struct cifs_pass, cur.wr_bytes),
	[D_RD_OPS] = offsetof(struct cifs_pass, cur.rd_ops),
	[D_WR_OPS] = offsetof(struct cifs_pass, cur.wr_ops),
	[D_FCLOSES] = offsetof(struct cifs_pass, cur.fcloses),
	[D_FDELETES] = offsetof(struct cifs_pass, cur.fdeletes),
	[D_ALL_OPEN] = offsetof(struct cifs_pass, all_open),
	[D_AUX_OPEN] = offsetof(struct cifs_pass, aux_open),
};

static uint64_t *
dst_of(struct cifs_pass *p, enum cifs_dst d)
{
	if (d <= D_NONE || d >= D_MAX)
		return NULL;
	return (uint64_t *) (void *) ((char *) p + dst_offsets[d]);
}

static const char *
skip_blanks(const char *s)
{
	while (*s && isspace((unsigned char) *s))
		s++;
	return s;
}

/*
 * A %llu of scanf: an optional sign and decimal digits (a minus negates
 * modulo 2^64, too many digits give UINT64_MAX, as strtoull). Returns the
 * end, or NULL when there is no number.
 */
static const char *
scan_u64(const char *s, uint64_t *ret)
{
	const char *d = s + (*s == '+' || *s == '-');
	char *end;

	if (*d < '0' || *d > '9')
		return NULL;
	*ret = strtoull(s, &end, 10);
	return end;
}

/* Matches line against pattern, storing each number as soon as it is read. */
static void
scan_line(struct cifs_pass *p, const char *s, const struct cifs_line *l)
{
	const char *f = l->pattern;
	int k = 0;

	while (*f) {
		if (isspace((unsigned char) *f)) {
			f = skip_blanks(f);
			s = skip_blanks(s);
		} else if (!strncmp(f, "%llu", 4)) {
			uint64_t v, *dst;

			s = scan_u64(skip_blanks(s), &v);
			if (!s || k >= 3)
				return;
			dst = dst_of(p, l->dst[k++]);
			if (dst)
				*dst = v;
			f += 4;
		} else if (*s++ != *f++) {
			return;
		}
	}
}

/* "%*d) %127s" on a line starting with a digit: the share's name into name. */
static bool
scan_share(const char *s, char name[CIFS_NAME_MAX])
{
	size_t n = 0;

	while (*s >= '0' && *s <= '9')
		s++;
	if (*s++ != ')')
		return false;
	s = skip_blanks(s);
	while (s[n] && !isspace((unsigned char) s[n]) && n < CIFS_NAME_MAX - 1)
		n++;
	if (!n)
		return false;
	memcpy(name, s, n);
	name[n] = '\0';
	return true;
}

static int
list_add(struct cifs_list *list, const char *name, const struct cifs_counters *c, int curr)
{
	size_t i;
	int cmp = 1;

	for (i = 0; i < list->n && (cmp = strcmp(list->v[i].name, name)) < 0; i++)
		;
	if (i == list->n || cmp) {
		if (list->n == list->alloc) {
			size_t alloc = list->alloc ? list->alloc * 2 : 8;
			struct cifs_share *v = realloc(list->v, alloc * sizeof(*v));

			if (!v)
				return -ENOMEM;
			list->v = v;
			list->alloc = alloc;
		}
		memmove(list->v + i + 1, list->v + i, (list->n - i) * sizeof(*list->v));
		memset(&list->v[i], 0, sizeof(list->v[i]));
		memcpy(list->v[i].name, name, strlen(name) + 1);
		list->n++;
	}
	list->v[i].exist = true;
	list->v[i].st[curr] = *c;
	return 0;
}

/* The share read so far goes to the list; its opens are the sum of their lines. */
static int
pass_commit(struct cifs_pass *p, struct cifs_list *list, int curr)
{
	p->cur.fopens = p->all_open;
	return list_add(list, p->name, &p->cur, curr);
}

static int
pass_line(struct cifs_pass *p, const char *line, struct cifs_list *list, int curr)
{
	char name[CIFS_NAME_MAX];
	size_t i;
	int rc = 0;

	if (line[0] >= '0' && line[0] <= '9' && scan_share(line, name)) {
		if (p->started) {
			rc = pass_commit(p, list, curr);
			/* Opens counted before the first share go to it. */
			p->all_open = 0;
		}
		p->started = true;
		memcpy(p->name, name, sizeof(name));
		memset(&p->cur, 0, sizeof(p->cur));
		return rc;
	}
	for (i = 0; i < sizeof(cifs_lines) / sizeof(cifs_lines[0]); i++) {
		const struct cifs_line *l = &cifs_lines[i];

		if (strncmp(line, l->prefix, strlen(l->prefix)))
			continue;
		scan_line(p, line, l);
		if (l->add_aux)
			p->all_open += p->aux_open;
		break;
	}
	return 0;
}

int
cifs_parse_stats(const char *buf, size_t len, struct cifs_list *list, int curr)
{
	struct cifs_pass p;
	size_t pos = 0;
	int rc = 0;

	memset(&p, 0, sizeof(p));
	while (pos < len && !rc) {
		char line[CIFS_LINE_MAX + 1];
		size_t n = 0;

		while (n < CIFS_LINE_MAX && pos + n < len && buf[pos + n++] != '\n')
			;
		memcpy(line, buf + pos, n);
		line[n] = '\0';
		pos += n;
		rc = pass_line(&p, line, list, curr);
	}
	if (!rc && p.started)
		rc = pass_commit(&p, list, curr);
	return rc;
}

void
cifs_list_clear_exist(struct cifs_list *list)
{
	size_t i;

	for (i = 0; i < list->n; i++)
		list->v[i].exist = false;
}

void
cifs_list_release(struct cifs_list *list)
{
	free(list->v);
	memset(list, 0, sizeof(*list));
}
