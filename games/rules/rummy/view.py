"""What one seat (or a spectator) may see of a rummy match, as a JSON-ready dict.

While a round is played the stock is a count, the other hands are counts and the seed is
absent; the discard pile, the table, the log and every finished round are public.  Bots
receive exactly this view, like a browser does.
"""

from __future__ import annotations

from typing import Any

from games.rules.cards import display_key
from games.rules.history import last
from games.rules.rummy.actions import check_seat
from games.rules.rummy.deck import card_of
from games.rules.rummy.engine import legal_actions
from games.rules.rummy.melds import hand_points
from games.rules.rummy.solver import arrange
from games.rules.rummy.state import RummyState


def view_for(state: RummyState, seat: int | None, *, history: int | None = None) -> dict[str, Any]:
    """The view of `seat` (0..seats-1), or of a spectator (None).  `history` keeps only that many
    of the last finished rounds' records (None: all of them)."""
    seat = check_seat(seat, state.seats)
    waiting = state.phase in ("deal", "round_over")
    view: dict[str, Any] = {
        "game": "rummy",
        "seat": seat,
        "rules": state.rules.to_dict(),
        "seats": state.seats,
        "rounds": state.rounds,
        "round": state.round,
        "phase": state.phase,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "starter": state.starter_of(state.round + waiting),
        "totals": list(state.totals),
        "hand_counts": [len(h) for h in state.hands],
        "stock_count": len(state.stock),
        "discard_pile": list(state.discard_pile),
        "table": [{"index": i, **m.to_json()} for i, m in enumerate(state.table)],
        "came_out": [turn is not None for turn in state.came_out],
        "callable": state.callable,
        "freed_jokers": list(state.freed_jokers),
        "log": [dict(e) for e in state.log],
        "history": [r.to_json() for r in last(state.history, history)],
        "result": None if state.result is None else state.result.to_json(),
        "legal_actions": legal_actions(state, seat),
        "hand": None,
        "drawn": None,
        "hand_points": None,
        "melds": None,
        "loose": None,
        "least_points": None,
    }
    if seat is not None and state.hands:
        view.update(_own_hand(state, seat))
    return view


def _own_hand(state: RummyState, seat: int) -> dict[str, Any]:
    """The seat's cards in display order, and the solver's arrangement leaving the least points."""
    hand = sorted(state.hands[seat], key=lambda c: (display_key(card_of(c)), c))
    best = arrange([card_of(c) for c in hand], state.rules)
    loose = list(hand)
    # Each meld's cards as ids in table order (copies of a card are interchangeable).
    melds = [
        [loose.pop(next(i for i, c in enumerate(loose) if card_of(c) == card)) for card in m.cards]
        for m in best.melds
    ]
    return {
        "hand": hand,
        "drawn": state.drawn if seat == state.turn else None,
        "hand_points": hand_points((card_of(c) for c in hand), state.rules),
        "melds": melds,
        "loose": loose,
        "least_points": best.score,
    }
