/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The process collector (sadc -S PROCESS). Kernel documents:
 * Documentation/filesystems/proc.rst (table 1-4: /proc/PID/stat; 3.3:
 * /proc/PID/io), Documentation/admin-guide/cgroup-v2.rst (/proc/PID/cgroup),
 * Documentation/accounting/delay-accounting.rst (kernel.task_delayacct).
 *
 * Cost is what matters here: a sample reads six files of every process
 * and lists its fd/ directory. smaps (the stack) is read apart, for the
 * processes asked: the kernel walks the page tables of every mapping to
 * write it, which made a sample of every process four times as costly.
 * Each is opened, read once into a stack buffer and closed (a procfs file
 * gives all it has to one read), relative to the root's directory; items
 * live in one array the caller keeps from sample to sample.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect_proc.h"
#include "common/strbuf.h"
#include "common/banned.h"

#define PF_KTHREAD 0x00200000u /* include/linux/sched.h */

/* Buffers: stat holds 52 numbers and a comm of up to 64 bytes (kworker names). */
#define STAT_BUF   2048
#define IO_BUF     512
#define STATUS_BUF 4096
#define CGROUP_BUF 4096

/* ------------------------------------------------------------------------- */
/* Parsers */

/* Copies [s, s + len) into out (size bytes, len < size), non-printable bytes as '?'. */
static void
copy_printable(char *out, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char) s[i];

		out[i] = c >= 0x20 && c <= 0x7e ? (char) c : '?';
	}
	out[len] = '\0';
}

/*
 * The decimal digits at *p (before end) into *ret, saturating; leaves *ret
 * alone when there is none. Advances *p past them.
 */
static void
scan_u64(const char **p, const char *end, uint64_t *ret)
{
	const char *s = *p;
	uint64_t v = 0;

	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned) (*s - '0');

		v = v > (UINT64_MAX - d) / 10 ? UINT64_MAX : v * 10 + d;
	}
	if (s != *p)
		*ret = v;
	*p = s;
}

static uint32_t
clamp_u32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t) v;
}

/* Fills ret from the numeric fields 4 to 44 of stat (v[f] is field f). */
static void
store_stat_fields(const uint64_t *v, uint64_t page_kb, struct ext_proc *ret)
{
	ret->ppid = clamp_u32(v[4]);
	if (v[9] & PF_KTHREAD)
		ret->flags |= EXT_PF_KTHREAD;
	ret->minflt = v[10];
	ret->cminflt = v[11];
	ret->majflt = v[12];
	ret->cmajflt = v[13];
	ret->utime = v[14];
	ret->stime = v[15];
	ret->cutime = v[16];
	ret->cstime = v[17];
	ret->threads = clamp_u32(v[20]);
	ret->start_time = v[22];
	ret->vsz_kb = v[23] / 1024;
	ret->rss_kb = page_kb && v[24] > UINT64_MAX / page_kb ? UINT64_MAX : v[24] * page_kb;
	ret->processor = clamp_u32(v[39]);
	ret->rt_priority = clamp_u32(v[40]);
	ret->policy = clamp_u32(v[41]);
	ret->blkio_ticks = v[PROC_STAT_BLKIO_FIELD];
	ret->gtime = v[PROC_STAT_LAST_FIELD - 1];
	ret->cgtime = v[PROC_STAT_LAST_FIELD];
}

