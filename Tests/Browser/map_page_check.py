#!/usr/bin/env python3
"""Drives the interactive map page in headless Chromium, as a reader would, and checks it.

    python3 Tests/Browser/map_page_check.py PAGE.html SCREENSHOT.png [CHROMIUM [CHROMEDRIVER]]

PAGE.html is written by `places map -o` from a journal holding at least the places named in
EXPECTED below (Tests/PlacesCLITests/MapPageBrowserTests.swift builds it). Needs Debian's
chromium and chromium-driver and Selenium from PyPI. Prints one line per check; exits 1 with
the reason at the first failure.
"""
import json
import pathlib
import struct
import sys
import time
import zlib

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from headless import check, passed, start_chromium, wait_until  # noqa: E402

HOSTILE = '</script><b id="pwned">x</b>'
EXPECTED = {"Louvre", "Colosseum", "Suva", HOSTILE, "מוזיאון ישראל", "Ichiran Ramen"}
def png_pixels(png):
    """(width, height, rows of RGB(A) bytes) of an 8-bit, non-interlaced PNG, as Chrome writes."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat = 8, b""
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        body = png[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, "unexpected PNG format"
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    channels = 4 if color == 6 else 3
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    page, screenshot = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2])
    driver = start_chromium(3, logs=("browser", "performance"))
    try:
        run(driver, page, screenshot)
        if len(sys.argv) > 5:
            city(driver, pathlib.Path(sys.argv[5]).resolve())
    finally:
        driver.quit()
    print(f"all {len(passed)} checks passed")


def requested_urls(driver):
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def visible_places(driver):
    """Pins on screen plus the places counted in cluster bubbles, read in one go (clusters are
    redrawn while the map moves, so elements found one call earlier may be gone)."""
    return driver.execute_script("""
        var pins = document.querySelectorAll('.leaflet-marker-icon.pin').length;
        var clusters = document.querySelectorAll('.leaflet-marker-icon.marker-cluster');
        return Array.prototype.reduce.call(clusters, function (n, c) { return n + Number(c.textContent || 0); }, pins);""")


def list_names(driver):
    return driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#list li[data-index] .name'), e => e.textContent);")


def wait_until_still(driver, seconds=5.0):
    """Waits until the map pane's position has not changed for half a second (animations ended)."""
    end = time.time() + seconds
    last, steady = None, 0
    while time.time() < end and steady < 3:
        now = driver.execute_script("var p = document.querySelector('.leaflet-map-pane'); return p ? p.style.transform : '';")
        steady = steady + 1 if now == last else 0
        last = now
        time.sleep(0.2)


def settle(driver, expected, names=None):
    """Waits until the map shows `expected` places (and the list exactly `names`, when given)."""
    def done():
        return (driver.execute_script("return document.body.dataset.ready") == "true"
                and visible_places(driver) == expected
                and (names is None or sorted(list_names(driver)) == sorted(names)))
    return wait_until(done, 30)


