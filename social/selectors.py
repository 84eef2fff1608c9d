"""Reads: friends and where they are, challenges waiting, notifications as each reader sees them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import User
from accounts.selectors import blocked_either_way
from games.models import Room, Seat
from games.seating import LOST_AFTER, is_connected
from social.kinds import KINDS
from social.models import Challenge, Friendship, Notification, NotificationPreference, Presence

RECENT = 20  # notifications the bell and its page show


def preferences(*, user_id: int) -> list[tuple[str, str, bool]]:
    """(kind, label, enabled) for every kind."""
    chosen = dict(NotificationPreference.objects.filter(user_id=user_id).values_list("kind", "enabled"))
    return [(k.slug, str(k.label), chosen.get(k.slug, k.default)) for k in KINDS.values()]


def friendship_between(a: int, b: int) -> Friendship | None:
    return Friendship.objects.filter(Q(sender_id=a, receiver_id=b) | Q(sender_id=b, receiver_id=a)).first()


@dataclass(frozen=True)
class Friend:
    user: User
    online: bool
    room_url: str | None  # the public table they are at
    playing: bool  # at a table (public or private)


def friends(*, user: User) -> list[Friend]:
    """The player's friends, online first, each with the table it is at (a private table only as
    "playing")."""
    rows = Friendship.objects.filter(Q(sender=user) | Q(receiver=user), accepted_at__isnull=False)
    ids = {r.receiver_id if r.sender_id == user.pk else r.sender_id for r in rows} - blocked_either_way(
        user.pk
    )
    people = User.objects.filter(pk__in=ids).order_by("display_name", "username")
    seen_since = timezone.now() - LOST_AFTER
    socket_open = set(
        Presence.objects.filter(user_id__in=ids, sockets__gt=0, last_seen__gte=seen_since).values_list(
            "user_id", flat=True
        )
    )
    live = [Room.State.OPEN, Room.State.PLAYING]
    tables: dict[int, Seat] = {}
    for seat in Seat.objects.filter(user_id__in=ids, sockets__gt=0, room__state__in=live).select_related(
        "room"
    ):
        if is_connected(seat) and (seat.user_id not in tables or not seat.room.is_private):
            tables[seat.user_id] = seat
    out = []
    for person in people:
        seat = tables.get(person.pk)
        public = seat is not None and not seat.room.is_private
        out.append(
            Friend(
                user=person,
                online=person.pk in socket_open or seat is not None,
                room_url=reverse("games:room", args=[seat.room.code]) if public and seat else None,
                playing=seat is not None,
            )
        )
    return sorted(out, key=lambda f: not f.online)


def incoming_requests(*, user: User) -> list[Friendship]:
    return list(Friendship.objects.filter(receiver=user, accepted_at=None).select_related("sender"))


def outgoing_requests(*, user: User) -> list[Friendship]:
    return list(Friendship.objects.filter(sender=user, accepted_at=None).select_related("receiver"))


def open_challenges(*, user: User) -> list[Challenge]:
    """Pending and not yet expired, sent or received."""
    return list(
        Challenge.objects.filter(
            Q(challenger=user) | Q(challenged=user),
            status=Challenge.Status.PENDING,
            expires_at__gt=timezone.now(),
        ).select_related("challenger", "challenged", "ruleset")
    )


def unread_count(*, user_id: int) -> int:
    return Notification.objects.filter(user_id=user_id, read_at=None).count()


def recent(*, user_id: int) -> list[Notification]:
    return list(Notification.objects.filter(user_id=user_id).select_related("challenge")[:RECENT])


def render(notification: Notification, language: str) -> dict[str, Any]:
    """A notification as the bell and the socket show it, in `language`."""
    params = dict(notification.params)
    if language == "es" and "game_es" in params:
        params["game"] = params["game_es"]
    with translation.override(language):
        text = str(KINDS[notification.kind].message) % params if notification.kind in KINDS else ""
    challenge = notification.challenge
    pending = (
        challenge is not None
        and challenge.status == Challenge.Status.PENDING
        and challenge.expires_at > timezone.now()
    )
    return {
        "id": notification.pk,
        "kind": notification.kind,
        "text": text,
        "url": notification.url,
        "created_at": notification.created_at.isoformat(),
        "read": notification.read_at is not None,
        "challenge": {"id": challenge.pk, "expires_at": challenge.expires_at.isoformat()}
        if pending and challenge
        else None,
    }


def socket_frame(*, user_id: int, language: str, notification_id: int | None = None, kind: str = "") -> dict:
    """What a player's socket sends when its notifications changed: the unread count and the
    new entry (by id, or the newest of `kind`)."""
    entries = Notification.objects.filter(user_id=user_id).select_related("challenge")
    entry = (
        entries.filter(pk=notification_id).first()
        if notification_id is not None
        else entries.filter(kind=kind).first()
        if kind
        else None
    )
    return {
        "type": "notifications",
        "unread": unread_count(user_id=user_id),
        "new": render(entry, language) if entry is not None else None,
    }
