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

# One binary holds every target: the PlacesKit and PlacesCommandLine sources compiled as one module
# with the fuzz entry point, linked with the embedded tables (PlacesData, assembled and compiled by the
# toolchain's clang) and the terminal layer PlacesKit imports (PlacesTerminal, a module of its own).
sources=$(find Sources/PlacesKit Sources/PlacesCommandLine -name '*.swift' | sort)
terminal=$(find Sources/PlacesTerminal -name '*.swift' | sort)
if [[ ! -x $binary ]] || [[ -n "$(find Sources/PlacesKit Sources/PlacesCommandLine Sources/PlacesTerminal Sources/PlacesData Fuzz/FuzzTargets.swift -newer "$binary" -type f | head -1)" ]]; then
    echo "building the fuzzer..." >&2
    data=(-I Sources/PlacesData/include -I Sources/PlacesData/Tables)
    clang "${data[@]}" -c Sources/PlacesData/Embed.S -o Fuzz/.work/Embed.o
    clang "${data[@]}" -O2 -c Sources/PlacesData/TableLookup.c -o Fuzz/.work/TableLookup.o
    swiftc -sanitize=fuzzer,address -parse-as-library -O -wmo -module-name PlacesTerminal -package-name places \
        -emit-module -emit-module-path Fuzz/.work/PlacesTerminal.swiftmodule -c $terminal -o Fuzz/.work/PlacesTerminal.o
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name PlacesKit -package-name places \
        -I Sources/PlacesData/include -I Fuzz/.work $sources Fuzz/FuzzTargets.swift Fuzz/.work/PlacesTerminal.o \
        Fuzz/.work/Embed.o Fuzz/.work/TableLookup.o \
        -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
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
