/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * common/history.c on hand-made archives (the project's writer, one QUEUE
 * activity, records at chosen times and uptimes): what the stitched stream
 * keeps and drops, where each file's part starts, a new report for another
 * activity list, a truncated file in the middle, gzip files through the
 * spill file and through memory, the cap, the dated -s/-e forms and the
 * daily files of a window.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#include <sys/stat.h>

#include "common/archive.h"
#include "common/history.h"
#include "common/source.h"

static char dir[64];
/* The one activity of the files made next. */
static uint32_t act_id = A_QUEUE;

/* A record of a made file: type 'S' (stats), 'R' (restart) or 'C' (comment), time, uptime in s. */
struct mrec {
	char type;
	uint64_t t, up;
};

/* Writes DIR/name: cpus CPUs, header time recs[0].t, then recs, less cut bytes at the end. */
static void
make_file(const char *name, uint32_t cpus, const struct mrec *recs, size_t n, size_t cut)
{
	static const unsigned char zero[4096];
	const struct activity_desc *d = activity_by_id(act_id);
	struct archive_recbuf b = {0};
	struct sa_file_activity fa;
	struct archive_ident id = {.ust_time = recs[0].t,
	                           .year = 126,
	                           .month = 9,
	                           .day = 24,
	                           .cpu_nr = cpus + 1,
	                           .hz = 100,
	                           .sysname = "Linux",
	                           .nodename = "h",
	                           .release = "6.1",
	                           .machine = "x86_64",
	                           .tzname = "UTC"};
	char path[256];
	FILE *f;
	size_t i;

	memset(&fa, 0, sizeof(fa));
	fa.id = d->id;
	fa.magic = d->magic;
	fa.nr = 1;
	fa.nr2 = 1;
	fa.size = (int32_t) d->size;
	memcpy(fa.types_nr, d->types_nr, sizeof(fa.types_nr));
	archive_put_file_start(&b, &id, &fa, 1);
	for (i = 0; i < n; i++) {
		const struct mrec *m = &recs[i];
		uint8_t type = m->type == 'S'   ? SA_R_STATS
		               : m->type == 'R' ? SA_R_RESTART
		                                : SA_R_COMMENT;

		archive_put_record_header(&b, type, m->type == 'S' ? m->up * 100 : 0, m->t, 0, 0,
		                          0);
		if (m->type == 'S')
			archive_recbuf_put(&b, zero, d->size);
		else if (m->type == 'R')
			archive_put_nr(&b, (int32_t) cpus + 1);
		else
			archive_put_comment(&b, "hello");
	}
	ck_assert_int_eq(b.err, 0);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(b.data, 1, b.len - cut, f), b.len - cut);
	fclose(f);
	archive_recbuf_release(&b);
}

/* Writes DIR/name.gz, name gzip-compressed. */
static void
gzip_file(const char *name)
{
	char path[256], gz[256], buf[4096];
	FILE *in;
	gzFile out;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(gz, sizeof(gz), "%s/%s.gz", dir, name);
	in = fopen(path, "rb");
	out = gzopen(gz, "wb");
	ck_assert_ptr_nonnull(in);
	ck_assert_ptr_nonnull(out);
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		ck_assert_int_eq(gzwrite(out, buf, (unsigned) n), (int) n);
	fclose(in);
	ck_assert_int_eq(gzclose(out), Z_OK);
}

/* The records of report k as "S<t> R<t> C<t> " (time less base), with the reader's own check. */
static void
walk(const struct history *h, size_t k, uint64_t base, char *out, size_t len)
{
	const struct history_report *r = &h->reports[k];
	struct archive_reader rd;
	struct archive_record rec;
	struct source *src;
	size_t used = 0;

	memset(&rd, 0, sizeof(rd));
	out[0] = '\0';
	ck_assert_int_eq(history_report_open(r, &src), 0);
	ck_assert_int_eq(archive_open(&rd, src, true), 0);
	ck_assert_int_eq(archive_read_header(&rd, false), 0);
	while (archive_next(&rd, &rec) > 0) {
		char c = rec.hdr.record_type == SA_R_STATS     ? 'S'
		         : rec.hdr.record_type == SA_R_RESTART ? 'R'
		                                               : 'C';

		used += (size_t) snprintf(out + used, len - used, "%c%llu ", c,
		                          (unsigned long long) (rec.hdr.ust_time - base));
	}
	archive_reader_release(&rd);
}

