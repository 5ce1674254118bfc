#!/usr/bin/env bash
# Regenerates examples/map.svg and examples/map.html from the sample journal, examples/journal.json.
# Run from anywhere:  bash Scripts/map/render-examples.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product places >/dev/null
bin="$(swift build --show-bin-path)/places"
# Work on a copy, so that nothing (not even a lock file) is written beside the sample journal.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp examples/journal.json "$work/places.json"
"$bin" map --store "$work/places.json" -o examples/map.svg
"$bin" map --store "$work/places.json" -o examples/map.html
