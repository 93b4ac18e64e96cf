/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The power management family of sar views (doc/activities.md §7): CPU clock
 * (-m CPU), fans (-m FAN), temperatures (-m TEMP), voltage inputs (-m IN),
 * weighted CPU frequency (-m FREQ), USB devices (-m USB) and, in the
 * 12.7.5 flavour, batteries (-m BAT).
 *
 * Every view but FREQ shows levels: rows print the current record and add
 * it to the average state; the Average: rows are means over the displayed
 * records. FREQ is a rate between two records, so its Average: row is the
 * same computation from the segment's first record to the last one. USB
 * has no mean: its Summary: rows list every device seen in the block.
 *
 * sadf's rows (sink mode) are not sar's in places (doc/report.md §5.2-§5.5): the items
 * are numbers ("fan1", "bus3" for -p); -j and -x show offline CPUs' clocks,
 * put the sensor's device after its values and print fan speeds as
 * integers; -p names the USB values in an order of its own.
 */
#include <stddef.h>
#include <string.h>

#include "display.h"
#include "engine.h"
#include "render.h"
#include "views.h"
#include "common/activity.h"
#include "common/layout.h"
#include "common/numfmt.h"
#include "common/strbuf.h"
#include "common/banned.h"

/*
 * printf(" %-*.*s", width, max, name) into buf (room for len bytes): a
 * name of at most max bytes, up to its NUL, padded on the right.
 */
static const char *
lead_name(char *buf, size_t len, const char *name, size_t max, size_t width)
{
	size_t n;

	buf[0] = ' ';
	n = 1 + str_copy(buf + 1, len - 1, name, max);
	while (n < width + 1 && n < len - 1)
		buf[n++] = ' ';
	buf[n] = '\0';
	return buf;
}

/* Item bounds of the readers (activity.c): the average arrays are this big. */
#define PWR_MAX_CPUS    (8192 + 1)
#define PWR_MAX_SENSORS 4096
#define PWR_MAX_USB     65536

/*
 * sysstat prints the names with "%s" from fixed arrays: a name that fills
 * its array runs on into the bytes that follow it in the item (the padding
 * of a sensor, the product after a USB manufacturer). Bounded here by the
 * end of the item.
 */
static void
out_name(struct sar *s, const char *name, size_t max)
{
	char buf[MAX_SENSORS_DEV_LEN + 64];

	sar_out_raw(s, lead_name(buf, sizeof(buf), name, max, 0));
}

/* sadf: a name of at most max bytes as a string cell. */
static void
sink_name(struct sar *s, const char *name, size_t max)
{
	char buf[MAX_MANUF_LEN + MAX_PROD_LEN + 1];
	size_t n = strnlen(name, max < sizeof(buf) ? max : sizeof(buf) - 1);

	memcpy(buf, name, n);
	buf[n] = '\0';
	sar_out_str(s, buf, 0);
}

/* sadf: a number as a string cell, after ppc_prefix for -p (whose items are "fan1", "bus3"...). */
static void
sink_number(struct sar *s, const char *ppc_prefix, long long v)
{
	const char *prefix = s->sink_format == SAR_SINK_PPC ? ppc_prefix : "";
	char buf[64];

	sar_out_str(s, numfmt_label(buf, sizeof(buf), prefix, v, 0), 0);
}

/* sadf -j and -x, whose rows differ from -d and -p's here and there. */
static bool
sink_structured(const struct sar *s)
{
	return s->sink && (s->sink_format == SAR_SINK_JSON || s->sink_format == SAR_SINK_XML);
}

static double
get_double(const void *item, size_t off)
{
	double v;

	memcpy(&v, (const unsigned char *) item + off, sizeof(v));
	return v;
}

static uint64_t
get_u64(const void *item, size_t off)
{
	uint64_t v;

	memcpy(&v, (const unsigned char *) item + off, sizeof(v));
	return v;
}

