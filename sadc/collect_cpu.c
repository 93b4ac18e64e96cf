/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Collectors of the CPU family: A_CPU, A_PCSW, A_IRQ, A_QUEUE, A_KTABLES,
 * A_NET_SOFT and the three PSI activities. Kernel documents:
 * Documentation/filesystems/proc.rst (stat, interrupts, loadavg,
 * net/softnet_stat), Documentation/admin-guide/sysctl/fs.rst (dentry-state,
 * file-nr, inode-state), Documentation/accounting/psi.rst (pressure).
 */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect.h"
#include "collect_cpu.h"
#include "common/banned.h"

/* sadc's /proc/interrupts line buffer: 128 bytes plus 11 per CPU column. */
#define INTERRUPTS_LINE 128
#define IRQ_COLUMN      11

/* ------------------------------------------------------------------------- */
/* Helpers */

/*
 * sadc reads proc/interrupts with fgets() into a buffer of size bytes, so
 * a line longer than size - 1 bytes comes in pieces, each taken for a line.
 * A piece is [p, end), ending after its '\n' when it has one.
 */
struct piece {
	const char *p;
	const char *end;
};

static bool
next_piece(const char **pos, size_t size, struct piece *ret)
{
	const char *s = *pos;
	size_t n = 0;

	if (!*s)
		return false;
	while (s[n] && n < size - 1)
		if (s[n++] == '\n')
			break;
	ret->p = s;
	ret->end = s + n;
	*pos = s + n;
	return true;
}

/*
 * parse_u64 over [*p, end) only, skipping leading white space as strtoul()
 * does: a number cut by the end of a piece is parsed up to the cut, as
 * sadc sees it.
 */
static int
parse_u64_in(const char **p, const char *end, uint64_t *ret)
{
	char digits[32];
	const char *s = *p, *q = digits;
	size_t n = 0, kept;

	while (s < end && isspace((unsigned char) *s))
		s++;
	while (s + n < end && isdigit((unsigned char) s[n]))
		n++;
	/* 31 digits already saturate, like any longer number. */
	kept = n < sizeof(digits) - 1 ? n : sizeof(digits) - 1;
	memcpy(digits, s, kept);
	digits[kept] = '\0';
	if (parse_u64(&q, ret) < 0)
		return -EINVAL;
	*p = s + n;
	return 0;
}

/* The end of the line starting at p (its '\n' or the final NUL). */
static const char *
line_end(const char *p)
{
	return p + strcspn(p, "\n");
}

/* A "key value" line of a /proc file and where its value goes. */
struct key_field {
	const char *key; /* line prefix, separator included */
	size_t offset;   /* of a uint64_t field of the struct */
};

/* Fills the fields of st from the lines of buf that start with a key (the last such line counts).
 */
static void
parse_key_fields(const char *buf, const struct key_field *table, size_t n, void *st)
{
	const char *p;
	size_t i;

	for (p = buf; p && *p; p = next_line(p)) {
		for (i = 0; i < n; i++) {
			size_t len = strlen(table[i].key);
			const char *q = p + len;

			if (!strncmp(p, table[i].key, len)) {
				parse_u64(&q, (uint64_t *) ((char *) st + table[i].offset));
				break;
			}
		}
	}
}

/* ------------------------------------------------------------------------- */
/* A_CPU: proc/stat */

/* Where each kernel column of a cpu line goes: steal (8th) sits before irq in the struct. */
// clang-format off
static const size_t cpu_columns[] = {
	offsetof(struct stats_cpu, cpu_user),
	offsetof(struct stats_cpu, cpu_nice),
	offsetof(struct stats_cpu, cpu_sys),
	offsetof(struct stats_cpu, cpu_idle),
	offsetof(struct stats_cpu, cpu_iowait),
	offsetof(struct stats_cpu, cpu_hardirq),
	offsetof(struct stats_cpu, cpu_softirq),
	offsetof(struct stats_cpu, cpu_steal),
	offsetof(struct stats_cpu, cpu_guest),
	offsetof(struct stats_cpu, cpu_guest_nice),
};
// clang-format on

/* The columns at p into *st; older kernels print fewer, the rest stay 0. */
static void
parse_cpu_columns(const char *p, struct stats_cpu *st)
{
	size_t i;

	memset(st, 0, sizeof(*st));
	for (i = 0; i < sizeof(cpu_columns) / sizeof(cpu_columns[0]); i++)
		if (parse_u64(&p, (uint64_t *) ((char *) st + cpu_columns[i])) < 0)
			break;
}

