/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the power management collectors (collect_power.c). The
 * parser tests use literal buffers whose expected values were worked out by
 * hand from doc/activities.md §7 and sadc's reading rules; the sensor tests
 * build a small hwmon tree in a temporary directory (there is no sensor
 * data in the upstream roots); the oracle tests compare, byte for byte,
 * what the collectors read from each upstream root with what sysstat
 * 12.6.1's own sadc stored from the same root.
 */

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "sadc/collect.h"
#include "sadc/collect_power.h"
#include "common/banned.h"

/* ------------------------------------------------------------------------- */
/* A_PWR_CPU: /proc/cpuinfo */

START_TEST(test_cpuinfo_x86)
{
	static const char buf[] = "processor\t: 0\n"
	                          "vendor_id\t: GenuineIntel\n"
	                          "cpu MHz\t\t: 2600.000\n"
	                          "cache size\t: 8192 KB\n"
	                          "\n"
	                          "processor\t: 1\n"
	                          "cpu MHz\t\t: 1200.123\n"
	                          "\n";
	struct stats_pwr_cpufreq items[4];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_pwr_cpuinfo(buf, items, 4), 3);
	ck_assert_uint_eq(items[1].cpufreq, 260000);
	/* "123" / 10 = 12 hundredths: the fraction is read as an integer. */
	ck_assert_uint_eq(items[2].cpufreq, 120012);
	ck_assert_uint_eq(items[0].cpufreq, (260000 + 120012) / 2);
	ck_assert_uint_eq(items[3].cpufreq, 0);
}
END_TEST

START_TEST(test_cpuinfo_power)
{
	static const char buf[] = "processor\t: 0\n"
	                          "cpu\t\t: POWER9, altivec supported\n"
	                          "clock\t\t: 3425.000000MHz\n"
	                          "revision\t: 2.2 (pvr 004e 1202)\n";
	struct stats_pwr_cpufreq items[2];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_pwr_cpuinfo(buf, items, 2), 2);
	ck_assert_uint_eq(items[1].cpufreq, 342500);
	ck_assert_uint_eq(items[0].cpufreq, 342500);
}
END_TEST

START_TEST(test_cpuinfo_fraction_kept)
{
	/* sscanf("%u.%u") leaves dfreq alone when there is no fraction. */
	static const char buf[] = "processor\t: 0\ncpu MHz\t: 2000.500\n"
	                          "processor\t: 1\ncpu MHz\t: 1800\n";
	struct stats_pwr_cpufreq items[3];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_pwr_cpuinfo(buf, items, 3), 3);
	ck_assert_uint_eq(items[1].cpufreq, 200050);
	ck_assert_uint_eq(items[2].cpufreq, 180050);
	ck_assert_uint_eq(items[0].cpufreq, 190050);
}
END_TEST

START_TEST(test_cpuinfo_gap_and_none)
{
	static const char gap[] = "processor\t: 0\ncpu MHz\t: 1000.000\n"
	                          "processor\t: 3\ncpu MHz\t: 3000.000\n";
	static const char arm[] = "processor\t: 0\nBogoMIPS\t: 48.00\n"
	                          "processor\t: 1\nBogoMIPS\t: 48.00\n";
	struct stats_pwr_cpufreq items[5];

	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_pwr_cpuinfo(gap, items, 5), 5);
	ck_assert_uint_eq(items[1].cpufreq, 100000);
	ck_assert_uint_eq(items[2].cpufreq, 0);
	ck_assert_uint_eq(items[3].cpufreq, 0);
	ck_assert_uint_eq(items[4].cpufreq, 300000);
	ck_assert_uint_eq(items[0].cpufreq, 200000);

	/* No frequency at all: only the "all" item, left 0. */
	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_pwr_cpuinfo(arm, items, 5), 1);
	ck_assert_uint_eq(items[0].cpufreq, 0);
	ck_assert_int_eq(parse_pwr_cpuinfo("", items, 5), 1);
	/* A line without ':' is skipped (sadc would crash on it). */
	ck_assert_int_eq(parse_pwr_cpuinfo("processor\t0\ncpu MHz\t2000\n", items, 5), 1);
}
END_TEST

START_TEST(test_cpuinfo_nospace)
{
	static const char buf[] = "processor\t: 0\ncpu MHz\t: 1000.000\n"
	                          "processor\t: 2\ncpu MHz\t: 1000.000\n";
	struct stats_pwr_cpufreq items[4];

	memset(items, 0, sizeof(items));
	/* CPU 2 needs item 3: 3 items are too few, even before its frequency line. */
	ck_assert_int_eq(parse_pwr_cpuinfo(buf, items, 3), COLLECT_E_NOSPACE);
	ck_assert_int_eq(parse_pwr_cpuinfo("processor\t: 2\n", items, 3), COLLECT_E_NOSPACE);
	ck_assert_int_eq(parse_pwr_cpuinfo(buf, items, 0), COLLECT_E_NOSPACE);
	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_pwr_cpuinfo(buf, items, 4), 4);
	/* A frequency before any processor line belongs to CPU 0. */
	ck_assert_int_eq(parse_pwr_cpuinfo("cpu MHz\t: 5.000\n", items, 1), COLLECT_E_NOSPACE);
}
END_TEST

START_TEST(test_cpuinfo_overlong_and_wrap)
{
	/* fgets(1024): the 1023 first bytes are one line, the rest another. */
	char buf[1200];
	struct stats_pwr_cpufreq items[2];
	size_t n;

	memset(buf, 0, sizeof(buf));
	memcpy(buf, "processor\t: 0\n", 14);
	memcpy(buf + 14, "flags\t\t: ", 9);
	memset(buf + 23, 'x', 1023 - 9);
	n = 14 + 1023;
	memcpy(buf + n, "cpu MHz\t: 999.000\n", 18);
	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_pwr_cpuinfo(buf, items, 2), 2);
	ck_assert_uint_eq(items[1].cpufreq, 99900);

	/* 50000000 * 100 wraps in sadc's unsigned int: 5e9 - 2^32. */
	memset(items, 0, sizeof(items));
	ck_assert_int_eq(parse_pwr_cpuinfo("processor\t: 0\ncpu MHz\t: 50000000.0\n", items, 2), 2);
	ck_assert_uint_eq(items[1].cpufreq, 705032704u);
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_PWR_FREQ: time_in_state */

START_TEST(test_freq_states)
{
	char longline[300];

	ck_assert_int_eq(parse_pwr_freq_states("2001000 60803\n2000000 5734\n"), 2);
	ck_assert_int_eq(parse_pwr_freq_states("2001000 60803\n2000000 5734"), 2);
	ck_assert_int_eq(parse_pwr_freq_states(""), 0);
	/* 200 characters and a newline are two fgets(128) lines. */
	memset(longline, '1', 200);
	longline[200] = '\n';
	longline[201] = '\0';
	ck_assert_int_eq(parse_pwr_freq_states(longline), 2);
}
END_TEST

