/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdbool.h>
#include <unistd.h>

#include "fdio.h"
#include "banned.h"

/* read() or, positional, pread() from off until len bytes, the end, or an error. */
static ssize_t
transfer_in(int fd, void *buf, size_t len, bool positional, uint64_t off)
{
	size_t done = 0;

	while (done < len) {
		unsigned char *p = (unsigned char *) buf + done;
		ssize_t n = positional ? pread(fd, p, len - done, (off_t) (off + done))
		                       : read(fd, p, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			break;
		done += (size_t) n;
	}
	return (ssize_t) done;
}

ssize_t
fdio_read_full(int fd, void *buf, size_t len)
{
	return transfer_in(fd, buf, len, false, 0);
}

ssize_t
fdio_pread_full(int fd, void *buf, size_t len, uint64_t off)
{
	return transfer_in(fd, buf, len, true, off);
}

int
fdio_pread_all(int fd, void *buf, size_t len, uint64_t off)
{
	ssize_t n = fdio_pread_full(fd, buf, len, off);

	if (n < 0)
		return (int) n;
	return (size_t) n < len ? -EIO : 0;
}

int
fdio_pwrite_all(int fd, const void *buf, size_t len, uint64_t off)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = pwrite(fd, (const unsigned char *) buf + done, len - done,
		                   (off_t) (off + done));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -ENOSPC;
		done += (size_t) n;
	}
	return 0;
}