/* The CPU column of the per-CPU views: "all", or the CPU number. */
static void
out_cpu(struct sar *s, uint32_t i)
{
	char num[48];

	if (s->sink) {
		if (i == 0)
			sar_out_str(s, "all", 0);
		else
			sink_number(s, "", (long long) i - 1);
		return;
	}
	if (i == 0) {
		sar_out_raw(s, "     all");
		return;
	}
	sar_out_raw(s, numfmt_label(num, sizeof(num), "     ", (int) (i - 1), 3));
}

/* ---- CPU clock: -m CPU ---- */

struct cpufreq_sums {
	uint64_t sum[PWR_MAX_CPUS]; /* 1/100 MHz, over the displayed rows */
};

static uint64_t
cpufreq_of(const struct sar_act *a, const struct sar_slot *sl, uint32_t i)
{
	return get_u64(sar_item(a, sl, i, 0), offsetof(struct stats_pwr_cpufreq, cpufreq));
}

/*
 * The rows of one record, current values or means. An offline CPU has a
 * clock of 0 and no row; the selection is that of -P.
 */
static unsigned
cpufreq_rows(struct sar *s, struct sar_act *a, const struct sar_slot *sl, bool mean)
{
	struct cpufreq_sums *avg = sar_avg(a);
	unsigned lines = 0;
	uint32_t i;

	if (s->dish)
		sar_out_header(s, &view_pwr_cpu, s->ts_prev, a, NULL);
	for (i = 0; i < sl->nr && i < PWR_MAX_CPUS; i++) {
		uint64_t f = cpufreq_of(a, sl, i);

		/* An offline CPU has no row, but for sadf -j and -x. */
		if ((!f && !sink_structured(s)) || !sar_cpu_selected(s, i))
			continue;
		sar_out_ts(s, s->ts_curr);
		out_cpu(s, i);
		if (mean) {
			sar_out_f(s, (double) avg->sum[i] / (double) (100 * s->avg_count));
		} else {
			sar_out_f(s, (double) f / 100);
			avg->sum[i] += f;
		}
		sar_out_nl(s);
		lines++;
	}
	return lines;
}

static unsigned
cpufreq_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
              const struct sar_slot *curr, uint64_t itv)
{
	(void) prev;
	(void) itv;
	return cpufreq_rows(s, a, curr, false);
}

static void
cpufreq_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                  const struct sar_slot *last, uint64_t itv)
{
	(void) first;
	(void) itv;
	cpufreq_rows(s, a, last, true);
}

static const struct sar_names pwr_cpu_names = {
        .json = "cpu-frequency",
        .group = "power-management",
        .keys = "number;frequency",
        .xml = "cpu-frequency",
        .xml_attrs = " unit=\"MHz\"",
        .xml_item = "cpufreq",
        .flags = SAR_NF_ITEMS | SAR_NF_CPU_ITEM,
};

const struct sar_view view_pwr_cpu = {
        .names = &pwr_cpu_names,
        .act_id = A_PWR_CPU,
        .opt = SAR_O_MAIN,
        .hdr = "CPU;MHz",
        .iwidth = 7,
        .flags = SAR_VF_CPU_BITMAP,
        .avg_size = sizeof(struct cpufreq_sums),
        .print = cpufreq_print,
        .print_avg = cpufreq_print_avg,
};

/* ---- sensors: -m FAN, -m TEMP, -m IN ---- */

/*
 * The three sensor items are doubles followed by the chip name: a value,
 * its minimum and (but for fans) its maximum.
 */
struct sensor_kind {
	const struct sar_view *view;
	const char *ppc_item; /* what sadf -p puts before the number ("fan") */
	size_t min_off;
	size_t max_off; /* 0: no maximum (fans) */
	size_t dev_off;
	size_t size;
	int first_number; /* fans and temperatures count from 1, inputs from 0 */
};

