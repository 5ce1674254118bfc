#!/usr/bin/env bash
# Importing a large Google Records.json (release build), side by side with what a user would
# otherwise reach for.
#
#   Benchmarks/location_history.sh [MEGABYTES]
#
# Generates a realistic Records.json of about MEGABYTES (default 500): a pretty-printed point every
# ~2 minutes (as Takeout writes them, with accuracy, source and device fields, some with activity
# guesses), days made of stays at home, work and other places joined by movements. Then measures
# `places import --dry-run` (wall time, CPU, peak memory from /usr/bin/time) against Python's
# `json.load` of the same file (what a script would do first, before finding any stay) and
# `jq --stream` counting the points (the streaming tool a user would pick), when jq is installed.
# Work files go to Benchmarks/.work/history (git-ignored); the generated file is never committed.
set -euo pipefail
cd "$(dirname "$0")/.."
megabytes="${1:-500}"
work="Benchmarks/.work/history"
mkdir -p "$work"
records="$work/Records.json"

swift build -c release --product places >/dev/null
places="$(swift build -c release --show-bin-path)/places"

if [[ ! -f "$records" ]] || (( $(stat -c %s "$records") / 1000000 < megabytes * 95 / 100 )); then
    python3 - "$records" "$megabytes" <<'PY'
import random, sys, datetime
path, megabytes = sys.argv[1], int(sys.argv[2])
random.seed(11)
limit = megabytes * 1_000_000
home, work = (51.5007, -0.1246), (51.5155, -0.0922)
others = [(51.5 + random.uniform(-0.1, 0.1), -0.12 + random.uniform(-0.2, 0.2)) for _ in range(300)]
t = datetime.datetime(2013, 1, 1, tzinfo=datetime.timezone.utc)
written = 0
stays = 0
def point(lat, lon, when, moving):
    accuracy = random.choice([5, 10, 14, 20, 25, 65]) if not moving else random.choice([10, 20, 30, 900])
    entry = ('    {\n'
             f'      "latitudeE7": {round(lat * 1e7)},\n'
             f'      "longitudeE7": {round(lon * 1e7)},\n'
             f'      "accuracy": {accuracy},\n')
    if moving and random.random() < 0.5:
        entry += ('      "velocity": 4,\n      "heading": 120,\n      "activity": [{\n'
                  f'        "timestamp": "{when.isoformat(timespec="milliseconds").replace("+00:00", "Z")}",\n'
                  '        "activity": [{"type": "ON_FOOT", "confidence": 80}, {"type": "WALKING", "confidence": 75}]\n      }],\n')
    entry += ('      "source": "WIFI",\n      "deviceTag": 1978412845,\n      "platformType": "ANDROID",\n'
              f'      "timestamp": "{when.isoformat(timespec="milliseconds").replace("+00:00", "Z")}"\n    }}')
    return entry
with open(path, "w") as f:
    f.write('{\n  "locations": [\n')
    first = True
    lat, lon = home
    while written < limit:
        # A stay: 20 minutes to 10 hours at home, work or one of 300 other places.
        target = random.choices([home, work, random.choice(others)], [4, 3, 3])[0]
        minutes = random.randint(20, 600)
        # The movement there: a point every ~2 minutes along the way.
        steps = random.randint(3, 20)
        for step in range(1, steps + 1):
            f_lat = lat + (target[0] - lat) * step / steps
            f_lon = lon + (target[1] - lon) * step / steps
            t += datetime.timedelta(seconds=random.randint(90, 150))
            text = ("" if first else ",\n") + point(f_lat, f_lon, t, True)
            first = False
            f.write(text); written += len(text)
        lat, lon = target
        end = t + datetime.timedelta(minutes=minutes)
        stays += 1
        while t < end:
            t += datetime.timedelta(seconds=random.randint(90, 150))
            text = ",\n" + point(lat + random.gauss(0, 0.00012), lon + random.gauss(0, 0.00018), t, False)
            f.write(text); written += len(text)
    f.write('\n  ]\n}\n')
print(f"generated {written / 1e6:.0f} MB, {stays} stays, up to {t.date()}", file=sys.stderr)
PY
fi

# A run that takes longer than this is stopped and reported as such.
limit=900
measure() {
    local label="$1"; shift
    local stats="$work/time.txt"
    if ! /usr/bin/time -f "%e %U %S %M" -o "$stats" timeout "$limit" "$@" >"$work/stdout.txt" 2>"$work/stderr.txt"; then
        printf '| %s | did not finish in %s s | | |\n' "$label" "$limit"
        return
    fi
    read -r seconds user system kilobytes <"$stats"
    printf '| %s | %s s | %.2f s | %d MB |\n' "$label" "$seconds" "$(awk "BEGIN { print $user + $system }")" "$((kilobytes / 1024))"
}

size=$(( $(stat -c %s "$records") / 1000000 ))
points=$(grep -c '"latitudeE7"' "$records")
echo "Records.json: $size MB, $points points"
echo
echo "| run | wall | CPU | peak memory |"
echo "|---|---|---|---|"
export PLACES_STORE="$work/journal.json"
rm -f "$PLACES_STORE"
measure "\`places import --dry-run\` (stays found, grouped into places)" "$places" import --dry-run --quiet "$records"
grep -m1 "stay" "$work/stdout.txt" >&2 || true
measure "\`places import\` into an empty journal" "$places" import --quiet "$records"
measure "the same import again (adds nothing)" "$places" import --quiet "$records"
measure "Python \`json.load\` (parse only, no stays)" python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["locations"]))' "$records"
if command -v jq >/dev/null 2>&1; then
    measure "\`jq --stream\` counting points (no stays)" jq -n --stream 'reduce (inputs | select(length == 2 and .[0][-1] == "latitudeE7")) as $point (0; . + 1)' "$records"
else
    echo "(jq is not installed: apt-get install jq)" >&2
fi
measure "\`cat\` (reading the file: the floor)" cat "$records"
