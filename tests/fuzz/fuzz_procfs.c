/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for sadc's /proc and /sys parsers (the pure halves of
 * sadc/collect_*.c): the first byte of the input chooses the parser, the
 * rest is the file's text (NUL-terminated, as the rooted readers give it).
 * Items go to buffers of a small fixed count, so that "no space" paths run
 * too. Replayed over tests/fuzz/corpus/procfs by make check.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

#include "common/layout_stats.h"
#include "sadc/collect_cpu.h"
#include "sadc/collect_disk.h"
#include "sadc/collect_mem.h"
#include "sadc/collect_net.h"
#include "sadc/collect_power.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define N_ITEMS 8 /* items per buffer: fewer than a big input describes */
#define N_IRQ   4 /* interrupt columns (nr2) */

/* One parser over the text; the fixed buffers live in static storage (large). */
typedef void (*parse_fn)(char *text);

static union {
	struct stats_cpu cpu[N_ITEMS];
	struct stats_irq irq[N_ITEMS * N_IRQ];
	struct stats_softnet softnet[N_ITEMS];
	struct stats_disk disk[N_ITEMS];
	struct ext_disk xdisk[N_ITEMS];
	struct stats_serial serial[N_ITEMS];
	struct stats_filesystem fs[N_ITEMS];
	struct stats_net_dev dev[N_ITEMS];
	struct stats_net_edev edev[N_ITEMS];
	struct stats_pwr_cpufreq freq[N_ITEMS];
	struct stats_pwr_wghfreq wgh[N_ITEMS * N_IRQ];
	struct ext_cpux cpux[N_ITEMS];
} items;

static bool
probe_in_sysfs(void *arg, const char *name, bool need_device)
{
	(void) arg;
	(void) need_device;
	return name[0] != 'x'; /* some devices are, some are not */
}

static int
probe_wwn(void *arg, const char *name, uint64_t wwn[2], uint32_t *ret_part_nr)
{
	(void) arg;
	if (name[0] != 's')
		return -1;
	wwn[0] = 0x5000c500a1b2c3d4ull;
	wwn[1] = 0;
	*ret_part_nr = (uint32_t) strlen(name) % 4;
	return 0;
}

static bool
probe_part_of(void *arg, const char *disk, const char *part)
{
	(void) arg;
	return !strncmp(disk, part, strlen(disk));
}

static const struct disk_probe probe = {probe_in_sysfs, probe_wwn, NULL, probe_part_of};

static int
fake_statvfs(void *arg, const char *mountp, struct statvfs *ret)
{
	(void) arg;
	memset(ret, 0, sizeof(*ret));
	if (mountp[0] != '/')
		return -2;
	ret->f_blocks = 1000 + strlen(mountp);
	ret->f_bfree = 10;
	ret->f_bavail = 5;
	ret->f_files = 100;
	ret->f_ffree = 7;
	ret->f_frsize = 4096;
	return 0;
}

/* The text split at its first NUL-free '\x01' in two (the files some parsers read together). */
static char *
second_part(char *text)
{
	char *sep = strchr(text, '\x01');

	if (!sep)
		return text + strlen(text);
	*sep = '\0';
	return sep + 1;
}

static void
p_stat(char *t)
{
	struct stats_pcsw pcsw;
	uint64_t intr;

	(void) parse_proc_stat_cpu(t, items.cpu, N_ITEMS);
	parse_proc_stat_pcsw(t, &pcsw);
	/* -S MPSTAT: the intr total, and the CPU's one-number sysfs files. */
	(void) parse_intr_total(t, &intr);
	(void) parse_sysfs_int(t);
}

static void
p_interrupts(char *t)
{
	(void) parse_interrupts_count(t, N_ITEMS);
	(void) parse_proc_interrupts(t, items.irq, N_ITEMS, N_IRQ);
	/* -S MPSTAT's softirqs: the same layout, with fewer rows than a big file has columns. */
	memset(items.cpux, 0, sizeof(items.cpux));
	parse_softirqs(t, items.cpux, N_ITEMS);
}

static void
p_queue(char *t)
{
	struct stats_queue q;

	memset(&q, 0, sizeof(q));
	(void) parse_loadavg(t, &q);
	parse_procs_blocked(t, &q);
}

static void
p_ktables(char *t)
{
	struct stats_ktables k;
	char *b = second_part(t), *c = second_part(b), *d = second_part(c);

	parse_ktables(t, b, c, d, &k);
}

static void
p_softnet(char *t)
{
	char *b = second_part(t);

	(void) parse_softnet(t, b, items.softnet, N_ITEMS);
}

static void
p_psi(char *t)
{
	struct psi_values v;
	struct stats_psi_cpu c;
	struct stats_psi_io io;
	struct stats_psi_mem m;

	(void) parse_psi_line(t, "some", &v);
	parse_psi_cpu(t, &c);
	parse_psi_io(t, &io);
	parse_psi_mem(t, &m);
}

static void
p_diskstats(char *t)
{
	struct diskstats_line l;
	struct stats_io io;

	(void) parse_diskstats_line(t, &l);
	parse_diskstats_io(t, &io, &probe);
	(void) count_diskstats_disk(t, true, &probe);
	(void) count_diskstats_disk(t, false, &probe);
	(void) parse_diskstats_disk(t, items.disk, N_ITEMS, true, &probe);
	(void) parse_diskstats_ext(t, items.xdisk, N_ITEMS, true, &probe);
	(void) parse_diskstats_ext(t, items.xdisk, N_ITEMS, false, &probe);
}

