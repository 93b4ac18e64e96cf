/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pidstat: statistics of the tasks of the machine, as sysstat's pidstat
 * 12.6.1 and 12.7.5 print them (SYSREC_COMPAT chooses). The command line
 * and the interval loop; the rest is in pidstat_*.c (pidstat.h).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pidstat.h"
#include "hist.h"
#include "live.h"
#include "common/compat.h"
#include "common/nls.h"
#include "report/display.h"
#include "sadc/collect_cpu.h"
#include "sadc/collect_mem.h"
#include "common/banned.h"

/* The program's name, for the report layer's messages. */
const char *progname = "pidstat";

/* -e: the child has ended, and its exit status (12.7.5 returns it). */
static volatile sig_atomic_t child_done;
static volatile sig_atomic_t child_status;

/* Everything the command line sets besides the configuration. */
struct pidstat_args {
	long interval; /* -1: none given */
	long count;
	int dis_hdr; /* sysstat's count of activity options: > 0 prints the header every time */
	int pid_nr;  /* the words of -p (ALL counts twice) */
	bool has_pid;
	int decimals;
	struct live_window win; /* --archive, -s, -e */
};

/* The state of the sampling loop: three slots (previous, current, first). */
struct pidstat_run {
	struct sysroot root;
	struct sar s;
	struct pidstat_conf c;
	struct pidstat_tasks t;
	struct tm ts[3];
	uint64_t uptime[3], jiffies[3], mem_kb;
};

static void __attribute__((noreturn))
usage(const char *prog)
{
	fprintf(stderr, _("Usage: %s [ options ] [ <interval> [ <count> ] ] [ -e <program> <args> ]\n"),
	        prog);
	fprintf(stderr, _("Options are:\n"
	                  "[ -d ] [ -H ] [ -h ] [ -I ] [ -l ] [ -R ] [ -r ] [ -s ] [ -t ] "
	                  "[ -U [ <username> ] ]\n"
	                  "[ -u ] [ -V ] [ -v ] [ -w ] [ -C <command> ] [ -G <process_name> ]\n"
	                  "[ -p { <pid> [,...] | SELF | ALL } ] [ -T { TASK | CHILD | ALL } ]\n"
	                  "[ --dec={ 0 | 1 | 2 } ] [ --human ]\n"));
	exit(1);
}

static bool
all_digits(const char *s)
{
	return strspn(s, "0123456789") == strlen(s);
}

/* ---- -e ---- */

static void
on_sigchld(int sig)
{
	int st;

	(void) sig;
	child_done = 1;
	/* 12.6.1 leaves the child a zombie and returns 0; 12.7.5 returns its status. */
	if (flavour_1275() && wait(&st) > 0)
		child_status = WEXITSTATUS(st);
}

/* Starts argv[0] with its arguments; returns its PID. */
static pid_t
exec_pgm(char **argv)
{
	struct sigaction sa;
	pid_t child;

	/* Nothing buffered for a child that fails to exec to write again at its exit. */
	fflush(stdout);
	child = fork();

	if (child < 0) {
		perror("fork");
		exit(4);
	}
	if (!child) {
		execvp(argv[0], argv);
		perror("exec");
		exit(4);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigchld;
	sigaction(SIGCHLD, &sa, NULL);
	return child;
}

/* ---- the command line ---- */

static void
add_pid(struct pidstat_tasks *t, uint32_t pid)
{
	if (pidstat_tasks_add(t, pid, false, 0) < 0 && pid) {
		perror("malloc");
		exit(4);
	}
}

/* -p's list. */
static void
parse_pids(struct pidstat_run *run, struct pidstat_args *a, char *list, const char *prog)
{
	char *save = NULL, *tok;

	a->has_pid = true;
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save), a->pid_nr++) {
		if (!strcmp(tok, "ALL")) {
			run->c.all_pids = true;
			a->pid_nr++;
		} else if (!strcmp(tok, "SELF")) {
			add_pid(&run->t, (uint32_t) getpid());
		} else {
			if (!all_digits(tok) || atoi(tok) < 1)
				usage(prog);
			add_pid(&run->t, (uint32_t) atoi(tok));
		}
	}
}

