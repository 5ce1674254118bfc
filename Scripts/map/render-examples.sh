#!/usr/bin/env bash
# Regenerates the example maps from the committed sample journals:
#   examples/map.svg, examples/map.html       the short session's journal (examples/journal.json)
#   examples/maps/{world,country,region,city}.svg (and .png when places writes PNG) and
#   examples/maps/map.html                    the maps journal (examples/maps/journal.json)
# Run from anywhere:  bash Scripts/map/render-examples.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product places >/dev/null
bin="$(swift build --show-bin-path)/places"
# Work on copies, so that nothing (not even a lock file) is written beside the sample journals.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp examples/journal.json "$work/places.json"
"$bin" map --store "$work/places.json" -o examples/map.svg
"$bin" map --store "$work/places.json" -o examples/map.html

cp examples/maps/journal.json "$work/maps.json"
maps() { "$bin" map --store "$work/maps.json" "$@"; }

# PNG output is written by places itself; an older places writes SVG whatever the name, so ask it
# once and look at what it wrote.
png=no
if maps -o "$work/probe.png" 2>/dev/null && [ "$(head -c 4 "$work/probe.png" | od -An -c | tr -d ' ')" = "211PNG" ]; then
    png=yes
else
    echo "render-examples: this places does not write PNG (map -o x.png); skipping the .png examples" >&2
fi

# name: view options
views=(
    "world:"
    "country:--around 54.6,-3.4 --radius 520km"
    "region:--around 34.85,135.5 --radius 75km"
    "city:--around 51.512,-0.13 --radius 4km"
)
for entry in "${views[@]}"; do
    name="${entry%%:*}"
    read -r -a options <<<"${entry#*:}"
    maps "${options[@]}" -o "examples/maps/$name.svg"
    if [ "$png" = yes ]; then maps "${options[@]}" -o "examples/maps/$name.png"; fi
done
maps -o examples/maps/map.html
