/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the activity registry, once per flavour. The expected values
 * are typed from sysstat 12.6.1's activity table (doc/format.md §8.1 and
 * doc/activities.md §1.2) and, for 12.7.5, from the headers of files its sadc wrote (A_PAGE
 * 80 bytes (0,10,0), A_PWR_BAT a 3-byte item between A_PWR_FREQ and
 * A_PWR_USB), not derived from the code under test, so that a slip in
 * either shows up here.
 */

#include <check.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/activity.h"
#include "common/compat.h"
#include "common/layout.h"
#include "common/banned.h"

/*
 * 12.7.5's sadc table order: HUGE after MEMORY, NET_FC and NET_SOFT before the
 * PWR ones (doc/format.md §2.3), BAT between FREQ and USB. 12.6.1's is the same
 * without A_PWR_BAT.
 */
// clang-format off
static const uint32_t sadc_order[] = {
	A_CPU, A_PCSW, A_IRQ, A_SWAP, A_PAGE, A_IO, A_MEMORY, A_HUGE, A_KTABLES, A_QUEUE,
	A_SERIAL, A_DISK,
	A_NET_DEV, A_NET_EDEV, A_NET_NFS, A_NET_NFSD, A_NET_SOCK,
	A_NET_IP, A_NET_EIP, A_NET_ICMP, A_NET_EICMP, A_NET_TCP, A_NET_ETCP, A_NET_UDP,
	A_NET_SOCK6, A_NET_IP6, A_NET_EIP6, A_NET_ICMP6, A_NET_EICMP6, A_NET_UDP6,
	A_NET_FC, A_NET_SOFT,
	A_PWR_CPU, A_PWR_FAN, A_PWR_TEMP, A_PWR_IN, A_PWR_FREQ, A_PWR_BAT, A_PWR_USB,
	A_FS,
	A_PSI_CPU, A_PSI_IO, A_PSI_MEM,
};
// clang-format on

struct expected {
	const char *name;
	uint32_t magic;
	bool has_nr;
	int32_t nr_max;
	uint32_t size; /* doc/format.md §8.1's size column */
	uint32_t types[3];
	uint32_t groups;
	enum activity_policy policy;
};

/* The master table under 12.7.5, indexed by id; the name is the id's spelling. */
#define ROW(act, ...) [act] = {#act, __VA_ARGS__}

