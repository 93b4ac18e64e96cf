/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "collect_power.h"
#include "common/banned.h"

/* The fgets() buffer sizes of sadc (cpuinfo, time_in_state) and libsensors (attributes). */
#define CPUINFO_LINE 1024
#define FREQ_LINE    128
#define ATTR_LINE    128

/* The largest item counts sadc accepts when it creates a file (sa.h). */
#define MAX_NR_SENSORS 4096
#define MAX_NR_USB     65536

#define PATH_LEN 1024

#define CPU_DIR    "sys/devices/system/cpu"
#define USB_DIR    "sys/bus/usb/devices"
#define HWMON_DIR  "sys/class/hwmon"
#define I2C_DIR    "sys/bus/i2c/devices"
#define I2C_ADAPTS "sys/class/i2c-adapter"
#define BAT_DIR    "sys/class/power_supply"

static bool __attribute__((format(printf, 3, 4)))
path_fmt(char *out, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out, len, fmt, ap);
	va_end(ap);
	return n > 0 && (size_t) n < len;
}

/* The scratch buffer as text (empty when nothing was read into it yet). */
static const char *
scratch_text(const struct collect_ctx *c)
{
	return c->scratch.buf ? c->scratch.buf : "";
}


int
pwr_fgets_chop(char *dst, size_t n, const char *content)
{
	const char *p = content;
	size_t len;

	if (!collect_gets(&p, dst, n))
		return -1;
	len = strlen(dst);
	if (len > 0)
		dst[--len] = '\0';
	return (int) len;
}

/* sscanf("%u"): the number cut to 32 bits. */
static bool
scan_u32(const char **p, uint32_t *ret)
{
	uint64_t v;

	if (parse_u64(p, &v) < 0)
		return false;
	*ret = (uint32_t) v;
	return true;
}

/* ------------------------------------------------------------------------- */
/* A_PWR_CPU: /proc/cpuinfo (Documentation/filesystems/proc.rst; the layout is per architecture). */

enum cpuinfo_key {
	CPUINFO_PROCESSOR,
	CPUINFO_FREQ,
};

// clang-format off
static const struct {
	const char *key;
	enum cpuinfo_key what;
} cpuinfo_keys[] = {
	{"processor\t", CPUINFO_PROCESSOR},
	{"cpu MHz\t",   CPUINFO_FREQ},  /* x86 */
	{"clock\t",     CPUINFO_FREQ},  /* POWER */
};
// clang-format on

struct cpuinfo_state {
	uint32_t proc_nr; /* the CPU of the last processor line */
	uint32_t ifreq;   /* the last frequency read, kept when a line does not parse */
	uint32_t dfreq;
	uint64_t sum;
	uint64_t n_freq;
	int32_t cpu_read; /* highest CPU with a frequency + 2 */
};

static int
cpuinfo_key_of(const char *line)
{
	size_t i;

	for (i = 0; i < sizeof(cpuinfo_keys) / sizeof(cpuinfo_keys[0]); i++)
		if (!strncmp(line, cpuinfo_keys[i].key, strlen(cpuinfo_keys[i].key)))
			return (int) cpuinfo_keys[i].what;
	return -1;
}

static int
cpuinfo_freq(struct cpuinfo_state *st, const char *v, struct stats_pwr_cpufreq *items,
             int32_t max_nr)
{
	uint32_t freq;

	if (scan_u32(&v, &st->ifreq) && *v == '.') {
		v++;
		(void) scan_u32(&v, &st->dfreq);
	}
	if ((int64_t) st->proc_nr + 2 > max_nr)
		return COLLECT_E_NOSPACE;
	/* sadc computes in unsigned int: keep its wrap-around. */
	freq = st->ifreq * 100u + st->dfreq / 10u;
	items[st->proc_nr + 1].cpufreq = freq;
	st->sum += freq;
	st->n_freq++;
	if ((int32_t) st->proc_nr + 2 > st->cpu_read)
		st->cpu_read = (int32_t) st->proc_nr + 2;
	return 0;
}

int32_t
parse_pwr_cpuinfo(const char *buf, struct stats_pwr_cpufreq *items, int32_t max_nr)
{
	struct cpuinfo_state st = {.cpu_read = 1};
	char line[CPUINFO_LINE];
	const char *p = buf;

	if (max_nr < 1)
		return COLLECT_E_NOSPACE;
	while (collect_gets(&p, line, sizeof(line))) {
		int key = cpuinfo_key_of(line);
		const char *v = key < 0 ? NULL : strchr(line, ':');

		if (!v)
			continue;
		v++;
		if (key == CPUINFO_PROCESSOR) {
			(void) scan_u32(&v, &st.proc_nr);
			if ((int64_t) st.proc_nr + 2 > max_nr)
				return COLLECT_E_NOSPACE;
		} else if (cpuinfo_freq(&st, v, items, max_nr) < 0) {
			return COLLECT_E_NOSPACE;
		}
	}
	if (st.n_freq)
		items[0].cpufreq = st.sum / st.n_freq;
	return st.cpu_read;
}

int32_t
collect_count_pwr_cpu(struct collect_ctx *c, int32_t *ret_nr2)
{
	*ret_nr2 = 1;
	return collect_cpu_nr(c);
}

