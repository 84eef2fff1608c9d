#!/usr/bin/env python
"""The table page's budget figures on this machine (printed, not asserted):

- page weight: every script and stylesheet the table page loads from the site, uncompressed
  (the budget is 150 KB, with no framework and no build step) and gzipped;
- time to first rendered hand: from navigation start to the `hand-rendered` mark that
  static/js/gin.js (or rummy.js) sets once the first hand is on screen, over several loads.

It makes a throwaway test database (migrated, so the rule sets exist), runs Daphne on it,
opens a game against the computer in Debian's Chromium, then drops the database.
Run: DATABASE_URL=postgres://... .venv/bin/python scripts/page_weight.py [--loads N] [--family rummy]
(`--family rummy`: the German Rummy table, one person and one computer player).
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.servers import daphne  # noqa: E402

BUDGET = 150 * 1024


def open_table(page, family: str) -> None:
    if family == "rummy":
        page.select_option("#rummy-ruleset", label="German Rummy")
        page.select_option("#rummy-bot_seats", "1")
        page.locator("#rummy-form button[type=submit]").click()
    else:
        page.select_option("#computer-ruleset", label="Arcade Gin")
        page.get_by_role("button", name="Start a game").click()


def measure(url: str, loads: int, family: str) -> tuple[dict[str, bytes], list[float], int]:
    assets: dict[str, bytes] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url + "/play/")
        open_table(page, family)
        page.wait_for_selector("#hand-you .card")
        room = page.url

        def keep(response):
            path = response.url.removeprefix(url)
            if path.startswith(settings.STATIC_URL) and path.endswith((".js", ".css")):
                assets[path] = response.body()

        page.on("response", keep)
        times = []
        html = 0
        for _ in range(loads):
            response = page.goto(room)
            html = len(response.body())
            page.wait_for_function("performance.getEntriesByName('hand-rendered').length > 0")
            times.append(page.evaluate("performance.getEntriesByName('hand-rendered')[0].startTime"))
        browser.close()
    return assets, times, html


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads to time (default 5)")
    parser.add_argument("--family", choices=["gin", "rummy"], default="gin", help="which table (default gin)")
    args = parser.parse_args()
    settings.DATABASES["default"].setdefault("TEST", {})["NAME"] = "test_page_weight"
    original = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        with daphne() as url:
            assets, times, html = measure(url, args.loads, args.family)
    finally:
        connection.creation.destroy_test_db(original, verbosity=0)

    total = sum(len(body) for body in assets.values())
    zipped = sum(len(gzip.compress(body)) for body in assets.values())
    print(f"Table page ({args.family}): scripts and stylesheets from the site")
    for path, body in sorted(assets.items()):
        print(f"  {len(body):>8,} B  {path}")
    verdict = "within" if total <= BUDGET else "OVER"
    print(
        f"  {total:>8,} B  total uncompressed ({total / 1024:.1f} KB, {verdict} the 150 KB budget); {zipped:,} B gzipped"
    )
    print(f"  {html:>8,} B  the HTML itself")
    print(
        f"Time to first rendered hand over {len(times)} loads: median {statistics.median(times):.0f} ms, "
        f"min {min(times):.0f} ms, max {max(times):.0f} ms"
    )


if __name__ == "__main__":
    main()
