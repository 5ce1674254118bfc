#!/usr/bin/env python3
"""Builds the reverse-geocoding tables of `places where` from Natural Earth (public domain).

Usage: build-boundaries.py NATURAL_EARTH_DIR

NATURAL_EARTH_DIR holds Natural Earth's layers as gzip-compressed GeoJSON
(``ne_50m_admin_0_countries.geojson.gz`` and the others named below). The output is
``Sources/PlacesData/Tables/boundary-*``, files that the binary embeds and the Swift side reads in
place (see PackedGeometry.swift).

Coordinates are quantised to 1/32768 of a degree (about 3.4 m): x = (lon + 180) * 32768, then
y = (lat + 90) * 32768. Text tables write one as four characters of a 64-letter alphabet (ASCII 48
``0`` to 111 ``o``); the outline tables (``.bin``) write runs of points as Scripts/pointcode.py does.

Tables
* ``countries``  ``CC<TAB>name``: one line per country or territory; a line's number (0-based) is
  the country's index everywhere else. Names are Natural Earth's; `places` prefers the gazetteer's.
* ``countryRings`` (``boundary-country-rings.bin``): the magic ``PLCR``, format version 1 and three
  zero bytes, then every ring (outer rings and holes) of every country, in priority order (small
  territories drawn over their neighbours first), each a record of whole bytes, integers little-endian:
  1 + the country index (2 bytes), its box minX minY maxX maxY (3 bytes each), the length of its
  points in bytes (3 bytes), then the points as one run of Scripts/pointcode.py (the first point as
  itself, 24 bits each; the closing point is not repeated) padded to a whole byte. A point is in a
  country when it is inside an odd number of its rings.
* ``countryGrid`` (``boundary-country-grid.bin``): the magic ``PLCG``, format version 1 and three zero
  bytes; then 180 x 360 cells of one degree (row = floor(lat) + 90, column = floor(lon) + 180), three
  bytes each (little-endian): 0 for a cell no country touches, 1 + index for a cell wholly inside one
  country, and 4096 + offset for a mixed cell whose clipped rings start at that offset of the cells
  that follow the grid. A mixed cell is one bit stream padded to a whole byte: for each piece,
  1 + the country index (12 bits) and a pointcode run whose first point is its offset from the
  cell's south-west corner (16 bits each); then 0 (12 bits). The pieces are the country rings
  clipped to the cell, so a containment test only reads the few edges that cross the cell.
* ``features``   ``KIND<TAB>name<TAB>extra<TAB>BBOX<TAB>START END``: lakes, seas, regions,
  United States parks and first-level regions (KIND ``admin1``, extra = the GeoNames admin1 code
  such as ``US.CA``), simplified; their rings are bytes START to END of ``featureRings``.
* ``featureRings`` (``boundary-feature-rings.bin``): the magic ``PLFR``, format version 2 and three
  zero bytes, then for each feature its one-degree cell grid (Scripts/gazetteer/cellgrid.py: a byte 0
  for none, or 1 and two bits a cell saying outside, inside or crossed by an edge), then its rings as
  one bit stream padded to a whole byte: a run of Scripts/pointcode.py per ring (the first point as
  itself, 24 bits each; fewer than 8 bits of padding). Offsets count from the end of the header.
* ``featureBoxes`` ``BBOX OFFSET``: 21 bytes a feature, its box and where its line starts.
* ``peaks``      ``KIND<TAB>name<TAB>elevation<TAB>POINT``: named peaks and volcanoes.
"""

import argparse
import gzip
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pointcode import BitWriter, write_points  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cellgrid import grid_bytes  # noqa: E402
from tables import write_table  # noqa: E402

UNIT = 32768  # quantisation steps per degree; whole degrees are exact
FEATURE_RINGS_MAGIC = b"PLFR\x02\x00\x00\x00"  # the magic, format version 2, three reserved bytes
FEATURE_POINT_BITS = 24  # bits of a ring's first point: up to 360 * UNIT
COUNTRY_RINGS_MAGIC = b"PLCR\x01\x00\x00\x00"  # the magic, format version 1, three reserved bytes
COUNTRY_GRID_MAGIC = b"PLCG\x01\x00\x00\x00"
COUNTRY_ID_BITS = 12  # 1 + a country's index in a mixed cell; 0 ends the cell
CELL_POINT_BITS = 16  # bits of a piece's first point, from its cell's corner: up to UNIT
BASE = 48

