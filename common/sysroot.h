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