int
proc_parse_stat(const char *buf, size_t len, uint64_t page_kb, struct ext_proc *ret)
{
	uint64_t v[PROC_STAT_LAST_FIELD + 1] = {0};
	const char *lp, *rp, *p, *end = buf + len;
	size_t comm_len;
	int field = 2;

	lp = memchr(buf, '(', len);
	if (!lp)
		return -EINVAL;
	rp = memrchr(lp, ')', (size_t) (end - lp));
	if (!rp)
		return -EINVAL;
	comm_len = (size_t) (rp - lp - 1);
	if (comm_len > EXT_COMM_LEN - 1)
		comm_len = EXT_COMM_LEN - 1;
	copy_printable(ret->comm, lp + 1, comm_len);
	/* Fields are separated by one blank; a newline ends the line. */
	for (p = rp + 1; p < end && *p != '\n';) {
		if (*p == ' ') {
			p++;
			continue;
		}
		if (field < INT32_MAX)
			field++;
		if (field == 3)
			ret->state = (unsigned char) *p;
		else if (field <= PROC_STAT_LAST_FIELD)
			scan_u64(&p, end, &v[field]); /* a '-' (tty, tpgid) leaves 0 */
		while (p < end && *p != ' ' && *p != '\n')
			p++;
	}
	store_stat_fields(v, page_kb, ret);
	return field;
}

/* The value after key at the start of the line [p, line_end), if it is there. */
static bool
key_value(const char *p, const char *line_end, const char *key, uint64_t *ret)
{
	size_t klen = strlen(key);

	if ((size_t) (line_end - p) < klen || memcmp(p, key, klen) != 0)
		return false;
	p += klen;
	while (p < line_end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == line_end || *p < '0' || *p > '9')
		return false;
	scan_u64(&p, line_end, ret);
	return true;
}

/*
 * The values of the keys of a "Key: value" file (io, status) into *ret[k];
 * a missing key leaves its value. Returns a bit set of the keys found.
 */
static unsigned
parse_keys(const char *buf, size_t len, const char *const *keys, uint64_t *const *ret, size_t n)
{
	const char *p = buf, *end = buf + len;
	unsigned found = 0;
	size_t k;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t) (end - p));
		const char *line_end = nl ? nl : end;

		for (k = 0; k < n; k++) {
			if (key_value(p, line_end, keys[k], ret[k])) {
				found |= 1u << k;
				break;
			}
		}
		p = line_end + 1;
	}
	return found;
}

int
proc_parse_io(const char *buf, size_t len, uint64_t *ret_read, uint64_t *ret_write,
              uint64_t *ret_cancelled)
{
	static const char *const keys[] = {"read_bytes:", "write_bytes:", "cancelled_write_bytes:"};
	uint64_t *const ret[] = {ret_read, ret_write, ret_cancelled};

	return (parse_keys(buf, len, keys, ret, 3) & 3) == 3 ? 0 : -EINVAL;
}

int
proc_parse_status(const char *buf, size_t len, struct ext_proc *ret)
{
	static const char *const keys[] = {"Uid:", "voluntary_ctxt_switches:",
	                                   "nonvoluntary_ctxt_switches:"};
	uint64_t ruid = 0;
	uint64_t *const vals[] = {&ruid, &ret->nvcsw, &ret->nivcsw};
	unsigned found = parse_keys(buf, len, keys, vals, 3);

	ret->ruid = clamp_u32(ruid);
	return found == 7 ? 0 : -EINVAL;
}

int
proc_parse_schedstat(const char *buf, size_t len, uint64_t *ret)
{
	const char *p = buf, *end = buf + len;
	uint64_t v = 0;

	/* "on-cpu-ns run-delay-ns timeslices": the second number. */
	scan_u64(&p, end, &v);
	if (p == buf || p == end || *p != ' ')
		return -EINVAL;
	p++;
	if (p == end || *p < '0' || *p > '9')
		return -EINVAL;
	scan_u64(&p, end, ret);
	return 0;
}

void
proc_parse_cmdline(const char *buf, size_t len, char out[EXT_CMDLINE_LEN])
{
	size_t i;

	if (len > EXT_CMDLINE_LEN - 1)
		len = EXT_CMDLINE_LEN - 1;
	copy_printable(out, buf, len);
	for (i = 0; i < len; i++)
		if (buf[i] == '\0')
			out[i] = ' ';
	while (len > 0 && out[len - 1] == ' ')
		out[--len] = '\0';
}

