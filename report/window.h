/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_REPORT_WINDOW_H
#define SYSREC_REPORT_WINDOW_H

/*
 * The command line's step into a window across days (common/history.h),
 * which sar and sadf share. Unlike common/, it prints and exits.
 */

#include <stddef.h>
#include <stdint.h>

#include "common/history.h"
#include "common/strbuf.h"

/*
 * Several files (n NUL-separated names in files, n >= 2), or a dated window
 * over the daily files of dir (n < 2), from the day of start (0: of end) to
 * the day of end (0, or later than now: now). A missing day is one line on
 * stderr. With fewer than two files found, one gets the name to read alone
 * (the one found, or the start day's daily file, missing) and the count is
 * returned. Otherwise the files are loaded into h (zeroed but for conv_hz; the
 * cap is history_default_cap(), old formats are converted) and their count
 * is returned; a failure prints history_error_message() and exits with its
 * status (a day that cannot be listed: 1).
 */
int window_open(struct history *h, const struct strbuf *files, size_t n, const char *dir,
                int64_t start, int64_t end, const char *prog, char *one, size_t one_len);

#endif