def run(driver, page, screenshot):
    driver.get(page.as_uri())
    check(wait_until(lambda: driver.execute_script("return document.body.dataset.ready") == "true"),
          "the page loads from file:// and draws its pins")
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, f"no console errors ({errors})")
    urls = requested_urls(driver)
    check(urls and all(u.startswith(("file://", "data:")) for u in urls),
          f"no network request with the tile layer off ({[u for u in urls if not u.startswith('file://')][:3]})")
    check(set(list_names(driver)) == EXPECTED, f"the side list names every place ({list_names(driver)})")
    check(settle(driver, len(EXPECTED)), f"every place is on the map as a pin or in a cluster ({visible_places(driver)})")
    check(driver.title == "6 places", f"the title comes from the data ({driver.title!r})")
    context = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('.context-label'), e => e.textContent);")
    check(len(context) >= 3, f"the gazetteer's names are drawn around the pins, as on the SVG map ({context})")

    # The first view, as the reader sees it.
    png = driver.get_screenshot_as_png()
    screenshot.write_bytes(png)
    width, height, channels, rows = png_pixels(png)
    values, colours = [], set()
    for row in rows[::4]:
        for x in range(0, width * channels, channels * 4):
            r, g, b = row[x], row[x + 1], row[x + 2]
            values.append(0.299 * r + 0.587 * g + 0.114 * b)
            colours.add((r >> 3, g >> 3, b >> 3))
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / len(values)
    check(variance > 100 and len(colours) > 20, f"the screenshot is not blank (variance {variance:.0f}, {len(colours)} colours)")

    # Pins carry their names (few places), as text; names that would cover a pin are hidden.
    labels = driver.execute_script("""
        return Array.prototype.map.call(document.querySelectorAll('.leaflet-tooltip.place-label'),
            e => [e.textContent, e.style.visibility !== 'hidden']);""")
    check({text for text, _ in labels} <= EXPECTED and any(shown for _, shown in labels)
          and HOSTILE in {text for text, _ in labels}, f"pins are labelled with their names, as text ({labels})")

    # A pin opens its popup with the description and share links.
    suva = driver.find_element(By.CSS_SELECTOR, '.leaflet-marker-icon.pin[title="Suva"]')
    suva.click()
    popup = wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, ".leaflet-popup-content .popup"))
    # textContent, not .text: the popup fades in, and Selenium's .text leaves out what is not yet visible.
    text = popup[0].get_attribute("textContent") if popup else ""
    check("Markets on Saturday morning." in text, f"clicking a pin opens its popup with the description ({text!r})")
    check("Want to go" in text and "-18.1416, 178.4419" in text, f"the popup shows visited state and coordinates ({text!r})")
    links = [a.get_attribute("href") for a in popup[0].find_elements(By.CSS_SELECTOR, ".links a")]
    check(any(link.startswith("https://www.openstreetmap.org/?mlat=-18.1416&mlon=178.4419") for link in links)
          and any(link.startswith("geo:-18.1416,178.4419") for link in links), f"the popup has share links ({links})")
    check(wait_until(lambda: driver.execute_script("var e = document.querySelector('#list li.selected .name'); return e && e.textContent") == "Suva", 30),
          "the list highlights the open pin")

    # A hostile name is shown as text and never becomes markup.
    hostile = driver.find_element(By.CSS_SELECTOR, '.leaflet-marker-icon.pin[title="%s"]' % HOSTILE.replace('"', '\\"'))
    hostile.click()
    heading = wait_until(lambda: [e for e in driver.find_elements(By.CSS_SELECTOR, ".leaflet-popup-content h2")
                                  if e.get_attribute("textContent") == HOSTILE])
    check(heading, "a name with </script> and markup is shown as plain text")
    check(not driver.find_elements(By.ID, "pwned") and not driver.find_elements(By.CSS_SELECTOR, "img[src='x']"),
          "no element was made from user text")

    # Filters hide pins: visited or want to go, then a tag.
    driver.find_element(By.CSS_SELECTOR, '#visited input[value="visited"]').click()
    check(settle(driver, 3, ["Colosseum", "Ichiran Ramen", "Louvre"]),
          f"the visited filter leaves the three visited places, on the map and in the list ({visible_places(driver)}, {list_names(driver)})")
    driver.find_element(By.CSS_SELECTOR, '#visited input[value="all"]').click()
    driver.find_element(By.CSS_SELECTOR, '#tags input[value="museums"]').click()
    check(settle(driver, 2, ["Louvre", "מוזיאון ישראל"]),
          f"the museums tag leaves the two tagged places ({visible_places(driver)}, {list_names(driver)})")
    driver.find_element(By.CSS_SELECTOR, '#tags input[value="museums"]').click()
    check(settle(driver, len(EXPECTED), EXPECTED), "unticking the tag brings every pin back")

    # Search finds a pin by a word of its description, without accents; Enter opens it.
    box = driver.find_element(By.ID, "search")
    box.send_keys("mona lisa")
    check(settle(driver, 1, ["Louvre"]), f"search finds a pin by its description ({list_names(driver)})")
    box.send_keys(Keys.ENTER)
    popup = wait_until(lambda: [e for e in driver.find_elements(By.CSS_SELECTOR, ".leaflet-popup-content .popup")
                                if "Mona Lisa behind glass" in e.get_attribute("textContent")])
    check(popup, "Enter in the search box opens the found pin")
    # Opening the popup zooms and pans the map with animation; a search typed before it comes to
    # rest can be moved away again by the end of that animation, so wait for the map to be still.
    wait_until_still(driver)
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys("COLOSS")
    check(settle(driver, 1, ["Colosseum"]), f"search ignores case ({list_names(driver)})")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys("musee")
    check(settle(driver, 1, ["Louvre"]), f"search ignores accents: musee finds Musée ({list_names(driver)}, {visible_places(driver)}, {box.get_attribute('value')!r})")
    # A typo is forgiven as `places find` forgives it (two letters swapped), and the popup lists every
    # visit with its note.
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys("ramne")
    check(settle(driver, 1, ["Ichiran Ramen"]), f"search forgives a typo: ramne finds the ramen place ({list_names(driver)})")
    box.send_keys(Keys.ENTER)
    popup = wait_until(lambda: [e.get_attribute("textContent") for e in driver.find_elements(By.CSS_SELECTOR, ".leaflet-popup-content .popup")
                                if "Ichiran" in e.get_attribute("textContent")])
    text = popup[0] if popup else ""
    check("Visited 2023-04-02" in text and "First time, queue at midnight" in text
          and "Visited 2024-01-05" in text and "Extra noodles" in text, f"the popup lists every visit with its note ({text!r})")
    wait_until_still(driver)
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys("louver")
    check(settle(driver, 1, ["Louvre"]), f"search forgives a swap in a name ({list_names(driver)})")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    check(settle(driver, len(EXPECTED), EXPECTED), "clearing the search brings every pin back")

    # The keyboard zooms the map: two pins move apart (clearing the search closed the popup).
    def gap():
        return driver.execute_script("""
            var a = document.querySelector('.leaflet-marker-icon.pin[title="Suva"]');
            var b = document.querySelector('.leaflet-marker-icon.pin[title="\u05de\u05d5\u05d6\u05d9\u05d0\u05d5\u05df \u05d9\u05e9\u05e8\u05d0\u05dc"]');
            return a && b ? Math.abs(a.getBoundingClientRect().left - b.getBoundingClientRect().left) : null;""")
    def steady():
        first = gap()
        time.sleep(0.3)
        return first is not None and first == gap() and first
    # Deadlines, not timings: each wait ends as soon as its condition holds, and a loaded machine may
    # take long to animate the zoom.
    before = wait_until(steady, 30)
    driver.find_element(By.ID, "map").send_keys("+")
    after = wait_until(lambda: before and (gap() or 0) > before * 1.5, 30)
    check(before and after, f"the + key zooms in ({before} → {gap()})")

    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, f"still no console errors after using the page ({errors})")
    urls = requested_urls(driver)
    check(all(u.startswith(("file://", "data:")) for u in urls), f"still no network request ({urls[:3]})")

    # Switching the tile layer on does ask the network: the check above can see a request.
    toggle = driver.find_element(By.CSS_SELECTOR, ".leaflet-control-layers-overlays input")
    toggle.click()
    tiles = wait_until(lambda: [u for u in requested_urls(driver) if u.startswith("https://tile.openstreetmap.org/")], 30)
    check(tiles, "the OpenStreetMap switch fetches tiles (and only then)")
    attribution = driver.find_element(By.CSS_SELECTOR, ".leaflet-control-attribution").text
    check("OpenStreetMap" in attribution, f"with OSM's attribution ({attribution!r})")


def city(driver, page):
    """A map of a few streets with no region added: the names and rivers the SVG map has, not a blank page."""
    driver.get(page.as_uri())
    check(wait_until(lambda: driver.execute_script("return document.body.dataset.ready") == "true"),
          "the city page loads and draws its pins")
    context = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('.context-label'), e => e.textContent);")
    check(len(context) >= 3, f"a city map names the neighbourhoods around the pins ({context})")
    rivers = driver.execute_script("var o = JSON.parse(document.getElementById('places-outlines').textContent);"
                                   "return o.detail && o.detail.rivers ? o.detail.rivers.length : 0;")
    check(rivers > 0, f"and carries the rivers the SVG map draws ({rivers})")


if __name__ == "__main__":
    main()
