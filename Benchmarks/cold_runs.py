"""Timing helpers shared by the Python benchmarks: the release binary, and the median CPU and wall
time of a command run cold (a fresh process each run)."""
import os
import resource
import statistics
import subprocess
import sys
import time


def places_binary():
    """Builds places in release mode and returns the binary's path."""
    subprocess.run(["swift", "build", "-c", "release", "--product", "places"], check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "places")


def children_cpu_ms():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000


def median_ms(args, env, runs, fresh=None, expect_output=False):
    """(median CPU ms, median wall ms) of `args` run cold `runs` times after one warm-up. `fresh` runs
    before each run (a fresh copy of a journal the command changes); with `expect_output`, a run that
    prints nothing counts as a failure."""
    cpu, wall = [], []
    for run in range(runs + 1):
        if fresh:
            fresh()
        cpu_before = children_cpu_ms()
        start = time.perf_counter()
        result = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        elapsed = (time.perf_counter() - start) * 1000
        if result.returncode != 0 or (expect_output and not result.stdout.strip()):
            sys.exit(f"failed or printed nothing ({result.returncode}): {' '.join(args)}")
        if run > 0:
            cpu.append(children_cpu_ms() - cpu_before)
            wall.append(elapsed)
    return statistics.median(cpu), statistics.median(wall)
