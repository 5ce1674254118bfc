#!/usr/bin/env python3
"""Makes a large OpenStreetMap extract fast, by laying whole copies of an extract side by side.

`make-extract.py` writes every object through pyosmium, which takes minutes per 50 MB; this script
takes an extract it made (say 50 MB) and lays N whole copies of it on a grid, each shifted by the
source's header box (which `make-extract.py` sets to its own grid, margins included), so the copies'
towns, streets and coastlines lie side by side as in one larger grid, never on top of each other.

- Shift: each copy's `OSMData` blocks get their `lat_offset` and `lon_offset` (PrimitiveBlock fields
  19 and 20, nanodegrees added to every node of the block) moved by the copy's place on the grid, in
  whole 1e-7 degrees; nothing else in the block is touched, so it costs a zlib pass, not a parse.
- Ids: each copy is renumbered by Debian's `osmium renumber --start-id` into a range of its own
  (node, way and relation ids, way node references and relation members alike).
- The copies are merged in type then id order by `osmium merge`, and the header's box is set to the
  whole grid.

Needs Debian's `osmium-tool`. Usage:
    Benchmarks/tile-extract.py --copies 4 Benchmarks/.work/x50.osm.pbf Benchmarks/.work/x200.osm.pbf
    Benchmarks/tile-extract.py --copies 20 Benchmarks/.work/x50.osm.pbf Benchmarks/.work/x1000.osm.pbf

Outputs belong under Benchmarks/.work (ignored by git); never commit them.
"""
import argparse
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from regions import varint  # noqa: E402  (the one protobuf varint reader of the benchmarks)

# Ids of one copy stay below this, per type: copy k's start at k * ID_RANGE + 1.
ID_RANGE = 1_000_000_000


def put_varint(value):
    value &= (1 << 64) - 1
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def fields(data):
    """(number, wire type, value, raw bytes of the whole field) of a message's top-level fields."""
    i = 0
    while i < len(data):
        start = i
        key, i = varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = varint(data, i)
        elif wire == 2:
            length, i = varint(data, i)
            value = data[i:i + length]
            i += length
        elif wire == 1:
            value, i = data[i:i + 8], i + 8
        elif wire == 5:
            value, i = data[i:i + 4], i + 4
        else:
            sys.exit(f"unsupported wire type {wire}")
        yield number, wire, value, data[start:i]


def field(number, wire, payload):
    key = put_varint(number << 3 | wire)
    return key + (put_varint(len(payload)) + payload if wire == 2 else payload)


def signed64(value):
    return value - (1 << 64) if value >= 1 << 63 else value


def zigzag(value):
    return (value << 1) ^ (value >> 63)


def unzigzag(value):
    return (value >> 1) ^ -(value & 1)


def blobs(path):
    """(type, header bytes, blob bytes) of each blob of a PBF file."""
    with open(path, "rb") as f:
        while True:
            head = f.read(4)
            if not head:
                return
            header = f.read(struct.unpack(">I", head)[0])
            kind, size = None, None
            for number, _, value, _ in fields(header):
                if number == 1:
                    kind = bytes(value).decode()
                elif number == 3:
                    size = value
            yield kind, header, f.read(size)


def blob_data(blob):
    raw, packed = None, None
    for number, _, value, _ in fields(blob):
        if number == 1:
            raw = bytes(value)
        elif number == 3:
            packed = bytes(value)
        elif number in (4, 5, 6, 7):
            sys.exit("only raw and zlib blobs are supported")
    return raw if raw is not None else zlib.decompress(packed)


def write_blob(out, kind, data):
    blob = field(2, 0, put_varint(len(data))) + field(3, 2, zlib.compress(data, 6))
    header = field(1, 2, kind.encode()) + field(3, 0, put_varint(len(blob)))
    out.write(struct.pack(">I", len(header)) + header + blob)


def header_box(data):
    """(left, right, top, bottom) in nanodegrees of an OSMHeader block."""
    for number, _, value, _ in fields(data):
        if number == 1:
            box = {n: unzigzag(v) for n, _, v, _ in fields(bytes(value))}
            return box[1], box[2], box[3], box[4]
    sys.exit("the source's header has no box: the copies' shift comes from it")


def with_box(data, box):
    """An OSMHeader block with its box replaced."""
    payload = b"".join(field(n, 0, put_varint(zigzag(v))) for n, v in zip((1, 2, 3, 4), box))
    rest = b"".join(raw for number, _, _, raw in fields(data) if number != 1)
    return field(1, 2, payload) + rest


def shifted(source, target, dlat, dlon, box):
    """Writes `source` with every node moved by (dlat, dlon) nanodegrees and the header's box set to `box`."""
    with open(target, "wb") as out:
        for kind, _, blob in blobs(source):
            data = blob_data(blob)
            if kind == "OSMHeader":
                data = with_box(data, box)
            elif kind == "OSMData":
                lat, lon, rest = 0, 0, []
                for number, _, value, raw in fields(data):
                    if number == 19:
                        lat = signed64(value)
                    elif number == 20:
                        lon = signed64(value)
                    else:
                        rest.append(raw)
                data = b"".join(rest) + field(19, 0, put_varint(lat + dlat)) + field(20, 0, put_varint(lon + dlon))
            write_blob(out, kind, data)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--copies", type=int, required=True)
    parser.add_argument("source")
    parser.add_argument("output")
    args = parser.parse_args()

    header = next(blob_data(blob) for kind, _, blob in blobs(args.source) if kind == "OSMHeader")
    left, right, top, bottom = header_box(header)
    # Whole 1e-7 degrees, as OSM stores positions.
    width, height = (right - left) // 100 * 100, (top - bottom) // 100 * 100
    columns = math.ceil(math.sqrt(args.copies))
    rows = math.ceil(args.copies / columns)
    work = tempfile.mkdtemp(dir=os.path.dirname(os.path.abspath(args.output)))
    try:
        parts = []
        for copy in range(args.copies):
            dlon, dlat = (copy % columns) * width, (copy // columns) * height
            moved = os.path.join(work, f"moved-{copy}.osm.pbf")
            shifted(args.source, moved, dlat, dlon, (left + dlon, right + dlon, top + dlat, bottom + dlat))
            part = os.path.join(work, f"copy-{copy}.osm.pbf")
            start = copy * ID_RANGE + 1
            subprocess.run(["osmium", "renumber", "--no-progress", "-s", f"{start},{start},{start}", "-o", part, moved],
                           check=True)
            os.remove(moved)
            parts.append(part)
        merged = os.path.join(work, "merged.osm.pbf")
        subprocess.run(["osmium", "merge", "--no-progress", "-o", merged] + parts, check=True)
        for part in parts:
            os.remove(part)
        # The whole grid's box in the header, the rest of the file as osmium wrote it.
        with open(args.output, "wb") as out:
            for kind, head, blob in blobs(merged):
                if kind == "OSMHeader":
                    data = with_box(blob_data(blob), (left, left + columns * width, bottom + rows * height, bottom))
                    write_blob(out, kind, data)
                else:
                    out.write(struct.pack(">I", len(head)) + head + blob)
    finally:
        shutil.rmtree(work)
    print(f"{args.output}: {args.copies} copies of {args.source} on {columns} × {rows}, "
          f"{os.path.getsize(args.output):,} bytes")


if __name__ == "__main__":
    main()