static int
load(struct history *h, const char *a, const char *b, const char *c)
{
	char pa[256], pb[256], pc[256];
	const char *files[3] = {pa, pb, pc};

	snprintf(pa, sizeof(pa), "%s/%s", dir, a);
	snprintf(pb, sizeof(pb), "%s/%s", dir, b);
	snprintf(pc, sizeof(pc), "%s/%s", dir, c ? c : "");
	return history_load(h, files, c ? 3 : 2, "t");
}

#define T0   1790000000ull
#define BOOT (T0 - 100000)
#define S(t)                                                                                       \
	{                                                                                          \
		'S', T0 + (t), T0 + (t) -BOOT                                                      \
	}

START_TEST(same_boot)
{
	/* The second file repeats the last sample and starts with a restart of the same boot. */
	struct mrec a[] = {S(0), S(600), {'C', T0 + 700, 0}, S(1200)};
	struct mrec b[] = {{'R', T0 + 1200, 0}, S(1200), S(1800), S(2400)};
	struct history h;
	char got[512];

	make_file("a", 2, a, 4, 0);
	make_file("b", 2, b, 4, 0);
	memset(&h, 0, sizeof(h));
	/* Given in the wrong order: read by header time. */
	ck_assert_int_eq(load(&h, "b", "a", NULL), 0);
	ck_assert_uint_eq(h.n_reports, 1);
	walk(&h, 0, T0, got, sizeof(got));
	ck_assert_str_eq(got, "S0 S600 C700 S1200 S1800 S2400 ");
	ck_assert_uint_eq(h.reports[0].n_parts, 2);
	ck_assert_ptr_nonnull(strstr(h.reports[0].parts[0].file, "/a"));
	ck_assert_uint_eq(h.reports[0].parts[1].hdr.sa_ust_time, T0 + 1200);
	/* The 1800 record is the first of part 1; its header starts at the part's offset. */
	ck_assert_uint_eq(history_part_at(&h.reports[0], h.reports[0].parts[1].offset), 1);
	ck_assert_uint_eq(history_part_at(&h.reports[0], h.reports[0].parts[1].offset - 1), 0);
	ck_assert_ptr_null(h.notes.buf);
	history_release(&h);
}
END_TEST

START_TEST(reboot)
{
	/* A reboot between the files: its own restart stays; without one, one is added. */
	struct mrec a[] = {S(0), S(600)};
	struct mrec b[] = {{'R', T0 + 900, 0}, {'S', T0 + 1000, 100}, {'S', T0 + 1600, 700}};
	struct mrec c[] = {{'S', T0 + 2000, 5}, {'S', T0 + 2600, 605}};
	struct history h;
	char got[512];

	make_file("a", 2, a, 2, 0);
	make_file("b", 2, b, 3, 0);
	make_file("c", 2, c, 2, 0);
	memset(&h, 0, sizeof(h));
	ck_assert_int_eq(load(&h, "a", "b", "c"), 0);
	walk(&h, 0, T0, got, sizeof(got));
	ck_assert_str_eq(got, "S0 S600 R900 S1000 S1600 R2000 S2000 S2600 ");
	history_release(&h);
}
END_TEST

START_TEST(other_list)
{
	/* Another activity list: a new report. */
	struct mrec a[] = {S(0), S(600)};
	struct mrec b[] = {S(1200), S(1800)};
	struct history h;
	char got[512];

	make_file("a", 2, a, 2, 0);
	act_id = A_PCSW;
	make_file("b", 4, b, 2, 0);
	act_id = A_QUEUE;
	memset(&h, 0, sizeof(h));
	ck_assert_int_eq(load(&h, "a", "b", NULL), 0);
	ck_assert_uint_eq(h.n_reports, 2);
	walk(&h, 1, T0, got, sizeof(got));
	ck_assert_str_eq(got, "S1200 S1800 ");
	ck_assert_uint_eq(h.reports[1].parts[0].hdr.sa_cpu_nr, 5);
	history_release(&h);
}
END_TEST

START_TEST(truncated_middle)
{
	/* The first file ends inside its last record: kept up to there, said in notes. */
	struct mrec a[] = {S(0), S(600), S(1200)};
	struct mrec b[] = {S(1800), S(2400)};
	struct history h;
	char got[512];

	make_file("a", 2, a, 3, 5);
	make_file("b", 2, b, 2, 0);
	memset(&h, 0, sizeof(h));
	ck_assert_int_eq(load(&h, "a", "b", NULL), 0);
	walk(&h, 0, T0, got, sizeof(got));
	ck_assert_str_eq(got, "S0 S600 S1800 S2400 ");
	ck_assert_ptr_nonnull(strstr(h.notes.buf, "records after offset"));
	ck_assert_ptr_nonnull(strstr(h.notes.buf, "unexpected end of file"));
	history_release(&h);
}
END_TEST

