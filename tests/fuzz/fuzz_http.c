/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the live endpoint's request parser
 * (metrics/http.c): the input is the bytes a client sends. It is parsed as
 * the server parses it, again after each read, so every prefix is a call
 * too, and the verdict must be final: once a prefix is answered (a
 * request or an error), every longer input gets the same answer. Replayed
 * over tests/fuzz/corpus/http by make check.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "metrics/http.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prefix lengths tried: all short ones, then one in 64 (the whole input always). */
static bool
tried(size_t n, size_t size)
{
	return n <= 256 || n % 64 == 0 || n == size;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *) data;
	struct http_request first = {false, false}, req;
	struct strbuf out = STRBUF_INIT;
	int verdict = HTTP_INCOMPLETE;
	size_t n, end = size < HTTP_REQUEST_MAX + 16 ? size : HTTP_REQUEST_MAX + 16;

	for (n = 0; n <= end; n++) {
		int rc;

		if (!tried(n, end))
			continue;
		memset(&req, 0, sizeof(req));
		rc = http_parse_request(buf, n, &req);
		if (verdict == HTTP_INCOMPLETE) {
			verdict = rc;
			first = req;
		} else if (rc != verdict ||
		           (rc == HTTP_OK &&
		            (req.head != first.head || req.openmetrics != first.openmetrics))) {
			abort();
		}
		if (n >= HTTP_REQUEST_MAX && rc == HTTP_INCOMPLETE)
			abort(); /* the bound: a full buffer always gets an answer */
	}
	http_put_head(&out, verdict == HTTP_INCOMPLETE ? HTTP_REQUEST_TIMEOUT : verdict,
	              "text/plain", size);
	if (!out.buf || memcmp(out.buf, "HTTP/1.1 ", 9) != 0)
		abort();
	strbuf_release(&out);
	return 0;
}
