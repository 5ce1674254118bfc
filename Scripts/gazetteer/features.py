"""Natural features (Natural Earth), airports (airportsdata) and curated sights for the gazetteer.

Each function returns feature dicts: ``name``, ``kind``, ``lat``, ``lon``, ``rank`` (lower is more
important: Natural Earth's scalerank 0-12, a sight's notability 1-3, an airport's class), optional
``elevation`` (metres), ``bounds`` (min lat, min lon, max lat, max lon), ``aliases``, ``codes`` and
``country``/``town`` when the source names them.
"""

import csv
import gzip
import io
import json
import math
import os
import zipfile
from collections import defaultdict

# Natural Earth feature classes and the kind each becomes; classes not listed are left out.
NE_KINDS = {
    "island": "island", "island group": "archipelago", "range/mtn": "range", "plateau": "plateau",
    "desert": "desert", "pen/cape": "peninsula", "peninsula": "peninsula", "geoarea": "area",
    "coast": "coast", "plain": "plain", "lowland": "plain", "delta": "delta", "basin": "basin",
    "valley": "valley", "tundra": "area", "isthmus": "area", "wetlands": "wetland", "gorge": "canyon",
    "foothills": "range", "lake": "lake", "depression": "depression", "cape": "cape",
    "waterfall": "waterfall", "mountain": "mountain", "spot elevation": "mountain", "pass": "pass",
    "sea": "sea", "ocean": "sea", "generic": "sea", "gulf": "gulf", "bay": "bay", "inlet": "bay",
    "sound": "strait", "strait": "strait", "channel": "strait", "fjord": "fjord", "lagoon": "lagoon",
    "reef": "natural", "river": "river", "alkaline lake": "lake", "reservoir": "lake",
}

# Peaks that are volcanoes, by Natural Earth's name (Natural Earth files them all as "mountain").
VOLCANOES = {
    "Fuji", "Monte Etna", "Mt. Kilimanjaro", "Kilimanjaro", "Popocatépetl", "Popocatepetl", "Cotopaxi",
    "Mt. Rainier", "Mt. St. Helens", "Mauna Kea", "Mauna Loa", "Mt. Erebus", "Elbrus", "Mt. Elbrus",
    "Ararat", "Mt. Ararat", "Damavand", "Chimborazo", "Ojos del Salado", "Llullaillaco",
    "Pico de Orizaba", "Citlaltépetl", "Mt. Shasta", "Mt. Hood", "Pico del Teide", "Teide", "Hekla",
    "Krakatau", "Stromboli", "Villarrica", "Osorno", "Mt. Ruapehu", "Ruapehu", "Mt. Taranaki",
    "Kilauea", "Klyuchevskaya Sopka", "Mt. Kenya", "Mt. Cameroon", "Nyiragongo", "Mt. Meru",
    "Tambora", "Merapi", "Mt. Pinatubo", "Mayon", "Mt. Adams", "Mt. Baker", "Lassen Peak",
    "Sajama", "Misti", "El Misti", "Tajumulco", "Acatenango", "Irazú", "Arenal", "Tungurahua",
}

# Generic words, by the kind they name, in the main languages: "Lake Como" and "Como" find Lago di Como.
GENERIC_BEFORE = {
    "lake": ["lake", "lago", "lac", "loch", "lough", "see", "lago di", "lac de", "lac du", "lake of"],
    "mountain": ["mount", "mt", "mt.", "monte", "mont", "pico", "pic", "puig", "cerro", "nevado", "mount saint"],
    "volcano": ["mount", "mt", "mt.", "monte", "mont", "volcán", "volcan", "vulcano"],
    "island": ["isle of", "island of", "ile", "île", "ile de", "île de", "isla", "isola", "ilha", "isla de"],
    "park": [],
    "waterfall": ["cascada", "cascade", "chutes", "salto"],
}
GENERIC_AFTER = {
    "lake": ["lake", "see", "järvi", "jarvi", "vatnet", "sjön", "gölü"],
    "mountain": ["mountain", "peak", "san", "yama", "zan", "dake", "berg", "spitze"],
    "volcano": ["volcano", "san", "yama", "zan", "dake"],
    "range": ["mountains", "mts", "mts.", "range", "mountain range"],
    "desert": ["desert"],
    "island": ["island", "isle", "islands"],
    "archipelago": ["islands", "archipelago"],
    "park": ["national park", "np", "national monument", "nm", "national historical park", "nhp", "national memorial"],
    "waterfall": ["falls", "waterfall", "waterfalls"],
    "river": ["river"],
}
# The English form added for each kind, so "Lake X", "Mount X", "X National Park" always find it.
ENGLISH_FORMS = {
    "lake": ["lake %s", "%s lake"], "mountain": ["mount %s"], "volcano": ["mount %s"],
    "range": ["%s mountains"], "island": ["isle of %s", "%s island"], "park": ["%s national park"],
    "waterfall": ["%s falls"], "desert": ["%s desert"], "river": ["%s river", "river %s"],
}


