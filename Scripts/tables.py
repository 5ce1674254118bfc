#!/usr/bin/env python3
"""The tables compiled into places (Sources/PlacesData/Tables), written by the generators in Scripts/.

Every generator writes its tables through ``write_table``, which also refreshes
``Sources/PlacesData/TablesDigest.h``: the assembly file that embeds the tables includes that header,
so a changed table makes the build assemble it again (``.incbin`` is not a dependency the build sees).

    python3 Scripts/tables.py           rewrite the digest from the files as they are
    python3 Scripts/tables.py --check   exit 1 when the digest does not match the files, or a table
                                        derived from another is not what its script derives from it now

Derived tables (``DERIVED``) are written from other tables, not from sources: a change to their source
table must be followed by their script, which ``--check`` enforces.
"""
import os
import sys
import zlib

sys.dont_write_bytecode = True  # no __pycache__ in the repository

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TABLES = os.path.join(ROOT, "Sources", "PlacesData", "Tables")
DIGEST = os.path.join(ROOT, "Sources", "PlacesData", "TablesDigest.h")
# (derived table, the script that writes it from other tables, as a module under Scripts/)
DERIVED = [("gazetteer-prominent.bin", "gazetteer/prominent.py"), ("gazetteer-cells.bin", "gazetteer/cells.py"),
           ("boundary-country-areas.tsv", "gazetteer/areas.py")]


def write_table(file, text):
    """Writes one table (str as UTF-8, or bytes) exactly as given, then refreshes the digest."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    path = os.path.join(TABLES, file)
    temporary = path + ".new"
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, path)
    write_digest()
    print("wrote %s (%d bytes)" % (os.path.relpath(path, ROOT), len(data)))


def digest_text():
    lines = ["/* Written by Scripts/tables.py: the size and CRC-32 of every table. Do not edit. */\n"]
    for file in sorted(os.listdir(TABLES)):
        with open(os.path.join(TABLES, file), "rb") as f:
            data = f.read()
        lines.append("/* %s %d %08x */\n" % (file, len(data), zlib.crc32(data)))
    return "".join(lines)


def write_digest():
    with open(DIGEST, "w", encoding="utf-8", newline="\n") as f:
        f.write(digest_text())


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        with open(DIGEST, encoding="utf-8") as f:
            if f.read() != digest_text():
                sys.exit("TablesDigest.h does not match the tables: run python3 Scripts/tables.py")
        import importlib.util
        for table, script in DERIVED:
            spec = importlib.util.spec_from_file_location(table, os.path.join(ROOT, "Scripts", script))
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            if not module.is_current():
                sys.exit("%s is not what its source table gives: run python3 Scripts/%s" % (table, script))
    elif sys.argv[1:]:
        sys.exit(__doc__)
    else:
        write_digest()
