#!/usr/bin/env python3
"""Region packs at scale: `places region add` beside `osmium export` and GDAL's `ogr2ogr`, pack size,
cold search and `where` with three packs added, a city-scale SVG, and DEFLATE beside zlib.

    python3 Benchmarks/regions.py [--extract FILE.osm.pbf] [--megabytes 200] [--gdal] [--deflate] [--no-build]

Without --extract it makes one of --megabytes (default 200) with Benchmarks/make-extract.py, which
installs PyPI `osmium` (pyosmium) when it is missing. Needs Debian's `osmium-tool` and, with --gdal,
`gdal-bin` (GDAL's GeoJSONSeq driver writes one layer per run, so ogr2ogr runs once per OSM layer and
the times add up; its peak memory is the largest run's). Time and peak memory come from
`/usr/bin/time -v`. Cold runs are a fresh process each, medians of --runs runs, CPU time (user +
system) beside wall time; ratios are to `places --version` run the same way. The three packs are the
extract, Kotka and Columbus Circle. Work files go to Benchmarks/.work/regions/ (git-ignored); the
results are printed, to be copied into BENCHMARKS.md by hand with the machine and load.
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", ".work", "regions")
FIXTURES = os.path.join(ROOT, "Tests", "PlacesCLITests", "Fixtures", "osm")


def release_binary():
    subprocess.run(["swift", "build", "-c", "release", "--product", "places"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "places")


def measured(command, env=None):
    """(wall s, CPU s, peak MB) of one run under /usr/bin/time -v; exits when the command fails."""
    result = subprocess.run(["/usr/bin/time", "-v"] + command, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-2000:]}")
    text = result.stderr

    def field(name):
        return re.search(re.escape(name) + r":\s*(\S+)", text).group(1)

    clock = [float(part) for part in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")]
    wall = sum(value * 60 ** (len(clock) - 1 - i) for i, value in enumerate(clock))
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    return wall, cpu, int(field("Maximum resident set size (kbytes)")) / 1024


def cold(command, env, runs):
    """(median CPU ms, median wall ms) of a fresh process, after one warm-up run."""
    cpu, wall = [], []
    for run in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        result = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if result.returncode != 0 or not result.stdout.strip():
            sys.exit(f"failed or printed nothing ({result.returncode}): {' '.join(command)}")
        if run:
            cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
            wall.append(elapsed * 1000)
    return statistics.median(cpu), statistics.median(wall)


def varint(data, i):
    value, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def fields(data):
    """(field number, value) of a protobuf message: ints for varints, bytes for length-delimited."""
    i = 0
    while i < len(data):
        key, i = varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = varint(data, i)
        elif wire == 2:
            length, i = varint(data, i)
            value, i = data[i:i + length], i + length
        else:
            raise ValueError("unexpected wire type %d" % wire)
        yield number, value


def zlib_blobs(extract):
    """Every zlib blob of a PBF file, with its declared raw size."""
    blobs = []
    with open(extract, "rb") as f:
        while True:
            head = f.read(4)
            if len(head) < 4:
                return blobs
            header = dict(fields(f.read(int.from_bytes(head, "big"))))
            blob = dict(fields(f.read(header[3])))
            if 3 in blob:
                blobs.append((blob[3], blob[2]))


def deflate_table(places, extract, env):
    """MB/s of output for Python's zlib over the extract's blobs, and for places' decoder: the CPU time
    `region add` spends on the zlib file beyond the same file with uncompressed blobs."""
    blobs = zlib_blobs(extract)
    total = sum(size for _, size in blobs)
    start = time.process_time()
    for blob, _ in blobs:
        zlib.decompress(blob)
    python = total / (time.process_time() - start) / 1e6
    raw = os.path.join(WORK, "raw.osm.pbf")
    subprocess.run(["osmium", "cat", "--overwrite", "-f", "pbf,pbf_compression=none", "-o", raw, extract], check=True)
    cpu = {}
    for name, path in [("zlib", extract), ("none", raw)]:
        cpu[name] = min(measured([places, "region", "add", path, "--name", "deflate-" + name, "--quiet",
                                  "--replace"], env)[1] for _ in range(3))
    os.remove(raw)
    ours = total / max(cpu["zlib"] - cpu["none"], 1e-9) / 1e6
    print(f"\nDEFLATE over the extract's {len(blobs):,} zlib blobs ({total / 1e6:.0f} MB of output):")
    print("| decoder | output MB/s |\n|---|---|")
    print(f"| Python zlib (`zlib.decompress`) | {python:.0f} |")
    print(f"| places (`region add` CPU, zlib blobs minus uncompressed blobs: {cpu['zlib']:.1f} s − {cpu['none']:.1f} s) | {ours:.0f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--extract")
    parser.add_argument("--megabytes", type=float, default=200)
    parser.add_argument("--gdal", action="store_true", help="also time ogr2ogr (slow: minutes per layer)")
    parser.add_argument("--deflate", action="store_true", help="also compare DEFLATE with zlib (adds the extract twice)")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()

    os.makedirs(WORK, exist_ok=True)
    places = os.path.join(ROOT, ".build", "release", "places") if args.no_build else release_binary()
    extract = args.extract
    if not extract:
        extract = os.path.join(WORK, "x%d.osm.pbf" % args.megabytes)
        if not os.path.exists(extract):
            subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "make-extract.py"),
                            "--megabytes", str(args.megabytes), extract], check=True)
    size = os.path.getsize(extract)
    print(f"extract: {extract}, {size:,} bytes; load average {os.getloadavg()[0]:.1f}")

    home = tempfile.mkdtemp(dir=WORK)
    env = dict(os.environ, XDG_DATA_HOME=home, HOME=home)
    rows = []
    rows.append(("places region add",) + measured([places, "region", "add", extract, "--name", "big", "--quiet"], env))
    pack = os.path.join(home, "places", "regions", "big.region")
    out = os.path.join(WORK, "out.geojsonseq")
    rows.append(("osmium export -f geojsonseq",) + measured(["osmium", "export", "-f", "geojsonseq", "--overwrite",
                                                              "-o", out, extract]))
    if args.gdal:
        total = [0.0, 0.0, 0.0]
        for layer in ["points", "lines", "multilinestrings", "multipolygons", "other_relations"]:
            if os.path.exists(out):
                os.remove(out)
            wall, cpu, peak = measured(["ogr2ogr", "-f", "GeoJSONSeq", out, extract, layer])
            total = [total[0] + wall, total[1] + cpu, max(total[2], peak)]
        rows.append(("ogr2ogr -f GeoJSONSeq (5 layers)",) + tuple(total))
    if os.path.exists(out):
        os.remove(out)
    print("\n| | wall | CPU | peak memory |\n|---|---|---|---|")
    for name, wall, cpu, peak in rows:
        print(f"| `{name}` | {wall:.1f} s | {cpu:.1f} s | {peak:,.0f} MB |")
    print(f"\nplaces / osmium: {rows[0][1] / rows[1][1]:.2f}x wall, {rows[0][2] / rows[1][2]:.2f}x CPU")
    pack_size = os.path.getsize(pack)
    print(f"pack: {pack_size:,} bytes, {100 * pack_size / size:.1f} % of the extract")

    for other in ["kotka", "new-york-columbus-circle"]:
        subprocess.run([places, "region", "add", os.path.join(FIXTURES, other + ".osm.pbf"), "--quiet"],
                       env=env, check=True, stdout=subprocess.DEVNULL)
    svg = os.path.join(WORK, "city.svg")
    commands = [
        ("places --version", ["--version"]),
        ('search "Café de Paris"', ["search", "Café de Paris"]),
        ('search "Rue Grimaldi"', ["search", "Rue Grimaldi"]),
        ('search "Cafe de Parsi" (typo)', ["search", "Cafe de Parsi"]),
        ("where 43.7397,7.4277", ["where", "43.7397,7.4277"]),
        ("search London (no pack holds it)", ["search", "London"]),
    ]
    print(f"\nthree packs added; medians of {args.runs} cold runs; load average {os.getloadavg()[0]:.1f}")
    print("\n| run | CPU | wall | CPU × `--version` | wall × `--version` |\n|---|---|---|---|---|")
    base = None
    for name, arguments in commands:
        cpu, wall = cold([places] + arguments, env, args.runs)
        base = base or (cpu, wall)
        print(f"| `{name}` | {cpu:.1f} ms | {wall:.1f} ms | {cpu / base[0]:.2f}× | {wall / base[1]:.2f}× |")
    for radius in ["3km", "1km"]:
        wall, cpu, peak = measured([places, "map", "--around", "43.7397,7.4277", "--radius", radius, "-o", svg], env)
        print(f"city SVG, {radius} around 43.7397,7.4277 from the big region: {wall * 1000:.0f} ms wall, "
              f"{cpu * 1000:.0f} ms CPU, {peak:.0f} MB, {os.path.getsize(svg):,} bytes")

    if args.deflate:
        deflate_table(places, extract, env)
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
