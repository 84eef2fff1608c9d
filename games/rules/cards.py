"""Cards and their notation.

A card is a small int (`Card` subclasses `int`) so that hands can be bit masks and tables
can be indexed by card: ``index = suit * 13 + rank - 1`` for the 52 natural cards (suits in
the order C, D, H, S; aces low), and 52..57 for the jokers ``X1``..``X6``.  ``str(card)`` is
the notation used everywhere (``"AS"``, ``"TD"``, ``"X1"``); parsers also accept ``10D``
and lower case.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "CDHS"
NATURAL_COUNT = 52
JOKER_COUNT = 6


class Card(int):
    """One card.  Instances are interned: use `card(index)` or the parsers."""

    __slots__ = ()

    @property
    def is_joker(self) -> bool:
        return self >= NATURAL_COUNT

    @property
    def rank(self) -> int:
        """1 (ace) .. 13 (king); 0 for a joker."""
        return 0 if self >= NATURAL_COUNT else self % 13 + 1

    @property
    def suit(self) -> int:
        """0..3 for C, D, H, S; -1 for a joker."""
        return -1 if self >= NATURAL_COUNT else self // 13

    @property
    def deadwood(self) -> int:
        """Gin deadwood value: ace 1, 2-10 face value, J/Q/K 10."""
        return min(self % 13 + 1, 10)

    def __str__(self) -> str:
        return _NAMES[self]  # every move writes its state's cards by name: looked up, not built

    def __repr__(self) -> str:
        return f"Card('{self}')"


_NAMES: tuple[str, ...] = tuple(
    RANKS[i % 13] + SUITS[i // 13] if i < NATURAL_COUNT else f"X{i - NATURAL_COUNT + 1}"
    for i in range(NATURAL_COUNT + JOKER_COUNT)
)
ALL_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(NATURAL_COUNT + JOKER_COUNT))
DECK: tuple[Card, ...] = ALL_CARDS[:NATURAL_COUNT]
"""The 52 natural cards in index order (clubs A..K, diamonds, hearts, spades)."""

_TOKEN = re.compile(r"(10|[A2-9TJQK])([CDHS])|X([1-6])", re.IGNORECASE)
_BY_NAME = {str(card): card for card in ALL_CARDS}
_SEPARATORS = re.compile(r"[\s,;]+")


def card(index: int) -> Card:
    """The interned card with this index (0..57)."""
    return ALL_CARDS[index]


def make_card(rank: int, suit: int) -> Card:
    """The natural card of rank 1..13 and suit 0..3."""
    if not (1 <= rank <= 13 and 0 <= suit <= 3):
        raise ValueError(f"no card of rank {rank} and suit {suit}")
    return ALL_CARDS[suit * 13 + rank - 1]


def parse_card(text: str) -> Card:
    """Parse one card: ``"AS"``, ``"td"``, ``"10D"``, ``"X3"``."""
    if not isinstance(text, str):
        raise ValueError(f"not a card: {text!r}")
    known = _BY_NAME.get(text)  # the stored states' common case: the card's own name
    if known is not None:
        return known
    match = _TOKEN.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a card: {text!r}")
    rank_text, suit_text, joker = match.groups()
    if joker:
        return ALL_CARDS[NATURAL_COUNT + int(joker) - 1]
    rank = 10 if rank_text == "10" else RANKS.index(rank_text.upper()) + 1
    return make_card(rank, SUITS.index(suit_text.upper()))


def card_names(cards: Iterable[int]) -> list[str]:
    """The cards' names, in order: `[str(c) for c in cards]` without a call per card (a
    move writes its state's cards and each seat's view by name)."""
    return list(map(_NAMES.__getitem__, cards))


def cards_named(names: Iterable[str]) -> tuple[Card, ...]:
    """`tuple(map(parse_card, names))`, looked up without a call per card when every name
    is a card's own (a stored state's are); any other text is parsed, or refused, alike."""
    names = list(names)
    try:
        return tuple(map(_BY_NAME.__getitem__, names))
    except (KeyError, TypeError):
        return tuple(map(parse_card, names))


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas, or an iterable of card strings.

    Order is kept and duplicates are allowed (two-deck games hold two copies of a card).
    """
    tokens = [t for t in _SEPARATORS.split(text) if t] if isinstance(text, str) else list(text)
    return [parse_card(token) for token in tokens]


def format_cards(cards: Iterable[int]) -> str:
    """The cards in notation, separated by spaces."""
    return " ".join(str(ALL_CARDS[c]) for c in cards)


def mask_of(cards: Iterable[int]) -> int:
    """Bit mask of natural cards (bit ``index``); duplicates collapse."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a bit mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def display_key(c: int) -> tuple[int, int]:
    """Sort key for showing a hand: by suit, then rank."""
    return (c // 13, c % 13) if c < NATURAL_COUNT else (4, c)