int32_t
collect_read_pwr_cpu(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	const char *buf = collect_file(c, PF_CPUINFO, NULL);

	(void) nr2;
	return buf ? parse_pwr_cpuinfo(buf, items, max_nr) : 0;
}

/* ------------------------------------------------------------------------- */
/* A_PWR_FREQ: cpufreq statistics (Documentation/cpu-freq/cpufreq-stats.rst). */

int32_t
parse_pwr_freq_states(const char *buf)
{
	char line[FREQ_LINE];
	const char *p = buf;
	int32_t n = 0;

	while (n < INT32_MAX && collect_gets(&p, line, sizeof(line)))
		n++;
	return n;
}

int32_t
parse_pwr_time_in_state(const char *buf, struct stats_pwr_wghfreq *row, int32_t nr2)
{
	char line[FREQ_LINE];
	const char *p = buf;
	uint64_t freq = 0, tis = 0;
	int32_t j = 0;

	while (collect_gets(&p, line, sizeof(line))) {
		const char *s = line;

		/* sscanf("%lu %llu"): what does not parse keeps the previous line's value. */
		if (parse_u64(&s, &freq) == 0)
			(void) parse_u64(&s, &tis);
		if (j < nr2) {
			row[j].freq = freq;
			row[j].time_in_state = tis;
			j++;
		}
	}
	return j;
}

void
pwr_freq_fold_all(struct stats_pwr_wghfreq *items, int32_t n_cpus, int32_t nr2)
{
	int32_t cpu, j;

	for (j = 0; j < nr2; j++) {
		uint64_t sum = 0;

		for (cpu = 1; cpu <= n_cpus; cpu++)
			sum += items[(size_t) cpu * (size_t) nr2 + (size_t) j].time_in_state;
		items[j].freq = n_cpus > 0 ? items[(size_t) nr2 + (size_t) j].freq : 0;
		items[j].time_in_state = n_cpus > 0 ? sum / (uint64_t) n_cpus : 0;
	}
}

static bool
read_time_in_state(struct collect_ctx *c, int32_t cpu)
{
	char path[128];

	return path_fmt(path, sizeof(path), CPU_DIR "/cpu%d/cpufreq/stats/time_in_state", cpu) &&
	       sysroot_read(&c->root, path, &c->scratch) >= 0;
}

int32_t
collect_count_pwr_freq(struct collect_ctx *c, int32_t *ret_nr2)
{
	int32_t nr2 = read_time_in_state(c, 0) ? parse_pwr_freq_states(scratch_text(c)) : 0;

	/* No states for CPU 0: sadc leaves the activity out of the file. */
	*ret_nr2 = nr2 > 0 ? nr2 : 1;
	return nr2 > 0 ? collect_cpu_nr(c) : 0;
}

int32_t
collect_read_pwr_freq(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	struct stats_pwr_wghfreq *m = items;
	int32_t cpu;

	/* CPUs are read in order up to the first one without statistics. */
	for (cpu = 0; cpu < INT32_MAX - 2 && read_time_in_state(c, cpu); cpu++) {
		if (cpu + 2 > max_nr)
			return COLLECT_E_NOSPACE;
		parse_pwr_time_in_state(scratch_text(c), m + (size_t) (cpu + 1) * (size_t) nr2,
		                        nr2);
	}
	if (cpu == 0)
		return 0;
	pwr_freq_fold_all(m, cpu, nr2);
	return cpu + 1;
}

/* ------------------------------------------------------------------------- */
/* A_PWR_USB: Documentation/ABI/stable/sysfs-bus-usb and testing/sysfs-bus-usb. */

enum usb_attr_kind {
	USB_HEX,
	USB_DEC,
	USB_TEXT,
};

// clang-format off
static const struct usb_attr {
	const char *file;
	enum usb_attr_kind kind;
	size_t offset;
	size_t size;
} usb_attrs[] = {
	{"idVendor",     USB_HEX,  offsetof(struct stats_pwr_usb, vendor_id),    0},
	{"idProduct",    USB_HEX,  offsetof(struct stats_pwr_usb, product_id),   0},
	{"bMaxPower",    USB_DEC,  offsetof(struct stats_pwr_usb, bmaxpower),    0},
	{"manufacturer", USB_TEXT, offsetof(struct stats_pwr_usb, manufacturer), MAX_MANUF_LEN},
	{"product",      USB_TEXT, offsetof(struct stats_pwr_usb, product),      MAX_PROD_LEN},
};
// clang-format on

#define N_USB_ATTRS (sizeof(usb_attrs) / sizeof(usb_attrs[0]))

bool
pwr_usb_is_device(const char *name)
{
	return isdigit((unsigned char) name[0]) && !strchr(name, ':');
}

void
parse_pwr_usb_name(const char *name, struct stats_pwr_usb *st)
{
	(void) scan_u32(&name, &st->bus_nr);
}

static void
usb_attr_store(struct stats_pwr_usb *st, const struct usb_attr *a, const char *content)
{
	char *field = (char *) st + a->offset;
	const char *p = content;
	uint64_t v;
	uint32_t u;
	int rc;

	if (a->kind == USB_TEXT) {
		/* sadc: fgets(field, size - 1), then the last byte dropped. */
		(void) pwr_fgets_chop(field, a->size - 1, content);
		return;
	}
	while (isspace((unsigned char) *p))
		p++;
	rc = a->kind == USB_HEX ? parse_x64(&p, &v) : parse_u64(&p, &v);
	u = rc == 0 ? (uint32_t) v : 0;
	memcpy(field, &u, sizeof(u));
}