int32_t
parse_proc_stat_cpu(const char *buf, struct stats_cpu *items, int32_t max_nr)
{
	int32_t nr = 0;
	const char *p;

	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	for (p = buf; p && *p; p = next_line(p)) {
		if (!strncmp(p, "cpu ", 4)) {
			/*
			 * sysstat skips five bytes ("cpu" and the kernel's two
			 * blanks) whatever they are.
			 */
			parse_cpu_columns(p[4] && p[4] != '\n' ? p + 5 : p + 4, &items[0]);
			if (nr == 0)
				nr = 1;
			if (max_nr == 1)
				break;
		} else if (!strncmp(p, "cpu", 3)) {
			const char *q = p + 3;
			uint64_t n;

			if (parse_u64(&q, &n) < 0 || n >= COLLECT_CPU_MAX)
				continue;
			if ((int64_t) n + 2 > max_nr)
				return COLLECT_E_NOSPACE;
			parse_cpu_columns(q, &items[n + 1]);
			if ((int32_t) n + 2 > nr)
				nr = (int32_t) n + 2;
		}
	}
	return nr;
}

int32_t
collect_count_cpu(struct collect_ctx *c, int32_t *ret_nr2)
{
	*ret_nr2 = 1;
	return collect_cpu_nr(c);
}

int32_t
collect_read_cpu(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_STAT, NULL);

	(void) nr2;
	if (!buf)
		return 0;
	return parse_proc_stat_cpu(buf, items, max_nr);
}

/* ------------------------------------------------------------------------- */
/* A_PCSW: proc/stat */

// clang-format off
static const struct key_field pcsw_fields[] = {
	{"ctxt ",      offsetof(struct stats_pcsw, context_switch)},
	{"processes ", offsetof(struct stats_pcsw, processes)},
};
// clang-format on

void
parse_proc_stat_pcsw(const char *buf, struct stats_pcsw *st)
{
	parse_key_fields(buf, pcsw_fields, sizeof(pcsw_fields) / sizeof(pcsw_fields[0]), st);
}

int32_t
collect_read_pcsw(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_STAT, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (buf)
		parse_proc_stat_pcsw(buf, items);
	return 1;
}

/* ------------------------------------------------------------------------- */
/* A_IRQ: proc/interrupts */

static size_t
interrupts_piece_size(int32_t cpu_nr)
{
	return INTERRUPTS_LINE + IRQ_COLUMN * (size_t) (cpu_nr > 0 ? cpu_nr : 0);
}

int32_t
parse_interrupts_count(const char *buf, int32_t cpu_nr)
{
	size_t size = interrupts_piece_size(cpu_nr);
	const char *pos = buf;
	struct piece pc;
	int32_t irq = 0;

	while (next_piece(&pos, size, &pc) && irq < COLLECT_IRQ_MAX) {
		const char *colon = memchr(pc.p, ':', (size_t) (pc.end - pc.p));
		size_t at = colon ? (size_t) (colon - pc.p) : (size_t) (pc.end - pc.p);

		if (at > 0 && at < 16)
			irq++;
	}
	return irq;
}

/*
 * The next "CPUn" column of the header piece from *q: n in *ret (0 when no
 * digits follow, as strtol gives). Returns false after the last one.
 */
static bool
next_cpu_column(const char **q, const char *end, uint64_t *ret)
{
	const char *cp = memmem(*q, (size_t) (end - *q), "CPU", 3);

	if (!cp)
		return false;
	*q = cp + 3;
	if (parse_u64_in(q, end, ret) < 0)
		*ret = 0;
	return true;
}

/* The CPU columns of proc/interrupts: the header piece and how many of its columns count. */
struct irq_header {
	struct piece pc;
	int32_t n_cols;
	int32_t last_cpu;
};

/*
 * Finds the first piece naming a CPU and checks its columns (at most
 * cpu_nr of them, as sadc keeps). Returns 1 when found, 0 when not (or
 * when a CPU number is absurd), COLLECT_E_NOSPACE when a column needs
 * more than max_nr rows.
 */