/* -C and -G: the regular expression, compiled once (a bad one matches nothing). */
static void
parse_regex(const char *arg, regex_t *re, bool *has, bool *bad, const char *prog)
{
	char pat[PIDSTAT_CMD_LEN];

	snprintf(pat, sizeof(pat), "%s", arg);
	if (!pat[0])
		usage(prog);
	*has = true;
	*bad = regcomp(re, pat, REG_EXTENDED | REG_NOSUB) != 0;
}

static void
parse_task_kind(struct pidstat_run *run, struct pidstat_args *a, const char *w, const char *prog)
{
	if (run->c.tsk)
		a->dis_hdr++;
	if (!strcmp(w, "TASK")) {
		run->c.tsk |= PIDSTAT_T_TASK;
	} else if (!strcmp(w, "CHILD")) {
		run->c.tsk |= PIDSTAT_T_CHILD;
	} else if (!strcmp(w, "ALL")) {
		run->c.tsk |= PIDSTAT_T_TASK | PIDSTAT_T_CHILD;
		a->dis_hdr++;
	} else {
		usage(prog);
	}
}

/* The letters that select an activity (each one counts for the header rule). */
static const struct {
	char letter;
	unsigned act;
} act_letters[] = {
	{'d', PIDSTAT_A_IO},   {'R', PIDSTAT_A_RT},   {'r', PIDSTAT_A_MEM},   {'s', PIDSTAT_A_STACK},
	{'u', PIDSTAT_A_CPU},  {'v', PIDSTAT_A_KTAB}, {'w', PIDSTAT_A_CTXSW},
};

/* One letter of a group of options. */
static void
parse_letter(struct pidstat_run *run, struct pidstat_args *a, char ch, const char *prog)
{
	static const char *const env[] = {"S_COLORS", "S_COLORS_SGR", "S_TIME_FORMAT"};
	size_t i;

	for (i = 0; i < sizeof(act_letters) / sizeof(act_letters[0]); i++) {
		if (act_letters[i].letter == ch) {
			run->c.act |= act_letters[i].act;
			a->dis_hdr++;
			return;
		}
	}
	switch (ch) {
	case 'H': run->c.epoch = true; break;
	case 'h': run->c.oneline = true; break;
	case 'I': run->c.irix_off = true; break;
	case 'l': run->c.cmdline = true; break;
	case 't': run->c.threads = true; break;
	case 'U': run->c.username = true; break;
	case 'V': live_print_version(env, 3); break;
	default: usage(prog);
	}
}

/* --dec=N: one digit, 0 to 2 (12.6.1 takes any character as atoi() reads it). */
static void
parse_dec(struct pidstat_args *a, const char *arg, const char *prog)
{
	a->decimals = live_dec_arg(arg);
	if (a->decimals < 0)
		usage(prog);
}

/* The interval, then the count. */
static void
parse_number(struct pidstat_args *a, const char *w, const char *prog)
{
	if (a->interval < 0) {
		if (!all_digits(w) || atol(w) < 0)
			usage(prog);
		a->interval = atol(w);
		a->count = -1;
	} else if (a->count <= 0) {
		if (!all_digits(w) || !a->interval || atol(w) < 1)
			usage(prog);
		a->count = atol(w);
	} else {
		usage(prog);
	}
}

/* -U [user]: the name only when the next word is neither an option nor a number. */
static int
parse_user(struct pidstat_run *run, char **argv, int opt)
{
	run->c.username = true;
	if (argv[opt + 1] && argv[opt + 1][0] != '-' && !all_digits(argv[opt + 1])) {
		snprintf(run->c.user, sizeof(run->c.user), "%s", argv[opt + 1]);
		if (!run->c.user[0])
			usage(argv[0]);
		run->c.has_user = true;
		return opt + 2;
	}
	return opt + 1;
}

