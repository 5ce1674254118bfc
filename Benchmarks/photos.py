#!/usr/bin/env python3
"""Photo import speed: `places import --dry-run` over a folder of geotagged JPEGs, from a warm
cache, side by side with `exiftool -n -gpslatitude -gpslongitude -r` reading the same positions.

    python3 Benchmarks/photos.py [COUNT]      COUNT photos (default 10,000)

The photos are copies of the exiftool-written fixtures in Tests/PlacesKitTests/Fixtures/Media with
the GPS minutes and seconds and the date changed in place (500 spots 60-75 m apart near Paris, and
the same numbers south and west in copies of the Rio fixture, over 28 days), so every file
is a real JPEG exiftool reads. Builds places in release mode; work files go to Benchmarks/.work/.
Prints a table: wall seconds (places: median of 3 warm runs; exiftool: one run), photos per
second, peak resident memory.
"""
import os
import shutil
import statistics
import struct
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests/PlacesKitTests/Fixtures/Media")


def gps_value_offsets(data):
    """Offsets of the GPSLatitude and GPSLongitude rational triples in a JPEG's EXIF block."""
    tiff = data.index(b"Exif\0\0") + 6
    order = "<" if data[tiff:tiff + 2] == b"II" else ">"

    def entries(ifd):
        count = struct.unpack_from(order + "H", data, tiff + ifd)[0]
        for i in range(count):
            at = tiff + ifd + 2 + 12 * i
            tag, kind, n, value = struct.unpack_from(order + "HHII", data, at)
            yield tag, value
    gps = dict(entries(struct.unpack_from(order + "I", data, tiff + 4)[0]))[0x8825]
    found = dict(entries(gps))
    return order, tiff + found[2], tiff + found[4]


def make_photos(folder, count):
    seeds = [open(os.path.join(FIXTURES, name), "rb").read() for name in ("paris.jpg", "rio.jpg")]
    os.makedirs(folder)
    for i in range(count):
        data = bytearray(seeds[i % 2])
        order, lat, lon = gps_value_offsets(data)
        spot = i % 500
        # Degrees, minutes, seconds (in thousandths): a grid of 25 x 20 spots 60-75 m apart.
        struct.pack_into(order + "IIIIII", data, lat, 48, 1, 50, 1, (spot // 20) * 2400 + i % 7, 1000)
        struct.pack_into(order + "IIIIII", data, lon, 2, 1, 17, 1, (spot % 20) * 3000, 1000)
        day = 1 + (i // 500) % 28
        month = 5 + (i // 14000)
        stamp = b"2024:%02d:%02d %02d:%02d:%02d" % (month, day, 8 + i % 12, i % 60, (i * 7) % 60)
        for old in (b"2024:05:01 12:30:00", b"2024:06:10 09:15:00"):
            at = data.find(old)
            if at >= 0:
                data[at:at + len(old)] = stamp
        sub = os.path.join(folder, "%03d" % (i // 1000))
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, "IMG_%05d.jpg" % i), "wb") as f:
            f.write(data)


def timed(command, env):
    """Wall seconds of one run and its peak resident memory in MB (from wait4)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        raise SystemExit("%s failed" % command[0])
    return seconds, usage.ru_maxrss / 1024


def measure(command, env, runs=3, warm=True):
    """Median wall seconds of `runs` runs (after one run that warms the page cache), and peak memory."""
    if warm:
        timed(command, env)
    results = [timed(command, env) for _ in range(runs)]
    return statistics.median(r[0] for r in results), max(r[1] for r in results)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    work = os.path.join(ROOT, "Benchmarks/.work/photos")
    shutil.rmtree(work, ignore_errors=True)
    folder = os.path.join(work, "Album")
    make_photos(folder, count)
    subprocess.run(["swift", "build", "-c", "release", "--product", "places"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip() + "/places"
    env = dict(os.environ, PLACES_STORE=os.path.join(work, "journal/places.json"), HOME=work)
    check = subprocess.run([binary, "import", folder, "--dry-run", "--quiet"], env=env, capture_output=True, text=True)
    summary = [line for line in check.stdout.splitlines() if line.startswith(("Read", "Would"))]

    rows = [("places import --dry-run", *measure([binary, "import", folder, "--dry-run", "--quiet"], env))]
    if shutil.which("exiftool"):
        # One run: the cache is warm from places' runs, and exiftool takes minutes.
        rows.append(("exiftool -n -gpslatitude -gpslongitude -r", *measure(
            ["exiftool", "-n", "-gpslatitude", "-gpslongitude", "-r", folder], env, runs=1, warm=False)))
    print("%s geotagged JPEGs, warm cache; %s" % (format(count, ","), " / ".join(summary)))
    print("| reader | wall s | photos/s | peak memory |")
    print("|---|---|---|---|")
    for name, seconds, memory in rows:
        print("| %s | %.2f | %s | %.0f MB |" % (name, seconds, format(int(count / seconds), ","), memory))


if __name__ == "__main__":
    main()
