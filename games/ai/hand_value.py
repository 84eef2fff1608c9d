"""Hand arithmetic shared by the bots: deadwood, unmelded cards, and what a draw is worth."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from games.rules.cards import Card
from games.rules.melds import deadwood_after_discards, min_deadwood


def highest_key(c: Card) -> tuple[int, int, int]:
    """Order of "highest" card: deadwood value, then rank, then suit in the order C, D, H, S."""
    return (c.deadwood, c.rank, c.suit)


def connects(a: Card, b: Card) -> bool:
    """Whether two cards can sit in one meld: same rank, or same suit at most two ranks apart."""
    return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)


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
    holdings that many live cards turn into melds.  A card that connects to nothing in the hand
    can only replace the highest unmelded card, so it needs no meld search.
    """
    if not weights:
        return 0.0
    total = min_deadwood(hand, cap)
    floor = min(deadwood_after_discards(hand, cap).values())
    gain = 0.0
    for c, weight in weights.items():
        if any(connects(c, h) for h in hand):
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
