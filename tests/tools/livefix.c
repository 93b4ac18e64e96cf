/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * livefix.so: an LD_PRELOAD library for the tests (never installed) that runs
 * a live tool (iostat, mpstat, pidstat, cifsiostat, tapestat: Debian's or
 * ours) over a fixed sequence of snapshots of /proc, /sys and /dev, with a
 * pinned clock, so that two programs see the same machine and their outputs
 * can be compared byte for byte. tests/live.md describes it in full; in
 * short, from the environment:
 *
 *   LIVEFIX_SEQ=DIR       DIR/0, DIR/1, ... are the snapshot roots; 0 is
 *                         current at start. Unset: the shim does nothing.
 *   LIVEFIX_EPOCH=T       the clock at start when a snapshot has no
 *                         .livefix/time (default: DIR/.livefix/epoch, else
 *                         1764835200).
 *   LIVEFIX_SIGINT_AT=K   the K-th wait (1-based) is a Ctrl-C.
 *   LIVEFIX_PID=N         what getpid() answers (and /proc/self when the
 *                         snapshot has none).
 *
 * Paths under /proc, /sys and /dev go to DIR/<cur>/ (missing there: ENOENT);
 * under /etc and /run, to the snapshot when the file is there. Directories
 * of the snapshot list in a fixed order (_list, else strverscmp). A wait
 * (pause, sigsuspend, sleep, nanosleep...) moves to the next snapshot and
 * advances the clock by what was waited for, firing the alarm; after the
 * last snapshot a wait is a SIGINT, and the third such wait exits 99.
 *
 * Built without sanitizers. In front of an ASan program, put the ASan
 * runtime first in LD_PRELOAD (or set ASAN_OPTIONS=verify_asan_link_order=0,
 * as tests/tools/live_run.sh does).
 */
#undef _FORTIFY_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

#include "common/banned.h"

_Static_assert(sizeof(struct dirent) == sizeof(struct dirent64), "dirent and dirent64 differ");
_Static_assert(sizeof(struct stat) == sizeof(struct stat64), "stat and stat64 differ");

#define LF_NS 1000000000LL
#define LF_MAX_LINKS 40
#define LF_TIMERS 5 /* slot 0: alarm and ITIMER_REAL; 1..4: timer_create */

/* The glibc entry points this file defines without a public prototype. */
int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags);
int __xstat(int ver, const char *path, struct stat *buf);
int __lxstat(int ver, const char *path, struct stat *buf);
int __fxstatat(int ver, int dirfd, const char *path, struct stat *buf, int flags);
int __xstat64(int ver, const char *path, struct stat64 *buf);
int __lxstat64(int ver, const char *path, struct stat64 *buf);
int __fxstatat64(int ver, int dirfd, const char *path, struct stat64 *buf, int flags);

/* ---- the real functions: the shim's own needs never go through itself ---- */

static void *
next_symbol(const char *name)
{
	void *p = dlsym(RTLD_NEXT, name);

	if (!p) {
		static const char msg[] = "livefix: a libc function is missing\n";

		(void)!write(2, msg, sizeof(msg) - 1);
		_exit(99);
	}
	return p;
}

/* The real function, looked up on first use. */
static void *
lf_sym(void **slot, const char *name)
{
	if (!*slot)
		*slot = next_symbol(name);
	return *slot;
}

#define REAL(name) ((__typeof__(real_##name))lf_sym((void **)&real_##name, #name))

static int (*real_openat)(int, const char *, int, ...);
static FILE *(*real_fopen)(const char *, const char *);
static FILE *(*real_fopen64)(const char *, const char *);
static FILE *(*real_freopen)(const char *, const char *, FILE *);
static FILE *(*real_freopen64)(const char *, const char *, FILE *);
static DIR *(*real_opendir)(const char *);
static DIR *(*real_fdopendir)(int);
static struct dirent *(*real_readdir)(DIR *);
static struct dirent64 *(*real_readdir64)(DIR *);
static int (*real_readdir_r)(DIR *, struct dirent *, struct dirent **);
static int (*real_readdir64_r)(DIR *, struct dirent64 *, struct dirent64 **);
static int (*real_closedir)(DIR *);
static void (*real_rewinddir)(DIR *);
static long (*real_telldir)(DIR *);
static void (*real_seekdir)(DIR *, long);
static int (*real_dirfd)(DIR *);
static int (*real_scandir)(const char *, struct dirent ***, int (*)(const struct dirent *),
			   int (*)(const struct dirent **, const struct dirent **));
static int (*real_scandir64)(const char *, struct dirent64 ***, int (*)(const struct dirent64 *),
			     int (*)(const struct dirent64 **, const struct dirent64 **));
static int (*real_scandirat)(int, const char *, struct dirent ***, int (*)(const struct dirent *),
			     int (*)(const struct dirent **, const struct dirent **));
static int (*real_fstatat)(int, const char *, struct stat *, int);
static int (*real_statx)(int, const char *, int, unsigned int, struct statx *);
static int (*real_faccessat)(int, const char *, int, int);
static ssize_t (*real_readlinkat)(int, const char *, char *, size_t);
static char *(*real_realpath)(const char *, char *);
static int (*real_chdir)(const char *);
static int (*real_close)(int);
static time_t (*real_time)(time_t *);
static int (*real_gettimeofday)(struct timeval *, void *);
static int (*real_clock_gettime)(clockid_t, struct timespec *);
static int (*real_timespec_get)(struct timespec *, int);
static unsigned int (*real_alarm)(unsigned int);
static int (*real_pause)(void);
static int (*real_sigsuspend)(const sigset_t *);
static unsigned int (*real_sleep)(unsigned int);
static int (*real_usleep)(useconds_t);
static int (*real_nanosleep)(const struct timespec *, struct timespec *);
static int (*real_clock_nanosleep)(clockid_t, int, const struct timespec *, struct timespec *);
static int (*real_setitimer)(__itimer_which_t, const struct itimerval *, struct itimerval *);
static int (*real_getitimer)(__itimer_which_t, struct itimerval *);
static int (*real_timer_create)(clockid_t, struct sigevent *, timer_t *);
static int (*real_timer_settime)(timer_t, int, const struct itimerspec *, struct itimerspec *);
static int (*real_timer_gettime)(timer_t, struct itimerspec *);
static int (*real_timer_delete)(timer_t);
static int (*real_timer_getoverrun)(timer_t);
static int (*real_select)(int, fd_set *, fd_set *, fd_set *, struct timeval *);
static int (*real_poll)(struct pollfd *, nfds_t, int);
static int (*real_uname)(struct utsname *);
static int (*real_gethostname)(char *, size_t);
static pid_t (*real_getpid)(void);
static struct passwd *(*real_getpwuid)(uid_t);
static struct passwd *(*real_getpwnam)(const char *);
static int (*real_getpwuid_r)(uid_t, struct passwd *, char *, size_t, struct passwd **);
static int (*real_getpwnam_r)(const char *, struct passwd *, char *, size_t, struct passwd **);
static long (*real_sysconf)(int);
static int (*real_get_nprocs)(void);
static int (*real_get_nprocs_conf)(void);
static int (*real_sigprocmask)(int, const sigset_t *, sigset_t *);

/* ---- state: the programs under test are single-threaded ---- */

struct lf_timer {
	bool armed;
	bool created; /* a timer_create slot in use */
	int signo;
	long long left_ns;
	long long interval_ns;
};

struct lf_rdev {
	char *path; /* virtual, without the leading '/' */
	dev_t rdev;
	mode_t type; /* S_IFBLK or S_IFCHR */
};

static struct {
	bool ready;
	bool active;
	char seq[PATH_MAX]; /* canonical LIVEFIX_SEQ */
	size_t seq_len;
	unsigned int cur;
	char snap[PATH_MAX]; /* seq/cur */
	size_t snap_len;
	long long epoch_ns;
	long long waited_ns;
	long long t0_ns; /* the clock at snapshot 0: MONOTONIC counts from it */
	bool time_known;
	long long time_ns; /* this snapshot's clock */
	unsigned int n_waits;
	unsigned int sigint_at;
	unsigned int n_end_waits;
	bool has_pid;
	pid_t pid;
	struct lf_timer timers[LF_TIMERS];
	bool rdev_loaded;
	struct lf_rdev *rdevs;
	size_t n_rdevs;
} lf;

static void lf_init(void);
static bool lf_constructed;

static void
lf_die(const char *what)
{
	(void)!write(2, "livefix: ", 9);
	(void)!write(2, what, strlen(what));
	(void)!write(2, "\n", 1);
	_exit(99);
}

/* ---- small helpers ---- */

/*
 * Whether a pointer argument is set: glibc declares some of them nonnull,
 * but a program under test may still pass NULL, which the real function
 * then answers.
 */
static bool
given(const void *p)
{
	return p != NULL;
}

