/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sar's command line (doc/report.md §2), into struct sar_opts and the file to read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>

#include "options.h"
#include "use.h"
#include "who.h"
#include "common/activity.h"
#include "common/compat.h"
#include "common/history.h"
#include "common/nls.h"
#include "common/sysexit.h"
#include "common/banned.h"


void
sar_version(void)
{
	if (flavour_1275()) {
		/* 12.7.5 shows the variables that change its output first. */
		static const char *const env[] = {"S_COLORS", "S_COLORS_SGR", "S_REPEAT_HEADER",
		                                  "S_TIME_DEF_TIME", "S_TIME_FORMAT"};
		size_t k;

		for (k = 0; k < sizeof(env) / sizeof(env[0]); k++)
			if (getenv(env[k]))
				printf("%s=%s\n", env[k], getenv(env[k]));
	}
	printf(_("sysstat version %s\n"), sysrec_flavour_version());
	printf("(C) Sebastien Godard (sysstat <at> orange.fr)\n");
	sysrec_exit(0);
}

void
sar_usage(void)
{
	sar_usage_status(1);
}

void
sar_usage_status(int status)
{
	fprintf(stderr, _("Usage: %s [ options ] [ <interval> [ <count> ] ]\n"), progname);
	/* Whole texts, not pieces: each is a msgid of its release's catalogs. */
	if (flavour_1275())
		fputs(_("Options are:\n"
		        "[ -A ] [ -B ] [ -b ] [ -C ] [ -D ] [ -d ] [ -F [ MOUNT ] ] [ -H ] [ -h ]\n"
		        "[ -p ] [ -r [ ALL ] ] [ -S ] [ -t ] [ -u [ ALL ] ] [ -V ]\n"
		        "[ -v ] [ -W ] [ -w ] [ -x ] [ -y ] [ -z ]\n"
		        "[ -I [ SUM | ALL ] ] [ -P { <cpu_list> | ALL } ]\n"
		        "[ -m { <keyword> [,...] | ALL } ] [ -n { <keyword> [,...] | ALL } ]\n"
		        "[ -q [ <keyword> [,...] | ALL ] ]\n"
		        "[ --dev=<dev_list> ] [ --fs=<fs_list> ] [ --iface=<iface_list> ] "
		        "[ --int=<int_list> ]\n"
		        "[ --dec={ 0 | 1 | 2 } ] [ --help ] [ --human ] [ --pretty ] [ --sadc ]\n"
		        "[ -j { SID | ID | LABEL | PATH | UUID | ... } ]\n"
		        "[ -f [ <filename> ] | -o [ <filename> ] | -[0-9]+ ]\n"
		        "[ -i <interval> ] [ -s [ <start_time> ] ] [ -e [ <end_time> ] ]\n"),
		      stderr);
	else
		fputs(_("Options are:\n"
		        "[ -A ] [ -B ] [ -b ] [ -C ] [ -D ] [ -d ] [ -F [ MOUNT ] ] [ -H ] [ -h ]\n"
		        "[ -p ] [ -r [ ALL ] ] [ -S ] [ -t ] [ -u [ ALL ] ] [ -V ]\n"
		        "[ -v ] [ -W ] [ -w ] [ -y ] [ -z ]\n"
		        "[ -I [ SUM | ALL ] ] [ -P { <cpu_list> | ALL } ]\n"
		        "[ -m { <keyword> [,...] | ALL } ] [ -n { <keyword> [,...] | ALL } ]\n"
		        "[ -q [ <keyword> [,...] | ALL ] ]\n"
		        "[ --dev=<dev_list> ] [ --fs=<fs_list> ] [ --iface=<iface_list> ] "
		        "[ --int=<int_list> ]\n"
		        "[ --dec={ 0 | 1 | 2 } ] [ --help ] [ --human ] [ --pretty ] [ --sadc ]\n"
		        "[ -j { SID | ID | LABEL | PATH | UUID | ... } ]\n"
		        "[ -f [ <filename> ] | -o [ <filename> ] | -[0-9]+ ]\n"
		        "[ -i <interval> ] [ -s [ <hh:mm[:ss]> ] ] [ -e [ <hh:mm[:ss]> ] ]\n"),
		      stderr);
	sysrec_exit(status);
}