/* The word at opt and its argument; returns the index of the next word. */
static int
parse_word(struct pidstat_run *run, struct pidstat_args *a, int argc, char **argv, int opt)
{
	const char *w = argv[opt];
	struct pidstat_conf *c = &run->c;
	bool bad = false;

	if (live_window_archive(&a->win, w, &bad)) {
		if (bad || c->exec_pgm)
			usage(argv[0]);
		return opt + 1;
	}
	if (a->win.archive && (!strcmp(w, "-s") || !strcmp(w, "-e"))) {
		/* With --archive, -s TIME and -e TIME bound the window; -s alone is still the stack. */
		int rc = live_window_limit(&a->win, w[1] == 'e', argv[opt + 1]);

		if (rc < 0 || (rc == 0 && w[1] == 'e'))
			usage(argv[0]);
		if (rc > 0)
			return opt + 2;
	}
	if (!strcmp(w, "-e")) {
		if (!argv[opt + 1])
			usage(argv[0]);
		a->has_pid = c->exec_pgm = true;
		add_pid(&run->t, (uint32_t) exec_pgm(argv + opt + 1));
		return argc;
	}
	if ((!strcmp(w, "-p") || !strcmp(w, "-C") || !strcmp(w, "-G") || !strcmp(w, "-T")) &&
	    !argv[opt + 1])
		usage(argv[0]);
	if (!strcmp(w, "-p"))
		parse_pids(run, a, argv[opt + 1], argv[0]);
	else if (!strcmp(w, "-C"))
		parse_regex(argv[opt + 1], &c->comm_re, &c->has_comm, &c->comm_bad, argv[0]);
	else if (!strcmp(w, "-G"))
		parse_regex(argv[opt + 1], &c->proc_re, &c->has_proc, &c->proc_bad, argv[0]);
	else if (!strcmp(w, "-T"))
		parse_task_kind(run, a, argv[opt + 1], argv[0]);
	else if (!strcmp(w, "--human"))
		return c->human = true, opt + 1;
	else if (!strncmp(w, "--dec=", 6) && strlen(w) == 7)
		return parse_dec(a, w, argv[0]), opt + 1;
	else if (!strcmp(w, "-U"))
		return parse_user(run, argv, opt);
	else if (w[0] == '-') {
		for (const char *p = w + 1; *p; p++)
			parse_letter(run, a, *p, argv[0]);
		return opt + 1;
	} else
		return parse_number(a, w, argv[0]), opt + 1;
	return opt + 2;
}

/* sysstat's check_flags(): defaults, and the activities -T allows. */
static void
check_flags(struct pidstat_conf *c, const struct pidstat_args *a)
{
	unsigned allowed = 0;

	if (!c->act)
		c->act = PIDSTAT_A_CPU;
	if (!a->has_pid)
		c->active = c->all_pids = true;
	if (!c->tsk)
		c->tsk = PIDSTAT_T_TASK;
	if (c->tsk & PIDSTAT_T_TASK)
		allowed = ~0u;
	if (c->tsk & PIDSTAT_T_CHILD)
		allowed |= PIDSTAT_A_CPU | PIDSTAT_A_MEM;
	c->act &= allowed;
	if (!c->act) {
		fprintf(stderr, _("Requested activities not available\n"));
		exit(1);
	}
}

/* ---- sampling ---- */

/* The page size in kB as a power of 2. */
static unsigned
page_kb_shift(void)
{
	long size = sysconf(_SC_PAGESIZE);
	unsigned shift = 0;

	if (size == -1)
		perror("sysconf");
	for (size >>= 10; size > 1; size >>= 1)
		shift++;
	return shift;
}

/* The all-CPU jiffies of /proc/stat's cpu line (exits 2 as sysstat when unreadable). */
static uint64_t
read_jiffies(const struct sysroot *root)
{
	struct strbuf buf = STRBUF_INIT;
	struct stats_cpu cpu;
	ssize_t n = sysroot_read(root, "proc/stat", &buf);

	if (n < 0) {
		fprintf(stderr, _("Cannot open %s: %s\n"), "/proc/stat", strerror((int) -n));
		exit(2);
	}
	memset(&cpu, 0, sizeof(cpu));
	parse_proc_stat_cpu(buf.buf, &cpu, 1);
	strbuf_release(&buf);
	return live_cpu_jiffies(&cpu);
}

static uint64_t
read_mem_kb(const struct sysroot *root)
{
	struct strbuf buf = STRBUF_INIT;
	struct stats_memory m;

	memset(&m, 0, sizeof(m));
	if (sysroot_read(root, "proc/meminfo", &buf) >= 0)
		parse_meminfo_memory(buf.buf, &m);
	strbuf_release(&buf);
	return m.tlmkb;
}

