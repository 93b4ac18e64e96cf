/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/magic.h>
#include <sys/vfs.h>

#include "sysroot.h"
#include "banned.h"

int
sysroot_open(struct sysroot *r, const char *path)
{
	if (!path || !*path)
		path = "/";
	if (strlen(path) >= sizeof(r->path))
		return -ENAMETOOLONG;
	r->dirfd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (r->dirfd < 0)
		return -errno;
	memcpy(r->path, path, strlen(path) + 1);
	return 0;
}

void
sysroot_close(struct sysroot *r)
{
	if (r->dirfd > 0)
		close(r->dirfd);
	r->dirfd = -1;
}

/* Files under the root are addressed relative to it; tolerate a leading '/'. */
static const char *
rel_path(const char *rel)
{
	while (*rel == '/')
		rel++;
	return *rel ? rel : ".";
}

/*
 * Reads fd to its end into buf (reset first, NUL terminated), from its
 * current offset, or from offset 0 with pread() when positional. Returns
 * the length or -errno.
 */
static ssize_t
read_all(int fd, bool positional, struct strbuf *buf)
{
	ssize_t n;

	strbuf_reset(buf);
	for (;;) {
		size_t room;

		/* /proc files report size 0: read until the end, in page-sized steps. */
		if (strbuf_grow(buf, 4096) < 0)
			return buf->err;
		room = buf->cap - buf->len - 1;
		n = positional ? pread(fd, buf->buf + buf->len, room, (off_t) buf->len)
		               : read(fd, buf->buf + buf->len, room);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		buf->len += (size_t) n;
	}
	if (n < 0) {
		int err = -errno;

		strbuf_reset(buf);
		return err;
	}
	buf->buf[buf->len] = '\0';
	return (ssize_t) buf->len;
}

ssize_t
sysroot_read(const struct sysroot *r, const char *rel, struct strbuf *buf)
{
	int fd = openat(r->dirfd, rel_path(rel), O_RDONLY | O_CLOEXEC);
	ssize_t n;

	strbuf_reset(buf);
	if (fd < 0)
		return -errno;
	n = read_all(fd, false, buf);
	close(fd);
	return n;
}

/* True when fd is a file of procfs or sysfs, which every read from offset 0 makes anew. */
static bool
made_on_read(int fd)
{
	struct statfs sfs;

	return fstatfs(fd, &sfs) == 0 &&
	       (sfs.f_type == PROC_SUPER_MAGIC || sfs.f_type == SYSFS_MAGIC);
}

/* After a read of fd opened for f: keeps fd open in f or closes it. */
static void
keep_or_close(struct sysroot_file *f, int fd, bool read_ok)
{
	/* Kept from the second read on: a one-shot sadc reads each file once. */
	if (read_ok && f->read_before && !f->reopen && made_on_read(fd)) {
		f->fd = fd;
		f->open = true;
	} else {
		close(fd);
	}
	f->read_before = true;
}

ssize_t
sysroot_reread(const struct sysroot *r, const char *rel, struct sysroot_file *f, struct strbuf *buf)
{
	ssize_t n;
	int fd;

	if (f->open) {
		n = read_all(f->fd, true, buf);
		if (n >= 0)
			return n;
		/* Gone (a module unloaded, a device removed) or not readable so: open anew. */
		if (n == -ESPIPE)
			f->reopen = true;
		sysroot_file_close(f);
	}
	fd = openat(r->dirfd, rel_path(rel), O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		strbuf_reset(buf);
		return -errno;
	}
	n = read_all(fd, false, buf);
	keep_or_close(f, fd, n >= 0);
	return n;
}

void
sysroot_file_close(struct sysroot_file *f)
{
	if (f->open)
		close(f->fd);
	f->open = false;
}

/*
 * One read of up to len - 1 bytes into out (len > 0), from offset 0 when
 * positional, cut at the first newline. Returns the length or -errno.
 */
static ssize_t
read_line(int fd, bool positional, char *out, size_t len)
{
	ssize_t n;
	char *nl;

	do
		n = positional ? pread(fd, out, len - 1, 0) : read(fd, out, len - 1);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	out[n] = '\0';
	nl = strchr(out, '\n');
	if (nl)
		*nl = '\0';
	return (ssize_t) strlen(out);
}

