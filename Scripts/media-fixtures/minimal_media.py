#!/usr/bin/env python3
"""Writes the smallest valid files that exiftool will add GPS tags to: a PNG, a TIFF and an MP4.

Usage: minimal_media.py png|tiff|mp4 OUT
The PNG is 16x16 RGB; the TIFF 1x1 grey, uncompressed; the MP4 an ftyp, a moov holding only an
mvhd (creation time 2024-05-01 10:30:00 UTC) and an empty mdat: no pixels or samples anyone plays.
"""
import struct
import sys
import zlib


def png():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    size = 16
    rows = b"".join(b"\x00" + b"".join(bytes([x * 16, y * 16, 128]) for x in range(size)) for y in range(size))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def tiff():
    # Header, then IFD0 at offset 8 with 8 entries, then the one-byte strip.
    entries = [(256, 3, 1, 1), (257, 3, 1, 1), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
               (273, 4, 1, 0), (278, 3, 1, 1), (279, 4, 1, 1)]
    strip = 8 + 2 + len(entries) * 12 + 4
    ifd = struct.pack("<H", len(entries))
    for tag, kind, count, value in entries:
        value = strip if tag == 273 else value
        ifd += struct.pack("<HHI", tag, kind, count) + (struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value))
    return b"II*\x00" + struct.pack("<I", 8) + ifd + struct.pack("<I", 0) + b"\x80"


def mp4():
    def box(kind, payload):
        return struct.pack(">I", 8 + len(payload)) + kind + payload
    created = 1714559400 + 2082844800  # 2024-05-01T10:30:00Z in seconds since 1904
    mvhd = box(b"mvhd", bytes(4) + struct.pack(">IIII", created, created, 1000, 0) + struct.pack(">I", 0x00010000)
               + struct.pack(">H", 0x0100) + bytes(10) + struct.pack(">9I", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000)
               + bytes(24) + struct.pack(">I", 2))
    return box(b"ftyp", b"isom" + struct.pack(">I", 512) + b"isomiso2mp41") + box(b"moov", mvhd) + box(b"mdat", b"")


if __name__ == "__main__":
    kind, out = sys.argv[1], sys.argv[2]
    with open(out, "wb") as f:
        f.write({"png": png, "tiff": tiff, "mp4": mp4}[kind]())
