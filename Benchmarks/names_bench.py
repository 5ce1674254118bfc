#!/usr/bin/env python3
"""What finding your own places costs at 10,000 and 100,000 places: `show NAME` (a whole name, part of a
name, an id prefix) and `find TEXT` (words, a typo), side by side with what a person would otherwise
reach for: a `jq` filter, `grep -i` on the journal file, and Python's json module.

usage: python3 Benchmarks/names_bench.py [SIZE...]   (release build; prints a table, writes nothing else)

Each command runs cold (a fresh process), 15 times after one warm-up; the median CPU time (user + system,
steadier than wall time on a shared machine) and the median wall time are printed. Journals come from
Benchmarks/make-journal.py with one place named "Grandma's house" appended. The budget: `show NAME` and
`find` under 150 ms at 100,000 places. `places list --tag none` (reads every place, prints none) shows
what a full read of the journal costs; `places --version` is the start-up floor.
"""
import json
import os
import platform
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cold_runs import median_ms, places_binary  # noqa: E402

WORK = "Benchmarks/.work/names"
SIZES = [int(s) for s in sys.argv[1:]] or [10000, 100000]
RUNS = 15


def main():
    os.makedirs(WORK, exist_ok=True)
    places = places_binary()
    jq = shutil.which("jq")
    results = {}
    for size in SIZES:
        journal = os.path.join(WORK, f"j{size}.json")
        if not os.path.exists(journal):
            subprocess.run([sys.executable, "Benchmarks/make-journal.py", str(size - 1), journal], check=True)
            data = json.load(open(journal, encoding="utf-8"))
            data["places"].append({"id": "0b7e6c1a-0000-4000-8000-000000000001", "name": "Grandma's house",
                                   "description": "Sunday lunches.", "latitude": 53.8008, "longitude": -1.5491,
                                   "tags": ["family"], "visited": None, "created": "2025-01-01T00:00:00Z",
                                   "updated": "2025-01-01T00:00:00Z"})
            with open(journal, "w", encoding="utf-8") as f:
                json.dump(data, f, ensure_ascii=False, indent=2, sort_keys=True)
        env = dict(os.environ, PLACES_STORE=journal)
        rows = [
            ("`places --version` (start-up floor)", [places, "--version"], True),
            ("`places list --tag none` (a full read of the journal)", [places, "list", "--tag", "none"], False),
            ("`places show \"grandmas house\"` (a whole name, folded)", [places, "show", "grandmas house"], True),
            ("`places show grandma` (part of a name)", [places, "show", "grandma"], True),
            ("`places show 0b7e6c1a` (an id prefix)", [places, "show", "0b7e6c1a"], True),
            ("`places find lunches` (one word, in a description)", [places, "find", "lunches"], True),
            ("`places find \"krakow harbour\"` (two words, ranked)", [places, "find", "krakow harbour"], True),
            ("`places find lighthuose` (a typo)", [places, "find", "lighthuose"], True),
            ("`grep -i grandma` on the journal file", ["grep", "-i", "grandma", journal], True),
            ("`python3`: json.load, then names containing \"grandma\"",
             [sys.executable, "-c", "import json,sys; print([p for p in json.load(open(sys.argv[1]))['places'] if 'grandma' in p['name'].lower()])", journal], True),
        ]
        if jq:
            rows.insert(8, ("`jq '.places[] | select(.name | ascii_downcase | contains(\"grandma\"))'`",
                            [jq, ".places[] | select(.name | ascii_downcase | contains(\"grandma\"))", journal], True))
        for label, args, expect in rows:
            results.setdefault(label, {})[size] = median_ms(args, env, RUNS, expect_output=expect)
        print(f"{size}: done", file=sys.stderr)
    print(f"Own places by name and text, {platform.machine()}, {os.cpu_count()} cores, {platform.system()}; release build; "
          f"load average {os.getloadavg()[0]:.1f}; median CPU time (user + system) / wall time of {RUNS} cold runs.\n")
    print("| command | " + " | ".join(f"{size:,} places" for size in SIZES) + " |")
    print("|---|" + "---|" * len(SIZES))
    for label, by_size in results.items():
        print(f"| {label} | " + " | ".join(f"{by_size[s][0]:.0f} / {by_size[s][1]:.0f} ms" for s in SIZES) + " |")


if __name__ == "__main__":
    main()