bool
proc_parse_cgroup(const char *buf, size_t len, char out[EXT_CGPATH_LEN])
{
	const char *p = buf, *end = buf + len;

	out[0] = '\0';
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t) (end - p));
		const char *line_end = nl ? nl : end;
		size_t n = (size_t) (line_end - p);

		if (n >= 3 && !memcmp(p, "0::", 3)) {
			n -= 3;
			copy_printable(out, p + 3, n < EXT_CGPATH_LEN - 1 ? n : EXT_CGPATH_LEN - 1);
			return true;
		}
		p = line_end + 1;
	}
	return false;
}

/* Whether the line [p, end) heads a mapping ("start-end perms ..."): keys start with a capital. */
static bool
is_mapping_line(const char *p, const char *end)
{
	return p < end && ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f'));
}

/* Whether the mapping line [p, end) names the initial stack (its pathname field). */
static bool
is_stack_line(const char *p, const char *end)
{
	static const char name[] = " [stack]";
	size_t n = sizeof(name) - 1;

	return is_mapping_line(p, end) && (size_t) (end - p) >= n && !memcmp(end - n, name, n);
}

int
proc_parse_smaps_stack(const char *buf, size_t len, uint64_t *ret_size, uint64_t *ret_ref)
{
	static const char *const keys[] = {"Size:", "Referenced:"};
	const char *p = buf, *end = buf + len, *block = NULL;
	uint64_t *const vals[] = {ret_size, ret_ref};

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t) (end - p));
		const char *line_end = nl ? nl : end;

		if (block && is_mapping_line(p, line_end))
			break;
		if (!block && is_stack_line(p, line_end))
			block = line_end;
		p = line_end + 1;
	}
	if (!block)
		return -ENOENT;
	/* The keys of the [stack] mapping alone: up to the next mapping line. */
	parse_keys(block, (size_t) ((p < end ? p : end) - block), keys, vals, 2);
	return 0;
}

/* ------------------------------------------------------------------------- */
/* Reader */

/* What one collect_proc() call knows about the system. */
struct proc_ctx {
	int dirfd;        /* the root */
	uint64_t page_kb; /* page size in kB */
	int delayacct;    /* kernel.task_delayacct: 1 on, 0 off, -1 no such sysctl */
	const struct sysroot *root;
	struct strbuf *smaps; /* one buffer for every smaps of the call (they are large) */
};

static int
read_delayacct(int dirfd)
{
	char buf[16];
	ssize_t n = sysroot_read_once_at(dirfd, "proc/sys/kernel/task_delayacct", buf, sizeof(buf),
	                                 NULL);

	if (n == -ENOENT)
		return -1;
	return n > 0 && buf[0] == '1';
}

/* The entries of the directory path (fd/) named by a digit into *ret; -errno when unreadable. */
static int
count_fds(int dirfd, const char *path, uint32_t *ret)
{
	int fd = openat(dirfd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct dirent *e;
	uint32_t n = 0;
	DIR *d;

	if (fd < 0)
		return -errno;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -ENOMEM;
	}
	while ((e = readdir(d)))
		if (e->d_name[0] >= '0' && e->d_name[0] <= '9')
			n++;
	closedir(d);
	*ret = n;
	return 0;
}

/* The pid of a /proc entry, false when the name is not one (self, stat, ...). */
static bool
pid_of(const char *name, uint32_t *ret)
{
	const char *p = name, *end = name + strlen(name);
	uint64_t v = 0;

	if (p == end || end - p > 10)
		return false;
	scan_u64(&p, end, &v);
	if (p != end || v > UINT32_MAX)
		return false;
	*ret = (uint32_t) v;
	return true;
}

/*
 * Reads the process whose directory is path[0, dir_len) ("proc/PID/",
 * room after it for a file name) into it (zeroed). Returns false when it
 * is gone or its stat cannot be had.
 */
