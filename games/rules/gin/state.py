"""The state of a gin match: one immutable value that serialises to JSON and back exactly.

Everything is a tuple or a frozen dataclass, so a move builds a new state and never touches
the old one.  Log events are flat dicts of strings, ints and None, shared between states and
never mutated; anything handed out copies them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from games.rules.cards import Card
from games.rules.gin.rules import GinRules
from games.rules.records import JsonRecord

Phase = Literal["deal", "upcard", "draw", "discard", "hand_over", "match_over"]
PLAYING: frozenset[str] = frozenset({"upcard", "draw", "discard"})
"""Phases while a hand is being played (its cards and seed are secret)."""

Cards = tuple[Card, ...]
# A value per seat (hands, points, ...) is a tuple of two: element 0 for seat 0, 1 for seat 1.


@dataclass(frozen=True)
class HandRecord(JsonRecord):
    """A finished hand.  Public once the hand is over, seed included."""

    kept_by = "seed"

    number: int
    dealer: int
    seed: str
    knock_limit: int
    kind: str
    """"knock", "gin", "undercut", "big_gin", or "dead" (unscored)."""
    knocker: int | None
    winner: int | None
    points: int
    hands: tuple[Cards, ...]
    """Each seat's final cards (the knocker's without its knock discard)."""
    melds: tuple[tuple[Cards, ...], ...]
    """Each seat's melds as laid down (for a dead hand: its best melds)."""
    deadwood_cards: tuple[Cards, ...]
    deadwood: tuple[int, ...]
    """Each seat's counted deadwood (the defender's after layoffs)."""
    layoffs: tuple[tuple[Card, int], ...]
    """The defender's cards laid off, each with the index of the knocker's meld it went on."""


@dataclass(frozen=True)
class MatchResult(JsonRecord):
    """How the match ended: hand points, then the bonuses in the order RULES.md applies them."""

    winner: int
    points: tuple[int, ...]
    """Points won in hands."""
    line_bonus: tuple[int, ...]
    """`line_bonus_points` per hand won (0 without the flag)."""
    game_bonus: int
    """Added to the winner (0 without the flag)."""
    doubled: bool
    """The winner's total was doubled (shutout: the loser won no hand)."""
    totals: tuple[int, ...]
    """Final totals, every bonus included."""


@dataclass(frozen=True)
class GinState(JsonRecord):
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
    hands: tuple[Cards, ...] = ((), ())
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
