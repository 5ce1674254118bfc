#!/usr/bin/env python3
"""Measure reverse geocoding (`places where`) and the country lookup behind `stats` and table flags,
side by side with Python's reverse_geocoder.

Usage (from the repository root):

    python3 Benchmarks/where.py            # builds places in release mode first
    python3 Benchmarks/where.py --no-build

Cold runs are a fresh process each time, under hyperfine when it is installed (else a timing loop).
`stats` and `list` run over a journal of 100,000 places spread over the whole globe (most of them at
sea or far from towns: the hostile shape for a country lookup), made by Benchmarks/make-journal.py.
`list` runs once with standard output a pseudo-terminal (flags on) and once into a pipe (flags off).
The Python anchor (reverse_geocoder 1.5.1, nearest-town lookup over a k-d tree) is installed by pip
into a virtual environment under Benchmarks/.work/ (git-ignored). The results replace the section
between ``<!-- where:begin -->`` and ``<!-- where:end -->`` in BENCHMARKS.md.
"""

import json
import os
import pty
import shutil
import statistics
import resource
import select
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from geosearch import PLACES, ROOT, WORK, machine, peak_memory, python_env, quote, sh, write_section  # noqa: E402

BEGIN, END = "<!-- where:begin -->", "<!-- where:end -->"
RUNS = 40
POINTS = 10_000


