#!/usr/bin/env python3
"""Write Tests/PlacesCLITests/Fixtures/country-names.tsv: every country's name in 26 CLDR languages
(``cldr.TEST_LANGUAGES``), for the test that searches each through the binary.

Usage (from the repository root, after build.py has filled ``Scripts/.cache``):

    python3 Scripts/gazetteer/country-names-fixture.py

Only countries the bundled gazetteer holds are written (the first column of gazetteer-countries.tsv).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cldr  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    countries = os.path.join(ROOT, "Sources", "PlacesData", "Tables", "gazetteer-countries.tsv")
    known = {line.split("\t", 1)[0] for line in open(countries, encoding="utf-8")}
    names = cldr.territory_names(os.path.join(ROOT, "Scripts", ".cache"), cldr.TEST_LANGUAGES)
    rows = ["# name\tISO 3166-1 code\tlanguage (Unicode CLDR via babel %s)\n" % cldr.BABEL[0]]
    for language in cldr.TEST_LANGUAGES:
        for code in sorted(names[language]):
            if code in known:
                rows.append("%s\t%s\t%s\n" % (" ".join(names[language][code].split()), code, language))
    path = os.path.join(ROOT, "Tests", "PlacesCLITests", "Fixtures", "country-names.tsv")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(rows))
    print("wrote %s (%d names)" % (os.path.relpath(path, ROOT), len(rows) - 1))


if __name__ == "__main__":
    main()
