"""What a rummy bot knows at a decision: its seat's view, read into cards and public facts.

Everything comes from the view dict alone (the one the seat's browser gets).  The round's log
is replayed to learn which cards each other seat picked from the discard pile (a draw or a
call) and still holds: those are the only cards of another hand anyone can know.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.rules.cards import Card, parse_card
from games.rules.rummy.deck import card_of, deck_ids
from games.rules.rummy.melds import Meld
from games.rules.rummy.rules import RummyRules


@dataclass(frozen=True)
class Knowledge:
    """One seat's knowledge at a decision."""

    rules: RummyRules
    seat: int
    seats: int
    phase: str
    my_turn: bool
    hand: tuple[int, ...]
    """Own card ids."""
    legal: tuple[dict[str, Any], ...]
    table: tuple[Meld, ...]
    came_out: tuple[bool, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    top: int | None
    """The id on top of the discard pile."""
    picks: tuple[frozenset[Card], ...]
    """Per seat, cards it took from the discard pile (drawn or called) and still holds."""
    my_discards: frozenset[int]
    """Ids this seat threw this round."""
    thrown: tuple[frozenset[Card], ...]
    """Per seat, the cards it discarded this round (what it did not want)."""
    turn_number: int
    last_round: bool
    """The match's last round (a one-round match's only one): only the final ranking counts after it."""
    totals: tuple[int, ...]
    """Each seat's match total before this round."""
    hidden: tuple[Card, ...]
    """Every card out of sight (the stock and the other hands), copies repeated, in id order."""
    seen: Counter[Card]
    """Copies of each natural card in sight: own hand, table, discard pile."""

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % self.seats

    @property
    def following_seats(self) -> list[int]:
        """The other seats in turn order, the next player's first."""
        return [(self.seat + step) % self.seats for step in range(1, self.seats)]

    def cards(self, ids: tuple[int, ...] | list[int] | None = None) -> list[Card]:
        return [card_of(c) for c in (self.hand if ids is None else ids)]

    def has(self, action: dict[str, Any]) -> bool:
        return action in self.legal

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [a for a in self.legal if a["type"] == kind]

    def unseen(self, c: Card) -> int:
        """Copies of natural `c` that may still come: in the stock or another hand."""
        copies = 1 if self.rules.small_deck else 2
        return max(0, copies - self.seen[c])


def read_view(view: dict[str, Any]) -> Knowledge:
    """The seat's knowledge; ValueError when the view has nothing to decide."""
    seat = view["seat"]
    if seat is None or view["hand"] is None or not view["legal_actions"]:
        raise ValueError("no decision to make in this view")
    table = tuple(
        Meld(m["kind"], tuple(card_of(c) for c in m["cards"]), tuple(parse_card(s) for s in m["shows"]))
        for m in view["table"]
    )
    seen = Counter(card_of(c) for c in view["hand"] + view["discard_pile"])
    seen.update(c for m in table for c in m.cards)
    pile = view["discard_pile"]
    return Knowledge(
        rules=RummyRules.from_dict(view["rules"]),
        seat=seat,
        seats=view["seats"],
        phase=view["phase"],
        my_turn=view["turn"] == seat,
        hand=tuple(view["hand"]),
        legal=tuple(view["legal_actions"]),
        table=table,
        came_out=tuple(view["came_out"]),
        hand_counts=tuple(view["hand_counts"]),
        stock_count=view["stock_count"],
        top=pile[-1] if pile else None,
        picks=_picks(view["log"], view["seats"]),
        my_discards=frozenset(e["card"] for e in view["log"] if e["type"] == "discard" and e["seat"] == seat),
        seen=seen,
        thrown=tuple(
            frozenset(card_of(e["card"]) for e in view["log"] if e["type"] == "discard" and e["seat"] == s)
            for s in range(view["seats"])
        ),
        turn_number=view["turn_number"],
        last_round=view["round"] >= view["rounds"],
        totals=tuple(view["totals"]),
        hidden=_hidden(view),
    )


def _hidden(view: dict[str, Any]) -> tuple[Card, ...]:
    visible = set(view["hand"]) | set(view["discard_pile"]) | {c for m in view["table"] for c in m["cards"]}
    ids = deck_ids(RummyRules.from_dict(view["rules"]))
    return tuple(card_of(c) for c in ids if c not in visible)


def _picks(log: list[dict[str, Any]], seats: int) -> tuple[frozenset[Card], ...]:
    """Per seat, the cards it picked up this round that it has not laid or thrown since."""
    held: list[Counter[Card]] = [Counter() for _ in range(seats)]
    for event in log:
        kind, mine = event["type"], held[event.get("seat") or 0]
        if kind in ("draw", "call") and "card" in event:
            mine[card_of(event["card"])] += 1
        elif kind in ("discard", "lay_off"):
            _drop(mine, [event["card"]])
        elif kind == "exchange":
            _drop(mine, [event["card"]])
            mine[card_of(event["joker"])] += 1
        elif kind == "meld":
            _drop(mine, [c for meld in event["melds"] for c in meld["cards"]])
    return tuple(frozenset(c for c, n in counter.items() if n > 0) for counter in held)


def _drop(counter: Counter[Card], ids: list[int]) -> None:
    """Forget picked cards that left the hand (a card never picked is no news)."""
    for c in map(card_of, ids):
        if counter[c] > 0:
            counter[c] -= 1
