/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SADC_NOTIFY_H
#define SYSREC_SADC_NOTIFY_H

/*
 * sadc as a systemd Type=notify service (sysstat-collect-daemon.service):
 * the sd_notify(3) protocol, spoken without libsystemd, and the watchdog.
 *
 * Everything here is inert unless the service manager passed NOTIFY_SOCKET
 * when sadc started, and compiles to no-ops when configured
 * --without-systemd (no WITH_SYSTEMD_NOTIFY), so a sadc started any other
 * way behaves as sysstat's. A notification that cannot be sent is reported
 * once on stderr, and never stops the collection.
 */

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

struct sadc_notify {
	bool active;               /* NOTIFY_SOCKET was set at start */
	bool ready;                /* READY=1 was sent */
	uint64_t watchdog_usec;    /* the unit's WatchdogSec=, 0 when off */
	struct timespec last_ping; /* CLOCK_MONOTONIC time of the last WATCHDOG=1 */
	bool warned;               /* a failure to notify was reported */
};

/*
 * Reads NOTIFY_SOCKET (a path, or "@name" in the abstract namespace) and
 * WATCHDOG_USEC/WATCHDOG_PID, and leaves them in the environment.
 */
void sadc_notify_init(struct sadc_notify *n);

/* True when sadc runs under a service manager that listens (daemon mode). */
bool sadc_notify_active(const struct sadc_notify *n);

/*
 * A sample was taken (n_samples so far, the current one being written to
 * file, or "" for stdout only). The first call sends READY=1; every call
 * pings the watchdog and updates STATUS=.
 */
void sadc_notify_sample(struct sadc_notify *n, const char *file, uint64_t n_samples);

/*
 * Sleeps until the CLOCK_MONOTONIC time due, waking on the way to ping the
 * watchdog every half period. The signal mask is wait_mask during the
 * sleep only (NULL: unchanged), so that signals blocked while a sample is
 * taken are let in without a race. Returns 0 at due, -EINTR when a signal
 * handler ran, another negative errno on failure.
 */
int sadc_notify_sleep_until(struct sadc_notify *n, const struct timespec *due,
                            const sigset_t *wait_mask);

/* sadc is stopping on SIGTERM: STOPPING=1 and a last STATUS=. */
void sadc_notify_stopping(struct sadc_notify *n, uint64_t n_samples);

#endif
