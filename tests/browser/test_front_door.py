"""The front door: from the home page to a game or the lobby in the fewest clicks, and every
page around the table fits a 360 x 640 phone without a console error."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import PASSWORD, new_page, on_own_thread, restore_rule_sets, sign_up

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 640}
FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_a_guest_plays_the_computer_in_one_click_from_the_home_page(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.get_by_role("button", name="Play the computer now").click()  # the only click
    expect(page).to_have_url(re.compile(r"/r/\w+/$"))
    expect(page.locator("h1.room-title")).to_have_text("Classic Gin")
    expect(page.locator("#hand-you .card")).to_have_count(10)
    expect(page.get_by_role("link", name="How to play")).to_have_attribute(
        "href", "/rules/gin/?set=gin-classic#this-table"
    )
    shot(page, "front-door-guest-game")
    assert not page.errors
    page.context.close()


def test_a_new_player_signs_up_and_reaches_the_lobby_in_two_clicks(browser, server):
    restore_rule_sets()
    page = new_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(server + "/")
    page.get_by_role("link", name="Sign up").click()  # first click
    page.fill("#id_email", "door.newcomer@example.com")
    page.fill("#id_display_name", "Door Newcomer")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Sign Up").click()  # second click
    expect(page).to_have_url(server + "/play/")
    expect(page.get_by_role("heading", name="Lobby")).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="Successfully signed in as")).to_have_text(
        re.compile("Successfully signed in as Door Newcomer.")
    )
    expect(page.locator("#account-menu summary")).to_have_text("Door Newcomer")
    assert not page.errors
    page.context.close()


def assert_fits(page, path):
    page.goto(page.server + path)
    expect(page.locator("header.site-header")).to_be_visible()
    expect(page.locator("h1").first).to_be_visible()
    page.wait_for_function(FITS, timeout=3000)
    assert not page.errors, (path, page.errors)


GUEST_PAGES = [
    "/",
    "/rules/",
    "/rules/gin/",
    "/rules/arcade/",
    "/rules/rummy/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password/reset/",
    "/accounts/password/reset/done/",
    "/accounts/password/reset/key/1-bad/",
    "/accounts/confirm-email/bad-key/",
    "/accounts/inactive/",
]
PLAYER_PAGES = [
    "/",
    "/accounts/profile/",
    "/accounts/email/",
    "/accounts/password/change/",
    "/accounts/logout/",
]


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
def test_pages_fit_a_phone_without_console_errors(browser, server, shot, locale):
    restore_rule_sets()
    page = new_page(browser, viewport=PHONE, has_touch=True, is_mobile=True, locale=locale)
    page.server = server
    for path in GUEST_PAGES:
        assert_fits(page, path)
    shot(page, f"front-door-phone-inactive-{locale}")

    page.goto(server + "/admin/login/")
    expect(page.locator("#id_username")).to_be_visible()
    page.wait_for_function(FITS, timeout=3000)

    page.goto(server + "/accounts/signup/")  # in the page's language: the button is not "Sign Up"
    page.fill("#id_email", f"phone.{locale}@example.com")
    page.fill("#id_display_name", f"Phone {locale}")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("form.account-form button[type=submit]").click()
    expect(page.locator("#account-menu summary")).to_have_text(f"Phone {locale}")
    for path in PLAYER_PAGES:
        assert_fits(page, path)
    page.goto(server + "/")
    page.locator("#account-menu summary").click()
    expect(page.get_by_role("link", name=re.compile("Your account|Tu cuenta"))).to_be_visible()
    page.wait_for_function(FITS, timeout=3000)
    shot(page, f"front-door-phone-menu-{locale}")
    page.keyboard.press("Escape")
    expect(page.locator("#account-menu")).not_to_have_attribute("open", "")
    assert not page.errors
    page.context.close()


def test_the_account_pages_speak_tu_in_spanish(browser, server):
    page = new_page(browser, viewport=PHONE, locale="es-ES")
    page.goto(server + "/accounts/login/")
    expect(page.locator("main")).to_contain_text("Si aún no tienes una cuenta, regístrate primero.")
    expect(page.get_by_role("link", name="¿Has olvidado tu contraseña?")).to_be_visible()
    page.goto(server + "/accounts/password/reset/")
    expect(page.locator("main")).to_contain_text("¿Has olvidado tu contraseña? Escribe tu dirección")
    expect(page.locator("main")).not_to_contain_text("usted")
    page.context.close()


def test_report_links_at_the_table_and_on_the_player_page(browser, server):
    restore_rule_sets()
    page = new_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    sign_up(page, server, "Door Host")
    page.goto(server + "/play/")
    page.get_by_role("button", name="Create").click()
    expect(page).to_have_url(re.compile(r"/r/\w+/$"))
    room_url = page.url
    code = room_url.rstrip("/").rsplit("/", 1)[1]

    guest = new_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    sign_up(guest, server, "Door Guest")
    guest.goto(room_url)
    guest.get_by_role("button", name="Take a seat").click()
    host_id = on_own_thread(lambda: _user_id("Door Host"))
    report = guest.locator("#plate-them").get_by_role("link", name="Report Door Host")
    expect(report).to_have_attribute("href", f"/report/?room={code}&player={host_id}")
    guest.wait_for_function(FITS, timeout=3000)
    report.click()
    expect(guest.get_by_role("heading", name="Report Door Host")).to_be_visible()

    guest.goto(f"{server}/players/{host_id}/")
    guest.get_by_role("link", name="Report Door Host").click()
    expect(guest).to_have_url(f"{server}/report/?player={host_id}")
    assert not page.errors and not guest.errors
    page.context.close()
    guest.context.close()


def _user_id(name):
    from accounts.models import User

    return User.objects.get(display_name=name).pk