START_TEST(compressed)
{
	/* gzip files read as the plain ones, through the spill file and through memory. */
	struct mrec a[] = {S(0), S(600), {'C', T0 + 700, 0}, S(1200)};
	struct mrec b[] = {{'S', T0 + 2000, 5}, {'S', T0 + 2600, 605}};
	const char *want = "S0 S600 C700 S1200 R2000 S2000 S2600 ";
	char got[512], none[128];
	struct history h;

	make_file("a", 2, a, 4, 0);
	make_file("b", 2, b, 2, 0);
	gzip_file("a");
	gzip_file("b");
	memset(&h, 0, sizeof(h));
	ck_assert_int_eq(load(&h, "a", "b", NULL), 0);
	walk(&h, 0, T0, got, sizeof(got));
	ck_assert_str_eq(got, want);
	ck_assert_int_eq(h.spill_state, HISTORY_SPILL_NONE);
	history_release(&h);
	memset(&h, 0, sizeof(h));
	ck_assert_int_eq(load(&h, "a.gz", "b.gz", NULL), 0);
	ck_assert_int_eq(h.spill_state, HISTORY_SPILL_OPEN);
	walk(&h, 0, T0, got, sizeof(got));
	ck_assert_str_eq(got, want);
	history_release(&h);
	/* No spill file: memory. */
	snprintf(none, sizeof(none), "%s/none", dir);
	setenv("TMPDIR", none, 1);
	memset(&h, 0, sizeof(h));
	ck_assert_int_eq(load(&h, "a", "b.gz", NULL), 0);
	ck_assert_int_eq(h.spill_state, HISTORY_SPILL_FAILED);
	ck_assert_ptr_nonnull(h.reports[0].parts[1].mem);
	walk(&h, 0, T0, got, sizeof(got));
	ck_assert_str_eq(got, want);
	history_release(&h);
	unsetenv("TMPDIR");
}
END_TEST

START_TEST(cap_and_errors)
{
	struct mrec a[] = {S(0), S(600)};
	struct history h;
	char msg[512], none[128];

	make_file("a", 2, a, 2, 0);
	make_file("b", 2, a, 2, 0);
	gzip_file("b");
	/* The cap counts the bytes held in memory only: none for plain files or a spill file. */
	memset(&h, 0, sizeof(h));
	h.cap = 100;
	ck_assert_int_eq(load(&h, "a", "b.gz", NULL), 0);
	history_release(&h);
	snprintf(none, sizeof(none), "%s/none", dir);
	setenv("TMPDIR", none, 1);
	memset(&h, 0, sizeof(h));
	h.cap = 100;
	ck_assert_int_eq(load(&h, "a", "b.gz", NULL), -EFBIG);
	unsetenv("TMPDIR");
	ck_assert_int_eq(history_error_message(&h, -EFBIG, "sar", msg, sizeof(msg)), 2);
	ck_assert_ptr_nonnull(strstr(msg, "more than 0 MiB of data to keep in memory"));
	ck_assert_ptr_nonnull(strstr(msg, "/none': No such file or directory"));
	ck_assert_ptr_nonnull(strstr(msg, "b.gz')"));
	history_release(&h);
	memset(&h, 0, sizeof(h));
	ck_assert_int_eq(load(&h, "a", "nothere", NULL), -ENOENT);
	ck_assert_ptr_nonnull(strstr(h.err_file, "nothere"));
	ck_assert_int_eq(history_error_message(&h, -ENOENT, "sar", msg, sizeof(msg)), 2);
	history_release(&h);
}
END_TEST

