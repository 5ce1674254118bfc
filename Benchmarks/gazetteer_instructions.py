#!/usr/bin/env python3
"""Start-up and gazetteer search, counted in instructions by valgrind's callgrind, for one or more binaries.

    python3 Benchmarks/gazetteer_instructions.py BINARY [OTHER_BINARY...]

Each command runs once against an empty journal: `--version` (start-up alone), an exact name, a typo
(the key scan), a typo with a misspelt qualifier, and a name in another script. Counts do not depend on
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
    ("search Lodnon", ["search", "Lodnon"]),
    ('search "Sprngfield, Ilinois"', ["search", "Sprngfield, Ilinois"]),
    ("search Лондон", ["search", "Лондон"]),
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
            print(f"| `{label}` | " + " | ".join(f"{c / 1e6:,.2f} M" for c in counts) + " |")
    print()
    for b in binaries:
        print(f"{b}: {os.path.getsize(b):,} bytes")


if __name__ == "__main__":
    main()
