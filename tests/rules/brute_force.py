"""Slow, obviously-correct gin solvers the fast ones are checked against.

They share nothing with games.rules.melds or games.rules.gin.layoffs: every meld is listed
from the cards' ranks and suits, then every set of pairwise-disjoint melds is tried.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

from games.rules.cards import Card, make_card


def is_meld(cards: Sequence[Card], cap: int | None) -> bool:
    """A set (3-4 of a rank) or a run (3+ in sequence, one suit, aces low), at most `cap` cards."""
    if len(cards) < 3 or (cap is not None and len(cards) > cap):
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    ranks = sorted(c.rank for c in cards)
    return len({c.suit for c in cards}) == 1 and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def all_melds(hand: frozenset[Card], cap: int | None) -> list[frozenset[Card]]:
    melds = []
    for rank in range(1, 14):
        same = [c for c in hand if c.rank == rank]
        for size in (3, 4):
            melds.extend(frozenset(group) for group in combinations(same, size) if is_meld(group, cap))
    for c in hand:
        for length in range(3, 14 - c.rank + 1):
            run = [make_card(c.rank + k, c.suit) for k in range(length)]
            if not hand.issuperset(run):
                break
            if is_meld(run, cap):
                melds.append(frozenset(run))
    return melds


def disjoint_meld_sets(hand: frozenset[Card], cap: int | None) -> list[frozenset[frozenset[Card]]]:
    """Every set of pairwise-disjoint melds of the hand, the empty one included."""
    melds = all_melds(hand, cap)
    out = []

    def grow(start: int, chosen: list[frozenset[Card]], used: frozenset[Card]) -> None:
        out.append(frozenset(chosen))
        for i in range(start, len(melds)):
            if not melds[i] & used:
                grow(i + 1, [*chosen, melds[i]], used | melds[i])

    grow(0, [], frozenset())
    return out


def deadwood_of(hand: frozenset[Card], melds: frozenset[frozenset[Card]]) -> int:
    melded = frozenset().union(*melds)
    return sum(c.deadwood for c in hand - melded)


@cache
def min_deadwood(hand: frozenset[Card], cap: int | None) -> int:
    return min(deadwood_of(hand, melds) for melds in disjoint_meld_sets(hand, cap))


def best_arrangements(hand: frozenset[Card], cap: int | None) -> set[frozenset[frozenset[Card]]]:
    options = disjoint_meld_sets(hand, cap)
    least = min(deadwood_of(hand, melds) for melds in options)
    return {melds for melds in options if deadwood_of(hand, melds) == least}


def defender_deadwood(
    knocker_melds: Sequence[Sequence[Card]], defender: frozenset[Card], cap: int | None, counts: str
) -> int:
    """The defender's best result over every valid mix of layoffs (classic or all_unplayed)."""
    per_meld = []
    for meld in knocker_melds:
        candidates = [c for c in defender if is_meld([*meld, c], None) or c.suit == meld[0].suit]
        per_meld.append(
            [
                frozenset(extra)
                for size in range(len(candidates) + 1)
                for extra in combinations(candidates, size)
                if not extra or is_meld([*meld, *extra], cap)
            ]
        )
    best = None
    for mix in product(*per_meld):
        laid = frozenset().union(*mix)
        if sum(len(extra) for extra in mix) != len(laid):
            continue
        rest = defender - laid
        score = min_deadwood(rest, cap) if counts == "deadwood" else sum(c.deadwood for c in rest)
        best = score if best is None else min(best, score)
    assert best is not None
    return best
