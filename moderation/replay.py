"""The staff replay of a finished gin match: every version the move log passes through, with
both hands, the piles, the events since the step before, and the finished hands' results.

Staff may see every card of a match that is over; a Daily Gin deal whose seed is still
secret is not shown at all (its cards would give the puzzle away).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import Any

from games.families import adapter
from games.models import Family, Match
from games.replays import states_by_version
from games.services import seeds_secret

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_face(card: str) -> dict[str, Any]:
    rank = "10" if card[0] == "T" else card[0]
    return {"code": card, "text": rank + SUIT_SYMBOLS[card[1]], "red": card[1] in "DH"}


def can_replay(match: Match) -> bool:
    # The steps read the gin state's keys; a rummy replay needs its own (2-4 hands, table melds).
    return match.family == Family.GIN and match.status != Match.Status.PLAYING and not seeds_secret(match)


@dataclass(frozen=True)
class Step:
    number: int
    version: int
    phase: str
    hand_number: int
    seats: list[dict[str, Any]]
    """Per seat: cards in display order, melds, deadwood cards and points."""
    stock_count: int
    discard_pile: list[dict[str, Any]]
    moves: list[dict[str, Any]]
    events: list[dict[str, Any]]
    results: list[dict[str, Any]]
    """Every hand finished by this step."""
    match_result: dict[str, Any] | None


class Replay:
    """A match's states in version order; `step(n)` details one of them."""

    def __init__(self, match: Match) -> None:
        self.family = adapter(match.family)
        states = states_by_version(match)
        self.versions = sorted(states)
        self.states = [states[v] for v in self.versions]
        self.moves = {
            version: [{"seat": m.seat, "actor": m.actor, "action": m.action} for m in group]
            for version, group in groupby(match.moves.order_by("seq"), key=lambda m: m.version)
        }

    def __len__(self) -> int:
        return len(self.states)

    def hand_starts(self) -> list[tuple[int, int]]:
        """(hand number, step) of every deal, to jump from hand to hand."""
        starts = []
        for number, state in enumerate(self.states):
            deals = [e for e in state["log"] if e["type"] == "deal"]
            if deals and (not starts or starts[-1][0] != deals[0]["hand"]):
                starts.append((deals[0]["hand"], number))
        return starts

    def step(self, number: int) -> Step:
        state = self.states[number]
        log, before = state["log"], self.states[number - 1]["log"] if number else []
        # A deal starts a new log; otherwise this step appended to the hand's log.
        events = log[len(before) :] if log[: len(before)] == before else log
        loaded = self.family.load(state)
        views = [self.family.view_for(loaded, seat) for seat in range(len(state["hands"]))]
        return Step(
            number=number,
            version=self.versions[number],
            phase=state["phase"],
            hand_number=views[0]["hand_number"],
            seats=[_seat(view) for view in views],
            stock_count=len(state["stock"]),
            discard_pile=[card_face(c) for c in state["discard_pile"]],
            moves=self.moves.get(self.versions[number], []),
            events=events,
            results=state["history"],
            match_result=state["result"],
        )


def _seat(view: dict[str, Any]) -> dict[str, Any]:
    return {
        "hand": [card_face(c) for c in view["hand"]],
        "melds": [[card_face(c) for c in meld] for meld in view["melds"]],
        "deadwood_cards": [card_face(c) for c in view["deadwood_cards"]],
        "deadwood": view["deadwood"],
    }
