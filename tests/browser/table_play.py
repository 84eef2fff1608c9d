"""Playing at the gin table the way a person does: through the page's own controls.

Shared by the table, lobby and accessibility tests.
"""

from __future__ import annotations

import collections
import importlib
import itertools
import re
import time
from concurrent.futures import ThreadPoolExecutor

from django.apps import apps
from django.db import connection
from playwright.sync_api import expect

from tests.deals import Calm, Deal, EndsBefore, Table

PASSWORD = "deco-table-Passw0rd"
_names = itertools.count(1)


# Preferences the tests start with: no animation keeps a hand short; one test plays with them.
NO_ANIMATION = 'localStorage.setItem("rummy.table.prefs", JSON.stringify({speed: "off"}));'
MY_TURN_OR_END = """() => {
  const dialog = document.getElementById("hand-end");
  if (dialog.open) return true;
  const table = document.getElementById("table");
  return !table.classList.contains("busy") && document.querySelector("#turn-line").textContent.startsWith("Your turn");
}"""


def restore_rule_sets():
    """The lobby's rule sets come from a data migration, and any transactional test's flush
    empties the table: put the presets back (the server process reads this database too)."""
    from games.models import RuleSet

    if not RuleSet.objects.exists():
        importlib.import_module("games.migrations.0002_rule_set_presets").create_presets(apps, None)


def new_page(browser, *, animations=False, locale="en-US", **options):
    context = browser.new_context(locale=locale, **options)
    if not animations:
        context.add_init_script(NO_ANIMATION)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda response: response.status >= 400 and errors.append(f"{response.status} {response.url}"),
    )
    page.on(
        "console",
        lambda message: (
            message.type == "error"
            and not message.text.startswith("Failed to load resource")  # told by the response
            and errors.append(message.text)
        ),
    )
    page.errors = errors
    page.journal = journal(page)
    return page


def journal(page, keep=200):
    """The page's last `keep` console messages and socket frames, timed: what a failed test's
    artefacts show of how the page got where it was (conftest.save_pages)."""
    lines = collections.deque(maxlen=keep)
    start = time.monotonic()

    def note(kind, text):
        lines.append(f"{time.monotonic() - start:8.3f} {kind} {text[:400]}")

    page.on("console", lambda message: note(f"console.{message.type}", message.text))
    page.on("framenavigated", lambda frame: frame == page.main_frame and note("navigated", frame.url))

    def socket(ws):
        note("socket.open", ws.url)
        ws.on("framesent", lambda payload: note("sent", str(payload)))
        ws.on("framereceived", lambda payload: note("received", str(payload)))
        ws.on("close", lambda _: note("socket.close", ws.url))

    page.on("websocket", socket)
    return lines


