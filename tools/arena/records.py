"""What one arena match yields, shared by our bots' matches and the OpenSpiel adapter's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

DealSeeds = Callable[[int], str]
"""Hand number (1-based) -> deal seed, hex."""


@dataclass(frozen=True)
class HandResult:
    kind: str
    """"knock", "gin", "undercut", "big_gin", "dead", or "tie" (OpenSpiel only: a knock scored 0)."""
    winner: int | None
    """Seat of the hand's winner (None for a dead hand)."""
    points: int


@dataclass
class MatchOutcome:
    winner: int
    """Seat of the match winner."""
    hands: list[HandResult] = field(default_factory=list)
    decision_seconds: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    """Each seat's decision times (empty for a bot we do not time)."""
