"""The sweeper: the one process that enforces clocks (turn deadlines, room expiry).

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

from games import services
from games.models import Match

log = logging.getLogger(__name__)
INTERVAL = 1.0
EXPIRY_EVERY = timedelta(minutes=10)


def sweep_once(*, now: datetime, expire: bool = True) -> dict[str, int]:
    """Play every overdue turn, and (when `expire`) expire idle rooms."""
    overdue = Match.objects.filter(status=Match.Status.PLAYING, turn_deadline__lte=now).values_list(
        "pk", flat=True
    )
    played = 0
    for match_id in list(overdue):
        try:
            played += services.do_timeout(match_id=match_id, now=now)
        except Exception:  # one broken match must not stop the clocks of every other
            log.exception("timeout of match %s failed", match_id)
    expired = services.expire_idle_rooms(now=now) if expire else 0
    return {"timeouts": played, "expired": expired}


async def run_forever(*, interval: float = INTERVAL) -> None:
    last_expiry = None
    while True:
        now = timezone.now()
        expire = last_expiry is None or now - last_expiry >= EXPIRY_EVERY
        try:
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
