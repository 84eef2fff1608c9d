"""The finished hands (gin) or rounds (rummy) a view includes."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def last(records: tuple[T, ...], count: int | None) -> tuple[T, ...]:
    """The last `count` records (all of them for None)."""
    if count is None:
        return records
    return records[max(0, len(records) - count) :]
