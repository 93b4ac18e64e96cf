/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadc -S CGROUP: the cgroup v2 collector. Kernel documents:
 * Documentation/admin-guide/cgroup-v2.rst (cpu.stat, memory.current,
 * memory.max, memory.swap.current, memory.events, io.stat) and
 * Documentation/accounting/psi.rst (cpu.pressure, memory.pressure,
 * io.pressure).
 *
 * Cost matters (a sample of a machine with hundreds of services): every
 * cgroup directory is opened once and its files are opened relative to it,
 * each read with one read() into a stack buffer, no stdio.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "collect.h"
#include "collect_cgroup.h"
#include "common/banned.h"

/* Big enough for any of the files but io.stat of a machine with many disks (read in runs). */
#define FILE_BUF 4096

/* ------------------------------------------------------------------------- */
/* Parsers */

/* A "key value" line of a flat keyed file and where its value goes. */
struct cg_key {
	const char *key;
	size_t offset; /* of a uint64_t of struct ext_cgroup */
	uint32_t bit;  /* EXT_CG_* set when the key is seen, or 0 */
};

// clang-format off
/* cgroup-v2.rst, "cpu.stat": the core keys, then those of the cpu controller. */
static const struct cg_key cpu_stat_keys[] = {
	{"usage_usec", offsetof(struct ext_cgroup, usage_usec), EXT_CG_CPU},
	{"user_usec", offsetof(struct ext_cgroup, user_usec), 0},
	{"system_usec", offsetof(struct ext_cgroup, system_usec), 0},
	{"nr_periods", offsetof(struct ext_cgroup, nr_periods), EXT_CG_THROTTLE},
	{"nr_throttled", offsetof(struct ext_cgroup, nr_throttled), EXT_CG_THROTTLE},
	{"throttled_usec", offsetof(struct ext_cgroup, throttled_usec), EXT_CG_THROTTLE},
};

/* cgroup-v2.rst, "memory.events". */
static const struct cg_key memory_events_keys[] = {
	{"high", offsetof(struct ext_cgroup, ev_high), 0},
	{"max", offsetof(struct ext_cgroup, ev_max), 0},
	{"oom", offsetof(struct ext_cgroup, ev_oom), 0},
	{"oom_kill", offsetof(struct ext_cgroup, ev_oom_kill), 0},
};

/*
 * cgroup-v1/memory.rst, "memory.oom_control": oom_kill_disable and
 * under_oom are states, not counters; oom_kill (4.13 and later) is the
 * count of processes the OOM killer chose here. The bit tells a kernel
 * with the count from an older one without.
 */
static const struct cg_key oom_control_keys[] = {
	{"oom_kill", offsetof(struct ext_cgroup, ev_oom_kill), EXT_CG_MEMEVENTS},
};

/* cgroup-v2.rst, "io.stat": the words summed over the devices (dbytes, dios are not kept). */
static const struct cg_key io_stat_keys[] = {
	{"rbytes", offsetof(struct ext_cgroup, rbytes), 0},
	{"wbytes", offsetof(struct ext_cgroup, wbytes), 0},
	{"rios", offsetof(struct ext_cgroup, rios), 0},
	{"wios", offsetof(struct ext_cgroup, wios), 0},
};
// clang-format on

#define N_KEYS(t) (sizeof(t) / sizeof((t)[0]))

static uint64_t *
field(struct ext_cgroup *cg, size_t offset)
{
	return (uint64_t *) ((char *) cg + offset);
}

/* The entry of table named by the len bytes at word, or NULL. */
static const struct cg_key *
find_key(const struct cg_key *table, size_t n, const char *word, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strlen(table[i].key) == len && !memcmp(table[i].key, word, len))
			return &table[i];
	return NULL;
}

