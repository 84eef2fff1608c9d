"""Every change to arenas: join, pause, leave, the arena page's sockets, and the sweeper's
pairing, schedules and closing.  Matches are made only through the games room services."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from arenas import pairing, selectors
from arenas.models import Arena, ArenaGame, ArenaPlayer, ArenaSchedule, Format
from common.errors import ServiceError
from games import broadcast
from games import services as game_services
from games.seating import LOST_AFTER
from leaderboard.models import Rating
from leaderboard.selectors import SETTLED_GAMES

START_RATING = 1500.0
PERIODS = {
    ArenaSchedule.Every.HOURLY: timedelta(hours=1),
    ArenaSchedule.Every.DAILY: timedelta(days=1),
    ArenaSchedule.Every.WEEKLY: timedelta(weeks=1),
}


def arena_group(*, arena_id: int) -> str:
    return f"arena.{arena_id}"


def arena_changed(*, arena_id: int) -> list[tuple[str, dict]]:
    """Each change is news of its own: a process's sockets read the arena once for it."""
    return [(arena_group(arena_id=arena_id), {"type": "arena.changed", "change": secrets.token_hex(8)})]


def check_entry(*, arena: Arena, user_id: int) -> float:
    """Refuse a player the arena's conditions keep out; their rating (or the starting one)."""
    if arena.phase() == "finished":
        raise ServiceError("arena_over", _("This arena is over."))
    rating = Rating.objects.filter(user_id=user_id, family=arena.family).first()
    games = rating.games if rating else 0
    if arena.settled_rating and games < SETTLED_GAMES:
        raise ServiceError(
            "not_settled", _("This arena needs a settled rating (%(n)s rated games).") % {"n": SETTLED_GAMES}
        )
    if games < arena.min_rated_games:
        raise ServiceError(
            "too_few_games", _("This arena needs %(n)s rated games.") % {"n": arena.min_rated_games}
        )
    return rating.rating if rating else START_RATING


def do_join(*, arena: Arena, user_id: int) -> ArenaPlayer:
    """Join (or come back after leaving, or resume after a pause), before or during the arena."""
    rating = check_entry(arena=arena, user_id=user_id)
    with transaction.atomic():
        entry, _created = ArenaPlayer.objects.select_for_update().get_or_create(
            arena=arena, user_id=user_id, defaults={"rating": rating}
        )
        entry.paused = entry.left = False
        entry.save(update_fields=["paused", "left"])
        broadcast.send_on_commit(arena_changed(arena_id=arena.pk))
    return entry


def do_pause(*, arena: Arena, user_id: int, paused: bool) -> None:
    """A paused player keeps their points and is not paired until they resume."""
    _set(arena, user_id, paused=paused)


def do_leave(*, arena: Arena, user_id: int) -> None:
    """Leave the arena: no more pairings (points kept; a running game is played out)."""
    _set(arena, user_id, left=True)


def _set(arena: Arena, user_id: int, **fields: bool) -> None:
    with transaction.atomic():
        updated = ArenaPlayer.objects.filter(arena=arena, user_id=user_id).update(**fields)
        if not updated:
            raise ServiceError("not_joined", _("You have not joined this arena."))
        broadcast.send_on_commit(arena_changed(arena_id=arena.pk))


def do_arena_socket(*, arena: Arena, user_id: int, step: int) -> None:
    """Count an arena-page socket of a player who joined (+1 opened, -1 closed, 0 a ping)."""
    now = timezone.now()
    with transaction.atomic():
        entry = ArenaPlayer.objects.select_for_update().filter(arena=arena, user_id=user_id).first()
        if entry is None:
            return
        live = entry.last_seen is not None and entry.last_seen > now - LOST_AFTER
        entry.sockets = max(0, (entry.sockets if live else 0) + step)
        entry.last_seen = now
        entry.save(update_fields=["sockets", "last_seen"])


def _is_connected(entry: ArenaPlayer, now: datetime) -> bool:
    return entry.sockets > 0 and entry.last_seen is not None and entry.last_seen > now - LOST_AFTER


def do_pair(*, arena_id: int, now: datetime) -> int:
    """Pair this arena's free players (the sweeper calls it, every PAIR_EVERY).  The arena row
    is locked for the whole pairing (every pairing locks it first), so two processes never
    pair a player twice; the matches are created in the same transaction.  The players' rows
    are not locked: their sockets' counts must not wait for a pairing of a hundred tables (a
    socket counted meanwhile is seen by the next pass).  Returns tables made."""
    with transaction.atomic():
        arena = Arena.objects.select_for_update().select_related("ruleset").get(pk=arena_id)
        # The sweep read its clock before this arena's turn and this lock: by the wall clock
        # the arena may be over, and no game may start after its end.
        now = max(now, timezone.now())
        if arena.phase(now) != "running":
            return 0
        entries = list(ArenaPlayer.objects.filter(arena=arena, left=False, paused=False).order_by("pk"))
        busy = selectors.busy_user_ids(arena)
        free_entries = {e.user_id: e for e in entries if e.user_id not in busy and _is_connected(e, now)}
        if len(free_entries) < 2:
            return 0
        points = {line.user_id: line.points for line in selectors.standings(arena)}
        last = selectors.last_opponents(arena)
        free = [
            pairing.Free(uid, points.get(uid, 0), e.rating, last.get(uid, frozenset()))
            for uid, e in free_entries.items()
        ]
        if arena.family == "gin":
            tables: list[tuple[int, ...]] = list(pairing.pair(free))
        else:
            tables = pairing.group(free, seats=arena.seats)
        for table in tables:
            room = game_services.do_create_arena_room(
                ruleset=arena.ruleset,
                user_ids=list(table),
                turn_seconds=arena.turn_seconds,
                rated=arena.rated,
                match_target=1 if arena.format == Format.ONE_HAND else arena.target,
                rounds=1,
            )
            ArenaGame.objects.create(
                arena=arena,
                match=room.matches.get(),
                players=list(table),
                ratings=[free_entries[uid].rating for uid in table],
                created_at=now,
            )
        return len(tables)  # the sweeper's pass tells the arena's sockets (`sweeping`)


def do_close_finished(*, now: datetime) -> int:
    """Arenas past their end whose games are all played out close: the podium is final."""
    closed = 0
    for arena in Arena.objects.filter(closed=False, starts_at__lte=now):
        if arena.ends_at > now or selectors.busy_user_ids(arena):
            continue
        with transaction.atomic():
            if Arena.objects.filter(pk=arena.pk, closed=False).update(closed=True):
                closed += 1
                broadcast.send_on_commit(arena_changed(arena_id=arena.pk))
    return closed


def do_schedule_arenas(*, now: datetime) -> int:
    """Create each enabled schedule's arenas starting within one period from now, so the
    next one is always listed ahead of time (a unique slot per schedule: never twice)."""
    made = 0
    for schedule in ArenaSchedule.objects.filter(enabled=True):
        period = PERIODS[schedule.every]
        start = schedule.first_start
        if start < now:
            start += period * ((now - start) // period + 1)
        while start <= now + period:
            _arena, created = Arena.objects.get_or_create(
                schedule=schedule,
                starts_at=start,
                defaults={
                    field.name: getattr(schedule, field.name)
                    for field in Arena._meta.get_fields()
                    if field.name in _SETTINGS_FIELDS
                },
            )
            made += created
            start += period
    return made


_SETTINGS_FIELDS = {
    "name", "ruleset", "format", "target", "seats", "turn_seconds", "minutes", "rated",
    "settled_rating", "min_rated_games",
}  # fmt: skip
