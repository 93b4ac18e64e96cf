/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pidstat's parsers of /proc/PID files (pidstat.h). They take the numbers
 * as C's strtoull/strtoll do (sign, saturation on overflow), which is what
 * sysstat's sscanf() reads, so that odd files print the same.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pidstat.h"
#include "common/banned.h"

/* A NUL-terminated copy of at most cap - 1 bytes of buf (files may hold NULs). */
static void
copy_z(char *dst, size_t cap, const char *buf, size_t len)
{
	if (len >= cap)
		len = cap - 1;
	memcpy(dst, buf, len);
	dst[len] = '\0';
}

/* A conversion of sscanf: *p moves past it; false when no number is there. */
static bool
scan_u64(const char **p, uint64_t *ret)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(*p, &end, 10);
	if (end == *p)
		return false;
	*p = end;
	if (ret)
		*ret = v;
	return true;
}

static bool
scan_s64(const char **p, uint64_t *ret)
{
	char *end;
	long long v;

	v = strtoll(*p, &end, 10);
	if (end == *p)
		return false;
	*p = end;
	if (ret)
		*ret = (uint64_t) v;
	return true;
}

/* %u: strtoul's value cut to 32 bits. */
static bool
scan_u32(const char **p, uint32_t *ret)
{
	uint64_t v;

	if (!scan_u64(p, &v))
		return false;
	if (ret)
		*ret = (uint32_t) v;
	return true;
}

/* %*s: a word of non-blanks. */
static bool
scan_word(const char **p)
{
	const char *q = *p;

	while (*q == ' ' || (*q >= '\t' && *q <= '\r'))
		q++;
	if (!*q)
		return false;
	while (*q && !(*q == ' ' || (*q >= '\t' && *q <= '\r')))
		q++;
	*p = q;
	return true;
}

/* How each stat field after the command name is taken (proc(5) order from "state"). */
enum stat_kind {
	SK_WORD,
	SK_SKIP_S, /* a signed number, skipped */
	SK_SKIP_U, /* an unsigned number, skipped */
	SK_U64,
	SK_S64,
	SK_U32,
};

struct stat_field {
	enum stat_kind kind;
	size_t off; /* offset in struct pidstat_sample, or SIZE_MAX for threads */
};

#define SF(k, m) {k, offsetof(struct pidstat_sample, m)}
#define SKIP(k) {k, 0}
#define THREADS_OFF ((size_t) -1)

static const struct stat_field stat_fields[] = {
	SKIP(SK_WORD),                                      /* state */
	SKIP(SK_SKIP_S), SKIP(SK_SKIP_S), SKIP(SK_SKIP_S), /* ppid pgrp session */
	SKIP(SK_SKIP_S), SKIP(SK_SKIP_S),                   /* tty_nr tpgid */
	SKIP(SK_SKIP_U),                                    /* flags */
	SF(SK_U64, minflt), SF(SK_U64, cminflt), SF(SK_U64, majflt), SF(SK_U64, cmajflt),
	SF(SK_U64, utime), SF(SK_U64, stime), SF(SK_S64, cutime), SF(SK_S64, cstime),
	SKIP(SK_SKIP_S), SKIP(SK_SKIP_S),                   /* priority nice */
	{SK_U32, THREADS_OFF},                              /* num_threads */
	SKIP(SK_SKIP_U), SKIP(SK_SKIP_S),                   /* itrealvalue starttime */
	SF(SK_U64, vsz), SF(SK_U64, rss),
	SKIP(SK_SKIP_U), SKIP(SK_SKIP_U), SKIP(SK_SKIP_U), SKIP(SK_SKIP_U), /* rsslim... */
	SKIP(SK_SKIP_U), SKIP(SK_SKIP_U), SKIP(SK_SKIP_U), SKIP(SK_SKIP_U),
	SKIP(SK_SKIP_U), SKIP(SK_SKIP_U), SKIP(SK_SKIP_U), SKIP(SK_SKIP_U),
	SKIP(SK_SKIP_U),                                    /* ...cnswap */
	SKIP(SK_SKIP_U),                                    /* exit_signal */
	SF(SK_U32, processor), SF(SK_U32, priority), SF(SK_U32, policy),
	SF(SK_U64, blkio), SF(SK_U64, gtime), SF(SK_S64, cgtime),
};

