#!/usr/bin/env python3
"""Writes a realistic journal of N places for benchmarks: usage: make-journal.py N OUT.json

Names mix scripts and lengths, descriptions are a sentence or two, about a third have tags and a
visit date. Deterministic (seeded), so runs are comparable.
"""
import json
import random
import sys
import uuid

WORDS = ("old harbour market bridge tower garden museum castle church temple station square "
         "lake falls beach cliff island valley bay gate palace library café bakery noodle bar "
         "viewpoint trail summit lighthouse cathedral shrine park pier fort mill quarter").split()
NAMES = ["Kraków", "São Paulo", "Zürich", "København", "Москва", "東京", "Reykjavík", "Kyoto",
         "Lisbon", "Hà Nội", "İstanbul", "Cusco", "Marrakech", "Wellington", "Tromsø", "Oaxaca"]
TAGS = ["food", "hiking", "museums", "2025 trip", "with Sam", "beaches", "coffee", "architecture"]


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(count)
    places = []
    for i in range(count):
        name = f"{rng.choice(NAMES)} {rng.choice(WORDS).title()} {rng.choice(WORDS)}"
        description = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 24))).capitalize() + "."
        created = f"20{rng.randint(18, 25)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z"
        place = {
            "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "name": name,
            "description": description,
            "latitude": round(rng.uniform(-60, 70), rng.randint(3, 6)),
            "longitude": round(rng.uniform(-180, 180), rng.randint(3, 6)),
            "tags": rng.sample(TAGS, rng.randint(0, 2)),
            "visited": created if rng.random() < 0.35 else None,
            "created": created,
            "updated": created,
        }
        places.append(place)
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"places": places, "version": 1}, f, ensure_ascii=False, indent=2, sort_keys=True, separators=(",", " : "))
        f.write("\n")


if __name__ == "__main__":
    main()
