#!/bin/bash
# tests/tools/om_check.py, the strict OpenMetrics checker the export tests
# rely on, accepts hand-written good expositions and rejects each rule
# violation of doc/metrics.md section 1 (and of the
# OpenMetrics 1.0 ABNF) with its line number and message. Where promtool
# is installed, it agrees on the cases that it is known to reject.
. "${top_srcdir:-.}/tests/lib.sh"

command -v python3 >/dev/null || skip "python3 is not installed"
CHECK=$top_srcdir/tests/tools/om_check.py

# The cases are written first and checked at the end, one python3 run per
# set of options (a python3 start costs 0.1 s here).
: >"$TMPD/cases"

# good NAME [OPTION...] < text: the checker accepts the text.
good() {
	local name=$1
	shift
	cat >"$TMPD/$name.om"
	printf 'good\037%s\037\037\037%s\n' "$name" "$*" >>"$TMPD/cases"
}

# bad NAME LINE REGEX [OPTION...] < text: the checker rejects the text, its
# first message on it being "FILE:LINE: ..." matching REGEX.
bad() {
	local name=$1 line=$2 re=$3
	shift 3
	cat >"$TMPD/$name.om"
	printf 'bad\037%s\037%s\037%s\037%s\n' "$name" "$line" "$re" "$*" >>"$TMPD/cases"
}

check_cases() {
	local opts kind name line re o first rc
	cut -d $'\037' -f5 "$TMPD/cases" | sort -u >"$TMPD/optsets"
	while IFS= read -r opts; do
		local list=()
		while IFS=$'\037' read -r kind name line re o; do
			[ "$o" = "$opts" ] && list+=("$TMPD/$name.om")
		done <"$TMPD/cases"
		# shellcheck disable=SC2086
		python3 "$CHECK" --max-errors 1000 $opts "${list[@]}" >"$TMPD/out.$$" 2>&1
		rc=$?
		[ $rc -le 1 ] || { fail "om_check.py $opts: exit status $rc: $(head -3 "$TMPD/out.$$")"; continue; }
		while IFS=$'\037' read -r kind name line re o; do
			[ "$o" = "$opts" ] || continue
			first=$(grep -F -m1 "$TMPD/$name.om:" "$TMPD/out.$$")
			if [ "$kind" = good ]; then
				[ -z "$first" ] && pass || fail "good input $name rejected: $first"
			elif [ -z "$first" ]; then
				fail "bad input $name accepted (want line $line: /$re/)"
			elif ! [[ "$first" =~ ^"$TMPD/$name.om:$line: ".*$re ]]; then
				fail "bad input $name: want line $line and /$re/, got: $first"
			else
				pass
			fi
		done <"$TMPD/cases"
	done <"$TMPD/optsets"
}

