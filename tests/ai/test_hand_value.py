"""The bots' hand arithmetic: the shortcuts that skip the meld search give its answers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai.hand_value import best_discard_deadwood, connects, draw_gain, mask_of, may_meld
from games.rules.cards import DECK, parse_cards
from games.rules.melds import deadwood_after_discards, min_deadwood
from tests.rules.strategies import caps, hands


def test_connects_means_same_rank_or_same_suit_two_ranks_apart() -> None:
    five = parse_cards("5H")[0]
    near = {str(c) for c in DECK if connects(five, c)}
    assert near == {"5C", "5D", "5S", "3H", "4H", "6H", "7H"}


def test_a_card_with_one_connection_melds_with_nothing() -> None:
    hand = parse_cards("5H 9C 9D KS")
    assert not may_meld(parse_cards("6H")[0], mask_of(hand))  # 5H alone: no run yet
    assert may_meld(parse_cards("9S")[0], mask_of(hand))


@settings(max_examples=300, deadline=None)
@given(hand=hands(11), cap=caps)
def test_a_card_that_may_not_meld_is_deadwood_in_every_arrangement(hand, cap) -> None:
    card, rest = hand[0], hand[1:]
    if not may_meld(card, mask_of(rest)):
        assert min_deadwood(hand, cap) == min_deadwood(rest, cap) + card.deadwood
        # So the best discard keeping it replaces the best discard of the rest.
        floor = min(deadwood_after_discards(rest, cap).values())
        assert best_discard_deadwood(hand, cap, keep=card) == floor + card.deadwood


@settings(max_examples=100, deadline=None)
@given(hand=hands(10), cap=caps, data=st.data())
def test_draw_gain_is_the_meld_search_over_every_draw(hand, cap, data) -> None:
    unseen = [c for c in DECK if c not in hand]
    draws = data.draw(st.lists(st.sampled_from(unseen), min_size=1, max_size=12, unique=True))
    weights = {c: 1 / len(draws) for c in draws}
    total = min_deadwood(hand, cap)
    searched = sum(
        w * (total - min(total, best_discard_deadwood([*hand, c], cap))) for c, w in weights.items()
    )
    assert abs(draw_gain(hand, cap, weights) - searched) < 1e-9