/* The lines "key value" of text into cg through table (the last line of a key counts). */
static void
parse_keyed(const char *text, const struct cg_key *table, size_t n, struct ext_cgroup *cg)
{
	const char *p;

	for (p = text; p && *p; p = next_line(p)) {
		size_t len = strcspn(p, " \t\n");
		const struct cg_key *k = find_key(table, n, p, len);
		const char *v = p + len;
		uint64_t val;

		/* The value must be on the same line: parse_u64 skips blanks only. */
		if (!k || parse_u64(&v, &val) < 0)
			continue;
		*field(cg, k->offset) = val;
		cg->present |= k->bit;
	}
}

void
cgroup_parse_cpu_stat(const char *text, struct ext_cgroup *cg)
{
	parse_keyed(text, cpu_stat_keys, N_KEYS(cpu_stat_keys), cg);
}

void
cgroup_parse_memory_events(const char *text, struct ext_cgroup *cg)
{
	parse_keyed(text, memory_events_keys, N_KEYS(memory_events_keys), cg);
}

void
cgroup_parse_oom_control(const char *text, struct ext_cgroup *cg)
{
	parse_keyed(text, oom_control_keys, N_KEYS(oom_control_keys), cg);
}

static uint64_t
add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The words "key=N" of the line at p (up to its '\n'), summed into cg through io_stat_keys. */
static void
parse_io_line(const char *p, struct ext_cgroup *cg)
{
	while (*p && *p != '\n') {
		size_t len = strcspn(p, " \t\n");
		const char *eq = memchr(p, '=', len);

		if (eq) {
			const struct cg_key *k =
			        find_key(io_stat_keys, N_KEYS(io_stat_keys), p, (size_t) (eq - p));
			const char *v = eq + 1;
			uint64_t val;

			/* A number that runs past the word ("1 2") is not one: digits only. */
			if (k && *v >= '0' && *v <= '9' && parse_u64(&v, &val) == 0)
				*field(cg, k->offset) = add_sat(*field(cg, k->offset), val);
		}
		p += len;
		p += strspn(p, " \t");
	}
}

void
cgroup_parse_io_stat(const char *text, struct ext_cgroup *cg)
{
	const char *p;

	for (p = text; p && *p; p = next_line(p))
		parse_io_line(p, cg);
}

/* The value of the word "total=N" of the line at p, if there is one. */
static bool
line_total(const char *p, uint64_t *ret)
{
	while (*p && *p != '\n') {
		size_t len = strcspn(p, " \t\n");

		if (len > 6 && !memcmp(p, "total=", 6) && p[6] >= '0' && p[6] <= '9') {
			const char *v = p + 6;

			return parse_u64(&v, ret) == 0;
		}
		p += len;
		p += strspn(p, " \t");
	}
	return false;
}

unsigned
cgroup_parse_pressure(const char *text, uint64_t *some, uint64_t *full)
{
	unsigned found = 0;
	const char *p;

	for (p = text; p && *p; p = next_line(p)) {
		uint64_t total;

		if (!strncmp(p, "some ", 5) && line_total(p + 5, &total)) {
			*some = total;
			found |= CGROUP_PSI_SOME;
		} else if (!strncmp(p, "full ", 5) && line_total(p + 5, &total)) {
			*full = total;
			found |= CGROUP_PSI_FULL;
		}
	}
	return found;
}

int
cgroup_parse_value(const char *text, uint64_t *ret)
{
	const char *p = text + strspn(text, " \t");
	uint64_t v;

	if (!strncmp(p, "max", 3)) {
		v = UINT64_MAX;
		p += 3;
	} else if (parse_u64(&p, &v) < 0) {
		return -EINVAL;
	}
	if (p[strspn(p, " \t\n")] != '\0')
		return -EINVAL;
	*ret = v;
	return 0;
}

/*
 * v1 has no "max": an unlimited counter is PAGE_COUNTER_MAX pages
 * (LONG_MAX / PAGE_SIZE) in bytes, 9223372036854771712 with 4 KiB pages,
 * less with bigger pages, and a limit written above it is cut to it. No
 * limit that large can bind, so all from 2^62 (4 EiB) up read as "max".
 */
#define V1_UNLIMITED_FROM (UINT64_C(1) << 62)

