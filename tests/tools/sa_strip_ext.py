#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""sa_strip_ext.py IN OUT: copies a sysstat daily data file (format magic
0x2175, the writer's byte order equal to this machine's) to OUT without its
extra-structure records: every record whose type is in 5..15 (R_EXTRA_MIN to
R_EXTRA_MAX, sysrec's extension records among them, common/ext.h) is dropped
together with its extra_desc chain. Everything else is copied byte for byte:
the file magic, the header (and an extra_desc chain after the activity
list), the R_STATS, R_RESTART and R_COMMENT records (and the extra_desc
chains they carry).

The walk follows the file's own description (the layout of
doc/format.md, sections 1-4): header_size, the header's
hdr_types_nr, act_size and act_types_nr, rec_size and rec_types_nr, every
activity's has_nr, nr2 and item size, and each extra_desc's count, size and
next flag.

With -v it prints one line to stderr: the statistics, restart and comment
records kept, the records dropped and their bytes. Exit status: 0 when the whole file was walked and written; 1
(with the reason on stderr, OUT not written) for a file of another byte
order, another format, or one that ends inside a record or breaks a limit.
"""
import struct
import sys

SYSSTAT_MAGIC = 0xD596
SYSSTAT_MAGIC_SWAPPED = 0x96D5
FORMAT_MAGIC = 0x2175
FILE_MAGIC_SIZE = 76
EXTRA_DESC_SIZE = 24
EXTRA_NR_MAX = 8192
EXTRA_SIZE_MAX = 1024
R_STATS, R_RESTART, R_LAST_STATS, R_COMMENT = 1, 2, 3, 4
R_EXTRA_MIN, R_EXTRA_MAX = 5, 15
NR_MAX = 65536 * 4096
NR2_MAX = 4096
COMMENT_LEN = 64


class Bad(Exception):
    pass


def map_size(t):
    return 8 * t[0] + 8 * t[1] + 4 * t[2]


class Walker:
    def __init__(self, data):
        self.d = data
        self.pos = 0

    def take(self, n, what):
        if n < 0 or self.pos + n > len(self.d):
            raise Bad("the file ends inside %s at offset %d" % (what, self.pos))
        b = self.d[self.pos:self.pos + n]
        self.pos += n
        return b

    def extra_chain(self, what):
        """Skips one extra_desc chain (doc/format.md §2.4); returns its length in bytes."""
        start = self.pos
        more = True
        while more:
            nr, size, nxt, t0, t1, t2 = struct.unpack("=6I", self.take(EXTRA_DESC_SIZE, what))
            if nr > EXTRA_NR_MAX or size > EXTRA_SIZE_MAX or map_size((t0, t1, t2)) > size:
                raise Bad("bad extra_desc (nr %d, size %d) in %s at offset %d"
                          % (nr, size, what, self.pos - EXTRA_DESC_SIZE))
            self.take(nr * size, what)
            more = nxt != 0
        return self.pos - start


def u32_field(buf, types, index):
    """The index-th 32-bit field of a stored struct of layout types, or 0
    when the writer's struct has fewer (an older header)."""
    if index >= types[2]:
        return 0
    off = 8 * types[0] + 8 * types[1] + 4 * index
    return struct.unpack_from("=I", buf, off)[0]


