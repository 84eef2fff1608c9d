"""How the solver writes a hand: one int of three-bit count fields, a card each (docs/rummy-solver.md)."""

from __future__ import annotations

from functools import cache, lru_cache

from games.rules.cards import NATURAL_COUNT, Card
from games.rules.rummy.melds import card_points
from games.rules.rummy.rules import RummyRules

NEG = -(1 << 30)

FIELD = 3
"""Bits per natural card in a counts int: the copies held (0..2) and a guard bit for subtraction."""

FIELD_MASK = (1 << FIELD) - 1

ONES = sum(1 << (FIELD * c) for c in range(NATURAL_COUNT))

GUARD = ONES << 2

TIE = 1 << 14
"""A discard's search value is (hand points melded + the card's points) * TIE + `tie_break(card)`."""

TIE_MASK = TIE - 1


def tie_break(c: Card, rules: RummyRules) -> int:
    """Below `TIE`, larger for the discard preferred on a tie: a natural before a joker, then the
    costlier card, then the lower card (its index is 127 less the low seven bits)."""
    return (0 if c.is_joker else 1 << 13) | card_points(c, rules) << 7 | (127 - c)


RANK_FIELDS = tuple(
    sum(FIELD_MASK << (FIELD * (suit + rank)) for suit in range(0, 52, 13)) for rank in range(13)
)

SUIT_FIELDS = tuple(
    sum(FIELD_MASK << (FIELD * (suit + rank)) for rank in range(13)) for suit in range(0, 52, 13)
)

LATER_SUITS = tuple(
    sum(FIELD_MASK << (FIELD * (suit * 13 + c % 13)) for suit in range(c // 13 + 1, 4))
    for c in range(NATURAL_COUNT)
)
"""Per card, the count fields of its rank in later suits (its set partners)."""

TABLED_LONGEST = 6
"""`Solver.runs_found` is built for runs of at most this many places (two jokers)."""


@cache
def reach_up(longest: int) -> tuple[int, ...]:
    """Per card, the low bit of each count field of the later ranks of its suit that a run of
    `longest` places holding it reaches going up, without wrapping."""
    return tuple(
        sum(1 << (FIELD * (c + k)) for k in range(1, min(13 - c % 13, longest))) for c in range(NATURAL_COUNT)
    )


@cache
def reach_down(longest: int) -> tuple[int, ...]:
    """Per ace, the low bit of each count field of the ranks of its suit that a run of `longest` places
    ending at it reaches (K, Q, ...); 0 for other cards."""
    return tuple(
        0 if c % 13 else sum(1 << (FIELD * (c + 13 - k)) for k in range(1, min(13, longest)))
        for c in range(NATURAL_COUNT)
    )


def card_count(counts: int) -> int:
    """How many cards a counts int holds."""
    return (counts & ONES).bit_count() + 2 * (counts >> 1 & ONES).bit_count()


@lru_cache(maxsize=1 << 14)  # keyed by whole hands: bounded, or a server's memory would grow for ever
def held_cards(counts: int) -> list[int]:
    """The cards a counts int holds, each once, in index order."""
    out = []
    while counts:
        index = ((counts & -counts).bit_length() - 1) // FIELD
        out.append(index)
        counts &= ~(FIELD_MASK << (FIELD * index))
    return out


@cache
def reversed_bits(bits: int, width: int) -> int:
    return sum(1 << (width - 1 - i) for i in range(width) if bits >> i & 1)