START_TEST(another_file)
{
	struct mrec a[] = {S(0)};
	struct strbuf others = STRBUF_INIT;
	char pa[256], pb[256], pc[256], pn[256];

	make_file("a", 2, a, 1, 0);
	make_file("b", 2, a, 1, 0);
	make_file("c", 2, a, 1, 0);
	snprintf(pa, sizeof(pa), "%s/a", dir);
	snprintf(pb, sizeof(pb), "%s/b", dir);
	snprintf(pc, sizeof(pc), "%s/c", dir);
	snprintf(pn, sizeof(pn), "%s/none", dir);
	ck_assert(history_another_file(pa, &others, 0, pb));
	/* The same file twice, a word that is no file, a directory: sysstat's usage error. */
	ck_assert(!history_another_file(pa, &others, 0, pa));
	ck_assert(!history_another_file(pa, &others, 0, pn));
	ck_assert(!history_another_file(pn, &others, 0, pa));
	ck_assert(!history_another_file(pa, &others, 0, dir));
	ck_assert(!history_another_file(dir, &others, 0, pa));
	strbuf_adds(&others, pa);
	strbuf_addch(&others, '\0');
	strbuf_adds(&others, pb);
	strbuf_addch(&others, '\0');
	ck_assert(!history_another_file(pa, &others, 2, pb));
	ck_assert(history_another_file(pa, &others, 2, pc));
	strbuf_release(&others);
}
END_TEST

START_TEST(parse_time)
{
	int64_t t = 0;

	setenv("TZ", "Europe/Paris", 1);
	tzset();
	ck_assert_int_eq(history_parse_time("2026-10-24 23:10", &t), 1);
	ck_assert_int_eq(t, 1792876200); /* 21:10 UTC, summer time */
	ck_assert_int_eq(history_parse_time("2026-10-25T03:00:30", &t), 1);
	ck_assert_int_eq(t, 1792893630); /* 02:00:30 UTC, winter time */
	ck_assert_int_eq(history_parse_time("@1792876200", &t), 1);
	ck_assert_int_eq(t, 1792876200);
	ck_assert_int_eq(history_parse_time("23:10", &t), 0);
	ck_assert_int_eq(history_parse_time("1792876200", &t), 0);
	ck_assert_int_eq(history_parse_time(NULL, &t), 0);
	ck_assert_int_eq(history_parse_time("2026-02-30 10:00", &t), -EINVAL);
	ck_assert_int_eq(history_parse_time("2026-10-24 24:00", &t), -EINVAL);
	ck_assert_int_eq(history_parse_time("2026-10-24x23:10", &t), 0);
	ck_assert_int_eq(history_parse_time("2026-1a-24 23:10", &t), -EINVAL);
	ck_assert_int_eq(history_parse_time("@", &t), -EINVAL);
	ck_assert_int_eq(history_parse_time("@0", &t), -EINVAL);
	ck_assert_int_eq(history_parse_time("@12x", &t), -EINVAL);
	/* 03:00 after a start at 23:10 is the next day's; 23:10 before an end at 03:00 the day
	 * before. */
	ck_assert_int_eq(history_time_after(1792876200, 3, 0, 0), 1792893600);
	ck_assert_int_eq(history_time_before(1792893600, 23, 10, 0), 1792876200);
	ck_assert_int_eq(history_time_after(1792876200, 23, 10, 0), 1792876200);
}
END_TEST

START_TEST(daily_files)
{
	struct strbuf files = STRBUF_INIT, notes = STRBUF_INIT;
	struct mrec a[] = {S(0)};
	char sub[128];

	setenv("TZ", "Europe/Paris", 1);
	tzset();
	make_file("sa24", 2, a, 1, 0);
	make_file("sa20261026.gz", 2, a, 1, 0);
	snprintf(sub, sizeof(sub), "%s", dir);
	/* 2026-10-24 23:10 to 2026-10-26 01:00 (the 25th has 25 hours). */
	ck_assert_int_eq(history_daily_files(sub, 1792876200, 1792972800, "sar", &files, &notes),
	                 2);
	ck_assert_ptr_nonnull(strstr(files.buf, "/sa24"));
	ck_assert_ptr_nonnull(strstr(files.buf + strlen(files.buf) + 1, "/sa20261026.gz"));
	ck_assert_ptr_nonnull(strstr(notes.buf, "sar: no data file for 2026-10-25 in '"));
	ck_assert_ptr_null(strstr(notes.buf, "2026-10-26"));
	strbuf_release(&files);
	strbuf_release(&notes);
}
END_TEST

static void
setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/test_history.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void
teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

int
main(void)
{
	Suite *s = suite_create("history");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, same_boot);
	tcase_add_test(tc, reboot);
	tcase_add_test(tc, other_list);
	tcase_add_test(tc, truncated_middle);
	tcase_add_test(tc, compressed);
	tcase_add_test(tc, cap_and_errors);
	tcase_add_test(tc, another_file);
	tcase_add_test(tc, parse_time);
	tcase_add_test(tc, daily_files);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
