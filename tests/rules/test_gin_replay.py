"""A gin match is its move log: JSON round trips and replays reproduce every state exactly."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.gin import CLASSIC, GinState, IllegalAction, new_match, replay
from tests.rules.gin_strategies import matches
from tests.rules.gin_tables import act

SOME = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SOME
@given(matches(), st.integers(0, 10**6))
def test_replaying_the_move_log_reproduces_the_state(game, cut):
    entries = json.loads(json.dumps(game.entries))  # as the move log stores them
    assert replay(game.rules, entries, first_dealer=game.first_dealer) == game.states[-1]
    k = cut % len(game.states)
    assert replay(game.rules, entries[:k], first_dealer=game.first_dealer) == game.states[k]


@SOME
@given(matches())
def test_json_round_trip_is_exact_for_every_state(game):
    for state in game.states:
        data = json.loads(json.dumps(state.to_json()))
        assert GinState.from_json(data) == state
        assert GinState.from_json(data).to_json() == data


def test_the_seed_is_stored_as_lower_case_hex():
    state = act(new_match(CLASSIC), None, {"type": "deal", "seed": "ABCDEF"})
    assert state.seed == "abcdef" == state.to_json()["seed"]


@pytest.mark.parametrize(
    "entries",
    [
        [None],
        [{"seat": None}],
        [{"seat": None, "action": {"type": "deal", "seed": "00"}, "at": 1}],
        [{"seat": 0, "action": {"type": "deal", "seed": "00"}}],
        [{"seat": None, "action": {"type": "deal", "seed": "00"}}, {"seat": 1, "action": {"type": "pass"}}],
    ],
)
def test_a_broken_log_raises_illegal_action(entries):
    with pytest.raises(IllegalAction):
        replay(CLASSIC, entries)
