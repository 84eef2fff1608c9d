"""The per-user socket (`/ws/me/`): every page of a signed-in player opens one.  It counts for
site-wide presence, brings notifications and challenges live, and takes the answers.
Protocol: docs/protocol.md."""

from __future__ import annotations

import logging
import time

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from common.db import database_sync_to_async
from games.consumers import JsonConsumer
from games.flood import FloodGuard, Verdict
from social import broadcast, commands, selectors, services

logger = logging.getLogger(__name__)


class MeConsumer(JsonConsumer):
    counted = False

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4403)
            return
        self.user = user
        self.language = user.language or self.requested_language()
        self.flood = FloodGuard(now=time.monotonic())
        await self.accept()
        for group in (broadcast.user_group(user.pk), broadcast.EVERYONE_GROUP):
            await self.channel_layer.group_add(group, self.channel_name)
        await database_sync_to_async(services.do_me_socket_opened)(user_id=user.pk)
        self.counted = True
        await self._send_notifications()

    async def disconnect(self, code):
        if not hasattr(self, "user"):
            return
        for group in (broadcast.user_group(self.user.pk), broadcast.EVERYONE_GROUP):
            await self.channel_layer.group_discard(group, self.channel_name)
        if self.counted:
            self.counted = False
            await database_sync_to_async(services.do_me_socket_closed)(user_id=self.user.pk)

    async def receive(self, text_data=None, bytes_data=None):
        verdict = self.flood.check(time.monotonic())
        if verdict is Verdict.CLOSE:
            await self.close(code=4008)
            return
        if verdict is not Verdict.PASS:
            if verdict is Verdict.DROP_AND_TELL:
                await self.send_error(
                    "rate_limited", "Too many frames: the next ones are dropped for a while."
                )
            return
        try:
            command = commands.parse(text_data)
        except commands.BadFrame as bad:
            await self.send_error("bad_frame", bad.message)
            return
        try:
            await self._run(command)
        except services.ServiceError as error:
            await self.send_error(error.code, error.message)

    async def _run(self, command: commands.Command) -> None:
        user_id = self.user.pk
        match command:
            case commands.Ping():
                await database_sync_to_async(services.do_touch_me)(user_id=user_id)
                await self.send_json({"type": "pong"})
            case commands.Read(ids=ids):
                await database_sync_to_async(services.do_mark_read)(user_id=user_id, ids=ids)
                await self._send_notifications()
            case commands.Answer(challenge=challenge_id, accept=accept):
                await database_sync_to_async(self._answer)(challenge_id, accept)
            case commands.Rematch(room=code):
                challenge = await database_sync_to_async(self._rematch)(code)
                await self.send_json({"type": "challenge.sent", "id": challenge, "text": self._t("sent")})

    def _answer(self, challenge_id: int, accept: bool) -> None:
        with translation.override(self.language):
            services.do_answer_challenge(user=self.user, challenge_id=challenge_id, accept=accept)

    def _rematch(self, code: str) -> int:
        with translation.override(self.language):
            return services.do_challenge_rematch(user=self.user, room_code=code).pk

    def _t(self, status: str) -> str:
        with translation.override(self.language):
            return str(CHALLENGE_NEWS[status])

    async def _send_notifications(self, **which) -> None:
        frame = await database_sync_to_async(selectors.socket_frame)(
            user_id=self.user.pk, language=self.language, **which
        )
        await self.send_json(frame)

    # --- channel-layer messages ----------------------------------------------------------

    async def notification_new(self, event):
        await self._send_notifications(notification_id=event["id"])

    async def notification_kind(self, event):
        await self._send_notifications(kind=event["kind"])

    async def challenge_closed(self, event):
        status = event["status"]
        await self.send_json(
            {"type": "challenge", "id": event["id"], "status": status, "text": self._t(status)}
        )

    async def challenge_opened(self, event):
        await self.send_json({"type": "go", "id": event["id"], "url": event["url"]})


CHALLENGE_NEWS = {
    "sent": _("Challenge sent: it waits three minutes for an answer."),
    "declined": _("The challenge was declined."),
    "expired": _("The challenge expired."),
    "cancelled": _("The challenge was withdrawn."),
}
