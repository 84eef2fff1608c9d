"""Properties of the gin state machine over random matches under random rule sets."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.cards import DECK, parse_card
from games.rules.gin import ARCADE, CLASSIC, GinState, IllegalAction, apply, legal_actions, settle, view_for
from games.rules.gin.state import PLAYING
from tests.rules.gin_strategies import matches
from tests.rules.gin_tables import random_match

FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- every state of a match ------------------------------------------------------------------


def check_state(state: GinState, face_up: frozenset) -> None:
    """Cards accounted for, and views that keep every secret (round trips: test_gin_replay)."""
    if state.hand_number or state.history:
        assert sorted([*state.hands[0], *state.hands[1], *state.stock, *state.discard_pile]) == list(DECK)
    for seat in (0, 1, None):
        view = view_for(state, seat)
        assert view["history"] == [h.to_json() for h in state.history]
        assert view["legal_actions"] == legal_actions(state, seat)
        if state.phase in PLAYING:
            check_secrets(state, seat, view, face_up)


def check_secrets(state: GinState, seat: int | None, view: dict[str, Any], face_up: frozenset) -> None:
    """The view of the hand in play names no card the seat may not know, nor the seed."""
    known = face_up | (set(state.hands[seat]) if seat is not None else set())
    text = json.dumps({k: v for k, v in view.items() if k != "history"})
    assert [str(c) for c in DECK if c not in known and f'"{c}"' in text] == []
    assert state.seed not in json.dumps(view)


@FEW
@given(matches(check=check_state))
def test_every_state_keeps_the_cards_and_the_secrets(game):
    assert game.states[-1].phase == "match_over"


# --- scores -----------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_matches_end_and_score_as_the_rules_say(game):
    rules, final = game.rules, game.states[-1]
    hands = final.history
    assert [h.number for h in hands] == list(range(1, len(hands) + 1))
    dealer = game.first_dealer
    points = [0, 0]
    for hand in hands:
        assert hand.dealer == dealer
        if hand.kind == "dead":
            assert (hand.knocker, hand.winner, hand.points) == (None, None, 0)
        else:
            knocker = hand.knocker
            result = settle(hand.hands[knocker], hand.hands[1 - knocker], rules, knock_limit=hand.knock_limit)
            winner = knocker if result.winner == "knocker" else 1 - knocker
            assert (hand.kind, hand.winner, hand.points) == (result.kind, winner, result.points)
            assert hand.deadwood[knocker] == result.knocker_deadwood
            assert max(points) < rules.match_target  # nobody had reached the target before
            points[winner] += hand.points
            dealer = 1 - dealer
    assert tuple(points) == final.scores and max(points) >= rules.match_target
    won = [sum(h.winner == seat for h in hands) for seat in (0, 1)]
    winner = points.index(max(points))
    totals = [
        p + (rules.line_bonus_points * n if rules.line_bonus else 0) for p, n in zip(points, won, strict=True)
    ]
    totals[winner] += rules.game_bonus_points if rules.game_bonus else 0
    totals[winner] *= 2 if rules.shutout_double and won[1 - winner] == 0 else 1
    assert (final.result.winner, final.result.totals) == (winner, tuple(totals))


# --- legal actions are exactly what apply accepts ---------------------------------------------

ACTIONS = [
    {"type": "take_upcard"},
    {"type": "pass"},
    {"type": "draw", "source": "stock"},
    {"type": "draw", "source": "discard"},
    {"type": "knock"},
    {"type": "big_gin"},
    {"type": "deal", "seed": "00"},
    *({"type": t, "card": str(c)} for t in ("discard", "knock") for c in DECK),
]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=4)
    | st.sampled_from(["AS", "10d", "X1", "stock"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["type", "card", "source", "seed", "x"]), inner, max_size=3)
    ),
    max_leaves=6,
)
junk = st.dictionaries(
    st.sampled_from(["type", "card", "source", "seed"]),
    st.sampled_from(["discard", "knock", "draw", "deal", "pass", "stock", "7H", "th", "10C", "zz", "0f", ""])
    | json_values,
    max_size=3,
)
seats = st.sampled_from([0, 1, None, 2, -1, "0", True, 1.0])


def accepted(state: GinState, seat: Any, action: Any) -> bool:
    try:
        apply(state, seat, action)
    except IllegalAction:
        return False
    return True


def canonical(action: Any) -> Any:
    """The action as legal_actions spells it (card notation normalised)."""
    if isinstance(action, dict) and isinstance(action.get("card"), str):
        try:
            return action | {"card": str(parse_card(action["card"]))}
        except ValueError:
            return action
    return action


def expected(state: GinState, seat: Any, action: Any) -> bool:
    if isinstance(action, dict) and action.get("type") == "deal":
        return seat is None and state.phase in ("deal", "hand_over") and set(action) == {"type", "seed"}
    return seat in (0, 1) and type(seat) is int and canonical(action) in legal_actions(state, seat)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.lists(st.tuples(seats, junk | json_values), min_size=20, max_size=20), st.randoms())
def test_apply_accepts_exactly_the_legal_actions(game, odd_ones, rng):
    for state in rng.sample(game.states, min(6, len(game.states))):
        for seat in (0, 1, None):
            for action in legal_actions(state, seat):
                assert accepted(state, seat, action)
            for action in ACTIONS:
                assert accepted(state, seat, action) == expected(state, seat, action), (seat, action)
        for seat, action in odd_ones:
            if not (isinstance(action, dict) and action.get("type") == "deal"):
                assert accepted(state, seat, action) == expected(state, seat, action), (seat, action)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(0, 10**6), seats, junk | json_values)
def test_nothing_raises_but_illegal_action(game, pick, seat, action):
    state = game.states[pick % len(game.states)]
    snapshot = state.to_json()
    try:
        apply(state, seat, action)
    except IllegalAction as error:
        assert error.code and error.message
    assert state.to_json() == snapshot


def test_random_matches_under_the_two_presets_end():
    for rules in (CLASSIC, ARCADE):
        final = random_match(rules, random.Random(7)).states[-1]
        assert final.phase == "match_over" and max(final.scores) >= 100