static int
find_irq_header(const char **pos, size_t size, int32_t cpu_nr, int32_t max_nr,
                struct irq_header *ret)
{
	while (next_piece(pos, size, &ret->pc)) {
		const char *q = ret->pc.p;
		uint64_t cpu;

		ret->n_cols = 0;
		while (ret->n_cols < cpu_nr && next_cpu_column(&q, ret->pc.end, &cpu)) {
			if (cpu >= COLLECT_CPU_MAX)
				return 0;
			if ((int64_t) cpu + 2 > max_nr)
				return COLLECT_E_NOSPACE;
			ret->last_cpu = (int32_t) cpu;
			ret->n_cols++;
		}
		if (ret->n_cols)
			return 1;
	}
	return 0;
}

/* One interrupt line (piece pc, after its ':' at colon) into column col of the matrix. */
static void
parse_irq_piece(const struct irq_header *h, const struct piece *pc, const char *colon,
                struct stats_irq *items, int32_t nr2, int32_t col)
{
	struct stats_irq *all = &items[col];
	const char *name = pc->p, *q = h->pc.p, *v = colon + 1;
	size_t len;
	int32_t i;

	/* Only blanks are dropped before the name, as sysstat does. */
	while (*name == ' ')
		name++;
	len = (size_t) (colon - name);
	if (len > MAX_SA_IRQ_LEN - 1)
		len = MAX_SA_IRQ_LEN - 1;
	memcpy(all->irq_name, name, len);

	for (i = 0; i < h->n_cols; i++) {
		uint64_t cpu, n;
		struct stats_irq *row;

		next_cpu_column(&q, h->pc.end, &cpu);
		row = &items[(cpu + 1) * (uint64_t) nr2];
		if (parse_u64_in(&v, pc->end, &n) < 0)
			n = 0;
		row[col].irq_nr = (uint32_t) n;
		all->irq_nr += row[col].irq_nr;
		row[0].irq_nr += row[col].irq_nr;
	}
	items[0].irq_nr += all->irq_nr;
}

int32_t
parse_proc_interrupts(const char *buf, struct stats_irq *items, int32_t max_nr, int32_t nr2)
{
	int32_t cpu_nr = max_nr > 1 ? max_nr - 1 : 1;
	size_t size = interrupts_piece_size(cpu_nr);
	const char *pos = buf;
	struct irq_header h = {{NULL, NULL}, 0, 0};
	struct piece pc;
	int32_t col = 0;
	int rc;

	if (max_nr < 1 || nr2 < 1)
		return max_nr < 1 ? COLLECT_E_NOSPACE : 0;
	rc = find_irq_header(&pos, size, cpu_nr, max_nr, &h);
	memcpy(items[0].irq_name, "sum", sizeof("sum"));
	if (rc <= 0)
		return rc;
	while (col < nr2 - 1 && next_piece(&pos, size, &pc)) {
		const char *colon = memchr(pc.p, ':', (size_t) (pc.end - pc.p));

		if (colon)
			parse_irq_piece(&h, &pc, colon, items, nr2, ++col);
	}
	return h.last_cpu + 2;
}

int32_t
collect_count_irq(struct collect_ctx *c, int32_t *ret_nr2)
{
	int32_t nr = collect_cpu_nr(c), irq;
	const char *buf = collect_file(c, PF_INTERRUPTS, NULL);

	*ret_nr2 = 1;
	if (nr <= 0 || !buf)
		return 0;
	irq = parse_interrupts_count(buf, nr - 1);
	if (irq == 0)
		return 0;
	*ret_nr2 = irq + 1;
	return nr;
}

int32_t
collect_read_irq(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_INTERRUPTS, NULL);

	if (!buf)
		return max_nr < 1 ? COLLECT_E_NOSPACE : 0;
	return parse_proc_interrupts(buf, items, max_nr, nr2);
}

/* ------------------------------------------------------------------------- */
/* A_QUEUE: proc/loadavg and proc/stat */

bool
parse_loadavg(const char *buf, struct stats_queue *st)
{
	uint64_t load[3], running, threads;
	const char *p = buf;
	int i;

	for (i = 0; i < 3; i++)
		if (parse_hundredths(&p, &load[i]) < 0)
			return false;
	if (parse_u64(&p, &running) < 0 || *p++ != '/' || parse_u64(&p, &threads) < 0)
		return false;
	/* The fields are 32-bit in sysstat's struct. */
	st->load_avg_1 = (uint32_t) load[0];
	st->load_avg_5 = (uint32_t) load[1];
	st->load_avg_15 = (uint32_t) load[2];
	/* The reading process itself is not counted as running. */
	st->nr_running = running ? running - 1 : 0;
	st->nr_threads = threads;
	return true;
}

