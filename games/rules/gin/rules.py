"""Gin rule sets: every flag of RULES.md §1-2 as one frozen dataclass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games.rules.errors import RulesError
from games.rules.records import Flags

KnockTiming = Literal["after_discard", "before_discard"]
DefenderCounts = Literal["deadwood", "all_unplayed"]
StockExhausted = Literal["dead_hand", "recycle"]


@dataclass(frozen=True)
class GinRules(Flags):
    """A gin rule set.  Defaults are the classic rules; `ARCADE` changes six flags."""

    family = "gin"

    upcard_offer: bool = True
    """The non-dealer, then the dealer, may take the first upcard or pass."""
    knock_limit: int = 10
    """Highest deadwood a knocker may hold."""
    knock_timing: KnockTiming = "after_discard"
    """``after_discard``: knock with 10 cards; ``before_discard``: knock holding 11."""
    max_meld_size: int | None = None
    """Largest set or run (None: unbounded runs, sets of up to 4)."""
    defender_counts: DefenderCounts = "deadwood"
    """``deadwood``: the defender melds and lays off to least deadwood; ``all_unplayed``:
    every card it cannot lay off counts, melded or not (not after a gin)."""
    stock_exhausted: StockExhausted = "dead_hand"
    """``dead_hand``: the hand ends unscored; ``recycle``: the discard pile becomes the stock."""
    dead_hand_stock: int = 2
    """With ``dead_hand``: a discard without a knock leaving this many stock cards ends the hand."""
    gin_bonus: int = 25
    undercut_bonus: int = 25
    match_target: int = 100
    big_gin: bool = False
    """All 11 cards melded after drawing: gin without a discard, bonus `big_gin_bonus`."""
    big_gin_bonus: int = 31
    oklahoma: bool = False
    """The first upcard's value sets the knock limit; an ace upcard means gin only."""
    line_bonus: bool = False
    """`line_bonus_points` per hand won, added at match end."""
    line_bonus_points: int = 25
    game_bonus: bool = False
    """`game_bonus_points` to the match winner."""
    game_bonus_points: int = 100
    shutout_double: bool = False
    """The winner's total is doubled when the loser scored no hand."""

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise RulesError("; ".join(problems))

    def problems(self) -> list[str]:
        """Why this mix of flags cannot be played (empty when it can)."""
        out = []
        if self.knock_timing not in ("after_discard", "before_discard"):
            out.append(f"knock_timing must be after_discard or before_discard, not {self.knock_timing!r}")
        if self.defender_counts not in ("deadwood", "all_unplayed"):
            out.append(f"defender_counts must be deadwood or all_unplayed, not {self.defender_counts!r}")
        if self.stock_exhausted not in ("dead_hand", "recycle"):
            out.append(f"stock_exhausted must be dead_hand or recycle, not {self.stock_exhausted!r}")
        if not 0 <= self.knock_limit <= 10:
            out.append("knock_limit must be between 0 and 10")
        if self.max_meld_size is not None and not 3 <= self.max_meld_size <= 13:
            out.append("max_meld_size must be empty or between 3 and 13")
        if not 0 <= self.dead_hand_stock <= 10:
            out.append("dead_hand_stock must be between 0 and 10")
        if self.match_target < 1:
            out.append("match_target must be at least 1")
        for name in (
            "gin_bonus",
            "undercut_bonus",
            "big_gin_bonus",
            "line_bonus_points",
            "game_bonus_points",
        ):
            if getattr(self, name) < 0:
                out.append(f"{name} cannot be negative")
        if self.big_gin and self.knock_timing == "before_discard":
            out.append(
                "big_gin needs knock_timing after_discard: knocking with 11 cards already makes 11-card gin"
            )
        return out


CLASSIC = GinRules()
ARCADE = GinRules(
    upcard_offer=False,
    knock_timing="before_discard",
    max_meld_size=4,
    defender_counts="all_unplayed",
    stock_exhausted="recycle",
)