def core_names(name, kind):
    """The name with a generic word of its kind removed, and the English forms of that core."""
    cores, forms = short_and_english_names(name, kind)
    return sorted(set(cores) | set(forms))


def short_and_english_names(name, kind):
    """(the name without its generic word, the English forms of the name: "lake como", "mount fuji")."""
    low = name.lower().replace("-", " ").strip()
    cores = set()
    for word in sorted(GENERIC_BEFORE.get(kind, []), key=len, reverse=True):
        if low.startswith(word + " ") and len(low) > len(word) + 2:
            cores.add(low[len(word) + 1:].strip())
            break
    for word in sorted(GENERIC_AFTER.get(kind, []), key=len, reverse=True):
        if low.endswith(" " + word) and len(low) > len(word) + 2:
            cores.add(low[: -len(word) - 1].strip())
            break
    forms = set()
    for core in cores or {low}:
        for form in ENGLISH_FORMS.get(kind, []):
            forms.add(form % core)
    forms.discard(low)
    forms -= cores
    return sorted(c for c in cores if len(c) >= 3), sorted(f for f in forms if len(f) >= 3)


def _load(folder, layer):
    path = os.path.join(folder, layer + ".geojson.gz")
    if not os.path.exists(path):
        raise SystemExit("Natural Earth layer %s is missing from %s" % (layer, folder))
    return json.load(gzip.open(path, "rt", encoding="utf-8"))["features"]


def _rings(geometry):
    if geometry is None:
        return []
    t, c = geometry["type"], geometry["coordinates"]
    if t == "Polygon":
        return [c[0]]
    if t == "MultiPolygon":
        return [p[0] for p in c]
    if t == "LineString":
        return [c]
    if t == "MultiLineString":
        return list(c)
    return []


def _bounds_and_point(geometry):
    """Bounding box of every part, and a point on the largest part: its vertex nearest the part's mean."""
    rings = [r for r in _rings(geometry) if r]
    if not rings:
        return None, None
    lats = [p[1] for r in rings for p in r]
    lons = [p[0] for r in rings for p in r]
    bounds = (min(lats), min(lons), max(lats), max(lons))
    ring = max(rings, key=len)
    mlat = sum(p[1] for p in ring) / len(ring)
    mlon = sum(p[0] for p in ring) / len(ring)
    if geometry["type"] in ("Polygon", "MultiPolygon"):
        return bounds, (mlat, mlon)
    best = min(ring, key=lambda p: (p[1] - mlat) ** 2 + (p[0] - mlon) ** 2)
    return bounds, (best[1], best[0])


# Segments of one name this far apart (degrees between their bounding boxes) are different rivers: the
# Colorado of the United States and of Argentina, the Severn of Britain and of Canada. Closer ones are one
# river that Natural Earth draws in pieces (the Salween and the Irtysh, broken by gaps and lakes).
RIVER_GAP_DEGREES = 10


def _river_systems(parts):
    """The segments of one river name grouped into rivers: segments join while their bounding boxes come
    within ``RIVER_GAP_DEGREES`` of each other. Groups keep the layer's order."""
    groups = []
    for f in parts:
        points = [p for ring in _rings(f["geometry"]) for p in ring]
        if not points:
            continue
        box = [min(p[0] for p in points), min(p[1] for p in points), max(p[0] for p in points), max(p[1] for p in points)]
        groups.append(([f], box))
    joined = True
    while joined:
        joined = False
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                (fa, a), (fb, b) = groups[i], groups[j]
                g = RIVER_GAP_DEGREES
                if a[0] - g <= b[2] and b[0] - g <= a[2] and a[1] - g <= b[3] and b[1] - g <= a[3]:
                    groups[i] = (fa + fb, [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])])
                    del groups[j]
                    joined = True
                    break
            if joined:
                break
    return [fs for fs, _ in groups]


