"""What every browser check in this folder shares: headless Chromium started the same way, one
check that stops at the first failure, and one bounded wait.

    from headless import check, passed, start_chromium, wait_until

The checks take Chromium's and chromedriver's paths as optional arguments after their own, so a
machine with them elsewhere can still run them.
"""
import shutil
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service

passed = []


def check(condition, what):
    """Records a passed check, or prints the failure and exits 1."""
    if not condition:
        print(f"FAILED: {what}")
        sys.exit(1)
    passed.append(what)
    print(f"ok: {what}")


def wait_until(predicate, seconds=20.0):
    """The predicate's first true value within `seconds`. An element that the page replaced
    while it was being read (a popup or cluster redrawn) counts as not yet."""
    end = time.time() + seconds
    while True:
        try:
            value = predicate()
        except StaleElementReferenceException:
            value = None
        if value or time.time() > end:
            return value
        time.sleep(0.05)


def start_chromium(first_path_argument, logs=("browser",)):
    """A headless Chromium at 1200×800 with no network chatter, driven through chromedriver.

    `sys.argv[first_path_argument]` and the one after it, when given, are the paths of Chromium
    and chromedriver; otherwise they are looked up on PATH. `logs` are the log kinds to keep
    (`driver.get_log(kind)`) at every level."""
    def argument(index, program):
        return sys.argv[index] if len(sys.argv) > index else shutil.which(program) or f"/usr/bin/{program}"

    options = webdriver.ChromeOptions()
    options.binary_location = argument(first_path_argument, "chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1200,800", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-default-apps"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {kind: "ALL" for kind in logs})
    # The driver's path is given, so Selenium never tries to download one.
    return webdriver.Chrome(service=Service(argument(first_path_argument + 1, "chromedriver")), options=options)
