"""The arenas' part of the sweeper (registered in `ArenasConfig.ready`): schedules, pairing
every running arena, and closing the ones played out."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from arenas import services
from arenas.models import Arena

log = logging.getLogger(__name__)
PAIR_EVERY = timedelta(seconds=2)
"""The pairing interval: a player free this long is paired when another is free."""
SCHEDULE_EVERY = timedelta(minutes=1)

_last: dict[str, datetime] = {}


def _due(what: str, now: datetime, every: timedelta) -> bool:
    if what in _last and now - _last[what] < every:
        return False
    _last[what] = now
    return True


def sweep_arenas(now: datetime) -> dict[str, int]:
    counts = {"arenas_made": 0, "tables": 0, "arenas_closed": 0}
    if _due("schedule", now, SCHEDULE_EVERY):
        counts["arenas_made"] = services.do_schedule_arenas(now=now)
    if _due("pair", now, PAIR_EVERY):
        running = Arena.objects.filter(closed=False, starts_at__lte=now).values_list("pk", flat=True)
        for arena_id in running:
            try:
                counts["tables"] += services.do_pair(arena_id=arena_id, now=now)
            except Exception:  # one arena's failure must not stop the others' pairing
                log.exception("pairing arena %s failed", arena_id)
        counts["arenas_closed"] = services.do_close_finished(now=now)
    return counts
