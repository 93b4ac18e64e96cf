/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mpstat: processor statistics, a drop-in for sysstat's (12.6.1 and
 * 12.7.5, chosen by SYSREC_COMPAT). Options and the interval loop; the
 * samples are read by mpstat_data.c and printed by mpstat_print.c. With
 * --archive=FILE|DIR, the samples are the records of data files
 * (mpstat_hist.c), and -s and -e (which mpstat has not otherwise) take
 * sar's times.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "live.h"
#include "mpstat.h"
#include "common/compat.h"
#include "common/nls.h"
#include "report/options.h"
#include "common/banned.h"

/* The report layer's messages name the program (report/options.h). */
const char *progname = "mpstat";

/* sysstat's usage text (its msgid differs per release); exits 1. */
_Noreturn static void
usage(const char *prog)
{
	fprintf(stderr, _("Usage: %s [ options ] [ <interval> [ <count> ] ]\n"), prog);
	if (flavour_1275())
		fprintf(stderr,
		        _("Options are:\n"
		          "[ -A ] [ -H ] [ -n ] [ -T ] [ -u ] [ -V ]\n"
		          "[ -I { SUM | CPU | SCPU | ALL } ] [ -N { <node_list> | ALL } ]\n"
		          "[ --dec={ 0 | 1 | 2 } ] [ -o JSON ] [ -P { <cpu_list> | ALL } ]\n"));
	else
		fprintf(stderr,
		        _("Options are:\n"
		          "[ -A ] [ -n ] [ -T ] [ -u ] [ -V ]\n"
		          "[ -I { SUM | CPU | SCPU | ALL } ] [ -N { <node_list> | ALL } ]\n"
		          "[ --dec={ 0 | 1 | 2 } ] [ -o JSON ] [ -P { <cpu_list> | ALL } ]\n"));
	exit(1);
}

/* What the command line holds besides m's fields. */
struct mp_cli {
	const char *prog;
	bool actset;
	int dis_hdr; /* -1 unset, 9: a header every report */
};

static bool
all_digits(const char *s)
{
	return strspn(s, "0123456789") == strlen(s);
}

/* --dec=N: one character; 12.7.5 also requires a digit. */
static void
opt_dec(struct mp *m, struct mp_cli *c, const char *arg)
{
	int d = live_dec_arg(arg);

	if (d < 0)
		usage(c->prog);
	m->out.o.decimals = d;
}

static void
opt_irq(struct mp *m, struct mp_cli *c, const char *arg)
{
	static const struct {
		const char *key;
		unsigned act;
	} keys[] = {
	        {"SUM", MP_ACT_IRQ_SUM},
	        {"CPU", MP_ACT_IRQ_CPU},
	        {"SCPU", MP_ACT_SOFTIRQ},
	        {"ALL", MP_ACT_IRQ_SUM | MP_ACT_IRQ_CPU | MP_ACT_SOFTIRQ},
	};
	char *copy = strdup(arg), *t, *save = NULL;

	c->actset = true;
	for (t = copy ? strtok_r(copy, ",", &save) : NULL; t; t = strtok_r(NULL, ",", &save)) {
		size_t k;

		for (k = 0; k < sizeof(keys) / sizeof(keys[0]) && strcmp(t, keys[k].key); k++)
			;
		if (k == sizeof(keys) / sizeof(keys[0]))
			usage(c->prog);
		m->act |= keys[k].act;
	}
	free(copy);
}

static void
opt_letters(struct mp *m, struct mp_cli *c, const char *arg)
{
	static const char *const env[] = {"S_COLORS", "S_COLORS_SGR", "S_TIME_FORMAT"};

	for (arg++; *arg; arg++) {
		switch (*arg) {
		case 'A':
			m->flags |= MP_OPT_A;
			m->act |= MP_ACT_CPU | MP_ACT_IRQ_SUM | MP_ACT_IRQ_CPU | MP_ACT_SOFTIRQ;
			if (m->node_nr >= 0)
				m->act |= MP_ACT_NODE;
			m->hist.want_nodes = true;
			c->actset = true;
			break;
		case 'H':
			if (!flavour_1275())
				usage(c->prog);
			m->flags |= MP_OPT_H;
			break;
		case 'n':
			m->hist.opt_n = true;
			if (m->node_nr >= 0) {
				m->act |= MP_ACT_NODE;
				c->actset = true;
			}
			m->hist.want_nodes = true;
			break;
		case 'T':
			m->flags |= MP_OPT_TOPO;
			break;
		case 'u':
			m->act |= MP_ACT_CPU;
			break;
		case 'V':
			live_print_version(env, 3);
			break;
		default:
			usage(c->prog);
		}
	}
}