/* One sample into slot cur: the clock, uptime, jiffies, the tasks. */
static void
sample(struct pidstat_run *run, int cur, bool clock)
{
	if (clock && !live_now(&run->ts[cur]))
		memset(&run->ts[cur], 0, sizeof(run->ts[cur]));
	if (live_uptime(&run->root, &run->uptime[cur]) < 0)
		exit(2);
	run->jiffies[cur] = read_jiffies(&run->root);
	pidstat_read_tasks(&run->root, &run->c, &run->t, cur);
}

/* The time column of slot i: epoch seconds (-H), %H:%M:%S (ISO) or %X. */
static void
format_time(const struct pidstat_run *run, int i, char *out, size_t len)
{
	struct tm tm = run->ts[i];

	if (run->c.epoch)
		snprintf(out, len, "%-11lld", (long long) mktime(&tm));
	else if (!strftime(out, len, live_iso_time() ? "%H:%M:%S" : "%X", &tm))
		out[0] = '\0';
}

static uint64_t
delta(uint64_t prev, uint64_t cur)
{
	return cur - prev ? cur - prev : 1;
}

/* One report from slot prev to slot cur; returns whether tasks are left. */
static bool
report(struct pidstat_run *run, int prev, int cur, bool header, bool avg)
{
	char ts_prev[64], ts_cur[64];
	struct pidstat_report r = {
		.s = &run->s, .c = &run->c, .t = &run->t, .prev = prev, .cur = cur,
		.avg = avg, .header = header, .ts_prev = ts_prev, .ts_cur = ts_cur,
		.itv = delta(run->uptime[prev], run->uptime[cur]),
		.jiffies = delta(run->jiffies[prev], run->jiffies[cur]), .mem_kb = run->mem_kb,
	};

	if (avg) {
		/* sysstat keeps 15 bytes of the translation. */
		snprintf(ts_prev, 16, "%s", sar_label_average());
		snprintf(ts_cur, 16, "%s", sar_label_average());
	} else {
		if (run->c.oneline)
			snprintf(ts_prev, sizeof(ts_prev), "# Time     ");
		else
			format_time(run, prev, ts_prev, sizeof(ts_prev));
		format_time(run, cur, ts_cur, sizeof(ts_cur));
	}
	return pidstat_print(&r);
}

static bool
caught(void)
{
	return live_interrupted() || child_done;
}

/* The reports every interval until count, ^C or the child's end; then the averages. */
static void
loop(struct pidstat_run *run, const struct pidstat_args *a, int dis_hdr, int rows)
{
	long count = a->count, lines = rows;
	int cur = 1;
	bool dis = true;
	size_t i;

	if (a->interval)
		live_alarm_start((unsigned) a->interval);
	run->ts[2] = run->ts[0];
	run->uptime[2] = run->uptime[0];
	run->jiffies[2] = run->jiffies[0];
	for (i = 0; i < run->t.n; i++)
		run->t.v[i]->s[2] = run->t.v[i]->s[0];
	live_catch_sigint();
	live_wait();
	if (caught() && a->interval)
		return;
	do {
		sample(run, cur, true);
		if (!dis_hdr) {
			dis = lines / rows;
			if (dis)
				lines %= rows;
			lines++;
		}
		if (!report(run, !cur, cur, dis, false))
			return;
		if (count > 0)
			count--;
		if (count) {
			live_wait();
			if (caught()) {
				count = 0;
				putchar('\n');
			} else {
				cur ^= 1;
			}
		}
	} while (count);
	if (!run->c.oneline)
		report(run, 2, cur, dis_hdr, true);
}

/* The header rule: every report, or once a screen (sysstat's dis_hdr and rows). */
static int
header_rows(const struct pidstat_args *a, int *dis_hdr)
{
	*dis_hdr = a->has_pid ? a->dis_hdr : 1;
	if (*dis_hdr < 0)
		*dis_hdr = 0;
	if (!*dis_hdr && a->pid_nr > 1)
		*dis_hdr = 1;
	return *dis_hdr ? 23 : live_win_height();
}

/* ---- --archive ---- */

