#!/usr/bin/env python3
"""What a journal heavy with visits costs: `list` and `edit` at 100,000 places, 34,951 of them with
three visits each (one with a note), beside the same journal with one date per place.

usage: python3 Benchmarks/visits_bench.py   (release build; prints a table, writes nothing else)

Journals come from Benchmarks/make-journal.py; the visits are added to every place it marks visited.
Each command runs cold (a fresh process, a fresh copy of the journal for `edit`), 9 times after one
warm-up: median CPU time (user + system) and wall time; peak memory (maximum resident set size, from
the kernel's account of the process) against the journal file's size, whose target is at most 4×.
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

WORK = "Benchmarks/.work/visits"
SIZE = 100000
RUNS = 9


def journals():
    plain = os.path.join(WORK, "plain.json")
    heavy = os.path.join(WORK, "visits.json")
    if not os.path.exists(plain):
        subprocess.run([sys.executable, "Benchmarks/make-journal.py", str(SIZE), plain], check=True)
    if not os.path.exists(heavy):
        data = json.load(open(plain, encoding="utf-8"))
        for number, place in enumerate(data["places"]):
            if place.get("visited"):
                year = int(place["visited"][:4])
                place["visits"] = [{"date": f"{year - 2}-05"}, {"date": f"{year - 1}"}, {"date": place["visited"]}]
                if number % 1000 == 0:
                    place["visits"][0]["note"] = "With the whole family, before the renovation."
        data["version"] = 2
        with open(heavy, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=2, sort_keys=True)
    return [("one date per place", plain), ("three visits per visited place", heavy)]


def peak_mb(args, env):
    """Peak resident memory of one run, in MB (the children's maximum, taken from a fresh helper)."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code] + args, env=env, capture_output=True, text=True, check=True)
    return int(out.stdout) / 1024


def main():
    os.makedirs(WORK, exist_ok=True)
    places = places_binary()
    rows = []
    for label, journal in journals():
        copy = os.path.join(WORK, "copy.json")
        env = dict(os.environ, PLACES_STORE=copy)
        size_mb = os.path.getsize(journal) / 1e6
        visits = sum(len(p.get("visits") or ([1] if p.get("visited") else [])) for p in json.load(open(journal))["places"])
        first = json.load(open(journal))["places"][0]["id"]

        def fresh():
            shutil.copyfile(journal, copy)
            # No backup or history left by the run before: each run saves as the first change would.
            if os.path.exists(copy + ".bak"):
                os.remove(copy + ".bak")
            shutil.rmtree(copy + ".history", ignore_errors=True)

        for command, shown in ((["list", "--tag", "none"], "list --tag none"), (["edit", first, "--tag", "edited"], "edit ID --tag edited")):
            fresh()
            cpu, wall = median_ms([places] + command, env, RUNS, fresh=fresh)
            fresh()
            peak = peak_mb([places] + command, env)
            rows.append((f"{label} ({size_mb:.1f} MB, {visits:,} visits)", shown, cpu, wall, peak, peak / size_mb))
    print(f"Visits in the journal, {platform.machine()}, {os.cpu_count()} cores, {platform.system()}; release build; "
          f"load average {os.getloadavg()[0]:.1f}; median CPU / wall time of {RUNS} cold runs; peak memory of one run.\n")
    print("| journal of 100,000 places | command | CPU / wall | peak memory | × file size |")
    print("|---|---|---|---|---|")
    for journal, command, cpu, wall, peak, times in rows:
        print(f"| {journal} | `{command}` | {cpu:.0f} / {wall:.0f} ms | {peak:.1f} MB | {times:.1f}× |")


if __name__ == "__main__":
    main()
