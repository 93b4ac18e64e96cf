#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A strict checker of OpenMetrics 1.0 text expositions.

Checks the rules of doc/metrics.md section 1 and of the
OpenMetrics 1.0 specification's ABNF and text-format sections:

- UTF-8 without a byte order mark, lines ended by \\n alone (no \\r, no
  blank lines);
- metric names [a-zA-Z_:][a-zA-Z0-9_:]*, label names [a-zA-Z_][a-zA-Z0-9_]*,
  neither starting with "_" (reserved) and no ":" in a metric name
  (reserved for recording rules); label values and HELP texts escaped
  (\\\\, \\" and \\n only; no raw double quote); no duplicate label name;
  single spaces between the fields, no trailing comma in a label set;
- per family, # TYPE, # UNIT and # HELP each at most once, before the
  family's samples and in that order; a known type; a non-empty UNIT a
  suffix "_<unit>" of the family name; no other comment line;
- sample names by type: a counter's are <family>_total and
  <family>_created, a gauge's, an unknown's and a stateset's the family
  name, an info's <family>_info, a summary's and a histogram's theirs;
  no family whose sample names clash with another family's;
- families not interleaved (a family's lines are contiguous), the samples
  of one series (a label set of a family) contiguous, each series'
  timestamps strictly increasing, at most one point without a timestamp;
- value syntax (real numbers, NaN, +Inf, -Inf; case-insensitive as the
  ABNF says), timestamp syntax (real numbers, Unix seconds: a timestamp
  after the year 5138 is taken for milliseconds), a counter's total
  neither NaN nor negative, an info's value 1, a stateset's 0 or 1;
  exemplars only on a counter's _total or a histogram's _bucket, their
  label sets at most 128 characters;
- "# EOF" last, with at most one \\n after it and nothing else.

Options:
  --require-labels a,b    every sample has these labels, non-empty
  --require-meta          every family has a # TYPE and a # HELP
  --timestamps            every sample has a timestamp (a backfill)
  --no-timestamps         no sample has one (a live scrape)
  --max-errors N          print at most N violations (default 100), then
                          how many more there were

Prints one line per violation, "FILE:LINE: message", and exits 1 when
there is any, else 0 (2 on a usage error). FILE "-" reads stdin.
"""

import argparse
import math
import re
import signal
import sys

METRIC_NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")
LABEL_NAME = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*")
UNIT_TEXT = re.compile(r"[a-zA-Z0-9_:]*\Z")
REAL = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?|[0-9]*\.[0-9]+(?:[eE][+-]?[0-9]+)?)"
REAL_RE = re.compile(REAL + r"\Z")
NUMBER_RE = re.compile(r"(?:" + REAL + r"|[+-]?(?:[iI][nN][fF]|[iI][nN][fF][iI][nN][iI][tT][yY])|[nN][aA][nN])\Z")
# A sample without labels or escapes, the common case: name, value, timestamp.
FAST_SAMPLE = re.compile(r"([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^\\{}]*)\})? ([^ ]+)(?: ([^ #]+))?\Z")
FAST_LABEL = re.compile(r"([a-zA-Z_][a-zA-Z0-9_]*)=\"([^\"\\]*)\"")

SUFFIXES = {
    "counter": ("_total", "_created"),
    "gauge": ("",),
    "unknown": ("",),
    "stateset": ("",),
    "info": ("_info",),
    "summary": ("", "_count", "_sum", "_created"),
    "histogram": ("_count", "_sum", "_bucket", "_created"),
    "gaugehistogram": ("_gcount", "_gsum", "_bucket"),
}
ALL_SUFFIXES = {s for v in SUFFIXES.values() for s in v}
# Labels that tell the points of one metric apart rather than the metric.
POINT_LABELS = {"summary": ("quantile",), "histogram": ("le",), "gaugehistogram": ("le",)}
EXEMPLAR_SAMPLES = {"counter": ("_total",), "histogram": ("_bucket",), "gaugehistogram": ("_bucket",)}
# 1e11 seconds is the year 5138: such a timestamp is milliseconds.
MAX_SECONDS = 1e11


class Family:
    def __init__(self, name, line, explicit):
        self.name = name
        self.line = line
        self.explicit = explicit  # declared by metadata, not by a first sample
        self.type = None  # None: no # TYPE (unknown)
        self.meta = {}  # "TYPE"/"UNIT"/"HELP" -> line
        self.n_samples = 0
        self.series = {}  # metric key -> line it began on
        self.cur_key = None
        self.cur_last = {}  # sample name -> (last timestamp or None, line)

    def kind(self):
        return self.type or "unknown"

    def sample_names(self):
        return [self.name + s for s in SUFFIXES[self.kind()]]


class Checker:
    def __init__(self, path, opts):
        self.path = path
        self.opts = opts
        self.errors = 0
        self.families = {}  # name -> Family
        self.owner = {}  # sample name -> family name
        self.fam = None
        self.eof_line = None

    def err(self, line, msg):
        self.errors += 1
        if self.errors <= self.opts.max_errors:
            print("%s:%d: %s" % (self.path, line, msg))

    # ---- families ----

    def new_family(self, name, line, explicit):
        if not METRIC_NAME.fullmatch(name):
            self.err(line, "invalid metric name %r" % name)
        else:
            if name.startswith("_"):
                self.err(line, "metric name %s starts with '_' (reserved)" % name)
            if ":" in name:
                self.err(line, "metric name %s has a ':' (reserved for recording rules)" % name)
        old = self.families.get(name)
        if old is not None:
            self.err(line, "family %s interleaved: it began at line %d" % (name, old.line))
        self.finish_family(line)
        f = Family(name, line, explicit)
        self.families[name] = f
        self.fam = f
        return f

    def finish_family(self, line):
        f = self.fam
        if f is None:
            return
        if self.opts.require_meta:
            for m in ("TYPE", "HELP"):
                if m not in f.meta:
                    self.err(f.line, "family %s has no # %s" % (f.name, m))
        self.fam = None

    def claim_names(self, f, line):
        """Registers the sample names of family f, reporting clashes."""
        for s in f.sample_names():
            o = self.owner.get(s)
            if o is not None and o != f.name:
                self.err(line, "family %s's sample name %s clashes with family %s" % (f.name, s, o))
            else:
                self.owner[s] = f.name

    # ---- metadata ----

    def metadata(self, ln, text):
        m = re.match(r"# (TYPE|UNIT|HELP) ([^ ]*)(?: (.*))?\Z", text, re.S)
        if not m:
            if text == "# EOF":
                return
            if re.match(r"#\s*(TYPE|UNIT|HELP|EOF)\b", text, re.I):
                self.err(ln, "malformed metadata line %r" % text[:80])
            else:
                self.err(ln, "comment line not allowed (only # TYPE, # UNIT, # HELP and # EOF): %r" % text[:80])
            return
        what, name, rest = m.group(1), m.group(2), m.group(3)
        if rest is None:
            self.err(ln, "# %s %s: no value (a space and the value are required)" % (what, name))
            rest = ""
        f = self.fam
        if f is None or f.name != name:
            f = self.new_family(name, ln, True)
            self.claim_names(f, ln)
        if what in f.meta:
            self.err(ln, "second # %s for family %s (first at line %d)" % (what, name, f.meta[what]))
            return
        if f.n_samples:
            self.err(ln, "# %s for family %s after its samples" % (what, name))
        order = ("TYPE", "UNIT", "HELP")
        for later in order[order.index(what) + 1:]:
            if later in f.meta:
                self.err(ln, "# %s for family %s after its # %s (the order is TYPE, UNIT, HELP)" % (what, name, later))
                break
        f.meta[what] = ln
        if what == "TYPE":
            if rest not in SUFFIXES:
                self.err(ln, "unknown type %r for family %s" % (rest, name))
                return
            f.type = rest
            # The family's sample names change with its type.
            for s, o in list(self.owner.items()):
                if o == name:
                    del self.owner[s]
            self.claim_names(f, ln)
        elif what == "UNIT":
            if not UNIT_TEXT.match(rest):
                self.err(ln, "invalid unit %r for family %s" % (rest, name))
            elif rest and not name.endswith("_" + rest):
                self.err(ln, "unit %s is not a suffix of family %s (want %s_%s)" % (rest, name, name, rest))
            if rest and f.type in ("stateset", "info"):
                self.err(ln, "a %s family has no unit" % f.type)
        else:
            self.check_escapes(ln, rest, "HELP of %s" % name)

    def check_escapes(self, ln, s, what):
        i = 0
        n = len(s)
        while i < n:
            c = s[i]
            if c == "\\":
                if i + 1 >= n:
                    self.err(ln, "%s ends in a lone backslash" % what)
                    return
                e = s[i + 1]
                if e not in ('n', '"', "\\"):
                    self.err(ln, "%s: undefined escape \\%s (a backslash is written \\\\)" % (what, e))
                i += 2
                continue
            if c == '"':
                self.err(ln, "%s: unescaped double quote" % what)
            i += 1

    # ---- samples ----

    def parse_labels(self, ln, text, pos, what):
        """Parses {..} at text[pos]; returns (list of (name, value), end) or (None, pos)."""
        assert text[pos] == "{"
        i = pos + 1
        labels = []
        n = len(text)
        if i < n and text[i] == "}":
            return labels, i + 1
        while True:
            m = LABEL_NAME.match(text, i)
            if not m:
                self.err(ln, "%s: invalid label name at column %d" % (what, i + 1))
                return None, pos
            name = m.group(0)
            i = m.end()
            if text[i:i + 2] != '="':
                self.err(ln, "%s: label %s: expected =\" at column %d" % (what, name, i + 1))
                return None, pos
            i += 2
            val = []
            while True:
                if i >= n:
                    self.err(ln, "%s: label %s: unterminated value" % (what, name))
                    return None, pos
                c = text[i]
                if c == "\\":
                    e = text[i + 1] if i + 1 < n else ""
                    if e == "n":
                        val.append("\n")
                    elif e in ('"', "\\"):
                        val.append(e)
                    elif e == "":
                        self.err(ln, "%s: label %s: unterminated value" % (what, name))
                        return None, pos
                    else:
                        self.err(ln, "%s: label %s: undefined escape \\%s (a backslash is written \\\\)" % (what, name, e))
                        val.append(e)
                    i += 2
                    continue
                if c == '"':
                    i += 1
                    break
                val.append(c)
                i += 1
            labels.append((name, "".join(val)))
            if i < n and text[i] == ",":
                i += 1
                if i < n and text[i] == "}":
                    self.err(ln, "%s: trailing comma in the label set" % what)
                    return labels, i + 1
                continue
            if i < n and text[i] == "}":
                return labels, i + 1
            self.err(ln, "%s: expected , or } at column %d" % (what, i + 1))
            return None, pos

    def check_label_set(self, ln, labels, what):
        seen = set()
        for name, _ in labels:
            if name in seen:
                self.err(ln, "%s: duplicate label name %s" % (what, name))
            seen.add(name)
            if name.startswith("_"):
                self.err(ln, "%s: label name %s starts with '_' (reserved)" % (what, name))

    def sample(self, ln, text):
        labels = []
        m = FAST_SAMPLE.match(text)
        if m and m.group(2) is not None:
            body = m.group(2)
            if body:
                parts = FAST_LABEL.findall(body)
                rebuilt = ",".join('%s="%s"' % p for p in parts)
                if rebuilt != body:
                    m = None  # the slow path says what is wrong
                else:
                    labels = parts
        if m:
            name, value, ts = m.group(1), m.group(3), m.group(4)
            exemplar = None
        else:
            r = self.slow_sample(ln, text)
            if r is None:
                return
            name, labels, value, ts, exemplar = r
        self.check_label_set(ln, labels, name)
        if not NUMBER_RE.match(value):
            self.err(ln, "%s: invalid value %r" % (name, value))
            return
        if ts is not None and not REAL_RE.match(ts):
            self.err(ln, "%s: invalid timestamp %r" % (name, ts))
            return
        self.place(ln, name, labels, value, ts, exemplar)

    def slow_sample(self, ln, text):
        m = METRIC_NAME.match(text)
        if not m:
            self.err(ln, "invalid sample line (no metric name): %r" % text[:80])
            return None
        name = m.group(0)
        i = m.end()
        labels = []
        if i < len(text) and text[i] == "{":
            labels, i = self.parse_labels(ln, text, i, name)
            if labels is None:
                return None
        rest = text[i:]
        exemplar = None
        k = rest.find(" # ")
        if k >= 0:
            exemplar = rest[k + 3:]
            rest = rest[:k]
        if not rest.startswith(" "):
            self.err(ln, "%s: expected a space and the value" % name)
            return None
        fields = rest[1:].split(" ")
        if len(fields) > 2 or "" in fields:
            self.err(ln, "%s: expected 'value [timestamp]' after the name, single spaces: %r" % (name, rest[:60]))
            return None
        value = fields[0]
        ts = fields[1] if len(fields) == 2 else None
        if exemplar is not None:
            if not exemplar.startswith("{"):
                self.err(ln, "%s: malformed exemplar" % name)
                return None
            el, j = self.parse_labels(ln, exemplar, 0, name + " exemplar")
            if el is None:
                return None
            self.check_label_set(ln, el, name + " exemplar")
            if sum(len(a) + len(b) for a, b in el) > 128:
                self.err(ln, "%s: exemplar labels longer than 128 characters" % name)
            ef = exemplar[j:].split(" ")
            if len(ef) not in (2, 3) or ef[0] != "" or not NUMBER_RE.match(ef[1]) or (
                    len(ef) == 3 and not REAL_RE.match(ef[2])):
                self.err(ln, "%s: malformed exemplar value or timestamp" % name)
        return name, labels, value, ts, exemplar

    def place(self, ln, name, labels, value, ts, exemplar):
        f = self.fam
        if f is None or name not in f.sample_names():
            if f is not None and f.type is not None and name.startswith(f.name) \
                    and name[len(f.name):] in ALL_SUFFIXES and self.owner.get(name) in (None, f.name):
                self.err(ln, "sample %s in %s family %s: its sample names are %s" % (
                    name, f.kind(), f.name, ", ".join(f.sample_names())))
            else:
                owner = self.owner.get(name)
                if owner is not None:
                    self.err(ln, "sample %s of family %s: family interleaved (it began at line %d)" % (
                        name, owner, self.families[owner].line))
                    f = None
                else:
                    f = self.new_family(name, ln, False)
                    self.claim_names(f, ln)
                if f is None:
                    return
        f = self.fam
        f.n_samples += 1
        kind = f.kind()
        suffix = name[len(f.name):]
        point = POINT_LABELS.get(kind, ())
        key = frozenset(kv for kv in labels if kv[0] not in point)
        if key != f.cur_key:
            began = f.series.get(key)
            if began is not None:
                self.err(ln, "series %s{%s} interleaved: its samples began at line %d" % (
                    f.name, ",".join('%s="%s"' % kv for kv in sorted(key)), began))
            else:
                f.series[key] = ln
            f.cur_key = key
            f.cur_last = {}
        # Timestamps.
        if ts is None:
            if self.opts.timestamps:
                self.err(ln, "%s: no timestamp" % name)
        else:
            if self.opts.no_timestamps:
                self.err(ln, "%s: a timestamp (%s)" % (name, ts))
            if abs(float(ts)) >= MAX_SECONDS:
                self.err(ln, "%s: timestamp %s is after the year 5138: milliseconds, not seconds?" % (name, ts))
        pkey = (name, frozenset(labels))
        last = f.cur_last.get(pkey)
        if last is not None:
            lts, lln = last
            if ts is None or lts is None:
                self.err(ln, "%s: a second point of one series (line %d) without a timestamp" % (name, lln))
            elif float(ts) <= float(lts):
                self.err(ln, "%s: timestamp %s not after the series' previous one, %s (line %d)" % (
                    name, ts, lts, lln))
        f.cur_last[pkey] = (ts, ln)
        # Values.
        v = float(value)
        if kind == "counter" and suffix == "_total" and (math.isnan(v) or v < 0):
            self.err(ln, "%s: a counter's total is %s (neither NaN nor negative)" % (name, value))
        if kind == "info" and v != 1:
            self.err(ln, "%s: an info's value is 1, not %s" % (name, value))
        if kind == "stateset" and v not in (0, 1):
            self.err(ln, "%s: a stateset's value is 0 or 1, not %s" % (name, value))
        if exemplar is not None and suffix not in EXEMPLAR_SAMPLES.get(kind, ()):
            self.err(ln, "%s: an exemplar is allowed on a counter's _total or a histogram's _bucket only" % name)
        for req in self.opts.require_labels:
            if not any(k == req and v2 != "" for k, v2 in labels):
                self.err(ln, "%s: no %s label" % (name, req))

    # ---- the whole text ----

    def run(self, data):
        if data.startswith(b"\xef\xbb\xbf"):
            self.err(1, "byte order mark (not allowed)")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            line = data[:e.start].count(b"\n") + 1
            self.err(line, "not UTF-8: %s" % e.reason)
            text = data.decode("utf-8", "replace")
        lines = text.split("\n")
        # A final \n leaves an empty last element: not a line.
        if lines and lines[-1] == "":
            lines.pop()
        else:
            if lines:
                # No final newline: allowed after # EOF only.
                if lines[-1] != "# EOF":
                    self.err(len(lines), "the last line has no \\n")
        for idx, line in enumerate(lines):
            ln = idx + 1
            if self.eof_line is not None:
                self.err(ln, "data after # EOF (line %d)" % self.eof_line)
                break
            if "\r" in line:
                self.err(ln, "carriage return (lines end with \\n alone)")
                line = line.replace("\r", "")
            if line == "":
                self.err(ln, "empty line")
                continue
            if line[0] == "#":
                if line == "# EOF":
                    self.eof_line = ln
                    self.finish_family(ln)
                    continue
                self.metadata(ln, line)
                continue
            self.sample(ln, line)
        if self.eof_line is None:
            self.finish_family(len(lines))
            self.err(max(len(lines), 1), "no # EOF at the end")
        if self.errors > self.opts.max_errors:
            print("%s: %d more violations" % (self.path, self.errors - self.opts.max_errors))
        return self.errors == 0


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under head(1)
    p = argparse.ArgumentParser(description="Strict OpenMetrics 1.0 text checker.")
    p.add_argument("files", nargs="+")
    p.add_argument("--require-labels", default="")
    p.add_argument("--require-meta", action="store_true")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--timestamps", action="store_true")
    g.add_argument("--no-timestamps", action="store_true")
    p.add_argument("--max-errors", type=int, default=100)
    opts = p.parse_args()
    opts.require_labels = [x for x in opts.require_labels.split(",") if x]
    for x in opts.require_labels:
        if not LABEL_NAME.fullmatch(x):
            p.error("invalid label name %r in --require-labels" % x)
    ok = True
    for path in opts.files:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            try:
                with open(path, "rb") as fh:
                    data = fh.read()
            except OSError as e:
                print("%s: cannot read: %s" % (path, e.strerror))
                ok = False
                continue
        if not Checker(path, opts).run(data):
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
