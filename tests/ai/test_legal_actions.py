"""Every bot returns one of the view's legal actions, in every phase of both rule sets."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai import LEVELS, choose_action
from games.rules.gin import ARCADE, CLASSIC, view_for
from tests.ai.positions import phase_of, walk

RULE_SETS = {"classic": CLASSIC, "arcade": ARCADE}
SWEEP_SEEDS = {"classic": 6, "arcade": 3}
"""Arcade hands run longer (the stock recycles), so fewer of them reach the same count."""
HARD_SAMPLES = 4


def _check_every_level(state, seed: int) -> None:
    view = view_for(state, state.turn)
    for level in LEVELS:
        action = choose_action(level, view, seed=seed, samples=HARD_SAMPLES)
        assert action in view["legal_actions"], (level, action)


@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
def test_bots_are_legal_in_every_phase(rules_name: str) -> None:
    """A fixed sweep: thousands of positions, with every kind of decision reached."""
    seen: Counter[str] = Counter()
    for seed in range(SWEEP_SEEDS[rules_name]):
        for state in walk(RULE_SETS[rules_name], seed=seed, max_hands=2):
            seen[phase_of(state)] += 1
            _check_every_level(state, seed)
    expected = {"draw", "discard", "knock"} | ({"upcard"} if rules_name == "classic" else set())
    assert expected <= set(seen), seen
    assert sum(seen.values()) >= 500


@settings(max_examples=10, deadline=None)
@given(rules_name=st.sampled_from(sorted(RULE_SETS)), seed=st.integers(0, 2**32), randomness=st.floats(0, 1))
def test_bots_are_legal_on_random_walks(rules_name: str, seed: int, randomness: float) -> None:
    for state in walk(RULE_SETS[rules_name], seed=seed, randomness=randomness, max_hands=1):
        _check_every_level(state, seed)


def test_unknown_level_and_idle_view_are_refused() -> None:
    state = next(walk(CLASSIC, seed=1))
    with pytest.raises(ValueError, match="unknown level"):
        choose_action("grandmaster", view_for(state, state.turn), seed=1)
    with pytest.raises(ValueError, match="no decision"):
        choose_action("easy", view_for(state, 1 - state.turn), seed=1)
