#!/usr/bin/env python3
"""Instructions each journal command executes at 10,000 places, counted by valgrind's callgrind.

    python3 Benchmarks/instructions.py [OTHER_PLACES_BINARY]

Wall time on a shared or busy machine swings by 2x and more; an instruction count does not (the same
binary, journal and arguments give the same count whatever else runs). This is the row that catches
a hot path slowing down: run it before and after a change, or pass an older binary to see both side
by side. Builds the release binary; needs valgrind (Debian). Prints a Markdown table.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMANDS = [
    ("add", ["add", "Bench", "--at", "10,10"]),
    ("list", ["list"]),
    ("list --json", ["list", "--json"]),
    ("find harbour", ["find", "harbour"]),
    ("--version", ["--version"]),
]


def instructions(binary, arguments, journal, work):
    store = os.path.join(work, "places.json")
    for leftover in os.listdir(work):
        path = os.path.join(work, leftover)
        shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    shutil.copy(journal, store)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary] + arguments
                         + (["--store", store] if arguments[0] != "--version" else []),
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(re.search(r"refs:\s+([\d,]+)", out.stderr).group(1).replace(",", ""))


def main():
    if shutil.which("valgrind") is None:
        sys.exit("needs valgrind (apt-get install valgrind)")
    subprocess.run(["swift", "build", "-c", "release", "--product", "places"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                                                  text=True).strip(), "places")
    binaries = [("this build", binary)] + [(os.path.basename(b), b) for b in sys.argv[1:]]
    with tempfile.TemporaryDirectory() as work:
        journal = os.path.join(work, "journal.json")
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "make-journal.py"), "10000", journal], check=True)
        store = os.path.join(work, "store")
        os.mkdir(store)
        print("| command (10,000 places) | " + " | ".join(name for name, _ in binaries) + " |")
        print("|---|" + "---|" * len(binaries))
        for label, arguments in COMMANDS:
            counts = [instructions(path, arguments, journal, store) for _, path in binaries]
            print(f"| `{label}` | " + " | ".join(f"{c / 1e6:,.0f} M" for c in counts) + " |")


if __name__ == "__main__":
    main()
