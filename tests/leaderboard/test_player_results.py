"""A player's page lists each finished match with every opponent, the place and every score."""

import re

import pytest

from games import services
from games.rules import rummy
from tests.games.support import make_user, me, ruleset
from tests.games.test_rummy_tables import play_rummy

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_four_seat_rummy_result_names_the_place_and_every_seat_s_total(client):
    ana = make_user("Ana")
    room = services.do_create_room(
        identity=me(ana),
        ruleset=ruleset("rummy-standard", seats=4),
        bot="medium",
        bot_seats=3,
        rounds=1,
        first_seed=bytes(16),  # for a reproducible run: the place is read from the result, any deal would do
    )
    match = play_rummy(room.matches.get(), {0: ana})
    totals = list(rummy.RummyState.from_json(match.state).result.totals)
    place = 1 + sum(total > totals[0] for total in totals) if match.winner_seat != 0 else 1

    page = client.get(f"/players/{ana.pk}/").content.decode()
    row = re.sub(r"\s+", " ", re.search(r"<tbody>(.*?)</tbody>", page, re.S).group(1))
    assert "Medium 1, Medium 2, Medium 3" in row
    assert f"Place {place} of 4" in row and "Lost" not in row and "Won" not in row
    assert f"<strong>{totals[0]}</strong> · {totals[1]} · {totals[2]} · {totals[3]}" in row
