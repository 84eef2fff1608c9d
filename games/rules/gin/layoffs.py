"""The defender's best layoffs onto the knocker's melds (RULES.md §1-2).

A knocker's set takes its fourth card; a run takes a chain of cards at either end (8H then
9H onto 5H 6H 7H), both within the meld size cap.  The defender holds at most ten cards and
the knocker at most three melds, so trying every disjoint mix of extensions is cheap and exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from games.rules.cards import Card, make_card
from games.rules.gin.rules import DefenderCounts
from games.rules.melds import best_melds, min_deadwood

_SET_SIZE = 4
_RANKS = 13


@dataclass(frozen=True)
class DefenderResult:
    """What the defender lays off and what counts against it."""

    deadwood: int
    melds: list[list[Card]]
    """The defender's own melds (in ``all_unplayed`` mode they count too, so their cards are
    also in `deadwood_cards`: they are named so that the end of the hand shows them as melds)."""
    deadwood_cards: list[Card]
    """The cards that count, sorted by index."""
    layoffs: list[tuple[Card, int]]
    """(card, index of the knocker's meld), in an order in which each can be laid."""


def _extensions(meld: Sequence[Card], hand: frozenset[Card], cap: int | None) -> list[list[Card]]:
    """Every chain of the defender's cards this meld can take, the empty one first."""
    if len({c.rank for c in meld}) == 1:
        room = min(cap or _SET_SIZE, _SET_SIZE) - len(meld)
        fourth = [c for c in hand if c.rank == meld[0].rank]
        return [[]] + ([[c] for c in fourth] if room > 0 else [])
    room = (cap or _RANKS) - len(meld)
    suit = meld[0].suit
    ranks = sorted(c.rank for c in meld)

    def chain(start: int, step: int) -> list[Card]:
        out: list[Card] = []
        rank = start
        while 1 <= rank <= _RANKS and len(out) < room and make_card(rank, suit) in hand:
            out.append(make_card(rank, suit))
            rank += step
        return out

    below = chain(ranks[0] - 1, -1)
    above = chain(ranks[-1] + 1, +1)
    return [
        below[:i] + above[:j] for i in range(len(below) + 1) for j in range(len(above) + 1) if i + j <= room
    ]


def best_layoffs(
    *,
    knocker_melds: Sequence[Sequence[Card]],
    defender_cards: Iterable[Card],
    max_meld_size: int | None,
    defender_counts: DefenderCounts,
) -> DefenderResult:
    """The defender's best play after a knock (not a gin: a gin takes no layoffs).

    ``deadwood``: layoffs and own melds together minimise the deadwood.
    ``all_unplayed``: lay off the most value; every card left counts, melded or not.
    Ties keep the first mix tried, which lays off as little as possible.
    """
    hand = frozenset(defender_cards)
    options = [_extensions(meld, hand, max_meld_size) for meld in knocker_melds]
    best: tuple[int, list[list[Card]]] | None = None
    for mix in product(*options):
        laid = [c for chain in mix for c in chain]
        if len(set(laid)) != len(laid):
            continue
        rest = hand.difference(laid)
        if defender_counts == "deadwood":
            deadwood = min_deadwood(rest, max_meld_size)
        else:
            deadwood = sum(c.deadwood for c in rest)
        if best is None or deadwood < best[0]:
            best = (deadwood, list(mix))
    assert best is not None  # the empty mix is always tried
    deadwood, chosen = best
    layoffs = [(c, index) for index, chain in enumerate(chosen) for c in chain]
    left = sorted(hand.difference(c for c, _ in layoffs))
    if defender_counts == "deadwood":
        arrangement = best_melds(left, max_meld_size)
        return DefenderResult(deadwood, arrangement.melds, arrangement.deadwood_cards, layoffs)
    return DefenderResult(deadwood, best_melds(left, max_meld_size).melds, left, layoffs)
