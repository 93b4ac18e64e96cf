/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "archive.h"
#include "datafile.h"
#include "nls.h"
#include "banned.h"

bool
datafile_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* True when a is strictly newer than b (seconds, then nanoseconds). */
static bool
newer(const struct stat *a, const struct stat *b)
{
	if (a->st_mtim.tv_sec != b->st_mtim.tv_sec)
		return a->st_mtim.tv_sec > b->st_mtim.tv_sec;
	return a->st_mtim.tv_nsec > b->st_mtim.tv_nsec;
}

/*
 * Appends the suffix of a compressed copy when the plain file is missing
 * (sa2 compresses old days with $ZIP): the first of .gz, .xz, .bz2 and .zst
 * that exists; the name stays plain when none does.
 */
static void
prefer_existing(char *path, size_t len)
{
	static const char *const suffixes[] = {".gz", ".xz", ".bz2", ".zst"};
	struct stat st;
	size_t n = strlen(path), i;

	if (stat(path, &st) == 0)
		return;
	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		if (n + strlen(suffixes[i]) >= len)
			break;
		memcpy(path + n, suffixes[i], strlen(suffixes[i]) + 1);
		if (stat(path, &st) == 0)
			return;
	}
	path[n] = '\0';
}

/* datafile_daily_name(), with compressed copies taken as sa2 leaves them or not. */
static int
daily_name(char *buf, size_t len, const char *dir, const struct tm *day, bool compressed)
{
	char dd[4096], ymd[4096];
	struct stat st_dd, st_ymd;
	const char *pick = dd;
	int n1, n2;

	n1 = snprintf(dd, sizeof(dd), "%s/sa%02d", dir, day->tm_mday);
	n2 = snprintf(ymd, sizeof(ymd), "%s/sa%04d%02d%02d", dir, day->tm_year + 1900,
		      day->tm_mon + 1, day->tm_mday);
	if (n1 < 0 || n2 < 0 || (size_t) n1 >= sizeof(dd) || (size_t) n2 >= sizeof(ymd))
		return -ENAMETOOLONG;
	if (compressed) {
		prefer_existing(dd, sizeof(dd));
		prefer_existing(ymd, sizeof(ymd));
	}
	if (stat(ymd, &st_ymd) == 0 && (stat(dd, &st_dd) < 0 || newer(&st_ymd, &st_dd)))
		pick = ymd;
	if (strlen(pick) >= len)
		return -ENAMETOOLONG;
	memcpy(buf, pick, strlen(pick) + 1);
	return 0;
}

int
datafile_daily_name(char *buf, size_t len, const char *dir, const struct tm *day)
{
	return daily_name(buf, len, dir, day, true);
}

int
datafile_daily_plain_name(char *buf, size_t len, const char *dir, const struct tm *day)
{
	return daily_name(buf, len, dir, day, false);
}

/*
 * Appends to the string in buf (len bytes, NUL-terminated). The messages
 * are built a sentence at a time because the catalogs translate them one
 * sentence at a time, as sysstat prints them.
 */
static void __attribute__((format(printf, 3, 4)))
append(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strnlen(buf, len);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

void
datafile_version_line(const struct sa_file_magic *m, char *buf, size_t len)
{
	if (!len)
		return;
	buf[0] = '\0';
	append(buf, len, _("File created by sar/sadc from sysstat version %d.%d.%d"),
	       m->sysstat_version, m->sysstat_patchlevel, m->sysstat_sublevel);
	if (m->sysstat_extraversion)
		append(buf, len, ".%d", m->sysstat_extraversion);
	append(buf, len, "\n");
}

static int
format_message(const char *file, const struct sa_file_magic *m, char *buf, size_t len)
{
	char version[128];

	datafile_version_line(m, version, sizeof(version));
	append(buf, len, _("Invalid system activity file: %s\n"), file);
	append(buf, len, "%s", version);
	append(buf, len, _("Current sysstat version cannot read the format of this file (%#x)\n"),
	       m->format_magic);
	if (m->format_magic >= SA_FORMAT_MAGIC_2171) {
		append(buf, len, "%s", _("Try to convert it to current format. Enter:\n\n"));
		append(buf, len, "sadf -c %s > %s.new\n\n", file, file);
		append(buf, len, _("You should then be able to read the new file created (%s.new)\n"),
		       file);
	}
	return 3;
}

int
datafile_error_message(int rc, const char *file, const struct sa_file_magic *m, char *buf,
                       size_t len)
{
	buf[0] = '\0';
	switch (rc) {
	case ARCHIVE_E_INVALID:
		snprintf(buf, len, _("Invalid system activity file: %s\n"), file);
		return 3;
	case ARCHIVE_E_FORMAT:
		return format_message(file, m, buf, len);
	case ARCHIVE_E_TRUNCATED:
		snprintf(buf, len, "%s", _("End of system activity file unexpected\n"));
		return 2;
	case ARCHIVE_E_BAD_RECORD:
		return 0;
	case -ENOMEM:
		snprintf(buf, len, "Cannot allocate memory\n");
		return 4;
	default:
		snprintf(buf, len, _("Error while reading system activity file: %s\n"),
		         strerror(-rc));
		return 2;
	}
}

int
datafile_read_message(int rc, const char *file, const struct sa_file_magic *m, const char *damage,
                      char *buf, size_t len)
{
	if (!damage)
		return datafile_error_message(rc, file, m, buf, len);
	if (rc == -ENOMEM)
		return datafile_error_message(rc, file, m, buf, len);
	snprintf(buf, len, "Cannot read %s: %s\n", file, damage);
	return 2;
}

int
datafile_open_message(int err, const char *file, bool default_file, char *buf, size_t len)
{
	if (!len)
		return 2;
	buf[0] = '\0';
	append(buf, len, _("Cannot open %s: %s\n"), file, strerror(err));
	if (err == ENOENT && default_file)
		append(buf, len, "%s", _("Please check if data collecting is enabled\n"));
	return 2;
}

int
datafile_open_failed(int err, const char *file, bool default_file)
{
	char msg[8192];
	int status = datafile_open_message(err, file, default_file, msg, sizeof(msg));

	fputs(msg, stderr);
	return status;
}
