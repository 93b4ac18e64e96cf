/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sar --use's limits (use_int.h): the defaults, then SAR_USE_LIMITS of the
 * sysstat configuration file, then --use-limit=.
 */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "use_int.h"
#include "common/sysexit.h"
#include "common/banned.h"

#ifndef SYSSTAT_CONF
#define SYSSTAT_CONF "/etc/sysstat/sysstat"
#endif

/* No warning level. */
#define NO_WARN (-1.0)
/* The longest an episode minimum may be, in intervals. */
#define EPISODE_MAX 100000

/* The defaults and their reasons are in sar(1), "USE METHOD". */
static const struct limit_desc {
	const char *key;
	double limit;
	double warn; /* U metrics: a sustained run above it is a warning */
} limit_table[L_MAX] = {
        [L_CPU_BUSY] = {"cpu.busy", 90, 70},
        [L_CPU_RUNQ] = {"cpu.runq", 0, NO_WARN},
        [L_CPU_PSI] = {"cpu.psi", 10, NO_WARN},
        [L_MEM_USED] = {"mem.used", 95, 85},
        [L_MEM_PSI_SOME] = {"mem.psi-some", 10, NO_WARN},
        [L_MEM_PSI_FULL] = {"mem.psi-full", 5, NO_WARN},
        [L_MEM_PGSCAND] = {"mem.pgscand", 0, NO_WARN},
        [L_MEM_MAJFLT] = {"mem.majflt", 100, NO_WARN},
        [L_MEM_SWAPPING] = {"mem.swapping", 10, NO_WARN},
        [L_SWAP_USED] = {"swap.used", 80, 50},
        [L_SWAP_IO] = {"swap.io", 10, NO_WARN},
        [L_IO_PSI_SOME] = {"io.psi-some", 10, NO_WARN},
        [L_IO_PSI_FULL] = {"io.psi-full", 5, NO_WARN},
        [L_DISK_UTIL] = {"disk.util", 90, 70},
        [L_DISK_AQU] = {"disk.aqu", 1, NO_WARN},
        [L_DISK_AWAIT] = {"disk.await", 4, NO_WARN},
        [L_NET_SOFTDROP] = {"net.softdrop", 0, NO_WARN},
        [L_NET_SQUEEZE] = {"net.squeeze", 1, NO_WARN},
        [L_TCP_RETRANS] = {"tcp.retrans", 2, NO_WARN},
        [L_NET_UTIL] = {"net.util", 90, 70},
        [L_NET_DROP] = {"net.drop", 1, NO_WARN},
        [L_NET_FIFO] = {"net.fifo", 0, NO_WARN},
        [L_NET_ERRORS] = {"net.errors", 0, NO_WARN},
        [L_FS_USED] = {"fs.used", 90, 80},
        [L_FS_INODES] = {"fs.inodes", 90, 80},
        [L_TCP_ERRORS] = {"tcp.errors", 0, NO_WARN},
        [L_MEM_OOM] = {"mem.oom", 0, NO_WARN},
        [L_CG_MEMMAX] = {"cgroup.memmax", 100, 90},
        [L_CG_THRTL] = {"cgroup.thrtl", 10, NO_WARN},
        [L_CG_THRPRD] = {"cgroup.thrprd", 25, NO_WARN},
        [L_CG_PSI_SMEM] = {"cgroup.psi-smem", 10, NO_WARN},
        [L_CG_PSI_FMEM] = {"cgroup.psi-fmem", 5, NO_WARN},
        [L_CG_PSI_SIO] = {"cgroup.psi-sio", 10, NO_WARN},
        [L_CG_PSI_FIO] = {"cgroup.psi-fio", 5, NO_WARN},
        [L_CG_OOM] = {"cgroup.oom", 0, NO_WARN},
        [L_EPISODE] = {"episode", 3, NO_WARN},
};

static void
limits_default(struct limits *l)
{
	size_t k;

	for (k = 0; k < L_MAX; k++) {
		l->limit[k] = limit_table[k].limit;
		l->warn[k] = limit_table[k].warn;
	}
}

/*
 * A limit's value: len bytes at text, a number of 0 or more in the C
 * locale's notation whatever the run's (a comma separates pairs), and for
 * the episode a whole number of intervals. False with *ret_why set.
 */
