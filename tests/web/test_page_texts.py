"""Texts as a Spanish or English player reads them: counts in the singular through the
JavaScript catalogue, the knock as a noun in an end-of-hand title, translated headings, and
one date format per language."""

import re
from datetime import UTC, datetime

import pytest
from django.utils import formats, translation

from games import services
from leaderboard.models import HandScore
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db


def test_the_javascript_catalogue_serves_the_counted_texts_in_the_page_language(client):
    spanish = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '"Mazo: %(n)s carta"' in spanish and '"Mazo: %(n)s cartas"' in spanish
    assert "n == 1 ? 0" in spanish  # Spanish plural rule: one card, two cards
    english = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Mazo" not in english and "pluralidx" in english


def test_a_table_loads_the_catalogue_as_a_script_before_its_modules(client):
    ana = make_user("Ana")
    client.force_login(ana)
    room = services.do_create_room(identity=me(ana), ruleset=ruleset("gin-classic"), bot="easy")
    page = client.get(f"/r/{room.code}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    scripts = re.findall(r"<script[^>]*>", page)
    catalogue = scripts.index('<script src="/jsi18n/">')
    table = next(i for i, tag in enumerate(scripts) if "gin.js" in tag)
    assert catalogue < table
    assert '<i data-k="kind_knock">Cierre</i>' in page  # "MANO 1 · CIERRE", not the verb
    assert ">Cerrar</button>" in page  # the button is still the verb


def test_the_rating_boards_are_titled_in_spanish(client):
    page = client.get("/leaderboard/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Clasificación: Gin Rummy" in page and "Ratings:" not in page


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_date_reads_the_same_on_the_boards_and_the_player_page(client, language):
    ana = make_user("Ana")
    when = datetime(2026, 12, 1, 12, tzinfo=UTC)
    HandScore.objects.create(user=ana, hand_number=1, kind="gin", score=43, recorded_at=when)
    with translation.override(language):
        shown = formats.date_format(when, "DATE_FORMAT")
    assert shown in client.get("/leaderboard/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert (
        "12/01/2026" not in client.get(f"/players/{ana.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
