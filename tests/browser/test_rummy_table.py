"""The German Rummy table: one person and two bots play a whole round by clicking; the table
on a 360 x 640 phone; a turn by keyboard alone; axe-core on the table and its round end; and,
from a known table (the match state rewritten), coming out with two melds, a joker freed and
a joker laid off at the chosen end."""

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Match
from tests.browser.conftest import ARTIFACTS
from tests.browser.table_play import check_phone_hand, expect_my_turn, new_page, start_known_game
from tests.deals import Calm, Deal, Table
from tests.servers import daphne

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules/axe-core/axe.min.js"
RUN_AXE = """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
  .filter((v) => v.impact === "serious" || v.impact === "critical")
  .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }))"""
MY_TURN_OR_END = """() => document.getElementById("hand-end").open
  || (!document.getElementById("table").classList.contains("busy")
      && document.getElementById("turn-line").textContent.startsWith("Your turn"))"""
PLAY_TEXT = "^Your turn: (come out|lay down)"
PLAY_STEP = f"#turn-line:text-matches('{PLAY_TEXT}')"
SETTLED = "() => !document.getElementById('table').classList.contains('busy')"


def open_table(page, server, *, rounds="1", timer="", seats=3):
    """A guest opens a table from the lobby's rummy panel, every other seat a computer player."""
    page.goto(server + "/play/")
    page.select_option("#rummy-ruleset", label=f"German Rummy for {['three', 'four'][seats - 3]}")
    page.select_option("#rummy-rounds", rounds)
    page.select_option("#rummy-turn_seconds", timer)
    page.select_option("#rummy-bot_seats", str(seats - 1))
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_selector("#hand-you .card")


# Deals for the tests that need their turn to come back: on a random deal some discard of the
# player's lets a bot go out before their second turn in 12% of games at four seats, 4% at three
# (simulated with tests/deals.py: the engine and the Medium bot, which plays without randomness).
WHY_CALM = "no bot goes out before my second turn, whoever starts and whatever I discard"
CALM_DEALS = {
    3: Deal(Table("rummy-three"), (2).to_bytes(16, "big"), Calm(2), why=WHY_CALM),
    4: Deal(Table("rummy-four"), (6).to_bytes(16, "big"), Calm(2), why=WHY_CALM),
}


def open_calm_table(page, server, *, seats, timer):
    """A signed-up player's one-round table against Medium bots on CALM_DEALS[seats] (the
    lobby deals at random)."""
    start_known_game(page, server, CALM_DEALS[seats], turn_seconds=int(timer), rounds=1)


def serious_violations(page):
    # Evaluated through the DevTools protocol, which the page's Content-Security-Policy does
    # not govern: a <script> tag of the axe source would be refused as inline script.
    page.evaluate(AXE.read_text())
    return page.evaluate(RUN_AXE)


def hand(page):
    return page.eval_on_selector_all("#hand-you [data-card]", "cards => cards.map(c => c.dataset.card)")


def my_turn(page, timeout=20000):
    """Waits for my turn or the round's end; True when it is my turn."""
    page.wait_for_function(MY_TURN_OR_END, timeout=timeout)
    return not page.locator("#hand-end").is_visible()


def draw_and_discard(page):
    """My turn as tests/deals.py models a person's: draw from the stock, discard the last card."""
    expect_my_turn(page)
    page.locator("#stock").click()
    expect(page.locator("#turn-line")).to_have_text(re.compile(PLAY_TEXT))
    card = page.locator("#hand-you .card").last
    code = card.get_attribute("data-card")
    card.click()
    card.click()
    expect(page.locator(f'#hand-you [data-card="{code}"]')).to_have_count(0)


