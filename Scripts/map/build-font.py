#!/usr/bin/env python3
"""Writes Sources/PlacesData/Tables/map-font.bin: the outlines of DejaVu Sans (Bitstream Vera
licence, free to embed) for the characters map labels use (Latin, Greek, Cyrillic, Hebrew, Arabic and its
presentation forms), so that `places map -o map.png` draws text with no font installed.

Needs fontTools (`pip install fonttools`) and the DejaVu Sans font (Debian: fonts-dejavu-core).
Usage: python3 Scripts/map/build-font.py [DejaVuSans.ttf [DroidSansFallback.ttf]]

Outlines are in units of 1/256 em, y upwards from the baseline; quadratic curves are flattened to 4
segments each, which is finer than a 10–20 px label can show.

Chinese, Japanese and Korean letters come from Droid Sans Fallback (Apache License 2.0; Debian:
fonts-droid-fallback), only those the bundled gazetteer's names use (read from its key table) and the
kana, as BITMAP_SIZE × BITMAP_SIZE bitmaps over the em square from x 0 and y BITMAP_BOTTOM: outlines of
thousands of ideographs would take megabytes.

Arabic letters join: the table also holds, for each letter, the presentation forms DejaVu draws
(isolated, final, initial, medial, read from Unicode's decompositions of those forms), and the lam-alef
ligatures; MapFont+Shaping.swift picks the form from the neighbours and lays right-to-left text out.

Layout (little-endian; bits least significant first, as Scripts/pointcode.py writes them):
  header   "PMFT", version (1 byte), bitmap size (1), bitmap bottom (1, two's complement), point bits (1),
           glyph count (4), form count (4)
  index    per glyph, by code point: code point | advance << 21 (4), stream offset | bitmap flag << 31
           (4); then the end offset of the last stream (4)
  forms    per letter or lam-alef pair: first, second (0 for a letter), isolated, final, initial, medial
           (2 each; 0 where DejaVu has no such form)
  streams  per glyph, byte-aligned: an outline is its contour count (8 bits), then each contour as a run
           of points (pointcode.write_points) shifted by POINT_SHIFT so that every coordinate is positive;
           a bitmap is a Rice parameter (5 bits), then the lengths of its alternating runs of clear and set
           pixels, rows top first, each row XOR the row above it (the first as it is), Rice coded,
           starting with a clear run (version 2; version 1 stored the rows themselves).
"""
import os
import sys

import struct
import unicodedata

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pointcode import BitWriter, write_points, rice_bits  # noqa: E402
from tables import write_table  # noqa: E402
from fontTools.ttLib import TTFont
from fontTools.pens.recordingPen import DecomposingRecordingPen

FONT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
CJK_FONT = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf"
KEYS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "PlacesData", "Tables",
                    "gazetteer-keys.bin")
# The bitmap grid of a CJK glyph, and where its em square starts below the baseline (1/256 em).
BITMAP_SIZE = 24
BITMAP_BOTTOM = -32
# Coordinates are stored plus this, so that every one is positive and fits POINT_BITS bits.
POINT_SHIFT = 512
POINT_BITS = 11
# Printable ASCII, Latin-1, Latin Extended-A, Greek and Coptic, Cyrillic and its supplement, Hebrew,
# Arabic, the Arabic presentation forms (A and B), and a few marks map names use.
CODEPOINTS = (list(range(0x20, 0x7F)) + list(range(0xA0, 0x180)) + list(range(0x370, 0x400)) + list(range(0x400, 0x530))
              + list(range(0x590, 0x700)) + list(range(0xFB50, 0xFE00)) + list(range(0xFE70, 0xFF00))
              + [0x2018, 0x2019, 0x201C, 0x201D, 0x2013, 0x2014, 0x2026, 0x00B0, 0x2032])
FORMS = ("isolated", "final", "initial", "medial")

font = TTFont(FONT)
scale = 256 / font["head"].unitsPerEm
cmap = font.getBestCmap()
glyphs = font.getGlyphSet()


def q(v):
    return int(round(v * scale))


