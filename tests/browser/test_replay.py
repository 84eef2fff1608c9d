"""The replay of a finished match on a phone: from the account menu to the match, stepped with
the keyboard (arrows, End, Home), its cards changing; the switch to every hand keeps the step."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import new_page, on_own_thread, sign_up

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"


def finished_computer_match(name):
    """`name` plays the Medium computer at Classic Gin to 1 point on the known deal of the
    replay service tests, with the plain policy, to its end."""
    from accounts.models import User
    from games import services
    from games.identity import Identity
    from tests.games.support import ruleset
    from tests.games.test_replay_pages import SEED, play_gin

    user = User.objects.get(display_name=name)
    room = services.do_create_room(
        identity=Identity(user_id=user.pk), ruleset=ruleset(match_target=1), bot="medium", first_seed=SEED
    )
    match = play_gin(room.matches.get(), {0: user})
    return match.pk, match.moves.count()


def test_stepping_through_a_replay_with_the_keyboard_on_a_phone(browser, server, shot):
    page = new_page(browser, viewport=PHONE)
    name = sign_up(page, server, "Replayer")
    match, moves = on_own_thread(lambda: finished_computer_match(name))

    page.goto(server + "/")
    page.locator("#account-menu summary").click()
    page.get_by_role("link", name="Your games").click()
    expect(page.locator("h1")).to_have_text(re.compile("your games", re.IGNORECASE))
    page.get_by_role("link", name="Replay").click()
    expect(page).to_have_url(re.compile(rf"/games/match/{match}/"))

    count = page.locator("#step-count")
    mine = page.locator('.replay-seat[data-seat="0"] .card')
    theirs = page.locator('.replay-seat[data-seat="1"] .card.face')
    expect(count).to_have_text(f"Step 0 of {moves}")
    expect(mine).to_have_count(0)

    page.keyboard.press("ArrowRight")  # the deal
    expect(count).to_have_text(f"Step 1 of {moves}")
    expect(mine).to_have_count(10)
    expect(theirs).to_have_count(0)  # the computer's hand is not seen from this seat
    expect(page.locator("#replay-say")).to_contain_text("Hand 1 is dealt")
    dealt = page.locator("#discard .card").last.get_attribute("aria-label")

    page.keyboard.press("End")
    expect(count).to_have_text(f"Step {moves} of {moves}")
    expect(page.locator("#replay-record")).to_contain_text("Hand 1")
    expect(theirs.first).to_be_visible()  # the hand's end showed every hand
    expect(page.locator("#discard .card").last).not_to_have_attribute("aria-label", dealt)
    scroll_width, width = page.evaluate(WIDTH)
    assert scroll_width <= width, f"the replay is {scroll_width} px wide on a {width} px screen"
    shot(page, "phone-replay-end")

    page.keyboard.press("Home")
    expect(count).to_have_text(f"Step 0 of {moves}")
    expect(mine).to_have_count(0)

    page.keyboard.press("ArrowRight")
    page.get_by_role("link", name="Every hand").click()
    expect(page).to_have_url(re.compile(r"all=1#step-1$"))
    expect(count).to_have_text(f"Step 1 of {moves}")
    expect(theirs).to_have_count(10)
    expect(page.get_by_role("link", name="Download the game record")).to_have_attribute(
        "href", f"/games/match/{match}/record.txt"
    )
    shot(page, "phone-replay-every-hand")
    assert not page.errors, page.errors
    page.context.close()


def finished_rummy_match(name):
    """`name` and two Medium bots play one round of German Rummy for three to its end, on the
    known first deal, `name` playing what a timed-out turn plays."""
    from accounts.models import User
    from games import services
    from games.identity import Identity
    from tests.admin.support import play_rummy
    from tests.games.support import ruleset
    from tests.games.test_replay_pages import SEED

    user = User.objects.get(display_name=name)
    room = services.do_create_room(
        identity=Identity(user_id=user.pk),
        ruleset=ruleset("rummy-standard", seats=3),
        bot="medium",
        bot_seats=2,
        rounds=1,
        first_seed=SEED,
    )
    match = play_rummy(room.matches.get(), user)
    return match.pk, match.moves.count()


def test_a_rummy_replay_with_every_hand_fits_a_phone(browser, server, shot):
    page = new_page(browser, viewport=PHONE)
    name = sign_up(page, server, "Rummy Replayer")
    match, moves = on_own_thread(lambda: finished_rummy_match(name))
    page.goto(f"{server}/games/match/{match}/?all=1")
    count = page.locator("#step-count")
    expect(count).to_have_text(f"Step 0 of {moves}")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-say")).to_contain_text("Round 1")
    for seat in range(3):
        expect(page.locator(f'.replay-seat[data-seat="{seat}"] .card.face').first).to_be_visible()
    page.keyboard.press("End")
    expect(count).to_have_text(f"Step {moves} of {moves}")
    expect(page.locator("#replay-record")).to_contain_text("Round 1")
    scroll_width, width = page.evaluate(WIDTH)
    assert scroll_width <= width, f"the rummy replay is {scroll_width} px wide on a {width} px screen"
    shot(page, "phone-replay-rummy")
    assert not page.errors, page.errors
    page.context.close()
