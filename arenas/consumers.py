"""The arena page's socket: the live standings for everyone, and for a player who joined,
their own pairing ("your game starts").  A joined player's open sockets count as presence:
only a connected player is paired."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from django.utils import timezone

from arenas import selectors, services
from arenas.models import Arena
from common.db import database_sync_to_async
from games.consumers import JsonConsumer


class ArenaConsumer(JsonConsumer):
    arena: Arena | None = None
    counted = False

    async def connect(self):
        # Accepted first: Daphne refuses a handshake not accepted within 5 s (HTTP 403), and a
        # busy server's database reads must not cost the socket.
        await self.accept()
        self.arena = await database_sync_to_async(
            Arena.objects.filter(pk=self.scope["url_route"]["kwargs"]["pk"]).first
        )()
        if self.arena is None:
            await self.close(code=4404)
            return
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        self.room: str | None = None
        await self.channel_layer.group_add(services.arena_group(arena_id=self.arena.pk), self.channel_name)
        self.joined_at = time.monotonic()  # news sent before this never reaches this socket
        if self.user_id is not None:
            await database_sync_to_async(services.do_arena_socket)(
                arena=self.arena, user_id=self.user_id, step=1
            )
            self.counted = True
        await self.arena_changed({"since": self.joined_at})

    async def disconnect(self, code):
        if self.arena is None:
            return
        await self.channel_layer.group_discard(
            services.arena_group(arena_id=self.arena.pk), self.channel_name
        )
        if self.counted:
            self.counted = False
            await database_sync_to_async(services.do_arena_socket)(
                arena=self.arena, user_id=self.user_id, step=-1
            )

    async def receive(self, text_data=None, bytes_data=None):
        try:
            kind = json.loads(text_data or "").get("type")
        except (ValueError, AttributeError):
            kind = None
        if kind != "ping":
            await self.send_error("bad_message", "The arena socket takes only pings.")
            return
        if self.counted:
            await database_sync_to_async(services.do_arena_socket)(
                arena=self.arena, user_id=self.user_id, step=0
            )
        await self.send_json({"type": "pong"})

    async def arena_changed(self, event):
        text, rooms = await _shared_read(self.arena.pk, event.get("change"), since=event.get("since"))
        await self.send(text_data=text)
        if self.user_id is None:
            return
        if not self.counted and self.user_id in rooms:  # joined after opening the page
            self.counted = True
            await database_sync_to_async(services.do_arena_socket)(
                arena=self.arena, user_id=self.user_id, step=1
            )
        room = rooms.get(self.user_id)
        if room != self.room:
            self.room = room
            await self.send_json({"type": "pairing", "room": room})


Read = tuple[str, dict[int, str | None]]
_reads: dict[int, tuple[str | None, float, asyncio.Future]] = {}
"""arena -> the last change, when its read began and the read, shared by this process's
sockets: the standings frame, and each joined player's running table (None: free)."""


async def _shared_read(arena_id: int, change: str | None, *, since: float | None = None) -> Read:
    """The read made for `change`.  A socket opening (no change) takes the latest read only if
    it began after the socket joined the group (`since`): news sent before that went to the
    group without it, so an older read may miss it."""
    last = _reads.get(arena_id)
    stale = last is None or (last[0] != change if change is not None else last[1] < (since or 0.0))
    if stale:
        read = asyncio.ensure_future(database_sync_to_async(_read)(arena_id))
        last = _reads[arena_id] = (change, time.monotonic(), read)
    return await asyncio.shield(last[2])  # one socket closing does not cancel the others' read


def _read(arena_id: int) -> Read:
    arena = Arena.objects.select_related("ruleset").get(pk=arena_id)
    payload: dict[str, Any] = selectors.standings_payload(arena, now=timezone.now())
    rooms: dict[int, str | None] = {line["user_id"]: None for line in payload["lines"]}
    rooms.update(selectors.running_rooms(arena))
    return json.dumps(payload), rooms
