#!/usr/bin/env python3
"""Writes Sources/PlacesData/Tables/map-font.txt: the outlines of DejaVu Sans (Bitstream Vera
licence, free to embed) for the characters map labels use (Latin, Greek, Cyrillic), so that `places map -o map.png` draws text
with no font installed.

Needs fontTools (`pip install fonttools`) and the DejaVu Sans font (Debian: fonts-dejavu-core).
Usage: python3 Scripts/map/build-font.py [path/to/DejaVuSans.ttf]

Each glyph is one line: `codepoint advance contour|contour|…`, where a contour is `x,y x,y …` in
units of 1/256 em, y upwards from the baseline. Quadratic curves are flattened to 4 segments each,
which is finer than a 10–20 px label can show.

Chinese, Japanese and Korean letters come from Droid Sans Fallback (Apache License 2.0; Debian:
fonts-droid-fallback), only those the bundled gazetteer's names use (read from its key table) and the
kana, as bitmaps: outlines of thousands of ideographs would take megabytes. Such a glyph is one line
`codepoint advance =SIZE,BOTTOM,HEX`: a SIZE × SIZE bitmap over the em square from x 0 and y BOTTOM
(1/256 em), rows top first, each row ceil(SIZE/4) hex digits, the leftmost pixel the highest bit.
Usage with both fonts: python3 Scripts/map/build-font.py [DejaVuSans.ttf [DroidSansFallback.ttf]]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
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
# Printable ASCII, Latin-1, Latin Extended-A, Greek and Coptic, Cyrillic and its supplement, and a few
# marks map names use. (Hebrew and Arabic are left out: they run right to left, and Arabic letters join,
# which glyph-by-glyph drawing cannot do; the PNG writes those names in Latin instead.)
CODEPOINTS = (list(range(0x20, 0x7F)) + list(range(0xA0, 0x180)) + list(range(0x370, 0x400)) + list(range(0x400, 0x530))
              + [0x2018, 0x2019, 0x201C, 0x201D, 0x2013, 0x2014, 0x2026, 0x00B0, 0x2032])

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


lines = []
for cp in sorted(set(CODEPOINTS)):
    name = cmap.get(cp)
    if name is None:
        continue
    contours = flattened(font, glyphs, name)
    text = "|".join(" ".join(f"{q(x)},{q(y)}" for x, y in c) for c in contours)
    advance = q(font["hmtx"][name][0])
    lines.append(f"{cp} {advance} {text}".rstrip())


def is_cjk(cp):
    """Kana, CJK ideographs (and their extension A and compatibility forms) and Hangul syllables."""
    return (0x3040 <= cp <= 0x30FF or 0x3400 <= cp <= 0x4DBF or 0x4E00 <= cp <= 0x9FFF or 0xAC00 <= cp <= 0xD7A3
            or 0xF900 <= cp <= 0xFAFF)


def bitmap(contours, em):
    """The contours filled (non-zero winding) on the BITMAP_SIZE grid, 4 × 4 samples a pixel, a pixel set
    when 5 or more are inside: thin strokes stay visible. Returns the rows' hex digits."""
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
        rows.append("%0*x" % ((BITMAP_SIZE + 3) // 4, value))
    return "".join(rows)


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
    lines.append(f"{cp} {advance} ={BITMAP_SIZE},{BITMAP_BOTTOM},{bitmap(flattened(cjk_font, cjk_glyphs, name), cjk_em)}")
lines.sort(key=lambda line: int(line.split(" ", 1)[0]))
print(f"CJK: {len(wanted) - missing} of {len(wanted)} letters the gazetteer uses, as bitmaps")

body = "\n".join(lines)
write_table("map-font.txt", body)
print(f"{len(lines)} glyphs, {len(body)} bytes")
