/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_COLLECT_POWER_H
#define SYSREC_COLLECT_POWER_H

/*
 * The power management family of collectors (doc/activities.md §7): A_PWR_CPU from
 * /proc/cpuinfo, A_PWR_FREQ from sys/devices/system/cpu/cpuN/cpufreq/stats/
 * time_in_state, A_PWR_USB from sys/bus/usb/devices, and the sensors
 * A_PWR_FAN, A_PWR_TEMP and A_PWR_IN from sys/class/hwmon.
 *
 * sadc reads line by line with fgets() into a fixed buffer (1024 bytes for
 * cpuinfo, 128 for time_in_state), so a longer line is taken as several
 * lines; the parsers below cut their input the same way. A number that
 * does not parse leaves the value of the previous line in place, as
 * sadc's sscanf() does (0 before the first line).
 *
 * Sensors without libsensors
 * --------------------------
 * sysstat gets fans, temperatures and voltages from libsensors (3.6.0 in
 * Debian's 12.6.1 build). We read the hwmon class directly and reproduce
 * what libsensors reports with its default, empty configuration:
 *
 * Chips, in the order of the entries of sys/class/hwmon (readdir order;
 * a fixture's _list), names starting with '.' skipped. For hwmonN:
 *  - If hwmonN/device resolves, the attributes are looked for in hwmonN
 *    first and, when hwmonN has no usable chip there (no name attribute,
 *    or not one sensor attribute), in the device directory (pre-3.x
 *    kernels kept them there). Without a device link the chip is virtual.
 *  - The chip needs a "name" attribute. libsensors reads it with
 *    fgets(128) and drops the last byte (the newline), which we copy.
 *  - The chip needs at least one sensor attribute of any type (in, fan,
 *    temp, power, curr, energy, humidity, cpuN_vid, intrusion,
 *    beep_enable; the full suffix lists are in the table of the .c file).
 *  - Without sys/class/hwmon at all (kernels before 2.6.14), the chips are
 *    the entries of sys/bus/i2c/devices, each its own device.
 *
 * Items, within a chip, in increasing channel number K (not name order):
 *  - A_PWR_IN: one per channel K (0..1023) that has any inK_* attribute.
 *    in = inK_input, in_min = inK_min, in_max = inK_max, in volts (the
 *    millivolts of sysfs / 1000).
 *  - A_PWR_FAN: one per channel K (1..1024) with any fanK_* attribute
 *    (fan0_* is ignored, as libsensors does). rpm = fanK_input, rpm_min =
 *    fanK_min, in rpm as sysfs gives them.
 *  - A_PWR_TEMP: one per channel K (1..1024) with any tempK_* attribute.
 *    temp = tempK_input, temp_min = tempK_min, temp_max = tempK_max, in
 *    degrees C (millidegrees / 1000). tempK_crit is a separate libsensors
 *    subfeature that sysstat does not store, so it is ignored here too.
 *  - A value is 0 when its attribute is missing, has no owner-read bit
 *    (libsensors' SENSORS_MODE_R), cannot be read or does not start with
 *    an integer. Values are integers in the hwmon ABI: a fraction is
 *    ignored (libsensors' %lf would keep it).
 *
 * The device field is the chip name as sensors_snprintf_chip_name() prints
 * it, cut to 19 characters: "<name>-<bus>-<address>", the bus found from
 * the device the hwmon directory points to (its "subsystem" link, else
 * "bus", else guessed from the device name):
 *    i2c "0-0048"              -> lm75-i2c-0-48 (isa-0000 style when the
 *                                 adapter is "ISA ..." or bus 9191)
 *    spi "spi0.1"              -> name-spi-0-1
 *    pci "0000:00:18.3"        -> k10temp-pci-00c3 (domain<<16 | bus<<8 |
 *                                 slot<<3 | function)
 *    platform "it87.656"       -> it87-isa-0290 ("coretemp.0" ->
 *                                 coretemp-isa-0000)
 *    acpi                      -> acpitz-acpi-0
 *    hid "0003:046D:C52B.0001" -> name-hid-3-1
 *    mdio_bus "stmmac-0:01"    -> name-mdio-1
 *    scsi "0:0:0:0"            -> drivetemp-scsi-0-0
 *    other subsystems: the device's own device link is followed upwards
 *    (nvme0 -> 0000:01:00.0 gives nvme-pci-0100); nothing found, or no
 *    device link at all: name-virtual-0.
 *
 * Not reproduced: sensors.conf "ignore", "label" and "compute" statements
 * (libsensors applies them from /etc/sensors3.conf; sysstat stores the
 * computed values), and libsensors' fixing of the chip list at sensors_init()
 * (we rescan every sample, which differs only when hardware comes and goes).
 * Under a fixture root where a device link is a regular file holding its
 * target, the device's own links cannot be followed; the bus is then
 * guessed from the device name.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect.h"

/* ------------------------------------------------------------------------- */
/* A_PWR_CPU */

