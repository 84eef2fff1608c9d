"""A seat's decisions in a finished gin match: the view it had before each of its moves."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.models import Match
from games.replays import replay_moves
from games.rules.gin import view_for


@dataclass(frozen=True)
class Decision:
    seq: int
    """The move's place in the match's move log (1 is the first deal)."""
    hand_number: int
    view: dict[str, Any]
    """Exactly what the seat's browser was sent (its own cards, the public facts)."""
    action: dict[str, Any]


def decisions_of(match: Match, seat: int) -> Iterator[Decision]:
    before = None
    for seq, (move, state, _events) in enumerate(replay_moves(match)):
        if move is not None and move.seat == seat and before is not None:
            view = view_for(before, seat, reveal_seeds=False)
            yield Decision(seq=seq, hand_number=view["hand_number"], view=view, action=move.action)
        before = state
