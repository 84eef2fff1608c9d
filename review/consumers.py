"""The review page's socket (`/ws/review/<match>/`): the review's progress as the worker reports
it, then the finished review, to the match's own player only.

Who may listen is checked on connect and again before each frame goes out (the seat is read
afresh), so a socket never carries another player's review."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from common.db import database_sync_to_async
from games.consumers import JsonConsumer
from games.identity import Identity, identity_of
from games.models import Match
from review import selectors
from review.progress import group_of


class ReviewConsumer(JsonConsumer):
    """Listens only: frames from the page are ignored."""

    kind = "review"
    group = ""

    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.identity = identity_of(self.scope.get("user"), self.scope.get("session"))
        user = self.scope.get("user")
        self.language = (user is not None and getattr(user, "language", "")) or self.requested_language()
        self.seat = await database_sync_to_async(_seat)(self.match_id, self.identity)
        if self.seat is None:
            await self.close(code=4403)
            return
        await self.accept()
        self.group = group_of(self.match_id, self.seat)
        await self.channel_layer.group_add(self.group, self.channel_name)  # before the state is read
        await self._send_status(None)

    async def disconnect(self, code):
        await self._leave()

    async def review_progress(self, event):
        if self.group:  # not after the seat was lost: frames already queued go no further
            await self._send_status(event)

    async def _send_status(self, event: dict[str, Any] | None) -> None:
        frame = await database_sync_to_async(self._frame)(event)
        if frame is None:
            await self._leave()
            await self.close(code=4403)
            return
        await self.send_json(frame)

    async def _leave(self) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            self.group = ""

    def _frame(self, event: dict[str, Any] | None) -> dict[str, Any] | None:
        """The frame for the worker's `event` (None: the state now), or None if this socket's
        identity no longer holds the seat."""
        match = Match.objects.select_related("room").filter(pk=self.match_id).first()
        if match is None or selectors.own_seat(match, self.identity) != self.seat:
            return None
        review = selectors.stored_review(match, self.seat)
        if review is None:
            status = selectors.status_of(match, self.seat) if event is None else event
            return {
                "type": "review",
                "state": status["state"],
                "done": status["done"],
                "total": status["total"],
            }
        with translation.override(self.language):
            html = render_to_string("review/_result.html", selectors.result_context(review))
        return {"type": "review", "state": "done", "html": html}


def _seat(match_id: int, identity: Identity) -> int | None:
    match = Match.objects.select_related("room").filter(pk=match_id).first()
    return None if match is None else selectors.own_seat(match, identity)