# Natural Earth gives these ISO_A2 as -99 (France and Norway because of their overseas parts,
# the others are areas GeoNames files under another country); codes follow GeoNames, as the gazetteer does.
CODE_BY_ADM0 = {
    "FRA": "FR", "NOR": "NO",
    "CYN": "CY",  # Northern Cyprus
    "SOL": "SO",  # Somaliland
    "ATC": "AU",  # Ashmore and Cartier Islands
    "KAS": "IN",  # Siachen Glacier (administered by India)
    "IOA": "CX",  # Christmas Island and the Cocos Islands, split below
}

# Overseas parts drawn inside their sovereign's feature at 1:50m, given their own ISO code as in
# GeoNames: (code, name, (min lon, max lon, min lat, max lat)) that holds the whole part.
PARTS = {
    "FRA": [("GF", "French Guiana", (-55, -51, 1, 6.5)),
            ("GP", "Guadeloupe", (-62, -60.9, 15.7, 16.6)),
            ("MQ", "Martinique", (-61.4, -60.7, 14.3, 15)),
            ("RE", "Réunion", (55, 56, -21.5, -20.7)),
            ("YT", "Mayotte", (44.8, 45.4, -13.2, -12.5))],
    "NOR": [("SJ", "Svalbard and Jan Mayen", (-10, -7, 70.5, 71.5)),
            ("SJ", "Svalbard and Jan Mayen", (10, 35, 74, 81))],
    "IOA": [("CX", "Christmas Island", (105, 106, -11, -10)),
            ("CC", "Cocos (Keeling) Islands", (96, 97.5, -12.5, -11.5))],
    "NLD": [("BQ", "Caribbean Netherlands", (-69, -62.5, 11.5, 18))],
}

# Territories too small for the 1:50m layer, or drawn in the wrong place there (its Vatican lies 1.5 km
# west of St Peter's, on Italian ground; its Monaco is a wedge of the hills above it), as discs of (latitude, longitude, radius in km) round the
# territory's centre (coordinates from GeoNames), drawn over any neighbour: Gibraltar lies inside
# Spain's outline. A territory listed here loses its Natural Earth rings, and its neighbour the hole cut
# for them.
SMALL_TERRITORIES = {
    "GI": ("Gibraltar", [(36.132, -5.352, 2.6)]),
    "VA": ("Vatican", [(41.9035, 12.4525, 0.45)]),
    "MC": ("Monaco", [(43.7384, 7.4246, 1.1)]),
    "TV": ("Tuvalu", [(-8.52, 179.2, 10.0), (-7.48, 178.68, 5.0), (-5.68, 176.12, 5.0), (-6.28, 176.32, 4.0)]),
    "TK": ("Tokelau", [(-9.38, -171.22, 6.0), (-9.17, -171.83, 7.0), (-8.55, -172.5, 4.0)]),
}


def disc(lat, lon, km, sides=24):
    return [(lon + km / (111.19 * math.cos(math.radians(lat))) * math.cos(2 * math.pi * i / sides),
             lat + km / 111.19 * math.sin(2 * math.pi * i / sides)) for i in range(sides)]


def enc(v, width=4):
    assert 0 <= v < 1 << (6 * width), v
    return "".join(chr(BASE + ((v >> (6 * (width - 1 - i))) & 63)) for i in range(width))


def qx(lon):
    return max(0, min(360 * UNIT, round((lon + 180) * UNIT)))


def qy(lat):
    # Natural Earth draws Antarctica's edge along the pole at -89.9989 (for projections); the pole is land.
    if lat < -89.99:
        lat = -90.0
    return max(0, min(180 * UNIT, round((lat + 90) * UNIT)))


def quantise(ring):
    """A GeoJSON ring as integer points, without the closing repeat and repeated points."""
    out = []
    for lon, lat in ring:
        p = (qx(lon), qy(lat))
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def area2(ring):
    """Twice the signed area (exact on integers)."""
    s = 0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i - 1]
        x2, y2 = ring[i]
        s += x1 * y2 - x2 * y1
    return s