// clang-format off
static const struct expected spec[A_ID_MAX + 1] = {
	/*  id            magic cnt    nr_max     size types       group (-S) policy */
	ROW(A_CPU,        0x8b, true,  8193,      80,  {10, 0, 0}, G_DEFAULT, ACT_PER_CPU),
	ROW(A_PCSW,       0x8b, false, 1,         16,  {1, 1, 0},  G_DEFAULT, ACT_SINGLE),
	ROW(A_IRQ,        0x8c, true,  8193,      12,  {0, 0, 1},  G_INT,     ACT_MATRIX),
	ROW(A_SWAP,       0x8a, false, 1,         16,  {0, 2, 0},  G_DEFAULT, ACT_SINGLE),
	ROW(A_PAGE,       0x8a, false, 1,         80,  {0, 10, 0}, G_DEFAULT, ACT_SINGLE),
	ROW(A_IO,         0x8b, false, 1,         56,  {7, 0, 0},  G_DEFAULT, ACT_SINGLE),
	ROW(A_MEMORY,     0x8b, false, 1,         136, {17, 0, 0}, G_DEFAULT, ACT_SINGLE),
	ROW(A_KTABLES,    0x8b, false, 1,         32,  {4, 0, 0},  G_DEFAULT, ACT_SINGLE),
	ROW(A_QUEUE,      0x8c, false, 1,         40,  {3, 0, 3},  G_DEFAULT, ACT_SINGLE),
	ROW(A_SERIAL,     0x8b, true,  65536,     28,  {0, 0, 7},  G_DEFAULT, ACT_PER_DEVICE),
	ROW(A_DISK,       0x8c, true,  268435456, 80,  {3, 3, 8},  G_DISK,    ACT_PER_DEVICE),
	ROW(A_NET_DEV,    0x8d, true,  65536,     80,  {7, 0, 1},  G_DEFAULT, ACT_PER_DEVICE),
	ROW(A_NET_EDEV,   0x8c, true,  65536,     88,  {9, 0, 0},  G_DEFAULT, ACT_PER_DEVICE),
	ROW(A_NET_NFS,    0x8a, false, 1,         24,  {0, 0, 6},  G_DEFAULT, ACT_SINGLE),
	ROW(A_NET_NFSD,   0x8a, false, 1,         44,  {0, 0, 11}, G_DEFAULT, ACT_SINGLE),
	ROW(A_NET_SOCK,   0x8a, false, 1,         24,  {0, 0, 6},  G_DEFAULT, ACT_SINGLE),
	ROW(A_NET_IP,     0x8c, false, 1,         64,  {8, 0, 0},  G_SNMP,    ACT_SINGLE),
	ROW(A_NET_EIP,    0x8c, false, 1,         64,  {8, 0, 0},  G_SNMP,    ACT_SINGLE),
	ROW(A_NET_ICMP,   0x8a, false, 1,         112, {0, 14, 0}, G_SNMP,    ACT_SINGLE),
	ROW(A_NET_EICMP,  0x8a, false, 1,         96,  {0, 12, 0}, G_SNMP,    ACT_SINGLE),
	ROW(A_NET_TCP,    0x8a, false, 1,         32,  {0, 4, 0},  G_SNMP,    ACT_SINGLE),
	ROW(A_NET_ETCP,   0x8a, false, 1,         40,  {0, 5, 0},  G_SNMP,    ACT_SINGLE),
	ROW(A_NET_UDP,    0x8a, false, 1,         32,  {0, 4, 0},  G_SNMP,    ACT_SINGLE),
	ROW(A_NET_SOCK6,  0x8a, false, 1,         16,  {0, 0, 4},  G_IPV6,    ACT_SINGLE),
	ROW(A_NET_IP6,    0x8c, false, 1,         80,  {10, 0, 0}, G_IPV6,    ACT_SINGLE),
	ROW(A_NET_EIP6,   0x8c, false, 1,         88,  {11, 0, 0}, G_IPV6,    ACT_SINGLE),
	ROW(A_NET_ICMP6,  0x8a, false, 1,         136, {0, 17, 0}, G_IPV6,    ACT_SINGLE),
	ROW(A_NET_EICMP6, 0x8a, false, 1,         88,  {0, 11, 0}, G_IPV6,    ACT_SINGLE),
	ROW(A_NET_UDP6,   0x8a, false, 1,         32,  {0, 4, 0},  G_IPV6,    ACT_SINGLE),
	ROW(A_PWR_CPU,    0x8a, true,  8193,      8,   {0, 1, 0},  G_POWER,   ACT_PER_CPU),
	ROW(A_PWR_FAN,    0x8a, true,  4096,      40,  {2, 0, 0},  G_POWER,   ACT_PER_DEVICE),
	ROW(A_PWR_TEMP,   0x8a, true,  4096,      48,  {3, 0, 0},  G_POWER,   ACT_PER_DEVICE),
	ROW(A_PWR_IN,     0x8a, true,  4096,      48,  {3, 0, 0},  G_POWER,   ACT_PER_DEVICE),
	ROW(A_HUGE,       0x8b, false, 1,         32,  {4, 0, 0},  G_DEFAULT, ACT_SINGLE),
	ROW(A_PWR_FREQ,   0x8b, true,  8193,      16,  {1, 1, 0},  G_POWER,   ACT_MATRIX),
	ROW(A_PWR_USB,    0x8a, true,  65536,     88,  {0, 0, 4},  G_POWER,   ACT_PER_DEVICE),
	ROW(A_PWR_BAT,    0x8a, true,  4096,      3,   {0, 0, 0},  G_POWER,   ACT_PER_DEVICE),
	ROW(A_FS,         0x8b, true,  268435456, 296, {5, 0, 0},  G_XDISK,   ACT_PER_DEVICE),
	ROW(A_NET_FC,     0x8a, true,  65536,     48,  {0, 4, 0},  G_DISK,    ACT_PER_DEVICE),
	ROW(A_NET_SOFT,   0x8a, true,  8193,      24,  {0, 0, 6},  G_DEFAULT, ACT_PER_CPU),
	ROW(A_PSI_CPU,    0x8a, false, 1,         32,  {1, 3, 0},  G_DEFAULT, ACT_SINGLE),
	ROW(A_PSI_IO,     0x8a, false, 1,         64,  {2, 6, 0},  G_DEFAULT, ACT_SINGLE),
	ROW(A_PSI_MEM,    0x8a, false, 1,         64,  {2, 6, 0},  G_DEFAULT, ACT_SINGLE),
};

