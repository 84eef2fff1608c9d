"""Helpers for the Daily Gin tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

from games import services
from games.models import Match
from games.rules.gin import GinState, view_for
from tests.games.support import me, simple_policy

OPEN_DAY = date(2099, 6, 1)
"""A day still open whatever the real clock says: its seeds stay secret during the test."""
NOON = datetime(2099, 6, 1, 12, tzinfo=UTC)


def play_first_hand(match: Match, user, *, limit: int = 300) -> Match:
    """Play seat 0 with the simple policy until the first hand is over."""
    for n in range(limit):
        match.refresh_from_db()
        state = GinState.from_json(match.state)
        if state.history:
            return match
        services.do_act(
            match_id=match.pk,
            identity=me(user),
            version=match.version,
            client_id=f"d{n}",
            action=simple_policy(view_for(state, 0)),
        )
    raise AssertionError("the first hand did not end")
