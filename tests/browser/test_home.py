import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("locale", "heading", "sign_in"),
    [
        ("es-ES", "Gin Rummy y Rommé, con juego limpio", "Iniciar sesión"),
        ("en-US", "Gin Rummy and Rommé, played fairly", "Sign in"),
    ],
)
def test_home_page_in_each_language(browser, server, shot, locale, heading, sign_in):
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(server + "/")
    expect(page.locator("h1")).to_have_text(heading)
    expect(page.get_by_role("link", name=sign_in)).to_be_visible()
    shot(page, f"home-{locale}")
    context.close()


def test_the_language_switch_changes_the_page(browser, server):
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.goto(server + "/")
    page.get_by_role("button", name="ES").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")  # the page comes back in Spanish
    expect(page.locator("h1")).to_have_text("Gin Rummy y Rommé, con juego limpio")
    context.close()