/* The one row 12.6.1 has otherwise (doc/format.md §8.1). */
static const struct expected page_1261 =
	{"A_PAGE",        0x8a, false, 1,         64,  {0, 8, 0},  G_DEFAULT, ACT_SINGLE};

/* The item struct of each id, as this build lays it out. */
static const size_t item_sizeof[A_ID_MAX + 1] = {
	[A_CPU] = sizeof(struct stats_cpu),
	[A_PCSW] = sizeof(struct stats_pcsw),
	[A_IRQ] = sizeof(struct stats_irq),
	[A_SWAP] = sizeof(struct stats_swap),
	[A_PAGE] = sizeof(struct stats_paging),
	[A_IO] = sizeof(struct stats_io),
	[A_MEMORY] = sizeof(struct stats_memory),
	[A_KTABLES] = sizeof(struct stats_ktables),
	[A_QUEUE] = sizeof(struct stats_queue),
	[A_SERIAL] = sizeof(struct stats_serial),
	[A_DISK] = sizeof(struct stats_disk),
	[A_NET_DEV] = sizeof(struct stats_net_dev),
	[A_NET_EDEV] = sizeof(struct stats_net_edev),
	[A_NET_NFS] = sizeof(struct stats_net_nfs),
	[A_NET_NFSD] = sizeof(struct stats_net_nfsd),
	[A_NET_SOCK] = sizeof(struct stats_net_sock),
	[A_NET_IP] = sizeof(struct stats_net_ip),
	[A_NET_EIP] = sizeof(struct stats_net_eip),
	[A_NET_ICMP] = sizeof(struct stats_net_icmp),
	[A_NET_EICMP] = sizeof(struct stats_net_eicmp),
	[A_NET_TCP] = sizeof(struct stats_net_tcp),
	[A_NET_ETCP] = sizeof(struct stats_net_etcp),
	[A_NET_UDP] = sizeof(struct stats_net_udp),
	[A_NET_SOCK6] = sizeof(struct stats_net_sock6),
	[A_NET_IP6] = sizeof(struct stats_net_ip6),
	[A_NET_EIP6] = sizeof(struct stats_net_eip6),
	[A_NET_ICMP6] = sizeof(struct stats_net_icmp6),
	[A_NET_EICMP6] = sizeof(struct stats_net_eicmp6),
	[A_NET_UDP6] = sizeof(struct stats_net_udp6),
	[A_PWR_CPU] = sizeof(struct stats_pwr_cpufreq),
	[A_PWR_FAN] = sizeof(struct stats_pwr_fan),
	[A_PWR_TEMP] = sizeof(struct stats_pwr_temp),
	[A_PWR_IN] = sizeof(struct stats_pwr_in),
	[A_HUGE] = sizeof(struct stats_huge),
	[A_PWR_FREQ] = sizeof(struct stats_pwr_wghfreq),
	[A_PWR_USB] = sizeof(struct stats_pwr_usb),
	[A_PWR_BAT] = sizeof(struct stats_pwr_bat),
	[A_FS] = sizeof(struct stats_filesystem),
	[A_NET_FC] = sizeof(struct stats_fchost),
	[A_NET_SOFT] = sizeof(struct stats_softnet),
	[A_PSI_CPU] = sizeof(struct stats_psi_cpu),
	[A_PSI_IO] = sizeof(struct stats_psi_io),
	[A_PSI_MEM] = sizeof(struct stats_psi_mem),
};

/*
 * Where the typed fields of each item struct end: the first name or padding
 * byte, or the struct's end. MAP_SIZE(types_nr) must land exactly there.
 */
