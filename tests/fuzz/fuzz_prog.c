/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_prog.h"
#include "common/sysexit.h"

#define MAX_ARGS 32

/* Made once per process: the memory file, its name, the report's sink. */
struct fuzz_env {
	int fd;
	char path[64];
	FILE *sink;
	bool all_sets;
	size_t n_more; /* FUZZ_SETS=N: N - 1 sets after the input's own */
};

static struct fuzz_env *
env_get(void)
{
	static struct fuzz_env e = {.fd = -1};

	if (e.fd >= 0)
		return &e;
	/* The programs read these: the same run whatever the caller's environment. */
	setenv("TZ", "UTC", 1);
	setenv("LC_ALL", "C", 1);
	unsetenv("S_COLORS");
	unsetenv("S_COLORS_SGR");
	unsetenv("S_COLORS_PALETTE");
	unsetenv("S_TIME_FORMAT");
	e.all_sets = getenv("FUZZ_ALL_SETS") && !strcmp(getenv("FUZZ_ALL_SETS"), "1");
	if (getenv("FUZZ_SETS") && atoi(getenv("FUZZ_SETS")) > 1)
		e.n_more = (size_t) atoi(getenv("FUZZ_SETS")) - 1;
	e.fd = memfd_create("fuzz-archive", 0);
	e.sink = fopen("/dev/null", "w");
	if (e.fd < 0 || !e.sink) {
		fprintf(stderr, "fuzz: cannot set up: %s\n", strerror(errno));
		abort();
	}
	setvbuf(e.sink, NULL, _IOFBF, 1 << 16);
	snprintf(e.path, sizeof(e.path), "/proc/self/fd/%d", e.fd);
	return &e;
}

static void
put_input(const struct fuzz_env *e, const uint8_t *data, size_t size)
{
	size_t done = 0;

	if (ftruncate(e->fd, 0) < 0)
		abort();
	while (done < size) {
		ssize_t n = pwrite(e->fd, data + done, size - done, (off_t) done);

		if (n <= 0)
			abort();
		done += (size_t) n;
	}
}

static void
run_set(const struct fuzz_env *e, const char *name, fuzz_entry entry, const char *const *set)
{
	char *argv[MAX_ARGS + 2];
	struct sysrec_trap trap;
	/* volatile: live across setjmp (gcc -O2 -Wclobbered, an error with --enable-developer). */
	volatile int argc = 0;
	size_t i;

	argv[argc++] = (char *) name;
	for (i = 0; set[i] && argc <= MAX_ARGS; i++)
		argv[argc++] = (char *) (strcmp(set[i], "@") ? set[i] : e->path);
	argv[argc] = NULL;
	if (setjmp(trap.env) == 0) {
		sysrec_trap_set(&trap);
		(void) entry(argc, argv, e->sink);
	}
	sysrec_trap_set(NULL);
	clearerr(e->sink);
}

int
fuzz_input_fd(const uint8_t *data, size_t size)
{
	struct fuzz_env *e = env_get();

	put_input(e, data, size);
	if (lseek(e->fd, 0, SEEK_SET) < 0)
		abort();
	return e->fd;
}

/* FNV-1a over the whole input. */
/* The programs read SYSREC_COMPAT at each start: both flavours are fuzzed. */
static const char *const flavours[2] = {"12.6.1", "12.7.5"};

static uint64_t
hash_of(const uint8_t *data, size_t size)
{
	uint64_t h = 0xcbf29ce484222325ull;
	size_t i;

	for (i = 0; i < size; i++)
		h = (h ^ data[i]) * 0x100000001b3ull;
	return h;
}

int
fuzz_prog_run(const char *name, fuzz_entry entry, const char *const *const *sets, size_t n_sets,
              const uint8_t *data, size_t size)
{
	struct fuzz_env *e = env_get();
	size_t k;

	put_input(e, data, size);
	if (e->all_sets) {
		for (int f = 0; f < 2; f++) {
			setenv("SYSREC_COMPAT", flavours[f], 1);
			for (k = 0; k < n_sets; k++)
				run_set(e, name, entry, sets[k]);
		}
	} else {
		uint64_t h = hash_of(data, size);
		size_t own = (h & ~(1ull << 63)) % n_sets;

		/* The top bit picks the flavour, the rest the set. */
		setenv("SYSREC_COMPAT", flavours[h >> 63], 1);
		run_set(e, name, entry, sets[own]);
		for (k = 1; k <= e->n_more && k < n_sets; k++)
			run_set(e, name, entry, sets[(own + k) % n_sets]);
		if (e->n_more) {
			setenv("SYSREC_COMPAT", flavours[!(h >> 63)], 1);
			run_set(e, name, entry, sets[own]);
		}
	}
	return 0;
}
