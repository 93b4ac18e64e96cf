/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect.h"
#include "common/banned.h"

/* Kernel documents: Documentation/filesystems/proc.rst, and the per-file ABI docs. */
static const char *const file_paths[PF_MAX] = {
        [PF_STAT] = "proc/stat",
        [PF_MEMINFO] = "proc/meminfo",
        [PF_VMSTAT] = "proc/vmstat",
        [PF_LOADAVG] = "proc/loadavg",
        [PF_INTERRUPTS] = "proc/interrupts",
        [PF_DISKSTATS] = "proc/diskstats",
        [PF_NET_DEV] = "proc/net/dev",
        [PF_NET_SNMP] = "proc/net/snmp",
        [PF_NET_SNMP6] = "proc/net/snmp6",
        [PF_NET_SOCKSTAT] = "proc/net/sockstat",
        [PF_NET_SOCKSTAT6] = "proc/net/sockstat6",
        [PF_NET_SOFTNET] = "proc/net/softnet_stat",
        [PF_NET_RPC_NFS] = "proc/net/rpc/nfs",
        [PF_NET_RPC_NFSD] = "proc/net/rpc/nfsd",
        [PF_CPUINFO] = "proc/cpuinfo",
        [PF_TTY_SERIAL] = "proc/tty/driver/serial",
        [PF_MTAB] = "etc/mtab",
        [PF_PRESSURE_CPU] = "proc/pressure/cpu",
        [PF_PRESSURE_IO] = "proc/pressure/io",
        [PF_PRESSURE_MEM] = "proc/pressure/memory",
};

static const char *const line_paths[LF_MAX] = {
        [LF_UPTIME] = "proc/uptime",
        [LF_DENTRY_STATE] = "proc/sys/fs/dentry-state",
        [LF_FILE_NR] = "proc/sys/fs/file-nr",
        [LF_INODE_STATE] = "proc/sys/fs/inode-state",
        [LF_PTY_NR] = "proc/sys/kernel/pty/nr",
};

#define COLLECTOR(act)                                                                             \
	{                                                                                          \
		collect_count_##act, collect_read_##act                                            \
	}

/* A single-item activity: the count is 1 (a NULL count). */
#define READ_ONLY(act)                                                                             \
	{                                                                                          \
		NULL, collect_read_##act                                                           \
	}

int
collect_reserve(const struct activity_desc *d, int32_t nr2, unsigned char **buf, int32_t *cap,
                int32_t want)
{
	size_t bytes = (size_t) want * (size_t) nr2 * d->size;
	unsigned char *p;

	if (want <= *cap)
		return 0;
	p = realloc(*buf, bytes ? bytes : 1);
	if (!p)
		return -ENOMEM;
	*buf = p;
	*cap = want;
	return 0;
}

int32_t
collect_read_items(struct collect_ctx *c, const struct collector *col,
                   const struct activity_desc *d, int32_t nr2, unsigned char **buf, int32_t *cap)
{
	for (;;) {
		int32_t n;

		memset(*buf, 0, (size_t) *cap * (size_t) nr2 * d->size);
		n = col->read(c, *buf, *cap, nr2);
		if (n != COLLECT_E_NOSPACE)
			return n < 0 ? 0 : n > *cap ? *cap : n;
		if (*cap >= d->nr_max)
			return 0;
		if (collect_reserve(d, nr2, buf, cap, *cap > d->nr_max / 2 ? d->nr_max : *cap * 2) <
		    0)
			return -ENOMEM;
	}
}

int32_t
collect_count(const struct collector *col, struct collect_ctx *c, int32_t *ret_nr2)
{
	*ret_nr2 = 1;
	return col->count ? col->count(c, ret_nr2) : 1;
}

