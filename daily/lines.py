"""A first hand told move by move, with the cards: the player's own line and the par line.
Only shown once the day is closed (the stock cards are in it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from daily.par import play_line
from daily.seeds import first_hand
from games.models import Match
from games.rules.gin import apply


@dataclass(frozen=True)
class Step:
    seat: int
    type: str
    """draw, discard or knock."""
    card: str | None
    source: str | None = None


def steps(seed: bytes, moves: list[tuple[int, dict[str, Any]]]) -> list[Step]:
    """The moves replayed on the day's deal, each with the card it moved."""
    state, out = first_hand(seed), []
    for seat, action in moves:
        card = action.get("card")
        if action["type"] == "draw":
            card = str(state.stock[0] if action["source"] == "stock" else state.discard_pile[-1])
        out.append(Step(seat=seat, type=action["type"], card=card, source=action.get("source")))
        state, _ = apply(state, seat, action)
    return out


def own_moves(match: Match) -> list[tuple[int, dict[str, Any]]]:
    """The first hand's moves from the match's log (the deal left out)."""
    moves = []
    for seat, action in match.moves.order_by("seq").values_list("seat", "action")[1:]:
        if action["type"] == "deal":
            break
        moves.append((seat, action))
    return moves


def par_moves(seed: bytes, actions: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    return play_line(seed, actions)[1]
