"""An opponent who leaves an online gin table: the other player sees for how long, and after
a minute claims the win (issue #5); at a rummy table of three (two people and a bot), the
one who stays hands the one who left to the computer, or claims the win."""

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


def rummy_with_bo_away(browser, server):
    """Three seats, Ana, Bo and a bot; Bo closes the page and is moved to 55 s away. Returns
    Ana's page, Bo's plate on it (by seat: a computer's seat takes its level's name) and the
    notice."""
    ana = new_page(browser, viewport={"width": 1280, "height": 800})
    bo = new_page(browser, viewport={"width": 1280, "height": 800})
    sign_up(ana, server, "Ana Stays")
    sign_up(bo, server, "Bo Leaves")
    ana.goto(server + "/play/")
    ana.select_option("#rummy-ruleset", label="German Rummy for three")
    ana.select_option("#rummy-rounds", "1")
    ana.select_option("#rummy-bot_seats", "1")
    ana.get_by_role("button", name="Open the table").click()
    ana.wait_for_selector("#turn-line:text-is('Waiting for an opponent to join')")
    bo.goto(ana.url)
    bo.get_by_role("button", name="Take a seat").click()
    bo.wait_for_selector("#hand-you .card")
    ana.wait_for_selector("#hand-you .card")
    classes = ana.locator("#seats .rummy-plate", has_text="Bo Leaves").get_attribute("class")
    plate = ana.locator(f"#seats .{next(c for c in classes.split() if c.startswith('seat-'))}")
    plate.locator(".presence.on").wait_for()
    notice = ana.locator("#away-notice")
    assert notice.is_hidden()

    bo.close()
    notice.wait_for(state="visible")
    assert notice.locator(".away-text").text_content().startswith("Bo Leaves has been away for 0:0")
    assert plate.locator(".presence.off").text_content().startswith("away 0:0")
    assert notice.get_by_role("button").count() == 0
    away_since("Bo Leaves", 55)
    ana.reload()
    notice.get_by_role("button", name="Claim the win").wait_for(timeout=15000)  # the page's clock
    return ana, plate, notice


def test_a_rummy_player_away_for_a_minute_is_handed_to_the_computer(browser, server, shot, rummy_rule_sets):
    ana, plate, notice = rummy_with_bo_away(browser, server)
    assert notice.locator(".note").text_content() == (
        "Claim the win ends the match now, and you win it against everyone at the table. "
        "Let the computer finish hands Bo Leaves over to the computer, "
        "which plays for them to the end of the match."
    )
    shot(ana, "rummy-claim-open")
    assert serious_violations(ana) == []
    notice.get_by_role("button", name="Let the computer finish").click()
    plate.locator(".presence.on", has_text="computer").wait_for()
    assert notice.is_hidden()
    # The game goes on: the two computers play until it is Ana's turn (or the round is over).
    ana.wait_for_function(
        """() => document.getElementById("hand-end").open
        || document.getElementById("turn-line").textContent.startsWith("Your turn")""",
        timeout=30000,
    )
    shot(ana, "rummy-claim-computer")
    assert not ana.errors
    ana.context.close()


def test_a_rummy_player_away_for_a_minute_can_be_claimed_against(browser, server, shot, rummy_rule_sets):
    ana, plate, notice = rummy_with_bo_away(browser, server)
    notice.get_by_role("button", name="Claim the win").click()
    ana.wait_for_selector("#turn-line:text-is('You win the match: Bo Leaves left the table')")
    assert notice.is_hidden()
    assert plate.locator(".presence.off").is_visible()  # still Bo's seat, not a computer's
    shot(ana, "rummy-claim-won")
    assert not ana.errors
    ana.context.close()