static bool
limit_value(const char *text, size_t len, bool episode, double *ret, const char **ret_why)
{
	char num[64], *end;
	locale_t c_locale;
	double v;
	int err;

	*ret_why = episode ? "the episode is a whole number of intervals, 1 or more"
	                   : "bad value (a number, 0 or more)";
	if (len == 0 || len >= sizeof(num))
		return false;
	memcpy(num, text, len);
	num[len] = '\0';
	/* A few pairs a run: a locale of its own each time leaves nothing behind. */
	c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t) 0);
	if (!c_locale)
		return false;
	errno = 0;
	v = strtod_l(num, &end, c_locale);
	err = errno;
	freelocale(c_locale);
	if (err || *end || !isfinite(v) || v < 0 ||
	    (episode && (v < 1 || v > EPISODE_MAX || v != floor(v))))
		return false;
	*ret = v;
	return true;
}

/* One "KEY=VALUE" or "KEY.warn=VALUE" into l (NULL: only checked); false with *ret_why set. */
static bool
limit_pair(struct limits *l, const char *pair, size_t len, const char **ret_why)
{
	char key[64];
	const char *eq = memchr(pair, '=', len);
	size_t klen, k;
	bool warn = false;
	double v;

	if (!eq || eq == pair || (size_t) (eq - pair) >= sizeof(key)) {
		*ret_why = "expected KEY=VALUE";
		return false;
	}
	klen = (size_t) (eq - pair);
	memcpy(key, pair, klen);
	key[klen] = '\0';
	if (klen > 5 && !strcmp(key + klen - 5, ".warn")) {
		key[klen - 5] = '\0';
		warn = true;
	}
	for (k = 0; k < L_MAX && strcmp(limit_table[k].key, key); k++)
		;
	if (k == L_MAX || (warn && limit_table[k].warn < 0)) {
		*ret_why = "unknown key";
		return false;
	}
	if (!limit_value(eq + 1, len - klen - 1, k == L_EPISODE, &v, ret_why))
		return false;
	if (l && warn)
		l->warn[k] = v;
	else if (l)
		l->limit[k] = v;
	return true;
}

/* Every pair of text (commas or blanks between them); false after the message. */
static bool
limits_apply(struct limits *l, const char *text, const char *origin)
{
	const char *p = text;

	while (*p) {
		size_t len = strcspn(p, ", \t\n");
		const char *why;

		if (len && !limit_pair(l, p, len, &why)) {
			fprintf(stderr, "%s: %s: %s in '%.*s'\n", progname, origin, why, (int) len,
			        p);
			return false;
		}
		p += len;
		p += strspn(p, ", \t\n");
	}
	return true;
}

bool
use_limit_arg_ok(const char *text)
{
	return limits_apply(NULL, text, "--use-limit");
}

/* SAR_USE_LIMITS="..." of the configuration file at path into l; false after the message. */
static bool
limits_from_conf(struct limits *l, const char *path)
{
	static const char var[] = "SAR_USE_LIMITS=";
	char line[4096], origin[4200];
	bool ok = true;
	FILE *fp = fopen(path, "r");

	if (!fp)
		return true;
	snprintf(origin, sizeof(origin), "%s: SAR_USE_LIMITS", path);
	while (ok && fgets(line, sizeof(line), fp)) {
		char *v = line + strspn(line, " \t");
		size_t n;

		if (strncmp(v, var, sizeof(var) - 1))
			continue;
		v += sizeof(var) - 1;
		n = strcspn(v, "\n");
		v[n] = '\0';
		/* The shell's quotes around the value. */
		if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
			v[n - 1] = '\0';
			v++;
		}
		ok = limits_apply(l, v, origin);
	}
	fclose(fp);
	return ok;
}

/* The limits in force for s: defaults, the file, the command line. Exits 1 on a bad one. */
void
use_limits_load(const struct sar *s, struct limits *l)
{
	const char *conf = getenv("SYSREC_SYSSTAT_CONF");
	const char *p = s->o.use_limits.buf;
	size_t used = 0;

	limits_default(l);
	if (!limits_from_conf(l, conf && *conf ? conf : SYSSTAT_CONF))
		sysrec_exit(1);
	while (p && used < s->o.use_limits.len) {
		if (!limits_apply(l, p + used, "--use-limit"))
			sysrec_exit(1);
		used += strlen(p + used) + 1;
	}
}
