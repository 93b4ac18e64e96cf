/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * strbuf_add_json_string() must keep the bytes of the two escapers it
 * replaced (sar --use's JSON and sadf's --proc/--cgroup JSON): every byte
 * value, alone and between plain text, against a reference written as
 * they were, with and without STRBUF_JSON_ASCII.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "common/strbuf.h"

/* The escapers as they were: bytes past ASCII escaped only with ascii. */
static void
reference(char *out, size_t cap, const unsigned char *s, size_t len, int ascii)
{
	size_t n = 0, i;

	n += (size_t) snprintf(out + n, cap - n, "\"");
	for (i = 0; i < len; i++) {
		if (s[i] == '"' || s[i] == '\\')
			n += (size_t) snprintf(out + n, cap - n, "\\%c", s[i]);
		else if (s[i] < 0x20 || s[i] == 0x7f || (ascii && s[i] >= 0x80))
			n += (size_t) snprintf(out + n, cap - n, "\\u%04x", s[i]);
		else
			n += (size_t) snprintf(out + n, cap - n, "%c", s[i]);
	}
	snprintf(out + n, cap - n, "\"");
}

static void
expect_same(const unsigned char *s, size_t len, unsigned flags)
{
	struct strbuf sb = STRBUF_INIT;
	char want[256];

	reference(want, sizeof(want), s, len, flags & STRBUF_JSON_ASCII);
	strbuf_add_json_string(&sb, (const char *) s, len, flags);
	ck_assert_int_eq(sb.err, 0);
	ck_assert_uint_eq(sb.len, strlen(want));
	ck_assert_mem_eq(sb.buf, want, sb.len);
	strbuf_release(&sb);
}

START_TEST(test_every_byte)
{
	unsigned flags;
	int ch;

	for (flags = 0; flags <= STRBUF_JSON_ASCII; flags += STRBUF_JSON_ASCII)
		for (ch = 0; ch < 256; ch++) {
			unsigned char s[] = {'a', '/', (unsigned char) ch, 'z', (unsigned char) ch};

			expect_same(s + 2, 1, flags);
			expect_same(s, sizeof(s), flags);
		}
}
END_TEST

START_TEST(test_hand_picked)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "x=");
	strbuf_add_json_string(&sb, "s\"m\\a\x01\x7f\xc3\xa9/ll", 12, 0);
	ck_assert_str_eq(sb.buf, "x=\"s\\\"m\\\\a\\u0001\\u007f\xc3\xa9/ll\"");
	strbuf_reset(&sb);
	strbuf_add_json_string(&sb, "s\"m\\a\x01\x7f\xc3\xa9/ll", 12, STRBUF_JSON_ASCII);
	ck_assert_str_eq(sb.buf, "\"s\\\"m\\\\a\\u0001\\u007f\\u00c3\\u00a9/ll\"");
	/* len, not the NUL, ends the string: a length limit cuts it. */
	strbuf_reset(&sb);
	strbuf_add_json_string(&sb, "abcdef", 3, 0);
	ck_assert_str_eq(sb.buf, "\"abc\"");
	strbuf_reset(&sb);
	strbuf_add_json_string(&sb, "", 0, STRBUF_JSON_ASCII);
	ck_assert_str_eq(sb.buf, "\"\"");
	strbuf_release(&sb);
}
END_TEST

/* The published FNV-1a 64-bit test vectors (the FNV reference's test suite). */
START_TEST(test_str_hash)
{
	ck_assert_uint_eq(str_hash(""), 0xcbf29ce484222325ull);
	ck_assert_uint_eq(str_hash("a"), 0xaf63dc4c8601ec8cull);
	ck_assert_uint_eq(str_hash("foobar"), 0x85944171f73967e8ull);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("strbuf");
	TCase *tc = tcase_create("json");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_every_byte);
	tcase_add_test(tc, test_hand_picked);
	tcase_add_test(tc, test_str_hash);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