int
cgroup_parse_v1_limit(const char *text, uint64_t *ret)
{
	uint64_t v;

	if (cgroup_parse_value(text, &v) < 0)
		return -EINVAL;
	*ret = v >= V1_UNLIMITED_FROM ? UINT64_MAX : v;
	return 0;
}

bool
cgroup_has_controller(const char *text, const char *name)
{
	size_t len = strlen(name);
	const char *p = text;

	while (*(p += strspn(p, " \t\n"))) {
		size_t word = strcspn(p, " \t\n");

		if (word == len && !memcmp(p, name, len))
			return true;
		p += word;
	}
	return false;
}

/* ------------------------------------------------------------------------- */
/* Reading one cgroup */

/* read() into buf (of size bytes), retried on EINTR. */
static ssize_t
read_some(int fd, char *buf, size_t size)
{
	ssize_t r;

	do
		r = read(fd, buf, size);
	while (r < 0 && errno == EINTR);
	return r;
}

/*
 * Hands the whole lines of the file name of directory dfd to fn, in runs
 * that fit the buffer; a line longer than the buffer is handed cut. A
 * short read ends the file: kernfs fills a read as far as the file goes,
 * so a small file costs one read(). Returns 0 or -errno.
 */
static int
read_lines(int dfd, const char *name, void (*fn)(const char *, struct ext_cgroup *),
           struct ext_cgroup *cg)
{
	char buf[FILE_BUF];
	size_t len = 0;        /* bytes kept in buf: the start of a line */
	bool skipping = false; /* dropping the rest of a line too long for buf */
	int fd = openat(dfd, name, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	for (;;) {
		size_t room = sizeof(buf) - 1 - len;
		ssize_t r = read_some(fd, buf + len, room);
		bool end = r >= 0 && (size_t) r < room;
		char *nl;

		if (r < 0) {
			int err = -errno;

			close(fd);
			return err;
		}
		len += (size_t) r;
		if (skipping) {
			nl = memchr(buf, '\n', len);
			skipping = !nl;
			if (nl) {
				len -= (size_t) (nl + 1 - buf);
				memmove(buf, nl + 1, len);
			} else {
				len = 0;
			}
		}
		buf[len] = '\0';
		if (end) {
			if (len)
				fn(buf, cg);
			break;
		}
		nl = memrchr(buf, '\n', len);
		if (nl) {
			size_t whole = (size_t) (nl + 1 - buf);
			char kept = buf[whole];

			buf[whole] = '\0';
			fn(buf, cg);
			buf[whole] = kept;
			len -= whole;
			memmove(buf, buf + whole, len);
		} else if (len) {
			/* One line fills buf: its start counts, the rest is dropped. */
			fn(buf, cg);
			len = 0;
			skipping = true;
		}
	}
	close(fd);
	return 0;
}

/* One-value file name of dfd through parse into *ret. Returns true when it was there and parsed. */
static bool
read_parsed(int dfd, const char *name, int (*parse)(const char *, uint64_t *), uint64_t *ret)
{
	char buf[64];
	ssize_t r = sysroot_read_once_at(dfd, name, buf, sizeof(buf) - 1, NULL);

	if (r < 0)
		return false;
	buf[r] = '\0';
	return parse(buf, ret) == 0;
}

static bool
read_value(int dfd, const char *name, uint64_t *ret)
{
	return read_parsed(dfd, name, cgroup_parse_value, ret);
}

/* The three pressure files: where each goes and what it means. */
struct psi_file {
	const char *name;
	size_t some, full; /* offsets in struct ext_cgroup */
	uint32_t some_bit, full_bit;
};

// clang-format off
static const struct psi_file psi_files[] = {
	{"cpu.pressure", offsetof(struct ext_cgroup, psi_cpu_some),
	 offsetof(struct ext_cgroup, psi_cpu_full), EXT_CG_PSI_CPU, EXT_CG_PSI_CPUF},
	{"memory.pressure", offsetof(struct ext_cgroup, psi_mem_some),
	 offsetof(struct ext_cgroup, psi_mem_full), EXT_CG_PSI_MEM, 0},
	{"io.pressure", offsetof(struct ext_cgroup, psi_io_some),
	 offsetof(struct ext_cgroup, psi_io_full), EXT_CG_PSI_IO, 0},
};
// clang-format on

static void
read_pressure(int dfd, const struct psi_file *f, struct ext_cgroup *cg)
{
	char buf[512];
	ssize_t r = sysroot_read_once_at(dfd, f->name, buf, sizeof(buf) - 1, NULL);
	unsigned found;

	if (r < 0)
		return;
	buf[r] = '\0';
	found = cgroup_parse_pressure(buf, field(cg, f->some), field(cg, f->full));
	/* memory and io always have "full": their bit stands for "some". */
	if (found & CGROUP_PSI_SOME)
		cg->present |= f->some_bit;
	if (found & CGROUP_PSI_FULL)
		cg->present |= f->full_bit;
}

/* The files of the cgroup directory dfd into cg. */
static void
read_cgroup(int dfd, struct ext_cgroup *cg)
{
	size_t i;

	(void) read_lines(dfd, "cpu.stat", cgroup_parse_cpu_stat, cg);
	/*
	 * Without memory.current the memory controller is off here (or this
	 * is the root): its other files are not there either.
	 */
	if (read_value(dfd, "memory.current", &cg->mem_current)) {
		cg->present |= EXT_CG_MEM;
		if (read_value(dfd, "memory.max", &cg->mem_max))
			cg->present |= EXT_CG_MEMMAX;
		if (read_value(dfd, "memory.swap.current", &cg->swap_current))
			cg->present |= EXT_CG_SWAP;
		if (read_lines(dfd, "memory.events", cgroup_parse_memory_events, cg) == 0)
			cg->present |= EXT_CG_MEMEVENTS;
	}
	if (read_lines(dfd, "io.stat", cgroup_parse_io_stat, cg) == 0)
		cg->present |= EXT_CG_IO;
	for (i = 0; i < N_KEYS(psi_files); i++)
		read_pressure(dfd, &psi_files[i], cg);
}

/*
 * The memory files of the v1 cgroup directory dfd into cg
 * (cgroup-v1/memory.rst): usage and limit stand for memory.current and
 * memory.max. failcnt, the times a charge hit the limit, is the nearest v1
 * count to memory.events "max" (the times usage was about to go over
 * it); high, oom and the swap events have none and stay 0. Both counts
 * are of this cgroup alone: v1_sum_subtrees() makes them hierarchical.
 */
static void
read_v1_cgroup(int dfd, struct ext_cgroup *cg)
{
	if (read_value(dfd, "memory.usage_in_bytes", &cg->mem_current))
		cg->present |= EXT_CG_MEM;
	if (read_parsed(dfd, "memory.limit_in_bytes", cgroup_parse_v1_limit, &cg->mem_max))
		cg->present |= EXT_CG_MEMMAX;
	(void) read_lines(dfd, "memory.oom_control", cgroup_parse_oom_control, cg);
	/* Without the oom_kill line the events are absent: failcnt alone would read as no kills. */
	if (cg->present & EXT_CG_MEMEVENTS)
		(void) read_value(dfd, "memory.failcnt", &cg->ev_max);
}

/* ------------------------------------------------------------------------- */
/* The walk */

struct walk {
	struct ext_cgroup **items;
	uint32_t *n;
	size_t *cap;
	unsigned max_depth;
	int err;                                      /* -ENOMEM once memory ran out */
	void (*read)(int dfd, struct ext_cgroup *cg); /* the files of one cgroup */
};

/* Names of subdirectories, malloc'd, in a growable array. */
struct names {
	char **v;
	size_t n, cap;
};

static void
names_release(struct names *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static int
names_add(struct names *s, const char *name)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 16;
		char **v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n] = strdup(name);
	if (!s->v[s->n])
		return -ENOMEM;
	s->n++;
	return 0;
}