int
parse_pwr_usb_attr(struct stats_pwr_usb *st, const char *attr, const char *content)
{
	size_t i;

	for (i = 0; i < N_USB_ATTRS; i++) {
		if (!strcmp(attr, usb_attrs[i].file)) {
			usb_attr_store(st, &usb_attrs[i], content);
			return 0;
		}
	}
	return -ENOENT;
}

static void
usb_read_device(struct collect_ctx *c, const char *name, struct stats_pwr_usb *st)
{
	char path[PATH_LEN];
	size_t i;

	parse_pwr_usb_name(name, st);
	for (i = 0; i < N_USB_ATTRS; i++) {
		if (path_fmt(path, sizeof(path), USB_DIR "/%s/%s", name, usb_attrs[i].file) &&
		    sysroot_read(&c->root, path, &c->scratch) >= 0)
			usb_attr_store(st, &usb_attrs[i], scratch_text(c));
	}
}

/* Counts the devices (items NULL) or reads them. */
static int32_t
usb_scan(struct collect_ctx *c, struct stats_pwr_usb *items, int32_t max_nr)
{
	struct sysroot_dir it;
	const char *name;
	int32_t n = 0;

	if (sysroot_dir_open(&c->root, USB_DIR, &it) < 0)
		return 0;
	while (n < INT32_MAX && (name = sysroot_dir_next(&it))) {
		if (!pwr_usb_is_device(name))
			continue;
		if (items) {
			if (n >= max_nr) {
				n = COLLECT_E_NOSPACE;
				break;
			}
			usb_read_device(c, name, &items[n]);
		}
		n++;
	}
	sysroot_dir_close(&it);
	return n;
}

int32_t
collect_count_pwr_usb(struct collect_ctx *c, int32_t *ret_nr2)
{
	int32_t n = usb_scan(c, NULL, 0);

	*ret_nr2 = 1;
	return n > MAX_NR_USB ? MAX_NR_USB : n;
}

int32_t
collect_read_pwr_usb(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	(void) nr2;
	return usb_scan(c, items, max_nr);
}

/* ------------------------------------------------------------------------- */
/* Sensors: Documentation/hwmon/sysfs-interface.rst, named as libsensors 3.6.0 names them. */

/* The attribute suffixes libsensors knows, per feature type. */
// clang-format off
static const char *const temp_subs[] = {
	"input", "max", "max_hyst", "min", "min_hyst", "crit", "crit_hyst", "lcrit",
	"lcrit_hyst", "emergency", "emergency_hyst", "lowest", "highest", "alarm", "min_alarm",
	"max_alarm", "crit_alarm", "emergency_alarm", "lcrit_alarm", "fault", "type", "offset",
	"beep", NULL,
};
static const char *const in_subs[] = {
	"input", "min", "max", "lcrit", "crit", "average", "lowest", "highest", "alarm",
	"min_alarm", "max_alarm", "lcrit_alarm", "crit_alarm", "beep", NULL,
};
static const char *const fan_subs[] = {
	"input", "min", "max", "div", "pulses", "alarm", "min_alarm", "max_alarm", "fault",
	"beep", NULL,
};
static const char *const cpu_subs[] = {"vid", NULL};
static const char *const power_subs[] = {
	"average", "average_highest", "average_lowest", "input", "input_highest",
	"input_lowest", "cap", "cap_hyst", "cap_alarm", "alarm", "max", "min", "min_alarm",
	"max_alarm", "crit", "lcrit", "crit_alarm", "lcrit_alarm", "average_interval", NULL,
};
static const char *const curr_subs[] = {
	"input", "min", "max", "lcrit", "crit", "average", "lowest", "highest", "alarm",
	"min_alarm", "max_alarm", "lcrit_alarm", "crit_alarm", "beep", NULL,
};
static const char *const energy_subs[] = {"input", NULL};
static const char *const intrusion_subs[] = {"alarm", "beep", NULL};
static const char *const humidity_subs[] = {"input", NULL};
// clang-format on

/* In libsensors' matching order: the first prefix followed by a number decides. */
// clang-format off
static const struct sensor_family {
	const char *prefix;
	enum pwr_sensor_type type;
	bool one_based; /* channel numbers start at 1 (fan1, temp1) */
	const char *const *subs;
} sensor_families[] = {
	{"temp",      PWR_SENSOR_TEMP,      true,  temp_subs},
	{"in",        PWR_SENSOR_IN,        false, in_subs},
	{"fan",       PWR_SENSOR_FAN,       true,  fan_subs},
	{"cpu",       PWR_SENSOR_VID,       false, cpu_subs},
	{"power",     PWR_SENSOR_POWER,     true,  power_subs},
	{"curr",      PWR_SENSOR_CURR,      true,  curr_subs},
	{"energy",    PWR_SENSOR_ENERGY,    true,  energy_subs},
	{"intrusion", PWR_SENSOR_INTRUSION, false, intrusion_subs},
	{"humidity",  PWR_SENSOR_HUMIDITY,  true,  humidity_subs},
};
// clang-format on

