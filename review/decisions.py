"""A seat's decisions in a finished match (gin or German Rummy): the view it had before each of
its moves."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.adapters import adapter
from games.models import Family, Match
from games.replays import replay_moves


@dataclass(frozen=True)
class Decision:
    seq: int
    """The move's place in the match's move log (1 is the first deal)."""
    hand_number: int
    """The gin hand's number, or the rummy round's."""
    view: dict[str, Any]
    """Exactly what the seat's browser was sent (its own cards, the public facts)."""
    action: dict[str, Any]


def decisions_of(match: Match, seat: int) -> Iterator[Decision]:
    family = adapter(match.family)
    hand_key = "round" if match.family == Family.RUMMY else "hand_number"
    before = None
    for seq, (move, state, _events) in enumerate(replay_moves(match)):
        if move is not None and move.seat == seat and before is not None:
            view = family.view_for(before, seat, reveal_seeds=False)
            yield Decision(seq=seq, hand_number=view[hand_key], view=view, action=move.action)
        before = state