def _length_degrees(lines):
    """A rough length of lines, in degrees of latitude (a degree of longitude shrunk by its latitude)."""
    total = 0.0
    for line in lines:
        for (x0, y0), (x1, y1) in zip(line, line[1:]):
            total += math.hypot((x1 - x0) * math.cos(math.radians((y0 + y1) / 2)), y1 - y0)
    return total


def _title(name):
    """Natural Earth writes seas in capitals ("ARCTIC OCEAN"): give them ordinary case."""
    if name.isupper():
        small = {"of", "de", "la", "del", "the", "and"}
        return " ".join(w if i and w.lower() in small else w.capitalize()
                        for i, w in enumerate(name.lower().split()) for w in [w]).replace(" Of ", " of ")
    return name


def _display(name):
    """Natural Earth abbreviates "Mt." and "L."; show the words."""
    if name.startswith("Mt. "):
        return "Mount " + name[4:]
    if name.startswith("Mts. "):
        return "Mounts " + name[5:]
    return name


def natural_earth(folder, people_along=lambda lines: 0):
    """Named physical features from the Natural Earth layers in ``folder``. ``people_along(lines)`` is the
    number of people living near a river's course (lines of (lon, lat)), which tells rivers of one name
    apart."""
    out = []

    def add(props, geometry, kind, point=None, elevation=None, aliases=()):
        name = props.get("name") or props.get("name_en")
        if not name or not kind:
            return
        name = _display(_title(" ".join(name.split())))
        if "/" in name:
            # "Uluru/Ayers Rock": two names of one feature.
            name, *others = [part.strip() for part in name.split("/") if part.strip()] or [name]
            aliases = list(aliases) + others
        bounds, centre = _bounds_and_point(geometry) if geometry and geometry["type"] != "Point" else (None, None)
        lat, lon = point if point else centre if centre else (None, None)
        if lat is None:
            return
        names = [props.get(k) for k in ("name_alt", "namealt", "name_abb", "name_fr")]
        alts = [_title(a) for a in names if a and a != name] + list(aliases)
        out.append({"name": name, "kind": kind, "lat": lat, "lon": lon, "rank": int(props.get("scalerank") or 10),
                    "elevation": elevation, "bounds": bounds, "aliases": alts, "codes": [], "source": "ne"})

    for f in _load(folder, "ne_10m_geography_regions_polys"):
        p = f["properties"]
        if (p.get("featurecla") or "").lower() in ("continent", "dragons-be-here"):
            continue
        add(p, f["geometry"], NE_KINDS.get((p.get("featurecla") or "").lower()))
    for f in _load(folder, "ne_10m_geography_regions_points"):
        p = f["properties"]
        add(p, None, NE_KINDS.get((p.get("featurecla") or "").lower()), point=(p["lat_y"], p["long_x"]))
    for f in _load(folder, "ne_10m_geography_regions_elevation_points"):
        p = f["properties"]
        kind = NE_KINDS.get((p.get("featurecla") or "").lower())
        if kind == "mountain" and p.get("name") in VOLCANOES:
            kind = "volcano"
        elevation = int(round(p["elevation"])) if p.get("elevation") is not None else None
        add(p, None, kind, point=(p["lat_y"], p["long_x"]), elevation=elevation)
    for f in _load(folder, "ne_10m_geography_marine_polys"):
        p = f["properties"]
        add(p, f["geometry"], NE_KINDS.get((p.get("featurecla") or "").lower()))
    seen_lakes = {}
    # The regional layers draw their lakes in more detail (and the world layer puts the name "Lago di Como"
    # on Lago Maggiore's outline): read them first, and keep the world layer's rank for a lake in both.
    for layer in ("ne_10m_lakes_europe", "ne_10m_lakes_north_america", "ne_10m_lakes"):
        for f in _load(folder, layer):
            p = f["properties"]
            if not p.get("name"):
                continue
            before = len(out)
            add(p, f["geometry"], NE_KINDS.get((p.get("featurecla") or "").lower(), "lake"))
            if len(out) > before:
                lake = out[-1]
                # The regional layers repeat the world layer's lakes in more detail: keep the first.
                key = lake["name"].lower()
                same = [o for o in seen_lakes.get(key, []) if abs(o["lat"] - lake["lat"]) < 1 and abs(o["lon"] - lake["lon"]) < 1]
                if same:
                    same[0]["rank"] = min(same[0]["rank"], lake["rank"])
                    out.pop()
                else:
                    seen_lakes.setdefault(key, []).append(lake)
    rivers = {}
    for f in _load(folder, "ne_10m_rivers_lake_centerlines"):
        p = f["properties"]
        name = p.get("name_en") or p.get("name")
        if not name or (p.get("featurecla") or "").lower() != "river":
            continue
        rivers.setdefault(name, []).append(f)
    for name, all_parts in rivers.items():
        systems = []
        for parts in _river_systems(all_parts):
            lines = [line for f in parts for line in _rings(f["geometry"])]
            rank = min(f["properties"].get("scalerank") or 10 for f in parts)
            systems.append((_length_degrees(lines), rank, parts, lines))
        # Rivers of one name far apart: the one meant is the one Natural Earth ranks highest once each
        # tenfold of the people living along it (``people_along``) counts as a rank, then the longest
        # (Britain's Severn, past Gloucester and Worcester, before Canada's longer one through empty
        # forest; the Colorado of the United States, not of Argentina); the others rank one lower.
        if len(systems) > 1:
            systems.sort(key=lambda s: (s[1] - math.log10(1 + people_along(s[3])), -s[0]))
        for i, (_, rank, parts, lines) in enumerate(systems):
            if i and rank <= systems[0][1]:
                rank = systems[0][1] + 1
            props = dict(parts[0]["properties"], name=name, scalerank=rank)
            add(props, {"type": "MultiLineString", "coordinates": lines}, "river")
    # United States park units: the point layer, and the large parks that only the area layer holds.
    areas = {}
    for f in _load(folder, "ne_10m_parks_and_protected_lands_area"):
        areas[f["properties"].get("unit_code")] = f
    points = set()
    for f in _load(folder, "ne_10m_parks_and_protected_lands_point"):
        p = f["properties"]
        points.add(p.get("unit_code"))
        lon, lat = f["geometry"]["coordinates"][:2]
        area = areas.get(p.get("unit_code"))
        add(dict(p, name=park_name(p.get("unit_name") or p.get("name") or "")), None, "park", point=(lat, lon),
            aliases=[p["name"]] if p.get("name") else [])
        out[-1]["bounds"] = _bounds_and_point(area["geometry"])[0] if area else None
        out[-1]["country"] = "US"
    for code, f in sorted(areas.items(), key=lambda kv: kv[0] or ""):
        p = f["properties"]
        if code in points:
            continue
        add(dict(p, name=park_name(p.get("unit_name") or p.get("name") or "")), f["geometry"], "park",
            aliases=[p["name"]] if p.get("name") else [])
        out[-1]["country"] = "US"
    return out


