/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <fcntl.h>
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
