"""Rated German Rummy tables rate every player by the place of their final total."""

import pytest

from games import services
from games.rules import rummy
from leaderboard.models import Placing, RatedGame, Rating
from tests.games.support import first_deal, make_user, me, ruleset
from tests.games.test_rummy_tables import play_rummy

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_rated_three_player_table_places_players_by_their_totals():
    people = [make_user(n) for n in ("Ana", "Bo", "Cleo")]
    with first_deal(bytes(16), start=0):  # for a reproducible run: the places follow the totals on any deal
        room = services.do_create_room(
            identity=me(people[0]), ruleset=ruleset("rummy-standard", seats=3), rounds=1, rated=True
        )
        for person in people[1:]:
            services.do_take_seat(room=room, identity=me(person))
    match = play_rummy(room.matches.get(), dict(enumerate(people)))
    totals = list(rummy.RummyState.from_json(match.state).result.totals)
    game = RatedGame.objects.get(match=match)
    places = {p.user_id: p.place for p in Placing.objects.filter(game=game)}
    expected = [sum(other > total for other in totals) for total in totals]
    assert [places[p.pk] for p in people] == expected
    assert Rating.objects.filter(family="rummy").count() == 3


def test_tables_with_a_computer_player_are_never_rated():
    ana = make_user("Ana")
    with pytest.raises(services.ServiceError, match="Only online games between people"):
        services.do_create_room(
            identity=me(ana),
            ruleset=ruleset("rummy-standard", seats=3),
            rounds=1,
            rated=True,
            bot="easy",
            bot_seats=1,
        )
