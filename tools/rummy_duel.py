"""Bot-only rummy matches: ``python -m tools.rummy_duel --seats 2 --matches 200``.

A harness like the server's (it holds the state; the bots never import it): each seat's bot gets
its view and answers one action at a time; on a calling table every other seat is asked, in
turn order, whether it calls the fresh discard.  Seats alternate good and easy; matches come in
pairs with the same deals and the levels swapped, so neither side keeps the luck of a deal.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.ai.rummy import choose_action
from games.rules.rummy import RummyRules, RummyState, apply, new_match, view_for

MAX_ACTIONS = 20_000


@dataclass
class Timings:
    """CPU seconds per decision, per level (the machine is shared: wall time would time the neighbours)."""

    by_level: dict[str, list[float]] = field(default_factory=dict)

    def add(self, level: str, seconds: float) -> None:
        self.by_level.setdefault(level, []).append(seconds)


def play_match(
    rules: RummyRules, levels: Sequence[str], *, seed: str, rounds: int, timings: Timings | None = None
) -> RummyState:
    """A whole match between the bots `levels` (one per seat); deals from `seed`."""
    state = new_match(rules, seats=len(levels), rounds=rounds, first_seat=int(seed[:2], 16) % len(levels))
    for _ in range(MAX_ACTIONS):
        if state.phase == "match_over":
            return state
        if state.turn is None:
            deal = hashlib.sha256(f"{seed}:{state.round}".encode()).hexdigest()[:32]
            state, _ = apply(state, None, {"type": "deal", "seed": deal})
            continue
        seat, action = _caller(state, levels, timings) or (state.turn, None)
        if action is None:
            action = _ask(state, seat, levels[seat], timings)
        state, _ = apply(state, seat, action)
    raise RuntimeError("the match did not end")


def _caller(state: RummyState, levels: Sequence[str], timings: Timings | None) -> tuple[int, dict] | None:
    if not state.callable:
        return None
    for step in range(1, state.seats):
        seat = (state.turn + step) % state.seats
        if view_for(state, seat)["legal_actions"]:
            action = _ask(state, seat, levels[seat], timings)
            if action is not None:
                return seat, action
    return None


def _ask(state: RummyState, seat: int, level: str, timings: Timings | None) -> dict | None:
    view = view_for(state, seat)
    start = time.process_time()
    action = choose_action(level, view, seed=seat)
    if timings is not None:
        timings.add(level, time.process_time() - start)
    return action


def wilson(wins: float, n: int) -> tuple[float, float]:
    """95% Wilson interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def duel(
    rules: RummyRules, *, seats: int, matches: int, rounds: int, seed: int, timings: Timings | None = None
) -> dict:
    """Good against easy, seats alternating; a match's winner is the level of its top total
    (a shared top counts half).  Also the good seats' points per round minus the easy seats'."""
    good_wins, margin, played = 0.0, 0.0, 0
    for pair in range((matches + 1) // 2):
        for flip in (0, 1):
            levels = [("good", "easy")[(s + flip) % 2] for s in range(seats)]
            state = play_match(rules, levels, seed=f"{seed:08x}{pair:08x}", rounds=rounds, timings=timings)
            totals = state.totals
            top = [levels[s] for s in state.result.winners]
            good_wins += top.count("good") / len(top)
            good = [t for t, lvl in zip(totals, levels, strict=True) if lvl == "good"]
            easy = [t for t, lvl in zip(totals, levels, strict=True) if lvl == "easy"]
            margin += (sum(good) / len(good) - sum(easy) / len(easy)) / rounds
            played += 1
    low, high = wilson(good_wins, played)
    return {
        "matches": played,
        "good_win_rate": good_wins / played,
        "ci95": (low, high),
        "margin_per_round": margin / played,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="{}", help="flags as JSON, e.g. '{\"calling\": true}'")
    args = parser.parse_args()
    rules = RummyRules.from_dict(json.loads(args.rules))
    timings = Timings()
    result = duel(
        rules, seats=args.seats, matches=args.matches, rounds=args.rounds, seed=args.seed, timings=timings
    )
    low, high = result["ci95"]
    print(
        f"{args.seats} seats, {result['matches']} matches of {args.rounds} round(s): good wins "
        f"{result['good_win_rate']:.1%} (95% {low:.1%}..{high:.1%}), "
        f"good minus easy {result['margin_per_round']:+.1f} points a round"
    )
    for level, times in sorted(timings.by_level.items()):
        ordered = sorted(times)
        p50 = ordered[len(ordered) // 2] * 1000
        p99 = ordered[min(len(ordered) - 1, math.ceil(len(ordered) * 0.99) - 1)] * 1000
        print(
            f"{level}: {len(ordered)} decisions, p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {ordered[-1] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
