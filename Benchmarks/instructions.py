#!/usr/bin/env python3
"""Instructions each journal command executes at 10,000 places, counted by valgrind's callgrind.

    python3 Benchmarks/instructions.py [--visits] [OTHER_PLACES_BINARY ...]

Wall time on a shared or busy machine swings by 2x and more; an instruction count does not (the same
binary, journal and arguments give the same count whatever else runs). This is the row that catches
a hot path slowing down: each journal command has a budget (✓ within it, ✗ over it, and the script
exits non-zero when one is over), and an older binary passed on the command line is counted beside
this build. The median CPU time of five cold runs is printed too (it moves with the machine's load).
`jq` reading and rewriting the same file is the alternative a person might reach for.

With --visits, also a journal of 100,000 places and 1,000,000 visits (`Benchmarks/travels_bench.py`'s
generator) read whole by a `list` that matches nothing: the decoding that `timeline` and `review` do
before their own work. Builds the release binary; needs valgrind and jq (Debian). Prints Markdown tables.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cold_runs import median_ms  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# (label, arguments, budget in millions of instructions or None)
# The budgets are about 1.15x the counts of 2026-12-03 (add 116.4 M, list 122.2 M, list --json 151.6 M),
# so that a slowdown like the one that once took `list` from 30 to 82 ms fails the row early.
COMMANDS = [
    ("add", ["add", "Bench", "--at", "10,10"], 135),
    ("list", ["list"], 140),
    ("list --json", ["list", "--json"], 175),
    ("find harbour", ["find", "harbour"], None),
    ("--version", ["--version"], None),
]
JQ = [
    ("jq: list (id, name, position as TSV)", ["-r", r'.places[] | [.id[0:8], .name, .latitude, .longitude] | @tsv']),
    ("jq: add a place (rewrite the file)", ['.places += [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "Bench", '
                                            '"latitude": 10, "longitude": 10, "tags": []}]']),
]


def fresh_store(journal, work):
    """A copy of `journal` alone in `work`, as a command finds it; returns its path."""
    store = os.path.join(work, "places.json")
    for leftover in os.listdir(work):
        path = os.path.join(work, leftover)
        shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    shutil.copy(journal, store)
    return store


def count(command, stdout=subprocess.DEVNULL):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                         stdout=stdout, stderr=subprocess.PIPE, text=True, check=True)
    return int(re.search(r"refs:\s+([\d,]+)", out.stderr).group(1).replace(",", ""))


def places_command(binary, arguments, store):
    return [binary] + arguments + (["--store", store] if arguments[0] != "--version" else [])


def measure(binary, arguments, journal, work):
    """(instructions, median CPU ms) of one places command on a fresh copy of `journal`."""
    instructions = count(places_command(binary, arguments, fresh_store(journal, work)))
    cpu, _ = median_ms(places_command(binary, arguments, os.path.join(work, "places.json")), dict(os.environ), 5,
                       fresh=lambda: fresh_store(journal, work))
    return instructions, cpu


def jq_measure(arguments, journal, work):
    """(instructions, median CPU ms) of jq over `journal`, its output written to a file as a rewrite would."""
    with open(os.path.join(work, "out.json"), "w") as out:
        instructions = count(["jq"] + arguments + [journal], stdout=out)
    cpu, _ = median_ms(["jq"] + arguments + [journal], dict(os.environ), 5)
    return instructions, cpu


def cell(instructions, cpu, budget=None):
    mark = "" if budget is None else f" ({'✓' if instructions / 1e6 <= budget else '✗'} ≤ {budget} M)"
    return f"{instructions / 1e6:,.0f} M{mark} · {cpu:.0f} ms"


def main():
    for tool in ("valgrind", "jq"):
        if shutil.which(tool) is None:
            sys.exit(f"needs {tool} (apt-get install {tool})")
    arguments = sys.argv[1:]
    visits = "--visits" in arguments
    others = [a for a in arguments if a != "--visits"]
    subprocess.run(["swift", "build", "-c", "release", "--product", "places"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                                                  text=True).strip(), "places")
    binaries = [("this build", binary)] + [(os.path.basename(b), b) for b in others]
    over = []
    with tempfile.TemporaryDirectory() as work:
        # Valgrind cannot read the debug information of an unstripped Swift release binary ("possibly
        # corrupted debuginfo file"), so each binary is measured as a stripped copy, as installed.
        stripped = []
        for number, (name, path) in enumerate(binaries):
            copy = os.path.join(work, f"places-{number}")
            subprocess.run(["strip", "-o", copy, path], check=True)
            stripped.append((name, copy))
        binaries = stripped
        journal = os.path.join(work, "journal.json")
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "make-journal.py"), "10000", journal], check=True)
        store = os.path.join(work, "store")
        os.mkdir(store)
        print("Instructions · median CPU time of 5 cold runs:\n")
        print("| command (10,000 places) | " + " | ".join(name for name, _ in binaries) + " |")
        print("|---|" + "---|" * len(binaries))
        for label, command, budget in COMMANDS:
            results = [measure(path, command, journal, store) for _, path in binaries]
            if budget is not None and results[0][0] / 1e6 > budget:
                over.append(label)
            print(f"| `{label}` | " + " | ".join(cell(i, c, budget if n == 0 else None) for n, (i, c) in enumerate(results)) + " |")
        for label, command in JQ:
            instructions, cpu = jq_measure(command, journal, store)
            print(f"| {label} | {cell(instructions, cpu)} |" + " |" * (len(binaries) - 1))
        if visits:
            from travels_bench import make  # noqa: E402
            heavy = os.path.join(work, "visits.json")
            make(100_000, 10, heavy)
            print("\n| 100,000 places, 1,000,000 visits: `list --tag none` (reads every visit) | "
                  + " | ".join(name for name, _ in binaries) + " |")
            print("|---|" + "---|" * len(binaries))
            results = [measure(path, ["list", "--tag", "none"], heavy, store) for _, path in binaries]
            print("| read the journal | " + " | ".join(cell(i, c) for i, c in results) + " |")
    if over:
        sys.exit("over budget: " + ", ".join(over))


if __name__ == "__main__":
    main()
