#!/usr/bin/env python3
"""Makes an OpenStreetMap extract of any size by repeating a real one on a grid.

Needs PyPI `osmium` (pyosmium), which this script installs with pip when it is missing.

Each copy of the source extract is shifted by a whole cell of the grid (the source's own header
box plus a margin), and every id is renumbered per copy: nodes, ways and relations are numbered
densely in their original order, so the output stays sorted by type then id as a real extract is,
and way node references and relation members are renumbered with them. Members the source does not
hold (relations reaching outside the extract) get ids of their own per copy, so they stay missing.
Tags, versions and timestamps are kept. The header carries the grid's box and the source's
replication timestamp.

Usage:
    Benchmarks/make-extract.py --megabytes 200 Benchmarks/.work/x200.osm.pbf
    Benchmarks/make-extract.py --copies 4 OUT.osm.pbf [--source IN.osm.pbf]

Outputs belong under Benchmarks/.work (ignored by git); never commit them. For a gigabyte, lay whole
copies of an extract this script made side by side with `Benchmarks/tile-extract.py` (minutes instead
of hours).
"""
import argparse
import math
import os
import subprocess
import sys

try:
    import osmium
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "osmium"])
    import osmium

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE = os.path.join(HERE, "..", "Tests", "PlacesCLITests", "Fixtures", "osm", "monaco.osm.pbf")
# Bytes a copy of Monaco takes in the output (dense ids delta-code smaller than the original's).
BYTES_PER_MONACO_COPY = 394_000


class Loader(osmium.SimpleHandler):
    """Holds the whole (small) source extract in memory as plain tuples."""

    def __init__(self):
        super().__init__()
        self.nodes, self.ways, self.relations = [], [], []

    def node(self, n):
        self.nodes.append((n.id, n.location.lon, n.location.lat, dict(n.tags), n.version, n.timestamp))

    def way(self, w):
        self.ways.append((w.id, [r.ref for r in w.nodes], dict(w.tags), w.version, w.timestamp))

    def relation(self, r):
        members = [(m.type, m.ref, m.role) for m in r.members]
        self.relations.append((r.id, members, dict(r.tags), r.version, r.timestamp))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    size = parser.add_mutually_exclusive_group(required=True)
    size.add_argument("--copies", type=int, help="how many copies of the source to lay out")
    size.add_argument("--megabytes", type=float, help="roughly how large the output should be")
    parser.add_argument("--source", default=DEFAULT_SOURCE, help="the extract to repeat (default: the Monaco fixture)")
    parser.add_argument("output")
    args = parser.parse_args()

    copies = args.copies or max(1, round(args.megabytes * 1e6 / BYTES_PER_MONACO_COPY))
    reader = osmium.io.Reader(args.source, osmium.osm.osm_entity_bits.NOTHING)
    source_header = reader.header()
    box = source_header.box()
    reader.close()
    loader = Loader()
    loader.apply_file(args.source)

    # Dense per-copy numbering, and ids for members outside the extract.
    node_index = {node[0]: i for i, node in enumerate(loader.nodes)}
    way_index = {way[0]: i for i, way in enumerate(loader.ways)}
    relation_index = {relation[0]: i for i, relation in enumerate(loader.relations)}
    outside = {}
    for _, members, *_ in loader.relations:
        for kind, ref, _ in members:
            table = {"n": node_index, "w": way_index, "r": relation_index}[kind]
            if ref not in table and (kind, ref) not in outside:
                outside[(kind, ref)] = len(outside)
    stride = max(len(loader.nodes), len(loader.ways), len(loader.relations)) + len(outside) + 1

    columns = math.ceil(math.sqrt(copies))
    rows = math.ceil(copies / columns)
    width = (box.top_right.lon - box.bottom_left.lon) * 1.25
    height = (box.top_right.lat - box.bottom_left.lat) * 1.25
    west, south = box.bottom_left.lon, box.bottom_left.lat

    header = osmium.io.Header()
    header.add_box(osmium.osm.Box(osmium.osm.Location(west, south),
                                  osmium.osm.Location(west + columns * width, south + rows * height)))
    for key in ("osmosis_replication_timestamp", "timestamp"):
        value = source_header.get(key)
        if value:
            header.set(key, value)
    if os.path.exists(args.output):
        os.remove(args.output)
    writer = osmium.SimpleWriter(args.output, header=header)

    def shift(copy):
        return (copy % columns) * width, (copy // columns) * height

    def member_id(copy, kind, ref):
        table = {"n": node_index, "w": way_index, "r": relation_index}[kind]
        index = table.get(ref)
        if index is None:
            index = stride - 1 - len(outside) + outside[(kind, ref)]
        return copy * stride + index + 1

    Node, Way, Relation = osmium.osm.mutable.Node, osmium.osm.mutable.Way, osmium.osm.mutable.Relation
    for copy in range(copies):
        dx, dy = shift(copy)
        base = copy * stride + 1
        for i, (_, lon, lat, tags, version, timestamp) in enumerate(loader.nodes):
            writer.add_node(Node(id=base + i, location=(lon + dx, lat + dy), tags=tags, version=version, timestamp=timestamp))
    for copy in range(copies):
        base = copy * stride + 1
        for i, (_, refs, tags, version, timestamp) in enumerate(loader.ways):
            nodes = [copy * stride + node_index[ref] + 1 if ref in node_index else copy * stride + stride for ref in refs]
            writer.add_way(Way(id=base + i, nodes=nodes, tags=tags, version=version, timestamp=timestamp))
    for copy in range(copies):
        base = copy * stride + 1
        for i, (_, members, tags, version, timestamp) in enumerate(loader.relations):
            renumbered = [(kind, member_id(copy, kind, ref), role) for kind, ref, role in members]
            writer.add_relation(Relation(id=base + i, members=renumbered, tags=tags, version=version, timestamp=timestamp))
    writer.close()
    print(f"{args.output}: {copies} copies, {os.path.getsize(args.output):,} bytes, "
          f"{copies * len(loader.nodes):,} nodes, {copies * len(loader.ways):,} ways, "
          f"{copies * len(loader.relations):,} relations")


if __name__ == "__main__":
    main()