void
parse_procs_blocked(const char *buf, struct stats_queue *st)
{
	const char *p = find_line(buf, "procs_blocked ");

	if (p)
		parse_u64(&p, &st->procs_blocked);
}

int32_t
collect_read_queue(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *loadavg = collect_file(c, PF_LOADAVG, NULL);
	const char *stat;

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	/* sysstat reads procs_blocked only after a complete loadavg. */
	if (loadavg && parse_loadavg(loadavg, items)) {
		stat = collect_file(c, PF_STAT, NULL);
		if (stat)
			parse_procs_blocked(stat, items);
	}
	return 1;
}

/* ------------------------------------------------------------------------- */
/* A_KTABLES: proc/sys/fs and proc/sys/kernel/pty */

/* Two numbers at p: returns 0, or -EINVAL when either is missing. */
static int
parse_two(const char *p, uint64_t *a, uint64_t *b)
{
	if (!p || parse_u64(&p, a) < 0 || parse_u64(&p, b) < 0)
		return -EINVAL;
	return 0;
}

void
parse_ktables(const char *dentry, const char *file_nr, const char *inode, const char *pty,
              struct stats_ktables *st)
{
	uint64_t a, b;

	/* The first dentry-state number is a signed long that sysstat skips. */
	if (dentry && *dentry == '-')
		dentry++;
	st->dentry_stat = parse_two(dentry, &a, &b) == 0 ? b : 0;
	st->file_used = parse_two(file_nr, &a, &b) == 0 ? a - b : 0;
	st->inode_used = parse_two(inode, &a, &b) == 0 ? a - b : 0;
	st->pty_nr = 0;
	if (pty)
		parse_u64(&pty, &st->pty_nr);
}

enum ktables_file { KT_DENTRY, KT_FILE_NR, KT_INODE, KT_PTY, KT_MAX };

static const enum line_file ktables_files[KT_MAX] = {
        [KT_DENTRY] = LF_DENTRY_STATE,
        [KT_FILE_NR] = LF_FILE_NR,
        [KT_INODE] = LF_INODE_STATE,
        [KT_PTY] = LF_PTY_NR,
};

int32_t
collect_read_ktables(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	/* Each file is one short line of a few numbers. */
	char lines[KT_MAX][128];
	const char *text[KT_MAX];
	int i;

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	for (i = 0; i < KT_MAX; i++) {
		ssize_t n = collect_line(c, ktables_files[i], lines[i], sizeof(lines[i]));

		text[i] = n >= 0 ? lines[i] : NULL;
	}
	parse_ktables(text[KT_DENTRY], text[KT_FILE_NR], text[KT_INODE], text[KT_PTY], items);
	return 1;
}

/* ------------------------------------------------------------------------- */
/* A_NET_SOFT: proc/stat and proc/net/softnet_stat */

static bool
cpu_online(const uint8_t *online, int64_t cpu)
{
	return (online[cpu / 8] >> (cpu % 8)) & 1;
}

/*
 * The online CPUs (cpuN lines of proc/stat) into bitmap online. Returns the
 * number of the last such line + 2, 0 when there is none, or
 * COLLECT_E_NOSPACE when that number + 1 passes max_nr (sadc sizes its
 * bitmap to max_nr CPUs and checks only that; parse_softnet checks the
 * count itself).
 */
static int32_t
online_cpus(const char *stat, uint8_t *online, int32_t max_nr)
{
	int64_t last = -2;
	const char *p;

	memset(online, 0, COLLECT_CPU_MAX / 8);
	for (p = stat; p && *p; p = next_line(p)) {
		const char *q = p + 3;
		uint64_t n;

		if (!strncmp(p, "cpu ", 4) || strncmp(p, "cpu", 3))
			continue;
		/* A line without a number keeps the last one, as sscanf() leaves it. */
		if (parse_u64(&q, &n) == 0) {
			if (n >= COLLECT_CPU_MAX)
				continue;
			last = (int64_t) n;
		}
		if (last + 1 > max_nr)
			return COLLECT_E_NOSPACE;
		if (last < 0)
			return 0;
		online[last / 8] |= (uint8_t) (1u << (last % 8));
	}
	return (int32_t) (last + 2);
}

