"""Reads for the home page: what a visitor can resume, today's Daily Gin, and what happened
since a player's previous visit."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from daily import seeds
from daily import selectors as daily_selectors
from daily.models import DailyPlay
from games.identity import Identity
from games.models import RuleSet
from games.selectors import games_of, offered_rulesets
from leaderboard.models import Rating, RatingPoint

INITIAL_RATING = 1500.0
"""Every player's rating before a first rated game (leaderboard/glicko2.py)."""


@dataclass(frozen=True)
class QuickStart:
    """The rule sets the home page's one-click buttons start: the first gin and the first
    German Rummy rule set the lobby offers (either may be missing)."""

    gin: RuleSet | None
    rummy: RuleSet | None


def quick_start() -> QuickStart:
    offered = offered_rulesets()
    return QuickStart(
        gin=next((r for r in offered if r.family == "gin" and r.slug != "gin-arcade"), None),
        rummy=next((r for r in offered if r.family == "rummy"), None),
    )


@dataclass(frozen=True)
class DailyStatus:
    day: Any
    play: DailyPlay | None
    outcome: str


def daily_status(*, user, now: datetime) -> DailyStatus:
    """Today's deal and the player's attempt at it (None for a guest or before playing)."""
    day = seeds.today(now)
    play = daily_selectors.attempt(user=user, day=day)
    finished = play is not None and play.result is not None
    return DailyStatus(day=day, play=play, outcome=daily_selectors.outcome_text(play) if finished else "")


@dataclass(frozen=True)
class RatingChange:
    family: str
    before: float
    now: float

    @property
    def change(self) -> int:
        return round(self.now) - round(self.before)


def rating_changes(*, user, since: datetime) -> list[RatingChange]:
    """Each family whose rating moved after `since`: from the last value before it to now."""
    changes = []
    for rating in Rating.objects.filter(user=user, last_game_at__gt=since).order_by("family"):
        before = (
            RatingPoint.objects.filter(user=user, family=rating.family, at__lte=since)
            .order_by("-at", "-pk")
            .values_list("rating", flat=True)
            .first()
        )
        changes.append(
            RatingChange(
                family=rating.get_family_display(),
                before=INITIAL_RATING if before is None else before,
                now=rating.rating,
            )
        )
    return changes


@dataclass(frozen=True)
class Games:
    live: list[dict[str, Any]]
    """Games to resume."""
    ended_since: list[dict[str, Any]]
    """Games that ended after the previous visit."""


def games_for_home(*, identity: Identity, since: datetime | None) -> Games:
    if identity.is_anonymous:
        return Games(live=[], ended_since=[])
    games = games_of(identity)
    return Games(
        live=[g for g in games if g["live"]],
        ended_since=[
            g for g in games if not g["live"] and since is not None and g["last_activity_at"] > since
        ],
    )