static const size_t typed_end[A_ID_MAX + 1] = {
	[A_CPU] = sizeof(struct stats_cpu),
	[A_PCSW] = sizeof(struct stats_pcsw),
	[A_IRQ] = offsetof(struct stats_irq, irq_name),
	[A_SWAP] = sizeof(struct stats_swap),
	[A_PAGE] = sizeof(struct stats_paging),
	[A_IO] = sizeof(struct stats_io),
	[A_MEMORY] = sizeof(struct stats_memory),
	[A_KTABLES] = sizeof(struct stats_ktables),
	[A_QUEUE] = offsetof(struct stats_queue, pad),
	[A_SERIAL] = sizeof(struct stats_serial),
	[A_DISK] = sizeof(struct stats_disk),
	[A_NET_DEV] = offsetof(struct stats_net_dev, interface),
	[A_NET_EDEV] = offsetof(struct stats_net_edev, interface),
	[A_NET_NFS] = sizeof(struct stats_net_nfs),
	[A_NET_NFSD] = sizeof(struct stats_net_nfsd),
	[A_NET_SOCK] = sizeof(struct stats_net_sock),
	[A_NET_IP] = sizeof(struct stats_net_ip),
	[A_NET_EIP] = sizeof(struct stats_net_eip),
	[A_NET_ICMP] = sizeof(struct stats_net_icmp),
	[A_NET_EICMP] = sizeof(struct stats_net_eicmp),
	[A_NET_TCP] = sizeof(struct stats_net_tcp),
	[A_NET_ETCP] = sizeof(struct stats_net_etcp),
	[A_NET_UDP] = sizeof(struct stats_net_udp),
	[A_NET_SOCK6] = sizeof(struct stats_net_sock6),
	[A_NET_IP6] = sizeof(struct stats_net_ip6),
	[A_NET_EIP6] = sizeof(struct stats_net_eip6),
	[A_NET_ICMP6] = sizeof(struct stats_net_icmp6),
	[A_NET_EICMP6] = sizeof(struct stats_net_eicmp6),
	[A_NET_UDP6] = sizeof(struct stats_net_udp6),
	[A_PWR_CPU] = sizeof(struct stats_pwr_cpufreq),
	[A_PWR_FAN] = offsetof(struct stats_pwr_fan, device),
	[A_PWR_TEMP] = offsetof(struct stats_pwr_temp, device),
	[A_PWR_IN] = offsetof(struct stats_pwr_in, device),
	[A_HUGE] = sizeof(struct stats_huge),
	[A_PWR_FREQ] = sizeof(struct stats_pwr_wghfreq),
	[A_PWR_USB] = offsetof(struct stats_pwr_usb, manufacturer),
	[A_PWR_BAT] = 0, /* three chars, no typed field */
	[A_FS] = offsetof(struct stats_filesystem, fs_name),
	[A_NET_FC] = offsetof(struct stats_fchost, fchost_name),
	[A_NET_SOFT] = sizeof(struct stats_softnet),
	[A_PSI_CPU] = sizeof(struct stats_psi_cpu),
	[A_PSI_IO] = sizeof(struct stats_psi_io),
	[A_PSI_MEM] = sizeof(struct stats_psi_mem),
};
// clang-format on

_Static_assert(sizeof(sadc_order) / sizeof(sadc_order[0]) == 43, "sadc_order is complete");
_Static_assert(ACTIVITY_NR == 43, "ACTIVITY_NR is the larger flavour's count");

/* Runs the tests that follow under one flavour (each test runs in its own process). */
static void
use_1261(void)
{
	ck_assert_int_eq(setenv("SYSREC_COMPAT", "12.6.1", 1), 0);
	sysrec_flavour_reset();
}

static void
use_1275(void)
{
	ck_assert_int_eq(setenv("SYSREC_COMPAT", "12.7.5", 1), 0);
	sysrec_flavour_reset();
}

static bool
is_1275(void)
{
	return sysrec_flavour() == FLAVOUR_12_7_5;
}

/* Whether the run's flavour knows id. */
static bool
known(uint32_t id)
{
	return id >= 1 && id <= A_ID_MAX && (id != A_PWR_BAT || is_1275());
}

/* The expected row of a known id under the run's flavour. */
static const struct expected *
row(uint32_t id)
{
	if (id == A_PAGE && !is_1275())
		return &page_1261;
	return &spec[id];
}

/* The expected id at table position i under the run's flavour. */
static uint32_t
order_at(size_t i)
{
	/* A_PWR_BAT is at position 37 of 12.7.5's table. */
	if (!is_1275() && i >= 37)
		i++;
	return sadc_order[i];
}