/* What the file lacks for the reports asked: once on stderr, and those reports left out. */
static void
check_data(struct pidstat_run *run, const struct archive_ext *e, const char *file)
{
	struct pidstat_conf *c = &run->c;
	unsigned have = 0;
	uint32_t k;

	if (!e || !e->has_proc) {
		fprintf(stderr, "pidstat: %s holds no processes: sadc -S PROCESS records them\n", file);
		c->act = 0;
		return;
	}
	for (k = 0; k < e->n_proc; k++)
		have |= e->proc[k].flags;
	if (e->has_procbase)
		fprintf(stderr, "pidstat: %s holds the top processes of each interval (sadc -S TOP), "
		                "not every one\n", file);
	if (c->threads && !e->has_thread) {
		fprintf(stderr,
		        "pidstat: %s holds no threads: sadc -S PROCESS,THREADS records them "
		        "(the processes are shown)\n",
		        file);
		c->threads = false;
	}
	if ((c->act & PIDSTAT_A_STACK) && !(have & EXT_PF_STACK)) {
		fprintf(stderr,
		        "pidstat: %s holds no stack sizes: sadc -S PROCESS,STACK records them\n",
		        file);
		c->act &= ~(unsigned) PIDSTAT_A_STACK;
	}
	if ((c->act & PIDSTAT_A_CTXSW) && !(have & EXT_PF_STATUS)) {
		fprintf(stderr, "pidstat: %s holds no context switches: sadc -S PROCESS records them "
		                "since sysrec 0.2\n", file);
		c->act &= ~(unsigned) PIDSTAT_A_CTXSW;
	}
}

/* The uptime, CPU jiffies, clock and tasks of the current record into slot cur. */
static void
hist_sample(struct pidstat_run *run, struct live_hist *lh, int cur)
{
	const struct stats_cpu *cpu;
	uint32_t nr;

	if (!live_hist_tm(lh, &run->ts[cur]))
		memset(&run->ts[cur], 0, sizeof(run->ts[cur]));
	run->uptime[cur] = lh->hdr.uptime_cs;
	cpu = live_hist_items(lh, A_CPU, &nr);
	if (cpu)
		run->jiffies[cur] = live_cpu_jiffies(cpu);
	if (!run->mem_kb && (run->c.act & PIDSTAT_A_MEM)) {
		const struct stats_memory *m = live_hist_items(lh, A_MEMORY, &nr);

		run->mem_kb = m ? m->tlmkb : 0;
	}
}

/* The banner of the file: its machine, the date of the first record of the window. */
static void
hist_banner(struct pidstat_run *run, const struct live_hist *lh, bool any)
{
	const struct sa_file_header *fh = live_hist_header(lh);
	struct live_host host;

	run->c.cpu_nr = live_hist_host(lh, &host);
	if (fh && fh->sa_hz)
		run->c.hz = (unsigned) fh->sa_hz;
	if (!any || !live_hist_tm(lh, &run->ts[0]))
		memset(&run->ts[0], 0, sizeof(run->ts[0]));
	live_banner(&host, &run->ts[0], run->c.cpu_nr, false);
}

/* Slot cur becomes the reference of the averages (slot 2). */
static void
hist_average_base(struct pidstat_run *run, int cur)
{
	size_t i;

	run->ts[2] = run->ts[cur];
	run->uptime[2] = run->uptime[cur];
	run->jiffies[2] = run->jiffies[cur];
	for (i = 0; i < run->t.n; i++)
		run->t.v[i]->s[2] = run->t.v[i]->s[cur];
}

/*
 * After a restart, the tasks as a pidstat started then has them: the
 * listed processes (-p) with nothing read yet, no other. The averages of
 * -r, -s and -v add up over the reports of one run, not of the boots
 * before it.
 */
static void
hist_fresh_tasks(struct pidstat_tasks *t, bool all_pids)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		struct pidstat_task *task = t->v[i];
		uint32_t pid = task->pid;

		task->exists = false;
		if (all_pids || task->thread)
			continue;
		memset(task, 0, sizeof(*task));
		task->pid = pid;
		task->exists = true;
	}
	pidstat_tasks_prune(t, false);
}

/*
 * The reports of the window's records, as the live loop prints them: the
 * first record is the reference, each later one ends an interval, then
 * the averages. A LINUX RESTART ends a boot's run with its averages; the
 * next boot's starts under its banner, its first record the reference (the
 * counters start again): one live run per boot, one after the other.
 */
