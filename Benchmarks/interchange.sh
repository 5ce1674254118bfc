#!/usr/bin/env bash
# Import and export speed and memory for 100,000 places (release build).
#
#   Benchmarks/interchange.sh [COUNT]
#
# Generates a foreign GeoJSON file of COUNT points (default 100,000), imports it into an empty
# journal, exports the journal in every format, re-imports the GeoJSON export (ids carried), and
# finally dry-runs a file of about 100 MB to show memory stays bounded. Prints wall time and peak
# memory (maximum resident set size) of each run, and its CPU time (user + system), which
# other work on a shared machine disturbs less than wall time. Needs python3; work files go to Benchmarks/.work/.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-100000}"
work="Benchmarks/.work/interchange"
rm -rf "$work"
mkdir -p "$work"

swift build -c release --product places >/dev/null
places="$(swift build -c release --show-bin-path)/places"

python3 - "$work" "$count" <<'PY'
import json, random, sys
work, count = sys.argv[1], int(sys.argv[2])
random.seed(7)
def features(n, notes):
    for i in range(n):
        yield {"type": "Feature",
               "geometry": {"type": "Point", "coordinates": [round(random.uniform(-180, 180), 6), round(random.uniform(-90, 90), 6)]},
               "properties": {"name": f"Place {i}", "description": notes, "tags": ["bench", f"group {i % 50}"]}}
def write(path, n, notes):
    with open(path, "w") as f:
        f.write('{"type":"FeatureCollection","features":[\n')
        for i, feature in enumerate(features(n, notes)):
            f.write((",\n" if i else "") + json.dumps(feature, ensure_ascii=False))
        f.write("\n]}\n")
write(f"{work}/points.geojson", count, "A note about the place, with a comma, and \"quotes\".")
# About 100 MB: the same shape with longer notes.
write(f"{work}/large.geojson", 250000, "Ünïcode notes " * 20)
PY

measure() {
    local label="$1"; shift
    local stats="$work/time.txt"
    /usr/bin/time -f "%e %U %S %M" -o "$stats" "$@" >/dev/null 2>"$work/stderr.txt" || { cat "$work/stderr.txt" >&2; exit 1; }
    read -r seconds user system kilobytes <"$stats"
    printf '%-52s %6s s wall %6.2f s CPU %6d MB\n' "$label" "$seconds" "$(awk "BEGIN { print $user + $system }")" "$((kilobytes / 1024))"
}

export PLACES_STORE="$work/journal.json"
size() { echo "$(( $(stat -c %s "$1") / 1048576 )) MB"; }
echo "places: $count points in $(size "$work/points.geojson") of GeoJSON; large file $(size "$work/large.geojson")"
measure "import $count GeoJSON points (empty journal)" "$places" import "$work/points.geojson"
measure "load the journal only (list, nothing matches)" "$places" list --tag no-such-tag
for format in geojson gpx kml csv; do
    measure "export $count places as $format" "$places" export --format "$format" -o "$work/export.$format"
done
export PLACES_STORE="$work/journal-2.json"
for format in geojson gpx kml csv; do
    rm -f "$PLACES_STORE"
    measure "import our $format export (ids kept)" "$places" import "$work/export.$format"
done
measure "import --dry-run of $(size "$work/large.geojson") (250,000 points)" "$places" import --dry-run "$work/large.geojson"