/* interval, then count (sysstat's checks, in its order). */
static void
opt_number(struct mp *m, struct mp_cli *c, const char *arg)
{
	if (m->interval < 0) {
		if (!all_digits(arg))
			usage(c->prog);
		m->interval = strtol(arg, NULL, 10);
		if (m->interval < 0)
			usage(c->prog);
		m->count = -1;
	} else if (m->count <= 0) {
		if (!all_digits(arg) || !m->interval)
			usage(c->prog);
		m->count = strtol(arg, NULL, 10);
		if (m->count < 1)
			usage(c->prog);
	} else {
		usage(c->prog);
	}
}

/* The options that take the next word. Returns false when arg is none of them. */
static bool
opt_with_value(struct mp *m, struct mp_cli *c, const char *arg, const char *val)
{
	if (!strcmp(arg, "-I")) {
		if (!val)
			usage(c->prog);
		opt_irq(m, c, val);
	} else if (!strcmp(arg, "-o")) {
		if (!val || strcmp(val, "JSON"))
			usage(c->prog);
		m->flags |= MP_OPT_JSON;
	} else if (!strcmp(arg, "-N")) {
		if (!val)
			usage(c->prog);
		m->hist.want_nodes = true;
		/* --archive: applied once the file gives the nodes (hist_nodes()). */
		if (m->hist.win.archive)
			m->hist.node_lists[m->hist.n_node_lists++] = val;
		/* Without NUMA nodes, -N and its list are ignored. */
		if (m->node_nr >= 0) {
			m->flags |= MP_OPT_N;
			m->act |= MP_ACT_NODE;
			c->actset = true;
			c->dis_hdr = 9;
			if (mp_parse_list(val, m->node_sel, m->sel_bytes, m->node_nr + 1) < 0)
				usage(c->prog);
		}
	} else if (!strcmp(arg, "-P")) {
		if (!val)
			usage(c->prog);
		m->flags |= MP_OPT_P;
		c->dis_hdr = 9;
		/* --archive: checked once the file gives the CPU count (mp_hist_select()). */
		if (m->hist.win.archive)
			m->hist.cpu_lists[m->hist.n_cpu_lists++] = val;
		else if (mp_parse_list(val, m->cpu_sel, m->sel_bytes, m->cpu_nr) < 0)
			usage(c->prog);
	} else {
		return false;
	}
	return true;
}

/*
 * --archive's words: --archive=FILE|DIR itself, and -s and -e with a time,
 * which mpstat has not otherwise (there, as without --archive, they are a
 * usage error). Returns the words taken (0: a is none of them).
 */
static int
opt_archive(struct mp *m, struct mp_cli *c, const char *a, const char *val)
{
	struct live_window *w = &m->hist.win;
	bool bad = false;

	if (!w->archive)
		return 0;
	if (live_window_archive(w, a, &bad)) {
		if (bad)
			usage(c->prog);
		return 1;
	}
	if (strcmp(a, "-s") && strcmp(a, "-e"))
		return 0;
	if (live_window_limit(w, a[1] == 'e', val) <= 0)
		usage(c->prog);
	return 2;
}

static void
parse_args(struct mp *m, struct mp_cli *c, int argc, char **argv)
{
	int i, taken;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if ((taken = opt_archive(m, c, a, argv[i + 1])) > 0)
			i += taken - 1;
		else if (!strncmp(a, "--dec=", 6) && strlen(a) == 7)
			opt_dec(m, c, a);
		else if (opt_with_value(m, c, a, argv[i + 1] ? argv[i + 1] : NULL))
			i++;
		else if (a[0] == '-')
			opt_letters(m, c, a);
		else
			opt_number(m, c, a);
	}
}

