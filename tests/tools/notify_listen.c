/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * notify_listen: plays systemd's side of sd_notify(3) for one command.
 *
 *   notify_listen [-k N] [-p] [-t SECONDS] SOCKET COMMAND [ARG...]
 *
 * Binds a datagram socket at SOCKET (a path, or "@name" in the abstract
 * namespace, as systemd may pass it), runs COMMAND with NOTIFY_SOCKET set to
 * it, and prints every notification line as "MS LINE" (MS: milliseconds
 * since the start). With -p, COMMAND also gets WATCHDOG_PID set to its own
 * pid, as systemd sets it for a service's main process. With -k, once N WATCHDOG=1 lines have come after
 * READY=1, it sends a SIGTERM to the process that sent the last one, as
 * systemd stops a service's main process (COMMAND may be a wrapper such as
 * strace). When COMMAND ends it prints "exit STATUS"
 * or "signal NUMBER" and exits 0; after SECONDS (default 30) it kills
 * COMMAND, prints "timeout" and exits 1.
 */
#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/banned.h"

struct listener {
	int fd;
	struct timespec start;
	long kill_after; /* WATCHDOG=1 count that triggers the SIGTERM, 0: never */
	long n_watchdog;
	int ready;
	int term_sent;
	pid_t child;
	pid_t sender; /* of the datagram being read, from its credentials */
};

static long
elapsed_ms(const struct listener *l)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long) (now.tv_sec - l->start.tv_sec) * 1000 +
	       (now.tv_nsec - l->start.tv_nsec) / 1000000;
}

static void
handle_line(struct listener *l, const char *line)
{
	printf("%ld %s\n", elapsed_ms(l), line);
	if (!strcmp(line, "READY=1"))
		l->ready = 1;
	else if (!strcmp(line, "WATCHDOG=1") && l->ready)
		l->n_watchdog++;
	if (l->kill_after && l->n_watchdog >= l->kill_after && !l->term_sent) {
		pid_t target = l->sender > 0 ? l->sender : l->child;

		kill(target, SIGTERM);
		l->term_sent = 1;
		printf("%ld sent SIGTERM to %ld\n", elapsed_ms(l), (long) target);
	}
}

/* Reads every datagram waiting; returns how many were read. */
static int
drain(struct listener *l)
{
	char buf[8192];
	int n = 0;

	for (;;) {
		union {
			struct cmsghdr align;
			char space[CMSG_SPACE(sizeof(struct ucred))];
		} control;
		struct iovec iov = {.iov_base = buf, .iov_len = sizeof(buf) - 1};
		struct msghdr msg = {.msg_iov = &iov,
		                     .msg_iovlen = 1,
		                     .msg_control = &control,
		                     .msg_controllen = sizeof(control)};
		struct cmsghdr *c;
		ssize_t len = recvmsg(l->fd, &msg, MSG_DONTWAIT);
		char *p, *nl;

		if (len < 0)
			return n;
		buf[len] = '\0';
		l->sender = 0;
		for (c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
			if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_CREDENTIALS) {
				struct ucred cred;

				memcpy(&cred, CMSG_DATA(c), sizeof(cred));
				l->sender = cred.pid;
			}
		for (p = buf; *p; p = nl + 1) {
			nl = strchr(p, '\n');
			if (!nl) {
				handle_line(l, p);
				break;
			}
			*nl = '\0';
			handle_line(l, p);
		}
		n++;
	}
}

static int
bind_socket(const char *path)
{
	struct sockaddr_un a;
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int one = 1;
	size_t len = strlen(path);
	socklen_t a_len = (socklen_t) (offsetof(struct sockaddr_un, sun_path) + len + 1);

	if (fd < 0 || len >= sizeof(a.sun_path))
		return -1;
	/* The kernel then attaches each sender's pid, as systemd asks for. */
	setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &one, sizeof(one));
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	memcpy(a.sun_path, path, len + 1);
	if (path[0] == '@') {
		/* Abstract: a leading NUL, and the name without one after it. */
		a.sun_path[0] = '\0';
		a_len--;
	} else {
		unlink(path);
	}
	if (bind(fd, (struct sockaddr *) &a, a_len) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Removes a path socket; an abstract one went with its descriptor. */
static void
unbind(const char *path)
{
	if (path[0] != '@')
		unlink(path);
}

static int
usage(void)
{
	fprintf(stderr, "usage: notify_listen [-k N] [-p] [-t SECONDS] SOCKET COMMAND [ARG...]\n");
	return 2;
}

int
main(int argc, char **argv)
{
	struct listener l;
	long timeout = 30;
	int opt, status, set_pid = 0;

	memset(&l, 0, sizeof(l));
	while ((opt = getopt(argc, argv, "+k:pt:")) != -1) {
		if (opt == 'k')
			l.kill_after = atol(optarg);
		else if (opt == 'p')
			set_pid = 1;
		else if (opt == 't')
			timeout = atol(optarg);
		else
			return usage();
	}
	if (argc - optind < 2)
		return usage();
	l.fd = bind_socket(argv[optind]);
	if (l.fd < 0) {
		fprintf(stderr, "notify_listen: cannot bind '%s': %s\n", argv[optind],
		        strerror(errno));
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	clock_gettime(CLOCK_MONOTONIC, &l.start);
	l.child = fork();
	if (l.child == 0) {
		setenv("NOTIFY_SOCKET", argv[optind], 1);
		if (set_pid) {
			char pid[32];

			snprintf(pid, sizeof(pid), "%ld", (long) getpid());
			setenv("WATCHDOG_PID", pid, 1);
		}
		execvp(argv[optind + 1], argv + optind + 1);
		fprintf(stderr, "notify_listen: cannot run '%s': %s\n", argv[optind + 1],
		        strerror(errno));
		_exit(127);
	}
	for (;;) {
		struct pollfd p = {.fd = l.fd, .events = POLLIN};
		pid_t done;

		poll(&p, 1, 50);
		drain(&l);
		done = waitpid(l.child, &status, WNOHANG);
		if (done == l.child) {
			drain(&l);
			if (WIFEXITED(status))
				printf("%ld exit %d\n", elapsed_ms(&l), WEXITSTATUS(status));
			else
				printf("%ld signal %d\n", elapsed_ms(&l), WTERMSIG(status));
			break;
		}
		if (elapsed_ms(&l) > timeout * 1000) {
			kill(l.child, SIGKILL);
			waitpid(l.child, &status, 0);
			printf("%ld timeout\n", elapsed_ms(&l));
			close(l.fd);
			unbind(argv[optind]);
			return 1;
		}
	}
	close(l.fd);
	unbind(argv[optind]);
	return 0;
}