def play_turn(page, drag=False):
    """Draw from the stock, lay down the suggested melds when they may go down, lay off a
    card when one fits, then discard the last card: tapped twice, or dragged to the pile."""
    page.locator("#stock").click()
    page.wait_for_selector(PLAY_STEP)
    suggest = page.get_by_role("button", name="Suggest melds")
    if suggest.is_enabled():
        suggest.click()
        lay_down = page.get_by_role("button", name="Lay down")
        if lay_down.is_enabled():
            lay_down.click()
            page.wait_for_function(SETTLED)
            page.wait_for_selector(PLAY_STEP)
        while page.locator("#staging .unstage").count():  # not enough to come out: put them back
            page.locator("#staging .unstage").first.click()
    laid_off = lay_off_one(page)
    card = page.locator("#hand-you .card").last
    if drag:
        card.drag_to(page.locator("#discard"))
    else:
        card.click()
        card.click()
    return laid_off


# Picks each card in turn (in one script, so a long hand stays quick) and returns the first
# that lights up a meld on the table; Escape puts each back (tapping again would discard).
FIND_LAYOFF = """() => {
  for (const card of document.querySelectorAll("#hand-you [data-card]")) {
    card.click();
    if (document.querySelector("#table-melds .table-meld:not(:disabled)")) return card.dataset.card;
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  }
  return null;
}"""


def lay_off_one(page):
    """Once out, play a card onto a meld on the table when one fits (choosing the first way
    when asked); True when a card went onto the table."""
    if not page.locator("#plate-you .badge").count() or len(hand(page)) < 3:
        return False
    if page.evaluate(FIND_LAYOFF) is None:
        return False
    page.locator("#table-melds .table-meld:not(:disabled)").first.click()
    if page.locator("#choice").is_visible():
        page.locator("#choice button").first.click()
    expect(page.locator("#status-line")).to_have_text(re.compile("^(You laid off|You took a joker)"))
    page.wait_for_function(SETTLED)
    page.wait_for_selector(PLAY_STEP)
    return True


