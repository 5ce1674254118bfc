#!/usr/bin/env python3
"""Instructions `places browse` executes for each step, counted by valgrind's callgrind.

    python3 Benchmarks/browse_instructions.py PLACES_BINARY [--keep]

The same keys as Benchmarks/browse.py, in a pseudo-terminal at 200 x 50 over the 10,000-place
journal, but counted in instructions, which the machine's load does not change: the counters are
dumped (`callgrind_control --dump`) after each phase, so each row is that phase's work alone:
  - start-up to the first frame with the gazetteer's names;
  - a pan step with every place in view (mean of 10), a zoom step inward (mean of 8), a pan step
    zoomed in (mean of 10);
  - bytes written for a one-step pan, all in view and zoomed in (median).
With --keep the callgrind files stay in Benchmarks/.work/browse-instructions/BINARY/ for
`callgrind_annotate`. Needs valgrind (Debian).
"""
import glob
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the repository
from benchmark_setup import make_journal  # noqa: E402
from browse import COLUMNS, ROWS, Browse  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
WORK = ROOT / "Benchmarks/.work/browse-instructions"
PANS = 10


class Session(Browse):
    """browse under callgrind on a pty of its own (`browse.py`'s driver, with callgrind's dumps)."""

    def __init__(self, places, journal):
        self.out = WORK / "callgrind.out"
        super().__init__(places, journal, home=WORK,
                         runner=("valgrind", "--tool=callgrind", f"--callgrind-out-file={self.out}", "--dump-instr=no"))
        self.dumps = 0

    def read_until_quiet(self, needle=None, quiet=1.5, limit=600):
        """What browse wrote until `needle` was seen (if given) and nothing came for `quiet` seconds."""
        # valgrind's own lines are not the terminal's bytes.
        return re.sub(rb"==\d+==[^\n]*\n", b"", super().read_until_quiet(needle, quiet=quiet, limit=limit))

    def dump(self):
        """Instructions since the last dump."""
        subprocess.run(["callgrind_control", "--dump", str(self.pid)], check=True, stdout=subprocess.DEVNULL)
        self.dumps += 1
        for _ in range(200):
            files = sorted(glob.glob(f"{self.out}.{self.dumps}"))
            if files and "totals:" in open(files[0]).read():
                return int(re.search(r"^totals:\s+(\d+)", open(files[0]).read(), re.M).group(1))
            time.sleep(0.1)
        raise RuntimeError("no callgrind dump")

    def steps(self, key, count):
        sizes = []
        for _ in range(count):
            self.send(key)
            sizes.append(len(self.read_until_quiet()))
        return self.dump() / count, sorted(sizes)[len(sizes) // 2]

    def close(self):
        super().close(quiet=2, limit=60)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    places = os.path.abspath(sys.argv[1])
    # A directory of its own for each binary: two binaries can be counted at once.
    global WORK
    WORK = WORK / os.path.basename(places)
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    journal = WORK / "places.json"
    make_journal(journal)
    session = Session(places, journal)
    # The first frame, then the one that adds the gazetteer's names (seconds under callgrind).
    session.read_until_quiet(b" in view", quiet=30)
    first = session.dump()
    world_pan, world_bytes = session.steps("l", PANS)
    session.send("0")
    session.read_until_quiet()
    session.dump()
    zoom, _ = session.steps("+", 8)
    close_pan, close_bytes = session.steps("l", PANS)
    session.close()
    if "--keep" not in sys.argv:
        for path in glob.glob(f"{session.out}*"):
            os.remove(path)
    load = os.getloadavg()
    print(f"places browse at {COLUMNS}x{ROWS}, 10,000 places, {places}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print("| step | instructions | bytes written |")
    print("|---|---|---|")
    print(f"| start-up to the first frame with names | {first / 1e6:,.1f} M | |")
    print(f"| pan step, all places in view (mean of {PANS}) | {world_pan / 1e6:,.1f} M | {world_bytes:,} |")
    print(f"| zoom step inward (mean of 8) | {zoom / 1e6:,.1f} M | |")
    print(f"| pan step, zoomed in 8 times (mean of {PANS}) | {close_pan / 1e6:,.1f} M | {close_bytes:,} |")


if __name__ == "__main__":
    main()
