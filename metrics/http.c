/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The request parser of the live endpoint (RFC 9110, RFC 9112), strict
 * where a lax reading would let odd bytes through (no obs-fold, no bare
 * CR, no control characters in a field) and lenient where scrapers differ
 * (bare LF line ends, no Host header, an Accept header naming nothing we
 * know).
 */
#include <string.h>
#include <strings.h>

#include "http.h"
#include "common/banned.h"

/* A method longer than this is no method the endpoint could know. */
#define METHOD_MAX 32

static bool
is_tchar(unsigned char c)
{
	if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return true;
	return c != '\0' && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

/* Whether the n bytes at p are the ASCII string lit, ignoring case. */
static bool
eq_ci(const char *p, size_t n, const char *lit)
{
	return strlen(lit) == n && strncasecmp(p, lit, n) == 0;
}

/* ---- the request line ---- */

struct request_line {
	const char *method, *target, *version;
	size_t method_len, target_len, version_len;
	size_t end; /* offset just past its LF */
};

/*
 * Scans the request line from offset start. Returns HTTP_OK when it is
 * complete and well-formed (*rl set), HTTP_INCOMPLETE when the bytes end
 * inside it while it may still become one, or an error status.
 */
static int
scan_request_line(const char *buf, size_t len, size_t start, struct request_line *rl)
{
	static const char http[] = "HTTP/";
	size_t i = start, v;

	rl->method = buf + i;
	while (i < len && is_tchar((unsigned char) buf[i]) && i - start < METHOD_MAX)
		i++;
	rl->method_len = i - start;
	if (i == len)
		return HTTP_INCOMPLETE;
	if (buf[i] != ' ' || rl->method_len == 0)
		return HTTP_BAD_REQUEST;
	rl->target = buf + ++i;
	while (i < len && (unsigned char) buf[i] > ' ' && (unsigned char) buf[i] < 0x7f)
		i++;
	rl->target_len = (size_t) (buf + i - rl->target);
	if (i == len)
		return HTTP_INCOMPLETE;
	if (buf[i] != ' ' || rl->target_len == 0)
		return HTTP_BAD_REQUEST;
	rl->version = buf + ++i;
	/* HTTP/D.D, then CRLF or LF */
	for (v = 0; i < len; v++, i++) {
		unsigned char c = (unsigned char) buf[i];
		bool ok = v < 5    ? c == (unsigned char) http[v]
		          : v == 6 ? c == '.'
		          : v < 8  ? c >= '0' && c <= '9'
		          : v == 8 ? c == '\r' || c == '\n'
		                   : c == '\n' && buf[i - 1] == '\r';

		if (!ok)
			return HTTP_BAD_REQUEST;
		if (c == '\n') {
			rl->version_len = 8;
			rl->end = i + 1;
			return HTTP_OK;
		}
	}
	return HTTP_INCOMPLETE;
}

/* The verdict on a complete request line: version, method, then path. */
static int
judge_request_line(const struct request_line *rl, bool *ret_head)
{
	const char *path = rl->target, *end = rl->target + rl->target_len;
	const char *q;

	if (rl->version[5] != '1')
		return HTTP_VERSION_NOT_SUPPORTED;
	if (rl->method_len == 3 && !memcmp(rl->method, "GET", 3))
		*ret_head = false;
	else if (rl->method_len == 4 && !memcmp(rl->method, "HEAD", 4))
		*ret_head = true;
	else
		return HTTP_METHOD_NOT_ALLOWED;
	/* The absolute form (a request to a proxy) names the path after the authority. */
	if (rl->target_len > 7 && !strncasecmp(path, "http://", 7)) {
		path = memchr(path + 7, '/', (size_t) (end - path - 7));
		if (!path)
			return HTTP_NOT_FOUND;
	}
	q = memchr(path, '?', (size_t) (end - path));
	if (!q)
		q = end;
	if (q - path != 8 || memcmp(path, "/metrics", 8) != 0)
		return HTTP_NOT_FOUND;
	return HTTP_OK;
}

/* ---- the Accept header ---- */

/* The best q-values (thousandths) given to each format; -1: not named. */
struct accept {
	int om_q, text_q;
};

static const char *
skip_ows(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static const char *
token_end(const char *p, const char *e)
{
	while (p < e && is_tchar((unsigned char) *p))
		p++;
	return p;
}

/* Just past the quoted-string opening at p; e when it is not closed. */
static const char *
quoted_end(const char *p, const char *e)
{
	for (p++; p < e; p++) {
		if (*p == '\\') {
			if (++p == e)
				break;
		} else if (*p == '"') {
			return p + 1;
		}
	}
	return e;
}

/* The ',' that ends the list element at p (outside quoted strings), or e. */
static const char *
element_end(const char *p, const char *e)
{
	while (p < e && *p != ',')
		p = *p == '"' ? quoted_end(p, e) : p + 1;
	return p;
}

/* A qvalue: "0", "0.5", "1.000"... in thousandths; false for anything else. */
static bool
parse_q(const char *p, const char *e, int *ret)
{
	int q, scale = 100;

	if (p == e || (*p != '0' && *p != '1'))
		return false;
	q = (*p++ - '0') * 1000;
	if (p < e && *p++ != '.')
		return false;
	for (; p < e; p++, scale /= 10) {
		if (scale == 0 || *p < '0' || *p > '9' || (q == 1000 && *p != '0'))
			return false;
		q += (*p - '0') * scale;
	}
	*ret = q;
	return true;
}

enum media { MEDIA_OTHER, MEDIA_OPENMETRICS, MEDIA_TEXT };

static enum media
classify(const char *t, size_t tn, const char *s, size_t sn)
{
	if (eq_ci(t, tn, "application") && eq_ci(s, sn, "openmetrics-text"))
		return MEDIA_OPENMETRICS;
	if ((eq_ci(t, tn, "text") && (eq_ci(s, sn, "plain") || eq_ci(s, sn, "*"))) ||
	    (eq_ci(t, tn, "*") && eq_ci(s, sn, "*")))
		return MEDIA_TEXT;
	return MEDIA_OTHER;
}

/*
 * One media range with its parameters, [p, e): counted for its format when
 * its version (if any) is the one we write. A malformed range is ignored.
 */
static void
accept_range(const char *p, const char *e, struct accept *a)
{
	const char *te = token_end(p, e), *s, *se;
	const char *want;
	bool version_ok = true;
	enum media m;
	int q = 1000;

	if (te == p || te == e || *te != '/')
		return;
	s = te + 1;
	se = token_end(s, e);
	if (se == s)
		return;
	m = classify(p, (size_t) (te - p), s, (size_t) (se - s));
	want = m == MEDIA_OPENMETRICS ? "1.0.0" : "0.0.4";
	for (p = skip_ows(se, e); p < e; p = skip_ows(p, e)) {
		const char *n, *ne, *v, *ve;

		if (*p != ';')
			return;
		n = skip_ows(p + 1, e);
		ne = token_end(n, e);
		if (ne == n || ne == e || *ne != '=')
			return;
		v = ne + 1;
		ve = v < e && *v == '"' ? quoted_end(v, e) : token_end(v, e);
		if (ve == v)
			return;
		p = ve;
		if (*v == '"') {
			v++;
			ve = ve > v && ve[-1] == '"' ? ve - 1 : ve;
		}
		if (eq_ci(n, (size_t) (ne - n), "q") && !parse_q(v, ve, &q))
			return;
		if (eq_ci(n, (size_t) (ne - n), "version"))
			version_ok = (size_t) (ve - v) == 5 && !memcmp(v, want, 5);
	}
	if (m == MEDIA_OPENMETRICS && version_ok && q > a->om_q)
		a->om_q = q;
	else if (m == MEDIA_TEXT && version_ok && q > a->text_q)
		a->text_q = q;
}

static void
accept_value(const char *p, const char *e, struct accept *a)
{
	while (p < e) {
		const char *ee = element_end(p, e), *te = ee;

		while (te > p && (te[-1] == ' ' || te[-1] == '\t'))
			te--;
		accept_range(skip_ows(p, te), te, a);
		p = ee < e ? ee + 1 : e;
	}
}

/* ---- the header fields ---- */

/*
 * Checks the field line [p, e) (without its line end): name ":" OWS value
 * OWS, no obs-fold, no control character but HT. Feeds Accept to a.
 */
static int
header_line(const char *p, const char *e, struct accept *a)
{
	const char *ne = token_end(p, e), *v, *q;

	if (ne == p || ne == e || *ne != ':')
		return HTTP_BAD_REQUEST;
	for (q = ne + 1; q < e; q++) {
		unsigned char c = (unsigned char) *q;

		if ((c < ' ' && c != '\t') || c == 0x7f)
			return HTTP_BAD_REQUEST;
	}
	v = skip_ows(ne + 1, e);
	if (a && eq_ci(p, (size_t) (ne - p), "Accept"))
		accept_value(v, e, a);
	return HTTP_OK;
}

/*
 * Checks the field lines from offset start. Returns HTTP_OK at the blank
 * line that ends them, HTTP_INCOMPLETE when the bytes end before it, or
 * HTTP_BAD_REQUEST. With a NULL, only checks (as lines arrive).
 */
static int
scan_headers(const char *buf, size_t len, size_t start, struct accept *a)
{
	size_t i = start;

	while (i < len) {
		const char *lf = memchr(buf + i, '\n', len - i);
		size_t end;

		if (!lf)
			return HTTP_INCOMPLETE;
		end = (size_t) (lf - buf);
		if (end > i && buf[end - 1] == '\r')
			end--;
		if (end == i)
			return HTTP_OK;
		if (buf[i] == ' ' || buf[i] == '\t' ||
		    header_line(buf + i, buf + end, a) != HTTP_OK)
			return HTTP_BAD_REQUEST;
		i = (size_t) (lf - buf) + 1;
	}
	return HTTP_INCOMPLETE;
}

int
http_parse_request(const char *buf, size_t len, struct http_request *ret)
{
	struct accept a = {-1, -1};
	struct request_line rl;
	size_t start = 0;
	bool head = false;
	int rc;

	if (len > HTTP_REQUEST_MAX)
		len = HTTP_REQUEST_MAX;
	/* RFC 9112 2.2: empty lines before the request line are ignored (a few). */
	while (start < len && start < 8 && (buf[start] == '\r' || buf[start] == '\n'))
		start++;
	rc = scan_request_line(buf, len, start, &rl);
	if (rc == HTTP_INCOMPLETE && len == HTTP_REQUEST_MAX)
		return HTTP_URI_TOO_LONG;
	if (rc != HTTP_OK)
		return rc;
	rc = judge_request_line(&rl, &head);
	if (rc != HTTP_OK)
		return rc;
	rc = scan_headers(buf, len, rl.end, NULL);
	if (rc == HTTP_INCOMPLETE && len == HTTP_REQUEST_MAX)
		return HTTP_HEADERS_TOO_LARGE;
	if (rc != HTTP_OK)
		return rc;
	scan_headers(buf, len, rl.end, &a);
	ret->head = head;
	ret->openmetrics = a.om_q > 0 && a.om_q >= a.text_q;
	return HTTP_OK;
}

const char *
http_reason(int status)
{
	switch (status) {
	case HTTP_OK:
		return "OK";
	case HTTP_BAD_REQUEST:
		return "Bad Request";
	case HTTP_NOT_FOUND:
		return "Not Found";
	case HTTP_METHOD_NOT_ALLOWED:
		return "Method Not Allowed";
	case HTTP_REQUEST_TIMEOUT:
		return "Request Timeout";
	case HTTP_URI_TOO_LONG:
		return "URI Too Long";
	case HTTP_HEADERS_TOO_LARGE:
		return "Request Header Fields Too Large";
	case HTTP_INTERNAL_ERROR:
		return "Internal Server Error";
	case HTTP_VERSION_NOT_SUPPORTED:
		return "HTTP Version Not Supported";
	default:
		return "Error";
	}
}

void
http_put_head(struct strbuf *out, int status, const char *content_type, size_t body_len)
{
	strbuf_addf(out, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n", status,
	            http_reason(status), content_type, body_len);
	if (status == HTTP_METHOD_NOT_ALLOWED)
		strbuf_adds(out, "Allow: GET, HEAD\r\n");
	strbuf_adds(out, "Connection: close\r\n\r\n");
}