/* --help: the list of reports, on stdout (sysstat's text). */
static _Noreturn void
display_help(void)
{
	printf(_("Usage: %s [ options ] [ <interval> [ <count> ] ]\n"), progname);
	/* One message per report, as the catalogs translate them. */
	fputs(_("Main options and reports (report name between square brackets):\n"), stdout);
	fputs(_("\t-B\tPaging statistics [A_PAGE]\n"), stdout);
	fputs(_("\t-b\tI/O and transfer rate statistics [A_IO]\n"), stdout);
	fputs(_("\t-d\tBlock devices statistics [A_DISK]\n"), stdout);
	fputs(_("\t-F [ MOUNT ]\n"), stdout);
	fputs(_("\t\tFilesystems statistics [A_FS]\n"), stdout);
	fputs(_("\t-H\tHugepages utilization statistics [A_HUGE]\n"), stdout);
	fputs(_("\t-I [ SUM | ALL ]\n"
	        "\t\tInterrupts statistics [A_IRQ]\n"),
	      stdout);
	if (flavour_1275())
		fputs(_("\t-m { <keyword> [,...] | ALL }\n"
		        "\t\tPower management statistics [A_PWR_...]\n"
		        "\t\tKeywords are:\n"
		        "\t\tBAT\tBatteries capacity\n"
		        "\t\tCPU\tCPU instantaneous clock frequency\n"
		        "\t\tFAN\tFans speed\n"
		        "\t\tFREQ\tCPU average clock frequency\n"
		        "\t\tIN\tVoltage inputs\n"
		        "\t\tTEMP\tDevices temperature\n"
		        "\t\tUSB\tUSB devices plugged into the system\n"),
		      stdout);
	else
		fputs(_("\t-m { <keyword> [,...] | ALL }\n"
		        "\t\tPower management statistics [A_PWR_...]\n"
		        "\t\tKeywords are:\n"
		        "\t\tCPU\tCPU instantaneous clock frequency\n"
		        "\t\tFAN\tFans speed\n"
		        "\t\tFREQ\tCPU average clock frequency\n"
		        "\t\tIN\tVoltage inputs\n"
		        "\t\tTEMP\tDevices temperature\n"
		        "\t\tUSB\tUSB devices plugged into the system\n"),
		      stdout);
	fputs(_("\t-n { <keyword> [,...] | ALL }\n"
	        "\t\tNetwork statistics [A_NET_...]\n"
	        "\t\tKeywords are:\n"
	        "\t\tDEV\tNetwork interfaces\n"
	        "\t\tEDEV\tNetwork interfaces (errors)\n"
	        "\t\tNFS\tNFS client\n"
	        "\t\tNFSD\tNFS server\n"
	        "\t\tSOCK\tSockets\t(v4)\n"
	        "\t\tIP\tIP traffic\t(v4)\n"
	        "\t\tEIP\tIP traffic\t(v4) (errors)\n"
	        "\t\tICMP\tICMP traffic\t(v4)\n"
	        "\t\tEICMP\tICMP traffic\t(v4) (errors)\n"
	        "\t\tTCP\tTCP traffic\t(v4)\n"
	        "\t\tETCP\tTCP traffic\t(v4) (errors)\n"
	        "\t\tUDP\tUDP traffic\t(v4)\n"
	        "\t\tSOCK6\tSockets\t(v6)\n"
	        "\t\tIP6\tIP traffic\t(v6)\n"
	        "\t\tEIP6\tIP traffic\t(v6) (errors)\n"
	        "\t\tICMP6\tICMP traffic\t(v6)\n"
	        "\t\tEICMP6\tICMP traffic\t(v6) (errors)\n"
	        "\t\tUDP6\tUDP traffic\t(v6)\n"
	        "\t\tFC\tFibre channel HBAs\n"
	        "\t\tSOFT\tSoftware-based network processing\n"),
	      stdout);
	fputs(_("\t-q [ <keyword> [,...] | PSI | ALL ]\n"
	        "\t\tSystem load and pressure-stall statistics\n"
	        "\t\tKeywords are:\n"
	        "\t\tLOAD\tQueue length and load average statistics [A_QUEUE]\n"
	        "\t\tCPU\tPressure-stall CPU statistics [A_PSI_CPU]\n"
	        "\t\tIO\tPressure-stall I/O statistics [A_PSI_IO]\n"
	        "\t\tMEM\tPressure-stall memory statistics [A_PSI_MEM]\n"),
	      stdout);
	fputs(_("\t-r [ ALL ]\n"
	        "\t\tMemory utilization statistics [A_MEMORY]\n"),
	      stdout);
	fputs(_("\t-S\tSwap space utilization statistics [A_MEMORY]\n"), stdout);
	fputs(_("\t-u [ ALL ]\n"
	        "\t\tCPU utilization statistics [A_CPU]\n"),
	      stdout);
	fputs(_("\t-v\tKernel tables statistics [A_KTABLES]\n"), stdout);
	fputs(_("\t-W\tSwapping statistics [A_SWAP]\n"), stdout);
	fputs(_("\t-w\tTask creation and system switching statistics [A_PCSW]\n"), stdout);
	fputs(_("\t-y\tTTY devices statistics [A_SERIAL]\n"), stdout);
	sysrec_exit(0);
}