START_TEST(test_time_in_state)
{
	static const char buf[] = "2001000 60803\n2000000 5734\n1600000 5996\n800000 205211\n";
	static const char bad[] = "100 5\nxyz\n200 7\n";
	struct stats_pwr_wghfreq row[5];

	memset(row, 0, sizeof(row));
	/* Lines past nr2 are ignored. */
	ck_assert_int_eq(parse_pwr_time_in_state(buf, row, 3), 3);
	ck_assert_uint_eq(row[0].freq, 2001000);
	ck_assert_uint_eq(row[0].time_in_state, 60803);
	ck_assert_uint_eq(row[1].freq, 2000000);
	ck_assert_uint_eq(row[1].time_in_state, 5734);
	ck_assert_uint_eq(row[2].freq, 1600000);
	ck_assert_uint_eq(row[2].time_in_state, 5996);
	ck_assert_uint_eq(row[3].freq, 0);

	/* Fewer lines than states: the rest stays 0. */
	memset(row, 0, sizeof(row));
	ck_assert_int_eq(parse_pwr_time_in_state("800000 12\n", row, 5), 1);
	ck_assert_uint_eq(row[0].freq, 800000);
	ck_assert_uint_eq(row[0].time_in_state, 12);
	ck_assert_uint_eq(row[1].freq, 0);

	/* A line that does not parse repeats the previous values. */
	memset(row, 0, sizeof(row));
	ck_assert_int_eq(parse_pwr_time_in_state(bad, row, 5), 3);
	ck_assert_uint_eq(row[1].freq, 100);
	ck_assert_uint_eq(row[1].time_in_state, 5);
	ck_assert_uint_eq(row[2].freq, 200);
	ck_assert_uint_eq(row[2].time_in_state, 7);
}
END_TEST

START_TEST(test_freq_fold)
{
	/* Row 0 (all), rows 1 and 2 (CPU 0 and 1), two states each. */
	struct stats_pwr_wghfreq m[6];

	memset(m, 0, sizeof(m));
	m[2] = (struct stats_pwr_wghfreq){10, 800000};
	m[3] = (struct stats_pwr_wghfreq){21, 1600000};
	m[4] = (struct stats_pwr_wghfreq){5, 800000};
	m[5] = (struct stats_pwr_wghfreq){4, 1600000};
	pwr_freq_fold_all(m, 2, 2);
	ck_assert_uint_eq(m[0].freq, 800000);
	ck_assert_uint_eq(m[0].time_in_state, 7); /* 15 / 2 */
	ck_assert_uint_eq(m[1].freq, 1600000);
	ck_assert_uint_eq(m[1].time_in_state, 12); /* 25 / 2 */
}
END_TEST

/* ------------------------------------------------------------------------- */
/* A_PWR_USB */

START_TEST(test_usb_names)
{
	struct stats_pwr_usb st;

	ck_assert(pwr_usb_is_device("1-3"));
	ck_assert(pwr_usb_is_device("3-2.1"));
	ck_assert(!pwr_usb_is_device("3-1:1.0"));
	ck_assert(!pwr_usb_is_device("usb1"));
	ck_assert(!pwr_usb_is_device("."));
	ck_assert(!pwr_usb_is_device(""));
	memset(&st, 0, sizeof(st));
	parse_pwr_usb_name("3-2.1", &st);
	ck_assert_uint_eq(st.bus_nr, 3);
	parse_pwr_usb_name("12-1", &st);
	ck_assert_uint_eq(st.bus_nr, 12);
}
END_TEST

