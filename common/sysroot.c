/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

ssize_t
sysroot_read(const struct sysroot *r, const char *rel, struct strbuf *buf)
{
	int fd = openat(r->dirfd, rel_path(rel), O_RDONLY | O_CLOEXEC);
	ssize_t n;

	strbuf_reset(buf);
	if (fd < 0)
		return -errno;
	for (;;) {
		/* /proc files report size 0: read until the end, in page-sized steps. */
		if (strbuf_grow(buf, 4096) < 0) {
			close(fd);
			return buf->err;
		}
		n = read(fd, buf->buf + buf->len, buf->cap - buf->len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		buf->len += (size_t) n;
	}
	if (n < 0) {
		int err = -errno;

		close(fd);
		strbuf_reset(buf);
		return err;
	}
	close(fd);
	buf->buf[buf->len] = '\0';
	return (ssize_t) buf->len;
}

ssize_t
sysroot_read_line(const struct sysroot *r, const char *rel, char *out, size_t len)
{
	int fd = openat(r->dirfd, rel_path(rel), O_RDONLY | O_CLOEXEC);
	ssize_t n;
	char *nl;

	if (len == 0)
		return -EINVAL;
	out[0] = '\0';
	if (fd < 0)
		return -errno;
	do
		n = read(fd, out, len - 1);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	close(fd);
	out[n] = '\0';
	nl = strchr(out, '\n');
	if (nl)
		*nl = '\0';
	return (ssize_t) strlen(out);
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

/* Raw 64-bit directory entries, as getdents64() returns them. */
struct raw_dirent {
	uint64_t ino;
	int64_t off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

const char *
sysroot_dir_next(struct sysroot_dir *it)
{
	if (it->fd < 0)
		return next_listed(it);
	for (;;) {
		const struct raw_dirent *e;

		if (it->dpos >= it->dlen) {
			ssize_t n = getdents64(it->fd, it->dents, sizeof(it->dents));

			if (n <= 0)
				return NULL;
			it->dlen = (size_t) n;
			it->dpos = 0;
		}
		e = (const struct raw_dirent *) (it->dents + it->dpos);
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