def strip(data):
    w = Walker(data)
    magic = w.take(FILE_MAGIC_SIZE, "the file magic")
    sysstat_magic, format_magic = struct.unpack_from("=HH", magic, 0)
    if sysstat_magic == SYSSTAT_MAGIC_SWAPPED:
        raise Bad("written in the other byte order: only files of this machine's byte order are handled")
    if sysstat_magic != SYSSTAT_MAGIC:
        raise Bad("not a sysstat data file (magic 0x%04x)" % sysstat_magic)
    if format_magic != FORMAT_MAGIC:
        raise Bad("format magic 0x%04x, not 0x%04x" % (format_magic, FORMAT_MAGIC))
    header_size = struct.unpack_from("=I", magic, 8)[0]
    hdr_types = struct.unpack_from("=3I", magic, 16)
    if not 1 <= header_size <= 8192 or map_size(hdr_types) > header_size:
        raise Bad("bad header size %d" % header_size)
    hdr = w.take(header_size, "the file header")
    # The header's u32 group: sa_cpu_nr, sa_act_nr, sa_year, act_types_nr[3],
    # rec_types_nr[3], act_size, rec_size, extra_next (since 12.1.7).
    act_nr = u32_field(hdr, hdr_types, 1)
    act_types = tuple(u32_field(hdr, hdr_types, i) for i in (3, 4, 5))
    rec_types = tuple(u32_field(hdr, hdr_types, i) for i in (6, 7, 8))
    act_size = u32_field(hdr, hdr_types, 9)
    rec_size = u32_field(hdr, hdr_types, 10)
    hdr_extra = u32_field(hdr, hdr_types, 11)
    if (act_nr > 256 or act_size > 1024 or rec_size > 512 or map_size(act_types) > act_size
            or map_size(rec_types) > rec_size or act_types[2] < 9 or rec_types[0] < 2):
        raise Bad("bad file header (%d activities, act_size %d, rec_size %d)"
                  % (act_nr, act_size, rec_size))
    acts = []
    for i in range(act_nr):
        a = w.take(act_size, "the activity list")
        f = [u32_field(a, act_types, k) for k in range(9)]
        nr, nr2, has_nr, size = (struct.unpack("=i", struct.pack("=I", v))[0] for v in f[2:6])
        if not (1 <= nr <= NR_MAX and 1 <= nr2 <= NR2_MAX and 1 <= size <= 1024):
            raise Bad("bad activity %d (id %d): nr %d, nr2 %d, size %d" % (i, f[0], nr, nr2, size))
        acts.append((nr, nr2, has_nr, size))
    if hdr_extra:
        w.extra_chain("the header's extra structures")
    out = [data[:w.pos]]
    kept = {R_STATS: 0, R_RESTART: 0, R_COMMENT: 0}
    dropped = dropped_bytes = 0
    # The record header: 2+ u64 (uptime_cs, ust_time), longs, u32 (extra_next
    # since 12.1.7), then the bytes record_type, hour, minute, second.
    type_off = map_size(rec_types)
    if type_off + 4 > rec_size:
        raise Bad("record header too small (%d bytes)" % rec_size)
    while w.pos < len(data):
        start = w.pos
        rh = w.take(rec_size, "a record header")
        rtype = rh[type_off]
        extra = u32_field(rh, rec_types, 0)
        if R_EXTRA_MIN <= rtype <= R_EXTRA_MAX:
            if extra:
                w.extra_chain("an extra-structure record")
            dropped += 1
            dropped_bytes += w.pos - start
            continue
        if rtype == R_STATS:
            if extra:
                w.extra_chain("an R_STATS record's extra structures")
            for nr, nr2, has_nr, size in acts:
                n = nr
                if has_nr:
                    n = struct.unpack("=i", w.take(4, "an item count"))[0]
                    if not 0 <= n <= NR_MAX:
                        raise Bad("bad item count %d at offset %d" % (n, w.pos - 4))
                w.take(n * nr2 * size, "an R_STATS record")
        elif rtype == R_RESTART:
            w.take(4, "an R_RESTART record")
            if extra:
                w.extra_chain("an R_RESTART record's extra structures")
        elif rtype == R_COMMENT:
            w.take(COMMENT_LEN, "an R_COMMENT record")
            if extra:
                w.extra_chain("an R_COMMENT record's extra structures")
        else:
            raise Bad("record type %d at offset %d" % (rtype, start))
        out.append(data[start:w.pos])
        kept[rtype] += 1
    return b"".join(out), kept, dropped, dropped_bytes


def main():
    args = sys.argv[1:]
    verbose = False
    if args and args[0] == "-v":
        verbose = True
        args = args[1:]
    if len(args) != 2:
        sys.exit("usage: sa_strip_ext.py [-v] IN OUT")
    src, dst = args
    with open(src, "rb") as f:
        data = f.read()
    try:
        result, kept, dropped, dropped_bytes = strip(data)
    except Bad as e:
        sys.exit("sa_strip_ext.py: %s: %s" % (src, e))
    with open(dst, "wb") as f:
        f.write(result)
    if verbose:
        print("%s: kept %d statistics, %d restart, %d comment records; dropped %d "
              "extra-structure records (%d bytes)" % (src, kept[R_STATS], kept[R_RESTART],
                                                       kept[R_COMMENT], dropped, dropped_bytes),
              file=sys.stderr)


main()