PARK_ABBREVIATIONS = [(" NP & PRES", " National Park and Preserve"), (" NM & PRES", " National Monument and Preserve"),
                      (" N PRES", " National Preserve"), (" NRRA", " National River and Recreation Area"),
                      (" NRA", " National Recreation Area"), (" NHP", " National Historical Park"),
                      (" NHS", " National Historic Site"), (" NP", " National Park"), (" NM", " National Monument"),
                      (" NS", " National Seashore"), (" NL", " National Lakeshore")]


def park_name(unit):
    """ "Yosemite NP" as "Yosemite National Park"; a unit's district ("--South Unit") is left out."""
    unit = " ".join(unit.split("--")[0].split())
    for short, full in PARK_ABBREVIATIONS:
        if unit.endswith(short):
            return unit[: -len(short)] + full
    return unit


AIRPORT_WORDS = {"international", "intl", "airport", "regional", "airfield", "aerodrome"}


def airport_aliases(name, city):
    """Short names people use for an airport: "Heathrow" and "Heathrow Airport" for London Heathrow Airport,
    "Schiphol" for Amsterdam Airport Schiphol."""
    out = set()
    words = [w for w in name.split() if w.lower().strip(".") not in AIRPORT_WORDS]
    core = " ".join(words)
    if city and core.startswith(city + " ") and len(core) > len(city) + 3:
        core = core[len(city) + 1:]
    if core != name and len(core) >= 4 and core != city:
        out.update({core, core + " Airport"})
    if city:
        out.add("%s Airport" % city)
    out.discard(name)
    return sorted(out)


