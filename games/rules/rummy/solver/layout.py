"""The fourth stage: one best way to lay a hand out, from the search's values."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.rules.cards import card
from games.rules.rummy.melds import Meld, card_points, meld_points
from games.rules.rummy.rules import RummyRules
from games.rules.rummy.solver.fields import FIELD, GUARD
from games.rules.rummy.solver.hand import read_hand
from games.rules.rummy.solver.records import Arrangement, Candidate, Hand, Layout
from games.rules.rummy.solver.search import Solver, solver_for


def lay_out(
    solver: Solver,
    candidates: list[list[list[Candidate]]],
    best: Callable[[int, int, int, int], int],
    hand: Hand,
) -> tuple[list[Layout], list[int]]:
    """One best way to lay `hand` out: the layouts of its melds and the naturals (indices) left.

    The lowest natural goes into the first candidate (richest first) that keeps the optimum, or stays.
    """
    counts, jokers, kept = hand.counts, len(hand.jokers), int(bool(hand.stuck))
    layouts: list[Layout] = []
    left: list[int] = []
    worth = solver.worth(counts)
    while counts:
        target = best(counts, jokers, kept, worth)
        lowest = ((counts & -counts).bit_length() - 1) // FIELD
        guarded = counts | GUARD
        for need, used, gain, need_worth, layout, _, _ in candidates[lowest][jokers]:
            fits = (guarded - need) & GUARD == GUARD
            if fits and gain + best(counts - need, jokers - used, kept, worth - need_worth) == target:
                layouts.append(layout)
                counts, jokers, worth = counts - need, jokers - used, worth - need_worth
                break
        else:
            left.append(lowest)
            counts, kept = counts - (1 << (FIELD * lowest)), kept | int(solver.keep_one)
            worth -= solver.natural_gain[lowest]
    return layouts, left


def _arrangement(cards: Iterable[int], rules: RummyRules, *, first_meld: bool) -> Arrangement:
    hand = read_hand(cards, rules)
    solver = solver_for(rules, first_meld=first_meld)
    candidates = solver.candidates(hand.counts, len(hand.jokers))
    layouts, naturals_left = lay_out(solver, candidates, solver.search(candidates, hand.counts), hand)
    pool = list(hand.jokers)
    melds = []
    for stands, bits, kind in layouts:
        placed = [pool.pop(0) if bits >> i & 1 else card(s) for i, s in enumerate(stands)]
        melds.append(Meld(kind, tuple(placed), tuple(map(card, stands))))
    left = [*hand.stuck, *map(card, naturals_left), *pool]
    score = sum(map(meld_points, melds)) if first_meld else sum(card_points(c, rules) for c in left)
    return Arrangement(score, tuple(melds), tuple(left))


def arrange(cards: Iterable[int], rules: RummyRules) -> Arrangement:
    """One arrangement leaving `least_points` in hand."""
    return _arrangement(cards, rules, first_meld=False)


def arrange_first_meld(cards: Iterable[int], rules: RummyRules) -> Arrangement:
    """One arrangement laying down `best_first_meld` (its score); no melds when nothing can be laid."""
    return _arrangement(cards, rules, first_meld=True)