/* One field into its place; false when the scan stops there. */
static bool
scan_stat_field(const char **p, const struct stat_field *f, struct pidstat_sample *ret,
                uint32_t *threads)
{
	char *base = (char *) ret;

	switch (f->kind) {
	case SK_WORD:
		return scan_word(p);
	case SK_SKIP_S:
		return scan_s64(p, NULL);
	case SK_SKIP_U:
		return scan_u64(p, NULL);
	case SK_U64:
		return scan_u64(p, (uint64_t *) (void *) (base + f->off));
	case SK_S64:
		return scan_s64(p, (uint64_t *) (void *) (base + f->off));
	case SK_U32:
		return scan_u32(p, f->off == THREADS_OFF ? threads
		                                         : (uint32_t *) (void *) (base + f->off));
	}
	return false;
}

/* The values assigned by the scan of the fields after the command name. */
static int
scan_stat_fields(const char *p, struct pidstat_sample *ret, uint32_t *threads)
{
	size_t i;
	int n = 0;

	for (i = 0; i < sizeof(stat_fields) / sizeof(stat_fields[0]); i++) {
		if (!scan_stat_field(&p, &stat_fields[i], ret, threads))
			break;
		if (stat_fields[i].kind >= SK_U64)
			n++;
	}
	return n;
}

int
pidstat_parse_stat(const char *buf, size_t len, unsigned page_kb_shift, char *comm,
                   struct pidstat_sample *ret, uint32_t *ret_threads)
{
	char line[PIDSTAT_STAT_READ + 1];
	const char *start, *end;
	size_t n;
	int got;

	copy_z(line, sizeof(line), buf, len);
	start = strchr(line, '(');
	if (!start)
		return -1;
	start++;
	end = strrchr(start, ')');
	if (!end)
		return -1;
	n = (size_t) (end - start);
	if (n >= PIDSTAT_CMD_LEN || !end[1])
		return -1;
	memcpy(comm, start, n);
	comm[n] = '\0';
	got = scan_stat_fields(end + 2, ret, ret_threads);
	if (got < 15)
		return -1;
	if (got < 17)
		ret->gtime = ret->cgtime = 0;
	ret->vsz >>= 10;
	ret->rss <<= page_kb_shift;
	return 0;
}

int
pidstat_parse_schedstat(const char *buf, size_t len, uint64_t *ret_ns)
{
	char line[PIDSTAT_STAT_READ + 1];
	const char *p = line;

	copy_z(line, sizeof(line), buf, len);
	*ret_ns = 0;
	if (!scan_u64(&p, NULL) || !scan_u64(&p, ret_ns))
		return -1;
	return 0;
}

/*
 * The next line as a 256-byte fgets() returns it: up to a newline or 255
 * bytes, NUL-terminated in out. Returns false at the end of buf.
 */
static bool
next_chunk(const char *buf, size_t len, size_t *pos, char out[256])
{
	size_t n = 0;

	if (*pos >= len)
		return false;
	while (*pos < len && n < 255) {
		char ch = buf[(*pos)++];

		out[n++] = ch;
		if (ch == '\n')
			break;
	}
	out[n] = '\0';
	return true;
}

/* A key of a key/value file and where its value is, as sysstat reads it. */
struct kv_field {
	const char *key;
	size_t skip; /* the value starts this far into the line */
	size_t off;  /* in struct pidstat_sample */
	bool u32;
};