def clip(ring, axis, value, keep_low):
    """Sutherland-Hodgman clip of a ring against the half-plane coord[axis] <= value (or >=)."""
    if not ring:
        return ring
    out = []
    prev = ring[-1]
    pv = prev[axis]
    pin = pv <= value if keep_low else pv >= value
    for cur in ring:
        cv = cur[axis]
        cin = cv <= value if keep_low else cv >= value
        if cin != pin:
            t = (value - pv) / (cv - pv)
            other = 1 - axis
            o = round(prev[other] + t * (cur[other] - prev[other]))
            point = (value, o) if axis == 0 else (o, value)
            if not out or out[-1] != point:
                out.append(point)
        if cin and (not out or out[-1] != cur):
            out.append(cur)
        prev, pv, pin = cur, cv, cin
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out if len(out) >= 3 else []


def load(directory, name):
    path = os.path.join(directory, name + ".geojson.gz")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)["features"]


def polygons(geometry):
    if geometry is None:
        return []
    if geometry["type"] == "Polygon":
        return [geometry["coordinates"]]
    if geometry["type"] == "MultiPolygon":
        return geometry["coordinates"]
    return []


def inside_box(poly, box):
    lo0, lo1, la0, la1 = box
    return all(lo0 <= lon <= lo1 and la0 <= lat <= la1 for lon, lat in poly[0])


# ---------------------------------------------------------------- countries

def country_rings(directory):
    """[(code, name, [ring...])] with rings as quantised points, in priority order."""
    result = {}
    names = {}
    features = load(directory, "ne_50m_admin_0_countries")
    replaced = set()  # rings of territories drawn as discs instead, and the holes cut for them
    for feature in features:
        if CODE_BY_ADM0.get(feature["properties"]["ADM0_A3"], feature["properties"]["ISO_A2"]) in SMALL_TERRITORIES:
            for poly in polygons(feature["geometry"]):
                replaced.add(frozenset(quantise(poly[0])))
    for feature in features:
        p = feature["properties"]
        adm0 = p["ADM0_A3"]
        main = CODE_BY_ADM0.get(adm0, p["ISO_A2"])
        if main == "-99" or len(main) != 2:
            sys.exit("no ISO code for %s (%s): add it to CODE_BY_ADM0" % (p["NAME"], adm0))
        if main in SMALL_TERRITORIES:
            continue
        if adm0 not in CODE_BY_ADM0 or main in ("FR", "NO", "CX"):
            names[main] = p["NAME_LONG"]
        else:  # an area filed under another country: that country's own feature names it
            names.setdefault(main, p["NAME_LONG"])
        for poly in polygons(feature["geometry"]):
            code = main
            for part_code, part_name, box in PARTS.get(adm0, []):
                if inside_box(poly, box):
                    code = part_code
                    names[code] = part_name
                    break
            else:
                if adm0 == "IOA":  # no mainland: every part must be placed
                    sys.exit("a part of %s matches no PARTS box" % adm0)
            for ring in poly:
                q = quantise(ring)
                if len(q) >= 3 and frozenset(q) not in replaced:
                    result.setdefault(code, []).append(q)
    small = sorted(SMALL_TERRITORIES)
    for code in small:
        name, discs = SMALL_TERRITORIES[code]
        result[code] = [quantise(disc(*d)) for d in discs]
        names[code] = name
    order = small + sorted(c for c in result if c not in small)
    return [(code, names[code], result[code]) for code in order]