/* Appends a string of len bytes to buf (holding *pos bytes); false when it does not fit. */
static bool
append(char *buf, size_t size, size_t *pos, const char *s, size_t len)
{
	if (*pos + len + 1 > size)
		return false;
	memcpy(buf + *pos, s, len);
	*pos += len;
	buf[*pos] = '\0';
	return true;
}

static bool
join(char *buf, size_t size, const char *a, const char *b)
{
	size_t pos = 0;

	return append(buf, size, &pos, a, strlen(a)) && append(buf, size, &pos, b, strlen(b));
}

static int
real_lstat(const char *path, struct stat *st)
{
	return REAL(fstatat)(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW);
}

/* Reads a small file of the real file system into buf (NUL-terminated); -1 when absent. */
static ssize_t
read_small(const char *path, char *buf, size_t size)
{
	int fd = REAL(openat)(AT_FDCWD, path, O_RDONLY | O_CLOEXEC);
	ssize_t n, got = 0;

	if (fd < 0)
		return -1;
	while (got + 1 < (ssize_t)size && (n = read(fd, buf + got, size - 1 - got)) > 0)
		got += n;
	REAL(close)(fd);
	buf[got] = '\0';
	return got;
}

/* "123.456" -> nanoseconds; false when it is not a number. */
static bool
parse_seconds(const char *s, long long *ret_ns)
{
	char *end;
	long long sec = strtoll(s, &end, 10), frac = 0, scale = LF_NS;

	if (end == s)
		return false;
	if (*end == '.') {
		for (end++; *end >= '0' && *end <= '9'; end++) {
			if (scale > 1) {
				scale /= 10;
				frac += (*end - '0') * scale;
			}
		}
	}
	*ret_ns = sec * LF_NS + frac;
	return true;
}

/* ---- snapshots ---- */

static void
lf_set_snapshot(unsigned int n)
{
	int len = snprintf(lf.snap, sizeof(lf.snap), "%s/%u", lf.seq, n);

	if (len < 0 || (size_t)len >= sizeof(lf.snap))
		lf_die("LIVEFIX_SEQ is too long");
	lf.cur = n;
	lf.snap_len = (size_t)len;
	lf.time_known = false;
	lf.rdev_loaded = false;
}

static bool
lf_snapshot_exists(unsigned int n)
{
	char p[PATH_MAX];
	struct stat st;
	int len = snprintf(p, sizeof(p), "%s/%u", lf.seq, n);

	return len > 0 && (size_t)len < sizeof(p) && REAL(fstatat)(AT_FDCWD, p, &st, 0) == 0 &&
	       S_ISDIR(st.st_mode);
}

/* The pinned clock: the snapshot's .livefix/time, else the epoch plus what was waited. */
static long long
lf_now_ns(void)
{
	char p[PATH_MAX], buf[64];

	if (!lf.time_known) {
		lf.time_ns = lf.epoch_ns + lf.waited_ns;
		if (join(p, sizeof(p), lf.snap, "/.livefix/time") && read_small(p, buf, sizeof(buf)) > 0)
			parse_seconds(buf, &lf.time_ns);
		lf.time_known = true;
	}
	return lf.time_ns;
}

static void
lf_init(void)
{
	const char *seq, *s;
	char canon[PATH_MAX];

	if (lf.ready)
		return;
	seq = getenv("LIVEFIX_SEQ");
	/*
	 * A sanitizer runtime calls functions of the shim while it starts,
	 * before the environment can be read: the answer is final only once
	 * the shim's constructor has run.
	 */
	if (!seq || !*seq) {
		lf.ready = lf_constructed;
		return;
	}
	lf.ready = true;
	if (!REAL(realpath)(seq, canon))
		lf_die("LIVEFIX_SEQ names no directory");
	lf.seq_len = strlen(canon);
	memcpy(lf.seq, canon, lf.seq_len + 1);
	if (!lf_snapshot_exists(0))
		lf_die("LIVEFIX_SEQ has no snapshot 0");
	lf.epoch_ns = 1764835200LL * LF_NS;
	s = getenv("LIVEFIX_EPOCH");
	if (s && *s) {
		if (!parse_seconds(s, &lf.epoch_ns))
			lf_die("LIVEFIX_EPOCH is not a number of seconds");
	} else {
		/* A sequence may carry its own default (live_seq.py upstream's). */
		char p[PATH_MAX], buf[64];

		if (join(p, sizeof(p), lf.seq, "/.livefix/epoch") && read_small(p, buf, sizeof(buf)) > 0 &&
		    !parse_seconds(buf, &lf.epoch_ns))
			lf_die("SEQ/.livefix/epoch is not a number of seconds");
	}
	s = getenv("LIVEFIX_SIGINT_AT");
	lf.sigint_at = s && *s ? (unsigned int)strtoul(s, NULL, 10) : 0;
	s = getenv("LIVEFIX_PID");
	if (s && *s) {
		lf.has_pid = true;
		lf.pid = (pid_t)strtol(s, NULL, 10);
	}
	lf_set_snapshot(0);
	lf.active = true;
	lf.t0_ns = lf_now_ns();
}

__attribute__((constructor)) static void
lf_constructor(void)
{
	lf_constructed = true;
	lf_init();
}

static bool
lf_on(void)
{
	lf_init();
	return lf.active;
}

/* ---- paths ---- */

enum lf_area {
	AREA_REAL,     /* not redirected */
	AREA_STRICT,   /* /proc, /sys, /dev: the snapshot or nothing */
	AREA_OPTIONAL, /* /etc, /run, and /dev's harmless nodes: the snapshot when there */
};

static bool
has_prefix(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0');
}

static enum lf_area
lf_area_of(const char *v)
{
	static const char *const dev_pass[] = {"/dev/null", "/dev/zero", "/dev/full", "/dev/random",
					       "/dev/urandom", "/dev/tty", "/dev/stdin", "/dev/stdout",
					       "/dev/stderr", "/dev/fd", "/dev/pts", "/dev/shm"};
	size_t i;

	if (has_prefix(v, "/dev")) {
		for (i = 0; i < sizeof(dev_pass) / sizeof(dev_pass[0]); i++)
			if (has_prefix(v, dev_pass[i]))
				return AREA_OPTIONAL;
		return AREA_STRICT;
	}
	if (has_prefix(v, "/proc") || has_prefix(v, "/sys"))
		return AREA_STRICT;
	if (has_prefix(v, "/etc") || has_prefix(v, "/run"))
		return AREA_OPTIONAL;
	return AREA_REAL;
}

/*
 * Where a path goes. changed false: the caller's path and dirfd are used
 * as they are. Otherwise real is the path for the real call (absolute), in_snap
 * says it is inside the current snapshot, and virt is the path the program
 * sees (normalised, its symbolic links resolved inside the snapshot).
 */
struct lf_path {
	bool changed;
	bool in_snap;
	bool touched; /* a component lay in a redirected area */
	char real[PATH_MAX];
	char virt[PATH_MAX];
};

/* Strips "SEQ/N" from a real path inside any snapshot: the virtual path, or NULL. */
static const char *
lf_strip_snapshot(const char *real)
{
	const char *p;

	if (strncmp(real, lf.seq, lf.seq_len) || real[lf.seq_len] != '/')
		return NULL;
	p = real + lf.seq_len + 1;
	if (*p < '0' || *p > '9')
		return NULL;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p != '/' && *p != '\0')
		return NULL;
	return *p ? p : "/";
}

/*
 * The real paths of the directories last opened by descriptor, each with its
 * device and inode: a program that opens "/" once and every /proc file
 * relative to it would otherwise pay a readlink of /proc/self/fd/N per open,
 * a cost the program does not have without the shim. An entry holds while
 * fstat() of the descriptor still names the same directory.
 */
#define LF_DIR_CACHE 8
static struct {
	bool used;
	int fd;
	dev_t dev;
	ino_t ino;
} lf_dirfds[LF_DIR_CACHE];
/* Apart from the keys: a lookup touches one page of paths, not eight. */
static char lf_dirfd_paths[LF_DIR_CACHE][PATH_MAX];
static unsigned lf_dirfds_next;

/* The real path of directory descriptor dirfd into real (PATH_MAX bytes); false when unknown. */
static bool
lf_fd_path(int dirfd, char *real)
{
	char link[64];
	struct stat st;
	ssize_t n;
	unsigned i;

	if (REAL(fstatat)(dirfd, "", &st, AT_EMPTY_PATH) < 0)
		return false;
	for (i = 0; i < LF_DIR_CACHE; i++)
		if (lf_dirfds[i].used && lf_dirfds[i].fd == dirfd && lf_dirfds[i].dev == st.st_dev &&
		    lf_dirfds[i].ino == st.st_ino) {
			memcpy(real, lf_dirfd_paths[i], strlen(lf_dirfd_paths[i]) + 1);
			return true;
		}
	snprintf(link, sizeof(link), "/proc/self/fd/%d", dirfd);
	n = REAL(readlinkat)(AT_FDCWD, link, real, PATH_MAX - 1);
	if (n <= 0)
		return false;
	real[n] = '\0';
	if (S_ISDIR(st.st_mode)) {
		i = lf_dirfds_next++ % LF_DIR_CACHE;
		lf_dirfds[i].used = true;
		lf_dirfds[i].fd = dirfd;
		lf_dirfds[i].dev = st.st_dev;
		lf_dirfds[i].ino = st.st_ino;
		memcpy(lf_dirfd_paths[i], real, (size_t)n + 1);
	}
	return true;
}

