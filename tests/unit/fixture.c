/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "common/archive.h"
#include "common/source.h"

const char *
fixture_shared(void)
{
	static char path[4096];
	const char *env = getenv("SYSREC_SHARED");
	const char *top = getenv("top_srcdir");
	struct stat st;

	if (env && *env)
		snprintf(path, sizeof(path), "%s", env);
	else
		snprintf(path, sizeof(path), "%s/../shared", top && *top ? top : ".");
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return path;
	/* Run by hand from a build directory inside the checkout. */
	snprintf(path, sizeof(path), "%s", "../shared");
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return path;
	return NULL;
}

bool
fixture_file(const char *rel, char *out, size_t len)
{
	const char *shared = fixture_shared();
	struct stat st;
	int n;

	if (!shared)
		return false;
	n = snprintf(out, len, "%s/corpus/%s", shared, rel);
	return n > 0 && (size_t) n < len && stat(out, &st) == 0;
}

bool
fixture_root(const char *name, char *out, size_t len)
{
	char rel[256];

	snprintf(rel, sizeof(rel), "upstream/roots/%s", name);
	return fixture_file(rel, out, len);
}

static int
copy_items(const struct archive_act *a, void **ret_items, int32_t *ret_nr, int32_t *ret_nr2)
{
	size_t size = a->desc->size;
	size_t n = (size_t) a->nr * (size_t) a->fa.nr2;
	unsigned char *out = calloc(n ? n : 1, size);
	size_t i;

	if (!out)
		return -1;
	for (i = 0; i < n; i++)
		memcpy(out + i * size, a->buf + i * a->msize, size);
	*ret_items = out;
	*ret_nr = (int32_t) a->nr;
	*ret_nr2 = a->fa.nr2;
	return 0;
}

int
fixture_record_items(const char *path, int record_index, uint32_t id, void **ret_items,
                     int32_t *ret_nr, int32_t *ret_nr2)
{
	struct archive_reader r;
	struct archive_record rec;
	struct source *src;
	int fd = open(path, O_RDONLY);
	int rc = -1, seen = 0;

	if (fd < 0)
		return -1;
	memset(&r, 0, sizeof(r));
	if (source_open_fd(fd, &src) < 0) {
		close(fd);
		return -1;
	}
	if (archive_open(&r, src, true) == 0 && archive_read_header(&r, false) == 0) {
		while (archive_next(&r, &rec) > 0) {
			struct archive_act *a;

			if (rec.hdr.record_type != SA_R_STATS || seen++ != record_index)
				continue;
			a = archive_find(&r, id);
			if (a && a->known_format)
				rc = copy_items(a, ret_items, ret_nr, ret_nr2);
			break;
		}
	}
	archive_reader_release(&r);
	close(fd);
	return rc;
}

void
fixture_skip(const char *what)
{
	static bool said;

	if (!said)
		printf("SKIP: %s\n", what);
	said = true;
}

int
fixture_tmp_root(const char *name, char *out, size_t len)
{
	const char *tmp = getenv("TMPDIR");
	int n = snprintf(out, len, "%s/%s.XXXXXX", tmp && *tmp ? tmp : "/tmp", name);

	if (n < 0 || (size_t) n >= len)
		return -ENAMETOOLONG;
	return mkdtemp(out) ? 0 : -errno;
}

/* ROOT/REL into out; *ret_skip gets the length of "ROOT/", what exists already. */
static int
tree_path(const char *root, const char *rel, char *out, size_t len, size_t *ret_skip)
{
	int n = snprintf(out, len, "%s/%s", root, rel);

	if (n < 0 || (size_t) n >= len)
		return -ENAMETOOLONG;
	*ret_skip = strlen(root) + 1;
	return 0;
}

/* Makes each directory of path after its first skip bytes, up to its last '/'. */
static int
make_parents(char *path, size_t skip)
{
	char *p;

	for (p = path + skip; *p; p++) {
		int rc = 0;

		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			rc = -errno;
		*p = '/';
		if (rc < 0)
			return rc;
	}
	return 0;
}

int
fixture_mkdir(const char *root, const char *rel)
{
	char path[4096];
	size_t skip;
	int rc = tree_path(root, rel, path, sizeof(path), &skip);

	if (rc == 0)
		rc = make_parents(path, skip);
	if (rc == 0 && mkdir(path, 0755) < 0 && errno != EEXIST)
		rc = -errno;
	return rc;
}

int
fixture_put(const char *root, const char *rel, const void *data, size_t len)
{
	char path[4096];
	size_t skip;
	ssize_t n;
	int fd, rc = tree_path(root, rel, path, sizeof(path), &skip);

	if (rc == 0)
		rc = make_parents(path, skip);
	if (rc < 0)
		return rc;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return -errno;
	n = write(fd, data, len);
	if (n < 0)
		rc = -errno;
	else if ((size_t) n != len)
		rc = -EIO;
	if (close(fd) < 0 && rc == 0)
		rc = -errno;
	return rc;
}

int
fixture_put_str(const char *root, const char *rel, const char *text)
{
	return fixture_put(root, rel, text, strlen(text));
}

int
fixture_symlink(const char *root, const char *rel, const char *target)
{
	char path[4096];
	size_t skip;
	int rc = tree_path(root, rel, path, sizeof(path), &skip);

	if (rc == 0)
		rc = make_parents(path, skip);
	if (rc == 0 && symlink(target, path) < 0)
		rc = -errno;
	return rc;
}

static int
remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void) st;
	(void) type;
	(void) ftw;
	return remove(path) < 0 ? -errno : 0;
}

int
fixture_rm_tree(const char *root)
{
	int rc;

	if (!root || !*root)
		return 0;
	/* Depth first, so that each directory is empty when its turn comes. */
	rc = nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	return rc == -1 ? -errno : rc;
}
