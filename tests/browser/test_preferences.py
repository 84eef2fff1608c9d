"""A signed-in player's table settings are saved on the account, so they follow them."""

import pytest

from accounts.models import User
from tests.browser.table_play import new_page, restore_rule_sets, sign_up, start_computer_game

pytestmark = pytest.mark.browser


def test_the_settings_dialog_saves_to_the_account(browser, server):
    restore_rule_sets()
    page = new_page(browser)
    name = sign_up(page, server)
    start_computer_game(page, server)
    page.locator("#open-settings").click()
    with page.expect_response(lambda r: r.url.endswith("/accounts/preferences/") and r.ok):
        page.locator('#settings input[name="fourColour"]').check()
    assert User.objects.get(display_name=name).four_colour is True
    page.reload()
    # Rendered by the server into the reloaded page (a script element: no text to expect on).
    assert '"fourColour": true' in page.locator("#table-prefs").text_content()
    assert not page.errors
    page.context.close()
