/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fault_shim.so: an LD_PRELOAD library for the tests (never installed) that
 * makes the writes of a program fail the way a full disk, a quota or a bad
 * disk makes them fail. It touches only regular files on descriptors above
 * 2 (the program's output files, never its messages), and is set up from
 * the environment:
 *
 *   FAULT_WRITE_AFTER=N   write() puts N bytes in all, then fails: the write
 *                         that crosses N writes what fits and returns that
 *                         short count (as the kernel does on a full disk),
 *                         the next ones fail with FAULT_ERRNO. 0: the first
 *                         write fails.
 *   FAULT_ERRNO=NAME      ENOSPC (default), EIO, EDQUOT, EFBIG, or a number.
 *   FAULT_FSYNC=NAME      fsync() and fdatasync() fail with this errno...
 *   FAULT_FSYNC_AFTER=N   ...after N of them succeeded (default 0).
 *   FAULT_FTRUNCATE=NAME  once a write or sync fault was injected,
 *                         ftruncate() fails with this errno.
 *
 * Built without sanitizers. In front of an ASan program, put the ASan
 * runtime first in LD_PRELOAD (or set ASAN_OPTIONS=verify_asan_link_order=0).
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/banned.h"

struct errno_name {
	const char *name;
	int value;
};

// clang-format off
static const struct errno_name errno_names[] = {
	{"ENOSPC", ENOSPC},
	{"EIO", EIO},
	{"EDQUOT", EDQUOT},
	{"EFBIG", EFBIG},
	{"EROFS", EROFS},
	{"EPERM", EPERM},
	{"EACCES", EACCES},
	{"EINVAL", EINVAL},
};
// clang-format on

/* The shim's state: the program under test is single-threaded. */
static struct {
	bool ready;
	long long write_budget; /* -1: no write fault */
	int write_errno;
	int fsync_errno; /* 0: no sync fault */
	long long fsync_budget;
	int ftruncate_errno; /* 0: no ftruncate fault */
	bool injected;       /* a write or sync fault happened */
} shim;

static int
errno_from(const char *s, int dflt)
{
	size_t i;

	if (!s || !*s)
		return dflt;
	for (i = 0; i < sizeof(errno_names) / sizeof(errno_names[0]); i++)
		if (!strcmp(s, errno_names[i].name))
			return errno_names[i].value;
	return atoi(s) > 0 ? atoi(s) : dflt;
}

static long long
number_from(const char *s, long long dflt)
{
	return s && *s ? atoll(s) : dflt;
}

static void
shim_init(void)
{
	if (shim.ready)
		return;
	shim.ready = true;
	shim.write_budget = number_from(getenv("FAULT_WRITE_AFTER"), -1);
	shim.write_errno = errno_from(getenv("FAULT_ERRNO"), ENOSPC);
	shim.fsync_errno = errno_from(getenv("FAULT_FSYNC"), 0);
	shim.fsync_budget = number_from(getenv("FAULT_FSYNC_AFTER"), 0);
	shim.ftruncate_errno = errno_from(getenv("FAULT_FTRUNCATE"), 0);
}

/* Only the program's data files: regular files above the standard streams. */
static bool
targeted(int fd)
{
	struct stat st;

	return fd > 2 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
}

static void *
next_symbol(const char *name)
{
	void *p = dlsym(RTLD_NEXT, name);

	if (!p)
		abort();
	return p;
}

ssize_t
write(int fd, const void *buf, size_t count)
{
	static ssize_t (*real)(int, const void *, size_t);
	ssize_t n;

	if (!real)
		real = (ssize_t(*)(int, const void *, size_t)) next_symbol("write");
	shim_init();
	if (shim.write_budget < 0 || count == 0 || !targeted(fd))
		return real(fd, buf, count);
	if (shim.write_budget == 0) {
		shim.injected = true;
		errno = shim.write_errno;
		return -1;
	}
	if ((unsigned long long) shim.write_budget < count)
		count = (size_t) shim.write_budget;
	n = real(fd, buf, count);
	if (n > 0)
		shim.write_budget -= n;
	return n;
}

static int
sync_fault(int fd)
{
	shim_init();
	if (!shim.fsync_errno || !targeted(fd))
		return 0;
	if (shim.fsync_budget > 0) {
		shim.fsync_budget--;
		return 0;
	}
	shim.injected = true;
	errno = shim.fsync_errno;
	return -1;
}

int
fsync(int fd)
{
	static int (*real)(int);

	if (!real)
		real = (int (*)(int)) next_symbol("fsync");
	return sync_fault(fd) < 0 ? -1 : real(fd);
}

int
fdatasync(int fd)
{
	static int (*real)(int);

	if (!real)
		real = (int (*)(int)) next_symbol("fdatasync");
	return sync_fault(fd) < 0 ? -1 : real(fd);
}

int
ftruncate(int fd, off_t length)
{
	static int (*real)(int, off_t);

	if (!real)
		real = (int (*)(int, off_t)) next_symbol("ftruncate");
	shim_init();
	if (shim.injected && shim.ftruncate_errno && targeted(fd)) {
		errno = shim.ftruncate_errno;
		return -1;
	}
	return real(fd, length);
}
