"""The state of a rummy match: one immutable value that serialises to JSON and back exactly.

Everything is a tuple or a frozen dataclass, so a move builds a new state and never touches
the old one.  Cards are physical ids (`deck`); log events are flat JSON dicts shared between
states and never mutated.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from games.rules.cards import parse_card
from games.rules.rummy.deck import CardId, card_of
from games.rules.rummy.melds import Meld
from games.rules.rummy.rules import RummyRules

Phase = Literal["deal", "draw", "play", "round_over", "match_over"]
PLAYING: frozenset[str] = frozenset({"draw", "play"})
"""Phases while a round is played (hands, stock and seed are secret)."""

Ids = tuple[CardId, ...]


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: who laid it, its physical cards in table order (a run low to
    high, a set in C, S, H, D order), and the `Meld` they form (what each joker stands for)."""

    owner: int
    ids: Ids
    meld: Meld

    def to_json(self) -> dict[str, Any]:
        return {
            "owner": self.owner,
            "kind": self.meld.kind,
            "cards": list(self.ids),
            "shows": [str(c) for c in self.meld.stands_for],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableMeld:
        ids = tuple(data["cards"])
        shows = tuple(parse_card(c) for c in data["shows"])
        return cls(data["owner"], ids, Meld(data["kind"], tuple(card_of(i) for i in ids), shows))


@dataclass(frozen=True)
class RoundRecord:
    """A finished round.  Public once the round is over, seed included."""

    number: int
    starter: int
    seed: str
    winner: int | None
    """None when the stock ran out."""
    rummy: bool
    """The winner went out in the turn it first laid cards: every score doubled."""
    hands: tuple[Ids, ...]
    """Each seat's cards left in hand."""
    hand_points: tuple[int, ...]
    """Each seat's cards left in hand, valued (casino values under casino_scoring)."""
    table_points: int
    """Casino scoring: the value of the cards the winner put on the table (else 0)."""
    scores: tuple[int, ...]
    """What each seat won (+) or lost (-) this round, doubling included."""

    def to_json(self) -> dict[str, Any]:
        return {f.name: _jsonable(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundRecord:
        data = dict(data)
        data["hands"] = tuple(tuple(h) for h in data["hands"])
        data["hand_points"] = tuple(data["hand_points"])
        data["scores"] = tuple(data["scores"])
        return cls(**data)


@dataclass(frozen=True)
class MatchResult:
    """The final totals; every seat holding the highest total is a winner (ties share the win)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "winners": list(self.winners)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchResult:
        return cls(totals=tuple(data["totals"]), winners=tuple(data["winners"]))


@dataclass(frozen=True)
class RummyState:
    """A rummy match at one moment.  Build it with `engine.new_match`."""

    rules: RummyRules
    seats: int
    rounds: int
    """Rounds the match lasts."""
    first_seat: int
    """Who starts round 1; round n is started by (first_seat + n - 1) % seats (clockwise)."""
    phase: Phase = "deal"
    round: int = 0
    """Rounds dealt so far, the one in play included."""
    turn: int | None = None
    """The seat to act; None while waiting for the server's deal and after the match."""
    turn_number: int = 0
    """Turns begun this round (1 for the starter's first turn)."""
    seed: str | None = None
    """The current (or last) round's seed, hex; secret while the round is played."""
    hands: tuple[Ids, ...] = ()
    stock: Ids = ()
    """Top first."""
    discard_pile: Ids = ()
    """Bottom first: the last card is the top."""
    table: tuple[TableMeld, ...] = ()
    """Every meld on the table, in the order laid (a meld's index never changes in a round)."""
    came_out: tuple[int | None, ...] = ()
    """Per seat, the turn number in which it laid its first meld this round."""
    laid: tuple[Ids, ...] = ()
    """Per seat, every card it put on the table this round (melds, layoffs, exchanges)."""
    drawn: CardId | None = None
    """The card the player in phase "play" drew this turn."""
    freed_jokers: Ids = ()
    """Jokers the player in turn took back by exchange this turn (fixed_jokers: must be played)."""
    callable: bool = False
    """calling: the top of the discard pile was just discarded and the next player has not drawn."""
    log: tuple[dict[str, Any], ...] = ()
    """Public events of the current (or last) round."""
    history: tuple[RoundRecord, ...] = ()
    result: MatchResult | None = None

    def starter_of(self, number: int) -> int:
        """Who starts round `number` (1 for the first): the start passes clockwise."""
        return (self.first_seat + number - 1) % self.seats

    @property
    def totals(self) -> tuple[int, ...]:
        """Points won so far, per seat."""
        return tuple(sum(r.scores[s] for r in self.history) for s in range(self.seats))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that `from_json` turns back into an equal state."""
        out = {f.name: _jsonable(getattr(self, f.name)) for f in fields(self)}
        out["rules"] = self.rules.to_dict()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RummyState:
        return cls(
            rules=RummyRules.from_dict(data["rules"]),
            seats=data["seats"],
            rounds=data["rounds"],
            first_seat=data["first_seat"],
            phase=data["phase"],
            round=data["round"],
            turn=data["turn"],
            turn_number=data["turn_number"],
            seed=data["seed"],
            hands=tuple(tuple(h) for h in data["hands"]),
            stock=tuple(data["stock"]),
            discard_pile=tuple(data["discard_pile"]),
            table=tuple(TableMeld.from_json(m) for m in data["table"]),
            came_out=tuple(data["came_out"]),
            laid=tuple(tuple(ids) for ids in data["laid"]),
            drawn=data["drawn"],
            freed_jokers=tuple(data["freed_jokers"]),
            callable=data["callable"],
            log=tuple(dict(e) for e in data["log"]),
            history=tuple(RoundRecord.from_json(r) for r in data["history"]),
            result=None if data["result"] is None else MatchResult.from_json(data["result"]),
        )


def _jsonable(value: Any) -> Any:
    """Tuples to lists and records to dicts, recursively (ints, strings, bools and None stay)."""
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return dict(value)
    return value