/* libsensors ignores channels from 1024 on (counting from 0). */
#define SENSOR_CHANNELS 1024

static const struct sensor_family *
sensor_family_of(const char *name, const char **ret_number)
{
	size_t i;

	for (i = 0; i < sizeof(sensor_families) / sizeof(sensor_families[0]); i++) {
		size_t len = strlen(sensor_families[i].prefix);

		if (!strncmp(name, sensor_families[i].prefix, len) &&
		    isdigit((unsigned char) name[len])) {
			*ret_number = name + len;
			return &sensor_families[i];
		}
	}
	return NULL;
}

static enum pwr_sensor_sub
sensor_sub_of(const char *suffix)
{
	static const char *const stored[PWR_SUB_OTHER] = {"input", "min", "max"};
	int s;

	for (s = 0; s < PWR_SUB_OTHER; s++)
		if (!strcmp(suffix, stored[s]))
			return (enum pwr_sensor_sub) s;
	return PWR_SUB_OTHER;
}

int
pwr_sensor_attr_parse(const char *name, struct pwr_sensor_attr *ret)
{
	const struct sensor_family *f;
	const char *p;
	uint64_t k, first;
	size_t i;

	if (!strcmp(name, "beep_enable")) {
		*ret = (struct pwr_sensor_attr){PWR_SENSOR_BEEP_ENABLE, 0, PWR_SUB_OTHER};
		return 0;
	}
	f = sensor_family_of(name, &p);
	if (!f || parse_u64(&p, &k) < 0 || *p != '_')
		return -EINVAL;
	first = f->one_based ? 1 : 0;
	if (k < first || k - first >= SENSOR_CHANNELS)
		return -EINVAL;
	for (i = 0; f->subs[i]; i++) {
		if (!strcmp(p + 1, f->subs[i])) {
			ret->type = f->type;
			ret->channel = (int32_t) k;
			ret->sub = sensor_sub_of(p + 1);
			return 0;
		}
	}
	return -EINVAL;
}

int
parse_pwr_sensor_value(const char *buf, double scale, double *ret)
{
	const char *p = buf;
	bool neg;
	uint64_t v;

	if (parse_signed(&p, &neg, &v) < 0)
		return -EINVAL;
	*ret = (neg ? -(double) v : (double) v) / scale;
	return 0;
}

/* --- Bus classification: the device name patterns libsensors recognises. */

/* "%hd-%x": an i2c client such as "0-0048"; legacy bus 9191 is ISA. */
static bool
bus_i2c(const char *s, struct pwr_chip_bus *b)
{
	uint64_t nr, addr;

	if (parse_u64(&s, &nr) < 0 || *s != '-')
		return false;
	s++;
	if (parse_x64(&s, &addr) < 0)
		return false;
	b->nr = (int16_t) nr;
	b->addr = (uint32_t) addr;
	b->type = b->nr == 9191 ? PWR_BUS_ISA : PWR_BUS_I2C;
	if (b->type == PWR_BUS_ISA)
		b->nr = 0;
	return true;
}

/* "spi%hd.%d" */
static bool
bus_spi(const char *s, struct pwr_chip_bus *b)
{
	uint64_t nr, addr;

	if (strncmp(s, "spi", 3))
		return false;
	s += 3;
	if (parse_u64(&s, &nr) < 0 || *s != '.')
		return false;
	s++;
	if (parse_u64(&s, &addr) < 0)
		return false;
	*b = (struct pwr_chip_bus){PWR_BUS_SPI, (int16_t) nr, (uint32_t) addr};
	return true;
}

/* n numbers separated by seps[i], parsed in base 16 where hex[i]. */
static bool
scan_fields(const char *s, const char *seps, const bool *hex, uint64_t *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i > 0 && *s++ != seps[i - 1])
			return false;
		if ((hex[i] ? parse_x64(&s, &out[i]) : parse_u64(&s, &out[i])) < 0)
			return false;
	}
	return true;
}

/* "%x:%x:%x.%x": domain:bus:slot.function */
static bool
bus_pci(const char *s, struct pwr_chip_bus *b)
{
	static const bool hex[4] = {true, true, true, true};
	uint64_t v[4];

	if (!scan_fields(s, "::.", hex, v, 4))
		return false;
	b->type = PWR_BUS_PCI;
	b->nr = 0;
	b->addr = ((uint32_t) v[0] << 16) + ((uint32_t) v[1] << 8) + ((uint32_t) v[2] << 3) +
	          (uint32_t) v[3];
	return true;
}

/* "%*[a-z0-9_].%d" gives the address of a platform device ("it87.656"), else 0. */
static bool
bus_platform(const char *s, struct pwr_chip_bus *b)
{
	const char *p = s;
	uint64_t addr = 0;

	while ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_')
		p++;
	if (p > s && *p == '.') {
		p++;
		if (parse_u64(&p, &addr) < 0)
			addr = 0;
	}
	*b = (struct pwr_chip_bus){PWR_BUS_ISA, 0, (uint32_t) addr};
	return true;
}

static bool
bus_acpi(const char *s, struct pwr_chip_bus *b)
{
	(void) s;
	*b = (struct pwr_chip_bus){PWR_BUS_ACPI, 0, 0};
	return true;
}

