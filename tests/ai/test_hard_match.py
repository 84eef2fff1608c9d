"""Gin Hard plays for the match: the score changes what a hand's points are worth, and its
discards are played out against an opponent that knocks as soon as it may."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai import choose_action
from games.ai.hard import judge_for, preference
from games.ai.match_equity import MatchValue, equity
from games.ai.review import review_decision
from games.ai.table import read_view
from games.rules.cards import parse_card
from games.rules.gin import CLASSIC, GinRules, apply, new_match, view_for

# A classic hand (Hard in seat 0 against Medium, arena seed 77, pair 1) up to a turn where
# Hard holds AC 2C 4C 5C AD 2D TD AH TH 2S TS with 16 cards in the stock: knocking with 5C
# leaves three sets and 4 of deadwood; playing on keeps a chance of gin.
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


def position(deal: str, moves: str) -> dict:
    """Seat 0's view once `moves` are played on the deal."""
    state = new_match(CLASSIC)
    state, _ = apply(state, None, {"type": "deal", "seed": deal})
    for move in moves.split():
        seat, word = move.split(":")
        state, _ = apply(state, int(seat), action(word))
    return view_for(state, 0)


def knock_position(scores: list[int]) -> dict:
    view = position(DEAL, MOVES)
    assert view["hand"] == ["AC", "2C", "4C", "5C", "AD", "2D", "TD", "AH", "TH", "2S", "TS"]
    return {**view, "scores": scores}  # the same position at another score


def test_far_from_the_target_hard_plays_on_for_gin_but_it_knocks_for_the_points_that_win() -> None:
    for seed in (1, 2, 3):
        assert choose_action("hard", knock_position([0, 0]), seed=seed)["type"] == "discard"
        assert choose_action("hard", knock_position([92, 0]), seed=seed) == {"type": "knock", "card": "5C"}


# Hard (seat 0) against the reference player (arena seed 9, pair 3, first hand), having taken
# 5S: AC 3C 5C 6C 7C 8C 9C 5D 2H 3S 5S, a run 6C-9C and the fives, 9 of deadwood, 23 cards in
# the stock. The reference player knocks as soon as it may.
RACE_DEAL = "d2c6c7268614ccaa48d73ac971270d4b"
RACE_MOVES = (
    "0:take 0:8H 1:stock 1:QD 0:stock 0:KC 1:stock 1:TS 0:stock 0:7S 1:stock 1:9S 0:stock 0:TC "
    "1:stock 1:6C 0:pile 0:6D 1:stock 1:5S 0:pile"
)


def test_in_a_race_with_a_quick_knocker_hard_sheds_deadwood_rather_than_keep_a_pair() -> None:
    view = position(RACE_DEAL, RACE_MOVES)
    assert view["hand"] == ["AC", "3C", "5C", "6C", "7C", "8C", "9C", "5D", "2H", "3S", "5S"]
    # Expected deadwood alone throws the end of the run, keeping the pair of threes for the draws
    # to come; played out, a three goes: 6 of deadwood when the opponent knocks, not 9.
    table = read_view(view)
    judge = judge_for(table, rng=Random(1), samples=128)
    assert preference(judge.discard_values(list(table.hand), table.taken))[0] == parse_card("9C")
    for seed in (1, 2, 3):
        played = choose_action("hard", view, seed=seed)
        assert played["type"] == "discard" and played["card"] in ("3C", "3S")


def test_the_review_rates_the_played_out_discard_best_and_the_old_choice_an_inaccuracy() -> None:
    knock, discard = review_decision(
        position(RACE_DEAL, RACE_MOVES), {"type": "discard", "card": "9C"}, seed=1
    )
    assert knock.kind == "knock" and knock.best["type"] == "discard"  # play on, as Hard does
    assert discard.kind == "discard" and discard.best["card"] in ("3C", "3S")
    assert discard.mark == "inaccuracy"


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
