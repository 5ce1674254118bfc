#!/usr/bin/env python3
"""Start-up and gazetteer search, counted in instructions by valgrind's callgrind, for one or more binaries.

    python3 Benchmarks/gazetteer_instructions.py BINARY [OTHER_BINARY...]

Each command runs once against an empty journal: `--version` (start-up alone), then the geosearch rows
BENCHMARKS.md budgets (exact names, a feature, a sight, a code, another script, qualifiers, typos, and
`where`), each also as a multiple of `--version`. Counts do not depend on
the machine's load, so two builds compare side by side on a busy machine. Needs valgrind (Debian).
Prints a Markdown table, then the binaries' sizes.
"""
import os
import re
import subprocess
import sys
import tempfile

COMMANDS = [
    ("--version", ["--version"]),
    ("search London", ["search", "London"]),
    ("search Hallstatt", ["search", "Hallstatt"]),
    ('search "Mount Fuji"', ["search", "Mount Fuji"]),
    ('search "Eiffel Tower"', ["search", "Eiffel Tower"]),
    ("search LHR", ["search", "LHR"]),
    ("search Лондон", ["search", "Лондон"]),
    ('search "Springfield, Illinois"', ["search", "Springfield, Illinois"]),
    ('search "St Ives, Cornwall"', ["search", "St Ives, Cornwall"]),
    ("search Lodnon", ["search", "Lodnon"]),
    ("search Tapei", ["search", "Tapei"]),
    ('search "Sprngfield, Ilinois"', ["search", "Sprngfield, Ilinois"]),
    ('search "Nimes, Occitany"', ["search", "Nimes, Occitany"]),
    ("where 51.5,-0.12", ["where", "51.5,-0.12"]),
    ("where 23.4,25.6", ["where", "23.4,25.6"]),
    ("where 46.45,6.55", ["where", "46.45,6.55"]),
    ("where 42.0,50.5", ["where", "42.0,50.5"]),
    ("where 48.8566,2.3522", ["where", "48.8566,2.3522"]),
    ("where 0,-30", ["where", "0,-30"]),
]


def instructions(binary, arguments, store):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary] + arguments
                         + (["--store", store] if arguments[0] != "--version" else []),
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(re.search(r"refs:\s+([\d,]+)", out.stderr).group(1).replace(",", ""))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binaries = sys.argv[1:]
    with tempfile.TemporaryDirectory() as work:
        store = os.path.join(work, "places.json")
        print("| command | " + " | ".join(os.path.relpath(b) for b in binaries) + " |")
        print("|---|" + "---|" * len(binaries))
        for label, arguments in COMMANDS:
            counts = [instructions(b, arguments, store) for b in binaries]
            if label == "--version":
                start = counts
            # The budget is a multiple of start-up: exact ≤ 1.5×, typo ≤ 2×, where ≤ 1.5×.
            print(f"| `{label}` | " + " | ".join(f"{c / 1e6:,.2f} M ({c / s:.2f}×)" for c, s in zip(counts, start))
                  + " |")
    print()
    for b in binaries:
        print(f"{b}: {os.path.getsize(b):,} bytes")


if __name__ == "__main__":
    main()