static int
compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

/* True when entry e of directory dfd is a directory (not following symlinks). */
static bool
is_subdir(int dfd, const struct sysroot_dirent *e)
{
	struct stat st;

	if (e->type != DT_UNKNOWN)
		return e->type == DT_DIR;
	return fstatat(dfd, e->name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
}

/* The subdirectories of dfd, sorted. Returns 0 or -ENOMEM (a listing error ends the list). */
static int
list_subdirs(int dfd, struct names *ret)
{
	_Alignas(8) char dents[8192];
	ssize_t len;

	while ((len = getdents64(dfd, dents, sizeof(dents))) > 0) {
		size_t pos = 0;

		while (pos < (size_t) len) {
			const struct sysroot_dirent *e = (const struct sysroot_dirent *) (dents + pos);

			pos += e->reclen;
			if (!strcmp(e->name, ".") || !strcmp(e->name, "..") || !is_subdir(dfd, e))
				continue;
			if (names_add(ret, e->name) < 0)
				return -ENOMEM;
		}
	}
	if (ret->n > 1)
		qsort(ret->v, ret->n, sizeof(*ret->v), compare_names);
	return 0;
}

/* A new zeroed item at the end of the list, or NULL (the cap, or -ENOMEM in w->err). */
static struct ext_cgroup *
new_item(struct walk *w)
{
	struct ext_cgroup *cg;

	if (*w->n >= COLLECT_CGROUP_MAX)
		return NULL;
	if (*w->n == *w->cap) {
		size_t cap = *w->cap ? *w->cap * 2 : 64;
		struct ext_cgroup *v = realloc(*w->items, cap * sizeof(*v));

		if (!v) {
			w->err = -ENOMEM;
			return NULL;
		}
		*w->items = v;
		*w->cap = cap;
	}
	cg = &(*w->items)[(*w->n)++];
	memset(cg, 0, sizeof(*cg));
	return cg;
}

static void visit(struct walk *w, int dfd, const char *path, unsigned level);

/* dir + "/" + name into out, truncated at EXT_CG_PATH_LEN - 1 bytes (dir is no longer than that).
 */
static void
join_path(char out[EXT_CG_PATH_LEN], const char *dir, const char *name)
{
	size_t d = strlen(dir), len = strlen(name);

	memcpy(out, dir, d);
	if (d < EXT_CG_PATH_LEN - 1)
		out[d++] = '/';
	if (len > EXT_CG_PATH_LEN - 1 - d)
		len = EXT_CG_PATH_LEN - 1 - d;
	memcpy(out + d, name, len);
	out[d + len] = '\0';
}

/* The children of dfd (at level + 1), in name order. */
static void
visit_children(struct walk *w, int dfd, const char *path, unsigned level)
{
	struct names sub = {0};
	size_t i;

	if (list_subdirs(dfd, &sub) < 0)
		w->err = -ENOMEM;
	for (i = 0; i < sub.n && !w->err && *w->n < COLLECT_CGROUP_MAX; i++) {
		char child[EXT_CG_PATH_LEN];
		int fd = openat(dfd, sub.v[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

		/* Removed since the listing: left out. */
		if (fd < 0)
			continue;
		join_path(child, level ? path : "", sub.v[i]);
		visit(w, fd, child, level + 1);
		close(fd);
	}
	names_release(&sub);
}

/* The cgroup of directory dfd (at level), then its children. */
static void
visit(struct walk *w, int dfd, const char *path, unsigned level)
{
	struct ext_cgroup *cg = new_item(w);

	if (!cg)
		return;
	cg->depth = level;
	memcpy(cg->path, path, strlen(path) + 1);
	w->read(dfd, cg);
	if (level < w->max_depth)
		visit_children(w, dfd, path, level);
}

/* The root of the unified hierarchy under root, opened, or -ENOENT. */
static int
open_unified(const struct sysroot *root)
{
	static const char *const dirs[] = {"sys/fs/cgroup", "sys/fs/cgroup/unified"};
	size_t i;

	for (i = 0; i < N_KEYS(dirs); i++) {
		int fd = openat(root->dirfd, dirs[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		struct stat st;

		if (fd < 0)
			continue;
		if (fstatat(fd, "cgroup.controllers", &st, 0) == 0)
			return fd;
		close(fd);
	}
	return -ENOENT;
}

/* True when the unified root dfd has the memory controller (cgroup.controllers names it). */
static bool
unified_has_memory(int dfd)
{
	char buf[512];
	ssize_t r = sysroot_read_once_at(dfd, "cgroup.controllers", buf, sizeof(buf) - 1, NULL);

	if (r < 0)
		return false;
	buf[r] = '\0';
	return cgroup_has_controller(buf, "memory");
}

/* The root of a v1 memory hierarchy under root, opened, or -ENOENT. */
static int
open_v1_memory(const struct sysroot *root)
{
	int fd = openat(root->dirfd, "sys/fs/cgroup/memory", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct stat st;

	if (fd < 0)
		return -ENOENT;
	/* A v2 cgroup named "memory" has no v1 file. */
	if (fstatat(fd, "memory.usage_in_bytes", &st, 0) == 0)
		return fd;
	close(fd);
	return -ENOENT;
}

/*
 * v1 counts failcnt and oom_kill in the one cgroup where they happen;
 * memory.events counts them in every ancestor too, and sar --use reads
 * ev_oom_kill so (a parent's kills hold its children's). Gives each of
 * the n cgroups (pre-order, with depths) the sums over its subtree.
 * Backwards, a cgroup's descendants are all behind it: below[d] gathers
 * the subtrees at depth d until their parent takes them.
 */
static void
v1_sum_subtrees(struct ext_cgroup *items, uint32_t n)
{
	uint64_t below[COLLECT_CGROUP_DEPTH_MAX + 2][2] = {{0}};
	uint32_t i = n;

	while (i--) {
		struct ext_cgroup *cg = &items[i];
		unsigned d = cg->depth;

		cg->ev_max = add_sat(cg->ev_max, below[d + 1][0]);
		cg->ev_oom_kill = add_sat(cg->ev_oom_kill, below[d + 1][1]);
		below[d + 1][0] = below[d + 1][1] = 0;
		below[d][0] = add_sat(below[d][0], cg->ev_max);
		below[d][1] = add_sat(below[d][1], cg->ev_oom_kill);
	}
}

/* Drops the cgroups deeper than max_depth, keeping the order. Returns the count left. */
static uint32_t
drop_deeper(struct ext_cgroup *items, uint32_t n, unsigned max_depth)
{
	uint32_t i, kept = 0;

	for (i = 0; i < n; i++)
		if (items[i].depth <= max_depth) {
			if (kept != i)
				items[kept] = items[i];
			kept++;
		}
	return kept;
}

static int
char_rank(char c)
{
	return c == '\0' ? 0 : c == '/' ? 1 : (unsigned char) c + 1;
}

/*
 * The walk's order: pre-order, siblings by strcmp. That is the paths
 * compared name by name, so '/' (the end of a name) sorts before any byte
 * but the end of the path: "/a" < "/a/b" < "/a-b".
 */
static int
path_cmp(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return char_rank(*a) - char_rank(*b);
}

/* The v1 memory fields of from into to, a v2 cgroup (which has none: no controller). */
static void
take_v1(struct ext_cgroup *to, const struct ext_cgroup *from)
{
	to->mem_current = from->mem_current;
	to->mem_max = from->mem_max;
	to->ev_max = from->ev_max;
	to->ev_oom_kill = from->ev_oom_kill;
	to->present |= from->present;
}

/*
 * The v2 list of *n with the v1 cgroups only v1 has inserted where the
 * walk would have met them, cut at COLLECT_CGROUP_MAX, replacing *items.
 * merge_v1() has filled the paths in both. Returns 0 or -ENOMEM.
 */
static int
insert_v1(struct ext_cgroup **items, uint32_t *n, size_t *cap, const struct ext_cgroup *v1,
          uint32_t n1, uint32_t extra)
{
	size_t total = (size_t) *n + extra, k = 0;
	struct ext_cgroup *out, *v2 = *items;
	uint32_t i = 0, j;

	if (total > COLLECT_CGROUP_MAX)
		total = COLLECT_CGROUP_MAX;
	out = malloc(total * sizeof(*out));
	if (!out)
		return -ENOMEM;
	for (j = 0; j < n1 && k < total; j++) {
		while (i < *n && k < total && path_cmp(v2[i].path, v1[j].path) < 0)
			out[k++] = v2[i++];
		if (k == total)
			break;
		out[k++] = i < *n && !path_cmp(v2[i].path, v1[j].path) ? v2[i++] : v1[j];
	}
	while (i < *n && k < total)
		out[k++] = v2[i++];
	free(*items);
	*items = out;
	*cap = total;
	*n = (uint32_t) total;
	return 0;
}

/*
 * The n1 v1 cgroups into the *n of the v2 walk, both in path_cmp order: a
 * path in both fills the v2 item (systemd makes its cgroups in every
 * hierarchy), a path only in v1 (made there alone) becomes an item of its
 * own. Returns 0 or -ENOMEM.
 */
static int
merge_v1(struct ext_cgroup **items, uint32_t *n, size_t *cap, const struct ext_cgroup *v1,
         uint32_t n1)
{
	uint32_t i = 0, j, extra = 0;

	for (j = 0; j < n1; j++) {
		while (i < *n && path_cmp((*items)[i].path, v1[j].path) < 0)
			i++;
		if (i < *n && !path_cmp((*items)[i].path, v1[j].path))
			take_v1(&(*items)[i++], &v1[j]);
		else
			extra++;
	}
	return extra ? insert_v1(items, n, cap, v1, n1, extra) : 0;
}

/*
 * The v1 memory hierarchy under root into the *n cgroups of the v2 walk.
 * Walked whole, so that the counts of cgroups deeper than max_depth reach
 * their ancestors: memcg ids are 16 bits (MEM_CGROUP_ID_MAX), so the
 * COLLECT_CGROUP_MAX cap holds any v1 tree. The root keeps the v2 shape,
 * no memory fields: its files describe the whole machine (/proc/meminfo).
 * Returns 0, -ENOENT (no v1 memory hierarchy) or -ENOMEM.
 */
static int
add_v1_memory(const struct sysroot *root, unsigned max_depth, struct ext_cgroup **items,
              uint32_t *n, size_t *cap)
{
	static const struct ext_cgroup v1_root = {.path = "/"};
	struct ext_cgroup *v1 = NULL;
	uint32_t n1 = 0;
	size_t cap1 = 0;
	struct walk w = {&v1, &n1, &cap1, COLLECT_CGROUP_DEPTH_MAX, 0, read_v1_cgroup};
	int fd = open_v1_memory(root);

	if (fd < 0)
		return fd;
	visit(&w, fd, "/", 0);
	close(fd);
	if (!w.err && n1) {
		v1_sum_subtrees(v1, n1);
		n1 = drop_deeper(v1, n1, max_depth);
		v1[0] = v1_root;
		w.err = merge_v1(items, n, cap, v1, n1);
	}
	free(v1);
	return w.err;
}

int
collect_cgroup(const struct sysroot *root, unsigned depth, struct ext_cgroup **items, uint32_t *n,
               size_t *cap)
{
	struct walk w = {items, n, cap, depth, 0, read_cgroup};
	int fd = open_unified(root);
	int rc;

	*n = 0;
	if (w.max_depth > COLLECT_CGROUP_DEPTH_MAX)
		w.max_depth = COLLECT_CGROUP_DEPTH_MAX;
	if (fd >= 0) {
		bool memory = unified_has_memory(fd);

		visit(&w, fd, "/", 0);
		close(fd);
		/* v2's memory controller: v1 has no memory hierarchy to add. */
		if (w.err || memory)
			goto out;
	}
	rc = add_v1_memory(root, w.max_depth, items, n, cap);
	if (rc != -ENOENT)
		w.err = rc;
	else if (fd < 0)
		return -ENOENT;
out:
	if (w.err)
		*n = 0;
	return w.err;
}
