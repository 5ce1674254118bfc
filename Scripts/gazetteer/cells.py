#!/usr/bin/env python3
"""Derive Sources/PlacesData/Tables/gazetteer-cells.bin from gazetteer-places.tsv and gazetteer-occupancy.txt.

Usage (from the repository root, after any change to either table):

    python3 Scripts/gazetteer/cells.py

A region lookup reads the lines of the one-degree cells around a point: each line's latitude and longitude
as text, and whether it is a populated place, then sorts them by latitude. That byte pass cost most of
`timeline` and `stats`. This table holds the same lines already read and sorted, for the bundled places
table only (``GazetteerCells.swift``; any other gazetteer is read line by line as before).

Layout, little-endian: the 4 bytes ``GCEL``; then 32-bit words: the places table's size in bytes and its
CRC-32, the number of records; then 64,801 words, the first record of each cell (cell number
``row * 360 + column``, as the places table's first column) and, last, the number of records; then the
records, 12 bytes each: latitude and longitude as signed 32-bit hundred-thousandths of a degree, and the
line's byte offset in the places table with the top bit set for a populated place (kind ``city``). Each
cell's populated places come first, then its other lines, each group sorted by latitude, ties by offset.

A record's degrees are its integer divided by 100,000: the same double the text gives (both are the
correctly rounded quotient of the same number), which the script checks for every line; a line whose
coordinates have more than five decimals, or are not plain decimals, stops it.
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
TOWN = 0x8000_0000
# GazetteerSchema.PlaceColumn: cell, name, latitude, longitude, ..., kind (8)
LATITUDE, LONGITUDE, KIND = 2, 3, 8
PLAIN = re.compile(rb"^(-?)([0-9]+)(?:\.([0-9]{0,5}))?$")


def hundred_thousandths(text):
    """The coordinate as an integer of 1e-5 degrees; its quotient by 100,000 is the double the text gives."""
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
    cells = [[] for _ in range(CELLS)]
    offset = 0
    while offset < len(places):
        end = places.find(b"\n", offset)
        end = len(places) if end < 0 else end
        fields = places[offset:end].split(b"\t")
        key = fields[0]
        if len(key) != 5 or not key.isdigit() or int(key) >= CELLS or len(fields) <= KIND:
            raise SystemExit("gazetteer-places.tsv: line at %d has no cell and kind" % offset)
        number = int(key)
        if number < len(occupancy) and occupancy[number:number + 1] == b"1":
            latitude, longitude = hundred_thousandths(fields[LATITUDE]), hundred_thousandths(fields[LONGITUDE])
            cells[number].append((fields[KIND] == b"city", latitude, longitude, offset))
        offset = end + 1
    starts, records = [], []
    for lines in cells:
        starts.append(len(records))
        for town in (True, False):
            group = sorted((line for line in lines if line[0] == town), key=lambda line: (line[1], line[3]))
            records += [(latitude, longitude, offset | (TOWN if town else 0)) for _, latitude, longitude, offset in group]
    starts.append(len(records))
    header = b"GCEL" + struct.pack("<3I", len(places), zlib.crc32(places), len(records))
    body = b"".join(struct.pack("<iiI", *record) for record in records)
    return header + struct.pack("<%dI" % len(starts), *starts) + body


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