/* Equal strings, where NULL equals only NULL. */
static bool
same_str(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

START_TEST(test_flavour_under_test)
{
	/* The fixture set it: guard against a silent fall back to the default. */
	ck_assert_str_eq(sysrec_flavour_version(), getenv("SYSREC_COMPAT"));
}
END_TEST

START_TEST(test_count)
{
	size_t n = is_1275() ? 43 : 42;

	ck_assert_uint_eq(activity_count(), n);
	ck_assert_uint_le(activity_count(), ACTIVITY_NR);
	ck_assert_ptr_nonnull(activity_at(n - 1));
	ck_assert_ptr_null(activity_at(n));
	ck_assert_ptr_null(activity_at(ACTIVITY_NR));
	ck_assert_ptr_null(activity_at(SIZE_MAX));
}
END_TEST

START_TEST(test_ids_unique_and_complete)
{
	bool seen[A_ID_MAX + 1] = {false};

	for (size_t i = 0; i < activity_count(); i++) {
		uint32_t id = activity_at(i)->id;

		ck_assert_msg(known(id), "position %zu: id %u out of range", i, id);
		ck_assert_msg(!seen[id], "id %u listed twice", id);
		seen[id] = true;
	}
	for (uint32_t id = 1; id <= A_ID_MAX; id++)
		ck_assert_msg(seen[id] == known(id), "id %u: listed %d, known %d", id, seen[id],
		              known(id));
}
END_TEST

START_TEST(test_by_id_round_trip)
{
	for (size_t i = 0; i < activity_count(); i++) {
		const struct activity_desc *a = activity_at(i);

		ck_assert_ptr_eq(activity_by_id(a->id), a);
		ck_assert_int_eq(activity_position(a->id), (int) i);
	}
}
END_TEST

START_TEST(test_by_id_unknown)
{
	static const uint32_t unknown[] = {0, 44, 255, 256, UINT32_MAX};

	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		ck_assert_ptr_null(activity_by_id(unknown[i]));
		ck_assert_int_eq(activity_position(unknown[i]), -1);
	}
}
END_TEST

/* Id 43 is A_PWR_BAT under 12.7.5, unknown to 12.6.1. */
START_TEST(test_id_43)
{
	const struct activity_desc *a = activity_by_id(43);

	if (!is_1275()) {
		ck_assert_ptr_null(a);
		ck_assert_int_eq(activity_position(43), -1);
		for (size_t i = 0; i < activity_count(); i++)
			ck_assert_uint_ne(activity_at(i)->id, 43);
		return;
	}
	ck_assert_ptr_nonnull(a);
	ck_assert_str_eq(a->name, "A_PWR_BAT");
	ck_assert_uint_eq(a->id, 43);
	ck_assert_uint_eq(a->size, 3);
	ck_assert_int_eq(activity_position(43), 37);
	ck_assert_uint_eq(activity_at(36)->id, A_PWR_FREQ);
	ck_assert_uint_eq(activity_at(38)->id, A_PWR_USB);
}
END_TEST

START_TEST(test_sadc_order)
{
	for (size_t i = 0; i < activity_count(); i++)
		ck_assert_msg(activity_at(i)->id == order_at(i), "position %zu: id %u, want %u", i,
		              activity_at(i)->id, order_at(i));
}
END_TEST

START_TEST(test_names)
{
	for (uint32_t id = 1; id <= A_ID_MAX; id++)
		if (known(id))
			ck_assert_str_eq(activity_by_id(id)->name, row(id)->name);
}
END_TEST

START_TEST(test_sizes)
{
	for (uint32_t id = 1; id <= A_ID_MAX; id++) {
		const struct activity_desc *a = activity_by_id(id);

		if (!known(id))
			continue;
		/* 12.6.1's A_PAGE is the first 64 bytes of the 80-byte struct. */
		ck_assert_msg(a->size <= item_sizeof[id], "%s: size %u, sizeof %zu", a->name,
		              a->size, item_sizeof[id]);
		ck_assert_msg(a->size == item_sizeof[id] || (id == A_PAGE && !is_1275()),
		              "%s: size %u, sizeof %zu", a->name, a->size, item_sizeof[id]);
		ck_assert_msg(a->size == row(id)->size, "%s: size %u, spec %u", a->name, a->size,
		              row(id)->size);
		ck_assert_msg(a->size <= SA_MAX_ITEM_STRUCT_SIZE, "%s: size %u", a->name, a->size);
	}
}
END_TEST

