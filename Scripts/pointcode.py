#!/usr/bin/env python3
"""Runs of points as compact bits, shared by the generators whose tables hold outlines (the map's
outlines, the named areas of `places where`); BitStream.swift reads them.

Points are integers (PackedGeometry's 1/32768 degree from 180° W / 90° S). Bits go least significant
first into each byte. A run is:
  * the bit length n of its point count (5 bits), then the count (n bits);
  * the first point as its offset from an origin the table gives (x then y, `point_bits` bits each);
  * a Rice parameter k (5 bits), then each later point as the differences from the one before, x then y,
    each zig-zag encoded (0, -1, 1, -2 … as 0, 1, 2, 3 …) and Rice coded: the value shifted right by k in
    unary (that many one bits, then a zero bit), then its low k bits. A quotient of RICE_ESCAPE or more
    is written as RICE_ESCAPE one bits, the value's bit length (5 bits) and the value.
The k of each run is the one that makes it shortest (the smallest such), so the bytes depend only on
the points.
"""

RICE_ESCAPE = 24


def zigzag(value):
    return value * 2 if value >= 0 else -value * 2 - 1


def rice_bits(value, k):
    quotient = value >> k
    return quotient + 1 + k if quotient < RICE_ESCAPE else RICE_ESCAPE + 5 + value.bit_length()


class BitWriter:
    """Bits least significant first; ``bytes()`` pads the last byte with zero bits."""

    def __init__(self):
        self.value, self.count = 0, 0

    def write(self, value, width):
        assert 0 <= value < (1 << width) or (width == 0 and value == 0), (value, width)
        self.value |= value << self.count
        self.count += width

    def rice(self, value, k):
        quotient = value >> k
        if quotient < RICE_ESCAPE:
            self.write((1 << quotient) - 1, quotient + 1)  # quotient one bits, then a zero bit
            self.write(value & ((1 << k) - 1), k)
        else:
            self.write((1 << RICE_ESCAPE) - 1, RICE_ESCAPE)
            self.write(value.bit_length(), 5)
            self.write(value, value.bit_length())

    def bytes(self):
        return self.value.to_bytes((self.count + 7) // 8, "little")


def write_points(bits, points, origin, point_bits):
    """One run of (x, y) points, the first as its offset from ``origin``."""
    deltas = [zigzag(b[i] - a[i]) for a, b in zip(points, points[1:]) for i in (0, 1)]
    k = min(range(32), key=lambda k: (sum(rice_bits(d, k) for d in deltas), k))
    bits.write(len(points).bit_length(), 5)
    bits.write(len(points), len(points).bit_length())
    bits.write(points[0][0] - origin[0], point_bits)
    bits.write(points[0][1] - origin[1], point_bits)
    bits.write(k, 5)
    for delta in deltas:
        bits.rice(delta, k)