static int
bits_set(unsigned v)
{
	int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

/* The defaults sysstat derives once the command line is read. */
static void
settle_options(struct mp *m, struct mp_cli *c)
{
	if (!c->actset || ((m->flags & MP_OPT_P) && !(m->act & ~(unsigned) MP_ACT_NODE)))
		m->act |= MP_ACT_CPU;
	if (bits_set(m->act) > 1)
		c->dis_hdr = 9;
	if (m->flags & MP_OPT_A) {
		/* -A is -P ALL -N ALL unless CPUs or nodes were chosen. */
		if (m->node_nr >= 0 && !(m->flags & MP_OPT_N)) {
			memset(m->node_sel, 0xff, m->sel_bytes);
			m->flags |= MP_OPT_N;
		}
		if (!(m->flags & MP_OPT_P)) {
			memset(m->cpu_sel, 0xff, m->sel_bytes);
			m->flags |= MP_OPT_P;
			m->hist.sel_every = true;
		}
	}
	if (!(m->flags & MP_OPT_P))
		m->cpu_sel[0] = 1;
	if (!(m->flags & MP_OPT_N))
		m->node_sel[0] = 1;
	if (c->dis_hdr < 0)
		c->dis_hdr = 0;
	if (m->interval < 0)
		m->interval = 0;
}

static const char json_end[] = "\n\t\t\t]\n\t\t}\n\t]\n}}\n";

/* -H (12.7.5): a vCPU plugged in since the last sample grows the tables. */
static void
check_hotplug(struct mp *m)
{
	int nr = live_cpu_nr(&m->root, true), old = m->cpu_nr;

	if (nr <= old)
		return;
	m->cpu_nr = nr;
	mp_count_all_irqs(m, old);
	mp_alloc(m, old);
	mp_node_placement(m);
}

/* Since boot (no interval, or 0): one report from an empty sample. */
_Noreturn static void
since_boot(struct mp *m)
{
	m->ts[1] = m->ts[0];
	mp_zero_sample(m, 1);
	mp_write_stats(m, 0, true);
	if (m->flags & MP_OPT_JSON)
		fputs(json_end, stdout);
	mp_release(m);
	exit(0);
}

static void
loop(struct mp *m, int dis_hdr, int rows)
{
	unsigned long lines = (unsigned long) rows;
	int curr = 1;
	bool dis = true;

	mp_read_sample(m, 0);
	if (!m->interval)
		since_boot(m);
	live_alarm_start((unsigned) m->interval);
	mp_copy_sample(m, 0, 2);
	live_catch_sigint();
	live_wait();
	if (live_interrupted())
		return;
	do {
		if (!live_now(&m->ts[curr]))
			memset(&m->ts[curr], 0, sizeof(m->ts[curr]));
		mp_read_sample(m, curr);
		if (!dis_hdr) {
			dis = lines / (unsigned long) rows;
			if (dis)
				lines %= (unsigned long) rows;
			lines++;
		}
		mp_write_stats(m, curr, dis);
		if (m->count > 0)
			m->count--;
		if (m->count) {
			live_wait();
			if (live_interrupted()) {
				m->count = 0;
			} else {
				if (m->flags & MP_OPT_JSON)
					fputs(",\n", stdout);
				curr ^= 1;
			}
		}
		if (m->count && (m->flags & MP_OPT_H))
			check_hotplug(m);
	} while (m->count);
	if (m->flags & MP_OPT_JSON)
		fputs(json_end, stdout);
	else
		mp_write_average(m, curr, dis_hdr);
}

static void
start(struct mp *m)
{
	m->interval = -1;
	m->cpu_nr = live_cpu_nr(&m->root, true);
	mp_count_all_irqs(m, 0);
	mp_alloc(m, 0);
	mp_node_placement(m);
}

/*
 * --archive: -n, -N and -A's nodes as the live parse_args() takes them on
 * a machine with nodes, once the file's first record has given them (a
 * file without nodes, or without sadc -S MPSTAT's, ignores them as a
 * machine without nodes does).
 */
static void
hist_nodes(struct mp *m, struct mp_cli *c)
{
	int i;

	if (m->node_nr < 0)
		return;
	if (m->flags & MP_OPT_A)
		m->act |= MP_ACT_NODE;
	if (m->hist.opt_n) {
		m->act |= MP_ACT_NODE;
		c->actset = true;
	}
	for (i = 0; i < m->hist.n_node_lists; i++) {
		m->flags |= MP_OPT_N;
		m->act |= MP_ACT_NODE;
		c->actset = true;
		c->dis_hdr = 9;
		if (mp_parse_list(m->hist.node_lists[i], m->node_sel, m->sel_bytes,
		                  m->node_nr + 1) < 0)
			usage(c->prog);
	}
}

/*
 * mpstat --archive: the options are read before the file is opened (its
 * name and window are among them), -P's lists checked after (the CPU
 * numbers are the file's), and so are the nodes (hist_nodes()).
 */
static int
hist_main(struct mp *m, struct mp_cli *c, int argc, char **argv)
{
	struct live_hist lh;
	enum live_hist_kind k;
	int rows = 23;

	m->node_nr = -1;
	m->interval = -1;
	m->hist.cpu_lists = calloc((size_t) argc, sizeof(*m->hist.cpu_lists));
	m->hist.node_lists = calloc((size_t) argc, sizeof(*m->hist.node_lists));
	if (!m->hist.cpu_lists || !m->hist.node_lists) {
		perror("malloc");
		exit(4);
	}
	parse_args(m, c, argc, argv);
	m->hist.interval_given = m->interval >= 0;
	live_window_finish(&m->hist.win);
	k = mp_hist_open(m, &lh);
	if (mp_hist_select(m) < 0)
		usage(c->prog);
	hist_nodes(m, c);
	settle_options(m, c);
	/* No interval: every record of the window, not a report since boot. */
	if (!m->hist.interval_given) {
		m->interval = 1;
		m->count = -1;
	}
	if (!c->dis_hdr)
		rows = live_win_height();
	if (m->flags & MP_OPT_JSON)
		setlocale(LC_NUMERIC, "C"); /* RFC 7159 numbers */
	mp_hist_run(m, &lh, k, c->dis_hdr, rows);
	free(m->hist.cpu_lists);
	free(m->hist.node_lists);
	free(m->hist.items[0]);
	free(m->hist.items[1]);
	mp_release(m);
	return 0;
}

int
main(int argc, char **argv)
{
	/* Static: zero without a memset of its 8 kB, whose pages a short run never needs. */
	static struct mp m;
	struct mp_cli c = {.prog = argv[0], .dis_hdr = -1};
	struct live_host h;
	int rows = 23;

	live_locale_init();
	live_report_init(&m.out);
	if (sysroot_open(&m.root, "/") < 0) {
		perror("/");
		return 2;
	}
	/* --archive changes what -s, -e and -P's numbers are: known before the options are read. */
	for (int i = 1; i < argc; i++)
		if (!strncmp(argv[i], "--archive=", 10))
			m.hist.win.archive = argv[i] + 10;
	if (m.hist.win.archive)
		return hist_main(&m, &c, argc, argv);
	start(&m);
	parse_args(&m, &c, argc, argv);
	settle_options(&m, &c);
	if (!c.dis_hdr)
		rows = live_win_height();
	if (m.flags & MP_OPT_JSON)
		setlocale(LC_NUMERIC, "C"); /* RFC 7159 numbers */
	if (!live_now(&m.ts[0]))
		memset(&m.ts[0], 0, sizeof(m.ts[0]));
	if (live_host(&h) < 0)
		memset(&h, 0, sizeof(h));
	live_banner(&h, &m.ts[0], live_cpu_nr(&m.root, false), m.flags & MP_OPT_JSON);
	loop(&m, c.dis_hdr, rows);
	mp_release(&m);
	return 0;
}