static bool
read_basic(const struct proc_ctx *c, char *path, size_t dir_len, struct ext_proc *it)
{
	char buf[CGROUP_BUF];
	struct stat st;
	ssize_t n;
	int fields;

	/*
	 * The owner of /proc/PID, from the open stat file: procfs gives every
	 * file of the directory the directory's owner (the task's euid, root
	 * for a non-dumpable task), and fstat() spares a path lookup.
	 */
	memcpy(path + dir_len, "stat", 5);
	n = sysroot_read_once_at(c->dirfd, path, buf, STAT_BUF, &st);
	if (n <= 0)
		return false;
	it->uid = (uint32_t) st.st_uid;
	fields = proc_parse_stat(buf, (size_t) n, c->page_kb, it);
	if (fields < 3)
		return false;
	if (c->delayacct == 1 || (c->delayacct < 0 && fields >= PROC_STAT_BLKIO_FIELD))
		it->flags |= EXT_PF_DELAYACCT;

	memcpy(path + dir_len, "io", 3);
	n = sysroot_read_once_at(c->dirfd, path, buf, IO_BUF, NULL);
	if (n > 0 && proc_parse_io(buf, (size_t) n, &it->read_bytes, &it->write_bytes,
	                           &it->cancelled_write_bytes) == 0)
		it->flags |= EXT_PF_IO;
	else
		it->read_bytes = it->write_bytes = it->cancelled_write_bytes = 0;
	return true;
}

/*
 * The [stack] mapping of smaps. The costliest file of a process: the
 * kernel walks the page tables of every mapping to write it. A kernel
 * thread has no mappings (its smaps is empty): spare the read.
 */
static void
read_stack(const struct proc_ctx *c, char *path, size_t dir_len, struct ext_proc *it)
{
	uint64_t size = 0, ref = 0;

	if (!(it->flags & EXT_PF_KTHREAD)) {
		memcpy(path + dir_len, "smaps", 6);
		if (sysroot_read(c->root, path, c->smaps) < 0)
			return;
		proc_parse_smaps_stack(c->smaps->buf, c->smaps->len, &size, &ref);
	}
	it->stack_kb = clamp_u32(size);
	it->stack_ref_kb = clamp_u32(ref);
	it->flags |= EXT_PF_STACK;
}

/* status and schedstat: what a thread has of its own besides stat and io. */
static void
read_sched_status(const struct proc_ctx *c, char *path, size_t dir_len, struct ext_proc *it)
{
	char buf[STATUS_BUF];
	ssize_t n;

	memcpy(path + dir_len, "status", 7);
	n = sysroot_read_once_at(c->dirfd, path, buf, STATUS_BUF, NULL);
	if (n > 0 && proc_parse_status(buf, (size_t) n, it) == 0)
		it->flags |= EXT_PF_STATUS;

	memcpy(path + dir_len, "schedstat", 10);
	n = sysroot_read_once_at(c->dirfd, path, buf, IO_BUF, NULL);
	if (n > 0 && proc_parse_schedstat(buf, (size_t) n, &it->run_delay_ns) == 0)
		it->flags |= EXT_PF_SCHED;
}

/* The files of the process at path[0, dir_len) that ranking does not need (status, ...). */
static void
read_details(const struct proc_ctx *c, char *path, size_t dir_len, struct ext_proc *it)
{
	char buf[CGROUP_BUF];
	ssize_t n;

	read_sched_status(c, path, dir_len, it);

	memcpy(path + dir_len, "fd", 3);
	if (count_fds(c->dirfd, path, &it->fd_nr) == 0)
		it->flags |= EXT_PF_FD;

	/* A kernel thread has no command line: spare the read. */
	if (!(it->flags & EXT_PF_KTHREAD)) {
		memcpy(path + dir_len, "cmdline", 8);
		n = sysroot_read_once_at(c->dirfd, path, buf, EXT_CMDLINE_LEN - 1, NULL);
		if (n > 0)
			proc_parse_cmdline(buf, (size_t) n, it->cmdline);
	}

	memcpy(path + dir_len, "cgroup", 7);
	n = sysroot_read_once_at(c->dirfd, path, buf, CGROUP_BUF, NULL);
	if (n > 0 && proc_parse_cgroup(buf, (size_t) n, it->cgroup))
		it->flags |= EXT_PF_CGROUP;
}

