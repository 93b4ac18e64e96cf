# bench/: the benches, run by hand (not by make check), shipped in the tarball.
#   sadc_bench.sh: sadc's collection cost; sar_bench.sh, sadf_bench.sh: sar's
#     and sadf's replay speed; scale_bench.sh: how they grow with the number of
#     items (all against Debian's sysstat 12.6.1 in the same run).
#   cputime.py measures a command's CPU time; lib.sh is sourced by every bench.
#   who_bench.sh: the cost bench of -S PROCESS/CGROUP.
#   scrape.sh: the live endpoint's (sysstat-metrics) bench.
#   om_bench.sh: sadf --openmetrics against sadf -j -A on the synthetic day: no
#     more CPU, flat memory.
#   use_bench.sh: sar --use against our sar -A on the synthetic day: no slower,
#     with flat memory.
#   follow_bench.sh: follow mode (sar/sadf --follow): the follower's CPU time
#     idle and per record.
#   history_bench.sh: the cost of windows across days, compressed and old files.
#   startup_bench.sh: what a run of sar and sadf costs before it reports.
#   live_bench.sh: iostat, mpstat, pidstat, cifsiostat and tapestat: CPU per
#     interval and one-shot runs over the same snapshots (tests/live.md).
#   collect_bench.sh: the default collection's bytes and CPU a sample against
#     the former default, Debian's sadc and atop, with 100 and 1,000 processes.
#   archive_tools_bench.sh: iostat, pidstat and mpstat --archive over the
#     synthetic day against our sar -d, --proc and -P ALL: CPU and memory.
#   replay_bench.sh: sar -A and every sadf format over the synthetic day
#     against Debian's, median of REPS runs with the range (issue 27's table).
EXTRA_DIST += bench/sadc_bench.sh bench/cputime.py bench/sar_bench.sh \
	bench/sadf_bench.sh bench/scale_bench.sh bench/who_bench.sh \
	bench/scrape.sh bench/om_bench.sh bench/use_bench.sh bench/lib.sh \
	bench/follow_bench.sh bench/history_bench.sh bench/startup_bench.sh \
	bench/live_bench.sh bench/collect_bench.sh bench/archive_tools_bench.sh \
	bench/replay_bench.sh
