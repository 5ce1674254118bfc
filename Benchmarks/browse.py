#!/usr/bin/env python3
"""`places browse` speed in a pseudo-terminal at 200 x 50 over a 10,000-place journal.

    python3 Benchmarks/browse.py [PLACES_BINARY]

Without a binary it builds places in release mode. Measures, from outside the process:
  - the first frame: wall time from start to the status line being drawn (median of 7 cold starts),
    beside `places map --terminal` drawing the same journal once (the still map), and the CPU time
    browse took until then (on a loaded machine the wall time is mostly waiting for a core);
  - a pan step and a zoom step: CPU time of the browse process (utime + stime from /proc) per key,
    over 20 keys, each sent once the previous frame was written;
  - bytes written for a one-step pan, beside a full redraw (Ctrl-L) of the same view;
  - a search key: CPU time per typed letter with the search line open.
Prints a table; numbers go to BENCHMARKS.md by hand. Work files go to Benchmarks/.work/browse/.
"""
import fcntl
import os
import pathlib
import pty
import select
import signal
import statistics
import struct
import subprocess
import termios
import time

from benchmark_setup import make_journal, places_binary

ROOT = pathlib.Path(__file__).resolve().parents[1]
WORK = ROOT / "Benchmarks/.work/browse"
COLUMNS, ROWS = 200, 50


class Browse:
    """browse on a pty of its own; reads what it writes. `runner` starts it under another program
    (valgrind), `home` is its HOME."""

    def __init__(self, places, journal, arguments=(), runner=(), home=WORK):
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update({"PLACES_STORE": str(journal), "LANG": "C.UTF-8", "TERM": "xterm-256color",
                               "HOME": str(home)})
            command = [*runner, places, "browse", *arguments]
            os.execvp(command[0], command)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))

    def read_until_quiet(self, needle=None, quiet=0.15, limit=120):
        """Reads until `needle` was seen (if given) and nothing came for `quiet` seconds."""
        data, seen, end = b"", needle is None, time.time() + limit
        first = None
        while time.time() < end:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                if seen and data:
                    break
                continue
            chunk = os.read(self.fd, 1 << 16)
            if first is None:
                first = time.perf_counter()
            data += chunk
            if needle is not None and needle in data:
                seen = True
                self.seen_at = time.perf_counter()
                self.seen_cpu = self.cpu()
        return data

    def cpu(self):
        """CPU seconds so far, to the nanosecond (/proc/PID/schedstat; /proc/PID/stat counts 10 ms ticks)."""
        return int(open(f"/proc/{self.pid}/schedstat").read().split()[0]) / 1e9

    def send(self, text):
        os.write(self.fd, text.encode())

    def close(self, quiet=0.3, limit=5):
        self.send("q")
        try:
            self.read_until_quiet(quiet=quiet, limit=limit)
        except OSError:
            pass
        os.waitpid(self.pid, 0)


def steps(session, key, count=20):
    before = session.cpu()
    sizes = []
    for _ in range(count):
        session.send(key)
        sizes.append(len(session.read_until_quiet(quiet=0.08)))
    return (session.cpu() - before) / count * 1000, statistics.median(sizes)


def main():
    places = places_binary()
    WORK.mkdir(parents=True, exist_ok=True)
    journal = WORK / "places.json"
    if not journal.exists():
        make_journal(journal)
    firsts, first_cpus = [], []
    for _ in range(7):
        session = Browse(places, journal)
        session.read_until_quiet(b" in view")
        firsts.append((session.seen_at - session.started) * 1000)
        first_cpus.append(session.seen_cpu * 1000)
        session.close()
    still = []
    for _ in range(7):
        start = time.perf_counter()
        subprocess.run([places, "map", "--terminal", "--width", str(COLUMNS)], env={**os.environ, "PLACES_STORE": str(journal),
                       "LINES": str(ROWS), "LANG": "C.UTF-8"}, stdout=subprocess.DEVNULL, check=True)
        still.append((time.perf_counter() - start) * 1000)

    session = Browse(places, journal)
    session.read_until_quiet(b" in view")
    world_pan, world_bytes = steps(session, "l")
    session.send("\x0c")
    world_full = len(session.read_until_quiet(quiet=0.1))
    session.send("0")
    session.read_until_quiet(quiet=0.1)
    zoom_in, _ = steps(session, "+", count=8)
    # Closer in: a region with a few hundred pins.
    close_pan, close_bytes = steps(session, "l")
    session.send("\x0c")
    close_full = len(session.read_until_quiet(quiet=0.1))
    session.send("0")
    session.read_until_quiet(quiet=0.1)
    zoom_back = []
    for _ in range(4):
        zoom_back.append(steps(session, "+", count=1)[0])
        zoom_back.append(steps(session, "-", count=1)[0])
    searches = []
    for word in ["Helsinki", "Kraków", "Lisbon"]:
        session.send("/")
        session.read_until_quiet(quiet=0.1)
        for letter in word:
            searches.append(steps(session, letter, count=1)[0])
        session.send("\x1b")
        session.read_until_quiet(quiet=0.1)
    session.read_until_quiet(quiet=0.1)
    session.close()

    load = os.getloadavg()
    print(f"places browse at {COLUMNS}x{ROWS}, 10,000 places; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"{'measure':<48} {'browse':>12} {'alternative':>28}")
    print(f"{'first frame, wall (median of 7)':<48} {statistics.median(firsts):>9.0f} ms   map --terminal, whole run {statistics.median(still):>5.0f} ms")
    print(f"{'first frame, CPU of browse (median of 7)':<48} {statistics.median(first_cpus):>9.0f} ms")
    print(f"{'pan step, all places in view, CPU':<48} {world_pan:>9.1f} ms")
    print(f"{'zoom step (8 in from all), CPU':<48} {zoom_in:>9.1f} ms")
    print(f"{'pan step, zoomed in 8 times, CPU':<48} {close_pan:>9.1f} ms")
    print(f"{'zoom in and out again (levels seen), CPU':<48} {statistics.median(zoom_back):>9.1f} ms")
    print(f"{'search, one key (median of 20 letters), CPU':<48} {statistics.median(searches):>9.1f} ms   slowest {max(searches):.1f} ms")
    print(f"{'bytes, one pan step / full redraw, all in view':<48} {world_bytes:>12.0f} {world_full:>16} ({world_bytes / world_full:.2f})")
    print(f"{'bytes, one pan step / full redraw, zoomed in':<48} {close_bytes:>12.0f} {close_full:>16} ({close_bytes / close_full:.2f})")


if __name__ == "__main__":
    main()
