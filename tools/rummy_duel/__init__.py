"""Bot-only German Rummy matches between any mix of levels (``python -m tools.rummy_duel``).

A harness like the server's (it holds the state; the bots never import it): each seat's bot gets
its view and answers one action at a time; on a calling table every other seat is asked, in turn
order, whether it calls the fresh discard.  Matches come in groups that share their deals: a
group plays the same deals once per rotation of the seating (2 seats: both ways round, 4 seats:
four times), so no level keeps the luck of a seat or a deal.

Everything but the decision times is a function of the arguments.
"""

from __future__ import annotations

import hashlib
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.ai.rummy import LEVELS, choose_action
from games.rules.rummy import RummyRules, RummyState, apply, new_match, view_for
from tools.arena import percentiles, wilson_interval

MAX_ACTIONS = 20_000


@dataclass
class Timings:
    """CPU seconds per decision, per level (the machine is shared: wall time would time the neighbours)."""

    by_level: dict[str, list[float]] = field(default_factory=dict)

    def add(self, level: str, seconds: float) -> None:
        self.by_level.setdefault(level, []).append(seconds)


def bot_seed(seed: str, seat: int) -> int:
    return int(hashlib.sha256(f"bot:{seed}:{seat}".encode()).hexdigest()[:12], 16)


def play_match(
    rules: RummyRules, levels: Sequence[str], *, seed: str, rounds: int, timings: Timings | None = None
) -> RummyState:
    """A whole match between the bots `levels` (one per seat); deals and the first seat from `seed`."""
    state = new_match(rules, seats=len(levels), rounds=rounds, first_seat=int(seed[:2], 16) % len(levels))
    for _ in range(MAX_ACTIONS):
        if state.phase == "match_over":
            return state
        if state.turn is None:
            deal = hashlib.sha256(f"{seed}:{state.round}".encode()).hexdigest()[:32]
            state, _ = apply(state, None, {"type": "deal", "seed": deal})
            continue
        seat, action = _caller(state, levels, seed, timings) or (state.turn, None)
        if action is None:
            action = _ask(state, seat, levels[seat], seed, timings)
        state, _ = apply(state, seat, action)
    raise RuntimeError("the match did not end")


def _caller(
    state: RummyState, levels: Sequence[str], seed: str, timings: Timings | None
) -> tuple[int, dict] | None:
    if not state.callable:
        return None
    for step in range(1, state.seats):
        seat = (state.turn + step) % state.seats
        if view_for(state, seat)["legal_actions"]:
            action = _ask(state, seat, levels[seat], seed, timings)
            if action is not None:
                return seat, action
    return None


def _ask(state: RummyState, seat: int, level: str, seed: str, timings: Timings | None) -> dict | None:
    view = view_for(state, seat)
    start = time.process_time()
    action = choose_action(level, view, seed=bot_seed(seed, seat))
    if timings is not None:
        timings.add(level, time.process_time() - start)
    return action


def run(
    levels: Sequence[str],
    *,
    matches: int,
    rules: RummyRules | None = None,
    rounds: int = 1,
    seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `matches` matches (rounded up to whole groups of seatings) of the levels `levels`, one
    per seat, and report them as JSON.  A match's win goes to the seats with its top total (a shared
    top splits it)."""
    rules = rules or RummyRules()
    seats = len(levels)
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown rummy level {level!r} (levels: {', '.join(LEVELS)})")
    problems = rules.problems(seats=seats)
    if problems:
        raise ValueError("; ".join(problems))
    if matches < 1:
        raise ValueError("play at least one match")
    groups = -(-matches // seats)
    names = sorted(set(levels), key=list(LEVELS).index)
    tally = {name: _LevelTally(seats=levels.count(name)) for name in names}
    timings = Timings()
    for group in range(groups):
        deals = f"{seed:08x}{group:08x}"
        points = {name: 0.0 for name in names}
        for shift in range(seats):
            seating = [levels[(s + shift) % seats] for s in range(seats)]
            state = play_match(rules, seating, seed=deals, rounds=rounds, timings=timings)
            winners = state.result.winners
            for s, name in enumerate(seating):
                tally[name].wins += (s in winners) / len(winners)
                points[name] += state.totals[s] / rounds / tally[name].seats / seats
            for record in state.history:
                if record.winner is not None:
                    tally[seating[record.winner]].went_out += 1
                    tally[seating[record.winner]].rummies += record.rummy
        for name in names:
            tally[name].group_points.append(points[name])
        if progress:
            progress(group + 1, groups)
    played = groups * seats
    return {
        "levels": list(levels),
        "seats": seats,
        "rules": rules.to_dict(),
        "rounds": rounds,
        "seed": seed,
        "matches": played,
        "by_level": {name: tally[name].report(played, rounds, seats) for name in names},
        "decision_ms": {
            name: percentiles(timings.by_level[name]) for name in names if name in timings.by_level
        },
    }


@dataclass
class _LevelTally:
    seats: int
    wins: float = 0.0
    went_out: int = 0
    rummies: int = 0
    group_points: list[float] = field(default_factory=list)
    """Per group of seatings, the level's mean points a seat and a round."""

    def report(self, matches: int, rounds: int, seats: int) -> dict[str, Any]:
        mean = statistics.fmean(self.group_points)
        interval = None  # one group has no spread to speak of
        if len(self.group_points) > 1:
            half = 1.96 * statistics.stdev(self.group_points) / math.sqrt(len(self.group_points))
            interval = [mean - half, mean + half]
        return {
            "seats": self.seats,
            "win_share": self.wins / matches,
            "fair_share": self.seats / seats,
            "ci95": list(wilson_interval(round(self.wins), matches)),
            "points_per_round": mean,
            "points_ci95": interval,
            "went_out": self.went_out / (matches * rounds),
            "rummies": self.rummies / (matches * rounds),
        }