/*
 * Fans: sums of rpm and rpm_min. Temperatures and inputs: the sum of the
 * value, and the last minimum and maximum (sysstat takes them as fixed).
 */
struct sensor_sums {
	/* Each sensor's three together: a machine's few sensors touch a page, not three. */
	struct {
		double val, min, max;
	} s[PWR_MAX_SENSORS];
};

/* Where the value lies between min and max, in percent (0 when they are equal). */
static double
sensor_pct(double v, double min, double max)
{
	return (max - min) != 0 ? (v - min) / (max - min) * 100 : 0.0;
}

static void
sensor_values(struct sar *s, const struct sensor_kind *k, struct sensor_sums *avg, uint32_t i,
              const void *item, bool mean)
{
	double n = (double) s->avg_count;
	double v = get_double(item, 0), min = get_double(item, k->min_off);
	double max = k->max_off ? get_double(item, k->max_off) : 0;

	if (!k->max_off) {
		if (mean) {
			sar_out_f(s, avg->s[i].val / n);
			sar_out_f(s, (avg->s[i].val - avg->s[i].min) / n);
		} else {
			sar_out_f(s, v);
			sar_out_f(s, v - min);
			avg->s[i].val += v;
			avg->s[i].min += min;
		}
		return;
	}
	if (mean) {
		sar_out_f(s, avg->s[i].val / n);
		sar_out_pc(s, sensor_pct(avg->s[i].val / n, avg->s[i].min, avg->s[i].max));
	} else {
		sar_out_f(s, v);
		sar_out_pc(s, sensor_pct(v, min, max));
		avg->s[i].val += v;
		avg->s[i].min = min;
		avg->s[i].max = max;
	}
}

/*
 * sysstat's (unsigned long long) cast of a double, as x86-64 code does it:
 * values below 2^63 through a signed conversion (negative ones wrap), the
 * others less 2^63; what is out of range, or NaN, gives 2^63 from the
 * signed conversion.
 */
static uint64_t
double_to_u64(double v)
{
	const double two63 = 9223372036854775808.0;
	const uint64_t indefinite = UINT64_C(1) << 63;

	if (v < two63)
		return v > -two63 ? (uint64_t) (int64_t) v : indefinite;
	v -= two63;
	return (v < two63 ? (uint64_t) (int64_t) v : indefinite) ^ indefinite;
}

/*
 * sadf: -d and -p show the number, the device and the values; -j and -x
 * the number, the values and the device, and a fan's speeds as integers.
 */
static void
sensor_sink_row(struct sar *s, const struct sensor_kind *k, uint32_t i, const void *item)
{
	bool structured = sink_structured(s);
	double v = get_double(item, 0), min = get_double(item, k->min_off);
	double max = k->max_off ? get_double(item, k->max_off) : 0;
	const char *dev = (const char *) item + k->dev_off;

	sar_out_ts(s, s->ts_curr);
	sink_number(s, k->ppc_item, (long long) i + k->first_number);
	if (!structured)
		sink_name(s, dev, k->size - k->dev_off);
	if (!k->max_off && structured) {
		sar_out_u64(s, double_to_u64(v));
		sar_out_u64(s, double_to_u64(v - min));
	} else if (!k->max_off) {
		sar_out_f(s, v);
		sar_out_f(s, v - min);
	} else {
		sar_out_f(s, v);
		sar_out_pc(s, sensor_pct(v, min, max));
	}
	if (structured)
		sink_name(s, dev, k->size - k->dev_off);
	sar_out_nl(s);
}

