"""Who plays whom: the free players of one arena grouped into tables.  Pure Python (no Django,
no clock), so the properties can be tested with hypothesis (tests/arenas/test_pairing.py).

As in lichess's arena pairing (lila's AntmaPairing), players are ranked by arena score, then
rating, and neighbours in that order are paired; a pair that has just played together is
avoided while another partner is free.  German Rummy tables group `seats` neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Free:
    """A free player: not in a running game of the arena, not paused, connected."""

    user_id: int
    points: int
    rating: float
    last_opponents: frozenset[int] = field(default_factory=frozenset)


def _just_played(a: Free, b: Free) -> bool:
    return b.user_id in a.last_opponents or a.user_id in b.last_opponents


def _ranked(players: Sequence[Free]) -> list[Free]:
    return sorted(players, key=lambda p: (-p.points, -p.rating, p.user_id))


def pair(players: Sequence[Free]) -> list[tuple[int, int]]:
    """Two-seat tables.  Everyone is paired but one when the count is odd; a rematch of the
    last opponent is made only when no other free player is left to take either of them."""
    ranked = _ranked(players)
    pairs: list[list[Free]] = []
    waiting: list[Free] = []
    for player in ranked:
        partner = next((w for w in waiting if not _just_played(w, player)), None)
        if partner is None:
            waiting.append(player)
        else:
            waiting.remove(partner)
            pairs.append([partner, player])
    # Everyone still waiting has just played every other one waiting (at most three remain):
    # swap one into a made pair where the other halves may play each other.
    while len(waiting) >= 2:
        x = waiting.pop(0)
        swapped = _swap_in(x, waiting, pairs)
        if not swapped:
            y = waiting.pop(0)  # nobody else can take x or y: the rematch beats waiting
            pairs.append([x, y])
    return [(a.user_id, b.user_id) for a, b in pairs]


def _swap_in(x: Free, waiting: list[Free], pairs: list[list[Free]]) -> bool:
    for pair_ in pairs:
        for keep, free in ((0, 1), (1, 0)):
            for y in waiting:
                if not _just_played(x, pair_[keep]) and not _just_played(y, pair_[free]):
                    waiting.remove(y)
                    pairs.append([y, pair_[free]])
                    pair_[free] = x
                    return True
    return False


def group(players: Sequence[Free], *, seats: int) -> list[tuple[int, ...]]:
    """German Rummy tables of `seats` neighbours in rank; fewer than `seats` left wait.  A table
    whose players all just played together (the same table again) takes a waiting player
    for one of them when one waits."""
    ranked = _ranked(players)
    count = len(ranked) // seats * seats
    tables = [ranked[i : i + seats] for i in range(0, count, seats)]
    waiting = ranked[count:]
    for table in tables:
        if waiting and all(_just_played(a, b) for a in table for b in table if a is not b):
            table[-1], waiting[0] = waiting[0], table[-1]
    return [tuple(p.user_id for p in table) for table in tables]
