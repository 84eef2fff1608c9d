"""Every page that lists things fits a 360 x 640 phone: no sideways scrolling (the document no
wider than the screen) and no console error; the lists become stacked rows."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.table_play import new_page, on_own_thread, sign_up

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"
LONG = "Maximiliana Wolkenstein"  # 23 of the 24 letters a display name may have


def fill_the_lists(name):
    """Rows in every list: open rooms (one of them this player's), the day's standings, the
    best hands and ratings, and a finished four-seat table on the player's page."""
    from accounts.models import User
    from daily.models import DailyPlay
    from daily.seeds import today
    from games import services
    from games.identity import Identity
    from games.models import RuleSet
    from leaderboard.models import HandScore, Rating
    from tests.games.support import make_user, ruleset
    from tests.games.test_rummy_tables import play_rummy

    me = User.objects.get(display_name=name)
    rivals = [make_user(f"Bartholomew Quincey {n}") for n in range(3)]
    four = ruleset("rummy-standard", seats=4)
    services.do_create_room(identity=Identity(user_id=me.pk), ruleset=four, bot="easy", bot_seats=1, rounds=3)
    services.do_create_room(
        identity=Identity(user_id=rivals[0].pk),
        ruleset=RuleSet.objects.get(slug="gin-classic"),
        turn_seconds=120,
    )
    finished = services.do_create_room(
        identity=Identity(user_id=me.pk),
        ruleset=four,
        bot="medium",
        bot_seats=3,
        rounds=1,
        first_seed=bytes(16),  # for a reproducible run: the page lists the result of any deal
    )
    play_rummy(finished.matches.get(), {0: me})
    now = timezone.now()
    for n, user in enumerate([me, *rivals]):
        DailyPlay.objects.create(
            user=user,
            day=today(now),
            status="finished",
            finished_at=now,
            result=40 - 25 * n,
            turns=7 + n,
            kind="knock",
        )
        HandScore.objects.create(user=user, hand_number=1, kind="undercut", score=120 - n)
        Rating.objects.create(
            user=user,
            family="gin",
            rating=1500 + n,
            rd=60,
            volatility=0.06,
            games=30,
            last_game_at=now - timedelta(days=1),
        )
    return me.pk, finished.code


def test_every_list_fits_a_phone_without_sideways_scrolling(browser, server, shot):
    page = new_page(browser, viewport=PHONE)
    sign_up(page, server, LONG)
    player, table = on_own_thread(lambda: fill_the_lists(LONG))
    pages = {
        "lobby": "/play/",
        "table": f"/r/{table}/",
        "daily": "/daily/",
        "leaderboards": "/leaderboard/",
        "player": f"/players/{player}/",
    }
    for name, path in pages.items():
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
        scroll_width, width = page.evaluate(WIDTH)
        shot(page, f"phone-{name}")
        assert scroll_width <= width, f"{name} is {scroll_width} px wide on a {width} px screen"
    page.goto(server + "/play/")
    rooms = page.locator("#rooms tbody tr")
    expect(rooms).to_have_count(2)
    expect(rooms.filter(has_text=LONG).get_by_role("link", name="Open (yours)")).to_be_visible()
    expect(rooms.filter(has_text="Bartholomew").get_by_role("link", name="Join")).to_be_visible()
    assert not page.errors, page.errors
    page.context.close()


# A button the site's styles forgot is drawn by the browser: grey, in the system's sans-serif,
# on the walnut page. Selects are drawn by the browser on purpose; links are not buttons.
UNSTYLED_BUTTONS = """() => {
  const page = getComputedStyle(document.body).fontFamily;
  return [...document.querySelectorAll("button, input[type=submit], input[type=button]")]
    .filter((el) => el.offsetParent !== null)
    .filter((el) => {
      const style = getComputedStyle(el);
      return style.fontFamily !== page || style.backgroundColor === "rgb(239, 239, 239)";
    })
    .map((el) => (el.textContent || el.value).trim());
}"""


def test_every_button_wears_the_table_s_style(browser, server):
    page = new_page(browser, viewport=PHONE)
    front_door = ["/", "/play/", "/daily/", "/leaderboard/", "/arenas/", "/rules/rummy/"]
    for path in [*front_door, "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]:
        page.goto(server + path)
        assert page.evaluate(UNSTYLED_BUTTONS) == [], f"{path} while signed out"
    sign_up(page, server)
    signed_in = [
        "/accounts/profile/",
        "/accounts/blocks/",
        "/friends/",
        "/notifications/",
        "/notifications/preferences/",
        "/accounts/email/",
        "/accounts/password/change/",
    ]
    for path in [*front_door, *signed_in]:
        page.goto(server + path)
        assert page.evaluate(UNSTYLED_BUTTONS) == [], path
    assert not page.errors, page.errors
    page.context.close()
