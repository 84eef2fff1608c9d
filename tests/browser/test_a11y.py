"""axe-core (from node_modules, injected by Playwright) on the lobby, the table, the Daily Gin
and the leaderboard: no serious or critical violation, in English and in Spanish, and the lobby
and the table on a phone."""

from pathlib import Path

import pytest

from tests.browser.table_play import QUICK_ARCADE_DEAL, new_page, restore_rule_sets, start_known_game

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules/axe-core/axe.min.js"
RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
}"""


def serious_violations(page):
    # Evaluated through the DevTools protocol, which the page's Content-Security-Policy does
    # not govern: a <script> tag of the axe source would be refused as inline script.
    page.evaluate(AXE.read_text())
    return page.evaluate(RUN_AXE)


@pytest.fixture(scope="module", autouse=True)
def axe_installed():
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` (scripts/test.sh does)")


DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 360, "height": 640}


# On a phone too: a layout that hides a label can leave a button with no name.
@pytest.mark.parametrize(("locale", "viewport"), [("en-US", DESKTOP), ("es-ES", DESKTOP), ("en-US", PHONE)])
def test_lobby_and_table(browser, server, shot, locale, viewport):
    restore_rule_sets()
    phone = viewport is PHONE
    page = new_page(browser, viewport=viewport, locale=locale, has_touch=phone, is_mobile=phone)
    page.goto(server + "/play/")
    assert serious_violations(page) == []
    page.locator("form[action$='/play/computer/'] button[type=submit]").click()
    page.wait_for_selector("#hand-you .card")
    assert serious_violations(page) == []
    shot(page, f"a11y-table-{locale}{'-phone' if phone else ''}")
    page.locator("#open-settings").click()
    page.locator("#settings").wait_for(state="visible")
    assert serious_violations(page) == []
    page.context.close()


def test_table_through_a_hand_and_its_result(browser, server):
    restore_rule_sets()
    page = new_page(browser, viewport=DESKTOP)
    start_known_game(page, server, QUICK_ARCADE_DEAL)
    page.locator("#stock").click()
    page.wait_for_selector("#turn-line:text-is('Your turn: discard a card')")
    page.locator("#hand-you .card").first.click()
    assert serious_violations(page) == []
    page.locator("#hand-you .card").first.click()  # discarded: the computer knocks at once
    page.locator("#hand-end").wait_for(state="visible")
    assert serious_violations(page) == []
    page.context.close()


@pytest.mark.parametrize("path", ["/daily/", "/leaderboard/"])
def test_daily_and_leaderboard(browser, server, path):
    restore_rule_sets()
    page = new_page(browser, viewport=DESKTOP)
    response = page.goto(server + path)
    if response.status == 404:
        pytest.skip(f"{path} is not served yet")
    assert serious_violations(page) == []
    page.context.close()