/*
 * /proc/cpuinfo into items (max_nr of them): "processor\t: N" selects
 * item N+1, and each "cpu MHz\t: I.F" or "clock\t: I.F" line (x86, POWER)
 * stores I*100 + F/10 there, in 32-bit arithmetic, F being the digits
 * after the point read as an integer (so "1200.123" gives 120012, and a
 * missing fraction keeps the previous line's). Item 0 gets the integer
 * mean of every frequency line. Returns the highest N that had a frequency
 * + 2 (1 when none did), or COLLECT_E_NOSPACE when a processor line needs
 * item N+1 >= max_nr.
 */
int32_t parse_pwr_cpuinfo(const char *buf, struct stats_pwr_cpufreq *items, int32_t max_nr);

/* ------------------------------------------------------------------------- */
/* A_PWR_FREQ */

/* The number of lines of a time_in_state file as sadc counts them (its nr2). */
int32_t parse_pwr_freq_states(const char *buf);

/*
 * One CPU's time_in_state ("freq time" lines, kHz and 10 ms units) into
 * row[0..nr2-1]; lines past nr2 are ignored. Returns the lines stored.
 */
int32_t parse_pwr_time_in_state(const char *buf, struct stats_pwr_wghfreq *row, int32_t nr2);

/*
 * Fills row 0 of the CPU x state matrix from rows 1..n_cpus: each state
 * takes CPU 0's frequency and the integer mean of the CPUs' times.
 */
void pwr_freq_fold_all(struct stats_pwr_wghfreq *items, int32_t n_cpus, int32_t nr2);

/* ------------------------------------------------------------------------- */
/* A_PWR_USB */

/* True for the entries of sys/bus/usb/devices that are devices: a digit first, no ':'. */
bool pwr_usb_is_device(const char *name);

/* Sets bus_nr from a device entry name ("3-2.1" is on bus 3). */
void parse_pwr_usb_name(const char *name, struct stats_pwr_usb *st);

/*
 * Stores the contents of one attribute file of a device: "idVendor" and
 * "idProduct" (hexadecimal), "bMaxPower" (the leading number of "500mA";
 * sar prints it doubled), "manufacturer" and "product". The texts
 * are cut as sadc does: fgets() into the field minus one byte, then the
 * last byte dropped, newline or not (so at most 21 and 45 characters).
 * A number that does not parse leaves 0. Returns 0, or -ENOENT for an
 * attribute name that is not one of these.
 */
int parse_pwr_usb_attr(struct stats_pwr_usb *st, const char *attr, const char *content);

/* ------------------------------------------------------------------------- */
/* A_PWR_FAN, A_PWR_TEMP, A_PWR_IN */

/* libsensors' feature types, in its order (which is also its listing order). */
enum pwr_sensor_type {
	PWR_SENSOR_IN,
	PWR_SENSOR_FAN,
	PWR_SENSOR_TEMP,
	PWR_SENSOR_POWER,
	PWR_SENSOR_ENERGY,
	PWR_SENSOR_CURR,
	PWR_SENSOR_HUMIDITY,
	PWR_SENSOR_VID,
	PWR_SENSOR_INTRUSION,
	PWR_SENSOR_BEEP_ENABLE,
	PWR_SENSOR_TYPE_MAX,
};

