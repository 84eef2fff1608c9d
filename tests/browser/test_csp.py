"""The site's pages, the sign-in pages and the admin work under the strict Content-Security-
Policy: Chromium reports no violation on any of them (nor a script error), and the table's
socket connects."""

from __future__ import annotations

import pytest

from tests.browser.table_play import (
    PASSWORD,
    new_page,
    on_own_thread,
    restore_rule_sets,
    sign_up,
    start_computer_game,
)

pytestmark = pytest.mark.browser

# Chromium fires this event for every blocked script, style, image, socket or form target.
RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""

SITE_PAGES = [
    "/",
    "/play/",
    "/daily/",
    "/daily/verify/?day=2024-02-02",
    "/leaderboard/",
    "/accounts/profile/",
    "/accounts/email/",
    "/accounts/password/change/",
]


def visit(page, url: str) -> list[str]:
    """The violations `url` raised by its load event: every script, style and image it names has
    loaded or been blocked.  Not "networkidle", which Playwright discourages: on a loaded machine
    an admin page once never reached it in 30 s though it had loaded and the server had nothing
    left to send (a repeat-run failure)."""
    page.goto(url, wait_until="load")
    return [f"{url}: {v}" for v in page.evaluate("window.cspViolations")]


def test_site_pages_and_the_table_raise_no_policy_violation(browser, server):
    restore_rule_sets()
    page = new_page(browser)
    page.context.add_init_script(RECORD_VIOLATIONS)
    for url in ["/accounts/signup/", "/accounts/login/", "/accounts/password/reset/"]:
        assert not visit(page, server + url)
    name = sign_up(page, server)
    violations = [v for url in [*SITE_PAGES, f"/players/{name}/"] for v in visit(page, server + url)]
    start_computer_game(page, server)  # the table's script ran and its socket connected
    page.wait_for_load_state("networkidle")
    violations += page.evaluate("window.cspViolations")
    assert not violations, "\n".join(violations)
    assert not page.errors, page.errors


def make_superuser_and_matches():
    from accounts.models import User
    from tests.admin.support import finished_match, rummy_table

    boss = User.objects.create_superuser(
        username="boss", email="boss@example.com", password=PASSWORD, display_name="Boss"
    )
    restore_rule_sets()
    return boss.pk, finished_match().pk, rummy_table(name="Rummy player")[0].pk


def test_the_admin_raises_no_policy_violation(browser, server):
    boss, gin, rummy = on_own_thread(make_superuser_and_matches)
    page = new_page(browser)
    page.context.add_init_script(RECORD_VIOLATIONS)
    page.goto(server + "/admin/login/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    admin_pages = [
        "/admin/",
        "/admin/games/match/",
        f"/admin/games/match/{gin}/change/",
        f"/admin/games/match/{gin}/replay/",
        f"/admin/games/match/{rummy}/change/",
        "/admin/games/room/?state__exact=finished",
        "/admin/games/ruleset/add/",
        "/admin/games/variant/",
        "/admin/accounts/user/",
        f"/admin/accounts/user/{boss}/change/",
        "/admin/moderation/report/",
        "/admin/moderation/auditentry/",
        "/admin/leaderboard/rating/",
        "/admin/daily/dailyplay/",
    ]
    violations = [v for url in admin_pages for v in visit(page, server + url)]
    page.goto(server + "/admin/games/room/")
    page.locator("#action-toggle").check()  # the admin's scripts run: select all, pick an action
    page.select_option("select[name=action]", "close_rooms")
    page.get_by_role("button", name="Go").click()
    page.wait_for_load_state("networkidle")
    violations += page.evaluate("window.cspViolations")
    assert not violations, "\n".join(violations)
    assert not page.errors, page.errors
