"""The state of a rummy match: one immutable value that serialises to JSON and back exactly.

Everything is a tuple or a frozen dataclass, so a move builds a new state and never touches
the old one.  Cards are physical ids (`deck`); log events are flat JSON dicts shared between
states and never mutated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from games.rules.cards import parse_card
from games.rules.records import JsonRecord
from games.rules.rummy.deck import CardId, card_of
from games.rules.rummy.melds import Meld
from games.rules.rummy.rules import RummyRules

Phase = Literal["deal", "draw", "play", "round_over", "match_over"]
PLAYING: frozenset[str] = frozenset({"draw", "play"})
"""Phases while a round is played (hands, stock and seed are secret)."""

Ids = tuple[CardId, ...]


@dataclass(frozen=True)
class TableMeld(JsonRecord):
    """A meld on the table: who laid it, its physical cards in table order (a run low to
    high, a set in C, S, H, D order), and the `Meld` they form (what each joker stands for).
    Its JSON is what the table shows: the kind, the cards and what each stands for."""

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
class RoundRecord(JsonRecord):
    """A finished round.  Public once the round is over, seed included."""

    kept_by = "seed"

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


@dataclass(frozen=True)
class MatchResult(JsonRecord):
    """The final totals; every seat holding the highest total is a winner (ties share the win)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class RummyState(JsonRecord):
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