def flattened(font, glyphs, name):
    """The glyph's contours as polygons (quadratic curves in 4 segments each), in font units."""
    pen = DecomposingRecordingPen(glyphs)
    glyphs[name].draw(pen)
    contours, current, last = [], [], None
    for op, args in pen.value:
        if op == "moveTo":
            current = [args[0]]
            last = args[0]
        elif op == "lineTo":
            current.append(args[0])
            last = args[0]
        elif op == "qCurveTo":
            # TrueType's implied on-curve points between consecutive off-curve ones.
            points = list(args)
            if points[-1] is None:  # a contour of off-curve points only
                points = points[:-1]
                start = ((points[-1][0] + points[0][0]) / 2, (points[-1][1] + points[0][1]) / 2)
                current = [start]
                last = start
                points = points + [start]
            offs, end = points[:-1], points[-1]
            for i, c in enumerate(offs):
                e = end if i == len(offs) - 1 else ((c[0] + offs[i + 1][0]) / 2, (c[1] + offs[i + 1][1]) / 2)
                for s in range(1, 5):
                    t = s / 4
                    x = (1 - t) ** 2 * last[0] + 2 * (1 - t) * t * c[0] + t * t * e[0]
                    y = (1 - t) ** 2 * last[1] + 2 * (1 - t) * t * c[1] + t * t * e[1]
                    current.append((x, y))
                last = e
        elif op == "curveTo":
            raise SystemExit(f"cubic curve in {name}: not a TrueType font?")
        elif op in ("closePath", "endPath"):
            if len(current) >= 3:
                contours.append(current)
            current = []
    return contours


glyphs_out = {}  # code point: (advance, contours in 1/256 em) or (advance, bitmap rows as ints)
for cp in sorted(set(CODEPOINTS)):
    name = cmap.get(cp)
    if name is None:
        continue
    contours = [[(q(x), q(y)) for x, y in c] for c in flattened(font, glyphs, name)]
    glyphs_out[cp] = (q(font["hmtx"][name][0]), contours)

# The Arabic letters' joining forms, from the decompositions of the presentation forms DejaVu draws.
joining = {}
for cp in glyphs_out:
    decomposition = unicodedata.decomposition(chr(cp)).split()
    if len(decomposition) < 2 or decomposition[0].strip("<>") not in FORMS:
        continue
    base = tuple(int(d, 16) for d in decomposition[1:])
    if len(base) > 2 or not all(0x600 <= b < 0x700 for b in base):
        continue
    joining.setdefault(base, {})[decomposition[0].strip("<>")] = cp


def is_cjk(cp):
    """Kana, CJK ideographs (and their extension A and compatibility forms) and Hangul syllables."""
    return (0x3040 <= cp <= 0x30FF or 0x3400 <= cp <= 0x4DBF or 0x4E00 <= cp <= 0x9FFF or 0xAC00 <= cp <= 0xD7A3
            or 0xF900 <= cp <= 0xFAFF)


def bitmap(contours, em):
    """The contours filled (non-zero winding) on the BITMAP_SIZE grid, 4 × 4 samples a pixel, a pixel set
    when 5 or more are inside: thin strokes stay visible. Returns the rows as numbers, the leftmost pixel in the highest bit."""
    pixel = em / BITMAP_SIZE
    edges = [(a, b) for c in contours for a, b in zip(c, c[1:] + c[:1]) if a[1] != b[1]]
    rows = []
    for row in range(BITMAP_SIZE):
        counts = [0] * BITMAP_SIZE
        for sub in range(4):
            y = (BITMAP_BOTTOM * em / 256) + (BITMAP_SIZE - row - 1 + (sub + 0.5) / 4) * pixel
            crossings = []
            for (x0, y0), (x1, y1) in edges:
                if (y0 <= y < y1) or (y1 <= y < y0):
                    crossings.append((x0 + (y - y0) * (x1 - x0) / (y1 - y0), 1 if y1 > y0 else -1))
            crossings.sort()
            winding, inside = 0, []
            for i, (x, direction) in enumerate(crossings):
                before = winding
                winding += direction
                if before == 0 and winding != 0:
                    begin = x
                elif before != 0 and winding == 0:
                    inside.append((begin, x))
            for column in range(BITMAP_SIZE):
                for subx in range(4):
                    x = (column + (subx + 0.5) / 4) * pixel
                    if any(a <= x < b for a, b in inside):
                        counts[column] += 1
        value = 0
        for column in range(BITMAP_SIZE):
            value = value << 1 | (counts[column] >= 5)
        rows.append(value)
    return rows