/* Makes room for one more item. Returns 0 or -ENOMEM. */
static int
reserve_one(struct ext_proc **items, uint32_t n, size_t *cap)
{
	struct ext_proc *p;
	size_t want;

	if (n < *cap)
		return 0;
	want = *cap ? *cap * 2 : 256;
	p = realloc(*items, want * sizeof(**items));
	if (!p)
		return -ENOMEM;
	*items = p;
	*cap = want;
	return 0;
}

static int
by_pid(const void *a, const void *b)
{
	uint32_t x = ((const struct ext_proc *) a)->pid, y = ((const struct ext_proc *) b)->pid;

	return (x > y) - (x < y);
}

/* "proc/PID/" into path (room for a file name after it); returns its length. */
static size_t
proc_dir(char *path, const char *name, size_t len)
{
	memcpy(path, "proc/", 5);
	memcpy(path + 5, name, len);
	path[5 + len] = '/';
	return 6 + len;
}

static int
collect(const struct sysroot *root, bool details, struct ext_proc **items, uint32_t *n,
        size_t *cap)
{
	struct proc_ctx c = {root->dirfd, 4, 0, root, NULL};
	struct sysroot_dir dir;
	const char *name;
	bool sorted = true;
	long page = sysconf(_SC_PAGESIZE);
	int rc;

	*n = 0;
	if (page >= 1024)
		c.page_kb = (uint64_t) page / 1024;
	rc = sysroot_dir_open(root, "proc", &dir);
	if (rc < 0) {
		sysroot_dir_close(&dir);
		return rc;
	}
	rc = 0;
	c.delayacct = read_delayacct(root->dirfd);
	while ((name = sysroot_dir_next(&dir))) {
		char path[32];
		size_t len = strlen(name);
		uint32_t pid;
		struct ext_proc *it;

		if (!pid_of(name, &pid))
			continue;
		if (reserve_one(items, *n, cap) < 0) {
			*n = 0;
			rc = -ENOMEM;
			break;
		}
		/* "proc/" + at most 10 digits + "/" + "schedstat" + NUL fits. */
		len = proc_dir(path, name, len);
		it = &(*items)[*n];
		memset(it, 0, sizeof(*it));
		if (!read_basic(&c, path, len, it))
			continue;
		if (details)
			read_details(&c, path, len, it);
		it->pid = pid;
		if (*n > 0 && (*items)[*n - 1].pid > pid)
			sorted = false;
		(*n)++;
	}
	sysroot_dir_close(&dir);
	if (!sorted)
		qsort(*items, *n, sizeof(**items), by_pid);
	return rc;
}

int
collect_proc(const struct sysroot *root, struct ext_proc **items, uint32_t *n, size_t *cap)
{
	return collect(root, true, items, n, cap);
}

int
collect_proc_basic(const struct sysroot *root, struct ext_proc **items, uint32_t *n, size_t *cap)
{
	return collect(root, false, items, n, cap);
}

void
collect_proc_details(const struct sysroot *root, struct ext_proc *items, uint32_t n)
{
	struct proc_ctx c = {root->dirfd, 0, 0, root, NULL};
	uint32_t i;

	for (i = 0; i < n; i++) {
		char name[16], path[32];
		size_t len = (size_t) snprintf(name, sizeof(name), "%u", items[i].pid);

		read_details(&c, path, proc_dir(path, name, len), &items[i]);
	}
}

