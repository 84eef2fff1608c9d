"""The player's own page: settings that follow them to any device, and their games."""

import json

import pytest

from games import services
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db


def test_settings_are_saved_and_reach_the_table(client):
    ana = make_user("Ana")
    client.force_login(ana)
    response = client.post(
        "/accounts/profile/",
        {
            "display_name": "Ana Gin",
            "language": "es",
            "card_size": "large",
            "animation_speed": "fast",
            "sound": "on",
        },
    )
    assert response.status_code == 302
    ana.refresh_from_db()
    assert (
        ana.display_name,
        ana.language,
        ana.card_size,
        ana.animation_speed,
        ana.sound,
        ana.four_colour,
    ) == ("Ana Gin", "es", "large", "fast", True, False)
    assert response.cookies["django_language"].value == "es"
    page = client.get("/").content.decode()
    assert '"cardSize": "large"' in page and '"speed": "fast"' in page


def test_the_table_dialog_saves_preferences_to_the_account(client):
    ana = make_user("Ana")
    client.force_login(ana)
    response = client.post(
        "/accounts/preferences/",
        json.dumps({"fourColour": True, "speed": "off"}),
        content_type="application/json",
    )
    assert response.json() == {"cardSize": "normal", "fourColour": True, "speed": "off", "sound": False}
    bad = client.post(
        "/accounts/preferences/", json.dumps({"speed": "warp"}), content_type="application/json"
    )
    assert bad.status_code == 400
    assert client.post("/accounts/preferences/", "[]", content_type="application/json").status_code == 400


def test_a_chosen_language_follows_the_player_to_a_new_browser(client):
    ana = make_user("Ana")
    ana.language = "es"
    ana.save()
    client.force_login(ana)
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'lang="es"' in page


def test_the_profile_lists_games_to_resume_and_past_results(client):
    ana, bo = make_user("Ana"), make_user("Bo")
    services.do_create_room(identity=me(ana), ruleset=ruleset(), bot="easy")
    room = services.do_create_room(identity=me(ana), ruleset=ruleset())
    services.do_take_seat(room=room, identity=me(bo))
    client.force_login(ana)
    page = client.get("/accounts/profile/").content.decode()
    assert page.count("Resume") == 2 and "Bo" in page and "Easy" in page
    assert client.get("/accounts/profile/", follow=False).status_code == 200
    client.logout()
    assert client.get("/accounts/profile/").status_code == 302


def test_failed_sign_ins_are_rate_limited_through_the_shared_cache(client, settings):
    ana = make_user("Ana")
    for _ in range(5):
        client.post("/accounts/login/", {"login": ana.email, "password": "wrong"})
    blocked = client.post("/accounts/login/", {"login": ana.email, "password": "pw"})  # the right one
    assert blocked.status_code in (200, 429) and "_auth_user_id" not in client.session
    if settings.REDIS_URL:  # every web process counts the same attempts
        assert settings.CACHES["default"]["BACKEND"].endswith("RedisCache")


def test_the_preferences_take_json_only(client):
    """A form post (its body read as fields) or JSON nested past the parser's depth is a 400."""
    client.force_login(make_user("Ana"))
    assert client.post("/accounts/preferences/", {"speed": "off"}).status_code == 400
    deep = "[" * 100_000
    assert client.post("/accounts/preferences/", deep, content_type="application/json").status_code == 400
    not_text = json.dumps({"cardSize": []})
    assert client.post("/accounts/preferences/", not_text, content_type="application/json").status_code == 400
