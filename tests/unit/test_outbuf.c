/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * outbuf (common/outbuf.h): what goes through the buffer and what goes to
 * the stream directly after outbuf_sync() come out in the order written,
 * whatever the sizes (bigger than the buffer, exactly its size, one byte
 * at a time), with a buffer and without; outbuf_set_fp() leaves each
 * stream its own bytes; outbuf_reserve() writes in place. On a file, room
 * is made by writing whole blocks at offsets that are multiples of the
 * block, whatever the file held before.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/outbuf.h"
#include "common/strbuf.h"

/* A pseudo-random mix of every write kind into o and, as plain bytes, into want. */
static void
mixed_writes(struct outbuf *o, struct strbuf *want, unsigned seed, int n)
{
	static const char text[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	char big[300];
	int i;

	memset(big, 'B', sizeof(big));
	for (i = 0; i < n; i++) {
		unsigned r = (seed = seed * 1103515245u + 12345u) >> 16;
		size_t len = r % sizeof(text);
		char *p;

		switch (r % 6) {
		case 0:
			outbuf_put(o, text, len);
			strbuf_add(want, text, len);
			break;
		case 1:
			outbuf_putc(o, text[len]);
			strbuf_addch(want, text[len]);
			break;
		case 2:
			outbuf_printf(o, "<%u:%s>", r, "x");
			strbuf_addf(want, "<%u:%s>", r, "x");
			break;
		case 3: /* bigger than the buffer */
			outbuf_put(o, big, sizeof(big) - len);
			strbuf_add(want, big, sizeof(big) - len);
			break;
		case 4:
			fputs("direct", outbuf_sync(o));
			strbuf_adds(want, "direct");
			break;
		default:
			p = outbuf_reserve(o, 8);
			if (p) {
				memcpy(p, "reserved", 8);
				outbuf_commit(o, 8);
			} else {
				outbuf_put(o, "reserved", 8);
			}
			strbuf_adds(want, "reserved");
			break;
		}
	}
}

static void
check_order(size_t cap, unsigned seed)
{
	struct strbuf want = STRBUF_INIT;
	struct outbuf o;
	char *got = NULL;
	size_t got_len = 0;
	FILE *fp = open_memstream(&got, &got_len);

	ck_assert_ptr_nonnull(fp);
	outbuf_init(&o, fp, cap);
	mixed_writes(&o, &want, seed, 2000);
	outbuf_release(&o);
	fclose(fp);
	ck_assert_uint_eq(got_len, want.len);
	ck_assert_msg(!memcmp(got, want.buf, want.len), "cap %zu seed %u: bytes differ", cap, seed);
	free(got);
	strbuf_release(&want);
}

/* check(cap, seed) for each of the n caps and five seeds. */
static void
each_cap(const size_t *caps, size_t n, void (*check)(size_t cap, unsigned seed))
{
	size_t k;
	unsigned seed;

	for (k = 0; k < n; k++)
		for (seed = 1; seed < 6; seed++)
			check(caps[k], seed);
}

START_TEST(test_order)
{
	static const size_t caps[] = {0, 1, 7, 8, 64, 299, 300, 4096, 1 << 16};

	each_cap(caps, sizeof(caps) / sizeof(caps[0]), check_order);
}
END_TEST

/* check_order() on a file: the writes go to its descriptor, stdio's bytes in between. */
static void
check_order_file(size_t cap, unsigned seed)
{
	struct strbuf want = STRBUF_INIT;
	struct outbuf o;
	FILE *fp = tmpfile();
	char *got;
	long len;

	ck_assert_ptr_nonnull(fp);
	outbuf_init(&o, fp, cap);
	mixed_writes(&o, &want, seed, 5000);
	outbuf_release(&o);
	fflush(fp);
	len = ftell(fp);
	ck_assert_int_eq(len, (long) want.len);
	got = malloc((size_t) len);
	rewind(fp);
	ck_assert_uint_eq(fread(got, 1, (size_t) len, fp), (size_t) len);
	ck_assert_msg(!memcmp(got, want.buf, want.len), "cap %zu seed %u: bytes differ", cap, seed);
	free(got);
	fclose(fp);
	strbuf_release(&want);
}

START_TEST(test_order_file)
{
	static const size_t caps[] = {300, 8192, 9000, 1 << 15};

	each_cap(caps, sizeof(caps) / sizeof(caps[0]), check_order_file);
}
END_TEST

/*
 * After a start at an odd offset (stdio's bytes, then a first write of
 * what was gathered), room is made by whole blocks: the file ends on a
 * multiple of the block until the release writes the rest.
 */
START_TEST(test_blocks)
{
	static const size_t puts[] = {1, 7, 100, 333, 4000, 9000};
	char chunk[9000];
	struct outbuf o;
	FILE *fp = tmpfile();
	size_t k, total = 5;
	off_t at;

	ck_assert_ptr_nonnull(fp);
	memset(chunk, 'c', sizeof(chunk));
	fputs("head\n", fp);
	outbuf_init(&o, fp, 1 << 15);
	ck_assert_uint_eq(o.block, 1 << 14);
	for (k = 0; k < 300; k++) {
		size_t n = puts[k % (sizeof(puts) / sizeof(puts[0]))];

		outbuf_put(&o, chunk, n);
		total += n;
	}
	at = lseek(fileno(fp), 0, SEEK_CUR);
	ck_assert_int_gt(at, 1 << 15);
	ck_assert_int_eq(at % (1 << 14), 0);
	ck_assert_uint_eq((size_t) at + o.len, total);
	outbuf_release(&o);
	fflush(fp);
	ck_assert_int_eq(ftell(fp), (long) total);
	fclose(fp);
}
END_TEST

START_TEST(test_set_fp)
{
	char *a = NULL, *b = NULL;
	size_t la = 0, lb = 0;
	FILE *fa = open_memstream(&a, &la), *fb = open_memstream(&b, &lb);
	struct outbuf o;

	outbuf_init(&o, fa, 64);
	outbuf_puts(&o, "to a, ");
	outbuf_set_fp(&o, fb);
	outbuf_puts(&o, "to b");
	outbuf_set_fp(&o, fa);
	outbuf_puts(&o, "a again");
	outbuf_release(&o);
	fclose(fa);
	fclose(fb);
	ck_assert_str_eq(a, "to a, a again");
	ck_assert_str_eq(b, "to b");
	free(a);
	free(b);
}
END_TEST

START_TEST(test_unbuffered)
{
	char *a = NULL;
	size_t la = 0;
	FILE *fa = open_memstream(&a, &la);
	struct outbuf o;

	outbuf_init(&o, fa, 0);
	ck_assert_ptr_null(outbuf_reserve(&o, 1));
	outbuf_put(&o, "", 0);
	outbuf_putc(&o, 'x');
	outbuf_puts(&o, "yz");
	fflush(fa);
	ck_assert_uint_eq(la, 3); /* nothing held back */
	outbuf_release(&o);
	fclose(fa);
	ck_assert_str_eq(a, "xyz");
	free(a);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("outbuf");
	TCase *tc = tcase_create("outbuf");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_order);
	tcase_add_test(tc, test_order_file);
	tcase_add_test(tc, test_blocks);
	tcase_add_test(tc, test_set_fp);
	tcase_add_test(tc, test_unbuffered);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
