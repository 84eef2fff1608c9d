"""Playing a turn for a player whose time ran out (RUMMY.md): draw from the stock, then discard
the highest-value card that is in no meld."""

from __future__ import annotations

from typing import Any

from games.rules.rummy.deck import card_of
from games.rules.rummy.engine import Event, apply, legal_actions
from games.rules.rummy.melds import card_points
from games.rules.rummy.solver import arrange
from games.rules.rummy.state import PLAYING, RummyState


def timeout_action(state: RummyState) -> dict[str, Any]:
    """The next action played for the seat in turn.

    "In no meld" means left over by the solver's best arrangement of the hand (`arrange`);
    when every card is in a meld, the highest-value card that may be discarded goes.  Ties go
    to the highest card id.  Under fixed_jokers a freed joker that must be played is laid off
    first (on the first meld that takes it).
    """
    seat = state.turn
    if state.phase not in PLAYING or seat is None:
        raise ValueError("no turn is being played")
    if state.phase == "draw":
        return {"type": "draw", "source": "stock"}
    legal = legal_actions(state, seat)
    discards = [a["card"] for a in legal if a["type"] == "discard"]
    if not discards:  # fixed_jokers: a freed joker must be played first
        return next(a for a in legal if a["type"] == "lay_off" and a["card"] in state.freed_jokers)
    loose = arrange([card_of(c) for c in state.hands[seat]], state.rules).left
    pool = [c for c in discards if card_of(c) in loose] or discards
    best = max(pool, key=lambda c: (card_points(card_of(c), state.rules), c))
    return {"type": "discard", "card": best}


def play_timeout(state: RummyState) -> tuple[RummyState, list[Event], list[dict[str, Any]]]:
    """Play the rest of the turn of the seat in turn: the new state, the events, and the move-log
    entries (``{"seat": ..., "action": ...}``) to record."""
    seat, events, entries = state.turn, [], []
    while state.turn == seat and state.phase in PLAYING:
        action = timeout_action(state)
        state, new = apply(state, seat, action)
        events += new
        entries.append({"seat": seat, "action": action})
    return state, events, entries