/* "%x:%x:%x.%x": bus:vendor:product.id */
static bool
bus_hid(const char *s, struct pwr_chip_bus *b)
{
	static const bool hex[4] = {true, true, true, true};
	uint64_t v[4];

	if (!scan_fields(s, "::.", hex, v, 4))
		return false;
	*b = (struct pwr_chip_bus){PWR_BUS_HID, (int16_t) v[0], (uint32_t) v[3]};
	return true;
}

/* "%*[^:]:%d" */
static bool
bus_mdio(const char *s, struct pwr_chip_bus *b)
{
	const char *p = strchr(s, ':');
	uint64_t addr = 0;

	if (p && p > s) {
		p++;
		if (parse_u64(&p, &addr) < 0)
			addr = 0;
	}
	*b = (struct pwr_chip_bus){PWR_BUS_MDIO, 0, (uint32_t) addr};
	return true;
}

/* "%d:%d:%d:%x": host:channel:target:lun */
static bool
bus_scsi(const char *s, struct pwr_chip_bus *b)
{
	static const bool hex[4] = {false, false, false, true};
	uint64_t v[4];

	if (!scan_fields(s, ":::", hex, v, 4))
		return false;
	b->type = PWR_BUS_SCSI;
	b->nr = (int16_t) v[0];
	b->addr = ((uint32_t) v[1] << 8) + ((uint32_t) v[2] << 4) + (uint32_t) v[3];
	return true;
}

/* In libsensors' order; a device without a subsystem link tries the "guess" rows. */
// clang-format off
static const struct {
	const char *subsys;
	const char *subsys2;
	bool guess;
	bool (*match)(const char *dev_name, struct pwr_chip_bus *ret);
} bus_rules[] = {
	{"i2c",      NULL,          true,  bus_i2c},
	{"spi",      NULL,          true,  bus_spi},
	{"pci",      NULL,          true,  bus_pci},
	{"platform", "of_platform", true,  bus_platform},
	{"acpi",     NULL,          false, bus_acpi},
	{"hid",      NULL,          false, bus_hid},
	{"mdio_bus", NULL,          false, bus_mdio},
	{"scsi",     NULL,          false, bus_scsi},
};
// clang-format on

bool
pwr_sensor_classify(const char *dev_name, const char *subsys, struct pwr_chip_bus *ret)
{
	size_t i;

	for (i = 0; i < sizeof(bus_rules) / sizeof(bus_rules[0]); i++) {
		bool applies = subsys ? !strcmp(subsys, bus_rules[i].subsys) ||
		                                (bus_rules[i].subsys2 &&
		                                 !strcmp(subsys, bus_rules[i].subsys2))
		                      : bus_rules[i].guess;

		if (applies && bus_rules[i].match(dev_name, ret))
			return true;
	}
	return false;
}

// clang-format off
static const struct {
	const char *name;
	bool with_nr;
	int width;
} bus_names[PWR_BUS_MAX] = {
	[PWR_BUS_ISA]     = {"isa",     false, 4},
	[PWR_BUS_PCI]     = {"pci",     false, 4},
	[PWR_BUS_I2C]     = {"i2c",     true,  2},
	[PWR_BUS_SPI]     = {"spi",     true,  0},
	[PWR_BUS_VIRTUAL] = {"virtual", false, 0},
	[PWR_BUS_ACPI]    = {"acpi",    false, 0},
	[PWR_BUS_HID]     = {"hid",     true,  0},
	[PWR_BUS_MDIO]    = {"mdio",    false, 0},
	[PWR_BUS_SCSI]    = {"scsi",    true,  0},
};
// clang-format on

void
pwr_sensor_chip_name(char *out, size_t len, const char *prefix, const struct pwr_chip_bus *bus)
{
	unsigned t = (unsigned) bus->type < PWR_BUS_MAX ? (unsigned) bus->type : PWR_BUS_VIRTUAL;

	if (bus_names[t].with_nr)
		snprintf(out, len, "%s-%s-%d-%0*x", prefix, bus_names[t].name, bus->nr,
		         bus_names[t].width, bus->addr);
	else
		snprintf(out, len, "%s-%s-%0*x", prefix, bus_names[t].name, bus_names[t].width,
		         bus->addr);
}

/* --- Reading the hwmon tree. */

/* libsensors' attribute text: fgets(128), last byte dropped. */
static bool
sensors_read_attr(struct collect_ctx *c, const char *dir, const char *attr, char out[ATTR_LINE])
{
	char path[PATH_LEN];

	return path_fmt(path, sizeof(path), "%s/%s", dir, attr) &&
	       sysroot_read(&c->root, path, &c->scratch) >= 0 &&
	       pwr_fgets_chop(out, ATTR_LINE, scratch_text(c)) >= 0;
}

/* The last path component of link target t (trailing '/' ignored), into out. */
static bool
link_basename(char *t, char *out, size_t len)
{
	size_t n = strlen(t);
	const char *base;

	while (n > 1 && t[n - 1] == '/')
		t[--n] = '\0';
	base = strrchr(t, '/');
	return path_fmt(out, len, "%s", base ? base + 1 : t);
}

/* Where the link path leads, if it exists: the name of its target. */
static bool
device_link(struct collect_ctx *c, const char *path, char *name, size_t len)
{
	char target[PATH_LEN];

	if (sysroot_readlink(&c->root, path, target, sizeof(target)) <= 0 ||
	    !sysroot_exists(&c->root, path))
		return false;
	return link_basename(target, name, len);
}

