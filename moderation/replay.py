"""The staff replay of a finished (or abandoned) match, gin or German Rummy: the match's first
state, then one step per move of its log, with every hand, the piles, the events the move
made, and the finished hands' (rounds') results.

Staff may see every card of a match that is over; a Daily Gin deal whose seed is still
secret is not shown at all (its cards would give the puzzle away).  The steps come from the
rules library (`games.replays`, each family's `view_for`); what differs between the families
is kept in the small functions of `FamilyReplay` below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from games.adapters import adapter
from games.card_faces import card_face
from games.models import Family, Match
from games.replays import replay_moves
from games.rules.rummy import card_of
from games.wire import seeds_secret


def deals_secret(match: Match) -> bool:
    """Whether the match's seeds (and so its stock order) are still secret: a hand is still
    being played, or they are a Daily Gin deal whose day is open."""
    return match.status == Match.Status.PLAYING or seeds_secret(match)


def can_replay(match: Match) -> bool:
    return not deals_secret(match)


def shown_action(match: Match, action: dict[str, Any]) -> dict[str, Any]:
    """A move-log action as staff may see it: a deal's seed is hidden while it is secret."""
    if "seed" in action and deals_secret(match):
        return {**action, "seed": gettext("hidden")}
    return action


@dataclass(frozen=True)
class FamilyReplay:
    """What the replay of one game family shows differently, from its `view_for` views."""

    template: str
    number: Callable[[Any], int]
    """The hand (round) a state is in, or has just finished; 0 before the first deal."""
    card: Callable[[Any], dict[str, Any]]
    """A card as the family's views name it, as the page shows it."""
    seat: Callable[[dict[str, Any]], dict[str, Any]]
    """What a seat's panel shows, from that seat's view."""
    table: Callable[[Any], list[dict[str, Any]]]
    """The melds on the table, from the state."""
    results: Callable[[dict[str, Any]], list[dict[str, Any]]]
    """Every finished hand (round), from any view."""
    totals: Callable[[dict[str, Any]], list[int]]
    """Each seat's points so far."""
    readable: Callable[[Any], Any]
    """A move's action or an event, its cards named for people."""


@dataclass(frozen=True)
class Step:
    number: int
    version: int
    """The match version the step's move produced (0 for the first state)."""
    phase: str
    round_number: int
    turn: int | None
    seats: list[dict[str, Any]]
    """Per seat, its player's name and what `FamilyReplay.seat` shows: the whole hand."""
    table: list[dict[str, Any]]
    stock_count: int
    discard_pile: list[dict[str, Any]]
    """Bottom first: the last card is the top."""
    move: dict[str, Any] | None
    events: list[dict[str, Any]]
    results: list[dict[str, Any]]
    totals: list[int]
    match_result: dict[str, Any] | None
    state: dict[str, Any]
    """The whole state as stored (JSON)."""


class Replay:
    """A match's states, first to last; `step(n)` details one of them."""

    def __init__(self, match: Match) -> None:
        self.family = FAMILIES[match.family]
        self.adapter = adapter(match.family)
        labels = {seat.index: seat.label() for seat in match.room.seats.all()}
        self.names = [labels[i] or "-" for i in sorted(labels)]
        self.entries = list(replay_moves(match))

    def __len__(self) -> int:
        return len(self.entries)

    def round_starts(self) -> list[tuple[int, int]]:
        """(hand or round number, step) of every deal, to jump from one to the next."""
        return [
            (self.family.number(state), number)
            for number, (move, state, _) in enumerate(self.entries)
            if move is not None and move.action.get("type") == "deal"
        ]

    def step(self, number: int) -> Step:
        move, state, events = self.entries[number]
        family = self.family
        views = [self.adapter.view_for(state, seat) for seat in range(len(self.names))]
        public = views[0]
        return Step(
            number=number,
            version=0 if move is None else move.version,
            phase=public["phase"],
            round_number=family.number(state),
            turn=public["turn"],
            seats=[{"name": name, **family.seat(view)} for name, view in zip(self.names, views, strict=True)],
            table=[{**meld, "owner_name": self.names[meld["owner"]]} for meld in family.table(state)],
            stock_count=public["stock_count"],
            discard_pile=[family.card(c) for c in public["discard_pile"]],
            move=None
            if move is None
            else {"seat": move.seat, "actor": move.actor, "action": family.readable(move.action)},
            events=[family.readable(e) for e in events],
            results=family.results(public),
            totals=family.totals(public),
            match_result=public["result"],
            state=self.adapter.dump(state),
        )


