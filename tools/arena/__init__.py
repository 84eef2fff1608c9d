"""The arena: whole matches between two bots, with mirrored deals, and their statistics.

Matches come in pairs that share their deals: hand n of both matches of a pair is dealt
from the same seed, with the bots in swapped seats, so the luck of the cards cancels out as
far as it can (the two matches drift apart once their hands end differently).  Deal seeds
are derived from the arena seed; the deal is the server's ``{"type": "deal", "seed": hex}``
applied with seat None, as in a real match.
"""

from __future__ import annotations

import hashlib
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from games.ai import LEVELS, choose_action
from games.rules.gin import ARCADE, CLASSIC, GinRules, apply, new_match, view_for
from tools.arena import eaai_simple
from tools.arena.records import DealSeeds, HandResult, MatchOutcome

OPENSPIEL_SIMPLE = "openspiel-simple"
BOTS: tuple[str, ...] = (*LEVELS, eaai_simple.NAME, OPENSPIEL_SIMPLE)
"""Ours, then the two reference players, which play only as `--b`."""
REFERENCES = (eaai_simple.NAME, OPENSPIEL_SIMPLE)
RULE_SETS: dict[str, GinRules] = {"classic": CLASSIC, "arcade": ARCADE}
KINDS = ("gin", "knock", "undercut", "big_gin")


def deal_seed(arena_seed: int, pair: int, hand: int) -> str:
    """The seed of hand `hand` of match pair `pair`: 16 bytes of SHA-256, hex."""
    return hashlib.sha256(f"arena:{arena_seed}:{pair}:{hand}".encode()).hexdigest()[:32]


def bot_seed(arena_seed: int, match: int, seat: int) -> int:
    return int(hashlib.sha256(f"bot:{arena_seed}:{match}:{seat}".encode()).hexdigest()[:12], 16)


def play_match(
    *,
    rules: GinRules,
    levels: tuple[str, str],
    seeds: tuple[int, int],
    deals: DealSeeds,
    samples: int | None = None,
) -> MatchOutcome:
    """Our engine, our bots in seats 0 and 1; seat 0 plays first in the first hand."""
    state = new_match(rules)
    times: tuple[list[float], list[float]] = ([], [])
    while state.phase != "match_over":
        if state.phase in ("deal", "hand_over"):
            state, _ = apply(state, None, {"type": "deal", "seed": deals(state.hand_number + 1)})
            continue
        seat = state.turn
        view = view_for(state, seat)
        started = time.perf_counter()
        if levels[seat] == eaai_simple.NAME:
            action = eaai_simple.choose_action(view, seed=seeds[seat])
        else:
            action = choose_action(levels[seat], view, seed=seeds[seat], samples=samples)
        times[seat].append(time.perf_counter() - started)
        state, _ = apply(state, seat, action)
    hands = [HandResult(h.kind, h.winner, h.points) for h in state.history]
    return MatchOutcome(winner=state.result.winner, hands=hands, decision_seconds=times)


def run(
    *,
    a: str,
    b: str,
    matches: int,
    rules: str = "classic",
    seed: int = 1,
    samples: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `matches` matches (rounded up to whole mirrored pairs) and report them as JSON."""
    for name in (a, b):
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})")
    if a in REFERENCES:
        raise ValueError(f"seat {a} as --b, against one of our bots as --a")
    if b == eaai_simple.NAME and rules != "classic":
        raise ValueError(f"{eaai_simple.NAME} plays the classic rules (it knocks after its discard)")
    if rules not in RULE_SETS:
        raise ValueError(f"unknown rule set {rules!r} (rule sets: {', '.join(RULE_SETS)})")
    if matches < 1:
        raise ValueError("play at least one match")
    total = matches + matches % 2
    tally = _Tally(a, b)
    for index in range(total):
        pair, a_seat = divmod(index, 2)
        levels = (a, b) if a_seat == 0 else (b, a)
        seeds = (bot_seed(seed, index, 0), bot_seed(seed, index, 1))

        def deals(hand: int, pair: int = pair) -> str:
            return deal_seed(seed, pair, hand)

        if b == OPENSPIEL_SIMPLE:
            from tools.arena.openspiel_adapter import play_match as play_openspiel  # benchmark-only, lazy

            outcome = play_openspiel(
                level=a, our_seat=a_seat, seed=seeds[a_seat], deals=deals, samples=samples
            )
        else:
            outcome = play_match(
                rules=RULE_SETS[rules], levels=levels, seeds=seeds, deals=deals, samples=samples
            )
        tally.add(outcome, a_seat)
        if progress:
            progress(index + 1, total)
    return tally.report(rules=rules, seed=seed)


class _Tally:
    def __init__(self, a: str, b: str) -> None:
        self.names = (a, b)
        self.matches = 0
        self.a_wins = 0
        self.hands = 0
        self.points = [0, 0]
        self.kinds = {f"{kind}_{who}": 0 for kind in KINDS for who in "ab"} | {"dead": 0, "tie": 0}
        self.seconds: dict[str, list[float]] = {a: [], b: []}

    """Decision times by bot name (one list when a bot plays itself)."""

    def add(self, outcome: MatchOutcome, a_seat: int) -> None:
        self.matches += 1
        self.a_wins += outcome.winner == a_seat
        for hand in outcome.hands:
            self.hands += 1
            if hand.winner is None:
                self.kinds[hand.kind] += 1
                continue
            who = 0 if hand.winner == a_seat else 1
            self.points[who] += hand.points
            self.kinds[f"{hand.kind}_{'ab'[who]}"] += 1
        self.seconds[self.names[0]].extend(outcome.decision_seconds[a_seat])
        self.seconds[self.names[1]].extend(outcome.decision_seconds[1 - a_seat])

    def report(self, *, rules: str, seed: int) -> dict[str, Any]:
        a, b = self.names
        hands = max(1, self.hands)
        return {
            "a": a,
            "b": b,
            "rules": rules,
            "seed": seed,
            "matches": self.matches,
            "a_wins": self.a_wins,
            "a_win_rate": self.a_wins / self.matches,
            "ci95": list(wilson_interval(self.a_wins, self.matches)),
            "hands": self.hands,
            "points_per_hand_a": self.points[0] / hands,
            "points_per_hand_b": self.points[1] / hands,
            "net_points_per_hand_a": (self.points[0] - self.points[1]) / hands,
            "rates": {kind: count / hands for kind, count in self.kinds.items()},
            "decision_ms": {name: percentiles(times) for name, times in self.seconds.items() if times},
        }


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentiles(seconds: list[float]) -> dict[str, float]:
    """p50 and p99 in milliseconds (nearest-rank p99)."""
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    return {
        "p50": round(statistics.median(ordered) * 1000, 3),
        "p99": round(p99 * 1000, 3),
        "decisions": len(ordered),
    }