/* The value of line at skip (past its end: none). */
static void
kv_assign(const char *line, const struct kv_field *f, char *base)
{
	const char *p;

	if (strlen(line) < f->skip)
		return;
	p = line + f->skip;
	if (f->u32)
		scan_u32(&p, (uint32_t *) (void *) (base + f->off));
	else
		scan_u64(&p, (uint64_t *) (void *) (base + f->off));
}

/* Each line that starts with one of the n keys of fields gets its value. */
static void
parse_kv(const char *buf, size_t len, const struct kv_field *fields, size_t n, char *base)
{
	char line[256];
	size_t pos = 0, i;

	while (next_chunk(buf, len, &pos, line)) {
		for (i = 0; i < n; i++) {
			if (!strncmp(line, fields[i].key, strlen(fields[i].key))) {
				kv_assign(line, &fields[i], base);
				break;
			}
		}
	}
}

/* proc(5) /proc/PID/status; the Uid line goes to uid (offset unused). */
static const struct kv_field status_fields[] = {
	{"Threads:", 9, offsetof(struct pidstat_sample, threads), true},
	{"voluntary_ctxt_switches:", 25, offsetof(struct pidstat_sample, nvcsw), false},
	{"nonvoluntary_ctxt_switches:", 28, offsetof(struct pidstat_sample, nivcsw), false},
};

void
pidstat_parse_status(const char *buf, size_t len, uint32_t *uid, struct pidstat_sample *ret)
{
	static const struct kv_field uid_field = {"Uid:", 5, 0, true};
	char line[256];
	size_t pos = 0;

	parse_kv(buf, len, status_fields, sizeof(status_fields) / sizeof(status_fields[0]),
	         (char *) ret);
	while (next_chunk(buf, len, &pos, line))
		if (!strncmp(line, "Uid:", 4))
			kv_assign(line, &uid_field, (char *) uid);
}

/* Documentation/filesystems/proc.rst, /proc/PID/io. */
static const struct kv_field io_fields[] = {
	{"read_bytes:", 12, offsetof(struct pidstat_sample, read_bytes), false},
	{"write_bytes:", 13, offsetof(struct pidstat_sample, write_bytes), false},
	{"cancelled_write_bytes:", 23, offsetof(struct pidstat_sample, cancelled_write_bytes),
	 false},
};

void
pidstat_parse_io(const char *buf, size_t len, struct pidstat_sample *ret)
{
	parse_kv(buf, len, io_fields, sizeof(io_fields) / sizeof(io_fields[0]), (char *) ret);
}

void
pidstat_parse_smaps(const char *buf, size_t len, struct pidstat_sample *ret)
{
	static const struct kv_field size = {"Size:", 6, offsetof(struct pidstat_sample, stack_size),
	                                     false};
	static const struct kv_field ref = {"Referenced:", 12,
	                                    offsetof(struct pidstat_sample, stack_ref), false};
	char line[256];
	size_t pos = 0;
	int state = 0;

	/* The [stack] line, then the first line naming Size:, then Referenced:. */
	while (state < 3 && next_chunk(buf, len, &pos, line)) {
		if (state == 0 && strstr(line, "[stack]")) {
			state = 1;
		} else if (state == 1 && strstr(line, "Size:")) {
			kv_assign(line, &size, (char *) ret);
			state = 2;
		} else if (state == 2 && strstr(line, "Referenced:")) {
			kv_assign(line, &ref, (char *) ret);
			state = 3;
		}
	}
}

void
pidstat_parse_cmdline(const char *buf, size_t len, char *out)
{
	char line[PIDSTAT_CMD_LEN];
	bool seen = false;
	size_t i;

	memset(line, 0, sizeof(line));
	if (len > sizeof(line) - 1)
		len = sizeof(line) - 1;
	memcpy(line, buf, len);
	/* Backwards from the next-to-last byte: a NUL with text after it is a separator. */
	for (i = len >= 2 ? len - 1 : 0; i-- > 0;) {
		if (line[i])
			seen = true;
		else if (seen)
			line[i] = ' ';
	}
	copy_z(out, PIDSTAT_CMD_LEN, line, strlen(line));
}
