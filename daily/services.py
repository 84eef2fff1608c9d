"""Every change to Daily Gin data: starting (or resuming) the day's ranked attempt, practice
rooms, recording the first hand's result, storing the par."""

from __future__ import annotations

from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.db import transaction

from common.errors import ServiceError
from daily import seeds
from daily.lines import own_moves
from daily.models import DailyPar, DailyPlay
from daily.par import Par
from games import services as game_services
from games.identity import Identity
from games.models import Match, Room, RuleSet
from games.rules.gin import HandRecord
from leaderboard.services import do_mark_room_unranked

User = get_user_model()
ARCADE_SLUG = "gin-arcade"


def _create_daily_room(*, identity: Identity, day: date) -> Room:
    return game_services.do_create_room(
        identity=identity,
        ruleset=RuleSet.objects.get(slug=ARCADE_SLUG),
        bot="arcade",
        first_seed=seeds.day_seed(day),
        seeds_secret_until=seeds.closes_at(day),
    )


def do_start_attempt(*, user: User, now: datetime) -> DailyPlay:
    """Today's ranked attempt: a new one, or the one already under way (never a restart).

    Refused once the first hand of today's attempt is over: one ranked attempt a day.
    """
    day = seeds.today(now)
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one start at a time per player
        play = DailyPlay.objects.filter(user=user, day=day).first()
        if play is not None:
            if play.status != DailyPlay.Status.PLAYING:
                raise ServiceError(
                    "already_played", "You have played today's deal: practise it, or come back tomorrow."
                )
            return play
        room = _create_daily_room(identity=Identity(user_id=user.pk), day=day)
        return DailyPlay.objects.create(
            user=user, day=day, room=room, match=room.matches.get(), started_at=now
        )


def do_start_practice(*, identity: Identity, day: date, now: datetime) -> Room:
    """A room on a day's deal that never ranks: any closed day, or today once your ranked
    attempt's first hand is over (before that, practice would show the stock order)."""
    if day > seeds.today(now):
        raise ServiceError("not_open", "That day's deal is not open yet.")
    if not seeds.is_closed(day, now):
        played = DailyPlay.objects.filter(
            user_id=identity.user_id, day=day, status=DailyPlay.Status.FINISHED
        ).exists()
        if identity.user_id is None or not played:
            raise ServiceError("play_first", "Play today's ranked attempt before practising its deal.")
    with transaction.atomic():
        room = _create_daily_room(identity=identity, day=day)
        do_mark_room_unranked(room=room, reason="daily practice")
    return room


def do_record_first_hand(*, match: Match, hand: dict, now: datetime) -> DailyPlay | None:
    """Fill in a ranked attempt's result when its first hand ends (late: after the day closed).
    Any other match's first hand costs no query: only a Daily Gin match keeps its seeds secret."""
    if hand["number"] != 1 or match.seeds_secret_until is None:
        return None
    with transaction.atomic():
        play = (
            DailyPlay.objects.select_for_update().filter(match=match, status=DailyPlay.Status.PLAYING).first()
        )
        if play is None:
            return None
        record = HandRecord.from_json(hand)
        marks = _turn_marks(match, record)
        play.result = record.points if record.winner == seeds.PLAYER else -record.points
        play.turns = len(marks)
        play.kind = record.kind
        play.marks = marks
        play.finished_at = now
        play.status = DailyPlay.Status.LATE if seeds.is_closed(play.day, now) else DailyPlay.Status.FINISHED
        play.save()
    return play


def _turn_marks(match: Match, record: HandRecord) -> str:
    """One letter per turn of the player's in the first hand, from the move log."""
    marks = [
        "s" if action["source"] == "stock" else "d"
        for seat, action in own_moves(match)
        if seat == seeds.PLAYER and action["type"] == "draw"
    ]
    if record.knocker == seeds.PLAYER and marks:
        marks[-1] = "g" if record.kind == "gin" else "k"
    return "".join(marks)


def do_store_par(*, day: date, par: Par, method: str) -> DailyPar:
    stored, _ = DailyPar.objects.update_or_create(
        day=day,
        defaults={
            "actions": list(par.actions),
            "result": par.result,
            "turns": par.turns,
            "nodes": par.nodes,
            "seconds": par.seconds,
            "method": method,
        },
    )
    return stored