/* The subfeatures sadc stores; every other known one is PWR_SUB_OTHER. */
enum pwr_sensor_sub {
	PWR_SUB_INPUT,
	PWR_SUB_MIN,
	PWR_SUB_MAX,
	PWR_SUB_OTHER,
};

/* What a hwmon attribute file is. */
struct pwr_sensor_attr {
	enum pwr_sensor_type type;
	int32_t channel; /* the K of "tempK_input" */
	enum pwr_sensor_sub sub;
};

/*
 * Classifies an attribute file name as libsensors 3.6.0 does ("temp2_max"
 * is TEMP, channel 2, MAX; "temp2_label" and "name" are not sensor
 * attributes). Returns 0, or -EINVAL when the name is not one, including
 * channels out of libsensors' range (fan0_input, temp1025_input).
 */
int pwr_sensor_attr_parse(const char *name, struct pwr_sensor_attr *ret);

/*
 * A sysfs sensor value ("-5500\n") divided by scale (1000 for millivolts
 * and millidegrees, 1 for rpm). Returns 0, or -EINVAL without a number.
 */
int parse_pwr_sensor_value(const char *buf, double scale, double *ret);

/* The bus a chip sits on, as libsensors names it. */
enum pwr_bus_type {
	PWR_BUS_ISA,
	PWR_BUS_PCI,
	PWR_BUS_I2C,
	PWR_BUS_SPI,
	PWR_BUS_VIRTUAL,
	PWR_BUS_ACPI,
	PWR_BUS_HID,
	PWR_BUS_MDIO,
	PWR_BUS_SCSI,
	PWR_BUS_MAX,
};

struct pwr_chip_bus {
	enum pwr_bus_type type;
	int16_t nr;    /* the bus number printed for i2c, spi, hid and scsi */
	uint32_t addr; /* printed in hexadecimal */
};

/*
 * Finds the bus of device dev_name whose subsystem link ends in subsys
 * (NULL when the device has neither a subsystem nor a bus link). Returns
 * true and fills *ret, or false for a subsystem libsensors does not know.
 * An i2c chip may still turn out to be ISA from its adapter's name; the
 * caller checks that (legacy bus 9191 is ISA already here).
 */
bool pwr_sensor_classify(const char *dev_name, const char *subsys, struct pwr_chip_bus *ret);

/* Writes "<prefix>-<bus>-<address>" into out (len bytes, cut as snprintf cuts). */
void pwr_sensor_chip_name(char *out, size_t len, const char *prefix,
                          const struct pwr_chip_bus *bus);

/*
 * fgets(dst, n, file) on a file holding content, then the last byte read
 * dropped (sadc and libsensors use it to remove the newline). dst has room
 * for n bytes and is left alone when content is empty. Returns the length
 * of the result, or -1 when fgets() would have returned NULL.
 */
int pwr_fgets_chop(char *dst, size_t n, const char *content);

/* ------------------------------------------------------------------------- */
/* A_PWR_BAT (12.7.5): the BAT<n> entries of sys/class/power_supply, in directory order. */

/* True for the entries that are batteries: "BAT" and a digit first. */
bool pwr_bat_is_battery(const char *name);

/*
 * sscanf("%u") of s cut to 8 bits, as sadc stores bat_id (from the digits
 * after "BAT") and capacity (the first line of BAT<n>/capacity): leading
 * white space and a sign are taken, "-N" wraps. Returns 0, or -EINVAL when
 * no number is there (*ret unchanged: the capacity then stays 0).
 */
int parse_pwr_bat_u8(const char *s, uint8_t *ret);

/*
 * BAT<n>/status as enum bat_status: "Charging", "Discharging", "Not
 * charging" and "Full" at the start of the file; anything else (or no
 * file) is BAT_STS_UNKNOWN.
 */
uint8_t parse_pwr_bat_status(const char *content);

#endif