static const struct collector collectors[A_ID_MAX + 1] = {
        [A_CPU] = COLLECTOR(cpu),
        [A_PCSW] = READ_ONLY(pcsw),
        [A_IRQ] = COLLECTOR(irq),
        [A_SWAP] = READ_ONLY(swap),
        [A_PAGE] = READ_ONLY(page),
        [A_IO] = READ_ONLY(io),
        [A_MEMORY] = READ_ONLY(memory),
        [A_KTABLES] = READ_ONLY(ktables),
        [A_QUEUE] = READ_ONLY(queue),
        [A_SERIAL] = COLLECTOR(serial),
        [A_DISK] = COLLECTOR(disk),
        [A_NET_DEV] = COLLECTOR(net_dev),
        [A_NET_EDEV] = COLLECTOR(net_edev),
        [A_NET_NFS] = COLLECTOR(net_nfs),
        [A_NET_NFSD] = COLLECTOR(net_nfsd),
        [A_NET_SOCK] = COLLECTOR(net_sock),
        [A_NET_IP] = COLLECTOR(net_ip),
        [A_NET_EIP] = COLLECTOR(net_eip),
        [A_NET_ICMP] = COLLECTOR(net_icmp),
        [A_NET_EICMP] = COLLECTOR(net_eicmp),
        [A_NET_TCP] = COLLECTOR(net_tcp),
        [A_NET_ETCP] = COLLECTOR(net_etcp),
        [A_NET_UDP] = COLLECTOR(net_udp),
        [A_NET_SOCK6] = COLLECTOR(net_sock6),
        [A_NET_IP6] = COLLECTOR(net_ip6),
        [A_NET_EIP6] = COLLECTOR(net_eip6),
        [A_NET_ICMP6] = COLLECTOR(net_icmp6),
        [A_NET_EICMP6] = COLLECTOR(net_eicmp6),
        [A_NET_UDP6] = COLLECTOR(net_udp6),
        [A_PWR_CPU] = COLLECTOR(pwr_cpu),
        [A_PWR_FAN] = COLLECTOR(pwr_fan),
        [A_PWR_TEMP] = COLLECTOR(pwr_temp),
        [A_PWR_IN] = COLLECTOR(pwr_in),
        [A_HUGE] = READ_ONLY(huge),
        [A_PWR_FREQ] = COLLECTOR(pwr_freq),
        [A_PWR_USB] = COLLECTOR(pwr_usb),
        [A_PWR_BAT] = COLLECTOR(pwr_bat),
        [A_FS] = COLLECTOR(fs),
        [A_NET_FC] = COLLECTOR(net_fc),
        [A_NET_SOFT] = COLLECTOR(softnet),
        [A_PSI_CPU] = COLLECTOR(psi_cpu),
        [A_PSI_IO] = COLLECTOR(psi_io),
        [A_PSI_MEM] = COLLECTOR(psi_mem),
};

const struct collector *
collector_for(uint32_t id)
{
	if (id == 0 || id > A_ID_MAX || !collectors[id].read)
		return NULL;
	return &collectors[id];
}

const char *
collect_file_path(enum proc_file f)
{
	return (unsigned) f < PF_MAX ? file_paths[f] : NULL;
}

int
collect_init(struct collect_ctx *c, const char *root)
{
	c->sample = 1;
	return sysroot_open(&c->root, root);
}

void
collect_release(struct collect_ctx *c)
{
	int i;

	for (i = 0; i < PF_MAX; i++) {
		strbuf_release(&c->files[i]);
		sysroot_file_close(&c->kept[i]);
	}
	for (i = 0; i < LF_MAX; i++)
		sysroot_file_close(&c->line_kept[i]);
	strbuf_release(&c->scratch);
	sysroot_close(&c->root);
}

void
collect_begin_sample(struct collect_ctx *c)
{
	c->sample++;
}

const char *
collect_file(struct collect_ctx *c, enum proc_file f, size_t *ret_len)
{
	if ((unsigned) f >= PF_MAX)
		return NULL;
	if (c->file_sample[f] != c->sample) {
		ssize_t n = sysroot_reread(&c->root, file_paths[f], &c->kept[f], &c->files[f]);

		c->file_sample[f] = c->sample;
		c->file_err[f] = n < 0 ? (int) n : 0;
	}
	if (c->file_err[f] < 0 || !c->files[f].buf)
		return NULL;
	if (ret_len)
		*ret_len = c->files[f].len;
	return c->files[f].buf;
}

ssize_t
collect_line(struct collect_ctx *c, enum line_file f, char *out, size_t len)
{
	if ((unsigned) f >= LF_MAX)
		return -EINVAL;
	return sysroot_reread_line(&c->root, line_paths[f], &c->line_kept[f], out, len);
}

