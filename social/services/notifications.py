"""Bell entries: stored, then sent live on commit; read; a preference per kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from common.errors import ServiceError
from games.signals import Write
from social import broadcast
from social.kinds import KINDS
from social.models import Challenge, Notification, NotificationPreference


def do_notify(
    *,
    user_id: int,
    kind: str,
    params: dict[str, Any],
    url: str = "",
    key: str = "",
    challenge: Challenge | None = None,
) -> int | None:
    """Store a notification and send it to the player's sockets on commit; its id, or None
    when the player turned the kind off.  The entry with the same `key`, read or not, is
    refreshed instead, unread again."""
    if kind not in KINDS:
        raise ServiceError("bad_kind", f"No notification kind {kind!r}.")
    notification_id = _store(
        user_id=user_id,
        kind=kind,
        params=params,
        url=url,
        key=key,
        challenge_id=challenge.pk if challenge else None,
    )
    if notification_id is not None:
        broadcast.send_on_commit([broadcast.notified(user_id, notification_id)])
    return notification_id


_WANTED = "COALESCE((SELECT enabled FROM social_notificationpreference WHERE user_id = %s AND kind = %s), %s)"
"""The player has the kind on (its preference, else the kind's default); its values: `_wanted`."""


def _wanted(user_id: int, kind: str) -> list[Any]:
    return [user_id, kind, KINDS[kind].default]


def _now() -> Any:
    return Notification._meta.get_field("created_at").get_db_prep_value(timezone.now(), connection)


def _returned_id(sql: str, values: list[Any]) -> int | None:
    """The id a `... RETURNING id` statement gave, or None when it touched no row."""
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        row = cursor.fetchone()
    return row[0] if row else None


# One statement reads the preference and inserts, or refreshes the entry with the same key,
# unread again (the unique index one_notification_per_key): "your turn" comes on every turn of
# a person with the table open, where the ORM's preference read, savepoint, locking read and
# update made a move cost 1.6-1.8 times its CPU (docs/benchmarks.md, "Your turn").
_INSERT = (
    'INSERT INTO social_notification (user_id, kind, params, url, "key", challenge_id, created_at)'
    " SELECT %s, %s, %s, %s, %s, CAST(%s AS bigint), %s"
    f" WHERE {_WANTED}"
)
_REFRESH = (
    ' ON CONFLICT (user_id, "key") WHERE NOT ("key" = \'\')'
    " DO UPDATE SET kind = excluded.kind, params = excluded.params, url = excluded.url,"
    " challenge_id = excluded.challenge_id, created_at = excluded.created_at, read_at = NULL"
)


def _store(
    *, user_id: int, kind: str, params: dict[str, Any], url: str, key: str, challenge_id: int | None
) -> int | None:
    params_value = Notification._meta.get_field("params").get_db_prep_value(params, connection)
    values = [user_id, kind, params_value, url, key, challenge_id, _now(), *_wanted(user_id, kind)]
    return _returned_id(_INSERT + (_REFRESH if key else "") + " RETURNING id", values)


_NOTIFY_AGAIN = (
    "UPDATE social_notification SET created_at = %s, read_at = NULL"
    " WHERE user_id = %s AND \"key\" = %s AND kind = %s AND params ->> 'subject' = %s"
    f" AND {_WANTED} RETURNING id"
)


def notify_again(*, user_id: int, kind: str, key: str, subject: str, otherwise: Callable[[], None]) -> Write:
    """The statement that refreshes the player's entry with `key`, unread again, if its
    `params["subject"]` is `subject`, and sends it live on commit; when it refreshed none (no
    such entry, or the kind is turned off), `otherwise` is called once the caller's transaction
    commits: the caller then makes it with `do_notify`.  One statement, for an entry that comes
    back all the time ("your turn"), whose link and text need not be made again while its
    subject (who the opponents are) stays the same; it goes in the caller's round trip (a
    `turn_started` answer), which may carry the caller's COMMIT too.  An `otherwise` that fails
    is logged: the move it follows stands."""

    def then(rows: list[tuple[Any, ...]]) -> None:
        if rows:
            broadcast.send_on_commit([broadcast.notified(user_id, rows[0][0])])
        else:
            transaction.on_commit(otherwise, robust=True)

    return Write(_NOTIFY_AGAIN, [_now(), user_id, key, kind, subject, *_wanted(user_id, kind)], then)


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
