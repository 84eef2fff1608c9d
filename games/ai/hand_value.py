"""Hand arithmetic shared by the bots: deadwood, unmelded cards, and what a draw is worth."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from games.rules.cards import DECK, Card
from games.rules.melds import deadwood_after_discards, min_deadwood


def highest_key(c: Card) -> tuple[int, int, int]:
    """Order of "highest" card: deadwood value, then rank, then suit in the order C, D, H, S."""
    return (c.deadwood, c.rank, c.suit)


_CONNECTED = tuple(
    sum(
        1 << b
        for b in DECK
        if b != a and (a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2))
    )
    for a in DECK
)
"""Per card, the mask (bit = card index) of the cards it connects with."""


def connects(a: Card, b: Card) -> bool:
    """Whether two cards can sit in one meld: same rank, or same suit at most two ranks apart."""
    return bool(_CONNECTED[a] >> b & 1)


def mask_of(cards: Iterable[Card]) -> int:
    """The cards as a mask (bit = card index), for `may_meld`."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def may_meld(card: Card, hand_mask: int) -> bool:
    """Whether `card` can sit in a meld with cards of the hand (`mask_of`): every meld holding
    it holds two cards that connect with it (a set's two others, a run's neighbours), so with
    fewer it is deadwood in every arrangement and needs no meld search."""
    return (_CONNECTED[card] & hand_mask).bit_count() >= 2


def deadwood(cards: Iterable[Card], cap: int | None) -> int:
    return min_deadwood(cards, cap)


def unmelded(cards: Sequence[Card], cap: int | None) -> list[Card]:
    """Cards that are deadwood in at least one least-deadwood arrangement.

    Removing such a card lowers the least deadwood by exactly its value; this does not
    depend on which of several best arrangements the engine happens to show.
    """
    total = min_deadwood(cards, cap)
    after = deadwood_after_discards(cards, cap)
    return [c for c in cards if after[c] + c.deadwood == total]


def best_discard_deadwood(cards: Sequence[Card], cap: int | None, *, keep: Card | None = None) -> int:
    """Least deadwood of the 10 cards left after the best discard of these 11 (never `keep`)."""
    after = deadwood_after_discards(cards, cap)
    return min(d for c, d in after.items() if c != keep)


def draw_gain(hand: Sequence[Card], cap: int | None, weights: Mapping[Card, float]) -> float:
    """Expected deadwood saved by drawing one card, drawn with these probabilities, then discarding best.

    This is how pairs and two-card runs with live cards are valued: they are exactly the
    holdings that many live cards turn into melds.  A card that can join no meld of the hand
    can only replace the highest unmelded card, so it needs no meld search.
    """
    if not weights:
        return 0.0
    total = min_deadwood(hand, cap)
    floor = min(deadwood_after_discards(hand, cap).values())
    held = mask_of(hand)
    gain = 0.0
    for c, weight in weights.items():
        if may_meld(c, held):
            best = min(min(deadwood_after_discards([*hand, c], cap).values()), total)
        else:
            best = min(total, floor + c.deadwood)
        gain += weight * (total - best)
    return gain


def highest_unmelded(cards: Sequence[Card], cap: int | None, *, keep: Card | None = None) -> Card:
    """The discard of the simple rule: the highest unmelded card other than `keep`.

    When every unmelded card is `keep` (only possible with `keep` unmelded and the rest
    melded), the card whose removal leaves the least deadwood goes, highest first among equals.
    """
    candidates = [c for c in unmelded(cards, cap) if c != keep]
    if candidates:
        return max(candidates, key=highest_key)
    after = deadwood_after_discards(cards, cap)
    return min((c for c in cards if c != keep), key=lambda c: (after[c], tuple(-k for k in highest_key(c))))