/* Where each hex word of a softnet_stat line goes. */
#define SOFTNET_SKIP   ((size_t) -1)
#define SOFTNET_CPU_ID ((size_t) -2)

// clang-format off
static const size_t softnet_words[] = {
	offsetof(struct stats_softnet, processed),
	offsetof(struct stats_softnet, dropped),
	offsetof(struct stats_softnet, time_squeeze),
	SOFTNET_SKIP, SOFTNET_SKIP, SOFTNET_SKIP, SOFTNET_SKIP, SOFTNET_SKIP, SOFTNET_SKIP,
	offsetof(struct stats_softnet, received_rps),
	offsetof(struct stats_softnet, flow_limit),
	offsetof(struct stats_softnet, backlog_len),
	SOFTNET_CPU_ID,
};
// clang-format on

/* The words of one line into *st and *cpu_id. Returns how many of the seven kept ones were there.
 */
static int
parse_softnet_words(const char *p, struct stats_softnet *st, uint64_t *cpu_id)
{
	int kept = 0;
	size_t i;

	for (i = 0; i < sizeof(softnet_words) / sizeof(softnet_words[0]); i++) {
		uint64_t v;

		if (parse_x64(&p, &v) < 0)
			break;
		if (softnet_words[i] == SOFTNET_SKIP)
			continue;
		kept++;
		if (softnet_words[i] == SOFTNET_CPU_ID)
			*cpu_id = v;
		else
			*(uint32_t *) ((char *) st + softnet_words[i]) = (uint32_t) v;
	}
	return kept;
}

/*
 * The slot of the next line without a CPU id: the first online CPU from
 * *cpu on (item = CPU + 1). Returns false when none is left.
 */
static bool
next_online_slot(const uint8_t *online, int64_t last, int64_t *cpu)
{
	while (*cpu - 1 <= last && !cpu_online(online, *cpu - 1))
		(*cpu)++;
	return *cpu - 1 <= last;
}

static int
fill_softnet(const char *buf, struct stats_softnet *items, int32_t max_nr, const uint8_t *online,
             int64_t last)
{
	/* Words missing from a line keep the previous line's values, as in sysstat. */
	struct stats_softnet cur;
	int64_t cpu = 1;
	const char *p;

	memset(&cur, 0, sizeof(cur));
	for (p = buf; p && *p; p = next_line(p)) {
		uint64_t cpu_id = 0;

		cur.backlog_len = 0;
		if (parse_softnet_words(p, &cur, &cpu_id) == 7) {
			if (cpu_id >= COLLECT_CPU_MAX)
				continue;
			cpu = (int64_t) cpu_id + 1;
		} else if (!next_online_slot(online, last, &cpu)) {
			continue;
		}
		if (cpu >= max_nr)
			return COLLECT_E_NOSPACE;
		items[cpu++] = cur;
	}
	return 0;
}

int32_t
parse_softnet(const char *stat, const char *softnet, struct stats_softnet *items, int32_t max_nr)
{
	uint8_t online[COLLECT_CPU_MAX / 8];
	int32_t nr = online_cpus(stat, online, max_nr);
	int rc;

	if (nr <= 0 || !softnet)
		return nr < 0 ? nr : 0;
	rc = fill_softnet(softnet, items, max_nr, online, nr - 2);
	if (rc < 0)
		return rc;
	/* The count may pass max_nr by one when the last online CPU has no line. */
	return nr > max_nr ? COLLECT_E_NOSPACE : nr;
}

int32_t
collect_count_softnet(struct collect_ctx *c, int32_t *ret_nr2)
{
	*ret_nr2 = 1;
	return collect_cpu_nr(c);
}