def airports(path, ne_folder):
    """Airports with an IATA code from airportsdata, ranked by Natural Earth's class where it lists them."""
    ne_rank, ne_names = {}, {}
    for f in _load(ne_folder, "ne_10m_airports"):
        p = f["properties"]
        if p.get("iata_code"):
            ne_rank[p["iata_code"]] = int(p.get("scalerank") or 9)
            # Natural Earth's short name ("Frankfurt Int'l") and the English Wikipedia title ("Haneda Airport",
            # "O'Hare International Airport") are the names people use.
            names = [(p.get("name") or "").replace(" Int'l", " International Airport")]
            title = (p.get("wikipedia") or "").rsplit("/", 1)[-1].replace("_", " ")
            names.append(title.split(" (")[0])
            ne_names[p["iata_code"]] = [n for n in names if len(n) >= 4]
    with zipfile.ZipFile(path) as z:
        text = z.read("airportsdata/airports.csv").decode("utf-8")
    out = []
    for row in csv.DictReader(io.StringIO(text)):
        iata = row["iata"].strip()
        if not iata or not row["name"]:
            continue
        elevation = int(round(float(row["elevation"]) * 0.3048)) if row["elevation"] not in ("", None) else None
        name = " ".join(row["name"].split())
        aliases = airport_aliases(name, " ".join(row["city"].split()))
        for other in ne_names.get(iata, []):
            aliases += [other] + airport_aliases(other, "")
        out.append({"name": name, "kind": "airport", "lat": float(row["lat"]), "lon": float(row["lon"]),
                    "rank": ne_rank.get(iata, 12), "elevation": elevation, "bounds": None, "aliases": aliases,
                    "codes": [c for c in (iata, row["icao"].strip()) if c], "country": row["country"],
                    "source": "airportsdata"})
    return out


SIGHT_COLUMNS = ["name", "kind", "latitude", "longitude", "country", "town", "local_names", "aliases",
                 "wikidata", "notability"]
SIGHT_KINDS = set(("monument building tower bridge castle palace church temple mosque museum ruins heritage "
                   "park garden island beach viewpoint street square waterfall canyon cave glacier valley "
                   "coast district market stadium mountain volcano lake natural "
                   "university station lighthouse dam pass village").split())


# A table's comment line ``# town-within-km: N`` sets how far its sights may lie from their towns;
# 25 km unless a table says otherwise (the table of remote sights names gateway towns up to 100 km away).
TOWN_WITHIN_KM = 25.0
TOWN_DIRECTIVE = "# town-within-km:"


def sights(folder):
    """Rows of every ``*.tsv`` in ``folder``, checked against the table's format (not yet its towns)."""
    out = []
    if not os.path.isdir(folder):
        return out
    for filename in sorted(os.listdir(folder)):
        if not filename.endswith(".tsv"):
            continue
        path = os.path.join(folder, filename)
        header = None
        town_km = TOWN_WITHIN_KM
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, start=1):
                line = line.rstrip("\n")
                if line.startswith(TOWN_DIRECTIVE):
                    town_km = float(line[len(TOWN_DIRECTIVE):])
                if not line.strip() or line.startswith("#"):
                    continue
                cells = line.split("\t")
                where = "%s:%d" % (os.path.relpath(path), number)
                if header is None:
                    if cells != SIGHT_COLUMNS:
                        raise SystemExit("%s: header must be %s" % (where, "\\t".join(SIGHT_COLUMNS)))
                    header = cells
                    continue
                if len(cells) != len(SIGHT_COLUMNS):
                    raise SystemExit("%s: %d columns instead of %d" % (where, len(cells), len(SIGHT_COLUMNS)))
                row = dict(zip(SIGHT_COLUMNS, cells))
                if row["kind"] not in SIGHT_KINDS:
                    raise SystemExit("%s: kind %r is not one of the sight kinds" % (where, row["kind"]))
                try:
                    lat, lon = float(row["latitude"]), float(row["longitude"])
                except ValueError:
                    raise SystemExit("%s: latitude/longitude %r, %r are not numbers" % (where, row["latitude"], row["longitude"]))
                if not (-90 <= lat <= 90 and -180 <= lon <= 180):
                    raise SystemExit("%s: latitude/longitude out of range" % where)
                if row["notability"] not in ("1", "2", "3"):
                    raise SystemExit("%s: notability %r is not 1, 2 or 3" % (where, row["notability"]))
                if row["wikidata"] and not (row["wikidata"][0] == "Q" and row["wikidata"][1:].isdigit()):
                    raise SystemExit("%s: wikidata %r is not a Q-id" % (where, row["wikidata"]))
                names = [n for n in row["local_names"].split("|") + row["aliases"].split("|") if n.strip()]
                out.append({"name": row["name"].strip(), "kind": row["kind"], "lat": lat, "lon": lon,
                            "rank": {"1": 1, "2": 3, "3": 6}[row["notability"]], "elevation": None, "bounds": None, "aliases": names,
                            "codes": [row["wikidata"]] if row["wikidata"] else [], "country": row["country"].upper(),
                            "town": row["town"].strip(), "town_km": town_km, "where": where, "source": "sight"})
    return out


