#!/usr/bin/env python3
"""Opens the scratch map page (`places map --scratch -o world.html`) in headless Chromium and checks it.

    python3 Tests/Browser/scratch_page_check.py PAGE.html VISITED WANTED REGIONS [CHROMIUM [CHROMEDRIVER]]

VISITED and WANTED are comma-separated country names the page must list as visited and as wanted;
REGIONS is how many regions must be filled. Tests/PlacesCLITests/ScratchMapFormsCLITests.swift builds
the page. Checks: no console error and no network request; the legend under the title; the countries
listed beside the map; the land canvas painted with the visited green (and the regions' darker green
when REGIONS > 0) and the wanted outline's orange; the pins drawn. Prints one line per check; exits 1
at the first failure. Needs Debian's chromium and chromium-driver and Selenium from PyPI.
"""
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from headless import check, passed, start_chromium, wait_until  # noqa: E402


# Pixels of the land canvas near each colour (RGB, each channel within the given tolerance: a stroke's
# edges are blended with what lies beneath), counted in the page.
COUNT_COLOURS = """
var canvas = document.querySelector('.leaflet-land-pane canvas');
if (!canvas) return null;
var data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
var wanted = arguments[0], counts = wanted.map(function () { return 0; });
for (var i = 0; i < data.length; i += 4) {
  for (var k = 0; k < wanted.length; k++) {
    var t = wanted[k][3];
    if (Math.abs(data[i] - wanted[k][0]) <= t && Math.abs(data[i + 1] - wanted[k][1]) <= t && Math.abs(data[i + 2] - wanted[k][2]) <= t) counts[k]++;
  }
}
return counts;
"""


def main():
    page = pathlib.Path(sys.argv[1]).resolve()
    visited = [n for n in sys.argv[2].split(",") if n]
    wanted = [n for n in sys.argv[3].split(",") if n]
    regions = int(sys.argv[4])
    driver = start_chromium(5, logs=("browser", "performance"))
    try:
        driver.get(page.as_uri())
        items = wait_until(lambda: driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('#scratch-countries li'),"
            " function (e) { return [e.className, e.textContent]; });"))
        check(items, "the countries are listed beside the map")
        listed_visited = [text for kind, text in items if kind == "visited"]
        listed_wanted = [text.replace(" (wanted)", "") for kind, text in items if kind == "wanted"]
        check(sorted(listed_visited) == sorted(visited), f"visited countries listed: {listed_visited}")
        check(sorted(listed_wanted) == sorted(wanted), f"wanted countries listed: {listed_wanted}")
        summary = driver.execute_script("return document.getElementById('summary').textContent;")
        check(f"{len(visited)} of " in summary and "countries visited" in summary, f"the legend under the title: {summary!r}")
        green, dark, orange = (43, 138, 62, 0), (27, 94, 32, 0), (217, 72, 15, 40)
        counts = wait_until(lambda: driver.execute_script(COUNT_COLOURS, [green, dark, orange]))
        check(counts and counts[0] > 500, f"visited countries filled green ({counts and counts[0]} pixels)")
        if regions > 0:
            check(counts[1] > 50, f"visited regions filled darker ({counts[1]} pixels)")
        if wanted:
            check(counts[2] > 20, f"wanted countries outlined orange ({counts[2]} pixels)")
        pins = driver.execute_script(
            "return document.querySelectorAll('.leaflet-marker-icon.pin, .leaflet-marker-icon.marker-cluster').length;")
        check(pins > 0, f"the places are pinned ({pins} markers)")
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        check(not errors, f"no console error: {errors}")
        requests = []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                requests.append(message["params"]["request"]["url"])
        check(all(url.startswith(("file:", "data:")) for url in requests), f"no network request: {requests}")
    finally:
        driver.quit()
    print(f"all {len(passed)} checks passed")


if __name__ == "__main__":
    main()
