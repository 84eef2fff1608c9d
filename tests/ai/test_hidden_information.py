"""No bot can reach hidden cards: it gets the view only (what it may import is the layering
contract in pyproject.toml, tests/test_layering.py), and decides the same on any two deals that
look the same from its seat."""

from __future__ import annotations

import inspect
from dataclasses import replace
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai import LEVELS, choose_action
from games.rules.cards import parse_card
from games.rules.gin import ARCADE, CLASSIC, GinState, view_for
from tests.ai.positions import walk


def test_the_bot_api_takes_the_view_only() -> None:
    assert list(inspect.signature(choose_action).parameters) == ["level", "view", "seed", "samples"]


def _twin(state: GinState, rng: Random) -> GinState:
    """The same position with the opponent's unseen cards and the stock reshuffled together."""
    seat, other = state.turn, 1 - state.turn
    shown = {parse_card(e["card"]) for e in state.log if "card" in e}
    hidden = [c for c in state.hands[other] if c not in shown]
    pool = hidden + list(state.stock)
    rng.shuffle(pool)
    theirs = [c for c in state.hands[other] if c in shown] + pool[: len(hidden)]
    hands = [None, None]
    hands[seat], hands[other] = state.hands[seat], tuple(theirs)
    return replace(state, hands=tuple(hands), stock=tuple(pool[len(hidden) :]), seed="00" * 16)


@settings(max_examples=5, deadline=None)
@given(arcade=st.booleans(), seed=st.integers(0, 2**32))
def test_deals_that_look_the_same_get_the_same_decisions(arcade: bool, seed: int) -> None:
    rng = Random(seed)
    for state in walk(ARCADE if arcade else CLASSIC, seed=seed, max_hands=1):
        twin = _twin(state, rng)
        view = view_for(state, state.turn)
        assert view_for(twin, twin.turn) == view
        for level in LEVELS:
            first = choose_action(level, view, seed=7, samples=4)
            assert choose_action(level, view_for(twin, twin.turn), seed=7, samples=4) == first
