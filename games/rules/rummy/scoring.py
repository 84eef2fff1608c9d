"""Round scoring (RUMMY.md): hand points lost, the winner's gain, casino table points, Rummy."""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.rummy.deck import CardId, card_of
from games.rules.rummy.melds import hand_points
from games.rules.rummy.rules import RummyRules


def score_round(
    hands: Sequence[Sequence[CardId]],
    laid: Sequence[CardId],
    winner: int | None,
    rummy: bool,
    rules: RummyRules,
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """(hand points per seat, casino table points, score per seat) of a finished round.

    Every seat loses its hand's points.  The winner (None when the stock ran out) gains their
    sum.  Under casino scoring the winner also gains the value of `laid`, the cards it put on
    the table this round, taken from the others in equal parts: each pays
    ``table_points // (seats - 1)`` and the winner gains what they pay, so a round always
    balances (the remainder, under one point per loser, is dropped).  A Rummy doubles it all.
    """
    points = tuple(hand_points((card_of(c) for c in hand), rules) for hand in hands)
    scores = [-p for p in points]
    table_points = 0
    if winner is not None:
        scores[winner] = sum(points)
        if rules.casino_scoring:
            table_points = hand_points((card_of(c) for c in laid), rules)
            share = table_points // (len(hands) - 1)
            scores = [
                s + share * (len(hands) - 1) if i == winner else s - share for i, s in enumerate(scores)
            ]
    factor = 2 if rummy else 1
    return points, table_points, tuple(s * factor for s in scores)
