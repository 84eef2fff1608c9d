"""What goes on the wire: each seat's frame and the spectators' (services, selectors and
moderation send or show the same)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from games.adapters import adapter
from games.models import Match


def seeds_secret(match: Match) -> bool:
    return match.seeds_secret_until is not None and timezone.now() < match.seeds_secret_until


def game_payload(match: Match, state: Any, seat: int | None, *, events: list | None = None) -> dict[str, Any]:
    """What a seat's socket receives: its own view of the match, at this version, with only
    the last finished hand's record in `view["history"]`.

    Calling (rummy): `call_deadline` and `call_seconds` (left when the frame was made) say how
    long the fresh discard may still be called; outside that window the view offers no call.
    """
    # The table shows the last finished hand's record; every record made each frame of a long
    # match heavier (13 KB at the twentieth gin hand).  The replay page has them all.
    view = adapter(match.family).view_for(state, seat, reveal_seeds=not seeds_secret(match), history=1)
    until = match.call_deadline
    left = (until - timezone.now()).total_seconds() if until else 0.0
    if view.get("callable") and left <= 0:
        view["callable"] = False
        view["legal_actions"] = [a for a in view["legal_actions"] if a["type"] != "call"]
    return {
        "type": "state",
        "match": match.pk,
        "version": match.version,
        "status": match.status,
        "end_reason": match.end_reason,
        "winner_seat": match.winner_seat,
        "deadline": match.turn_deadline.isoformat() if match.turn_deadline else None,
        "call_deadline": until.isoformat() if left > 0 else None,
        "call_seconds": round(left, 1) if left > 0 else None,
        "view": view,
        "events": events or [],
    }
