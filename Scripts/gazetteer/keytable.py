#!/usr/bin/env python3
"""The gazetteer's key table: folded names and codes, front-coded (see KeyTable.swift for the layout).

``encode(keys)`` turns (folded key, kind letter, byte offset) triples into the table's bytes, sorted by key
bytes, then kind letter, then offset, each once; Swift's ``KeyTable.encode`` writes the same bytes for
imported gazetteers. ``decode(data)`` reads a table back (for checks).

    python3 Scripts/gazetteer/keytable.py TABLE    print a table as key<TAB>kind<TAB>offset lines
"""
import struct
import sys

MAGIC = b"PKY1"
BLOCK = 16
MAXIMUM_KEY = 1024
MAXIMUM_OFFSET = (1 << 28) - 1
# The kinds in the byte order of their letters: an entry stores its kind's index (GazetteerSchema.KeyKind).
KINDS = "CKPRacgpr"


def encode(keys):
    """The table's bytes for an iterable of (key str, kind letter, offset int)."""
    entries = sorted({(k.encode("utf-8"), kind, offset) for k, kind, offset in keys})
    body = bytearray()
    blocks = []
    previous = b""
    for number, (key, kind, offset) in enumerate(entries):
        if not 1 <= len(key) <= MAXIMUM_KEY or not 0 <= offset <= MAXIMUM_OFFSET or kind not in KINDS:
            raise ValueError("key table entry out of range: %r %s %d" % (key, kind, offset))
        shared = 0
        if number % BLOCK == 0:
            blocks.append(len(body))
        else:
            limit = min(255, len(previous), len(key))
            while shared < limit and previous[shared] == key[shared]:
                shared += 1
        length = len(key) - shared
        body.append(shared)
        if length < 0x80:
            body.append(length)
        else:
            body += bytes([length & 0x7F | 0x80, length >> 7])
        body += key[shared:]
        body += struct.pack("<I", KINDS.index(kind) << 28 | offset)
        previous = key
    header = MAGIC + struct.pack("<II", len(entries), len(blocks)) + b"".join(struct.pack("<I", b) for b in blocks)
    return bytes(header) + bytes(body)


def decode(data):
    """The (key str, kind letter, offset) triples of a table, in order."""
    if data[:4] != MAGIC:
        raise ValueError("not a key table")
    count, blocks = struct.unpack_from("<II", data, 4)
    position = 12 + 4 * blocks
    key = b""
    result = []
    for _ in range(count):
        shared, length = data[position], data[position + 1]
        position += 2
        if length >= 0x80:
            length = length & 0x7F | data[position] << 7
            position += 1
        key = key[:shared] + data[position:position + length]
        position += length
        (value,) = struct.unpack_from("<I", data, position)
        position += 4
        result.append((key.decode("utf-8"), KINDS[value >> 28], value & MAXIMUM_OFFSET))
    return result


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], "rb") as f:
        for k, kind, offset in decode(f.read()):
            sys.stdout.write("%s\t%s\t%d\n" % (k, kind, offset))
