#!/usr/bin/env bash
# A short session with places, on a copy of the sample journal (your own journal is never touched).
# Run from the repository root:  bash examples/session.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product places >/dev/null
bin="$(swift build --show-bin-path)/places"
places() { "$bin" "$@"; }

export PLACES_STORE="$(mktemp -d)/places.json"
cp examples/journal.json "$PLACES_STORE"
trap 'rm -rf "$(dirname "$PLACES_STORE")"' EXIT

set -x
places list
places add "Brandenburg Gate" --lat 52.5163 --lon 13.3777 --tag berlin --description "Pariser Platz side."
places add "Christ the Redeemer" --at -22.9519,-43.2105 --visited --on 2018-02-10
places edit 0b7e --visited --on 2024-09-01 --tag "with Sam"
places list --tag paris --format json
places show 5a3b
places remove 7f8a --yes
places list --sort name
