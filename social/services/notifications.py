"""Bell entries: stored, then sent live on commit; read; a preference per kind."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from common.errors import ServiceError
from social import broadcast
from social.kinds import KINDS
from social.models import Challenge, Notification, NotificationPreference
from social.selectors import wants


def do_notify(
    *,
    user_id: int,
    kind: str,
    params: dict[str, Any],
    url: str = "",
    key: str = "",
    challenge: Challenge | None = None,
) -> Notification | None:
    """Store a notification and send it to the player's sockets on commit; None when the player
    turned the kind off.  An unread entry with the same `key` is refreshed instead."""
    if kind not in KINDS:
        raise ServiceError("bad_kind", f"No notification kind {kind!r}.")
    if not wants(user_id=user_id, kind=kind):
        return None
    with transaction.atomic():
        fields = {
            "kind": kind,
            "params": params,
            "url": url,
            "challenge": challenge,
            "created_at": timezone.now(),
        }
        if key:
            notification, _ = Notification.objects.update_or_create(
                user_id=user_id, key=key, read_at=None, defaults=fields
            )
        else:
            notification = Notification.objects.create(user_id=user_id, **fields)
        broadcast.send_on_commit([broadcast.notified(user_id, notification.pk)])
    return notification


def do_mark_read(*, user_id: int, ids: list[int] | None = None) -> int:
    """Mark the player's notifications `ids` (None: all) read; returns how many changed."""
    unread = Notification.objects.filter(user_id=user_id, read_at=None)
    if ids is not None:
        unread = unread.filter(pk__in=ids)
    return unread.update(read_at=timezone.now())


def do_set_preferences(*, user_id: int, enabled: dict[str, bool]) -> None:
    """Turn kinds on or off; an unknown kind is refused and nothing is stored."""
    if not set(enabled) <= set(KINDS) or not all(isinstance(v, bool) for v in enabled.values()):
        raise ServiceError("bad_preference", "Unknown notification kind.")
    with transaction.atomic():
        for kind, on in enabled.items():
            NotificationPreference.objects.update_or_create(
                user_id=user_id, kind=kind, defaults={"enabled": on}
            )