START_TEST(test_usb_attrs)
{
	static const char prod60[] =
	        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWX\n";
	struct stats_pwr_usb st;

	memset(&st, 0, sizeof(st));
	ck_assert_int_eq(parse_pwr_usb_attr(&st, "idVendor", "03f0\n"), 0);
	ck_assert_int_eq(parse_pwr_usb_attr(&st, "idProduct", "b62a\n"), 0);
	ck_assert_int_eq(parse_pwr_usb_attr(&st, "bMaxPower", "500mA\n"), 0);
	ck_assert_int_eq(parse_pwr_usb_attr(&st, "manufacturer", "HP\n"), 0);
	ck_assert_int_eq(parse_pwr_usb_attr(&st, "product", prod60), 0);
	ck_assert_uint_eq(st.vendor_id, 0x03f0);
	ck_assert_uint_eq(st.product_id, 0xb62a);
	ck_assert_uint_eq(st.bmaxpower, 500);
	ck_assert_str_eq(st.manufacturer, "HP");
	/* fgets(product, 47) takes 46 bytes, then the last one is dropped. */
	ck_assert_str_eq(st.product, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHI");

	/* fgets(manufacturer, 23): 22 bytes, minus the last. */
	memset(&st, 0, sizeof(st));
	parse_pwr_usb_attr(&st, "manufacturer", "Chicony Electronics Co.,Ltd.\n");
	ck_assert_str_eq(st.manufacturer, "Chicony Electronics C");
	/* The last byte goes even when it is not a newline. */
	parse_pwr_usb_attr(&st, "product", "ASM1153");
	ck_assert_str_eq(st.product, "ASM115");

	/* Empty files and garbage leave 0; unknown attributes are refused. */
	memset(&st, 0, sizeof(st));
	parse_pwr_usb_attr(&st, "manufacturer", "");
	parse_pwr_usb_attr(&st, "idVendor", "zz\n");
	parse_pwr_usb_attr(&st, "bMaxPower", "");
	ck_assert_str_eq(st.manufacturer, "");
	ck_assert_uint_eq(st.vendor_id, 0);
	ck_assert_uint_eq(st.bmaxpower, 0);
	ck_assert_int_eq(parse_pwr_usb_attr(&st, "serial", "123\n"), -ENOENT);
}
END_TEST

START_TEST(test_fgets_chop)
{
	char dst[8];

	ck_assert_int_eq(pwr_fgets_chop(dst, sizeof(dst), "abc\n"), 3);
	ck_assert_str_eq(dst, "abc");
	ck_assert_int_eq(pwr_fgets_chop(dst, sizeof(dst), "abc"), 2);
	ck_assert_str_eq(dst, "ab");
	ck_assert_int_eq(pwr_fgets_chop(dst, sizeof(dst), "\n"), 0);
	ck_assert_str_eq(dst, "");
	memcpy(dst, "keep", 5);
	ck_assert_int_eq(pwr_fgets_chop(dst, sizeof(dst), ""), -1);
	ck_assert_str_eq(dst, "keep");
	/* Only the first line, and at most n - 1 bytes of it. */
	ck_assert_int_eq(pwr_fgets_chop(dst, sizeof(dst), "a\nb\n"), 1);
	ck_assert_str_eq(dst, "a");
	ck_assert_int_eq(pwr_fgets_chop(dst, sizeof(dst), "0123456789\n"), 6);
	ck_assert_str_eq(dst, "012345");
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Sensors: the pure parts */

static void
assert_attr(const char *name, enum pwr_sensor_type type, int32_t channel, enum pwr_sensor_sub sub)
{
	struct pwr_sensor_attr a;

	ck_assert_msg(pwr_sensor_attr_parse(name, &a) == 0, "%s not recognised", name);
	ck_assert_msg(a.type == type && a.channel == channel && a.sub == sub,
	              "%s: type %d channel %d sub %d", name, a.type, a.channel, a.sub);
}

START_TEST(test_sensor_attr_names)
{
	static const char *const not_attrs[] = {
	        "name",          "temp1_label",  "temp1",    "fan0_input",   "temp0_input",
	        "fan1025_input", "in1024_input", "in_input", "temp1_inputx", "pwm1",
	        "pwm1_enable",   "uevent",       "device",   "temp1__input",
	};
	struct pwr_sensor_attr a;
	size_t i;

	assert_attr("temp1_input", PWR_SENSOR_TEMP, 1, PWR_SUB_INPUT);
	assert_attr("temp2_max", PWR_SENSOR_TEMP, 2, PWR_SUB_MAX);
	assert_attr("temp10_min", PWR_SENSOR_TEMP, 10, PWR_SUB_MIN);
	assert_attr("temp1_crit", PWR_SENSOR_TEMP, 1, PWR_SUB_OTHER);
	assert_attr("temp1_max_hyst", PWR_SENSOR_TEMP, 1, PWR_SUB_OTHER);
	assert_attr("in0_input", PWR_SENSOR_IN, 0, PWR_SUB_INPUT);
	assert_attr("in1023_max", PWR_SENSOR_IN, 1023, PWR_SUB_MAX);
	assert_attr("fan1_min", PWR_SENSOR_FAN, 1, PWR_SUB_MIN);
	assert_attr("fan1024_input", PWR_SENSOR_FAN, 1024, PWR_SUB_INPUT);
	assert_attr("fan2_div", PWR_SENSOR_FAN, 2, PWR_SUB_OTHER);
	assert_attr("intrusion0_alarm", PWR_SENSOR_INTRUSION, 0, PWR_SUB_OTHER);
	assert_attr("cpu0_vid", PWR_SENSOR_VID, 0, PWR_SUB_OTHER);
	assert_attr("curr1_input", PWR_SENSOR_CURR, 1, PWR_SUB_INPUT);
	assert_attr("power1_average", PWR_SENSOR_POWER, 1, PWR_SUB_OTHER);
	assert_attr("energy1_input", PWR_SENSOR_ENERGY, 1, PWR_SUB_INPUT);
	assert_attr("humidity1_input", PWR_SENSOR_HUMIDITY, 1, PWR_SUB_INPUT);
	assert_attr("beep_enable", PWR_SENSOR_BEEP_ENABLE, 0, PWR_SUB_OTHER);
	for (i = 0; i < sizeof(not_attrs) / sizeof(not_attrs[0]); i++)
		ck_assert_msg(pwr_sensor_attr_parse(not_attrs[i], &a) == -EINVAL, "%s accepted",
		              not_attrs[i]);
}
END_TEST

START_TEST(test_sensor_values)
{
	double v = 99.0;

	ck_assert_int_eq(parse_pwr_sensor_value("45000\n", 1000.0, &v), 0);
	ck_assert(v == 45.0);
	ck_assert_int_eq(parse_pwr_sensor_value("-5500\n", 1000.0, &v), 0);
	ck_assert(v == -5.5);
	ck_assert_int_eq(parse_pwr_sensor_value("1200\n", 1.0, &v), 0);
	ck_assert(v == 1200.0);
	ck_assert_int_eq(parse_pwr_sensor_value(" 3312", 1000.0, &v), 0);
	ck_assert(v == 3.312);
	v = 99.0;
	ck_assert_int_eq(parse_pwr_sensor_value("", 1000.0, &v), -EINVAL);
	ck_assert_int_eq(parse_pwr_sensor_value("N/A\n", 1000.0, &v), -EINVAL);
	ck_assert_int_eq(parse_pwr_sensor_value("-\n", 1000.0, &v), -EINVAL);
	ck_assert(v == 99.0);
}
END_TEST

static void
assert_bus(const char *dev, const char *subsys, enum pwr_bus_type type, int nr, uint32_t addr)
{
	struct pwr_chip_bus b;

	memset(&b, 0xff, sizeof(b));
	ck_assert_msg(pwr_sensor_classify(dev, subsys, &b), "%s (%s) not classified", dev,
	              subsys ? subsys : "none");
	ck_assert_msg(b.type == type && b.nr == nr && b.addr == addr,
	              "%s (%s): type %d nr %d addr %x", dev, subsys ? subsys : "none", b.type, b.nr,
	              b.addr);
}

START_TEST(test_sensor_buses)
{
	struct pwr_chip_bus b;

	assert_bus("0-0048", "i2c", PWR_BUS_I2C, 0, 0x48);
	assert_bus("9191-0290", NULL, PWR_BUS_ISA, 0, 0x290);
	assert_bus("spi0.1", "spi", PWR_BUS_SPI, 0, 1);
	assert_bus("0000:00:18.3", "pci", PWR_BUS_PCI, 0, 0xc3);
	assert_bus("0001:02:1f.7", "pci", PWR_BUS_PCI, 0, 0x102ff);
	assert_bus("it87.656", "platform", PWR_BUS_ISA, 0, 656);
	assert_bus("gpio-fan", "of_platform", PWR_BUS_ISA, 0, 0);
	assert_bus("coretemp.0", NULL, PWR_BUS_ISA, 0, 0);
	assert_bus("dell_smm_hwmon", NULL, PWR_BUS_ISA, 0, 0);
	assert_bus("LNXTHERM:00", "acpi", PWR_BUS_ACPI, 0, 0);
	assert_bus("0003:046D:C52B.0001", "hid", PWR_BUS_HID, 3, 1);
	assert_bus("stmmac-0:01", "mdio_bus", PWR_BUS_MDIO, 0, 1);
	assert_bus("1:0:2:0", "scsi", PWR_BUS_SCSI, 1, 0x20);
	/* Subsystems libsensors does not know, or names that do not fit. */
	ck_assert(!pwr_sensor_classify("nvme0", "nvme", &b));
	ck_assert(!pwr_sensor_classify("0000:01:00.0", "i2c", &b));
	ck_assert(!pwr_sensor_classify("hidraw0", "hid", &b));
}
END_TEST

static void
assert_chip_name(const char *prefix, enum pwr_bus_type type, int nr, uint32_t addr,
                 const char *want)
{
	struct pwr_chip_bus b = {type, (int16_t) nr, addr};
	char out[MAX_SENSORS_DEV_LEN];

	pwr_sensor_chip_name(out, sizeof(out), prefix, &b);
	ck_assert_str_eq(out, want);
}

START_TEST(test_sensor_chip_names)
{
	assert_chip_name("coretemp", PWR_BUS_ISA, 0, 0, "coretemp-isa-0000");
	assert_chip_name("it87", PWR_BUS_ISA, 0, 0x290, "it87-isa-0290");
	assert_chip_name("lm75", PWR_BUS_I2C, 0, 0x48, "lm75-i2c-0-48");
	assert_chip_name("w83795g", PWR_BUS_I2C, 1, 0x2f, "w83795g-i2c-1-2f");
	assert_chip_name("jc42", PWR_BUS_I2C, 2, 0x8, "jc42-i2c-2-08");
	assert_chip_name("k10temp", PWR_BUS_PCI, 0, 0xc3, "k10temp-pci-00c3");
	assert_chip_name("acpitz", PWR_BUS_VIRTUAL, 0, 0, "acpitz-virtual-0");
	assert_chip_name("acpitz", PWR_BUS_ACPI, 0, 0, "acpitz-acpi-0");
	assert_chip_name("max31722", PWR_BUS_SPI, 0, 1, "max31722-spi-0-1");
	assert_chip_name("corsair", PWR_BUS_HID, 3, 1, "corsair-hid-3-1");
	assert_chip_name("phy", PWR_BUS_MDIO, 0, 1, "phy-mdio-1");
	assert_chip_name("drivetemp", PWR_BUS_SCSI, 0, 0, "drivetemp-scsi-0-0");
	/* 20 bytes: 19 characters and the NUL. */
	assert_chip_name("averyveryverylongchipname", PWR_BUS_VIRTUAL, 0, 0, "averyveryverylongch");
}
END_TEST

/* ------------------------------------------------------------------------- */
/* Sensors and collectors on trees built here */

static char tmp_root[256];

/* mkdir -p of rel (relative to the tree). */
static void
mk_dir(const char *rel)
{
	ck_assert_int_eq(fixture_mkdir(tmp_root, rel), 0);
}

/* Writes content into rel, creating its directory. */
static void
mk_file(const char *rel, const char *content)
{
	ck_assert_int_eq(fixture_put_str(tmp_root, rel, content), 0);
}

/* A real symbolic link rel -> target (relative), as sysfs has them. */
static void
mk_link(const char *rel, const char *target)
{
	ck_assert_int_eq(fixture_symlink(tmp_root, rel, target), 0);
}

static void
tree_new(void)
{
	ck_assert_int_eq(fixture_tmp_root("sysrec-power", tmp_root, sizeof(tmp_root)), 0);
}

static void
tree_remove(void)
{
	ck_assert_int_eq(fixture_rm_tree(tmp_root), 0);
}

/*
 * The hwmon tree. Chips in _list order: hwmon4 (virtual acpitz), hwmon0
 * (coretemp, platform), hwmon1 (it87 at 0x290, platform), hwmon2 (lm75 on
 * i2c-0), hwmon3 (w83781d on an i2c adapter named ISA), hwmon5 (nvme whose
 * own device is PCI 0000:01:00.0), hwmon6 (old kernel: attributes in the
 * device directory), hwmon7 (long name), hwmon8 (no sensor attribute: no
 * chip), hwmon9 (sysstat-fixture style: the device link is a regular
 * file), hwmon10 (an input without read permission), hwmon11 (a name
 * without newline); ".hidden" and the missing hwmon99 are skipped.
 */
static void
build_hwmon_tree(void)
{
	char path[2048];

	mk_file("sys/class/hwmon/_list",
	        ".\n..\n.hidden\nhwmon4\nhwmon0\nhwmon1\nhwmon2\nhwmon3\n"
	        "hwmon5\nhwmon6\nhwmon7\nhwmon8\nhwmon9\nhwmon10\nhwmon11\n"
	        "hwmon99\n");
	mk_dir("sys/bus/platform");
	mk_dir("sys/bus/i2c");
	mk_dir("sys/bus/pci");
	mk_dir("sys/class/nvme");

	mk_file("sys/class/hwmon/.hidden/name", "hidden\n");
	mk_file("sys/class/hwmon/.hidden/temp1_input", "1000\n");

	mk_file("sys/class/hwmon/hwmon4/name", "acpitz\n");
	mk_file("sys/class/hwmon/hwmon4/temp1_input", "27800\n");
	mk_file("sys/class/hwmon/hwmon4/temp1_crit", "105000\n");

	mk_file("sys/class/hwmon/hwmon0/name", "coretemp\n");
	mk_file("sys/class/hwmon/hwmon0/temp1_label", "Package id 0\n");
	mk_file("sys/class/hwmon/hwmon0/temp1_input", "45000\n");
	mk_file("sys/class/hwmon/hwmon0/temp1_max", "84000\n");
	mk_file("sys/class/hwmon/hwmon0/temp1_crit", "100000\n");
	mk_file("sys/class/hwmon/hwmon0/temp2_input", "47000\n");
	mk_file("sys/class/hwmon/hwmon0/temp2_max", "84000\n");
	mk_file("sys/class/hwmon/hwmon0/temp10_input", "51000\n");
	mk_file("sys/class/hwmon/hwmon0/temp10_max", "84000\n");
	mk_link("sys/class/hwmon/hwmon0/device", "../../../devices/platform/coretemp.0");
	mk_link("sys/devices/platform/coretemp.0/subsystem", "../../../bus/platform");

	mk_file("sys/class/hwmon/hwmon1/name", "it87\n");
	mk_file("sys/class/hwmon/hwmon1/fan0_input", "999\n");
	mk_file("sys/class/hwmon/hwmon1/fan1_input", "1200\n");
	mk_file("sys/class/hwmon/hwmon1/fan1_min", "600\n");
	mk_file("sys/class/hwmon/hwmon1/fan2_input", "0\n");
	mk_file("sys/class/hwmon/hwmon1/fan3_min", "500\n");
	mk_file("sys/class/hwmon/hwmon1/in0_input", "1200\n");
	mk_file("sys/class/hwmon/hwmon1/in0_min", "1000\n");
	mk_file("sys/class/hwmon/hwmon1/in0_max", "1500\n");
	mk_file("sys/class/hwmon/hwmon1/in1_input", "3312\n");
	mk_file("sys/class/hwmon/hwmon1/in1_max", "3600\n");
	mk_file("sys/class/hwmon/hwmon1/temp1_input", "-5500\n");
	mk_file("sys/class/hwmon/hwmon1/temp1_min", "-10000\n");
	mk_file("sys/class/hwmon/hwmon1/temp1_max", "60000\n");
	mk_file("sys/class/hwmon/hwmon1/pwm1", "128\n");
	mk_link("sys/class/hwmon/hwmon1/device", "../../../devices/platform/it87.656");
	mk_link("sys/devices/platform/it87.656/subsystem", "../../../bus/platform");

	mk_file("sys/class/hwmon/hwmon2/name", "lm75\n");
	mk_file("sys/class/hwmon/hwmon2/temp1_input", "38500\n");
	mk_file("sys/class/hwmon/hwmon2/temp1_max", "80000\n");
	mk_file("sys/class/hwmon/hwmon2/temp1_max_hyst", "75000\n");
	mk_link("sys/class/hwmon/hwmon2/device", "../../../devices/i2c-0/0-0048");
	mk_link("sys/devices/i2c-0/0-0048/subsystem", "../../../bus/i2c");

	mk_file("sys/class/hwmon/hwmon3/name", "w83781d\n");
	mk_file("sys/class/hwmon/hwmon3/in0_input", "1800\n");
	mk_link("sys/class/hwmon/hwmon3/device", "../../../devices/i2c-1/1-0290");
	mk_link("sys/devices/i2c-1/1-0290/subsystem", "../../../bus/i2c");
	mk_file("sys/class/i2c-adapter/i2c-1/device/name", "ISA main adapter\n");

	mk_file("sys/class/hwmon/hwmon5/name", "nvme\n");
	mk_file("sys/class/hwmon/hwmon5/temp1_input", "38850\n");
	mk_file("sys/class/hwmon/hwmon5/temp1_min", "-273150\n");
	mk_file("sys/class/hwmon/hwmon5/temp1_max", "84850\n");
	mk_link("sys/class/hwmon/hwmon5/device",
	        "../../../devices/pci0000:00/0000:01:00.0/nvme/nvme0");
	mk_link("sys/devices/pci0000:00/0000:01:00.0/nvme/nvme0/subsystem",
	        "../../../../../class/nvme");
	mk_link("sys/devices/pci0000:00/0000:01:00.0/nvme/nvme0/device", "../../../0000:01:00.0");
	mk_link("sys/devices/pci0000:00/0000:01:00.0/subsystem", "../../../bus/pci");

	mk_dir("sys/class/hwmon/hwmon6");
	mk_link("sys/class/hwmon/hwmon6/device", "../../../devices/platform/w83627hf.656");
	mk_link("sys/devices/platform/w83627hf.656/subsystem", "../../../bus/platform");
	mk_file("sys/devices/platform/w83627hf.656/name", "w83627hf\n");
	mk_file("sys/devices/platform/w83627hf.656/fan1_input", "2500\n");
	mk_file("sys/devices/platform/w83627hf.656/fan1_min", "1000\n");
	mk_file("sys/devices/platform/w83627hf.656/fan1_div", "8\n");

	mk_file("sys/class/hwmon/hwmon7/name", "averyveryverylongchipname\n");
	mk_file("sys/class/hwmon/hwmon7/in1_input", "5000\n");

	mk_file("sys/class/hwmon/hwmon8/name", "dummy\n");
	mk_file("sys/class/hwmon/hwmon8/update_interval", "1000\n");

	mk_file("sys/class/hwmon/hwmon9/name", "dell_smm\n");
	mk_file("sys/class/hwmon/hwmon9/fan1_input", "3000\n");
	mk_file("sys/class/hwmon/hwmon9/fan2_input", "0\n");
	mk_file("sys/class/hwmon/hwmon9/temp1_input", "50000\n");
	mk_file("sys/class/hwmon/hwmon9/device", "../../../devices/platform/dell_smm_hwmon\n");
	mk_dir("sys/devices/platform/dell_smm_hwmon");

	mk_file("sys/class/hwmon/hwmon10/name", "mode\n");
	mk_file("sys/class/hwmon/hwmon10/temp1_input", "40000\n");
	mk_file("sys/class/hwmon/hwmon10/temp1_max", "90000\n");
	snprintf(path, sizeof(path), "%s/sys/class/hwmon/hwmon10/temp1_input", tmp_root);
	ck_assert(chmod(path, 0200) == 0);

	mk_file("sys/class/hwmon/hwmon11/name", "nonl");
	mk_file("sys/class/hwmon/hwmon11/in2_input", "12000\n");
}

static void
open_tree(struct collect_ctx *c)
{
	memset(c, 0, sizeof(*c));
	ck_assert_int_eq(collect_init(c, tmp_root), 0);
}

/* ------------------------------------------------------------------------- */
/* A_PWR_BAT (12.7.5): values as sadc's sscanf("%u") and (char) casts give them. */

START_TEST(test_bat_parsers)
{
	uint8_t v = 77;

	ck_assert(pwr_bat_is_battery("BAT0"));
	ck_assert(pwr_bat_is_battery("BAT12x"));
	ck_assert(!pwr_bat_is_battery("BAT"));
	ck_assert(!pwr_bat_is_battery("BATX"));
	ck_assert(!pwr_bat_is_battery("AC"));
	ck_assert(!pwr_bat_is_battery("bat0"));
	ck_assert_int_eq(parse_pwr_bat_u8("87\n", &v), 0);
	ck_assert_uint_eq(v, 87);
	ck_assert_int_eq(parse_pwr_bat_u8(" \t42 \n", &v), 0);
	ck_assert_uint_eq(v, 42);
	ck_assert_int_eq(parse_pwr_bat_u8("300", &v), 0); /* 300 - 256 */
	ck_assert_uint_eq(v, 44);
	ck_assert_int_eq(parse_pwr_bat_u8("+5", &v), 0);
	ck_assert_uint_eq(v, 5);
	ck_assert_int_eq(parse_pwr_bat_u8("-5", &v), 0); /* 2^64 - 5, low byte */
	ck_assert_uint_eq(v, 0xfb);
	/* 2^32 + 1: cut to 32 bits, then to 8. */
	ck_assert_int_eq(parse_pwr_bat_u8("4294967297", &v), 0);
	ck_assert_uint_eq(v, 1);
	/* strtoul() saturates. */
	ck_assert_int_eq(parse_pwr_bat_u8("99999999999999999999999", &v), 0);
	ck_assert_uint_eq(v, 0xff);
	ck_assert_int_eq(parse_pwr_bat_u8("12abc", &v), 0);
	ck_assert_uint_eq(v, 12);
	v = 9;
	ck_assert_int_eq(parse_pwr_bat_u8("", &v), -EINVAL);
	ck_assert_int_eq(parse_pwr_bat_u8("- 5", &v), -EINVAL);
	ck_assert_int_eq(parse_pwr_bat_u8("x1", &v), -EINVAL);
	ck_assert_uint_eq(v, 9);

	ck_assert_uint_eq(parse_pwr_bat_status("Charging\n"), 1);
	ck_assert_uint_eq(parse_pwr_bat_status("Discharging\n"), 2);
	ck_assert_uint_eq(parse_pwr_bat_status("Not charging\n"), 3);
	ck_assert_uint_eq(parse_pwr_bat_status("Full\n"), 4);
	ck_assert_uint_eq(parse_pwr_bat_status("Fullish"), 4); /* a prefix compare */
	ck_assert_uint_eq(parse_pwr_bat_status("Unknown\n"), 0);
	ck_assert_uint_eq(parse_pwr_bat_status("full\n"), 0);
	ck_assert_uint_eq(parse_pwr_bat_status(" Full\n"), 0);
	ck_assert_uint_eq(parse_pwr_bat_status(""), 0);
}
END_TEST

/* A power_supply class in _list order: batteries only, values as sadc reads them. */
START_TEST(test_bat_tree)
{
	// clang-format off
	static const struct stats_pwr_bat want[] = {
		{1, 100, 4}, {0, 87, 2}, {12, 42, 3}, {3, 44, 1}, {9, 0, 0}, {2, 0, 0},
	};
	// clang-format on
	struct stats_pwr_bat got[8];
	struct collect_ctx c;
	int32_t nr2 = 0;
	size_t i;

	tree_new();
	mk_file("sys/class/power_supply/_list", "BAT1\nAC\nBAT0\nBAT12\nBAT3\nBAT9\nBATX\nBAT2\n");
	mk_file("sys/class/power_supply/BAT1/capacity", "100\n");
	mk_file("sys/class/power_supply/BAT1/status", "Full\n");
	mk_file("sys/class/power_supply/AC/online", "1\n");
	mk_file("sys/class/power_supply/BAT0/capacity", "87\n");
	mk_file("sys/class/power_supply/BAT0/status", "Discharging\n");
	mk_file("sys/class/power_supply/BAT12/capacity", "  42 \n");
	mk_file("sys/class/power_supply/BAT12/status", "Not charging\n");
	mk_file("sys/class/power_supply/BAT3/capacity", "300\n");
	mk_file("sys/class/power_supply/BAT3/status", "Charging\n");
	mk_dir("sys/class/power_supply/BAT9");
	mk_file("sys/class/power_supply/BATX/capacity", "50\n");
	/* Only the first line is scanned: an empty one gives 0. */
	mk_file("sys/class/power_supply/BAT2/capacity", "\n55\n");
	mk_file("sys/class/power_supply/BAT2/status", "full\n");
	open_tree(&c);
	ck_assert_int_eq(collect_count_pwr_bat(&c, &nr2), 6);
	ck_assert_int_eq(nr2, 1);
	ck_assert_int_eq(collect_read_pwr_bat(&c, got, 5, 1), COLLECT_E_NOSPACE);
	memset(got, 0, sizeof(got));
	ck_assert_int_eq(collect_read_pwr_bat(&c, got, 8, 1), 6);
	for (i = 0; i < 6; i++)
		ck_assert_msg(!memcmp(&got[i], &want[i], sizeof(want[i])), "battery %zu: %u %u %u",
		              i, got[i].bat_id, got[i].capacity, got[i].status);
	collect_release(&c);
	tree_remove();
}
END_TEST

/* Without sys/class/power_supply the activity is left out (count -1); an empty class counts 0. */
START_TEST(test_bat_none)
{
	struct stats_pwr_bat got[2];
	struct collect_ctx c;
	int32_t nr2 = 0;

	tree_new();
	mk_dir("sys/class");
	open_tree(&c);
	ck_assert_int_lt(collect_count_pwr_bat(&c, &nr2), 1);
	ck_assert_int_eq(collect_read_pwr_bat(&c, got, 2, 1), 0);
	collect_release(&c);
	mk_dir("sys/class/power_supply/AC");
	open_tree(&c);
	ck_assert_int_eq(collect_count_pwr_bat(&c, &nr2), 0);
	ck_assert_int_eq(collect_read_pwr_bat(&c, got, 2, 1), 0);
	collect_release(&c);
	tree_remove();
}
END_TEST

static struct stats_pwr_fan
fan(double rpm, double rpm_min, const char *device)
{
	struct stats_pwr_fan f;

	memset(&f, 0, sizeof(f));
	f.rpm = rpm;
	f.rpm_min = rpm_min;
	snprintf(f.device, sizeof(f.device), "%s", device);
	return f;
}

static struct stats_pwr_temp
temp(double t, double t_min, double t_max, const char *device)
{
	struct stats_pwr_temp s;

	memset(&s, 0, sizeof(s));
	s.temp = t;
	s.temp_min = t_min;
	s.temp_max = t_max;
	snprintf(s.device, sizeof(s.device), "%s", device);
	return s;
}

static struct stats_pwr_in
volt(double in, double in_min, double in_max, const char *device)
{
	struct stats_pwr_in s;

	memset(&s, 0, sizeof(s));
	s.in = in;
	s.in_min = in_min;
	s.in_max = in_max;
	snprintf(s.device, sizeof(s.device), "%s", device);
	return s;
}

START_TEST(test_sensors_fan)
{
	const struct stats_pwr_fan want[] = {
	        fan(1200, 600, "it87-isa-0290"),   fan(0, 0, "it87-isa-0290"),
	        fan(0, 500, "it87-isa-0290"),      fan(2500, 1000, "w83627hf-isa-0290"),
	        fan(3000, 0, "dell_smm-isa-0000"), fan(0, 0, "dell_smm-isa-0000"),
	};
	struct stats_pwr_fan got[8];
	struct collect_ctx c;
	int32_t nr2 = 0;
	size_t i;

	tree_new();
	build_hwmon_tree();
	open_tree(&c);
	ck_assert_int_eq(collect_count_pwr_fan(&c, &nr2), 6);
	ck_assert_int_eq(nr2, 1);
	memset(got, 0, sizeof(got));
	ck_assert_int_eq(collect_read_pwr_fan(&c, got, 5, 1), COLLECT_E_NOSPACE);
	memset(got, 0, sizeof(got));
	ck_assert_int_eq(collect_read_pwr_fan(&c, got, 8, 1), 6);
	for (i = 0; i < 6; i++)
		ck_assert_msg(!memcmp(&got[i], &want[i], sizeof(want[i])), "fan %zu: %g %g '%s'", i,
		              got[i].rpm, got[i].rpm_min, got[i].device);
	collect_release(&c);
	tree_remove();
}
END_TEST

START_TEST(test_sensors_temp)
{
	const struct stats_pwr_temp want[] = {
	        temp(27.8, 0, 0, "acpitz-virtual-0"),
	        temp(45, 0, 84, "coretemp-isa-0000"),
	        temp(47, 0, 84, "coretemp-isa-0000"),
	        temp(51, 0, 84, "coretemp-isa-0000"),
	        temp(-5.5, -10, 60, "it87-isa-0290"),
	        temp(38.5, 0, 80, "lm75-i2c-0-48"),
	        temp(38.85, -273.15, 84.85, "nvme-pci-0100"),
	        temp(50, 0, 0, "dell_smm-isa-0000"),
	        temp(0, 0, 90, "mode-virtual-0"),
	};
	struct stats_pwr_temp got[12];
	struct collect_ctx c;
	int32_t nr2 = 0;
	size_t i;

	tree_new();
	build_hwmon_tree();
	open_tree(&c);
	ck_assert_int_eq(collect_count_pwr_temp(&c, &nr2), 9);
	memset(got, 0, sizeof(got));
	ck_assert_int_eq(collect_read_pwr_temp(&c, got, 12, 1), 9);
	for (i = 0; i < 9; i++)
		ck_assert_msg(!memcmp(&got[i], &want[i], sizeof(want[i])),
		              "temp %zu: %g %g %g '%s'", i, got[i].temp, got[i].temp_min,
		              got[i].temp_max, got[i].device);
	collect_release(&c);
	tree_remove();
}
END_TEST

START_TEST(test_sensors_in)
{
	const struct stats_pwr_in want[] = {
	        volt(1.2, 1.0, 1.5, "it87-isa-0290"), volt(3.312, 0, 3.6, "it87-isa-0290"),
	        volt(1.8, 0, 0, "w83781d-isa-0290"),  volt(5.0, 0, 0, "averyveryverylongch"),
	        volt(12.0, 0, 0, "non-virtual-0"),
	};
	struct stats_pwr_in got[6];
	struct collect_ctx c;
	int32_t nr2 = 0;
	size_t i;

	tree_new();
	build_hwmon_tree();
	open_tree(&c);
	ck_assert_int_eq(collect_count_pwr_in(&c, &nr2), 5);
	memset(got, 0, sizeof(got));
	ck_assert_int_eq(collect_read_pwr_in(&c, got, 6, 1), 5);
	for (i = 0; i < 5; i++)
		ck_assert_msg(!memcmp(&got[i], &want[i], sizeof(want[i])), "in %zu: %g %g %g '%s'",
		              i, got[i].in, got[i].in_min, got[i].in_max, got[i].device);
	collect_release(&c);
	tree_remove();
}
END_TEST

START_TEST(test_sensors_old_and_none)
{
	struct stats_pwr_temp got[2], want;
	struct collect_ctx c;
	int32_t nr2 = 0;

	/* No sysfs at all: no sensors, the activities are left out. */
	tree_new();
	open_tree(&c);
	ck_assert_int_eq(collect_count_pwr_fan(&c, &nr2), 0);
	ck_assert_int_eq(collect_count_pwr_temp(&c, &nr2), 0);
	ck_assert_int_eq(collect_count_pwr_in(&c, &nr2), 0);
	ck_assert_int_eq(collect_read_pwr_temp(&c, got, 2, 1), 0);
	collect_release(&c);

	/* Before 2.6.14: no hwmon class, the i2c devices are the chips. */
	mk_file("sys/bus/i2c/devices/0-002d/name", "w83792d\n");
	mk_file("sys/bus/i2c/devices/0-002d/temp1_input", "30000\n");
	open_tree(&c);
	ck_assert_int_eq(collect_count_pwr_temp(&c, &nr2), 1);
	memset(got, 0, sizeof(got));
	ck_assert_int_eq(collect_read_pwr_temp(&c, got, 2, 1), 1);
	want = temp(30, 0, 0, "w83792d-i2c-0-2d");
	ck_assert(!memcmp(&got[0], &want, sizeof(want)));
	collect_release(&c);

	/* An empty hwmon class hides the i2c devices. */
	mk_dir("sys/class/hwmon");
	open_tree(&c);
	ck_assert_int_eq(collect_count_pwr_temp(&c, &nr2), 0);
	collect_release(&c);
	tree_remove();
}
END_TEST

START_TEST(test_collectors_empty_root)
{
	struct stats_pwr_cpufreq cpu[2];
	struct stats_pwr_wghfreq freq[4];
	struct stats_pwr_usb usb[2];
	struct collect_ctx c;
	int32_t nr2 = 0;

	tree_new();
	open_tree(&c);
	/* PWR_CPU is always in the file (CPUs + 1, here just "all"), even without cpuinfo. */
	ck_assert_int_eq(collect_count_pwr_cpu(&c, &nr2), 1);
	ck_assert_int_eq(nr2, 1);
	ck_assert_int_eq(collect_read_pwr_cpu(&c, cpu, 2, 1), 0);
	ck_assert_int_eq(collect_count_pwr_freq(&c, &nr2), 0);
	ck_assert_int_eq(collect_read_pwr_freq(&c, freq, 2, 2), 0);
	ck_assert_int_eq(collect_count_pwr_usb(&c, &nr2), 0);
	ck_assert_int_eq(collect_read_pwr_usb(&c, usb, 2, 1), 0);
	collect_release(&c);

	/* Two USB devices (interfaces and root hubs are not), one slot: no space. */
	mk_file("sys/bus/usb/devices/_list", ".\n..\nusb1\n1-0:1.0\n1-1\n2-1\n");
	mk_file("sys/bus/usb/devices/1-1/idVendor", "046d\n");
	mk_dir("sys/bus/usb/devices/2-1");
	/* One frequency state, two CPUs. */
	mk_file("sys/devices/system/cpu/cpu0/cpufreq/stats/time_in_state", "800000 10\n");
	mk_file("sys/devices/system/cpu/cpu1/cpufreq/stats/time_in_state", "800000 31\n");
	open_tree(&c);
	ck_assert_int_eq(collect_count_pwr_usb(&c, &nr2), 2);
	memset(usb, 0, sizeof(usb));
	ck_assert_int_eq(collect_read_pwr_usb(&c, usb, 1, 1), COLLECT_E_NOSPACE);
	ck_assert_int_eq(collect_read_pwr_usb(&c, usb, 2, 1), 2);
	ck_assert_uint_eq(usb[0].bus_nr, 1);
	ck_assert_uint_eq(usb[0].vendor_id, 0x046d);
	ck_assert_uint_eq(usb[1].bus_nr, 2);
	ck_assert_uint_eq(usb[1].vendor_id, 0);
	/* CPUs + 1 from sys/devices/system/cpu, nr2 from cpu0's lines. */
	ck_assert_int_eq(collect_count_pwr_freq(&c, &nr2), 3);
	ck_assert_int_eq(nr2, 1);
	memset(freq, 0, sizeof(freq));
	ck_assert_int_eq(collect_read_pwr_freq(&c, freq, 2, 1), COLLECT_E_NOSPACE);
	memset(freq, 0, sizeof(freq));
	ck_assert_int_eq(collect_read_pwr_freq(&c, freq, 3, 1), 3);
	ck_assert_uint_eq(freq[0].freq, 800000);
	ck_assert_uint_eq(freq[0].time_in_state, 20); /* (10 + 31) / 2 */
	ck_assert_uint_eq(freq[2].time_in_state, 31);
	collect_release(&c);
	tree_remove();
}
END_TEST

/* ------------------------------------------------------------------------- */
/* The oracle: what sysstat 12.6.1's sadc stored from the upstream roots */

struct oracle {
	const char *file; /* in upstream/generated */
	int record;       /* statistics record, from 0 */
	const char *root;
	uint32_t id;
	bool creates; /* the run that created the file: its count gave the file's nr2 */
};

/*
 * Which records come from which root: tests/00050 (data-new.tmp: roots
 * 1-5), 00055/00057 (data.tmp: a copy of data-new.tmp, then roots 6 and
 * 7), 00067 (data-CPUoffon.tmp: roots 2-5), 00069 (data-CPUoff.tmp: roots
 * 1, 2), 00070 (data-ssr.tmp: roots 1, 2), 01600 (data-wghfreq.tmp: one
 * "sadc 1 3" run started on root1; the TEST build moves the root symlink to
 * the next rootN after each sample (systest.c next_time_step()), so its
 * records come from roots 1, 2 and 3). Every power activity present in
 * those files is compared.
 *
 * Not compared, because sysstat stored none: A_PWR_FAN/TEMP/IN (the TEST
 * build finds no sensors, and 00050 excludes them; our own tree above
 * stands in), A_PWR_FREQ and A_PWR_USB in data-new.tmp and data.tmp
 * (excluded by the first run of 00050), A_PWR_USB in data-CPUoffon.tmp
 * (root2, which created it, has no sys/bus/usb/devices).
 */
// clang-format off
static const struct oracle oracles[] = {
	{"data-new.tmp",      0, "root1", A_PWR_CPU,  true},
	{"data-new.tmp",      1, "root2", A_PWR_CPU,  false},
	{"data-new.tmp",      2, "root3", A_PWR_CPU,  false},
	{"data-new.tmp",      3, "root4", A_PWR_CPU,  false},
	{"data-new.tmp",      4, "root5", A_PWR_CPU,  false},
	{"data-new.tmp",      0, "root1", A_PWR_USB,  true},
	{"data-new.tmp",      1, "root2", A_PWR_USB,  false},
	{"data-new.tmp",      2, "root3", A_PWR_USB,  false},
	{"data-new.tmp",      3, "root4", A_PWR_USB,  false},
	{"data-new.tmp",      4, "root5", A_PWR_USB,  false},
	{"data.tmp",          5, "root6", A_PWR_CPU,  false},
	{"data.tmp",          6, "root7", A_PWR_CPU,  false},
	{"data.tmp",          5, "root6", A_PWR_USB,  false},
	{"data.tmp",          6, "root7", A_PWR_USB,  false},
	{"data-CPUoff.tmp",   0, "root1", A_PWR_CPU,  true},
	{"data-CPUoff.tmp",   1, "root2", A_PWR_CPU,  false},
	{"data-CPUoff.tmp",   0, "root1", A_PWR_FREQ, true},
	{"data-CPUoff.tmp",   1, "root2", A_PWR_FREQ, false},
	{"data-CPUoff.tmp",   0, "root1", A_PWR_USB,  true},
	{"data-CPUoff.tmp",   1, "root2", A_PWR_USB,  false},
	{"data-CPUoffon.tmp", 0, "root2", A_PWR_CPU,  true},
	{"data-CPUoffon.tmp", 1, "root3", A_PWR_CPU,  false},
	{"data-CPUoffon.tmp", 2, "root4", A_PWR_CPU,  false},
	{"data-CPUoffon.tmp", 3, "root5", A_PWR_CPU,  false},
	{"data-CPUoffon.tmp", 0, "root2", A_PWR_FREQ, true},
	{"data-CPUoffon.tmp", 1, "root3", A_PWR_FREQ, false},
	{"data-CPUoffon.tmp", 2, "root4", A_PWR_FREQ, false},
	{"data-CPUoffon.tmp", 3, "root5", A_PWR_FREQ, false},
	{"data-ssr.tmp",      0, "root1", A_PWR_CPU,  true},
	{"data-ssr.tmp",      1, "root2", A_PWR_CPU,  false},
	{"data-ssr.tmp",      0, "root1", A_PWR_FREQ, true},
	{"data-ssr.tmp",      1, "root2", A_PWR_FREQ, false},
	{"data-ssr.tmp",      0, "root1", A_PWR_USB,  true},
	{"data-ssr.tmp",      1, "root2", A_PWR_USB,  false},
	{"data-wghfreq.tmp",  0, "root1", A_PWR_FREQ, true},
	{"data-wghfreq.tmp",  1, "root2", A_PWR_FREQ, false},
	{"data-wghfreq.tmp",  2, "root3", A_PWR_FREQ, false},
};
// clang-format on

#define N_ORACLES ((int) (sizeof(oracles) / sizeof(oracles[0])))

/* Reads activity id as sadc's loop does: grow the buffer until it fits. */
static int32_t
oracle_read(struct collect_ctx *c, uint32_t id, int32_t nr2, void **ret_items)
{
	const struct collector *col = collector_for(id);
	size_t size = activity_by_id(id)->size;
	int32_t count_nr2 = 1;
	int32_t max_nr = col->count(c, &count_nr2);
	int32_t n;

	if (max_nr < 1)
		max_nr = 1;
	for (;;) {
		void *items = calloc((size_t) max_nr * (size_t) nr2, size);

		ck_assert(items != NULL);
		n = col->read(c, items, max_nr, nr2);
		if (n != COLLECT_E_NOSPACE) {
			*ret_items = items;
			return n;
		}
		free(items);
		ck_assert_int_lt(max_nr, 1 << 20);
		max_nr *= 2;
	}
}

START_TEST(test_oracle)
{
	const struct oracle *o = &oracles[_i];
	char rel[256], file[4096], root[4096];
	void *want, *got;
	int32_t nr, nr2, n, i;
	size_t size = activity_by_id(o->id)->size;
	struct collect_ctx c;

	snprintf(rel, sizeof(rel), "upstream/generated/%s", o->file);
	ck_assert_msg(fixture_file(rel, file, sizeof(file)), "%s missing from the corpus", rel);
	ck_assert_msg(fixture_root(o->root, root, sizeof(root)), "%s missing from the corpus",
	              o->root);
	ck_assert_msg(fixture_record_items(file, o->record, o->id, &want, &nr, &nr2) == 0,
	              "%s record %d has no activity %u", o->file, o->record, o->id);
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(collect_init(&c, root), 0);
	if (o->creates) {
		int32_t count_nr2 = 0;

		ck_assert_int_gt(collector_for(o->id)->count(&c, &count_nr2), 0);
		ck_assert_int_eq(count_nr2, nr2);
	}
	n = oracle_read(&c, o->id, nr2, &got);
	ck_assert_msg(n == nr, "%s record %d (%s) activity %u: %d items, sadc stored %d", o->file,
	              o->record, o->root, o->id, n, nr);
	for (i = 0; i < nr * nr2; i++)
		ck_assert_msg(!memcmp((char *) got + (size_t) i * size,
		                      (char *) want + (size_t) i * size, size),
		              "%s record %d (%s) activity %u: item %d differs", o->file, o->record,
		              o->root, o->id, i);
	free(got);
	free(want);
	collect_release(&c);
}
END_TEST

static Suite *
power_suite(void)
{
	Suite *s = suite_create("collect_power");
	TCase *tc = tcase_create("parsers");
	TCase *tree = tcase_create("trees");
	TCase *oracle = tcase_create("oracle");

	tcase_add_test(tc, test_cpuinfo_x86);
	tcase_add_test(tc, test_cpuinfo_power);
	tcase_add_test(tc, test_cpuinfo_fraction_kept);
	tcase_add_test(tc, test_cpuinfo_gap_and_none);
	tcase_add_test(tc, test_cpuinfo_nospace);
	tcase_add_test(tc, test_cpuinfo_overlong_and_wrap);
	tcase_add_test(tc, test_freq_states);
	tcase_add_test(tc, test_time_in_state);
	tcase_add_test(tc, test_freq_fold);
	tcase_add_test(tc, test_usb_names);
	tcase_add_test(tc, test_usb_attrs);
	tcase_add_test(tc, test_fgets_chop);
	tcase_add_test(tc, test_sensor_attr_names);
	tcase_add_test(tc, test_sensor_values);
	tcase_add_test(tc, test_sensor_buses);
	tcase_add_test(tc, test_sensor_chip_names);
	suite_add_tcase(s, tc);

	tcase_add_test(tree, test_sensors_fan);
	tcase_add_test(tree, test_sensors_temp);
	tcase_add_test(tree, test_sensors_in);
	tcase_add_test(tree, test_sensors_old_and_none);
	tcase_add_test(tree, test_collectors_empty_root);
	tcase_add_test(tree, test_bat_parsers);
	tcase_add_test(tree, test_bat_tree);
	tcase_add_test(tree, test_bat_none);
	suite_add_tcase(s, tree);

	/* Without the shared corpus the comparisons are skipped, visibly and once. */
	if (fixture_shared())
		tcase_add_loop_test(oracle, test_oracle, 0, N_ORACLES);
	else
		fixture_skip("shared corpus absent: oracle comparisons not run");
	tcase_set_timeout(oracle, 30);
	suite_add_tcase(s, oracle);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(power_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
