/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SYSROOT_H
#define SYSREC_SYSROOT_H

/*
 * The directory that /proc, /sys, /dev and /etc/mtab are read from: "/" in
 * production, a fixture tree in tests (sadc's testing root option). Every
 * path below is relative to the root, without a leading slash
 * ("proc/stat"). All functions return a negative errno on failure.
 */

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "strbuf.h"

struct sysroot {
	int dirfd;       /* the root directory, opened O_PATH */
	char path[4096]; /* its name, "/" by default */
};

/* Opens path (NULL or "" for "/") as the root. */
int sysroot_open(struct sysroot *r, const char *path);

/* Closes the root; accepts a closed or zeroed one. */
void sysroot_close(struct sysroot *r);

/*
 * Reads the whole file rel into buf (reset first, grown as needed, NUL
 * terminated). Returns the length, or -errno (-ENOENT for a missing file).
 */
ssize_t sysroot_read(const struct sysroot *r, const char *rel, struct strbuf *buf);

/*
 * A file read again and again (a /proc file, every sample). Files of procfs
 * and sysfs are made anew by every read from offset 0, so from its second
 * read on such a file is kept open and read again with pread() from 0: no
 * path lookup, open and close per read (and nothing more than a plain read
 * for a file read once). Others (fixture trees, an /etc/mtab that is a real file) are
 * opened for every read, so that a file replaced meanwhile is seen.
 * Zeroed: not open.
 */
struct sysroot_file {
	bool open;        /* fd is kept open */
	bool read_before; /* kept open from the second read on */
	bool reopen;      /* cannot be read with pread(): opened for every read */
	int fd;
};

/*
 * sysroot_read() of rel, through f. A read that fails on the open file (it
 * went away: a module unloaded, a device removed) closes it and opens rel
 * again, so that a file that comes back is read and one that stays away
 * gives its -errno as sysroot_read() does.
 */
ssize_t sysroot_reread(const struct sysroot *r, const char *rel, struct sysroot_file *f,
                       struct strbuf *buf);

/*
 * One read() of at most len bytes of rel, relative to the directory dirfd,
 * into buf (not NUL-terminated), the file opened and closed around it; with
 * ret_st, also the open file's fstat(). For the many small files a sample
 * reads under one directory (/proc/PID/..., a cgroup's files), without
 * allocating. Returns the bytes read or -errno.
 */
ssize_t sysroot_read_once_at(int dirfd, const char *rel, char *buf, size_t len,
                             struct stat *ret_st);

/* sysroot_read_line() of rel, through f (as sysroot_reread()). */
ssize_t sysroot_reread_line(const struct sysroot *r, const char *rel, struct sysroot_file *f,
                            char *out, size_t len);

/* Closes the file kept open by f, if any. */
void sysroot_file_close(struct sysroot_file *f);

/*
 * Reads the first line of a small file (sysfs attributes) into out, without
 * its newline. Returns the length or -errno.
 */
ssize_t sysroot_read_line(const struct sysroot *r, const char *rel, char *out, size_t len);

/* stat() of rel, following symlinks. */
int sysroot_stat(const struct sysroot *r, const char *rel, struct stat *ret);

/* True when rel exists (following symlinks). */
bool sysroot_exists(const struct sysroot *r, const char *rel);

/* True when rel is a directory. */
bool sysroot_is_dir(const struct sysroot *r, const char *rel);

/*
 * readlink() of rel into out (NUL-terminated). Returns the length or -errno.
 * Under a fixture root (not "/"), a regular file stands for a symlink and
 * holds its target, as in sysstat's test trees.
 */
ssize_t sysroot_readlink(const struct sysroot *r, const char *rel, char *out, size_t len);

/* One raw 64-bit directory entry, as getdents64() returns them. */
struct sysroot_dirent {
	uint64_t ino;
	int64_t off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

/*
 * Directory listing without "." and "..". Under a fixture root, a file
 * named _list in the directory gives the entries and their order (one name
 * a line), so that enumeration is deterministic as in sysstat's test trees;
 * the _list file itself is never listed.
 */
struct sysroot_dir {
	bool opened;                  /* set by sysroot_dir_open(); a zeroed listing is closed */
	int fd;                       /* the directory, -1 when listing from _list */
	_Alignas(8) char dents[4096]; /* raw entries (getdents64): no allocation per listing */
	size_t dpos, dlen;
	struct strbuf list; /* contents of _list, when used */
	size_t pos;
	char name[256];
};

/* Opens directory rel. Returns 0 or -errno. */
int sysroot_dir_open(const struct sysroot *r, const char *rel, struct sysroot_dir *it);

/* The next entry name, or NULL at the end. Valid until the next call. */
const char *sysroot_dir_next(struct sysroot_dir *it);

/* Releases the listing; accepts a zeroed one. */
void sysroot_dir_close(struct sysroot_dir *it);

/* True when r is a fixture root rather than the real "/". */
bool sysroot_is_fixture(const struct sysroot *r);

/*
 * The path of rel as seen from the process (root path + "/" + rel), for
 * calls that need a real path (statvfs). Returns 0 or -ENAMETOOLONG.
 */
int sysroot_path(const struct sysroot *r, const char *rel, char *out, size_t len);

#endif
