#!/usr/bin/env python3
"""Checks the street names an added region writes on the interactive map page, in headless Chromium.

    python3 Tests/Browser/region_page_check.py PAGE.html STREETS.txt [CHROMIUM [CHROMEDRIVER]]

PAGE.html is written by `places map -o` around a place inside an added region, at street zoom;
STREETS.txt holds the extract's street names, one a line, as `osmium export` reads them
(Tests/PlacesCLITests/RegionMapCLITests.swift writes both). Needs Debian's chromium and
chromium-driver and Selenium from PyPI. Prints one line per check; exits 1 at the first failure.
Leaves a screenshot of the street zoom beside the page (PAGE.png).
"""
import json
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from headless import check, passed, start_chromium, wait_until  # noqa: E402


def written(driver):
    """The names the page wrote along its streets, or None before it has drawn them."""
    text = driver.execute_script(
        "var c = document.getElementById('region-street-names'); return c && c.getAttribute('data-names');")
    return None if text is None else json.loads(text)


def inked(driver):
    """How many pixels of the names canvas are painted."""
    return driver.execute_script("""
        var c = document.getElementById('region-street-names');
        var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, n = 0;
        for (var i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
        return n;""")


def zoom(driver, control, times):
    """Clicks a zoom button, waiting for the map to settle after each click."""
    for _ in range(times):
        driver.find_element("css selector", control).click()
        time.sleep(0.6)
        wait_until(lambda: driver.execute_script(
            "return document.getElementById('region-street-names').style.visibility") != "hidden", 5)


def run(driver, page, streets):
    driver.get(page.as_uri())
    check(wait_until(lambda: driver.execute_script("return document.body.dataset.ready") == "true"), "the page loads")
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, f"no console errors ({errors})")
    names = wait_until(lambda: written(driver))
    check(names and len(names) >= 5, f"street names are written at street zoom ({names})")
    check(all(name in streets for name in names), f"every name written is a street of the extract ({[n for n in names if n not in streets]})")
    check(len(set(names)) == len(names), "each name once")
    check(inked(driver) > 500, f"the names are painted ({inked(driver)} pixels)")
    driver.save_screenshot(str(page.with_suffix(".png")))
    zoom(driver, ".leaflet-control-zoom-out", 3)
    check(wait_until(lambda: written(driver) == [], 30), f"no names on a city map ({written(driver)})")
    check(inked(driver) == 0, "and nothing painted")
    zoom(driver, ".leaflet-control-zoom-in", 3)
    check(wait_until(lambda: len(written(driver) or []) >= 5, 30), f"zoomed in again, the names come back ({written(driver)})")


def main():
    page = pathlib.Path(sys.argv[1]).resolve()
    streets = set(pathlib.Path(sys.argv[2]).read_text(encoding="utf-8").splitlines())
    driver = start_chromium(3)
    try:
        run(driver, page, streets)
    finally:
        driver.quit()
    print(f"all {len(passed)} checks passed")


if __name__ == "__main__":
    main()
