"""Site-wide presence: each player's open notification sockets, counted under the row's lock
(several tabs on several processes).  A count unseen for LOST_AFTER is not believed: its
process died with the sockets open (live sockets ping every 30 s)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.seating import LOST_AFTER
from social.models import Presence


def do_me_socket_opened(*, user_id: int) -> None:
    _count(user_id, +1)


def do_me_socket_closed(*, user_id: int) -> None:
    _count(user_id, -1)


def _count(user_id: int, step: int) -> None:
    now = timezone.now()
    with transaction.atomic():
        presence, _ = Presence.objects.select_for_update().get_or_create(user_id=user_id)
        believed = presence.sockets if presence.last_seen > now - LOST_AFTER else 0
        presence.sockets = max(0, believed + step)
        presence.last_seen = now
        presence.save(update_fields=["sockets", "last_seen"])


def do_touch_me(*, user_id: int) -> None:
    now = timezone.now()
    Presence.objects.filter(user_id=user_id, last_seen__lt=now - timedelta(seconds=10)).update(last_seen=now)
