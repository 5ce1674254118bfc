#!/usr/bin/env python3
"""What searching the journal's own place names costs: `near` and `add --in` by coordinates, by a
town's name and by one of the journal's own names, at 1,000, 10,000 and 100,000 places.

usage: python3 Benchmarks/resolve_bench.py [SIZE...]   (release build; writes nothing but a table)

Each command runs cold (a fresh process), 15 times after one warm-up; the median CPU time (user +
system, steadier than wall time on a shared machine) and the median wall time are printed. `add` gets a fresh copy of the journal before every run. Journals come from
Benchmarks/make-journal.py with one place named "Grandma's house" appended.
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

WORK = "Benchmarks/.work/resolve"
SIZES = [int(s) for s in sys.argv[1:]] or [1000, 10000, 100000]
RUNS = 15


def main():
    os.makedirs(WORK, exist_ok=True)
    places = places_binary()
    rows = []
    for size in SIZES:
        source = os.path.join(WORK, f"j{size}.json")
        if not os.path.exists(source):
            subprocess.run([sys.executable, "Benchmarks/make-journal.py", str(size - 1), source], check=True)
            journal = json.load(open(source, encoding="utf-8"))
            journal["places"].append({"id": "0b7e6c1a-0000-4000-8000-000000000001", "name": "Grandma's house",
                                      "description": "", "latitude": 53.8008, "longitude": -1.5491, "tags": [],
                                      "visited": None, "created": "2025-01-01T00:00:00Z", "updated": "2025-01-01T00:00:00Z"})
            with open(source, "w", encoding="utf-8") as f:
                json.dump(journal, f, ensure_ascii=False)
        target = os.path.join(WORK, f"bench{size}.json")
        env = dict(os.environ, PLACES_STORE=target)

        def fresh():
            shutil.copyfile(source, target)
            for extra in (target + ".bak",):
                if os.path.exists(extra):
                    os.remove(extra)
            shutil.rmtree(target + ".history", ignore_errors=True)

        fresh()
        row = [size]
        for args, mutates in [
            (["near", "53.8008,-1.5491", "--limit", "10"], False),
            (["near", "Leeds", "--limit", "10"], False),
            (["near", "Grandma's house", "--limit", "10"], False),
            (["add", "Bench", "--at", "53.8008,-1.5491"], True),
            (["add", "Bench", "--in", "Leeds"], True),
            (["add", "Bench", "--in", "grandmas house"], True),
        ]:
            row.append(median_ms([places] + args, env, RUNS, fresh if mutates else None))
        rows.append(row)
        print(f"{size}: done", file=sys.stderr)
    print(f"Own place names, {platform.machine()}, {os.cpu_count()} cores, {platform.system()}; release build; "
          f"load average {os.getloadavg()[0]:.1f}; median CPU time (user + system) / wall time of {RUNS} cold runs.\n")
    print("| places | near LAT,LON | near Leeds | near \"Grandma's house\" | add --at | add --in Leeds | add --in \"grandmas house\" |")
    print("|---|---|---|---|---|---|---|")
    for size, *times in rows:
        print(f"| {size:,} | " + " | ".join(f"{cpu:.0f} / {wall:.0f} ms" for cpu, wall in times) + " |")


if __name__ == "__main__":
    main()
