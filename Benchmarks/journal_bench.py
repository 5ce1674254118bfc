#!/usr/bin/env python3
"""Times places' journal commands at several journal sizes; called by Benchmarks/run.

For each size: a generated journal; each command run cold with hyperfine (a fresh copy of the
journal prepared before every run of a command that changes it); the physical floor (reading the
file, writing and fsyncing a file of the same size); jrnl adding and listing entries in a journal
of as many entries. Peak memory of each command at each size from /usr/bin/time. Writes the
table into BENCHMARKS.md between <!-- journal:begin --> and <!-- journal:end -->.
"""
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys

WORK = sys.argv[1]
SIZES = [int(s) for s in sys.argv[2:]]
PLACES = os.environ["PLACES_BIN"]
JRNL = os.path.abspath("Benchmarks/.work/venv/bin/jrnl")
TARGETS = {  # size: (add/edit/remove, list/near, export) in milliseconds
    1000: (15, 15, 30), 10000: (60, 50, 150), 100000: (600, 400, 1500),
}


def hyperfine(command, prepare=None, runs=None):
    """Median and mean wall time in ms of `command` run cold."""
    out = os.path.join(WORK, "hf.json")
    args = ["hyperfine", "-N" if prepare is None else "-S=bash", "--warmup", "1", "--export-json", out, "--style", "none"]
    if prepare:
        args = ["hyperfine", "--warmup", "1", "--export-json", out, "--style", "none", "--prepare", prepare]
    if runs:
        args += ["--runs", str(runs)]
    subprocess.run(args + [command], check=True, stdout=subprocess.DEVNULL)
    result = json.load(open(out))["results"][0]
    return result["median"] * 1000


def peak_memory_kb(command, env):
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + shlex.split(command), env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return int(out.stderr.strip().splitlines()[-1])


def jrnl_journal(size, path):
    """A jrnl journal of `size` entries, in jrnl's plain-text format."""
    with open(path, "w") as f:
        start = datetime.datetime(2018, 1, 1, 9, 0)
        for i in range(size):
            when = start + datetime.timedelta(hours=i)
            f.write(f"[{when:%Y-%m-%d %H:%M}] Place {i} near the old harbour.\nNotes about the market and the bridge.\n\n")


def main():
    rows = []
    memory = []
    for size in SIZES:
        source = os.path.join(WORK, f"j{size}.json")
        if not os.path.exists(source):
            subprocess.run([sys.executable, "Benchmarks/make-journal.py", str(size), source], check=True)
        journal = os.path.join(WORK, f"bench{size}.json")
        file_mb = os.path.getsize(source) / 1e6
        env = dict(os.environ, PLACES_STORE=journal)
        os.environ["PLACES_STORE"] = journal
        fresh = f"cp {source} {journal}; rm -rf {journal}.history {journal}.bak"
        subprocess.run(fresh, shell=True, check=True)
        ids = [p["id"] for p in json.load(open(source))["places"]]
        target_id = ids[len(ids) // 2][:8]
        p = shlex.quote(PLACES)
        commands = [
            ("add", f"{p} add 'Benchmark Café' --at 48.8584,2.2945 --tag bench", True, 0),
            ("edit", f"{p} edit {target_id} --name 'Renamed place' --tag edited", True, 0),
            ("remove", f"{p} remove {target_id} --yes", True, 0),
            ("list (table)", f"{p} list", False, 1),
            ("near", f"{p} near 48.8584,2.2945 --limit 10", False, 1),
            ("export --format geojson", f"{p} export --format geojson", False, 2),
        ]
        results = {}
        for name, command, mutates, target_index in commands:
            if name == "near" and subprocess.run(f"{p} near --help", shell=True, capture_output=True).returncode != 0:
                continue
            results[name] = (hyperfine(command, prepare=fresh if mutates else None), target_index)
            subprocess.run(fresh, shell=True, check=True)
            memory.append((size, name, peak_memory_kb(command, env) / 1024, file_mb))
            subprocess.run(fresh, shell=True, check=True)
        read = hyperfine(f"cat {source}", runs=20)
        write = hyperfine(f"dd if={source} of={WORK}/copy.json bs=1M conv=fsync status=none", runs=10)
        jrnl_file = os.path.join(WORK, f"jrnl{size}.txt")
        jrnl_journal(size, jrnl_file)
        jrnl_config = os.path.join(WORK, f"jrnl{size}.yaml")
        with open(jrnl_config, "w") as f:
            f.write(f"journals:\n  default:\n    journal: {jrnl_file}\nencrypt: false\ndefault_hour: 9\ndefault_minute: 0\n"
                    "editor: ''\ntemplate: false\ntimeformat: '%Y-%m-%d %H:%M'\ntagsymbols: '@'\nhighlight: false\nlinewrap: 79\n"
                    "indent_character: '|'\ncolors:\n  body: none\n  date: none\n  tags: none\n  title: none\nversion: v4.2\n")
        jrnl = f"{JRNL} --config-file {jrnl_config}"
        jrnl_add = hyperfine(f"{jrnl} Benchmark entry at the cafe.", prepare=f"true", runs=5)
        jrnl_list = hyperfine(f"{jrnl} --format short", runs=5)
        rows.append((size, file_mb, results, read, write, jrnl_add, jrnl_list))
        print(f"{size}: done", file=sys.stderr)

    machine = f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"
    lines = ["<!-- journal:begin -->", "## Journal commands at every size", "",
             f"`bash Benchmarks/run` on {datetime.date.today()}, {machine}; release build. Median wall time of cold "
             "runs (a fresh process each, hyperfine; commands that change the journal get a fresh copy before each run). "
             "Target in brackets; ✓ met, ✗ missed. *Floor*: reading the file (`cat`) and writing it with fsync (`dd conv=fsync`). "
             "*jrnl* (PyPI) adds and lists entries in a plain-text journal of as many entries.", "",
             "| places | file | add | edit | remove | list (table) | near | export geojson | floor: read / write+fsync | jrnl add / list |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for size, file_mb, results, read, write, jrnl_add, jrnl_list in rows:
        targets = TARGETS.get(size)
        cells = []
        for name in ["add", "edit", "remove", "list (table)", "near", "export --format geojson"]:
            if name not in results:
                cells.append("—")
                continue
            value, index = results[name]
            mark = ""
            if targets:
                mark = f" ({'✓' if value <= targets[index] else '✗'} ≤ {targets[index]})"
            cells.append(f"{value:.1f} ms{mark}")
        lines.append(f"| {size:,} | {file_mb:.1f} MB | " + " | ".join(cells)
                     + f" | {read:.1f} / {write:.1f} ms | {jrnl_add:.0f} / {jrnl_list:.0f} ms |")
    lines += ["", "Peak memory (maximum resident set size) against the journal file's size (target at 100,000 places: at most 4×):", "",
              "| places | command | peak memory | × file size |", "|---|---|---|---|"]
    for size, name, mb, file_mb in memory:
        lines.append(f"| {size:,} | {name} | {mb:.0f} MB | {mb / file_mb:.1f}× |")
    lines.append("<!-- journal:end -->")
    block = "\n".join(lines) + "\n"

    path = "BENCHMARKS.md"
    text = open(path).read() if os.path.exists(path) else "# Benchmarks\n\n"
    begin, end = "<!-- journal:begin -->", "<!-- journal:end -->"
    if begin in text:
        text = text[:text.index(begin)] + block.rstrip("\n") + text[text.index(end) + len(end):]
    else:
        text = text.rstrip("\n") + "\n\n" + block
    open(path, "w").write(text)
    print(block)


if __name__ == "__main__":
    main()