static bool
all_digits(const char *s)
{
	return strspn(s, "0123456789") == strlen(s);
}

/* Selects an activity the run's flavour knows (12.6.1 has no A_PWR_BAT). */
static void
select_act(struct sar_opts *o, uint32_t id)
{
	if (!activity_by_id(id))
		return;
	if (!o->outputs[id])
		o->outputs[id] = SAR_O_MAIN;
}

struct keyword {
	const char *name;
	uint32_t ids[20];
};

/* -n, -m and -q keywords; ALL is handled by the callers. */
static const struct keyword n_keywords[] = {
        {"DEV", {A_NET_DEV}},
        {"EDEV", {A_NET_EDEV}},
        {"SOCK", {A_NET_SOCK}},
        {"NFS", {A_NET_NFS}},
        {"NFSD", {A_NET_NFSD}},
        {"IP", {A_NET_IP}},
        {"EIP", {A_NET_EIP}},
        {"ICMP", {A_NET_ICMP}},
        {"EICMP", {A_NET_EICMP}},
        {"TCP", {A_NET_TCP}},
        {"ETCP", {A_NET_ETCP}},
        {"UDP", {A_NET_UDP}},
        {"SOCK6", {A_NET_SOCK6}},
        {"IP6", {A_NET_IP6}},
        {"EIP6", {A_NET_EIP6}},
        {"ICMP6", {A_NET_ICMP6}},
        {"EICMP6", {A_NET_EICMP6}},
        {"UDP6", {A_NET_UDP6}},
        {"FC", {A_NET_FC}},
        {"SOFT", {A_NET_SOFT}},
        {"ALL",
         {A_NET_DEV,  A_NET_EDEV,  A_NET_SOCK,   A_NET_NFS,  A_NET_NFSD, A_NET_IP,    A_NET_EIP,
          A_NET_ICMP, A_NET_EICMP, A_NET_TCP,    A_NET_ETCP, A_NET_UDP,  A_NET_SOCK6, A_NET_IP6,
          A_NET_EIP6, A_NET_ICMP6, A_NET_EICMP6, A_NET_UDP6, A_NET_FC,   A_NET_SOFT}},
};

static const struct keyword m_keywords[] = {
        {"BAT", {A_PWR_BAT}}, /* 12.7.5 */
        {"CPU", {A_PWR_CPU}},
        {"FAN", {A_PWR_FAN}},
        {"IN", {A_PWR_IN}},
        {"TEMP", {A_PWR_TEMP}},
        {"FREQ", {A_PWR_FREQ}},
        {"USB", {A_PWR_USB}},
        {"ALL", {A_PWR_CPU, A_PWR_FAN, A_PWR_IN, A_PWR_TEMP, A_PWR_FREQ, A_PWR_BAT, A_PWR_USB}},
};

static const struct keyword q_keywords[] = {
        {"LOAD", {A_QUEUE}},
        {"CPU", {A_PSI_CPU}},
        {"IO", {A_PSI_IO}},
        {"MEM", {A_PSI_MEM}},
        {"PSI", {A_PSI_CPU, A_PSI_IO, A_PSI_MEM}},
        {"ALL", {A_QUEUE, A_PSI_CPU, A_PSI_IO, A_PSI_MEM}},
};

