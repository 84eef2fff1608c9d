"""Hard's reading of a sampled hand: which cards would build a meld in it."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai.rummy.reading import Reach
from games.rules.cards import ALL_CARDS, NATURAL_COUNT, Card, parse_cards

NATURALS = ALL_CARDS[:NATURAL_COUNT]
JOKER = ALL_CARDS[NATURAL_COUNT]


def _places(c: Card) -> set[int]:
    return {1, 14} if c.rank == 1 else {c.rank}


def builds(a: Card, b: Card, c: Card) -> bool:
    """Three cards of two decks make a set (three suits, or a joker for one) or a run (three
    places in one suit, an ace low or high, a joker for any one): at most one joker."""
    naturals = [x for x in (a, b, c) if not x.is_joker]
    if len(naturals) < 2:
        return False
    if all(x.rank == naturals[0].rank for x in naturals) and len({x.suit for x in naturals}) == len(naturals):
        return True
    if len({x.suit for x in naturals}) != 1:
        return False
    for low in range(1, 13):
        window = set(range(low, low + 3))
        spots = [_places(x) & window for x in naturals]
        if all(spots) and len(set.union(*spots)) == len(naturals) and all(len(s) == 1 for s in spots):
            return True
    return False


def completes_by_search(hand: list[Card], c: Card) -> bool:
    return any(builds(a, b, c) for a, b in combinations(hand, 2))


def test_a_run_a_set_and_a_joker() -> None:
    reach = Reach(parse_cards("5H 7H 9C 9D KS"))
    assert reach.completes(parse_cards("6H")[0])  # 5H 6H 7H
    assert reach.completes(parse_cards("9S")[0])  # three nines
    assert not reach.completes(parse_cards("9C")[0])  # a second 9C makes no set
    assert not reach.completes(parse_cards("JH")[0])
    assert Reach([*parse_cards("QS KS"), JOKER]).completes(parse_cards("AS")[0])  # Q K A
    assert Reach([*parse_cards("2D"), JOKER]).completes(parse_cards("4D")[0])  # 2 X 4
    assert Reach([]).completes(JOKER)  # a joker builds in any hand


@settings(max_examples=400, deadline=None)
@given(
    hand=st.lists(st.sampled_from([*NATURALS, JOKER]), min_size=0, max_size=14),
    c=st.sampled_from(NATURALS),
)
def test_completes_is_the_search_over_every_pair_of_the_hand(hand: list[Card], c: Card) -> None:
    assert Reach(hand).completes(c) == completes_by_search(hand, c)
