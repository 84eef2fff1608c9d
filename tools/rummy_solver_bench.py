"""Rummy solver timings: ``python -m tools.rummy_solver_bench [--hands N] [--seed S]``.

Times `least_points`, `best_first_meld`, `best_discard` (one search with the discard in its state)
and `points_after_discard` (the least points after every discard, on one memo) on seeded random hands from two decks (14 cards with 2 jokers,
15 with 4), each call on an empty memo (a server rarely sees the same sub-hand twice), then
hill-climbs from the slowest hands found to hunt for worse ones.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable

from games.rules.cards import DECK, JOKER_COUNT, NATURAL_COUNT, Card, card, format_cards
from games.rules.rummy import (
    STANDARD,
    RummyRules,
    best_discard,
    best_first_meld,
    least_points,
    points_after_discard,
)
from games.rules.rummy.solver import clear_memo

Solve = Callable[[list[Card], RummyRules], object]
JOKERS = [card(NATURAL_COUNT + i) for i in range(JOKER_COUNT)]


def random_hand(rng: random.Random, *, size: int, jokers: int) -> list[Card]:
    return rng.sample(list(DECK) * 2, size - jokers) + JOKERS[:jokers]


def cold_time(solve: Solve, hand: list[Card], rules: RummyRules) -> float:
    """CPU microseconds of this thread for one call on an empty memo (on a shared machine, wall
    time would also count the neighbours' processes)."""
    clear_memo()
    start = time.thread_time()
    solve(hand, rules)
    return (time.thread_time() - start) * 1e6


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p50 = ordered[len(ordered) // 2]
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {p50:7.0f}  p99 {p99:7.0f}  max {ordered[-1]:7.0f} µs"


def mutate(rng: random.Random, hand: list[Card]) -> list[Card]:
    """Swap one natural for another card of the two decks (at most two copies)."""
    naturals = [c for c in hand if not c.is_joker]
    jokers = [c for c in hand if c.is_joker]
    naturals.pop(rng.randrange(len(naturals)))
    while True:
        new = rng.choice(DECK)
        if naturals.count(new) < 2:
            return [*naturals, new, *jokers]


def hunt(
    rng: random.Random, solve: Solve, seeds: list[list[Card]], *, steps: int
) -> tuple[float, list[Card]]:
    """Hill-climb from each seed hand towards slower hands; best of three timings against noise."""
    worst = (0.0, seeds[0])
    for hand in seeds:
        current = min(cold_time(solve, hand, STANDARD) for _ in range(3))
        for _ in range(steps):
            candidate = mutate(rng, hand)
            elapsed = min(cold_time(solve, candidate, STANDARD) for _ in range(3))
            if elapsed > current:
                hand, current = candidate, elapsed
        worst = max(worst, (current, hand), key=lambda pair: pair[0])
    return worst


def adversarial_families(rng: random.Random, *, size: int, jokers: int) -> list[list[Card]]:
    """Long same-suit stretches with duplicates, and dense rank blocks in every suit."""
    out = []
    for _ in range(20):
        suit = rng.randrange(4)
        low = rng.randrange(13)
        stretch = [DECK[suit * 13 + (low + i) % 13] for i in range(size - jokers)]
        stretch[-1] = stretch[rng.randrange(len(stretch) - 1)]
        out.append(stretch + JOKERS[:jokers])
        rank = rng.randrange(11)
        block = [DECK[s * 13 + rank + i] for i in range(3) for s in range(4)] * 2
        out.append(rng.sample(block, size - jokers) + JOKERS[:jokers])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--steps", type=int, default=40, help="hill-climbing steps per seed hand")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    gc.disable()  # collector pauses are the machine's, not the solver's
    for solve in (least_points, best_first_meld, best_discard, points_after_discard):
        for size, jokers in ((14, 2), (15, 4)):
            hands = [random_hand(rng, size=size, jokers=jokers) for _ in range(args.hands)]
            cold_time(solve, hands[0], STANDARD)  # warm the per-rules tables
            timed = sorted(((cold_time(solve, h, STANDARD), h) for h in hands), key=lambda pair: pair[0])
            print(f"{solve.__name__:16} {size} cards, {jokers} jokers: {percentiles([t for t, _ in timed])}")
            seeds = [h for _, h in timed[-5:]] + adversarial_families(rng, size=size, jokers=jokers)
            family_worst = max(min(cold_time(solve, h, STANDARD) for _ in range(3)) for h in seeds[5:])
            slowest, hand = hunt(rng, solve, seeds[:5], steps=args.steps)
            print(
                f"{'':16} families worst {family_worst:.0f} µs; hunt slowest {slowest:.0f} µs: {format_cards(hand)}"
            )
        gc.collect()


if __name__ == "__main__":
    main()
