"""German Rummy (Rommé) rule sets: every flag of RUMMY.md as one frozen dataclass."""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.errors import RulesError
from games.rules.records import Flags


@dataclass(frozen=True)
class RummyRules(Flags):
    """A rummy rule set.  Defaults are the standard table; every special rule is off."""

    family = "rummy"

    small_deck: bool = False
    """One deck plus 3 jokers (55 cards); 10 cards each with 2 players, 7 with more."""
    first_meld_min: int = 30
    """Points the first meld must reach: 30, 40, or 0 (none)."""
    cyclic_runs: bool = False
    """An ace may sit inside a run (K-A-2); runs still hold at most 13 cards."""
    jokers: int = 6
    """6 (standard; 3 with the small deck) or 0."""
    fixed_jokers: bool = False
    """Jokers cannot be discarded; no two side by side; taken from a set only when it then
    holds four natural cards; a freed joker must be played the same turn."""
    fixed_groups: bool = False
    """Sets follow the suit order C, S, H, D as one unbroken stretch (a joker fills a gap
    inside or after it, never before clubs)."""
    calling: bool = False
    """With 3+ players, out of turn, a player may call for the card just discarded."""
    win_without_discard: bool = False
    """A player may also go out by melding or laying off their last card."""
    casino_scoring: bool = False
    """QS 40, ace 15, 10-K 10, 2-9 5, joker 0; the winner also collects its table cards."""
    practice: bool = False
    """The table counts for no leaderboard or rating."""

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise RulesError("; ".join(problems))

    def problems(self, *, seats: int | None = None) -> list[str]:
        """Why these flags (with this many seats, when given) cannot be played."""
        out = []
        if self.first_meld_min not in (0, 30, 40):
            out.append("first_meld_min must be 0, 30 or 40")
        if self.small_deck and self.first_meld_min != 0:
            out.append("the small deck plays without a first-meld minimum (first_meld_min 0)")
        if self.jokers not in (0, 6):
            out.append("jokers must be 6 (3 with the small deck) or 0")
        if self.fixed_jokers and self.jokers == 0:
            out.append("fixed_jokers needs jokers")
        if seats is not None:
            if not 2 <= seats <= 4:
                out.append("a rummy table has 2 to 4 seats")
            elif self.calling and seats < 3:
                out.append("calling needs 3 or more players")
        return out

    @property
    def joker_count(self) -> int:
        """Jokers in the deck actually used."""
        if self.jokers == 0:
            return 0
        return 3 if self.small_deck else 6

    def hand_size(self, seats: int) -> int:
        if self.small_deck:
            return 10 if seats == 2 else 7
        return 13


STANDARD = RummyRules()
SMALL_DECK = RummyRules(small_deck=True, first_meld_min=0)