/* The subsystem of device dev (its "bus" link before 2.6.18), or NULL. */
static const char *
device_subsys(struct collect_ctx *c, const char *dev, char *buf, size_t len)
{
	static const char *const links[] = {"subsystem", "bus"};
	char path[PATH_LEN], target[PATH_LEN];
	size_t i;

	for (i = 0; i < sizeof(links) / sizeof(links[0]); i++) {
		if (path_fmt(path, sizeof(path), "%s/%s", dev, links[i]) &&
		    sysroot_readlink(&c->root, path, target, sizeof(target)) > 0)
			return link_basename(target, buf, len) ? buf : NULL;
	}
	return NULL;
}

/* An i2c adapter named "ISA ..." makes its chips ISA ones. */
static void
i2c_isa_check(struct collect_ctx *c, struct pwr_chip_bus *bus)
{
	char dir[PATH_LEN], name[ATTR_LINE];

	if (path_fmt(dir, sizeof(dir), I2C_ADAPTS "/i2c-%d/device", bus->nr) &&
	    sensors_read_attr(c, dir, "name", name) && !strncmp(name, "ISA ", 4)) {
		bus->type = PWR_BUS_ISA;
		bus->nr = 0;
	}
}

/*
 * The bus of the chip whose device is dev_path: its subsystem, else that
 * of the device it hangs from, and so on; virtual when nothing is known.
 */
static void
chip_bus(struct collect_ctx *c, const char *dev_path, const char *dev_name,
         struct pwr_chip_bus *ret)
{
	char path[PATH_LEN], name[256], subsys[256];
	int depth;

	*ret = (struct pwr_chip_bus){PWR_BUS_VIRTUAL, 0, 0};
	if (!path_fmt(path, sizeof(path), "%s", dev_path) ||
	    !path_fmt(name, sizeof(name), "%s", dev_name))
		return;
	/* Bounded: a device chain is a few levels deep. */
	for (depth = 0; depth < 8; depth++) {
		const char *sub = device_subsys(c, path, subsys, sizeof(subsys));
		size_t len = strlen(path);

		if (pwr_sensor_classify(name, sub, ret)) {
			if (ret->type == PWR_BUS_I2C)
				i2c_isa_check(c, ret);
			return;
		}
		if (!path_fmt(path + len, sizeof(path) - len, "/device") ||
		    !device_link(c, path, name, sizeof(name)))
			break;
	}
	*ret = (struct pwr_chip_bus){PWR_BUS_VIRTUAL, 0, 0};
}

/* What one kind of sensor item holds, and where. */
#define NO_FIELD ((size_t) -1)

struct sensor_kind {
	enum pwr_sensor_type type;
	const char *prefix;
	double scale; /* sysfs units per stored unit */
	size_t size;
	size_t device;
	size_t value[PWR_SUB_OTHER]; /* offsets of input, min, max */
};

// clang-format off
static const struct sensor_kind kind_fan = {
	PWR_SENSOR_FAN, "fan", 1.0, sizeof(struct stats_pwr_fan),
	offsetof(struct stats_pwr_fan, device),
	{offsetof(struct stats_pwr_fan, rpm), offsetof(struct stats_pwr_fan, rpm_min), NO_FIELD},
};
static const struct sensor_kind kind_temp = {
	PWR_SENSOR_TEMP, "temp", 1000.0, sizeof(struct stats_pwr_temp),
	offsetof(struct stats_pwr_temp, device),
	{offsetof(struct stats_pwr_temp, temp), offsetof(struct stats_pwr_temp, temp_min),
	 offsetof(struct stats_pwr_temp, temp_max)},
};
static const struct sensor_kind kind_in = {
	PWR_SENSOR_IN, "in", 1000.0, sizeof(struct stats_pwr_in),
	offsetof(struct stats_pwr_in, device),
	{offsetof(struct stats_pwr_in, in), offsetof(struct stats_pwr_in, in_min),
	 offsetof(struct stats_pwr_in, in_max)},
};
// clang-format on

struct sensor_walk {
	struct collect_ctx *c;
	const struct sensor_kind *kind;
	unsigned char *items; /* NULL: count only */
	int32_t max_nr;
	int32_t n;
	bool nospace;
};

/* The channels of one chip that have attributes of the walk's type. */
struct chip_channels {
	bool any; /* a sensor attribute of any type: the directory is a chip */
	uint64_t bits[(SENSOR_CHANNELS + 1 + 63) / 64];
};

static void
chip_channels_scan(struct collect_ctx *c, const char *dir, enum pwr_sensor_type type,
                   struct chip_channels *ret)
{
	struct sysroot_dir it;
	const char *name;

	memset(ret, 0, sizeof(*ret));
	if (sysroot_dir_open(&c->root, dir, &it) < 0)
		return;
	while ((name = sysroot_dir_next(&it))) {
		struct pwr_sensor_attr a;

		if (pwr_sensor_attr_parse(name, &a) < 0)
			continue;
		ret->any = true;
		if (a.type == type)
			ret->bits[a.channel / 64] |= UINT64_C(1) << (a.channel % 64);
	}
	sysroot_dir_close(&it);
}

