"""The arenas' part of the sweeper (registered in `ArenasConfig.ready`): schedules, pairing
every running arena, and closing the ones played out.

Each pairing pass tells an arena's sockets once when its games moved (tables made, matches
over): one standings read per pass and process, however many matches ended meanwhile, where a
message per finished match made a 200-player arena send its table to every socket several
times a second."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from arenas import selectors, services
from arenas.models import Arena
from games import broadcast

log = logging.getLogger(__name__)
PAIR_EVERY = timedelta(seconds=2)
"""The pairing interval: a player free this long is paired when another is free."""
SCHEDULE_EVERY = timedelta(minutes=1)

_last: dict[str, datetime] = {}
_progress: dict[int, tuple[int, int]] = {}


def _due(what: str, now: datetime, every: timedelta) -> bool:
    if what in _last and now - _last[what] < every:
        return False
    _last[what] = now
    return True


def on_sweep(sender, *, now: datetime, **kwargs) -> dict[str, int]:
    """After each sweep (the `swept` signal): schedules, pairing, closing."""
    return sweep_arenas(now)


def sweep_arenas(now: datetime) -> dict[str, int]:
    counts = {"arenas_made": 0, "tables": 0, "arenas_closed": 0}
    if _due("schedule", now, SCHEDULE_EVERY):
        counts["arenas_made"] = services.do_schedule_arenas(now=now)
    if _due("pair", now, PAIR_EVERY):
        for arena in Arena.objects.filter(closed=False, starts_at__lte=now):
            try:
                counts["tables"] += services.do_pair(arena_id=arena.pk, now=now)
            except Exception:  # one arena's failure must not stop the others' pairing
                log.exception("pairing arena %s failed", arena.pk)
            moved = selectors.progress(arena)
            if _progress.get(arena.pk) != moved:
                _progress[arena.pk] = moved
                broadcast.send_on_commit(services.arena_changed(arena_id=arena.pk))
        counts["arenas_closed"] = services.do_close_finished(now=now)
    return counts
