/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sadc under systemd as a Type=notify service: readiness, status, the
 * watchdog and the stop notice (sd_notify(3), sd_watchdog_enabled(3)).
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBSYSTEMD
#include <systemd/sd-daemon.h>
#endif

#include "notify.h"
#include "banned.h"

#define NSEC_PER_SEC  1000000000L
#define NSEC_PER_USEC 1000L

#ifdef HAVE_LIBSYSTEMD
static void
send_state(const struct sadc_notify *n, const char *state)
{
	if (n->active)
		(void) sd_notify(0, state);
}
#else
static void
send_state(const struct sadc_notify *n, const char *state)
{
	(void) n;
	(void) state;
}
#endif

void
sadc_notify_init(struct sadc_notify *n)
{
	const char *sock = getenv("NOTIFY_SOCKET");

	memset(n, 0, sizeof(*n));
#ifdef HAVE_LIBSYSTEMD
	n->active = sock && *sock;
	/* > 0 only when WATCHDOG_USEC is set and WATCHDOG_PID, if any, is ours. */
	if (n->active && sd_watchdog_enabled(0, &n->watchdog_usec) <= 0)
		n->watchdog_usec = 0;
#else
	(void) sock;
#endif
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
