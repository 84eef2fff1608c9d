"""Playing a turn for a player whose time ran out: pass the upcard, draw from
the stock, discard the highest unmelded card."""

from __future__ import annotations

from typing import Any

from games.rules.cards import display_key
from games.rules.gin.state import GinState
from games.rules.melds import best_melds


def timeout_action(state: GinState) -> dict[str, Any]:
    """The next action played for the seat in turn.

    The discard is the highest-deadwood card outside the hand's best melds (ties: the higher
    rank, then the later suit in display order), never the card just taken from the pile; when
    every other card is melded, the highest of the rest goes.
    """
    if state.turn is None:
        raise ValueError("no turn is being played")
    if state.phase == "upcard":
        return {"type": "pass"}
    if state.phase == "draw":
        return {"type": "draw", "source": "stock"}
    held = state.hands[state.turn]
    hand = [c for c in held if c != state.taken]
    unmelded = best_melds(held, state.rules.max_meld_size).deadwood_cards
    pool = [c for c in unmelded if c != state.taken] or hand
    worst = max(pool, key=lambda c: (c.deadwood, display_key(c)[1], display_key(c)[0]))
    return {"type": "discard", "card": str(worst)}