def add_local_names(found, path):
    """Adds the names of ``path`` (``feature-names.tsv``: name, kind, local names) to the features of that
    name and kind as other names; a row that names no feature stops the build."""
    by_key = defaultdict(list)
    for f in found:
        by_key[(f["name"], f["kind"])].append(f)
    with open(path, encoding="utf-8") as rows:
        for number, line in enumerate(rows, start=1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#") or line.startswith("name\t"):
                continue
            cells = line.split("\t")
            if len(cells) != 3 or (cells[0], cells[1]) not in by_key:
                raise SystemExit("%s:%d: no Natural Earth %s named %r" % (os.path.relpath(path), number, cells[1:2], cells[0]))
            for f in by_key[(cells[0], cells[1])]:
                f["aliases"] = f["aliases"] + [n for n in cells[2].split("|") if n.strip()]


def haversine(lat1, lon1, lat2, lon2):
    import math
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(h)))


# Kinds that may describe one thing twice: a curated sight and a Natural Earth feature of these kinds.
_FAMILIES = [{"mountain", "volcano", "range", "glacier", "natural"}, {"lake", "lagoon", "natural"},
             {"island", "archipelago", "natural"}, {"waterfall", "natural"}, {"park", "natural"},
             {"canyon", "valley", "natural"}, {"desert", "natural"}]


def within_bounds(point, bounds, margin):
    """Whether ``point`` (a dict with lat and lon) lies in ``bounds`` (min lat, min lon, max lat, max lon)
    grown by ``margin`` degrees on every side."""
    if not bounds:
        return False
    south, west, north, east = bounds
    return south - margin <= point["lat"] <= north + margin and west - margin <= point["lon"] <= east + margin


def merge_sights_with_features(sights, found):
    """A sight that is also a Natural Earth feature (Mount Fuji, Lake Como) becomes one entry: the sight's
    names and kind, the feature's elevation, bounds and names as aliases."""
    from folding import fold
    by_name = defaultdict(list)
    for f in found:
        for n in [f["name"]] + f["aliases"] + core_names(f["name"], f["kind"]):
            by_name[fold(n)].append(f)
    drop = set()
    for s in sights:
        names = {fold(n) for n in [s["name"]] + s["aliases"] + core_names(s["name"], s["kind"])}
        for n in names:
            for f in by_name.get(n, []):
                if id(f) in drop or not any(s["kind"] in fam and f["kind"] in fam for fam in _FAMILIES):
                    continue
                # One thing: its points within 50 km, or the sight inside the feature's outline grown by a
                # degree (Lake Titicaca's two points lie 51 km apart; the Grand Canyon's South Rim lies
                # east of Natural Earth's point and box).
                if haversine(s["lat"], s["lon"], f["lat"], f["lon"]) > 50 and not within_bounds(s, f["bounds"], 1.0):
                    continue
                drop.add(id(f))
                s["elevation"] = s["elevation"] if s["elevation"] is not None else f["elevation"]
                s["bounds"] = s["bounds"] or f["bounds"]
                s["aliases"] = s["aliases"] + [f["name"]] + f["aliases"]
    found[:] = [f for f in found if id(f) not in drop]
