/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_DATAFILE_H
#define SYSREC_DATAFILE_H

/*
 * Naming of the daily data files (saDD, or saYYYYMMDD when HISTORY > 28),
 * and the messages sar and sadf print when a data file cannot be read.
 * Nothing here prints: messages are formatted into caller buffers.
 */

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "layout.h"

/*
 * Builds DIR/saDD or DIR/saYYYYMMDD for the calendar day of *day. When both
 * exist, the more recently modified one wins (as sysstat guesses); when
 * neither exists, saDD. A name whose plain file is missing gets the suffix
 * of its compressed copy, the first that exists of ".gz", ".xz", ".bz2" and
 * ".zst" (the reader decompresses it, by its magic); each of saDD and
 * saYYYYMMDD is completed so before the two are compared. Returns 0, or
 * -ENAMETOOLONG when len is too small.
 */
int datafile_daily_name(char *buf, size_t len, const char *dir, const struct tm *day);

/*
 * The same without the compressed copies: the plain saDD or saYYYYMMDD
 * that sadc writes to (the file --follow follows).
 */
int datafile_daily_plain_name(char *buf, size_t len, const char *dir, const struct tm *day);

/* True when path names a directory (then the daily file inside it is meant). */
bool datafile_is_dir(const char *path);

/*
 * Formats into buf the message sysstat 12.6.1 prints for reader error code
 * rc on file (m: the magic block read, for ARCHIVE_E_FORMAT), and returns
 * the exit status it uses. Returns 0 with an empty buffer for codes that
 * sysstat reports silently (ARCHIVE_E_BAD_RECORD).
 */
int datafile_error_message(int rc, const char *file, const struct sa_file_magic *m, char *buf,
                           size_t len);

/*
 * As datafile_error_message(), for a file whose compressed data was found
 * damaged (damage: source_damage() of its source, NULL when sound): then
 * "Cannot read FILE: corrupt xz data: ...", or "...: truncated xz data:
 * ..." instead of sysstat's message (which would blame the format), and
 * exit status 2. rc == ARCHIVE_E_BAD_RECORD still prints nothing only when
 * damage is NULL; -ENOMEM keeps its own message.
 */
int datafile_read_message(int rc, const char *file, const struct sa_file_magic *m, const char *damage,
                          char *buf, size_t len);

/*
 * The message for a data file that cannot be opened (errno err), and the
 * exit status (2). default_file adds sysstat's hint that collection may be
 * off when the default daily file does not exist.
 */
int datafile_open_message(int err, const char *file, bool default_file, char *buf, size_t len);

/*
 * datafile_open_message() written to stderr; returns the exit status. Its
 * buffer is its own, so that the frames of a report's path do not carry one.
 */
int datafile_open_failed(int err, const char *file, bool default_file);

/* "File created by sar/sadc from sysstat version X.Y.Z[.E]\n" into buf. */
void datafile_version_line(const struct sa_file_magic *m, char *buf, size_t len);

#endif
