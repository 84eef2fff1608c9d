"""What the player's replay page steps through: one frame per state of the match's move log
(`games.replays`), built from the rules engine's `view_for` of that state for the seat the
replay is seen from, so a frame holds only what that seat knew then; with `every_hand` (once
the seeds are public) each seat's own view adds its hand.

A frame never holds a seed, the stock's cards or the log: the cards are each shown seat's own
hand and melds, the discard pile's top, the rummy table, and at a hand's (round's) end the
hands its record made public.  Events are the engine's public events of the move.
"""

from __future__ import annotations

from typing import Any

from games.adapters import adapter
from games.models import Family, Match
from games.replays import replay_moves
from games.rules.rummy import card_of

PILE_SHOWN = 2
"""The discard pile's top cards a frame shows, as the table does."""


def _rummy_code(card_id: int) -> str:
    """A rummy card id as the browser's faces name it ("7H"; every joker "X")."""
    code = str(card_of(card_id))
    return "X" if code.startswith("X") else code


def _gin_code(card: str) -> str:
    return card


def frames(match: Match, *, seat: int, every_hand: bool) -> list[dict[str, Any]]:
    """Every state of `match` seen from `seat`, first (nothing dealt) to last."""
    family = adapter(match.family)
    rummy = match.family == Family.RUMMY
    code = _rummy_code if rummy else _gin_code
    shown = range(len(match.room.seats.all())) if every_hand else (seat,)
    out = []
    for move, state, events in replay_moves(match):
        views = {s: family.view_for(state, s, reveal_seeds=False, history=1) for s in shown}
        view = views[seat]
        frame: dict[str, Any] = {
            "deal": view["round"] if rummy else view["hand_number"],
            "phase": view["phase"],
            "turn": view["turn"],
            "dealer": view["starter"] if rummy else view["dealer"],
            "move": None if move is None else {"seat": move.seat, "type": move.action.get("type")},
            "events": events,
            "stock": view["stock_count"],
            "pile": [code(c) for c in view["discard_pile"][-PILE_SHOWN:]],
            "pile_count": len(view["discard_pile"]),
            "points": view["totals"] if rummy else view["scores"],
            "counts": view["hand_counts"],
            "drawn": view["drawn"],
            "hands": [_hand(views.get(s), code, rummy) for s in range(len(view["hand_counts"]))],
            "table": [_table_meld(m, code) for m in view["table"]] if rummy else [],
            "record": None,
            "result": view["result"],
        }
        if view["phase"] in ("hand_over", "round_over", "match_over") and view["history"]:
            frame["record"] = _record(view["history"][-1], code, rummy)
        out.append(frame)
    return out


def _hand(view: dict[str, Any] | None, code: Any, rummy: bool) -> dict[str, Any] | None:
    """A seat's cards from its own view (None when the replay does not show that seat)."""
    if view is None or view["hand"] is None:
        return None
    melds = [[code(c) for c in meld] for meld in view["melds"] or []]
    melded = {c for meld in view["melds"] or [] for c in meld}
    return {
        "melds": melds,
        "loose": [code(c) for c in view["hand"] if c not in melded]
        if not rummy
        else [code(c) for c in view["loose"]],
        "drawn": None if view["drawn"] is None else code(view["drawn"]),
        "value": view["least_points"] if rummy else view["deadwood"],
    }


def _table_meld(meld: dict[str, Any], code: Any) -> dict[str, Any]:
    return {"owner": meld["owner"], "cards": [code(c) for c in meld["cards"]], "shows": meld["shows"]}


def _record(record: dict[str, Any], code: Any, rummy: bool) -> dict[str, Any]:
    """A finished hand (round) as its end made it public: every hand, the winner, the points."""
    if rummy:
        return {
            "number": record["number"],
            "winner": record["winner"],
            "rummy": record["rummy"],
            "scores": record["scores"],
            "hand_points": record["hand_points"],
            "hands": [{"melds": [], "loose": [code(c) for c in hand]} for hand in record["hands"]],
        }
    return {
        "number": record["number"],
        "kind": record["kind"],
        "winner": record["winner"],
        "knocker": record["knocker"],
        "points": record["points"],
        "deadwood": record["deadwood"],
        "hands": [
            {"melds": melds, "loose": [c for c in dead if not any(c in m for m in melds)]}
            for melds, dead in zip(record["melds"], record["deadwood_cards"], strict=True)
        ],
    }