static unsigned
sensor_rows(struct sar *s, struct sar_act *a, const struct sensor_kind *k,
            const struct sar_slot *sl, bool mean)
{
	struct sensor_sums *avg = sar_avg(a);
	uint32_t i;

	if (s->sink) {
		for (i = 0; i < sl->nr && i < PWR_MAX_SENSORS; i++)
			sensor_sink_row(s, k, i, sar_item(a, sl, i, 0));
		return i;
	}
	if (s->dish)
		sar_out_header(s, k->view, s->ts_prev, a, NULL);
	for (i = 0; i < sl->nr && i < PWR_MAX_SENSORS; i++) {
		const void *item = sar_item(a, sl, i, 0);
		char num[48];

		sar_out_ts(s, s->ts_curr);
		numfmt_label(num, sizeof(num), "     ", (int) i + k->first_number, 5);
		sar_out_raw(s, num);
		sensor_values(s, k, avg, i, item, mean);
		out_name(s, (const char *) item + k->dev_off, k->size - k->dev_off);
		sar_out_nl(s);
	}
	return i;
}

static const struct sensor_kind fan_kind = {
        .view = &view_pwr_fan,
        .ppc_item = "fan",
        .min_off = offsetof(struct stats_pwr_fan, rpm_min),
        .dev_off = offsetof(struct stats_pwr_fan, device),
        .size = sizeof(struct stats_pwr_fan),
        .first_number = 1,
};

static const struct sensor_kind temp_kind = {
        .view = &view_pwr_temp,
        .ppc_item = "temp",
        .min_off = offsetof(struct stats_pwr_temp, temp_min),
        .max_off = offsetof(struct stats_pwr_temp, temp_max),
        .dev_off = offsetof(struct stats_pwr_temp, device),
        .size = sizeof(struct stats_pwr_temp),
        .first_number = 1,
};

static const struct sensor_kind in_kind = {
        .view = &view_pwr_in,
        .ppc_item = "in",
        .min_off = offsetof(struct stats_pwr_in, in_min),
        .max_off = offsetof(struct stats_pwr_in, in_max),
        .dev_off = offsetof(struct stats_pwr_in, device),
        .size = sizeof(struct stats_pwr_in),
        .first_number = 0,
};

/* One print and one print_avg per sensor kind. */
#define SENSOR_VIEW(name, kind, act, header, sadf_names)                                           \
	static unsigned name##_print(struct sar *s, struct sar_act *a,                             \
	                             const struct sar_slot *prev, const struct sar_slot *curr,     \
	                             uint64_t itv)                                                 \
	{                                                                                          \
		(void) prev;                                                                       \
		(void) itv;                                                                        \
		return sensor_rows(s, a, &(kind), curr, false);                                    \
	}                                                                                          \
	static void name##_print_avg(struct sar *s, struct sar_act *a,                             \
	                             const struct sar_slot *first, const struct sar_slot *last,    \
	                             uint64_t itv)                                                 \
	{                                                                                          \
		(void) first;                                                                      \
		(void) itv;                                                                        \
		sensor_rows(s, a, &(kind), last, true);                                            \
	}                                                                                          \
	const struct sar_view view_##name = {                                                      \
	        .names = &(sadf_names),                                                            \
	        .act_id = (act),                                                                   \
	        .opt = SAR_O_MAIN,                                                                 \
	        .hdr = (header),                                                                   \
	        .iwidth = -2,                                                                      \
	        .avg_size = sizeof(struct sensor_sums),                                            \
	        .print = name##_print,                                                             \
	        .print_avg = name##_print_avg,                                                     \
	}

static const struct sar_names pwr_fan_names = {
        .json = "fan-speed",
        .group = "power-management",
        .keys = "number;rpm;drpm;device",
        .xml = "fan-speed",
        .xml_attrs = " unit=\"rpm\"",
        .xml_item = "fan",
        .flags = SAR_NF_ITEMS | SAR_NF_ITEM_NUM,
};

static const struct sar_names pwr_temp_names = {
        .json = "temperature",
        .group = "power-management",
        .keys = "number;degC;percent-temp;device",
        .xml = "temperature",
        .xml_attrs = " unit=\"degree Celsius\"",
        .xml_item = "temp",
        .flags = SAR_NF_ITEMS | SAR_NF_ITEM_NUM,
};