# ---- good ----
good spec_example <<'EOF'
# TYPE acme_http_router_request_seconds summary
# UNIT acme_http_router_request_seconds seconds
# HELP acme_http_router_request_seconds Latency though all of ACME's HTTP request router.
acme_http_router_request_seconds_sum{path="/api/v1",method="GET"} 9036.32
acme_http_router_request_seconds_count{path="/api/v1",method="GET"} 807283.0
acme_http_router_request_seconds_created{path="/api/v1",method="GET"} 1605281325.0
acme_http_router_request_seconds_sum{path="/api/v2",method="POST"} 479.3
acme_http_router_request_seconds_count{path="/api/v2",method="POST"} 34.0
acme_http_router_request_seconds_created{path="/api/v2",method="POST"} 1605281325.0
# TYPE go_goroutines gauge
# HELP go_goroutines Number of goroutines that currently exist.
go_goroutines 69
# TYPE process_cpu_seconds counter
# UNIT process_cpu_seconds seconds
# HELP process_cpu_seconds Total user and system CPU time spent in seconds.
process_cpu_seconds_total 4.20072246e+06
# EOF
EOF
good backfill --timestamps --require-labels instance,job --require-meta <<'EOF'
# TYPE node_uname_info gauge
# HELP node_uname_info Labeled system information as provided by the uname system call.
node_uname_info{sysname="Linux",release="6.1.0",nodename="h",machine="x86_64",instance="h",job="node"} 1 1700000000
# TYPE node_cpu_seconds counter
# UNIT node_cpu_seconds seconds
# HELP node_cpu_seconds Seconds the CPUs spent in each mode.
node_cpu_seconds_total{cpu="0",mode="user",instance="h",job="node"} 1.5 1700000000
node_cpu_seconds_total{cpu="0",mode="user",instance="h",job="node"} 2.25 1700000010
node_cpu_seconds_total{cpu="0",mode="user",instance="h",job="node"} 0.5 1700000020
node_cpu_seconds_total{cpu="0",mode="nice",instance="h",job="node"} 0 1700000000
node_cpu_seconds_total{cpu="0",mode="nice",instance="h",job="node"} 0 1700000010.5
# TYPE node_load1 gauge
# HELP node_load1 1m load average.
node_load1{instance="h",job="node"} NaN 1700000000
node_load1{instance="h",job="node"} +Inf 1700000010
node_load1{instance="h",job="node"} -1.5e-3 1700000020
# TYPE node_vmstat_pgfault unknown
# HELP node_vmstat_pgfault /proc/vmstat information field pgfault.
node_vmstat_pgfault{instance="h",job="node"} 12 1700000000
# EOF
EOF
good live --no-timestamps <<'EOF'
# TYPE foo counter
# HELP foo A counter with \\ and \n and \" in its help.
foo_total{a="x\\y",b="quote \" newline \n"} 17.0
foo_created{a="x\\y",b="quote \" newline \n"} 1520430000.123
foo_total{a="{}, \"="} 1
foo_total{} 3
# TYPE bar gauge
bar 0
# TYPE baz info
baz_info{version="1.0"} 1
# TYPE st stateset
st{st="a"} 0
st{st="b"} 1
# TYPE h histogram
h_bucket{le="1"} 0
h_bucket{le="+Inf"} 2 # {trace_id="abc"} 0.5 1520879607.789
h_count 2
h_sum 1.5
# TYPE empty gauge
# EOF
EOF
# An empty UNIT or HELP still has its space (the ABNF's SP).
printf '# TYPE e gauge\n# UNIT e \n# HELP e \n# EOF\n' | good empty_meta
printf '# TYPE x gauge\nx 1\n# EOF' >"$TMPD/noeol.om"
good eof_without_newline <"$TMPD/noeol.om"
good numbers <<'EOF'
# TYPE n gauge
n{a="1"} 0042
n{a="2"} 1.
n{a="3"} .5
n{a="4"} 1E10
n{a="5"} -Infinity
n{a="6"} nan
n{a="7"} +inf
# EOF
EOF
good implicit_families <<'EOF'
a 1
b_total 2
# EOF
EOF
good utf8_and_nul <<'EOF'
# TYPE u gauge
# HELP u Température, 温度 ✓
u{place="Zürich"} 1
# EOF
EOF

# ---- bad: the text as a whole ----
printf '# TYPE x gauge\nx 1\n' >"$TMPD/in"
bad no_eof 2 'no # EOF' <"$TMPD/in"
printf '# TYPE x gauge\nx 1\n# EOF\n\n' >"$TMPD/in"
bad blank_after_eof 4 'data after # EOF' <"$TMPD/in"
printf '# TYPE x gauge\nx 1\n# EOF\nx 2\n' >"$TMPD/in"
bad sample_after_eof 4 'data after # EOF' <"$TMPD/in"
printf '# TYPE x gauge\r\nx 1\n# EOF\n' >"$TMPD/in"
bad crlf 1 'carriage return' <"$TMPD/in"
printf '# TYPE x gauge\n\nx 1\n# EOF\n' >"$TMPD/in"
bad empty_line 2 'empty line' <"$TMPD/in"
printf '# TYPE x gauge\nx{a="\xff"} 1\n# EOF\n' >"$TMPD/in"
bad not_utf8 2 'not UTF-8' <"$TMPD/in"
printf '\xef\xbb\xbf# TYPE x gauge\nx 1\n# EOF\n' >"$TMPD/in"
bad bom 1 'byte order mark' <"$TMPD/in"
bad comment 2 'comment line not allowed' <<'EOF'
# TYPE x gauge
# just a comment
x 1
# EOF
EOF
bad eof_lowercase 2 'malformed metadata' <<'EOF'
x 1
# eof
EOF

# ---- bad: names ----
bad metric_name 1 'invalid sample line' <<'EOF'
1x 1
# EOF
EOF
bad metric_name_meta 1 'invalid metric name' <<'EOF'
# TYPE x-y gauge
# EOF
EOF
bad metric_colon 1 'reserved for recording rules' <<'EOF'
# TYPE job:x gauge
job:x 1
# EOF
EOF
bad metric_underscore 1 "starts with '_'" <<'EOF'
_x 1
# EOF
EOF
bad label_name 1 'invalid label name' <<'EOF'
x{1a="b"} 1
# EOF
EOF
bad label_reserved 1 "label name __name starts with '_'" <<'EOF'
x{__name="b"} 1
# EOF
EOF
bad duplicate_label 2 'duplicate label name a' <<'EOF'
# TYPE x gauge
x{a="1",b="2",a="3"} 1
# EOF
EOF

