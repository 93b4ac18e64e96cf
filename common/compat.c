/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "banned.h"

#ifndef SYSREC_DEFAULT_COMPAT
#define SYSREC_DEFAULT_COMPAT "12.7.5"
#endif

static const struct {
	const char *name;
	unsigned char bytes[3];
} flavours[] = {
	[FLAVOUR_12_6_1] = {"12.6.1", {12, 6, 1}},
	[FLAVOUR_12_7_5] = {"12.7.5", {12, 7, 5}},
};

static int known;          /* whether `current` has been decided */
static enum sysrec_flavour current;

static int
flavour_by_name(const char *name, enum sysrec_flavour *ret)
{
	for (size_t i = 0; i < sizeof(flavours) / sizeof(flavours[0]); i++) {
		if (!strcmp(name, flavours[i].name)) {
			*ret = (enum sysrec_flavour)i;
			return 0;
		}
	}
	return -1;
}

int
sysrec_flavour_init(void)
{
	const char *env = getenv("SYSREC_COMPAT");
	enum sysrec_flavour f = FLAVOUR_12_7_5;
	int r = 0;

	if (flavour_by_name(SYSREC_DEFAULT_COMPAT, &f) < 0)
		f = FLAVOUR_12_7_5;
	if (env && *env) {
		enum sysrec_flavour e;

		if (flavour_by_name(env, &e) < 0)
			r = -1;
		else
			f = e;
	}
	current = f;
	known = 1;
	return r;
}

enum sysrec_flavour
sysrec_flavour(void)
{
	if (!known)
		(void)sysrec_flavour_init();
	return current;
}

const char *
sysrec_flavour_version(void)
{
	return flavours[sysrec_flavour()].name;
}

void
sysrec_flavour_version_bytes(unsigned char ret_v[3])
{
	memcpy(ret_v, flavours[sysrec_flavour()].bytes, 3);
}

void
sysrec_flavour_reset(void)
{
	known = 0;
}
