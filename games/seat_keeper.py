"""The seats of a process's open table sockets, marked seen by the process, all at once.

A seat counting sockets must be seen within LOST_AFTER, or the sweeper takes its sockets' process
for dead and uncounts them (`services.do_release_lost_sockets`).  Each socket used to mark its
seats seen on the browser's pings, a database trip of its own for each; here each event loop
(a web process's) writes every seat of its counted table sockets in a statement or two every
TOUCH_EVERY, so a ping carries no database work, and a browser sending moves need not ping.  A
socket whose browser vanished without closing it is kept until Daphne's own pings find it dead
and close it, which is within a minute."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import Counter

from common.db import database_sync_to_async
from games import services
from games.identity import Identity

logger = logging.getLogger(__name__)

Holder = tuple[int, Identity]
"""(room id, identity): the seats an identity holds in a room."""


class SeatKeeper:
    """The holders of one event loop's counted table sockets (several tabs hold the same one
    several times), and the timer that marks their seats seen while there are any."""

    def __init__(self) -> None:
        self._held: Counter[Holder] = Counter()
        self._timer: asyncio.TimerHandle | None = None
        self._touching: asyncio.Future | None = None

    @property
    def holders(self) -> list[Holder]:
        return list(self._held)

    def hold(self, holder: Holder) -> None:
        self._held[holder] += 1
        if self._timer is None:
            self._schedule()

    def release(self, holder: Holder) -> None:
        self._held[holder] -= 1
        if self._held[holder] <= 0:
            del self._held[holder]
        if not self._held and self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _schedule(self) -> None:
        self._timer = asyncio.get_running_loop().call_later(services.TOUCH_EVERY.total_seconds(), self._due)

    def _due(self) -> None:
        self._schedule()  # held sockets still: the next round, whatever this one does
        if self._touching is not None and not self._touching.done():
            return  # the database is slow: one round at a time
        self._touching = asyncio.ensure_future(self._touch(self.holders))

    async def _touch(self, holders: list[Holder]) -> None:
        try:
            await database_sync_to_async(services.do_touch_seats)(holders=holders)
        except Exception:  # the next round tries again, well within LOST_AFTER
            logger.exception("marking %d table sockets' seats seen failed", len(holders))


_keepers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, SeatKeeper] = weakref.WeakKeyDictionary()


def seat_keeper() -> SeatKeeper:
    """The running event loop's keeper."""
    loop = asyncio.get_running_loop()
    keeper = _keepers.get(loop)
    if keeper is None:
        keeper = _keepers[loop] = SeatKeeper()
    return keeper
