#!/usr/bin/env python3
"""Writes Sources/PlacesData/Tables/map-font.txt: the outlines of DejaVu Sans (Bitstream Vera
licence, free to embed) for the characters map labels use, so that `places map -o map.png` draws text
with no font installed.

Needs fontTools (`pip install fonttools`) and the DejaVu Sans font (Debian: fonts-dejavu-core).
Usage: python3 Scripts/map/build-font.py [path/to/DejaVuSans.ttf]

Each glyph is one line: `codepoint advance contour|contour|…`, where a contour is `x,y x,y …` in
units of 1/256 em, y upwards from the baseline. Quadratic curves are flattened to 4 segments each,
which is finer than a 10–20 px label can show.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tables import write_table  # noqa: E402
from fontTools.ttLib import TTFont
from fontTools.pens.recordingPen import DecomposingRecordingPen

FONT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
# Printable ASCII, Latin-1, Latin Extended-A and a few marks map names use.
CODEPOINTS = list(range(0x20, 0x7F)) + list(range(0xA0, 0x180)) + [0x2018, 0x2019, 0x201C, 0x201D, 0x2013, 0x2014, 0x2026, 0x00B0, 0x2032]

font = TTFont(FONT)
scale = 256 / font["head"].unitsPerEm
cmap = font.getBestCmap()
glyphs = font.getGlyphSet()


def q(v):
    return int(round(v * scale))


lines = []
for cp in sorted(set(CODEPOINTS)):
    name = cmap.get(cp)
    if name is None:
        continue
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
    text = "|".join(" ".join(f"{q(x)},{q(y)}" for x, y in c) for c in contours)
    advance = q(font["hmtx"][name][0])
    lines.append(f"{cp} {advance} {text}".rstrip())

body = "\n".join(lines)
write_table("map-font.txt", body)
print(f"{len(lines)} glyphs, {len(body)} bytes")
