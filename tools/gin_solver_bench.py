"""Meld solver benchmark: ours against RLCard and OpenSpiel on the same seeded hands.

    python -m tools.gin_solver_bench [--hands N] [--seed S] [--repeat R] [--json]

Needs requirements-bench.txt (rlcard, open-spiel); they are imported here only, lazily.
Our solver is timed cold (memo cleared before every hand, the clearing included) and with
its memo shared across the run.  10-card rows time the least deadwood; 11-card rows time the
best discard (the least deadwood over the eleven 10-card hands: ``deadwood_after_discards``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.rules.cards import DECK, SUITS, Card, make_card
from games.rules.melds import clear_cache, deadwood_after_discards, min_deadwood

Hand = list[Card]


def _uniform_hand(rng: random.Random, size: int) -> Hand:
    return rng.sample(DECK, size)


def _dense_hand(rng: random.Random, size: int) -> Hand:
    """From 6 adjacent ranks in all suits, or 8 adjacent ranks in two suits: many melds."""
    if rng.random() < 0.5:
        low = rng.randint(1, 8)
        block = [make_card(rank, suit) for rank in range(low, low + 6) for suit in range(4)]
    else:
        low = rng.randint(1, 6)
        suits = rng.sample(range(4), 2)
        block = [make_card(rank, suit) for rank in range(low, low + 8) for suit in suits]
    return rng.sample(block, size)


def _time(solve: Callable[[Any], int], hands: Sequence[Any], *, repeat: int) -> tuple[float, list[int]]:
    """Best-of-`repeat` microseconds per hand, and the answers."""
    best = float("inf")
    answers: list[int] = []
    for _ in range(repeat):
        clear_cache()
        start = time.perf_counter()
        answers = [solve(hand) for hand in hands]
        best = min(best, time.perf_counter() - start)
    return best / len(hands) * 1e6, answers


def _cold(solve: Callable[[Hand], int]) -> Callable[[Hand], int]:
    def cold(hand: Hand) -> int:
        clear_cache()
        return solve(hand)

    return cold


def _best_discard(hand: Hand) -> int:
    return min(deadwood_after_discards(hand).values())


@dataclass(frozen=True)
class _Reference:
    convert: Callable[[Hand], list[Any]]
    deadwood: Callable[[list[Any]], int]
    """Least deadwood of its own 10-card hand."""

    def best_discard(self, hand: list[Any]) -> int:
        return min(self.deadwood(hand[:i] + hand[i + 1 :]) for i in range(len(hand)))


def _references() -> tuple[_Reference, _Reference]:
    """RLCard and OpenSpiel, or exit with a hint when they are not installed."""
    try:
        import pyspiel
        from rlcard.games.gin_rummy.utils import melding
        from rlcard.games.gin_rummy.utils import utils as rlcard_utils
    except ImportError as error:
        sys.exit(
            f"the benchmark needs rlcard and open-spiel: pip install -r requirements-bench.txt ({error})"
        )

    # RLCard card ids are rank + 13 * suit with suits S H D C; OpenSpiel's use suits s c d h.
    rlcard_cards = {c: rlcard_utils.get_card(c.rank - 1 + 13 * "SHDC".index(SUITS[c.suit])) for c in DECK}
    openspiel_ids = {c: "SCDH".index(SUITS[c.suit]) * 13 + c.rank - 1 for c in DECK}

    def rlcard_deadwood(cards: list[Any]) -> int:
        clusters = melding.get_best_meld_clusters(cards)
        return rlcard_utils.get_deadwood_count(cards, clusters[0] if clusters else [])

    return (
        _Reference(lambda hand: [rlcard_cards[c] for c in hand], rlcard_deadwood),
        _Reference(
            lambda hand: [openspiel_ids[c] for c in hand],
            pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood,
        ),
    )


def _mismatches(ours: list[int], theirs: list[int]) -> int:
    return sum(a != b for a, b in zip(ours, theirs, strict=True))


def run(*, hands: int, seed: int, repeat: int) -> dict[str, Any]:
    rlcard, openspiel = _references()
    rng = random.Random(seed)
    rows = []
    for kind, deal in (("uniform", _uniform_hand), ("dense", _dense_hand)):
        for size in (10, 11):
            dealt = [deal(rng, size) for _ in range(hands)]
            rl_hands = [rlcard.convert(hand) for hand in dealt]
            os_hands = [openspiel.convert(hand) for hand in dealt]
            ours = min_deadwood if size == 10 else _best_discard
            row: dict[str, Any] = {"hands": kind, "size": size}
            row["ours_cold_us"], answers = _time(_cold(ours), dealt, repeat=repeat)
            row["ours_shared_memo_us"], _ = _time(ours, dealt, repeat=repeat)
            if size == 10:
                row["rlcard_us"], rl_answers = _time(rlcard.deadwood, rl_hands, repeat=repeat)
                row["openspiel_us"], os_answers = _time(openspiel.deadwood, os_hands, repeat=repeat)
            else:
                # RLCard is slow here: one pass is enough.
                row["rlcard_us"], rl_answers = _time(rlcard.best_discard, rl_hands, repeat=1)
                row["openspiel_us"], os_answers = _time(openspiel.best_discard, os_hands, repeat=repeat)
                # OpenSpiel's own 11-card call: best 11-card melds, then drop the highest deadwood card.
                row["openspiel_11_call_us"], call_answers = _time(openspiel.deadwood, os_hands, repeat=repeat)
                row["openspiel_11_call_mismatches"] = _mismatches(answers, call_answers)
                row["openspiel_11_call_above_ours"] = sum(
                    b > a for a, b in zip(answers, call_answers, strict=True)
                )
            row["rlcard_mismatches"] = _mismatches(answers, rl_answers)
            row["openspiel_mismatches"] = _mismatches(answers, os_answers)
            row["rlcard_over_ours_cold"] = row["rlcard_us"] / row["ours_cold_us"]
            row["openspiel_over_ours_cold"] = row["openspiel_us"] / row["ours_cold_us"]
            rows.append(row)
    return {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(),
            "cpus": os.cpu_count(),
        },
        "hands": hands,
        "seed": seed,
        "repeat": repeat,
        "rows": rows,
    }


def _print_table(report: dict[str, Any]) -> None:
    machine = report["machine"]
    print(f"Python {machine['python']} on {machine['platform']}, {machine['cpus']} cpus")
    print(f"{report['hands']} hands per row, seed {report['seed']}, best of {report['repeat']}; µs per hand")
    header = (
        "hands",
        "cards",
        "ours cold",
        "ours memo",
        "RLCard",
        "OpenSpiel",
        "RLCard/ours",
        "OS/ours",
        "OS mism.",
    )
    print("  ".join(f"{h:>11}" for h in header))
    for row in report["rows"]:
        cells = (
            row["hands"],
            row["size"],
            f"{row['ours_cold_us']:.1f}",
            f"{row['ours_shared_memo_us']:.1f}",
            f"{row['rlcard_us']:.1f}",
            f"{row['openspiel_us']:.1f}",
            f"{row['rlcard_over_ours_cold']:.1f}x",
            f"{row['openspiel_over_ours_cold']:.2f}x",
            row["openspiel_mismatches"],
        )
        print("  ".join(f"{c:>11}" for c in cells))
    for row in report["rows"]:
        if row["size"] == 11:
            print(
                f"{row['hands']} 11 cards: OpenSpiel's single 11-card call {row['openspiel_11_call_us']:.1f} µs, "
                f"differs from the best discard on {row['openspiel_11_call_mismatches']} hands "
                f"({row['openspiel_11_call_above_ours']} of them higher than ours); "
                f"RLCard mismatches {row['rlcard_mismatches']}"
            )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.gin_solver_bench", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--hands", type=int, default=2000, help="hands per row (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hands (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="timed passes, best kept (default 3)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    report = run(hands=args.hands, seed=args.seed, repeat=args.repeat)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        _print_table(report)


if __name__ == "__main__":
    main()