/* libsensors reads a value only when its file has the owner read bit. */
static double
sensor_value(struct collect_ctx *c, const char *path, double scale)
{
	struct stat st;
	char text[64];
	double v;

	if (sysroot_stat(&c->root, path, &st) < 0 || !(st.st_mode & S_IRUSR) ||
	    sysroot_read_line(&c->root, path, text, sizeof(text)) < 0 ||
	    parse_pwr_sensor_value(text, scale, &v) < 0)
		return 0.0;
	return v;
}

static void
sensor_item_fill(struct sensor_walk *w, const char *dir, int32_t channel,
                 const char device[MAX_SENSORS_DEV_LEN], unsigned char *item)
{
	static const char *const subs[PWR_SUB_OTHER] = {"input", "min", "max"};
	const struct sensor_kind *k = w->kind;
	char path[PATH_LEN];
	int s;

	for (s = 0; s < PWR_SUB_OTHER; s++) {
		double v = 0.0;

		if (k->value[s] == NO_FIELD)
			continue;
		if (path_fmt(path, sizeof(path), "%s/%s%d_%s", dir, k->prefix, channel, subs[s]))
			v = sensor_value(w->c, path, k->scale);
		memcpy(item + k->value[s], &v, sizeof(v));
	}
	memcpy(item + k->device, device, MAX_SENSORS_DEV_LEN);
}

static void
chip_emit(struct sensor_walk *w, const char *dir, const char *device,
          const struct chip_channels *ch)
{
	int32_t ch_nr;

	for (ch_nr = 0; ch_nr <= SENSOR_CHANNELS && !w->nospace; ch_nr++) {
		if (!(ch->bits[ch_nr / 64] & (UINT64_C(1) << (ch_nr % 64))))
			continue;
		if (w->items) {
			if (w->n >= w->max_nr) {
				w->nospace = true;
				break;
			}
			sensor_item_fill(w, dir, ch_nr, device,
			                 w->items + (size_t) w->n * w->kind->size);
		}
		w->n++;
	}
}

static bool
chip_has_channels(const struct chip_channels *ch)
{
	size_t i;

	for (i = 0; i < sizeof(ch->bits) / sizeof(ch->bits[0]); i++)
		if (ch->bits[i])
			return true;
	return false;
}

/*
 * One candidate chip: attributes in dir, device dev_path named dev_name
 * (NULL for a virtual chip). Returns false when dir holds no chip.
 */
static bool
chip_visit(struct sensor_walk *w, const char *dir, const char *dev_path, const char *dev_name)
{
	char prefix[ATTR_LINE], device[MAX_SENSORS_DEV_LEN] = {0};
	struct pwr_chip_bus bus = {PWR_BUS_VIRTUAL, 0, 0};
	struct chip_channels ch;

	if (!sensors_read_attr(w->c, dir, "name", prefix))
		return false;
	chip_channels_scan(w->c, dir, w->kind->type, &ch);
	if (!ch.any)
		return false;
	if (w->items && chip_has_channels(&ch)) {
		if (dev_path)
			chip_bus(w->c, dev_path, dev_name, &bus);
		pwr_sensor_chip_name(device, sizeof(device), prefix, &bus);
	}
	chip_emit(w, dir, device, &ch);
	return true;
}

static void
hwmon_visit(struct sensor_walk *w, const char *entry)
{
	char dir[PATH_LEN], dev[PATH_LEN], dev_name[256];

	if (!path_fmt(dir, sizeof(dir), HWMON_DIR "/%s", entry) ||
	    !path_fmt(dev, sizeof(dev), "%s/device", dir))
		return;
	if (!device_link(w->c, dev, dev_name, sizeof(dev_name))) {
		chip_visit(w, dir, NULL, NULL);
		return;
	}
	/* The attributes are those of the hwmon device, or of the device itself (old kernels). */
	if (!chip_visit(w, dir, dev, dev_name))
		chip_visit(w, dev, dev, dev_name);
}

/* Kernels before 2.6.14 have no hwmon class: each i2c device is a candidate. */
static void
i2c_visit(struct sensor_walk *w, const char *entry)
{
	char dir[PATH_LEN];

	if (path_fmt(dir, sizeof(dir), I2C_DIR "/%s", entry))
		chip_visit(w, dir, dir, entry);
}

static int32_t
sensors_walk(struct collect_ctx *c, const struct sensor_kind *kind, void *items, int32_t max_nr)
{
	struct sensor_walk w = {c, kind, items, max_nr, 0, false};
	void (*visit)(struct sensor_walk *, const char *) = hwmon_visit;
	struct sysroot_dir it;
	const char *name;

	/* Fans, temperatures and voltages each walk the tree: look for a missing one once. */
	if (c->no_sensors_sample == c->sample)
		return 0;
	if (sysroot_dir_open(&c->root, HWMON_DIR, &it) < 0) {
		if (sysroot_exists(&c->root, HWMON_DIR) ||
		    sysroot_dir_open(&c->root, I2C_DIR, &it) < 0) {
			c->no_sensors_sample = c->sample;
			return 0;
		}
		visit = i2c_visit;
	}
	while (!w.nospace && w.n < INT32_MAX - SENSOR_CHANNELS && (name = sysroot_dir_next(&it))) {
		char entry[256];

		/* Copied: the visit lists other directories. */
		if (name[0] == '.' || !path_fmt(entry, sizeof(entry), "%s", name))
			continue;
		visit(&w, entry);
	}
	sysroot_dir_close(&it);
	return w.nospace ? COLLECT_E_NOSPACE : w.n;
}