def test_a_person_and_two_bots_play_a_whole_round(browser, server, shot, rummy_rule_sets):
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    open_table(page, server, rounds="2")
    expect(page.locator("#seats .rummy-plate")).to_have_count(2)
    expect(page.locator("#match-line")).to_have_text("Round 1 of 2")
    shot(page, "rummy-deal")
    turns = laid_off = 0
    while my_turn(page):
        if turns == 2:
            shot(page, "rummy-midround")
            page.locator("#hand-you .card").first.click()  # a picked card lights the melds it fits
            assert serious_violations(page) == []
            page.keyboard.press("Escape")
        laid_off += play_turn(page, drag=turns % 2 == 1)
        turns += 1
        assert turns < 60, "the round never ended"
    dialog = page.locator("#hand-end")
    expect(dialog.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(dialog.locator(".result-hand")).to_have_count(3)
    expect(dialog.get_by_role("table").locator("tr")).to_have_count(3)  # the running totals
    shot(page, "rummy-round-end")
    assert serious_violations(page) == []
    print(f"{turns} turns, {laid_off} cards laid off or exchanged")

    dialog.get_by_role("button", name="Next round").click()
    expect(page.locator("#match-line")).to_have_text("Round 2 of 2")
    # A new deal, dealt at random (the services deal every round after the first so): the bots
    # may have played first, and on about 1 deal in 300 one goes out before my turn comes.
    my_turn(page)
    expect(page.locator("#hand-you .card")).to_have_count(13)
    assert not page.errors
    page.context.close()


def test_phone_cards_keep_their_size_and_the_hand_scrolls(browser, server, shot, rummy_rule_sets):
    page = new_page(browser, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    open_calm_table(page, server, seats=4, timer="60")  # the most crowded table
    shot(page, "rummy-phone-deal")
    expect(page.locator("#seats .rummy-plate")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing sticks out
    expect_my_turn(page)
    page.locator("#stock").tap()
    expect(page.locator("#turn-line")).to_have_text(re.compile(PLAY_TEXT))
    expect(page.locator("#hand-you .card")).to_have_count(14)
    check_phone_hand(page, sized="#hand-you .card, #table-melds .card")
    last = page.locator("#hand-you .card").last
    last.tap()
    expect(last).to_have_attribute("aria-pressed", "true")
    shot(page, "rummy-phone-picked")
    last.tap()  # again: discarded
    expect(page.locator("#hand-you .card")).to_have_count(13)
    expect_my_turn(page)  # on this deal no bot can go out first
    shot(page, "rummy-phone-later")
    assert not page.errors
    page.context.close()


FOCUS = "() => { const a = document.activeElement; return a.id || (a.dataset.card ? 'card:' + a.dataset.card : a.tagName); }"


def tab_to(page, wanted, limit=40):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUS).startswith(wanted):
            return
    raise AssertionError(f"Tab never reached {wanted}")


def test_a_turn_by_keyboard_alone(browser, server, shot, rummy_rule_sets):
    page = new_page(browser, viewport={"width": 1280, "height": 800}, animations=True)
    open_calm_table(page, server, seats=3, timer="120")
    expect_my_turn(page)
    # The turn timer runs at the place of the seat to play: mine.
    expect(page.locator("#plate-you .clock")).to_have_text(re.compile("^[12]:[0-5][0-9]$"))
    page.locator("h1").click()
    tab_to(page, "stock")
    page.keyboard.press("Enter")
    expect(page.locator("#turn-line")).to_have_text(re.compile(PLAY_TEXT))
    tab_to(page, "card:")  # the hand is one tab stop
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    code = page.evaluate(FOCUS).removeprefix("card:")
    page.keyboard.press("Enter")
    picked = page.locator(f'#hand-you [data-card="{code}"]')
    expect(picked).to_have_attribute("aria-pressed", "true")
    shot(page, "rummy-keyboard-picked")
    page.keyboard.press("Enter")  # again: discard
    expect(picked).to_have_count(0)
    expect_my_turn(page)  # on this deal no bot can go out first
    page.keyboard.press("s")  # the shortcut draws from the stock
    expect(page.locator("#turn-line")).to_have_text(re.compile(PLAY_TEXT))
    expect(page.locator("#hand-you .card")).to_have_count(14)
    assert not page.errors
    page.context.close()


def test_spanish_table_and_axe(browser, server, shot, rummy_rule_sets):
    page = new_page(browser, viewport={"width": 1280, "height": 800}, locale="es-ES")
    page.goto(server + "/play/")
    assert serious_violations(page) == []
    shot(page, "rummy-lobby-es")
    page.select_option("#rummy-ruleset", label="Rommé a tres")
    page.select_option("#rummy-bot_seats", "2")
    page.locator("#rummy-form button[type=submit]").click()
    page.wait_for_selector("#hand-you .card")
    labels = page.eval_on_selector_all("#hand-you .card", "cards => cards.map(c => c.ariaLabel)")
    # "siete de corazones, combinación 1"; a joker is a "comodín"
    assert all(" de " in label or label.startswith("comodín") for label in labels), labels
    expect(page.locator("#match-line")).to_have_text(re.compile("^Ronda"))
    assert serious_violations(page) == []
    shot(page, "rummy-es")
    assert not page.errors
    page.context.close()


def card_id(code):
    """The first deck's id of a card by its code ("6H")."""
    return "CDHS".index(code[1]) * 13 + "A23456789TJQK".index(code[0])


def open_table_to_set(page, server):
    """A signed-up player's one-round table of three against Medium bots, on CALM_DEALS[3], for
    set_the_table: on a random deal a bot that starts may go out at once, and the match is over
    before it is rewritten (the calling tests met it, 1 table in 200)."""
    start_known_game(page, server, CALM_DEALS[3], rounds=1)


def set_the_table(page, mine, table=(), *, out=False, call=False, calling=False):
    """Rewrites the match in play to a known moment (then reloads the page): my play step,
    holding `mine` (ids); `table`: runs (codes) laid by the next seat, which has come out;
    `out`: I have come out too; `calling`: a calling table. `call`: instead, a calling table
    where the next seat has just discarded and the one after it is to draw, waiting for my call
    window (a minute long)."""
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    you = page.evaluate("JSON.parse(document.getElementById('room-info').textContent).you")
    match = Match.objects.filter(room__code=code).latest("pk")
    state = match.state
    # A joker is written "X=6H": the card it stands for.
    melds = [[104 + i if c.startswith("X") else card_id(c) for c in run] for i, run in enumerate(table)]
    used = set(sum(melds, mine))
    other = (you + 1) % 3
    state["hands"] = [[c for c in hand if c not in used] for hand in state["hands"]]
    state["hands"][you] = mine
    state["stock"] = [c for c in state["stock"] if c not in used]
    state["discard_pile"] = [c for c in state["discard_pile"] if c not in used] or [state["stock"].pop()]
    state["table"] = [
        {"owner": other, "kind": "run", "cards": meld, "shows": [c.removeprefix("X=") for c in run]}
        for meld, run in zip(melds, table, strict=True)
    ]
    state["laid"] = [sum(melds, []) if seat == other else [] for seat in range(3)]
    state.update(phase="play", turn=you, turn_number=7, drawn=None, callable=False)
    state["rules"]["calling"] = calling or call
    if call:
        state.update(phase="draw", turn=(you + 2) % 3, callable=True)
    state["came_out"] = [2 if seat == other or (out and seat == you) else None for seat in range(3)]
    match.state = state
    match.turn_deadline = None
    match.call_deadline = timezone.now() + timedelta(minutes=1) if call else None
    match.save()
    page.reload()
    page.wait_for_selector("#turn-line:text-matches('^You may call')" if call else PLAY_STEP)


def test_exchange_a_joker_and_lay_off_at_a_chosen_end(browser, server, shot, rummy_rule_sets):
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    open_table_to_set(page, server)
    mine = [card_id("6H"), 105, card_id("2S"), card_id("3D"), card_id("KD")]
    set_the_table(page, mine, [["5H", "X=6H", "7H"], ["9C", "TC", "JC"]], out=True)
    expect(page.locator("#table-melds .table-meld")).to_have_count(2)
    expect(page.locator("#table-melds .table-meld").first).to_have_attribute(
        "aria-label", re.compile("joker as the six of hearts")
    )

    # The 6♥ picked, only the hearts run lights up; a tap on its joker frees it.
    page.locator(f'#hand-you [data-card="{card_id("6H")}"]').click()
    expect(page.locator("#table-melds .table-meld:not(:disabled)")).to_have_count(1)
    page.locator('#table-melds [data-joker="104"]').click()
    expect(page.locator("#status-line")).to_have_text(re.compile("^You took a joker for the 6♥"))
    expect(page.locator('#hand-you [data-card="104"]')).to_have_count(1)

    # A joker fits either end of the clubs run: the player chooses.
    page.locator('#hand-you [data-card="105"]').click()
    page.locator('#table-melds [data-meld="1"]').click()
    choice = page.locator("#choice")
    choice.wait_for(state="visible")
    shot(page, "rummy-choice")
    assert serious_violations(page) == []
    choice.get_by_role("button", name="At the low end").click()
    page.wait_for_selector("#status-line:text-matches('^You laid off the ★')")
    clubs = page.locator('#table-melds [data-meld="1"]')
    expect(clubs).to_have_attribute("aria-label", re.compile("joker as the eight of clubs"))
    shot(page, "rummy-exchanged-and-laid-off")
    assert not page.errors
    page.context.close()


def test_come_out_with_two_melds_laid_down_together(browser, server, shot, rummy_rule_sets):
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    open_table_to_set(page, server)
    run = [card_id(c) for c in ("7H", "8H", "9H")]  # 24 points
    twos = [card_id(c) for c in ("2C", "2S", "2D")]  # 6 points
    set_the_table(page, [*run, *twos, card_id("KS")])
    expect(page.locator("#hand-line")).to_have_text(re.compile("You can come out$"))
    lay_down = page.get_by_role("button", name="Lay down")

    for card in run:
        page.locator(f'#hand-you [data-card="{card}"]').click()
    expect(page.locator("#hand-line")).to_contain_text("a run worth 24")
    page.get_by_role("button", name="Set aside as a meld").click()
    expect(page.locator("#staging .staged-sum")).to_have_text("To come out: 24 of 30 points")
    expect(lay_down).to_be_disabled()  # one meld of 24 is not enough

    page.keyboard.press("Escape")
    for card in twos:
        page.locator(f'#hand-you [data-card="{card}"]').click()
    expect(page.locator("#staging .staged-sum")).to_have_text("To come out: 30 of 30 points")
    shot(page, "rummy-staged")
    lay_down.click()
    expect(page.locator("#status-line")).to_have_text("You came out with 30 points: 7♥ 8♥ 9♥ · 2♣ 2♠ 2♦")
    expect(page.locator("#table-melds .table-meld")).to_have_count(2)
    expect(page.locator("#hand-you [data-card]")).to_have_count(1)
    assert hand(page) == [str(card_id("KS"))]
    expect(page.locator("#plate-you .badge")).to_have_text("Came out")
    assert not page.errors
    page.context.close()


def test_call_the_card_just_discarded(browser, server, shot, rummy_rule_sets):
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    open_table_to_set(page, server)
    set_the_table(page, [card_id(c) for c in ("7H", "8H", "2S", "3D", "KD")], call=True)
    top = page.locator("#discard .card").last.get_attribute("data-card")
    call = page.get_by_role("button", name="Call")
    expect(call).to_be_visible()
    expect(call.locator(".call-left")).to_have_text(re.compile("^(5[0-9]|60)$"))  # the window's seconds left
    shot(page, "rummy-call")
    call.click()
    page.wait_for_function(SETTLED)
    assert my_turn(page)  # the bot to draw plays its turn, then the next one, then me
    assert top in hand(page) and len(hand(page)) == 7  # the called card and a penalty card
    expect(call).to_be_hidden()
    assert not page.errors
    page.context.close()


@pytest.fixture
def server_with_sweeper(transactional_db):
    """Daphne on the in-memory channel layer: it runs the sweeper itself (config/asgi.py)."""
    ARTIFACTS.mkdir(exist_ok=True)
    with daphne(env={"REDIS_URL": ""}, log_path=ARTIFACTS / "daphne-sweeper.log") as url:
        yield url


def test_a_call_window_after_a_bots_discard_counts_down_and_runs_out(
    browser, server_with_sweeper, shot, rummy_rule_sets
):
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    open_table_to_set(page, server_with_sweeper)
    king = card_id("KC")
    set_the_table(page, [king, *(card_id(c) for c in ("2S", "6S", "5H", "9D"))], calling=True)
    page.locator(f'#hand-you [data-card="{king}"]').click()
    page.locator(f'#hand-you [data-card="{king}"]').click()  # discarded
    # The next bot plays and discards; the one after it waits while I may call that card.
    call = page.get_by_role("button", name="Call")
    call.wait_for(state="visible")
    expect(page.locator("#turn-line")).to_have_text(re.compile("^You may call the"))
    expect(page.locator("#announcer")).to_contain_text("You may call the")
    expect(call.locator(".call-left")).to_have_text(re.compile("^[1-3]$"))
    shot(page, "rummy-call-window")
    # Nobody calls: the window runs out, the sweeper lets the bot draw, and the turn comes round.
    call.wait_for(state="hidden", timeout=10000)
    assert my_turn(page)
    assert len(hand(page)) == 4 and not page.errors
    page.context.close()
