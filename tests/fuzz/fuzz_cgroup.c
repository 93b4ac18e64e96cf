/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the cgroup parsers of sadc/collect_cgroup.c: the
 * first byte of the input chooses the file (cpu.stat, memory.events,
 * io.stat, a pressure file, a one-value file; v1's memory.oom_control and
 * memory.limit_in_bytes; cgroup.controllers), the rest is its text
 * (NUL-terminated, as the reader hands it over). Each parser fills a
 * cgroup that starts zeroed, then the same text goes through once more
 * onto the filled one (io.stat adds up over runs of lines). Replayed over
 * tests/fuzz/corpus/cgroup by make check.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sadc/collect_cgroup.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
p_cpu_stat(const char *t, struct ext_cgroup *cg)
{
	cgroup_parse_cpu_stat(t, cg);
}

static void
p_memory_events(const char *t, struct ext_cgroup *cg)
{
	cgroup_parse_memory_events(t, cg);
}

static void
p_io_stat(const char *t, struct ext_cgroup *cg)
{
	cgroup_parse_io_stat(t, cg);
}

static void
p_pressure(const char *t, struct ext_cgroup *cg)
{
	(void) cgroup_parse_pressure(t, &cg->psi_cpu_some, &cg->psi_cpu_full);
}

static void
p_value(const char *t, struct ext_cgroup *cg)
{
	(void) cgroup_parse_value(t, &cg->mem_current);
}

static void
p_oom_control(const char *t, struct ext_cgroup *cg)
{
	cgroup_parse_oom_control(t, cg);
}

static void
p_v1_limit(const char *t, struct ext_cgroup *cg)
{
	(void) cgroup_parse_v1_limit(t, &cg->mem_max);
}

static void
p_controllers(const char *t, struct ext_cgroup *cg)
{
	cg->present += cgroup_has_controller(t, "memory");
}

static void (*const parsers[])(const char *, struct ext_cgroup *) = {
        p_cpu_stat, p_memory_events, p_io_stat,  p_pressure,
        p_value,    p_oom_control,   p_v1_limit, p_controllers,
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ext_cgroup cg;
	char *text;
	size_t which;

	if (size < 1)
		return 0;
	text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	which = data[0] % (sizeof(parsers) / sizeof(parsers[0]));
	memset(&cg, 0, sizeof(cg));
	parsers[which](text, &cg);
	parsers[which](text, &cg);
	free(text);
	return 0;
}
