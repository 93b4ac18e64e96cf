/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SAR_OPTIONS_H
#define SYSREC_SAR_OPTIONS_H

#include <stdbool.h>

#include "engine.h"

#define SAR_PATH_LEN 4096

/* The command line as parsed, before the mode (file or live) is decided. */
struct sar_cmdline {
	struct sar_opts *o;
	char *from_file;              /* -f FILE: SAR_PATH_LEN bytes (sar_cmdline_init) */
	bool f_given;                 /* -f, with or without a name */
	struct strbuf files;          /* every -f FILE when there are several, NUL-separated */
	size_t n_files;
	char *to_file;                /* -o [FILE] ("-" for the default): SAR_PATH_LEN bytes */
	int day_offset;               /* -N */
	bool long_names;              /* -D */
	bool interval_set;            /* -i */
	bool option_a;                /* -A */
	bool which_sadc;              /* --sadc */
	long interval;                /* -1 when not given */
	long count;                   /* 0 when not given */
	bool sadf;                    /* parsing sadf's "-- sar options" */
	bool follow;                  /* --follow: the records as they are appended (follow.h) */
};

/*
 * c emptied, with o and the files' room: static, not in the caller's frame,
 * where zeroing their 8 kB was two of a run's stack pages. One command line
 * at a time.
 */
void sar_cmdline_init(struct sar_cmdline *c, struct sar_opts *o);

/* Parses argv; exits with sar's usage message (status 1) on a usage error. */
void sar_parse_cmdline(struct sar_cmdline *c, int argc, char **argv);

/* The program name as invoked, for usage messages (set by main). */
extern const char *progname;

/* -P's argument: ALL, or CPU numbers, ranges (2-5, 10-) and "all"; false when invalid. */
bool sar_parse_cpu_list(struct sar_opts *o, const char *arg);
/* --dev=, --fs=, --iface=, --int= lists: the names kept NUL-separated in sb. */
void sar_add_list(struct strbuf *sb, const char *arg);
/*
 * Whether a --dev=, --fs= or --iface= list lets name through. sysstat drops
 * the list's names of max_len characters or more (its buffer for them), and
 * a list left empty selects everything.
 */
bool sar_list_accepts(const struct strbuf *l, const char *name, size_t max_len);
/* sysstat keeps --dev= and --fs= names shorter than this (MAX_DEV_LEN, MAX_FS_LEN). */
#define SAR_LIST_NAME_MAX 128
/* Whether the command line selected any activity output. */
bool sar_any_output(const struct sar_opts *o);
/* After parsing: CPU by default, -A's CPU bitmap, an end time past midnight. */
void sar_finish_selection(struct sar_opts *o, bool option_a);
/*
 * A window with one dated limit and one hh:mm:ss limit: the hh:mm:ss one as
 * the time of day nearest to the dated one inside the window (history.h).
 */
void sar_complete_window(struct sar_opts *o);
/*
 * 12.7.5's -s / -e argument (argv[*opt] is the option): a word not starting
 * with '-' that is hh:mm, hh:mm:ss (colons where they belong, two digits
 * each) or ten digits (seconds since the epoch, not 0: *ret_epoch), else
 * def ("hh:mm:ss"). Advances *opt past what it took; false means a usage
 * error. *ret_epoch is 0 when the time is hh:mm:ss (in *h, *m, *sec).
 */
bool sar_parse_time_1275(char **argv, int *opt, const char *def, int *h, int *m, int *sec,
                         int64_t *ret_epoch);
/* 12.7.5: false when -s and -e are both seconds since the epoch and -e comes first (usage). */
bool sar_time_limits_ok(const struct sar_opts *o);
/*
 * sadf: one word of the sar options after "--" (argv[*opt]: -m/-n/-q with
 * their keywords, or grouped letters; -t is not one). Advances *opt past it
 * and returns 0, or returns 1 for a usage error. option_a is set by -A.
 */
int sar_parse_sadf_word(struct sar_opts *o, char **argv, int *opt, bool *option_a);

_Noreturn void sar_usage(void);
_Noreturn void sar_usage_status(int status);
_Noreturn void sar_version(void);

#endif