static void
p_wwn(char *t)
{
	uint64_t wwn[2];
	uint32_t part;

	(void) parse_wwn_name(t, wwn, &part);
}

static void
p_serial(char *t)
{
	(void) count_tty_serial(t);
	(void) parse_tty_serial(t, items.serial, N_ITEMS);
}

static void
p_mtab(char *t)
{
	(void) count_mtab(t, fake_statvfs, NULL);
	(void) parse_mtab(t, items.fs, N_ITEMS, fake_statvfs, NULL);
	unescape_octal(t);
}

static void
p_mem(char *t)
{
	struct stats_swap sw;
	struct stats_paging pg;
	struct stats_memory m;
	struct stats_huge h;

	parse_vmstat_swap(t, &sw);
	parse_vmstat_paging(t, &pg);
	parse_vmstat_paging_1275(t, &pg);
	parse_meminfo_memory(t, &m);
	parse_meminfo_huge(t, &h);
}

static void
p_net_dev(char *t)
{
	char duplex;

	(void) parse_net_dev_count(t);
	(void) parse_net_dev(t, items.dev, N_ITEMS);
	(void) parse_net_edev(t, items.edev, N_ITEMS);
	(void) parse_net_if_duplex(t, &duplex);
	(void) parse_net_if_speed(t);
}

static void
p_net_rpc(char *t)
{
	struct stats_net_nfs nfs;
	struct stats_net_nfsd nfsd;
	struct stats_net_sock sock;
	struct stats_net_sock6 sock6;
	uint64_t fc;

	parse_net_nfs(t, &nfs);
	parse_net_nfsd(t, &nfsd);
	parse_net_sock(t, &sock);
	parse_net_sock6(t, &sock6);
	(void) parse_net_fc_counter(t, &fc);
}

static void
p_snmp(char *t)
{
	struct stats_net_ip ip;
	struct stats_net_eip eip;
	struct stats_net_tcp tcp;
	struct stats_net_etcp etcp;
	struct stats_net_udp udp;
	struct stats_net_icmp icmp;
	struct stats_net_eicmp eicmp;
	int format = 0;

	parse_net_ip(t, &ip);
	parse_net_eip(t, &eip);
	parse_net_tcp(t, &tcp);
	parse_net_etcp(t, &etcp);
	parse_net_udp(t, &udp);
	parse_net_icmp(t, &icmp, &format);
	parse_net_eicmp(t, &eicmp, &format);
}

static void
p_snmp6(char *t)
{
	struct stats_net_ip6 ip6;
	struct stats_net_eip6 eip6;
	struct stats_net_icmp6 icmp6;
	struct stats_net_eicmp6 eicmp6;
	struct stats_net_udp6 udp6;

	parse_net_ip6(t, &ip6);
	parse_net_eip6(t, &eip6);
	parse_net_icmp6(t, &icmp6);
	parse_net_eicmp6(t, &eicmp6);
	parse_net_udp6(t, &udp6);
}

static void
p_cpufreq(char *t)
{
	char *b = second_part(t);
	int32_t n;

	(void) parse_pwr_cpuinfo(t, items.freq, N_ITEMS);
	n = parse_pwr_freq_states(b);
	(void) parse_pwr_time_in_state(b, items.wgh, N_IRQ);
	pwr_freq_fold_all(items.wgh, 2, N_IRQ);
	(void) n;
}

static void
p_usb(char *t)
{
	struct stats_pwr_usb u;
	char *b = second_part(t), *c = second_part(b);
	uint8_t u8;

	memset(&u, 0, sizeof(u));
	(void) pwr_usb_is_device(t);
	parse_pwr_usb_name(t, &u);
	(void) parse_pwr_usb_attr(&u, b, c);
	/* The batteries of 12.7.5 (power_supply), in the same power selector. */
	(void) pwr_bat_is_battery(t);
	(void) parse_pwr_bat_u8(b, &u8);
	(void) parse_pwr_bat_status(c);
}

static void
p_sensors(char *t)
{
	struct pwr_sensor_attr a;
	struct pwr_chip_bus bus;
	char *b = second_part(t), *c = second_part(b);
	char name[64], line[32];
	double v;

	(void) pwr_sensor_attr_parse(t, &a);
	(void) parse_pwr_sensor_value(b, 1000.0, &v);
	if (pwr_sensor_classify(t, b, &bus))
		pwr_sensor_chip_name(name, sizeof(name), c, &bus);
	(void) pwr_fgets_chop(line, sizeof(line), c);
}

static const parse_fn parsers[] = {
        p_stat,    p_interrupts, p_queue,   p_ktables, p_softnet, p_psi,     p_diskstats,
        p_wwn,     p_serial,     p_mtab,    p_mem,     p_net_dev, p_net_rpc, p_snmp,
        p_snmp6,   p_cpufreq,    p_usb,     p_sensors,
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (size < 1)
		return 0;
	text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	parsers[data[0] % (sizeof(parsers) / sizeof(parsers[0]))](text);
	free(text);
	return 0;
}