# ---- bad: escapes and syntax ----
bad bad_escape 1 'undefined escape' <<'EOF'
x{a="\a"} 1
# EOF
EOF
bad unterminated 1 'unterminated value' <<'EOF'
x{a="abc} 1
# EOF
EOF
bad raw_newline_escape 1 'unterminated value' <<'EOF'
x{a="abc\
# EOF
EOF
bad trailing_comma 1 'trailing comma' <<'EOF'
x{a="1",} 1
# EOF
EOF
bad unquoted 1 'expected =" ' <<'EOF'
x{a=1} 1
# EOF
EOF
bad double_space 1 'single spaces' <<'EOF'
x  1
# EOF
EOF
bad trailing_space 1 'single spaces' <<'EOF'
x 1 
# EOF
EOF
bad help_quote 2 'unescaped double quote' <<'EOF'
# TYPE x gauge
# HELP x a "quoted" word
# EOF
EOF
bad help_escape 2 'undefined escape \\t' <<'EOF'
# TYPE x gauge
# HELP x a\tb
# EOF
EOF
bad value_syntax 1 "invalid value '1,5'" <<'EOF'
x 1,5
# EOF
EOF
bad value_hex 1 "invalid value '0x10'" <<'EOF'
x 0x10
# EOF
EOF
bad value_signed_nan 1 "invalid value '\\+NaN'" <<'EOF'
x +NaN
# EOF
EOF
bad value_missing 1 'expected a space and the value' <<'EOF'
x{a="1"}
# EOF
EOF
bad ts_syntax 1 'invalid timestamp' <<'EOF'
x 1 12:00
# EOF
EOF
bad ts_inf 1 'invalid timestamp' <<'EOF'
x 1 +Inf
# EOF
EOF
bad ts_ms 1 'milliseconds' <<'EOF'
x 1 1700000000000
# EOF
EOF
bad three_fields 1 'single spaces' <<'EOF'
x 1 2 3
# EOF
EOF

# ---- bad: metadata ----
bad type_twice 3 'second # TYPE' <<'EOF'
# TYPE x gauge
# HELP x y
# TYPE x gauge
x 1
# EOF
EOF
bad help_twice 3 'second # HELP' <<'EOF'
# TYPE x gauge
# HELP x y
# HELP x z
x 1
# EOF
EOF
bad unit_twice 3 'second # UNIT' <<'EOF'
# TYPE x_seconds gauge
# UNIT x_seconds seconds
# UNIT x_seconds seconds
# EOF
EOF
bad meta_after_samples 3 '# HELP for family x after its samples' <<'EOF'
# TYPE x gauge
x 1
# HELP x late
# EOF
EOF
bad order_help_type 2 'after its # HELP' <<'EOF'
# HELP x y
# TYPE x gauge
x 1
# EOF
EOF
bad order_unit_type 2 'after its # UNIT' <<'EOF'
# UNIT x_bytes bytes
# TYPE x_bytes gauge
# EOF
EOF
bad unit_not_suffix 2 'unit seconds is not a suffix' <<'EOF'
# TYPE foo counter
# UNIT foo seconds
foo_total 1
# EOF
EOF
bad unit_partial_suffix 2 'not a suffix' <<'EOF'
# TYPE foobytes gauge
# UNIT foobytes bytes
# EOF
EOF
bad unknown_type 1 "unknown type 'untyped'" <<'EOF'
# TYPE x untyped
x 1
# EOF
EOF
bad type_no_value 1 'no value' <<'EOF'
# TYPE x
x 1
# EOF
EOF
bad require_meta 1 'family x has no # HELP' --require-meta <<'EOF'
# TYPE x gauge
x 1
# EOF
EOF
bad require_meta_type 1 'family y has no # TYPE' --require-meta <<'EOF'
y 1
# EOF
EOF

# ---- bad: sample names by type ----
bad counter_no_total 2 'its sample names are c_total, c_created' <<'EOF'
# TYPE c counter
c 1
# EOF
EOF
bad gauge_total 2 'sample g_total in gauge family g' <<'EOF'
# TYPE g gauge
g_total 1
# EOF
EOF
bad unknown_suffix 2 'sample u_total in unknown family u' <<'EOF'
# TYPE u unknown
u_total 1
# EOF
EOF
bad info_name 2 'its sample names are i_info' <<'EOF'
# TYPE i info
i 1
# EOF
EOF
bad name_clash 3 "clashes with family c" <<'EOF'
# TYPE c counter
c_total 1
# TYPE c_created gauge
c_created 1
# EOF
EOF

# ---- bad: interleaving, series, timestamps ----
bad family_interleaved 5 'family a interleaved' <<'EOF'
# TYPE a gauge
a 1
# TYPE b gauge
b 1
# TYPE a gauge
a 2
# EOF
EOF
bad family_interleaved_sample 5 'sample a_total of family a: family interleaved' <<'EOF'
# TYPE a counter
a_total 1 1
# TYPE b gauge
b 1 1
a_total 2 2
# EOF
EOF
bad series_interleaved 4 'series x\{a="1"\} interleaved: its samples began at line 2' <<'EOF'
# TYPE x gauge
x{a="1"} 1 10
x{a="2"} 1 10
x{a="1"} 2 20
# EOF
EOF
bad series_interleaved_reordered 4 'interleaved' <<'EOF'
# TYPE x gauge
x{a="1",b="2"} 1 10
x{a="2",b="2"} 1 10
x{b="2",a="1"} 2 20
# EOF
EOF
bad ts_equal 3 'not after the series' <<'EOF'
# TYPE x gauge
x 1 10
x 2 10
# EOF
EOF
bad ts_decreasing 4 'timestamp 15 not after the series. previous one, 20' <<'EOF'
# TYPE x counter
x_total 1 10
x_total 2 20
x_total 3 15
# EOF
EOF
bad two_points_no_ts 3 'without a timestamp' <<'EOF'
# TYPE x gauge
x 1
x 2
# EOF
EOF
bad need_ts 3 'no timestamp' --timestamps <<'EOF'
# TYPE x gauge
x 1 10
x 2
# EOF
EOF
bad no_ts_allowed 2 'a timestamp' --no-timestamps <<'EOF'
# TYPE x gauge
x 1 10
# EOF
EOF
bad require_labels 3 'no job label' --require-labels instance,job <<'EOF'
# TYPE x gauge
x{instance="a",job="node"} 1
x{instance="a"} 1
# EOF
EOF
bad require_labels_empty 2 'no instance label' --require-labels instance,job <<'EOF'
# TYPE x gauge
x{instance="",job="node"} 1
# EOF
EOF

# ---- bad: values by type ----
bad counter_nan 2 "a counter's total is NaN" <<'EOF'
# TYPE c counter
c_total NaN
# EOF
EOF
bad counter_negative 2 "a counter's total is -1" <<'EOF'
# TYPE c counter
c_total -1
# EOF
EOF
bad info_value 2 "an info's value is 1" <<'EOF'
# TYPE i info
i_info{v="1"} 2
# EOF
EOF
bad exemplar_on_gauge 2 'an exemplar is allowed' <<'EOF'
# TYPE g gauge
g 1 # {a="b"} 1
# EOF
EOF

check_cases

# Every violation is counted; --max-errors caps the lines printed.
printf '# TYPE x gauge\nx 1,0\nx 2,0\nx 3,0\n# EOF\n' >"$TMPD/many.om"
python3 "$CHECK" --max-errors 1 "$TMPD/many.om" >"$TMPD/out" 2>&1
if [ $? -eq 1 ] && [ "$(wc -l <"$TMPD/out")" = 2 ] && grep -q ': 2 more violations$' "$TMPD/out"; then
	pass
else
	fail "--max-errors 1: $(cat "$TMPD/out")"
fi
# A usage error is not a verdict.
python3 "$CHECK" --timestamps --no-timestamps "$TMPD/many.om" >/dev/null 2>&1
[ $? -eq 2 ] && pass || fail "--timestamps --no-timestamps: exit status not 2"

# promtool agrees on what it is known to reject (spec section 1).
if command -v promtool >/dev/null; then
	for c in no_eof blank_after_eof unit_not_suffix duplicate_label; do
		if promtool tsdb create-blocks-from openmetrics "$TMPD/$c.om" "$TMPD/blocks-$c" \
			>"$TMPD/p.out" 2>&1; then
			fail "promtool accepts $c, which om_check rejects"
		else
			pass
		fi
	done
	printf '# TYPE x gauge\nx 1 1700000000\n# EOF\n' >"$TMPD/ok.om"
	if promtool tsdb create-blocks-from openmetrics "$TMPD/ok.om" "$TMPD/blocks-ok" >"$TMPD/p.out" 2>&1; then
		pass
	else
		fail "promtool rejects a minimal good exposition: $(tail -2 "$TMPD/p.out")"
	fi
else
	echo "promtool not installed: the comparison with it is not run"
fi
finish
