#!/usr/bin/env python3
"""What the travel commands cost: `timeline --year`, `trips`, `review`, `today` (and a filtered `list`
and `stats`) on 100,000 places with 1,000,000 visits, and on 1,000 places against `--version`.

usage: python3 Benchmarks/travels_bench.py [--small-only]   (release build; prints a table, writes nothing
else outside Benchmarks/.work/travels)

The journals are generated (seeded, so runs are comparable): places around 40 towns in Europe, Asia and
the Americas, one of them tagged home in Berlin; every place has ten visits spread over 2005–2025, on days
chosen so that trips form. Each command runs cold (a fresh process), after one warm-up; the median CPU time
(user + system) and wall time are printed beside the target, first with no memo of the places' countries and
regions (the cache folder, Benchmarks/.work/travels/cache, emptied before each run), then with the memo the
warm-up wrote (a command's second run on the journal).
"""
import json
import os
import platform
import random
import shutil
import sys
import uuid

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cold_runs import median_ms, places_binary  # noqa: E402

WORK = "Benchmarks/.work/travels"
TOWNS = [(52.52, 13.405), (48.2, 16.37), (48.86, 2.35), (41.9, 12.49), (40.42, -3.7), (38.72, -9.14), (51.5, -0.13),
         (59.33, 18.07), (60.17, 24.94), (50.08, 14.44), (47.5, 19.04), (45.46, 9.19), (37.98, 23.73), (41.01, 28.98),
         (35.01, 135.77), (35.68, 139.77), (37.57, 126.98), (22.32, 114.17), (13.75, 100.5), (1.29, 103.85),
         (28.61, 77.21), (40.71, -74.0), (34.05, -118.24), (41.88, -87.63), (19.43, -99.13), (-23.55, -46.63),
         (-34.6, -58.38), (-33.87, 151.21), (-37.81, 144.96), (-41.29, 174.78), (30.04, 31.24), (-33.92, 18.42),
         (64.15, -21.94), (55.75, 37.62), (50.45, 30.52), (52.23, 21.01), (53.35, -6.26), (46.2, 6.14), (43.3, 5.37),
         (39.47, -0.38)]


def make(count, visits_per_place, path):
    rng = random.Random(count)
    places = [{"id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "name": "Home", "latitude": 52.52,
               "longitude": 13.405, "tags": ["home"], "description": "", "created": "2005-01-01T00:00:00Z",
               "updated": "2005-01-01T00:00:00Z", "visits": [{"date": "2005-01-01"}]}]
    for i in range(count - 1):
        lat, lon = rng.choice(TOWNS)
        visits = []
        for _ in range(visits_per_place):
            y, m, d = rng.randint(2005, 2025), rng.randint(1, 12), rng.randint(1, 28)
            kind = rng.random()
            date = f"{y}" if kind < 0.01 else f"{y}-{m:02d}" if kind < 0.05 else f"{y}-{m:02d}-{d:02d}"
            visit = {"date": date}
            if rng.random() < 0.1:
                visit["note"] = "with Sam"
            visits.append(visit)
        visits.sort(key=lambda v: v["date"])
        visits = [v for n, v in enumerate(visits) if n == 0 or v != visits[n - 1]]
        places.append({"id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "name": f"Place {i}",
                       "latitude": round(lat + rng.uniform(-0.5, 0.5), 5), "longitude": round(lon + rng.uniform(-0.5, 0.5), 5),
                       "tags": [], "description": "", "created": f"20{rng.randint(5, 25):02d}-01-01T00:00:00Z",
                       "updated": "2025-01-01T00:00:00Z", "visits": visits})
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"version": 2, "places": places}, f, indent=2, sort_keys=True)
    return sum(len(p["visits"]) for p in places)


def main():
    os.makedirs(WORK, exist_ok=True)
    places = places_binary()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}")
    sizes = [(1000, 10, 5)] if "--small-only" in sys.argv else [(1000, 10, 5), (100000, 10, 3)]
    for count, per_place, runs in sizes:
        path = os.path.join(WORK, f"travels-{count}.json")
        if not os.path.exists(path):
            visits = make(count, per_place, path)
        else:
            visits = sum(len(p["visits"]) for p in json.load(open(path, encoding="utf-8"))["places"])
        cache = os.path.abspath(os.path.join(WORK, "cache"))
        env = dict(os.environ, PLACES_STORE=os.path.abspath(path), TZ="UTC", XDG_CACHE_HOME=cache)

        def forget():
            shutil.rmtree(cache, ignore_errors=True)
        commands = [("--version", [places, "--version"], None),
                    ("timeline --year 2020", [places, "timeline", "--year", "2020"], 1000),
                    ("trips", [places, "trips"], 2000),
                    ("review 2020", [places, "review", "2020"], 2000),
                    ("today --on 2026-04-02", [places, "today", "--on", "2026-04-02"], 500),
                    ("trips show 1", [places, "trips", "show", "1"], None),
                    ("list --country FR", [places, "list", "--country", "FR"], None),
                    ("stats", [places, "stats", "--quiet"], None)]
        print(f"\n{count:,} places, {visits:,} visits, journal {os.path.getsize(path) / 1e6:.0f} MB, median of {runs}")
        print(f"{'':<24} {'no memo':>17} {'memo':>17}")
        print(f"{'command':<24} {'CPU ms':>8} {'wall ms':>8} {'CPU ms':>8} {'wall ms':>8}  target")
        base = None
        for label, args, target in commands:
            cold = median_ms(args, env, runs, fresh=forget)
            forget()
            warm = median_ms(args, env, runs)
            if base is None:
                base = cold
            goal = f"{target} ms" if count == 100000 and target else (f"3x --version = {3 * base[1]:.0f} ms wall" if count == 1000 else "")
            print(f"{label:<24} {cold[0]:8.0f} {cold[1]:8.0f} {warm[0]:8.0f} {warm[1]:8.0f}  {goal}", flush=True)


if __name__ == "__main__":
    main()
