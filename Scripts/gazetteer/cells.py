#!/usr/bin/env python3
"""Derive Sources/PlacesData/Tables/gazetteer-cells.bin from gazetteer-places.tsv and gazetteer-occupancy.txt.

Usage (from the repository root, after any change to either table):

    python3 Scripts/gazetteer/cells.py

A region lookup reads the lines of the one-degree cells around a point that it can use (the populated
places, and the sights), sorted by latitude. Finding them (every line's kind) and sorting them cost most
of `timeline` and `stats`. This table lists them already found and sorted, for the bundled places table
only (``GazetteerCells.swift``; any other gazetteer is read line by line as before). The coordinates are
still read from the places table's text, so they are its doubles by construction.

Layout, little-endian: the 4 bytes ``GCEL``; then 32-bit words: the places table's size in bytes and its
CRC-32, the number of records, the number of cells listed; then for each occupied cell with a record, in
cell order (cell number ``row * 360 + column``, as the places table's first column), 12 bytes: the cell
number and its number of populated places as 16-bit words, the byte offset of the cell's first line in
the places table and the index of its first record as 32-bit words; then the records, 17 bits each,
packed from the lowest bit of each byte up: a line's byte offset from its cell's first line. A cell's
populated places (an empty kind, or ``city``) come first, then its sights (``GazetteerEntry.Kind.isSight``), each group
sorted by latitude, ties by offset; its other lines (features, airports) are never read by region lookups
and are left out. Four zero bytes end the table, so that every record is read with one 32-bit load.

A line whose cell spans more than 2^17 bytes, or whose coordinates are not plain decimals, stops it.
Running it twice gives the same bytes.
"""
import os
import re
import struct
import sys
import zlib

sys.dont_write_bytecode = True  # no __pycache__ in the repository

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tables import TABLES, write_table  # noqa: E402

FILE = "gazetteer-cells.bin"
SOURCE = "gazetteer-places.tsv"
OCCUPANCY = "gazetteer-occupancy.txt"
CELLS = 180 * 360
SCALE = 100_000
BITS = 17
# GazetteerEntry.Kind.isSight: the kinds a region lookup's nearest sight may have.
SIGHTS = set(b"""monument building tower bridge castle palace church temple mosque museum ruins heritage
    park garden island beach viewpoint street square waterfall canyon cave glacier valley
    coast district market stadium mountain volcano lake natural university station lighthouse dam""".split())
# GazetteerSchema.PlaceColumn: cell, name, latitude, longitude, ..., kind (8)
LATITUDE, LONGITUDE, KIND = 2, 3, 8
PLAIN = re.compile(rb"^(-?)([0-9]+)(?:\.([0-9]{0,5}))?$")


def hundred_thousandths(text):
    """The coordinate as an integer of 1e-5 degrees (the order of latitudes); its quotient by 100,000 is the
    double the text gives, so integers and doubles sort alike."""
    match = PLAIN.match(text)
    if not match:
        raise SystemExit("gazetteer-places.tsv: coordinate %r is not a plain decimal of at most 5 decimals" % text)
    sign, whole, decimals = match.group(1), match.group(2), match.group(3) or b""
    value = int(whole + decimals.ljust(5, b"0"))
    if sign and value == 0:
        raise SystemExit("gazetteer-places.tsv: coordinate %r is a negative zero" % text)
    value = -value if sign else value
    if value / SCALE != float(text):
        raise SystemExit("gazetteer-places.tsv: coordinate %r does not round-trip" % text)
    return value


def derive(places, occupancy):
    """The table's bytes for the places table's and the occupancy map's bytes."""
    cells = {}
    offset = 0
    while offset < len(places):
        end = places.find(b"\n", offset)
        end = len(places) if end < 0 else end
        fields = places[offset:end].split(b"\t")
        key = fields[0]
        if len(key) != 5 or not key.isdigit() or int(key) >= CELLS or len(fields) <= KIND:
            raise SystemExit("gazetteer-places.tsv: line at %d has no cell and kind" % offset)
        number = int(key)
        first, lines = cells.setdefault(number, (offset, []))
        town = fields[KIND] in (b"", b"city")  # a populated place's kind column is empty (or, spelt out, city)
        if number < len(occupancy) and occupancy[number:number + 1] == b"1" and (town or fields[KIND] in SIGHTS):
            if offset - first >= 1 << BITS:
                raise SystemExit("gazetteer-places.tsv: cell %05d spans more than %d bytes" % (number, 1 << BITS))
            latitude = hundred_thousandths(fields[LATITUDE])
            hundred_thousandths(fields[LONGITUDE])
            lines.append((town, latitude, offset - first))
        offset = end + 1
    index, records = [], []
    for number in sorted(cells):
        first, lines = cells[number]
        if not lines:
            continue
        groups = [sorted((line for line in lines if line[0] == town), key=lambda line: (line[1], line[2])) for town in (True, False)]
        if len(groups[0]) >= 1 << 16:
            raise SystemExit("gazetteer-places.tsv: cell %05d has too many populated places" % number)
        index.append(struct.pack("<HHII", number, len(groups[0]), first, len(records)))
        records += [line[2] for group in groups for line in group]
    bits = 0
    for position, record in enumerate(records):
        bits |= record << (BITS * position)
    body = bits.to_bytes((BITS * len(records) + 7) // 8, "little") + bytes(4)
    header = b"GCEL" + struct.pack("<4I", len(places), zlib.crc32(places), len(records), len(index))
    return header + b"".join(index) + body


def source_bytes():
    with open(os.path.join(TABLES, SOURCE), "rb") as f:
        places = f.read()
    with open(os.path.join(TABLES, OCCUPANCY), "rb") as f:
        occupancy = f.read()
    return places, occupancy


def is_current():
    """Whether the table on disk is the one the places table gives."""
    try:
        with open(os.path.join(TABLES, FILE), "rb") as f:
            return f.read() == derive(*source_bytes())
    except OSError:
        return False


if __name__ == "__main__":
    if sys.argv[1:]:
        sys.exit(__doc__)
    write_table(FILE, derive(*source_bytes()))