void
collect_proc_stacks(const struct sysroot *root, struct ext_proc *items, uint32_t n)
{
	struct strbuf smaps = STRBUF_INIT;
	struct proc_ctx c = {root->dirfd, 0, 0, root, &smaps};
	uint32_t i;

	for (i = 0; i < n; i++) {
		char name[16], path[32];
		size_t len = (size_t) snprintf(name, sizeof(name), "%u", items[i].pid);

		read_stack(&c, path, proc_dir(path, name, len), &items[i]);
	}
	strbuf_release(&smaps);
}

/* ------------------------------------------------------------------------- */
/* Threads */

/*
 * The thread whose directory is path[0, dir_len) ("proc/PID/task/TID/")
 * of process p into it (zeroed): stat, io, status and schedstat of its
 * own. The rest is the process's and taken from p, not read again: the
 * command line and the stack mapping (one address space: since Linux 4.5
 * every task's smaps names the process's initial stack [stack]), the
 * descriptors (one table, unless a thread unshared it) and the cgroup
 * (one, outside threaded cgroups). Returns false when it is gone.
 */
static bool
read_thread(const struct proc_ctx *c, const struct ext_proc *p, char *path, size_t dir_len,
            struct ext_proc *it)
{
	const uint32_t shared = EXT_PF_FD | EXT_PF_CGROUP | EXT_PF_STACK;

	if (!read_basic(c, path, dir_len, it))
		return false;
	read_sched_status(c, path, dir_len, it);
	it->flags |= p->flags & shared;
	it->fd_nr = p->fd_nr;
	it->stack_kb = p->stack_kb;
	it->stack_ref_kb = p->stack_ref_kb;
	memcpy(it->cmdline, p->cmdline, sizeof(it->cmdline));
	memcpy(it->cgroup, p->cgroup, sizeof(it->cgroup));
	it->tgid = p->pid;
	return true;
}

/* The threads of process p appended to *items (*n of them so far), in TID order. */
static int
collect_threads_of(const struct proc_ctx *c, const struct ext_proc *p, struct ext_proc **items,
                   uint32_t *n, size_t *cap)
{
	uint32_t first = *n, tid;
	struct sysroot_dir dir;
	const char *name;
	char path[64];
	int rc = 0;

	snprintf(path, sizeof(path), "proc/%u/task", p->pid);
	if (sysroot_dir_open(c->root, path, &dir) < 0) {
		sysroot_dir_close(&dir);
		return 0;
	}
	while ((name = sysroot_dir_next(&dir))) {
		/* "proc/" + 10 digits + "/task/" + 10 digits + "/schedstat" + NUL fits. */
		int len = snprintf(path, sizeof(path), "proc/%u/task/%s/", p->pid, name);

		if (!pid_of(name, &tid) || len < 0 || (size_t) len > sizeof(path) - 16)
			continue;
		if (reserve_one(items, *n, cap) < 0) {
			rc = -ENOMEM;
			break;
		}
		memset(&(*items)[*n], 0, sizeof(**items));
		if (!read_thread(c, p, path, (size_t) len, &(*items)[*n]))
			continue;
		(*items)[(*n)++].pid = tid;
	}
	sysroot_dir_close(&dir);
	qsort(*items + first, *n - first, sizeof(**items), by_pid);
	return rc;
}

int
collect_threads(const struct sysroot *root, const struct ext_proc *procs, uint32_t n_procs,
                struct ext_proc **items, uint32_t *n, size_t *cap)
{
	struct proc_ctx c = {root->dirfd, 4, 0, root, NULL};
	long page = sysconf(_SC_PAGESIZE);
	uint32_t i;
	int rc = 0;

	*n = 0;
	if (page >= 1024)
		c.page_kb = (uint64_t) page / 1024;
	c.delayacct = read_delayacct(root->dirfd);
	for (i = 0; i < n_procs && rc == 0; i++)
		rc = collect_threads_of(&c, &procs[i], items, n, cap);
	if (rc < 0)
		*n = 0;
	return rc;
}