def _faces(cards: list[Any] | None, face: Callable[[Any], dict[str, Any]]) -> list[dict[str, Any]]:
    return [face(c) for c in cards or []]


# --- gin: two hands, each with its best melds and deadwood; no melds on the table -----------


def _gin_seat(view: dict[str, Any]) -> dict[str, Any]:
    return {
        "hand": _faces(view["hand"], card_face),
        "melds": [_faces(meld, card_face) for meld in view["melds"]],
        "deadwood_cards": _faces(view["deadwood_cards"], card_face),
        "deadwood": view["deadwood"],
    }


GIN = FamilyReplay(
    template="moderation/admin/replay_gin.html",
    number=lambda state: state.hand_number,
    card=card_face,
    seat=_gin_seat,
    table=lambda state: [],
    results=lambda view: view["history"],
    totals=lambda view: view["scores"],
    readable=lambda value: value,
)


# --- German Rummy: 2-4 hands, the table's melds, rounds scored for every seat ---------------

RUMMY_CARD_FIELDS = frozenset({"card", "upcard", "joker", "cards", "melds", "hands", "drawn"})
"""Fields of rummy actions and events that hold card ids (at any depth of lists)."""


def rummy_face(card_id: int) -> dict[str, Any]:
    return card_face(str(card_of(card_id)))


def _rummy_named(value: Any, cards: bool = False) -> Any:
    """`value` with every card id under a card field replaced by the card's notation."""
    if isinstance(value, dict):
        return {k: _rummy_named(v, k in RUMMY_CARD_FIELDS) for k, v in value.items()}
    if isinstance(value, list):
        return [_rummy_named(v, cards) for v in value]
    return str(card_of(value)) if cards and type(value) is int else value


def _rummy_seat(view: dict[str, Any]) -> dict[str, Any]:
    seat = view["seat"]
    return {
        "hand": _faces(view["hand"], rummy_face),
        "drawn": None if view["drawn"] is None else rummy_face(view["drawn"]),
        "melds": [_faces(meld, rummy_face) for meld in view["melds"] or []],
        "loose": _faces(view["loose"], rummy_face),
        "hand_points": view["hand_points"],
        "least_points": view["least_points"],
        "came_out": bool(view["came_out"]) and view["came_out"][seat],
    }


def _rummy_table(state: Any) -> list[dict[str, Any]]:
    """Each meld with who laid it, and who put each of its cards there (a lay-off or an
    exchange may be another seat's); a joker also shows the card it stands for."""
    put_by = {card: seat for seat, cards in enumerate(state.laid) for card in cards}
    melds = []
    for index, meld in enumerate(state.table):
        shown = meld.to_json()
        cards = [
            {
                **rummy_face(card),
                "by": put_by.get(card, meld.owner),
                "shows": card_face(stands_for)["text"] if card_of(card).is_joker else None,
            }
            for card, stands_for in zip(shown["cards"], shown["shows"], strict=True)
        ]
        melds.append({"index": index, "owner": meld.owner, "kind": shown["kind"], "cards": cards})
    return melds


def _rummy_results(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every finished round, with the table's totals after it."""
    totals, rows = [0] * view["seats"], []
    for record in view["history"]:
        totals = [t + s for t, s in zip(totals, record["scores"], strict=True)]
        rows.append({**record, "totals": totals})
    return rows


RUMMY = FamilyReplay(
    template="moderation/admin/replay_rummy.html",
    number=lambda state: state.round,
    card=rummy_face,
    seat=_rummy_seat,
    table=_rummy_table,
    results=_rummy_results,
    totals=lambda view: view["totals"],
    readable=_rummy_named,
)

FAMILIES: dict[str, FamilyReplay] = {Family.GIN: GIN, Family.RUMMY: RUMMY}