static const struct sar_names pwr_in_names = {
        .json = "voltage-input",
        .group = "power-management",
        .keys = "number;inV;percent-in;device",
        .xml = "voltage-input",
        .xml_attrs = " unit=\"V\"",
        .xml_item = "in",
        .flags = SAR_NF_ITEMS | SAR_NF_ITEM_NUM,
};

SENSOR_VIEW(pwr_fan, fan_kind, A_PWR_FAN, "FAN;DEVICE;rpm;drpm", pwr_fan_names);
SENSOR_VIEW(pwr_temp, temp_kind, A_PWR_TEMP, "TEMP;DEVICE;degC;%temp", pwr_temp_names);
SENSOR_VIEW(pwr_in, in_kind, A_PWR_IN, "IN;DEVICE;inV;%in", pwr_in_names);

/* ---- weighted CPU frequency: -m FREQ ---- */

/*
 * A CPU's time in a state in the reference record. A CPU that record does
 * not have (it came online since) reads as 0, as in sysstat's zeroed
 * buffers.
 */
static uint64_t
prev_time(const struct sar_act *a, const struct sar_slot *prev, uint32_t i, uint32_t k)
{
	size_t end = ((size_t) i * (size_t) a->fa->fa.nr2 + k + 1) * a->desc->size;

	if (end > prev->cap)
		return 0;
	return get_u64(sar_item(a, prev, i, k), offsetof(struct stats_pwr_wghfreq, time_in_state));
}

/*
 * The mean frequency of one CPU over the interval, in MHz: the frequencies
 * (kHz, truncated to MHz) weighted by the time spent at each, up to the
 * first empty state. Sums wrap in u64 as sysstat's do.
 */
static double
wghfreq_of(const struct sar_act *a, const struct sar_slot *prev, const struct sar_slot *curr,
           uint32_t i)
{
	uint64_t tisfreq = 0, tis = 0;
	uint32_t k;

	for (k = 0; (int32_t) k < a->fa->fa.nr2; k++) {
		const void *c = sar_item(a, curr, i, k);
		uint64_t freq = get_u64(c, offsetof(struct stats_pwr_wghfreq, freq));
		uint64_t dt = get_u64(c, offsetof(struct stats_pwr_wghfreq, time_in_state)) -
		              prev_time(a, prev, i, k);

		if (!freq)
			break;
		tisfreq += freq / 1000 * dt;
		tis += dt;
	}
	return tis ? (double) tisfreq / (double) tis : 0.0;
}

static unsigned
wghfreq_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
              const struct sar_slot *curr, uint64_t itv)
{
	unsigned lines = 0;
	uint32_t i;

	(void) itv;
	if (s->dish)
		sar_out_header(s, &view_pwr_freq, s->ts_prev, a, NULL);
	for (i = 0; i < curr->nr && i < PWR_MAX_CPUS; i++) {
		if (!sar_cpu_selected(s, i))
			continue;
		sar_out_ts(s, s->ts_curr);
		out_cpu(s, i);
		sar_out_f(s, wghfreq_of(a, prev, curr, i));
		sar_out_nl(s);
		lines++;
	}
	return lines;
}

static void
wghfreq_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
                  const struct sar_slot *last, uint64_t itv)
{
	wghfreq_print(s, a, first, last, itv);
}

static const struct sar_names pwr_freq_names = {
        .json = "cpu-weighted-frequency",
        .group = "power-management",
        .keys = "number;weighted-frequency",
        .xml = "cpu-weighted-frequency",
        .xml_attrs = " unit=\"MHz\"",
        .xml_item = "cpuwfreq",
        .flags = SAR_NF_ITEMS | SAR_NF_CPU_ITEM,
};

