#!/usr/bin/env bash
# Fuzzes places' parsers with libFuzzer (the Swift toolchain's own, with AddressSanitizer).
#
#   bash Fuzz/run.sh                  every target for 60 seconds each
#   bash Fuzz/run.sh 600 gpx kml      the named targets for 600 seconds each
#   bash Fuzz/run.sh --list           the target names
#
# Seeds live in Fuzz/Corpus/<target>/; new inputs that reach new code are kept in a scratch corpus
# under Fuzz/.work/. A crash writes Fuzz/.work/crash-<target>-* and makes this script fail: turn
# the input into a regression test, fix the bug, and add the input to the seeds.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi
binary=Fuzz/.work/places-fuzz
mkdir -p Fuzz/.work

# One binary holds every target: the library's modules and PlacesCommandLine, each compiled in
# dependency order as a module with testing enabled (the targets use internals), linked with the fuzz
# entry point and the embedded tables (PlacesData, assembled and compiled by the toolchain's clang).
modules=(PlacesTerminal PlacesCore PlacesJournal PlacesGeo PlacesMap PlacesInterchange PlacesTravels PlacesKit PlacesCommandLine)
if [[ ! -x $binary ]] || [[ -n "$(find Sources Fuzz/FuzzTargets.swift -newer "$binary" -type f | head -1)" ]]; then
    echo "building the fuzzer..." >&2
    data=(-I Sources/PlacesData/include -I Sources/PlacesData/Tables)
    clang "${data[@]}" -c Sources/PlacesData/Embed.S -o Fuzz/.work/Embed.o
    clang "${data[@]}" -O2 -c Sources/PlacesData/TableLookup.c -o Fuzz/.work/TableLookup.o
    objects=()
    for module in "${modules[@]}"; do
        swiftc -sanitize=fuzzer,address -parse-as-library -O -wmo -enable-testing -module-name "$module" -package-name places \
            -I Sources/PlacesData/include -I Fuzz/.work -emit-module -emit-module-path "Fuzz/.work/$module.swiftmodule" \
            -c $(find "Sources/$module" -name '*.swift' | sort) -o "Fuzz/.work/$module.o" 2> >(grep -v "Cannot export local symbol" >&2)
        objects+=("Fuzz/.work/$module.o")
    done
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name PlacesFuzz -package-name places \
        -I Sources/PlacesData/include -I Fuzz/.work Fuzz/FuzzTargets.swift "${objects[@]}" \
        Fuzz/.work/Embed.o Fuzz/.work/TableLookup.o -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
fi

all=$(sed -n 's/^    "\([a-z0-9]*\)": {.*/\1/p' Fuzz/FuzzTargets.swift)
if [[ "${1:-}" == "--list" ]]; then echo "$all"; exit 0; fi
targets=${*:-$all}

failed=0
for target in $targets; do
    mkdir -p "Fuzz/Corpus/$target" "Fuzz/.work/corpus-$target"
    echo "== $target: ${seconds}s" >&2
    if ! SWIFT_BACKTRACE=enable=no PLACES_FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="Fuzz/.work/crash-$target-" -print_final_stats=1 \
        "Fuzz/.work/corpus-$target" "Fuzz/Corpus/$target" 2> "Fuzz/.work/$target.log"; then
        echo "!! $target: the fuzzer found a failing input (see Fuzz/.work/$target.log)" >&2
        grep -E "ERROR|Fatal error|panic|SUMMARY" "Fuzz/.work/$target.log" | head -5 >&2 || true
        failed=1
    else
        grep -E "stat::number_of_executed_units|cov:" "Fuzz/.work/$target.log" | tail -2 >&2 || true
    fi
done
exit $failed
