/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_LIVE_CIFSIOSTAT_PARSE_H
#define SYSREC_LIVE_CIFSIOSTAT_PARSE_H
/*
 * cifsiostat's reading of /proc/fs/cifs/Stats (the kernel's
 * fs/smb/client/cifs_debug.c, SMB1 and SMB2 layouts), as a pure parser
 * over a buffer, and the sorted list of shares that keeps two samples of
 * each one, as sysstat 12.6.1 and 12.7.5 keep them.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* sysstat's name buffer (MAX_NAME_LEN): a share's name has at most 127 bytes. */
#define CIFS_NAME_MAX 128

/* The counters of one share, in the order cifsiostat prints them. */
struct cifs_counters {
	uint64_t rd_bytes;
	uint64_t wr_bytes;
	uint64_t rd_ops;
	uint64_t wr_ops;
	uint64_t fopens;
	uint64_t fcloses;
	uint64_t fdeletes;
};

/* One share of the list: its name, two samples (index curr and !curr), seen this sample. */
struct cifs_share {
	char name[CIFS_NAME_MAX];
	bool exist;
	struct cifs_counters st[2];
};

/* The shares seen so far, sorted by name (strcmp), as sysstat's list is. */
struct cifs_list {
	struct cifs_share *v;
	size_t n, alloc;
};

/*
 * Parses the Stats file in buf (len bytes, NULs allowed) into list's
 * sample curr (0 or 1): every share the file names is marked existing and
 * its counters replace that sample's, a new one inserted in name order
 * with both samples zero. Lines are taken as sysstat's fgets() into 256
 * bytes takes them (a longer line is read in 255-byte pieces), and every
 * field as its sscanf() patterns match it, partial matches included.
 * Shares are not marked absent here: see cifs_list_clear_exist().
 * Returns 0, or -ENOMEM (list unchanged for the share being added).
 */
int cifs_parse_stats(const char *buf, size_t len, struct cifs_list *list, int curr);

/* Marks every share of the list absent, before a sample is read. */
void cifs_list_clear_exist(struct cifs_list *list);

/* Frees the list; accepts a zeroed one. */
void cifs_list_release(struct cifs_list *list);

#endif
