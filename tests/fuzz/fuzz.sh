#!/bin/bash
# Runs one fuzz target for a while, then merges what it found into its saved
# corpus (tests/fuzz/corpus/TARGET, minimised with libFuzzer's -merge=1).
#
#   tests/fuzz/fuzz.sh BUILD_DIR TARGET SECONDS [SEED_DIR...]
#
# BUILD_DIR is configured with CC=clang --enable-fuzzers --enable-sanitizers;
# TARGET is archive, sar, sadf, procfs, append, http, procpid, cgroup, convert or history. Seeds of the archive targets: the
# saved corpora of the three, the shared corpus when it is beside the
# checkout, and any SEED_DIR given (our sadc's files, say); procfs starts
# from its own corpus and the SEED_DIRs (a selector byte, then a file's text). Crashes, leaks and timeouts are written to
# BUILD_DIR/fuzz-TARGET/ as crash-*, leak-*, timeout-*; the closing lines of
# libFuzzer (cov:, ft:, executions) are printed.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
target=$2
seconds=$3
shift 3
bin="$build/tests/fuzz/fuzz_$target"
work="$build/fuzz-$target"
[ -x "$bin" ] || { echo "fuzz.sh: no $bin (configure with --enable-fuzzers)" >&2; exit 2; }
mkdir -p "$work/corpus"
dict=(-dict="$top/tests/fuzz/archive.dict")
seeds=("$top/tests/fuzz/corpus/archive" "$top/tests/fuzz/corpus/sar" "$top/tests/fuzz/corpus/sadf")
shared="${SYSREC_SHARED:-$top/../shared}/corpus"
[ -d "$shared" ] && seeds+=("$shared/upstream/files" "$shared/upstream/generated" "$shared/live")
merge_opts=()
if [ "$target" = procfs ] || [ "$target" = http ] || [ "$target" = procpid ] ||
	[ "$target" = cgroup ]; then
	dict=()
	seeds=("$top/tests/fuzz/corpus/$target")
fi
# convert starts from its own corpus and the SEED_DIRs (old-format files that
# tests/fuzz/old_seeds.py writes), never from the shared corpus.
[ "$target" = convert ] && seeds=("$top/tests/fuzz/corpus/convert")
# history's inputs are several files with a separator line: its own corpus.
[ "$target" = history ] && seeds=("$top/tests/fuzz/corpus/history")
# fuzz_http parses every prefix of its input: hit counts make hundreds of
# features of the same edges, so its corpus keeps the inputs that add edges.
[ "$target" = http ] && merge_opts=(-use_counters=0)
existing=()
for d in "${seeds[@]}" "$@"; do
	[ -d "$d" ] && existing+=("$d")
done
# -close_fd_mask=2: the programs' own messages are noise here (reports still show).
"$bin" "${dict[@]}" -max_total_time="$seconds" -timeout=10 \
	-rss_limit_mb=2048 -close_fd_mask=2 -print_final_stats=1 -artifact_prefix="$work/" \
	"$work/corpus" "${existing[@]}" >"$work/log" 2>&1 || true
grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE)' "$work/log" | tail -1
grep -E '^stat::' "$work/log" || true
grep -E 'ERROR|SUMMARY|runtime error' "$work/log" | head -5 || true
# Minimise into the saved corpus.
new="$work/merged"
rm -rf "$new" && mkdir -p "$new"
# From the saved corpus, what this run found and the SEED_DIRs given (never
# the shared corpus: nothing of ../shared goes into the project).
keep=()
for d in "$top/tests/fuzz/corpus/$target" "$work/corpus" "$@"; do
	[ -d "$d" ] && keep+=("$d")
done
"$bin" -merge=1 "${merge_opts[@]}" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=2 "$new" "${keep[@]}" \
	>"$work/merge.log" 2>&1
rm -rf "$top/tests/fuzz/corpus/$target" && mv "$new" "$top/tests/fuzz/corpus/$target"
echo "$target: saved corpus $(ls "$top/tests/fuzz/corpus/$target" | wc -l) inputs," \
	"$(du -sk "$top/tests/fuzz/corpus/$target" | cut -f1) kB"