int32_t
collect_read_softnet(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *stat = collect_file(c, PF_STAT, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (!stat)
		return 0;
	return parse_softnet(stat, collect_file(c, PF_NET_SOFTNET, NULL), items, max_nr);
}

/* ------------------------------------------------------------------------- */
/* A_PSI_CPU, A_PSI_IO, A_PSI_MEM: proc/pressure */

// clang-format off
static const struct {
	const char *key;
	size_t offset;
} psi_averages[] = {
	{"avg10=",  offsetof(struct psi_values, avg10)},
	{"avg60=",  offsetof(struct psi_values, avg60)},
	{"avg300=", offsetof(struct psi_values, avg300)},
};
// clang-format on

/* Skips a literal key at *p (after blanks). Returns 0 or -EINVAL. */
static int
skip_key(const char **p, const char *key)
{
	size_t len = strlen(key);

	*p += strspn(*p, " \t");
	if (strncmp(*p, key, len))
		return -EINVAL;
	*p += len;
	return 0;
}

/* The fields of one pressure line; p is just after the token and its separator. */
static int
parse_psi_fields(const char *p, struct psi_values *ret)
{
	struct psi_values v;
	size_t i;

	/* sysstat expects "avg10=" right after the separator, blanks not skipped. */
	if (strncmp(p, psi_averages[0].key, strlen(psi_averages[0].key)))
		return -EINVAL;
	for (i = 0; i < sizeof(psi_averages) / sizeof(psi_averages[0]); i++)
		if (skip_key(&p, psi_averages[i].key) < 0 ||
		    parse_hundredths(&p, (uint64_t *) ((char *) &v + psi_averages[i].offset)) < 0)
			return -EINVAL;
	if (skip_key(&p, "total=") < 0 || parse_u64(&p, &v.total) < 0)
		return -EINVAL;
	*ret = v;
	return 0;
}

int
parse_psi_line(const char *buf, const char *token, struct psi_values *ret)
{
	size_t len = strlen(token);
	struct psi_values v;
	const char *p;
	int rc = -EINVAL;

	for (p = buf; p && *p; p = next_line(p)) {
		if (strncmp(p, token, len))
			continue;
		/* sysstat skips one byte after the token, whatever it is, but not past the line. */
		rc = line_end(p) > p + len ? parse_psi_fields(p + len + 1, &v) : -EINVAL;
	}
	if (rc == 0)
		*ret = v;
	return rc;
}

/* Where the values of one pressure line go in an activity's struct. */
struct psi_slot {
	const char *token;
	size_t total, avg10, avg60, avg300;
};

// clang-format off
#define PSI_SLOT(token, s, total, a10, a60, a300) \
	{token, offsetof(struct s, total), offsetof(struct s, a10), \
	 offsetof(struct s, a60), offsetof(struct s, a300)}

static const struct psi_slot psi_cpu_slots[] = {
	PSI_SLOT("some", stats_psi_cpu, some_cpu_total, some_acpu_10, some_acpu_60, some_acpu_300),
};
static const struct psi_slot psi_io_slots[] = {
	PSI_SLOT("some", stats_psi_io, some_io_total, some_aio_10, some_aio_60, some_aio_300),
	PSI_SLOT("full", stats_psi_io, full_io_total, full_aio_10, full_aio_60, full_aio_300),
};
static const struct psi_slot psi_mem_slots[] = {
	PSI_SLOT("some", stats_psi_mem, some_mem_total, some_amem_10, some_amem_60, some_amem_300),
	PSI_SLOT("full", stats_psi_mem, full_mem_total, full_amem_10, full_amem_60, full_amem_300),
};
// clang-format on

/* Stores the lines in slot order, stopping at the first one missing (as sysstat). */
static void
parse_psi_slots(const char *buf, const struct psi_slot *slots, size_t n, void *st)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct psi_values v;
		char *base = st;

		if (parse_psi_line(buf, slots[i].token, &v) < 0)
			return;
		*(uint64_t *) (base + slots[i].total) = v.total;
		*(uint64_t *) (base + slots[i].avg10) = v.avg10;
		*(uint64_t *) (base + slots[i].avg60) = v.avg60;
		*(uint64_t *) (base + slots[i].avg300) = v.avg300;
	}
}

void
parse_psi_cpu(const char *buf, struct stats_psi_cpu *st)
{
	parse_psi_slots(buf, psi_cpu_slots, sizeof(psi_cpu_slots) / sizeof(psi_cpu_slots[0]), st);
}

void
parse_psi_io(const char *buf, struct stats_psi_io *st)
{
	parse_psi_slots(buf, psi_io_slots, sizeof(psi_io_slots) / sizeof(psi_io_slots[0]), st);
}

