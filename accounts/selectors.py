"""Reads about players and what stands between them."""

from __future__ import annotations

from django.db import connection
from django.db.models import Q

from accounts.models import Block


def is_blocked_between(a: int | None, b: int | None) -> bool:
    """Whether either player (by id) blocks the other; a guest (None) is never blocked."""
    if a is None or b is None or a == b:
        return False
    return Block.objects.filter(Q(blocker_id=a, blocked_id=b) | Q(blocker_id=b, blocked_id=a)).exists()


def blocked_either_way(user_id: int | None) -> set[int]:
    """The ids of the players `user_id` blocks or is blocked by."""
    if user_id is None:
        return set()
    with connection.cursor() as cursor:  # written out: every table socket's opening asks
        cursor.execute(_BLOCKS_EITHER_WAY, [user_id, user_id])
        return {other for pair in cursor.fetchall() for other in pair if other != user_id}


_BLOCKS_EITHER_WAY = (
    f"SELECT blocker_id, blocked_id FROM {Block._meta.db_table} WHERE blocker_id = %s OR blocked_id = %s"
)