/*
 * The virtual path of the directory a relative path starts from (dirfd, or
 * the working directory): inside a snapshot, its path there; elsewhere its
 * real path (a program that opens "/" and then "proc/stat" relative to it
 * reads the snapshot's). *ret_in_snap says which. False when unknown.
 */
static bool
lf_base_dir(int dirfd, char *ret, size_t size, bool *ret_in_snap)
{
	char real[PATH_MAX];
	const char *v;

	if (dirfd == AT_FDCWD) {
		if (syscall(SYS_getcwd, real, sizeof(real)) < 0)
			return false;
	} else if (!lf_fd_path(dirfd, real)) {
		return false;
	}
	if (real[0] != '/')
		return false; /* not a directory of the file system (a pipe, a socket...) */
	v = lf_strip_snapshot(real);
	*ret_in_snap = v != NULL;
	return join(ret, size, v ? v : real, "");
}

/* Pops the last component of a normalised absolute path ("" is the root). */
static void
pop_component(char *done, size_t *len)
{
	while (*len > 0 && done[*len - 1] != '/')
		(*len)--;
	if (*len > 0)
		(*len)--;
	done[*len] = '\0';
}

/* A snapshot path for the virtual path v: false when too long. */
static bool
lf_snap_path(const char *v, char *ret, size_t size)
{
	return join(ret, size, lf.snap, v);
}

/*
 * Walks the virtual path todo (absolute) component by component: '.' and
 * '..' lexically, symbolic links of the snapshot followed inside it (an
 * absolute target starts again from the virtual root). Returns 0 or -errno.
 */
static int
lf_resolve(const char *path, bool follow, struct lf_path *ret)
{
	char todo[2 * PATH_MAX], target[PATH_MAX], snap[PATH_MAX], done[PATH_MAX];
	size_t tlen = strlen(path), tpos = 0, dlen = 0, clen, prev;
	int links = 0;
	bool in_snap = false;
	struct stat st;
	ssize_t n;

	if (tlen >= sizeof(todo))
		return -ENAMETOOLONG;
	memcpy(todo, path, tlen + 1);
	done[0] = '\0';
	for (;;) {
		while (todo[tpos] == '/')
			tpos++;
		if (!todo[tpos])
			break;
		for (clen = 0; todo[tpos + clen] && todo[tpos + clen] != '/'; clen++)
			;
		if (clen == 1 && todo[tpos] == '.') {
			tpos += clen;
			continue;
		}
		if (clen == 2 && todo[tpos] == '.' && todo[tpos + 1] == '.') {
			pop_component(done, &dlen);
			tpos += clen;
			in_snap = dlen > 0 && lf_area_of(done) != AREA_REAL;
			continue;
		}
		prev = dlen;
		if (!append(done, sizeof(done), &dlen, "/", 1) ||
		    !append(done, sizeof(done), &dlen, todo + tpos, clen))
			return -ENAMETOOLONG;
		tpos += clen;
		enum lf_area area = lf_area_of(done);
		if (area == AREA_REAL) {
			in_snap = false;
			continue;
		}
		ret->touched = true;
		if (!lf_snap_path(done, snap, sizeof(snap)))
			return -ENAMETOOLONG;
		if (real_lstat(snap, &st) < 0) {
			if (area == AREA_STRICT && lf.has_pid && !strcmp(done, "/proc/self")) {
				dlen = (size_t)snprintf(done, sizeof(done), "/proc/%ld", (long)lf.pid);
				in_snap = true;
				continue;
			}
			/* Absent: the real file for an optional area, else a path that fails. */
			in_snap = area == AREA_STRICT;
			continue;
		}
		in_snap = true;
		bool last = true;
		for (size_t i = tpos; todo[i]; i++)
			if (todo[i] != '/') {
				last = false;
				break;
			}
		if (!S_ISLNK(st.st_mode) || (last && !follow))
			continue;
		if (++links > LF_MAX_LINKS)
			return -ELOOP;
		n = REAL(readlinkat)(AT_FDCWD, snap, target, sizeof(target) - 1);
		if (n <= 0)
			return -EIO;
		target[n] = '\0';
		/* todo becomes target + the rest. */
		size_t rest = strlen(todo + tpos);
		if ((size_t)n + 1 + rest >= sizeof(todo))
			return -ENAMETOOLONG;
		memmove(todo + n + 1, todo + tpos, rest + 1);
		memcpy(todo, target, (size_t)n);
		todo[n] = '/';
		tpos = 0;
		dlen = prev;
		done[dlen] = '\0';
		if (target[0] == '/') {
			dlen = 0;
			done[0] = '\0';
		}
		in_snap = dlen > 0 && lf_area_of(done) != AREA_REAL;
	}
	if (dlen == 0)
		memcpy(done, "/", 2);
	ret->changed = true;
	ret->in_snap = in_snap;
	memcpy(ret->virt, done, strlen(done) + 1);
	if (in_snap)
		return lf_snap_path(done, ret->real, sizeof(ret->real)) ? 0 : -ENAMETOOLONG;
	memcpy(ret->real, done, strlen(done) + 1);
	return 0;
}

/* Routes path (relative to dirfd) as described at struct lf_path. Returns 0 or -errno. */
static int
lf_route(int dirfd, const char *path, bool follow, struct lf_path *ret)
{
	char v[PATH_MAX];
	size_t pos = 0;

	ret->changed = false;
	ret->in_snap = false;
	ret->touched = false;
	if (!lf_on() || path == NULL || !*path)
		return 0;
	if (strnlen(path, PATH_MAX) >= PATH_MAX)
		return -ENAMETOOLONG;
	if (path[0] != '/') {
		bool base_in_snap;
		int err;

		if (!lf_base_dir(dirfd, v, sizeof(v), &base_in_snap))
			return 0;
		pos = strlen(v);
		if (!append(v, sizeof(v), &pos, "/", 1) ||
		    !append(v, sizeof(v), &pos, path, strlen(path)))
			return -ENAMETOOLONG;
		err = lf_resolve(v, follow, ret);
		/* Nothing redirected on the way: the call goes as the program made it. */
		if (err == 0 && !base_in_snap && !ret->touched)
			ret->changed = false;
		return err;
	} else {
		/* Quick exit for what is never redirected. */
		const char *p = path;
		while (p[0] == '/' && p[1] == '/')
			p++;
		if (lf_area_of(p) == AREA_REAL && !strstr(path, "/."))
			return 0;
	}
	return lf_resolve(path, follow, ret);
}

static bool
wants_write(int flags)
{
	return (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC));
}

/* ---- device numbers of a fixture's /dev: the sidecar .livefix/rdev ---- */

static int
rdev_cmp(const void *a, const void *b)
{
	return strcmp(((const struct lf_rdev *)a)->path, ((const struct lf_rdev *)b)->path);
}

static void
rdev_free(void)
{
	for (size_t i = 0; i < lf.n_rdevs; i++)
		free(lf.rdevs[i].path);
	free(lf.rdevs);
	lf.rdevs = NULL;
	lf.n_rdevs = 0;
}

/* Lines "dev/sda 8 0 [b|c]": what stat says of a fixture's device file. */
static void
rdev_load(void)
{
	char p[PATH_MAX], line[PATH_MAX + 64], name[PATH_MAX], kind[8];
	FILE *f;
	size_t cap = 0;
	unsigned int maj, min;

	rdev_free();
	lf.rdev_loaded = true;
	if (!join(p, sizeof(p), lf.snap, "/.livefix/rdev") || !(f = REAL(fopen)(p, "re")))
		return;
	while (fgets(line, sizeof(line), f)) {
		kind[0] = 'b';
		if (sscanf(line, "%4095s %u %u %7s", name, &maj, &min, kind) < 3)
			continue;
		if (lf.n_rdevs == cap) {
			cap = cap ? cap * 2 : 64;
			struct lf_rdev *r = realloc(lf.rdevs, cap * sizeof(*r));
			if (!r)
				break;
			lf.rdevs = r;
		}
		const char *n = name[0] == '/' ? name + 1 : name;
		lf.rdevs[lf.n_rdevs].path = strdup(n);
		if (!lf.rdevs[lf.n_rdevs].path)
			break;
		lf.rdevs[lf.n_rdevs].rdev = makedev(maj, min);
		lf.rdevs[lf.n_rdevs].type = kind[0] == 'c' ? S_IFCHR : S_IFBLK;
		lf.n_rdevs++;
	}
	fclose(f);
	qsort(lf.rdevs, lf.n_rdevs, sizeof(*lf.rdevs), rdev_cmp);
}