def build_grid(countries):
    """Clips every ring into one-degree cells by recursive halving; returns (grid values, cells' bytes)."""
    items = []
    for index, (_, _, rings) in enumerate(countries):
        for ring in rings:
            items.append((index, ring))
    grid = [0] * (180 * 360)
    cell_bytes = bytearray()

    def fill(x0, y0, x1, y1, value):
        for row in range(y0, y1):
            for column in range(x0, x1):
                grid[row * 360 + column] = value

    def recurse(x0, y0, x1, y1, items):
        if not items:
            return
        box_area = 2 * (x1 - x0) * (y1 - y0) * UNIT * UNIT
        # Per country, the area inside the box under the even-odd rule, approximated as the sum of
        # |ring area| with holes (rings inside another ring of the same country) subtracted: a
        # country covers the box when its rings there reduce to the box itself.
        by_country = {}
        for index, ring in items:
            by_country.setdefault(index, []).append(ring)
        if len(by_country) == 1:
            (index, rings), = by_country.items()
            on_edge = lambda p: p[0] in (x0 * UNIT, x1 * UNIT) or p[1] in (y0 * UNIT, y1 * UNIT)
            if len(rings) == 1 and abs(area2(rings[0])) == box_area and all(map(on_edge, rings[0])):
                fill(x0, y0, x1, y1, 1 + index)
                return
        if x1 - x0 == 1 and y1 - y0 == 1:
            bits = BitWriter()
            for index, ring in sorted(items, key=lambda item: item[0]):
                bits.write(1 + index, COUNTRY_ID_BITS)
                write_points(bits, ring, (x0 * UNIT, y0 * UNIT), CELL_POINT_BITS)
            bits.write(0, COUNTRY_ID_BITS)
            grid[y0 * 360 + x0] = 4096 + len(cell_bytes)
            cell_bytes.extend(bits.bytes())
            return
        if x1 - x0 >= y1 - y0:
            mid = (x0 + x1) // 2
            halves = [((x0, y0, mid, y1), 0, mid, True), ((mid, y0, x1, y1), 0, mid, False)]
        else:
            mid = (y0 + y1) // 2
            halves = [((x0, y0, x1, mid), 1, mid, True), ((x0, mid, x1, y1), 1, mid, False)]
        for box, axis, value, low in halves:
            sub = []
            for index, ring in items:
                clipped = clip(ring, axis, value * UNIT, low)
                if clipped and area2(clipped) != 0:
                    sub.append((index, clipped))
            recurse(*box, sub)

    recurse(0, 0, 360, 180, items)
    return grid, bytes(cell_bytes)


# ---------------------------------------------------------------- features

def simplify(ring, tolerance):
    """Douglas-Peucker on quantised points (tolerance in quantisation steps); keeps rings closed."""
    if tolerance <= 0 or len(ring) < 8:
        return ring
    pts = ring + [ring[0]]
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    # Split at the farthest point from the first so a closed ring has a real chord.
    far = max(range(len(pts)), key=lambda i: (pts[i][0] - pts[0][0]) ** 2 + (pts[i][1] - pts[0][1]) ** 2)
    keep[far] = True
    stack = [(0, far), (far, len(pts) - 1)]
    t2 = tolerance * tolerance
    while stack:
        a, b = stack.pop()
        if b <= a + 1:
            continue
        ax, ay = pts[a]
        bx, by = pts[b]
        dx, dy = bx - ax, by - ay
        ll = dx * dx + dy * dy
        best, best_d = -1, -1.0
        for i in range(a + 1, b):
            px, py = pts[i]
            if ll == 0:
                d = (px - ax) ** 2 + (py - ay) ** 2
            else:
                cross = (px - ax) * dy - (py - ay) * dx
                d = cross * cross / ll
            if d > best_d:
                best, best_d = i, d
        if best_d > t2:
            keep[best] = True
            stack.append((a, best))
            stack.append((best, b))
    out = [p for p, k in zip(pts[:-1], keep[:-1]) if k]
    return out if len(out) >= 3 else []


def title(name):
    """NATURAL EARTH'S CAPITALS ("NORTH ATLANTIC OCEAN") in title case; other names unchanged."""
    if name != name.upper():
        return name
    small = {"of", "the", "and", "de", "du", "des", "la", "le", "del", "da"}
    words = name.lower().split()
    return " ".join(w if i and w in small else w[:1].upper() + w[1:] for i, w in enumerate(words))


def clean(name):
    name = " ".join((name or "").split())
    if name.startswith("Mt. "):
        name = "Mount " + name[4:]
    return title(name)


REGION_KINDS = {
    "Desert": "desert", "Range/mtn": "range", "Plateau": "plateau", "Plain": "plain", "Basin": "basin",
    "Delta": "delta", "Peninsula": "peninsula", "Pen/cape": "peninsula", "Island": "island",
    "Island group": "islands", "Geoarea": "region", "Coast": "coast", "Lowland": "lowland",
    "Valley": "valley", "Gorge": "gorge", "Wetlands": "wetlands", "Tundra": "tundra", "Foothills": "foothills",
    "Isthmus": "isthmus", "Continent": None,
}

