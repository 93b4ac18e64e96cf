/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_HTTP_H
#define SYSREC_HTTP_H

/*
 * The HTTP/1.x of the live endpoint (sysstat-metrics): one request read
 * from untrusted bytes, one response, then the connection is closed.
 *
 * The parser is pure (a byte buffer in, a verdict out: no I/O, no
 * allocation) and bounded: it looks at no more than HTTP_REQUEST_MAX bytes,
 * and answers on any byte sequence. It accepts only what the endpoint
 * serves: GET or HEAD of /metrics (a query string is ignored), HTTP/1.0 or
 * HTTP/1.1, and chooses the exposition format from the Accept header.
 */

#include <stdbool.h>
#include <stddef.h>

#include "common/strbuf.h"

/* The most bytes of a request (request line and headers) that are read. */
#define HTTP_REQUEST_MAX 8192

/* The parser's verdicts: HTTP_INCOMPLETE, HTTP_OK, or the status to answer with. */
enum http_status {
	HTTP_INCOMPLETE = 0,
	HTTP_OK = 200,
	HTTP_BAD_REQUEST = 400,
	HTTP_NOT_FOUND = 404,
	HTTP_METHOD_NOT_ALLOWED = 405, /* answered with "Allow: GET, HEAD" */
	HTTP_REQUEST_TIMEOUT = 408,
	HTTP_URI_TOO_LONG = 414,
	HTTP_HEADERS_TOO_LARGE = 431,
	HTTP_INTERNAL_ERROR = 500,
	HTTP_VERSION_NOT_SUPPORTED = 505,
};

struct http_request {
	bool head;        /* HEAD: the response has no body */
	bool openmetrics; /* OpenMetrics 1.0.0 rather than the text format 0.0.4 */
};

/*
 * Parses the request in the first len bytes of buf (at most
 * HTTP_REQUEST_MAX are looked at). Returns HTTP_INCOMPLETE while more bytes
 * may make it a request (the caller reads more and calls again with the
 * whole buffer), HTTP_OK with *ret set, or an error status (4xx, 505) as
 * soon as the bytes so far cannot begin a request the endpoint serves:
 * binary input is refused at its first byte that cannot be part of a
 * request line, not when the buffer is full.
 *
 * The format: OpenMetrics when the Accept header gives
 * application/openmetrics-text (with version=1.0.0 or no version) a
 * q-value above zero and at least as high as any text/plain (version 0.0.4
 * or none), text/ or wildcard range; the text format 0.0.4 otherwise, also
 * without an Accept header or when nothing in it is known (no 406).
 */
int http_parse_request(const char *buf, size_t len, struct http_request *ret);

/* The reason phrase of status ("Not Found"), or "Error" for one not listed. */
const char *http_reason(int status);

/*
 * Appends the status line and headers of a response (ending with the blank
 * line): Content-Type and Content-Length (of a body of body_len bytes, sent
 * or not), Connection: close, and Allow for 405.
 */
void http_put_head(struct strbuf *out, int status, const char *content_type, size_t body_len);

#endif
