"""Gin Hard plays for the match: the score changes what a hand's points are worth."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai import choose_action
from games.ai.match_equity import MatchValue, equity
from games.rules.gin import CLASSIC, GinRules, apply, new_match, view_for

# A classic hand (Hard in seat 0 against Medium, arena seed 77, pair 1) up to a turn where
# Hard holds AC 2C 4C 5C AD 2D TD AH TH 2S TS with 16 cards in the stock: knocking with 5C
# leaves three sets and 4 of deadwood; throwing 5C keeps 4C for a gin.
DEAL = "64e0319044aea7f0c7125b42ce6d3e6e"
MOVES = (
    "0:take 0:QH 1:stock 1:9C 0:stock 0:QC 1:stock 1:TS 0:pile 0:KS 1:stock 1:6H 0:stock 0:JC "
    "1:stock 1:7H 0:stock 0:8H 1:stock 1:5H 0:stock 0:4H 1:stock 1:7D 0:stock 0:JH 1:stock 1:8D "
    "0:stock 0:8S 1:stock 1:9D 0:stock"
)


def action(word: str) -> dict:
    if word == "take":
        return {"type": "take_upcard"}
    if word in ("stock", "pile"):
        return {"type": "draw", "source": "stock" if word == "stock" else "discard"}
    return {"type": "discard", "card": word}


def knock_position(scores: list[int]) -> dict:
    state = new_match(CLASSIC)
    state, _ = apply(state, None, {"type": "deal", "seed": DEAL})
    for move in MOVES.split():
        seat, word = move.split(":")
        state, _ = apply(state, int(seat), action(word))
    view = view_for(state, 0)
    assert view["hand"] == ["AC", "2C", "4C", "5C", "AD", "2D", "TD", "AH", "TH", "2S", "TS"]
    return {**view, "scores": scores}  # the same position at another score


def test_far_from_the_target_hard_plays_on_for_gin_but_it_knocks_for_the_points_that_win() -> None:
    for seed in (1, 2, 3):
        assert choose_action("hard", knock_position([0, 0]), seed=seed) == {"type": "discard", "card": "5C"}
        assert choose_action("hard", knock_position([92, 0]), seed=seed) == {"type": "knock", "card": "5C"}


def test_match_points_are_points_far_from_the_target_and_not_past_it() -> None:
    assert abs(equity(0, 0, CLASSIC) - 0.5) < 1e-9
    even = MatchValue(ours=0, theirs=0, rules=CLASSIC)
    assert abs(even.of(10) - 10) < 1e-9 and abs(even.of(-10) + 10) < 1e-9
    near = MatchValue(ours=92, theirs=0, rules=CLASSIC)
    assert near.of(8) == near.of(40)  # every point past the target is worth nothing
    assert near.of(8) > 8  # the points that win the match are worth more than their face
    assert equity(100, 99, CLASSIC) == 1.0 and equity(99, 100, CLASSIC) == 0.0


@settings(deadline=None)  # the first call of a rule set fills its table (about 0.2 s)
@given(
    st.integers(0, 99),
    st.integers(0, 99),
    st.integers(1, 30),
    st.sampled_from([CLASSIC, GinRules(undercut_bonus=0, gin_bonus=0)]),
)
def test_more_points_never_lower_the_chance_of_winning_the_match(
    ours: int, theirs: int, points: int, rules: GinRules
) -> None:
    assert equity(ours + points, theirs, rules) >= equity(ours, theirs, rules)
    assert equity(ours, theirs + points, rules) <= equity(ours, theirs, rules)
    assert abs(equity(ours, theirs, rules) + equity(theirs, ours, rules) - 1) < 1e-9