const struct sar_view view_pwr_freq = {
        .names = &pwr_freq_names,
        .act_id = A_PWR_FREQ,
        .opt = SAR_O_MAIN,
        .hdr = "CPU;wghMHz",
        .iwidth = 7,
        .flags = SAR_VF_CPU_BITMAP,
        .print = wghfreq_print,
        .print_avg = wghfreq_print_avg,
};

/* ---- USB devices: -m USB ---- */

/*
 * The Summary: list: the devices of the segment's first record, then every
 * new device (bus, vendor, product) of the displayed records, in the order
 * they were first seen, with the values they had then.
 */
struct usb_summary {
	bool started;
	uint32_t n;
	struct stats_pwr_usb dev[PWR_MAX_USB];
};

/*
 * A device is looked for from the start of the list; a slot with bus 0 is
 * free and ends the list there (sysstat's zeroed tail, or a bus-0 entry of
 * the first record).
 */
static void
usb_remember(struct usb_summary *sum, const struct stats_pwr_usb *u)
{
	uint32_t j;

	for (j = 0; j < sum->n; j++) {
		const struct stats_pwr_usb *d = &sum->dev[j];

		if (d->bus_nr == u->bus_nr && d->vendor_id == u->vendor_id &&
		    d->product_id == u->product_id)
			return;
		if (!d->bus_nr)
			break;
	}
	if (j < PWR_MAX_USB) {
		sum->dev[j] = *u;
		sum->n = j + 1;
	}
}

static void
usb_header(struct sar *s, const char *ts)
{
	sar_out_nl(s);
	sar_out_ts(s, ts);
	fprintf(sar_fp(s), "     BUS  idvendor    idprod  maxpower %-*s product\n",
	        MAX_MANUF_LEN - 1, "manufact");
}

static void
usb_row(struct sar *s, const char *ts, const struct stats_pwr_usb *u)
{
	char buf[MAX_MANUF_LEN + MAX_PROD_LEN + 16];

	sar_out_ts(s, ts);
	sar_out_raw(s, numfmt_label(buf, sizeof(buf), "  ", (int) u->bus_nr, 6));
	sar_out_hex(s, u->vendor_id, 9);
	sar_out_hex(s, u->product_id, 9);
	/* bMaxPower counts units of 2 mA; the shift is done in 32 bits. */
	sar_out_u64(s, (uint64_t) (uint32_t) (u->bmaxpower << 1));
	sar_out_text(s, lead_name(buf, sizeof(buf), u->manufacturer, MAX_MANUF_LEN + MAX_PROD_LEN,
	                          MAX_MANUF_LEN - 1));
	sar_out_text(s, lead_name(buf, sizeof(buf), u->product, MAX_PROD_LEN, 0));
	sar_out_nl(s);
}

static const struct stats_pwr_usb *
usb_item(const struct sar_act *a, const struct sar_slot *sl, uint32_t i)
{
	return sar_item(a, sl, i, 0);
}

/* sadf -p names the values of a device in its own order, not the header's. */
static void
usb_ppc_name(struct sar *s, const char *name)
{
	if (s->sink_format == SAR_SINK_PPC)
		sar_out_name(s, name);
}

/* sadf: one device of the record, the ids as hexadecimal strings. */
static void
usb_sink_row(struct sar *s, const struct stats_pwr_usb *u)
{
	char hex[16];

	sar_out_ts(s, s->ts_curr);
	sink_number(s, "bus", (long long) (int32_t) u->bus_nr);
	hex[numfmt_x64(hex, sizeof(hex) - 1, u->vendor_id, 0)] = '\0';
	usb_ppc_name(s, "idvendor");
	sar_out_str(s, hex, 0);
	hex[numfmt_x64(hex, sizeof(hex) - 1, u->product_id, 0)] = '\0';
	usb_ppc_name(s, "idprod");
	sar_out_str(s, hex, 0);
	usb_ppc_name(s, "maxpower");
	sar_out_u64(s, (uint64_t) (uint32_t) (u->bmaxpower << 1));
	usb_ppc_name(s, "manufact");
	sink_name(s, u->manufacturer, MAX_MANUF_LEN + MAX_PROD_LEN);
	usb_ppc_name(s, "product");
	sink_name(s, u->product, MAX_PROD_LEN);
	sar_out_nl(s);
}