/* Highest N of the sys/devices/system/cpu/cpuN directories, plus one; 0 without /sys. */
static int32_t
sys_cpu_nr(struct collect_ctx *c)
{
	struct sysroot_dir it;
	const char *name;
	int32_t highest = -1;

	if (sysroot_dir_open(&c->root, "sys/devices/system/cpu", &it) < 0)
		return 0;
	while ((name = sysroot_dir_next(&it))) {
		char path[64];
		long n;

		if (strncmp(name, "cpu", 3) || !isdigit((unsigned char) name[3]))
			continue;
		snprintf(path, sizeof(path), "sys/devices/system/cpu/%.32s", name);
		if (!sysroot_is_dir(&c->root, path))
			continue;
		n = strtol(name + 3, NULL, 10);
		if (n > highest && n < INT32_MAX)
			highest = (int32_t) n;
	}
	sysroot_dir_close(&it);
	return highest + 1;
}

/* Highest N of the cpuN lines of proc/stat, plus one. */
static int32_t
proc_cpu_nr(struct collect_ctx *c)
{
	const char *p = collect_file(c, PF_STAT, NULL);
	int32_t highest = -1;

	for (; p; p = next_line(p)) {
		uint64_t n;
		const char *q = p + 3;

		if (strncmp(p, "cpu", 3) || p[3] == ' ' || parse_u64(&q, &n) < 0)
			continue;
		if ((int64_t) n > highest && n < INT32_MAX)
			highest = (int32_t) n;
	}
	return highest + 1;
}

int32_t
collect_cpu_nr(struct collect_ctx *c)
{
	int32_t n;

	if (c->cpu_nr_sample == c->sample)
		return c->cpu_nr;
	n = sys_cpu_nr(c);
	if (n == 0)
		n = proc_cpu_nr(c);
	c->cpu_nr = n + 1;
	c->cpu_nr_sample = c->sample;
	return c->cpu_nr;
}

/* ------------------------------------------------------------------------- */

static int
parse_digits(const char **p, uint64_t *ret, unsigned base)
{
	const char *s = *p;
	uint64_t v = 0;
	bool any = false;

	while (*s == ' ' || *s == '\t')
		s++;
	for (;; s++) {
		unsigned d;

		if (*s >= '0' && *s <= '9')
			d = (unsigned) (*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = (unsigned) (*s - 'a' + 10);
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = (unsigned) (*s - 'A' + 10);
		else
			break;
		v = v > (UINT64_MAX - d) / base ? UINT64_MAX : v * base + d;
		any = true;
	}
	if (!any)
		return -EINVAL;
	*ret = v;
	*p = s;
	return 0;
}

int
parse_u64(const char **p, uint64_t *ret)
{
	return parse_digits(p, ret, 10);
}

int
parse_signed(const char **p, bool *ret_neg, uint64_t *ret)
{
	const char *s = *p;
	bool neg = false;
	uint64_t v;

	while (isspace((unsigned char) *s))
		s++;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (!isdigit((unsigned char) *s) || parse_u64(&s, &v) < 0)
		return -EINVAL;
	*ret_neg = neg;
	*ret = v;
	*p = s;
	return 0;
}

int
parse_x64(const char **p, uint64_t *ret)
{
	return parse_digits(p, ret, 16);
}

int
parse_hundredths(const char **p, uint64_t *ret)
{
	const char *s = *p;
	uint64_t ip, frac = 0;
	int digits = 0;

	if (parse_u64(&s, &ip) < 0)
		return -EINVAL;
	if (*s == '.') {
		s++;
		/* Exactly two fraction digits count; more are ignored, one is tenths. */
		for (; *s >= '0' && *s <= '9'; s++) {
			if (digits < 2)
				frac = frac * 10 + (uint64_t) (*s - '0');
			digits++;
		}
		if (digits == 1)
			frac *= 10;
	}
	*ret = ip > (UINT64_MAX - frac) / 100 ? UINT64_MAX : ip * 100 + frac;
	*p = s;
	return 0;
}

const char *
find_line(const char *buf, const char *key)
{
	size_t klen = strlen(key);
	const char *p;

	for (p = buf; p; p = next_line(p))
		if (!strncmp(p, key, klen))
			return p + klen;
	return NULL;
}

bool
collect_gets(const char **pos, char *line, size_t size)
{
	const char *s = *pos;
	const char *end;
	size_t n;

	if (!*s || size < 2)
		return false;
	end = strchrnul(s, '\n');
	n = (size_t) (end - s) + (*end == '\n');
	if (n > size - 1)
		n = size - 1;
	memcpy(line, s, n);
	line[n] = '\0';
	*pos = s + n;
	return true;
}

const char *
next_line(const char *p)
{
	const char *nl = strchr(p, '\n');

	return nl && nl[1] ? nl + 1 : NULL;
}
