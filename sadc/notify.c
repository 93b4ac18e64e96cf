/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadc under systemd as a Type=notify service: readiness, status, the
 * watchdog and the stop notice.
 *
 * The notification protocol is spoken here directly, without libsystemd:
 * it is one datagram per message on an AF_UNIX socket named by
 * NOTIFY_SOCKET, and systemd documents it as a stable interface
 * (sd_notify(3), "Notes"). Linking libsystemd for two calls cost every
 * sadc start the loading of libsystemd and its six libraries (libgcrypt,
 * liblzma, libzstd, liblz4, libcap, libgpg-error): about a quarter of a
 * one-shot run from the collect timer.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "notify.h"
#include "common/banned.h"

#define NSEC_PER_SEC  1000000000L
#define NSEC_PER_USEC 1000L

/* configure --without-systemd: NOTIFY_SOCKET is ignored, as by sysstat. */
#ifdef WITH_SYSTEMD_NOTIFY
#define NOTIFY_BUILT true
#else
#define NOTIFY_BUILT false
#endif

/*
 * The socket address of NOTIFY_SOCKET: an absolute path, or "@name" for
 * the abstract namespace (the '@' stands for the leading NUL byte, and the
 * address ends with the name, with no NUL after it). Returns 0 or -EINVAL.
 * libsystemd also takes "vsock:CID:PORT" (systemd 254): that is for a
 * virtual machine's manager telling its host, never a service's socket.
 */
static int
notify_address(const char *sock, struct sockaddr_un *ret, socklen_t *ret_len)
{
	size_t len = strlen(sock);

	if ((sock[0] != '/' && sock[0] != '@') || len < 2 || len > sizeof(ret->sun_path))
		return -EINVAL;
	if (sock[0] == '/' && len == sizeof(ret->sun_path))
		return -EINVAL; /* no room for the NUL a path ends with */
	memset(ret, 0, sizeof(*ret));
	ret->sun_family = AF_UNIX;
	memcpy(ret->sun_path, sock, len);
	if (sock[0] == '@')
		ret->sun_path[0] = '\0';
	*ret_len = (socklen_t) (offsetof(struct sockaddr_un, sun_path) + len + (sock[0] == '/'));
	return 0;
}

/*
 * One message, in one datagram, from a socket of its own (as sd_notify()
 * does): the kernel attaches our credentials, which systemd asks for
 * (SO_PASSCRED) to tell the main process from others. The first failure is
 * reported once; none stops the collection.
 */
static void
send_state(struct sadc_notify *n, const char *state)
{
	const char *sock = getenv("NOTIFY_SOCKET");
	struct sockaddr_un addr;
	socklen_t addr_len;
	int fd, err = 0;

	if (!n->active)
		return;
	if (!sock || notify_address(sock, &addr, &addr_len) < 0) {
		err = EINVAL;
	} else {
		fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			err = errno;
		else if (sendto(fd, state, strlen(state), MSG_NOSIGNAL,
		                (const struct sockaddr *) &addr, addr_len) < 0)
			err = errno;
		if (fd >= 0)
			close(fd);
	}
	if (err && !n->warned) {
		fprintf(stderr, "sadc: cannot notify the service manager at '%s': %s\n",
		        sock ? sock : "", strerror(err));
		n->warned = true;
	}
}

/* An unsigned decimal environment variable; -EINVAL when unset or not a number. */
static int
env_u64(const char *name, uint64_t *ret)
{
	const char *s = getenv(name);
	unsigned long long v;
	char *end;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		return -EINVAL;
	*ret = v;
	return 0;
}

/*
 * The watchdog period, as sd_watchdog_enabled(3) reads it: WATCHDOG_USEC,
 * for this process only when WATCHDOG_PID names it; 0 when off.
 */
static uint64_t
watchdog_period(void)
{
	uint64_t usec, pid;

	if (getenv("WATCHDOG_PID") &&
	    (env_u64("WATCHDOG_PID", &pid) < 0 || pid != (uint64_t) getpid()))
		return 0;
	if (env_u64("WATCHDOG_USEC", &usec) < 0 || usec == UINT64_MAX)
		return 0;
	return usec;
}

void
sadc_notify_init(struct sadc_notify *n)
{
	const char *sock = getenv("NOTIFY_SOCKET");

	memset(n, 0, sizeof(*n));
	n->active = NOTIFY_BUILT && sock && *sock;
	if (n->active)
		n->watchdog_usec = watchdog_period();
	clock_gettime(CLOCK_MONOTONIC, &n->last_ping);
}

bool
sadc_notify_active(const struct sadc_notify *n)
{
	return n->active;
}

static void
ping(struct sadc_notify *n, const char *status)
{
	char state[4200];

	snprintf(state, sizeof(state), "%sWATCHDOG=1%s%s", n->ready ? "" : "READY=1\n",
	         status ? "\nSTATUS=" : "", status ? status : "");
	send_state(n, state);
	n->ready = true;
	clock_gettime(CLOCK_MONOTONIC, &n->last_ping);
}

void
sadc_notify_sample(struct sadc_notify *n, const char *file, uint64_t n_samples)
{
	char status[4150];

	if (!n->active)
		return;
	snprintf(status, sizeof(status), "%llu samples taken; writing to %s",
	         (unsigned long long) n_samples, *file ? file : "stdout");
	ping(n, status);
}

/* a < b on the monotonic clock. */
static bool
before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/* When the next keep-alive is due: half the watchdog period after the last one. */
static struct timespec
next_ping(const struct sadc_notify *n)
{
	struct timespec t = n->last_ping;
	uint64_t half = n->watchdog_usec / 2;

	t.tv_sec += (time_t) (half / 1000000);
	t.tv_nsec += (long) (half % 1000000) * NSEC_PER_USEC;
	if (t.tv_nsec >= NSEC_PER_SEC) {
		t.tv_sec++;
		t.tv_nsec -= NSEC_PER_SEC;
	}
	return t;
}

int
sadc_notify_sleep_until(struct sadc_notify *n, const struct timespec *due,
                        const sigset_t *wait_mask)
{
	for (;;) {
		struct timespec wake = *due, now, rel;
		bool for_ping = false;

		if (n->active && n->watchdog_usec) {
			struct timespec p = next_ping(n);

			if (before(&p, due)) {
				wake = p;
				for_ping = true;
			}
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (!before(&now, &wake)) {
			if (!for_ping)
				return 0;
			ping(n, NULL);
			continue;
		}
		rel.tv_sec = wake.tv_sec - now.tv_sec;
		rel.tv_nsec = wake.tv_nsec - now.tv_nsec;
		if (rel.tv_nsec < 0) {
			rel.tv_sec--;
			rel.tv_nsec += NSEC_PER_SEC;
		}
		/* ppoll() lets the blocked stop signals in for the wait only: none is lost. */
		if (ppoll(NULL, 0, &rel, wait_mask) < 0)
			return -errno;
	}
}

void
sadc_notify_stopping(struct sadc_notify *n, uint64_t n_samples)
{
	char state[128];

	snprintf(state, sizeof(state), "STOPPING=1\nSTATUS=Stopped after %llu samples",
	         (unsigned long long) n_samples);
	send_state(n, state);
}
