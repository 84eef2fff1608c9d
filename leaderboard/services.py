"""Every change to scores, ratings and moderation records.

Scores and rated games are recorded by the receivers of `games.signals` from what the server
settled; nothing a client sends is a score.  Ratings are derived: each rated game updates its
players' ratings, and `do_recompute_ratings` rebuilds a family's from every game that counts
(not hidden, no excluded player), so moderation never has to undo anything by hand.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.adapters import adapter
from games.models import Match, Room
from games.rules.gin import ARCADE, HandRecord
from leaderboard import glicko2
from leaderboard.models import (
    HandScore,
    Moderated,
    Placing,
    PlayerExclusion,
    RatedGame,
    Rating,
    RatingPoint,
    UnrankedRoom,
)
from leaderboard.scoring import hand_score

User = get_user_model()


# --- recording ---------------------------------------------------------------------------


def do_record_hand_score(
    *, match: Match, hand: dict[str, Any], now: datetime | None = None
) -> HandScore | None:
    """Record a hand a signed-in player won against the computer under the arcade rules."""
    room = match.room
    if match.family != "gin" or adapter("gin").rules_from(match.rules) != ARCADE:
        return None
    if UnrankedRoom.objects.filter(room=room).exists():
        return None
    seats = list(room.seats.all())
    if not any(s.bot for s in seats):
        return None
    record = HandRecord.from_json(hand)
    winner = next((s for s in seats if s.index == record.winner and s.user_id and not s.bot), None)
    score = None if winner is None else hand_score(record, winner.index)
    if score is None:
        return None
    entry, _ = HandScore.objects.get_or_create(
        match=match,
        hand_number=record.number,
        defaults={
            "user_id": winner.user_id,
            "kind": record.kind,
            "score": score,
            "recorded_at": now or timezone.now(),
        },
    )
    return entry


def do_mark_room_unranked(*, room: Room, reason: str) -> None:
    """Keep a room's hands off every board (practice on a known deal)."""
    UnrankedRoom.objects.get_or_create(room=room, defaults={"reason": reason})


def do_record_rated_game(*, match: Match, now: datetime | None = None) -> RatedGame | None:
    """Record a finished rated match between signed-in players and rate it."""
    room = match.room
    if not room.rated or room.ruleset.flags.get("practice") or match.status != Match.Status.FINISHED:
        return None
    seats = list(room.seats.all())
    if len(seats) < 2 or any(s.bot or not s.user_id for s in seats):
        return None
    with transaction.atomic():
        game, created = RatedGame.objects.get_or_create(
            match=match, defaults={"family": match.family, "finished_at": now or timezone.now()}
        )
        if not created:
            return game
        places = _final_places(match)
        Placing.objects.bulk_create(
            Placing(game=game, user_id=s.user_id, place=places[s.index]) for s in seats
        )
        _lock_users([s.user_id for s in seats])
        if _counts(game):
            ratings = {r.user_id: r for r in Rating.objects.filter(family=game.family, user__in=_users(game))}
            points = _rate(game, ratings)
            for rating in ratings.values():
                rating.save()
            RatingPoint.objects.bulk_create(points)
    return game


def _final_places(match: Match) -> list[int]:
    """Places by final totals; a match won otherwise (a claim) puts the winner first, the rest second."""
    if match.end_reason != "played":
        return [int(match.winner_seat not in (None, seat)) for seat in range(match.room.seats.count())]
    family = adapter(match.family)
    return family.places(family.load(match.state))


# --- moderation --------------------------------------------------------------------------


def do_hide_entry(
    *, entry: Moderated, by: User | None, reason: str = "", now: datetime | None = None
) -> None:
    """Hide a score, a rated game or a daily result from every board."""
    with transaction.atomic():
        entry.hidden, entry.hidden_reason, entry.hidden_by = True, reason, by
        entry.hidden_at = now or timezone.now()
        entry.save(update_fields=["hidden", "hidden_reason", "hidden_by", "hidden_at"])
        _recompute_for(entry)


