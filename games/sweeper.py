"""The sweeper: the one process that enforces clocks (turn deadlines, rummy call windows,
the pace of tables of computers alone, room expiry, lost sockets).

With Redis, `manage.py run_sweeper` runs it beside the web processes.  With the in-memory
channel layer (one process), the web process runs it itself (`start_in_process`), since
that layer cannot carry its messages across processes.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from channels.db import database_sync_to_async
from django.utils import timezone

from common import metrics
from games import services, signals
from games.models import Match
from games.sweeper_lock import Lock

log = logging.getLogger(__name__)
INTERVAL = 1.0
EXPIRY_EVERY = timedelta(minutes=10)


def sweep_once(*, now: datetime, expire: bool = True) -> dict[str, int]:
    """Close every call window that ran out, play every overdue turn and every due action of
    a table of computers alone, uncount sockets lost with a dead process, and (when `expire`)
    expire idle rooms."""
    playing = Match.objects.filter(status=Match.Status.PLAYING)
    windows = dict(playing.filter(call_deadline__lte=now).values_list("pk", "call_deadline"))
    overdue = dict(playing.filter(turn_deadline__lte=now).values_list("pk", "turn_deadline"))
    metrics.SWEEPER_QUEUE.labels("call_windows").set(len(windows))
    metrics.SWEEPER_QUEUE.labels("timeouts").set(len(overdue))
    oldest = min([*windows.values(), *overdue.values()], default=now)
    metrics.SWEEPER_LAG.set((now - oldest).total_seconds())
    closed = _each(windows, services.do_close_call_window, now, "call window")
    played = _each(overdue, services.do_timeout, now, "timeout")
    due = playing.filter(bots_play_at__lte=now).values_list("pk", flat=True)
    stepped = _each(due, services.do_bot_step, now, "bot step")
    expired = services.do_expire_idle_rooms(now=now) if expire else 0
    released = services.do_release_lost_sockets(now=now)
    counts = {
        "calls_closed": closed,
        "timeouts": played,
        "bot_steps": stepped,
        "expired": expired,
        "released": released,
    }
    for receiver, answer in signals.swept.send_robust(None, now=now):  # other apps' clocks
        if isinstance(answer, Exception):  # an app's clock must not stop the others
            log.error("sweep receiver %s failed", receiver, exc_info=answer)
        elif isinstance(answer, dict):
            counts.update(answer)
    return counts


def _each(match_ids, change, now: datetime, what: str) -> int:
    done = 0
    for match_id in list(match_ids):
        try:
            done += change(match_id=match_id, now=now)
        except Exception:  # one broken match must not stop the clocks of every other
            log.exception("%s of match %s failed", what, match_id)
    return done


async def run_forever(*, interval: float = INTERVAL, lock: Lock | None = None) -> None:
    """Sweep every `interval` seconds; with a `lock`, only while holding it (the others
    stand by and try it as often, so one takes over within `interval` of the holder's death)."""
    last_expiry = None
    leading = True if lock is None else None  # None: not yet known, so the first try is logged
    while True:
        if lock is not None:
            holds = await database_sync_to_async(lock.hold)()
            if holds != leading:
                leading = holds
                metrics.SWEEPER_LEADING.set(int(holds))
                log.info("sweeper %s", "leading" if holds else "standing by")
            if not holds:
                await asyncio.sleep(interval)
                continue
        now = timezone.now()
        expire = last_expiry is None or now - last_expiry >= EXPIRY_EVERY
        try:
            with metrics.SWEEP_SECONDS.time():
                await database_sync_to_async(sweep_once)(now=now, expire=expire)
            if expire:
                last_expiry = now
        except Exception:
            log.exception("sweep failed")
        await asyncio.sleep(interval)


_task: asyncio.Task | None = None


def start_in_process() -> None:
    """Start the sweeper in this process's event loop, once."""
    global _task
    if _task is None:
        _task = asyncio.get_running_loop().create_task(run_forever())
