#!/usr/bin/env python3
"""Print geosearch accuracy per kind of query over a regression table.

Usage (from the repository root, after ``swift build``):

    python3 Scripts/gazetteer/accuracy.py [TABLE] [--binary PATH]

TABLE defaults to Tests/PlacesKitTests/Fixtures/geosearch-regression.tsv (``query lat lon tolerance_km
rule``); the kind of a row is its rule up to the first colon ("sight", "typo ranking", ...). Every query
goes through ``places search --batch --json`` once; a row is right when the first result lies within
the row's tolerance. The script prints a Markdown table, then each wrong row.
"""

import json
import math
import os
import subprocess
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def distance_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(h)))


def main():
    args = sys.argv[1:]
    binary = os.path.join(ROOT, ".build", "debug", "places")
    if "--binary" in args:
        i = args.index("--binary")
        binary = args[i + 1]
        del args[i:i + 2]
    table = args[0] if args else os.path.join(ROOT, "Tests", "PlacesKitTests", "Fixtures", "geosearch-regression.tsv")
    rows = []
    for line in open(table, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(f) < 5:
            continue
        rows.append((f[0], float(f[1]), float(f[2]), float(f[3]), f[4].split(":")[0].strip()))
    result = subprocess.run([binary, "search", "--batch", "--json", "--quiet"], capture_output=True, text=True,
                            input="".join(r[0].strip() + "\n" for r in rows), check=True)
    right, total, wrong = Counter(), Counter(), []
    for row, line in zip(rows, result.stdout.splitlines()):
        query, lat, lon, tolerance, kind = row
        total[kind] += 1
        found = json.loads(line)["results"]
        if found and distance_km(lat, lon, found[0]["latitude"], found[0]["longitude"]) <= tolerance:
            right[kind] += 1
        else:
            wrong.append("%s → %s" % (query, "%s (%s, %s)" % (found[0]["name"], found[0]["kind"], found[0]["country"])
                                       if found else "nothing"))
    print("| kind of query | cases | right | accuracy |")
    print("|---|---|---|---|")
    for kind in sorted(total, key=lambda k: (-total[k], k)):
        print("| %s | %d | %d | %.1f %% |" % (kind, total[kind], right[kind], 100.0 * right[kind] / total[kind]))
    all_right, all_total = sum(right.values()), sum(total.values())
    print("| **all** | %d | %d | %.1f %% |" % (all_total, all_right, 100.0 * all_right / all_total))
    for w in wrong:
        print("wrong: " + w)


if __name__ == "__main__":
    main()
