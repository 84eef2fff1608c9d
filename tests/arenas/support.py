"""Arenas for tests: one running (or about to end), its players connected, matches played out."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from arenas import services
from arenas.models import Arena, Format
from games import services as game_services
from games.models import Match
from games.rules.gin.state import GinState
from games.rules.gin.view import view_for
from tests.games.support import me, ruleset, simple_policy


def running_arena(*, ends_in: timedelta = timedelta(minutes=10), **fields) -> Arena:
    """An arena of 20 minutes that ends `ends_in` from now."""
    now = timezone.now()
    defaults = {
        "name": "Test arena",
        "ruleset": ruleset(),
        "format": Format.ONE_HAND,
        "minutes": 20,
        "rated": False,
    }
    return Arena.objects.create(starts_at=now + ends_in - timedelta(minutes=20), **{**defaults, **fields})


def join_connected(arena: Arena, users) -> None:
    for user in users:
        services.do_join(arena=arena, user_id=user.pk)
        services.do_arena_socket(arena=arena, user_id=user.pk, step=1)


def play_out(match: Match, users_by_id: dict) -> Match:
    """Both seats play the plain policy until the match ends."""
    for n in range(2000):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = GinState.from_json(match.state)
        seat = 0 if state.turn is None else state.turn
        action = {"type": "next_hand"} if state.turn is None else simple_policy(view_for(state, seat))
        user = users_by_id[match.arena_game.players[seat]]
        game_services.do_act(
            match_id=match.pk, identity=me(user), version=match.version, client_id=f"t{n}", action=action
        )
    raise AssertionError("the match did not end")
