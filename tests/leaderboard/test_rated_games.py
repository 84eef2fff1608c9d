"""Rated online matches feed the ratings through `match_finished`; the pages draw them."""

import pytest

from games import services
from games.models import Family
from leaderboard.models import HandScore, RatedGame, Rating, RatingPoint
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db


def finish_rated_match(winner, loser, *, rated=True):
    room = services.do_create_room(identity=me(loser), ruleset=ruleset(), rated=rated)
    services.do_take_seat(room=room, identity=me(winner))
    services.do_claim(match_id=room.matches.get().pk, identity=me(winner))  # the creator never connected
    return room.matches.get()


def test_a_finished_rated_match_rates_both_players(django_capture_on_commit_callbacks):
    ana, bo = make_user("Ana"), make_user("Bo")
    with django_capture_on_commit_callbacks(execute=True):
        match = finish_rated_match(bo, ana)
        finish_rated_match(ana, bo, rated=False)
    game = RatedGame.objects.get()
    assert game.match == match and list(game.placings.values_list("user", "place")) == [
        (bo.pk, 0),
        (ana.pk, 1),
    ]
    winner, loser = Rating.objects.get(user=bo), Rating.objects.get(user=ana)
    assert (winner.games, loser.games) == (1, 1) and winner.rating == pytest.approx(3000 - loser.rating)
    assert winner.rating == pytest.approx(1662.3, abs=0.1) and winner.rd == pytest.approx(290.3, abs=0.1)
    assert RatingPoint.objects.filter(family=Family.GIN).count() == 2


def test_the_leaderboard_and_a_player_page_render(client, django_capture_on_commit_callbacks):
    ana, bo = make_user("Ana"), make_user("Bo")
    with django_capture_on_commit_callbacks(execute=True):
        finish_rated_match(ana, bo)
    HandScore.objects.create(user=ana, hand_number=1, kind="gin", score=43)
    board = client.get("/leaderboard/").content.decode()
    assert "Ana" in board and "43" in board
    for key in ("ana", str(ana.pk)):
        page = client.get(f"/players/{key}/").content.decode()
        assert page.count("<svg") == 2 and "provisional" in page and "Bo" in page
    assert client.get("/players/nobody/").status_code == 404