void
parse_psi_mem(const char *buf, struct stats_psi_mem *st)
{
	parse_psi_slots(buf, psi_mem_slots, sizeof(psi_mem_slots) / sizeof(psi_mem_slots[0]), st);
}

/* PSI is collected only where the kernel has proc/pressure (sysstat's detection). */
static int32_t
count_psi(struct collect_ctx *c, int32_t *ret_nr2)
{
	*ret_nr2 = 1;
	if (c->psi_sample != c->sample) {
		c->psi = sysroot_is_dir(&c->root, "proc/pressure");
		c->psi_sample = c->sample;
	}
	return c->psi ? 1 : 0;
}

int32_t
collect_count_psi_cpu(struct collect_ctx *c, int32_t *ret_nr2)
{
	return count_psi(c, ret_nr2);
}

int32_t
collect_count_psi_io(struct collect_ctx *c, int32_t *ret_nr2)
{
	return count_psi(c, ret_nr2);
}

int32_t
collect_count_psi_mem(struct collect_ctx *c, int32_t *ret_nr2)
{
	return count_psi(c, ret_nr2);
}

int32_t
collect_read_psi_cpu(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_PRESSURE_CPU, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (buf)
		parse_psi_cpu(buf, items);
	return 1;
}

int32_t
collect_read_psi_io(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_PRESSURE_IO, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (buf)
		parse_psi_io(buf, items);
	return 1;
}

int32_t
collect_read_psi_mem(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_PRESSURE_MEM, NULL);

	(void) nr2;
	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	if (buf)
		parse_psi_mem(buf, items);
	return 1;
}

/* ------------------------------------------------------------------------- */
/* sadc -S MPSTAT: proc/softirqs, the intr total, NUMA nodes and topology */

/* The EXT_SOFTIRQ_NAMES code of the name [p, end); 0 when it is none of them. */
static uint8_t
softirq_code(const char *p, const char *end)
{
	static const char *const names[EXT_SOFTIRQ_NAMES_NR] = EXT_SOFTIRQ_NAMES;
	size_t len = (size_t) (end - p);
	uint8_t k;

	for (k = 1; k < EXT_SOFTIRQ_NAMES_NR; k++)
		if (strlen(names[k]) == len && !memcmp(names[k], p, len))
			return k;
	return 0;
}

/* The CPU numbers of the "CPUn" columns of the header line p into cols[]; their number. */
static int32_t
softirq_header(const char *p, const char *end, int32_t nr, int32_t *cols)
{
	int32_t n = 0;
	uint64_t cpu;

	/* cols[] has room for COLLECT_CPU_MAX: more CPU directories than that are no column. */
	while (n < nr - 1 && n < COLLECT_CPU_MAX && (p = strstr(p, "CPU")) && p < end) {
		p += 3;
		/* mpstat stops at a CPU it has no row for. */
		if (parse_u64(&p, &cpu) < 0 || cpu >= (uint64_t) nr - 1)
			break;
		cols[n++] = (int32_t) cpu;
	}
	return n;
}

/* One softirq line's counts (after its ':') into line k of the columns' CPUs. */
static void
softirq_counts(const char *p, const int32_t *cols, int32_t n, uint32_t k, struct ext_cpux *items)
{
	int32_t i;

	for (i = 0; i < n; i++) {
		uint64_t v;

		if (parse_u64(&p, &v) < 0)
			break;
		items[cols[i] + 1].soft[k] = (uint32_t) v;
	}
}

/* Drops what parse_softirqs() stored: the file does not fit the items. */
static void
softirq_unfit(struct ext_cpux *items, int32_t nr)
{
	int32_t i;

	for (i = 0; i < nr; i++) {
		memset(items[i].soft, 0, sizeof(items[i].soft));
		items[i].flags &= ~EXT_CX_SOFT;
	}
	items[0].n_soft = 0;
	memset(items[0].soft_name, 0, sizeof(items[0].soft_name));
	items[0].flags |= EXT_CX_NOSOFT;
}

static bool
softirq_line(const char *p, const char *end, const int32_t *cols, int32_t n, struct ext_cpux *items)
{
	const char *colon = memchr(p, ':', (size_t) (end - p));
	const char *name = p + strspn(p, " ");
	uint32_t k = items[0].n_soft;
	uint8_t code;

	if (!colon)
		return true;
	code = name < colon ? softirq_code(name, colon) : 0;
	if (!code || k >= EXT_SOFTIRQ_MAX)
		return false;
	items[0].soft_name[k] = code;
	items[0].n_soft = k + 1;
	softirq_counts(colon + 1, cols, n, k, items);
	return true;
}

