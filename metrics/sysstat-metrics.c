/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sysstat-metrics: the live endpoint. Serves one connection and exits:
 * the socket systemd accepted (Accept=yes: fd 3, LISTEN_FDS=1 and
 * LISTEN_PID ours), else standard input and output (inetd). One request
 * (GET or HEAD /metrics), read within a time and size bound, gets a fresh
 * sample in OpenMetrics or the text format 0.0.4; anything else its 4xx.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "http.h"
#include "scrape.h"
#include "common/compat.h"
/* After collect.h (in scrape.h): <sys/socket.h> defines a PF_MAX of its own. */
#include <sys/socket.h>
#include "common/banned.h"

/* The time a client has to send its request, and to take the response. */
#define READ_BOUND_MS  5000
#define WRITE_BOUND_MS 10000
/* After the response: how long unread input may take to reach its end (see linger()). */
#define LINGER_MS 1000

/* sd_listen_fds(3)'s first descriptor. */
#define LISTEN_FDS_START 3

static const char *progname = "sysstat-metrics";

static _Noreturn void
usage(int status)
{
	fprintf(status ? stderr : stdout,
	        "Usage: %s [ --root DIR ] [ --help ] [ -V ]\n"
	        "Answers one HTTP request for /metrics on the socket passed by systemd\n"
	        "(Accept=yes), else on standard input and output.\n",
	        progname);
	exit(status);
}

static _Noreturn void
print_version(void)
{
	printf("%s (sysrec %s)\n", progname, PACKAGE_VERSION);
	exit(0);
}

/* The connection: systemd's socket when it is for us, else stdin and stdout. */
static void
connection_fds(int *ret_in, int *ret_out)
{
	const char *fds = getenv("LISTEN_FDS"), *pid = getenv("LISTEN_PID");
	char me[32];

	snprintf(me, sizeof(me), "%ld", (long) getpid());
	if (fds && pid && !strcmp(fds, "1") && !strcmp(pid, me)) {
		*ret_in = *ret_out = LISTEN_FDS_START;
		fcntl(LISTEN_FDS_START, F_SETFD, FD_CLOEXEC);
	} else {
		*ret_in = 0;
		*ret_out = 1;
	}
	unsetenv("LISTEN_FDS");
	unsetenv("LISTEN_PID");
	unsetenv("LISTEN_FDNAMES");
}

static long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Waits until fd is ready for events or the deadline passes; false then. */
static bool
wait_fd(int fd, short events, long deadline)
{
	for (;;) {
		struct pollfd p = {fd, events, 0};
		long left = deadline - now_ms();
		int n;

		if (left <= 0)
			return false;
		n = poll(&p, 1, (int) left);
		if (n > 0)
			return true;
		if (n == 0 || errno != EINTR)
			return false;
	}
}

/*
 * Reads the request into buf until the parser has a verdict, the client
 * stops sending, or the time bound passes. Returns the verdict:
 * HTTP_REQUEST_TIMEOUT for a request left unfinished at the bound,
 * HTTP_BAD_REQUEST for one left unfinished at the end of the input, and
 * HTTP_INCOMPLETE when no byte came at all.
 */
static int
read_request(int fd, char *buf, struct http_request *req)
{
	long deadline = now_ms() + READ_BOUND_MS;
	size_t len = 0;

	for (;;) {
		ssize_t n;
		int rc;

		if (!wait_fd(fd, POLLIN, deadline))
			return len ? HTTP_REQUEST_TIMEOUT : HTTP_INCOMPLETE;
		n = read(fd, buf + len, HTTP_REQUEST_MAX - len);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0)
			return len ? HTTP_BAD_REQUEST : HTTP_INCOMPLETE;
		len += (size_t) n;
		rc = http_parse_request(buf, len, req);
		if (rc != HTTP_INCOMPLETE)
			return rc;
	}
}

/* Writes all of buf within the deadline; false when the client is gone or too slow. */
static bool
write_all(int fd, const char *buf, size_t len, long deadline)
{
	while (len > 0) {
		ssize_t n;

		if (!wait_fd(fd, POLLOUT, deadline))
			return false;
		n = write(fd, buf, len);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0)
			return false;
		buf += n;
		len -= (size_t) n;
	}
	return true;
}

