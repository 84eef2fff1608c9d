"""Hypothesis strategies for gin hands: uniform, and meld-dense (few ranks, few suits)."""

from __future__ import annotations

from hypothesis import strategies as st

from games.rules.cards import DECK, Card, make_card


def uniform_hands(size: int) -> st.SearchStrategy[list[Card]]:
    return st.permutations(DECK).map(lambda deck: list(deck[:size]))


@st.composite
def dense_hands(draw: st.DrawFn, size: int) -> list[Card]:
    """Most cards from a block of adjacent ranks in one to four suits, the rest from the deck."""
    suits = draw(st.sets(st.integers(0, 3), min_size=1, max_size=4))
    width = draw(st.integers(3, 13))
    low = draw(st.integers(1, 14 - width))
    block = [make_card(rank, suit) for rank in range(low, low + width) for suit in sorted(suits)]
    picked = draw(st.permutations(block))[: min(size, len(block))]
    others = [c for c in DECK if c not in picked]
    return picked + draw(st.permutations(others))[: size - len(picked)]


def hands(size: int) -> st.SearchStrategy[list[Card]]:
    return uniform_hands(size) | dense_hands(size)


caps = st.sampled_from([None, 3, 4, 5])
