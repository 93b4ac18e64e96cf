#!/usr/bin/env python3
"""Writes small daily files of the old formats 0x2171 (sysstat 9.1.6) and
0x2173 (10.3.1 to 11.6.x) into DIR, as seeds of the fuzz_convert target:
every activity the converter upgrades, in each old magic it knows, a few
statistics records with a restart and a comment between them, in both byte
orders and with 4- and 8-byte longs. The values are arbitrary but regular
(counters that grow), names are short, and some lists end early (an empty
interface name, a zero device, a zero frequency) as old sadc left them.

    tests/fuzz/old_seeds.py DIR
"""
import struct
import sys

MB = 0x8A
# (id, magic, nr, nr2, item size) of the old activity lists.
LIST_2171 = [(1, MB, 3, 1, 144), (2, MB, 1, 1, 32), (3, MB, 5, 1, 16), (4, MB, 1, 1, 16),
             (5, MB, 1, 1, 64), (6, MB, 1, 1, 20), (7, MB, 1, 1, 64), (8, MB, 1, 1, 16),
             (9, MB, 1, 1, 24), (10, MB, 3, 1, 28), (11, MB, 3, 1, 80), (12, MB, 3, 1, 72),
             (13, MB, 3, 1, 88), (17, MB, 1, 1, 64), (18, MB, 1, 1, 64), (25, MB, 1, 1, 80),
             (26, MB, 1, 1, 88), (30, MB, 3, 1, 8), (34, MB, 1, 1, 16), (35, MB, 3, 3, 32)]
LIST_2173 = [(1, MB, 3, 1, 160), (2, MB, 1, 1, 32), (3, MB + 1, 4, 1, 8), (6, MB + 1, 1, 1, 48),
             (7, MB, 1, 1, 136), (34, MB, 1, 1, 16), (9, MB + 1, 1, 1, 32),
             (11, MB + 1, 3, 1, 64), (12, MB + 2, 3, 1, 144), (13, MB + 1, 3, 1, 160),
             (12, MB + 1, 3, 1, 128), (17, MB + 1, 1, 1, 128), (18, MB + 1, 1, 1, 128),
             (25, MB + 1, 1, 1, 160), (26, MB + 1, 1, 1, 176), (39, MB, 3, 1, 20),
             (30, MB, 3, 1, 8), (36, MB, 2, 1, 88), (37, MB, 2, 1, 336), (37, MB, 2, 1, 160)]


class Writer:
    def __init__(self, big, long8):
        self.e = '>' if big else '<'
        self.long8 = long8
        self.b = bytearray()

    def u8(self, v):
        self.b += struct.pack('B', v & 0xFF)

    def u16(self, v):
        self.b += struct.pack(self.e + 'H', v)

    def u32(self, v):
        self.b += struct.pack(self.e + 'I', v & 0xFFFFFFFF)

    def u64(self, v):
        self.b += struct.pack(self.e + 'Q', v & 0xFFFFFFFFFFFFFFFF)

    def long(self, v):
        """A long in an 8-byte slot (4 bytes and padding on a 32-bit writer)."""
        if self.long8:
            self.u64(v)
        else:
            self.u32(v)
            self.b += b'\0' * 4

    def raw(self, data, n):
        self.b += data[:n].ljust(n, b'\0')


