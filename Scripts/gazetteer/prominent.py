#!/usr/bin/env python3
"""Derive Sources/PlacesData/Tables/gazetteer-prominent.bin from gazetteer-places.tsv.

Usage (from the repository root, after any change to gazetteer-places.tsv):

    python3 Scripts/gazetteer/prominent.py

A map of the world or a continent names only features and towns of 100,000 people or more, yet finding
them meant reading every one of the places table's lines (a quarter of a million) to pass over the
villages. This table lists, in the places table's order, the byte offset of every line a walk with a
smallest town of 100,000 or more must read: those whose population column is 0 (features, and towns of
unknown size) or at least ``THRESHOLD``. The walk then binary-searches it for a run of cells instead of
stepping through the run's lines (``Gazetteer+Prominent.swift``); it gives the same lines in the same
order, so the same names.

Layout, little-endian: the 4 bytes ``GPRM``; then 32-bit words: the threshold, the places table's size
in bytes and its CRC-32 (a table derived from other bytes is not used: the walk reads every line, and
``python3 Scripts/tables.py --check`` fails), the number of offsets; then the offsets, ascending.
Running it twice gives the same bytes.
"""
import os
import struct
import sys
import zlib

sys.dont_write_bytecode = True  # no __pycache__ in the repository

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tables import TABLES, write_table  # noqa: E402

FILE = "gazetteer-prominent.bin"
SOURCE = "gazetteer-places.tsv"
THRESHOLD = 100_000
POPULATION_COLUMN = 7  # GazetteerSchema.PlaceColumn.population


def population(line):
    """The population column read as the Swift walk reads it: its leading digits, 0 when none."""
    fields = line.split(b"\t", POPULATION_COLUMN + 1)
    if len(fields) <= POPULATION_COLUMN:
        return 0
    text = fields[POPULATION_COLUMN]
    digits = len(text) - len(text.lstrip(b"0123456789"))
    return int(text[:digits]) if digits else 0


def derive(places):
    """The table's bytes for the places table's bytes."""
    offsets = []
    offset = 0
    while offset < len(places):
        end = places.find(b"\n", offset)
        end = len(places) if end < 0 else end
        people = population(places[offset:end])
        if people == 0 or people >= THRESHOLD:
            offsets.append(offset)
        offset = end + 1
    header = b"GPRM" + struct.pack("<4I", THRESHOLD, len(places), zlib.crc32(places), len(offsets))
    return header + struct.pack("<%dI" % len(offsets), *offsets)


def source_bytes():
    with open(os.path.join(TABLES, SOURCE), "rb") as f:
        return f.read()


def is_current():
    """Whether the table on disk is the one the places table gives."""
    try:
        with open(os.path.join(TABLES, FILE), "rb") as f:
            return f.read() == derive(source_bytes())
    except OSError:
        return False


if __name__ == "__main__":
    if sys.argv[1:]:
        sys.exit(__doc__)
    write_table(FILE, derive(source_bytes()))
