"""Reads for the boards and the player pages.  Every board is a query over visible entries of
players who are not excluded, so hiding or excluding shows at once (the next-best hand of a
player whose best one was hidden takes its place)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db.models import OuterRef, QuerySet, Subquery

from games.models import Match, Seat
from games.played import numbered
from leaderboard.models import HandScore, PlayerExclusion, Rating, RatingPoint

User = get_user_model()

SETTLED_GAMES = 20
"""A rating is provisional until this many rated games."""
ACTIVE_DAYS = 30
BOARD_SIZE = 50
SCORE_BIN = 10


def excluded_user_ids() -> QuerySet:
    return PlayerExclusion.objects.filter(active=True).values("user_id")


def week_start(now: datetime) -> datetime:
    """Monday 00:00 UTC of `now`'s week."""
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return day - timedelta(days=day.weekday())


def _visible_scores() -> QuerySet:
    return HandScore.objects.filter(hidden=False).exclude(user__in=excluded_user_ids())


def best_hands(*, since: datetime | None = None, limit: int = BOARD_SIZE) -> list[HandScore]:
    """Each player's best visible hand (since `since`), best first; ties to the earlier score."""
    scores = _visible_scores()
    if since is not None:
        scores = scores.filter(recorded_at__gte=since)
    best = scores.filter(user=OuterRef("user")).order_by("-score", "recorded_at", "pk").values("pk")[:1]
    return list(
        scores.filter(pk=Subquery(best))
        .select_related("user")
        .order_by("-score", "recorded_at", "pk")[:limit]
    )


def rating_board(*, family: str, now: datetime, limit: int = BOARD_SIZE) -> list[Rating]:
    """Settled ratings (at least 20 games) of players with a rated game in the last 30 days."""
    return list(
        Rating.objects.filter(
            family=family, games__gte=SETTLED_GAMES, last_game_at__gte=now - timedelta(days=ACTIVE_DAYS)
        )
        .exclude(user__in=excluded_user_ids())
        .select_related("user")
        .order_by("-rating", "pk")[:limit]
    )


def player_by_key(key: str) -> User | None:
    """A player by display name (any case) or by id."""
    player = User.objects.filter(display_name__iexact=key).first()
    if player is None and key.isascii() and key.isdigit():
        player = User.objects.filter(pk=int(key)).first()
    return player


@dataclass(frozen=True)
class MatchResult:
    match: Match
    opponents: list[str]
    """Every other seat's name, in seat order."""
    won: bool
    place: int
    """1 for the best final total (a tie shares its place)."""
    scores: list[int]
    """The player's final total, then the opponents' in the same order."""
    rated: bool

    @property
    def seats(self) -> int:
        return len(self.scores)


def recent_results(*, user: User, limit: int = 20) -> list[MatchResult]:
    """The player's latest finished matches (2 to 4 seats), newest first."""
    index_of = dict(Seat.objects.filter(user=user, room__hotseat=False).values_list("room_id", "index"))
    matches = (
        Match.objects.filter(room_id__in=index_of.keys(), status=Match.Status.FINISHED)
        .select_related("room")
        .prefetch_related("room__seats__user")
        .order_by("-updated_at")[:limit]
    )
    results = []
    for match in matches:
        mine = index_of[match.room_id]
        others = sorted((s for s in match.room.seats.all() if s.index != mine), key=lambda s: s.index)
        totals = (match.state.get("result") or {}).get("totals") or [0] * (len(others) + 1)
        won = match.winner_seat == mine
        results.append(
            MatchResult(
                match=match,
                opponents=numbered([s.label() for s in others]),
                won=won,
                place=1 if won else 1 + sum(total > totals[mine] for total in totals),
                scores=[totals[mine], *(totals[s.index] for s in others)],
                rated=match.room.rated,
            )
        )
    return results


def rating_history(*, user: User) -> dict[str, list[RatingPoint]]:
    """The player's rating after each rated game, by family, oldest first."""
    history: dict[str, list[RatingPoint]] = {}
    for point in RatingPoint.objects.filter(user=user).order_by("at", "pk"):
        history.setdefault(point.family, []).append(point)
    return history


def ratings_of(*, user: User) -> list[Rating]:
    return list(Rating.objects.filter(user=user).order_by("family"))


def score_distribution(*, user: User) -> list[tuple[int, int]]:
    """(bin start, how many of the player's visible scores fall in it), bins of 10 points."""
    counts: dict[int, int] = {}
    for score in HandScore.objects.filter(user=user, hidden=False).values_list("score", flat=True):
        start = score // SCORE_BIN * SCORE_BIN
        counts[start] = counts.get(start, 0) + 1
    if not counts:
        return []
    return [(start, counts.get(start, 0)) for start in range(0, max(counts) + SCORE_BIN, SCORE_BIN)]


def is_excluded(*, user: User) -> bool:
    return PlayerExclusion.objects.filter(user=user, active=True).exists()