void
parse_softirqs(const char *buf, struct ext_cpux *items, int32_t nr)
{
	int32_t cols[COLLECT_CPU_MAX];
	int32_t n = 0, i;
	const char *p = buf;

	if (!buf || nr < 1)
		return;
	items[0].flags |= EXT_CX_SOFT;
	for (; p && *p; p = next_line(p)) {
		const char *end = line_end(p);

		/* Lines before one naming a CPU mpstat has a row for are not softirqs to it. */
		if (!n) {
			n = softirq_header(p, end, nr, cols);
			continue;
		}
		if (!softirq_line(p, end, cols, n, items)) {
			softirq_unfit(items, nr);
			return;
		}
	}
	for (i = 0; i < n; i++)
		items[cols[i] + 1].flags |= EXT_CX_SOFT;
}

bool
parse_intr_total(const char *buf, uint64_t *ret)
{
	const char *p = buf ? find_line(buf, "intr ") : NULL;

	return p && parse_u64(&p, ret) == 0;
}

int32_t
parse_sysfs_int(const char *buf)
{
	const char *p = buf;
	bool neg;
	uint64_t v;

	if (parse_signed(&p, &neg, &v) < 0)
		return -1;
	/* strtol's saturation, then the cut to an int. */
	if (v > (uint64_t) INT64_MAX)
		return neg ? 0 : -1;
	return (int32_t) (uint32_t) (neg ? 0 - v : v);
}

/* The N of the first nodeN entry of CPU cpu's directory, -1 with none, -2 unreadable. */
static int32_t
cpu_node(struct collect_ctx *c, int32_t cpu)
{
	struct sysroot_dir it;
	const char *name;
	char rel[64];
	int32_t node = -1;

	snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d", (int) cpu);
	if (sysroot_dir_open(&c->root, rel, &it) < 0)
		return -2;
	while ((name = sysroot_dir_next(&it))) {
		if (!strncmp(name, "node", 4) && isdigit((unsigned char) name[4])) {
			node = parse_sysfs_int(name + 4);
			break;
		}
	}
	sysroot_dir_close(&it);
	return node;
}

/* topology/FILE of CPU cpu as mpstat -T reads it: 0 when missing. */
static int32_t
cpu_topo(struct collect_ctx *c, int32_t cpu, const char *file)
{
	char rel[96];

	snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/topology/%s", (int) cpu, file);
	if (sysroot_read(&c->root, rel, &c->scratch) < 0)
		return 0;
	return parse_sysfs_int(c->scratch.buf);
}

static int
cpux_reserve(struct ext_cpux **arr, size_t *cap, int32_t nr)
{
	struct ext_cpux *p;

	if ((size_t) nr <= *cap)
		return 0;
	p = realloc(*arr, (size_t) nr * sizeof(*p));
	if (!p)
		return -ENOMEM;
	*arr = p;
	*cap = (size_t) nr;
	return 0;
}

int32_t
collect_cpux(struct collect_ctx *c, struct ext_cpux **arr, size_t *cap)
{
	int32_t nr = collect_cpu_nr(c), cpu;
	const char *stat = collect_file(c, PF_STAT, NULL);
	struct ext_cpux *it;

	if (nr < 1)
		nr = 1;
	if (cpux_reserve(arr, cap, nr) < 0)
		return -ENOMEM;
	it = *arr;
	memset(it, 0, (size_t) nr * sizeof(*it));
	if (parse_intr_total(stat, &it[0].intr))
		it[0].flags |= EXT_CX_INTR;
	parse_softirqs(sysroot_read(&c->root, "proc/softirqs", &c->scratch) < 0 ? NULL
	                                                                        : c->scratch.buf,
	               it, nr);
	for (cpu = 0; cpu + 1 < nr; cpu++) {
		it[cpu + 1].node = cpu_node(c, cpu);
		it[cpu + 1].socket = cpu_topo(c, cpu, "physical_package_id");
		it[cpu + 1].core = cpu_topo(c, cpu, "thread_siblings_list");
	}
	return nr;
}
