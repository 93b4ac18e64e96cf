/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_TEST_FIXTURE_H
#define SYSREC_TEST_FIXTURE_H

/*
 * Access to the shared corpus for unit tests: the fixture roots (snapshots
 * of /proc and /sys) and the archives that sysstat 12.6.1's own sadc wrote
 * from them (its test suite, built in TEST mode), which serve as the oracle
 * for our collectors. The corpus lives in ../shared beside the checkout, or
 * where SYSREC_SHARED points; tests skip visibly when it is absent.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The shared directory, or NULL when it is not there. */
const char *fixture_shared(void);

/* Writes the path of fixture root name ("root1"...) into out. Returns false if absent. */
bool fixture_root(const char *name, char *out, size_t len);

/* Writes the path of a corpus file (e.g. "upstream/generated/data-new.tmp") into out. */
bool fixture_file(const char *rel, char *out, size_t len);

/*
 * Reads the record_index-th R_STATS record (0-based, counting statistics
 * records only) of archive path, and copies out the items of activity id:
 * *ret_nr gets the record's item count, *ret_nr2 the sub-item count, and
 * *ret_items a malloc'd copy of nr * nr2 items of the activity's 12.6.1 size
 * (free it). Returns 0, or -1 when the file, record or activity is missing.
 */
int fixture_record_items(const char *path, int record_index, uint32_t id, void **ret_items,
                         int32_t *ret_nr, int32_t *ret_nr2);

/*
 * Scratch roots for the collector tests: a new directory that a test fills
 * with the /proc, /sys, /dev and /etc files it needs and gives the
 * collectors as their root. REL is relative to ROOT ("proc/net/dev").
 * Each returns 0, or a negative errno (-ENAMETOOLONG for a path that does
 * not fit); none prints or exits, so that the test asserts on the result.
 */

/*
 * Makes a new directory $TMPDIR/NAME.XXXXXX (/tmp without TMPDIR), mode
 * 0700, and writes its path into out (len bytes).
 */
int fixture_tmp_root(const char *name, char *out, size_t len);

/* mkdir -p ROOT/REL (mode 0755); directories already there are fine. */
int fixture_mkdir(const char *root, const char *rel);

/*
 * Writes the len bytes of data into ROOT/REL (created or truncated, mode
 * 0644), making its missing parent directories first.
 */
int fixture_put(const char *root, const char *rel, const void *data, size_t len);

/* fixture_put() of the string text, without its NUL. */
int fixture_put_str(const char *root, const char *rel, const char *text);

/* A symbolic link ROOT/REL -> target (kept as given), making its parents first. */
int fixture_symlink(const char *root, const char *rel, const char *target);

/*
 * Removes the tree at root, root included, without following symbolic
 * links (nftw). root NULL or empty does nothing.
 */
int fixture_rm_tree(const char *root);

/* Prints "SKIP: <what>" once per test program, for visibly skipped checks. */
void fixture_skip(const char *what);

#endif