static int
hist_run(struct pidstat_run *run, const struct pidstat_args *a, int dis_hdr, int rows)
{
	/* The processes come in the extension records (-S PROCESS). */
	static const uint32_t want[] = {A_CPU, A_MEMORY, EXT_A_PROCESS, EXT_A_PROCBASE,
	                                EXT_A_THREAD};
	struct live_hist lh;
	long count = a->count, lines = rows, shown = 0;
	int cur = 0, k;
	bool dis = true, base = false, checked = false, restarted = false;

	live_hist_open(&lh, &a->win, a->interval, want, sizeof(want) / sizeof(want[0]), "pidstat");
	k = live_hist_next(&lh);
	hist_banner(run, &lh, k == LIVE_HIST_STATS);
	for (; k != LIVE_HIST_END && count && run->c.act; k = live_hist_next(&lh)) {
		const struct archive_ext *e;

		if (k == LIVE_HIST_RESTART) {
			/* The boot's averages; the next boot starts as a pidstat started then. */
			if (shown && !run->c.oneline)
				report(run, 2, !cur, dis_hdr, true);
			run->c.cpu_nr = live_hist_restart_cpus(&lh);
			hist_fresh_tasks(&run->t, run->c.all_pids);
			restarted = true;
			base = false;
			shown = 0;
			continue;
		}
		if (restarted) {
			struct live_host host;

			live_hist_host(&lh, &host);
			if (!live_hist_tm(&lh, &run->ts[0]))
				memset(&run->ts[0], 0, sizeof(run->ts[0]));
			live_banner(&host, &run->ts[0], run->c.cpu_nr, false);
			restarted = false;
		}
		hist_sample(run, &lh, cur);
		e = live_hist_ext(&lh);
		if (!checked) {
			check_data(run, e, a->win.archive);
			checked = true;
		}
		pidstat_hist_tasks(e, &run->c, run->c.hz, &run->t, cur);
		if (!base) {
			hist_average_base(run, cur);
			base = true;
		} else {
			if (!dis_hdr) {
				dis = lines / rows;
				if (dis)
					lines %= rows;
				lines++;
			}
			/* No task left: the live loop stops there, without averages. */
			if (!report(run, !cur, cur, dis, false)) {
				shown = 0;
				break;
			}
			shown++;
			if (count > 0)
				count--;
		}
		cur ^= 1;
	}
	if (shown && !run->c.oneline)
		report(run, 2, !cur, dis_hdr, true);
	live_hist_close(&lh);
	pidstat_tasks_release(&run->t);
	return 0;
}

int
main(int argc, char **argv)
{
	static struct pidstat_run run;
	struct pidstat_args a = {.interval = -1, .dis_hdr = -1, .decimals = -1};
	struct live_host host;
	int opt = 1, dis_hdr, rows;

	live_locale_init();
	run.c.hz = (unsigned) sysconf(_SC_CLK_TCK);
	run.c.page_kb_shift = page_kb_shift();
	while (opt < argc)
		opt = parse_word(&run, &a, argc, argv, opt);
	if (a.interval < 0)
		a.interval = 0;
	check_flags(&run.c, &a);
	if (a.win.archive) {
		/* Every record of the window unless a count is given. */
		if (a.count <= 0)
			a.count = -1;
		live_window_finish(&a.win);
		live_report_init(&run.s);
		run.s.o.decimals = a.decimals;
		run.s.o.human = run.c.human;
		rows = header_rows(&a, &dis_hdr);
		return hist_run(&run, &a, dis_hdr, rows);
	}
	if (sysroot_open(&run.root, "/") < 0) {
		perror("opendir");
		return 4;
	}
	live_report_init(&run.s);
	run.s.o.decimals = a.decimals;
	run.s.o.human = run.c.human;
	run.c.cpu_nr = live_cpu_nr(&run.root, false);
	rows = header_rows(&a, &dis_hdr);
	if (!live_now(&run.ts[0]))
		memset(&run.ts[0], 0, sizeof(run.ts[0]));
	if (live_host(&host) < 0)
		memset(&host, 0, sizeof(host));
	live_banner(&host, &run.ts[0], run.c.cpu_nr, false);
	sample(&run, 0, false);
	if (run.c.act & PIDSTAT_A_MEM)
		run.mem_kb = read_mem_kb(&run.root);
	if (!a.interval && !run.c.exec_pgm) {
		run.ts[1] = run.ts[0];
		report(&run, 1, 0, true, false);
		return 0;
	}
	loop(&run, &a, dis_hdr, rows);
	pidstat_tasks_release(&run.t);
	return child_status;
}
