"""The first stage: a hand read into count fields, with the cards no meld can hold set aside."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from games.rules.cards import ALL_CARDS, NATURAL_COUNT, Card
from games.rules.rummy.rules import RummyRules
from games.rules.rummy.solver.fields import FIELD, FIELD_MASK, ONES
from games.rules.rummy.solver.records import Hand


def _run_distance(a: int, b: int, *, cyclic: bool) -> int:
    """Places between two ranks along a run (an ace may sit at either end, or anywhere when cyclic)."""
    if cyclic:
        return min((a - b) % 13, (b - a) % 13)
    return min(abs(a - b), abs((a or 13) - (b or 13)) if 0 in (a, b) else 13)


@cache
def partner_fields(cyclic: bool, jokers: int) -> tuple[int, ...]:
    """Per card, the cards (as count bits) one of which a meld holding it must also hold."""
    out = []
    for c in range(NATURAL_COUNT):
        mask = 0
        for other in range(NATURAL_COUNT):
            same_rank = other % 13 == c % 13 and other != c
            near = (
                other // 13 == c // 13 and 0 < _run_distance(c % 13, other % 13, cyclic=cyclic) <= 1 + jokers
            )
            if same_rank or near:
                mask |= 1 << (FIELD * other)
        out.append(mask)
    return tuple(out)


def read_hand(cards: Iterable[int], rules: RummyRules) -> Hand:
    counts = 0
    jokers: list[Card] = []
    stuck: list[Card] = []
    for c in cards:
        c = ALL_CARDS[c]
        if c >= NATURAL_COUNT:
            (jokers if rules.jokers else stuck).append(c)
            continue
        if counts >> (FIELD * c) & 3 == 2:
            raise ValueError(f"a rummy hand holds at most two copies of {c}")
        counts += 1 << (FIELD * c)
    partners = partner_fields(rules.cyclic_runs, len(jokers))
    present = (counts | counts >> 1) & ONES
    rest = counts
    while rest:  # the naturals in index order
        c = ((rest & -rest).bit_length() - 1) // FIELD
        rest &= ~(FIELD_MASK << (FIELD * c))
        if not present & partners[c]:
            copies = counts >> (FIELD * c) & 3
            stuck.extend([ALL_CARDS[c]] * copies)
            counts -= copies << (FIELD * c)
    return Hand(counts, tuple(jokers), tuple(stuck))