ssize_t
sysroot_read_once_at(int dirfd, const char *rel, char *buf, size_t len, struct stat *ret_st)
{
	int fd = openat(dirfd, rel, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	ssize_t n;
	int err;

	if (fd < 0)
		return -errno;
	if (ret_st && fstat(fd, ret_st) < 0) {
		err = errno;
		close(fd);
		return -err;
	}
	do
		n = read(fd, buf, len);
	while (n < 0 && errno == EINTR);
	err = errno;
	close(fd);
	return n < 0 ? -err : n;
}

ssize_t
sysroot_read_line(const struct sysroot *r, const char *rel, char *out, size_t len)
{
	int fd;
	ssize_t n;

	if (len == 0)
		return -EINVAL;
	out[0] = '\0';
	fd = openat(r->dirfd, rel_path(rel), O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read_line(fd, false, out, len);
	close(fd);
	return n;
}

ssize_t
sysroot_reread_line(const struct sysroot *r, const char *rel, struct sysroot_file *f, char *out,
                    size_t len)
{
	ssize_t n;
	int fd;

	if (len == 0)
		return -EINVAL;
	out[0] = '\0';
	if (f->open) {
		n = read_line(f->fd, true, out, len);
		if (n >= 0)
			return n;
		if (n == -ESPIPE)
			f->reopen = true;
		sysroot_file_close(f);
	}
	fd = openat(r->dirfd, rel_path(rel), O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read_line(fd, false, out, len);
	keep_or_close(f, fd, n >= 0);
	return n;
}

int
sysroot_stat(const struct sysroot *r, const char *rel, struct stat *ret)
{
	return fstatat(r->dirfd, rel_path(rel), ret, 0) < 0 ? -errno : 0;
}

bool
sysroot_exists(const struct sysroot *r, const char *rel)
{
	struct stat st;

	return sysroot_stat(r, rel, &st) == 0;
}

bool
sysroot_is_dir(const struct sysroot *r, const char *rel)
{
	struct stat st;

	return sysroot_stat(r, rel, &st) == 0 && S_ISDIR(st.st_mode);
}

bool
sysroot_is_fixture(const struct sysroot *r)
{
	return strcmp(r->path, "/") != 0;
}

ssize_t
sysroot_readlink(const struct sysroot *r, const char *rel, char *out, size_t len)
{
	ssize_t n;

	if (len == 0)
		return -EINVAL;
	n = readlinkat(r->dirfd, rel_path(rel), out, len - 1);
	if (n < 0 && errno == EINVAL && sysroot_is_fixture(r))
		return sysroot_read_line(r, rel, out, len);
	if (n < 0)
		return -errno;
	out[n] = '\0';
	return n;
}

int
sysroot_dir_open(const struct sysroot *r, const char *rel, struct sysroot_dir *it)
{
	char list[4096];

	it->opened = true;
	it->fd = -1;
	it->dpos = it->dlen = it->pos = 0;
	memset(&it->list, 0, sizeof(it->list));
	if (sysroot_is_fixture(r)) {
		int n = snprintf(list, sizeof(list), "%s/_list", rel_path(rel));

		if (n > 0 && (size_t) n < sizeof(list) && sysroot_read(r, list, &it->list) >= 0)
			return 0;
		strbuf_release(&it->list);
	}
	it->fd = openat(r->dirfd, rel_path(rel), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return it->fd < 0 ? -errno : 0;
}

/* Next line of the _list file, skipping empty lines. */
static const char *
next_listed(struct sysroot_dir *it)
{
	while (it->pos < it->list.len) {
		const char *s = it->list.buf + it->pos;
		const char *nl = memchr(s, '\n', it->list.len - it->pos);
		size_t n = nl ? (size_t) (nl - s) : it->list.len - it->pos;

		it->pos += n + (nl ? 1 : 0);
		if (n == 0 || n >= sizeof(it->name))
			continue;
		memcpy(it->name, s, n);
		it->name[n] = '\0';
		return it->name;
	}
	return NULL;
}

const char *
sysroot_dir_next(struct sysroot_dir *it)
{
	if (it->fd < 0)
		return next_listed(it);
	for (;;) {
		const struct sysroot_dirent *e;

		if (it->dpos >= it->dlen) {
			ssize_t n = getdents64(it->fd, it->dents, sizeof(it->dents));

			if (n <= 0)
				return NULL;
			it->dlen = (size_t) n;
			it->dpos = 0;
		}
		e = (const struct sysroot_dirent *) (it->dents + it->dpos);
		it->dpos += e->reclen;
		if (!strcmp(e->name, ".") || !strcmp(e->name, "..") || !strcmp(e->name, "_list"))
			continue;
		snprintf(it->name, sizeof(it->name), "%s", e->name);
		return it->name;
	}
}

void
sysroot_dir_close(struct sysroot_dir *it)
{
	if (!it->opened)
		return;
	if (it->fd >= 0)
		close(it->fd);
	it->fd = -1;
	it->opened = false;
	strbuf_release(&it->list);
}

int
sysroot_path(const struct sysroot *r, const char *rel, char *out, size_t len)
{
	const char *sep = strcmp(r->path, "/") ? "/" : "";
	int n = snprintf(out, len, "%s%s%s", r->path, sep, rel_path(rel));

	return n < 0 || (size_t) n >= len ? -ENAMETOOLONG : 0;
}