static const struct lf_rdev *
rdev_find(const char *virt)
{
	struct lf_rdev key;

	if (!lf.rdev_loaded)
		rdev_load();
	if (!lf.n_rdevs || virt[0] != '/')
		return NULL;
	key.path = (char *)(uintptr_t)(virt + 1);
	return bsearch(&key, lf.rdevs, lf.n_rdevs, sizeof(*lf.rdevs), rdev_cmp);
}

static void
rdev_apply(const struct lf_path *p, struct stat *st)
{
	const struct lf_rdev *r;

	if (!p->in_snap || !(r = rdev_find(p->virt)))
		return;
	st->st_mode = (st->st_mode & ~(mode_t)S_IFMT) | r->type;
	st->st_rdev = r->rdev;
}

/* ---- open ---- */

static int
lf_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	struct lf_path p;
	int err = lf_route(dirfd, path, !(flags & O_NOFOLLOW), &p);

	if (err < 0) {
		errno = -err;
		return -1;
	}
	if (!p.changed)
		return REAL(openat)(dirfd, path, flags, mode);
	if (p.in_snap && wants_write(flags)) {
		errno = EROFS;
		return -1;
	}
	return REAL(openat)(AT_FDCWD, p.real, flags, mode);
}

static mode_t
mode_arg(int flags, va_list ap)
{
	return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

int
open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	return lf_openat(AT_FDCWD, path, flags, mode);
}

int
open64(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	return lf_openat(AT_FDCWD, path, flags | O_LARGEFILE, mode);
}

int
openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	return lf_openat(dirfd, path, flags, mode);
}

int
openat64(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	return lf_openat(dirfd, path, flags | O_LARGEFILE, mode);
}

int
__open_2(const char *path, int flags)
{
	return lf_openat(AT_FDCWD, path, flags, 0);
}

int
__open64_2(const char *path, int flags)
{
	return lf_openat(AT_FDCWD, path, flags | O_LARGEFILE, 0);
}

int
__openat_2(int dirfd, const char *path, int flags)
{
	return lf_openat(dirfd, path, flags, 0);
}

int
__openat64_2(int dirfd, const char *path, int flags)
{
	return lf_openat(dirfd, path, flags | O_LARGEFILE, 0);
}

int
creat(const char *path, mode_t mode)
{
	return lf_openat(AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC, mode);
}

int
creat64(const char *path, mode_t mode)
{
	return lf_openat(AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC | O_LARGEFILE, mode);
}

static bool
mode_writes(const char *mode)
{
	return mode && (strchr(mode, 'w') || strchr(mode, 'a') || strchr(mode, '+'));
}

/* Routes a stdio open: NULL with errno set when it must fail, else the path to use. */
static const char *
lf_stdio_path(const char *path, const char *mode, struct lf_path *p)
{
	int err = lf_route(AT_FDCWD, path, true, p);

	if (err < 0) {
		p->changed = true;
		errno = -err;
		return NULL;
	}
	if (!p->changed)
		return path;
	if (p->in_snap && mode_writes(mode)) {
		errno = EROFS;
		return NULL;
	}
	return p->real;
}

FILE *
fopen(const char *path, const char *mode)
{
	struct lf_path p;
	const char *use = lf_stdio_path(path, mode, &p);

	return use || !p.changed ? REAL(fopen)(use, mode) : NULL;
}

FILE *
fopen64(const char *path, const char *mode)
{
	struct lf_path p;
	const char *use = lf_stdio_path(path, mode, &p);

	return use || !p.changed ? REAL(fopen64)(use, mode) : NULL;
}

FILE *
freopen(const char *path, const char *mode, FILE *stream)
{
	struct lf_path p;
	const char *use = lf_stdio_path(path, mode, &p);

	return use || !p.changed ? REAL(freopen)(use, mode, stream) : NULL;
}

FILE *
freopen64(const char *path, const char *mode, FILE *stream)
{
	struct lf_path p;
	const char *use = lf_stdio_path(path, mode, &p);

	return use || !p.changed ? REAL(freopen64)(use, mode, stream) : NULL;
}

/* ---- directories: listed once, in a fixed order ---- */

struct lf_entry {
	size_t name; /* offset in names */
	unsigned char type;
	ino_t ino;
};

struct lf_dir {
	struct lf_dir *next;
	int fd;
	char *virt; /* for rewinddir: listed again from the current snapshot */
	struct lf_entry *ents;
	size_t n, pos;
	char *names;
	struct dirent64 de;
};

static struct lf_dir *lf_dirs;

static struct lf_dir *
lf_dir_of(DIR *d)
{
	for (struct lf_dir *x = lf_dirs; x; x = x->next)
		if ((DIR *)x == d)
			return x;
	return NULL;
}

struct lf_listing {
	struct lf_entry *ents;
	size_t n, cap;
	char *names;
	size_t nlen, ncap;
};

static bool
listing_add(struct lf_listing *l, const char *name, unsigned char type, ino_t ino)
{
	size_t len = strlen(name) + 1;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		struct lf_entry *e = realloc(l->ents, cap * sizeof(*e));
		if (!e)
			return false;
		l->ents = e;
		l->cap = cap;
	}
	if (l->nlen + len > l->ncap) {
		size_t cap = l->ncap ? l->ncap * 2 : 4096;
		while (cap < l->nlen + len)
			cap *= 2;
		char *n = realloc(l->names, cap);
		if (!n)
			return false;
		l->names = n;
		l->ncap = cap;
	}
	memcpy(l->names + l->nlen, name, len);
	l->ents[l->n].name = l->nlen;
	l->ents[l->n].type = type;
	l->ents[l->n].ino = ino;
	l->n++;
	l->nlen += len;
	return true;
}

static const char *sort_names;

static int
entry_versions(const void *a, const void *b)
{
	return strverscmp(sort_names + ((const struct lf_entry *)a)->name,
			  sort_names + ((const struct lf_entry *)b)->name);
}

static int
entry_names(const void *a, const void *b)
{
	return strcmp(sort_names + ((const struct lf_entry *)a)->name,
		      sort_names + ((const struct lf_entry *)b)->name);
}

static int
key_vs_entry(const void *key, const void *e)
{
	return strcmp(key, sort_names + ((const struct lf_entry *)e)->name);
}

/* Orders a raw listing by the directory's _list (the names there that exist, in its order). */
static bool
listing_by_list(struct lf_listing *raw, const char *list_path, struct lf_listing *ret)
{
	FILE *f = REAL(fopen)(list_path, "re");
	char line[NAME_MAX + 8];
	struct lf_entry *hit;
	size_t len;

	if (!f)
		return false;
	sort_names = raw->names;
	qsort(raw->ents, raw->n, sizeof(*raw->ents), entry_names);
	while (fgets(line, sizeof(line), f)) {
		len = strcspn(line, "\r\n");
		while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
			len--;
		line[len] = '\0';
		if (!len || !strcmp(line, "_list"))
			continue;
		sort_names = raw->names;
		hit = bsearch(line, raw->ents, raw->n, sizeof(*raw->ents), key_vs_entry);
		if (hit && !listing_add(ret, raw->names + hit->name, hit->type, hit->ino))
			break;
	}
	fclose(f);
	return true;
}