static unsigned
usb_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
          const struct sar_slot *curr, uint64_t itv)
{
	struct usb_summary *sum = sar_avg(a);
	uint32_t i;

	(void) prev;
	(void) itv;
	if (s->sink) {
		for (i = 0; i < curr->nr; i++)
			usb_sink_row(s, usb_item(a, curr, i));
		return curr->nr;
	}
	if (!sum->started) {
		sum->started = true;
		/* The list starts as the first record, as it is. */
		for (i = 0; i < a->slot[2].nr && i < PWR_MAX_USB; i++)
			sum->dev[i] = *usb_item(a, &a->slot[2], i);
		sum->n = i;
	}
	if (s->dish)
		usb_header(s, s->ts_prev);
	for (i = 0; i < curr->nr; i++) {
		usb_row(s, s->ts_curr, usb_item(a, curr, i));
		usb_remember(sum, usb_item(a, curr, i));
	}
	return curr->nr;
}

static void
usb_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
              const struct sar_slot *last, uint64_t itv)
{
	const struct usb_summary *sum = sar_avg(a);
	const char *summary = sar_label_summary();
	uint32_t j;

	(void) first;
	(void) last;
	(void) itv;
	if (s->dish)
		usb_header(s, summary);
	for (j = 0; j < sum->n; j++)
		usb_row(s, summary, &sum->dev[j]);
}

static const struct sar_names pwr_usb_names = {
        .json = "usb-devices",
        .group = "power-management",
        .keys = "bus_number;idvendor;idprod;maxpower;manufact;product",
        .xml = "usb-devices",
        .xml_attrs = "",
        .xml_item = "usb",
        .flags = SAR_NF_ITEMS | SAR_NF_ITEM_NUM,
};

const struct sar_view view_pwr_usb = {
        .names = &pwr_usb_names,
        .act_id = A_PWR_USB,
        .opt = SAR_O_MAIN,
        .hdr = "manufact;product;BUS;idvendor;idprod;maxpower",
        .avg_size = sizeof(struct usb_summary),
        .print = usb_print,
        .print_avg = usb_print_avg,
};

/* ---- batteries: -m BAT (12.7.5) ---- */

/* Item bound of the reader (12.7.5's MAX_NR_BATS): the average array is this big. */
#define PWR_MAX_BATS 4096

/* The sum of each battery's capacity over the displayed rows, by position. */
struct bat_sums {
	uint64_t cap[PWR_MAX_BATS];
};

/* The names sadf prints for the stored status (anything else is unknown). */
static const char *const bat_status_names[] = {
        [BAT_STS_UNKNOWN] = "Unknown",
        [BAT_STS_CHARGING] = "Charging",
        [BAT_STS_DISCHARGING] = "Discharging",
        [BAT_STS_NOTCHARGING] = "NotCharging",
        [BAT_STS_FULL] = "Full",
};

/* The battery at position i of a slot; a position the slot does not have reads as zeros. */
static struct stats_pwr_bat
bat_at(const struct sar_act *a, const struct sar_slot *sl, uint32_t i)
{
	struct stats_pwr_bat b = {0, 0, 0};

	if (i < sl->nr && ((size_t) i + 1) * a->desc->size <= sl->cap)
		memcpy(&b, sar_item(a, sl, i, 0), sizeof(b));
	return b;
}

/* Capacity gained per minute; itv is in 1/100 s. */
static double
bat_cap_per_min(const struct stats_pwr_bat *p, const struct stats_pwr_bat *c, uint64_t itv)
{
	return (double) ((int) c->capacity - (int) p->capacity) * 6000 / (double) itv;
}

