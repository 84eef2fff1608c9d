"""Glicko-2 against the worked example in Glickman's "Example of the Glicko-2 system"."""

import pytest

from leaderboard.glicko2 import Glicko, rate, rate_placings


def test_the_papers_worked_example():
    player = Glicko(1500, 200, 0.06)
    after = rate(player, [(Glicko(1400, 30), 1), (Glicko(1550, 100), 0), (Glicko(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_placings_rate_every_pair_and_a_two_player_match_is_symmetric():
    winner, loser = rate_placings([Glicko(), Glicko()], [0, 1])
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating) and winner.rating > 1500
    first, tied, also_tied = rate_placings([Glicko(), Glicko(), Glicko()], [0, 1, 1])
    assert first.rating > 1500 > tied.rating == also_tied.rating
    with pytest.raises(ValueError):
        rate_placings([Glicko()], [0])