def cold(command, runs=RUNS):
    """Median wall time and mean CPU time (user + system) in ms of a fresh process, and its peak memory
    in MB. On a shared machine the wall time swings with the load; the CPU time is the program's own."""
    if shutil.which("hyperfine"):
        out = os.path.join(WORK, "hyperfine.json")
        sh(["hyperfine", "-N", "--warmup", "3", "--runs", str(runs), "--export-json", out,
            " ".join(quote(a) for a in command)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        result = json.load(open(out))["results"][0]
        wall = result["times"]
        cpu = [result["user"] + result["system"]]  # hyperfine gives the mean CPU time
    else:
        wall, cpu = [], []
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            sh(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
            wall.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000, peak_memory(command)


def timed(command, stdin=None, tty=False, env=None, runs=3):
    """Best wall time and best CPU time (user + system) in seconds of `command`, its output sent to a
    pipe or to a pseudo-terminal. CPU time is what the program itself costs when other work shares
    the machine."""
    best = None
    best_cpu = None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        if tty:
            master, slave = pty.openpty()
            process = subprocess.Popen(command, stdout=slave, stderr=subprocess.DEVNULL, env=env)
            os.close(slave)
            while True:  # drain the terminal so the program never blocks on a full buffer
                ready, _, _ = select.select([master], [], [], 0.1)
                if ready:
                    try:
                        if not os.read(master, 1 << 16):
                            break
                    except OSError:
                        break
                elif process.poll() is not None:
                    break
            process.wait()
            os.close(master)
        else:
            with open(stdin or os.devnull, "rb") as source:
                subprocess.run(command, stdin=source, stdout=subprocess.PIPE, check=True, env=env)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = elapsed if best is None else min(best, elapsed)
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
    return best, best_cpu


def main():
    os.makedirs(WORK, exist_ok=True)
    if "--no-build" not in sys.argv:
        sh(["swift", "build", "-c", "release", "--product", "places"], cwd=ROOT)
    python = python_env()

    rows = []
    version = cold([PLACES, "--version"])
    rows.append(("`places --version` (start-up floor)", version))
    rows.append(("`places where --batch` with no input (a command's start-up, no lookup)",
                 cold([PLACES, "where", "--batch"])))  # standard input is empty: hyperfine and the loop give /dev/null
    for label, point in [
        ("London", "51.5,-0.12"), ("Andorra", "42.51,1.52"), ("Loch Ness", "57.3,-4.45"),
        ("off Tel Aviv, at sea", "32.08,34.70"), ("the Sahara", "23.4,25.6"), ("Point Nemo, farthest from land", "-48.88,-123.39"),
    ]:
        rows.append(("`places where %s` (%s)" % (point, label), cold([PLACES, "where", point])))
    rows.append(("Python reverse_geocoder 1.5.1: `search((51.5, -0.12))`",
                 cold([python, "-c", "import reverse_geocoder as rg; rg.search((51.5, -0.12), mode=1, verbose=False)"], runs=10)))

    # Batch: the same 10,000 points spread over the globe for both.
    points = ["%.4f,%.4f" % (-60 + (i * 7919 % 13000) / 100.0, -180 + (i * 104729 % 36000) / 100.0) for i in range(POINTS)]
    batch_path = os.path.join(WORK, "where-points.txt")
    with open(batch_path, "w") as f:
        f.write("\n".join(points) + "\n")
    places_batch = timed([PLACES, "where", "--batch"], stdin=batch_path)
    anchor = os.path.join(WORK, "where-anchor.py")
    with open(anchor, "w") as f:
        f.write("import sys, time, reverse_geocoder as rg\n"
                "pts = [tuple(map(float, l.split(','))) for l in open(sys.argv[1]) if l.strip()]\n"
                "rg.search(pts[:1], mode=1, verbose=False)\n"
                "t = time.perf_counter(); rg.search(pts, mode=1, verbose=False); print(time.perf_counter() - t)\n")
    python_batch = min(float(subprocess.run([python, anchor, batch_path], capture_output=True, text=True, check=True).stdout)
                       for _ in range(3))

    # A journal of 100,000 places over the whole globe.
    journal_dir = os.path.join(WORK, "where-journal")
    os.makedirs(journal_dir, exist_ok=True)
    journal = os.path.join(journal_dir, "places.json")
    if not os.path.exists(journal):
        sh([sys.executable, os.path.join(ROOT, "Benchmarks", "make-journal.py"), "100000", journal])
    env = dict(os.environ, PLACES_STORE=journal, NO_COLOR="1")
    stats = timed([PLACES, "stats", "--quiet"], env=env)
    list_pipe = timed([PLACES, "list"], env=env)
    list_tty = timed([PLACES, "list"], tty=True, env=env)
    list_tty_plain = timed([PLACES, "list", "--no-flags"], tty=True, env=env)

    floor, floor_cpu = version[0], version[1]
    lines = [BEGIN, "## Reverse geocoding and country lookup", "",
             "`python3 Benchmarks/where.py` (release build) on %s. Cold runs: a fresh process each time, "
             "median of %d runs (10 for the Python anchor); CPU time is what the program itself costs while "
             "other work shares the machine. Budget: cold `where` at most 1.5× `places --version` "
             "and under 15 ms; `stats` on 100,000 places spread over the globe under 2 s; `list` on a terminal "
             "(with flags) as fast as into a pipe." % (machine(), RUNS), "",
             "| command | median wall | × `--version` | mean CPU (user + system) | × `--version` | peak memory |",
             "|---|---|---|---|---|---|"]
    for label, (ms, cpu, mb) in rows:
        lines.append("| %s | %.1f ms | %.2f× | %.1f ms | %.2f× | %.0f MB |" % (label, ms, ms / floor, cpu, cpu / floor_cpu, mb))
    lines += ["",
              "| work | size | wall (best of 3) | CPU, user + system (best of 3) | CPU per item |", "|---|---|---|---|---|",
              "| `places where --batch` (country, region, areas, peak, nearest town), points over the globe | %s points | %.2f s | %.2f s | %.0f µs |"
              % (format(POINTS, ","), places_batch[0], places_batch[1], places_batch[1] / POINTS * 1e6),
              "| Python reverse_geocoder 1.5.1 `search(points)` (nearest town only, k-d tree, after loading) | %s points | %.2f s | | |"
              % (format(POINTS, ","), python_batch),
              "| `places stats` (country and continent of every place) | 100,000 places | %.2f s | %.2f s | %.1f µs |" % (stats[0], stats[1], stats[1] / 100000 * 1e6),
              "| `places list` into a pipe (no flags) | 100,000 places | %.2f s | %.2f s | |" % list_pipe,
              "| `places list` on a terminal (a flag per row) | 100,000 places | %.2f s | %.2f s | |" % list_tty,
              "| `places list --no-flags` on a terminal | 100,000 places | %.2f s | %.2f s | |" % list_tty_plain,
              "",
              "The country of a point is one read of a one-degree grid built with the data; in the ~8,700 cells "
              "crossed by a coast or border it is a ray cast over the outline pieces clipped to that cell. "
              "Before the grid (coarse outlines, a nearest-town search for every point), `stats` on the same "
              "journal took 15 s (8.0 s CPU) on this machine. The terminal rows include the pseudo-terminal "
              "that the script drains; compare them with each other. Of a cold `where`, the lookups themselves "
              "(country, region, areas, peak, nearest town) take well under a millisecond: compare with the "
              "start-up of a command that looks nothing up; the rest above `--version` is start-up shared by "
              "every command (reading the typed option declarations of all commands).",
              END]
    write_section(BEGIN, END, "\n".join(lines))


if __name__ == "__main__":
    main()