/* Applies a comma-separated keyword list; returns false at the first unknown word. */
static bool
apply_keywords(struct sar_opts *o, const char *arg, const struct keyword *k, size_t n)
{
	const char *p = arg;

	while (*p) {
		size_t len = strcspn(p, ","), i, j;

		/* A keyword of one activity the flavour does not know (BAT in 12.6.1) is unknown. */
		for (i = 0; i < n; i++)
			if (strlen(k[i].name) == len && !strncmp(p, k[i].name, len) &&
			    (k[i].ids[1] || activity_by_id(k[i].ids[0])))
				break;
		if (i == n)
			return false;
		for (j = 0; j < 20 && k[i].ids[j]; j++)
			select_act(o, k[i].ids[j]);
		p += len;
		if (*p == ',')
			p++;
	}
	return true;
}

#define N(k) (sizeof(k) / sizeof((k)[0]))

static void
set_cpu_bit(struct sar_opts *o, long i)
{
	if (i >= 0 && (size_t) i < sizeof(o->cpu_bitmap) * 8)
		o->cpu_bitmap[i >> 3] |= (unsigned char) (1u << (i & 7));
}

bool
sar_parse_cpu_list(struct sar_opts *o, const char *arg)
{
	const char *p = arg;

	if (!strcmp(arg, "ALL")) {
		memset(o->cpu_bitmap, 0xff, sizeof(o->cpu_bitmap));
		return true;
	}
	while (*p) {
		size_t len = strcspn(p, ",");
		char word[32], *dash, *end;
		long a, b;

		if (len == 0 || len >= sizeof(word))
			return false;
		memcpy(word, p, len);
		word[len] = '\0';
		if (!strcmp(word, "all")) {
			set_cpu_bit(o, 0);
		} else {
			a = strtol(word, &end, 10);
			if (end == word || a < 0 || a > 8191)
				return false;
			dash = end;
			if (*dash == '-') {
				b = dash[1] ? strtol(dash + 1, &end, 10) : 8191;
				if ((dash[1] && *end) || b < a || b > 8191)
					return false;
			} else if (*dash) {
				return false;
			} else {
				b = a;
			}
			for (; a <= b; a++)
				set_cpu_bit(o, a + 1);
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return true;
}

void
sar_add_list(struct strbuf *sb, const char *arg)
{
	const char *p = arg;

	while (*p) {
		size_t len = strcspn(p, ",");

		if (len) {
			strbuf_add(sb, p, len);
			strbuf_addch(sb, '\0');
		}
		p += len;
		if (*p == ',')
			p++;
	}
}

bool
sar_list_accepts(const struct strbuf *l, const char *name, size_t max_len)
{
	const char *p = l->buf, *end;
	bool any = false;

	if (!p)
		return true;
	for (end = p + l->len; p < end; p += strlen(p) + 1) {
		if (strlen(p) >= max_len)
			continue;
		any = true;
		if (!strcmp(p, name))
			return true;
	}
	return !any;
}

/* 12.7.5's -s / -e (options.h). */
bool
sar_parse_time_1275(char **argv, int *opt, const char *def, int *h, int *m, int *sec,
                    int64_t *ret_epoch)
{
	const char *a = argv[*opt + 1];
	size_t n = a ? strlen(a) : 0;
	char t[9];

	(*opt)++;
	*ret_epoch = 0;
	snprintf(t, sizeof(t), "%s", def);
	if (a && a[0] != '-') {
		if (n == 5 && a[2] == ':') {
			snprintf(t, sizeof(t), "%s:00", a);
			(*opt)++;
		} else if (n == 8 && a[2] == ':' && a[5] == ':') {
			snprintf(t, sizeof(t), "%s", a);
			(*opt)++;
		} else if (n == 10 && strspn(a, "0123456789") == 10) {
			(*opt)++;
			*ret_epoch = atol(a);
			return *ret_epoch != 0;
		}
	}
	if (strspn(t, "0123456789") != 2 || strspn(t + 3, "0123456789") != 2 ||
	    strspn(t + 6, "0123456789") != 2)
		return false;
	*h = atoi(t);
	*m = atoi(t + 3);
	*sec = atoi(t + 6);
	return *sec >= 0 && *sec <= 59 && *m >= 0 && *m <= 59 && *h >= 0 && *h <= 23;
}

/*
 * -s / -e: an optional hh:mm or hh:mm:ss, else the default; or a date and
 * time or @EPOCH (history.h), which sysstat does not take: *ret_dated.
 */
static bool
parse_time_arg(char **argv, int *opt, const char *def, int *h, int *m, int *sec, int64_t *ret_epoch,
               bool *ret_dated)
{
	const char *a = argv[*opt + 1];
	int64_t t_dated;
	int dated = history_parse_time(a, &t_dated);
	char t[9];

	if (dated) {
		*opt += 2;
		*ret_epoch = t_dated;
		*ret_dated = true;
		return dated > 0;
	}
	if (flavour_1275())
		return sar_parse_time_1275(argv, opt, def, h, m, sec, ret_epoch);
	(*opt)++;
	if (a && strlen(a) == 5) {
		snprintf(t, sizeof(t), "%s:00", a);
		(*opt)++;
	} else if (a && strlen(a) == 8) {
		snprintf(t, sizeof(t), "%s", a);
		(*opt)++;
	} else {
		snprintf(t, sizeof(t), "%s", def);
	}
	t[2] = t[5] = '\0';
	*h = atoi(t);
	*m = atoi(t + 3);
	*sec = atoi(t + 6);
	return *sec >= 0 && *sec <= 59 && *m >= 0 && *m <= 59 && *h >= 0 && *h <= 23;
}

/* Options that take an optional keyword in the next word ("-u ALL", "-r ALL", "-F MOUNT"). */
static bool
next_is(char **argv, int opt, const char *word, const char *letters, size_t i)
{
	return !letters[i + 1] && argv[opt + 1] && !strcmp(argv[opt + 1], word);
}

/* -j TYPE: SID (the WWN), or a /dev/disk/by-TYPE directory (sysstat lower-cases TYPE). */
static bool
parse_persistent(struct sar_opts *o, const char *type)
{
	char dir[4096];
	size_t k, n = strlen(type);

	o->pretty = true;
	if (!strcmp(type, "SID")) {
		o->persistent_type |= SAR_PERSIST_SID;
		return true;
	}
	if (n >= sizeof(o->persistent_name) - 1)
		return false;
	for (k = 0; k <= n; k++)
		o->persistent_name[k] = (char) tolower((unsigned char) type[k]);
	if (snprintf(dir, sizeof(dir), "/dev/disk/by-%s", o->persistent_name) >=
	            (int) sizeof(dir) ||
	    access(dir, R_OK)) {
		fputs(_("Invalid type of persistent device name\n"), stderr);
		sysrec_exit(1);
	}
	o->persistent_type |= SAR_PERSIST_NAME;
	return true;
}

/* One word of grouped flags like "-BruW". Returns false on a usage error. */
static bool
parse_flags(struct sar_cmdline *c, char **argv, int *opt)
{
	struct sar_opts *o = c->o;
	const char *w = argv[*opt];
	size_t i;

	for (i = 1; w[i]; i++) {
		switch (w[i]) {
		case 'A':
			c->option_a = true;
			for (uint32_t id = 1; id <= A_ID_MAX; id++)
				select_act(o, id);
			o->outputs[A_MEMORY] = SAR_O_MEM | SAR_O_SWAP | SAR_O_MEM_ALL;
			o->outputs[A_CPU] = SAR_O_CPU_ALL;
			o->outputs[A_FS] = SAR_O_FS;
			o->outputs[A_IRQ] |= SAR_O_IRQ_ALL;
			break;
		case 'B':
			select_act(o, A_PAGE);
			break;
		case 'b':
			select_act(o, A_IO);
			break;
		case 'C':
			o->comments = true;
			break;
		case 'd':
			select_act(o, A_DISK);
			break;
		case 'H':
			select_act(o, A_HUGE);
			break;
		case 'h':
			o->pretty = o->human = true;
			break;
		case 'p':
			o->pretty = true;
			break;
		case 'q':
			select_act(o, A_QUEUE);
			break;
		case 'S':
			o->outputs[A_MEMORY] |= SAR_O_SWAP;
			break;
		case 't':
			if (c->sadf)
				return false;
			o->true_time = true;
			break;
		case 'v':
			select_act(o, A_KTABLES);
			break;
		case 'w':
			select_act(o, A_PCSW);
			break;
		case 'W':
			select_act(o, A_SWAP);
			break;
		case 'x':
			/* 12.7.5: minimum and maximum values; sadf takes the option and ignores it. */
			if (!flavour_1275())
				return false;
			o->minmax = !c->sadf;
			break;
		case 'y':
			select_act(o, A_SERIAL);
			break;
		case 'z':
			o->zero_omit = true;
			break;
		case 'V':
			/* 12.7.5 takes -V only on its own (parse_word). */
			if (flavour_1275())
				return false;
			sar_version();
			break;
		case 'F':
			if (next_is(argv, *opt, "MOUNT", w, i)) {
				(*opt)++;
				o->outputs[A_FS] |= SAR_O_FS_MOUNT;
				return true;
			}
			o->outputs[A_FS] |= SAR_O_FS;
			break;
		case 'I':
			if (next_is(argv, *opt, "ALL", w, i) || next_is(argv, *opt, "SUM", w, i)) {
				(*opt)++;
				o->outputs[A_IRQ] |=
				        !strcmp(argv[*opt], "SUM") ? SAR_O_IRQ_SUM : SAR_O_IRQ_ALL;
				return true;
			}
			o->outputs[A_IRQ] |= SAR_O_IRQ_ALL;
			break;
		case 'j':
			if (!argv[*opt + 1])
				return false;
			(*opt)++;
			return parse_persistent(o, argv[*opt]);
		case 'r':
			o->outputs[A_MEMORY] |= SAR_O_MEM;
			if (next_is(argv, *opt, "ALL", w, i)) {
				(*opt)++;
				o->outputs[A_MEMORY] |= SAR_O_MEM_ALL;
				return true;
			}
			break;
		case 'u':
			if (next_is(argv, *opt, "ALL", w, i)) {
				(*opt)++;
				o->outputs[A_CPU] = SAR_O_CPU_ALL;
				return true;
			}
			o->outputs[A_CPU] = SAR_O_CPU;
			break;
		default:
			return false;
		}
	}
	return true;
}

static bool
file_word(const char *a)
{
	return a && a[0] != '-' && !all_digits(a);
}

/* --use and --use-limit= (sar's and sadf's after "--"); false when a is neither. */
static bool
use_word(struct sar_opts *o, const char *a)
{
	if (!strcmp(a, "--use")) {
		o->use = true;
		return true;
	}
	if (strncmp(a, "--use-limit=", 12))
		return false;
	/* Checked now, so that a bad limit stops the run before anything is read. */
	if (!use_limit_arg_ok(a + 12))
		sysrec_exit(1);
	strbuf_adds(&o->use_limits, a + 12);
	strbuf_addch(&o->use_limits, '\0');
	return true;
}

bool
sar_who_word(struct sar_opts *o, const char *a)
{
	unsigned count;
	enum who_sort key;

	if (!strcmp(a, "--cgroup")) {
		o->cgroup = true;
		return true;
	}
	if (strcmp(a, "--proc") && strncmp(a, "--proc=", 7))
		return false;
	if (!who_parse_spec(a[6] ? a + 7 : NULL, &count, &key) || (a[6] && !a[7]))
		sar_usage();
	o->proc = true;
	o->proc_count = count;
	o->proc_sort = (int) key;
	return true;
}

/* Long options and the ones taking arguments. Returns false when argv[*opt] is not one. */
static bool
parse_word(struct sar_cmdline *c, int argc, char **argv, int *opt)
{
	struct sar_opts *o = c->o;
	const char *a = argv[*opt];

	(void) argc;
	if (!strcmp(a, "--sadc")) {
		c->which_sadc = true;
		(*opt)++;
	} else if (!strcmp(a, "--follow") && !c->sadf) {
		c->follow = true;
		(*opt)++;
	} else if (!strncmp(a, "--dev=", 6)) {
		sar_add_list(&o->dev_list, a + 6);
		(*opt)++;
	} else if (!strncmp(a, "--fs=", 5)) {
		sar_add_list(&o->fs_list, a + 5);
		(*opt)++;
	} else if (!strncmp(a, "--iface=", 8)) {
		sar_add_list(&o->iface_list, a + 8);
		(*opt)++;
	} else if (!strncmp(a, "--int=", 6)) {
		sar_add_list(&o->int_list, a + 6);
		(*opt)++;
	} else if (use_word(o, a) || sar_who_word(o, a)) {
		(*opt)++;
	} else if (!strcmp(a, "--help")) {
		display_help();
	} else if (!strcmp(a, "--human")) {
		o->human = true;
		(*opt)++;
	} else if (!strcmp(a, "--pretty")) {
		o->pretty = true;
		(*opt)++;
	} else if (!strncmp(a, "--dec=", 6) && strlen(a) == 7) {
		o->decimals = a[6] - '0';
		if (o->decimals < 0 || o->decimals > 2)
			sar_usage();
		(*opt)++;
	} else if (!strcmp(a, "-V") && flavour_1275() && !c->sadf) {
		sar_version();
	} else if (!strcmp(a, "-D")) {
		c->long_names = true;
		(*opt)++;
	} else if (!strcmp(a, "-P")) {
		if (!argv[*opt + 1] || !sar_parse_cpu_list(o, argv[*opt + 1]))
			sar_usage();
		o->cpu_option = true;
		*opt += 2;
	} else if (!strcmp(a, "-o")) {
		if (c->to_file[0])
			sar_usage();
		(*opt)++;
		snprintf(c->to_file, SAR_PATH_LEN, "%s",
		         file_word(argv[*opt]) ? argv[(*opt)++] : "-");
	} else if (!strcmp(a, "-f") && c->f_given && c->from_file[0] && file_word(argv[*opt + 1]) &&
	           history_add_file(&c->files, &c->n_files, c->from_file, argv[*opt + 1])) {
		/* Several files: read in time order as one report (history.h). */
		*opt += 2;
	} else if (!strcmp(a, "-f")) {
		if (c->f_given || c->day_offset)
			sar_usage();
		(*opt)++;
		c->f_given = true;
		if (file_word(argv[*opt]))
			snprintf(c->from_file, SAR_PATH_LEN, "%s", argv[(*opt)++]);
	} else if (!strcmp(a, "-s")) {
		o->use_start = true;
		if (!parse_time_arg(argv, opt, "08:00:00", &o->start_h, &o->start_m, &o->start_s,
		                    &o->start_epoch, &o->start_dated))
			sar_usage();
	} else if (!strcmp(a, "-e")) {
		o->use_end = true;
		if (!parse_time_arg(argv, opt, "18:00:00", &o->end_h, &o->end_m, &o->end_s,
		                    &o->end_epoch, &o->end_dated))
			sar_usage();
	} else if (!strcmp(a, "-i")) {
		if (!argv[*opt + 1] || !all_digits(argv[*opt + 1]) || atol(argv[*opt + 1]) < 1)
			sar_usage();
		/* As in sysstat, -i N is the interval: a number after it is the count. */
		o->interval = atol(argv[*opt + 1]);
		c->interval = o->interval;
		c->interval_set = true;
		*opt += 2;
	} else if (!strcmp(a, "-m") || !strcmp(a, "-n")) {
		bool m = a[1] == 'm';

		if (!argv[*opt + 1])
			sar_usage();
		if (!apply_keywords(o, argv[*opt + 1], m ? m_keywords : n_keywords,
		                    m ? N(m_keywords) : N(n_keywords)))
			sar_usage();
		*opt += 2;
	} else if (!strcmp(a, "-q")) {
		(*opt)++;
		if (!argv[*opt] || !apply_keywords(o, argv[*opt], q_keywords, N(q_keywords)))
			select_act(o, A_QUEUE);
		else
			(*opt)++;
	} else {
		return false;
	}
	return true;
}

static void
parse_number(struct sar_cmdline *c, const char *a)
{
	if (c->interval < 0) {
		if (!all_digits(a))
			sar_usage();
		c->interval = atol(a);
		return;
	}
	if (!all_digits(a) || !c->interval || c->count)
		sar_usage();
	c->count = atol(a);
	if (c->count < 1)
		sar_usage();
}

void
sar_parse_cmdline(struct sar_cmdline *c, int argc, char **argv)
{
	int opt = 1;

	while (opt < argc) {
		const char *a = argv[opt];
		size_t n = strlen(a);

		if (parse_word(c, argc, argv, &opt))
			continue;
		if (n > 1 && n < 4 && a[0] == '-' && all_digits(a + 1)) {
			if (c->f_given || c->day_offset)
				sar_usage();
			c->day_offset = atoi(a + 1);
			opt++;
		} else if (a[0] == '-') {
			if (!parse_flags(c, argv, &opt))
				sar_usage();
			opt++;
		} else {
			parse_number(c, a);
			opt++;
		}
	}
}

static bool
memchr_nonzero(const unsigned char *p, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (p[k])
			return true;
	return false;
}

bool
sar_any_output(const struct sar_opts *o)
{
	uint32_t id;

	for (id = 1; id <= A_ID_MAX; id++)
		if (o->outputs[id])
			return true;
	return false;
}

void
sar_finish_selection(struct sar_opts *o, bool option_a)
{
	/* --proc and --cgroup alone print only their own blocks. */
	if (!sar_any_output(o) && !o->proc && !o->cgroup)
		o->outputs[A_CPU] = SAR_O_CPU;
	if (o->outputs[A_CPU] & SAR_O_MAIN)
		o->outputs[A_CPU] = SAR_O_CPU;
	if (option_a && !o->cpu_option)
		memset(o->cpu_bitmap, 0xff, sizeof(o->cpu_bitmap));
	if (!memchr_nonzero(o->cpu_bitmap, sizeof(o->cpu_bitmap)))
		o->cpu_bitmap[0] = 1; /* only "all" by default */
	sar_complete_window(o);
	if (o->use_start && o->use_end && !o->start_epoch && !o->end_epoch && o->end_h < o->start_h)
		o->end_h += 24;
}

void
sar_complete_window(struct sar_opts *o)
{
	if (o->start_dated && o->use_end && !o->end_epoch)
		o->end_epoch = history_time_after(o->start_epoch, o->end_h, o->end_m, o->end_s);
	if (o->end_dated && o->use_start && !o->start_epoch)
		o->start_epoch =
		        history_time_before(o->end_epoch, o->start_h, o->start_m, o->start_s);
}

bool
sar_time_limits_ok(const struct sar_opts *o)
{
	return !(o->use_start && o->use_end && o->start_epoch && o->end_epoch &&
	         o->end_epoch < o->start_epoch);
}

void
sar_cmdline_init(struct sar_cmdline *c, struct sar_opts *o)
{
	static char from_file[SAR_PATH_LEN], to_file[SAR_PATH_LEN];

	memset(c, 0, sizeof(*c));
	c->o = o;
	c->from_file = from_file;
	c->to_file = to_file;
	from_file[0] = to_file[0] = '\0';
}

int
sar_parse_sadf_word(struct sar_opts *o, char **argv, int *opt, bool *option_a)
{
	struct sar_cmdline c;
	const char *a = argv[*opt];

	sar_cmdline_init(&c, o);
	c.sadf = true;
	if (!strcmp(a, "-m") || !strcmp(a, "-n")) {
		bool m = a[1] == 'm';

		if (!argv[*opt + 1] ||
		    !apply_keywords(o, argv[*opt + 1], m ? m_keywords : n_keywords,
		                    m ? N(m_keywords) : N(n_keywords)))
			return 1;
		*opt += 2;
		return 0;
	}
	if (!strcmp(a, "-q")) {
		(*opt)++;
		if (!argv[*opt] || !apply_keywords(o, argv[*opt], q_keywords, N(q_keywords)))
			select_act(o, A_QUEUE);
		else
			(*opt)++;
		return 0;
	}
	if (use_word(o, a) || sar_who_word(o, a)) {
		(*opt)++;
		return 0;
	}
	if (!parse_flags(&c, argv, opt))
		return 1;
	(*opt)++;
	*option_a = *option_a || c.option_a;
	return 0;
}
