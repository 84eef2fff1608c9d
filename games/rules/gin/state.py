"""The state of a gin match: one immutable value that serialises to JSON and back exactly.

Everything is a tuple or a frozen dataclass, so a move builds a new state and never touches
the old one.  Log events are flat dicts of strings, ints and None, shared between states and
never mutated; anything handed out copies them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from games.rules.cards import Card, parse_card
from games.rules.gin.rules import GinRules

Phase = Literal["deal", "upcard", "draw", "discard", "hand_over", "match_over"]
PLAYING: frozenset[str] = frozenset({"upcard", "draw", "discard"})
"""Phases while a hand is being played (its cards and seed are secret)."""

Pair = tuple[Any, ...]
"""A value per seat, two of them: element 0 for seat 0, element 1 for seat 1."""


def _strs(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _cards(texts: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in texts)


@dataclass(frozen=True)
class HandRecord:
    """A finished hand.  Public once the hand is over, seed included."""

    number: int
    dealer: int
    seed: str
    knock_limit: int
    kind: str
    """"knock", "gin", "undercut", "big_gin", or "dead" (unscored)."""
    knocker: int | None
    winner: int | None
    points: int
    hands: Pair
    """Each seat's final cards (the knocker's without its knock discard)."""
    melds: Pair
    """Each seat's melds as laid down (for a dead hand: its best melds)."""
    deadwood_cards: Pair
    deadwood: Pair
    """Each seat's counted deadwood (the defender's after layoffs)."""
    layoffs: tuple[tuple[Card, int], ...]
    """The defender's cards laid off, each with the index of the knocker's meld it went on."""

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "seed": self.seed,
            "knock_limit": self.knock_limit,
            "kind": self.kind,
            "knocker": self.knocker,
            "winner": self.winner,
            "points": self.points,
            "hands": [_strs(h) for h in self.hands],
            "melds": [[_strs(m) for m in melds] for melds in self.melds],
            "deadwood_cards": [_strs(d) for d in self.deadwood_cards],
            "deadwood": list(self.deadwood),
            "layoffs": [[str(c), i] for c, i in self.layoffs],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandRecord:
        return cls(
            number=data["number"],
            dealer=data["dealer"],
            seed=data["seed"],
            knock_limit=data["knock_limit"],
            kind=data["kind"],
            knocker=data["knocker"],
            winner=data["winner"],
            points=data["points"],
            hands=tuple(_cards(h) for h in data["hands"]),
            melds=tuple(tuple(_cards(m) for m in melds) for melds in data["melds"]),
            deadwood_cards=tuple(_cards(d) for d in data["deadwood_cards"]),
            deadwood=tuple(data["deadwood"]),
            layoffs=tuple((parse_card(c), i) for c, i in data["layoffs"]),
        )


@dataclass(frozen=True)
class MatchResult:
    """How the match ended: hand points, then the bonuses in the order RULES.md applies them."""

    winner: int
    points: Pair
    """Points won in hands."""
    line_bonus: Pair
    """`line_bonus_points` per hand won (0 without the flag)."""
    game_bonus: int
    """Added to the winner (0 without the flag)."""
    doubled: bool
    """The winner's total was doubled (shutout: the loser won no hand)."""
    totals: Pair
    """Final totals, every bonus included."""

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "points": list(self.points),
            "line_bonus": list(self.line_bonus),
            "game_bonus": self.game_bonus,
            "doubled": self.doubled,
            "totals": list(self.totals),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchResult:
        return cls(
            winner=data["winner"],
            points=tuple(data["points"]),
            line_bonus=tuple(data["line_bonus"]),
            game_bonus=data["game_bonus"],
            doubled=data["doubled"],
            totals=tuple(data["totals"]),
        )


@dataclass(frozen=True)
class GinState:
    """A gin match between seats 0 and 1, at one moment.  Build it with `engine.new_match`."""

    rules: GinRules
    phase: Phase
    dealer: int
    """The dealer of the hand in play, or of the next hand while waiting for a deal."""
    turn: int | None
    """The seat to act; None while waiting for the server's deal and after the match."""
    knock_limit: int
    """This hand's knock limit (`rules.knock_limit`, or set by the upcard under oklahoma)."""
    seed: str | None = None
    """The current (or last) hand's seed, hex; secret while the hand is played."""
    hands: Pair = ((), ())
    stock: tuple[Card, ...] = ()
    """Top first."""
    discard_pile: tuple[Card, ...] = ()
    """Bottom first: the last card is the top."""
    drawn: Card | None = None
    """The card the player to discard drew this turn."""
    drawn_from: str | None = None
    """Where `drawn` came from: "stock" (secret to the drawer) or "discard"."""
    log: tuple[dict[str, Any], ...] = ()
    """Public events of the current (or last) hand."""
    history: tuple[HandRecord, ...] = ()
    result: MatchResult | None = None

    @property
    def taken(self) -> Card | None:
        """The card taken from the discard pile this turn: it cannot be discarded."""
        return self.drawn if self.drawn_from == "discard" else None

    @property
    def must_draw_stock(self) -> bool:
        """Both players passed the upcard: the non-dealer's first draw is from the stock."""
        return self.phase == "draw" and bool(self.log) and self.log[-1]["type"] == "pass"

    @property
    def hand_number(self) -> int:
        """Hands dealt so far (the one in play included)."""
        return len(self.history) + (self.phase in PLAYING)

    @property
    def scores(self) -> tuple[int, int]:
        """Points won in hands so far (match bonuses are in `result`)."""
        return (self._won(0, "points"), self._won(1, "points"))

    @property
    def hands_won(self) -> tuple[int, int]:
        return (self._won(0, None), self._won(1, None))

    def _won(self, seat: int, attr: str | None) -> int:
        return sum(getattr(h, attr) if attr else 1 for h in self.history if h.winner == seat)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that `from_json` turns back into an equal state."""
        return {
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "dealer": self.dealer,
            "turn": self.turn,
            "knock_limit": self.knock_limit,
            "seed": self.seed,
            "hands": [_strs(h) for h in self.hands],
            "stock": _strs(self.stock),
            "discard_pile": _strs(self.discard_pile),
            "drawn": None if self.drawn is None else str(self.drawn),
            "drawn_from": self.drawn_from,
            "log": [dict(e) for e in self.log],
            "history": [h.to_json() for h in self.history],
            "result": None if self.result is None else self.result.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GinState:
        return cls(
            rules=GinRules.from_dict(data["rules"]),
            phase=data["phase"],
            dealer=data["dealer"],
            turn=data["turn"],
            knock_limit=data["knock_limit"],
            seed=data["seed"],
            hands=tuple(_cards(h) for h in data["hands"]),
            stock=_cards(data["stock"]),
            discard_pile=_cards(data["discard_pile"]),
            drawn=None if data["drawn"] is None else parse_card(data["drawn"]),
            drawn_from=data["drawn_from"],
            log=tuple(dict(e) for e in data["log"]),
            history=tuple(HandRecord.from_json(h) for h in data["history"]),
            result=None if data["result"] is None else MatchResult.from_json(data["result"]),
        )
