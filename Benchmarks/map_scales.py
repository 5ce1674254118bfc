#!/usr/bin/env python3
"""Measure `places map` at the three outline scales: a world, a country and a city map, as SVG and in
the terminal.

Usage (from the repository root):

    python3 Benchmarks/map_scales.py            # builds places in release mode first
    python3 Benchmarks/map_scales.py --no-build

Each run is a fresh process (hyperfine when installed, else a timing loop of 15 runs, median). The
journals are a few pins each, added with `places add` in a temporary directory: the time is the
outlines' (decoding the tiles in view, projecting, writing the paths), not the pins'. The results
replace the section between ``<!-- map-scales:begin -->`` and ``<!-- map-scales:end -->`` in
BENCHMARKS.md. Budget: a city-scale map in under 200 ms.
"""

import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "places")

VIEWS = {
    "world": [("Tokyo", "35.6586,139.7454"), ("Central Park", "40.7829,-73.9654"), ("Opera House", "-33.8568,151.2153"),
              ("Louvre", "48.8606,2.3376"), ("Christ the Redeemer", "-22.9519,-43.2105"), ("Table Mountain", "-33.9628,18.4098")],
    "country (British Isles)": [("Giant's Causeway", "55.2408,-6.5117"), ("Skye", "57.27,-6.2"), ("Cork", "51.9,-8.47"),
                                ("Penzance", "50.12,-5.54"), ("Norwich", "52.63,1.29"), ("Kirkwall", "58.98,-2.96")],
    "city (London, 4 pins within 5 km)": [("British Museum", "51.5194,-0.1270"), ("Tate Modern", "51.5076,-0.0994"),
                                          ("Borough Market", "51.5055,-0.0910"), ("Southbank Centre", "51.5067,-0.1166")],
}


def median_ms(command, env):
    if shutil.which("hyperfine"):
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            subprocess.run(["hyperfine", "--warmup", "2", "--runs", "15", "--export-json", out.name, "-N",
                            " ".join(command)], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return json.load(open(out.name))["results"][0]["median"] * 1000
    times = []
    for _ in range(15):
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main():
    if "--no-build" not in sys.argv:
        subprocess.run(["swift", "build", "-c", "release", "--product", "places"], cwd=ROOT, check=True)
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for view, pins in VIEWS.items():
            journal = os.path.join(work, f"{len(rows)}.json")
            env = {"PLACES_STORE": journal, "HOME": work, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                   "LANG": "C.UTF-8", "COLUMNS": "80", "LINES": "40"}
            for name, at in pins:
                subprocess.run([BINARY, "add", name, "--at", at], env=env, check=True, stdout=subprocess.DEVNULL)
            svg = os.path.join(work, "map.svg")
            svg_ms = median_ms([BINARY, "map", "-o", svg], env)
            size = os.path.getsize(svg)
            terminal_ms = median_ms([BINARY, "map", "--terminal"], env)
            rows.append((view, svg_ms, size, terminal_ms))

    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.split("version ")[-1].split()[0]
    machine = f"the {os.cpu_count()}-core {platform.machine()} dev machine, {platform.system()}, Swift {swift}"
    lines = [
        "<!-- map-scales:begin -->",
        "## Maps at every scale",
        "",
        f"`python3 Benchmarks/map_scales.py` on {time.strftime('%Y-%m-%d')}, {machine}; release build. Median wall "
        "time of cold runs (a fresh process each, hyperfine), journal loading included. The outlines are chosen "
        "by the view's scale (1:110m, 1:50m, 1:10m). Budget: a city-scale map under 200 ms.",
        "",
        "| view | `map -o map.svg` | SVG size | `map --terminal` (80 columns) |",
        "|---|---|---|---|",
    ]
    for view, svg_ms, size, terminal_ms in rows:
        lines.append(f"| {view} | {svg_ms:.1f} ms | {size / 1000:.0f} KB | {terminal_ms:.1f} ms |")
    lines.append("<!-- map-scales:end -->")
    section = "\n".join(lines)
    print(section)
    path = os.path.join(ROOT, "BENCHMARKS.md")
    text = open(path, encoding="utf-8").read()
    begin, end = "<!-- map-scales:begin -->", "<!-- map-scales:end -->"
    if begin in text and end in text:
        text = text[:text.index(begin)] + section + text[text.index(end) + len(end):]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    open(path, "w", encoding="utf-8").write(text)


if __name__ == "__main__":
    main()
