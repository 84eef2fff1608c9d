"""Where the unseen cards are: a weight per unseen card for being in the opponent's hand.

Every unseen card starts equal.  Public facts then tilt the weights: a card that connects
(could share a meld) with something the opponent picked from the pile is likelier held; one
that connects with something it threw away or declined is less likely, since players keep
cards that work with what they hold.  Opponent hands are sampled from these weights, which
keeps every sample consistent with the facts: the known picks are always in, and no card we
have seen elsewhere ever is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from random import Random

from games.ai.hand_value import connects, deadwood
from games.ai.table import Table
from games.rules.cards import Card

PICKED = 2.5
THROWN = 0.6
DECLINED = 0.7
TYPICAL_DEADWOOD = (47, 38, 32, 27, 23, 20)
"""Mean least deadwood of a sound player's 10 cards after 1, 2, ... discards (Medium against
itself, 60 hands); a random 10-card hand has about 60."""
OVERSAMPLE = 4
TILTS = (3, 5, 8, 12, 18, 27, 40)


@dataclass(frozen=True)
class Belief:
    known: tuple[Card, ...]
    """Opponent cards known from its picks."""
    weights: dict[Card, float]
    """Relative weight of each unseen card being among the opponent's unknown cards."""
    unknown: int
    """How many opponent cards are unseen."""
    next_stock: Card | None = None
    """The stock's top when it is public (after an arcade recycle)."""

    def holding(self) -> dict[Card, float]:
        """Approximate probability that each unseen card is in the opponent's hand."""
        total = sum(self.weights.values())
        if not total:
            return {c: 0.0 for c in self.weights}
        return {c: min(0.95, self.unknown * w / total) for c, w in self.weights.items()}

    def stock_draw(self) -> dict[Card, float]:
        """Probability that a stock draw brings each card."""
        if self.next_stock is not None:
            return {self.next_stock: 1.0}
        free = {c: 1.0 - p for c, p in self.holding().items()}
        total = sum(free.values())
        return {c: p / total for c, p in free.items()} if total else {}

    def sample_hands(self, rng: Random, count: int, *, discards: int, cap: int | None) -> list[list[Card]]:
        """`count` opponent hands, tilted towards the deadwood a player has after `discards` discards.

        Cards drawn at random make a far worse hand than one a player has been improving for
        several turns; left alone, the samples would make the opponent look slow to knock.
        Candidates are weighted by exp(-deadwood / t), t chosen so that the weighted mean
        deadwood comes closest to the typical one, then resampled.
        """
        candidates = [self.sample_hand(rng) for _ in range(count * OVERSAMPLE)]
        if discards == 0 or not candidates:
            return candidates[:count]
        target = TYPICAL_DEADWOOD[min(discards, len(TYPICAL_DEADWOOD)) - 1]
        values = [deadwood(hand, cap) for hand in candidates]
        low = min(values)

        def tilted(t: float) -> list[float]:
            return [math.exp(-(v - low) / t) for v in values]

        def mean(weights: list[float]) -> float:
            return sum(w * v for w, v in zip(weights, values, strict=True)) / sum(weights)

        best = min(TILTS, key=lambda t: abs(mean(tilted(t)) - target))
        weights = tilted(best) if mean([1.0] * len(values)) > target else [1.0] * len(values)
        return rng.choices(candidates, weights=weights, k=count)

    def sample_hand(self, rng: Random) -> list[Card]:
        """One opponent hand, drawn by weight without replacement (Efraimidis-Spirakis keys)."""
        keyed = sorted(self.weights, key=lambda c: rng.random() ** (1.0 / self.weights[c]), reverse=True)
        return [*self.known, *keyed[: self.unknown]]


def infer(table: Table) -> Belief:
    unseen = sorted(table.unseen)
    weights = {}
    for c in unseen:
        weight = 1.0
        for picked in table.opponent_known:
            weight *= PICKED if connects(c, picked) else 1.0
        for thrown in table.opponent_discards:
            weight *= THROWN if connects(c, thrown) else 1.0
        for declined in table.opponent_declined:
            weight *= DECLINED if connects(c, declined) else 1.0
        weights[c] = weight
    unknown = max(0, min(table.opponent_unknown, len(unseen)))
    next_stock = table.known_stock[0] if table.known_stock else None
    return Belief(tuple(sorted(table.opponent_known)), weights, unknown, next_stock)
