/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for cifsiostat's parser of /proc/fs/cifs/Stats
 * (live/cifsiostat_parse.c): the input, cut at its first 0xff byte, is two
 * samples of the file read into the two slots of one list, as the program
 * reads them one interval apart. The list must stay sorted, each name at
 * most 127 bytes. Replayed over tests/fuzz/corpus/live_cifsiostat by make
 * check.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "live/cifsiostat_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Parses len bytes from an exact-size copy (no terminating NUL to lean on). */
static void
parse_copy(const uint8_t *p, size_t len, struct cifs_list *list, int curr)
{
	char *copy = malloc(len ? len : 1);

	if (!copy)
		return;
	memcpy(copy, p, len);
	cifs_list_clear_exist(list);
	cifs_parse_stats(copy, len, list, curr);
	free(copy);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *cut = memchr(data, 0xff, size);
	size_t first = cut ? (size_t) (cut - data) : size;
	struct cifs_list list;
	size_t i;

	memset(&list, 0, sizeof(list));
	parse_copy(data, first, &list, 1);
	if (cut)
		parse_copy(cut + 1, size - first - 1, &list, 0);
	for (i = 0; i < list.n; i++) {
		if (strnlen(list.v[i].name, CIFS_NAME_MAX) >= CIFS_NAME_MAX || !list.v[i].name[0])
			abort();
		if (i && strcmp(list.v[i - 1].name, list.v[i].name) >= 0)
			abort();
	}
	cifs_list_release(&list);
	return 0;
}