PARK_KINDS = {"National Park": "national park"}


def feature_line(kind, name, extra, polys, tolerance):
    rings = []
    for poly in polys:
        for ring in poly:
            q = simplify(quantise(ring), tolerance)
            if len(q) >= 3 and area2(q) != 0:
                rings.append(q)
    if not rings:
        return None
    xs = [x for r in rings for x, _ in r]
    ys = [y for r in rings for _, y in r]
    bbox = enc(min(xs)) + enc(min(ys)) + enc(max(xs)) + enc(max(ys))
    return "%s\t%s\t%s\t%s" % (kind, name, extra, bbox), rings


def features(directory):
    lines = []
    step = UNIT / 1000.0  # a thousandth of a degree, about 110 m
    for feature in load(directory, "ne_50m_admin_1_states_provinces"):
        p = feature["properties"]
        if p.get("gn_a1_code") and p.get("name"):
            lines.append(feature_line("admin1", clean(p["name"]), p["gn_a1_code"], polygons(feature["geometry"]), step))
    seen = set()
    for layer in ("ne_10m_lakes", "ne_10m_lakes_europe", "ne_10m_lakes_north_america"):
        for feature in load(directory, layer):
            p = feature["properties"]
            name = clean(p.get("name"))
            if not name:
                continue
            kind = "reservoir" if p.get("featurecla") == "Reservoir" else "lake"
            line = feature_line(kind, name, "", polygons(feature["geometry"]), step)
            if line and (name, line[0].split("\t")[3]) not in seen:
                seen.add((name, line[0].split("\t")[3]))
                lines.append(line)
    for feature in load(directory, "ne_10m_parks_and_protected_lands_area"):
        p = feature["properties"]
        unit_type = p.get("unit_type") or ""
        name = clean(p.get("name"))
        if not name:
            continue
        full = name if unit_type.lower() in name.lower() else "%s %s" % (name, unit_type)
        lines.append(feature_line("park", full, "", polygons(feature["geometry"]), step))
    for feature in load(directory, "ne_10m_geography_marine_polys"):
        p = feature["properties"]
        name = clean(p.get("name"))
        if name:
            lines.append(feature_line("marine:" + (p.get("featurecla") or "sea").lower(), name, "", polygons(feature["geometry"]), 10 * step))
    for feature in load(directory, "ne_10m_geography_regions_polys"):
        p = feature["properties"]
        name = clean(p.get("name"))
        kind = REGION_KINDS.get(p.get("featurecla"), "region")
        if name and kind:
            lines.append(feature_line(kind, name, "", polygons(feature["geometry"]), 10 * step))
    return [line for line in lines if line]


