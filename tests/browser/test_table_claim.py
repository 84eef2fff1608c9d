"""An opponent who leaves an online gin table: the other player sees for how long, and after
a minute claims the win (issue #5)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.table_play import new_page, on_own_thread, restore_rule_sets, sign_up
from tests.browser.test_a11y import serious_violations

pytestmark = pytest.mark.browser


def away_since(name, seconds):
    """As if `name`'s last socket had closed `seconds` ago."""
    from games.models import Seat

    on_own_thread(
        lambda: Seat.objects.filter(user__display_name=name).update(
            last_seen=timezone.now() - timedelta(seconds=seconds)
        )
    )


def test_an_opponent_away_for_a_minute_can_be_claimed_against(browser, server, shot):
    restore_rule_sets()
    ana = new_page(browser, viewport={"width": 1280, "height": 800})
    bo = new_page(browser, viewport={"width": 1280, "height": 800})
    sign_up(ana, server, "Ana Stays")
    sign_up(bo, server, "Bo Leaves")
    ana.goto(server + "/play/")
    ana.select_option("#id_ruleset", label="Classic Gin")
    ana.get_by_role("button", name="Create").click()
    ana.wait_for_selector("#turn-line:text-is('Waiting for an opponent to join')")
    bo.goto(ana.url)
    bo.get_by_role("button", name="Take a seat").click()
    bo.wait_for_selector("#hand-you .card")
    ana.wait_for_selector("#hand-you .card")
    notice = ana.locator("#away-notice")
    ana.wait_for_selector("#plate-them .presence.on")
    assert notice.is_hidden()

    bo.close()  # its socket closes: Ana's table hears it at once
    notice.wait_for(state="visible")
    assert notice.locator(".away-text").text_content().startswith("Bo Leaves has been away for 0:0")
    assert ana.locator("#plate-them .presence.off").text_content().startswith("away 0:0")
    assert notice.get_by_role("button").count() == 0
    shot(ana, "table-claim-away")

    # 55 s gone (the page reloads, as after a dropped connection): the table counts on to the minute.
    away_since("Bo Leaves", 55)
    ana.reload()
    notice.wait_for(state="visible")
    assert notice.get_by_role("button").count() == 0
    claim = notice.get_by_role("button", name="Claim the win")
    claim.wait_for(timeout=15000)  # by the page's own clock: no frame comes at the minute
    assert notice.get_by_role("button", name="Let the computer finish").is_visible()
    assert "ends the match now, and you win it" in notice.locator(".note").text_content()
    shot(ana, "table-claim-open")
    assert serious_violations(ana) == []
    claim.click()
    ana.wait_for_selector("#turn-line:text-is('You win the match: Bo Leaves left the table')")
    assert notice.is_hidden()
    shot(ana, "table-claim-won")
    assert not ana.errors
    ana.context.close()
