#!/usr/bin/env python3
"""How long `places map` takes to draw a PNG beside the SVG of the same map, on a release build.

    python3 Benchmarks/map_png.py

Builds places in release mode, makes three journals in Benchmarks/.work/map-png/ (the sample
journal's 6 places worldwide, 1,000 places worldwide, 20 places in central London), and times each
map cold (a fresh process per run, median of 7) as SVG and as PNG, with and without the
gazetteer's context names. Checks each PNG with Python's zlib, then writes the table between
``<!-- map-png:begin -->`` and ``<!-- map-png:end -->`` in BENCHMARKS.md.
"""
import json, os, platform, random, resource, shutil, statistics, struct, subprocess, sys, time, uuid, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", ".work", "map-png")
BEGIN, END = "<!-- map-png:begin -->", "<!-- map-png:end -->"
RUNS = 7


def journal(path, places):
    records = [{"id": str(uuid.UUID(int=random.getrandbits(128), version=4)), "name": name, "description": "",
                "latitude": lat, "longitude": lon, "tags": tags, "created": "2024-01-01T00:00:00Z",
                "updated": "2024-01-01T00:00:00Z"} for name, lat, lon, tags in places]
    with open(path, "w") as f:
        json.dump({"version": 1, "places": records}, f)


def png_ok(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IHDR":
            width, height = struct.unpack(">II", data[pos + 8:pos + 16])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    assert len(zlib.decompress(idat)) == (width * 3 + 1) * height
    return width, height, len(data)


def cold(binary, arguments, env):
    walls, cpus = [], []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([binary] + arguments, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def main():
    subprocess.run(["swift", "build", "-c", "release", "--product", "places"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip() + "/places"
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    random.seed(14)
    shutil.copy(os.path.join(ROOT, "examples", "journal.json"), os.path.join(WORK, "sample.json"))
    journal(os.path.join(WORK, "world.json"),
            [(f"Place {i}", round(random.uniform(-55, 70), 5), round(random.uniform(-180, 180), 5), [f"t{i % 9}"]) for i in range(1000)])
    journal(os.path.join(WORK, "london.json"),
            [(f"Café {i}", round(51.51 + random.uniform(-0.03, 0.03), 5), round(-0.12 + random.uniform(-0.05, 0.05), 5),
              ["food" if i % 2 else "sights"]) for i in range(20)])
    cases = [("world, 6 places (sample journal)", "sample.json", []),
             ("world, 1,000 places", "world.json", []),
             ("city, 20 places (central London, 5 km)", "london.json", ["--around", "51.51,-0.12", "--radius", "5km"])]
    rows = []
    for title, name, extra in cases:
        env = dict(os.environ, PLACES_STORE=os.path.join(WORK, name), HOME=WORK)
        out = {}
        for form in ["svg", "png"]:
            for context in [True, False]:
                target = os.path.join(WORK, f"{name}.{form}")
                arguments = ["map", "-o", target] + extra + ([] if context else ["--no-context"])
                out[(form, context)] = cold(binary, arguments, env)
        width, height, size = png_ok(os.path.join(WORK, f"{name}.png"))
        rows.append((title, out, f"{width} × {height}, {size / 1e6:.1f} MB"))
    machine = f"the 2-core {platform.machine()} dev machine, {platform.system()}, " + \
        subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.split("version ")[1].split(" ")[0].join(["Swift ", ""])
    lines = [BEGIN, "## Map images: SVG and PNG", "",
             f"`python3 Benchmarks/map_png.py` on {machine}: release build, wall time (median of {RUNS} cold runs) "
             "and CPU time, in milliseconds; context = the gazetteer's towns, seas and ranges (on by default).", "",
             "| map | SVG | SVG, --no-context | PNG | PNG, --no-context | PNG file |", "|---|---|---|---|---|---|"]
    for title, out, png in rows:
        cell = lambda key: f"{out[key][0]:.0f} (CPU {out[key][1]:.0f})"
        lines.append(f"| {title} | {cell(('svg', True))} | {cell(('svg', False))} | {cell(('png', True))} | {cell(('png', False))} | {png} |")
    lines.append(END)
    table = "\n".join(lines)
    print(table)
    path = os.path.join(ROOT, "BENCHMARKS.md")
    text = open(path).read()
    if BEGIN in text:
        text = text[:text.index(BEGIN)] + table + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + table + "\n"
    open(path, "w").write(text)


if __name__ == "__main__":
    main()
