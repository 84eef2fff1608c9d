"""The rules pages: each game in both languages, with the site's own card faces."""

import pytest

from games import services
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("page", "language", "heading", "card"),
    [
        ("gin", "en", "How to play classic gin", "eight of spades"),
        ("gin", "es", "Cómo se juega al gin clásico", "ocho de picas"),
        ("arcade", "en", "How to play arcade gin", "king of hearts"),
        ("arcade", "es", "Cómo se juega al gin arcade", "rey de corazones"),
        ("rummy", "en", "How to play German Rummy", "queen of spades"),
        ("rummy", "es", "Cómo se juega al rummy alemán", "reina de picas"),
    ],
)
def test_each_rules_page_in_each_language(client, page, language, heading, card):
    response = client.get(f"/rules/{page}/", HTTP_ACCEPT_LANGUAGE=language)
    html = response.content.decode()
    assert response.status_code == 200
    assert f"<h1>{heading}</h1>" in html
    assert 'class="card face' in html and f'aria-label="{card}"' in html
    assert '<symbol id="suit-S"' in html  # the pips the faces draw


def test_the_rummy_page_lists_every_house_rule(client):
    html = client.get("/rules/rummy/").content.decode()
    for rule in (
        "Small deck",
        "First meld minimum",
        "Cyclic runs",
        "No jokers",
        "Fixed jokers",
        "Fixed groups",
        "Calling",
        "Win without discarding",
        "Casino scoring",
        "Practice",
    ):
        assert f"<dt>{rule}</dt>" in html
    assert 'class="card face joker"' in html


def test_the_gin_page_lists_every_house_rule(client):
    html = client.get("/rules/gin/").content.decode()
    for rule in ("Knock limit", "Big gin", "Oklahoma", "Line bonus", "Game bonus", "Shutout doubles"):
        assert f"<dt>{rule}</dt>" in html


def test_a_tables_link_shows_its_rule_sets_settings(client):
    custom = ruleset("gin-classic", knock_limit=7, big_gin=True)
    html = client.get(f"/rules/gin/?set={custom.slug}").content.decode()
    assert "<dt>Knock limit</dt><dd>7</dd>" in html and "<dt>Big gin</dt><dd>yes</dd>" in html
    # A rule set of another game, or none, adds nothing.
    assert 'id="this-table"' not in client.get("/rules/rummy/?set=gin-classic").content.decode()
    assert 'id="this-table"' not in client.get("/rules/gin/?set=nonsense").content.decode()


def test_the_settings_are_named_in_the_pages_language(client):
    html = client.get("/rules/arcade/?set=gin-arcade", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Los ajustes de «Gin arcade»" in html
    assert "<dt>Límite para cerrar</dt><dd>10</dd>" in html


def test_an_unknown_rules_page_is_not_found(client):
    assert client.get("/rules/poker/").status_code == 404
    assert client.get("/rules/").status_code == 200


@pytest.mark.parametrize(
    ("slug", "page"), [("gin-classic", "gin"), ("gin-arcade", "arcade"), ("rummy-standard", "rummy")]
)
def test_each_table_links_to_its_rules(client, slug, page):
    ada = make_user("Ada")
    client.force_login(ada)
    bot = "arcade" if slug == "gin-arcade" else "medium"
    room = services.do_create_room(
        identity=me(ada), ruleset=ruleset(slug), bot=bot, rounds=3 if page == "rummy" else None
    )
    html = client.get(f"/r/{room.code}/").content.decode()
    assert f'href="/rules/{page}/?set={slug}#this-table">How to play</a>' in html
