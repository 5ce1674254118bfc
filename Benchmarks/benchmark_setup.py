"""What the benchmark scripts share: the release binary under test and the generated journal.

    from benchmark_setup import places_binary, make_journal
"""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def places_binary():
    """The binary given as the script's first argument, else places built here in release mode."""
    if len(sys.argv) > 1:
        return sys.argv[1]
    subprocess.run(["swift", "build", "-c", "release", "--product", "places"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return f"{path}/places"


def make_journal(path, count=10000):
    """Writes the generated journal of `count` places (Benchmarks/make-journal.py, the same every time)."""
    subprocess.run([sys.executable, str(ROOT / "Benchmarks/make-journal.py"), str(count), str(path)], check=True)