# CJK letters the gazetteer's names use (its keys keep them as written), and all kana.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gazetteer"))
import keytable  # noqa: E402
with open(KEYS, "rb") as f:
    wanted = {ord(ch) for key, _, _ in keytable.decode(f.read()) for ch in key if is_cjk(ord(ch))}
wanted |= set(range(0x3041, 0x3097)) | set(range(0x30A1, 0x30FF))
cjk_font = TTFont(CJK_FONT)
cjk_cmap = cjk_font.getBestCmap()
cjk_glyphs = cjk_font.getGlyphSet()
cjk_em = cjk_font["head"].unitsPerEm
missing = 0
for cp in sorted(wanted):
    name = cjk_cmap.get(cp)
    if name is None or cp in cmap:
        missing += name is None
        continue
    advance = int(round(cjk_font["hmtx"][name][0] * 256 / cjk_em))
    glyphs_out[cp] = (advance, bitmap(flattened(cjk_font, cjk_glyphs, name), cjk_em))
print(f"CJK: {len(wanted) - missing} of {len(wanted)} letters the gazetteer uses, as bitmaps")


def outline_stream(contours):
    bits = BitWriter()
    contours = [c for c in contours if len(c) >= 3][:255]
    bits.write(len(contours), 8)
    for contour in contours:
        shifted = [(x + POINT_SHIFT, y + POINT_SHIFT) for x, y in contour]
        assert all(0 <= v < 1 << POINT_BITS for p in shifted for v in p), contour
        write_points(bits, shifted, (0, 0), POINT_BITS)
    return bits.bytes()


def bitmap_stream(rows):
    # Each row XOR the row above: a stroke's edges rather than its body, so that the long vertical strokes
    # of ideographs become long clear runs (about 26 KB less over the CJK letters).
    rows = [row ^ (rows[i - 1] if i else 0) for i, row in enumerate(rows)]
    pixels = [row >> (BITMAP_SIZE - 1 - column) & 1 for row in rows for column in range(BITMAP_SIZE)]
    runs, current, length = [], 0, 0
    for pixel in pixels:
        if pixel == current:
            length += 1
        else:
            runs.append(length)
            current, length = pixel, 1
    runs.append(length)
    k = min(range(16), key=lambda k: (sum(rice_bits(r, k) for r in runs), k))
    bits = BitWriter()
    bits.write(k, 5)
    for run in runs:
        bits.rice(run, k)
    return bits.bytes()


index, streams = [], bytearray()
for cp in sorted(glyphs_out):
    advance, shape = glyphs_out[cp]
    is_bitmap = bool(shape) and isinstance(shape[0], int)
    assert 0 <= advance < 1 << 11 and cp < 1 << 21
    index.append(struct.pack("<II", cp | advance << 21, len(streams) | is_bitmap << 31))
    streams += bitmap_stream(shape) if is_bitmap else outline_stream(shape)
forms = []
for base in sorted(joining):
    first, second = base if len(base) == 2 else (base[0], 0)
    forms.append(struct.pack("<6H", first, second, *(joining[base].get(f, 0) for f in FORMS)))
header = b"PMFT" + struct.pack("<BBbBII", 2, BITMAP_SIZE, BITMAP_BOTTOM, POINT_BITS, len(index), len(forms))
body = header + b"".join(index) + struct.pack("<I", len(streams)) + b"".join(forms) + bytes(streams)
write_table("map-font.bin", body)
print(f"{len(index)} glyphs, {len(forms)} joining entries, {len(body)} bytes")