static int32_t
sensors_count(struct collect_ctx *c, const struct sensor_kind *kind, int32_t *ret_nr2)
{
	int32_t n = sensors_walk(c, kind, NULL, 0);

	*ret_nr2 = 1;
	return n > MAX_NR_SENSORS ? MAX_NR_SENSORS : n;
}

int32_t
collect_count_pwr_fan(struct collect_ctx *c, int32_t *ret_nr2)
{
	return sensors_count(c, &kind_fan, ret_nr2);
}

int32_t
collect_read_pwr_fan(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	(void) nr2;
	return sensors_walk(c, &kind_fan, items, max_nr);
}

int32_t
collect_count_pwr_temp(struct collect_ctx *c, int32_t *ret_nr2)
{
	return sensors_count(c, &kind_temp, ret_nr2);
}

int32_t
collect_read_pwr_temp(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	(void) nr2;
	return sensors_walk(c, &kind_temp, items, max_nr);
}

int32_t
collect_count_pwr_in(struct collect_ctx *c, int32_t *ret_nr2)
{
	return sensors_count(c, &kind_in, ret_nr2);
}

int32_t
collect_read_pwr_in(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	(void) nr2;
	return sensors_walk(c, &kind_in, items, max_nr);
}

/* ------------------------------------------------------------------------- */
/* A_PWR_BAT (12.7.5): Documentation/ABI/testing/sysfs-class-power. */

bool
pwr_bat_is_battery(const char *name)
{
	return !strncmp(name, "BAT", 3) && isdigit((unsigned char) name[3]);
}

int
parse_pwr_bat_u8(const char *s, uint8_t *ret)
{
	bool minus = false;
	uint64_t v;

	while (isspace((unsigned char) *s))
		s++;
	if (*s == '+' || *s == '-')
		minus = *s++ == '-';
	if (!isdigit((unsigned char) *s) || parse_u64(&s, &v) < 0)
		return -EINVAL;
	/* strtoul() saturates without negating; else "-N" is 2^64 - N. */
	if (minus && v != UINT64_MAX)
		v = (uint64_t) 0 - v;
	*ret = (uint8_t) v;
	return 0;
}

// clang-format off
static const struct {
	const char *prefix;
	enum bat_status status;
} bat_statuses[] = {
	{"Charging",     BAT_STS_CHARGING},
	{"Discharging",  BAT_STS_DISCHARGING},
	{"Not charging", BAT_STS_NOTCHARGING},
	{"Full",         BAT_STS_FULL},
};
// clang-format on

uint8_t
parse_pwr_bat_status(const char *content)
{
	size_t i;

	for (i = 0; i < sizeof(bat_statuses) / sizeof(bat_statuses[0]); i++)
		if (!strncmp(content, bat_statuses[i].prefix, strlen(bat_statuses[i].prefix)))
			return (uint8_t) bat_statuses[i].status;
	return BAT_STS_UNKNOWN;
}

static void
bat_read_one(struct collect_ctx *c, const char *name, struct stats_pwr_bat *st)
{
	char path[PATH_LEN], line[256];
	const char *p;

	(void) parse_pwr_bat_u8(name + 3, &st->bat_id);
	/* sadc reads the first line (fgets of 256 bytes) and scans it. */
	if (path_fmt(path, sizeof(path), BAT_DIR "/%s/capacity", name) &&
	    sysroot_read(&c->root, path, &c->scratch) >= 0) {
		p = scratch_text(c);
		if (collect_gets(&p, line, sizeof(line)))
			(void) parse_pwr_bat_u8(line, &st->capacity);
	}
	if (path_fmt(path, sizeof(path), BAT_DIR "/%s/status", name) &&
	    sysroot_read(&c->root, path, &c->scratch) >= 0)
		st->status = parse_pwr_bat_status(scratch_text(c));
}

/* Counts the batteries (items NULL) or reads them; -1 without the power_supply class. */
static int32_t
bat_scan(struct collect_ctx *c, struct stats_pwr_bat *items, int32_t max_nr)
{
	struct sysroot_dir it;
	const char *name;
	int32_t n = 0;

	if (sysroot_dir_open(&c->root, BAT_DIR, &it) < 0)
		return items ? 0 : -1;
	while (n < INT32_MAX && (name = sysroot_dir_next(&it))) {
		if (!pwr_bat_is_battery(name))
			continue;
		if (items) {
			if (n >= max_nr) {
				n = COLLECT_E_NOSPACE;
				break;
			}
			bat_read_one(c, name, &items[n]);
		}
		n++;
	}
	sysroot_dir_close(&it);
	return n;
}

int32_t
collect_count_pwr_bat(struct collect_ctx *c, int32_t *ret_nr2)
{
	*ret_nr2 = 1;
	return bat_scan(c, NULL, 0);
}

int32_t
collect_read_pwr_bat(struct collect_ctx *c, void *items, int32_t max_nr, int32_t nr2)
{
	(void) nr2;
	return bat_scan(c, items, max_nr);
}
