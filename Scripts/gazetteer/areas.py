#!/usr/bin/env python3
"""Derive Sources/PlacesData/Tables/boundary-country-areas.tsv from the 1:50m country outlines.

Usage (from the repository root, after any change to boundary-countries.tsv or
boundary-country-rings.bin):

    python3 Scripts/gazetteer/areas.py

`stats` gives the share of the world's land (and of each continent's) in the countries visited. Summing
every country's area from its outline rings took more work than the rest of `stats` on a journal of a
thousand places; this table holds the sums, computed here from the same rings by the same formula, in
the same order of operations, so `places` reads the numbers it would have computed
(``CountryIndex.areasKm2()``).

Layout: one line a country, in the order of boundary-countries.tsv (the line number is the index):
``CC<TAB>area in km²`` with the area written as the shortest text that reads back as the same double.
Running it twice gives the same bytes.

The area of a ring on a sphere of the Earth's mean radius is R²/2 · |Σ (λ₂ − λ₁)(2 + sin φ₁ + sin φ₂)|
(with λ and φ in radians); each ring counts whole, so an enclave's area is added to the country around
it (an error of a few hundredths of a per cent of the world's land).
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the repository

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pointcode import RICE_ESCAPE  # noqa: E402
from tables import TABLES, write_table  # noqa: E402

FILE = "boundary-country-areas.tsv"
COUNTRIES = "boundary-countries.tsv"
RINGS = "boundary-country-rings.bin"
EARTH_RADIUS_KM = 6371.0088  # CountryIndex.earthRadiusKm
UNITS_PER_DEGREE = 32768.0  # PackedGeometry.unitsPerDegree
RING_POINT_BITS = 24  # CountryOutlines.ringPointBits
RING_HEAD_BYTES = 17  # CountryOutlines.ringHeadBytes: id (2), box (4 × 3), points' length (3)
HEADER_BYTES = 8


class Bits:
    """A byte range read least significant bit first, as BitStream.swift reads it."""

    def __init__(self, data):
        self.bits = "".join(format(byte, "08b")[::-1] for byte in data)
        self.position = 0

    def read(self, width):
        if self.position + width > len(self.bits):
            raise ValueError("the bits end")
        text = self.bits[self.position:self.position + width]
        self.position += width
        return int(text[::-1], 2) if width else 0

    def rice(self, k):
        zero = self.bits.find("0", self.position)
        ones = (zero if zero >= 0 else len(self.bits)) - self.position
        if ones >= RICE_ESCAPE:
            self.position += RICE_ESCAPE
            return self.read(self.read(5))
        if zero < 0:
            raise ValueError("the bits end")
        self.position += ones + 1
        return ones << k | self.read(k)

    def points(self):
        count = self.read(self.read(5))
        x, y = self.read(RING_POINT_BITS), self.read(RING_POINT_BITS)
        k = self.read(5)
        xs, ys = [x], [y]
        for _ in range(count - 1):
            dx, dy = self.rice(k), self.rice(k)
            x += (dx >> 1) ^ -(dx & 1)
            y += (dy >> 1) ^ -(dy & 1)
            xs.append(x)
            ys.append(y)
        return xs, ys


def ring_area_km2(xs, ys):
    """One ring's area, each operation as CountryIndex.areasKm2() does it (the same doubles)."""
    total = 0.0
    last_lon = (xs[-1] / UNITS_PER_DEGREE - 180) * math.pi / 180
    last_sin = math.sin((ys[-1] / UNITS_PER_DEGREE - 90) * math.pi / 180)
    for x, y in zip(xs, ys):
        lon = (x / UNITS_PER_DEGREE - 180) * math.pi / 180
        s = math.sin((y / UNITS_PER_DEGREE - 90) * math.pi / 180)
        total += (lon - last_lon) * (2 + last_sin + s)
        last_lon, last_sin = lon, s
    return abs(total) * EARTH_RADIUS_KM * EARTH_RADIUS_KM / 2


def derive(countries, rings):
    """The table's text for the countries table's and the rings table's bytes."""
    codes = [line.split(b"\t")[0].decode("utf-8") for line in countries.split(b"\n") if line]
    areas = [0.0] * len(codes)
    if rings[:4] != b"PLCR":
        raise ValueError("%s does not start as a rings table" % RINGS)
    offset = HEADER_BYTES
    while offset + RING_HEAD_BYTES <= len(rings):
        head = rings[offset:offset + RING_HEAD_BYTES]
        country = int.from_bytes(head[0:2], "little")
        length = int.from_bytes(head[14:17], "little")
        start = offset + RING_HEAD_BYTES
        xs, ys = Bits(rings[start:start + length]).points()
        if 1 <= country <= len(codes) and len(xs) >= 3:
            areas[country - 1] += ring_area_km2(xs, ys)
        offset = start + length
    return "".join("%s\t%r\n" % (code, area) for code, area in zip(codes, areas))


def sources():
    with open(os.path.join(TABLES, COUNTRIES), "rb") as f:
        countries = f.read()
    with open(os.path.join(TABLES, RINGS), "rb") as f:
        rings = f.read()
    return countries, rings


def is_current():
    """Whether the table on disk is the one the outlines give."""
    try:
        with open(os.path.join(TABLES, FILE), "rb") as f:
            return f.read() == derive(*sources()).encode("utf-8")
    except OSError:
        return False


if __name__ == "__main__":
    if sys.argv[1:]:
        sys.exit(__doc__)
    write_table(FILE, derive(*sources()))