START_TEST(test_page_item)
{
	const struct activity_desc *a = activity_by_id(A_PAGE);

	ck_assert_uint_eq(a->size, is_1275() ? 80 : 64);
	ck_assert_uint_eq(a->types_nr[0], 0);
	ck_assert_uint_eq(a->types_nr[1], is_1275() ? 10 : 8);
	ck_assert_uint_eq(a->types_nr[2], 0);
	ck_assert_uint_eq(offsetof(struct stats_paging, pgpromote), 64);
	ck_assert_uint_eq(offsetof(struct stats_paging, pgdemote), 72);
	ck_assert_uint_eq(sizeof(struct stats_paging), 80);
}
END_TEST

START_TEST(test_types)
{
	for (uint32_t id = 1; id <= A_ID_MAX; id++) {
		const struct activity_desc *a = activity_by_id(id);
		size_t end = typed_end[id];

		if (!known(id))
			continue;
		if (id == A_PAGE && !is_1275())
			end = offsetof(struct stats_paging, pgpromote);
		for (int k = 0; k < 3; k++)
			ck_assert_msg(a->types_nr[k] == row(id)->types[k],
			              "%s: types_nr[%d] %u, spec %u", a->name, k, a->types_nr[k],
			              row(id)->types[k]);
		ck_assert_msg(sa_map_size(a->types_nr) <= a->size, "%s: MAP_SIZE %llu > size %u",
		              a->name, (unsigned long long) sa_map_size(a->types_nr), a->size);
		ck_assert_msg(sa_map_size(a->types_nr) == end,
		              "%s: MAP_SIZE %llu, typed fields end at %zu", a->name,
		              (unsigned long long) sa_map_size(a->types_nr), end);
	}
}
END_TEST

START_TEST(test_magics)
{
	for (uint32_t id = 1; id <= A_ID_MAX; id++) {
		const struct activity_desc *a = activity_by_id(id);

		if (!known(id))
			continue;
		ck_assert_msg(a->magic == row(id)->magic, "%s: magic %#x, spec %#x", a->name,
		              a->magic, row(id)->magic);
		ck_assert_uint_ge(a->magic, ACTIVITY_MAGIC_BASE);
	}
}
END_TEST

START_TEST(test_has_nr_and_nr_max)
{
	for (uint32_t id = 1; id <= A_ID_MAX; id++) {
		const struct activity_desc *a = activity_by_id(id);

		if (!known(id))
			continue;
		ck_assert_msg(activity_has_nr(a) == row(id)->has_nr, "%s: has_nr %d, spec %d",
		              a->name, activity_has_nr(a), row(id)->has_nr);
		ck_assert_msg(a->nr_max == row(id)->nr_max, "%s: nr_max %d, spec %d", a->name,
		              a->nr_max, row(id)->nr_max);
		ck_assert_int_le(a->nr_max, SA_NR_MAX);
	}
}
END_TEST

START_TEST(test_groups)
{
	for (uint32_t id = 1; id <= A_ID_MAX; id++) {
		const struct activity_desc *a = activity_by_id(id);

		if (!known(id))
			continue;
		ck_assert_msg(a->groups == row(id)->groups, "%s: groups %#x, spec %#x", a->name,
		              a->groups, row(id)->groups);
	}
}
END_TEST

START_TEST(test_policy_and_flags)
{
	const uint32_t known_flags = AF_COUNTED | AF_PERSISTENT | AF_DETECTED;

	for (uint32_t id = 1; id <= A_ID_MAX; id++) {
		const struct activity_desc *a = activity_by_id(id);
		bool persistent = id == A_CPU || id == A_IRQ || id == A_NET_SOFT;
		bool detected = id == A_PSI_CPU || id == A_PSI_IO || id == A_PSI_MEM;

		if (!known(id))
			continue;
		ck_assert_msg(a->policy == row(id)->policy, "%s: policy %d, spec %d", a->name,
		              a->policy, row(id)->policy);
		/* One item per record needs no count, and every multi-item activity has one. */
		ck_assert_msg(activity_has_nr(a) == (a->policy != ACT_SINGLE), "%s", a->name);
		ck_assert_msg(((a->flags & AF_PERSISTENT) != 0) == persistent, "%s", a->name);
		ck_assert_msg(((a->flags & AF_DETECTED) != 0) == detected, "%s", a->name);
		ck_assert_msg((a->flags & ~known_flags) == 0, "%s: unknown flags %#x", a->name,
		              a->flags);
	}
}
END_TEST

