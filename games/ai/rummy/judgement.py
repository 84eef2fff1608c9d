"""How a rummy bot weighs cards: points left, partial melds still alive, and what a discard gives away."""

from __future__ import annotations

from collections.abc import Iterable

from games.ai.rummy.knowledge import Knowledge
from games.rules.cards import Card, make_card
from games.rules.rummy.melds import Meld, exchange_joker, lay_off
from games.rules.rummy.solver import best_first_meld, least_points


def points(k: Knowledge, cards: Iterable[Card]) -> int:
    """The least points `cards` leave in hand."""
    return least_points(list(cards), k.rules)


def first_meld(k: Knowledge, cards: Iterable[Card]) -> int:
    """The most a first meld of `cards` is worth."""
    return best_first_meld(list(cards), k.rules)


def fits(k: Knowledge, meld: Meld, c: Card) -> bool:
    """`c` can be laid off on `meld`, or take one of its jokers back."""
    return lay_off(meld, c, k.rules) is not None or exchange_joker(meld, c, k.rules) is not None


def fits_table(k: Knowledge, c: Card) -> bool:
    return any(fits(k, m, c) for m in k.table)


def without(cards: list[Card], c: Card) -> list[Card]:
    """`cards` less one copy of `c`."""
    rest = list(cards)
    rest.remove(c)
    return rest


def unplaced(k: Knowledge, left: Iterable[Card]) -> int:
    """How many of the cards a hand's melds leave cannot be laid off on the table either."""
    return sum(not fits_table(k, c) for c in left)


def connected(a: Card, b: Card) -> bool:
    """Could share a meld: same rank, or same suit at most two places apart (an ace next to a king too)."""
    if a.rank == b.rank:
        return a.suit != b.suit
    return a.suit == b.suit and min(abs(x - y) for x in _places(a) for y in _places(b)) <= 2


def outs(k: Knowledge, c: Card, loose: list[Card]) -> int:
    """Unseen copies of the cards that would turn `c` and one other loose card into a meld.

    This is how a pair or a two-card run is worth keeping: only through live cards.
    """
    wanted: set[Card] = set()
    for other in loose:
        if other.is_joker or not connected(c, other):
            continue
        if other.rank == c.rank:
            wanted.update(make_card(c.rank, s) for s in range(4) if s not in (c.suit, other.suit))
            continue
        pairs: list[tuple[int, int]] = [(x, y) for x in _places(c) for y in _places(other)]
        closest = min(pairs, key=_gap)
        low, high = sorted(closest)
        ranks = [low + 1] if high - low == 2 else [low - 1, high + 1]
        wanted.update(make_card(r if r <= 13 else 1, c.suit) for r in ranks if 1 <= r <= 14)
    return sum(k.unseen(u) for u in wanted)


def danger(k: Knowledge, c: Card) -> float:
    """What throwing `c` may give away: a card that fits the table helps whoever has come out (the
    next player above all: it draws the card), and a card next to the next player's picks helps it."""
    if c.is_joker:
        return 30.0
    nxt = k.next_seat
    risk = 0.0
    if fits_table(k, c):
        risk += 12.0 if k.came_out[nxt] else 4.0
    risk += 5.0 * sum(connected(c, p) for p in k.picks[nxt] if not p.is_joker)
    if k.rules.calling:  # anyone else may call it
        others = [s for s in range(k.seats) if s not in (k.seat, nxt)]
        risk += 2.0 * sum(connected(c, p) for s in others for p in k.picks[s] if not p.is_joker)
    return risk


def _places(c: Card) -> tuple[int, ...]:
    """A card's places along a run: an ace is both below the 2 and above the king."""
    return (1, 14) if c.rank == 1 else (c.rank,)


def _gap(pair: tuple[int, int]) -> int:
    return abs(pair[0] - pair[1])
