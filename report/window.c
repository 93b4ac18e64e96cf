/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The command line's step into a window across days (window.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "window.h"
#include "common/datafile.h"
#include "common/history.h"
#include "common/sysexit.h"
#include "common/banned.h"

/* history_load()'s failure: the message of the file alone, or the cap's, and its status. */
static _Noreturn void
die_load(const struct history *h, int rc, const char *prog)
{
	char msg[8192];
	int status = history_error_message(h, rc, prog, msg, sizeof(msg));

	fflush(stdout);
	fputs(msg, stderr);
	sysrec_exit(status);
}

static void
put_notes(struct history *h)
{
	fputs(h->notes.buf ? h->notes.buf : "", stderr);
	strbuf_reset(&h->notes);
}

int
window_open(struct history *h, const struct strbuf *files, size_t n, const char *dir,
            int64_t start, int64_t end, const char *prog, char *one, size_t one_len)
{
	struct strbuf found = STRBUF_INIT;
	const char **names;
	const char *p;
	size_t i;
	int rc;

	if (n < 2) {
		int64_t now = (int64_t) time(NULL);
		time_t t;
		struct tm day;

		if (!start)
			start = end;
		/* No file is written for a day to come. */
		end = end && end < now ? end : now;
		t = (time_t) start;
		rc = history_daily_files(dir, start, end, prog, &found, &h->notes);
		if (rc < 0) {
			fprintf(stderr, "%s: cannot list the daily files of '%s': %s\n", prog, dir,
			        strerror(-rc));
			sysrec_exit(1);
		}
		put_notes(h);
		if (rc < 2) {
			if (rc == 1)
				snprintf(one, one_len, "%s", found.buf);
			else if (!localtime_r(&t, &day) ||
			         datafile_daily_name(one, one_len, dir, &day) < 0)
				snprintf(one, one_len, "%s", dir);
			strbuf_release(&found);
			return rc;
		}
		files = &found;
		n = (size_t) rc;
	}
	names = sysrec_calloc(n, sizeof(*names));
	for (i = 0, p = files->buf; i < n; i++, p += strlen(p) + 1)
		names[i] = p;
	h->cap = history_default_cap();
	h->convert_old = true;
	rc = history_load(h, names, n, prog);
	free(names);
	strbuf_release(&found);
	put_notes(h);
	if (rc < 0)
		die_load(h, rc, prog);
	return (int) n;
}
