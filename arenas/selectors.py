"""Reads of arenas: the standings, derived from the finished matches every time (no score is
stored), and who is busy, free or on the podium."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from arenas import scoring
from arenas.models import Arena, ArenaGame, ArenaPlayer
from games.models import Match
from games.rules.places import competition_places

User = get_user_model()


def results_by_player(arena: Arena) -> dict[int, list[scoring.Result]]:
    """Each player's results, in the order their matches ended (abandoned ones count for
    nobody).  Only each final result's totals are read from the stored states (the database
    extracts them): the places are those totals' competition ranking, as the adapters rank."""
    games = (
        ArenaGame.objects.filter(arena=arena, match__status=Match.Status.FINISHED)
        .order_by("match__updated_at", "pk")
        .values_list("players", "ratings", "match__state__result__totals")
    )
    results: dict[int, list[scoring.Result]] = defaultdict(list)
    for players, ratings, totals in games:
        places = competition_places(totals)
        seats = len(players)
        draw = seats == 2 and places[0] == places[1]
        for seat, user_id in enumerate(players):
            others = tuple(r for i, r in enumerate(ratings) if i != seat)
            results[user_id].append(scoring.Result(places[seat], seats, others, draw=draw))
    return results


def standings(arena: Arena) -> list[scoring.Line]:
    joined = ArenaPlayer.objects.filter(arena=arena).values_list("user_id", flat=True)
    return scoring.standings(results_by_player(arena), joined)


def progress(arena: Arena) -> tuple[int, int]:
    """Games paired and games over: when either moved, the standings or a pairing changed."""
    games = ArenaGame.objects.filter(arena=arena)
    return games.count(), games.exclude(match__status=Match.Status.PLAYING).count()


def busy_user_ids(arena: Arena) -> set[int]:
    """Players in a running match of this arena."""
    return set(running_rooms(arena))


def last_opponents(arena: Arena) -> dict[int, frozenset[int]]:
    """Whom each player met in their latest game of the arena."""
    last: dict[int, frozenset[int]] = {}
    for players in (
        ArenaGame.objects.filter(arena=arena).order_by("created_at", "pk").values_list("players", flat=True)
    ):
        for user_id in players:
            last[user_id] = frozenset(players) - {user_id}
    return last


def running_rooms(arena: Arena) -> dict[int, str]:
    """Each player in a running match of this arena -> its room."""
    running = ArenaGame.objects.filter(arena=arena, match__status=Match.Status.PLAYING)
    return {
        user_id: code
        for code, players in running.values_list("match__room__code", "players")
        for user_id in players
    }


def current_room(arena: Arena, user_id: int) -> str | None:
    """The room of the player's running match in this arena, if any."""
    return running_rooms(arena).get(user_id)


def standings_payload(arena: Arena, *, now: datetime) -> dict[str, Any]:
    """What the arena's sockets and page show: phase, times, the table (top 100 and names)."""
    lines = standings(arena)
    names = {
        pk: display or username
        for pk, display, username in User.objects.filter(pk__in=[ln.user_id for ln in lines]).values_list(
            "pk", "display_name", "username"
        )
    }
    return {
        "type": "standings",
        "arena": arena.pk,
        "phase": arena.phase(now),
        "closed": arena.closed,
        "starts_at": arena.starts_at.isoformat(),
        "ends_at": arena.ends_at.isoformat(),
        "players": len(lines),
        "games": ArenaGame.objects.filter(arena=arena).count(),
        "lines": [{**ln.as_dict(), "name": names.get(ln.user_id, "?")} for ln in lines],
    }


def arena_lists(*, now: datetime) -> dict[str, QuerySet]:
    arenas = Arena.objects.select_related("ruleset")
    running = [
        a for a in arenas.filter(starts_at__lte=now).order_by("-starts_at")[:50] if a.phase(now) == "running"
    ]
    return {
        "running": running,
        "soon": arenas.filter(starts_at__gt=now).order_by("starts_at")[:20],
        "finished": [
            a
            for a in arenas.filter(starts_at__lte=now).order_by("-starts_at")[:60]
            if a.phase(now) == "finished"
        ][:20],
    }


def honours(user) -> dict[str, int]:
    """A player's arena wins and podiums, over the closed arenas they played."""
    wins = podiums = 0
    for arena in Arena.objects.filter(closed=True, players__user=user).distinct():
        lines = [ln for ln in standings(arena) if ln.games]
        top = [ln.user_id for ln in lines[:3]]
        wins += bool(top) and top[0] == user.pk
        podiums += user.pk in top
    return {"wins": wins, "podiums": podiums}


def arena_of(match: Match | None) -> Arena | None:
    """The arena that paired `match`, if one did."""
    if match is None:
        return None
    game = ArenaGame.objects.filter(match=match).select_related("arena").first()
    return game.arena if game else None