/* sar's status column: an arrow in the colour of the trend, "?" when unknown. */
static void
bat_out_status(struct sar *s, uint8_t status)
{
	switch (status) {
	case BAT_STS_CHARGING:
		sar_out_trend(s, true, "\u2197", 11);
		break;
	case BAT_STS_DISCHARGING:
		sar_out_trend(s, false, "\u2198", 11);
		break;
	case BAT_STS_NOTCHARGING:
		sar_out_trend(s, false, "\u2192", 11);
		break;
	case BAT_STS_FULL:
		sar_out_trend(s, true, "\u2191", 11);
		break;
	default:
		sar_out_plain(s, "         ?");
		break;
	}
}

static void
bat_sink_row(struct sar *s, const struct stats_pwr_bat *p, const struct stats_pwr_bat *c,
             uint64_t itv)
{
	sar_out_ts(s, s->ts_curr);
	sink_number(s, "BAT", c->bat_id);
	sar_out_u64(s, c->capacity);
	sar_out_f(s, bat_cap_per_min(p, c, itv));
	sar_out_str(s, bat_status_names[c->status <= BAT_STS_FULL ? c->status : BAT_STS_UNKNOWN],
	            0);
	sar_out_nl(s);
}

static void
bat_rows(struct sar *s, struct sar_act *a, const struct sar_slot *prev, const struct sar_slot *curr,
         uint64_t itv, bool mean)
{
	struct bat_sums *avg = sar_avg(a);
	char num[16];
	uint32_t i;

	for (i = 0; i < curr->nr && i < PWR_MAX_BATS; i++) {
		struct stats_pwr_bat p = bat_at(a, prev, i), c = bat_at(a, curr, i);

		if (s->sink) {
			bat_sink_row(s, &p, &c, itv);
			continue;
		}
		sar_out_ts(s, s->ts_curr);
		snprintf(num, sizeof(num), "%d", c.bat_id);
		sar_out_str(s, num, 9);
		if (mean) {
			sar_out_xpc(s, (double) avg->cap[i] / (double) s->avg_count, 9, 2,
			            SAR_XLOW);
		} else {
			sar_out_xpc(s, (double) c.capacity, 9, 0, SAR_XLOW);
			avg->cap[i] += c.capacity;
		}
		sar_out_signed(s, bat_cap_per_min(&p, &c, itv), 9, 2);
		if (!mean)
			bat_out_status(s, c.status);
		sar_out_nl(s);
	}
}

static unsigned
bat_print(struct sar *s, struct sar_act *a, const struct sar_slot *prev,
          const struct sar_slot *curr, uint64_t itv)
{
	if (s->dish && !s->sink)
		sar_out_header(s, &view_pwr_bat, s->ts_prev, a, NULL);
	bat_rows(s, a, prev, curr, itv, false);
	return curr->nr;
}

static void
bat_print_avg(struct sar *s, struct sar_act *a, const struct sar_slot *first,
              const struct sar_slot *last, uint64_t itv)
{
	if (s->dish && !s->sink)
		sar_out_header(s, &view_pwr_bat, s->ts_prev, a, NULL);
	bat_rows(s, a, first, last, itv, true);
}

static const struct sar_names pwr_bat_names = {
        .json = "battery",
        .group = "power-management",
        .keys = "number;percent-capacity;variation;status",
        .xml = "battery",
        .xml_attrs = " unit=\"minute\"",
        .xml_item = "bat",
        .flags = SAR_NF_ITEMS | SAR_NF_ITEM_NUM,
};

const struct sar_view view_pwr_bat = {
        .names = &pwr_bat_names,
        .act_id = A_PWR_BAT,
        .opt = SAR_O_MAIN,
        .hdr = "BAT;%cap;cap/min;status",
        .avg_size = sizeof(struct bat_sums),
        .print = bat_print,
        .print_avg = bat_print_avg,
};