def sign_up(page, server, name=None):
    name = name or f"Player {next(_names)}"
    page.goto(server + "/accounts/signup/")
    page.fill("#id_email", f"{name.lower().replace(' ', '.')}@example.com")
    page.fill("#id_display_name", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    expect(page).not_to_have_url(re.compile("/accounts/signup/"))  # signed up: the site moved on
    return name


def start_computer_game(page, server, rules="Arcade Gin", level=None):
    page.goto(server + "/play/")
    page.select_option("#computer-ruleset", label=rules)
    if level:
        page.select_option("#computer-level", label=level)
    page.get_by_role("button", name="Start a game").click()
    page.wait_for_selector("#hand-you .card")


QUICK_ARCADE_DEAL = Deal(
    Table("gin-arcade", bot="arcade"),
    bytes.fromhex("00000000000000000000000000000d55"),
    EndsBefore(2),
    why="the hand ends on the arcade bot's first turn, whatever the player discards first: on a "
    "random deal two greedy players can draw and throw back the same cards for ever, since the "
    "arcade stock recycles the discards",
)
CALM_ARCADE_DEAL = Deal(
    Table("gin-arcade", bot="arcade"),
    bytes(16),
    Calm(2),
    why="the player's turn comes back after their first discard, whatever it is: on a random "
    "deal the arcade bot may knock on its first turn (the quick deal above is one)",
)


def on_own_thread(work):
    """Run database work for a test beside the live server.  On a thread of its own: the
    test's thread runs Playwright's event loop, where Django refuses sync database calls and
    services cannot send on the channel layer (async_to_sync)."""

    def run():
        try:
            return work()
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def create_room(name, *, ruleset, **options):
    """A room made through the services for the signed-up player `name`, for what the lobby's
    forms do not offer (a chosen deal, a computer game with a turn timer)."""
    from accounts.models import User
    from games import services
    from games.identity import Identity
    from games.models import RuleSet

    return on_own_thread(
        lambda: services.do_create_room(
            identity=Identity(user_id=User.objects.get(display_name=name).pk),
            ruleset=RuleSet.objects.get(slug=ruleset),
            **options,
        )
    )


def start_known_game(page, server, deal: Deal, *, name=None, **options):
    """Sign up, then play the computer on the pinned `deal` (the lobby deals at random)."""
    name = sign_up(page, server, name)
    room = create_room(name, ruleset=deal.table.ruleset, bot=deal.table.bot, first_seed=deal.seed, **options)
    page.goto(f"{server}/r/{room.code}/")
    expect(page.locator("#hand-you .card").first).to_be_visible()


def redeal(page, deal: Deal):
    """Deal the match on `page`'s table again, from `deal`, as the server would have dealt it
    (its log's deal too), before anyone has played; then reload the page.  An online room is
    dealt at random when its last seat is taken (services.do_take_seat): a test that needs a
    known deal there re-deals it so.  Every other page of the table must reload too."""
    from games.models import Match
    from games.replays import replayed_state

    code = page.url.rstrip("/").rsplit("/", 1)[-1]

    def work():
        match = Match.objects.select_related("room").filter(room__code=code).latest("pk")
        (dealt,) = match.moves.all()  # nothing played yet
        dealt.action = {"type": "deal", "seed": deal.seed.hex()}
        dealt.save(update_fields=["action"])
        match.state = replayed_state(match)
        match.save(update_fields=["state"])

    on_own_thread(work)
    page.reload()


def hand(page):
    return page.eval_on_selector_all("#hand-you [data-card]", "cards => cards.map(c => c.dataset.card)")


def expect_my_turn(page, step=""):
    """My turn comes (at `step`: ": discard a card"), the table settled; on a pinned deal where
    nothing can end the hand first."""
    expect(page.locator("#turn-line")).to_have_text(re.compile("^Your turn" + re.escape(step)))
    expect(page.locator("#table")).not_to_have_class(re.compile(r"\bbusy\b"))


def wait_for_my_turn(page, timeout=30000):
    page.wait_for_function(MY_TURN_OR_END, timeout=timeout)
    return not page.locator("#hand-end").is_visible()


# Taps each card in turn and reads the deadwood hint, as a careful player would (in one
# script, so a long hand stays quick); the last card tapped stays selected.
SCAN_DISCARDS = """() => [...document.querySelectorAll("#hand-you [data-card]")].map((c) => c.dataset.card).map((code) => {
  document.querySelector(`#hand-you [data-card="${code}"]`).click();
  return [code, document.getElementById("deadwood").textContent];
})"""


def best_discard(page):
    """The card whose discard leaves the least deadwood."""
    best = None
    for code, line in page.evaluate(SCAN_DISCARDS):
        found = re.search(r"(\d+) after discarding", line)
        if found and "cannot discard" not in line and (best is None or int(found.group(1)) < best[0]):
            best = (int(found.group(1)), code)
    return best[1]


def play_turn(page, wait=True):
    """Draw from the stock, then knock when the Knock button lights, else discard the card
    that leaves the least deadwood (tap it, tap it again). With `wait`, wait for the next
    turn (the computer answers at once) and tell whether the hand goes on."""
    done = (lambda: wait_for_my_turn(page)) if wait else (lambda: None)
    if page.locator('[data-act="pass"]').is_visible():
        page.get_by_role("button", name="Pass").click()
        return done()
    page.locator("#stock").click()
    page.wait_for_function("() => !document.getElementById('table').classList.contains('busy')")
    page.wait_for_selector("#turn-line:text-is('Your turn: discard a card')")
    knock = page.locator('[data-act="knock"]')
    if "lit" in (knock.get_attribute("class") or ""):
        knock.click()
        return done()
    code = best_discard(page)
    card = page.locator(f'#hand-you [data-card="{code}"]')
    if "selected" not in (card.get_attribute("class") or ""):
        card.click()
    if "lit" in (knock.get_attribute("class") or ""):
        knock.click()
    else:
        card.click()
    return done()


BOXES = "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"


def check_phone_hand(page, sized="#hand-you .card"):
    """On a 360 px phone: the `sized` cards never below 44 x 66 px, and the hand's row scrolls
    sideways to bring every card fully into view (none hidden under another)."""
    for width, height in page.eval_on_selector_all(sized, BOXES):
        assert width >= 44 and height >= 66
    assert page.locator("#hand-scroll").evaluate("r => r.scrollWidth > r.clientWidth")
    cards = page.locator("#hand-you .card")
    for index in range(cards.count()):
        cards.nth(index).scroll_into_view_if_needed()
        box = cards.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