/*
 * Closing a socket with unread input resets the connection, and the
 * client may lose the response it has not read yet: the end of our output
 * is announced first, then the client's remaining bytes are read (bounded)
 * until it closes.
 */
static void
linger(int fd)
{
	long deadline = now_ms() + LINGER_MS;
	char sink[4096];
	size_t total = 0;

	if (shutdown(fd, SHUT_WR) < 0)
		return;
	while (total < 1024 * 1024 && wait_fd(fd, POLLIN, deadline)) {
		ssize_t n = read(fd, sink, sizeof(sink));

		if (n <= 0)
			break;
		total += (size_t) n;
	}
}

/* A response: head, then the body unless head_only. */
static bool
respond(int fd, int status, const char *ctype, const struct strbuf *body, bool head_only)
{
	struct strbuf out = STRBUF_INIT;
	long deadline = now_ms() + WRITE_BOUND_MS;
	bool ok;

	http_put_head(&out, status, ctype, body->len);
	if (!head_only)
		strbuf_add(&out, body->buf, body->len);
	ok = out.err == 0 && write_all(fd, out.buf, out.len, deadline);
	strbuf_release(&out);
	return ok;
}

static bool
respond_error(int fd, int status, bool head_only)
{
	struct strbuf body = STRBUF_INIT;
	bool ok;

	strbuf_addf(&body, "%d %s\n", status, http_reason(status));
	ok = respond(fd, status, "text/plain; charset=utf-8", &body, head_only);
	strbuf_release(&body);
	return ok;
}

/* Samples and answers a good request. Returns the exit status. */
static int
serve(int fd, const char *root, const struct http_request *req)
{
	enum om_format fmt = req->openmetrics ? OM_FMT_OPENMETRICS : OM_FMT_TEXT004;
	struct scrape s;
	struct strbuf body = STRBUF_INIT;
	struct utsname u;
	int rc, status = 0;

	memset(&s, 0, sizeof(s));
	if (uname(&u) < 0)
		memset(&u, 0, sizeof(u));
	rc = scrape_init(&s, root);
	if (rc < 0) {
		fprintf(stderr, "%s: cannot open '%s': %s\n", progname, root ? root : "/",
		        strerror(-rc));
		status = 2;
	} else if ((rc = scrape_sample(&s)) < 0) {
		fprintf(stderr, "%s: cannot take a sample: %s\n", progname, strerror(-rc));
		status = 2;
	} else {
		scrape_render(&s, fmt, &u, &body);
		if (body.err) {
			fprintf(stderr, "%s: cannot make the response: %s\n", progname,
			        strerror(-body.err));
			status = 2;
		}
	}
	if (status)
		respond_error(fd, HTTP_INTERNAL_ERROR, req->head);
	else
		respond(fd, HTTP_OK, om_content_type(fmt), &body, req->head);
	strbuf_release(&body);
	scrape_release(&s);
	return status;
}

int
main(int argc, char **argv)
{
	struct http_request req = {false, false};
	const char *root = NULL;
	char buf[HTTP_REQUEST_MAX];
	int in, out, i, rc, status = 0;

	if (sysrec_flavour_init() < 0) {
		fprintf(stderr, "%s\n", SYSREC_COMPAT_ERROR);
		return 1;
	}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help"))
			usage(0);
		else if (!strcmp(argv[i], "-V"))
			print_version();
		else if (!strcmp(argv[i], "--root") && i + 1 < argc)
			root = argv[++i];
		else if (!strncmp(argv[i], "--root=", 7) && argv[i][7])
			root = argv[i] + 7;
		else
			usage(1);
	}
	/* A client that goes away makes write() fail, not the process die. */
	signal(SIGPIPE, SIG_IGN);
	connection_fds(&in, &out);
	rc = read_request(in, buf, &req);
	if (rc == HTTP_OK)
		status = serve(out, root, &req);
	else if (rc != HTTP_INCOMPLETE)
		respond_error(out, rc, false);
	if (in == out)
		linger(out);
	return status;
}
