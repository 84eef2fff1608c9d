"""Places at the end of a match, for every family: competition ranking by total."""

from __future__ import annotations

from collections.abc import Sequence


def competition_places(totals: Sequence[int]) -> list[int]:
    """Each seat's place (0 first), highest total first; tied seats share a place and the next
    place is skipped: totals 50, 80, 50 give places 1, 0, 1."""
    return [sum(other > total for other in totals) for total in totals]
