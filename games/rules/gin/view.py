"""What one seat (or a spectator) may see of a gin match, as a JSON-ready dict.

While a hand is played the stock is a count, the other hand is a count and the seed is
absent; the discard pile, the log and every finished hand are public.  Bots receive exactly
this view, like a browser does.
"""

from __future__ import annotations

from typing import Any

from games.rules.cards import card_names, display_key
from games.rules.gin.actions import check_seat
from games.rules.gin.engine import legal_actions
from games.rules.gin.state import GinState
from games.rules.history import last
from games.rules.melds import best_melds, deadwood_after_discards


def view_for(
    state: GinState, seat: int | None, *, reveal_seeds: bool = True, history: int | None = None
) -> dict[str, Any]:
    """The view of `seat` (0 or 1), or of a spectator (None).

    `reveal_seeds=False` leaves the seeds out of finished hands too, for deals that must stay
    secret after they are played (the Daily Gin puzzle, until its day closes).  `history` keeps
    only that many of the last finished hands' records (None: all of them).
    """
    seat = check_seat(seat)
    records = [h.to_json() for h in last(state.history, history)]
    if not reveal_seeds:
        for h in records:
            del h["seed"]
    view: dict[str, Any] = {
        "game": "gin",
        "seat": seat,
        "rules": state.rules.to_dict(),
        "phase": state.phase,
        "turn": state.turn,
        "dealer": state.dealer,
        "hand_number": state.hand_number,
        "knock_limit": state.knock_limit,
        "scores": list(state.scores),
        "hands_won": list(state.hands_won),
        "hand_counts": [len(h) for h in state.hands],
        "stock_count": len(state.stock),
        "discard_pile": card_names(state.discard_pile),
        "taken": _str(state.taken),
        "must_draw_stock": state.must_draw_stock,
        "log": [dict(e) for e in state.log],
        "history": records,
        "result": None if state.result is None else state.result.to_json(),
        "legal_actions": legal_actions(state, seat),
        "hand": None,
        "drawn": None,
        "melds": None,
        "deadwood_cards": None,
        "deadwood": None,
        "deadwood_after_discards": None,
    }
    if seat is not None:
        view.update(_own_hand(state, seat))
    return view


def _own_hand(state: GinState, seat: int) -> dict[str, Any]:
    """The seat's cards in display order, arranged into its best melds."""
    cap = state.rules.max_meld_size
    hand = sorted(state.hands[seat], key=display_key)
    best = best_melds(hand, cap)
    own: dict[str, Any] = {
        "hand": card_names(hand),
        "drawn": _str(state.drawn) if seat == state.turn else None,
        "melds": [card_names(meld) for meld in best.melds],
        "deadwood_cards": card_names(best.deadwood_cards),
        "deadwood": best.deadwood,
    }
    if state.phase == "discard" and seat == state.turn:
        after = deadwood_after_discards(hand, cap)
        own["deadwood_after_discards"] = dict(zip(own["hand"], map(after.__getitem__, hand), strict=True))
    return own


def _str(card: Any) -> str | None:
    return None if card is None else str(card)