def item(w, ident, magic, size, k, rec):
    """One item of activity ident: counters that grow with rec, a name for k."""
    start = len(w.b)
    v = 1000 * (rec + 1) + 7 * k
    if ident == 3:  # interrupts: one counter
        w.u64(v)
    elif ident == 10:  # serial lines: six counters then the line, numbered from 1
        for _ in range(6):
            w.u32(v)
        w.u32(0 if k == 2 else k + 1)
    elif ident in (12, 13) and magic == MB:  # longs, then the interface
        for _ in range(7 if ident == 12 else 9):
            w.long(v)
        w.raw(b'' if k == 2 else b'eth%d' % k, 16)
    elif ident == 12 and magic == MB + 2:
        for _ in range(7):
            w.u64(v)
            w.raw(b'', 8)
        w.u32(1000)
        w.raw(b'' if k == 2 else b'em%d' % k, 16)
        w.u8(2)
    elif ident == 11 and magic == MB:  # disks: two u64, longs, major and minor
        w.u64(v)
        w.raw(b'', 8)
        w.u64(v)
        w.raw(b'', 8)
        for _ in range(5):
            w.long(v)
        w.u32(0 if k == 2 else 8)
        w.u32(16 * k)
    elif ident == 35:  # frequencies: a u64 and a long on 16 bytes each
        w.u64(v)
        w.raw(b'', 8)
        w.long(0 if k == 2 else 800000 + k)
        w.raw(b'', 8)
    elif ident == 37:  # filesystems: five u64 on 16 bytes, the name(s)
        for _ in range(5):
            w.u64(0 if k == 1 else v)
            w.raw(b'', 8)
        w.raw(b'/dev/sd%c' % (97 + k), 128)
        if size > 208:
            w.raw(b'/mnt/%d' % k, 128)
    elif ident == 36:  # usb devices: bus, ids, power, strings
        w.u32(0 if k == 1 else 1)
        w.u32(0x1d6b)
        w.u32(2)
        w.u32(250)
    else:
        step = 16 if magic > MB or ident in (1, 2) else 8
        while len(w.b) - start + step <= size:
            w.u64(v) if step == 16 or w.long8 else w.long(v)
            if step == 16:
                w.raw(b'', 8)
    w.raw(b'', size - (len(w.b) - start))
    del w.b[start + size:]


def record(w, rtype, rec, hz=100):
    """An old record header: uptime, uptime0 (jiffies of one CPU), time, type and clock."""
    h = Writer(w.e == '>', w.long8)
    h.u64(rec * 60 * hz * 3)
    h.raw(b'', 8)
    h.u64(rec * 60 * hz)
    h.raw(b'', 8)
    h.long(1484956800 + 600 * rec)
    h.b += bytes([rtype, 10, rec, 5, 0, 0, 0, 0])
    w.b += h.b


def old_file(fmt, acts, big, long8, vol):
    w = Writer(big, long8)
    w.u16(0xD596)
    w.u16(fmt)
    w.b += bytes([9, 1, 6, 0]) if fmt == 0x2171 else bytes([11, 6, 5, 0])
    if fmt == 0x2173:
        w.u32(288)
        w.raw(b'', 76 - 12)
    hdr = len(w.b)
    w.long(1484956800)
    if fmt == 0x2173:
        w.u32(4)  # CPUs at the last restart
    w.u32(len(acts))
    if fmt == 0x2173:
        w.u32(len(vol))
    w.b += bytes([21, 0, 117, 8 if long8 else 4])
    for name in (b'Linux', b'seed', b'4.4.14', b'x86_64'):
        w.raw(name, 65)
    w.raw(b'', (280 if fmt == 0x2171 else 288) - (len(w.b) - hdr))
    for a in acts:
        for v in a:
            w.u32(v)
    for rec, rtype in enumerate((2, 1, 1, 4, 2, 1)):
        record(w, rtype, rec)
        if rtype == 4:
            w.raw(b'seed comment %d' % rec, 64)
        elif rtype == 2:
            for v in vol:
                for x in v:
                    w.u32(x)
        else:
            for ident, magic, nr, nr2, size in acts:
                nr_now = 1 if ident == 3 and magic < MB + 2 else nr
                n2 = nr if ident == 3 and magic < MB + 2 else nr2
                for k in range(nr_now * n2):
                    item(w, ident, magic, size, k, rec)
    return bytes(w.b)


def main():
    out = sys.argv[1]
    seeds = {
        'seed-2171-le64': old_file(0x2171, LIST_2171, False, True, []),
        'seed-2171-le32': old_file(0x2171, LIST_2171, False, False, []),
        'seed-2171-be64': old_file(0x2171, LIST_2171, True, True, []),
        'seed-2173-le64': old_file(0x2173, LIST_2173, False, True, [(1, MB, 3, 1, 160),
                                                                    (30, MB, 3, 1, 8)]),
        'seed-2173-be32': old_file(0x2173, LIST_2173, True, False, [(1, MB, 3, 1, 160),
                                                                    (0, 0, 0, 0, 0)]),
    }
    for name, data in seeds.items():
        with open('%s/%s' % (out, name), 'wb') as f:
            f.write(data)


if __name__ == '__main__':
    main()
