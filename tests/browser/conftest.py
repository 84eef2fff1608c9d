"""Playwright on Debian's Chromium against a real Daphne process (see README)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.servers import daphne
from tools.servers import log_name

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

# A loaded machine (CI, or every core busy) can take seconds to serve a frame and to draw it:
# an expectation waits up to this long (Playwright's default is 5 s).
expect.set_options(timeout=20_000)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call" and report.failed and "browser" in item.funcargs:
        save_pages(item.funcargs["browser"], ARTIFACTS / "failures" / log_name(item.name, suffix=""))
    return report


def save_pages(browser, folder):
    """Every page a failed test left open: a screenshot, and its journal of console messages
    and socket frames (table_play.new_page); then closed, so the next failure shows its own."""
    folder.mkdir(parents=True, exist_ok=True)
    for n, context in enumerate(browser.contexts):
        for m, page in enumerate(context.pages):
            name = f"page-{n}-{m}"
            try:
                page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
            except Exception as error:  # a crashed or hung page: the journal says what it can
                (folder / f"{name}.screenshot-failed.txt").write_text(str(error))
            lines = [page.url, *getattr(page, "journal", [])]
            (folder / f"{name}.txt").write_text("\n".join(lines) + "\n")
        context.close()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def server(transactional_db, request):
    """A Daphne for the test; its log is kept per test in test-artifacts/daphne/."""
    (ARTIFACTS / "daphne").mkdir(parents=True, exist_ok=True)
    with daphne(log_path=ARTIFACTS / "daphne" / log_name(request.node.name)) as url:
        yield url


@pytest.fixture
def shot():
    """Save a screenshot as a test artefact."""

    def take(page, name):
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    return take


@pytest.fixture
def rummy_rule_sets(transactional_db):
    """Rule sets for 3 and 4 seats (the presets have 2 and 4; a test's flush empties them)."""
    from games.models import RuleSet

    RuleSet.objects.create(
        slug="rummy-three", name="German Rummy for three", name_es="Rommé a tres", family="rummy", seats=3
    )
    RuleSet.objects.create(slug="rummy-four", name="German Rummy for four", family="rummy", seats=4)