START_TEST(test_sar_options_unique)
{
	for (size_t i = 0; i < activity_count(); i++) {
		const struct activity_desc *a = activity_at(i);

		ck_assert_msg(a->sar_option != NULL && a->sar_option[0] == '-', "%s", a->name);
		for (size_t j = i + 1; j < activity_count(); j++)
			ck_assert_msg(strcmp(a->sar_option, activity_at(j)->sar_option) != 0,
			              "%s and %s share %s", a->name, activity_at(j)->name,
			              a->sar_option);
	}
}
END_TEST

/* "-n X" activities live in "network", "-m X" in "power-management", "-q X" (not LOAD) in "psi". */
START_TEST(test_json_group_follows_option)
{
	for (size_t i = 0; i < activity_count(); i++) {
		const struct activity_desc *a = activity_at(i);
		const char *want = NULL;

		if (strncmp(a->sar_option, "-n ", 3) == 0)
			want = "network";
		else if (strncmp(a->sar_option, "-m ", 3) == 0)
			want = "power-management";
		else if (strncmp(a->sar_option, "-q ", 3) == 0 && a->id != A_QUEUE)
			want = "psi";
		ck_assert_msg(same_str(a->json_group, want), "%s: group %s, want %s", a->name,
		              a->json_group ? a->json_group : "(none)", want ? want : "(none)");
	}
}
END_TEST

START_TEST(test_json_names_unique_in_group)
{
	for (size_t i = 0; i < activity_count(); i++) {
		const struct activity_desc *a = activity_at(i);

		ck_assert_msg(a->json_name != NULL && a->json_name[0] != '\0', "%s", a->name);
		for (size_t j = i + 1; j < activity_count(); j++) {
			const struct activity_desc *b = activity_at(j);

			if (!same_str(a->json_group, b->json_group))
				continue;
			ck_assert_msg(strcmp(a->json_name, b->json_name) != 0, "%s and %s share %s",
			              a->name, b->name, a->json_name);
		}
	}
}
END_TEST

START_TEST(test_json_names_spot_check)
{
	ck_assert_str_eq(activity_by_id(A_CPU)->json_name, "cpu-load");
	ck_assert_str_eq(activity_by_id(A_NET_DEV)->json_name, "net-dev");
	ck_assert_str_eq(activity_by_id(A_NET_FC)->json_name, "fchosts");
	ck_assert_str_eq(activity_by_id(A_PWR_FREQ)->json_name, "cpu-weighted-frequency");
	ck_assert_str_eq(activity_by_id(A_PSI_MEM)->json_name, "psi-mem");
	ck_assert_str_eq(activity_by_id(A_PAGE)->json_name, "paging");
	if (is_1275()) {
		ck_assert_str_eq(activity_by_id(A_PWR_BAT)->json_name, "battery");
		ck_assert_str_eq(activity_by_id(A_PWR_BAT)->sar_option, "-m BAT");
	}
}
END_TEST

static void
add_registry_tests(TCase *tc)
{
	tcase_add_test(tc, test_flavour_under_test);
	tcase_add_test(tc, test_count);
	tcase_add_test(tc, test_ids_unique_and_complete);
	tcase_add_test(tc, test_by_id_round_trip);
	tcase_add_test(tc, test_by_id_unknown);
	tcase_add_test(tc, test_id_43);
	tcase_add_test(tc, test_sadc_order);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_sizes);
	tcase_add_test(tc, test_page_item);
	tcase_add_test(tc, test_types);
	tcase_add_test(tc, test_magics);
	tcase_add_test(tc, test_has_nr_and_nr_max);
	tcase_add_test(tc, test_groups);
	tcase_add_test(tc, test_policy_and_flags);
	tcase_add_test(tc, test_sar_options_unique);
	tcase_add_test(tc, test_json_group_follows_option);
	tcase_add_test(tc, test_json_names_unique_in_group);
	tcase_add_test(tc, test_json_names_spot_check);
}

static Suite *
activity_suite(void)
{
	Suite *s = suite_create("activity");
	TCase *tc_1261 = tcase_create("registry 12.6.1");
	TCase *tc_1275 = tcase_create("registry 12.7.5");

	tcase_add_checked_fixture(tc_1261, use_1261, NULL);
	tcase_add_checked_fixture(tc_1275, use_1275, NULL);
	add_registry_tests(tc_1261);
	add_registry_tests(tc_1275);
	suite_add_tcase(s, tc_1261);
	suite_add_tcase(s, tc_1275);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(activity_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
