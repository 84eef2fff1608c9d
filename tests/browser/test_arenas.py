"""An arena on a phone: join, the live standings over the socket, no sideways scrolling."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import new_page, on_own_thread, sign_up

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"


def test_a_player_joins_an_arena_on_a_phone_and_sees_the_table_fill_live(browser, server, shot):
    from tests.arenas.support import running_arena

    page = new_page(browser, viewport=PHONE)
    sign_up(page, server, "Maximiliana Wolkenstein")
    arena = on_own_thread(lambda: running_arena(name="Evening Gin Arena"))
    page.goto(server + "/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Arenas").click()
    page.get_by_role("link", name="Evening Gin Arena").click()
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_role("status").filter(has_text="Waiting for your next opponent")).to_be_visible()
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(1)

    def rival_joins():
        from arenas import services
        from tests.games.support import make_user

        services.do_join(arena=arena, user_id=make_user("Bartholomew Quincey").pk)

    on_own_thread(rival_joins)
    expect(rows).to_have_count(2)  # the socket brought the new line
    expect(rows.filter(has_text="Bartholomew")).to_be_visible()
    expect(page.locator("#countdown")).to_have_text(re.compile(r"^\d+:\d\d$"))
    scroll_width, width = page.evaluate(WIDTH)
    shot(page, "phone-arena")
    assert scroll_width <= width, f"the arena page is {scroll_width} px wide on a {width} px screen"
    assert not page.errors, page.errors
    page.context.close()