/* Lists the real directory realdir into ret in the harness's order. */
static int
lf_list(const char *realdir, struct lf_listing *ret)
{
	struct lf_listing raw = {0};
	DIR *d = REAL(opendir)(realdir);
	struct dirent64 *e;
	char list[PATH_MAX];
	bool has_list = false;
	int err = 0;

	memset(ret, 0, sizeof(*ret));
	if (!d)
		return -errno;
	while ((e = REAL(readdir64)(d))) {
		unsigned char type = e->d_type;
		if (type == DT_UNKNOWN) {
			struct stat st;
			if (REAL(fstatat)(REAL(dirfd)(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
				type = IFTODT(st.st_mode);
		}
		if (!strcmp(e->d_name, "_list"))
			has_list = true;
		if (!listing_add(&raw, e->d_name, type, e->d_ino)) {
			err = -ENOMEM;
			break;
		}
	}
	REAL(closedir)(d);
	if (!err && has_list && join(list, sizeof(list), realdir, "/_list") &&
	    listing_by_list(&raw, list, ret)) {
		free(raw.ents);
		free(raw.names);
		return 0;
	}
	if (err) {
		free(raw.ents);
		free(raw.names);
		return err;
	}
	/* '.' and '..' first, then the names in version order. */
	sort_names = raw.names;
	qsort(raw.ents, raw.n, sizeof(*raw.ents), entry_versions);
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < raw.n; i++) {
			const char *n = raw.names + raw.ents[i].name;
			bool dot = !strcmp(n, ".") || !strcmp(n, "..");
			if (dot != (pass == 0))
				continue;
			if (!listing_add(ret, n, raw.ents[i].type, raw.ents[i].ino)) {
				err = -ENOMEM;
				break;
			}
		}
	}
	free(raw.ents);
	free(raw.names);
	return err;
}

static void
lf_dir_take(struct lf_dir *d, struct lf_listing *l)
{
	free(d->ents);
	free(d->names);
	d->ents = l->ents;
	d->names = l->names;
	d->n = l->n;
	d->pos = 0;
}

/* A directory handle over realdir (fd: its descriptor, owned by the handle). */
static DIR *
lf_dir_new(int fd, const char *realdir, const char *virt)
{
	struct lf_dir *d = calloc(1, sizeof(*d));
	struct lf_listing l;
	int err;

	if (!d || !(d->virt = strdup(virt))) {
		free(d);
		errno = ENOMEM;
		return NULL;
	}
	err = lf_list(realdir, &l);
	if (err < 0) {
		free(d->virt);
		free(d);
		errno = -err;
		return NULL;
	}
	lf_dir_take(d, &l);
	d->fd = fd;
	d->next = lf_dirs;
	lf_dirs = d;
	return (DIR *)d;
}

DIR *
opendir(const char *path)
{
	struct lf_path p;
	int err = lf_route(AT_FDCWD, path, true, &p), fd;
	DIR *d;

	if (err < 0) {
		errno = -err;
		return NULL;
	}
	if (!p.changed)
		return REAL(opendir)(path);
	if (!p.in_snap)
		return REAL(opendir)(p.real);
	fd = REAL(openat)(AT_FDCWD, p.real, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	d = lf_dir_new(fd, p.real, p.virt);
	if (!d) {
		err = errno;
		REAL(close)(fd);
		errno = err;
	}
	return d;
}

DIR *
fdopendir(int fd)
{
	char real[PATH_MAX];
	const char *v;

	if (lf_on() && lf_fd_path(fd, real) && (v = lf_strip_snapshot(real)))
		return lf_dir_new(fd, real, v);
	return REAL(fdopendir)(fd);
}

static struct dirent64 *
lf_dir_next(struct lf_dir *d)
{
	struct lf_entry *e;
	const char *name;
	size_t len;

	if (d->pos >= d->n)
		return NULL;
	e = &d->ents[d->pos++];
	name = d->names + e->name;
	len = strlen(name);
	if (len >= sizeof(d->de.d_name))
		len = sizeof(d->de.d_name) - 1;
	d->de.d_ino = e->ino;
	d->de.d_off = (off64_t)d->pos;
	d->de.d_reclen = sizeof(d->de);
	d->de.d_type = e->type;
	memcpy(d->de.d_name, name, len);
	d->de.d_name[len] = '\0';
	return &d->de;
}

struct dirent *
readdir(DIR *dir)
{
	struct lf_dir *d = lf_dir_of(dir);

	return d ? (struct dirent *)lf_dir_next(d) : REAL(readdir)(dir);
}

struct dirent64 *
readdir64(DIR *dir)
{
	struct lf_dir *d = lf_dir_of(dir);

	return d ? lf_dir_next(d) : REAL(readdir64)(dir);
}

int
readdir_r(DIR *dir, struct dirent *entry, struct dirent **result)
{
	struct lf_dir *d = lf_dir_of(dir);
	struct dirent64 *e;

	if (!d)
		return REAL(readdir_r)(dir, entry, result);
	e = lf_dir_next(d);
	if (e)
		memcpy(entry, e, sizeof(*entry));
	*result = e ? entry : NULL;
	return 0;
}

int
readdir64_r(DIR *dir, struct dirent64 *entry, struct dirent64 **result)
{
	struct lf_dir *d = lf_dir_of(dir);
	struct dirent64 *e;

	if (!d)
		return REAL(readdir64_r)(dir, entry, result);
	e = lf_dir_next(d);
	if (e)
		memcpy(entry, e, sizeof(*entry));
	*result = e ? entry : NULL;
	return 0;
}

int
closedir(DIR *dir)
{
	struct lf_dir *d = lf_dir_of(dir), **pp;

	if (!d)
		return REAL(closedir)(dir);
	for (pp = &lf_dirs; *pp != d; pp = &(*pp)->next)
		;
	*pp = d->next;
	if (d->fd >= 0)
		REAL(close)(d->fd);
	free(d->ents);
	free(d->names);
	free(d->virt);
	free(d);
	return 0;
}

void
rewinddir(DIR *dir)
{
	struct lf_dir *d = lf_dir_of(dir);
	struct lf_path p;
	struct lf_listing l;

	if (!d) {
		REAL(rewinddir)(dir);
		return;
	}
	/* As the kernel's, a rewound directory is read again: from the current snapshot. */
	d->pos = 0;
	if (lf_route(AT_FDCWD, d->virt, true, &p) == 0 && p.in_snap) {
		if (lf_list(p.real, &l) == 0)
			lf_dir_take(d, &l);
	}
}

long
telldir(DIR *dir)
{
	struct lf_dir *d = lf_dir_of(dir);

	return d ? (long)d->pos : REAL(telldir)(dir);
}

void
seekdir(DIR *dir, long pos)
{
	struct lf_dir *d = lf_dir_of(dir);

	if (!d)
		REAL(seekdir)(dir, pos);
	else if (pos >= 0 && (size_t)pos <= d->n)
		d->pos = (size_t)pos;
}

int
dirfd(DIR *dir)
{
	struct lf_dir *d = lf_dir_of(dir);

	return d ? d->fd : REAL(dirfd)(dir);
}

static int (*scan_compar)(const struct dirent **, const struct dirent **);

static int
scan_trampoline(const void *a, const void *b)
{
	return scan_compar((const struct dirent **)a, (const struct dirent **)b);
}

/* scandir over the harness's listing of a snapshot directory. */
static int
lf_scandir(const char *real, struct dirent ***namelist, int (*filter)(const struct dirent *),
	   int (*compar)(const struct dirent **, const struct dirent **))
{
	struct lf_listing l;
	struct dirent **list = NULL, *e;
	size_t n = 0;
	int err = lf_list(real, &l);

	if (err < 0) {
		errno = -err;
		return -1;
	}
	for (size_t i = 0; i < l.n; i++) {
		const char *name = l.names + l.ents[i].name;
		size_t len = strlen(name);
		if (len >= sizeof(e->d_name) || !(e = calloc(1, sizeof(*e))))
			continue;
		e->d_ino = l.ents[i].ino;
		e->d_off = (off_t)(i + 1);
		e->d_reclen = sizeof(*e);
		e->d_type = l.ents[i].type;
		memcpy(e->d_name, name, len + 1);
		if (filter && !filter(e)) {
			free(e);
			continue;
		}
		struct dirent **grown = realloc(list, (n + 1) * sizeof(*list));
		if (!grown) {
			free(e);
			break;
		}
		list = grown;
		list[n++] = e;
	}
	free(l.ents);
	free(l.names);
	if (compar && n > 1) {
		scan_compar = compar;
		qsort(list, n, sizeof(*list), scan_trampoline);
	}
	*namelist = list;
	return (int)n;
}

static int
lf_scandirat(int dirfd, const char *path, struct dirent ***namelist,
	     int (*filter)(const struct dirent *),
	     int (*compar)(const struct dirent **, const struct dirent **))
{
	struct lf_path p;
	int err = lf_route(dirfd, path, true, &p);

	if (err < 0) {
		errno = -err;
		return -1;
	}
	if (!p.changed)
		return REAL(scandirat)(dirfd, path, namelist, filter, compar);
	if (!p.in_snap)
		return REAL(scandir)(p.real, namelist, filter, compar);
	return lf_scandir(p.real, namelist, filter, compar);
}

int
scandir(const char *path, struct dirent ***namelist, int (*filter)(const struct dirent *),
	int (*compar)(const struct dirent **, const struct dirent **))
{
	struct lf_path p;
	int err = lf_route(AT_FDCWD, path, true, &p);

	if (err < 0) {
		errno = -err;
		return -1;
	}
	if (!p.changed)
		return REAL(scandir)(path, namelist, filter, compar);
	if (!p.in_snap)
		return REAL(scandir)(p.real, namelist, filter, compar);
	return lf_scandir(p.real, namelist, filter, compar);
}

int
scandir64(const char *path, struct dirent64 ***namelist, int (*filter)(const struct dirent64 *),
	  int (*compar)(const struct dirent64 **, const struct dirent64 **))
{
	struct lf_path p;
	int err = lf_route(AT_FDCWD, path, true, &p);

	if (err < 0) {
		errno = -err;
		return -1;
	}
	if (!p.changed || !p.in_snap)
		return REAL(scandir64)(p.changed ? p.real : path, namelist, filter, compar);
	/* The two dirents are one layout (asserted above). */
	return lf_scandir(p.real, (struct dirent ***)namelist, (int (*)(const struct dirent *))filter,
			  (int (*)(const struct dirent **, const struct dirent **))compar);
}

int
scandirat(int dirfd, const char *path, struct dirent ***namelist,
	  int (*filter)(const struct dirent *),
	  int (*compar)(const struct dirent **, const struct dirent **))
{
	return lf_scandirat(dirfd, path, namelist, filter, compar);
}

/* ---- stat, access, links ---- */

static int
lf_fstatat(int dirfd, const char *path, struct stat *buf, int flags)
{
	struct lf_path p;
	int err, rc;

	if (path && !*path && (flags & AT_EMPTY_PATH))
		return REAL(fstatat)(dirfd, path, buf, flags);
	err = lf_route(dirfd, path, !(flags & AT_SYMLINK_NOFOLLOW), &p);
	if (err < 0) {
		errno = -err;
		return -1;
	}
	if (!p.changed)
		return REAL(fstatat)(dirfd, path, buf, flags);
	rc = REAL(fstatat)(AT_FDCWD, p.real, buf, flags);
	if (rc == 0)
		rdev_apply(&p, buf);
	return rc;
}

int
stat(const char *path, struct stat *buf)
{
	return lf_fstatat(AT_FDCWD, path, buf, 0);
}

int
lstat(const char *path, struct stat *buf)
{
	return lf_fstatat(AT_FDCWD, path, buf, AT_SYMLINK_NOFOLLOW);
}

int
fstatat(int dirfd, const char *path, struct stat *buf, int flags)
{
	return lf_fstatat(dirfd, path, buf, flags);
}

int
stat64(const char *path, struct stat64 *buf)
{
	return lf_fstatat(AT_FDCWD, path, (struct stat *)buf, 0);
}

int
lstat64(const char *path, struct stat64 *buf)
{
	return lf_fstatat(AT_FDCWD, path, (struct stat *)buf, AT_SYMLINK_NOFOLLOW);
}

int
fstatat64(int dirfd, const char *path, struct stat64 *buf, int flags)
{
	return lf_fstatat(dirfd, path, (struct stat *)buf, flags);
}

/* The stat entry points of binaries built before glibc 2.33 (one layout on x86_64). */
int
__xstat(int ver, const char *path, struct stat *buf)
{
	(void)ver;
	return lf_fstatat(AT_FDCWD, path, buf, 0);
}

int
__lxstat(int ver, const char *path, struct stat *buf)
{
	(void)ver;
	return lf_fstatat(AT_FDCWD, path, buf, AT_SYMLINK_NOFOLLOW);
}

int
__fxstatat(int ver, int dirfd, const char *path, struct stat *buf, int flags)
{
	(void)ver;
	return lf_fstatat(dirfd, path, buf, flags);
}

int
__xstat64(int ver, const char *path, struct stat64 *buf)
{
	(void)ver;
	return lf_fstatat(AT_FDCWD, path, (struct stat *)buf, 0);
}

int
__lxstat64(int ver, const char *path, struct stat64 *buf)
{
	(void)ver;
	return lf_fstatat(AT_FDCWD, path, (struct stat *)buf, AT_SYMLINK_NOFOLLOW);
}

int
__fxstatat64(int ver, int dirfd, const char *path, struct stat64 *buf, int flags)
{
	(void)ver;
	return lf_fstatat(dirfd, path, (struct stat *)buf, flags);
}

int
statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *buf)
{
	struct lf_path p;
	const struct lf_rdev *r;
	int err, rc;

	if (given(path) && !*path && (flags & AT_EMPTY_PATH))
		return REAL(statx)(dirfd, path, flags, mask, buf);
	err = lf_route(dirfd, path, !(flags & AT_SYMLINK_NOFOLLOW), &p);
	if (err < 0) {
		errno = -err;
		return -1;
	}
	if (!p.changed)
		return REAL(statx)(dirfd, path, flags, mask, buf);
	rc = REAL(statx)(AT_FDCWD, p.real, flags, mask, buf);
	if (rc == 0 && p.in_snap && (r = rdev_find(p.virt))) {
		buf->stx_mode = (uint16_t)((buf->stx_mode & ~S_IFMT) | r->type);
		buf->stx_rdev_major = major(r->rdev);
		buf->stx_rdev_minor = minor(r->rdev);
	}
	return rc;
}

static int
lf_faccessat(int dirfd, const char *path, int mode, int flags)
{
	struct lf_path p;
	int err = lf_route(dirfd, path, !(flags & AT_SYMLINK_NOFOLLOW), &p);

	if (err < 0) {
		errno = -err;
		return -1;
	}
	if (!p.changed)
		return REAL(faccessat)(dirfd, path, mode, flags);
	if (p.in_snap && (mode & W_OK)) {
		errno = EROFS;
		return -1;
	}
	return REAL(faccessat)(AT_FDCWD, p.real, mode, flags);
}

int
access(const char *path, int mode)
{
	return lf_faccessat(AT_FDCWD, path, mode, 0);
}

int
faccessat(int dirfd, const char *path, int mode, int flags)
{
	return lf_faccessat(dirfd, path, mode, flags);
}

int
euidaccess(const char *path, int mode)
{
	return lf_faccessat(AT_FDCWD, path, mode, AT_EACCESS);
}

int
eaccess(const char *path, int mode)
{
	return lf_faccessat(AT_FDCWD, path, mode, AT_EACCESS);
}

ssize_t
readlinkat(int dirfd, const char *path, char *buf, size_t size)
{
	struct lf_path p;
	int err = lf_route(dirfd, path, false, &p);

	if (err < 0) {
		errno = -err;
		return -1;
	}
	if (!p.changed)
		return REAL(readlinkat)(dirfd, path, buf, size);
	return REAL(readlinkat)(AT_FDCWD, p.real, buf, size);
}

ssize_t
readlink(const char *path, char *buf, size_t size)
{
	return readlinkat(AT_FDCWD, path, buf, size);
}

char *
realpath(const char *path, char *resolved)
{
	struct lf_path p;
	struct stat st;
	int err = lf_route(AT_FDCWD, path, true, &p);
	size_t len;

	if (err < 0) {
		errno = -err;
		return NULL;
	}
	if (!p.changed)
		return REAL(realpath)(path, resolved);
	if (!p.in_snap)
		return REAL(realpath)(p.real, resolved);
	/* Resolved inside the snapshot: the program sees the virtual path. */
	if (REAL(fstatat)(AT_FDCWD, p.real, &st, 0) < 0)
		return NULL;
	len = strlen(p.virt) + 1;
	if (!resolved && !(resolved = malloc(len > PATH_MAX ? len : PATH_MAX)))
		return NULL;
	memcpy(resolved, p.virt, len);
	return resolved;
}

char *
canonicalize_file_name(const char *path)
{
	return realpath(path, NULL);
}

int
chdir(const char *path)
{
	struct lf_path p;
	int err = lf_route(AT_FDCWD, path, true, &p);

	if (err < 0) {
		errno = -err;
		return -1;
	}
	return REAL(chdir)(p.changed ? p.real : path);
}

/* ---- the clock ---- */

static long long
lf_clock_ns(clockid_t clk)
{
	switch (clk) {
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_BOOTTIME:
	case CLOCK_BOOTTIME_ALARM:
		/* Counts from a day before snapshot 0, along the same timeline. */
		return 86400LL * LF_NS + lf_now_ns() - lf.t0_ns;
	case CLOCK_PROCESS_CPUTIME_ID:
	case CLOCK_THREAD_CPUTIME_ID:
		return (long long)lf.n_waits * 1000000LL;
	default:
		return lf_now_ns();
	}
}

static void
ns_to_timespec(long long ns, struct timespec *ts)
{
	ts->tv_sec = (time_t)(ns / LF_NS);
	ts->tv_nsec = (long)(ns % LF_NS);
}

static long long
timespec_ns(const struct timespec *ts)
{
	return (long long)ts->tv_sec * LF_NS + ts->tv_nsec;
}

time_t
time(time_t *t)
{
	time_t now;

	if (!lf_on())
		return REAL(time)(t);
	now = (time_t)(lf_now_ns() / LF_NS);
	if (t)
		*t = now;
	return now;
}

int
gettimeofday(struct timeval *tv, void *tz)
{
	long long ns;

	if (!lf_on())
		return REAL(gettimeofday)(tv, tz);
	ns = lf_now_ns();
	if (given(tv)) {
		tv->tv_sec = (time_t)(ns / LF_NS);
		tv->tv_usec = (suseconds_t)(ns % LF_NS / 1000);
	}
	if (tz)
		memset(tz, 0, sizeof(struct timezone));
	return 0;
}

int
clock_gettime(clockid_t clk, struct timespec *ts)
{
	if (!lf_on() || clk < 0)
		return REAL(clock_gettime)(clk, ts);
	ns_to_timespec(lf_clock_ns(clk), ts);
	return 0;
}

int
timespec_get(struct timespec *ts, int base)
{
	if (!lf_on())
		return REAL(timespec_get)(ts, base);
	if (base != TIME_UTC)
		return 0;
	ns_to_timespec(lf_now_ns(), ts);
	return base;
}

/* ---- waits: each one moves to the next snapshot ---- */

/* The armed timer due first, or -1. */
static int
next_timer(void)
{
	int best = -1;

	for (int i = 0; i < LF_TIMERS; i++)
		if (lf.timers[i].armed && (best < 0 || lf.timers[i].left_ns < lf.timers[best].left_ns))
			best = i;
	return best;
}

/* Raises signo, under the mask of a sigsuspend when one is given. */
static void
deliver(int signo, const sigset_t *mask)
{
	sigset_t old;

	if (mask)
		REAL(sigprocmask)(SIG_SETMASK, mask, &old);
	raise(signo);
	if (mask)
		REAL(sigprocmask)(SIG_SETMASK, &old, NULL);
}

enum lf_wait_result {
	WAIT_SLEPT,  /* the whole time went by */
	WAIT_SIGNAL, /* a timer fired or a SIGINT came: the wait was interrupted */
};

/*
 * One wait of ns nanoseconds (-1: until a signal). Moves to the next
 * snapshot and advances the clock, firing the timers that fall due; at the
 * end of the sequence (or at LIVEFIX_SIGINT_AT) raises SIGINT instead.
 * *ret_left: what was not waited when a signal interrupted.
 */
static enum lf_wait_result
lf_wait(long long ns, const sigset_t *mask, long long *ret_left)
{
	static const char msg[] = "livefix: no more snapshots\n";
	int t = next_timer();
	long long step = ns;
	bool fires = false;

	*ret_left = ns > 0 ? ns : 0;
	lf.n_waits++;
	if (lf.sigint_at && lf.n_waits == lf.sigint_at) {
		deliver(SIGINT, mask);
		return WAIT_SIGNAL;
	}
	if (t >= 0 && (ns < 0 || lf.timers[t].left_ns <= ns)) {
		step = lf.timers[t].left_ns;
		fires = true;
	}
	if (step < 0 || !lf_snapshot_exists(lf.cur + 1)) {
		/* Nothing more to show: the user's Ctrl-C; a program that still waits is stopped. */
		if (++lf.n_end_waits > 2) {
			(void)!write(2, msg, sizeof(msg) - 1);
			_exit(99);
		}
		deliver(SIGINT, mask);
		return WAIT_SIGNAL;
	}
	lf.waited_ns += step;
	lf_set_snapshot(lf.cur + 1);
	for (int i = 0; i < LF_TIMERS; i++) {
		struct lf_timer *tm = &lf.timers[i];
		if (!tm->armed)
			continue;
		tm->left_ns -= step;
		if (tm->left_ns > 0)
			continue;
		tm->armed = tm->interval_ns > 0;
		tm->left_ns = tm->interval_ns;
	}
	if (!fires) {
		*ret_left = 0;
		return WAIT_SLEPT;
	}
	*ret_left = ns > step ? ns - step : 0;
	deliver(lf.timers[t].signo, mask);
	return WAIT_SIGNAL;
}

unsigned int
alarm(unsigned int seconds)
{
	struct lf_timer *tm = &lf.timers[0];
	unsigned int prev = 0;

	if (!lf_on())
		return REAL(alarm)(seconds);
	if (tm->armed)
		prev = (unsigned int)((tm->left_ns + LF_NS - 1) / LF_NS);
	tm->armed = seconds > 0;
	tm->signo = SIGALRM;
	tm->left_ns = (long long)seconds * LF_NS;
	tm->interval_ns = 0;
	return prev;
}

static long long
timeval_ns(const struct timeval *tv)
{
	return (long long)tv->tv_sec * LF_NS + (long long)tv->tv_usec * 1000;
}

static void
ns_to_timeval(long long ns, struct timeval *tv)
{
	tv->tv_sec = (time_t)(ns / LF_NS);
	tv->tv_usec = (suseconds_t)(ns % LF_NS / 1000);
}

int
getitimer(__itimer_which_t which, struct itimerval *cur)
{
	struct lf_timer *tm = &lf.timers[0];

	if (!lf_on() || which != ITIMER_REAL)
		return REAL(getitimer)(which, cur);
	ns_to_timeval(tm->armed ? tm->left_ns : 0, &cur->it_value);
	ns_to_timeval(tm->interval_ns, &cur->it_interval);
	return 0;
}

int
setitimer(__itimer_which_t which, const struct itimerval *val, struct itimerval *old)
{
	struct lf_timer *tm = &lf.timers[0];

	if (!lf_on() || which != ITIMER_REAL)
		return REAL(setitimer)(which, val, old);
	if (old)
		getitimer(which, old);
	tm->signo = SIGALRM;
	tm->left_ns = timeval_ns(&val->it_value);
	tm->interval_ns = timeval_ns(&val->it_interval);
	tm->armed = tm->left_ns > 0;
	return 0;
}

/* A fake timer_t: the slot number, never a real timer's id. */
static int
timer_slot(timer_t id)
{
	intptr_t n = (intptr_t)id - 0x4c460000;

	return n >= 1 && n < LF_TIMERS && lf.timers[n].created ? (int)n : -1;
}

int
timer_create(clockid_t clk, struct sigevent *sev, timer_t *id)
{
	if (!lf_on() || (sev && sev->sigev_notify != SIGEV_SIGNAL && sev->sigev_notify != SIGEV_NONE))
		return REAL(timer_create)(clk, sev, id);
	for (int i = 1; i < LF_TIMERS; i++) {
		if (lf.timers[i].created)
			continue;
		memset(&lf.timers[i], 0, sizeof(lf.timers[i]));
		lf.timers[i].created = true;
		lf.timers[i].signo = sev ? (sev->sigev_notify == SIGEV_NONE ? 0 : sev->sigev_signo)
					 : SIGALRM;
		*id = (timer_t)(intptr_t)(0x4c460000 + i);
		return 0;
	}
	errno = EAGAIN;
	return -1;
}

int
timer_gettime(timer_t id, struct itimerspec *cur)
{
	int n = timer_slot(id);

	if (n < 0)
		return REAL(timer_gettime)(id, cur);
	ns_to_timespec(lf.timers[n].armed ? lf.timers[n].left_ns : 0, &cur->it_value);
	ns_to_timespec(lf.timers[n].interval_ns, &cur->it_interval);
	return 0;
}

int
timer_settime(timer_t id, int flags, const struct itimerspec *val, struct itimerspec *old)
{
	int n = timer_slot(id);
	struct lf_timer *tm;

	if (n < 0)
		return REAL(timer_settime)(id, flags, val, old);
	tm = &lf.timers[n];
	if (old)
		timer_gettime(id, old);
	tm->left_ns = timespec_ns(&val->it_value);
	if ((flags & TIMER_ABSTIME) && tm->left_ns > 0) {
		tm->left_ns -= lf_now_ns();
		if (tm->left_ns <= 0)
			tm->left_ns = 1;
	}
	tm->interval_ns = timespec_ns(&val->it_interval);
	tm->armed = tm->left_ns > 0;
	return 0;
}

int
timer_delete(timer_t id)
{
	int n = timer_slot(id);

	if (n < 0)
		return REAL(timer_delete)(id);
	memset(&lf.timers[n], 0, sizeof(lf.timers[n]));
	return 0;
}

int
timer_getoverrun(timer_t id)
{
	return timer_slot(id) < 0 ? REAL(timer_getoverrun)(id) : 0;
}

int
pause(void)
{
	long long left;

	if (!lf_on())
		return REAL(pause)();
	lf_wait(-1, NULL, &left);
	errno = EINTR;
	return -1;
}

int
sigsuspend(const sigset_t *mask)
{
	long long left;

	if (!lf_on())
		return REAL(sigsuspend)(mask);
	lf_wait(-1, mask, &left);
	errno = EINTR;
	return -1;
}

unsigned int
sleep(unsigned int seconds)
{
	long long left;

	if (!lf_on())
		return REAL(sleep)(seconds);
	if (lf_wait((long long)seconds * LF_NS, NULL, &left) == WAIT_SLEPT)
		return 0;
	return (unsigned int)((left + LF_NS - 1) / LF_NS);
}

int
usleep(useconds_t usec)
{
	long long left;

	if (!lf_on())
		return REAL(usleep)(usec);
	if (lf_wait((long long)usec * 1000, NULL, &left) == WAIT_SLEPT)
		return 0;
	errno = EINTR;
	return -1;
}

int
nanosleep(const struct timespec *req, struct timespec *rem)
{
	long long left;

	if (!lf_on())
		return REAL(nanosleep)(req, rem);
	if (req->tv_nsec < 0 || req->tv_nsec >= LF_NS || req->tv_sec < 0) {
		errno = EINVAL;
		return -1;
	}
	if (lf_wait(timespec_ns(req), NULL, &left) == WAIT_SLEPT)
		return 0;
	if (rem)
		ns_to_timespec(left, rem);
	errno = EINTR;
	return -1;
}

int
clock_nanosleep(clockid_t clk, int flags, const struct timespec *req, struct timespec *rem)
{
	long long ns, left;

	if (!lf_on())
		return REAL(clock_nanosleep)(clk, flags, req, rem);
	if (req->tv_nsec < 0 || req->tv_nsec >= LF_NS || req->tv_sec < 0)
		return EINVAL;
	ns = timespec_ns(req);
	if (flags & TIMER_ABSTIME)
		ns -= lf_clock_ns(clk);
	if (ns <= 0)
		return 0;
	if (lf_wait(ns, NULL, &left) == WAIT_SLEPT)
		return 0;
	if (rem && !(flags & TIMER_ABSTIME))
		ns_to_timespec(left, rem);
	return EINTR;
}

/* select and poll without descriptors are sleeps; with some, the real ones. */
int
select(int nfds, fd_set *r, fd_set *w, fd_set *e, struct timeval *tv)
{
	long long left;

	if (!lf_on() || nfds > 0 || !tv)
		return REAL(select)(nfds, r, w, e, tv);
	if (lf_wait(timeval_ns(tv), NULL, &left) == WAIT_SLEPT) {
		tv->tv_sec = 0;
		tv->tv_usec = 0;
		return 0;
	}
	ns_to_timeval(left, tv);
	errno = EINTR;
	return -1;
}

int
poll(struct pollfd *fds, nfds_t n, int timeout)
{
	long long left;

	if (!lf_on() || n > 0 || timeout < 0)
		return REAL(poll)(fds, n, timeout);
	if (lf_wait((long long)timeout * 1000000LL, NULL, &left) == WAIT_SLEPT)
		return 0;
	errno = EINTR;
	return -1;
}

/* ---- who the machine is ---- */

/* One field of the uname file: its line n (0-based) copied into out, else dflt. */
static void
uname_field(const char *text, int n, const char *dflt, char *out, size_t size)
{
	const char *p = text;
	size_t len;

	for (int i = 0; p && i < n; i++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	if (!p || !*p || *p == '\n')
		p = dflt;
	len = strcspn(p, "\n");
	if (len >= size)
		len = size - 1;
	memcpy(out, p, len);
	out[len] = '\0';
}

int
uname(struct utsname *u)
{
	char p[PATH_MAX], text[1024] = "";

	if (!lf_on())
		return REAL(uname)(u);
	if (!(join(p, sizeof(p), lf.snap, "/.livefix/uname") && read_small(p, text, sizeof(text)) > 0))
		if (join(p, sizeof(p), lf.seq, "/.livefix/uname"))
			read_small(p, text, sizeof(text));
	memset(u, 0, sizeof(*u));
	uname_field(text, 0, "Linux", u->sysname, sizeof(u->sysname));
	uname_field(text, 1, "livefix", u->nodename, sizeof(u->nodename));
	uname_field(text, 2, "6.1.0-livefix", u->release, sizeof(u->release));
	uname_field(text, 3, "x86_64", u->machine, sizeof(u->machine));
	uname_field(text, 4, "#1 SMP PREEMPT_DYNAMIC livefix", u->version, sizeof(u->version));
	uname_field("", 0, "(none)", u->domainname, sizeof(u->domainname));
	return 0;
}

int
gethostname(char *name, size_t len)
{
	struct utsname u;
	size_t n;

	if (!lf_on())
		return REAL(gethostname)(name, len);
	uname(&u);
	n = strlen(u.nodename) + 1;
	if (n > len) {
		if (len) {
			memcpy(name, u.nodename, len - 1);
			name[len - 1] = '\0';
		}
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(name, u.nodename, n);
	return 0;
}

pid_t
getpid(void)
{
	if (lf_on() && lf.has_pid)
		return lf.pid;
	return REAL(getpid)();
}

/* ---- users: the snapshot's etc/passwd when it has one ---- */

/* Whether the snapshot has etc/passwd: its path in ret. */
static bool
passwd_path(char *ret, size_t size)
{
	struct stat st;

	return lf_on() && join(ret, size, lf.snap, "/etc/passwd") && real_lstat(ret, &st) == 0;
}

/*
 * Looks a user up in the passwd file at path, by uid or by name; the strings
 * go to buf. 0 and *ret set (NULL: not found), or an errno (ERANGE).
 */
static int
passwd_find(const char *path, const char *name, uid_t uid, struct passwd *pw, char *buf,
	    size_t size, struct passwd **ret)
{
	char line[1024];
	char *f[7];
	FILE *fp = REAL(fopen)(path, "re");
	int err = 0;

	*ret = NULL;
	if (!fp)
		return errno;
	while (fgets(line, sizeof(line), fp)) {
		size_t len = strcspn(line, "\n"), n = 0, used = 0;
		char *p = line;
		line[len] = '\0';
		for (f[n++] = p; n < 7 && (p = strchr(p, ':')); f[n++] = p)
			*p++ = '\0';
		if (n < 7 || (p = strchr(f[6], ':')))
			continue;
		if (name ? strcmp(f[0], name) != 0 : strtoul(f[2], NULL, 10) != uid)
			continue;
		if (len + 1 > size) {
			err = ERANGE;
			break;
		}
		char *s[7];
		for (int i = 0; i < 7; i++) {
			size_t l = strlen(f[i]) + 1;
			s[i] = buf + used;
			memcpy(buf + used, f[i], l);
			used += l;
		}
		pw->pw_name = s[0];
		pw->pw_passwd = s[1];
		pw->pw_uid = (uid_t)strtoul(s[2], NULL, 10);
		pw->pw_gid = (gid_t)strtoul(s[3], NULL, 10);
		pw->pw_gecos = s[4];
		pw->pw_dir = s[5];
		pw->pw_shell = s[6];
		*ret = pw;
		break;
	}
	fclose(fp);
	return err;
}

static struct passwd lf_pw;
static char lf_pw_buf[1024];

struct passwd *
getpwuid(uid_t uid)
{
	char p[PATH_MAX];
	struct passwd *r;
	int err;

	if (!passwd_path(p, sizeof(p)))
		return REAL(getpwuid)(uid);
	err = passwd_find(p, NULL, uid, &lf_pw, lf_pw_buf, sizeof(lf_pw_buf), &r);
	if (err)
		errno = err;
	return r;
}

struct passwd *
getpwnam(const char *name)
{
	char p[PATH_MAX];
	struct passwd *r;
	int err;

	if (!given(name) || !passwd_path(p, sizeof(p)))
		return REAL(getpwnam)(name);
	err = passwd_find(p, name, 0, &lf_pw, lf_pw_buf, sizeof(lf_pw_buf), &r);
	if (err)
		errno = err;
	return r;
}

int
getpwuid_r(uid_t uid, struct passwd *pw, char *buf, size_t size, struct passwd **ret)
{
	char p[PATH_MAX];

	if (!passwd_path(p, sizeof(p)))
		return REAL(getpwuid_r)(uid, pw, buf, size, ret);
	return passwd_find(p, NULL, uid, pw, buf, size, ret);
}

int
getpwnam_r(const char *name, struct passwd *pw, char *buf, size_t size, struct passwd **ret)
{
	char p[PATH_MAX];

	if (!given(name) || !passwd_path(p, sizeof(p)))
		return REAL(getpwnam_r)(name, pw, buf, size, ret);
	return passwd_find(p, name, 0, pw, buf, size, ret);
}

/* ---- the number of CPUs: glibc would read the real /sys ---- */

/* "0-3,5,7-8" -> 7. */
static long
count_ranges(const char *s)
{
	long n = 0;
	char *end;

	while (*s >= '0' && *s <= '9') {
		long a = strtol(s, &end, 10), b = a;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		if (b >= a)
			n += b - a + 1;
		s = *end == ',' ? end + 1 : end;
	}
	return n;
}

static long
lf_cpus(bool online)
{
	char p[PATH_MAX], buf[4096];
	long n = 0;
	DIR *d;
	struct dirent64 *e;

	if (online && join(p, sizeof(p), lf.snap, "/sys/devices/system/cpu/online") &&
	    read_small(p, buf, sizeof(buf)) > 0 && (n = count_ranges(buf)) > 0)
		return n;
	if (join(p, sizeof(p), lf.snap, "/sys/devices/system/cpu") && (d = REAL(opendir)(p))) {
		while ((e = REAL(readdir64)(d)))
			if (!strncmp(e->d_name, "cpu", 3) && e->d_name[3] >= '0' && e->d_name[3] <= '9' &&
			    e->d_name[3 + strspn(e->d_name + 3, "0123456789")] == '\0')
				n++;
		REAL(closedir)(d);
	}
	return n > 0 ? n : 1;
}

long
sysconf(int name)
{
	if (lf_on() && (name == _SC_NPROCESSORS_CONF || name == _SC_NPROCESSORS_ONLN))
		return lf_cpus(name == _SC_NPROCESSORS_ONLN);
	return REAL(sysconf)(name);
}

int
get_nprocs(void)
{
	return lf_on() ? (int)lf_cpus(true) : REAL(get_nprocs)();
}

int
get_nprocs_conf(void)
{
	return lf_on() ? (int)lf_cpus(false) : REAL(get_nprocs_conf)();
}