def do_restore_entry(*, entry: Moderated, by: User | None) -> None:
    """Show a hidden entry again; who hid it and why stay on record until it is hidden again."""
    with transaction.atomic():
        entry.hidden = False
        entry.save(update_fields=["hidden"])
        _recompute_for(entry)


def do_exclude_player(
    *, user: User, by: User | None, reason: str = "", now: datetime | None = None
) -> PlayerExclusion:
    """Take a player off every board; their rated games stop counting for anyone."""
    with transaction.atomic():
        exclusion, _ = PlayerExclusion.objects.update_or_create(
            user=user,
            defaults={
                "active": True,
                "reason": reason,
                "excluded_by": by,
                "excluded_at": now or timezone.now(),
                "restored_by": None,
                "restored_at": None,
            },
        )
        _recompute_families_of(user)
    return exclusion


def do_restore_player(*, user: User, by: User | None, now: datetime | None = None) -> None:
    with transaction.atomic():
        PlayerExclusion.objects.filter(user=user, active=True).update(
            active=False, restored_by=by, restored_at=now or timezone.now()
        )
        _recompute_families_of(user)


def do_recompute_ratings(*, family: str) -> int:
    """Rebuild a family's ratings and histories from its counting games; returns how many counted."""
    with transaction.atomic():
        _lock_users(list(Placing.objects.filter(game__family=family).values_list("user_id", flat=True)))
        Rating.objects.filter(family=family).delete()
        RatingPoint.objects.filter(family=family).delete()
        excluded = set(PlayerExclusion.objects.filter(active=True).values_list("user_id", flat=True))
        ratings: dict[int, Rating] = {}
        points: list[RatingPoint] = []
        counted = 0
        games = RatedGame.objects.filter(family=family, hidden=False).prefetch_related("placings")
        for game in games:
            if excluded & {p.user_id for p in game.placings.all()}:
                continue
            points += _rate(game, ratings)
            counted += 1
        Rating.objects.bulk_create(ratings.values())
        RatingPoint.objects.bulk_create(points)
    return counted


# --- internals ---------------------------------------------------------------------------


def _lock_users(user_ids: list[int]) -> None:
    """Serialise rating changes per player (users locked in id order, so never a deadlock)."""
    list(User.objects.select_for_update().filter(pk__in=set(user_ids)).order_by("pk").values_list("pk"))


def _users(game: RatedGame) -> list[int]:
    return [p.user_id for p in game.placings.all()]


def _counts(game: RatedGame) -> bool:
    return not game.hidden and not PlayerExclusion.objects.filter(user__in=_users(game), active=True).exists()


def _rate(game: RatedGame, ratings: dict[int, Rating]) -> list[RatingPoint]:
    """Apply one game to `ratings` (by user id; missing players start at 1500/350/0.06)."""
    placings = list(game.placings.all())
    for p in placings:
        if p.user_id not in ratings:
            start = glicko2.Glicko()
            ratings[p.user_id] = Rating(
                user_id=p.user_id,
                family=game.family,
                rating=start.rating,
                rd=start.rd,
                volatility=start.volatility,
            )
    before = [glicko2.Glicko(r.rating, r.rd, r.volatility) for r in (ratings[p.user_id] for p in placings)]
    after = glicko2.rate_placings(before, [p.place for p in placings])
    points = []
    for p, new in zip(placings, after, strict=True):
        rating = ratings[p.user_id]
        rating.rating, rating.rd, rating.volatility = new.rating, new.rd, new.volatility
        rating.games += 1
        rating.last_game_at = game.finished_at
        points.append(
            RatingPoint(
                user_id=p.user_id,
                game=game,
                family=game.family,
                rating=new.rating,
                rd=new.rd,
                at=game.finished_at,
            )
        )
    return points


def _recompute_for(entry: Moderated) -> None:
    """Boards are queries over visible entries; only ratings are stored and must be rebuilt."""
    if isinstance(entry, RatedGame):
        do_recompute_ratings(family=entry.family)


def _recompute_families_of(user: User) -> None:
    for family in set(Placing.objects.filter(user=user).values_list("game__family", flat=True)):
        do_recompute_ratings(family=family)