def curated_summits():
    """{folded name: [(lat, lon)]} of the curated sights that are mountains or volcanoes, with their aliases."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import features
    from folding import fold
    summits = {}
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sights")
    for row in features.sights(folder):
        if row["kind"] in ("mountain", "volcano"):
            for name in [row["name"]] + row["aliases"]:
                summits.setdefault(fold(name), []).append((row["lat"], row["lon"]))
    return summits


def peaks(directory):
    """Natural Earth's named elevation points; a peak the curated sights also name, within 10 km, takes
    the curated summit's point (Natural Earth's Everest lies 4.4 km off the summit)."""
    from features import haversine
    from folding import fold
    summits = curated_summits()
    moved = []
    lines = []
    for feature in load(directory, "ne_10m_geography_regions_elevation_points"):
        p = feature["properties"]
        name = clean(p.get("name"))
        if not name or p.get("featurecla") not in ("mountain", "spot elevation"):
            continue
        lon, lat = feature["geometry"]["coordinates"]
        near = [(haversine(lat, lon, slat, slon), slat, slon) for slat, slon in summits.get(fold(name), [])]
        near = [n for n in near if n[0] <= 10]
        if near:
            distance, lat, lon = min(near)
            if distance > 0.3:
                moved.append("%s (%.1f km)" % (name, distance))
        kind = "volcano" if name in VOLCANOES else "mountain"
        lines.append("%s\t%s\t%d\t%s" % (kind, name, round(p.get("elevation") or 0), enc(qx(lon)) + enc(qy(lat))))
    print("peaks moved to their curated summits: %s" % ", ".join(moved))
    return lines


# Natural Earth's elevation points do not say which peaks are volcanoes; these well-known ones are.
VOLCANOES = {"Monte Etna", "Vesuvio", "Fuji", "Mount Kilimanjaro", "Mount Rainier", "Mount St. Helens", "Popocatépetl",
             "Cotopaxi", "Chimborazo", "Mount Erebus", "Hekla", "Mauna Kea", "Mauna Loa", "Stromboli", "Pico de Orizaba",
             "Mount Ararat", "Elbrus", "Damavand", "Mount Kenya", "Mount Shasta", "Mount Hood", "Mount Fuji"}


# ---------------------------------------------------------------- output

def write_tables(members):
    """Writes each (file, text) table; a table's last newline is not part of it (the readers count on it)."""
    for file, text in members:
        write_table(file, text[:-1] if text.endswith("\n") else text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("naturalearth", help="folder of Natural Earth layers as .geojson.gz")
    args = parser.parse_args()

    countries = country_rings(args.naturalearth)
    if len(countries) >= 4095:
        sys.exit("too many countries for a 12-bit id")
    grid, cells = build_grid(countries)
    rings_table, ring_count = bytearray(COUNTRY_RINGS_MAGIC), 0
    for index, (_, _, rings) in enumerate(countries):
        for ring in rings:
            bits = BitWriter()
            write_points(bits, ring, (0, 0), FEATURE_POINT_BITS)
            points = bits.bytes()
            xs = [x for x, _ in ring]
            ys = [y for _, y in ring]
            rings_table += (1 + index).to_bytes(2, "little")
            for v in (min(xs), min(ys), max(xs), max(ys), len(points)):
                rings_table += v.to_bytes(3, "little")
            rings_table += points
            ring_count += 1
    mixed = sum(1 for v in grid if v >= 4096)
    print("countries %d, rings %d, cells: %d mixed, %d whole" % (len(countries), ring_count, mixed, sum(1 for v in grid if 0 < v < 4096)))
    grid_table = bytearray(COUNTRY_GRID_MAGIC)
    for value in grid:
        grid_table += value.to_bytes(3, "little")
    grid_table += cells
    # What each table holds is documented beside its accessor (BoundaryData in PackedGeometry.swift).
    write_tables([("boundary-countries.tsv", "".join("%s\t%s\n" % (code, name) for code, name, _ in countries))])
    write_table("boundary-country-rings.bin", bytes(rings_table))
    write_table("boundary-country-grid.bin", bytes(grid_table))
    feature_list = features(args.naturalearth)
    peak_lines = peaks(args.naturalearth)
    print("features %d, peaks %d" % (len(feature_list), len(peak_lines)))
    # Each feature's rings are a run of bytes in `featureRings`; its line ends with where they start and end.
    rings_table, feature_lines = bytearray(FEATURE_RINGS_MAGIC), []
    for head, rings in feature_list:
        bits = BitWriter()
        for ring in rings:
            write_points(bits, ring, (0, 0), FEATURE_POINT_BITS)
        start = len(rings_table) - len(FEATURE_RINGS_MAGIC)
        box = (min(x for r in rings for x, _ in r), min(y for r in rings for _, y in r),
               max(x for r in rings for x, _ in r), max(y for r in rings for _, y in r))
        rings_table += grid_bytes(box, rings)
        rings_table += bits.bytes()
        feature_lines.append("%s\t%s%s" % (head, enc(start), enc(len(rings_table) - len(FEATURE_RINGS_MAGIC))))
    feature_text = "".join(l + "\n" for l in feature_lines)
    # Fixed-width boxes (bbox, then the line's offset in `features`) so a lookup scans 20 bytes a
    # feature instead of every feature's line.
    boxes, offset = [], 0
    for line in feature_lines:
        boxes.append(line.split("\t")[3] + enc(offset) + "\n")
        offset += len(line.encode("utf-8")) + 1
    write_tables([
        ("boundary-features.tsv", feature_text),
        ("boundary-feature-boxes.txt", "".join(boxes)),
        ("boundary-peaks.tsv", "".join(l + "\n" for l in peak_lines)),
    ])
    write_table("boundary-feature-rings.bin", bytes(rings_table))


if __name__ == "__main__":
    main()
